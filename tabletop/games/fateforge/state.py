"""Fateforge Combat Scene state: the map, its tokens, heroes, enemies and where the round is.

Everything is a frozen dataclass, so a state is a value: the rules core returns new states and
the window's undo keeps the old ones.  Rulebook: *Combat Scenes*, *Enemies*, *The Combat
Round*, *Additional Combat Rules*, *Rule Unlocks*.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from tabletop.spatial.zone_graph import Link, ZoneGraph, ZoneShape

COLOURS = ("white", "blue", "red", "green", "brown", "purple", "boss")
"""Enemy types in the Enemy Turns priority order (*Enemy Turns*)."""

MINIONS = ("white", "blue", "red", "green", "brown")
"""All enemies are minions except purple leaders and bosses (*Enemies*)."""

TOKEN_KINDS = ("start", "exit", "objective", "gem", "food", "chest", "exploration", "trap",
               "fountain")
RESULTS = ("step", "hit", "shot", "focus", "skill-hit", "skill-shot", "special", "miss")
"""Combat die results (*Combat Die Results*); a face with two results is written ``a/b``;
``special`` is a weapon die's special attack icon (*Weapons*)."""

COMBAT_DICE = ("ff-red", "ff-yellow", "ff-blue", "ff-green")
WEAPON_DICE = ("ff-melee", "ff-ranged")
DEFAULT_POOL = COMBAT_DICE
"""A hero's dice pool when the layout names none: one combat die of each colour."""

ENEMY_ACTIONS = ("step", "hit", "shot", "call")
"""Enemy actions; a CALL moves the closest minion of a type toward the enemy (*Glossary*)."""
MODIFIERS = ("target-earlier", "target-later", "+1", "range+1", "push", "pull", "toxic")
ABILITIES = ("blocker", "fear")
HERO_FLAGS = ("energy-reroll", "three-of-a-kind", "dash", "energy-step", "acted", "revived",
              "fear", "fountain-start", "fountain-end", "ally", "weapon", "trap")
"""Once-per-round / once-per-turn marks a hero can carry (saved in ``used``)."""

PHASES = ("preparation", "action", "cleanup", "exit", "over")
REACTIONS = "Enemy Reactions"
TURNS = "Enemy Turns"


@dataclass(frozen=True)
class Zone:
    """One map tile: ``id``, ``name``, tile ``x, y, w, h`` and difficult terrain."""

    id: str
    name: str
    x: int
    y: int
    w: int = 2
    h: int = 2
    difficult: bool = False


@dataclass(frozen=True)
class Connection:
    """Zones ``a`` and ``b`` are neighbours; ``door`` is ``""`` (none), ``open`` or ``closed``;
    ``name`` lets an enemy guard the door."""

    a: str
    b: str
    door: str = ""
    name: str = ""

    def joins(self, zone: str) -> bool:
        return zone in (self.a, self.b)

    def other(self, zone: str) -> str:
        return self.b if zone == self.a else self.a


@dataclass(frozen=True)
class Portal:
    """A portal between two zones (*Portals*); ``name`` lets an enemy guard it."""

    a: str
    b: str
    name: str = ""


@dataclass(frozen=True)
class Barricade:
    """A barricade token in ``zone`` protecting it against shots from ``against``."""

    zone: str
    against: tuple[str, ...]


@dataclass(frozen=True)
class Token:
    """A map token of ``kind`` in ``zone``; ``cubes`` counts a healing fountain's black cubes."""

    kind: str
    zone: str
    name: str = ""
    cubes: int = 0

    @property
    def label(self) -> str:
        return self.name or self.kind


