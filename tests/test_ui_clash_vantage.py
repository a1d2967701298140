"""The Clash screen's Vantage Points, Divine Target, Motivate, Hug's first window, Involuntary
Movement Reduction and Terrain placed in play, driven by synthetic pygame events (rulebook
*Vantage Points*, *Involuntary Movement Reduction*): a Climb test passed and failed, a fall and
a Knockdown on a VP with their alternatives clicked by badge, the Hold on prompt at the end of
the Monster Round, Vantage Points created, Motivate shared, the Divine Target token, a tile
placed with the supply rule."""

from pathlib import Path

import pygame
from clash_ui import choose, click, key, make, press_button

from tabletop.games import layouts
from tabletop.games.clash import move_like
from tabletop.spatial.grid import Space
from tabletop.ui.controllers.clash_steps import PreviewStep, badges
from tabletop.ui.views.clash import DIVINE, VP_FREE, VP_LOCKED

VANTAGE = (Path(__file__).resolve().parent.parent / "layouts" /
           "clash-rule-vantage-points.toml").read_text()

TRIO = """
game = "clash"
title = "trio"
[board]
rows = 8
cols = 10
[[knights]]
name = "Kara"
at = "C3"
[[knights]]
name = "Odo"
at = "F3"
[[knights]]
name = "Ubar"
at = "F8"
[[monsters]]
name = "Gob"
type = "mob"
at = "C4"
facing = "west"
[[terrain]]
name = "Wall 1"
at = "A1"
keywords = ["obstacle", "obscuring", "destructible"]
[[terrain]]
name = "Wall 2"
at = "A7"
keywords = ["obstacle", "obscuring", "destructible"]
"""


def click_badge(app, index):
    """Click the board where the numbered badge of outcome ``index`` is."""
    step = app.screen.step
    spot = next(b for b in badges(step.before, step.outcomes, step.chosen) if b.index == index)
    click(app, str(spot.spaces[0]))


def test_climb_test_passed_is_previewed_and_a_failure_only_logged():
    app = make(VANTAGE)
    click(app, "B4")  # Kara, adjacent to the Gorgoleth
    key(app, pygame.K_c)
    step = app.screen.step
    items = {item.label: item for item in step.menu.items}
    assert items["Gorgoleth: Vantage Point E5"].enabled
    assert not items["Gorgoleth: Vantage Point C5"].enabled  # Odo's
    assert "locked" in items["Gorgoleth: Vantage Point D6"].note
    assert step.spaces == frozenset({Space.parse("E5")})
    click(app, "D6")  # locked: refused with the rule, nothing changes
    assert app.session.status_error and "locked" in app.session.status
    click(app, "E5")
    choose(app, "Failed")
    assert app.session.state.knight("Kara").at == Space.parse("B4")
    assert any("fails the Climb test" in line for line in app.session.log)
    key(app, pygame.K_c)
    click(app, "E5")
    choose(app, "Passed")
    step = app.screen.step
    assert isinstance(step, PreviewStep)
    assert step.previews[0].paths["Kara"] == (Space.parse("B4"), Space.parse("E5"))
    assert app.session.state.knight("Kara").vantage is None  # a preview changes nothing
    key(app, pygame.K_RETURN)
    kara = app.session.state.knight("Kara")
    assert (kara.at, kara.vantage) == (Space.parse("E5"), "Gorgoleth")


def test_fall_from_a_vantage_point_offers_every_space_chosen_by_badge():
    app = make(VANTAGE)
    click(app, "C5")  # Odo, on the Gorgoleth's Vantage Point
    assert app.screen.selected == "Odo"
    press_button(app, "Fall from VP")
    choose(app, "Falls")
    step = app.screen.step
    assert isinstance(step, PreviewStep) and len(step.outcomes) > 2
    ends = [p.paths["Odo"][-1] for p in step.previews]
    click_badge(app, 2)
    assert step.chosen == 2
    key(app, pygame.K_RETURN)
    odo = app.session.state.knight("Odo")
    assert odo.at == ends[2] and odo.vantage is None


def test_knockdown_on_a_vantage_point_goes_through_the_outcomes():
    app = make(VANTAGE)
    click(app, "C5")
    before = app.session.state
    press_button(app, "Knockdown")
    step = app.screen.step
    assert isinstance(step, PreviewStep) and len(step.outcomes) > 1
    assert app.session.state is before  # never silently picked
    end = step.previews[1].paths["Odo"][-1]
    click_badge(app, 1)
    assert step.chosen == 1
    key(app, pygame.K_RETURN)
    odo = app.session.state.knight("Odo")
    assert (odo.at, odo.vantage, odo.knockdown) == (end, None, "falling")
    click(app, "B4")  # a Knight on the ground: the Knockdown is set at once
    press_button(app, "Knockdown")
    assert app.screen.step is None and app.session.state.knight("Kara").knockdown == "falling"


