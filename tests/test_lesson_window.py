"""A lesson driven through the window headlessly: clicks and keys as synthetic pygame events,
right and wrong answers with their feedback drawn on the board, a do step, a played-back move,
progress saved."""

import pygame
import pytest

from tabletop.teaching import lessonfile, progress
from tabletop.ui import textlayer
from tabletop.ui.app import App
from tabletop.ui.controllers.lesson import MISSING, STEP_MS, WRONG, open_lesson
from tabletop.ui.session import Session

SIZE = (1280, 800)


@pytest.fixture(autouse=True)
def _progress_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))


def _open(name, **kw):
    pygame.font.init()
    lesson = lessonfile.load_named(name)
    app = App(Session(lesson.game, lesson.state), SIZE)
    screen = open_lesson(app, lesson, **kw)
    _frame(app)
    app.update(0)  # a play step starts once the board before it has been drawn
    _frame(app)
    return app, screen


def _frame(app):
    surface = pygame.Surface(SIZE)
    app.draw(surface)
    return surface


def _key(app, key, unicode=""):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode))
    _frame(app)
    app.update(0)
    return _frame(app)


def _click(app, name):
    pos = app.screen.place_rects(name)[0].center
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    return _frame(app)


def tried_game(screen):
    return screen.run.game


def _panel(screen):
    return " ".join(line for _, line in screen.panel_text())


def test_wrong_then_right_answer_with_feedback_on_the_board():
    app, screen = _open("clash-line-of-sight")
    _key(app, pygame.K_RETURN)  # the say step: Enter goes on
    assert screen.run.step.kind == "ask"
    _click(app, "Kara")
    surface = _key(app, pygame.K_RETURN)
    grade = screen.run.grade
    assert not grade.right and grade.wrong == ("Kara",) and grade.missing == ("Fleischritter",)
    words = _panel(screen)
    assert "Wrong picks: Kara." in words and "Missing: Fleischritter." in words
    assert "Rulebook:" in words
    # each wrong and missing pick explained in words and drawn: the LoS line to each
    assert "Kara: no LoS: every line is blocked" in words and "Ruined Wall" in words
    assert "Fleischritter: LoS: the line from" in words
    assert [o.question for o in screen.asked][:2] == ["los Eggknight Kara",
                                                     "los Eggknight Fleischritter"]
    assert screen.asked[0].picture.blocked and screen.asked[0].caption == \
        "los Eggknight Kara: no"
    kara = app.screen.place_rects("Kara")[0]
    fleisch = app.screen.place_rects("Fleischritter")[0]
    cross = kara.inflate(-8, -8)
    assert surface.get_at(cross.topleft)[:3] == WRONG  # crossed out: the diagonal
    assert surface.get_at((fleisch.x + 1, fleisch.centery))[:3] == MISSING  # the outer ring
    assert surface.get_at((fleisch.x + 5, fleisch.centery))[:3] == MISSING  # the inner ring
    names = [d.rect for d in textlayer.drawn() if d.words in ("Kara", "Fleischritter")]
    assert len(names) == 2
    for rect in names:  # the marks go around the names, never across them
        for x in range(rect.left, rect.right):
            for y in range(rect.top, rect.bottom):
                assert surface.get_at((x, y))[:3] not in (WRONG, MISSING)
    _click(app, "Kara")  # again: dropped
    _click(app, "Fleischritter")
    assert screen.picks == ["Fleischritter"]
    _key(app, pygame.K_RETURN)
    assert screen.run.grade.right and screen.run.right == 0 and screen.run.answered == 1
    _key(app, pygame.K_RETURN)
    assert screen.run.index == 2
    assert progress.read("clash-line-of-sight").step == 2


def test_yes_no_by_keyboard_and_a_do_step_played_back():
    app, screen = _open("clash-line-of-sight", start=2)
    for _ in range(2):  # two yes-no asks: N then Enter, then Enter to go on
        _key(app, pygame.K_n)
        _key(app, pygame.K_RETURN)
        assert screen.run.grade.right
        _key(app, pygame.K_RETURN)
    assert screen.run.step.kind == "do"
    _click(app, "E2")
    _key(app, pygame.K_RETURN)
    assert not screen.run.grade.right and "Wrong picks: E2." in _panel(screen)
    assert str(app.session.state.pieces["Kara"].at) == "E3"  # nothing moved
    assert "Any one of these is right: A3, B2," in _panel(screen)
    # the check is drawn where the wrong move would have led: the blocked line ends at E2
    (drawn,) = screen.asked
    from tabletop.games.overlay import overlay

    tried = screen.run.tried
    assert str(tried.pieces["Kara"].at) == "E2"
    assert drawn.picture == overlay(tried_game(screen), tried, "los Eggknight Kara").picture
    assert drawn.picture.blocked and drawn.caption == "los Eggknight Kara: no"
    _click(app, "B2")
    _key(app, pygame.K_RETURN)
    assert screen.run.grade.right
    assert str(app.session.state.pieces["Kara"].at) == "B2"
    (drawn,) = screen.asked  # asked about the board after the move: the line is clear
    assert not drawn.picture.blocked and drawn.caption.startswith("los Eggknight Kara: yes")
    assert screen.playback is not None and [m.piece for m in screen.trail] == ["Kara"]
    _key(app, pygame.K_a, "a")  # any key skips the playback; the trail stays
    assert screen.playback is None and screen.trail
    _key(app, pygame.K_RETURN)
    assert screen.run.finished and not screen.trail
    record = progress.read("clash-line-of-sight")
    assert record.done and record.steps == 5


