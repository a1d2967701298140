"""The actions of a Delve, as frozen values with a readable ``str`` (for the log and errors).

Rulebook: *Delve Round Steps*, *Travel Step*, *Exploration Step*, *Story Step*, *Traversing the
Fog*.  Effects the players read off cards (Threat gained, a Rotation, a Monster spawned) are
reported with the effect actions at the end.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Travel:
    """Travel step: travel through a path of the party's tile onto an Unexplored tile."""

    tile: str

    def __str__(self) -> str:
        return f"travel to tile {self.tile}"


@dataclass(frozen=True)
class Backtrack:
    """Travel step: Backtrack onto an explored tile, through the explored tiles ``via``
    (in order; empty: the shortest way)."""

    tile: str
    via: tuple[str, ...] = ()

    def __str__(self) -> str:
        through = f" via {', '.join(self.via)}" if self.via else ""
        return f"backtrack to tile {self.tile}{through}"


@dataclass(frozen=True)
class EnterFog:
    """Travel step: Enter the Deep Fog aiming for the Unexplored tile ``tile``."""

    tile: str

    def __str__(self) -> str:
        return f"enter the Deep Fog toward tile {self.tile}"


@dataclass(frozen=True)
class Answer:
    """The players' answer to the first waiting prompt."""

    value: str

    def __str__(self) -> str:
        return f"answer {self.value!r}"


@dataclass(frozen=True)
class DrawExploration:
    """Exploration step: draw the top Exploration card; ``kind`` is its effect type
    (``instant``, ``district`` or ``active``), ``name`` what the players call it.  Both may be
    left empty when the top card is listed (the list says); an unlisted card drawn without a
    kind is an Instant one."""

    kind: str = ""
    name: str = ""

    def __str__(self) -> str:
        named = f" ({self.name})" if self.name else ""
        return f"draw an Exploration card: {self.kind or 'the top card'}{named}"


@dataclass(frozen=True)
class EndStep:
    """Finish the Exploration step or the Story step."""

    def __str__(self) -> str:
        return "end the step"


@dataclass(frozen=True)
class StayCourse:
    """Deep Fog: Stay the Course."""

    def __str__(self) -> str:
        return "stay the course"


@dataclass(frozen=True)
class Withdraw:
    """Deep Fog: Withdraw."""

    def __str__(self) -> str:
        return "withdraw from the Deep Fog"


@dataclass(frozen=True)
class CourseCorrect:
    """Deep Fog: Course Correct from the path card at ``(x, y)`` toward ``heading``."""

    x: int
    y: int
    heading: str

    def __str__(self) -> str:
        return f"course correct from the card at ({self.x}, {self.y}) heading {self.heading}"


@dataclass(frozen=True)
class AdjustTrack:
    """An effect: gain (``delta`` > 0) or lose Threat, Curse or Time."""

    track: str
    delta: int

    def __str__(self) -> str:
        verb = "gain" if self.delta >= 0 else "lose"
        return f"{verb} {abs(self.delta)} {self.track.capitalize()}"


@dataclass(frozen=True)
class Rotate:
    """An effect: Rotation X of the District Wheel (clockwise)."""

    steps: int

    def __str__(self) -> str:
        return f"Rotation {self.steps}"


@dataclass(frozen=True)
class SpawnMonster:
    """An effect: spawn the Encounter Monster token of ``monster`` on tile ``tile``."""

    monster: str
    tile: str

    def __str__(self) -> str:
        return f"spawn {self.monster} on tile {self.tile}"


@dataclass(frozen=True)
class RemoveMonster:
    """An effect: take ``monster``'s token off the map."""

    monster: str

    def __str__(self) -> str:
        return f"remove {self.monster}'s token from the map"


@dataclass(frozen=True)
class RevealTile:
    """An effect: reveal an Unexplored face-down tile (it gets a Generic token)."""

    tile: str

    def __str__(self) -> str:
        return f"reveal tile {self.tile}"


@dataclass(frozen=True)
class PlaceHindering:
    """An effect: put a Hindering token on the path of ``tile`` at ``side``/``offset``."""

    kind: str
    tile: str
    side: str
    offset: int = 0

    def __str__(self) -> str:
        return f"place a {self.kind} token on tile {self.tile}'s {self.side} path"


@dataclass(frozen=True)
class RemoveHindering:
    """An effect: remove the Hindering token from that path."""

    tile: str
    side: str
    offset: int = 0

    def __str__(self) -> str:
        return f"remove the Hindering token from tile {self.tile}'s {self.side} path"


@dataclass(frozen=True)
class GrantShortcuts:
    """A game element grants (or stops granting) the use of Shortcuts."""

    granted: bool = True

    def __str__(self) -> str:
        return "Shortcuts granted" if self.granted else "Shortcuts no longer granted"


@dataclass(frozen=True)
class ClearEffect:
    """Discard the card in the Active effect space (``slot = "active"``) or a district's."""

    slot: str

    def __str__(self) -> str:
        return f"discard the {self.slot} effect card"


@dataclass(frozen=True)
class Shuffle:
    """The players shuffle a deck (``deep-fog`` or ``exploration``): its order is no longer
    known, so every listed card becomes an unlisted one, described when drawn."""

    deck: str

    def __str__(self) -> str:
        return f"shuffle the {self.deck} deck"


@dataclass(frozen=True)
class ReportLoss:
    """The players report a loss the map cannot see (all Knights dead, a story condition)."""

    reason: str

    def __str__(self) -> str:
        return f"the Expedition is lost: {self.reason}"


EFFECTS = (AdjustTrack, Rotate, SpawnMonster, RemoveMonster, RevealTile, PlaceHindering,
           RemoveHindering, GrantShortcuts, ClearEffect, Shuffle)
