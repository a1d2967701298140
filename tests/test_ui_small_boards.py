"""Every shipped layout draws in the smallest picture ``tabletop screenshot`` makes (320 x 240,
with and without the window's panels), where a space is smaller than a line of text and a card
row is a sliver (a zoomed-out board looks the same): what cannot fit becomes a tooltip or is
left to the zoom, never a crash or a hang."""

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tabletop.ui.screenshot import MIN_SIZE, render  # noqa: E402

LAYOUTS = sorted((Path(__file__).resolve().parent.parent / "layouts").glob("*.toml"))


@pytest.mark.parametrize("ui", [False, True], ids=["board", "window"])
@pytest.mark.parametrize("path", LAYOUTS, ids=lambda p: p.stem)
def test_a_layout_draws_at_the_smallest_picture_size(path, ui):
    surface, _ = render(str(path), MIN_SIZE, ui=ui)
    assert surface.get_size() == MIN_SIZE


def test_a_card_name_wrapped_to_a_line_narrower_than_a_letter_ends():
    """Almokon's card text breaks a long word with hyphens; on a line too narrow for one
    letter each letter stands alone and the wrapping ends (it once looped for ever)."""
    import pygame

    from tabletop.ui.views.almokon import split_words

    pygame.font.init()
    lines = split_words("Hammerfall Militia", 12, 0)
    assert "".join(line.rstrip("-") for line in lines) == "HammerfallMilitia"
