"""Rectangles on a board kept in square buckets of pixels, so that asking which of them a
rectangle may touch looks at the buckets it covers, not at every rectangle: placing the
words of a map of 1,000 tiles asks that some ten thousand times of as many rectangles.

The answers are those of comparing every rectangle: a bucket search finds every rectangle
that could overlap (a superset, with a pixel of margin), and the caller still asks pygame's
own ``colliderect`` or ``clip`` of each, in the order the rectangles were added."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import pygame

CELL = 32
"""The side of a bucket, in pixels (about a word's height on the board)."""
MOST_CELLS = 4096
"""A rectangle covering more buckets than this is kept apart and looked at by every search
(a huge one, from a board zoomed far in), so memory stays bounded by the rectangles."""


def _cells(rect: pygame.Rect) -> tuple[range, range] | None:
    """The buckets ``rect`` may touch (one pixel of margin all round; a negative width or
    height counted as pygame counts it), or ``None`` when they are more than
    :data:`MOST_CELLS`."""
    x0, x1 = sorted((rect.x, rect.x + rect.w))
    y0, y1 = sorted((rect.y, rect.y + rect.h))
    xs = range((x0 - 1) // CELL, x1 // CELL + 1)
    ys = range((y0 - 1) // CELL, y1 // CELL + 1)
    return (xs, ys) if len(xs) * len(ys) <= MOST_CELLS else None


class RectGrid:
    """Rectangles in the order added (:attr:`rects`), found by the buckets they cover."""

    def __init__(self, rects: Iterable[pygame.Rect] = ()) -> None:
        self.rects: list[pygame.Rect] = []
        self._buckets: dict[tuple[int, int], list[int]] = {}
        self._huge: list[int] = []
        for rect in rects:
            self.add(rect)

    def __len__(self) -> int:
        return len(self.rects)

    def add(self, rect: pygame.Rect) -> None:
        index = len(self.rects)
        self.rects.append(rect)
        cells = _cells(rect)
        if cells is None:
            self._huge.append(index)
            return
        xs, ys = cells
        for x in xs:
            for y in ys:
                self._buckets.setdefault((x, y), []).append(index)

    def near(self, rect: pygame.Rect) -> list[int]:
        """The places (in the order added) of the rectangles that may overlap or touch
        ``rect``: every one that does, and maybe some that do not."""
        cells = _cells(rect)
        if cells is None:
            return list(range(len(self.rects)))
        found = set(self._huge)
        xs, ys = cells
        for x in xs:
            for y in ys:
                found.update(self._buckets.get((x, y), ()))
        return sorted(found)

    def colliding(self, rect: pygame.Rect) -> Iterator[pygame.Rect]:
        """The rectangles that ``rect.colliderect`` accepts, in the order added."""
        rects = self.rects
        return (rects[i] for i in self.near(rect) if rect.colliderect(rects[i]))

    def collides(self, rect: pygame.Rect) -> bool:
        """``rect.collidelist(self.rects) >= 0``."""
        return next(self.colliding(rect), None) is not None
