"""Copying and filling tall rectangles of a frame at full speed: the same pixels as
``Surface.blit`` and ``Surface.fill``.

SDL copies an opaque picture onto a surface of its own format (and fills a rectangle) row by
row, and on this project's machine a row that does not begin and end on a 64-byte boundary of
the destination costs about ten times as much as one that does (the side panel, 300 pixels
wide at x = 980 and 744 rows tall: 0.55 ms a copy or fill, against 0.06 ms for the same
rows in two parts cut at such a boundary).  :func:`copy` and :func:`fill` cut a tall
rectangle into its aligned middle and the narrow strips beside it.  Each pixel is still
copied or set by itself, so the picture is the same.
"""

from __future__ import annotations

import pygame

ALIGN_BYTES = 64
"""The row boundary SDL's copy and fill are fast between (a cache line)."""
TALL = 32
"""Rows: a shorter rectangle is copied or filled in one piece (the cut saves less than the
extra calls cost)."""


def columns(surface: pygame.Surface, rect: pygame.Rect) -> list[pygame.Rect]:
    """``rect`` (in ``surface`` pixels, inside it) cut at the 64-byte boundaries of
    ``surface``'s rows: the strip left of the first boundary, the middle, the strip right of
    the last; ``[rect]`` when it is short, narrow or aligned already, or its pixels do not
    divide 64 bytes."""
    size = surface.get_bytesize()
    if rect.height < TALL or ALIGN_BYTES % size:
        return [rect]
    step = ALIGN_BYTES // size
    shift = surface.get_abs_offset()[0]  # a subsurface's rows lie inside its parent's
    left = -(-(rect.x + shift) // step) * step - shift
    right = (rect.right + shift) // step * step - shift
    if right - left < step or (left == rect.x and right == rect.right):
        return [rect]
    parts = [pygame.Rect(left, rect.y, right - left, rect.height)]
    if left > rect.x:
        parts.insert(0, pygame.Rect(rect.x, rect.y, left - rect.x, rect.height))
    if right < rect.right:
        parts.append(pygame.Rect(right, rect.y, rect.right - right, rect.height))
    return parts


def copy(dest: pygame.Surface, image: pygame.Surface, pos: tuple[int, int],
         area: pygame.Rect | None = None) -> pygame.Rect:
    """``dest.blit(image, pos, area)``, cut into :func:`columns` of ``dest`` when that is
    faster; returns the rectangle of ``dest`` drawn, as ``blit`` does."""
    source = image.get_rect() if area is None else pygame.Rect(area)
    if source.height < TALL or not image.get_rect().contains(source):
        return dest.blit(image, pos, area)
    where = pygame.Rect(pos, source.size).clip(dest.get_clip())
    parts = columns(dest, where)
    if len(parts) == 1:
        return dest.blit(image, pos, area)
    dx, dy = source.x - pos[0], source.y - pos[1]
    dest.blits([(image, part.topleft, part.move(dx, dy)) for part in parts], doreturn=False)
    return where


def fill(dest: pygame.Surface, colour: tuple[int, ...], rect: pygame.Rect) -> pygame.Rect:
    """``dest.fill(colour, rect)`` (an opaque colour sets every pixel of ``rect``, as
    ``pygame.draw.rect`` does when filled), cut into :func:`columns` of ``dest``; returns
    the rectangle filled."""
    where = pygame.Rect(rect).clip(dest.get_clip())
    for part in columns(dest, where):
        dest.fill(colour, part)
    return where
