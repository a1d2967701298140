"""Deck legality (rulebook *Deck Building*): Monarch and Capitol of one faction, exactly 40
playable cards, the Pentagram of Power, Foreigner slots, Loyal and Unique, and the Bicara
Township and Rahasa exceptions.

A player's deck is every card they own wherever it is now (hand, deck, discard, in play,
attached, on the stack): all of it started in the deck or as Monarch and Capitol.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from tabletop.games.almokon.cards import CardDef, base_id
from tabletop.games.almokon.state import AlmokonState

DECK_SIZE = 40
FOREIGNER_SLOTS = 12
UNALIGNED_SLOTS = 6
UNIQUE_COPIES = 3

PENTAGRAM = {
    "conquest": ("community", "diplomacy"),
    "community": ("conquest", "creed"),
    "creed": ("community", "trade"),
    "trade": ("creed", "diplomacy"),
    "diplomacy": ("trade", "conquest"),
}


def aligned(a: str, b: str) -> bool:
    """Whether factions ``a`` and ``b`` are neighbours on the Pentagram of Power."""
    return b in PENTAGRAM.get(a, ())


@dataclass(frozen=True)
class DeckReport:
    """The verdict: ``legal``, the ``problems`` in words, and the counts that decided."""

    legal: bool
    problems: tuple[str, ...]
    main_faction: str
    playable: int
    foreigners: int
    unaligned: int


def check_cards(definitions: list[CardDef]) -> DeckReport:
    """The legality of a deck given as its card definitions (Monarch and Capitol included)."""
    problems: list[str] = []
    monarchs = [d for d in definitions if d.type == "monarch"]
    capitols = [d for d in definitions if d.type == "capitol"]
    if len(monarchs) != 1:
        problems.append(f"a deck has exactly one Monarch (found {len(monarchs)})")
    if len(capitols) != 1:
        problems.append(f"a deck has exactly one Capitol (found {len(capitols)})")
    main = monarchs[0].faction if monarchs else ""
    if monarchs and capitols and capitols[0].faction != main:
        problems.append(f"Monarch {monarchs[0].name} ({main}) and Capitol {capitols[0].name} "
                        f"({capitols[0].faction}) must be of the same faction")
    leaders = monarchs[:1] + capitols[:1]
    no_foreigners = any(d.deck_rule == "main-and-neutral-only" for d in leaders)
    six_unaligned = any(d.deck_rule == "six-unaligned" for d in leaders)
    playable = [d for d in definitions if d.type not in ("monarch", "capitol")]
    if len(playable) != DECK_SIZE:
        problems.append(f"a deck holds exactly {DECK_SIZE} playable cards besides Monarch and "
                        f"Capitol (found {len(playable)})")
    foreign, unaligned = [], []
    for d in playable:
        if not main or d.faction in (main, "neutral"):
            continue
        if d.has("loyal"):
            problems.append(f"{d.name} is Loyal: only for a {d.faction} Monarch, never a "
                            f"Foreigner card")
        elif aligned(main, d.faction):
            foreign.append(d)
        else:
            unaligned.append(d)
    if no_foreigners and (foreign or unaligned):
        problems.append(f"Bicara Township: Main Faction and Neutral cards only, but the deck "
                        f"has {len(foreign) + len(unaligned)} other cards")
    else:
        if len(foreign) > FOREIGNER_SLOTS:
            problems.append(f"at most {FOREIGNER_SLOTS} Foreigner cards from the aligned "
                            f"factions ({', '.join(PENTAGRAM[main])}); found {len(foreign)}")
        if unaligned and not six_unaligned:
            names = sorted({d.faction for d in unaligned})
            problems.append(f"{', '.join(names)} is not aligned with {main} on the Pentagram "
                            f"of Power ({len(unaligned)} cards)")
        elif unaligned:
            factions = {d.faction for d in unaligned}
            if len(factions) > 1:
                problems.append(f"Rahasa: the extra cards come from one unaligned faction, "
                                f"not {', '.join(sorted(factions))}")
            if len(unaligned) > UNALIGNED_SLOTS:
                problems.append(f"Rahasa: at most {UNALIGNED_SLOTS} cards of an unaligned "
                                f"faction; found {len(unaligned)}")
    counts = Counter(d.id for d in playable)
    for d in {d.id: d for d in playable}.values():
        if d.has("unique") and counts[d.id] > UNIQUE_COPIES:
            problems.append(f"{d.name} is Unique: at most {UNIQUE_COPIES} copies "
                            f"(found {counts[d.id]})")
    return DeckReport(not problems, tuple(problems), main, len(playable), len(foreign),
                      len(unaligned))


def check_player(state: AlmokonState, index: int) -> DeckReport:
    """The legality of player ``index``'s deck as it stands in ``state``."""
    return check_cards([state.catalog[base_id(u)] for u in state.owned_uids(index)])
