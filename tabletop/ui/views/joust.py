"""Drawing King's Champion: two Household tableaus with The List between them.

:func:`draw_joust` draws a (filtered) :class:`JoustState` and returns the clickable regions
(:class:`Hit`), so the controller hit-tests exactly what was drawn.  It draws only what the
state it is given holds: secrets are filtered out before (``view_for``), so a hidden order is
a face-down token and a hidden Favor Action a "?".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from tabletop.games.joust.state import (
    FAVOR_TITLES,
    HIDDEN,
    JOUSTS,
    MAX_REPUTATION,
    Household,
    JoustState,
    Knight,
)
from tabletop.ui.views.base import text, wrap
from tabletop.ui.widgets import theme

DIE_COLOURS = {"white": (236, 234, 226), "green": (58, 156, 84), "red": (196, 52, 52),
               "black": (22, 22, 24)}
PIP_COLOURS = {"white": (30, 30, 30), "green": (245, 245, 240), "red": (245, 245, 240),
               "black": (245, 245, 240)}
HOUSE_COLOURS = ((176, 44, 58), (62, 96, 178))
CARD = (58, 54, 48)
CARD_EDGE = (120, 108, 86)
FACE_DOWN = (78, 70, 60)
LIST_FIELD = (52, 70, 50)

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
    """A die of ``colour`` filling ``rect``, showing ``face`` pips (blank when ``None``)."""
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


def draw_joust(surface: pygame.Surface, rect: pygame.Rect, state: JoustState, *,
               selection: Selection = Selection(), note: Sequence[str] = (),
               drag: tuple[str, tuple[int, int]] | None = None) -> list[Hit]:
    """Draw the whole table into ``rect``: the first Household at the top, The List in the
    middle (with ``note`` lines beside it: the last joust in words), the second Household at
    the bottom.  ``drag`` is a die colour being dragged and the mouse position.  Returns the
    clickable regions."""
    hits: list[Hit] = []
    pygame.draw.rect(surface, theme.BACKGROUND, rect)
    list_height = max(120, rect.height * 22 // 100)
    band = (rect.height - list_height) // 2
    top = pygame.Rect(rect.x, rect.y, rect.width, band)
    middle = pygame.Rect(rect.x, rect.y + band, rect.width, list_height)
    bottom = pygame.Rect(rect.x, rect.y + band + list_height, rect.width,
                         rect.height - band - list_height)
    for index, (house, area) in enumerate(zip(state.households, (top, bottom), strict=True)):
        hits += _draw_household(surface, area.inflate(-12, -8), state, house, index, selection)
    _draw_list(surface, middle.inflate(-12, -4), state, selection, note)
    if drag is not None:
        colour, pos = drag
        box = pygame.Rect(0, 0, 30, 30)
        box.center = pos
        draw_die(surface, box, colour, outline=theme.ACCENT)
    return hits


def _house_colour(state: JoustState, house: Household) -> tuple[int, int, int]:
    return HOUSE_COLOURS[0 if house.name == state.households[0].name else 1]


def _draw_household(surface: pygame.Surface, rect: pygame.Rect, state: JoustState,
                    house: Household, index: int, selection: Selection) -> list[Hit]:
    hits: list[Hit] = []
    colour = HOUSE_COLOURS[index]
    head = pygame.Rect(rect.x, rect.y, rect.width, 26)
    pygame.draw.rect(surface, colour, head, border_radius=4)
    marks = []
    if house.name == state.initiative:
        marks.append("initiative")
    if state.phase == "planning":
        marks.append("finished planning" if house.ready else "planning")
    title = f"House {house.name}" + (f"  ({', '.join(marks)})" if marks else "")
    text(surface, title, (head.x + 8, head.centery), 19, theme.TEXT, anchor="midleft")
    x = head.x + 8 + text_width(title, 19) + 16
    # Dice Pool
    x = _label(surface, "Pool", x, head.centery)
    for colour_name in house.pool:
        box = pygame.Rect(x, head.y + 3, 20, 20)
        chosen = (selection.house == house.name and selection.colour == colour_name
                  and not selection.squire_of)
        draw_die(surface, box, colour_name, outline=theme.ACCENT if chosen else None)
        hits.append(Hit(box, "pool", house.name, colour=colour_name))
        x += 23
    if not house.pool:
        x = _label(surface, "empty", x, head.centery)
    x += 10
    if house.bravery_tokens:
        x = _label(surface, "Tokens", x, head.centery)
        for token in house.bravery_tokens:
            centre = (x + 8, head.centery)
            pygame.draw.circle(surface, DIE_COLOURS[token], centre, 8)
            if selection.house == house.name and selection.colour == token and \
                    state.phase == "setup":
                pygame.draw.circle(surface, theme.ACCENT, centre, 9, 2)
            hits.append(Hit(pygame.Rect(x, head.y + 3, 17, 20), "token", house.name,
                            colour=token))
            x += 19
        x += 8
    x = _label(surface, f"Workers {house.workers}", x, head.centery)
    for card in house.hand:
        label = f"[{card.name}]"
        width = text_width(label, 15) + 6
        box = pygame.Rect(x, head.y + 4, width, 18)
        on = selection.card == card.name and selection.house == house.name
        pygame.draw.rect(surface, theme.ACCENT if on else (200, 190, 160), box, border_radius=3)
        text(surface, label, box.center, 15, theme.TEXT_DARK, anchor="center")
        hits.append(Hit(box, "card", house.name, card=card.name))
        x += width + 4
    tracks = pygame.Rect(rect.x, head.bottom + 4, rect.width, 20)
    _draw_tracks(surface, tracks, house)
    cards = pygame.Rect(rect.x, tracks.bottom + 6, rect.width, rect.bottom - tracks.bottom - 6)
    gap = 10
    width = (cards.width - gap * 2) // 3
    for i, knight in enumerate(house.knights):
        card = pygame.Rect(cards.x + i * (width + gap), cards.y, width, cards.height)
        hits += _draw_knight(surface, card, state, house, knight, selection)
    return hits


def text_width(words: str, size: int) -> int:
    return theme.font(size).size(words)[0]


def _label(surface: pygame.Surface, words: str, x: int, y: int) -> int:
    text(surface, words, (x, y), 15, theme.TEXT, anchor="midleft")
    return x + text_width(words, 15) + 6


def _draw_tracks(surface: pygame.Surface, rect: pygame.Rect, house: Household) -> None:
    """Morale (a number and a bar to 30), Reputation (twelve boxes), unplaced Crowns and each
    Crown track's progress."""
    x = rect.x
    x = text(surface, f"Morale {house.morale}", (x, rect.centery), 17, theme.OK,
             anchor="midleft").right + 6
    bar = pygame.Rect(x, rect.y + 5, 120, rect.height - 10)
    pygame.draw.rect(surface, (60, 60, 60), bar)
    filled = bar.copy()
    filled.width = bar.width * min(house.morale, 30) // 30
    pygame.draw.rect(surface, (200, 60, 60), filled)
    x = bar.right + 12
    x = text(surface, f"Reputation {house.reputation}", (x, rect.centery), 17, theme.TEXT,
             anchor="midleft").right + 6
    for i in range(MAX_REPUTATION):
        box = pygame.Rect(x + i * 9, rect.y + 5, 7, rect.height - 10)
        pygame.draw.rect(surface, theme.ACCENT if i < house.reputation else (70, 70, 70), box)
    x += MAX_REPUTATION * 9 + 12
    x = text(surface, f"Crowns to place {house.crowns}", (x, rect.centery), 17, theme.ACCENT,
             anchor="midleft").right + 12
    for track in house.tracks:
        label = f"{track.name} {track.progress}/{track.length}"
        text(surface, label, (x, rect.centery), 15,
             theme.OK if track.complete else theme.TEXT_DIM, anchor="midleft")
        x += text_width(label, 15) + 4
        for i in range(track.length):
            box = pygame.Rect(x + i * 7, rect.y + 6, 5, rect.height - 12)
            pygame.draw.rect(surface, theme.ACCENT if i < track.progress else (70, 70, 70), box)
        x += track.length * 7 + 10


