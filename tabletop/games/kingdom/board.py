"""The Kingdom map as a graph of tiles: which tile joins which, through which path, whether a
Hindering token blocks it, where new tiles are laid.  Geometry comes from
:mod:`tabletop.spatial.tile_map`; this module adds the Kingdom's rules about paths.

Rulebook: *Travel Step* (paths, Shortcuts), *Hindering Tokens* (they block the party only),
*Kingdom Tile Step* c (neighbours placed face down), *Disjointed Map*.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from tabletop.games.kingdom.state import KingdomState, Path, Tile
from tabletop.spatial import tile_map
from tabletop.spatial.tile_map import OPPOSITE, Rect


def paths_to(tile: Tile, dest: str, kinds: Iterable[str] = ("tile",)) -> tuple[Path, ...]:
    """The paths of ``tile`` of one of ``kinds`` that lead to tile ``dest``."""
    wanted = tuple(kinds)
    return tuple(p for p in tile.paths if p.to == dest and p.kind in wanted)


def back_path(state: KingdomState | Laying, src: str, path: Path) -> Path | None:
    """The path on ``path.to`` that leads back to ``src`` from the opposite side (the other
    end of the same connection), or ``None``."""
    if not path.to or not state.has_tile(path.to):
        return None
    for other in state.tile(path.to).paths:
        if other.kind == path.kind and other.to == src and other.side == OPPOSITE[path.side]:
            return other
    return None


def hindrance(state: KingdomState, src: str, path: Path) -> str:
    """The kind of the Hindering token on this connection (on ``src``'s path or on the path
    back), or ``""`` when it is open.  Rulebook *Hindering Tokens*."""
    ends = [(src, path)]
    back = back_path(state, src, path)
    if back is not None:
        ends.append((path.to, back))
    for tile_id, p in ends:
        for token in state.hindering:
            if (token.tile, token.side, token.offset) == (tile_id, p.side, p.offset):
                return token.kind
    return ""


def monster_graph(state: KingdomState) -> dict[str, list[str]]:
    """The tiles Encounter Monster tokens move across: tiles on the table joined by tile paths
    either way round, Hindering tokens ignored (*Hindering tokens only affect your Party*).
    Shortcuts are left out: they are the party's, granted by game elements (*Shortcuts*)."""
    return connection_graph(state)


