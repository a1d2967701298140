"""The Kingdom map at the layout limits (961 tiles): laying tiles by their paths, the Travel
options and the window's label placement do work that grows with the map, not with its
square.

Properties: on small random maps the fast structures give exactly what the plain ones give
(the plain ones are kept here as the reference).  Examples: on the 31 x 31 map the work is
counted (calls and comparisons), never timed."""

from __future__ import annotations

from dataclasses import replace

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st
from test_lessons_at_the_limits import kingdom_grid

from tabletop.errors import TabletopError
from tabletop.games import layouts
from tabletop.games.kingdom import board, rules, travel
from tabletop.games.kingdom.actions import Backtrack, EnterFog, ReportLoss, Travel
from tabletop.games.layoutfile import Source
from tabletop.spatial import tile_map
from tabletop.ui.textlayer import Placer
from tabletop.ui.views import kingdom as kingdom_view

# ------------------------------------------------------------------ the reference: plain laying


def plain_position(state, tile_id):
    """The old :func:`board.position_for` (no ``prefer``): every tile and rect looked at."""
    new = state.tile(tile_id)
    rects = [t.rect for t in state.tiles if t.rect is not None and t.id != tile_id]
    for tile in state.tiles:
        if tile.rect is None:
            continue
        for path in board.paths_to(tile, tile_id):
            back = board.back_path(state, tile.id, path)
            rect = tile_map.place_against(tile.rect, path.side, path.offset, new.footprint,
                                          back.offset if back else 0)
            return plain_clear(rect, path.side, rects)
    for path in new.paths:
        if path.kind != "tile" or not state.has_tile(path.to):
            continue
        other = state.tile(path.to)
        back = board.back_path(state, tile_id, path)
        if other.rect is None or back is None:
            continue
        rect = tile_map.place_against(other.rect, back.side, back.offset, new.footprint,
                                      path.offset)
        return plain_clear(rect, back.side, rects)
    if not rects:
        return tile_map.Rect(0, 0, *new.footprint)
    return tile_map.Rect(max(r.x + r.w for r in rects) + tile_map.SECTION_GAP,
                         min(r.y for r in rects), *new.footprint)


def plain_clear(rect, side, rects):
    dx, dy = tile_map.STEP[side]
    while any(rect.overlaps(o) for o in rects):
        rect = rect.moved(dx, dy)
    return rect


def plain_lay(state, waiting):
    """The old tile laying: each time, the first waiting tile joined to a laid one."""
    pending = list(waiting)
    while pending:
        laid = {t.id for t in state.tiles if t.rect is not None}
        placed = next((tid for tid in pending if any(
            board.paths_to(state.tile(o), tid) for o in laid) or any(
            p.kind == "tile" and p.to in laid for p in state.tile(tid).paths)), pending[0])
        rect = plain_position(state, placed)
        state = state.with_tile(replace(state.tile(placed), at=(rect.x, rect.y)))
        pending.remove(placed)
    return state


def random_map(data, rows, cols):
    """A grid map with some joins cut, some tiles placed by coordinates and the rest by
    their paths, and some tiles two cells wide (medium)."""
    count = rows * cols
    layout = kingdom_grid(rows, cols, data.draw(st.integers(1, count)), set())
    cut = data.draw(st.sets(st.integers(0, 2 * count)))
    for tile in layout["tiles"]:
        n = int(tile["id"])
        tile["paths"] = [p for p in tile["paths"] if (min(n, int(p["to"])) * 2 + (
            p["side"] in ("east", "west"))) not in cut]
    fixed = data.draw(st.sets(st.integers(1, count)))
    medium = data.draw(st.sets(st.integers(1, count)))
    for tile in layout["tiles"]:
        n = int(tile["id"])
        if n in medium:
            tile["size"] = "medium"
            for p in layout["tiles"]:
                for path in p["paths"]:
                    if path["to"] == tile["id"]:
                        path["size"] = "medium"
        if n not in fixed:
            del tile["at"]
        else:
            tile["at"] = [tile["at"][0] * 2, tile["at"][1]]
    return layout


