"""The Fateforge combat map as players lay it out (rulebook *The Combat Map*, *Combat Map
Tokens*, *Rule Unlocks*).

Each zone is a stone tile with its name; connections are passages across shared edges (or
lines between tiles that do not touch); a door is a brown bar across its passage (solid when
closed, split when open); a portal is a violet ring in each of its zones joined by a dashed
line; a barricade is a bar along the protected side with a crossed-out arrow.  Heroes are round
tokens with health and energy, enemies square tokens in their type colour with the initiative
number, red damage cubes, black armour cubes and a green stun cube.  An ally is a gold
diamond beside the hero it accompanies, with its damage cubes (crossed out when it is out).

:func:`draw_fateforge` is a function of the state plus the overlays (selection, STEP zones,
targets, the next enemy to act, the caption).  The map layer is cached in a
:class:`FateforgeLayers` and rebuilt only when the tiles, connections or tokens or the size
change.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import pygame

from tabletop.games.fateforge.state import Ally, Enemy, FateforgeState, Hero, Zone
from tabletop.ui.textlayer import Placer, paste, rendered, text_size
from tabletop.ui.textlayer import fit as fit_text
from tabletop.ui.viewport import Viewport
from tabletop.ui.views.base import LayerCache, dashed_line, layer, text
from tabletop.ui.views.marks import Swatch, dashed_rect, unmistakable
from tabletop.ui.widgets import theme
from tabletop.ui.widgets.panels import PanelBody

Colour = tuple[int, int, int]

TILE: Colour = (206, 196, 170)
TILE_DIFFICULT: Colour = (172, 160, 118)
TILE_EDGE: Colour = (110, 100, 80)
PASSAGE: Colour = (226, 218, 196)
DOOR: Colour = (120, 74, 34)
PORTAL: Colour = (150, 80, 210)
BARRICADE: Colour = (96, 84, 70)
CROSS: Colour = (210, 40, 40)
ALLY: Colour = (235, 190, 60)
STEP_FILL = (60, 130, 250, 90)
ENERGY_FILL = (40, 200, 220, 80)
HIT_RING: Colour = (255, 140, 0)
SHOT_RING: Colour = (250, 220, 40)
NO_RING: Colour = (120, 120, 120)
"""An enemy that cannot be attacked: a grey dashed ring (HIT and SHOT rings are solid and
carry their word)."""
STUN: Colour = (40, 200, 60)
ACTING: Colour = (255, 255, 255)

ENEMY_COLOURS: dict[str, Colour] = {
    "white": (236, 236, 232), "blue": (62, 110, 214), "red": (196, 48, 48),
    "green": (58, 150, 70), "brown": (132, 90, 52), "purple": (128, 60, 170),
    "boss": (34, 30, 30),
}
HERO_COLOURS: tuple[Colour, ...] = ((40, 120, 200), (30, 150, 110), (210, 130, 30),
                                    (170, 70, 150), (90, 90, 180), (160, 150, 40))
TOKEN_LOOK: dict[str, tuple[Colour, str]] = {
    "start": ((90, 90, 90), "S"), "exit": ((30, 140, 60), "EXIT"),
    "objective": ((220, 170, 20), "OBJ"), "gem": ((60, 170, 220), "gem"),
    "food": ((170, 110, 60), "food"), "chest": ((130, 80, 30), "chest"),
    "exploration": ((90, 90, 160), "?"), "trap": ((190, 40, 40), "trap"),
    "fountain": ((40, 120, 200), "font"),
}
CAPTION_ROOM = 76
"""The caption strip's least height in pixels (two lines and the scroll cue)."""
CAPTION_SHARE = (3, 20)
"""The caption strip's share of a tall board area: at 1920 x 1080 it holds six reasons whole
before it scrolls, and it is the same whatever is selected, so the map never shrinks when a
hero is picked."""


