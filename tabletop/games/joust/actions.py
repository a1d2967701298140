"""King's Champion actions on The List: frozen values with a readable ``str`` for the log.

The ``str`` of a secret planning action (dice, Favor Action, order) says only that the
Household planned, because the window shows it to both players (undo notes, the log);
``explain()`` gives the whole action for the planner.

The core never rolls: a joust is played in steps (Aim, Throw, Reroll, Keep, Convert), each
throw a chance point whose faces the window (or a playout) hands in; a Joust carries every face
and choice of a joust at once and is played as those steps.
"""

from __future__ import annotations

from typing import ClassVar

from tabletop.frozen import Frozen
from tabletop.games.choices import Choice
from tabletop.games.joust.state import FAVOR_TITLES, KnightRoll, is_token_slot
from tabletop.games.joust.state import DieRoll as DieRoll  # a Joust's dice, named here too


class PlaceToken(Frozen):
    """Setup: place one held Bravery Token of ``colour`` on ``knight`` (*Placing Bravery
    Tokens*)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("knight", "which Knight gets the Bravery Token"),
        Choice("colour", "which colour of token"),
    )

    house: str
    knight: str
    colour: str

    def __str__(self) -> str:
        return f"{self.house} places a {self.colour} Bravery Token on {self.knight}"


class Attach(Frozen):
    """Planning: play Enhancement ``card`` from hand on ``knight`` as a ``"squire"`` (locking
    its die to ``colour``) or as ``"equipment"``."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("card", "which Enhancement card"),
        Choice("knight", "which Knight"),
        Choice("as_", "as Squire or as Equipment"),
        Choice("colour", "which die colour"),
    )

    house: str
    card: str
    knight: str
    as_: str
    colour: str | None = None

    def __str__(self) -> str:
        lock = f" with a {self.colour} die" if self.as_ == "squire" and self.colour else ""
        return f"{self.house} plays {self.card} on {self.knight} as {self.as_.title()}{lock}"


class PlaceDie(Frozen):
    """Planning: put a ``colour`` die from the Dice Pool (or the Knight's Squire die,
    ``from_squire``) on ``slot`` of ``knight`` (a token slot ``"1"``.. or an Equipment name)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("knight", "which Knight"),
        Choice("slot", "which slot"),
        Choice("colour", "which die"),
        Choice("from_squire", "whether to use the Squire die", may=True),
    )

    house: str
    knight: str
    slot: str
    colour: str
    from_squire: bool = False

    def __str__(self) -> str:  # dice placement is secret until planning ends
        return f"{self.house} places a die"

    def explain(self) -> str:
        """The action in full, for the planner's own eyes."""
        where = f"token slot {self.slot}" if is_token_slot(self.slot) else self.slot
        source = "its Squire's" if self.from_squire else "a"
        return f"{self.house} puts {source} {self.colour} die on {self.knight}'s {where}"


class RemoveDie(Frozen):
    """Planning: take the die off ``slot`` of ``knight`` (back to the pool or the Squire)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    house: str
    knight: str
    slot: str

    def __str__(self) -> str:  # secret until planning ends
        return f"{self.house} takes a die back"

    def explain(self) -> str:
        """The action in full, for the planner's own eyes."""
        where = f"token slot {self.slot}" if is_token_slot(self.slot) else self.slot
        return f"{self.house} takes the die off {self.knight}'s {where}"


class ChooseFavor(Frozen):
    """Planning: choose ``knight``'s Favor Action (``None``: take the cube off)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("favor", "which Favor Action"),
    )

    house: str
    knight: str
    favor: str | None

    def __str__(self) -> str:  # secret until the Knight's joust is revealed
        return f"{self.house} chooses a Favor Action"

    def explain(self) -> str:
        """The action in full, for the planner's own eyes."""
        if self.favor is None:
            return f"{self.house} clears {self.knight}'s Favor Action"
        return f"{self.house} chooses {FAVOR_TITLES.get(self.favor, self.favor)} for {self.knight}"


