"""Kingdoms Forlorn cards as data: Monster Sheets, AI cards (with Signatures and Routines),
BP cards and Knight Gear (rulebook *Monster Sheet*, *Resolving Activations*, *Determine BP
Card*, *Gear Attributes*).  The format is ``docs/clash-cards.md``.

:func:`load_card_file` reads one TOML card file; every malformed value is a
:class:`~tabletop.errors.LayoutError` naming the file, the line, the card and the field.
:func:`card_file_path` says where a layout's ``card_files`` entry may be read from: the
layout's own folder or the program's data folder, nowhere else.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tabletop import resources
from tabletop.errors import LayoutError
from tabletop.games.clash import effects as fx
from tabletop.games.clash.actions import MOVEMENT_TYPES, Weapon
from tabletop.games.clash.monster_kinds import ACTIVATION_KINDS, MONSTER_TYPES
from tabletop.games.clash.monster_kinds import POWER_TIERS as TIERS
from tabletop.games.layoutfile import Source, Table, named_label, parse_toml, read_text
from tabletop.games.safefiles import FileProblem, resolve_named
from tabletop.spatial.grid import Space

DATA = Path(str(resources.data_file(""))).resolve()
"""The program's data folder (installed with the package), which holds the example card
files."""
MAX_CARD_FILE = 1_000_000
"""A card file larger than this (bytes) is refused before it is parsed."""
ATTACK_TYPES = ("melee", "range", "zone", "wave")
RESPONSES = ("ultrainstinct", "instinct", "wound", "fail")
CARD_KINDS = ("ai", "signature", "routine")
GEAR_KINDS = ("weapon", "armor", "support")


@dataclass(frozen=True)
class Level:
    """One Monster Level box (rulebook *Monster-Level Specific Attributes and Traits*)."""

    level: int
    to_hit: int
    wounds: int
    exhibition_wounds: int = 0
    activations: tuple[str, ...] = ("ai",)
    at_bonus: int = 0
    vigor_loss_bonus: int = 0
    evasion_bonus: int = 0
    escalations: int = 0
    traits: tuple[str, ...] = ()


@dataclass(frozen=True)
class MonsterSheet:
    """A Monster Sheet: ``kind`` ``boss`` or ``mob``, the diagram's ``size``, Basic Abilities
    (words), the Signature and Routine card names, the Level boxes; a Mob's ``spawn`` rule
    (``immediate`` or ``none``) and ``spawn_at`` (the space a spawned Mob is placed on)."""

    name: str
    kind: str
    size: int
    levels: tuple[Level, ...]
    signature: str = ""
    routine: str = ""
    unavoidable_knockback: int = 0
    basic_abilities: tuple[str, ...] = ()
    spawn: str = "none"
    spawn_at: str = ""
    example: bool = False

    def level(self, number: int) -> Level:
        """The Level box ``number`` (the highest box not above it)."""
        boxes = [box for box in self.levels if box.level <= number] or [self.levels[0]]
        return max(boxes, key=lambda box: box.level)


@dataclass(frozen=True)
class AttackCard:
    """An AI card, a Signature or a Routine (they share a shape: rulebook *Signature and
    Routine*: "It behaves like an AI card").  ``vigor_loss`` is per hit; ``movement`` one of
    the Monster Movement Types or ``""``; ``attack`` and ``reach`` the Attack type and its X."""

    name: str
    monster: str
    kind: str
    level: int
    targeting: tuple[str, ...]
    evasion_dice: int = 0
    difficulty: int = 0
    vigor_loss: int = 0
    movement: str = ""
    move_limit: int | None = None
    attack: str = "melee"
    reach: int = 1
    effects: tuple[fx.Effect, ...] = ()
    after_attack: tuple[fx.Effect, ...] = ()
    copies: int = 1

    @property
    def attacks(self) -> bool:
        """Whether the card makes an attack with an Evasion Roll (a Routine may not)."""
        return self.evasion_dice > 0


@dataclass(frozen=True)
class Response:
    """A BP card Response: ``when`` is ``ultrainstinct``, ``instinct``, ``wound`` or
    ``fail``."""

    when: str
    effects: tuple[fx.Effect, ...]


@dataclass(frozen=True)
class Threshold:
    """Overcome X+ or Overpower X+ (rulebook *Overcome and Overpower*)."""

    x: int
    effects: tuple[fx.Effect, ...]


@dataclass(frozen=True)
class BPCard:
    """A BP card: a body part of a Boss, or one Mob (rulebook *Determine BP Card*)."""

    name: str
    monster: str
    level: int
    at: int
    responses: tuple[Response, ...] = ()
    critical: tuple[fx.Effect, ...] = ()
    overcome: Threshold | None = None
    overpower: Threshold | None = None
    copies: int = 1


@dataclass(frozen=True)
class Gear:
    """A Knight's Gear card (rulebook *Gear Attributes*, *Defensive Gear Stats*):
    ``weapon_power`` the Power dice each hit adds (tiers), ``bonus_power`` dice and
    ``bonus_raw_power`` points added with at least one hit, ``reach`` the effective range;
    ``abilities`` are words for the players."""

    name: str
    kind: str
    attack_dice: int = 0
    precision: int = 0
    weapon_power: tuple[str, ...] = ()
    bonus_power: tuple[str, ...] = ()
    bonus_raw_power: int = 0
    reach: Weapon = Weapon()
    evasion_bonus: int = 0
    evasion_rerolls: int = 0
    armor_dice: tuple[str, ...] = ()
    power_rerolls: int = 0
    abilities: tuple[str, ...] = ()

    @property
    def defensive(self) -> bool:
        """Whether the card has defensive stats (rulebook *Defensive Weapons*)."""
        return bool(self.evasion_bonus or self.evasion_rerolls or self.armor_dice)


@dataclass(frozen=True)
class Library:
    """Every card loaded for a Clash, by name; ``files`` the card files read."""

    sheets: tuple[MonsterSheet, ...] = ()
    attacks: tuple[AttackCard, ...] = ()
    bps: tuple[BPCard, ...] = ()
    gear: tuple[Gear, ...] = ()
    files: tuple[str, ...] = ()

    def sheet(self, name: str) -> MonsterSheet | None:
        return next((s for s in self.sheets if s.name == name), None)

    def attack_card(self, name: str) -> AttackCard | None:
        return next((c for c in self.attacks if c.name == name), None)

    def bp(self, name: str) -> BPCard | None:
        return next((c for c in self.bps if c.name == name), None)

    def gear_card(self, name: str) -> Gear | None:
        return next((g for g in self.gear if g.name == name), None)

    def merged(self, other: Library) -> Library:
        """Both libraries together; a name used twice is refused."""
        for mine, theirs, what in ((self.sheets, other.sheets, "Monster Sheet"),
                                   (self.attacks, other.attacks, "AI card"),
                                   (self.bps, other.bps, "BP card"),
                                   (self.gear, other.gear, "Gear card")):
            clash = {c.name for c in mine} & {c.name for c in theirs}
            if clash:
                raise LayoutError(f"the {what} {sorted(clash)[0]!r} is defined twice",
                                  source=other.files[0] if other.files else "<cards>")
        return Library(self.sheets + other.sheets, self.attacks + other.attacks,
                       self.bps + other.bps, self.gear + other.gear, self.files + other.files)


def card_file_path(name: str, folder: str | Path | None, layout: str = "<layout>") -> Path:
    """Where the ``card_files`` entry ``name`` of the layout ``layout`` is read from: a file
    inside ``folder``, the layout's own folder, else one in the program's data folder.
    Absolute paths, ``..`` and links leading out of both folders are refused (a layout comes
    from strangers; :func:`~tabletop.games.safefiles.resolve_named`).  A layout with no folder
    (inside a picture, or given as text) may name the program's card files only."""
    shown = name if name.isprintable() and len(name) <= 80 else repr(name[:80])
    for base in ([folder] if folder is not None else []) + [DATA]:
        try:
            path = resolve_named(base, name)
        except FileProblem:
            continue
        if path.is_file():
            return path
    raise LayoutError(f"card_files: {shown!r} is neither a file in the layout's folder nor "
                      f"among the program's card files ({', '.join(shipped_card_files())})",
                      source=layout)


