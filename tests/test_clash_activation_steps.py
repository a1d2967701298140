"""A Monster's activation chosen step by step, driven as a frozen draft and a pure step
function without a window (rulebook *Resolving Activations*: Targeting, *Attack Types*,
*Monster Movement Types*): every question, every answer, Backspace and refused answers."""

from __future__ import annotations

import dataclasses

import pytest
from clash_boards import FIGHT as FIGHT_LAYOUT
from clash_boards import ZIGZAG as ZIGZAG_LAYOUT

from tabletop.games.clash import activation_steps as steps
from tabletop.games.clash.actions import MonsterAttack, MonsterMove
from tabletop.games.clash.rules import outcomes
from tabletop.games.layouts import loads
from tabletop.spatial.grid import Space

ZIGZAG = loads(ZIGZAG_LAYOUT, "zigzag.toml")[1]
FIGHT = loads(FIGHT_LAYOUT, "fight.toml")[1]



def go(state, draft, *answers):
    """``draft`` after ``answers`` (each a menu label, matched by its start, or an answer
    object), every question checked to offer the label answered."""
    for answer in answers:
        if isinstance(answer, str) and answer != steps.BACK:
            asked = steps.question(state, draft)
            item = next(i for i in asked.items if i.label.startswith(answer))
            assert item.enabled, item
            answer = item.value
        draft = steps.advance(state, draft, answer)
        assert isinstance(draft, steps.ActivationDraft), draft
    return draft


def test_the_draft_is_frozen():
    draft = steps.begin("Egg")
    with pytest.raises(dataclasses.FrozenInstanceError):
        draft.step = "movement"


def test_a_whole_activation_targeting_movement_attack_forced_movement_done():
    state = ZIGZAG
    draft = steps.begin("Egg")
    first = steps.question(state, draft)
    assert first.title == "Egg: targeting (line 1)"
    assert not first.items[0].enabled and first.items[0].note == "pick an instruction first"
    draft = go(state, draft, "Furthest", "Resolve")
    asked = steps.question(state, draft)
    assert asked.title == "Egg: attack type"
    assert any("Furthest" in line and "Ser Sonch" in line for line in asked.header)
    assert asked.marks == (("Ser Sonch", "Target"),)
    draft = go(state, draft, "Melee", "Move")
    preview = steps.question(state, draft)
    assert isinstance(preview, steps.Preview) and preview.action == MonsterMove(
        "Egg", "Ser Sonch", "move", None, 1, zone=0)
    moved = outcomes(state, preview.action)[0]
    state = moved.state
    draft = steps.advance(state, draft, steps.Performed(moved.events))
    attack = steps.question(state, draft)
    assert attack == steps.Preview(MonsterAttack("Egg", ("Ser Sonch",), "melee", 1, False,
                                                 False), "Preview: Melee attack",
                                   draft.header())
    hit = outcomes(state, attack.action)[0]
    draft = steps.advance(hit.state, draft, steps.Performed(hit.events))
    after = steps.question(hit.state, draft)
    assert [i.label for i in after.items] == ["Forced movement on Ser Sonch (Knockback X …)",
                                             "Done: the activation is over"]
    draft = go(hit.state, draft, "Forced movement on Ser Sonch")
    assert steps.question(hit.state, draft) == steps.ForcedOn("Egg", "Ser Sonch")
    draft = steps.advance(hit.state, draft, steps.FORCED_DONE)
    assert steps.question(hit.state, draft) == after
    draft = go(hit.state, draft, "Done")
    assert steps.question(hit.state, draft) == steps.Close("Egg's activation is over")


def test_backspace_goes_back_one_question_and_from_the_first_closes_saying_nothing_changed():
    state = ZIGZAG
    draft = go(state, steps.begin("Egg"), "Closest", "Resolve", "Melee", "Move")
    assert draft.step == "move-preview"
    for expected in ("movement", "attack-type", "targeting"):
        draft = steps.advance(state, draft, steps.BACK)
        assert draft.step == expected
    assert draft.lines == (("Closest",),)  # the lines written are kept
    draft = steps.advance(state, draft, steps.BACK)
    assert steps.question(state, draft) == steps.Close("activation cancelled: nothing changed")


