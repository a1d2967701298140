"""The Fateforge combat map screen, headless: selection highlights with reasons, clicks that
become actions, one enemy activation per click, and a whole scene played to its Exit."""

import itertools
import os
from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from fateforge_boards import at_the_fountain

from tabletop.errors import UsageError
from tabletop.games import layouts
from tabletop.ui.app import App
from tabletop.ui.controllers.base import ButtonSpec
from tabletop.ui.session import Session
from tabletop.ui.views.fateforge import piece_spots
from tabletop.ui.widgets.dice_tray import DiceTray

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"
SIZE = (1280, 800)


def open_app(name="fateforge-chapel.toml", state=None, size=SIZE):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.font.init()
    game, loaded = layouts.load(LAYOUTS / name)
    app = App(Session(game, state or loaded, path=None), size)
    app.screen.new_seed = itertools.count(11).__next__
    frame(app)
    return app


def frame(app):
    surface = pygame.Surface(SIZE)
    app.draw(surface)
    return surface


def enter(app):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))


def roll_in_tray(app):
    """Let every dice tray the screen pushes settle and hand its dice over (Enter)."""
    while isinstance(app.top, DiceTray):
        app.update(10_000)
        enter(app)
        app.update(0)


def at_turn(app, hero, dice):
    state = app.session.state
    heroes = tuple(replace(h, dice=tuple(dice) if h.name == hero else (), rolled=True)
                   for h in state.heroes)
    rnd = replace(state.round, phase="action", step=state.round.sequence.index(hero))
    return replace(state, heroes=heroes, round=rnd)


def click_on(app, name):
    frame(app)
    screen, state = app.screen, app.session.state
    spots = piece_spots(state, screen.fit)
    pos = spots[name].centre if name in spots else screen.fit.tile(state.find_zone(name)).center
    return screen.click(pos)


def test_selected_hero_shows_step_zones_targets_and_refusals():
    app = open_app()
    app = open_app(state=at_turn(app, "Aria", ["step", "shot"]))
    click_on(app, "Aria")
    overlays = app.screen.overlays()
    assert set(overlays.step) == {"chapel", "gate", "tower"}
    assert overlays.targets == {"Skulk": "SHOT"}
    assert overlays.blocked["Warden"] == "the barricade in Chapel blocks shots from the north"
    assert any("barricade in Chapel blocks shots from the north" in line
               for line in overlays.caption)


def test_clicking_a_zone_steps_and_an_enemy_attacks():
    app = open_app()
    app = open_app(state=at_turn(app, "Thorn", ["step", "shot", "hit"]))
    click_on(app, "Thorn")
    click_on(app, "Warden")  # from the Crypt, the west side: not barricaded
    assert app.session.state.enemy("Warden").damage == 1
    click_on(app, "Chapel")
    assert app.session.state.hero("Thorn").zone == "chapel"
    click_on(app, "Grunt")
    assert app.session.state.enemy("Grunt").damage == 1


def test_refused_click_explains_the_rule():
    app = open_app()
    app = open_app(state=at_turn(app, "Aria", ["shot"]))
    click_on(app, "Aria")
    click_on(app, "Warden")
    assert app.session.status_error
    assert "the barricade in Chapel blocks shots from the north" in app.session.status


def test_trap_zone_offers_the_choice():
    app = open_app()
    state = at_turn(app, "Thorn", ["step", "focus"])
    app = open_app(state=state)
    click_on(app, "Thorn")
    click_on(app, "Well")
    labels = [b.label for b in app.screen.buttons()]
    assert labels[:3] == ["Trap: discard a FOCUS", "Trap: draw a trap card", "Trap: an ability"]
    app.screen.buttons()[1].on_click()
    assert app.session.state.hero("Thorn").zone == "well"
    assert not app.session.state.tokens_in("well", "trap")


