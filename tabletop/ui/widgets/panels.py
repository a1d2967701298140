"""The side panel: facts about the selection and the legend (the log is
:mod:`tabletop.ui.widgets.log_panel`)."""

from __future__ import annotations

import pygame

from tabletop.ui.textlayer import block, text, wrap
from tabletop.ui.widgets import theme

LINE = 18
FACT_SIZE, HEADING_SIZE, LEGEND_SIZE = 15, 17, 14


def facts_height(width: int, lines: list[str]) -> int:
    """The height :func:`draw_facts` needs to show all of ``lines`` ``width`` pixels wide."""
    if not lines:
        return 0
    heading = len(wrap(lines[0], theme.ui(HEADING_SIZE), width))
    body = sum(len(wrap(line, theme.ui(FACT_SIZE), width)) for line in lines[1:])
    return (heading + body) * theme.ui(LINE)


def draw_facts(surface: pygame.Surface, rect: pygame.Rect, lines: list[str]) -> int:
    """Side-panel facts (the first line as a heading) wrapped to ``rect``; when they do not
    all fit, the last line shown ends in "…" and the whole is a tooltip.  Returns the height
    used."""
    if not lines:
        return 0
    step = theme.ui(LINE)
    used = block(surface, lines[:1], rect, theme.ui(HEADING_SIZE), theme.ACCENT, step=step)
    if len(lines) > 1 and rect.height - used >= step:
        body = pygame.Rect(rect.x, rect.y + used, rect.width, rect.height - used)
        used += block(surface, lines[1:], body, theme.ui(FACT_SIZE), theme.TEXT, step=step)
    return used


def _legend_step() -> int:
    return theme.ui(LINE - 2)


def legend_height(width: int, rows: list[tuple[tuple[int, int, int], str]]) -> int:
    """The height :func:`draw_legend` needs for ``rows`` in a panel ``width`` pixels wide."""
    room = width - theme.ui(20)
    return sum(len(wrap(meaning, theme.ui(LEGEND_SIZE), room)) for _, meaning in rows) * \
        _legend_step()


def draw_legend(surface: pygame.Surface, rect: pygame.Rect,
                rows: list[tuple[tuple[int, int, int], str]]) -> int:
    """Legend rows, a colour swatch then the meaning wrapped beside it; returns the height
    used.  When the wrapped rows do not all fit, every row gets one line (in two columns if
    need be), so no row is left out, and a row cut short shows its whole meaning as a
    tooltip."""
    if legend_height(rect.width, rows) > rect.height and rows:
        return _compact_legend(surface, rect, rows)
    size, step, indent = theme.ui(LEGEND_SIZE), _legend_step(), theme.ui(20)
    y = rect.y
    for colour, meaning in rows:
        _swatch(surface, pygame.Rect(rect.x, y + 1, size, size), colour)
        y += block(surface, meaning, pygame.Rect(rect.x + indent, y, rect.width - indent,
                                                 rect.bottom - y), size, step=step)
    return y - rect.y


def _swatch(surface: pygame.Surface, swatch: pygame.Rect, colour: tuple[int, int, int]) -> None:
    pygame.draw.rect(surface, colour, swatch)
    pygame.draw.rect(surface, theme.PANEL_EDGE, swatch, 1)


def compact_legend_height(rows: list[tuple[tuple[int, int, int], str]]) -> int:
    """The height the legend takes at one line of 14 pixels (scaled) a row."""
    return len(rows) * theme.ui(14)


def _compact_legend(surface: pygame.Surface, rect: pygame.Rect,
                    rows: list[tuple[tuple[int, int, int], str]]) -> int:
    """Every legend row on one line of 11-14 pixels (scaled with the window), in as many
    columns (at most two) as the height needs, a row too long for its line shortened with its
    meaning as a tooltip; returns the height used."""
    step = max(theme.ui(11), min(theme.ui(14), rect.height // len(rows)))
    per_column = max(1, rect.height // step)
    columns = 1 if len(rows) <= per_column else 2
    per_column = -(-len(rows) // columns)
    width = rect.width // columns
    for index, (colour, meaning) in enumerate(rows):
        x = rect.x + (index // per_column) * width
        y = rect.y + (index % per_column) * step
        _swatch(surface, pygame.Rect(x, y + 1, step - 3, step - 3), colour)
        text(surface, meaning, (x + step + 1, y), step - 1, theme.TEXT,
             max_width=width - step - 5, shrink=False)
    return min(per_column, len(rows)) * step