def test_play_step_moves_space_by_space_and_the_setting_turns_it_off():
    app, screen = _open("clash-monster-movement", start=3)
    assert screen.run.step.kind == "play"
    playback = screen.playback
    assert playback is not None and playback.before is not app.session.state
    assert [(m.piece, m.path) for m in playback.moves] == [  # Kara's Crash as it happens
        ("Eggknight", ("D3",)), ("Kara", ("E4",)), ("Eggknight", ("C3", "C4", "C5", "C6", "C7"))]
    app.update(STEP_MS * 3)
    assert screen.playback is playback and not playback.done
    app.update(STEP_MS * 10)
    assert screen.playback is None and screen.trail  # done: the trail stays
    before = app.screen.place_rects("C7")[0]
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=before.center, rel=(0, 0),
                                    buttons=(0, 0, 0)))
    app.dispatch(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    _frame(app)
    assert app.screen.place_rects("C7")[0].width > before.width  # the wheel zooms the board
    app, screen = _open("clash-monster-movement", start=2)
    screen.toggle_animation()
    assert "Playback off" in [b.label for b in screen.buttons()][-1]
    _key(app, pygame.K_7, "7")
    _key(app, pygame.K_RETURN)
    assert screen.run.grade.right
    _key(app, pygame.K_RETURN)
    assert screen.run.step.kind == "play" and screen.playback is None and screen.trail


def test_long_feedback_is_never_cut_silently():
    from tabletop.ui import textlayer

    app, screen = _open("clash-line-of-sight", start=1)
    _click(app, "Ubar")
    _key(app, pygame.K_RETURN)
    small = pygame.Surface((1280, 520))
    app.draw(small)
    assert screen.more  # it says so, and Down scrolls
    shown = [d.words for d in textlayer.drawn()]
    assert "more below: Down scrolls" in shown
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
    app.draw(small)
    assert screen.scroll == 1
    assert any(w.startswith("more below") or w.startswith("the end") for w in
               (d.words for d in textlayer.drawn()))
    assert not any(d.shortened and not d.tooltip for d in textlayer.drawn())


def test_show_answer_marks_it_and_counts_it_not_right():
    app, screen = _open("clash-blindspots-and-rear", start=1)
    _key(app, pygame.K_SLASH, "?")
    assert screen.run.grade.right and screen.run.right == 0 and screen.run.answered == 1
    assert screen.picks == list(screen.run.grade.answers[0])
    assert screen.asked  # the step's overlays are drawn once answered


def test_kingdom_hunt_played_back_tile_by_tile_from_where_the_token_stood():
    app, screen = _open("kingdom-travel-and-hunts", start=5)
    assert screen.run.step.kind == "play"
    assert [(m.piece, m.path) for m in screen.trail] == [("Rotgut Hound", ("3", "7"))]
    start = screen.starts["Rotgut Hound"]
    assert start == app.screen.place_rects("1")[0]  # tile 1, where the token stood
    assert app.session.state.monsters[0].tile == "7"


def test_practice_in_the_window_keeps_a_running_score():
    from tabletop.teaching import practice
    from tabletop.ui.controllers.lesson import open_practice

    pygame.font.init()
    first = next(practice.quizzes("knockback", 4))
    app = App(Session(first.game, first.state), SIZE)
    screen = open_practice(app, "knockback", 4)
    _frame(app)
    assert app.session.state == first.state
    right = first.answers()[0][0]
    _click(app, right)
    _key(app, pygame.K_RETURN)
    assert screen.run.grade.right and screen.score.words() == "score 1/1"
    _key(app, pygame.K_RIGHT)
    assert screen.number == 2 and screen.run.grade is None
    assert app.session.state != first.state
    _key(app, pygame.K_RETURN)  # nothing picked: wrong, and counted
    assert not screen.run.grade.right and screen.score.words() == "score 1/2"
    assert "Seed 4, score 1/2" in _panel(screen)


def test_an_order_is_clicked_in_order_and_its_first_slip_is_shown():
    app, screen = _open("clash-mob-track")
    _key(app, pygame.K_RETURN)  # the say step
    assert screen.run.step.ordered
    # the Mob track is not drawn on the board: the panel lists it, tokens and all
    assert ("Mob track, left to right: 1. Brute (Signature ready) · 2. Runt "
            "(none) · 3. Archer (AI ready)") in _panel(screen)
    for name in ("Brute", "Scout", "Archer", "Shaman"):
        _click(app, name)
    _click(app, "Shaman")  # in an order a second click adds the piece again
    assert screen.picks[-2:] == ["Shaman", "Shaman"]
    surface = _key(app, pygame.K_RETURN)
    grade = screen.run.grade
    assert not grade.right and grade.slip == 1 and grade.expected == "Archer"
    words = _panel(screen)
    assert ("Your order first goes wrong at the 2nd pick: Scout, where the rules put "
            "Archer.") in words
    assert "The right order: Brute > Archer > Scout > Shaman" \
           " > Shaman." in words
    scout = app.screen.place_rects("Scout")[0]
    archer = app.screen.place_rects("Archer")[0]
    assert surface.get_at(scout.inflate(-8, -8).bottomright)[:3] == WRONG  # crossed out
    assert surface.get_at((archer.centerx, archer.y + 1))[:3] == MISSING  # where it belongs
    for _ in range(4):
        _key(app, pygame.K_BACKSPACE)
    for name in ("Archer", "Scout", "Shaman", "Shaman"):
        _click(app, name)
    _key(app, pygame.K_RETURN)
    assert screen.run.grade.right and screen.run.right == 0 and screen.run.answered == 1
