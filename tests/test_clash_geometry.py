"""The Clash geometry bridge (``tabletop.games.clash.geometry``): the rulebook's examples, the
tile exception, Monster sight, Vantage Points, and boss against mob distance."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.bench import geometry_board
from tabletop.games import layouts
from tabletop.games.clash import geometry as geo
from tabletop.games.clash.state import ClashState, Knight, Monster, Terrain
from tabletop.spatial.grid import Board, Space
from tests.geometry_boards import picture, reference_distance, reference_los

S = Space.parse
LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"


def load(name: str) -> ClashState:
    return layouts.load(LAYOUTS / name)[1]


def test_line_of_sight_rulebook_example_only_fleischritter_is_seen():
    state = load("clash-los-example.toml")
    assert geo.sees(state, "Eggknight") == ["Fleischritter"]
    kara = geo.los(state, "Eggknight", "Kara")
    assert not kara.clear and "Ruined Wall" in kara.why and kara.line is None
    assert "Column" in geo.los(state, "Eggknight", "Ubar").why
    assert "Broken Column" in geo.los(state, "Eggknight", "Paracelsa").why
    assert not geo.los(state, "Kara", "Eggknight").clear  # symmetric plain geometry


def test_teaching_layout_notes_are_true():
    state = load("clash-teaching.toml")
    assert geo.sees(state, "Eggknight") == ["Fleischritter"]
    assert "Ruined Wall" in geo.los(state, "Eggknight", "Kara").why
    assert "Column" in geo.los(state, "Eggknight", "Brann").why
    odo = geo.los(state, "Eggknight", "Odo")
    assert not odo.clear and "blindspot" in odo.why
    assert geo.geometric_los(state, "Eggknight", "Odo").clear  # nothing stands between them


def test_diagonal_squeeze_layout_notes_are_true():
    state = load("clash-diagonal-squeeze.toml")
    squeeze = geo.los(state, "Kara", "Ubar")
    assert not squeeze.clear and "diagonal gap" in squeeze.why
    assert "Rock (D5)" in squeeze.why and "Stump (E4)" in squeeze.why
    touch = geo.los(state, "Odo", "Brann")
    assert touch.clear and "only touches a corner of Boulder (H8)" in touch.why


def test_obscuring_tile_layout_notes_are_true():
    state = load("clash-obscuring-tile.toml")
    kara = geo.los(state, "Ratwolf", "Kara")
    assert kara.clear and "Tall Grass does not block LoS for Kara, standing on it" in kara.why
    assert geo.los(state, "Kara", "Ratwolf").clear
    assert not geo.los(state, "Ratwolf", "Ubar").clear
    assert geo.sees(state, "Ratwolf") == ["Kara"]
    grass = {s for t in state.terrain for s in t.spaces}
    assert grass <= set(geo.visible(state, "Ubar"))


def test_blindspots_layout_notes_are_true():
    state = load("clash-blindspots.toml")
    spot = {"Ogre": "D2", "Boar": "A9", "Wyrm": "K6", "Hound": "K13"}
    hidden = {"Ogre": "Ada", "Boar": "Bert", "Wyrm": "Cleo", "Hound": "Dirk"}
    for monster, label in spot.items():
        assert S(label) in geo.blindspots_of(state, monster)
        assert hidden[monster] not in geo.sees(state, monster)
        assert geo.geometric_los(state, monster, hidden[monster]).clear
    assert geo.sees(state, "Ogre") == ["Bert", "Cleo", "Dirk"]
    assert geo.los(state, "Ada", "Ogre").clear


def test_difficult_terrain_layout_notes_are_true():
    state = load("clash-difficult-terrain.toml")
    kara = geo.reach(state, "Kara")
    assert {S("G2"), S("D4")} <= kara and S("E4") not in kara
    ubar = geo.reach(state, "Ubar")
    assert S("H5") in ubar and S("I5") not in ubar
    assert S("C6") not in kara | ubar and S("C5") in kara  # the Boulder, and beside it


GRASS = Terrain("Tall Grass", (S("A3"), S("A4"), S("A5")), ("obscuring",))


def test_tile_exception_works_from_either_end():
    # a . G G G . b     G: one Tall Grass tile of three spaces; C stands in it on A4
    state = picture("""
        a.....b
        .......
    """, on_tiles={"C": "A4"})
    state = replace(state, terrain=(GRASS,))
    assert not geo.los(state, "A", "B").clear  # the grass blocks between two outsiders
    assert geo.los(state, "A", "C").clear and geo.los(state, "C", "A").clear
    assert geo.los(state, "C", "B").clear  # every space of the tile stops blocking
    assert "Tall Grass does not block LoS for C, standing on it" in geo.los(state, "A", "C").why


def test_a_second_tile_on_the_same_space_still_blocks():
    state = picture("""
        a.....b
        .......
    """, on_tiles={"C": "A4"})
    hedge = Terrain("Hedge", (S("A3"),), ("obscuring",))
    state = replace(state, terrain=(GRASS, hedge))
    sight = geo.los(state, "A", "C")
    assert not sight.clear and "Hedge" in sight.why and sight.blocker == S("A3")


def test_a_space_label_is_a_one_space_piece():
    state = load("clash-teaching.toml")
    assert geo.los(state, "Fleischritter", "C9").clear
    assert geo.resolve(state, "c9").spaces == (S("C9"),)
    assert geo.resolve(state, "kara").name == "Kara"  # names are matched ignoring case


def test_boss_distance_is_its_range_but_a_mob_walks_around():
    wall = picture("""
        ...#...
        ...#...
        ...#...
        .......
    """)
    boss = Monster("Boss", "boss", S("A1"))
    mob = Monster("Mob", "mob", S("A1"))
    knight = Knight("K", S("A7"))
    for monster, expected in ((boss, 6), (mob, 12)):
        state = replace(wall, monsters=(monster,), knights=(knight,))
        assert geo.range_(state, monster.name, "K") == 6
        assert geo.distance(state, monster.name, "K") == expected
    state = replace(wall, knights=(Knight("J", S("A1")), knight))
    assert geo.distance(state, "J", "K") == 12  # a Knight walks around like a mob


def test_a_mob_can_never_reach_a_walled_in_knight():
    state = picture("""
        ..#.
        ..#a
        ..##
    """)
    state = replace(state, monsters=(Monster("Mob", "mob", S("A1")),))
    assert geo.distance(state, "Mob", "A") is None
    assert geo.distance(state, "A", "Mob") is None


def vantage_state() -> ClashState:
    state = picture("""
        ..........
        ..........
        ..........
        ..b.......
        ..........
    """)
    giant = Monster("Giant", "boss", S("B4"), 2, "south", ((0, -1),))
    other = Monster("Wisp", "mob", S("E9"), 1, "north")
    rider = Knight("Rider", S("B4"), vantage="Giant")
    return replace(state, monsters=(giant, other), knights=(*state.knights, rider,
                                                            Knight("Near", S("D5"))))


def test_a_knight_on_a_vantage_point_is_never_in_a_monsters_los():
    state = vantage_state()
    assert not geo.los(state, "Giant", "Rider").clear
    assert "Vantage Point" in geo.los(state, "Wisp", "Rider").why
    assert "Rider" not in geo.sees(state, "Giant")


def test_vantage_points_adjacency_and_range():
    state = vantage_state()
    assert geo.range_(state, "Rider", "Giant") == 1
    assert geo.range_(state, "Rider", "Near") == 1  # Near is adjacent to the Giant
    assert geo.range_(state, "Rider", "B") == geo.range_(state, "Giant", "B") == 2
    assert geo.range_(state, "Rider", "Wisp") == geo.range_(state, "Giant", "Wisp")
    assert geo.distance(state, "Giant", "Rider") == 1


def test_knights_on_vantage_points_are_never_in_a_monsters_zone():
    state = vantage_state()
    assert "Rider" not in geo.knights_in_zone(state, "Giant", 3)
    assert "Rider" not in geo.knights_in_zone(state, "Wisp", 9)
    assert "Rider" in geo.knights_in_zone(state, "Rider", 0)  # a Knight source is affected
    assert S("B4") not in geo.zone_of(state, "Giant", 1)


def test_a_knight_on_a_vantage_point_steps_first_beside_its_monster():
    state = vantage_state()
    reach = geo.reach(state, "Rider")
    assert S("A4") in reach and S("B6") in reach  # one step, "as if adjacent"
    assert not reach & set(state.pieces["Giant"].spaces)


def test_visible_matches_asking_los_of_every_space():
    state = picture("""
        ..........
        ..#..o....
        ....##o...
        .a....o...
        ..........
    """, on_tiles={"G": "C7"})
    state = replace(state, monsters=(Monster("M", "boss", S("E9"), 1, "north", ((0, -1),)),))
    for who in ("A", "G", "M"):
        own = set(geo.resolve(state, who).spaces)
        expected = [s for s in state.board.spaces() if s not in own
                    and geo.los(state, who, str(s)).clear]
        assert geo.visible(state, who) == expected, who
    assert S("D9") not in geo.visible(state, "M")  # its blindspot


cells = st.builds(Space, st.integers(0, 4), st.integers(0, 5))


@settings(max_examples=80, deadline=None)
@given(st.frozensets(cells, max_size=8), st.frozensets(cells, max_size=4), cells, cells)
def test_geometric_los_is_symmetric_with_the_tile_exception(columns, grass, p, q):
    terrain = tuple(Terrain(f"T{s}", (s,), ("obscuring",)) for s in sorted(columns | grass))
    state = ClashState(board=Board(5, 6), terrain=terrain)
    there = geo.los(state, str(p), str(q)).clear
    assert there == geo.los(state, str(q), str(p)).clear
    assert there == reference_los(frozenset((columns | grass) - {p, q}), (p,), (q,))


@settings(max_examples=60, deadline=None)
@given(st.frozensets(cells, max_size=8), cells, cells, st.sampled_from(("boss", "mob")))
def test_range_never_exceeds_distance_on_a_clash_board(walls, at, target, kind):
    terrain = tuple(Terrain(f"W{s}", (s,), ("obstacle",)) for s in sorted(walls - {at, target}))
    state = ClashState(board=Board(5, 6), terrain=terrain,
                       monsters=(Monster("M", kind, at),))
    found = geo.distance(state, "M", str(target))
    assert found is None or geo.range_(state, "M", str(target)) <= found


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000))
def test_distance_between_pieces_matches_a_plain_search(seed):
    """Knights walk around obstacle tiles and the other Knights (*Targeting*), as a plain
    search over spaces finds it (``tests/test_spatial_measure.reference_distance``)."""
    state = geometry_board(seed=seed, tiles=18, knights=6, side=9)
    walls = {s for t in state.terrain for s in t.spaces}
    for a in state.knights:
        for b in state.knights:
            blocked = walls | ({k.at for k in state.knights} - {a.at, b.at})
            expected = reference_distance(state.board, a.at, 1, [b.at],
                                          lambda s, blocked=blocked: s not in blocked)
            assert geo.distance(state, a.name, b.name) == expected, (a.name, b.name)


def test_states_with_the_same_tiles_share_one_terrain_structure_and_the_cache_is_bounded():
    state = geometry_board(tiles=10, side=12, knights=2)
    moved = replace(state, title="moved")  # what an action leaves: the same tile objects
    assert geo._terrain(moved) is geo._terrain(state)
    boards = [geometry_board(seed=seed, tiles=10, side=12, knights=2) for seed in range(40)]
    first = boards[0]
    before = geo.visible_labels(first, first.knights[0].name)
    for board in boards:
        geo._terrain(board)
    assert len(geo._by_tiles) == 32
    again = replace(first, title="again")  # its tiles' entry is gone: built anew, same answer
    assert geo._terrain(again) is not geo._terrain(first)
    assert geo.visible_labels(again, first.knights[0].name) == before
