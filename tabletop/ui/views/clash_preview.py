"""Ghost previews over the Clash Board: what one outcome of a Monster movement, a forced
movement or an attack would do, drawn from :func:`tabletop.games.clash.preview.preview`
before the players confirm it.

- each moved piece's path: a line through the centres of its footprint at every position,
  a dot per step, the start outlined dashed and the end drawn as a see-through ghost of the
  piece (a Monster's ghost with its final facing arrow);
- Crash: a red burst with "Crash" on the piece; a death: a black cross with "dies";
  a Displacement: "Displaced" on the new space; a destroyed tile: its spaces crossed in red;
  a Monster that turns: "faces east" beside its ghost;
- the other alternatives: a numbered badge on where they differ (clicking it picks it);
- marked Knights (a tie of Targets, the Targets of an attack): a numbered or plain ring;
- the spaces a step lets the players click (a move-like ability's reach): blue.

Pure drawing: a function of the states and the preview, nothing here changes state.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from tabletop.games.clash.preview import Preview
from tabletop.games.clash.state import ClashState, Knight, Monster
from tabletop.spatial.grid import Space
from tabletop.ui.views.base import Grid, dashed_line, text, text_size
from tabletop.ui.views.clash import BOSS, MOB, knight_colour, terrain_fill

PATH_EDGE = (255, 255, 255)
CRASH = (230, 40, 30)
DEATH = (15, 15, 18)
BADGE = (30, 110, 220)
BADGE_CHOSEN = (250, 204, 90)
TARGET_RING = (230, 40, 30)
NEW_TILE = (20, 120, 200)


@dataclass(frozen=True)
class Badge:
    """A numbered marker of alternative ``index`` over ``spaces`` (what clicking picks)."""

    index: int
    spaces: tuple[Space, ...]
    chosen: bool = False


def piece_colour(state: ClashState, name: str) -> tuple[int, int, int]:
    """The colour a piece is drawn in (a Knight's token colour, a boss or mob plate)."""
    piece = state.pieces.get(name)
    if isinstance(piece, Monster):
        return BOSS if piece.boss else MOB
    return knight_colour(state, name)


def _block(grid: Grid, piece: Knight | Monster, at: Space) -> pygame.Rect:
    size = piece.size if isinstance(piece, Monster) else 1
    return grid.space_rect(at, size, size)


def draw_preview(surface: pygame.Surface, grid: Grid, before: ClashState, after: ClashState,
                 shown: Preview, taken: tuple[str, ...] = ()) -> None:
    """Draw ``shown`` (the preview of one outcome that turns ``before`` into ``after``);
    the tiles in ``taken`` are taken off by the tile supply rule, not destroyed (crossed in
    blue, "taken off")."""
    width = max(3, grid.cell // 10)
    for tile_name in shown.destroyed:
        tile = before.tile(tile_name)
        if tile is None:
            continue
        ink, words = (NEW_TILE, "taken off") if tile_name in taken else (CRASH, "destroyed")
        for space in tile.spaces:
            box = grid.space_rect(space).inflate(-4, -4)
            pygame.draw.line(surface, ink, box.topleft, box.bottomright, width)
            pygame.draw.line(surface, ink, box.topright, box.bottomleft, width)
        first = grid.space_rect(min(tile.spaces))
        _label(surface, words, first.midtop, ink, grid)
    movers = sorted(shown.paths, key=lambda n: not isinstance(before.pieces.get(n), Monster))
    for name in movers:  # Monsters first, so that a Knight's path and ghost stay on top
        path = shown.paths[name]
        piece = before.pieces.get(name)
        if piece is None:
            continue
        colour = piece_colour(before, name)
        points = [_block(grid, piece, at).center for at in path]
        start = _block(grid, piece, path[0])
        for a, b in ((start.topleft, start.topright), (start.topright, start.bottomright),
                     (start.bottomright, start.bottomleft), (start.bottomleft, start.topleft)):
            dashed_line(surface, colour, a, b, 2, max(4, grid.cell // 6))
        if len(points) > 1:
            pygame.draw.lines(surface, PATH_EDGE, False, points, width + 4)
            pygame.draw.lines(surface, colour, False, points, width)
            for point in points[1:-1]:
                pygame.draw.circle(surface, PATH_EDGE, point, width + 2)
                pygame.draw.circle(surface, colour, point, width)
        moved = after.pieces.get(name)
        if moved is not None:
            _ghost(surface, grid, after, moved, colour)
    for name, monster_facing in shown.facing.items():
        if name in shown.turned and name in after.pieces:
            monster = after.pieces[name]
            if name not in shown.paths:
                _ghost(surface, grid, after, monster, piece_colour(after, name))
            box = _block(grid, monster, monster.at)
            _label(surface, f"faces {monster_facing}", (box.centerx, box.bottom + 2),
                   (60, 40, 10), grid, anchor="midtop")
    for name, at in shown.displaced.items():
        piece = after.pieces.get(name) or before.pieces.get(name)
        if piece is not None:
            box = _block(grid, piece, at)
            _label(surface, "Displaced", (box.centerx, box.bottom - 2), (40, 40, 120), grid,
                   anchor="midbottom")
    for name in shown.crashed:
        piece = after.pieces.get(name) or before.pieces.get(name)
        if piece is not None:
            _burst(surface, grid, _block(grid, piece, piece.at), "Crash")
    for name in shown.died:
        piece = before.pieces.get(name)
        if piece is None:
            continue
        path = shown.paths.get(name)
        at = path[-1] if path else piece.at
        box = _block(grid, piece, at).inflate(-4, -4)
        pygame.draw.line(surface, PATH_EDGE, box.topleft, box.bottomright, width + 4)
        pygame.draw.line(surface, PATH_EDGE, box.topright, box.bottomleft, width + 4)
        pygame.draw.line(surface, DEATH, box.topleft, box.bottomright, width + 1)
        pygame.draw.line(surface, DEATH, box.topright, box.bottomleft, width + 1)
        _label(surface, f"{name} dies", (box.centerx, box.y - 2), DEATH, grid,
               anchor="midbottom")


def _ghost(surface: pygame.Surface, grid: Grid, state: ClashState, piece: Knight | Monster,
           colour: tuple[int, int, int]) -> None:
    """A see-through copy of ``piece`` where it stands in ``state``."""
    box = _block(grid, piece, piece.at)
    ghost = pygame.Surface(box.size, pygame.SRCALPHA)
    local = ghost.get_rect()
    if isinstance(piece, Monster):
        pygame.draw.rect(ghost, (*colour, 120), local.inflate(-4, -4),
                         border_radius=grid.cell // 6)
        pygame.draw.rect(ghost, (255, 255, 255, 230), local.inflate(-4, -4), 2,
                         border_radius=grid.cell // 6)
        dx, dy = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}[
            piece.facing]
        cx, cy = local.center
        length = local.width * 0.36
        tip = (cx + dx * length, cy + dy * length)
        wing = local.width * 0.16
        back = (cx - dx * length * 0.2, cy - dy * length * 0.2)
        arrow = (tip, (back[0] - dy * wing, back[1] + dx * wing),
                 (back[0] + dy * wing, back[1] - dx * wing))
        pygame.draw.polygon(ghost, (255, 215, 90, 230), arrow)
        pygame.draw.polygon(ghost, (60, 20, 10, 255), arrow, 1)
    else:
        radius = max(3, local.width * 2 // 5 - 1)
        pygame.draw.circle(ghost, (*colour, 130), local.center, radius)
        pygame.draw.circle(ghost, (255, 255, 255, 230), local.center, radius, 2)
    surface.blit(ghost, box)


def _burst(surface: pygame.Surface, grid: Grid, box: pygame.Rect, words: str) -> None:
    """A red jagged star over the top-right of ``box`` with ``words``."""
    cx, cy = box.right - grid.cell // 4, box.y + grid.cell // 4
    outer, inner = max(8, grid.cell // 3), max(4, grid.cell // 6)
    points = []
    for index in range(16):
        radius = outer if index % 2 == 0 else inner
        angle = index * math.pi / 8
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    pygame.draw.polygon(surface, CRASH, points)
    pygame.draw.polygon(surface, PATH_EDGE, points, 1)
    _label(surface, words, (cx, cy + outer), CRASH, grid, anchor="midtop")


def _label(surface: pygame.Surface, words: str, pos: tuple[int, int], colour, grid: Grid,
           anchor: str = "midbottom") -> None:
    """``words`` on a light plate at ``pos``."""
    size = max(11, min(15, grid.cell // 3))
    width, height = text_size(words, size)
    plate = pygame.Rect(0, 0, width + 8, height + 2)
    setattr(plate, anchor, pos)
    pygame.draw.rect(surface, (255, 250, 235), plate, border_radius=3)
    pygame.draw.rect(surface, colour, plate, 1, border_radius=3)
    text(surface, words, plate.center, size, colour, anchor="center")


def draw_badges(surface: pygame.Surface, grid: Grid, badges: list[Badge]) -> None:
    """The numbered markers of the alternatives: a circle with the number at the top-left of
    the spaces each differs on (several on one place side by side); the chosen one yellow."""
    seen: dict[Space, int] = {}
    radius = max(8, grid.cell // 5)
    for badge in badges:
        if not badge.spaces:
            continue
        corner = min(badge.spaces)
        box = grid.space_rect(corner)
        for space in badge.spaces:
            pygame.draw.rect(surface, BADGE_CHOSEN if badge.chosen else BADGE,
                             grid.space_rect(space).inflate(-2, -2), 1)
        slot = seen.get(corner, 0)
        seen[corner] = slot + 1
        centre = (box.x + radius + 1 + slot * (2 * radius + 2), box.y + radius + 1)
        pygame.draw.circle(surface, PATH_EDGE, centre, radius + 1)
        pygame.draw.circle(surface, BADGE_CHOSEN if badge.chosen else BADGE, centre, radius)
        text(surface, str(badge.index + 1), centre, max(11, radius * 3 // 2),
             (20, 20, 20) if badge.chosen else (255, 255, 255), anchor="center")


def draw_marks(surface: pygame.Surface, grid: Grid, state: ClashState,
               marks: list[tuple[str, str]]) -> None:
    """A red ring around each named piece with a short word beside it (``(name, word)``):
    the Knights a targeting line ties between, the Targets of an attack."""
    for name, word in marks:
        piece = state.pieces.get(name)
        if piece is None:
            continue
        box = _block(grid, piece, piece.at).inflate(6, 6)
        pygame.draw.rect(surface, PATH_EDGE, box, max(4, grid.cell // 10) + 2,
                         border_radius=grid.cell // 3)
        pygame.draw.rect(surface, TARGET_RING, box, max(4, grid.cell // 10),
                         border_radius=grid.cell // 3)
        if word:
            _label(surface, word, (box.centerx, box.y - 1), TARGET_RING, grid)


def draw_new_tiles(surface: pygame.Surface, grid: Grid, before: ClashState,
                   after: ClashState) -> None:
    """The Terrain tiles ``after`` has and ``before`` has not (a tile placed in play): a
    see-through fill in the tile's colour with a thick dashed outline and "new" on its first
    space."""
    old = {t.name for t in before.terrain}
    for tile in after.terrain:
        if tile.name in old:
            continue
        fill = pygame.Surface((grid.cell, grid.cell), pygame.SRCALPHA)
        fill.fill((*terrain_fill(tile), 170))
        width = max(2, grid.cell // 12)
        for space in tile.spaces:
            box = grid.space_rect(space)
            surface.blit(fill, box)
            for a, b in ((box.topleft, box.topright), (box.topright, box.bottomright),
                         (box.bottomright, box.bottomleft), (box.bottomleft, box.topleft)):
                dashed_line(surface, NEW_TILE, a, b, width, max(4, grid.cell // 6))
        _label(surface, f"{tile.name} (new)", grid.space_rect(min(tile.spaces)).midtop,
               NEW_TILE, grid, anchor="midtop")


def draw_spaces(surface: pygame.Surface, grid: Grid, spaces) -> None:
    """The spaces a step lets the players click (where a move-like ability can end): a blue
    tint with a ring in the middle, like the reach of a Movement Action."""
    tint = pygame.Surface((grid.cell - 1, grid.cell - 1), pygame.SRCALPHA)
    tint.fill((60, 130, 250, 95))
    for space in spaces:
        box = grid.space_rect(space)
        surface.blit(tint, (box.x + 1, box.y + 1))
        pygame.draw.circle(surface, (30, 80, 200), box.center, max(2, grid.cell // 10))
