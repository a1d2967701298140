"""Every lattice point a corner sees, found by exact shadow casting.

The segment test of ``clash-geometry.md``, *Line of Sight*, asked of one source point and
every lattice point of a board at once.  The plane around the source point is cut into eight
octants; in each, a point is named by its *depth* ``d`` along the octant's axis and its
*lateral* offset ``l`` (``0 <= l <= d``), and a ray from the source by its slope ``l / d``.
The octant is swept one depth at a time, keeping the slopes still *lit* (no obstruction yet)
as a sorted list of intervals whose ends are exact fractions (integer pairs, compared by cross
multiplication: no floating point anywhere).  What each of the three rules removes:

1. a blocking cell spanning depths ``[k, k+1]`` and laterals ``[m, m+1]`` is crossed through
   its open interior by exactly the rays with slope in the open interval
   ``(m / (k+1), (m+1) / k)``; from depth ``k + 1`` on, those slopes are dark;
2. the only ray of an octant that runs along grid lines is its axis (slope 0): it runs along
   an edge of the cells at laterals ``-1`` and ``0``, so either one blocking darkens slope 0
   from depth ``k + 1`` on;
3. a diagonal gap at depth ``D`` darkens its own slope from depth ``D`` on (the gap itself
   included; a source on a gap sees nothing).

A ray's extreme corners are never removed (the interval is open), so touching a single corner
does not block.  Only cells and points inside the lit slopes are ever visited, so the work
follows what is seen, not the size of the board.

Other maps that block a subset of this one (the tile exception: a space of an obscuring tile
is judged with that tile not blocking) are served by *freed* features: a cell or gap that such
a map does not block, met on a lit slope, is reported.  A point seen under the other map and
not under this one has such a feature first on its segment, so a map never reported needs no
further test from that source.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

CELL, GAP = 1, 2
"""Flag bits of a slot in a map's flag array: the cell there blocks; the point there is a
diagonal gap."""

_OCTANTS = tuple((xmajor, dsign, lsign) for xmajor in (True, False)
                 for dsign in (1, -1) for lsign in (1, -1))

_FULL = [(0, 1, False, 1, 1, False)]
"""All slopes of an octant, ``[0, 1]``: an interval is ``(lo_num, lo_den, lo_open, hi_num,
hi_den, hi_open)`` with positive denominators."""


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


class Sweep:
    """One board's shadow casting: ``flags`` (per slot, see :data:`CELL` and :data:`GAP`) of a
    board ``cols`` x ``rows`` with slot ``(y + 1) * (cols + 2) + x + 1`` for the cell or point
    ``(x, y)``; ``freed`` maps flag keys (``2 * slot`` for a cell, ``2 * slot + 1`` for a gap)
    to the other maps (by number) that do not block them."""

    def __init__(self, flags: bytearray, rows: int, cols: int,
                 freed: Mapping[int, Sequence[int]] | None = None):
        self.flags, self.rows, self.cols = flags, rows, cols
        self.stride = cols + 2
        self.freed = freed or {}
        self.seen = bytearray(len(flags))
        """Per slot, 1 where a point is seen (from any source cast so far)."""

    def cast(self, x: int, y: int) -> list[tuple]:
        """Add every point seen from the point ``(x, y)`` to :attr:`seen`.

        Returns the *wakes*: ``(map, octant, low, high)`` for each freed cell or gap met on a
        lit slope, where ``octant`` is ``(xmajor, dsign, lsign)`` (see :func:`in_octant`) and
        ``low``, ``high`` are the slopes ``(num, den)`` it darkened there.  Only a point of
        that octant with its slope from ``low`` to ``high`` can be seen from here under that
        other map and not under this one (its first obstruction is such a feature); a source
        on a freed gap wakes its maps with ``octant`` ``None`` (any point)."""
        stride = self.stride
        origin = (y + 1) * stride + x + 1
        woken: list[tuple] = []
        if self.flags[origin] & GAP:  # rule 3: a line leaving from a diagonal gap
            woken.extend((gid, None, (0, 1), (1, 1))
                         for gid in self.freed.get(2 * origin + 1, ()))
            return woken
        self.seen[origin] = 1
        for octant in _OCTANTS:
            xmajor, dsign, lsign = octant
            if xmajor:
                dstep, lstep = dsign, lsign * stride
                depth = self.cols - x if dsign > 0 else x
                width = self.rows - y if lsign > 0 else y
            else:
                dstep, lstep = dsign * stride, lsign
                depth = self.rows - y if dsign > 0 else y
                width = self.cols - x if lsign > 0 else x
            self._octant(origin, dstep, lstep, depth, width, octant, woken)
        return woken

    def _octant(self, origin: int, dstep: int, lstep: int, depth: int, width: int,
                octant: tuple, woken: list[tuple]) -> None:
        """Sweep one octant (see the module docstring): at each depth, darken what the cells
        of the column before it block (rules 1 and 2), mark the lit points, then darken the
        slopes of the diagonal gaps met there (rule 3)."""
        flags, freed, seen = self.flags, self.freed, self.seen
        cut, cut_point = _cut, _cut_point
        column = origin + (dstep if dstep < 0 else 0) + (lstep if lstep < 0 else 0)
        here = origin
        top = width - 1
        lit = list(_FULL)
        for d in range(1, depth + 1):
            k = d - 1
            shadows = []
            for ln, ld, _lo_open, hn, hd, _hi_open in lit:
                if k == 0:
                    first, last = 0, 0 if hn > 0 and top >= 0 else -1
                else:
                    first = (ln * k) // ld
                    last = -((-hn * (k + 1)) // hd) - 1
                    if last > top:
                        last = top
                for m in range(first, last + 1):
                    slot = column + m * lstep
                    if flags[slot] & CELL:
                        shadow = (m, k + 1, m + 1, k) if k else (0, 1, 2, 1)
                        shadows.append(shadow)
                        if 2 * slot in freed:
                            pn, pd, qn, qd = shadow
                            low = (pn, pd) if pn * ld > ln * pd else (ln, ld)
                            high = (qn, qd) if qn * hd < hn * qd else (hn, hd)
                            woken.extend((gid, octant, low, high) for gid in freed[2 * slot])
            edge = False
            if lit[0][0] == 0 and not lit[0][2]:  # slope 0 is lit: rule 2 along the axis
                for slot in (column - lstep, column):
                    if flags[slot] & CELL:
                        edge = True
                        if 2 * slot in freed:
                            woken.extend((gid, octant, (0, 1), (0, 1))
                                         for gid in freed[2 * slot])
            for pn, pd, qn, qd in shadows:
                lit = cut(lit, pn, pd, qn, qd)
            if edge:
                lit = cut_point(lit, 0, 1)
            gaps = []
            here += dstep
            limit = d if d < width else width
            for ln, ld, lo_open, hn, hd, hi_open in lit:
                low = -((-ln * d) // ld)
                if lo_open and (ln * d) % ld == 0:
                    low += 1
                high = (hn * d) // hd
                if hi_open and (hn * d) % hd == 0:
                    high -= 1
                if high > limit:
                    high = limit
                for lat in range(low, high + 1):
                    slot = here + lat * lstep
                    if flags[slot] & GAP:
                        gaps.append(lat)
                        if 2 * slot + 1 in freed:
                            woken.extend((gid, octant, (lat, d), (lat, d))
                                         for gid in freed[2 * slot + 1])
                    else:
                        seen[slot] = 1
            for lat in gaps:
                lit = cut_point(lit, lat, d)
            if not lit:
                return
            column += dstep


def in_octant(octant: tuple | None, low: tuple[int, int], high: tuple[int, int],
              source: tuple[int, int], point: tuple[int, int]) -> bool:
    """Whether ``point`` lies in ``octant`` (``(xmajor, dsign, lsign)``: depth along x when
    ``xmajor``, else along y, growing with ``dsign``; lateral offset growing with ``lsign``)
    seen from ``source``, at a slope from ``low`` to ``high`` (``None``: every point)."""
    if octant is None:
        return True
    xmajor, dsign, lsign = octant
    dx, dy = point[0] - source[0], point[1] - source[1]
    d, lat = (dx * dsign, dy * lsign) if xmajor else (dy * dsign, dx * lsign)
    return (0 <= lat <= d and d > 0 and lat * low[1] >= low[0] * d
            and lat * high[1] <= high[0] * d)