def test_hold_on_prompt_at_the_end_of_the_monster_round():
    app = make(VANTAGE + '\n[turn]\nphase = "monster"\n')
    key(app, pygame.K_t)  # End Monster Round
    step = app.screen.step
    assert app.session.state.turn.phase == "knight"
    assert step.menu.title == "Hold on tests" and ("Odo", "Hold on") in step.marks
    choose(app, "Odo fails")
    assert isinstance(app.screen.step, PreviewStep)
    key(app, pygame.K_RETURN)
    assert app.session.state.knight("Odo").vantage is None
    assert app.screen.step is None and "Hold on tests done" in app.session.status


def test_a_monster_s_locked_vantage_point_is_created_by_a_click():
    app = make(VANTAGE)
    click(app, "D4")  # the Gorgoleth
    key(app, pygame.K_c)
    assert app.screen.step.spaces == frozenset({Space.parse("D6")})
    click(app, "D6")
    assert not app.session.state.monster("Gorgoleth").locked_vantage_points
    choose(app, "Done")
    assert app.screen.step is None


def test_vantage_points_are_drawn_locked_free_and_taken():
    app = make(VANTAGE)
    shown = pygame.Surface((1200, 760))
    app.draw(shown)
    grid = app.screen.grid()

    def colours(label):
        box = grid.space_rect(Space.parse(label))
        return {shown.get_at((x, y))[:3] for x in range(box.x, box.right)
                for y in range(box.y, box.bottom)}

    assert VP_LOCKED in colours("D6") and VP_FREE not in colours("D6")
    assert VP_FREE in colours("E5")
    assert VP_LOCKED not in colours("E4")  # no Vantage Point there


def test_motivate_shared_among_two_knights_previewed_then_done():
    app = make(TRIO)
    click(app, "C3")  # Kara motivates
    key(app, pygame.K_b)
    choose(app, "Motivate X")
    choose(app, "3")
    click(app, "F3")  # Odo
    step = app.screen.step
    assert Space.parse("F5") in step.spaces and Space.parse("F7") not in step.spaces
    click(app, "F5")  # 2 spaces
    assert "1 left" in app.screen.step.menu.title
    choose(app, "Ubar")
    click(app, "F7")  # 1 space
    assert "0 left" in app.screen.step.menu.title
    choose(app, "Preview")
    step = app.screen.step
    assert isinstance(step, PreviewStep) and set(step.previews[0].paths) == {"Odo", "Ubar"}
    key(app, pygame.K_RETURN)
    state = app.session.state
    assert state.knight("Odo").at == Space.parse("F5")
    assert state.knight("Ubar").at == Space.parse("F7")
    assert state.knight("Kara").at == Space.parse("C3")


def test_hug_in_the_first_ability_window_keeps_the_monster_in_range():
    app = make(TRIO)
    click(app, "C3")
    key(app, pygame.K_b)
    choose(app, "Hug X, first")
    choose(app, "2")
    choose(app, "Gob, Melee")
    step = app.screen.step
    state = app.session.state
    every = move_like.hug_spaces(state, state.knight("Kara"), 2)
    gob = state.monster("Gob").at
    assert step.spaces and step.spaces <= every
    assert all(abs(s.row - gob.row) + abs(s.col - gob.col) == 1 for s in step.spaces)


def test_divine_target_token_given_drawn_and_taken_back():
    app = make(TRIO)
    click(app, "F3")
    press_button(app, "Divine Target: no")
    assert app.session.state.turn.divine == "Odo"
    shown = pygame.Surface((1200, 760))
    app.draw(shown)
    box = app.screen.grid().space_rect(Space.parse("F3"))
    assert any(shown.get_at((x, y))[:3] == DIVINE for x in range(box.x, box.centerx)
               for y in range(box.y, box.centery))
    press_button(app, "Divine Target: yes")
    assert app.session.state.turn.divine is None
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert app.session.state.turn.divine == "Odo"


