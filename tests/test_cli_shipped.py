"""The command line opens shipped layouts by name from any folder; `tabletop layouts`,
`tabletop --version` and several files for `tabletop check`."""

import json
from pathlib import Path

import pytest

import tabletop
from tabletop import resources
from tabletop.cli import main

ROOT = Path(__file__).resolve().parent.parent
NAMES = sorted(path.stem for path in (ROOT / "layouts").glob("*.toml"))
SMALL = 'game = "clash"\n[board]\nrows = 4\ncols = 6\n[[knights]]\nname = "Ada"\nat = "A1"\n'


@pytest.fixture
def elsewhere(tmp_path, monkeypatch):
    """A current folder with no layouts in it."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_version(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out == f"tabletop {tabletop.__version__}\n"


def test_layouts_lists_every_shipped_layout_with_title_and_notes(capsys, elsewhere):
    code, out, err = run(capsys, "layouts")
    assert code == 0 and err == ""
    for item in resources.shipped("layouts"):
        assert f"\n  {item.name}: {item.title}" in out
        assert " ".join(item.notes.split()[:6]) in " ".join(out.split())
    assert "Kingdoms Forlorn — Clash Board" in out and "King's Champion — The List" in out
    assert "clash-teaching: Eggknight among the ruins (what `tabletop` alone opens)" in out


def test_layouts_of_one_game(capsys):
    code, out, _ = run(capsys, "layouts", "joust")
    listed = [line.split(":")[0].strip() for line in out.splitlines() if line.startswith("  ")
              and not line.startswith("    ")]
    assert code == 0 and listed == [n for n in NAMES if n.startswith("joust-")]
    code, out, err = run(capsys, "layouts", "chess")
    assert code == 2 and out == "" and "'chess' is not a game with shipped layouts" in err


def test_check_takes_every_shipped_layout_by_name_from_another_folder(capsys, elsewhere):
    code, out, err = run(capsys, "check", *NAMES)
    assert code == 0 and err == ""
    assert [line.split(":")[0] for line in out.splitlines()] == NAMES
    assert all(": ok, " in line for line in out.splitlines())


def test_check_stops_at_the_first_file_that_fails(capsys, elsewhere):
    code, out, err = run(capsys, "check", "joust-setup", "clash-teachin", "kingdom-start")
    assert code == 2 and out.startswith("joust-setup: ok") and out.count("\n") == 1
    assert err.count("\n") == 1 and "did you mean clash-teaching" in err


def test_a_file_in_the_current_folder_wins_over_a_shipped_name(capsys, elsewhere):
    (elsewhere / "clash-teaching").write_text(SMALL, encoding="utf-8")
    code, out, _ = run(capsys, "check", "clash-teaching")
    assert code == 0 and out.strip().endswith("on a 4 × 6 board")


def test_query_and_screenshot_by_name(capsys, elsewhere):
    code, out, _ = run(capsys, "query", "clash-los-example", "sees Eggknight")
    assert code == 0 and json.loads(out)["answer"] == ["Fleischritter"]
    code, out, err = run(capsys, "screenshot", "joust-setup", "-o", "joust.png",
                         "--size", "640x400")
    assert code == 0 and err == "" and out.strip() == "joust.png"
    assert (elsewhere / "joust.png").read_bytes().startswith(b"\x89PNG")


def test_play_opens_a_shipped_layout_by_name(monkeypatch, elsewhere):
    opened = []
    monkeypatch.setattr("tabletop.ui.app.run", lambda path, frames=None: opened.append(
        (Path(path).read_bytes(), frames)) or 0)
    assert main(["play", "joust-setup"]) == 0
    assert main([]) == 0
    assert main(["play", "--frames", "3"]) == 0
    joust, default = ((ROOT / "layouts" / f"{n}.toml").read_bytes()
                      for n in ("joust-setup", "clash-teaching"))
    assert opened == [(joust, None), (default, None), (default, 3)]


def test_the_window_runs_a_few_frames_on_the_default_board(capsys, elsewhere):
    assert main(["play", "--frames", "2"]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("frames", ["0", "-1", "x", "1e3", "²", "99999999"])
def test_frames_must_be_a_small_whole_number(capsys, frames):
    code, out, err = run(capsys, "play", "--frames", frames)
    assert code == 2 and out == "" and err.count("\n") == 1 and "--frames" in err


@pytest.mark.parametrize("count", ["0", "x", "²", "9" * 5000])
def test_a_frames_count_that_is_not_a_plain_whole_number_is_one_usage_line(count, capsys):
    assert main(["play", "--frames", count]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--frames" in err and "whole number" in err
