"""Recovery files (docs/window.md, *Recovery after a crash*): every change is written
atomically; after a crash the next start offers to restore the board."""

import os
import subprocess
import sys
from dataclasses import replace

import pygame

from tabletop.games import layouts
from tabletop.ui.app import App, RestorePrompt
from tabletop.ui.recovery import Recovery
from tabletop.ui.session import Session

BOARD = """
game = "clash"
[board]
rows = 5
cols = 7
[[knights]]
name = "Kara"
at = "B2"
"""

CRASH = """
import os, sys
from tabletop.games import layouts
from tabletop.games.clash.actions import MoveKnight
from tabletop.spatial.grid import Space
from tabletop.ui.recovery import Recovery
from tabletop.ui.session import Session
game, state = layouts.load(sys.argv[1])
session = Session(game, state, path=sys.argv[1], recovery=Recovery(sys.argv[2]))
assert session.perform(MoveKnight("Kara", Space.parse("C3")))
os._exit(9)  # a crash: no clean exit, nothing tidied up
"""


def crash_after_a_move(tmp_path):
    source = tmp_path / "board.toml"
    source.write_text(BOARD, encoding="utf-8")
    folder = tmp_path / "recovery"
    done = subprocess.run([sys.executable, "-c", CRASH, str(source), str(folder)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 9, done.stderr
    return source, folder


def test_every_change_is_written_to_the_recovery_file(tmp_path):
    game, state = layouts.loads(BOARD)
    recovery = Recovery(tmp_path, pid=os.getpid())
    session = Session(game, state, recovery=recovery)
    assert not recovery.file.exists()
    kara = state.knight("Kara")
    moved = state.with_piece(replace(kara, at=kara.at.step(1, 0)))
    assert session.edit(moved, "Kara set on B3")
    assert layouts.load(recovery.file)[1] == moved
    session.undo()
    assert layouts.load(recovery.file)[1] == state
    assert [p.name for p in tmp_path.iterdir()] == [recovery.file.name]  # no temporary left


def test_after_a_crash_the_next_start_offers_the_board(tmp_path):
    source, folder = crash_after_a_move(tmp_path)
    pending = Recovery(folder).pending()
    assert len(pending) == 1 and pending[0].source == str(source)
    pygame.font.init()
    game, state = layouts.load(source)
    app = App(Session(game, state, path=str(source), recovery=Recovery(folder)), (800, 500))
    app.push(RestorePrompt(pending[0]))
    app.draw(pygame.Surface((800, 500)))
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_y, mod=0, unicode="y"))
    assert str(app.session.state.knight("Kara").at) == "C3"
    assert app.session.dirty and app.session.path == str(source)
    assert Recovery(folder).pending() == []


def test_declining_deletes_the_left_behind_file(tmp_path):
    source, folder = crash_after_a_move(tmp_path)
    pending = Recovery(folder).pending()
    pygame.font.init()
    game, state = layouts.load(source)
    app = App(Session(game, state, path=str(source)), (800, 500))
    app.push(RestorePrompt(pending[0]))
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n"))
    assert app.session.state == state
    assert Recovery(folder).pending() == []


def test_a_running_window_is_not_offered(tmp_path):
    game, state = layouts.loads(BOARD)
    window = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)  # tabletop"])
    try:
        Recovery(tmp_path, pid=window.pid).write(state, None)
        assert Recovery(tmp_path).pending() == []
    finally:
        window.kill()
        window.wait()
    assert len(Recovery(tmp_path).pending()) == 1


WINDOW = """
import sys
from tabletop.games import layouts
from tabletop.games.clash.actions import MoveKnight
from tabletop.spatial.grid import Space
from tabletop.ui.app import run_board

game, state = layouts.load(sys.argv[1])

def setup(app):
    if sys.argv[2] == "moved":
        assert app.session.perform(MoveKnight("Kara", Space.parse("C3")))
    print("ready", flush=True)

sys.exit(run_board(game, state, sys.argv[1], setup=setup))
"""


def stop_a_window(tmp_path, how: str, signal_number: int):
    """A real window (the dummy video driver) on a board, ``moved`` or not, stopped by
    ``signal_number`` once it runs: its exit code, standard error and recovery folder."""
    import signal as signals

    source = tmp_path / "board.toml"
    source.write_text(BOARD, encoding="utf-8")
    folder = tmp_path / "recovery"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "TABLETOP_RECOVERY_DIR": str(folder)}
    window = subprocess.Popen([sys.executable, "-c", WINDOW, str(source), how], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert window.stdout.readline().strip() == "ready"
        window.send_signal(signal_number)
        _, err = window.communicate(timeout=30)
    finally:
        if window.poll() is None:
            window.send_signal(signals.SIGKILL)
            window.wait()
    return window.returncode, err, folder


def test_sigterm_keeps_the_unsaved_board_for_recovery_and_exits_with_one_line(tmp_path):
    import signal as signals

    code, err, folder = stop_a_window(tmp_path, "moved", signals.SIGTERM)
    assert code == 128 + signals.SIGTERM
    assert err.count("\n") == 1 and err.startswith("tabletop: stopped by SIGTERM; the unsaved "
                                                   "board is kept in ")
    (pending,) = Recovery(folder, pid=0).pending()
    _, state = pending.load()
    assert str(state.knight("Kara").at) == "C3"


def test_sighup_on_an_unchanged_board_leaves_nothing_to_recover(tmp_path):
    import signal as signals

    code, err, folder = stop_a_window(tmp_path, "unchanged", signals.SIGHUP)
    assert code == 128 + signals.SIGHUP
    assert err == "tabletop: stopped by SIGHUP; nothing was unsaved\n"
    assert not folder.exists() or not list(folder.glob("*.toml"))
