"""Every lattice point a corner sees, found by exact shadow casting.

The segment test of ``clash-geometry.md``, *Line of Sight*, asked of one source point and
every lattice point of a board at once.  The plane around the source point is cut into the
source's own row line and the two half planes north and south of it.  In a half plane, a point
is named by its *depth* ``d >= 1`` (rows away from the source) and its *lateral* offset ``l``
(columns east of the source, negative to the west), and a ray from the source by its slope
``l / d``.  The half plane is swept one board row at a time, keeping the slopes still *lit*
(no obstruction yet) as a sorted list of intervals whose ends are exact fractions (integer
pairs, compared by cross multiplication: no floating point anywhere).  Slopes steeper than
the board is wide reach no point, so ``-(west + 1)`` and ``east + 1`` stand for the two
infinities.  What each of the three rules removes:

1. a blocking cell spanning depths ``[k, k+1]`` and laterals ``[m, m+1]`` is crossed through
   its open interior by exactly the rays with slope in the open interval
   ``(m / (k+1), (m+1) / k)`` east of the source's column (``m >= 0``), ``(m / k,
   (m+1) / (k+1))`` west of it (up to the infinities when ``k = 0``); from depth ``k + 1`` on,
   those slopes are dark;
2. the only ray of a half plane that runs along grid lines is slope 0 (straight north or
   south): it runs along an edge of the cells at laterals ``-1`` and ``0``, so either one
   blocking darkens slope 0 from depth ``k + 1`` on;
3. a diagonal gap at depth ``D`` darkens its own slope from depth ``D`` on (the gap itself
   is never seen; a source on a gap sees nothing).

The source's row line is seen east and west up to the first cell beside it that blocks (rule
2) or the first gap on it (rule 3).  A ray's extreme corners are never removed (the interval
is open), so touching a single corner does not block.  Only what lies in the lit slopes is
visited, and a lit interval whose rays have all left the board is dropped, so the work follows
what is seen, not the size of the board.

Each board row is kept as the bits of a small integer (a bit per cell or per point), so the
blocking cells a lit interval crosses, the gaps among the points it lights and the marking of
those points are a shift and a mask each; the cells of a row are met nearest the source's
column first, the order a ray meets them.  A typical question lights a couple of points per
row, and the per-row work is a few integer divisions per lit interval.

A lit interval is cut by the blocking cells it crosses between two rows one side of the
source's column at a time (east cells only darken positive slopes, west cells negative ones),
nearest the column first, so each cut leaves a finished piece and the first cell beyond what
is still lit ends that side.

Other maps that block a subset of this one (the tile exception: a space of an obscuring tile
is judged with that tile not blocking) are served by *wakes*: each blocking cell or gap met
on a lit slope is reported with the slopes it darkened and the span of the lit interval it
met.  A point seen under a map that does not block some of these, and not under this one,
has one of them first on its segment and lies in its wake, so a map none of whose features
is reported needs no further test from that source.
"""

from __future__ import annotations

