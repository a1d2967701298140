"""Fateforge actions (frozen values with a readable ``str``) and the event type.

Preparation: :class:`RollDice`, :class:`EnergyReroll`, :class:`ThreeOfAKind`, :class:`Dash`,
:class:`SetOrder`.  Hero turns: :class:`Step`, :class:`Hit`, :class:`Shot`, the FOCUS uses
(:class:`ToggleDoor`, :class:`UsePortal`, :class:`OpenChest`, :class:`Explore`,
:class:`Revive`), :class:`Collect`, :class:`Fountain`, skill effects (:class:`Push`,
:class:`Pull`, :class:`Stun`, :class:`Block`) and :class:`EndTurn`.  Enemies:
:class:`EnemyActs` (the next activation).  Then :class:`CleanUp` and :class:`Exit`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    """Something that happened: ``kind`` for programs, ``text`` for people."""

    kind: str
    text: str


@dataclass(frozen=True)
class RollDice:
    hero: str
    results: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.hero} rolls {', '.join(self.results)}"


@dataclass(frozen=True)
class EnergyReroll:
    hero: str
    results: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.hero} spends 1 energy to reroll misses into {', '.join(self.results)}"


@dataclass(frozen=True)
class ThreeOfAKind:
    hero: str
    die: int
    to: str

    def __str__(self) -> str:
        return f"{self.hero} uses Three-of-a-Kind to turn die {self.die + 1} into {self.to}"


@dataclass(frozen=True)
class Dash:
    hero: str
    to: str
    trap: str = ""

    def __str__(self) -> str:
        return f"{self.hero} dashes to {self.to}" + (f" ({self.trap} for the trap)"
                                                      if self.trap else "")


@dataclass(frozen=True)
class SetOrder:
    order: tuple[str, ...]

    def __str__(self) -> str:
        return f"player order {', '.join(self.order)}; start the Action Phase"


@dataclass(frozen=True)
class Step:
    hero: str
    to: str
    energy: bool = False
    trap: str = ""

    def __str__(self) -> str:
        how = " spending 1 energy" if self.energy else ""
        return f"{self.hero} steps to {self.to}{how}" + (f" ({self.trap} for the trap)"
                                                         if self.trap else "")


@dataclass(frozen=True)
class Hit:
    hero: str
    enemy: str

    def __str__(self) -> str:
        return f"{self.hero} hits {self.enemy}"


@dataclass(frozen=True)
class Shot:
    hero: str
    enemy: str

    def __str__(self) -> str:
        return f"{self.hero} shoots {self.enemy}"


@dataclass(frozen=True)
class ToggleDoor:
    hero: str
    to: str

    def __str__(self) -> str:
        return f"{self.hero} opens or closes the door toward {self.to}"


@dataclass(frozen=True)
class UsePortal:
    hero: str
    to: str
    trap: str = ""

    def __str__(self) -> str:
        return f"{self.hero} uses the portal to {self.to}"


@dataclass(frozen=True)
class OpenChest:
    hero: str
    token: str

    def __str__(self) -> str:
        return f"{self.hero} opens {self.token}"


@dataclass(frozen=True)
class Explore:
    hero: str
    token: str

    def __str__(self) -> str:
        return f"{self.hero} explores {self.token}"


@dataclass(frozen=True)
class Revive:
    hero: str
    target: str

    def __str__(self) -> str:
        return f"{self.hero} revives {self.target}"


@dataclass(frozen=True)
class Collect:
    hero: str
    token: str

    def __str__(self) -> str:
        return f"{self.hero} collects {self.token}"


@dataclass(frozen=True)
class Fountain:
    hero: str
    health: int
    energy: int

    def __str__(self) -> str:
        return f"{self.hero} drinks from the fountain ({self.health} health, {self.energy} energy)"


@dataclass(frozen=True)
class Push:
    hero: str
    enemy: str
    to: str

    def __str__(self) -> str:
        return f"{self.hero} pushes {self.enemy} to {self.to} (skill effect)"


@dataclass(frozen=True)
class Pull:
    hero: str
    enemy: str

    def __str__(self) -> str:
        return f"{self.hero} pulls {self.enemy} (skill effect)"


@dataclass(frozen=True)
class Stun:
    hero: str
    enemy: str

    def __str__(self) -> str:
        return f"{self.hero} stuns {self.enemy} (skill effect)"


@dataclass(frozen=True)
class Block:
    hero: str

    def __str__(self) -> str:
        return f"{self.hero} gains a block token (skill effect)"


@dataclass(frozen=True)
class EndTurn:
    hero: str

    def __str__(self) -> str:
        return f"{self.hero} ends the turn"


@dataclass(frozen=True)
class EnemyActs:
    """The next enemy activation; ``target`` when the players choose, ``rolls`` the D6 results
    for randomised choices (equal paths, a push), used in order."""

    target: str = ""
    rolls: tuple[int, ...] = ()

    def __str__(self) -> str:
        parts = ["next enemy activation"]
        if self.target:
            parts.append(f"targeting {self.target}")
        if self.rolls:
            parts.append(f"D6 {', '.join(map(str, self.rolls))}")
        return ", ".join(parts)


@dataclass(frozen=True)
class CleanUp:
    def __str__(self) -> str:
        return "Clean-Up"


@dataclass(frozen=True)
class Exit:
    exit: str

    def __str__(self) -> str:
        return f"the heroes Exit through {self.exit}"
