"""Kingdom map state: tiles, paths, tokens, the Kingdom track, the District Wheel, the decks,
the Deep Fog traversal and the prompts waiting for the players, as frozen values.

Rulebook: *Kingdom Setup*, *Kingdom Track*, *Districts and the District Wheel*, *Kingdom Tile
Anatomy*, *Hindering Tokens*, *Exploration Card Effect Types*, *The Deep Fog*.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

from tabletop.numbers import parse_int
from tabletop.spatial.tile_map import SIDES, Rect

SIZES = ("small", "medium", "large", "extra large")
FOOTPRINTS = {"small": (1, 1), "medium": (2, 1), "large": (2, 2), "extra large": (3, 2)}
"""Default footprint ``(w, h)`` in map cells per tile size (a layout may give its own)."""
STATUSES = ("box", "face-down", "revealed", "explored")
"""``box``: not on the table yet; ``face-down``: placed, Unexplored; ``revealed``: face up with
a Generic token, still Unexplored; ``explored``: the party has travelled onto it."""
ON_TABLE = ("face-down", "revealed", "explored")
UNEXPLORED = ("face-down", "revealed")
PATH_KINDS = ("tile", "deep-fog", "shortcut")
PANZERGATES = ("single", "triple")
HINDERING = ("single-panzergate", "triple-panzergate", "deep-fog", "flood", "rubble")
CLUE_TYPES = ("martial", "errant", "historic", "mystic")
TRACKS = ("threat", "curse", "time")
PHASES = ("travel", "exploration", "story", "deep-fog", "over")
HAZARDS = ("", "half-cup", "discard-top")
EFFECT_KINDS = ("instant", "district", "active")
PROMPT_KINDS = ("clue", "hunt-end", "spawn", "poi", "encounter", "district-slot",
                "fog-discard", "minor-penalty", "clash", "fog-card", "mortis")
DECKS = ("deep-fog", "exploration")


@dataclass(frozen=True)
class Path:
    """A path on a tile's front: the ``side`` and ``offset`` it leaves from, its ``kind``, the
    tile id it leads to (``to``, empty for a Deep Fog path) and the front's Panzergate symbol
    on it (``""``, ``single`` or ``triple``)."""

    side: str
    offset: int = 0
    kind: str = "tile"
    to: str = ""
    panzergate: str = ""


POI_NUMBERS = (-99, 99)
"""The numbers a tile's Point of Interest may carry."""
POI_MODIFIERS = (-9, 9)
"""The PoI modifiers an Exploration card may show."""


def poi_number(text: str) -> int | None:
    """The Point of Interest number ``text`` spells exactly (``"4"``, ``"-2"``; ASCII
    digits within :data:`POI_NUMBERS`), or ``None``."""
    number = parse_int(text, *POI_NUMBERS)
    return number if number is not None and text == str(number) else None


@dataclass(frozen=True)
class Tile:
    """One Kingdom tile.  Back: ``time``, ``threat``, ``clues``, ``intensity``; front:
    ``cipher`` (Exploration Cipher half), ``poi`` (a Point of Interest name or number),
    ``paths``.  ``at`` is the north-west cell on the table (``None`` in the box)."""

    id: str
    name: str
    size: str
    district: str
    status: str = "box"
    at: tuple[int, int] | None = None
    footprint: tuple[int, int] = (1, 1)
    time: int = 1
    threat: int = 0
    clues: int = 0
    intensity: int = 1
    cipher: str = ""
    poi: str = ""
    paths: tuple[Path, ...] = ()

    @property
    def poi_number(self) -> int | None:
        """The number of a numbered Point of Interest (``None`` for a named one or none);
        rulebook *Kingdom Tile Anatomy*: "If a Point of Interest symbol is accompanied by a
        number, flip the top Exploration card and add its PoI modifier"."""
        return poi_number(self.poi)

    @cached_property
    def rect(self) -> Rect | None:
        """The footprint on the table, or ``None`` while the tile is in the box (kept: laying
        a map of 1,000 tiles asks for footprints millions of times)."""
        return None if self.at is None else Rect(self.at[0], self.at[1], *self.footprint)

    @property
    def on_table(self) -> bool:
        return self.status in ON_TABLE

    @property
    def label(self) -> str:
        """How messages name a tile: ``"7 Ashen Gate"`` once face up; a tile in the box or
        face down only by its number (``"face-down tile 7"``), so no log line or refusal
        names what the players have not turned over."""
        if self.status in ("box", "face-down"):
            return f"face-down tile {self.id}" if self.status == "face-down" else \
                f"tile {self.id}"
        return f"{self.id} {self.name}".strip()


