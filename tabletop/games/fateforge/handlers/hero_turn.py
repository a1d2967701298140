"""A hero's turn in the Action Phase: STEP, HIT, SHOT, the FOCUS uses (doors, portals,
chests, exploration, revive), objectives, fountains, the skill effects (push, pull, stun,
block), the weapon's special result, the ally's dice and abilities, and the end of the turn
(*Action Phase: Hero Turns*, *Combat Die Results*, the *Rule Unlocks*, *Allies*)."""

from __future__ import annotations

from dataclasses import replace

from tabletop.games.fateforge.actions import (
    AllyAbility,
    Block,
    Collect,
    EndTurn,
    Event,
    Explore,
    Fountain,
    Hit,
    OpenChest,
    Pull,
    Push,
    Revive,
    Shot,
    Step,
    Stun,
    ToggleDoor,
    UseAllyDie,
    UsePortal,
    WeaponSpecial,
)
from tabletop.games.fateforge.combat import can_pay, spend, suffer, suffer_energy, wound
from tabletop.games.fateforge.handlers.common import (
    Handler,
    Outcome,
    acted,
    find_token,
    first,
    focus_refusal,
    spent,
    token_refusal,
    turn_refusal,
    without,
    zone_id,
    zone_refusal,
)
from tabletop.games.fateforge.handlers.entering import enter_zone, fear_all, move_refusal
from tabletop.games.fateforge.handlers.preparation import ally_refusal
from tabletop.games.fateforge.moves import (
    hit_refusal,
    leave_refusal,
    shot_refusal,
    step_refusal,
)
from tabletop.games.fateforge.state import FateforgeState
from tabletop.games.fateforge.turn import advance
from tabletop.spatial.zone_graph import move_neighbours
from tabletop.wording import counted


def _step_cost(state: FateforgeState, action: Step) -> list[str]:
    difficult = state.zone(state.find_hero(action.hero).zone).difficult
    return ([] if action.energy else ["step"]) + ["focus"] * (difficult + (action.trap ==
                                                                             "focus"))


def _step_refusal(state: FateforgeState, action: Step) -> str:
    def pay() -> str:
        hero, needs = state.find_hero(action.hero), _step_cost(state, action)
        return "" if can_pay(hero, needs) else \
            f"{hero.name}'s results cannot pay {', '.join(needs)} (each from a different die)"

    return first(lambda: turn_refusal(state, action.hero),
                 lambda: zone_refusal(state, action.to),
                 lambda: step_refusal(state, state.find_hero(action.hero),
                                      zone_id(state, action.to), energy=action.energy) or "",
                 pay,
                 lambda: move_refusal(state, action))


def _step(state: FateforgeState, action: Step) -> Outcome:
    hero = state.find_hero(action.hero)
    to = zone_id(state, action.to)
    difficult = state.zone(hero.zone).difficult
    here = state.zone_name(hero.zone)
    if action.energy:
        hero = replace(hero, energy=hero.energy - 1,
                       energy_exhausted=hero.energy_exhausted + 1).mark("energy-step")
    else:
        hero = spend(hero, "step")
    if difficult:
        hero = spend(hero, "focus")
    state = acted(state.with_hero(hero), hero)
    state, events = enter_zone(state, hero.name, to, action.trap)
    how = "spends 1 energy to STEP" if action.energy else "STEPs"
    extra = " (and a FOCUS to leave difficult terrain)" if difficult else ""
    events.insert(0, Event("step", f"{hero.name} {how} from {here} to "
                                   f"{state.zone_name(to)}{extra}.", hero.name, (to,)))
    return state, events


def _attack(result: str, refusal) -> Handler:
    """HIT: "Deal 1 damage to an enemy in the same zone"; SHOT: 1 damage to an enemy in an
    adjacent zone the hero can shoot into (*Combat Die Results*): the hero's ``result`` die
    is spent on 1 damage, unless ``refusal`` (the rule that forbids it) says why not."""

    def check(state: FateforgeState, action: Hit | Shot) -> str:
        return first(lambda: turn_refusal(state, action.hero),
                     lambda: refusal(state, state.find_hero(action.hero), action.enemy) or "")

    def resolve(state: FateforgeState, action: Hit | Shot) -> Outcome:
        hero = state.find_hero(action.hero)
        enemy = state.find_enemy(action.enemy)
        state = acted(spent(state, hero.name, result), hero)
        return wound(state, enemy.name, 1, f"{hero.name}'s {result.upper()}")

    return Handler(check, resolve)


