"""Clash actions: small frozen values with a readable ``str`` for the log and the status line.

Turn actions (rulebook *Knight Round*): :class:`StartTurn`, :class:`MoveKnight`,
:class:`MoveLike`, :class:`Motivate`, :class:`Vault`, :class:`Attack`, :class:`EndTurn`,
:class:`EndMonsterRound`.
Monster actions (*Monster Round*): :class:`ResolveActivation`, :class:`DefeatMob`,
:class:`TurnMonster`, :class:`MonsterMove`.
Forced movement (*Involuntary Movement*, *Keyword List*): :class:`Forced`.
Vantage Points (*Vantage Points*): :class:`CreateVantagePoint`, :class:`Climb`,
:class:`FallFromVantage`.  Bookkeeping: :class:`SetStat`, :class:`SetDivineTarget`.
Edit mode: :class:`PlaceKnight`, :class:`PlaceMonster`,
:class:`AddTerrain`, :class:`MovePiece`, :class:`RotateMonster`, :class:`RemovePiece`.

Actions that may have several outcomes the players choose between carry ``option``: the index
into the outcomes that :func:`tabletop.games.clash.rules.outcomes` lists (``None`` when there
is only one).
"""

from __future__ import annotations

import re
from typing import ClassVar

from tabletop.frozen import Frozen
from tabletop.games.choices import Choice
from tabletop.games.clash import forced_kinds, movement_types
from tabletop.spatial.grid import Space, labels


class Weapon(Frozen):
    """A weapon's effective range (rulebook *Combat Action*, *Keyword List*).

    ``kind`` is ``melee`` (adjacent), ``reach`` (range 1 to ``high``) or ``ranged`` (range
    ``low`` to ``high``); ``unwieldy`` allows only targets in a straight cardinal line.
    """

    kind: str = "melee"
    low: int = 1
    high: int = 1
    unwieldy: bool = False

    @classmethod
    def parse(cls, text: str) -> Weapon:
        """``melee``, ``reach 2``, ``ranged 2-5`` (or ``2–5``), each optionally ``unwieldy``."""
        words = text.lower().replace("–", "-").split()
        unwieldy = "unwieldy" in words
        words = [w for w in words if w != "unwieldy"]
        spec = "".join(words)
        if spec in ("", "melee"):
            return cls("melee", 1, 1, unwieldy)
        match = re.fullmatch(r"reach([0-9]{1,3})", spec)
        if match and int(match.group(1)) >= 1:
            return cls("reach", 1, int(match.group(1)), unwieldy)
        match = re.fullmatch(r"ranged([0-9]{1,3})-([0-9]{1,3})", spec)
        if match and 1 <= int(match.group(1)) <= int(match.group(2)):
            return cls("ranged", int(match.group(1)), int(match.group(2)), unwieldy)
        raise ValueError(f"{text!r} is not a weapon (melee, reach X, ranged X-Y, "
                         f"optionally unwieldy)")

    def problem(self) -> str | None:
        """Why this is no weapon the rules know (an unknown kind, a range not from 1 up), or
        ``None`` for a good one."""
        if self.kind not in ("melee", "reach", "ranged") or not 1 <= self.low <= self.high:
            return (f"{self.kind!r} with range {self.low} to {self.high} is not a weapon "
                    f"(melee, reach X, ranged X-Y)")
        return None

    def __str__(self) -> str:
        base = {"melee": "Melee", "reach": f"Reach {self.high}",
                "ranged": f"Ranged {self.low}–{self.high}"}.get(self.kind, repr(self.kind))
        return base + (", Unwieldy" if self.unwieldy else "")


class StartTurn(Frozen):
    """The players pick ``knight`` to take its turn; the Refresh step follows."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("knight", "which Knight takes its turn"),
    )

    knight: str

    def __str__(self) -> str:
        return f"{self.knight} begins a turn"


class MoveKnight(Frozen):
    """``knight``'s Movement Action to ``to`` (rulebook *Movement Action*)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("to", "which space to move to"),
    )

    knight: str
    to: Space

    def __str__(self) -> str:
        return f"{self.knight} moves to {self.to}"


