"""The bundled font's bytes as the window draws them: pygame-ce's own font file with its
kerning pairs switched off.

The font pygame-ce bundles carries a ``kern`` table whose pairs, at the sizes the window
draws text (10 to 20 pixels), open a gap inside words: "at tacked", "T horn", "it s".
pygame-ce has no switch for kerning, so the table is hidden from the font engine by renaming
its tag in the font's table directory (the engine looks tables up by tag and ignores tags it
does not know); nothing else in the file changes, and no line of text is wider than before.
"""

from __future__ import annotations

import struct

_HIDDEN_TAG = b"xern"
"""A tag no font engine reads, written over ``kern``."""

_MAX_TABLES = 64
"""More tables than any font file has; a directory claiming more is not read."""


def without_kerning(data: bytes) -> bytes:
    """``data`` (a TrueType/OpenType font file) with its ``kern`` table's tag renamed, so
    that the font is drawn without kerning; ``data`` unchanged when it has no such table or
    its table directory cannot be read."""
    if len(data) < 12:
        return data
    (count,) = struct.unpack_from(">H", data, 4)
    if count > _MAX_TABLES or 12 + 16 * count > len(data):
        return data
    for index in range(count):
        at = 12 + 16 * index
        if data[at:at + 4] == b"kern":
            return data[:at] + _HIDDEN_TAG + data[at + 4:]
    return data
