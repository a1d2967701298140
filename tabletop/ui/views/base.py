"""Drawing helpers shared by every game's view.

- :class:`Grid` fits a ``rows`` x ``cols`` board into a rectangle with a whole number of pixels
  per space, so that every line falls on a pixel boundary (crisp at any window size and zoom),
  and maps spaces and corner coordinates to pixels and back (and tells which spaces are in
  view, so a zoomed board draws only those).
- :class:`LayerCache` keeps the static layers (board, labels, terrain, pieces) as surfaces that
  are rebuilt only when their key (state parts, size, zoom) changes; a pan moves an opaque
  layer and builds only the strip it uncovers.
- :func:`text`, :func:`text_size` and :func:`wrap` are the window's one text layer
  (:mod:`tabletop.ui.textlayer`), named here for the views that draw with them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass

import pygame

from tabletop.spatial.grid import Space
from tabletop.ui import textlayer
from tabletop.ui.textlayer import text, text_size, wrap
from tabletop.ui.widgets import theme

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
        cell = max(4, min(rect.width // (cols + 2), rect.height // (rows + 2)))
        for _ in range(2):  # the labels' size follows the cell: fit, then fit again for it
            margin = edge_label_room(cell)
            cell = max(4, min((rect.width - 2 * margin) // cols,
                              (rect.height - 2 * margin) // rows))
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

    def spaces_in(self, rect: pygame.Rect) -> list[Space]:
        """The board spaces whose pixels meet ``rect`` (all of them when the whole board is
        in it), row by row."""
        first_col = max(0, (rect.x - self.left) // self.cell)
        last_col = min(self.cols - 1, (rect.right - 1 - self.left) // self.cell)
        first_row = max(0, (rect.y - self.top) // self.cell)
        last_row = min(self.rows - 1, (rect.bottom - 1 - self.top) // self.cell)
        return [Space(row, col) for row in range(first_row, last_row + 1)
                for col in range(first_col, last_col + 1)]

    def block(self, spaces: Iterable[Space]) -> pygame.Rect:
        """The pixel rectangle around ``spaces`` (an empty one at the board's corner for
        none)."""
        rects = [self.space_rect(space) for space in spaces]
        if not rects:
            return pygame.Rect(self.left, self.top, 0, 0)
        return rects[0].unionall(rects[1:])

    def space_at(self, pos: tuple[int, int]) -> Space | None:
        """The board space under pixel ``pos``, or ``None`` off the board."""
        col = (pos[0] - self.left) // self.cell
        row = (pos[1] - self.top) // self.cell
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return Space(row, col)
        return None


STRIP = 16
"""Pixels: the narrowest strip a pan builds (pygame draws a wide outline wrongly on a surface
only a few pixels across)."""


def edge_label_size(cell: int) -> int:
    """The font size of the row letters and column numbers beside spaces of ``cell`` pixels:
    two thirds of a space, at most the window-scaled 18 pixels, at least 9."""
    return max(9, min(theme.ui(18), cell * 2 // 3))


def edge_label_gap(size: int) -> int:
    """Pixels between the board's edge and its edge labels of font ``size``."""
    return max(3, size // 2)


def edge_label_room(cell: int) -> int:
    """Pixels to leave on every side of a board of ``cell``-pixel spaces so that its edge
    labels are drawn whole."""
    size = edge_label_size(cell)
    return size + edge_label_gap(size) + 4


class LayerCache:
    """Surfaces built once per key.  ``get(name, key, build)`` returns the cached surface for
    ``name`` while ``key`` (and the theme and UI scale) is unchanged, else calls ``build()``
    and keeps its result."""

    def __init__(self) -> None:
        self._layers: dict[str, tuple[Hashable, pygame.Surface]] = {}
        self._used: dict[str, tuple[pygame.Surface, pygame.Rect]] = {}
        self.builds = 0

    def get(self, name: str, key: Hashable, build: Callable[[], pygame.Surface]) -> pygame.Surface:
        key = (key, theme.epoch())  # a new theme or UI scale redraws every layer
        held = self._layers.get(name)
        if held is not None and held[0] == key:
            return held[1]
        surface = build()
        self.builds += 1
        self._layers[name] = (key, surface)
        return surface

    def scrolled(self, name: str, key: Hashable, origin: tuple[int, int],
                 size: tuple[int, int], build: Callable[[pygame.Rect], pygame.Surface]
                 ) -> pygame.Surface:
        """Like :meth:`get` for an opaque layer of ``size`` that a pan moves: ``key`` leaves
        the position out and ``origin`` is where the board lies in the layer.  When only the
        origin changed since the last call (a pan), the old picture is moved and only the
        strips it uncovers are built; ``build(part)`` returns the picture of the rectangle
        ``part`` of the layer (the whole layer when the key or size changed)."""
        held = self._layers.get(name)
        whole = pygame.Rect((0, 0), size)
        if held is not None and held[0] == (key, origin, size):
            return held[1]
        if held is not None and held[0][0] == key and held[0][2] == size:
            dx, dy = origin[0] - held[0][1][0], origin[1] - held[0][1][1]
            if abs(dx) < size[0] and abs(dy) < size[1]:
                surface = held[1]
                surface.scroll(dx, dy)
                parts = []  # at least STRIP pixels: very thin surfaces draw outlines wrongly
                if dx:
                    width = min(size[0], max(abs(dx), STRIP))
                    parts.append(pygame.Rect(0 if dx > 0 else size[0] - width, 0, width,
                                             size[1]))
                if dy:
                    height = min(size[1], max(abs(dy), STRIP))
                    parts.append(pygame.Rect(0, 0 if dy > 0 else size[1] - height, size[0],
                                             height))
                rebuilt = [(part, build(part)) for part in parts]
                for part, picture in rebuilt:
                    surface.blit(picture, part)
                textlayer.scrolled(surface, dx, dy, rebuilt)
                self._layers[name] = ((key, origin, size), surface)
                return surface
        surface = build(whole)
        self.builds += 1
        self._layers[name] = ((key, origin, size), surface)
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
        if used is None or used[0] is not surface:  # new: pasted whole (a pan rebuilds it)
            used = self._used[name] = (surface, None, None)
        elif used[1] is None:  # pasted again: worth finding the parts that hold anything
            used = self._used[name] = (surface, surface.get_bounding_rect(), _inked(surface))
        bounds = used[1] or surface.get_rect()
        part = bounds if area is None else bounds.clip(area)
        pieces = None if used[2] is None else [p for p in (p.clip(part) for p in used[2])
                                               if p.width and p.height]
        textlayer.paste(target, surface, (at[0] + part.x - (area.x if area else 0),
                                          at[1] + part.y - (area.y if area else 0)), part,
                        pieces)
        return surface


INK_TILE = 64
"""Pixels: a see-through layer is blitted in squares this size, only those holding anything."""


def _inked(surface: pygame.Surface) -> list[pygame.Rect]:
    """The parts of the see-through ``surface`` that hold anything: in each
    :data:`INK_TILE` square, the bounds of its pixels that are not wholly transparent (a
    wholly transparent pixel blitted changes nothing, so leaving it out draws the same)."""
    width, height = surface.get_size()
    parts = []
    for y in range(0, height, INK_TILE):
        for x in range(0, width, INK_TILE):
            tile = pygame.Rect(x, y, min(INK_TILE, width - x), min(INK_TILE, height - y))
            inked = surface.subsurface(tile).get_bounding_rect()
            if inked.width and inked.height:
                parts.append(inked.move(x, y))
    return parts


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