MOVE_LIKE = {"reflex": 1, "advanced reflex": 2, "superior reflex": 3, "reposition": None,
             "motivate": None, "hug": None}
"""Move-like abilities (rulebook *Move-Like Abilities*): spaces allowed, ``None`` = X given."""


class MoveLike(Frozen):
    """``knight`` moves to ``to`` with a move-like ability (Reflex, Reposition X, Motivate X
    taken whole by one Knight, Hug X), which is not its Movement Action.  For a Hug in the
    first ability window, ``target`` and ``weapon`` are the Monster attacked and the active
    weapon: the Hug must keep the Monster in the weapon's effective range."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("to", "which space to move to"),
        Choice("target", "which Monster"),
        Choice("weapon", "which weapon"),
        Choice("amount", "how far", may=True),
    )

    knight: str
    ability: str
    to: Space
    amount: int = 0
    target: str | None = None
    weapon: Weapon | None = None

    def __str__(self) -> str:
        name = self.ability.title() + (f" {self.amount}" if self.amount else "")
        window = f" (first ability window, attacking {self.target})" if self.target else ""
        return f"{self.knight} moves to {self.to} with {name}{window}"


class Motivate(Frozen):
    """``knight``'s Motivate ``amount``: other Knights move, one after another, each to its
    space in ``moves`` (pairs of Knight name and space), sharing the X spaces among them
    (rulebook *Keyword List: Motivate X*)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("moves", "which Knights move where", may=True),
    )

    knight: str
    amount: int
    moves: tuple[tuple[str, Space], ...]

    def __str__(self) -> str:
        moved = ", ".join(f"{name} to {to}" for name, to in self.moves) or "nobody"
        return f"{self.knight} Motivates {self.amount}: {moved}"


class Rush(Frozen):
    """``knight``'s Movement Action with Rush (``improved``: Improved Rush) toward ``monster``,
    ending on ``to``, to attack it with ``weapon`` (rulebook *Keyword List: Rush*)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("monster", "which Monster"),
        Choice("to", "which space"),
        Choice("weapon", "which weapon"),
        Choice("improved", "whether to use Improved Rush", may=True),
    )

    knight: str
    monster: str
    to: Space
    weapon: Weapon = Weapon()
    improved: bool = False

    def __str__(self) -> str:
        name = "Improved Rush" if self.improved else "Rush"
        return f"{self.knight} uses {name} to {self.to} toward {self.monster}"


class Vault(Frozen):
    """``knight`` Vaults over the adjacent ``monster`` (rulebook *Keyword List: Vault*)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("monster", "which Monster"),
        Choice("option", "which landing space"),
    )

    knight: str
    monster: str
    option: int | None = None

    def __str__(self) -> str:
        return f"{self.knight} Vaults over {self.monster}"


class Attack(Frozen):
    """``knight``'s Combat Action: an attack on ``monster`` with ``weapon``."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("monster", "which Monster to attack"),
        Choice("weapon", "which weapon"),
    )

    knight: str
    monster: str
    weapon: Weapon = Weapon()

    def __str__(self) -> str:
        return f"{self.knight} attacks {self.monster} with a {self.weapon} weapon"


class EndTurn(Frozen):
    """``knight`` declares its turn over (rulebook *Knight Turns*)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    knight: str

    def __str__(self) -> str:
        return f"{self.knight} ends the turn"


class EndMonsterRound(Frozen):
    """The Monster Round is over; the Knight Round begins (rulebook *Clash Sequence*)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    def __str__(self) -> str:
        return "End the Monster Round"


class ResolveActivation(Frozen):
    """Resolve the next ready Activation token (rulebook *Resolving Activations*); the
    Activation itself (card, Targeting, Movement, Attack) is the players' to play out."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    def __str__(self) -> str:
        return "Resolve the next Activation"


