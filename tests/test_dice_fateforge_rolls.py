"""Fateforge Preparation Phase dice rules: Energy Reroll and Three-of-a-Kind."""

import pytest

from tabletop.dice.fateforge_rolls import change_result, energy_reroll, prepare, three_of_a_kind
from tabletop.dice.roll import roll_showing
from tabletop.errors import IllegalActionError


def _prep(pairs):
    return prepare(roll_showing([k for k, _ in pairs], [f for _, f in pairs], seed=5))


def test_energy_reroll_rerolls_misses_for_one_energy():
    prep = _prep([("ff-red", "MISS"), ("ff-blue", "SHOT"), ("ff-yellow", "MISS")])
    new, energy = energy_reroll(prep, [0, 2], energy=3)
    assert energy == 2 and new.energy_rerolled
    assert [new.roll.times_rerolled(i) for i in range(3)] == [1, 0, 1]


def test_energy_reroll_only_dice_showing_a_miss():
    prep = _prep([("ff-red", "MISS"), ("ff-blue", "SHOT")])
    with pytest.raises(IllegalActionError, match="die 2 is SHOT"):
        energy_reroll(prep, [0, 1], energy=3)


def test_energy_reroll_once_per_combat_round():
    prep = _prep([("ff-red", "MISS"), ("ff-blue", "MISS")])
    new, energy = energy_reroll(prep, [0], energy=2)
    with pytest.raises(IllegalActionError, match="once per combat round"):
        energy_reroll(new, [1], energy=energy)


def test_energy_reroll_needs_energy():
    with pytest.raises(IllegalActionError, match="you have none"):
        energy_reroll(_prep([("ff-red", "MISS")]), [0], energy=0)


def test_three_of_a_kind_colour_may_differ():
    prep = _prep([("ff-red", "HIT"), ("ff-green", "HIT"), ("ff-red", "HIT"),
                  ("ff-blue", "SHOT")])
    assert three_of_a_kind(prep) == (0, 1, 2)
    changed = change_result(prep, 3, "focus")
    assert changed.results() == ("HIT", "HIT", "HIT", "FOCUS")


def test_three_of_a_kind_split_faces_match_in_any_order():
    prep = _prep([("ff-red", "STEP/HIT"), ("ff-yellow", "STEP/HIT"), ("ff-melee", "STEP/HIT")])
    assert three_of_a_kind(prep) == (0, 1, 2)


def test_three_of_a_kind_excludes_misses_and_skill_results_differ():
    assert three_of_a_kind(_prep([("ff-red", "MISS")] * 3)) == ()
    assert three_of_a_kind(_prep([("ff-red", "HIT"), ("ff-red", "HIT"),
                                  ("ff-red", "SKILL HIT")])) == ()


def test_three_of_a_kind_change_once_and_never_to_a_miss():
    prep = _prep([("ff-blue", "SHOT")] * 3)
    with pytest.raises(IllegalActionError, match="choose one of"):
        change_result(prep, 0, "MISS")
    changed = change_result(prep, 0, "STEP")
    with pytest.raises(IllegalActionError, match="one result per combat round"):
        change_result(changed, 1, "HIT")


def test_three_of_a_kind_required_for_a_change():
    with pytest.raises(IllegalActionError, match="three identical faces"):
        change_result(_prep([("ff-blue", "SHOT"), ("ff-red", "HIT")]), 0, "STEP")


def test_a_hero_rolls_at_most_four_dice():
    with pytest.raises(IllegalActionError, match="at most 4"):
        _prep([("ff-red", "HIT")] * 5)
    assert len(prepare(roll_showing(["ff-red"] * 5, ["HIT"] * 5), max_dice=5).roll) == 5
