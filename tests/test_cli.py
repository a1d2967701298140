"""The command line: one clear line and an exit code for every user mistake, never a traceback."""

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop import cli, cli_parser
from tabletop.cli import main

ROOT = Path(__file__).resolve().parent.parent
TEACHING = str(ROOT / "layouts" / "clash-teaching.toml")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_prints_a_one_line_summary(capsys):
    code, out, err = run(capsys, "check", TEACHING)
    assert code == 0 and err == ""
    assert out.strip().endswith("4 knights, 1 monster, 3 terrain tiles on a 12 × 18 board")


def test_unknown_command_is_one_line_and_exit_2(capsys):
    code, out, err = run(capsys, "frobnicate")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "invalid choice: 'frobnicate'" in err


def test_missing_file_names_the_file(capsys):
    code, _, err = run(capsys, "check", "no/such/layout.toml")
    assert code == 2 and err == "tabletop: no/such/layout.toml: no such file\n"


def test_query_answers_in_order_and_flags_bad_questions(capsys):
    code, out, _ = run(capsys, "query", TEACHING, "nonsense verb", "")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 1
    assert [a["question"] for a in lines] == ["nonsense verb", ""]
    assert all("error" in a for a in lines)


def test_an_answer_the_terminal_cannot_write_is_written_in_ascii_escapes():
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    done = subprocess.run([sys.executable, "-m", "tabletop", "query", TEACHING, "ünï ✓"],
                          capture_output=True, env=env, check=False)
    line = done.stdout.decode("ascii").strip()
    assert done.returncode == 1 and "\\u00fcn\\u00ef \\u2713" in line
    assert json.loads(line)["question"] == "ünï ✓" and "error" in json.loads(line)


def test_query_reads_stdin(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("nonsense\n\nother\n"))
    code, out, _ = run(capsys, "query", TEACHING, "--stdin")
    assert [json.loads(line)["question"] for line in out.splitlines()] == ["nonsense", "other"]
    assert code == 1


def test_query_needs_a_question(capsys):
    code, out, err = run(capsys, "query", TEACHING)
    assert code == 2 and out == "" and "no question asked" in err


def test_query_refuses_both_stdin_and_arguments(capsys):
    code, _, err = run(capsys, "query", TEACHING, "--stdin", "los A1 B2")
    assert code == 2 and "not both" in err


@pytest.mark.parametrize("text, expected", [
    ("game = 'clash'\n[board\n", ":2: not valid TOML"),
    ("game = 'chess'\n", "'chess' is not a known game"),
    ("title = 'no game'\n", "missing the key 'game'"),
])
def test_bad_layouts_exit_2_without_traceback(tmp_path, text, expected):
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "tabletop", "check", str(path)],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 2
    assert expected in result.stderr and "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1


def test_play_names_a_bad_file_on_one_line(capsys):
    code, out, err = run(capsys, "play", "no\nsuch.toml")
    assert code == 2 and out == ""
    assert err == "tabletop: no\\nsuch.toml: no such file\n"


def test_play_new_joust_starts_a_seeded_game(capsys, monkeypatch):
    """``tabletop play --new joust --seed N`` opens a fresh King's Champion game set up from
    the card data, in the setup phase, its decks shuffled by the seed."""
    opened = []
    monkeypatch.setattr("tabletop.ui.app.run",
                        lambda path, frames=None, new=None, **look: opened.append((path, new))
                        or 0)
    assert main(["play", "--new", "joust", "--seed", "12"]) == 0
    (path, (game, state)), = opened
    assert path is None and game.name == "joust"
    assert (state.phase, state.seed, state.round) == ("setup", 12, 1)
    assert main(["play", "--new", "joust", "--seed", "12"]) == 0
    assert opened[1][1][1].ability_deck == state.ability_deck
    assert main(["play", "--new", "joust", "--knights",
                 "Echelon=Sir Gareth, Dame Elspeth, Dame Maud"]) == 0
    assert [k.name for k in opened[2][1][1].household("Echelon").knights] == [
        "Sir Gareth", "Dame Elspeth", "Dame Maud"]


@pytest.mark.parametrize("argv, words", [
    (["play", "--new", "clash"], "a fresh game can be set up for joust"),
    (["play", "--seed", "3"], "go with --new"),
    (["play", "--new", "joust", "--knights", "Bloodguard=Sir Gareth"], "HOUSE=KNIGHT,KNIGHT"),
    (["play", "--new", "joust", "--knights", "Bloodguard=Sir Gareth,Sir Aldric,Sir Bertram"],
     "already serves House Bloodguard"),
    (["play", "--new", "joust", "--seed", "-1"], "must be a whole number"),
    (["play", "--new", "joust", "joust-first-round"], "name no file"),
])
def test_play_new_refuses_what_it_cannot_do(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and words in err and err.count("\n") == 1


def test_a_bug_is_one_line_and_exit_70_never_a_traceback(capsys, monkeypatch):
    import tabletop.cli as cli

    def broken(args):
        raise TypeError("an argument went missing")

    monkeypatch.setitem(cli.COMMANDS, "check", broken)
    assert main(["check", "layouts/clash-teaching.toml"]) == 70
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "internal error (TypeError: an argument went missing)" in err


@pytest.mark.parametrize("words", [
    [], ["play", "--frames", "1"], ["screenshot", "clash-teaching", "-o", "x.png", "--ui"],
    ["query", "bench-30x30", "range A1 A2", "--stdin"], ["learn", "--practice", "los"],
    ["roll", "3 kf-d10", "--seed", "4"], ["check", "a.toml", "b.toml"], ["layouts", "joust"]])
def test_a_parser_built_for_the_named_command_reads_the_line_as_the_whole_parser(words):
    named = cli_parser.build_parser(cli_parser._named_command(words)).parse_known_args(words)
    assert named == cli_parser.build_parser().parse_known_args(words)


@pytest.mark.parametrize("columns", [None, "100", "50", "abc", "0", "-5"])
def test_help_is_as_wide_as_argparse_would_write_it(monkeypatch, columns):
    import shutil

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    cli_parser._help_width.cache_clear()
    try:
        assert cli_parser._help_width() == shutil.get_terminal_size().columns - 2
    finally:
        cli_parser._help_width.cache_clear()



WORDS = st.lists(st.one_of(st.sampled_from(["query", "bench-30x30", "range A1 A2", "-", "--",
                                            "--stdin", "--std", "-h", "-5", "", " -x", "a b",
                                            "los -1 A2", "check"]),
                           st.text(alphabet="-aq Ü\n", max_size=4)), max_size=5)
"""Command lines, mostly of ``tabletop query``, with and without options."""


@given(st.booleans(), WORDS)
def test_a_plain_query_line_is_read_as_the_parser_reads_it(query, words):
    words = ["query", *words] if query else words
    plain = cli.plain_query(words)
    if plain is None:
        assert words[:1] != ["query"] or len(words) < 2 or any(
            w.startswith("-") for w in words[1:])
    else:
        assert vars(plain) == vars(cli_parser.parse(words))


@pytest.mark.parametrize("words", [["query", "f"], ["query", "f", "range A1 A2", "los a b"],
                                   ["query", "", ""], ["query", "a b", "c\nd", "x-"]])
def test_a_query_without_options_is_read_without_the_parser(words):
    assert vars(cli.plain_query(words)) == {"command": "query", "file": words[1],
                                            "questions": words[2:], "stdin": False}
    assert vars(cli.plain_query(words)) == vars(cli_parser.parse(words))
