"""Drawing helpers shared by every game's view.

- :class:`Grid` fits a ``rows`` x ``cols`` board into a rectangle with a whole number of pixels
  per space, so that every line falls on a pixel boundary (crisp at any window size), and maps
  spaces and corner coordinates to pixels and back.
- :class:`LayerCache` keeps the static layers (board, labels, terrain, pieces) as surfaces that
  are rebuilt only when their key (state parts, size) changes.
- :func:`text`, :func:`text_size` and :func:`wrap` are the window's one text layer
  (:mod:`tabletop.ui.textlayer`), named here for the views that draw with them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

import pygame

from tabletop.spatial.grid import Space
from tabletop.ui import textlayer
from tabletop.ui.textlayer import text, text_size, wrap

__all__ = ["Grid", "LayerCache", "dashed_line", "layer", "text", "text_size", "wrap"]


@dataclass(frozen=True)
class Grid:
    """A board of ``rows`` x ``cols`` spaces of ``cell`` pixels whose top-left corner is at
    ``(left, top)`` in surface pixels."""

    rows: int
    cols: int
    cell: int
    left: int
    top: int

    @classmethod
    def fit(cls, rect: pygame.Rect, rows: int, cols: int) -> Grid:
        """The largest grid with a whole number of pixels per space that fits in ``rect``
        leaving room for the edge labels on every side, centred."""
        guess = max(4, min(rect.width // (cols + 2), rect.height // (rows + 2)))
        margin = max(14, min(28, guess * 2 // 3))
        cell = max(4, min((rect.width - 2 * margin) // cols, (rect.height - 2 * margin) // rows))
        left = rect.x + (rect.width - cell * cols) // 2
        top = rect.y + (rect.height - cell * rows) // 2
        return cls(rows, cols, cell, left, top)

    @property
    def rect(self) -> pygame.Rect:
        """The board's outer rectangle in pixels."""
        return pygame.Rect(self.left, self.top, self.cell * self.cols, self.cell * self.rows)

    def space_rect(self, space: Space, width: int = 1, height: int = 1) -> pygame.Rect:
        """The pixel rectangle of ``space`` (or of the ``width`` x ``height`` block from it)."""
        return pygame.Rect(self.left + space.col * self.cell, self.top + space.row * self.cell,
                           self.cell * width, self.cell * height)

    def point(self, x: float, y: float) -> tuple[int, int]:
        """The pixel of corner coordinates ``(x, y)`` (rounded to the nearest pixel)."""
        return (round(self.left + x * self.cell), round(self.top + y * self.cell))

    def centre(self, space: Space) -> tuple[int, int]:
        """The pixel at the middle of ``space``."""
        return self.space_rect(space).center

    def space_at(self, pos: tuple[int, int]) -> Space | None:
        """The board space under pixel ``pos``, or ``None`` off the board."""
        col = (pos[0] - self.left) // self.cell
        row = (pos[1] - self.top) // self.cell
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return Space(row, col)
        return None


class LayerCache:
    """Surfaces built once per key.  ``get(name, key, build)`` returns the cached surface for
    ``name`` while ``key`` is unchanged, else calls ``build()`` and keeps its result."""

    def __init__(self) -> None:
        self._layers: dict[str, tuple[Hashable, pygame.Surface]] = {}
        self._used: dict[str, tuple[pygame.Surface, pygame.Rect]] = {}
        self.builds = 0

    def get(self, name: str, key: Hashable, build: Callable[[], pygame.Surface]) -> pygame.Surface:
        held = self._layers.get(name)
        if held is not None and held[0] == key:
            return held[1]
        surface = build()
        self.builds += 1
        self._layers[name] = (key, surface)
        return surface

    def paste(self, target: pygame.Surface, name: str, key: Hashable,
              build: Callable[[], pygame.Surface], at: tuple[int, int],
              area: pygame.Rect | None = None) -> pygame.Surface:
        """Blit the layer ``name`` (see :meth:`get`), or its ``area``, onto ``target`` at
        ``at``, its text carried into the frame's record; returns the layer.  Only the part
        of a see-through layer that holds anything is blitted (a layer of a few pieces costs
        a few pieces, not a whole board)."""
        surface = self.get(name, key, build)
        used = self._used.get(name)
        if used is None or used[0] is not surface:
            used = self._used[name] = (surface, surface.get_bounding_rect())
        part = used[1] if area is None else used[1].clip(area)
        textlayer.paste(target, surface, (at[0] + part.x - (area.x if area else 0),
                                          at[1] + part.y - (area.y if area else 0)), part)
        return surface


def layer(size: tuple[int, int]) -> pygame.Surface:
    """A new transparent surface of ``size`` for a cached layer."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    return surface


def dashed_line(surface: pygame.Surface, colour, start: tuple[int, int], end: tuple[int, int],
                width: int = 2, dash: int = 8) -> None:
    """A dashed straight line from ``start`` to ``end``."""
    (x1, y1), (x2, y2) = start, end
    length = max(1, int(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5))
    for begin in range(0, length, dash * 2):
        stop = min(length, begin + dash)
        a = (x1 + (x2 - x1) * begin / length, y1 + (y2 - y1) * begin / length)
        b = (x1 + (x2 - x1) * stop / length, y1 + (y2 - y1) * stop / length)
        pygame.draw.line(surface, colour, a, b, width)