@dataclass(frozen=True)
class Section:
    """One section of an enemy's action band: used when the closest hero is ``within`` zones
    (``None``: at any distance); ``action`` with ``amount`` (damage, or zones for STEP)."""

    action: str
    within: int | None = 0
    amount: int = 1
    modifiers: tuple[str, ...] = ()
    exit: str = ""
    minion: tuple[str, ...] = ()

    @property
    def damage(self) -> int:
        return self.amount + (1 if "+1" in self.modifiers else 0)

    @property
    def limit(self) -> int | None:
        """The farthest hero distance this section reads (``None``: any distance): the number
        under the section, one zone more for a HIT or SHOT with Range +1 ("targets opponents up
        to 1 zone beyond normal range", *Enemy Action Modifiers*)."""
        if self.within is None:
            return None
        extra = "range+1" in self.modifiers and self.action in ("hit", "shot")
        return self.within + (1 if extra else 0)

    @property
    def reach(self) -> int:
        """Zones an attack reaches: HIT 0, SHOT 1, one more with Range +1."""
        base = 0 if self.action == "hit" else 1
        return base + (1 if "range+1" in self.modifiers else 0)

    def __str__(self) -> str:
        word = self.action.upper()
        moves = self.action in ("step", "call")
        amount = f" {self.amount}" if self.amount != 1 or not moves else ""
        extra = ([f"toward exit {self.exit}"] if self.exit else []) + (
            [f"{'' if self.action == 'call' else 'target '}{' or '.join(self.minion)} minion"]
            if self.minion else [])
        words = (*self.modifiers, *extra)
        mods = f" ({', '.join(words)})" if words else ""
        where = "any distance" if self.within is None else f"within {self.within}"
        return f"{word}{amount}{mods} [{where}]"


@dataclass(frozen=True)
class Hero:
    """A hero: available/exhausted health and energy, toxic damage set aside, armour and block,
    stun, KO, stealth, carried tokens, this round's die results and once-per-round marks.

    ``kinds`` are the dice of this round's roll, die by die beside ``dice`` (``()`` when the
    roll did not say them), kept through the Preparation (the Energy Reroll rerolls a die
    of its own kind) and cleared when the Action Phase starts; ``rerolling`` the dice an
    Energy Reroll chose, waiting for their new results (a chance point)."""

    name: str
    zone: str
    health: int
    energy: int
    health_exhausted: int = 0
    energy_exhausted: int = 0
    toxic: int = 0
    armour: int = 0
    block: int = 0
    stun: bool = False
    ko: bool = False
    stealth: bool = False
    carrying: tuple[str, ...] = ()
    dice: tuple[str, ...] = ()
    rolled: bool = False
    used: tuple[str, ...] = ()
    pool: tuple[str, ...] = DEFAULT_POOL
    kinds: tuple[str, ...] = ()
    rerolling: tuple[int, ...] = ()
    armour_use: bool = True
    corruption: int = 0

    @property
    def weapon_die(self) -> bool:
        """Whether the pool holds a weapon die (from an equipped weapon, *Weapons*)."""
        return any(kind in WEAPON_DICE for kind in self.pool)

    def has_used(self, flag: str) -> bool:
        return flag in self.used

    def mark(self, flag: str) -> Hero:
        return self if flag in self.used else replace(self, used=tuple(sorted((*self.used,
                                                                                flag))))


@dataclass(frozen=True)
class Ally:
    """An ally (*Allies*): ``hero`` accompanies it; ``health`` on its card, ``damage`` cubes
    taken; ``pool`` its two combat dice and ``dice`` the results still on its card (rolled at
    setup, each used once per scene); ``out`` when it is out for the scene."""

    name: str
    hero: str
    health: int
    pool: tuple[str, ...] = ("ff-red", "ff-yellow")
    damage: int = 0
    dice: tuple[str, ...] = ()
    rolled: bool = False
    out: bool = False


@dataclass(frozen=True)
class Enemy:
    """An enemy token: colour type, initiative, toughness, armour (black) and damage (red)
    cubes, block tokens, stun, action band, abilities, what it guards and what it carries."""

    name: str
    colour: str
    initiative: int
    zone: str
    toughness: int
    band: tuple[Section, ...]
    armour: int = 0
    damage: int = 0
    block: int = 0
    stun: bool = False
    abilities: tuple[str, ...] = ()
    guarding: str = ""
    carrying: tuple[str, ...] = ()

    @property
    def minion(self) -> bool:
        return self.colour in MINIONS

    def has(self, ability: str) -> bool:
        """Abilities of a stunned minion are ignored (*Stun*)."""
        return ability in self.abilities and not (self.stun and self.minion)

    @property
    def priority(self) -> tuple[int, int, str]:
        """Enemy Turns order: colour type, then lowest initiative, then name."""
        return (COLOURS.index(self.colour), self.initiative, self.name)


