"""Damage, KO, dice spending and automatic pick-ups: the bookkeeping every rule shares.

Rulebook: *Health and Energy*, *Block tokens*, *Armour*, *Toughness*, *Armour (Enemies)*,
*Combat Map Tokens* (objective, gem and food tokens), *Knocked Out*.
"""

from __future__ import annotations

from dataclasses import replace

from tabletop.games.fateforge.actions import Event
from tabletop.games.fateforge.state import Enemy, FateforgeState, Hero, Token
from tabletop.wording import counted

Outcome = tuple[FateforgeState, list[Event]]


def die_options(dice: tuple[str, ...], result: str) -> list[int]:
    """Indices of the dice that can be spent as ``result`` (``hit``, ``shot``, ``step``,
    ``focus``), best first: the plain result, then its SKILL version, then two-result faces
    (so a flexible die is kept as long as possible)."""
    skill = f"skill-{result}" if result in ("hit", "shot") else None

    def rank(face: str) -> int | None:
        parts = face.split("/")
        if face == result:
            return 0
        if skill and face == skill:
            return 1
        if result in parts:
            return 2
        if skill and skill in parts:
            return 3
        return None

    ranked = [(rank(f), i) for i, f in enumerate(dice) if rank(f) is not None]
    return [i for _, i in sorted(ranked)]


def has_result(hero: Hero, result: str) -> bool:
    return bool(die_options(hero.dice, result))


def can_pay(hero: Hero, results: list[str]) -> bool:
    """Whether ``hero``'s dice can pay every result in ``results``, each from a different die
    (spent in order, each the best die for it, as :func:`spend` does)."""
    for result in results:
        if not has_result(hero, result):
            return False
        hero = spend(hero, result)
    return True


def spend(hero: Hero, result: str, count: int = 1) -> Hero:
    """``hero`` with ``count`` dice showing ``result`` spent (the caller checked there are)."""
    chosen = set(die_options(hero.dice, result)[:count])
    return replace(hero, dice=tuple(f for i, f in enumerate(hero.dice) if i not in chosen))


def suffer(state: FateforgeState, name: str, amount: int, *, toxic: bool = False,
           cause: str = "") -> Outcome:
    """Hero ``name`` suffers ``amount`` damage: each is stopped by a block token, else by an
    armour cube when the hero chose to use armour, else costs 1 health (set aside when
    ``toxic``); no health left is a KO, and carried objective tokens drop in the hero's zone.
    The hero's ally takes the same (non-toxic) damage (*Health and Energy*, *Armour*,
    *Block tokens*, *Toxic Damage*, *Objective tokens*, *Allies*)."""
    hero = state.hero(name)
    if amount <= 0 or hero.ko:
        return state, []
    blocked = min(hero.block, amount)
    armour = min(hero.armour if hero.armour_use else 0, amount - blocked)
    hurt = min(hero.health, amount - blocked - armour)
    hero = replace(hero, block=hero.block - blocked, armour=hero.armour - armour,
                   health=hero.health - hurt,
                   health_exhausted=hero.health_exhausted + (0 if toxic else hurt),
                   toxic=hero.toxic + (hurt if toxic else 0))
    parts = []
    if blocked:
        parts.append(f"{blocked} blocked")
    if armour:
        parts.append(f"{armour} stopped by armour")
    if hurt:
        parts.append(f"{hurt} {'toxic ' if toxic else ''}health lost")
    if hero.armour and not hero.armour_use and amount > blocked:
        parts.append(f"armour kept ({hero.armour} cube{'s' if hero.armour != 1 else ''})")
    why = f" ({cause})" if cause else ""
    events = [Event("damage", f"{name} suffers {amount} {'toxic ' if toxic else ''}damage"
                              f"{why}: {', '.join(parts)}.")]
    tokens = state.tokens
    if hero.health == 0:
        dropped = tuple(Token("objective", hero.zone, "" if t == "objective" else t)
                        for t in hero.carrying)
        hero = replace(hero, ko=True, carrying=(), dice=(), kinds=(), rerolling=(), block=0)
        tokens = (*tokens, *dropped)
        events.append(Event("ko", f"{name} is knocked out and takes no more actions this "
                                  f"scene unless revived."
                                  + (f" {', '.join(t.label for t in dropped)} drops in "
                                     f"{state.zone_name(hero.zone)}." if dropped else "")))
    state = replace(state.with_hero(hero), tokens=tokens)
    state, more = ally_suffers(state, name, 0 if toxic else hurt)
    return state, events + more


