"""Overlays are ``tabletop query`` questions with a picture, on every board: any number drawn
together, each in its own colour with its caption; screenshots without the window's buttons
(``--ui`` keeps them); F12 writes the same picture into a screenshots folder."""

from __future__ import annotations

import argparse
from pathlib import Path

import pygame
import pytest
from PIL import Image

from tabletop.errors import UsageError
from tabletop.games import layouts
from tabletop.games.overlay import picture_verbs
from tabletop.ui.app import App
from tabletop.ui.pictures import load_board
from tabletop.ui.screenshot import render, screenshot_command
from tabletop.ui.session import Session
from tabletop.ui.views.asked import overlay_colour, picture_drawn
from tabletop.ui.widgets.handover import HandOver

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"
SIZE = (1280, 800)

QUESTIONS: dict[str, list[tuple[str, str]]] = {
    "clash": [
        ("clash-teaching.toml", q) for q in (
            "los Kara Eggknight", "los Eggknight Fleischritter", "reach Kara", "front Eggknight",
            "rear Eggknight", "blindspots Eggknight", "zone Eggknight 1", "visible Kara",
            "sees Eggknight", "wave Eggknight 2", "climb Kara Eggknight",
            "target Eggknight 'In front, Closest; Closest'", "monster-move Eggknight Kara move",
            "knockback Kara Eggknight 2", "pushback Eggknight Kara 1", "pull Eggknight Kara 1",
            "drag Eggknight Kara 1")
    ] + [("clash-rule-mob-track.toml", "activation-order"),
         ("clash-rule-hug.toml", "hug Kara 3"),
         ("clash-rule-gangup.toml", "forced gangup 'Ironcast Dead' 'Ser Sonch'")] + [
        ("clash-example-boss.toml", q) for q in (
            "evasion Shell-Bite Kara 3,7", "attack Paracelsa Shellwyrm Crossbow 3,7",
            "power Kara Tail 1,1,0", "armor Kara power,blank 2")],
    "kingdom": [("kingdom-mid-delve.toml", q) for q in (
        "travel-options", "backtrack-cost 3", "hunt-move 'Rotgut Hound' 2", "tile-distance 1 4",
        "travel-direction 7 3")],
    "fateforge": [("fateforge-chapel.toml", q) for q in (
        "zone-distance Aria Warden", "can-shoot Aria Warden", "step-options Aria",
        "exit-damage Aria gate", "enemy-action Warden", "activation-order",
        "hit-targets Thorn", "shot-targets Thorn")],
    "almokon": [("almokon-midgame.toml", "legal-targets ironclad-galley")],
    "joust": [("joust-first-round.toml", q) for q in (
        "slots 'Sir Corvin'", "slots 'Sir Corvin' green", "dice 'Sir Aldric'",
        "morale-for 'Sir Aldric' white", "crown-target 'Dame Wren'")],
}


