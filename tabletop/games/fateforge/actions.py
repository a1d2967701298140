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

from typing import ClassVar

from tabletop.dice.fateforge_rolls import die_word
from tabletop.frozen import Frozen
from tabletop.games.choices import Choice
from tabletop.wording import numbered


class Event(Frozen):
    """Something that happened: ``kind`` for programs, ``text`` for people; for a movement,
    the ``piece`` that moved (a hero or an enemy) and its ``path`` (the zone ids it went
    through, its start excluded, the last where it stopped)."""

    kind: str
    text: str
    piece: str = ""
    path: tuple[str, ...] = ()


class RollDice(Frozen):
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


class RollAllyDice(Frozen):
    """The ally's two setup results (misses already rerolled, *Allies*)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    results: tuple[str, ...]

    def __str__(self) -> str:
        return f"the ally's dice show {', '.join(self.results)}"


class AccompanyAlly(Frozen):
    """The ally accompanies ``hero`` (chosen in the first Preparation Phase, *Allies*)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("hero", "which hero the ally accompanies"),
    )

    hero: str

    def __str__(self) -> str:
        return f"the ally accompanies {self.hero}"


class SetArmourUse(Frozen):
    """Whether ``hero`` uses armour cubes against the damage it suffers (*Armour*: "you may
    remove a black cube")."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("use", "whether to use armour against damage", may=True),
    )

    hero: str
    use: bool

    def __str__(self) -> str:
        return f"{self.hero} {'uses' if self.use else 'keeps'} armour against damage"


class ExtraRound(Frozen):
    """Play one more combat round at the cost of a Corruption card per standing hero."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    def __str__(self) -> str:
        return "play an extra combat round"


class EnergyReroll(Frozen):
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


class RerollDice(Frozen):
    """The results of an Energy Reroll (a chance point): one per die chosen, in the order
    of the dice."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    hero: str
    results: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.hero}'s rerolled dice show {', '.join(map(str, self.results))}"


class ThreeOfAKind(Frozen):
    """``hero`` spends a Three-of-a-Kind to turn its die ``die`` (0-based) into ``to``."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("die", "which die to change"),
        Choice("to", "which result it becomes"),
    )

    hero: str
    die: int
    to: str

    def __str__(self) -> str:
        return f"{self.hero} uses Three-of-a-Kind to turn die {self.die + 1} into {self.to}"


class Dash(Frozen):
    """``hero`` dashes to zone ``to``; ``trap`` says how it meets a trap there."""

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


class SetOrder(Frozen):
    """The order the heroes act in this round (``order``), which starts the Action Phase."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("order", "the order the heroes act in"),
    )

    order: tuple[str, ...]

    def __str__(self) -> str:
        return f"player order {', '.join(self.order)}; start the Action Phase"


class Step(Frozen):
    """``hero`` steps to zone ``to``, spending an energy when ``energy``; ``trap`` says how it
    meets a trap there."""

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


class Hit(Frozen):
    """``hero`` hits ``enemy`` in its own zone."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("enemy", "which enemy to hit"),
    )

    hero: str
    enemy: str

    def __str__(self) -> str:
        return f"{self.hero} hits {self.enemy}"


class Shot(Frozen):
    """``hero`` shoots ``enemy``."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("enemy", "which enemy to shoot"),
    )

    hero: str
    enemy: str

    def __str__(self) -> str:
        return f"{self.hero} shoots {self.enemy}"


class ToggleDoor(Frozen):
    """``hero`` opens or closes the door between its zone and ``to``."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("to", "which door"),
    )

    hero: str
    to: str

    def __str__(self) -> str:
        return f"{self.hero} opens or closes the door toward {self.to}"


class UsePortal(Frozen):
    """``hero`` uses the portal in its zone to reach ``to``; ``trap`` says how it meets a
    trap there."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("to", "which destination"),
        Choice("trap", "how to meet a trap there"),
    )

    hero: str
    to: str
    trap: str = ""

    def __str__(self) -> str:
        return f"{self.hero} uses the portal to {self.to}"


class OpenChest(Frozen):
    """``hero`` opens the chest token ``token``."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("token", "which chest"),
    )

    hero: str
    token: str

    def __str__(self) -> str:
        return f"{self.hero} opens {self.token}"


class Explore(Frozen):
    """``hero`` explores the exploration token ``token``."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("token", "which exploration token"),
    )

    hero: str
    token: str

    def __str__(self) -> str:
        return f"{self.hero} explores {self.token}"


class Revive(Frozen):
    """``hero`` revives the knocked-out hero ``target``."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("target", "which hero to revive"),
    )

    hero: str
    target: str

    def __str__(self) -> str:
        return f"{self.hero} revives {self.target}"


class Collect(Frozen):
    """``hero`` collects the token ``token``."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("token", "which token"),
    )

    hero: str
    token: str

    def __str__(self) -> str:
        return f"{self.hero} collects {self.token}"


class Fountain(Frozen):
    """``hero`` drinks from the fountain: ``health`` cubes become health, ``energy`` energy."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("health", "how many cubes become health", may=True),
        Choice("energy", "how many cubes become energy", may=True),
    )

    hero: str
    health: int
    energy: int

    def __str__(self) -> str:
        return f"{self.hero} drinks from the fountain ({self.health} health, {self.energy} energy)"


class Push(Frozen):
    """``hero``'s skill pushes ``enemy`` into zone ``to``."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("enemy", "which enemy to push"),
        Choice("to", "which zone to push it into"),
    )

    hero: str
    enemy: str
    to: str

    def __str__(self) -> str:
        return f"{self.hero} pushes {self.enemy} to {self.to} (skill effect)"


class Pull(Frozen):
    """``hero``'s skill pulls ``enemy`` into the hero's zone."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("enemy", "which enemy to pull"),
    )

    hero: str
    enemy: str

    def __str__(self) -> str:
        return f"{self.hero} pulls {self.enemy} (skill effect)"


class Stun(Frozen):
    """``hero``'s skill stuns ``enemy``."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("enemy", "which enemy to stun"),
    )

    hero: str
    enemy: str

    def __str__(self) -> str:
        return f"{self.hero} stuns {self.enemy} (skill effect)"


class Block(Frozen):
    """``hero``'s skill gives it a block token."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    hero: str

    def __str__(self) -> str:
        return f"{self.hero} gains a block token (skill effect)"


class WeaponSpecial(Frozen):
    """``hero`` plays its weapon's special attack."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    hero: str

    def __str__(self) -> str:
        return f"{self.hero} plays the weapon's special attack"


class UseAllyDie(Frozen):
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


class AllyAbility(Frozen):
    """``hero`` discards the ally's die ``die`` to activate one of the ally's abilities."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("die", "which ally die to spend"),
    )

    hero: str
    die: int

    def __str__(self) -> str:
        return f"{self.hero} discards the ally's die {self.die + 1} for an ally ability"


class SpringTrap(Frozen):
    """``hero``, moved onto a trap by an enemy, deals with it: ``focus``, ``card`` or
    ``ability``."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("choice", "how to meet the trap"),
    )

    hero: str
    choice: str

    def __str__(self) -> str:
        return f"{self.hero} deals with the trap ({self.choice})"


class EndTurn(Frozen):
    """``hero`` ends its turn."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    hero: str

    def __str__(self) -> str:
        return f"{self.hero} ends the turn"


class EnemyActs(Frozen):
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


class CleanUp(Frozen):
    """The Clean-Up at the end of the round."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    def __str__(self) -> str:
        return "Clean-Up"


class Exit(Frozen):
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