class DefeatMob(Frozen):
    """``mob`` is defeated: it leaves the board and its BP card the Mob track; the Activation
    tokens it held move on unflipped (rulebook *Resolving Activations*, Mob Clash)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    mob: str

    def __str__(self) -> str:
        return f"{self.mob} is defeated"


class TurnMonster(Frozen):
    """Turn ``monster`` in place (rulebook *Monster Turning*) to ``facing``: a direction, a
    piece or space to turn toward, or ``"most knights"`` (a Mob when spawned)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("facing", "which way it turns when the players choose"),
    )

    monster: str
    facing: str

    def __str__(self) -> str:
        return f"{self.monster} turns to face {self.facing}"


MOVEMENT_TYPES = tuple(movement_types.BY_NAME)
"""Monster Movement Types (rulebook *Monster Movement Types*), from the table in
:mod:`tabletop.games.clash.movement_types`."""


class MonsterMove(Frozen):
    """``monster`` moves toward ``target`` (a Knight's name, or a space for Move to X/Appear X)
    with movement type ``how``; ``limit`` caps the spaces moved (``None``: as far as needed);
    ``attack_range`` is the Range X of the attack that follows (Ranged stops when in range);
    ``zone`` the X of a Zone attack that follows (Move Lateral seeks a space whose Zone X
    takes the Target; 0: not a Zone attack)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("option", "which of the equal outcomes (the players choose ties)"),
    )

    monster: str
    target: str
    how: str = "move"
    limit: int | None = None
    attack_range: int = 1
    option: int | None = None
    zone: int = 0

    def __str__(self) -> str:
        cap = f" (at most {self.limit} spaces)" if self.limit is not None else ""
        target = (f"the {self.target}" if self.target in ("north", "east", "south", "west")
                  else self.target)
        phrase = _MOVE_PHRASES.get(self.how, self.how.title() + " toward {}")
        return f"{self.monster}: {phrase.format(target)}{cap}"


_MOVE_PHRASES = {"move": "Move toward {}", "move behind": "Move Behind {}",
                 "move lateral": "Move Lateral toward {}", "jump": "Jump toward {}",
                 "land on top": "Land on Top of {}", "appear behind": "Appear Behind {}",
                 "appear": "Appear on {}", "move to": "Move to {}"}
"""Each Monster Movement Type said with its Target, in the rulebook's words (*Monster
Movement Types*: "Move to X", "Land on Top ... a space currently occupied by the Target")."""


ATTACK_KINDS = ("melee", "range", "zone", "wave")
"""Monster attack geometry (rulebook *Attack Types*); Simultaneous and Sequential are flags."""


class MonsterAttack(Frozen):
    """``monster`` attacks ``targets`` (Knight names; ignored for Zone and Wave, whose Targets
    are the Knights in the area) with a ``kind`` attack of reach ``x``; ``simultaneous`` or
    ``sequential`` for attacks against several Targets (rulebook *Monster Attack*)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("option", "which of the equal outcomes (the players choose ties)"),
    )

    monster: str
    targets: tuple[str, ...] = ()
    kind: str = "melee"
    x: int = 1
    simultaneous: bool = False
    sequential: bool = False
    option: int | None = None

    def __str__(self) -> str:
        what = self.kind.title() + (f" {self.x}" if self.kind != "melee" else "")
        whom = f" on {', '.join(self.targets)}" if self.targets else ""
        return f"{self.monster}: {what} attack{whom}"