def hunt_walks(state: KingdomState) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The ways a hunting Monster token may go while the players choose where it stops (a
    pending ``hunt-end`` question): ``(monster, walk)`` for each tile offered, the walk the
    shortest path along :func:`monster_graph` from the token's tile to that tile (every tile
    offered ends an equally short way toward the party: rulebook *Encounter Monsters Spawn
    and Movement*); a tile it cannot walk to (*Disjointed Map*: placed beside the party) is a
    walk of that tile alone.  Empty when no such question is pending."""
    if not state.pending or state.pending[0].kind != "hunt-end":
        return ()
    prompt = state.pending[0]
    if not any(m.monster == prompt.subject for m in state.monsters):
        return ()
    return tuple((prompt.subject, hunt_walk(state, prompt.subject, end))
                 for end in prompt.options)


def hunt_walk(state: KingdomState, monster: str, end: str) -> tuple[str, ...]:
    """The tiles ``monster``'s token walks to ``end`` (its own tile first): the first shortest
    path along :func:`monster_graph`; ``(end,)`` when it cannot walk there (*Disjointed Map*:
    placed beside the party) or has no token on the map.  Which of equally short routes to one
    tile is drawn changes nothing: a token passing a tile triggers nothing (rulebook
    *Encounter Monsters Spawn and Movement*: only moving onto the party's tile does)."""
    token = next((m for m in state.monsters if m.monster == monster), None)
    if token is None:
        return (end,)
    ways = tile_map.shortest_paths(monster_graph(state), token.tile, end, limit=1)
    return tuple(ways[0]) if ways else (end,)


def connection_graph(state: KingdomState) -> dict[str, list[str]]:
    """Tiles on the table joined by tile paths only (the pieces of a disjointed map)."""
    placed = {t.id for t in state.tiles if t.on_table}
    graph: dict[str, list[str]] = {tid: [] for tid in placed}
    for tile in state.tiles:
        if tile.id in placed:
            for path in tile.paths:
                if path.kind == "tile" and path.to in placed:
                    _link(graph, tile.id, path.to)
    return graph


def party_graph(state: KingdomState, tiles: Iterable[str]) -> dict[str, list[str]]:
    """The moves the party may make between ``tiles``: unblocked tile paths of the tile it
    stands on, plus Shortcuts when the party has been granted them."""
    allowed = set(tiles)
    kinds = ("tile", "shortcut") if state.delve.shortcuts else ("tile",)
    graph: dict[str, list[str]] = {tid: [] for tid in allowed}
    for tile in state.tiles:
        if tile.id not in allowed:
            continue
        for path in tile.paths:
            if (path.kind in kinds and path.to in allowed and path.to not in graph[tile.id]
                    and not hindrance(state, tile.id, path)):
                graph[tile.id].append(path.to)
    return graph


def _link(graph: dict[str, list[str]], a: str, b: str) -> None:
    if b not in graph[a]:
        graph[a].append(b)
    if a not in graph[b]:
        graph[b].append(a)


def section_of(state: KingdomState, tile_id: str) -> frozenset[str]:
    """The piece of the map (joined by tile paths) holding ``tile_id``."""
    return frozenset(tile_map.distances(connection_graph(state), tile_id))


def direction(state: KingdomState, src: str, dst: str) -> tuple[str | None, str]:
    """The direction of travel from ``src`` to ``dst`` and the reason, in words.

    A path on ``src`` leading to ``dst`` gives its side; else a path on ``dst`` leading back
    gives the opposite side; else touching footprints give the side; else ``None``.
    Rulebook *Collecting Clues*.
    """
    a, b = state.tile(src), state.tile(dst)
    for path in a.paths:
        if path.to == dst:
            return path.side, f"the {path.kind} path on {a.label} leaves its {path.side} side"
    for path in b.paths:
        if path.to == src:
            return (OPPOSITE[path.side], f"the path on {b.label} back to {a.label} leaves its "
                    f"{path.side} side, so the party travels {OPPOSITE[path.side]}")
    if a.rect and b.rect:
        side = tile_map.direction_between(a.rect, b.rect)
        if side:
            return side, f"{b.label} lies against the {side} side of {a.label} (no path)"
    return None, f"no path joins {a.label} and {b.label}"


def _rects(state: KingdomState, but: Iterable[str] = ()) -> list[Rect]:
    skip = set(but)
    return [t.rect for t in state.tiles if t.rect is not None and t.id not in skip]


def position_for(state: KingdomState, tile_id: str, prefer: str = "") -> tuple[Rect, str]:
    """Where ``tile_id`` (not on the table) would be laid, and how, in words: against the
    first path of a tile on the table that leads to it, else (disjointed map) as a new
    section east of everything.  Paths of tile ``prefer`` (the tile just revealed) are tried
    first.  Rulebook *Kingdom Tile Step* c, *Disjointed Map*."""
    return Laying(state).position(tile_id, prefer)


class Laying:
    """The tiles of a state being laid on the table one by one (:meth:`lay`), indexed so that
    :meth:`position` costs what a tile's own paths and footprint cost, not what the whole
    table does: the tiles whose tile paths lead to each tile, in table order, and the cells
    the laid footprints cover."""

    def __init__(self, state: KingdomState) -> None:
        self.order = [t.id for t in state.tiles]
        self.tiles: dict[str, Tile] = {}
        self.into: dict[str, list[str]] = {}
        for tile in state.tiles:
            self.tiles.setdefault(tile.id, tile)
            for path in tile.paths:
                if path.kind == "tile":
                    sources = self.into.setdefault(path.to, [])
                    if tile.id not in sources[-1:]:
                        sources.append(tile.id)
        self.cells = tile_map.Cells(t.rect for t in state.tiles if t.rect is not None)

    def has_tile(self, tile_id: str) -> bool:
        return tile_id in self.tiles

    def tile(self, tile_id: str) -> Tile:
        return self.tiles[tile_id]

    def lay(self, tile_id: str, rect: Rect) -> None:
        """Put tile ``tile_id`` (not on the table yet) at ``rect``."""
        self.tiles[tile_id] = replace(self.tiles[tile_id], at=(rect.x, rect.y))
        self.cells.add(rect)

    def position(self, tile_id: str, prefer: str = "") -> tuple[Rect, str]:
        """:func:`position_for` on the tiles as laid so far."""
        own = self.tiles[tile_id].rect
        if own is not None:  # the tile is placed apart from where it lies now
            self.cells.remove(own)
        try:
            return self._position(tile_id, prefer)
        finally:
            if own is not None:
                self.cells.add(own)

    def _position(self, tile_id: str, prefer: str) -> tuple[Rect, str]:
        new = self.tiles[tile_id]
        sources = self.into.get(tile_id, [])
        for src in sorted(sources, key=lambda t: t != prefer):
            tile = self.tiles[src]
            if tile.rect is None:
                continue
            path = paths_to(tile, tile_id)[0]
            back = back_path(self, tile.id, path)
            rect = tile_map.place_against(tile.rect, path.side, path.offset, new.footprint,
                                          back.offset if back else 0)
            rect = self.cells.place_clear(rect, path.side)
            return rect, f"against the {path.side} path of {tile.label}"
        for path in new.paths:
            if path.kind != "tile" or not self.has_tile(path.to):
                continue
            other = self.tiles[path.to]
            if other.rect is None:
                continue
            back = back_path(self, tile_id, path)
            if back is None:
                continue
            rect = tile_map.place_against(other.rect, back.side, back.offset, new.footprint,
                                          path.offset)
            rect = self.cells.place_clear(rect, back.side)
            return rect, f"against the {back.side} path of {other.label}"
        return self.cells.new_section_place(new.footprint), \
            "apart, as a new section of a disjointed map"


def join_sections(state: KingdomState, tile_id: str) -> tuple[KingdomState, list[str]]:
    """Slide pieces of the map so that ``tile_id`` lies against every tile on the table its
    tile paths lead to (*Disjointed Map*: "attach them accordingly").  The smaller of the two
    pieces slides; a piece that would land on other tiles stays put, joined only by the path.
    Returns the new state and a sentence per piece joined."""
    notes: list[str] = []
    for path in state.tile(tile_id).paths:
        tile = state.tile(tile_id)
        if path.kind != "tile" or not state.has_tile(path.to):
            continue
        other = state.tile(path.to)
        if other.rect is None or tile.rect is None:
            continue
        apart = _without_link(state, tile_id, path.to)
        mine, theirs = section_of(apart, tile_id), section_of(apart, path.to)
        if tile_id in theirs:
            continue
        back = back_path(state, tile_id, path)
        back_offset = back.offset if back else 0
        wanted = tile_map.place_against(tile.rect, path.side, path.offset, other.footprint,
                                        back_offset)
        if wanted == other.rect:
            continue
        if len(theirs) <= len(mine):
            moving, shift = theirs, tile_map.join_shift(
                tile.rect, path.side, path.offset, other.rect, back_offset,
                [state.tile(t).rect for t in theirs], _rects(state, theirs))
        else:
            moving, shift = mine, tile_map.join_shift(
                other.rect, OPPOSITE[path.side], back_offset, tile.rect, path.offset,
                [state.tile(t).rect for t in mine], _rects(state, mine))
        if shift is None:
            notes.append(f"{tile.label} and {other.label} are joined by a path, but their pieces "
                         f"of the map stay where they lie (no room to slide one)")
            continue
        for tid in moving:
            state = state.with_tile(_moved(state.tile(tid), shift))
        notes.append(f"the piece of the map holding {state.tile(next(iter(moving))).label} "
                     f"slides to join the rest at the path between {tile.label} and "
                     f"{other.label}: the two pieces are one again")
    return state, notes


def _moved(tile: Tile, shift: tuple[int, int]) -> Tile:
    assert tile.at is not None
    return replace(tile, at=(tile.at[0] + shift[0], tile.at[1] + shift[1]))


def _without_link(state: KingdomState, a: str, b: str) -> KingdomState:
    """``state`` with the tile paths between ``a`` and ``b`` forgotten (to find the piece
    that ``b`` belonged to before ``a`` joined it)."""
    tiles = []
    for tile in state.tiles:
        if tile.id in (a, b):
            other = b if tile.id == a else a
            tile = replace(tile, paths=tuple(p for p in tile.paths
                                             if not (p.kind == "tile" and p.to == other)))
        tiles.append(tile)
    return replace(state, tiles=tuple(tiles))
