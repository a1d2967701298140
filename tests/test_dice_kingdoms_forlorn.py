"""Kingdoms Forlorn dice rules: d10, Crit die, d100, Power dice limits, re-rolls."""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.dice.kingdoms_forlorn import (
    DICE_LIMITS,
    TIERS,
    armor_roll,
    d10_outcome,
    d100,
    declare_rerolls,
    power_pool,
    power_roll,
    promote,
)
from tabletop.dice.roll import Step, roll_dice, roll_showing
from tabletop.errors import IllegalActionError

W, B = "kf-d10-white", "kf-d10"


# --- d10 (Dice, p. 14) -------------------------------------------------------------------

def test_dice_critical_symbol_counts_as_ten():
    outcome = d10_outcome(roll_showing([W], ["CRIT"]), target=10)
    assert outcome.dice[0].natural == 10 and outcome.successes == 1


def test_dice_natural_10_always_hits_whatever_the_modifier():
    outcome = d10_outcome(roll_showing([W, B], ["4", "CRIT"]), target=12, modifier=-5)
    assert [d.success for d in outcome.dice] == [False, True]


def test_dice_natural_1_always_misses_whatever_the_modifier():
    outcome = d10_outcome(roll_showing([W, B], ["1", "5"]), target=3, modifier=+9)
    assert [d.success for d in outcome.dice] == [False, True]
    assert outcome.dice[0].why == "a natural 1 always fails"


def test_attack_roll_modifier_added_to_each_die():
    outcome = d10_outcome(roll_showing([W, B, B], ["5", "6", "3"]), target=7, modifier=2)
    assert [d.total for d in outcome.dice] == [7, 8, 5]
    assert outcome.successes == 2 and not outcome.full and not outcome.none


def test_full_hit_and_full_miss():
    assert d10_outcome(roll_showing([W, B], ["9", "8"]), target=8).full
    assert d10_outcome(roll_showing([W, B], ["2", "3"]), target=8).none


# --- Crit die (Crit Die During Attack Rolls / Evasion Rolls) -------------------------------

def test_crit_die_attack_roll_needs_the_white_crit_die():
    with pytest.raises(IllegalActionError, match="white Crit die"):
        d10_outcome(roll_showing([B, B], ["5", "5"]), target=5)


def test_crit_die_only_one_white_die_in_an_attack_roll():
    with pytest.raises(IllegalActionError, match="2 white dice"):
        d10_outcome(roll_showing([W, W], ["5", "5"]), target=5)


def test_crit_die_a_single_die_is_the_crit_die():
    outcome = d10_outcome(roll_showing([W], ["CRIT"]), target=5)
    assert outcome.crit_die == 0 and outcome.crit_chance


def test_crit_die_natural_10_on_a_black_die_is_no_crit_chance():
    outcome = d10_outcome(roll_showing([W, B], ["5", "CRIT"]), target=5)
    assert not outcome.crit_chance and outcome.successes == 2


def test_crit_die_natural_1_is_a_crit_miss():
    outcome = d10_outcome(roll_showing([B, W], ["7", "1"]), target=5)
    assert outcome.crit_die == 1 and outcome.crit_misses == 1


def test_crit_die_evasion_roll_names_crit_evade():
    summary = d10_outcome(roll_showing([W], ["CRIT"]), target=5, roll_type="evasion").summary()
    assert summary["crit_evade"] is True and summary["crit_evade_fail"] == 0


def test_crit_die_rerolled_natural_1_again_is_resolved_again():
    roll = roll_showing([W, B], ["1", "5"])
    twice = replace(roll, history=((0, 0), roll.history[1]),
                    steps=(Step("reroll", (0,)),))
    assert d10_outcome(twice, target=5).crit_misses == 2


def test_crit_die_crit_miss_stands_after_a_reroll():
    roll = roll_showing([W], ["1"])
    rerolled = replace(roll, faces=(6,), history=((0, 6),), steps=(Step("reroll", (0,)),))
    outcome = d10_outcome(rerolled, target=5)
    assert outcome.crit_misses == 1 and outcome.successes == 1


def test_crit_die_rerolling_a_natural_10_gives_up_the_crit_chance():
    roll = roll_showing([W], ["CRIT"])
    rerolled = replace(roll, faces=(4,), history=((9, 4),), steps=(Step("reroll", (0,)),))
    assert not d10_outcome(rerolled, target=5).crit_chance


def test_tests_need_no_crit_die():
    outcome = d10_outcome(roll_showing([B], ["6"]), target=6, roll_type="test")
    assert outcome.crit_die is None and outcome.successes == 1


# --- d100 ------------------------------------------------------------------------------

@pytest.mark.parametrize(("white", "black", "value"), [
    ("3", "7", 37), ("CRIT", "3", 3), ("3", "CRIT", 30), ("CRIT", "CRIT", 100), ("1", "1", 11)])
