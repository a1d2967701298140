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
