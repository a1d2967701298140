"""The window's minimum size (640 x 420: every board, its side panel and an open menu whole and
usable there) and where the wheel and PgUp / PgDn go while a menu is open in the side panel:
to the menu, not to the facts hidden under it, nor (while the menu pages) to the log."""

from __future__ import annotations

import os
import warnings
from pathlib import Path

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from clash_boards import ZIGZAG  # noqa: E402
from clash_ui import click, key, make  # noqa: E402
from test_ui_choice_menu_pages import app_past_hand_over, command_menu  # noqa: E402

from tabletop.games import layouts  # noqa: E402
from tabletop.ui import textlayer  # noqa: E402
from tabletop.ui.app import App, keep_minimum_size, minimum_size, set_minimum_size  # noqa: E402
from tabletop.ui.controllers.clash_steps import MenuStep  # noqa: E402
from tabletop.ui.session import Session  # noqa: E402
from tabletop.ui.widgets import theme  # noqa: E402
from tabletop.ui.widgets.choice_menu import ChoiceMenu  # noqa: E402

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"
LEAST = theme.MINIMUM_WINDOW


@pytest.fixture
def display():
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode(theme.DEFAULT_WINDOW, pygame.RESIZABLE)
    pygame.display.quit()


def _event(kind, **fields) -> pygame.event.Event:
    return pygame.event.Event(kind, **fields)


def _key(app: App, code: int) -> None:
    app.dispatch(_event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))


def _wheel(app: App, pos: tuple[int, int], y: int) -> None:
    app.dispatch(_event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.dispatch(_event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                        precise_y=float(y)))


def test_a_size_below_the_minimum_is_raised_to_it_each_way_and_a_larger_one_kept():
    assert LEAST == (640, 420)
    assert minimum_size((320, 240)) == LEAST
    assert minimum_size((500, 900)) == (640, 900)
    assert minimum_size((1000, 300)) == (1000, 420)
    assert minimum_size(theme.DEFAULT_WINDOW) == theme.DEFAULT_WINDOW


def test_the_open_window_is_given_its_minimum_size_without_a_warning(display):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        set_minimum_size()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert pygame.Window.from_display_module().minimum_size == LEAST


def test_a_resize_below_the_minimum_sets_the_window_back_to_it(display):
    pygame.display.set_mode((320, 240), pygame.RESIZABLE)  # a window system ignoring the hint
    keep_minimum_size((320, 240))
    assert pygame.display.get_surface().get_size() == LEAST
    pygame.display.set_mode((900, 300), pygame.RESIZABLE)
    game, state = layouts.load(LAYOUTS / "clash-rule-zigzag.toml")
    app = App(Session(game, state), (900, 300))
    app.dispatch(_event(pygame.VIDEORESIZE, size=(900, 300), w=900, h=300))
    assert pygame.display.get_surface().get_size() == (900, 420)
    keep_minimum_size((800, 600))  # large enough: left as it is
    assert pygame.display.get_surface().get_size() == (900, 420)


def _whole_at_least(app: App, menu_box) -> None:
    """Drawn at the minimum size: the menu's box (``menu_box()`` once drawn) is in the side
    panel above the status line, the panel's buttons are inside it, and every word of the
    window is inside the window."""
    surface = pygame.Surface(LEAST)
    app.draw(surface)
    areas, box = app.areas, menu_box()
    assert areas.panel.contains(box) and box.bottom <= areas.status.top, (box, areas)
    assert areas.board.width >= 300 and areas.board.height >= 300
    for button in app.buttons:
        assert areas.panel.contains(button.rect), button.label
    outside = [d.words for d in textlayer.drawn() if not surface.get_rect().contains(d.rect)]
    assert not outside, f"cut by the window's edge: {outside}"


def test_at_the_minimum_a_clash_menu_step_is_whole_and_usable():
    app = make(ZIGZAG)
    click(app, "D2")
    key(app, pygame.K_m)
    step = app.screen.step
    assert isinstance(step, MenuStep)
    _whole_at_least(app, lambda: step.menu.box)
    first = next(i for i, item in enumerate(step.menu.items) if item.enabled)
    assert step.menu.box.contains(step.menu.rects[first])
    app.dispatch(_event(pygame.MOUSEBUTTONDOWN, pos=step.menu.rects[first].center, button=1))
    app.dispatch(_event(pygame.MOUSEBUTTONUP, pos=step.menu.rects[first].center, button=1))
    assert app.screen.step is not step  # the item was taken: the flow went on


