"""The setup and the Planning Phase: Bravery Tokens, Enhancements, dice, Favor Actions, the
jousting order, and Crowns on the Status card.  Each function takes the state and one action
and returns ``(new_state, events)`` or raises :class:`IllegalActionError` naming the rule.

Rulebook: *Placing Bravery Tokens*, *Morale*, *Planning Phase* (*Placing an Enhancement Card*,
*Knight Allowances*, *Choosing Favor Actions*, *Placing Dice*, *Choosing the Jousting Order*),
*Tracking Crowns*.
"""

from __future__ import annotations

from dataclasses import replace

from tabletop.errors import IllegalActionError
from tabletop.games.joust.actions import (
    AdvanceCrown,
    Attach,
    ChooseFavor,
    PlaceDie,
    PlaceToken,
    Ready,
    RemoveDie,
    SetOrder,
)
from tabletop.games.joust.cards import PERK_KINDS, parse_perk
from tabletop.games.joust.events import CrownPlaced, Event, Planned
from tabletop.games.joust.rewards import put_token
from tabletop.games.joust.state import (
    EQUIPMENT_LIMIT,
    FAVOR_TITLES,
    JOUSTS,
    TOKEN_COLOURS,
    Equipment,
    Household,
    JoustState,
    Knight,
    Squire,
    is_token_slot,
)

Result = tuple[JoustState, tuple[Event, ...]]


def house_and_knight(state: JoustState, action, house_name: str,
                     knight_name: str) -> tuple[Household, Knight]:
    """The acting Household and its Knight, or an error naming what is unknown."""
    try:
        house = state.household(house_name)
    except KeyError:
        raise IllegalActionError(action, f"there is no House {house_name}") from None
    try:
        return house, house.knight(knight_name)
    except KeyError:
        raise IllegalActionError(action, f"House {house.name} has no Knight called "
                                         f"{knight_name}") from None


def require_planning(state: JoustState, action, house: Household) -> None:
    """Raise unless ``house`` is still planning (that it is the Planning Phase is checked by
    the turn order, :mod:`tabletop.games.joust.turn_order`)."""
    if house.ready:
        raise IllegalActionError(action, f"House {house.name} has finished planning")


def place_token(state: JoustState, action: PlaceToken) -> Result:
    """Setup: one held token on each Knight; Morale rises by the token table.  When every
    Knight has a token the first round begins (:func:`~tabletop.games.joust.phases.settle`)."""
    house, knight = house_and_knight(state, action, action.house, action.knight)
    if action.colour not in house.bravery_tokens:
        raise IllegalActionError(action, f"House {house.name} holds no {action.colour} "
                                         f"Bravery Token")
    if knight.tokens:
        raise IllegalActionError(action, f"{knight.name} already has its starting Bravery "
                                         f"Token; each Knight takes a single one")
    held = list(house.bravery_tokens)
    held.remove(action.colour)
    state = state.with_household(replace(house, bravery_tokens=tuple(held)))
    return put_token(state, house.name, knight.name, action.colour, "setting up")


def attach(state: JoustState, action: Attach) -> Result:
    """Play one Enhancement Card a round as a Squire (one per Knight, die colour locked) or as
    Equipment (Vanguard one, Crusader two of different types; a worker goes on the card)."""
    house, knight = house_and_knight(state, action, action.house, action.knight)
    early = bool(state.pending) and state.pending[0].kind == "place-enhancement"
    if early and state.pending[0].house != house.name:
        raise IllegalActionError(action, f"House {state.pending[0].house} has a choice to make "
                                         f"first")
    if not early:
        require_planning(state, action, house)
    if house.enhancement_placed and not early:
        raise IllegalActionError(action, "a Household places one Enhancement Card in the "
                                         "Planning Phase")
    index = next((i for i, c in enumerate(house.hand) if c.name == action.card), None)
    if index is None:
        raise IllegalActionError(action, f"House {house.name} holds no Enhancement Card "
                                         f"called {action.card}")
    card = house.hand[index]
    if action.as_ == "squire":
        if knight.squire is not None:
            raise IllegalActionError(action, f"{knight.name} already has a Squire; a Knight may "
                                             f"have one Squire")
        colour = action.colour or (card.squire_colours[0] if len(card.squire_colours) == 1
                                   else None)
        if colour not in card.squire_colours:
            raise IllegalActionError(action, f"the Squire's die must be locked to one of "
                                             f"{', '.join(card.squire_colours)}")
        knight = replace(knight, squire=Squire(card.squire_name or card.name, colour, None,
                                               card.reroll, False))
    elif action.as_ == "equipment":
        limit = EQUIPMENT_LIMIT[knight.side]
        if len(knight.equipment) >= limit:
            raise IllegalActionError(action, f"a Knight {knight.side.title()} may have "
                                             f"{limit} piece{'s' if limit > 1 else ''} of "
                                             f"Equipment")
        if any(e.kind == card.kind for e in knight.equipment):
            raise IllegalActionError(action, f"{knight.name} already has {card.kind} Equipment; "
                                             f"two pieces must be of different types")
        if card.name in knight.slot_ids():
            raise IllegalActionError(action, f"{knight.name} already has a slot called "
                                             f"{card.name}")
        if house.workers < 1:
            raise IllegalActionError(action, "Equipment needs a worker placed on the card, and "
                                             "no worker is left")
        knight = replace(knight, equipment=(*knight.equipment,
                                            Equipment(card.name, card.kind, card.colours)))
        house = replace(house, workers=house.workers - 1)
    else:
        raise IllegalActionError(action, "an Enhancement Card is played as a squire or as "
                                         "equipment")
    house = replace(house.with_knight(knight), enhancement_placed=house.enhancement_placed
                    or not early, hand=house.hand[:index] + house.hand[index + 1:],
                    kept="" if house.kept == card.name else house.kept)
    if early:  # Marshall's Office: "You still get to place one in the Planning Phase."
        state = replace(state, pending=state.pending[1:])
    return state.with_household(house), (Planned(house.name, f"plays {card.name} on "
                                                              f"{knight.name} as "
                                                              f"{action.as_.title()}"),)


