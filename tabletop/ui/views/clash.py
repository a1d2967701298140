"""The Clash Board drawn as players know it (rulebook *Basic Clash Terms*, *Monster Facing*,
*Terrain*).

Rows are lettered along the left and right edges (the short edges of the 12 x 18 Clash
Board), columns numbered along the top and bottom (the long edges).  Knights are round tokens
in their colours with their names; Monsters cover their whole footprint with a facing arrow,
their front edge drawn bold, their rear spaces and blindspots marked.  Terrain tiles are
drawn by keyword (see :data:`TERRAIN_LOOK` and the legend).

:func:`draw_clash` is a function of the state plus the overlays (selection, reachable spaces,
a LoS line, zones ...): nothing here changes state.  Static layers (board, labels, terrain,
pieces) are cached in a :class:`ClashLayers` and rebuilt only when the state's parts they show
or the size change; per frame only the overlays are drawn.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import pairwise

import pygame

from tabletop.games.clash.state import ClashState, Knight, Monster, Terrain
from tabletop.spatial.grid import Space, row_letters
from tabletop.ui.facades.clash import free_vantage_points, vantage_spaces
from tabletop.ui.textlayer import (
    READABLE,
    Placer,
    block,
    cover,
    fit,
    paste,
    rendered,
    tooltip,
    wrap_at_most,
)
from tabletop.ui.views import marks
from tabletop.ui.views.base import (
    Grid,
    LayerCache,
    dashed_line,
    edge_label_gap,
    edge_label_size,
    layer,
    text,
    text_size,
    wrap,
)
from tabletop.ui.views.marks import Swatch
from tabletop.ui.widgets import theme

Colour = tuple[int, int, int]

BOARD_LIGHT: Colour = (222, 212, 184)
BOARD_DARK: Colour = (211, 200, 170)
GRID_LINE: Colour = (150, 138, 108)
LABEL: Colour = (205, 205, 196)

KNIGHT_COLOURS: tuple[Colour, ...] = theme.KNIGHT_COLOURS
"""Knight token colours (Okabe-Ito), given out in layout order; each token carries its
Knight's initials too."""

BOSS: Colour = (140, 38, 38)
MOB: Colour = (170, 90, 40)
FRONT_EDGE: Colour = (255, 215, 60)


@dataclass(frozen=True)
class TerrainLook:
    """How one Terrain keyword is drawn: a fill (``None``: keep the tile's other fill), and a
    mark: ``hatch`` (diagonal lines), ``dots``, ``dashed`` or ``double`` border."""

    meaning: str
    fill: Colour | None
    mark: str = ""
    ink: Colour = (60, 55, 50)


TERRAIN_LOOK: dict[str, TerrainLook] = {
    "chasm": TerrainLook("chasm (dark): no piece enters", (28, 30, 44), "", (90, 95, 130)),
    "obstacle": TerrainLook("obstacle (grey): no piece enters", (128, 124, 118), ""),
    "boundless": TerrainLook("boundless (violet): no entry", (104, 78, 140), ""),
    "obscuring": TerrainLook("obscuring (hatched): blocks LoS", None, "hatch", (45, 42, 40)),
    "difficult": TerrainLook("difficult (dots): 1 less move", (186, 160, 112), "dots",
                             (95, 70, 40)),
    "destructible": TerrainLook("destructible: dashed border", None, "dashed", (60, 30, 20)),
    "indestructible": TerrainLook("indestructible: double border", None, "double",
                                  (30, 30, 30)),
}
"""Terrain keywords in drawing order: the first keyword with a fill gives the tile's colour."""

PLAIN_TERRAIN: Colour = (176, 168, 140)

CAPTION_ROOM = 72
"""Pixels the caption box may take at the foot of the board area (3 lines)."""

REACH: tuple[int, int, int, int] = (*theme.REACH, 95)
REACH_LATER: tuple[int, int, int, int] = (*theme.REACH, 40)
"""Reachable spaces of a Knight that cannot move now (faint, hollow rings): for later."""
FRONT: tuple[int, int, int, int] = (*theme.OKABE_ITO["yellow"], 70)
REAR: tuple[int, int, int, int] = (*theme.OKABE_ITO["orange"], 120)
BLIND: tuple[int, int, int, int] = (*theme.OKABE_ITO["reddish purple"], 120)
ZONE: tuple[int, int, int, int] = (*theme.OKABE_ITO["bluish green"], 85)
SEEN: tuple[int, int, int, int] = (*theme.SEEN, 110)
AREA_PATTERNS: dict[str, tuple[str, Colour]] = {
    "zone": ("rows", theme.OKABE_ITO["bluish green"]),
    "seen": ("hatch", theme.SEEN_EDGE),
}
"""The pattern over a tinted area whose tint alone would carry its meaning: the spaces a
Monster sees (hatched in dark blue) and a zone (rows in bluish green); reach has its dots,
rear spaces their dashes, blindspots their crossed-out eye."""
CLEAR_LINE: Colour = theme.CLEAR_LINE
BLOCKED_LINE: Colour = theme.BLOCKED_LINE
HOVER: Colour = (255, 255, 255)
CURSOR: Colour = (0, 220, 255)
SELECTED: Colour = (255, 225, 60)


@dataclass(frozen=True)
class SightLine:
    """A LoS line to draw: ``clear`` (a solid blue line) or not (a dashed vermillion line,
    ``blocker`` crossed out), the segment in corner coordinates, and the caption lines under
    the board."""

    clear: bool
    line: tuple[tuple[int, int], tuple[int, int]] | None
    blocker: Space | None
    target: tuple[Space, ...]
    caption: tuple[str, ...] = ()


@dataclass(frozen=True)
class ClashOverlays:
    """Everything drawn over the cached layers (all optional)."""

    selected: str | None = None
    reach: frozenset[Space] = frozenset()
    reach_now: bool = True
    front: frozenset[Space] = frozenset()
    rear: frozenset[Space] = frozenset()
    blind: frozenset[Space] = frozenset()
    zone: frozenset[Space] = frozenset()
    seen: frozenset[Space] = frozenset()
    sight: SightLine | None = None
    hover: Space | None = None
    cursor: Space | None = None
    ghost: tuple[Space, ...] = ()
    caption: tuple[str, ...] = ()


@dataclass(frozen=True)
class PieceMarks:
    """Per-Monster marks drawn with the pieces: rear spaces and blindspots (all Monsters)."""

    rear: frozenset[Space] = frozenset()
    blind: frozenset[Space] = frozenset()


@dataclass
class ClashLayers:
    """The cached static layers of one view (board + terrain; pieces; area overlays)."""

    cache: LayerCache = field(default_factory=LayerCache)