class RecordWound(Frozen):
    """``knight`` wounded the Monster: it becomes the Last Knight to Wound."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    knight: str

    def __str__(self) -> str:
        return f"{self.knight} wounds the Monster"


FORCED_KINDS = tuple(forced_kinds.BY_NAME)
"""Involuntary movements (rulebook *Involuntary Movement*, *Keyword List*), from the table in
:mod:`tabletop.games.clash.forced_kinds`."""


class Forced(Frozen):
    """``source`` forces ``kind`` of ``amount`` on ``target`` (Knockback, Pushback, Pull …);
    ``toward`` is the space of "Pushback toward"/"Drag toward", ``option`` the chosen outcome;
    ``reduction`` is the total of the effects that reduce this involuntary movement (rulebook
    *Involuntary Movement Reduction*); ``direction`` the direction of a directional Knockback
    (``left``, ``right``, ``forward``, ``back`` relative to the source's facing, or a compass
    direction); ``weapon`` the active weapon when a Knight source causes it in an ability
    window of its Attack (a Ranged X–Y weapon forbids Pushback X: *Keyword List: Pushback X*,
    Knight Timing)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("option", "which of the equal outcomes (the players choose ties)"),
        Choice("direction", "which direction"),
    )

    kind: str
    source: str
    target: str
    amount: int = 0
    toward: Space | None = None
    option: int | None = None
    reduction: int = 0
    direction: str | None = None
    weapon: Weapon | None = None

    def __str__(self) -> str:
        amount = f" {self.amount}" if self.amount else ""
        toward = f" toward {self.toward}" if self.toward else ""
        way = f" {forced_kinds.in_words(self.direction)}" if self.direction else ""
        less = f", reduced by {self.reduction}" if self.reduction else ""
        attack = f", in an Attack with a {self.weapon} weapon" if self.weapon else ""
        return (f"{self.source}: {self.kind.title()}{amount}{way} on {self.target}{toward}"
                f"{less}{attack}")


class SetStat(Frozen):
    """The players set ``knight``'s Vigor, Heat or Passion (``value``), or its Knockdown card
    (``value`` 0 none, 1 falling down, 2 standing up), as the physical tracks say; a
    Knockdown on a Vantage Point Displaces the Knight first (``option``: where)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("option", "where a displaced Knight goes"),
    )

    knight: str
    stat: str
    value: int
    option: int | None = None

    def __str__(self) -> str:
        return f"Set {self.knight}'s {self.stat.title()} to {self.value}"


class SetDivineTarget(Frozen):
    """``knight`` gains the Divine Target token (``None``: nobody holds it), as a Trait or
    other effect says (rulebook *Divine Target*)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    knight: str | None

    def __str__(self) -> str:
        if self.knight is None:
            return "Nobody holds the Divine Target token"
        return f"{self.knight} becomes the Divine Target"


class CreateVantagePoint(Frozen):
    """A card or effect creates (unlocks) ``monster``'s Vantage Point on board space ``at``
    (rulebook *Vantage Points*, "Creating VPs")."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    monster: str
    at: Space

    def __str__(self) -> str:
        return f"Create {self.monster}'s Vantage Point on {self.at}"


class Climb(Frozen):
    """``knight``, adjacent to ``monster``, performs a Climb test as a free action for the
    Vantage Point on ``at``; ``passed`` is the test's result as the players rolled it
    (rulebook *Vantage Points*, "Climbing a VP")."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    knight: str
    monster: str
    at: Space
    passed: bool = True

    def __str__(self) -> str:
        result = "passes" if self.passed else "fails"
        return f"{self.knight} {result} a Climb test for {self.monster}'s Vantage Point {self.at}"


class FallFromVantage(Frozen):
    """``knight`` failed its Hold on test (or falls by another effect) and comes down from its
    Vantage Point to a space adjacent to the Monster (rulebook *Vantage Points*)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("option", "where the Knight comes down"),
    )

    knight: str
    option: int | None = None

    def __str__(self) -> str:
        return f"{self.knight} falls from the Vantage Point"


class PlaceKnight(Frozen):
    """Edit mode: a new Knight ``name`` on ``at``."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    name: str
    at: Space
    speed: int = 4

    def __str__(self) -> str:
        return f"Place Knight {self.name} on {self.at}"


class PlaceMonster(Frozen):
    """Edit mode: a new Monster ``name`` with its north-west space on ``at``."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    name: str
    kind: str
    at: Space
    size: int = 1
    facing: str = "south"

    def __str__(self) -> str:
        return f"Place {self.kind} {self.name} (size {self.size}) on {self.at}"


class AddTerrain(Frozen):
    """Edit mode: a new Terrain tile ``name`` over ``spaces`` with ``keywords``."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    name: str
    spaces: tuple[Space, ...]
    keywords: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"Add terrain {self.name} on {', '.join(labels(self.spaces))}"


