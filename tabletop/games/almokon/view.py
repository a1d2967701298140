"""What one player may see (hidden information, boardgame.io's ``playerView``).

Hands are secret from the other player and every deck's order from everyone; Scout's and
Foresee's looks at the top of a deck are for the chooser only.  Hidden cards become ``""``
(the view draws a card back), so counts stay visible.
"""

from __future__ import annotations

from dataclasses import replace

from tabletop.games.almokon.state import AlmokonState

HIDDEN = ""


def view_for(state: AlmokonState, viewer: int | None) -> AlmokonState:
    """``state`` as player ``viewer`` sees it (``None``: an onlooker who sees no hand)."""
    players = tuple(replace(p, deck=(HIDDEN,) * len(p.deck),
                            hand=p.hand if index == viewer else (HIDDEN,) * len(p.hand))
                    for index, p in enumerate(state.players))
    choice = state.choice
    if choice is not None and choice.player != viewer and choice.kind in ("scout", "foresee"):
        choice = replace(choice, options=(HIDDEN,) * len(choice.options))
    return replace(state, players=players, choice=choice)
