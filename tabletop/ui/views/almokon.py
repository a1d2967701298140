"""Drawing the Almokon battlefield: one function of the (filtered) state plus overlays.

From top to bottom: the second player's hand strip, their Realm, the Outland — the Wilderness
(green, left) and the Open Sea (blue, right), each with the second player's cards above and
the first player's below — then the first player's Realm and hand strip.  Cards show cost,
Wrath, Vigor left, Bounty, keywords, Items and Growth counters, and lie rotated 90° when
exhausted.  ``targets`` maps uids to ``None`` (a legal target, outlined green) or the reason it
is not one (dimmed; the reasons are written in their zone).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import pygame

from tabletop.games.almokon.state import AlmokonState, Card
from tabletop.spatial.zones import OPEN_SEA, REALM, WILDERNESS, ZONE_NAMES
from tabletop.ui.facades.almokon import HIDDEN
from tabletop.ui.textlayer import paste, tooltip
from tabletop.ui.viewport import Viewport
from tabletop.ui.views.base import text, text_size, wrap
from tabletop.ui.widgets import theme

PLAYER_COLOURS = (theme.OKABE_ITO["orange"], theme.OKABE_ITO["sky blue"])
"""The two players' colours (Okabe-Ito); a card's owner also shows in its border: a single
line for the bottom player, a double line for the top player."""
OWNER_LOOKS = ("outline", "double outline")
"""The legend swatch of each owner's card border (see :func:`_draw_card`)."""
ZONE_COLOURS = {REALM: (62, 57, 50), WILDERNESS: (46, 72, 44), OPEN_SEA: (34, 54, 86)}
CARD_BODY = (50, 50, 54)
"""Every card's body: one neutral grey, tinted toward its owner's colour (ownership is told
by the row the card sits in, its frame and this tint; the faction by the words on the kind
line, never by a colour, since faction colours were the players' colours too)."""
FACTION_MARKS = {"conquest": "Conq.", "diplomacy": "Dipl.", "community": "Comm.",
                 "creed": "Creed", "trade": "Trade", "neutral": "Neut."}
"""The faction's mark: a short word before the card's kind ("Conq. character"); the whole
faction name is in the tooltip, the zoom and the side panel."""
KIND_SHORT = {"improvement": "improv.", "character": "char.", "monarch": "mon.",
              "capitol": "cap.", "vessel": "vess."}
"""Shorter kind words for a card too narrow for a kind word whole: used word by word only
where the wrapped kind would otherwise break a word with a hyphen ("improveme-" / "nt");
the whole kind is in the card's tooltip, the zoom and the side panel."""
OWNER_TINT = 5
"""The body is ``1/OWNER_TINT`` of the owner's colour over :data:`CARD_BODY`."""


def body_colour(owner: int) -> tuple[int, int, int]:
    """The body of a card ``owner`` controls (see :data:`CARD_BODY`)."""
    mine = PLAYER_COLOURS[owner]
    return tuple((c * (OWNER_TINT - 1) + o) // OWNER_TINT
                 for c, o in zip(CARD_BODY, mine, strict=True))
LEGAL = (110, 230, 130)
SELECTED = theme.ACCENT
CARD_RATIO = 0.78


@dataclass(frozen=True)
class Hit:
    """A clickable card: its rectangle, uid (``""`` for a hidden card), and where it lies
    (``play``, ``hand``)."""

    rect: pygame.Rect
    uid: str
    place: str
    owner: int


@dataclass(frozen=True)
class Face:
    """What one card shows, in words: the key of its cached image (see :func:`card_image`).

    ``numbers`` are ``(words, colour)`` along the bottom (Wrath, Vigor left, Bounty, or
    Liquidate); ``marks`` are the state of a card in play (damage, Growth counters) and
    ``items`` the attached Items and Crew, which are never cut."""

    name: str
    kind: str
    cost: str
    faction: str
    owner: int
    keywords: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    marks: tuple[tuple[str, tuple[int, int, int]], ...] = ()
    numbers: tuple[tuple[str, tuple[int, int, int]], ...] = ()


WRATH_COLOUR = (255, 180, 130)
KEYWORD_COLOUR = (255, 226, 140)
ABILITY_COLOUR = (190, 220, 255)
KIND_COLOUR = (214, 210, 198)
DAMAGE_COLOUR = (255, 150, 140)
GROWTH_COLOUR = (150, 235, 140)
UNIT_KINDS = {"land": "Land unit", "vessel": "Vessel", "sea-beast": "Sea beast"}
FIGHTERS = ("monarch", "capitol", "character", "unit", "improvement", "cult")


