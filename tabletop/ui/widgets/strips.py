"""The title strip (top), the status line (bottom) and the turn banner."""

from __future__ import annotations

import pygame

from tabletop.ui.textlayer import READABLE, fit, line_height, text, text_size, wrap
from tabletop.ui.widgets import theme


def draw_title_strip(surface: pygame.Surface, rect: pygame.Rect, title: str,
                     detail: str = "") -> None:
    """The strip across the top: ``title`` at the left, ``detail`` (file, flags) at the right."""
    pygame.draw.rect(surface, theme.PANEL, rect)
    pygame.draw.line(surface, theme.PANEL_EDGE, rect.bottomleft, rect.bottomright)
    right = 0
    if detail:
        right = text(surface, detail, (rect.right - 10, rect.centery), theme.ui(15),
                     theme.TEXT_DIM, anchor="midright", max_width=rect.width // 3).width + 20
    text(surface, title, (rect.x + 10, rect.centery), theme.ui(19), theme.TEXT,
         anchor="midleft", max_width=rect.width - right - 20)


def draw_status_line(surface: pygame.Surface, rect: pygame.Rect, status: str,
                     error: bool = False) -> None:
    """The line across the bottom: the last message (in red when ``error``) and the key hint
    "F1 help"; a message too long for the line is drawn smaller (down to the size of two
    lines in it), then on two lines (only one longer still is cut, its whole text a
    tooltip)."""
    pygame.draw.rect(surface, theme.PANEL, rect)
    pygame.draw.line(surface, theme.PANEL_EDGE, rect.topleft, rect.topright)
    right = text(surface, "F1 help", (rect.right - 10, rect.centery), theme.ui(14),
                 theme.TEXT_DIM, anchor="midright", max_width=rect.width // 3).width + 20
    colour = theme.ERROR if error else theme.TEXT
    room, size = rect.width - right - 20, theme.ui(16)
    if fit(status, size, room)[2]:  # too long even a little smaller: smaller still, else two lines
        small = max(READABLE, (rect.height - 2) // 2 - 1)
        size = next((z for z in range(size, small - 1, -1) if text_size(status, z)[0] <= room),
                    size)
        lines = wrap(status, small, room)
        if text_size(status, size)[0] > room and len(lines) == 2:
            step = rect.height // 2
            for index, line in enumerate(lines):
                text(surface, line, (rect.x + 10, rect.y + step * index + step // 2), small,
                     colour, anchor="midleft", max_width=room)
            return
    text(surface, status, (rect.x + 10, rect.centery), size, colour, anchor="midleft",
         max_width=room)


def draw_turn_banner(surface: pygame.Surface, rect: pygame.Rect, words: str,
                     colour: tuple[int, int, int]) -> int:
    """A coloured banner naming the side to play, at the top of ``rect`` (its words wrapped
    onto a second line when one is too short); returns its height."""
    size = theme.ui(17)
    lines = wrap(words, size, rect.width - 12)
    step = line_height(size)
    height = max(theme.ui(30), len(lines) * step + theme.ui(10))
    band = pygame.Rect(rect.x, rect.y, rect.width, height)
    pygame.draw.rect(surface, colour, band, border_radius=4)
    luminance = 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]
    ink = theme.TEXT_DARK if luminance > 140 else theme.TEXT
    top = band.centery - len(lines) * step // 2
    for index, line in enumerate(lines):
        text(surface, line, (band.centerx, top + index * step + step // 2), size, ink,
             anchor="center", max_width=band.width - 10)
    return height
