"""Which dice the tray offers per game, and which re-roll rule it applies to a throw.

The tray throws one game's dice at a time (a *family*).  Re-rolling chosen dice applies that
game's rule: Kingdoms Forlorn d10 by Heat (+1 Heat per die, an Attack Roll when the white Crit
die is in the throw, else a Test), Kingdoms Forlorn Power dice by Power Re-roll effects (never
Heat), King's Champion by Hero's Fate, Fateforge by the Energy Reroll of misses (1 energy).
A game's own roll button may pass the tray its own rule instead (with the Knight's real Heat,
say); the free tray (key D) assumes Heat 0 of 9 and energy to spend.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from tabletop.dice import fateforge_rolls, joust_rolls
from tabletop.dice.kingdoms_forlorn import (
    DICE_LIMITS,
    POWER_KINDS,
    TIERS,
    declare_rerolls,
    heat_cost,
)
from tabletop.dice.roll import Roll
from tabletop.errors import IllegalActionError


@dataclass(frozen=True)
class Family:
    """One game's dice in the tray: its key, title, kinds offered, and a first throw."""

    key: str
    title: str
    kinds: tuple[str, ...]
    default: tuple[str, ...]


FAMILIES: tuple[Family, ...] = (
    Family("kf-d10", "Kingdoms Forlorn d10", ("kf-d10-white", "kf-d10"),
           ("kf-d10-white", "kf-d10", "kf-d10")),
    Family("kf-power", "Kingdoms Forlorn Power/Armor d6",
           ("kf-power-red", "kf-power-black", "kf-power-white"),
           ("kf-power-red", "kf-power-red", "kf-power-black")),
    Family("kc", "King's Champion", ("kc-white", "kc-green", "kc-red", "kc-black"),
           ("kc-white", "kc-green", "kc-black")),
    Family("ff", "Fateforge", ("ff-red", "ff-yellow", "ff-blue", "ff-green", "ff-melee",
                               "ff-ranged"), ("ff-red", "ff-yellow", "ff-blue", "ff-green")),
)

KIND_WORDS: dict[str, str] = {
    "kf-d10-white": "white Crit d10", "kf-d10": "black d10",
    "kf-power-red": "red Power", "kf-power-black": "black Power",
    "kf-power-white": "white Power",
    "kc-white": "white", "kc-green": "green", "kc-red": "red", "kc-black": "black Fealty",
    "ff-red": "red strength", "ff-yellow": "yellow speed", "ff-blue": "blue ranged",
    "ff-green": "green intelligence", "ff-melee": "melee weapon", "ff-ranged": "ranged weapon",
}
"""Each kind the tray offers, named in words as its family's rulebook names it (the palette
shows these beside the dice; ``tabletop roll`` spells the kinds by their ids)."""


def kind_words(kind: str) -> str:
    """The die ``kind`` in words for the tray's palette (its id when it has none)."""
    return KIND_WORDS.get(kind, kind)


GAME_FAMILY = {"clash": "kf-d10", "kingdom": "kf-d10", "joust": "kc", "fateforge": "ff"}
"""The family the tray opens with for each registered game (others: the first family)."""


def family_of(kind: str) -> Family:
    """The :class:`Family` a die kind belongs to."""
    for family in FAMILIES:
        if kind in family.kinds:
            return family
    raise IllegalActionError(f"a {kind} in the tray", "the tray has no such die")


def family_for_game(game: str) -> Family:
    """The family the tray opens with for the game called ``game``."""
    key = GAME_FAMILY.get(game, FAMILIES[0].key)
    return next(family for family in FAMILIES if family.key == key)


def box_limit(kinds: Sequence[str]) -> str | None:
    """Why ``kinds`` cannot be thrown in the tray, in words, or ``None`` when they can.

    The Kingdoms Forlorn Power/Armor d6 "are limited by the number of dice provided in the
    game box" (Dice, p. 14): 7 red, 4 black, 3 white (Power Dice Tiers and Limits, p. 59),
    where the rule also says what to roll instead.
    """
    for position, tier in enumerate(TIERS):
        count, limit = list(kinds).count(POWER_KINDS[tier]), DICE_LIMITS[tier]
        if count > limit:
            instead = (f"two {tier} become one {TIERS[position + 1]}"
                       if position + 1 < len(TIERS) else
                       f"each {tier} die past them is +1 Power and 1 Potential instead")
            return (f"the box holds {limit} {tier} Power dice: past them, {instead} "
                    "(Power Dice Tiers and Limits)")
    return None


