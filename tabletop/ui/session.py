"""One open board: the game, the current state, the undo/redo history, the log, the status.

The window's controllers change the board only through :meth:`Session.perform` (an action
checked by the game's rules core) or :meth:`Session.edit` (an edit-mode change checked by the
layout rules); both are undoable.  Undo is a list of states (STYLE: the UI keeps it).  Undo and
redo never cross hidden information: they stop at a hand-over and at a step that showed a
secret (the game's :meth:`~tabletop.games.contract.Game.secrecy_break`).  The log holds only
public sentences (the games describe a secret step without its content).  Every change is
written to the recovery file, when there is one.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from tabletop import userdirs
from tabletop.errors import IllegalActionError, LayoutError, TabletopError
from tabletop.games import layouts
from tabletop.games.contract import Action, Game, State
from tabletop.games.layoutfile import read_text
from tabletop.ui import saving
from tabletop.ui.logbook import LogEntry

if TYPE_CHECKING:
    from tabletop.ui.recovery import Recovery


PUBLIC_VIEW_NOTE = ("public view of a picture: hidden hands, decks and face-down cards are "
                    "unknown, so it can be looked at, not played")


@dataclass
class Step:
    """One undoable change: the state after it and what it was, in public words (an action's
    ``str``, which the games keep free of secrets: "Bloodguard places a die")."""

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
    _breaks: dict[tuple[str, int], str] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        if not self.history:
            self.history = [Step(self.initial, "opened")]
        if self.saved is None:
            self.saved = self.initial
        if self.public_view:
            self.tell(PUBLIC_VIEW_NOTE)

    @property
    def public_view(self) -> bool:
        """Whether the board is the public view of a picture (hidden parts unknown), which
        can be looked at but not played on."""
        return self.game.is_partial(self.state)

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

    def record(self, new_state: State, note: str, lines: list[str]) -> None:
        """Push ``new_state``, reached by a whole sequence of the rules core (a Clash
        Activation or Attack played from cards), as one undoable step; ``lines`` go to the
        log."""
        self.tell(lines[-1] if lines else note)
        self._push(new_state, note, lines or [note])

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

    def can_undo(self) -> str:
        """Why Undo cannot go back one change now, or ``""`` when it can."""
        if len(self.history) <= 1:
            return "nothing to undo"
        return self._break("undo", self.history[-2].state)

    def can_redo(self) -> str:
        """Why Redo cannot redo a change now, or ``""`` when it can."""
        if not self.redo_steps:
            return "nothing to redo"
        return self._break("redo", self.redo_steps[-1].state)

    def _break(self, verb: str, target: State) -> str:
        """Why showing ``target`` after the current state would show a secret (``""``: it
        would not), remembered per change (the buttons ask every frame)."""
        key = (verb, self.revision)
        if key not in self._breaks:  # the present board, even while showing a past one
            why = self.game.secrecy_break(target, self.history[-1].state)
            self._breaks[key] = f"{verb} stops here: {why}" if why else ""
            if len(self._breaks) > 8:
                self._breaks.pop(next(iter(self._breaks)))
        return self._breaks[key]

    def undo(self) -> bool:
        """Go back one change; ``False`` (with the reason as the status) when there is
        nothing to undo or going back would show someone a secret (:meth:`can_undo`)."""
        refused = self.can_undo()
        if refused:
            self.tell(refused, error=True)
            return False
        step = self.history.pop()
        self.redo_steps.append(step)
        self.tell(f"undone: {step.note}")
        self.log.append(LogEntry(self.status, self.state))
        self.revision += 1
        self.write_recovery()
        return True

    def redo(self) -> bool:
        """Redo the last undone change; ``False`` (with the reason as the status) when there is
        none or it would show someone a secret (:meth:`can_redo`)."""
        refused = self.can_redo()
        if refused:
            self.tell(refused, error=True)
            return False
        step = self.redo_steps.pop()
        self.history.append(step)
        self.tell(f"redone: {step.note}")
        self.log.append(LogEntry(self.status, self.state))
        self.revision += 1
        self.write_recovery()
        return True

    @property
    def owns_file(self) -> bool:
        """Whether Ctrl+S may write back to the file opened: the user owns it as a save (a
        writable layout file that is not a shipped example; see :mod:`tabletop.ui.saving`)."""
        return saving.owned_save(self.path)

    def save(self, path: str | os.PathLike | None = None) -> bool:
        """Write the current board as a layout to ``path`` or, without one, back to the file
        opened when :attr:`owns_file` (else nothing is written and the status says to use
        Save As).  The new text keeps the comments and key order of the file written over,
        or of the file the board came from (:func:`tabletop.games.layouts.save`); the write
        is atomic.  Returns ``False`` with the reason in ``status`` when nothing was saved."""
        if path is None and not self.owns_file:
            self.tell(f"{Path(self.path).name if self.path else 'this board'} is not yours to "
                      f"write over (a shipped example, a picture or a read-only file): "
                      f"Save As (Ctrl+Shift+S) saves a copy", error=True)
            return False
        target = Path(path if path is not None else str(self.path))
        try:
            userdirs.ensure(target.parent)
            layouts.save(target, self.state, self._template(target))
        except TabletopError as exc:
            self.tell(str(exc), error=True)
            return False
        self.path = str(target)
        self.saved = self.state
        self.tell(f"saved {target}")
        return True

    def _template(self, target: Path) -> str | None:
        """The layout text whose format a save keeps: the file written over, else the layout
        file the board was opened from (``None`` when neither is a readable layout)."""
        for candidate in (target, Path(self.path) if self.path else None):
            if candidate is None or candidate.suffix.lower() != ".toml":
                continue
            try:
                return read_text(candidate)
            except TabletopError:
                continue
        return None

    def write_recovery(self) -> None:
        """Write the current board to the recovery file (when there is one); a failure is
        reported in the status line, never raised."""
        if self.recovery is None:
            return
        try:
            self.recovery.write(self.state, self.path)
        except TabletopError as exc:
            self.tell(f"recovery file not written: {exc}", error=True)
