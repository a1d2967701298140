"""The Exploration and Deep Fog decks as lists or as counts of unlisted cards the players
describe as they are drawn; shuffling; Clues read off a listed card's back and collected by
the Knights whose Clue card shows them (rulebook *Kingdom Setup*, *Collecting Clues*,
*Exploration Step*, *Special Exploration Cards*, *Traversing the Fog*)."""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kingdom_boards import LAYOUTS, go, load

from tabletop.errors import IllegalActionError, LayoutError
from tabletop.games import layouts
from tabletop.games.kingdom import rules
from tabletop.games.kingdom.actions import (
    Answer,
    CourseCorrect,
    DrawExploration,
    EndStep,
    EnterFog,
    Shuffle,
    StayCourse,
    Travel,
)
from tabletop.games.kingdom.state import ExplorationCard, Knight


def round_trip(state):
    assert layouts.loads(layouts.dumps(state))[1] == state


def unlisted_fog(name="deep-fog", count=6):
    return replace(load(name), fog_deck=(), fog_unlisted=count)


# -- the Deep Fog deck as a count --------------------------------------------------------

def test_unlisted_deep_fog_card_is_described_by_the_players_when_drawn():
    state, _ = go(unlisted_fog(), StayCourse())
    prompt = state.pending[0]
    assert prompt.kind == "fog-card" and prompt.subject == "2,0"
    assert prompt.options == ("0", "1", "2", "3", "4")  # no Hazards before a correction
    assert state.fog_unlisted == 5
    round_trip(state)
    state, said = go(state, Answer("1"))  # 1 + 2 + 1 = 4
    assert any("Flawless Traversal" in s for s in said)


def test_an_unlisted_card_may_be_named_and_must_not_repeat_a_name_on_the_grid():
    state, _ = go(unlisted_fog(), StayCourse())
    with pytest.raises(IllegalActionError, match="already lies in this traversal"):
        rules.apply(state, Answer("2: Ivy Garden"))
    with pytest.raises(IllegalActionError, match="Deep Fog Value"):
        rules.apply(state, Answer("seven"))
    with pytest.raises(IllegalActionError, match="Hazard Effect is"):
        rules.apply(state, Answer("2 quicksand"))
    with pytest.raises(IllegalActionError, match="Deep Fog Value"):
        rules.apply(state, Answer("\u00b2"))  # a superscript two is no value
    state, said = go(state, Answer("3: Bone Orchard"))
    assert any("Grave Penalty" in s and "Bone Orchard" in s for s in said)


def test_after_a_course_correction_the_hazard_of_an_unlisted_card_is_asked_and_resolved():
    state, _ = go(unlisted_fog(), CourseCorrect(1, 0, "south"))
    prompt = state.pending[0]
    assert prompt.subject == "1,1" and "2 half-cup" in prompt.options
    assert "Hazard" in prompt.text
    state, said = go(state, Answer("0 discard-top"))
    assert any("discard the top Deep Fog card unseen" in s for s in said)
    assert state.fog_unlisted == 4 and state.fog_discard == 1


def test_entering_the_fog_with_an_unlisted_deck_asks_for_the_starting_card():
    state = replace(load("start"), fog_deck=(), fog_unlisted=4)
    state, _ = go(state, EnterFog("3"))
    assert state.fog.path == () and state.pending[0].subject == "0,0"
    round_trip(state)
    state, said = go(state, Answer("2"))
    assert state.fog.path == ((0, 0),) and any("Starting Deep Fog card" in s for s in said)


def test_leaving_the_fog_shuffles_the_used_cards_into_an_unlisted_deck():
    state, _ = go(unlisted_fog(count=3), StayCourse(), Answer("3"))  # 6: a Grave Penalty
    while state.pending and state.pending[0].kind == "fog-discard":
        state, _ = go(state, Answer(state.pending[0].options[0]))
    assert state.fog is None and state.fog_deck == ()
    # 3 - 1 drawn + 2 used cards back - the unseen top card = 3 (the lowest is discarded)
    assert state.fog_unlisted == 3 and state.fog_discard == 2


