"""Where a hero may move and whom it may attack, each refusal in words.

Rulebook: *Combat Die Results* (STEP, HIT, SHOT), *Hero Turns* (the energy STEP), *Dash*,
*Green minions* (Blocker), *Difficult Terrain*, *Doors*, *Portals*, *Barricades*,
*Guarded Enemies*.  The same checks drive the rules core, the ``step-options`` question and
the window's highlights, so all three always agree.
"""

from __future__ import annotations

from tabletop.games.fateforge.combat import can_pay, die_options, has_result
from tabletop.games.fateforge.state import FateforgeState, Hero
from tabletop.spatial.zone_graph import can_shoot


def blocker_in(state: FateforgeState, zone: str) -> str | None:
    """The name of an enemy with an active Blocker ability in ``zone`` (a stunned minion's
    abilities are ignored), or ``None``."""
    return next((e.name for e in state.enemies if e.zone == zone and e.has("blocker")), None)


def leave_refusal(state: FateforgeState, hero: Hero) -> str | None:
    """Why ``hero`` cannot leave its zone at all (Blocker), or ``None``."""
    blocker = blocker_in(state, hero.zone)
    if blocker:
        return (f"{blocker} has Blocker and stops heroes leaving "
                f"{state.zone_name(hero.zone)}")
    return None


def neighbour_refusal(state: FateforgeState, hero: Hero, to: str) -> str | None:
    """Why ``to`` is not a zone a hero in ``hero.zone`` can move into along a connection."""
    graph = state.graph
    here = state.zone_name(hero.zone)
    if to == hero.zone:
        return f"{hero.name} is already in {here}"
    link = graph.link(hero.zone, to)
    if link is None:
        if to in graph.portal_neighbours(hero.zone):
            return (f"{state.zone_name(to)} is joined to {here} only by a portal; using it "
                    f"takes a FOCUS (Portals)")
        return f"{state.zone_name(to)} is not adjacent to {here}"
    if link.closed:
        return (f"the closed door between {here} and {state.zone_name(to)} blocks movement "
                f"(Doors)")
    return None


def step_refusal(state: FateforgeState, hero: Hero, to: str, *, energy: bool = False) -> str | None:
    """Why ``hero`` cannot STEP into ``to`` now (with a STEP result, or once per turn for
    1 energy when ``energy``), or ``None``; trap choices are not checked here."""
    problem = neighbour_refusal(state, hero, to) or leave_refusal(state, hero)
    if problem:
        return problem
    if energy:
        if hero.has_used("energy-step"):
            return f"{hero.name} already spent energy for a STEP this turn (once per turn)"
        if hero.energy < 1:
            return f"{hero.name} has no energy to spend"
    elif not has_result(hero, "step"):
        return f"{hero.name} has no STEP result left"
    paid = ([] if energy else ["step"]) + ["focus"]
    if state.zone(hero.zone).difficult and not can_pay(hero, paid):
        return (f"{state.zone_name(hero.zone)} is difficult terrain: leaving it also takes a "
                f"FOCUS result (on another die), and {hero.name} has none")
    return None


def dash_refusal(state: FateforgeState, hero: Hero, to: str) -> str | None:
    """Why ``hero`` cannot Dash into ``to`` in the Preparation Phase, or ``None``: an adjacent
    zone (no portal), not held by a Blocker, not out of difficult terrain, once per round."""
    if hero.has_used("dash"):
        return f"{hero.name} already dashed this round"
    problem = neighbour_refusal(state, hero, to) or leave_refusal(state, hero)
    if problem:
        return problem
    if state.zone(hero.zone).difficult:
        return (f"{state.zone_name(hero.zone)} is difficult terrain: no Dash out of it "
                f"(Difficult Terrain)")
    return None


def dash_options(state: FateforgeState, hero: Hero) -> tuple[dict[str, str], dict[str, str]]:
    """``(allowed, refused)`` like :func:`step_options`, for a Dash."""
    graph = state.graph
    near = {k.other(hero.zone) for k in graph.links_of(hero.zone)}
    near |= set(graph.portal_neighbours(hero.zone))
    allowed: dict[str, str] = {}
    refused: dict[str, str] = {}
    for zone in sorted(near):
        problem = dash_refusal(state, hero, zone)
        if problem is None:
            allowed[zone] = "Dash"
        else:
            refused[zone] = problem
    return allowed, refused


def step_options(state: FateforgeState, hero: Hero) -> tuple[dict[str, str], dict[str, str]]:
    """``(allowed, refused)``: the zones ``hero`` may STEP into now with how (``"STEP"`` or
    ``"energy STEP"``), and every other zone next to it (by connection or portal) with the
    reason it is refused."""
    graph = state.graph
    near = {k.other(hero.zone) for k in graph.links_of(hero.zone)}
    near |= set(graph.portal_neighbours(hero.zone))
    allowed: dict[str, str] = {}
    refused: dict[str, str] = {}
    for zone in sorted(near):
        plain = step_refusal(state, hero, zone)
        if plain is None:
            allowed[zone] = "STEP"
            continue
        if has_result(hero, "step") or neighbour_refusal(state, hero, zone) or \
                leave_refusal(state, hero):
            refused[zone] = plain
            continue
        energy = step_refusal(state, hero, zone, energy=True)
        if energy is None:
            allowed[zone] = "energy STEP"
        else:
            refused[zone] = f"{plain}; {energy}"
    return allowed, refused


def hit_refusal(state: FateforgeState, hero: Hero, enemy_name: str) -> str | None:
    """Why ``hero`` cannot HIT ``enemy_name`` now, or ``None`` (same zone, not guarded, a HIT
    result left)."""
    enemy = state.find_enemy(enemy_name)
    if enemy is None:
        return f"there is no enemy called {enemy_name!r}"
    guard = state.guard_of(enemy.name)
    if guard:
        return f"{enemy.name} is guarded by {guard.name} and cannot be targeted (Guarded Enemies)"
    if enemy.zone != hero.zone:
        return (f"{enemy.name} is in {state.zone_name(enemy.zone)}, not in "
                f"{state.zone_name(hero.zone)}; a HIT needs the same zone")
    if not has_result(hero, "hit"):
        return f"{hero.name} has no HIT result left"
    return None


def shot_refusal(state: FateforgeState, hero: Hero, enemy_name: str) -> str | None:
    """Why ``hero`` cannot SHOT ``enemy_name`` now, or ``None`` (an adjacent zone the shot can
    enter, not guarded, a SHOT result left)."""
    enemy = state.find_enemy(enemy_name)
    if enemy is None:
        return f"there is no enemy called {enemy_name!r}"
    guard = state.guard_of(enemy.name)
    if guard:
        return f"{enemy.name} is guarded by {guard.name} and cannot be targeted (Guarded Enemies)"
    shot = can_shoot(state.graph, hero.zone, enemy.zone)
    if not shot.ok:
        return shot.why
    if not has_result(hero, "shot"):
        return f"{hero.name} has no SHOT result left"
    return None


def focus_count(hero: Hero) -> int:
    return len(die_options(hero.dice, "focus"))
