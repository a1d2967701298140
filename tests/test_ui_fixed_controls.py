"""Undo, Redo, Save and the turn's end never move: the same rectangles whatever the state,
the selection, the banner's words or the number of the screen's own buttons."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tabletop.games import layouts
from tabletop.ui.app import App
from tabletop.ui.session import Session
from tabletop.ui.widgets.handover import HandOver

ROOT = Path(__file__).resolve().parent.parent / "layouts"
FIXED = ("Undo", "Redo", "Save")


def frame(app: App, size) -> None:
    app.update(16)
    if isinstance(app.top, HandOver):
        app.top.on_done()
        app.pop(app.top)
    app.draw(pygame.Surface(size))


def fixed_rects(app: App) -> dict[str, tuple[int, int, int, int]]:
    rects = {b.label: tuple(b.rect) for b in app.buttons if b.label in FIXED}
    assert set(rects) == set(FIXED)
    return rects


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
@pytest.mark.parametrize("name", ["almokon-midgame.toml", "almokon-opening.toml",
                                  "fateforge-chapel.toml", "kingdom-mid-delve.toml",
                                  "clash-teaching.toml", "joust-first-round.toml"])
def test_fixed_controls_keep_their_places_over_several_states(name, size):
    pygame.display.init()
    pygame.font.init()
    game, state = layouts.load(ROOT / name)
    app = App(Session(game, state), size)
    frame(app, size)
    first = fixed_rects(app)
    end_place = pygame.Rect(first["Redo"][0], first["Save"][1], *first["Save"][2:])
    seen_counts = set()
    for step in range(6):
        # a click on the board selects something (a card, a piece, a hero) on most boards
        board = app.areas.board
        for pos in ((board.centerx, board.bottom - 60), board.center,
                    (board.x + 80, board.y + 80)):
            app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
            frame(app, size)
            assert fixed_rects(app) == first, (step, pos)
            seen_counts.add(len(app.buttons))
            while app.top is not app.screen and app.top.modal:
                app.pop(app.top)
        legal = list(game.legal_actions(app.session.state))
        if legal:
            app.session.perform(legal[step % len(legal)])
        frame(app, size)
        assert fixed_rects(app) == first, step
        ends = [b for b in app.buttons
                if b.label.lower().startswith("end ") or b.label == "Ready"]
        for button in ends:  # the turn's end: in the fourth fixed place, beside Save
            assert button.rect == end_place, button.label
    app.session.undo()
    frame(app, size)
    assert fixed_rects(app) == first
