"""The program's own data files (``tabletop/data/*.toml``) parsed once, kept beside the byte
code like Python's own compiled modules.

``tomllib`` is written in Python: the King's Champion card file (about 18 kB) takes some ten
milliseconds to parse, in every picture and window of a joust.  :func:`parse_shipped` keeps
the parsed document in ``tabletop/games/__pycache__/shipped-data.<python>/NAME.marshal``
(under ``PYTHONPYCACHEPREFIX`` when that is set) together with the text it was parsed from and
the Python release that parsed it; a later run whose file has the same text reads the
document back with :mod:`marshal` (a fraction of a millisecond) instead of parsing it.  A
kept copy of another text or release, or a file that is too large or not in this format, is
not used: the text is parsed as without this module and the copy written anew.

Only the program's own files go through here (a user's card file is parsed as usual, with
its errors named).  Nothing is written when Python is told not to write byte code (``-B``,
``PYTHONDONTWRITEBYTECODE``), for a document :mod:`marshal` cannot hold (TOML dates), or when
the folder is not writable; a write is atomic.
"""

from __future__ import annotations

import marshal
import os
import sys

from tabletop.games.layoutfile import parse_toml

MAX_FILE_BYTES = 1024 * 1024
"""A kept file larger than this is not read (the card file's takes about 32 kB)."""
_FORMAT = ("tabletop shipped data", 1)


def default_folder() -> str | None:
    """The folder of the kept documents beside this package's byte code for the running
    Python, or ``None`` when this Python keeps no byte code."""
    tag = sys.implementation.cache_tag
    cached = __spec__.cached if __spec__ is not None else None
    if tag is None or not cached:
        return None
    return os.path.join(os.path.dirname(cached), f"shipped-data.{tag}")


def parse_shipped(name: str, text: str, folder: str | None = None) -> dict:
    """The TOML document ``text`` of the program's data file ``name``, as
    :func:`~tabletop.games.layoutfile.parse_toml` returns it: read from the copy kept in
    ``folder`` (by default :func:`default_folder`) when that was parsed from the same text by
    the same Python release, else parsed now and kept there."""
    folder = folder if folder is not None else default_folder()
    path = os.path.join(folder, f"{name}.marshal") if folder else None
    if path is not None:
        kept = _read(path, text)
        if kept is not None:
            return kept
    data = parse_toml(text, name)
    if path is not None and not sys.dont_write_bytecode:
        _write(path, (_FORMAT, sys.hexversion, text, data))
    return data


def _read(path: str, text: str) -> dict | None:
    """The document kept in ``path`` for ``text``, or ``None`` when there is none for it."""
    try:
        with open(path, "rb") as file:
            if os.fstat(file.fileno()).st_size > MAX_FILE_BYTES:
                return None
            kept = marshal.loads(file.read(MAX_FILE_BYTES + 1))
    except (OSError, EOFError, ValueError, TypeError):
        return None
    if type(kept) is not tuple or len(kept) != 4 or kept[0] != _FORMAT \
            or kept[1] != sys.hexversion or kept[2] != text or type(kept[3]) is not dict:
        return None
    return kept[3]


def _write(path: str, entry: tuple) -> bool:
    """Write ``entry`` to ``path`` atomically (:func:`~tabletop.games.atomicwrite.write_atomic`);
    returns whether it was written (a document :mod:`marshal` cannot hold and a folder that
    cannot be written are not errors: the copy only saves time)."""
    from tabletop.errors import TabletopError
    from tabletop.games.atomicwrite import write_atomic

    try:
        data = marshal.dumps(entry)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        write_atomic(path, data)
    except (ValueError, OSError, TabletopError):
        return False
    return True
