"""The end of a round and of the scene: Clean-Up, the Exit, an extra round, and the recovery
and reset that close the scene (*Clean-Up Phase*, *Ending the Combat Scene*, *Exiting the
Combat Scene*, *Recovery and Reset*, *Playing an Extra Combat Round*)."""

from __future__ import annotations

from dataclasses import replace

from tabletop.games.fateforge.actions import CleanUp, Event, Exit, ExtraRound
from tabletop.games.fateforge.combat import suffer
from tabletop.games.fateforge.handlers.common import Handler, Outcome
from tabletop.games.fateforge.state import FateforgeState, Hero
from tabletop.spatial.zone_graph import exit_path


def _clean_up(state: FateforgeState, action: CleanUp) -> Outcome:
    """Clean-Up: block tokens, stun cubes and damage cubes come off; with every hero knocked
    out the scene ends in failure; else the next round, or the Exit after the last
    (*Clean-Up Phase*: "if all are marked KO'd, the app ends the Combat Scene")."""
    rnd = state.round
    heroes = tuple(replace(h, block=0, dice=(), kinds=(), rolled=False, used=())
                   for h in state.heroes)
    enemies = tuple(replace(e, block=0, stun=False, damage=0) for e in state.enemies)
    state = replace(state, heroes=heroes, enemies=enemies)
    events = [Event("cleanup", "Clean-Up: block tokens return, stun cubes and damage cubes come "
                               "off the enemies.")]
    if all(h.ko for h in state.heroes):
        events.append(Event("over", "All heroes are knocked out: the Combat Scene ends in "
                                    "failure."))
        state = replace(state, round=replace(rnd, phase="over", queue=()),
                        outcome="failure: all heroes knocked out")
        return _scene_end(state, events)
    if rnd.number < rnd.of:
        state = replace(state, round=replace(rnd, number=rnd.number + 1, phase="preparation",
                                             step=0, queue=()))
        events.append(Event("round", f"Round {rnd.number + 1} of {rnd.of}: Preparation."))
    else:
        state = replace(state, round=replace(rnd, phase="exit", step=0, queue=()))
        events.append(Event("round", "That was the last round: the heroes must Exit."))
    return state, events


def exit_plan(state: FateforgeState, hero: Hero, exit_zone: str):
    """The cheapest Exit route of ``hero`` to ``exit_zone``: each zone on it holding an enemy
    or a trap, start and exit included, costs 1 damage (*Exiting the Combat Scene*, *Traps*);
    portals cannot be used.  ``None`` when the exit cannot be reached."""
    costly = {e.zone for e in state.enemies} | {t.zone for t in state.tokens if t.kind == "trap"}
    return exit_path(state.graph, hero.zone, exit_zone, costly)


def find_exit(state: FateforgeState, word: str):
    """The exit token named ``word`` (or in the zone named ``word``), or ``None``."""
    for token in state.tokens:
        if token.kind != "exit":
            continue
        zone = state.zone(token.zone)
        if word.lower() in (token.name.lower(), zone.id.lower(), zone.name.lower()):
            return token
    return None


OBJECTIVES = ("", "met", "failed")
"""The objectives as the players mark them for the Exit: not marked, all met, not all met."""


def _exit_refusal(state: FateforgeState, action: Exit) -> str:
    if action.objectives not in OBJECTIVES:
        return (f"the objectives are marked met, failed or not at all, not "
                f"{action.objectives!r}")
    token = find_exit(state, action.exit)
    if token is None:
        return f"there is no exit called {action.exit!r}"
    guard = state.guard_of(token.name)
    if guard:
        return f"{guard.name} guards {token.label}; heroes must use an exit that is not guarded"
    for hero in state.heroes:
        if not hero.ko and exit_plan(state, hero, token.zone) is None:
            return (f"{hero.name} has no path from {state.zone_name(hero.zone)} to "
                    f"{token.label}, and all heroes leave by the same exit")
    return ""


