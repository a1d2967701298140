"""Overlays asked as questions (``tabletop screenshot --overlay QUESTION``) drawn over any
board: each :class:`~tabletop.games.overlay.Overlay` in its own colour, numbered, with its
caption in the side panel.

The screen says where a place is (:meth:`GameController.place_rects`, the game's own names:
space labels and piece names, tile ids, zone ids and piece names, card uids, Knights and their
slots) and where a board point is (:meth:`GameController.board_point`, for lines); this module
draws the tints, rings, arrows and lines the same way on every board.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from tabletop.games.overlay import Overlay, Picture
from tabletop.ui.views.base import text, wrap
from tabletop.ui.widgets import theme

Colour = tuple[int, int, int]

PALETTE: tuple[Colour, ...] = (
    (0, 190, 255), (255, 70, 190), (255, 140, 0), (120, 220, 30), (160, 110, 255),
    (255, 215, 40), (0, 210, 150), (240, 60, 60),
)
"""The overlays' colours, in the order they were asked (then round again)."""
TINT_ALPHA = 80
CAPTION_SIZE = 14
CAPTION_LINE = 16

Locate = Callable[[str], list[pygame.Rect]]
Point = Callable[[tuple[int, int]], tuple[int, int] | None]


def overlay_colour(index: int) -> Colour:
    """The colour of the ``index``-th overlay asked."""
    return PALETTE[index % len(PALETTE)]


def picture_drawn(picture: Picture, locate: Locate, point: Point) -> bool:
    """Whether every place and line of ``picture`` has a place on the board as drawn."""
    names = (*picture.places, *picture.marked, *picture.path)
    return (all(locate(name) for name in names)
            and all(point(a) is not None and point(b) is not None for a, b in picture.lines))


def draw_asked(surface: pygame.Surface, rect: pygame.Rect, asked: Sequence[Overlay],
               locate: Locate, point: Point) -> None:
    """Every overlay in ``asked`` over the board in ``rect``: its places tinted, its marked
    places ringed, its path as arrows, its lines drawn, and its number at its first mark."""
    if not asked:
        return
    tint = pygame.Surface(rect.size, pygame.SRCALPHA)
    for index, item in enumerate(asked):
        colour = overlay_colour(index)
        for name in item.picture.places:
            for box in locate(name):
                pygame.draw.rect(tint, (*colour, TINT_ALPHA), box.move(-rect.x, -rect.y))
    surface.blit(tint, rect)
    anchors = [_draw_marks(surface, item.picture, overlay_colour(index), locate, point)
               for index, item in enumerate(asked)]
    badges: list[tuple[int, int]] = []
    for index, anchor in enumerate(anchors):  # numbers last: no mark covers one
        if anchor is None:
            continue
        x, y = anchor
        while any(abs(x - bx) < 26 and abs(y - by) < 26 for bx, by in badges):
            x += 26  # another overlay's number is there: beside it
        badges.append((x, y))
        _badge(surface, (x, y), index + 1, overlay_colour(index))


def _draw_marks(surface: pygame.Surface, picture: Picture, colour: Colour, locate: Locate,
                point: Point) -> tuple[int, int] | None:
    """One picture's outlines, brackets, arrows and lines; returns where its number goes
    (the top-most of its marks), or ``None`` when nothing was drawn."""
    anchors: list[tuple[int, int]] = []
    for name in picture.places:
        for box in locate(name):
            pygame.draw.rect(surface, colour, box, 2)
            anchors.append((box.x - 8, box.y - 8))  # the number just outside the corner
    for name in picture.marked:
        boxes = locate(name)
        if boxes:
            frame = boxes[0].unionall(boxes[1:]).inflate(8, 8)
            _brackets(surface, frame, colour)
            anchors.append(frame.topleft)
    steps = [boxes[0] for boxes in (locate(name) for name in picture.path) if boxes]
    for a, b in zip(steps, steps[1:], strict=False):
        _arrow(surface, a, b, colour)
    anchors += [(box.x - 8, box.y - 8) for box in steps[:1]]
    for a, b in picture.lines:
        start, end = point(a), point(b)
        if start is None or end is None:
            continue
        pygame.draw.line(surface, theme.BACKGROUND, start, end, 6)
        pygame.draw.line(surface, colour, start, end, 3)
        for end_point in (start, end):
            pygame.draw.circle(surface, colour, end_point, 5)
        anchors.append(start)
    return min(anchors, key=lambda p: (p[1], p[0])) if anchors else None


