"""The window's one text layer: every shipped board, drawn as ``tabletop screenshot`` draws it
(the picture, and with ``--ui`` the window's buttons, log and status line) at the default and
a full-HD size, shows no two strings overprinting each other, no string cut without its full
text one hover away and no character the font lacks; the text layer's own rules (shrink,
then cut with a tooltip; wrapped blocks; text carried through cached layers; the tooltip on
hover and focus; text that follows the window size)."""

from functools import cache
from pathlib import Path

import pygame
import pytest
from test_ui_clash_preview_labels import PREVIEWS

from tabletop.ui import textlayer
from tabletop.ui.screenshot import render
from tabletop.ui.widgets import theme
from tabletop.ui.widgets.fontfile import mapped_characters

LAYOUTS = sorted((Path(__file__).resolve().parent.parent / "layouts").glob("*.toml"))
SIZES = [(1280, 800), (1920, 1080)]
UI_SCALES = [100, 150]
"""The UI scales (percent) every layout is drawn at: the default and a projector's."""


def _on_show() -> list[textlayer.Drawn]:
    return [d for d in textlayer.drawn() if d.words and d.role not in ("tip", "tooltip")]


def overprints(drawn: list[textlayer.Drawn]) -> list[str]:
    """Each pair of strings whose ink (or plate) rectangles overlap, in words."""
    out = []
    for index, a in enumerate(drawn):
        for b in drawn[index + 1:]:
            if a.rect.colliderect(b.rect):
                out.append(f"{a.words!r} at {tuple(a.rect)} overprints {b.words!r} at "
                           f"{tuple(b.rect)}")
    return out


