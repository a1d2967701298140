"""Menus are legible on every board that has them, at 1280 x 800 and 1920 x 1080: the title
whole (wrapped onto more lines, never "…" or clipped), every item's label whole, the box
inside the side panel, and the status line saying what the open menu asks (never a stale
hint of the screen below).  The menus are opened by synthetic events or by the controllers
themselves, so the strings are the real ones.  (Kingdoms Forlorn's Kingdom board has no
menus.)"""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from clash_boards import ZIGZAG  # noqa: E402
from clash_ui import choose, click, key, make  # noqa: E402
from fateforge_boards import at_the_fountain
from set_boards import imbue_board, kinship_board  # noqa: E402

from tabletop.games import layouts  # noqa: E402
from tabletop.games.registry import get_game  # noqa: E402
from tabletop.ui import textlayer  # noqa: E402
from tabletop.ui.app import App  # noqa: E402
from tabletop.ui.controllers.clash_steps import MenuStep, PreviewStep  # noqa: E402
from tabletop.ui.session import Session  # noqa: E402
from tabletop.ui.widgets.choice_menu import ChoiceMenu  # noqa: E402
from tabletop.ui.widgets.handover import HandOver  # noqa: E402
from tabletop.ui.widgets.menu import Menu, MenuItem  # noqa: E402

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"
SIZES = [(1280, 800), (1920, 1080)]
STALE = "Play: click a target (outlined green)"


def _app(state, size=SIZES[0]) -> App:
    pygame.font.init()
    app = App(Session(get_game(state_game(state)), state), size)
    app.update(16)
    app.draw(pygame.Surface(size))
    if isinstance(app.top, HandOver):  # the player to act has the screen
        app.top.on_done()
        app.pop(app.top)
    return app


def state_game(state) -> str:
    return type(state).__module__.split(".")[2]


def _drawn_in(app: App, size, box_of) -> tuple[pygame.Rect, list[textlayer.Drawn]]:
    app.draw(pygame.Surface(size))
    box = box_of()
    return box, [d for d in textlayer.drawn() if box.colliderect(d.rect)]


def assert_whole(app: App, size, box_of, title: str, labels: list[str]) -> None:
    """The menu drawn at ``size``: inside the side panel, nothing in it cut, shortened or
    clipped, its title and every label there whole (in order, wrapped at spaces)."""
    box, inside = _drawn_in(app, size, box_of)
    assert app.areas.panel.contains(box), (box, app.areas.panel)
    cut = [d.full for d in inside if d.shortened or d.clipped]
    assert not cut, f"{size}: cut in the menu: {cut}"
    shown = " ".join(d.words for d in inside)
    assert shown.startswith(title), f"{size}: title {title!r} drawn as {shown[:80]!r}"
    for label in labels:
        assert label in shown, f"{size}: label {label!r} not whole in {shown!r}"
    status = [d for d in textlayer.drawn() if app.areas.status.contains(d.rect)]
    assert not any(d.shortened or d.clipped for d in status), [d.full for d in status]


def assert_choice_menu(app: App) -> ChoiceMenu:
    menu = app.top
    assert isinstance(menu, ChoiceMenu)
    shared = menu.shared_start()  # said once, above the options
    labels = [f"{n}. {label[len(shared):]}" for n, (label, _) in enumerate(menu.options, 1)]
    if shared and not menu.title.startswith(shared.rstrip(" ,:")):  # else the title says it
        labels.insert(0, shared.rstrip(" ,:") + ":")
    for size in SIZES:
        assert_whole(app, size, lambda: menu.box, menu.title, labels)
    return menu


def assert_step(app: App) -> MenuStep:
    step = app.screen.step
    assert isinstance(step, MenuStep)
    for size in SIZES:
        assert_whole(app, size, lambda: step.menu.box, step.menu.title,
                     [item.label for item, rect in zip(step.menu.items, step.menu.rects,
                                                       strict=True) if rect.width])
    return step


# -- Almokon ----------------------------------------------------------------------------------

def test_the_siege_golem_play_menu_title_is_whole_and_the_status_line_asks_it():
    app = _app(imbue_board(1, ap=7))
    app.session.tell(STALE)
    app.screen.start(("play", "siege-golem"))
    menu = assert_choice_menu(app)
    assert menu.title == "Siege Golem: Play (7 AP or Imbue)"
    assert app.session.status == "Siege Golem: Play (7 AP or Imbue): choose (1–2, Esc closes it)"
    words = [d.words for d in textlayer.drawn()]  # the board's guidance line too
    assert "Aria: choose in the menu at the right" in words
    assert "Aria: click one of your cards" not in words
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert not isinstance(app.top, ChoiceMenu)
    assert app.session.status == STALE  # closed with nothing chosen: back to what it was


