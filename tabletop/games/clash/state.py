"""Clash Board state: the board, Knights, Monsters and Terrain tiles as frozen values.

Rulebook: *Basic Clash Terms* (spaces, miniatures, Terrain tiles).  Footprints and facings
follow ``clash-geometry.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING

from tabletop.frozen import Frozen
from tabletop.spatial.facing import turn_offset
from tabletop.spatial.grid import Board, Space, square

if TYPE_CHECKING:
    from tabletop.games.clash.encounter import Encounter

FACINGS = ("north", "east", "south", "west")
TERRAIN_KEYWORDS = ("obstacle", "obscuring", "chasm", "difficult", "destructible",
                    "indestructible", "boundless")
"""The Terrain keywords of the rulebook's *Keyword List* ("Terrain keyword." entries)."""

BLOCKS_MOVEMENT = frozenset({"obstacle", "chasm", "boundless"})
"""Keywords whose spaces a Knight or mob may not voluntarily enter (``clash-geometry.md``)."""

KNOCKDOWN = ("", "falling", "standing")
"""A Knight's Knockdown card: none, the "falling down" side, the "standing up" side
(rulebook *Keyword List: Knockdown*)."""

KNIGHT_ABILITIES = ("braced", "stalwart", "jump", "advanced jump", "rocksteady", "lifeline",
                    "acrobatics", "bypass", "advanced bypass", "superior bypass")
"""Knight keywords the rules core applies during movement (rulebook *Keyword List*)."""

MONSTER_TRAITS = ("lumbering", "braced", "bypass", "ignore difficult terrain", "always there",
                  "vantage points", "advanced bypass", "superior bypass")
"""Monster Basic Abilities and keywords the rules core applies (rulebook *Basic Abilities*)."""

PHASES = ("monster", "knight")
"""The two Rounds of the Clash Sequence."""

MOB_TRACK_SPACES = 10
"""The Mob track's spaces (rulebook *Mob Track*: "spaces numbered 1 to 10, left to right")."""
ACTIVATION_ORDERS = ("sheet", "ai first")
"""How a Boss's Activation tokens are ordered: the Monster Sheet's order, or AI first when the
Sheet gives none (rulebook *Resolving Activations*, Boss Clash)."""

PASSION_LIMIT = 9
HEAT_LIMIT = 9
VIGOR_LIMIT = 15


@dataclass(frozen=True)
class Knight:
    """A Knight on one space; ``vantage`` names the Monster whose Vantage Point it is on;
    ``gear`` the names of its Gear cards and ``power_die`` the tier of its Knight Power Die
    (rulebook *Portrait Cards*), used when the Clash is played from cards."""

    name: str
    at: Space
    speed: int = 4
    vantage: str | None = None
    vigor: int = 10
    heat: int = 0
    passion: int = 0
    heat_refresh: int = 1
    knockdown: str = ""
    abilities: tuple[str, ...] = ()
    gear: tuple[str, ...] = ()
    power_die: str = "red"

    def has(self, ability: str) -> bool:
        return ability in self.abilities

    @property
    def spaces(self) -> tuple[Space, ...]:
        return (self.at,)


class Activation(Frozen):
    """One Activation token: ``kind`` is ``ai`` or ``signature``; ``spent`` is the side up
    (rulebook *Start of Monster Round*, *Resolving Activations*).  A frozen dataclass made
    when a board first holds one (:class:`~tabletop.frozen.Frozen`)."""

    kind: str
    spent: bool = False

    def __str__(self) -> str:
        return f"{'AI' if self.kind == 'ai' else 'Signature'} token"


