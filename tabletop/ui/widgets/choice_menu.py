"""A small modal menu of labelled choices (play an Enhancement card as Squire or Equipment,
the forms of an Almokon attack, a pending Scout choice ...).

The box takes the side panel's width (the board keeps its place and stays in view, dimmed
while the choice is open); a title or label longer than that wraps onto a second line
rather than losing its end (the title whole, a label up to four lines, as many as fit), so
two options that differ only at the end can still be told apart.  While it is open the
status line says what it asks and its keys.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from tabletop.ui.controllers.base import Controller
from tabletop.ui.textlayer import cover, line_height, text, wrap
from tabletop.ui.widgets import theme

LABEL = 17
TITLE = 20


class ChoiceMenu(Controller):
    """A modal list of ``(label, value)`` options; clicking one (or pressing its number) calls
    ``on_choose(value)``; Esc or a click outside closes it with no choice.  ``notes`` are
    dim lines under the options: forms that cannot be taken now, with why."""

    modal = True
    in_panel = True

    def __init__(self, title: str, options: Sequence[tuple[str, object]],
                 on_choose: Callable[[object], None], notes: Sequence[str] = ()):
        super().__init__()
        self.title = title
        self.options = list(options)
        self.on_choose = on_choose
        self.notes = list(notes)
        self.rects: list[pygame.Rect] = []
        self.box = pygame.Rect(0, 0, 0, 0)
        """The menu's box as last drawn."""

    def keys(self) -> str:
        """The number keys that choose, in words ("1–3", or "1" for one option)."""
        return f"1–{min(9, len(self.options))}" if len(self.options) > 1 else "1"

    def prompt(self) -> str:
        """The status line while the menu is open: its question and keys (in place of a
        hint of the screen below, or a refusal left in red by an earlier click)."""
        return f"{self.title}: choose ({self.keys()}, Esc closes it)"

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
            if 0 <= number < min(9, len(self.options)):
                self._close(self.options[number][1])
                return True
            if self.app is not None and event.key not in (pygame.K_LSHIFT, pygame.K_RSHIFT,
                                                          pygame.K_LCTRL, pygame.K_RCTRL):
                self.app.session.tell(f"{pygame.key.name(event.key)}: not a key of this "
                                      f"menu ({self.keys()} choose, Esc closes it)",
                                      error=True)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, (_, value) in zip(self.rects, self.options, strict=False):
                if rect.collidepoint(event.pos):
                    self._close(value)
                    return True
            self._close(None)
            return True
        return False

    def shared_start(self) -> str:
        """The words every option's label begins with, up to and with a ", " or ": " (such as
        "Hammerfall Militia attacks Bicara Pikemen, "), when there are two options or more
        and each says more after it; else ``""``.  The menu writes them once above the
        options, so the options show what tells them apart."""
        labels = [label for label, _ in self.options]
        if len(labels) < 2:
            return ""
        common = labels[0]
        for label in labels[1:]:
            while not label.startswith(common):
                common = common[:-1]
        cut = max(common.rfind(", "), common.rfind(": "))
        shared = common[:cut + 2] if cut > 0 else ""
        return shared if all(len(label) > len(shared) for label in labels) else ""

    def labels(self, width: int, most: int | None = 4,
               size: int = LABEL) -> list[tuple[str, ...]]:
        """Each option's numbered label (less :meth:`shared_start`) wrapped to ``width``
        pixels at font ``size`` (before scaling): at most ``most`` lines (``None``: all), the
        last ending in "…" when the label is longer (the whole label its tooltip)."""
        skip = len(self.shared_start())
        out = []
        for index, (label, _) in enumerate(self.options):
            lines = wrap(f"{index + 1}. {label[skip:]}", theme.ui(size), width)
            if most is not None and len(lines) > most:
                lines = (*lines[:most - 1], lines[most - 1] + " …")
            out.append(lines)
        return out

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Dim the board (it does not react while the choice is open)."""
        dim = pygame.Surface(rect.size, pygame.SRCALPHA)
        dim.fill((0, 0, 0, 70))
        surface.blit(dim, rect)

    def title_lines(self, width: int) -> tuple[str, ...]:
        """The title wrapped to ``width`` pixels: whole, on as many lines as it needs (the
        box already has the side panel's whole width, so a longer title takes a second
        line rather than losing its end)."""
        return wrap(self.title, theme.ui(TITLE), width)

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The box at the top of ``rect`` in the side panel: the title whole (wrapped), the
        words every option shares (once), then the options, whole at the largest of four
        sizes that fits, else of up to four lines (fewer when that is what fits; a cut one
        has the whole label as its tooltip); remembers the rows for clicks."""
        cover(surface, rect)
        title_size = theme.ui(TITLE)
        width = rect.width
        titles = self.title_lines(width - 28)
        shared = self.shared_start()
        lead_size = theme.ui(LABEL - 2)
        leads = wrap(shared.rstrip(" ,:") + ":", lead_size, width - 28) if shared else ()
        head = (10 + len(titles) * line_height(title_size) + len(leads) * line_height(lead_size)
                + 10)
        note_size = theme.ui(LABEL - 3)
        notes = [line for note in self.notes for line in wrap(note, note_size, width - 40)]
        notes_height = len(notes) * (note_size + 3) + (6 if notes else 0)

        def fits(rows: list[tuple[str, ...]], step: int) -> bool:
            return head + sum(8 + step * len(lines) + 6 for lines in rows) + notes_height \
                <= rect.height

        tries = [(size, None) for size in (LABEL, LABEL - 1, LABEL - 2, LABEL - 3)]
        tries += [(LABEL - 3, most) for most in (4, 3, 2, 1)]
        for size, most in tries:  # whole at the largest size that fits, else cut
            label_size = theme.ui(size)
            step = label_size + 1
            rows = self.labels(width - 40, most, size)
            if fits(rows, step):
                break
        heights = [8 + step * len(lines) for lines in rows]
        box = pygame.Rect(0, 0, width, head + sum(h + 6 for h in heights) + notes_height)
        box.topleft = rect.topleft
        self.box = box
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=6)
        y = box.y + 10
        for title in titles:
            text(surface, title, (box.x + 14, y), title_size, theme.ACCENT,
                 max_width=box.width - 28)
            y += line_height(title_size)
        for lead in leads:
            text(surface, lead, (box.x + 14, y), lead_size, theme.TEXT_DIM,
                 max_width=box.width - 28)
            y += line_height(lead_size)
        self.rects = []
        y = box.y + head
        for (label, _), lines, height in zip(self.options, rows, heights, strict=True):
            row = pygame.Rect(box.x + 12, y, box.width - 24, height)
            pygame.draw.rect(surface, theme.BUTTON, row, border_radius=4)
            for n, line in enumerate(lines):
                cut = line.endswith(" …") and n == len(lines) - 1
                text(surface, line, (row.x + 8, row.y + 4 + step * n), label_size, theme.TEXT,
                     max_width=row.width - 16, full=label if cut else None)
            self.rects.append(row)
            y += height + 6
        for line in notes:
            text(surface, line, (box.x + 20, y), note_size, theme.TEXT_DIM)
            y += note_size + 3
