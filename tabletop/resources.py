"""The files shipped inside the installed program, found through :mod:`importlib.resources`.

The repository keeps the shipped layouts in its top-level ``layouts/`` folder; the build
(``setup.py``) installs that folder as the package ``tabletop.layouts``, so an editable
install, a wheel and a pipx install find the same files from any current folder, and nothing
depends on where the source tree is.  The program's own data (example Almokon cards, dice
faces) is in ``tabletop/data``.

A *collection* is a folder of shipped TOML files that a user opens by name: ``layouts``
(``tabletop play clash-teaching``) and ``lessons`` (``tabletop learn clash-los``, installed as
``tabletop.lessons``).  A layout's name never finds a lesson, nor the other way round.

A package installed as an ordinary folder (a wheel, an editable install) is read straight from
that folder; :mod:`importlib.resources` (which brings in archives and temporary files) is
imported only for a package that is not (inside a zip archive).
"""

from __future__ import annotations

import importlib.util
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.machinery import SourceFileLoader, SourcelessFileLoader
from pathlib import Path, PurePath
from typing import TYPE_CHECKING

from tabletop.errors import LayoutError, TabletopError
from tabletop.frozen import Frozen

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

COLLECTIONS = ("layouts", "lessons")
DEFAULT_LAYOUT = "clash-teaching"
"""The layout ``tabletop`` opens when no file is named."""
SUFFIX = ".toml"
MAX_NAME = 80
"""Longer words are not compared with the shipped names (the comparison is quadratic)."""


class Shipped(Frozen):
    """One shipped file: its ``collection`` (``"layouts"``), the ``name`` a user types (the
    file name without ``.toml``), the ``game`` key, and the ``title`` and ``notes`` (what it
    teaches) from the file."""

    collection: str
    name: str
    game: str
    title: str
    notes: str


def package_files(package: str) -> Traversable:
    """The files of ``package``, as :func:`importlib.resources.files` gives them: its folder
    (a :class:`Path`) when it is an ordinary folder on disk; raises ``ModuleNotFoundError``
    when there is no such package."""
    spec = importlib.util.find_spec(package)
    if spec is None:
        raise ModuleNotFoundError(package)
    if isinstance(spec.loader, SourceFileLoader | SourcelessFileLoader) and spec.origin:
        return Path(spec.origin).parent
    from importlib import resources

    return resources.files(package)


def folder(collection: str) -> Traversable:
    """The shipped folder of ``collection`` inside the installed package."""
    if collection not in COLLECTIONS:
        raise ValueError(f"{collection!r} is not a shipped collection")
    try:
        return package_files(f"tabletop.{collection}")
    except ModuleNotFoundError:  # an install made before the folder was packaged
        raise TabletopError(f"the shipped {collection} are missing from this installation of "
                            f"tabletop; install it again (see README.md, Set-up)") from None


def data_file(name: str) -> Traversable:
    """The program data file ``name`` (``tabletop/data/<name>``)."""
    return package_files("tabletop") / "data" / name


def _entries(collection: str) -> dict[str, Traversable]:
    """The shipped files of ``collection`` by name, sorted by name."""
    found = {entry.name.removesuffix(SUFFIX): entry for entry in folder(collection).iterdir()
             if entry.name.endswith(SUFFIX) and entry.is_file()}
    return dict(sorted(found.items()))


def shipped(collection: str = "layouts") -> list[Shipped]:
    """Every shipped file of ``collection``, by name, with the title and notes it carries."""
    listed = []
    for name, entry in _entries(collection).items():
        data = tomllib.loads(entry.read_text(encoding="utf-8"))
        listed.append(Shipped(collection, name, str(data.get("game", "")),
                              " ".join(str(data.get("title", "")).split()),
                              " ".join(str(data.get("notes", "")).split())))
    return listed


def find(word: str) -> Traversable | None:
    """The shipped layout that ``word`` names, or ``None``.  ``word`` is a name
    (``clash-teaching``), optionally with ``.toml`` and with its folder in front
    (``layouts/clash-teaching.toml``, as the repository spells it)."""
    return find_in("layouts", word)


def find_in(collection: str, word: str) -> Traversable | None:
    """The shipped file of ``collection`` that ``word`` names (a name, optionally with
    ``.toml`` and the collection's folder in front), or ``None``."""
    parts = PurePath(word).parts
    if len(parts) == 2 and parts[0] == collection:
        collections, name = (collection,), parts[1]
    elif len(parts) == 1:
        collections, name = (collection,), parts[0]
    else:
        return None
    name = name.removesuffix(SUFFIX)
    for collection in collections:
        entry = _entries(collection).get(name)
        if entry is not None:
            return entry
    return None


def _exists(word: str) -> bool:
    try:
        return Path(word).exists()
    except (OSError, ValueError):  # a name too long for the system, or holding a NUL
        return False


@contextmanager
def located(word: str) -> Iterator[str]:
    """The file path to open for ``word`` on the command line: ``word`` itself when a file
    (or anything) is there, since a real path wins over a name; else the shipped file it
    names, as a real file for as long as the ``with`` block lasts.

    A bare word (no folder, no suffix) that names neither raises :class:`LayoutError` with
    the closest shipped names; any other missing path is yielded unchanged, so that the
    loader reports it as the missing file it is.
    """
    if _exists(word):
        yield word
        return
    entry = find(word)
    if entry is None:
        if len(PurePath(word).parts) == 1 and not PurePath(word).suffix:
            shown = word if word.isprintable() and len(word) <= MAX_NAME else (
                repr(word[:MAX_NAME]) + ("…" if len(word) > MAX_NAME else ""))
            raise LayoutError(_unknown_name(word), source=shown)
        yield word
        return
    if isinstance(entry, Path):
        yield str(entry)
        return
    from importlib import resources

    with resources.as_file(entry) as path:
        yield str(path)


def _unknown_name(word: str) -> str:
    """The error for a word that names no file and no shipped layout, with close names."""
    import difflib

    names = list(_entries("layouts"))
    close = difflib.get_close_matches(word, names, n=3) if len(word) <= MAX_NAME else []
    hint = f" (did you mean {_either(close)}?)" if close else ""
    return (f"no such file, nor a shipped layout of that name{hint}; "
            f"`tabletop layouts` lists them")


def _either(names: list[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    return " or ".join(filter(None, [", ".join(names[:-1]), names[-1]]))


def is_shipped(path: str | PurePath) -> bool:
    """Whether ``path`` is one of the shipped files inside the installed program (a file that
    saving must not overwrite)."""
    try:
        target = Path(path).resolve()
    except (OSError, ValueError, RuntimeError):
        return False
    for collection in COLLECTIONS:
        home = folder(collection)
        if isinstance(home, Path) and target.parent == home.resolve():
            return target.name.endswith(SUFFIX)
    return False