def place_die(state: JoustState, action: PlaceDie) -> Result:
    """A die from the pool (or the Knight's own Squire die) onto an empty Bravery Token slot of
    its colour or an Equipment slot whose colours include it (:func:`slot_mismatch`).  Black
    Fealty Dice stay on their Knights."""
    house, knight = house_and_knight(state, action, action.house, action.knight)
    require_planning(state, action, house)
    try:
        current = knight.die_on(action.slot)
    except KeyError:
        raise IllegalActionError(action, f"{knight.name} has no slot {action.slot}: dice go on "
                                         f"a Bravery Token ({len(knight.tokens)} held) or on "
                                         f"Equipment") from None
    if current is not None:
        raise IllegalActionError(action, f"that slot already holds a {current} die; one die "
                                         f"per Bravery Token or Equipment slot")
    if action.colour not in TOKEN_COLOURS:
        raise IllegalActionError(action, "only Attack Dice (white, green, red) are placed; "
                                         "the black Fealty Die always stays on its Knight")
    mismatch = slot_mismatch(knight, action.slot, action.colour)
    if mismatch:
        raise IllegalActionError(action, mismatch)
    if action.from_squire:
        squire = knight.squire
        if squire is None or squire.on is not None:
            raise IllegalActionError(action, f"{knight.name} has no Squire die waiting; a "
                                             f"Squire's die stays on its own Knight")
        if squire.colour != action.colour:
            raise IllegalActionError(action, f"the Squire's die is {squire.colour}")
        knight = replace(knight.with_die(action.slot, action.colour),
                         squire=replace(squire, on=action.slot))
    else:
        if action.colour not in house.pool:
            raise IllegalActionError(action, f"House {house.name}'s Dice Pool has no "
                                             f"{action.colour} die left")
        pool = list(house.pool)
        pool.remove(action.colour)
        house = replace(house, pool=tuple(pool))
        knight = knight.with_die(action.slot, action.colour)
    return state.with_household(house.with_knight(knight)), (Planned(house.name),)


MATCH_RULE = "dice must match the slot they are locked to"
"""*Placing an Enhancement Card*: "The dice locked into that spot must match the location you
are locking it to" (Equipment), and a Squire's die needs "a Bravery Token slot or an Equipment
card slot that matches" it.  Our reading: a Bravery Token slot takes only a die of the token's
colour, as an Equipment slot takes only its own colours (``docs/joust.md``)."""


def slot_mismatch(knight: Knight, slot: str, colour: str) -> str | None:
    """Why a ``colour`` die may not sit on ``knight``'s ``slot`` (``None``: it matches).
    ``KeyError`` for a slot the Knight does not have.  Rule: :data:`MATCH_RULE`."""
    takes = knight.slot_colours(slot)
    if colour in takes:
        return None
    if is_token_slot(slot):
        token = takes[0]
        return (f"a {token} die goes on a {token} Bravery Token: {MATCH_RULE} "
                f"({knight.name}'s token {slot} is {token}, not {colour})")
    return (f"{slot} takes {' or '.join(takes)} dice: {MATCH_RULE} "
            f"(a {colour} die does not match {knight.name}'s {slot})")


