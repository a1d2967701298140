"""Overlays stay apart without full colour vision: each board is drawn with overlays asked
as questions, the picture is passed through simulations of protanopia, deuteranopia and
tritanopia (Machado et al. 2009, severity 1.0; see :mod:`colour_vision`), and the colours
that mark different meanings, sampled from the simulated picture where the theme says they
are drawn, must stay apart by a stated CIELAB ΔE*ab from each other and from the board
beneath.  The shapes, dashes and crosses that carry each meaning besides its hue are tested
at the end of this file."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from pathlib import Path

import pygame
import pytest
from colour_vision import MACHADO_2009, delta_e, simulate, simulate_image
from PIL import Image

from tabletop.games import layouts
from tabletop.ui.app import App
from tabletop.ui.session import Session
from tabletop.ui.views.asked import overlay_colour
from tabletop.ui.widgets import theme

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"
SIZE = (1280, 800)

MARKS_APART = 20.0
"""ΔE*ab between the outline colours of any two of the first five overlays, as simulated
(each overlay's places also carry a pattern of their own)."""
MARK_FROM_BOARD = 15.0
"""ΔE*ab between an overlay's outline colour and the board colour beneath its places (the
outline also wears a dark halo; the tightest case is the first overlay's blue on a King's
Champion green slot under tritanopia, about 15.6)."""
TINT_FROM_BOARD = 8.0
"""ΔE*ab between an overlay's place (its tint and pattern, averaged over the place) and the
same place untinted."""
LINES_APART = 40.0
"""ΔE*ab between a clear and a blocked LoS line, and a ready and a spent Activation token
(each also differs in line style or fill)."""

BOARDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "clash": ("clash-teaching.toml", ("visible Eggknight", "los Eggknight Kara", "reach Kara",
                                      "los Eggknight Fleischritter", "sees Eggknight")),
    "kingdom": ("kingdom-mid-delve.toml", ("travel-options", "tile-distance 1 4",
                                           "backtrack-cost 3")),
    "fateforge": ("fateforge-chapel.toml", ("step-options Aria", "zone-distance Aria Warden",
                                            "can-shoot Aria Warden")),
    "almokon": ("almokon-midgame.toml", ("legal-targets ironclad-galley",)),
    "joust": ("joust-first-round.toml", ("slots 'Sir Corvin'", "dice 'Sir Aldric'",
                                         "crown-target 'Dame Wren'")),
}


