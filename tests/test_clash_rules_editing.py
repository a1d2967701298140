"""Edit mode: placements refused with the layout loader's own messages."""

import pytest
from clash_boards import board

from tabletop.errors import IllegalActionError
from tabletop.games.clash.actions import (
    AddTerrain,
    MovePiece,
    PlaceKnight,
    PlaceMonster,
    RemovePiece,
    RotateMonster,
)
from tabletop.games.clash.rules import apply, describe
from tabletop.spatial.grid import Space

BASE = board("""
[board]
rows = 5
cols = 5
[[knights]]
name = "Kara"
at = "A1"
[[monsters]]
name = "Eggknight"
type = "boss"
at = "C3"
size = 2
facing = "north"
[[terrain]]
name = "Column"
spaces = ["A5"]
keywords = ["obstacle"]
""")


def test_place_knight_on_a_monster_is_refused_like_the_loader():
    with pytest.raises(IllegalActionError, match="would overlap Eggknight on D4; two pieces "
                                                 "cannot share a space"):
        apply(BASE, PlaceKnight("Odo", Space.parse("D4")))


def test_place_knight_on_obstacle_and_off_board():
    with pytest.raises(IllegalActionError, match="Column \\(obstacle\\); no piece may stand"):
        apply(BASE, PlaceKnight("Odo", Space.parse("A5")))
    with pytest.raises(IllegalActionError, match="off the board"):
        apply(BASE, PlaceKnight("Odo", Space.parse("F1")))


def test_duplicate_names_are_refused():
    with pytest.raises(IllegalActionError, match="used twice"):
        apply(BASE, PlaceKnight("Column", Space.parse("B1")))


def test_move_rotate_remove_and_add():
    state, _ = apply(BASE, MovePiece("Eggknight", Space.parse("A2")))
    assert state.monster("Eggknight").spaces[0] == Space.parse("A2")
    state, _ = apply(state, RotateMonster("Eggknight"))
    assert state.monster("Eggknight").facing == "east"
    state, _ = apply(state, RemovePiece("Column"))
    assert state.tile("Column") is None
    state, _ = apply(state, AddTerrain("Pit", (Space.parse("E5"),), ("chasm",)))
    assert state.tile("Pit").keywords == ("chasm",)
    with pytest.raises(IllegalActionError, match="Pit \\(chasm\\)"):
        apply(state, MovePiece("Kara", Space.parse("E5")))
    state, _ = apply(state, PlaceMonster("Rat", "mob", Space.parse("E1")))
    assert state.monster("Rat").kind == "mob"


def test_moving_a_monster_over_a_knight_is_refused():
    with pytest.raises(IllegalActionError, match="overlap"):
        apply(BASE, MovePiece("Eggknight", Space.parse("A1")))


def test_a_new_tile_is_described_with_all_its_spaces():
    state, events = apply(BASE, AddTerrain("Wall", (Space.parse("E2"), Space.parse("E1")),
                                           ("obstacle",)))
    assert [describe(e) for e in events] == ["Wall is placed on E1, E2."]
