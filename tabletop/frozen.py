"""Frozen dataclasses made on first use: the base class of the games' actions and of the
other small values a run may never build (rolls, card-sequence drafts, overlays, settings).

``class MoveKnight(Frozen)`` with annotated fields is ``@dataclass(frozen=True) class
MoveKnight`` in every way the program and its tests can tell (``__init__``, ``==``, ``hash``,
``repr``, immutability, :func:`dataclasses.fields`, :func:`dataclasses.replace`,
``__match_args__``, pickling and copying), except when the work is done: the standard
``dataclass`` writes and compiles each class's methods when the class is made, about half a
millisecond per class, and a game has dozens of kinds of action of which a picture, a
question or the first frame of a window builds few or none.  Here the class is handed to
``dataclass(frozen=True)`` the first time an instance is made (also by unpickling or
copying) or the first time its dataclass attributes are looked up (``fields(MoveKnight)``,
``is_dataclass(MoveKnight)``), once, under a lock (the window's background thread builds
actions too).  The cost afterwards is one check per instance made, a fraction of a
microsecond; a value built by the thousand in a frame (a die's pose in the tray) stays a plain
dataclass.
"""

from __future__ import annotations

import _thread
import dataclasses
from typing import Any, dataclass_transform

_LOCK = _thread.RLock()
_MADE_ON_LOOK_UP = frozenset({"__dataclass_fields__", "__dataclass_params__",
                              "__match_args__"})
"""The class attributes ``dataclass`` adds that are looked up on a class before any
instance exists (by ``fields``, ``is_dataclass`` and class patterns in ``match``)."""


_MADE = "_frozen_dataclass_made"
"""The class attribute set once ``dataclass`` has finished with a class.  ``dataclass`` adds
``__dataclass_fields__`` before it adds ``__init__``, so another thread must not take that for
a finished class."""


def _make(cls: type) -> None:
    """Make ``cls`` a frozen dataclass, unless it is one already."""
    with _LOCK:
        if _MADE not in cls.__dict__:
            if "__dataclass_fields__" not in cls.__dict__:
                dataclasses.dataclass(frozen=True)(cls)
            setattr(cls, _MADE, True)


class _MadeOnLookUp(type):
    """The type of :class:`Frozen` classes: looking up a dataclass attribute the class does
    not have yet makes the class first."""

    def __getattr__(cls, name: str) -> Any:
        if name in _MADE_ON_LOOK_UP and cls is not Frozen \
                and "__dataclass_fields__" not in cls.__dict__:
            _make(cls)
            return getattr(cls, name)
        raise AttributeError(f"type object {cls.__name__!r} has no attribute {name!r}")


@dataclass_transform(frozen_default=True)
class Frozen(metaclass=_MadeOnLookUp):
    """Subclass with annotated fields for a frozen dataclass made on first use (see the
    module docstring)."""

    __slots__ = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        if _MADE not in cls.__dict__:
            _make(cls)
        return object.__new__(cls)
