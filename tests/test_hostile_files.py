"""Files from strangers: no hang, no traceback, no read outside the allowed places, saves that
survive interruption (named regression tests for the fuzzing campaign's findings)."""

from __future__ import annotations

import io
import json
import os
import stat
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, PngImagePlugin

from tabletop.cli import main
from tabletop.errors import LayoutError
from tabletop.games import layouts
from tabletop.games.atomicwrite import stale_temporaries, write_atomic
from tabletop.games.layoutfile import MAX_DEPTH, parse_toml
from tabletop.games.pngtext import LAYOUT_KEY, png_text
from tabletop.games.safefiles import LAYOUT_MAX_BYTES
from tabletop.games.tomllines import key_lines
from tabletop.ui.recovery import Recovery

ROOT = Path(__file__).resolve().parent.parent
CLASH = (ROOT / "layouts" / "clash-teaching.toml").read_text(encoding="utf-8")
ALMOKON = (ROOT / "layouts" / "almokon-opening.toml").read_text(encoding="utf-8")
CARD = """[[card]]
id = "glass-knight"
name = "Glass Knight"
type = "character"
cost = 1
wrath = 4
vigor = 1
"""


def timed(function, *args):
    start = time.perf_counter()
    result = function(*args)
    return result, time.perf_counter() - start


# ---------------------------------------------------------------------- no backtracking
@pytest.mark.parametrize("line", ["[" + " " * 20_000 + "a", "[[" + " \t" * 10_000 + "x ]",
                                  "a = [" + "[ " * 5_000, '"' + "\\" * 20_000])
def test_a_long_hostile_line_is_scanned_in_linear_time(line):
    lines, seconds = timed(key_lines, line)
    assert seconds < 0.5
    with pytest.raises(LayoutError):
        layouts.loads(line)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from('[]{}="\'\\#.,\n\t ab1-_'), max_size=300))
def test_key_lines_never_fail_on_any_text(text):
    lines = key_lines(text)
    assert all(1 <= line <= text.count("\n") + 1 for line in lines.values())


def test_key_lines_follow_headers_arrays_and_multi_line_values():
    text = ('game = "clash"\n[board]\nrows = 5\n[[knights]]\nname = "A"\n'
            'notes = """x\n[[knights]]\n"""\nlist = [\n  1,\n]\n[[knights]]\n"at" = "B2"\n')
    lines = key_lines(text)
    assert lines[("board", "rows")] == 3
    assert lines[("knights", 0, "notes")] == 6
    assert lines[("knights", 0, "list")] == 9
    assert lines[("knights", 1)] == 12 and lines[("knights", 1, "at")] == 13


# ---------------------------------------------------------------------- parser limits
@pytest.mark.parametrize("text", ["a = " + "[" * 3000 + "]" * 3000,
                                  "a = " + "{b=" * 3000 + "1" + "}" * 3000,
                                  "a = " + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1),
                                  "a = " + "9" * 5000])
def test_deep_nesting_and_huge_numbers_are_one_clean_error(text):
    with pytest.raises(LayoutError, match="nested more than|too many digits"):
        parse_toml(text, "x.toml")


def test_numbers_outside_the_layout_range_are_refused():
    with pytest.raises(LayoutError, match="whole number from"):
        layouts.loads(CLASH.replace("rows = ", "rows = 99999999999 #"))


# ---------------------------------------------------------------------- files a layout names
def almokon_with_card_files(folder: Path, *names: str) -> Path:
    text = ALMOKON.replace('game = "almokon"',
                           'game = "almokon"\ncard_files = [' +
                           ", ".join(json.dumps(n) for n in names) + "]")
    path = folder / "board.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_card_file_in_the_layout_folder_is_read(tmp_path):
    (tmp_path / "mine.toml").write_text(CARD, encoding="utf-8")
    state = layouts.load(almokon_with_card_files(tmp_path, "mine.toml"))[1]
    assert "glass-knight" in state.catalog


