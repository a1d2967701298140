"""The Kingdom map as it lies on the table (rulebook *Kingdom Map*, *Kingdom Tile Anatomy*,
*Kingdom Track*, *Districts and the District Wheel*, *The Deep Fog*).

Tiles are drawn to their footprint: an explored or revealed tile shows its front (name, id,
size, district, Cipher half, Point of Interest, paths leaving its sides); a face-down tile
shows its back (id, size, district symbol, Time, Threat, Clues, Deep Fog Intensity).  Hindering
tokens sit on their paths as lettered squares; the Party marker is a gold disc, Encounter
Monster tokens red discs with initials.  Above the map: the Kingdom track with its Hunt Spaces;
beside it: the District Wheel, the effect spaces, the decks, the Clues found and the question
waiting for the players.  During a Deep Fog traversal the Deep Fog cards are drawn over the map.

:func:`draw_kingdom` is a function of the state plus overlays (selection, travel options, a
Backtrack preview); the map layer is cached per state and size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from tabletop.games.kingdom.state import CLUE_TYPES, FogCard, KingdomState, Path, Tile
from tabletop.spatial.tile_map import STEP, Rect, bounds, path_cell
from tabletop.ui import textlayer
from tabletop.ui.facades.kingdom import paths_to
from tabletop.ui.textlayer import Placer, block, cover, line_height, paste, wrap_at_most
from tabletop.ui.viewport import Viewport
from tabletop.ui.views import marks
from tabletop.ui.views.base import LayerCache, dashed_line, layer, text, text_size, wrap
from tabletop.ui.views.marks import Swatch
from tabletop.ui.widgets import theme

Colour = tuple[int, int, int]

TABLE: Colour = (28, 32, 30)
BACK: Colour = (58, 62, 78)
BACK_EDGE: Colour = (120, 126, 150)
FRONT_EDGE: Colour = (30, 26, 20)
INK: Colour = (24, 22, 20)
PLATE: Colour = (240, 232, 206)
"""The light plate holding a small tile's facts beside it."""
PATH: Colour = (236, 222, 170)
FOG_PATH: Colour = (170, 176, 190)
SHORTCUT: Colour = (120, 200, 230)
PARTY: Colour = (250, 204, 60)
MONSTER: Colour = (200, 40, 40)
TRAVEL_RING: Colour = (110, 220, 120)
BACKTRACK_RING: Colour = theme.OKABE_ITO["sky blue"]
FOG_RING: Colour = (190, 190, 210)
RING_LOOKS: dict[str, str] = {"travel": "outline", "backtrack": "dashed outline",
                              "deep-fog": "double outline"}
"""How each kind of option ring is drawn besides its colour: travel a solid ring, Backtrack
a dashed one, a Deep Fog target a double one (legend swatches alike)."""
SELECT_RING: Colour = (255, 255, 255)
HUNT: Colour = (220, 70, 60)
SPAWN: Colour = (230, 150, 40)
DISTRICT_COLOURS: tuple[Colour, ...] = ((196, 176, 136), (140, 176, 190), (164, 184, 128),
                                        (196, 150, 150), (176, 160, 200), (200, 190, 110))
HINDERING_LOOK: dict[str, tuple[Colour, str]] = {
    "single-panzergate": ((150, 150, 160), "P1"), "triple-panzergate": ((110, 110, 124), "P3"),
    "deep-fog": ((200, 200, 214), "DF"), "flood": ((60, 120, 210), "FL"),
    "rubble": ((140, 100, 60), "RU"),
}
"""Each Hindering token's colour and letters, in capitals (a small "l" reads as a capital
"I" in the bundled font: "Fl" as "FI"); the legend names them."""
HINDERING_NAMES: dict[str, str] = {
    "single-panzergate": "Single Panzergate", "triple-panzergate": "Triple Panzergate",
    "deep-fog": "Deep Fog", "flood": "Flood", "rubble": "Rubble"}
TRACK_HEIGHT = 74
SIDE_WIDTH = 230
MAX_CELL = 150


@dataclass(frozen=True)
class Hit:
    """A clickable thing drawn: ``kind`` (``tile`` or ``fog``) and its key (tile id or the
    ``(x, y)`` of a Deep Fog card)."""

    rect: pygame.Rect
    kind: str
    key: object


@dataclass(frozen=True)
class Overlays:
    """What the screen shows over the state: the selected tile, the tiles the party may travel
    to (by kind), a Backtrack route being previewed with its cost, the ways a hunting Monster
    token may go (``(monster, walk)``) while the players choose where it stops, the caption
    lines."""

    selected: str | None = None
    options: tuple[tuple[str, str], ...] = ()
    route: tuple[str, ...] = ()
    hunts: tuple[tuple[str, tuple[str, ...]], ...] = ()
    caption: tuple[str, ...] = ()
    fog_selected: tuple[int, int] | None = None


@dataclass(frozen=True)
class MapLayer:
    """The cached map picture, the rectangles of the path stubs drawn on it (see
    :func:`_stub_rect`: the tokens drawn each frame keep off those too) and of its Hindering
    tokens (drawn again over the option rings, which would hide a small token's letters)."""

    image: pygame.Surface
    stubs: tuple[pygame.Rect, ...]
    hindering: tuple[pygame.Rect, ...] = ()


@dataclass
class KingdomLayers:
    """The Kingdom view's kept layers between frames: the layer cache, the last map's
    path stubs and the box the map is fitted to."""

    cache: LayerCache = field(default_factory=LayerCache)
    stubs: tuple[pygame.Rect, ...] = ()
    """The path stubs of the map drawn last (see :class:`MapLayer`)."""
    box: Rect | None = None
    """The part of the table the map is fitted to: the tiles' bounds, grown (with room to
    spare) only when a tile is laid outside it, so the map does not move every round."""

    def steady_box(self, box: Rect | None) -> Rect | None:
        """The box to fit for tiles within ``box``: the kept one while it holds them, else
        their union with it and :data:`ROOM` cells more on every side."""
        if box is None:
            return self.box
        old = self.box
        if old is None:
            self.box = box
        elif not (old.x <= box.x and old.y <= box.y and box.x + box.w <= old.x + old.w
                  and box.y + box.h <= old.y + old.h):
            both = bounds((old, box))
            assert both is not None
            self.box = Rect(both.x - ROOM, both.y - ROOM, both.w + 2 * ROOM, both.h + 2 * ROOM)
        return self.box


ROOM = 2
"""Cells of room added on every side when the map outgrows its box."""
CAPTION_LINES = 3
"""Lines kept for the hint under the map, so a longer or shorter hint does not move it."""