def test_d100_white_tens_black_ones(white, black, value):
    assert d100(roll_showing([W, B], [white, black])) == value


def test_d100_gives_every_number_once():
    faces = [str(n) for n in range(1, 10)] + ["CRIT"]
    values = sorted(d100(roll_showing([W, B], [w, b])) for w in faces for b in faces)
    assert values == list(range(1, 101))


# --- Power Dice Tiers and Limits (p. 59) ----------------------------------------------------

def test_power_limits_example_eight_red_become_six_red_and_one_black():
    pool = power_pool({"red": 8})
    assert dict(pool.dice) == {"red": 6, "black": 1, "white": 0}
    assert (pool.raw_power, pool.potential) == (0, 0)


def test_power_limits_example_four_white_become_three_white_power_and_potential():
    pool = power_pool({"white": 4})
    assert dict(pool.dice) == {"red": 0, "black": 0, "white": 3}
    assert (pool.raw_power, pool.potential) == (1, 1)


def test_power_limits_a_full_box_is_rolled_as_it_is():
    pool = power_pool({"red": 7, "black": 4, "white": 3})
    assert dict(pool.dice) == DICE_LIMITS and pool.why == ()


def test_power_limits_tier_up_cascades_into_a_full_tier():
    pool = power_pool({"red": 9, "black": 4})
    assert dict(pool.dice) == {"red": 7, "black": 3, "white": 1}
    assert len(pool.why) == 2


def test_power_limits_raw_power_is_kept():
    assert power_pool({"red": 1}, raw_power=2).raw_power == 2


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.sampled_from(TIERS), st.integers(0, 30)))
def test_power_limits_never_exceeded(requested):
    pool = power_pool(requested)
    assert all(pool.dice[tier] <= DICE_LIMITS[tier] for tier in TIERS)
    assert sum(pool.dice.values()) <= sum(requested.values())
    assert pool.kinds() == [f"kf-power-{t}" for t in TIERS for _ in range(pool.dice[t])]


def test_power_dice_promotion_one_tier_up_to_the_top():
    assert [promote(t) for t in TIERS] == ["black", "white", "white"]


def test_power_roll_counts_power_potential_hope():
    roll = roll_showing(["kf-power-white"] * 3, ["power+power", "power+potential", "hope"])
    count = power_roll(roll, power_pool({"white": 4}))
    assert (count.power, count.potential, count.hope) == (4, 2, 1)


def test_armor_roll_counts_power_symbols_only():
    roll = roll_showing(["kf-power-black"] * 3, ["power+potential", "hope", "power"])
    assert armor_roll(roll) == 2


# --- Re-rolls (Dice Re-rolls, Heat Re-rolls, p. 14) --------------------------------------------

def _attack():
    return roll_showing([W, B, B], ["2", "3", "9"], seed=11)


def test_heat_rerolls_cost_one_heat_per_die():
    done = declare_rerolls(_attack(), {0: "heat", 1: "heat"}, roll_type="attack", heat=3)
    assert done.heat_gained == 2 and done.heat == 5
    assert done.roll.times_rerolled(0) == 1 and done.roll.times_rerolled(2) == 0


def test_rerolls_declared_once_each_die_once_per_roll():
    done = declare_rerolls(_attack(), {1: "heat"}, roll_type="attack")
    with pytest.raises(IllegalActionError, match="already re-rolled"):
        declare_rerolls(done.roll, {0: "heat"}, roll_type="attack")


def test_heat_rerolls_power_dice_never():
    roll = roll_showing(["kf-power-red"], ["blank"])
    with pytest.raises(IllegalActionError, match="Power dice cannot be re-rolled using Heat"):
        declare_rerolls(roll, {0: "heat"}, roll_type="power")


def test_power_rerolls_from_effects_are_allowed():
    roll = roll_showing(["kf-power-red"] * 2, ["blank", "power"])
    done = declare_rerolls(roll, {0: "reroll"}, roll_type="power", effect_rerolls=1)
    assert done.heat_gained == 0 and done.roll.times_rerolled(0) == 1


def test_armor_rerolls_only_by_the_armor_reroll_keyword():
    roll = roll_showing(["kf-power-red"], ["blank"])
    with pytest.raises(IllegalActionError, match="Armor Re-roll"):
        declare_rerolls(roll, {0: "heat"}, roll_type="armor")


def test_heat_rerolls_not_for_plain_rolls():
    with pytest.raises(IllegalActionError, match="Attack Rolls, Evasion Rolls and Tests"):
        declare_rerolls(roll_showing([B], ["4"]), {0: "heat"}, roll_type="other")


def test_heat_rerolls_allowed_for_tests():
    assert declare_rerolls(roll_showing([B], ["4"]), {0: "heat"}, roll_type="test").heat == 1