def shipped_card_files() -> list[str]:
    """The card files in the program's data folder."""
    return sorted(p.name for p in DATA.glob("clash-*.toml"))


def load_card_file(path: str | Path) -> Library:
    """The cards in the TOML card file ``path`` (format: ``docs/clash-cards.md``)."""
    size = Path(path).stat().st_size if Path(path).is_file() else 0
    if size > MAX_CARD_FILE:
        raise LayoutError(f"is {size} bytes; a card file holds at most {MAX_CARD_FILE}",
                          source=str(path))
    text = read_text(path)
    return cards_from_text(text, str(path))


def cards_from_text(text: str, name: str) -> Library:
    """The cards in the card-file ``text`` (``name`` is used in messages)."""
    source = Source(name, text)
    top = Table(parse_toml(text, name), source, ())
    example = top.get("example", bool, False)
    top.get("title", str, "")
    sheets = tuple(_sheet(t, example) for t in top.tables("monster_sheets",
                                                          named_label("Monster Sheet")))
    attacks = tuple(_attack(t) for t in top.tables("ai_cards", named_label("AI card")))
    bps = tuple(_bp(t) for t in top.tables("bp_cards", named_label("BP card")))
    gear = tuple(_gear(t) for t in top.tables("gear", named_label("Gear card")))
    top.done()
    library = Library(files=(name,))
    for part in (Library(sheets=sheets, files=(name,)), Library(attacks=attacks, files=(name,)),
                 Library(bps=bps, files=(name,)), Library(gear=gear, files=(name,))):
        library = Library(library.sheets + part.sheets, library.attacks + part.attacks,
                          library.bps + part.bps, library.gear + part.gear, library.files)
        _unique(library, name)
    return library


