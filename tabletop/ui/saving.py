"""Where a save goes: back to the file opened only when the user owns it as a save, else a
new file in the user's saves folder (Save As).

A shipped example (any file under the repository's or the installed package's ``layouts/``
folder) is never written over; neither is a PNG picture or a file that cannot be written.
The saves folder is ``$XDG_DOCUMENTS_DIR/tabletop`` when that is set, else
``~/Documents/tabletop`` (``TABLETOP_SAVES`` overrides both, for tests and odd set-ups).
"""

from __future__ import annotations

import os
from pathlib import Path

import tabletop

SAVE_SUFFIX = ".toml"


def shipped_folders() -> tuple[Path, ...]:
    """The folders holding the shipped example layouts: the package's ``layouts/`` and,
    in a source checkout, the repository's."""
    package = Path(tabletop.__file__).resolve().parent
    return (package / "layouts", package.parent / "layouts")


def is_shipped(path: str | os.PathLike) -> bool:
    """Whether ``path`` is a shipped example (it lies under a :func:`shipped_folders`
    folder, links followed)."""
    try:
        real = Path(path).resolve()
    except (OSError, RuntimeError, ValueError):
        return False
    return any(real.is_relative_to(folder) for folder in shipped_folders())


def saves_folder() -> Path:
    """The folder Save As offers first (see the module docstring)."""
    chosen = os.environ.get("TABLETOP_SAVES") or ""
    if chosen:
        return Path(chosen).expanduser()
    documents = os.environ.get("XDG_DOCUMENTS_DIR") or ""
    base = Path(documents).expanduser() if documents else Path.home() / "Documents"
    return base / "tabletop"


def owned_save(path: str | None) -> bool:
    """Whether Ctrl+S may write back to ``path``: a layout file (not a PNG), not a shipped
    example, and writable (or not there yet, in a folder that is)."""
    if not path or Path(path).suffix.lower() == ".png" or is_shipped(path):
        return False
    target = Path(path)
    if target.exists():
        return target.is_file() and os.access(target, os.W_OK)
    return os.access(target.parent if str(target.parent) else Path("."), os.W_OK)


def default_save_path(opened: str | None) -> Path:
    """The file name Save As offers: the opened file's name in the saves folder (``board``
    for a board no file holds), numbered when that file is there already."""
    stem = Path(opened).stem if opened else "board"
    folder = saves_folder()
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
        path = saves_folder() / path
    return path if path.suffix else path.with_suffix(SAVE_SUFFIX)
