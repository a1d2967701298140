"""The log's entries: words for people, with the board they belong to and any replay data
kept beside the words, never in them.

A :class:`LogEntry` is a ``str`` (its words), so code that reads or inserts log lines as text
keeps working; it also carries ``state`` (the board after the change that wrote it, one of
the session's undo states) and ``data`` (a dice roll's replayable record, for scripts and
tests, never drawn).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.games.contract import State


class LogEntry(str):
    """One log line: the words, the ``state`` after the change that wrote it (``None`` for a
    line written between changes, such as a dice record) and ``data`` kept for replay."""

    state: State | None
    data: Any

    def __new__(cls, words: str, state: State | None = None, data: Any = None) -> LogEntry:
        entry = super().__new__(cls, words)
        entry.state = state if state is not None else getattr(words, "state", None)
        entry.data = data if data is not None else getattr(words, "data", None)
        return entry


def entry_state(log: Sequence[str], index: int, initial: State) -> State:
    """The board as it was when ``log[index]`` was written: the entry's own state, else that of
    the nearest earlier entry with one (a dice record is written before the change it
    decides), else ``initial`` (the board as opened)."""
    for entry in reversed(log[:index + 1]):
        state = getattr(entry, "state", None)
        if state is not None:
            return state
    return initial