def _draw_knight(surface: pygame.Surface, rect: pygame.Rect, state: JoustState,
                 house: Household, knight: Knight, selection: Selection) -> list[Hit]:
    hits: list[Hit] = []
    pygame.draw.rect(surface, CARD, rect, border_radius=6)
    edge = theme.ACCENT if knight.promoted else CARD_EDGE
    pygame.draw.rect(surface, edge, rect, 2, border_radius=6)
    inner = rect.inflate(-12, -8)
    name_band = pygame.Rect(inner.x, inner.y, inner.width, 22)
    hits.append(Hit(name_band, "knight", house.name, knight=knight.name))
    side = f"{knight.code.title()} · {knight.side.title()}"
    room = inner.width - text_width(side, 14) - 8
    name_width = room if room >= 110 else inner.width
    text(surface, knight.name, (inner.x, inner.y), 20, theme.TEXT, max_width=name_width)
    if room >= 110:
        text(surface, side, (inner.right, inner.y + 3), 14, theme.TEXT_DIM, anchor="topright")
    y = inner.y + 24
    place = _order_place(house, knight, selection)
    if knight.panic:
        text(surface, "PANICKED: no Favor Action", (inner.x, y), 15, theme.ERROR)
        y += 16
    tag = f"Crown: beat {knight.crown_target()}"
    if place:
        tag += f"   ·   {place}"
    text(surface, tag, (inner.x, y), 15, theme.ACCENT)
    y += 18
    # Bravery Token slots, each with its die.
    size = max(16, min(34, (inner.width - 56) // (knight.slots + 1) - 6))
    x = inner.x
    for i in range(knight.slots):
        centre = (x + size // 2, y + size // 2)
        if i < len(knight.tokens):
            pygame.draw.circle(surface, DIE_COLOURS[knight.tokens[i]], centre, size // 2)
            pygame.draw.circle(surface, (40, 40, 40), centre, size // 2, 1)
            die = knight.token_dice[i] if i < len(knight.token_dice) else None
            slot_rect = pygame.Rect(x, y, size, size)
            if die:
                draw_die(surface, slot_rect.inflate(-size // 3, -size // 3), die,
                         outline=_squire_outline(knight, str(i + 1)))
            hits.append(Hit(slot_rect, "slot", house.name, knight=knight.name, slot=str(i + 1),
                            colour=die or ""))
        else:
            pygame.draw.circle(surface, (90, 84, 74), centre, size // 2, 1)
        x += size + 6
    fealty = pygame.Rect(x + 6, y + 2, size - 4, size - 4)
    draw_die(surface, fealty, "black")
    if fealty.right + 4 + text_width("Fealty", 14) <= inner.right:
        text(surface, "Fealty", (fealty.right + 4, fealty.centery), 14, theme.TEXT_DIM,
             anchor="midleft")
    y += size + 6
    for piece in knight.equipment:
        box = pygame.Rect(inner.x, y, inner.width, 22)
        pygame.draw.rect(surface, (74, 68, 58), box, border_radius=3)
        label = f"{piece.name} ({piece.kind}: {'/'.join(piece.colours)})"
        text(surface, label, (box.x + 28, box.centery), 15, theme.TEXT, anchor="midleft",
             max_width=box.width - 32)
        slot = pygame.Rect(box.x + 3, box.y + 2, 18, 18)
        if piece.die:
            draw_die(surface, slot, piece.die, outline=_squire_outline(knight, piece.name))
        else:
            pygame.draw.rect(surface, (110, 100, 84), slot, 1, border_radius=3)
        hits.append(Hit(box, "slot", house.name, knight=knight.name, slot=piece.name,
                        colour=piece.die or ""))
        y += 25
    if knight.squire is not None:
        squire = knight.squire
        box = pygame.Rect(inner.x, y, inner.width, 22)
        die_box = pygame.Rect(box.x + 3, box.y + 2, 18, 18)
        if squire.on is None:
            held = selection.squire_of == knight.name
            draw_die(surface, die_box, squire.colour, outline=theme.ACCENT if held else None)
            hits.append(Hit(box, "squire", house.name, knight=knight.name,
                            colour=squire.colour))
        else:
            pygame.draw.rect(surface, (110, 100, 84), die_box, 1, border_radius=3)
        reroll = ""
        if squire.reroll:
            reroll = f", rerolls {squire.reroll}" + ("" if squire.reroll_worker else
                                                     " (no worker)")
        text(surface, f"Squire {squire.name}: {squire.colour} die{reroll}",
             (box.x + 28, box.centery), 15, theme.TEXT, anchor="midleft",
             max_width=box.width - 32)
        y += 25
    y = max(y, inner.bottom - 46)
    hits += _draw_favors(surface, pygame.Rect(inner.x, y, inner.width, 22), house, knight)
    if knight.ability:
        words = "Ability: hidden" if knight.ability == HIDDEN else f"Ability: {knight.ability}"
        text(surface, words, (inner.x, inner.bottom - 18), 14, theme.TEXT_DIM,
             max_width=inner.width)
    return hits


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


def _draw_favors(surface: pygame.Surface, rect: pygame.Rect, house: Household,
                 knight: Knight) -> list[Hit]:
    hits: list[Hit] = []
    if knight.favor == HIDDEN:
        text(surface, "Favor Action: hidden", (rect.x, rect.centery), 15, theme.TEXT_DIM,
             anchor="midleft")
        return hits
    x = rect.x
    for favor in knight.favors:
        label = FAVOR_TITLES[favor]
        width = text_width(label, 14) + 10
        if x + width > rect.right:
            break
        chip = pygame.Rect(x, rect.y, width, 20)
        chosen = knight.favor == favor
        fill = (120, 78, 160) if chosen else (70, 64, 76)
        if knight.panic:
            fill = (60, 56, 56)
        pygame.draw.rect(surface, fill, chip, border_radius=9)
        if chosen:
            pygame.draw.rect(surface, (220, 190, 255), chip, 2, border_radius=9)
        text(surface, label, chip.center, 14, theme.TEXT if not knight.panic else theme.TEXT_DIM,
             anchor="center")
        hits.append(Hit(chip, "favor", house.name, knight=knight.name, favor=favor))
        x += width + 4
    return hits


def _draw_list(surface: pygame.Surface, rect: pygame.Rect, state: JoustState,
               selection: Selection, note: Sequence[str]) -> None:
    pygame.draw.rect(surface, LIST_FIELD, rect, border_radius=8)
    pygame.draw.rect(surface, (96, 120, 90), rect, 2, border_radius=8)
    text(surface, "The List", (rect.x + 10, rect.y + 6), 20, theme.ACCENT)
    phase = {"setup": "setting up", "planning": "Planning Phase", "jousting": "Jousting Phase",
             "over": "game over"}[state.phase]
    text(surface, f"Round {state.round} of 6 · {phase}", (rect.x + 10, rect.y + 30), 15,
         theme.TEXT)
    if state.phase == "planning":
        for row, house in enumerate(state.households):
            word = "face down, ready" if house.ready else "planning"
            text(surface, f"{house.name}: {word}", (rect.x + 10, rect.y + 52 + row * 18), 14,
                 theme.TEXT_DIM)
    left = rect.x + 20 + max(text_width("The List", 20),
                             text_width(f"Round {state.round} of 6 · {phase}", 15))
    column = max(60, min(150, (rect.width * 11 // 20 - (left - rect.x)) // JOUSTS))
    radius = max(12, min(24, (rect.height - 40) // 5))
    first, second = state.households
    for index in range(JOUSTS):
        cx = left + index * column + column // 2
        current = state.phase == "jousting" and index == state.resolved and \
            state.revealed > state.resolved
        done = state.phase == "jousting" and index < state.resolved
        label_colour = theme.ACCENT if current else theme.TEXT_DIM if done else theme.TEXT
        text(surface, f"Joust {index + 1}", (cx, rect.y + 6), 15, label_colour,
             anchor="midtop")
        for row, house in enumerate((first, second)):
            cy = rect.y + 24 + radius + row * (radius * 2 + 12)
            _draw_token(surface, (cx, cy), radius, column, state, house, index, selection)
    note_rect = pygame.Rect(left + JOUSTS * column + 12, rect.y + 6,
                            rect.right - (left + JOUSTS * column + 12) - 8, rect.height - 12)
    y = note_rect.y
    for line in note:
        for part in wrap(line, 15, note_rect.width):
            if y + 15 > note_rect.bottom:
                return
            text(surface, part, (note_rect.x, y), 15, theme.TEXT)
            y += 16


def _draw_token(surface: pygame.Surface, centre: tuple[int, int], radius: int, column: int,
                state: JoustState, house: Household, index: int, selection: Selection) -> None:
    colour = _house_colour(state, house)
    name = house.order[index] if index < len(house.order) else None
    if name is None and selection.house == house.name and index < len(selection.pending_order):
        name = selection.pending_order[index]
    if name is None:
        pygame.draw.circle(surface, (80, 96, 76), centre, radius, 2)
        return
    if name == HIDDEN:
        pygame.draw.circle(surface, FACE_DOWN, centre, radius)
        pygame.draw.circle(surface, colour, centre, radius, 3)
        text(surface, "?", centre, radius, theme.TEXT_DIM, anchor="center")
        return
    pygame.draw.circle(surface, (228, 220, 200), centre, radius)
    pygame.draw.circle(surface, colour, centre, radius, 3)
    initials = "".join(part[0] for part in name.split()[-2:])
    text(surface, initials, centre, radius, theme.TEXT_DARK, anchor="center")
    text(surface, name, (centre[0] + radius + 4, centre[1]), 13, theme.TEXT, anchor="midleft",
         max_width=column - 2 * radius - 10)
