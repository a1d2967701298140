"""Small Clash boards written as text for the rules tests (a reader sees the position)."""

from __future__ import annotations

from tabletop.games.clash.state import ClashState
from tabletop.games.layouts import loads


def board(text: str) -> ClashState:
    """The state of a Clash layout given as TOML text (``game = "clash"`` added)."""
    game, state = loads('game = "clash"\n' + text, "<test>")
    assert game.name == "clash"
    return state


# Two boards the Monster activation is played on, in the window and without it: a Boss whose
# shortest way to the furthest Knight zig-zags past another, and two Mobs with Knights at
# range 1 and 3.
ZIGZAG = """
game = "clash"
title = "zig-zag"
[board]
rows = 8
cols = 12
[[knights]]
name = "Ser Sonch"
at = "B8"
[[knights]]
name = "Kara"
at = "D5"
[[monsters]]
name = "Egg"
type = "boss"
at = "D2"
size = 2
facing = "east"
[turn]
phase = "monster"
"""

FIGHT = """
game = "clash"
title = "fight"
[board]
rows = 8
cols = 10
[[knights]]
name = "Kara"
at = "C3"
[[knights]]
name = "Odo"
at = "C7"
[[monsters]]
name = "Gob"
type = "mob"
at = "C4"
facing = "west"
[[monsters]]
name = "Imp"
type = "mob"
at = "D2"
facing = "north"
"""
