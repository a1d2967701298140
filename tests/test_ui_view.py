"""Pixel checks of the Clash Board view (``clash-geometry.md``): a Knight's token is drawn in its
space, a Monster covers its whole footprint and shows its front edge after rotation, and the
static layers are cached."""

from dataclasses import replace

import pygame
import pytest

from tabletop.games import layouts
from tabletop.games.clash.actions import RotateMonster
from tabletop.spatial.grid import Space
from tabletop.ui.views.clash import (
    BOSS,
    FRONT_EDGE,
    ClashLayers,
    ClashOverlays,
    draw_clash,
    knight_colour,
)

BOARD = """
game = "clash"
[board]
rows = 6
cols = 9
[[knights]]
name = "Kara"
at = "B2"
[[monsters]]
name = "Egg"
type = "boss"
at = "C5"
size = 2
facing = "north"
"""

RECT = pygame.Rect(0, 0, 900, 600)


@pytest.fixture
def board():
    pygame.font.init()
    return layouts.loads(BOARD, "view.toml")


def draw(state, overlays=None, layers=None):
    surface = pygame.Surface(RECT.size)
    grid = draw_clash(surface, RECT, state, overlays or ClashOverlays(), layers=layers)
    return surface, grid


def near(colour, expected, tolerance=12):
    return all(abs(a - b) <= tolerance for a, b in zip(colour[:3], expected, strict=True))


def test_knight_token_is_drawn_in_its_space(board):
    _, state = board
    surface, grid = draw(state)
    box = grid.space_rect(Space.parse("B2"))
    colour = knight_colour(state, "Kara")
    # left of the initials, inside the token ring
    inside = (box.centerx - box.width // 4, box.centery - box.height // 10)
    assert near(surface.get_at(inside), colour)
    empty = grid.space_rect(Space.parse("B3"))
    assert not near(surface.get_at((empty.centerx - empty.width // 4, empty.centery)), colour)


def test_monster_covers_its_footprint_and_front_turns_with_it(board):
    game, state = board
    turned, _ = game.apply(state, RotateMonster("Egg", "west"))
    surface, grid = draw(turned)
    for label in ("C5", "C6", "D5", "D6"):
        box = grid.space_rect(Space.parse(label))
        # a point near the footprint's outer corner of each space, away from arrow and name
        x = box.x + box.width // 5 if label.endswith("5") else box.right - box.width // 5
        y = box.y + box.height // 5 if label.startswith("C") else box.bottom - box.height // 5
        if label.endswith("5"):
            x += grid.cell // 6  # step off the west front edge
        assert near(surface.get_at((x, y)), BOSS, 30), label
    west = grid.space_rect(Space.parse("C5"))
    assert near(surface.get_at((west.x + 1, west.centery)), FRONT_EDGE, 30)
    north = grid.space_rect(Space.parse("C6"))
    assert not near(surface.get_at((north.centerx, north.y + 1)), FRONT_EDGE, 30)


def test_reach_overlay_tints_spaces(board):
    _, state = board
    plain, grid = draw(state)
    tinted, _ = draw(state, ClashOverlays(reach=frozenset({Space.parse("E1")})))
    box = grid.space_rect(Space.parse("E1"))
    point = (box.x + 4, box.y + 4)
    before, after = plain.get_at(point), tinted.get_at(point)
    assert after.b - after.r > before.b - before.r  # bluer
    assert sum(after[:3]) < sum(before[:3])  # and darker


def test_static_layers_are_built_once_per_state_and_size(board):
    _, state = board
    layers = ClashLayers()
    draw(state, layers=layers)
    built = layers.cache.builds
    draw(state, ClashOverlays(hover=Space.parse("A1")), layers=layers)
    assert layers.cache.builds == built
    moved = state.with_piece(replace(state.knight("Kara"), at=Space.parse("A1")))
    draw(moved, layers=layers)
    # the pieces layer, its labels and the picture of the board under them (the board itself
    # is not drawn again)
    assert layers.cache.builds == built + 3
