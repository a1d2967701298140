"""The dice tray in the window: opens on D, throws, re-rolls by the game's rule, hands on."""

import math
from pathlib import Path

import pygame
import pytest

from tabletop.dice.roll import roll_dice, roll_showing
from tabletop.dice.tray import animate_roll
from tabletop.games import layouts
from tabletop.ui.app import App
from tabletop.ui.session import Session
from tabletop.ui.widgets.dice_tray import (
    MIN_SHARE,
    DiceTray,
    die_image,
    face_mark,
    upright_share,
)

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"
SIZE = (1280, 800)


@pytest.fixture(autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def _app(layout="clash-teaching.toml"):
    game, state = layouts.load(str(LAYOUTS / layout))
    return App(Session(game, state, path=str(LAYOUTS / layout)), SIZE)


def _key(app, key):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def _settle(app, tray):
    tray.update(5000)
    app.draw(pygame.Surface(SIZE))


def test_key_d_opens_the_tray_over_the_board():
    app = _app()
    _key(app, pygame.K_d)
    assert isinstance(app.top, DiceTray) and app.top.family.key == "kf-d10"


def test_tray_opens_with_the_games_dice():
    app = _app("joust-first-round.toml")
    _key(app, pygame.K_d)
    assert app.top.family.key == "kc"


def test_space_throws_and_the_dice_settle_on_the_roll():
    app = _app()
    tray = DiceTray(app.session, ["kf-d10-white", "kf-d10"], seed=4)
    app.push(tray)
    _key(app, pygame.K_SPACE)
    assert tray.roll == roll_dice(["kf-d10-white", "kf-d10"], seed=4) and tray.rolling
    _settle(app, tray)
    assert not tray.rolling
    assert [pose.face for pose in tray.animation.at(tray.clock)] == list(tray.roll.faces)


def test_click_chooses_dice_and_r_rerolls_them_with_heat():
    app = _app()
    tray = DiceTray(app.session, ["kf-d10-white", "kf-d10", "kf-d10"], seed=8, throw_now=True)
    app.push(tray)
    _settle(app, tray)
    (cx, cy), _, _, index = tray._dice[1]
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(round(cx), round(cy)),
                                    button=1))
    assert tray.chosen == {index}
    _key(app, pygame.K_r)
    assert tray.roll.times_rerolled(index) == 1 and "+1 Heat" in tray.notes[-1]
    _settle(app, tray)
    tray.chosen = {0}
    _key(app, pygame.K_r)
    assert "already re-rolled" in tray.message and tray.roll.times_rerolled(0) == 0


def test_enter_rolls_aftershocks_then_hands_the_roll_on():
    seed = next(s for s in range(500) if roll_dice(["black"], seed=s).faces[0] == 5)
    app = _app("joust-first-round.toml")
    got = []
    tray = DiceTray(app.session, ["black"], seed=seed, on_done=got.append, throw_now=True)
    app.push(tray)
    _settle(app, tray)
    _key(app, pygame.K_RETURN)
    assert tray.finished and len(tray.roll) >= 2 and tray.rolling
    _settle(app, tray)
    _key(app, pygame.K_RETURN)
    assert got == [tray.roll] and not isinstance(app.top, DiceTray)


def test_free_roll_goes_to_the_log():
    app = _app()
    tray = DiceTray(app.session, ["kf-d10"], seed=3, throw_now=True)
    app.push(tray)
    _settle(app, tray)
    _key(app, pygame.K_RETURN)
    assert app.session.log[-1].startswith("Dice (seed 3): black")


def test_escape_closes_and_tab_changes_game():
    app = _app()
    tray = DiceTray(app.session)
    app.push(tray)
    _key(app, pygame.K_TAB)
    assert tray.family.key == "kf-power" and tray.pending == list(tray.family.default)
    _key(app, pygame.K_ESCAPE)
    assert app.top is not tray


def test_palette_click_adds_a_die():
    app = _app()
    tray = DiceTray(app.session, ["kf-d10"])
    app.push(tray)
    app.draw(pygame.Surface(SIZE))
    rect, kind = tray._chips[0]
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    assert tray.pending == ["kf-d10", kind]
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=3))
    assert tray.pending == ["kf-d10"]


