"""King's Champion roll rules: Aftershock chains, Hero's Fate, Squire Reroll, joust score."""

import pytest

from tabletop.dice.joust_rolls import (
    ability_rerolls_left,
    aftershock_chain_error,
    aftershock_dice,
    heros_fate,
    joust_score,
    knight_reroll,
    rerolls_left,
    resolve_aftershocks,
    squire_reroll,
)
from tabletop.dice.roll import replay, roll_dice, roll_showing
from tabletop.errors import IllegalActionError


def test_aftershock_no_six_adds_nothing():
    roll = roll_showing(["black", "white"], ["5", "6"])
    assert resolve_aftershocks(roll) == roll


def test_aftershock_each_further_six_rolls_again():
    # Every black 6 (first throw or Aftershock) adds exactly one more black die, and the last
    # die of every chain is not a 6; checked over many seeds, some with chains of 2 or more.
    longest = 0
    for seed in range(400):
        roll = resolve_aftershocks(roll_dice(["black", "black", "red"], seed=seed))
        added = aftershock_dice(roll)
        blacks = [i for i in range(len(roll)) if roll.kinds[i] == "kc-black"]
        sixes = [i for i in blacks if roll.face(i).value == 6]
        assert len(added) == len(sixes)
        if added:
            last_wave = roll.steps[-1]
            assert all(roll.face(i).value != 6
                       for i in range(len(roll) - len(last_wave.kinds), len(roll)))
        longest = max(longest, sum(1 for s in roll.steps if s.reason == "Aftershock"))
    assert longest >= 2


def test_aftershock_chain_scores_each_six_as_a_hit():
    roll = roll_showing(["black"], ["6"], seed=0)
    for seed in range(500):
        chained = resolve_aftershocks(roll_showing(["black"], ["6"], seed=seed))
        if len(chained) >= 3:
            roll = chained
            break
    assert len(roll) >= 3
    score = joust_score(roll)
    assert score.aftershocks == len(roll) - 1 and score.hits >= len(roll) - 1


def test_aftershock_resolved_once():
    roll = resolve_aftershocks(roll_showing(["black"], ["6"]))
    with pytest.raises(IllegalActionError, match="already rolled"):
        resolve_aftershocks(roll)


def test_aftershock_roll_replays_from_its_record():
    for seed in range(100):
        roll = resolve_aftershocks(roll_dice(["black"] * 3, seed=seed))
        assert replay(roll.record()) == roll


def test_heros_fate_rerolls_any_dice_one_time():
    roll = roll_dice(["white", "green", "black"], seed=3)
    once = heros_fate(roll, [0, 2])
    assert [once.times_rerolled(i) for i in range(3)] == [1, 0, 1]
    with pytest.raises(IllegalActionError, match="one time"):
        heros_fate(once, [1])


def test_heros_fate_stacks_with_the_squire_reroll():
    roll = roll_dice(["white", "green"], seed=3)
    both = heros_fate(squire_reroll(roll, [0], "white"), [0])
    assert both.times_rerolled(0) == 2


def test_squire_reroll_only_its_colour():
    with pytest.raises(IllegalActionError, match="only green dice"):
        squire_reroll(roll_dice(["white", "green"], seed=1), [0], "green")


def test_rerolls_come_before_the_aftershocks():
    roll = resolve_aftershocks(roll_showing(["black", "white"], ["6", "2"]))
    with pytest.raises(IllegalActionError, match="before the dice are resolved"):
        heros_fate(roll, [1])


def test_joust_score_uses_the_dice_colours():
    score = joust_score(roll_showing(["red", "green", "white"], ["6", "5", "5"]))
    assert (score.hits, score.criticals, score.reputation, score.pips) == (3, 1, 1, 16)


