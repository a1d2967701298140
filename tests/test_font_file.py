"""The window's font file: a valid OpenType file (every checksum right), capitals that sit
on one baseline at every size (the large ones drawn by the font's own hinting), and a glyph
for every character the program draws."""

from __future__ import annotations

import ast
import os
import string
import struct
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tabletop.resources import package_files  # noqa: E402
from tabletop.ui.widgets import theme  # noqa: E402
from tabletop.ui.widgets.fontfile import (  # noqa: E402
    mapped_characters,
    with_checksums,
    with_own_hints,
)

FLAT_FOOTED = frozenset("ABDEFHIKLMNPRTVWXYZ")
"""The capitals whose feet are flat on the baseline (O, S, C, G, J, Q and U dip below it by
design)."""

WORDS = ("BETTER ZONE", "HIT", "SKILL HIT", "FOCUS", "STEP", "DEFEAT", "KINGDOMS FORLORN")


def _sum(data: bytes) -> int:
    data += bytes(-len(data) % 4)
    return sum(struct.unpack(f">{len(data) // 4}I", data)) & 0xFFFFFFFF


def _directory(data: bytes) -> list[tuple[bytes, int, int, int]]:
    (count,) = struct.unpack_from(">H", data, 4)
    return [struct.unpack_from(">4sIII", data, 12 + 16 * n) for n in range(count)]


def _assert_valid(data: bytes) -> None:
    """Each table's checksum recomputed from its bytes (``head`` with its adjustment taken as
    0) equals the directory's, every table starts at a multiple of four inside the file, the
    directory is in tag order with the search fields its size asks for, and the whole file
    sums to 0xB1B0AFBA."""
    entries = _directory(data)
    count, search, selector, shift = struct.unpack_from(">HHHH", data, 4)
    power = 1 << (count.bit_length() - 1)
    assert (search, selector, shift) == (16 * power, power.bit_length() - 1,
                                         16 * (count - power))
    assert [tag for tag, *_ in entries] == sorted(tag for tag, *_ in entries)
    for tag, checksum, offset, length in entries:
        assert offset % 4 == 0 and offset + length <= len(data), tag
        table = bytearray(data[offset:offset + length])
        if tag == b"head":
            table[8:12] = bytes(4)
        assert _sum(bytes(table)) == checksum, tag
    assert _sum(data) == 0xB1B0AFBA


@pytest.fixture(scope="module")
def bundled() -> bytes:
    return (package_files("pygame") / pygame.font.get_default_font()).read_bytes()


def test_pygames_own_file_has_a_wrong_os2_checksum(bundled: bytes) -> None:
    """The reason for rewriting: pygame-ce's file carries a checksum for its OS/2 table that
    is not the sum of the table's bytes."""
    wrong = [tag for tag, checksum, offset, length in _directory(bundled)
             if tag != b"head" and _sum(bundled[offset:offset + length]) != checksum]
    assert wrong == [b"OS/2"]


@pytest.mark.parametrize("own_hints", [False, True], ids=["auto-hinted", "own hints"])
def test_the_window_font_is_a_valid_opentype_file(own_hints: bool) -> None:
    _assert_valid(theme._font_bytes(own_hints))


def test_rewriting_keeps_every_tables_bytes(bundled: bytes) -> None:
    """:func:`with_checksums` moves tables and mends checksums; no table's bytes change
    (but ``head``'s checksum adjustment), and a table added goes in by its tag."""
    tables = {tag: bundled[offset:offset + length]
              for tag, _, offset, length in _directory(bundled)}
    for rewritten, added in ((with_checksums(bundled), {}),
                             (with_own_hints(bundled), {b"fpgm": bytes((0xB0, 0, 0x21))})):
        _assert_valid(rewritten)
        now = {tag: rewritten[offset:offset + length]
               for tag, _, offset, length in _directory(rewritten)}
        assert now.keys() == tables.keys() | added.keys()
        for tag, table in {**tables, **added}.items():
            if tag == b"head":
                assert now[tag][:8] + now[tag][12:] == table[:8] + table[12:]
            else:
                assert now[tag] == table, tag


