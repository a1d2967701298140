"""Fateforge's chance points (OpenSpiel's chance nodes): where the next thing to happen is a
roll, not a player's decision, and every result it can give with its exact probability.

- The Preparation dice: the ally's two setup dice in the first round, then each standing
  hero's combat dice (*Preparation Phase*: "Roll 4 combat dice" comes first, for all
  players; *Allies*).  The order of a hero's dice does not matter to the rules (any die
  pays any result it shows), so an outcome is the multiset of results, with its multinomial
  probability; an ally rerolls its misses until none is left, so each ally die shows one of
  its other faces, each equally likely (the ally's results stay die by die, as its card
  shows them).
- The D6 of an enemy activation meeting equally viable outcomes (*Randomisation*), in
  :mod:`~tabletop.games.fateforge.handlers.enemy_turn`.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache

from tabletop.dice.kinds import get_kind
from tabletop.games.fateforge.actions import RollAllyDice, RollDice
from tabletop.games.fateforge.handlers.enemy_turn import enemy_chance, enemy_outcomes
from tabletop.games.fateforge.handlers.entering import trap_waiting
from tabletop.games.fateforge.handlers.preparation import core_result, dice_count
from tabletop.games.fateforge.state import FateforgeState
from tabletop.games.fateforge.turn import rolls_waiting

Outcomes = list[tuple[object, Fraction]]


def is_chance_node(state: FateforgeState) -> bool:
    """Whether the next thing to happen is a roll: Preparation dice still to roll, or an
    enemy activation waiting for a D6 (no hero waits on a trap it was moved onto)."""
    if state.round.phase == "over" or trap_waiting(state):
        return False
    return bool(rolls_waiting(state)) or enemy_chance(state)


def chance_outcomes(state: FateforgeState) -> Outcomes:
    """Every result of the roll due now, as ``(action, probability)``: the next roll of the
    Preparation (:func:`roll_outcomes`), else the enemy's D6; empty at a decision."""
    if not is_chance_node(state):
        return []
    waiting = rolls_waiting(state)
    if not waiting:
        return list(enemy_outcomes(state))
    ally = state.ally
    if ally is not None and waiting[0] == ally.name:
        return [(RollAllyDice(faces), p) for faces, p in
                results(ally.pool, misses=False, ordered=True)]
    hero = state.hero(waiting[0])
    return roll_outcomes(hero.name, default_dice(hero.pool, dice_count(hero)))


def default_dice(pool: tuple[str, ...], count: int) -> tuple[str, ...]:
    """The dice a hero rolls unless its player picks others: the first ``count`` of the
    pool (*Preparation Phase*: "Choose and roll a total of 4 combat or weapon dice")."""
    return pool[:count]


def roll_outcomes(name: str, kinds: tuple[str, ...]) -> Outcomes:
    """Hero ``name`` rolling ``kinds``: each multiset of results as a :class:`RollDice`
    with its probability."""
    return [(RollDice(name, faces), p) for faces, p in results(kinds)]


@cache
def results(kinds: tuple[str, ...], *, misses: bool = True,
            ordered: bool = False) -> tuple[tuple[tuple[str, ...], Fraction], ...]:
    """The results of rolling ``kinds`` together, each as a tuple of the rules core's
    results with its probability: order forgotten (a sorted tuple, the multiset), or kept
    die by die when ``ordered`` (the ally's dice, checked face by face against its pool).
    Without ``misses`` a die's MISS face is rerolled until it shows another, so its other
    faces share the chance.  Worked out once per set of dice (the dice data do not
    change while the program runs)."""
    dist: dict[tuple[str, ...], Fraction] = {(): Fraction(1)}
    for kind in kinds:
        faces = Counter(core_result(f.label) for f in get_kind(kind).faces)
        if not misses:
            faces.pop("miss", None)
        total = sum(faces.values())
        step: dict[tuple[str, ...], Fraction] = {}
        for so_far, chance in dist.items():
            for face, count in faces.items():
                key = (*so_far, face) if ordered else tuple(sorted((*so_far, face)))
                step[key] = step.get(key, Fraction(0)) + chance * Fraction(count, total)
        dist = step
    return tuple(dist.items())
