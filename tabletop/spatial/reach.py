"""A Knight's Movement Action: the spaces it may end on.

Rulebook: *Movement Action* ("up to your Knight's Speed value", cardinal steps, not through
Obstacles, Chasms or miniatures) and *Keyword List*, Difficult Terrain ("they move one less
space"); reading fixed in ``clash-geometry.md``, *A Knight's Movement Action*.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping

from tabletop.spatial.grid import Board, Space


def _steps(board: Board, starts: Iterable[Space], blocked: frozenset[Space],
           avoid: frozenset[Space], limit: int) -> dict[int, int]:
    """Fewest steps from the start to each space within ``limit``, by space number ``row *
    cols + col``, never entering ``blocked`` or ``avoid`` spaces (breadth-first search over
    the numbers: a Knight of Speed 20 looks at some 1,700 spaces, on a board of any size)."""
    cols = board.cols
    shut = {s.row * cols + s.col for group in (blocked, avoid) for s in group
            if board.contains(s)}
    best: dict[int, int] = {}
    frontier: deque[int] = deque()
    for s in starts:
        here = s.row * cols + s.col
        if limit >= 1 and board.contains(s) and here not in shut and here not in best:
            best[here] = 1
            frontier.append(here)
    last = board.rows * cols
    while frontier:
        here = frontier.popleft()
        steps = best[here] + 1
        if steps > limit:
            continue
        col = here % cols
        for there in (here - cols, here + 1 if col + 1 < cols else -1, here + cols,
                      here - 1 if col else -1):
            if 0 <= there < last and there not in best and there not in shut:
                best[there] = steps
                frontier.append(there)
    return best


def reachable(board: Board, start: Space, speed: int, blocked: frozenset[Space],
              difficult: frozenset[Space], *,
              first_steps: Iterable[Space] | None = None) -> frozenset[Space]:
    """Every space a Knight on ``start`` with Speed ``speed`` may end a Movement Action on.

    A path is cardinal steps that never enter a ``blocked`` space (the caller includes
    obstacles, chasms, boundless terrain and other pieces) or leave the board, of at most
    ``speed`` steps; if its spaces, the starting space included, contain any ``difficult``
    space, of at most ``speed - 1`` steps.  ``start`` itself is never a destination.
    ``first_steps`` replaces the neighbours of ``start`` as the spaces of the first step (a
    Knight on a Vantage Point steps to any space adjacent to its Monster).
    """
    firsts = frozenset(start.neighbours() if first_steps is None else first_steps)
    blocked = frozenset(blocked) | {start}
    anywhere = _steps(board, firsts, blocked, frozenset(), speed - 1)
    if start in difficult:
        out = set(anywhere)
    else:
        out = set(anywhere) | set(_steps(board, firsts, blocked, frozenset(difficult), speed))
    out.discard(start.row * board.cols + start.col)
    return frozenset(Space(*divmod(here, board.cols)) for here in out)


def reachable_through(board: Board, start: Space, speed: int, *, blocked: frozenset[Space],
                      difficult: frozenset[Space], pass_through: frozenset[Space] = frozenset(),
                      jumpable: Mapping[Space, str] | None = None, jump: int = 0,
                      first_steps: Iterable[Space] | None = None) -> frozenset[Space]:
    """Every space a Knight on ``start`` may end its voluntary movement on, with the Keyword
    List's movement abilities (rulebook *Keyword List*: Bypass, Jump).

    As :func:`reachable`, and: ``pass_through`` spaces (other miniatures, for Bypass) may be
    moved through but not ended on; a ``jumpable`` space (an Obstacle's, Chasm's …, mapped to
    its tile's name) may be crossed with Jump — ``jump`` is how many adjacent spaces of a
    single tile may be ignored (1 Jump, 2 Advanced Jump), once per movement — and is never
    ended on.  A path through any ``difficult`` space (the start included) is one step
    shorter.  Returns the destinations (never ``start``).
    """
    return frozenset(_search(board, start, speed, blocked, difficult, pass_through,
                             jumpable or {}, jump, first_steps))


def path_through(board: Board, start: Space, to: Space, speed: int, *,
                 blocked: frozenset[Space], difficult: frozenset[Space],
                 pass_through: frozenset[Space] = frozenset(),
                 jumpable: Mapping[Space, str] | None = None, jump: int = 0,
                 first_steps: Iterable[Space] | None = None) -> tuple[Space, ...] | None:
    """The path a Knight on ``start`` takes to end its voluntary movement on ``to`` under
    the rules of :func:`reachable_through` (same arguments): the spaces entered, ``start``
    excluded, ``to`` last; one of the fewest steps (the first found, neighbours taken north,
    east, south, west), or ``None`` when ``to`` cannot be reached."""
    ends = _search(board, start, speed, blocked, difficult, pass_through, jumpable or {},
                   jump, first_steps, goal=to)
    return ends.get(to)


def _search(board: Board, start: Space, speed: int, blocked: frozenset[Space],
            difficult: frozenset[Space], pass_through: frozenset[Space],
            jumpable: Mapping[Space, str], jump: int, first_steps: Iterable[Space] | None,
            goal: Space | None = None) -> dict[Space, tuple[Space, ...]]:
    """Breadth-first search of voluntary movement (see :func:`reachable_through`), over
    space numbers ``row * cols + col``: each end space mapped to ``()``; with ``goal``, the
    search stops once ``goal`` is an end and gives only ``goal``, mapped to the first path
    found to it (its spaces, ``start`` excluded, neighbours taken north, east, south, west),
    or nothing when it is no end."""
    rows, cols = board.rows, board.cols

    def numbers(spaces: Iterable[Space]) -> set[int]:
        return {s.row * cols + s.col for s in spaces if board.contains(s)}

    begin = start.row * cols + start.col if board.contains(start) else -1
    shut, rough_at, passing = numbers(blocked), numbers(difficult), numbers(pass_through)
    tiles = {s.row * cols + s.col: tile for s, tile in jumpable.items() if board.contains(s)}
    target = goal.row * cols + goal.col if goal is not None and board.contains(goal) else -1
    firsts = [s.row * cols + s.col for s in (
        start.neighbours() if first_steps is None else first_steps) if board.contains(s)]
    seen: set[tuple[int, tuple, bool]] = set()
    parent: dict[tuple[int, tuple, bool], tuple[int, tuple, bool] | None] = {}
    frontier: deque[tuple[int, tuple, bool, int, tuple[int, tuple, bool] | None]] = deque()
    ends: dict[int, tuple[int, tuple, bool]] = {}

    def enter(here: int, leap: tuple, rough: bool, steps: int,
              before: tuple[int, tuple, bool] | None) -> None:
        if here == begin or here in shut:
            return
        if here in tiles:
            tile = tiles[here]
            if leap == ("ready",) and jump >= 1:
                leap = ("over", tile, 1)
            elif leap[0] == "over" and leap[1] == tile and leap[2] < jump:
                leap = ("over", tile, leap[2] + 1)
            else:
                return
        elif leap[0] == "over":
            leap = ("used",)
        rough = rough or here in rough_at
        key = (here, leap, rough)
        if key in seen:
            return
        seen.add(key)
        parent[key] = before
        if (leap[0] != "over" and here not in passing and steps <= speed - rough
                and here not in ends):
            ends[here] = key
        frontier.append((here, leap, rough, steps, key))

    if speed >= 1:
        for here in firsts:
            enter(here, ("ready",), start in difficult, 1, None)
    while frontier and (goal is None or target not in ends):
        here, leap, rough, steps, key = frontier.popleft()
        if steps >= speed:
            continue
        row, col = divmod(here, cols)
        if row:
            enter(here - cols, leap, rough, steps + 1, key)
        if col + 1 < cols:
            enter(here + 1, leap, rough, steps + 1, key)
        if row + 1 < rows:
            enter(here + cols, leap, rough, steps + 1, key)
        if col:
            enter(here - 1, leap, rough, steps + 1, key)
    if goal is None:
        return {Space(*divmod(here, cols)): () for here in ends}
    if target not in ends:
        return {}
    path = []
    key = ends[target]
    while key is not None:
        path.append(Space(*divmod(key[0], cols)))
        key = parent[key]
    return {goal: tuple(reversed(path))}
