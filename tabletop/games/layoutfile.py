"""Reading and writing layout files: TOML in, validated tables, atomic TOML out.

Every game's layout loader reads its tables through :class:`Table`, which checks keys and
types and raises :class:`~tabletop.errors.LayoutError` naming the file, the line (found in the
source text, since ``tomllib`` keeps no positions), the table and the key.
"""

from __future__ import annotations

import os
import re
import tempfile
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

from tabletop.errors import LayoutError

KeyPath = tuple[str | int, ...]

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"""^\s*("[^"]*"|'[^']*'|[A-Za-z0-9_-]+)\s*=""")


_STRING_OR_COMMENT = re.compile(r'"(?:\\.|[^"\\])*"|\'[^\']*\'|#.*$')


def _bracket_change(text: str) -> int:
    """Opening minus closing brackets and braces in ``text`` (strings and comments skipped),
    so that the lines of an array spanning several lines are not read as keys or headers."""
    bare = _STRING_OR_COMMENT.sub("", text)
    return bare.count("[") + bare.count("{") - bare.count("]") - bare.count("}")


def _unquote(key: str) -> str:
    return key[1:-1] if key[:1] in "\"'" else key


@dataclass
class Source:
    """The text of a layout and where it came from, for error messages.

    ``line_of(path)`` returns the 1-based line that defines the key path (for example
    ``("knights", 1, "at")`` for the second ``[[knights]]`` table's ``at``), or of the nearest
    enclosing table, or ``None`` when the text gives no clue (data built in code).
    """

    name: str = "<layout>"
    text: str = ""
    _lines: dict[KeyPath, int] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        counts: dict[KeyPath, int] = {}  # elements seen of each array of tables
        latest: dict[tuple[str, ...], int] = {}  # index of the latest element, by header name
        current: KeyPath = ()
        open_string: str | None = None  # the quote of a multi-line string being read
        depth = 0  # brackets still open in a value that spans lines
        for number, line in enumerate(self.text.splitlines(), start=1):
            if open_string is not None:
                if line.count(open_string) % 2 == 1:
                    open_string = None
                continue
            if depth > 0:
                depth = max(0, depth + _bracket_change(line))
                continue
            header = _HEADER.match(line)
            if header:
                names = tuple(_unquote(part.strip()) for part in header.group(2).split("."))
                parent: KeyPath = ()
                for depth_index, name in enumerate(names[:-1]):
                    parent = (*parent, name)
                    if names[:depth_index + 1] in latest:  # inside the latest array element
                        parent = (*parent, latest[names[:depth_index + 1]])
                if header.group(1) == "[[":
                    index = counts.get((*parent, names[-1]), 0)
                    counts[(*parent, names[-1])] = index + 1
                    latest[names] = index
                    current = (*parent, names[-1], index)
                else:
                    current = (*parent, names[-1])
                self._lines.setdefault(current, number)
                continue
            key = _KEY.match(line)
            if key:
                self._lines.setdefault((*current, _unquote(key.group(1))), number)
                value = line[key.end():]
                open_string = next((q for q in ('"""', "'''") if value.count(q) % 2 == 1),
                                   None)
                if open_string is None:
                    depth = max(0, _bracket_change(value))

    def line_of(self, path: KeyPath) -> int | None:
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
        if key not in self.data:
            return default
        value = self.data[key]
        ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            ok, value = True, float(value)
        if not ok:
            raise self.error(key, f"must be {_TYPE_NAMES.get(kind, kind.__name__)}, "
                                  f"not {_show(value)}")
        if check is not None:
            problem = check(value)
            if problem:
                raise self.error(key, problem)
        return value

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
        for value in values:
            if not isinstance(value, str):
                raise self.error(key, f"must be a list of strings, but holds {_show(value)}")
        return tuple(values)

    def choice(self, key: str, choices: Iterable[str], default: str | None = None) -> str:
        """A string that must be one of ``choices`` (case-insensitive, returned lower-case)."""
        allowed = tuple(choices)
        value = self.req(key, str) if default is None else self.get(key, str, default)
        if value.lower() not in allowed:
            raise self.error(key, f"{value!r} is not one of {', '.join(allowed)}")
        return value.lower()

    def tables(self, key: str, label: Callable[[int, dict], str] | None = None) -> list[Table]:
        """The array of tables under ``key`` (absent -> empty), each as a :class:`Table`."""
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
                else f"{kind} #{index + 1}")

    return label


def parse_toml(text: str, source_name: str) -> dict:
    """The TOML document in ``text``; a syntax error names the file and line."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        match = re.search(r"\(at line (\d+), column \d+\)", message)
        line = int(match.group(1)) if match else None
        reason = re.sub(r"\s*\(at line \d+, column \d+\)", "", message)
        raise LayoutError(f"not valid TOML: {reason}", source=source_name, line=line) from None


def read_text(path: str | os.PathLike) -> str:
    """The UTF-8 text of ``path``; missing or unreadable files raise :class:`LayoutError`."""
    p = Path(path)
    try:
        return p.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise LayoutError("no such file", source=str(path)) from None
    except IsADirectoryError:
        raise LayoutError("is a folder, not a layout file", source=str(path)) from None
    except UnicodeDecodeError:
        raise LayoutError("is not UTF-8 text (a layout is a TOML file)",
                          source=str(path)) from None
    except OSError as exc:
        raise LayoutError(f"cannot be read: {exc.strerror}", source=str(path)) from None
    except ValueError:  # a NUL character, which no file name can hold
        raise LayoutError("is not a usable file name", source=repr(str(path))) from None


def to_toml(data: dict) -> str:
    """``data`` written as TOML text (``tomli_w``), ending in a newline.

    Strings with line breaks are written as multi-line strings for readability, unless some
    string holds a carriage return, which a TOML reader would turn into a plain line break:
    then every string is written escaped, so that reading the text back gives ``data`` exactly.
    """
    return tomli_w.dumps(data, multiline_strings=not _holds_carriage_return(data))


def _holds_carriage_return(value: Any) -> bool:
    if isinstance(value, str):
        return "\r" in value
    if isinstance(value, dict):
        return any(_holds_carriage_return(v) for v in value.values())
    if isinstance(value, list | tuple):
        return any(_holds_carriage_return(v) for v in value)
    return False


def write_atomic(path: str | os.PathLike, data: bytes | str) -> None:
    """Write ``data`` to ``path`` so that the file is either the old one or the new one.

    The bytes go to a temporary file in the same folder, are flushed to disk, and the
    temporary file is renamed over ``path``; a crash at any moment never leaves half a file.
    Raises :class:`LayoutError` when the folder cannot be written.
    """
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    folder = target.parent if str(target.parent) else Path(".")
    try:
        handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise LayoutError(f"cannot be written: {exc.strerror}", source=str(path)) from None
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(payload)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, target)
    except OSError as exc:
        Path(temp).unlink(missing_ok=True)
        raise LayoutError(f"cannot be written: {exc.strerror}", source=str(path)) from None
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
