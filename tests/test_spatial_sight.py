"""Line of Sight, the exact reading (``clash-geometry.md``, *Line of Sight*): one test per
obstruction rule, the corner touch, the diagonal gap at a line's end, and properties against
an independent slow reference."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.spatial.grid import Board, Space, corner_words
from tabletop.spatial.sight import (
    SightMap,
    line_of_sight,
    segment_steps,
    sight_map,
    visible_from,
)
from tests.geometry_boards import reference_clear, reference_features, reference_los

S = Space.parse


def blocking(picture: str) -> tuple[Board, frozenset[Space]]:
    """``#`` spaces of a picture, one row per line."""
    rows = [line.strip() for line in picture.strip().splitlines()]
    spaces = frozenset(Space(r, c) for r, line in enumerate(rows)
                       for c, ch in enumerate(line) if ch == "#")
    return Board(len(rows), len(rows[0])), spaces


def test_rule_1_a_line_through_a_blocking_space_is_obstructed():
    board, walls = blocking("""
        .....
        ..#..
        .....
    """)
    view = sight_map(board, walls)
    assert not view.clear((0, 0), (5, 3))
    assert view.obstruction((0, 0), (5, 3))[:2] == (1, S("B3"))


def test_rule_2_a_line_along_the_edge_of_a_blocking_space_is_obstructed():
    board, walls = blocking("""
        .....
        ..#..
        .....
    """)
    view = sight_map(board, walls)
    assert not view.clear((0, 1), (5, 1))  # along the top edge of B3
    assert view.obstruction((0, 1), (5, 1))[:2] == (2, S("B3"))
    assert not view.clear((3, 0), (3, 3))  # along its east edge
    assert view.clear((0, 0), (5, 0))  # the board's top edge touches nothing


def test_rule_3_a_line_through_a_diagonal_gap_is_obstructed():
    board, walls = blocking("""
        .....
        ..#..
        .#...
        .....
    """)
    view = sight_map(board, walls)
    assert view.gaps == frozenset({(2, 2)})
    assert not view.clear((0, 0), (4, 4))  # between them, through the corner (2, 2)
    assert view.obstruction((0, 0), (4, 4)) == (3, S("B3"), S("C2"))


def test_rule_3_a_line_starting_or_ending_in_a_diagonal_gap_is_obstructed():
    board, walls = blocking("""
        ....
        .#..
        ..#.
        ....
    """)
    view = sight_map(board, walls)
    assert not view.clear((2, 2), (4, 0))
    assert not view.clear((0, 4), (2, 2))
    assert not view.clear((2, 2), (2, 2))


def test_touching_a_single_corner_does_not_block():
    board, walls = blocking("""
        .....
        ..#..
        .....
    """)
    view = sight_map(board, walls)
    assert view.clear((0, 0), (3, 3))  # touches only B3's corner (2, 2)
    assert view.touched_corners((0, 0), (3, 3)) == [S("B3")]
    assert not view.clear((1, 3), (3, 1))  # through the same corner, but into B3


