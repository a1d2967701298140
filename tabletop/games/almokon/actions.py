"""Almokon actions: small frozen values with a readable ``str`` (rulebook *Actions*).

The seven actions: :class:`PlayCard`, :class:`Attack`, :class:`Activate`, :class:`GainAP`,
:class:`ReadyAll`, :class:`Move`, :class:`Liquidate`.  Answers to what is pending:
:class:`Pass` (no response to the card or ability on the stack), :class:`Decline` (no
follow-up attack / end a Truce's extra actions), :class:`Choose` (a Scout/Foresee/Forge
decision).  ``player`` is the player's name; cards are named by uid.
"""

from __future__ import annotations

from typing import ClassVar

from tabletop.frozen import Frozen
from tabletop.games.choices import Choice


class PlayCard(Frozen):
    """Play ``uid`` from the hand, paying its AP (less Imbue: the Characters in ``imbue``
    discarded first).  ``target``: the card an Item is attached to or an Event's effect aims
    at; ``as_item``: a Crew unit played as an Item on the Vessel ``target``."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("target", "which card it is played on or aims at"),
        Choice("imbue", "which Characters to discard for Imbue", may=True),
        Choice("as_item", "whether to play the Crew unit as an Item", may=True),
    )

    player: str
    uid: str
    target: str = ""
    imbue: tuple[str, ...] = ()
    as_item: bool = False

    def __str__(self) -> str:
        text = f"{self.player} plays {self.uid}"
        if self.as_item:
            text += f" as Crew on {self.target}"
        elif self.target:
            text += f" on {self.target}"
        if self.imbue:
            text += f" (Imbue: discards {', '.join(self.imbue)})"
        return text


class Attack(Frozen):
    """``attacker`` attacks ``target`` (rulebook *Combat*); ``frenzy`` announces Frenzy;
    ``kin`` are the Kinship cards that add their Wrath."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("target", "which card to attack"),
        Choice("frenzy", "whether to announce Frenzy", may=True),
        Choice("kin", "which Kinship cards add their Wrath", may=True),
    )

    player: str
    attacker: str
    target: str
    frenzy: bool = False
    kin: tuple[str, ...] = ()

    def __str__(self) -> str:
        text = f"{self.player}: {self.attacker} attacks {self.target}"
        if self.frenzy:
            text += " with Frenzy"
        if self.kin:
            text += f" (Kinship: {', '.join(self.kin)})"
        return text


class Activate(Frozen):
    """Use ability number ``ability`` of ``uid`` (rulebook *Activate an Ability*), aimed at
    ``target`` when the effect needs one; ``command`` is the friend exhausted for Command."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("target", "which card the ability aims at"),
        Choice("command", "which friend to exhaust for Command"),
    )

    player: str
    uid: str
    ability: int = 0
    target: str = ""
    command: str = ""

    def __str__(self) -> str:
        text = f"{self.player} activates {self.uid} ability {self.ability + 1}"
        if self.target:
            text += f" on {self.target}"
        if self.command:
            text += f" (Command: exhausts {self.command})"
        return text


class GainAP(Frozen):
    """Gain 2 AP (always available)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    player: str

    def __str__(self) -> str:
        return f"{self.player} gains 2 AP"


class ReadyAll(Frozen):
    """Ready every exhausted card the player controls."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    player: str

    def __str__(self) -> str:
        return f"{self.player} readies all"


class Move(Frozen):
    """Move a ready Character or Monarch from the Realm to the Wilderness."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    player: str
    uid: str

    def __str__(self) -> str:
        return f"{self.player} moves {self.uid} to the Wilderness"


class Liquidate(Frozen):
    """Discard an Event or Item from the hand for its Liquidate AP."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    player: str
    uid: str

    def __str__(self) -> str:
        return f"{self.player} liquidates {self.uid}"


class Pass(Frozen):
    """Let the cards and abilities on the stack resolve without (further) response."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    player: str

    def __str__(self) -> str:
        return f"{self.player} does not respond"


class Decline(Frozen):
    """Give up a follow-up attack, or the rest of a Truce's extra actions."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    player: str

    def __str__(self) -> str:
        return f"{self.player} declines"


class Choose(Frozen):
    """Answer the pending choice: Scout/Forge take one option, Foresee an order
    (uids top first, comma-separated)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("option", "which option to take"),
    )

    player: str
    option: str

    def __str__(self) -> str:  # a Scout or Foresee answer is the chooser's secret
        return f"{self.player} makes the pending choice"

    def explain(self) -> str:
        """The answer in full, for the chooser's own eyes."""
        return f"{self.player} chooses {self.option}"


ACTION_TYPES = (PlayCard, Attack, Activate, GainAP, ReadyAll, Move, Liquidate, Pass, Decline,
                Choose)
