"""At the window's minimum size (640 x 420) no word is cut: every shipped board drawn there
(with the window's buttons, log and status line) has no string cut by an edge and none
shortened without its whole text as a tooltip; the Almokon zone titles, card numbers and
hand counts and the joust Knight cards stay inside their places; choice menus hold as many
whole options as the panel has room for; and a UI scale above 100 % is capped to what the
window's size holds, so the minimum window looks the same at any UI scale."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from fateforge_boards import at_the_fountain  # noqa: E402
from set_boards import imbue_board  # noqa: E402
from test_ui_choice_menu_pages import app_past_hand_over, command_menu  # noqa: E402
from test_ui_menu_legibility import _app, assert_whole  # noqa: E402
from test_ui_text_layout import overprints  # noqa: E402
from test_ui_window_minimum import least_app  # noqa: E402

from tabletop.games import layouts  # noqa: E402
from tabletop.ui import textlayer  # noqa: E402
from tabletop.ui.app import App  # noqa: E402
from tabletop.ui.screenshot import render  # noqa: E402
from tabletop.ui.session import Session  # noqa: E402
from tabletop.ui.views import clash as clash_view  # noqa: E402
from tabletop.ui.views.almokon import number_rows, split_words  # noqa: E402
from tabletop.ui.views.fateforge import hero_words, piece_spots  # noqa: E402
from tabletop.ui.widgets import theme  # noqa: E402
from tabletop.ui.widgets.choice_menu import ChoiceMenu  # noqa: E402

LAYOUTS = sorted((Path(__file__).resolve().parent.parent / "layouts").glob("*.toml"))
LEAST = theme.MINIMUM_WINDOW


def _shown() -> list[textlayer.Drawn]:
    return [d for d in textlayer.drawn() if d.words and d.role not in ("tip", "tooltip")]


@pytest.mark.parametrize("ui", [True, False], ids=["window", "picture"])
@pytest.mark.parametrize("path", LAYOUTS, ids=lambda p: p.stem)
def test_at_the_minimum_window_no_word_is_cut_or_overprinted(path, ui):
    """Every shipped board at 640 x 420, in the window and as a picture: no two drawn
    strings' rectangles overlap (the larger sizes: ``test_ui_text_layout``), none is cut by
    an edge or shortened without a tooltip."""
    surface, _ = render(str(path), LEAST, ui=ui)
    drawn = _shown()
    assert len(drawn) > 10
    assert overprints(drawn) == []
    cut_by_an_edge = [f"{d.words!r} at {tuple(d.rect)}" for d in drawn if d.clipped]
    assert cut_by_an_edge == []
    assert [d.words for d in drawn if d.shortened and not d.tooltip] == []
    outside = [d.words for d in drawn if not surface.get_rect().contains(d.rect)]
    assert outside == []


# -- the UI scale in effect -------------------------------------------------------------------


def test_the_ui_scale_in_effect_is_capped_by_how_often_the_minimum_window_fits():
    assert theme.scale_cap(LEAST) == 100
    assert theme.scale_cap((960, 630)) == 150
    assert theme.scale_cap((1280, 800)) == 190
    assert theme.scale_cap((1920, 1080)) >= 200
    try:
        theme.set_ui_scale(150)
        theme.set_window(LEAST)
        assert theme.effective_scale() == 100 and theme.ui_scale() == 150
        theme.set_window((1280, 800))
        assert theme.effective_scale() == 150
    finally:
        theme.set_ui_scale(100)


def test_the_minimum_window_is_drawn_the_same_at_any_ui_scale_and_a_larger_one_is_not():
    name = "layouts/joust-mid-joust.toml"
    plain = pygame.image.tobytes(render(name, LEAST, ui=True)[0], "RGB")
    for scale in (125, 150, 200):
        assert pygame.image.tobytes(render(name, LEAST, ui=True, ui_scale=scale)[0],
                                    "RGB") == plain
    assert pygame.image.tobytes(render(name, (1280, 800), ui=True, ui_scale=150)[0], "RGB") \
        != pygame.image.tobytes(render(name, (1280, 800), ui=True)[0], "RGB")


def test_the_status_line_says_the_scale_in_effect_when_the_window_caps_it(tmp_path,
                                                                          monkeypatch):
    monkeypatch.setenv("TABLETOP_SETTINGS", str(tmp_path / "settings.toml"))
    pygame.font.init()
    game, state = layouts.load("layouts/joust-mid-joust.toml")
    app = App(Session(game, state), LEAST)
    app.draw(pygame.Surface(LEAST))
    try:
        app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_EQUALS,
                                        mod=pygame.KMOD_CTRL | pygame.KMOD_SHIFT, unicode="",
                                        scancode=0))
        assert theme.ui_scale() == 110
        assert app.session.status.startswith("UI scale 110 %")
        assert "; 100 % in a window this size" in app.session.status
    finally:
        theme.set_ui_scale(100)


# -- Almokon ----------------------------------------------------------------------------------


def test_an_almokon_zone_title_too_wide_for_its_zone_is_its_name_with_the_whole_as_tooltip():
    render("layouts/almokon-midgame.toml", LEAST, ui=True)
    sea = next(d for d in _shown() if d.words.startswith("Open Sea"))
    assert sea.words == "Open Sea" and sea.full == "Open Sea (Outland, sea)" and sea.tooltip
    assert textlayer.tip_at(sea.rect.center)[1] == "Open Sea (Outland, sea)"
    render("layouts/almokon-midgame.toml", (1280, 800), ui=True)
    assert any(d.words == "Open Sea (Outland, sea)" and not d.shortened for d in _shown())


@pytest.mark.parametrize("path", [p for p in LAYOUTS if p.stem.startswith("almokon")],
                         ids=lambda p: p.stem)
def test_at_the_minimum_no_almokon_card_word_overprints_another(path):
    """Wrath, Vigor and Bounty on a card too narrow for them on one line go on two (or
    three), and a card's lines never run into its numbers or past its edge."""
    render(str(path), LEAST, ui=True)
    assert overprints(_shown()) == []