class SetOrder(Frozen):
    """Planning: lay the Jousting Tokens face down on The List, first joust first."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("order", "the order of the jousts"),
    )

    house: str
    order: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.house} sets its jousting order face down"


class Ready(Frozen):
    """Planning: the Household's plan is done (``ready=False`` takes it back while the rival
    still plans)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    house: str
    ready: bool = True

    def __str__(self) -> str:
        return (f"{self.house} has finished planning" if self.ready
                else f"{self.house} takes up its plan again")


class AdvanceCrown(Frozen):
    """Put one earned King's Crown on ``track`` (*Tracking Crowns*)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("track", "which Crown track"),
    )

    house: str
    track: str

    def __str__(self) -> str:
        return f"{self.house} advances on the {self.track} track"


class Reveal(Frozen):
    """Jousting: turn over both Jousting Tokens of the next joust, reveal the Ability Cards and
    resolve the Favor Actions that act before the roll (tasks 1-4)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    def __str__(self) -> str:
        return "Reveal the next joust"


class Joust(Frozen):
    """Jousting: roll, reroll, resolve and score the revealed joust (tasks 5-8); one
    :class:`KnightRoll` per Household."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    rolls: tuple[KnightRoll, ...]

    def __str__(self) -> str:
        return "Joust: " + "; ".join(str(r) for r in self.rolls)


REROLL_TITLES = {"squire": "the Squire Reroll", "heros-fate": "Hero's Fate",
                 "ability": "the Ability Card's reroll"}
"""Each reroll of a joust in words."""


def slot_words(slot: str) -> str:
    """A die's place in words: ``token 1``, ``the Fealty Die``, ``Ability die 1``, or the
    Equipment's name."""
    if is_token_slot(slot):
        return f"token {slot}"
    if slot == "fealty":
        return "the Fealty Die"
    if slot.startswith("ability-"):
        return f"Ability die {slot.removeprefix('ability-')}"
    return slot


class Aim(Frozen):
    """Jousting, before a Knight's dice are thrown (Favor Action *Targeting*): preset the die
    on ``slot`` to ``face``, or (``slot=None``) preset none."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("slot", "which die to preset"),
        Choice("face", "which face"),
    )

    house: str
    slot: str | None = None
    face: int | None = None

    def __str__(self) -> str:
        if self.slot is None:
            return f"{self.house} presets no die"
        return f"{self.house} presets the die on {slot_words(self.slot)} to {self.face} (Targeting)"


class Throw(Frozen):
    """Jousting, a chance point: the faces the dice thrown now show, as ``(slot, face)``
    pairs (a Knight's first throw, the dice of a reroll, or a wave of Aftershocks)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    house: str
    faces: tuple[tuple[str, int], ...]

    def __str__(self) -> str:
        return f"{self.house} throws: " + ", ".join(f"{slot_words(slot)} shows {face}"
                                                   for slot, face in self.faces)


class Reroll(Frozen):
    """Jousting, after a Knight's throw (task 6): pick the dice ``slots`` to throw again with
    the reroll ``source`` (``squire``, ``heros-fate`` or ``ability``)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("source", "which reroll"),
        Choice("slots", "which dice"),
    )

    house: str
    source: str
    slots: tuple[str, ...]

    def __str__(self) -> str:
        return (f"{self.house} rerolls {', '.join(map(slot_words, self.slots))} with "
                f"{REROLL_TITLES.get(self.source, self.source)}")


class Keep(Frozen):
    """Jousting: the Knight's dice stand; no further reroll (task 6 ends, its Aftershocks
    are thrown next)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    house: str

    def __str__(self) -> str:
        return f"{self.house} keeps the dice"


class Convert(Frozen):
    """Jousting, once the dice stand (Favor Action *Mark of the Church*): turn ``n`` of the
    Knight's hits into Morale."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("n", "how many hits become Morale"),
    )

    house: str
    n: int

    def __str__(self) -> str:
        hits = "hit" if self.n == 1 else "hits"
        return f"{self.house} turns {self.n} {hits} into Morale (Mark of the Church)"


class EndRound(Frozen):
    """After the third joust: Panic is set for the next round, the dice and tokens come back,
    initiative passes and the next round's Planning Phase begins (or the game ends)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    def __str__(self) -> str:
        return "End the round"


