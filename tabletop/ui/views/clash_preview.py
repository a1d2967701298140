"""Ghost previews over the Clash Board: what one outcome of a Monster movement, a forced
movement or an attack would do, drawn from :func:`tabletop.games.clash.preview.preview`
(the paths the rules core computed) before the players confirm it.

- each moved piece's path: arrows from the centre of its footprint at one position to the
  next, a numbered disc on every step (1 the first space entered), the start outlined dashed
  and the end drawn as a see-through ghost of the piece (a Monster's ghost with its final
  facing arrow);
- Crash: a red burst on the corner of the piece; a death: a black cross; words ("Crash",
  "Kara dies", "Displaced", "destroyed", "faces east") on small plates placed by a
  :class:`LabelPlacer` clear of every piece, ghost, badge and each other, with a thin leader
  to what they name when they had to move away from it;
- the other alternatives: a numbered square badge on where they differ (clicking it picks
  it);
- marked Knights (a tie of Targets, the Targets of an attack): a numbered or plain ring;
- the spaces a step lets the players click (a move-like ability's reach): blue.

Pure drawing: a function of the states and the preview, nothing here changes state.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from tabletop.games.clash.state import ClashState, Knight, Monster
from tabletop.spatial.grid import Space
from tabletop.ui.facades.clash import Preview
from tabletop.ui.textlayer import Placer
from tabletop.ui.views.base import Grid, dashed_line, text, text_size
from tabletop.ui.views.clash import BOSS, MOB, knight_colour, terrain_fill

PATH_EDGE = (255, 255, 255)
PATH_ALPHA = 185
"""How opaque a path's line and arrows are (255: not see-through)."""
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


def footprint_rect(grid: Grid, piece: Knight | Monster, at: Space) -> pygame.Rect:
    """The pixels ``piece`` covers with its north-west space on ``at``."""
    size = piece.size if isinstance(piece, Monster) else 1
    return grid.space_rect(at, size, size)