@pytest.mark.parametrize("data", [b"", b"\x00\x01\x00\x00", bytes(12),
                                  struct.pack(">IHHHH", 0x00010000, 1, 16, 0, 0)
                                  + struct.pack(">4sIII", b"cmap", 0, 28, 4) + bytes(4)],
                         ids=["empty", "short", "no tables", "no head"])
def test_a_file_that_cannot_be_rewritten_is_left_as_it_is(data: bytes) -> None:
    assert with_checksums(data) == data
    assert with_own_hints(data) == data


def _feet(font: pygame.font.Font, words: str) -> dict[str, int]:
    """For each flat-footed capital of ``words`` drawn as one line: the row below its ink
    (alpha 128 or more), the letter's columns found from the advances (kerning is off)."""
    image = font.render(words, True, (0, 0, 0))
    feet, x = {}, 0
    for letter, (left, right, _, _, advance) in zip(words, font.metrics(words), strict=True):
        if letter in FLAT_FOOTED:
            rows = [y for y in range(image.get_height())
                    for column in range(x + max(left, 0), min(x + right, image.get_width()))
                    if image.get_at((column, y)).a >= 128]
            feet[letter] = max(rows) + 1
        x += advance
    return feet


@pytest.mark.parametrize("size", range(10, 73))
def test_capitals_sit_on_one_baseline(size: int) -> None:
    """"BETTER ZONE" and the dice's words at every text size from 10 to 72 pixels: every
    flat-footed capital's ink ends on the same row (FreeType's auto-hinter put E, Z, T and B
    a pixel off from 34 pixels on, where the font's own instructions now hint it)."""
    pygame.font.init()
    font = theme.font(size)
    for words in WORDS:
        feet = _feet(font, words)
        assert len(set(feet.values())) == 1, (size, words, feet)


def test_the_own_hints_begin_where_the_baseline_zone_ends() -> None:
    """The auto-hinter's baseline zone switches off once it is 3/4 pixel tall: the round
    capitals' 23-unit overshoot (of 1000) passes that at 33 points."""
    assert 23 * (theme.OWN_HINTS_FROM - 1) / 1000 <= 0.75 < 23 * theme.OWN_HINTS_FROM / 1000
    pygame.font.init()
    assert theme.font(72).point_size >= theme.OWN_HINTS_FROM > theme.font(32).point_size


ROOT = Path(__file__).resolve().parent.parent


def _literals(path: Path) -> list[tuple[int, str]]:
    """The string literals of the Python file ``path`` with their lines, docstrings (and
    the strings standing alone as a statement, which document a name) left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    alone = {id(node.value) for node in ast.walk(tree)
             if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in alone]


def test_the_font_maps_its_letters_and_no_arrows() -> None:
    characters = mapped_characters(theme._font_bytes())
    assert set(string.printable.strip()) | set("…·—–×€ÀÉÍÎÏÓÜßàéíïñöü•›") <= characters
    assert not set("←→↑↓✓✗") & characters
    assert mapped_characters(b"") == frozenset()


def test_no_text_the_program_holds_uses_a_character_the_font_lacks() -> None:
    """Every string literal in the program's code (the words the window draws are built from
    them; docstrings aside) and every shipped data, layout and lesson file: only characters
    the window's font has a glyph for (a missing one is drawn as an empty box), control
    characters aside.  The font has no arrows, so a joust die re-rolled from 3 to 5 is
    written "3 to 5", and keys are spelled out."""
    characters = mapped_characters(theme._font_bytes()) | set("\n\t\r\x00")
    lacking = []
    for path in sorted((ROOT / "tabletop").rglob("*.py")):
        lacking += [f"{path.relative_to(ROOT)}:{line} {sorted(set(words) - characters)}"
                    for line, words in _literals(path) if set(words) - characters]
    data = [*(ROOT / "tabletop").rglob("*.toml"), *(ROOT / "layouts").glob("*.toml"),
            *(ROOT / "lessons").glob("*.toml")]
    assert len(data) > 40
    for path in sorted(data):
        missing = set(path.read_text(encoding="utf-8")) - characters
        if missing:
            lacking.append(f"{path.relative_to(ROOT)} {sorted(missing)}")
    assert lacking == []
