"""``tabletop screenshot FILE -o OUT.png``: render a board headless (SDL's dummy video driver,
no window) and write it as a PNG, the layout carried inside (see
:mod:`tabletop.ui.pictures`), so that ``tabletop play OUT.png`` reopens that board: for a board
with hidden information, as the public saw it (``--reveal`` draws and embeds everything).

A picture of a board state: the title, the board, the overlays' captions, the turn banner,
facts and legend, without the window's buttons, log and status line (``--ui`` keeps them, for
pictures of the window itself).  Options: ``--size WIDTHxHEIGHT`` (default 1280x800),
``--overlay "QUESTION"`` (any number: each a ``tabletop query`` question whose answer has a
picture, such as ``"los Kara Eggknight"`` or ``"sees Eggknight"``, drawn together, each in its
own colour and pattern; or one of the screen's own words such as ``"select Kara"``),
``--reveal`` (draw hidden information), ``--ui-scale PERCENT`` (75 to 200, default 100) and
``--theme default|high-contrast``; a picture never uses the window's kept settings, so the
same command always draws the same picture.  A malformed size, an unknown overlay or an
output that is not ``.png`` is a :class:`~tabletop.errors.UsageError`.  F12 in the window
writes the same kind of picture into the user's screenshots folder
(:func:`tabletop.userdirs.screenshots`).
"""

from __future__ import annotations

import argparse
import os
import re
from pathlib import Path

from tabletop.collector import pause_collector, resume_collector
from tabletop.console import say
from tabletop.errors import UsageError

MIN_SIZE = (320, 240)
MAX_SIZE = (8192, 8192)
_SIZE = re.compile(r"^\s*(\d{1,5})\s*[xX×]\s*(\d{1,5})\s*$")


def parse_size(words: str) -> tuple[int, int]:
    """``"1280x800"`` -> ``(1280, 800)``; raises :class:`UsageError` outside 320x240 to
    8192x8192 or when malformed."""
    match = _SIZE.match(words or "")
    if not match:
        raise UsageError(f"--size {words!r} is not WIDTHxHEIGHT in pixels (for example "
                         f"1280x800)")
    size = (int(match.group(1)), int(match.group(2)))
    if not all(lo <= v <= hi for v, lo, hi in zip(size, MIN_SIZE, MAX_SIZE, strict=True)):
        raise UsageError(f"--size {words!r} must be from {MIN_SIZE[0]}x{MIN_SIZE[1]} to "
                         f"{MAX_SIZE[0]}x{MAX_SIZE[1]} pixels")
    return size


def render(path: str, size: tuple[int, int], overlays: list[str] = (), reveal: bool = False,
           ui: bool = False, ui_scale: int = 100, theme_name: str = "default"):
    """The picture of the board in ``path`` (layout or tabletop PNG) drawn headless at
    ``size`` with ``overlays`` (with the window's buttons, log and status line when ``ui``),
    at ``ui_scale`` percent in the theme ``theme_name``: returns ``(surface, state)``, where
    ``state`` is what the picture carries as its layout (the public view of a board with
    secrets, unless ``reveal``)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    import pygame

    from tabletop.ui.app import App
    from tabletop.ui.pictures import load_board
    from tabletop.ui.session import Session
    from tabletop.ui.widgets import theme

    game, state = load_board(path)
    pygame.font.init()
    before = theme.ui_scale(), theme.current()
    theme.set_ui_scale(ui_scale)
    theme.use(theme_name)
    try:
        app = App(Session(game, state, path=str(path)), size)
        app.screen.reveal = reveal
        app.interactive = ui
        for spec in overlays:
            app.screen.apply_overlay(spec)
        surface = pygame.Surface(size)
        app.draw(surface)
    finally:  # the look as before; the text sized for the default window again (a window
        # sizes it for itself at each frame)
        theme.set_ui_scale(before[0])
        theme.use(before[1])
        theme.set_window(theme.DEFAULT_WINDOW)
    return surface, app.screen.picture_state(reveal)


def screenshot_command(args: argparse.Namespace) -> int:
    """Run ``tabletop screenshot`` with parsed ``args``; prints the PNG's path, returns 0."""
    size = parse_size(args.size)
    if Path(args.output).suffix.lower() != ".png":
        raise UsageError(f"-o {args.output!r}: the picture is written as PNG, so its name must "
                         f"end in .png")
    from tabletop.ui.pictures import write_png

    pause_collector()  # the whole command is start-up (tabletop.collector)
    try:
        surface, state = render(args.file, size, list(args.overlay), bool(args.reveal),
                                bool(args.ui), getattr(args, "ui_scale", None) or 100,
                                getattr(args, "theme", None) or "default")
        say(str(write_png(surface, state, args.output)))
    finally:
        resume_collector()
    return 0