def least_app(path: Path) -> App:
    """An app on the layout at ``path`` at the minimum size, drawn once, past any hand-over
    (the acting player's own view)."""
    return app_past_hand_over(*layouts.load(path), LEAST)


def _choice_app(layout: str, count: int = 14) -> tuple[App, ChoiceMenu, list]:
    """An app on ``layout`` at the minimum size (past any hand-over) with a menu of
    ``count`` long options open in the side panel; the values chosen go to the list."""
    app = least_app(LAYOUTS / layout)
    chosen: list = []
    options = [(f"Option {n}: a form with words enough to wrap onto a second line", n)
               for n in range(count)]
    menu = ChoiceMenu("Which form?", options, chosen.append)
    app.push(menu)
    app.draw(pygame.Surface(LEAST))
    return app, menu, chosen


@pytest.mark.parametrize("layout", ["joust-mid-joust.toml", "almokon-midgame.toml"])
def test_at_the_minimum_a_paged_choice_menu_is_whole_and_usable(layout):
    app, menu, chosen = _choice_app(layout)
    _whole_at_least(app, lambda: menu.box)
    assert menu.fits and menu.paged() and menu.rects
    for cue in menu.cues.values():
        assert menu.box.contains(cue)
    page = menu.shown
    app.dispatch(_event(pygame.MOUSEBUTTONUP, pos=menu.cues[1].center, button=1))
    app.draw(pygame.Surface(LEAST))
    assert menu.first == page
    app.dispatch(_event(pygame.MOUSEBUTTONUP, pos=menu.rects[0].center, button=1))
    assert chosen == [page]


def test_at_the_minimum_an_almokon_command_menu_is_whole():
    app = command_menu(LEAST)
    app.draw(pygame.Surface(LEAST))
    menu = app.top
    assert isinstance(menu, ChoiceMenu) and menu.fits
    _whole_at_least(app, lambda: menu.box)


def _facts_that_scroll(app: App) -> None:
    """Give the screen more facts than the side panel holds, so that its body scrolls."""
    menu = app.top
    app.pop(menu)
    app.screen.panel_lines = lambda: [f"fact {n}" for n in range(80)]
    app.draw(pygame.Surface(LEAST))
    assert app.panel_body.scrolls
    app.push(menu)
    app.draw(pygame.Surface(LEAST))


def test_the_wheel_over_the_panel_pages_an_open_menu_not_the_hidden_facts():
    app, menu, _ = _choice_app("almokon-midgame.toml")
    _facts_that_scroll(app)
    at = app.panel_body.rect.center
    assert app.areas.panel.collidepoint(at)
    _wheel(app, at, -1)
    assert menu.first == menu.shown and app.panel_body.first == 0
    _wheel(app, at, 1)
    assert menu.first == 0 and app.panel_body.first == 0
    app.pop(menu)  # no menu: the wheel there scrolls the facts again
    app.draw(pygame.Surface(LEAST))
    _wheel(app, app.panel_body.rect.center, -1)
    assert app.panel_body.first > 0


def test_page_keys_page_an_open_menu_that_pages_else_the_log(monkeypatch):
    app, menu, _ = _choice_app("almokon-midgame.toml")
    scrolled: list[int] = []
    monkeypatch.setattr(app.log_panel, "scroll", scrolled.append)
    _key(app, pygame.K_PAGEDOWN)
    assert menu.first == menu.shown and not scrolled
    _key(app, pygame.K_PAGEUP)
    assert menu.first == 0 and not scrolled
    app.pop(menu)
    _key(app, pygame.K_PAGEDOWN)  # no menu: the log's
    assert len(scrolled) == 1
    short = ChoiceMenu("Which?", [("one", 1), ("two", 2)], lambda value: None)
    app.push(short)
    app.draw(pygame.Surface(LEAST))
    assert not short.pages()
    _key(app, pygame.K_PAGEUP)  # a menu that does not page leaves the keys to the log
    assert len(scrolled) == 2 and not app.session.status_error
