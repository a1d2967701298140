"""Fateforge ``tabletop query`` verbs on the shipped scenes, answers with ``why``."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.games import layouts
from tabletop.games.query import ask

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"


@pytest.fixture(scope="module")
def chapel():
    return layouts.load(LAYOUTS / "fateforge-chapel.toml")


@pytest.fixture(scope="module")
def flight():
    return layouts.load(LAYOUTS / "fateforge-exit.toml")


def test_zone_distance(chapel):
    answer = ask(*chapel, "zone-distance Gate Ossuary")
    assert answer["answer"] == 4 and answer["path"][0] == "gate"
    assert ask(*chapel, "zone-distance chapel vestry")["answer"] == 3  # the door is closed
    assert ask(*chapel, "zone-distance Aria Warden")["answer"] == 1  # pieces stand for zones


def test_can_shoot_with_barricade_door_and_range(chapel):
    barred = ask(*chapel, "can-shoot Courtyard Chapel")
    assert barred["answer"] is False
    assert barred["why"] == "the barricade in Chapel blocks shots from the north"
    assert ask(*chapel, "can-shoot Crypt Chapel")["answer"] is True
    door = ask(*chapel, "can-shoot Chapel Vestry")
    assert door["answer"] is False and "closed door" in door["why"]
    assert ask(*chapel, "can-shoot Gate Chapel range+1")["answer"] is True
    assert "error" in ask(*chapel, "can-shoot Gate Chapel +5")


def test_step_options_explain_refusals(chapel):
    answer = ask(*chapel, "step-options Thorn")
    assert answer["answer"] == ["chapel", "gate", "well"]  # energy STEPs: no dice rolled yet
    assert answer["how"]["gate"] == "energy STEP"
    assert "only by a portal" in answer["refused"]["ossuary"]


def test_activation_order(chapel):
    answer = ask(*chapel, "activation-order")
    assert answer["answer"] == ["Skulk", "Archer", "Grunt", "Brute", "Warden", "Sergeant"]


def test_enemy_action(chapel):
    archer = ask(*chapel, "enemy-action Archer")
    assert archer["section"] == "STEP [within 3]" and archer["targets"] == ["Aria", "Mira"]
    assert archer["target"] == "Aria" and "in the order they activated" in archer["why"]
    assert ask(*chapel, "enemy-action Sergeant")["answer"] == "does not act"


def test_exit_damage_two_exits(flight):
    east = ask(*flight, "exit-damage Aria 'East Gate'")
    sewer = ask(*flight, "exit-damage Aria 'Sewer Grate'")
    assert (east["answer"], sewer["answer"]) == (2, 1)
    assert sewer["path"] == ["hall", "cellar", "tunnel", "sewer"]  # not through the portal


def test_unknown_names_are_errors(chapel):
    assert "names no zone, hero or enemy" in ask(*chapel, "zone-distance Nowhere Gate")["error"]
    assert "is not a hero" in ask(*chapel, "step-options Warden")["error"]
    assert "is not an exit" in ask(*chapel, "exit-damage Aria Chapel")["error"]


def test_query_command_prints_json_lines():
    out = subprocess.run([sys.executable, "-m", "tabletop", "query",
                          str(LAYOUTS / "fateforge-chapel.toml"), "can-shoot Aria Warden"],
                         capture_output=True, text=True, check=False)
    answer = json.loads(out.stdout)
    assert answer["answer"] is False and out.returncode == 0


def test_barricade_between_unequal_tiles_teaching_layout():
    """*Rule Unlocks > Barricades*: "cannot shoot into a zone containing a barricade token from
    the direction the arrows point; they may shoot normally from other directions" — the
    Belfry's shot crosses the Nave's north edge, though the Belfry's centre lies more east of
    the Nave's centre than north."""
    board = layouts.load(LAYOUTS / "fateforge-barricade-edges.toml")
    barred = ask(*board, "can-shoot Aria Cultist")
    assert barred["answer"] is False
    assert barred["why"] == "the barricade in Nave blocks shots from the north"
    assert ask(*board, "can-shoot Thorn Cultist")["answer"] is True
