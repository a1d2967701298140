"""The side panel: facts about the selection and the legend (the log is
:mod:`tabletop.ui.widgets.log_panel`)."""

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
    """Legend rows, a colour swatch then the meaning; returns the height used.  When the
    wrapped rows do not all fit, every row gets one line (in two columns if need be), so no
    row is left out."""
    if legend_height(rect.width, rows) > rect.height and rows:
        return _compact_legend(surface, rect, rows)
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


def _compact_legend(surface: pygame.Surface, rect: pygame.Rect,
                    rows: list[tuple[tuple[int, int, int], str]]) -> int:
    """Every legend row on one line of 11-14 pixels (cut with an ellipsis), in as many columns
    (at most two) as the height needs; returns the height used."""
    step = max(11, min(14, rect.height // len(rows)))
    per_column = max(1, rect.height // step)
    columns = 1 if len(rows) <= per_column else 2
    per_column = -(-len(rows) // columns)
    width = rect.width // columns
    for index, (colour, meaning) in enumerate(rows):
        x = rect.x + (index // per_column) * width
        y = rect.y + (index % per_column) * step
        swatch = pygame.Rect(x, y + 1, step - 3, step - 3)
        pygame.draw.rect(surface, colour, swatch)
        pygame.draw.rect(surface, theme.PANEL_EDGE, swatch, 1)
        text(surface, meaning, (x + step + 1, y), step - 1, theme.TEXT,
             max_width=width - step - 5)
    return min(per_column, len(rows)) * step
