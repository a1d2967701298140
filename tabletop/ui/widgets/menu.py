"""A choice menu drawn into a rectangle: a title, a few header lines (why, what so far), and
items the players click, pick by their key, or walk with the arrow keys and take with Enter.
Each item's key is drawn before it: in a menu of numbers the key is the number shown (in a
list from 2 to 10, 4 takes 4; 10 has no key), else the position 1–9.  A disabled item shows
its reason in a dim second line and cannot be taken.  A key the menu does not use is not
the menu's (``handle_event`` returns ``False``), so its owner can say so or pass it on.

The menu is a widget, not a controller: a controller owns it, hands it events and calls
:meth:`Menu.draw` each frame.  ``on_choose(value)`` is called with the chosen item's value;
``on_highlight(index)`` (optional) when the highlighted item changes (hover, arrows, or a
number key when ``numbers_choose`` is off: then a number only highlights), so a preview can
follow the highlight.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from tabletop.ui.textlayer import cover, text, wrap, wrap_at_most
from tabletop.ui.widgets import theme

TITLE_SIZE = 18
ITEM_SIZE = 15
NOTE_SIZE = 13
HEADER_SIZE = 14


@dataclass(frozen=True)
class MenuItem:
    """One entry: its ``label``, the ``value`` handed to ``on_choose``, whether it can be
    taken, and a ``note`` shown under it (a disabled item's reason)."""

    label: str
    value: object
    enabled: bool = True
    note: str = ""


LABEL_LINES = 4
"""Lines an item's label may take before it is cut (with the whole label its tooltip)."""
ROW_SPACINGS = ((9, 4, 5), (5, 2, 3))
"""An item row's spacing in pixels, ``(pad, gap, inset)``: its height beyond its lines, the
gap under it and its first line's top inside it; roomy, then tight where the roomy rows do
not all fit (a short window: more items in sight)."""
NOTE_LINES = 2
"""Lines of note under an enabled item; a disabled item's reason gets one more."""


def note_lines(item: MenuItem, width: int, size: int = NOTE_SIZE) -> list[str]:
    """The note of ``item`` wrapped to ``width`` pixels at font ``size``: at most
    :data:`NOTE_LINES` lines (one more for a disabled item's reason), the last ending in "…"
    when the note is cut (the menu then shows the whole note as its tooltip)."""
    if not item.note:
        return []
    lines = list(wrap(item.note, size, width))
    keep = NOTE_LINES + (0 if item.enabled else 1)
    if len(lines) <= keep:
        return lines
    return [*lines[:keep - 1], lines[keep - 1].rstrip() + " …"]


DIGITS = {**{getattr(pygame, f"K_{n}"): str(n) for n in range(10)},
          **{getattr(pygame, f"K_KP{n}"): str(n) for n in range(10)}}


def item_keys(items: Sequence[MenuItem]) -> list[str]:
    """The key of each item: when every label is a different whole number, the number
    itself (one digit; a longer number has none); otherwise the position, 1 to 9."""
    labels = [item.label for item in items]
    if labels and all(label.isdigit() for label in labels) and len(set(labels)) == len(labels):
        return [label if len(label) == 1 else "" for label in labels]
    return [str(index + 1) if index < 9 else "" for index in range(len(items))]


class Menu:
    """A list of :class:`MenuItem` (see the module docstring)."""

    def __init__(self, title: str, items: Sequence[MenuItem],
                 on_choose: Callable[[object], None], header: Sequence[str] = (),
                 on_highlight: Callable[[int], None] | None = None, highlight: int = 0,
                 numbers_choose: bool = True):
        self.title = title
        self.items = list(items)
        self.header = list(header)
        self.on_choose = on_choose
        self.on_highlight = on_highlight
        self.highlight = max(0, min(highlight, len(self.items) - 1))
        if self.items and not self.items[self.highlight].enabled:
            self.highlight = next((i for i, item in enumerate(self.items) if item.enabled),
                                  self.highlight)
        self.rects: list[pygame.Rect] = []
        self.box = pygame.Rect(0, 0, 0, 0)
        self.first = 0
        self.numbers_choose = numbers_choose
        self.keys = item_keys(self.items)
        self.in_window = True
        """Whether the menu is drawn in the window (its scroll markers name the arrow keys),
        not in a picture of it, which has no keys."""

    def key_words(self) -> str:
        """The menu's keys in words, for a status line."""
        shown = [k for k in self.keys if k]
        picks = (f"{shown[0]}–{shown[-1]}" if len(shown) > 2 else " or ".join(shown))
        return f"{picks} choose{', arrows and Enter' if len(self.items) > 1 else ', Enter'}"

    def set_highlight(self, index: int) -> None:
        """Highlight item ``index`` (kept in range) and tell ``on_highlight``."""
        if not self.items:
            return
        index = max(0, min(index, len(self.items) - 1))
        if index != self.highlight:
            self.highlight = index
            if self.on_highlight is not None:
                self.on_highlight(index)

    def choose(self, index: int) -> bool:
        """Take item ``index``: ``on_choose(value)`` for an enabled item; ``False`` (nothing
        called) for a disabled or missing one."""
        if not 0 <= index < len(self.items) or not self.items[index].enabled:
            return False
        self.on_choose(self.items[index].value)
        return True

    def item_at(self, pos: tuple[int, int]) -> int | None:
        """The index of the item drawn under pixel ``pos`` (as last drawn), or ``None``."""
        for index, rect in enumerate(self.rects):
            if rect.collidepoint(pos) and self.box.collidepoint(pos):
                return index
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Keys 1–9, arrows, Enter; mouse hover and a left-button release over an item.
        Returns whether the event was the menu's (a click inside its box always is)."""
        if event.type == pygame.KEYDOWN:
            digit = DIGITS.get(event.key)
            if digit is not None and digit in self.keys:
                number = self.keys.index(digit)
                self.set_highlight(number)
                if self.numbers_choose:
                    self.choose(number)
                return True
            if event.key in (pygame.K_DOWN, pygame.K_UP):
                step = 1 if event.key == pygame.K_DOWN else -1
                self.set_highlight((self.highlight + step) % max(1, len(self.items)))
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.choose(self.highlight)
                return True
            return False
        if event.type == pygame.MOUSEMOTION:
            index = self.item_at(event.pos)
            if index is not None:
                self.set_highlight(index)
            return self.box.collidepoint(event.pos)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1:
            if not self.box.collidepoint(event.pos):
                return False
            index = self.item_at(event.pos)
            if event.type == pygame.MOUSEBUTTONUP and index is not None:
                self.set_highlight(index)
                self.choose(index)
            return True
        return False

    def drawn_key(self) -> tuple:
        """Everything :meth:`draw` reads besides its rectangle and the look: equal between
        two frames only when the menu's picture is the same (the side panel is kept while it
        is)."""
        return (self.title, tuple((item.label, item.enabled, item.note) for item in self.items),
                tuple(self.header), tuple(self.keys), self.highlight, self.first,
                self.in_window)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The menu in ``rect`` (from its top; as tall as it needs, cut at the bottom).  The
        title is whole, wrapped onto more lines where one is too short (the menu already has
        the whole width of ``rect``).  An item's label takes up to :data:`LABEL_LINES` lines
        where one is too short; a label or note still too long ends in "…" with the whole as
        its tooltip (shown for the highlighted item without
        hovering, so the keyboard reaches it too)."""
        title_size, header_size = theme.ui(TITLE_SIZE), theme.ui(HEADER_SIZE)
        item_size, note_size = theme.ui(ITEM_SIZE), theme.ui(NOTE_SIZE)
        indent = theme.ui(28)
        width = rect.width - 20
        lines = [part for line in self.header for part in wrap(line, header_size, width)]
        rows = []
        for item in self.items:
            labels, cut = wrap_at_most(item.label, item_size, width - indent - 6, LABEL_LINES)
            rows.append((item, labels, note_lines(item, width - indent - 6, note_size), cut))
        titles = wrap(self.title, title_size, width)  # whole, on as many lines as it takes
        marker = note_size + 4  # a "more above/below" line, kept clear of header and items
        header = lines
        for spacing in ROW_SPACINGS:  # tight rows only where the roomy ones do not all fit
            pad, gap, inset = spacing
            heights = [item_size + pad + (len(labels) - 1) * (item_size + 3)
                       + len(n) * (note_size + 2) + gap for _, labels, n, _ in rows]
            # the header never hides the choices: it leaves room for the first three items
            # (or all, when fewer), its last line then ending in "…" with the whole as its
            # tooltip
            least = sum(heights[:3]) + (2 * marker if len(rows) > 3 else 0)
            head_room = rect.height - (12 + len(titles) * (title_size + 2) + 6) - 12 - least
            fits = max(1, head_room // (header_size + 3))
            header_cut = len(header) > fits
            lines = [*header[:fits - 1], header[fits - 1] + " …"] if header_cut else header
            top = 12 + len(titles) * (title_size + 2) + 6 + len(lines) * (header_size + 3) + 6
            room = max(30, rect.height - top - 6)
            scrolls = sum(heights) > room
            if not scrolls:
                break
        if scrolls:
            room = max(30, room - 2 * marker)
        self.first = min(self.first, self.highlight)
        while self.first < self.highlight and sum(heights[self.first:self.highlight + 1]) > room:
            self.first += 1
        height = top + (room + 2 * marker if scrolls else sum(heights)) + 6
        self.box = pygame.Rect(rect.x, rect.y, rect.width, min(rect.height, height))
        pygame.draw.rect(surface, theme.PANEL, self.box, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT, self.box, 2, border_radius=6)
        cover(surface, self.box)
        clip = surface.get_clip()
        surface.set_clip(self.box.clip(clip) if clip else self.box)
        y = rect.y + 10
        for title in titles:
            text(surface, title, (rect.x + 10, y), title_size, theme.ACCENT, max_width=width)
            y += title_size + 2
        y += 6
        for index, line in enumerate(lines):
            whole = " ".join(self.header) if header_cut and index == len(lines) - 1 else None
            text(surface, line, (rect.x + 10, y), header_size, theme.TEXT, max_width=width,
                 full=whole)
            y += header_size + 3
        y += 6
        self.rects = [pygame.Rect(0, 0, 0, 0)] * len(rows)
        if scrolls:
            if self.first:
                text(surface, f"{self.first} more above"
                     + (" (arrow up)" if self.in_window else ""), (rect.right - 10, y),
                     note_size, theme.TEXT_DIM, anchor="topright")
            y += marker
        bottom = self.box.bottom - 4 - (marker if scrolls else 0)
        for index in range(self.first, len(rows)):
            item, labels, notes, label_cut = rows[index]
            row = pygame.Rect(rect.x + 8, y, rect.width - 16, heights[index] - gap)
            if row.bottom > bottom:
                text(surface, f"{len(rows) - index} more below"
                     + (" (arrow down)" if self.in_window else ""),
                     (rect.right - 10, self.box.bottom - 3), note_size, theme.ACCENT,
                     anchor="bottomright")
                break
            fill = theme.BUTTON_HOVER if index == self.highlight else theme.BUTTON
            if not item.enabled:
                fill = theme.BACKGROUND
            pygame.draw.rect(surface, fill, row, border_radius=4)
            if index == self.highlight:
                pygame.draw.rect(surface, theme.ACCENT, row, 2, border_radius=4)
            colour = theme.TEXT if item.enabled else theme.TEXT_DIM
            focus = index == self.highlight
            key = self.keys[index]
            if key:  # the key that takes it, in a key cap
                cap = pygame.Rect(row.x + 4, row.y + inset - 1, indent - 8, item_size + 2)
                pygame.draw.rect(surface, theme.PANEL_EDGE, cap, 1, border_radius=3)
                text(surface, key, cap.center, item_size - 2, theme.TEXT_DIM, anchor="center")
            else:
                text(surface, "·", (row.x + 8, row.y + inset), item_size, theme.TEXT_DIM)
            line_y = row.y + inset
            for n, label in enumerate(labels):
                last = label_cut and n == len(labels) - 1  # a label's own "…" is no cut
                text(surface, label, (row.x + indent, line_y), item_size, colour,
                     max_width=row.width - indent - 6, focus=focus,
                     full=item.label if last else None)
                line_y += item_size + 3
            cut = bool(notes) and notes[-1].endswith("…") and notes[-1] not in item.note
            for n, note in enumerate(notes):
                last = cut and n == len(notes) - 1
                text(surface, note, (row.x + indent, line_y + 1 + n * (note_size + 2)),
                     note_size, theme.TEXT_DIM, full=item.note if last else None,
                     focus=focus and last)
            self.rects[index] = row
            y = row.bottom + gap
        surface.set_clip(clip)
