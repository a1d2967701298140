"""Every lattice point a corner sees, found by exact shadow casting.

The segment test of ``clash-geometry.md``, *Line of Sight*, asked of one source point and
every lattice point of a board at once.  The plane around the source point is cut into the
source's own row line and the two half planes north and south of it.  In a half plane, a point
is named by its *depth* ``d >= 1`` (rows away from the source) and its *lateral* offset ``l``
(columns east of the source, negative to the west), and a ray from the source by its slope
``l / d``.  The half plane is swept one board row at a time, keeping the slopes still *lit*
(no obstruction yet) as a list of intervals.  What each of the three rules removes:

1. a blocking cell spanning depths ``[k, k+1]`` and laterals ``[m, m+1]`` is crossed through
   its open interior by exactly the rays with slope in the open interval
   ``(m / (k+1), (m+1) / k)`` east of the source's column (``m >= 0``), ``(m / k,
   (m+1) / (k+1))`` west of it (every slope beyond ``m`` or ``m + 1`` when ``k = 0``); from
   depth ``k + 1`` on, those slopes are dark;
2. the only ray of a half plane that runs along grid lines is slope 0 (straight north or
   south): it runs along an edge of the cells at laterals ``-1`` and ``0``, so either one
   blocking darkens slope 0 from depth ``k + 1`` on (the sweep lets those two cells darken
   slope 0 with their interiors);
3. a diagonal gap at depth ``D`` darkens its own slope from depth ``D`` on (the gap itself
   is never seen; a source on a gap sees nothing).

The source's row line is seen east and west up to the first cell beside it that blocks (rule
2) or the first gap on it (rule 3).  A ray's extreme corners are never removed (the interval
is open), so touching a single corner does not block.

Slopes are exact but held as single integers, *keys* (:func:`slope_key`): ``floor(l * 2**p /
d)`` with ``2**p`` more than twice the square of the board's height, so that two different
slopes of the board have keys at least 2 apart.  Keys then order slopes exactly, and the key
plus or minus one stands for "just beside" a slope, so every lit interval is a closed range of
keys ``a..b``, the open ends of rule 1 included; the least and greatest lateral it lights at
depth ``d`` are ``ceil(a * d / 2**p)`` and ``floor(((b + 1) * d - 1) / 2**p)``, a
multiplication and a shift each.  The keys where a cell's darkening starts and ends are worked
out the first time a cell at that lateral and depth is met and kept per board size.

Each board row is kept as the bits of a small integer (a bit per cell or per point), so the
blocking cells a lit interval crosses, the gaps among the points it lights and the marking of
those points are a shift and a mask each.  The two columns beside the board count as
blocking cells (walls), so the rays that leave the board are darkened like any other and no
interval needs clipping to the board.  The cells an interval crosses between depths ``k`` and
``d`` lie between the least lateral it lit at ``k`` or lights at ``d`` (less one) and the
greatest: the interval carries the laterals it lit, so finding them takes no division.  It is
cut by those cells one side of the source's column at a time (east cells only darken slopes
from 0 up, west cells slopes from 0 down), nearest the column first, the order a ray meets
them, so each cut leaves a finished piece and the first cell beyond what is still lit ends
that side.  Only what lies in the lit slopes is visited, so the work follows what is seen, not
the size of the board.

Other maps that block a subset of this one (the tile exception: a space of an obscuring tile
is judged with that tile not blocking) are served by *wakes*: each blocking cell or gap met
on a lit slope is reported with the slopes it darkened and the lit interval it met (what is
still lit when it is met).  A point seen under a map that does not block some of these, and
not under this one, has one of them first on its segment and lies in its wake, so a map none
of whose features is reported needs no further test from that source.
"""

from __future__ import annotations

import functools

CELL, GAP = 1, 2
"""Flag bits of a slot in a map's flag array: the cell there blocks; the point there is a
diagonal gap."""

_CELL_DIGITS = bytes(48 + (flag & CELL) for flag in range(256))
_GAP_DIGITS = bytes(48 + ((flag & GAP) >> 1) for flag in range(256))
"""Translation tables from a flag byte to the digit ``1`` where its cell blocks, where its
point is a gap (else ``0``)."""

_BYTES_OF_DIGITS = bytes.maketrans(b"01", b"\x00\x01")
_DIGITS_OF_BYTES = bytes.maketrans(b"\x00\x01", b"01")


