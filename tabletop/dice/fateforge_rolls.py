"""Fateforge Preparation Phase dice rules as pure functions: Energy Reroll and Three-of-a-Kind.

A hero rolls up to four combat or weapon dice ("Roll 4 combat dice"), then may, in any order,
once each per combat round: spend 1 energy to re-roll any number of dice showing a miss
(Energy Reroll), and, with three identical faces other than misses, change one result to a
result of their choice (Three-of-a-Kind).  :class:`Preparation` holds the roll and what has
been used; every function returns a new one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tabletop.dice.kinds import FF_RESULTS
from tabletop.dice.roll import Roll, reroll
from tabletop.errors import IllegalActionError

MAX_DICE = 4
ENERGY_REROLL = "Energy Reroll"
CHOOSABLE = tuple(result for result in FF_RESULTS if result != "MISS")


@dataclass(frozen=True)
class Preparation:
    """A hero's rolled dice in the Preparation Phase.

    ``changed`` is the Three-of-a-Kind change as ``(die, result)`` or ``None``;
    ``energy_rerolled`` says the Energy Reroll was used this round.
    """

    roll: Roll
    changed: tuple[int, str] | None = None
    energy_rerolled: bool = False

    def result(self, index: int) -> str:
        """The result die ``index`` gives: its face ("STEP/HIT" for a split face) or the
        result Three-of-a-Kind changed it to."""
        if self.changed and self.changed[0] == index:
            return self.changed[1]
        return self.roll.face(index).label

    def results(self) -> tuple[str, ...]:
        return tuple(self.result(i) for i in range(len(self.roll)))

    def misses(self) -> tuple[int, ...]:
        """The indices of the dice showing a miss."""
        return tuple(i for i, result in enumerate(self.results()) if result == "MISS")


def prepare(roll: Roll, max_dice: int = MAX_DICE) -> Preparation:
    """Start the Preparation Phase with ``roll`` (at most ``max_dice`` Fateforge dice).

    "You only ever roll a maximum of four dice per combat round ... unless a card or effect
    says otherwise" (Combat Dice Pool): pass the larger ``max_dice`` such a card gives.
    """
    wrong = [k for k in roll.kinds if not k.startswith("ff-")]
    if wrong:
        raise IllegalActionError(f"a Fateforge roll with {wrong[0]}",
                                 "heroes roll Fateforge combat and weapon dice")
    if len(roll) > max_dice:
        raise IllegalActionError(f"roll {len(roll)} dice", f"a hero rolls at most {max_dice} "
                                                           "dice per combat round")
    return Preparation(roll)


def energy_reroll(prep: Preparation, dice: Iterable[int], energy: int) -> tuple[Preparation, int]:
    """Spend 1 energy to re-roll any number of dice showing a miss (Energy Reroll).

    Once per combat round; every chosen die must show a miss; a hero with no energy left
    cannot spend it.  Returns the new preparation and the energy left.
    """
    chosen = sorted(set(dice))
    action = f"{ENERGY_REROLL} of dice {', '.join(str(i + 1) for i in chosen) or 'none'}"
    if prep.energy_rerolled:
        raise IllegalActionError(action, "the Energy Reroll is used once per combat round")
    if not chosen:
        raise IllegalActionError(action, "choose at least one die showing a miss")
    if energy < 1:
        raise IllegalActionError(action, "it costs 1 energy and you have none")
    misses = prep.misses()
    for index in chosen:
        if index not in misses:
            shown = prep.result(index) if 0 <= index < len(prep.roll) else "not in this roll"
            raise IllegalActionError(action, f"die {index + 1} is {shown}; only dice showing a "
                                             "miss are re-rolled")
    changed = prep.changed if prep.changed and prep.changed[0] not in chosen else None
    new = reroll(prep.roll, chosen, ENERGY_REROLL)
    return Preparation(new, changed, True), energy - 1


def _same_face(text: str) -> frozenset[str]:
    return frozenset(text.split("/"))


def three_of_a_kind(prep: Preparation) -> tuple[int, ...]:
    """The indices of three dice showing the same face, excluding misses; ``()`` if none.

    Three-of-a-Kind: "the faces must be exactly the same (colour may differ)".  Reading: a
    split face is the same face whichever result is printed first (STEP/HIT = HIT/STEP);
    SKILL HIT is not HIT.  A result changed by Three-of-a-Kind does not count.
    """
    groups: dict[frozenset[str], list[int]] = {}
    for index in range(len(prep.roll)):
        label = prep.roll.face(index).label
        if label != "MISS" and not (prep.changed and prep.changed[0] == index):
            groups.setdefault(_same_face(label), []).append(index)
    for indices in groups.values():
        if len(indices) >= 3:
            return tuple(indices[:3])
    return ()


def change_result(prep: Preparation, die: int, result: str) -> Preparation:
    """Three-of-a-Kind: change die ``die`` to ``result``, once per combat round.

    Needs three identical faces other than misses; ``result`` is any combat result but a
    miss (STEP, HIT, SKILL HIT, SHOT, SKILL SHOT, FOCUS).
    """
    wanted = " ".join(result.split()).upper()
    action = f"Three-of-a-Kind: change die {die + 1} to {wanted}"
    if prep.changed is not None:
        raise IllegalActionError(action, "Three-of-a-Kind changes one result per combat round")
    if not three_of_a_kind(prep):
        raise IllegalActionError(action, "it needs three identical faces other than misses")
    if not 0 <= die < len(prep.roll):
        raise IllegalActionError(action, f"die {die + 1} is not in this roll")
    if wanted not in CHOOSABLE:
        raise IllegalActionError(action, f"choose one of {', '.join(CHOOSABLE)}")
    return Preparation(prep.roll, (die, wanted), prep.energy_rerolled)