Action = (PlaceToken | Attach | PlaceDie | RemoveDie | ChooseFavor | SetOrder | Ready
          | AdvanceCrown | Reveal | Joust | Aim | Throw | Reroll | Keep | Convert | EndRound)


class Draw(Frozen):
    """Draw Phase: the Household draws one Enhancement Card and Ability Cards up to its hand
    limit (*Draw Phase*)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    house: str

    def __str__(self) -> str:
        return f"{self.house} draws its cards"


class PlaceWorkers(Frozen):
    """Worker Phase: pay ``building``'s location number ``location`` (0-based, in the card's
    order) with its cost in workers and take its actions (*Worker Phase*)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("building", "which building"),
        Choice("location", "which location on it"),
    )

    house: str
    building: str
    location: int

    def __str__(self) -> str:
        return f"{self.house} places workers on {self.building} location {self.location + 1}"


class ManSquire(Frozen):
    """Worker Phase: one worker on ``knight``'s Squire Reroll (*Placing as a Squire*)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("knight", "which Knight's Squire Reroll"),
    )

    house: str
    knight: str

    def __str__(self) -> str:
        return f"{self.house} puts a worker on {self.knight}'s Squire Reroll"


class Pass(Frozen):
    """Worker Phase: place no more workers this round."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    house: str

    def __str__(self) -> str:
        return f"{self.house} passes"


class Choose(Frozen):
    """Resolve the first pending choice of ``house`` with ``option`` (a Knight, a colour, a
    track, a card: what the choice asks for)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("option", "which option"),
    )

    house: str
    option: str

    def __str__(self) -> str:  # an option may be a card from the hand: the log says what
        return f"{self.house} makes its choice"  # happened, in words that keep the secret


class PlaceAbility(Frozen):
    """Planning: place Ability Card ``card`` from hand on ``knight`` (``None``: take it back)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("knight", "which Knight"),
        Choice("card", "which Ability Card"),
    )

    house: str
    knight: str
    card: str | None

    def __str__(self) -> str:  # secret until the Knight's joust is revealed
        return f"{self.house} changes its Ability Cards"

    def explain(self) -> str:
        """The action in full, for the planner's own eyes."""
        if self.card is None:
            return f"{self.house} takes the Ability Card off {self.knight}"
        return f"{self.house} places {self.card} on {self.knight}"


class Collect(Frozen):
    """Ennoblement: draw Bravery Tokens by the number of Knights that scored a hit."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    house: str

    def __str__(self) -> str:
        return f"{self.house} collects its Bravery Tokens"


class Promote(Frozen):
    """Ennoblement: take the Perk of the completed Knight Promotion ``track`` and promote
    ``knight`` (``""`` when all three Knights are promoted already)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("track", "which Promotion track"),
        Choice("knight", "which Knight is promoted"),
    )

    house: str
    track: str
    knight: str

    def __str__(self) -> str:
        who = f" and promotes {self.knight}" if self.knight else ""
        return f"{self.house} takes the {self.track} Perk{who}"


class Spend(Frozen):
    """Ennoblement: one Reputation moves the Influence marker one space on ``track``."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("track", "which Influence track"),
    )

    house: str
    track: str

    def __str__(self) -> str:
        return f"{self.house} spends one Reputation on the {self.track} track"


class Finish(Frozen):
    """Ennoblement: the Household's turn is over (its Reputation left is kept)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    house: str

    def __str__(self) -> str:
        return f"{self.house} ends its Ennoblement"


class ChooseKnight(Frozen):
    """Setup: field the Knight card ``knight`` instead of ``replaced`` (*Choosing Knights*)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("replaced", "which Knight to replace"),
        Choice("knight", "which Knight to field"),
    )

    house: str
    replaced: str
    knight: str

    def __str__(self) -> str:
        return f"{self.house} fields {self.knight} instead of {self.replaced}"


PhaseAction = (ChooseKnight | Draw | PlaceWorkers | ManSquire | Pass | Choose | PlaceAbility
               | Collect | Promote | Spend | Finish)
"""The actions of choosing Knights, the Draw, Worker and Ennoblement Phases, Ability Cards and
choices."""
