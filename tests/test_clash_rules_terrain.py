"""Terrain placed during a Clash (rulebook Placing and Removing Terrain During Clashes)."""

from clash_boards import board

from tabletop.games.clash.actions import PlaceTerrain
from tabletop.games.clash.rules import outcomes
from tabletop.spatial.grid import Space

BASE = board("""
[board]
rows = 4
cols = 5
[[knights]]
name = "Kara"
at = "B2"
[[monsters]]
name = "Rat"
type = "mob"
at = "C4"
[[monsters]]
name = "Troll"
type = "boss"
at = "A4"
[[terrain]]
name = "Rubble"
spaces = ["D1"]
keywords = ["difficult"]
[[terrain]]
name = "Rock"
spaces = ["D2"]
keywords = ["obstacle", "indestructible"]
""")


def place(name, labels, *keywords):
    spaces = tuple(Space.parse(label) for label in labels)
    return outcomes(BASE, PlaceTerrain(name, spaces, keywords))


def test_placing_on_other_terrain_destroys_it_unless_indestructible():
    [r] = place("Pit", ["D1"], "chasm")
    assert r.state.tile("Rubble") is None and r.state.tile("Pit") is not None
    [r] = place("Pit", ["D2"], "chasm")
    assert r.state.tile("Pit") is None and r.state.tile("Rock") is not None


def test_a_destructible_obstacle_placed_on_a_knight_breaks_and_crashes_her():
    [r] = place("Column", ["B2"], "obstacle", "destructible")
    assert r.state.tile("Column") is None
    assert r.state.knight("Kara").knockdown == "falling"


def test_an_obstacle_placed_on_a_knight_crashes_and_displaces_her():
    results = place("Wall", ["B2"], "obstacle")
    assert sorted(str(r.state.knight("Kara").at) for r in results) == ["A2", "B1", "B3", "C2"]
    assert all(r.state.knight("Kara").vigor == 9 for r in results)


def test_a_chasm_placed_under_a_knight_kills_her():
    [r] = place("Pit", ["B2"], "chasm")
    assert r.state.knight("Kara") is None


def test_on_monsters():
    [r] = place("Column", ["A4"], "obstacle", "destructible")
    assert r.state.tile("Column") is None          # ignored on a Monster
    results = place("Menhir", ["C4"], "obstacle", "indestructible")
    for r in results:
        assert r.state.tile("Menhir") is not None
        assert str(r.state.monster("Rat").at) != "C4"


SUPPLY = """
[board]
rows = 6
cols = 8
[[monsters]]
name = "Eggknight"
type = "boss"
at = "A1"
[[terrain]]
name = "Column 1"
at = "B2"
keywords = ["obstacle", "destructible"]
[[terrain]]
name = "Column 2"
at = "F8"
keywords = ["obstacle", "destructible"]
[[terrain]]
name = "Column 3"
at = "D7"
keywords = ["obstacle", "destructible"]
[[terrain]]
name = "Rubble"
at = "F1"
keywords = ["difficult"]
"""


def test_tile_supply_removes_the_tile_furthest_from_the_monster():
    # "If all the Terrain tiles of this type are already on the Board, remove the tile furthest
    # from the Monster, then place it on the indicated spaces."
    from tabletop.games.clash.actions import PlaceTerrain
    from tabletop.games.clash.preview import preview
    from tabletop.games.clash.rules import describe
    from tabletop.spatial.grid import Space

    state = board(SUPPLY)
    new = PlaceTerrain("Column 4", (Space.parse("C3"),), ("obstacle", "destructible"), supply=3)
    [r] = outcomes(state, new)
    assert r.state.tile("Column 2") is None and r.state.tile("Column 4") is not None
    assert r.state.tile("Column 3") is not None and r.state.tile("Rubble") is not None
    assert "Column 2 is taken off the board" in " ".join(describe(e) for e in r.events)
    assert preview(state, r).destroyed == ("Column 2",)
    [r] = outcomes(state, replace_supply(new, 4))           # one left in the box
    assert r.state.tile("Column 2") is not None
    [r] = outcomes(state, replace_supply(new, 0))           # supply not limited
    assert len(r.state.terrain) == 5


def test_tile_supply_ties_are_offered():
    from tabletop.games.clash.actions import PlaceTerrain
    from tabletop.spatial.grid import Space

    state = board(SUPPLY.replace('at = "F8"', 'at = "E8"').replace('at = "D7"', 'at = "F7"'))
    # both at range 11 from the Eggknight
    results = outcomes(state, PlaceTerrain("Column 4", (Space.parse("C3"),), ("obstacle",),
                                           supply=3))
    assert sorted(r.choices for r in results) == [("remove Column 2",), ("remove Column 3",)]


def replace_supply(action, supply):
    from dataclasses import replace

    return replace(action, supply=supply)
