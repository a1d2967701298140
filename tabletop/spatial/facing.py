"""A Monster's facing: the spaces in front, the Rear and the blindspots.

Rulebook: *Monster Facing* (front and Rear) and *Monster Diagram* (blindspots); readings fixed
in ``clash-geometry.md``, *Facing, front, rear, blindspots*.  Every function takes the Monster's
north-west space ``at``, its side ``size`` and its ``facing`` and returns a frozenset of board
spaces (spaces off the board are dropped).
"""

from __future__ import annotations

from collections.abc import Iterable

from tabletop.spatial.grid import Board, Space


def _check_facing(facing: str) -> None:
    if facing not in ("north", "east", "south", "west"):
        raise ValueError(f"{facing!r} is not a facing (north, east, south or west)")


def front(board: Board, at: Space, size: int, facing: str) -> frozenset[Space]:
    """Every space strictly beyond the line along the Monster's front edge, across the board.

    Facing north with the footprint's top row ``r0``: every space with row ``< r0``, all
    columns (*Monster Facing*: "all spaces beyond this line ... are considered in front").
    """
    _check_facing(facing)
    top, left = at.row, at.col
    bottom, right = top + size - 1, left + size - 1

    def ahead(space: Space) -> bool:
        return {"north": space.row < top, "south": space.row > bottom,
                "west": space.col < left, "east": space.col > right}[facing]

    return frozenset(s for s in board.spaces() if ahead(s))


def rear(board: Board, at: Space, size: int, facing: str) -> frozenset[Space]:
    """The ``size`` spaces directly behind the footprint and adjacent to it.

    Facing north: the row just below the footprint, the footprint's columns (*Monster
    Facing*: "Rear designates only the spaces adjacent to the Monster, directly behind it").
    """
    _check_facing(facing)
    top, left = at.row, at.col
    if facing == "north":
        spaces = (Space(top + size, left + i) for i in range(size))
    elif facing == "south":
        spaces = (Space(top - 1, left + i) for i in range(size))
    elif facing == "east":
        spaces = (Space(top + i, left - 1) for i in range(size))
    else:
        spaces = (Space(top + i, left + size) for i in range(size))
    return frozenset(s for s in spaces if board.contains(s))


def turn_offset(dx: int, dy: int, size: int, facing: str) -> tuple[int, int]:
    """The north-frame offset ``(dx, dy)`` turned with a Monster of side ``size`` to ``facing``.

    Turning is about the footprint's centre (``clash-geometry.md``): east maps
    ``(dx, dy) -> (size-1-dy, dx)``, south ``-> (size-1-dx, size-1-dy)``, west
    ``-> (dy, size-1-dx)``.

    >>> turn_offset(0, 2, 2, "east")
    (-1, 0)
    """
    _check_facing(facing)
    if facing == "north":
        return dx, dy
    if facing == "east":
        return size - 1 - dy, dx
    if facing == "south":
        return size - 1 - dx, size - 1 - dy
    return dy, size - 1 - dx


def blindspot_spaces(board: Board, at: Space, size: int, facing: str,
                     offsets: Iterable[tuple[int, int]]) -> frozenset[Space]:
    """The board spaces of the blindspot ``offsets`` (north frame, relative to ``at``).

    Each offset is turned with the Monster (:func:`turn_offset`) and added to ``at``; spaces off
    the board are dropped (*Monster Diagram*: "Blindspots are spaces the Monster cannot see").
    """
    out = set()
    for dx, dy in offsets:
        tx, ty = turn_offset(dx, dy, size, facing)
        space = at.step(tx, ty)
        if board.contains(space):
            out.add(space)
    return frozenset(out)