@pytest.mark.parametrize("scale", UI_SCALES, ids=lambda s: f"{s}pc")
@pytest.mark.parametrize("ui", [False, True], ids=["picture", "window"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("path", LAYOUTS, ids=lambda p: p.stem)
def test_no_label_overprints_another_and_nothing_is_cut_without_a_tooltip(path, size, ui, scale):
    render(str(path), size, ui=ui, ui_scale=scale)
    drawn = _on_show()
    assert len(drawn) > 20, "the frame's text was not recorded"
    assert overprints(drawn) == []
    silently_cut = [d.words for d in drawn if d.shortened and not d.tooltip]
    assert silently_cut == []
    assert all(textlayer.tip_at(d.rect.center) is not None for d in drawn if d.shortened)
    cut_by_an_edge = [f"{d.words!r} at {tuple(d.rect)}" for d in drawn if d.clipped]
    assert cut_by_an_edge == []
    drawn_in_boxes = [f"{d.full!r}" for d in textlayer.drawn()
                      if set(d.words + d.full) - _font_characters()]
    assert drawn_in_boxes == [], "characters the font lacks are drawn as empty boxes"


@cache
def _font_characters() -> frozenset[str]:
    """The characters the window's font has a glyph for."""
    return mapped_characters(theme._font_bytes())


def test_the_fateforge_token_badges_keep_clear_of_the_enemy_names():
    render("layouts/fateforge-chapel.toml", (1280, 800))
    drawn = {d.words: d.rect for d in _on_show()}
    assert not drawn["Skulk"].colliderect(drawn["fountain 3"])


def _region(surface: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect.clip(surface.get_rect())), "RGB")


@pytest.mark.parametrize("knight", ["Kara", "Fleischritter", "Odo"])
def test_the_selection_frame_never_hides_a_knights_name(knight):
    plain, _ = render("layouts/clash-teaching.toml", (1280, 800))
    name = next(d.rect for d in _on_show() if d.words == knight)
    selected, _ = render("layouts/clash-teaching.toml", (1280, 800), [f"select {knight}"])
    assert next(d.rect for d in _on_show() if d.words == knight) == name
    words = name.inflate(-6, -4)  # the plate's rounded corners may show the frame
    assert _region(selected, words) == _region(plain, words)


def test_a_knight_on_a_vantage_point_leaves_its_monsters_name_readable():
    render("layouts/clash-rule-vantage-points.toml", (1280, 800))
    drawn = _on_show()
    assert overprints(drawn) == []
    assert any(d.words == "Gorgoleth" and not d.shortened for d in drawn)


# -- the text layer's own rules --------------------------------------------------------------


@pytest.fixture
def frame():
    pygame.font.init()
    surface = pygame.Surface((400, 300))
    textlayer.begin_frame(surface)
    return surface


def test_a_line_too_wide_shrinks_a_little_before_it_is_cut(frame):
    words = "Forced movement on Eggknight"
    width = textlayer.text_size(words, 16)[0]
    textlayer.text(frame, words, (0, 0), 16, max_width=width - 6)
    shrunk = textlayer.drawn()[-1]
    assert (shrunk.words, shrunk.shortened) == (words, False)
    textlayer.text(frame, words, (0, 40), 16, max_width=width // 2)
    cut = textlayer.drawn()[-1]
    assert cut.words.endswith("…") and cut.shortened and cut.tooltip
    assert cut.full == words
    assert textlayer.tip_at(cut.rect.center)[1] == words


def test_a_path_too_wide_for_a_line_breaks_after_a_slash_or_hyphen_never_cut(frame):
    """A layout's note names its file ("tabletop query layouts/clash-rule-unavoidable-
    knockback.toml ..."): in the side panel the path is wider than a line, so it breaks after
    a "/" or "-" and every piece is drawn whole; a word with no such place stays whole on its
    own line (then shrunk or cut with a tooltip, as any line)."""
    path = "layouts/clash-rule-unavoidable-knockback.toml"
    words = f"Ask: tabletop query {path} \"monster-move Eggknight C5\""
    width = textlayer.text_size(path, 16)[0] // 2
    lines = textlayer.wrap(words, 16, width)
    assert "".join(lines).replace(" ", "") == words.replace(" ", "")
    assert all(not textlayer.fit(line, 16, width)[2] for line in lines), lines
    assert any(line.endswith(("/", "-")) for line in lines)
    assert textlayer.wrap("Hammerfall", 16, 20) == ("Hammerfall",)


def test_a_block_that_does_not_fit_ends_in_an_ellipsis_with_the_whole_text_as_tooltip(frame):
    words = "one two three four five six seven eight nine ten eleven twelve " * 4
    step = textlayer.line_height(15)
    used = textlayer.block(frame, words, pygame.Rect(10, 10, 120, 3 * step), 15)
    assert used == 3 * step
    lines = [d for d in textlayer.drawn() if d.words]
    assert len(lines) == 3 and lines[-1].words.endswith("…")
    assert textlayer.tip_at((20, 15))[1] == words


def test_text_drawn_into_a_cached_layer_is_recorded_where_the_layer_is_pasted(frame):
    image = pygame.Surface((100, 50), pygame.SRCALPHA)
    drawn = textlayer.text(image, "Ruined Wall", (0, 0), 14)
    assert textlayer.drawn() == []
    textlayer.paste(frame, image, (30, 40))
    textlayer.paste(frame, image, (200, 40))
    where = [d.rect.topleft for d in textlayer.drawn()]
    assert len(where) == 2 and where[0][0] - where[1][0] == -170
    assert where[0][1] >= 40 + drawn.y


def test_covered_words_leave_the_record(frame):
    textlayer.text(frame, "under the veil", (10, 10), 14)
    textlayer.cover(frame, pygame.Rect(0, 0, 200, 40))
    assert textlayer.drawn() == []


def test_the_placer_nudges_then_tries_the_alternatives():
    placer = textlayer.Placer()
    first = pygame.Rect(0, 0, 40, 10)
    assert placer.place(first) == first
    assert placer.place(first, pygame.Rect(0, 20, 40, 10)) == pygame.Rect(0, 20, 40, 10)
    nudged = placer.place(pygame.Rect(0, 25, 40, 10), nudge=6)
    assert nudged is not None and not nudged.colliderect(pygame.Rect(0, 20, 40, 10))
    assert placer.place(first) is None


def test_the_tooltip_shows_the_full_text_under_the_pointer_and_on_keyboard_focus(frame):
    from tabletop.ui.widgets.tooltip import draw_tooltip

    words = "Pass (no response to the attack)"
    textlayer.text(frame, words, (10, 10), 15, max_width=60)
    cut = textlayer.drawn()[-1]
    assert draw_tooltip(frame, (300, 280)) is None
    box = draw_tooltip(frame, cut.rect.center)
    assert box is not None and box.width > 60
    assert " ".join(d.words for d in textlayer.drawn() if d.role == "tooltip") == words
    textlayer.begin_frame(frame)
    textlayer.text(frame, words, (10, 10), 15, max_width=60, focus=True)
    assert draw_tooltip(frame, None) is not None


def test_the_window_text_follows_the_window_size_within_readable_limits():
    from tabletop.ui.app import Areas

    small, default, large = (Areas.of(size) for size in ((960, 600), (1280, 800),
                                                         (1920, 1080)))
    assert default.panel.width == theme.PANEL_WIDTH
    assert large.panel.width > default.panel.width and large.title.height > 30
    theme.set_window((1920, 1080))
    assert theme.ui(15) == 20
    theme.set_window((640, 400))
    assert theme.ui(15) >= 13
    theme.set_window((1280, 800))
    assert small.title.height >= 27


def test_a_long_menu_item_wraps_and_the_highlighted_ones_whole_text_shows_on_focus(frame):
    from tabletop.ui.widgets.menu import Menu, MenuItem
    from tabletop.ui.widgets.tooltip import draw_tooltip

    two_lines = "Forced movement on Eggknight (Knockback X, Pushback X …)"
    endless = " ".join(["Knockback to the Side"] * 12)  # more than four lines
    menu = Menu("Knight attack", [MenuItem(two_lines, 1), MenuItem(endless, 2)],
                lambda _: None)
    menu.draw(frame, pygame.Rect(0, 0, 400, 300))
    shown = [d for d in textlayer.drawn() if d.words]
    assert " ".join(d.words for d in shown if d.words in two_lines) == two_lines
    assert draw_tooltip(frame, None) is None  # the highlighted item is whole
    menu.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0))
    textlayer.begin_frame(frame)
    menu.draw(frame, pygame.Rect(0, 0, 400, 300))
    assert textlayer.focus_tip()[1] == endless
    assert draw_tooltip(frame, None) is not None