def _door_index(state: FateforgeState, action: ToggleDoor) -> int | None:
    here, to = state.find_hero(action.hero).zone, zone_id(state, action.to)
    return next((i for i, c in enumerate(state.connections)
                 if c.joins(here) and c.other(here) == to and c.door), None)


def _door_refusal(state: FateforgeState, action: ToggleDoor) -> str:
    def door() -> str:
        index = _door_index(state, action)
        if index is None:
            here = state.find_hero(action.hero).zone
            return (f"there is no door between {state.zone_name(here)} and "
                    f"{state.zone_name(zone_id(state, action.to))}")
        guard = state.guard_of(state.connections[index].name)
        return f"{guard.name} guards the door; heroes cannot use a guarded door" if guard else ""

    return first(lambda: turn_refusal(state, action.hero),
                 lambda: zone_refusal(state, action.to), door,
                 lambda: focus_refusal(state.find_hero(action.hero)))


def _toggle_door(state: FateforgeState, action: ToggleDoor) -> Outcome:
    hero = state.find_hero(action.hero)
    index = _door_index(state, action)
    conn = state.connections[index]
    flipped = replace(conn, door="open" if conn.door == "closed" else "closed")
    state = replace(state, connections=tuple(flipped if i == index else c
                                             for i, c in enumerate(state.connections)))
    state = acted(spent(state, hero.name, "focus"), hero)
    verb = "opens" if flipped.door == "open" else "closes"
    return state, [Event("door", f"{hero.name} spends a FOCUS and {verb} the door between "
                                 f"{state.zone_name(hero.zone)} and "
                                 f"{state.zone_name(zone_id(state, action.to))}.")]


def _portal_refusal(state: FateforgeState, action: UsePortal) -> str:
    def portal() -> str:
        here, to = state.find_hero(action.hero).zone, zone_id(state, action.to)
        found = next((p for p in state.portals if {p.a, p.b} == {here, to}), None)
        if found is None:
            return f"no portal joins {state.zone_name(here)} and {state.zone_name(to)}"
        guard = state.guard_of(found.name)
        return f"{guard.name} guards the portal; guarded portals cannot be entered" \
            if guard else ""

    def focus() -> str:
        hero = state.find_hero(action.hero)
        return focus_refusal(hero, 1 + state.zone(hero.zone).difficult
                             + (action.trap == "focus"))

    return first(lambda: turn_refusal(state, action.hero),
                 lambda: zone_refusal(state, action.to), portal,
                 lambda: leave_refusal(state, state.find_hero(action.hero)) or "", focus,
                 lambda: move_refusal(state, action))


def _portal(state: FateforgeState, action: UsePortal) -> Outcome:
    hero = state.find_hero(action.hero)
    to = zone_id(state, action.to)
    difficult = state.zone(hero.zone).difficult
    here = state.zone_name(hero.zone)
    state = acted(spent(state, hero.name, "focus", 1 + difficult), hero)
    state, events = enter_zone(state, hero.name, to, action.trap)
    events.insert(0, Event("portal", f"{hero.name} spends a FOCUS and goes through the portal "
                                     f"from {here} to {state.zone_name(to)}."))
    return state, events


