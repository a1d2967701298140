"""King's Champion state on The List: Households, Knights, attachments and the round, as frozen
values.

Rulebook: *Leading a Household* (House card, Dice Pool), *Tracking Crowns* (Status card),
*Anatomy of a Knight*, *Placing an Enhancement Card*, *Choosing the Jousting Order*, the
decks and the bag (*Setting the Field*), the Worker Phase's claimed locations and the choices a
Perk leaves to its player.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from tabletop.dice.kings_champion import ATTACK_COLOURS
from tabletop.numbers import parse_int

FAVORS = ("block", "ruse", "heros-fate", "mark-of-the-church", "hit", "targeting", "kings-crown")
"""The Favor Actions with a mechanical effect (rulebook, *Favor Action Icons*)."""

FAVOR_TITLES = {"block": "Block", "ruse": "Ruse", "heros-fate": "Hero's Fate",
                "mark-of-the-church": "Mark of the Church", "hit": "Hit",
                "targeting": "Targeting", "kings-crown": "King's Crown"}

CODES = ("truth", "humility", "conviction", "righteous", "discipline")
SIDES = ("vanguard", "crusader")
"""The Knight card's starting side (Vanguard) and promoted side (Crusader)."""

EQUIPMENT_LIMIT = {"vanguard": 1, "crusader": 2}
"""*Knight Allowances*: one Squire each, one or two pieces of Equipment."""

EQUIPMENT_TYPES = ("weapon", "shield", "armor")
TOKEN_COLOURS = ATTACK_COLOURS
TRACK_KINDS = ("promotion", "house")
PHASES = ("setup", "draw", "worker", "planning", "jousting", "ennoblement", "over")
"""``setup``: each Household places its starting Bravery Tokens (*Placing Bravery Tokens*);
then the five Phases of Play (*Game Play*); ``over``: the game has ended."""

PHASE_TITLES = {"setup": "Setting the Field", "draw": "Draw Phase", "worker": "Worker Phase",
                "planning": "Planning Phase", "jousting": "Jousting Phase",
                "ennoblement": "Ennoblement Phase", "over": "The end"}

HIDDEN = "?"
"""Stands for a secret value in :func:`tabletop.games.joust.view.view_for`'s filtered state."""

BASE_MORALE = 12
MAX_REPUTATION = 12
ROUNDS = 6
JOUSTS = 3
MAX_SLOTS = 5
"""A Knight card has at most five Bravery Token slots (five pip-count boxes)."""

MORALE_BY_TOKEN = {"white": (3, 2, 1), "green": (2, 1), "red": (1,)}
"""*Morale*: the 1st, 2nd, 3rd token of a colour on one Knight earns this much; later ones 0."""

PANIC_HITS = 5
MARK_OF_THE_CHURCH_LIMIT = 15
"""Mark of the Church converts hits into Morale only while the Household is under 15 Morale."""


@dataclass(frozen=True)
class Squire:
    """An Enhancement Card played as a Squire: its die ``colour`` (locked when played),
    ``on`` the slot its die was moved to (``None``: the die sits on the Squire, not rolled),
    and its Squire Reroll colour, usable only with a worker on it (``reroll_worker``)."""

    name: str
    colour: str
    on: str | None = None
    reroll: str | None = None
    reroll_worker: bool = False


@dataclass(frozen=True)
class Equipment:
    """An Enhancement Card played as Equipment: its ``kind`` (weapon, shield or armor), the
    die colours its slot takes, and the die placed on it (``None``: empty)."""

    name: str
    kind: str
    colours: tuple[str, ...]
    die: str | None = None


@dataclass(frozen=True)
class Enhancement:
    """An Enhancement Card in hand: its Squire half (die colours to lock, reroll colour, the
    Squire's ``squire_name``) and its Equipment half (``name``, type and slot colours)."""

    name: str
    squire_colours: tuple[str, ...]
    reroll: str | None
    kind: str
    colours: tuple[str, ...]
    squire_name: str = ""


FACE_DOWN_CARD = Enhancement(HIDDEN, (), None, "", ())
"""An Enhancement Card in a rival's hand, as a filtered view shows it (face down)."""