def test_terrain_placed_in_play_with_the_supply_rule_ties_offered():
    app = make(TRIO)
    key(app, pygame.K_p)
    choose(app, "Supply")
    choose(app, "2")  # two Walls in the game, both on the board
    choose(app, "Wall")
    click(app, "H5")
    click(app, "H5")
    step = app.screen.step
    assert isinstance(step, PreviewStep) and len(step.outcomes) == 2  # equally far Walls
    removed = [set(o.state.tile(t.name) is None and t.name or "" for t in
                   app.session.state.terrain) - {""} for o in step.outcomes]
    assert sorted(map(sorted, removed)) == [["Wall 1"], ["Wall 2"]]
    assert "Wall 1 taken off (supply)" in step.menu.items[0].note
    assert "Wall 3 placed" in step.menu.items[0].note
    click_badge(app, 1)  # the badge on the Wall outcome 2 takes off
    assert step.chosen == 1
    key(app, pygame.K_RETURN)
    names = {t.name for t in app.session.state.terrain}
    assert "Wall 3" in names and len(names) == 2


def test_forced_movement_with_involuntary_movement_reduction():
    app = make(TRIO)
    click(app, "C3")  # Kara knocks Gob back
    key(app, pygame.K_k)
    choose(app, "Reduction")
    choose(app, "1")
    assert app.screen.step.menu.items[-2].label == "Reduction: 1…"
    choose(app, "Knockback")
    choose(app, "3")
    click(app, "C4")
    step = app.screen.step
    assert isinstance(step, PreviewStep) and step.action.reduction == 1
    key(app, pygame.K_RETURN)
    assert app.session.state.monster("Gob").at == Space.parse("C6")


def test_every_targeting_instruction_the_menu_offers_is_one_the_core_reads():
    from tabletop.games.clash.activation_steps import (
        COMMON_INSTRUCTIONS,
        MORE_INSTRUCTIONS,
        STAT_SELECTORS,
        STAT_TRACKS,
        STAT_VALUES,
        WITH_X,
    )
    from tabletop.games.clash.targeting import target

    _, state = layouts.loads(VANTAGE, "vantage.toml")
    gorgoleth = state.monster("Gorgoleth")
    with_stat = [form.format(x=x, stat=stat) for stat, _ in STAT_TRACKS
                 for form, _ in STAT_VALUES for x in (0, 2)]
    assert {"With 0 Vigor", "With Heat 2+"} <= set(with_stat)
    offered = [*COMMON_INSTRUCTIONS, *MORE_INSTRUCTIONS, *STAT_SELECTORS,
               *(form.format(x=2) for form in WITH_X.values()), *with_stat]
    for words in offered:
        target(state, gorgoleth, [words])  # a word the core does not know raises
    everyone = {k.name for k in state.knights}
    for stat, _ in STAT_TRACKS:  # the core reads the line, not skips it: exactly 0 vs 0+
        exact = target(state, gorgoleth, [f"With {99} {stat}"])
        assert exact.line is None  # nobody has 99: the Routine
        assert set(target(state, gorgoleth, [f"With {stat} 0+, Closest, 9 Knights"])
                   .alternatives[0]) == everyone
    assert "On Vantage Point" in MORE_INSTRUCTIONS and "Divine Target" in MORE_INSTRUCTIONS
    assert target(state, gorgoleth, ["On Vantage Point"]).alternatives == (("Odo",),)


def test_side_panel_names_vantage_points_and_the_divine_target():
    app = make(VANTAGE)
    click(app, "D4")
    assert any("Vantage Points: C5 (Odo), D6 (locked), E5 (free)" in line
               for line in app.screen.panel_lines())
    click(app, "B4")
    press_button(app, "Divine Target")
    assert "holds the Divine Target token" in app.screen.panel_lines()


def test_buttons_offer_climb_only_where_a_monster_can_be_climbed():
    app = make(TRIO)
    assert any(b.label.startswith("Place terrain") for b in app.buttons)
    click(app, "C3")
    labels = [b.label for b in app.buttons]
    assert "Climb (C)" not in labels and not any(x.startswith("Climb") for x in labels)
    app = make(VANTAGE)
    click(app, "B4")
    assert any(b.label.startswith("Climb") for b in app.buttons)


def test_climb_with_the_keyboard_only():
    app = make(VANTAGE)
    key(app, pygame.K_TAB)  # Kara
    assert app.screen.selected == "Kara"
    key(app, pygame.K_c)  # Tab put the cursor on Kara (B4)
    for k in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN, pygame.K_RIGHT):
        key(app, k)
    assert app.screen.cursor == Space.parse("E5")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_1)  # Passed
    assert isinstance(app.screen.step, PreviewStep)
    key(app, pygame.K_RETURN)
    assert app.session.state.knight("Kara").vantage == "Gorgoleth"
