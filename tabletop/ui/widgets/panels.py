"""The side panel's body: the selection's facts (the first line a heading) and the legend, as
one column in which every line is drawn whole.

When the column is taller than its room, the window scrolls it (the mouse wheel over it, or a
click on its cue line) a whole row at a time, with a scroll bar beside it and a cue line at its
foot that says how many lines are below (or that it can go back to the top), so no line is
cut.  A picture of the board cannot scroll: there the column is drawn a little smaller until
it fits (down to the text layer's smallest readable size).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from tabletop.ui.textlayer import READABLE, text, text_size, wrap
from tabletop.ui.views.marks import draw_swatch
from tabletop.ui.widgets import theme
from tabletop.wording import counted

LegendRow = tuple[object, str]
"""A legend row: its swatch (a colour or a :class:`~tabletop.ui.views.marks.Swatch`) and its
meaning."""

FACT_SIZE, HEADING_SIZE, LEGEND_SIZE = 15, 17, 14
LINE, LEGEND_LINE, INDENT, GAP = 18, 16, 20, 8
BAR, CUE = 5, 18
SHRINK = (100, 93, 86, 80, 74, 68)
"""Percent: the sizes a picture's column is tried at, largest first."""
WHEEL_ROWS = 3


@dataclass(frozen=True)
class _Row:
    """One row of the column: its height, the lines of text it holds and how to draw it at
    ``(x, y)`` ``width`` wide."""

    height: int
    lines: int
    draw: Callable[[pygame.Surface, int, int, int], None]