def ally_suffers(state: FateforgeState, name: str, amount: int) -> Outcome:
    """The ally accompanying hero ``name`` takes ``amount`` damage (what the hero suffered);
    as much damage as its health puts it out for the scene, and so does its hero's KO
    (*Allies*; toxic damage does not affect it, *Toxic Damage*)."""
    ally = state.ally
    if ally is None or ally.hero != name or ally.out:
        return state, []
    events = []
    if amount:
        ally = replace(ally, damage=min(ally.health, ally.damage + amount))
        events.append(Event("ally", f"{ally.name} takes {amount} damage with {name} "
                                    f"({ally.damage} of health {ally.health})."))
    why = ("its damage equals its health" if ally.damage >= ally.health else
           f"{name} is knocked out first" if state.hero(name).ko else "")
    if why:
        ally = replace(ally, out=True, dice=())
        events.append(Event("ally", f"{ally.name} is out for the scene: {why}."))
    return replace(state, ally=ally), events


def suffer_energy(state: FateforgeState, name: str, amount: int, cause: str) -> Outcome:
    """Hero ``name`` suffers ``amount`` energy; what cannot be paid in energy is suffered as
    health instead (*Health and Energy*)."""
    hero = state.hero(name)
    paid = min(hero.energy, amount)
    hero = replace(hero, energy=hero.energy - paid, energy_exhausted=hero.energy_exhausted + paid)
    state = state.with_hero(hero)
    events = [Event("energy", f"{name} suffers {paid} energy ({cause}).")] if paid else []
    if amount > paid:
        state, more = suffer(state, name, amount - paid, cause=f"{cause}, no energy left")
        events += more
    return state, events


def wound(state: FateforgeState, name: str, amount: int, cause: str) -> Outcome:
    """Enemy ``name`` takes ``amount`` damage: block tokens first, then black armour cubes,
    then red damage cubes; damage cubes reaching toughness defeat it, and the gems and food it
    carried drop in its zone (*Toughness*, *Armour (Enemies)*, *Gem & food tokens*)."""
    enemy = state.enemy(name)
    blocked = min(enemy.block, amount)
    armour = min(enemy.armour, amount - blocked)
    red = amount - blocked - armour
    enemy = replace(enemy, block=enemy.block - blocked, armour=enemy.armour - armour,
                    damage=enemy.damage + red)
    parts = []
    if blocked:
        parts.append(f"{blocked} blocked")
    if armour:
        parts.append(f"{armour} armour cube{'s' if armour != 1 else ''} removed")
    if red:
        parts.append(f"{red} damage cube{'s' if red != 1 else ''} "
                     f"({enemy.damage} of toughness {enemy.toughness})")
    events = [Event("wound", f"{name} takes {amount} damage from {cause}: {', '.join(parts)}.")]
    if enemy.damage >= enemy.toughness:
        return defeat(state, enemy, events)
    return state.with_enemy(enemy), events


def defeat(state: FateforgeState, enemy: Enemy, events: list[Event]) -> Outcome:
    """Remove the defeated ``enemy``; what it carried drops in its zone; what it guarded is
    free."""
    dropped = tuple(Token(kind, enemy.zone) for kind in enemy.carrying)
    text = f"{enemy.name} is defeated and removed."
    if dropped:
        text += f" Its {', '.join(enemy.carrying)} drops in {state.zone_name(enemy.zone)}."
    if enemy.guarding:
        text += f" {enemy.guarding} is no longer guarded."
    state = replace(state, enemies=tuple(e for e in state.enemies if e.name != enemy.name),
                    tokens=(*state.tokens, *dropped))
    return state, [*events, Event("defeat", text)]


def pick_up(state: FateforgeState) -> Outcome:
    """Every standing hero picks up the gem and food tokens in a zone with no enemies; they go
    to the party bag (*Gem & food tokens*)."""
    events: list[Event] = []
    for hero in state.heroes:
        if hero.ko:
            continue
        found = [t for t in state.tokens_in(hero.zone) if t.kind in ("gem", "food")]
        if not found or state.enemies_in(hero.zone):
            continue
        gems = sum(1 for t in found if t.kind == "gem")
        food = len(found) - gems
        state = replace(state, tokens=tuple(t for t in state.tokens if t not in found),
                        gems=state.gems + gems, food=state.food + food)
        events.append(Event("pickup", f"{hero.name} picks up {counted(gems, 'gem')} and {food} "
                                      f"food in {state.zone_name(hero.zone)}; they go to the "
                                      f"party bag."))
    return state, events