@dataclass(frozen=True)
class Knight:
    """One Knight card.

    ``tokens`` are the Bravery Token colours by slot, top first; ``token_dice`` the die on each
    token slot (same length; ``None``: empty).  ``crown_boxes`` are the five pip-count numbers
    to beat.  ``favors`` are the Favor Actions printed on the card; ``favor`` the one chosen
    this round.  ``panic``: Panicked this round (no Favor Action).  ``hits_taken`` and
    ``hits_scored`` count this round's hits for Panic and the Ennoblement Phase.
    ``ability`` is the Ability Card placed on the Knight this round (``""``: none); ``calm``:
    an Ability Card made the Knight Calm this round.
    """

    name: str
    code: str
    side: str
    slots: int
    crown_boxes: tuple[int, ...]
    tokens: tuple[str, ...] = ()
    token_dice: tuple[str | None, ...] = ()
    favors: tuple[str, ...] = ()
    favor: str | None = None
    ability: str = ""
    panic: bool = False
    squire: Squire | None = None
    equipment: tuple[Equipment, ...] = ()
    hits_taken: int = 0
    hits_scored: int = 0
    calm: bool = False

    @property
    def promoted(self) -> bool:
        return self.side == "crusader"

    def slot_ids(self) -> tuple[str, ...]:
        """Every die slot: token slots ``"1"``.. then each Equipment's name."""
        return (*(str(i + 1) for i in range(len(self.tokens))), *(e.name for e in self.equipment))

    def token_index(self, slot: str) -> int | None:
        """The index of the Bravery Token slot named ``slot`` (``"1"``.., exactly as
        :meth:`slot_ids` writes it), or ``None`` when ``slot`` names no token slot."""
        number = parse_int(slot, 1, len(self.tokens)) if self.tokens else None
        return number - 1 if number is not None and slot == str(number) else None

    def die_on(self, slot: str) -> str | None:
        """The die colour on ``slot`` (``None``: empty); ``KeyError`` for no such slot."""
        index = self.token_index(slot)
        if index is not None:
            return self.token_dice[index]
        for piece in self.equipment:
            if piece.name == slot:
                return piece.die
        raise KeyError(slot)

    def slot_colours(self, slot: str) -> tuple[str, ...]:
        """The die colours ``slot`` takes: a Bravery Token slot its token's colour, an
        Equipment slot the colours printed on the card; ``KeyError`` for no such slot.
        Rulebook, *Placing an Enhancement Card*: a Squire's die needs "a Bravery Token slot or
        an Equipment card slot that matches" it; "the dice locked into that spot must match
        the location you are locking it to"."""
        index = self.token_index(slot)
        if index is not None:
            return (self.tokens[index],)
        for piece in self.equipment:
            if piece.name == slot:
                return piece.colours
        raise KeyError(slot)

    def with_die(self, slot: str, colour: str | None) -> Knight:
        """This Knight with ``colour`` (or nothing) on ``slot``."""
        index = self.token_index(slot)
        if index is not None:
            dice = list(self.token_dice)
            dice[index] = colour
            return replace(self, token_dice=tuple(dice))
        return replace(self, equipment=tuple(replace(e, die=colour) if e.name == slot else e
                                             for e in self.equipment))

    def placed_dice(self) -> tuple[tuple[str, str], ...]:
        """``(slot, colour)`` of every die placed on this Knight, slot order (Fealty excluded)."""
        return tuple((slot, self.die_on(slot)) for slot in self.slot_ids()
                     if self.die_on(slot) is not None)

    def crown_target(self) -> int:
        """The pip count to beat for a King's Crown: the box for the number of Bravery Tokens
        (one token: the first box; no token is read as the first box, more than five as the
        last).  Rulebook, *Pip Count and King's Crowns*."""
        index = min(max(len(self.tokens), 1), len(self.crown_boxes)) - 1
        return self.crown_boxes[index]


@dataclass(frozen=True)
class CrownTrack:
    """A Crown track on the Status card: ``length`` Crowns reach the gold shield's ``perk``;
    ``claimed``: the Perk (and the promotion) was taken in an Ennoblement Phase."""

    name: str
    kind: str
    length: int
    perk: str
    progress: int = 0
    claimed: bool = False

    @property
    def complete(self) -> bool:
        return self.progress >= self.length


