"""King's Champion arithmetic: Morale from Bravery Tokens, the end of the game and its
tie-breakers.  Pure functions over values.
"""

from __future__ import annotations

from collections.abc import Iterable

from tabletop.games.joust.state import (
    BASE_MORALE,
    MORALE_BY_TOKEN,
    ROUNDS,
    Household,
    JoustState,
)


def token_morale(existing: Iterable[str], colour: str) -> int:
    """The Morale one more ``colour`` Bravery Token earns on a Knight already holding
    ``existing`` tokens: 3/2/1 for the 1st/2nd/3rd white, 2/1 green, 1 red, then 0.
    Rulebook, *Morale*."""
    count = sum(1 for c in existing if c == colour)
    table = MORALE_BY_TOKEN[colour]
    return table[count] if count < len(table) else 0


def tokens_morale(tokens: Iterable[str]) -> int:
    """The Morale a Knight's tokens earned, placed one after another."""
    placed: list[str] = []
    total = 0
    for colour in tokens:
        total += token_morale(placed, colour)
        placed.append(colour)
    return total


def starting_morale(house: Household) -> int:
    """The base Morale of twelve plus the Morale of every Bravery Token on the Knights
    (rulebook, *Morale*: one white and two green tokens give 19)."""
    return BASE_MORALE + sum(tokens_morale(k.tokens) for k in house.knights)


def winner(state: JoustState) -> tuple[str | None, str] | None:
    """``(winner or None for a tie, why)`` once the game is decided, else ``None``.

    Rulebook, *Winning The Game*: a Household at 0 Morale loses; after round 6 the most Morale
    wins, then the most Knights promoted, then the most Reputation spent, else a tie.  When
    both Households reach 0 in the same joust, the tie-breakers decide (our reading).
    """
    a, b = state.households
    broken = [h for h in (a, b) if h.morale <= 0]
    if len(broken) == 1:
        loser = broken[0]
        return state.rival(loser.name).name, f"House {loser.name}'s Morale is broken"
    if not broken and not (state.phase == "over" and state.round >= ROUNDS):
        return None
    why_start = ("both Households' Morale broke in the same joust" if broken
                 else "after round 6")
    for label, key in (("Morale", lambda h: h.morale),
                       ("Knights promoted", lambda h: h.promoted()),
                       ("Reputation spent", lambda h: h.reputation_spent)):
        if key(a) != key(b):
            best = a if key(a) > key(b) else b
            return best.name, (f"{why_start}, the most {label} ({a.name} {key(a)}, "
                               f"{b.name} {key(b)})")
    return None, (f"{why_start}, equal Morale ({a.morale}), Knights promoted ({a.promoted()}) "
                  f"and Reputation spent ({a.reputation_spent})")
