"""Directions of forced movement on a square grid: "directly away", "to the side", sliding
along a Board Edge.  Plain values in and out; the Clash rules decide what the steps do.

Reading (``docs/clash-rules.md``): "directly away from the source in a straight line" is the
cardinal direction along which the mover's centre lies furthest from the source's centre; when
both axes are equally far (a diagonal) both directions are offered, and a mover whose centre is
the source's centre (a Knight under a Monster) may go any of the four ways.
"""

from __future__ import annotations

from collections.abc import Iterable

from tabletop.spatial.grid import DIRECTIONS, Space

PERPENDICULAR = {"north": ("east", "west"), "south": ("east", "west"),
                 "east": ("north", "south"), "west": ("north", "south")}
OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}


def centre2(spaces: Iterable[Space]) -> tuple[int, int]:
    """Twice the centre ``(x, y)`` of the bounding box of ``spaces`` (integers, no halves)."""
    cells = list(spaces)
    xs = [s.col for s in cells]
    ys = [s.row for s in cells]
    return min(xs) + max(xs) + 1, min(ys) + max(ys) + 1


def offset2(source: Iterable[Space], mover: Iterable[Space]) -> tuple[int, int]:
    """Twice the vector from ``source``'s centre to ``mover``'s centre."""
    sx, sy = centre2(source)
    mx, my = centre2(mover)
    return mx - sx, my - sy


def _sign_direction(axis: str, value: int) -> str:
    if axis == "x":
        return "east" if value > 0 else "west"
    return "south" if value > 0 else "north"


def away(source: Iterable[Space], mover: Iterable[Space]) -> tuple[str, ...]:
    """The cardinal directions that lead ``mover`` directly away from ``source`` in a straight
    line, in the order north, east, south, west.

    >>> away([Space(2, 2)], [Space(0, 2)])
    ('north',)
    >>> away([Space(1, 1)], [Space(0, 0)])
    ('north', 'west')
    """
    dx, dy = offset2(source, mover)
    if dx == 0 and dy == 0:
        return tuple(DIRECTIONS)
    found: set[str] = set()
    if abs(dx) >= abs(dy):
        found.add(_sign_direction("x", dx))
    if abs(dy) >= abs(dx):
        found.add(_sign_direction("y", dy))
    return tuple(d for d in DIRECTIONS if d in found)


def toward(mover: Iterable[Space], target: Iterable[Space]) -> tuple[str, ...]:
    """The cardinal directions that lead ``mover`` straight toward ``target`` (the way from
    the mover's centre to the target's).

    >>> toward([Space(2, 2)], [Space(0, 2)])
    ('north',)
    """
    return away(mover, target)


def to_the_side(source: Iterable[Space], mover: Iterable[Space]) -> tuple[str, ...]:
    """Knockback to the side: perpendicular to the straight Knockback, the way that leads the
    mover directly away from the source (both sideways when the mover is dead centre)."""
    dx, dy = offset2(source, mover)
    found: set[str] = set()
    for straight in away(source, mover):
        axis_value = dx if straight in ("north", "south") else dy
        sides = PERPENDICULAR[straight]
        if axis_value == 0:
            found.update(sides)
        else:
            found.add(_sign_direction("x" if straight in ("north", "south") else "y",
                                      axis_value))
    return tuple(d for d in DIRECTIONS if d in found)


def slide(direction: str, source: Iterable[Space], mover: Iterable[Space]) -> tuple[str, ...]:
    """The ways along a Board Edge met while moving ``direction``: perpendicular to it, away
    from ``source`` ("continue to move along that edge, away from the source"); both when the
    mover is level with the source's centre."""
    dx, dy = offset2(source, mover)
    value = dx if direction in ("north", "south") else dy
    sides = PERPENDICULAR[direction]
    if value == 0:
        return sides
    return (_sign_direction("x" if direction in ("north", "south") else "y", value),)


def direction_between(a: Space, b: Space) -> str | None:
    """The direction of the single cardinal step from ``a`` to ``b``, or ``None``."""
    for name, (dx, dy) in DIRECTIONS.items():
        if a.step(dx, dy) == b:
            return name
    return None
