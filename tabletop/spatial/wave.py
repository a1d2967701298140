"""Cover from a Wave Attack (Kingdoms Forlorn *Attack Types: Wave Attack*).

"Draw an imaginary line from the closest corner of the closest space occupied by the source to
the furthest corner of the space occupied by the Knight.  If the line passes through an
Obstacle the Knight is adjacent to, the space is excluded.  Treat adjacent Obstacles as one
Terrain tile."  Exact arithmetic with :class:`fractions.Fraction`.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from tabletop.spatial.grid import Space

Point = tuple[int, int]


def _squared(a: Point, b: Point) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def _manhattan(a: Space, b: Space) -> int:
    return abs(a.row - b.row) + abs(a.col - b.col)


def cover_group(knight: Space, obstacles: frozenset[Space]) -> frozenset[Space]:
    """The Obstacle spaces adjacent to ``knight`` with every Obstacle space joined to them edge
    to edge ("treat adjacent Obstacles as one Terrain tile")."""
    seen: set[Space] = set()
    todo = [n for n in knight.neighbours() if n in obstacles]
    while todo:
        here = todo.pop()
        if here in seen:
            continue
        seen.add(here)
        todo.extend(n for n in here.neighbours() if n in obstacles and n not in seen)
    return frozenset(seen)


def crosses_interior(a: Point, b: Point, space: Space) -> bool:
    """Whether the segment ``a``–``b`` passes through the open interior of ``space``."""
    low = Fraction(0)
    high = Fraction(1)
    for start, end, lo, hi in ((a[0], b[0], space.col, space.col + 1),
                               (a[1], b[1], space.row, space.row + 1)):
        delta = end - start
        if delta == 0:
            if not lo < start < hi:
                return False
            continue
        t1 = Fraction(lo - start, delta)
        t2 = Fraction(hi - start, delta)
        t1, t2 = min(t1, t2), max(t1, t2)
        low, high = max(low, t1), min(high, t2)
    return low < high


def wave_lines(source: Iterable[Space], knight: Space) -> list[tuple[Point, Point]]:
    """Every line the rule can mean: from the closest corner of each closest source space to
    the knight's space corner furthest from that corner (ties give several lines)."""
    cells = list(source)
    near = min(_manhattan(s, knight) for s in cells)
    centre = (2 * knight.col + 1, 2 * knight.row + 1)
    lines = []
    for cell in (s for s in cells if _manhattan(s, knight) == near):
        corners = cell.corners()
        best = min(_squared((2 * x, 2 * y), centre) for x, y in corners)
        for corner in (c for c in corners if _squared((2 * c[0], 2 * c[1]), centre) == best):
            far = max(_squared(corner, k) for k in knight.corners())
            lines.extend((corner, k) for k in knight.corners() if _squared(corner, k) == far)
    return lines


def covered(source: Iterable[Space], knight: Space, obstacles: frozenset[Space]) -> Space | None:
    """The Obstacle space that shelters ``knight`` from a Wave from ``source``, or ``None``.

    Reading (Will of the Graal): where the closest space or corner is a tie, the Knight is
    sheltered only if every line the words allow is blocked.
    """
    group = cover_group(knight, obstacles)
    if not group:
        return None
    found = None
    for a, b in wave_lines(source, knight):
        hit = next((s for s in sorted(group) if crosses_interior(a, b, s)), None)
        if hit is None:
            return None
        found = found or hit
    return found
