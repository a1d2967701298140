"""The window shell (docs/window.md): start-up errors, files dropped on the window,
the controller stack, app-wide keys, saving, F12 and quitting."""

from pathlib import Path

import pygame
import pytest

from tabletop.cli import main
from tabletop.games import layouts
from tabletop.ui import keys
from tabletop.ui.app import App, HelpScreen, run
from tabletop.ui.controllers.base import Controller
from tabletop.ui.pictures import load_board
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


@pytest.fixture
def app(tmp_path):
    pygame.font.init()
    path = tmp_path / "board.toml"
    path.write_text(BOARD, encoding="utf-8")
    game, state = layouts.load(path)
    made = App(Session(game, state, path=str(path)), (900, 600))
    made.screenshot_folder = tmp_path
    made.draw(pygame.Surface((900, 600)))
    return made


def key(app, k, mod=0):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))


def move_kara(app):
    app.screen.selected = "Kara"
    app.screen.click(app.screen.state.knight("Kara").at.step(1, 0))


def test_bad_file_gives_the_check_error_and_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text(BOARD.replace('at = "B2"', 'at = "Z99"'), encoding="utf-8")
    assert main(["check", str(bad)]) == 2
    check_error = capsys.readouterr().err
    assert run(str(bad)) == 2
    assert capsys.readouterr().err == check_error
    assert check_error.count("\n") == 1 and "off the board" in check_error


def test_bad_file_dropped_on_the_window_goes_to_the_status_line(app, tmp_path):
    before = app.session.state
    bad = tmp_path / "bad.toml"
    bad.write_text("game = 'clash'\n[board]\nrows = 0\ncols = 3\n", encoding="utf-8")
    app.dispatch(pygame.event.Event(pygame.DROPFILE, file=str(bad)))
    assert app.session.state is before
    assert app.session.status_error and "rows: must be 1 to 100" in app.session.status


def test_good_file_dropped_on_the_window_opens_it(app, tmp_path):
    other = tmp_path / "other.toml"
    other.write_text(BOARD.replace("B2", "D4"), encoding="utf-8")
    app.dispatch(pygame.event.Event(pygame.DROPFILE, file=str(other)))
    assert str(app.session.state.knight("Kara").at) == "D4"


def test_help_is_a_modal_that_swallows_events(app):
    key(app, pygame.K_F1)
    assert isinstance(app.top, HelpScreen)
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # closes the help, does not reach the board
    assert len(app.stack) == 1


class Tray(Controller):
    modal = True

    def __init__(self, session):
        super().__init__()
        self.keys = []

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN:
            self.keys.append(event.key)
            if event.key == pygame.K_ESCAPE:
                self.app.pop(self)
            return True
        return False


def test_app_keys_push_a_registered_modal(app, monkeypatch):
    monkeypatch.setattr(keys, "APP_KEYS", [keys.AppKey("d", f"{__name__}:Tray", "dice")])
    key(app, pygame.K_d)
    tray = app.top
    assert isinstance(tray, Tray)
    key(app, pygame.K_t)  # End Turn must not reach the board under a modal
    assert tray.keys == [pygame.K_t]
    key(app, pygame.K_ESCAPE)
    assert app.top is app.screen


def test_ctrl_s_saves_atomically_and_reloads_equal(app):
    move_kara(app)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert not app.session.dirty
    saved = layouts.load(app.session.path)[1]
    assert saved == app.session.state
    assert [p.name for p in (app.screenshot_folder).iterdir() if p.name.startswith(".")] == []


def test_f12_saves_a_png_of_the_board(app):
    key(app, pygame.K_F12)
    pictures = list(app.screenshot_folder.glob("*.png"))
    assert len(pictures) == 1
    assert load_board(pictures[0])[1] == app.session.state
    assert "screenshot saved" in app.session.status


def test_f5_with_unsaved_changes_asks_first(app):
    move_kara(app)
    moved = app.session.state
    key(app, pygame.K_F5)
    assert app.session.state is moved and "F5 again" in app.session.status
    key(app, pygame.K_F5)
    assert str(app.session.state.knight("Kara").at) == "B2"


def test_window_resizes_and_keeps_drawing(app):
    small = pygame.Surface((640, 420))
    app.draw(small)
    assert app.areas.size == (640, 420)
    assert app.screen.grid().rect.right <= app.areas.board.right


def test_run_opens_the_window_for_some_frames(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_RECOVERY_DIR", str(tmp_path / "recovery"))
    path = tmp_path / "board.toml"
    path.write_text(BOARD, encoding="utf-8")
    assert run(str(path), frames=3) == 0


def test_panel_buttons_are_clickable(app):
    move_kara(app)
    moved = app.session.state
    app.draw(pygame.Surface((900, 600)))
    undo = next(b for b in app.buttons if b.label == "Undo")
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.dispatch(pygame.event.Event(kind, pos=undo.rect.center, button=1))
    assert app.session.state is not moved and not app.session.dirty


def test_key_d_opens_the_dice_tray_over_the_board(app):
    key(app, pygame.K_d)
    assert type(app.top).__name__ == "DiceTray" and app.top.modal
    app.draw(pygame.Surface((900, 600)))
    key(app, pygame.K_ESCAPE)
    assert app.top is app.screen


def test_help_lists_the_dice_tray_key_only_where_the_screen_leaves_it_free(app, tmp_path):
    key(app, pygame.K_F1)
    assert ("D", "the dice tray (the game's dice)") in app.top.rows
    game, state = layouts.load(Path(__file__).resolve().parent.parent / "layouts"
                               / "almokon-opening.toml")
    almokon = App(Session(game, state), (900, 600))
    key(almokon, pygame.K_F1)
    assert [row for row in almokon.top.rows if row[0] == "D"] == [
        ("D", "decline a follow-up attack or Truce actions")]


@pytest.mark.parametrize("words", [
    "Sir Aldric (Bloodguard) rolls: white 4: one Reputation; black 4: one Reputation. 0 hits: "
    "Dame Isolde takes 0 hits. +2 Reputation (4, at most 12). Pip count 8 beats 5: a King's "
    "Crown.",
    "a long refusal, " * 20 + "the end",
])
def test_a_long_status_message_is_drawn_whole_smaller_or_on_two_lines(words):
    """The status line holds a long message whole: a little smaller, or on two lines."""
    import pygame

    from tabletop.ui import textlayer
    from tabletop.ui.app import Areas
    from tabletop.ui.widgets.strips import draw_status_line

    pygame.font.init()
    surface = pygame.Surface((1280, 800))
    textlayer.begin_frame(surface)
    area = Areas.of((1280, 800)).status
    draw_status_line(surface, area, words)
    drawn = [d for d in textlayer.drawn() if d.words != "F1 help"]
    assert " ".join(d.words for d in drawn).split() == words.split()
    assert not any(d.shortened for d in drawn) and all(area.contains(d.rect) for d in drawn)