def test_numbers_too_wide_for_a_card_go_on_more_rows_never_overlapping():
    pygame.font.init()
    numbers = [("W2", (0, 0, 0)), ("V14", (0, 0, 0)), ("B12", (0, 0, 0))]
    size, rows = number_rows(numbers, 16, 400)
    assert len(rows) == 1 and size == 16
    size, rows = number_rows(numbers, 16, 34)
    assert size == 10 and len(rows) > 1 and [n for row in rows for n in row] == numbers
    for row in rows[:-1]:
        assert sum(textlayer.text_size(w, size)[0] for w, _ in row) <= 34


@pytest.mark.parametrize("path", [p for p in LAYOUTS if p.stem.startswith("almokon")],
                         ids=lambda p: p.stem)
def test_at_the_minimum_the_hand_face_up_and_lying_cards_keep_every_word_inside(path):
    """Past the hand-over the acting player's hand is face up: cards some 30 pixels wide
    beside their cost, and exhausted cards lying on their side, shorter than three rows of
    numbers: no word runs past a card's edge or into another."""
    app = least_app(path)
    app.draw(pygame.Surface(LEAST))
    drawn = _shown()
    assert not [d.words for d in drawn if d.clipped]
    assert overprints(drawn) == []


def test_a_name_broken_beside_the_cost_never_leaves_a_stub_of_one_or_two_letters():
    pygame.font.init()
    narrow = split_words("Writ of Quickening", 10, 30, 14)
    assert narrow[:2] == ("", "Writ")  # not "W-" / "rit"
    for width in range(26, 60, 2):  # "Hammerfa-" / "ll" was drawn at 640 x 420
        lines = split_words("Fort Hammerfall", 10, width)
        assert all(len(line.rstrip("-")) >= 3 for line in lines), (width, lines)


def test_a_hidden_hand_count_stays_inside_the_board_at_the_minimum():
    """"6 in hand, hidden" ran past the board's edge at 640 x 420: now it is drawn whole,
    shorter ("6 hidden") or, with no room beside the card backs, it is their tooltip."""
    render("layouts/almokon-midgame.toml", LEAST, ui=True)
    counts = [d for d in textlayer.drawn() if d.full == "6 in hand, hidden"]
    assert counts and all(d.tooltip or not d.shortened for d in counts)
    assert all(not d.clipped and d.rect.right <= 427 for d in counts)