from collections.abc import Sequence

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
    cell blocks, where the point is a diagonal gap), ``cell_rows`` and ``gap_rows`` (per row
    of slots, the same as the bits of an integer: bit ``i`` for slot ``row * stride + i``)
    and ``gap_bits`` (the gaps of the whole board, bit ``slot``).  Built once per map from its
    flag array."""

    def __init__(self, flags: bytearray, rows: int, cols: int):
        self.rows, self.cols, self.stride = rows, cols, cols + 2
        stride, raw = self.stride, bytes(flags)
        self.cells = raw.translate(_CELL_DIGITS).translate(_BYTES_OF_DIGITS)
        self.gaps = raw.translate(_GAP_DIGITS).translate(_BYTES_OF_DIGITS)
        cell_bits, self.gap_bits = bits_of(raw, _CELL_DIGITS), bits_of(raw, _GAP_DIGITS)
        row = (1 << stride) - 1
        self.cell_rows = [cell_bits >> (r * stride) & row for r in range(rows + 2)]
        self.gap_rows = [self.gap_bits >> (r * stride) & row for r in range(rows + 2)]
        self.masks = [(1 << n) - 1 for n in range(stride + 1)]
        """``masks[n]``: the lowest ``n`` bits."""


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

        Returns the *wakes*: ``(key, dsign, pn, pd, qn, qd, ln, ld, hn, hd)`` for each
        blocking cell (``key`` ``2 * slot``) or diagonal gap (``2 * slot + 1``) met on a lit
        slope, with the region where it darkened slopes (see :func:`in_region`).  A point seen
        from here under a map that does not block some of these, and not under this one, lies
        in the region of one of those (its first obstruction)."""
        layers = self.layers
        stride, masks = layers.stride, layers.masks
        row, column = y + 1, x + 1  # the source's row of slots and its bit in a row
        if layers.gap_rows[row] >> column & 1:  # rule 3: a line leaving from a diagonal gap
            return [(2 * (row * stride + column) + 1, 0, 0, 0, 0, 0, 0, 0, 0, 0)]
        wakes: list[tuple] = []
        # The row line: the cells north and south of each unit of it (rule 2), its gaps
        # (rule 3).  East, unit u joins the points u and u + 1 and its cells have bit
        # column + u; west, unit u joins the points -u and -(u + 1), cells at column - 1 - u.
        above, below = layers.cell_rows[row - 1], layers.cell_rows[row]
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
        what the cells it crosses between the rows block (rules 1 and 2), mark the lit points
        of the row, then darken the slopes of the diagonal gaps among them (rule 3).  The
        wakes of the cells and gaps met are added to ``wakes`` (see :meth:`cast`)."""
        layers = self.layers
        cell_rows, gap_rows, masks, stride = (layers.cell_rows, layers.gap_rows, layers.masks,
                                              layers.stride)
        seen_rows = self.seen_rows
        west, east = x, layers.cols - x
        column = x + 1  # the bit of lateral 0 in a row (the cell east of it: lateral 0 too)
        far_west, far_east = -west - 1, east + 1  # slopes that stand for the infinities
        west_cell, east_cell = -west, east - 1
        cell_row = y if dsign < 0 else y + 1  # the row of slots of the cells below depth 1
        point_row = y + 1
        lit = [(far_west, 1, 0, far_east, 1, 0)]
        for d in range(1, depth + 1):
            k = d - 1
            point_row += dsign
            crow, grow = cell_rows[cell_row], gap_rows[point_row]
            centre = crow >> (column - 1) & 3  # the cells at laterals -1 and 0 (rule 2)
            row_seen = 0
            kept = []
            for iv in lit:
                ln, ld, lo_open, hn, hd, hi_open = iv
                pieces = (iv,)
                if crow:
                    # The cells the rays cross between depths k and d: laterals first..last.
                    first = ln * k // ld if ln >= 0 else ln * d // ld
                    last = (hn * d - 1) // hd if hn >= 0 else (hn * k - 1) // hd
                    if first < west_cell:
                        first = west_cell
                    if last > east_cell:
                        last = east_cell
                    if first <= last:
                        cells = crow >> (column + first) & masks[last - first + 1]
                        if cells:  # rule 1
                            pieces = _cut_cells(iv, cells, first, k, far_west, far_east,
                                                wakes, dsign, cell_row * stride + column)
                    if (centre and (ln < 0 or not (ln or lo_open))
                            and (hn > 0 or not (hn or hi_open))):  # rule 2, slope 0
                        base = cell_row * stride + column
                        for slot in (base - 1, base):
                            if crow >> (slot - cell_row * stride) & 1:
                                wakes.append((2 * slot, dsign, 0, 1, 0, 1, ln, ld, hn, hd))
                        pieces = _cut_point(pieces, 0, 1)
                for piece in pieces:
                    ln, ld, lo_open, hn, hd, hi_open = piece
                    low = (ln * d + ld - 1 + lo_open) // ld
                    high = (hn * d - hi_open) // hd
                    if low > east or high < west_cell:
                        continue  # every ray of it has left the board
                    if low < west_cell:
                        low = west_cell
                    if high > east:
                        high = east
                    if low <= high:
                        mask = masks[high - low + 1] << (column + low)
                        row_seen |= mask
                        gaps = grow & mask
                        if gaps:  # rule 3
                            parts = [piece]
                            while gaps:
                                bit = gaps & -gaps
                                lat = bit.bit_length() - 1 - column
                                wakes.append((2 * (point_row * stride + column + lat) + 1,
                                              dsign, lat, d, lat, d, ln, ld, hn, hd))
                                parts = _cut_point(parts, lat, d)
                                gaps ^= bit
                            kept.extend(parts)
                            continue
                    kept.append(piece)
            seen_rows[point_row] |= row_seen
            if not kept:
                return
            lit = kept
            cell_row += dsign


def _row_wake(wakes: list[tuple], lsign: int, row_base: int, bit: int,
              cell_rows: tuple[int, int] | None, stride: int) -> None:
    """Add the wake of the first obstruction on the source's row line (slots from
    ``row_base``) east (``lsign`` 1) or west: the blocking ones of the cells north and south of
    it at ``bit`` (their rows of bits ``cell_rows``), else the gap point at ``bit``."""
    if cell_rows is None:
        wakes.append((2 * (row_base + bit) + 1, 0, lsign, 0, 0, 0, 0, 0, 0, 0))
        return
    for base, cells in zip((row_base - stride, row_base), cell_rows, strict=True):
        if cells >> bit & 1:
            wakes.append((2 * (base + bit), 0, lsign, 0, 0, 0, 0, 0, 0, 0))


def _cut_cells(iv: tuple, cells: int, first: int, k: int, far_west: int, far_east: int,
               wakes: list[tuple], dsign: int, base: int) -> list[tuple]:
    """The lit interval ``iv`` without the slopes that cross the open interior of the blocking
    cells ``cells`` (bit ``i`` for lateral ``first + i``) between depths ``k`` and ``k + 1``
    (rule 1): ``(m / (k+1), (m+1) / k)`` for a cell east of the column, ``(m / k, (m+1) /
    (k+1))`` west of it, the infinities ``far_west`` and ``far_east`` standing for the ends
    that divide by ``k = 0``.  The wake of each cell that darkens some of it is added to
    ``wakes`` (half plane ``dsign``; the cell at lateral ``m`` has slot ``base + m``).

    Returns the pieces left, in slope order.  The cells east of the column only darken
    positive slopes and those west of it negative ones; on each side they are taken nearest
    the column first, so that each cut leaves a piece nearer the column that no later cell on
    that side reaches, and the first cell beyond what is still lit ends that side."""
    d, qd, pd = k + 1, k or 1, k or 1  # k = 0: the far ends are the infinities, over 1
    ln, ld, lo_open, hn, hd, hi_open = iv
    top_n, top_d, low_n, low_d = hn, hd, ln, ld  # the span of iv, for the wakes
    pieces = []
    east = cells >> -first if first < 0 else cells << first  # bit m: the cell at lateral m
    alive, cut = True, False
    while east:
        bit = east & -east
        east ^= bit
        m = bit.bit_length() - 1
        if m * hd >= hn * d:
            break  # the cut starts at or above the interval's top: so does every later one
        qn = m + 1 if k else far_east
        if qn * ld <= ln * qd:
            continue
        wakes.append((2 * (base + m), dsign, m, d, qn, qd, low_n, low_d, top_n, top_d))
        if ln * d < m * ld or (ln * d == m * ld and not lo_open):
            pieces.append((ln, ld, lo_open, m, d, 0))
        if qn * hd < hn * qd or (qn * hd == hn * qd and not hi_open):
            ln, ld, lo_open, cut = qn, qd, 0, True
        else:
            alive = False
            break
    if alive:
        pieces.append((ln, ld, lo_open, hn, hd, hi_open) if cut else iv)
    west = cells & ((1 << -first) - 1) if first < 0 else 0  # bit i: lateral first + i
    if not west or not pieces:
        return pieces
    lowest = pieces[0]
    ln, ld, lo_open, hn, hd, hi_open = lowest
    above = []
    alive, cut = True, False
    while west:
        at = west.bit_length() - 1
        west ^= 1 << at
        m = first + at
        if (m + 1) * ld <= ln * d:
            break  # the cut ends at or below the interval's bottom: so does every later one
        pn = m if k else far_west
        if pn * hd >= hn * pd:
            continue
        wakes.append((2 * (base + m), dsign, pn, pd, m + 1, d, low_n, low_d, top_n, top_d))
        if (m + 1) * hd < hn * d or ((m + 1) * hd == hn * d and not hi_open):
            above.append((m + 1, d, 0, hn, hd, hi_open))
        if ln * pd < pn * ld or (ln * pd == pn * ld and not lo_open):
            hn, hd, hi_open, cut = pn, pd, 0, True
        else:
            alive = False
            break
    if alive:
        above.append((ln, ld, lo_open, hn, hd, hi_open) if cut else lowest)
    above.reverse()
    pieces[:1] = above
    return pieces


def _cut_point(lit: Sequence[tuple], gn: int, gd: int) -> list[tuple]:
    """``lit`` without the single slope ``gn/gd``."""
    out = []
    for iv in lit:
        ln, ld, lo_open, hn, hd, hi_open = iv
        below = gn * ld - ln * gd  # sign of g - lo
        above = hn * gd - gn * hd  # sign of hi - g
        if below < 0 or above < 0 or (below == 0 and lo_open) or (above == 0 and hi_open):
            out.append(iv)
            continue
        if below > 0:
            out.append((ln, ld, lo_open, gn, gd, 1))
        if above > 0:
            out.append((gn, gd, 1, hn, hd, hi_open))
    return out


def in_region(wake: tuple, source: tuple[int, int], point: tuple[int, int]) -> bool:
    """Whether ``point`` lies in the region of ``wake`` (see :meth:`Sweep.cast`) seen from
    ``source``.  ``(key, dsign, pn, pd, qn, qd, ln, ld, hn, hd)`` with ``dsign`` -1 or 1: the
    half plane north or south of the source's row line, at a slope (columns east per row
    away) from ``pn/pd`` to ``qn/qd`` and from ``ln/ld`` to ``hn/hd`` (all ends included);
    with ``dsign`` 0: the source's row line east (``pn`` 1) or west (-1) of it, or every point
    (``pn`` 0)."""
    _key, dsign, pn, pd, qn, qd, ln, ld, hn, hd = wake
    if not dsign:
        return not pn or (point[1] == source[1] and (point[0] - source[0]) * pn > 0)
    d, lat = (point[1] - source[1]) * dsign, point[0] - source[0]
    return (d > 0 and lat * pd >= pn * d and lat * qd <= qn * d and lat * ld >= ln * d
            and lat * hd <= hn * d)
