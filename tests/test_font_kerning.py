"""The window's font is drawn without the bundled font's kerning pairs, which open gaps
inside words at the window's sizes ("at tacked", "T horn", "it s")."""

from __future__ import annotations

import os
import struct

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tabletop.ui.widgets import theme  # noqa: E402
from tabletop.ui.widgets.fontfile import without_kerning  # noqa: E402


def _font_file(*tags: bytes) -> bytes:
    """A font file's header and table directory naming ``tags`` (no table data)."""
    head = struct.pack(">IHHHH", 0x00010000, len(tags), 0, 0, 0)
    return head + b"".join(struct.pack(">4sIII", tag, 0, 0, 0) for tag in tags)


def test_the_kern_tag_alone_is_renamed() -> None:
    data = _font_file(b"cmap", b"glyf", b"kern", b"name")
    changed = without_kerning(data)
    assert len(changed) == len(data)
    assert b"kern" not in changed
    assert [changed[12 + 16 * i:16 + 16 * i] for i in range(4)] == \
        [b"cmap", b"glyf", b"xern", b"name"]
    assert changed.replace(b"xern", b"kern") == data


@pytest.mark.parametrize("data", [
    b"", b"\x00\x01", _font_file(b"cmap", b"glyf"),
    _font_file(b"kern")[:20],                              # directory cut short
    struct.pack(">IHHHH", 0x00010000, 60000, 0, 0, 0) + b"kern" * 8,  # a count far too big
], ids=["empty", "short", "no kern", "cut short", "count too big"])
def test_a_file_without_a_readable_kern_entry_is_left_as_it_is(data: bytes) -> None:
    assert without_kerning(data) == data


@pytest.mark.parametrize("size", [10, 12, 14, 16, 20])
def test_no_gap_opens_inside_a_word(size: int) -> None:
    pygame.font.init()
    font = theme.font(size)
    for word in ("its", "attacked", "Thorn", "The portal"):
        letters = sum(font.size(letter)[0] for letter in word)
        assert font.size(word)[0] <= letters, (size, word)
