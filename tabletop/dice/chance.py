"""The exact chances of a throw: every distinct result of throwing dice of given kinds, with
its probability as a :class:`~fractions.Fraction` (the chance outcomes of a chance point, as
OpenSpiel lists them).

Dice of the same kind are interchangeable, so a result lists how many of them show each face,
not which die shows which: one result per multiset of faces, with its multinomial probability
(``n! / (k1! k2! …)`` orderings, each ``p1^k1 p2^k2 …``).  Faces of one die that bear the same
label are one outcome, weighted by how many faces bear it.  The lists stay small: four black
d10 and a white one are 7,150 results rather than 100,000.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from math import factorial

from tabletop.dice.kinds import canonical, default_kinds

MAX_RESULTS = 200_000
"""More distinct results than this are refused (a throw of very many dice) before any is
listed."""


def label_chances(kind: str) -> tuple[tuple[str, Fraction], ...]:
    """Each label a die of ``kind`` can show, in face order, with its chance (faces bearing
    the same label add up)."""
    faces = default_kinds()[canonical(kind)].faces
    weights: dict[str, int] = {}
    for face in faces:
        weights[face.label] = weights.get(face.label, 0) + 1
    return tuple((label, Fraction(count, len(faces))) for label, count in weights.items())


def throw_outcomes(kinds: Sequence[str]) -> list[tuple[tuple[str, ...], Fraction]]:
    """Every distinct result of throwing dice of ``kinds`` at once, as ``(labels, chance)``:
    ``labels[i]`` is the face die ``i`` shows; among dice of one kind the labels go in face
    order (one representative ordering of each multiset).  The chances are exact and sum to
    1.  Raises ``ValueError`` when there would be more than :data:`MAX_RESULTS` results."""
    names = [canonical(kind) for kind in kinds]
    groups: dict[str, list[int]] = {}
    for index, name in enumerate(names):
        groups.setdefault(name, []).append(index)
    per_group = []
    total = 1
    for name, positions in groups.items():
        chances = label_chances(name)
        total *= _multisets(len(positions), len(chances))
        if total > MAX_RESULTS:
            raise ValueError(f"throwing {len(names)} dice has more than {MAX_RESULTS} "
                             f"distinct results")
        per_group.append((positions, list(_group_outcomes(len(positions), chances))))
    results: list[tuple[tuple[str, ...], Fraction]] = [((), Fraction(1))]
    for _, outcomes in per_group:
        results = [(labels + these, chance * p) for labels, chance in results
                   for these, p in outcomes]
    order = [position for positions, _ in per_group for position in positions]
    out = []
    for labels, chance in results:
        shown = [""] * len(names)
        for position, label in zip(order, labels, strict=True):
            shown[position] = label
        out.append((tuple(shown), chance))
    return out


def _multisets(n: int, k: int) -> int:
    """How many multisets of ``n`` items drawn from ``k`` kinds there are."""
    return factorial(n + k - 1) // (factorial(n) * factorial(k - 1)) if k else int(n == 0)


def _group_outcomes(n: int, chances: Sequence[tuple[str, Fraction]]
                    ) -> Iterator[tuple[tuple[str, ...], Fraction]]:
    """Each multiset of ``n`` labels from ``chances`` (in label order) with its multinomial
    probability."""
    for counts in _compositions(n, len(chances)):
        ways = factorial(n)
        chance = Fraction(1)
        labels: list[str] = []
        for (label, p), count in zip(chances, counts, strict=True):
            ways //= factorial(count)
            chance *= p ** count
            labels += [label] * count
        yield tuple(labels), ways * chance


def _compositions(n: int, k: int) -> Iterator[tuple[int, ...]]:
    """Every way to write ``n`` as an ordered sum of ``k`` counts of 0 or more."""
    if k == 1:
        yield (n,)
        return
    for first in range(n, -1, -1):
        for rest in _compositions(n - first, k - 1):
            yield (first, *rest)
