"""Which parts of an action are choices the rulebook gives the player.

Every action type of every game declares ``CHOICES``: a tuple of :class:`Choice`, one per
field whose value the player picks (which card to discard, which target, whether to use a
"may").  The window reads them to decide whether it must ask before acting
(:func:`must_ask`): a choice is the player's even when only one form of it is legal, so the
window asks unless the player turned on *auto-resolve forced choices* and the choice is truly
forced (one legal form, and no "may" in it: a "may" can always be left unused, by not taking
the action at all).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Choice:
    """Field ``field`` of an action holds a choice the rulebook gives the player, ``words``
    saying it in the player's words ("which Characters to discard for Imbue"); ``may``: the
    rulebook says the player *may* (using it at all is the player's)."""

    field: str
    words: str
    may: bool = False


def declared(kind: type) -> tuple[Choice, ...]:
    """The choices action type ``kind`` declares (its own ``CHOICES``); raises
    ``AttributeError`` for a type that declares none (every game's action types do)."""
    if "CHOICES" not in vars(kind):
        raise AttributeError(f"{kind.__name__} declares no CHOICES")
    return vars(kind)["CHOICES"]


def involved(action: Any) -> tuple[Choice, ...]:
    """The choices ``action`` makes: the declared ones whose field holds something other than
    the field's default (a target named, a card picked, a "may" used)."""
    defaults = {f.name: f.default for f in dataclasses.fields(action)}
    return tuple(c for c in declared(type(action))
                 if getattr(action, c.field) != defaults.get(c.field, dataclasses.MISSING))


def must_ask(forms: Sequence[Any], chosen: Collection[str] = (),
             auto_forced: bool = False) -> bool:
    """Whether the window must ask the player before doing one of ``forms`` (the legal forms
    of what the player asked for): always with more than one form; with one, when it makes a
    choice (:func:`involved`) the player has not made already (``chosen``: fields picked by
    the click itself, such as the target clicked), unless ``auto_forced`` and none of those
    choices is a "may"."""
    if len(forms) != 1:
        return len(forms) > 1
    open_choices = [c for c in involved(forms[0]) if c.field not in chosen]
    if not open_choices:
        return False
    return not auto_forced or any(c.may for c in open_choices)
