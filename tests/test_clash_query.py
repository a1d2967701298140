"""``tabletop query`` on Clash layouts (``layouts-and-query.md``): every verb's JSON shape,
answers on the shipped layouts, and exit codes."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.cli import main
from tabletop.errors import QueryError
from tabletop.games.query import split_words

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"
TEACHING = str(LAYOUTS / "clash-teaching.toml")


def ask(capsys, path: str, *questions: str) -> tuple[int, list[dict]]:
    code = main(["query", path, *questions])
    out, err = capsys.readouterr()
    assert err == ""
    return code, [json.loads(line) for line in out.splitlines()]


def test_los_answers_with_the_rule_and_a_clear_line(capsys):
    code, [seen, hidden] = ask(capsys, TEACHING, "los Eggknight Fleischritter",
                               "los Eggknight Kara")
    assert code == 0
    assert seen["question"] == "los Eggknight Fleischritter"
    assert seen["answer"] is True and seen["why"].startswith("LoS: the line from the ")
    (x1, y1), (x2, y2) = seen["line"]
    assert 7 <= x1 <= 9 and 6 <= y1 <= 8  # a corner of the Eggknight (G8, 2 x 2)
    assert 7 <= x2 <= 8 and 2 <= y2 <= 3  # a corner of Fleischritter (C8)
    assert hidden == {"question": "los Eggknight Kara", "answer": False, "line": None,
                      "why": hidden["why"]}
    assert "Ruined Wall" in hidden["why"]


def test_los_names_corners_in_the_board_labels_and_keeps_the_numeric_line(capsys):
    code, [hidden, seen] = ask(capsys, TEACHING, "los Eggknight Kara",
                               "los Eggknight Fleischritter")
    assert code == 0
    assert ("from the north-west corner of G8 to the south-east corner of D3" in hidden["why"])
    assert seen["line"] == [[7, 6], [7, 3]]  # G8's north-west corner, C8's south-west one
    assert seen["why"] == ("LoS: the line from the north-west corner of G8 to the south-west "
                           "corner of C8 is unobstructed")


def test_every_verb_answers_in_the_spec_shape(capsys):
    questions = ["range Kara Eggknight", "distance Eggknight Kara", "reach Odo",
                 "front Eggknight", "rear Eggknight", "blindspots Eggknight",
                 "zone Eggknight 1", "sees Eggknight", "visible Kara"]
    code, answers = ask(capsys, TEACHING, *questions)
    assert code == 0
    by_verb = {a["question"].split()[0]: a for a in answers}
    assert by_verb["range"]["answer"] == 8  # D3 to G8: 3 rows + 5 columns
    assert isinstance(by_verb["range"]["why"], str)
    assert by_verb["distance"]["answer"] == 8  # a boss: its range
    assert by_verb["rear"]["answer"] == ["I8", "I9"]
    assert by_verb["blindspots"]["answer"] == ["I8", "I9"]
    assert by_verb["sees"]["answer"] == ["Fleischritter"]
    assert by_verb["zone"]["answer"] == ["F7", "F8", "F9", "F10", "G7", "G10", "H7", "H10",
                                         "I7", "I8", "I9", "I10"]
    for verb in ("reach", "front", "visible"):
        spaces = by_verb[verb]["answer"]
        assert spaces and all(isinstance(s, str) for s in spaces)
    assert by_verb["front"]["answer"][:2] == ["A1", "A2"] and "F18" in by_verb["front"]["answer"]
    assert "G8" not in by_verb["front"]["answer"]


def test_distance_is_null_when_never_adjacent(tmp_path, capsys):
    path = tmp_path / "walled.toml"
    path.write_text("""game = "clash"