@dataclass(frozen=True)
class Household:
    """A Household (House card and Status card).

    ``pool``: the Dice Pool's dice not placed; ``bravery_tokens``: tokens held on the House
    card; ``crowns``: King's Crowns earned and not yet put on a track; ``order``: the Jousting
    Tokens on The List, first joust first (empty until set); ``ready``: the Planning Phase is
    done for this Household; ``enhancement_placed``: its one Enhancement of the round is played.
    ``workers`` are the workers in the pool now; ``workers_out`` those on Buildings and Squire
    Rerolls this round (they come back when the round ends; a worker on Equipment stays).
    ``abilities``: the Ability Cards in hand; ``advanced_deck``: its own Advanced Ability deck;
    ``influence``: its Influence marker's space on each Political track (the Catalog's order).
    ``passed``: it passed in the Worker Phase; ``done``: it finished its Draw or Ennoblement
    turn; ``collected``: it collected its Bravery Tokens this Ennoblement Phase; ``kept``: the
    Enhancement Card kept into the next round by the Rule Exception; ``extra_die``: the
    all-promoted Promotion Perk is taken (*Placing Bravery Tokens*, Ennoblement Phase).
    """

    name: str
    knights: tuple[Knight, ...]
    morale: int = BASE_MORALE
    reputation: int = 0
    reputation_spent: int = 0
    crowns: int = 0
    tracks: tuple[CrownTrack, ...] = ()
    pool: tuple[str, ...] = ()
    bravery_tokens: tuple[str, ...] = ()
    workers: int = 3
    hand_limit: int = 4
    hand: tuple[Enhancement, ...] = ()
    order: tuple[str, ...] = ()
    ready: bool = False
    enhancement_placed: bool = False
    abilities: tuple[str, ...] = ()
    advanced_deck: tuple[str, ...] = ()
    influence: tuple[int, ...] = ()
    workers_out: int = 0
    passed: bool = False
    done: bool = False
    collected: bool = False
    kept: str = ""
    extra_die: bool = False

    def knight(self, name: str) -> Knight:
        """The Knight called ``name``; ``KeyError`` if none."""
        for knight in self.knights:
            if knight.name == name:
                return knight
        raise KeyError(name)

    def with_knight(self, knight: Knight) -> Household:
        return replace(self, knights=tuple(knight if k.name == knight.name else k
                                           for k in self.knights))

    def promoted(self) -> int:
        """How many of the Knights are promoted (Crusader side up)."""
        return sum(k.promoted for k in self.knights)


@dataclass(frozen=True)
class Pending:
    """A choice a Perk or a location left to ``house`` (resolved before anything else happens):
    ``kind`` is the Perk kind (``place-token``, ``gain-die``, ``advance``,
    ``place-enhancement``, ``keep-enhancement``) or ``keep-token`` (keep one of the drawn
    Bravery Tokens in ``arg``); ``arg`` the colour, track or drawn tokens, ``n`` the spaces,
    ``source`` where it came from, in words."""

    house: str
    kind: str
    arg: str = ""
    n: int = 1
    source: str = ""


@dataclass(frozen=True)
class DieRoll:
    """One die of a joust roll.

    ``slot`` is the die's place (token slot, Equipment name, or ``"fealty"``); ``faces`` its
    first face then the face after each reroll, in order (the last one counts); ``rerolls``
    names the source of each reroll (``"squire"`` or ``"heros-fate"``); ``aftershocks`` are
    the further rolls of a Fealty Die after a 6; ``preset``: the first face was set by
    Targeting, not rolled.
    """

    slot: str
    faces: tuple[int, ...]
    rerolls: tuple[str, ...] = ()
    aftershocks: tuple[int, ...] = ()
    preset: bool = False

    @property
    def face(self) -> int:
        return self.faces[-1]

    def __str__(self) -> str:
        text = " to ".join(str(f) for f in self.faces)  # each re-roll: "3 to 5"
        if self.aftershocks:
            text += " then " + ", ".join(str(f) for f in self.aftershocks)
        return f"{self.slot}:{text}{' (set)' if self.preset else ''}"


@dataclass(frozen=True)
class KnightRoll:
    """The roll of one Household's Knight in a joust; ``convert`` is how many of its hits Mark
    of the Church turns into Morale."""

    house: str
    dice: tuple[DieRoll, ...]
    convert: int = 0

    def __str__(self) -> str:
        keep = f", {self.convert} hits to Morale" if self.convert else ""
        return f"{self.house} [{' '.join(str(d) for d in self.dice)}{keep}]"


