"""Colours, sizes and fonts shared by every screen.

Fonts are the one bundled with pygame-ce, drawn without its kerning pairs, cached per size.
The window's own text and furniture (title strip, side panel, menus, status line) are sized
for the default 1280 x 800 window and follow the window's size through :func:`ui`, within
readable limits (:data:`SCALE_LIMITS`), times the user's UI scale (:func:`set_ui_scale`,
75 % to 200 %); board labels follow the board's spaces instead, and board line widths the UI
scale (:func:`line`).

Colour that carries meaning comes from one colour-blind-safe set, the eight colours of
Okabe and Ito (*Color Universal Design*, 2008; :data:`OKABE_ITO`), and never alone: every
mark that means something also differs in shape, pattern, line style, lightness or a letter
(see ``docs/window.md``, *Colour and scale*).  Two themes: ``default`` and ``high-contrast``
(black furniture, white text, thicker overlay lines and stronger tints, for projectors);
:func:`use` switches between them and the module's colour names follow.
"""

from __future__ import annotations

import io
from functools import cache

import pygame

Colour = tuple[int, int, int]

OKABE_ITO: dict[str, Colour] = {
    "black": (0, 0, 0), "orange": (230, 159, 0), "sky blue": (86, 180, 233),
    "bluish green": (0, 158, 115), "yellow": (240, 228, 66), "blue": (0, 114, 178),
    "vermillion": (213, 94, 0), "reddish purple": (204, 121, 167),
}
"""The Okabe-Ito colours (Okabe & Ito 2008), told apart by people with any of the common
colour vision deficiencies."""

_DISTINCT_ORDER = ("blue", "vermillion", "sky blue", "yellow", "reddish purple", "orange",
                   "bluish green")
"""Okabe-Ito colours ordered so that the first ones stay furthest apart when simulated: as
protanopes, deuteranopes and tritanopes see them (Machado et al. 2009), any two of the first
four differ by at least 24 CIELAB ΔE*ab, of the first five by 20, of all seven by 16."""

OVERLAY_COLOURS: tuple[Colour, ...] = tuple(OKABE_ITO[name] for name in _DISTINCT_ORDER)
"""The colours of the overlays asked as questions, in the order they were asked."""

OVERLAY_PATTERNS: tuple[str, ...] = ("hatch", "dots", "cross", "rows", "columns", "backhatch",
                                     "grid")
"""The fill pattern of each overlay's tinted places (same order as the colours): two
overlays never share a pattern within seven, so their places differ without their hue."""

KNIGHT_COLOURS: tuple[Colour, ...] = tuple(OKABE_ITO[name] for name in _DISTINCT_ORDER) + (
    (90, 90, 90),)
"""Knight token colours, given out in layout order; every token also carries its Knight's
initials, so no Knight is told by colour alone."""

CLEAR_LINE: Colour = OKABE_ITO["blue"]
"""A clear Line of Sight: a solid line."""
BLOCKED_LINE: Colour = OKABE_ITO["vermillion"]
"""A blocked Line of Sight: a dashed line, and a cross over the blocking space."""
SEEN: Colour = OKABE_ITO["sky blue"]
"""Spaces a Monster sees: a hatched tint outlined in the darker :data:`SEEN_EDGE`."""
SEEN_EDGE: Colour = OKABE_ITO["blue"]
REACH: Colour = OKABE_ITO["blue"]
"""Where a Knight can move: a tint with a dot in each space (a ring when it cannot move now)."""
TOKEN_READY: Colour = OKABE_ITO["vermillion"]
"""A ready Activation token: a filled disc."""
TOKEN_SPENT: Colour = (150, 150, 158)
"""A spent Activation token: a hollow ring."""


def ink_on(colour: Colour) -> Colour:
    """Black or white, whichever reads better on ``colour`` (by its relative luminance)."""
    return (20, 20, 22) if luminance(colour) > 0.36 else (255, 255, 255)


def luminance(colour: Colour) -> float:
    """The relative luminance of an sRGB ``colour`` (WCAG 2 definition), 0 (black) to 1."""
    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