def test_knight_reroll_prefers_the_squire_for_its_colour_then_heros_fate():
    roll = roll_dice(["white", "green", "black"], seed=4)
    squire, words = knight_reroll(roll, [0], heros_fate_held=True, squire="white")
    assert words == "Squire Reroll (white)" and squire.steps[-1].reason == "Squire Reroll"
    assert rerolls_left(squire, heros_fate_held=True, squire="white") == ("Hero's Fate",)
    both, words = knight_reroll(squire, [0], heros_fate_held=True, squire="white")
    assert words == "Hero's Fate" and both.times_rerolled(0) == 2
    assert rerolls_left(both, heros_fate_held=True, squire="white") == ()
    with pytest.raises(IllegalActionError, match="no Hero's Fate or Squire Reroll is left"):
        knight_reroll(both, [1], heros_fate_held=True, squire="white")


def test_ability_card_rerolls_one_die_of_its_colour_once_each():
    """An Ability Card's "reroll:COLOUR" rerolls one die of that colour once ("any": any die);
    the dice tray uses it for a single chosen die before Hero's Fate."""
    roll = roll_dice(["white", "green", "black"], seed=4)
    one, words = knight_reroll(roll, [1], heros_fate_held=True, squire=None,
                               ability=("green", "any"))
    assert words == "Ability Card" and ability_rerolls_left(one, ("green", "any")) == ["any"]
    two, words = knight_reroll(one, [2], heros_fate_held=False, squire=None,
                               ability=("green", "any"))
    assert words == "Ability Card" and ability_rerolls_left(two, ("green", "any")) == []
    with pytest.raises(IllegalActionError, match="no Hero's Fate or Squire Reroll"):
        knight_reroll(two, [0], heros_fate_held=False, squire=None, ability=("green", "any"))
    with pytest.raises(IllegalActionError, match="one die"):
        knight_reroll(roll, [0, 1], heros_fate_held=False, squire=None, ability=("white",))


def test_knight_reroll_of_other_colours_needs_heros_fate():
    roll = roll_dice(["white", "green", "black"], seed=4)
    mixed, words = knight_reroll(roll, [0, 1], heros_fate_held=True, squire="white")
    assert words == "Hero's Fate" and rerolls_left(mixed, heros_fate_held=True,
                                                   squire="white") == ("Squire Reroll",)
    with pytest.raises(IllegalActionError, match="re-rolls only white dice"):
        knight_reroll(roll, [1], heros_fate_held=False, squire="white")
    with pytest.raises(IllegalActionError, match="no Hero's Fate or Squire Reroll"):
        knight_reroll(roll, [0], heros_fate_held=False, squire=None)
    with pytest.raises(IllegalActionError, match="choose the dice"):
        knight_reroll(roll, [], heros_fate_held=True, squire="white")


def test_knight_rerolls_end_when_the_aftershocks_are_rolled():
    roll = resolve_aftershocks(roll_showing(["black", "white"], ["6", "2"]))
    assert rerolls_left(roll, heros_fate_held=True, squire="white") == ()
    with pytest.raises(IllegalActionError, match="before the dice are resolved"):
        knight_reroll(roll, [1], heros_fate_held=True, squire="white")


def test_aftershock_chain_rule_on_faces():
    assert aftershock_chain_error("black", 6, (6, 6, 2)) is None
    assert aftershock_chain_error("black", 5, ()) is None
    assert "until a face other than 6" in aftershock_chain_error("black", 6, ())
    assert "until a face other than 6" in aftershock_chain_error("black", 6, (6,))
    assert "until a face other than 6" in aftershock_chain_error("black", 6, (3, 6, 2))
    assert "only a Fealty Die" in aftershock_chain_error("black", 5, (2,))
    assert "only a Fealty Die" in aftershock_chain_error("red", 6, (2,))


def test_rolled_aftershock_chains_keep_the_rule_the_rules_core_checks():
    for seed in range(300):
        roll = resolve_aftershocks(roll_dice(["black", "white"], seed=seed))
        chain = tuple(roll.face(i).value for i in aftershock_dice(roll))
        assert aftershock_chain_error("black", roll.face(0).value, chain) is None
        assert aftershock_chain_error("white", roll.face(1).value, ()) is None