class PlaceTerrain(Frozen):
    """In play: a Terrain tile ``name`` placed over ``spaces`` as a card or trait says, with the
    rulebook's placement rules (``AddTerrain`` is edit mode's plain placement).  ``supply`` is
    how many tiles of this type the game has (0: as many as needed): with all of them on the
    board, the one furthest from the Monster is removed first."""

    CHOICES: ClassVar[tuple[Choice, ...]] = (
        Choice("option", "which placement"),
    )

    name: str
    spaces: tuple[Space, ...]
    keywords: tuple[str, ...] = ()
    option: int | None = None
    supply: int = 0

    def __str__(self) -> str:
        return f"Place {self.name} on {', '.join(labels(self.spaces))}"


class MovePiece(Frozen):
    """Edit mode: move the Knight, Monster or Terrain tile ``name`` so that its north-west
    space is ``to`` (a Terrain tile keeps its shape)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    name: str
    to: Space

    def __str__(self) -> str:
        return f"Move {self.name} to {self.to}"


class RotateMonster(Frozen):
    """Edit mode: set ``monster``'s facing (``None``: a quarter turn clockwise)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    monster: str
    facing: str | None = None

    def __str__(self) -> str:
        return f"Rotate {self.monster}" + (f" to face {self.facing}" if self.facing else "")


class RemovePiece(Frozen):
    """Edit mode: remove the Knight, Monster or Terrain tile ``name``."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    name: str

    def __str__(self) -> str:
        return f"Remove {self.name}"


class ActivateFromCards(Frozen):
    """Run the next Monster Activation from the cards (rulebook *Resolving Activations*: Draw
    AI or resolve Signature, Targeting, Movement, Attack, After Attack) on a board with card
    files; the players answer its questions with :class:`Choose`, :class:`DeclareRerolls`
    and :class:`Throw` (``docs/clash-sequences.md``)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    def __str__(self) -> str:
        return "Run the next Monster Activation from the cards"


class AttackFromCards(Frozen):
    """``knight`` attacks ``monster`` with its weapon Gear card ``weapon``, played from the
    cards (rulebook *Combat Action*: Attack Roll, BP card, Power Roll, Responses, Wounds and
    Escalation); the players answer its questions as for :class:`ActivateFromCards`."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    knight: str
    monster: str
    weapon: str

    def __str__(self) -> str:
        return f"{self.knight} attacks {self.monster} with {self.weapon}"


class Choose(Frozen):
    """Answer a card sequence's question by its option ``index`` (0 is the first)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    index: int

    def __str__(self) -> str:
        return f"Choose option {self.index + 1}"


class DeclareRerolls(Frozen):
    """Declare the re-rolls of a card sequence's roll, all at once (rulebook *Dice
    Re-rolls*): each ``(die index, source)`` re-rolls that die by ``"heat"`` (+1 Heat) or by a
    free re-roll (``"reroll"``); none keeps the roll."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    dice: tuple[tuple[int, str], ...] = ()

    def __str__(self) -> str:
        if not self.dice:
            return "Keep the roll"
        return "Re-roll " + ", ".join(
            f"die {i + 1} ({'+1 Heat' if how == 'heat' else 'free re-roll'})"
            for i, how in self.dice)


class Throw(Frozen):
    """The dice of a card sequence's roll landed showing ``faces`` (each thrown die's face
    index, in the order the roll asks for them; a re-roll: the re-rolled dice only)."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()

    faces: tuple[int, ...]

    def __str__(self) -> str:
        return "The dice land"


SEQUENCE_STARTS = (ActivateFromCards, AttackFromCards)
"""The actions that start a card sequence."""
SEQUENCE_ANSWERS = (Choose, DeclareRerolls, Throw)
"""The actions that answer a running card sequence's question."""
