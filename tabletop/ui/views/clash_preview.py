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
- no label is covered: every line, arrow, ghost, cross, star and ring is cut where one of
  the :class:`LabelPlacer`'s names lies (:func:`_clear_of_names`);
- the spaces a step lets the players click (a move-like ability's reach): blue.

Pure drawing: a function of the states and the preview, nothing here changes state.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from tabletop.games.clash.state import ClashState, Knight, Monster
from tabletop.spatial.grid import Space
from tabletop.ui import textlayer
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
    plate and Vigor disc and every word already drawn on the board this frame (tile plates,
    edge labels: ``names``); :meth:`block` adds more (ghosts, badges, step numbers;
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
        view = bounds.inflate(grid.cell, grid.cell)
        self.names += [d.rect for d in textlayer.drawn()  # as drawn: tile plates, edge labels
                       if d.words and d.role not in ("tip", "tooltip") and view.contains(d.rect)]
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
    name), with a thin leader line when the plate does not touch ``box`` (cut where it
    crosses a name)."""
    size = label_size(grid)
    width, height = text_size(words, size)
    plate = placer.place_near(box, (width + 8, height + 2))
    if not plate.inflate(6, 6).colliderect(box):
        end = (min(max(plate.centerx, box.x), box.right - 1),
               min(max(plate.centery, box.y), box.bottom - 1))
        area = pygame.Rect(plate.center, (1, 1)).union(pygame.Rect(end, (1, 1))).inflate(2, 2)
        leader = pygame.Surface(area.size, pygame.SRCALPHA)
        pygame.draw.line(leader, colour, (plate.centerx - area.x, plate.centery - area.y),
                         (end[0] - area.x, end[1] - area.y), 1)
        surface.blit(_clear_of_names(leader, area.topleft, placer.names), area)
    pygame.draw.rect(surface, (255, 250, 235), plate, border_radius=3)
    pygame.draw.rect(surface, colour, plate, 1, border_radius=3)
    text(surface, words, plate.center, size, colour, anchor="center")


def _clear_of_names(layer: pygame.Surface, origin: tuple[int, int],
                    names: list[pygame.Rect]) -> pygame.Surface:
    """``layer`` (a see-through drawing to be pasted with its top-left at ``origin``) with
    every name (``LabelPlacer.names``: Knights' name plates and Vigor discs, tiles' plates,
    every word drawn on the board) cut out of it, so that a line, an arrow or a ring pasted
    over the board covers no label."""
    for name in names:
        layer.fill((0, 0, 0, 0), name.move(-origin[0], -origin[1]))
    return layer


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
        area = grid.space_rect(tile.spaces[0]).unionall([grid.space_rect(s)
                                                         for s in tile.spaces[1:]])
        marks = pygame.Surface(area.size, pygame.SRCALPHA)
        for space in tile.spaces:
            box = grid.space_rect(space).inflate(-4, -4).move(-area.x, -area.y)
            pygame.draw.line(marks, ink, box.topleft, box.bottomright, width)
            pygame.draw.line(marks, ink, box.topright, box.bottomleft, width)
        surface.blit(_clear_of_names(marks, area.topleft, placer.names), area)
        labels.append((f"{tile_name} {words}", area, ink))
    movers = [name for name in sorted(
        shown.paths, key=lambda n: not isinstance(before.pieces.get(n), Monster))
        if name in before.pieces]  # Monsters first, so that a Knight's path stays on top
    steps = []
    for name in movers:
        steps.append(_draw_path(surface, grid, before.pieces[name], shown.paths[name],
                                piece_colour(before, name), width, placer.names))
    for name in movers:  # the ghosts over every path, the step numbers over every ghost
        moved = after.pieces.get(name)
        if moved is not None:
            _ghost(surface, grid, after, moved, piece_colour(before, name), placer.names)
            placer.block(footprint_rect(grid, moved, moved.at))
    for name, discs in zip(movers, steps, strict=True):
        _draw_steps(surface, grid, discs, piece_colour(before, name), placer)
    for name, monster_facing in shown.facing.items():
        if name in shown.turned and name in after.pieces:
            monster = after.pieces[name]
            if name not in shown.paths:
                _ghost(surface, grid, after, monster, piece_colour(after, name),
                       placer.names)
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
            placer.block(_burst(surface, grid, box, placer.names))
            labels.append((f"Crash: {name}", box, CRASH))
    for name in shown.died:
        piece = before.pieces.get(name)
        if piece is None:
            continue
        path = shown.paths.get(name)
        at = path[-1] if path else piece.at
        box = footprint_rect(grid, piece, at).inflate(-4, -4)
        cross = pygame.Surface(box.inflate(width + 4, width + 4).size, pygame.SRCALPHA)
        local = box.move(-box.x + (width + 4) // 2, -box.y + (width + 4) // 2)
        for ink, thick in ((PATH_EDGE, width + 4), (DEATH, width + 1)):
            pygame.draw.line(cross, ink, local.topleft, local.bottomright, thick)
            pygame.draw.line(cross, ink, local.topright, local.bottomleft, thick)
        corner = box.inflate(width + 4, width + 4).topleft
        surface.blit(_clear_of_names(cross, corner, placer.names), corner)
        labels.append((f"{name} dies", box, DEATH))
    for words, box, colour in labels:
        _label(surface, words, box, colour, grid, placer)


def _draw_path(surface: pygame.Surface, grid: Grid, piece: Knight | Monster,
               path: tuple[Space, ...], colour: tuple[int, int, int],
               width: int, names: list[pygame.Rect]) -> list[Disc]:
    """The start outlined dashed, then an arrow from each position to the next; returns
    where each step's number goes, and the way the path runs there (1 the first space
    entered; none for a single step): between spaces, so that neither the pieces passed nor
    the ghost at the end are hidden.  No label is covered: each arrowhead goes where along
    its step it touches none of ``names``, and the line is cut where it crosses one
    (:func:`_clear_of_names`)."""
    start = footprint_rect(grid, piece, path[0])
    outline = pygame.Surface(start.inflate(4, 4).size, pygame.SRCALPHA)
    local = start.move(2 - start.x, 2 - start.y)
    for a, b in ((local.topleft, local.topright), (local.topright, local.bottomright),
                 (local.bottomright, local.bottomleft), (local.bottomleft, local.topleft)):
        dashed_line(outline, colour, a, b, 2, max(4, grid.cell // 6))
    corner = start.inflate(4, 4).topleft
    surface.blit(_clear_of_names(outline, corner, names), corner)
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
    local_names = [n.move(-bounds.x, -bounds.y) for n in names]
    for number, (a, b) in enumerate(zip(points, points[1:], strict=False), start=1):
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        if length < 1:
            continue
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        along = (length * 0.5 + radius + head) if numbered else length * 0.62
        wing = head * 0.6
        arrows = []
        for share in (0, 0.1, -0.1, 0.2, -0.2, 0.3):  # the usual spot first, then nearby
            reach = min(along + share * length, length * 0.85)
            tip = (a[0] + ux * reach, a[1] + uy * reach)
            back = (tip[0] - ux * head, tip[1] - uy * head)
            arrows.append((tip, (back[0] - uy * wing, back[1] + ux * wing),
                           (back[0] + uy * wing, back[1] - ux * wing)))
        arrow = next((arrow for arrow in arrows
                      if _bounds_of(arrow).collidelist(local_names) < 0), arrows[0])
        tip = arrow[0]
        pygame.draw.polygon(surface, PATH_EDGE, arrow)
        pygame.draw.polygon(surface, colour, [(x * 0.8 + tip[0] * 0.2, y * 0.8 + tip[1] * 0.2)
                                              for x, y in arrow])
        if numbered:
            discs.append((number, (round(bounds.x + a[0] + ux * length * 0.5),
                                   round(bounds.y + a[1] + uy * length * 0.5)), (ux, uy)))
    surface.set_alpha(PATH_ALPHA)
    final.blit(_clear_of_names(surface, bounds.topleft, names), bounds)
    return discs


def _bounds_of(points) -> pygame.Rect:
    """The pixels a polygon through ``points`` covers (with a pixel of its outline)."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return pygame.Rect(math.floor(min(xs)) - 1, math.floor(min(ys)) - 1,
                       math.ceil(max(xs) - min(xs)) + 3, math.ceil(max(ys) - min(ys)) + 3)