THEMES: dict[str, dict[str, object]] = {
    "default": {
        "BACKGROUND": (34, 36, 42), "PANEL": (46, 49, 57), "PANEL_EDGE": (70, 74, 86),
        "TEXT": (232, 232, 228), "TEXT_DIM": (160, 163, 172), "TEXT_DARK": (28, 28, 30),
        "ACCENT": (250, 204, 90), "ERROR": (255, 120, 110), "OK": (120, 220, 140),
        "BUTTON": (66, 71, 84), "BUTTON_HOVER": (88, 95, 112), "BUTTON_DOWN": (110, 118, 138),
        "TINT_ALPHA": 80, "LINE_WEIGHT": 1.0,
    },
    "high-contrast": {
        "BACKGROUND": (0, 0, 0), "PANEL": (0, 0, 0), "PANEL_EDGE": (255, 255, 255),
        "TEXT": (255, 255, 255), "TEXT_DIM": (230, 230, 230), "TEXT_DARK": (0, 0, 0),
        "ACCENT": (240, 228, 66), "ERROR": (255, 150, 130), "OK": (120, 230, 190),
        "BUTTON": (30, 30, 30), "BUTTON_HOVER": (70, 70, 70), "BUTTON_DOWN": (110, 110, 110),
        "TINT_ALPHA": 120, "LINE_WEIGHT": 1.5,
    },
}
"""The themes by name: the furniture's colours, the overlays' tint opacity (0-255) and a
weight for overlay line widths."""

THEME_NAMES: tuple[str, ...] = tuple(THEMES)

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
TINT_ALPHA = 80
LINE_WEIGHT = 1.0

_theme = "default"
_epoch = 0


def use(name: str) -> None:
    """Switch to the theme ``name`` (one of :data:`THEME_NAMES`): the module's furniture
    colours, tint opacity and line weight become that theme's; cached layers are rebuilt
    (see :func:`epoch`).  Raises ``KeyError`` for an unknown name."""
    global _theme, _epoch
    values = THEMES[name]
    globals().update(values)
    if name != _theme:
        _theme = name
        _epoch += 1


def current() -> str:
    """The name of the theme in use."""
    return _theme


def epoch() -> int:
    """A number that changes whenever the theme or the UI scale changes (cached layers keep
    it in their key)."""
    return _epoch


TITLE_HEIGHT = 30
STATUS_HEIGHT = 26
PANEL_WIDTH = 300
DEFAULT_WINDOW = (1280, 800)
MINIMUM_WINDOW = (640, 420)
"""The smallest window every board, its side panel and an open menu fit whole and usable in
(at UI scale 100 %): the window cannot be made smaller (``docs/window.md``)."""

SCALE_LIMITS = (0.9, 1.6)
"""The smallest and largest scale of the window's text: never under nine tenths of the
default size (a 960 x 600 window still reads), never over 1.6 times it."""

UI_SCALES: tuple[int, ...] = (75, 90, 100, 110, 125, 150, 175, 200)
"""The UI scales the window's key steps through, in percent (any whole percent from 75 to
200 can be asked for with ``--ui-scale``)."""
UI_SCALE_RANGE = (75, 200)

_scale = 1.0
_user_percent = 100
_cap_percent = 10 ** 6
"""The largest UI scale the window's size holds (see :func:`scale_cap`)."""


