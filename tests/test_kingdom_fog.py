"""The Deep Fog traversal (rulebook *The Deep Fog* through *Emergence*)."""

from dataclasses import replace

import pytest
from kingdom_boards import go, load

from tabletop.errors import IllegalActionError
from tabletop.games import layouts
from tabletop.games.kingdom import rules
from tabletop.games.kingdom.actions import (
    Answer,
    CourseCorrect,
    EnterFog,
    StayCourse,
    Travel,
    Withdraw,
)
from tabletop.games.kingdom.state import FogCard


def deck(*cards):
    return tuple(FogCard(name, value, hazard, f"grave of {name}") for name, value, hazard in cards)


def test_entering_the_deep_fog_costs_one_threat_and_draws_the_starting_card():
    state, said = go(load("start"), EnterFog("3"))
    assert state.track.threat == 1 and state.delve.phase == "deep-fog"
    assert state.fog.origin == "1" and state.fog.path == ((0, 0),)
    assert state.fog.cards[0].card.name == "Ivy Garden"


def test_any_unexplored_tile_joined_to_an_explored_one_may_be_the_target():
    with pytest.raises(IllegalActionError, match="not an Unexplored tile joined"):
        rules.apply(load("start"), EnterFog("8"))


def test_stay_the_course_lays_cards_in_a_straight_line():
    state = load("deep-fog")
    assert state.fog.path == ((0, 0), (1, 0))
    assert rules.legal_actions(state)[0] == StayCourse()


def test_flawless_traversal_at_exactly_four_then_emergence_with_a_chosen_clue():
    # Ivy Garden 1 + Weeping Stair 2 + Hollow Choir 1 = 4 on a path of Intensity 3
    state, said = go(load("deep-fog"), StayCourse())
    assert any("Flawless Traversal" in s for s in said)
    assert state.pending[0].kind == "fog-discard"  # Ivy Garden and Hollow Choir tie at 1
    state, _ = go(state, Answer("Hollow Choir"))
    assert state.fog is None and state.party == "3"
    assert state.pending[0].kind == "clue" and "of your choice" in state.pending[0].text
    # the Flooded Nave shows 2 Clues: one of choice, the other by Minor Mortis
    assert [p.kind for p in state.pending][:2] == ["clue", "clue"]
    # a Flawless Traversal discards only the lowest card: the others go back to the deck
    assert state.fog_discard == 1


def test_minor_penalty_below_four_asks_which_grave_penalty():
    state = replace(load("deep-fog"), fog_deck=deck(("Lantern Wake", 0, "")) +
                    load("deep-fog").fog_deck)
    state, said = go(state, StayCourse())  # 1 + 2 + 0 = 3
    assert any("Minor Penalty" in s for s in said)
    assert state.pending[0].kind == "minor-penalty"
    assert state.fog_discard == 2  # the lowest card, and the top card unseen


def test_grave_penalty_above_four_resolves_every_grave_penalty():
    state = replace(load("deep-fog"), fog_deck=deck(("Bone Orchard", 3, "")))
    state, said = go(state, StayCourse())  # 1 + 2 + 3 = 6
    assert any("Grave Penalty" in s and "grave of Bone Orchard" in s for s in said)


def test_course_correct_is_perpendicular_and_flips_the_other_cards():
    state = load("deep-fog")
    with pytest.raises(IllegalActionError, match="perpendicular"):
        rules.apply(state, CourseCorrect(1, 0, "west"))
    state, said = go(state, CourseCorrect(0, 0, "south"))
    fog = state.fog
    assert fog.path == ((0, 0), (0, 1)) and fog.heading == "south"
    assert not fog.at(1, 0).face_up and fog.at(0, 0).face_up
    assert fog.corrections == 1