def _family(roll: Roll) -> Family:
    families = {family_of(kind).key for kind in roll.kinds}
    if len(families) != 1:
        raise IllegalActionError("re-roll", "the tray re-rolls one game's dice at a time")
    return family_of(roll.kinds[0])


def _d10_roll_type(roll: Roll) -> str:
    return "attack" if len(roll.indices("kf-d10-white")) == 1 else "test"


def reroll_cost(roll: Roll, chosen: Collection[int]) -> str:
    """What re-rolling ``chosen`` would cost or use, in words ("+2 Heat", "Hero's Fate")."""
    if not chosen:
        return ""
    key = _family(roll).key
    if key == "kf-d10":
        return f"+{heat_cost(len(chosen))} Heat"
    if key == "kf-power":
        return f"{len(chosen)} Power Re-roll{'s' if len(chosen) > 1 else ''} (never Heat)"
    if key == "kc":
        return joust_rolls.HEROS_FATE
    return "Energy Reroll: 1 energy"


def tray_reroll(roll: Roll, chosen: Collection[int],
                change: tuple[int, str] | None = None) -> tuple[Roll, str]:
    """Re-roll ``chosen`` by the rule of the throw's game; returns the roll and what it cost.

    ``change`` is a Fateforge Three-of-a-Kind change already made (``(die, result)``).
    Raises :class:`IllegalActionError` naming the rule when the rule forbids it (a second
    re-roll in Kingdoms Forlorn, Hero's Fate twice, a Fateforge die that is not a miss, ...).
    """
    if not chosen:
        raise IllegalActionError("re-roll", "click the dice to re-roll first")
    key = _family(roll).key
    cost = reroll_cost(roll, chosen)
    if key == "kf-d10":
        done = declare_rerolls(roll, dict.fromkeys(chosen, "heat"),
                               roll_type=_d10_roll_type(roll))
        return done.roll, cost
    if key == "kf-power":
        done = declare_rerolls(roll, dict.fromkeys(chosen, "reroll"), roll_type="power",
                               effect_rerolls=len(chosen))
        return done.roll, cost
    if key == "kc":
        return joust_rolls.heros_fate(roll, chosen), cost
    new, _ = fateforge_rolls.energy_reroll(_preparation(roll, change), chosen, energy=1)
    return new.roll, cost


def _preparation(roll: Roll, change: tuple[int, str] | None) -> fateforge_rolls.Preparation:
    used = any(step.reason == fateforge_rolls.ENERGY_REROLL for step in roll.steps)
    return fateforge_rolls.Preparation(roll, change, used)


def three_of_a_kind_change(roll: Roll, die: int, result: str,
                           change: tuple[int, str] | None = None) -> tuple[int, str]:
    """The Fateforge Three-of-a-Kind change of die ``die`` to ``result`` (see
    :func:`~tabletop.dice.fateforge_rolls.change_result`: once, needs three identical faces
    other than misses, any result but a miss)."""
    if _family(roll).key != "ff":
        raise IllegalActionError("Three-of-a-Kind", "it is a Fateforge rule")
    done = fateforge_rolls.change_result(_preparation(roll, change), die, result)
    assert done.changed is not None
    return done.changed


def finish(roll: Roll) -> Roll:
    """The roll as handed to the rules: King's Champion rolls its Aftershocks now (after the
    re-rolls, Jousting Phase step 7); other games' rolls are unchanged.  Idempotent."""
    if any(kind.startswith("kc-") for kind in roll.kinds) and not any(
            step.reason == joust_rolls.AFTERSHOCK for step in roll.steps):
        return joust_rolls.resolve_aftershocks(roll)
    return roll