def label_size(grid: Grid) -> int:
    """The text size of the preview's words on a board of ``grid``'s spaces."""
    return max(12, min(16, grid.cell // 3))


Disc = tuple[int, tuple[int, int], tuple[float, float]]
"""A path's step number: the number, where it goes, the way the path runs there."""


class LabelPlacer(Placer):
    """The board's :class:`~tabletop.ui.textlayer.Placer` set up for a preview's word plates.

    What is taken starts as every piece's footprint in ``states`` (where pieces stand before
    and after), the name plate strip at the top of every Terrain tile and each Knight's name
    plate and Vigor disc (``names``); :meth:`block` adds more (ghosts, badges, step numbers;
    ``discs`` keeps the centres of the step numbers).  :meth:`place_near` tries spots around
    the thing named (above, below, right, left, then one space further out) inside ``bounds``
    (the board area in view), the least crowded one when every spot is taken; ``placed``
    lists every plate so far.
    """

    def __init__(self, grid: Grid, bounds: pygame.Rect, *states: ClashState):
        super().__init__(bounds)
        self.grid = grid
        self.placed: list[pygame.Rect] = []
        self.discs: list[tuple[int, int]] = []
        self.names: list[pygame.Rect] = []
        plate = 2 * max(10, min(15, grid.cell // 3)) + 6
        for state in states:
            for piece in (*state.knights, *state.monsters):
                self.block(footprint_rect(grid, piece, piece.at).inflate(-2, -2))
            for tile in state.terrain:
                top = min(s.row for s in tile.spaces)
                row = [grid.space_rect(s) for s in tile.spaces if s.row == top]
                strip = row[0].unionall(row[1:])
                size = max(10, min(15, grid.cell // 3))
                name = pygame.Rect(0, strip.y, text_size(tile.name, size)[0] + 8,
                                   min(strip.height, plate))
                name.centerx = strip.centerx
                self.names.append(name)
        for knight in states[0].knights if states else ():  # name plate, Vigor disc
            box = grid.space_rect(knight.at)
            size = max(10, min(14, box.width // 4))
            name = pygame.Rect(0, 0, text_size(knight.name, size)[0] + 6, size + 2)
            name.midbottom = (box.centerx, box.bottom - 1)
            self.names.append(name)
            badge = max(9, min(14, box.width // 3)) + 4  # the Vigor disc, top right
            self.names.append(pygame.Rect(box.right - 2 * badge, box.y, 2 * badge, badge))
        self.taken += self.names

    def spots(self, box: pygame.Rect, size: tuple[int, int]) -> list[pygame.Rect]:
        """Candidate plates of ``size`` around ``box``, nearest first."""
        plate = pygame.Rect((0, 0), size)
        out = []
        for gap in (2, 2 + self.grid.cell):
            for anchor, point in (("midbottom", (box.centerx, box.y - gap)),
                                  ("midtop", (box.centerx, box.bottom + gap)),
                                  ("midleft", (box.right + gap, box.centery)),
                                  ("midright", (box.x - gap, box.centery)),
                                  ("bottomleft", (box.right + gap, box.y - gap)),
                                  ("topright", (box.x - gap, box.bottom + gap))):
                spot = plate.copy()
                setattr(spot, anchor, point)
                out.append(spot)
        return out

    def place_near(self, box: pygame.Rect, size: tuple[int, int]) -> pygame.Rect:
        """Where a plate of ``size`` naming ``box`` goes (kept clear from now on)."""
        first, *others = self.spots(box, size)
        spot = self.place(first, *others, crowded=True)
        assert spot is not None  # a crowded placement always finds a spot
        self.placed.append(spot)
        return spot


def _label(surface: pygame.Surface, words: str, box: pygame.Rect, colour, grid: Grid,
           placer: LabelPlacer) -> None:
    """``words`` on a light plate placed clear of the pieces near ``box`` (the thing they
    name), with a thin leader line when the plate does not touch ``box``."""
    size = label_size(grid)
    width, height = text_size(words, size)
    plate = placer.place_near(box, (width + 8, height + 2))
    if not plate.inflate(6, 6).colliderect(box):
        end = (min(max(plate.centerx, box.x), box.right - 1),
               min(max(plate.centery, box.y), box.bottom - 1))
        pygame.draw.line(surface, colour, plate.center, end, 1)
    pygame.draw.rect(surface, (255, 250, 235), plate, border_radius=3)
    pygame.draw.rect(surface, colour, plate, 1, border_radius=3)
    text(surface, words, plate.center, size, colour, anchor="center")


def new_placer(surface: pygame.Surface, grid: Grid, *states: ClashState) -> LabelPlacer:
    """A :class:`LabelPlacer` for the board of ``grid`` as drawn on ``surface`` (its clip:
    the board area in view)."""
    return LabelPlacer(grid, surface.get_clip().clip(grid.rect.inflate(grid.cell, grid.cell)),
                       *states)


def draw_preview(surface: pygame.Surface, grid: Grid, before: ClashState, after: ClashState,
                 shown: Preview, taken: tuple[str, ...] = (),
                 placer: LabelPlacer | None = None) -> None:
    """Draw ``shown`` (the preview of one outcome that turns ``before`` into ``after``);
    the tiles in ``taken`` are taken off by the tile supply rule, not destroyed (crossed in
    blue, "taken off").  Words go where ``placer`` finds room (a new one when ``None``)."""
    placer = placer or new_placer(surface, grid, before, after)
    width = max(3, grid.cell // 10)
    labels: list[tuple[str, pygame.Rect, tuple[int, int, int]]] = []
    for tile_name in shown.destroyed:
        tile = before.tile(tile_name)
        if tile is None:
            continue
        ink, words = (NEW_TILE, "taken off") if tile_name in taken else (CRASH, "destroyed")
        for space in tile.spaces:
            box = grid.space_rect(space).inflate(-4, -4)
            pygame.draw.line(surface, ink, box.topleft, box.bottomright, width)
            pygame.draw.line(surface, ink, box.topright, box.bottomleft, width)
        area = grid.space_rect(tile.spaces[0]).unionall([grid.space_rect(s)
                                                         for s in tile.spaces[1:]])
        labels.append((f"{tile_name} {words}", area, ink))
    movers = [name for name in sorted(
        shown.paths, key=lambda n: not isinstance(before.pieces.get(n), Monster))
        if name in before.pieces]  # Monsters first, so that a Knight's path stays on top
    steps = []
    for name in movers:
        steps.append(_draw_path(surface, grid, before.pieces[name], shown.paths[name],
                                piece_colour(before, name), width))
    for name in movers:  # the ghosts over every path, the step numbers over every ghost
        moved = after.pieces.get(name)
        if moved is not None:
            _ghost(surface, grid, after, moved, piece_colour(before, name))
            placer.block(footprint_rect(grid, moved, moved.at))
    for name, discs in zip(movers, steps, strict=True):
        _draw_steps(surface, grid, discs, piece_colour(before, name), placer)
    for name, monster_facing in shown.facing.items():
        if name in shown.turned and name in after.pieces:
            monster = after.pieces[name]
            if name not in shown.paths:
                _ghost(surface, grid, after, monster, piece_colour(after, name))
            labels.append((f"faces {monster_facing}", footprint_rect(grid, monster, monster.at),
                           (60, 40, 10)))
    for name, at in shown.displaced.items():
        piece = after.pieces.get(name) or before.pieces.get(name)
        if piece is not None:
            labels.append((f"{name} Displaced", footprint_rect(grid, piece, at), (40, 40, 120)))
    for name in shown.crashed:
        piece = after.pieces.get(name) or before.pieces.get(name)
        if piece is not None:
            box = footprint_rect(grid, piece, piece.at)
            placer.block(_burst(surface, grid, box))
            labels.append((f"Crash: {name}", box, CRASH))
    for name in shown.died:
        piece = before.pieces.get(name)
        if piece is None:
            continue
        path = shown.paths.get(name)
        at = path[-1] if path else piece.at
        box = footprint_rect(grid, piece, at).inflate(-4, -4)
        pygame.draw.line(surface, PATH_EDGE, box.topleft, box.bottomright, width + 4)
        pygame.draw.line(surface, PATH_EDGE, box.topright, box.bottomleft, width + 4)
        pygame.draw.line(surface, DEATH, box.topleft, box.bottomright, width + 1)
        pygame.draw.line(surface, DEATH, box.topright, box.bottomleft, width + 1)
        labels.append((f"{name} dies", box, DEATH))
    for words, box, colour in labels:
        _label(surface, words, box, colour, grid, placer)


def _draw_path(surface: pygame.Surface, grid: Grid, piece: Knight | Monster,
               path: tuple[Space, ...], colour: tuple[int, int, int],
               width: int) -> list[Disc]:
    """The start outlined dashed, then an arrow from each position to the next; returns
    where each step's number goes, and the way the path runs there (1 the first space
    entered; none for a single step): between spaces, so that neither the pieces passed nor
    the ghost at the end are hidden."""
    start = footprint_rect(grid, piece, path[0])
    for a, b in ((start.topleft, start.topright), (start.topright, start.bottomright),
                 (start.bottomright, start.bottomleft), (start.bottomleft, start.topleft)):
        dashed_line(surface, colour, a, b, 2, max(4, grid.cell // 6))
    points = [footprint_rect(grid, piece, at).center for at in path]
    discs: list[Disc] = []
    if len(points) < 2:
        return discs
    head = max(6, grid.cell // 4)
    radius = max(7, min(12, grid.cell // 5))
    # drawn see-through, so that a name the path passes over can still be read through it
    bounds = pygame.Rect(points[0], (1, 1)).unionall([pygame.Rect(p, (1, 1)) for p in points])
    bounds = bounds.inflate(2 * head + 2 * width + 8, 2 * head + 2 * width + 8)
    final, surface = surface, pygame.Surface(bounds.size, pygame.SRCALPHA)
    points = [(x - bounds.x, y - bounds.y) for x, y in points]
    pygame.draw.lines(surface, PATH_EDGE, False, points, width + 4)
    pygame.draw.lines(surface, colour, False, points, width)
    numbered = len(points) > 2
    for number, (a, b) in enumerate(zip(points, points[1:], strict=False), start=1):
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        if length < 1:
            continue
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        along = (length * 0.5 + radius + head) if numbered else length * 0.62
        tip = (a[0] + ux * min(along, length * 0.85), a[1] + uy * min(along, length * 0.85))
        back = (tip[0] - ux * head, tip[1] - uy * head)
        wing = head * 0.6
        arrow = (tip, (back[0] - uy * wing, back[1] + ux * wing),
                 (back[0] + uy * wing, back[1] - ux * wing))
        pygame.draw.polygon(surface, PATH_EDGE, arrow)
        pygame.draw.polygon(surface, colour, [(x * 0.8 + tip[0] * 0.2, y * 0.8 + tip[1] * 0.2)
                                              for x, y in arrow])
        if numbered:
            discs.append((number, (round(bounds.x + a[0] + ux * length * 0.5),
                                   round(bounds.y + a[1] + uy * length * 0.5)), (ux, uy)))
    surface.set_alpha(PATH_ALPHA)
    final.blit(surface, bounds)
    return discs


def _draw_steps(surface: pygame.Surface, grid: Grid, discs: list[Disc],
                colour: tuple[int, int, int], placer: LabelPlacer) -> None:
    """The numbered discs of a path's steps (drawn over its ghost); a disc that would cover
    another path's number (two pieces pushed along one line) moves aside, across its path;
    one that would cover a name (a Knight's, a tile's) moves back along its path."""
    radius = max(7, min(12, grid.cell // 5))
    for number, (x, y), (ux, uy) in discs:
        along = [(x - ux * back * radius, y - uy * back * radius) for back in (0.8, 1.6, 2.4)]
        aside = [(x - uy * side * (2 * radius + 2), y + ux * side * (2 * radius + 2))
                 for side in (1, -1)]
        on_number = any(math.dist((x, y), other) <= 2 * radius for other in placer.discs)
        spots = [(x, y), *(aside + along if on_number else along + aside)]

        def clear(spot: tuple[float, float]) -> bool:
            box = pygame.Rect(round(spot[0]) - radius, round(spot[1]) - radius, 2 * radius,
                              2 * radius)
            return (box.collidelist(placer.names) == -1
                    and all(math.dist(spot, other) > 2 * radius for other in placer.discs))

        found = next((spot for spot in spots if clear(spot)), None)
        if found is None:  # crowded: at least off the other numbers
            found = next((spot for spot in spots if all(
                math.dist(spot, other) > 2 * radius for other in placer.discs)), spots[0])
        centre = (round(found[0]), round(found[1]))
        placer.discs.append(centre)
        pygame.draw.circle(surface, PATH_EDGE, centre, radius + 1)
        pygame.draw.circle(surface, colour, centre, radius)
        text(surface, str(number), centre, max(10, radius * 3 // 2), (255, 255, 255),
             anchor="center")
        placer.block(pygame.Rect(centre[0] - radius, centre[1] - radius, 2 * radius,
                                      2 * radius))


def _ghost(surface: pygame.Surface, grid: Grid, state: ClashState, piece: Knight | Monster,
           colour: tuple[int, int, int]) -> None:
    """A see-through copy of ``piece`` where it stands in ``state``."""
    box = footprint_rect(grid, piece, piece.at)
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


def _burst(surface: pygame.Surface, grid: Grid, box: pygame.Rect) -> pygame.Rect:
    """A red jagged star on the top-right corner of ``box``; returns its bounds."""
    outer, inner = max(7, grid.cell // 4), max(3, grid.cell // 8)
    cx, cy = box.right - outer // 2, box.y + outer // 2
    points = []
    for index in range(16):
        radius = outer if index % 2 == 0 else inner
        angle = index * math.pi / 8
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    pygame.draw.polygon(surface, CRASH, points)
    pygame.draw.polygon(surface, PATH_EDGE, points, 1)
    return pygame.Rect(cx - outer, cy - outer, 2 * outer, 2 * outer)


def badge_spots(grid: Grid, badges: list[Badge]) -> list[tuple[Badge, tuple[int, int], int]]:
    """Where each badge's disc goes: ``(badge, centre, radius)`` at the top-left of the
    spaces it differs on, several on one place side by side."""
    seen: dict[Space, int] = {}
    radius = max(8, grid.cell // 5)
    out = []
    for badge in badges:
        if not badge.spaces:
            continue
        corner = min(badge.spaces)
        box = grid.space_rect(corner)
        slot = seen.get(corner, 0)
        seen[corner] = slot + 1
        out.append((badge, (box.x + radius + 1 + slot * (2 * radius + 2), box.y + radius + 1),
                    radius))
    return out


def keep_badges_clear(placer: LabelPlacer, grid: Grid, badges: list[Badge]) -> None:
    """Keep the words ``placer`` places off the badges' markers (drawn last, on top)."""
    for _, centre, radius in badge_spots(grid, badges):
        placer.block(pygame.Rect(centre[0] - radius, centre[1] - radius, 2 * radius,
                                      2 * radius))


def draw_badges(surface: pygame.Surface, grid: Grid, badges: list[Badge]) -> None:
    """The numbered markers of the alternatives: a square with the number at the top-left
    of the spaces each differs on (several on one place side by side), the chosen one
    yellow; square, so that they are not taken for the round step numbers of a path."""
    for badge in badges:
        for space in badge.spaces:
            pygame.draw.rect(surface, BADGE_CHOSEN if badge.chosen else BADGE,
                             grid.space_rect(space).inflate(-2, -2), 1)
    for badge, centre, radius in badge_spots(grid, badges):
        box = pygame.Rect(centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius)
        pygame.draw.rect(surface, PATH_EDGE, box.inflate(2, 2), border_radius=3)
        pygame.draw.rect(surface, BADGE_CHOSEN if badge.chosen else BADGE, box,
                         border_radius=3)
        text(surface, str(badge.index + 1), centre, max(11, radius * 3 // 2),
             (20, 20, 20) if badge.chosen else (255, 255, 255), anchor="center")


def draw_marks(surface: pygame.Surface, grid: Grid, state: ClashState,
               marks: list[tuple[str, str]], placer: LabelPlacer | None = None) -> None:
    """A red ring around each named piece with a short word beside it (``(name, word)``):
    the Knights a targeting line ties between, the Targets of an attack."""
    placer = placer or new_placer(surface, grid, state)
    for name, word in marks:
        piece = state.pieces.get(name)
        if piece is None:
            continue
        box = footprint_rect(grid, piece, piece.at).inflate(6, 6)
        pygame.draw.rect(surface, PATH_EDGE, box, max(4, grid.cell // 10) + 2,
                         border_radius=grid.cell // 3)
        pygame.draw.rect(surface, TARGET_RING, box, max(4, grid.cell // 10),
                         border_radius=grid.cell // 3)
        if word:
            _label(surface, word, box, TARGET_RING, grid, placer)


def draw_new_tiles(surface: pygame.Surface, grid: Grid, before: ClashState,
                   after: ClashState, placer: LabelPlacer | None = None) -> None:
    """The Terrain tiles ``after`` has and ``before`` has not (a tile placed in play): a
    see-through fill in the tile's colour with a thick dashed outline and "new" beside it."""
    placer = placer or new_placer(surface, grid, before, after)
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
        area = grid.space_rect(tile.spaces[0]).unionall([grid.space_rect(s)
                                                         for s in tile.spaces[1:]])
        _label(surface, f"{tile.name} (new)", area, NEW_TILE, grid, placer)


def draw_spaces(surface: pygame.Surface, grid: Grid, spaces) -> None:
    """The spaces a step lets the players click (where a move-like ability can end): a blue
    tint with a ring in the middle, like the reach of a Movement Action."""
    tint = pygame.Surface((grid.cell - 1, grid.cell - 1), pygame.SRCALPHA)
    tint.fill((60, 130, 250, 95))
    for space in spaces:
        box = grid.space_rect(space)
        surface.blit(tint, (box.x + 1, box.y + 1))
        pygame.draw.circle(surface, (30, 80, 200), box.center, max(2, grid.cell // 10))
