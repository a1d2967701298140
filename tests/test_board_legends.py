"""The Clash and Kingdom legends: every entry whole in the side panel at 1280 x 800 and
1920 x 1080, and every letter code the board draws with only a tooltip behind it (the
Threat track's "H1", "H2", the Hindering tokens' letters, the Activation tokens' "A", "S")
named whole in the legend, so that a picture of the board (which has no tooltips) explains
it."""

from pathlib import Path

import pygame
import pytest

from tabletop.games import layouts
from tabletop.ui import textlayer
from tabletop.ui.app import App
from tabletop.ui.session import Session

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"
BOARDS = sorted(p.name for p in LAYOUTS.glob("kingdom-*.toml")) + sorted(
    p.name for p in LAYOUTS.glob("clash-*.toml"))
SIZES = [(1280, 800), (1920, 1080)]


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield


def _picture(name, size):
    """A picture of the board in ``name`` (no buttons, no log: the legend has its room):
    the screen and the strings drawn."""
    game, state = layouts.load(LAYOUTS / name)
    app = App(Session(game, state), size)
    app.interactive = False
    app.draw(pygame.Surface(size))
    return app.screen, textlayer.drawn()


def _said(drawn):
    """The words drawn whole, in drawing order, as one string."""
    return " ".join(" ".join(d.words.split()) for d in drawn if not d.shortened)


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "1920x1080"])
@pytest.mark.parametrize("name", BOARDS)
def test_every_legend_entry_is_drawn_whole(name, size):
    """Each legend row's meaning is drawn whole (wrapped within the panel's column, never
    cut or left out) in a picture of every shipped Clash and Kingdom layout."""
    screen, drawn = _picture(name, size)
    said = _said(drawn)
    rows = screen.legend()
    assert rows
    for _, meaning in rows:
        assert " ".join(meaning.split()) in said, (name, meaning)


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "1920x1080"])
@pytest.mark.parametrize("name", BOARDS)
def test_every_letter_code_on_the_board_is_named_in_the_legend(name, size):
    """A short code the board draws for a longer meaning (its tooltip: the Hunt Spaces'
    "H1", "H2", a Hindering token's "FL", an Activation token's "A") is named in a legend
    row, so a picture explains it; initials whose name is drawn whole on the board (a
    Knight's name plate) are explained there."""
    screen, drawn = _picture(name, size)
    legend = " ".join(meaning for _, meaning in screen.legend())
    said = _said(drawn)
    codes = {d.words for d in drawn if d.shortened and d.words and len(d.words) <= 2
             and d.words.upper() == d.words and d.full not in said}
    if name.startswith("kingdom"):
        from tabletop.ui.views.kingdom import HINDERING_LOOK

        hindering = {letters for _, letters in HINDERING_LOOK.values()}
        codes |= {d.words for d in drawn if d.words in hindering}
    for code in codes:
        assert f"{code} " in legend or f"{code}:" in legend or f"{code}," in legend, (
            name, code, legend)


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "1920x1080"])
def test_the_deep_fog_heading_is_whole_grows_with_the_map_and_clears_the_cards(size):
    """The Deep Fog's two heading lines are drawn whole, larger on a larger map, above every
    Deep Fog card."""
    from tabletop.ui.views.kingdom import fog_heading_size

    _, drawn = _picture("kingdom-deep-fog.toml", size)
    heading = [d for d in drawn if d.words.startswith("Deep Fog toward")
               or d.words.startswith("Deep Fog Value so far")]
    assert len(heading) == 2 and not any(d.shortened for d in heading)
    names = [d for d in drawn if d.words in ("Ivy Garden", "Weeping", "Stair")]
    assert names and max(d.rect.bottom for d in heading) < min(d.rect.top for d in names)
    assert fog_heading_size(pygame.Rect(0, 0, 900, 600)) == 17
    assert fog_heading_size(pygame.Rect(0, 0, 1200, 700)) > 17
    assert fog_heading_size(pygame.Rect(0, 0, 4000, 2000)) == 22
