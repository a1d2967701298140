"""The compiled methods of the program's dataclasses, kept between runs like Python's own byte
code.

The standard :func:`dataclasses.dataclass` writes the source text of a class's ``__init__``,
``__repr__``, ``__eq__``, ``__hash__`` and (frozen) ``__setattr__``/``__delattr__`` and hands
each text to ``exec`` when the class is made.  Compiling the texts is most of the cost: about a
millisecond and a half for a frozen class on the project's machine, and a picture makes some
sixty classes of states, cards, layers and settings.  A text depends only on the class's
fields (their names, which have defaults, the class's options), so the code compiled from it
is the same in every run.

:func:`install` puts an ``exec`` into the :mod:`dataclasses` module's namespace, where its code
looks the name up before the built-in.  For a class of this program (its module's name begins
with ``tabletop.``) it compiles each distinct text once, exactly as the built-in would (file
name ``<string>``, none of the caller's ``__future__`` flags), and runs the compiled code with
the same namespaces; anything else goes to the built-in untouched.  The code compiled in a run
is written at exit into ``tabletop/__pycache__/dataclass-code.<python>/`` beside the package's
own byte code (under ``PYTHONPYCACHEPREFIX`` when that is set), one file per module
(``tabletop.games.clash.state.marshal``), so that a run reads only the files of the modules it
imports.  An entry is used only for the same text under the same Python release (the release
is in each file).

Nothing is written when Python is told not to write byte code (``-B``,
``PYTHONDONTWRITEBYTECODE``) or the folder is not writable.  A file larger than
:data:`MAX_FILE_BYTES` or not in this format is not used.  A write is atomic (a temporary file
renamed over the old one), so two programs ending at once leave whole files.  With no file, or
an unreadable one, classes are made as without this module, only slower.

This module also imports :mod:`dataclasses` with a stand-in for :mod:`inspect`
(:mod:`tabletop.standin`): ``dataclasses`` uses ``inspect`` only to write the signature into
the docstring of a class that has none, which no class of this program lacks; importing it
costs about ten milliseconds of every run here.
"""

import atexit
import builtins
import marshal
import os
import sys
from types import CodeType, ModuleType
from typing import Any

from tabletop import standin


def _import_dataclasses() -> ModuleType:
    """The :mod:`dataclasses` module, imported (when it was not yet) with a stand-in for
    :mod:`inspect` (:mod:`tabletop.standin`); returns the module."""
    inspect = None if "dataclasses" in sys.modules else standin.stand_in("inspect")
    try:
        import dataclasses
    finally:
        standin.withdraw(inspect)
    return dataclasses


dataclasses = _import_dataclasses()

PREFIX = "tabletop."
"""The modules whose classes' code is kept."""
MAX_FILE_BYTES = 1024 * 1024
"""A module's file larger than this is not read (the largest takes about 60 kB)."""
MAX_ENTRIES = 512
"""When a write would keep more texts for one module than this, only those this run used are
kept (texts of classes since edited are otherwise kept, as they cost nothing but space)."""
_FORMAT = ("tabletop dataclass code", 1)


def default_folder() -> str | None:
    """The cache folder in the folder of this package's byte code for the running Python
    (``__pycache__``, or its place under ``PYTHONPYCACHEPREFIX``), or ``None`` when this
    Python keeps no byte code."""
    tag = sys.implementation.cache_tag
    cached = __spec__.cached if __spec__ is not None else None
    if tag is None or not cached:
        return None
    return os.path.join(os.path.dirname(cached), f"dataclass-code.{tag}")