def _focus_token(kind: str, text: str) -> Handler:
    """A FOCUS spent on a ``kind`` token in the hero's zone, which is removed: a chest, an
    exploration icon (*FOCUS: Chests*, *FOCUS: Exploration*)."""

    def check(state: FateforgeState, action: OpenChest | Explore) -> str:
        return first(lambda: turn_refusal(state, action.hero),
                     lambda: token_refusal(state, state.find_hero(action.hero), action.token, kind),
                     lambda: focus_refusal(state.find_hero(action.hero)))

    def resolve(state: FateforgeState, action: OpenChest | Explore) -> Outcome:
        hero = state.find_hero(action.hero)
        index, token = find_token(state, hero, action.token, kind)
        state = acted(spent(without(state, index), hero.name, "focus"), hero)
        return state, [Event(kind, f"{hero.name} spends a FOCUS on {token.label}: {text}")]

    return Handler(check, resolve)


def _collect_refusal(state: FateforgeState, action: Collect) -> str:
    return first(lambda: turn_refusal(state, action.hero),
                 lambda: token_refusal(state, state.find_hero(action.hero), action.token,
                                       "objective"))


def _collect(state: FateforgeState, action: Collect) -> Outcome:
    hero = state.find_hero(action.hero)
    index, token = find_token(state, hero, action.token, "objective")
    state = without(state, index)
    hero = replace(state.hero(hero.name), carrying=(*hero.carrying, token.label)).mark("acted")
    return state.with_hero(hero), [Event("collect", f"{hero.name} collects {token.label}.")]


def _revive_refusal(state: FateforgeState, action: Revive) -> str:
    def target() -> str:
        found = state.find_hero(action.target)
        if found is None or not found.ko:
            return f"{action.target} is not a knocked-out hero"
        if found.zone != state.find_hero(action.hero).zone:
            return (f"{found.name} is in {state.zone_name(found.zone)}; reviving needs the "
                    f"same zone")
        return ""

    def energy() -> str:
        hero = state.find_hero(action.hero)
        return "" if hero.energy >= 1 else \
            f"{hero.name} has no energy to spend (revive costs 1 FOCUS and 1 energy)"

    def recovers() -> str:
        found = state.find_hero(action.target)
        return "" if found.health_exhausted + found.toxic else \
            f"{found.name} has no exhausted health to recover"

    return first(lambda: turn_refusal(state, action.hero), target,
                 lambda: focus_refusal(state.find_hero(action.hero)), energy, recovers)


def _revive(state: FateforgeState, action: Revive) -> Outcome:
    hero = spend(state.find_hero(action.hero), "focus")
    target = state.find_hero(action.target)
    hero = replace(hero, energy=hero.energy - 1, energy_exhausted=hero.energy_exhausted + 1)
    state = acted(state.with_hero(hero), hero)
    events = [Event("revive", f"{hero.name} spends a FOCUS and 1 energy to revive "
                              f"{target.name}.")]
    state, more = suffer(state, hero.name, 1, cause="reviving")
    events += more
    state, more = suffer_energy(state, hero.name, 1, "reviving")
    events += more
    back = min(2, target.health_exhausted + target.toxic)
    tired = min(back, target.health_exhausted)
    target = replace(state.hero(target.name), ko=False, health=back,
                     health_exhausted=target.health_exhausted - tired,
                     toxic=target.toxic - (back - tired),
                     corruption=target.corruption + 1).mark("revived")
    events.append(Event("revive", f"{target.name} recovers {back} health, draws a Corruption "
                                  f"card and stands up; enemies may attack again, and the hero "
                                  f"acts from next round."))
    return state.with_hero(target), events


def _fountain_found(state: FateforgeState, action: Fountain):
    hero = state.find_hero(action.hero)
    return next(((i, t) for i, t in enumerate(state.tokens)
                 if t.zone == hero.zone and t.kind == "fountain" and t.cubes), None)


def _fountain_flag(state: FateforgeState, action: Fountain) -> str:
    return "fountain-end" if state.find_hero(action.hero).has_used("acted") else "fountain-start"