def test_lines_are_written_with_x_and_statistics_and_undone():
    state = FIGHT
    draft = go(state, steps.begin("Gob"), "In range X", 3, "Start line 2", "With X Vigor")
    asked = steps.question(state, draft)
    assert asked.title == "With a statistic value"
    draft = go(state, draft, "With X Vigor")
    assert [i.value for i in steps.question(state, draft).items] == list(range(16))
    draft = go(state, draft, 0)
    assert draft.card() == ("Targeting lines:", "1. In range 3", "2. With 0 Vigor")
    draft = go(state, draft, "Remove the last instruction", "Remove the last instruction")
    assert draft.lines == ((),)
    assert steps.question(state, draft).title == "Gob: targeting (line 1)"


def test_a_tie_is_offered_and_a_click_on_a_ringed_knight_chooses():
    state = FIGHT
    draft = go(state, steps.begin("Gob"), "In range X", 3, "Resolve")
    tie = steps.question(state, draft)
    assert "tie" in tie.title and tie.board
    assert {i.label for i in tie.items} == {"Kara", "Odo"}
    assert {name for name, _ in tie.marks} == {"Kara", "Odo"}
    refused = steps.advance(state, draft, steps.Clicked(Space.parse("A1")))
    assert refused == steps.Stay("A1: click one of the ringed Knights")
    draft = steps.advance(state, draft, steps.Clicked(Space.parse("C7")))
    assert draft.step == "attack-type" and draft.targets == ("Odo",)
    assert draft.why[-1] == "the players chose Odo"


def test_several_targets_in_sequence_are_ordered_by_clicks():
    state = FIGHT
    draft = go(state, steps.begin("Gob"), "In range X", 3, "X Knights", 2)
    draft = go(state, draft, "Resolve", "Range X", 3)
    assert steps.question(state, draft).title == "Several Targets"
    draft = go(state, draft, "Sequential")
    asked = steps.question(state, draft)
    assert asked.title == "Sequential: which Target first?" and asked.board
    assert steps.advance(state, draft, steps.Clicked(Space.parse("A1"))) == steps.Stay(
        "A1: click one of the ringed Targets not yet in the order")
    draft = steps.advance(state, draft, steps.Clicked(Space.parse("C7")))
    assert draft.step == "movement" and draft.targets == ("Odo", "Kara") and draft.sequential
    assert draft.attack() == MonsterAttack("Gob", ("Odo", "Kara"), "range", 3, False, True)


def test_an_unknown_instruction_is_refused_and_the_question_stays():
    draft = steps.begin("Gob")
    draft = steps.advance(FIGHT, draft, ("word", "Loudest"))
    assert draft.lines == (("Loudest",),)
    refused = steps.advance(FIGHT, draft, "resolve")
    assert isinstance(refused, steps.Stay) and "Loudest" in refused.message


def test_move_to_x_in_a_direction_and_appear_on_a_clicked_space():
    state = FIGHT
    draft = go(state, steps.begin("Gob"), "Closest", "Resolve", "Melee",
               "Move to X in a direction", "East", "As far as it goes")
    assert steps.question(state, draft).action == MonsterMove("Gob", "east", "move to",
                                                              limit=None)
    draft = steps.advance(state, draft, steps.BACK)
    assert draft.step == "direction"
    draft = go(state, draft, steps.BACK, "Appear X")
    asked = steps.question(state, draft)
    assert asked.pick_space and asked.board
    draft = steps.advance(state, draft, steps.Clicked(Space.parse("F5")))
    assert steps.question(state, draft).action == MonsterMove("Gob", "F5", "appear", None, 1,
                                                              zone=0)
