"""Boards in PNG pictures: write a rendered frame as a PNG that carries its layout, and open a
layout file or such a PNG alike.

The layout TOML goes into an ``iTXt`` chunk with the key ``tabletop-layout`` (compressed), so
``tabletop play OUT.png`` reopens the board in the picture.  What goes in is the screen's
``picture_state``: for a board with hidden information, its public view (face-down cards by
count, secret orders unrevealed), unless the picture was made with ``--reveal``.  Reading it
back (:func:`load_board`, from :mod:`tabletop.games.pngtext`) walks the chunks without
decoding the image.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from tabletop.games import layouts
from tabletop.games.atomicwrite import write_atomic
from tabletop.games.contract import State
from tabletop.games.layouts import load_board
from tabletop.games.pngtext import LAYOUT_KEY, layout_text_of_png
from tabletop.ui.pngfile import encode_rgb

__all__ = ["LAYOUT_KEY", "layout_text_of_png", "load_board", "png_bytes", "write_png"]


def png_bytes(surface: pygame.Surface, state: State | None) -> bytes:
    """``surface`` encoded as PNG (:func:`tabletop.ui.pngfile.encode_rgb`) carrying the layout
    of ``state`` (none when ``state`` is ``None``).  Callers pass what the picture may show: a
    screen's ``picture_state``, the public view of a board with secrets."""
    texts = {LAYOUT_KEY: layouts.dumps(state)} if state is not None else {}
    width, height = surface.get_size()
    return encode_rgb(width, height, pygame.image.tobytes(surface, "RGB"), texts)


def write_png(surface: pygame.Surface, state: State | None, path: str | os.PathLike) -> Path:
    """Write ``surface`` with the layout of ``state`` (none if ``None``) to ``path``
    atomically; returns the path.
    Raises :class:`LayoutError` when the folder cannot be written."""
    write_atomic(path, png_bytes(surface, state))
    return Path(path)
