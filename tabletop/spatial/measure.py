"""Range, Zone X and distance (shortest cardinal paths) for pieces of any size.

Rulebook: *Targeting* (distance "along the shortest path ... through orthogonally adjacent
spaces"), *Attack Types* (Zone X), *Monster Movement* (bosses through everything, mobs
around); readings fixed in ``clash-geometry.md``, *Range, distance, zones*.
"""

from __future__ import annotations

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
    ``None`` when the mover can never become adjacent.  Each board space is asked
    ``passable`` once (see :func:`search_distance`).
    """
    return distance_from_any(board, (mover_at,), mover_size, target_spaces, passable)


def distance_from_any(board: Board, starts: Iterable[Space], mover_size: int,
                      target_spaces: Iterable[Space],
                      passable: Callable[[Space], bool] | None) -> int | None:
    """:func:`distance` for a mover that may begin at any of ``starts`` (north-west spaces):
    the smallest of the distances from each start, found by one search from all of them."""
    open_bits = board_bits(board) if passable is None else \
        space_bits(board, (s for s in board.spaces() if passable(s)))
    return search_distance(board, starts, mover_size, target_spaces, open_bits)


def board_bits(board: Board) -> int:
    """Every space of ``board`` as :func:`space_bits` (built by arithmetic, not by space)."""
    stride = board.cols + 1
    rows_once = ((1 << (board.rows * stride)) - 1) // ((1 << stride) - 1)  # bit 0 of each row
    return rows_once * ((1 << board.cols) - 1)


def space_bits(board: Board, spaces: Iterable[Space]) -> int:
    """``spaces`` (those on the board) as a bit mask for :func:`search_distance`: bit
    ``row * (cols + 1) + col``; the always-clear column ``cols`` keeps a row from running
    into the next."""
    stride = board.cols + 1
    bits = 0
    for s in spaces:
        if board.contains(s):
            bits |= 1 << (s.row * stride + s.col)
    return bits


def search_distance(board: Board, starts: Iterable[Space], mover_size: int,
                    target_spaces: Iterable[Space], open_bits: int) -> int | None:
    """:func:`distance_from_any` with the passable spaces given as :func:`space_bits`.

    A breadth-first search over the mover's north-west space, one whole layer at a time on
    bit masks: the positions where the footprint fits are the AND of the open mask shifted by
    each footprint offset, a layer's neighbours are its shifts by one column and one row, and
    the search ends at the first layer with a footprint touching a space next to the target.
    """
    targets = frozenset(target_spaces)
    begin = tuple(dict.fromkeys(starts))
    if not begin:
        return None
    if any(targets & set(square(at, mover_size)) for at in begin):
        return 0
    stride = board.cols + 1
    offsets = [dr * stride + dc for dr in range(mover_size) for dc in range(mover_size)]
    fits = -1
    for offset in offsets:
        fits &= open_bits >> offset
    near = space_bits(board, (n for t in targets for n in t.neighbours()))
    touching = 0
    for offset in offsets:
        touching |= near >> offset
    frontier = space_bits(board, begin)
    seen = frontier
    moves = 0
    while frontier:
        if frontier & touching:
            return moves + 1
        frontier = (frontier << 1 | frontier >> 1 | frontier << stride
                    | frontier >> stride) & fits & ~seen
        seen |= frontier
        moves += 1
    return None
