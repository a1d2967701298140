"""The side panel's log: it scrolls through every entry (wheel over it, PgUp/PgDn), a click
on an entry shows the board as it was then, read-only, through the screen's own filtering of
hidden information, and a button returns to the present; entries are words, never data."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tabletop.games import layouts
from tabletop.games.almokon.view import HIDDEN
from tabletop.games.clash.actions import MovePiece
from tabletop.spatial.grid import Space
from tabletop.ui.app import App
from tabletop.ui.history import HistoryView
from tabletop.ui.logbook import LogEntry, entry_state
from tabletop.ui.pictures import load_board
from tabletop.ui.session import Session
from tabletop.ui.widgets.handover import HandOver

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"
SIZE = (1280, 800)


@pytest.fixture(autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()


def open_app(name: str = "clash-teaching.toml", size=SIZE) -> App:
    game, state = layouts.load(LAYOUTS / name)
    return App(Session(game, state, path=str(LAYOUTS / name)), size)


def frame(app: App, size=SIZE) -> pygame.Surface:
    surface = pygame.Surface(size)
    app.update(16)
    app.draw(surface)
    return surface


def moved_kara(app: App, times: int) -> list[Space]:
    """Move Kara ``times`` times (edit-mode moves, each one log entry); the spaces, in order."""
    spaces = [Space(n % 2, n % 17) for n in range(times)]  # rows A and B are empty
    for space in spaces:
        assert app.session.perform(MovePiece("Kara", space)), app.session.status
    return spaces


def wheel(app: App, notches: int) -> None:
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=app.log_panel.rect.center,
                                    rel=(0, 0), buttons=(0, 0, 0)))
    app.dispatch(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False,
                                    precise_x=0.0, precise_y=float(notches)))


def key(app: App, code: int) -> None:
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))


def click(app: App, pos) -> None:
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def shown(app: App) -> list[int]:
    return [index for _, index in app.log_panel.rows]


def test_the_log_follows_the_newest_entries_whole_then_scrolls_back_to_the_first():
    app = open_app()
    moved_kara(app, 40)
    frame(app)
    newest = shown(app)
    assert newest[-1] == 39 and len(newest) >= 6 and app.log_panel.first is None
    wheel(app, 2)
    frame(app)
    assert shown(app)[0] == newest[0] - 6
    for _ in range(20):
        key(app, pygame.K_PAGEUP)
        frame(app)
    assert shown(app)[0] == 0  # the first action of the session
    key(app, pygame.K_PAGEDOWN)
    frame(app)
    assert shown(app)[0] > 0
    wheel(app, -50)
    frame(app)
    assert shown(app) == newest and app.log_panel.first is None  # following again


def test_the_wheel_scrolls_the_log_only_over_it():
    app = open_app()
    moved_kara(app, 40)
    frame(app)
    before = shown(app)
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(0, 0),
                                    buttons=(0, 0, 0)))
    app.dispatch(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False,
                                    precise_x=0.0, precise_y=3.0))
    frame(app)
    assert shown(app) == before


def test_clicking_an_entry_shows_that_board_read_only_and_a_button_returns():
    app = open_app()
    spaces = moved_kara(app, 12)
    present = app.session.state
    frame(app)
    box, index = app.log_panel.rows[-4]
    click(app, box.center)
    history = app.history()
    assert isinstance(app.top, HistoryView) and history.index == index
    assert history.state().pieces["Kara"].at == spaces[index]
    with app.session.showing(history.state()):
        assert app.screen.view_state().pieces["Kara"].at == spaces[index]
    frame(app)
    assert [b.label for b in app.buttons if b.enabled] == ["Back to now"]  # Undo … stay put
    assert f"after log entry {index + 1}" in app.session.status
    click(app, app.areas.board.center)  # a click on the past board changes nothing
    assert app.session.state is present and len(app.session.history) == 13
    key(app, pygame.K_UP)
    assert app.history().index == index - 1
    frame(app)
    click(app, next(b for b in app.buttons if b.label == "Back to now").rect.center)
    assert app.history() is None and app.session.state is present
    frame(app)
    assert "Undo" in [b.label for b in app.buttons]


def test_the_past_board_is_drawn_not_the_present():
    app = open_app()
    moved_kara(app, 3)
    frame(app)
    click(app, app.log_panel.rows[0][0].center)  # Kara on A1 then, on A3 now
    past = frame(app)
    key(app, pygame.K_ESCAPE)
    now = frame(app)
    assert app.history() is None
    assert past.get_view("2").raw != now.get_view("2").raw


def test_undo_and_dice_lines_belong_to_the_board_they_were_written_on():
    app = open_app()
    spaces = moved_kara(app, 2)
    app.session.log.append("Dice (seed 3): black 4")  # written between changes
    app.session.undo()
    log, initial = app.session.log, app.session.initial
    assert entry_state(log, 2, initial).pieces["Kara"].at == spaces[1]
    assert entry_state(log, 3, initial).pieces["Kara"].at == spaces[0]  # after the undo
    assert isinstance(log[3], LogEntry) and log[3].startswith("undone")


def test_a_past_board_keeps_hidden_hands_hidden():
    app = open_app("almokon-opening.toml")
    state = app.session.state
    app.session.log.append(LogEntry("the opening", state))
    frame(app)
    if isinstance(app.top, HandOver):  # the hand-over screen comes first, and stays modal
        click(app, app.log_panel.rows[-1][0].center)
        assert app.history() is None
        click(app, (300, 300))
        frame(app)
    click(app, app.log_panel.rows[-1][0].center)
    assert app.history() is not None
    with app.session.showing(app.history().state()):
        view = app.screen.view_state()
    assert view is not state
    hidden = [p for p in view.players if p.hand and all(c == HIDDEN for c in p.hand)]
    assert hidden, "an onlooker's past board shows no hand"


def test_replay_data_stays_out_of_the_words():
    entry = LogEntry("Aria's dice: red SKILL HIT (seed 5)", data={"seed": 5, "dice": ["ff-red"]})
    assert "{" not in entry and entry.data["seed"] == 5
    assert LogEntry(entry, "state").data == entry.data


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_long_entries_are_wrapped_whole(size):
    app = open_app(size=size)
    for n in range(30):
        app.session.log.append(f"entry {n}: " + "a long sentence in words " * 4)
    frame(app, size)
    rows = app.log_panel.rows
    assert len(rows) >= 2 and rows[-1][1] == 29
    lines = len(app.log_panel._lines(app.session.log[29], app.log_panel.rect.width - 9))
    assert lines >= 2 and rows[-1][0].height == lines * 16 + 1  # every line of it drawn
    assert all(box.bottom <= app.log_panel.rect.bottom + 1 for box, _ in rows)


def test_f12_on_a_past_board_carries_that_board(tmp_path):
    app = open_app()
    app.screenshot_folder = tmp_path
    spaces = moved_kara(app, 3)
    frame(app)
    click(app, app.log_panel.rows[0][0].center)
    path = app.take_screenshot()
    assert load_board(path)[1].pieces["Kara"].at == spaces[0]
    assert app.session.state.pieces["Kara"].at == spaces[2]