@dataclass(frozen=True)
class Hindering:
    """A Hindering token on the path of ``tile`` at ``side``/``offset``."""

    kind: str
    tile: str
    side: str
    offset: int = 0


@dataclass(frozen=True)
class MonsterToken:
    """An Encounter Monster token on the map."""

    monster: str
    tile: str


@dataclass(frozen=True)
class District:
    """A district of the Kingdom Sheet, clockwise order on the District Wheel, with the
    Encounter Monster token that stands in it on the wheel (``""`` for none)."""

    name: str
    symbol: str = ""
    monster: str = ""


@dataclass(frozen=True)
class Track:
    """The Kingdom track: Threat, Curse and Time with their maximums, and the Hunt Spaces of
    the Threat track as ``(space, tiles moved)`` pairs."""

    threat: int = 0
    curse: int = 0
    time: int = 0
    threat_max: int = 4
    curse_max: int = 9
    time_max: int = 16
    hunt_spaces: tuple[tuple[int, int], ...] = ()
    curse_paragraph: str = ""

    def value(self, name: str) -> int:
        return getattr(self, name)

    def maximum(self, name: str) -> int:
        return getattr(self, f"{name}_max")

    def hunt_tiles(self, space: int) -> int:
        """Tiles each Monster token moves when Threat lands on ``space`` (0: no Hunt Space)."""
        return sum(tiles for at, tiles in self.hunt_spaces if at == space)


@dataclass(frozen=True)
class FogCard:
    """A Deep Fog card: name, Deep Fog Value, Hazard Effect and Grave Penalty text."""

    name: str
    value: int
    hazard: str = ""
    grave: str = ""


@dataclass(frozen=True)
class ExplorationCard:
    """A listed Exploration card: its name, effect type (``EFFECT_KINDS``), whether it is a
    Special card, the Clue types on the four sides of its back (north, east, south, west;
    empty when not given) and its PoI modifier (``None`` when not given)."""

    name: str
    kind: str = "instant"
    special: bool = False
    back: tuple[str, ...] = ()
    poi: int | None = None

    def clue(self, direction: str) -> str:
        """The Clue type on the side of the back toward ``direction`` (``""`` unknown)."""
        return self.back[SIDES.index(direction)] if self.back and direction in SIDES else ""


@dataclass(frozen=True)
class Knight:
    """A Knight of the party, for Clue collecting (rulebook *Clue Tokens and Clue Cards*,
    *Collecting Clues*): the Clue types they collect (the Primary and Secondary Clue of their
    Clue card, or their Quest objective's) and the Clue tokens they hold, per ``CLUE_TYPES``."""

    name: str
    collects: tuple[str, ...]
    clues: tuple[int, int, int, int] = (0, 0, 0, 0)


@dataclass(frozen=True)
class PlacedFog:
    """A Deep Fog card laid on the traversal grid at ``(x, y)``, face up or flipped down."""

    card: FogCard
    x: int
    y: int
    face_up: bool = True


@dataclass(frozen=True)
class Fog:
    """A Deep Fog traversal in progress (*Traversing the Fog*): the Target tile and the tile
    with the reminder token, the cards laid, the current path (positions, in order, the Party
    marker on the last), its heading, course corrections made and the Cup tokens held."""

    target: str
    origin: str
    cards: tuple[PlacedFog, ...]
    path: tuple[tuple[int, int], ...]
    heading: str = "east"
    corrections: int = 0
    half_cup: bool = False
    full_cups: int = 0

    def at(self, x: int, y: int) -> PlacedFog | None:
        return next((c for c in self.cards if (c.x, c.y) == (x, y)), None)

    @property
    def path_cards(self) -> tuple[PlacedFog, ...]:
        return tuple(c for p in self.path for c in self.cards if (c.x, c.y) == p)


