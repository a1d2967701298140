"""Zone geometry (tabletop/spatial/zone_graph.py): distance, movement and shooting adjacency,
Range +1, barricade directions and the cheapest Exit path.

Maps are drawn as text: each letter is a 1x1 tile at its column/row, ``-`` and ``|`` are
connections, ``#`` a closed door between the tiles on either side.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.spatial.zone_graph import (
    Link,
    ZoneGraph,
    ZoneShape,
    can_shoot,
    direction_of,
    exit_path,
    first_steps_toward,
    move_neighbours,
    shortest_path,
    zone_distance,
)


def draw(picture: str, portals=(), barricades=None) -> ZoneGraph:
    """A graph from a text picture: letters at even columns/rows are zones; ``-``/``|``
    between two letters join them, ``#`` joins them with a closed door."""
    rows = picture.strip("\n").splitlines()
    zones, links = [], []
    for r, line in enumerate(rows):
        for c, char in enumerate(line):
            if char.isalpha():
                zones.append(ZoneShape(char, char.upper(), c // 2, r // 2))
    at = {(z.x * 2, z.y * 2): z.id for z in zones}
    for r, line in enumerate(rows):
        for c, char in enumerate(line):
            if char in "-#" and r % 2 == 0:
                links.append(Link(at[(c - 1, r)], at[(c + 1, r)], char == "#"))
            if char in "|#" and r % 2 == 1:
                links.append(Link(at[(c, r - 1)], at[(c, r + 1)], char == "#"))
    return ZoneGraph(tuple(zones), tuple(links), tuple(portals),
                     {k: frozenset(v) for k, v in (barricades or {}).items()})


# a - b - c
# |       |
# d # e - f
MAP = """
a-b-c
|   |
d#e-f
"""


def test_zone_distance_counts_connections_crossed():
    g = draw(MAP)
    assert zone_distance(g, "a", "a") == 0
    assert zone_distance(g, "a", "b") == 1
    assert zone_distance(g, "a", "f") == 3


def test_doors_closed_door_cuts_the_connection_for_distance_and_movement():
    g = draw(MAP)
    assert zone_distance(g, "d", "e") == 5  # the long way round: d a b c f e
    assert "e" not in move_neighbours(g, "d")


def test_portals_join_zones_for_hero_movement_only():
    g = draw(MAP, portals=[("a", "f")])
    assert "f" in g.portal_neighbours("a")
    assert "f" not in move_neighbours(g, "a")
    assert zone_distance(g, "a", "f") == 3
    assert not can_shoot(g, "a", "f").ok
    assert "portals never carry shots" in can_shoot(draw("a c", [("a", "c")]), "a", "c").why


def test_unreachable_zone_has_no_distance():
    g = draw("a#b")
    assert zone_distance(g, "a", "b") is None
    assert shortest_path(g, "a", "b") is None


def test_shot_hits_an_adjacent_zone_only():
    g = draw(MAP)
    assert can_shoot(g, "a", "b").ok
    assert not can_shoot(g, "a", "a").ok
    far = can_shoot(g, "a", "c")
    assert not far.ok and "beyond the shot's reach of 1" in far.why


def test_range_plus_one_reaches_one_zone_further():
    g = draw(MAP)
    shot = can_shoot(g, "a", "c", reach=2)
    assert shot.ok and shot.route == ("a", "b", "c")
    assert not can_shoot(g, "a", "f", reach=2).ok


def test_doors_closed_door_blocks_shots():
    check = can_shoot(draw(MAP), "d", "e")
    assert not check.ok
    assert check.why == "the closed door between D and E blocks the shot"


# a b
# | |
# c-d      (c is the Chapel, protected against shots from the north)
def test_barricades_block_shots_from_the_direction_the_arrows_point():
    g = draw("a b\n| |\nc-d", barricades={"c": {"north"}})
    blocked = can_shoot(g, "a", "c")
    assert not blocked.ok
    assert blocked.why == "the barricade in C blocks shots from the north"
    assert can_shoot(g, "d", "c").ok  # from the east: not protected


def test_barricades_let_shots_pass_into_zones_beyond():
    g = draw("a-b-c", barricades={"b": {"west"}})
    assert not can_shoot(g, "a", "b").ok
    assert can_shoot(g, "a", "c", reach=2).ok
    assert can_shoot(g, "c", "b").ok


def test_barricade_also_stops_a_long_shot_entering_from_its_side():
    g = draw("a-b-c", barricades={"c": {"west"}})
    assert not can_shoot(g, "a", "c", reach=2).ok


def test_direction_of_a_diagonal_neighbour_is_both_sides():
    g = ZoneGraph((ZoneShape("a", "A", 0, 0), ZoneShape("b", "B", 1, 1)), (Link("a", "b"),),
                  barricades={"b": frozenset({"west"})})
    assert direction_of(g, "a", "b") == {"north", "west"}
    assert not can_shoot(g, "a", "b").ok


def test_barricade_direction_is_the_shared_edge_not_the_tile_centres():
    """*Rule Unlocks > Barricades*: "Heroes and enemies cannot shoot into a zone containing a
    barricade token from the direction the arrows point" — the edge the shot crosses."""
    # a small tile on the north edge of a wide one, near its east end: the centre offset is
    # mostly east, but the shot crosses the wide tile's north edge
    wide = ZoneGraph((ZoneShape("a", "A", 3, 0), ZoneShape("b", "B", 0, 1, 4, 1)),
                     (Link("a", "b"),), barricades={"b": frozenset({"north"})})
    assert direction_of(wide, "a", "b") == {"north"}
    assert direction_of(wide, "b", "a") == {"south"}
    assert not can_shoot(wide, "a", "b").ok
    assert "from the north" in can_shoot(wide, "a", "b").why
    east_only = ZoneGraph(wide.zones, wide.links, barricades={"b": frozenset({"east"})})
    assert can_shoot(east_only, "a", "b").ok


def test_barricade_direction_of_tiles_apart_is_every_side_they_lie_beyond():
    far = ZoneGraph((ZoneShape("a", "A", 0, 0, 4, 1), ZoneShape("b", "B", 5, 1, 1, 1)))
    assert direction_of(far, "a", "b") == {"north", "west"}
    below = ZoneGraph((ZoneShape("a", "A", 0, 3, 2, 2), ZoneShape("b", "B", 1, 0, 3, 2)))
    assert direction_of(below, "a", "b") == {"south"}


@settings(max_examples=60, derandomize=True)
@given(st.integers(1, 4), st.integers(1, 4), st.integers(1, 4), st.integers(1, 4),
       st.integers(-3, 3))
def test_tiles_sharing_an_edge_see_each_other_across_that_edge_only(w1, h1, w2, h2, shift):
    """Whatever the sizes, two tiles laid against each other are on one side of each other,
    opposite sides seen from each end."""
    lower = ZoneShape("b", "B", 0, h1, w2, h2)
    upper = ZoneShape("a", "A", max(-w1 + 1, min(w2 - 1, shift)), 0, w1, h1)
    g = ZoneGraph((upper, lower))
    assert direction_of(g, "a", "b") == {"north"}
    assert direction_of(g, "b", "a") == {"south"}


def test_exit_path_counts_start_and_exit_zones():
    g = draw("a-b-c")
    found = exit_path(g, "a", "c", costly={"a", "c"})
    assert found.cost == 2 and found.path == ("a", "b", "c") and found.costly == ("a", "c")


def test_exit_path_takes_the_cheapest_route_not_the_shortest():
    g = draw(MAP)
    cheap = exit_path(g, "a", "f", costly={"b"})
    assert cheap.cost == 1  # every route from a to f passes b or the closed door
    g2 = draw("a-b-c\n|   |\nd-e-f")
    assert exit_path(g2, "a", "c", costly={"b"}).path == ("a", "d", "e", "f", "c")


def test_exit_path_ignores_portals_and_closed_doors():
    g = draw("a#b", portals=[("a", "b")])
    assert exit_path(g, "a", "b", costly=()) is None


def test_enemy_step_sees_every_equally_short_first_step():
    g = draw("a-b\n| |\nc-d")
    assert first_steps_toward(g, "a", "d") == ("b", "c")
    assert first_steps_toward(g, "a", "a") == ()


@st.composite
def graphs(draw_):
    n = draw_(st.integers(2, 7))
    ids = [chr(ord("a") + i) for i in range(n)]
    pairs = [(a, b) for i, a in enumerate(ids) for b in ids[i + 1:]]
    chosen = draw_(st.lists(st.sampled_from(pairs), unique=True, max_size=len(pairs)))
    closed = draw_(st.lists(st.booleans(), min_size=len(chosen), max_size=len(chosen)))
    zones = tuple(ZoneShape(z, z, i * 2, 0) for i, z in enumerate(ids))
    return ZoneGraph(zones, tuple(Link(a, b, c) for (a, b), c in zip(chosen, closed,
                                                                      strict=True)))


@settings(max_examples=60, deadline=None)
@given(graphs(), st.data())
def test_zone_distance_is_a_metric(g, data):
    a, b, c = (data.draw(st.sampled_from([z.id for z in g.zones])) for _ in range(3))
    ab, bc, ac = zone_distance(g, a, b), zone_distance(g, b, c), zone_distance(g, a, c)
    assert ab == zone_distance(g, b, a)
    if ab is not None and bc is not None:
        assert ac is not None and ac <= ab + bc


@settings(max_examples=60, deadline=None)
@given(graphs(), st.data())
def test_exit_path_is_never_dearer_than_the_shortest_route(g, data):
    ids = [z.id for z in g.zones]
    a, b = data.draw(st.sampled_from(ids)), data.draw(st.sampled_from(ids))
    costly = set(data.draw(st.lists(st.sampled_from(ids))))
    found, short = exit_path(g, a, b, costly), shortest_path(g, a, b)
    assert (found is None) == (short is None)
    if found:
        assert found.cost <= sum(z in costly for z in short)
        assert found.path[0] == a and found.path[-1] == b
        assert found.cost == sum(z in costly for z in found.path)