def knight_colour(state: ClashState, name: str) -> Colour:
    """The token colour of Knight ``name`` (by its place in the layout)."""
    for index, knight in enumerate(state.knights):
        if knight.name == name:
            return colour_at(index)
    return KNIGHT_COLOURS[0]


def colour_at(index: int) -> Colour:
    """The token colour of the Knight at place ``index`` of the layout (a board's layers,
    which draw every Knight, take it by place: looking each up by name would take time in
    the square of the number of Knights)."""
    return KNIGHT_COLOURS[index % len(KNIGHT_COLOURS)]


def terrain_fill(tile: Terrain) -> Colour:
    """The fill colour of ``tile``: the first of its keywords (in :data:`TERRAIN_LOOK`
    order) that has one."""
    for keyword, look in TERRAIN_LOOK.items():
        if look.fill is not None and tile.has(keyword):
            return look.fill
    return PLAIN_TERRAIN


def grid_for(rect: pygame.Rect, state: ClashState) -> Grid:
    """The grid of ``state``'s board fitted into ``rect`` (room for edge labels)."""
    return Grid.fit(rect, state.board.rows, state.board.cols)


PIECE_LEGEND: tuple[tuple[Colour | Swatch, str], ...] = (
    (BOSS, "boss Monster (arrow: facing, yellow: front edge)"),
    (MOB, "mob Monster"),
    (Swatch(REAR[:3], "dashed", (200, 100, 0)), "rear space (orange dashes)"),
    (BLIND[:3], "blindspot (crossed-out eye)"),
    (Swatch(REACH[:3], "dots", (30, 80, 200)), "where the selected Knight can move (dots)"),
    ((30, 130, 60), "Knight's Vigor (top right), Heat (right), Passion (left); bar: knocked "
                    "down"),
)

VP_FREE: Colour = (250, 250, 240)
VP_TAKEN: Colour = (90, 200, 255)
VP_LOCKED: Colour = (120, 116, 110)
DIVINE: Colour = (255, 200, 40)
VANTAGE_LEGEND: tuple[tuple[Colour, str], ...] = (
    (VP_FREE, "Vantage Point: white ring free, blue ring taken, grey dashed ring + lock "
              "locked"),
    (DIVINE, "Divine Target token (gold star on the Knight)"),
)


def legend(state: ClashState) -> list[tuple[Colour, str]]:
    """Legend rows: the pieces and marks, then the Terrain keywords used on the board."""
    used = {k for tile in state.terrain for k in tile.keywords}
    kinds = {m.kind for m in state.monsters}
    boss, mob, rear, blind, reach, tracks = PIECE_LEGEND
    rows = [row for row, shown in ((boss, "boss" in kinds), (mob, "mob" in kinds),
                                   (rear, bool(kinds)),
                                   (blind, any(m.blindspots for m in state.monsters)),
                                   (reach, bool(state.knights)),
                                   (tracks, bool(state.knights))) if shown]
    vp, divine = VANTAGE_LEGEND
    if any(m.vantage_points for m in state.monsters) or any(k.vantage for k in state.knights):
        rows.append(vp)
    if state.turn.divine:
        rows.append(divine)
    if any(m.activations for m in state.monsters):
        rows.append((Swatch(TOKEN_READY, "disc"), "Activation token: A for AI, S for "
                                                  "Signature; filled disc ready, hollow ring "
                                                  "spent"))
    for keyword, look in TERRAIN_LOOK.items():
        if keyword not in used:
            continue
        pattern = {"hatch": "hatch", "dots": "dots", "dashed": "dashed",
                   "double": "double"}.get(look.mark, "fill")
        rows.append((Swatch(look.fill or PLAIN_TERRAIN, pattern, look.ink), look.meaning))
    return rows


# -- static layers ------------------------------------------------------------------------


def _board_layer(target: pygame.Surface, rect: pygame.Rect, grid: Grid,
                 state: ClashState) -> pygame.Surface:
    surface = pygame.Surface(rect.size)
    surface.fill(theme.BACKGROUND)
    local = Grid(grid.rows, grid.cols, grid.cell, grid.left - rect.x, grid.top - rect.y)
    view = surface.get_rect()  # zoomed in, only what is in view is drawn
    _checkerboard(surface, local, local.spaces_in(view))
    near = view.inflate(2 * grid.cell, 2 * grid.cell)
    shown = [t for t in state.terrain if local.block(t.spaces).colliderect(near)]
    for tile in shown:
        _draw_tile(surface, local, tile)
    board = local.rect
    for col in range(grid.cols + 1):
        x = board.x + col * grid.cell
        pygame.draw.line(surface, GRID_LINE, (x, board.y), (x, board.bottom - 1))
    for row in range(grid.rows + 1):
        y = board.y + row * grid.cell
        pygame.draw.line(surface, GRID_LINE, (board.x, y), (board.right - 1, y))
    pygame.draw.rect(surface, (70, 62, 45), board.inflate(4, 4), 2)
    _draw_edge_labels(surface, local)
    return surface


def _checkerboard(surface: pygame.Surface, grid: Grid, spaces: list[Space]) -> None:
    """The light and dark spaces of ``spaces`` (a block of whole rows and columns, row by row,
    as :meth:`Grid.spaces_in` gives them): its first two rows drawn once, space by space, and
    copied down the block two rows at a time (each fill costs about as much per row of
    pixels as a copy of the whole width, so this is the same picture for a tenth of the
    time on a large board)."""
    if not spaces:
        return
    first, last = spaces[0], spaces[-1]
    rows, cols = last.row - first.row + 1, last.col - first.col + 1
    pair = pygame.Surface((cols * grid.cell, min(2, rows) * grid.cell))
    for row in range(min(2, rows)):
        for col in range(cols):
            light = (first.row + row + first.col + col) % 2 == 0
            pair.fill(BOARD_LIGHT if light else BOARD_DARK,
                      (col * grid.cell, row * grid.cell, grid.cell, grid.cell))
    for row in range(0, rows, 2):
        at = grid.space_rect(Space(first.row + row, first.col)).topleft
        surface.blit(pair, at, (0, 0, pair.get_width(), min(2, rows - row) * grid.cell))


def _draw_tile(surface: pygame.Surface, grid: Grid, tile: Terrain) -> None:
    fill = terrain_fill(tile)
    cells = set(tile.spaces)
    looks = [look for keyword, look in TERRAIN_LOOK.items() if tile.has(keyword)]
    patterns = [look for look in looks if look.mark in ("hatch", "dots")]
    outlines = [look for look in looks if look.mark in ("dashed", "double")]
    for space in tile.spaces:
        box = grid.space_rect(space)
        surface.fill(fill, box)
        for look in patterns:
            _pattern(surface, box, look.mark, look.ink)
    for look in outlines:
        _outline(surface, grid, cells, look.ink, look.mark)
    if not outlines:
        _outline(surface, grid, cells, (70, 62, 50), "solid")


