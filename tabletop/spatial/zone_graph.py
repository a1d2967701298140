"""Zones and their connections: the geometry of a Fateforge combat map (or any zone map).

A map is a set of rectangular tiles (one zone each, placed on an integer grid for drawing and
for compass directions) joined by connections; a connection may carry a closed door.  Portals
join zones that are not neighbours, and barricades protect a zone against shots from some
compass directions.  Everything here is pure and in integers; nothing knows about heroes.

Readings (``docs/fateforge.md``):

- *Zone distance* is the number of connections crossed on the shortest route, counting only
  connections without a closed door ("zones connected by a closed door are not considered
  adjacent"); portals never count.  A zone is at distance 0 from itself.
- *Movement* crosses connections without a closed door; portals join zones for hero movement
  only (and the caller decides what using one costs).
- A *shot* of reach ``r`` from ``a`` hits ``b`` when some route ``a = z0, …, zk = b`` with
  ``1 <= k <= r`` crosses only connections without a closed door and the last crossing,
  from ``z(k-1)`` into ``b``, is not from a direction a barricade in ``b`` protects against.
  Barricades only protect their own zone: a shot may pass through it to zones beyond.
- The *direction* of one zone seen from another is the edge a shot between them crosses: the
  side of the tile they share an edge along (tiles of any sizes), both sides of a corner
  where they meet only at a corner (a barricade facing either side stops it), and for tiles
  apart every side beyond which the other tile lies wholly.  Never the tile centres.
- The *Exit path* is a movement route (no portals) whose cost is the number of costly zones on
  it, the start and the end included; the cheapest route is found, ties broken by fewer zones
  and then by the zone ids in order.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

COMPASS = ("north", "east", "south", "west")


@dataclass(frozen=True)
class ZoneShape:
    """One zone: ``id`` (used in files and questions), ``name`` (used in sentences) and its tile
    ``x, y, w, h`` in grid cells, x growing east and y growing south."""

    id: str
    name: str
    x: int
    y: int
    w: int = 1
    h: int = 1


@dataclass(frozen=True)
class Link:
    """A connection between zones ``a`` and ``b``; ``closed`` when a closed door cuts it."""

    a: str
    b: str
    closed: bool = False

    def other(self, zone: str) -> str:
        """The end of the link that is not ``zone``."""
        return self.b if zone == self.a else self.a


@dataclass(frozen=True)
class ZoneGraph:
    """Zones, connections, portals (pairs of zone ids) and barricades (zone id -> the compass
    directions it protects against)."""

    zones: tuple[ZoneShape, ...]
    links: tuple[Link, ...] = ()
    portals: tuple[tuple[str, str], ...] = ()
    barricades: Mapping[str, frozenset[str]] = field(default_factory=dict)

    @cached_property
    def by_id(self) -> dict[str, ZoneShape]:
        return {z.id: z for z in self.zones}

    @cached_property
    def _links_of(self) -> dict[str, tuple[Link, ...]]:
        out: dict[str, list[Link]] = {z.id: [] for z in self.zones}
        for link in self.links:
            out[link.a].append(link)
            out[link.b].append(link)
        return {k: tuple(v) for k, v in out.items()}

    def name(self, zone: str) -> str:
        """The zone's name for sentences."""
        return self.by_id[zone].name

    def links_of(self, zone: str) -> tuple[Link, ...]:
        """Every connection touching ``zone`` (closed doors included)."""
        return self._links_of[zone]

    def link(self, a: str, b: str) -> Link | None:
        """The connection between ``a`` and ``b``, or ``None``."""
        for link in self._links_of[a]:
            if link.other(a) == b:
                return link
        return None

    def open_neighbours(self, zone: str) -> tuple[str, ...]:
        """Zones joined to ``zone`` by a connection without a closed door, sorted by id."""
        return tuple(sorted(k.other(zone) for k in self._links_of[zone] if not k.closed))

    def portal_neighbours(self, zone: str) -> tuple[str, ...]:
        """Zones joined to ``zone`` by a portal, sorted by id."""
        out = {b for a, b in self.portals if a == zone} | {a for a, b in self.portals if b == zone}
        return tuple(sorted(out))


def move_neighbours(graph: ZoneGraph, zone: str) -> tuple[str, ...]:
    """The zones a piece in ``zone`` may step into along open connections (a hero's portal
    moves are asked of :meth:`ZoneGraph.portal_neighbours`).  Sorted by id, no repeats."""
    out = set(graph.open_neighbours(zone))
    out.discard(zone)
    return tuple(sorted(out))