@settings(max_examples=40, deadline=None)
@given(rows=st.integers(1, 4), cols=st.integers(1, 4), data=st.data())
def test_laying_by_paths_is_the_plain_laying(rows, cols, data):
    layout = random_map(data, rows, cols)
    waiting = [t["id"] for t in layout["tiles"] if "at" not in t]
    try:
        _, state = layouts.from_data(layout, Source("<map>"))
    except TabletopError as error:
        assert "cannot overlap" in str(error)
        return
    unlaid = replace(state, tiles=tuple(replace(t, at=None) if t.id in waiting else t
                                        for t in state.tiles))
    assert plain_lay(unlaid, waiting) == state


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(-4, 4), st.integers(-4, 4), st.integers(1, 3),
                          st.integers(1, 3)), max_size=12),
       st.tuples(st.integers(-5, 5), st.integers(-5, 5), st.integers(1, 3), st.integers(1, 3)),
       st.sampled_from(tile_map.SIDES), st.data())
def test_cells_clear_a_footprint_as_the_rects_do(rects, probe, side, data):
    taken = [tile_map.Rect(*r) for r in rects]
    cells = tile_map.Cells(taken)
    gone = data.draw(st.sets(st.integers(0, len(taken) - 1))) if taken else set()
    for i in sorted(gone):
        cells.remove(taken[i])
    kept = [r for i, r in enumerate(taken) if i not in gone]
    rect = tile_map.Rect(*probe)
    assert cells.hits(rect) == any(rect.overlaps(r) for r in kept)
    assert cells.place_clear(rect, side) == plain_clear(rect, side, kept)
    footprint = probe[2:]
    plain = (tile_map.Rect(0, 0, *footprint) if not kept else tile_map.Rect(
        max(r.x + r.w for r in kept) + tile_map.SECTION_GAP, min(r.y for r in kept), *footprint))
    assert cells.new_section_place(footprint) == plain


def test_a_thousand_tiles_laid_by_their_paths_look_at_each_path_a_few_times(monkeypatch):
    """The 31 x 31 map with only tile 1 placed: each tile is positioned once, and the
    footprints tried while pushing tiles clear stay within a few per tile."""
    layout = kingdom_grid(31, 31, 481, set(range(1, 962)))
    for tile in layout["tiles"][1:]:
        del tile["at"]
    tried = []
    hits = tile_map.Cells.hits
    monkeypatch.setattr(tile_map.Cells, "hits", lambda self, r: tried.append(r) or hits(self, r))
    _, state = layouts.from_data(layout, Source("<map>"))
    assert len(tried) == 960
    assert all(t.at == ((int(t.id) - 1) % 31, (int(t.id) - 1) // 31) for t in state.tiles)


# ------------------------------------------------------------------ Travel options


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.integers(0, 7), st.lists(st.integers(0, 7), max_size=4, unique=True),
                       max_size=8), st.integers(0, 7), st.integers(0, 7))
def test_shortest_paths_from_the_steps_ahead_are_the_plain_ones(graph, start, goal):
    rev = tile_map.reversed_graph(graph)
    ahead = tile_map.distances(graph, start)
    for limit in (1, 6):
        assert tile_map.shortest_paths(graph, start, goal, limit, rev, ahead) == \
            tile_map.shortest_paths(graph, start, goal, limit)
    first = tile_map.first_steps(graph, rev, start, ahead)
    assert set(first) == set(ahead) - {start}
    for node, step in first.items():
        assert tile_map.shortest_paths(graph, start, node, 1)[0][1] == step


def plain_backtracks(state):
    """The old Backtrack options: every tile's routes worked out, the first giving the
    direction and the Threat."""
    out = []
    for tile in state.tiles:
        if tile.status != "explored" or tile.id == state.party:
            continue
        routes = travel.backtrack_routes(state, tile.id)
        if routes:
            direction, _ = board.direction(state, routes[0][0], routes[0][1])
            out.append((tile.id, direction, travel.backtrack_threat(routes[0]),
                        len(routes[0]) - 1, tuple(routes)))
    return out


