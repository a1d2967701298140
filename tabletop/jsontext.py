"""A ``tabletop query`` answer as one line of JSON, written without importing :mod:`json`.

``dumps(value)`` is ``json.dumps(value, ensure_ascii=False)``, character for character: an
answer is made of dicts with string keys, lists, tuples, strings, whole numbers, ``true``,
``false`` and ``null``, and those are written here as the standard encoder writes them (items
separated by ``", "``, keys by ``": "``, in their order; a string in double quotes with
``"``, ``\\`` and the control characters below U+0020 escaped as ``json`` escapes them).
Anything else (a float, a subclass, a key that is not a string, nesting deeper than
:data:`MAX_DEPTH`) is handed to :func:`json.dumps` whole, so it too is written as ``json``
writes it or refused as ``json`` refuses it.

Importing :mod:`json` compiles the regular expressions of its decoder and encoder, about a
twentieth of a whole query's work, to write one short line.
"""

from __future__ import annotations

from typing import Any

_ESCAPES = {ord(char): f"\\u{ord(char):04x}" for char in map(chr, range(0x20))}
_ESCAPES.update({ord("\\"): "\\\\", ord('"'): '\\"', 0x08: "\\b", 0x0C: "\\f", 0x0A: "\\n",
                 0x0D: "\\r", 0x09: "\\t"})
"""What :mod:`json` writes for each character it escapes in a string (``ensure_ascii`` off),
by code point."""

MAX_DEPTH = 100
"""The deepest nesting of lists and dicts written here; deeper values go to :mod:`json`."""


class _Unwritten(Exception):
    """A value this module leaves to :mod:`json`."""


def dumps(value: Any) -> str:
    """``json.dumps(value, ensure_ascii=False)``."""
    try:
        return _text(value, MAX_DEPTH)
    except _Unwritten:
        import json

        return json.dumps(value, ensure_ascii=False)


def _text(value: Any, depth: int) -> str:
    """``value`` as JSON text, lists and dicts nested at most ``depth`` deep; raises
    :class:`_Unwritten` for a value that is not one of the kinds written here."""
    kind = type(value)
    if kind is str:
        return f'"{value.translate(_ESCAPES)}"'
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if kind is int:
        return int.__repr__(value)
    if depth:
        if kind is list or kind is tuple:
            return "[" + ", ".join([_text(item, depth - 1) for item in value]) + "]"
        if kind is dict:
            return "{" + ", ".join([f"{_key(key)}: {_text(item, depth - 1)}"
                                    for key, item in value.items()]) + "}"
    raise _Unwritten


def _key(key: Any) -> str:
    """A dict key as JSON text: a string; raises :class:`_Unwritten` for any other key."""
    if type(key) is not str:
        raise _Unwritten
    return f'"{key.translate(_ESCAPES)}"'
