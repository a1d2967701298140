"""The King's Champion rules core on The List: ``apply``, ``legal_actions`` and ``describe``.

Pure: ``apply(state, action)`` returns ``(new_state, events)`` and never rolls a die (a
:class:`~tabletop.games.joust.actions.Joust` carries its faces).  Checks run in a fixed order:
game over, then the phase, then the action's own rule.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations

from tabletop.errors import IllegalActionError
from tabletop.games.actionfields import check_fields
from tabletop.games.joust import jousting, planning
from tabletop.games.joust.actions import (
    Action,
    AdvanceCrown,
    Attach,
    ChooseFavor,
    DieRoll,
    EndRound,
    Joust,
    KnightRoll,
    PlaceDie,
    PlaceToken,
    Ready,
    RemoveDie,
    Reveal,
    SetOrder,
)
from tabletop.games.joust.events import Event, describe
from tabletop.games.joust.state import JOUSTS, JoustState, Knight

_HANDLERS: dict[type, Callable] = {
    PlaceToken: planning.place_token,
    Attach: planning.attach,
    PlaceDie: planning.place_die,
    RemoveDie: planning.remove_die,
    ChooseFavor: planning.choose_favor,
    SetOrder: planning.set_order,
    Ready: planning.ready,
    AdvanceCrown: planning.advance_crown,
    Reveal: jousting.reveal,
    Joust: jousting.joust,
    EndRound: jousting.end_round,
}

__all__ = ["apply", "legal_actions", "describe"]


def apply(state: JoustState, action: Action) -> tuple[JoustState, tuple[Event, ...]]:
    """The state after ``action`` and what happened; raises ``IllegalActionError``."""
    check_fields(action)
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalActionError(action, "is not a King's Champion action")
    if state.viewer is not None:
        raise IllegalActionError(action, "a filtered view hides secrets and cannot be played on")
    if state.phase == "over":
        raise IllegalActionError(action, "the game is over")
    return handler(state, action)


def legal_actions(state: JoustState) -> tuple[Action, ...]:
    """Actions ``apply`` accepts: every setup, planning, reveal and end-of-round action, and
    for a joust a few sample rolls (every die showing 1, 3, 5 or 6; Aftershocks end on 2),
    since the faces are the dice's to choose.  Crown placements are included.  Empty once the
    game is over."""
    if state.phase == "over" or state.viewer is not None:
        return ()
    out: list[Action] = []
    for house in state.households:
        out.extend(AdvanceCrown(house.name, t.name) for t in house.tracks
                   if house.crowns and not t.complete)
    if state.phase == "setup":
        for house in state.households:
            for knight in house.knights:
                if not knight.tokens:
                    out.extend(PlaceToken(house.name, knight.name, c)
                               for c in sorted(set(house.bravery_tokens)))
    elif state.phase == "planning":
        for house in state.households:
            if not house.ready:
                out.extend(_planning_actions(state, house.name))
    elif state.revealed == state.resolved < JOUSTS:
        out.append(Reveal())
    elif state.revealed > state.resolved:
        pair = state.jousters(state.resolved)
        assert pair is not None
        for face in (1, 3, 5, 6):
            out.append(Joust(tuple(_sample_roll(house.name, knight, face)
                                   for house, knight in zip(state.in_order(), pair,
                                                            strict=True))))
    else:
        out.append(EndRound())
    return tuple(a for a in out if _accepted(state, a))


def _accepted(state: JoustState, action: Action) -> bool:
    try:
        apply(state, action)
    except IllegalActionError:
        return False
    return True


def _planning_actions(state: JoustState, name: str) -> list[Action]:
    house = state.household(name)
    out: list[Action] = [Ready(name)]
    out.extend(SetOrder(name, order) for order in permutations(k.name for k in house.knights))
    for knight in house.knights:
        out.extend(ChooseFavor(name, knight.name, f) for f in knight.favors)
        for slot in knight.slot_ids():
            if knight.die_on(slot) is not None:
                out.append(RemoveDie(name, knight.name, slot))
                continue
            out.extend(PlaceDie(name, knight.name, slot, c) for c in knight.slot_colours(slot))
            if knight.squire is not None and knight.squire.colour in knight.slot_colours(slot):
                out.append(PlaceDie(name, knight.name, slot, knight.squire.colour, True))
        for card in house.hand:
            out.append(Attach(name, card.name, knight.name, "equipment"))
            out.extend(Attach(name, card.name, knight.name, "squire", c)
                       for c in card.squire_colours)
    return out


def _sample_roll(house: str, knight: Knight, face: int) -> KnightRoll:
    dice = [DieRoll(slot, (face,)) for slot, _ in knight.placed_dice()]
    dice.append(DieRoll("fealty", (face,), aftershocks=(2,) if face == 6 else ()))
    return KnightRoll(house, tuple(dice))

