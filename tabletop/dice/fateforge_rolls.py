"""Fateforge Preparation Phase dice rules as pure functions: Energy Reroll and Three-of-a-Kind.

A hero rolls up to four combat or weapon dice ("Roll 4 combat dice"), then may, in any order,
once each per combat round: spend 1 energy to re-roll any number of dice showing a miss
(Energy Reroll), and, with three identical faces other than misses, change one result to a
result of their choice (Three-of-a-Kind).  :class:`Preparation` holds the roll and what has
been used; every function returns a new one.

The rules themselves are checked on plain result words, so that the dice tray (on
:class:`Roll` objects) and the Fateforge rules core (on the results a hero holds, written
``skill-hit`` or ``step/hit``) apply the same code: :func:`three_of_a_kind_dice`,
:func:`check_energy_reroll` and :func:`check_change`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tabletop.dice.kinds import FF_RESULTS
from tabletop.dice.roll import Roll, reroll
from tabletop.errors import IllegalActionError
from tabletop.wording import numbered

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


def die_word(kind: str) -> str:
    """A Fateforge die kind as players name it, the word before "die": its colour for a
    combat die (``"red"``), ``"melee weapon"`` or ``"ranged weapon"`` for a weapon die (the
    colours and weapons of the rulebook's *Combat Dice Pool* and *Weapons*); a kind not of
    Fateforge keeps its name."""
    word = kind.lower().removeprefix("ff-")
    return f"{word} weapon" if word in ("melee", "ranged") else word


def result_label(text: str) -> str:
    """``text`` as a die label: ``"skill-hit"`` -> ``"SKILL HIT"``, ``"step/hit"`` ->
    ``"STEP/HIT"`` (the rules core writes results lower-case with hyphens)."""
    return "/".join(" ".join(part.replace("-", " ").split()).upper()
                    for part in text.split("/"))


def _same_face(text: str) -> frozenset[str]:
    return frozenset(result_label(text).split("/"))


def three_of_a_kind_dice(results: Sequence[str], changed: int | None = None
                         ) -> tuple[int, ...]:
    """The indices of three dice of ``results`` showing the same face, misses excluded;
    ``()`` if none.  ``changed`` is a die Three-of-a-Kind already changed (it does not count).

    Three-of-a-Kind: "the faces must be exactly the same (colour may differ)".  Reading: a
    split face is the same face whichever result is printed first (STEP/HIT = HIT/STEP);
    SKILL HIT is not HIT.  Results may be die labels or the rules core's words.
    """
    groups: dict[frozenset[str], list[int]] = {}
    for index, text in enumerate(results):
        if result_label(text) != "MISS" and index != changed:
            groups.setdefault(_same_face(text), []).append(index)
    for indices in groups.values():
        if len(indices) >= 3:
            return tuple(indices[:3])
    return ()


def check_energy_reroll(results: Sequence[str], dice: Iterable[int], energy: int,
                        used: bool) -> tuple[int, ...]:
    """The chosen ``dice`` (sorted) if an Energy Reroll of them is allowed; raises
    :class:`IllegalActionError` naming the rule otherwise.

    Energy Reroll (Preparation Phase): spend 1 energy to re-roll any number of dice showing
    a miss, once per combat round.  ``results`` are the dice's results now, ``energy`` the
    hero's available energy, ``used`` whether the Energy Reroll was used this round.
    """
    chosen = tuple(sorted(set(dice)))
    picked = numbered("die", (i + 1 for i in chosen)) if chosen else "no dice"
    action = f"{ENERGY_REROLL} of {picked}"
    misses = [i for i, text in enumerate(results) if result_label(text) == "MISS"]
    if used:
        raise IllegalActionError(action, "the Energy Reroll is used once per combat round")
    if not chosen:
        raise IllegalActionError(action, "choose at least one die showing a miss" if misses
                                 else "there is no miss to re-roll (Energy Reroll re-rolls "
                                      "only dice showing a miss)")
    if energy < 1:
        raise IllegalActionError(action, "it costs 1 energy and you have none")
    for index in chosen:
        if index not in misses:
            shown = (result_label(results[index]) if 0 <= index < len(results)
                     else "not in this roll")
            raise IllegalActionError(action, f"die {index + 1} is {shown}; only dice showing a "
                                             "miss are re-rolled")
    return chosen


def check_change(results: Sequence[str], die: int, result: str, used: bool,
                 changed: int | None = None) -> str:
    """The result (a die label such as ``"SKILL HIT"``) that Three-of-a-Kind may change die
    ``die`` of ``results`` to; raises :class:`IllegalActionError` naming the rule otherwise.

    Three-of-a-Kind (Preparation Phase): with three identical faces other than misses, change
    one result to a result of your choice, once per combat round: any combat result but a
    miss (STEP, HIT, SKILL HIT, SHOT, SKILL SHOT, FOCUS).  ``used`` says it was used this
    round; ``changed`` is the die it changed (not counted in the three).
    """
    wanted = result_label(result)
    action = f"Three-of-a-Kind: change die {die + 1} to {wanted}"
    if used:
        raise IllegalActionError(action, "Three-of-a-Kind is once per round: it changes one "
                                         "result per combat round")
    if not three_of_a_kind_dice(results, changed):
        raise IllegalActionError(action, "there are no three identical faces other than misses "
                                         "(Three-of-a-Kind needs them)")
    if not 0 <= die < len(results):
        raise IllegalActionError(action, f"die {die + 1} is not in this roll")
    if wanted not in CHOOSABLE:
        raise IllegalActionError(action, f"choose one of {', '.join(CHOOSABLE)}")
    return wanted


def energy_reroll(prep: Preparation, dice: Iterable[int], energy: int) -> tuple[Preparation, int]:
    """Spend 1 energy to re-roll any number of dice showing a miss (Energy Reroll).

    Once per combat round; every chosen die must show a miss; a hero with no energy left
    cannot spend it (checked by :func:`check_energy_reroll`).  Returns the new preparation
    and the energy left.
    """
    chosen = check_energy_reroll(prep.results(), dice, energy, prep.energy_rerolled)
    changed = prep.changed if prep.changed and prep.changed[0] not in chosen else None
    new = reroll(prep.roll, chosen, ENERGY_REROLL)
    return Preparation(new, changed, True), energy - 1


def three_of_a_kind(prep: Preparation) -> tuple[int, ...]:
    """The indices of three dice showing the same face, excluding misses; ``()`` if none
    (:func:`three_of_a_kind_dice` of the faces rolled; a changed result does not count)."""
    return three_of_a_kind_dice(prep.roll.labels(), prep.changed[0] if prep.changed else None)


def change_result(prep: Preparation, die: int, result: str) -> Preparation:
    """Three-of-a-Kind: change die ``die`` to ``result``, once per combat round (checked by
    :func:`check_change`)."""
    changed = prep.changed[0] if prep.changed else None
    wanted = check_change(prep.roll.labels(), die, result, prep.changed is not None, changed)
    return Preparation(prep.roll, (die, wanted), prep.energy_rerolled)
