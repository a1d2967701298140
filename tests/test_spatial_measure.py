"""Range, Zone X and distance (``clash-geometry.md``, *Range, distance, zones*)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.spatial.grid import Board, Space, square
from tabletop.spatial.measure import distance, distance_from_any, range_between, zone
from tests.geometry_boards import reference_distance

S = Space.parse


def test_range_counts_between_the_nearest_spaces():
    assert range_between([S("A1")], [S("A2")]) == 1  # adjacent = 1
    assert range_between([S("A1")], [S("C3")]) == 4
    assert range_between(square(S("C3"), 2), [S("A1")]) == 4  # from C3, the nearest
    assert range_between(square(S("C3"), 2), [S("F6")]) == 4  # from D4


def test_zone_is_chebyshev_around_the_nearest_space():
    board = Board(5, 5)
    assert zone(board, [S("C3")], 1, include_source=True) == frozenset(square(S("B2"), 3))
    assert zone(board, [S("C3")], 1, include_source=False) == \
        frozenset(square(S("B2"), 3)) - {S("C3")}
    assert zone(board, [S("A1")], 2, include_source=True) == frozenset(square(S("A1"), 3))
    assert zone(board, square(S("B2"), 2), 0, include_source=False) == frozenset()


def passable_except(*labels):
    walls = {S(x) for x in labels}
    return lambda s: s not in walls


def test_distance_adjacent_is_one_and_overlap_is_zero():
    board = Board(5, 5)
    assert distance(board, S("A1"), 1, [S("A2")], None) == 1
    assert distance(board, S("A1"), 1, [S("A1")], None) == 0
    assert distance(board, S("A1"), 1, [S("A4")], None) == 3


def test_a_mob_goes_around_a_wall_where_a_boss_goes_through():
    # . . . . .        the mob on C1 must walk around the wall in column 3,
    # . . # . .        7 moves to B5 or C4 (via row A or E): distance 8
    # m . # . t
    # . . # . .
    # . . . . .
    board = Board(5, 5)
    wall = passable_except("B3", "C3", "D3")
    assert distance(board, S("C1"), 1, [S("C5")], None) == 4  # through everything
    assert distance(board, S("C1"), 1, [S("C5")], wall) == 8


def test_a_2x2_mover_needs_room_for_its_whole_footprint():
    # . . . . . .
    # M M # . . .      a one-space gap at C3 is too narrow for a 2 x 2 mob
    # M M . . . t
    # . . # . . .
    board = Board(4, 6)
    gaps = passable_except("B3", "D3")
    assert distance(board, S("B1"), 2, [S("C6")], None) == 4
    assert distance(board, S("B1"), 2, [S("C6")], gaps) is None
    assert distance(board, S("B1"), 1, [S("C6")], gaps) == 6  # 5 moves to C5


mover = st.builds(Space, st.integers(0, 5), st.integers(0, 5))
walls = st.frozensets(st.builds(Space, st.integers(0, 6), st.integers(0, 6)), max_size=14)


@settings(max_examples=120, deadline=None)
@given(mover, st.integers(1, 2), mover, walls)
def test_range_never_exceeds_distance(at, size, target, blocked):
    board = Board(7, 7)
    own = set(square(at, size))
    found = distance(board, at, size, [target], lambda s: s not in blocked or s in own)
    reach = range_between(square(at, size), [target])
    assert found is None or reach <= found
    assert distance(board, at, size, [target], None) == reach


@settings(max_examples=60, deadline=None)
@given(mover, st.integers(0, 4))
def test_zone_grows_with_x(source, x):
    board = Board(7, 7)
    small = zone(board, [source], x, include_source=True)
    assert small <= zone(board, [source], x + 1, include_source=True)
    assert source in small


@settings(max_examples=150, deadline=None)
@given(mover, st.integers(1, 3), mover, walls)
def test_distance_matches_a_plain_search_over_footprints(at, size, target, blocked):
    board = Board(7, 7)
    own = set(square(at, size))

    def passable(space):
        return space not in blocked or space in own

    assert (distance(board, at, size, [target], passable)
            == reference_distance(board, at, size, [target], passable))


@settings(max_examples=100, deadline=None)
@given(st.lists(mover, min_size=1, max_size=4), mover, walls)
def test_distance_from_any_start_is_the_smallest_distance_from_each(starts, target, blocked):
    board = Board(7, 7)

    def passable(space):
        return space not in blocked

    each = [distance(board, s, 1, [target], passable) for s in starts]
    found = [d for d in each if d is not None]
    assert (distance_from_any(board, starts, 1, [target], passable)
            == (min(found) if found else None))


def test_the_board_mask_holds_every_space_and_nothing_else():
    from tabletop.spatial.measure import board_bits, space_bits

    for rows, cols in ((1, 1), (3, 5), (7, 2), (30, 30), (100, 100)):
        board = Board(rows, cols)
        assert board_bits(board) == space_bits(board, board.spaces()), (rows, cols)
