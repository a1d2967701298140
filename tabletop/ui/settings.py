"""The window's settings kept between runs: the UI scale and the theme.

They live in a small TOML file in the user's state folder (:func:`tabletop.userdirs.settings`),
two keys and nothing else::

    ui_scale = 150          # percent, a whole number from 75 to 200
    theme = "high-contrast" # or "default"

The file is read strictly: larger than :data:`MAX_BYTES`, not TOML, an unknown key, a scale
that is not a whole number in range or an unknown theme, and the whole file is set aside for
the defaults, with a note saying why (the window shows it in the status line); it is written
atomically (a temporary file renamed over it), so a crash never leaves half a file.  With no
scale saved, the scale follows the screen: a high-DPI desktop gets a larger default
(:func:`default_scale`).
"""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path

from tabletop import userdirs
from tabletop.errors import TabletopError
from tabletop.frozen import Frozen
from tabletop.games.atomicwrite import write_atomic
from tabletop.ui.widgets import theme

MAX_BYTES = 4096
"""A settings file larger than this is not read (the real one is two lines)."""

HIGH_DPI_SCALES: tuple[tuple[int, int], ...] = ((2000, 150), (1400, 125))
"""``(desktop height in pixels, default UI scale)``: a desktop at least this tall (a 4K or
QHD screen, usually high-DPI) starts at this scale; smaller ones at 100 %."""


class Settings(Frozen):
    """The window's settings: ``ui_scale`` in percent (``None``: not chosen, follow the
    screen) and the ``theme`` name."""

    ui_scale: int | None = None
    theme: str = "default"


def parse_scale(words: str) -> int:
    """``"150"`` or ``"150%"`` -> ``150``; raises :class:`TabletopError` unless it is a whole
    number of percent from 75 to 200 in ASCII digits."""
    low, high = theme.UI_SCALE_RANGE
    digits = words.strip().removesuffix("%")
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 3
            and low <= int(digits) <= high):
        raise TabletopError(f"UI scale {words!r} must be a whole percent from {low} to {high} "
                            f"(for example 150)")
    return int(digits)


def parse_theme(words: str) -> str:
    """``words`` if it names a theme; raises :class:`TabletopError` naming the themes."""
    if words not in theme.THEME_NAMES:
        raise TabletopError(f"theme {words!r} is not one of: {', '.join(theme.THEME_NAMES)}")
    return words


def load(path: Path | None = None) -> tuple[Settings, str | None]:
    """The settings in ``path`` (default: the user's settings file) and a note when the file
    could not be used (``None`` when it was fine or is not there yet)."""
    path = Path(path or userdirs.settings())
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return Settings(), None
    except OSError as exc:
        return Settings(), f"settings {path} not read ({exc.strerror or exc}); using defaults"
    try:
        return _parse(data), None
    except TabletopError as exc:
        return Settings(), f"settings {path} ignored: {exc}; using defaults"


def _parse(data: bytes) -> Settings:
    """The settings in ``data`` (the file's bytes); raises :class:`TabletopError` naming the
    first thing wrong."""
    if len(data) > MAX_BYTES:
        raise TabletopError(f"the file is larger than {MAX_BYTES} bytes")
    try:
        table = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise TabletopError(f"not TOML text ({exc})") from None
    unknown = sorted(set(table) - {"ui_scale", "theme"})
    if unknown:
        raise TabletopError(f"unknown key {unknown[0]!r} (keys: ui_scale, theme)")
    settings = Settings()
    if "ui_scale" in table:
        scale = table["ui_scale"]
        if type(scale) is not int:
            raise TabletopError(f"ui_scale {scale!r} is not a whole number")
        settings = replace(settings, ui_scale=parse_scale(str(scale)))
    if "theme" in table:
        if not isinstance(table["theme"], str):
            raise TabletopError(f"theme {table['theme']!r} is not a name")
        settings = replace(settings, theme=parse_theme(table["theme"]))
    return settings


def save(settings: Settings, path: Path | None = None) -> str | None:
    """Write ``settings`` to ``path`` (default: the user's settings file) atomically; returns
    a note when it could not be written, else ``None``."""
    path = Path(path or userdirs.settings())
    lines = [f'theme = "{settings.theme}"']
    if settings.ui_scale is not None:
        lines.insert(0, f"ui_scale = {settings.ui_scale}")
    try:
        userdirs.ensure(path.parent)
        write_atomic(path, "\n".join(lines) + "\n")
    except TabletopError as exc:
        return f"settings not kept: {exc}"
    return None


def default_scale(desktop_heights: list[int]) -> int:
    """The UI scale for a screen whose desktop is ``desktop_heights`` pixels tall (the first
    display's; see :data:`HIGH_DPI_SCALES`), 100 with none known."""
    height = desktop_heights[0] if desktop_heights else 0
    return next((scale for tall, scale in HIGH_DPI_SCALES if height >= tall), 100)


def apply(settings: Settings, desktop_heights: list[int] = ()) -> None:
    """Make ``settings`` the window's: its theme and its UI scale (or the screen's default
    when none was chosen)."""
    theme.use(settings.theme)
    scale = settings.ui_scale if settings.ui_scale is not None else default_scale(
        list(desktop_heights))
    theme.set_ui_scale(scale)


def step_scale(current: int, up: bool) -> int:
    """The next UI scale up or down from ``current`` in :data:`theme.UI_SCALES` (staying at
    the ends)."""
    scales = theme.UI_SCALES
    if up:
        return next((s for s in scales if s > current), scales[-1])
    return next((s for s in reversed(scales) if s < current), scales[0])
