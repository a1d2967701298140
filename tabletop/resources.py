"""The files shipped inside the installed program, found through :mod:`importlib.resources`.

The repository keeps the shipped layouts in its top-level ``layouts/`` folder; the build
(``setup.py``) installs that folder as the package ``tabletop.layouts``, so a wheel and a pipx
install find the same files from any current folder, and nothing depends on where the source
tree is.  The program's own data (example Almokon cards, dice faces) is in ``tabletop/data``.

An editable install (``pip install -e .``) puts the checkout itself on ``sys.path`` with a
plain ``.pth`` line (``setup.py`` says why), where the top-level folders are no packages of
``tabletop``: there a collection is read from its folder beside the ``tabletop`` package,
which only a checkout has (with ``setup.py`` and the folder's ``__init__.py`` in place).

A *collection* is a folder of shipped TOML files that a user opens by name: ``layouts``
(``tabletop play clash-teaching``) and ``lessons`` (``tabletop learn clash-los``, installed as
``tabletop.lessons``).  A layout's name never finds a lesson, nor the other way round.

A package installed as an ordinary folder (a wheel, an editable install) is read straight from
that folder, with :mod:`os` alone on POSIX systems (a command that opens a layout by path or
by name imports neither :mod:`pathlib` nor :mod:`importlib.resources`);
:mod:`importlib.resources` (which brings in archives and temporary files) is imported only for
a package that is not (inside a zip archive).
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from tabletop.errors import LayoutError, TabletopError
from tabletop.frozen import Frozen

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable
    from pathlib import PurePath

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


def _package_folder(package: str) -> str | None:
    """The folder of ``package`` as text when it is an ordinary folder on disk, ``None`` when
    it is not (inside a zip archive); raises ``ModuleNotFoundError`` when there is no such
    package.  (A layout opened by its path asks for none: :mod:`importlib.util` is imported
    here.)"""
    import importlib.util
    from importlib.machinery import SourceFileLoader, SourcelessFileLoader

    spec = importlib.util.find_spec(package)
    if spec is None:
        raise ModuleNotFoundError(package)
    if isinstance(spec.loader, SourceFileLoader | SourcelessFileLoader) and spec.origin:
        return os.path.dirname(spec.origin)
    return None


def _as_traversable(place: str | Traversable) -> Traversable:
    """``place`` as a :class:`~pathlib.Path` when it is a path written as text."""
    if isinstance(place, str):
        from pathlib import Path

        return Path(place)
    return place


def package_files(package: str) -> Traversable:
    """The files of ``package``, as :func:`importlib.resources.files` gives them: its folder
    (a :class:`Path`) when it is an ordinary folder on disk; raises ``ModuleNotFoundError``
    when there is no such package."""
    found = _package_folder(package)
    if found is not None:
        return _as_traversable(found)
    from importlib import resources

    return resources.files(package)


def _checkout_folder(collection: str) -> str | None:
    """The top-level folder ``collection`` of the checkout that ``tabletop`` is imported from
    (an editable install), or ``None`` when ``tabletop`` does not sit in a checkout: the
    folder must hold its ``__init__.py`` and sit beside ``setup.py``, as only the repository
    has it."""
    try:
        code = _package_folder("tabletop")
    except ModuleNotFoundError:
        return None
    if code is None:
        return None
    root = os.path.dirname(code)
    found = os.path.join(root, collection)
    if os.path.isfile(os.path.join(found, "__init__.py")) and \
            os.path.isfile(os.path.join(root, "setup.py")):
        return found
    return None


def _home(collection: str) -> str | Traversable:
    """The shipped folder of ``collection``: a path as text when it is a folder on disk."""
    if collection not in COLLECTIONS:
        raise ValueError(f"{collection!r} is not a shipped collection")
    try:
        found = _package_folder(f"tabletop.{collection}")
    except ModuleNotFoundError:  # an editable install, or one made before it was packaged
        found = _checkout_folder(collection)
        if found is None:
            raise TabletopError(f"the shipped {collection} are missing from this installation "
                                f"of tabletop; install it again (see README.md, Set-up)") from None
        return found
    if found is not None:
        return found
    from importlib import resources

    return resources.files(f"tabletop.{collection}")


def folder(collection: str) -> Traversable:
    """The shipped folder of ``collection`` inside the installed package."""
    return _as_traversable(_home(collection))


def data_file(name: str) -> Traversable:
    """The program data file ``name`` (``tabletop/data/<name>``)."""
    return package_files("tabletop") / "data" / name


def _listing(collection: str) -> dict[str, str | Traversable]:
    """The shipped files of ``collection`` by name, sorted by name: each a path as text when
    the folder is on disk."""
    home = _home(collection)
    found: dict[str, str | Traversable] = {}
    if isinstance(home, str):
        with os.scandir(home) as entries:
            for entry in entries:
                if entry.name.endswith(SUFFIX) and entry.is_file():
                    found[entry.name.removesuffix(SUFFIX)] = entry.path
    else:
        for item in home.iterdir():
            if item.name.endswith(SUFFIX) and item.is_file():
                found[item.name.removesuffix(SUFFIX)] = item
    return dict(sorted(found.items()))


def _read(entry: str | Traversable) -> str:
    """The UTF-8 text of a shipped file."""
    if isinstance(entry, str):
        with open(entry, encoding="utf-8") as handle:
            return handle.read()
    return entry.read_text(encoding="utf-8")


def shipped(collection: str = "layouts") -> list[Shipped]:
    """Every shipped file of ``collection``, by name, with the title and notes it carries."""
    listed = []
    for name, entry in _listing(collection).items():
        data = tomllib.loads(_read(entry))
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
    entry = _named(collection, word)
    return None if entry is None else _as_traversable(entry)


def _named(collection: str, word: str) -> str | Traversable | None:
    """:func:`find_in`, a file on disk given as a path written as text."""
    parts = _parts(word)
    if len(parts) == 2 and parts[0] == collection:
        name = parts[1]
    elif len(parts) == 1:
        name = parts[0]
    else:
        return None
    return _listing(collection).get(name.removesuffix(SUFFIX))


def _parts(word: str) -> tuple[str, ...]:
    """``PurePath(word).parts``: the root (if any) and the names of ``word``'s path, without
    empty and ``.`` names.  Worked out with :mod:`os` alone where the path syntax is POSIX's
    (the same rules as :mod:`pathlib`'s: a leading ``//``, exactly two, is a root of its
    own)."""
    if os.sep != "/" or os.altsep is not None:
        return _pure(word).parts
    root = ""
    if word.startswith("/"):
        root = "//" if word.startswith("//") and not word.startswith("///") else "/"
    names = tuple(name for name in word.split("/") if name and name != ".")
    return (root, *names) if root else names


def _pure(word: str) -> PurePath:
    from pathlib import PurePath

    return PurePath(word)


def _exists(word: str) -> bool:
    """Whether anything is at the path ``word`` (as ``Path(word).exists()`` says: a path
    ending in ``/`` means the same as without it, an empty one the current folder)."""
    parts = _parts(word)
    if not parts:
        target = os.curdir
    elif os.sep != "/" or os.altsep is not None:
        target = str(_pure(word))
    elif parts[0].startswith("/"):
        target = parts[0] + "/".join(parts[1:])
    else:
        target = "/".join(parts)
    try:
        os.stat(target)
    except (OSError, ValueError):  # a name too long for the system, or holding a NUL
        return False
    return True


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
    entry = _named("layouts", word)
    if entry is None:
        if len(_parts(word)) == 1 and not _pure(word).suffix:
            shown = word if word.isprintable() and len(word) <= MAX_NAME else (
                repr(word[:MAX_NAME]) + ("…" if len(word) > MAX_NAME else ""))
            raise LayoutError(_unknown_name(word), source=shown)
        yield word
        return
    if isinstance(entry, str):
        yield entry
        return
    from importlib import resources

    with resources.as_file(entry) as path:
        yield str(path)


def _unknown_name(word: str) -> str:
    """The error for a word that names no file and no shipped layout, with close names."""
    import difflib

    names = list(_listing("layouts"))
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
    from pathlib import Path

    try:
        target = Path(path).resolve()
    except (OSError, ValueError, RuntimeError):
        return False
    for collection in COLLECTIONS:
        home = _home(collection)
        if isinstance(home, str) and target.parent == Path(home).resolve():
            return target.name.endswith(SUFFIX)
    return False
