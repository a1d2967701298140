"""Every space seen from a piece (``visible_from``, shadow casting) answers exactly like the
plain way: each candidate asked on its own, every corner pair against every blocking space
(``tests/geometry_boards.reference_los``), with the candidate's own map where it has one."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.bench import geometry_board
from tabletop.games.clash import geometry as geo
from tabletop.spatial.grid import Board, Space, square
from tabletop.spatial.shadowcast import bits_of, bytes_of
from tabletop.spatial.sight import SightMap, line_of_sight, visible_from
from tests.geometry_boards import reference_los

ROWS, COLS = 7, 8
cells = st.builds(Space, st.integers(0, ROWS - 1), st.integers(0, COLS - 1))
walls_strategy = st.frozensets(cells, max_size=18)


def reference_visible(walls, from_spaces, candidates, own_walls=None):
    """The oracle: each candidate asked on its own with the slow reference."""
    own_walls = own_walls or {}
    return [s for s in candidates
            if reference_los(own_walls.get(s, walls), tuple(from_spaces), (s,))]


@settings(max_examples=80, deadline=None)
@given(walls_strategy, cells, st.integers(1, 3))
def test_visible_from_matches_the_reference(walls, at, size):
    board = Board(ROWS, COLS)
    piece = [s for s in square(at, size) if board.contains(s)]
    candidates = [s for s in board.spaces() if s not in piece]
    view = SightMap(board, walls)
    assert visible_from(view, piece, candidates) == reference_visible(walls, piece, candidates)


@settings(max_examples=80, deadline=None)
@given(walls_strategy, cells, st.lists(st.tuples(cells, st.frozensets(cells, max_size=4)),
                                       max_size=6))
def test_spaces_with_their_own_maps_match_the_reference(walls, at, exemptions):
    """Each listed space is judged with some walls (itself among them when it is a wall) not
    blocking, as a space of an obscuring tile is for a piece standing on it."""
    board = Board(ROWS, COLS)
    view = SightMap(board, walls)
    own_maps, own_walls = {}, {}
    for space, freed in exemptions:
        if space == at:
            continue
        gone = (freed | {space}) & walls
        own_maps[space] = view.without(gone)
        own_walls[space] = walls - gone
    candidates = [s for s in board.spaces() if s != at]
    assert visible_from(view, [at], candidates, own_maps) == \
        reference_visible(walls, [at], candidates, own_walls)


WIDE_ROWS, WIDE_COLS = 9, 17
wide_cells = st.builds(Space, st.integers(0, WIDE_ROWS - 1), st.integers(0, WIDE_COLS - 1))


@settings(max_examples=60, deadline=None)
@given(st.frozensets(wide_cells, max_size=28), wide_cells, st.integers(1, 3),
       st.lists(st.tuples(wide_cells, st.frozensets(wide_cells, max_size=3)), max_size=8))
def test_long_shallow_lines_on_a_wide_board_match_testing_each_segment(walls, at, size,
                                                                        exemptions):
    """Few walls on a board twice as wide as it is tall: lines run far and at shallow slopes
    (a quadrant's rows cross many cells), from pieces at the edges too; each candidate is
    asked on its own with the segment walk (itself checked against the slow reference)."""
    board = Board(WIDE_ROWS, WIDE_COLS)
    piece = [s for s in square(at, size) if board.contains(s)]
    view = SightMap(board, walls)
    own_maps = {space: view.without((freed | {space}) & walls) for space, freed in exemptions
                if space not in piece}
    candidates = [s for s in board.spaces() if s not in piece]
    expected = [s for s in candidates
                if line_of_sight(own_maps.get(s, view), piece, [s]).clear]
    assert visible_from(view, piece, candidates, own_maps) == expected


@given(st.lists(st.integers(0, 1), max_size=300))
def test_rows_of_bytes_and_their_bits_convert_both_ways(marks):
    """The sweep keeps rows as bits and answers pick spaces from bytes: bit ``i`` is byte
    ``i``."""
    raw = bytes(marks)
    bits = bits_of(raw)
    assert bits == sum(1 << i for i, mark in enumerate(marks) if mark)
    assert bytes_of(bits, len(raw)) == raw


def test_a_piece_whose_corner_is_a_diagonal_gap_sees_through_its_other_corners():
    board = Board(5, 5)
    walls = frozenset({Space(1, 1), Space(2, 2)})  # they meet at the point (2, 2)
    view = SightMap(board, walls)
    piece = [Space(1, 2)]  # its south-west corner is the gap
    candidates = [s for s in board.spaces() if s not in piece]
    assert (2, 2) in view.gaps
    assert visible_from(view, piece, candidates) == reference_visible(walls, piece, candidates)


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000))
def test_clash_visible_on_random_boards_matches_asking_los_of_each_space(seed):
    """Tiles of one and two spaces, Knights standing beside and (below) on them."""
    state = geometry_board(seed=seed, tiles=14, knights=4, side=9)
    for knight in state.knights:
        expected = [s for s in state.board.spaces() if s != knight.at
                    and geo.geometric_los(state, knight.name, str(s)).clear]
        assert geo.visible(state, knight.name) == expected
        assert geo.visible_labels(state, knight.name) == [str(s) for s in expected]


def test_clash_visible_from_a_space_of_an_obscuring_tile():
    state = geometry_board(seed=5, tiles=20, knights=1, side=10)
    for tile in state.terrain[:6]:
        for space in tile.spaces:
            expected = [s for s in state.board.spaces() if s != space
                        and geo.geometric_los(state, str(space), str(s)).clear]
            assert geo.visible(state, str(space)) == expected
