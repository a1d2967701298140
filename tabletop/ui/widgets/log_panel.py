"""The log in the side panel: every entry of the session's log, in words, scrolled with the
mouse wheel over it or PgUp/PgDn, each entry a click target that shows the board as it was
then (the app's history view).

Entries are drawn whole from the top of the box (never a first line cut mid-sentence); while
the view follows the newest entry (the default, and again once scrolled back to the end) the
newest entries that fit are shown, newest at the bottom.  A scroll bar at the right edge shows
where the view is in the whole log.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tabletop.ui.views.base import text, wrap
from tabletop.ui.widgets import theme

SIZE, LINE, GAP = 14, 16, 3
"""Entry text size, line height and the gap between entries (pixels)."""
HEADING = 20
BAR = 5
WHEEL_STEP = 3
"""Entries scrolled per notch of the mouse wheel."""
WRAP_KEPT = 4096
"""Wrapped entries kept between frames before the cache starts again."""
SELECTED: tuple[int, int, int] = (70, 64, 40)


class LogPanel:
    """The log box (see the module docstring).  ``first`` is the index of the top entry shown,
    or ``None`` while the view follows the newest entry; ``rows`` are the drawn entries'
    rectangles with their indices, for clicks."""

    def __init__(self) -> None:
        self.first: int | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.rows: list[tuple[pygame.Rect, int]] = []
        self.page = 1
        self.pointer: tuple[int, int] | None = None
        self._total = 0
        self._newest_first = 0
        self._wrapped: dict[tuple[str, int], list[str]] = {}

    # -- layout ------------------------------------------------------------------------------

    def _lines(self, entry: str, width: int) -> list[str]:
        key = (str(entry), width)
        lines = self._wrapped.get(key)
        if lines is None:
            if len(self._wrapped) > WRAP_KEPT:
                self._wrapped.clear()
            lines = self._wrapped[key] = wrap(str(entry), SIZE, width) or [""]
        return lines

    def _height(self, entry: str, width: int) -> int:
        return len(self._lines(entry, width)) * LINE + GAP

    def _follow_first(self, log: Sequence[str], width: int, room: int) -> int:
        """The first entry shown when following the newest: the most entries that fit whole."""
        first, used = len(log), 0
        while first > 0 and used + self._height(log[first - 1], width) <= room:
            first -= 1
            used += self._height(log[first], width)
        return min(first, max(0, len(log) - 1))

    # -- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, log: Sequence[str],
             selected: int | None = None) -> None:
        """The heading (with which entries are shown of how many), the entries from
        :attr:`first` down while they fit, ``selected`` highlighted, and the scroll bar."""
        self.rect = pygame.Rect(rect)
        self.rows = []
        body = pygame.Rect(rect.x, rect.y + HEADING, rect.width - BAR - 4,
                           max(0, rect.height - HEADING))
        newest_first = self._follow_first(log, body.width, body.height)
        self._total, self._newest_first = len(log), newest_first
        first = newest_first if self.first is None else max(0, min(self.first, newest_first))
        if self.first is not None and first >= newest_first:
            self.first = None  # scrolled back to the end: follow the newest again
        y, index = body.y, first
        while index < len(log) and y < body.bottom:
            lines = self._lines(log[index], body.width)
            fits = max(1, (body.bottom - y) // LINE)
            if len(lines) > fits and self.rows:
                break  # drawn whole or not at all
            if len(lines) > fits:  # one entry taller than the whole box: its start
                lines = [*lines[:fits - 1], lines[fits - 1] + " …"]
            box = pygame.Rect(body.x - 2, y - 1, body.width + 4, len(lines) * LINE + 1)
            if index == selected:
                pygame.draw.rect(surface, SELECTED, box, border_radius=3)
                pygame.draw.rect(surface, theme.ACCENT, box, 1, border_radius=3)
            colour = theme.TEXT if index in (selected, len(log) - 1) else theme.TEXT_DIM
            for n, line in enumerate(lines):
                text(surface, line, (body.x, y + n * LINE), SIZE, colour)
            self.rows.append((box, index))
            y += len(lines) * LINE + GAP
            index += 1
        self.page = max(1, len(self.rows))
        shown = (f"{first + 1}–{first + len(self.rows)} of {len(log)}" if self.rows
                 else "empty")
        text(surface, "Log", (rect.x, rect.y), 16, theme.TEXT_DIM)
        text(surface, shown, (rect.right, rect.y + 2), 13, theme.TEXT_DIM, anchor="topright")
        self._draw_bar(surface, pygame.Rect(rect.right - BAR, body.y, BAR, body.height),
                       first, len(self.rows), len(log))

    @staticmethod
    def _draw_bar(surface: pygame.Surface, track: pygame.Rect, first: int, shown: int,
                  total: int) -> None:
        if total <= shown or track.height <= 0:
            return
        pygame.draw.rect(surface, theme.PANEL_EDGE, track, border_radius=2)
        top = track.y + track.height * first // total
        height = max(8, track.height * shown // total)
        thumb = pygame.Rect(track.x, min(top, track.bottom - height), track.width, height)
        pygame.draw.rect(surface, theme.TEXT_DIM, thumb, border_radius=2)

    # -- scrolling and clicks ----------------------------------------------------------------

    def scroll(self, entries: int) -> None:
        """Scroll ``entries`` toward older (negative) or newer (positive) entries; scrolling
        past the newest follows the newest again."""
        start = self._newest_first if self.first is None else self.first
        self.first = max(0, start + entries)
        if self.first >= self._newest_first:
            self.first = None

    def entry_at(self, pos: tuple[int, int]) -> int | None:
        """The index of the entry drawn at ``pos``, if any."""
        for box, index in self.rows:
            if box.collidepoint(pos):
                return index
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` scrolled the log: the wheel over the box, PgUp or PgDn.  (Clicks
        are the app's: :meth:`entry_at` says which entry is under the pointer.)"""
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            return False
        if event.type == pygame.MOUSEWHEEL:
            if self.pointer is None or not self.rect.collidepoint(self.pointer):
                return False
            self.scroll(-WHEEL_STEP * event.y)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            step = max(1, self.page - 1)
            self.scroll(-step if event.key == pygame.K_PAGEUP else step)
            return True
        return False
