"""The actions of a Delve, as frozen values with a readable ``str`` (for the log and errors).

Rulebook: *Delve Round Steps*, *Travel Step*, *Exploration Step*, *Story Step*, *Traversing the
Fog*.  Effects the players read off cards (Threat gained, a Rotation, a Monster spawned) are
reported with the effect actions at the end.
"""

from __future__ import annotations

from typing import ClassVar

from tabletop.frozen import Frozen
from tabletop.games.choices import Choice


class Travel(Frozen):
    """Travel step: travel through a path of the party's tile onto an Unexplored tile."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("tile", "which Unexplored tile to travel onto"),
    )

    tile: str

    def __str__(self) -> str:
        return f"travel to tile {self.tile}"


class Backtrack(Frozen):
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


class EnterFog(Frozen):
    """Travel step: Enter the Deep Fog aiming for the Unexplored tile ``tile``."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("tile", "which Unexplored tile to aim for"),
    )

    tile: str

    def __str__(self) -> str:
        return f"enter the Deep Fog toward tile {self.tile}"


class Answer(Frozen):
    """The players' answer to the first waiting prompt."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("value", "the answer to the prompt"),
    )

    value: str

    def __str__(self) -> str:
        return f"answer {self.value!r}"


class DrawExploration(Frozen):
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


class EndStep(Frozen):
    """Finish the Exploration step or the Story step."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    def __str__(self) -> str:
        return "end the step"


class StayCourse(Frozen):
    """Deep Fog: Stay the Course."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    def __str__(self) -> str:
        return "stay the course"


class Withdraw(Frozen):
    """Deep Fog: Withdraw."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    def __str__(self) -> str:
        return "withdraw from the Deep Fog"


class CourseCorrect(Frozen):
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


class AdjustTrack(Frozen):
    """An effect: gain (``delta`` > 0) or lose Threat, Curse or Time."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    track: str
    delta: int

    def __str__(self) -> str:
        verb = "gain" if self.delta >= 0 else "lose"
        return f"{verb} {abs(self.delta)} {self.track.capitalize()}"


class Rotate(Frozen):
    """An effect: Rotation X of the District Wheel (clockwise)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    steps: int

    def __str__(self) -> str:
        return f"Rotation {self.steps}"


class SpawnMonster(Frozen):
    """An effect: spawn the Encounter Monster token of ``monster`` on tile ``tile``."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    monster: str
    tile: str

    def __str__(self) -> str:
        return f"spawn {self.monster} on tile {self.tile}"


class RemoveMonster(Frozen):
    """An effect: take ``monster``'s token off the map."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    monster: str

    def __str__(self) -> str:
        return f"remove {self.monster}'s token from the map"


class RevealTile(Frozen):
    """An effect: reveal an Unexplored face-down tile (it gets a Generic token)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("tile", "which face-down tile to reveal"),
    )

    tile: str

    def __str__(self) -> str:
        return f"reveal tile {self.tile}"


class PlaceHindering(Frozen):
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


class RemoveHindering(Frozen):
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


class GrantShortcuts(Frozen):
    """A game element grants (or stops granting) the use of Shortcuts."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    granted: bool = True

    def __str__(self) -> str:
        return "Shortcuts granted" if self.granted else "Shortcuts no longer granted"


class ClearEffect(Frozen):
    """Discard the card in the Active effect space (``slot = "active"``) or a district's."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("slot", "which effect card to discard"),
    )

    slot: str

    def __str__(self) -> str:
        return f"discard the {self.slot} effect card"


class Shuffle(Frozen):
    """The players shuffle a deck (``deep-fog`` or ``exploration``): its order is no longer
    known, so every listed card becomes an unlisted one, described when drawn."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    deck: str

    def __str__(self) -> str:
        return f"shuffle the {self.deck} deck"


class ReportLoss(Frozen):
    """The players report a loss the map cannot see (all Knights dead, a story condition)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    reason: str

    def __str__(self) -> str:
        return f"the Expedition is lost: {self.reason}"


EFFECTS = (AdjustTrack, Rotate, SpawnMonster, RemoveMonster, RevealTile, PlaceHindering,
           RemoveHindering, GrantShortcuts, ClearEffect, Shuffle)