# -- joust --------------------------------------------------------------------------------------


def test_a_knight_card_too_short_shows_whole_lines_and_its_whole_words_as_tooltip():
    """The card of a Knight placed in the order at 640 x 420: "Crown: beat 5 · joust 2"
    was cut at the card's edge; now each line drawn is whole and the card's tooltip says
    all of it."""
    render("layouts/joust-mid-joust.toml", LEAST, ui=True)
    drawn = _shown()
    assert not [d.words for d in drawn if d.clipped]
    assert not [d.words for d in drawn if d.words.startswith("Crown") and d.shortened]
    name = next(d for d in drawn if d.words == "Dame Wren")
    tip = textlayer.tip_at(name.rect.center)
    assert tip is not None and "Crown: beat 5 · joust 2" in tip[1]
    assert "Humility · Vanguard" in tip[1]


# -- menus --------------------------------------------------------------------------------------


def _choice_whole_at_least(app: App) -> ChoiceMenu:
    app.draw(pygame.Surface(LEAST))
    menu = app.top
    assert isinstance(menu, ChoiceMenu)
    shared = menu.shared_start()
    labels = [f"{n}. {label[len(shared):]}"
              for n, (label, _) in enumerate(menu.options[:menu.on_page()], 1)]
    assert_whole(app, LEAST, lambda: menu.box, menu.title, labels)
    return menu


def test_at_the_minimum_a_paged_menu_holds_as_many_whole_options_as_the_panel_has_room_for():
    """Ten forms of a Command at 640 x 420: the page took two (each cut to a line); now the
    menu takes the side panel from its top (its buttons do nothing while it is open) and
    holds five, each label whole."""
    app = command_menu(LEAST)
    menu = _choice_whole_at_least(app)
    assert menu.on_page() >= 5 and not menu.cut
    assert menu.box.top < min(button.rect.bottom for button in app.buttons)


def test_at_the_minimum_the_almokon_joust_and_fateforge_menus_show_every_label_whole():
    app = _app(imbue_board(1, ap=7), LEAST)
    app.screen.start(("play", "siege-golem"))
    assert _choice_whole_at_least(app).on_page() == 2
    pygame.font.init()
    game, state = layouts.load("layouts/joust-mid-joust.toml")
    app = App(Session(game, state), LEAST)
    app.screen.reveal = True
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode=""))
    assert _choice_whole_at_least(app).on_page() == 4
    app = _app(at_the_fountain(), LEAST)
    fountain = next(b for b in app.buttons if b.label.endswith("ends turn"))
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.dispatch(pygame.event.Event(kind, pos=fountain.rect.center, button=1))
    _choice_whole_at_least(app)


def test_at_a_roomy_window_the_menu_stays_under_the_buttons():
    app = command_menu((1280, 800))
    app.draw(pygame.Surface((1280, 800)))
    menu = app.top
    assert not menu.short_of_room() and menu.on_page() >= 5
    assert menu.box.top > max(button.rect.bottom for button in app.buttons)


# -- board labels clear of each other at the minimum ------------------------------------------


def _labels_overprinting(name: str) -> list[str]:
    render(f"layouts/{name}.toml", LEAST, ui=True)
    return overprints(_shown())


def test_at_the_minimum_the_kingdom_wheel_leaves_the_map_two_thirds_and_words_stay_inside():
    """The District Wheel's panel took 230 of the board's 427 pixels at 640 x 420; it now
    takes a third, and a path's "to 10" or a "Point of Interest 4" plate beside a tile at the
    map's edge is moved inside the map rather than cut by it."""
    render("layouts/kingdom-disjointed.toml", LEAST, ui=True)
    drawn = _shown()
    wheel = next(d for d in drawn if d.words == "District Wheel")
    assert wheel.rect.x >= 427 * 2 // 3
    shortcut = next(d for d in drawn if d.words == "to 10")
    assert shortcut.rect.x >= 8 and not shortcut.clipped
    render("layouts/kingdom-mid-delve.toml", LEAST, ui=True)
    poi = next(d for d in _shown() if d.words == "Point of Interest 4")
    assert poi.rect.x >= 8 and not poi.clipped and not poi.shortened


