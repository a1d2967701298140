"""The King's Champion rules core on The List: ``apply``, ``legal_actions`` and ``describe``.

Pure: ``apply(state, action)`` returns ``(new_state, events)`` and never rolls a die: a
joust's throws are chance points whose faces are handed in
(:mod:`tabletop.games.joust.throws`).  Checks run in a fixed order: game over, then the phase,
then the action's own rule.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations

from tabletop.errors import IllegalActionError
from tabletop.games.actionfields import check_fields
from tabletop.games.joust import abilities, jousting, phases, planning, rewards, setup, throws
from tabletop.games.joust.actions import (
    Action,
    AdvanceCrown,
    Aim,
    Attach,
    Choose,
    ChooseFavor,
    ChooseKnight,
    Collect,
    Convert,
    Draw,
    EndRound,
    Finish,
    Joust,
    Keep,
    ManSquire,
    Pass,
    PhaseAction,
    PlaceAbility,
    PlaceDie,
    PlaceToken,
    PlaceWorkers,
    Promote,
    Ready,
    RemoveDie,
    Reroll,
    Reveal,
    SetOrder,
    Spend,
    Throw,
)
from tabletop.games.joust.events import Event, describe
from tabletop.games.joust.state import JOUSTS, JoustState, Knight
from tabletop.games.joust.turn_order import TURN_ORDER

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
    Joust: throws.joust,
    Aim: throws.take,
    Throw: throws.take,
    Reroll: throws.take,
    Keep: throws.take,
    Convert: throws.take,
    EndRound: jousting.end_round,
    ChooseKnight: setup.choose_knight,
    Draw: phases.draw,
    PlaceWorkers: phases.place_workers,
    ManSquire: phases.man_squire,
    Pass: phases.pass_workers,
    Choose: rewards.choose,
    PlaceAbility: abilities.place_ability,
    Collect: phases.collect,
    Promote: phases.promote,
    Spend: phases.spend,
    Finish: phases.finish,
}

__all__ = ["apply", "legal_actions", "candidate_actions", "describe", "is_chance_node",
           "chance_outcomes"]

is_chance_node = throws.is_chance_node
chance_outcomes = throws.chance_outcomes


def apply(state: JoustState, action: Action | PhaseAction
          ) -> tuple[JoustState, tuple[Event, ...]]:
    """The state after ``action`` and what happened, the game moved on to the next phase when
    every Household is through this one (:func:`phases.settle`, after every action); raises
    ``IllegalActionError``.  While a choice is pending only that choice (or placing a Crown) is
    accepted; otherwise an action is taken only in its phase
    (:data:`~tabletop.games.joust.turn_order.TURN_ORDER`)."""
    check_fields(action)
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalActionError(action, "is not a King's Champion action")
    if state.viewer is not None:
        raise IllegalActionError(action, "a filtered view hides secrets and cannot be played on")
    if state.phase == "over":
        raise IllegalActionError(action, "the game is over")
    if state.pending and not isinstance(action, Choose | Attach | AdvanceCrown):
        raise IllegalActionError(action, f"first: {rewards.describe_pending(state.pending[0])}")
    placing = isinstance(action, Attach) and bool(state.pending) and \
        state.pending[0].kind == "place-enhancement"
    refusal = None if placing else TURN_ORDER.refusal(state.phase, action)
    if refusal is not None:
        raise IllegalActionError(action, refusal)
    state, events = handler(state, action)
    state, more = phases.settle(state)
    return state, (*events, *more)


OPEN_ACTIONS: dict[type, str] = {
    Joust: "every face and choice of a joust at once (layouts' lessons, tests); it is played "
           "as the joust's steps, which are listed, each throw a chance point",
}
"""The actions :func:`legal_actions` does not list completely, each with the reason (the
contract's ``open_actions``); every other action it lists whenever ``apply`` takes it."""


def legal_actions(state: JoustState) -> tuple[Action, ...]:
    """Actions ``apply`` accepts, from :func:`candidate_actions`: every choice, Draw, Worker,
    Ennoblement, setup (Knights and tokens), planning, reveal and end-of-round action, and the
    choices the revealed joust waits for (Targeting, rerolls, Mark of the Church).  Crown
    placements are included.  Empty once the game is over and at a throw of the joust's dice
    (a chance point: :func:`is_chance_node`)."""
    return tuple(a for a in candidate_actions(state) if _accepted(state, a))


def candidate_actions(state: JoustState) -> tuple[Action, ...]:
    """The actions :func:`legal_actions` tries, before each is checked by ``apply`` (a
    superset of them, cheap to list: a random player may try these one by one)."""
    if state.phase == "over" or state.viewer is not None or throws.is_chance_node(state):
        return ()
    out: list[Action] = []
    for house in state.households:
        out.extend(AdvanceCrown(house.name, t.name) for t in house.tracks
                   if house.crowns and not t.complete)
    if state.pending:
        out.extend(_pending_actions(state))
    elif state.phase in ("draw", "worker", "ennoblement"):
        out.extend(_turn_actions(state))
    elif state.phase == "setup":
        cards = rewards.catalog(state).knights
        for house in state.households:
            out.extend(ChooseKnight(house.name, k.name, c.name) for k in house.knights
                       for c in cards)
            for knight in house.knights:
                if not knight.tokens:
                    out.extend(PlaceToken(house.name, knight.name, c)
                               for c in sorted(set(house.bravery_tokens)))
    elif state.phase == "planning":
        for house in state.households:
            if not house.ready:
                out.extend(_planning_actions(state, house.name))
            else:
                out.append(Ready(house.name, False))
    elif state.revealed == state.resolved < JOUSTS:
        out.append(Reveal())
    elif state.revealed > state.resolved:
        out.extend(throws.choices(state))
    else:
        out.append(EndRound())
    return tuple(out)


def _pending_actions(state: JoustState) -> list:
    pending = state.pending[0]
    if pending.kind != "place-enhancement":
        return [Choose(pending.house, o) for o in rewards.options(state, pending)]
    house = state.household(pending.house)
    return [a for knight in house.knights for a in _attachments(house, knight)]


def _attachments(house, knight: Knight) -> list:
    out: list = []
    for card in house.hand:
        out.append(Attach(house.name, card.name, knight.name, "equipment"))
        out.extend(Attach(house.name, card.name, knight.name, "squire", c)
                   for c in card.squire_colours)
    return out


def _turn_actions(state: JoustState) -> list:
    """The Draw, Worker and Ennoblement actions of the Household whose turn it is."""
    house = state.household(state.turn)
    name = house.name
    if state.phase == "draw":
        return [Draw(name)]
    if state.phase == "worker":
        out: list = [Pass(name)]
        for building in rewards.catalog(state).buildings:
            out.extend(PlaceWorkers(name, building.name, i)
                       for i in range(len(building.locations)))
        out.extend(ManSquire(name, k.name) for k in house.knights)
        return out
    if not house.collected:
        return [Collect(name)]
    out = [Finish(name)]
    out.extend(Spend(name, t.name) for t in rewards.catalog(state).political)
    for track in house.tracks:
        out.append(Promote(name, track.name, ""))
        out.extend(Promote(name, track.name, k.name) for k in house.knights)
    return out


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
        out.extend(ChooseFavor(name, knight.name, f) for f in (*knight.favors, None))
        out.extend(PlaceAbility(name, knight.name, c) for c in sorted(set(house.abilities)))
        if knight.ability:
            out.append(PlaceAbility(name, knight.name, None))
        for slot in knight.slot_ids():
            if knight.die_on(slot) is not None:
                out.append(RemoveDie(name, knight.name, slot))
                continue
            out.extend(PlaceDie(name, knight.name, slot, c) for c in knight.slot_colours(slot))
            if knight.squire is not None and knight.squire.colour in knight.slot_colours(slot):
                out.append(PlaceDie(name, knight.name, slot, knight.squire.colour, True))
        out.extend(_attachments(house, knight))
    return out
