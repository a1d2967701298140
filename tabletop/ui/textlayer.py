"""The window's one text layer: every string on the screen is drawn through :func:`text` (one
line) or :func:`block` (wrapped to a box), measured with :func:`text_size` and broken into
lines with :func:`wrap`.

- **Never silently cut.**  A line wider than its room is first drawn a little smaller (down
  to :data:`READABLE` pixels, at most a fifth smaller), and only then cut with "…"; a cut
  line, an abbreviation (``full=``) or a block with more lines than its box holds registers a
  tooltip: the full text, shown by :mod:`tabletop.ui.widgets.tooltip` on hover or keyboard
  focus.
- **What was drawn is recorded.**  Each frame (:func:`begin_frame`) collects one
  :class:`Drawn` per string: where its ink is in frame pixels, the words shown, the full
  text, whether it was shortened and whether a tooltip holds the rest.  Text drawn into an
  off-screen image (a cached layer, a card picture) is kept with that image and carried into
  the frame when the image is pasted with :func:`paste`, so cached layers are recorded too.
- **Labels** (``role="label"``: names of pieces, terrain, tokens and markers on a board) are
  the strings that must never overprint each other; :class:`Placer` finds each one a free
  spot.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from tabletop.ui import pixels
from tabletop.ui.rectgrid import RectGrid
from tabletop.ui.widgets import theme

READABLE = 10
"""The smallest font size (pixels per line) a line is shrunk to before it is cut."""

ELLIPSIS = "…"


@dataclass(frozen=True, slots=True)
class Drawn:
    """One string drawn in a frame: ``rect`` (its ink, in frame pixels), the ``words`` shown,
    the ``full`` text, whether it was ``shortened`` (cut, abbreviated or left out lines),
    whether a ``tooltip`` shows the full text, its ``role`` ("label" for board labels), and
    whether part of its ink fell outside the clip of the surface it was drawn on
    (``clipped``: on a fitted board or a panel that is a cut word)."""

    rect: pygame.Rect
    words: str
    full: str
    shortened: bool
    tooltip: bool
    role: str = "text"
    clipped: bool = False


@dataclass
class _Frame:
    """What one frame of a :class:`TextLayer` drew: its surface, the texts drawn, their
    tooltips and the keyboard focus."""

    surface: pygame.Surface | None = None
    drawn: list[Drawn] = field(default_factory=list)
    tips: list[tuple[pygame.Rect, str]] = field(default_factory=list)
    focus: tuple[pygame.Rect, str] | None = None


_frame = _Frame()
_held: weakref.WeakKeyDictionary[pygame.Surface,
                                 list[tuple[Drawn, pygame.Rect | None, bool]]] = \
    weakref.WeakKeyDictionary()
"""Text drawn into off-screen images, kept with the image until it is pasted: each string,
the hover area of its tooltip and whether it has keyboard focus."""
_pasted: weakref.WeakKeyDictionary[pygame.Surface, tuple[tuple, list, list, tuple | None]] = \
    weakref.WeakKeyDictionary()
"""Per image, its text as last pasted into a frame (where and how clipped, the records,
tooltips and focus): a cached layer pasted at the same place every frame reuses them."""


def begin_frame(surface: pygame.Surface) -> None:
    """Start recording a frame drawn into ``surface`` (forgets the previous frame's record)."""
    _frame.surface = surface
    _frame.drawn = []
    _frame.tips = []
    _frame.focus = None


def drawn() -> list[Drawn]:
    """Every string drawn so far in the current frame, in drawing order."""
    return list(_frame.drawn)


def tip_at(pos: tuple[int, int]) -> tuple[pygame.Rect, str] | None:
    """The tooltip (its area and full text) under frame pixel ``pos``, the last drawn winning,
    or ``None``."""
    for rect, full in reversed(_frame.tips):
        if rect.collidepoint(pos):
            return rect, full
    return None


def focus_tip() -> tuple[pygame.Rect, str] | None:
    """The tooltip of the shortened string that has keyboard focus this frame, or ``None``."""
    return _frame.focus


def _record(surface: pygame.Surface, drawn_: Drawn, tip: pygame.Rect | None,
            focus: bool = False) -> None:
    """Keep ``drawn_`` (rectangles in ``surface`` pixels) for the frame, or with the off-screen
    image it was drawn into; ``tip`` is the hover area of its tooltip."""
    clip = surface.get_clip()
    rect = drawn_.rect.clip(clip)
    if not rect.width or not rect.height:
        return
    offset = surface.get_abs_offset()
    root = surface.get_abs_parent()
    rect = rect.move(offset)
    if tip is not None:
        tip = tip.move(offset)
    kept = Drawn(rect, drawn_.words, drawn_.full, drawn_.shortened, drawn_.tooltip, drawn_.role,
                 drawn_.clipped or rect.size != drawn_.rect.size)
    if root is _frame.surface:
        _frame.drawn.append(kept)
        if tip is not None:
            _frame.tips.append((tip, kept.full))
            if focus:
                _frame.focus = (tip, kept.full)
    else:
        _held.setdefault(root, []).append((kept, tip, focus))


def paste(dest: pygame.Surface, image: pygame.Surface, pos: tuple[int, int],
          area: pygame.Rect | None = None,
          pieces: Sequence[pygame.Rect] | None = None) -> pygame.Rect:
    """Blit ``image`` (or its ``area``) onto ``dest`` at ``pos`` and carry the text drawn into
    it along into ``dest``'s record (with its tooltips and keyboard focus); returns the
    rectangle blitted.  ``pieces``, parts of ``area`` (in ``image`` pixels) outside which the
    see-through ``image`` is wholly transparent, are blitted instead of the whole ``area``:
    the same picture."""
    if pieces is None or area is None:
        where = pixels.copy(dest, image, pos, area)
    else:
        dx, dy = pos[0] - area.x, pos[1] - area.y
        dest.blits([(image, (dx + piece.x, dy + piece.y), piece) for piece in pieces],
                   doreturn=False)
        where = pygame.Rect(pos, area.size).clip(dest.get_clip())
    carry(dest, image, (pos[0] - (area.x if area else 0), pos[1] - (area.y if area else 0)),
          where)
    return where


def carry(dest: pygame.Surface, image: pygame.Surface, shift: tuple[int, int] = (0, 0),
          within: pygame.Rect | None = None) -> None:
    """Record the text drawn into the off-screen ``image`` as drawn into ``dest`` ``shift``
    pixels further, with its tooltips and keyboard focus: the strings inside ``within``
    (:func:`paste`: the part it blitted), else wherever ``dest``'s clip lets them be (a
    picture laid out as the frame, whose pixels the caller copies: its text as if drawn
    straight into the frame)."""
    held = _held.get(image)
    if not held:
        return
    saved = dest.get_clip()
    bounds = saved if within is None else within.clip(saved)
    onto_frame = dest is _frame.surface
    if onto_frame:  # the same layer at the same place as last frame: the same records
        key = (shift, tuple(bounds), len(held))
        last = _pasted.get(image)
        if last is not None and last[0] == key:
            _frame.drawn.extend(last[1])
            _frame.tips.extend(last[2])
            if last[3] is not None:
                _frame.focus = last[3]
            return
        before = (len(_frame.drawn), len(_frame.tips), _frame.focus)
    dest.set_clip(bounds)
    try:
        for kept, tip, focus in held:
            _record(dest, Drawn(kept.rect.move(shift), kept.words, kept.full, kept.shortened,
                                kept.tooltip, kept.role, kept.clipped),
                    tip.move(shift) if tip is not None else None, focus)
    finally:
        dest.set_clip(saved)
    if onto_frame:
        focused = _frame.focus if _frame.focus is not before[2] else None
        _pasted[image] = (key, _frame.drawn[before[0]:], _frame.tips[before[1]:], focused)


def forget(image: pygame.Surface) -> None:
    """Drop the text kept with the off-screen ``image`` (before it is drawn afresh)."""
    _held.pop(image, None)
    _pasted.pop(image, None)


def scrolled(image: pygame.Surface, dx: int, dy: int,
             rebuilt: Sequence[tuple[pygame.Rect, pygame.Surface]]) -> None:
    """Keep the text of the off-screen ``image`` true after ``image.scroll(dx, dy)`` and the
    pictures in ``rebuilt`` (``(part, picture)``) blitted onto their parts of it: its
    strings move with the picture, those now wholly in a rebuilt part (or off the image) give
    way to that part's own, which are carried over."""
    bounds = image.get_rect()
    parts = [part for part, _ in rebuilt]
    kept: list[tuple[Drawn, pygame.Rect | None, bool]] = []
    for old, tip, focus in _held.get(image, []):
        rect = old.rect.move(dx, dy).clip(bounds)
        if not rect.width or not rect.height or any(part.contains(rect) for part in parts):
            continue
        kept.append((Drawn(rect, old.words, old.full, old.shortened, old.tooltip, old.role,
                           old.clipped or rect.size != old.rect.size),
                     tip.move(dx, dy) if tip is not None else None, focus))
    for part, picture in rebuilt:
        for new, tip, focus in _held.get(picture, []):
            rect = new.rect.move(part.topleft)
            if any(k.words == new.words and k.rect.colliderect(rect) for k, _, _ in kept):
                continue  # the rest of a string already kept
            kept.append((Drawn(rect, new.words, new.full, new.shortened, new.tooltip,
                               new.role, new.clipped),
                         tip.move(part.topleft) if tip is not None else None, focus))
    _held[image] = kept
    _pasted.pop(image, None)


def cover(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Say that ``rect`` of the frame ``surface`` was just covered (a veil, a modal box): the
    strings drawn under it so far are no longer on show, so they leave the frame's record
    and their tooltips go (see :func:`dim`)."""
    if surface.get_abs_parent() is not _frame.surface:
        return
    area = rect.move(surface.get_abs_offset())
    _frame.drawn = [d for d in _frame.drawn if not area.colliderect(d.rect)]
    dim(surface, rect)


def dim(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Say that ``rect`` of the frame ``surface`` was just dimmed by a veil that leaves its
    words readable but not live (the board under a modal menu): the strings drawn under it
    stay in the record, their tooltips go, the keyboard focus's too."""
    if surface.get_abs_parent() is not _frame.surface:
        return
    area = rect.move(surface.get_abs_offset())
    _frame.tips = [(tip, full) for tip, full in _frame.tips if not area.colliderect(tip)]
    if _frame.focus is not None and area.colliderect(_frame.focus[0]):
        _frame.focus = None


def tooltip(surface: pygame.Surface, rect: pygame.Rect, full: str) -> None:
    """Register ``full`` as the tooltip of the area ``rect`` of ``surface`` (for a picture
    that stands for words, such as initials on a token)."""
    _record(surface, Drawn(rect, "", full, True, True, "tip"), rect)


# -- measuring and rendering ---------------------------------------------------------------


def text_size(words: str, size: int) -> tuple[int, int]:
    """The pixel size of ``words`` in the bundled font at ``size``."""
    return theme.font(size).size(words)


_rendered: dict[tuple, tuple[pygame.Surface, pygame.Rect]] = {}
_RENDERED_KEEP = 2000


def rendered(words: str, size: int, colour: tuple[int, ...]) -> tuple[pygame.Surface,
                                                                         pygame.Rect]:
    """The image of one line of text and the rectangle of its ink inside the image; cached
    (text is drawn every frame, but rarely changes)."""
    key = (words, size, colour)
    held = _rendered.get(key)
    if held is None:
        image = theme.font(size).render(words, True, colour)
        ink = image.get_bounding_rect(min_alpha=40)
        if not ink.width:
            ink = pygame.Rect(0, 0, 0, 0)
        if len(_rendered) >= _RENDERED_KEEP:
            _rendered.clear()
        held = _rendered[key] = (image, ink)
    return held


@lru_cache(maxsize=4096)
def fit(words: str, size: int, max_width: int | None,
        shrink: bool = True) -> tuple[str, int, bool]:
    """How ``words`` fit in ``max_width`` pixels: ``(shown, size, cut)``: the words (cut with
    "…" when even the smallest allowed size is too wide), the font size used (with
    ``shrink``, made smaller by at most a fifth, never under :data:`READABLE`) and whether
    they were cut."""
    if max_width is None or text_size(words, size)[0] <= max_width:
        return words, size, False
    smallest = max(min(size, READABLE), size - size // 5) if shrink else size
    for smaller in range(size - 1, smallest - 1, -1):
        if text_size(words, smaller)[0] <= max_width:
            return words, smaller, False
    return _cut(words, smallest, max_width), smallest, True


@lru_cache(maxsize=4096)
def _cut(words: str, size: int, width: int) -> str:
    """The longest start of ``words`` that, with "…", fits ``width`` pixels (at least "…")."""
    low, high = 0, len(words)
    while low < high:  # binary search on the number of characters kept
        mid = (low + high + 1) // 2
        if text_size(words[:mid].rstrip() + ELLIPSIS, size)[0] <= width:
            low = mid
        else:
            high = mid - 1
    return words[:low].rstrip() + ELLIPSIS


def text(surface: pygame.Surface, words: str, pos: tuple[int, int], size: int,
         colour: tuple[int, int, int] = theme.TEXT, *, anchor: str = "topleft",
         max_width: int | None = None, full: str | None = None, role: str = "text",
         focus: bool = False, plate: pygame.Rect | None = None,
         shrink: bool = True) -> pygame.Rect:
    """Draw one line of ``words`` with its ``anchor`` (a ``pygame.Rect`` attribute name such as
    ``"center"``) at ``pos``; a line wider than ``max_width`` is shrunk a little, then cut with
    "…" and given a tooltip.  ``full``: the whole text when ``words`` abbreviates it (a
    tooltip then holds it).  ``focus``: the string has keyboard focus (its tooltip shows
    without hovering).  ``plate``: the backing the words sit on, recorded as part of them (a
    label's plate must not cover another label either).  ``shrink=False``: cut at ``size``
    (rows that must match).  Records what was drawn; returns the rectangle drawn."""
    shown, used, cut = fit(words, size, max_width, shrink)
    image, ink = rendered(shown, used, tuple(colour))
    where = image.get_rect(**{anchor: pos})
    surface.blit(image, where)
    whole = words if full is None else full
    shortened = cut or whole != words
    rect = ink.move(where.topleft)
    if plate is not None:
        rect = rect.union(plate)
    _record(surface, Drawn(rect, shown, whole, shortened, shortened, role),
            where if shortened else None, focus)
    return where


@lru_cache(maxsize=4096)
def wrap(words: str, size: int, width: int) -> tuple[str, ...]:
    """``words`` broken into lines no wider than ``width`` pixels at font ``size`` (at spaces
    and line breaks, each line taking as many words as fit; a single word too wide for a line
    even drawn smaller, such as a file's path, is broken after a "/" or "-" in it, else stays
    whole on its own line); kept, as the same words are wrapped frame after frame.

    A start of a line is never wider than the line (its glyphs sit where they sit in the
    whole line), so the words that fit are found by halving: a line of ``n`` words is
    measured about ``log2(n)`` times, not once per word (the first try is every word left,
    which fits at the end of most paragraphs)."""
    font = theme.font(size)
    lines: list[str] = []
    for paragraph in words.split("\n"):
        parts = paragraph.split()
        if not parts:
            lines.append("")
        start = 0
        while start < len(parts):
            first = parts[start]
            while head := _break_word(first, size, width):
                lines.append(head)
                first = first[len(head):]
            more, most = 0, len(parts) - start - 1  # how many words follow ``first``
            if most and font.size(" ".join([first, *parts[start + 1:]]))[0] <= width:
                more = most
            else:
                most -= 1
                while more < most:
                    mid = (more + most + 1) // 2
                    if font.size(" ".join([first, *parts[start + 1:start + 1 + mid]]))[0] \
                            <= width:
                        more = mid
                    else:
                        most = mid - 1
            lines.append(" ".join([first, *parts[start + 1:start + 1 + more]]))
            start += 1 + more
    return tuple(lines)


def _break_word(word: str, size: int, width: int) -> str:
    """The longest start of ``word`` ending in "/" or "-" that fits ``width`` (drawn as small
    as :func:`fit` may), when the whole word does not; else ``""`` (at once for a word
    with no "/" or "-" before its last letter, which has nowhere to break)."""
    ends = [i + 1 for i, char in enumerate(word[:-1]) if char in "/-"]
    if not ends:
        return ""
    smallest = max(min(size, READABLE), size - size // 5)
    if text_size(word, smallest)[0] <= width:
        return ""
    return next((word[:end] for end in reversed(ends)
                 if text_size(word[:end], smallest)[0] <= width), "")


def wrap_at_most(words: str, size: int, width: int, most: int) -> tuple[list[str], bool]:
    """``words`` wrapped to ``width`` pixels in at most ``most`` lines, and whether some were
    left out: then the last line ends in "…" (draw it with ``full=words``, so the whole text
    is its tooltip)."""
    lines = list(wrap(words, size, width))
    if len(lines) <= most:
        return lines, False
    return [*lines[:most - 1], _cut(lines[most - 1] + " " + ELLIPSIS, size, width)
            if text_size(lines[most - 1] + " " + ELLIPSIS, size)[0] > width
            else lines[most - 1] + " " + ELLIPSIS], True


def line_height(size: int) -> int:
    """The distance between wrapped lines of font ``size``."""
    return size + max(2, size // 6)


def block(surface: pygame.Surface, paragraphs: str | Sequence[str], rect: pygame.Rect,
          size: int, colour: tuple[int, int, int] = theme.TEXT, *, step: int | None = None,
          colours: Iterable[tuple[int, int, int]] | None = None, role: str = "text",
          max_lines: int | None = None) -> int:
    """Draw ``paragraphs`` wrapped to ``rect``'s width from its top, each in its colour
    (``colours``, else ``colour``), lines ``step`` pixels apart.  When the lines do not all
    fit in ``rect`` (or ``max_lines``), the last one shown ends in "…" and the whole text is a
    tooltip over the block.  Returns the height used."""
    if isinstance(paragraphs, str):
        paragraphs = [paragraphs]
    step = step or line_height(size)
    inks = list(colours) if colours is not None else []
    lines = [(part, inks[i] if i < len(inks) else colour)
             for i, paragraph in enumerate(paragraphs)
             for part in wrap(paragraph, size, rect.width)]
    room = max(0, rect.height // step) if rect.height else len(lines)
    if max_lines is not None:
        room = min(room, max_lines)
    cut = len(lines) > room
    shown = lines[:room]
    if cut and shown:
        words, ink = shown[-1]
        shown[-1] = (_cut(words + " " + ELLIPSIS, size, rect.width)
                     if text_size(words + " " + ELLIPSIS, size)[0] > rect.width
                     else words + " " + ELLIPSIS, ink)
    y = rect.y
    whole = "\n".join(paragraphs)
    for index, (words, ink) in enumerate(shown):
        last = cut and index == len(shown) - 1
        text(surface, words, (rect.x, y), size, ink, max_width=rect.width,
             full=whole if last else None, role=role)
        y += step
    if cut and shown:
        tip = pygame.Rect(rect.x, rect.y, rect.width, y - rect.y)
        _record(surface, Drawn(tip, "", whole, True, True, "tip"), tip)
    return y - rect.y


# -- label placement -----------------------------------------------------------------------


ASKED_PLAINLY = 16
"""The first questions a :class:`Placer` answers by comparing every rectangle taken: a
placer asked only about a few tokens is not worth a :class:`RectGrid` of every word."""


class Placer:
    """Finds each board label a spot where it overprints no label placed before it (nor any
    rectangle passed to :meth:`block`): the preferred spot, else a small nudge, else the
    first free spot among the caller's alternatives (else, when the label must go somewhere,
    the least crowded of them)."""

    def __init__(self, bounds: pygame.Rect | None = None) -> None:
        self.bounds = bounds
        self.taken: list[pygame.Rect] = []
        self._grid = RectGrid()
        self._of = self.taken
        self._asked = 0

    def block(self, rect: pygame.Rect) -> None:
        """Keep labels off ``rect`` (a piece, a token)."""
        self.taken.append(pygame.Rect(rect))

    def _found(self) -> RectGrid:
        """:attr:`taken` in a :class:`RectGrid` (those added to the list since last time put
        in too; a list changed otherwise put in anew)."""
        grid, taken = self._grid, self.taken
        kept = len(grid)
        if self._of is not taken or kept > len(taken) or (
                kept and grid.rects[-1] is not taken[kept - 1]):
            grid, self._of = RectGrid(), taken
            self._grid = grid
        for rect in taken[len(grid):]:
            grid.add(rect)
        return grid

    def free(self, rect: pygame.Rect) -> bool:
        """Whether ``rect`` overlaps nothing placed and lies inside the bounds."""
        if self.bounds is not None and not self.bounds.contains(rect):
            return False
        self._asked += 1
        if self._asked <= ASKED_PLAINLY:
            return rect.collidelist(self.taken) < 0
        return not self._found().collides(rect)

    def crowding(self, rect: pygame.Rect) -> int:
        """How many pixels of ``rect`` overlap what is taken (overlaps counted each)."""
        grid = self._found()
        return sum(rect.clip(grid.rects[i]).width * rect.clip(grid.rects[i]).height
                   for i in grid.near(rect))

    def place(self, preferred: pygame.Rect, *alternatives: pygame.Rect,
              nudge: int = 0, crowded: bool = False) -> pygame.Rect | None:
        """The first free spot: ``preferred``, then ``preferred`` moved up to ``nudge`` pixels
        up, down, left or right, then each of ``alternatives``; the spot is taken.  When none
        is free: with ``crowded``, the least crowded of them inside the bounds (of all, when
        none is inside), else ``None`` (the caller shortens the label or draws it
        elsewhere)."""
        candidates = [preferred]
        for step in range(2, nudge + 1, 2):
            candidates += [preferred.move(0, -step), preferred.move(0, step),
                           preferred.move(-step, 0), preferred.move(step, 0)]
        candidates += alternatives
        spot = next((c for c in candidates if self.free(c)), None)
        if spot is None and crowded:
            inside = [c for c in candidates if self.bounds is None or self.bounds.contains(c)]
            spot = min(inside or candidates, key=self.crowding)
        if spot is not None:
            self.taken.append(spot)
        return spot