def test_at_the_minimum_a_monster_names_two_lines_do_not_touch():
    """"White Ape" / "Troll" on a 1 x 1 plate: the descender of "Ape" ran into "Troll"."""
    assert _labels_overprinting("clash-rule-pushback-board-edge") == []


def test_at_the_minimum_fateforge_names_under_pieces_and_token_badges_stay_apart():
    """The chapel's "Grunt" ran into "Warden" (their pieces 32 pixels apart, their names
    wider) and the Gate's "Gate exit" badge lay on its start badge "S"; now the pieces stand
    apart by their words and the exit badge, with no room for its name, says "EXIT" with the
    name as its tooltip."""
    assert _labels_overprinting("fateforge-chapel") == []
    badge = next(d for d in _shown() if d.full == "Gate exit")
    assert badge.words == "EXIT" and badge.tooltip
    assert textlayer.tip_at(badge.rect.center)[1] == "Gate exit"


def test_at_the_minimum_an_enemys_initiative_clears_its_ability_letters():
    """The Lookout's initiative "4" over its "BG" in a box 22 pixels square."""
    assert _labels_overprinting("fateforge-allies") == []


# -- the Kingdom map's small tiles ------------------------------------------------------------


def _tip_over_tile(tile: str) -> str | None:
    """The tooltip over the id of ``tile`` on the Kingdom map drawn last (under the track)."""
    below_the_track = theme.ui(74) + 40
    spot = next(d.rect for d in _shown()
                if d.words.split(" ")[0] == tile and d.rect.y > below_the_track)
    tip = textlayer.tip_at(spot.center)
    return None if tip is None else tip[1]


def test_at_the_minimum_a_small_kingdom_tile_shows_its_id_and_tells_the_rest_on_hover():
    """A one-cell tile some 25 pixels wide held its id, its name cut to "C…" and its
    district symbol over the id; a face-down tile's back symbols ran onto its district band.
    Now each word is drawn whole and clear or not at all, and the tile's tooltip says what
    the tile shows at a larger size: a face-up tile's name, size, district and Point of
    Interest; a face-down tile's back, never its front."""
    render("layouts/kingdom-disjointed.toml", LEAST, ui=True)
    words = [d.words for d in _shown()]
    assert "4" in words and not any(w.startswith("C") and w.endswith("…") for w in words)
    chapel = _tip_over_tile("4")
    assert chapel is not None
    assert "Chapel of Ash" in chapel and "Point of Interest: Ash Reliquary" in chapel
    assert "small" in chapel and "Ashen Quarter (tower)" in chapel
    back = _tip_over_tile("2")
    assert back is not None and "face down" in back and "Time" in back
    assert "Bell Tower" not in back
    render("layouts/kingdom-disjointed.toml", (1280, 800), ui=True)
    assert any(d.words.startswith("Chapel") and not d.shortened for d in _shown())


def test_at_the_minimum_a_kingdom_token_takes_its_spot_before_the_tile_words():
    """Mid-delve at 640 x 420: the Rotgut Hound's token covered "Border …" on its tile and
    the Flood token covered "wave"; the tokens now keep their spots and the words they
    would cover are left to the tile's tooltip."""
    render("layouts/kingdom-mid-delve.toml", LEAST, ui=True)
    drawn = _shown()
    assert overprints(drawn) == []
    assert any(d.words == "RH" for d in drawn) and any(d.words == "FL" for d in drawn)
    assert "Border Gate" in (_tip_over_tile("1") or "")


# -- Fateforge: words under the pieces inside their tile ---------------------------------------


