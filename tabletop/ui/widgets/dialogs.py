"""The window's two questions: Save As (a file name typed at the keyboard) and the quit
dialog (Save, Discard or Cancel).  Both are modal controllers drawn as a box over the board.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from tabletop import resources
from tabletop.ui import saving
from tabletop.ui.controllers.base import Controller
from tabletop.ui.session import Session
from tabletop.ui.textlayer import cover
from tabletop.ui.views.base import text, text_size, wrap
from tabletop.ui.widgets import theme
from tabletop.ui.widgets.button import Button

MAX_NAME = 1024
"""Characters: a typed file name longer than this is not taken."""


def draw_box(surface: pygame.Surface, rect: pygame.Rect, height: int) -> pygame.Rect:
    """Shade ``rect`` and draw an empty dialog box of ``height`` in its middle; returns the
    box."""
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 170))
    surface.blit(shade, rect)
    cover(surface, rect)  # a dialog is on top: no tooltip of what it shades shows
    box = pygame.Rect(0, 0, min(640, rect.width - 20), min(height, rect.height - 10))
    box.center = rect.center
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=6)
    pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=6)
    return box


def draw_lines(surface: pygame.Surface, box: pygame.Rect, y: int, lines: list[str],
               size: int = 18, colour: tuple[int, int, int] = theme.TEXT) -> int:
    """``lines`` wrapped to the box from ``y``; returns the ``y`` under them."""
    for line in lines:
        for part in wrap(line, size, box.width - 30):
            text(surface, part, (box.x + 15, y), size, colour)
            y += size + 4
    return y


class SaveAsPrompt(Controller):
    """Save As: a file name, offered in the saves folder, edited with the keyboard (typing,
    Backspace, Ctrl+Backspace for a whole folder, Ctrl+U to clear), Enter saves, Esc cancels.
    A relative name goes in the saves folder and ``.toml`` is added when there is no suffix;
    writing over another existing file asks for Enter a second time.  ``then`` runs after a
    successful save (the quit dialog's Save quits)."""

    modal = True

    def __init__(self, session: Session, then: Callable[[], None] | None = None):
        super().__init__()
        self.session = session
        self.then = then
        self.name = str(saving.default_save_path(session.path))
        self.confirmed: Path | None = None
        self.fresh = True  # until the next frame: the key that opened it may still type

    def update(self, dt_ms: int) -> None:
        """After its first frame the prompt takes typing (the S that answered the quit
        dialog arrives as text in the same frame, and must not end up in the name)."""
        self.fresh = False

    def on_push(self, app) -> None:
        super().on_push(app)
        pygame.key.start_text_input()
        self.session.tell("Save as: type a file name, Enter saves, Esc cancels")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT:
            if not self.fresh and len(self.name) + len(event.text) <= MAX_NAME \
                    and event.text.isprintable():
                self.name += event.text
            return True
        if event.type != pygame.KEYDOWN or self.app is None:
            return True
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if event.key == pygame.K_ESCAPE:
            self.app.pop(self)
            self.session.tell("not saved")
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.submit()
        elif event.key == pygame.K_BACKSPACE and ctrl:
            self.name = self.name.rstrip("/\\")
            cut = max(self.name.rfind("/"), self.name.rfind("\\"))
            self.name = self.name[:cut + 1] if cut >= 0 else ""
        elif event.key == pygame.K_BACKSPACE:
            self.name = self.name[:-1]
        elif event.key == pygame.K_u and ctrl:
            self.name = ""
        return True

    def submit(self) -> None:
        """Save to the typed name (see the class docstring)."""
        if not self.name.strip():
            self.session.tell("type a file name first", error=True)
            return
        target = saving.chosen_path(self.name)
        if target.suffix.lower() != saving.SAVE_SUFFIX:
            self.session.tell(f"{target.name}: a save is a layout file, so its name ends in "
                              f"{saving.SAVE_SUFFIX}", error=True)
            return
        if resources.is_shipped(target):
            self.session.tell(f"{target}: that is a shipped example; pick another name",
                              error=True)
            return
        current = Path(self.session.path).resolve() if self.session.path else None
        if target.exists() and target.resolve() != current and self.confirmed != target:
            self.confirmed = target
            self.session.tell(f"{target} is there already: Enter again writes over it",
                              error=True)
            return
        if self.session.save(target) and self.app is not None:
            self.app.pop(self)
            if self.then is not None:
                self.then()

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        box = draw_box(surface, rect, 150)
        y = draw_lines(surface, box, box.y + 14, ["Save as"], 22, theme.ACCENT)
        field = pygame.Rect(box.x + 15, y + 4, box.width - 30, 30)
        pygame.draw.rect(surface, theme.BACKGROUND, field, border_radius=3)
        pygame.draw.rect(surface, theme.PANEL_EDGE, field, 1, border_radius=3)
        shown = self.name + "|"
        while len(shown) > 1 and text_size(shown, 18)[0] > field.width - 12:
            shown = shown[1:]  # the end of a long path, where the typing is
        text(surface, shown, (field.x + 6, field.centery), 18, theme.TEXT, anchor="midleft")
        draw_lines(surface, box, field.bottom + 10,
                   ["Enter: save · Esc: cancel · Backspace: delete (Ctrl+Backspace: a folder, "
                    "Ctrl+U: all)"], 16, theme.TEXT_DIM)


class QuitDialog(Controller):
    """Quit with unsaved changes: Save (S), Discard (D) or Cancel (Esc), by key or by click.
    It answers once: Save saves (through Save As when the file is not the user's) and then
    quits, Discard quits at once, Cancel goes back to the board."""

    modal = True
    CHOICES = (("Save", "S"), ("Discard", "D"), ("Cancel", "Esc"))

    def __init__(self, on_save: Callable[[], None], on_discard: Callable[[], None]):
        super().__init__()
        self.on_save = on_save
        self.on_discard = on_discard
        self.buttons: list[Button] = []

    def answer(self, choice: str) -> None:
        """Act on ``choice`` (``"Save"``, ``"Discard"`` or ``"Cancel"``) and close."""
        if self.app is None:
            return
        self.app.pop(self)
        if choice == "Save":
            self.on_save()
        elif choice == "Discard":
            self.on_discard()
        else:
            self.app.session.tell("not quitting")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            choice = {pygame.K_s: "Save", pygame.K_d: "Discard",
                      pygame.K_ESCAPE: "Cancel"}.get(event.key)
            if choice:
                self.answer(choice)
            return True
        for button in self.buttons:
            if button.handle_event(event):
                return True
        return True

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        box = draw_box(surface, rect, 124)
        y = draw_lines(surface, box, box.y + 14, ["Quit with unsaved changes?"], 22,
                       theme.ACCENT)
        y = draw_lines(surface, box, y + 2, ["The board has changes no file holds yet."])
        old = {b.label: b for b in self.buttons}
        width = (box.width - 30 - 2 * 10) // 3
        self.buttons = []
        for index, (label, key) in enumerate(self.CHOICES):
            button = Button(label, lambda c=label: self.answer(c), key,
                            rect=pygame.Rect(box.x + 15 + index * (width + 10), y + 8, width, 32))
            if label in old:
                button.hover, button.pressed = old[label].hover, old[label].pressed
            button.draw(surface)
            self.buttons.append(button)
