"""The history view: the board as it was after one log entry, read-only, over the window.

Clicking a log entry pushes a :class:`HistoryView`; while it is on the stack the app draws the
whole frame with the session :meth:`~tabletop.ui.session.Session.showing` that entry's state
(one of the undo states the session keeps), so the screen draws it through its own filtering
of hidden information, exactly as it would draw the present board.  Nothing can be changed
meanwhile (the view is modal); the log still scrolls, another entry can be clicked, Up/Down
step through the entries, and the "Back to now" button or Esc returns.
"""

from __future__ import annotations

import pygame

from tabletop.games.contract import State
from tabletop.ui.controllers.base import Controller
from tabletop.ui.logbook import entry_state
from tabletop.ui.widgets import theme

FRAME = 3


class HistoryView(Controller):
    """The past board after log entry ``index`` (see the module docstring)."""

    modal = True

    def __init__(self, index: int) -> None:
        super().__init__()
        self.index = index

    def state(self) -> State:
        """The board as it was when the entry was written."""
        assert self.app is not None
        session = self.app.session
        return entry_state(session.log, self.index, session.initial)

    def on_push(self, app) -> None:
        super().on_push(app)
        self.show(self.index)

    def describe(self) -> str:
        """Which moment is shown, in words, for the title strip."""
        return f"after log entry {self.index + 1} (read-only)"

    def show(self, index: int) -> None:
        """Show the board after entry ``index`` instead (kept within the log) and say so in
        the status line."""
        assert self.app is not None
        total = len(self.app.session.log)
        self.index = max(0, min(index, total - 1))
        self.app.session.tell(f"the board after log entry {self.index + 1} of {total}, "
                              f"read-only: Up/Down other entries, Esc or Back to now returns")

    def back(self) -> None:
        """Return to the present board."""
        if self.app is not None:
            self.app.pop(self)
            self.app.session.tell("back to the present board")

    def handle_event(self, event: pygame.event.Event) -> bool:
        app = self.app
        if app is None:
            return False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            for button in app.buttons:
                if button.handle_event(event):
                    return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = app.log_panel.entry_at(event.pos)
            if index is not None:
                self.show(index)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.back()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key in (pygame.K_UP, pygame.K_LEFT):
                self.show(self.index - 1)
            elif event.key in (pygame.K_DOWN, pygame.K_RIGHT):
                self.show(self.index + 1)
        return True

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A frame round the board: it is a past one (the title strip says which)."""
        pygame.draw.rect(surface, theme.ACCENT, rect, FRAME)
