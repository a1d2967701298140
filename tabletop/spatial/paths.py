"""Shortest cardinal paths for square footprints, and the rulebook's "zig-zag" choice among
them (Kingdoms Forlorn *Monster Movement*).  Plain values in and out.

A footprint is named by its north-west space ``at``; ``allowed(at)`` says whether the whole
footprint may stand there (the caller knows the board, the terrain and the pieces).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

from tabletop.spatial.grid import DIRECTIONS, Space

AXIS = {"north": "y", "south": "y", "east": "x", "west": "x"}


def distances_to(goals: Iterable[Space], allowed: Callable[[Space], bool],
                 limit: int = 10_000) -> dict[Space, int]:
    """Fewest cardinal steps from each allowed footprint position to any of ``goals`` (goals
    themselves at 0), by breadth-first search over allowed positions."""
    dist: dict[Space, int] = {}
    queue: deque[Space] = deque()
    for goal in goals:
        if goal not in dist and allowed(goal):
            dist[goal] = 0
            queue.append(goal)
    while queue:
        here = queue.popleft()
        if dist[here] >= limit:
            continue
        for dx, dy in DIRECTIONS.values():
            there = here.step(dx, dy)
            if there not in dist and allowed(there):
                dist[there] = dist[here] + 1
                queue.append(there)
    return dist


def zigzag_paths(start: Space, dist: dict[Space, int], limit: int | None = None,
                 most: int = 32) -> list[tuple[Space, ...]]:
    """The paths from ``start`` that the zig-zag rule allows, each the positions entered
    (``start`` excluded), at most ``limit`` steps, stopping at distance 0.

    Every step keeps to a shortest path (a step that gets no closer is never taken).  The first
    step may go any way that does; after it the path switches axis after each space while
    switching keeps to a shortest path.  "The Monster stops 'zigzag' movement if it would cause
    it to get further away from the Target. Then, if there is still more than one valid path
    to choose (none of them is shorter), players decide which one it will take": from the first
    step where switching would not get closer, every shortest continuation is a separate path.
    At most ``most`` paths, in a stable order.
    """
    if start not in dist:
        return []
    out: list[tuple[Space, ...]] = []

    def walk(here: Space, path: tuple[Space, ...], last: str | None, zig: bool) -> None:
        if len(out) >= most:
            return
        if dist[here] == 0 or (limit is not None and len(path) >= limit):
            out.append(path)
            return
        closer = [(name, here.step(dx, dy)) for name, (dx, dy) in DIRECTIONS.items()
                  if dist.get(here.step(dx, dy), -1) == dist[here] - 1]
        if zig and last is not None:
            switched = [c for c in closer if AXIS[c[0]] != AXIS[last]]
            zig = bool(switched)
            closer = switched or closer
        for name, there in closer:
            walk(there, (*path, there), name, zig)

    walk(start, (), None, True)
    return out
