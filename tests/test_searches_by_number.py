"""The searches made fast for boards at the layout limits give the answers of the plain
searches they replace (kept here as the reference): a Knight's reach and movement path over
space numbers, shortest tile paths from a search cut short at the start, and the first two
overlapping Kingdom tiles found by cells."""

from __future__ import annotations

from collections import deque

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.kingdom.layout import _first_overlap
from tabletop.spatial import reach, tile_map
from tabletop.spatial.grid import Board, Space
from tabletop.spatial.tile_map import Rect


def plain_steps(board, starts, blocked, avoid, limit):
    best = {}
    frontier = deque()
    for s in starts:
        if limit >= 1 and board.contains(s) and s not in blocked and s not in avoid \
                and s not in best:
            best[s] = 1
            frontier.append(s)
    while frontier:
        here = frontier.popleft()
        if best[here] >= limit:
            continue
        for nxt in here.neighbours():
            if nxt not in best and board.contains(nxt) and nxt not in blocked \
                    and nxt not in avoid:
                best[nxt] = best[here] + 1
                frontier.append(nxt)
    return best


def plain_reachable(board, start, speed, blocked, difficult, first_steps=None):
    firsts = frozenset(start.neighbours() if first_steps is None else first_steps)
    blocked = frozenset(blocked) | {start}
    out = set(plain_steps(board, firsts, blocked, frozenset(), speed - 1))
    if start not in difficult:
        out |= set(plain_steps(board, firsts, blocked, frozenset(difficult), speed))
    out.discard(start)
    return frozenset(out)


def plain_search(board, start, speed, blocked, difficult, pass_through, jumpable, jump,
                 first_steps, goal=None):
    """The search as it was: Space objects, each path kept whole."""
    firsts = tuple(start.neighbours() if first_steps is None else first_steps)
    seen = set()
    frontier = deque()
    ends = {}

    def enter(space, leap, rough, steps, path):
        if space == start or not board.contains(space) or space in blocked:
            return
        if space in jumpable:
            tile = jumpable[space]
            if leap == ("ready",) and jump >= 1:
                leap = ("over", tile, 1)
            elif leap[0] == "over" and leap[1] == tile and leap[2] < jump:
                leap = ("over", tile, leap[2] + 1)
            else:
                return
        elif leap[0] == "over":
            leap = ("used",)
        rough = rough or space in difficult
        key = (space, leap, rough)
        if key in seen:
            return
        seen.add(key)
        path = (*path, space) if goal is not None else ()
        if leap[0] != "over" and space not in pass_through and steps <= speed - rough \
                and space not in ends:
            ends[space] = path
        frontier.append((space, leap, rough, steps, path))

    if speed >= 1:
        for space in firsts:
            enter(space, ("ready",), start in difficult, 1, ())
    while frontier and (goal is None or goal not in ends):
        here, leap, rough, steps, path = frontier.popleft()
        if steps >= speed:
            continue
        for there in here.neighbours():
            enter(there, leap, rough, steps + 1, path)
    return ends


@st.composite
def moves(draw):
    rows, cols = draw(st.integers(1, 8)), draw(st.integers(1, 8))
    space = st.builds(Space, st.integers(-1, rows), st.integers(-1, cols))
    start = Space(draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1)))
    return (Board(rows, cols), start, draw(st.integers(0, 9)),
            frozenset(draw(st.lists(space, max_size=14))),
            frozenset(draw(st.lists(space, max_size=14))),
            frozenset(draw(st.lists(space, max_size=5))),
            draw(st.dictionaries(space, st.sampled_from("ab"), max_size=6)),
            draw(st.integers(0, 2)),
            draw(st.none() | st.lists(space, max_size=5)),
            draw(space))


@settings(max_examples=120)
@given(moves())
def test_reach_and_paths_by_number_are_the_plain_searches(case):
    board, start, speed, blocked, difficult, passing, jumpable, jump, firsts, goal = case
    jumpable = {s: t for s, t in jumpable.items() if s not in passing}
    assert reach.reachable(board, start, speed, blocked, difficult, first_steps=firsts) == \
        plain_reachable(board, start, speed, blocked, difficult, firsts)
    rules = dict(blocked=blocked, difficult=difficult, pass_through=passing,
                 jumpable=jumpable, jump=jump, first_steps=firsts)
    assert reach.reachable_through(board, start, speed, **rules) == frozenset(
        plain_search(board, start, speed, blocked, difficult, passing, jumpable, jump, firsts))
    assert reach.path_through(board, start, goal, speed, **rules) == plain_search(
        board, start, speed, blocked, difficult, passing, jumpable, jump, firsts,
        goal=goal).get(goal)


def plain_shortest_paths(graph, start, goal, limit):
    back = tile_map.distances(tile_map.reversed_graph(graph), goal)
    if start not in back:
        return []
    out = []

    def walk(path):
        if len(out) >= limit:
            return
        node = path[-1]
        if node == goal:
            out.append(path)
            return
        for nxt in graph.get(node, ()):
            if back.get(nxt) == back[node] - 1:
                walk((*path, nxt))

    walk((start,))
    return out


@settings(max_examples=120)
@given(st.dictionaries(st.integers(0, 9), st.lists(st.integers(0, 9), max_size=4), max_size=10),
       st.integers(0, 9), st.integers(0, 9), st.integers(1, 6))
def test_shortest_paths_searched_only_as_far_as_the_start_are_the_plain_ones(graph, start,
                                                                           goal, limit):
    reverse = tile_map.reversed_graph(graph)
    expected = plain_shortest_paths(graph, start, goal, limit)
    assert tile_map.shortest_paths(graph, start, goal, limit) == expected
    assert tile_map.shortest_paths(graph, start, goal, limit, reverse=reverse) == expected


class _Laid:
    def __init__(self, rect: Rect):
        self.rect = rect


def plain_first_overlap(laid):
    for i, a in enumerate(laid):
        for b in laid[i + 1:]:
            if a.rect.overlaps(b.rect):
                return a, b
    return None


@settings(max_examples=120)
@given(st.lists(st.builds(Rect, st.integers(-3, 3), st.integers(-3, 3), st.integers(1, 3),
                          st.integers(1, 3)), max_size=8))
def test_the_first_overlap_found_by_cells_is_the_first_pair(rects):
    laid = [_Laid(r) for r in rects]
    assert _first_overlap(laid) == plain_first_overlap(laid)
