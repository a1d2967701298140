"""The note beside The List (what to do now, or the last joust in words) loses no line at
any window size: it is drawn smaller down to a floor, and past the floor the lines that fit
end in "… more", the whole note that cue's tooltip."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from tabletop.games import layouts  # noqa: E402
from tabletop.ui import textlayer  # noqa: E402
from tabletop.ui.app import App  # noqa: E402
from tabletop.ui.session import Session  # noqa: E402
from tabletop.ui.views.joust import MORE, NOTE_FLOOR  # noqa: E402
from tabletop.ui.widgets.tooltip import tip_for  # noqa: E402

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"


def _note(size) -> tuple[str, list[textlayer.Drawn]]:
    """The note of joust-first-round.toml (House Bloodguard plans: a long hint) and the
    strings drawn right of the joust columns on The List, at window ``size``."""
    pygame.font.init()
    game, state = layouts.load(LAYOUTS / "joust-first-round.toml")
    app = App(Session(game, state), size)
    app.draw(pygame.Surface(size))
    whole = "\n".join(app.screen.note(app.session.state))
    every = textlayer.drawn()
    joust = next(i for i, d in enumerate(every) if d.words == "Joust 3")
    first = next(i for i, d in enumerate(every) if i > joust and whole.startswith(d.words))
    drawn = []
    for d in every[first:]:  # the note is the last of The List, drawn last on the board
        if not app.areas.board.contains(d.rect):
            break
        drawn.append(d)
    return whole, drawn


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_the_lists_note_is_whole_where_there_is_room(size):
    whole, drawn = _note(size)
    assert " ".join(d.words for d in drawn) == " ".join(whole.split())
    assert not any(d.shortened for d in drawn)


@pytest.mark.parametrize("size", [(640, 420), (700, 460)])
def test_a_note_too_long_for_a_small_list_ends_in_more_with_the_whole_as_its_tooltip(size):
    """640 x 420: the planning hint needs more lines than The List has room for even at
    the floor size; the lines that fit are drawn, the last ending in "… more", and resting
    the pointer on the cue shows the whole note."""
    whole, drawn = _note(size)
    cue = [d for d in drawn if d.words == MORE]
    assert len(cue) == 1 and cue[0].tooltip and cue[0].full == whole
    assert drawn[-1].words == MORE
    tip = tip_for(cue[0].rect.center)
    assert tip is not None and tip[1] == whole
    shown = " ".join(d.words for d in drawn[:-1])
    assert " ".join(whole.split()).startswith(shown)  # the words shown, in order, none lost


def test_the_note_is_drawn_smaller_before_it_is_cut_never_under_the_floor(monkeypatch):
    """A note a little too long for its place is drawn smaller, whole; one far too long is
    drawn at the floor size, the lines that fit ending in "… more"."""
    from tabletop.ui.views import joust as view

    sizes = []
    drawn = view.text

    def spy(surface, words, pos, size, *args, **kw):
        sizes.append(size)
        return drawn(surface, words, pos, size, *args, **kw)

    monkeypatch.setattr(view, "text", spy)
    pygame.font.init()
    surface = pygame.Surface((400, 300))
    textlayer.begin_frame(surface)
    note = ["Sir Corvin (Bloodguard) rolls: green 6: Hit; the Fealty Die 2: 1 Reputation."]
    rect = pygame.Rect(0, 0, 150, 4 * 14)
    view._draw_note(surface, rect, note, 15)
    words = [d.words for d in textlayer.drawn()]
    assert MORE not in words and " ".join(words) == note[0]
    assert NOTE_FLOOR <= max(sizes) < 15  # smaller, whole
    sizes.clear()
    textlayer.begin_frame(surface)
    view._draw_note(surface, rect, note * 4, 15)
    words = [d.words for d in textlayer.drawn()]
    assert set(sizes) == {NOTE_FLOOR} and words[-1] == MORE
    assert len(words) - 1 == rect.height // (NOTE_FLOOR + 1)  # every line that fits
