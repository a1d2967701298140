"""The hand-over screen of hot-seat play ("Pass to House Echelon, then click").

It covers the whole board area with an opaque sheet, so nothing of the table (least of all a
secret) shows until the named player clicks, and it replaces the status line (which may have
described the last player's secret step) by its own headline.  Used by every screen that hides
information from one of the players (the joust List, the Almokon battlefield).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tabletop.ui.controllers.base import Controller
from tabletop.ui.textlayer import cover
from tabletop.ui.views.base import text, wrap
from tabletop.ui.widgets import theme


class HandOver(Controller):
    """"Pass to House Echelon, then click": an opaque cover; a click or Enter/Space calls
    ``on_done`` and closes it, and the status line then reads ``taken`` ("Brannoc has the
    screen"; empty by default), so the headline's "then click" does not stay behind."""

    modal = True

    def __init__(self, headline: str, detail: str, on_done: Callable[[], None],
                 taken: str = ""):
        super().__init__()
        self.headline = headline
        self.detail = detail
        self.on_done = on_done
        self.taken = taken

    def on_push(self, app) -> None:
        """Show the headline in the status line instead of whatever the last player read."""
        super().on_push(app)
        app.session.tell(self.headline)

    def handle_event(self, event: pygame.event.Event) -> bool:
        done = (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE,
                                                           pygame.K_KP_ENTER))
        if done and self.app is not None:
            self.app.pop(self)
            if self.app.session.status == self.headline:
                self.app.session.tell(self.taken)
            self.on_done()
            return True
        return False

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The opaque sheet, the headline as large as fits, the detail wrapped under it; the
        words and tooltips of the board under the sheet leave the frame's record, so no
        tooltip of the last player's view shows over it."""
        pygame.draw.rect(surface, (24, 22, 20), rect)
        cover(surface, rect)
        size = 34
        while size > 16 and theme.font(size).size(self.headline)[0] > rect.width - 30:
            size -= 2
        text(surface, self.headline, (rect.centerx, rect.centery - 30), size, theme.ACCENT,
             anchor="center", max_width=rect.width - 20)
        y = rect.centery + 6
        for line in wrap(self.detail, 18, min(640, rect.width - 40)):
            text(surface, line, (rect.centerx, y), 18, theme.TEXT, anchor="midtop")
            y += 22
