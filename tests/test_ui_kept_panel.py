"""The side panel's picture is kept between frames and drawn afresh only when something it shows
changes: every frame below is compared, pixels and text record (tooltips and keyboard focus
too), with the same frame drawn with the panel drawn afresh, after synthetic events that
change what the panel shows (a button under the mouse or pressed, a menu opened and walked,
a scroll, a move, a new size, theme or UI scale) and events that do not (the mouse over the
board)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tabletop.games import layouts
from tabletop.games.clash.actions import MovePiece
from tabletop.spatial.grid import Space
from tabletop.ui import background, textlayer
from tabletop.ui.app import App
from tabletop.ui.controllers.clash_steps import MenuStep
from tabletop.ui.session import Session
from tabletop.ui.widgets.choice_menu import ChoiceMenu
from tabletop.ui.widgets.menu import MenuItem
from tabletop.ui.widgets.tooltip import draw_tooltip

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"
SIZE = (1280, 800)


@pytest.fixture(autouse=True)
def _pygame(monkeypatch):
    """Headless pygame; the hover caption's distance worked out at once (not in the
    background), so that two drawings of a frame show the same words."""
    pygame.display.init()
    pygame.font.init()
    monkeypatch.setattr(background.WORKER, "submit", lambda compute, deliver:
                        deliver(compute()))


def open_app(name: str = "clash-teaching.toml", size=SIZE) -> App:
    game, state = layouts.load(LAYOUTS / name)
    return App(Session(game, state, path=str(LAYOUTS / name)), size)


def send(app: App, kind: int, **fields) -> None:
    app.dispatch(pygame.event.Event(kind, **fields))


def move_to(app: App, pos: tuple[int, int]) -> None:
    send(app, pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def press(app: App, code: int, mod: int = 0) -> None:
    send(app, pygame.KEYDOWN, key=code, mod=mod, unicode="")


def wheel(app: App, pos: tuple[int, int], notches: int) -> None:
    move_to(app, pos)
    send(app, pygame.MOUSEWHEEL, x=0, y=notches, flipped=False, precise_x=0.0,
         precise_y=float(notches))


def click(app: App, pos: tuple[int, int]) -> None:
    move_to(app, pos)
    send(app, pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    send(app, pygame.MOUSEBUTTONUP, pos=pos, button=1)


def seen(surface: pygame.Surface) -> tuple:
    """The frame as a user meets it: its pixels, every string recorded, the tooltip of each
    shortened one and the keyboard focus."""
    drawn = textlayer.drawn()
    tips = [textlayer.tip_at(d.rect.center) for d in drawn if d.tooltip]
    return pygame.image.tobytes(surface, "RGB"), drawn, tips, textlayer.focus_tip()


def frame(app: App, size=SIZE) -> tuple[bool, tuple]:
    """Draw a frame, again with the panel as kept, then with the side panel drawn afresh
    (straight into the frame), and check that the last two are the same; returns whether
    the kept panel was drawn afresh for the first, and what the frame shows."""
    surface = pygame.Surface(size)
    before = app.kept_panel.drawings
    app.update(16)
    app.draw(surface)
    redrawn = app.kept_panel.drawings > before
    app.draw(surface)
    assert app.kept_panel.drawings == before + redrawn
    kept = seen(surface)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(app, "_panel_key", lambda shown: None)  # drawn straight into the frame
        app.draw(surface)
        fresh = seen(surface)
    assert kept[1:] == fresh[1:]
    assert kept[0] == fresh[0], "the kept panel's pixels differ from the panel drawn afresh"
    return redrawn, kept


def select_first_knight(app: App) -> None:
    knight = app.session.state.knights[0]
    click(app, app.screen.grid().centre(knight.at))
    assert app.screen.selected == knight.name
    frame(app)


def test_the_mouse_over_the_board_keeps_the_panel_while_the_caption_follows_it():
    app = open_app("bench-30x30.toml")
    select_first_knight(app)
    grid = app.screen.grid()
    shown = set()
    for label in ("A1", "B7", "H12", "O15", "Z30", "AD2"):
        move_to(app, grid.centre(Space.parse(label)))
        redrawn, picture = frame(app)
        assert not redrawn
        shown.add(picture[0])
    assert len(shown) == 6  # the board's caption and LoS line followed the mouse


def test_a_button_under_the_mouse_or_pressed_draws_the_panel_afresh():
    app = open_app()
    frame(app)
    undo = next(b for b in app.buttons if b.label == "Undo")
    edit = next(b for b in app.buttons if b.label == "Edit")
    move_to(app, edit.rect.center)
    redrawn, hovered = frame(app)
    assert redrawn and next(b for b in app.buttons if b.label == "Edit").hover
    send(app, pygame.MOUSEBUTTONDOWN, pos=edit.rect.center, button=1)
    redrawn, pressed = frame(app)
    assert redrawn and pressed[0] != hovered[0]
    move_to(app, undo.rect.center)  # still held: Edit stays pressed, Undo is under the mouse
    redrawn, _ = frame(app)
    assert redrawn
    send(app, pygame.MOUSEBUTTONUP, pos=undo.rect.center, button=1)
    redrawn, released = frame(app)
    assert redrawn and not app.screen.edit
    move_to(app, app.areas.board.center)
    assert frame(app)[0]  # no button under the mouse any more
    assert not frame(app)[0]


def test_a_menu_opened_walked_and_closed_draws_the_panel_afresh():
    app = open_app()
    select_first_knight(app)
    press(app, pygame.K_a)
    redrawn, opened = frame(app)
    step = app.screen.step
    assert redrawn and isinstance(step, MenuStep) and len(step.menu.items) > 1
    press(app, pygame.K_DOWN)
    redrawn, walked = frame(app)
    assert redrawn and walked[0] != opened[0] and step.menu.highlight == 1
    move_to(app, step.menu.rects[0].center)
    redrawn, hovered = frame(app)
    assert redrawn and step.menu.highlight == 0 and hovered[0] != walked[0]
    move_to(app, app.areas.board.center)
    assert not frame(app)[0]
    press(app, pygame.K_ESCAPE)
    redrawn, _ = frame(app)
    assert redrawn and app.screen.step is None


def test_a_long_menu_walked_to_its_end_and_back_matches_the_menu_drawn_afresh():
    size = (1100, 620)
    app = open_app("clash-teaching.toml", size)
    select_first_knight(app)
    items = [MenuItem(f"Form {n}: Knockback {n}", n, enabled=n % 4 != 3,
                      note="not now: spent" if n % 4 == 3 else "") for n in range(14)]
    step = MenuStep(app.screen, "Which form?", items, lambda _: None, header=["Kara attacks"])
    app.push(step)
    frame(app, size)
    pictures = set()
    for _ in range(13):
        press(app, pygame.K_DOWN)
        redrawn, picture = frame(app, size)
        assert redrawn
        pictures.add(picture[0])
    assert step.menu.first > 0  # it scrolled
    wheel(app, step.menu.box.center, 1)
    assert frame(app, size)[0]
    press(app, pygame.K_2)
    assert frame(app, size)[0]
    assert len(pictures) == 13


def test_scrolling_the_facts_and_the_log_draws_the_panel_afresh():
    app = open_app("clash-teaching.toml", (1280, 600))
    size = (1280, 600)
    select_first_knight(app)
    spaces = [Space(n % 2, n % 17) for n in range(30)]  # rows A and B are empty
    for space in spaces:  # thirty log entries
        assert app.session.perform(MovePiece("Kara", space)), app.session.status
    frame(app, size)
    assert app.panel_body.scrolls
    wheel(app, app.panel_body.rect.center, -1)
    redrawn, _ = frame(app, size)
    assert redrawn and app.panel_body.first > 0
    send(app, pygame.MOUSEBUTTONDOWN, pos=app.panel_body.cue.center, button=1)
    redrawn, _ = frame(app, size)
    assert redrawn
    wheel(app, app.log_panel.rect.center, 2)
    redrawn, _ = frame(app, size)
    assert redrawn and app.log_panel.first is not None
    press(app, pygame.K_PAGEDOWN)
    assert frame(app, size)[0]
    assert not frame(app, size)[0]


def test_a_move_a_new_size_theme_or_ui_scale_draws_the_panel_afresh():
    app = open_app()
    select_first_knight(app)
    assert app.session.perform(MovePiece("Kara", Space(0, 3)))  # new facts, a log entry
    assert frame(app)[0]
    for size in ((1920, 1080), (1000, 700), SIZE):
        assert frame(app, size)[0]
    press(app, pygame.K_h, pygame.KMOD_CTRL)  # high contrast
    assert frame(app)[0]
    press(app, pygame.K_h, pygame.KMOD_CTRL)
    assert frame(app)[0]
    press(app, pygame.K_EQUALS, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)  # UI scale up
    assert frame(app)[0]
    press(app, pygame.K_MINUS, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert frame(app)[0]
    press(app, pygame.K_z, pygame.KMOD_CTRL)  # undo: the move's facts and entry go
    assert frame(app)[0]
    assert not frame(app)[0]


def test_a_question_asked_in_the_window_draws_its_caption_in_the_panel():
    app = open_app()
    frame(app)
    app.screen.apply_overlay("los Kara Eggknight")
    redrawn, picture = frame(app)
    assert redrawn and any(d.words.startswith("Kara") for d in picture[1])


def test_the_kept_panel_keeps_its_tooltips_and_the_keyboard_focus():
    app = open_app()
    select_first_knight(app)
    endless = " ".join(["Knockback to the Side"] * 12)  # more than four lines: cut
    step = MenuStep(app.screen, "Knight attack", [MenuItem("Short", 1), MenuItem(endless, 2)],
                    lambda _: None)
    app.push(step)
    frame(app)
    press(app, pygame.K_DOWN)
    redrawn, picture = frame(app)
    assert redrawn and picture[3] is not None and picture[3][1] == endless
    move_to(app, app.areas.board.center)
    redrawn, picture = frame(app)
    assert not redrawn and picture[3][1] == endless  # kept, with its focus
    surface = pygame.Surface(SIZE)
    app.draw(surface)
    assert draw_tooltip(surface, None) is not None
    cut = next(d for d in picture[1] if d.tooltip and d.full == endless)
    assert textlayer.tip_at(cut.rect.center)[1] == endless


def test_a_menu_that_cannot_say_what_it_shows_is_drawn_afresh_every_frame():
    app = open_app()
    frame(app)
    app.push(ChoiceMenu("Which card?", [("one", 1), ("two", 2)], lambda value: None))
    drawings = app.kept_panel.drawings
    for _ in range(2):
        redrawn, picture = frame(app)
        assert not redrawn and any(d.words == "Which card?" for d in picture[1])
    assert app.kept_panel.drawings == drawings


def test_a_picture_of_the_board_is_drawn_without_the_kept_panel():
    app = open_app()
    app.interactive = False
    app.draw(pygame.Surface(SIZE))
    assert app.kept_panel.drawings == 0