@pytest.mark.parametrize("name", ["/etc/passwd", "../secret.toml", "sub/../../secret.toml",
                                  "/dev/zero", "~/x.toml", "link.toml", "a\0b"])
def test_card_files_outside_the_folder_are_refused_without_telling_more(tmp_path, name):
    (tmp_path / "secret.toml").write_text(CARD, encoding="utf-8")
    inner = tmp_path / "inner"
    (inner / "sub").mkdir(parents=True)
    (inner / "link.toml").symlink_to(tmp_path / "secret.toml")
    with pytest.raises(LayoutError) as info:
        layouts.load(almokon_with_card_files(inner, name))
    message = str(info.value)
    assert "inside the layout's own folder" in message
    assert "no such" not in message and "TOML" not in message and "UTF-8" not in message


def test_the_same_words_whether_or_not_an_outside_file_exists(tmp_path):
    inner = tmp_path / "inner"
    inner.mkdir()
    (tmp_path / "there.toml").write_text(CARD, encoding="utf-8")
    messages = []
    for name in ("../there.toml", "../missing.toml"):
        with pytest.raises(LayoutError) as info:
            layouts.load(almokon_with_card_files(inner, name))
        messages.append(str(info.value).replace(name, "NAME"))
    assert messages[0] == messages[1]


def test_devices_fifos_and_big_files_inside_the_folder_are_refused(tmp_path):
    os.mkfifo(tmp_path / "pipe.toml")
    (tmp_path / "big.toml").write_bytes(b"#" * (LAYOUT_MAX_BYTES + 1))
    os.symlink("/dev/zero", tmp_path / "zero.toml")
    for name, words in (("pipe.toml", "not a regular file"), ("big.toml", "larger than"),
                        ("zero.toml", "inside the layout's own folder")):
        with pytest.raises(LayoutError, match=words):
            timed(layouts.load, almokon_with_card_files(tmp_path, name))


def test_the_layout_file_itself_must_be_a_regular_bounded_file(tmp_path):
    os.mkfifo(tmp_path / "pipe.toml")
    with pytest.raises(LayoutError, match="not a regular file"):
        layouts.load(tmp_path / "pipe.toml")
    with pytest.raises(LayoutError, match="not a regular file"):
        layouts.load("/dev/zero")


def test_a_layout_inside_a_picture_may_name_no_file(tmp_path):
    (tmp_path / "mine.toml").write_text(CARD, encoding="utf-8")
    text = almokon_with_card_files(tmp_path, "mine.toml").read_text(encoding="utf-8")
    picture = tmp_path / "shot.png"
    picture.write_bytes(png_with_text(text))
    with pytest.raises(LayoutError, match="inside a picture"):
        layouts.load_board(picture)


# ---------------------------------------------------------------------- pictures
def png_with_text(text: str, size: tuple[int, int] = (4, 3)) -> bytes:
    info = PngImagePlugin.PngInfo()
    info.add_itxt(LAYOUT_KEY, text, zip=True)
    out = io.BytesIO()
    Image.new("RGB", size).save(out, format="PNG", pnginfo=info)
    return out.getvalue()


def chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def test_a_picture_declaring_a_huge_size_is_read_without_decoding_pixels(tmp_path):
    header = struct.pack(">IIBBBBB", 13_000, 13_000, 8, 2, 0, 0, 0)
    text = b"tabletop-layout\0\0\0\0\0" + CLASH.encode()
    data = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"iTXt", text)
            + chunk(b"IDAT", zlib.compress(b"\0" * 1000)) + chunk(b"IEND", b""))
    picture = tmp_path / "bomb.png"
    picture.write_bytes(data)
    (game, _state), seconds = timed(layouts.load_board, picture)
    assert game.name == "clash" and seconds < 1


def test_a_compressed_text_bomb_stops_at_the_size_limit():
    bomb = zlib.compress(b" " * (LAYOUT_MAX_BYTES * 4))
    data = (b"\x89PNG\r\n\x1a\n" + chunk(b"iTXt", b"tabletop-layout\0\1\0\0\0" + bomb)
            + chunk(b"IEND", b""))
    with pytest.raises(ValueError, match="too long"):
        png_text(data, LAYOUT_KEY)