def legend(state: KingdomState) -> list[tuple[Colour | Swatch, str]]:
    """Legend rows, each whole in words: the rings, the Party and Monster tokens, a tile's
    back, the marked spaces of the Threat track (its Hunt Spaces, drawn "H1", "H2", and the
    spawn space 7) and the Hindering tokens on the map (their letters)."""
    rows: list[tuple[Colour | Swatch, str]] = [
        (Swatch(TRAVEL_RING, RING_LOOKS["travel"]), "solid ring: travel onto this tile"),
        (Swatch(BACKTRACK_RING, RING_LOOKS["backtrack"]), "dashed ring: Backtrack here"),
        (Swatch(FOG_RING, RING_LOOKS["deep-fog"]), "double ring: Deep Fog target"),
        (PARTY, "Party marker"),
        (MONSTER, "Encounter Monster token"),
        (BACK, "face-down back: Time, Threat (Thr, H), Clues, Fog Intensity")]
    hunts = sorted({tiles for _, tiles in state.track.hunt_spaces if tiles > 0})
    if hunts:
        rows.append((Swatch(HUNT, "outline"),
                     f"{', '.join(f'H{n}' for n in hunts)}: Hunt Space; Threat landing there "
                     f"moves each Monster token {' or '.join(map(str, hunts))} "
                     f"tile{'s' if hunts[-1] > 1 else ''}"))
    if state.track.threat_max >= 7:
        rows.append((Swatch(SPAWN, "outline"),
                     "7, orange edge: Threat first reaching 7 spawns a Monster token"))
    kinds = [kind for kind in HINDERING_LOOK if any(t.kind == kind for t in state.hindering)]
    for kind in kinds:
        colour, letters = HINDERING_LOOK[kind]
        rows.append((colour, f"{letters} on a path: {HINDERING_NAMES[kind]} token (Hindering)"))
    return rows


def district_colour(state: KingdomState, district: str) -> Colour:
    """The colour of ``district`` (its place on the District Wheel)."""
    names = [d.name for d in state.districts]
    index = names.index(district) if district in names else 0
    return DISTRICT_COLOURS[index % len(DISTRICT_COLOURS)]


