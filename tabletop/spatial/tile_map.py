"""Geometry of a map of rectangular tiles joined by paths (Kingdoms Forlorn's Kingdom map).

Pure functions over plain values; nothing here knows about any game.  Coordinates are whole
grid cells: x grows east, y grows south, a tile at ``(x, y)`` of footprint ``(w, h)`` covers the
cells ``x .. x+w-1`` by ``y .. y+h-1``.  A path leaves a tile from one of its four sides at an
``offset``: the cell counted from the west end of a north or south side, from the north end of an
east or west side.

Rulebook sections implemented: *Kingdom Setup* and *Kingdom Tile Step* (a new face-down tile is
placed against the path that leads to it), *Disjointed Map* (a tile reached without a
connection starts a new section; sections join when a connecting tile turns up), *Collecting
Clues* (the direction of travel across a path) and *Encounter Monsters Spawn and Movement* /
*Backtracking* (shortest paths between tiles).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass

SIDES = ("north", "east", "south", "west")
STEP = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}
OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}
SECTION_GAP = 2
"""Empty cells left between a new section of a disjointed map and the rest of the table."""


@dataclass(frozen=True, order=True)
class Rect:
    """A tile's footprint on the table: north-west cell ``(x, y)``, ``w`` cells wide, ``h`` high.

    >>> Rect(0, 0, 2, 1).overlaps(Rect(1, 0, 1, 1))
    True
    """

    x: int
    y: int
    w: int
    h: int

    def overlaps(self, other: Rect) -> bool:
        """True when the two footprints share at least one cell (touching edges do not)."""
        return (self.x < other.x + other.w and other.x < self.x + self.w
                and self.y < other.y + other.h and other.y < self.y + self.h)

    def moved(self, dx: int, dy: int) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)

    def side_length(self, side: str) -> int:
        """The number of cells along ``side`` (width for north/south, height for east/west)."""
        return self.w if side in ("north", "south") else self.h


def side_length(footprint: tuple[int, int], side: str) -> int:
    """Cells along ``side`` of a ``(w, h)`` footprint."""
    return footprint[0] if side in ("north", "south") else footprint[1]


def path_cell(rect: Rect, side: str, offset: int) -> tuple[int, int]:
    """The cell of ``rect`` a path on ``side`` at ``offset`` leaves from.

    >>> path_cell(Rect(0, 0, 3, 2), "east", 1)
    (2, 1)
    """
    if side not in STEP:
        raise ValueError(f"{side!r} is not a side (north, east, south, west)")
    if not 0 <= offset < rect.side_length(side):
        raise ValueError(f"offset {offset} is off the {side} side ({rect.side_length(side)} cells)")
    if side == "north":
        return rect.x + offset, rect.y
    if side == "south":
        return rect.x + offset, rect.y + rect.h - 1
    if side == "west":
        return rect.x, rect.y + offset
    return rect.x + rect.w - 1, rect.y + offset


def place_against(src: Rect, side: str, offset: int, footprint: tuple[int, int],
                  back_offset: int = 0) -> Rect:
    """The footprint of a tile laid against ``src``'s path (``side``, ``offset``).

    The new tile touches ``src`` across that side, and its own path back (on the opposite side
    at ``back_offset``) lines up cell to cell with the path it was reached by.

    >>> place_against(Rect(0, 0, 1, 1), "east", 0, (2, 2), back_offset=1)
    Rect(x=1, y=-1, w=2, h=2)
    """
    cx, cy = path_cell(src, side, offset)
    dx, dy = STEP[side]
    tx, ty = cx + dx, cy + dy  # the cell just across the path
    w, h = footprint
    back = OPPOSITE[side]
    probe = Rect(0, 0, w, h)
    bx, by = path_cell(probe, back, back_offset)
    return Rect(tx - bx, ty - by, w, h)


def place_clear(rect: Rect, side: str, taken: Iterable[Rect]) -> Rect:
    """``rect``, pushed away in direction ``side`` one cell at a time until it overlaps nothing
    in ``taken`` (a tile cannot lie on another; the path still joins them in the rules)."""
    return Cells(taken).place_clear(rect, side)


def new_section_place(footprint: tuple[int, int], taken: Iterable[Rect]) -> Rect:
    """Where a tile that starts a new section of a disjointed map goes: east of everything on
    the table, ``SECTION_GAP`` cells clear, its north edge level with the northmost tile."""
    return Cells(taken).new_section_place(footprint)


class Cells:
    """The cells that a set of footprints covers, each with how many footprints cover it: a
    map of 1,000 tiles laid one by one asks whether a footprint is clear in time that grows
    with the footprint's cells, not with the tiles on the table."""

    def __init__(self, rects: Iterable[Rect] = ()) -> None:
        self._count: dict[tuple[int, int], int] = {}
        self._edges: tuple[int, int] | None = None  # east and north edges, while known
        for rect in rects:
            self.add(rect)

    @staticmethod
    def _of(rect: Rect) -> Iterable[tuple[int, int]]:
        return ((x, y) for x in range(rect.x, rect.x + rect.w)
                for y in range(rect.y, rect.y + rect.h))

    def add(self, rect: Rect) -> None:
        if not self._count:
            self._edges = (rect.x + rect.w, rect.y)
        elif self._edges is not None:
            self._edges = (max(self._edges[0], rect.x + rect.w), min(self._edges[1], rect.y))
        for cell in self._of(rect):
            self._count[cell] = self._count.get(cell, 0) + 1

    def remove(self, rect: Rect) -> None:
        """Forget one footprint ``rect`` that was added."""
        self._edges = None
        for cell in self._of(rect):
            left = self._count[cell] - 1
            if left:
                self._count[cell] = left
            else:
                del self._count[cell]

    def hits(self, rect: Rect) -> bool:
        """True when ``rect`` shares a cell with a footprint (:meth:`Rect.overlaps`)."""
        return any(cell in self._count for cell in self._of(rect))

    def place_clear(self, rect: Rect, side: str) -> Rect:
        """:func:`place_clear` against these footprints."""
        dx, dy = STEP[side]
        while self.hits(rect):
            rect = rect.moved(dx, dy)
        return rect

    def new_section_place(self, footprint: tuple[int, int]) -> Rect:
        """:func:`new_section_place` beside these footprints: the east and north edges of
        the footprints are those of the cells they cover."""
        if not self._count:
            return Rect(0, 0, *footprint)
        if self._edges is None:
            self._edges = (max(x for x, _ in self._count) + 1, min(y for _, y in self._count))
        east, north = self._edges
        return Rect(east + SECTION_GAP, north, *footprint)


