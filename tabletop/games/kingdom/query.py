"""``tabletop query`` verbs for the Kingdom map.

``travel-options``, ``backtrack-cost TILE``, ``hunt-move TOKEN STEPS``,
``travel-direction FROM TO``, ``tile-distance A B``, ``save TRACK MODIFIER``.  Tiles are
named by id or by name.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tabletop.errors import QueryError
from tabletop.games.contract import Verb
from tabletop.games.kingdom import board, travel
from tabletop.games.kingdom.state import KingdomState
from tabletop.games.overlay import Picture
from tabletop.numbers import NumberError, parse_int, read_int, shorten
from tabletop.spatial import tile_map
from tabletop.wording import counted

MAX_HUNT_STEPS = 100
"""The most tiles a ``hunt`` question asks a Monster to move."""
MAX_SAVE_MODIFIER = 99
"""The largest modifier a ``save`` question takes."""


def find_tile(state: KingdomState, word: str) -> str:
    """The id of the tile named ``word`` (its id, or its name in any case)."""
    if state.has_tile(word):
        return word
    for tile in state.tiles:
        if tile.name.lower() == word.lower():
            return tile.id
    raise QueryError(f"no tile has the id or name {word!r}")


def _on_table(state: KingdomState, word: str) -> str:
    tile_id = find_tile(state, word)
    if not state.tile(tile_id).on_table:
        raise QueryError(f"tile {tile_id!r} is not on the table")
    return tile_id


def travel_options(state: KingdomState, args: list[str]) -> dict[str, Any]:
    """Each legal Travel step choice with its direction and Time/Threat cost."""
    if state.delve.phase != "travel" or state.pending:
        return {"answer": [], "why": f"it is not the Travel step (phase {state.delve.phase}"
                                     f"{', a question is waiting' if state.pending else ''})"}
    out = []
    for option in travel.options(state):
        item: dict[str, Any] = {"tile": option.tile, "name": state.tile(option.tile).name,
                                "kind": option.kind, "direction": option.direction,
                                "time": option.time, "threat": option.threat,
                                "why": option.why}
        if option.kind == "backtrack":
            item["route"] = list(option.routes[0])
        if option.kind == "deep-fog":
            item["intensity"] = state.tile(option.tile).intensity
        out.append(item)
    why = ("Travel Step: onto Unexplored tiles through open paths of the party's tile, "
           "Backtrack through explored tiles, or Enter the Deep Fog")
    if not out:
        why = "no legal Travel: being unable to resolve the Travel step loses the Expedition"
    return {"answer": out, "why": why}


def backtrack_cost(state: KingdomState, args: list[str]) -> dict[str, Any]:
    """Time and Threat of a Backtrack to TILE, with the shortest route(s)."""
    tile_id = find_tile(state, args[0])
    tile = state.tile(tile_id)
    if tile.status != "explored" or tile_id == state.party:
        raise QueryError(f"no Backtrack to {tile.label}: "
                         + ("the party is on it" if tile_id == state.party
                            else f"it is {tile.status}, and a Backtrack goes onto explored tiles"))
    routes = travel.backtrack_routes(state, tile_id)
    if not routes:
        raise QueryError(travel.refusal(state, tile_id))
    threat = travel.backtrack_threat(routes[0])
    return {"answer": {"time": 1, "threat": threat}, "route": list(routes[0]),
            "routes": [list(r) for r in routes],
            "why": f"Backtracking moves through {counted(len(routes[0]) - 1, 'tile')}: "
                   f"Time +1 always, +1 Threat for every tile after the first"}


def hunt_move(state: KingdomState, args: list[str]) -> dict[str, Any]:
    """Where a Monster token ends after hunting STEPS tiles toward the party, and the path."""
    token = next((m for m in state.monsters if m.monster.lower() == args[0].lower()), None)
    if token is None:
        raise QueryError(f"no Monster token {args[0]!r} is on the map (tokens: "
                         f"{', '.join(m.monster for m in state.monsters) or 'none'})")
    try:
        steps = read_int(args[1], 0, MAX_HUNT_STEPS, "STEPS")
    except NumberError as exc:
        raise QueryError(str(exc)) from None
    graph = board.monster_graph(state)
    walks = tile_map.hunt_ends(graph, token.tile, state.party, steps)
    if not walks:
        near = sorted(graph.get(state.party, ())) or [state.party]
        return {"answer": near[0] if len(near) == 1 else None, "options": near, "path": None,
                "why": "Disjointed Map: the token is on another piece of the map, so it is "
                       "placed on a tile adjacent to the Party marker"}
    ends = sorted({w[-1] for w in walks})
    answer = ends[0] if len(ends) == 1 else None
    why = (f"Encounter Monsters Spawn and Movement: moves {counted(steps, 'tile')} toward the "
           f"Party marker on tile {state.party} by the shortest path; Hindering Tokens: they only "
           f"affect the party")
    if answer is None:
        why += "; equally short ways end on different tiles: the players choose"
    return {"answer": answer, "options": ends, "path": list(walks[0]),
            "paths": [list(w) for w in walks], "encounter": state.party in ends, "why": why}


def travel_direction(state: KingdomState, args: list[str]) -> dict[str, Any]:
    """The direction of travel from one tile to another (for Clue types)."""
    a, b = _on_table(state, args[0]), _on_table(state, args[1])
    if a == b:
        raise QueryError("FROM and TO are the same tile")
    side, why = board.direction(state, a, b)
    return {"answer": side, "why": f"Collecting Clues (the direction of travel): {why}"}


def tile_distance(state: KingdomState, args: list[str]) -> dict[str, Any]:
    """Tiles between A and B along paths on the table (as Monster tokens move)."""
    a, b = _on_table(state, args[0]), _on_table(state, args[1])
    graph = board.monster_graph(state)
    dist = tile_map.distances(graph, a).get(b)
    paths = tile_map.shortest_paths(graph, a, b, limit=1)
    why = ("Encounter Monsters Spawn and Movement: steps along tile paths between tiles on "
           "the table, as Monster tokens move (Hindering tokens and Shortcuts ignored)"
           if dist is not None else
           "Disjointed Map: no chain of paths joins them: they lie on different pieces of the "
           "map")
    return {"answer": dist, "path": list(paths[0]) if paths else None, "why": why}


D10 = 10


def save(state: KingdomState, args: list[str]) -> dict[str, Any]:
    """A Curse or Threat Save (rulebook *Curse & Threat Saves*): the difficulty is the track's
    level plus the modifier; a d10 below it fails, except that a natural 10 always succeeds
    and a natural 1 always fails (rulebook *Dice*).  Answers the difficulty."""
    track = args[0].lower()
    if track not in ("curse", "threat"):
        raise QueryError(f"a Save is a Curse or a Threat Save, not {args[0]!r}")
    modifier = parse_int(args[1], -MAX_SAVE_MODIFIER, MAX_SAVE_MODIFIER)
    if modifier is None:
        raise QueryError(f"the Save's modifier is a whole number from -{MAX_SAVE_MODIFIER} to "
                         f"+{MAX_SAVE_MODIFIER} such as +2, not {shorten(args[1])!r}")
    level = state.track.value(track)
    difficulty = level + modifier
    if difficulty > D10:
        roll = "only a natural 10 succeeds (a natural 10 is always a success)"
    elif difficulty <= 2:
        roll = "any d10 roll but a natural 1 succeeds (a natural 1 is always a fail)"
    else:
        roll = f"roll {difficulty} or higher on a d10 to succeed"
    return {"answer": difficulty, "roll": roll,
            "why": f"Curse & Threat Saves: {track.capitalize()} level {level} {modifier:+d} = "
                   f"{difficulty}; a d10 result lower than that fails (not a test: Heat cannot "
                   f"re-roll it)"}


VERBS = {verb.name: verb for verb in (
    Verb("travel-options", "", "each legal Travel step choice with direction and Time/Threat "
         "cost", travel_options, 0),
    Verb("backtrack-cost", "TILE", "Time and Threat of a Backtrack to TILE, and its route",
         backtrack_cost, 1),
    Verb("hunt-move", "TOKEN STEPS", "the tile a Monster token ends on hunting STEPS tiles, and "
         "its path", hunt_move, 2),
    Verb("travel-direction", "FROM TO", "north/east/south/west: the direction of travel",
         travel_direction, 2),
    Verb("tile-distance", "A B", "tiles between A and B along paths (null: not joined)",
         tile_distance, 2),
    Verb("save", "TRACK MODIFIER", "the d10 roll a Curse or Threat Save needs (TRACK: curse or "
         "threat)", save, 2),
)}


def _options_picture(state: KingdomState, args: list[str], answer: dict[str, Any]) -> Picture:
    """The party's tile ringed, each tile a Travel step may go to tinted."""
    return Picture(places=tuple(dict.fromkeys(o["tile"] for o in answer["answer"])),
                   marked=(state.party,))


def _route_picture(state: KingdomState, args: list[str], answer: dict[str, Any]) -> Picture:
    """The route as arrows from tile to tile, its end ringed."""
    path = tuple(answer.get("route") or answer.get("path") or ())
    end = answer["answer"] if isinstance(answer["answer"], str) else (path[-1] if path else None)
    return Picture(path=path, marked=(end,) if end else tuple(answer.get("options", ())))


def _between_picture(state: KingdomState, args: list[str], answer: dict[str, Any]) -> Picture:
    """The two tiles ringed."""
    return Picture(marked=(_on_table(state, args[0]), _on_table(state, args[1])))


_PICTURES = {"travel-options": _options_picture, "backtrack-cost": _route_picture,
             "hunt-move": _route_picture, "tile-distance": _route_picture,
             "travel-direction": _between_picture}
"""The verbs whose answers are drawn by ``--overlay``, and how."""

VERBS = {name: replace(verb, picture=_PICTURES.get(name)) for name, verb in VERBS.items()}
