"""The Clash screen driven by synthetic pygame events: select, move, refuse, undo/redo, the
keyboard-only cursor, overlays and edit mode (docs/window.md, *Mouse and keys*)."""

import time

import pygame
import pytest

from tabletop.games import layouts
from tabletop.games.clash import geometry
from tabletop.spatial.grid import Space
from tabletop.ui.app import App
from tabletop.ui.session import Session

BOARD = """
game = "clash"
title = "controls"
[board]
rows = 8
cols = 10
[[knights]]
name = "Kara"
at = "B2"
speed = 3
[[knights]]
name = "Odo"
at = "H9"
[[monsters]]
name = "Egg"
type = "boss"
at = "E6"
size = 2
facing = "north"
blindspots = [[0, 2], [1, 2]]
[[terrain]]
name = "Wall"
at = "B4"
size = [1, 3]
keywords = ["obstacle", "obscuring", "destructible"]
"""


@pytest.fixture
def app():
    pygame.font.init()
    game, state = layouts.loads(BOARD, "controls.toml")
    made = App(Session(game, state, path="controls.toml"), (1100, 700))
    made.draw(pygame.Surface((1100, 700)))
    return made


def at(app, label):
    return app.screen.grid().centre(Space.parse(label))


def click(app, label, button=1):
    pos = at(app, label)
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def drag(app, start, end):
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at(app, start), button=1))
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=at(app, end), rel=(0, 0),
                                    buttons=(1, 0, 0)))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at(app, end), button=1))


def key(app, k, mod=0):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))


def kara(app):
    return app.session.state.knight("Kara").at


def test_click_knight_selects_it_and_shows_reach(app):
    click(app, "B2")
    assert app.screen.selected == "Kara"
    reach = app.screen.overlays().reach
    assert Space.parse("B3") in reach and Space.parse("B4") not in reach  # B4 is the Wall
    assert Space.parse("B2") not in reach


def test_click_reachable_space_moves_the_knight(app):
    click(app, "B2")
    click(app, "C3")
    assert kara(app) == Space.parse("C3")
    assert "Kara" in app.session.log[-1] and "C3" in app.session.log[-1]
    assert not app.session.status_error


def test_illegal_move_changes_nothing_and_says_why(app):
    click(app, "B2")
    before = app.session.state
    click(app, "H2")  # 6 steps away, Speed 3
    assert app.session.state is before
    assert app.session.status_error
    assert "Kara moves to H2" in app.session.status


def test_second_move_in_a_turn_is_refused_with_the_rule(app):
    click(app, "B2")
    click(app, "C2")
    click(app, "C3")
    assert kara(app) == Space.parse("C2")
    assert "Movement Action" in app.session.status


def test_undo_and_redo_with_ctrl_z_and_ctrl_y(app):
    click(app, "B2")
    click(app, "C3")
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert kara(app) == Space.parse("B2")
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert kara(app) == Space.parse("C3")
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert app.session.status == "nothing to redo"


def test_hover_with_a_selection_draws_los_with_the_rule_named(app):
    click(app, "B2")
    pos = at(app, "B6")
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    sight = app.screen.overlays().sight
    assert sight is not None and not sight.clear
    assert sight.blocker in {Space.parse(s) for s in ("B4", "C4", "D4")}
    assert "Wall" in sight.caption[0] and "range 4" in sight.caption[1]
    pos = at(app, "A2")
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    assert app.screen.overlays().sight.clear


def test_escape_and_right_click_cancel(app):
    click(app, "B2")
    key(app, pygame.K_ESCAPE)
    assert app.screen.selected is None
    click(app, "B2")
    click(app, "E5", button=3)
    assert app.screen.selected is None


def test_keyboard_only_select_and_move(app):
    key(app, pygame.K_DOWN)  # the cursor appears on A1
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert app.screen.selected == "Kara"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert kara(app) == Space.parse("B3")


def test_overlay_toggles(app):
    click(app, "E6")
    assert app.screen.selected == "Egg"
    key(app, pygame.K_f)
    overlays = app.screen.overlays()
    assert overlays.rear == {Space.parse("G6"), Space.parse("G7")}
    assert Space.parse("A1") in overlays.front
    key(app, pygame.K_z)
    key(app, pygame.K_RIGHTBRACKET)
    assert app.screen.zone_x == 2 and Space.parse("C6") in app.screen.overlays().zone
    key(app, pygame.K_v)
    assert Space.parse("G6") not in app.screen.overlays().seen  # a blindspot


def test_end_turn_key(app):
    click(app, "B2")
    click(app, "C2")
    key(app, pygame.K_t)
    assert app.session.state.turn.active is None
    assert "Kara" in app.session.state.turn.done


def test_edit_mode_drag_rotate_paint_delete(app):
    key(app, pygame.K_e)
    drag(app, "E6", "D8")  # grab the Egg by its north-west space
    assert app.session.state.monster("Egg").at == Space.parse("D8")
    key(app, pygame.K_r)
    assert app.session.state.monster("Egg").facing == "east"
    key(app, pygame.K_1)
    drag(app, "G1", "H2")
    tile = app.session.state.tile("Wall 1")
    assert tile is not None and len(tile.spaces) == 4
    key(app, pygame.K_1)  # palette off
    click(app, "B2")
    key(app, pygame.K_DELETE)
    assert app.session.state.knight("Kara") is None


def test_edit_mode_refuses_overlap_with_the_loader_message(app):
    key(app, pygame.K_e)
    before = app.session.state
    drag(app, "H9", "B4")  # Odo onto the Wall
    assert app.session.state is before
    assert app.session.status_error and "no piece may stand there" in app.session.status


def test_hover_distance_arrives_from_the_background(app):
    click(app, "B2")
    pos = at(app, "B6")
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    expected = geometry.distance(app.session.state, "Kara", "B6")
    deadline = time.monotonic() + 10
    caption = app.screen.overlays().sight.caption[1]
    while "distance …" in caption and time.monotonic() < deadline:
        time.sleep(0.01)
        caption = app.screen.overlays().sight.caption[1]
    assert f"distance {expected} " in caption


def test_a_knight_that_cannot_move_now_shows_why_and_a_grey_reach(app):
    click(app, "B2")
    click(app, "C2")
    assert not app.screen.overlays().reach_now
    assert any("cannot move now" in line and "Movement Action" in line
               for line in app.screen.panel_lines())
    click(app, "H9")  # Odo: it is Kara's turn
    assert not app.screen.overlays().reach_now
    assert any("Kara" in line for line in app.screen.panel_lines() if "cannot" in line)