def _exit(state: FateforgeState, action: Exit) -> Outcome:
    """Every standing hero exits by the same exit along its cheapest path, suffering 1 damage
    per zone on it with enemies or a trap; the scene ends (*Exiting the Combat Scene*)."""
    rnd = state.round
    token = find_exit(state, action.exit)
    plans = {h.name: exit_plan(state, h, token.zone) for h in state.heroes if not h.ko}
    events: list[Event] = []
    for name, plan in plans.items():
        route = " > ".join(state.zone_name(z) for z in plan.path)
        events.append(Event("exit", f"{name} exits by {route}: {plan.cost} damage."))
        state, more = suffer(state, name, plan.cost, cause="zones with enemies or traps on the "
                                                           "Exit path")
        events += more
        hero = state.hero(name)
        if not hero.ko:
            state = state.with_hero(replace(hero, zone=token.zone))
    outcome = f"exited through {token.label}"
    if action.objectives == "met":
        outcome += "; all objectives met: success"
    elif action.objectives == "failed":
        outcome += "; objectives not all met: failure"
    events.append(Event("over", f"The Combat Scene is over: the heroes {outcome}."))
    state = replace(state, round=replace(rnd, phase="over"), outcome=outcome)
    return _scene_end(state, events)


def _scene_end(state: FateforgeState, events: list[Event]) -> Outcome:
    """Recovery and reset at the end of the scene, success or failure: a standing hero
    recovers 1 health and 1 energy; a knocked-out hero draws a Corruption card and sets
    health and energy to 2 each; then the toxic health set aside returns to the available
    box; block tokens and the round's dice go; the ally's damage cubes come off and its card
    flips back (*Recovery and Reset*, *Toxic Damage*, *Allies*).  Health and energy move
    between the boxes, so the tokens are the same."""
    heroes = []
    for hero in state.heroes:
        energy_total = hero.energy + hero.energy_exhausted
        if hero.ko:
            health = min(2, hero.health_exhausted)
            energy = min(2, energy_total)
            corruption = hero.corruption + 1
            text = (f"{hero.name} was knocked out: draws a Corruption card and sets health "
                    f"and energy to 2")
        else:
            health = hero.health + min(1, hero.health_exhausted)
            energy = hero.energy + min(1, hero.energy_exhausted)
            corruption = hero.corruption
            text = f"{hero.name} recovers 1 health and 1 energy"
        exhausted = hero.health + hero.health_exhausted - health
        if hero.toxic:
            text += f"; {hero.toxic} toxic health returns"
        health += hero.toxic
        heroes.append(replace(hero, health=health, health_exhausted=exhausted, toxic=0,
                              energy=energy, energy_exhausted=energy_total - energy,
                              ko=health == 0, corruption=corruption, block=0, dice=(),
                              kinds=(), rolled=False, used=()))
        events.append(Event("recovery", text + "."))
    ally = state.ally
    if ally is not None and (ally.damage or ally.out):
        events.append(Event("ally", f"{ally.name}'s damage cubes come off and its card flips "
                                    f"back."))
        ally = replace(ally, damage=0, out=False)
    return replace(state, heroes=tuple(heroes), ally=ally), events


def _extra_refusal(state: FateforgeState, action: ExtraRound) -> str:
    heavy = [h.name for h in state.heroes if h.corruption >= 4]
    return (f"{', '.join(heavy)} has 4 or more Corruption cards, so the party cannot play an "
            f"extra round") if heavy else ""


def _extra_round(state: FateforgeState, action: ExtraRound) -> Outcome:
    """Playing an Extra Combat Round: at the end of the last round, each hero not knocked
    out draws a Corruption card and the party plays one more round; not when any hero has
    4 or more Corruption cards (*Playing an Extra Combat Round*)."""
    rnd = state.round
    heroes = tuple(h if h.ko else replace(h, corruption=h.corruption + 1)
                   for h in state.heroes)
    drawn = [h.name for h in state.heroes if not h.ko]
    state = replace(state, heroes=heroes,
                    round=replace(rnd, number=rnd.number + 1, of=rnd.of + 1,
                                  phase="preparation", step=0, queue=()))
    return state, [Event("extra", f"Extra round: {', '.join(drawn)} each draw a Corruption "
                                  f"card and apply it. Round {rnd.number + 1} of {rnd.of + 1}: "
                                  f"Preparation.")]


HANDLERS: dict[type, Handler] = {
    CleanUp: Handler(lambda s, a: "", _clean_up),
    Exit: Handler(_exit_refusal, _exit),
    ExtraRound: Handler(_extra_refusal, _extra_round),
}
"""The end-of-round and end-of-scene handlers."""