class CodeCache:
    """The compiled code of the dataclass method texts of this program's modules, by module
    and text: those read from the files in ``folder`` (``None``: no files) and those compiled
    in this run."""

    def __init__(self, folder: str | None) -> None:
        self.folder = folder
        self._stored: dict[str, dict[str, bytes]] = {}
        self._code: dict[str, dict[str, CodeType]] = {}
        self._used: dict[str, set[str]] = {}
        self.compiled = 0
        """How many texts this run compiled (found in no file)."""

    def code(self, module: str, text: str) -> CodeType:
        """The code object of ``text`` (a method of a class of ``module``), as
        ``compile(text, "<string>", "exec")`` in a module without ``__future__`` imports
        returns it: from this run, from the module's file, or compiled now."""
        made = self._code.setdefault(module, {})
        code = made.get(text)
        if code is None:
            code = self._stored_code(module, text)
            if code is None:
                code = compile(text, "<string>", "exec", dont_inherit=True)
                self.compiled += 1
            made[text] = code
        self._used.setdefault(module, set()).add(text)
        return code

    def _stored_code(self, module: str, text: str) -> CodeType | None:
        """The code of ``text`` read from ``module``'s file, or ``None``."""
        stored = self._stored.get(module)
        if stored is None:
            stored = self._stored[module] = self._read(module)
        data = stored.get(text)
        if data is None:
            return None
        try:
            code = marshal.loads(data)
        except (EOFError, ValueError, TypeError):
            return None
        return code if type(code) is CodeType else None

    def exec(self, source: Any, globals: Any = None, locals: Any = None, /, **kwargs: Any
             ) -> None:
        """``exec`` for :mod:`dataclasses`: the text of a method of a class of this program
        is compiled once through :meth:`code`; anything else goes to the built-in unchanged."""
        module = globals.get("__name__") if type(globals) is dict else None
        if type(source) is str and not kwargs and type(module) is str \
                and module.startswith(PREFIX):
            source = self.code(module, source)
        return builtins.exec(source, globals, locals, **kwargs)

    def _path(self, module: str) -> str | None:
        """The file of ``module``, or ``None`` without a folder or for a name that is not a
        dotted name of identifiers (it could not be a module's)."""
        if self.folder is None or not all(part.isidentifier() for part in module.split(".")):
            return None
        return os.path.join(self.folder, f"{module}.marshal")

    def _read(self, module: str) -> dict[str, bytes]:
        """The entries of ``module``'s file: empty when there is none, it is too large, it was
        written by another Python release or it is not in this module's format."""
        path = self._path(module)
        if path is None:
            return {}
        try:
            with open(path, "rb") as file:
                if os.fstat(file.fileno()).st_size > MAX_FILE_BYTES:
                    return {}
                data = file.read(MAX_FILE_BYTES + 1)
        except OSError:
            return {}
        try:
            loaded = marshal.loads(data)
        except (EOFError, ValueError, TypeError):
            return {}
        if type(loaded) is not tuple or len(loaded) != 3 or loaded[0] != _FORMAT \
                or loaded[1] != sys.hexversion or type(loaded[2]) is not dict:
            return {}
        return {text: code for text, code in loaded[2].items()
                if type(text) is str and type(code) is bytes}

    def save(self) -> int:
        """Write the file of every module for which this run compiled code, unless byte code
        is not to be written; returns how many files were written.  Errors of the file system
        are not raised (the cache only saves time)."""
        if self.folder is None or not self.compiled or sys.dont_write_bytecode:
            return 0
        written = 0
        for module, made in self._code.items():
            stored = self._stored.get(module, {})
            if all(text in stored for text in made):
                continue
            entries = {**stored, **{text: marshal.dumps(code) for text, code in made.items()}}
            if len(entries) > MAX_ENTRIES:
                entries = {text: entries[text] for text in self._used[module]}
            path = self._path(module)
            if path is not None and _write(path, marshal.dumps((_FORMAT, sys.hexversion,
                                                                entries))):
                written += 1
        return written


def _write(path: str, data: bytes) -> bool:
    """Write ``data`` to ``path`` through a temporary file renamed over it; returns whether
    it was written (an error of the file system leaves no temporary file and is not
    raised)."""
    temp = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(temp, "wb") as out:
            out.write(data)
        os.replace(temp, path)
    except OSError:
        from contextlib import suppress

        with suppress(OSError):
            os.unlink(temp)
        return False
    return True


def install(folder: str | None = None) -> CodeCache | None:
    """Make :mod:`dataclasses` compile the program's classes through a :class:`CodeCache` of
    ``folder`` (by default :func:`default_folder`), saved at exit; returns the cache, or
    ``None`` when ``dataclasses`` already has an ``exec`` of its own (installed before)."""
    if "exec" in vars(dataclasses):
        return None
    cache = CodeCache(folder if folder is not None else default_folder())
    dataclasses.exec = cache.exec  # type: ignore[attr-defined]
    atexit.register(cache.save)
    return cache