def test_enemy_phase_one_activation_per_click_with_the_reason():
    app = open_app()
    screen = app.screen
    screen.next()   # roll every hero's dice
    roll_in_tray(app)
    screen.next()   # start the Action Phase
    screen.end_turn()
    assert app.session.state.round.current == "Enemy Reactions"
    before = len(app.session.log)
    buttons = screen.buttons()
    # Grunt's STEP: "All movement actions target heroes in the order they activated"
    assert [b.label for b in buttons] == ["Next enemy"]
    buttons[0].on_click()
    new = app.session.log[before:]
    assert new[0].startswith("Grunt activates: the closest hero is 1 zone away")
    assert "Aria, earliest in player order" in new[0]
    assert app.session.state.round.queue == ("blue",)


def test_a_whole_scene_is_played_by_clicks_to_the_exit():
    app = open_app()
    screen = app.screen
    for _ in range(200):
        state = app.session.state
        if state.round.phase == "over":
            break
        buttons = [b for b in screen.buttons() if b.enabled]
        if state.round.phase == "action" and state.find_hero(state.round.current or ""):
            screen.end_turn()
        elif buttons[0].label.startswith(("Target", "Exit")):
            buttons[0].on_click()
        else:
            screen.next()
            roll_in_tray(app)
    state = app.session.state
    assert state.round.phase == "over" and state.outcome == "exited through Gate exit"
    assert layouts.loads(layouts.dumps(state))[1] == state


def test_screenshot_overlay_select_and_unknown_overlay():
    app = open_app()
    app.screen.apply_overlay("select Warden")
    assert app.screen.selected == "Warden"
    assert any("Warden on its Enemy Turn now" in line for line in app.screen.overlays().caption)
    with pytest.raises(UsageError):
        app.screen.apply_overlay("los Aria Warden")
    with pytest.raises(UsageError):
        app.screen.apply_overlay("select Nobody")


def test_exit_phase_lists_each_exits_damage():
    state = layouts.load(LAYOUTS / "fateforge-exit.toml")[1]
    app = open_app("fateforge-exit.toml", replace(state, round=replace(state.round,
                                                                       phase="exit")))
    lines = app.screen.panel_lines()
    assert "East Gate: Aria 2, Thorn 2 = 4 damage" in lines
    assert "Sewer Grate: Aria 1, Thorn 1 = 2 damage" in lines
    assert [b.label for b in app.screen.buttons()] == [
        "Exit East Gate", "Exit Sewer Grate", "Objectives: not marked",
        "Extra round (Corruption)"]
    objectives = app.screen.buttons()[2]
    objectives.on_click()
    assert app.screen.buttons()[2].label == "Objectives: all met"
    app.screen.buttons()[1].on_click()
    assert app.session.state.outcome.endswith("all objectives met: success")


def test_extra_round_button_draws_corruption_and_starts_preparation():
    state = layouts.load(LAYOUTS / "fateforge-exit.toml")[1]
    app = open_app("fateforge-exit.toml", replace(state, round=replace(state.round,
                                                                       phase="exit")))
    extra = next(b for b in app.screen.buttons() if b.label.startswith("Extra round"))
    extra.on_click()
    state = app.session.state
    assert state.round.phase == "preparation" and state.round.of == state.round.number
    assert all(h.corruption == (0 if h.ko else 1) for h in state.heroes)


def test_preparation_buttons_reroll_three_of_a_kind_and_order():
    app = open_app()
    state = app.session.state
    heroes = tuple(replace(h, dice=("hit", "hit", "hit", "miss"), rolled=True)
                   for h in state.heroes)
    app = open_app(state=replace(state, heroes=heroes))
    click_on(app, "Thorn")
    labels = [b.label for b in app.screen.buttons()]
    assert "Reroll misses" in labels and "Thorn earlier" in labels
    three = next(b for b in app.screen.buttons() if b.label == "3-of-a-kind: die 4 to step")
    three.on_click()
    assert app.session.state.hero("Thorn").dice == ("hit", "hit", "hit", "step")
    app.screen.earlier()
    assert app.session.state.round.order == ("Thorn", "Aria", "Mira")


