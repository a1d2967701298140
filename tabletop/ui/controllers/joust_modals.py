"""Modal screens of the joust: the hand-over between players and a small choice menu.

The hand-over covers the whole board area with an opaque sheet, so nothing of the table
(least of all a secret) shows until the named player clicks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from tabletop.ui.controllers.base import Controller
from tabletop.ui.views.base import text, wrap
from tabletop.ui.widgets import theme


class HandOver(Controller):
    """"Pass to House Echelon, then click": an opaque cover; a click or Enter/Space calls
    ``on_done`` and closes it."""

    modal = True

    def __init__(self, headline: str, detail: str, on_done: Callable[[], None]):
        super().__init__()
        self.headline = headline
        self.detail = detail
        self.on_done = on_done

    def handle_event(self, event: pygame.event.Event) -> bool:
        done = (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE,
                                                           pygame.K_KP_ENTER))
        if done and self.app is not None:
            self.app.pop(self)
            self.on_done()
            return True
        return False

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, (24, 22, 20), rect)
        size = 34
        while size > 16 and theme.font(size).size(self.headline)[0] > rect.width - 30:
            size -= 2
        text(surface, self.headline, (rect.centerx, rect.centery - 30), size, theme.ACCENT,
             anchor="center", max_width=rect.width - 20)
        y = rect.centery + 6
        for line in wrap(self.detail, 18, min(640, rect.width - 40)):
            text(surface, line, (rect.centerx, y), 18, theme.TEXT, anchor="midtop")
            y += 22


class ChoiceMenu(Controller):
    """A modal list of ``(label, value)`` options; clicking one (or pressing its number) calls
    ``on_choose(value)``; Esc or a click outside closes it with no choice."""

    modal = True

    def __init__(self, title: str, options: Sequence[tuple[str, object]],
                 on_choose: Callable[[object], None]):
        super().__init__()
        self.title = title
        self.options = list(options)
        self.on_choose = on_choose
        self.rects: list[pygame.Rect] = []

    def _close(self, value: object | None) -> None:
        if self.app is not None:
            self.app.pop(self)
        if value is not None:
            self.on_choose(value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self._close(None)
                return True
            number = event.key - pygame.K_1
            if 0 <= number < len(self.options):
                self._close(self.options[number][1])
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, (_, value) in zip(self.rects, self.options, strict=False):
                if rect.collidepoint(event.pos):
                    self._close(value)
                    return True
            self._close(None)
            return True
        return False

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, rect)
        box = pygame.Rect(0, 0, 360, 50 + 32 * len(self.options))
        box.center = rect.center
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=6)
        text(surface, self.title, (box.x + 14, box.y + 10), 20, theme.ACCENT)
        self.rects = []
        for index, (label, _) in enumerate(self.options):
            row = pygame.Rect(box.x + 12, box.y + 40 + index * 32, box.width - 24, 26)
            pygame.draw.rect(surface, theme.BUTTON, row, border_radius=4)
            text(surface, f"{index + 1}. {label}", (row.x + 8, row.centery), 17, theme.TEXT,
                 anchor="midleft")
            self.rects.append(row)