def remove_die(state: JoustState, action: RemoveDie) -> Result:
    """The die on a slot goes back to the Dice Pool, or to the Squire it came from."""
    house, knight = house_and_knight(state, action, action.house, action.knight)
    require_planning(state, action, house)
    try:
        colour = knight.die_on(action.slot)
    except KeyError:
        raise IllegalActionError(action, f"{knight.name} has no slot {action.slot}") from None
    if colour is None:
        raise IllegalActionError(action, "there is no die on that slot")
    knight = knight.with_die(action.slot, None)
    if knight.squire is not None and knight.squire.on == action.slot:
        knight = replace(knight, squire=replace(knight.squire, on=None))
    else:
        house = replace(house, pool=(*house.pool, colour))
    return state.with_household(house.with_knight(knight)), (Planned(house.name),)


def choose_favor(state: JoustState, action: ChooseFavor) -> Result:
    """One Favor Action per Knight, from those on its card; none for a Panicked Knight."""
    house, knight = house_and_knight(state, action, action.house, action.knight)
    require_planning(state, action, house)
    if action.favor is not None:
        if knight.panic:
            raise IllegalActionError(action, f"{knight.name} is Panicked and may not use a "
                                             f"Favor Action this round")
        if action.favor not in knight.favors:
            offered = ", ".join(FAVOR_TITLES[f] for f in knight.favors) or "none"
            raise IllegalActionError(action, f"{knight.name}'s card offers {offered}")
    house = house.with_knight(replace(knight, favor=action.favor))
    return state.with_household(house), (Planned(house.name),)


def set_order(state: JoustState, action: SetOrder) -> Result:
    """The three Jousting Tokens face down on The List: each Knight exactly once."""
    try:
        house = state.household(action.house)
    except KeyError:
        raise IllegalActionError(action, f"there is no House {action.house}") from None
    require_planning(state, action, house)
    names = sorted(k.name for k in house.knights)
    if sorted(action.order) != names or len(action.order) != JOUSTS:
        raise IllegalActionError(action, f"the order must name each of {', '.join(names)} once")
    house = replace(house, order=tuple(action.order))
    return state.with_household(house), (Planned(house.name, "lays its Jousting Tokens face "
                                                             "down on The List"),)


def ready(state: JoustState, action: Ready) -> Result:
    """A Household finishes planning (its order set, each Knight that may use one given a
    Favor Action); when both have, the Jousting Phase begins."""
    try:
        house = state.household(action.house)
    except KeyError:
        raise IllegalActionError(action, f"there is no House {action.house}") from None
    if not action.ready:
        if not house.ready:
            raise IllegalActionError(action, f"House {house.name} is still planning")
        return (state.with_household(replace(house, ready=False)),
                (Planned(house.name, "takes up its plan again"),))
    if house.ready:
        raise IllegalActionError(action, f"House {house.name} has already finished planning")
    if len(house.order) != JOUSTS:
        raise IllegalActionError(action, "set the jousting order on The List first")
    missing = [k.name for k in house.knights if not k.panic and k.favors and k.favor is None]
    if missing:
        raise IllegalActionError(action, f"each Knight is assigned a Favor Action; "
                                         f"{', '.join(missing)} has none")
    state = state.with_household(replace(house, ready=True))
    return state, (Planned(house.name, "has finished planning"),)


def advance_crown(state: JoustState, action: AdvanceCrown) -> Result:
    """One earned King's Crown onto a Knight Promotion track that is not complete
    (*Tracking Crowns*); the House Advancement tracks need the Armory (*Advanced Game*), which
    the base game played here does not have."""
    try:
        house = state.household(action.house)
    except KeyError:
        raise IllegalActionError(action, f"there is no House {action.house}") from None
    if house.crowns < 1:
        raise IllegalActionError(action, f"House {house.name} has no King's Crown to place")
    track = next((t for t in house.tracks if t.name == action.track), None)
    if track is None:
        raise IllegalActionError(action, f"House {house.name} has no Crown track called "
                                         f"{action.track}")
    if track.kind == "house":
        raise IllegalActionError(action, f"{track.name} is a House Advancement track, played "
                                         f"only in the Advanced Game with the Armory; in the "
                                         f"base game a Crown goes on a Knight Promotion track")
    if track.complete:
        raise IllegalActionError(action, f"the {track.name} track is complete and may not be "
                                         f"scored again")
    track = replace(track, progress=track.progress + 1)
    house = replace(house, crowns=house.crowns - 1,
                    tracks=tuple(track if t.name == track.name else t for t in house.tracks))
    return (state.with_household(house),
            (CrownPlaced(house.name, track.name, track.progress, track.length,
                         perk_words(track.perk)),))


def perk_words(perk: str) -> str:
    """A Crown track's Perk in words (``morale:5`` -> ``gain 5 Morale``)."""
    parsed = parse_perk(perk, PERK_KINDS)
    return perk if isinstance(parsed, str) else parsed.words()
