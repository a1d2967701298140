"""Kingdoms Forlorn dice rules as pure functions on rolls.

Implements (rulebook sections named in each docstring): d10 results with the natural 10 and
natural 1 rules and the white Crit die of every Attack and Evasion Roll; the d100; Power and
Armor Rolls on the d6 with the dice limits and the tier-up rule; and re-rolls (declared all at
once, each die once per roll, +1 Heat per die, Heat only for Attack, Evasion and Tests).
Where a rule leaves room, the reading worst for the Knights is taken ("Will of the Graal");
every reading is listed in docs/dice.md.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from tabletop.dice.roll import Roll, reroll
from tabletop.errors import IllegalActionError
from tabletop.wording import counted

D10_KINDS = ("kf-d10", "kf-d10-white")
CRIT_KIND = "kf-d10-white"
# Power dice tiers, lowest first.  The worked examples of "Power Dice Tiers and Limits"
# (p. 59: 8 red -> 6 red + 1 black; 4 white -> 3 white + 1 Power + 1 Potential) and the
# Reinforce / Advanced Reinforce / Superior Reinforce keywords (red, black, white dice) put
# white on top; see docs/dice.md for the sentence that says otherwise.
TIERS = ("red", "black", "white")
POWER_KINDS = {tier: f"kf-power-{tier}" for tier in TIERS}
DICE_LIMITS = {"red": 7, "black": 4, "white": 3}
HEAT_LIMIT = 9
HEAT_PER_DIE = 1

ROLL_TYPES = ("attack", "evasion", "test", "power", "armor", "other")
HEAT_ROLLS = ("attack", "evasion", "test")
CRIT_NAMES = {"attack": ("Crit Chance", "Crit Miss"),
              "evasion": ("Crit Evade", "Crit Evade Fail")}


@dataclass(frozen=True)
class DieResult:
    """One d10 of a roll: its natural face value, total with the modifier, and verdict."""

    index: int
    natural: int
    total: int
    success: bool
    why: str


@dataclass(frozen=True)
class D10Outcome:
    """The reading of a d10 roll against a target.

    ``dice`` are per die; ``successes`` counts hits (Attack) or successes; ``crit_die`` is the
    index of the white Crit die (Attack and Evasion Rolls) or ``None``; ``crit_chance`` is
    true when the Crit die ends on a natural 10 ("Crit Chance" / "Crit Evade");
    ``crit_misses`` counts every natural 1 the Crit die showed, re-rolls included ("Crit
    Miss" / "Crit Evade Fail", resolved once each).
    """

    roll_type: str
    target: int
    dice: tuple[DieResult, ...]
    crit_die: int | None
    crit_chance: bool
    crit_misses: int

    @property
    def successes(self) -> int:
        return sum(die.success for die in self.dice)

    @property
    def full(self) -> bool:
        """Every die succeeded (a Full Hit in an Attack Roll)."""
        return self.successes == len(self.dice)

    @property
    def none(self) -> bool:
        """No die succeeded (a Full Miss in an Attack Roll)."""
        return self.successes == 0

    def summary(self) -> dict:
        """A plain-data summary for JSON and the tray."""
        out: dict = {"roll": self.roll_type, "target": self.target,
                     "successes": self.successes, "of": len(self.dice),
                     "dice": [{"die": d.index, "natural": d.natural, "total": d.total,
                               "success": d.success, "why": d.why} for d in self.dice]}
        if self.crit_die is not None:
            chance, miss = CRIT_NAMES[self.roll_type]
            out["crit_die"] = self.crit_die
            out[chance.lower().replace(" ", "_")] = self.crit_chance
            out[miss.lower().replace(" ", "_")] = self.crit_misses
        return out


def _check_d10_roll(roll: Roll, roll_type: str) -> int | None:
    """The Crit die's index (Attack/Evasion) after checking the roll is all d10s."""
    if roll_type not in ROLL_TYPES:
        raise IllegalActionError(f"a {roll_type!r} roll", f"roll types are {', '.join(ROLL_TYPES)}")
    wrong = [roll.kinds[i] for i in range(len(roll)) if roll.kinds[i] not in D10_KINDS]
    if wrong:
        raise IllegalActionError(f"a d10 {roll_type} roll with {wrong[0]}",
                                 "Attack and Evasion Rolls and Tests use the d10 (Dice, p. 14)")
    if roll_type not in CRIT_NAMES:
        return None
    whites = roll.indices(CRIT_KIND)
    if len(whites) != 1:
        raise IllegalActionError(
            f"an {roll_type} roll with {counted(len(whites), 'white die')}",
            "one of the dice of every Attack and Evasion Roll must be the white Crit die, "
            "and only one (Crit Die During Attack/Evasion Rolls)")
    return whites[0]


def d10_outcome(roll: Roll, *, target: int, modifier: int = 0,
                roll_type: str = "attack") -> D10Outcome:
    """Read a d10 roll: each die succeeds when its face plus ``modifier`` reaches ``target``.

    Dice p. 14: the critical symbol counts as 10; a natural 10 always succeeds (hits) and a
    natural 1 always fails (misses), whatever the modifier.  Crit Die During Attack Rolls /
    Evasion Rolls: an Attack or Evasion Roll must hold exactly one white Crit die; a natural 10
    on it gives a Crit Chance (Crit Evade), each natural 1 it shows a Crit Miss (Crit Evade
    Fail), and a re-rolled natural 1 still counts.  Reading (worst for the Knights): a Crit
    Chance needs the Crit die's final face, so re-rolling a natural 10 gives it up.
    """
    crit = _check_d10_roll(roll, roll_type)
    dice = []
    for index in range(len(roll)):
        natural = roll.face(index).value
        total = natural + modifier
        if natural == 10:
            success, why = True, "a natural 10 always succeeds"
        elif natural == 1:
            success, why = False, "a natural 1 always fails"
        else:
            success = total >= target
            why = f"{natural}{modifier:+d} = {total} {'>=' if success else '<'} {target}" \
                if modifier else f"{natural} {'>=' if success else '<'} {target}"
        dice.append(DieResult(index, natural, total, success, why))
    crit_chance = crit is not None and roll.face(crit).value == 10
    crit_misses = 0 if crit is None else sum(f.value == 1 for f in roll.shown(crit))
    return D10Outcome(roll_type, target, tuple(dice), crit, crit_chance, crit_misses)


def d100(roll: Roll) -> int:
    """The d100 result of a white and a black d10 (Dice, p. 14): 1 to 100.

    The white die is the tens digit and the black the ones; a 10 (critical symbol) counts as
    zero, unless both show 10, which is 100.
    """
    whites, blacks = roll.indices("kf-d10-white"), roll.indices("kf-d10")
    if len(roll) != 2 or len(whites) != 1 or len(blacks) != 1:
        raise IllegalActionError("a d100 roll", "a d100 is one white and one black d10 (Dice, "
                                                "p. 14)")
    tens, ones = roll.face(whites[0]).value, roll.face(blacks[0]).value
    if tens == 10 and ones == 10:
        return 100
    return (tens % 10) * 10 + ones % 10


@dataclass(frozen=True)
class PowerPool:
    """The Power dice actually rolled, per tier, plus raw Power and Potential gained instead.

    ``why`` lists each substitution in words.
    """

    dice: Mapping[str, int]
    raw_power: int
    potential: int
    why: tuple[str, ...]

    def kinds(self) -> list[str]:
        """The die kinds to roll, lowest tier first."""
        return [POWER_KINDS[tier] for tier in TIERS for _ in range(self.dice.get(tier, 0))]


def promote(tier: str) -> str:
    """The tier one above ``tier``, the top tier staying itself ("Power Dice Promotion")."""
    position = TIERS.index(_tier(tier))
    return TIERS[min(position + 1, len(TIERS) - 1)]


def _tier(tier: str) -> str:
    if tier not in TIERS:
        raise IllegalActionError(f"a {tier!r} Power die", f"the tiers are {', '.join(TIERS)}")
    return tier


def power_pool(requested: Mapping[str, int], raw_power: int = 0) -> PowerPool:
    """Fit a requested Power Pool into the dice in the box (Power Dice Tiers and Limits, p. 59).

    The box holds 7 red, 4 black and 3 white dice.  A die that has no die of its tier left
    instead turns two dice of that tier into one die of the tier above (8 red -> 6 red and 1
    black); a die that would exceed the top tier's limit becomes +1 Power and 1 Potential
    (4 white -> 3 white, +1 Power, +1 Potential).  Tiers are settled lowest first, so dice
    promoted into a full tier are substituted again.  ``raw_power`` is added as it is.
    """
    counts = {tier: 0 for tier in TIERS}
    for tier, count in requested.items():
        if count < 0:
            raise IllegalActionError(f"{count} {tier} Power dice", "a pool cannot hold fewer "
                                                                   "than no dice")
        counts[_tier(tier)] += count
    power, potential, why = raw_power, 0, []
    for position, tier in enumerate(TIERS):
        limit = DICE_LIMITS[tier]
        if counts[tier] <= limit:
            continue
        if position + 1 < len(TIERS):
            swaps = (counts[tier] - limit + 1) // 2
            above = TIERS[position + 1]
            why.append(f"{counts[tier]} {tier} dice exceed the {limit} in the box: "
                       f"{2 * swaps} {tier} become {swaps} {above}")
            counts[tier] -= 2 * swaps
            counts[above] += swaps
        else:
            extra = counts[tier] - limit
            why.append(f"{counts[tier]} {tier} dice exceed the {limit} in the box: "
                       f"{extra} {'die becomes' if extra == 1 else 'dice become'} "
                       f"+{extra} Power and {extra} Potential")
            counts[tier] = limit
            power += extra
            potential += extra
    return PowerPool(counts, power, potential, tuple(why))


@dataclass(frozen=True)
class SymbolCount:
    """Symbols counted on a Power or Armor Roll: Power (raw included), Potential, Hope."""

    power: int
    potential: int
    hope: int


def _check_d6_roll(roll: Roll, what: str) -> None:
    wrong = [k for k in roll.kinds if k not in POWER_KINDS.values()]
    if wrong:
        raise IllegalActionError(f"a {what} with {wrong[0]}",
                                 "Power and Armor Rolls use the Power d6 (Dice, p. 14)")


def power_roll(roll: Roll, pool: PowerPool | None = None) -> SymbolCount:
    """Count a Power Roll (6.2 Roll the Dice, 6.4 Use Potentials, p. 59).

    Each Power symbol is one Power, each Potential one Potential; the pool's raw Power and
    Potential are added.
    """
    _check_d6_roll(roll, "Power Roll")
    symbols = [s for i in range(len(roll)) for s in roll.face(i).symbols]
    raw, extra = (pool.raw_power, pool.potential) if pool else (0, 0)
    return SymbolCount(symbols.count("power") + raw, symbols.count("potential") + extra,
                       symbols.count("hope"))


def armor_roll(roll: Roll, raw_power: int = 0) -> int:
    """The Vigor an Armor Roll saves (Armor Roll): Power symbols only.

    Potential and Hope do not count; ``raw_power`` (Power gained in place of dice over the
    limit) does.
    """
    _check_d6_roll(roll, "Armor Roll")
    return sum(roll.face(i).symbols.count("power") for i in range(len(roll))) + raw_power


SOURCES = ("heat", "reroll")


@dataclass(frozen=True)
class Rerolled:
    """The result of a declared set of re-rolls: the new roll and the Heat it cost."""

    roll: Roll
    heat_gained: int
    heat: int
    why: str


def heat_cost(dice: int) -> int:
    """The Heat gained for re-rolling ``dice`` dice with Heat (Heat Re-rolls, p. 14)."""
    return HEAT_PER_DIE * dice


def declare_rerolls(roll: Roll, declaration: Mapping[int, str], *, roll_type: str,
                    heat: int = 0, heat_limit: int = HEAT_LIMIT,
                    effect_rerolls: int = 0, guarded: Collection[int] = ()) -> Rerolled:
    """Re-roll the declared dice, checking the Kingdoms Forlorn re-roll rules.

    ``declaration`` maps each die index to its source: ``"heat"`` (+1 Heat per die) or
    ``"reroll"`` (an effect: Attack/Evasion/Power/Armor Re-roll X, a Black token, ...; at most
    ``effect_rerolls`` of them).  Dice Re-rolls (p. 14): all re-rolls are declared before any
    is made and each die is re-rolled at most once per roll, so a roll takes one declaration.
    Heat Re-rolls (p. 14): Heat re-rolls only Attack Rolls, Evasion Rolls and Tests; Power dice
    are never re-rolled with Heat (6.3, p. 59); Armor dice only with Armor Re-roll (Armor Roll);
    Heat never goes above the Knight's Heat Limit, at most 9 (Heat Limit, Hard Limits), and a
    voluntary re-roll cannot push it past it.  ``guarded`` are the dice of an Evasion Roll a
    Guard X bonus was added to: "You can't re-roll dice you added a Guard X bonus to" (4.1
    Evasion Roll).  Returns the new roll and the Heat gained.
    """
    if roll_type not in ROLL_TYPES:
        raise IllegalActionError(f"re-roll a {roll_type!r} roll",
                                 f"roll types are {', '.join(ROLL_TYPES)}")
    if roll_type in ("power", "armor"):
        _check_d6_roll(roll, f"{roll_type} re-roll")
    else:
        _check_d10_roll(roll, roll_type)
    named = ", ".join(f"die {i + 1}" for i in sorted(declaration)) or "no dice"
    action = f"re-roll {named}"
    if any(step.action == "reroll" for step in roll.steps):
        raise IllegalActionError(action, "each die is re-rolled at most once per roll and all "
                                 "re-rolls are declared before any is made (Dice Re-rolls, "
                                 "p. 14); this roll was already re-rolled")
    for index, source in declaration.items():
        if not isinstance(index, int) or not 0 <= index < len(roll):
            raise IllegalActionError(action, f"die {index!r} is not in this roll")
        if source not in SOURCES:
            raise IllegalActionError(action, f"{source!r} is not a re-roll source "
                                             f"({', '.join(SOURCES)})")
        if index in guarded:
            raise IllegalActionError(action, f"die {index + 1} has a Guard bonus: you can't "
                                             "re-roll dice you added a Guard X bonus to (4.1 "
                                             "Evasion Roll)")
    by_heat = sorted(i for i, s in declaration.items() if s == "heat")
    by_effect = sorted(i for i, s in declaration.items() if s == "reroll")
    if by_heat and roll_type == "power":
        raise IllegalActionError(action, "Power dice cannot be re-rolled using Heat "
                                         "(6.3 Power Re-rolls, p. 59)")
    if by_heat and roll_type == "armor":
        raise IllegalActionError(action, "Armor dice can only be re-rolled with the Armor "
                                         "Re-roll keyword (Armor Roll)")
    if by_heat and roll_type not in HEAT_ROLLS:
        raise IllegalActionError(action, "Heat re-rolls only Attack Rolls, Evasion Rolls and "
                                         "Tests (Heat Re-rolls, p. 14)")
    cost = heat_cost(len(by_heat))
    limit = min(heat_limit, HEAT_LIMIT)
    if heat + cost > limit:
        raise IllegalActionError(action, f"Heat cannot go above the Heat Limit {limit}: at Heat "
                                         f"{heat} you can re-roll at most {max(limit - heat, 0)} "
                                         f"dice with Heat (Heat Limit)")
    if len(by_effect) > effect_rerolls:
        raise IllegalActionError(action, f"{len(by_effect)} effect re-rolls declared but only "
                                         f"{effect_rerolls} granted")
    reason = ", ".join(part for part in (f"{len(by_heat)} by Heat (+{cost} Heat)" if by_heat
                                         else "", f"{len(by_effect)} by effects" if by_effect
                                         else "") if part)
    new = reroll(roll, declaration.keys(), f"Kingdoms Forlorn re-roll: {reason}")
    return Rerolled(new, cost, heat + cost, reason or "nothing re-rolled")
