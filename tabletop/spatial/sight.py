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

Speed: a :class:`SightMap` keeps the blocking spaces and diagonal gaps of one board in a byte
array (a slot per cell and corner point), made with bit operations, and per row and column of
slots as the bits of small integers.  Testing one segment (:meth:`SightMap.clear`) takes a band
of cells at a time across its shorter extent, with integers: the run of cells it crosses in a
row (or column) is tested against that row's blocking cells in one mask.  :func:`visible_from`
(every space seen from a piece) does not test segments one by one: it casts shadows from each
corner of the piece (:mod:`tabletop.spatial.shadowcast`), visiting only what is seen, so that
the first question on a board costs no more than the hundredth, and picks the answer's spaces
(or labels) out of a table per board size.  No approximation is involved anywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Iterator, Mapping
from functools import lru_cache
from itertools import compress
from math import gcd
from operator import itemgetter

from tabletop.frozen import Frozen
from tabletop.spatial.grid import Board, Space, corner_words, row_letters
from tabletop.spatial.shadowcast import (
    CELL,
    GAP,
    Layers,
    Sweep,
    bits_of,
    bytes_of,
    in_region,
)

Point = tuple[int, int]
Line = tuple[Point, Point]

_CELL_BYTES = bytes(flag & CELL for flag in range(256))
_GAP_BYTES = bytes((flag & GAP) // GAP for flag in range(256))
"""Translation tables from a flag byte (see :meth:`SightMap.flags`) to 1 where its cell
blocks, where its point is a diagonal gap (else 0)."""


class Sight(Frozen):
    """The answer to one LoS question.

    ``clear``: whether LoS exists.  ``line``: a clear segment ``((x1, y1), (x2, y2))`` from a
    corner of P to a corner of Q in corner coordinates, or ``None`` when there is no LoS.
    ``why``: the rule that decided, in words.  ``blocker``: the blocking space that stops the
    nearest line when there is no LoS, else ``None``.  ``nearest``: that nearest line (the one
    ``why`` names) when there is no LoS, else ``None``.
    """

    clear: bool
    line: Line | None
    why: str
    blocker: Space | None = None
    nearest: Line | None = None


@lru_cache(maxsize=1 << 14)
def segment_steps(dx: int, dy: int) -> tuple[int, tuple[tuple[int, str, int, int], ...]]:
    """The cells and lattice points met by the segment from ``(0, 0)`` to ``(dx, dy)``, in
    order, with integers only: ``(denominator, steps)``, each step ``(key, kind, x, y)`` where
    ``key / denominator`` is where along the segment (0 to 1) the step is met.

    Cells are given by their north-west corner ``(col, row)``.  A diagonal segment meets the
    cells whose open interior it crosses, each from where it enters it; a segment along a grid
    line meets, for each unit of its length, the two cells sharing that unit edge (kind
    ``"edge"``, met at the unit's middle).  Lattice points (kind ``"point"``) include both
    ends.  Cells entered at the same place keep the order they are listed in (column first).
    """
    out: list[tuple[int, str, int, int]] = []
    length = max(abs(dx), abs(dy))
    if dx == 0 or dy == 0:
        sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
        for k in range(length + 1):  # the point k is met at 2k / 2length, its edge at 2k + 1
            out.append((2 * k, "point", sx * k, sy * k))
            if k == length:
                break
            if dy == 0:  # horizontal: the cells above and below the unit edge
                col = k if sx > 0 else -k - 1
                out += ((2 * k + 1, "edge", col, -1), (2 * k + 1, "edge", col, 0))
            else:  # vertical: the cells left and right of the unit edge
                row = k if sy > 0 else -k - 1
                out += ((2 * k + 1, "edge", -1, row), (2 * k + 1, "edge", 0, row))
        return 2 * length or 1, tuple(out)
    g = gcd(abs(dx), abs(dy))
    p, q = abs(dx) // g, abs(dy) // g
    sx, sy = (1 if dx > 0 else -1), (1 if dy > 0 else -1)
    for k in range(g + 1):  # the k-th of g equal pieces, each p across and q down
        bx, by, base = sx * p * k, sy * q * k, k * p * q
        out.append((base, "point", bx, by))
        if k == g:
            break
        cells = []
        for i in range(p):
            low = (q * i) // p
            high = -((-q * (i + 1)) // p)  # ceil(q * (i + 1) / p)
            for j in range(low, high):  # entered at max(i / p, j / q) of the piece
                col = bx + i if sx > 0 else bx - 1 - i
                row = by + j if sy > 0 else by - 1 - j
                cells.append((base + max(i * q, j * p), "cell", col, row))
        cells.sort(key=itemgetter(0))  # stable: ties keep their order
        out.extend(cells)
    return g * p * q, tuple(out)


class SightMap:
    """The blocking structure of one board: which spaces block LoS and where the diagonal gaps
    are.  Build it once per set of blocking spaces (:func:`sight_map` caches it) and reuse it.

    Packing (:meth:`flags`): slot ``(row + 1) * stride + (col + 1)`` with ``stride = cols + 2``
    stands for the cell ``(col, row)`` and for the lattice point ``(x=col, y=row)``, its
    north-west corner; the margin keeps the cells beside the board edges (never blocking) from
    wrapping onto another row.
    """

    def __init__(self, board: Board, blocking: Iterable[Space]):
        self.board = board
        self.stride = stride = board.cols + 2
        rows, cols = board.rows, board.cols
        if not isinstance(blocking, frozenset):
            blocking = frozenset(blocking)
        cells = bytearray((rows + 2) * stride)
        outside = False
        for s in blocking:
            if 0 <= s.row < rows and 0 <= s.col < cols:
                cells[(s.row + 1) * stride + s.col + 1] = 1
            else:
                outside = True
        self._blocking: frozenset[Space] | None = (
            frozenset(s for s in blocking if board.contains(s)) if outside else blocking)
        # Rule 3: a point is a diagonal gap where the cells north-west and south-east of it
        # block (bits s and s + stride + 1, the point's slot) or those north-east and
        # south-west (s and s + stride - 1, the point at s + stride).
        bits = bits_of(cells)
        self._gap_bits = ((bits & bits >> (stride + 1)) << (stride + 1)
                          | (bits & bits >> (stride - 1)) << stride)
        self._gaps: frozenset[Point] | None = None
        gaps = bytes_of(self._gap_bits, len(cells))  # bytes 0 or 1: their sum carries none
        self._flags: bytearray | None = bytearray(
            (CELL * int.from_bytes(cells, "little") + GAP * int.from_bytes(gaps, "little"))
            .to_bytes(len(cells), "little"))
        self._without: dict[frozenset[Space], SightMap] = {}
        self._layers: Layers | None = None
        self._lines: tuple[list[int], list[int], list[int], list[int]] | None = None
        self._derived: tuple[SightMap, frozenset[Space], frozenset[Point]] | None = None

    def _slot(self, x: int, y: int) -> int:
        return (y + 1) * self.stride + x + 1

    @property
    def blocking(self) -> frozenset[Space]:
        """The spaces that block LoS."""
        if self._blocking is None:
            parent, gone, _lost = self._derived
            self._blocking = parent.blocking - gone
        return self._blocking

    @property
    def gaps(self) -> frozenset[Point]:
        """The diagonal gaps (rule 3)."""
        if self._gaps is None:
            if self._derived is not None:
                parent, _gone, lost = self._derived
                self._gaps = parent.gaps - lost
            else:
                stride, raw = self.stride, bytes_of(self._gap_bits, len(self.flags()))
                slots = compress(range(len(raw)), raw)
                self._gaps = frozenset((slot % stride - 1, slot // stride - 1) for slot in slots)
        return self._gaps

    def without(self, exempt: Iterable[Space]) -> SightMap:
        """This map with the spaces ``exempt`` no longer blocking (cached per set).

        Derived in time proportional to ``exempt``: the diagonal gaps at their corners are
        decided again, and the derived map's sets and flags are made from this map's when
        first asked for.
        """
        gone = frozenset(exempt) & self.blocking
        if not gone:
            return self
        derived = self._without.get(gone)
        if derived is None:
            freed = {self._slot(s.col, s.row) for s in gone}
            stride = self.stride
            lost = frozenset((point % stride - 1, point // stride - 1)
                             for point in lost_gaps(self.flags(), stride, freed, freed))
            derived = object.__new__(SightMap)
            derived.board, derived.stride = self.board, self.stride
            derived._blocking = derived._gaps = derived._flags = derived._layers = None
            derived._lines = None
            derived._without = {}
            derived._derived = (self, gone, lost)
            self._without[gone] = derived
        return derived

    def flags(self) -> bytearray:
        """One byte per slot (see the class docstring): :data:`~tabletop.spatial.shadowcast.CELL`
        where the cell blocks, :data:`~tabletop.spatial.shadowcast.GAP` where the point is a
        diagonal gap; the layout :class:`~tabletop.spatial.shadowcast.Sweep` reads.  Made with
        the map (a derived map's on first use: its parent's, with what it freed cleared)."""
        if self._flags is None:
            parent, gone, lost = self._derived
            flags = bytearray(parent.flags())
            for s in gone:
                flags[self._slot(s.col, s.row)] &= ~CELL
            for x, y in lost:
                flags[self._slot(x, y)] &= ~GAP
            self._flags = flags
        return self._flags

    def layers(self) -> Layers:
        """The blocking cells and diagonal gaps as :class:`~tabletop.spatial.shadowcast.Sweep`
        reads them (made from :meth:`flags` on first use and kept)."""
        if self._layers is None:
            self._layers = Layers(self.flags(), self.board.rows, self.board.cols)
        return self._layers

    def lines(self) -> tuple[list[int], list[int], list[int], list[int]]:
        """The blocking cells and the diagonal gaps by line of slots, as the bits of small
        integers: per row of slots ``r``, bit ``i`` for slot ``r * stride + i`` (cells, then
        gaps); per column of slots ``c``, bit ``r`` for the same slot (cells, then gaps).
        Made from :meth:`flags` on first use and kept."""
        if self._lines is None:
            raw, stride = bytes(self.flags()), self.stride
            cells, gaps = raw.translate(_CELL_BYTES), raw.translate(_GAP_BYTES)
            count, row = len(raw) // stride, (1 << stride) - 1
            cell_bits, gap_bits = bits_of(cells), bits_of(gaps)
            self._lines = ([cell_bits >> (r * stride) & row for r in range(count)],
                           [gap_bits >> (r * stride) & row for r in range(count)],
                           [bits_of(cells[c::stride]) for c in range(stride)],
                           [bits_of(gaps[c::stride]) for c in range(stride)])
        return self._lines

    def clear(self, a: Point, b: Point, freed: Container[int] = ()) -> bool:
        """Whether the segment from lattice point ``a`` to ``b`` is unobstructed (rules 1-3):
        no cell whose open interior it crosses blocks (rule 1), nor, along a grid line, a
        cell beside it (rule 2), nor is a lattice point on it a diagonal gap (rule 3; both
        ends included).  Cells and gaps keyed in ``freed`` (``2 * slot``, ``2 * slot + 1``)
        do not count: the answer of a map that blocks all but those.

        Worked out with integers, a band at a time across the segment's shorter extent: a
        segment ``dv`` rows (or columns) across and ``du >= dv`` along crosses, in band
        ``j``, the run of cells from ``floor(du * j / dv)`` to ``ceil(du * (j + 1) / dv) -
        1`` along it, tested against the band's blocking cells in one mask; its lattice
        points are its ``gcd(du, dv) + 1`` steps."""
        (ax, ay), (bx, by) = a, b
        lines = self._lines or self.lines()
        if abs(by - ay) <= abs(bx - ax):  # bands are rows: u along x, lines v are rows
            cells, gaps = lines[0], lines[1]
            u, v, du, dv, across = ax, ay, bx - ax, by - ay, False
        else:  # bands are columns: u along y, lines v are columns
            cells, gaps = lines[2], lines[3]
            u, v, du, dv, across = ay, ax, by - ay, bx - ax, True
        if dv < 0 or (dv == 0 and du < 0):  # go the other way: dv >= 0, and du >= 0 if dv is 0
            u, v, du, dv = u + du, v + dv, -du, -dv
        if dv == 0:  # along a grid line: the cells on both sides of it (rule 2), its points
            run = ((1 << du) - 1) << (u + 1)
            for line in (v, v + 1):
                if cells[line] & run and not self._freed(cells[line] & run, line, across,
                                                          freed, 0):
                    return False
            run = ((1 << (du + 1)) - 1) << (u + 1)
            return not (gaps[v + 1] & run) or self._freed(gaps[v + 1] & run, v + 1, across,
                                                          freed, 1)
        # Rule 1, band by band: ``done`` cells of the run lie before band j (floor(w j / dv)),
        # ``count`` in it; east of u when du > 0, else west.
        east, width = du > 0, abs(du)
        reach = done = 0
        for line in range(v + 1, v + dv + 1):
            reach += width
            whole, part = divmod(reach, dv)
            count = whole + (part > 0) - done
            low = u + done if east else u - done - count
            hit = cells[line] >> (low + 1) & ((1 << count) - 1)
            if hit and not self._freed(hit << (low + 1), line, across, freed, 0):
                return False
            done = whole
        step = gcd(du, dv)
        su, sv = du // step, dv // step
        for k in range(step + 1):  # rule 3: the lattice points on it
            line, bit = v + k * sv + 1, u + k * su + 1
            if gaps[line] >> bit & 1 and not self._freed(1 << bit, line, across, freed, 1):
                return False
        return True

    def _freed(self, bits: int, line: int, across: bool, freed: Container[int],
               kind: int) -> bool:
        """Whether every cell (``kind`` 0) or point (1) at ``bits`` of the line of slots
        ``line`` (a column if ``across``, else a row; see :meth:`lines`) is keyed in
        ``freed``."""
        if not freed:
            return False
        stride = self.stride
        while bits:
            bit = (bits & -bits).bit_length() - 1
            bits &= bits - 1
            slot = bit * stride + line if across else line * stride + bit
            if 2 * slot + kind not in freed:
                return False
        return True

    def obstruction(self, a: Point, b: Point) -> tuple[int, Space, Space | None] | None:
        """The first obstruction along the segment from ``a`` to ``b``, or ``None`` if clear.

        Returns ``(rule, space, other)``: rule 1 (through ``space``), 2 (along an edge of
        ``space``) or 3 (through the diagonal gap of ``space`` and ``other``).
        """
        for _key, kind, x, y in segment_steps(b[0] - a[0], b[1] - a[1])[1]:
            x, y = a[0] + x, a[1] + y
            if kind == "point":
                if (x, y) in self.gaps:
                    return (3, *self._gap_pair(x, y))
                continue
            space = Space(y, x)
            if space in self.blocking:
                return (1 if kind == "cell" else 2, space, None)
        return None

    def _gap_pair(self, x: int, y: int) -> tuple[Space, Space]:
        nw, se = Space(y - 1, x - 1), Space(y, x)
        if nw in self.blocking and se in self.blocking:
            return nw, se
        return Space(y - 1, x), Space(y, x - 1)

    def touched_corners(self, a: Point, b: Point) -> list[Space]:
        """Blocking spaces whose corner (and nothing more) the segment ``a``-``b`` touches."""
        out = []
        for _key, kind, x, y in segment_steps(b[0] - a[0], b[1] - a[1])[1]:
            if kind != "point":
                continue
            x, y = a[0] + x, a[1] + y
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
                 f"{describe_obstruction(found, names)}", found[1], (a, b))


class _SlotTable:
    """The spaces (or their labels) of one board size by slot (see :class:`SightMap`), made
    the first time an answer lists them and kept: an answer is then picked out of the table
    in one C-level pass (:func:`itertools.compress`).  A table with ``make_row`` fills a whole
    board row at once (cheaper per item than one at a time), else each slot is made alone."""

    def __init__(self, size: int, stride: int, make: Callable[[int], object] | None = None,
                 make_row: Callable[[int], Iterable] | None = None):
        self.items: list = [None] * size
        self.filled = 0
        """Bit ``slot`` set for each slot already made."""
        self.stride = stride
        self.make = make
        self.make_row = make_row

    def pick(self, marks: bytearray, bits: int) -> list:
        """The items at the slots where ``marks`` holds 1 (``bits``: the same slots as the
        bits of an integer), in slot (reading) order."""
        missing = bits & ~self.filled
        if missing:
            self._fill(missing)
        return list(compress(self.items, marks))

    def _fill(self, missing: int) -> None:
        """Make the items at the slots of ``missing`` (and, with ``make_row``, the rest of
        their board rows)."""
        items, stride = self.items, self.stride
        if self.make_row is None:
            raw = bytes_of(missing, len(items))
            slot = raw.find(1)
            while slot >= 0:
                items[slot] = self.make(slot)
                slot = raw.find(1, slot + 1)
            self.filled |= missing
            return
        row_bits = ((1 << (stride - 2)) - 1) << 1  # the board's slots of a row of slots
        row, base = 0, stride
        missing >>= stride
        while missing:
            if missing & row_bits:
                items[base + 1:base + stride - 1] = self.make_row(row)
                self.filled |= row_bits << base
            missing >>= stride
            row += 1
            base += stride


@lru_cache(maxsize=8)
def _slot_tables(board: Board) -> tuple[_SlotTable, _SlotTable]:
    """The :class:`_SlotTable` of the spaces and of the labels of ``board``'s size."""
    stride = board.cols + 2
    size = (board.rows + 2) * stride
    numbers = [str(col + 1) for col in range(board.cols)]

    def space(slot: int) -> Space:
        return Space(slot // stride - 1, slot % stride - 1)

    def labels(row: int) -> Iterator[str]:  # str(space) of each space of the row
        return map(row_letters(row).__add__, numbers)

    return _SlotTable(size, stride, make=space), _SlotTable(size, stride, make_row=labels)


_KEY = itemgetter(0)
_FLIP = bytes.maketrans(b"\x00\x01", b"\x01\x00")


def lost_gaps(flags: bytearray | bytes, stride: int, freed: Container[int],
              cells: Iterable[int]) -> list[int]:
    """The slots of the diagonal gaps (rule 3) at the corners of the cells ``cells`` that
    stop being gaps when the cells at the slots ``freed`` (``cells`` among them) no longer
    block, in the layout of :meth:`SightMap.flags`: a gap stays while either of its two
    diagonal pairs of cells still blocks."""
    def blocks(slot: int) -> bool:
        return bool(flags[slot] & CELL) and slot not in freed

    lost = []
    for cell in cells:
        for point in (cell, cell + 1, cell + stride, cell + stride + 1):  # its four corners
            if flags[point] & GAP and point not in lost and not (
                    (blocks(point - stride - 1) and blocks(point))
                    or (blocks(point - stride) and blocks(point - 1))):
                lost.append(point)
    return lost


class SightPlan:
    """What :func:`visible_from` needs for one map and the spaces judged otherwise, prepared
    once and reused for every source: the main map ``sight_map`` and ``own_freed`` (a space
    listed there is judged under ``sight_map`` with the spaces ``own_freed[space]`` not
    blocking: the tile exception).  Spaces sharing one ``own_freed`` object form a group,
    tested together."""

    def __init__(self, sight_map: SightMap,
                 own_freed: Mapping[Space, Iterable[Space]] | None = None):
        self.sight_map = sight_map
        board, stride = sight_map.board, sight_map.stride
        rows, cols = board.rows, board.cols
        self.size = (rows + 2) * stride
        by_freed: dict[int, tuple[Iterable[Space], list[int]]] = {}
        for space, freed in (own_freed or {}).items():
            if 0 <= space.row < rows and 0 <= space.col < cols:
                by_freed.setdefault(id(freed), (freed, []))[1].append(
                    (space.row + 1) * stride + space.col + 1)
        flags = sight_map.flags()
        self.freed: list[frozenset[int]] = []
        """Per group: the cells and gaps it frees (keys ``2 * slot``, ``2 * slot + 1``)."""
        self.slots: list[list[int]] = []
        """Per group: the slots of its spaces."""
        self.groups_of: dict[int, list[int]] = {}
        """The groups (by number) that free each cell or gap, by key."""
        own_slots: list[int] = []
        own_groups: list[int] = []
        for freed, slots in by_freed.values():
            cells = {(s.row + 1) * stride + s.col + 1 for s in freed
                     if 0 <= s.row < rows and 0 <= s.col < cols}
            cells = [cell for cell in cells if flags[cell] & CELL]
            if not cells:
                continue  # judged like any other space
            keys = [2 * cell for cell in cells]
            keys += [2 * point + 1 for point in lost_gaps(flags, stride, set(cells), cells)]
            group = len(self.freed)
            for key in keys:
                self.groups_of.setdefault(key, []).append(group)
            self.freed.append(frozenset(keys))
            self.slots.append(slots)
            own_slots += slots
            own_groups += [group] * len(slots)
        self.own_groups = own_groups
        """The group of each space with its own map, in the order of :attr:`own_marks`."""
        self.group_of = {key: groups[0] if len(groups) == 1 else -1
                         for key, groups in self.groups_of.items()}
        """The group that frees each cell or gap, by key (-1 where several do)."""
        self.own_marks: Callable[[bytearray], tuple[int, ...]] = (
            itemgetter(*own_slots) if len(own_slots) > 1
            else lambda marks: tuple(marks[slot] for slot in own_slots))
        """The bytes of ``marks`` (see :meth:`_marks`) at the slots of the spaces with their
        own maps."""
        own = bytearray(self.size)
        for slot in own_slots:
            own[slot] = 1
        self.own_spaces = bits_of(own)
        """Bit ``slot`` set for each space with its own map."""
        row = (1 << cols) - 1
        self.on_board = sum(row << (r * stride + 1) for r in range(1, rows + 1))
        """Bit ``slot`` set for each board space."""

    def seen(self, from_spaces: Iterable[Space], leaving: Iterable[Space] = ()) -> list[Space]:
        """Every board space (in reading order) with a clear corner-to-corner segment from a
        corner of ``from_spaces``, each judged under its own map, except the spaces
        ``leaving`` (``from_spaces`` themselves are answered like any other)."""
        return _slot_tables(self.sight_map.board)[0].pick(*self._marks(from_spaces, leaving))

    def seen_labels(self, from_spaces: Iterable[Space], leaving: Iterable[Space] = ()
                    ) -> list[str]:
        """The labels of :meth:`seen` (``"C7"``), in the same order."""
        return _slot_tables(self.sight_map.board)[1].pick(*self._marks(from_spaces, leaving))

    def _marks(self, from_spaces: Iterable[Space], leaving: Iterable[Space]
               ) -> tuple[bytearray, int]:
        """The spaces :meth:`seen` lists, as a byte per slot (see :class:`SightMap`), 1 at
        each, and as the bits of an integer (bit ``slot``)."""
        sight_map = self.sight_map
        stride = sight_map.stride
        sweep = Sweep(sight_map.layers())
        woken = [(point, sweep.cast(*point)) for point in corners(from_spaces)]
        # A space is seen when one of its four corners is: OR the points seen shifted by one
        # slot east, one row south and both.
        points = sweep.seen_bits()
        seen = (points | points >> 1 | points >> stride | points >> (stride + 1)) & self.on_board
        marks = bytes_of(seen, self.size)
        if self.own_spaces & ~seen:
            for slot in self._seen_freed(marks, woken):
                marks[slot] = 1
                seen |= 1 << slot
        board = sight_map.board
        for space in leaving:
            if board.contains(space):
                slot = sight_map._slot(space.col, space.row)
                marks[slot] = 0
                seen &= ~(1 << slot)
        return marks, seen

    def _seen_freed(self, marks: bytearray, woken: list[tuple[Point, list[tuple]]]
                    ) -> list[int]:
        """The slots of the spaces with their own maps, not marked seen in ``marks``, that
        their own maps see.

        ``woken`` holds each source with its wakes (see
        :meth:`~tabletop.spatial.shadowcast.Sweep.cast`): a corner not seen under the main
        map is seen under a map that frees some cells and gaps only if the first obstruction
        on a segment to it is one of those, and then it lies in that one's wake.  Only the
        groups with a space not seen yet are looked at (their keys gathered, and the wakes of
        those picked out, in C-level passes), only their spaces' corners in those wakes are
        tested, one segment per source and corner."""
        unseen_own = bytes(self.own_marks(marks)).translate(_FLIP)
        waiting = set(compress(self.own_groups, unseen_own))
        waiting.add(-1)  # stands for the keys that several groups free
        group_of, groups_of = self.group_of, self.groups_of
        pending: dict[int, list[tuple[Point, tuple]]] = {}
        for source, wakes in woken:
            for wake in compress(wakes, map(waiting.__contains__,
                                            map(group_of.__getitem__, map(_KEY, wakes)))):
                for group in groups_of[wake[0]]:
                    if group in waiting:
                        tries = pending.get(group)
                        if tries is None:
                            pending[group] = [(source, wake)]
                        else:
                            tries.append((source, wake))
        clear, stride = self.sight_map.clear, self.sight_map.stride
        found = []
        for group, tries in pending.items():
            freed = self.freed[group]
            for slot in self.slots[group]:
                if marks[slot]:
                    continue
                x, y = slot % stride - 1, slot // stride - 1
                for corner in ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)):
                    done = None  # the source already tested (tries come source by source)
                    for source, wake in tries:
                        if source is not done and in_region(wake, source, corner):
                            if clear(source, corner, freed):
                                break
                            done = source
                    else:
                        continue
                    found.append(slot)
                    break
        return found


def visible_from(sight_map: SightMap, from_spaces: Iterable[Space], candidates: Iterable[Space],
                 own_maps: Mapping[Space, SightMap] | None = None) -> list[Space]:
    """The ``candidates`` (in their given order) with a clear corner-to-corner segment from
    ``from_spaces``: under ``own_maps[space]`` for a candidate listed there (such a map must
    block a subset of what ``sight_map`` blocks, as :meth:`SightMap.without` makes), under
    ``sight_map`` for the others.

    Equivalent to asking :func:`line_of_sight` of each candidate with its map, but every
    lattice point is decided at once from each corner of ``from_spaces`` by exact shadow
    casting (:mod:`tabletop.spatial.shadowcast`), which visits only what is seen.
    """
    own_freed: dict[Space, frozenset[Space]] = {}
    by_map: dict[int, frozenset[Space]] = {}
    for space, own in (own_maps or {}).items():
        freed = by_map.get(id(own))
        if freed is None:
            freed = by_map[id(own)] = sight_map.blocking - own.blocking
        own_freed[space] = freed
    seen = set(SightPlan(sight_map, own_freed).seen(from_spaces))
    return [space for space in candidates if space in seen]
