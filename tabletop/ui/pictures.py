"""Boards in PNG pictures: write a rendered frame as a PNG that carries its layout, and open a
layout file or such a PNG alike.

The layout TOML goes into an ``iTXt`` chunk with the key ``tabletop-layout`` (compressed), so
``tabletop play OUT.png`` reopens the board in the picture.  What goes in is the screen's
``picture_state``: for a board with hidden information, its public view (face-down cards by
count, secret orders unrevealed), unless the picture was made with ``--reveal``.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pygame
from PIL import Image, PngImagePlugin, UnidentifiedImageError

from tabletop.errors import LayoutError
from tabletop.games import layouts
from tabletop.games.contract import Game, State
from tabletop.games.layoutfile import write_atomic

LAYOUT_KEY = "tabletop-layout"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def is_png(path: str | os.PathLike) -> bool:
    """Whether the file at ``path`` starts with the PNG signature (``False`` if unreadable)."""
    try:
        with open(path, "rb") as handle:
            return handle.read(8) == PNG_SIGNATURE
    except OSError:
        return False


def layout_text_of_png(path: str | os.PathLike) -> str:
    """The layout TOML carried by the PNG at ``path``; raises :class:`LayoutError` when the
    picture cannot be read or carries no layout."""
    try:
        with Image.open(path) as image:
            image.load()
            found = getattr(image, "text", {}).get(LAYOUT_KEY)
    except (OSError, UnidentifiedImageError, SyntaxError, ValueError):
        raise LayoutError("is not a PNG picture that can be read", source=str(path)) from None
    if not isinstance(found, str):
        raise LayoutError("is a PNG without a tabletop layout in it (only pictures saved by "
                          "tabletop screenshot or F12 carry one)", source=str(path))
    return found


def load_board(path: str | os.PathLike) -> tuple[Game, State]:
    """The game and state in ``path``: a layout file, or a PNG written by :func:`write_png`.
    Raises :class:`LayoutError` with the same words as ``tabletop check``."""
    if is_png(path):
        return layouts.loads(layout_text_of_png(path), str(path))
    return layouts.load(path)


def png_bytes(surface: pygame.Surface, state: State | None) -> bytes:
    """``surface`` encoded as PNG (with Pillow) carrying the layout of ``state`` (none when
    ``state`` is ``None``).  Callers pass what the picture may show: a screen's
    ``picture_state``, the public view of a board with secrets.  Compressed at zlib level 1:
    a third of the time of the default level for pictures of flat colours about an eighth
    larger."""
    image = Image.frombytes("RGB", surface.get_size(), pygame.image.tobytes(surface, "RGB"))
    info = PngImagePlugin.PngInfo()
    if state is not None:
        info.add_itxt(LAYOUT_KEY, layouts.dumps(state), zip=True)
    out = io.BytesIO()
    image.save(out, format="PNG", pnginfo=info, compress_level=1)
    return out.getvalue()


def write_png(surface: pygame.Surface, state: State | None, path: str | os.PathLike) -> Path:
    """Write ``surface`` with the layout of ``state`` (none if ``None``) to ``path``
    atomically; returns the path.
    Raises :class:`LayoutError` when the folder cannot be written."""
    write_atomic(path, png_bytes(surface, state))
    return Path(path)