def distances_from(graph: ZoneGraph, start: str) -> dict[str, int]:
    """Zone distance from ``start`` to every zone reachable along open connections
    (``start`` itself at 0); unreachable zones are absent."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        zone = queue.popleft()
        for nxt in graph.open_neighbours(zone):
            if nxt not in dist:
                dist[nxt] = dist[zone] + 1
                queue.append(nxt)
    return dist


def zone_distance(graph: ZoneGraph, a: str, b: str) -> int | None:
    """Connections crossed on the shortest open route from ``a`` to ``b``; ``None`` if none.

    >>> g = ZoneGraph((ZoneShape("a", "A", 0, 0), ZoneShape("b", "B", 1, 0)), (Link("a", "b"),))
    >>> zone_distance(g, "a", "b"), zone_distance(g, "b", "b")
    (1, 0)
    """
    return distances_from(graph, a).get(b)


def shortest_path(graph: ZoneGraph, a: str, b: str) -> tuple[str, ...] | None:
    """One shortest open route from ``a`` to ``b`` (both included), preferring lower ids at
    each step; ``None`` if unreachable."""
    back = distances_from(graph, b)
    if a not in back:
        return None
    path = [a]
    while path[-1] != b:
        here = path[-1]
        path.append(min(n for n in graph.open_neighbours(here) if back.get(n) == back[here] - 1))
    return tuple(path)


def first_steps_toward(graph: ZoneGraph, a: str, b: str) -> tuple[str, ...]:
    """The neighbours of ``a`` that lie on some shortest open route to ``b`` (sorted by id);
    empty when ``a == b`` or ``b`` is unreachable.  More than one means equally viable paths."""
    back = distances_from(graph, b)
    if a == b or a not in back:
        return ()
    return tuple(n for n in graph.open_neighbours(a) if back.get(n) == back[a] - 1)


def direction_of(graph: ZoneGraph, source: str, seen_from: str) -> frozenset[str]:
    """The compass sides of ``seen_from``'s tile that a shot from ``source``'s tile crosses:
    the shared edge when the tiles share one; both sides of the corner when they meet only at
    a corner; for tiles apart, every side of ``seen_from`` beyond which ``source`` lies wholly.
    Empty only for overlapping tiles (a layout never has them).  Rulebook *Rule Unlocks >
    Barricades*: "cannot shoot into a zone ... from the direction the arrows point" — the
    direction is the edge the shot crosses, not the offset of the tile centres.

    >>> g = ZoneGraph((ZoneShape("a", "A", 3, 0), ZoneShape("b", "B", 0, 1, 4, 1)))
    >>> sorted(direction_of(g, "a", "b"))
    ['north']
    """
    s, t = graph.by_id[source], graph.by_id[seen_from]
    sides = set()
    if s.y + s.h <= t.y:
        sides.add("north")
    if s.y >= t.y + t.h:
        sides.add("south")
    if s.x + s.w <= t.x:
        sides.add("west")
    if s.x >= t.x + t.w:
        sides.add("east")
    return frozenset(sides)


def barricade_blocks(graph: ZoneGraph, source: str, target: str) -> str | None:
    """Why a shot from neighbouring ``source`` into ``target`` is stopped by a barricade in
    ``target`` (in words), or ``None`` when it is not."""
    against = graph.barricades.get(target, frozenset())
    hit = sorted(direction_of(graph, source, target) & against)
    if not hit:
        return None
    return f"the barricade in {graph.name(target)} blocks shots from the {hit[0]}"


@dataclass(frozen=True)
class ShotCheck:
    """The answer to "can a shot of this reach go from ``source`` to ``target``?": ``ok``, the
    route taken when ``ok`` (both ends included), and ``why`` in words."""

    ok: bool
    why: str
    route: tuple[str, ...] = ()


def can_shoot(graph: ZoneGraph, source: str, target: str, reach: int = 1) -> ShotCheck:
    """Whether a shot of ``reach`` zones (1 for SHOT, 2 with Range +1) from ``source`` can hit
    ``target``, by the module's reading; portals never count.  ``why`` names what decided."""
    if source == target:
        return ShotCheck(False, f"{graph.name(target)} is the shooter's own zone; a shot hits "
                                f"an adjacent zone")
    dist = distances_from(graph, source)
    blocked: list[str] = []
    best: tuple[str, ...] | None = None
    for link in sorted(graph.links_of(target), key=lambda k: k.other(target)):
        before = link.other(target)
        if before not in dist or dist[before] > reach - 1:
            continue
        if link.closed:
            blocked.append(f"the closed door between {graph.name(before)} and "
                           f"{graph.name(target)} blocks the shot")
            continue
        barricade = barricade_blocks(graph, before, target)
        if barricade:
            blocked.append(barricade)
            continue
        route = (*(shortest_path(graph, source, before) or (source,)), target)
        if best is None or len(route) < len(best):
            best = route
    if best is not None:
        steps = len(best) - 1
        how = "adjacent" if steps == 1 else f"{steps} zones away"
        return ShotCheck(True, f"{graph.name(target)} is {how} with nothing blocking the shot",
                         best)
    if blocked:
        return ShotCheck(False, blocked[0])
    far = zone_distance(graph, source, target)
    if far is None:
        portal = target in graph.portal_neighbours(source)
        return ShotCheck(False, f"{graph.name(target)} cannot be reached from "
                                f"{graph.name(source)}" + (" (portals never carry shots)"
                                                           if portal else ""))
    return ShotCheck(False, f"{graph.name(target)} is {far} zones away, beyond the shot's "
                            f"reach of {reach}")


@dataclass(frozen=True)
class ExitPath:
    """The cheapest Exit route: ``cost`` (damage), ``path`` (start and exit included) and
    ``costly`` (the zones on it that cost 1)."""

    cost: int
    path: tuple[str, ...]
    costly: tuple[str, ...]


def exit_path(graph: ZoneGraph, start: str, exit_zone: str,
              costly: Iterable[str]) -> ExitPath | None:
    """The cheapest movement route from ``start`` to ``exit_zone`` (no portals) where each zone
    in ``costly`` on the route, start and exit included, costs 1; ties broken by fewer zones,
    then by the route's zone ids.  ``None`` when the exit cannot be reached."""
    bad = frozenset(costly)

    def cost(zone: str) -> int:
        return 1 if zone in bad else 0

    heap: list[tuple[int, int, tuple[str, ...]]] = [(cost(start), 1, (start,))]
    done: set[str] = set()
    while heap:
        total, length, path = heapq.heappop(heap)
        zone = path[-1]
        if zone in done:
            continue
        done.add(zone)
        if zone == exit_zone:
            return ExitPath(total, path, tuple(z for z in path if z in bad))
        for nxt in graph.open_neighbours(zone):
            if nxt not in done:
                heapq.heappush(heap, (total + cost(nxt), length + 1, (*path, nxt)))
    return None
