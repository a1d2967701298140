"""The side panel: facts about the selection, the legend, and the log of what happened."""

from __future__ import annotations

import pygame

from tabletop.ui.views.base import text, wrap
from tabletop.ui.widgets import theme

LINE = 18


def draw_facts(surface: pygame.Surface, rect: pygame.Rect, lines: list[str]) -> int:
    """Side-panel facts (the first line as a heading), wrapped to ``rect`` and cut with an
    ellipsis when they do not fit; returns the height used."""
    parts = [(index, part) for index, line in enumerate(lines)
             for part in wrap(line, 17 if index == 0 else 15, rect.width)]
    room = max(0, rect.height // LINE)
    if len(parts) > room:
        parts = parts[:room]
        if parts:
            index, last = parts[-1]
            parts[-1] = (index, last + " …")
    y = rect.y
    for index, part in parts:
        text(surface, part, (rect.x, y), 17 if index == 0 else 15,
             theme.ACCENT if index == 0 else theme.TEXT, max_width=rect.width)
        y += LINE
    return y - rect.y


def legend_height(width: int, rows: list[tuple[tuple[int, int, int], str]]) -> int:
    """The height :func:`draw_legend` needs for ``rows`` in a panel ``width`` pixels wide."""
    return sum(len(wrap(meaning, 14, width - 20)) for _, meaning in rows) * (LINE - 2)


def draw_legend(surface: pygame.Surface, rect: pygame.Rect,
                rows: list[tuple[tuple[int, int, int], str]]) -> int:
    """Legend rows, a colour swatch then the meaning; returns the height used."""
    y = rect.y
    for colour, meaning in rows:
        parts = wrap(meaning, 14, rect.width - 20)
        if y + (LINE - 2) * len(parts) > rect.bottom:
            break
        swatch = pygame.Rect(rect.x, y + 1, 14, 14)
        pygame.draw.rect(surface, colour, swatch)
        pygame.draw.rect(surface, theme.PANEL_EDGE, swatch, 1)
        for part in parts:
            text(surface, part, (rect.x + 20, y), 14, theme.TEXT)
            y += LINE - 2
    return y - rect.y


def draw_log(surface: pygame.Surface, rect: pygame.Rect, log: list[str]) -> None:
    """The newest log lines that fit in ``rect``, newest at the bottom, under a heading."""
    text(surface, "Log", (rect.x, rect.y), 16, theme.TEXT_DIM)
    top = rect.y + LINE
    lines: list[str] = []
    for entry in reversed(log):
        parts = wrap(entry, 14, rect.width)
        lines[:0] = list(parts)
        if len(lines) * (LINE - 2) > rect.bottom - top:
            break
    room = max(0, (rect.bottom - top) // (LINE - 2))
    shown = lines[-room:] if room else []
    for index, line in enumerate(shown):
        colour = theme.TEXT if index == len(shown) - 1 else theme.TEXT_DIM
        text(surface, line, (rect.x, top + index * (LINE - 2)), 14, colour)
