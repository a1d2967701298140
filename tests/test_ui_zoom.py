"""Zoom and pan on every board, through synthetic pygame events sent to the app (wheel,
middle drag, Space+drag, keys), the board's place while a menu is open, and clicks that map
through the zoom."""

from pathlib import Path

import pygame
import pytest

from tabletop.games import layouts
from tabletop.spatial.grid import Space
from tabletop.ui.app import App
from tabletop.ui.session import Session
from tabletop.ui.viewport import FIT, ZOOMS, Viewport

ROOT = Path(__file__).resolve().parent.parent / "layouts"
SIZE = (1280, 800)
BOARDS = ("clash-teaching.toml", "kingdom-mid-delve.toml", "joust-first-round.toml",
          "almokon-midgame.toml", "fateforge-chapel.toml")


def make(name, size=SIZE):
    pygame.font.init()
    game, state = layouts.load(ROOT / name)
    app = App(Session(game, state, path=str(ROOT / name)), size)
    frame(app, size)
    return app


def frame(app, size=SIZE):
    app.draw(pygame.Surface(size))


def send(app, kind, **fields):
    app.dispatch(pygame.event.Event(kind, **fields))


def move(app, pos, rel=(0, 0), buttons=(0, 0, 0)):
    send(app, pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=buttons)


def key(app, k, mod=0, up=False):
    send(app, pygame.KEYUP if up else pygame.KEYDOWN, key=k, mod=mod, unicode="")


def wheel(app, pos, clicks):
    """Turn the wheel ``clicks`` notches (one event each) with the pointer at ``pos``."""
    move(app, pos)
    for _ in range(abs(clicks)):
        send(app, pygame.MOUSEWHEEL, x=0, y=1 if clicks > 0 else -1, flipped=False)
    frame(app)


def zoomed(name, clicks):
    """An app on layout ``name`` zoomed ``clicks`` wheel notches about its board's middle;
    returns the app, the screen's viewport and that middle."""
    app = make(name)
    view = app.screen.viewport
    centre = view.area.center
    wheel(app, centre, clicks)
    return app, view, centre


def test_the_viewport_zooms_about_a_point_and_comes_back():
    view = Viewport()
    area = pygame.Rect(0, 30, 900, 600)
    view.frame(area)
    assert view.zoom_at((200, 150), 3)
    frame = view.frame(area)
    assert frame.width == round(900 * ZOOMS[FIT + 3])
    # the board point under (200, 150) is where it was: 200 is at the same fraction of the frame
    assert abs((200 - frame.x) / frame.width - 200 / 900) < 0.01
    assert abs((150 - frame.y) / frame.height - 120 / 600) < 0.01
    view.zoom_at((200, 150), -3)
    assert view.fitted and view.frame(area) == area
    assert not view.zoom_at(None, -99) or view.level == 0  # never below the smallest step


def test_zoomed_in_the_area_never_leaves_the_frame():
    view = Viewport()
    area = pygame.Rect(10, 10, 400, 300)
    view.frame(area)
    view.zoom_at(area.center, 2)
    for _ in range(50):
        view.pan(1000, -1000)
        frame = view.frame(area)
        assert frame.contains(area)


@pytest.mark.parametrize("name", BOARDS)
def test_every_board_zooms_with_the_wheel_and_keys_and_home_fits_it(name):
    app, view, _ = zoomed(name, 1)
    assert view.level == FIT + 1
    key(app, pygame.K_EQUALS)
    key(app, pygame.K_KP_PLUS)
    frame(app)
    assert view.level == FIT + 3 and "zoom" in app.session.status
    key(app, pygame.K_MINUS)
    assert view.level == FIT + 2
    key(app, pygame.K_MINUS, pygame.KMOD_CTRL)  # as in a browser
    assert view.level == FIT + 1
    key(app, pygame.K_EQUALS, pygame.KMOD_CTRL)
    assert view.level == FIT + 2
    key(app, pygame.K_RIGHT, pygame.KMOD_CTRL)
    assert view.focus[0] > 0.5  # the view moved right
    key(app, pygame.K_HOME)
    frame(app)
    assert view.fitted and view.focus == (0.5, 0.5)
    wheel(app, (app.areas.panel.centerx, app.areas.panel.centery), 1)  # not over the board
    assert view.fitted
    for size in ((1920, 1080), (1000, 640)):  # resizing keeps it working
        frame(app, size)
        assert view.area.width < size[0] and view.area.height < size[1]