def test_skill_effects_on_a_ctrl_clicked_enemy():
    app = open_app()
    app = open_app(state=at_turn(app, "Thorn", ["focus"]))
    frame(app)
    assert app.screen.selected == "Thorn"  # the acting hero is selected when its turn comes
    spots = piece_spots(app.session.state, app.screen.fit)
    app.screen.click(spots["Grunt"].centre, inspect=True)
    assert app.session.state.enemy("Grunt").damage == 0  # inspected, not attacked
    buttons = {b.label: b for b in app.screen.buttons()}
    buttons["Pull Grunt"].on_click()
    assert app.session.state.enemy("Grunt").zone == "crypt"
    buttons["Block +1 (skill)"].on_click()
    assert app.session.state.hero("Thorn").block == 1


def test_preparation_follows_the_app_reaction_slot_and_types():
    app = open_app()
    buttons = {b.label: b for b in app.screen.buttons()}
    buttons["Reactions: slot 1"].on_click()
    assert app.session.state.round.reaction_slot == 2
    buttons = {b.label: b for b in app.screen.buttons()}
    buttons["[x] red reacts"].on_click()
    buttons["[ ] green reacts"].on_click()
    assert app.session.state.round.reaction_types == ("blue", "green")
    assert app.session.undo() and app.session.state.round.reaction_types == ("blue",)


def test_preparation_shows_dash_zones_without_step_results():
    app = open_app()
    state = app.session.state
    heroes = tuple(replace(h, dice=("miss",) * 4, rolled=True) for h in state.heroes)
    app = open_app(state=replace(state, heroes=heroes))
    click_on(app, "Thorn")
    overlays = app.screen.overlays()
    assert overlays.step == {"chapel": "Dash", "gate": "Dash", "well": "Dash"}
    assert overlays.targets == {} and overlays.blocked == {}


def test_a_reacting_type_with_no_enemy_left_asks_the_players_for_another():
    """*Enemy Reactions*: "If the app shows a type no longer present, click Already Dead to
    generate a new reacting enemy": the panel says so and offers to take the type off."""
    _, loaded = layouts.load(LAYOUTS / "fateforge-chapel.toml")
    alive = tuple(e for e in loaded.enemies if e.colour != "red")
    app = open_app(state=replace(loaded, enemies=alive))
    assert any("no red enemy is left" in line for line in app.screen.panel_lines())
    button = next(b for b in app.buttons if b.label == "[x] red: none left")
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1))
    frame(app)
    assert "red" not in app.session.state.round.reaction_types
    assert not any("no red enemy" in line for line in app.screen.panel_lines())


def test_a_fountain_that_ends_the_turn_with_results_unused_says_so_and_asks_first():
    """*Healing Fountains*: used when the hero ends the turn, it ends it; the unused dice
    results are lost, so the button says "ends turn" and a menu asks before it happens."""
    from tabletop.ui.widgets.choice_menu import ChoiceMenu

    state = at_the_fountain()
    app = open_app(state=state)
    assert app.session.state.round.current == "Aria"
    labels = [b.label for b in app.buttons]
    assert "End turn: 3 dice lost" in labels
    fountain = next(b for b in app.buttons if b.label.endswith("ends turn"))
    assert fountain.label == "+1 health, ends turn"
    before = app.session.state
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=fountain.rect.center, button=1))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=fountain.rect.center, button=1))
    frame(app)
    assert isinstance(app.top, ChoiceMenu) and app.session.state is before
    assert "discarding 3 unused results" in app.top.options[0][0]