@dataclass(frozen=True)
class JoustThrow:
    """The revealed joust while it is rolled (*Jousting Phase Tasks* 5-8), one step at a time.

    ``rolls`` holds one :class:`KnightRoll` per Household, the one with initiative first: the
    dice thrown so far, in the order the Knight rolls them (placed dice, Ability Card dice,
    the Fealty Die), each with its faces, rerolls and Aftershocks.  ``aimed``, ``kept`` and
    ``converted`` say, per Household, that its Targeting is chosen, its rerolls are over and
    its Mark of the Church conversion is chosen (``KnightRoll.convert``).  ``rerolling`` and
    ``source``: the dice a reroll picked that are still to be thrown, and the reroll's name
    (``squire``, ``heros-fate``, ``ability``), always the Knight whose rerolls are not over
    (a reroll of the second Knight marks the first one's over).  What waits next follows from these
    (:func:`tabletop.games.joust.throws.next_step`)."""

    rolls: tuple[KnightRoll, KnightRoll]
    aimed: tuple[bool, bool] = (False, False)
    kept: tuple[bool, bool] = (False, False)
    converted: tuple[bool, bool] = (False, False)
    rerolling: tuple[str, ...] = ()
    source: str = ""


@dataclass(frozen=True)
class JoustState:
    """A whole King's Champion position on The List.

    ``households`` are the two Households; ``initiative`` names the one with initiative this
    round; ``revealed`` and ``resolved`` count the jousts of this round whose tokens are face up
    and which are scored.  ``viewer`` is set only on a filtered view (``view_for``): the
    Household it was filtered for, or ``HIDDEN`` for the public view.

    The decks are card names, top first (the Enhancement deck, the shared Standard Ability
    deck and their discard piles); ``bag`` the Bravery Tokens in the bag, next draw first.
    They were shuffled from ``seed``; ``shuffles`` counts the shuffles since, so that each
    reshuffle is seeded too.  ``claimed`` lists the Worker Phase's claimed locations as
    ``(building, location index, house)``.  ``turn`` names the Household to act in the Draw,
    Worker and Ennoblement Phases.  ``pending`` holds the choices waiting, first first.
    ``throw`` is the revealed joust while it is rolled, step by step (``None`` before its
    first step and once it is scored).
    ``cards`` is the :class:`~tabletop.games.joust.cards.Catalog` in play (``None``: the
    shipped examples); it is the game's data, not its position, so it is not compared.
    """

    households: tuple[Household, Household]
    round: int = 1
    phase: str = "planning"
    initiative: str = ""
    revealed: int = 0
    resolved: int = 0
    title: str = ""
    notes: str = ""
    viewer: str | None = field(default=None, compare=True)
    seed: int = 0
    shuffles: int = 0
    enhancement_deck: tuple[str, ...] = ()
    enhancement_discard: tuple[str, ...] = ()
    ability_deck: tuple[str, ...] = ()
    ability_discard: tuple[str, ...] = ()
    bag: tuple[str, ...] = ()
    claimed: tuple[tuple[str, int, str], ...] = ()
    turn: str = ""
    pending: tuple[Pending, ...] = ()
    throw: JoustThrow | None = None
    cards: Any = field(default=None, compare=False, repr=False)

    def household(self, name: str) -> Household:
        """The Household called ``name``; ``KeyError`` if none."""
        for house in self.households:
            if house.name == name:
                return house
        raise KeyError(name)

    def rival(self, name: str) -> Household:
        """The other Household."""
        return next(h for h in self.households if h.name != name)

    def with_household(self, house: Household) -> JoustState:
        return replace(self, households=tuple(house if h.name == house.name else h
                                              for h in self.households))

    def in_order(self) -> tuple[Household, Household]:
        """The Households, the one with initiative first."""
        first = self.household(self.initiative)
        return first, self.rival(first.name)

    def find_knight(self, name: str) -> tuple[Household, Knight]:
        """The Household and Knight called ``name``; ``KeyError`` if none."""
        for house in self.households:
            for knight in house.knights:
                if knight.name == name:
                    return house, knight
        raise KeyError(name)

    def jousters(self, index: int) -> tuple[Knight, Knight] | None:
        """The two Knights of joust ``index`` (0-2), initiative Household first, or ``None``
        when an order is not set."""
        first, second = self.in_order()
        if len(first.order) <= index or len(second.order) <= index:
            return None
        return first.knight(first.order[index]), second.knight(second.order[index])


def is_token_slot(slot: str) -> bool:
    """Whether ``slot`` is written as a Bravery Token slot (ASCII digits) rather than an
    Equipment name."""
    return slot.isascii() and slot.isdigit()
