"""The bundled font's bytes as the window draws them: pygame-ce's own font file with its
kerning pairs switched off and its capital I given serifs.

The font pygame-ce bundles carries a ``kern`` table whose pairs, at the sizes the window
draws text (10 to 20 pixels), open a gap inside words: "at tacked", "T horn", "it s".
pygame-ce has no switch for kerning, so the table is hidden from the font engine by renaming
its tag in the font's table directory (the engine looks tables up by tag and ignores tags it
does not know); nothing else in the file changes, and no line of text is wider than before.

The font draws a capital I and a small l as the same bare upright bar, so "AI" (Kingdoms
Forlorn's AI cards) reads "Al".  :func:`with_serifed_capital_i` redraws the I's outline as
an I-beam, a serif across the top and the foot of the same stem, as Verdana and Tahoma draw
it, and widens the I's advance by the serifs' reach, so a line with an I is a little wider.
"""

from __future__ import annotations

import struct
from collections.abc import Collection, Mapping

_HIDDEN_TAG = b"xern"
"""A tag no font engine reads, written over ``kern``."""

_MAX_TABLES = 64
"""More tables than any font file has; a directory claiming more is not read."""


def without_kerning(data: bytes) -> bytes:
    """``data`` (a TrueType/OpenType font file) with its ``kern`` table's tag renamed, so
    that the font is drawn without kerning; ``data`` unchanged when it has no such table or
    its table directory cannot be read."""
    if len(data) < 12:
        return data
    (count,) = struct.unpack_from(">H", data, 4)
    if count > _MAX_TABLES or 12 + 16 * count > len(data):
        return data
    for index in range(count):
        at = 12 + 16 * index
        if data[at:at + 4] == b"kern":
            return data[:at] + _HIDDEN_TAG + data[at + 4:]
    return data


_CAPITAL_I = 0x49
"""The character whose glyph :func:`with_serifed_capital_i` redraws."""

_SERIF_REACH = (3, 5)
"""How far a serif reaches out past each side of the stem, as a fraction of the stem's
width: 90 units beside the bundled font's 150-unit stem (an em of 1000 units), so at the
side panel's 13-pixel text a serif reaches 1.2 pixels past the stem (a whole pixel of ink
from 12 pixels up) and the I reads as an I-beam, not as a small l; the glyph's advance
grows by twice this."""

_SERIF_HEIGHT = (5, 6)
"""A serif's height as a fraction of the stem's width: the font's own thinner horizontals
(its E's arms are 125 units high beside a 150-unit stem)."""


_I_BEAM_POINTS = 12
"""The points of the I-beam's outline (:func:`_i_beam`); the font's ``maxp`` table must
allow as many in one glyph."""

_ON_CURVE = 0x01
"""A glyph point's flag: the point is on the outline (not a curve's control point)."""

_CHECKSUM_BASE = 0xB1B0AFBA
"""The ``head`` table's checksum adjustment makes the whole file's checksum this number."""


