"""Seeded rolls: a roll is a pure function of its seed; records replay; faces are fair."""

import random
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.dice import roll as roll_module
from tabletop.dice.kinds import default_kinds
from tabletop.dice.roll import add_dice, replay, reroll, roll_dice, step_faces
from tabletop.errors import IllegalActionError, TabletopError, UsageError

ALL_KINDS = sorted(default_kinds())


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**40),
       kinds=st.lists(st.sampled_from(ALL_KINDS), min_size=1, max_size=12))
def test_same_seed_same_faces(seed, kinds):
    assert roll_dice(kinds, seed=seed) == roll_dice(kinds, seed=seed)


def test_different_seeds_differ_somewhere():
    rolls = {roll_dice(["kf-d10"] * 5, seed=seed).faces for seed in range(50)}
    assert len(rolls) > 40


def test_aliases_name_the_same_kinds():
    assert roll_dice(["white", "red"], seed=5).kinds == ("kc-white", "kc-red")
    assert roll_dice(["kf-crit"], seed=1).kinds == ("kf-d10-white",)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**9),
       picks=st.lists(st.lists(st.integers(0, 5), max_size=6), max_size=4))
def test_record_replays_the_same_roll(seed, picks):
    roll = roll_dice(["kf-d10", "kf-d10-white", "kc-black", "ff-red", "kf-power-red", "green"],
                     seed=seed)
    for number, dice in enumerate(picks):
        roll = reroll(roll, dice, "test") if number % 2 == 0 else add_dice(roll, ["black"])
    assert replay(roll.record()) == roll


def test_reroll_keeps_the_history_of_each_die():
    roll = reroll(roll_dice(["kf-d10"] * 3, seed=9), [1])
    assert roll.times_rerolled(1) == 1 and roll.times_rerolled(0) == 0
    assert roll.history[1][-1] == roll.faces[1]


def test_reroll_outside_the_roll_is_refused():
    with pytest.raises(IllegalActionError, match="dice 0 to 1"):
        reroll(roll_dice(["white", "red"], seed=1), [2])


def test_unknown_kind_is_named():
    with pytest.raises(UsageError, match="'purple'"):
        roll_dice(["white", "purple"], seed=1)


def test_replay_detects_changed_faces():
    record = roll_dice(["kf-d10"], seed=3).record()
    record["faces"] = ["not-a-face"]
    with pytest.raises(TabletopError, match="recorded faces differ"):
        replay(record)


# Fairness: a chi-square goodness-of-fit test per kind.  The critical values are the
# 99.9th percentiles of chi-square with sides-1 degrees of freedom, so a fair die fails one
# time in a thousand; the seeds are fixed, so the test is deterministic.
CHI2_999 = {5: 20.515, 9: 27.877}


def _chi_square(counts, expected):
    return sum((count - expected) ** 2 / expected for count in counts)


@pytest.mark.parametrize("name", ALL_KINDS)
def test_faces_are_fair(name):
    kind = default_kinds()[name]
    throws = 6000
    counts = [0] * kind.sides
    faces = step_faces(20261129, 0, [kind] * throws)
    for face in faces:
        counts[face] += 1
    assert _chi_square(counts, throws / kind.sides) < CHI2_999[kind.sides - 1]


def _rolled_statistic(name, throws=6000):
    """The chi-square statistic of ``throws`` dice of kind ``name`` thrown by ``roll_dice``
    (the path every roll of the program takes), 200 dice a roll, seeds 0, 1, 2, ...; and the
    bound a fair die stays under."""
    kind = default_kinds()[name]
    counts = [0] * kind.sides
    for seed in range(throws // 200):
        for face in roll_dice([name] * 200, seed=seed).faces:
            counts[face] += 1
    return _chi_square(counts, throws / kind.sides), CHI2_999[kind.sides - 1]


@pytest.mark.parametrize("name", ALL_KINDS)
def test_faces_are_fair_as_rolled(name):
    statistic, bound = _rolled_statistic(name)
    assert statistic < bound


class _LoadedRandom(random.Random):
    """A generator whose ``randrange(n)`` gives the last face twice as often as the others."""

    def randrange(self, start, stop=None, step=1):
        assert stop is None and step == 1
        return min(super().randrange(start + 1), start - 1)


@pytest.mark.parametrize("name", ["kf-d10", "kc-red", "ff-green"])
def test_fairness_test_fails_for_a_loaded_die(name, monkeypatch):
    """The same check as :func:`test_faces_are_fair_as_rolled`, with the dice loaded where
    ``roll_dice`` draws its faces, fails: the fairness test can catch a loaded die."""
    monkeypatch.setattr(roll_module, "random", SimpleNamespace(Random=_LoadedRandom))
    statistic, bound = _rolled_statistic(name)
    assert statistic > bound


def test_chi_square_bound_catches_a_loaded_die():
    rng = random.Random(1)
    loaded = [0] * 6
    for _ in range(6000):
        loaded[min(rng.randrange(7), 5)] += 1   # face 6 comes up twice as often
    assert _chi_square(loaded, 1000) > CHI2_999[5]


def test_fairness_over_many_seeds_first_die():
    kind = default_kinds()["kc-white"]
    counts = [0] * 6
    for seed in range(6000):
        counts[step_faces(seed, 0, [kind])[0]] += 1
    assert _chi_square(counts, 1000) < CHI2_999[5]