def bounds(rects: Iterable[Rect]) -> Rect | None:
    """The smallest rectangle holding every footprint, or ``None`` for no footprints."""
    items = list(rects)
    if not items:
        return None
    x0 = min(r.x for r in items)
    y0 = min(r.y for r in items)
    x1 = max(r.x + r.w for r in items)
    y1 = max(r.y + r.h for r in items)
    return Rect(x0, y0, x1 - x0, y1 - y0)


Graph = Mapping[Hashable, Iterable[Hashable]]


def distances(graph: Graph, start: Hashable, until: Hashable = None) -> dict:
    """Breadth-first step counts from ``start`` (0) to every node reachable along ``graph``;
    with ``until``, stopping once that node has its count (every node nearer than it has its
    count by then)."""
    dist = {start: 0}
    queue = deque([start])
    while queue and (until is None or until not in dist):
        node = queue.popleft()
        for nxt in graph.get(node, ()):
            if nxt not in dist:
                dist[nxt] = dist[node] + 1
                queue.append(nxt)
    return dist


def shortest_paths(graph: Graph, start: Hashable, goal: Hashable,
                   limit: int = 12, reverse: Graph | None = None,
                   ahead: Mapping | None = None) -> list[tuple]:
    """Every shortest path from ``start`` to ``goal`` (both included), up to ``limit`` of them,
    in a stable order; ``[]`` when ``goal`` cannot be reached, ``[(start,)]`` when equal.
    ``reverse``: :func:`reversed_graph` of ``graph``, and ``ahead``: the :func:`distances`
    from ``start``, for a caller asking about many goals (the walk then looks only at the
    nodes on a shortest path to ``goal``, not at every node as near to it as ``start``).

    >>> shortest_paths({"a": ["b", "c"], "b": ["d"], "c": ["d"]}, "a", "d")
    [('a', 'b', 'd'), ('a', 'c', 'd')]
    """
    rev = reversed_graph(graph) if reverse is None else reverse
    if ahead is None:
        back = distances(rev, goal, until=start)  # to goal, as far as start
        if start not in back:
            return []

        def closer(node: Hashable, nxt: Hashable) -> bool:
            return back.get(nxt) == back[node] - 1
    else:
        if goal not in ahead:
            return []
        on = _on_shortest_paths(rev, ahead, goal)

        def closer(node: Hashable, nxt: Hashable) -> bool:
            return nxt in on and ahead[nxt] == ahead[node] + 1
    out: list[tuple] = []

    def walk(path: tuple) -> None:
        if len(out) >= limit:
            return
        node = path[-1]
        if node == goal:
            out.append(path)
            return
        for nxt in graph.get(node, ()):
            if closer(node, nxt):
                walk((*path, nxt))

    walk((start,))
    return out