@pytest.mark.parametrize("damage", [lambda d: d[:40], lambda d: d[:-20] + b"x" * 20,
                                    lambda d: d.replace(b"iTXt", b"iTXt", 1)[:60] + b"\xff" * 9])
def test_a_damaged_picture_is_one_line(tmp_path, capsys, damage):
    picture = tmp_path / "bad.png"
    picture.write_bytes(damage(png_with_text(CLASH)))
    code = main(["check", str(picture)])
    out, err = capsys.readouterr()
    assert (code, err.count("\n")) in ((0, 0), (2, 1))  # the text chunk may still be whole
    assert (out + err).count("\n") == 1


def test_check_and_query_accept_a_tabletop_picture(tmp_path, capsys):
    picture = tmp_path / "out.png"
    picture.write_bytes(png_with_text(CLASH))
    assert main(["check", str(picture)]) == 0
    assert "ok" in capsys.readouterr().out


# ---------------------------------------------------------------------- saves
def test_a_save_through_a_symlink_writes_its_target_and_keeps_the_link(tmp_path):
    real = tmp_path / "real.toml"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    write_atomic(link, "new")
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "new"


def test_a_save_keeps_the_mode_of_the_existing_file(tmp_path):
    path = tmp_path / "board.toml"
    path.write_text("old", encoding="utf-8")
    path.chmod(0o640)
    write_atomic(path, "new")
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_a_new_file_gets_the_usual_mode(tmp_path):
    mask = os.umask(0o022)
    os.umask(mask)
    path = tmp_path / "new.toml"
    write_atomic(path, "x")
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~mask


def test_a_nul_in_the_save_path_is_one_clear_error(tmp_path):
    with pytest.raises(LayoutError, match="NUL"):
        write_atomic(str(tmp_path / "a\0b.toml"), "x")


KILLED_SAVE = """
import os, sys
from pathlib import Path
folder = Path(sys.argv[1])
(folder / f".board.toml.{os.getpid()}-0123abcd.tmp").write_text("half")
os._exit(9)
"""


def test_temporary_files_of_a_killed_save_are_removed_on_the_next_start(tmp_path):
    subprocess.run([sys.executable, "-c", KILLED_SAVE, str(tmp_path)], check=False, timeout=60)
    mine = tmp_path / f".board.toml.{os.getpid()}-89abcdef.tmp"
    mine.write_text("in progress", encoding="utf-8")
    old = tmp_path / ".board.toml.k2j_x9qa.tmp"
    old.write_text("older version", encoding="utf-8")
    os.utime(old, (time.time() - 7200, time.time() - 7200))
    stale = stale_temporaries(tmp_path)
    assert len(stale) == 2 and mine not in stale and old in stale
    removed = Recovery(tmp_path / "recovery").remove_interrupted_saves(tmp_path)
    assert sorted(removed) == sorted(stale) and mine.exists()


def test_a_recovery_header_quotes_a_source_with_a_line_break(tmp_path):
    state = layouts.loads(CLASH)[1]
    recovery = Recovery(tmp_path, pid=2**22 + 12345)
    recovery.write(state, "odd\nname.toml")
    [pending] = Recovery(tmp_path).pending()
    assert pending.source == "odd\nname.toml"
    assert pending.load()[1] == state



def test_the_next_save_of_a_file_removes_its_stale_temporaries(tmp_path):
    subprocess.run([sys.executable, "-c", KILLED_SAVE, str(tmp_path)], check=False, timeout=60)
    other = tmp_path / ".other.toml.1-0123abcd.tmp"
    other.write_text("another file's", encoding="utf-8")
    write_atomic(tmp_path / "board.toml", "whole")
    assert {p.name for p in tmp_path.iterdir()} == {other.name, "board.toml"}
