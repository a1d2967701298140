"""Quitting always works after at most one answer, and saving respects the file: Ctrl+S
writes back only to a save the user owns, shipped examples get Save As, and a save keeps the
file's comments and key order."""

import os
from pathlib import Path

import pygame
import pytest

from tabletop import resources
from tabletop.games import layouts
from tabletop.games.joust.actions import ChooseFavor, Ready, Reveal, SetOrder
from tabletop.ui import app as app_module
from tabletop.ui.app import App, run
from tabletop.ui.controllers.joust_tray import JoustTray
from tabletop.ui.session import Session
from tabletop.ui.widgets.dialogs import QuitDialog, SaveAsPrompt

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"
BOARD = """# A board of my own: these comments stay.
game = "clash"

[board]
rows = 5  # five rows
cols = 7

[[knights]]
name = "Kara"
at = "B2"   # she starts here
"""


@pytest.fixture(autouse=True)
def saves(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    monkeypatch.setenv("TABLETOP_SAVES", str(folder))
    return folder


def open_app(path: Path, size=(900, 600)) -> App:
    pygame.font.init()
    game, state = layouts.load(path)
    made = App(Session(game, state, path=str(path)), size)
    made.screenshot_folder = path.parent
    made.draw(pygame.Surface(size))
    return made


@pytest.fixture
def own(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(BOARD, encoding="utf-8")
    os.chmod(path, 0o644)
    return open_app(path)


def key(app, k, mod=0, text=""):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text))


def type_text(app, words):
    app.update(16)  # a frame passes: the prompt takes typing from the next one
    for letter in words:
        app.dispatch(pygame.event.Event(pygame.TEXTINPUT, text=letter))


def move_kara(app):
    app.screen.selected = "Kara"
    app.screen.click(app.screen.state.knight("Kara").at.step(1, 0))
    assert app.session.dirty


# -- quitting ---------------------------------------------------------------------------------

def test_ctrl_q_on_a_saved_board_quits_at_once(own):
    key(own, pygame.K_q, pygame.KMOD_LCTRL)
    assert not own.running


@pytest.mark.parametrize("answer", [pygame.K_d, pygame.K_s])
def test_unsaved_changes_ask_once_and_the_answer_ends_the_app(own, answer):
    move_kara(own)
    key(own, pygame.K_LCTRL, pygame.KMOD_LCTRL)  # pressing Ctrl alone answers nothing
    key(own, pygame.K_q, pygame.KMOD_LCTRL)
    assert own.running and isinstance(own.top, QuitDialog)
    key(own, pygame.K_LCTRL, pygame.KMOD_LCTRL)
    key(own, pygame.K_q, pygame.KMOD_LCTRL)  # asking again does not stack a second dialog
    assert sum(isinstance(c, QuitDialog) for c in own.stack) == 1
    key(own, answer)
    assert not own.running
    saved = layouts.load(own.session.path)[1]
    assert (saved == own.session.state) == (answer == pygame.K_s)


def test_escape_cancels_and_the_board_stays(own):
    move_kara(own)
    own.dispatch(pygame.event.Event(pygame.QUIT))
    assert isinstance(own.top, QuitDialog)
    key(own, pygame.K_ESCAPE)
    assert own.running and not isinstance(own.top, QuitDialog) and own.session.dirty


def test_the_dialog_buttons_answer_by_mouse(own):
    move_kara(own)
    own.dispatch(pygame.event.Event(pygame.QUIT))
    own.draw(pygame.Surface((900, 600)))
    discard = next(b for b in own.top.buttons if b.label == "Discard")
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        own.dispatch(pygame.event.Event(kind, pos=discard.rect.center, button=1))
    assert not own.running


