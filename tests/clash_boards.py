"""Small Clash boards written as text for the rules tests (a reader sees the position)."""

from __future__ import annotations

from tabletop.games.clash.state import ClashState
from tabletop.games.layouts import loads


def board(text: str) -> ClashState:
    """The state of a Clash layout given as TOML text (``game = "clash"`` added)."""
    game, state = loads('game = "clash"\n' + text, "<test>")
    assert game.name == "clash"
    return state
