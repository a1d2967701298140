"""King's Champion dice tables (rulebook, *Attack Dice Scores* and *Fealty Dice*): every row."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.dice.kings_champion import die_score, hit_from, parse_die, score

TABLE = {
    # colour: kind of each face 1..6
    "white": ["reputation"] * 5 + ["hit"],
    "green": ["reputation"] * 4 + ["hit", "hit"],
    "red": ["reputation"] * 3 + ["hit", "hit", "critical"],
    "black": ["reputation"] * 4 + ["hit", "aftershock"],
}

RUSE_TABLE = {
    "white": ["reputation"] * 4 + ["hit", "hit"],
    "green": ["reputation"] * 3 + ["hit", "hit", "hit"],
    "red": ["reputation"] * 2 + ["hit", "hit", "hit", "critical"],
    "black": ["reputation"] * 3 + ["hit", "hit", "aftershock"],
}

HITS = {"reputation": 0, "hit": 1, "critical": 2, "aftershock": 1}


@pytest.mark.parametrize("colour", sorted(TABLE))
@pytest.mark.parametrize("face", range(1, 7))
def test_dice_table_every_row(colour, face):
    kind = TABLE[colour][face - 1]
    result = die_score(colour, face)
    assert result.kind == kind
    assert result.hits == HITS[kind]
    assert result.reputation == (1 if kind == "reputation" else 0)


@pytest.mark.parametrize("colour", sorted(RUSE_TABLE))
@pytest.mark.parametrize("face", range(1, 7))
def test_ruse_lowers_every_hit_number_by_one(colour, face):
    assert die_score(colour, face, ruse=True).kind == RUSE_TABLE[colour][face - 1]


def test_ruse_example_white_hits_on_five():
    assert hit_from("white") == 6 and hit_from("white", ruse=True) == 5
    assert die_score("white", 5, ruse=True).kind == "hit"


def test_important_reputation_example_white_three_is_one_reputation():
    assert score([("white", 3)]).reputation == 1


def test_critical_hit_counts_as_two_hits():
    result = score([("red", 6)])
    assert (result.hits, result.criticals) == (2, 1)


def test_aftershock_chain_scores_each_six_and_the_last_face_as_normal():
    # A Fealty Die rolls 6, is rolled again: 6, again: 5 -> two Aftershocks and a hit.
    result = score([("black", 6), ("black", 6), ("black", 5)])
    assert (result.hits, result.aftershocks, result.reputation, result.pips) == (3, 2, 0, 17)
    ended_on_reputation = score([("black", 6), ("black", 3)])
    assert (ended_on_reputation.hits, ended_on_reputation.reputation) == (1, 1)


def test_issue_example_score_line():
    result = score(parse_die(w) for w in
                   ["white:6", "green:5", "red:6", "black:6", "black:6", "black:2"])
    assert (result.hits, result.criticals, result.aftershocks, result.reputation,
            result.pips) == (6, 1, 2, 1, 31)


@pytest.mark.parametrize("bad", ["purple:3", "white:7", "white:0", "white", "red:x", ":4"])
def test_parse_die_rejects_bad_words(bad):
    with pytest.raises(ValueError):
        parse_die(bad)


@pytest.mark.parametrize("colour, face", [("blue", 3), ("white", 0), ("white", 7),
                                          ("red", True)])
def test_die_score_rejects_non_dice(colour, face):
    with pytest.raises(ValueError):
        die_score(colour, face)


dice_lists = st.lists(st.tuples(st.sampled_from(["white", "green", "red", "black"]),
                                st.integers(1, 6)), max_size=12)


@settings(max_examples=80, deadline=None)
@given(dice_lists, st.booleans())
def test_every_face_is_either_reputation_or_a_hit(dice, ruse):
    result = score(dice, ruse=ruse)
    assert result.reputation + sum(d.kind != "reputation" for d in result.dice) == len(dice)
    assert result.hits == sum(HITS[d.kind] for d in result.dice)
    assert result.pips == sum(face for _, face in dice)


@settings(max_examples=80, deadline=None)
@given(dice_lists)
def test_ruse_never_scores_fewer_hits(dice):
    assert score(dice, ruse=True).hits >= score(dice).hits
