"""Marks that carry meaning without hue: fill patterns, crosses, dashed and haloed lines.

Every overlay and marker whose meaning matters is drawn with one of these as well as its
colour (see :mod:`tabletop.ui.widgets.theme`), so that a reader who cannot tell its hue (a
colour-blind player, a washed-out projector) still tells it apart: tinted places carry a
pattern (:data:`~tabletop.ui.widgets.theme.OVERLAY_PATTERNS`), a blocked line is dashed and
crosses out what blocks it, a clear one is solid, and lines wear a dark halo so that they
differ from the board beneath in lightness too.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from tabletop.ui.widgets import theme

Colour = tuple[int, int, int]
Point = tuple[float, float]

PATTERN_STEP = 9
"""Pixels between a pattern's lines at 100 % (scaled by the UI scale)."""


def pattern(surface: pygame.Surface, box: pygame.Rect, name: str, colour, width: int = 1,
            step: int | None = None, origin: tuple[int, int] = (0, 0)) -> None:
    """Fill ``box`` with the pattern ``name`` in ``colour`` (an RGB or RGBA tuple): ``hatch``
    (lines rising to the right), ``backhatch`` (falling), ``cross`` (both), ``rows``
    (horizontal lines), ``columns`` (vertical), ``grid`` (both) or ``dots``; the lines are
    anchored to the surface moved by ``origin`` (where the surface itself will be blitted),
    so neighbouring boxes join up."""
    step = step or max(5, theme.line(PATTERN_STEP))
    ox, oy = origin
    clip = surface.get_clip()
    surface.set_clip(box.clip(clip))
    box = box.move(ox, oy)  # drawn in the shared frame, then moved back by the offset
    _lines(surface, box, name, colour, width, step, (-ox, -oy))
    surface.set_clip(clip)


