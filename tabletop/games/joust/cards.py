"""King's Champion card and track data: Knight cards (both sides), Enhancement Cards (Squire
and Equipment sides), Ability Cards (Standard and Advanced), the Status card's Knight Promotion
tracks, the Political tracks with their Perks, the Buildings with their locations, the
Households' starting pieces and the Bravery Token bag.

The rulebook prints none of the card texts, tracks or icons, so the program ships example data
(``tabletop/data/joust-cards.toml``, marked as examples); a user's own file of the same shape
replaces it (layout key ``card_file``).  Every field is checked on load, and an error names the
file, the line and the field.

A Perk, a location's action or an Ability effect is written ``KIND``, ``KIND:ARG`` or
``KIND:ARG:N`` (:func:`parse_perk`); the kinds are :data:`PERK_KINDS` and :data:`EFFECT_KINDS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from tabletop import resources
from tabletop.dice.kings_champion import ATTACK_COLOURS
from tabletop.games.joust.state import (
    CODES,
    EQUIPMENT_TYPES,
    FAVORS,
    MAX_SLOTS,
    CrownTrack,
    Enhancement,
)
from tabletop.games.layoutfile import Source, Table, named_label, parse_toml, read_text
from tabletop.games.shippeddata import parse_shipped
from tabletop.numbers import parse_int

SHIPPED = "joust-cards.toml"

PERK_KINDS = {
    "morale": "gain N Morale",
    "worker": "gain N workers",
    "hand-limit": "raise the Ability Card hand limit by N",
    "draw-standard": "draw N Standard Ability Cards",
    "draw-advanced": "draw N Advanced Ability Cards",
    "draw-enhancement": "draw N Enhancement Cards",
    "draw-token": "draw N Bravery Tokens from the bag",
    "place-token": "place a Bravery Token on any Knight (of COLOUR, else a held one)",
    "place-enhancement": "place an Enhancement Card on a Knight now",
    "keep-enhancement": "keep an Enhancement Card into the next round",
    "gain-die": "add a die of COLOUR (or any colour) to the Dice Pool",
    "advance": "advance the Influence marker N spaces on TRACK (or any track)",
}
"""Perks, Building location actions and Political track rewards (rulebook, *Knightly Icons*,
*Status Card Perks*, *Base Buildings*).  ``N`` defaults to 1."""

EFFECT_KINDS = {
    "before": ("morale", "reputation", "crown", "calm"),
    "during": ("add-die", "reroll", "hits", "block", "pips", "ruse", "calm"),
    "after": ("morale", "reputation", "crown", "rival-morale", "draw-standard"),
}
"""The Ability Card effect vocabulary by timing (*Placing Ability Cards*: "Some of the cards
will affect things before the joust, some will affect things during the joust, and some will
affect things after the joust")."""

EFFECT_WORDS = {
    "morale": "gain N Morale", "reputation": "gain N Reputation", "crown": "gain a King's Crown",
    "calm": "this Knight is Calm (no Panic this round)",
    "add-die": "roll one more die of COLOUR", "reroll": "reroll one die of COLOUR (or any) once",
    "hits": "score N more hits", "block": "block N hits scored by the rival Knight",
    "pips": "add N to the pip count", "ruse": "every die hits on one less",
    "rival-morale": "the rival Household loses N Morale",
    "draw-standard": "draw N Standard Ability Cards",
}
TIMINGS = tuple(EFFECT_KINDS)
CONDITIONS = ("", "hit", "no-hit")
_NEEDS_N = {"morale", "reputation", "hits", "block", "pips", "rival-morale"}
_NO_ARG = {"place-enhancement", "keep-enhancement", "calm", "ruse"}
_COUNTED = {"worker", "hand-limit", "draw-standard", "draw-advanced", "draw-enhancement",
            "draw-token", "crown"}
MAX_N = 20


@dataclass(frozen=True)
class Perk:
    """One reward or effect: ``kind``, its ``arg`` (a colour, ``any``, a track name or
    ``None``) and its amount ``n``."""

    kind: str
    arg: str | None = None
    n: int = 1

    def __str__(self) -> str:
        return ":".join([self.kind, *([self.arg] if self.arg else []),
                         *([str(self.n)] if self.n != 1 or self.kind in _NEEDS_N else [])])

    def words(self) -> str:
        """The Perk in words: ``"gain 5 Morale"``, ``"place a white Bravery Token on any
        Knight"``."""
        k, a, n = self.kind, self.arg, self.n
        if k == "place-token":
            return f"place a {a + ' ' if a else 'held '}Bravery Token on any Knight"
        if k == "gain-die":
            return f"add a {'die of any colour' if a == 'any' else a + ' die'} to the Dice Pool"
        if k == "advance":
            where = "any Political track" if a == "any" else f"the {a} track"
            return f"advance {n} space{'s' if n != 1 else ''} on {where}"
        if k == "add-die":
            return f"roll one more {a} die"
        if k == "reroll":
            return "reroll one die of any colour once" if a == "any" else \
                f"reroll one {a} die once"
        text = (PERK_KINDS.get(k) or EFFECT_WORDS[k]).replace("N ", f"{n} ")
        if n == 1 and (k in _NEEDS_N or k in _COUNTED):
            for many, one in (("Cards", "Card"), ("Tokens", "Token"), ("workers", "worker"),
                              ("hits", "hit")):
                text = text.replace(many, one)
        return text


STATUS_PERKS = {
    "add a die of any color to your dice pool.": Perk("gain-die", "any"),
    "add five morale to your household morale track.": Perk("morale", None, 5),
    "add a bravery token to any knight on the field.": Perk("place-token"),
    "add a die of any color to your dice pool": Perk("gain-die", "any"),
    "add five morale": Perk("morale", None, 5),
    "add a bravery token to any knight on the field": Perk("place-token"),
}
"""The base game's Status Card Perks in the rulebook's own words (*Status Card Perks*; the
example of *Pip Count and King's Crowns*: "the Perk of adding 5 Morale"), read as Perks."""


def parse_perk(text: str, allowed: tuple[str, ...] | set[str] | dict,
               tracks: tuple[str, ...] = ()) -> Perk | str:
    """``text`` as a :class:`Perk`, or the reason it is not one, in words.  ``allowed`` are
    the kinds accepted here; ``tracks`` the Political track names ``advance`` may name.  The
    rulebook's wording of a Status Card Perk (:data:`STATUS_PERKS`) is read as that Perk."""
    if len(text) > 60:
        return "is longer than 60 characters"
    phrase = STATUS_PERKS.get(text.strip().lower())
    if phrase is not None and phrase.kind in allowed:
        return phrase
    parts = text.strip().lower().split(":")
    kind, args = parts[0], parts[1:]
    if kind not in allowed:
        return f"{text!r}: {kind!r} is not one of {', '.join(sorted(allowed))}"
    if kind in _NO_ARG:
        return Perk(kind) if not args else f"{text!r}: {kind} takes nothing after it"
    if kind in _NEEDS_N or kind in _COUNTED:
        if not args and kind in _COUNTED:
            return Perk(kind)
        n = parse_int(args[0], 1, MAX_N) if len(args) == 1 else None
        return Perk(kind, None, n) if n else f"{text!r}: write {kind}:N with N from 1 to {MAX_N}"
    if kind == "place-token":
        if not args:
            return Perk(kind)
        if len(args) == 1 and args[0] in ATTACK_COLOURS:
            return Perk(kind, args[0])
        return f"{text!r}: a Bravery Token is white, green or red"
    if kind in ("gain-die", "reroll", "add-die"):
        choices = ATTACK_COLOURS + (() if kind == "add-die" else ("any",))
        if len(args) == 1 and args[0] in choices:
            return Perk(kind, args[0])
        return f"{text!r}: write {kind}:COLOUR with COLOUR one of {', '.join(choices)}"
    # advance:TRACK|any[:N]
    names = {t.lower(): t for t in tracks}
    if not args or len(args) > 2 or (args[0] not in names and args[0] != "any"):
        return (f"{text!r}: write advance:TRACK:N with TRACK one of "
                f"{', '.join(tracks) or 'the Political tracks'} or any")
    n = parse_int(args[1], 1, MAX_N) if len(args) == 2 else 1
    if n is None:
        return f"{text!r}: the number of spaces is 1 to {MAX_N}"
    return Perk(kind, names.get(args[0], "any"), n)


@dataclass(frozen=True)
class KnightSide:
    """One side of a Knight card (*Anatomy of a Knight*)."""

    slots: int
    crown_boxes: tuple[int, ...]
    favors: tuple[str, ...]
    slot_perks: tuple[Perk | None, ...]


@dataclass(frozen=True)
class KnightCard:
    """A Knight card: ``house`` is the Knight's own Household (a leader fields no two Knights
    from one), ``advanced`` its two Advanced Ability Cards."""

    name: str
    house: str
    code: str
    vanguard: KnightSide
    crusader: KnightSide
    advanced: tuple[str, ...]

    def side(self, name: str) -> KnightSide:
        return self.crusader if name == "crusader" else self.vanguard


@dataclass(frozen=True)
class AbilityCard:
    """An Ability Card: ``kind`` standard or advanced, ``timing`` before/during/after the
    roll, ``condition`` for an after-effect ("hit", "no-hit" or ""), its ``effects``."""

    name: str
    kind: str
    timing: str
    effects: tuple[Perk, ...]
    text: str = ""
    condition: str = ""
    copies: int = 1


@dataclass(frozen=True)
class PoliticalTrack:
    """A Political Card: ``spaces`` after the start, the Influence markers' ``start``, and the
    Perk gained on reaching each space in ``perks`` (``(space, perk)``)."""

    name: str
    spaces: int
    start: int
    perks: tuple[tuple[int, Perk], ...]

    def perks_between(self, before: int, after: int) -> tuple[Perk, ...]:
        """The Perks of the spaces passed or reached going from ``before`` to ``after``."""
        return tuple(p for at, p in self.perks if before < at <= after)


@dataclass(frozen=True)
class Location:
    """A worker location on a Building: its cost in workers and its actions."""

    cost: int
    actions: tuple[Perk, ...]

    def words(self) -> str:
        return "; ".join(p.words() for p in self.actions)


@dataclass(frozen=True)
class Building:
    """A Building of the Worker Phase: its name and its Locations."""

    name: str
    locations: tuple[Location, ...]


@dataclass(frozen=True)
class HouseSetup:
    """A Household's starting pieces: its Dice Pool, its four Bravery Tokens and the Knights
    suggested for it."""

    name: str
    pool: tuple[str, ...]
    tokens: tuple[str, ...]
    knights: tuple[str, ...]


@dataclass(frozen=True)
class Catalog:
    """All the card and track data of one file (``file``: ``""`` for the shipped examples)."""

    file: str
    title: str
    households: tuple[HouseSetup, ...]
    bag: tuple[tuple[str, int], ...]
    promotion: tuple[CrownTrack, ...]
    political: tuple[PoliticalTrack, ...]
    buildings: tuple[Building, ...]
    knights: tuple[KnightCard, ...]
    enhancements: tuple[Enhancement, ...]
    abilities: tuple[AbilityCard, ...]

    def knight(self, name: str) -> KnightCard | None:
        return next((k for k in self.knights if k.name == name), None)

    def ability(self, name: str) -> AbilityCard | None:
        return next((a for a in self.abilities if a.name == name), None)

    def enhancement(self, name: str) -> Enhancement | None:
        return next((e for e in self.enhancements if e.name == name), None)

    def track(self, name: str) -> PoliticalTrack | None:
        return next((t for t in self.political if t.name == name), None)

    def building(self, name: str) -> Building | None:
        return next((b for b in self.buildings if b.name == name), None)

    def standard_deck(self) -> tuple[str, ...]:
        """Every Standard Ability Card, each ``copies`` times, in file order."""
        return tuple(a.name for a in self.abilities if a.kind == "standard"
                     for _ in range(a.copies))

    def starting_workers(self) -> int:
        """*Taking Workers*, Figure 3: five Buildings give 3 workers, each two more one more."""
        return 3 + max(0, len(self.buildings) - 5) // 2


def _name(table: Table, key: str = "name") -> str:
    value = table.req(key, str)
    if not value.strip() or not value.isprintable() or len(value) > 60:
        raise table.error(key, "must be one line of text, 1 to 60 characters")
    return value


def _colours(table: Table, key: str, allowed=ATTACK_COLOURS, required=True) -> tuple[str, ...]:
    values = tuple(v.lower() for v in table.str_list(key))
    if required and not values:
        raise table.error(key, f"must name at least one colour ({', '.join(allowed)})")
    for value in values:
        if value not in allowed:
            raise table.error(key, f"{value!r} is not one of {', '.join(allowed)}")
    return values


def _number(table: Table, key: str, low: int, high: int, default: int | None = None) -> int:
    def check(value: int) -> str | None:
        return None if low <= value <= high else f"must be {low} to {high}"
    if default is None:
        return table.req(key, int, check=check)
    return table.get(key, int, default, check=check)


def _perk(table: Table, key: str, text: str, allowed, tracks: tuple[str, ...]) -> Perk:
    result = parse_perk(text, allowed, tracks)
    if isinstance(result, str):
        raise table.error(key, result)
    return result


def _side(table: Table, tracks: tuple[str, ...]) -> KnightSide:
    slots = _number(table, "bravery_token_slots", 1, MAX_SLOTS)
    boxes = table.req("crown_track", list)
    if len(boxes) != 5 or not all(isinstance(b, int) and not isinstance(b, bool)
                                  and 0 <= b <= 99 for b in boxes):
        raise table.error("crown_track", "must be the five pip-count boxes (0 to 99), such as "
                                         "[5, 8, 11, 14, 17]")
    favors = _colours(table, "favor_actions", FAVORS)
    if len(set(favors)) != len(favors):
        raise table.error("favor_actions", "names a Favor Action twice")
    perks = table.str_list("slot_perks", [""] * slots)
    if len(perks) != slots:
        raise table.error("slot_perks", f"needs one entry per Bravery Token slot ({slots}); "
                                        f"write \"\" for a slot without an icon")
    side = KnightSide(slots, tuple(boxes), favors,
                      tuple(_perk(table, "slot_perks", p, PERK_KINDS, tracks) if p else None
                            for p in perks))
    table.done()
    return side


def _knight(table: Table, tracks: tuple[str, ...]) -> KnightCard:
    name = _name(table)
    advanced = table.str_list("advanced_abilities")
    card = KnightCard(name, _name(table, "house"), table.choice("code", CODES),
                      _side(table.sub("vanguard"), tracks),
                      _side(table.sub("crusader"), tracks), advanced)
    if card.crusader.slots < card.vanguard.slots:
        raise table.error("crusader", "a promoted Knight keeps all of its Bravery Tokens, so "
                                      "the Crusader side has at least the Vanguard's slots")
    table.done()
    return card


def _enhancement(table: Table) -> Enhancement:
    squire = table.sub("squire")
    equipment = table.sub("equipment")
    squire_name = _name(squire)
    title = squire.get("title", str, "")
    reroll = squire.get("squire_reroll", str)
    if reroll is not None and reroll.lower() not in ATTACK_COLOURS:
        raise squire.error("squire_reroll", f"{reroll!r} is not one of "
                                            f"{', '.join(ATTACK_COLOURS)}")
    name = _name(equipment)
    if (name.isascii() and name.isdigit()) or name.strip().lower() == "fealty":
        raise equipment.error("name", "must not be a number or 'fealty' (those name the "
                                      "Bravery Token slots and the Fealty Die)")
    card = Enhancement(name=name, squire_colours=_colours(squire, "free_die"),
                       reroll=reroll.lower() if reroll else None,
                       kind=equipment.choice("type", EQUIPMENT_TYPES),
                       colours=_colours(equipment, "free_bravery_token"),
                       squire_name=f"{title} {squire_name}".strip())
    squire.done()
    equipment.done()
    table.done()
    return card


def _ability(table: Table) -> AbilityCard:
    name = _name(table)
    kind = table.choice("kind", ("standard", "advanced"))
    timing = table.choice("timing", TIMINGS)
    condition = table.choice("condition", CONDITIONS, "")
    if condition and timing != "after":
        raise table.error("condition", "only an after-the-joust card waits on a hit")
    effects = tuple(_perk(table, "effects", e, EFFECT_KINDS[timing], ())
                    for e in table.str_list("effects"))
    if not effects:
        raise table.error("effects", f"needs at least one effect "
                                     f"({', '.join(EFFECT_KINDS[timing])})")
    card = AbilityCard(name, kind, timing, effects, table.get("text", str, ""), condition,
                       _number(table, "copies", 1, 24, 1))
    if kind == "advanced" and card.copies != 1:
        raise table.error("copies", "an Advanced Ability Card is one of a kind")
    table.done()
    return card


def _political(table: Table) -> PoliticalTrack:
    name = _name(table)
    spaces = _number(table, "spaces", 1, 30)
    start = _number(table, "start", 0, spaces - 1, 0)
    perks = []
    for entry in table.tables("perks", lambda i, d: f"perk #{i + 1} of track {name!r}"):
        at = _number(entry, "at", start + 1, spaces)
        perks.append((at, _perk(entry, "perk", entry.req("perk", str), PERK_KINDS, ())))
        entry.done()
    table.done()
    return PoliticalTrack(name, spaces, start, tuple(perks))


def _building(table: Table, tracks: tuple[str, ...]) -> Building:
    name = _name(table)
    locations = []
    for entry in table.tables("locations", lambda i, d: f"location #{i + 1} of {name!r}"):
        actions = tuple(_perk(entry, "actions", a, PERK_KINDS, tracks)
                        for a in entry.str_list("actions"))
        if not actions:
            raise entry.error("actions", "needs at least one action")
        locations.append(Location(_number(entry, "cost", 1, 5), actions))
        entry.done()
    if not locations:
        raise table.error("locations", "a Building has at least one worker location")
    table.done()
    return Building(name, tuple(locations))


def _unique(table: Table, key: str, names: list[str]) -> None:
    seen = set()
    for name in names:
        if name in seen:
            raise table.error(key, f"{name!r} is defined twice")
        seen.add(name)


def catalog_from_data(data: dict, source: Source, file: str = "") -> Catalog:
    """The :class:`Catalog` of a parsed card file; raises :class:`LayoutError` naming the file,
    line and field of the first problem."""
    top = Table(data, source, ())
    title = top.get("set", str, "")
    political = tuple(_political(t) for t in top.tables("political", named_label("track")))
    _unique(top, "political", [t.name for t in political])
    if len(political) != 5:
        raise top.error("political", f"the Field has five Political Cards, not {len(political)}")
    tracks = tuple(t.name for t in political)
    buildings = tuple(_building(t, tracks) for t in top.tables("building",
                                                                named_label("building")))
    _unique(top, "building", [b.name for b in buildings])
    base = {"Academy", "Field House", "Knight's Hall", "Marshall's Office", "Royal Office"}
    missing = base - {b.name for b in buildings}
    if missing:
        raise top.error("building", f"the five base Buildings must always be used; missing "
                                    f"{', '.join(sorted(missing))}")
    knights = tuple(_knight(t, tracks) for t in top.tables("knight", named_label("knight")))
    _unique(top, "knight", [k.name for k in knights])
    enhancements = tuple(_enhancement(t) for t in top.tables("enhancement"))
    _unique(top, "enhancement", [e.name for e in enhancements])
    abilities = tuple(_ability(t) for t in top.tables("ability", named_label("ability")))
    _unique(top, "ability", [a.name for a in abilities])
    status = top.sub("status")
    promotion = []
    for entry in status.tables("promotion", named_label("promotion track")):
        promotion.append(CrownTrack(_name(entry), "promotion", _number(entry, "crowns", 1, 20),
                                    str(_perk(entry, "perk", entry.req("perk", str),
                                              ("morale", "gain-die", "place-token", "worker",
                                               "hand-limit"), tracks))))
        entry.done()
    status.done()
    if not promotion:
        raise top.error("status", "needs at least one Knight Promotion track")
    bag_table = top.sub("bag")
    bag = tuple((c, _number(bag_table, c, 0, 99, 0)) for c in ATTACK_COLOURS)
    bag_table.done()
    households = []
    for entry in top.tables("household", named_label("household")):
        house = HouseSetup(_name(entry), _colours(entry, "dice_pool"),
                           _colours(entry, "bravery_tokens"), entry.str_list("knights"))
        if len(house.tokens) != 4:
            raise entry.error("bravery_tokens", "each leader starts with four Bravery Tokens")
        households.append(house)
        entry.done()
    if len(households) != 2:
        raise top.error("household", "King's Champion is played by two Households")
    top.done()
    catalog = Catalog(file, title, tuple(households), bag, tuple(promotion), political,
                      buildings, knights, enhancements, abilities)
    _check_references(top, catalog)
    return catalog


def _check_references(top: Table, catalog: Catalog) -> None:
    """Names that point at other entries exist: a Knight's Advanced Abilities, a Household's
    Knights (of different Households, *Choosing Knights*), and enough tokens in the bag."""
    for knight in catalog.knights:
        for name in knight.advanced:
            card = catalog.ability(name)
            if card is None or card.kind != "advanced":
                raise top.error("knight", f"{knight.name}'s Advanced Ability {name!r} is not "
                                          f"an advanced [[ability]] in the file")
    taken: set[str] = set()
    for house in catalog.households:
        if len(house.knights) != 3:
            raise top.error("household", f"House {house.name} suggests three Knights")
        origins = set()
        for name in house.knights:
            card = catalog.knight(name)
            if card is None:
                raise top.error("household", f"House {house.name}'s Knight {name!r} is not a "
                                             f"[[knight]] in the file")
            if name in taken or card.house in origins:
                raise top.error("household", f"House {house.name}: Knights come each from a "
                                             f"different Household and serve one leader "
                                             f"({name})")
            taken.add(name)
            origins.add(card.house)
    bag = dict(catalog.bag)
    for colour in ATTACK_COLOURS:
        need = sum(h.tokens.count(colour) for h in catalog.households)
        if bag[colour] < need:
            raise top.error("bag", f"{bag[colour]} {colour} tokens cannot give the "
                                   f"Households their starting {need}")
    if len(catalog.standard_deck()) < 8:
        raise top.error("ability", "the Standard Ability deck needs at least 8 cards")
    if not catalog.enhancements:
        raise top.error("enhancement", "needs at least one Enhancement Card")


def load_card_file(path: str | Path) -> Catalog:
    """The :class:`Catalog` in the card file ``path``."""
    text = read_text(path)
    return catalog_from_data(parse_toml(text, str(path)), Source(str(path), text), str(path))


@cache
def shipped() -> Catalog:
    """The example data shipped with the program (``tabletop/data/joust-cards.toml``), its
    parsed document kept between runs (:func:`~tabletop.games.shippeddata.parse_shipped`)."""
    text = resources.data_file(SHIPPED).read_text(encoding="utf-8")
    return catalog_from_data(parse_shipped(SHIPPED, text), Source(SHIPPED, text))

