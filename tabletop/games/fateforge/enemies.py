"""How enemies decide: activation order, the action band, targeting and who reacts.

Rulebook: *Enemy Action Band*, *Initiative Number*, *Enemy Reactions*, *Enemy Turns*,
*Targeting Heroes*, *Stun*, *Guarded Enemies*, *Portals*, *Barricades*, *Doors*.
Every answer carries ``why``, the rule that decided, in words.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.games.fateforge.state import COLOURS, Enemy, FateforgeState, Hero, Section
from tabletop.spatial.zone_graph import can_shoot, distances_from
from tabletop.wording import counted


def viable_heroes(state: FateforgeState) -> tuple[Hero, ...]:
    """Heroes enemies can see and attack: not knocked out and not in stealth (a non-viable
    hero is treated as absent, *Targeting Heroes*)."""
    return tuple(h for h in state.heroes if not h.ko and not h.stealth)


def activation_order(state: FateforgeState) -> tuple[Enemy, ...]:
    """Enemy Turns order: white, blue, red, green, brown, purple, then bosses; within a type
    the lowest initiative number first (*Enemy Turns*)."""
    return tuple(sorted(state.enemies, key=lambda e: e.priority))


def hero_distances(state: FateforgeState, enemy: Enemy) -> dict[str, int]:
    """Zone distance from ``enemy`` to each viable hero it can reach (closed doors cut routes,
    portals never count)."""
    dist = distances_from(state.graph, enemy.zone)
    return {h.name: dist[h.zone] for h in viable_heroes(state) if h.zone in dist}


@dataclass(frozen=True)
class Reading:
    """The band section an enemy uses: its ``index``, the ``section``, the closest hero's
    ``distance`` and the heroes ``in_range`` of that section, in player order."""

    index: int
    section: Section
    distance: int
    in_range: tuple[str, ...]


def in_player_order(state: FateforgeState, names) -> tuple[str, ...]:
    order = list(state.round.order) or [h.name for h in state.heroes]
    return tuple(sorted(names, key=lambda n: order.index(n) if n in order else len(order)))


def read_band(state: FateforgeState, enemy: Enemy) -> Reading | None:
    """The leftmost section of ``enemy``'s band with a hero within its distance, read by the
    closest hero's zone distance (a HIT or SHOT with Range +1 reads one zone further,
    :attr:`Section.limit`); ``None`` when no section has a hero in range."""
    dists = hero_distances(state, enemy)
    if not dists:
        return None
    closest = min(dists.values())
    for index, section in enumerate(enemy.band):
        limit = section.limit
        inside = [n for n, d in dists.items() if limit is None or d <= limit]
        if inside:
            return Reading(index, section, closest, in_player_order(state, inside))
    return None


def exit_zone(state: FateforgeState, name: str) -> str | None:
    """The zone of the exit token called ``name``."""
    return next((t.zone for t in state.tokens if t.kind == "exit" and t.name == name), None)


def goal_zone(state: FateforgeState, section: Section, target: str) -> str:
    """Where a STEP of ``section`` aimed at ``target`` goes: the exit's zone, the minion's or
    the hero's."""
    if section.exit:
        return exit_zone(state, section.exit) or ""
    if section.minion:
        return state.enemy(target).zone
    return state.hero(target).zone


def special_targets(state: FateforgeState, enemy: Enemy,
                    section: Section) -> tuple[tuple[str, ...], str]:
    """The target of a STEP toward an exit (the exit's name), of a STEP toward a minion (the
    closest minions of the left type, else of the right type, not in ``enemy``'s zone and not
    guarded), or of a CALL (the closest minions of the type not in ``enemy``'s zone that can
    move: not guarding or guarded), and, when there is none, why (*Enemy Action Modifiers*:
    "If not possible, do nothing"; *Call*; *Guarded Enemies*)."""
    dist = distances_from(state.graph, enemy.zone)
    if section.exit:
        zone = exit_zone(state, section.exit)
        if zone == enemy.zone:
            return (), f"it is already at exit {section.exit}"
        if zone not in dist:
            return (), f"no route leads to exit {section.exit}"
        return (section.exit,), ""
    for colour in section.minion:
        near = {e.name: dist[e.zone] for e in state.enemies
                if e.colour == colour and e.name != enemy.name and e.zone != enemy.zone
                and e.zone in dist and not state.guard_of(e.name)
                and not (section.action == "call" and e.guarding)}
        if near:
            best = min(near.values())
            return tuple(sorted(n for n, d in near.items() if d == best)), ""
    kinds = " or ".join(section.minion)
    if section.action == "call":
        return (), (f"no {kinds} minion it can call (outside its zone, by a route, free to "
                    f"move)")
    return (), f"no {kinds} minion it can step toward (outside its zone, by a route, not "\
               f"guarded)"


