"""Saving a layout over (or from) a file people wrote by hand, keeping how they wrote it.

:func:`keep_format` takes the text of the old file and the layout tables of the board to save
and returns the new text: every key whose value did not change keeps its line exactly as it
was (comments, spacing, inline tables, arrays over several lines), changed values are written
in place, keys the board no longer has are dropped (a key the board never had, such as a
cross-check, stays while it still holds), new keys go at the end of their table; a key the old
file left to its default is not added while the value is still that default.
It uses ``tomlkit``, the maintained format-preserving TOML library (docs/layouts.md says why
and what it costs).  :func:`tabletop.games.layouts.save` reads the result back and saves the
plain ``tomli_w`` text instead should the board differ, so a save is always exact.
"""

from __future__ import annotations

import tomllib
from typing import Any

import tomlkit
from tomlkit.exceptions import TOMLKitError
from tomlkit.items import AoT, Array, Table

from tabletop.games.layoutfile import to_toml

MAX_KEEP_BYTES = 4_000_000
"""An old file larger than this is not worth keeping the format of: the plain text is saved."""
LINE = 88
"""A list of values longer than this many characters is written one value per line."""


def keep_format(old_text: str, data: dict[str, Any], was: dict[str, Any] | None = None) -> str:
    """The TOML text of ``data`` laid out like ``old_text`` where the two agree (see the
    module docstring); ``was`` is the layout tables of the board ``old_text`` holds (written
    out in full), which tell the keys the old file left to their defaults.  Plain
    ``tomli_w`` text when ``old_text`` is not TOML or too large."""
    if not old_text or len(old_text) > MAX_KEEP_BYTES:
        return to_toml(data)
    try:
        document = tomlkit.parse(old_text)
        _merge(document, data, was)
        text = tomlkit.dumps(document)
        tomllib.loads(text)
    except (TOMLKitError, tomllib.TOMLDecodeError, ValueError, TypeError, RecursionError):
        return to_toml(data)
    return text if text.endswith("\n") else text + "\n"


def _merge(old: Any, new: dict[str, Any], was: Any) -> None:
    """Make the tomlkit container ``old`` hold ``new``, keeping every unchanged item; ``was``
    is what ``old`` meant in full (``None`` when unknown)."""
    if not isinstance(was, dict):
        was = {}
        for key in [k for k in old if k not in new]:
            del old[key]
    for key in [k for k in old if k not in new and k in was]:
        del old[key]
    for key, value in new.items():
        if key not in old:
            if key not in was or was[key] != value:
                old[key] = _item(value, False)
            continue
        current = old[key]
        if _plain(current) == value:
            continue
        if isinstance(value, dict) and isinstance(current, Table | dict):
            _merge(current, value, was.get(key))
        elif _tables(value) and isinstance(current, AoT | Array) and len(current) == len(value) \
                and all(isinstance(element, dict) for element in current):
            before = was.get(key)
            if not (_tables(before) and len(before) == len(value)):
                before = [None] * len(value)
            for element, table, meant in zip(current, value, before, strict=True):
                _merge(element, table, meant)
        else:
            old[key] = _item(value, "\n" in current.as_string()
                             if hasattr(current, "as_string") else False)


def _item(value: Any, spread: bool) -> Any:
    """``value`` ready to go into the document: a list of plain values one per line when
    the old one was written so (``spread``) or when it would not fit on a line."""
    if not isinstance(value, list) or _tables(value) and value:
        return value
    array = tomlkit.array()
    array.extend(value)
    if spread or len(array.as_string()) > LINE:
        array.multiline(True)
    return array


def _tables(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, dict) for v in value)


def _plain(item: Any) -> Any:
    """A tomlkit item as plain Python data (for comparing with the new tables)."""
    return item.unwrap() if hasattr(item, "unwrap") else item