@pytest.mark.parametrize("scale", [*UI_SCALES, 200], ids=lambda s: f"{s}pc")
def test_f1_help_lists_every_key_whole_at_every_ui_scale(scale):
    from tabletop.games import layouts
    from tabletop.ui.app import App
    from tabletop.ui.session import Session

    game, state = layouts.load(str(LAYOUTS[0].parent / "clash-teaching.toml"))
    theme.set_ui_scale(scale)
    try:
        app = App(Session(game, state), (1280, 800))
        _help_drawn(app)
    finally:
        theme.set_ui_scale(100)


def _help_drawn(app) -> None:
    """F1 pressed in ``app``: every key and the end of its meaning drawn whole, no overlap."""
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="",
                                    scancode=0))
    app.draw(pygame.Surface((1280, 800)))
    drawn = _on_show()
    listed = [d for d in drawn if app.areas.board.contains(d.rect)]  # the list, not the panel
    words = " ".join(d.words for d in listed)
    for key, meaning in app.top.rows:
        assert key in words and " ".join(meaning.split()[-2:]) in words
    assert not any(d.shortened for d in listed)
    assert overprints(drawn) == []


ASKED = [
    ("bench-30x30.toml", ['reach "Knight 1"']),
    ("bench-30x30.toml", ['reach "Knight 1"', 'los "Knight 1" "Knight 4"']),
    *((name, [spec]) for name, spec in PREVIEWS),
    ("clash-rule-knockback-column.toml", ["preview forced knockback Eggknight Kara 2"]),
    ("clash-rule-knockback-side.toml",
     ["preview forced 'knockback to the side' Eggknight Kara 5", "outcome 2"]),
]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("name", "overlays"), ASKED, ids=lambda v: str(v))
def test_overlay_and_preview_numbers_overprint_no_label(name, overlays, size):
    """An overlay's number disc, a preview's step numbers and its outcome badges are placed
    by the text layer's placer clear of the tile plates, the names and the edge labels."""
    render(f"layouts/{name}", size, overlays)
    drawn = _on_show()
    numbers = [d for d in drawn if d.words.isdigit()]
    assert numbers
    assert overprints(drawn) == []
