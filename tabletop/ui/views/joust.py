"""Drawing King's Champion: two Household tableaus with The List between them.

:func:`draw_joust` draws a (filtered) :class:`JoustState` and returns the clickable regions
(:class:`Hit`), so the controller hit-tests exactly what was drawn.  It draws only what the
state it is given holds: secrets are filtered out before (``view_for``), so a hidden order is
a face-down token and a hidden Favor Action a "?".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import pygame

from tabletop.games.joust.state import (
    FAVOR_TITLES,
    HIDDEN,
    JOUSTS,
    MAX_REPUTATION,
    PHASE_TITLES,
    DieRoll,
    Household,
    JoustState,
    Knight,
)
from tabletop.ui.facades.joust import slot_mismatch, slot_perk
from tabletop.ui.textlayer import line_height, tooltip
from tabletop.ui.viewport import Viewport
from tabletop.ui.views.base import text, wrap
from tabletop.ui.widgets import theme

DIE_COLOURS = {"white": (236, 234, 226), "green": (58, 156, 84), "red": (196, 52, 52),
               "black": (22, 22, 24)}
PIP_COLOURS = {"white": (30, 30, 30), "green": (245, 245, 240), "red": (245, 245, 240),
               "black": (245, 245, 240)}
HOUSE_COLOURS = ((176, 44, 58), (62, 96, 178))
TOKEN_LETTERS = {"white": "W", "green": "G", "red": "R", "black": "B"}
"""The letter on a Bravery Token and on a die not rolled yet, so that its colour is never
told by hue alone."""


def token_letter(surface: pygame.Surface, centre: tuple[int, int], diameter: int,
                 colour: str) -> None:
    """The Bravery Token colour's letter in the middle of a token ``diameter`` wide (in
    black or white, whichever reads on it; nothing on a token too small for a letter)."""
    if diameter >= 14:
        text(surface, TOKEN_LETTERS[colour], centre, max(9, diameter * 3 // 5),
             theme.ink_on(DIE_COLOURS[colour]), anchor="center", role="label",
             full=f"{colour} Bravery Token")
CARD = (58, 54, 48)
CARD_EDGE = (120, 108, 86)
FACE_DOWN = (78, 70, 60)
LIST_FIELD = (52, 70, 50)
FITS = theme.OK
"""The ring around each empty slot the held die may go on (a slot that matches it)."""
WELL = (30, 30, 34)
"""The dark ground under dice and tokens on a House's coloured strip (a red die or token on
the red strip would not stand out)."""

PIPS = {1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)),
        4: ((0, 0), (2, 0), (0, 2), (2, 2)), 5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
        6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2))}


@dataclass(frozen=True)
class Hit:
    """A clickable region: ``kind`` is ``pool`` (a die in a Dice Pool: ``colour``),
    ``slot`` (a die slot of ``knight``: ``slot``), ``squire`` (a Knight's Squire die),
    ``favor`` (a Favor Action chip: ``favor``), ``knight`` (a Knight's name band), ``card``
    (an Enhancement in hand: ``card``) or ``token`` (a held Bravery Token: ``colour``)."""

    rect: pygame.Rect
    kind: str
    house: str
    knight: str = ""
    slot: str = ""
    colour: str = ""
    favor: str = ""
    card: str = ""


@dataclass(frozen=True)
class RolledSoFar:
    """The revealed joust part-way rolled, for The List: per Household (by name) the dice
    its Knight has thrown so far, each ``(colour, DieRoll)`` in the order it rolls them, and
    the step the joust waits for, in words, with the Household it concerns."""

    dice: tuple[tuple[str, tuple[tuple[str, DieRoll], ...]], ...]
    waiting: str
    house: str

    def of(self, house: str) -> tuple[tuple[str, DieRoll], ...]:
        """The dice ``house``'s Knight has thrown so far."""
        return next((dice for name, dice in self.dice if name == house), ())


@dataclass(frozen=True)
class Selection:
    """What the controller highlights: a held die (``colour``, from a Knight's Squire when
    ``squire_of`` is set), an Enhancement card, and the order being laid on The List."""

    house: str = ""
    colour: str = ""
    squire_of: str = ""
    card: str = ""
    pending_order: tuple[str, ...] = ()


def draw_die(surface: pygame.Surface, rect: pygame.Rect, colour: str, face: int | None = None,
             *, outline: tuple[int, int, int] | None = None) -> None:
    """A die of ``colour`` filling ``rect``, showing ``face`` pips (when ``None``, not rolled
    yet, its colour's letter instead, on a die big enough for one)."""
    pygame.draw.rect(surface, DIE_COLOURS[colour], rect, border_radius=max(2, rect.width // 6))
    edge = outline or ((90, 90, 90) if colour != "black" else (150, 150, 150))
    pygame.draw.rect(surface, edge, rect, 2 if outline else 1,
                     border_radius=max(2, rect.width // 6))
    if face:
        step = rect.width / 4
        radius = max(1, rect.width // 11)
        for col, row in PIPS[face]:
            centre = (round(rect.x + step * (col + 1)), round(rect.y + step * (row + 1)))
            pygame.draw.circle(surface, PIP_COLOURS[colour], centre, radius)
    elif colour in TOKEN_LETTERS and rect.width >= 14:
        text(surface, TOKEN_LETTERS[colour], rect.center, max(9, rect.width * 3 // 5),
             PIP_COLOURS[colour], anchor="center", role="label", full=f"{colour} die")


class Scale:
    """Sizes for one frame: ``px(n)`` is ``n`` pixels of the 1280 x 800 window scaled to the
    board (at least 11 for text, so nothing shrinks below readable), so the tableau grows with
    the window instead of leaving it empty, and with the board's zoom."""

    def __init__(self, rect: pygame.Rect, zoom: float = 1.0):
        factor = min(rect.width / 980, rect.height / 740)
        self.factor = max(0.85, min(1.7, factor)) * zoom

    def px(self, n: int) -> int:
        return max(11, round(n * self.factor))


def draw_joust(surface: pygame.Surface, rect: pygame.Rect, state: JoustState, *,
               selection: Selection = Selection(), note: Sequence[str] = (),
               drag: tuple[str, tuple[int, int]] | None = None,
               viewport: Viewport | None = None,
               rolled: RolledSoFar | None = None) -> list[Hit]:
    """Draw the whole table into ``rect``: the first Household at the top, The List in the
    middle (with ``note`` lines beside it: the last joust in words; or, for a joust
    ``rolled`` part-way, the dice thrown so far beside each Household's token and the step
    it waits for), the second Household at the bottom, zoomed and panned by ``viewport``
    (whole when ``None``) and clipped to ``rect``.  ``drag`` is a die colour being dragged
    and the mouse position.  Returns the clickable regions (as far as they are in view)."""
    hits: list[Hit] = []
    pygame.draw.rect(surface, theme.BACKGROUND, rect)
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip))
    scale = Scale(rect, viewport.zoom if viewport is not None else 1.0)
    shown_rect, rect = rect, (viewport.frame(rect) if viewport is not None else rect)
    list_height = max(scale.px(100), rect.height * 19 // 100)
    band = (rect.height - list_height) // 2
    top = pygame.Rect(rect.x, rect.y, rect.width, band)
    middle = pygame.Rect(rect.x, rect.y + band, rect.width, list_height)
    bottom = pygame.Rect(rect.x, rect.y + band + list_height, rect.width,
                         rect.height - band - list_height)
    for index, (house, area) in enumerate(zip(state.households, (top, bottom), strict=True)):
        hits += _draw_household(surface, area.inflate(-12, -8), state, house, index, selection,
                                scale)
    _draw_list(surface, middle.inflate(-12, -4), state, selection, note, scale, rolled)
    if drag is not None:
        colour, pos = drag
        box = pygame.Rect(0, 0, scale.px(30), scale.px(30))
        box.center = pos
        draw_die(surface, box, colour, outline=theme.ACCENT)
    surface.set_clip(clip)
    return [replace(hit, rect=shown) for hit in hits
            if (shown := hit.rect.clip(shown_rect)).width]


STEADY_BAND = 280
"""Pixels (at scale 1): a House this tall keeps two lines for its strip whatever it holds."""


def _house_colour(state: JoustState, house: Household) -> tuple[int, int, int]:
    return HOUSE_COLOURS[0 if house.name == state.households[0].name else 1]


class _Flow:
    """Lays pieces left to right from ``rect.x``, starting a new line of ``line`` pixels when
    a piece would pass ``rect.right``, so a strip wraps instead of running off the board."""

    def __init__(self, rect: pygame.Rect, line: int):
        self.rect = rect
        self.line = line
        self.x = rect.x
        self.y = rect.y

    def place(self, width: int, gap: int = 6) -> pygame.Rect:
        """The box for a piece ``width`` wide on the current line (or the next)."""
        if self.x > self.rect.x and self.x + width > self.rect.right:
            self.x = self.rect.x
            self.y += self.line
        box = pygame.Rect(self.x, self.y, width, self.line)
        self.x += width + gap
        return box

    @property
    def bottom(self) -> int:
        return self.y + self.line


def _draw_household(surface: pygame.Surface, rect: pygame.Rect, state: JoustState,
                    house: Household, index: int, selection: Selection,
                    scale: Scale) -> list[Hit]:
    """A House: its strip (name, Dice Pool, held tokens, workers, Enhancement cards), its
    tracks (Morale, Reputation, Crowns, Crown tracks) and its three Knight cards."""
    hits: list[Hit] = []
    colour = HOUSE_COLOURS[index]
    px = scale.px
    big, label = px(19), px(15)
    marks = []
    if house.name == state.initiative:
        marks.append("initiative")
    if state.phase == "planning":
        marks.append("finished planning" if house.ready else "planning")
    elif state.phase == "worker" and house.passed:
        marks.append("passed")
    if state.pending and state.pending[0].house == house.name:
        marks.append("chooses")
    elif not state.pending and state.phase in ("draw", "worker", "ennoblement") and \
            house.name == state.turn:
        marks.append("to act")
    title = f"House {house.name}" + (f"  ({', '.join(marks)})" if marks else "")
    # the strip: measure on a scratch flow first, to size the coloured band
    line = px(26)
    die = px(20)

    def lay(flow: _Flow, draw: bool) -> None:
        box = flow.place(text_width(title, big) + 10)
        if draw:
            text(surface, title, (box.x, box.centery), big, theme.TEXT, anchor="midleft")
        pieces = [("label", "Pool")] + [("pool", c) for c in house.pool]
        if not house.pool:
            pieces.append(("label", "empty"))
        if house.bravery_tokens:
            pieces += [("label", "Tokens")] + [("token", c) for c in house.bravery_tokens]
        out = f" +{house.workers_out} out" if house.workers_out else ""
        pieces.append(("label", f"Workers {house.workers}{out}"))
        if house.abilities:
            pieces.append(("label", f"Abilities {len(house.abilities)}"))
        pieces += [("card", card.name if card.name != HIDDEN else "Enhancement, face down")
                   for card in house.hand]
        for kind, value in pieces:
            if kind == "label":
                box = flow.place(text_width(value, label), 6)
                if draw:
                    text(surface, value, (box.x, box.centery), label, theme.TEXT,
                         anchor="midleft")
            elif kind == "pool":
                box = flow.place(die, 5)
                if draw:
                    cube = pygame.Rect(box.x, box.centery - die // 2, die, die)
                    pygame.draw.rect(surface, WELL, cube.inflate(4, 4), border_radius=4)
                    chosen = (selection.house == house.name and selection.colour == value
                              and not selection.squire_of)
                    draw_die(surface, cube, value, outline=theme.ACCENT if chosen else None)
                    hits.append(Hit(cube, "pool", house.name, colour=value))
            elif kind == "token":
                box = flow.place(die, 5)
                if draw:
                    centre = box.center
                    pygame.draw.circle(surface, WELL, centre, die // 2 + 1)
                    pygame.draw.circle(surface, DIE_COLOURS[value], centre, die // 2 - 1)
                    pygame.draw.circle(surface, (30, 30, 30), centre, die // 2 - 1, 1)
                    token_letter(surface, centre, die - 2, value)
                    if selection.house == house.name and selection.colour == value and \
                            state.phase == "setup":
                        pygame.draw.circle(surface, theme.ACCENT, centre, die // 2 + 1, 2)
                    hits.append(Hit(box, "token", house.name, colour=value))
            else:
                words = f"[{value}]"
                box = flow.place(text_width(words, label) + 8, 4)
                if draw:
                    card = box.inflate(0, -max(4, line // 5))
                    on = selection.card == value and selection.house == house.name
                    pygame.draw.rect(surface, theme.ACCENT if on else (200, 190, 160), card,
                                     border_radius=3)
                    text(surface, words, card.center, label, theme.TEXT_DARK, anchor="center")
                    hits.append(Hit(card, "card", house.name, card=value))

    strip = pygame.Rect(rect.x + 8, rect.y, rect.width - 16, line)
    probe = _Flow(strip, line)
    lay(probe, False)
    # two lines at least where the House has the room (not on the smallest windows, whose
    # cards need every pixel), so that the Knights' cards below stay put while dice leave
    # the pool or cards come into the hand (a click aimed at a slot never lands elsewhere)
    least = 2 * line if rect.height >= px(STEADY_BAND) else line
    head = pygame.Rect(rect.x, rect.y, rect.width, max(probe.bottom - rect.y, least))
    pygame.draw.rect(surface, colour, head, border_radius=4)
    lay(_Flow(strip, line), True)
    tracks_bottom = _draw_tracks(surface, pygame.Rect(rect.x, head.bottom + 3, rect.width,
                                                      px(22)), house, scale)
    cards = pygame.Rect(rect.x, tracks_bottom + 5, rect.width, rect.bottom - tracks_bottom - 5)
    gap = px(10)
    width = (cards.width - gap * 2) // 3
    clip = surface.get_clip()
    for i, knight in enumerate(house.knights):
        card = pygame.Rect(cards.x + i * (width + gap), cards.y, width, cards.height)
        # a card too short for its contents (the smallest windows) is cut at its edge, and
        # what is cut off cannot be clicked: it never covers The List or the other House
        surface.set_clip(card.clip(clip))
        hits += [h for h in _draw_knight(surface, card, state, house, knight, selection, scale)
                 if card.contains(h.rect)]
        surface.set_clip(clip)
    return hits


def text_width(words: str, size: int) -> int:
    return theme.font(size).size(words)[0]


def _draw_tracks(surface: pygame.Surface, rect: pygame.Rect, house: Household,
                 scale: Scale) -> int:
    """Morale (a number and a bar to 30), Reputation (twelve boxes), unplaced Crowns and each
    Crown track's progress, wrapping onto a second line when the board is narrow; returns
    the bottom of the last line."""
    px = scale.px
    size, small = px(17), px(15)
    flow = _Flow(rect, rect.height)
    bar_h = max(6, rect.height // 2)
    words = f"Morale {house.morale}"
    box = flow.place(text_width(words, size) + 6 + px(120), px(14))
    text(surface, words, (box.x, box.centery), size, theme.OK, anchor="midleft")
    bar = pygame.Rect(box.right - px(120), box.centery - bar_h // 2, px(120), bar_h)
    pygame.draw.rect(surface, (60, 60, 60), bar)
    filled = bar.copy()
    filled.width = bar.width * min(house.morale, 30) // 30
    pygame.draw.rect(surface, (200, 60, 60), filled)
    words = f"Reputation {house.reputation}"
    step = max(7, px(9))
    box = flow.place(text_width(words, size) + 6 + MAX_REPUTATION * step, px(14))
    text(surface, words, (box.x, box.centery), size, theme.TEXT, anchor="midleft")
    x = box.x + text_width(words, size) + 6
    for i in range(MAX_REPUTATION):
        cell = pygame.Rect(x + i * step, box.centery - bar_h // 2, step - 2, bar_h)
        pygame.draw.rect(surface, theme.ACCENT if i < house.reputation else (84, 84, 84), cell)
    words = f"Crowns to place {house.crowns}"
    box = flow.place(text_width(words, size), px(14))
    text(surface, words, (box.x, box.centery), size,
         theme.ACCENT if house.crowns else theme.TEXT_DIM, anchor="midleft")
    for track in house.tracks:
        words = f"{track.name} {track.progress}/{track.length}"
        cell_w = max(5, px(7))
        box = flow.place(text_width(words, small) + 4 + track.length * cell_w, px(12))
        text(surface, words, (box.x, box.centery), small,
             theme.OK if track.complete else (196, 198, 206), anchor="midleft")
        x = box.x + text_width(words, small) + 4
        for i in range(track.length):
            cell = pygame.Rect(x + i * cell_w, box.centery - bar_h // 2, cell_w - 2, bar_h)
            pygame.draw.rect(surface, theme.ACCENT if i < track.progress else (84, 84, 84),
                             cell)
    return flow.bottom


def _draw_knight(surface: pygame.Surface, rect: pygame.Rect, state: JoustState,
                 house: Household, knight: Knight, selection: Selection,
                 scale: Scale) -> list[Hit]:
    """A Knight card: name, Code and side, Panic, crown box and place in the order, Bravery
    Tokens with their dice and the Fealty Die, Equipment, Squire, Favor Action chips (every
    one, on as many lines as they need) and the Ability Card note.  A card too short for all
    of it (the smallest windows) shows what fits whole from the top and leaves the rest out,
    never a line cut at its edge; the card's whole words are then its tooltip
    (:func:`knight_words`)."""
    hits: list[Hit] = []
    px = scale.px
    name_size, size, small = px(20), px(15), px(14)
    pygame.draw.rect(surface, CARD, rect, border_radius=6)
    edge = theme.ACCENT if knight.promoted else CARD_EDGE
    pygame.draw.rect(surface, edge, rect, 2, border_radius=6)
    inner = rect.inflate(-12, -8)
    bottom = rect.bottom - 2  # nothing drawn runs past the card's edge

    def left_out() -> list[Hit]:
        tooltip(surface, rect, knight_words(state, house, knight, selection))
        return hits

    side = f"{knight.code.title()} · {knight.side.title()}"
    together = text_width(knight.name, name_size) + 10 + text_width(side, small) <= inner.width
    name_band = pygame.Rect(inner.x, inner.y, inner.width, name_size + 2)
    hits.append(Hit(name_band, "knight", house.name, knight=knight.name))
    text(surface, knight.name, (inner.x, inner.y), name_size, theme.TEXT, max_width=inner.width)
    y = inner.y + name_size + 2
    if together:
        text(surface, side, (inner.right, inner.y + (name_size - small) // 2), small,
             (196, 198, 206), anchor="topright")
    elif y + line_height(small) > bottom:
        return left_out()
    else:
        text(surface, side, (inner.x, y), small, (196, 198, 206), max_width=inner.width)
        y += small + 2
    place = _order_place(house, knight, selection)
    tag = f"Crown: beat {knight.crown_target()}"
    lines = [("PANICKED: no Favor Action", theme.ERROR)] if knight.panic else []
    if place and text_width(f"{tag}  ·  {place}", size) <= inner.width:
        lines.append((f"{tag}  ·  {place}", theme.ACCENT))
    else:  # too narrow for both on one line: the place in the order goes under the crown
        lines += [(tag, theme.ACCENT)] + ([(place, theme.ACCENT)] if place else [])
    for words, colour in lines:
        if y + line_height(size) > bottom:
            return left_out()
        text(surface, words, (inner.x, y), size, colour, max_width=inner.width)
        y += size + 1
    y += 2
    fits = _fits(state, house, knight, selection)
    # Bravery Token slots, each with its die, then the Fealty Die
    fealty_words = text_width("Fealty", small) + 4
    token = max(16, min(px(34), (inner.width - fealty_words - 8) // (knight.slots + 1) - 5))
    if y + token > bottom:
        return left_out()
    x = inner.x
    for i in range(knight.slots):
        centre = (x + token // 2, y + token // 2)
        if i < len(knight.tokens):
            pygame.draw.circle(surface, DIE_COLOURS[knight.tokens[i]], centre, token // 2)
            pygame.draw.circle(surface, (20, 20, 20), centre, token // 2, 1)
            die = knight.token_dice[i] if i < len(knight.token_dice) else None
            slot_rect = pygame.Rect(x, y, token, token)
            if not die:
                token_letter(surface, centre, token, knight.tokens[i])
            if not die and str(i + 1) in fits:
                pygame.draw.circle(surface, FITS, centre, token // 2 + 4, 3)
            if die:
                cube = slot_rect.inflate(-token * 2 // 5, -token * 2 // 5)
                pygame.draw.rect(surface, (20, 20, 20), cube.inflate(4, 4),
                                 border_radius=max(2, cube.width // 5))
                draw_die(surface, cube, die, outline=_squire_outline(knight, str(i + 1)))
            hits.append(Hit(slot_rect, "slot", house.name, knight=knight.name, slot=str(i + 1),
                            colour=die or ""))
        else:
            pygame.draw.circle(surface, (110, 102, 90), centre, token // 2, 1)
        x += token + 5
    fealty = pygame.Rect(x + 4, y + 2, token - 4, token - 4)
    draw_die(surface, fealty, "black")
    if fealty.right + fealty_words <= inner.right:
        text(surface, "Fealty", (fealty.right + 4, fealty.centery), small, (196, 198, 206),
             anchor="midleft")
    y += token + 5
    row_h = px(22)
    cube_size = row_h - 4
    chips = _favor_rows(knight, small, inner.width)
    ability = f"Ability: {'hidden' if knight.ability == HIDDEN else knight.ability}" \
        if knight.ability else ""
    below = (small + 4) if ability else 0
    rows = _slot_rows(knight, selection)
    takes: dict[str, tuple[str, ...]] = {p.name: p.colours for p in knight.equipment}
    if knight.squire is not None and knight.squire.reroll:
        takes["squire"] = (knight.squire.reroll,)
    room = inner.bottom - below - len(chips) * (small + 10) - y
    two = sum(max(row_h, len(wrap(words, size, inner.width - cube_size - 12)[:2]) * (size + 2)
                  + 4) + 3 for words, *_ in rows)
    most = 2 if two <= room else 1
    for words, die, outline, slot in rows:
        if y + max(row_h, line_height(size) + 4) > bottom:
            return left_out()
        top = y
        y = _slot_row(surface, pygame.Rect(inner.x, y, inner.width, row_h), words, size,
                      die, outline, cube_size, most, takes.get(slot or "squire", ()),
                      fits=bool(slot) and slot in fits)
        box = pygame.Rect(inner.x, top, inner.width, y - top - 3)
        if slot:
            hits.append(Hit(box, "slot", house.name, knight=knight.name, slot=slot,
                            colour=die or ""))
        elif knight.squire is not None and knight.squire.on is None:
            hits.append(Hit(box, "squire", house.name, knight=knight.name,
                            colour=knight.squire.colour))
    favors_top = max(y + 2, inner.bottom - below - len(chips) * (small + 10))
    icons = _slot_icons(state, knight)
    if icons:
        lines_ = wrap(icons, small, inner.width)
        if y + 2 + len(lines_) * (small + 1) <= favors_top:  # only where the card has room
            for line in lines_:
                text(surface, line, (inner.x, y + 2), small, (170, 176, 150))
                y += small + 1
    if favors_top + len(chips) * (small + 10) - 4 + below > bottom:
        return left_out()
    hits += _draw_favors(surface, pygame.Rect(inner.x, favors_top, inner.width, 0), house,
                         knight, chips, small)
    if ability:
        text(surface, ability, (inner.x, inner.bottom - small - 1), small, (196, 198, 206),
             max_width=inner.width)
    return hits


def _slot_rows(knight: Knight, selection: Selection
               ) -> list[tuple[str, str | None, tuple[int, int, int] | None, str]]:
    """The Knight's Equipment and Squire rows: ``(words, die on it, outline, slot)``."""
    rows: list[tuple[str, str | None, tuple[int, int, int] | None, str]] = []
    for piece in knight.equipment:
        rows.append((f"{piece.name} ({piece.kind})", piece.die,
                     _squire_outline(knight, piece.name), piece.name))
    if knight.squire is not None:
        squire = knight.squire
        reroll = ""
        if squire.reroll:
            reroll = " · reroll" + ("" if squire.reroll_worker else " (no worker)")
        held = selection.squire_of == knight.name
        rows.append((f"Squire {squire.name}{reroll}",
                     squire.colour if squire.on is None else None,
                     theme.ACCENT if held else None, ""))
    return rows


def knight_words(state: JoustState, house: Household, knight: Knight,
                 selection: Selection) -> str:
    """Everything a Knight card says, one part a line (the public words the card shows: a
    hidden Favor Action or Ability stays "hidden"): the card's tooltip when the card is too
    short to show it all."""
    lines = [knight.name, f"{knight.code.title()} · {knight.side.title()}"]
    if knight.panic:
        lines.append("PANICKED: no Favor Action")
    place = _order_place(house, knight, selection)
    lines.append(f"Crown: beat {knight.crown_target()}" + (f" · {place}" if place else ""))
    tokens = ", ".join(knight.tokens) if knight.tokens else "none"
    lines.append(f"Bravery Tokens: {tokens} ({knight.slots} slots)")
    lines += [words for words, *_ in _slot_rows(knight, selection)]
    icons = _slot_icons(state, knight)
    if icons:
        lines.append(icons)
    if knight.favor == HIDDEN:
        lines.append("Favor Action: hidden")
    elif knight.favors:
        lines.append("Favor Actions: " + ", ".join(FAVOR_TITLES[f] for f in knight.favors))
    if knight.ability:
        lines.append(f"Ability: {'hidden' if knight.ability == HIDDEN else knight.ability}")
    return "\n".join(lines)


def _slot_icons(state: JoustState, knight: Knight) -> str:
    """The Perk icons on the Knight's empty Bravery Token slots, in words (*Perks Gained*:
    "When a player places a Bravery Token on a slot that has an icon, the Perk is gained
    immediately"): ``"Slot 2: draw 1 Standard Ability Card · slot 3: add a white die"``."""
    parts = []
    for index in range(len(knight.tokens), knight.slots):
        perk = slot_perk(state, knight, index)
        if perk is not None:
            parts.append(f"slot {index + 1}: {perk.words()}")
    text_ = " · ".join(parts)
    return text_[:1].upper() + text_[1:]


def _slot_row(surface: pygame.Surface, rect: pygame.Rect, words: str, size: int,
              die: str | None, outline: tuple[int, int, int] | None, cube: int,
              most: int = 2, takes: Sequence[str] = (), fits: bool = False) -> int:
    """An Equipment or Squire row: its die slot (the die on it, or an empty square ringed
    when the held die ``fits`` it), its
    words, wrapped onto ``most`` lines (the last cut with an ellipsis only when the card has
    no room for more), and on the right a swatch of each die colour the slot ``takes`` (for a
    Squire: its reroll colour); returns the y after it."""
    swatch = max(8, cube * 2 // 3)
    words_width = rect.width - cube - 12 - (len(takes) * (swatch + 3) + 4 if takes else 0)
    lines = wrap(words, size, words_width)
    if len(lines) > most:
        lines = (*lines[:most - 1], " ".join(lines[most - 1:]))
    height = max(rect.height, len(lines) * (size + 2) + 4)
    box = pygame.Rect(rect.x, rect.y, rect.width, height)
    pygame.draw.rect(surface, (78, 72, 62), box, border_radius=3)
    slot = pygame.Rect(box.x + 3, box.y + (rect.height - cube) // 2, cube, cube)
    if die:
        draw_die(surface, slot, die, outline=outline)
    else:
        pygame.draw.rect(surface, (130, 120, 100), slot, 1, border_radius=3)
        if fits:
            pygame.draw.rect(surface, FITS, box, 2, border_radius=3)
            pygame.draw.rect(surface, FITS, slot, 2, border_radius=3)
    for n, colour in enumerate(takes):
        cell = pygame.Rect(box.right - 4 - (len(takes) - n) * (swatch + 3) + 3,
                           box.y + (rect.height - swatch) // 2, swatch, swatch)
        pygame.draw.rect(surface, DIE_COLOURS[colour], cell, border_radius=2)
        pygame.draw.rect(surface, (20, 20, 20), cell, 1, border_radius=2)
    y = box.y + (height - len(lines) * (size + 2)) // 2 + 1
    for line in lines:
        text(surface, line, (slot.right + 7, y), size, theme.TEXT, max_width=words_width)
        y += size + 2
    return box.bottom + 3


def _fits(state: JoustState, house: Household, knight: Knight,
          selection: Selection) -> frozenset[str]:
    """The empty slots of ``knight`` the held die may go on while planning: its own House's
    Knights (a Squire's die only its own Knight), slots that match the die's colour
    (rulebook, *Placing an Enhancement Card*: "The dice locked into that spot must match the
    location you are locking it to")."""
    if (state.phase != "planning" or not selection.colour or selection.house != house.name
            or selection.squire_of not in ("", knight.name)):
        return frozenset()
    return frozenset(slot for slot in knight.slot_ids() if knight.die_on(slot) is None
                     and not slot_mismatch(knight, slot, selection.colour))


def _squire_outline(knight: Knight, slot: str) -> tuple[int, int, int] | None:
    """Squire dice are outlined in gold so they can be told from pool dice."""
    if knight.squire is not None and knight.squire.on == slot:
        return (214, 170, 60)
    return None


def _order_place(house: Household, knight: Knight, selection: Selection) -> str:
    if knight.name in house.order:
        return f"joust {house.order.index(knight.name) + 1}"
    if selection.house == house.name and knight.name in selection.pending_order:
        return f"joust {selection.pending_order.index(knight.name) + 1} (laying)"
    return ""


def _favor_rows(knight: Knight, size: int, width: int) -> list[list[str]]:
    """The Knight's Favor Actions in lines of chips that fit ``width`` (none is left out);
    a hidden choice is one line of words."""
    if knight.favor == HIDDEN:
        return [["hidden"]]
    rows: list[list[str]] = [[]]
    x = 0
    for favor in knight.favors:
        chip = text_width(FAVOR_TITLES[favor], size) + 12
        if rows[-1] and x + chip > width:
            rows.append([])
            x = 0
        rows[-1].append(favor)
        x += chip + 4
    return rows


def _draw_favors(surface: pygame.Surface, rect: pygame.Rect, house: Household,
                 knight: Knight, rows: list[list[str]], size: int) -> list[Hit]:
    """The Favor Action chips from ``rect``'s top, the chosen one filled violet."""
    hits: list[Hit] = []
    if knight.favor == HIDDEN:
        text(surface, "Favor Action: hidden", (rect.x, rect.y + 2), size + 1, (196, 198, 206))
        return hits
    y = rect.y
    for row in rows:
        x = rect.x
        for favor in row:
            label = FAVOR_TITLES[favor]
            chip = pygame.Rect(x, y, text_width(label, size) + 12, size + 6)
            chosen = knight.favor == favor
            fill = (124, 80, 168) if chosen else (74, 68, 82)
            if knight.panic:
                fill = (60, 56, 56)
            pygame.draw.rect(surface, fill, chip, border_radius=chip.height // 2)
            if chosen:
                pygame.draw.rect(surface, (226, 198, 255), chip, 2, border_radius=chip.height // 2)
            text(surface, label, chip.center, size,
                 theme.TEXT if not knight.panic else theme.TEXT_DIM, anchor="center")
            hits.append(Hit(chip, "favor", house.name, knight=knight.name, favor=favor))
            x = chip.right + 4
        y += size + 10
    return hits


def _draw_list(surface: pygame.Surface, rect: pygame.Rect, state: JoustState,
               selection: Selection, note: Sequence[str], scale: Scale,
               rolled: RolledSoFar | None = None) -> None:
    """The List: its title and the round across the top, three joust columns of two
    Jousting Tokens (the first House above) each with the Knight's whole name when
    revealed, and on the right ``note`` (the last joust in words, or what to do), or the
    joust ``rolled`` so far."""
    px = scale.px
    pygame.draw.rect(surface, LIST_FIELD, rect, border_radius=8)
    pygame.draw.rect(surface, (96, 120, 90), rect, 2, border_radius=8)
    head = px(20)
    x = text(surface, "The List", (rect.x + 10, rect.y + 5), head, theme.ACCENT).right + 12
    _draw_phase_track(surface, pygame.Rect(x, rect.y + 5, rect.right - 10 - x, head), state,
                      px(15))
    top = rect.y + head + 10
    label = px(15)
    radius = max(6, min(px(22), (rect.bottom - top - label - 14) // 4))
    name_size = px(14)
    widest = max([text_width(n, name_size) for h in state.households for n in
                  (k.name for k in h.knights)] + [text_width("Joust 3", label)])
    column = min(2 * radius + 10 + widest + 14, (rect.width - 20) * 2 // 9)
    first, second = state.households
    for index in range(JOUSTS):
        left = rect.x + 10 + index * column
        current = state.phase == "jousting" and index == state.resolved and \
            state.revealed > state.resolved
        done = state.phase == "jousting" and index < state.resolved
        label_colour = theme.ACCENT if current else (150, 160, 150) if done else theme.TEXT
        text(surface, f"Joust {index + 1}", (left, top), label, label_colour)
        for row, house in enumerate((first, second)):
            cy = top + label + 6 + radius + row * (radius * 2 + 6)
            _draw_token(surface, (left + radius, cy), radius, column, state, house, index,
                        selection, name_size)
    note_rect = pygame.Rect(rect.x + 10 + JOUSTS * column + 10, top, 0, rect.bottom - 6 - top)
    note_rect.width = rect.right - 10 - note_rect.x
    if rolled is not None:
        rows = [top + label + 6 + radius + row * (radius * 2 + 6) for row in range(2)]
        _draw_rolled(surface, note_rect, rolled, (first.name, second.name), rows, radius,
                     px(14))
        return
    _draw_note(surface, note_rect, note, px(15))


NOTE_FLOOR = 11
"""The smallest size The List's note is drawn at (the List's own smallest words) before it
is cut."""
MORE = "… more"
"""The cue ending a note cut short; the whole note is its tooltip."""


def _draw_note(surface: pygame.Surface, rect: pygame.Rect, note: Sequence[str],
               size: int) -> None:
    """``note`` (the last joust in words, or what to do) wrapped into ``rect``: whole at the
    largest size from ``size`` down to :data:`NOTE_FLOOR` at which every line fits; else, at
    the floor, the lines that fit, the last ending in "… more" (in the accent colour), with
    the whole note as the tooltip of the cut line and of the cue, so no line is lost."""
    if not note or rect.width <= 0:
        return
    floor = min(size, NOTE_FLOOR)
    for used in range(size, floor - 1, -1):
        lines = [part for line in note for part in wrap(line, used, rect.width)]
        if len(lines) * (used + 1) <= rect.height + 1:
            break
    whole = "\n".join(note)
    room = max(1, (rect.height + 1) // (used + 1))
    cut = len(lines) > room
    y = rect.y
    for index, line in enumerate(lines[:room]):
        if not (cut and index == room - 1):
            text(surface, line, (rect.x, y), used, theme.TEXT)
            y += used + 1
            continue
        cue = text_width(" " + MORE, used)
        words = line.split()
        while words and text_width(" ".join(words), used) > rect.width - cue:
            words.pop()
        shown = text(surface, " ".join(words), (rect.x, y), used, theme.TEXT, full=whole) \
            if words else pygame.Rect(rect.x, y, 0, used)
        text(surface, MORE, (shown.right + (4 if words else 0), y), used, theme.ACCENT,
             max_width=rect.right - shown.right, full=whole)


def _draw_rolled(surface: pygame.Surface, rect: pygame.Rect, rolled: RolledSoFar,
                 houses: tuple[str, str], rows: list[int], radius: int, size: int) -> None:
    """The joust part-way rolled, right of the joust columns: "Rolled so far" on the label
    line, then in each Household's row (level with its token) the dice its Knight has thrown,
    each showing its face (a reroll ringed in gold, a die preset by Targeting ringed in
    green, the Aftershocks it set off after it behind a "+"), and, in the row of the
    Household it concerns, the step the joust waits for."""
    text(surface, "Rolled so far (Joust! goes on)", (rect.x, rect.y), size, theme.ACCENT,
         max_width=rect.width)
    die = max(12, min(radius * 2 - 8, size + 6))
    for house, cy in zip(houses, rows, strict=True):
        x = rect.x
        dice = rolled.of(house)
        for colour, roll in dice:
            outline = (214, 170, 60) if roll.rerolls else FITS if roll.preset else None
            draw_die(surface, pygame.Rect(x, cy - die // 2, die, die), colour, roll.face,
                     outline=outline)
            x += die + 4
            if roll.aftershocks:
                x = text(surface, "+", (x, cy), size, theme.TEXT, anchor="midleft").right + 4
                for face in roll.aftershocks:
                    draw_die(surface, pygame.Rect(x, cy - die // 2, die, die), "black", face)
                    x += die + 4
        words = "not thrown yet" if not dice else ""
        if house == rolled.house:
            words = f"next: {rolled.waiting}"
        if not words:
            continue
        x += 6 if dice else 0
        lines = wrap(words, size, rect.right - x)
        step = size + 2
        y = cy - len(lines) * step // 2
        for line in lines:
            text(surface, line, (x, y), size, theme.TEXT if house == rolled.house
                 else theme.TEXT_DIM, max_width=rect.right - x)
            y += step


PHASE_TRACK = ("draw", "worker", "planning", "jousting", "ennoblement")
"""The Phases of Play card (*Game Play*): the five phases of every round, in order."""


def _draw_phase_track(surface: pygame.Surface, rect: pygame.Rect, state: JoustState,
                      size: int) -> None:
    """``Round 2 of 6`` and the five phases of play, the current one highlighted (setting up
    and the end are named instead); words that do not fit are shortened to their first
    word, and when even those do not, the current phase alone is named ("Jousting (4 of
    5)")."""
    y = rect.y + (rect.height - size) // 2
    x = text(surface, f"Round {state.round} of 6", (rect.x, y), size, theme.TEXT).right + 10
    if state.phase in ("setup", "over"):
        words = PHASE_TITLES[state.phase] + (" · then the Draw Phase of round 1"
                                             if state.phase == "setup" else "")
        text(surface, words, (x, y), size, theme.ACCENT, max_width=rect.right - x)
        return
    names = [PHASE_TITLES[p] for p in PHASE_TRACK]
    if sum(text_width(n, size) + 16 for n in names) > rect.right - x:
        names = [n.split()[0] for n in names]
    track = list(PHASE_TRACK)
    if sum(text_width(n, size) + 16 for n in names) > rect.right - x:  # the current one only
        number = PHASE_TRACK.index(state.phase)
        track, names = [state.phase], [f"{names[number]} ({number + 1} of {len(names)})"]
    for phase, name in zip(track, names, strict=True):
        width = text_width(name, size) + 10
        box = pygame.Rect(x, y - 2, width, size + 4)
        if phase == state.phase:
            pygame.draw.rect(surface, theme.ACCENT, box, border_radius=4)
            text(surface, name, box.center, size, theme.TEXT_DARK, anchor="center")
        else:
            text(surface, name, box.center, size, (150, 160, 150), anchor="center")
        x += width + 6


def _draw_token(surface: pygame.Surface, centre: tuple[int, int], radius: int, column: int,
                state: JoustState, house: Household, index: int, selection: Selection,
                name_size: int) -> None:
    colour = _house_colour(state, house)
    name = house.order[index] if index < len(house.order) else None
    if name is None and selection.house == house.name and index < len(selection.pending_order):
        name = selection.pending_order[index]
    if name is None:
        pygame.draw.circle(surface, (92, 112, 88), centre, radius, 2)
        return
    if name == HIDDEN:
        pygame.draw.circle(surface, FACE_DOWN, centre, radius)
        pygame.draw.circle(surface, colour, centre, radius, 3)
        text(surface, "?", centre, radius, theme.TEXT, anchor="center")
        text(surface, "face down", (centre[0] + radius + 5, centre[1]), name_size,
             (196, 198, 206), anchor="midleft", max_width=column - 2 * radius - 12)
        return
    pygame.draw.circle(surface, (228, 220, 200), centre, radius)
    pygame.draw.circle(surface, colour, centre, radius, 3)
    initials = "".join(part[0] for part in name.split()[-2:])
    text(surface, initials, centre, radius, theme.TEXT_DARK, anchor="center")
    text(surface, name, (centre[0] + radius + 5, centre[1]), name_size, theme.TEXT,
         anchor="midleft", max_width=column - 2 * radius - 12)
