"""Fateforge layouts: the ``game = "fateforge"`` TOML tables <-> :class:`FateforgeState`.

Every key is documented in ``docs/fateforge.md``.  Every rule that keeps a state meaningful is
checked here (known zones, no overlapping tiles, unique names, a guard for each thing at most,
KO exactly when no health is available, a player order naming each hero once), so that a
loaded state is always one the rules core can play.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from tabletop.games.fateforge.state import (
    ABILITIES,
    COLOURS,
    COMBAT_DICE,
    DEFAULT_POOL,
    ENEMY_ACTIONS,
    HERO_FLAGS,
    MINIONS,
    MODIFIERS,
    PHASES,
    REACTIONS,
    RESULTS,
    TOKEN_KINDS,
    TURNS,
    WEAPON_DICE,
    Ally,
    Barricade,
    Connection,
    Enemy,
    FateforgeState,
    Hero,
    Portal,
    Round,
    Section,
    Token,
    Zone,
)
from tabletop.games.layoutfile import Table, named_label
from tabletop.spatial.zone_graph import COMPASS

MAX_MAP = 200
MAX_COUNT = 99


def _count(low: int = 0, high: int = MAX_COUNT):
    def check(value: int) -> str | None:
        return None if low <= value <= high else f"must be {low} to {high}"
    return check


def _name(value: str) -> str | None:
    if not value.isprintable():
        return "must be one line of text, without line breaks or tabs"
    return None if value.strip() else "must not be empty"


def valid_face(face: str) -> bool:
    """A die result (``hit``) or a two-result face (``step/hit``), no misses in a pair."""
    parts = face.lower().split("/")
    if len(parts) == 1:
        return parts[0] in RESULTS
    return len(parts) == 2 and all(p in RESULTS and p != "miss" for p in parts)


def _pair(table: Table, key: str, default: list[int] | None, low: int) -> tuple[int, int]:
    def check(value: list) -> str | None:
        if (len(value) != 2 or not all(isinstance(v, int) and not isinstance(v, bool)
                                       for v in value)
                or not all(low <= v <= MAX_MAP for v in value)):
            return f"must be two whole numbers from {low} to {MAX_MAP}"
        return None
    value = table.get(key, list, default, check=check) if default else table.req(key, list,
                                                                                  check=check)
    return value[0], value[1]


def _zone(table: Table) -> Zone:
    x, y = _pair(table, "at", None, 0)
    w, h = _pair(table, "size", [2, 2], 1)
    zone = Zone(id=table.req("id", str, check=_name), name=table.get("name", str, ""),
                x=x, y=y, w=w, h=h, difficult=table.get("difficult", bool, False))
    table.done()
    return Zone(zone.id, zone.name or zone.id, x, y, w, h, zone.difficult)


def _between(table: Table, zones: dict[str, Zone]) -> tuple[str, str]:
    ends = table.str_list("between")
    if len(ends) != 2 or ends[0] == ends[1]:
        raise table.error("between", "must name two different zones")
    for end in ends:
        if end not in zones:
            raise table.error("between", f"{end!r} is not a zone id")
    return ends[0], ends[1]


def _connection(table: Table, zones: dict[str, Zone]) -> Connection:
    a, b = _between(table, zones)
    door = table.get("door", str, "", check=lambda v: None if v in ("", "open", "closed") else
                     "must be \"open\" or \"closed\" (leave it out for no door)")
    name = table.get("name", str, "")
    table.done()
    return Connection(a, b, door, name)


def _portal(table: Table, zones: dict[str, Zone]) -> Portal:
    a, b = _between(table, zones)
    portal = Portal(a, b, table.get("name", str, ""))
    table.done()
    return portal


def _barricade(table: Table, zones: dict[str, Zone]) -> Barricade:
    zone = _zone_ref(table, zones)
    against = tuple(d.lower() for d in table.str_list("against"))
    if not against:
        raise table.error("against", "must name at least one direction")
    for side in against:
        if side not in COMPASS:
            raise table.error("against", f"{side!r} is not one of {', '.join(COMPASS)}")
    table.done()
    return Barricade(zone, tuple(s for s in COMPASS if s in against))


def _zone_ref(table: Table, zones: dict[str, Zone]) -> str:
    value = table.req("zone", str)
    if value not in zones:
        raise table.error("zone", f"{value!r} is not a zone id")
    return value


def _token(table: Table, zones: dict[str, Zone]) -> Token:
    kind = table.choice("kind", TOKEN_KINDS)
    zone = _zone_ref(table, zones)
    name = table.get("name", str, "")
    cubes = table.get("cubes", int, 0, check=_count())
    if cubes and kind != "fountain":
        raise table.error("cubes", "only a healing fountain holds cubes")
    table.done()
    return Token(kind, zone, name, cubes)


def _pool(table: Table) -> tuple[str, ...]:
    """A hero's dice pool: combat dice and at most one weapon die (*Combat Dice Pool*,
    *Weapons*: the primary or cumbersome weapon adds one)."""
    pool = tuple(k.lower() for k in table.str_list("pool", list(DEFAULT_POOL)))
    if not 1 <= len(pool) <= 12:
        raise table.error("pool", "must hold 1 to 12 dice")
    for kind in pool:
        if kind not in COMBAT_DICE + WEAPON_DICE:
            raise table.error("pool", f"{kind!r} is not one of "
                                      f"{', '.join(COMBAT_DICE + WEAPON_DICE)}")
    if sum(kind in WEAPON_DICE for kind in pool) > 1:
        raise table.error("pool", "holds at most one weapon die (only the primary or "
                                  "cumbersome weapon adds one, Weapons)")
    return pool


def _faces(table: Table, key: str, weapon: bool) -> tuple[str, ...]:
    dice = tuple(d.lower() for d in table.str_list(key))
    for face in dice:
        if not valid_face(face):
            raise table.error(key, f"{face!r} is not a die result (one of "
                                   f"{', '.join(RESULTS)}, or two joined as step/hit)")
        if "special" in face.split("/") and not weapon:
            raise table.error(key, "a special result comes only from a weapon die, and the "
                                   "pool holds none")
    return dice


def _rolled_kinds(table: Table, pool: tuple[str, ...], dice: tuple[str, ...]
                  ) -> tuple[str, ...]:
    """The dice that rolled ``dice``, die by die (``kinds``; absent: not said), each from
    ``pool`` (a die Three-of-a-Kind changed may show a face its kind does not print)."""
    kinds = tuple(k.lower() for k in table.str_list("kinds"))
    if not kinds:
        return ()
    if len(kinds) != len(dice):
        raise table.error("kinds", f"names the die of each of the {len(dice)} results, not "
                                   f"{len(kinds)}")
    missing = Counter(kinds) - Counter(pool)
    if missing:
        raise table.error("kinds", f"{', '.join(missing)} is not in the dice pool "
                                   f"({', '.join(pool)})")
    return kinds


def _rerolling(table: Table, dice: tuple[str, ...]) -> tuple[int, ...]:
    """The dice an Energy Reroll chose and that wait for their results (``rerolling``:
    indices from 0 into ``dice``, each showing a miss)."""
    values = table.get("rerolling", list, [])
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise table.error("rerolling", "must be a list of die numbers (counted from 0)")
    chosen = tuple(sorted(set(values)))
    for index in chosen:
        if not 0 <= index < len(dice) or dice[index] != "miss":
            raise table.error("rerolling", f"die {index} is not a die showing a miss (dice "
                                           f"are counted from 0)")
    return chosen


def _hero(table: Table, zones: dict[str, Zone]) -> Hero:
    pool = _pool(table)
    dice = _faces(table, "dice", any(k in WEAPON_DICE for k in pool))
    used = tuple(sorted(set(u.lower() for u in table.str_list("used"))))
    for flag in used:
        if flag not in HERO_FLAGS:
            raise table.error("used", f"{flag!r} is not one of {', '.join(HERO_FLAGS)}")
    hero = Hero(
        name=table.req("name", str, check=_name),
        zone=_zone_ref(table, zones),
        health=table.req("health", int, check=_count()),
        energy=table.req("energy", int, check=_count()),
        health_exhausted=table.get("health_exhausted", int, 0, check=_count()),
        energy_exhausted=table.get("energy_exhausted", int, 0, check=_count()),
        toxic=table.get("toxic", int, 0, check=_count()),
        armour=table.get("armour", int, 0, check=_count()),
        block=table.get("block", int, 0, check=_count()),
        stun=table.get("stun", bool, False),
        ko=table.get("ko", bool, False),
        stealth=table.get("stealth", bool, False),
        carrying=table.str_list("carrying"),
        dice=dice,
        rolled=table.get("rolled", bool, bool(dice)),
        used=used,
        pool=pool,
        armour_use=table.get("armour_use", bool, True),
        corruption=table.get("corruption", int, 0, check=_count()),
        kinds=_rolled_kinds(table, pool, dice),
        rerolling=_rerolling(table, dice),
    )
    if hero.ko != (hero.health == 0):
        raise table.error("ko", "must be true exactly when the hero has no available health "
                                "(Health and Energy: no health tokens means knocked out)")
    table.done()
    return hero


def _section(table: Table) -> Section:
    mods = tuple(m.lower() for m in table.str_list("modifiers"))
    for mod in mods:
        if mod not in MODIFIERS:
            raise table.error("modifiers", f"{mod!r} is not one of {', '.join(MODIFIERS)}")
    if "target-earlier" in mods and "target-later" in mods:
        raise table.error("modifiers", "cannot both target earlier and target later")
    minion = tuple(c.lower() for c in table.str_list("minion"))
    section = Section(action=table.choice("action", ENEMY_ACTIONS),
                      within=table.get("within", int, None, check=_count()),
                      amount=table.get("amount", int, 1, check=_count(1)),
                      modifiers=mods, exit=table.get("exit", str, ""), minion=minion)
    for colour in minion:
        if colour not in MINIONS:
            raise table.error("minion", f"{colour!r} is not a minion type "
                                        f"({', '.join(MINIONS)})")
    if len(minion) > 2 or len(set(minion)) != len(minion):
        raise table.error("minion", "names one minion type, or two (left, then right)")
    if section.exit and section.action != "step":
        raise table.error("exit", "only a STEP moves toward an exit")
    if minion and section.action not in ("step", "call"):
        raise table.error("minion", "only a STEP or a CALL targets a minion (the rulebook "
                                    "gives no enemy attack on a minion)")
    if section.action == "call" and not minion:
        raise table.error("minion", "a CALL names the minion type it calls")
    if section.exit and minion:
        raise table.error("minion", "a STEP goes toward an exit or toward a minion, not both")
    table.done()
    return section


def _enemy(table: Table, zones: dict[str, Zone]) -> Enemy:
    name = table.req("name", str, check=_name)
    colour = table.choice("type", COLOURS)
    band = tuple(_section(t) for t in table.tables("band"))
    if not 1 <= len(band) <= 3:
        raise table.error("band", "an action band has one to three sections")
    abilities = tuple(sorted(set(a.lower() for a in table.str_list("abilities"))))
    for ability in abilities:
        if ability not in ABILITIES:
            raise table.error("abilities", f"{ability!r} is not one of {', '.join(ABILITIES)}")
    enemy = Enemy(
        name=name, colour=colour,
        initiative=table.req("initiative", int, check=_count()),
        zone=_zone_ref(table, zones),
        toughness=table.req("toughness", int, check=_count(1)),
        band=band,
        armour=table.get("armour", int, 0, check=_count()),
        damage=table.get("damage", int, 0, check=_count()),
        block=table.get("block", int, 0, check=_count()),
        stun=table.get("stun", bool, False),
        abilities=abilities,
        guarding=table.get("guarding", str, ""),
        carrying=table.str_list("carrying"),
    )
    if name.lower() in COLOURS:
        raise table.error("name", f"{name!r} is an enemy type; give the enemy another name")
    if enemy.damage >= enemy.toughness:
        raise table.error("damage", f"{enemy.damage} damage cubes would defeat an enemy of "
                                    f"toughness {enemy.toughness} (Toughness)")
    for item in enemy.carrying:
        if item not in ("gem", "food"):
            raise table.error("carrying", f"{item!r}: enemies carry only gem and food tokens")
    table.done()
    return enemy


def _ally(top: Table, heroes: list[Hero]) -> Ally | None:
    """The ``[ally]`` table (*Allies*: up to one ally joins the party)."""
    table = top.sub("ally", required=False)
    if table is None:
        return None
    name = table.req("name", str, check=_name)
    hero = table.req("hero", str)
    if hero not in [h.name for h in heroes]:
        raise table.error("hero", f"{hero!r} is not a hero (the ally accompanies a hero)")
    pool = tuple(k.lower() for k in table.str_list("pool", ["ff-red", "ff-yellow"]))
    if len(pool) != 2 or any(k not in COMBAT_DICE for k in pool):
        raise table.error("pool", f"an ally has 2 combat dice ({', '.join(COMBAT_DICE)})")
    dice = _faces(table, "dice", False)
    if len(dice) > 2 or "miss" in dice:
        raise table.error("dice", "an ally keeps at most 2 results, never a miss (misses are "
                                  "rerolled at setup)")
    ally = Ally(name=name, hero=hero, health=table.req("health", int, check=_count(1)),
                pool=pool, damage=table.get("damage", int, 0, check=_count()), dice=dice,
                rolled=table.get("rolled", bool, bool(dice)),
                out=table.get("out", bool, False))
    if not ally.out and ally.damage >= ally.health:
        raise table.error("out", f"an ally with {ally.damage} damage and health {ally.health} "
                                 f"is out for the scene")
    if not ally.out and next(h for h in heroes if h.name == hero).ko:
        raise table.error("out", f"{hero} is knocked out, so the ally is out too")
    table.done()
    return ally


def _round(top: Table, heroes: list[Hero]) -> Round:
    table = top.sub("round", required=False)
    if table is None:
        return Round(order=tuple(h.name for h in heroes))
    names = [h.name for h in heroes]
    rnd = Round(
        number=table.get("number", int, 1, check=_count(1)),
        of=table.get("of", int, 3, check=_count(1)),
        phase=table.choice("phase", PHASES, "preparation"),
        order=table.str_list("order", names),
        reaction_slot=table.get("reaction_slot", int, 0, check=_count()),
        reaction_types=tuple(t.lower() for t in table.str_list("reaction_types")),
        step=table.get("step", int, 0, check=_count()),
        queue=table.str_list("queue"),
        target=table.get("target", str, ""),
    )
    if rnd.number > rnd.of:
        raise table.error("number", f"round {rnd.number} is beyond the scene's {rnd.of} rounds")
    if sorted(rnd.order) != sorted(names):
        raise table.error("order", "must name every hero exactly once")
    if rnd.reaction_slot > len(names):
        raise table.error("reaction_slot", f"must be 0 to {len(names)} (how many heroes act "
                                           f"before the Enemy Reactions)")
    for kind in rnd.reaction_types:
        if kind not in COLOURS[:-1]:
            raise table.error("reaction_types", f"{kind!r} is not an enemy type "
                                                f"({', '.join(COLOURS[:-1])})")
    if rnd.step >= len(rnd.sequence):
        raise table.error("step", f"must be below {len(rnd.sequence)}, the length of the "
                                  f"Action Phase sequence")
    if rnd.phase == "exit" and rnd.number != rnd.of:
        raise table.error("phase", "heroes Exit only at the end of the last round")
    if rnd.target and not (rnd.phase == "action" and rnd.current in (REACTIONS, TURNS)):
        raise table.error("target", "a chosen target waits only in an enemy slot")
    if rnd.phase == "action" and rnd.current in (REACTIONS, TURNS) and not rnd.queue:
        raise table.error("queue", f"the {rnd.current} slot needs the enemies (or types) still "
                                   f"to activate")
    table.done()
    return rnd


def from_layout(top: Table) -> FateforgeState:
    """The :class:`FateforgeState` described by the layout's top-level table (``game`` read).

    Raises :class:`~tabletop.errors.LayoutError` for the first broken rule.
    """
    title = top.get("title", str, "")
    notes = top.get("notes", str, "")
    zone_tables = top.tables("zones", named_label("zone"))
    if not zone_tables:
        raise top.error(None, "needs at least one [[zones]] table")
    zones: dict[str, Zone] = {}
    for table in zone_tables:
        zone = _zone(table)
        if zone.id in zones:
            raise table.error("id", f"{zone.id!r} is used twice; zone ids must be unique")
        for other in zones.values():
            if (zone.x < other.x + other.w and other.x < zone.x + zone.w
                    and zone.y < other.y + other.h and other.y < zone.y + zone.h):
                raise table.error("at", f"the tile of {zone.name} overlaps {other.name}")
        zones[zone.id] = zone
    connections = [(t, _connection(t, zones)) for t in top.tables("connections")]
    pairs: set[frozenset[str]] = set()
    for table, conn in connections:
        pair = frozenset((conn.a, conn.b))
        if pair in pairs:
            raise table.error("between", f"{conn.a} and {conn.b} are connected twice")
        pairs.add(pair)
    portals = [(t, _portal(t, zones)) for t in top.tables("portals")]
    barricades = [(t, _barricade(t, zones)) for t in top.tables("barricades")]
    seen_barricade: set[str] = set()
    for table, bar in barricades:
        if bar.zone in seen_barricade:
            raise table.error("zone", f"{bar.zone} already has a barricade; list every "
                                      f"direction in one table")
        seen_barricade.add(bar.zone)
    tokens = [(t, _token(t, zones)) for t in top.tables("tokens")]
    heroes = [(t, _hero(t, zones)) for t in top.tables("heroes", named_label("hero"))]
    enemies = [(t, _enemy(t, zones)) for t in top.tables("enemies", named_label("enemy"))]
    rnd = _round(top, [h for _, h in heroes])
    ally = _ally(top, [h for _, h in heroes])
    party = top.sub("party", required=False)
    gems = food = 0
    outcome = ""
    if party is not None:
        gems = party.get("gems", int, 0, check=_count(0, 999))
        food = party.get("food", int, 0, check=_count(0, 999))
        outcome = party.get("outcome", str, "")
        party.done()
    top.done()

    names: dict[str, Table] = {}
    named = [(t, x.name) for t, x in (*heroes, *enemies, *tokens, *connections, *portals)
             if x.name]
    if ally is not None:
        named.append((top.sub("ally"), ally.name))
    for table, name in named:
        if name.lower() in names:
            raise table.error("name", f"{name!r} is used twice; names must be unique")
        names[name.lower()] = table
    guardable = {x.name for _, x in (*enemies, *tokens, *connections, *portals) if x.name}
    guarded: dict[str, str] = {}
    for table, enemy in enemies:
        if not enemy.guarding:
            continue
        if enemy.guarding not in guardable or enemy.guarding == enemy.name:
            raise table.error("guarding", f"{enemy.guarding!r} names no other enemy, token, "
                                          f"door or portal")
        places = {x.name: {x.zone} for _, x in (*enemies, *tokens) if x.name}
        places.update({x.name: {x.a, x.b} for _, x in (*connections, *portals) if x.name})
        if enemy.zone not in places[enemy.guarding]:
            raise table.error("zone", f"{enemy.name} guards {enemy.guarding}, so it stands in "
                                      f"its zone (Guarded tokens: the guard sits on the token)")
        if enemy.guarding in guarded:
            raise table.error("guarding", f"{enemy.guarding} is already guarded by "
                                          f"{guarded[enemy.guarding]}")
        guarded[enemy.guarding] = enemy.name
    for table, conn in connections:
        if conn.name and not conn.door:
            raise table.error("name", "only a connection with a door needs a name")
    exits = {t.name for _, t in tokens if t.kind == "exit" and t.name}
    for table, enemy in enemies:
        for section in enemy.band:
            if section.exit and section.exit not in exits:
                raise table.error("band", f"{enemy.name}'s STEP toward exit "
                                          f"{section.exit!r} names no exit token")
    known_queue = {e.name for _, e in enemies} | set(COLOURS)
    for item in rnd.queue:
        if item not in known_queue:
            raise top.error("round", f"queue entry {item!r} names no enemy or enemy type")
    if rnd.target and rnd.target not in {h.name for _, h in heroes}:
        raise top.error("round", f"the chosen target {rnd.target!r} names no hero")

    return FateforgeState(
        zones=tuple(zones.values()),
        connections=tuple(c for _, c in connections),
        portals=tuple(p for _, p in portals),
        barricades=tuple(b for _, b in barricades),
        tokens=tuple(t for _, t in tokens),
        heroes=tuple(h for _, h in heroes),
        enemies=tuple(e for _, e in enemies),
        round=rnd, ally=ally, gems=gems, food=food, outcome=outcome, title=title, notes=notes,
    )


def to_layout(state: FateforgeState) -> dict[str, Any]:
    """The layout tables for ``state`` (without ``game``), ready for ``tomli_w``."""
    out: dict[str, Any] = {}
    if state.title:
        out["title"] = state.title
    if state.notes:
        out["notes"] = state.notes
    r = state.round
    out["round"] = {"number": r.number, "of": r.of, "phase": r.phase, "order": list(r.order),
                    "reaction_slot": r.reaction_slot, "reaction_types": list(r.reaction_types),
                    "step": r.step, "queue": list(r.queue)}
    if r.target:
        out["round"]["target"] = r.target
    out["party"] = {"gems": state.gems, "food": state.food, "outcome": state.outcome}
    out["zones"] = [_drop({"id": z.id, "name": z.name, "at": [z.x, z.y], "size": [z.w, z.h],
                           "difficult": z.difficult}) for z in state.zones]
    if state.connections:
        out["connections"] = [_drop({"between": [c.a, c.b], "door": c.door, "name": c.name})
                              for c in state.connections]
    if state.portals:
        out["portals"] = [_drop({"between": [p.a, p.b], "name": p.name}) for p in state.portals]
    if state.barricades:
        out["barricades"] = [{"zone": b.zone, "against": list(b.against)}
                             for b in state.barricades]
    if state.tokens:
        out["tokens"] = [_drop({"kind": t.kind, "zone": t.zone, "name": t.name,
                                "cubes": t.cubes}) for t in state.tokens]
    if state.heroes:
        out["heroes"] = [_hero_table(h) for h in state.heroes]
    if state.enemies:
        out["enemies"] = [_enemy_table(e) for e in state.enemies]
    if state.ally is not None:
        a = state.ally
        out["ally"] = _drop({"name": a.name, "hero": a.hero, "health": a.health,
                             "pool": list(a.pool), "damage": a.damage, "dice": list(a.dice),
                             "out": a.out})
        out["ally"]["rolled"] = a.rolled
    return out


def _drop(table: dict[str, Any]) -> dict[str, Any]:
    """``table`` without empty strings, zeros, false and empty lists (the defaults)."""
    return {k: v for k, v in table.items() if v not in ("", 0, False, [])
            or k in ("health", "energy", "initiative")}


def _hero_table(h: Hero) -> dict[str, Any]:
    table = _drop({"name": h.name, "zone": h.zone, "health": h.health,
                   "health_exhausted": h.health_exhausted, "energy": h.energy,
                   "energy_exhausted": h.energy_exhausted, "toxic": h.toxic, "armour": h.armour,
                   "block": h.block, "stun": h.stun, "ko": h.ko, "stealth": h.stealth,
                   "carrying": list(h.carrying), "dice": list(h.dice), "used": list(h.used),
                   "corruption": h.corruption})
    table["rolled"] = h.rolled
    if h.pool != DEFAULT_POOL:
        table["pool"] = list(h.pool)
    if not h.armour_use:
        table["armour_use"] = False
    if h.kinds:
        table["kinds"] = list(h.kinds)
    if h.rerolling:
        table["rerolling"] = list(h.rerolling)
    return table


def _enemy_table(e: Enemy) -> dict[str, Any]:
    table = _drop({"name": e.name, "type": e.colour, "initiative": e.initiative,
                   "zone": e.zone, "toughness": e.toughness, "armour": e.armour,
                   "damage": e.damage, "block": e.block, "stun": e.stun,
                   "abilities": list(e.abilities), "guarding": e.guarding,
                   "carrying": list(e.carrying)})
    table["band"] = [_section_table(s) for s in e.band]
    return table


def _section_table(s: Section) -> dict[str, Any]:
    table: dict[str, Any] = {"action": s.action}
    if s.within is not None:
        table["within"] = s.within
    table["amount"] = s.amount
    if s.modifiers:
        table["modifiers"] = list(s.modifiers)
    if s.exit:
        table["exit"] = s.exit
    if s.minion:
        table["minion"] = list(s.minion)
    return table