@pytest.fixture(autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()


def open_app(name: str, size=SIZE) -> App:
    game, state = layouts.load(LAYOUTS / name)
    return App(Session(game, state, path=str(LAYOUTS / name)), size)


def frame(app: App, size=SIZE) -> pygame.Surface:
    surface = pygame.Surface(size)
    app.draw(surface)
    return surface


@pytest.mark.parametrize("game", sorted(QUESTIONS))
def test_every_picture_verb_of_every_game_is_an_overlay(game):
    asked = QUESTIONS[game]
    first = open_app(asked[0][0])
    assert {q.split()[0] for _, q in asked} == set(picture_verbs(first.session.game))
    drawn_something = False
    for layout, question in asked:
        app = open_app(layout)
        app.interactive = False
        app.screen.apply_overlay(question)
        frame(app)
        if isinstance(app.top, HandOver):  # a board with secrets: after the hand-over
            app.pop(app.top)
            frame(app)
        picture = app.screen.asked[0].picture
        assert picture_drawn(picture, app.screen.place_rects, app.screen.board_point), question
        drawn_something |= bool(picture.places or picture.marked or picture.path
                                or picture.lines)
        assert app.screen.asked[0].caption.startswith(question + ":")
    assert drawn_something


def test_a_verb_without_a_picture_or_an_unknown_word_is_refused_naming_the_choices():
    app = open_app("clash-teaching.toml")
    with pytest.raises(UsageError, match="not a clash question with a picture; ask one of: "
                                         "activation-order, armor, attack, blindspots"):
        app.screen.apply_overlay("range Kara Eggknight")
    with pytest.raises(UsageError, match="no clash overlay 'fly'.*select, preview, outcome"):
        app.screen.apply_overlay("fly Kara")
    with pytest.raises(UsageError, match="'Nobody' is neither a piece"):
        app.screen.apply_overlay("los Kara Nobody")


def test_two_los_overlays_are_both_drawn_each_in_its_colour_with_its_caption():
    app = open_app("clash-teaching.toml")
    app.interactive = False
    plain = frame(app).copy()
    app.screen.apply_overlay("los Eggknight Fleischritter")
    app.screen.apply_overlay("los Odo Brann")
    app.screen.apply_overlay("sees Eggknight")
    surface = frame(app)
    for index, item in enumerate(app.screen.asked[:2]):
        (a, b), = item.picture.lines
        start, end = app.screen.board_point(a), app.screen.board_point(b)
        middle = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
        assert surface.get_at(middle)[:3] == overlay_colour(index)
        assert plain.get_at(middle)[:3] != overlay_colour(index)
    captions = [item.caption for item in app.screen.asked]
    assert captions[0].startswith("los Eggknight Fleischritter: yes — LoS: the line from the")
    assert captions[2].startswith("sees Eggknight: Fleischritter")


def test_captions_are_written_in_the_panel():
    from tabletop.ui import textlayer

    app = open_app("clash-teaching.toml")
    app.interactive = False
    app.screen.apply_overlay("los Eggknight Fleischritter")
    app.screen.apply_overlay("reach Kara")
    frame(app)
    text = " ".join(d.words for d in textlayer.drawn())
    assert "los Eggknight" in text and "reach Kara" in text
    assert "the north-west corner of G8" in text or "north-west" in text


def test_a_screenshot_has_no_buttons_log_or_status_unless_ui_is_asked(tmp_path):
    app = open_app("clash-teaching.toml")
    app.session.tell("a status that must not be in the picture")
    app.interactive = False
    frame(app)
    assert app.log_panel.rows == []
    app.interactive = True
    frame(app)
    assert {"Undo", "Save"} <= {b.label for b in app.buttons}
    bare, _ = render(str(LAYOUTS / "clash-teaching.toml"), SIZE)  # the same layout, no buttons
    full, _ = render(str(LAYOUTS / "clash-teaching.toml"), SIZE, ui=True)
    button = next(b for b in app.buttons if b.label == "Save").rect
    assert bare.get_at(button.center) != full.get_at(button.center)


def test_the_cli_takes_any_number_of_overlays_and_ui(tmp_path):
    out = tmp_path / "shot.png"
    args = argparse.Namespace(file=str(LAYOUTS / "fateforge-chapel.toml"), output=str(out),
                              size="1280x800", reveal=False, ui=True,
                              overlay=["step-options Aria", "can-shoot Aria Warden",
                                       "select Warden"])
    assert screenshot_command(args) == 0
    with Image.open(out) as image:
        assert image.size == (1280, 800)


def test_f12_writes_a_board_picture_into_the_screenshots_folder_it_names(tmp_path, monkeypatch):
    pictures_dir = tmp_path / "pictures"
    monkeypatch.setenv("XDG_PICTURES_DIR", str(pictures_dir))
    monkeypatch.chdir(tmp_path)
    app = open_app("clash-teaching.toml")
    frame(app)
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12, mod=0, unicode="",
                                    scancode=0))
    folder = pictures_dir / "tabletop"
    pictures = list(folder.glob("*.png"))
    assert len(pictures) == 1 and str(folder) in app.session.status
    assert not list(tmp_path.glob("*.png"))  # not the current folder
    assert load_board(pictures[0])[1] == app.session.state
    assert app.interactive and app.buttons  # the window keeps its buttons


EDGE = """
game = "clash"
[board]
rows = 5
cols = 7
[[knights]]
name = "Kara"
at = "A1"
[[knights]]
name = "Bram"
at = "A4"
[[knights]]
name = "Odo"
at = "A7"
"""


def test_los_overlays_along_the_same_board_edge_are_drawn_side_by_side(tmp_path):
    """Kara sees Odo, Odo sees Kara and Kara sees Bram along the north edge, on one line:
    each later line is drawn beside the earlier ones (its colour and style whole along its
    middle), not over them."""
    board = tmp_path / "edge.toml"
    board.write_text(EDGE, encoding="utf-8")
    pygame.font.init()
    game, state = layouts.load(board)
    app = App(Session(game, state), SIZE)
    app.interactive = False
    frame(app)
    for question in ("los Kara Odo", "los Odo Kara", "los Kara Bram"):
        app.screen.apply_overlay(question)
    surface = frame(app)
    (a, b), = app.screen.asked[2].picture.lines
    start, end = app.screen.board_point(a), app.screen.board_point(b)
    x = (start[0] + end[0]) // 2  # where all three run
    column = [surface.get_at((x, y))[:3] for y in range(start[1] - 30, start[1] + 30)]
    for index in range(3):
        assert column.count(overlay_colour(index)) >= 2, index


def test_beside_moves_a_line_off_one_it_would_run_along_only():
    from tabletop.ui.views.asked import beside

    drawn = [((10, 10), (110, 10))]
    assert beside((50, 10), (200, 10), drawn, 6) in (((50, 16), (200, 16)),
                                                       ((50, 4), (200, 4)))
    assert beside((10, 30), (110, 30), drawn, 6) == ((10, 30), (110, 30))  # apart already
    assert beside((10, 10), (10, 110), drawn, 6) == ((10, 10), (10, 110))  # crossing
    assert beside((120, 10), (200, 10), drawn, 6) == ((120, 10), (200, 10))  # end to end
