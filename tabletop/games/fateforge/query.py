"""Fateforge ``tabletop query`` verbs: zone distance, shots, STEP options, enemy decisions and
the Exit damage, each answer with ``why`` in words."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tabletop.errors import QueryError
from tabletop.games.contract import Verb
from tabletop.games.fateforge.combat import has_result
from tabletop.games.fateforge.enemies import activation_order, turn_plan
from tabletop.games.fateforge.moves import hit_refusal, shot_refusal, step_options
from tabletop.games.fateforge.rules import exit_plan, find_exit
from tabletop.games.fateforge.state import FateforgeState
from tabletop.games.overlay import Picture
from tabletop.spatial.zone_graph import can_shoot, shortest_path, zone_distance
from tabletop.wording import counted


def zone_of(state: FateforgeState, word: str) -> tuple[str, str]:
    """The zone id named by ``word`` (a zone id or name, a hero or an enemy) and how to say it."""
    zone = state.find_zone(word)
    if zone is not None:
        return zone.id, zone.name
    piece = state.find_hero(word) or state.find_enemy(word)
    if piece is not None:
        return piece.zone, f"{piece.name} (in {state.zone_name(piece.zone)})"
    raise QueryError(f"{word!r} names no zone, hero or enemy")


def _distance(state: FateforgeState, args: list[str]) -> dict[str, Any]:
    (a, a_name), (b, b_name) = zone_of(state, args[0]), zone_of(state, args[1])
    dist = zone_distance(state.graph, a, b)
    path = shortest_path(state.graph, a, b)
    if dist is None:
        why = (f"no route joins {a_name} and {b_name} without crossing a closed door "
               f"(portals never count for distance)")
    else:
        why = (f"{b_name} is {counted(dist, 'connection')} from {a_name} along open connections "
               f"(closed doors cut a connection; portals never count)")
    return {"answer": dist, "why": why, "path": list(path) if path else None}


def _can_shoot(state: FateforgeState, args: list[str]) -> dict[str, Any]:
    if len(args) not in (2, 3) or (len(args) == 3 and args[2].lower() != "range+1"):
        raise QueryError("can-shoot takes A B, optionally followed by range+1")
    (a, _), (b, _) = zone_of(state, args[0]), zone_of(state, args[1])
    reach = 2 if len(args) == 3 else 1
    shot = can_shoot(state.graph, a, b, reach)
    return {"answer": shot.ok, "why": shot.why, "route": list(shot.route) or None}


def _hero(state: FateforgeState, word: str):
    hero = state.find_hero(word)
    if hero is None:
        raise QueryError(f"{word!r} is not a hero")
    return hero


def _step_options(state: FateforgeState, args: list[str]) -> dict[str, Any]:
    hero = _hero(state, args[0])
    allowed, refused = step_options(state, hero)
    turn = state.round.current == hero.name
    why = (f"{hero.name} is in {state.zone_name(hero.zone)} with results "
           f"{', '.join(hero.dice) or 'none'}")
    if hero.ko:
        why += "; knocked out heroes take no actions"
        allowed, refused = {}, {**refused, **{z: "knocked out" for z in allowed}}
    elif not turn:
        why += f"; it is not {hero.name}'s turn now, so these are the options once it is"
    return {"answer": sorted(allowed), "how": allowed, "refused": refused, "why": why}


def _targets(result: str):
    """The verb listing the enemies ``hero`` may attack with a HIT (``result`` ``"hit"``: same
    zone) or a SHOT (``"shot"``: an adjacent zone the shot can enter), as if it had that
    result left (*Combat Die Results*: "HIT – Deal 1 damage to an enemy in the same zone.",
    "SHOT – Deal 1 damage to an enemy in an adjacent zone."); guarded enemies cannot be
    targeted (*Guarded Enemies*)."""
    refusal = hit_refusal if result == "hit" else shot_refusal

    def run(state: FateforgeState, args: list[str]) -> dict[str, Any]:
        hero = _hero(state, args[0])
        armed = replace(hero, dice=(result,))
        allowed, refused = [], {}
        for enemy in state.enemies:
            problem = refusal(state, armed, enemy.name)
            if problem is None:
                allowed.append(enemy.name)
            else:
                refused[enemy.name] = problem
        where = ("in the same zone" if result == "hit" else
                 "in an adjacent zone, the shot not crossing a closed door, a barricade "
                 "against it or a portal")
        why = (f"a {result.upper()} deals 1 damage to an enemy {where}; {hero.name} is in "
               f"{state.zone_name(hero.zone)}; guarded enemies cannot be targeted")
        if not has_result(hero, result):
            why += f" (these are the targets once {hero.name} has a {result.upper()} result)"
        return {"answer": sorted(allowed), "refused": refused, "why": why}
    return run


def _activation_order(state: FateforgeState, args: list[str]) -> dict[str, Any]:
    order = activation_order(state)
    return {"answer": [e.name for e in order],
            "why": "Enemy Turns: white, blue, red, green, brown, purple, then bosses; within a "
                   "type the lowest initiative first: "
                   + ", ".join(f"{e.name} ({e.colour} {e.initiative})" for e in order)}


def _enemy_action(state: FateforgeState, args: list[str]) -> dict[str, Any]:
    enemy = state.find_enemy(args[0])
    if enemy is None:
        raise QueryError(f"{args[0]!r} is not an enemy")
    plan = turn_plan(state, enemy)
    if plan.enemy is None:
        answer = "does not act"
    else:
        chooser = "a D6 among" if plan.section.minion else "the players' choice of"
        who = plan.target or f"{chooser} {' or '.join(plan.targets)}"
        word = {"step": "toward", "call": "calling"}.get(plan.section.action, "against")
        answer = f"{plan.section} {word} {who}"
    return {"answer": answer, "section": str(plan.section) if plan.section else None,
            "targets": list(plan.targets), "target": plan.target, "why": plan.why}


def _exit_damage(state: FateforgeState, args: list[str]) -> dict[str, Any]:
    hero = _hero(state, args[0])
    token = find_exit(state, args[1])
    if token is None:
        raise QueryError(f"{args[1]!r} is not an exit")
    guard = state.guard_of(token.name)
    plan = exit_plan(state, hero, token.zone)
    if plan is None:
        return {"answer": None, "path": None,
                "why": f"{hero.name} has no route to {token.label} (closed doors cut routes; "
                       f"portals cannot be used when Exiting)"}
    costly = ", ".join(state.zone_name(z) for z in plan.costly) or "none"
    why = (f"cheapest route {' > '.join(state.zone_name(z) for z in plan.path)}; zones with "
           f"enemies or traps on it, start and exit included: {costly}")
    if guard:
        why += f"; but {guard.name} guards {token.label}, so it cannot be used now"
    return {"answer": plan.cost, "path": list(plan.path), "guarded": bool(guard), "why": why}


VERBS: dict[str, Verb] = {v.name: v for v in (
    Verb("zone-distance", "A B", "zones between A and B along open connections (zone, hero "
         "or enemy names)", _distance, 2),
    Verb("can-shoot", "A B [range+1]", "whether a shot from A can hit B (doors, barricades, "
         "portals)", _can_shoot, None),
    Verb("step-options", "HERO", "the zones HERO may STEP into, and why others are refused",
         _step_options, 1),
    Verb("hit-targets", "HERO", "the enemies HERO may HIT (same zone, not guarded), and why "
         "others are refused", _targets("hit"), 1),
    Verb("shot-targets", "HERO", "the enemies HERO may SHOT (an adjacent zone the shot can "
         "enter, not guarded), and why others are refused", _targets("shot"), 1),
    Verb("activation-order", "", "the Enemy Turns order of all enemies", _activation_order, 0),
    Verb("enemy-action", "ENEMY", "what ENEMY does on its Enemy Turn now, and why",
         _enemy_action, 1),
    Verb("exit-damage", "HERO EXIT", "damage HERO suffers on the cheapest path to EXIT",
         _exit_damage, 2),
)}


def _path_picture(state: FateforgeState, args: list[str], answer: dict[str, Any]) -> Picture:
    """The path (or the shot's route) as arrows from zone to zone, the two ends (zones,
    heroes or enemies, as named) ringed."""
    path = tuple(answer.get("path") or answer.get("route") or ())
    return Picture(path=path, marked=tuple(args[:2]))


def _exit_picture(state: FateforgeState, args: list[str], answer: dict[str, Any]) -> Picture:
    """The cheapest path to the exit as arrows, the hero ringed."""
    return Picture(path=tuple(answer.get("path") or ()), marked=(args[0],))


def _steps_picture(state: FateforgeState, args: list[str], answer: dict[str, Any]) -> Picture:
    """The zones the hero may STEP into tinted, the hero ringed."""
    return Picture(places=tuple(answer["answer"]), marked=(args[0],))


def _enemy_picture(state: FateforgeState, args: list[str], answer: dict[str, Any]) -> Picture:
    """The enemy tinted, the heroes it may act against ringed."""
    targets = answer.get("targets") or ([answer["target"]] if answer.get("target") else [])
    return Picture(places=(args[0],), marked=tuple(targets))


def _targets_picture(state: FateforgeState, args: list[str], answer: dict[str, Any]
                     ) -> Picture:
    """The hero tinted, the enemies it may HIT (or SHOT) ringed."""
    return Picture(places=(args[0],), marked=tuple(answer["answer"]))


def _order_picture(state: FateforgeState, args: list[str], answer: dict[str, Any]) -> Picture:
    """Arrows from each enemy to the next, in the order of the Enemy Turns."""
    return Picture(path=tuple(answer["answer"]))


_PICTURES = {"zone-distance": _path_picture, "can-shoot": _path_picture,
             "step-options": _steps_picture, "exit-damage": _exit_picture,
             "enemy-action": _enemy_picture, "activation-order": _order_picture,
             "hit-targets": _targets_picture, "shot-targets": _targets_picture}
"""The verbs whose answers are drawn by ``--overlay``, and how."""

VERBS = {name: replace(verb, picture=_PICTURES.get(name)) for name, verb in VERBS.items()}