@settings(max_examples=40, deadline=None)
@given(rows=st.integers(1, 4), cols=st.integers(1, 4), data=st.data())
def test_travel_options_are_the_plain_ones(rows, cols, data):
    layout = random_map(data, rows, cols)
    for tile in layout["tiles"]:
        tile.pop("size")
        tile["size"] = "small"
        for path in tile["paths"]:
            path.pop("size", None)
        tile.pop("at", None)
    layout["tiles"][0]["at"] = [0, 0]
    count = rows * cols
    explored = data.draw(st.sets(st.integers(1, count)))
    for tile in layout["tiles"]:
        tile["status"] = "explored" if int(tile["id"]) in explored else "face-down"
    layout["party"]["tile"] = str(data.draw(st.integers(1, count)))
    layout["tiles"][int(layout["party"]["tile"]) - 1]["status"] = "explored"
    monsters = data.draw(st.sets(st.integers(1, count), max_size=3))
    layout["districts"] += [{"name": f"Den {n}", "symbol": "den", "monster": f"Beast {n}"}
                            for n in monsters]
    layout["monster_tokens"] = [{"monster": f"Beast {n}", "tile": str(n)} for n in monsters]
    _, state = layouts.from_data(layout, Source("<map>"))
    options = [o for o in travel.options(state) if o.kind == "backtrack"]
    assert [(o.tile, o.direction, o.threat, int(o.why.split()[2]), o.routes)
            for o in options] == plain_backtracks(state)
    assert rules.legal_actions(state) == [
        a for o in travel.options(state) for a in (
            [Travel(o.tile)] if o.kind == "travel" else [EnterFog(o.tile)]
            if o.kind == "deep-fog" else plain_backtrack_actions(state, o))] or [
        ReportLoss("the party cannot resolve the Travel step")]


def plain_backtrack_actions(state, option):
    met = {tuple(sorted(m.monster for t in r[1:] for m in state.monster_at(t)))
           for r in option.routes}
    if len(met) <= 1:
        return [Backtrack(option.tile)]
    return [Backtrack(option.tile, tuple(r[1:-1])) for r in option.routes[:3]]


def test_the_window_on_961_tiles_does_bounded_work(monkeypatch):
    """The 31 x 31 map, every tile explored: drawing frames asks for the Travel options once
    (not per frame, nor per use) and works out none of the 960 Backtracks' routes; the 960
    rings are drawn once; placing the words looks at a few rectangles near each one, not at
    the thousands on the map."""
    from tabletop.ui import rectgrid
    from tabletop.ui.app import App
    from tabletop.ui.session import Session

    game, state = layouts.from_data(kingdom_grid(31, 31, 481, set(range(1, 962))),
                                    Source("<map>"))
    calls = {"options": 0, "shortest_paths": 0}
    options, paths = travel.options, tile_map.shortest_paths
    monkeypatch.setattr(travel, "options", lambda *a, **k: calls.__setitem__(
        "options", calls["options"] + 1) or options(*a, **k))
    monkeypatch.setattr(tile_map, "shortest_paths", lambda *a, **k: calls.__setitem__(
        "shortest_paths", calls["shortest_paths"] + 1) or paths(*a, **k))
    asked, looked = [], []
    near = rectgrid.RectGrid.near
    monkeypatch.setattr(rectgrid.RectGrid, "near", lambda self, rect: asked.append(
        len(self)) or looked.append(len(found := near(self, rect))) or found)
    rings = kingdom_view._draw_rings
    monkeypatch.setattr(kingdom_view, "_draw_rings", lambda *a: calls.__setitem__(
        "rings", calls.get("rings", 0) + 1) or rings(*a))
    app = App(Session(game, state), (640, 420))
    for _ in range(3):
        app.draw(pygame.Surface((640, 420)))
    assert calls == {"options": 2, "shortest_paths": 0, "rings": 1}  # the window's and
    # the move kinds' options
    assert len(asked) > 10_000 and max(asked) > 4_000  # many questions of many rectangles
    assert sum(looked) * 20 <= sum(asked), (sum(looked), sum(asked))  # the few near each


