"""Fateforge actions (frozen values with a readable ``str``) and the event type.

Preparation: :class:`RollDice`, :class:`EnergyReroll` (then :class:`RerollDice`),
:class:`ThreeOfAKind`, :class:`Dash`, :class:`SetOrder`.  Hero turns: :class:`Step`,
:class:`Hit`, :class:`Shot`, the FOCUS uses
(:class:`ToggleDoor`, :class:`UsePortal`, :class:`OpenChest`, :class:`Explore`,
:class:`Revive`), :class:`Collect`, :class:`Fountain`, skill effects (:class:`Push`,
:class:`Pull`, :class:`Stun`, :class:`Block`) and :class:`EndTurn`.  Enemies:
:class:`EnemyActs` (the next activation).  Then :class:`CleanUp` and :class:`Exit`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tabletop.dice.fateforge_rolls import die_word
from tabletop.games.choices import Choice
from tabletop.wording import numbered


@dataclass(frozen=True)
class Event:
    """Something that happened: ``kind`` for programs, ``text`` for people; for a movement,
    the ``piece`` that moved (a hero or an enemy) and its ``path`` (the zone ids it went
    through, its start excluded, the last where it stopped)."""

    kind: str
    text: str
    piece: str = ""
    path: tuple[str, ...] = ()


@dataclass(frozen=True)
class RollDice:
    """``results`` of the hero's roll; ``kinds`` the dice chosen from the pool (``()``: not
    said, e.g. physical dice entered by hand)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("kinds", "which dice to roll"),
    )

    hero: str
    results: tuple[str, ...]
    kinds: tuple[str, ...] = ()

    def __str__(self) -> str:
        results = ", ".join(self.results)
        if self.kinds and len(self.kinds) == len(self.results):
            results = ", ".join(f"{die_word(kind)} {result}"
                                for result, kind in zip(self.results, self.kinds, strict=True))
        elif self.kinds:
            results += f" on the {', '.join(die_word(kind) for kind in self.kinds)} dice"
        return f"{self.hero} rolls {results}"


@dataclass(frozen=True)
class RollAllyDice:
    """The ally's two setup results (misses already rerolled, *Allies*)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    results: tuple[str, ...]

    def __str__(self) -> str:
        return f"the ally's dice show {', '.join(self.results)}"


@dataclass(frozen=True)
class AccompanyAlly:
    """The ally accompanies ``hero`` (chosen in the first Preparation Phase, *Allies*)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("hero", "which hero the ally accompanies"),
    )

    hero: str

    def __str__(self) -> str:
        return f"the ally accompanies {self.hero}"


@dataclass(frozen=True)
class SetArmourUse:
    """Whether ``hero`` uses armour cubes against the damage it suffers (*Armour*: "you may
    remove a black cube")."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("use", "whether to use armour against damage", may=True),
    )

    hero: str
    use: bool

    def __str__(self) -> str:
        return f"{self.hero} {'uses' if self.use else 'keeps'} armour against damage"


@dataclass(frozen=True)
class ExtraRound:
    """Play one more combat round at the cost of a Corruption card per standing hero."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    def __str__(self) -> str:
        return "play an extra combat round"


@dataclass(frozen=True)
class EnergyReroll:
    """The hero's choice of dice to reroll (indices from 0 into its results, each showing a
    miss), for 1 energy; the reroll itself is the chance point that follows
    (:class:`RerollDice`)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("dice", "which dice showing a miss to reroll", may=True),
    )

    hero: str
    dice: tuple[int, ...]

    def __str__(self) -> str:
        dice = [i + 1 for i in self.dice if isinstance(i, int)]
        which = numbered("die", dice) if dice else "no dice"
        return f"{self.hero} spends 1 energy to reroll {which}"


@dataclass(frozen=True)
class RerollDice:
    """The results of an Energy Reroll (a chance point): one per die chosen, in the order
    of the dice."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    hero: str
    results: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.hero}'s rerolled dice show {', '.join(map(str, self.results))}"


@dataclass(frozen=True)
class ThreeOfAKind:
    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("die", "which die to change"),
        Choice("to", "which result it becomes"),
    )

    hero: str
    die: int
    to: str

    def __str__(self) -> str:
        return f"{self.hero} uses Three-of-a-Kind to turn die {self.die + 1} into {self.to}"


@dataclass(frozen=True)
class Dash:
    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("to", "which zone to dash to"),
        Choice("trap", "how to meet a trap there"),
    )

    hero: str
    to: str
    trap: str = ""

    def __str__(self) -> str:
        return f"{self.hero} dashes to {self.to}" + (f" ({self.trap} for the trap)"
                                                      if self.trap else "")


@dataclass(frozen=True)
class SetOrder:
    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("order", "the order the heroes act in"),
    )

    order: tuple[str, ...]

    def __str__(self) -> str:
        return f"player order {', '.join(self.order)}; start the Action Phase"


@dataclass(frozen=True)
class Step:
    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("to", "which zone to step to"),
        Choice("energy", "whether to spend energy", may=True),
        Choice("trap", "how to meet a trap there"),
    )

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
    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("enemy", "which enemy to hit"),
    )

    hero: str
    enemy: str

    def __str__(self) -> str:
        return f"{self.hero} hits {self.enemy}"


