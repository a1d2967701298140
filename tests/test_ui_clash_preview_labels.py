"""The words of a Clash preview ("Crash: Kara", "Odo Displaced", "Column destroyed" …) are
placed clear of every piece, before and after, and of each other, inside the board area."""

from pathlib import Path

import pygame
import pytest

from tabletop.games import layouts
from tabletop.ui.app import App
from tabletop.ui.controllers.clash_steps import PreviewStep, taken_off
from tabletop.ui.session import Session
from tabletop.ui.views.clash_preview import draw_preview, footprint_rect, new_placer

ROOT = Path(__file__).resolve().parent.parent / "layouts"
PREVIEWS = [
    ("clash-rule-knockback-column.toml", "preview forced knockback Eggknight Kara 3"),
    ("clash-rule-knockback-side.toml", "preview forced 'knockback to the side' Eggknight Kara 5"),
    ("clash-rule-zigzag.toml", "preview monster-move Eggknight 'Ser Sonch' move"),
]


def _previewing(name, spec, size):
    """A window on layout ``name`` of ``size``, a frame drawn (``surface``), then showing the
    preview ``spec``: ``(app, surface, step)``."""
    pygame.font.init()
    game, state = layouts.load(ROOT / name)
    app = App(Session(game, state), size)
    surface = pygame.Surface(size)
    app.draw(surface)
    app.screen.apply_overlay(spec)
    step = app.screen.step
    assert isinstance(step, PreviewStep)
    return app, surface, step


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
@pytest.mark.parametrize(("name", "spec"), PREVIEWS)
def test_preview_words_stay_clear_of_the_pieces_and_each_other(name, spec, size):
    app, surface, step = _previewing(name, spec, size)
    words = 0
    for chosen in range(len(step.outcomes)):
        outcome = step.outcomes[chosen]
        grid = app.screen.grid()
        surface.set_clip(app.screen.board_rect(app.areas.board))
        placer = new_placer(surface, grid, step.before, outcome.state)
        draw_preview(surface, grid, step.before, outcome.state, step.previews[chosen],
                     taken_off(outcome), placer)
        pieces = [footprint_rect(grid, p, p.at).inflate(-2, -2)
                  for s in (step.before, outcome.state) for p in (*s.knights, *s.monsters)]
        words += len(placer.placed)
        for index, plate in enumerate(placer.placed):
            assert plate.collidelist(pieces) == -1, (chosen, plate)
            assert plate.collidelist(placer.placed[:index]) == -1
            assert app.screen.board_rect(app.areas.board).contains(plate)
    assert words  # each of these previews has words to place


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
@pytest.mark.parametrize(("name", "spec"), PREVIEWS)
def test_preview_paths_rings_and_marks_cover_no_label(name, spec, size):
    """Every label on the board (a Knight's name plate and Vigor disc, a tile's plate, the
    edge letters) reads the same with the preview drawn over it: the paths' lines and
    arrows, the ghosts, the crosses and the Crash stars are cut where a label lies (the
    one :class:`LabelPlacer` knows them all), and so is the red ring of a Target."""
    from tabletop.ui.views.clash_preview import draw_marks

    app, board, step = _previewing(name, spec, size)
    grid = app.screen.grid()
    clip = app.screen.board_rect(app.areas.board)
    for chosen, outcome in enumerate(step.outcomes):
        surface = board.copy()
        surface.set_clip(clip)
        placer = new_placer(surface, grid, step.before, outcome.state)
        names = [n.clip(clip) for n in placer.names if n.colliderect(clip)]
        draw_preview(surface, grid, step.before, outcome.state, step.previews[chosen],
                     taken_off(outcome), placer)
        draw_marks(surface, grid, step.before, [(k.name, "Target")
                                                for k in step.before.knights], placer)
        for rect in names:
            if rect.collidelist(placer.placed) >= 0:
                continue  # a preview's own plate crowded onto it (none here)
            assert pygame.image.tobytes(surface.subsurface(rect), "RGB") == \
                pygame.image.tobytes(board.subsurface(rect), "RGB"), (chosen, rect)


def test_a_preview_in_a_picture_names_no_key_and_no_click():
    """A picture of the board (screenshot, F12) has no keys and takes no clicks: the preview's
    panel says what the badges mark and what Cancel does, not how to press or hover; the
    window keeps its key words."""
    from tabletop.ui import textlayer

    pygame.font.init()
    game, state = layouts.load(ROOT / "clash-rule-zigzag.toml")
    app = App(Session(game, state), (1280, 800))
    app.screen.apply_overlay("preview monster-move Eggknight 'Ser Sonch' move")
    app.interactive = False
    app.draw(pygame.Surface((1280, 800)))
    words = " ".join(" ".join(d.full.split()) for d in textlayer.drawn())
    assert "numbered badges on the board mark where they differ" in words
    assert "nothing changes" in words
    for keys in ("Enter", "Esc", "hover", "click", "arrows"):
        assert keys not in words, keys
    app.interactive = True
    app.draw(pygame.Surface((1280, 800)))
    words = " ".join(" ".join(d.full.split()) for d in textlayer.drawn())
    assert "hover or use the arrows" in words and "nothing changes (Esc)" in words


def test_a_scrolled_preview_menu_in_a_picture_names_no_arrow_key():
    """Five outcomes do not all fit: the menu says how many more are below, and in a picture
    (no keys) not which key scrolls to them."""
    from tabletop.ui import textlayer

    pygame.font.init()
    game, state = layouts.load(ROOT / "clash-rule-unavoidable-knockback.toml")
    app = App(Session(game, state), (1280, 800))
    app.screen.apply_overlay("preview monster-move Eggknight C5 'move to'")
    for interactive, marker in ((False, "more below"), (True, "more below (arrow down)")):
        app.interactive = interactive
        app.draw(pygame.Surface((1280, 800)))
        markers = [d.full for d in textlayer.drawn() if "more below" in d.full]
        assert markers and markers[0].endswith(marker)
        assert interactive or "arrow" not in markers[0]