@pytest.mark.parametrize("size", [LEAST, (1280, 800), (1920, 1080)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("path", [p for p in LAYOUTS if p.stem.startswith("fateforge")],
                         ids=lambda p: p.stem)
def test_the_words_under_fateforge_pieces_stay_inside_their_tile(path, size):
    """At 640 x 420 the chapel's "Archer" began left of the Vestry, on the door bar between
    it and the Chapel, and the Hall's "Grunt", "Warden" and "Cultist" ran down onto the door
    bar under it: each piece's words now lie inside its tile, two pixels in from its edges
    (a door bar reaches a pixel or two into the tiles it joins), and no piece covers its
    zone's name plate."""
    app = app_past_hand_over(*layouts.load(path), size)
    app.draw(pygame.Surface(size))
    state, fit = app.session.state, app.screen.fit
    drawn = _shown()
    spots = piece_spots(state, fit)
    outside = []
    for piece in (*state.heroes, *state.enemies):
        if piece.zone is None or piece.name not in spots:
            continue
        tile = fit.tile(next(z for z in state.zones if z.id == piece.zone))
        words = hero_words(piece) if piece in state.heroes else piece.name
        centre = spots[piece.name].centre
        rect = min((d.rect for d in drawn if words in (d.words, d.full)),
                   key=lambda r: abs(r.centerx - centre[0]) + abs(r.top - centre[1]))
        if not tile.inflate(-4, -4).contains(rect):
            outside.append(f"{words!r} at {tuple(rect)} in {tuple(tile)}")
        top = spots[piece.name].centre[1] - spots[piece.name].radius
        names = [d.rect for d in drawn if d.role == "label" and tile.contains(d.rect)
                 and d.rect.top == tile.y + 8]
        assert all(top >= plate.bottom for plate in names), piece.name
    assert outside == []


# -- Clash: a Knight's initials on its token -----------------------------------------------------


def test_at_the_minimum_a_knights_initials_sit_on_its_token_and_its_tracks_are_their_tooltip():
    """Spaces 24 pixels wide (a 10 x 10 board at 640 x 420) carried a Vigor badge that left
    the initials no room: they were pushed off the token, white on the pale board.  A token
    too small for both shows its initials alone, on the token, and their tooltip says the
    Knight's name, Vigor, Heat and Passion; a larger one keeps its badge and the initials
    beside it, still on the token."""
    render("layouts/clash-diagonal-squeeze.toml", LEAST, ui=True)
    initials = next(d for d in _shown() if d.words == "Ka")
    assert initials.full == "Kara: Vigor 10, Heat 0, Passion 0"
    assert not any(d.words == "10" and d.rect.colliderect(initials.rect.inflate(16, 16))
                   for d in _shown())
    render("layouts/clash-diagonal-squeeze.toml", (1280, 800), ui=True)
    assert any(d.words == "Ka" and d.full == "Kara" for d in _shown())
    render("layouts/clash-example-mobs.toml", LEAST, ui=True)
    initials = next(d for d in _shown() if d.words == "Ka")
    badge = next(d for d in _shown() if d.words == "14")
    assert initials.full == "Kara" and not badge.rect.colliderect(initials.rect)


@pytest.mark.parametrize("name", ["clash-rule-mob-track", "clash-rule-pushback-column",
                                  "clash-rule-herd"])
def test_at_the_minimum_a_monsters_name_leaves_its_facing_arrow_clear(name):
    """A 1 x 1 Monster's plate at 640 x 420 is some 27 pixels: "Iro…" / "Dead" was drawn
    across its facing arrow.  A plate too small for the name beside the arrow shows the
    arrow alone and the name is the plate's tooltip."""
    app = app_past_hand_over(*layouts.load(f"layouts/{name}.toml"), LEAST)
    app.draw(pygame.Surface(LEAST))
    grid = app.screen.grid()
    drawn = _shown()
    for monster in app.session.state.monsters:
        plate = clash_view._monster_plate(grid, monster)
        xs, ys = zip(*clash_view._arrow(plate, monster.facing), strict=True)
        arrow = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        assert not [d.words for d in drawn if d.rect.colliderect(arrow)], monster.name
        tip = textlayer.tip_at(plate.center)
        assert tip is not None and tip[1] == monster.name