def with_serifed_capital_i(data: bytes) -> bytes:
    """``data`` (a TrueType font file) with its capital I drawn as an I-beam: the same stem,
    with a serif across its top and its foot, its advance width grown by the two serifs'
    reach and the I-beam centred in it; ``data`` unchanged when its tables cannot be read,
    its I is not one plain upright bar, or the I's advance is not its own (a font's last
    glyphs may share one) or would be wider than the font's widest.

    The bundled font draws a capital I and a small l as the same bare bar, so "AI" reads
    "Al"; serifs on the I (as Verdana and Tahoma draw it) tell the two apart.  The serifs
    are wider than the room the bar leaves beside it, so the advance grows (a line with an
    I is wider; the window measures every text as it draws it); the side bearings are the
    bar's two averaged, the left one the serif's left end (TrueType wants it equal to the
    glyph's left edge).  The accented capitals built from the I's glyph (Ì Í Î Ï and
    others, :data:`_ACCENTED_I`) take its metrics and their accent moves with the stem
    (:func:`_accent_moved`).  The new outline replaces the old in ``glyf`` (padded into the
    old one's bytes when it is not longer, as in the bundled font); a longer one moves the
    ``loca`` offsets after it and the tables after ``glyf`` by its growth (a multiple of
    four, so every table keeps its alignment).  The checksums of the changed tables and
    the ``head`` table's checksum adjustment are brought up to date."""
    tables = _tables(data)
    if tables is None or not tables.keys() >= _NEEDED:
        return data
    head, loca, hmtx, glyf = (tables[tag] for tag in (b"head", b"loca", b"hmtx", b"glyf"))
    if head[1] < 54 or tables[b"maxp"][1] < 10 or tables[b"hhea"][1] < 36:
        return data
    version, glyphs, most_points, most_contours = struct.unpack_from(
        ">IHHH", data, tables[b"maxp"][0])
    if version == 0x00010000 and (most_points < _I_BEAM_POINTS or most_contours < 1):
        return data
    program = b""
    if version == 0x00010000 and tables[b"maxp"][1] >= 28:
        stack, room = struct.unpack_from(">HH", data, tables[b"maxp"][0] + 24)
        if stack >= 4 and room >= len(_I_BEAM_PROGRAM):
            program = _I_BEAM_PROGRAM
    (long_loca,) = struct.unpack_from(">h", data, head[0] + 50)
    (metrics,) = struct.unpack_from(">H", data, tables[b"hhea"][0] + 34)
    glyph, *accented = _glyphs_of(data, tables[b"cmap"], (_CAPITAL_I, *_ACCENTED_I))
    if (long_loca not in (0, 1) or glyph is None or not 0 < glyph < glyphs
            or not 0 < metrics <= glyphs
            or not glyph < metrics  # an advance of its own
            or loca[1] < (glyphs + 1) * (2 + 2 * long_loca)
            or hmtx[1] < 4 * metrics + 2 * (glyphs - metrics)):
        return data
    kind, size, unit = ("I", 4, 1) if long_loca else ("H", 2, 2)  # a short offset counts 2 bytes
    at = loca[0] + size * glyph
    start, end = (unit * offset for offset in struct.unpack_from(f">2{kind}", data, at))
    total = unit * struct.unpack_from(f">{kind}", data, at + size * (glyphs - glyph))[0]
    if not start <= end <= total <= glyf[1]:
        return data
    metric_at = hmtx[0] + 4 * glyph
    (advance,) = struct.unpack_from(">H", data, metric_at)
    (widest,) = struct.unpack_from(">H", data, tables[b"hhea"][0] + 10)
    beam = _i_beam(data[glyf[0] + start:glyf[0] + end], advance, program)
    if beam is None or beam[1] > widest:
        return data
    outline, advance, left, shift = beam
    # padded to the old glyph's length, or else to a change of a multiple of four
    outline += bytes(max(end - start - len(outline), -(len(outline) - (end - start)) % 4))
    grown = len(outline) - (end - start)
    if not long_loca and total + grown > 2 * 0xFFFF:
        return data
    changed = bytearray(data)
    glyf_sum = glyf[2]
    for composite in accented:
        glyf_sum += _accent_moved(changed, tables, glyph, composite, shift, (kind, size, unit))
    if grown:
        at += size
        later = struct.unpack_from(f">{glyphs - glyph}{kind}", data, at)
        struct.pack_into(f">{glyphs - glyph}{kind}", changed, at,
                         *[offset + grown // unit for offset in later])
    struct.pack_into(">Hh", changed, metric_at, advance, left)
    # the checksum of glyf changes only in the words around the glyph: later words move by
    # a multiple of four and keep their values
    first = glyf[0] + start // 4 * 4
    last = glyf[0] + min(-(-end // 4) * 4, glyf[1])
    glyf_sum -= _checksum(changed, first, last)
    changed[glyf[0] + start:glyf[0] + end] = outline
    glyf_sum += _checksum(changed, first, last + grown)
    return _redirected(changed, tables, grown, glyf_sum)


_NEEDED = frozenset((b"cmap", b"glyf", b"head", b"hhea", b"hmtx", b"loca", b"maxp"))
"""The tables :func:`with_serifed_capital_i` reads."""


def _tables(data: bytes) -> dict[bytes, tuple[int, int, int, int]] | None:
    """The table directory of the font file ``data``: tag -> (offset, length, checksum,
    where the entry is); None when it is cut short, a table runs past the file's end, a tag
    comes twice, or another table starts inside ``glyf``."""
    if len(data) < 12:
        return None
    (count,) = struct.unpack_from(">H", data, 4)
    if count > _MAX_TABLES or 12 + 16 * count > len(data):
        return None
    tables = {}
    for index in range(count):
        at = 12 + 16 * index
        tag, checksum, offset, length = struct.unpack_from(">4sIII", data, at)
        if tag in tables or offset < 12 + 16 * count or offset + length > len(data):
            return None
        tables[tag] = (offset, length, checksum, at)
    glyf = tables.get(b"glyf")
    if glyf is not None and any(
            other[0] < glyf[0] + glyf[1] and glyf[0] < other[0] + other[1]
            for tag, other in tables.items() if tag != b"glyf" and other[1]):
        return None
    return tables


def _glyphs_of(data: bytes, cmap: tuple[int, int, int, int],
               characters: tuple[int, ...]) -> list[int | None]:
    """The glyph the font's Unicode character map (a format 4 subtable, Windows or Unicode
    platform) gives each of ``characters`` (below U+10000); None for one it maps none to
    or when the map cannot be read."""
    glyphs: list[int | None] = [None] * len(characters)
    offset, length = cmap[:2]
    if length < 4:
        return glyphs
    (count,) = struct.unpack_from(">H", data, offset + 2)
    if 4 + 8 * count > length:
        return glyphs
    found = []
    for index in range(count):
        platform, encoding, at = struct.unpack_from(">HHI", data, offset + 4 + 8 * index)
        if (platform, encoding) in ((3, 1), (0, 3)) or platform == 0 and encoding < 3:
            found.append((platform != 3, at))
    for _, at in sorted(found):
        if at + 14 <= length and struct.unpack_from(">H", data, offset + at)[0] == 4:
            for index, character in enumerate(characters):
                if glyphs[index] is None:
                    glyphs[index] = _format_4_glyph(data, offset + at, offset + length,
                                                    character)
    return glyphs


def _format_4_glyph(data: bytes, at: int, stop: int, character: int) -> int | None:
    """The glyph the format 4 character map at ``at`` (ending by ``stop``) gives
    ``character``; None when it gives none or the map is cut short."""
    (doubled,) = struct.unpack_from(">H", data, at + 6)
    ends = at + 14
    if doubled % 2 or ends + 4 * doubled + 2 > stop:
        return None
    starts, deltas, ranges = (ends + doubled + 2 + part * doubled for part in range(3))
    for index in range(0, doubled, 2):
        (end,) = struct.unpack_from(">H", data, ends + index)
        if end < character:
            continue
        (start,) = struct.unpack_from(">H", data, starts + index)
        (delta,) = struct.unpack_from(">H", data, deltas + index)
        (spread,) = struct.unpack_from(">H", data, ranges + index)
        if start > character:
            return None
        if spread == 0:
            return (character + delta) & 0xFFFF
        where = ranges + index + spread + 2 * (character - start)
        if where + 2 > stop:
            return None
        (glyph,) = struct.unpack_from(">H", data, where)
        return (glyph + delta) & 0xFFFF if glyph else None
    return None


def _i_beam(glyph: bytes, advance: int,
            program: bytes = b"") -> tuple[bytes, int, int, int] | None:
    """The outline (a simple glyph's bytes) of an I-beam built on ``glyph``, when it is one
    plain upright bar (one contour of four on-curve corners) in a cell ``advance`` wide,
    with its new advance, its left edge and how far right its stem moved; None for any
    other glyph, one too short for two serifs, or one whose new advance would not fit in a
    glyph's metrics.

    The serifs reach :data:`_SERIF_REACH` of the stem's width out on each side and are
    :data:`_SERIF_HEIGHT` of it high; the advance grows by both serifs' reach and the
    I-beam sits in its middle (the side bearings the bar's two averaged).  The contour
    runs clockwise from the top serif's right end: 0 top right, 1 its foot, 2 where the top
    serif meets the stem's right side, 3 where the foot serif does, 4 and 5 the foot serif's
    right end, 6 and 7 its left end, 8 and 9 the stem's left side, 10 and 11 the top serif's
    left end.  The outline carries ``program`` as its instructions (:data:`_I_BEAM_PROGRAM`
    where the font's ``maxp`` table allows it): FreeType's auto-hinter, which draws the font
    at the window's text sizes, ignores them; the font's own hinting, from
    :data:`~tabletop.ui.widgets.theme.OWN_HINTS_FROM` points on, runs them."""
    corners = _bar_corners(glyph)
    if corners is None:
        return None
    left, foot, right, top = corners
    stem = right - left
    reach = stem * _SERIF_REACH[0] // _SERIF_REACH[1]
    serif = stem * _SERIF_HEIGHT[0] // _SERIF_HEIGHT[1]
    width = stem + 2 * reach
    bearing = (advance - stem) // 2
    if reach < 1 or 2 * serif >= top - foot or bearing < 0 or width + 2 * bearing > 0xFFFF:
        return None
    outer_left, outer_right = bearing, bearing + width
    left, right = outer_left + reach, outer_right - reach
    points = ((outer_right, top), (outer_right, top - serif), (right, top - serif),
              (right, foot + serif), (outer_right, foot + serif), (outer_right, foot),
              (outer_left, foot), (outer_left, foot + serif), (left, foot + serif),
              (left, top - serif), (outer_left, top - serif), (outer_left, top))
    flags = bytearray([_ON_CURVE] * len(points))
    coordinates = bytearray()
    for axis, (short, same) in enumerate(((0x02, 0x10), (0x04, 0x20))):
        was = 0
        for index, point in enumerate(points):
            move, was = point[axis] - was, point[axis]
            if move == 0:
                flags[index] |= same
            elif -256 < move < 256:
                flags[index] |= short | (same if move > 0 else 0)
                coordinates.append(abs(move))
            else:
                coordinates += struct.pack(">h", move)
    header = struct.pack(">hhhhhHH", 1, outer_left, foot, outer_right, top,
                         len(points) - 1, len(program))
    return (header + program + flags + coordinates, width + 2 * bearing, outer_left,
            outer_left + reach - corners[0])


_I_BEAM_PROGRAM = bytes((
    0x00,                                            # SVTCA[y]: heights only
    0xB0, 6, 0x2F, 0xB0, 5, 0x33,                    # the foot (points 6, 5) on a pixel edge
    0xB3, 3, 4, 7, 8, 0xCD, 0xCD, 0xCD, 0xCD,        # the foot serif's top, its height rounded
    0xB0, 11, 0x2F, 0xB0, 0, 0x33,                   # the top (points 11, 0) on a pixel edge
    0xB3, 1, 2, 9, 10, 0xCD, 0xCD, 0xCD, 0xCD,       # the top serif's foot, its height rounded
))
"""The I-beam's instructions: its foot and its top each rounded to a pixel edge (MDAP[round],
the other point of the edge shifted with it: SHP[rp1]), and each serif's inner edge set its
rounded height from them (MDRP[minimum distance, round, grey]), as the font's own E sets its
arms; widths are left to the renderer."""

_ACCENTED_I = (0xCC, 0xCD, 0xCE, 0xCF, 0x128, 0x12A, 0x12C, 0x12E, 0x130)
"""Ì Í Î Ï Ĩ Ī Ĭ Į İ: capitals a font may build from its I's glyph and an accent."""

_XY_OFFSETS, _WORD_OFFSETS, _MORE, _MY_METRICS = 0x02, 0x01, 0x20, 0x200
"""A composite glyph's component flags: its arguments are an offset (not point numbers),
they are 2-byte words (not bytes), another component follows, the composite takes this
component's advance and side bearing."""

_TRANSFORM_SIZE = ((0x08, 2), (0x40, 4), (0x80, 8))
"""A component's flag for a scale, an x and y scale, a 2 by 2 matrix, and its bytes."""


def _accent_moved(data: bytearray, tables: dict[bytes, tuple[int, int, int, int]],
                  i_glyph: int, glyph: int | None, shift: int, loca: tuple[str, int, int]) -> int:
    """In ``data``, the composite ``glyph`` (an accented I: an I and an accent) made as wide
    as the I-beam (``i_glyph``, whose stem moved right by ``shift`` when it was centred in
    its wider advance): the I's component gives the composite its metrics and the accent
    moves right by ``shift``, so that it stays over the stem.
    Returns the change to the ``glyf`` table's checksum; 0 when ``glyph`` is None or not
    such a composite (one I placed by an offset, other components placed by offsets
    that still fit their bytes, none giving its metrics), leaving it as it was."""
    kind, size, unit = loca
    glyf_at, glyf_length = tables[b"glyf"][:2]
    if glyph is None or glyph == i_glyph or (glyph + 2) * size > tables[b"loca"][1]:
        return 0
    start, end = (unit * offset for offset in struct.unpack_from(
        f">2{kind}", data, tables[b"loca"][0] + size * glyph))
    if not start + 10 <= end <= glyf_length \
            or struct.unpack_from(">h", data, glyf_at + start)[0] != -1:
        return 0
    at, end, writes, flags = glyf_at + start + 10, glyf_at + end, [], _MORE
    while flags & _MORE:
        if at + 6 > end:
            return 0
        flags, component = struct.unpack_from(">HH", data, at)
        code, limit = (">h", 0x8000) if flags & _WORD_OFFSETS else (">b", 0x80)
        if not flags & _XY_OFFSETS or flags & _MY_METRICS:
            return 0
        if component == i_glyph:
            writes.append((">H", at, flags | _MY_METRICS))
        else:
            moved = struct.unpack_from(code, data, at + 4)[0] + shift
            if not -limit <= moved < limit:
                return 0
            writes.append((code, at + 4, moved))
        at += 6 + 2 * (flags & _WORD_OFFSETS) + sum(
            extra for bit, extra in _TRANSFORM_SIZE if flags & bit)
    if [code for code, _, value in writes if code == ">H"] != [">H"]:
        return 0
    first = glyf_at + start // 4 * 4
    before = _checksum(data, first, at)
    for code, where, value in writes:
        struct.pack_into(code, data, where, value)
    return _checksum(data, first, at) - before


def _bar_corners(glyph: bytes) -> tuple[int, int, int, int] | None:
    """(left, foot, right, top) of ``glyph`` (a glyph's bytes in ``glyf``) when it is one
    contour of four on-curve points at the corners of an upright rectangle; None for any
    other glyph or one cut short."""
    if len(glyph) < 14 or struct.unpack_from(">hhhhhHH", glyph)[::5] != (1, 3):
        return None
    (hints,) = struct.unpack_from(">H", glyph, 12)
    at = 14 + hints
    flags: list[int] = []
    while len(flags) < 4 and at < len(glyph):
        flag = glyph[at]
        at += 1
        flags.append(flag)
        if flag & 8 and at < len(glyph):
            flags += [flag] * glyph[at]
            at += 1
    if len(flags) != 4 or any(not flag & 1 for flag in flags):
        return None
    coordinates = []
    for short, same in ((2, 16), (4, 32)):
        value, values = 0, []
        for flag in flags:
            if flag & short:
                if at + 1 > len(glyph):
                    return None
                value += glyph[at] if flag & same else -glyph[at]
                at += 1
            elif not flag & same:
                if at + 2 > len(glyph):
                    return None
                value += struct.unpack_from(">h", glyph, at)[0]
                at += 2
            values.append(value)
        coordinates.append(values)
    xs, ys = coordinates
    corners = sorted(zip(xs, ys, strict=True))
    (left, foot), (_, top), (right, _) = corners[0], corners[1], corners[2]
    if corners != [(left, foot), (left, top), (right, foot), (right, top)] \
            or left >= right or foot >= top:
        return None
    return left, foot, right, top


def _checksum(data: bytes | bytearray, start: int, stop: int) -> int:
    """The TrueType checksum of ``data[start:stop]``: the sum of its big-endian 32-bit
    words, the last one padded with zeros, modulo 2 ** 32."""
    words = bytes(data[start:stop]) + bytes(-(stop - start) % 4)
    return sum(struct.unpack(f">{len(words) // 4}I", words)) & 0xFFFFFFFF


def _redirected(data: bytearray, tables: dict[bytes, tuple[int, int, int, int]],
                grown: int, glyf_sum: int) -> bytes:
    """``data``, whose ``glyf`` table has grown by ``grown`` bytes (its checksum now
    ``glyf_sum``) and whose ``loca`` and ``hmtx`` tables have changed in place, with its
    table directory following: the tables after ``glyf`` moved on by ``grown``, the changed
    tables' checksums, and the ``head`` table's checksum adjustment (over the directory
    and every table's checksum) brought up to date."""
    glyf = tables[b"glyf"][0]
    head = tables[b"head"][0] + (grown if tables[b"head"][0] > glyf else 0)
    data[head + 8:head + 12] = bytes(4)
    sums = []
    for tag, (offset, length, checksum, at) in tables.items():
        if offset > glyf:
            offset += grown
        if tag == b"glyf":
            length, checksum = length + grown, glyf_sum & 0xFFFFFFFF
        elif tag in (b"loca", b"hmtx", b"head"):
            checksum = _checksum(data, offset, offset + length)
        struct.pack_into(">III", data, at + 4, checksum, offset, length)
        sums.append(checksum)
    total = _checksum(data, 0, 12 + 16 * len(tables)) + sum(sums)
    struct.pack_into(">I", data, head + 8, (_CHECKSUM_BASE - total) & 0xFFFFFFFF)
    return bytes(data)


def with_checksums(data: bytes, added: Mapping[bytes, bytes] | None = None,
                   known: Collection[bytes] = ()) -> bytes:
    """``data`` (a TrueType/OpenType font file) written afresh as a valid OpenType file, with
    the tables in ``added`` (tag -> bytes) put in or replacing its own: the table directory
    in the order of its tags (as OpenType asks, so a renamed tag such as the hidden ``kern``
    takes its place) with the search fields that go with its size, each table at an offset
    that is a multiple of four and padded with zeros, every table's checksum the sum of its
    bytes (the file pygame-ce bundles carries a wrong one for its ``OS/2`` table), and the
    ``head`` table's checksum adjustment made so that the whole file sums to ``0xB1B0AFBA``.
    The tables tagged in ``known`` keep the checksum ``data``'s directory gives them, not
    summed again (the ``glyf`` table's, 80 % of the bundled font, which
    :func:`with_serifed_capital_i` keeps right as it changes the table).  ``data``
    unchanged when its table directory cannot be read or it has no ``head`` table of at
    least 12 bytes."""
    tables = _tables(data)
    if tables is None:
        return data
    contents = {tag: bytes(data[offset:offset + length])
                for tag, (offset, length, _, _) in tables.items()}
    contents.update(added or {})
    if len(contents.get(b"head", b"")) < 12:
        return data
    contents[b"head"] = contents[b"head"][:8] + bytes(4) + contents[b"head"][12:]
    count = len(contents)
    power = 1 << (count.bit_length() - 1)
    header = data[:4] + struct.pack(">HHHH", count, 16 * power, power.bit_length() - 1,
                                    16 * (count - power))
    directory, body = bytearray(), bytearray()
    offset, head, sums = 12 + 16 * count, 0, 0
    for tag in sorted(contents):
        table = contents[tag]
        if tag in known and tag in tables and tag not in (added or {}):
            checksum = tables[tag][2]
        else:
            checksum = _checksum(table, 0, len(table))
        if tag == b"head":
            head = offset + len(body)
        directory += struct.pack(">4sIII", tag, checksum, offset + len(body), len(table))
        body += table + bytes(-len(table) % 4)
        sums += checksum
    written = bytearray(header + directory + body)
    # every table starts on a word and is padded to one: the file's sum is the directory's
    # and the tables' sums
    total = _checksum(written, 0, offset) + sums
    struct.pack_into(">I", written, head + 8, (_CHECKSUM_BASE - total) & 0xFFFFFFFF)
    return bytes(written)


_IDLE_FONT_PROGRAM = bytes((0xB0, 0x00, 0x21))
"""A font program that pushes a number and pops it again (PUSHB[0] 0, POP): it defines no
function and changes nothing."""


def with_own_hints(data: bytes, known: Collection[bytes] = ()) -> bytes:
    """``data`` (a TrueType font file whose glyphs carry instructions) made to be drawn with
    those instructions: given a font program (``fpgm``) that does nothing
    (:data:`_IDLE_FONT_PROGRAM`) when it has none.  FreeType (as pygame-ce 2.5.8 bundles it)
    takes a TrueType font without a font program for one that is not hinted and fits its
    glyphs to the pixels with its auto-hinter; pygame's bundled font has none, though each
    of its glyphs carries its own instructions (which put every flat foot on the baseline).
    Written afresh by :func:`with_checksums` (``known`` as there); ``data`` unchanged when
    its table directory cannot be read or it has a font program already."""
    tables = _tables(data)
    if tables is None or b"fpgm" in tables:
        return data
    return with_checksums(data, {b"fpgm": _IDLE_FONT_PROGRAM}, known)


def mapped_characters(data: bytes) -> frozenset[str]:
    """The characters the font file ``data`` draws with a glyph of their own: those its
    Unicode character map (the format 4 subtables, Windows or Unicode platform) gives a
    glyph other than 0 (the missing-glyph box); empty when the map cannot be read."""
    tables = _tables(data)
    if tables is None or b"cmap" not in tables:
        return frozenset()
    offset, length = tables[b"cmap"][:2]
    if length < 4:
        return frozenset()
    (count,) = struct.unpack_from(">H", data, offset + 2)
    found: set[str] = set()
    for index in range(min(count, (length - 4) // 8)):
        platform, encoding, at = struct.unpack_from(">HHI", data, offset + 4 + 8 * index)
        if not ((platform, encoding) in ((3, 1), (0, 3)) or platform == 0 and encoding < 3):
            continue
        if at + 14 > length or struct.unpack_from(">H", data, offset + at)[0] != 4:
            continue
        found |= _format_4_characters(data, offset + at, offset + length)
    return frozenset(found)


def _format_4_characters(data: bytes, at: int, stop: int) -> set[str]:
    """The characters the format 4 character map at ``at`` (ending by ``stop``) gives a glyph
    other than 0; those of a segment cut short are left out."""
    (doubled,) = struct.unpack_from(">H", data, at + 6)
    ends = at + 14
    if doubled % 2 or ends + 4 * doubled + 2 > stop:
        return set()
    starts, deltas, ranges = (ends + doubled + 2 + part * doubled for part in range(3))
    found = set()
    for index in range(0, doubled, 2):
        end, start, delta, spread = (struct.unpack_from(">H", data, table + index)[0]
                                     for table in (ends, starts, deltas, ranges))
        for character in range(start, min(end, 0xFFFE) + 1):
            if spread == 0:
                glyph = (character + delta) & 0xFFFF
            else:
                where = ranges + index + spread + 2 * (character - start)
                if where + 2 > stop:
                    break
                (glyph,) = struct.unpack_from(">H", data, where)
                glyph = (glyph + delta) & 0xFFFF if glyph else 0
            if glyph:
                found.add(chr(character))
    return found