def _fountain_refusal(state: FateforgeState, action: Fountain) -> str:
    def fountain() -> str:
        hero = state.find_hero(action.hero)
        if _fountain_found(state, action) is None:
            return (f"there is no healing fountain with cubes in "
                    f"{state.zone_name(hero.zone)}")
        if state.enemies_in(hero.zone):
            return "a fountain is used only with no enemies in the zone"
        if hero.has_used(_fountain_flag(state, action)):
            return "the fountain is used once when the turn starts and once when it ends"
        return ""

    def amounts() -> str:
        hero = state.find_hero(action.hero)
        _, token = _fountain_found(state, action)
        take = action.health + action.energy
        if action.health < 0 or action.energy < 0 or take == 0 or take > token.cubes:
            return f"remove 1 to {token.cubes} cubes in all"
        if action.health > hero.health_exhausted + hero.toxic or \
                action.energy > hero.energy_exhausted:
            return (f"{hero.name} can recover only exhausted or toxic health "
                    f"({hero.health_exhausted + hero.toxic}) and exhausted energy "
                    f"({hero.energy_exhausted})")
        return ""

    def may_end() -> str:
        if _fountain_flag(state, action) == "fountain-end":
            return _end_refusal(state, EndTurn(action.hero))
        return ""

    return first(lambda: turn_refusal(state, action.hero), fountain, amounts, may_end)


def _fountain(state: FateforgeState, action: Fountain) -> Outcome:
    """Health and energy from a healing fountain's cubes, once when the turn starts and once
    when it ends (used after acting, it ends the turn) (*Healing Fountains*)."""
    hero = state.find_hero(action.hero)
    flag = _fountain_flag(state, action)
    index, token = _fountain_found(state, action)
    take = action.health + action.energy
    tired = min(action.health, hero.health_exhausted)
    hero = replace(hero, health=hero.health + action.health,
                   health_exhausted=hero.health_exhausted - tired,
                   toxic=hero.toxic - (action.health - tired),
                   energy=hero.energy + action.energy,
                   energy_exhausted=hero.energy_exhausted - action.energy).mark(flag)
    left = replace(token, cubes=token.cubes - take)
    state = replace(state.with_hero(hero), tokens=tuple(left if i == index else t
                                                        for i, t in enumerate(state.tokens)))
    events = [Event("fountain", f"{hero.name} removes {counted(take, 'cube')} from the fountain "
                                f"and recovers {action.health} health and {action.energy} energy"
                                + ("; the fountain is depleted." if not left.cubes else "."))]
    if flag == "fountain-end":
        state, more = _end_turn(state, EndTurn(hero.name))
        events += more
    return state, events


def _minion_refusal(state: FateforgeState, name: str, *, moves: bool) -> str:
    """Enemy ``name`` is a minion a hero may push, pull or stun (not guarded; a guard never
    moves) (*Push and Pull*, *Stun*, *Guarded tokens*)."""
    enemy = state.find_enemy(name)
    if enemy is None:
        return f"there is no enemy called {name!r}"
    if not enemy.minion:
        return (f"{enemy.name} is a {enemy.colour} enemy; heroes may only push, pull or stun "
                f"minions")
    guard = state.guard_of(enemy.name)
    if guard:
        return f"{enemy.name} is guarded by {guard.name} and cannot be targeted"
    if moves and enemy.guarding:
        return f"{enemy.name} guards {enemy.guarding}; guarding enemies never move"
    return ""


def _push_refusal(state: FateforgeState, action: Push) -> str:
    def where() -> str:
        hero, enemy = state.find_hero(action.hero), state.find_enemy(action.enemy)
        graph = state.graph
        if enemy.zone != hero.zone and enemy.zone not in graph.open_neighbours(hero.zone):
            return f"{enemy.name} is neither in nor next to {state.zone_name(hero.zone)}"
        return ""

    def to() -> str:
        hero, enemy = state.find_hero(action.hero), state.find_enemy(action.enemy)
        zone = zone_id(state, action.to)
        if zone not in move_neighbours(state.graph, enemy.zone):
            return (f"{state.zone_name(zone)} is not adjacent to "
                    f"{state.zone_name(enemy.zone)} (a push moves one zone)")
        if enemy.zone != hero.zone and zone == hero.zone:
            return ("a minion pushed from an adjacent zone may not be pushed into the hero's "
                    "own zone (Push and Pull)")
        return ""

    return first(lambda: turn_refusal(state, action.hero),
                 lambda: _minion_refusal(state, action.enemy, moves=True), where,
                 lambda: zone_refusal(state, action.to), to)