def face_of(state: AlmokonState, uid: str, owner: int, card: Card | None) -> Face:
    """The words card ``uid`` shows: in hand its printed numbers and its cost; in play the
    numbers now (Wrath with auras and Items, Vigor left in red when damaged) and no cost (it
    is paid; the zoom and the side panel still give it), so the name has the whole width."""
    d = state.definition(uid)
    numbers: list[tuple[str, tuple[int, int, int]]] = []
    if card is not None and d.type in FIGHTERS:
        numbers += [(f"W{state.wrath(card)}", WRATH_COLOUR),
                    (f"V{state.remaining(card)}", DAMAGE_COLOUR if card.damage else theme.TEXT)]
    elif d.type in ("character", "unit", "monarch", "capitol"):
        numbers += [(f"W{d.wrath}", WRATH_COLOUR), (f"V{d.vigor}", theme.TEXT)]
    elif d.type in ("event", "item"):
        numbers.append((f"Liq {d.liquidate}", ABILITY_COLOUR))
    if d.bounty:
        numbers.append((f"B{d.bounty}", theme.ACCENT))
    marks: list[tuple[str, tuple[int, int, int]]] = []
    items: tuple[str, ...] = ()
    if card is not None:
        if card.damage:
            marks.append((f"{card.damage} damage", DAMAGE_COLOUR))
        if card.growth:
            marks.append((f"{card.growth} counter{'s' if card.growth > 1 else ''}",
                          GROWTH_COLOUR))
        items = tuple(f"+ {state.name_of(i)}" for i in card.items)
    kind = UNIT_KINDS.get(d.unit, d.unit) if d.type == "unit" else d.type.capitalize()
    kind = f"{FACTION_MARKS.get(d.faction, d.faction)} {kind[0].lower()}{kind[1:]}"
    return Face(name=state.name_of(uid), kind=kind,
                cost="" if d.type in ("monarch", "capitol") or card is not None
                else str(d.cost),
                faction=d.faction, owner=owner, keywords=tuple(d.keyword_text()),
                abilities=tuple(f"» {a.name} ({a.cost} AP)" for a in d.abilities),
                items=items, marks=tuple(marks), numbers=tuple(numbers))


def split_words(words: str, size: int, width: int, first: int | None = None,
                head_stub: bool = False) -> tuple[str, ...]:
    """``words`` wrapped to ``width`` pixels at ``size`` (the first line to ``first``, when
    given: beside the cost), a word too long for a line broken after a hyphen (``Silver-`` /
    ``Tongue``) or, without one, with a hyphen added (``Hammer-`` / ``fall``), so that no
    name loses its end (and no piece is a stub of one or two letters: a word that would leave
    only that beside the cost starts on the next line, the first line left empty, unless
    ``head_stub`` allows it); a single
    letter wider than the line (a card drawn a few pixels wide)
    stands on a line of its own."""
    font = theme.font(size)
    lines: list[str] = []
    line = ""

    def room() -> int:
        return first if first is not None and not lines else width

    for word in words.split():
        trial = f"{line} {word}" if line else word
        if font.size(trial)[0] <= room():
            line = trial
            continue
        if line:
            lines.append(line)
            line = ""
        while len(word) > 1 and font.size(word)[0] > room():
            cut = word.index("-") + 1 if "-" in word[1:-1] and \
                font.size(word[:word.index("-") + 1])[0] <= room() else 0
            if not cut:
                cut = len(word) - 1
                while cut > 1 and font.size(word[:cut] + "-")[0] > room():
                    cut -= 1
                if len(word) - cut < 3 < cut:  # never a stub of one or two letters
                    cut = max(3, len(word) - 3)
                if cut < 3 and not lines and room() < width and not head_stub:
                    lines.append("")  # beside the cost only a stub ("W-"): start below it
                    continue
                lines.append(word[:cut] + "-")
            else:
                lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line:
        lines.append(line)
    return tuple(lines)


def _kind_lines(kind: str, size: int, width: int) -> tuple[str, ...]:
    """The faction mark and kind ``kind`` wrapped to ``width`` at ``size``: whole words, a
    word too long for a line shortened from :data:`KIND_SHORT` (each other word kept whole),
    and only a word with no short form broken (as :func:`split_words` breaks)."""
    font = theme.font(size)
    words = [word if font.size(word)[0] <= width else KIND_SHORT.get(word, word)
             for word in kind.split()]
    return split_words(" ".join(words), size, width)


NUMBER_GAP = 6
"""Pixels around each number on a card's bottom line (see :func:`number_rows`)."""


def number_rows(numbers: Sequence[tuple[str, tuple[int, int, int]]], big: int,
                width: int) -> tuple[int, list[list[tuple[str, tuple[int, int, int]]]]]:
    """The card's numbers (Wrath, Vigor, Bounty, Liquidate) laid out in ``width`` pixels:
    ``(size, rows)``.  One row at the largest size from ``big`` down to 10 that holds them
    all; on a card too narrow even at 10, as many rows at 10 as hold them whole, so that no
    two numbers ever overprint."""
    def wide(row, size: int) -> int:
        return sum(text_size(words, size)[0] + NUMBER_GAP for words, _ in row)

    size = big
    while size > 10 and wide(numbers, size) > width:
        size -= 1
    if wide(numbers, size) <= width or len(numbers) < 2:
        return size, [list(numbers)]
    rows: list[list[tuple[str, tuple[int, int, int]]]] = [[]]
    for number in numbers:
        if rows[-1] and wide([*rows[-1], number], size) - NUMBER_GAP > width:
            rows.append([])
        rows[-1].append(number)
    return size, rows