@pytest.fixture(autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()


def _picture(app: App) -> Image.Image:
    surface = pygame.Surface(SIZE)
    app.draw(surface)
    return Image.frombytes("RGB", SIZE, pygame.image.tobytes(surface, "RGB"))


class _Simulated:
    """A picture as seen with a deficiency, simulated where it is sampled."""

    def __init__(self, image: Image.Image, kind: str):
        self.image, self.kind = image, kind

    def getpixel(self, at: tuple[int, int]) -> tuple[int, int, int]:
        return simulate(self.image.getpixel(at), self.kind)


def _places(app: App, plain: Image.Image, index: int) -> list[list[tuple[int, int]]]:
    """For each place of overlay ``index`` that no other overlay tints and that is mostly
    bare board or card (half of it one colour; a Knight's token covers more): the pixels
    (every other one) that show that colour in the plain picture."""
    asked = app.screen.asked
    others = {name for j, item in enumerate(asked) if j != index
              for name in (*item.picture.places, *item.picture.crossed)}
    found = []
    for name in asked[index].picture.places:
        if name in others:
            continue
        for box in app.screen.place_rects(name):
            inner = box.inflate(-6, -6).clip(app.areas.board)
            spots = [(x, y) for y in range(inner.y, inner.bottom, 2)
                     for x in range(inner.x, inner.right, 2)]
            if spots:
                board, count = Counter(plain.getpixel(p) for p in spots).most_common(1)[0]
                if count * 2 >= len(spots):  # mostly board, not a piece standing there
                    found.append([p for p in spots if plain.getpixel(p) == board])
    return found


def _mean(picture: _Simulated, spots: list[tuple[int, int]]) -> tuple[int, int, int]:
    """The mean colour of ``picture`` over ``spots`` (a patterned place seen as a whole)."""
    colours = [picture.getpixel(p) for p in spots]
    return tuple(round(sum(c[i] for c in colours) / len(colours)) for i in range(3))


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_overlay_colours_stay_apart_under_each_simulation(game):
    name, questions = BOARDS[game]
    loaded, state = layouts.load(LAYOUTS / name)
    app = App(Session(loaded, state, path=str(LAYOUTS / name)), SIZE)
    app.interactive = False
    plain = _picture(app)
    for question in questions:
        app.screen.apply_overlay(question)
    drawn = _picture(app)
    pixels = drawn.load()
    marks: dict[int, tuple[int, int]] = {}
    for index in range(len(questions)):
        colour = overlay_colour(index)
        spot = next(((x, y) for y in range(0, SIZE[1], 2) for x in range(0, SIZE[0], 2)
                     if pixels[x, y] == colour), None)
        assert spot is not None, f"{game}: overlay {index + 1} ({questions[index]}) not drawn"
        marks[index] = spot
    tints = {index: _places(app, plain, index) for index in range(len(questions))}
    assert any(tints.values()), f"{game}: no tinted place to sample"
    for kind in MACHADO_2009:  # per pixel: simulating the samples is simulating the picture
        seen_plain, seen = _Simulated(plain, kind), _Simulated(drawn, kind)
        for a, b in combinations(sorted(marks)[:5], 2):
            apart = delta_e(seen.getpixel(marks[a]), seen.getpixel(marks[b]))
            assert apart >= MARKS_APART, (game, kind, a + 1, b + 1, apart)
        for index, spots in tints.items():
            mark = seen.getpixel(marks[index])
            for place in spots:
                board, tint = seen_plain.getpixel(place[0]), _mean(seen, place)
                assert delta_e(mark, board) >= MARK_FROM_BOARD, (game, kind, index + 1, place[0])
                assert delta_e(tint, board) >= TINT_FROM_BOARD, (game, kind, index + 1, place[0])


def test_a_simulated_picture_is_its_pixels_simulated():
    picture = Image.new("RGB", (4, 2))
    picture.putdata([theme.OKABE_ITO[name] for name in theme.OKABE_ITO])
    for kind in MACHADO_2009:
        seen = simulate_image(picture, kind)
        assert [seen.getpixel((x, y)) for y in range(2) for x in range(4)] == [
            simulate(c, kind) for c in theme.OKABE_ITO.values()]


@pytest.mark.parametrize("kind", sorted(MACHADO_2009))
def test_line_and_token_states_differ_in_lightness_or_hue_as_well_as_style(kind):
    pairs = ((theme.CLEAR_LINE, theme.BLOCKED_LINE), (theme.TOKEN_READY, theme.TOKEN_SPENT))
    for a, b in pairs:
        assert delta_e(simulate(a, kind), simulate(b, kind)) >= LINES_APART, (kind, a, b)


def test_machado_matrices_keep_grey_grey():
    """Each matrix row sums to 1 (white stays white), as the paper's matrices do."""
    for kind, matrix in MACHADO_2009.items():
        for row in matrix:
            assert sum(row) == pytest.approx(1.0, abs=1e-3), kind
        assert simulate((128, 128, 128), kind) == (128, 128, 128)


def _line_pixels(surface: pygame.Surface, start, end, colour) -> list[bool]:
    """Whether each pixel along the middle of the segment (its ends' dots left out) is
    ``colour``."""
    (x1, y1), (x2, y2) = start, end
    steps = max(abs(x2 - x1), abs(y2 - y1))
    return [surface.get_at((round(x1 + (x2 - x1) * t / steps),
                            round(y1 + (y2 - y1) * t / steps)))[:3] == colour
            for t in range(steps // 8, steps - steps // 8)]


def test_a_blocked_line_is_dashed_with_its_blocker_crossed_out_and_a_clear_one_solid():
    loaded, state = layouts.load(LAYOUTS / "clash-teaching.toml")
    app = App(Session(loaded, state), SIZE)
    app.interactive = False
    app.screen.apply_overlay("los Eggknight Kara")  # blocked by the Ruined Wall (E4)
    app.screen.apply_overlay("los Eggknight Fleischritter")  # clear
    surface = pygame.Surface(SIZE)
    app.draw(surface)
    blocked, clear = app.screen.asked
    assert blocked.picture.blocked and not clear.picture.blocked
    for index, item, share in ((0, blocked, (0.3, 0.75)), (1, clear, (0.9, 1.0))):
        (a, b), = item.picture.lines
        on = _line_pixels(surface, app.screen.board_point(a), app.screen.board_point(b),
                          overlay_colour(index))
        assert share[0] <= sum(on) / len(on) <= share[1], (item.question, sum(on) / len(on))
    box, = app.screen.place_rects("E4")
    assert surface.get_at(box.center)[:3] == overlay_colour(0)  # where the cross's arms meet


def test_overlays_fill_their_places_with_different_patterns():
    from tabletop.ui.views.asked import overlay_pattern

    assert len({overlay_pattern(i) for i in range(len(theme.OVERLAY_COLOURS))}) == \
        len(theme.OVERLAY_COLOURS)


def test_a_spent_activation_token_is_hollow_and_a_ready_one_filled():
    from dataclasses import replace

    from tabletop.ui.views.base import Grid
    from tabletop.ui.views.clash import _monster_plate, _token_spot, draw_monster

    _, state = layouts.load(LAYOUTS / "clash-rule-mob-track.toml")
    monster = next(m for m in state.monsters if len(m.activations) >= 1)
    token = monster.activations[0]
    grid = Grid(state.board.rows, state.board.cols, 48, 0, 0)
    for spent, centre_colour in ((False, theme.TOKEN_READY), (True, None)):
        surface = pygame.Surface(grid.rect.size)
        draw_monster(surface, grid, replace(monster, activations=(replace(token, spent=spent),)))
        centre, radius = _token_spot(_monster_plate(grid, monster), grid.cell, 0)
        middle = surface.get_at(centre)[:3]
        rim = surface.get_at((centre[0] + radius - 1, centre[1]))[:3]
        if spent:
            assert rim == theme.TOKEN_SPENT and middle != theme.TOKEN_SPENT
        else:
            assert middle == centre_colour
