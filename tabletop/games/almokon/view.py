"""What one player may see (hidden information, boardgame.io's ``playerView``).

Rulebook: a hand is its owner's alone, and every deck's order is secret from everyone (decks
are shuffled; *Scout* "Look at the top X cards of your deck" is for the chooser only, and so is
*Foresee*).  Hidden cards become ``""`` (the view draws a card back), so counts stay visible.
The shuffle seed is hidden too: with it, anyone could work out the order of future shuffles.
"""

from __future__ import annotations

from dataclasses import replace

from tabletop.games.almokon.state import AlmokonState

HIDDEN = ""
"""A face-down card in a view (and in a public layout)."""
PUBLIC_VIEW = "public"
"""``view = "public"`` in a layout: the public view of a board, ``""`` for each face-down
card; it loads as a board that cannot be played on."""


def view_for(state: AlmokonState, viewer: str | int | None) -> AlmokonState:
    """``state`` as player ``viewer`` (a name or an index) sees it; ``None``: an onlooker, who
    sees no hand.  Decks are face down for everyone."""
    index = state.player_index(viewer) if isinstance(viewer, str) else viewer
    players = tuple(replace(p, deck=(HIDDEN,) * len(p.deck),
                            hand=p.hand if i == index else (HIDDEN,) * len(p.hand))
                    for i, p in enumerate(state.players))
    choice = state.choice
    if choice is not None and choice.player != index and choice.kind in ("scout", "foresee"):
        choice = replace(choice, options=(HIDDEN,) * len(choice.options))
    return replace(state, players=players, choice=choice, seed=0)


def acting(state: AlmokonState) -> str | None:
    """The player who must decide now (*Turn Structure*: the active player, or the one who
    may respond or must choose), whose hand is on show; ``None`` once the game is won."""
    if state.winner or is_partial(state):
        return None
    return state.players[state.to_act].name


def is_partial(state: AlmokonState) -> bool:
    """Whether ``state`` is a view with face-down cards (a public picture reopened), which
    cannot be played on."""
    choice = state.choice
    return any(HIDDEN in p.hand or HIDDEN in p.deck for p in state.players) or (
        choice is not None and HIDDEN in choice.options)
