"""The window's capital I has serifs, so that it is not read as a small l ("AI" read "Al"):
its advance grows by the serifs' reach, and nothing else about the font changes (no other
letter's pixels or advance; a line is wider by the I's growth for each I in it)."""

from __future__ import annotations

import io
import os
import string
import struct

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tabletop.resources import package_files  # noqa: E402
from tabletop.ui.widgets import theme  # noqa: E402
from tabletop.ui.widgets.fontfile import (  # noqa: E402
    with_checksums,
    with_own_hints,
    with_serifed_capital_i,
    without_kerning,
)

WINDOW_SIZES = (10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 22, 24, 26, 28, 32, 36, 44, 56)
"""Line heights the window asks :func:`theme.font` for: its text (10 to 20 pixels at 100 %)
and headings and scaled-up text (up to 1.6 times)."""

ACCENTED_I = "ÌÍÎÏ"
"""Capitals the bundled font builds from its I's glyph and an accent."""

SAMPLE = ("I", "AI", "AI deck 4", "AI ready", "Point of Interest", "Iron King", "II", "lIl",
          "WIT", "(I)", "Act I", "Fleischritter", "The portal", "attacked")
"""Lines with a capital I first, last, doubled and between other letters, and lines without."""


@pytest.fixture(scope="module")
def bar_font_bytes() -> bytes:
    """The bundled font as it was before its I got serifs (kerning switched off as always)."""
    return without_kerning((package_files("pygame") / pygame.font.get_default_font())
                           .read_bytes())


@pytest.fixture(scope="module")
def fonts(bar_font_bytes: bytes) -> dict[int, tuple[pygame.font.Font, pygame.font.Font]]:
    """For each window size: (the font with the bare-bar I, the window's font), both hinted
    alike (from :data:`theme.OWN_HINTS_FROM` points on, by the font's own instructions)."""
    pygame.font.init()
    hinted = with_own_hints(bar_font_bytes)
    return {size: (pygame.font.Font(io.BytesIO(
        bar_font_bytes if theme.text_points(size) < theme.OWN_HINTS_FROM else hinted),
        theme.font(size).point_size), theme.font(size)) for size in WINDOW_SIZES}


def _pixels(font: pygame.font.Font, words: str) -> bytes:
    return pygame.image.tobytes(font.render(words, True, (0, 0, 0), (255, 255, 255)), "RGB")


def _ink(image: pygame.Surface, y: int) -> list[int]:
    """The alpha of each pixel in row ``y`` of ``image``."""
    return [image.get_at((x, y)).a for x in range(image.get_width())]


def test_the_window_font_is_the_serifed_one(bar_font_bytes: bytes) -> None:
    serifed = with_serifed_capital_i(bar_font_bytes)
    assert theme._font_bytes() == with_checksums(serifed) and serifed != bar_font_bytes


@pytest.mark.parametrize("size", WINDOW_SIZES)
def test_a_capital_i_and_a_small_l_draw_differently(size: int, fonts) -> None:
    bar, window = fonts[size]
    assert _pixels(window, "I") != _pixels(window, "l")
    assert _pixels(window, "AI") != _pixels(window, "Al")
    assert _pixels(window, "l") == _pixels(bar, "l")