def test_heat_rerolls_stop_at_the_heat_limit():
    with pytest.raises(IllegalActionError, match="at most 1 dice"):
        declare_rerolls(_attack(), {0: "heat", 1: "heat"}, roll_type="attack", heat=8)
    with pytest.raises(IllegalActionError, match="Heat Limit 5"):
        declare_rerolls(_attack(), {0: "heat"}, roll_type="attack", heat=5, heat_limit=5)


def test_effect_rerolls_limited_to_those_granted():
    with pytest.raises(IllegalActionError, match="only 1 granted"):
        declare_rerolls(_attack(), {0: "reroll", 1: "reroll"}, roll_type="attack",
                        effect_rerolls=1)


def test_reroll_declaration_is_seeded():
    roll = roll_dice([W, B, B], seed=77)
    first = declare_rerolls(roll, {1: "heat", 2: "reroll"}, roll_type="attack",
                            effect_rerolls=1)
    again = declare_rerolls(roll, {1: "heat", 2: "reroll"}, roll_type="attack",
                            effect_rerolls=1)
    assert first == again


# --- added by the rulebook audit ---------------------------------------------------------

def test_guard_dice_cannot_be_rerolled():
    """4.1 Evasion Roll: "You can't re-roll dice you added a Guard X bonus to.\""""
    roll = roll_showing([W, B], ["3", "2"], seed=5)
    with pytest.raises(IllegalActionError, match="Guard X bonus"):
        declare_rerolls(roll, {1: "heat"}, roll_type="evasion", guarded={1})
    done = declare_rerolls(roll, {0: "heat"}, roll_type="evasion", guarded={1})
    assert done.heat_gained == 1 and done.roll.times_rerolled(1) == 0


def test_heat_rerolls_allowed_for_evasion_rolls():
    """Heat Re-rolls: "Using Heat, you can re-roll Attack Rolls, Evasion Rolls, and Tests.\""""
    done = declare_rerolls(roll_showing([W, B], ["2", "3"]), {0: "heat", 1: "heat"},
                           roll_type="evasion", heat=1)
    assert done.heat == 3 and done.roll.times_rerolled(0) == done.roll.times_rerolled(1) == 1


def test_crit_die_evasion_single_die_is_the_crit_die():
    """Crit Die During Evasion Rolls: "If you roll only one die, it is always the Crit die.\""""
    with pytest.raises(IllegalActionError, match="white Crit die"):
        d10_outcome(roll_showing([B], ["5"]), target=5, roll_type="evasion")
    summary = d10_outcome(roll_showing([W], ["1"]), target=5, roll_type="evasion").summary()
    assert summary["crit_die"] == 0 and summary["crit_evade_fail"] == 1


def test_crit_die_crit_miss_counted_through_a_real_heat_reroll():
    """Crit Die During Attack Rolls: "You may re-roll this die as normal (using Heat or other
    effects), but Crit Miss effects must be resolved nonetheless.\""""
    roll = roll_showing([W, B], ["1", "5"], seed=3)
    done = declare_rerolls(roll, {0: "heat"}, roll_type="attack")
    again = 1 if done.roll.face(0).value == 1 else 0
    assert d10_outcome(done.roll, target=5).crit_misses == 1 + again


def test_power_limits_one_die_at_a_time():
    """"If you are required to add a die to the Power Pool and there are no dice of that type
    available, instead roll a die one tier higher instead of two of these dice": adding red
    dice one by one, the 8th and 10th find no red left, the 9th and 11th do."""
    rolled = {n: dict(power_pool({"red": n}).dice) for n in (9, 10, 11)}
    assert rolled[9] == {"red": 7, "black": 1, "white": 0}
    assert rolled[10] == {"red": 6, "black": 2, "white": 0}
    assert rolled[11] == {"red": 7, "black": 2, "white": 0}


def test_power_limits_overflow_climbs_to_the_top_tier_then_power_and_potential():
    """"For each Power die that would exceed the dice limit, gain +1 Power and 1 Potential":
    5 black and 3 white -> 3 black and 1 more white, which exceeds the 3 white."""
    pool = power_pool({"black": 5, "white": 3})
    assert dict(pool.dice) == {"red": 0, "black": 3, "white": 3}
    assert (pool.raw_power, pool.potential) == (1, 1)


def test_power_rerolls_declared_once():
    """6.3 Power Re-rolls: "each die can be re-rolled only once and you must declare all dice
    you wish to re-roll before re-rolling any of them.\""""
    roll = roll_showing(["kf-power-red"] * 2, ["blank", "blank"])
    done = declare_rerolls(roll, {0: "reroll"}, roll_type="power", effect_rerolls=2)
    with pytest.raises(IllegalActionError, match="at most once per roll"):
        declare_rerolls(done.roll, {1: "reroll"}, roll_type="power", effect_rerolls=1)