def _pattern(surface: pygame.Surface, box: pygame.Rect, mark: str, ink: Colour) -> None:
    step = max(5, box.width // 5)
    if mark == "hatch":
        clip = surface.get_clip()
        surface.set_clip(box.clip(clip) if clip else box)
        for offset in range(-box.height, box.width, step):
            pygame.draw.line(surface, ink, (box.x + offset, box.bottom),
                             (box.x + offset + box.height, box.y), 1 if box.width < 40 else 2)
        surface.set_clip(clip)
    elif mark == "dots":
        radius = max(1, box.width // 18)
        for y in range(box.y + step // 2, box.bottom, step):
            for x in range(box.x + step // 2 + (y // step % 2) * step // 2, box.right, step):
                pygame.draw.circle(surface, ink, (x, y), radius)


def _outline(surface: pygame.Surface, grid: Grid, cells: set[Space], ink: Colour,
             style: str) -> None:
    """The outer border of the spaces ``cells`` (edges not shared with another cell)."""
    width = max(2, grid.cell // 16)
    for space in cells:
        box = grid.space_rect(space)
        edges = []
        if space.step(0, -1) not in cells:
            edges.append((box.topleft, (box.right - 1, box.y)))
        if space.step(0, 1) not in cells:
            edges.append(((box.x, box.bottom - 1), (box.right - 1, box.bottom - 1)))
        if space.step(-1, 0) not in cells:
            edges.append((box.topleft, (box.x, box.bottom - 1)))
        if space.step(1, 0) not in cells:
            edges.append(((box.right - 1, box.y), (box.right - 1, box.bottom - 1)))
        for start, end in edges:
            if style == "dashed":
                dashed_line(surface, ink, start, end, width, max(3, grid.cell // 6))
            else:
                pygame.draw.line(surface, ink, start, end, width)
        if style == "double":
            inner = box.inflate(-2 * width - 4, -2 * width - 4)
            if inner.width > 4:
                pygame.draw.rect(surface, ink, inner, 1)


def _label_tile(surface: pygame.Surface, grid: Grid, tile: Terrain, placer: Placer) -> None:
    """The tile's name on a small plate at the top of its first row of spaces, else of the
    first row where it overprints no other label (when the spaces are big enough); with no
    free row, the name is a tooltip over the tile."""
    if grid.cell < 26:
        return
    size = max(10, min(theme.ui(15), grid.cell // 3))
    spots = []
    for row in sorted({s.row for s in tile.spaces}):
        cells = [s for s in tile.spaces if s.row == row]
        first, last = grid.space_rect(min(cells)), grid.space_rect(max(cells))
        span = pygame.Rect(first.x, first.y, last.right - first.x, first.height)
        width = max(span.width - 4, grid.cell * 2)
        words, _ = wrap_at_most(tile.name, size, width, 2)
        plate = pygame.Rect(0, 0, min(width, max(text_size(w, size)[0] for w in words) + 8),
                            size * len(words) + 4)
        for y in (span.y + 2, span.bottom - plate.height - 2):
            for dx in (0, -plate.width // 4, plate.width // 4):
                plate.midtop = (span.centerx + dx, y)
                spots.append((pygame.Rect(plate), words))
    rows = sorted({s.row for s in tile.spaces})
    top, bottom = (grid.space_rect(min(s for s in tile.spaces if s.row == r)) for r in
                   (rows[0], rows[-1]))
    for anchor, y in (("midbottom", top.y - 1), ("midtop", bottom.bottom + 1)):
        plate = pygame.Rect(spots[0][0])  # just outside the tile, above or below it
        setattr(plate, anchor, (spots[0][0].centerx, y))
        spots.append((plate, spots[0][1]))
    placed = placer.place(*(spot for spot, _ in spots))
    if placed is None:
        tooltip(surface, grid.space_rect(min(tile.spaces)), tile.name)
        return
    words = next(words for spot, words in spots if spot == placed)
    backing = pygame.Surface(placed.size, pygame.SRCALPHA)
    backing.fill((255, 250, 235, 200))
    surface.blit(backing, placed)
    for index, word in enumerate(words):
        text(surface, word, (placed.centerx, placed.y + 2 + index * size), size, (40, 34, 26),
             anchor="midtop", max_width=placed.width - 4, role="label",
             plate=placed if len(words) == 1 else None,
             full=tile.name if word.endswith("…") else None)


def _draw_edge_labels(surface: pygame.Surface, grid: Grid) -> None:
    """Row letters along the left and right edges, column numbers along the top and bottom;
    on small spaces only every n-th label, so that labels never overlap."""
    board = grid.rect
    size = edge_label_size(grid.cell)
    gap = edge_label_gap(size)
    view = surface.get_rect().inflate(4 * size, 4 * size)  # zoomed in: those in view only
    row_step = -(-(size + 2) // grid.cell)
    for row in range(0, grid.rows, row_step):
        y = board.y + row * grid.cell + grid.cell // 2
        if not view.y <= y <= view.bottom:
            continue
        letters = row_letters(row)
        for x, anchor in ((board.x - gap - 2, "midright"), (board.right + gap + 2, "midleft")):
            if view.x <= x <= view.right:
                text(surface, letters, (x, y), size, LABEL, anchor=anchor)
    widest = text_size(str(grid.cols), size)[0] + 4
    col_step = -(-widest // grid.cell)
    for col in range(0, grid.cols, col_step):
        x = board.x + col * grid.cell + grid.cell // 2
        if not view.x <= x <= view.right:
            continue
        number = str(col + 1)
        for y, anchor in ((board.y - gap - 1, "midbottom"), (board.bottom + gap + 1, "midtop")):
            if view.y <= y <= view.bottom:
                text(surface, number, (x, y), size, LABEL, anchor=anchor)


def _pieces_layer(rect: pygame.Rect, grid: Grid, state: ClashState,
                  marks: PieceMarks) -> pygame.Surface:
    surface = layer(rect.size)
    local = Grid(grid.rows, grid.cols, grid.cell, grid.left - rect.x, grid.top - rect.y)
    for space in marks.rear:
        _mark_rear(surface, local.space_rect(space))
    for space in marks.blind:
        _mark_blind(surface, local.space_rect(space))
    for monster in state.monsters:
        draw_monster(surface, local, monster)
        draw_vantage_points(surface, local, state, monster)
    for index, knight in enumerate(state.knights):
        draw_knight(surface, local, knight, colour_at(index), knight.name in state.turn.done)
        if knight.name == state.turn.divine:
            draw_divine(surface, local.space_rect(knight.at))
    return surface


def _labels_layer(rect: pygame.Rect, grid: Grid, state: ClashState) -> pygame.Surface:
    """Every word on the pieces and tiles, drawn over the pieces and the overlays (so a
    selection frame or a LoS line never hides a name), each placed where it overprints no
    other: first the marks fixed to their spot (track badges, token letters, "VP"), then the
    Knights' initials and names, the Monsters' names and the tiles' names."""
    surface = layer(rect.size)
    local = Grid(grid.rows, grid.cols, grid.cell, grid.left - rect.x, grid.top - rect.y)
    placer = Placer(local.rect)  # on the board: the edge letters and numbers stay clear
    for monster in state.monsters:
        draw_tokens(surface, local, monster, placer)
        _vantage_words(surface, local, state, monster, placer)
    for index, knight in enumerate(state.knights):
        box = local.space_rect(knight.at)
        badges = box.width >= 24 and _room_for_badges(box, knight, placer)
        if badges:
            _stat_badges(surface, box, knight, placer)
        _initials(surface, box, knight, placer, colour_at(index), badges)
    for knight in state.knights:
        _name_plate(surface, local.space_rect(knight.at), knight, placer)
    for knight in state.knights:  # a Knight on a Vantage Point stands on its Monster's plate
        placer.block(local.space_rect(knight.at).inflate(-local.cell // 6, -local.cell // 6))
    for monster in state.monsters:
        _monster_name(surface, local, monster, placer)
    near = surface.get_rect().inflate(3 * local.cell, 3 * local.cell)  # zoomed: what is in view
    for tile in state.terrain:
        if local.block(tile.spaces).colliderect(near):
            _label_tile(surface, local, tile, placer)
    return surface


def draw_vantage_points(surface: pygame.Surface, grid: Grid, state: ClashState,
                        monster: Monster) -> None:
    """``monster``'s Vantage Points on its plate (rulebook *Vantage Points*): a created, free
    one as a white ring with "VP", one a Knight stands on as a blue ring (under the Knight's
    token, drawn after), a locked one as a grey dashed ring with a padlock."""
    created = vantage_spaces(monster)
    free = set(free_vantage_points(state, monster))
    for space in vantage_spaces(monster, unlocked_only=False):
        box = grid.space_rect(space)
        radius = max(4, box.width * 9 // 20)
        width = max(2, box.width // 14)
        if space not in created:
            _dashed_circle(surface, VP_LOCKED, box.center, radius, width)
            _padlock(surface, box)
            continue
        colour = VP_FREE if space in free else VP_TAKEN
        pygame.draw.circle(surface, (60, 24, 24), box.center, radius)
        pygame.draw.circle(surface, (30, 30, 30), box.center, radius + 1, width + 2)
        pygame.draw.circle(surface, colour, box.center, radius, width)


def _vantage_words(surface: pygame.Surface, grid: Grid, state: ClashState, monster: Monster,
                   placer: Placer) -> None:
    """"VP" inside each free, created Vantage Point of ``monster`` (big enough spaces)."""
    free = set(free_vantage_points(state, monster))
    for space in vantage_spaces(monster):
        box = grid.space_rect(space)
        if space in free and box.width >= 18:
            drawn = text(surface, "VP", box.center, max(9, box.width // 3), VP_FREE,
                         anchor="center", role="label")
            placer.block(drawn)


def _dashed_circle(surface: pygame.Surface, colour: Colour, centre: tuple[int, int],
                   radius: int, width: int) -> None:
    """A ring of 12 dashes (a locked Vantage Point)."""
    box = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    box.center = centre
    for index in range(12):
        start = index * math.pi / 6
        pygame.draw.arc(surface, colour, box, start, start + 0.3, width)


def _padlock(surface: pygame.Surface, box: pygame.Rect) -> None:
    """A small grey padlock in the middle of ``box``: this Vantage Point is locked."""
    body = pygame.Rect(0, 0, max(6, box.width // 3), max(5, box.width // 4))
    body.midtop = (box.centerx, box.centery - body.height // 4)
    shackle = pygame.Rect(0, 0, body.width * 2 // 3, body.height)
    shackle.midbottom = (body.centerx, body.y + 2)
    pygame.draw.ellipse(surface, VP_LOCKED, shackle, max(1, body.width // 6))
    pygame.draw.rect(surface, VP_LOCKED, body, border_radius=2)
    pygame.draw.rect(surface, (40, 40, 40), body, 1, border_radius=2)


def draw_divine(surface: pygame.Surface, box: pygame.Rect) -> None:
    """The Divine Target token: a gold five-pointed star at the top-left of the Knight's
    space (rulebook *Divine Target*)."""
    outer = max(5, box.width // 5)
    cx, cy = box.x + outer + 1, box.y + outer + 1
    points = []
    for index in range(10):
        radius = outer if index % 2 == 0 else outer * 2 // 5
        angle = -math.pi / 2 + index * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    pygame.draw.polygon(surface, DIVINE, points)
    pygame.draw.polygon(surface, (90, 60, 0), points, 1)


def _mark_rear(surface: pygame.Surface, box: pygame.Rect) -> None:
    inner = box.inflate(-4, -4)
    tint = pygame.Surface(inner.size, pygame.SRCALPHA)
    tint.fill((255, 140, 0, 70))
    surface.blit(tint, inner)
    width = max(1, box.width // 20)
    for start, end in ((inner.topleft, inner.topright), (inner.topright, inner.bottomright),
                       (inner.bottomright, inner.bottomleft), (inner.bottomleft, inner.topleft)):
        dashed_line(surface, (200, 100, 0), start, end, width, max(3, box.width // 8))


def _mark_blind(surface: pygame.Surface, box: pygame.Rect) -> None:
    """A purple tint and a crossed-out eye in the space's top-left corner (left visible beside
    a Knight token standing there): the Monster cannot see a Knight here."""
    tint = pygame.Surface(box.inflate(-2, -2).size, pygame.SRCALPHA)
    tint.fill((*BLIND[:3], 90))
    surface.blit(tint, box.inflate(-2, -2))
    ink = (110, 30, 180)
    eye = pygame.Rect(box.x + 3, box.y + 3, max(8, box.width * 2 // 5), max(5, box.height // 4))
    width = max(1, box.width // 30)
    pygame.draw.ellipse(surface, (245, 235, 255), eye)
    pygame.draw.ellipse(surface, ink, eye, width)
    pygame.draw.circle(surface, ink, eye.center, max(2, eye.height // 3))
    pygame.draw.line(surface, ink, (eye.x, eye.bottom + 1), (eye.right, eye.y - 1), width + 1)


def draw_knight(surface: pygame.Surface, grid: Grid, knight: Knight, colour: Colour,
                done: bool = False) -> None:
    """A round token in ``colour`` on the Knight's space (its words, initials and name, are
    drawn with the labels); greyed when the Knight has ``done`` its turn this round."""
    if done:
        colour = tuple((c + 2 * 140) // 3 for c in colour)
    box = grid.space_rect(knight.at)
    radius = max(3, box.width * 2 // 5 - 1)
    centre = _token_centre(box)
    pygame.draw.circle(surface, (20, 20, 24), (centre[0] + 1, centre[1] + 2), radius)
    pygame.draw.circle(surface, colour, centre, radius)
    pygame.draw.circle(surface, (250, 250, 245), centre, radius, max(1, radius // 8))
    if knight.knockdown:
        _knocked_down(surface, centre, radius, knight.knockdown)


def _token_centre(box: pygame.Rect) -> tuple[int, int]:
    """The centre of a Knight's token in its space ``box`` (raised to leave room for the
    name plate on big spaces)."""
    return (box.centerx, box.centery - (box.height // 10 if box.width >= 30 else 0))


def _initials_text(knight: Knight) -> str:
    """The letters on a Knight's token: its initials, or the first two letters of a one-word
    name (a small l written as a capital)."""
    initials = "".join(part[0] for part in knight.name.split()[:2]).upper() or "?"
    if len(initials) == 1 and len(knight.name) > 1:
        initials = marks.unmistakable(knight.name[:2].title())
    return initials


def _room_for_badges(box: pygame.Rect, knight: Knight, placer: Placer) -> bool:
    """Whether the token in the space ``box`` holds ``knight``'s track badges and its
    initials beside them, on the token and clear of the labels placed before."""
    pills = [pill for _, _, pill in _badge_pills(box, knight)]
    return _initials_spot(box, knight, lambda spot: placer.free(spot)
                          and spot.collidelist(pills) < 0) is not None


def _initials_spot(box: pygame.Rect, knight: Knight, free: Callable[[pygame.Rect], bool],
                   on_token: bool = True) -> tuple[int, tuple[int, int], pygame.Rect] | None:
    """Where the initials go on the token in the space ``box``: ``(size, centre, ink)``, as
    large as they go, centred or nudged down and left, wherever ``free`` allows (and, with
    ``on_token``, the ink stays on the token); ``None`` when no such spot is free."""
    largest = max(9, box.width * 2 // 5 - 1)
    radius = max(3, box.width * 2 // 5 - 1) + 1
    cx, cy = _token_centre(box)
    initials = _initials_text(knight)
    for size in range(largest, max(8, largest * 2 // 3) - 1, -1):
        for shift in (0, 2, 4):
            centre = (box.centerx - shift, _token_centre(box)[1] + shift)
            image, inked = rendered(initials, size, (0, 0, 0))
            spot = inked.move(image.get_rect(center=centre).topleft)
            inside = all((x - cx) ** 2 + (y - cy) ** 2 <= radius * radius
                         for x in (spot.left, spot.right) for y in (spot.top, spot.bottom))
            if (inside or not on_token) and free(spot):
                return size, centre, spot
    return None


def _initials(surface: pygame.Surface, box: pygame.Rect, knight: Knight, placer: Placer,
              colour: Colour, badges: bool = True) -> None:
    """The Knight's initials on its token (in black or white, whichever reads on the token's
    ``colour``), as large as they go without touching a track badge or leaving the token;
    the full name is their tooltip, with the Knight's Vigor, Heat and Passion when no
    ``badges`` show them."""
    ink = theme.ink_on(colour)
    initials = _initials_text(knight)
    found = (_initials_spot(box, knight, placer.free)
             or _initials_spot(box, knight, placer.free, on_token=False))
    if found is None:  # hemmed in: the smallest size, nudged the most
        largest = max(9, box.width * 2 // 5 - 1)
        size = max(8, largest * 2 // 3)
        centre = (box.centerx - 4, _token_centre(box)[1] + 4)
        image, inked = rendered(initials, size, ink)
        spot = inked.move(image.get_rect(center=centre).topleft)
    else:
        size, centre, spot = found
    full = knight.name if badges else (f"{knight.name}: Vigor {knight.vigor}, Heat "
                                       f"{knight.heat}, Passion {knight.passion}")
    text(surface, initials, centre, size, ink, anchor="center", full=full, role="label")
    placer.block(spot)


def _name_plate(surface: pygame.Surface, box: pygame.Rect, knight: Knight,
                placer: Placer) -> None:
    """The Knight's name on a dark plate at the foot of its space, else just below or above
    it, wherever it overprints no other label (spaces 30 pixels and up)."""
    if box.width < 30:
        return
    size = max(10, min(theme.ui(14), box.width // 4))
    words, used, _ = fit(knight.name, size, box.width * 2 - 12)
    plate = pygame.Rect(0, 0, text_size(words, used)[0] + 6, size + 2)
    spots = []
    for anchor, y in (("midbottom", box.bottom - 1), ("midtop", box.bottom + 1),
                      ("midbottom", box.top - 1)):
        setattr(plate, anchor, (box.centerx, y))
        spots.append(pygame.Rect(plate))
    placed = placer.place(*spots)
    if placed is None:  # hemmed in: at the foot of its space, where the Monster's name keeps off
        placed = spots[0]
        placer.block(placed)
    pygame.draw.rect(surface, (25, 25, 30), placed, border_radius=3)
    text(surface, knight.name, placed.center, size, (255, 255, 255), anchor="center",
         max_width=placed.width - 4, role="label", plate=placed)


STAT_BADGES: tuple[tuple[str, Colour, str], ...] = (
    ("vigor", (30, 130, 60), "topright"), ("heat", (200, 60, 30), "midright"),
    ("passion", (130, 60, 170), "midleft"))
"""Knight tracks drawn on the token: Vigor (green, always), Heat (red) and Passion (violet)
when above 0; the legend names them."""


def _badge_pills(box: pygame.Rect, knight: Knight) -> list[tuple[str, Colour, pygame.Rect]]:
    """The track badges of ``knight``'s token in the space ``box``: ``(words, colour, pill)``
    for Vigor (always) and Heat and Passion above 0."""
    size = _badge_size(box)
    pills = []
    for stat, colour, where in STAT_BADGES:
        value = getattr(knight, stat)
        if stat != "vigor" and value == 0:
            continue
        words = str(value)
        width = max(size, text_size(words, size)[0] + 4)
        pill = pygame.Rect(0, 0, width, size + 1)
        inner = box.inflate(-2, -2)
        setattr(pill, where, getattr(inner, where))
        pills.append((words, colour, pill))
    return pills


def _badge_size(box: pygame.Rect) -> int:
    """The text size of the track badges on a token in the space ``box``."""
    return max(9, min(theme.ui(14), box.width // 4))


def _stat_badges(surface: pygame.Surface, box: pygame.Rect, knight: Knight,
                 placer: Placer) -> None:
    """Small numbered discs at the token's edge: Vigor top right, Heat right, Passion left."""
    size = _badge_size(box)
    for words, colour, pill in _badge_pills(box, knight):
        pygame.draw.rect(surface, colour, pill, border_radius=size // 2)
        pygame.draw.rect(surface, (255, 255, 255), pill, 1, border_radius=size // 2)
        text(surface, words, pill.center, size, (255, 255, 255), anchor="center",
             role="label", plate=pill)
        placer.block(pill)


def _knocked_down(surface: pygame.Surface, centre: tuple[int, int], radius: int,
                  side: str) -> None:
    """The Knockdown card on the token: a thick red bar across it (falling down), or a
    thinner orange one (standing up, the card flips back next turn)."""
    colour, width = ((220, 30, 30), max(3, radius // 3)) if side == "falling" else (
        (240, 150, 30), max(2, radius // 5))
    start = (centre[0] - radius, centre[1] + radius // 2)
    end = (centre[0] + radius, centre[1] - radius // 2)
    pygame.draw.line(surface, (255, 255, 255), start, end, width + 2)
    pygame.draw.line(surface, colour, start, end, width)


_ARROW = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}


def draw_monster(surface: pygame.Surface, grid: Grid, monster: Monster) -> None:
    """The Monster over its whole footprint: a plate in the boss or mob colour, a facing
    arrow, its front edge drawn bold (rulebook *Monster Facing*) and its Activation tokens
    (its words are drawn with the labels)."""
    box = grid.space_rect(monster.at, monster.size, monster.size)
    plate = box.inflate(-max(2, grid.cell // 10), -max(2, grid.cell // 10))
    fill = BOSS if monster.kind == "boss" else MOB
    pygame.draw.rect(surface, (20, 20, 24), plate.move(2, 2), border_radius=grid.cell // 6)
    pygame.draw.rect(surface, fill, plate, border_radius=grid.cell // 6)
    pygame.draw.rect(surface, (250, 235, 220), plate, max(1, grid.cell // 20),
                     border_radius=grid.cell // 6)
    dx, dy = _ARROW[monster.facing]
    edge_width = max(3, grid.cell // 8)
    half = edge_width // 2
    front = {
        "north": ((box.x, box.y + half), (box.right - 1, box.y + half)),
        "south": ((box.x, box.bottom - 1 - half), (box.right - 1, box.bottom - 1 - half)),
        "west": ((box.x + half, box.y), (box.x + half, box.bottom - 1)),
        "east": ((box.right - 1 - half, box.y), (box.right - 1 - half, box.bottom - 1)),
    }[monster.facing]
    pygame.draw.line(surface, FRONT_EDGE, *front, edge_width)
    arrow = _arrow(plate, monster.facing)
    pygame.draw.polygon(surface, (255, 215, 90), arrow)
    pygame.draw.polygon(surface, (60, 20, 10), arrow, 1)
    for index, token in enumerate(monster.activations):
        centre, radius = _token_spot(plate, grid.cell, index)
        if token.spent:  # hollow: a ring on the plate
            pygame.draw.circle(surface, (20, 20, 24), centre, radius)
            pygame.draw.circle(surface, TOKEN_SPENT, centre, radius, max(2, radius // 3))
        else:  # filled, with a light rim
            pygame.draw.circle(surface, TOKEN_READY, centre, radius)
            pygame.draw.circle(surface, (250, 235, 220), centre, radius, 1)


def _arrow(plate: pygame.Rect, facing: str) -> tuple[tuple[float, float], ...]:
    """The facing arrow's three corners on a Monster's ``plate``."""
    dx, dy = _ARROW[facing]
    cx, cy = plate.center
    length = plate.width * 0.36
    tip = (cx + dx * length, cy + dy * length)
    back = (cx - dx * length * 0.2, cy - dy * length * 0.2)
    wing = plate.width * 0.16
    return (tip, (back[0] - dy * wing, back[1] + dx * wing),
            (back[0] + dy * wing, back[1] - dx * wing))


def _monster_plate(grid: Grid, monster: Monster) -> pygame.Rect:
    box = grid.space_rect(monster.at, monster.size, monster.size)
    return box.inflate(-max(2, grid.cell // 10), -max(2, grid.cell // 10))


def _monster_name(surface: pygame.Surface, grid: Grid, monster: Monster,
                  placer: Placer) -> None:
    """The Monster's name across its plate, away from the facing arrow; where a Knight on a
    Vantage Point (or another label) is in the way, the nearest free height on the plate,
    drawn smaller (down to :data:`~tabletop.ui.textlayer.READABLE`) where that finds one
    clear of the arrow; else across the arrow when the name is whole on a plate at least
    twice its height; else (a 1 x 1 Monster at 640 x 420, whose name cut short would cover
    the arrow) the plate's tooltip."""
    plate = _monster_plate(grid, monster)
    size = max(10, min(theme.ui(18), grid.cell * monster.size // 5))
    xs, ys = zip(*_arrow(plate, monster.facing), strict=True)
    arrow = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    placed = None
    for smaller in range(size, min(size, READABLE) - 1, -1):
        lines, used, step, spots = _name_spots(plate, monster, smaller)
        clear = [spot for spot in spots if not spot.colliderect(arrow)]
        placed = placer.place(*clear) if clear else None
        if placed is not None:
            break
    if placed is None:
        lines, used, step, spots = _name_spots(plate, monster, size)
        whole = not any(fit(line, used, plate.width - 6)[2] for line in lines)
        if spots and whole and plate.height >= 2 * spots[0].height:
            placed = placer.place(*spots)
    if placed is None:
        tooltip(surface, plate, monster.name)
        return
    top = placed.centery - step * len(lines) // 2
    for index, line in enumerate(lines):
        text(surface, line, (plate.centerx, top + index * step + step // 2), used,
             (255, 255, 255), anchor="center", max_width=plate.width - 6, role="label")


def _name_spots(plate: pygame.Rect, monster: Monster,
                size: int) -> tuple[list[str], int, int, list[pygame.Rect]]:
    """``monster``'s name on its ``plate`` at ``size``: its lines (two when one is too
    short), the size they are drawn at, the step between them and the spots the block may
    take, nearest the usual height first (above the arrow of a Monster facing down, below
    one facing up, at the foot for one facing sideways)."""
    dx, dy = _ARROW[monster.facing]
    cx, cy = plate.center
    label_y = cy - dy * plate.height * 0.28 if dy else cy + plate.height * 0.3
    if dx:
        label_y = plate.bottom - size
    _, used, cut = fit(monster.name, size, plate.width - 6)
    lines = [monster.name]
    if cut:  # on two lines when one is too short (a 1 x 1 Monster's long name)
        used = max(10, size * 4 // 5)
        lines = list(wrap(monster.name, used, plate.width - 6))
        if len(lines) > 2:
            lines = [monster.name]
    step = _line_step(lines, used, plate.width - 6)
    width = max(text_size(fit(line, used, plate.width - 6)[0], used)[0] for line in lines)
    spot = pygame.Rect(0, 0, width, step * len(lines) + 2)
    spots = []
    for y in sorted(range(plate.y + spot.height // 2, plate.bottom - spot.height // 2 + 1,
                          max(2, used // 3)), key=lambda y: abs(y - label_y)):
        spot.center = (cx, y)
        spots.append(pygame.Rect(spot))
    return lines, used, step, spots


def _line_step(lines: list[str], size: int, width: int) -> int:
    """The distance between a Monster name's lines: the font size, or more where a line's
    ink (a descender, "Ape") would touch the next line's (a capital, "Troll") otherwise."""
    inks = [rendered(*fit(line, size, width)[:2], (0, 0, 0))[1] for line in lines]
    return max([size] + [a.bottom - b.top + 1 for a, b in pairwise(inks)])


TOKEN_READY: Colour = theme.TOKEN_READY
TOKEN_SPENT: Colour = theme.TOKEN_SPENT


def _token_spot(plate: pygame.Rect, cell: int, index: int) -> tuple[tuple[int, int], int]:
    """The centre and radius of a Monster's ``index``-th Activation token on its plate."""
    radius = max(4, min(10, cell // 7))
    step = 2 * radius + 2
    per_row = max(1, (plate.width - 4) // step)
    row, col = divmod(index, per_row)
    return (plate.x + 2 + radius + col * step, plate.y + 1 + row * step), radius


def draw_tokens(surface: pygame.Surface, grid: Grid, monster: Monster, placer: Placer) -> None:
    """The letters on the Monster's Activation tokens (drawn on the top edge of its plate, in
    order: ready a filled vermillion disc, spent a hollow grey ring): A (AI) or S (Signature)
    (rulebook *Activation and Activation Tokens*: "readied … flipped to the red side")."""
    plate = _monster_plate(grid, monster)
    for index, token in enumerate(monster.activations):
        centre, radius = _token_spot(plate, grid.cell, index)
        letter = "A" if token.kind == "ai" else "S"
        drawn = text(surface, letter, centre, max(8, radius + 3),
                     TOKEN_SPENT if token.spent else (255, 255, 255), anchor="center",
                     full=f"Activation token: {'AI' if token.kind == 'ai' else 'Signature'}, "
                          f"{'spent' if token.spent else 'ready'}", role="label")
        placer.block(drawn)


# -- overlays -------------------------------------------------------------------------------


def _areas_layer(rect: pygame.Rect, grid: Grid, overlays: ClashOverlays) -> pygame.Surface:
    surface = layer(rect.size)
    local = Grid(grid.rows, grid.cols, grid.cell, grid.left - rect.x, grid.top - rect.y)
    for spaces, colour in ((overlays.front, FRONT), (overlays.zone, ZONE),
                           (overlays.seen, SEEN), (overlays.rear, REAR), (overlays.blind, BLIND),
                           (overlays.reach, REACH if overlays.reach_now else REACH_LATER)):
        if not spaces:
            continue
        tint = pygame.Surface((grid.cell - 1, grid.cell - 1), pygame.SRCALPHA)
        tint.fill(colour)
        for space in spaces:
            box = local.space_rect(space)
            surface.blit(tint, (box.x + 1, box.y + 1))
    for name, spaces in (("zone", overlays.zone), ("seen", overlays.seen)):
        look, ink = AREA_PATTERNS[name]
        for space in spaces:
            marks.pattern(surface, local.space_rect(space).inflate(-1, -1), look, ink,
                          theme.line(1), max(5, grid.cell // 5))
    if overlays.reach:
        radius = max(2, grid.cell // 10)
        ring = 0 if overlays.reach_now else max(1, radius // 3)
        for space in overlays.reach:
            pygame.draw.circle(surface, (30, 80, 200), local.centre(space), radius, ring)
    return surface


def draw_clash(surface: pygame.Surface, rect: pygame.Rect, state: ClashState,
               overlays: ClashOverlays = ClashOverlays(), marks: PieceMarks = PieceMarks(),
               layers: ClashLayers | None = None, caption_rect: pygame.Rect | None = None,
               frame: pygame.Rect | None = None) -> Grid:
    """Draw the board of ``state`` into ``rect`` with ``overlays``, fitted into ``frame``
    (the zoomed and panned rectangle of a :class:`~tabletop.ui.viewport.Viewport`; default
    ``rect``: the whole board) and clipped to ``rect``; returns the grid used (to map
    clicks).  ``layers`` keeps the static layers (as big as ``rect``, drawn at the zoomed
    size) between frames; the caption goes at the foot of ``caption_rect`` (default
    ``rect``)."""
    layers = layers or ClashLayers()
    cache = layers.cache
    grid = grid_for(frame or rect, state)
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip))
    size_key = (tuple(rect), grid)
    board_key = (grid.cell, grid.rows, grid.cols, state.board, state.terrain)
    origin = (grid.left - rect.x, grid.top - rect.y)
    board = cache.scrolled("board", board_key, origin, rect.size,
                           lambda part: _board_layer(surface, part.move(rect.topleft), grid,
                                                     state))
    areas_key = (size_key, overlays.front, overlays.zone, overlays.seen, overlays.rear,
                 overlays.blind, overlays.reach, overlays.reach_now)
    pieces_key = (size_key, state.knights, state.monsters, state.turn.done, state.turn.divine,
                  marks)

    def under() -> pygame.Surface:
        """The board with the area overlays and the pieces on it, as one opaque picture."""
        picture = pygame.Surface(rect.size)
        paste(picture, board, (0, 0))
        if any(areas_key[1:]):
            cache.paste(picture, "areas", areas_key,
                        lambda: _areas_layer(rect, grid, overlays), (0, 0))
        cache.paste(picture, "pieces", pieces_key,
                    lambda: _pieces_layer(rect, grid, state, marks), (0, 0))
        return picture

    # the three bottom layers change together far less often than a frame is drawn (a
    # hover, a line of sight): kept as one picture, pasted without blending
    paste(surface, cache.get("under", (board_key, origin, rect.size, areas_key, pieces_key),
                             under), rect.topleft)
    _draw_selection(surface, grid, state, overlays.selected)
    for space in overlays.ghost:
        pygame.draw.rect(surface, CURSOR, grid.space_rect(space), max(2, grid.cell // 14))
    if overlays.sight is not None:
        _draw_sight(surface, grid, state, overlays.sight)
    if overlays.hover is not None:
        pygame.draw.rect(surface, HOVER, grid.space_rect(overlays.hover), 2)
    if overlays.cursor is not None:
        box = grid.space_rect(overlays.cursor).inflate(-2, -2)
        pygame.draw.rect(surface, CURSOR, box, max(2, grid.cell // 12))
    cache.paste(surface, "labels", (size_key, state.knights, state.monsters, state.terrain),
                lambda: _labels_layer(rect, grid, state), rect.topleft)
    if frame is not None and frame.width > rect.width:
        _draw_pinned_labels(surface, rect, grid, cache)
    surface.set_clip(clip)
    caption = overlays.sight.caption if overlays.sight else ()
    caption = (*caption, *overlays.caption)
    if caption:
        _draw_caption(surface, caption_rect or rect, caption, overlays.sight)
    return grid


def _draw_pinned_labels(surface: pygame.Surface, rect: pygame.Rect, grid: Grid,
                        cache: LayerCache) -> None:
    """When the board is zoomed so far that its edge labels are out of view: a band down the
    left of ``rect`` with the letters of the rows in view and one along its top with the
    numbers of the columns in view (like a spreadsheet's headings), so every space can still
    be named.  Each band's picture is kept in ``cache`` while the view does not move."""
    board = grid.rect
    size = max(11, min(16, grid.cell // 3))
    band = size + 6
    show_rows = board.x < rect.x + size
    show_cols = board.y < rect.y + size
    key = (tuple(rect), grid, show_rows, show_cols)
    if show_rows:
        top, bottom = max(rect.y, board.y), min(rect.bottom, board.bottom)
        strip = pygame.Rect(rect.x, top, text_size("WW", size)[0] + 8, max(0, bottom - top))

        def rows() -> pygame.Surface:
            picture = _plate_picture(strip)
            for row in range(grid.rows):
                y = board.y + row * grid.cell + grid.cell // 2
                if rect.y + (band if show_cols else 0) + size // 2 < y < rect.bottom - size // 2:
                    text(picture, row_letters(row), (strip.width // 2, y - strip.y), size,
                         LABEL, anchor="center")
            return picture

        _paste_plate(surface, strip, cache.get("pinned rows", key, rows))
    if show_cols:
        left, right = max(rect.x, board.x), min(rect.right, board.right)
        strip = pygame.Rect(left, rect.y, max(0, right - left), band)

        def columns() -> pygame.Surface:
            picture = _plate_picture(strip)
            first = strip.x + (text_size("WW", size)[0] + 8 if show_rows else 0)
            for col in range(grid.cols):
                x = board.x + col * grid.cell + grid.cell // 2
                words = str(col + 1)
                if first + text_size(words, size)[0] // 2 < x < rect.right - size:
                    text(picture, words, (x - strip.x, strip.height // 2), size, LABEL,
                         anchor="center")
            return picture

        _paste_plate(surface, strip, cache.get("pinned columns", key, columns))


def _plate_picture(box: pygame.Rect) -> pygame.Surface:
    """A dark band as big as ``box``, to write pinned edge labels on."""
    picture = pygame.Surface(box.size)
    picture.fill((25, 25, 30))
    return picture


def _paste_plate(surface: pygame.Surface, box: pygame.Rect, picture: pygame.Surface) -> None:
    """A band of pinned labels (made by :func:`_plate_picture`) pasted in ``box``: the words
    under it are covered."""
    cover(surface, box)
    paste(surface, picture, box.topleft)


def _draw_selection(surface: pygame.Surface, grid: Grid, state: ClashState,
                    name: str | None) -> None:
    piece = state.pieces.get(name) if name else None
    if piece is None:
        return
    if isinstance(piece, Monster):
        box = grid.space_rect(piece.at, piece.size, piece.size)
    else:
        box = grid.space_rect(piece.at)
    pygame.draw.rect(surface, SELECTED, box.inflate(2, 2), max(3, grid.cell // 12))


def _draw_sight(surface: pygame.Surface, grid: Grid, state: ClashState, sight: SightLine) -> None:
    """The LoS line: solid when clear; dashed when blocked, the blocking space crossed out."""
    colour = CLEAR_LINE if sight.clear else BLOCKED_LINE
    if sight.target:
        box = grid.space_rect(sight.target[0]).unionall(
            [grid.space_rect(space) for space in sight.target[1:]])
        pygame.draw.rect(surface, colour, box, max(2, grid.cell // 14))
    if sight.blocker is not None:
        box = grid.space_rect(sight.blocker)
        pygame.draw.rect(surface, BLOCKED_LINE, box.inflate(2, 2), max(3, grid.cell // 9))
        marks.cross(surface, box.inflate(-grid.cell // 5, -grid.cell // 5), BLOCKED_LINE,
                    max(2, grid.cell // 14))
    if sight.line is not None:
        start, end = (grid.point(*p) for p in sight.line)
        width = max(theme.line(3), grid.cell // 12)
        marks.haloed_line(surface, colour, start, end, width, dashed=not sight.clear,
                          halo=(255, 255, 255))
        for point in (start, end):
            pygame.draw.circle(surface, colour, point, width + 1)


@lru_cache(maxsize=4)
def _caption_backing(size: tuple[int, int]) -> pygame.Surface:
    """The see-through backing of a caption box of ``size``, made once per size (the caption
    is drawn every frame, its box keeps its size while the window does)."""
    backing = pygame.Surface(size, pygame.SRCALPHA)
    backing.fill((20, 22, 28, 225))
    return backing


def _draw_caption(surface: pygame.Surface, rect: pygame.Rect, lines: tuple[str, ...],
                  sight: SightLine | None) -> None:
    """The caption box at the foot of the board area: the rule that decided, range, distance
    (three lines at most, the whole caption as a tooltip when it is longer)."""
    size = min(theme.ui(15), 17)  # three lines always fit in CAPTION_ROOM
    width = rect.width - 24
    room = (CAPTION_ROOM - 10) // (size + 3)
    wrapped = [part for line in lines for part in wrap(line, size, width - 16)]
    height = min(room, len(wrapped)) * (size + 3) + 10
    box = pygame.Rect(rect.x + 12, rect.bottom - height - 3, width, height)
    surface.blit(_caption_backing(box.size), box)
    edge = theme.PANEL_EDGE
    if sight is not None:
        edge = CLEAR_LINE if sight.clear else BLOCKED_LINE
    pygame.draw.rect(surface, edge, box, 2, border_radius=4)
    cover(surface, box)
    block(surface, lines, pygame.Rect(box.x + 8, box.y + 5, width - 16, height - 10), size,
          step=size + 3)
