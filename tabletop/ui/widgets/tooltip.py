"""The tooltip: the full text of a shortened string (a cut legend row, a card name, a menu
item, initials on a token), shown in a box beside the pointer while it rests on the string, or
under the string that has keyboard focus (a highlighted menu item).  Which strings have one is
decided by the text layer (:mod:`tabletop.ui.textlayer`) as it draws them."""

from __future__ import annotations

import pygame

from tabletop.ui import textlayer
from tabletop.ui.widgets import theme

SIZE = 15
WIDTH = 420


def tip_for(pointer: tuple[int, int] | None) -> tuple[pygame.Rect, str] | None:
    """The tooltip to show this frame: the one under ``pointer``, else the focused string's,
    else ``None``."""
    if pointer is not None:
        tip = textlayer.tip_at(pointer)
        if tip is not None:
            return tip
    return textlayer.focus_tip()


def draw_tooltip(surface: pygame.Surface, pointer: tuple[int, int] | None) -> pygame.Rect | None:
    """Draw the tooltip for this frame (see :func:`tip_for`) over everything else, kept inside
    ``surface``; returns its box, or ``None`` when there is none."""
    tip = tip_for(pointer)
    if tip is None:
        return None
    area, full = tip
    size, pad = theme.ui(SIZE), theme.ui(6)
    bounds = surface.get_rect()
    width = min(theme.ui(WIDTH), bounds.width - 2 * pad - 4)
    lines = [line for paragraph in full.split("\n")
             for line in textlayer.wrap(paragraph, size, width)]
    step = textlayer.line_height(size)
    inner_width = max(textlayer.text_size(line, size)[0] for line in lines)
    box = pygame.Rect(0, 0, inner_width + 2 * pad, len(lines) * step + 2 * pad)
    if pointer is not None and area.collidepoint(pointer):
        box.topleft = (pointer[0] + 14, pointer[1] + 18)
    else:
        box.topleft = (area.x, area.bottom + 4)
    if box.bottom > bounds.bottom:  # no room below: above the string
        box.bottom = area.y - 4
    box.clamp_ip(bounds)
    pygame.draw.rect(surface, (22, 24, 30), box, border_radius=4)
    pygame.draw.rect(surface, theme.ACCENT, box, 1, border_radius=4)
    textlayer.block(surface, lines, box.inflate(-2 * pad, -2 * pad), size, theme.TEXT,
                    step=step, role="tooltip")
    return box