def test_running_out_of_unlisted_deep_fog_cards_loses_the_expedition():
    state, said = go(unlisted_fog(count=1), CourseCorrect(1, 0, "south"),
                     Answer("0 discard-top"))
    assert any("the deck is empty, nothing to discard" in s for s in said)
    # the last card is down and the path (2 cards) is shorter than the Intensity (3): the
    # party has run out of cards (Running Out of Deep Fog Cards), no Stay the Course left
    assert state.over and "ran out of Deep Fog cards" in state.delve.result


def test_shuffling_the_deep_fog_deck_forgets_its_order_but_not_during_a_traversal():
    state, said = go(load("start"), Shuffle("deep-fog"))
    assert state.fog_deck == () and state.fog_unlisted == 8
    assert any("no longer known" in s for s in said)
    with pytest.raises(IllegalActionError, match="not shuffled until the party leaves"):
        rules.apply(load("deep-fog"), Shuffle("deep-fog"))
    with pytest.raises(IllegalActionError, match="decks are"):
        rules.apply(load("start"), Shuffle("mortis"))


# -- the Exploration deck as a list ------------------------------------------------------

CARDS = (ExplorationCard("Ash Storm", "district", back=("errant", "mystic", "martial",
                                                        "historic"), poi=2),
         ExplorationCard("Scout's Cache", "instant", special=True),
         ExplorationCard("Quiet Hour", "active"))


def listed(state, cards=CARDS, rest=5):
    return replace(state, exploration_cards=cards, exploration=rest)


def test_a_listed_exploration_card_is_drawn_as_listed_and_a_special_one_must_follow():
    state, _ = go(listed(load("mid-delve")), Travel("8"))
    while state.pending:
        state, _ = go(state, Answer(state.pending[0].options[0]
                                    if state.pending[0].options else "0"))
    assert rules.legal_actions(state)[0] == DrawExploration()
    with pytest.raises(IllegalActionError, match="has a district effect"):
        rules.apply(state, DrawExploration("active"))
    state, said = go(state, DrawExploration())
    assert any("Scout's Cache, a Special Exploration card, is now on top" in s for s in said)
    assert state.exploration_left == 7
    with pytest.raises(IllegalActionError, match="Special Exploration card"):
        rules.apply(state, EndStep())
    assert EndStep() not in rules.legal_actions(state)
    state, _ = go(state, DrawExploration(), EndStep())
    assert state.delve.phase == "story"


def test_clue_type_is_read_off_the_back_of_a_listed_top_card():
    state, said = go(listed(load("start")), Travel("2"))  # east: Mystic
    assert not any(p.kind == "clue" for p in state.pending)
    assert state.clues == (0, 0, 0, 1)
    assert any("east side of the back of Ash Storm shows Mystic" in s for s in said)


def test_extra_clues_ask_the_minor_mortis_direction_and_read_the_listed_back():
    state, _ = go(listed(load("start")), Travel("3"))  # south: Martial, then a Mortis card
    assert state.clues == (1, 0, 0, 0)
    assert state.pending[0].kind == "mortis" and state.pending[0].options == (
        "north", "east", "south", "west")
    round_trip(state)
    state, _ = go(state, Answer("west"))
    assert state.clues == (1, 0, 1, 0)


def test_point_of_interest_modifier_comes_from_a_listed_top_card():
    state, said = go(listed(load("start")), Travel("3"))
    assert not any(p.kind == "poi" for p in state.pending)
    assert any("Point of Interest modifier +2, so resolve entry 6" in s for s in said)


def test_with_no_exploration_card_left_no_clue_type_can_be_read():
    state, said = go(replace(load("start"), exploration=0), Travel("2"))
    assert not state.pending and state.clues == (0, 0, 0, 0)
    assert any("the Clue is lost" in s for s in said)


