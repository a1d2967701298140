"""Reading and writing layout files: TOML in, validated tables, atomic TOML out.

Every game's layout loader reads its tables through :class:`Table`, which checks keys and
types and raises :class:`~tabletop.errors.LayoutError` naming the file, the line (found in the
source text, since ``tomllib`` keeps no positions), the table and the key.
"""

from __future__ import annotations

import math
import os
import re
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tabletop.errors import LayoutError
from tabletop.games.safefiles import LAYOUT_MAX_BYTES, FileProblem, read_bounded, shown_path

if TYPE_CHECKING:
    from tabletop.games.tomllines import KeyPath


@dataclass
class Source:
    """The text of a layout and where it came from, for error messages.

    ``line_of(path)`` returns the 1-based line that defines the key path (for example
    ``("knights", 1, "at")`` for the second ``[[knights]]`` table's ``at``), or of the nearest
    enclosing table, or ``None`` when the text gives no clue (data built in code).  The lines
    are found only when an error asks for one (:mod:`tabletop.games.tomllines` is imported
    then).

    ``folder`` is the folder whose files the layout may name (its own folder, a path as text or
    a :class:`~pathlib.Path`); ``None`` for a layout inside a picture or given as text, which
    may name no file at all.
    """

    name: str = "<layout>"
    text: str = ""
    folder: str | os.PathLike | None = None
    _lines: dict[KeyPath, int] | None = field(default=None, init=False, repr=False)

    def line_of(self, path: KeyPath) -> int | None:
        if self._lines is None:
            from tabletop.games.tomllines import key_lines

            self._lines = key_lines(self.text)
        for end in range(len(path), 0, -1):
            line = self._lines.get(tuple(path[:end]))
            if line is not None:
                return line
        return None

    def error(self, path: KeyPath, message: str) -> LayoutError:
        """A :class:`LayoutError` for ``message`` located at ``path``."""
        return LayoutError(message, source=self.name, line=self.line_of(path))