def test_the_imbue_set_picker_and_a_kinship_attack_menu_are_whole():
    app = _app(imbue_board(5, ap=2))
    app.screen.start(("play", "siege-golem"))
    assert assert_choice_menu(app).title == "Imbue: pick discards"
    app = _app(kinship_board(3))
    screen = app.screen
    screen.selected = "hammerfall-militia"
    group = next(g for g in screen.groups_for("hammerfall-militia") if g[0] == "attack")
    screen.start(group)
    assert "click a target" in app.session.status  # the screen's own hint, no menu yet
    app.draw(pygame.Surface(SIZES[0]))
    target = next(h.rect.center for h in screen.hits if h.uid == "bicara-pikemen")
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1))
    menu = assert_choice_menu(app)
    assert app.session.status == menu.prompt() and "click a target" not in app.session.status


def test_a_choice_taken_leaves_its_result_in_the_status_line_not_the_old_hint():
    app = _app(imbue_board(1, ap=7))
    app.session.tell(STALE)
    app.screen.start(("play", "siege-golem"))
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2, mod=0, unicode=""))
    assert app.session.state.card("siege-golem") is not None
    assert app.session.status != STALE


# -- Joust, Fateforge -------------------------------------------------------------------------

def test_the_joust_crowns_menu_is_whole_and_asked_in_the_status_line():
    pygame.font.init()
    game, state = layouts.load(LAYOUTS / "joust-mid-joust.toml")
    app = App(Session(game, state), SIZES[0])
    app.screen.reveal = True
    app.session.tell(STALE)
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode=""))
    menu = assert_choice_menu(app)
    assert app.session.status == menu.prompt()


def test_the_fateforge_fountain_menu_is_whole_and_asked_in_the_status_line():
    pygame.font.init()
    state = at_the_fountain()
    app = _app(state)
    app.session.tell(STALE)
    fountain = next(b for b in app.buttons if b.label.endswith("ends turn"))
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.dispatch(pygame.event.Event(kind, pos=fountain.rect.center, button=1))
    menu = assert_choice_menu(app)
    assert app.session.status == menu.prompt()


# -- Clash ------------------------------------------------------------------------------------

def test_the_clash_activation_menus_and_preview_are_whole_and_asked_in_the_status_line():
    app = make(ZIGZAG)
    click(app, "D2")
    app.session.tell(STALE)
    key(app, pygame.K_m)
    step = assert_step(app)
    assert app.session.status == step.prompt() and step.menu.title in app.session.status
    choose(app, "Furthest")
    choose(app, "Resolve")
    step = assert_step(app)
    assert "attack type" in step.menu.title and app.session.status == step.prompt()
    choose(app, "Melee")
    choose(app, "Move")
    preview = assert_step(app)
    assert isinstance(preview, PreviewStep) and app.session.status == preview.prompt()


# -- the widgets themselves, with titles longer than any shipped ------------------------------

LONG_TITLE = ("Hammerfall Militia #12: Attack Bicara Pikemen with Kinship helpers "
              "(Frenzy 2, Guardian in the Wilderness)")
LONG_LABEL = ("Attack Bicara Pikemen: with Iron Sentinel, Berserker Chief and Varro the Iron "
              "King (+6 Wrath), Frenzy")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_title_of_three_lines_is_whole_in_both_menu_widgets(size):
    app = _app(imbue_board(1, ap=7), size)
    menu = ChoiceMenu(LONG_TITLE, [(LONG_LABEL, 1), ("Cancel", 2)], lambda value: None)
    app.push(menu)
    assert_whole(app, size, lambda: menu.box, LONG_TITLE, [f"1. {LONG_LABEL}"])
    assert len(menu.title_lines(menu.box.width - 28)) >= 2
    app.pop(menu)
    widget = Menu(LONG_TITLE, [MenuItem(LONG_LABEL, 1), MenuItem("Cancel", 2)], print)
    surface = pygame.Surface(size)
    textlayer.begin_frame(surface)
    widget.draw(surface, app.areas.panel.inflate(-20, -16))
    inside = [d for d in textlayer.drawn() if widget.box.colliderect(d.rect)]
    assert not any(d.shortened or d.clipped for d in inside)
    shown = " ".join(d.words for d in inside)
    assert shown.startswith(LONG_TITLE) and LONG_LABEL in shown