def numbers_height(face: Face, big: int, width: int) -> int:
    """The height the numbers of ``face`` take at the bottom of a card ``width`` pixels
    wide inside, its name at ``big`` (see :func:`number_rows`)."""
    size, rows = number_rows(face.numbers, big, width)
    return big + 3 if len(rows) == 1 else len(rows) * (size + 1) + 2


def _trimmed(lines: list, room: int, width: int) -> list:
    """``lines`` (as :func:`_plan` makes them) with ``room`` pixels too few (negative): the
    Items left out first, then the marks, then the name's last lines (the last kept one
    ending in "…", shortened to ``width`` pixels), so that every line drawn is whole inside
    the card; the card's tooltip holds what is left out."""
    lines = list(lines)
    for kind in ("item", "mark", "name"):
        while room < 0 and any(line[3] == kind for line in lines):
            index = max(i for i, line in enumerate(lines) if line[3] == kind)
            room += lines[index][1] + 1
            del lines[index]
            if kind == "name" and any(line[3] == "name" for line in lines):
                last = max(i for i, line in enumerate(lines) if line[3] == "name")
                words, size, colour, _ = lines[last]
                words = words.rstrip("-")
                while len(words) > 1 and text_size(words + "…", size)[0] > width:
                    words = words[:-1]
                lines[last] = (words + "…", size, colour, "name")
    if room < 0:  # still too short: the groups above the name too
        lines = [line for line in lines if line[3] == "name"] if room >= -20 else []
    return lines