# ------------------------------------------------------------------ label placement

rects = st.builds(pygame.Rect, st.integers(-80, 80), st.integers(-80, 80),
                  st.integers(-40, 90), st.integers(-40, 90))


@settings(max_examples=60, deadline=None)
@given(st.lists(rects, max_size=30), st.lists(rects, min_size=1, max_size=6),
       st.sampled_from([None, pygame.Rect(-50, -50, 120, 120)]))
def test_the_placer_with_its_grid_places_as_comparing_every_rectangle(taken, spots, bounds):
    fast, plain = Placer(bounds), Placer(bounds)
    for rect in taken:
        fast.block(rect)
    plain_taken = list(fast.taken)
    for spot in spots:
        plain_free = (bounds is None or bounds.contains(spot)) and \
            spot.collidelist(plain_taken) < 0
        assert fast.free(spot) == plain_free
        assert fast.crowding(spot) == sum(spot.clip(t).width * spot.clip(t).height
                                          for t in plain_taken)
    got = fast.place(spots[0], *spots[1:], nudge=4, crowded=True)
    plain.taken = plain_taken
    plain.free = lambda r: (bounds is None or bounds.contains(r)) and r.collidelist(
        plain.taken) < 0
    plain.crowding = lambda r: sum(r.clip(t).width * r.clip(t).height for t in plain.taken)
    assert got == plain.place(spots[0], *spots[1:], nudge=4, crowded=True)
    assert fast.taken == plain.taken
    fast.taken += spots[1:]  # a list grown from outside, as a subclass may
    plain.taken = list(fast.taken)
    assert [fast.free(s) for s in spots] == [plain.free(s) for s in spots]
    fast.taken = taken[:3]  # or put anew
    plain.taken = list(fast.taken)
    assert [fast.free(s) for s in spots] == [plain.free(s) for s in spots]


def plain_clear_of(stub, edge, side, words):
    """The old :func:`kingdom._clear_of`: every word compared with the stub."""
    across = tile_map.STEP[side][0] != 0
    low, high = (stub.left, stub.right) if across else (stub.top, stub.bottom)
    at = edge[0] if across else edge[1]
    current = pygame.Rect(stub)
    for word in words:
        near = word.inflate(2 * kingdom_view.STUB_GAP, 2 * kingdom_view.STUB_GAP)
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


@settings(max_examples=80, deadline=None)
@given(st.lists(rects, max_size=30), st.sampled_from(tile_map.SIDES),
       st.integers(0, 60), st.integers(2, 60), st.integers(0, 59), st.data())
def test_a_stub_is_cut_short_by_the_nearby_words_as_by_all(words, side, x, length, at, data):
    across = tile_map.STEP[side][0] != 0
    y = data.draw(st.integers(-20, 60))
    stub = pygame.Rect(x, y, length, 9) if across else pygame.Rect(y, x, 9, length)
    edge = (x + at % length, y + 4) if across else (y + 4, x + at % length)
    assert kingdom_view._clear_of(stub, edge, side, kingdom_view._near_words(words)) == \
        plain_clear_of(stub, edge, side, words)


@settings(max_examples=80, deadline=None)
@given(st.lists(rects, max_size=20), st.lists(rects, max_size=6), st.sampled_from(tile_map.SIDES),
       st.integers(0, 60), st.integers(2, 60), st.integers(0, 59), st.integers(-20, 60))
def test_a_stub_cut_by_the_words_is_cut_again_by_the_plates_alone(words, plates, side, x,
                                                                  length, at, y):
    """The map cuts each stub by the words, then (plates placed) by the plates only: the
    same as cutting it again by the words and the plates."""
    across = tile_map.STEP[side][0] != 0
    stub = pygame.Rect(x, y, length, 9) if across else pygame.Rect(y, x, 9, length)
    edge = (x + at % length, y + 4) if across else (y + 4, x + at % length)
    once = plain_clear_of(stub, edge, side, words)
    assert kingdom_view._clear_of(once, edge, side, kingdom_view._near_words(plates)) == \
        plain_clear_of(once, edge, side, words + plates)