def bits_of(flags: bytes, table: bytes = _DIGITS_OF_BYTES) -> int:
    """The integer whose bit ``slot`` is 1 where ``flags[slot]`` translates by ``table`` to
    the digit ``1`` (by default: where it is 1; every byte must then be 0 or 1)."""
    return int(flags[::-1].translate(table) or b"0", 2)


def bytes_of(bits: int, size: int) -> bytearray:
    """``size`` bytes, byte ``slot`` 1 where bit ``slot`` of ``bits`` is (the inverse of
    :func:`bits_of`; ``bits`` must have none at ``size`` or above)."""
    return bytearray(format(bits, "b")[::-1].encode().translate(_BYTES_OF_DIGITS)
                     .ljust(size, b"\x00")[:size])


class Layers:
    """One map's blocking structure as the sweep reads it, for a board ``cols`` x ``rows``
    with slot ``(y + 1) * (cols + 2) + x + 1`` for the cell or point ``(x, y)`` (see
    :class:`~tabletop.spatial.sight.SightMap`): ``cells`` and ``gaps`` (a byte 1 where the
    cell blocks, where the point is a diagonal gap), ``gap_rows`` (per row of slots, the same
    as the bits of an integer: bit ``i`` for slot ``row * stride + i``), ``gap_bits`` (the
    gaps of the whole board, bit ``slot``) and ``cell_rows`` (the sweep's rows of cells, see
    below).  Built once per map from its flag array."""

    def __init__(self, flags: bytearray, rows: int, cols: int):
        self.rows, self.cols, self.stride = rows, cols, cols + 2
        stride, raw = self.stride, bytes(flags)
        self.cells = raw.translate(_CELL_DIGITS).translate(_BYTES_OF_DIGITS)
        self.gaps = raw.translate(_GAP_DIGITS).translate(_BYTES_OF_DIGITS)
        cell_bits, self.gap_bits = bits_of(raw, _CELL_DIGITS), bits_of(raw, _GAP_DIGITS)
        row, walls = (1 << stride) - 1, 1 | 1 << (cols + 1)
        self.cell_rows = [(cell_bits >> (r * stride) & row | walls) << stride
                          for r in range(rows + 2)]
        """Per row of slots, its blocking cells and the two slots beside the board, which
        count as blocking too (walls: they darken the rays leaving the board), shifted up by
        ``stride`` bits: bit ``stride + i`` for slot ``row * stride + i``."""
        self.gap_rows = [self.gap_bits >> (r * stride) & row for r in range(rows + 2)]
        self.masks = [(1 << n) - 1 for n in range(2 * stride + 4)]
        """``masks[n]``: the lowest ``n`` bits."""
        self.runs = self.masks[1:] + [0]
        """``runs[n]``: the lowest ``n + 1`` bits (none for ``n = -1``)."""
        self.spans = self.masks[2:] + [1]
        """``spans[n]``: the lowest ``n + 2`` bits (one for ``n = -1``)."""
        self.shift = (2 * rows * rows).bit_length()
        """The slope keys' scale ``2 ** shift`` (see :func:`slope_key`): more than twice
        the square of the deepest a point lies from a row line."""
        self.far = (cols + 2) << self.shift
        """A key above every slope a ray to a point of the board can take (``-far`` is
        below every one)."""
        self.cuts = _cut_rows(rows, cols)
        """``cuts[q]``: the keys where the cells between depths ``q - 1`` and ``q`` (or ``q``
        and ``q + 1``) start and end darkening, ``None`` until :meth:`cut_row` makes them;
        shared by every map of the board's size."""

    def cut_row(self, q: int) -> tuple[list[int | None], list[int | None]]:
        """``cuts[q]`` (see :attr:`cuts`), its lists made if not made yet: ``(up, down)``,
        ``up[m]`` the key just above the slope ``m / q`` and ``down[m]`` the key just below
        ``(m + 1) / q`` (``|m| <= cols + 2``, a negative ``m`` indexing from the end), each
        ``None`` until the sweep first needs it, except ``up[0] = down[-1] = 0`` (slope 0
        itself: rule 2).  A cell at lateral ``m`` between depths ``k`` and ``d = k + 1``
        darkens the keys from ``up[m]`` of ``d`` to ``down[m]`` of ``k`` east of the source's
        column, from ``up[m]`` of ``k`` to ``down[m]`` of ``d`` west of it."""
        made = self.cuts[q]
        if made is None:
            up, down = [None] * (2 * self.cols + 5), [None] * (2 * self.cols + 5)
            up[0] = down[-1] = 0
            made = self.cuts[q] = (up, down)
        return made


