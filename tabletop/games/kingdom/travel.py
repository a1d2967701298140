"""What the party may do in the Travel step, with the cost and the reason of each choice.

Rulebook *Travel Step*: onto an Unexplored tile through a path of the current tile
(Hindering tokens block it; Shortcuts only when granted), Backtrack through explored tiles
(+1 Time, +1 Threat per tile moved through after the first), Enter the Deep Fog through an
unblocked Deep Fog path (+1 Threat, any Unexplored tile joined to an explored tile); never stay.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tabletop.games.kingdom import board
from tabletop.games.kingdom.state import UNEXPLORED, KingdomState
from tabletop.spatial import tile_map
from tabletop.wording import counted


@dataclass(frozen=True)
class Option:
    """One legal Travel step choice: ``kind`` (``travel``, ``backtrack``, ``deep-fog``), the
    tile, the direction of travel (``None`` through the Fog), the Time and Threat it costs at
    once (for ``travel``: the tile's back), the routes (backtrack) and the reason."""

    kind: str
    tile: str
    direction: str | None
    time: int
    threat: int
    routes: tuple[tuple[str, ...], ...] = ()
    why: str = ""


def fog_paths_open(state: KingdomState) -> tuple[bool, str]:
    """Whether the party's tile has an unblocked Deep Fog path, and why (in words)."""
    tile = state.tile(state.party)
    fog = [p for p in tile.paths if p.kind == "deep-fog"]
    if not fog:
        return False, f"{tile.label} has no Deep Fog path"
    open_ = [p for p in fog if not board.hindrance(state, tile.id, p)]
    if not open_:
        kinds = ", ".join(sorted({board.hindrance(state, tile.id, p) for p in fog}))
        return False, f"every Deep Fog path of {tile.label} is blocked ({kinds} token)"
    return True, f"{tile.label} has an unblocked Deep Fog path on its {open_[0].side} side"


def fog_targets(state: KingdomState) -> list[str]:
    """Unexplored tiles on the table joined by a path to an explored tile (*Entering the
    Deep Fog*), in table order."""
    explored = {t.id for t in state.tiles if t.status == "explored"}
    graph = board.connection_graph(state)
    return [t.id for t in state.tiles if t.status in UNEXPLORED
            and any(n in explored for n in graph.get(t.id, ()))]


def backtrack_routes(state: KingdomState, dest: str,
                     graphs: tuple[dict, dict] | None = None) -> list[tuple[str, ...]]:
    """The shortest Backtrack routes (at most six) from the party to ``dest`` through explored
    tiles (party first, ``dest`` last); ``[]`` when there is none.  ``graphs``: the
    :func:`backtrack_graphs` of ``state``, when the caller asks about many tiles."""
    graph, reverse = backtrack_graphs(state) if graphs is None else graphs
    return tile_map.shortest_paths(graph, state.party, dest, limit=6, reverse=reverse)


def backtrack_graphs(state: KingdomState) -> tuple[dict, dict]:
    """The moves of a Backtrack: the party's moves between explored tiles
    (:func:`~tabletop.games.kingdom.board.party_graph`), and the same turned round."""
    graph = board.party_graph(state, [t.id for t in state.tiles if t.status == "explored"])
    return graph, tile_map.reversed_graph(graph)


def backtrack_threat(route: tuple[str, ...]) -> int:
    """Threat of a Backtrack route: +1 per tile moved through after the first one."""
    return max(0, len(route) - 2)


def options(state: KingdomState, wanted: Callable[[str, str], bool] | None = None
            ) -> list[Option]:
    """Every legal choice of the Travel step (empty: the Travel step cannot be resolved);
    with ``wanted``, only those of the kinds and tiles ``wanted(kind, tile)`` accepts, the
    others not worked out (a map of 1,000 explored tiles has a Backtrack to each)."""
    if wanted is None:
        def wanted(kind: str, tile: str) -> bool:
            return True
    out: list[Option] = []
    here = state.tile(state.party)
    kinds = ("tile", "shortcut") if state.delve.shortcuts else ("tile",)
    seen: set[str] = set()
    for path in here.paths:
        if path.kind not in kinds or path.to in seen or not state.has_tile(path.to):
            continue
        dest = state.tile(path.to)
        unexplored = dest.status in UNEXPLORED or (path.kind == "shortcut"
                                                   and dest.status == "box")
        if not unexplored or not wanted("travel", dest.id) \
                or board.hindrance(state, here.id, path):
            continue
        seen.add(dest.id)
        out.append(Option("travel", dest.id, path.side, dest.time, dest.threat,
                          why=f"the {path.kind} path on {here.label}'s {path.side} side "
                              f"leads to Unexplored {dest.label}"))
    graphs = None
    for tile in state.tiles:
        if tile.status != "explored" or tile.id == here.id or not wanted("backtrack", tile.id):
            continue
        if graphs is None:
            graphs = backtrack_graphs(state)
        routes = backtrack_routes(state, tile.id, graphs)
        if routes:
            direction, _ = board.direction(state, routes[0][0], routes[0][1])
            out.append(Option("backtrack", tile.id, direction, 1, backtrack_threat(routes[0]),
                              routes=tuple(routes),
                              why=f"Backtrack through "
                                  f"{counted(len(routes[0]) - 1, 'explored tile')}: +1 Time, "
                                  f"+1 Threat per tile after the first"))
    ok, _ = fog_paths_open(state)
    if ok:
        for tile_id in fog_targets(state):
            if not wanted("deep-fog", tile_id):
                continue
            tile = state.tile(tile_id)
            out.append(Option("deep-fog", tile_id, None, 0, 1,
                              why=f"Enter the Deep Fog (+1 Threat now); {tile.label} has Deep "
                                  f"Fog Intensity {tile.intensity}"))
    return out


def refusal(state: KingdomState, tile_id: str) -> str:
    """Why the party cannot travel onto ``tile_id`` in this Travel step, in words."""
    if not state.has_tile(tile_id):
        return f"there is no tile {tile_id!r}"
    here = state.tile(state.party)
    dest = state.tile(tile_id)
    if tile_id == here.id:
        return "the party cannot stay on its tile: the Travel step must move it"
    paths = board.paths_to(here, tile_id, ("tile", "shortcut"))
    if dest.status == "box" and not paths:
        return f"{dest.label} is not on the table"
    if dest.status == "explored":
        if backtrack_routes(state, tile_id):
            return f"{dest.label} is explored: choose it as a Backtrack"
        return (f"{dest.label} is explored but no open way through explored tiles reaches it "
                f"(Backtrack moves only through explored tiles, past no Hindering token)")
    if not paths:
        return (f"no path of {here.label} leads to {dest.label} (the Travel step goes through a "
                f"path of the current tile; the Deep Fog needs an unblocked Deep Fog path)")
    for path in paths:
        if path.kind == "shortcut" and not state.delve.shortcuts:
            continue
        kind = board.hindrance(state, here.id, path)
        if kind:
            return (f"the path from {here.label} to {dest.label} is blocked by a {kind} token "
                    f"(Hindering tokens block the party)")
    return (f"only a Shortcut leads from {here.label} to {dest.label}, and the party has not "
            f"been granted Shortcuts")
