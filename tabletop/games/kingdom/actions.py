"""The actions of a Delve, as frozen values with a readable ``str`` (for the log and errors).

Rulebook: *Delve Round Steps*, *Travel Step*, *Exploration Step*, *Story Step*, *Traversing the
Fog*.  Effects the players read off cards (Threat gained, a Rotation, a Monster spawned) are
reported with the effect actions at the end.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tabletop.games.choices import Choice


@dataclass(frozen=True)
class Travel:
    """Travel step: travel through a path of the party's tile onto an Unexplored tile."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("tile", "which Unexplored tile to travel onto"),
    )

    tile: str

    def __str__(self) -> str:
        return f"travel to tile {self.tile}"


@dataclass(frozen=True)
class Backtrack:
    """Travel step: Backtrack onto an explored tile, through the explored tiles ``via``
    (in order; empty: the shortest way)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("tile", "which explored tile to backtrack onto"),
        Choice("via", "which way"),
    )

    tile: str
    via: tuple[str, ...] = ()

    def __str__(self) -> str:
        through = f" via {', '.join(self.via)}" if self.via else ""
        return f"backtrack to tile {self.tile}{through}"


@dataclass(frozen=True)
class EnterFog:
    """Travel step: Enter the Deep Fog aiming for the Unexplored tile ``tile``."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("tile", "which Unexplored tile to aim for"),
    )

    tile: str

    def __str__(self) -> str:
        return f"enter the Deep Fog toward tile {self.tile}"


@dataclass(frozen=True)
class Answer:
    """The players' answer to the first waiting prompt."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("value", "the answer to the prompt"),
    )

    value: str

    def __str__(self) -> str:
        return f"answer {self.value!r}"


@dataclass(frozen=True)
class DrawExploration:
    """Exploration step: draw the top Exploration card; ``kind`` is its effect type
    (``instant``, ``district`` or ``active``), ``name`` what the players call it.  Both may be
    left empty when the top card is listed (the list says); an unlisted card drawn without a
    kind is an Instant one."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    kind: str = ""
    name: str = ""

    def __str__(self) -> str:
        named = f" ({self.name})" if self.name else ""
        return f"draw an Exploration card: {self.kind or 'the top card'}{named}"


@dataclass(frozen=True)
class EndStep:
    """Finish the Exploration step or the Story step."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    def __str__(self) -> str:
        return "end the step"


@dataclass(frozen=True)
class StayCourse:
    """Deep Fog: Stay the Course."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    def __str__(self) -> str:
        return "stay the course"


@dataclass(frozen=True)
class Withdraw:
    """Deep Fog: Withdraw."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    def __str__(self) -> str:
        return "withdraw from the Deep Fog"


@dataclass(frozen=True)
class CourseCorrect:
    """Deep Fog: Course Correct from the path card at ``(x, y)`` toward ``heading``."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("x", "which path card"),
        Choice("y", "which path card"),
        Choice("heading", "which heading"),
    )

    x: int
    y: int
    heading: str

    def __str__(self) -> str:
        return f"course correct from the card at ({self.x}, {self.y}) heading {self.heading}"


@dataclass(frozen=True)
class AdjustTrack:
    """An effect: gain (``delta`` > 0) or lose Threat, Curse or Time."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    track: str
    delta: int

    def __str__(self) -> str:
        verb = "gain" if self.delta >= 0 else "lose"
        return f"{verb} {abs(self.delta)} {self.track.capitalize()}"


@dataclass(frozen=True)
class Rotate:
    """An effect: Rotation X of the District Wheel (clockwise)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    steps: int

    def __str__(self) -> str:
        return f"Rotation {self.steps}"


@dataclass(frozen=True)
class SpawnMonster:
    """An effect: spawn the Encounter Monster token of ``monster`` on tile ``tile``."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    monster: str
    tile: str

    def __str__(self) -> str:
        return f"spawn {self.monster} on tile {self.tile}"


@dataclass(frozen=True)
class RemoveMonster:
    """An effect: take ``monster``'s token off the map."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    monster: str

    def __str__(self) -> str:
        return f"remove {self.monster}'s token from the map"


@dataclass(frozen=True)
class RevealTile:
    """An effect: reveal an Unexplored face-down tile (it gets a Generic token)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("tile", "which face-down tile to reveal"),
    )

    tile: str

    def __str__(self) -> str:
        return f"reveal tile {self.tile}"


@dataclass(frozen=True)
class PlaceHindering:
    """An effect: put a Hindering token on the path of ``tile`` at ``side``/``offset``."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("tile", "which path"),
        Choice("side", "which side"),
        Choice("offset", "which path"),
    )

    kind: str
    tile: str
    side: str
    offset: int = 0

    def __str__(self) -> str:
        return f"place a {self.kind} token on tile {self.tile}'s {self.side} path"


@dataclass(frozen=True)
class RemoveHindering:
    """An effect: remove the Hindering token from that path."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("tile", "which path"),
        Choice("side", "which side"),
        Choice("offset", "which path"),
    )

    tile: str
    side: str
    offset: int = 0

    def __str__(self) -> str:
        return f"remove the Hindering token from tile {self.tile}'s {self.side} path"


@dataclass(frozen=True)
class GrantShortcuts:
    """A game element grants (or stops granting) the use of Shortcuts."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    granted: bool = True

    def __str__(self) -> str:
        return "Shortcuts granted" if self.granted else "Shortcuts no longer granted"


@dataclass(frozen=True)
class ClearEffect:
    """Discard the card in the Active effect space (``slot = "active"``) or a district's."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("slot", "which effect card to discard"),
    )

    slot: str

    def __str__(self) -> str:
        return f"discard the {self.slot} effect card"


@dataclass(frozen=True)
class Shuffle:
    """The players shuffle a deck (``deep-fog`` or ``exploration``): its order is no longer
    known, so every listed card becomes an unlisted one, described when drawn."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    deck: str

    def __str__(self) -> str:
        return f"shuffle the {self.deck} deck"


@dataclass(frozen=True)
class ReportLoss:
    """The players report a loss the map cannot see (all Knights dead, a story condition)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    reason: str

    def __str__(self) -> str:
        return f"the Expedition is lost: {self.reason}"


EFFECTS = (AdjustTrack, Rotate, SpawnMonster, RemoveMonster, RevealTile, PlaceHindering,
           RemoveHindering, GrantShortcuts, ClearEffect, Shuffle)