@pytest.mark.parametrize("name", BOARDS)
def test_every_board_pans_with_a_middle_drag(name):
    app, view, centre = zoomed(name, 3)
    before = view.focus
    send(app, pygame.MOUSEBUTTONDOWN, pos=centre, button=2)
    move(app, (centre[0] - 40, centre[1] - 30), rel=(-40, -30), buttons=(0, 1, 0))
    send(app, pygame.MOUSEBUTTONUP, pos=(centre[0] - 40, centre[1] - 30), button=2)
    frame(app)
    assert view.focus[0] > before[0] and view.focus[1] > before[1]


def test_space_drag_pans_and_a_space_tap_still_reaches_the_screen():
    app, view, centre = zoomed("clash-teaching.toml", 2)
    screen = app.screen
    before, selected = view.focus, screen.selected
    key(app, pygame.K_SPACE)
    send(app, pygame.MOUSEBUTTONDOWN, pos=centre, button=1)
    move(app, (centre[0] + 60, centre[1]), rel=(60, 0), buttons=(1, 0, 0))
    send(app, pygame.MOUSEBUTTONUP, pos=(centre[0] + 60, centre[1]), button=1)
    key(app, pygame.K_SPACE, up=True)
    assert view.focus[0] < before[0]
    assert screen.selected == selected and screen.cursor is None  # no click, no Space
    key(app, pygame.K_SPACE)
    assert screen.cursor is None  # held back while Space is down ...
    key(app, pygame.K_SPACE, up=True)
    assert screen.cursor is not None  # ... and handed on when released without a drag


def test_a_click_after_zooming_hits_the_space_shown_there():
    app = make("clash-teaching.toml")
    screen = app.screen
    knight = screen.state.knights[0]
    fitted = screen.grid()
    spot = fitted.centre(knight.at)
    wheel(app, spot, 4)
    grid = screen.grid()
    assert grid.cell >= 2 * fitted.cell
    assert screen.hover == grid.space_at(spot)  # the hover follows the board under the pointer
    target = grid.centre(knight.at)
    assert abs(target[0] - spot[0]) <= grid.cell // 2 and abs(target[1] - spot[1]) <= grid.cell
    send(app, pygame.MOUSEBUTTONDOWN, pos=target, button=1)
    send(app, pygame.MOUSEBUTTONUP, pos=target, button=1)
    assert screen.selected == knight.name
    key(app, pygame.K_ESCAPE)
    far = Space(screen.state.board.rows - 1, screen.state.board.cols - 1)
    hidden = grid.centre(far)  # scrolled out of view: off the board area
    assert not app.areas.board.collidepoint(hidden) or not screen.viewport.contains(hidden)
    assert screen.space_at(hidden) is None


def test_the_board_keeps_its_place_and_size_when_a_menu_opens():
    app = make("clash-teaching.toml")
    screen = app.screen
    knight = screen.state.knights[0]
    screen.selected = knight.name
    frame(app)
    before = screen.grid()
    key(app, pygame.K_a)  # the attack menu
    frame(app)
    assert screen.step is not None
    assert screen.grid() == before
    assert app.areas.panel.contains(screen.step.menu.box)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_k)  # the forced-movement menu
    frame(app)
    assert screen.step is not None and screen.grid() == before
    assert app.areas.panel.contains(screen.step.menu.box)


@pytest.mark.parametrize("name", ["kingdom-mid-delve.toml", "fateforge-chapel.toml",
                                  "almokon-midgame.toml", "joust-first-round.toml"])
def test_clickable_things_follow_the_zoom_and_stay_in_view(name):
    app = make(name)
    screen = app.screen
    wheel(app, screen.viewport.area.topleft, 4)
    area = screen.viewport.area
    hits = getattr(screen, "hits", None)
    if hits is None:  # Fateforge maps clicks through its fit
        zone = screen.state.zones[0]
        tile = screen.fit.tile(zone)
        assert tile.width > screen.fit.cell  # drawn bigger than at fit size
        return
    assert hits and all(area.contains(hit.rect) for hit in hits)


def test_a_kingdom_hunt_question_shows_each_way_the_token_may_go():
    """*Encounter Monsters Spawn and Movement*: while the players choose where a hunting
    token stops, each tile offered is drawn at the end of its way from the token's tile."""
    from dataclasses import replace

    from tabletop.games.kingdom.board import hunt_walks
    from tabletop.games.kingdom.state import Prompt

    game, state = layouts.load(ROOT / "kingdom-mid-delve.toml")
    token = state.monsters[0]
    state = replace(state, pending=(Prompt("hunt-end", token.monster, ("3", "2"),
                                           "choose where its token stops"),))
    walks = hunt_walks(state)
    assert [walk for _, walk in walks] == [(token.tile, "3"), (token.tile, "2")]
    pygame.font.init()
    app = App(Session(game, state), SIZE)
    frame(app)  # drawn over the zoomable map
    assert app.screen.viewport.area is not None
    assert hunt_walks(replace(state, pending=())) == ()


