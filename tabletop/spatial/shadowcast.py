"""Every lattice point a corner sees, found by exact shadow casting.

The segment test of ``clash-geometry.md``, *Line of Sight*, asked of one source point and
every lattice point of a board at once.  The plane around the source point is cut into four
*quadrants* (north-east, north-west, south-east, south-west) and the source's own row line.
In a quadrant, a point is named by its *depth* ``d >= 1`` (rows away from the source) and its
*lateral* offset ``l >= 0`` (columns away), and a ray from the source by its slope ``l / d``,
from 0 (straight north or south) towards infinity (along the source's row).  The quadrant is
swept one board row at a time, keeping the slopes still *lit* (no obstruction yet) as a sorted
list of intervals whose ends are exact fractions (integer pairs, compared by cross
multiplication; infinity is ``1 / 0``: no floating point anywhere).  What each of the three
rules removes:

1. a blocking cell spanning depths ``[k, k+1]`` and laterals ``[m, m+1]`` is crossed through
   its open interior by exactly the rays with slope in the open interval
   ``(m / (k+1), (m+1) / k)`` (up to infinity when ``k = 0``); from depth ``k + 1`` on, those
   slopes are dark;
2. the only ray of a quadrant that runs along grid lines is its axis (slope 0): it runs along
   an edge of the cells at laterals ``-1`` and ``0``, so either one blocking darkens slope 0
   from depth ``k + 1`` on;
3. a diagonal gap at depth ``D`` darkens its own slope from depth ``D`` on (the gap itself
   is never seen; a source on a gap sees nothing).

The source's row line is walked east and west until a cell beside it blocks (rule 2) or a gap
lies on it (rule 3).  A ray's extreme corners are never removed (the interval is open), so
touching a single corner does not block.  Only what lies in the lit slopes is visited, and a
lit interval whose rays have all left the board is dropped, so the work follows what is seen,
not the size of the board.

Each board row is one run of bytes (a slot per cell and per point), so the cells a lit
interval crosses and the gaps among the points it lights are found by ``bytes.find`` and its
points are marked by one slice assignment; a typical question lights a couple of points per
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

_CELL_BYTES = bytes(flag & CELL for flag in range(256))
_GAP_BYTES = bytes((flag & GAP) >> 1 for flag in range(256))
"""Translation tables from a flag byte to 1 where its cell blocks, where its point is a gap."""

_FULL = (0, 1, False, 1, 0, True)
"""All slopes of a quadrant, ``[0, infinity)``: an interval is ``(lo_num, lo_den, lo_open,
hi_num, hi_den, hi_open)``; denominators are positive except an upper end at infinity
(``1 / 0``, always open)."""

_QUADRANTS = ((-1, 1), (-1, -1), (1, 1), (1, -1))
"""``(dsign, lsign)``: depth grows with the row index when ``dsign`` is 1 (south), lateral
offset with the column index when ``lsign`` is 1 (east)."""

_ROW_LINE = (1, 0, 1, 0, [_FULL])
"""The slopes of a wake on the source's own row line (infinity, see :func:`in_region`)."""


def _cut(lit: list, pn: int, pd: int, qn: int, qd: int) -> list:
    """``lit`` without the open slope interval ``(pn/pd, qn/qd)`` (``qd`` 0: infinity)."""
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
    """``lit`` without the single (finite) slope ``gn/gd``."""
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


class Layers:
    """One map's blocking structure as the sweep reads it, for a board ``cols`` x ``rows``
    with slot ``(y + 1) * (cols + 2) + x + 1`` for the cell or point ``(x, y)`` (see
    :class:`~tabletop.spatial.sight.SightMap`): ``cells`` (a byte 1 where the cell blocks),
    ``gaps`` (a byte 1 where the point is a diagonal gap) and ``gap_bytes`` (``gaps`` read as
    one little-endian integer).  Built once per map from its flag array."""

    def __init__(self, flags: bytearray, rows: int, cols: int):
        self.rows, self.cols, self.stride = rows, cols, cols + 2
        self.cells = bytes(flags).translate(_CELL_BYTES)
        self.gaps = bytes(flags).translate(_GAP_BYTES)
        self.gap_bytes = int.from_bytes(self.gaps, "little")
        self.ones = tuple(b"\x01" * n for n in range(cols + 2))
        """``ones[n]``: ``n`` bytes 1, a run of points marked seen at once."""


