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

Other maps that block a subset of this one (the tile exception: a space of an obscuring tile
is judged with that tile not blocking) are served by *freed* features: a cell or gap that such
a map does not block, met on a lit slope, is reported as a *wake*.  A point seen under the
other map and not under this one has such a feature first on its segment, so a map never
reported needs no further test from that source.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

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
    """One board's shadow casting from any number of source points: ``layers`` (see
    :class:`Layers`); ``freed_cells`` and ``freed_gaps`` map the slots of blocking cells and
    diagonal gaps to the other maps (by number) that do not block them."""

    def __init__(self, layers: Layers, freed_cells: Mapping[int, Sequence[int]] | None = None,
                 freed_gaps: Mapping[int, Sequence[int]] | None = None):
        self.layers = layers
        self.freed_cells = freed_cells or {}
        self.freed_gaps = freed_gaps or {}
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

        Returns the *wakes*: ``(maps, dsign, pn, pd, qn, qd, lit)`` for each freed cell or gap
        met on a lit slope, ``maps`` the other maps that do not block it, the rest the region
        where it darkened slopes (see :func:`in_region`).  Only a point in that region can be
        seen from here under one of those maps and not under this one (its first obstruction
        is such a feature)."""
        layers = self.layers
        stride, masks = layers.stride, layers.masks
        row, column = y + 1, x + 1  # the source's row of slots and its bit in a row
        woken: list[tuple] = []
        if layers.gap_rows[row] >> column & 1:  # rule 3: a line leaving from a diagonal gap
            found = self.freed_gaps.get(row * stride + column)
            if found:
                woken.append((found, 0, 0, 0, 0, 0, None))
            return woken
        # The row line: the cells north and south of each unit of it (rule 2), its gaps
        # (rule 3).  East, unit u joins the points u and u + 1 and its cells have bit
        # column + u; west, unit u joins the points -u and -(u + 1), cells at column - 1 - u.
        beside = layers.cell_rows[row - 1] | layers.cell_rows[row]
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
            self._row_wake(woken, 1, row, column + unit if unit < gap else column + gap, unit < gap)
        units = beside >> (column - west) & masks[west]
        unit = west - units.bit_length() if units else west
        points = on_line >> (column - west) & masks[west]
        gap = west - points.bit_length() + 1 if points else west + 1
        reach = unit if unit < gap else gap - 1
        seen |= masks[reach] << (column - reach)
        if reach < west:
            self._row_wake(woken, -1, row, column - 1 - unit if unit < gap else column - gap,
                           unit < gap)
        self.seen_rows[row] |= seen
        if y:
            self._half(x, y, -1, y, woken)
        if y < layers.rows:
            self._half(x, y, 1, layers.rows - y, woken)
        return woken

    def _row_wake(self, woken: list[tuple], lsign: int, row: int, bit: int, cell: bool) -> None:
        """Report the first obstruction on the source's row line (``row`` of slots) east
        (``lsign`` 1) or west: the cells north and south of it at ``bit`` when ``cell``, else
        the gap point at ``bit``, if freed."""
        stride = self.layers.stride
        if cell:
            slots = ((row - 1) * stride + bit, row * stride + bit)
            for slot in slots:
                found = self.freed_cells.get(slot) if self.layers.cells[slot] else None
                if found:
                    woken.append((found, 0, lsign, 0, 0, 0, None))
        else:
            found = self.freed_gaps.get(row * stride + bit)
            if found:
                woken.append((found, 0, lsign, 0, 0, 0, None))

    def _half(self, x: int, y: int, dsign: int, depth: int, woken: list[tuple]) -> None:
        """Sweep the half plane north (``dsign`` -1) or south (1) of the source point ``(x,
        y)``'s row line (see the module docstring) row by row: for each lit interval, darken
        what the cells it crosses between the rows block (rules 1 and 2), mark the lit points
        of the row, then darken the slopes of the diagonal gaps among them (rule 3)."""
        layers = self.layers
        cell_rows, gap_rows, masks, stride = (layers.cell_rows, layers.gap_rows, layers.masks,
                                              layers.stride)
        seen_rows = self.seen_rows
        freed_cells, freed_gaps = self.freed_cells, self.freed_gaps
        cut, cut_point = _cut, _cut_point
        west, east = x, layers.cols - x
        column = x + 1  # the bit of lateral 0 in a row (the cell east of it: lateral 0 too)
        far_west, far_east = -west - 1, east + 1  # slopes that stand for the infinities
        west_cell, east_cell = -west, east - 1
        cell_row = y if dsign < 0 else y + 1  # the row of slots of the cells below depth 1
        point_row = y + 1
        lit = [(far_west, 1, True, far_east, 1, True)]
        for d in range(1, depth + 1):
            k = d - 1
            point_row += dsign
            crow, grow = cell_rows[cell_row], gap_rows[point_row]
            row_seen = 0
            kept = []
            for iv in lit:
                ln, ld, lo_open, hn, hd, hi_open = iv
                pieces = None
                if crow:
                    # The cells the rays cross between depths k and d: laterals first..last.
                    first = ln * k // ld if ln >= 0 else ln * d // ld
                    last = -((-hn * d) // hd) - 1 if hn >= 0 else -((-hn * k) // hd) - 1
                    if first < west_cell:
                        first = west_cell
                    if last > east_cell:
                        last = east_cell
                    if last >= 0 and first <= last:  # rule 1 east of the column
                        base = first if first > 0 else 0
                        cells = crow >> (column + base) & masks[last - base + 1]
                        while cells:
                            bit = cells & -cells
                            m = base + bit.bit_length() - 1
                            if pieces is None:
                                pieces = [iv]
                            qn, qd = (m + 1, k) if k else (far_east, 1)
                            found = freed_cells.get(cell_row * stride + column + m)
                            if found:
                                woken.append((found, dsign, m, d, qn, qd, pieces))
                            pieces = cut(pieces, m, d, qn, qd)
                            if not pieces:
                                break
                            top_n, top_d = pieces[-1][3], pieces[-1][4]
                            if top_n <= 0:
                                break
                            cells ^= bit
                            bound = -((-top_n * d) // top_d) - base  # the lit cells' count
                            if bound < last - base + 1:
                                cells &= masks[bound] if bound > 0 else 0
                    if first < 0 and first <= last and pieces != []:  # rule 1 west of it
                        top = last if last < 0 else -1
                        cells = crow >> (column + first) & masks[top - first + 1]
                        while cells:
                            at = cells.bit_length() - 1
                            m = first + at
                            if pieces is None:
                                pieces = [iv]
                            pn, pd = (m, k) if k else (far_west, 1)
                            found = freed_cells.get(cell_row * stride + column + m)
                            if found:
                                woken.append((found, dsign, pn, pd, m + 1, d, pieces))
                            pieces = cut(pieces, pn, pd, m + 1, d)
                            if not pieces:
                                break
                            low_n, low_d = pieces[0][0], pieces[0][1]
                            if low_n >= 0:
                                break
                            cells ^= 1 << at
                            bound = low_n * d // low_d - first  # the dark cells' count
                            if bound > 0:
                                cells = cells >> bound << bound
                    if (crow >> (column - 1) & 3 and (ln < 0 or (not ln and not lo_open))
                            and (hn > 0 or (not hn and not hi_open))):  # rule 2, slope 0
                        if pieces is None:
                            pieces = [iv]
                        for m in (-1, 0):
                            found = (freed_cells.get(cell_row * stride + column + m)
                                     if crow >> (column + m) & 1 else None)
                            if found:
                                woken.append((found, dsign, 0, 1, 0, 1, pieces))
                        pieces = cut_point(pieces, 0, 1)
                for piece in ((iv,) if pieces is None else pieces):
                    ln, ld, lo_open, hn, hd, hi_open = piece
                    low = -((-ln * d) // ld)
                    if lo_open and low * ld == ln * d:
                        low += 1
                    high = hn * d // hd
                    if hi_open and high * hd == hn * d:
                        high -= 1
                    if low > east or high < -west:
                        continue  # every ray of it has left the board
                    if low < -west:
                        low = -west
                    if high > east:
                        high = east
                    if low <= high:
                        mask = masks[high - low + 1] << (column + low)
                        row_seen |= mask
                        if grow & mask:  # rule 3
                            parts = [piece]
                            gaps = grow & mask
                            while gaps:
                                bit = gaps & -gaps
                                lat = bit.bit_length() - 1 - column
                                found = freed_gaps.get(point_row * stride + column + lat)
                                if found:
                                    woken.append((found, dsign, lat, d, lat, d, parts))
                                parts = cut_point(parts, lat, d)
                                gaps ^= bit
                            kept.extend(parts)
                            continue
                    kept.append(piece)
            seen_rows[point_row] |= row_seen
            if not kept:
                return
            lit = kept
            cell_row += dsign


def _cut(lit: list, pn: int, pd: int, qn: int, qd: int) -> list:
    """``lit`` without the open slope interval ``(pn/pd, qn/qd)``."""
    out = []
    for iv in lit:
        ln, ld, lo_open, hn, hd, hi_open = iv
        if qn * ld <= ln * qd or pn * hd >= hn * pd:
            out.append(iv)
            continue
        left = ln * pd - pn * ld
        if left < 0 or (left == 0 and not lo_open):
            out.append((ln, ld, lo_open, pn, pd, False))
        if qn * hd < hn * qd or (qn * hd == hn * qd and not hi_open):
            out.append((qn, qd, False, hn, hd, hi_open))
    return out


def _cut_point(lit: list, gn: int, gd: int) -> list:
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
            out.append((ln, ld, lo_open, gn, gd, True))
        if above > 0:
            out.append((gn, gd, True, hn, hd, hi_open))
    return out


def in_region(wake: tuple, source: tuple[int, int], point: tuple[int, int]) -> bool:
    """Whether ``point`` lies in the region of ``wake`` (see :meth:`Sweep.cast`) seen from
    ``source``.  ``(maps, dsign, pn, pd, qn, qd, lit)`` with ``dsign`` -1 or 1: the half plane
    north or south of the source's row line, at a slope (columns east per row away) from
    ``pn/pd`` to ``qn/qd`` (both ends included) within the span of the lit intervals ``lit``;
    with ``dsign`` 0: the source's row line east (``pn`` 1) or west (-1) of it, or every point
    (``pn`` 0)."""
    _maps, dsign, pn, pd, qn, qd, lit = wake
    if not dsign:
        return not pn or (point[1] == source[1] and (point[0] - source[0]) * pn > 0)
    d, lat = (point[1] - source[1]) * dsign, point[0] - source[0]
    if d <= 0 or lat * pd < pn * d or lat * qd > qn * d:
        return False
    ln, ld = lit[0][0], lit[0][1]
    hn, hd = lit[-1][3], lit[-1][4]
    return lat * ld >= ln * d and lat * hd <= hn * d