@dataclass(frozen=True)
class MapFit:
    """The map's grid cells fitted into a rectangle: ``cell`` pixels per grid cell, the
    map's top-left pixel, and its size in cells."""

    cell: int
    left: int
    top: int
    cols: int
    rows: int

    @classmethod
    def fit(cls, rect: pygame.Rect, state: FateforgeState, margin: int = 12) -> MapFit:
        cols = max(z.x + z.w for z in state.zones)
        rows = max(z.y + z.h for z in state.zones)
        cell = max(6, min((rect.width - 2 * margin) // cols, (rect.height - 2 * margin) // rows))
        left = rect.x + (rect.width - cell * cols) // 2
        top = rect.y + (rect.height - cell * rows) // 2
        return cls(cell, left, top, cols, rows)

    def tile(self, zone: Zone) -> pygame.Rect:
        """The zone's tile in pixels, inset so neighbouring tiles show a seam."""
        gap = max(3, self.cell // 8)
        return pygame.Rect(self.left + zone.x * self.cell + gap, self.top + zone.y * self.cell
                           + gap, zone.w * self.cell - 2 * gap, zone.h * self.cell - 2 * gap)

    def zone_at(self, state: FateforgeState, pos: tuple[int, int]) -> str | None:
        """The id of the zone whose tile holds pixel ``pos``, or ``None``."""
        for zone in state.zones:
            if self.tile(zone).collidepoint(pos):
                return zone.id
        return None


@dataclass(frozen=True)
class Spot:
    """Where a piece is drawn: its centre and radius (half side for enemies)."""

    centre: tuple[int, int]
    radius: int
    kind: str


def hero_words(hero: Hero) -> str:
    """The words under a hero: its health, energy and block ("8h 3e", "5h 5e 2b")."""
    return f"{hero.health}h {hero.energy}e" + (f" {hero.block}b" if hero.block else "")


def _under_width(piece: Hero | Enemy, radius: int) -> int:
    """How wide the words under ``piece`` are drawn (an enemy's name at most its box and 22
    pixels, see :func:`_draw_pieces`)."""
    if isinstance(piece, Hero):
        return text_size(hero_words(piece), theme.ui(12))[0]
    return min(text_size(piece.name, theme.ui(12))[0], 2 * radius + 22)


def piece_spots(state: FateforgeState, fit: MapFit) -> dict[str, Spot]:
    """Where each hero and enemy is drawn: heroes in a row under the zone's name plate (never
    on it), enemies in a row below them, wrapping inside the tile; pieces in a row stand far
    enough apart that the words under them (a hero's health and energy, an enemy's name) do
    not meet, and every word stays inside its tile, clear of the door bars and seams around
    it: rows are packed closer where the tile is too short for the usual spacing (a small
    window)."""
    spots: dict[str, Spot] = {}
    words = theme.ui(14)
    for zone in state.zones:
        tile = fit.tile(zone)
        usual = max(8, min(tile.width, tile.height) // 7)
        below_name = max(tile.y + max(18, fit.cell // 2), tile.y + 8 + zone_name_size(fit) + 5)
        for size in range(usual, min(usual, max(8, usual * 3 // 4)) - 1, -1):
            for step in (2 * size + 30, 2 * size + words + 6):
                placed = _zone_spots(state, zone, tile, size, below_name + size, step)
                if all(spot.centre[1] + size + 2 + words <= tile.bottom - 2
                       for spot in placed.values()):
                    break
            else:
                continue
            break
        spots.update(placed)
    return spots


def _zone_spots(state: FateforgeState, zone: Zone, tile: pygame.Rect, size: int, top: int,
                step: int) -> dict[str, Spot]:
    """The spots of ``zone``'s pieces (see :func:`piece_spots`): rows ``step`` pixels apart
    from ``top``, each piece's words inside the tile's sides."""
    spots: dict[str, Spot] = {}
    for group, kind in ((tuple(h for h in state.heroes if h.zone == zone.id), "hero"),
                        (state.enemies_in(zone.id), "enemy")):
        y = top
        x = None
        last = None  # the centre x and half words' width of the piece placed before
        for piece in group:
            half = _under_width(piece, size) // 2 + 1
            first = max(tile.x + size + 6, tile.x + 3 + half)
            x = first if x is None else x
            if last is not None:
                x = max(x, last[0] + last[1] + half + 2)
            if last is not None and max(x + size, x + half - 1) > tile.right - 3 \
                    and y + step + size < tile.bottom:
                x, y = first, y + step
            spots[piece.name] = Spot((x, y), size, kind)
            last = (x, half)
            x += 2 * size + 10
        if group:
            top = y + step
    return spots


def zone_name_size(fit: MapFit) -> int:
    """The text size of the zone names on their plates."""
    return max(12, min(20, fit.cell // 3))


def hero_colour(state: FateforgeState, name: str) -> Colour:
    index = [h.name for h in state.heroes].index(name)
    return HERO_COLOURS[index % len(HERO_COLOURS)]


@dataclass(frozen=True)
class FateforgeOverlays:
    """What to draw over the map: the ``selected`` piece, the zones it may STEP into (zone ->
    ``"STEP"``/``"energy STEP"``), the enemies it may attack (enemy -> ``"HIT"``/``"SHOT"``),
    enemies it may not (enemy -> reason), the enemy about to act, the hovered zone and the
    caption lines."""

    selected: str | None = None
    step: Mapping[str, str] = field(default_factory=dict)
    targets: Mapping[str, str] = field(default_factory=dict)
    blocked: Mapping[str, str] = field(default_factory=dict)
    acting: str | None = None
    hover: str | None = None
    caption: tuple[str, ...] = ()


class FateforgeLayers:
    """The cached map layer."""

    def __init__(self) -> None:
        self.cache = LayerCache()
        self.caption = PanelBody()
        """The caption strip's column (it scrolls when its lines do not fit)."""

    def board(self, state: FateforgeState, fit: MapFit, size: tuple[int, int]) -> pygame.Surface:
        where = tuple((h.name, h.zone) for h in state.heroes) + tuple(
            (e.name, e.zone) for e in state.enemies)  # token badges keep clear of the pieces
        key = (state.zones, state.connections, state.portals, state.barricades, state.tokens,
               where, fit, size)
        return self.cache.get("map", key, lambda: _map_layer(state, fit, size))


def map_rect(rect: pygame.Rect) -> pygame.Rect:
    """The part of the board area the map is fitted into (the caption strip below: at least
    :data:`CAPTION_ROOM` high, :data:`CAPTION_SHARE` of a tall area)."""
    room = max(CAPTION_ROOM, rect.height * CAPTION_SHARE[0] // CAPTION_SHARE[1])
    return pygame.Rect(rect.x, rect.y, rect.width, max(60, rect.height - room))


def draw_fateforge(surface: pygame.Surface, rect: pygame.Rect, state: FateforgeState,
                   overlays: FateforgeOverlays, layers: FateforgeLayers,
                   viewport: Viewport | None = None, can_scroll: bool = True) -> MapFit:
    """Draw the map, pieces and overlays into ``rect``, the map zoomed and panned by
    ``viewport`` (whole when ``None``) and clipped to its part, and the caption strip under
    it (scrolling with ``can_scroll``, the window; else, a picture, drawn smaller until it
    fits); returns the fit used (for clicks)."""
    area = map_rect(rect)
    fit = MapFit.fit(viewport.frame(area) if viewport is not None else area, state)
    clip = surface.get_clip()
    surface.set_clip(area.clip(clip))
    paste(surface, layers.board(state, fit, surface.get_size()), area.topleft, area)
    _draw_overlay_zones(surface, state, fit, overlays)
    _draw_pieces(surface, state, fit, overlays)
    surface.set_clip(clip)
    _draw_caption(surface, pygame.Rect(rect.x + 8, area.bottom + 2, rect.width - 16,
                                       rect.bottom - area.bottom - 4), overlays.caption,
                  layers.caption, can_scroll)
    return fit


# ----------------------------------------------------------------------------- map layer


def _map_layer(state: FateforgeState, fit: MapFit, size: tuple[int, int]) -> pygame.Surface:
    out = layer(size)
    tiles = {z.id: fit.tile(z) for z in state.zones}
    for zone in state.zones:
        tile = tiles[zone.id]
        pygame.draw.rect(out, TILE_DIFFICULT if zone.difficult else TILE, tile, border_radius=6)
        pygame.draw.rect(out, TILE_EDGE, tile, 2, border_radius=6)
        if zone.difficult:
            step = max(8, fit.cell // 3)
            for x in range(tile.x + step // 2, tile.right, step):
                for y in range(tile.y + step // 2, tile.bottom, step):
                    pygame.draw.circle(out, (130, 115, 70), (x, y), 2)
    for conn in state.connections:
        _draw_connection(out, tiles[conn.a], tiles[conn.b], conn.door, fit)
    for portal in state.portals:
        a, b = tiles[portal.a], tiles[portal.b]
        pa, pb = _portal_spot(a), _portal_spot(b)
        dashed_line(out, PORTAL, pa, pb, 2, 7)
        for spot in (pa, pb):
            pygame.draw.circle(out, PORTAL, spot, max(7, fit.cell // 5), 3)
            text(out, "P", spot, 14, PORTAL, anchor="center")
    for barricade in state.barricades:
        for side in barricade.against:
            _draw_barricade(out, tiles[barricade.zone], side)
    placer = Placer()
    for spot in piece_label_rects(state, fit):
        placer.block(spot)
    for zone in state.zones:
        _draw_tokens(out, state, zone, tiles[zone.id], placer)
        tile = tiles[zone.id]
        label = zone.name + (" (difficult)" if zone.difficult else "")
        size = zone_name_size(fit)
        shown, used, cut = fit_text(label, size, tile.width - 20, shrink=False)
        if cut and zone.difficult:  # the dots (and the legend) say difficult
            shown, used, _ = fit_text(zone.name, size, tile.width - 20)
        plate = pygame.Rect(tile.x + 4, tile.y + 8, text_size(shown, used)[0] + 8, size + 4)
        pygame.draw.rect(out, (236, 230, 212), plate, border_radius=4)
        text(out, shown, (tile.x + 8, plate.centery), used, theme.TEXT_DARK, anchor="midleft",
             max_width=tile.width - 20, full=label, role="label", plate=plate)
    return out


def piece_label_rects(state: FateforgeState, fit: MapFit) -> list[pygame.Rect]:
    """Where each piece and the words under it (a hero's health and energy, an enemy's
    name) are drawn, so that the map's token badges keep clear of them."""
    out = []
    for spot in piece_spots(state, fit).values():
        r = spot.radius
        body = pygame.Rect(spot.centre[0] - r, spot.centre[1] - r, 2 * r, 2 * r)
        words = pygame.Rect(0, 0, 2 * r + 24, theme.ui(14))
        words.midtop = (spot.centre[0], spot.centre[1] + r + 1)
        out += [body.inflate(8, 8), words]
    return out


def _portal_spot(tile: pygame.Rect) -> tuple[int, int]:
    r = max(8, min(tile.width, tile.height) // 9)
    return (tile.right - r - 6, tile.y + r + 6)


def _draw_connection(out: pygame.Surface, a: pygame.Rect, b: pygame.Rect, door: str,
                     fit: MapFit) -> None:
    seam = max(6, fit.cell // 4)
    horizontal = a.right <= b.x or b.right <= a.x
    vertical = a.bottom <= b.y or b.bottom <= a.y
    low_y, high_y = max(a.y, b.y), min(a.bottom, b.bottom)
    low_x, high_x = max(a.x, b.x), min(a.right, b.right)
    if horizontal and not vertical and high_y - low_y > seam:
        left, right = (a, b) if a.x < b.x else (b, a)
        mid = (low_y + high_y) // 2
        width = min(high_y - low_y - 8, max(14, fit.cell // 2))
        passage = pygame.Rect(left.right - 4, mid - width // 2, right.x - left.right + 8, width)
        across = "vertical"
    elif vertical and not horizontal and high_x - low_x > seam:
        top, bottom = (a, b) if a.y < b.y else (b, a)
        mid = (low_x + high_x) // 2
        width = min(high_x - low_x - 8, max(14, fit.cell // 2))
        passage = pygame.Rect(mid - width // 2, top.bottom - 4, width, bottom.y - top.bottom + 8)
        across = "horizontal"
    else:
        pygame.draw.line(out, PASSAGE, a.center, b.center, 6)
        pygame.draw.line(out, TILE_EDGE, a.center, b.center, 1)
        if door:
            centre = ((a.centerx + b.centerx) // 2, (a.centery + b.centery) // 2)
            _door_mark(out, pygame.Rect(centre[0] - 9, centre[1] - 9, 18, 18), door)
        return
    pygame.draw.rect(out, PASSAGE, passage)
    if door:
        _door_mark(out, passage, door, across)


def _door_mark(out: pygame.Surface, passage: pygame.Rect, door: str,
               across: str = "vertical") -> None:
    """A door across ``passage``: a solid bar when closed, a bar split open when open."""
    if across == "vertical":
        bar = pygame.Rect(passage.centerx - 4, passage.y - 3, 8, passage.height + 6)
    else:
        bar = pygame.Rect(passage.x - 3, passage.centery - 4, passage.width + 6, 8)
    if door == "closed":
        pygame.draw.rect(out, DOOR, bar)
        pygame.draw.rect(out, (40, 25, 10), bar, 1)
        return
    if across == "vertical":
        stub = bar.height // 4
        pygame.draw.rect(out, DOOR, (bar.x, bar.y, bar.width, stub))
        pygame.draw.rect(out, DOOR, (bar.x, bar.bottom - stub, bar.width, stub))
    else:
        stub = bar.width // 4
        pygame.draw.rect(out, DOOR, (bar.x, bar.y, stub, bar.height))
        pygame.draw.rect(out, DOOR, (bar.right - stub, bar.y, stub, bar.height))


def _draw_barricade(out: pygame.Surface, tile: pygame.Rect, side: str) -> None:
    """A bar along ``side`` inside ``tile`` and a crossed-out arrow pointing in from it."""
    length = int(tile.width * 0.5) if side in ("north", "south") else int(tile.height * 0.5)
    inset = 4
    arrow = 18
    if side == "north":
        bar = pygame.Rect(tile.centerx - length // 2, tile.y + inset - 3, length, 6)
        tail, head = (tile.centerx + length // 2 + 12, tile.y + 2), (
            tile.centerx + length // 2 + 12, tile.y + 2 + arrow)
    elif side == "south":
        bar = pygame.Rect(tile.centerx - length // 2, tile.bottom - inset - 3, length, 6)
        tail, head = (tile.centerx + length // 2 + 12, tile.bottom - 2), (
            tile.centerx + length // 2 + 12, tile.bottom - 2 - arrow)
    elif side == "west":
        bar = pygame.Rect(tile.x + inset - 3, tile.centery - length // 2, 6, length)
        tail, head = (tile.x + 2, tile.centery + length // 2 + 12), (
            tile.x + 2 + arrow, tile.centery + length // 2 + 12)
    else:
        bar = pygame.Rect(tile.right - inset - 3, tile.centery - length // 2, 6, length)
        tail, head = (tile.right - 2, tile.centery + length // 2 + 12), (
            tile.right - 2 - arrow, tile.centery + length // 2 + 12)
    pygame.draw.rect(out, BARRICADE, bar)
    for x in range(bar.x + 4, bar.right - 2, 10):
        if bar.width > bar.height:
            pygame.draw.line(out, (200, 180, 120), (x, bar.y), (x + 4, bar.bottom), 2)
    for y in range(bar.y + 4, bar.bottom - 2, 10):
        if bar.height > bar.width:
            pygame.draw.line(out, (200, 180, 120), (bar.x, y), (bar.right, y + 4), 2)
    pygame.draw.line(out, BARRICADE, tail, head, 3)
    dx, dy = head[0] - tail[0], head[1] - tail[1]
    nx, ny = (0 if dx else 5), (0 if dy else 5)
    back = (head[0] - (dx > 0) * 6 + (dx < 0) * 6, head[1] - (dy > 0) * 6 + (dy < 0) * 6)
    pygame.draw.polygon(out, BARRICADE, [head, (back[0] + nx, back[1] + ny),
                                         (back[0] - nx, back[1] - ny)])
    mid = ((tail[0] + head[0]) // 2, (tail[1] + head[1]) // 2)
    pygame.draw.line(out, CROSS, (mid[0] - 6, mid[1] - 6), (mid[0] + 6, mid[1] + 6), 3)
    pygame.draw.line(out, CROSS, (mid[0] - 6, mid[1] + 6), (mid[0] + 6, mid[1] - 6), 3)


def _draw_tokens(out: pygame.Surface, state: FateforgeState, zone: Zone,
                 tile: pygame.Rect, placer: Placer) -> None:
    """The zone's tokens as badges along the foot of its tile, left to right, each moved up a
    row (or along) where a piece or the words under it stand; a named token with no room
    for its name on the tile shows its kind's short word ("EXIT"), its name the tooltip, and
    a badge with no free spot at all goes where it covers the least."""
    size, height = theme.ui(13), theme.ui(17)
    for token in state.tokens_in(zone.id):
        colour, short = TOKEN_LOOK[token.kind]
        word = short
        if token.kind == "fountain":
            word = f"fountain {token.cubes}"
        if token.kind in ("exit", "objective", "chest") and token.name:
            word = token.name
        guard = state.guard_of(token.name)
        badge = None
        for shown in dict.fromkeys((word, short)):  # the name, else the short word
            width = min(theme.font(size).size(shown)[0] + 10, tile.width - 12)
            spots = [pygame.Rect(x, y, width, height)
                     for y in range(tile.bottom - height - 5, tile.y + 8, -height - 3)
                     for x in range(tile.x + 6, tile.right - 4 - width + 1, 4)]
            badge = placer.place(*spots) if spots else None
            if badge is not None:
                break
        if badge is None:  # the short word where it covers the least
            foot = pygame.Rect(tile.x + 6, tile.bottom - height - 5, width, height)
            badge = placer.place(foot, *spots, crowded=True) or foot
        pygame.draw.rect(out, colour, badge, border_radius=4)
        if guard:
            pygame.draw.rect(out, (20, 20, 20), badge, 2, border_radius=4)
        text(out, shown, badge.center, size, (255, 255, 255), anchor="center",
             max_width=badge.width - 4, role="label", plate=badge, full=word)


# ----------------------------------------------------------------------------- per frame


def _draw_overlay_zones(surface: pygame.Surface, state: FateforgeState, fit: MapFit,
                        overlays: FateforgeOverlays) -> None:
    for zone_id, how in overlays.step.items():
        tile = fit.tile(state.zone(zone_id))
        shade = pygame.Surface(tile.size, pygame.SRCALPHA)
        shade.fill(STEP_FILL if how == "STEP" else ENERGY_FILL)
        surface.blit(shade, tile.topleft)
        pygame.draw.rect(surface, STEP_FILL[:3], tile, 3, border_radius=6)
        text(surface, how, (tile.right - 6, tile.bottom - 40), 14, (20, 40, 120),
             anchor="topright")
    if overlays.hover and state.find_zone(overlays.hover):
        pygame.draw.rect(surface, (255, 255, 255), fit.tile(state.zone(overlays.hover)), 2,
                         border_radius=6)


def _draw_pieces(surface: pygame.Surface, state: FateforgeState, fit: MapFit,
                 overlays: FateforgeOverlays) -> None:
    spots = piece_spots(state, fit)
    for hero in state.heroes:
        spot = spots[hero.name]
        colour = (130, 130, 130) if hero.ko else hero_colour(state, hero.name)
        pygame.draw.circle(surface, colour, spot.centre, spot.radius)
        edge = theme.ACCENT if overlays.selected == hero.name else (20, 20, 20)
        pygame.draw.circle(surface, edge, spot.centre, spot.radius, 3 if edge != (20, 20, 20)
                           else 1)
        if hero.stealth:
            pygame.draw.circle(surface, (240, 240, 240), spot.centre, spot.radius + 4, 1)
        text(surface, unmistakable(hero.name[:2]), spot.centre, max(12, spot.radius),
             (255, 255, 255), anchor="center", full=hero.name, role="label")
        if hero.ko:
            r = spot.radius
            cx, cy = spot.centre
            pygame.draw.line(surface, CROSS, (cx - r, cy - r), (cx + r, cy + r), 3)
            pygame.draw.line(surface, CROSS, (cx - r, cy + r), (cx + r, cy - r), 3)
        text(surface, hero_words(hero), (spot.centre[0], spot.centre[1] + spot.radius + 1),
             theme.ui(12), theme.TEXT_DARK, anchor="midtop", role="label",
             full=f"{hero.name}: {hero.health} health, {hero.energy} energy"
                  + (f", {hero.block} block" if hero.block else ""))
        if hero.stun:
            _cube(surface, (spot.centre[0] + spot.radius - 4, spot.centre[1] - spot.radius),
                  STUN, diamond=True)
        ally = state.ally
        if ally is not None and ally.hero == hero.name:
            _draw_ally(surface, spot, ally)
    tags: list[tuple[str, Colour, pygame.Rect]] = []
    for enemy in state.enemies:
        spot = spots[enemy.name]
        r = spot.radius
        box = pygame.Rect(spot.centre[0] - r, spot.centre[1] - r, 2 * r, 2 * r)
        how = overlays.targets.get(enemy.name)
        ring = (HIT_RING if how == "HIT" else SHOT_RING) if how else (
            NO_RING if enemy.name in overlays.blocked else None)
        if overlays.acting == enemy.name:
            pygame.draw.rect(surface, ACTING, box.inflate(18, 18), 2, border_radius=6)
        if ring and not how:
            dashed_rect(surface, ring, box.inflate(12, 12), 4, 6)
        elif ring:
            pygame.draw.rect(surface, ring, box.inflate(12, 12), 4, border_radius=5)
            tags.append((how, ring, box))
        if overlays.selected == enemy.name:
            pygame.draw.rect(surface, theme.ACCENT, box.inflate(6, 6), 3, border_radius=4)
        colour = ENEMY_COLOURS[enemy.colour]
        pygame.draw.rect(surface, colour, box, border_radius=3)
        ink = theme.TEXT_DARK if enemy.colour == "white" else (255, 255, 255)
        pygame.draw.rect(surface, (250, 200, 60) if enemy.colour == "boss" else (20, 20, 20),
                         box, 1, border_radius=3)
        marks = "".join(m for m, on in (("B", enemy.has("blocker")), ("F", enemy.has("fear")),
                                        ("G", bool(enemy.guarding))) if on)
        text(surface, str(enemy.initiative), _initiative_centre(box, str(enemy.initiative),
             max(12, r), marks), max(12, r), ink, anchor="center")
        for i in range(enemy.damage):
            _cube(surface, (box.x + 2 + i * 9, box.y + 2), (210, 30, 30))
        for i in range(enemy.armour):
            _cube(surface, (box.x + 2 + i * 9, box.bottom - 10), (15, 15, 15))
        if enemy.stun:
            _cube(surface, (box.right - 10, box.y + 2), STUN, diamond=True)
        if marks:
            text(surface, marks, (box.right - 2, box.bottom - 2), 12, ink, anchor="bottomright")
        text(surface, enemy.name, (box.centerx, box.bottom + 2), theme.ui(12), theme.TEXT_DARK,
             anchor="midtop", max_width=2 * r + 22, role="label")
    _draw_tags(surface, spots, tags)


def _initiative_centre(box: pygame.Rect, number: str, size: int,
                       marks: str) -> tuple[int, int]:
    """Where an enemy's initiative number is centred: the middle of its box, raised just
    clear of the ability letters (``marks``, "BG") in the box's lower right corner where the
    box is too small for both (a small window)."""
    if not marks:
        return box.center
    image, ink = rendered(number, size, (0, 0, 0))
    number_ink = ink.move(image.get_rect(center=box.center).topleft)
    image, ink = rendered(marks, 12, (0, 0, 0))
    marks_ink = ink.move(image.get_rect(bottomright=(box.right - 2, box.bottom - 2)).topleft)
    if not number_ink.colliderect(marks_ink):
        return box.center
    return box.centerx, box.centery - (number_ink.bottom - marks_ink.top)


def _draw_tags(surface: pygame.Surface, spots: Mapping[str, Spot],
               tags: list[tuple[str, Colour, pygame.Rect]]) -> None:
    """Each target's HIT or SHOT word on a plate in its ring's colour, drawn over the pieces:
    right of the enemy, else left, above or below it, wherever it covers no piece and no
    other word (else the least covered spot), so a neighbour never hides it."""
    placer = Placer()
    for spot in spots.values():
        r = spot.radius
        placer.block(pygame.Rect(spot.centre[0] - r, spot.centre[1] - r, 2 * r, 2 * r))
    for how, ring, box in tags:
        width, height = text_size(how, 13)
        plate = pygame.Rect(0, 0, width + 6, height + 2)
        ringed = box.inflate(14, 14)
        spots_ = []
        for anchor, point in (("midleft", ringed.midright), ("midright", ringed.midleft),
                              ("midbottom", ringed.midtop), ("midtop", ringed.midbottom)):
            setattr(plate, anchor, point)
            spots_.append(pygame.Rect(plate))
        placed = placer.place(*spots_, crowded=True)
        assert placed is not None  # a crowded placement always finds a spot
        pygame.draw.rect(surface, ring, placed, border_radius=3)
        text(surface, how, placed.center, 13, (20, 20, 20), anchor="center", role="label")


def _draw_ally(surface: pygame.Surface, spot: Spot, ally: Ally) -> None:
    """The ally's badge at the lower right of its hero: a gold diamond with its initial,
    greyed and crossed when it is out, and its damage cubes (*Allies*)."""
    r = max(7, spot.radius // 2)
    cx, cy = spot.centre[0] + spot.radius - 2, spot.centre[1] + spot.radius - r
    points = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    pygame.draw.polygon(surface, (130, 130, 130) if ally.out else ALLY, points)
    pygame.draw.polygon(surface, (20, 20, 20), points, 1)
    text(surface, ally.name[:1], (cx, cy), max(11, r + 2), theme.TEXT_DARK, anchor="center")
    if ally.out:
        pygame.draw.line(surface, CROSS, (cx - r, cy - r), (cx + r, cy + r), 2)
    for i in range(ally.damage):
        _cube(surface, (cx - r + i * 9, cy + r + 2), (210, 30, 30))


def _cube(surface: pygame.Surface, at: tuple[int, int], colour: Colour,
          diamond: bool = False) -> None:
    """A cube 8 pixels wide with its top-left at ``at``, white-edged: a square (damage,
    armour) or, for a stun, a diamond (told from a damage cube by shape as well as colour)."""
    box = pygame.Rect(at[0], at[1], 8, 8)
    if diamond:
        corners = [box.midtop, (box.right + 1, box.centery), (box.centerx, box.bottom + 1),
                   (box.x - 1, box.centery)]
        pygame.draw.polygon(surface, colour, corners)
        pygame.draw.polygon(surface, (255, 255, 255), corners, 1)
        return
    pygame.draw.rect(surface, colour, box)
    pygame.draw.rect(surface, (255, 255, 255), box, 1)


def _draw_caption(surface: pygame.Surface, rect: pygame.Rect, lines: tuple[str, ...],
                  column: PanelBody, can_scroll: bool) -> None:
    """The caption strip under the map: its lines wrapped, every line whole (a little smaller
    when they do not all fit, then scrolled in the window with a cue line; a picture draws
    them as small as need be)."""
    if not lines or rect.height < 16:
        return
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=4)
    column.draw(surface, pygame.Rect(rect.x + 6, rect.y + 3, rect.width - 12, rect.height - 5),
                lines, (), can_scroll=can_scroll, heading=False, least=80)


LEGEND: tuple[tuple[Colour | Swatch, str], ...] = (
    (DOOR, "door: solid bar closed, split bar open"),
    (PORTAL, "portal (P): hero movement only, a FOCUS"),
    (BARRICADE, "barricade: crossed arrow = no shots from that side"),
    (STEP_FILL[:3], "zones the selected hero may STEP into"),
    (Swatch(HIT_RING, "outline"), "HIT target (same zone), marked HIT"),
    (Swatch(SHOT_RING, "outline"), "SHOT target (adjacent zone), marked SHOT"),
    (Swatch(NO_RING, "dashed outline"), "dashed ring: enemy that cannot be attacked (see "
                                        "caption)"),
    (ALLY, "ally (diamond beside the hero it accompanies)"),
    ((210, 30, 30), "red square: damage; black square: armour; green diamond: stun"),
)


def legend(state: FateforgeState) -> list[tuple[Colour, str]]:
    """Legend rows: the map marks present, then the enemy types on the map."""
    rows = []
    for colour, words in LEGEND:
        if colour == DOOR and not any(c.door for c in state.connections):
            continue
        if colour == PORTAL and not state.portals:
            continue
        if colour == BARRICADE and not state.barricades:
            continue
        if colour == ALLY and state.ally is None:
            continue
        rows.append((colour, words))
    if any(zone.difficult for zone in state.zones):
        rows.append((TILE_DIFFICULT, "dotted zone: difficult"))
    types = sorted({e.colour for e in state.enemies}, key=list(ENEMY_COLOURS).index)
    if types:
        rows.append((ENEMY_COLOURS[types[0]], "enemies: " + ", ".join(types)
                     + " (number: initiative)"))
    return rows
