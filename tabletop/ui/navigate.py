"""The window's zoom and pan input, the same on every board: it sees each event before the
controllers and takes the ones that move the view of the board (the screen's
:class:`~tabletop.ui.viewport.Viewport`).

- mouse wheel over the board: zoom in or out about the pointer;
- + / − (also on the keypad, also with Ctrl): zoom about the pointer (the board's middle
  when the pointer is elsewhere); Home: fit the whole board;
- middle button drag, or Space held with a left drag: pan; Ctrl+arrows pan by keyboard.

Space keeps its own meaning on a screen that has one: a Space press is held back until the
key is released and then handed on as usual, unless the mouse dragged meanwhile (then it was
a pan).  A modal screen (a choice, the help, the dice tray) gets every event untouched.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tabletop.ui.viewport import Viewport

if TYPE_CHECKING:
    from tabletop.ui.controllers.base import AppHost

ZOOM_IN = frozenset({pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS})
ZOOM_OUT = frozenset({pygame.K_MINUS, pygame.K_KP_MINUS})
PAN_KEYS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
            pygame.K_DOWN: (0, 1)}
OTHER_MODS = pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META

KEY_HELP: list[tuple[str, str]] = [
    ("wheel, + / −", "zoom the board in or out about the pointer"),
    ("middle drag, Space+drag", "pan the zoomed board"),
    ("Ctrl+arrows", "pan the zoomed board by keyboard"),
    ("Home", "fit the whole board"),
]
"""The rows of the help screen (F1) for zoom and pan."""


class Navigator:
    """Zoom and pan input for ``app`` (see the module docstring)."""

    def __init__(self, app: AppHost) -> None:
        self.app = app
        self.pointer: tuple[int, int] | None = None
        self.dragging: int | None = None
        self.space: pygame.event.Event | None = None
        self.space_dragged = False

    @property
    def viewport(self) -> Viewport:
        return self.app.screen.viewport

    def filter(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """``event`` when the rest of the window should handle it, a held-back Space press
        when ``event`` releases Space without a drag, or ``None`` when it moved the view."""
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            if self.dragging is not None:
                self._pan(event.rel)
                return None
            return event
        if self.app.top.modal:
            self._drop_drag()
            return event
        if event.type == pygame.KEYUP and event.key == pygame.K_SPACE and self.space:
            held, self.space = self.space, None
            return None if self.space_dragged else held
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEWHEEL:
            if self.pointer is None or not self.viewport.contains(self.pointer):
                return event
            self._zoom(1 if event.y > 0 else -1 if event.y < 0 else 0, by_mouse=True)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and self._starts_drag(event):
            self.dragging = event.button
            self.pointer = event.pos
            self.space_dragged = self.space is not None
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == self.dragging:
            self.dragging = None
            self._hover_again()
            return None
        return event

    def _hover_again(self) -> None:
        """After the board moved under a still pointer: tell the screens where the pointer is
        now on the board (the hover follows the board)."""
        if self.pointer is not None:
            self.app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=self.pointer,
                                                 rel=(0, 0), buttons=(0, 0, 0)))

    def _starts_drag(self, event: pygame.event.Event) -> bool:
        if not self.viewport.contains(event.pos):
            return False
        return event.button == 2 or (event.button == 1 and self.space is not None)

    def _drop_drag(self) -> None:
        self.dragging = None

    def _key(self, event: pygame.event.Event) -> pygame.event.Event | None:
        mods = event.mod
        if event.key == pygame.K_SPACE and not mods & OTHER_MODS:
            self.space, self.space_dragged = event, False
            return None
        if mods & pygame.KMOD_CTRL and event.key in PAN_KEYS:
            if not self.viewport.step(*PAN_KEYS[event.key]):
                self.app.session.tell("zoom in (+ or the wheel) to pan the board")
            return None
        if (event.key in ZOOM_IN or event.key in ZOOM_OUT) and not mods & (
                pygame.KMOD_ALT | pygame.KMOD_META):  # Ctrl + / − as in a browser, too
            self._zoom(1 if event.key in ZOOM_IN else -1)
            return None
        if mods & OTHER_MODS:
            return event
        if event.key == pygame.K_HOME:
            self.viewport.home()
            self.app.session.tell(self.viewport.describe())
            return None
        return event

    def _zoom(self, steps: int, by_mouse: bool = False) -> None:
        if steps and self.viewport.zoom_at(self.pointer, steps):
            self.app.session.tell(self.viewport.describe())
            if by_mouse:  # a keyboard user's cursor stays where it is
                self._hover_again()

    def _pan(self, rel: tuple[int, int]) -> None:
        self.viewport.pan(*rel)
