"""The window offers the rules the first pass left out: the ally's setup roll in the dice tray
and its dice as buttons, a hero's dice chosen from its pool, the weapon's special result, and
the armour choice (layout ``fateforge-allies.toml``)."""

from dataclasses import replace

import pygame
from test_fateforge_scenes import enemy, enemy_turns, hero, scene
from test_fateforge_ui import at_turn, click_on, frame, open_app, roll_in_tray

from tabletop.dice.roll import replay
from tabletop.games.fateforge.state import Section
from tabletop.ui.controllers.fateforge import dice_choices, pool_words
from tabletop.ui.widgets.dice_tray import DiceTray

ALLIES = "fateforge-allies.toml"


def labels(app):
    return [b.label for b in app.screen.buttons()]


def press(app, label):
    button = next(b for b in app.screen.buttons() if b.label == label)
    button.on_click()
    frame(app)


def test_allies_the_ally_dice_are_thrown_first_with_misses_rerolled():
    app = open_app(ALLIES)
    app.screen.new_seed = iter(range(1, 50)).__next__
    app.screen.next()
    tray = app.top
    assert isinstance(tray, DiceTray) and tray.roll.kinds == ("ff-red", "ff-yellow")
    roll_in_tray(app)
    state = app.session.state
    assert state.ally.rolled and len(state.ally.dice) == 2 and "miss" not in state.ally.dice
    line = next(line for line in app.session.log if line.startswith("Brann's dice"))
    record = line.data
    assert [f.lower().replace(" ", "-") for f in replay(record).labels()] == list(
        state.ally.dice)
    assert all(h.rolled for h in state.heroes)
    assert any("Ally Brann with Thorn" in line for line in app.screen.panel_lines())


def test_combat_dice_pool_the_dice_button_picks_four_of_the_pool():
    app = open_app(ALLIES)
    click_on(app, "Aria")
    aria = app.session.state.hero("Aria")
    assert len(dice_choices(aria)) == 4  # Y B B G + ranged: leave out Y, a B, G or ranged
    assert "Dice: Y B B G" in labels(app)
    press(app, "Dice: Y B B G")
    assert f"Dice: {pool_words(dice_choices(aria)[1])}" in labels(app)
    app.screen.to_roll = ["Aria"]
    app.screen.update(0)
    assert app.top.roll.kinds == dice_choices(aria)[1]


def test_allies_buttons_trade_a_die_for_an_ally_result():
    app = open_app(ALLIES)
    state = app.session.state
    state = replace(state, ally=replace(state.ally, dice=("shot", "focus"), rolled=True))
    app = open_app(ALLIES, at_turn(open_app(ALLIES, state), "Aria", ["miss", "hit"]))
    assert {"Take ally's shot", "Ally ability: focus"} <= set(labels(app))
    press(app, "Take ally's shot")
    assert labels(app) == ["Give up miss", "Give up hit", "Cancel"]
    press(app, "Cancel")
    assert "Take ally's shot" in labels(app)
    press(app, "Take ally's shot")
    press(app, "Give up miss")
    assert app.session.state.hero("Aria").dice == ("hit", "shot")
    assert not any(label.startswith(("Take ally", "Ally ability")) for label in labels(app))


def test_weapons_special_button_and_armour_choice():
    app = open_app(ALLIES)
    app = open_app(ALLIES, at_turn(app, "Aria", ["special", "hit"]))
    press(app, "Weapon special")
    assert app.session.state.hero("Aria").dice == ("hit",)
    click_on(app, "Thorn")
    press(app, "Keep armour")
    assert not app.session.state.hero("Thorn").armour_use
    assert "Use armour" in labels(app)
    assert any("armour 2 (kept)" in line for line in app.screen.panel_lines())


def test_traps_a_pushed_hero_gets_the_trap_buttons():
    app = open_app(ALLIES)
    state = app.session.state
    aria = state.hero("Aria").mark("trap")
    state = state.with_hero(aria)
    state = replace(state, tokens=(*state.tokens, replace(state.tokens[0], kind="trap")))
    app = open_app(ALLIES, state)
    assert labels(app) == ["Aria: discard a FOCUS", "Aria: trap card", "Aria: an ability"]
    press(app, "Aria: an ability")
    assert not app.session.state.hero("Aria").has_used("trap")
    assert not app.session.state.tokens_in("pier", "trap")


def test_allies_the_ally_button_picks_the_accompanying_hero():
    app = open_app(ALLIES)
    press(app, "Brann with Thorn")
    assert app.session.state.ally.hero == "Aria"
    assert "Brann with Aria" in labels(app)


def test_modifier_target_minion_tie_is_a_d6_in_the_window_not_a_players_choice():
    state = enemy_turns(scene("a-b-c", heroes=[hero("Aria", "b")], enemies=[
        enemy("Captain", "purple", "b", Section("step", None, 1, (), "", ("red",))),
        enemy("Grunt", "red", "a"), enemy("Brute", "red", "c")]))
    state = replace(state, round=replace(state.round, queue=("Captain",)))
    app = open_app(ALLIES, state)
    assert labels(app)[0] == "Next enemy"
    press(app, "Next enemy")
    assert app.session.state.enemy("Captain").zone in ("a", "c")
    assert any(line.startswith("D6 for the enemy") for line in app.session.log)


def test_allies_the_ally_tray_refuses_an_energy_reroll_with_the_reason():
    app = open_app(ALLIES)
    app.screen.new_seed = iter(range(1, 50)).__next__
    app.screen.next()
    tray = app.top
    app.update(10_000)
    tray.chosen = {0}
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode=""))
    assert "an ally has no Energy Reroll" in tray.message and not tray.roll.steps
