"""Wrapping finds each line's words by halving (``tabletop.ui.textlayer.wrap``): the lines are
the ones taking the words one at a time gives, for captions, notes, paths and widths from a
word's to a whole window's."""

import os
import random

import pygame
import pytest

from tabletop.ui import textlayer
from tabletop.ui.widgets import theme

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

CAPTIONS = [
    "Knight 1 to A1, no LoS: every line is blocked; the nearest, from the north-west corner of "
    "B2 to the south-east corner of A1, squeezes through the diagonal gap where Pillar 43 (A2) "
    "and Pillar 48 (B1) meet corner to corner",
    "range 19 (spaces between nearest spaces) · distance … (moves to become adjacent) — "
    "Targeting",
    "saved to /home/someone/a-rather/long-folder/name/with-many/parts/board.toml\nsecond "
    "paragraph\n\n  spaced   words  ",
    "Eggknight-the-Unwieldy-Longname-Without-Spaces-At-All/and/slashes/too then short words",
]


def word_by_word(words: str, size: int, width: int) -> tuple[str, ...]:
    """The lines of ``words`` taking one word at a time (each tried on the line so far)."""
    font = theme.font(size)
    lines: list[str] = []
    for paragraph in words.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}" if line else word
            if line and font.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
            while line == word and (head := textlayer._break_word(word, size, width)):
                lines.append(head)
                line = word = word[len(head):]
        lines.append(line)
    return tuple(lines)


@pytest.fixture(scope="module", autouse=True)
def fonts():
    pygame.font.init()
    yield


def texts() -> list[str]:
    """The captions and a few hundred sentences of random words."""
    pick = random.Random(7)
    vocabulary = [w for c in CAPTIONS for w in c.split()] + ["a", "I", "ll", "WWW", "—"]
    return CAPTIONS + [" ".join(pick.choice(vocabulary) for _ in range(pick.randint(1, 40)))
                       for _ in range(150)]


@pytest.mark.parametrize("size", [10, 15, 22])
def test_wrapping_by_halving_gives_the_lines_of_word_by_word(size):
    pick = random.Random(size)
    for words in texts():
        for width in (1, 40, 120, pick.randint(60, 500), 940, 1500):
            textlayer.wrap.cache_clear()
            assert textlayer.wrap(words, size, width) == word_by_word(words, size, width), \
                (words, width)