@functools.lru_cache(maxsize=16)
def _cut_rows(rows: int, cols: int) -> list[tuple[list[int | None], list[int | None]] | None]:
    """The rows of cut keys of a board ``cols`` x ``rows`` (see :attr:`Layers.cuts`), none
    made yet (kept for the last 16 board sizes asked)."""
    return [None] * (rows + 1)


def slope_key(lateral: int, depth: int, shift: int) -> int:
    """The key of the slope ``lateral / depth`` (``depth >= 1``): ``floor(lateral * 2 **
    shift / depth)``.

    Two slopes whose depths are at most ``D`` differ by at least ``1 / D**2``, so with
    ``2 ** shift >= 2 * D**2`` their keys differ by at least 2: keys order the slopes exactly,
    equal slopes have equal keys, and ``key + 1`` (``key - 1``) stands for "just above (below)
    that slope", above (below) it and below (above) every other.  The sweep's intervals are
    closed ranges of keys."""
    return (lateral << shift) // depth


class Sweep:
    """One board's shadow casting from any number of source points over ``layers`` (see
    :class:`Layers`)."""

    def __init__(self, layers: Layers):
        self.layers = layers
        self.seen_rows = [0] * (layers.rows + 2)
        """Per row of slots, the points seen from the sources cast so far (bits as in
        :class:`Layers`), except that a diagonal gap may be marked too: it is never seen (see
        :meth:`seen_bits`)."""

    def seen_bits(self) -> int:
        """The points seen from the sources cast so far, bit ``slot`` of an integer."""
        stride, bits = self.layers.stride, 0
        for row, seen in enumerate(self.seen_rows):
            if seen:
                bits |= seen << (row * stride)
        return bits & ~self.layers.gap_bits

    def cast(self, x: int, y: int) -> list[tuple]:
        """Add every point seen from the point ``(x, y)`` to :attr:`seen_rows`.

        Returns the *wakes*: ``(key, dsign, low, high, low2, high2, shift)`` for each
        blocking cell (``key`` ``2 * slot``) or diagonal gap (``2 * slot + 1``) met on a lit
        slope, with the region where it darkened slopes that were still lit (see
        :func:`in_region`).  A point seen from here
        under a map that does not block some of these, and not under this one, lies in the
        region of one of those (its first obstruction)."""
        layers = self.layers
        stride, masks = layers.stride, layers.masks
        row, column = y + 1, x + 1  # the source's row of slots and its bit in a row
        if layers.gap_rows[row] >> column & 1:  # rule 3: a line leaving from a diagonal gap
            return [(2 * (row * stride + column) + 1, 0, 0, 0, 0, 0, 0)]
        wakes: list[tuple] = []
        # The row line: the cells north and south of each unit of it (rule 2), its gaps
        # (rule 3).  East, unit u joins the points u and u + 1 and its cells have bit
        # column + u; west, unit u joins the points -u and -(u + 1), cells at column - 1 - u
        # (the masks leave out the walls beside the board).
        above, below = layers.cell_rows[row - 1] >> stride, layers.cell_rows[row] >> stride
        beside = above | below
        on_line = layers.gap_rows[row]
        seen = 1 << column
        east, west = layers.cols - x, x
        units = beside >> column & masks[east]
        unit = (units & -units).bit_length() - 1 if units else east
        points = on_line >> (column + 1) & masks[east]
        gap = (points & -points).bit_length() if points else east + 1
        reach = unit if unit < gap else gap - 1
        seen |= masks[reach] << (column + 1)
        if reach < east:
            _row_wake(wakes, 1, row * stride, column + unit if unit < gap else column + gap,
                      (above, below) if unit < gap else None, stride)
        units = beside >> (column - west) & masks[west]
        unit = west - units.bit_length() if units else west
        points = on_line >> (column - west) & masks[west]
        gap = west - points.bit_length() + 1 if points else west + 1
        reach = unit if unit < gap else gap - 1
        seen |= masks[reach] << (column - reach)
        if reach < west:
            _row_wake(wakes, -1, row * stride, column - 1 - unit if unit < gap else column - gap,
                      (above, below) if unit < gap else None, stride)
        self.seen_rows[row] |= seen
        if y:
            self._half(x, y, -1, y, wakes)
        if y < layers.rows:
            self._half(x, y, 1, layers.rows - y, wakes)
        return wakes

    def _half(self, x: int, y: int, dsign: int, depth: int, wakes: list[tuple]) -> None:
        """Sweep the half plane north (``dsign`` -1) or south (1) of the source point ``(x,
        y)``'s row line (see the module docstring) row by row: for each lit interval, darken
        what the cells it crosses between the rows block (rules 1 and 2, the walls off the
        board included), mark the lit points of the row, then darken the slopes of the
        diagonal gaps among them (rule 3).  The wakes of the cells and gaps met are added to
        ``wakes`` (see :meth:`cast`)."""
        layers = self.layers
        walled, gap_rows, masks, stride, p = (layers.cell_rows, layers.gap_rows, layers.masks,
                                              layers.stride, layers.shift)
        seen_rows = self.seen_rows
        west, east = x, layers.cols - x
        column = x + 1  # the bit of lateral 0 in a row (the cell east of it: lateral 0 too)
        base = stride + column  # the same in a walled row
        cell_row = y if dsign < 0 else y + 1  # the row of slots of the cells below depth 1
        point_row = y + 1
        # Between depths 0 and 1 a cell at lateral m darkens every slope beyond m (east) or
        # m + 1 (west): the nearest blocking cell each side ends what is lit.
        crow, far = walled[cell_row], layers.far
        near = crow >> base
        m = (near & -near).bit_length() - 1
        b = (m << p) if m else -1  # rule 2 darkens slope 0 too
        if m < east:
            wakes.append((2 * (cell_row * stride + column + m), dsign, b + 1, far, b + 1, far,
                          p))
        m = (crow & masks[base]).bit_length() - 1 - base
        a = ((m + 1) << p) if m < -1 else 1
        if m >= -west:
            wakes.append((2 * (cell_row * stride + column + m), dsign, -far, a - 1, -far, b, p))
        if a > b:
            return
        lit = [(a, b, 0, 0)]
        crow = 0  # the cells between depths 0 and 1 are done
        runs, spans, under = layers.runs, layers.spans, base - 1
        cuts, up, down = layers.cuts, None, None
        ceil = (1 << p) - 1
        for d in range(1, depth + 1):
            k = d - 1
            up_k, down_k = up, down
            up, down = cuts[d] or layers.cut_row(d)
            point_row += dsign
            grow = gap_rows[point_row]
            row_seen = 0
            kept: list[tuple] = []
            for a, b, low, high in lit:
                # The keys a..b light the laterals lo..hi at depth d; the cells they cross
                # since depth k (where they lit low..high) lie within first..last.
                lo = (a * d + ceil) >> p
                hi = (b * d + k) >> p
                least = low if low < lo else lo
                cells = crow >> (under + least) & spans[(high if high > hi else hi) - least]
                if cells:  # rules 1 and 2: cut a..b into pieces (a, b, lo, hi)
                    pieces = []
                    first = least - 1  # the lateral of bit 0 of cells
                    slot = 2 * (cell_row * stride + column)
                    # East of the column (bit m: lateral m), nearest first: the cell at m
                    # darkens the keys up[m]..down_k[m] (from slope 0 for m = 0).
                    run = cells >> -first if first < 0 else cells << first
                    while run:
                        bit = run & -run
                        run ^= bit
                        m = bit.bit_length() - 1
                        cut = up[m]
                        if cut is None:
                            cut = up[m] = ((m << p) + d) // d
                        if cut > b:
                            break  # so does every later one
                        top = down_k[m]
                        if top is None:
                            top = down_k[m] = (((m + 1) << p) - k) // k
                        if top < a:
                            continue
                        if m < east:
                            wakes.append((slot + 2 * m, dsign, cut, top, a, b, p))
                        if cut > a:
                            if lo is None:
                                lo = (a * d + ceil) >> p
                            pieces.append((a, cut - 1, lo, m if m else -1))
                        a, lo = top + 1, None
                        if a > b:
                            break
                    if a <= b:
                        if lo is None:
                            lo = (a * d + ceil) >> p
                        pieces.append((a, b, lo, hi))
                    # West of it (bit i: lateral first + i), nearest first, on the lowest
                    # piece: the cell at m darkens up_k[m]..down[m] (to slope 0 for m = -1).
                    run = cells & masks[-first] if first < 0 else 0
                    if run and pieces:
                        a, b, lo, hi = pieces[0]
                        above = []
                        while run:
                            at = run.bit_length() - 1
                            run ^= 1 << at
                            m = first + at
                            top = down[m]
                            if top is None:
                                top = down[m] = (((m + 1) << p) - d) // d
                            if top < a:
                                break  # so does every later one
                            cut = up_k[m]
                            if cut is None:
                                cut = up_k[m] = ((m << p) + k) // k
                            if cut > b:
                                continue
                            if m >= -west:
                                wakes.append((slot + 2 * m, dsign, cut, top, a, b, p))
                            if top < b:
                                if hi is None:
                                    hi = (b * d + k) >> p
                                above.append((top + 1, b, m + 1 if m < -1 else 1, hi))
                            b, hi = cut - 1, None
                            if a > b:
                                break
                        if a <= b:
                            if hi is None:
                                hi = (b * d + k) >> p
                            above.append((a, b, lo, hi))
                        pieces[:1] = above  # (the order of the lit intervals is free)
                    for piece in pieces:
                        a, b, lo, hi = piece
                        row_seen |= runs[hi - lo] << (column + lo)
                        kept.append(piece)
                    continue
                row_seen |= runs[hi - lo] << (column + lo)
                kept.append((a, b, lo, hi))
            seen_rows[point_row] |= row_seen
            if grow & row_seen:  # rule 3
                kept = _cut_gaps(kept, grow, masks, column, d, p, wakes, dsign,
                                 point_row * stride)
            if not kept:
                return
            lit = kept
            cell_row += dsign
            crow = walled[cell_row]


