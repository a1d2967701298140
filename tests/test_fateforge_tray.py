"""Fateforge rolls in the window come from the dice tray and the dice module, seeded and
replayable: the Preparation roll (with its Energy Reroll and Three-of-a-Kind in the tray), the
Reroll-misses button, and the enemies' Randomisation D6."""

import itertools
import os
from dataclasses import replace

import pygame
from test_fateforge_scenes import enemy, enemy_turns, hero, scene
from test_fateforge_ui import SIZE, click_on, enter, frame, open_app, roll_in_tray

from tabletop.dice.roll import replay, roll_dice
from tabletop.games.fateforge import GAME
from tabletop.games.fateforge.state import DEFAULT_POOL, Section
from tabletop.ui.app import App
from tabletop.ui.controllers.fateforge import face_of
from tabletop.ui.session import Session
from tabletop.ui.widgets.dice_tray import DiceTray

DICE = DEFAULT_POOL
"""The chapel's heroes have the default pool: one combat die of each colour."""


def seed_where(test, kinds=DICE):
    """The first seed whose throw of ``kinds`` passes ``test(labels)``."""
    return next(s for s in itertools.count(1) if test(roll_dice(kinds, seed=s).labels()))


def key(app, code):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))


def settle(app):
    app.update(10_000)
    frame(app)


def records(app, words):
    """The replayable records the log holds for lines containing ``words``."""
    return [line.data for line in app.session.log
            if words in line and getattr(line, "data", None) is not None]


def seeded_app(*seeds, state=None):
    app = open_app(state=state)
    app.screen.new_seed = iter(seeds).__next__
    return app


def test_preparation_roll_goes_through_the_tray_and_the_seed_replays_the_faces():
    app = seeded_app(101, 102, 103)
    app.screen.next()
    tray = app.top
    assert isinstance(tray, DiceTray) and tray.rolling
    assert tray.roll == roll_dice(DICE, seed=101)
    assert not app.session.state.hero("Aria").rolled  # nothing is decided before Enter
    roll_in_tray(app)
    state = app.session.state
    for name, seed in zip(("Aria", "Thorn", "Mira"), (101, 102, 103), strict=True):
        faces = tuple(face_of(label) for label in roll_dice(DICE, seed=seed).labels())
        assert state.hero(name).dice == faces
        (record,) = records(app, f"{name}'s combat dice")
        assert record["seed"] == seed and replay(record) == roll_dice(DICE, seed=seed)
    again = seeded_app(101, 102, 103)
    again.screen.next()
    roll_in_tray(again)
    assert again.session.state.heroes == state.heroes


def test_energy_reroll_and_three_of_a_kind_in_the_preparation_tray():
    seed = seed_where(lambda labels: labels.count("MISS") == 2)
    app = seeded_app(seed, 1, 2)
    app.screen.next()
    tray = app.top
    settle(app)
    misses = [i for i, label in enumerate(tray.roll.labels()) if label == "MISS"]
    tray.chosen = {misses[1]}          # re-roll only the second miss
    key(app, pygame.K_r)
    assert tray.message == "" and tray.roll.times_rerolled(misses[1]) == 1
    settle(app)
    enter(app)
    assert not app.session.state.hero("Aria").has_used("energy-reroll")  # the others roll first
    app.update(0)
    roll_in_tray(app)
    aria = app.session.state.hero("Aria")
    assert (aria.energy, aria.has_used("energy-reroll")) == (3, True)
    assert aria.kinds == DICE and aria.rerolling == ()
    first = [face_of(label) for label in roll_dice(DICE, seed=seed).labels()]
    # the choice of dice, then the tray's new face as the chance outcome, on its own die
    expected = list(first)
    expected[misses[1]] = face_of(tray.roll.face(misses[1]).label)
    assert list(aria.dice) == expected
    # between the choice and its dice, one undoable step waits at the chance point
    assert any(step.state.hero("Aria").rerolling == (misses[1],)
               for step in app.session.history)
    (record,) = records(app, "Aria's combat dice")
    assert record["steps"] == [{"reroll": [misses[1]], "reason": "Energy Reroll"}]
    assert replay(record) == tray.roll


def test_three_of_a_kind_change_in_the_tray_becomes_the_action():
    seed = seed_where(lambda labels: any(labels.count(x) >= 3 for x in labels if x != "MISS"))
    app = seeded_app(seed, 1, 2)
    app.screen.next()
    tray = app.top
    settle(app)
    labels = tray.roll.labels()
    odd = next(i for i, label in enumerate(labels) if labels.count(label) < 3)
    tray.chosen = {odd}
    tray.change_to("SKILL HIT")
    assert tray.change == (odd, "SKILL HIT")
    enter(app)
    app.update(0)
    roll_in_tray(app)
    aria = app.session.state.hero("Aria")
    assert aria.dice[odd] == "skill-hit" and aria.has_used("three-of-a-kind")


def test_tray_refuses_the_energy_reroll_without_energy():
    app = open_app()
    state = app.session.state
    app = seeded_app(seed_where(lambda labels: "MISS" in labels), state=replace(
        state, heroes=tuple(replace(h, energy=0) for h in state.heroes)))
    app.screen.next()
    tray = app.top
    settle(app)
    tray.chosen = {tray.roll.labels().index("MISS")}
    key(app, pygame.K_r)
    assert "1 energy and you have none" in tray.message and not tray.roll.steps


def test_escape_stops_the_preparation_roll_and_changes_nothing():
    app = seeded_app(7, 8, 9)
    before = app.session.state
    app.screen.next()
    key(app, pygame.K_ESCAPE)
    app.update(0)
    assert app.top is app.screen and app.session.state is before
    assert "not thrown" in app.session.status