def _on_shortest_paths(reverse: Graph, ahead: Mapping, goal: Hashable) -> set:
    """The nodes on some shortest path to ``goal`` from the node whose :func:`distances`
    are ``ahead``: ``goal``, then each node one step nearer the start that leads to one of
    them (walked backwards along ``reverse``)."""
    on = {goal}
    todo = [goal]
    while todo:
        node = todo.pop()
        for prev in reverse.get(node, ()):
            if prev not in on and ahead.get(prev) == ahead[node] - 1:
                on.add(prev)
                todo.append(prev)
    return on


def first_steps(graph: Graph, reverse: Graph, start: Hashable, ahead: Mapping) -> dict:
    """For each node that ``start`` reaches (``ahead``: its :func:`distances`), the first
    step of the first of its :func:`shortest_paths` (``start`` itself has none): the
    earliest of ``start``'s neighbours, in ``graph``'s order, that some shortest path to
    it passes through; one pass over the edges, nearest nodes first, for every node at once."""
    rank = {}
    for i, node in enumerate(graph.get(start, ())):
        rank.setdefault(node, i)
    best: dict = {}
    for node in sorted(ahead, key=ahead.__getitem__):
        if ahead[node] == 1:
            best[node] = rank[node]
        elif ahead[node] > 1:
            best[node] = min(best[p] for p in reverse.get(node, ())
                             if ahead.get(p) == ahead[node] - 1)
    order = list(graph.get(start, ()))
    return {node: order[i] for node, i in best.items()}


def reversed_graph(graph: Graph) -> dict:
    """``graph`` with every edge turned round (each node kept, also one without edges)."""
    rev: dict = {}
    for node, nexts in graph.items():
        rev.setdefault(node, [])
        for nxt in nexts:
            rev.setdefault(nxt, []).append(node)
    return rev


def hunt_ends(graph: Graph, start: Hashable, goal: Hashable, steps: int,
              limit: int = 12) -> list[tuple]:
    """Where a token hunting from ``start`` toward ``goal`` by ``steps`` tiles may stop.

    Returns the distinct walks (``start`` first) along shortest paths, cut after ``steps``
    moves or at ``goal``; every walk ends equally close to ``goal``.  ``[]`` when ``goal``
    cannot be reached along ``graph``.
    """
    walks: list[tuple] = []
    for path in shortest_paths(graph, start, goal, limit=limit * 4):
        walk = path[: steps + 1]
        if walk not in walks:
            walks.append(walk)
    return walks[:limit]


def direction_between(src: Rect, dst: Rect) -> str | None:
    """The side of ``src`` that ``dst`` lies against (touching edges and overlapping spans),
    or ``None`` when they do not touch.  Used when no path says the direction."""
    if src.x + src.w == dst.x and _spans(src.y, src.h, dst.y, dst.h):
        return "east"
    if dst.x + dst.w == src.x and _spans(src.y, src.h, dst.y, dst.h):
        return "west"
    if src.y + src.h == dst.y and _spans(src.x, src.w, dst.x, dst.w):
        return "south"
    if dst.y + dst.h == src.y and _spans(src.x, src.w, dst.x, dst.w):
        return "north"
    return None


def _spans(a: int, alen: int, b: int, blen: int) -> bool:
    return a < b + blen and b < a + alen


def join_shift(anchor: Rect, side: str, offset: int, moving: Rect, back_offset: int,
               section: Iterable[Rect], others: Iterable[Rect]) -> tuple[int, int] | None:
    """The ``(dx, dy)`` that slides a whole section (``section``, holding ``moving``) so that
    ``moving`` lies against ``anchor``'s path (``side``, ``offset``) with its path back at
    ``back_offset``: how two sections of a disjointed map join.  ``None`` when the slid section
    would lie on a tile of ``others`` (it then stays where it is, joined only by the path)."""
    target = place_against(anchor, side, offset, (moving.w, moving.h), back_offset)
    dx, dy = target.x - moving.x, target.y - moving.y
    rest = list(others)
    for rect in section:
        if any(rect.moved(dx, dy).overlaps(o) for o in rest):
            return None
    return dx, dy