def _sized(pixels: int, percent: int) -> int:
    return max(READABLE, theme.ui(pixels) * percent // 100)


def _rows(facts: Sequence[str], legend: Sequence[LegendRow], width: int,
          percent: int = 100, heading: bool = True) -> list[_Row]:
    """The column's rows ``width`` pixels wide: each wrapped line of the facts (the first a
    heading, with ``heading``), a gap, then each legend row (a swatch and its meaning wrapped
    beside it, kept together)."""
    rows: list[_Row] = []
    step = max(READABLE + 2, theme.ui(LINE) * percent // 100)
    for index, line in enumerate(facts):
        first = heading and index == 0
        size = _sized(HEADING_SIZE if first else FACT_SIZE, percent)
        colour = theme.ACCENT if first else theme.TEXT
        for part in wrap(line, size, width):
            rows.append(_Row(step, 1, lambda s, x, y, w, p=part, z=size, c=colour:
                             text(s, p, (x, y), z, c, max_width=w)))
    if facts and legend:
        rows.append(_Row(theme.ui(GAP), 0, lambda s, x, y, w: None))
    size = _sized(LEGEND_SIZE, percent)
    legend_step = max(READABLE + 1, theme.ui(LEGEND_LINE) * percent // 100)
    indent = max(size + 4, theme.ui(INDENT) * percent // 100)
    for swatch, meaning in legend:
        parts = wrap(meaning, size, width - indent)
        rows.append(_Row(len(parts) * legend_step, len(parts),
                         lambda s, x, y, w, sw=swatch, ps=parts, z=size, st=legend_step, i=indent:
                         _legend_row(s, x, y, w, sw, ps, z, st, i)))
    return rows


def _legend_row(surface: pygame.Surface, x: int, y: int, width: int, swatch: object,
                parts: Sequence[str], size: int, step: int, indent: int) -> None:
    draw_swatch(surface, pygame.Rect(x, y + 1, size, size), swatch)
    for n, part in enumerate(parts):
        text(surface, part, (x + indent, y + n * step), size, theme.TEXT,
             max_width=width - indent)


def body_height(width: int, facts: Sequence[str], legend: Sequence[LegendRow]) -> int:
    """The height the facts and legend take ``width`` pixels wide, every line whole."""
    return sum(row.height for row in _rows(facts, legend, width))


class PanelBody:
    """The facts and legend column of the side panel (see the module docstring); keeps how
    far it is scrolled while its words stay the same."""

    def __init__(self) -> None:
        self.first = 0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.cue = pygame.Rect(0, 0, 0, 0)
        self.pointer: tuple[int, int] | None = None
        self._key: tuple = ()
        self._count = 0
        self._page = 1
        self._below = False

    @property
    def scrolls(self) -> bool:
        """Whether the last column drawn was taller than its room (so it scrolls)."""
        return self._count > 0

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, facts: Sequence[str],
             legend: Sequence[LegendRow], *, can_scroll: bool = True, heading: bool = True,
             least: int = 100) -> int:
        """Draw the column into ``rect`` (the facts' first line a heading, with ``heading``);
        returns the height used.  Taller than ``rect``: drawn a little smaller, down to
        ``least`` percent (a picture, ``can_scroll`` false: as small as need be), and
        if it still does not fit, the rows from :attr:`first` that fit, a scroll bar and the
        cue line."""
        key = (tuple(facts), tuple(legend))
        if key != self._key:  # new words: from their top
            self._key, self.first = key, 0
        self.rect, self.cue, self._count = pygame.Rect(rect), pygame.Rect(0, 0, 0, 0), 0
        for percent in SHRINK:
            if can_scroll and percent < least:
                break
            rows = _rows(facts, legend, rect.width, percent, heading)
            fits = sum(row.height for row in rows) <= rect.height
            if fits or (not can_scroll and percent == SHRINK[-1]):
                return self._draw_rows(surface, rect, rows)
        return self._draw_scrolled(surface, rect, facts, legend, heading)

    def _draw_rows(self, surface: pygame.Surface, rect: pygame.Rect, rows: list[_Row]) -> int:
        y = rect.y
        for row in rows:
            if y + row.height > rect.bottom:
                break  # a picture at its smallest size: what is left is not drawn
            row.draw(surface, rect.x, y, rect.width)
            y += row.height
        return y - rect.y

    def _draw_scrolled(self, surface: pygame.Surface, rect: pygame.Rect, facts: Sequence[str],
                       legend: Sequence[LegendRow], heading: bool) -> int:
        """The rows from :attr:`first` that fit above the cue line, the scroll bar at the
        right and the cue line at the foot."""
        width = rect.width - theme.ui(BAR) - theme.ui(6)
        rows = _rows(facts, legend, width, heading=heading)
        cue_height = theme.ui(CUE)
        room = rect.height - cue_height
        if rows and rows[min(self.first, len(rows) - 1)].height > room:
            cue_height, room = 0, rect.height  # no room for a row and the cue: rows alone
        last_first = len(rows) - 1
        while last_first > 0 and sum(r.height for r in rows[last_first - 1:]) <= room:
            last_first -= 1
        self.first = max(0, min(self.first, last_first))
        y, index = rect.y, self.first
        while index < len(rows) and y + rows[index].height <= rect.y + room:
            rows[index].draw(surface, rect.x, y, width)
            y += rows[index].height
            index += 1
        shown = index - self.first
        self._count, self._page = len(rows), max(1, shown - 1)
        below = sum(r.lines for r in rows[index:])
        self._below = below > 0
        track = pygame.Rect(rect.right - theme.ui(BAR), rect.y, theme.ui(BAR), room)
        pygame.draw.rect(surface, theme.PANEL_EDGE, track, border_radius=2)
        whole = sum(r.height for r in rows)
        top = sum(r.height for r in rows[:self.first])
        thumb = pygame.Rect(track.x, track.y + track.height * top // whole, track.width,
                            max(8, track.height * (y - rect.y) // whole))
        thumb.bottom = min(thumb.bottom, track.bottom)
        pygame.draw.rect(surface, theme.TEXT_DIM, thumb, border_radius=2)
        if not cue_height:
            return rect.height
        self.cue = pygame.Rect(rect.x, rect.y + room, rect.width, cue_height)
        pygame.draw.line(surface, theme.PANEL_EDGE, self.cue.topleft, self.cue.topright)
        size = theme.ui(13)
        mark = pygame.Rect(self.cue.x, self.cue.y + (cue_height - size) // 2 + 1, size, size)
        if below:
            more = counted(below, "more line")
            choices = (f"{more} below: wheel or click", f"{more}: wheel", more)
            points = [mark.topleft, mark.topright, mark.midbottom]
        else:
            choices = ("the end: wheel up or click for the top", "the end: wheel up", "end")
            points = [mark.bottomleft, mark.bottomright, mark.midtop]
        pygame.draw.polygon(surface, theme.ACCENT, points)
        room = self.cue.right - mark.right - 6
        words = next((c for c in choices if text_size(c, size)[0] <= room), choices[-1])
        text(surface, words, (mark.right + 6, self.cue.centery), size, theme.ACCENT,
             anchor="midleft", max_width=room)
        return rect.height

    # -- scrolling ---------------------------------------------------------------------------

    def scroll(self, rows: int) -> None:
        """Scroll ``rows`` rows down (negative: up); the next frame keeps it in range."""
        self.first = max(0, self.first + rows)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` scrolled the column: the wheel over it, or a click on the cue
        line (a page down; at the end, back to the top)."""
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            return False
        if not self.scrolls:
            return False
        if event.type == pygame.MOUSEWHEEL:
            if self.pointer is None or not self.rect.collidepoint(self.pointer):
                return False
            self.scroll(-WHEEL_ROWS * event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.cue.collidepoint(event.pos):
            self.first = self.first + self._page if self._below else 0
            return True
        return False
