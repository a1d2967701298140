"""Overlays asked as questions (``tabletop screenshot --overlay QUESTION``) drawn over any
board: each :class:`~tabletop.games.overlay.Overlay` in its own colour and pattern, numbered,
with its caption in the side panel.

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
from tabletop.ui import textlayer
from tabletop.ui.views import marks
from tabletop.ui.views.base import text, wrap
from tabletop.ui.widgets import theme

Colour = tuple[int, int, int]

CAPTION_SIZE = 14
SWATCH = 16
"""The side of a caption's swatch (the overlay's colour and pattern, as on the board)."""

Locate = Callable[[str], list[pygame.Rect]]
Point = Callable[[tuple[int, int]], tuple[int, int] | None]
Pixel = tuple[int, int]


def overlay_colour(index: int) -> Colour:
    """The colour of the ``index``-th overlay asked (:data:`theme.OVERLAY_COLOURS`)."""
    return theme.OVERLAY_COLOURS[index % len(theme.OVERLAY_COLOURS)]


def overlay_pattern(index: int) -> str:
    """The fill pattern of the ``index``-th overlay's places (:data:`theme.OVERLAY_PATTERNS`)."""
    return theme.OVERLAY_PATTERNS[index % len(theme.OVERLAY_PATTERNS)]


def picture_drawn(picture: Picture, locate: Locate, point: Point) -> bool:
    """Whether every place and line of ``picture`` has a place on the board as drawn."""
    names = (*picture.places, *picture.marked, *picture.path, *picture.crossed)
    return (all(locate(name) for name in names)
            and all(point(a) is not None and point(b) is not None for a, b in picture.lines))


def draw_asked(surface: pygame.Surface, rect: pygame.Rect, asked: Sequence[Overlay],
               locate: Locate, point: Point) -> None:
    """Every overlay in ``asked`` over the board in ``rect``: its places tinted and filled
    with its pattern, its marked places ringed, its path as arrows, its lines drawn (solid
    when clear, dashed when blocked, the blocker crossed out), and its number at its first
    mark.  The board's labels (names, token letters) stay whole: the pattern leaves them
    out and the marks go under them."""
    if not asked:
        return
    tint = pygame.Surface(rect.size, pygame.SRCALPHA)
    drawn = [d for d in textlayer.drawn() if d.words and d.role not in ("tip", "tooltip")
             and d.rect.colliderect(rect)]
    words = [d.rect.move(-rect.x, -rect.y) for d in drawn]
    for index, item in enumerate(asked):
        colour = overlay_colour(index)
        for name in (*item.picture.places, *item.picture.crossed):
            for box in locate(name):
                local = box.move(-rect.x, -rect.y)
                pattern = pygame.Surface(local.size, pygame.SRCALPHA)
                pattern.fill((*colour, theme.TINT_ALPHA))
                marks.pattern(pattern, pattern.get_rect(), overlay_pattern(index),
                              (*colour, 230), theme.line(1), origin=local.topleft)
                for word in words:  # the words on the board stay clear of the pattern
                    if word.colliderect(local):
                        pattern.fill((*colour, theme.TINT_ALPHA),
                                     word.move(-local.x, -local.y))
                tint.blit(pattern, local)
    surface.blit(tint, rect)
    labels = [d.rect.inflate(2, 2).clip(rect) for d in drawn if d.role == "label"]
    kept = [(box, surface.subsurface(box).copy()) for box in labels if box.width and box.height]
    lines: list[tuple[Pixel, Pixel]] = []  # the lines drawn so far, for the next to avoid
    anchors = [_draw_marks(surface, item.picture, overlay_colour(index), locate, point, lines)
               for index, item in enumerate(asked)]
    for box, image in kept:  # the board's labels stay whole over the marks
        surface.blit(image, box)
    placer = textlayer.Placer(surface.get_clip())
    for word in textlayer.drawn():  # the board's labels, its edge labels, the panel's words
        if word.words and word.role not in ("tip", "tooltip"):
            placer.block(word.rect)
    for index, anchor in enumerate(anchors):  # numbers last: no mark covers one
        if anchor is not None:
            _badge(surface, badge_spot(placer, anchor), index + 1, overlay_colour(index))


