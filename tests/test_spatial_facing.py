"""Monster facing (``clash-geometry.md``, *Facing, front, rear, blindspots*): front, Rear and
blindspots for each of the four facings, drawn as small boards.

In the pictures ``M`` is the Monster's footprint and ``*`` the spaces asked about.
"""

from __future__ import annotations

import pytest

from tabletop.spatial.facing import blindspot_spaces, front, rear, turn_offset
from tabletop.spatial.grid import Board, Space

BOARD = Board(6, 6)
AT = Space.parse("C3")  # a 2 x 2 Monster on C3, C4, D3, D4


def drawn(picture: str) -> frozenset[Space]:
    """The ``*`` spaces of a 6 x 6 picture."""
    rows = picture.split()
    return frozenset(Space(r, c) for r, line in enumerate(rows)
                     for c, ch in enumerate(line) if ch == "*")


FRONT = {
    "north": """******
                ******
                ..MM..
                ..MM..
                ......
                ......""",
    "south": """......
                ......
                ..MM..
                ..MM..
                ******
                ******""",
    "east": """....**
               ....**
               ..MM**
               ..MM**
               ....**
               ....**""",
    "west": """**....
               **....
               **MM..
               **MM..
               **....
               **....""",
}

REAR = {
    "north": """......
                ......
                ..MM..
                ..MM..
                ..**..
                ......""",
    "south": """......
                ..**..
                ..MM..
                ..MM..
                ......
                ......""",
    "east": """......
               ......
               .*MM..
               .*MM..
               ......
               ......""",
    "west": """......
               ......
               ..MM*.
               ..MM*.
               ......
               ......""",
}

# Blindspot offsets [[-1, 2], [0, 2]]: behind, and diagonally behind the left flank.
BLIND = {
    "north": """......
                ......
                ..MM..
                ..MM..
                .**...
                ......""",
    "east": """......
               .*....
               .*MM..
               ..MM..
               ......
               ......""",
    "south": """......
               ...**.
               ..MM..
               ..MM..
               ......
               ......""",
    "west": """......
               ......
               ..MM..
               ..MM*.
               ....*.
               ......""",
}


@pytest.mark.parametrize("facing", ["north", "east", "south", "west"])
def test_front_is_every_space_beyond_the_front_edge(facing):
    assert front(BOARD, AT, 2, facing) == drawn(FRONT[facing])


@pytest.mark.parametrize("facing", ["north", "east", "south", "west"])
def test_rear_is_the_spaces_directly_behind(facing):
    assert rear(BOARD, AT, 2, facing) == drawn(REAR[facing])


@pytest.mark.parametrize("facing", ["north", "east", "south", "west"])
def test_blindspots_turn_with_the_monster(facing):
    assert blindspot_spaces(BOARD, AT, 2, facing, [(-1, 2), (0, 2)]) == drawn(BLIND[facing])


def test_turning_follows_the_spec_formulas():
    assert turn_offset(0, 2, 3, "east") == (0, 0)
    assert turn_offset(1, 0, 3, "south") == (1, 2)
    assert turn_offset(2, 1, 3, "west") == (1, 0)
    for facing in ("north", "east", "south", "west"):  # the footprint maps onto itself
        turned = {turn_offset(dx, dy, 3, facing) for dx in range(3) for dy in range(3)}
        assert turned == {(dx, dy) for dx in range(3) for dy in range(3)}


def test_spaces_off_the_board_are_dropped():
    corner = Space.parse("A1")
    assert rear(BOARD, corner, 2, "south") == frozenset()
    assert blindspot_spaces(BOARD, corner, 2, "south", [(0, 2), (1, 2)]) == frozenset()
    assert front(BOARD, corner, 1, "north") == frozenset()


def test_a_1x1_and_a_3x3_monster():
    assert rear(BOARD, Space.parse("B2"), 1, "west") == {Space.parse("B3")}
    assert rear(BOARD, Space.parse("B2"), 3, "north") == {Space.parse(x) for x in
                                                         ("E2", "E3", "E4")}


def test_an_unknown_facing_is_refused():
    with pytest.raises(ValueError, match="up"):
        front(BOARD, AT, 2, "up")
