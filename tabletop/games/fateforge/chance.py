"""Fateforge's chance points (OpenSpiel's chance nodes): where the next thing to happen is a
roll, not a player's decision, and every result it can give with its exact probability.

- The Preparation dice: the ally's two setup dice in the first round, then each standing
  hero's combat dice (*Preparation Phase*: "Roll 4 combat dice" comes first, for all
  players; *Allies*).  The order of a hero's dice does not matter to the rules (any die
  pays any result it shows), so an outcome is the multiset of results, with its multinomial
  probability; an ally rerolls its misses until none is left, so each ally die shows one of
  its other faces, each equally likely (the ally's results stay die by die, as its card
  shows them).  Dice of different kinds show different faces, so a hero's outcome keeps
  each die's kind (:class:`RollDice` ``kinds``, sorted) and forgets only the order among
  dice of one kind: the Energy Reroll rerolls a die of its own kind.
- The Energy Reroll's dice, once a hero has chosen them (*Energy Reroll*): each chosen die
  rerolled as its kind, the results of dice of one kind as a multiset
  (:class:`RerollDice`).
- The D6 of an enemy activation meeting equally viable outcomes (*Randomisation*), in
  :mod:`~tabletop.games.fateforge.handlers.enemy_turn`.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache

from tabletop.dice.kinds import get_kind
from tabletop.games.fateforge.actions import RerollDice, RollAllyDice, RollDice
from tabletop.games.fateforge.handlers.enemy_turn import enemy_chance, enemy_outcomes
from tabletop.games.fateforge.handlers.entering import trap_waiting
from tabletop.games.fateforge.handlers.preparation import (
    core_result,
    dice_count,
    die_kinds,
    reroll_waiting,
)
from tabletop.games.fateforge.state import FateforgeState
from tabletop.games.fateforge.turn import rolls_waiting

Outcomes = list[tuple[object, Fraction]]


def is_chance_node(state: FateforgeState) -> bool:
    """Whether the next thing to happen is a roll: Preparation dice still to roll, an Energy
    Reroll's chosen dice, or an enemy activation waiting for a D6 (no hero waits on a trap
    it was moved onto)."""
    if state.round.phase == "over" or trap_waiting(state):
        return False
    return bool(rolls_waiting(state) or reroll_waiting(state)) or enemy_chance(state)


def chance_outcomes(state: FateforgeState) -> Outcomes:
    """Every result of the roll due now, as ``(action, probability)``: the next roll of the
    Preparation (:func:`roll_outcomes`), an Energy Reroll's dice (:func:`reroll_outcomes`),
    else the enemy's D6; empty at a decision."""
    if not is_chance_node(state):
        return []
    rerolling = reroll_waiting(state)
    if rerolling:
        return reroll_outcomes(state, rerolling)
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
    """Hero ``name`` rolling ``kinds``: each result as a :class:`RollDice` naming its dice
    (sorted by kind), the results of dice of one kind as a multiset, with its probability."""
    kinds = tuple(sorted(kinds))
    return [(RollDice(name, faces, kinds), p) for faces, p in by_kind(kinds)]


def reroll_outcomes(state: FateforgeState, name: str) -> Outcomes:
    """Hero ``name``'s Energy Reroll landing: each chosen die rerolled as its own kind,
    as a :class:`RerollDice` with its probability (the results of chosen dice of one kind
    as a multiset, dealt to them in die order)."""
    hero = state.hero(name)
    kinds = tuple(die_kinds(hero)[i] for i in hero.rerolling)
    order = sorted(range(len(kinds)), key=lambda i: kinds[i])
    out: Outcomes = []
    for faces, p in by_kind(tuple(kinds[i] for i in order)):
        dealt = [""] * len(kinds)
        for place, face in zip(order, faces, strict=True):
            dealt[place] = face
        out.append((RerollDice(hero.name, tuple(dealt)), p))
    return out


@cache
def by_kind(kinds: tuple[str, ...]) -> tuple[tuple[tuple[str, ...], Fraction], ...]:
    """The results of rolling ``kinds`` (sorted by kind), die by die beside them: for each
    kind in turn a multiset of its dice's results (a sorted run), with the probability of
    the whole."""
    dist: dict[tuple[str, ...], Fraction] = {(): Fraction(1)}
    for kind in dict.fromkeys(kinds):
        step: dict[tuple[str, ...], Fraction] = {}
        for faces, chance in results(tuple(k for k in kinds if k == kind)):
            for so_far, before in dist.items():
                step[(*so_far, *faces)] = before * chance
        dist = step
    return tuple(dist.items())


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
