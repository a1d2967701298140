"""Actions whose fields do not hold what their annotations say are refused before any rule
reads them.

Actions come from clicks, scripts and saved logs.  A field of the wrong kind (a number where a
name belongs, ``None`` where a space belongs, a list where a tuple of dice belongs) would
otherwise fail somewhere deep inside a rule, or in the action's own ``str``; every game's
``apply`` calls :func:`check_fields` first, so such an action is an
:class:`~tabletop.errors.IllegalActionError` naming the action type and the field.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from typing import Any

from tabletop.errors import IllegalActionError

_WORDS = {str: "text", int: "a whole number", bool: "true or false", type(None): "nothing"}


@functools.cache
def _hints(kind: type) -> dict[str, Any]:
    return typing.get_type_hints(kind)


def _words(hint: Any) -> str:
    """The annotation ``hint`` in words (``a whole number or nothing``)."""
    origin = typing.get_origin(hint)
    if origin in (types.UnionType, typing.Union):
        return " or ".join(_words(arm) for arm in typing.get_args(hint))
    if origin is tuple:
        return f"a tuple, each {_words(typing.get_args(hint)[0])}"
    return _WORDS.get(hint, f"a {getattr(hint, '__name__', hint)}")


def _fits(value: Any, hint: Any) -> bool:
    """Whether ``value`` is of the annotated type ``hint``: ``str``, ``int`` (not ``bool``),
    ``bool``, a class (a dataclass's own fields checked too), ``X | None``, ``tuple[X, ...]``;
    any other annotation accepts anything."""
    origin = typing.get_origin(hint)
    if origin in (types.UnionType, typing.Union):
        return any(_fits(value, arm) for arm in typing.get_args(hint))
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(item, args[0]) for item in value)
        return len(value) == len(args) and all(
            _fits(item, arg) for item, arg in zip(value, args, strict=True))
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is type(None):
        return value is None
    if isinstance(hint, type):
        return isinstance(value, hint) and field_problem(value) is None
    return True


def field_problem(action: object) -> str | None:
    """The first field of the dataclass ``action`` whose value is not of its annotated type,
    in words, or ``None`` when every field fits (or ``action`` is no dataclass)."""
    if not dataclasses.is_dataclass(action) or isinstance(action, type):
        return None
    hints = _hints(type(action))
    for field in dataclasses.fields(action):
        value = getattr(action, field.name)
        if not _fits(value, hints[field.name]):
            shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
            return f"{field.name} must be {_words(hints[field.name])}, not {shown}"
    return None


def check_fields(action: object) -> None:
    """Raise :class:`IllegalActionError` (naming the action type, since an ill-made action
    may not be able to say itself in words) when a field of ``action`` is of the wrong kind."""
    problem = field_problem(action)
    if problem is not None:
        raise IllegalActionError(type(action).__name__, problem)