@dataclass(frozen=True)
class MapFit:
    """Map cells fitted into a rectangle: ``cell`` pixels per cell, the pixel of cell
    ``(x0, y0)`` at ``(left, top)``."""

    cell: int
    left: int
    top: int
    x0: int
    y0: int

    @classmethod
    def fit(cls, rect: pygame.Rect, state: KingdomState, zoom: float = 1.0,
            box: Rect | None = None) -> MapFit:
        """The map fitted into ``rect``: cells no bigger than :data:`MAX_CELL` times
        ``zoom``, centred on ``box`` (default: the bounds of the tiles on the table)."""
        if box is None:
            box = bounds(t.rect for t in state.tiles if t.rect is not None)
        if box is None:
            return cls(40, rect.x, rect.y, 0, 0)
        cols, rows = box.w + 1, box.h + 1  # half a cell of room all round for path stubs
        cell = max(16, min(round(MAX_CELL * zoom), rect.width // cols, rect.height // rows))
        left = rect.x + (rect.width - cell * box.w) // 2
        top = rect.y + (rect.height - cell * box.h) // 2
        return cls(cell, left, top, box.x, box.y)

    def tile_rect(self, tile: Tile) -> pygame.Rect:
        r = tile.rect
        assert r is not None
        return pygame.Rect(self.left + (r.x - self.x0) * self.cell + 2,
                           self.top + (r.y - self.y0) * self.cell + 2,
                           r.w * self.cell - 4, r.h * self.cell - 4)

    def path_point(self, tile: Tile, path: Path, out: float = 0.0) -> tuple[int, int]:
        """The pixel where ``path`` leaves ``tile`` (``out`` cells beyond its edge)."""
        cx, cy = path_cell(tile.rect, path.side, path.offset)
        dx, dy = STEP[path.side]
        fx = cx - self.x0 + 0.5 + dx * (0.5 + out)
        fy = cy - self.y0 + 0.5 + dy * (0.5 + out)
        return round(self.left + fx * self.cell), round(self.top + fy * self.cell)


def draw_kingdom(surface: pygame.Surface, rect: pygame.Rect, state: KingdomState, *,
                 overlays: Overlays = Overlays(), layers: KingdomLayers | None = None,
                 viewport: Viewport | None = None) -> list[Hit]:
    """Draw the whole Kingdom board into ``rect``: the tile map zoomed and panned by
    ``viewport`` (whole when ``None``) and clipped to its part; returns the clickable things
    (as far as they are in view)."""
    layers = layers or KingdomLayers()
    surface.fill(TABLE, rect)
    track_height, side_width = theme.ui(TRACK_HEIGHT), side_width_for(rect.width)
    track_rect = pygame.Rect(rect.x, rect.y, rect.width, track_height)
    side = pygame.Rect(rect.right - side_width, track_rect.bottom, side_width,
                       rect.height - track_height)
    map_rect = pygame.Rect(rect.x + 8, track_rect.bottom + 8,
                           rect.width - side_width - 16, rect.height - track_height - 16)
    size = theme.ui(17)
    caption = [part for line in overlays.caption for part in wrap(line, size, map_rect.width)]
    if caption:
        map_rect.height -= (size + 1) * max(len(caption), CAPTION_LINES) + 8
    draw_track(surface, track_rect, state)
    draw_side(surface, side, state)
    frame = viewport.frame(map_rect) if viewport is not None else map_rect
    placed = bounds(t.rect for t in state.tiles if t.rect is not None)
    box = layers.steady_box(placed) if layers is not None else placed
    fit = MapFit.fit(frame, state, viewport.zoom if viewport is not None else 1.0, box)
    key = (state.tiles, state.hindering, state.party, state.monsters, state.fog is None,
           surface.get_size(), fit, tuple(frame))
    built = layers.cache.get("map", key,
                             lambda: _map_layer(surface.get_size(), fit, state, frame))
    layers.stubs = built.stubs
    clip = surface.get_clip()
    surface.set_clip(map_rect.clip(clip))
    paste(surface, built.image, map_rect.topleft, map_rect)
    hits = [Hit(shown, "tile", t.id) for t in state.tiles if t.rect is not None
            if (shown := fit.tile_rect(t).clip(map_rect)).width]
    _draw_overlays(surface, fit, state, overlays)
    for token in built.hindering:  # over the rings
        surface.blit(built.image, token, token)
    _draw_tokens(surface, fit, state, built.stubs)
    surface.set_clip(clip)
    if state.fog is not None:
        hits += draw_fog(surface, map_rect, state, overlays.fog_selected)
    if caption:
        y = map_rect.bottom + 6
        for line in caption:
            text(surface, line, (map_rect.x, y), size, theme.ACCENT, max_width=map_rect.width)
            y += size + 1
    return hits


def side_width_for(width: int) -> int:
    """The width of the side panel (the District Wheel and the facts under it) on a board
    ``width`` pixels wide: :data:`SIDE_WIDTH` (scaled), but never more than a third of the
    board, so in a small window the wheel shrinks and the map keeps two thirds."""
    return min(theme.ui(SIDE_WIDTH), width // 3)


def _map_layer(size: tuple[int, int], fit: MapFit, state: KingdomState,
               frame: pygame.Rect) -> MapLayer:
    """The map picture: the tiles and their words, then the facts a small tile cannot hold
    on plates beside it, the path stubs with their words, the Hindering tokens.  No word
    touches a stub: a stub stops :data:`STUB_GAP` pixels short of a tile's word (it still
    crosses the edge its path leaves by, as the words sit inside the tiles), and what is
    placed after the stubs (plates, path words, tokens) goes where it touches none and,
    wherever one of its spots allows, inside ``frame`` (the map's part of the board at its
    zoom), so no word is cut by the map's edge.  A Hindering token, the Party marker or a
    Monster token that finds no spot clear of the tiles' words (small tiles, a small window)
    is given its spot first and the map drawn again: the tile words it would cover are left
    to the tile's tooltip (the Party and Monster tokens are drawn each frame, over the map,
    see :func:`_draw_tokens`)."""
    built, crowded = _map_picture(size, fit, state, frame, {})
    if crowded:
        built, _ = _map_picture(size, fit, state, frame, crowded)
    return built


def _map_picture(size: tuple[int, int], fit: MapFit, state: KingdomState, frame: pygame.Rect,
                 held: dict[object, pygame.Rect]) -> tuple[MapLayer, dict[object, pygame.Rect]]:
    """The map picture (see :func:`_map_layer`) with the spots of ``held`` kept clear before
    any word is placed (a Hindering token by its place in ``state.hindering``, drawn there; a
    Party or Monster token by ``("token", its place)``); returns it and the spots of the
    tokens whose spot covers a word (none was clear)."""
    image = layer(size)
    placer = Placer(frame)
    for box in held.values():
        placer.block(box)
    spilled = []
    untold: set[str] = set()
    for tile in state.tiles:
        if tile.rect is not None:
            spilled += _draw_tile(image, fit, state, tile, placer, untold)
    words = list(placer.taken)
    stubs = [(tile, path, _clear_of(_stub_rect(fit, tile, path), fit.path_point(tile, path),
                                    path.side, words))
             for tile in state.tiles if tile.rect is not None for path in tile.paths]
    for _, _, rect in stubs:
        placer.block(rect)
    boxes = [fit.tile_rect(tile) for tile in state.tiles if tile.rect is not None]
    for tile, box, facts, size_ in spilled:
        plate = _fact_plate(image, box, facts, size_, boxes, words, placer)
        if plate is None:
            untold.add(tile.id)
        else:
            words.append(plate)
    stubs = [(tile, path, _clear_of(rect, fit.path_point(tile, path), path.side, words))
             for tile, path, rect in stubs]  # a plate placed where it had to be crowded
    for _, path, rect in stubs:
        _draw_stub(image, fit, path, rect)
    for tile, path, _ in stubs:
        if path.kind in ("deep-fog", "shortcut"):
            label, colour = (("fog", FOG_PATH) if path.kind == "deep-fog"
                             else (f"to {path.to}", SHORTCUT))
            if _path_word(image, fit, tile, path, label, colour, placer):
                words.append(placer.taken[-1])
            else:
                untold.add(tile.id)
    crowded: dict[object, pygame.Rect] = {}
    hindering = []
    for index, token in enumerate(state.hindering):
        if not state.has_tile(token.tile):
            continue
        tile = state.tile(token.tile)
        path = next((p for p in tile.paths if (p.side, p.offset) == (token.side, token.offset)),
                    None)
        if tile.rect is None:
            continue
        path = path or Path(token.side, token.offset)
        colour, letters = HINDERING_LOOK[token.kind]
        size = max(14, fit.cell // 5)
        box = held.get(index)
        if box is None:
            box, clear = _on_path(fit, tile, path, size, placer)
            if not clear and box.collidelist(words) >= 0:
                crowded[index] = box
        hindering.append(box)
        pygame.draw.rect(image, colour, box)
        pygame.draw.rect(image, INK, box, 1)
        text(image, letters, box.center, max(10, size * 2 // 3), INK, anchor="center")
    tokens = Placer()
    for rect in placer.taken:
        tokens.block(rect)
    for _, _, rect in stubs:
        tokens.block(rect.inflate(2 * STUB_GAP, 2 * STUB_GAP))
    radius = _token_radius(fit)
    for index, (_, _, centre, clear) in enumerate(_token_places(fit, state, tokens)):
        square = pygame.Rect(0, 0, 2 * radius, 2 * radius)
        square.center = centre
        if not clear and ("token", index) not in held and square.collidelist(words) >= 0:
            crowded["token", index] = square
    for tile in state.tiles:
        if tile.id in untold and tile.rect is not None:
            textlayer.tooltip(image, fit.tile_rect(tile), tile_words(state, tile))
    return MapLayer(image, tuple(rect for _, _, rect in stubs), tuple(hindering)), crowded


def tile_words(state: KingdomState, tile: Tile) -> str:
    """Everything ``tile`` shows on the table, in words (the tooltip of a tile too small to
    show it all): a face-up tile's id, name, size, district, Cipher half and Point of
    Interest; a face-down tile's id, size, back symbols and district (never its front); and
    the Deep Fog paths and shortcuts leaving it."""
    district = state.district(tile.district)
    where = (f"{tile.district} ({district.symbol})" if district and district.symbol
             else tile.district)
    if tile.status == "face-down":
        threat = f"{tile.threat:+d}" if tile.threat else "0"
        parts = [f"{tile.id} · {tile.size}, face down: Time {tile.time}, Threat {threat}, "
                 f"Clues {tile.clues}, Deep Fog Intensity {tile.intensity}; {where}"]
    else:
        parts = [f"{tile.id} {tile.name or '(unnamed)'}: {tile.size}"
                 + ("" if tile.status == "explored" else ", unexplored") + f"; {where}"]
        if tile.cipher:
            parts.append(f"Cipher {tile.cipher}")
        if tile.poi:
            parts.append(poi_words(tile).replace("\n", " "))
        parts += [f"Deep Fog path (fog) to the {path.side}" if path.kind == "deep-fog"
                  else f"shortcut to {path.to}" for path in tile.paths
                  if path.kind in ("deep-fog", "shortcut")]
    return "; ".join(parts)


STUB_GAP = 2
"""Pixels kept clear between a path stub and any word on the map."""


def _stub_width(fit: MapFit) -> int:
    """The width of a path's light band (its dark edges add 2 pixels a side)."""
    return max(5, fit.cell // 10)


def _stub_rect(fit: MapFit, tile: Tile, path: Path) -> pygame.Rect:
    """The rectangle a stub of ``tile``'s ``path`` fills before any word cuts it short: from
    0.08 cells inside the edge the path leaves by to 0.08 cells beyond it, as wide as the
    band and its dark edges."""
    start = fit.path_point(tile, path, -0.08)
    end = fit.path_point(tile, path, 0.08)
    across = _stub_width(fit) + 4
    rect = pygame.Rect(min(start[0], end[0]), min(start[1], end[1]),
                       abs(end[0] - start[0]) + 1, abs(end[1] - start[1]) + 1)
    if STEP[path.side][0] != 0:
        return pygame.Rect(rect.x, start[1] - across // 2, rect.width, across)
    return pygame.Rect(start[0] - across // 2, rect.y, across, rect.height)


def _clear_of(stub: pygame.Rect, edge: tuple[int, int], side: str,
              words: list[pygame.Rect]) -> pygame.Rect:
    """``stub`` cut short at each end so that it comes no nearer than :data:`STUB_GAP`
    pixels to any of ``words``: a word on one side of the ``edge`` point cuts the end on
    that side (a word over the edge point itself cannot be helped by cutting and is left to
    the placement of that word)."""
    across = STEP[side][0] != 0
    low, high = (stub.left, stub.right) if across else (stub.top, stub.bottom)
    at = edge[0] if across else edge[1]
    current = pygame.Rect(stub)
    for word in words:
        near = word.inflate(2 * STUB_GAP, 2 * STUB_GAP)
        if not near.colliderect(current):
            continue
        start, end = (near.left, near.right) if across else (near.top, near.bottom)
        if end <= at:
            low = max(low, end)
        elif start > at:
            high = min(high, start)
        low, high = min(low, at), max(high, at + 1)
        current = (pygame.Rect(low, stub.y, high - low, stub.height) if across
                   else pygame.Rect(stub.x, low, stub.width, high - low))
    return current


def _draw_stub(image: pygame.Surface, fit: MapFit, path: Path, rect: pygame.Rect) -> None:
    """A path stub filling ``rect``: a light band with dark edges (a Deep Fog path dashed
    grey, a shortcut dashed blue)."""
    width = _stub_width(fit)
    across = STEP[path.side][0] != 0
    if path.kind in ("deep-fog", "shortcut"):
        colour = FOG_PATH if path.kind == "deep-fog" else SHORTCUT
        clip = image.get_clip()
        image.set_clip(rect.clip(clip))
        if across:
            dashed_line(image, colour, (rect.left, rect.centery), (rect.right, rect.centery),
                        width, 4)
        else:
            dashed_line(image, colour, (rect.centerx, rect.top), (rect.centerx, rect.bottom),
                        width, 4)
        image.set_clip(clip)
        return
    image.fill(INK, rect)
    image.fill(PATH, rect.inflate(0, -4) if across else rect.inflate(-4, 0))


def _kept(placer: Placer, *args, **kwargs) -> pygame.Rect:
    """:func:`text` whose rectangle ``placer`` keeps clear from then on."""
    drawn = text(*args, **kwargs)
    placer.block(drawn)
    return drawn


def _on_path(fit: MapFit, tile: Tile, path: Path, size: int,
             placer: Placer) -> tuple[pygame.Rect, bool]:
    """Where a Hindering token of ``size`` goes on ``tile``'s ``path``: across the edge the
    path leaves by, else just inside the tile, else just inside its neighbour, whichever
    first covers none of the tiles' words (else the least crowded); kept clear after.
    Returns the spot and whether it covers nothing placed before."""
    spots = []
    for out in (0.0, -(size // 2 + 2) / fit.cell, (size // 2 + 2) / fit.cell):
        spot = pygame.Rect(0, 0, size, size)
        spot.center = fit.path_point(tile, path, out)
        spots.append(spot)
    clear = any(placer.free(spot) for spot in spots)
    box = placer.place(*spots, crowded=True)
    assert box is not None  # a crowded placement always finds a spot
    return box, clear


def _within(placer: Placer, spot: pygame.Rect) -> pygame.Rect:
    """``spot`` moved the least that puts it inside ``placer``'s bounds (the map's part of
    the board), where it fits: a word beside a tile at the map's edge stays whole."""
    return spot.clamp(placer.bounds) if placer.bounds is not None else pygame.Rect(spot)


def _path_word(image: pygame.Surface, fit: MapFit, tile: Tile, path: Path, words: str,
               colour: Colour, placer: Placer) -> bool:
    """``words`` naming ``tile``'s ``path`` beyond the edge it leaves by, else a little to
    either side or further out, else just inside the tile: the first spot that covers no
    word, stub or token placed before.  With none free (small tiles) the words are not
    drawn (the dashed stub's colour still tells the path's kind) and ``False`` is returned:
    the caller gives the tile a tooltip that names the path."""
    size = max(10, fit.cell // 8)
    width, height = text_size(words, size)
    dx, dy = STEP[path.side]
    spots = []
    for out, side in ((0.32, 0), (0.32, 0.45), (0.32, -0.45), (0.6, 0), (-0.3, 0)):
        x, y = fit.path_point(tile, path, out)
        spot = pygame.Rect(0, 0, width + 2, height)
        spot.center = (round(x - dy * side * fit.cell), round(y + dx * side * fit.cell))
        spots.append(_within(placer, spot))
    spot = placer.place(*spots)
    if spot is None:
        return False
    text(image, words, spot.center, size, colour, anchor="center")
    return True


def _draw_tile(image: pygame.Surface, fit: MapFit, state: KingdomState, tile: Tile,
               placer: Placer, untold: set[str]
               ) -> list[tuple[Tile, pygame.Rect, list[str], int]]:
    """``tile`` face up or face down; every word it draws is kept off by ``placer`` (the
    Hindering tokens go round them).  Its id is always drawn; every other word only whole
    and clear of the words before it, in this order: a face-down tile's size beside its id,
    its back symbols (long forms, else the short ones the legend explains) and its district
    symbol on the band; a face-up tile's name (under the id in as many lines as the tile has
    room for, the last ending in "…" when the name goes on; beside the id on a tile with no
    room under it), its district symbol at the top right, its facts (those that do not fit
    go on a plate).  A tile that leaves a word out is put in ``untold`` (it gets a tooltip with the
    whole, see :func:`tile_words`).  Returns the facts of a face-up tile that do not fit
    whole inside it (``(tile, tile box, facts, size)``, or nothing): they go on a plate
    beside it, see :func:`_fact_plate`."""
    box = fit.tile_rect(tile)
    small = max(10, min(16, fit.cell // 8))
    big = max(11, min(20, fit.cell // 6))
    whole = True
    others = list(placer.taken)  # the tokens held and the other tiles' words
    if tile.status == "face-down":
        pygame.draw.rect(image, BACK, box, border_radius=4)
        band = pygame.Rect(box.x, box.bottom - small - 6, box.width, small + 6)
        pygame.draw.rect(image, district_colour(state, tile.district), band,
                         border_bottom_left_radius=4, border_bottom_right_radius=4)
        pygame.draw.rect(image, BACK_EDGE, box, 2, border_radius=4)
        heading = f"{tile.id} · {tile.size}"
        if not _whole(heading, big, box.width - 8):
            heading, whole = tile.id, False
        _kept(placer, image, heading, (box.x + 5, box.y + 4), big, theme.TEXT,
              max_width=box.width - 8)
        y = box.y + big + 8
        room = max(0, (band.y - y) // (small + 2))
        lines = _back_lines(tile, box.width - 10, small)
        if len(lines) > room:  # a small tile drawn small: the short forms of the symbols
            lines = _back_lines(tile, box.width - 10, small, short=True)
        whole &= len(lines) <= room
        for line in lines[:room]:
            whole &= _optional(placer, others, image, line, (box.x + 5, y), small, theme.TEXT,
                               box.width - 8)
            y += small + 2
        symbol = state.district(tile.district)
        whole &= _optional(placer, others, image, symbol.symbol if symbol and symbol.symbol
                           else tile.district, band.center, small, INK, box.width - 6,
                           anchor="center")
        if not whole:
            untold.add(tile.id)
        return []
    pygame.draw.rect(image, district_colour(state, tile.district), box, border_radius=4)
    pygame.draw.rect(image, FRONT_EDGE, box, 2, border_radius=4)
    symbol = state.district(tile.district)
    mark = symbol.symbol if symbol and symbol.symbol else ""
    heading = _kept(placer, image, tile.id, (box.x + 5, box.y + 4), big, INK)
    y = box.y + big + 6
    name = tile.name or "(unnamed)"
    most = min(3, (box.bottom - 2 - y) // big)
    row = [heading.inflate(8, 0)]  # what the symbol at the top right keeps clear of
    if most == 0:  # no room under the id: the name beside it, in place of the symbol
        width = box.right - 5 - (heading.right + 4)
        lines, cut = _name_lines(name, big, width + 10, 1)
        for line in lines:
            if _optional(placer, others, image, line, (heading.right + 4, box.y + 4), big, INK,
                         width, full=name if cut else None):
                row.append(placer.taken[-1].inflate(8, 0))
            else:
                whole = False
        lines = []
    else:
        lines, cut = _name_lines(name, big, box.width, most)
    if mark:
        whole &= _optional(placer, [*others, *row], image, mark, (box.right - 5, box.y + 4),
                           small, INK, box.width - 8, anchor="topright")
    whole &= not cut
    for index, line in enumerate(lines):
        whole &= _optional(placer, others, image, line, (box.x + 5, y), big, INK, box.width - 8,
                           full=name if cut and index == len(lines) - 1 else None)
        y += big
    facts = [tile.size + ("" if tile.status == "explored" else " · unexplored")]
    if tile.cipher:
        facts.append(f"Cipher {tile.cipher}")
    if tile.poi:
        facts.append(poi_words(tile))
    inside = 0  # the facts drawn on the tile; this one and the rest go on a plate, whole
    for fact in facts:
        lines = wrap(fact, small, box.width - 8)
        if y + len(lines) * (small + 1) > box.bottom - 3 or any(
                text_size(line, small)[0] > box.width - 8
                or _spot(line, (box.x + 5, y + n * (small + 1)), small).collidelist(others) >= 0
                for n, line in enumerate(lines)):
            break  # drawn smaller or cut it would fit, or under a token: it goes on the plate
        for line in lines:
            _kept(placer, image, line, (box.x + 5, y), small, INK, max_width=box.width - 8)
            y += small + 1
        inside += 1
    if tile.status == "revealed":  # the Generic token: still Unexplored
        pygame.draw.circle(image, (235, 235, 235), (box.right - 12, box.bottom - 12), 8)
        pygame.draw.circle(image, INK, (box.right - 12, box.bottom - 12), 8, 1)
    if not whole:
        untold.add(tile.id)
    return [(tile, box, facts[inside:], small)] if inside < len(facts) else []


def _name_lines(name: str, size: int, width: int, most: int) -> tuple[list[str], bool]:
    """A face-up tile's ``name`` in at most ``most`` lines inside a tile ``width`` pixels
    wide, each line whole and made of whole words (fewer lines, the last ending in "…",
    when a line would be cut), and whether some of it is left out; no line at all when not
    even its first word fits."""
    words = name.split()
    for lines in range(most, 0, -1):
        shown, cut = wrap_at_most(name, size, width - 10, lines)
        kept = " ".join(shown).replace(textlayer.ELLIPSIS, "").split()
        if kept and kept == words[:len(kept)] and all(_whole(line, size, width - 8)
                                                      for line in shown):
            return shown, cut
    return [], True


def _spot(words: str, pos: tuple[int, int], size: int,
          anchor: str = "topleft") -> pygame.Rect:
    """The rectangle :func:`text` fills drawing ``words`` at ``size`` with its ``anchor`` at
    ``pos``."""
    spot = pygame.Rect((0, 0), text_size(words, size))
    setattr(spot, anchor, pos)
    return spot


def _whole(words: str, size: int, width: int) -> bool:
    """Whether ``words`` fit ``width`` pixels whole (drawn at most a fifth smaller)."""
    return not textlayer.fit(words, size, width)[2]


def _optional(placer: Placer, others: list[pygame.Rect], image: pygame.Surface, words: str,
              pos: tuple[int, int], size: int, colour: Colour, width: int,
              anchor: str = "topleft", full: str | None = None) -> bool:
    """Draw ``words`` (a tile's word that may be left out) at ``pos`` when they fit
    ``width`` whole and cover none of ``others`` (the tokens held and the other tiles'
    words: a tile's own words are laid out apart), and keep them clear; returns whether
    they were drawn.  ``full``: the whole name ``words`` shortens."""
    shown, used, cut = textlayer.fit(words, size, width)
    if cut or _spot(shown, pos, used, anchor).collidelist(others) >= 0:
        return False
    _kept(placer, image, words, pos, size, colour, anchor=anchor, max_width=width, full=full)
    return True


def poi_words(tile: Tile) -> str:
    """``tile``'s Point of Interest in the rulebook's words: "Point of Interest 4" (a
    number), or the name on a line of its own ("Point of Interest:" then "Ash Reliquary").
    Never shortened to "PoI": the rulebook's words read better than a code, and in the font
    as pygame ships it (before the window gives its I serifs, ``ui/widgets/fontfile.py``) it
    reads "Pol"."""
    if tile.poi_number is not None:
        return f"Point of Interest {tile.poi}"
    return f"Point of Interest:\n{tile.poi}"


def _fact_plate(image: pygame.Surface, box: pygame.Rect, facts: list[str], size: int,
                boxes: list[pygame.Rect], words: list[pygame.Rect],
                placer: Placer) -> pygame.Rect | None:
    """The facts of a tile too small to hold them (its Point of Interest, its Cipher) on a
    light plate just outside the tile (below it, else above, right or left: the first spot on
    the picture that covers no tile, no path stub and no word placed before; else the least
    crowded of those covering none of ``words``, the words and plates placed so far), each
    line of a fact whole on its own line, as the Clash tile names are placed.  Returns the
    plate, or ``None`` when every spot would cover a word (a small window's crowded map):
    the facts are then left to the tile's tooltip."""
    lines = [line for fact in facts for line in fact.split("\n")]
    width = max(text_size(line, size)[0] for line in lines) + 8
    plate = pygame.Rect(0, 0, width, (size + 1) * len(lines) + 4)
    spots = []
    for anchor, point in (("topleft", (box.x, box.bottom + 2)),
                          ("bottomleft", (box.x, box.y - 2)),
                          ("topleft", (box.right + 2, box.y)),
                          ("topright", (box.x - 2, box.y))):
        setattr(plate, anchor, point)
        spots.append(_within(placer, plate))
    inside = placer.bounds or image.get_rect()
    clear = [spot for spot in spots if inside.contains(spot) and spot.collidelist(boxes) < 0]
    placed = next((spot for spot in clear or spots if placer.free(spot)), None)
    if placed is None:  # crowded: the spot covering least, of those covering no word
        wordless = [spot for spot in clear or spots if spot.collidelist(words) < 0] or \
            [spot for spot in spots if spot.collidelist(words) < 0]
        if not wordless:
            return None
        placed = min(wordless, key=placer.crowding)
    placer.block(placed)
    pygame.draw.rect(image, PLATE, placed, border_radius=3)
    pygame.draw.rect(image, FRONT_EDGE, placed, 1, border_radius=3)
    for index, line in enumerate(lines):
        text(image, line, (placed.x + 4, placed.y + 2 + index * (size + 1)), size, INK,
             max_width=placed.width - 6, role="label")
    return placed


def _back_lines(tile: Tile, width: int, size: int, short: bool = False) -> list[str]:
    """The back symbols in lines no wider than ``width``: Time, Threat, Clues, Deep Fog
    Intensity (``short``: ``T1 H+1 C2 F3``, explained in the legend)."""
    threat = f"{tile.threat:+d}" if tile.threat else "0"
    words = ([f"T{tile.time}", f"H{threat}", f"C{tile.clues}", f"F{tile.intensity}"] if short
             else [f"Time {tile.time}", f"Thr {threat}", f"Clue {tile.clues}",
                   f"Fog {tile.intensity}"])
    lines: list[str] = []
    line = ""
    for word in words:
        trial = f"{line}  {word}" if line else word
        if line and theme.font(size).size(trial)[0] > width:
            lines.append(line)
            line = word
        else:
            line = trial
    lines.append(line)
    return lines


def _draw_overlays(surface: pygame.Surface, fit: MapFit, state: KingdomState,
                   overlays: Overlays) -> None:
    rings = {"travel": TRAVEL_RING, "backtrack": BACKTRACK_RING, "deep-fog": FOG_RING}
    width = theme.line(3)
    for kind, tile_id in overlays.options:
        if state.has_tile(tile_id) and state.tile(tile_id).rect is not None:
            ring = fit.tile_rect(state.tile(tile_id)).inflate(4, 4)
            pygame.draw.rect(surface, theme.BACKGROUND, ring.inflate(2, 2), width + 2,
                             border_radius=6)
            if RING_LOOKS[kind] == "dashed outline":
                marks.dashed_rect(surface, rings[kind], ring, width, theme.line(10))
                continue
            pygame.draw.rect(surface, rings[kind], ring, width, border_radius=6)
            if RING_LOOKS[kind] == "double outline":
                pygame.draw.rect(surface, rings[kind], ring.inflate(-2 * width - 4,
                                                                    -2 * width - 4), 1)
    if overlays.route:
        _draw_walk(surface, fit, state, overlays.route, BACKTRACK_RING, dashed=True)
    for _, walk in overlays.hunts:
        _draw_walk(surface, fit, state, walk, HUNT)
    for monster, walk in overlays.hunts:  # the ghosts over every way
        end = state.tile(walk[-1]) if state.has_tile(walk[-1]) else None
        if end is not None and end.rect is not None:
            _ghost_token(surface, fit, end, monster)
    if overlays.selected and state.has_tile(overlays.selected):
        tile = state.tile(overlays.selected)
        if tile.rect is not None:
            pygame.draw.rect(surface, SELECT_RING, fit.tile_rect(tile).inflate(8, 8), 2,
                             border_radius=8)


def _door(fit: MapFit, state: KingdomState, a: Tile, b: Tile) -> tuple[int, int]:
    """Where the way from tile ``a`` to tile ``b`` crosses between them: the edge point of
    the path joining them (either tile's), else halfway between their middles."""
    for tile, other in ((a, b), (b, a)):
        joined = paths_to(tile, other.id, ("tile", "shortcut"))
        if joined:
            return fit.path_point(tile, joined[0], 0.0)
    ca, cb = fit.tile_rect(a).center, fit.tile_rect(b).center
    return ((ca[0] + cb[0]) // 2, (ca[1] + cb[1]) // 2)


def _draw_walk(surface: pygame.Surface, fit: MapFit, state: KingdomState,
               walk: tuple[str, ...], colour: Colour, dashed: bool = False) -> None:
    """A way across the map (tile ids, start first): from each tile's middle through the
    path to the next tile, an arrow and a number at each crossing (1 the first tile
    entered), so that the numbers sit between tiles, clear of what is drawn on them;
    ``dashed`` (a Backtrack route, told from a Monster's hunt by its dashes as well as its
    colour)."""
    tiles = [state.tile(t) for t in walk if state.has_tile(t) and state.tile(t).rect is not None]
    if len(tiles) < 2:
        return
    doors = [_door(fit, state, a, b) for a, b in zip(tiles, tiles[1:], strict=False)]
    points = [fit.tile_rect(tiles[0]).center]
    for door, tile in zip(doors, tiles[1:], strict=True):
        points += [door, fit.tile_rect(tile).center]
    bounds = pygame.Rect(points[0], (1, 1)).unionall([pygame.Rect(p, (1, 1)) for p in points])
    bounds.inflate_ip(12, 12)
    line = pygame.Surface(bounds.size, pygame.SRCALPHA)  # see-through over the tiles' words
    local = [(x - bounds.x, y - bounds.y) for x, y in points]
    if dashed:
        for ink, width in ((INK, 9), (colour, 5)):
            for a, b in zip(local, local[1:], strict=False):
                for start, end in marks.dashes(a, b, 14):
                    pygame.draw.line(line, ink, start, end, width)
    else:
        pygame.draw.lines(line, INK, False, local, 9)
        pygame.draw.lines(line, colour, False, local, 5)
    line.set_alpha(190)
    surface.blit(line, bounds)
    radius = max(9, min(14, fit.cell // 8))
    head = max(8, fit.cell // 6)
    for number, (door, tile) in enumerate(zip(doors, tiles[1:], strict=True), start=1):
        target = fit.tile_rect(tile).center
        length = math.hypot(target[0] - door[0], target[1] - door[1])
        if length >= radius + 2 * head:
            ux, uy = (target[0] - door[0]) / length, (target[1] - door[1]) / length
            tip = (door[0] + ux * (radius + head + 2), door[1] + uy * (radius + head + 2))
            back = (tip[0] - ux * head, tip[1] - uy * head)
            wing = head * 0.6
            arrow = (tip, (back[0] - uy * wing, back[1] + ux * wing),
                     (back[0] + uy * wing, back[1] - ux * wing))
            pygame.draw.polygon(surface, colour, arrow)
            pygame.draw.polygon(surface, INK, arrow, 1)
        pygame.draw.circle(surface, INK, door, radius + 2)
        pygame.draw.circle(surface, colour, door, radius)
        text(surface, str(number), door, radius * 3 // 2, INK, anchor="center")


def _ghost_token(surface: pygame.Surface, fit: MapFit, tile: Tile, monster: str) -> None:
    """A see-through Monster token with its initials in the middle of a tile where a hunt
    may stop (the end of its way)."""
    radius = max(9, min(22, fit.cell // 7))
    ghost = pygame.Surface((2 * radius + 4, 2 * radius + 4), pygame.SRCALPHA)
    centre = (radius + 2, radius + 2)
    pygame.draw.circle(ghost, (*MONSTER, 150), centre, radius)
    pygame.draw.circle(ghost, (255, 255, 255, 230), centre, radius, 2)
    spot = ghost.get_rect(center=fit.tile_rect(tile).center)
    surface.blit(ghost, spot)
    initials = "".join(w[0] for w in monster.split() if w[0].isalpha())[:2].upper()
    text(surface, initials, spot.center, radius, theme.TEXT, anchor="center")


def _token_centre(box: pygame.Rect, radius: int, preferred: tuple[int, int],
                  placer: Placer) -> tuple[tuple[int, int], bool]:
    """Where a token of ``radius`` goes on the tile ``box``: ``preferred``, else the nearest
    spot along the tile's foot, then higher up, that covers none of the tile's words; on a
    tile too small for that, just outside its right, left or lower edge (the caller joins it
    to the tile with a leader line).  Returns the centre and whether it covers nothing
    placed (else it is ``preferred``)."""
    spots = []
    xs = [*range(box.x + radius + 4, box.right - radius - 3, max(2, radius // 2)),
          box.right - radius - 4]  # the far corner too, where the step does not land on it
    for y in range(box.bottom - radius - 4, box.y + radius, -radius):
        for x in xs:
            spots.append((abs(y - preferred[1]) * 4 + abs(x - preferred[0]), (x, y)))
    outside = [(box.right + radius + 3, preferred[1]), (box.x - radius - 3, preferred[1]),
               (preferred[0], box.bottom + radius + 3)]
    square = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    for centre in [preferred, *(spot for _, spot in sorted(spots)), *outside]:
        square.center = centre
        if placer.free(square):
            placer.block(square)
            return centre, True
    return preferred, False


def _token_places(fit: MapFit, state: KingdomState,
                  placer: Placer
                  ) -> list[tuple[str | None, pygame.Rect, tuple[int, int], bool]]:
    """Where the Party marker (``None``, none while the party is in the Deep Fog) and each
    Encounter Monster token (its name) go: ``(name, tile box, centre, clear)``, each
    covering nothing ``placer`` holds where a spot allows (see :func:`_token_centre`)."""
    radius = _token_radius(fit)
    places = []
    party = state.tile(state.party)
    if party.rect is not None and state.fog is None:
        box = fit.tile_rect(party)
        places.append((None, box, *_token_centre(box, radius,
                                                (box.centerx, box.bottom - radius - 4),
                                                placer)))
    by_tile: dict[str, list[str]] = {}
    for token in state.monsters:
        by_tile.setdefault(token.tile, []).append(token.monster)
    for tile_id, names in by_tile.items():
        tile = state.tile(tile_id)
        if tile.rect is None:
            continue
        box = fit.tile_rect(tile)
        for i, name in enumerate(names):
            places.append((name, box, *_token_centre(
                box, radius, (box.right - radius - 4 - i * (2 * radius + 2),
                              box.bottom - radius - 4), placer)))
    return places


def _token_radius(fit: MapFit) -> int:
    """The radius of the Party marker and the Monster tokens."""
    return max(9, min(22, fit.cell // 7))


def _leader(surface: pygame.Surface, box: pygame.Rect, centre: tuple[int, int]) -> None:
    """A short line from a token placed outside its tile ``box`` to the tile's edge."""
    if not box.collidepoint(centre):
        edge = (min(max(centre[0], box.x), box.right - 1), min(max(centre[1], box.y),
                                                               box.bottom - 1))
        pygame.draw.line(surface, INK, centre, edge, 3)


def _draw_tokens(surface: pygame.Surface, fit: MapFit, state: KingdomState,
                 stubs: tuple[pygame.Rect, ...] = ()) -> None:
    """The Party marker and the Encounter Monster tokens on their tiles, each where it covers
    none of the words already drawn there (the tile's name and facts) and none of the path
    ``stubs`` (the map layer leaves a token room, see :func:`_map_layer`)."""
    radius = _token_radius(fit)
    placer = Placer()
    for drawn in textlayer.drawn():
        placer.block(drawn.rect)
    for stub in stubs:
        placer.block(stub.inflate(2 * STUB_GAP, 2 * STUB_GAP))
    party = state.tile(state.party)
    if party.rect is not None and state.fog is not None:  # the reminder token in the Fog
        box = fit.tile_rect(party)
        pygame.draw.circle(surface, (235, 235, 235), (box.centerx, box.bottom - radius - 4),
                           radius // 2 + 3)
    for name, box, centre, _ in _token_places(fit, state, placer):
        _leader(surface, box, centre)
        if name is None:
            pygame.draw.circle(surface, PARTY, centre, radius)
            pygame.draw.circle(surface, INK, centre, radius, 2)
            text(surface, "P", centre, radius * 3 // 2, INK, anchor="center")
            continue
        pygame.draw.circle(surface, MONSTER, centre, radius)
        pygame.draw.circle(surface, INK, centre, radius, 2)
        initials = "".join(w[0] for w in name.split() if w[0].isalpha())[:2].upper()
        text(surface, initials, centre, radius, theme.TEXT, anchor="center", full=name,
             role="label")


def draw_track(surface: pygame.Surface, rect: pygame.Rect, state: KingdomState) -> None:
    """The Kingdom track: a row of spaces per statistic, the marker's space lit, the Threat
    track's Hunt Spaces marked with the tiles they move."""
    pygame.draw.rect(surface, theme.PANEL, rect)
    t = state.track
    rows = (("Threat", t.threat, t.threat_max), ("Curse", t.curse, t.curse_max),
            ("Time", t.time, t.time_max))
    label_w = theme.ui(70)
    small = theme.ui(12)
    row_h = (rect.height - 8) // 3
    for i, (name, value, top) in enumerate(rows):
        y = rect.y + 4 + i * row_h
        text(surface, f"{name} {value}/{top}", (rect.x + 6, y + row_h // 2), theme.ui(15),
             theme.TEXT, anchor="midleft", max_width=label_w + 20)
        width = max(8, min(theme.ui(34), (rect.width - label_w - 30) // (top + 1)))
        for space in range(top + 1):
            box = pygame.Rect(rect.x + label_w + 24 + space * width, y + 1, width - 2, row_h - 3)
            lit = space == value
            colour = theme.ACCENT if lit else theme.BUTTON
            pygame.draw.rect(surface, colour, box)
            if name == "Threat" and t.hunt_tiles(space):
                pygame.draw.rect(surface, HUNT, box, 2)
                text(surface, f"H{t.hunt_tiles(space)}", box.center, small,
                     INK if lit else theme.TEXT, anchor="center", max_width=box.width,
                     full=f"Hunt Space: landing here moves every Monster token "
                          f"{t.hunt_tiles(space)} tile{'s' if t.hunt_tiles(space) > 1 else ''}")
            elif name == "Threat" and space == 7:  # the first time here, a Monster spawns
                pygame.draw.rect(surface, SPAWN, box, 2)
                text(surface, "7", box.center, small, INK if lit else theme.TEXT,
                     anchor="center")
            else:
                text(surface, str(space), box.center, small, INK if lit else theme.TEXT_DIM,
                     anchor="center", max_width=box.width)


def draw_side(surface: pygame.Surface, rect: pygame.Rect, state: KingdomState) -> None:
    """The District Wheel, the effect spaces, the decks, the Clues and the waiting question."""
    pygame.draw.rect(surface, theme.PANEL, rect)
    radius = min(rect.width // 2 - 14, theme.ui(80))
    name_size, monster_size = theme.ui(13), theme.ui(12)
    centre = (rect.centerx, rect.y + radius + theme.ui(24))
    text(surface, "District Wheel", (rect.x + 8, rect.y + 4), theme.ui(16), theme.TEXT)
    n = max(1, len(state.districts))
    for i, district in enumerate(state.districts):
        a0 = -math.pi / 2 + 2 * math.pi * i / n
        a1 = -math.pi / 2 + 2 * math.pi * (i + 1) / n
        points = [centre] + [(centre[0] + radius * math.cos(a0 + (a1 - a0) * k / 12),
                              centre[1] + radius * math.sin(a0 + (a1 - a0) * k / 12))
                             for k in range(13)]
        pygame.draw.polygon(surface, district_colour(state, district.name), points)
        pygame.draw.polygon(surface, INK, points, 1)
        mid = (a0 + a1) / 2
        label = (centre[0] + radius * 0.62 * math.cos(mid), centre[1] + radius * 0.62 *
                 math.sin(mid))
        names = (wrap(district.monster, monster_size, max(radius * 4 // 5, theme.ui(56)))
                 if district.monster else ())
        top = round(label[1]) - monster_size * len(names) // 2
        text(surface, district.symbol or district.name, (round(label[0]), top), name_size, INK,
             anchor="center", max_width=radius, role="label")
        for index, line in enumerate(names):
            text(surface, line, (round(label[0]), top + name_size + monster_size * index),
                 monster_size, (120, 10, 10), anchor="center", max_width=radius,
                 role="label")
    here = state.tile(state.party).district
    y = centre[1] + radius + theme.ui(10)
    lines = [f"Party's district: {here} ({state.district_monster() or 'no Monster'})",
             f"Active effect: {state.active or 'empty'}"]
    lines += [f"District effect: {d}: {c}" for d, c in state.district_effects]
    lines += [f"Exploration deck: {_deck_count(len(state.exploration_cards), state.exploration)}",
              f"Deep Fog deck: {_deck_count(len(state.fog_deck), state.fog_unlisted)} "
              f"(discarded {state.fog_discard})",
              "Clues found: " + _clue_counts(state.clues, CLUE_TYPES)]
    lines += [f"{k.name}: {_clue_counts(k.clues, k.collects)}" for k in state.knights]
    size = theme.ui(14)
    y += block(surface, lines, pygame.Rect(rect.x + 8, y, rect.width - 14, rect.bottom - y),
               size, theme.TEXT_DIM, step=size + 1)
    if state.pending and rect.bottom - y > 3 * size:
        y += 6
        y += block(surface, "Waiting for the players:", pygame.Rect(rect.x + 8, y,
                   rect.width - 14, size + 3), theme.ui(15), theme.ACCENT)
        block(surface, state.pending[0].text, pygame.Rect(rect.x + 8, y, rect.width - 14,
              rect.bottom - y), size, theme.TEXT, step=size + 1, max_lines=8)


def _deck_count(listed: int, unlisted: int) -> str:
    """``12`` or ``12 (3 listed)`` / ``12 (unlisted)``: a deck's size and what is known."""
    total = listed + unlisted
    if listed and unlisted:
        return f"{total} ({listed} listed, {unlisted} unlisted)"
    return f"{total} ({'listed' if listed else 'unlisted'})" if total else "empty"


def _clue_counts(counts: tuple[int, ...], kinds: tuple[str, ...]) -> str:
    """``1 err, 0 mys``: Clue tokens of the ``kinds`` given."""
    return ", ".join(f"{n} {k[:3]}" for k, n in zip(CLUE_TYPES, counts, strict=True)
                     if k in kinds)


FOG_CARD = (190, 194, 206)
FOG_DOWN = (90, 94, 110)


def fog_heading_size(rect: pygame.Rect) -> int:
    """The text size of the Deep Fog's two heading lines over a map of ``rect``: 17 pixels
    on a map up to about 1000 wide, growing with it to 22 (a 1920 x 1080 window)."""
    return max(17, min(22, rect.width // 56))


def draw_fog(surface: pygame.Surface, rect: pygame.Rect, state: KingdomState,
             selected: tuple[int, int] | None) -> list[Hit]:
    """The Deep Fog grid over the map: cards face up (name and value) or face down, the
    current path joined by a line, the Party marker on its last card."""
    fog = state.fog
    assert fog is not None
    veil = pygame.Surface((max(1, rect.width), max(1, rect.height)), pygame.SRCALPHA)
    veil.fill((200, 204, 214, 235))
    surface.blit(veil, rect.topleft)
    cover(surface, rect)
    drawing = next((tuple(int(v) for v in p.subject.split(",")) for p in state.pending
                    if p.kind == "fog-card"), None)
    xs = [c.x for c in fog.cards] + [0] + ([drawing[0]] if drawing else [])
    ys = [c.y for c in fog.cards] + [0] + ([drawing[1]] if drawing else [])
    cols, rows = max(xs) - min(xs) + 3, max(ys) - min(ys) + 3
    head = fog_heading_size(rect)
    below_heading = 8 + 2 * line_height(head) + 6
    cell = max(30, min(130, (rect.width - 20) // cols, (rect.height - below_heading - 10) // rows))
    left = rect.centerx - cell * cols // 2 + cell * (1 - min(xs))
    top = rect.y + below_heading + cell * (1 - min(ys))
    target = state.tile(fog.target)
    need = target.intensity
    aim = target.name or target.id
    text(surface, f"Deep Fog toward {aim}: path {len(fog.path)}/{need} cards, heading "
                  f"{fog.heading}, corrections {fog.corrections}, Half-cup "
                  f"{'yes' if fog.half_cup else 'no'}, Full Cups {fog.full_cups}",
         (rect.x + 10, rect.y + 8), head, INK, max_width=rect.width - 20)
    value = sum(c.card.value for c in fog.path_cards) + fog.full_cups
    text(surface, f"Deep Fog Value so far: {value} (4 is Flawless)",
         (rect.x + 10, rect.y + 8 + line_height(head)), head - 1, INK,
         max_width=rect.width - 20)
    hits = []
    for placed in fog.cards:
        box = pygame.Rect(left + placed.x * cell + 3, top + placed.y * cell + 3, cell - 6,
                          cell - 6)
        pygame.draw.rect(surface, FOG_CARD if placed.face_up else FOG_DOWN, box, border_radius=5)
        pygame.draw.rect(surface, INK, box, 2, border_radius=5)
        if placed.face_up:
            _fog_card_words(surface, box, placed.card, cell)
        if (placed.x, placed.y) == selected:
            pygame.draw.rect(surface, SELECT_RING, box.inflate(6, 6), 3, border_radius=7)
        hits.append(Hit(box, "fog", (placed.x, placed.y)))
    if drawing is not None:  # the card the players are describing: not on the path yet
        box = pygame.Rect(left + drawing[0] * cell + 3, top + drawing[1] * cell + 3, cell - 6,
                          cell - 6)
        pygame.draw.rect(surface, FOG_CARD, box, 2, border_radius=5)
        text(surface, "?", box.center, max(16, cell // 3), INK, anchor="center")
    points = [(left + x * cell + cell // 2, top + y * cell + cell // 2) for x, y in fog.path]
    if len(points) > 1:
        pygame.draw.lines(surface, PARTY, False, points, 4)
    if points:
        spot = (points[-1][0] + cell // 4, points[-1][1] + cell // 5)
        pygame.draw.circle(surface, PARTY, spot, max(8, cell // 8))
        pygame.draw.circle(surface, INK, spot, max(8, cell // 8), 2)
    return hits


def _fog_card_words(surface: pygame.Surface, box: pygame.Rect, card: FogCard,
                    cell: int) -> None:
    """A face-up Deep Fog card's words on its ``box``: its Deep Fog Value in the middle,
    always; its name (up to two lines) above it and its Hazard Effect under it, each only
    where it fits whole clear of the value.  A card too small for them all (a small window)
    shows the value, and the card's tooltip says the whole."""
    name, note = max(14, min(18, cell // 7)), max(12, min(15, cell // 9))
    value = text(surface, str(card.value), (box.centerx, box.centery + 6), max(16, cell // 3),
                 INK, anchor="center")
    whole = True
    step = line_height(name) - 2
    room = sum(1 for i in range(2) if box.y + 4 + i * step + text_size("Ag", name)[1]
               <= value.top)
    lines, cut = _name_lines(card.name, name, box.width + 2, room)
    whole &= not cut
    for i, line in enumerate(lines):
        text(surface, line, (box.x + 4, box.y + 4 + i * step), name, INK,
             max_width=box.width - 8, full=card.name if cut and i == len(lines) - 1 else None)
    if card.hazard:
        y = box.bottom - note - 4
        if y >= value.bottom and _whole(card.hazard, note, box.width - 8):
            text(surface, card.hazard, (box.x + 4, y), note, (120, 20, 20),
                 max_width=box.width - 8)
        else:
            whole = False
    if not whole:
        textlayer.tooltip(surface, box, f"{card.name}: Deep Fog Value {card.value}"
                          + (f"; {card.hazard}" if card.hazard else ""))
