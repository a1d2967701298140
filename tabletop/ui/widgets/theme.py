"""Colours, sizes and fonts shared by every screen.

Fonts are the one bundled with pygame-ce (``pygame.font.Font(None, size)``), cached per size.
The window's own text and furniture (title strip, side panel, menus, status line) are sized
for the default 1280 x 800 window and follow the window's size through :func:`ui`, within
readable limits (:data:`SCALE_LIMITS`); board labels follow the board's spaces instead.
"""

from __future__ import annotations

import pygame

Colour = tuple[int, int, int]

BACKGROUND: Colour = (34, 36, 42)
PANEL: Colour = (46, 49, 57)
PANEL_EDGE: Colour = (70, 74, 86)
TEXT: Colour = (232, 232, 228)
TEXT_DIM: Colour = (160, 163, 172)
TEXT_DARK: Colour = (28, 28, 30)
ACCENT: Colour = (250, 204, 90)
ERROR: Colour = (255, 120, 110)
OK: Colour = (120, 220, 140)
BUTTON: Colour = (66, 71, 84)
BUTTON_HOVER: Colour = (88, 95, 112)
BUTTON_DOWN: Colour = (110, 118, 138)

TITLE_HEIGHT = 30
STATUS_HEIGHT = 26
PANEL_WIDTH = 300
DEFAULT_WINDOW = (1280, 800)

SCALE_LIMITS = (0.9, 1.6)
"""The smallest and largest scale of the window's text: never under nine tenths of the
default size (a 960 x 600 window still reads), never over 1.6 times it."""

_scale = 1.0


def set_window(size: tuple[int, int]) -> None:
    """Size the window's text for a window of ``size`` pixels: the scale is how much smaller
    or larger than 1280 x 800 it is (the tighter of width and height), within
    :data:`SCALE_LIMITS` (1920 x 1080: 1.35)."""
    global _scale
    low, high = SCALE_LIMITS
    width, height = size
    _scale = max(low, min(high, width / DEFAULT_WINDOW[0], height / DEFAULT_WINDOW[1]))


def ui(pixels: int) -> int:
    """``pixels`` (a size at 1280 x 800) scaled for the current window (see
    :func:`set_window`)."""
    return max(1, round(pixels * _scale))


_fonts: dict[int, pygame.font.Font] = {}

_DEFAULT_FONT_HEIGHT = 0.6875
"""pygame draws its bundled font at this fraction of the size asked for."""


def font(size: int) -> pygame.font.Font:
    """The bundled font whose lines are about ``size`` pixels high (at least 8), cached."""
    size = max(8, int(size))
    cached = _fonts.get(size)
    if cached is not None:
        try:
            cached.get_height()
        except pygame.error:  # the font module was quit and started again since
            _fonts.clear()
            cached = None
    if cached is None:
        if not pygame.font.get_init():
            pygame.font.init()
        cached = pygame.font.Font(None, round(size / _DEFAULT_FONT_HEIGHT))
        _fonts[size] = cached
    return cached