@dataclass(frozen=True)
class Prompt:
    """A question the players must answer before play goes on: ``kind`` (one of
    ``PROMPT_KINDS``), what it is about (``subject``), the allowed answers (``options``; empty
    means any whole number) and the words shown to the players."""

    kind: str
    subject: str
    options: tuple[str, ...]
    text: str


@dataclass(frozen=True)
class Delve:
    """Where the Delve stands: phase and step bookkeeping (see ``PHASES``)."""

    phase: str = "travel"
    second: bool = False
    quest: bool = False
    shortcuts: bool = False
    exhibition_clash: bool = False
    full_clash: bool = False
    threat_seven: bool = False
    curse_nine: bool = False
    drawn: int = 0
    result: str = ""


@dataclass(frozen=True)
class KingdomState:
    """The whole Kingdom table.  ``party`` is the Party marker's tile (during a Deep Fog
    traversal, the tile with the reminder token).  Each deck is its listed cards on top, in
    draw order (``exploration_cards``, ``fog_deck``), over a count of unlisted cards the
    players describe as they are drawn (``exploration``, ``fog_unlisted``)."""

    tiles: tuple[Tile, ...]
    party: str
    districts: tuple[District, ...]
    track: Track = field(default_factory=Track)
    delve: Delve = field(default_factory=Delve)
    monsters: tuple[MonsterToken, ...] = ()
    hindering: tuple[Hindering, ...] = ()
    exploration: int = 20
    exploration_cards: tuple[ExplorationCard, ...] = ()
    active: str = ""
    district_effects: tuple[tuple[str, str], ...] = ()
    fog_deck: tuple[FogCard, ...] = ()
    fog_unlisted: int = 0
    fog_discard: int = 0
    fog: Fog | None = None
    clues: tuple[int, int, int, int] = (0, 0, 0, 0)
    knights: tuple[Knight, ...] = ()
    pending: tuple[Prompt, ...] = ()
    kingdom: str = ""
    title: str = ""
    notes: str = ""
    public: bool = False
    """Set on the public view (``view = "public"`` in a layout): unknown tile fronts and
    deck cards, so the table cannot be played on."""

    def tile(self, tile_id: str) -> Tile:
        """The tile with id ``tile_id`` (the first, in table order); ``KeyError`` if none."""
        return self._tiles_by_id[tile_id]

    def has_tile(self, tile_id: str) -> bool:
        return tile_id in self._tiles_by_id

    @cached_property
    def _tiles_by_id(self) -> dict[str, Tile]:
        """Each tile by its id, the first of an id in table order: the map's paths name
        tiles by id, and a map of 1,000 tiles looks them up millions of times."""
        found: dict[str, Tile] = {}
        for tile in self.tiles:
            found.setdefault(tile.id, tile)
        return found

    def with_tile(self, tile: Tile) -> KingdomState:
        return replace(self, tiles=tuple(tile if t.id == tile.id else t for t in self.tiles))

    def district(self, name: str) -> District | None:
        return next((d for d in self.districts if d.name == name), None)

    def district_monster(self) -> str:
        """The Encounter Monster of the party's district, as per the District Wheel; ``""``
        when that district holds no token."""
        tile = self.tile(self.party)
        district = self.district(tile.district)
        return district.monster if district else ""

    def monster_at(self, tile_id: str) -> tuple[MonsterToken, ...]:
        return tuple(m for m in self.monsters if m.tile == tile_id)

    @property
    def over(self) -> bool:
        return self.delve.phase == "over"

    @property
    def exploration_left(self) -> int:
        """Cards in the Exploration deck: the listed ones on top and the unlisted below."""
        return len(self.exploration_cards) + self.exploration

    @property
    def fog_left(self) -> int:
        """Cards in the Deep Fog deck: the listed ones on top and the unlisted below."""
        return len(self.fog_deck) + self.fog_unlisted

    @property
    def exploration_top(self) -> ExplorationCard | None:
        """The top Exploration card when it is listed, else ``None`` (unknown or none)."""
        return self.exploration_cards[0] if self.exploration_cards else None
