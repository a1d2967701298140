"""When two Fateforge actions are the same move (the contract's ``same_move``): the rules
take a hero, an enemy or a zone by its name in any letters and a zone by its id or its
name, a token by its name or its kind, an exit by its name or its zone's; results in any
letters; a hero's combat dice and rerolled dice in any order among dice of one kind
(*Preparation Phase*: any die pays any result it shows); the dice an Energy Reroll chooses
in any order; an enemy activation by the target it settles on.  The key writes every one of them
the one way the state does.
"""

from __future__ import annotations

from dataclasses import fields, replace

from tabletop.games.fateforge.actions import (
    Collect,
    EnemyActs,
    EnergyReroll,
    Exit,
    Explore,
    OpenChest,
    RerollDice,
    RollAllyDice,
    RollDice,
    SetOrder,
    ThreeOfAKind,
)
from tabletop.games.fateforge.handlers.common import find_token
from tabletop.games.fateforge.handlers.enemy_turn import settled_target
from tabletop.games.fateforge.handlers.preparation import core_result, die_kinds
from tabletop.games.fateforge.handlers.scene_end import find_exit
from tabletop.games.fateforge.state import FateforgeState

TOKEN_KINDS = {Collect: "objective", OpenChest: "chest", Explore: "exploration"}
"""The token each FOCUS token action names, by its class."""


def same_move(state: FateforgeState, action: object) -> object:
    """``action`` with every name written as the state writes it (heroes, enemies, zone ids,
    token and exit names, results lower-case; a hero's roll as a multiset): two actions
    with equal keys are the same move in ``state``."""
    names = {f.name for f in fields(action)}
    changes: dict[str, object] = {}
    hero = state.find_hero(action.hero) if "hero" in names and isinstance(
        action.hero, str) else None
    if hero is not None:
        changes["hero"] = hero.name
    if "target" in names and not isinstance(action, EnemyActs):
        found = state.find_hero(action.target) if isinstance(action.target, str) else None
        changes["target"] = found.name if found else action.target
    if "enemy" in names and isinstance(action.enemy, str):
        found = state.find_enemy(action.enemy)
        changes["enemy"] = found.name if found else action.enemy
    if "to" in names and isinstance(action.to, str):
        if isinstance(action, ThreeOfAKind):
            changes["to"] = core_result(action.to)
        else:
            found = state.find_zone(action.to)
            changes["to"] = found.id if found else action.to
    if isinstance(action, tuple(TOKEN_KINDS)) and hero is not None:
        found = find_token(state, hero, action.token, TOKEN_KINDS[type(action)])
        changes["token"] = found[1].name if found else action.token
    if isinstance(action, Exit):
        found = find_exit(state, action.exit)
        changes["exit"] = found.name if found else action.exit
    if isinstance(action, SetOrder):
        changes["order"] = tuple(found.name if found else name for name, found in
                                 ((n, state.find_hero(n)) for n in action.order))
    if isinstance(action, RollAllyDice):
        changes["results"] = tuple(str(r).lower() for r in action.results)
    if isinstance(action, RollDice):
        return RollDice(changes.get("hero", action.hero), tuple(sorted(zip(
            (str(k).lower() for k in action.kinds or ("",) * len(action.results)),
            (str(r).lower() for r in action.results), strict=False))))
    if isinstance(action, RerollDice) and hero is not None:
        kinds = die_kinds(hero)
        return RerollDice(hero.name, tuple(sorted(zip(
            (kinds[i] for i in hero.rerolling), (str(r).lower() for r in action.results),
            strict=False))))
    if isinstance(action, EnergyReroll):
        changes["dice"] = tuple(sorted(action.dice))
    if isinstance(action, EnemyActs):
        changes["target"] = settled_target(state, action)
    return replace(action, **changes)