@dataclass(frozen=True)
class Shot:
    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("enemy", "which enemy to shoot"),
    )

    hero: str
    enemy: str

    def __str__(self) -> str:
        return f"{self.hero} shoots {self.enemy}"


@dataclass(frozen=True)
class ToggleDoor:
    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("to", "which door"),
    )

    hero: str
    to: str

    def __str__(self) -> str:
        return f"{self.hero} opens or closes the door toward {self.to}"


@dataclass(frozen=True)
class UsePortal:
    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("to", "which destination"),
        Choice("trap", "how to meet a trap there"),
    )

    hero: str
    to: str
    trap: str = ""

    def __str__(self) -> str:
        return f"{self.hero} uses the portal to {self.to}"


@dataclass(frozen=True)
class OpenChest:
    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("token", "which chest"),
    )

    hero: str
    token: str

    def __str__(self) -> str:
        return f"{self.hero} opens {self.token}"


@dataclass(frozen=True)
class Explore:
    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("token", "which exploration token"),
    )

    hero: str
    token: str

    def __str__(self) -> str:
        return f"{self.hero} explores {self.token}"


@dataclass(frozen=True)
class Revive:
    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("target", "which hero to revive"),
    )

    hero: str
    target: str

    def __str__(self) -> str:
        return f"{self.hero} revives {self.target}"


@dataclass(frozen=True)
class Collect:
    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("token", "which token"),
    )

    hero: str
    token: str

    def __str__(self) -> str:
        return f"{self.hero} collects {self.token}"


@dataclass(frozen=True)
class Fountain:
    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("health", "how many cubes become health", may=True),
        Choice("energy", "how many cubes become energy", may=True),
    )

    hero: str
    health: int
    energy: int

    def __str__(self) -> str:
        return f"{self.hero} drinks from the fountain ({self.health} health, {self.energy} energy)"


@dataclass(frozen=True)
class Push:
    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("enemy", "which enemy to push"),
        Choice("to", "which zone to push it into"),
    )

    hero: str
    enemy: str
    to: str

    def __str__(self) -> str:
        return f"{self.hero} pushes {self.enemy} to {self.to} (skill effect)"


@dataclass(frozen=True)
class Pull:
    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("enemy", "which enemy to pull"),
    )

    hero: str
    enemy: str

    def __str__(self) -> str:
        return f"{self.hero} pulls {self.enemy} (skill effect)"


@dataclass(frozen=True)
class Stun:
    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("enemy", "which enemy to stun"),
    )

    hero: str
    enemy: str

    def __str__(self) -> str:
        return f"{self.hero} stuns {self.enemy} (skill effect)"


@dataclass(frozen=True)
class Block:
    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    hero: str

    def __str__(self) -> str:
        return f"{self.hero} gains a block token (skill effect)"


@dataclass(frozen=True)
class WeaponSpecial:
    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    hero: str

    def __str__(self) -> str:
        return f"{self.hero} plays the weapon's special attack"


@dataclass(frozen=True)
class UseAllyDie:
    """``hero`` discards its die ``own`` to take the ally's die ``die`` for this turn."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("die", "which ally die to use"),
        Choice("own", "which of your own dice to give up"),
    )

    hero: str
    die: int
    own: int

    def __str__(self) -> str:
        return (f"{self.hero} discards die {self.own + 1} to use the ally's die "
                f"{self.die + 1}")


@dataclass(frozen=True)
class AllyAbility:
    """``hero`` discards the ally's die ``die`` to activate one of the ally's abilities."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("die", "which ally die to spend"),
    )

    hero: str
    die: int

    def __str__(self) -> str:
        return f"{self.hero} discards the ally's die {self.die + 1} for an ally ability"


@dataclass(frozen=True)
class SpringTrap:
    """``hero``, moved onto a trap by an enemy, deals with it: ``focus``, ``card`` or
    ``ability``."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("choice", "how to meet the trap"),
    )

    hero: str
    choice: str

    def __str__(self) -> str:
        return f"{self.hero} deals with the trap ({self.choice})"


@dataclass(frozen=True)
class EndTurn:
    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    hero: str

    def __str__(self) -> str:
        return f"{self.hero} ends the turn"


@dataclass(frozen=True)
class EnemyActs:
    """The next enemy activation; ``target`` when the players choose, ``rolls`` the D6 results
    for randomised choices (equal paths, a push), used in order."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("target", "which hero the enemy targets when the rules leave it to the players"),
    )

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
    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    def __str__(self) -> str:
        return "Clean-Up"


@dataclass(frozen=True)
class Exit:
    """Exit by ``exit``; ``objectives`` as marked in the app: ``"met"`` (all achieved),
    ``"failed"``, or ``""`` (not marked here)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("exit", "which exit"),
    )

    exit: str
    objectives: str = ""

    def __str__(self) -> str:
        marked = {"met": " (all objectives met)", "failed": " (objectives not met)"}
        return f"the heroes Exit through {self.exit}{marked.get(self.objectives, '')}"