def test_preparation_buttons_keep_their_places_when_a_hero_is_picked_or_a_colour_dies():
    """The reacting types' buttons stay where they were: a selected hero's own buttons
    (Reroll misses, 3-of-a-kind, Dice, earlier, armour) go to the card area below them, and
    a colour with no enemy left keeps its button (greyed when it is not chosen)."""
    _, loaded = layouts.load(LAYOUTS / "fateforge-chapel.toml")
    heroes = tuple(replace(h, dice=("miss", "miss", "hit", "hit"), rolled=True)
                   for h in loaded.heroes)
    app = open_app(state=replace(loaded, heroes=heroes))

    def places():
        frame(app)
        return {b.label.split(" ")[1]: b.rect.topleft for b in app.buttons
                if b.label.startswith("[")}

    before = places()
    click_on(app, "Thorn")
    assert places() == before
    assert "Reroll misses" in [b.label for b in app.buttons]
    alive = tuple(e for e in app.session.state.enemies if e.colour != "white")
    app.session.edit(replace(app.session.state, enemies=alive), "the white enemy dies")
    assert places() == before
    white = next(b for b in app.buttons if b.label.startswith("[ ] white"))
    assert white.label == "[ ] white: none left" and not white.enabled


def test_a_key_written_on_a_button_presses_it():
    """The players choose an enemy's target with "Target Thorn (1)": typing 1 does it (a key
    shown on a button that the screen itself does not use presses the button)."""
    app = open_app()
    screen = app.screen
    calls = []
    screen.buttons = lambda: [ButtonSpec("Target Thorn", lambda: calls.append("Thorn"), "1"),
                              ButtonSpec("Target Mira", lambda: calls.append("Mira"), "2")]
    frame(app)
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2, mod=0, unicode="2"))
    assert calls == ["Mira"]


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_the_exit_buttons_are_written_whole(size):
    """"Objectives: not marked" and "Extra round (Corruption)" take a row each: never cut."""
    from tabletop.games.fateforge.actions import CleanUp
    from tabletop.ui import textlayer

    game, state = layouts.load(LAYOUTS / "fateforge-exit.toml")
    state, _ = game.apply(state, CleanUp())
    assert state.round.phase == "exit"
    app = App(Session(game, state, path=None), size)
    app.draw(pygame.Surface(size))
    labels = [d for d in textlayer.drawn() if d.full.startswith(("Objectives", "Extra round"))]
    assert len(labels) == 2 and not any(d.shortened for d in labels)


def test_no_reacting_type_is_asked_for_once_the_scene_is_over():
    """The note asking for another reacting type concerns the next round: none after the
    last (Exit) or once the scene is over."""
    from tabletop.games.fateforge.actions import CleanUp

    game, state = layouts.load(LAYOUTS / "fateforge-exit.toml")
    state, _ = game.apply(state, CleanUp())
    gone = tuple(e for e in state.enemies if e.colour not in state.round.reaction_types)
    app = open_app(state=replace(state, enemies=gone))
    assert app.screen.dead_reaction_types()
    assert not any("Reacting type" in line for line in app.screen.panel_lines())


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
@pytest.mark.parametrize("layout", ["fateforge-allies.toml", "fateforge-chapel.toml",
                                    "fateforge-hit-and-shot.toml"])