def _row_wake(wakes: list[tuple], lsign: int, row_base: int, bit: int,
              cell_rows: tuple[int, int] | None, stride: int) -> None:
    """Add the wake of the first obstruction on the source's row line (slots from
    ``row_base``) east (``lsign`` 1) or west: the blocking ones of the cells north and south of
    it at ``bit`` (their rows of bits ``cell_rows``), else the gap point at ``bit``."""
    if cell_rows is None:
        wakes.append((2 * (row_base + bit) + 1, 0, lsign, 0, 0, 0, 0))
        return
    for base, cells in zip((row_base - stride, row_base), cell_rows, strict=True):
        if cells >> bit & 1:
            wakes.append((2 * (base + bit), 0, lsign, 0, 0, 0, 0))


def _cut_gaps(lit: list[tuple], gaps: int, masks: list[int], column: int, d: int, p: int,
              wakes: list[tuple], dsign: int, row_base: int) -> list[tuple]:
    """The lit intervals ``lit`` (``(a, b, lo, hi)``: the keys ``a..b``, scale ``2 ** p``,
    lighting the laterals ``lo..hi`` at depth ``d``) without the slopes of the diagonal gaps
    ``gaps`` among their points (rule 3; bit ``column + lateral`` of the row of slots from
    ``row_base``; ``masks[n]`` the lowest ``n`` bits).  The wake of each such gap (its own
    slope) is added to ``wakes`` (half plane ``dsign``)."""
    kept = []
    for piece in lit:
        a, b, lo, hi = piece
        met = gaps & masks[hi - lo + 1] << (column + lo)
        if not met:
            kept.append(piece)
            continue
        while met:
            bit = met & -met
            met ^= bit
            lat = bit.bit_length() - 1 - column
            key = (lat << p) // d
            wakes.append((2 * (row_base + column + lat) + 1, dsign, key, key, key, key, p))
            if a < key:
                kept.append((a, key - 1, lo, lat - 1))
            a, lo = key + 1, lat + 1
        if a <= b:
            kept.append((a, b, lo, hi))
    return kept


def in_region(wake: tuple, source: tuple[int, int], point: tuple[int, int]) -> bool:
    """Whether ``point`` lies in the region of ``wake`` (see :meth:`Sweep.cast`) seen from
    ``source``.  ``(key, dsign, low, high, low2, high2, shift)`` with ``dsign`` -1 or 1: the
    half plane north or south of the source's row line, at a slope (columns east per row
    away) whose key (:func:`slope_key`, scale ``2 ** shift``) is from ``low`` to ``high`` and
    from ``low2`` to ``high2``; with ``dsign`` 0: the source's row line east (``low`` 1) or
    west (-1) of it, or every point (``low`` 0)."""
    _key, dsign, low, high, low2, high2, shift = wake
    if not dsign:
        return not low or (point[1] == source[1] and (point[0] - source[0]) * low > 0)
    d = (point[1] - source[1]) * dsign
    if d <= 0:
        return False
    key = slope_key(point[0] - source[0], d, shift)
    return low <= key <= high and low2 <= key <= high2
