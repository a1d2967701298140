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

from tabletop.errors import IllegalActionError, TabletopError
from tabletop.games.joust.actions import ChooseKnight
from tabletop.games.joust.cards import Catalog, shipped
from tabletop.games.joust.events import Event, Happened
from tabletop.games.joust.rewards import catalog as catalog_of
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


def choose_knight(state: JoustState, action: ChooseKnight) -> tuple[JoustState, tuple[Event, ...]]:
    """Setup, before a Household places its first Bravery Token: one of its Knights is swapped
    for another Knight card not in the game, keeping every Knight from a different Household
    (*Choosing Knights*); the Advanced Ability deck is rebuilt from the new three Knights'
    Abilities and shuffled (*Knight Abilities*)."""
    try:
        house = state.household(action.house)
        old = house.knight(action.replaced)
    except KeyError:
        raise IllegalActionError(action, f"House {action.house} fields no Knight called "
                                         f"{action.replaced}") from None
    if any(k.tokens for k in house.knights):
        raise IllegalActionError(action, f"House {house.name} has placed its Bravery Tokens; "
                                         f"its Knights are chosen")
    if action.knight in [k.name for k in house.knights]:
        raise IllegalActionError(action, f"House {house.name} fields {action.knight} already")
    data = catalog_of(state)
    names = [action.knight if k.name == old.name else k.name for k in house.knights]
    try:
        check_choice(data, {house.name: names, state.rival(house.name).name:
                            [k.name for k in state.rival(house.name).knights]})
        knight = knight_from_card(data, action.knight)
    except TabletopError as exc:
        raise IllegalActionError(action, str(exc)) from None
    advanced = tuple(a for n in names for a in data.knight(n).advanced)  # type: ignore[union-attr]
    deck, state = shuffled(state, advanced)
    house = replace(house, knights=tuple(knight if k.name == old.name else k
                                         for k in house.knights), advanced_deck=deck)
    return state.with_household(house), (Happened(house.name, f"fields {knight.name} "
                                                              f"({knight.code.title()}) "
                                                              f"instead of {old.name}"),)