def test_the_side_panel_shows_every_line_of_the_facts_and_legend_whole(layout, size):
    """At 1280 x 800 the scene's description and the legend are taller than the side panel:
    no line ends in "…"; the window scrolls the column (the wheel, with a cue line saying how
    many lines are below) until every legend row has been on show, and a picture of the board
    draws the column smaller so that all of it fits.  The board keeps its size."""
    from tabletop.ui import textlayer

    pygame.font.init()
    game, state = layouts.load(Path(__file__).resolve().parent.parent / "layouts" / layout)
    app = App(Session(game, state), size)
    panel = app.areas.panel

    def panel_words():
        app.draw(pygame.Surface(size))
        return [d.words for d in textlayer.drawn() if panel.contains(d.rect)]

    seen = panel_words()
    board = app.areas.board.copy()
    body = app.panel_body
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=body.rect.center, rel=(0, 0),
                                    buttons=(0, 0, 0)))
    for _ in range(25):
        app.dispatch(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        seen += panel_words()
    assert not [w for w in seen if w.endswith("…")]
    assert app.areas.board == board
    everything = " ".join(seen)
    for _, meaning in app.screen.legend():
        assert all(word in everything for word in meaning.split()), meaning
    if size == (1280, 800) and layout == "fateforge-allies.toml":
        assert body.scrolls and any("more line" in w for w in seen)
    app.interactive = False  # a picture: no scrolling, everything on show at once
    picture = " ".join(panel_words())
    for line in [*app.screen.panel_lines(), *(m for _, m in app.screen.legend())]:
        assert all(word in picture for word in line.split()), line


def test_the_caption_under_the_map_shows_every_reason_whole_at_1280_by_800():
    """The reasons the selected hero cannot attack an enemy (one line per group) no longer end
    in "…" when there are more than the strip holds at its usual size: the strip draws them a
    little smaller, and scrolls (with its cue line) only past that."""
    from tabletop.ui import textlayer

    app = open_app()
    app = open_app(state=at_turn(app, "Aria", ["step", "shot"]))
    click_on(app, "Aria")
    caption = app.screen.overlays().caption
    assert len(caption) >= 4
    app.draw(pygame.Surface(SIZE))
    shown = [d.words for d in textlayer.drawn()]
    assert all(line in shown for line in caption)
    assert not [w for w in shown if w.endswith("…")]


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)], ids=["1280x800", "1920x1080"])
@pytest.mark.parametrize("name", sorted(p.name for p in LAYOUTS.glob("fateforge-*.toml")))
def test_every_hero_selected_on_its_turn_has_its_caption_whole(name, size):
    """Each hero of each shipped Fateforge layout, selected on its turn with a full set of
    results: no string in the window ends in "…" or is clipped, and every caption line is
    drawn whole (at 1920 x 1080 all of them at once; at 1280 x 800 the strip may scroll, and
    then says so with its cue line)."""
    from tabletop.ui import textlayer

    _, loaded = layouts.load(LAYOUTS / name)
    for hero in loaded.heroes:
        app = open_app(name, at_turn(open_app(name), hero.name, ["step", "shot", "hit", "hit"]),
                       size)
        surface = pygame.Surface(size)
        app.draw(surface)
        app.screen.click(piece_spots(app.session.state, app.screen.fit)[hero.name].centre)
        app.draw(surface)
        drawn = textlayer.drawn()
        assert not [d.full for d in drawn if d.words.endswith("…") or d.clipped], hero.name
        caption = app.screen.overlays().caption
        shown = [d.words for d in drawn]
        cue = any("more line" in w for w in shown)
        assert all(line in shown for line in caption) or (size[1] < 1080 and cue), \
            (hero.name, caption, shown)


def test_each_targets_hit_or_shot_word_is_drawn_clear_of_every_piece():
    """Grunt and Warden stand side by side in Aria's zone on the hit-and-shot map: each one's
    HIT word goes on its plate where no piece covers it (it was drawn right of the enemy,
    under the next token), and the Archer's SHOT likewise."""
    from tabletop.ui import textlayer

    name = "fateforge-hit-and-shot.toml"
    for size in [(1280, 800), (1920, 1080)]:
        app = open_app(name, at_turn(open_app(name), "Aria", ["step", "shot", "hit", "hit"]),
                       size)
        click_on(app, "Aria")
        app.draw(pygame.Surface(size))
        targets = app.screen.overlays().targets
        words = [d for d in textlayer.drawn() if d.words in ("HIT", "SHOT") and d.role == "label"]
        assert sorted(d.words for d in words) == sorted(targets.values())
        spots = piece_spots(app.session.state, app.screen.fit)
        boxes = [pygame.Rect(s.centre[0] - s.radius, s.centre[1] - s.radius, 2 * s.radius,
                             2 * s.radius) for s in spots.values()]
        for word in words:
            assert word.rect.collidelist(boxes) < 0, (size, word)