def test_ctrl_q_quits_with_the_joust_dice_tray_open(tmp_path):
    path = tmp_path / "joust.toml"
    path.write_text((LAYOUTS / "joust-first-round.toml").read_text(encoding="utf-8"),
                    encoding="utf-8")
    app = open_app(path, (1280, 800))
    session = app.session
    for house in ("Bloodguard", "Echelon"):
        knights = [k.name for k in session.state.household(house).knights]
        for knight, favor in zip(knights, ("hit", "ruse", "hit") if house == "Bloodguard"
                                 else ("block", "hit", "ruse"), strict=True):
            assert session.perform(ChooseFavor(house, knight, favor)), session.status
        assert session.perform(SetOrder(house, tuple(knights)))
        assert session.perform(Ready(house))
    assert session.perform(Reveal())
    app.screen.open_tray()
    assert any(isinstance(c, JoustTray) for c in app.stack) and app.top.modal
    key(app, pygame.K_LCTRL, pygame.KMOD_LCTRL)
    key(app, pygame.K_q, pygame.KMOD_LCTRL)
    assert isinstance(app.top, QuitDialog)
    key(app, pygame.K_d)
    assert not app.running


def test_posted_events_end_the_running_window(tmp_path, monkeypatch):
    path = tmp_path / "mine.toml"
    path.write_text(BOARD, encoding="utf-8")
    script = [[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LCTRL, mod=pygame.KMOD_LCTRL,
                                  unicode="")],
              [pygame.event.Event(pygame.QUIT)],
              [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d")]]
    frames = []
    real_get = pygame.event.get

    def scripted_get(*args, **kwargs):
        real_get(*args, **kwargs)
        frames.append(1)
        if len(frames) == 2:  # a change first, so that quitting has something to ask about
            app = scripted_get.app
            app.screen.selected = "Kara"
            app.screen.click(app.screen.state.knight("Kara").at.step(1, 0))
        return script.pop(0) if script and len(frames) > 2 else []

    real_init = App.__init__

    def remember(self, *args, **kwargs):
        real_init(self, *args, **kwargs)
        scripted_get.app = self

    monkeypatch.setattr(App, "__init__", remember)
    monkeypatch.setattr(app_module.pygame.event, "get", scripted_get)
    assert run(str(path), frames=50) == 0
    assert len(frames) < 50  # it ended on the answer, not on the frame limit
    assert layouts.load(path)[1] == layouts.loads(BOARD)[1]  # Discard wrote nothing


# -- saving -----------------------------------------------------------------------------------

def test_ctrl_s_keeps_the_comments_and_key_order(own):
    path = Path(own.session.path)
    move_kara(own)
    key(own, pygame.K_s, pygame.KMOD_LCTRL)
    assert not own.session.dirty
    written = path.read_text(encoding="utf-8")
    assert layouts.load(path)[1] == own.session.state
    old_lines = BOARD.splitlines()
    new_lines = written.splitlines()
    assert new_lines[:len(old_lines)] == [line.replace('"B2"', '"B3"') for line in old_lines]


def test_a_shipped_example_is_never_written_over(saves):
    example = LAYOUTS / "clash-teaching.toml"
    before = example.read_bytes()
    app = open_app(example)
    assert resources.is_shipped(example) and not app.session.owns_file
    knight = app.screen.state.knights[0]
    app.screen.selected = knight.name
    app.screen.click(knight.at.step(0, 1))
    assert app.session.dirty
    key(app, pygame.K_s, pygame.KMOD_LCTRL)
    assert isinstance(app.top, SaveAsPrompt)
    assert app.top.name == str(saves / "clash-teaching.toml")
    key(app, pygame.K_RETURN)
    assert example.read_bytes() == before
    copy = saves / "clash-teaching.toml"
    assert layouts.load(copy)[1] == app.session.state and app.session.path == str(copy)
    assert not app.session.dirty and app.session.owns_file


def test_save_as_by_keyboard_everywhere(own, saves):
    key(own, pygame.K_s, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
    prompt = own.top
    assert isinstance(prompt, SaveAsPrompt)
    key(own, pygame.K_u, pygame.KMOD_LCTRL)
    type_text(own, "practice/second")
    key(own, pygame.K_BACKSPACE)
    type_text(own, "d")
    key(own, pygame.K_RETURN)
    target = saves / "practice" / "second.toml"
    assert target.exists() and own.session.path == str(target)
    assert "# she starts here" in target.read_text(encoding="utf-8")


def test_save_as_asks_before_writing_over_another_file(own, saves):
    saves.mkdir()
    other = saves / "other.toml"
    other.write_text(BOARD, encoding="utf-8")
    move_kara(own)
    key(own, pygame.K_s, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
    key(own, pygame.K_u, pygame.KMOD_LCTRL)
    type_text(own, "other")
    key(own, pygame.K_RETURN)
    assert "Enter again" in own.session.status and isinstance(own.top, SaveAsPrompt)
    assert other.read_text(encoding="utf-8") == BOARD
    key(own, pygame.K_RETURN)
    assert layouts.load(other)[1] == own.session.state


def test_escape_leaves_save_as_without_writing(own, saves):
    key(own, pygame.K_s, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
    key(own, pygame.K_ESCAPE)
    assert not isinstance(own.top, SaveAsPrompt) and not saves.exists()


def test_quit_dialog_save_on_an_example_goes_through_save_as(saves):
    app = open_app(LAYOUTS / "clash-teaching.toml")
    knight = app.screen.state.knights[0]
    app.screen.selected = knight.name
    app.screen.click(knight.at.step(0, 1))
    key(app, pygame.K_q, pygame.KMOD_LCTRL)
    key(app, pygame.K_s, text="s")
    app.dispatch(pygame.event.Event(pygame.TEXTINPUT, text="s"))  # the same key press, as text
    assert isinstance(app.top, SaveAsPrompt) and app.running
    assert app.top.name == str(saves / "clash-teaching.toml")
    key(app, pygame.K_RETURN)
    assert not app.running and (saves / "clash-teaching.toml").exists()


def test_save_as_draws_the_name_field_at_both_sizes(own):
    key(own, pygame.K_s, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
    for size in ((1280, 800), (1920, 1080)):
        own.draw(pygame.Surface(size))


def test_a_screen_pushing_something_while_the_dialog_is_open_cannot_take_the_answer(own):
    from tabletop.ui.widgets.handover import HandOver

    move_kara(own)
    key(own, pygame.K_q, pygame.KMOD_LCTRL)
    own.push(HandOver("Pass to someone", "", lambda: None))
    assert isinstance(own.top, QuitDialog)
    key(own, pygame.K_d)
    assert not own.running


def test_a_tray_closing_itself_under_the_dialog_leaves_the_dialog(own):
    from tabletop.ui.widgets.handover import HandOver

    cover = HandOver("Pass to someone", "", lambda: None)
    own.push(cover)
    move_kara(own)
    own.dispatch(pygame.event.Event(pygame.QUIT))
    own.pop(cover)
    assert isinstance(own.top, QuitDialog) and cover not in own.stack
    key(own, pygame.K_ESCAPE)
    assert own.running and len(own.stack) == 1


def test_ctrl_s_saves_with_the_dice_tray_open(own):
    from tabletop.ui.widgets.dice_tray import DiceTray

    move_kara(own)
    key(own, pygame.K_d)
    assert isinstance(own.top, DiceTray)
    key(own, pygame.K_s, pygame.KMOD_LCTRL)
    assert not own.session.dirty and isinstance(own.top, DiceTray)
    key(own, pygame.K_s, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
    assert isinstance(own.top, SaveAsPrompt)
    type_text(own, "s")  # typed into the name, not taken as a key
    key(own, pygame.K_s, pygame.KMOD_LCTRL)  # Ctrl+S in the prompt does not open another
    assert sum(isinstance(c, SaveAsPrompt) for c in own.stack) == 1