class Sweep:
    """One board's shadow casting from any number of source points: ``layers`` (see
    :class:`Layers`); ``freed_cells`` and ``freed_gaps`` map the slots of blocking cells and
    diagonal gaps to the other maps (by number) that do not block them."""

    def __init__(self, layers: Layers, freed_cells: Mapping[int, Sequence[int]] | None = None,
                 freed_gaps: Mapping[int, Sequence[int]] | None = None):
        self.layers = layers
        self.freed_cells = freed_cells or {}
        self.freed_gaps = freed_gaps or {}
        self.seen = bytearray(len(layers.cells))
        """Per slot, 1 where a point is seen (from any source cast so far), except that a
        diagonal gap may be marked too: it is never seen (see :meth:`seen_bytes`)."""

    def seen_bytes(self) -> int:
        """The points seen from the sources cast so far: :attr:`seen` without the gaps, read
        as one little-endian integer (byte ``slot`` is 1 where the point is seen)."""
        return int.from_bytes(self.seen, "little") & ~self.layers.gap_bytes

    def cast(self, x: int, y: int) -> list[tuple]:
        """Add every point seen from the point ``(x, y)`` to :attr:`seen`.

        Returns the *wakes*: ``(maps, dsign, lsign, pn, pd, qn, qd, lit)`` for each freed cell
        or gap met on a lit slope, ``maps`` the other maps that do not block it, the rest the
        region where it darkened slopes (see :func:`in_region`).  Only a point in that region
        can be seen from here under one of those maps and not under this one (its first
        obstruction is such a feature); a source on a freed gap wakes its maps everywhere
        (``dsign`` 0)."""
        layers = self.layers
        stride, cells, gaps, seen = layers.stride, layers.cells, layers.gaps, self.seen
        origin = (y + 1) * stride + x + 1
        woken: list[tuple] = []
        if gaps[origin]:  # rule 3: a line leaving from a diagonal gap
            found = self.freed_gaps.get(origin)
            if found:
                woken.append((found, 0, 0, 0, 1, 0, 1, None))
            return woken
        seen[origin] = 1
        freed_cells = self.freed_cells
        for lsign in (1, -1):  # the source's row line: rules 2 and 3 only
            width = layers.cols - x if lsign > 0 else x
            above = origin - stride - (lsign < 0)  # the cells north and south of each unit
            below = origin - (lsign < 0)
            point = origin
            for step in range(width):
                side = lsign * step
                if cells[above + side] or cells[below + side]:
                    for slot in (above + side, below + side):
                        found = freed_cells.get(slot) if cells[slot] else None
                        if found:
                            woken.append((found, 1, lsign) + _ROW_LINE)
                    break
                point += lsign
                if gaps[point]:
                    found = self.freed_gaps.get(point)
                    if found:
                        woken.append((found, 1, lsign) + _ROW_LINE)
                    break
                seen[point] = 1
        for dsign, lsign in _QUADRANTS:
            depth = layers.rows - y if dsign > 0 else y
            width = layers.cols - x if lsign > 0 else x
            if depth:
                self._quadrant(origin, dsign, lsign, depth, width, woken)
        return woken

    def _quadrant(self, origin: int, dsign: int, lsign: int, depth: int, width: int,
                  woken: list[tuple]) -> None:
        """Sweep one quadrant (see the module docstring) row by row: for each lit interval,
        darken what the cells it crosses between the rows block (rules 1 and 2), mark the lit
        points of the row, then darken the slopes of the diagonal gaps among them (rule 3)."""
        layers = self.layers
        cells, gaps, seen, ones = layers.cells, layers.gaps, self.seen, layers.ones
        freed_cells, freed_gaps = self.freed_cells, self.freed_gaps
        cut, cut_point = _cut, _cut_point
        dstep = dsign * layers.stride
        east = lsign > 0
        # cell_base: the slot of the cell at lateral 0 between depths k and k+1;
        # point_base: the slot of the point at lateral 0 at depth d.
        cell_base = origin - (layers.stride if dsign < 0 else 0) - (0 if east else 1)
        point_base = origin
        top = width - 1
        lit = [_FULL]
        for d in range(1, depth + 1):
            k = d - 1
            point_base += dstep
            kept = []
            for iv in lit:
                ln, ld, lo_open, hn, hd, hi_open = iv
                pieces = None
                first = ln * k // ld
                if first <= top:
                    last = top
                    if hd:
                        last = -((-hn * d) // hd) - 1
                        if last > top:
                            last = top
                    if east:
                        start, stop = cell_base + first, cell_base + last + 1
                        slot = cells.find(1, start, stop)
                    else:
                        start, stop = cell_base - last, cell_base - first + 1
                        slot = cells.rfind(1, start, stop)
                    # Rule 1, nearest lateral first (the order a ray meets them), up to the
                    # last slope still lit.
                    while slot >= 0:
                        m = slot - cell_base if east else cell_base - slot
                        if pieces is None:
                            pieces = [iv]
                        if freed_cells:
                            found = freed_cells.get(slot)
                            if found:
                                woken.append((found, dsign, lsign, m, d, m + 1, k, pieces))
                        pieces = cut(pieces, m, d, m + 1, k)
                        if not pieces:
                            break
                        hn, hd = pieces[-1][3], pieces[-1][4]
                        if hd:
                            last = -((-hn * d) // hd) - 1
                            if last < top:
                                if east:
                                    stop = cell_base + last + 1
                                else:
                                    start = cell_base - last
                        if east:
                            slot = cells.find(1, slot + 1, stop)
                        else:
                            slot = cells.rfind(1, start, slot)
                if not ln and not lo_open and (cells[cell_base] or cells[cell_base - lsign]):
                    if pieces is None:
                        pieces = [iv]
                    for slot in (cell_base, cell_base - lsign):  # rule 2
                        found = freed_cells.get(slot) if cells[slot] else None
                        if found:
                            woken.append((found, dsign, lsign, 0, 1, 0, 1, pieces))
                    pieces = cut_point(pieces, 0, 1)
                for piece in ((iv,) if pieces is None else pieces):
                    ln, ld, lo_open, hn, hd, hi_open = piece
                    low = -((-ln * d) // ld)
                    if lo_open and low * ld == ln * d:
                        low += 1
                    if low > width:
                        continue  # every ray of it has left the board
                    high = width
                    if hd:
                        high = hn * d // hd
                        if hi_open and high * hd == hn * d:
                            high -= 1
                        if high > width:
                            high = width
                    if low <= high:
                        if east:
                            start, stop = point_base + low, point_base + high + 1
                        else:
                            start, stop = point_base - high, point_base - low + 1
                        seen[start:stop] = ones[stop - start]
                        slot = gaps.find(1, start, stop)
                        if slot >= 0:  # rule 3
                            parts = [piece]
                            while slot >= 0:
                                lat = slot - point_base if east else point_base - slot
                                found = freed_gaps.get(slot)
                                if found:
                                    woken.append((found, dsign, lsign, lat, d, lat, d, parts))
                                parts = cut_point(parts, lat, d)
                                slot = gaps.find(1, slot + 1, stop)
                            kept.extend(parts)
                            continue
                    kept.append(piece)
            if not kept:
                return
            lit = kept
            cell_base += dstep


def in_region(wake: tuple, source: tuple[int, int], point: tuple[int, int]) -> bool:
    """Whether ``point`` lies in the region of ``wake`` (see :meth:`Sweep.cast`) seen from
    ``source``: ``(maps, dsign, lsign, pn, pd, qn, qd, lit)`` is the quadrant (see
    :data:`_QUADRANTS`; ``dsign`` 0: every point) and the slopes from ``pn/pd`` to ``qn/qd``
    (both ends included; a denominator 0 is infinity, the source's row line) within the span
    of the lit intervals ``lit``."""
    _maps, dsign, lsign, pn, pd, qn, qd, lit = wake
    if not dsign:
        return True
    d, lat = (point[1] - source[1]) * dsign, (point[0] - source[0]) * lsign
    if d < 0 or lat < 0 or not (d or lat) or lat * pd < pn * d or lat * qd > qn * d:
        return False
    ln, ld = lit[0][0], lit[0][1]
    hn, hd = lit[-1][3], lit[-1][4]
    return lat * ld >= ln * d and lat * hd <= hn * d