@dataclass(frozen=True)
class Monster:
    """A Monster: ``at`` is the north-west space of its ``size`` x ``size`` footprint.

    ``vantage_points`` are its Vantage Points as offsets ``(dx, dy)`` into the footprint in the
    north-facing frame (turned with the Monster like blindspots); ``locked_vantage_points`` are
    those not yet created (rulebook *Vantage Points*, "Creating VPs").  ``activations`` are
    the Activation tokens on its Monster Sheet (a Boss, in the Sheet's order) or on its BP
    card on the Mob track (a Mob; a card may hold several) (rulebook *Resolving
    Activations*).  ``activation_order`` says how a Boss's tokens are ordered: ``"sheet"``,
    the Monster Sheet's order as ``activations`` lists them; ``"ai first"`` when the Sheet
    gives none ("When in doubt ... always resolve any AI Activations first")."""

    name: str
    kind: str  # "boss" | "mob"
    at: Space
    size: int = 1
    facing: str = "south"
    blindspots: tuple[tuple[int, int], ...] = ()
    unavoidable_knockback: int = 0
    speed: int | None = None
    traits: tuple[str, ...] = ()
    vantage_points: tuple[tuple[int, int], ...] = ()
    locked_vantage_points: tuple[tuple[int, int], ...] = ()
    activations: tuple[Activation, ...] = ()
    activation_order: str = "sheet"

    def has(self, trait: str) -> bool:
        return trait in self.traits

    def vantage_space(self, offset: tuple[int, int]) -> Space:
        """The board space of the north-frame Vantage Point ``offset`` at the current facing."""
        dx, dy = turn_offset(*offset, self.size, self.facing)
        return self.at.step(dx, dy)

    def vantage_offset(self, space: Space) -> tuple[int, int] | None:
        """The north-frame offset of footprint ``space`` (``None`` off the footprint)."""
        for dy in range(self.size):
            for dx in range(self.size):
                if self.vantage_space((dx, dy)) == space:
                    return dx, dy
        return None

    @property
    def boss(self) -> bool:
        return self.kind == "boss"

    @property
    def spaces(self) -> tuple[Space, ...]:
        return square(self.at, self.size)


@dataclass(frozen=True)
class Terrain:
    """A Terrain tile over ``spaces`` (reading order) with its keywords (lower case)."""

    name: str
    spaces: tuple[Space, ...]
    keywords: tuple[str, ...] = ()

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords


Piece = Knight | Monster


def _reseat(knight: Knight, old: Monster, new: Monster) -> Knight:
    """``knight``, on a Vantage Point of ``old``, on the same place of the Monster ``new``."""
    offset = old.vantage_offset(knight.at)
    if offset is None or not all(v < new.size for v in offset):
        return replace(knight, at=knight.at.step(new.at.col - old.at.col,
                                                 new.at.row - old.at.row))
    return replace(knight, at=new.vantage_space(offset))


@dataclass(frozen=True)
class Turn:
    """Where the Clash Sequence stands (rulebook *Clash Sequence*, *Knight Turns*).

    ``phase`` is the current Round; in the Knight Round ``active`` is the Knight taking its turn
    (``None`` between turns) and ``done`` the Knights that have taken theirs; ``moved`` and
    ``attacked`` say whether the active Knight has spent its Movement and Combat Action, and
    ``fell`` whether it was knocked down during this very turn (its card then flips only at the
    end of its next turn).  ``priority`` holds the Priority Target token, ``last_wounder`` the
    Last Knight to Wound, ``divine`` the Divine Target token.
    """

    round: int = 1
    phase: str = "knight"
    active: str | None = None
    done: tuple[str, ...] = ()
    moved: bool = False
    attacked: bool = False
    fell: bool = False
    priority: str | None = None
    last_wounder: str | None = None
    divine: str | None = None


class Running(Frozen):
    """A card sequence under way (a Monster Activation or a Knight Attack from cards):
    ``begin`` the action that started it (``ActivateFromCards`` or ``AttackFromCards``),
    ``answers`` the players' answers so far (``Choose``, ``DeclareRerolls``, ``Throw``), in
    order.  With the board before it began they rebuild it exactly: its draws and rolls follow
    from the Clash's seed (:mod:`tabletop.games.clash.running`).  A frozen dataclass made when
    a sequence first begins (:class:`~tabletop.frozen.Frozen`)."""

    begin: object
    answers: tuple[object, ...] = ()


