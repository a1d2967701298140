"""One open board: the game, the current state, the undo/redo history, the log, the status.

The window's controllers change the board only through :meth:`Session.perform` (an action
checked by the game's rules core) or :meth:`Session.edit` (an edit-mode change checked by the
layout rules); both are undoable.  Undo is a list of states (STYLE: the UI keeps it).  Every
change is written to the recovery file, when there is one.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from tabletop.errors import IllegalActionError, LayoutError, TabletopError
from tabletop.games import layouts
from tabletop.games.contract import Action, Game, State
from tabletop.ui.logbook import LogEntry

if TYPE_CHECKING:
    from tabletop.ui.recovery import Recovery


@dataclass
class Step:
    """One undoable change: the state after it and what it was, in words."""

    state: State
    note: str


@dataclass
class Session:
    """The board being shown.

    ``history[-1]`` is the current state; ``history[0]`` the state as opened.  ``revision``
    grows on every change (views key caches on it).  ``status`` is the one line shown in the
    status bar; ``log`` the event sentences, oldest first (:class:`LogEntry`: each knows the
    state after its change).  ``saved`` is the state last
    written to ``path`` (the opened state; ``False`` for a board no file holds, such as one
    restored from a recovery file).  ``shown`` is a past state the window is drawing
    (:meth:`showing`), else ``None``.
    """

    game: Game
    initial: State
    path: str | None = None
    recovery: Recovery | None = None
    history: list[Step] = field(default_factory=list)
    redo_steps: list[Step] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    status: str = ""
    status_error: bool = False
    revision: int = 0
    saved: State | None = None
    shown: State | None = None

    def __post_init__(self) -> None:
        if not self.history:
            self.history = [Step(self.initial, "opened")]
        if self.saved is None:
            self.saved = self.initial

    @property
    def state(self) -> State:
        """The current state (or, while :meth:`showing` a past one, that one)."""
        return self.shown if self.shown is not None else self.history[-1].state

    @contextmanager
    def showing(self, past: State | None) -> Iterator[None]:
        """Within the block, :attr:`state` is ``past`` (when given): the window draws a past
        board through the screen's own filtering of hidden information, read-only."""
        before, self.shown = self.shown, past
        try:
            yield
        finally:
            self.shown = before

    def tell(self, words: str, error: bool = False) -> None:
        """Show ``words`` in the status line (in red when ``error``)."""
        self.status = words
        self.status_error = error

    @property
    def dirty(self) -> bool:
        """Whether the board differs from the one opened or last saved (undoing back to it
        makes it clean again)."""
        return self.state is not self.saved

    def _push(self, state: State, note: str, lines: list[str]) -> None:
        self.history.append(Step(state, note))
        self.redo_steps.clear()
        self.log.extend(LogEntry(line, state) for line in lines)
        self.revision += 1
        self.write_recovery()

    def perform(self, action: Action) -> bool:
        """Apply ``action`` with the rules core.  On success the new state is pushed, the
        described events go to the log, redo is cleared, and ``True`` is returned; an illegal
        action (any :class:`TabletopError`) sets ``status`` to its message, changes nothing and
        returns ``False``."""
        try:
            state, events = self.game.apply(self.state, action)
        except IllegalActionError as exc:
            self.tell(f"{self.words(exc.action)}: {exc.rule}" if exc.action is action
                      else str(exc), error=True)
            return False
        except TabletopError as exc:
            self.tell(str(exc), error=True)
            return False
        said = self.words(action)
        lines = [self.game.describe(event) for event in events] or [said]
        self.tell(lines[-1])
        self._push(state, said, lines)
        return True

    def words(self, action: Action) -> str:
        """``action`` in the players' words (the game's ``say``: names, not ids)."""
        if self.game.say is None:
            return str(action)
        try:
            return self.game.say(self.state, action)
        except (LookupError, TypeError, AttributeError, ValueError, TabletopError):
            # an ill-made action, or a card the state does not know: as it was given
            return str(action)

    def edit(self, new_state: State, note: str) -> bool:
        """Replace the state by ``new_state`` (an edit-mode change), checked by the layout
        rules: a placement the layout loader would refuse is refused with the loader's message
        in ``status`` and ``False``.  Undoable like an action; ``note`` goes to the log."""
        try:
            layouts.loads(layouts.dumps(new_state), "the board")
        except TabletopError as exc:
            message = exc.message if isinstance(exc, LayoutError) else str(exc)
            self.tell(f"{note}: not done, {message}", error=True)
            return False
        self.tell(note)
        self._push(new_state, note, [note])
        return True

    def undo(self) -> bool:
        """Go back one change; ``False`` (with a status) when there is nothing to undo."""
        if len(self.history) <= 1:
            self.tell("nothing to undo", error=True)
            return False
        step = self.history.pop()
        self.redo_steps.append(step)
        self.tell(f"undone: {step.note}")
        self.log.append(LogEntry(self.status, self.state))
        self.revision += 1
        self.write_recovery()
        return True

    def redo(self) -> bool:
        """Redo the last undone change; ``False`` (with a status) when there is none."""
        if not self.redo_steps:
            self.tell("nothing to redo", error=True)
            return False
        step = self.redo_steps.pop()
        self.history.append(step)
        self.tell(f"redone: {step.note}")
        self.log.append(LogEntry(self.status, self.state))
        self.revision += 1
        self.write_recovery()
        return True

    def save(self, path: str | os.PathLike | None = None) -> bool:
        """Write the current board as a layout to ``path`` (default: the file it came from)
        atomically.  Returns ``False`` with the reason in ``status`` when it cannot."""
        target = path if path is not None else self.save_path()
        try:
            layouts.save(target, self.state)
        except TabletopError as exc:
            self.tell(str(exc), error=True)
            return False
        self.path = str(target)
        self.saved = self.state
        self.tell(f"saved {target}")
        return True

    def save_path(self) -> str:
        """Where Ctrl+S writes: the layout file opened, or beside a PNG/new board a ``.toml``."""
        if self.path and not self.path.lower().endswith(".png"):
            return self.path
        if self.path:
            return str(Path(self.path).with_suffix(".toml"))
        return "board.toml"

    def write_recovery(self) -> None:
        """Write the current board to the recovery file (when there is one); a failure is
        reported in the status line, never raised."""
        if self.recovery is None:
            return
        try:
            self.recovery.write(self.state, self.path)
        except TabletopError as exc:
            self.tell(f"recovery file not written: {exc}", error=True)
