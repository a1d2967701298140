"""Monster attack geometry (rulebook *Attack Types*): who a Range X, Zone X or Wave X attack
reaches."""

from __future__ import annotations

from tabletop.games.clash import geometry
from tabletop.games.clash.state import ClashState, Monster
from tabletop.spatial.wave import covered


def in_range(state: ClashState, monster: Monster, x: int) -> list[str]:
    """Range Attack X: the Knights within X spaces of the Monster."""
    return sorted(k.name for k in state.knights
                  if geometry.range_(state, monster.name, k.name) <= x)


def in_zone(state: ClashState, monster: Monster, x: int) -> list[str]:
    """Zone X: the Knights within X spaces horizontally, vertically and diagonally (not the
    Monster itself, not Knights on a Vantage Point)."""
    spaces = geometry.zone_of(state, monster.name, x)
    return sorted(k.name for k in state.knights if k.vantage is None and k.at in spaces)


def wave(state: ClashState, monster: Monster, x: int) -> tuple[list[str], dict[str, str]]:
    """Wave X: the Knights of Zone X that are hit, and for each sheltered one the reason
    (the line from the Monster passes through an adjacent Obstacle)."""
    obstacles = state.keyword_spaces("obstacle")
    hit, sheltered = [], {}
    for name in in_zone(state, monster, x):
        knight = state.knight(name)
        cover = covered(monster.spaces, knight.at, obstacles)
        if cover is None:
            hit.append(name)
        else:
            sheltered[name] = (f"the line from {monster.name} passes through the Obstacle on "
                               f"{cover}, adjacent to {name} (Wave Attack)")
    return hit, sheltered