@dataclass(frozen=True)
class Round:
    """Where the scene is: round ``number`` of ``of``, the phase, the player order, where the
    Enemy Reactions go (``reaction_slot`` heroes act before them), the reacting types the app
    shows, the position ``step`` in the Action Phase sequence, the enemy ``queue`` still to
    activate in the current enemy slot and the ``target`` the players chose for the enemy
    activating now while the D6 it needs is still to be rolled (*Randomisation*)."""

    number: int = 1
    of: int = 3
    phase: str = "preparation"
    order: tuple[str, ...] = ()
    reaction_slot: int = 0
    reaction_types: tuple[str, ...] = ()
    step: int = 0
    queue: tuple[str, ...] = ()
    target: str = ""

    @property
    def sequence(self) -> tuple[str, ...]:
        """Hero names with the Enemy Reactions slot and the Enemy Turns slot at the end."""
        slot = min(self.reaction_slot, len(self.order))
        return (*self.order[:slot], REACTIONS, *self.order[slot:], TURNS)

    @property
    def current(self) -> str | None:
        """The entity acting in the Action Phase, or ``None`` outside it."""
        if self.phase != "action" or self.step >= len(self.sequence):
            return None
        return self.sequence[self.step]


@dataclass(frozen=True)
class FateforgeState:
    """A Combat Scene."""

    zones: tuple[Zone, ...]
    connections: tuple[Connection, ...] = ()
    portals: tuple[Portal, ...] = ()
    barricades: tuple[Barricade, ...] = ()
    tokens: tuple[Token, ...] = ()
    heroes: tuple[Hero, ...] = ()
    enemies: tuple[Enemy, ...] = ()
    round: Round = Round()
    ally: Ally | None = None
    gems: int = 0
    food: int = 0
    outcome: str = ""
    title: str = ""
    notes: str = ""

    @cached_property
    def graph(self) -> ZoneGraph:
        """The zone geometry (connections with closed doors marked, portals, barricades)."""
        return ZoneGraph(
            zones=tuple(ZoneShape(z.id, z.name, z.x, z.y, z.w, z.h) for z in self.zones),
            links=tuple(Link(c.a, c.b, c.door == "closed") for c in self.connections),
            portals=tuple((p.a, p.b) for p in self.portals),
            barricades={b.zone: frozenset(b.against) for b in self.barricades},
        )

    def zone(self, zone_id: str) -> Zone:
        return next(z for z in self.zones if z.id == zone_id)

    def zone_name(self, zone_id: str) -> str:
        return self.zone(zone_id).name

    def hero(self, name: str) -> Hero:
        return next(h for h in self.heroes if h.name == name)

    def enemy(self, name: str) -> Enemy:
        return next(e for e in self.enemies if e.name == name)

    def find_hero(self, name: str) -> Hero | None:
        return next((h for h in self.heroes if h.name.lower() == name.lower()), None)

    def find_enemy(self, name: str) -> Enemy | None:
        return next((e for e in self.enemies if e.name.lower() == name.lower()), None)

    def find_zone(self, word: str) -> Zone | None:
        """The zone whose id or name is ``word`` (case-insensitive)."""
        low = word.lower()
        return next((z for z in self.zones if z.id.lower() == low or z.name.lower() == low),
                    None)

    def enemies_in(self, zone_id: str) -> tuple[Enemy, ...]:
        return tuple(e for e in self.enemies if e.zone == zone_id)

    def tokens_in(self, zone_id: str, kind: str | None = None) -> tuple[Token, ...]:
        return tuple(t for t in self.tokens if t.zone == zone_id and kind in (None, t.kind))

    def guard_of(self, thing: str) -> Enemy | None:
        """The enemy guarding the token, door, portal or enemy named ``thing``, if any."""
        if not thing:
            return None
        return next((e for e in self.enemies if e.guarding == thing), None)

    def with_hero(self, hero: Hero) -> FateforgeState:
        return replace(self, heroes=tuple(hero if h.name == hero.name else h
                                          for h in self.heroes))

    def with_enemy(self, enemy: Enemy) -> FateforgeState:
        return replace(self, enemies=tuple(enemy if e.name == enemy.name else e
                                           for e in self.enemies))
