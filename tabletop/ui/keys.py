"""App-wide key bindings: keys that work on every screen.

The app checks this table for a key press that no controller on the stack consumed (a modal
controller swallows keys, so these do not fire under it).  A module that wants an app-wide key
adds one :class:`AppKey` here; ``target`` is ``"module:Class"`` of a modal controller, which the
app imports on first use and pushes as ``Class(app.session)``.  The window's own keys (undo,
redo, save, screenshot, help, quit) are handled by :mod:`tabletop.ui.app` itself and listed
in ``docs/window.md``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class AppKey:
    """Key ``key`` (a pygame key name such as ``"d"``), with Ctrl when ``ctrl``, pushes the
    modal controller ``target`` (``"module:Class"``); ``help`` says what for."""

    key: str
    target: str
    help: str
    ctrl: bool = False


APP_KEYS: list[AppKey] = [
    AppKey("d", "tabletop.ui.widgets.dice_tray:DiceTray", "the dice tray (the game's dice)"),
]
