"""The rules' query verbs answer through ``tabletop query`` (``docs/clash-rules.md``)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.games.layouts import load
from tabletop.games.query import ask

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"


def question(layout: str, text: str) -> dict:
    game, state = load(LAYOUTS / layout)
    return ask(game, state, text)


def test_target_answers_names_line_and_why():
    answer = question("clash-teaching.toml", "target Eggknight 'With Knockdown; In front, Closest'")
    assert answer["answer"] == ["Fleischritter"] and answer["line"] == 2
    assert "no Knight fulfils it" in answer["why"]


def test_target_with_no_valid_line_is_the_routine():
    answer = question("clash-teaching.toml", "target Eggknight 'With Knockdown'")
    assert answer["answer"] is None and "Routine" in answer["why"]


def test_monster_move_lists_every_zigzag_outcome():
    answer = question("clash-rule-zigzag.toml", "monster-move Eggknight 'Ser Sonch' move")
    assert len(answer["answer"]) == 2
    assert {o["end"]["Eggknight"] for o in answer["answer"]} == {"C7"}
    assert all(o["choices"] for o in answer["answer"])


def test_forced_movement_verbs():
    answer = question("clash-rule-knockback-column.toml", "knockback Kara Eggknight 3")
    [outcome] = answer["answer"]
    assert outcome["end"] == {"Kara": "C6"}
    assert any("Crash" in e for e in outcome["events"])
    answer = question("clash-rule-pushback-board-edge.toml",
                      "pushback 'White Ape Troll' Renholder 4")
    assert answer["answer"][0]["end"]["Renholder"] == "A6"
    answer = question("clash-rule-herd.toml", "forced herd 'Ironcast Dead' 'Ser Sonch' 4")
    assert answer["answer"][0]["end"]["Ser Sonch"] == "E7"


def test_can_attack_and_wave():
    answer = question("clash-teaching.toml", "can-attack Fleischritter Eggknight melee")
    assert answer["answer"] is False and "adjacent" in answer["why"]
    answer = question("clash-teaching.toml", "can-attack Odo Eggknight melee")
    assert answer["answer"] is True and "Blindspot" in answer["why"]
    answer = question("clash-rule-wave-columns.toml", "wave Panzerdragon 3")
    assert answer["answer"] == ["Fleischritter"]
    assert answer["sheltered"] == ["Paracelsa", "Ubar"]


@pytest.mark.parametrize("text", [
    "target Eggknight 'Sparkliest'",
    "target Kara 'Closest'",
    "knockback Kara Eggknight lots",
    "monster-move Eggknight Kara dance",
    "can-attack Kara Eggknight trebuchet",
    "forced yeet Eggknight Kara 2",
])
def test_bad_questions_are_errors_not_crashes(text):
    answer = question("clash-teaching.toml", text)
    assert "error" in answer and answer["error"]


def test_the_cli_answers_a_rules_question():
    done = subprocess.run([sys.executable, "-m", "tabletop", "query",
                           str(LAYOUTS / "clash-rule-wave-columns.toml"), "wave Panzerdragon 3"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["answer"] == ["Fleischritter"]


def test_monster_move_to_a_direction_with_at_most_x_spaces():
    answer = question("clash-rule-zigzag.toml", "monster-move Eggknight north 'move to' 2")
    [outcome] = answer["answer"]
    assert outcome["end"] == {"Eggknight": "B2"}


def test_monster_move_with_the_attack_that_follows():
    """Monster Movement: "a Monster performing a Ranged Attack will stop as soon as it is
    within range" — `range 3`; Move Lateral before a Zone attack — `zone 2`."""
    answer = question("clash-rule-zigzag.toml", "monster-move Eggknight 'Ser Sonch' move range 3")
    assert {o["end"]["Eggknight"] for o in answer["answer"]} == {"C5"}
    answer = question("clash-rule-zigzag.toml",
                      "monster-move Eggknight 'Ser Sonch' 'move lateral' zone 2")
    assert [o["end"]["Eggknight"] for o in answer["answer"]] == ["D6"]