def test_a_panned_board_is_the_same_picture_as_one_drawn_afresh():
    """A pan moves the cached board layer and draws only the strips it uncovers: the result
    is pixel for pixel what drawing the view from nothing gives."""
    app, view, centre = zoomed("clash-teaching.toml", 4)
    for step in ((-37, -23), (25, 0), (0, 41), (-3, -5)):
        send(app, pygame.MOUSEBUTTONDOWN, pos=centre, button=2)
        move(app, (centre[0] + step[0], centre[1] + step[1]), rel=step, buttons=(0, 1, 0))
        send(app, pygame.MOUSEBUTTONUP, pos=centre, button=2)
        frame(app)
    fresh = make("clash-teaching.toml")
    fresh.screen.viewport.level, fresh.screen.viewport.focus = view.level, view.focus
    pictures = []
    for one in (app, fresh):
        one.screen.hover = None
        surface = pygame.Surface(SIZE)
        one.draw(surface)
        pictures.append(surface.subsurface(one.screen.viewport.area))
    assert pygame.image.tobytes(pictures[0], "RGB") == pygame.image.tobytes(pictures[1], "RGB")


def test_a_choice_opens_in_the_side_panel_and_leaves_the_board_in_place():
    from tabletop.ui.widgets.choice_menu import ChoiceMenu

    app = make("joust-mid-joust.toml")
    app.screen.reveal = True
    frame(app)
    area = pygame.Rect(app.screen.viewport.area)
    key(app, pygame.K_c)  # put a King's Crown on a track: a choice
    frame(app)
    menu = app.top
    assert isinstance(menu, ChoiceMenu)
    assert app.screen.viewport.area == area
    assert menu.rects and all(app.areas.panel.contains(row) for row in menu.rects)
    first = menu.options[0][1]
    send(app, pygame.MOUSEBUTTONUP, pos=menu.rects[0].center, button=1)
    assert app.top is not menu and any(first.house in line for line in app.session.log[-3:])


def test_the_wheel_walks_a_menu_in_the_panel_and_zooms_the_board_beside_it():
    app = make("clash-teaching.toml")
    screen = app.screen
    screen.selected = screen.state.monsters[0].name
    key(app, pygame.K_m)  # the Monster's activation: a long menu
    frame(app)
    menu = screen.step.menu
    move(app, menu.box.center)  # hovering an item highlights it
    hovered = menu.highlight
    wheel(app, menu.box.center, -2)
    assert menu.highlight == hovered + 2 and screen.viewport.fitted
    wheel(app, screen.viewport.area.center, 1)
    assert screen.viewport.level == FIT + 1 and menu.highlight == hovered + 2


def test_a_click_on_the_zoomed_kingdom_map_picks_the_tile_shown_there(monkeypatch):
    monkeypatch.setattr(pygame.key, "get_mods", lambda: 0)  # no window: no keyboard state
    app = make("kingdom-mid-delve.toml")
    screen = app.screen
    tile = next(h for h in screen.hits if h.kind == "tile" and h.key == "3")
    wheel(app, tile.rect.center, 2)
    zoomed_tile = next(h for h in screen.hits if h.kind == "tile" and h.key == "3")
    assert zoomed_tile.rect.width > tile.rect.width or zoomed_tile.rect.height > tile.rect.height
    send(app, pygame.MOUSEBUTTONDOWN, pos=zoomed_tile.rect.center, button=1)
    assert screen.preview == "3"  # an explored tile: its Backtrack route is shown


def test_the_keyboard_cursor_stays_in_view_on_a_zoomed_board():
    app = make("clash-teaching.toml")
    screen = app.screen
    wheel(app, screen.viewport.area.topleft, 4)
    move(app, (app.areas.panel.centerx, app.areas.panel.bottom - 5))  # the mouse away
    for _ in range(17):
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_DOWN)
        frame(app)
        box = screen.grid().space_rect(screen.cursor)
        assert screen.viewport.area.contains(box), screen.cursor
    assert screen.cursor.col >= 12  # it went far across the board, the view following
