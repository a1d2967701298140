"""Every shipped layout draws in a small window, where a space is smaller than a line of text
(a zoomed-out board looks the same): names that cannot fit become tooltips, never a crash."""

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tabletop.ui.screenshot import render  # noqa: E402

LAYOUTS = sorted((Path(__file__).resolve().parent.parent / "layouts").glob("*.toml"))


@pytest.mark.parametrize("path", LAYOUTS, ids=lambda p: p.stem)
def test_a_layout_draws_at_400_by_300(path):
    surface, _ = render(str(path), (400, 300))
    assert surface.get_size() == (400, 300)
