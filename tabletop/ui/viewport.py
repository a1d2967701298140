"""Zoom and pan of a board: a view parameter of each screen (like its selection), never game
state, never saved.

A :class:`Viewport` turns the rectangle a view fits its board into (its *area*) into a
*frame*: the rectangle the board is fitted into at the current zoom, centred on the part of
the board being looked at.  A view fits its board into the frame exactly as it used to fit it
into the area and clips its drawing to the area, so every line and letter is drawn at the
zoomed size (never a scaled bitmap), and a click maps back through the same fit.

Zoom goes in steps (:data:`ZOOMS`) so that zooming in and out again comes back to the same
picture; the area's middle always shows the same point of the frame (``focus``: fractions of
the frame's width and height), which keeps the place looked at when the window is resized.
When zoomed in, the area never leaves the frame; at or below fit size the board is centred.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

ZOOMS: tuple[float, ...] = (0.5, 0.63, 0.8, 1.0, 1.25, 1.6, 2.0, 2.5, 3.2, 4.0, 5.0, 6.4, 8.0)
"""The zoom steps (1.0: the whole board fits the area)."""
FIT = ZOOMS.index(1.0)
PAN_STEP = 8
"""A key press pans by one ``PAN_STEP``-th of the area."""


@dataclass
class Viewport:
    """The zoom step (an index into :data:`ZOOMS`), the frame point shown at the middle of the
    area, and the area last drawn (what the mouse is measured against)."""

    level: int = FIT
    focus: tuple[float, float] = (0.5, 0.5)
    area: pygame.Rect | None = None

    @property
    def zoom(self) -> float:
        return ZOOMS[self.level]

    @property
    def fitted(self) -> bool:
        """Whether the whole board is shown at fit size (Home has nothing to do)."""
        return self.level == FIT

    def frame(self, area: pygame.Rect) -> pygame.Rect:
        """The rectangle to fit the board into for a board drawn in ``area`` (remembered as
        the area the mouse is measured against)."""
        self.area = pygame.Rect(area)
        width, height = max(1, round(area.width * self.zoom)), max(1, round(area.height
                                                                          * self.zoom))
        fx, fy = self._clamped(self.focus)
        return pygame.Rect(area.centerx - round(fx * width), area.centery - round(fy * height),
                           width, height)

    def _clamped(self, focus: tuple[float, float]) -> tuple[float, float]:
        """``focus`` kept so that the area stays inside the frame (centred at or below fit)."""
        if self.zoom <= 1.0:
            return (0.5, 0.5)
        half = 0.5 / self.zoom
        return tuple(min(1.0 - half, max(half, f)) for f in focus)  # type: ignore[return-value]

    def contains(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` lies on the area last drawn."""
        return self.area is not None and self.area.collidepoint(pos)

    def zoom_at(self, pos: tuple[int, int] | None, steps: int) -> bool:
        """Zoom ``steps`` steps in (negative: out) keeping the board point under ``pos`` (the
        area's middle when ``None``) where it is; whether the zoom changed."""
        if self.area is None:
            return False
        level = max(0, min(len(ZOOMS) - 1, self.level + steps))
        if level == self.level:
            return False
        area = self.area
        pos = pos if pos is not None and area.collidepoint(pos) else area.center
        old = self.frame(area)
        u = ((pos[0] - old.x) / old.width, (pos[1] - old.y) / old.height)
        self.level = level
        width, height = area.width * self.zoom, area.height * self.zoom
        self.focus = self._clamped((u[0] - (pos[0] - area.centerx) / width,
                                    u[1] - (pos[1] - area.centery) / height))
        return True

    def pan(self, dx: float, dy: float) -> bool:
        """Move the board ``dx``, ``dy`` pixels (as a drag does); whether anything moved."""
        if self.area is None or self.zoom <= 1.0:
            return False
        frame = self.frame(self.area)
        before = self.focus
        self.focus = self._clamped((before[0] - dx / frame.width, before[1] - dy / frame.height))
        return self.focus != before

    def step(self, across: int, down: int) -> bool:
        """A keyboard pan: ``across``/``down`` in -1, 0, 1 moves the view one
        :data:`PAN_STEP`-th of the area that way (the board moves the other way)."""
        if self.area is None:
            return False
        return self.pan(-across * self.area.width / PAN_STEP, -down * self.area.height
                        / PAN_STEP)

    def show(self, rect: pygame.Rect) -> bool:
        """Pan as little as needed for the pixels ``rect`` (on the board as drawn now) to be
        in view, e.g. the keyboard cursor; whether anything moved."""
        if self.area is None:
            return False
        area = self.area.inflate(-8, -8)
        dx = (area.left - rect.left if rect.left < area.left else
              area.right - rect.right if rect.right > area.right else 0)
        dy = (area.top - rect.top if rect.top < area.top else
              area.bottom - rect.bottom if rect.bottom > area.bottom else 0)
        return bool(dx or dy) and self.pan(dx, dy)

    def home(self) -> bool:
        """Fit the whole board again; whether anything changed."""
        changed = self.level != FIT or self.focus != (0.5, 0.5)
        self.level, self.focus = FIT, (0.5, 0.5)
        return changed

    def describe(self) -> str:
        """The zoom in words for the status line."""
        if self.fitted:
            return "zoom: whole board (Home)"
        return f"zoom: {round(self.zoom * 100)}% (Home fits the board)"
