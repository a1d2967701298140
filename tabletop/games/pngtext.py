"""The text a PNG picture carries, read chunk by chunk without decoding a single pixel.

A picture saved by ``tabletop screenshot`` or F12 carries its board's layout in an ``iTXt``
chunk with the key ``tabletop-layout``.  Reading it walks the chunks (length, type, data,
CRC) and skips the image data unread, so the work does not grow with the size a picture
declares: a small file claiming 13,000 x 13,000 pixels costs no more than any other.  Every
size is checked before it is used: the file, each chunk, and the text after decompression.
:mod:`struct` and :mod:`zlib` are imported only to read a picture (telling whether a file is
one needs neither).
"""

from __future__ import annotations

import os
import stat

from tabletop.errors import LayoutError
from tabletop.games.safefiles import (
    LAYOUT_MAX_BYTES,
    PICTURE_MAX_BYTES,
    FileProblem,
    read_bounded,
    shown_path,
)

LAYOUT_KEY = "tabletop-layout"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
NO_LAYOUT = ("is a PNG without a tabletop layout in it (only pictures saved by tabletop "
             "screenshot or F12 carry one)")
NOT_READABLE = "is not a PNG picture that can be read"


def is_png(path: str | os.PathLike) -> bool:
    """Whether ``path`` is a regular file starting with the PNG signature (``False`` if
    unreadable, not a regular file, or not a PNG); never blocks on a pipe."""
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except (OSError, ValueError):
        return False
    try:
        return stat.S_ISREG(os.fstat(handle).st_mode) and os.read(handle, 8) == PNG_SIGNATURE
    except OSError:
        return False
    finally:
        os.close(handle)


def png_text(data: bytes, key: str) -> str | None:
    """The text of the first ``tEXt``, ``zTXt`` or ``iTXt`` chunk named ``key`` in the PNG
    ``data`` (``None`` when there is none).  Raises ``ValueError`` for data that is not a
    well-formed PNG up to that chunk, or for text longer than
    :data:`~tabletop.games.safefiles.LAYOUT_MAX_BYTES`."""
    import struct
    import zlib

    if not data.startswith(PNG_SIGNATURE):
        raise ValueError("no PNG signature")
    pos = len(PNG_SIGNATURE)
    wanted = key.encode("latin-1")
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body_start, body_end = pos + 8, pos + 8 + length
        if length > 2**31 - 1 or body_end + 4 > len(data):
            raise ValueError("a chunk runs past the end of the file")
        if kind == b"IEND":
            return None
        if kind in (b"tEXt", b"zTXt", b"iTXt"):
            body = data[body_start:body_end]
            crc = struct.unpack(">I", data[body_end:body_end + 4])[0]
            if zlib.crc32(kind + body) != crc:
                raise ValueError("a text chunk is damaged (CRC)")
            name, sep, rest = body.partition(b"\0")
            if sep and name == wanted:
                return _chunk_text(kind, rest)
        pos = body_end + 4
    raise ValueError("the file ends before its IEND chunk")


def _chunk_text(kind: bytes, rest: bytes) -> str:
    """The text of a text chunk after its keyword and NUL."""
    if kind == b"tEXt":
        return rest.decode("latin-1")
    if kind == b"zTXt":
        if rest[:1] != b"\0":
            raise ValueError("unknown compression")
        return _inflate(rest[1:]).decode("latin-1")
    if len(rest) < 2:
        raise ValueError("a short iTXt chunk")
    compressed, method, rest = rest[0], rest[1], rest[2:]
    _language, sep1, rest = rest.partition(b"\0")
    _translated, sep2, text = rest.partition(b"\0")
    if not (sep1 and sep2) or compressed not in (0, 1) or (compressed and method != 0):
        raise ValueError("a malformed iTXt chunk")
    raw = _inflate(text) if compressed else text
    if len(raw) > LAYOUT_MAX_BYTES:
        raise ValueError("the text is too long")
    return raw.decode("utf-8")


def _inflate(data: bytes) -> bytes:
    """``data`` decompressed, never to more than the layout size limit (a compression bomb
    stops there)."""
    import zlib

    inflater = zlib.decompressobj()
    out = inflater.decompress(data, LAYOUT_MAX_BYTES + 1)
    if len(out) > LAYOUT_MAX_BYTES or inflater.unconsumed_tail:
        raise ValueError("the text is too long")
    if not inflater.eof:
        raise ValueError("the compressed text is cut short")
    return out


def layout_text_of_png(path: str | os.PathLike) -> str:
    """The layout TOML carried by the PNG at ``path``; raises :class:`LayoutError` when the
    picture cannot be read (or is larger than
    :data:`~tabletop.games.safefiles.PICTURE_MAX_BYTES`) or carries no layout."""
    import zlib

    shown = shown_path(path)
    try:
        data = read_bounded(path, PICTURE_MAX_BYTES)
    except FileProblem as problem:
        raise LayoutError(str(problem), source=shown) from None
    try:
        found = png_text(data, LAYOUT_KEY)
    except ValueError as exc:  # also UnicodeDecodeError and zlib.error's kin below
        raise LayoutError(f"{NOT_READABLE} ({_reason(exc)})", source=shown) from None
    except zlib.error:
        raise LayoutError(f"{NOT_READABLE} (its text does not decompress)",
                          source=shown) from None
    if found is None:
        raise LayoutError(NO_LAYOUT, source=shown)
    return found


def _reason(exc: ValueError) -> str:
    return "its text is not UTF-8" if isinstance(exc, UnicodeDecodeError) else str(exc)