def badge_spot(placer: textlayer.Placer, anchor: tuple[int, int]) -> tuple[int, int]:
    """Where an overlay's number goes: on ``anchor`` (its first mark) when the disc covers
    no word ``placer`` keeps clear (a label, an edge label, another overlay's number), else
    the nearest free spot around it, stepping outwards (the least crowded when none is
    free); the disc is kept clear from then on."""
    radius = theme.line(9) + 2
    disc = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    disc.center = anchor
    step = 2 * radius + 2
    around = [disc.move(dx * step * ring, dy * step * ring) for ring in (1, 2)
              for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (1, -1),
                             (-1, -1))]
    spot = placer.place(disc, *around, crowded=True)
    assert spot is not None  # a crowded placement always finds a spot
    return spot.center


def _draw_marks(surface: pygame.Surface, picture: Picture, colour: Colour, locate: Locate,
                point: Point, drawn_lines: list[tuple[Pixel, Pixel]]) -> tuple[int, int] | None:
    """One picture's outlines, brackets, crosses, arrows and lines; returns where its number
    goes (the top-most of its marks), or ``None`` when nothing was drawn.  A line that
    would run over one drawn before (``drawn_lines``, added to: two LoS lines along the
    same board edge) is drawn beside it, so that both read, each with its own style."""
    anchors: list[tuple[int, int]] = []
    edge = theme.line(2)
    boxes = [box for name in (*picture.places, *picture.crossed) for box in locate(name)]
    held = {tuple(box) for box in boxes}
    for box in boxes:  # the outline of the region: sides not shared with another place
        sides = (((0, -box.height), (box.topleft, box.topright)),
                 ((0, box.height), (box.bottomleft, box.bottomright)),
                 ((-box.width, 0), (box.topleft, box.bottomleft)),
                 ((box.width, 0), (box.topright, box.bottomright)))
        for (dx, dy), (a, b) in sides:
            if tuple(box.move(dx, dy)) not in held:
                inward = (-dx // max(1, abs(dx)) * (edge // 2 + 1),
                          -dy // max(1, abs(dy)) * (edge // 2 + 1))
                a = (a[0] - (a[0] == box.right) + inward[0],
                     a[1] - (a[1] == box.bottom) + inward[1])
                b = (b[0] - (b[0] == box.right) + inward[0],
                     b[1] - (b[1] == box.bottom) + inward[1])
                marks.haloed_line(surface, colour, a, b, edge)
        anchors.append((box.x - 8, box.y - 8))  # the number just outside the corner
    for name in picture.crossed:
        for box in locate(name):
            marks.cross(surface, box.inflate(-box.width // 5, -box.height // 5), colour,
                        theme.line(3))
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
        start, end = beside(start, end, drawn_lines, theme.line(3) + 4)
        drawn_lines.append((start, end))
        marks.haloed_line(surface, colour, start, end, theme.line(3), dashed=picture.blocked)
        for end_point in (start, end):
            pygame.draw.circle(surface, theme.BACKGROUND, end_point, theme.line(5) + 2)
            pygame.draw.circle(surface, colour, end_point, theme.line(5))
        anchors.append(start)
    return min(anchors, key=lambda p: (p[1], p[0])) if anchors else None


def _runs_along(a: tuple[Pixel, Pixel], b: tuple[Pixel, Pixel], gap: int) -> bool:
    """Whether segments ``a`` and ``b`` run side by side closer than ``gap`` pixels: parallel
    (within a pixel over their length), overlapping along their length, and near."""
    (ax, ay), (bx, by) = a
    length = math.hypot(bx - ax, by - ay)
    if length < 1:
        return False
    ux, uy = (bx - ax) / length, (by - ay) / length
    across = [(px - ax) * -uy + (py - ay) * ux for px, py in b]
    along = sorted((px - ax) * ux + (py - ay) * uy for px, py in b)
    if abs(across[0] - across[1]) > 1 or along[1] <= 0 or along[0] >= length:
        return False
    return abs(across[0]) < gap


def beside(start: Pixel, end: Pixel, drawn: Sequence[tuple[Pixel, Pixel]],
           gap: int) -> tuple[Pixel, Pixel]:
    """The segment ``start``-``end`` as drawn: where it is, or, when it would run along a
    segment of ``drawn`` (closer than ``gap``), moved sideways by ``gap`` steps (one side,
    then the other, further out) until it runs along none."""
    length = math.hypot(end[0] - start[0], end[1] - start[1])
    if length < 1:
        return start, end
    nx, ny = -(end[1] - start[1]) / length, (end[0] - start[0]) / length
    for step in (0, 1, -1, 2, -2, 3, -3):
        dx, dy = round(nx * gap * step), round(ny * gap * step)
        moved = ((start[0] + dx, start[1] + dy), (end[0] + dx, end[1] + dy))
        if not any(_runs_along(line, moved, gap) for line in drawn):
            return moved
    return start, end


def _brackets(surface: pygame.Surface, frame: pygame.Rect, colour: Colour) -> None:
    """Corner brackets round ``frame``: a mark that leaves the middle of each side (where
    names are written) clear."""
    arm = max(6, min(frame.width, frame.height) // 4)
    for corner, (dx, dy) in ((frame.topleft, (1, 1)), (frame.topright, (-1, 1)),
                             (frame.bottomleft, (1, -1)), (frame.bottomright, (-1, -1))):
        x, y = corner[0] - (dx < 0), corner[1] - (dy < 0)
        for width, ink in ((theme.line(3) + 3, theme.BACKGROUND), (theme.line(3), colour)):
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
    marks.haloed_line(surface, colour, start, tip, theme.line(4))
    head = [tip, (tip[0] - ux * 14 - uy * 8, tip[1] - uy * 14 + ux * 8),
            (tip[0] - ux * 14 + uy * 8, tip[1] - uy * 14 - ux * 8)]
    pygame.draw.polygon(surface, colour, head)
    pygame.draw.circle(surface, colour, (round(start[0]), round(start[1])), 5)


def _badge(surface: pygame.Surface, at: tuple[int, int], number: int, colour: Colour) -> None:
    """The overlay's number in a disc of its colour at ``at``, tying it to its caption (the
    number in black or white, whichever reads on the colour)."""
    radius = theme.line(9)
    pygame.draw.circle(surface, theme.BACKGROUND, at, radius + 2)
    pygame.draw.circle(surface, colour, at, radius)
    text(surface, str(number), at, theme.line(13), theme.ink_on(colour), anchor="center")


def draw_swatch(surface: pygame.Surface, box: pygame.Rect, index: int) -> None:
    """The ``index``-th overlay's swatch: its tint, pattern and outline as on the board."""
    colour = overlay_colour(index)
    swatch = pygame.Surface(box.size, pygame.SRCALPHA)
    local = swatch.get_rect()
    pygame.draw.rect(swatch, (*colour, theme.TINT_ALPHA), local)
    marks.pattern(swatch, local, overlay_pattern(index), (*colour, 230), theme.line(1),
                  max(4, box.width // 3))
    surface.blit(swatch, box)
    pygame.draw.rect(surface, colour, box, max(1, theme.line(2)))


def _caption_size() -> tuple[int, int, int]:
    """The caption text size, line height and the room left of the words (disc and swatch)."""
    size = theme.ui(CAPTION_SIZE)
    return size, size + max(2, size // 7), 2 * size + 12


def captions_height(width: int, asked: Sequence[Overlay]) -> int:
    """The height :func:`draw_captions` needs for ``asked`` in a panel ``width`` wide."""
    size, step, indent = _caption_size()
    return sum(max(len(wrap(item.caption, size, width - indent)) * step, size + 4) + 4
               for item in asked)


def draw_captions(surface: pygame.Surface, rect: pygame.Rect, asked: Sequence[Overlay]) -> int:
    """Each overlay's number in its colour, its swatch (colour and pattern as on the board)
    and its caption, wrapped to ``rect``'s width; returns the height used."""
    size, step, indent = _caption_size()
    y = rect.y
    for index, item in enumerate(asked):
        colour = overlay_colour(index)
        radius = size // 2 + 1
        centre = (rect.x + radius, y + radius)
        pygame.draw.circle(surface, colour, centre, radius)
        text(surface, str(index + 1), centre, size - 2, theme.ink_on(colour), anchor="center")
        draw_swatch(surface, pygame.Rect(rect.x + 2 * radius + 3, y + 1, size, size), index)
        lines = wrap(item.caption, size, rect.width - indent)
        for line in lines:
            text(surface, line, (rect.x + indent, y), size, theme.TEXT)
            y += step
        y += max(0, size + 4 - step * len(lines)) + 4
    return y - rect.y
