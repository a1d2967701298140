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
           avoid: frozenset[Space], limit: int) -> dict[Space, int]:
    """Fewest steps from the start to each space within ``limit``, never entering ``blocked``
    or ``avoid`` spaces (breadth-first search)."""
    best: dict[Space, int] = {}
    frontier = deque()
    for s in starts:
        if limit >= 1 and board.contains(s) and s not in blocked and s not in avoid \
                and s not in best:
            best[s] = 1
            frontier.append(s)
    while frontier:
        here = frontier.popleft()
        if best[here] >= limit:
            continue
        for nxt in here.neighbours():
            if (nxt not in best and board.contains(nxt) and nxt not in blocked
                    and nxt not in avoid):
                best[nxt] = best[here] + 1
                frontier.append(nxt)
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
    out.discard(start)
    return frozenset(out)


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
    """Breadth-first search of voluntary movement (see :func:`reachable_through`): each end
    space mapped to the first path found to it (its spaces, ``start`` excluded); with
    ``goal``, paths are kept and the search stops once ``goal`` is an end."""
    firsts = tuple(start.neighbours() if first_steps is None else first_steps)
    seen: set[tuple[Space, tuple, bool]] = set()
    frontier: deque[tuple[Space, tuple, bool, int, tuple[Space, ...]]] = deque()
    ends: dict[Space, tuple[Space, ...]] = {}

    def enter(space: Space, leap: tuple, rough: bool, steps: int,
              path: tuple[Space, ...]) -> None:
        if space == start or not board.contains(space) or space in blocked:
            return
        if space in jumpable:
            tile = jumpable[space]
            if leap == ("ready",) and jump >= 1:
                leap = ("over", tile, 1)
            elif leap[0] == "over" and leap[1] == tile and leap[2] < jump:
                leap = ("over", tile, leap[2] + 1)
            else:
                return
        elif leap[0] == "over":
            leap = ("used",)
        rough = rough or space in difficult
        key = (space, leap, rough)
        if key in seen:
            return
        seen.add(key)
        path = (*path, space) if goal is not None else ()
        if (leap[0] != "over" and space not in pass_through and steps <= speed - rough
                and space not in ends):
            ends[space] = path
        frontier.append((space, leap, rough, steps, path))

    if speed >= 1:
        for space in firsts:
            enter(space, ("ready",), start in difficult, 1, ())
    while frontier and (goal is None or goal not in ends):
        here, leap, rough, steps, path = frontier.popleft()
        if steps >= speed:
            continue
        for there in here.neighbours():
            enter(there, leap, rough, steps + 1, path)
    return ends
