"""``tabletop screenshot`` and ``tabletop play OUT.png`` (docs/window.md, *Screenshots*): the
PNG carries the layout, reopens equal to the source, and bad options are usage errors."""

import argparse

import pytest
from PIL import Image

from tabletop.cli import main
from tabletop.errors import LayoutError, UsageError
from tabletop.games import layouts
from tabletop.ui.app import run
from tabletop.ui.pictures import LAYOUT_KEY, load_board
from tabletop.ui.screenshot import parse_size, screenshot_command

BOARD = """
game = "clash"
title = "picture"
[board]
rows = 6
cols = 9
[[knights]]
name = "Kara"
at = "B2"
[[monsters]]
name = "Egg"
type = "boss"
at = "C5"
size = 2
facing = "west"
[[terrain]]
name = "Old Wall"
at = "E2"
size = [3, 1]
keywords = ["obstacle", "obscuring"]
"""


def shot(tmp_path, *overlays, size="640x400", name="out.png"):
    source = tmp_path / "board.toml"
    source.write_text(BOARD, encoding="utf-8")
    out = tmp_path / name
    args = argparse.Namespace(file=str(source), output=str(out), size=size,
                              overlay=list(overlays), reveal=False, ui=False)
    assert screenshot_command(args) == 0
    return source, out


def test_screenshot_round_trip_reopens_the_same_board(tmp_path):
    source, out = shot(tmp_path, "los Kara Egg", "reach Kara")
    with Image.open(out) as image:
        assert image.size == (640, 400)
        assert LAYOUT_KEY in image.text
    assert load_board(out)[1] == layouts.load(source)[1]


def test_screenshot_of_a_screenshot_keeps_the_board(tmp_path):
    _, first = shot(tmp_path)
    args = argparse.Namespace(file=str(first), output=str(tmp_path / "again.png"),
                              size="400x300", overlay=[], reveal=False, ui=False)
    screenshot_command(args)
    assert load_board(tmp_path / "again.png")[1] == load_board(first)[1]


def test_play_reopens_a_screenshot(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_RECOVERY_DIR", str(tmp_path / "recovery"))
    _, out = shot(tmp_path)
    assert run(str(out), frames=2) == 0


@pytest.mark.parametrize("size", ["big", "10x10", "640x", "99999x400"])
def test_bad_size_is_a_usage_error(size):
    with pytest.raises(UsageError, match="--size"):
        parse_size(size)


@pytest.mark.parametrize("overlay", ["fly Kara", "los Kara", "reach Egg", "los Kara Nobody",
                                     "zone Kara many"])
def test_bad_overlay_is_a_usage_error(tmp_path, overlay):
    with pytest.raises(UsageError, match="--overlay"):
        shot(tmp_path, overlay)


def test_output_must_be_png(tmp_path):
    with pytest.raises(UsageError, match=".png"):
        shot(tmp_path, name="out.jpg")


def test_png_without_a_layout_is_refused_like_a_bad_layout(tmp_path):
    plain = tmp_path / "plain.png"
    Image.new("RGB", (4, 4)).save(plain)
    with pytest.raises(LayoutError, match="without a tabletop layout"):
        load_board(plain)


def test_cli_screenshot_errors_exit_2(tmp_path, capsys):
    source = tmp_path / "board.toml"
    source.write_text(BOARD, encoding="utf-8")
    code = main(["screenshot", str(source), "-o", str(tmp_path / "x.png"), "--overlay", "fly"])
    assert code == 2
    assert capsys.readouterr().err.startswith("tabletop: --overlay 'fly'")
    assert not (tmp_path / "x.png").exists()