@pytest.mark.parametrize("size", WINDOW_SIZES)
def test_the_stem_stays_and_whole_pixels_of_serif_reach_past_it(size: int, fonts) -> None:
    """Beside the stem (the middle row's ink, the bar's own, mirrored where the centred
    I-beam puts it at the other phase of a pixel; from 33 points on, where the font's own
    instructions leave widths unfitted, as much ink in as many columns) at least one column
    on each side is inked at the I's top and foot and blank in its middle: an I-beam, not
    an l with a corner."""
    bar, window = fonts[size]
    old, new = bar.render("I", True, (0, 0, 0)), window.render("I", True, (0, 0, 0))
    ink = new.get_bounding_rect()
    middle = _ink(new, (ink.top + ink.bottom) // 2)
    old_middle = _ink(old, (ink.top + ink.bottom) // 2)
    stem, old_stem = ([alpha for alpha in row if alpha] for row in (middle, old_middle))
    if theme.text_points(size) < theme.OWN_HINTS_FROM:  # auto-hinted: stems fit to pixels
        assert old_stem in (stem, stem[::-1])
    else:  # the font's own instructions hint heights only: as wide, at another phase
        assert len(old_stem) == len(stem) and abs(sum(old_stem) - sum(stem)) <= 8
    top, foot = _ink(new, ink.top), _ink(new, ink.bottom - 1)
    serif = [x for x in range(new.get_width())
             if top[x] >= 128 and foot[x] >= 128 and middle[x] < 128]
    first = middle.index(max(middle))
    assert any(x < first for x in serif) and any(x > first for x in serif)
    assert ink.left == new.get_width() - ink.right  # centred in its advance


@pytest.mark.parametrize("size", WINDOW_SIZES)
def test_only_the_is_are_wider_and_lines_grow_by_them(size: int, fonts) -> None:
    bar, window = fonts[size]
    letters = string.printable.strip() + "ÀÉÍÎÏÓÜßàéíïñöü€…×"
    old, new = bar.metrics(letters), window.metrics(letters)
    (i_old,), (i_new,) = bar.metrics("I"), window.metrics("I")
    assert i_new[4] >= i_old[4] + 2
    for letter, before, after in zip(letters, old, new, strict=True):
        if letter in ACCENTED_I:  # as wide as the I, give or take the hinter's rounding
            assert after[4] > before[4] and abs(after[4] - i_new[4]) <= 1, letter
        elif letter != "I":
            assert after[4] == before[4], letter
    for line in SAMPLE:
        width, height = bar.size(line)
        assert window.size(line) == (width + line.count("I") * (i_new[4] - i_old[4]),
                                     height), line


def test_ai_and_al_differ_beyond_a_corner_at_the_side_panels_size(fonts) -> None:
    """At 13 pixels (the side panel's text at 1280 x 800) "AI" and "Al" differ in whole
    columns, not in a pixel or two of fainter ink."""
    _, window = fonts[13]
    ai, al = (window.render(words, True, (0, 0, 0)) for words in ("AI", "Al"))
    assert ai.get_width() > al.get_width()
    a_width = window.size("A")[0]
    differing = {x for x in range(a_width, ai.get_width()) for y in range(ai.get_height())
                 if abs(ai.get_at((x, y)).a - (al.get_at((x, y)).a
                                                 if x < al.get_width() else 0)) >= 128}
    assert len(differing) >= 3


@pytest.mark.parametrize("size", (11, 20))
def test_an_accented_i_is_the_i_beam_and_no_other_letter_changes(size: int, fonts) -> None:
    bar, window = fonts[size]
    i_beam = window.render("I", True, (0, 0, 0))
    foot = [alpha for alpha in _ink(i_beam, i_beam.get_bounding_rect().bottom - 1) if alpha]
    for letter in ACCENTED_I:  # a foot serif as wide as the I's (its ink at either phase)
        accented = window.render(letter, True, (0, 0, 0))
        bottom = accented.get_bounding_rect().bottom - 1
        assert len([alpha for alpha in _ink(accented, bottom) if alpha]) == len(foot), letter
    others = [letter for letter in string.printable.strip() + "ÀÉßàéíïñöü€…×"
              if letter != "I"]
    for letter in others:
        assert _pixels(window, letter) == _pixels(bar, letter), letter


def _tables(data: bytes) -> dict[bytes, tuple[int, int, int]]:
    count = struct.unpack_from(">H", data, 4)[0]
    tables = {}
    for index in range(count):
        tag, checksum, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * index)
        tables[tag] = (offset, length, checksum)
    return tables


def _checksum(data: bytes) -> int:
    data += bytes(-len(data) % 4)
    return sum(struct.unpack(f">{len(data) // 4}I", data)) & 0xFFFFFFFF


def _assert_well_formed(data: bytes) -> None:
    """Every table 4-byte aligned and inside the file, the changed tables' checksums right
    and the head table's adjustment consistent with the directory."""
    tables = _tables(data)
    for tag, (offset, length, checksum) in tables.items():
        assert offset % 4 == 0 and offset + length <= len(data), tag
        if tag in (b"glyf", b"loca", b"hmtx", b"head"):
            table = bytearray(data[offset:offset + length])
            if tag == b"head":
                table[8:12] = bytes(4)
            assert _checksum(bytes(table)) == checksum, tag
    directory = 12 + 16 * len(tables)
    total = _checksum(data[:directory]) + sum(entry[2] for entry in tables.values())
    head = tables[b"head"][0]
    adjustment = struct.unpack_from(">I", data, head + 8)[0]
    assert (total + adjustment) & 0xFFFFFFFF == 0xB1B0AFBA


def _glyph(data: bytes, index: int) -> bytes:
    tables = _tables(data)
    long_loca = struct.unpack_from(">h", data, tables[b"head"][0] + 50)[0]
    kind, unit = ("I", 1) if long_loca else ("H", 2)
    start, end = struct.unpack_from(f">2{kind}", data,
                                    tables[b"loca"][0] + (4 // unit) * index)
    glyf = tables[b"glyf"][0]
    return data[glyf + unit * start:glyf + unit * end]


def test_the_bundled_font_keeps_its_structure(bar_font_bytes: bytes) -> None:
    serifed = with_serifed_capital_i(bar_font_bytes)
    _assert_well_formed(serifed)
    tables, old_tables = _tables(serifed), _tables(bar_font_bytes)
    assert tables.keys() == old_tables.keys()
    for tag in tables.keys() - {b"glyf", b"loca", b"hmtx", b"head"}:
        old, new = old_tables[tag], tables[tag]
        assert serifed[new[0]:new[0] + new[1]] == bar_font_bytes[old[0]:old[0] + old[1]], tag
    numbers = struct.unpack_from(">H", serifed, tables[b"maxp"][0] + 4)[0]
    changed = [index for index in range(numbers)
               if _glyph(serifed, index) != _glyph(bar_font_bytes, index)]
    # the glyph the character map gives U+0049, and the accented capitals built from it
    assert changed == [44, 140, 141, 142, 143, 232, 234, 236, 240]
    glyph = _glyph(serifed, 44)
    contours, x_min, y_min, x_max, y_max = struct.unpack_from(">hhhhh", glyph)
    advance, lsb = struct.unpack_from(">Hh", serifed, tables[b"hmtx"][0] + 4 * 44)
    assert (contours, y_min, y_max, lsb) == (1, 0, 729, x_min)
    # the bar: x 63 to 213 in an advance of 278; each serif reaches 90 units past the stem
    assert (x_max - x_min, advance, x_min, advance - x_max) == (330, 458, 64, 64)


def _font(glyphs: list[bytes], *, long_loca: bool, metrics: int | None = None,
          widest: int = 1000) -> bytes:
    """A small TrueType file: glyph 0, then ``glyphs``, each 278 units wide; the character
    map gives I glyph 1 and Í glyph 3; ``metrics`` glyphs (all by default) have an advance
    of their own, the others share the last one's; ``widest`` is the advance ``hhea`` gives
    as widest."""
    glyphs = [b"", *glyphs]
    metrics = len(glyphs) if metrics is None else metrics
    offsets, glyf = [0], b""
    for glyph in glyphs:
        glyf += glyph + bytes(-len(glyph) % 4)
        offsets.append(len(glyf))
    loca = (struct.pack(f">{len(offsets)}I", *offsets) if long_loca
            else struct.pack(f">{len(offsets)}H", *(offset // 2 for offset in offsets)))
    cmap_sub = struct.pack(">7H", 4, 40, 0, 6, 4, 1, 2) + struct.pack(
        ">3H H 3H 3h 3H", 0x49, 0xCD, 0xFFFF, 0, 0x49, 0xCD, 0xFFFF, 1 - 0x49, 3 - 0xCD, 1,
        0, 0, 0)
    tables = {
        b"cmap": struct.pack(">2H 2HI", 0, 1, 3, 1, 12) + cmap_sub,
        b"head": struct.pack(">2I 2I 2H 2q 4h 2H 3h", 0x10000, 0, 0, 0x5F0F3CF5, 0, 1000,
                             0, 0, 0, 0, 1000, 1000, 0, 8, 2, int(long_loca), 0),
        b"hhea": struct.pack(">I 3h H 3h 3h 4h hH", 0x10000, 800, -200, 0, widest, 0, 0,
                             1000, 1, 0, 0, 0, 0, 0, 0, 0, metrics),
        b"hmtx": b"".join(struct.pack(">Hh", 278, 63) for _ in range(metrics))
        + b"".join(struct.pack(">h", 63) for _ in range(len(glyphs) - metrics)),
        b"loca": loca,
        b"maxp": struct.pack(">IH 13H", 0x10000, len(glyphs), 64, 4, *[0] * 11),
        b"glyf": glyf,
        b"post": b"after glyf, moved with it",
    }
    offset, directory, body = 12 + 16 * len(tables), b"", b""
    for tag, table in tables.items():
        directory += struct.pack(">4sIII", tag, _checksum(table), offset + len(body),
                                 len(table))
        body += table + bytes(-len(table) % 4)
    data = struct.pack(">IHHHH", 0x10000, len(tables), 0, 0, 0) + directory + body
    head = tables_at(data)[b"head"]
    adjustment = (0xB1B0AFBA - _checksum(data)) & 0xFFFFFFFF
    return data[:head + 8] + struct.pack(">I", adjustment) + data[head + 12:]


def tables_at(data: bytes) -> dict[bytes, int]:
    return {tag: entry[0] for tag, entry in _tables(data).items()}


def _simple_glyph(points: list[tuple[int, int]]) -> bytes:
    """One contour of on-curve ``points``, coordinates written as 2-byte deltas."""
    xs, ys = zip(*points, strict=True)
    moves = [(x - px, y - py) for (x, y), (px, py) in zip(points, [(0, 0), *points[:-1]],
                                                               strict=True)]
    return struct.pack(f">5h HH {len(points)}B {2 * len(points)}h", 1, min(xs), min(ys),
                       max(xs), max(ys), len(points) - 1, 0, *[1] * len(points),
                       *(x for x, _ in moves), *(y for _, y in moves))


BAR = _simple_glyph([(213, 729), (213, 0), (63, 0), (63, 729)])
AFTER = _simple_glyph([(10, 10), (10, 500), (300, 500)])
I_ACUTE = struct.pack(">5h", -1, 10, 0, 300, 800) + struct.pack(
    ">HH2b HH2b", 0x22, 1, 0, 0, 0x02, 2, 20, 100)
"""Í: the I (glyph 1) where it is, and glyph 2 (the accent) 20 units right and 100 up."""


@pytest.mark.parametrize("long_loca", [False, True], ids=["short loca", "long loca"])
def test_the_glyphs_after_the_i_and_the_tables_after_glyf_move_with_it(long_loca: bool) -> None:
    data = _font([BAR, AFTER], long_loca=long_loca)
    serifed = with_serifed_capital_i(data)
    assert serifed != data
    _assert_well_formed(serifed)
    assert len(_glyph(serifed, 1)) > len(BAR)
    assert _glyph(serifed, 2).startswith(AFTER) and _glyph(serifed, 0) == b""
    post = _tables(serifed)[b"post"]
    assert serifed[post[0]:post[0] + post[1]] == b"after glyf, moved with it"
    assert with_serifed_capital_i(serifed) == serifed  # an I-beam is not a bare bar
    advance, lsb = struct.unpack_from(">Hh", serifed, _tables(serifed)[b"hmtx"][0] + 4)
    assert (advance, lsb) == (458, 64)


def test_an_accented_i_takes_the_i_beams_metrics_and_its_accent_moves_with_the_stem() -> None:
    data = _font([BAR, AFTER, I_ACUTE], long_loca=False)
    serifed = with_serifed_capital_i(data)
    _assert_well_formed(serifed)
    accented = _glyph(serifed, 3)
    assert accented[:10] == I_ACUTE[:10]
    # the I's component gives its metrics (0x200); the accent moved by the stem's move
    # (the stem from 63 to 154: 64 units of side bearing and 90 of serif)
    assert struct.unpack(">HH2b HH2b", accented[10:22]) == (0x222, 1, 0, 0, 0x02, 2, 111, 100)


def test_an_accented_i_whose_accent_cannot_move_is_left_as_it_was() -> None:
    far = I_ACUTE[:-2] + struct.pack(">2b", 40, 100)  # 40 + 91 does not fit a byte
    data = _font([BAR, AFTER, far], long_loca=False)
    serifed = with_serifed_capital_i(data)
    _assert_well_formed(serifed)
    assert _glyph(serifed, 1) != _glyph(data, 1) and _glyph(serifed, 3) == _glyph(data, 3)


@pytest.mark.parametrize("glyph", [
    _simple_glyph([(213, 729), (213, 0), (63, 0), (63, 729), (138, 800)]),  # not a bar
    _simple_glyph([(213, 729), (180, 0), (63, 0), (63, 729)]),             # not upright
    _simple_glyph([(213, 200), (213, 0), (63, 0), (63, 200)]),             # too short
    struct.pack(">5h", -1, 63, 0, 213, 729) + struct.pack(">4H", 0, 2, 0, 0),  # composite
    BAR[:20],                                                               # cut short
], ids=["five points", "slanted", "too short for serifs", "composite", "cut short"])
def test_an_i_that_is_not_a_plain_bar_is_left_alone(glyph: bytes) -> None:
    data = _font([glyph, AFTER], long_loca=False)
    assert with_serifed_capital_i(data) == data


@pytest.mark.parametrize(("metrics", "widest"), [(1, 1000), (2, 400)],
                         ids=["advance shared with later glyphs", "wider than the widest"])
def test_an_i_whose_advance_cannot_grow_is_left_alone(metrics: int, widest: int) -> None:
    data = _font([BAR, AFTER], long_loca=False, metrics=metrics, widest=widest)
    assert with_serifed_capital_i(data) == data


def test_a_cut_short_font_is_left_as_it_is(bar_font_bytes: bytes) -> None:
    small = _font([BAR, AFTER], long_loca=True)
    for data in (small, bar_font_bytes):
        end = max(offset + length for offset, length, _ in _tables(data).values())
        for cut in sorted({*range(0, 200), *range(0, end, 97), end - 1}):
            assert with_serifed_capital_i(data[:cut]) == data[:cut], cut


@given(st.integers(0, 10_000), st.binary(min_size=1, max_size=4))
def test_a_damaged_font_never_raises(at: int, junk: bytes) -> None:
    data = _font([BAR, AFTER, I_ACUTE], long_loca=False)
    at %= len(data)
    damaged = data[:at] + junk + data[at + len(junk):]
    result = with_serifed_capital_i(damaged)
    assert isinstance(result, bytes)
    assert result == damaged or len(result) >= len(damaged)