def _unique(library: Library, name: str) -> None:
    for cards, what in ((library.sheets, "Monster Sheet"), (library.attacks, "AI card"),
                        (library.bps, "BP card"), (library.gear, "Gear card")):
        seen: set[str] = set()
        for card in cards:
            if card.name in seen:
                raise LayoutError(f"the {what} {card.name!r} is defined twice", source=name)
            seen.add(card.name)


def _between(low: int, high: int):
    return lambda v: None if low <= v <= high else f"must be {low} to {high}"


def _name(value: str) -> str | None:
    if not value.strip() or len(value) > 60 or not value.isprintable():
        return "must be 1 to 60 printable characters"
    if value.startswith("?"):
        return "must not start with \"?\" (a public view writes a face-down card so)"
    return None


def _effects(table: Table, key: str) -> tuple[fx.Effect, ...]:
    texts = table.str_list(key)
    for text in texts:
        if len(text) > fx.MAX_EFFECT_LENGTH:
            raise table.error(key, f"an effect is at most {fx.MAX_EFFECT_LENGTH} characters")
    return fx.parse_all(texts)


def _tiers(table: Table, key: str) -> tuple[str, ...]:
    dice = tuple(d.lower() for d in table.str_list(key))
    for die in dice:
        if die not in TIERS:
            raise table.error(key, f"{die!r} is not a Power die tier ({', '.join(TIERS)})")
    if len(dice) > 20:
        raise table.error(key, "at most 20 dice")
    return dice


def _level(table: Table) -> Level:
    activations = tuple(a.lower() for a in table.str_list("activations", ("ai",)))
    for token in activations:
        if token not in ACTIVATION_KINDS:
            raise table.error("activations", f"{token!r} is not an Activation token "
                                             f"({', '.join(ACTIVATION_KINDS)})")
    if not 1 <= len(activations) <= 10:
        raise table.error("activations", "a Level has 1 to 10 Activation tokens")
    level = Level(level=table.req("level", int, check=_between(1, 9)),
                  to_hit=table.req("to_hit", int, check=_between(1, 20)),
                  wounds=table.req("wounds", int, check=_between(1, 50)),
                  exhibition_wounds=table.get("exhibition_wounds", int, 0,
                                              check=_between(0, 50)),
                  activations=activations,
                  at_bonus=table.get("at_bonus", int, 0, check=_between(0, 20)),
                  vigor_loss_bonus=table.get("vigor_loss_bonus", int, 0, check=_between(0, 20)),
                  evasion_bonus=table.get("evasion_bonus", int, 0, check=_between(0, 20)),
                  escalations=table.get("escalations", int, 0, check=_between(0, 20)),
                  traits=table.str_list("traits"))
    table.done()
    return level


def _sheet(table: Table, example: bool) -> MonsterSheet:
    levels = tuple(_level(t) for t in table.tables("levels", lambda i, _d: f"level box #{i + 1}"))
    if not levels:
        raise table.error("levels", "a Monster Sheet needs at least one Level box")
    spawn_at = table.get("spawn_at", str, "")
    sheet = MonsterSheet(name=table.req("name", str, check=_name),
                         kind=table.choice("type", MONSTER_TYPES),
                         size=table.req("size", int, check=_between(1, 3)),
                         levels=levels,
                         signature=table.get("signature", str, ""),
                         routine=table.get("routine", str, ""),
                         unavoidable_knockback=table.get("unavoidable_knockback", int, 0,
                                                         check=_between(0, 20)),
                         basic_abilities=table.str_list("basic_abilities"),
                         spawn=table.choice("spawn", ("none", "immediate"), "none"),
                         spawn_at=spawn_at, example=example)
    if spawn_at:
        try:
            Space.parse(spawn_at)
        except ValueError as exc:
            raise table.error("spawn_at", str(exc)) from None
    table.done()
    return sheet


