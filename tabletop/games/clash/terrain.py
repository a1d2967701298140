"""Terrain tiles placed during a Clash (rulebook *Placing and Removing Terrain During Clashes*,
*Terrain Placement on Other Terrain / on a Knight / on Monsters*).

Edit mode (:mod:`editing`) sets up a lesson without these rules; :class:`PlaceTerrain` is the
in-play placement a card or trait calls for.
"""

from __future__ import annotations

from dataclasses import replace

from tabletop.errors import IllegalActionError
from tabletop.games.clash.actions import PlaceTerrain
from tabletop.games.clash.events import Event
from tabletop.games.clash.forced_steps import (
    Branch,
    _closest_free,
    crash,
    destroy,
    kill,
    place,
    settle,
    standable,
)
from tabletop.games.clash.layout import name_rule
from tabletop.games.clash.state import TERRAIN_KEYWORDS, ClashState, Knight, Monster, Terrain
from tabletop.spatial.grid import DIRECTIONS
from tabletop.spatial.measure import range_between

RULE = "Terrain Placement"


def place_terrain_outcomes(state: ClashState, action: PlaceTerrain) -> list[Branch]:
    """Every outcome of placing the tile (players choose where Displaced pieces go)."""
    spaces = tuple(sorted(set(action.spaces)))
    keywords = tuple(k.lower() for k in action.keywords)
    if not spaces:
        raise IllegalActionError(action, "a tile needs at least one space")
    off = [s for s in spaces if not state.board.contains(s)]
    if off:
        raise IllegalActionError(action, f"{off[0]} is off the board ({state.board.describe()})")
    for keyword in keywords:
        if keyword not in TERRAIN_KEYWORDS:
            raise IllegalActionError(action, f"{keyword!r} is not a Terrain keyword")
    if action.name in state.pieces or state.tile(action.name) is not None:
        raise IllegalActionError(action, f"{action.name!r} is used twice; names must be unique")
    if name_rule(action.name):
        raise IllegalActionError(action, f"the tile's name {name_rule(action.name)}")
    if not 0 <= action.supply <= 99:
        raise IllegalActionError(action, "the supply of a tile type must be 0 to 99")
    tile = Terrain(action.name, spaces, keywords)
    return [done for start in _from_supply(Branch(state), tile, action.supply)
            for done in _place(start, tile)]


def tile_type(name: str) -> str:
    """The type of the tile called ``name``: its name without a trailing number ("Column 2"
    and "column 3" are both "column")."""
    base = name.rstrip("0123456789")
    if base != name:
        base = base.rstrip(" \t#")
    return base.strip().casefold()


def _from_supply(branch: Branch, tile: Terrain, supply: int) -> list[Branch]:
    """*Placing and Removing Terrain During Clashes*: "If all the Terrain tiles of this type
    are already on the Board, remove the tile furthest from the Monster, then place it".
    Reading: the type is the name without its number (:func:`tile_type`); "furthest" is the
    range from the tile to the nearest Monster; tiles equally far are offered to the players."""
    state = branch.state
    same = [t for t in state.terrain if tile_type(t.name) == tile_type(tile.name)]
    if not supply or len(same) < supply:
        return [branch]

    def away(t: Terrain) -> int:
        return min((range_between(t.spaces, m.spaces) for m in state.monsters), default=0)

    far = max(away(t) for t in same)
    picks = [t for t in same if away(t) == far]
    return [branch.then(state.without(t.name),
                        Event("tile-removed", other=t.name,
                              rule="Placing and Removing Terrain During Clashes"),
                        choice=f"remove {t.name}" if len(picks) > 1 else None)
            for t in picks]


def _place(branch: Branch, tile: Terrain) -> list[Branch]:
    """The placement rules for ``tile`` (on other Terrain, on Monsters, on Knights)."""
    state = branch.state
    under = [t for t in state.terrain if set(t.spaces) & set(tile.spaces)]
    if any(t.has("indestructible") for t in under):
        hard = next(t for t in under if t.has("indestructible"))
        return [branch.then(None, Event("ignored", tile.name, other=f"{hard.name} is "
                                        "Indestructible: nothing is placed on it", rule=RULE))]
    for old in under:
        branch = destroy(branch, old, "Terrain Placement on Other Terrain")
    return _onto_monsters(branch, tile)


def _onto_monsters(branch: Branch, tile: Terrain) -> list[Branch]:
    state = branch.state
    covered = [m for m in state.monsters if set(m.spaces) & set(tile.spaces)]
    if tile.has("destructible") and covered:
        return [branch.then(None, Event("ignored", tile.name, other=f"it would land on "
                                        f"{covered[0].name} and is Destructible", rule=RULE))]
    results = [branch]
    if tile.has("obstacle"):
        for mob in (m for m in covered if m.kind == "mob"):
            results = [done for b in results for done in _push_mob_off(b, mob, tile)]
    return [done for b in results for done in _onto_knights(b, tile)]


def _push_mob_off(branch: Branch, mob: Monster, tile: Terrain) -> list[Branch]:
    """A Mob under an Indestructible Obstacle goes to the closest space that lets the tile lie
    without overlapping it (players choose among equals).  Reading: the same for an Obstacle
    with neither Destructible nor Indestructible, since a Mob cannot stand on one."""
    ends = _closest_free(branch.state, mob, frozenset(tile.spaces), ())
    return [branch.then(place(branch.state, mob.name, at),
                        Event("displaced", mob.name, (at,), rule=RULE),
                        choice=f"Displace {mob.name} to {at}" if len(ends) > 1 else None)
            for at in ends] or [branch]


def _onto_knights(branch: Branch, tile: Terrain) -> list[Branch]:
    knights = [k for k in branch.state.knights
               if k.vantage is None and k.at in tile.spaces]
    if tile.has("obstacle") and tile.has("destructible") and knights:
        b = branch.then(None, Event("destroyed", other=tile.name,
                                    rule="Terrain Placement on a Knight"))
        for knight in knights:
            b = crash(b, knight.name, tile.name, "Terrain Placement on a Knight")
        return [b]
    results = [branch.then(replace(branch.state, terrain=(*branch.state.terrain, tile)),
                           Event("tile-placed", tile.name, tile.spaces, rule=RULE))]
    for knight in knights:
        nxt = []
        for b in results:
            if tile.has("obstacle"):
                b = crash(b, knight.name, tile.name, "Terrain Placement on a Knight")
                nxt.extend(_step_aside(b, knight, tile))
            else:
                nxt.extend(settle(b, knight.name, "Terrain Placement on a Knight"))
        results = nxt
    return results


def _step_aside(branch: Branch, knight: Knight, tile: Terrain) -> list[Branch]:
    """A Knight under a new Obstacle is Displaced to an adjacent space off the tile; with none
    it dies."""
    options = [knight.at.step(dx, dy) for dx, dy in DIRECTIONS.values()]
    options = sorted(s for s in options if s not in tile.spaces
                     and standable(branch.state, knight, s))
    if not options:
        return kill(branch, knight.name, "Terrain Placement on a Knight: nowhere to go")
    return [branch.then(place(branch.state, knight.name, s),
                        Event("displaced", knight.name, (s,), rule=RULE),
                        choice=f"Displace {knight.name} to {s}" if len(options) > 1 else None)
            for s in options]
