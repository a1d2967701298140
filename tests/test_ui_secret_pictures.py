"""Pictures never carry hidden information unless asked for (issues 6 and 7: "nothing secret
ever appears in a screenshot unless asked for") — neither drawn nor inside the PNG's layout."""

from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.errors import LayoutError
from tabletop.games import layouts
from tabletop.ui.pictures import layout_text_of_png

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"


def shoot(tmp_path: Path, layout: str, *extra: str) -> Path:
    out = tmp_path / "shot.png"
    assert main(["screenshot", str(LAYOUTS / layout), "-o", str(out), "--size", "800x500",
                 *extra]) == 0
    return out


@pytest.mark.parametrize("layout", ["almokon-midgame.toml", "joust-first-round.toml"])
def test_a_picture_of_secrets_carries_no_layout(tmp_path, capsys, layout):
    out = shoot(tmp_path, layout)
    with pytest.raises(LayoutError, match="only when made with --reveal"):
        layout_text_of_png(out)
    assert main(["play", str(out)]) == 2
    assert "without a tabletop layout" in capsys.readouterr().err


@pytest.mark.parametrize("layout", ["almokon-midgame.toml", "joust-first-round.toml"])
def test_a_revealed_picture_reopens_the_whole_board(tmp_path, layout):
    out = shoot(tmp_path, layout, "--reveal")
    assert layouts.loads(layout_text_of_png(out))[1] == layouts.load(LAYOUTS / layout)[1]


def test_a_board_without_secrets_carries_its_layout(tmp_path):
    out = shoot(tmp_path, "clash-teaching.toml")
    source = layouts.load(LAYOUTS / "clash-teaching.toml")[1]
    assert layouts.loads(layout_text_of_png(out))[1] == source