def _push(state: FateforgeState, action: Push) -> Outcome:
    hero, enemy = state.find_hero(action.hero), state.find_enemy(action.enemy)
    to = zone_id(state, action.to)
    state = acted(state.with_enemy(replace(enemy, zone=to)), hero)
    return fear_all(state, to, [Event("push", f"{hero.name} pushes {enemy.name} from "
                                              f"{state.zone_name(enemy.zone)} to "
                                              f"{state.zone_name(to)}.")])


def _pull_refusal(state: FateforgeState, action: Pull) -> str:
    def where() -> str:
        hero, enemy = state.find_hero(action.hero), state.find_enemy(action.enemy)
        return "" if enemy.zone in state.graph.open_neighbours(hero.zone) else \
            f"{enemy.name} is not in a zone adjacent to {state.zone_name(hero.zone)}"

    return first(lambda: turn_refusal(state, action.hero),
                 lambda: _minion_refusal(state, action.enemy, moves=True), where)


def _pull(state: FateforgeState, action: Pull) -> Outcome:
    hero, enemy = state.find_hero(action.hero), state.find_enemy(action.enemy)
    state = acted(state.with_enemy(replace(enemy, zone=hero.zone)), hero)
    return fear_all(state, hero.zone, [Event("pull", f"{hero.name} pulls {enemy.name} into "
                                                     f"{state.zone_name(hero.zone)}.")])


def _stun_refusal(state: FateforgeState, action: Stun) -> str:
    def fresh() -> str:
        enemy = state.find_enemy(action.enemy)
        return f"{enemy.name} already has a stun cube (one at a time)" if enemy.stun else ""

    return first(lambda: turn_refusal(state, action.hero),
                 lambda: _minion_refusal(state, action.enemy, moves=False), fresh)


def _stun(state: FateforgeState, action: Stun) -> Outcome:
    hero, enemy = state.find_hero(action.hero), state.find_enemy(action.enemy)
    state = acted(state.with_enemy(replace(enemy, stun=True)), hero)
    return state, [Event("stun", f"{hero.name} stuns {enemy.name}: its abilities are ignored "
                                 f"and it does not activate until Clean-Up.")]


def _block(state: FateforgeState, action: Block) -> Outcome:
    hero = state.find_hero(action.hero)
    state = acted(state.with_hero(replace(hero, block=hero.block + 1)), hero)
    return state, [Event("block", f"{hero.name} gains a block token.")]


def _end_refusal(state: FateforgeState, action: EndTurn) -> str:
    return turn_refusal(state, action.hero)


def _end_turn(state: FateforgeState, action: EndTurn) -> Outcome:
    """The hero's turn ends: unused results are discarded; the next slot of the sequence."""
    hero = state.find_hero(action.hero)
    events: list[Event] = []
    unused = len(hero.dice)
    keep = tuple(f for f in hero.used if f not in ("energy-step", "acted", "fountain-start",
                                                  "fountain-end", "ally"))
    state = state.with_hero(replace(hero, dice=(), used=keep))
    discarded = f", discarding {counted(unused, 'unused result')}." if unused else "."
    events.append(Event("end", f"{hero.name} ends the turn{discarded}"))
    return advance(state, events), events


def _weapon_refusal(state: FateforgeState, action: WeaponSpecial) -> str:
    def special() -> str:
        hero = state.find_hero(action.hero)
        if not any("special" in f.split("/") for f in hero.dice):
            return f"{hero.name} has no special result (only a weapon die shows one)"
        if hero.has_used("weapon"):
            return (f"{hero.name} already used the weapon's effect this round (weapon effects "
                    f"may be used once per combat round)")
        return ""

    return first(lambda: turn_refusal(state, action.hero), special)


