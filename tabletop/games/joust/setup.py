"""A new game of King's Champion from the card data: the Field set, the Households led, the
decks shuffled with a seed.

Rulebook: *Setting the Field* (Political Cards with their Influence markers at the start, the
Enhancement Cards shuffled, the Buildings), *Taking Workers* (three workers with the five base
Buildings), *Leading a Household* (two white and two green dice, four Bravery Tokens on the
House card), *Choosing Knights* (three Knights, each from a different Household), *Knight
Abilities* (each leader's six Advanced Abilities shuffled into its own deck; the shared
Standard Ability deck), *The Rest of the Field* (the remaining Bravery Tokens into the bag).
The game then waits for each leader to place one token on each Knight (*Placing Bravery
Tokens*).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from tabletop.errors import TabletopError
from tabletop.games.joust.cards import Catalog, shipped
from tabletop.games.joust.rewards import shuffled
from tabletop.games.joust.state import BASE_MORALE, Household, JoustState, Knight


def knight_from_card(catalog: Catalog, name: str) -> Knight:
    """The Knight ``name`` as its card's Vanguard side shows it, without tokens."""
    card = catalog.knight(name)
    if card is None:
        known = ", ".join(k.name for k in catalog.knights)
        raise TabletopError(f"there is no Knight card called {name!r} (Knights: {known})")
    side = card.vanguard
    return Knight(name=card.name, code=card.code, side="vanguard", slots=side.slots,
                  crown_boxes=side.crown_boxes, favors=side.favors)


def check_choice(catalog: Catalog, picks: Mapping[str, Sequence[str]]) -> None:
    """Each leader fields three Knights, each from a different Household, and no Knight serves
    two leaders (*Choosing Knights*); raises :class:`TabletopError` naming the rule."""
    taken: dict[str, str] = {}
    for house, names in picks.items():
        if len(names) != 3:
            raise TabletopError(f"House {house} fields three Knights, not {len(names)}")
        origins: dict[str, str] = {}
        for name in names:
            card = catalog.knight(name)
            if card is None:
                knight_from_card(catalog, name)  # raises with the names known
                continue
            if name in taken:
                raise TabletopError(f"{name} already serves House {taken[name]}")
            if card.house in origins:
                raise TabletopError(f"House {house}: {name} and {origins[card.house]} both "
                                    f"come from House {card.house}; \"you may not field more "
                                    f"than one Knight from any single Household\"")
            taken[name] = house
            origins[card.house] = name


def new_game(seed: int, picks: Mapping[str, Sequence[str]] | None = None,
             catalog: Catalog | None = None) -> JoustState:
    """A fresh game in the setup phase: round 1, the first Household with initiative, every
    deck and the bag shuffled from ``seed``.  ``picks`` maps a Household to its three Knights
    (default: the Knights the data suggests); ``catalog`` is the card data (default: the
    shipped examples)."""
    data = catalog or shipped()
    chosen = {h.name: tuple(h.knights) for h in data.households}
    if picks:
        chosen.update({k: tuple(v) for k, v in picks.items()})
    unknown = set(chosen) - {h.name for h in data.households}
    if unknown:
        raise TabletopError(f"there is no Household {sorted(unknown)[0]} "
                            f"({', '.join(h.name for h in data.households)})")
    check_choice(data, chosen)
    first = data.households[0].name
    state = JoustState(households=(), round=1, phase="setup", initiative=first, turn=first,
                       seed=seed, cards=catalog)  # type: ignore[arg-type]
    bag = [c for c, n in data.bag for _ in range(n)]
    houses = []
    for setup in data.households:
        for colour in setup.tokens:
            bag.remove(colour)
        advanced = tuple(a for name in chosen[setup.name]
                         for a in data.knight(name).advanced)  # type: ignore[union-attr]
        advanced, state = shuffled(state, advanced)
        houses.append(Household(
            name=setup.name, knights=tuple(knight_from_card(data, n) for n in chosen[setup.name]),
            morale=BASE_MORALE, tracks=data.promotion, pool=setup.pool,
            bravery_tokens=setup.tokens, workers=data.starting_workers(),
            advanced_deck=advanced,
            influence=tuple(t.start for t in data.political)))
    enhancements, state = shuffled(state, tuple(e.name for e in data.enhancements))
    standard, state = shuffled(state, data.standard_deck())
    tokens, state = shuffled(state, tuple(bag))
    return replace(state, households=tuple(houses), enhancement_deck=enhancements,
                   ability_deck=standard, bag=tokens)