@dataclass(frozen=True)
class ClashState:
    """A whole Clash Board position.  Immutable: change it with :func:`dataclasses.replace`."""

    board: Board
    knights: tuple[Knight, ...] = ()
    monsters: tuple[Monster, ...] = ()
    terrain: tuple[Terrain, ...] = ()
    title: str = ""
    notes: str = ""
    turn: Turn = Turn()
    boundless_edges: tuple[str, ...] = ()
    """Board Edges that are Boundless (rulebook *Keyword List: Boundless*): a Knight forced
    beyond one dies."""
    mob_track: tuple[str, ...] = ()
    """The Mob track's numbered spaces 1, 2, … left to right (rulebook *Mob Track*: "spaces
    numbered 1 to 10"): each the name of the Mob whose BP card lies there, or ``""`` for an
    empty space.  Mobs not listed take the leftmost empty spaces (:attr:`mob_spaces`)."""
    cards: Encounter | None = None
    """The Clash's cards in play (decks, Wound Stack, Level) when the layout names its card
    files; ``None`` for a positions-only board (``docs/clash-cards.md``)."""
    sequence: Running | None = None
    """The card sequence under way (``docs/clash-sequences.md``), or ``None``: while it runs,
    the rest of the state is the board before it began."""

    @cached_property
    def mob_spaces(self) -> tuple[str, ...]:
        """The Mob track space by space (space 1 first): a Mob's name, or ``""`` for an empty
        space, without empty spaces at the right end.  A Mob ``mob_track`` does not list takes
        the leftmost empty space, in board order ("place a new BP card ... on this track, on
        the leftmost empty space", rulebook *Mob Track*)."""
        mobs = [m.name for m in self.monsters if not m.boss]
        spaces = [name if name in mobs else "" for name in self.mob_track]
        for name in mobs:
            if name not in spaces:
                if "" in spaces:
                    spaces[spaces.index("")] = name
                else:
                    spaces.append(name)
        while spaces and not spaces[-1]:
            spaces.pop()
        return tuple(spaces)

    @cached_property
    def pieces(self) -> dict[str, Piece]:
        """Knights and Monsters by name."""
        return {p.name: p for p in (*self.knights, *self.monsters)}

    @cached_property
    def occupant(self) -> dict[Space, Piece]:
        """The piece on each occupied space (a Knight on a Vantage Point is not counted)."""
        out: dict[Space, Piece] = {}
        for piece in (*self.monsters, *self.knights):
            if isinstance(piece, Knight) and piece.vantage:
                continue
            for space in piece.spaces:
                out[space] = piece
        return out

    @cached_property
    def terrain_at(self) -> dict[Space, tuple[Terrain, ...]]:
        """The Terrain tiles on each space that has any."""
        out: dict[Space, list[Terrain]] = {}
        for tile in self.terrain:
            for space in tile.spaces:
                out.setdefault(space, []).append(tile)
        return {space: tuple(tiles) for space, tiles in out.items()}

    def keyword_spaces(self, keyword: str) -> frozenset[Space]:
        """Every space covered by a Terrain tile with ``keyword``."""
        return frozenset(s for t in self.terrain if t.has(keyword) for s in t.spaces)

    def with_piece(self, piece: Piece) -> ClashState:
        """This state with the piece of the same name replaced by ``piece``.  A Monster that
        moves or turns carries the Knights on its Vantage Points: each keeps its place on the
        Monster's body (the same north-frame offset)."""
        if isinstance(piece, Knight):
            knights = tuple(piece if k.name == piece.name else k for k in self.knights)
            return replace(self, knights=knights)
        old = self.monster(piece.name)
        monsters = tuple(piece if m.name == piece.name else m for m in self.monsters)
        knights = self.knights
        if old is not None and (old.at, old.facing, old.size) != (piece.at, piece.facing,
                                                                  piece.size):
            knights = tuple(_reseat(k, old, piece) if k.vantage == piece.name else k
                            for k in knights)
        return replace(self, monsters=monsters, knights=knights)

    def without(self, name: str) -> ClashState:
        """This state without the Knight, Monster or Terrain tile called ``name``.  A Mob's
        BP card leaves its Mob track space empty: the other cards keep their numbered spaces
        (rulebook *Mob Track*)."""
        track = self.mob_track
        if any(m.name == name and not m.boss for m in self.monsters):
            track = tuple("" if n == name else n for n in self.mob_spaces)
            track = track[:max((i + 1 for i, n in enumerate(track) if n), default=0)]
        return replace(self, knights=tuple(k for k in self.knights if k.name != name),
                       monsters=tuple(m for m in self.monsters if m.name != name),
                       mob_track=track,
                       terrain=tuple(t for t in self.terrain if t.name != name))

    def knight(self, name: str) -> Knight | None:
        """The Knight called ``name``, or ``None``."""
        return next((k for k in self.knights if k.name == name), None)

    def monster(self, name: str) -> Monster | None:
        """The Monster called ``name``, or ``None``."""
        return next((m for m in self.monsters if m.name == name), None)

    def tile(self, name: str) -> Terrain | None:
        """The Terrain tile called ``name``, or ``None``."""
        return next((t for t in self.terrain if t.name == name), None)
