"""Spaces of a square grid: labels, corner coordinates, footprints and adjacency.

Reading (``clash-geometry.md``, *Board, spaces, labels*): rows are lettered ``A``, ``B``, …
from the top (after ``Z`` come ``AA``, ``AB``, … as in a spreadsheet), columns numbered from
``1`` at the left.  The space in row index ``r`` (A = 0) and column index ``c`` (1 -> 0) is the
unit square ``[c, c+1] x [r, r+1]`` in corner coordinates; x grows right, y grows down.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

_LABEL = re.compile(r"^\s*([A-Za-z]{1,3})\s*([0-9]{1,4})\s*$")

DIRECTIONS: dict[str, tuple[int, int]] = {
    "north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0),
}
"""Unit steps ``(dx, dy)`` per direction: north is toward row A (y decreasing)."""


@lru_cache(maxsize=1024)
def row_letters(index: int) -> str:
    """Row index 0 -> ``A``, 25 -> ``Z``, 26 -> ``AA`` (spreadsheet style)."""
    if index < 0:
        raise ValueError(f"row index {index} is negative")
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def row_index(letters: str) -> int:
    """``A`` -> 0, ``Z`` -> 25, ``AA`` -> 26 (case-insensitive)."""
    index = 0
    for char in letters.upper():
        if not "A" <= char <= "Z":
            raise ValueError(f"{letters!r} is not a row label")
        index = index * 26 + (ord(char) - ord("A") + 1)
    return index - 1


@dataclass(frozen=True, order=True)
class Space:
    """One space of the grid: ``row`` and ``col`` indices from 0, ordered in reading order.

    >>> Space.parse("c7")
    Space(row=2, col=6)
    >>> str(Space(2, 6))
    'C7'
    """

    row: int
    col: int

    @classmethod
    def parse(cls, label: str) -> Space:
        """The space named by ``label`` (``"C4"``, any case); ``ValueError`` if malformed
        (where :func:`is_label` is false)."""
        match = _LABEL.match(label) if isinstance(label, str) else None
        if not match or int(match.group(2)) < 1:
            raise ValueError(f"{label!r} is not a space label (a row letter and a column "
                             f"number, like C4)")
        return cls(row_index(match.group(1)), int(match.group(2)) - 1)

    def __str__(self) -> str:
        """The label (``C7``); a space off the north or west edge has none and reads
        ``(row index -1, column index 2)``, so that a message about it can still be written."""
        return _label(self.row, self.col)

    def step(self, dx: int, dy: int) -> Space:
        """The space ``dx`` columns east and ``dy`` rows south of this one (may be off-board)."""
        return Space(self.row + dy, self.col + dx)

    def neighbours(self) -> Iterator[Space]:
        """The four edge-sharing spaces, north, east, south, west (may be off-board)."""
        for dx, dy in DIRECTIONS.values():
            yield self.step(dx, dy)

    def corners(self) -> tuple[tuple[int, int], ...]:
        """The four corner points of the space in corner coordinates, clockwise from NW."""
        x, y = self.col, self.row
        return ((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1))


def is_label(text: str) -> bool:
    """Whether ``text`` is a space label that :meth:`Space.parse` reads (``"C4"``, any case),
    told without raising (names are checked against labels on every load)."""
    match = _LABEL.match(text)
    return match is not None and int(match.group(2)) >= 1


@lru_cache(maxsize=1 << 14)
def _label(row: int, col: int) -> str:
    """The label of the space at ``row``, ``col`` (see :meth:`Space.__str__`), kept: answers
    list hundreds of spaces, the same ones again and again."""
    if row < 0 or col < 0:
        return f"(row index {row}, column index {col})"
    return f"{row_letters(row)}{col + 1}"


CORNER_NAMES: dict[tuple[int, int], str] = {
    (0, 0): "north-west", (1, 0): "north-east", (0, 1): "south-west", (1, 1): "south-east",
}
"""A space's corners by their offset from its north-west corner point."""


def corner_words(point: tuple[int, int], spaces: Iterable[Space]) -> str:
    """The corner point ``(x, y)`` named from the board's labels, as players say it: ``"the
    north-west corner of G8"``, named from the first of ``spaces`` (reading order) that has
    it, else from the space south-east of the point (``clash-geometry.md``, *Board, spaces,
    labels*: the space ``[c, c+1] x [r, r+1]``)."""
    x, y = point
    for space in sorted(spaces):
        side = CORNER_NAMES.get((x - space.col, y - space.row))
        if side is not None:
            return f"the {side} corner of {space}"
    return f"the north-west corner of {Space(y, x)}"


@dataclass(frozen=True)
class Board:
    """A rectangular board of ``rows`` x ``cols`` spaces."""

    rows: int
    cols: int

    def contains(self, space: Space) -> bool:
        """Whether ``space`` lies on the board."""
        return 0 <= space.row < self.rows and 0 <= space.col < self.cols

    def spaces(self) -> Iterator[Space]:
        """Every space, in reading order."""
        for row in range(self.rows):
            for col in range(self.cols):
                yield Space(row, col)

    def describe(self) -> str:
        """``12 rows (A-L) x 18 columns (1-18)``."""
        return (f"{self.rows} rows (A–{row_letters(self.rows - 1)}) × "
                f"{self.cols} columns (1–{self.cols})")


def square(at: Space, size: int) -> tuple[Space, ...]:
    """The ``size`` x ``size`` footprint whose north-west space is ``at``, in reading order."""
    return tuple(Space(at.row + dy, at.col + dx) for dy in range(size) for dx in range(size))


def rectangle(at: Space, width: int, height: int) -> tuple[Space, ...]:
    """The ``width`` x ``height`` block whose north-west space is ``at``, in reading order."""
    return tuple(Space(at.row + dy, at.col + dx) for dy in range(height) for dx in range(width))


def as_rectangle(spaces: Iterable[Space]) -> tuple[Space, int, int] | None:
    """``(north-west space, width, height)`` when ``spaces`` fill a rectangle exactly, else None."""
    cells = set(spaces)
    if not cells:
        return None
    top = min(s.row for s in cells)
    left = min(s.col for s in cells)
    width = max(s.col for s in cells) - left + 1
    height = max(s.row for s in cells) - top + 1
    if len(cells) != width * height:
        return None
    return Space(top, left), width, height


def adjacent(a: Iterable[Space], b: Iterable[Space]) -> bool:
    """Whether a space of ``a`` shares an edge with a space of ``b`` (``clash-geometry.md``)."""
    others = set(b)
    return any(n in others for s in a for n in s.neighbours())


def labels(spaces: Iterable[Space]) -> list[str]:
    """The labels of ``spaces`` sorted in reading order (row, then column)."""
    return [str(s) for s in sorted(set(spaces))]
