"""The tray's per-game re-roll rules and the roll summaries it lists."""

from dataclasses import replace

import pytest

from tabletop.dice.roll import Step, roll_dice, roll_showing
from tabletop.dice.summary import describe, summarise
from tabletop.dice.tray_rules import (
    FAMILIES,
    box_limit,
    family_for_game,
    family_of,
    finish,
    reroll_cost,
    tray_reroll,
)
from tabletop.errors import IllegalActionError


def test_every_kind_in_one_family():
    kinds = [kind for family in FAMILIES for kind in family.kinds]
    assert len(kinds) == len(set(kinds))
    assert all(family_of(kind) is family for family in FAMILIES for kind in family.kinds)
    assert all(set(family.default) <= set(family.kinds) for family in FAMILIES)


def test_family_for_each_game():
    assert family_for_game("clash").key == "kf-d10"
    assert family_for_game("joust").key == "kc"
    assert family_for_game("fateforge").key == "ff"
    assert family_for_game("almokon").key == FAMILIES[0].key


def test_kingdoms_forlorn_d10_rerolled_by_heat_once():
    roll = roll_dice(["kf-d10-white", "kf-d10", "kf-d10"], seed=2)
    assert reroll_cost(roll, {1, 2}) == "+2 Heat"
    new, words = tray_reroll(roll, {1, 2})
    assert words == "+2 Heat" and new.times_rerolled(1) == 1
    with pytest.raises(IllegalActionError, match="already re-rolled"):
        tray_reroll(new, {0})


def test_power_dice_rerolled_by_effects_never_heat():
    roll = roll_dice(["kf-power-red", "kf-power-black"], seed=2)
    new, words = tray_reroll(roll, {0})
    assert "never Heat" in words and new.steps[-1].reason.endswith("1 by effects")


def test_joust_rerolled_by_heros_fate_once():
    roll = roll_dice(["white", "green"], seed=2)
    new, words = tray_reroll(roll, {0, 1})
    assert words == "Hero's Fate"
    with pytest.raises(IllegalActionError, match="one time"):
        tray_reroll(new, {0})


def test_fateforge_energy_reroll_of_misses_once():
    roll = roll_showing(["ff-red", "ff-blue", "ff-red"], ["MISS", "SHOT", "MISS"])
    with pytest.raises(IllegalActionError, match="only dice showing a miss"):
        tray_reroll(roll, {1})
    new, _ = tray_reroll(roll, {0})
    with pytest.raises(IllegalActionError, match="once per combat round"):
        tray_reroll(new, {2})


def test_nothing_chosen_or_mixed_games_refused():
    with pytest.raises(IllegalActionError, match="click the dice"):
        tray_reroll(roll_dice(["white"], seed=1), set())
    with pytest.raises(IllegalActionError, match="one game's dice"):
        tray_reroll(roll_dice(["white", "kf-d10"], seed=1), {0})


def test_finish_rolls_aftershocks_once():
    roll = roll_showing(["black", "white"], ["6", "1"], seed=3)
    done = finish(roll)
    assert len(done) >= 3 and finish(done) == done
    plain = roll_dice(["kf-d10"], seed=1)
    assert finish(plain) == plain


def test_summary_reads_each_game():
    roll = roll_showing(["kf-d10-white", "kf-d10", "kf-power-white", "red", "ff-blue"],
                        ["1", "CRIT", "power+power", "6", "MISS"])
    summary = summarise(roll)
    assert summary["d10"]["crit_misses"] == 1 and not summary["d10"]["crit_chance"]
    assert summary["power_roll"]["power"] == 2
    assert summary["joust"]["criticals"] == 1 and summary["joust"]["hits"] == 2
    assert summary["fateforge"]["misses"] == 1
    headings = [heading for heading, _ in describe(summary)]
    assert headings == ["Kingdoms Forlorn d10", "Kingdoms Forlorn Power/Armor d6",
                        "King's Champion joust", "Fateforge"]
    assert any("Crit Miss x1" in line for line in describe(summary)[0][1])


def test_power_limits_the_tray_throws_no_more_power_dice_than_the_box_holds():
    """Power dice "are limited by the number of dice provided in the game box" (Dice, p. 14):
    "7 red dice, 4 black dice and 3 white dice" (Power Dice Tiers and Limits)."""
    full = ["kf-power-red"] * 7 + ["kf-power-black"] * 4 + ["kf-power-white"] * 3
    assert box_limit(full) is None
    assert "two red become one black" in box_limit(["kf-power-red"] * 8)
    assert "holds 4 black" in box_limit(["kf-power-black"] * 5)
    assert "+1 Power and 1 Potential" in box_limit(["kf-power-white"] * 4)
    assert box_limit(["kf-d10"] * 30) is None


def test_crit_die_a_crit_miss_rerolled_into_a_natural_10_lists_both():
    """Crit Die During Attack Rolls: a natural 1 on the Crit die is a Crit Miss, and "You may
    re-roll this die as normal ..., but Crit Miss effects must be resolved nonetheless"; a
    natural 10 rolled on it gives a Crit Chance.  The tray lists both."""
    roll = roll_showing(["kf-d10-white", "kf-d10"], ["1", "5"])
    rerolled = replace(roll, faces=(9, 4), history=((0, 9), (4,)),
                       steps=(Step("reroll", (0,)),))
    summary = summarise(rerolled)
    assert summary["d10"]["crit_chance"] and summary["d10"]["crit_misses"] == 1
    (line,) = [line for line in describe(summary)[0][1] if line.startswith("Crit die")]
    assert "Crit Chance" in line and "Crit Miss x1" in line
