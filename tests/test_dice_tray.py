"""The pymunk tray: deterministic animation, settles on the seeded faces, rests in time."""

import pytest

from tabletop.dice.bench import physics_bench
from tabletop.dice.roll import add_dice, reroll, roll_dice
from tabletop.dice.tray import FRAMES, TRAY_H, TRAY_W, animate_roll, throw


def test_same_seed_same_animation():
    roll = roll_dice(["kf-d10", "white", "ff-red", "kf-power-red"] * 3, seed=42)
    assert animate_roll(roll) == animate_roll(roll)


def test_different_seeds_throw_differently():
    first = animate_roll(roll_dice(["white"] * 4, seed=1))
    second = animate_roll(roll_dice(["white"] * 4, seed=2))
    assert first.frames[30] != second.frames[30]


@pytest.mark.parametrize("count", [1, 5, 20, 40])
def test_settles_on_the_seeded_faces_and_rests_within_2_5_s(count):
    for seed in range(6):
        roll = roll_dice(["kf-d10", "green"] * (count // 2) + ["red"] * (count % 2), seed=seed)
        animation = animate_roll(roll)
        assert [pose.face for pose in animation.final] == list(roll.faces)
        assert animation.rest_frame < FRAMES
        assert all(pose.face == animation.final[i].face
                   for frame in animation.frames[animation.rest_frame:]
                   for i, pose in enumerate(frame))


def test_dice_stay_in_the_tray():
    animation = animate_roll(roll_dice(["white"] * 40, seed=7))
    for frame in animation.frames:
        for pose in frame:
            assert 0 < pose.x < TRAY_W and 0 < pose.y < TRAY_H


def test_dice_tumble_through_faces_before_settling():
    animation = animate_roll(roll_dice(["kf-d10"] * 6, seed=3))
    pairs = list(zip(animation.frames, animation.frames[1:], strict=False))
    changes = [sum(a[i].face != b[i].face for a, b in pairs) for i in range(6)]
    assert all(change >= 2 for change in changes)


def test_reroll_throws_only_the_rerolled_dice():
    roll = roll_dice(["white", "green", "red"], seed=5)
    first = animate_roll(roll)
    again = reroll(roll, [1])
    second = animate_roll(again, first)
    assert second.moving == (1,)
    for frame in second.frames:
        assert frame[0] == first.final[0] and frame[2] == first.final[2]
    assert [pose.face for pose in second.final] == list(again.faces)
    assert second == animate_roll(again, first)


def test_added_dice_are_thrown_into_the_tray():
    roll = roll_dice(["black", "white"], seed=5)
    first = animate_roll(roll)
    more = add_dice(roll, ["black"], "Aftershock")
    second = animate_roll(more, first)
    assert second.moving == (2,) and second.final[2].face == more.faces[2]


def test_throw_needs_start_poses_for_kept_dice():
    with pytest.raises(ValueError, match="start poses"):
        throw([6, 6], [0, 1], 1, moving={0})


def test_physics_bench_reports_milliseconds_per_frame():
    result = physics_bench(dice=20, throws=1)
    assert result["frames"] == FRAMES and result["dice"] == 20
    assert 0 < result["ms_median"] <= result["ms_max"]
