"""``tabletop query`` verbs for Almokon, on the shipped mid-game layout."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.games import layouts
from tabletop.games.query import ask

ROOT = Path(__file__).resolve().parent.parent
MIDGAME = ROOT / "layouts" / "almokon-midgame.toml"


@pytest.fixture(scope="module")
def midgame():
    return layouts.load(MIDGAME)


def test_legal_targets_names_the_guardian_reason(midgame):
    answer = ask(*midgame, "legal-targets bicara-pikemen")
    assert answer["answer"] == ["drill-yard", "fort-hammerfall", "iron-sentinel", "varro",
                                "war-forge"]
    assert answer["excluded"]["hammerfall-militia"] == \
        "Guardian in the Wilderness: attacks there must target Iron Sentinel"


def test_legal_targets_of_the_salvo_ship(midgame):
    answer = ask(*midgame, "legal-targets 'Ironclad Galley'")
    assert answer["answer"] == ["tidewyrm"]
    salvo = answer["ability_targets"]["Broadside"]
    assert "rahasa" in salvo and "bicara-pikemen" in salvo and "envoys-cutter" not in salvo


def test_legal_actions_only_for_the_player_to_act(midgame):
    answer = ask(*midgame, "legal-actions Brannoc")
    assert "Brannoc gains 2 AP" in answer["answer"] and answer["count"] == len(answer["answer"])
    assert "Brannoc: bicara-pikemen attacks iron-sentinel" in answer["answer"]
    assert ask(*midgame, "legal-actions Aria")["answer"] == []


@pytest.mark.parametrize("card, zone", [("iron-sentinel", "wilderness"),
                                        ("tidewyrm", "open-sea"), ("war-forge", "realm"),
                                        ("ember-volley", "resolves"), ("iron-blade", "attached")])
def test_enters(midgame, card, zone):
    assert ask(*midgame, f"enters {card}")["answer"] == zone


def test_crew_mentions_its_second_way_in(midgame):
    assert "Crew" in ask(*midgame, "enters marine-boarders")["also"]


def test_deck_check_and_winner(midgame):
    assert ask(*midgame, "deck-check Aria")["answer"] is True
    assert "exactly 40 playable cards" in ask(*midgame, "deck-check Aria")["why"]
    answer = ask(*midgame, "winner")
    assert answer["answer"] is None and answer["bounty"] == {"Aria": 6, "Brannoc": 3}


def test_bad_questions_are_errors(midgame):
    assert "no card 'nobody'" in ask(*midgame, "legal-targets nobody")["error"]
    assert "no player 'Zed'" in ask(*midgame, "deck-check Zed")["error"]
    assert "use one of hammerfall-militia" in \
        ask(*midgame, "legal-targets 'Hammerfall Militia'")["error"]


def test_query_command_prints_json_lines():
    result = subprocess.run([sys.executable, "-m", "tabletop", "query", str(MIDGAME),
                             "winner", "enters tidewyrm"], capture_output=True, text=True,
                            check=False)
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.returncode == 0, result.stderr
    assert lines[1]["answer"] == "open-sea"
