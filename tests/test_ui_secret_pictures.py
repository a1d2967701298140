"""Pictures never carry hidden information unless asked for: a picture of a board with secrets
holds the public view (hidden parts stored as unknown) and reopens as the board the public
saw; ``--reveal`` draws and embeds everything."""

import re
import struct
import zlib
from pathlib import Path

import pygame
import pytest

from tabletop.cli import main
from tabletop.games import layouts
from tabletop.ui.app import App
from tabletop.ui.pictures import layout_text_of_png, load_board
from tabletop.ui.session import Session

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"
SECRET_LAYOUTS = ["almokon-midgame.toml", "almokon-opening.toml", "joust-mid-joust.toml",
                  "kingdom-start.toml", "kingdom-deep-fog.toml", "clash-example-boss.toml",
                  "clash-example-mobs.toml"]


def shoot(tmp_path: Path, layout: str, *extra: str) -> Path:
    out = tmp_path / "shot.png"
    assert main(["screenshot", str(LAYOUTS / layout), "-o", str(out), "--size", "800x500",
                 *extra]) == 0
    return out


def png_text(path: Path) -> bytes:
    """Every byte of the PNG with each compressed part (text chunks, image data)
    decompressed beside it."""
    data = path.read_bytes()
    out, at, image = [data], 8, b""
    while at + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        at += 12 + length
        if kind == b"IDAT":
            image += body
        elif kind == b"zTXt":
            out.append(zlib.decompress(body.split(b"\0", 1)[1][1:]))
        elif kind == b"iTXt":
            key, rest = body.split(b"\0", 1)
            if rest[0] == 1:  # compressed: flag, method, language\0, translated key\0, text
                out.append(zlib.decompress(rest[2:].split(b"\0", 2)[2]))
    out.append(zlib.decompress(image))
    return b"\n".join(out)


def hidden_words(layout: str) -> set[str]:
    """What the public may not learn from ``layout``: each line of its layout text that its
    public view does not have, and each hidden value that the public view never mentions."""
    game, state = layouts.load(LAYOUTS / layout)
    public = layouts.dumps(game.public_view(state))
    lines = set(layouts.dumps(state).splitlines()) - set(public.splitlines())
    values = {text.split("#")[0] for _, value in game.hidden_from(state, None)
              for text in [value.strip("'\""), *re.findall(r"'([^']+)'", value)]}
    words = {line.strip() for line in lines if line.strip()}
    words |= {v for v in values if len(v) > 3 and not re.search(re.escape(v), public)}
    return words


@pytest.mark.parametrize("layout", SECRET_LAYOUTS)
def test_a_public_picture_holds_no_hidden_value(tmp_path, layout):
    secrets = hidden_words(layout)
    assert secrets, "the layout has something hidden to look for"
    found = png_text(shoot(tmp_path, layout))
    assert [s for s in secrets if s.encode() in found] == []


@pytest.mark.parametrize("layout", SECRET_LAYOUTS)
def test_a_public_picture_reopens_as_the_public_board(tmp_path, layout):
    out = shoot(tmp_path, layout)
    game, state = layouts.load(LAYOUTS / layout)
    reopened_game, reopened = load_board(out)
    assert reopened == game.public_view(state) and game.is_partial(reopened)
    assert game.legal_actions(reopened) in ((), [])
    pygame.font.init()
    app = App(Session(reopened_game, reopened, path=str(out)), (800, 500))
    app.draw(pygame.Surface((800, 500)))
    assert "public view" in app.session.status


@pytest.mark.parametrize("layout", SECRET_LAYOUTS)
def test_a_revealed_picture_reopens_the_whole_board(tmp_path, layout):
    out = shoot(tmp_path, layout, "--reveal")
    assert layouts.loads(layout_text_of_png(out))[1] == layouts.load(LAYOUTS / layout)[1]


def test_a_board_without_secrets_carries_its_layout(tmp_path):
    out = shoot(tmp_path, "clash-teaching.toml")
    source = layouts.load(LAYOUTS / "clash-teaching.toml")[1]
    assert layouts.loads(layout_text_of_png(out))[1] == source


def test_f12_in_the_window_embeds_the_public_view(tmp_path):
    pygame.font.init()
    game, state = layouts.load(LAYOUTS / "almokon-midgame.toml")
    app = App(Session(game, state), (1280, 800))
    app.screenshot_folder = tmp_path
    app.update(16)  # the hand-over screen is up; F12 still works and shows no hand
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12, mod=0, unicode=""))
    [picture] = tmp_path.glob("*.png")
    assert load_board(picture)[1] == game.public_view(state)
    assert "public view" in app.session.status


@pytest.mark.parametrize("layout", ["clash-example-boss.toml", "kingdom-start.toml"])
def test_check_says_a_public_picture_cannot_be_played_on(tmp_path, layout, capsys):
    public = shoot(tmp_path, layout).rename(tmp_path / "public.png")
    revealed = shoot(tmp_path, layout, "--reveal")
    capsys.readouterr()
    assert main(["check", str(public), str(revealed)]) == 0
    said, whole = capsys.readouterr().out.splitlines()
    assert ": ok, a public picture (hidden parts unknown, cannot be played on): " in said
    assert "public picture" not in whole and ": ok, " in whole


def test_a_clash_picture_names_no_window_key_in_its_panel(tmp_path):
    """The next Activation is named in a picture without "(N resolves it)": a picture has no
    keys, and N is refused on a public picture's board, which cannot be played on; the window
    names the key."""
    from tabletop.ui import textlayer
    from tabletop.ui.screenshot import render

    pygame.font.init()
    game, state = layouts.load(LAYOUTS / "clash-example-boss.toml")
    public = load_board(shoot(tmp_path, "clash-example-boss.toml"))[1]
    for board, key_said in ((state, True), (public, False)):
        app = App(Session(game, board), (1280, 800))
        app.draw(pygame.Surface((1280, 800)))
        words = " ".join(d.words for d in textlayer.drawn())
        assert "Shellwyrm resolves an AI" in words
        assert ("N resolves it" in words) is key_said
    render(str(LAYOUTS / "clash-example-boss.toml"), (1280, 800))
    words = " ".join(d.words for d in textlayer.drawn())
    assert "Shellwyrm resolves an AI" in words and "N resolves it" not in words
