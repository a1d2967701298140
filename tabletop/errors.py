"""The one error family.

Every error a user can cause (a malformed layout, a bad command-line argument, an illegal
action, an unanswerable question) is a :class:`TabletopError`.  Its ``str`` is one line in the
user's words that names the thing and the rule broken; the CLI prints it and exits, the window
shows it in the status line.  Nothing else is ever shown to a user.
"""

from __future__ import annotations


class TabletopError(ValueError):
    """Base of every user-facing error; ``str(error)`` is the one line to show."""


class LayoutError(TabletopError):
    """A layout file (or layout data) breaks the layout format or a placement rule.

    ``source`` is the file name (or ``"<layout>"``), ``line`` the 1-based line where known.
    """

    def __init__(self, message: str, *, source: str = "<layout>", line: int | None = None):
        self.message = message
        self.source = source
        self.line = line
        where = f"{source}:{line}" if line else source
        super().__init__(f"{where}: {message}")


class IllegalActionError(TabletopError):
    """An action the rules forbid; the message names the action and the rule."""

    def __init__(self, action: object, rule: str):
        self.action = action
        self.rule = rule
        super().__init__(f"{action}: {rule}")


class QueryError(TabletopError):
    """A ``tabletop query`` question that cannot be answered (unknown verb, piece, words)."""


class UsageError(TabletopError):
    """A command-line argument that is malformed or names nothing that exists."""