def _weapon_special(state: FateforgeState, action: WeaponSpecial) -> Outcome:
    hero = state.find_hero(action.hero)
    index = next(i for i, f in enumerate(hero.dice) if "special" in f.split("/"))
    hero = replace(hero, dice=tuple(f for i, f in enumerate(hero.dice) if i != index))
    state = acted(state.with_hero(hero.mark("weapon")), hero)
    return state, [Event("weapon", f"{hero.name} plays the special result: apply the weapon's "
                                   f"special attack from its card.")]


def _ally_turn_refusal(state: FateforgeState, name: str, die: int) -> str:
    """Hero ``name``, taking its turn, may use the ally's die ``die`` now: in the same zone
    as the ally's hero, once per turn (*Allies*)."""
    def usable() -> str:
        hero, ally = state.find_hero(name), state.ally
        if not 0 <= die < len(ally.dice):
            return f"{ally.name} has {counted(len(ally.dice), 'unused die')}" if ally.rolled else \
                f"{ally.name}'s dice have not been rolled"
        if hero.zone != state.hero(ally.hero).zone:
            return (f"{hero.name} is not in the same zone as {ally.hero}, whom {ally.name} "
                    f"accompanies")
        if hero.has_used("ally"):
            return f"{hero.name} already used {ally.name} this turn"
        return ""

    return first(lambda: turn_refusal(state, name), lambda: ally_refusal(state), usable)


def _ally_die_refusal(state: FateforgeState, action: UseAllyDie) -> str:
    def own() -> str:
        hero = state.find_hero(action.hero)
        return "" if 0 <= action.own < len(hero.dice) else \
            f"{hero.name} has no die {action.own + 1} to discard"

    return first(lambda: _ally_turn_refusal(state, action.hero, action.die), own)


def _spend_ally_die(state: FateforgeState, die: int) -> FateforgeState:
    ally = state.ally
    return replace(state, ally=replace(ally, dice=tuple(f for i, f in enumerate(ally.dice)
                                                        if i != die)))


def _use_ally_die(state: FateforgeState, action: UseAllyDie) -> Outcome:
    hero, ally = state.find_hero(action.hero), state.ally
    face = ally.dice[action.die]
    dropped = hero.dice[action.own]
    dice = (*(f for i, f in enumerate(hero.dice) if i != action.own), face)
    state = _spend_ally_die(state.with_hero(replace(hero, dice=dice).mark("ally")), action.die)
    return state, [Event("ally", f"{hero.name} discards {dropped} to use {ally.name}'s {face} "
                                 f"this turn; that ally die is spent for the scene.")]


def _ally_ability(state: FateforgeState, action: AllyAbility) -> Outcome:
    hero, ally = state.find_hero(action.hero), state.ally
    face = ally.dice[action.die]
    state = _spend_ally_die(state.with_hero(hero.mark("ally")), action.die)
    return state, [Event("ally", f"{hero.name} discards {ally.name}'s {face} to activate an "
                                 f"ally ability: apply it from the ally card.")]


HANDLERS: dict[type, Handler] = {
    Step: Handler(_step_refusal, _step),
    Hit: _attack("hit", hit_refusal),
    Shot: _attack("shot", shot_refusal),
    ToggleDoor: Handler(_door_refusal, _toggle_door),
    UsePortal: Handler(_portal_refusal, _portal),
    OpenChest: _focus_token("chest", "tap the chest in the app and take the item."),
    Explore: _focus_token("exploration", "tap its icon in the app to see what is found."),
    Collect: Handler(_collect_refusal, _collect),
    Revive: Handler(_revive_refusal, _revive),
    Fountain: Handler(_fountain_refusal, _fountain),
    Push: Handler(_push_refusal, _push),
    Pull: Handler(_pull_refusal, _pull),
    Stun: Handler(_stun_refusal, _stun),
    Block: Handler(lambda s, a: turn_refusal(s, a.hero), _block),
    EndTurn: Handler(_end_refusal, _end_turn),
    WeaponSpecial: Handler(_weapon_refusal, _weapon_special),
    UseAllyDie: Handler(_ally_die_refusal, _use_ally_die),
    AllyAbility: Handler(lambda s, a: _ally_turn_refusal(s, a.hero, a.die), _ally_ability),
}
"""The hero-turn handlers."""
