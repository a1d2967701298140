"""A choice menu never drops an option: more than a page holds (nine, or fewer when the side
panel is short) are paged, with cue rows that say so and keys that turn the page, and the
digit drawn before an option is the key that takes it.  While a menu is open no tooltip of
the board it dims shows."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from test_almokon_board import board  # noqa: E402

from tabletop.games import layouts  # noqa: E402
from tabletop.games.almokon.actions import Activate  # noqa: E402
from tabletop.games.registry import get_game  # noqa: E402
from tabletop.ui import textlayer  # noqa: E402
from tabletop.ui.app import App  # noqa: E402
from tabletop.ui.session import Session  # noqa: E402
from tabletop.ui.widgets.choice_menu import ChoiceMenu  # noqa: E402
from tabletop.ui.widgets.handover import HandOver  # noqa: E402
from tabletop.ui.widgets.menu import Menu, MenuItem  # noqa: E402
from tabletop.ui.widgets.tooltip import tip_for  # noqa: E402

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"
SIZES = [(1280, 800), (1920, 1080), (640, 420)]
CHIEFS = 10


def app_past_hand_over(game, state, size) -> App:
    """An app on ``state`` of ``game`` in a window of ``size``, drawn once, past any
    hand-over (the acting player's own view)."""
    pygame.font.init()
    app = App(Session(game, state), size)
    app.update(16)
    app.draw(pygame.Surface(size))
    while isinstance(app.top, HandOver):
        app.top.on_done()
        app.pop(app.top)
    return app


def _app(state, size) -> App:
    return app_past_hand_over(get_game("almokon"), state, size)


def _key(app: App, key: int) -> None:
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def _page(app: App, size) -> tuple[ChoiceMenu, list[str]]:
    """The open menu drawn at ``size`` and the words drawn in its box."""
    app.draw(pygame.Surface(size))
    menu = app.top
    assert isinstance(menu, ChoiceMenu)
    return menu, [d.words for d in textlayer.drawn() if menu.box.contains(d.rect)]


def _clear_of_the_rest(menu: ChoiceMenu) -> None:
    """No string of the window outside the menu's box runs into it (the log's heading)."""
    over = [d.words for d in textlayer.drawn()
            if d.rect.colliderect(menu.box) and not menu.box.contains(d.rect)]
    assert not over, f"the menu runs over {over}"


def command_menu(size) -> App:
    """Drill Yard's Drill (Command) with ten Berserker Chiefs beside it in the Realm: ten
    friends it could exhaust, ten forms of one choice (none a set of cards)."""
    state = board("Aria drill-yard realm", *["Aria berserker-chief realm"] * CHIEFS,
                  aria={"deck": ["iron-blade"]})
    app = _app(state, size)
    screen = app.screen
    screen.selected = "drill-yard"
    (group,) = screen.groups_for("drill-yard")
    screen.start(group)
    return app


@pytest.mark.parametrize("size", SIZES)
def test_a_command_that_could_exhaust_any_of_ten_friends_offers_all_ten(size):
    """Command: "to activate, first exhaust another friendly card" in its zone.  With ten
    friends there the menu has ten forms: a page shows nine at most (fewer in a short
    panel), a cue says how many more and which keys, and every friend can be taken, the
    tenth by the digit drawn before it on its own page."""
    app = command_menu(size)
    menu, words = _page(app, size)
    assert len(menu.options) == CHIEFS
    assert menu.paged() and 1 <= menu.shown <= 9
    shown = min(menu.shown, CHIEFS)
    assert f"{CHIEFS - shown} more below (0, Down)" in words
    assert all(menu.box.contains(row) for row in menu.rects)
    assert app.areas.panel.contains(menu.box)
    _clear_of_the_rest(menu)
    assert app.session.status == ("Drill Yard: Drill (0 AP): 10 options, a page at a time: "
                                  "choose (the page's numbers; 0 or Down next page, Up back; "
                                  "Esc closes it)")
    reached = []
    while menu.first + menu.shown < CHIEFS:  # turn the pages: every friend on one of them
        reached += [label for label, _ in menu.options[menu.first:menu.first + menu.shown]]
        _key(app, pygame.K_0)
        menu, words = _page(app, size)
        assert f"{menu.first} more above (Up)" in words
        _clear_of_the_rest(menu)
    reached += [label for label, _ in menu.options[menu.first:]]
    assert reached == [label for label, _ in menu.options]
    last = CHIEFS - menu.first  # the tenth friend's key on the last page, drawn before it
    assert any(w.startswith(f"{last}. exhausting") for w in words), words
    _key(app, getattr(pygame, f"K_{last}"))
    assert not isinstance(app.top, ChoiceMenu)
    assert app.session.state.card("berserker-chief#10").exhausted
    assert app.session.state.card("drill-yard").exhausted


def test_the_pages_turn_by_keys_wheel_and_a_click_on_a_cue_and_wrap_around():
    size = SIZES[0]
    app = command_menu(size)
    menu, _ = _page(app, size)
    page = menu.shown  # eight whole labels at 1280 x 800
    assert 3 <= page < CHIEFS and menu.first == 0
    _key(app, pygame.K_DOWN)
    menu, words = _page(app, size)
    assert menu.first == page and f"{page} more above (Up)" in words
    _key(app, pygame.K_0)  # after the last page, the first
    menu, _ = _page(app, size)
    assert menu.first == 0
    _key(app, pygame.K_UP)  # before the first, the last
    menu, _ = _page(app, size)
    assert menu.first == page
    app.dispatch(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    menu, _ = _page(app, size)
    assert menu.first == 0
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=menu.cues[1].center, button=1))
    menu, _ = _page(app, size)
    assert menu.first == page and isinstance(app.top, ChoiceMenu)  # a cue turns, never closes
    _key(app, pygame.K_9)  # no ninth option on this page: said, nothing done
    assert isinstance(app.top, ChoiceMenu) and app.session.status_error
    assert f"1–{CHIEFS - page} choose" in app.session.status
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=menu.rects[-1].center, button=1))
    assert not isinstance(app.top, ChoiceMenu)
    assert app.session.state.card("berserker-chief#10").exhausted


