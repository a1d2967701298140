"""The kinds of the Clash legal actions, found without listing the actions
(:func:`legal_types`), which the window's "what now" hint asks for on every new state, and
the actions of the Knights a lesson's words name (:func:`legal_worded`).

A board at the layout limits (100 x 100 spaces, 999 Knights of Speed 20) has about 660,000
legal actions between turns, nearly all Movement Actions: listing them
(:func:`tabletop.games.clash.rules.legal_actions`) takes over a minute.  The hint only needs
their kinds, so each Knight is asked only for the kinds not yet found, each by looking for
one action of that kind: a Movement Action when a first step is free
(:func:`~tabletop.games.clash.geometry.can_move`), a Melee attack or a
Climb test on a Monster at range 1 (only those are checked for Line of Sight), the first that
passes.
"""

from __future__ import annotations

from collections.abc import Iterator

from tabletop.games.clash import geometry, rules, turns
from tabletop.games.clash.actions import Weapon
from tabletop.games.clash.state import ClashState
from tabletop.games.clash.view import is_partial


def legal_types(state: ClashState, actor: str | None = None) -> frozenset[str]:
    """The names of the action types :func:`~tabletop.games.clash.rules.legal_actions` lists
    in ``state`` (with ``actor``, of the actions of Knight ``actor`` and of those naming no
    Knight): exactly the types of the full listing.  In the Knight Round each Knight who may
    act (*Knight Turns*) is asked only for the kinds not yet found, and the search ends when
    every kind its turn allows is found; a card sequence's answers are read from its question
(:func:`~tabletop.games.clash.running.answer_types`); elsewhere the listing is short and
read whole."""
    turn = state.turn
    if state.knights and not is_partial(state) and state.cards is not None and (
            state.sequence is not None or state.cards.result):
        from tabletop.games.clash import running  # the answers name no Knight

        return running.answer_types(state)
    if not state.knights or is_partial(state) or turn.phase == "monster":
        return frozenset(type(a).__name__ for a in rules.legal_actions(state)
                         if actor is None or getattr(a, "knight", actor) == actor)
    knights = [k for k in rules.candidates(state) if actor is None or k.name == actor]
    if not knights:
        return frozenset()
    found = {"EndTurn"} if turn.active is not None else {"StartTurn", "EndTurn"}
    moved, attacked = (turn.moved, turn.attacked) if turn.active is not None else (False, False)
    attack = "Attack" if state.cards is None else "AttackFromCards"
    wanted = {"Climb", *(() if moved else ("MoveKnight",)), *(() if attacked else (attack,))}
    index = rules.monster_index(state)
    for knight in knights:  # the Refresh step may stand a Knight up, never knock it down
        if knight.knockdown == "falling":
            continue
        near = rules.monsters_near(state, knight, index)
        if "MoveKnight" in wanted - found and geometry.can_move(state, knight):
            found.add("MoveKnight")
        if attack in wanted - found and _attacks(state, knight, near):
            found.add(attack)
        if "Climb" not in found and next(rules.climb_tests(state, knight, near), None):
            found.add("Climb")
        if wanted <= found:
            break
    return frozenset(found)


def _attacks(state: ClashState, knight, near: list) -> bool:
    """Whether ``knight`` has a legal attack: a Knight Attack from cards, else a Melee attack
    on one of the Monsters ``near`` it (at range 1), stopping at the first found."""
    if state.cards is not None:
        return bool(rules.card_attacks(state, knight))
    return any(turns.attack_problem(state, knight, m, Weapon()) is None for m in near)


def legal_worded(state: ClashState, head: str, tail: str = "") -> Iterator[object]:
    """The legal actions whose words could begin with ``head`` (case aside), in
    :func:`~tabletop.games.clash.rules.legal_actions`' order, one Knight at a time: in the
    Knight Round every action of a Knight (*Knight Turns*) is written with its name first
    (``Kara moves to E2``), so only the Knights whose name fits ``head`` are listed
    (``Kara moves to {pick}`` lists Kara's actions alone, not the 660,000 of a board at the
    layout limits); elsewhere the listing is short and given whole.  ``tail`` is not used
    (the caller tests the words)."""
    turn = state.turn
    if not state.knights or is_partial(state) or turn.phase == "monster" or (
            state.cards is not None and (state.sequence is not None or state.cards.result)):
        yield from rules.legal_actions(state)
        return
    folded = head.casefold()
    for knight in rules.candidates(state):
        named = knight.name.casefold() + " "
        if named.startswith(folded) or folded.startswith(named):
            yield from rules.knight_actions(state, knight)
