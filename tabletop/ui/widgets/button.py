"""Clickable buttons with a label and the key that does the same."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from tabletop.ui.textlayer import fit, paste, text
from tabletop.ui.widgets import theme


class Button:
    """A button at ``rect``; a left click released over it calls ``on_click``."""

    def __init__(self, label: str, on_click: Callable[[], Any], key: str = "",
                 enabled: bool = True, rect: pygame.Rect | None = None, active: bool = False,
                 wide: bool = False):
        self.label = label
        self.wide = wide
        self.active = active
        self.on_click = on_click
        self.key = key
        self.enabled = enabled
        self.rect = rect or pygame.Rect(0, 0, 0, 0)
        self.hover = False
        self.pressed = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Whether the event was a click (press or release) on this button."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.pressed = True
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            self.pressed = False
            if self.rect.collidepoint(event.pos) and self.enabled:
                self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """The button in its state (disabled, pressed, under the mouse, active); its picture
        is kept, since the panel draws the same buttons frame after frame."""
        if not self.enabled:
            fill = theme.PANEL
        elif self.pressed:
            fill = theme.BUTTON_DOWN
        else:
            fill = theme.BUTTON_HOVER if self.hover else theme.BUTTON
        edge, width = (theme.ACCENT, 2) if self.active else (theme.PANEL_EDGE, 1)
        colour = theme.TEXT if self.enabled else theme.TEXT_DIM
        label = f"{self.label} ({self.key})" if self.key else self.label
        size, room = theme.ui(14), self.rect.width - 6
        shown = label
        if fit(label, size, room)[2]:  # too long with its key: the key goes to the tooltip
            shown = self.label
        key = (self.rect.size, fill, edge, width, colour, shown, label, size, theme.epoch())
        picture = _pictures.get(key)
        if picture is None:
            if len(_pictures) >= _PICTURES_KEPT:
                _pictures.clear()
            picture = _pictures[key] = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            box = picture.get_rect()
            pygame.draw.rect(picture, fill, box, border_radius=4)
            pygame.draw.rect(picture, edge, box, width, border_radius=4)
            text(picture, shown, box.center, size, colour, anchor="center", max_width=room,
                 full=label)
        paste(surface, picture, self.rect.topleft)


_pictures: dict[tuple, pygame.Surface] = {}
"""The pictures of buttons drawn so far, by everything that shapes one (see :meth:`Button.draw`):
see-through where the button leaves the panel showing (its rounded corners)."""
_PICTURES_KEPT = 256


def lay_out(buttons: list[Button], area: pygame.Rect, per_row: int = 2) -> int:
    """Place ``buttons`` ``per_row`` to a row inside ``area`` from its top, a ``wide`` one on
    a row of its own; returns the height used."""
    if not buttons:
        return 0
    height, gap = theme.ui(26), theme.ui(6)
    width = (area.width - gap * (per_row - 1)) // per_row
    row, col = 0, 0
    for button in buttons:
        if button.wide and col:
            row, col = row + 1, 0
        y = area.y + row * (height + gap)
        if button.wide:
            button.rect = pygame.Rect(area.x, y, area.width, height)
            row, col = row + 1, 0
            continue
        button.rect = pygame.Rect(area.x + col * (width + gap), y, width, height)
        col += 1
        if col == per_row:
            row, col = row + 1, 0
    rows = row + (1 if col else 0)
    return rows * height + (rows - 1) * gap