def scale_cap(size: tuple[int, int]) -> int:
    """The largest UI scale (percent) a window of ``size`` pixels is drawn at: 100 % times
    how many times the minimum window fits in it, the tighter of width and height (at least
    100 %: 640 x 420 is drawn at 100 %, 960 x 630 at up to 150 %, 1280 x 800 at up to 190 %,
    1920 x 1080 at any scale).  A window k times the minimum then holds its furniture as the
    minimum window holds it at 100 %: nothing of the panel, its menus or the board's labels
    is cut because the UI scale outgrew the window."""
    width, height = size
    least_w, least_h = MINIMUM_WINDOW
    return max(100, min(width * 100 // least_w, height * 100 // least_h))


def set_window(size: tuple[int, int]) -> None:
    """Size the window's text for a window of ``size`` pixels: the scale is how much smaller
    or larger than 1280 x 800 it is (the tighter of width and height), within
    :data:`SCALE_LIMITS` (1920 x 1080: 1.35); the UI scale in effect is capped for that size
    (:func:`scale_cap`; cached layers are rebuilt when the cap changes what is in effect)."""
    global _scale, _cap_percent, _epoch
    low, high = SCALE_LIMITS
    width, height = size
    _scale = max(low, min(high, width / DEFAULT_WINDOW[0], height / DEFAULT_WINDOW[1]))
    before = effective_scale()
    _cap_percent = scale_cap(size)
    if effective_scale() != before:
        _epoch += 1


def set_ui_scale(percent: int) -> None:
    """Scale fonts, tokens and line widths by ``percent`` (a whole number from 75 to 200);
    raises ``ValueError`` outside that range."""
    global _user_percent, _epoch
    low, high = UI_SCALE_RANGE
    if not (isinstance(percent, int) and low <= percent <= high):
        raise ValueError(f"the UI scale must be a whole percent from {low} to {high}")
    if percent != _user_percent:
        _user_percent = percent
        _epoch += 1


def ui_scale() -> int:
    """The user's UI scale in percent (as chosen and kept; see :func:`effective_scale`)."""
    return _user_percent


def effective_scale() -> int:
    """The UI scale in percent the window is drawn at: the user's, at most what the window's
    size holds (:func:`scale_cap`)."""
    return min(_user_percent, _cap_percent)


def ui(pixels: int) -> int:
    """``pixels`` (a size at 1280 x 800 and 100 %) scaled for the current window (see
    :func:`set_window`) and the UI scale in effect (:func:`effective_scale`)."""
    return max(1, round(pixels * _scale * effective_scale() / 100))


def window_ui(pixels: int) -> int:
    """``pixels`` scaled for the window alone, not the UI scale: the smallest size a screen
    that must show everything at once (the key list) may fall back to."""
    return max(1, round(pixels * _scale))


def line(pixels: int) -> int:
    """A line width of ``pixels`` at 100 % scaled by the UI scale in effect
    (:func:`effective_scale`) and the theme's weight (at least 1)."""
    return max(1, round(pixels * effective_scale() / 100 * LINE_WEIGHT))


_fonts: dict[int, pygame.font.Font] = {}
"""The fonts made so far, by pygame point size."""

_DEFAULT_FONT_HEIGHT = 0.6875
"""pygame draws its bundled font at this fraction of the size asked for."""

OWN_HINTS_FROM = 33
"""The point size from which the bundled font is drawn with its own TrueType instructions
instead of FreeType's auto-hinter.  The auto-hinter puts flat feet on the baseline through
its baseline zone, which it switches off once the zone (from the baseline down to the round
letters' overshoot, 23 units of the font's 1000) is 3/4 pixel tall: from 33 points on
(23 x 33 / 1000 = 0.76 pixel), so that E, Z, T, B, D and L, whose feet are horizontal strokes,
then sit a pixel above or below H and A.  The font's own instructions keep every foot on
the baseline; below 33 points the auto-hinter's pictures are kept as they were."""


def text_points(size: int) -> int:
    """The pygame point size :func:`font` draws lines about ``size`` pixels high at (at
    least 8 pixels)."""
    return int(round(max(8, int(size)) / _DEFAULT_FONT_HEIGHT) * _DEFAULT_FONT_HEIGHT)


def font(size: int) -> pygame.font.Font:
    """The bundled font whose lines are about ``size`` pixels high (at least 8), cached."""
    return points_font(text_points(size))


def points_font(points: int) -> pygame.font.Font:
    """The bundled font at pygame point size ``points``, cached: what :func:`font` draws
    text with, and marks smaller than the smallest text (a small die's face) are drawn with."""
    cached = _fonts.get(points)
    if cached is not None:
        try:
            cached.get_height()
        except pygame.error:  # the font module was quit and started again since
            _fonts.clear()
            cached = None
    if cached is None:
        if not pygame.font.get_init():
            pygame.font.init()
        cached = _fonts[points] = _bundled_font(points)
    return cached


def _bundled_font(points: int) -> pygame.font.Font:
    """pygame's bundled font at ``points``: without its kerning pairs
    (:func:`~tabletop.ui.widgets.fontfile.without_kerning`: they open gaps inside words),
    with serifs on its capital I
    (:func:`~tabletop.ui.widgets.fontfile.with_serifed_capital_i`: I and l told apart), and
    from :data:`OWN_HINTS_FROM` points on, hinted by its own instructions.  The file is read
    once, from pygame's folder (or its package data when pygame is zipped)."""
    return pygame.font.Font(io.BytesIO(_font_bytes(points >= OWN_HINTS_FROM)), points)


@cache
def _font_bytes(own_hints: bool = False) -> bytes:
    """The bundled font file's bytes, kerning switched off, the capital I given serifs and
    every checksum right (:func:`~tabletop.ui.widgets.fontfile.with_checksums`; the
    ``glyf`` table's, which the bundled file has right and the I's new outline keeps right,
    is not summed again); with ``own_hints``, also given a font program
    (:func:`~tabletop.ui.widgets.fontfile.with_own_hints`), so that FreeType runs the
    instructions its glyphs carry rather than auto-hinting them.  Read once per process."""
    from tabletop.resources import package_files
    from tabletop.ui.widgets.fontfile import (
        with_checksums,
        with_own_hints,
        with_serifed_capital_i,
        without_kerning,
    )

    if own_hints:
        return with_own_hints(_font_bytes(), known={b"glyf"})
    return with_checksums(with_serifed_capital_i(without_kerning(
        (package_files("pygame") / pygame.font.get_default_font()).read_bytes())),
        known={b"glyf"})