def _draw_steps(surface: pygame.Surface, grid: Grid, discs: list[Disc],
                colour: tuple[int, int, int], placer: LabelPlacer) -> None:
    """The numbered discs of a path's steps (drawn over its ghost), each on its own step:
    at the step's middle, else the nearest spot moved along the step (up to two fifths of a
    space either way) and across it (up to about one and a half discs) that covers no name
    (a Knight's, a tile's plate, an edge label, an outcome badge: ``placer.names``) nor
    another path's number (two pieces pushed along one line); crowded, at least off the
    other numbers."""
    radius = max(7, min(12, grid.cell // 5))
    across = 2 * radius + 2
    offsets = sorted(((along * grid.cell / 20, side * across / 2)
                      for along in range(-8, 9, 2) for side in (0, 2, -2, 3, -3)),
                     key=lambda o: (math.hypot(*o), o[1] < 0))
    for number, (x, y), (ux, uy) in discs:
        spots = [(x + ux * a - uy * b, y + uy * a + ux * b) for a, b in offsets]

        def off_numbers(spot: tuple[float, float]) -> bool:
            return all(math.dist(spot, other) > 2 * radius for other in placer.discs)

        def clear(spot: tuple[float, float]) -> bool:
            box = pygame.Rect(round(spot[0]) - radius, round(spot[1]) - radius, 2 * radius,
                              2 * radius)
            return box.collidelist(placer.names) == -1 and off_numbers(spot)

        found = next((spot for spot in spots if clear(spot)), None)
        if found is None:  # crowded: at least off the other numbers
            found = next((spot for spot in spots if off_numbers(spot)), spots[0])
        centre = (round(found[0]), round(found[1]))
        placer.discs.append(centre)
        pygame.draw.circle(surface, PATH_EDGE, centre, radius + 1)
        pygame.draw.circle(surface, colour, centre, radius)
        text(surface, str(number), centre, max(10, radius * 3 // 2), (255, 255, 255),
             anchor="center")
        placer.block(pygame.Rect(centre[0] - radius, centre[1] - radius, 2 * radius,
                                 2 * radius))


def _ghost(surface: pygame.Surface, grid: Grid, state: ClashState, piece: Knight | Monster,
           colour: tuple[int, int, int], names: list[pygame.Rect]) -> None:
    """A see-through copy of ``piece`` where it stands in ``state``, cut where it would
    cover one of ``names`` (a tile's plate, a Knight's name)."""
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
    surface.blit(_clear_of_names(ghost, box.topleft, names), box)


def _burst(surface: pygame.Surface, grid: Grid, box: pygame.Rect,
           names: list[pygame.Rect]) -> pygame.Rect:
    """A red jagged star on a corner of ``box``: the top-right one, else the first of the
    others where it covers none of ``names`` (else the one covering the fewest pixels of
    them, cut where a name lies); returns its bounds."""
    outer, inner = max(7, grid.cell // 4), max(3, grid.cell // 8)
    spots = []
    for x, y in ((box.right - outer // 2, box.y + outer // 2),
                 (box.x + outer // 2, box.y + outer // 2),
                 (box.right - outer // 2, box.bottom - outer // 2),
                 (box.x + outer // 2, box.bottom - outer // 2)):
        spots.append(pygame.Rect(x - outer, y - outer, 2 * outer, 2 * outer))
    spot = min(spots, key=lambda s: sum(s.clip(n).width * s.clip(n).height for n in names))
    star = pygame.Surface(spot.size, pygame.SRCALPHA)
    points = []
    for index in range(16):
        radius = outer if index % 2 == 0 else inner
        angle = index * math.pi / 8
        points.append((outer + radius * math.cos(angle), outer + radius * math.sin(angle)))
    pygame.draw.polygon(star, CRASH, points)
    pygame.draw.polygon(star, PATH_EDGE, points, 1)
    surface.blit(_clear_of_names(star, spot.topleft, names), spot)
    return spot


def place_badges(placer: LabelPlacer, grid: Grid,
                 badges: list[Badge]) -> list[tuple[Badge, pygame.Rect]]:
    """Where each badge's square goes, kept clear from then on (the preview's words and
    step numbers go round them): the top-left corner of the first space it differs on, else
    another corner of one of its spaces, whichever covers no name (a tile's plate, a
    Knight's, an edge label) nor another badge; the least crowded when none is free."""
    radius = max(8, grid.cell // 5)
    out = []
    for badge in badges:
        if not badge.spaces:
            continue
        corners = []
        for space in sorted(badge.spaces):
            box = grid.space_rect(space).inflate(-2, -2)
            for anchor in ("topleft", "topright", "bottomleft", "bottomright"):
                square = pygame.Rect(0, 0, 2 * radius, 2 * radius)
                setattr(square, anchor, getattr(box, anchor))
                corners.append(square)
        spot = _place_clear_of_names(placer, corners)
        placer.names.append(spot)
        out.append((badge, spot))
    return out


def _place_clear_of_names(placer: LabelPlacer, spots: list[pygame.Rect]) -> pygame.Rect:
    """The first of ``spots`` that covers none of ``placer``'s names (else the one covering
    the fewest pixels of them); taken from then on."""
    def covered(spot: pygame.Rect) -> int:
        return sum(spot.clip(name).width * spot.clip(name).height for name in placer.names)

    spot = next((s for s in spots if s.collidelist(placer.names) < 0), None)
    spot = spot or min(spots, key=covered)
    placer.block(spot)
    return spot


def draw_badges(surface: pygame.Surface, grid: Grid,
                placed: list[tuple[Badge, pygame.Rect]]) -> None:
    """The numbered markers of the alternatives (where :func:`place_badges` put them): the
    spaces each differs on outlined, a square with its number, the chosen one yellow;
    square, so that they are not taken for the round step numbers of a path."""
    for badge, _ in placed:
        for space in badge.spaces:
            pygame.draw.rect(surface, BADGE_CHOSEN if badge.chosen else BADGE,
                             grid.space_rect(space).inflate(-2, -2), 1)
    for badge, box in placed:
        pygame.draw.rect(surface, PATH_EDGE, box.inflate(2, 2), border_radius=3)
        pygame.draw.rect(surface, BADGE_CHOSEN if badge.chosen else BADGE, box,
                         border_radius=3)
        text(surface, str(badge.index + 1), box.center, max(11, box.width * 3 // 4),
             (20, 20, 20) if badge.chosen else (255, 255, 255), anchor="center")


def draw_marks(surface: pygame.Surface, grid: Grid, state: ClashState,
               marks: list[tuple[str, str]], placer: LabelPlacer | None = None) -> None:
    """A red ring around each named piece with a short word beside it (``(name, word)``):
    the Knights a targeting line ties between, the Targets of an attack.  The ring leaves
    every label readable: it is cut where a name plate or a Vigor disc lies under it."""
    placer = placer or new_placer(surface, grid, state)
    for name, word in marks:
        piece = state.pieces.get(name)
        if piece is None:
            continue
        box = footprint_rect(grid, piece, piece.at).inflate(6, 6)
        ring = pygame.Surface(box.size, pygame.SRCALPHA)
        local = ring.get_rect()
        pygame.draw.rect(ring, PATH_EDGE, local, max(4, grid.cell // 10) + 2,
                         border_radius=grid.cell // 3)
        pygame.draw.rect(ring, TARGET_RING, local, max(4, grid.cell // 10),
                         border_radius=grid.cell // 3)
        surface.blit(_clear_of_names(ring, box.topleft, placer.names), box)
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
