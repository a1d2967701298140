"""A Knight's Movement Action (``clash-geometry.md``): Speed, blocked spaces and difficult
terrain, with and without the starting space on it.

In the pictures ``k`` is the Knight, ``#`` a blocked space, ``~`` difficult terrain and
``*`` the spaces it may end on.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.spatial.grid import Board, Space
from tabletop.spatial.reach import reachable


def read(picture: str):
    rows = picture.split()
    board = Board(len(rows), len(rows[0]))
    cells = {Space(r, c): ch for r, line in enumerate(rows) for c, ch in enumerate(line)}
    start = next(s for s, ch in cells.items() if ch in "kK")
    blocked = frozenset(s for s, ch in cells.items() if ch == "#")
    difficult = frozenset(s for s, ch in cells.items() if ch in "~K+")
    marked = frozenset(s for s, ch in cells.items() if ch in "*+")
    return board, start, blocked, difficult, marked


def test_speed_two_on_open_ground():
    board, start, blocked, difficult, marked = read("""
        ..*..
        .***.
        **k**
        .***.
        ..*..
    """)
    assert reachable(board, start, 2, blocked, difficult) == marked


def test_blocked_spaces_are_walked_around():
    board, start, blocked, difficult, marked = read("""
        *....
        *#...
        k#...
        *#...
        *....
    """)
    assert reachable(board, start, 2, blocked, difficult) == marked


def test_difficult_terrain_on_the_path_costs_one_space():
    # Speed 3: three steps along the open row, but only two into or through the bog.
    board, start, blocked, difficult, marked = read("""
        ***..
        k*+~~
        ***..
    """)
    assert reachable(board, start, 3, blocked, difficult) == marked


def test_difficult_terrain_in_the_starting_space_costs_one_space_everywhere():
    # Speed 3 from a bog: every path holds difficult terrain, so at most two steps.
    board, start, blocked, difficult, marked = read("""
        *....
        **...
        K**..
        **...
        *....
    """)
    assert reachable(board, start, 3, blocked, difficult) == marked


def test_the_same_speed_without_the_bog_goes_one_further():
    board, start, blocked, difficult, marked = read("""
        **...
        ***..
        k***.
        ***..
        **...
    """)
    assert reachable(board, start, 3, blocked, difficult) == marked


def test_speed_zero_goes_nowhere_and_the_start_is_never_a_destination():
    board, start, blocked, difficult, _ = read("""
        ...
        .k.
        ...
    """)
    assert reachable(board, start, 0, blocked, difficult) == frozenset()
    assert start not in reachable(board, start, 3, blocked, difficult)


cells = st.builds(Space, st.integers(0, 5), st.integers(0, 5))


@settings(max_examples=100, deadline=None)
@given(cells, st.integers(0, 5), st.frozensets(cells, max_size=10),
       st.frozensets(cells, max_size=10))
def test_every_reachable_space_lies_within_speed_steps(start, speed, blocked, difficult):
    board = Board(6, 6)
    found = reachable(board, start, speed, blocked - {start}, difficult)
    for space in found:
        assert abs(space.row - start.row) + abs(space.col - start.col) <= speed
        assert space not in blocked and board.contains(space)
    if start in difficult:
        assert all(abs(s.row - start.row) + abs(s.col - start.col) <= speed - 1 for s in found)