[board]
rows = 3
cols = 4
[[knights]]
name = "Kara"
at = "B4"
[[monsters]]
name = "Mob"
type = "mob"
at = "A1"
[[terrain]]
name = "Wall"
spaces = ["A3", "B3", "C3", "C4"]
keywords = ["obstacle"]
""", encoding="utf-8")
    code, [answer] = ask(capsys, str(path), "distance Mob Kara")
    assert code == 0 and answer["answer"] is None and "never" in answer["why"]


def test_space_labels_and_quoted_names(capsys):
    code, answers = ask(capsys, str(LAYOUTS / "clash-los-example.toml"),
                        "range c9 Kara", "los 'Fleischritter' C9", "zone E3 0")
    assert code == 0
    assert [a["answer"] for a in answers] == [8, True, ["E3"]]  # C9 to E3: 2 rows + 6 columns


@pytest.mark.parametrize("question,words", [
    ("los Kara", "los takes 2 words"),
    ("los Kara Nobody", "'Nobody' is neither a piece nor a space label"),
    ("reach Eggknight", "Eggknight is not a Knight"),
    ("front Kara", "Kara is not a Monster"),
    ("zone Kara two", "not a whole number"),
    ("zone Kara -1", "not a whole number from 0 to"),
    ("range Kara Z99", "Z99 is off the board"),
    ("fly Kara", "'fly' is not a clash question"),
])
def test_unanswerable_questions_say_why_and_exit_1(capsys, question, words):
    code, answers = ask(capsys, TEACHING, question, "range Kara Odo")
    assert code == 1
    assert words in answers[0]["error"] and "answer" not in answers[0]
    assert "answer" in answers[1]  # the remaining questions are still answered


def test_an_unloadable_layout_exits_2(tmp_path, capsys):
    path = tmp_path / "broken.toml"
    path.write_text('game = "clash"\n[board]\nrows = 0\ncols = 3\n', encoding="utf-8")
    code = main(["query", str(path), "range A1 A2"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "rows: must be 1 to 100" in err


def test_bench_without_a_target_is_a_usage_error(capsys):
    code = main(["bench"])
    _, err = capsys.readouterr()
    assert code == 2 and "tabletop bench --geometry" in err


def test_the_geometry_bench_board_is_the_same_every_run():
    from tabletop.bench import geometry_board

    board = geometry_board()
    assert board == geometry_board()
    assert len(board.terrain) == 100 and all(t.has("obscuring") for t in board.terrain)
    assert (board.board.rows, board.board.cols) == (30, 30)


def test_the_geometry_bench_reports_each_figure_against_its_goal():
    from tabletop.bench import GOALS_MS, geometry_bench

    figures = geometry_bench(runs=1)
    assert [f["board"].split(",")[0] for f in figures] == \
        ["30 x 30", "30 x 30", "100 x 100", "100 x 100", "30 x 30 bench (layouts/bench-30x30.toml)"]
    for figure in figures:
        assert figure["cpu_ms"] > 0
        if "goal_ms" in figure:
            assert figure["goal_ms"] in GOALS_MS.values()
            assert figure["within_goal"] == (figure["cpu_ms"] <= figure["goal_ms"])
    assert figures[1]["runs"] == 39 and figures[1]["visible_spaces_mean"] > 0
    assert figures[4]["runs"] == 900


def test_whole_processes_are_timed_after_a_run_not_counted():
    import os
    import sys

    from tabletop.bench import _processes

    wall, cpu = _processes([sys.executable, "-c", "pass"], 2, dict(os.environ))
    assert len(wall) == len(cpu) == 2 and all(t > 0 for t in wall + cpu)


def test_the_shipped_bench_layout_is_the_geometry_bench_board():
    from tabletop.bench import geometry_board
    from tabletop.games import layouts

    shipped = layouts.load(Path(__file__).resolve().parent.parent / "layouts"
                           / "bench-30x30.toml")[1]
    board = geometry_board(knights=6)
    assert shipped.terrain == board.terrain and shipped.knights == board.knights


@given(st.text(alphabet="ab C4 \t\r\n\x0b\x0c\xa0\u2003#'\"\\", max_size=16))
def test_a_question_is_split_into_words_as_shlex_splits_it(question):
    try:
        expected = shlex.split(question)
    except ValueError:
        with pytest.raises(QueryError, match="cannot read the question"):
            split_words(question)
        return
    assert split_words(question) == expected