def _attack(table: Table) -> AttackCard:
    kind = table.choice("kind", CARD_KINDS, "ai")
    movement = table.get("movement", str, "").lower()
    if movement and movement not in MOVEMENT_TYPES:
        raise table.error("movement", f"{movement!r} is not a Monster Movement Type "
                                      f"({', '.join(MOVEMENT_TYPES)})")
    targeting = table.str_list("targeting")
    if not targeting:
        raise table.error(None, "is missing the key 'targeting' (its targeting lines)")
    card = AttackCard(name=table.req("name", str, check=_name),
                      monster=table.req("monster", str, check=_name),
                      kind=kind,
                      level=(table.req("level", int, check=_between(0, 3)) if kind == "ai"
                             else table.get("level", int, 0, check=_between(0, 3))),
                      targeting=targeting,
                      evasion_dice=table.get("evasion_dice", int, 0, check=_between(0, 10)),
                      difficulty=table.get("difficulty", int, 0, check=_between(0, 20)),
                      vigor_loss=table.get("vigor_loss", int, 0, check=_between(0, 20)),
                      movement=movement,
                      move_limit=table.get("move_limit", int, None, check=_between(0, 20)),
                      attack=table.choice("attack", ATTACK_TYPES, "melee"),
                      reach=table.get("reach", int, 1, check=_between(1, 20)),
                      effects=_effects(table, "effects"),
                      after_attack=_effects(table, "after_attack"),
                      copies=table.get("copies", int, 1, check=_between(1, 10)))
    if card.evasion_dice and not card.difficulty:
        raise table.error("difficulty", "an attack with Evasion dice needs its Evasion Roll "
                                        "difficulty")
    table.done()
    return card


def _threshold(table: Table, key: str) -> Threshold | None:
    sub = table.sub(key, required=False)
    if sub is None:
        return None
    out = Threshold(sub.req("x", int, check=_between(0, 50)), _effects(sub, "effects"))
    sub.done()
    return out


def _bp(table: Table) -> BPCard:
    responses = []
    for sub in table.tables("responses", lambda i, _d: f"response #{i + 1}"):
        responses.append(Response(sub.choice("when", RESPONSES), _effects(sub, "effects")))
        sub.done()
    card = BPCard(name=table.req("name", str, check=_name),
                  monster=table.req("monster", str, check=_name),
                  level=table.req("level", int, check=_between(1, 3)),
                  at=table.req("at", int, check=_between(0, 50)),
                  responses=tuple(responses),
                  critical=_effects(table, "critical"),
                  overcome=_threshold(table, "overcome"),
                  overpower=_threshold(table, "overpower"),
                  copies=table.get("copies", int, 1, check=_between(1, 10)))
    table.done()
    return card


def _gear(table: Table) -> Gear:
    text = table.get("range", str, "melee")
    try:
        reach = Weapon.parse(text)
    except ValueError as exc:
        raise table.error("range", str(exc)) from None
    gear = Gear(name=table.req("name", str, check=_name),
                kind=table.choice("kind", GEAR_KINDS),
                attack_dice=table.get("attack_dice", int, 0, check=_between(0, 10)),
                precision=table.get("precision", int, 0, check=_between(-5, 10)),
                weapon_power=_tiers(table, "weapon_power"),
                bonus_power=_tiers(table, "bonus_power"),
                bonus_raw_power=table.get("bonus_raw_power", int, 0, check=_between(0, 20)),
                reach=reach,
                evasion_bonus=table.get("evasion_bonus", int, 0, check=_between(0, 10)),
                evasion_rerolls=table.get("evasion_rerolls", int, 0, check=_between(0, 10)),
                armor_dice=_tiers(table, "armor_dice"),
                power_rerolls=table.get("power_rerolls", int, 0, check=_between(0, 10)),
                abilities=table.str_list("abilities"))
    if gear.kind == "weapon" and not gear.attack_dice:
        raise table.error("attack_dice", "a weapon rolls at least one Attack die")
    table.done()
    return gear


def load_many(names: tuple[str, ...], folder: str | Path | None, layout: str) -> Library:
    """The cards of every file ``names`` of the layout ``layout`` whose own folder is
    ``folder`` (:func:`card_file_path`)."""
    library = Library()
    for name in names:
        library = library.merged(load_card_file(card_file_path(name, folder, layout)))
    return Library(library.sheets, library.attacks, library.bps, library.gear, names)
