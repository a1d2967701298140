"""Where a save goes: back to the file opened only when the user owns it as a save, else a
new file in the user's saves folder (Save As).

A shipped example (:func:`tabletop.resources.is_shipped`: a layout inside the installed
program) is never written over; neither is a PNG picture or a file that cannot be written.
The saves folder is :func:`tabletop.userdirs.saves` (the documents folder's ``tabletop``).
"""

from __future__ import annotations

import os
from pathlib import Path

from tabletop import resources, userdirs

SAVE_SUFFIX = ".toml"


def owned_save(path: str | None) -> bool:
    """Whether Ctrl+S may write back to ``path``: a layout file (not a PNG), not a shipped
    example, and writable (or not there yet, in a folder that is)."""
    if not path or Path(path).suffix.lower() == ".png" or resources.is_shipped(path):
        return False
    target = Path(path)
    if target.exists():
        return target.is_file() and os.access(target, os.W_OK)
    return os.access(target.parent if str(target.parent) else Path("."), os.W_OK)


def default_save_path(opened: str | None) -> Path:
    """The file name Save As offers: the opened file's name in the saves folder (``board``
    for a board no file holds), numbered when that file is there already."""
    stem = Path(opened).stem if opened else "board"
    folder = userdirs.saves()
    candidate = folder / f"{stem}{SAVE_SUFFIX}"
    number = 2
    while candidate.exists() and number < 1000:
        candidate = folder / f"{stem}-{number}{SAVE_SUFFIX}"
        number += 1
    return candidate


def chosen_path(words: str) -> Path:
    """The file a typed Save As name means: ``~`` expanded, a relative name taken in the
    saves folder, ``.toml`` added when the name has no suffix."""
    path = Path(words.strip()).expanduser()
    if not path.is_absolute():
        path = userdirs.saves() / path
    return path if path.suffix else path.with_suffix(SAVE_SUFFIX)
