"""Range, Zone X and distance (shortest cardinal paths) for pieces of any size.

Rulebook: *Targeting* (distance "along the shortest path ... through orthogonally adjacent
spaces"), *Attack Types* (Zone X), *Monster Movement* (bosses through everything, mobs
around); readings fixed in ``clash-geometry.md``, *Range, distance, zones*.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

from tabletop.spatial.grid import Board, Space, square


def range_between(a: Iterable[Space], b: Iterable[Space]) -> int:
    """The Manhattan distance between the nearest spaces of ``a`` and ``b`` (adjacent = 1,
    overlapping = 0).  Obstacles and miniatures do not lengthen range.

    >>> range_between([Space(0, 0)], [Space(2, 3)])
    5
    """
    a, b = tuple(a), tuple(b)
    return min(abs(p.row - q.row) + abs(p.col - q.col) for p in a for q in b)


def zone(board: Board, source_spaces: Iterable[Space], x: int, *,
         include_source: bool) -> frozenset[Space]:
    """Zone ``x``: every board space within Chebyshev distance ``x`` of a source space.

    The source's own spaces are included only when ``include_source`` (a Knight or a space
    that is the source is in its own zone; a Monster is not in the zone it makes).
    """
    if x < 0:
        raise ValueError(f"a zone's size must be 0 or more, not {x}")
    sources = frozenset(source_spaces)
    out = set()
    for s in sources:
        for row in range(max(0, s.row - x), min(board.rows, s.row + x + 1)):
            for col in range(max(0, s.col - x), min(board.cols, s.col + x + 1)):
                out.add(Space(row, col))
    if not include_source:
        out -= sources
    return frozenset(out)


def distance(board: Board, mover_at: Space, mover_size: int, target_spaces: Iterable[Space],
             passable: Callable[[Space], bool] | None) -> int | None:
    """1 + the fewest one-space cardinal moves after which the mover is adjacent to the target.

    The mover is a ``mover_size`` square whose north-west space is ``mover_at``; every space of
    its footprint after each move must be on the board and ``passable`` (``None``: every board
    space passes).  Returns 0 when mover and target already overlap, 1 when adjacent, and
    ``None`` when the mover can never become adjacent.

    A breadth-first search over the mover's north-west corner, on plain integer cells: each
    board space is asked ``passable`` once, never once per search step.
    """
    return distance_from_any(board, (mover_at,), mover_size, target_spaces, passable)


def distance_from_any(board: Board, starts: Iterable[Space], mover_size: int,
                      target_spaces: Iterable[Space],
                      passable: Callable[[Space], bool] | None) -> int | None:
    """:func:`distance` for a mover that may begin at any of ``starts`` (north-west spaces):
    the smallest of the distances from each start, found by one search from all of them."""
    targets = frozenset(target_spaces)
    begin = tuple(dict.fromkeys(starts))
    if not begin:
        return None
    if any(targets & set(square(at, mover_size)) for at in begin):
        return 0
    rows, cols, size = board.rows, board.cols, mover_size
    open_cell = [[passable is None or passable(Space(r, c)) for c in range(cols)]
                 for r in range(rows)]
    near = {(n.row, n.col) for t in targets for n in t.neighbours()}

    def fits(r: int, c: int) -> bool:
        if r < 0 or c < 0 or r + size > rows or c + size > cols:
            return False
        return all(open_cell[r + dr][c + dc] for dr in range(size) for dc in range(size))

    def touches(r: int, c: int) -> bool:
        return any((r + dr, c + dc) in near for dr in range(size) for dc in range(size))

    seen = {(at.row, at.col) for at in begin}
    frontier = deque(((at.row, at.col), 0) for at in begin)
    while frontier:
        (r, c), moves = frontier.popleft()
        if touches(r, c):
            return moves + 1
        for nxt in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)):
            if nxt not in seen and fits(*nxt):
                seen.add(nxt)
                frontier.append((nxt, moves + 1))
    return None