def test_los_explains_and_gives_the_shortest_clear_line():
    board, walls = blocking("""
        ......
        ..#...
        ......
    """)
    sight = line_of_sight(sight_map(board, walls), [S("B1")], [S("C5")],
                          names={S("B3"): "Column"})
    assert sight.clear
    assert sight.line == ((1, 2), (4, 3))
    assert sight.why == ("LoS: the line from the south-east corner of B1 to the south-west "
                         "corner of C5 is unobstructed")
    assert reference_clear(walls, *sight.line)
    length = (sight.line[1][0] - sight.line[0][0]) ** 2 + (sight.line[1][1] - sight.line[0][1]) ** 2
    shorter = [(a, b) for a in S("B1").corners() for b in S("C5").corners()
               if (b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2 < length]
    assert shorter and not any(reference_clear(walls, a, b) for a, b in shorter)


def test_a_single_column_between_two_knights_in_a_row_hides_them():
    board, walls = blocking("""
        ......
        ..#...
        ......
    """)
    sight = line_of_sight(sight_map(board, walls), [S("B1")], [S("B5")],
                          names={S("B3"): "Column"})
    assert not sight.clear
    assert sight.why.endswith("runs along the edge of Column (B3)")


def test_no_los_names_the_rule_and_the_tile():
    board, walls = blocking("""
        ...
        .#.
        .#.
        .#.
        ...
    """)
    tall = walls | {S("B1"), S("B3")}
    sight = line_of_sight(sight_map(board, tall), [S("C1")], [S("C3")],
                          names={s: "Ruined Wall" for s in tall})
    assert not sight.clear and sight.line is None
    assert sight.why.startswith("no LoS: every line is blocked; the nearest")
    assert "Ruined Wall (C1)" in sight.why or "Ruined Wall (C2)" in sight.why
    assert sight.blocker in tall


def test_exempt_spaces_stop_blocking():
    board, walls = blocking("""
        .#.
    """)
    view = sight_map(board, walls)
    assert not line_of_sight(view, [S("A1")], [S("A3")]).clear
    assert line_of_sight(view.without({S("A2")}), [S("A1")], [S("A3")]).clear


def test_segment_steps_are_the_fraction_reference_in_integers():
    """Every step of every segment up to 12 across and down: the same cells and points, in
    the same order, met where the reference's fractions say."""
    from fractions import Fraction

    for dx in range(-12, 13):
        for dy in range(-12, 13):
            denominator, steps = segment_steps(dx, dy)
            assert [(Fraction(key, denominator), kind, x, y) for key, kind, x, y in steps] \
                == reference_features(dx, dy), (dx, dy)


def test_the_segment_test_meets_exactly_the_features_of_a_segment():
    # Every cell blocks and every inner point is a diagonal gap; freeing all but one of them
    # leaves a segment blocked exactly when that one is among its features.
    board = Board(8, 8)
    view = SightMap(board, board.spaces())
    stride = view.stride
    keys = [2 * ((s.row + 1) * stride + s.col + 1) for s in board.spaces()]
    keys += [2 * ((y + 1) * stride + x + 1) + 1 for x in range(1, 8) for y in range(1, 8)]
    all_keys = frozenset(keys)
    freed = {key: all_keys - {key} for key in keys}
    a = (4, 4)
    for dx in range(-3, 4):
        for dy in range(-3, 4):
            met = set()
            for _key, kind, x, y in segment_steps(dx, dy)[1]:
                slot = (a[1] + y + 1) * stride + a[0] + x + 1
                met.add(2 * slot + 1 if kind == "point" else 2 * slot)
            b = (a[0] + dx, a[1] + dy)
            for key in keys:
                assert view.clear(a, b, freed[key]) == (key not in met), (dx, dy, key)
                assert view.clear(b, a, freed[key]) == (key not in met), (dx, dy, key)


walls_strategy = st.frozensets(st.builds(Space, st.integers(0, 5), st.integers(0, 5)),
                               max_size=10)
points = st.tuples(st.integers(0, 6), st.integers(0, 6))
spaces = st.builds(Space, st.integers(0, 5), st.integers(0, 5))


@settings(max_examples=300, deadline=None)
@given(walls_strategy, points, points)
def test_segment_test_matches_the_slow_reference(walls, a, b):
    assert SightMap(Board(6, 6), walls).clear(a, b) == reference_clear(walls, a, b)


@settings(max_examples=150, deadline=None)
@given(walls_strategy, spaces, spaces)
def test_geometric_los_is_symmetric_and_matches_the_reference(walls, p, q):
    view = SightMap(Board(6, 6), walls)
    there = line_of_sight(view, [p], [q]).clear
    assert there == line_of_sight(view, [q], [p]).clear
    assert there == reference_los(walls, (p,), (q,))


@settings(max_examples=40, deadline=None)
@given(walls_strategy, spaces)
def test_visible_from_agrees_with_asking_each_space(walls, p):
    board = Board(6, 6)
    view = SightMap(board, walls)
    everything = [s for s in board.spaces() if s != p]
    expected = [s for s in everything if line_of_sight(view, [p], [s]).clear]
    assert visible_from(view, [p], everything) == expected


def test_derived_maps_equal_maps_built_from_scratch():
    board, walls = blocking("""
        .#.#.
        #.#..
        .#.##
    """)
    view = sight_map(board, walls)
    for gone in ({S("A2")}, {S("B3"), S("C4")}, {S("B1")}):
        derived = view.without(gone)
        fresh = SightMap(board, walls - gone)
        assert (derived.flags(), derived.gaps, derived.blocking) == \
            (fresh.flags(), fresh.gaps, fresh.blocking)


def test_corners_are_named_by_the_board_labels():
    assert corner_words((6, 6), [S("G7"), S("G8"), S("H7"), S("H8")]) == \
        "the north-west corner of G7"
    assert corner_words((7, 7), [S("G7"), S("G8"), S("H7"), S("H8")]) == \
        "the south-east corner of G7"  # the centre of a 2 x 2 footprint: its first space
    assert corner_words((3, 4), [S("D3")]) == "the south-east corner of D3"
    assert corner_words((2, 4), [S("D3")]) == "the south-west corner of D3"
    assert corner_words((3, 3), [S("D3")]) == "the north-east corner of D3"
    assert corner_words((9, 9), [S("D3")]) == "the north-west corner of J10"