def describe_path(path: KeyPath) -> str:
    """``("knights", 1, "at")`` -> ``knights[2].at`` (1-based, as users count tables)."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part + 1}]"
        else:
            out += f".{part}" if out else part
    return out


INT_LOW, INT_HIGH = -1_000_000, 1_000_000
"""The range of every whole number in a layout, before any rule narrows it further."""
MAX_TABLES = 1000
"""The most entries in one list or array of tables (pieces, tiles, cards, offsets...)."""
MAX_NAME = 60
"""The longest name (a piece, card, tile, terrain, option or any other word) in a layout."""
MAX_TEXT = 4000
"""The longest free text (``title``, ``notes``, a card's ``text``) in a layout."""
FREE_TEXT_KEYS = frozenset({"title", "notes", "text", "perk", "set", "result", "traits",
                            "effects", "abilities", "critical", "source"})
"""The keys whose strings (or lists of strings) are free text; every other string is a
name."""

_ABSENT = object()
"""What :meth:`Table.get` finds for a key the table does not have."""
_TYPE_NAMES = {str: "a string", int: "a whole number", bool: "true or false",
               list: "a list", dict: "a table", float: "a number"}


class Table:
    """One TOML table being validated.

    ``label`` is how messages name the table (``knight "Kara"``, ``[board]``).  Read each key
    with :meth:`get`/:meth:`req`, then call :meth:`done` to reject unknown keys.
    """

    def __init__(self, data: Any, source: Source, path: KeyPath, label: str | None = None):
        self.source = source
        self.path = path
        self.label = label or (f"[{describe_path(path)}]" if path else "the top level")
        if not isinstance(data, dict):
            raise source.error(path, f"{self.label} must be a table")
        self.data = data
        self._used: set[str] = set()

    def error(self, key: str | None, message: str) -> LayoutError:
        """An error naming this table (and ``key``) at the key's line."""
        path = (*self.path, key) if key else self.path
        what = f"{self.label}: {key}" if key else self.label
        return self.source.error(path, f"{what}: {message}" if key else f"{what} {message}")

    def has(self, key: str) -> bool:
        return key in self.data

    def get(self, key: str, kind: type, default: Any = None, *,
            check: Callable[[Any], str | None] | None = None) -> Any:
        """The value of ``key`` (``default`` when absent), which must be of ``kind``.

        ``check`` returns ``None`` for a good value or the rule it breaks, in words.
        """
        self._used.add(key)
        value = self.data.get(key, _ABSENT)
        if value is _ABSENT:
            return default
        if type(value) is not kind:  # TOML gives exact types: only a mistake or a conversion
            value = self._of_kind(key, kind, value)
        if kind is str:
            longest = MAX_TEXT if key in FREE_TEXT_KEYS else MAX_NAME
            if len(value) > longest:
                raise self.error(key, f"is {len(value)} characters long; the most is {longest}")
        elif kind is list:
            if len(value) > MAX_TABLES:
                raise self.error(key, f"lists {len(value)} entries; the most is {MAX_TABLES}")
        elif kind is int:
            if not INT_LOW <= value <= INT_HIGH:
                raise self.error(key, f"must be a whole number from {INT_LOW} to {INT_HIGH}")
        elif kind is float and not math.isfinite(value):
            raise self.error(key, "must be a finite number")
        if check is not None:
            problem = check(value)
            if problem:
                raise self.error(key, problem)
        return value

    def _of_kind(self, key: str, kind: type, value: Any) -> Any:
        """``value`` of ``key``, whose type is not exactly ``kind``, as a value of ``kind``: an
        instance of a subclass as it is, a whole number (not ``true`` or ``false``) as a
        float where a number is asked for; anything else (``true`` where a whole number is
        asked for too) raises the error naming the kind."""
        if isinstance(value, kind) and not (kind is int and isinstance(value, bool)):
            return value
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            return float(value)
        raise self.error(key, f"must be {_TYPE_NAMES.get(kind, kind.__name__)}, "
                              f"not {_show(value)}")

    def req(self, key: str, kind: type, *,
            check: Callable[[Any], str | None] | None = None) -> Any:
        """Like :meth:`get` but the key must be present."""
        if key not in self.data:
            self._used.add(key)
            raise self.error(None, f"is missing the key {key!r}")
        return self.get(key, kind, check=check)

    def str_list(self, key: str, default: Iterable[str] = ()) -> tuple[str, ...]:
        """A list of strings (absent -> ``default``)."""
        values = self.get(key, list, None)
        if values is None:
            return tuple(default)
        longest = MAX_TEXT if key in FREE_TEXT_KEYS else MAX_NAME
        for value in values:
            if not isinstance(value, str):
                raise self.error(key, f"must be a list of strings, but holds {_show(value)}")
            if len(value) > longest:
                raise self.error(key, f"holds a string of {len(value)} characters; the most "
                                      f"is {longest}")
        return tuple(values)

    def choice(self, key: str, choices: Iterable[str], default: str | None = None) -> str:
        """A string that must be one of ``choices`` (case-insensitive, returned lower-case)."""
        allowed = tuple(choices)
        value = self.req(key, str) if default is None else self.get(key, str, default)
        if value.lower() not in allowed:
            raise self.error(key, f"{value!r} is not one of {', '.join(allowed)}")
        return value.lower()

    def tables(self, key: str, label: Callable[[int, dict], str] | None = None) -> list[Table]:
        """The array of tables under ``key`` (absent -> empty), each as a :class:`Table`; at
        most :data:`MAX_TABLES` of them."""
        values = self.get(key, list, [])
        out = []
        for index, value in enumerate(values):
            path = (*self.path, key, index)
            name = label(index, value) if label and isinstance(value, dict) else None
            out.append(Table(value, self.source, path, name))
        return out

    def sub(self, key: str, *, required: bool = True) -> Table | None:
        """The sub-table ``key`` as a :class:`Table` (``None`` if optional and absent)."""
        self._used.add(key)
        if key not in self.data:
            if required:
                raise self.error(None, f"is missing the table [{describe_path((*self.path, key))}]")
            return None
        return Table(self.data[key], self.source, (*self.path, key))

    def done(self) -> None:
        """Raise for the first key that no reader asked for (a typo must not pass silently)."""
        for key in self.data:
            if key not in self._used:
                raise self.error(key, "is not a known key here")


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def named_label(kind: str) -> Callable[[int, dict], str]:
    """A label function for arrays of named tables: ``knight "Kara"`` or ``knight #2``."""

    def label(index: int, data: dict) -> str:
        name = data.get("name")
        return (f'{kind} "{name}"' if isinstance(name, str) and name.isprintable()
                and len(name) <= MAX_NAME else f"{kind} #{index + 1}")

    return label


MAX_DEPTH = 12
"""The deepest nesting of tables and lists a layout may hold (shipped layouts need 4)."""

LINE_IN_MESSAGE = r"\(at line (\d{1,9}), column \d{1,9}\)"
"""Where ``tomllib`` says the error is, at the end of its message (compiled by :mod:`re` only
when a file fails to parse)."""


def parse_toml(text: str, source_name: str) -> dict:
    """The TOML document in ``text``; a syntax error names the file and line.  Nesting
    deeper than :data:`MAX_DEPTH` (which would make the parser, or any reader after it,
    recurse without end) is refused."""
    if len(text) > LAYOUT_MAX_BYTES:
        raise LayoutError(f"is longer than {LAYOUT_MAX_BYTES // (1024 * 1024)} MiB, the most "
                          f"read", source=source_name)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        match = re.search(LINE_IN_MESSAGE, message)
        line = int(match.group(1)) if match else None
        reason = re.sub(LINE_IN_MESSAGE, "", message).strip()
        raise LayoutError(f"not valid TOML: {reason}", source=source_name, line=line) from None
    except RecursionError:
        data = None
    except ValueError:  # a whole number too long for Python to convert
        raise LayoutError("not valid TOML: a number has too many digits",
                          source=source_name) from None
    if data is None or _too_deep(data):
        raise LayoutError(f"tables and lists are nested more than {MAX_DEPTH} deep",
                          source=source_name)
    return data


def _too_deep(data: dict) -> bool:
    """Whether ``data`` nests tables and lists deeper than :data:`MAX_DEPTH` (walked one level
    at a time, not by recursion)."""
    level, depth = [data], 1
    while level:
        below = [child for value in level
                 for child in (value.values() if isinstance(value, dict) else value)
                 if isinstance(child, (dict, list))]
        if below and depth == MAX_DEPTH:
            return True
        level, depth = below, depth + 1
    return False


def read_text(path: str | os.PathLike) -> str:
    """The UTF-8 text of the layout file at ``path`` (a regular file of at most
    :data:`~tabletop.games.safefiles.LAYOUT_MAX_BYTES`); anything else raises
    :class:`LayoutError`."""
    try:
        data = read_bounded(path, LAYOUT_MAX_BYTES)
    except FileProblem as problem:
        raise LayoutError(str(problem), source=shown_path(path)) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise LayoutError("is not UTF-8 text (a layout is a TOML file)",
                          source=shown_path(path)) from None


def to_toml(data: dict) -> str:
    """``data`` written as TOML text (``tomli_w``), ending in a newline.

    Strings with line breaks are written as multi-line strings for readability, unless some
    string holds a carriage return, which a TOML reader would turn into a plain line break:
    then every string is written escaped, so that reading the text back gives ``data`` exactly.
    """
    import tomli_w  # only a save writes TOML

    return tomli_w.dumps(data, multiline_strings=not _holds_carriage_return(data))


def _holds_carriage_return(value: Any) -> bool:
    if isinstance(value, str):
        return "\r" in value
    if isinstance(value, dict):
        return any(_holds_carriage_return(v) for v in value.values())
    if isinstance(value, list | tuple):
        return any(_holds_carriage_return(v) for v in value)
    return False