def test_a_short_panel_shows_fewer_options_a_page_each_whole_and_numbered_from_one():
    """A panel too short for nine options shows as many as fit, every label whole (or cut
    with its tooltip), and numbers them from 1 on each page, the number its key."""
    pygame.font.init()
    taken = []
    options = [(f"Exhaust Berserker Chief #{n} for Command, then draw a card", n)
               for n in range(1, 13)]
    menu = ChoiceMenu("Drill Yard: Drill (0 AP)", options, taken.append)
    surface = pygame.Surface((400, 300))
    rect = pygame.Rect(10, 10, 300, 280)
    textlayer.begin_frame(surface)
    menu.draw_panel(surface, rect)
    assert 1 <= menu.shown < 9 and rect.contains(menu.box)
    words = [d.words for d in textlayer.drawn()]
    for key in range(1, menu.shown + 1):
        assert any(w.startswith(f"{key}. ") for w in words), (key, words)
    seen = set()
    for _ in range(12):
        seen.update(value for _, value in menu.options[menu.first:menu.first + menu.shown])
        menu.turn(1)
        textlayer.begin_frame(surface)
        menu.draw_panel(surface, rect)
        assert rect.contains(menu.box)
    assert seen == set(range(1, 13))


def test_an_unpaged_menu_says_no_more_than_before():
    menu = ChoiceMenu("Which card?", [("one", 1), ("two", 2)], lambda v: None)
    surface = pygame.Surface((1280, 800))
    textlayer.begin_frame(surface)
    menu.draw_panel(surface, pygame.Rect(900, 100, 360, 500))
    assert not menu.paged() and not menu.cues
    assert menu.prompt() == "Which card?: choose (1–2, Esc closes it)"


# -- tooltips under an open menu -------------------------------------------------------------

@pytest.mark.parametrize("layout", ["clash-teaching.toml", "joust-mid-joust.toml",
                                    "fateforge-chapel.toml", "kingdom-start.toml"])
def test_no_tooltip_of_the_board_shows_under_an_open_choice_menu(layout):
    """A choice menu dims the board, which does not react while it is open: resting the
    pointer where a board string has a tooltip shows nothing, as under a dice tray; the
    menu's own cut labels keep theirs."""
    pygame.font.init()
    game, state = layouts.load(LAYOUTS / layout)
    app = App(Session(game, state), SIZES[0])
    app.draw(pygame.Surface(SIZES[0]))
    board = app.areas.board
    tips = [d.rect for d in textlayer.drawn() if d.tooltip and board.contains(d.rect)]
    assert tips, "the board has a tooltip to rest the pointer on"
    long = "Put the token on the Knight whose name is far too long to fit " * 60
    app.push(ChoiceMenu("Which?", [(long, 1), ("short", 2)], lambda v: None))
    app.draw(pygame.Surface(SIZES[0]))
    assert all(tip_for(rect.center) is None for rect in tips)
    cut = [d.rect for d in textlayer.drawn() if d.tooltip and app.top.box.contains(d.rect)]
    assert cut and tip_for(cut[0].center)[1] == long  # the menu's own cut label


def test_a_covered_menu_item_shows_no_tooltip_by_keyboard_focus():
    """The highlighted item of a menu shows its tooltip without the mouse; once something
    covers the menu (a tray, a dialog) that tooltip goes too."""
    pygame.font.init()
    surface = pygame.Surface((800, 600))
    menu = Menu("Pick", [MenuItem("a label far too long for its row " * 12, 1)], lambda v: None)
    textlayer.begin_frame(surface)
    menu.draw(surface, pygame.Rect(0, 0, 300, 300))
    assert textlayer.focus_tip() is not None
    textlayer.cover(surface, pygame.Rect(0, 0, 800, 600))
    assert textlayer.focus_tip() is None and tip_for(None) is None


def test_one_friend_to_exhaust_is_still_asked_on_a_single_page():
    """One friend to exhaust is still a choice the rulebook gives (asked, one option, not
    paged)."""
    state = board("Aria drill-yard realm", "Aria berserker-chief realm",
                  aria={"deck": ["iron-blade"]})
    app = _app(state, SIZES[0])
    app.screen.selected = "drill-yard"
    (group,) = app.screen.groups_for("drill-yard")
    app.screen.start(group)
    menu, _ = _page(app, SIZES[0])
    assert not menu.paged() and menu.options[0][1] == Activate("Aria", "drill-yard", 0,
                                                                command="berserker-chief")