def test_shuffling_the_exploration_deck_forgets_the_listed_cards():
    state, _ = go(listed(load("start")), Shuffle("exploration"))
    assert state.exploration_cards == () and state.exploration == 8


# -- Knights collect the Clues on their Clue cards ----------------------------------------

def test_only_knights_collecting_that_clue_type_gain_it():
    knights = (Knight("Sir Aldric", ("errant", "mystic"), (0, 1, 0, 0)),
               Knight("Dame Yssa", ("martial", "historic")))
    state = replace(load("start"), knights=knights)
    state, said = go(state, Travel("2"), Answer("Errant"))
    assert state.knights[0].clues == (0, 2, 0, 0) and state.knights[1].clues == (0, 0, 0, 0)
    assert any("Sir Aldric gains one (Errant is on their Clue card or Quest)" in s
               for s in said)
    round_trip(state)
    both = (knights[0], replace(knights[1], collects=("errant",)))
    _, said = go(replace(load("start"), knights=both), Travel("2"), Answer("Errant"))
    assert any("Sir Aldric and Dame Yssa each gain one" in s for s in said)
    state, said = go(replace(load("start"), knights=knights[1:]), Travel("2"), Answer("Errant"))
    assert any("nobody gains it" in s for s in said)


LAYOUT_EXTRA = '''
[[knights]]
name = "Sir Berin"
collects = ["errant", "mystic"]
clues = {errant = 1}
'''


def with_text(extra, deck_extra=""):
    text = (LAYOUTS / "kingdom-start.toml").read_text()
    if deck_extra:
        text = text.replace("[decks]\n", "[decks]\n" + deck_extra, 1)
    return text + extra


def test_layout_knights_and_listed_decks_load_and_round_trip():
    deck = ('deep_fog_unlisted = 4\n'
            'exploration_cards = [{ name = "Ash Storm", kind = "district", '
            'back = ["errant", "mystic", "martial", "historic"], poi = -1 }]\n')
    state = layouts.loads(with_text(LAYOUT_EXTRA, deck))[1]
    assert state.knights[-1] == Knight("Sir Berin", ("errant", "mystic"), (0, 1, 0, 0))
    assert state.fog_unlisted == 4
    assert state.exploration_top.clue("south") == "martial" and state.exploration_top.poi == -1
    round_trip(state)


@pytest.mark.parametrize(("extra", "deck", "message"), [
    ('[[knights]]\nname = "A"\ncollects = ["gold"]\n', "", "collects"),
    ('[[knights]]\nname = "A"\ncollects = ["errant"]\nclues = {mystic = 1}\n', "",
     "does not collect mystic"),
    ('[[knights]]\nname = "A"\ncollects = ["errant"]\n[[knights]]\nname = "A"\n'
     'collects = ["mystic"]\n', "", "listed twice"),
    ("", 'exploration_cards = [{ name = "X", back = ["errant"] }]\n', "four of"),
    ("", 'exploration_cards = [{ name = "X", kind = "lasting" }]\n', "kind"),
    ("", "deep_fog_unlisted = -1\n", "deep_fog_unlisted"),
])
def test_layout_rejects_broken_knights_and_deck_lists(extra, deck, message):
    with pytest.raises(LayoutError, match=message):
        layouts.loads(with_text(extra, deck))


@settings(max_examples=60, derandomize=True, database=None, deadline=None)
@given(st.text(max_size=30))
def test_any_description_of_an_unlisted_card_is_taken_or_refused_in_words(answer):
    try:
        state, _ = rules.apply(WAITING, Answer(answer))
    except IllegalActionError as refused:
        assert "\n" not in str(refused)
    else:
        assert state.fog is None or len(state.fog.cards) == 3
        round_trip(state)


WAITING = go(unlisted_fog(), StayCourse())[0]