def _brackets(surface: pygame.Surface, frame: pygame.Rect, colour: Colour) -> None:
    """Corner brackets round ``frame``: a mark that leaves the middle of each side (where
    names are written) clear."""
    arm = max(6, min(frame.width, frame.height) // 4)
    for corner, (dx, dy) in ((frame.topleft, (1, 1)), (frame.topright, (-1, 1)),
                             (frame.bottomleft, (1, -1)), (frame.bottomright, (-1, -1))):
        x, y = corner[0] - (dx < 0), corner[1] - (dy < 0)
        for width, ink in ((6, theme.BACKGROUND), (3, colour)):
            pygame.draw.line(surface, ink, (x, y), (x + dx * arm, y), width)
            pygame.draw.line(surface, ink, (x, y), (x, y + dy * arm), width)


def _arrow(surface: pygame.Surface, source: pygame.Rect, target: pygame.Rect,
           colour: Colour) -> None:
    """An arrow from the edge of ``source`` to the edge of ``target`` (centre to centre, so
    that what is drawn on both stays visible)."""
    a, b = source.center, target.center
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length < 1:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    start_gap, end_gap = min(source.size) / 2, min(target.size) / 2 + 3
    if start_gap + end_gap + 10 >= length:
        start_gap = end_gap = 0
    start = (a[0] + ux * start_gap, a[1] + uy * start_gap)
    tip = (b[0] - ux * end_gap, b[1] - uy * end_gap)
    pygame.draw.line(surface, theme.BACKGROUND, start, tip, 7)
    pygame.draw.line(surface, colour, start, tip, 4)
    head = [tip, (tip[0] - ux * 14 - uy * 8, tip[1] - uy * 14 + ux * 8),
            (tip[0] - ux * 14 + uy * 8, tip[1] - uy * 14 - ux * 8)]
    pygame.draw.polygon(surface, colour, head)
    pygame.draw.circle(surface, colour, (round(start[0]), round(start[1])), 5)


def _badge(surface: pygame.Surface, at: tuple[int, int], number: int, colour: Colour) -> None:
    """The overlay's number in a disc of its colour at ``at``, tying it to its caption."""
    pygame.draw.circle(surface, theme.BACKGROUND, at, 11)
    pygame.draw.circle(surface, colour, at, 9)
    text(surface, str(number), at, 13, theme.TEXT_DARK, anchor="center")


def captions_height(width: int, asked: Sequence[Overlay]) -> int:
    """The height :func:`draw_captions` needs for ``asked`` in a panel ``width`` wide."""
    return sum(len(wrap(item.caption, CAPTION_SIZE, width - 24)) * CAPTION_LINE + 4
               for item in asked)


def draw_captions(surface: pygame.Surface, rect: pygame.Rect, asked: Sequence[Overlay]) -> int:
    """Each overlay's number in its colour and its caption, wrapped to ``rect``'s width;
    returns the height used."""
    y = rect.y
    for index, item in enumerate(asked):
        colour = overlay_colour(index)
        pygame.draw.circle(surface, colour, (rect.x + 8, y + 8), 8)
        text(surface, str(index + 1), (rect.x + 8, y + 8), 12, theme.TEXT_DARK, anchor="center")
        for line in wrap(item.caption, CAPTION_SIZE, rect.width - 24):
            text(surface, line, (rect.x + 22, y), CAPTION_SIZE, theme.TEXT)
            y += CAPTION_LINE
        y += 4
    return y - rect.y
