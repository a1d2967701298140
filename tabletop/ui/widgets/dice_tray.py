"""The dice tray: a modal controller over any board that throws real-looking dice.

Key D (an app-wide key) opens it with the current game's dice; a game's roll button pushes
``DiceTray(session, kinds, on_done=...)`` and gets the finished :class:`Roll` back.  The dice
tumble in a pymunk tray (``tabletop.dice.tray``) and settle on the seeded faces; the results
are listed and scored the way the game scores them (``tabletop.dice.summary``).  Click dice to
choose re-rolls, R re-rolls them by the game's rule (``tabletop.dice.tray_rules``); with a
Fateforge Three-of-a-Kind, choose one die and click its new result (kept in ``tray.change``,
``(die, result)``); Enter hands the roll on (a King's Champion roll first throws its
Aftershocks); Esc closes.  A game's roll (``fixed=True``) keeps the dice it was given: no
palette, no throwing again, no other game's dice, no seed shown (a Clash's roll seeds follow
from its secret seed); its ``explain`` hook may word the results the game's way.

Keys: Space throw · click die: choose re-roll · R re-roll · Enter use the roll · Tab other
game's dice · click a die in the palette: add one (right-click: remove one) · Backspace:
remove the last die · Esc close.  A click while the dice roll skips to the end.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Sequence
from functools import lru_cache

import pygame

from tabletop.dice import tray_rules
from tabletop.dice.fateforge_rolls import CHOOSABLE
from tabletop.dice.kinds import DieKind, canonical, default_kinds
from tabletop.dice.roll import Roll, new_seed, roll_dice
from tabletop.dice.summary import describe, summarise
from tabletop.dice.tray import (
    DT,
    MAX_TRAY_DICE,
    TRAY_H,
    TRAY_W,
    Animation,
    Pose,
    animate_roll,
    throw,
)
from tabletop.errors import TabletopError
from tabletop.ui.controllers.base import Controller
from tabletop.ui.session import Session
from tabletop.ui.textlayer import Placer, cover, rendered
from tabletop.ui.views.base import text, text_size, wrap
from tabletop.ui.widgets import theme
from tabletop.wording import counted, numbered

FELT = (33, 84, 62)
FELT_EDGE = (92, 62, 38)
DIE_COLOURS = {
    "white": ((238, 236, 228), theme.TEXT_DARK), "black": ((34, 34, 38), (236, 236, 236)),
    "red": ((178, 38, 42), (250, 246, 240)), "green": ((36, 128, 70), (250, 250, 244)),
    "yellow": ((226, 186, 44), theme.TEXT_DARK), "blue": ((46, 86, 178), (248, 248, 250)),
    "brown": ((118, 78, 44), (250, 240, 220)), "grey": ((116, 120, 130), (250, 250, 250)),
}
SETTLE_PAUSE = 0.15
NUMBER_SIZE = 14
NUMBER_SPOTS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))
"""Where a settled die's number goes, in order of preference: under the die, above it, to
its right, to its left, then at its corners."""
RESULTS_WIDTH = 290

Done = Callable[[Roll], object]
RerollRule = Callable[[Roll, set[int]], tuple[Roll, str]]
Explain = Callable[[Roll], Sequence[tuple[str, Sequence[str]]]]


def _colours(kind: DieKind) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    return DIE_COLOURS.get(kind.colour, DIE_COLOURS["grey"])


_PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
         4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
         6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
_KF_WORDS = {"power": "POW", "potential": "POT", "hope": "HOPE"}


def _star(centre: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    points = []
    for n in range(10):
        r = radius if n % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + n * math.pi / 5
        points.append((centre[0] + r * math.cos(angle), centre[1] + r * math.sin(angle)))
    return points


def _face_lines(kind: DieKind, face: int) -> list[str]:
    label = kind.faces[face]
    if kind.name.startswith("kf-power"):
        return [_KF_WORDS[s] for s in label.symbols] or [""]
    if kind.game == "fateforge":
        return label.label.split("/") if label.split else label.label.split(" ")
    return [label.label]


MIN_SHARE = 0.85
"""The face marks of a die turned near 45 degrees keep at least this share of its side, so
that two-word faces stay whole; the corners of their square, left empty by centred words,
may reach past the turned body."""


def upright_share(angle: float) -> float:
    """The side of the square a turned die's face marks are drawn upright in, as a share of
    the die's side: the largest upright square inside a square turned by ``angle`` radians,
    ``1 / (|cos| + |sin|)`` (1 upright, about 0.71 at 45 degrees), but at least
    :data:`MIN_SHARE`."""
    return max(MIN_SHARE, 1 / (abs(math.cos(angle)) + abs(math.sin(angle))))


@lru_cache(maxsize=512)
def die_image(kind_name: str, face: int, pixels: int, chosen: bool) -> pygame.Surface:
    """The upright picture of a die of ``kind_name`` showing face ``face`` (``-1``: a blank
    die, as in the palette), ``pixels`` wide; ``chosen`` dice (picked for a re-roll) get a gold
    ring."""
    kind = default_kinds()[kind_name]
    fill, ink = _colours(kind)
    size = max(8, pixels)
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    body = image.get_rect().inflate(-2, -2)
    radius = max(3, size // 7)
    pygame.draw.rect(image, fill, body, border_radius=radius)
    edge = theme.ACCENT if chosen else tuple(max(0, c - 60) for c in fill)
    pygame.draw.rect(image, edge, body, 3 if chosen else 1, border_radius=radius)
    if face >= 0:
        mark = face_mark(kind_name, face, size)
        image.blit(mark, mark.get_rect(center=image.get_rect().center))
    return image


@lru_cache(maxsize=512)
def face_mark(kind_name: str, face: int, pixels: int) -> pygame.Surface:
    """The marks of face ``face`` of a die of ``kind_name`` (pips, a star, or the face's words),
    upright on a transparent square ``pixels`` wide: drawn over a die's body, turned or not, so
    that the face always reads upright."""
    kind = default_kinds()[kind_name]
    _, ink = _colours(kind)
    size = max(8, pixels)
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (size / 2, size / 2)
    value = kind.faces[face].value
    if kind.game == "kings-champion":
        step, dot = size * 0.26, max(2, size // 11)
        for dx, dy in _PIPS[value]:
            pygame.draw.circle(image, ink, (centre[0] + dx * step, centre[1] + dy * step), dot)
    elif kind.name.startswith("kf-d10") and value == 10:
        pygame.draw.polygon(image, (214, 158, 24), _star(centre, size * 0.34))
    else:
        lines = _face_lines(kind, face)
        split = kind.game == "fateforge" and kind.faces[face].split
        font_size, lines, inks, divider = face_words(tuple(lines), size, split)
        for line, spot in zip(lines, inks, strict=True):
            image_, inked = _face_line(line, font_size, ink)
            image.blit(image_, (spot.x - inked.x, spot.y - inked.y))
            if line in ("6", "9"):  # underlined, as on real dice
                under = max(1, size // 24)
                image.fill(ink, (spot.x + 1, spot.bottom + max(1, font_size // 10),
                                 max(1, spot.width - 2), under))
        if divider is not None:
            image.fill(ink, divider)
    return image


MIN_FACE_FONT = 8
"""The smallest font a die face's words are drawn at (the smallest the theme draws), but for
a split face's (:data:`SMALLEST_SPLIT_FONT`)."""

SMALLEST_SPLIT_FONT = 7
"""The font a split face's words drop to when they do not fit at :data:`MIN_FACE_FONT`: a
split face's two results cannot be broken with a hyphen, and at the smallest face the tray
draws (26 pixels) "FOCUS" is 29 pixels of ink at 8 and 24 at 7.  Drawn at 7 points, under
the smallest text size."""


def _face_line(line: str, size: int, colour: tuple[int, int, int]
               ) -> tuple[pygame.Surface, pygame.Rect]:
    """The image of one line of a face's words at font ``size`` and the rectangle of its ink:
    the window's text at ``size`` (:func:`~tabletop.ui.textlayer.rendered`), or under
    :data:`MIN_FACE_FONT` the bundled font at ``size`` points."""
    if size >= MIN_FACE_FONT:
        return rendered(line, size, colour)
    return _small_line(line, size, colour)


@lru_cache(maxsize=64)
def _small_line(line: str, points: int, colour: tuple[int, int, int]
                ) -> tuple[pygame.Surface, pygame.Rect]:
    image = theme.points_font(points).render(line, True, colour)
    return image, image.get_bounding_rect(min_alpha=40)


@lru_cache(maxsize=512)
def face_words(lines: tuple[str, ...], pixels: int, split: bool
               ) -> tuple[int, tuple[str, ...], tuple[pygame.Rect, ...], pygame.Rect | None]:
    """Where the words of a die face go on its ``pixels``-wide square: the font size, the
    lines, the rectangle of each line's ink (centred, one line under the other) and, for a
    ``split`` face (two results, "use either": Fateforge *Combat Die Results*, "separated by
    a line"), the rectangle of the line between them, in the middle of a gap that keeps it
    clear of both words' ink, so that "STEP/HIT" never reads as a struck-out "HIT".  The
    largest font at which every line is whole inside the square, 2 pixels in from its sides
    and 4 from its top and foot (at the smallest font, 1 from its sides: a split face goes
    down to :data:`SMALLEST_SPLIT_FONT`, any other to :data:`MIN_FACE_FONT`); a word of five
    letters or more wider than that even at :data:`MIN_FACE_FONT` (a small die's "SPECIAL")
    is broken in two with a hyphen ("SPE-", "CIAL")."""
    wide, high = pixels - 4, pixels - 8
    thick = max(1, pixels // 40)

    def measured(font_size: int) -> tuple[list[pygame.Rect], int, int, int]:
        """The lines' inks at ``font_size``, the divider's clearance, the gap, the height."""
        inks = [_face_line(line, font_size, (0, 0, 0))[1] for line in lines]
        clear = max(2, font_size // 5)
        gap = 2 * clear + thick if split else max(2, font_size // 5)
        return inks, clear, gap, sum(ink.height for ink in inks) + gap * (len(lines) - 1)

    while True:
        for font_size in range(max(MIN_FACE_FONT, pixels // 2), MIN_FACE_FONT - 1, -1):
            inks, clear, gap, height = measured(font_size)
            if max(ink.width for ink in inks) <= wide and height <= high:
                break
        else:
            if split and (max(ink.width for ink in inks) > pixels - 2 or height > high):
                font_size = SMALLEST_SPLIT_FONT
                inks, clear, gap, height = measured(font_size)
        widest = max(range(len(lines)), key=lambda n: inks[n].width)
        word = lines[widest]
        if inks[widest].width <= pixels - 2 or split or len(word) < 5 or not word.isalpha():
            break
        half = len(word) // 2
        lines = (*lines[:widest], word[:half] + "-", word[half:], *lines[widest + 1:])
    y = (pixels - height) // 2
    spots = []
    for ink in inks:
        spots.append(pygame.Rect((pixels - ink.width) // 2, y, ink.width, ink.height))
        y += ink.height + gap
    divider = None
    if split and len(spots) > 1:
        top = spots[0].bottom + clear
        divider = pygame.Rect(round(pixels * 0.2), top, pixels - 2 * round(pixels * 0.2), thick)
    return font_size, lines, tuple(spots), divider


class DiceTray(Controller):
    """The modal dice tray (see the module docstring).

    ``kinds`` are the dice of the first throw (default: the current game's usual dice);
    ``seed`` seeds the first throw (later throws get fresh seeds); ``on_done(roll)`` receives
    the finished roll on Enter (without it, the roll is written to the log);
    ``reroll_rule(roll, chosen) -> (roll, words)`` replaces the game's default re-roll rule
    (it must be pure: it is also asked, before R, what re-rolling the chosen dice would do).
    ``fixed``: the dice are a game's roll (no palette, no throwing again, no Tab), seeded by
    ``seed``; ``explain(roll) -> [(heading, lines)]`` words the results in place of the default
    summary; ``title`` replaces the game's name in the title line; ``can_reroll(roll)`` says
    whether any re-roll is left (the keys line offers re-rolls only then; default: always).
    ``rerolls_elsewhere``: where this roll's re-rolls are declared when not in the tray (a
    Clash roll: in the sequence's step after the roll); then the keys line offers no re-roll,
    clicking a die chooses nothing and R only says these words.
    ``on_change(roll)`` hears each throw as it is made (the first throw, a re-roll, the
    Aftershocks), so that a game whose rules core takes every throw as a chance point applies
    it at once.  ``roll``: a roll already thrown (a game's roll taken up again part-way),
    shown settling on its faces instead of a first throw.
    """

    modal = True

    def __init__(self, session: Session, kinds: Sequence[str] | None = None, *,
                 seed: int | None = None, on_done: Done | None = None,
                 reroll_rule: RerollRule | None = None, throw_now: bool = False,
                 fixed: bool = False, explain: Explain | None = None, title: str = "",
                 can_reroll: Callable[[Roll], bool] | None = None,
                 on_change: Done | None = None, roll: Roll | None = None,
                 rerolls_elsewhere: str = ""):
        super().__init__()
        self.session = session
        self.family = tray_rules.family_for_game(session.game.name)
        if kinds:
            with contextlib.suppress(TabletopError):  # an unknown die is named at the throw
                self.family = tray_rules.family_of(canonical(kinds[0]))
        self.pending: list[str] = list(kinds) if kinds else list(self.family.default)
        self.seed = seed
        self.on_done = on_done
        self.on_change = on_change
        self.reroll_rule = reroll_rule or self._default_reroll
        self.fixed = fixed
        self.explain = explain
        self.title = title
        self.can_reroll = can_reroll
        self.rerolls_elsewhere = rerolls_elsewhere
        self.change: tuple[int, str] | None = None
        self.roll: Roll | None = None
        self.animation: Animation | None = None
        self.clock = 0.0
        self.chosen: set[int] = set()
        self.notes: list[str] = []
        self.finished = False
        self.message = ""
        self._chips: list[tuple[pygame.Rect, str]] = []
        self._results: list[tuple[pygame.Rect, str]] = []
        self._dice: list[tuple[tuple[float, float], float, float, int]] = []
        self._faces: list[tuple[pygame.Rect, pygame.Surface]] = []
        self._numbers: list[pygame.Rect] = []
        self._felt = pygame.Rect(0, 0, 0, 0)
        if roll is not None:
            self.roll = roll
            self.animation = animate_roll(roll)
        elif throw_now:
            self.throw()

    # -- actions ------------------------------------------------------------------------------

    @property
    def rolling(self) -> bool:
        """Whether dice are still moving on screen."""
        return self.animation is not None and self.clock < self._settle_time()

    def animating(self) -> bool:
        """While the dice roll the loop draws every frame."""
        return self.rolling

    def _settle_time(self) -> float:
        assert self.animation is not None
        return (self.animation.rest_frame + 1) * DT + SETTLE_PAUSE

    def throw(self) -> None:
        """Throw the pending dice (a new roll, seeded); a game's fixed roll is thrown once."""
        if self.fixed and self.roll is not None:
            self.message = "these dice are the game's roll: they are thrown once"
            return
        if not self.pending:
            self.message = "add dice first: click a die in the palette"
            return
        seed = self.seed if self.seed is not None else new_seed()
        self.seed = None
        self.roll = roll_dice(self.pending, seed=seed)
        self.animation = animate_roll(self.roll)
        self.clock = 0.0
        self.chosen.clear()
        self.notes = []
        self.finished = False
        self.message = ""
        self.change = None
        if self.on_change is not None:
            self.on_change(self.roll)

    def _default_reroll(self, roll: Roll, chosen: set[int]) -> tuple[Roll, str]:
        return tray_rules.tray_reroll(roll, chosen, self.change)

    def change_to(self, result: str) -> None:
        """Fateforge Three-of-a-Kind: change the one chosen die to ``result``."""
        if self.roll is None or self.rolling or self.finished:
            return
        if len(self.chosen) != 1:
            self.message = "Three-of-a-Kind: choose exactly one die to change"
            return
        (die,) = self.chosen
        try:
            self.change = tray_rules.three_of_a_kind_change(self.roll, die, result, self.change)
        except TabletopError as exc:
            self.message = str(exc)
            return
        self.notes.append(f"Three-of-a-Kind: die {die + 1} becomes {self.change[1]}")
        self.chosen.clear()
        self.message = ""

    def reroll(self) -> None:
        """Re-roll the chosen dice by the game's rule (the rule's refusal goes to the line);
        with re-rolls declared elsewhere, only say where."""
        if self.roll is None or self.rolling:
            return
        if self.rerolls_elsewhere:
            self.message = self.rerolls_elsewhere
            return
        try:
            new, words = self.reroll_rule(self.roll, set(self.chosen))
        except TabletopError as exc:
            self.message = str(exc)
            return
        self.animation = animate_roll(new, self.animation)
        self.roll = new
        self.clock = 0.0
        self.notes.append(f"re-rolled {numbered('die', (i + 1 for i in sorted(self.chosen)))}: "
                          f"{words}")
        self.chosen.clear()
        self.message = ""
        if self.on_change is not None:
            self.on_change(new)

    def accept(self) -> None:
        """Finish the roll (Aftershocks) and, once finished, hand it on and close."""
        if self.roll is None or self.rolling:
            return
        if not self.finished:
            done = tray_rules.finish(self.roll)
            self.finished = True
            if len(done) > len(self.roll):
                assert self.animation is not None
                sides = [done.kind(i).sides for i in range(len(done))]
                start = list(self.animation.final) + [Pose(0, 0, 0, 0)] * (len(done) - len(
                    self.roll))
                more = counted(len(done) - len(self.roll), "more black die")
                self.notes.append(f"Aftershock: {more}")
                self.animation = throw(sides, done.faces, done.seed, len(done.steps),
                                       moving=range(len(self.roll), len(done)), start=start,
                                       size=self.animation.size)
                self.roll = done
                self.clock = 0.0
                self.chosen.clear()
                if self.on_change is not None:
                    self.on_change(done)
                return
            self.roll = done
        roll = self.roll
        if self.on_done is not None:
            self.on_done(roll)
        else:
            line = f"Dice (seed {roll.seed}): {roll}"
            if roll.steps:
                line += f"; {len(roll.steps)} later step{'s' if len(roll.steps) > 1 else ''}"
            self.session.log.append(line)
            self.session.tell(line)
        self.close()

    def close(self) -> None:
        if self.app is not None:
            self.app.pop(self)

    def next_family(self) -> None:
        """Offer the next game's dice (Tab); the pending throw becomes its usual dice."""
        if self.fixed:
            return
        keys = [family.key for family in tray_rules.FAMILIES]
        index = (keys.index(self.family.key) + 1) % len(keys)
        self.family = tray_rules.FAMILIES[index]
        self.pending = list(self.family.default)
        self.roll, self.animation, self.finished = None, None, False
        self.chosen.clear()
        self.notes = []

    def add(self, kind: str) -> None:
        if self.fixed:
            return
        if len(self.pending) >= MAX_TRAY_DICE:
            self.message = f"the tray holds {MAX_TRAY_DICE} dice"
            return
        refusal = tray_rules.box_limit([*self.pending, kind])
        if refusal:
            self.message = refusal
            return
        self.pending.append(kind)

    def remove(self, kind: str | None = None) -> None:
        if self.fixed:
            return
        for index in range(len(self.pending) - 1, -1, -1):
            if kind is None or self.pending[index] == kind:
                del self.pending[index]
                return

    # -- events -------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._click(event.pos, event.button)
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.TEXTINPUT)

    def _key(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            self.close()
        elif key == pygame.K_SPACE:
            self.throw()
        elif key == pygame.K_r:
            self.reroll()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.accept()
        elif key == pygame.K_TAB:
            self.next_family()
        elif key == pygame.K_BACKSPACE:
            self.remove()

    def _click(self, pos: tuple[int, int], button: int) -> None:
        if self.rolling:
            self.clock = self._settle_time()
            return
        for rect, kind in self._chips:
            if rect.collidepoint(pos):
                self.add(kind) if button == 1 else self.remove(kind)
                return
        for rect, result in self._results:
            if rect.collidepoint(pos):
                self.change_to(result)
                return
        if self.roll is None or self.finished or self.rerolls_elsewhere:
            return
        for (cx, cy), half, angle, index in self._dice:
            dx, dy = pos[0] - cx, pos[1] - cy
            local_x = dx * math.cos(angle) + dy * math.sin(angle)
            local_y = -dx * math.sin(angle) + dy * math.cos(angle)
            if abs(local_x) <= half and abs(local_y) <= half:
                self.chosen.symmetric_difference_update({index})
                self.message = ""
                return

    def update(self, dt_ms: int) -> None:
        if self.animation is not None:
            self.clock = min(self.clock + dt_ms / 1000, self.animation.seconds + SETTLE_PAUSE)

    # -- drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        surface.blit(shade, rect)
        cover(surface, rect)  # the tray is on top: no tooltip of the board under it shows
        box = rect.inflate(-24, -24)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=8)
        pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=8)
        text(surface, f"Dice tray — {self.title or self.family.title}", (box.x + 14, box.y + 10),
             22, theme.ACCENT, max_width=box.width - 28 if self.fixed else box.width // 2)
        chips_bottom = self._draw_palette(surface, box)
        hint_height = 44
        body = pygame.Rect(box.x + 12, chips_bottom + 8, box.width - 24,
                           box.bottom - chips_bottom - 16 - hint_height)
        side = RESULTS_WIDTH if body.width > 640 else 0
        felt_area = pygame.Rect(body.x, body.y, body.width - side - (12 if side else 0),
                                body.height - (0 if side else 130))
        self._draw_felt(surface, felt_area)
        results = (pygame.Rect(felt_area.right + 12, body.y, side, body.height) if side else
                   pygame.Rect(body.x, felt_area.bottom + 8, body.width, 122))
        self._draw_results(surface, results)
        self._draw_hints(surface, pygame.Rect(box.x + 14, box.bottom - hint_height, box.width - 28,
                                              hint_height))

    def _draw_palette(self, surface: pygame.Surface, box: pygame.Rect) -> int:
        """The palette under the title: "add:", then each die of the family with its name in
        words, on as many rows as the box's width needs (never under the next throw's count
        at the right); returns the palette's bottom."""
        self._chips = []
        x, y, chip = box.x + 14, box.y + 40, 30
        if self.fixed:
            return y
        hand = f"next throw: {counted(len(self.pending), 'die')}" if self.pending else \
            "next throw: none"
        text(surface, hand, (box.right - 14, y + chip // 2), 16, theme.TEXT, anchor="midright")
        right = box.right - 28 - text_size(hand, 16)[0]
        text(surface, "add:", (x, y + chip // 2), 16, theme.TEXT_DIM, anchor="midleft")
        start = x = x + 36
        for kind_name in self.family.kinds:
            kind = default_kinds()[kind_name]
            words = tray_rules.kind_words(kind_name)
            width = chip + 4 + text_size(words, 14)[0]
            if x + width > right and x > start:
                x, y = start, y + chip + 6
            image = die_image(kind_name, kind.sides - 1 if kind.game == "kings-champion" else -1,
                              chip, False)
            where = pygame.Rect(x, y, chip, chip)
            surface.blit(image, where)
            self._chips.append((where, kind_name))
            text(surface, words, (x + chip + 4, y + chip // 2), 14, theme.TEXT_DIM,
                 anchor="midleft", max_width=right - x - chip - 4)
            x += width + 12
        return y + chip

    def _draw_felt(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        scale = min(area.width / TRAY_W, area.height / TRAY_H)
        felt = pygame.Rect(0, 0, round(TRAY_W * scale), round(TRAY_H * scale))
        felt.center = area.center
        pygame.draw.rect(surface, FELT_EDGE, felt.inflate(12, 12), border_radius=10)
        pygame.draw.rect(surface, FELT, felt, border_radius=6)
        self._dice, self._faces, self._numbers = [], [], []
        self._felt = felt
        if self.animation is None or self.roll is None:
            self._draw_hand(surface, felt, scale)
            return
        poses = self.animation.at(self.clock)
        pixels = max(10, round(self.animation.size * scale))
        middles = []
        for index, pose in enumerate(poses):  # first every body ...
            body = die_image(self.roll.kinds[index], -1, pixels, index in self.chosen)
            turned = pygame.transform.rotate(body, -math.degrees(pose.angle))
            centre = (felt.x + pose.x * scale, felt.y + pose.y * scale)
            middle = (round(centre[0]), round(centre[1]))
            surface.blit(turned, turned.get_rect(center=middle))
            self._dice.append((centre, pixels / 2, pose.angle, index))
            middles.append((middle, turned.get_bounding_rect().move(
                turned.get_rect(center=middle).topleft)))
        for index, pose in enumerate(poses):  # ... then every face over them, upright
            side = max(8, 2 * round(pixels * upright_share(pose.angle) / 2))
            mark = face_mark(self.roll.kinds[index], pose.face, side)
            where = mark.get_rect(center=middles[index][0])
            surface.blit(mark, where)
            self._faces.append((where, mark))
        if not self.rolling:
            self._draw_numbers(surface, felt, middles, [where for where, _ in self._faces])

    def _draw_numbers(self, surface: pygame.Surface, felt: pygame.Rect,
                      middles: Sequence[tuple[tuple[int, int], pygame.Rect]],
                      marks: Sequence[pygame.Rect]) -> None:
        """Each settled die's number (1, 2, ...: the results list names dice by it) on bare
        felt beside the die: under it, else above, right, left or at a corner, clear of every
        die and face and of the numbers placed before; when the dice leave no such spot
        beside a die, the least covered of them."""
        placer = Placer(felt)
        for _, reach in middles:
            placer.block(reach)
        for mark in marks:
            placer.block(mark)
        for index, ((x, y), reach) in enumerate(middles):
            words = str(index + 1)
            width, height = text_size(words, NUMBER_SIZE)
            lefts = {-1: reach.left - 2 - width, 0: x - width // 2, 1: reach.right + 2}
            tops = {-1: reach.top - 1 - height, 0: y - height // 2, 1: reach.bottom + 1}
            spots = [pygame.Rect(lefts[dx], tops[dy], width, height) for dx, dy in NUMBER_SPOTS]
            spot = placer.place(spots[0], *spots[1:], crowded=True)
            assert spot is not None  # crowded: always a spot
            text(surface, words, spot.center, NUMBER_SIZE, theme.TEXT, anchor="center")
            self._numbers.append(spot)

    def _draw_hand(self, surface: pygame.Surface, felt: pygame.Rect, scale: float) -> None:
        """The dice about to be thrown, in a row, and how to throw them."""
        pixels = max(16, round(44 * scale))
        for index, kind_name in enumerate(self.pending[:MAX_TRAY_DICE]):
            row, column = divmod(index, max(1, (felt.width - 20) // (pixels + 8)))
            where = (felt.x + 14 + column * (pixels + 8), felt.y + 14 + row * (pixels + 8))
            surface.blit(die_image(kind_name, -1, pixels, False), where)
        text(surface, "Space: throw", felt.center, 26, theme.TEXT, anchor="center")

    def _draw_results(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        pygame.draw.rect(surface, theme.BACKGROUND, area, border_radius=6)
        x, y, width = area.x + 10, area.y + 8, area.width - 20
        if self.roll is None:
            text(surface, "No dice thrown yet.", (x, y), 18, theme.TEXT_DIM)
            return
        if self.rolling:
            text(surface, "Rolling…", (x, y), 20, theme.TEXT)
            return
        lines: list[tuple[str, int, tuple[int, int, int]]] = []
        summary = summarise(self.roll, self.change)
        groups = self.explain(self.roll) if self.explain else describe(summary)
        for heading, rows in groups:
            lines.append((heading, 18, theme.ACCENT))
            lines += [(row, 16, theme.TEXT) for row in rows]
        faces = ", ".join(f"{i + 1}:{self.roll.face(i).label}" for i in range(len(self.roll)))
        lines.append((f"faces {faces}", 14, theme.TEXT_DIM))
        lines += [(note, 15, theme.TEXT_DIM) for note in self.notes]
        if self.chosen:
            cost, allowed = self._cost()
            lines.append((f"re-roll {numbered('die', (i + 1 for i in sorted(self.chosen)))}: {cost}"
                          + (" (R)" if allowed else ""), 16, theme.OK if allowed else theme.ERROR))
        if any(self.roll.kind(i).placeholder for i in range(len(self.roll))):
            lines.append(("placeholder faces: check them against your dice "
                          "(dice-faces.toml)", 14, theme.ERROR))
        if self.message:
            lines.append((self.message, 15, theme.ERROR))
        if not self.fixed:  # a game's roll seed can tell its next cards and rolls
            lines.append((f"seed {self.roll.seed}", 14, theme.TEXT_DIM))
        self._results = []
        for words, size, colour in lines:
            for part in wrap(words, size, width):
                if y + size > area.bottom - 4:
                    return
                text(surface, part, (x, y), size, colour)
                y += size + 3
            y += 2
        offer = summary.get("fateforge", {}).get("three_of_a_kind")
        if offer and self.change is None and not self.finished:
            self._draw_change_chips(surface, pygame.Rect(x, y + 4, width, area.bottom - y - 8))

    def _draw_change_chips(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The Three-of-a-Kind offer: one chip per result the chosen die may become."""
        text(surface, "Three-of-a-Kind: choose a die, then:", area.topleft, 15, theme.OK,
             max_width=area.width)
        x, y = area.x, area.y + 22
        for result in CHOOSABLE:
            width = theme.font(14).size(result)[0] + 14
            if x + width > area.right:
                x, y = area.x, y + 26
            if y + 22 > area.bottom:
                return
            chip = pygame.Rect(x, y, width, 22)
            pygame.draw.rect(surface, theme.BUTTON, chip, border_radius=4)
            pygame.draw.rect(surface, theme.PANEL_EDGE, chip, 1, border_radius=4)
            text(surface, result, chip.center, 14, theme.TEXT, anchor="center")
            self._results.append((chip, result))
            x += width + 6

    def _cost(self) -> tuple[str, bool]:
        """What R would do to the chosen dice, in the rule's words, and whether it may: the
        (pure) re-roll rule is asked, and its refusal is shown before R is pressed."""
        assert self.roll is not None
        try:
            return self.reroll_rule(self.roll, set(self.chosen))[1], True
        except TabletopError as exc:
            return str(exc), False

    def _draw_hints(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        if self.roll is None:
            hint = ("Space throw · click a palette die to add it, right-click to remove · "
                    "Backspace remove last · Tab other game's dice · Esc close")
        elif self.rolling:
            hint = "click to skip to the end"
        elif self.fixed:
            spent = self.rerolls_elsewhere or (self.can_reroll is not None
                                               and not self.can_reroll(self.roll))
            hint = ("Enter use this roll · Esc close" if self.finished or spent else
                    "click dice to choose re-rolls · R re-roll · Enter use this roll · Esc close")
        elif self.finished:
            hint = "Enter use this roll · Space throw again · Esc close"
        else:
            hint = ("click dice to choose re-rolls · R re-roll · Enter use this roll · "
                    "Space throw again · Tab other game's dice · Esc close")
        for n, part in enumerate(wrap(hint, 16, area.width)[:2]):
            text(surface, part, (area.x, area.y + 4 + n * 19), 16, theme.TEXT_DIM)
