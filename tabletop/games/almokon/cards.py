"""Almokon card definitions: what a card *is* (its printed face), read from card data files.

The rulebook prints no cards, so the program ships a set of example cards made for it
(``tabletop/data/almokon-cards.toml``); users add their own files (layout key
``card_files``) or inline ``[[card_defs]]`` tables.  A card in a game is named by a *uid*:
its definition id, or ``id#n`` for further copies (``iron-sentinel#2``).

Keywords (rulebook *Keywords*; the table in :mod:`tabletop.games.almokon.keywords`) are
written ``"Guardian"`` or ``"Frenzy 2"``.  The rulebook
names Forge, Guardian, Imbue, Inexhaustible, Kinship, Reflex, SALVO, Truce and Veto; the
keywords it gives only by their effect carry names chosen by this program: Frenzy X (announce
for +X Wrath), Scout X (look at the top X, keep one), Crew (attach to a friendly Vessel),
Growth X (Growth counters each turn), Harvest (Growth into AP), Loyal (no Foreigner use),
Command (exhaust a friend to activate), Onslaught (extra attack after a kill), Charge (enters
ready, may attack at once), Foresee X (reorder the top X), Seek (search the deck) and Unique
(one in play per player).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path

from tabletop.errors import LayoutError
from tabletop.games.almokon.keywords import ABILITY_KEYWORDS, CARD_KEYWORDS
from tabletop.games.layoutfile import Source, Table, parse_toml
from tabletop.games.safefiles import LAYOUT_MAX_BYTES, FileProblem, read_named
from tabletop.numbers import parse_int, shorten
from tabletop.spatial.zones import OPEN_SEA, REALM, WILDERNESS

TYPES = ("monarch", "capitol", "character", "unit", "improvement", "terrain", "cult", "event",
         "item")
FACTIONS = ("conquest", "community", "creed", "trade", "diplomacy", "neutral")
UNIT_KINDS = ("land", "vessel", "sea-beast")
MAX_KEYWORD_NUMBER = 99
"""The largest number a card keyword takes (Frenzy 99)."""
EFFECTS = ("damage", "salvo", "heal", "ready", "gain-ap", "draw", "bounty", "scout",
           "foresee", "seek", "forge", "harvest", "cancel")
# effects whose number is required (>= 1)
_COUNTED = ("damage", "salvo", "heal", "gain-ap", "draw", "bounty", "scout", "foresee")
TARGET_ZONES = ("", REALM, WILDERNESS, OPEN_SEA, "outland")
DECK_RULES = ("", "main-and-neutral-only", "six-unaligned")
ATTACKERS = ("monarch", "character", "unit")
# rulebook Bounty Value table: the two values it fixes
LEADER_BOUNTY = {"monarch": 12, "capitol": 10}
DEFENDERS = ("monarch", "capitol", "character", "unit", "improvement", "cult")


@dataclass(frozen=True)
class Effect:
    """What an Event, an ability or an entry trigger does (``kind`` from ``EFFECTS``).

    ``amount`` is its number (damage, cards, AP …), ``card`` the definition id Forge and Seek
    look for, ``zone`` limits a ``damage`` target to a zone (``outland`` = either Outland zone,
    ``""`` = any zone).
    """

    kind: str
    amount: int = 0
    card: str = ""
    zone: str = ""

    def __str__(self) -> str:
        words = {
            "damage": f"deal {self.amount} damage to an enemy card"
                      + (f" in the {self.zone.replace('-', ' ')}" if self.zone else ""),
            "salvo": f"SALVO {self.amount}: {self.amount} damage to any enemy card in any zone",
            "heal": f"remove {self.amount} damage from a friendly card",
            "ready": "ready an exhausted friendly card",
            "gain-ap": f"gain {self.amount} AP",
            "draw": f"draw {self.amount} card{'s' if self.amount != 1 else ''}",
            "bounty": f"gain {self.amount} Bounty",
            "scout": f"Scout {self.amount}: look at the top {self.amount}, keep one",
            "foresee": f"Foresee {self.amount}: reorder the top {self.amount}",
            "seek": f"Seek {self.card}: search the deck for it",
            "forge": f"Forge {self.card}: put it into play in the Outland",
            "harvest": "Harvest: gain AP per Growth counter, then dispose of this card",
            "cancel": "Veto: cancel the enemy action",
        }
        return words[self.kind]


@dataclass(frozen=True)
class Aura:
    """A passive effect (rulebook: Cults' "realm-wide effects", Terrain's "passive effects",
    Improvements' "ongoing effects"): while the card is in play, the owner's other cards in
    play of ``type`` (any when ``""``) and with ``subtype`` (any when ``""``) get ``wrath``
    more Wrath."""

    wrath: int
    type: str = ""
    subtype: str = ""

    def applies(self, definition: CardDef) -> bool:
        return ((not self.type or definition.type == self.type)
                and (not self.subtype or self.subtype in definition.subtypes))

    def __str__(self) -> str:
        who = " ".join(w for w in (self.subtype, (self.type + "s") if self.type else "") if w)
        return f"your other {who or 'cards'} get +{self.wrath} Wrath"


@dataclass(frozen=True)
class Ability:
    """An activated ability (rulebook *Actions: Activate an Ability*): pay ``cost`` AP on a
    ready card; ``exhaust`` says whether it exhausts the card; ``keywords`` may hold Reflex,
    Veto and Command."""

    name: str
    cost: int
    effect: Effect
    exhaust: bool = True
    keywords: tuple[str, ...] = ()

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    def __str__(self) -> str:
        marks = "".join(f"{k.capitalize()}, " for k in self.keywords)
        ex = "exhaust, " if self.exhaust else ""
        return f"{self.name} ({marks}{ex}{self.cost} AP): {self.effect}"


@dataclass(frozen=True)
class CardDef:
    """A printed card.  Items' ``wrath``/``vigor`` are the bonuses they give; Crew units give
    theirs to the Vessel they are attached to."""

    id: str
    name: str
    type: str
    faction: str
    cost: int = 0
    wrath: int = 0
    vigor: int = 0
    bounty: int = 0
    liquidate: int = 0
    unit: str = ""
    subtypes: tuple[str, ...] = ()
    keywords: tuple[tuple[str, int], ...] = ()
    abilities: tuple[Ability, ...] = ()
    play: Effect | None = None
    enter: Effect | None = None
    attaches_to: tuple[str, ...] = ()
    deck_rule: str = ""
    text: str = ""
    aura: Aura | None = None

    def has(self, keyword: str) -> bool:
        return any(name == keyword for name, _ in self.keywords)

    def value(self, keyword: str) -> int:
        """The number of a numbered keyword (``Frenzy 2`` -> 2), 0 when absent."""
        return next((v for name, v in self.keywords if name == keyword), 0)

    def keyword_text(self) -> list[str]:
        return [f"{n.capitalize()} {v}" if CARD_KEYWORDS[n] else n.capitalize()
                for n, v in self.keywords]

    @property
    def is_vessel(self) -> bool:
        return self.type == "unit" and self.unit == "vessel"


@dataclass(frozen=True)
class Catalog:
    """Every card definition a game knows: the shipped examples plus ``custom`` ones."""

    custom: tuple[CardDef, ...] = ()
    _index: dict[str, CardDef] = field(default_factory=dict, compare=False, repr=False,
                                       hash=False)

    def __post_init__(self) -> None:
        index = dict(shipped_index())
        for card in self.custom:
            index[card.id] = card
        object.__setattr__(self, "_index", index)

    def get(self, card_id: str) -> CardDef | None:
        return self._index.get(card_id)

    def __getitem__(self, card_id: str) -> CardDef:
        return self._index[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._index

    def ids(self) -> tuple[str, ...]:
        return tuple(self._index)


def base_id(uid: str) -> str:
    """The definition id of a card uid: ``iron-sentinel#2`` -> ``iron-sentinel``."""
    return uid.split("#", 1)[0]


def _check_id(value: str) -> str | None:
    if not value or any(c.isspace() or c == "#" for c in value):
        return "must be a card id without spaces or '#'"
    return None


def _non_negative(value: int) -> str | None:
    return None if value >= 0 else "must be 0 or more"


def parse_keyword(text: str) -> tuple[str, int]:
    """``"Frenzy 2"`` -> ``("frenzy", 2)``, ``"Guardian"`` -> ``("guardian", 0)``;
    ``ValueError`` for an unknown keyword or a missing/stray number."""
    words = text.split()
    if not words:
        raise ValueError("an empty keyword")
    name = words[0].lower()
    if name not in CARD_KEYWORDS:
        raise ValueError(f"{words[0]!r} is not a card keyword "
                         f"(one of {', '.join(k.capitalize() for k in CARD_KEYWORDS)})")
    if CARD_KEYWORDS[name]:
        number = parse_int(words[1], 1, MAX_KEYWORD_NUMBER) if len(words) == 2 else None
        if number is None:
            raise ValueError(f"{words[0]} needs a number from 1 to {MAX_KEYWORD_NUMBER} "
                             f"({words[0]} 2)")
        return name, number
    if len(words) != 1:
        raise ValueError(f"{words[0]} takes no number")
    return name, 0


def _effect(table: Table, *, finish: bool = True) -> Effect:
    kind = table.choice("effect", EFFECTS)
    amount = table.get("amount", int, 0, check=_non_negative)
    if kind in _COUNTED and amount < 1:
        raise table.error("amount", f"the {kind} effect needs an amount of 1 or more")
    card = table.get("card", str, "")
    if kind in ("seek", "forge") and not card:
        raise table.error(None, f"is missing the key 'card' (the card {kind} looks for)")
    zone = table.choice("zone", TARGET_ZONES, "") if kind == "damage" else ""
    if finish:
        table.done()
    return Effect(kind, amount, card, zone)


def _effect_key(table: Table, key: str) -> Effect | None:
    sub = table.sub(key, required=False)
    return _effect(sub) if sub is not None else None


def card_from_table(table: Table) -> CardDef:
    """One ``[[card]]`` table as a :class:`CardDef`; raises ``LayoutError`` naming the key."""
    card_id = table.req("id", str, check=_check_id)
    name = table.req("name", str)
    kind = table.choice("type", TYPES)
    faction = table.choice("faction", FACTIONS, "neutral")
    unit = table.choice("unit", UNIT_KINDS) if kind == "unit" else ""
    subtypes = table.str_list("subtypes")
    numbers = {key: table.get(key, int, 0, check=_non_negative)
               for key in ("cost", "wrath", "vigor", "bounty", "liquidate")}
    if kind in DEFENDERS and numbers["vigor"] < 1:
        raise table.error("vigor", f"a {kind} needs a Vigor of 1 or more")
    if kind in LEADER_BOUNTY and numbers["bounty"] != LEADER_BOUNTY[kind]:
        raise table.error("bounty", f"a {kind}'s Bounty is {LEADER_BOUNTY[kind]} (rulebook "
                                    f"Bounty Value table)")
    if kind == "terrain" and faction != "neutral":
        raise table.error("faction", "Terrain cards are Neutral: they belong to no faction")
    if kind == "cult" and faction == "neutral":
        raise table.error("faction", "Cults are faction-aligned cards: give the faction")
    keywords = []
    for text in table.str_list("keywords"):
        try:
            keywords.append(parse_keyword(text))
        except ValueError as exc:
            raise table.error("keywords", str(exc)) from None
    abilities = []
    for sub in table.tables("abilities", lambda i, d: f"ability {d.get('name', i + 1)!r}"):
        ab_name = sub.req("name", str)
        cost = sub.get("cost", int, 0, check=_non_negative)
        exhaust = sub.get("exhaust", bool, True)
        ab_keys = tuple(k.lower() for k in sub.str_list("keywords"))
        for k in ab_keys:
            if k not in ABILITY_KEYWORDS:
                raise sub.error("keywords", f"{k!r} is not an ability keyword "
                                            f"(one of {', '.join(ABILITY_KEYWORDS)})")
        effect = _effect(sub, finish=False)
        if (effect.kind == "cancel") != ("veto" in ab_keys):
            raise sub.error("effect", "only a Veto ability may cancel an action, and a Veto "
                                      "ability cancels (effect = \"cancel\")")
        if effect.kind == "salvo" and not exhaust:
            raise sub.error("exhaust", "SALVO is used by exhausting the card (\"Exhaust this "
                                       "card to deal X damage\")")
        sub.done()
        abilities.append(Ability(ab_name, cost, effect, exhaust, ab_keys))
    play = _effect_key(table, "play")
    enter = _effect_key(table, "enter")
    veto = any(k == "veto" for k, _ in keywords)
    if kind == "event" and play is None and not veto:
        raise table.error(None, "is an Event without a play effect")
    if play is not None and play.kind == "cancel" and not veto:
        raise table.error("play", "only a Veto card may cancel an action")
    if veto:
        # rulebook *Veto*: "The Veto cancels the target enemy action" -- whatever the card
        if play is not None and play.kind != "cancel":
            raise table.error("play", "a Veto card's effect when played is to cancel the "
                                      "enemy action; it has no other play effect")
        if kind == "item":
            raise table.error("keywords", "an Item is attached when played, so it cannot be "
                                          "a Veto card")
        play = Effect("cancel")
    attaches = table.str_list("attaches_to")
    for t in attaches:
        if t not in ATTACKERS + ("capitol", "improvement", "cult"):
            raise table.error("attaches_to", f"{t!r} is not a card type an Item can go on")
    if kind == "item" and not attaches:
        raise table.error(None, "is an Item without attaches_to (the types it may go on)")
    crew = any(k == "crew" for k, _ in keywords)
    if crew and not (kind == "unit"):
        raise table.error("keywords", "only a Unit may have Crew")
    if any(k == "charge" for k, _ in keywords) and kind != "unit":
        # Charge: "This Unit enters the Outland ready rather than exhausted"
        raise table.error("keywords", "only a Unit may have Charge (it enters the Outland "
                                      "ready)")
    deck_rule = table.choice("deck_rule", DECK_RULES, "")
    if deck_rule and (kind not in LEADER_BOUNTY or faction != "diplomacy"):
        # rulebook: "Bicara Township (Diplomacy)", "Rahasa (Diplomacy)"
        raise table.error("deck_rule", "the deck-building exceptions belong to Diplomacy "
                                       "Monarchs and Capitols (Bicara Township, Rahasa)")
    aura = None
    aura_t = table.sub("aura", required=False)
    if aura_t is not None:
        aura = Aura(aura_t.req("wrath", int, check=lambda v: None if v >= 1
                               else "must be 1 or more"),
                    aura_t.choice("type", ("",) + TYPES, ""), aura_t.get("subtype", str, ""))
        aura_t.done()
    text = table.get("text", str, "")
    table.done()
    return CardDef(card_id, name, kind, faction, numbers["cost"], numbers["wrath"],
                   numbers["vigor"], numbers["bounty"], numbers["liquidate"], unit,
                   subtypes, tuple(keywords), tuple(abilities), play, enter,
                   attaches, deck_rule, text, aura)


def cards_from_data(data: dict, source: Source, key: str = "card") -> tuple[CardDef, ...]:
    """The ``[[key]]`` tables of a parsed card file or layout as definitions."""
    top = Table(data, source, ())
    out = []
    for table in top.tables(key, lambda i, d: f"card {shorten(str(d.get('id', i + 1)))!r}"):
        out.append(card_from_table(table))
    seen: set[str] = set()
    for index, card in enumerate(out):
        if card.id in seen:
            raise source.error((key, index, "id"), f"card {card.id!r} is defined twice")
        seen.add(card.id)
    return tuple(out)


MAX_CARD_FILES = 16
"""The most card data files one layout may name."""


def load_named_card_file(folder: str | Path | None, name: str,
                         layout: str) -> tuple[CardDef, ...]:
    """The definitions in the card data file ``name`` that the layout ``layout`` names
    (top-level ``[[card]]`` tables; an optional ``set`` names the set).  Only a regular file
    inside ``folder``, the layout's own folder, is read (see
    :func:`~tabletop.games.safefiles.resolve_named`); the error for any other name says
    nothing about what lies outside."""
    shown = name if name.isprintable() and len(name) <= 80 else repr(name[:80])
    try:
        data = read_named(folder, name, LAYOUT_MAX_BYTES)
    except FileProblem as problem:
        raise LayoutError(f"card_files: {shown!r}: {problem}", source=layout) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise LayoutError(f"card_files: {shown!r} is not UTF-8 text", source=layout) from None
    where = f"{layout}: card file {shown}"
    parsed = parse_toml(text, where)
    source = Source(where, text)
    top = Table(parsed, source, ())
    top.get("set", str)
    top.get("card", list)
    top.done()
    return cards_from_data(parsed, source)


@cache
def shipped_cards() -> tuple[CardDef, ...]:
    """The example cards shipped with the program (``tabletop/data/almokon-cards.toml``)."""
    ref = resources.files("tabletop") / "data" / "almokon-cards.toml"
    text = ref.read_text(encoding="utf-8")
    name = "almokon-cards.toml"
    data = parse_toml(text, name)
    return cards_from_data(data, Source(name, text))


@cache
def shipped_index() -> dict[str, CardDef]:
    return {card.id: card for card in shipped_cards()}


def forge_problems(catalog: Catalog) -> list[str]:
    """Forge effects of ``catalog``'s cards that could not work (rulebook *Forge*: "put it
    into play in the Outland"): the card sought must be known and of a type that stands in
    the Outland (Character, Monarch or Unit).  Returns the problems in words."""
    out = []
    for card_id in catalog.ids():
        definition = catalog[card_id]
        effects = [definition.play, definition.enter, *(a.effect for a in definition.abilities)]
        for effect in effects:
            if effect is None or effect.kind != "forge":
                continue
            sought = catalog.get(effect.card)
            if sought is None:
                out.append(f"card {card_id!r}: Forge names {effect.card!r}, which is not a "
                           f"known card id")
            elif sought.type not in ATTACKERS:
                article = "an" if sought.type[0] in "aeiou" else "a"
                out.append(f"card {card_id!r}: Forge puts a card into play in the Outland, "
                           f"where {article} {sought.type} ({sought.name}) never stands")
    return out


def merge_custom(cards: tuple[CardDef, ...], where: str) -> tuple[CardDef, ...]:
    """``cards`` checked not to redefine a shipped card or each other differently."""
    out: dict[str, CardDef] = {}
    for card in cards:
        shipped = shipped_index().get(card.id)
        if shipped is not None and shipped != card:
            raise LayoutError(f"card {card.id!r} is already a shipped example card; "
                              f"give your card another id", source=where)
        if shipped is not None:
            continue
        if card.id in out and out[card.id] != card:
            raise LayoutError(f"card {card.id!r} is defined twice, differently", source=where)
        out[card.id] = card
    return tuple(out.values())