def test_hazards_apply_only_after_the_first_course_correction():
    state = replace(load("deep-fog"), fog_deck=deck(("Cup A", 0, "half-cup"),
                                                    ("Cup B", 0, "half-cup"),
                                                    ("Cup C", 1, "")))
    state, _ = go(state, CourseCorrect(0, 0, "south"))  # draws Cup A: Half-cup
    assert state.fog.half_cup
    state, said = go(state, StayCourse())  # Cup B: the Half-cup flips to a Full Cup; emerge
    assert any("Full Cup" in s for s in said)
    assert any("= 1" in s or "+ 1 Full Cup" in s for s in said)


def test_a_blocked_path_must_course_correct_or_withdraw():
    state = load("deep-fog")
    state, _ = go(state, CourseCorrect(1, 0, "south"), CourseCorrect(1, 1, "west"))
    # now heading west from (1, 1): (0, 1) is free; lay a card there and face (-1, 1) ...
    fog = state.fog
    blocked = replace(fog, path=((1, 1),), heading="north")  # (1, 0) lies north of it
    state = replace(state, fog=blocked)
    with pytest.raises(IllegalActionError, match="blocks the path"):
        rules.apply(state, StayCourse())
    assert StayCourse() not in rules.legal_actions(state)


def test_withdraw_returns_discards_the_lowest_and_gains_threat():
    state, said = go(load("deep-fog"), Withdraw())
    assert state.party == "1" and state.fog is None
    assert state.track.threat == 2 and state.delve.phase == "exploration"
    assert state.fog_discard == 1
    # "choose a revealed Deep Fog card with the lowest value and discard it": Ivy Garden (1),
    # not Weeping Stair (2), which goes back into the deck
    assert any("Discard Ivy Garden" in s for s in said)
    assert "Weeping Stair" in [c.name for c in state.fog_deck]


def test_loss_running_out_of_deep_fog_cards():
    state = replace(load("deep-fog"), fog_deck=())
    state, said = go(state, StayCourse())
    assert state.over and "ran out of Deep Fog cards" in state.delve.result


def test_loss_the_deck_runs_out_before_the_path_is_long_enough():
    """Rulebook *Running Out of Deep Fog Cards*: "you may run out of cards before you reach
    the required path length. If that happens... Your Expedition ends in failure"; *Expedition
    Loss Conditions*: "Running out of Deep Fog cards, while in the Deep Fog."  The last card
    drawn leaves a path of 2 toward an Intensity 3 tile: the loss comes at once, no Withdraw."""
    state = replace(load("deep-fog"), fog_deck=deck(("Lone", 0, "")))
    state, said = go(state, CourseCorrect(0, 0, "south"))
    assert state.over and "ran out of Deep Fog cards" in state.delve.result
    assert rules.legal_actions(state) == []


def test_the_last_card_completing_the_path_is_no_loss():
    """Rulebook *Leaving the Deep Fog*: a path as long as the Intensity emerges, even when it
    took the deck's last card (the deck is shuffled with the used cards)."""
    state = replace(load("deep-fog"), fog_deck=deck(("Last", 2, "")))
    state, said = go(state, StayCourse())
    assert not state.over
    assert any("(Leaving the Deep Fog)" in s for s in said)


def test_a_tie_for_the_lowest_card_is_the_players_choice():
    state = replace(load("deep-fog"), fog_deck=deck(("Twin", 1, "")))
    state, _ = go(state, StayCourse())  # Ivy Garden 1, Weeping Stair 2, Twin 1
    prompt = state.pending[0]
    assert prompt.kind == "fog-discard" and set(prompt.options) == {"Ivy Garden", "Twin"}
    state, _ = go(state, Answer("Twin"))
    assert state.party == "3"
    assert "Twin" not in [c.name for c in state.fog_deck]


def test_the_fog_cannot_be_entered_twice_nor_travel_from_it():
    with pytest.raises(IllegalActionError, match="Deep Fog traversal"):
        rules.apply(load("deep-fog"), Travel("2"))


def test_loss_entering_with_an_empty_deep_fog_deck():
    state = replace(load("start"), fog_deck=())
    state, _ = go(state, EnterFog("3"))
    assert state.over and "ran out of Deep Fog cards" in state.delve.result
    assert layouts.loads(layouts.dumps(state))[1] == state
