"""Boards drawn as text for the geometry tests, and an independent, slow reference for LoS.

A picture is one line per row (row A first), one character per space:

- ``.`` an empty space;
- ``#`` a 1 x 1 obscuring obstacle tile (a Column), ``o`` a 1 x 1 obscuring tile that is no
  obstacle (Tall Grass: pieces may stand on it), ``x`` an obstacle that does not obscure,
  ``~`` difficult terrain;
- a lower-case letter: a Knight named by that letter in upper case (``a`` -> ``A``) on an
  empty space (Knights standing on tiles are placed with the ``on_tiles`` argument).
"""

from __future__ import annotations

from fractions import Fraction

from tabletop.games.clash.state import ClashState, Knight, Monster, Terrain
from tabletop.spatial.grid import Board, Space, square

KEYWORDS = {"#": ("obstacle", "obscuring"), "o": ("obscuring",), "x": ("obstacle",),
            "~": ("difficult",)}


def picture(text: str, monsters: tuple[Monster, ...] = (),
            on_tiles: dict[str, str] | None = None) -> ClashState:
    """The Clash state drawn in ``text`` (see the module docstring), with ``monsters`` added
    and Knights ``on_tiles`` (name -> label) placed on spaces drawn as tiles."""
    rows = [line.strip() for line in text.strip().splitlines()]
    board = Board(len(rows), len(rows[0]))
    knights, terrain = [], []
    for r, line in enumerate(rows):
        assert len(line) == board.cols, f"row {r} has {len(line)} spaces, not {board.cols}"
        for c, char in enumerate(line):
            space = Space(r, c)
            if char in KEYWORDS:
                terrain.append(Terrain(f"{char}{space}", (space,), KEYWORDS[char]))
            elif char.islower():
                knights.append(Knight(char.upper(), space))
            else:
                assert char == ".", f"unknown picture character {char!r}"
    for name, label in (on_tiles or {}).items():
        knights.append(Knight(name, Space.parse(label)))
    return ClashState(board=board, knights=tuple(knights), monsters=monsters,
                      terrain=tuple(terrain))


def _segment_hits_square(a, b, cell: Space) -> str | None:
    """``"interior"``, ``"edge"`` or ``None``: how the closed segment ``a``-``b`` meets the
    square of ``cell`` (clipped exactly with fractions; Liang-Barsky)."""
    x0, y0 = a
    dx, dy = b[0] - a[0], b[1] - a[1]
    if dx == dy == 0:
        return None  # a single point can only meet a diagonal gap
    t0, t1 = Fraction(0), Fraction(1)
    for p, q in ((-dx, x0 - cell.col), (dx, cell.col + 1 - x0),
                 (-dy, y0 - cell.row), (dy, cell.row + 1 - y0)):
        if p == 0:
            if q < 0:
                return None
            continue
        t = Fraction(q, p)
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
    if t0 >= t1:
        return None
    mid = (t0 + t1) / 2
    mx, my = x0 + dx * mid, y0 + dy * mid
    inside = cell.col < mx < cell.col + 1 and cell.row < my < cell.row + 1
    return "interior" if inside else "edge"


def _on_segment(a, b, point) -> bool:
    cross = (b[0] - a[0]) * (point[1] - a[1]) - (b[1] - a[1]) * (point[0] - a[0])
    return (cross == 0 and min(a[0], b[0]) <= point[0] <= max(a[0], b[0])
            and min(a[1], b[1]) <= point[1] <= max(a[1], b[1]))


def reference_clear(blocking: frozenset[Space], a, b) -> bool:
    """The spec's three obstruction rules, checked one blocking space at a time."""
    for cell in blocking:
        if _segment_hits_square(a, b, cell) is not None:
            return False
    for cell in blocking:
        x, y = cell.col + 1, cell.row + 1  # the south-east corner of cell
        if Space(cell.row + 1, cell.col + 1) in blocking and _on_segment(a, b, (x, y)):
            return False
        x, y = cell.col, cell.row + 1  # the south-west corner of cell
        if Space(cell.row + 1, cell.col - 1) in blocking and _on_segment(a, b, (x, y)):
            return False
    return True


def reference_los(blocking: frozenset[Space], p: tuple[Space, ...], q: tuple[Space, ...]) -> bool:
    """LoS by trying every corner pair against every blocking space (the slow, plain way)."""
    return any(reference_clear(blocking, a, b)
               for a in {c for s in p for c in s.corners()}
               for b in {c for s in q for c in s.corners()})


def reference_distance(board, at, size, targets, passable):
    """Slow, plain reading of the spec: search over footprints as sets of spaces."""
    targets = set(targets)
    if targets & set(square(at, size)):
        return 0
    seen, layer, moves = {at}, [at], 0
    while layer:
        if any(n in targets for a in layer for s in square(a, size) for n in s.neighbours()):
            return moves + 1
        nxt = []
        for a in layer:
            for b in a.neighbours():
                spaces = square(b, size)
                if b not in seen and all(board.contains(s) and passable(s) for s in spaces):
                    seen.add(b)
                    nxt.append(b)
        layer, moves = nxt, moves + 1
    return None


def reference_features(dx: int, dy: int) -> list[tuple[Fraction, str, int, int]]:
    """The cells and lattice points met by the segment from ``(0, 0)`` to ``(dx, dy)`` as
    ``(t, kind, x, y)`` in order along it, ``t`` from 0 to 1 worked out with fractions: the
    slow reference for :func:`tabletop.spatial.sight.segment_steps`."""
    from math import gcd

    out = []
    length = max(abs(dx), abs(dy))
    if dx == 0 or dy == 0:
        sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
        for k in range(length + 1):
            out.append((Fraction(k, length or 1), "point", sx * k, sy * k))
            if k == length:
                break
            t = Fraction(2 * k + 1, 2 * length)
            if dy == 0:
                col = k if sx > 0 else -k - 1
                out += [(t, "edge", col, -1), (t, "edge", col, 0)]
            else:
                row = k if sy > 0 else -k - 1
                out += [(t, "edge", -1, row), (t, "edge", 0, row)]
        return out
    g = gcd(abs(dx), abs(dy))
    p, q = abs(dx) // g, abs(dy) // g
    sx, sy = (1 if dx > 0 else -1), (1 if dy > 0 else -1)
    for k in range(g + 1):
        bx, by = sx * p * k, sy * q * k
        out.append((Fraction(k, g), "point", bx, by))
        if k == g:
            break
        cells = []
        for i in range(p):
            for j in range((q * i) // p, -((-q * (i + 1)) // p)):
                entry = max(Fraction(i, p), Fraction(j, q))
                cells.append(((k + entry) / g, "cell", bx + i if sx > 0 else bx - 1 - i,
                              by + j if sy > 0 else by - 1 - j))
        cells.sort(key=lambda cell: cell[0])
        out.extend(cells)
    return out