def test_every_fateforge_tray_offers_only_the_rolls_dice_thrown_once():
    """The ally's dice (N on the allies' map) and each hero's combat dice are a game's roll,
    opened as the joust's are: no "add:" palette, no other game's dice (Tab), no throwing
    again (Space), no die removed (Backspace); the title names whose dice they are."""
    from tabletop.ui import textlayer

    for layout, first in (("fateforge-allies.toml", "Brann's dice"),
                          ("fateforge-chapel.toml", "Aria's combat dice")):
        app = open_app(layout)
        app.screen.new_seed = iter(range(21, 60)).__next__
        app.screen.next()
        tray = app.top
        assert isinstance(tray, DiceTray) and tray.fixed
        settle(app)
        thrown, kinds = tray.roll, list(tray.pending)
        for code in (pygame.K_SPACE, pygame.K_TAB, pygame.K_BACKSPACE):
            key(app, code)
        frame(app)
        words = [d.words for d in textlayer.drawn()]
        assert tray.roll == thrown and tray.pending == kinds and tray._chips == []
        assert "add:" not in words and any(w.startswith(first) for w in words), words
        assert "thrown once" in tray.message
        enter(app)


def test_reroll_misses_button_throws_the_misses_in_the_tray():
    app = open_app()
    state = app.session.state
    heroes = tuple(replace(h, dice=("miss", "hit", "miss", "step"), rolled=True)
                   for h in state.heroes)
    app = seeded_app(31, state=replace(state, heroes=heroes))
    click_on(app, "Thorn")
    app.screen.reroll()
    tray = app.top
    assert isinstance(tray, DiceTray) and tray.roll == roll_dice(("ff-red", "ff-blue"), seed=31)
    settle(app)
    tray.chosen = {0}
    key(app, pygame.K_r)
    assert "once per combat round" in tray.message  # these dice are the Energy Reroll
    enter(app)
    new = [face_of(label) for label in tray.roll.labels()]
    thorn = app.session.state.hero("Thorn")
    assert thorn.dice == (new[0], "hit", new[1], "step") and thorn.has_used("energy-reroll")
    (record,) = records(app, "Thorn's Energy Reroll")
    assert record["seed"] == 31 and replay(record) == tray.roll
    app.screen.reroll()  # once per round: refused before any dice are thrown
    assert app.top is app.screen and "once per combat round" in app.session.status


def test_an_energy_reroll_waiting_for_its_dice_is_thrown_in_the_tray_by_n():
    """A state whose Energy Reroll was chosen but not rolled (an undo between the two, or a
    layout): N throws the chosen dice, each as its own kind, and Enter applies the outcome."""
    app = open_app()
    state = app.session.state
    heroes = tuple(replace(h, dice=("miss", "hit", "miss", "step"), rolled=True,
                           kinds=("ff-green", "ff-red", "ff-blue", "ff-yellow"),
                           rerolling=(0, 2) if h.name == "Thorn" else (),
                           used=("energy-reroll",) if h.name == "Thorn" else ())
                   for h in state.heroes)
    app = seeded_app(41, state=replace(state, heroes=heroes))
    assert GAME.is_chance_node(app.session.state) and not GAME.legal_actions(app.session.state)
    assert "Reroll dice" in [b.label for b in app.screen.buttons()]
    app.screen.next()
    tray = app.top
    assert isinstance(tray, DiceTray) and tray.roll == roll_dice(("ff-green", "ff-blue"), seed=41)
    settle(app)
    enter(app)
    new = [face_of(label) for label in tray.roll.labels()]
    thorn = app.session.state.hero("Thorn")
    assert thorn.dice == (new[0], "hit", new[1], "step") and thorn.rerolling == ()
    assert not GAME.is_chance_node(app.session.state)


def test_enemy_push_d6_is_a_seeded_d6_roll_written_to_the_action_and_log():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.font.init()
    state = enemy_turns(scene("a-b-c", heroes=[hero("Aria", "b")], enemies=[
        enemy("Ogre", "brown", "b", Section("hit", 0, 1, ("push",)))]))
    zones = []
    for seed in (5, 5, 6):
        app = App(Session(GAME, state), SIZE)
        app.screen.new_seed = itertools.repeat(seed).__next__
        app.screen.next()
        (record,) = records(app, "D6 for the enemy")
        face = roll_dice(["d6"], seed=seed).face(0).value
        assert record == {"seed": seed, "dice": ["d6"], "steps": [], "faces": [str(face)]}
        assert app.session.history[-1].note == f"next enemy activation, D6 {face}"
        zones.append(app.session.state.hero("Aria").zone)
        assert zones[-1] == ("a" if face <= 3 else "c")
    assert zones[0] == zones[1]



def test_players_choose_the_target_then_the_window_rolls_the_push_d6():
    """*Targeting Heroes* then *Randomisation*: the target button is the players' choice;
    the D6 the push then waits for is rolled at once (seeded) and logged."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.font.init()
    state = enemy_turns(scene("a-b-c", heroes=[hero("Aria", "b"), hero("Odo", "b")], enemies=[
        enemy("Ogre", "brown", "b", Section("hit", 0, 1, ("push",)))]))
    app = App(Session(GAME, state), SIZE)
    app.screen.new_seed = itertools.repeat(5).__next__
    assert [spec.label for spec in app.screen.buttons()] == ["Target Aria", "Target Odo"]
    app.screen.next_enemy("Odo")
    face = roll_dice(["d6"], seed=5).face(0).value
    odo = app.session.state.hero("Odo")
    assert odo.zone == ("a" if face <= 3 else "c") and odo.health == 4
    assert app.session.state.round.target == "" and records(app, "D6 for the enemy")
    assert [n.note for n in app.session.history[-2:]] == [
        "next enemy activation, targeting Odo", f"next enemy activation, targeting Odo, D6 {face}"]