def targets(state: FateforgeState, enemy: Enemy, reading: Reading) -> tuple[tuple[str, ...], str]:
    """The heroes in range that ``enemy`` can perform its section against (player order), and,
    when there are none, why not; a STEP toward an exit or a minion targets that instead."""
    section = reading.section
    if section.exit or section.minion:
        return special_targets(state, enemy, section)
    graph = state.graph
    ok: list[str] = []
    refusals: list[str] = []
    for name in reading.in_range:
        hero = state.hero(name)
        if section.action == "step":
            if hero.zone == enemy.zone:
                refusals.append(f"{name} is already in its zone")
            else:
                ok.append(name)
            continue
        if hero.zone == enemy.zone:
            if section.action == "hit":
                ok.append(name)
            else:
                refusals.append(f"{name} is in its own zone and a SHOT hits an adjacent zone")
            continue
        if section.reach == 0:
            refusals.append(f"{name} is not in its zone")
            continue
        shot = can_shoot(graph, enemy.zone, hero.zone, section.reach)
        (ok if shot.ok else refusals).append(name if shot.ok else f"{name}: {shot.why}")
    return tuple(ok), "; ".join(refusals)


def inability(state: FateforgeState, enemy: Enemy, reading: Reading) -> str | None:
    """Why ``enemy`` cannot perform the section it read (stun, guarding, map tokens, no valid
    target), or ``None`` when it can."""
    if enemy.stun:
        return f"{enemy.name} is stunned"
    if reading.section.action == "step":
        guarded = state.guard_of(enemy.name)
        if enemy.guarding:
            return f"{enemy.name} guards {enemy.guarding} and guarding enemies never move"
        if guarded:
            return f"{enemy.name} is guarded by {guarded.name} and guarded enemies never move"
    found, why = targets(state, enemy, reading)
    if not found:
        return f"{enemy.name} has no valid target ({why})"
    return None


def choose_target(state: FateforgeState, section: Section,
                  found: tuple[str, ...]) -> tuple[str | None, str]:
    """The target the section's modifier decides (``None`` when the players choose among
    several heroes, or a D6 among equally close minions), and why (*Targeting Heroes*,
    *Enemy Action Modifiers*, *Randomisation*).  A STEP with no targeting modifier goes
    toward the hero earliest in player order ("All movement actions target heroes in the
    order they activated"); attacks with none are the players' choice."""
    if section.exit:
        return found[0], f"it steps toward exit {found[0]}"
    if section.minion:
        verb = "calls" if section.action == "call" else "steps toward"
        if len(found) == 1:
            return found[0], f"it {verb} {found[0]}, the closest minion of its target type"
        return None, (f"{', '.join(found)} are equally close minions of its target type: a D6 "
                      f"decides")
    if len(found) == 1:
        return found[0], f"{found[0]} is the only valid target"
    if "target-earlier" in section.modifiers:
        return found[0], f"target-earlier picks {found[0]}, earliest in player order"
    if "target-later" in section.modifiers:
        return found[-1], f"target-later picks {found[-1]}, latest in player order"
    if section.action == "step":
        return found[0], (f"movement actions target heroes in the order they activated: "
                          f"{found[0]}, earliest in player order")
    return None, f"no targeting modifier: the players choose among {', '.join(found)}"


@dataclass(frozen=True)
class Activation:
    """What the next enemy activation will be: the queue ``item`` it answers (a type for a
    reaction, an enemy name for a turn), the ``enemy`` that acts (``None``: nobody), its
    ``section``, the valid ``targets``, the ``target`` already decided, and ``why``."""

    slot: str
    item: str
    enemy: str | None
    section: Section | None
    targets: tuple[str, ...]
    target: str | None
    why: str


