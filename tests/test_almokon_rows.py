"""Almokon's rows of cards in play keep every card whole: a crowded row takes smaller cards,
then more lines (as many as give the largest cards), at 1280 x 800 and 1920 x 1080, up to
the most cards a layout may list."""

from __future__ import annotations

import itertools

import pygame
import pytest
from test_almokon_board import board

from tabletop.games.almokon.layout import MAX_IN_PLAY
from tabletop.games.registry import get_game
from tabletop.ui import textlayer
from tabletop.ui.app import App
from tabletop.ui.session import Session
from tabletop.ui.views.almokon import row_layout

SIZES = [(1280, 800), (1920, 1080)]
REPEATABLE = ("iron-sentinel", "hammerfall-militia", "berserker-chief", "silver-tongue",
              "harbour-watch", "treaty-envoy", "creed-acolyte")
"""Cards a player may have several copies of in play (none Unique or Inexhaustible)."""
LEADERS = 4
"""Each player's Monarch and Capitol, which ``board`` adds."""


def wilderness_board(count: int):
    """Aria with ``count`` cards in the Wilderness (every fourth exhausted, on its side)."""
    lines = []
    for index in range(count):
        uid = REPEATABLE[index % len(REPEATABLE)]
        copy = index // len(REPEATABLE)
        lines.append(f"Aria {uid}{f'#{copy + 1}' if copy else ''} wilderness"
                     + (" exhausted" if index % 4 == 3 else ""))
    return board(*lines)


def _boxes_apart(boxes) -> bool:
    return not any(a.colliderect(b) for a, b in itertools.combinations(boxes, 2))


@pytest.mark.parametrize("count", [10, MAX_IN_PLAY - LEADERS], ids=["ten", "most"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_wilderness_card_is_whole_in_a_crowded_row(size, count):
    pygame.font.init()
    state = wilderness_board(count)
    app = App(Session(get_game("almokon"), state), size)
    app.draw(pygame.Surface(size))
    drawn = {d.words: d.rect for d in textlayer.drawn()}
    sea, realm = drawn["Open Sea (Outland, sea)"], drawn["Aria's Realm"]
    wild = drawn["Wilderness (Outland, land)"]
    boxes = [h.rect for h in app.screen.hits
             if h.place == "play" and state.card(h.uid).zone == "wilderness"]
    assert len(boxes) == count
    upright = {b.size for b in boxes if b.height > b.width}
    lying = {b.size for b in boxes if b.width > b.height}
    assert len(upright) == 1 and lying == {upright.pop()[::-1]}  # none clipped: one size
    assert all(wild.bottom <= b.top and b.bottom < realm.top and wild.left - 8 <= b.left
               and b.right < sea.left - 8 for b in boxes)  # inside the Wilderness
    assert _boxes_apart(boxes)
    if count == 10:  # still cards one can read, not slivers
        assert min(max(b.size) for b in boxes) >= (75 if size == SIZES[0] else 110)


@pytest.mark.parametrize("count", [1, 2, 5, 10, 11, 23, 60, 196])
def test_a_row_layout_keeps_each_box_inside_its_area_and_apart(count):
    for area in (pygame.Rect(10, 20, 560, 170), pygame.Rect(0, 0, 300, 60),
                 pygame.Rect(5, 5, 900, 400)):
        lying = [index % 3 == 1 for index in range(count)]
        boxes = row_layout(area, lying, 160)
        assert len(boxes) == count
        assert all(area.contains(b) for b in boxes), area
        assert _boxes_apart(boxes)
        assert all((b.width > b.height) == side for b, side in zip(boxes, lying, strict=True)
                   if b.width != b.height)


def test_a_row_that_fits_stays_one_line_at_full_size():
    boxes = row_layout(pygame.Rect(0, 0, 900, 200), [False] * 3, 120)
    assert {b.height for b in boxes} == {120} and len({b.y for b in boxes}) == 1