def _lines(surface: pygame.Surface, box: pygame.Rect, name: str, colour, width: int,
           step: int, shift: tuple[int, int]) -> None:
    """The strokes of :func:`pattern` for ``box`` (in the shared frame), each moved by
    ``shift`` onto ``surface``."""
    sx, sy = shift

    def line(a: Point, b: Point) -> None:
        pygame.draw.line(surface, colour, (a[0] + sx, a[1] + sy), (b[0] + sx, b[1] + sy), width)

    if name in ("hatch", "cross"):  # x + y constant along each line: a multiple of step
        first = (box.x + box.y) // step * step
        for total in range(first, box.right + box.bottom + step, step):
            line((total - box.bottom, box.bottom), (total - box.y, box.y))
    if name in ("backhatch", "cross"):  # x - y constant along each line
        first = (box.x - box.bottom) // step * step
        for diff in range(first, box.right - box.y + step, step):
            line((diff + box.y, box.y), (diff + box.bottom, box.bottom))
    if name in ("rows", "grid"):
        for y in range(box.y // step * step + step // 2, box.bottom, step):
            line((box.x, y), (box.right, y))
    if name in ("columns", "grid"):
        for x in range(box.x // step * step + step // 2, box.right, step):
            line((x, box.y), (x, box.bottom))
    if name == "dots":
        radius = max(1, width)
        for y in range(box.y // step * step + step // 2, box.bottom, step):
            for x in range(box.x // step * step + step // 2, box.right, step):
                pygame.draw.circle(surface, colour, (x + sx, y + sy), radius)


def haloed_line(surface: pygame.Surface, colour: Colour, start: Point, end: Point, width: int,
                dashed: bool = False, halo: Colour | None = None) -> None:
    """A line ``width`` wide in ``colour`` over a dark halo two pixels wider (so that it
    differs from any board in lightness); ``dashed``: in dashes as long as four widths."""
    halo = theme.BACKGROUND if halo is None else halo
    if not dashed:
        pygame.draw.line(surface, halo, start, end, width + 3)
        pygame.draw.line(surface, colour, start, end, width)
        return
    dash = max(6, 4 * width)
    for a, b in dashes(start, end, dash):
        pygame.draw.line(surface, halo, a, b, width + 3)
    for a, b in dashes(start, end, dash):
        pygame.draw.line(surface, colour, a, b, width)


def dashes(start: Point, end: Point, dash: int) -> list[tuple[Point, Point]]:
    """The dashes of a dashed line from ``start`` to ``end``: ``dash`` pixels on, ``dash``
    off (always ending on a dash, so both ends show)."""
    (x1, y1), (x2, y2) = start, end
    length = math.hypot(x2 - x1, y2 - y1)
    if length < 1:
        return []
    count = max(1, round((length + dash) / (2 * dash)))
    period = length / max(1, count - 0.5) if count > 1 else length
    on = min(length, period / 2) if count > 1 else length
    out = []
    for index in range(count):
        a, b = index * period, min(length, index * period + on)
        out.append(((x1 + (x2 - x1) * a / length, y1 + (y2 - y1) * a / length),
                    (x1 + (x2 - x1) * b / length, y1 + (y2 - y1) * b / length)))
    return out


def dashed_rect(surface: pygame.Surface, colour: Colour, rect: pygame.Rect, width: int,
                dash: int) -> None:
    """The outline of ``rect`` in dashes ``dash`` pixels long, ``width`` wide."""
    right, bottom = rect.right - 1, rect.bottom - 1
    for a, b in (((rect.x, rect.y), (right, rect.y)), ((right, rect.y), (right, bottom)),
                 ((right, bottom), (rect.x, bottom)), ((rect.x, bottom), (rect.x, rect.y))):
        for start, end in dashes(a, b, dash):
            pygame.draw.line(surface, colour, start, end, width)


def cross(surface: pygame.Surface, box: pygame.Rect, colour: Colour, width: int) -> None:
    """A cross from corner to corner of ``box`` over a dark halo: this space blocks."""
    inner = box.inflate(-width, -width)
    for a, b in ((inner.topleft, inner.bottomright), (inner.topright, inner.bottomleft)):
        haloed_line(surface, colour, a, b, width)


@dataclass(frozen=True)
class Swatch:
    """A legend swatch drawn like the mark it explains: ``look`` is ``fill`` (a plain
    square), a :func:`pattern` name (a tinted square with that pattern), ``disc`` (filled),
    ``ring`` (hollow), ``dashed`` (a filled square, dashed edge), ``double`` (a filled square,
    double edge), ``outline``, ``double outline`` and ``dashed outline`` (a ring round a card
    or tile: one line, two, or dashes),
    ``line`` (a solid line) or ``dashed line``; ``ink`` draws the pattern or outline (default
    ``colour``)."""

    colour: Colour
    look: str = "fill"
    ink: Colour | None = None


def draw_swatch(surface: pygame.Surface, box: pygame.Rect, swatch: Swatch | Colour) -> None:
    """``swatch`` (or a plain colour) in ``box``, the same shape and pattern as on the board."""
    if not isinstance(swatch, Swatch):
        swatch = Swatch(tuple(swatch))
    colour, look = swatch.colour, swatch.look
    ink = swatch.ink or colour
    width = max(1, box.width // 8)
    if look == "disc":
        pygame.draw.circle(surface, colour, box.center, box.width // 2)
        pygame.draw.circle(surface, ink, box.center, box.width // 2, 1)
    elif look == "ring":
        pygame.draw.circle(surface, colour, box.center, box.width // 2, max(2, box.width // 5))
    elif look in ("line", "dashed line"):
        haloed_line(surface, colour, box.midleft, box.midright, max(2, box.height // 5),
                    dashed=look == "dashed line")
    elif look in ("outline", "double outline"):
        pygame.draw.rect(surface, colour, box, 2)
        if look == "double outline":
            pygame.draw.rect(surface, colour, box.inflate(-6, -6), 1)
    elif look == "dashed outline":
        dashed_rect(surface, colour, box, 2, max(2, box.width // 4))
    elif look in ("dashed", "double"):
        pygame.draw.rect(surface, colour, box)
        if look == "dashed":
            dashed_rect(surface, ink, box, width, max(2, box.width // 5))
        else:
            pygame.draw.rect(surface, ink, box, 1)
            pygame.draw.rect(surface, ink, box.inflate(-4, -4), 1)
    else:
        pygame.draw.rect(surface, colour, box)
        if look != "fill":
            pattern(surface, box, look, ink, 1, max(3, box.width // 3))
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1)


def unmistakable(letters: str) -> str:
    """A token's letters (a name's first two, "Fl" for Fleischritter) with each small "l"
    written as a capital "L", so that a token's two letters never hang on telling a small l
    from a capital I at a token's few pixels ("Fl" and "FI"; the window's I has serifs,
    ``ui/widgets/fontfile.py``, but a small token is the hardest place to see them)."""
    return letters.replace("l", "L")
