"""Drawing the Almokon battlefield: one function of the (filtered) state plus overlays.

From top to bottom: the second player's hand strip, their Realm, the Outland — the Wilderness
(green, left) and the Open Sea (blue, right), each with the second player's cards above and
the first player's below — then the first player's Realm and hand strip.  Cards show cost,
Wrath, Vigor left, Bounty, keywords, Items and Growth counters, and lie rotated 90° when
exhausted.  ``targets`` maps uids to ``None`` (a legal target, outlined green) or the reason it
is not one (dimmed; the reasons are written in their zone).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from tabletop.games.almokon.state import AlmokonState, Card
from tabletop.games.almokon.view import HIDDEN
from tabletop.spatial.zones import OPEN_SEA, REALM, WILDERNESS, ZONE_NAMES
from tabletop.ui.views.base import text, wrap
from tabletop.ui.widgets import theme

PLAYER_COLOURS = ((222, 128, 84), (112, 168, 230))
ZONE_COLOURS = {REALM: (62, 57, 50), WILDERNESS: (46, 72, 44), OPEN_SEA: (34, 54, 86)}
FACTION_COLOURS = {"conquest": (128, 52, 46), "diplomacy": (58, 76, 118),
                   "community": (70, 110, 60), "creed": (120, 100, 58),
                   "trade": (110, 80, 120), "neutral": (88, 88, 80)}
LEGAL = (110, 230, 130)
SELECTED = theme.ACCENT
CARD_RATIO = 0.72


@dataclass(frozen=True)
class Hit:
    """A clickable card: its rectangle, uid (``""`` for a hidden card), and where it lies
    (``play``, ``hand``)."""

    rect: pygame.Rect
    uid: str
    place: str
    owner: int


def _card_face(state: AlmokonState, uid: str, size: tuple[int, int], owner: int,
               card: Card | None) -> pygame.Surface:
    """The upright face of ``uid`` at ``size``."""
    w, h = size
    face = pygame.Surface(size, pygame.SRCALPHA)
    definition = state.definition(uid)
    body = FACTION_COLOURS.get(definition.faction, (80, 80, 80))
    pygame.draw.rect(face, body, face.get_rect(), border_radius=max(3, w // 12))
    pygame.draw.rect(face, PLAYER_COLOURS[owner], face.get_rect(), 2, border_radius=max(3, w // 12))
    small = max(9, h // 9)
    tiny = max(8, h // 11)
    y = 3
    for line in wrap(definition.name, small, w - 8)[:2]:
        text(face, line, (4, y), small, theme.TEXT, max_width=w - 8)
        y += small - 2
    text(face, definition.type.capitalize() + (f" · {definition.unit}" if definition.unit else ""),
         (4, y + 1), tiny, theme.TEXT_DIM, max_width=w - 8)
    y += tiny + 1
    for word in definition.keyword_text()[:3]:
        text(face, word, (4, y), tiny, (250, 226, 150), max_width=w - 8)
        y += tiny - 1
    if definition.abilities and y < h - 2 * small:
        text(face, f"» {definition.abilities[0].name}", (4, y), tiny, (200, 220, 250),
             max_width=w - 8)
    # numbers along the bottom: cost, Wrath, Vigor left, Bounty
    base = h - small - 2
    if definition.type not in ("monarch", "capitol"):
        cost = pygame.Rect(w - small - 4, 3 + (small - 2) * len(wrap(definition.name, small,
                                                                     w - 8)[:2]), small, small)
        pygame.draw.circle(face, (30, 30, 34), cost.center, small // 2 + 1)
        text(face, str(definition.cost), cost.center, tiny, theme.ACCENT, anchor="center")
    if card is not None and definition.type in ("monarch", "capitol", "character", "unit",
                                                "improvement", "cult"):
        wrath = state.wrath(card)
        left = state.remaining(card)
        colour = theme.ERROR if card.damage else theme.TEXT
        text(face, f"W{wrath}", (4, base), small, (250, 170, 120))
        text(face, f"V{left}", (w // 2, base), small, colour, anchor="midtop")
    elif definition.type in ("character", "unit", "monarch", "capitol"):
        text(face, f"W{definition.wrath}", (4, base), small, (250, 170, 120))
        text(face, f"V{definition.vigor}", (w // 2, base), small, theme.TEXT, anchor="midtop")
    elif definition.type in ("event", "item"):
        text(face, f"Liq {definition.liquidate}", (4, base), small, (200, 220, 250))
    if definition.bounty:
        text(face, f"B{definition.bounty}", (w - 4, base), small, theme.ACCENT, anchor="topright")
    if card is not None and card.growth:
        pygame.draw.circle(face, (90, 190, 90), (w - small, h // 2), small // 2 + 2)
        text(face, str(card.growth), (w - small, h // 2), tiny, theme.TEXT_DARK, anchor="center")
    return face


def _card_back(size: tuple[int, int]) -> pygame.Surface:
    back = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(back, (70, 54, 40), back.get_rect(), border_radius=4)
    pygame.draw.rect(back, (150, 120, 70), back.get_rect().inflate(-6, -6), 2, border_radius=3)
    return back


class _Painter:
    """Lays out and draws one frame; collects the hits."""

    def __init__(self, surface, rect, state, selected, targets, hands, scale):
        self.surface = surface
        self.rect = rect
        self.state = state
        self.selected = selected
        self.targets = targets or {}
        self.hands = hands
        self.hits: list[Hit] = []
        self.card_h = scale
        self.card_w = round(scale * CARD_RATIO)

    def row(self, area: pygame.Rect, cards: list[Card]) -> None:
        """Cards in play left to right inside ``area`` (shrunk to fit)."""
        if not cards:
            return
        h = min(self.card_h, area.height - 6)
        w = round(h * CARD_RATIO)
        need = sum((h if c.exhausted else w) + 6 for c in cards)
        if need > area.width - 8:
            factor = (area.width - 8) / need
            h = max(24, int(h * factor))
            w = round(h * CARD_RATIO)
        x = area.x + 6
        for card in cards:
            size = (w, h)
            face = _card_face(self.state, card.uid, size, card.owner, card)
            if card.exhausted:
                face = pygame.transform.rotate(face, -90)
            box = face.get_rect(midleft=(x, area.centery))
            self.surface.blit(face, box)
            self._marks(box, card.uid)
            self._items(box, card)
            self.hits.append(Hit(box, card.uid, "play", card.owner))
            x = box.right + 6

    def _items(self, box: pygame.Rect, card: Card) -> None:
        """Attached Items and Crew as dark tags above the card's numbers."""
        y = box.bottom - max(9, min(box.width, box.height) // 6) - 6
        for item in card.items:
            image_w = box.width - 4
            tag = pygame.Rect(box.x + 2, y - 13, image_w, 13)
            pygame.draw.rect(self.surface, (24, 24, 28), tag, border_radius=3)
            text(self.surface, f"+ {self.state.name_of(item)}", (tag.x + 2, tag.centery), 12,
                 (250, 226, 150), anchor="midleft", max_width=image_w - 4)
            y = tag.top - 1

    def _marks(self, box: pygame.Rect, uid: str) -> None:
        card = self.state.card(uid)
        if card is not None and card.damage:
            text(self.surface, f"-{card.damage}", (box.right - 2, box.top + 2), 16, theme.ERROR,
                 anchor="topright")
        if uid in self.targets:
            if self.targets[uid] is None:
                pygame.draw.rect(self.surface, LEGAL, box.inflate(6, 6), 3, border_radius=6)
            else:
                shade = pygame.Surface(box.size, pygame.SRCALPHA)
                shade.fill((10, 10, 14, 170))
                self.surface.blit(shade, box)
        if uid == self.selected:
            pygame.draw.rect(self.surface, SELECTED, box.inflate(8, 8), 3, border_radius=7)

    def hand(self, area: pygame.Rect, index: int) -> None:
        player = self.state.players[index]
        pygame.draw.rect(self.surface, (30, 31, 36), area)
        colour = PLAYER_COLOURS[index]
        active = self.state.to_act == index and not self.state.winner
        label = f"{player.name}  AP {player.ap}  Bounty {player.bounty}/21"
        head = text(self.surface, label, (area.x + 8, area.y + 4), 20,
                    theme.ACCENT if active else colour)
        text(self.surface, f"deck {len(player.deck)} · discard {len(player.discard)}"
                           + ("  - to act" if active else ""),
             (head.right + 14, area.y + 6), 16, theme.TEXT_DIM)
        h = max(20, area.height - 30)
        w = round(h * CARD_RATIO)
        x = area.x + 8
        y = area.y + 26
        shown = self.hands[index]
        step = w + 4
        if player.hand and (x + step * len(player.hand)) > area.right - 8:
            step = max(8, (area.right - 16 - w) // max(1, len(player.hand) - 1))
        for uid in player.hand:
            if shown and uid != HIDDEN:
                face = _card_face(self.state, uid, (w, h), index, None)
            else:
                face = _card_back((w, h))
            box = face.get_rect(topleft=(x, y))
            self.surface.blit(face, box)
            if shown and uid != HIDDEN:
                self._marks(box, uid)
            self.hits.append(Hit(box, uid if shown else HIDDEN, "hand", index))
            x += step
        if not shown and player.hand:
            text(self.surface, "hand hidden", (x + w + 10, area.centery), 16, theme.TEXT_DIM,
                 anchor="midleft")

    def zone(self, area: pygame.Rect, zone: str, title: str) -> int:
        """Draw the zone's ground and title; returns the title's width."""
        pygame.draw.rect(self.surface, ZONE_COLOURS[zone], area, border_radius=6)
        pygame.draw.rect(self.surface, (0, 0, 0), area, 1, border_radius=6)
        return text(self.surface, title, (area.x + 8, area.y + 3), 15, (210, 210, 200)).width

    def reasons(self, area: pygame.Rect, zone: str, owners: tuple[int, ...],
                centre_y: int | None = None) -> None:
        """Write the first reason that dims cards in ``zone``: on a dark label centred at
        ``centre_y`` (the Outland's divider) or on the zone's title row."""
        reason = next((self.targets.get(c.uid) for c in self.state.cards
                       if c.zone == zone and c.owner in owners and self.targets.get(c.uid)),
                      None)
        if not reason:
            return
        width = min(area.width - 12, theme.font(14).size(reason)[0] + 14)
        label = pygame.Rect(0, 0, width, 19)
        if centre_y is None:
            label.topright = (area.right - 6, area.y + 1)
        else:
            label.center = (area.centerx, centre_y)
        pygame.draw.rect(self.surface, (20, 20, 24), label, border_radius=5)
        pygame.draw.rect(self.surface, (255, 214, 140), label, 1, border_radius=5)
        text(self.surface, reason, label.center, 14, (255, 214, 140), anchor="center",
             max_width=width - 8)


def board_areas(rect: pygame.Rect) -> dict[str, pygame.Rect]:
    """The board's parts: ``hand1``, ``realm1``, ``wild``, ``sea``, ``realm0``, ``hand0``."""
    hand_h = max(60, rect.height * 13 // 100)
    realm_h = max(70, rect.height * 19 // 100)
    out_h = rect.height - 2 * hand_h - 2 * realm_h - 16
    x, w = rect.x + 6, rect.width - 12
    y = rect.y + 2
    areas = {"hand1": pygame.Rect(x, y, w, hand_h)}
    y += hand_h + 3
    areas["realm1"] = pygame.Rect(x, y, w, realm_h)
    y += realm_h + 3
    wild_w = w * 60 // 100
    areas["wild"] = pygame.Rect(x, y, wild_w - 3, out_h)
    areas["sea"] = pygame.Rect(x + wild_w, y, w - wild_w, out_h)
    y += out_h + 3
    areas["realm0"] = pygame.Rect(x, y, w, realm_h)
    y += realm_h + 3
    areas["hand0"] = pygame.Rect(x, y, w, rect.bottom - y - 2)
    return areas


def draw_almokon(surface: pygame.Surface, rect: pygame.Rect, state: AlmokonState, *,
                 selected: str | None = None, targets: dict[str, str | None] | None = None,
                 hands: tuple[bool, bool] = (False, False), note: str = "") -> list[Hit]:
    """Draw the battlefield of ``state`` into ``rect``; returns the clickable cards.

    ``hands[i]``: whether player ``i``'s hand is drawn face up (the state given should already
    be filtered for the viewer).  ``note`` is a line of guidance drawn over the Outland.
    """
    pygame.draw.rect(surface, theme.BACKGROUND, rect)
    areas = board_areas(rect)
    realm_h = areas["realm1"].height
    painter = _Painter(surface, rect, state, selected, targets, hands,
                       max(40, min(realm_h - 26, (areas["wild"].height - 42) // 2 - 8)))
    names = [p.name for p in state.players]
    for index in (1, 0):
        realm = areas[f"realm{index}"]
        painter.zone(realm, REALM, f"{names[index]}'s Realm")
        inner = realm.inflate(-4, -20).move(0, 8)
        painter.row(inner, [c for c in state.cards if c.zone == REALM and c.owner == index])
        painter.reasons(realm, REALM, (index,))
        painter.hand(areas[f"hand{index}"], index)
    for key, zone in (("wild", WILDERNESS), ("sea", OPEN_SEA)):
        area = areas[key]
        title = ZONE_NAMES[zone][4:] + (" (Outland, land)" if zone == WILDERNESS
                                        else " (Outland, sea)")
        painter.zone(area, zone, title)
        half = (area.height - 20 - 22) // 2
        top = pygame.Rect(area.x + 2, area.y + 20, area.width - 4, half)
        bottom = pygame.Rect(area.x + 2, area.y + 20 + half, area.width - 4, half)
        pygame.draw.line(surface, (0, 0, 0), (area.x + 10, bottom.y), (area.right - 10, bottom.y))
        for index, part in ((1, top), (0, bottom)):
            cards = [c for c in state.cards if c.zone == zone and c.owner == index]
            painter.row(part, cards)
            text(surface, names[index], (area.right - 6, part.bottom - 2), 13,
                 PLAYER_COLOURS[index], anchor="bottomright")
        painter.reasons(area, zone, (0, 1), area.bottom - 12)
    if note:
        strip = areas[f"hand{state.to_act}"]
        text(surface, note, (strip.right - 8, strip.bottom - 4), 16, theme.ACCENT,
             anchor="bottomright", max_width=strip.width // 2)
    if state.winner:
        banner = "The game is drawn" if state.winner == "draw" else f"{state.winner} wins!"
        text(surface, banner, rect.center, 48, theme.ACCENT, anchor="center")
    return painter.hits


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
