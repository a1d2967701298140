"""Reading files that strangers chose: bounded reads of regular files only, and the rule for
which files a layout may name.

Layouts and pictures are shared between people, so neither the file opened nor a file it
names may make the program hang (a FIFO, ``/dev/urandom``), fill memory (``/dev/zero``, a huge
file) or read outside the places allowed.  A layout may name files (Almokon ``card_files``)
only inside its own folder; a layout that came from a PNG or from text has no folder and may
name none.
"""

from __future__ import annotations

import os
import stat
from typing import TYPE_CHECKING

from tabletop.errors import LayoutError

if TYPE_CHECKING:
    from pathlib import Path

LAYOUT_MAX_BYTES = 1024 * 1024
"""The largest layout (or card data) file read: 1 MiB, far above any real board."""

PICTURE_MAX_BYTES = 64 * 1024 * 1024
"""The largest PNG picture opened for its layout: 64 MiB."""


def shown_path(path: str | os.PathLike) -> str:
    """``path`` as a message shows it: a NUL character written as ``\\0`` (line breaks are
    escaped by the console)."""
    return os.fspath(path).replace("\0", "\\0")


class FileProblem(Exception):
    """Why a file could not be read, in words (``str``), without naming any other path."""


def read_bounded(path: str | os.PathLike, limit: int) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them.

    Opens without blocking (a FIFO never hangs), refuses anything that is not a regular
    file (devices, FIFOs, sockets, folders) before reading, and reads at most ``limit + 1``
    bytes, so a file that grows while read still cannot use more memory.  Raises
    :class:`FileProblem`."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        handle = os.open(path, flags)
    except FileNotFoundError:
        raise FileProblem("no such file") from None
    except IsADirectoryError:
        raise FileProblem("is a folder, not a file") from None
    except ValueError:  # a NUL character, which no file name can hold
        raise FileProblem("is not a usable file name") from None
    except OSError as exc:
        raise FileProblem(f"cannot be read: {exc.strerror}") from None
    try:
        info = os.fstat(handle)
        if stat.S_ISDIR(info.st_mode):
            raise FileProblem("is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem("is not a regular file (a device, pipe or socket is never read)")
        if info.st_size > limit:
            raise FileProblem(f"is larger than {_size(limit)}, the most read")
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(handle, min(1 << 16, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise FileProblem(f"is larger than {_size(limit)}, the most read")
        return b"".join(chunks)
    except OSError as exc:
        raise FileProblem(f"cannot be read: {exc.strerror}") from None
    finally:
        os.close(handle)


def _size(limit: int) -> str:
    return f"{limit // (1024 * 1024)} MiB" if limit >= 1024 * 1024 else f"{limit} bytes"


def resolve_named(folder: str | os.PathLike | None, name: str) -> Path:
    """The file that ``name`` (written in a layout) stands for inside ``folder``.

    ``name`` must be a relative path with no ``..`` part, and the file it reaches (after
    following links) must lie inside ``folder``; ``folder`` ``None`` (a layout from a
    picture or from text) allows no file at all.  The same words are raised whether or not
    anything exists outside, so an error tells nothing about other places.  Raises
    :class:`FileProblem`."""
    from pathlib import Path, PurePath  # only a layout that names files needs it

    if folder is None:
        raise FileProblem("a layout inside a picture (or given as text) may not name files; "
                          "write the cards inline as [[card_defs]]")
    outside = FileProblem("must name a file inside the layout's own folder (a relative path "
                          "without '..')")
    if not name or "\0" in name or len(name) > 255 * 8:
        raise outside
    pure = PurePath(name)
    if pure.is_absolute() or pure.anchor or ".." in pure.parts or name.startswith("~"):
        raise outside
    try:
        base = Path(os.path.realpath(folder))
        target = Path(os.path.realpath(base / pure))
    except (OSError, ValueError):
        raise outside from None
    if target != base and base not in target.parents:
        raise outside
    return target


def read_named(folder: str | os.PathLike | None, name: str, limit: int = LAYOUT_MAX_BYTES) -> bytes:
    """The bytes of the file ``name`` inside ``folder`` (see :func:`resolve_named`), read
    with :func:`read_bounded`.  Raises :class:`FileProblem`."""
    return read_bounded(resolve_named(folder, name), limit)


def as_layout_error(problem: FileProblem, source: str) -> LayoutError:
    """``problem`` as the :class:`LayoutError` of the file ``source``."""
    return LayoutError(str(problem), source=source)
