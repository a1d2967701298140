"""Rectangles on a board kept in square buckets of pixels, so that asking which of them a
rectangle may touch looks at the buckets it covers, not at every rectangle: placing the
words of a map of 1,000 tiles asks that some ten thousand times of as many rectangles.

The answers are those of comparing every rectangle: a bucket search finds every rectangle
that could overlap (every one sharing a bucket: overlapping rectangles share a pixel, and
rectangles that only touch overlap nothing in pygame's reckoning), and the caller still asks
pygame's own ``colliderect`` or ``clip`` of each, in the order the rectangles were added."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import pygame

CELL = 64
"""The side of a bucket, in pixels (about a word's width on the board)."""
MOST_CELLS = 4096
"""A rectangle covering more buckets than this is kept apart and looked at by every search
(a huge one, from a board zoomed far in), so memory stays bounded by the rectangles."""


def _span(start: int, length: int) -> range:
    """The buckets along one axis holding the pixels from ``start``, ``length`` of them (a
    negative length counted back, as pygame counts it; at least the bucket of ``start``)."""
    low, high = (start, start + length) if length >= 0 else (start + length, start)
    return range(low // CELL, max(low, high - 1) // CELL + 1)


def _cells(rect: pygame.Rect) -> tuple[range, range] | None:
    """The buckets holding the pixels of ``rect`` (two rectangles that overlap share a
    pixel, so a bucket), or ``None`` when they are more than :data:`MOST_CELLS`."""
    xs, ys = _span(rect.x, rect.w), _span(rect.y, rect.h)
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
        """The places (in the order added) of the rectangles that may overlap ``rect``:
        every one that does, and maybe some that do not."""
        x, y, w, h = rect
        if 0 < w <= CELL and 0 < h <= CELL and not self._huge \
                and x // CELL == (x + w - 1) // CELL and y // CELL == (y + h - 1) // CELL:
            return list(self._buckets.get((x // CELL, y // CELL), ()))  # one bucket
        cells = _cells(rect)
        if cells is None:
            return list(range(len(self.rects)))
        xs, ys = cells
        if len(xs) == 1 and len(ys) == 1 and not self._huge:  # added in order already
            return list(self._buckets.get((xs[0], ys[0]), ()))
        found = set(self._huge)
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
