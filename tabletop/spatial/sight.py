"""Exact Line of Sight between pieces on a square grid.

Rulebook: *Line of Sight*; reading fixed in ``clash-geometry.md``, *Line of Sight*.  LoS exists
from P to Q when a straight segment from a corner of a space of P to a corner of a space of Q
is unobstructed.  A segment is obstructed when

1. it passes through the open interior of a blocking space;
2. it runs along an edge of a blocking space for a positive length;
3. it passes through, starts or ends at a lattice point where two blocking spaces that are
   diagonal neighbours meet (a *diagonal gap*).

Touching a single corner of a blocking space is not an obstruction.  Every test is exact: a
segment between lattice points is described by the cells whose interior it crosses (or, for a
segment along a grid line, the cells on both sides of it) and the lattice points it passes,
all found with integer arithmetic.

Speed: a :class:`SightMap` packs the blocking spaces and diagonal gaps of one board into one
Python integer (two bits per slot: a cell bit and a lattice-point bit), and the features of a
segment from the origin are packed the same way once per ``(dx, dy)`` and board width, and
kept.  Testing one segment is then one shift and one ``&`` on exactly the cells and points
the segment meets; :func:`visible_from` decides each corner point of the board once and stops
a space at its first clear corner.  No approximation is involved anywhere.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import gcd

from tabletop.spatial.grid import Board, Space, corner_words

Point = tuple[int, int]
Line = tuple[Point, Point]

_CELL, _POINT = 0, 1


@dataclass(frozen=True)
class Sight:
    """The answer to one LoS question.

    ``clear``: whether LoS exists.  ``line``: a clear segment ``((x1, y1), (x2, y2))`` from a
    corner of P to a corner of Q in corner coordinates, or ``None`` when there is no LoS.
    ``why``: the rule that decided, in words.  ``blocker``: the blocking space that stops the
    nearest line when there is no LoS, else ``None``.
    """

    clear: bool
    line: Line | None
    why: str
    blocker: Space | None = None


@dataclass(frozen=True)
class Feature:
    """One thing a segment meets, in order along it: ``kind`` is ``"cell"`` (the segment
    crosses the cell's open interior), ``"edge"`` (it runs along an edge of the cell) or
    ``"point"`` (it passes the lattice point ``(x, y)``); ``t`` is where, from 0 to 1."""

    t: Fraction
    kind: str
    x: int
    y: int


@lru_cache(maxsize=1 << 14)
def segment_features(dx: int, dy: int) -> tuple[Feature, ...]:
    """The cells and lattice points met by the segment from ``(0, 0)`` to ``(dx, dy)``, in order.

    Cells are given by their north-west corner ``(col, row)``.  A diagonal segment meets the
    cells whose open interior it crosses; a segment along a grid line meets, for each unit of
    its length, the two cells sharing that unit edge (kind ``"edge"``).  Lattice points include
    both ends.

    >>> [(f.kind, f.x, f.y) for f in segment_features(2, 1)]
    [('point', 0, 0), ('cell', 0, 0), ('cell', 1, 0), ('point', 2, 1)]
    """
    out: list[Feature] = []
    length = max(abs(dx), abs(dy))
    if dx == 0 or dy == 0:
        sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
        for k in range(length + 1):
            out.append(Feature(Fraction(k, length or 1), "point", sx * k, sy * k))
            if k == length:
                break
            t = Fraction(2 * k + 1, 2 * length)
            if dy == 0:  # horizontal: the cells above and below the unit edge
                col = k if sx > 0 else -k - 1
                out.append(Feature(t, "edge", col, -1))
                out.append(Feature(t, "edge", col, 0))
            else:  # vertical: the cells left and right of the unit edge
                row = k if sy > 0 else -k - 1
                out.append(Feature(t, "edge", -1, row))
                out.append(Feature(t, "edge", 0, row))
        return tuple(out)
    g = gcd(abs(dx), abs(dy))
    p, q = abs(dx) // g, abs(dy) // g
    sx, sy = (1 if dx > 0 else -1), (1 if dy > 0 else -1)
    for k in range(g + 1):
        bx, by = sx * p * k, sy * q * k
        out.append(Feature(Fraction(k, g), "point", bx, by))
        if k == g:
            break
        cells = []
        for i in range(p):
            low = (q * i) // p
            high = -((-q * (i + 1)) // p)  # ceil(q * (i + 1) / p)
            for j in range(low, high):
                entry = max(Fraction(i, p), Fraction(j, q))
                col = bx + i if sx > 0 else bx - 1 - i
                row = by + j if sy > 0 else by - 1 - j
                cells.append(Feature((k + entry) / g, "cell", col, row))
        cells.sort(key=lambda f: f.t)
        out.extend(cells)
    return tuple(out)


@lru_cache(maxsize=1 << 15)
def _segment_mask(stride: int, dx: int, dy: int) -> tuple[int, int]:
    """``(mask, low)``: the cells and points of :func:`segment_features` packed for a board of
    row ``stride`` slots, relative to the lowest slot ``low`` (see :class:`SightMap`).

    Built with integers only; ``tests/test_spatial_sight.py`` checks it against
    :func:`segment_features`.
    """
    cells: list[int] = []
    points: list[int] = []
    length = max(abs(dx), abs(dy))
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    if dx == 0 or dy == 0:
        for k in range(length + 1):
            points.append(sy * k * stride + sx * k)
        for k in range(length):
            if dy == 0:
                col = k if sx > 0 else -k - 1
                cells += (-stride + col, col)
            else:
                row = k if sy > 0 else -k - 1
                cells += (row * stride - 1, row * stride)
    else:
        g = gcd(abs(dx), abs(dy))
        p, q = abs(dx) // g, abs(dy) // g
        primitive = []
        for i in range(p):
            col = i if sx > 0 else -1 - i
            for j in range((q * i) // p, -((-q * (i + 1)) // p)):
                primitive.append((j if sy > 0 else -1 - j) * stride + col)
        step = sy * q * stride + sx * p
        for k in range(g + 1):
            points.append(k * step)
            if k < g:
                cells += (k * step + c for c in primitive)
    low = min(min(points), min(cells, default=points[0]))
    high = max(max(points), max(cells, default=points[0]))
    packed = bytearray((2 * (high - low) + 2 + 7) // 8)
    for slots, kind in ((cells, _CELL), (points, _POINT)):
        for slot in slots:
            bit = 2 * (slot - low) + kind
            packed[bit >> 3] |= 1 << (bit & 7)
    return int.from_bytes(packed, "little"), low


def diagonal_gaps(blocking: frozenset[Space]) -> frozenset[Point]:
    """The lattice points where two diagonally neighbouring blocking spaces meet (rule 3)."""
    out = set()
    for s in blocking:
        x, y = s.col, s.row  # the north-west corner of s
        if Space(s.row + 1, s.col + 1) in blocking:  # s is NW, its SE neighbour blocks
            out.add((x + 1, y + 1))
        if Space(s.row + 1, s.col - 1) in blocking:  # s is NE, its SW neighbour blocks
            out.add((x, y + 1))
    return frozenset(out)


def _is_gap(blocking: frozenset[Space], x: int, y: int) -> bool:
    """Whether two diagonally neighbouring ``blocking`` spaces meet at the point ``(x, y)``."""
    return ((Space(y - 1, x - 1) in blocking and Space(y, x) in blocking)
            or (Space(y - 1, x) in blocking and Space(y, x - 1) in blocking))


class SightMap:
    """The blocking structure of one board: which spaces block LoS and where the diagonal gaps
    are.  Build it once per set of blocking spaces (:func:`sight_map` caches it) and reuse it.

    Packing: slot ``(row + 1) * stride + (col + 1)`` with ``stride = cols + 2`` holds the cell
    ``(col, row)`` at bit ``2 * slot`` and the lattice point ``(x=col, y=row)`` at bit
    ``2 * slot + 1``; the margin keeps the cells beside the board edges (never blocking) from
    wrapping onto another row.
    """

    def __init__(self, board: Board, blocking: Iterable[Space]):
        self.board = board
        self.blocking = frozenset(s for s in blocking if board.contains(s))
        self.gaps = diagonal_gaps(self.blocking)
        self.stride = board.cols + 2
        bits = 0
        for s in self.blocking:
            bits |= 1 << (2 * self._slot(s.col, s.row) + _CELL)
        for x, y in self.gaps:
            bits |= 1 << (2 * self._slot(x, y) + _POINT)
        self.bits = bits
        self._without: dict[frozenset[Space], SightMap] = {}

    def _slot(self, x: int, y: int) -> int:
        return (y + 1) * self.stride + x + 1

    def without(self, exempt: Iterable[Space]) -> SightMap:
        """This map with the spaces ``exempt`` no longer blocking (cached per set).

        Derived in time proportional to ``exempt``: their cell bits are cleared and the
        diagonal gaps at their corners are decided again.
        """
        gone = frozenset(exempt) & self.blocking
        if not gone:
            return self
        derived = self._without.get(gone)
        if derived is None:
            derived = object.__new__(SightMap)
            derived.board, derived.stride = self.board, self.stride
            derived.blocking = blocking = self.blocking - gone
            derived._without = {}
            bits = self.bits
            for s in gone:
                bits &= ~(1 << (2 * self._slot(s.col, s.row) + _CELL))
            lost = set()
            for s in gone:
                for x, y in s.corners():
                    if (x, y) in self.gaps and not _is_gap(blocking, x, y):
                        lost.add((x, y))
                        bits &= ~(1 << (2 * self._slot(x, y) + _POINT))
            derived.gaps = self.gaps - lost
            derived.bits = bits
            self._without[gone] = derived
        return derived

    def clear(self, a: Point, b: Point) -> bool:
        """Whether the segment from lattice point ``a`` to ``b`` is unobstructed (rules 1-3)."""
        mask, low = _segment_mask(self.stride, b[0] - a[0], b[1] - a[1])
        return not (self.bits >> (2 * (self._slot(a[0], a[1]) + low))) & mask

    def obstruction(self, a: Point, b: Point) -> tuple[int, Space, Space | None] | None:
        """The first obstruction along the segment from ``a`` to ``b``, or ``None`` if clear.

        Returns ``(rule, space, other)``: rule 1 (through ``space``), 2 (along an edge of
        ``space``) or 3 (through the diagonal gap of ``space`` and ``other``).
        """
        for f in segment_features(b[0] - a[0], b[1] - a[1]):
            x, y = a[0] + f.x, a[1] + f.y
            if f.kind == "point":
                if (x, y) in self.gaps:
                    return (3, *self._gap_pair(x, y))
                continue
            space = Space(y, x)
            if space in self.blocking:
                return (1 if f.kind == "cell" else 2, space, None)
        return None

    def _gap_pair(self, x: int, y: int) -> tuple[Space, Space]:
        nw, se = Space(y - 1, x - 1), Space(y, x)
        if nw in self.blocking and se in self.blocking:
            return nw, se
        return Space(y - 1, x), Space(y, x - 1)

    def touched_corners(self, a: Point, b: Point) -> list[Space]:
        """Blocking spaces whose corner (and nothing more) the segment ``a``-``b`` touches."""
        out = []
        for f in segment_features(b[0] - a[0], b[1] - a[1]):
            if f.kind != "point":
                continue
            x, y = a[0] + f.x, a[1] + f.y
            for space in (Space(y - 1, x - 1), Space(y - 1, x), Space(y, x - 1), Space(y, x)):
                if space in self.blocking and space not in out:
                    out.append(space)
        return out


@lru_cache(maxsize=256)
def sight_map(board: Board, blocking: frozenset[Space]) -> SightMap:
    """The :class:`SightMap` of ``board`` with ``blocking`` spaces, built once and cached."""
    return SightMap(board, blocking)


def corners(spaces: Iterable[Space]) -> list[Point]:
    """The distinct corner points of ``spaces``, sorted."""
    return sorted({c for s in spaces for c in s.corners()})


def _name(space: Space, names: Mapping[Space, str] | None) -> str:
    name = names.get(space) if names else None
    return f"{name} ({space})" if name else str(space)


def _pairs(from_spaces: Iterable[Space], to_spaces: Iterable[Space]) -> list[Line]:
    """Every corner-to-corner segment, shortest first (then in coordinate order)."""
    pairs = [(a, b) for a in corners(from_spaces) for b in corners(to_spaces)]
    pairs.sort(key=lambda ab: ((ab[1][0] - ab[0][0]) ** 2 + (ab[1][1] - ab[0][1]) ** 2, ab))
    return pairs


def describe_obstruction(found: tuple[int, Space, Space | None],
                         names: Mapping[Space, str] | None = None) -> str:
    """The obstruction ``(rule, space, other)`` of :meth:`SightMap.obstruction` in words."""
    rule, space, other = found
    if rule == 1:
        return f"passes through {_name(space, names)}"
    if rule == 2:
        return f"runs along the edge of {_name(space, names)}"
    assert other is not None
    return (f"squeezes through the diagonal gap where {_name(space, names)} and "
            f"{_name(other, names)} meet corner to corner")


def line_of_sight(sight_map: SightMap, from_spaces: Iterable[Space], to_spaces: Iterable[Space],
                  *, names: Mapping[Space, str] | None = None) -> Sight:
    """Plain geometric LoS from the piece on ``from_spaces`` to the piece on ``to_spaces``.

    The tile exception (a tile does not block LoS to or from those standing on it) is the
    caller's: ask on ``sight_map.without(spaces)``.  ``names`` labels blocking spaces in the
    explanation (``"Column"`` gives ``"Column (E12)"``).  The answer's ``line`` is the
    shortest clear corner-to-corner segment; with no LoS, ``why`` names the first obstruction
    on the shortest segment and ``blocker`` its space.  Symmetric: swapping the two ends gives
    the same ``clear``.
    """
    from_spaces, to_spaces = tuple(from_spaces), tuple(to_spaces)
    if not from_spaces or not to_spaces:
        raise ValueError("line_of_sight needs at least one space at each end")
    pairs = _pairs(from_spaces, to_spaces)
    for a, b in pairs:
        if sight_map.clear(a, b):
            why = (f"LoS: the line from {corner_words(a, from_spaces)} to "
                   f"{corner_words(b, to_spaces)} is unobstructed" if a != b else
                   f"LoS: the two share {corner_words(a, from_spaces)}, which no diagonal "
                   f"gap closes")
            touched = sight_map.touched_corners(a, b)
            if touched:
                why += (f"; it only touches a corner of "
                        f"{', '.join(_name(s, names) for s in touched)}, which does not block")
            return Sight(True, (a, b), why)
    a, b = pairs[0]
    found = sight_map.obstruction(a, b)
    assert found is not None
    return Sight(False, None,
                 f"no LoS: every line is blocked; the nearest, from "
                 f"{corner_words(a, from_spaces)} to {corner_words(b, to_spaces)}, "
                 f"{describe_obstruction(found, names)}", found[1])


_KEY = 1 << 12
"""Points ``(x, y)`` are keyed ``x * _KEY + y`` in :func:`visible_from` (boards are at most
100 spaces a side, so keys never collide)."""

_MASKS_KEPT = 1 << 16
_TABLE_SIDE = 40
_FILLED: set[tuple[int, int]] = set()
_MASKS: dict[int, dict[int, tuple[int, int]]] = {}
"""Per row stride, the packed segment of each vector used by :func:`visible_from` (a plain
dict look-up is cheaper than the ``lru_cache`` call in the inner loop)."""


def _segment_table(board: Board) -> dict[int, tuple[int, int]]:
    """The packed segments for ``board``'s row stride, keyed ``dx * _KEY + dy``.

    Filled once for every vector on boards up to :data:`_TABLE_SIDE` a side (about 0.1 s
    for 30 x 30, then reused by every question on a board of that width); on larger boards
    filled as vectors are asked for, and emptied when it grows past :data:`_MASKS_KEPT`.
    """
    stride = board.cols + 2
    masks = _MASKS.get(stride)
    if masks is None:
        masks = _MASKS[stride] = {}
    if len(masks) > _MASKS_KEPT:
        masks.clear()
        _FILLED.difference_update({size for size in _FILLED if size[1] + 2 == stride})
    if (board.rows, board.cols) not in _FILLED and max(board.rows, board.cols) <= _TABLE_SIDE:
        for dx in range(-board.cols, board.cols + 1):
            for dy in range(-board.rows, board.rows + 1):
                vector = dx * _KEY + dy
                if vector not in masks:
                    masks[vector] = _packed(stride, vector)
        _FILLED.add((board.rows, board.cols))
    return masks


def _packed(stride: int, vector: int) -> tuple[int, int]:
    """:func:`_segment_mask` for a vector keyed ``dx * _KEY + dy``, with ``low`` doubled."""
    dx, dy = divmod(vector + _KEY // 2, _KEY)
    mask, low = _segment_mask(stride, dx, dy - _KEY // 2)
    return mask, 2 * low


def visible_from(sight_map: SightMap, from_spaces: Iterable[Space],
                 candidates: Iterable[Space]) -> list[Space]:
    """The ``candidates`` (in their given order) with a clear corner-to-corner segment from
    ``from_spaces`` under this map.

    Equivalent to asking :func:`line_of_sight` of each candidate with this map, but each
    corner point of the board is decided once (against every corner of ``from_spaces``) and
    a candidate stops at its first corner with a clear segment.
    """
    # Points are keyed as x * _KEY + y so that a vector is one integer subtraction away.
    sources = [(x * _KEY + y, 2 * sight_map._slot(x, y)) for x, y in corners(from_spaces)]
    bits, stride = sight_map.bits, sight_map.stride
    masks = _segment_table(sight_map.board)
    decided: dict[int, bool] = {}
    out = []
    for space in candidates:
        x0, y0 = space.col, space.row
        nw = x0 * _KEY + y0
        for point in (nw, nw + _KEY, nw + 1, nw + _KEY + 1):
            seen = decided.get(point)
            if seen is None:
                seen = False
                for source, base in sources:
                    vector = point - source
                    packed = masks.get(vector)
                    if packed is None:
                        packed = masks[vector] = _packed(stride, vector)
                    mask, low = packed
                    if not (bits >> (base + low)) & mask:
                        seen = True
                        break
                decided[point] = seen
            if seen:
                out.append(space)
                break
    return out
