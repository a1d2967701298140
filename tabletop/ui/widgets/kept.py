"""A part of the window's frame kept as a picture between frames and drawn again only when
what it shows changes (the side panel: its buttons, words and menus stay the same while the
mouse moves over the board).

The part is drawn at its own place in an off-screen surface laid out as the frame (the same
size and pixel format), so whatever remembers where it was drawn (a button, a scroll bar, a
menu's rows) keeps frame coordinates, and the pixels are those drawn straight into the frame.
Its text goes with the picture (:func:`tabletop.ui.textlayer.carry`): the frame's record of
what was drawn, the tooltips of shortened words and the keyboard focus are those of the part
drawn straight into the frame.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from tabletop.ui import pixels, textlayer


class KeptPart:
    """One kept part of the frame (see the module docstring).  ``drawings`` counts how many
    times it was drawn afresh."""

    def __init__(self) -> None:
        self._canvas: pygame.Surface | None = None
        self._picture: pygame.Surface | None = None
        self._key: Hashable | None = None
        self.drawings = 0

    def forget(self) -> None:
        """Drop the kept picture: the next :meth:`draw` draws the part afresh."""
        self._key = None

    def draw(self, target: pygame.Surface, rect: pygame.Rect, key: Hashable,
             paint: Callable[[pygame.Surface], Hashable]) -> bool:
        """Put the part ``rect`` of the frame ``target`` in place: the kept picture when it
        was drawn for ``key`` at this ``rect`` into a frame of ``target``'s size and format,
        else ``paint(canvas)`` draws it afresh first (into a surface laid out as ``target``,
        at the same place).  ``key`` must hold everything ``paint`` reads that changes its
        picture; ``paint`` returns the key of what it drew, as things stand once it is drawn
        (a scroll kept in range by the drawing, so that the next frame finds it the same).
        Returns whether the part was drawn afresh."""
        canvas = self._canvas
        if canvas is None or canvas.get_size() != target.get_size() \
                or canvas.get_bitsize() != target.get_bitsize() \
                or canvas.get_masks() != target.get_masks():
            canvas = self._canvas = pygame.Surface(target.get_size(), 0, target)
            self._key = None
        fresh = (tuple(rect), key) != self._key
        if fresh:
            self._key = None  # until the drawing is done
            textlayer.forget(canvas)
            key = paint(canvas)
            # the part alone, its rows side by side: copied into a frame in half the time
            self._picture = pygame.Surface(rect.size, 0, canvas)
            self._picture.blit(canvas, (0, 0), rect)
            self._key = (tuple(rect), key)
            self.drawings += 1
        assert self._picture is not None
        pixels.copy(target, self._picture, rect.topleft)
        textlayer.carry(target, canvas)  # all of its text, as drawn straight into the frame
        return fresh
