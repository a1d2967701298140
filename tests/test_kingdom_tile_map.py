"""Map geometry of the Kingdom tile map (``tabletop.spatial.tile_map``): tiles placed by their
paths, disjointed sections, directions, shortest paths."""

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.spatial.tile_map import (
    OPPOSITE,
    Rect,
    direction_between,
    distances,
    hunt_ends,
    join_shift,
    new_section_place,
    path_cell,
    place_against,
    place_clear,
    shortest_paths,
)


def test_path_cell_counts_from_the_west_or_north_end():
    r = Rect(2, 3, 3, 2)
    assert path_cell(r, "north", 2) == (4, 3)
    assert path_cell(r, "south", 0) == (2, 4)
    assert path_cell(r, "west", 1) == (2, 4)
    assert path_cell(r, "east", 0) == (4, 3)


def test_a_new_face_down_tile_goes_against_the_path_that_leads_to_it():
    # Kingdom Tile Step c: a Large tile south of a Medium one, its north path at offset 1
    # meeting the Medium tile's south path at offset 1.
    src = Rect(0, 0, 2, 1)
    new = place_against(src, "south", 1, (2, 2), back_offset=1)
    assert new == Rect(0, 1, 2, 2)
    assert direction_between(src, new) == "south"
    assert not new.overlaps(src)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["north", "east", "south", "west"]), st.integers(1, 3), st.integers(1, 3),
       st.integers(1, 3), st.integers(1, 3), st.data())
def test_placed_tiles_touch_across_the_path_and_never_overlap(side, w, h, w2, h2, data):
    src = Rect(0, 0, w, h)
    offset = data.draw(st.integers(0, src.side_length(side) - 1))
    back = data.draw(st.integers(0, Rect(0, 0, w2, h2).side_length(OPPOSITE[side]) - 1))
    new = place_against(src, side, offset, (w2, h2), back)
    assert not new.overlaps(src)
    assert direction_between(src, new) == side
    cx, cy = path_cell(src, side, offset)
    bx, by = path_cell(new, OPPOSITE[side], back)
    assert abs(cx - bx) + abs(cy - by) == 1


def test_a_tile_that_would_lie_on_another_is_pushed_outward():
    taken = [Rect(1, 0, 1, 1)]
    assert place_clear(Rect(1, 0, 1, 1), "east", taken) == Rect(2, 0, 1, 1)


def test_a_tile_without_a_connection_starts_a_new_section_apart():
    placed = [Rect(0, 0, 2, 1), Rect(0, 1, 2, 2)]
    new = new_section_place((1, 1), placed)
    assert all(not new.overlaps(r) and new.x >= r.x + r.w + 1 for r in placed)


def test_join_shift_slides_a_section_against_the_path():
    anchor = Rect(0, 0, 1, 1)
    moving = Rect(5, 5, 1, 1)
    shift = join_shift(anchor, "east", 0, moving, 0, [moving, Rect(5, 6, 1, 1)], [anchor])
    assert shift == (-4, -5)
    blocked = join_shift(anchor, "east", 0, moving, 0, [moving], [anchor, Rect(1, 0, 1, 1)])
    assert blocked is None


def test_shortest_paths_lists_every_tie_and_includes_both_ends():
    graph = {"a": ["b", "c"], "b": ["a", "d"], "c": ["a", "d"], "d": ["b", "c"]}
    assert shortest_paths(graph, "a", "d") == [("a", "b", "d"), ("a", "c", "d")]
    assert shortest_paths(graph, "a", "a") == [("a",)]
    assert shortest_paths({"a": [], "z": []}, "a", "z") == []
    assert distances(graph, "a") == {"a": 0, "b": 1, "c": 1, "d": 2}


def test_hunt_stops_after_its_steps_or_at_the_goal():
    line = {"a": ["b"], "b": ["a", "c"], "c": ["b", "d"], "d": ["c"]}
    assert hunt_ends(line, "a", "d", 2) == [("a", "b", "c")]
    assert hunt_ends(line, "a", "d", 5) == [("a", "b", "c", "d")]
    square = {"a": ["b", "c"], "b": ["a", "d"], "c": ["a", "d"], "d": ["b", "c"]}
    assert {w[-1] for w in hunt_ends(square, "a", "d", 1)} == {"b", "c"}


def test_direction_between_unequal_tiles_is_the_touching_edge_not_the_centres():
    """*Collecting Clues* reads the direction of travel; without a path it is the side the
    tiles touch along. A small tile on the north edge of a wide one, near its east end, lies
    north of it, though its centre is mostly east of the wide tile's centre."""
    wide, small = Rect(0, 1, 4, 1), Rect(3, 0, 1, 1)
    assert direction_between(wide, small) == "north"
    assert direction_between(small, wide) == "south"
