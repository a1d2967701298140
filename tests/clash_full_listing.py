"""The Clash Knight Round listing as it was before the per-Knight listing
(``rules.knight_actions``) and the kinds found without listing (``listing.legal_types``):
every Knight started, every Monster checked for Line of Sight, every Monster tried for a
Climb, kept as the reference the property tests compare with."""

from __future__ import annotations

from tabletop.errors import IllegalActionError
from tabletop.games.clash import geometry, turns, vantage
from tabletop.games.clash.actions import (
    Attack,
    AttackFromCards,
    Climb,
    EndTurn,
    MoveKnight,
    StartTurn,
    Weapon,
)
from tabletop.games.clash.rules import legal_actions
from tabletop.games.clash.state import ClashState


def full_listing(state: ClashState) -> list[object]:
    """Every legal action, the Knight Round's found the old way (the rest as listed now)."""
    if state.turn.phase == "monster" or not state.knights or (
            state.cards is not None and (state.sequence is not None or state.cards.result)):
        return legal_actions(state)
    if state.turn.active is not None:
        candidates = [state.knight(state.turn.active)]
    else:
        candidates = [k for k in state.knights if k.name not in state.turn.done]
    actions: list[object] = []
    for knight in candidates:
        try:
            now, _ = turns.in_turn(state, knight, StartTurn(knight.name))
        except IllegalActionError:
            continue
        if state.turn.active is None:
            actions.append(StartTurn(knight.name))
        me = now.knight(knight.name)
        if me.knockdown != "falling":
            if not now.turn.moved:
                actions.extend(MoveKnight(me.name, s) for s in sorted(geometry.reach(now, me)))
            if not now.turn.attacked:
                actions.extend(_card_attacks(now, me) if state.cards is not None else
                               [Attack(me.name, m.name, Weapon()) for m in now.monsters
                                if turns.attack_problem(now, me, m, Weapon()) is None])
            actions.extend(_climbs(now, me))
        actions.append(EndTurn(knight.name))
    return actions


def _card_attacks(state: ClashState, knight) -> list[AttackFromCards]:
    library = state.cards.library
    out = []
    for name in knight.gear:
        gear = library.gear_card(name)
        if gear is None or gear.kind != "weapon":
            continue
        out.extend(AttackFromCards(knight.name, m.name, name) for m in state.monsters
                   if (m.boss or state.cards.mob_card(m.name) is not None)
                   and turns.attack_problem(state, knight, m, gear.reach) is None)
    return out


def _climbs(state: ClashState, knight) -> list[Climb]:
    out = []
    for monster in state.monsters:
        for space in vantage.free_vantage_points(state, monster):
            action = Climb(knight.name, monster.name, space)
            try:
                vantage.climb(state, action)
            except IllegalActionError:
                continue
            out += [action, Climb(knight.name, monster.name, space, False)]
    return out
