"""What the party may see of the Kingdom table (hidden information).

Kingdoms Forlorn is played together against the game, so nothing is hidden from one player
and shown to another: what is hidden is hidden from everyone.  Rulebook, *Kingdom Setup*: the
Kingdom tiles wait "face down within reach", tiles laid by a path go down "face down", and
the Exploration deck is shuffled; *The Deep Fog*: the Deep Fog deck lies "face down on the
table".  So the public view knows of a face-down tile (or one still in the box) only its back
(size, district, Time, Threat, Clues, Fog Intensity), and of each deck only how many cards it
holds.  Deep Fog cards flipped face down by a Course Correct were revealed before (*Course
Correct*) and stay known.
"""

from __future__ import annotations

from dataclasses import replace

from tabletop.games.kingdom.state import KingdomState


def view_for(state: KingdomState, player: str | None = None) -> KingdomState:
    """``state`` as the party (any player, or an onlooker) sees it: the fronts of face-down
    and boxed tiles (name, paths, Cipher half, Point of Interest) unknown, and the listed
    cards of both decks turned into unlisted ones (the counts stay).  ``player`` makes no
    difference (the game is cooperative)."""
    tiles = tuple(t if t.status in ("explored", "revealed") else
                  replace(t, name="", paths=(), cipher="", poi="") for t in state.tiles)
    hidden = any(t != v for t, v in zip(state.tiles, tiles, strict=True)) or bool(
        state.exploration_cards or state.fog_deck)
    return replace(state, tiles=tiles, exploration_cards=(),
                   exploration=state.exploration + len(state.exploration_cards),
                   fog_deck=(), fog_unlisted=state.fog_unlisted + len(state.fog_deck),
                   public=state.public or hidden)


def acting(state: KingdomState) -> None:
    """Nobody: every player may see what any player sees (a cooperative game)."""
    return None


def is_partial(state: KingdomState) -> bool:
    """Whether ``state`` is the public view of a table (a public picture reopened), whose
    face-down tile fronts are unknown: it cannot be played on."""
    return state.public
