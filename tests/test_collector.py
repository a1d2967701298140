"""The cycle collector is paused while the program starts (a picture, a question's board, the
window's first frame) and runs again afterwards, also when the start fails
(``tabletop.collector``)."""

import gc
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from tabletop.cli import main  # noqa: E402
from tabletop.ui import screenshot  # noqa: E402
from tabletop.ui.app import App  # noqa: E402


@pytest.fixture
def collecting():
    """The collector running before each test, as in a fresh process."""
    gc.enable()
    yield
    gc.enable()


def test_a_picture_is_made_with_the_collector_paused_and_it_runs_again(
        tmp_path, monkeypatch, collecting):
    seen = []
    render = screenshot.render

    def watched(*args, **kwargs):
        seen.append(gc.isenabled())
        return render(*args, **kwargs)

    monkeypatch.setattr(screenshot, "render", watched)
    assert main(["screenshot", "clash-teaching", "-o", str(tmp_path / "shot.png")]) == 0
    assert seen == [False] and gc.isenabled()


def test_a_failed_picture_leaves_the_collector_running(tmp_path, monkeypatch, collecting):
    def broken(*args, **kwargs):
        raise OSError("no room")

    monkeypatch.setattr(screenshot, "render", broken)
    assert main(["screenshot", "clash-teaching", "-o", str(tmp_path / "shot.png")]) != 0
    assert gc.isenabled()


def test_a_collector_switched_off_before_stays_off(tmp_path):
    gc.disable()
    try:
        assert main(["screenshot", "clash-teaching", "-o", str(tmp_path / "shot.png")]) == 0
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_window_draws_its_first_frame_with_the_collector_paused_then_runs_it(
        tmp_path, monkeypatch, collecting):
    monkeypatch.setenv("TABLETOP_RECOVERY_DIR", str(tmp_path))
    seen = []
    draw = App.draw

    def watched(self, surface):
        seen.append(gc.isenabled())
        return draw(self, surface)

    monkeypatch.setattr(App, "draw", watched)
    assert main(["play", "clash-teaching", "--frames", "3"]) == 0
    assert seen[0] is False and gc.isenabled()


def test_a_question_is_answered_with_the_collector_running_again(monkeypatch, capsys,
                                                                collecting):
    from tabletop.games import layouts, query

    seen = []
    load, ask = layouts.load_board, query.ask

    def watched_load(*args, **kwargs):
        seen.append(("load", gc.isenabled()))
        return load(*args, **kwargs)

    def watched_ask(*args, **kwargs):
        seen.append(("ask", gc.isenabled()))
        return ask(*args, **kwargs)

    monkeypatch.setattr(layouts, "load_board", watched_load)
    monkeypatch.setattr(query, "ask", watched_ask)
    assert main(["query", "bench-30x30", "range A1 A2"]) == 0
    assert seen == [("load", False), ("ask", True)] and gc.isenabled()
    assert '"answer": 1' in capsys.readouterr().out


@pytest.mark.parametrize("words", [["layouts"], ["query", "no-such-layout", "range A1 A2"],
                                   ["roll", "2d6", "--seed", "1"], ["no-such-command"]])
def test_other_commands_and_failed_starts_leave_the_collector_running(words, collecting,
                                                                       capsys):
    main(words)
    assert gc.isenabled()


def test_a_pause_ends_at_the_first_resume_however_often_it_was_asked_for(collecting):
    from tabletop.collector import pause_collector, resume_collector

    pause_collector()
    pause_collector()
    assert not gc.isenabled()
    resume_collector()
    assert gc.isenabled()
    resume_collector()  # no pause in force: nothing to do
    assert gc.isenabled()


def test_what_is_left_at_exit_is_frozen_before_pythons_last_collections(tmp_path):
    """An exit handler registered before the picture runs after the module's (last in, first
    out) and finds the objects frozen; the picture is written whole."""
    import subprocess
    import sys

    out = tmp_path / "shot.png"
    script = ("import atexit, gc\n"
              "atexit.register(lambda: print('frozen', gc.get_freeze_count() > 0))\n"
              "from tabletop.cli import main\n"
              f"main(['screenshot', 'clash-teaching', '-o', {str(out)!r}])\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    assert done.stdout.splitlines()[-1] == "frozen True"
    assert out.read_bytes().startswith(b"\x89PNG")
