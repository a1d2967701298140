"""A small modal menu of labelled choices (play an Enhancement card as Squire or Equipment,
the forms of an Almokon attack, a pending Scout choice ...).

The box takes the side panel's width (the board keeps its place and stays in view, dimmed
while the choice is open); a title or label longer than that wraps onto a second line
rather than losing its end (the title whole, a label up to four lines, as many as fit), so
two options that differ only at the end can still be told apart.  While it is open the
status line says what it asks and its keys.

A page shows at most nine options (fewer when nine do not fit the panel), and the number
drawn before an option is the key that takes it: with more than nine options each page is
numbered from 1, with nine or fewer each keeps its own number on any page.  More options
than a page holds are paged, never dropped: a cue row under the page ("3 more below (0,
Down)") and over it ("7 more above (Up)") names the keys; a click on a cue, the wheel over
the menu or over the facts' place in the side panel, 0, Down, Right or PgDn turn to the
next page (after the last, the first again), Up, Left or PgUp to the one before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

import pygame

from tabletop.ui.controllers.base import Controller
from tabletop.ui.textlayer import cover, dim, line_height, text, wrap
from tabletop.ui.widgets import theme

LABEL = 17
TITLE = 20
PAGE = 9
"""The most options on a page: one digit key each, 1–9."""
ROOMY_PAGE = 5
"""A page under the side panel's buttons holding fewer options than this (or cutting a
label) is cramped: the menu then takes the panel from its top (see
:meth:`ChoiceMenu.short_of_room`)."""
NEXT_KEYS = (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_0, pygame.K_KP0, pygame.K_PAGEDOWN)
BACK_KEYS = (pygame.K_UP, pygame.K_LEFT, pygame.K_PAGEUP)
PAGE_KEYS = "0 or Down next page, Up back"
"""The paging keys in words, for the status line."""


class Spacing(NamedTuple):
    """The menu's spacing in pixels: ``margin`` above the title and under the shared words,
    ``pad`` inside a row (half above its text), ``gap`` between rows."""

    margin: int
    pad: int
    gap: int


ROOMY = Spacing(10, 8, 6)
TIGHT = Spacing(4, 4, 2)
"""The spacing of a panel too short for even one option with the roomy one."""


class ChoiceMenu(Controller):
    """A modal list of ``(label, value)`` options; clicking one (or pressing its number) calls
    ``on_choose(value)``; Esc or a click outside closes it with no choice.  ``notes`` are
    dim lines under the options: forms that cannot be taken now, with why.  Every option can
    be taken, however many: they are paged (see the module docstring)."""

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
        """The rows of the options on the page, as last drawn."""
        self.box = pygame.Rect(0, 0, 0, 0)
        """The menu's box as last drawn."""
        self.first = 0
        """The index of the first option on the page shown."""
        self.shown = min(PAGE, len(self.options))
        """How many options the page holds (as last drawn: fewer than nine when the panel is
        short)."""
        self.cues: dict[int, pygame.Rect] = {}
        """The cue rows as last drawn, by the way they turn the page (1 next, -1 back)."""
        self._laid: tuple | None = None
        """The last page laid out: what it depended on, :attr:`shown`, the rows and
        :attr:`fits`."""
        self.fits = True
        """Whether the page as last laid out fits its place (one option at least)."""
        self.cut = False
        """Whether a label on the page as last laid out is cut short (its whole words then
        its tooltip)."""

    def paged(self) -> bool:
        """Whether the options are more than one page shows (the last page included)."""
        return self.first > 0 or len(self.options) > self.shown

    def short_of_room(self) -> bool:
        """Whether the page as last laid out is cramped: it holds fewer than
        :data:`ROOMY_PAGE` options (or fewer than all, when fewer are left) or cuts a
        label, so the window may give it more room (the side panel from its top)."""
        return self.on_page() < min(ROOMY_PAGE, len(self.options) - self.first) or self.cut

    def pages(self) -> bool:
        """Whether PgUp and PgDn turn the menu's pages: when it is paged."""
        return self.paged()

    def on_page(self) -> int:
        """How many options the page shown holds."""
        return max(0, min(self.shown, len(self.options) - self.first))

    def base(self) -> int:
        """The index of the option numbered 1: the first, when there are nine options or
        fewer (each keeps its number on any page a short panel splits them into), else the
        first on the page (each page numbered from 1)."""
        return 0 if len(self.options) <= PAGE else self.first

    def keys(self) -> str:
        """The number keys that choose, in words ("1–3", or "1" for one option)."""
        count = len(self.options) if len(self.options) <= PAGE else self.on_page()
        return f"1–{count}" if count > 1 else "1"

    def prompt(self) -> str:
        """The status line while the menu is open: its question and keys (in place of a
        hint of the screen below, or a refusal left in red by an earlier click)."""
        if len(self.options) > PAGE:
            return (f"{self.title}: {len(self.options)} options, a page at a time: choose "
                    f"(the page's numbers; {PAGE_KEYS}; Esc closes it)")
        return f"{self.title}: choose ({self.keys()}, Esc closes it)"

    def turn(self, step: int) -> None:
        """Show the next page (``step`` 1; after the last, the first) or the one before
        (``step`` -1; before the first, the last)."""
        size = max(1, self.shown)
        last = (len(self.options) - 1) // size * size
        if step > 0:
            self.first = self.first + size if self.first + size < len(self.options) else 0
        else:
            self.first = self.first - size if self.first > 0 else last
        self.first = max(0, self.first)

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
            if self.paged() and event.key in (*NEXT_KEYS, *BACK_KEYS):
                self.turn(1 if event.key in NEXT_KEYS else -1)
                return True
            number = event.key - pygame.K_1
            if not 0 <= number < 9:
                number = event.key - pygame.K_KP1
            last = len(self.options) if len(self.options) <= PAGE else self.on_page()
            if 0 <= number < last:
                self._close(self.options[self.base() + number][1])
                return True
            if self.app is not None and event.key not in (pygame.K_LSHIFT, pygame.K_RSHIFT,
                                                          pygame.K_LCTRL, pygame.K_RCTRL):
                more = f"; {PAGE_KEYS}" if self.paged() else ""
                self.app.session.tell(f"{pygame.key.name(event.key)}: not a key of this "
                                      f"menu ({self.keys()} choose{more}, Esc closes it)",
                                      error=True)
            return True
        if event.type == pygame.MOUSEWHEEL:
            if self.paged() and event.y:
                self.turn(-1 if event.y > 0 else 1)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for step, cue in self.cues.items():
                if cue.collidepoint(event.pos):
                    self.turn(step)
                    return True
            page = self.options[self.first:self.first + len(self.rects)]
            for rect, (_, value) in zip(self.rects, page, strict=True):
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

    def labels(self, width: int, most: int | None = 4, size: int = LABEL,
               first: int = 0, count: int | None = None) -> list[tuple[str, ...]]:
        """The labels of ``count`` options from index ``first`` (all by default), each
        (less :meth:`shared_start`) after its key ("1. ", counted from :meth:`base`),
        wrapped to ``width`` pixels at font ``size`` (before scaling): at most ``most``
        lines (``None``: all), the last ending in "…" when the label is longer (the whole
        label its tooltip)."""
        skip = len(self.shared_start())
        end = len(self.options) if count is None else first + count
        out = []
        for index, (label, _) in enumerate(self.options[first:end], first - self.base()):
            lines = wrap(f"{index + 1}. {label[skip:]}", theme.ui(size), width)
            if most is not None and len(lines) > most:
                lines = (*lines[:most - 1], lines[most - 1] + " …")
            out.append(lines)
        return out

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Dim the board (it does not react while the choice is open): its words stay
        readable, but no tooltip of the board shows while the menu is open."""
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, 70))
        surface.blit(veil, rect)
        dim(surface, rect)

    def title_lines(self, width: int) -> tuple[str, ...]:
        """The title wrapped to ``width`` pixels: whole, on as many lines as it needs (the
        box already has the side panel's whole width, so a longer title takes a second
        line rather than losing its end)."""
        return wrap(self.title, theme.ui(TITLE), width)

    def _lay_out(self, rect: pygame.Rect, head: int, notes_height: int, cue: int,
                 space: Spacing) -> tuple[int, int, list[tuple[str, ...]]]:
        """The page from :attr:`first` as it fits ``rect`` under ``head`` pixels of title
        and over the notes, a cue row taking ``cue`` pixels and each row ``space.pad`` more
        than its lines and ``space.gap`` under it: ``(size, step, rows)``.  Every option
        left (nine at most) whole at the largest of four sizes that holds them; else, at the
        smallest, as many whole as fit (three at least); else as many as fit (three at
        least) of up to four lines, then fewer (a cut label has its tooltip); else as many
        of one line as fit (one at least).  Sets :attr:`shown` and :attr:`fits`; kept while
        nothing it depends on changes."""
        self.first = min(self.first, max(0, len(self.options) - 1))
        key = (rect.size, head, notes_height, cue, space, self.first, theme.ui(LABEL))
        if self._laid is not None and self._laid[0] == key:
            self.shown, self.fits = self._laid[1], self._laid[3]
            self.cut = self._cut(self._laid[2][2])
            return self._laid[2]
        left = len(self.options) - self.first
        most_shown, least = min(PAGE, left), min(3, left)
        small = LABEL - 3
        tries = [(size, None, most_shown) for size in (LABEL, LABEL - 1, LABEL - 2, small)]
        tries += [(small, None, least)] + [(small, most, least) for most in (4, 3, 2, 1)]
        tries += [(small, 1, 1)]

        def page(size: int, most: int | None, fewest: int):
            step = theme.ui(size) + 1
            for count in range(most_shown, fewest - 1, -1):
                cues = cue * ((self.first > 0) + (left > count))
                rows = self.labels(rect.width - 40, most, size, self.first, count)
                if head + sum(space.pad + step * len(lines) + space.gap for lines in rows) + cues \
                        + notes_height <= rect.height:
                    return count, (size, step, rows)
            return None

        found = next((got for try_ in tries if (got := page(*try_)) is not None), None)
        self.fits = found is not None
        if found is None:  # not even one fits: one, cut to a line, overflowing the panel
            found = 1, (small, theme.ui(small) + 1,
                        self.labels(rect.width - 40, 1, small, self.first, 1))
        count, laid = found
        self.shown = PAGE if count == left else count  # the last page: room for more
        self.cut = self._cut(laid[2])
        self._laid = (key, self.shown, laid, self.fits)
        return laid

    def _cut(self, rows: list[tuple[str, ...]]) -> bool:
        """Whether a label of the page ``rows`` (as :meth:`labels` wraps them) is cut."""
        skip = len(self.shared_start())
        return any(lines[-1].endswith(" …") and not label[skip:].endswith(" …")
                   for lines, (label, _) in zip(rows, self.options[self.first:], strict=False))

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The box at the top of ``rect`` in the side panel: the title whole (wrapped), the
        words every option shares (once), then the page of options (:meth:`_lay_out`; a
        cut one has the whole label as its tooltip) between its cue rows, then the notes;
        remembers the rows and cues for clicks."""
        cover(surface, rect)
        title_size = theme.ui(TITLE)
        width = rect.width
        titles = self.title_lines(width - 28)
        shared = self.shared_start()
        lead_size = theme.ui(LABEL - 2)
        said = shared.rstrip(" ,:")  # the shared words, unless the title says them already
        leads = wrap(said + ":", lead_size, width - 28) \
            if said and not self.title.startswith(said) else ()
        words = len(titles) * line_height(title_size) + len(leads) * line_height(lead_size)
        note_size = theme.ui(LABEL - 3)
        notes = [line for note in self.notes for line in wrap(note, note_size, width - 40)]
        notes_height = len(notes) * (note_size + 3) + (6 if notes else 0)
        best = None
        for space in (ROOMY, TIGHT):  # tight only where it holds more options than roomy
            head = space.margin + words + space.margin
            cue = line_height(note_size) + 2 + space.gap
            laid = self._lay_out(rect, head, notes_height, cue, space)
            held = (self.fits, self.on_page() if self.fits else 0, not self.cut)
            if best is None or held > best[0]:
                best = (held, space, head, cue, laid)
            if self.fits and not self.short_of_room():
                break
        _, space, head, cue, (size, step, rows) = best
        self._lay_out(rect, head, notes_height, cue, space)  # the chosen one, as kept
        label_size = theme.ui(size)
        above, below = self.first, len(self.options) - self.first - len(rows)
        heights = [space.pad + step * len(lines) for lines in rows]
        box = pygame.Rect(0, 0, width, head + sum(h + space.gap for h in heights)
                          + notes_height + cue * (bool(above) + bool(below)))
        box.topleft = rect.topleft
        self.box = box
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=6)
        y = box.y + space.margin
        for title in titles:
            text(surface, title, (box.x + 14, y), title_size, theme.ACCENT,
                 max_width=box.width - 28)
            y += line_height(title_size)
        for lead in leads:
            text(surface, lead, (box.x + 14, y), lead_size, theme.TEXT_DIM,
                 max_width=box.width - 28)
            y += line_height(lead_size)
        self.rects, self.cues = [], {}
        y = box.y + head
        if above:
            y = self._cue(surface, pygame.Rect(box.x + 12, y, box.width - 24, cue - space.gap),
                          -1, f"{above} more above (Up)", note_size) + space.gap
        page = self.options[self.first:self.first + len(rows)]
        for (label, _), lines, height in zip(page, rows, heights, strict=True):
            row = pygame.Rect(box.x + 12, y, box.width - 24, height)
            pygame.draw.rect(surface, theme.BUTTON, row, border_radius=4)
            for n, line in enumerate(lines):
                cut = line.endswith(" …") and n == len(lines) - 1
                text(surface, line, (row.x + 8, row.y + space.pad // 2 + step * n), label_size,
                     theme.TEXT, max_width=row.width - 16, full=label if cut else None)
            self.rects.append(row)
            y += height + space.gap
        if below:
            y = self._cue(surface, pygame.Rect(box.x + 12, y, box.width - 24, cue - space.gap),
                          1, f"{below} more below (0, Down)", note_size) + space.gap
        for line in notes:
            text(surface, line, (box.x + 20, y), note_size, theme.TEXT_DIM)
            y += note_size + 3

    def _cue(self, surface: pygame.Surface, row: pygame.Rect, step: int, words: str,
             size: int) -> int:
        """A cue row that turns the page by ``step`` when clicked, ``words`` right-aligned
        in the accent colour; returns its bottom."""
        pygame.draw.rect(surface, theme.PANEL_EDGE, row, 1, border_radius=4)
        text(surface, words, (row.right - 8, row.centery), size, theme.ACCENT,
             anchor="midright", max_width=row.width - 16)
        self.cues[step] = row
        return row.bottom