@pytest.mark.parametrize("size", [(640, 420), (1920, 1080)])
def test_tray_draws_at_any_window_size(size):
    app = _app("fateforge-chapel.toml")
    tray = DiceTray(app.session, throw_now=True, seed=1)
    app.push(tray)
    surface = pygame.Surface(size)
    app.draw(surface)
    tray.update(5000)
    app.draw(surface)
    from tabletop.ui.widgets.dice_tray import FELT

    felt = [(x, y) for x in range(0, size[0] * 2 // 3, 8) for y in range(0, size[1], 8)
            if surface.get_at((x, y))[:3] == FELT]
    assert felt  # the tray's felt is drawn in the board area


def test_die_pictures_differ_by_face():
    assert die_image("kc-red", 0, 40, False).get_view("2").raw != die_image(
        "kc-red", 5, 40, False).get_view("2").raw


def test_tray_given_aliases_and_a_bad_die():
    app = _app()
    assert DiceTray(app.session, ["white", "black"]).family.key == "kc"
    tray = DiceTray(app.session, ["purple"])
    app.push(tray)
    _key(app, pygame.K_SPACE)
    assert "'purple' is not a kind of die" in app.session.status and tray.roll is None


def test_three_of_a_kind_change_in_the_tray():
    app = _app("fateforge-chapel.toml")
    tray = DiceTray(app.session, ["ff-red", "ff-red", "ff-green", "ff-blue"])
    app.push(tray)
    tray.roll = roll_showing(tray.pending, ["HIT", "HIT", "HIT", "MISS"], seed=2)
    tray.animation = animate_roll(tray.roll)
    _settle(app, tray)
    assert [result for _, result in tray._results][:2] == ["STEP", "HIT"]
    tray.chosen = {3}
    chip = next(rect for rect, result in tray._results if result == "FOCUS")
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=chip.center, button=1))
    assert tray.change == (3, "FOCUS")
    app.draw(pygame.Surface(SIZE))
    assert tray._results == []
    tray.chosen = {3}
    _key(app, pygame.K_r)
    assert "die 4 is FOCUS" in tray.message


def _drawn_words(monkeypatch):
    """Record every piece of text the tray draws."""
    from tabletop.ui.widgets import dice_tray

    words: list[str] = []
    original = dice_tray.text

    def recording(surface, line, *args, **kwargs):
        words.append(line)
        return original(surface, line, *args, **kwargs)

    monkeypatch.setattr(dice_tray, "text", recording)
    return words


def test_a_games_fixed_roll_keeps_its_dice():
    app = _app("joust-first-round.toml")
    tray = DiceTray(app.session, ["white", "black"], seed=6, throw_now=True, fixed=True,
                    title="joust 1: Sir Corvin")
    app.push(tray)
    first = tray.roll
    app.draw(pygame.Surface(SIZE))
    assert tray._chips == []
    for key in (pygame.K_SPACE, pygame.K_TAB, pygame.K_BACKSPACE):
        _key(app, key)
    assert tray.roll == first == roll_dice(["white", "black"], seed=6)
    assert tray.pending == ["white", "black"] and tray.family.key == "kc"
    assert "thrown once" in tray.message


def test_a_games_explanation_replaces_the_summary(monkeypatch):
    words = _drawn_words(monkeypatch)
    app = _app("joust-first-round.toml")
    seen = []

    def explain(roll):
        seen.append(roll)
        return [("Sir Corvin (House Bloodguard)", ["die 1: the joust's own words"])]

    tray = DiceTray(app.session, ["white"], seed=1, throw_now=True, fixed=True,
                    explain=explain, title="joust 1: Sir Corvin")
    app.push(tray)
    _settle(app, tray)
    assert seen[-1] == tray.roll
    assert "die 1: the joust's own words" in words and "King's Champion joust" not in words
    assert "Dice tray — joust 1: Sir Corvin" in words


def test_the_reroll_line_shows_the_rules_refusal_before_r(monkeypatch):
    words = _drawn_words(monkeypatch)
    app = _app()
    tray = DiceTray(app.session, ["kf-d10-white", "kf-d10"], seed=8, throw_now=True)
    app.push(tray)
    _settle(app, tray)
    tray.chosen = {1}
    app.draw(pygame.Surface(SIZE))
    assert "re-roll die 2: +1 Heat (R)" in words
    _key(app, pygame.K_r)
    _settle(app, tray)
    tray.chosen = {1}
    words.clear()
    app.draw(pygame.Surface(SIZE))
    refusal = [w for w in words if w.startswith("re-roll die 2:")]
    assert refusal and "already re-rolled" in " ".join(words) and "(R)" not in refusal[0]