def _plan(face: Face, w: int, h: int) -> tuple[int, int, list]:
    """Lay out ``face`` on a card ``w`` x ``h``: the largest sizes (name ``big``, the rest
    ``small``) at which the name, the marks, the Items and the numbers fit whole and every
    other group (the kind, the keywords, each ability) whole too, no word of the name broken
    (a long keyword may be, below 15 pixels); at the smallest sizes (11, and 10 only to keep
    a name's word whole) the groups that do not fit are left to the zoom and the side panel,
    the keywords kept first.  Returns ``(big, small, lines)``, each line ``(words, size, colour,
    kind)``."""
    pad = max(3, w // 24)
    inner = w - 2 * pad
    best = None
    for big in range(max(11, min(24, h // 7)), 9, -1):
        small = min(big, max(11, big * 5 // 6))
        cost_room = big + 5 if face.cost else 0
        name = split_words(face.name, big, inner, inner - cost_room)
        if name and not name[0]:  # no stub beside the cost, unless that costs a line
            stub = split_words(face.name, big, inner, inner - cost_room, head_stub=True)
            name = stub if len(stub) < len(name) else name
        forced = sum(line.count("-") for line in name) > face.name.count("-")
        kind_first = False
        if forced and text_size(face.kind, small)[0] <= inner - cost_room:
            # the name's first word does not fit beside the cost: the kind goes there
            whole_width = split_words(face.name, big, inner)
            if sum(line.count("-") for line in whole_width) == face.name.count("-"):
                name, forced, kind_first = whole_width, False, True
        must = [(line, big, theme.TEXT, "name") for line in name]
        if kind_first:
            must.insert(0, (face.kind, small, KIND_COLOUR, "kind"))
        marks = [(words, small, colour, "mark") for words, colour in face.marks]
        tail = [(line, small, KEYWORD_COLOUR, "item") for item in face.items
                for line in wrap(item, small, inner - 4)[:2]]
        kind = [] if kind_first else _kind_lines(face.kind, small, inner)
        broken = sum(line.count("-") for line in kind) > face.kind.count("-")
        groups = [[(line, small, KIND_COLOUR, "kind") for line in kind]]
        texts = [(" · ".join(face.keywords), KEYWORD_COLOUR, "keyword")] if face.keywords \
            else []
        texts += [(ability, ABILITY_COLOUR, "ability") for ability in face.abilities]
        for words, colour, kind in texts:
            lines = split_words(words, small, inner)
            broken = broken or sum(line.count("-") for line in lines) > words.count("-")
            groups.append([(line, small, colour, kind) for line in lines])
        room = h - 2 * pad - numbers_height(face, big, inner) - \
            sum(size + 1 for _, size, _, _ in must + marks + tail)
        if kind_first:
            room -= max(0, big + 1 - small)  # the kind's line is as tall as the cost circle
        # whole groups by importance (keywords, kind, abilities), drawn in the card's order
        order = [1, 0, *range(2, len(groups))] if face.keywords else list(range(len(groups)))
        chosen = set()
        whole = True
        for index in order:
            need = sum(size + 1 for _, size, _, _ in groups[index])
            if need <= room:
                chosen.add(index)
                room -= need
            else:
                whole = False
        shown = [line for index, group in enumerate(groups) if index in chosen
                 for line in group]
        best = (big, small, must + shown + marks + tail, room)
        if room >= 0 and ((whole and not forced and (not broken or big <= 14))
                          or (big <= 11 and not forced) or big <= 10):
            return best[:3]
    big, small, lines, room = best
    return big, small, _trimmed(lines, room, w - 2 * pad) if room < 0 else lines


def card_image(face: Face, size: tuple[int, int], landscape: bool = False) -> pygame.Surface:
    """The card ``face`` drawn ``size`` (upright width x height); ``landscape`` (exhausted):
    the card lies on its side, its footprint turned 90°, with its words still upright and a
    band reading EXHAUSTED down its left edge.  Images are cached by face and size, up to
    :data:`FACES_KEPT_BYTES` of pixels (a board's every card, however many: a hand of 1000
    small cards is kept as well as 200 large ones)."""
    key = (face, size, landscape)
    image = _faces.get(key)
    if image is None:
        image = _draw_card(face, size, landscape)
        cost = image.get_width() * image.get_height() * 4
        if _faces_bytes[0] + cost > FACES_KEPT_BYTES:
            _faces.clear()
            _faces_bytes[0] = 0
        _faces[key] = image
        _faces_bytes[0] += cost
    return image


FACES_KEPT_BYTES = 96 * 1024 * 1024
"""The most pixel memory the drawn card faces keep (32-bit pixels)."""
_faces: dict[tuple, pygame.Surface] = {}
_faces_bytes = [0]


def _draw_card(face: Face, size: tuple[int, int], landscape: bool) -> pygame.Surface:
    w, h = (size[1], size[0]) if landscape else size
    w, h = max(1, w), max(1, h)  # a crowded row in a small window: a sliver, still drawn
    card = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, min(w, h) // 12)
    pygame.draw.rect(card, body_colour(face.owner), card.get_rect(), border_radius=radius)
    pygame.draw.rect(card, PLAYER_COLOURS[face.owner], card.get_rect(), 3, border_radius=radius)
    if face.owner == 1:  # the top player's cards: a second, inner line
        pygame.draw.rect(card, PLAYER_COLOURS[1], card.get_rect().inflate(-8, -8), 1,
                         border_radius=max(1, radius - 4))
    left = 0
    if landscape:
        band = pygame.Rect(0, 0, max(12, h // 7), h)
        pygame.draw.rect(card, (24, 24, 28), band, border_top_left_radius=radius,
                         border_bottom_left_radius=radius)
        words = theme.font(max(10, band.width - 3)).render("EXHAUSTED", True, (200, 200, 200))
        if words.get_width() > h - 6:
            words = theme.font(max(10, band.width - 3)).render("EXH.", True, (200, 200, 200))
        words = pygame.transform.rotate(words, 90)
        card.blit(words, words.get_rect(center=band.center))
        left = band.width
    area = pygame.Rect(left, 0, w - left, h)
    big, small, lines = _plan(face, area.width, area.height)
    pad = max(3, area.width // 24)
    if face.cost:
        centre = (area.right - pad - big // 2 - 1, pad + big // 2 + 1)
        pygame.draw.circle(card, (24, 24, 28), centre, big // 2 + 2)
        text(card, face.cost, centre, big, theme.ACCENT, anchor="center")
    y = pad
    inner_w = area.width - 2 * pad
    items_y = h - pad - numbers_height(face, big, inner_w) - \
        sum(s + 1 for _, s, _, kind in lines if kind == "item")
    for words, size, colour, kind in lines:
        if kind == "item":
            tag = pygame.Rect(area.x + pad - 1, items_y - 1, area.width - 2 * pad + 2, size + 2)
            pygame.draw.rect(card, (22, 22, 26), tag, border_radius=3)
            text(card, words, (area.x + pad + 2, items_y), size, colour,
                 max_width=area.width - 2 * pad - 4)
            items_y += size + 1
            continue
        beside_cost = y == pad and face.cost
        width = area.width - 2 * pad - (big + 5 if beside_cost else 0)
        top = y + (big - size) // 2 if beside_cost and kind != "name" else y
        text(card, words, (area.x + pad, top), size, colour, max_width=width)
        y += size + 1  # as the plan counts every line
        if beside_cost and kind != "name":
            y = max(y, pad + big + 2)
    number, rows = number_rows(face.numbers, big, inner_w)
    numbers_cut = len(rows) > max(1, (h - 2 * pad) // (number + 1))
    if numbers_cut:  # a sliver of a card: the rows that fit (Wrath and Vigor first)
        rows = rows[:max(1, (h - 2 * pad) // (number + 1))]
    base = h - pad - big - 1 + (big - number) if len(rows) == 1 else \
        h - pad - len(rows) * (number + 1)
    for row in rows:
        count = len(row)
        for index, (words, colour) in enumerate(row):
            if index == 0:
                pos, anchor = (area.x + pad, base), "topleft"
            elif index == count - 1:
                pos, anchor = (area.right - pad, base), "topright"
            else:
                pos, anchor = (area.x + area.width * index // (count - 1), base), "midtop"
            text(card, words, pos, number, colour, anchor=anchor, max_width=inner_w)
        base += number + 1
    shown = "".join(words for words, _, _, _ in lines).replace(" ", "").replace("-", "")
    whole = [face.name, face.kind, " · ".join(face.keywords), *face.abilities, *face.items]
    if numbers_cut or not all(part.replace(" ", "").replace("-", "") in shown
                              for part in whole):
        tooltip(card, card.get_rect(), card_words(face))  # a group is left out
    return card


def card_words(face: Face) -> str:
    """Everything ``face`` says, one part a line: the card's tooltip when the card is too
    small to show it all."""
    lines = [f"{face.name}" + (f" (cost {face.cost})" if face.cost else ""),
             f"{face.kind} ({face.faction.capitalize()})"]
    if face.keywords:
        lines.append(" · ".join(face.keywords))
    lines += [*face.abilities, *face.items,
              *(words for words, _ in face.marks),
              "  ".join(words for words, _ in face.numbers)]
    return "\n".join(line for line in lines if line)


def _card_back(size: tuple[int, int]) -> pygame.Surface:
    """A face-down card: brown with a gold edge and a diagonal (no ring that could read as a
    zero at small sizes)."""
    back = pygame.Surface(size, pygame.SRCALPHA)
    rect = back.get_rect()
    pygame.draw.rect(back, (92, 70, 48), rect, border_radius=3)
    pygame.draw.line(back, (150, 120, 70), (3, rect.bottom - 4), (rect.right - 4, 3), 2)
    pygame.draw.rect(back, (190, 156, 92), rect, 1, border_radius=3)
    return back


def _line_widths(lying: Sequence[bool], h: int, per_line: int, gap: int) -> int:
    """The width of the widest line when cards of height ``h`` (``lying``: on their side, as
    wide as high) go ``per_line`` to a line, ``gap`` pixels apart."""
    w = round(h * CARD_RATIO)
    return max(sum(h if side else w for side in lying[i:i + per_line])
               + gap * (len(lying[i:i + per_line]) - 1)
               for i in range(0, len(lying), per_line))


def row_layout(area: pygame.Rect, lying: Sequence[bool], card_h: int) -> list[pygame.Rect]:
    """Where the cards of one row go in ``area`` (one box per card, ``lying``: exhausted, on
    its side): as few lines as give the largest cards (at most ``card_h`` high), lines
    centred on ``area``'s height, every box inside ``area`` (so no card is clipped), cards
    as small as a sliver in a row of hundreds."""
    room_w, room_h = area.width - 12, area.height - 6
    best: tuple[int, int, int] | None = None  # (card height, lines, gap)
    for lines in range(1, len(lying) + 1):
        per_line = -(-len(lying) // lines)
        tallest = max(1, min(card_h, (room_h - 6 * (lines - 1)) // lines))
        h = tallest
        gap = max(2, min(8, h // 10))
        while h > 1 and _line_widths(lying, h, per_line, gap) > room_w:
            h = max(1, min(h - 1, h * room_w // max(1, _line_widths(lying, h, per_line, gap))))
            gap = max(2, min(8, h // 10))
        if best is None or h > best[0]:
            best = (h, lines, gap)
        if h == tallest or per_line == 1:
            break  # the height, not the width, limits the cards: more lines make them smaller
    h, lines, gap = best
    per_line = -(-len(lying) // lines)
    w = round(h * CARD_RATIO)
    top = area.y + max(3, (area.height - (h * lines + 6 * (lines - 1))) // 2)
    boxes = []
    for index, side in enumerate(lying):
        line, place = divmod(index, per_line)
        if place == 0:
            x = area.x + 6
        y = top + line * (h + 6)
        # a card on its side is as wide as a standing card is high, centred on the line
        box = pygame.Rect(x, y + (h - w) // 2, h, w) if side else pygame.Rect(x, y, w, h)
        boxes.append(box)
        x = box.right + gap
    return boxes


class _Painter:
    """Lays out and draws one frame; collects the hits."""

    def __init__(self, surface, state, selected, targets, hands, card_h):
        self.surface = surface
        self.state = state
        self.selected = selected
        self.targets = targets or {}
        self.hands = hands
        self.hits: list[Hit] = []
        self.card_h = card_h

    def row(self, area: pygame.Rect, cards: list[Card]) -> int:
        """Cards in play left to right inside ``area``, every one whole: a crowded row first
        takes smaller cards, then more lines (:func:`row_layout`); returns the x where the
        widest line ends."""
        if not cards:
            return area.x
        boxes = row_layout(area, [c.exhausted for c in cards], self.card_h)
        for card, box in zip(cards, boxes, strict=True):
            upright = (box.height, box.width) if card.exhausted else box.size
            image = card_image(face_of(self.state, card.uid, card.owner, card), upright,
                               card.exhausted)
            paste(self.surface, image, box.topleft)
            self._marks(box, card.uid)
            self.hits.append(Hit(box, card.uid, "play", card.owner))
        return max(box.right for box in boxes) + 8

    def _marks(self, box: pygame.Rect, uid: str) -> None:
        """The overlays on a card: legal target (green), not a target (dimmed), selected."""
        if uid in self.targets:
            if self.targets[uid] is None:
                pygame.draw.rect(self.surface, LEGAL, box.inflate(6, 6), 3, border_radius=6)
            else:
                shade = pygame.Surface(box.size, pygame.SRCALPHA)
                shade.fill((10, 10, 14, 170))
                self.surface.blit(shade, box)
        if uid == self.selected:
            pygame.draw.rect(self.surface, SELECTED, box.inflate(8, 8), 3, border_radius=7)

    def counters(self, area: pygame.Rect, index: int, size: int) -> int:
        """The player's name, AP and Bounty (as bright plates), deck and discard counts, on one
        line at the top of ``area``; returns the x where the line ends."""
        player = self.state.players[index]
        active = self.state.to_act == index and not self.state.winner
        y = area.y + 3 + size // 2
        x = text(self.surface, player.name, (area.x + 8, y), size + 2,
                 theme.ACCENT if active else PLAYER_COLOURS[index], anchor="midleft").right + 10
        for words, fill in ((f"AP {player.ap}", (92, 70, 24)),
                            (f"Bounty {player.bounty}/21", (40, 72, 48))):
            width = text_size(words, size)[0] + 14
            plate = pygame.Rect(x, y - size // 2 - 2, width, size + 4)
            pygame.draw.rect(self.surface, fill, plate, border_radius=plate.height // 2)
            pygame.draw.rect(self.surface, theme.ACCENT, plate, 1, border_radius=plate.height // 2)
            text(self.surface, words, plate.center, size, theme.TEXT, anchor="center")
            x = plate.right + 8
        words = f"deck {len(player.deck)} · discard {len(player.discard)}" + \
            (" · to act" if active else "")
        return text(self.surface, words, (x + 4, y), size - 3, theme.TEXT_DIM,
                    anchor="midleft", max_width=max(1, area.right - 8 - x - 4)).right

    def hand(self, area: pygame.Rect, index: int, size: int, note: str) -> None:
        """A hand strip: the counters line, then the hand face up (or, hidden, a line of card
        backs after the counters); ``note`` (guidance) right-aligned on the counters line."""
        player = self.state.players[index]
        pygame.draw.rect(self.surface, (30, 31, 36), area)
        end = self.counters(area, index, size)
        shown = self.hands[index]
        if shown:
            h = max(20, area.height - size - 14)
            w = round(h * CARD_RATIO)
            x, y = area.x + 8, area.y + size + 10
        else:
            h = size + 2
            w = round(h * CARD_RATIO)
            x, y = end + 12, area.y + 3
        step = w + 4
        right = area.right - 8
        if player.hand and x + step * len(player.hand) > right:
            step = max(6, (right - x - w) // max(1, len(player.hand) - 1))
        for uid in player.hand:
            if shown and uid != HIDDEN:
                image = card_image(face_of(self.state, uid, index, None), (w, h))
            else:
                image = _card_back((w, h))
            box = image.get_rect(topleft=(x, y))
            paste(self.surface, image, box.topleft)
            if shown and uid != HIDDEN:
                self._marks(box, uid)
            self.hits.append(Hit(box, uid if shown else HIDDEN, "hand", index))
            x += step
        if not shown:
            x += w - step + 8
            words = f"{len(player.hand)} in hand, hidden" if player.hand else "hand empty"
            room = area.right - 8 - x
            short = next((option for option in (words, f"{len(player.hand)} hidden")
                          if text_size(option, size - 3)[0] <= room), None)
            if short is None:  # no room beside the backs: the count is their tooltip
                tooltip(self.surface, pygame.Rect(end, area.y, area.right - end, size + 6),
                        words)
            else:
                x = text(self.surface, short, (x, area.y + 3 + size // 2), size - 3,
                         theme.TEXT_DIM, anchor="midleft", full=words).right
        if note:
            start = x + 16 if not shown else end + 16
            room = area.right - 8 - start
            if text_size(note, size - 2)[0] <= room:  # else only the side panel says it
                text(self.surface, note, (area.right - 8, area.y + 3 + size // 2), size - 2,
                     theme.ACCENT, anchor="midright", max_width=room)

    def zone(self, area: pygame.Rect, zone: str, title: str, size: int) -> None:
        """Draw the zone's ground and title, inside the zone: whole where it fits, else its
        name without the words in brackets ("Open Sea" for "Open Sea (Outland, sea)"), the
        whole title its tooltip (and shrunk or cut, with that tooltip, if even that is too
        wide)."""
        pygame.draw.rect(self.surface, ZONE_COLOURS[zone], area, border_radius=6)
        pygame.draw.rect(self.surface, (0, 0, 0), area, 1, border_radius=6)
        room = area.width - 16
        words = title if text_size(title, size)[0] <= room else title.split(" (")[0]
        text(self.surface, words, (area.x + 8, area.y + 2), size, (226, 226, 216),
             max_width=room, full=title if words != title else None)

    def reasons(self, area: pygame.Rect, zone: str, owners: tuple[int, ...],
                free_x: int) -> None:
        """Write the first reason that dims cards in ``zone`` on a dark label in ``area``
        (where those cards lie): in the free room right of the cards (``free_x``) when there
        is enough, else over the dimmed cards; wrapped, never cut."""
        reason = next((self.targets.get(c.uid) for c in self.state.cards
                       if c.zone == zone and c.owner in owners and self.targets.get(c.uid)),
                      None)
        if not reason:
            return
        size = 15
        free = area.right - 8 - free_x
        width = free if free >= 180 else area.width - 16
        lines = wrap(reason, size, width - 14)
        widest = max(text_size(line, size)[0] for line in lines)
        label = pygame.Rect(0, 0, widest + 14, len(lines) * (size + 2) + 6)
        if free >= 180:
            label.midleft = (free_x + 4, area.centery)
        else:
            label.center = area.center
        label.clamp_ip(area)
        pygame.draw.rect(self.surface, (20, 20, 24), label, border_radius=5)
        pygame.draw.rect(self.surface, (255, 214, 140), label, 1, border_radius=5)
        for n, line in enumerate(lines):
            text(self.surface, line, (label.centerx, label.y + 3 + n * (size + 2)), size,
                 (255, 214, 140), anchor="midtop")


EMPTY_ROW = 2
"""An empty row of cards gets this many fifths of a full row's height (the zone stays in
sight, the rows with cards grow)."""


def board_areas(rect: pygame.Rect, hands: tuple[bool, bool] = (True, True),
                filled: dict[str, bool] | None = None,
                zoom: float = 1.0) -> dict[str, pygame.Rect]:
    """The board's parts: ``hand1``, ``realm1``, ``wild``, ``sea``, ``realm0``, ``hand0``,
    the card height of a full row ``card_h`` (as ``pygame.Rect(0, 0, 0, card_h)``), the
    Outland's dividing line ``split`` (likewise, as its y) and the text size ``size``.  Every
    row of cards (each Realm, each half of the Outland: ``out1`` above, ``out0`` below, each
    hand shown face up) gets the same share of the height, an empty one (``filled[row]``
    false) a smaller share, so cards grow with the window; a hidden hand is one line.
    ``rect`` is the board zoomed ``zoom`` times (the text grows with it)."""
    filled = filled or {}
    size = round(max(15, min(24, round(rect.height / zoom) // 38)) * zoom)
    title = size + 4
    head = size + 10
    rows = ["realm1", "out1", "out0", "realm0"] + [f"hand{i}" for i in (0, 1) if hands[i]]
    weight = {row: 5 if filled.get(row, True) else EMPTY_ROW for row in rows}
    fixed = 2 * head + 3 * title + 5 * 4 + 2 * 6 + sum(8 for shown in hands if shown) + 2
    unit = max(6, (rect.height - fixed) // sum(weight.values()))
    height = {row: unit * weight[row] for row in rows}
    x, w = rect.x + 6, rect.width - 12
    y = rect.y + 2
    hand_h = [head + (height[f"hand{i}"] + 8 if hands[i] else 0) for i in (0, 1)]
    areas = {"hand1": pygame.Rect(x, y, w, hand_h[1])}
    y += hand_h[1] + 4
    areas["realm1"] = pygame.Rect(x, y, w, title + height["realm1"] + 6)
    y += areas["realm1"].height + 4
    out_h = rect.bottom - 2 - hand_h[0] - 4 - (title + height["realm0"] + 6) - 4 - y
    wild_w = w * 60 // 100
    areas["wild"] = pygame.Rect(x, y, wild_w - 3, out_h)
    areas["sea"] = pygame.Rect(x + wild_w, y, w - wild_w, out_h)
    share = height["out1"] * (out_h - title) // max(1, height["out1"] + height["out0"])
    areas["split"] = pygame.Rect(0, y + title + share, 0, 0)
    y += out_h + 4
    areas["realm0"] = pygame.Rect(x, y, w, title + height["realm0"] + 6)
    y += areas["realm0"].height + 4
    areas["hand0"] = pygame.Rect(x, y, w, rect.bottom - y - 2)
    areas["card_h"] = pygame.Rect(0, 0, 0, unit * 5)
    areas["size"] = pygame.Rect(0, 0, 0, size)
    return areas


def draw_almokon(surface: pygame.Surface, rect: pygame.Rect, state: AlmokonState, *,
                 selected: str | None = None, targets: dict[str, str | None] | None = None,
                 hands: tuple[bool, bool] = (False, False), note: str = "",
                 viewport: Viewport | None = None) -> list[Hit]:
    """Draw the battlefield of ``state`` into ``rect``, zoomed and panned by ``viewport``
    (whole when ``None``) and clipped to ``rect``; returns the clickable cards (as far as they
    are in view).

    ``hands[i]``: whether player ``i``'s hand is drawn face up (the state given should already
    be filtered for the viewer).  ``note`` is a line of guidance drawn in the hand strip of
    the player to act.
    """
    pygame.draw.rect(surface, theme.BACKGROUND, rect)
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip))
    zoom = viewport.zoom if viewport is not None else 1.0
    shown_rect, rect = rect, (viewport.frame(rect) if viewport is not None else rect)
    def has(zones: tuple[str, ...], owner: int) -> bool:
        return any(c.zone in zones and c.owner == owner for c in state.cards)

    filled = {"realm1": has((REALM,), 1), "realm0": has((REALM,), 0),
              "out1": has((WILDERNESS, OPEN_SEA), 1), "out0": has((WILDERNESS, OPEN_SEA), 0),
              "hand1": bool(state.players[1].hand), "hand0": bool(state.players[0].hand)}
    areas = board_areas(rect, hands, filled, zoom)
    size = areas["size"].height
    painter = _Painter(surface, state, selected, targets, hands, areas["card_h"].height)
    names = [p.name for p in state.players]
    title = size + 4
    for index in (1, 0):
        realm = areas[f"realm{index}"]
        painter.zone(realm, REALM, f"{names[index]}'s Realm", size - 2)
        inner = pygame.Rect(realm.x + 2, realm.y + title, realm.width - 4,
                            realm.height - title)
        end = painter.row(inner, [c for c in state.cards
                                  if c.zone == REALM and c.owner == index])
        painter.reasons(inner, REALM, (index,), end)
        painter.hand(areas[f"hand{index}"], index, size,
                     note if index == state.to_act else "")
    for key, zone in (("wild", WILDERNESS), ("sea", OPEN_SEA)):
        area = areas[key]
        words = ZONE_NAMES[zone][4:] + (" (Outland, land)" if zone == WILDERNESS
                                        else " (Outland, sea)")
        painter.zone(area, zone, words, size - 2)
        split = areas["split"].y
        top = pygame.Rect(area.x + 2, area.y + title, area.width - 4, split - area.y - title)
        bottom = pygame.Rect(area.x + 2, split, area.width - 4, area.bottom - 2 - split)
        pygame.draw.line(surface, (0, 0, 0), (area.x + 10, bottom.y), (area.right - 10, bottom.y))
        for index, part in ((1, top), (0, bottom)):
            cards = [c for c in state.cards if c.zone == zone and c.owner == index]
            end = painter.row(part, cards)
            if end + text_size(names[index], size - 3)[0] + 10 <= area.right:
                text(surface, names[index], (area.right - 6, part.bottom - 2), size - 3,
                     PLAYER_COLOURS[index], anchor="bottomright")
            else:  # the row of cards reaches the edge: the owner is their border and a tooltip
                tooltip(surface, part, f"{names[index]}'s cards in the {words.split(' (')[0]}")
            painter.reasons(part, zone, (index,), end)
    if state.winner:
        banner = "The game is drawn" if state.winner == "draw" else f"{state.winner} wins!"
        text(surface, banner, shown_rect.center, 48, theme.ACCENT, anchor="center")
    surface.set_clip(clip)
    return [replace(hit, rect=shown) for hit in painter.hits
            if (shown := hit.rect.clip(shown_rect)).width]


def draw_zoom(surface: pygame.Surface, rect: pygame.Rect, lines: list[str], owner: int,
              near: tuple[int, int]) -> None:
    """A card's facts (``lines``, the first its name) in a box beside ``near`` inside
    ``rect``, edged in the owner's colour: the hovered card, readable at any size."""
    width = min(360, rect.width - 20)
    body = [wrap(line, 16, width - 16) for line in lines[1:]]
    height = 30 + sum(17 * len(part) for part in body) + 10
    box = pygame.Rect(near[0] + 24, near[1] - height // 2, width, height)
    box.clamp_ip(rect)
    if box.collidepoint(near):
        box.right = near[0] - 24
        box.clamp_ip(rect)
    pygame.draw.rect(surface, (22, 22, 26), box, border_radius=8)
    pygame.draw.rect(surface, PLAYER_COLOURS[owner], box, 2, border_radius=8)
    text(surface, lines[0], (box.x + 8, box.y + 6), 20, theme.ACCENT, max_width=width - 16)
    y = box.y + 30
    for part in body:
        for line in part:
            text(surface, line, (box.x + 8, y), 16, theme.TEXT)
            y += 17