def _describe_reading(enemy: Enemy, reading: Reading) -> str:
    where = ("the closest hero is" if reading.distance != 0 else "a hero is")
    place = "in its zone" if reading.distance == 0 else f"{counted(reading.distance, 'zone')} away"
    section = reading.section
    wider = (f" (Range +1: up to {section.limit} zones)"
             if section.limit is not None and section.limit != section.within else "")
    return (f"{where} {place}, so {enemy.name} reads band section {reading.index + 1}: "
            f"{section}{wider}")


def turn_plan(state: FateforgeState, enemy: Enemy, slot: str = "turn") -> Activation:
    """What ``enemy`` does when its Enemy Turn comes: the leftmost section with a hero in range;
    if it cannot perform that action it does not act (*Enemy Turns*)."""
    reading = read_band(state, enemy)
    if reading is None:
        return Activation(slot, enemy.name, None, None, (), None,
                          f"{enemy.name} has no hero within any section of its band "
                          f"(closest hero distance "
                          f"{min(hero_distances(state, enemy).values(), default='none')}), so "
                          f"it does not activate")
    text = _describe_reading(enemy, reading)
    problem = inability(state, enemy, reading)
    if problem:
        return Activation(slot, enemy.name, None, reading.section, (), None,
                          f"{text}; but {problem}, so it does not act")
    found, _ = targets(state, enemy, reading)
    target, why = choose_target(state, reading.section, found)
    return Activation(slot, enemy.name, enemy.name, reading.section, found, target,
                      f"{text}; {why}")


def reaction_plan(state: FateforgeState, colour: str) -> Activation:
    """Which enemy of type ``colour`` reacts: the one whose band has a hero in range at the
    leftmost section, the lowest initiative among equals; enemies that cannot perform their
    action are ignored and the next viable one of the type reacts (*Enemy Reactions*)."""
    members = sorted((e for e in state.enemies if e.colour == colour), key=lambda e: e.priority)
    if not members:
        return Activation("reaction", colour, None, None, (), None,
                          f"no {colour} enemy is left on the map, so none reacts (the app's "
                          f"Already Dead button picks another type)")
    candidates = []
    ignored = []
    for enemy in members:
        reading = read_band(state, enemy)
        if reading is None:
            ignored.append(f"{enemy.name} has no hero in range")
            continue
        problem = inability(state, enemy, reading)
        if problem:
            ignored.append(f"{problem} (ignored)")
            continue
        candidates.append((reading.index, enemy.initiative, enemy.name, enemy, reading))
    if not candidates:
        return Activation("reaction", colour, None, None, (), None,
                          f"no {colour} enemy can react: {'; '.join(ignored)}")
    index, _, _, enemy, reading = min(candidates)
    rivals = [c[2] for c in candidates if c[0] == index and c[3] is not enemy]
    why = f"{_describe_reading(enemy, reading)}"
    if rivals:
        why += f"; lowest initiative ({enemy.initiative}) among {', '.join([enemy.name, *rivals])}"
    if ignored:
        why += f"; {'; '.join(ignored)}"
    found, _ = targets(state, enemy, reading)
    target, tw = choose_target(state, reading.section, found)
    return Activation("reaction", colour, enemy.name, reading.section, found, target,
                      f"{why}; {tw}")


def next_activation(state: FateforgeState) -> Activation | None:
    """The activation the next :class:`EnemyActs` performs, or ``None`` outside an enemy slot
    or when the queue is empty."""
    rnd = state.round
    if rnd.phase != "action" or rnd.current is None or rnd.current in (h.name for h in
                                                                        state.heroes):
        return None
    if not rnd.queue:
        return None
    item = rnd.queue[0]
    slot = "reaction" if rnd.current != "Enemy Turns" else "turn"
    if item in COLOURS:
        return reaction_plan(state, item)
    enemy = state.find_enemy(item)
    if enemy is None:
        return Activation(slot, item, None, None, (), None,
                          f"{item} has been defeated")
    return turn_plan(state, enemy, slot)