def test_power_limits_the_palette_refuses_a_die_the_box_does_not_hold():
    """"they are limited by the number of dice provided in the game box" (Dice, p. 14)."""
    app = _app()
    tray = DiceTray(app.session, ["kf-power-white"] * 3)
    app.push(tray)
    tray.add("kf-power-white")
    assert tray.pending == ["kf-power-white"] * 3 and "holds 3 white" in tray.message
    tray.add("kf-power-black")
    assert tray.pending[-1] == "kf-power-black"


def test_settled_faces_read_upright_whatever_the_angle_of_the_die():
    app = _app("fateforge-chapel.toml")
    tray = DiceTray(app.session, ["ff-red", "ff-yellow", "ff-blue", "ff-green"], seed=7)
    app.push(tray)
    _key(app, pygame.K_SPACE)
    tray.update(6000)
    surface = pygame.Surface(SIZE)
    app.draw(surface)
    poses = tray.animation.at(tray.clock)
    assert any(abs(math.sin(2 * pose.angle)) > 0.2 for pose in poses)  # some die is turned
    for (cx, cy), half, angle, index in tray._dice:
        side = max(8, 2 * round(2 * half * upright_share(angle) / 2))
        mark = face_mark(tray.roll.kinds[index], poses[index].face, side)
        origin = mark.get_rect(center=(round(cx), round(cy))).topleft
        solid = [(x, y) for x in range(side) for y in range(side) if mark.get_at((x, y)).a == 255]
        assert solid, "the face has marks"
        for x, y in solid:  # the upright (unturned) marks are exactly what the screen shows
            assert surface.get_at((origin[0] + x, origin[1] + y))[:3] == mark.get_at((x, y))[:3]


def test_upright_share_fits_an_upright_square_in_a_turned_die():
    assert upright_share(0) == pytest.approx(1)
    assert upright_share(math.pi / 24) == pytest.approx(1 / (math.cos(math.pi / 24)
                                                             + math.sin(math.pi / 24)))
    assert upright_share(math.pi / 4) == MIN_SHARE  # words stay whole near 45 degrees
    assert upright_share(math.pi) == pytest.approx(1)


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_the_free_trays_palette_names_each_die_in_words_and_cuts_none(size):
    """The palette beside "add:" names each die of every family in words (white Crit d10,
    black Fealty, melee weapon), never by its kind id, each name whole, and every chip still
    adds its die."""
    from tabletop.dice import tray_rules
    from tabletop.ui import textlayer

    game, state = layouts.load(str(LAYOUTS / "clash-teaching.toml"))
    app = App(Session(game, state), size)
    for family in tray_rules.FAMILIES:
        tray = DiceTray(app.session, list(family.default))
        app.push(tray)
        app.draw(pygame.Surface(size))
        words = {d.words: d for d in textlayer.drawn()}
        for kind in family.kinds:
            name = tray_rules.kind_words(kind)
            assert name != kind and name in words and not words[name].shortened, name
            assert kind not in words
        chip = next(rect for rect, kind in tray._chips if kind == family.kinds[-1])
        before = len(tray.pending)
        tray._click(chip.center, 1)
        assert len(tray.pending) == before + 1 and tray.pending[-1] == family.kinds[-1]
        app.stack.pop()


@pytest.mark.parametrize("layout", ["fateforge-chapel.toml", "joust-mid-joust.toml",
                                    "clash-teaching.toml"])
def test_no_tooltip_of_the_board_shows_over_an_open_dice_tray(layout):
    """The tray is on top: the pointer resting where a piece's name has a tooltip on the board
    shows nothing of the board once the tray covers it; the tray's own tooltips still show."""
    from tabletop.ui import textlayer
    from tabletop.ui.widgets.tooltip import tip_for

    app = _app(layout)
    app.draw(pygame.Surface(SIZE))
    board = app.areas.board
    tips = [d.rect for d in textlayer.drawn() if d.tooltip and board.contains(d.rect)]
    assert tips, "the board has a tooltip to rest the pointer on"
    tray = DiceTray(app.session, ["d6"])
    app.push(tray)
    app.draw(pygame.Surface(SIZE))
    for rect in tips:
        tip = tip_for(rect.center)
        assert tip is None or tip[0].colliderect(tray_box(app)), tip
    assert not [d.words for d in textlayer.drawn() if d.role == "label"
                and board.colliderect(d.rect)], "no board label is on show under the tray"


def tray_box(app):
    return app.areas.board.inflate(-24, -24)


TRAY_SIDES = (26, 30, 33, 39, 44, 50, 55, 64, 73, 80, 93)
"""Die and face-mark sides the tray draws at 1280 x 800 and 1920 x 1080 (6 to 24 dice,
upright or turned)."""


@pytest.mark.parametrize("side", TRAY_SIDES)
def test_a_split_faces_line_runs_between_its_two_words_never_through_hit(side):
    """Fateforge *Combat Die Results*: "If a die face shows two results separated by a line,
    you may use either".  On STEP/HIT (and every split face) the line lies in a gap between
    the two words' ink, at least 2 pixels clear of each, so HIT never reads struck out; the
    rows of that gap hold the line's ink and nothing else."""
    from tabletop.dice.kinds import default_kinds
    from tabletop.ui.widgets.dice_tray import _face_lines, face_words

    split_faces = [(kind, n) for kind in default_kinds().values() if kind.game == "fateforge"
                   for n, face in enumerate(kind.faces) if face.split]
    assert any(kind.faces[n].label == "STEP/HIT" for kind, n in split_faces)
    for kind, n in split_faces:
        lines = tuple(_face_lines(kind, n))
        _, shown, (upper, lower), divider = face_words(lines, side, True)
        assert shown == lines
        assert divider.top >= upper.bottom + 2 and divider.bottom + 2 <= lower.top
        mark = face_mark(kind.name, n, side)
        inked = {y for y in range(upper.bottom, lower.top)
                 if any(mark.get_at((x, y)).a for x in range(side))}
        assert inked == set(range(divider.top, divider.bottom)), (kind.faces[n].label, side)


@pytest.mark.parametrize("side", TRAY_SIDES)
def test_every_fateforge_face_is_whole_on_its_die(side):
    """Every word of every Fateforge face lies whole inside its face mark at the tray's
    sizes: HIT, SKILL HIT and the rest at the largest font that fits, a small die's "SPECIAL"
    broken with a hyphen ("SPE-", "CIAL") rather than cut."""
    from tabletop.dice.kinds import default_kinds
    from tabletop.ui.widgets.dice_tray import _face_lines, face_words

    for kind in default_kinds().values():
        if kind.game != "fateforge":
            continue
        for n, face in enumerate(kind.faces):
            lines = tuple(_face_lines(kind, n))
            _, shown, spots, _ = face_words(lines, side, face.split)
            square = pygame.Rect(0, 0, side, side)
            assert all(square.contains(spot) for spot in spots), (face.label, side)
            assert "".join(shown).replace("-", "") == "".join(lines), (face.label, side)
            if face.label == "HIT":
                assert shown == ("HIT",)


def test_focus_on_a_split_face_is_whole_at_every_face_size_the_tray_draws():
    """Every face side from the smallest the tray draws (26 pixels: 30-pixel dice turned
    near 45 degrees) to the largest (93): on each split face with FOCUS (FOCUS/STEP,
    FOCUS/SHOT) both words keep every column of their ink, 1 pixel or more inside the face,
    at 8 pixels or more where they fit so, else at 7 points (never abbreviated)."""
    from tabletop.dice.kinds import default_kinds
    from tabletop.ui.widgets.dice_tray import (
        MIN_FACE_FONT,
        SMALLEST_SPLIT_FONT,
        _face_line,
        _face_lines,
        face_words,
    )

    faces = [(kind, n) for kind in default_kinds().values() if kind.game == "fateforge"
             for n, face in enumerate(kind.faces) if face.split and "FOCUS" in face.label]
    assert {kind.faces[n].label for kind, n in faces} == {"FOCUS/STEP", "FOCUS/SHOT"}
    for side in range(26, 94):
        for kind, n in faces:
            lines = tuple(_face_lines(kind, n))
            size, shown, spots, _ = face_words(lines, side, True)
            assert shown == lines and size in (SMALLEST_SPLIT_FONT, *range(MIN_FACE_FONT, 94))
            for line, spot in zip(shown, spots, strict=True):
                assert spot.left >= 1 and spot.right <= side - 1, (line, side)
                assert spot.width == _face_line(line, size, (0, 0, 0))[1].width
            mark = face_mark(kind.name, n, side)
            top = mark.subsurface((0, spots[0].top, side, spots[0].height))
            assert top.get_bounding_rect(min_alpha=40).width == spots[0].width, side
