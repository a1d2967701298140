"""The Clash screen's menus driven by synthetic pygame events (rulebook *Monster and Knight
Rounds*): a whole Monster activation (targeting, attack type, movement previewed and confirmed,
the attack), a tie of Targets chosen by a click, a Knight's attack with Knockback previewed, a
forced movement with two outcomes picked by its badge, stats edited by buttons and undone."""

import pygame
import pytest
from clash_boards import FIGHT, ZIGZAG
from clash_ui import SIZE, choose, click, key, make, press_button

from tabletop.spatial.grid import Space
from tabletop.ui.controllers.clash_steps import PreviewStep
from tabletop.ui.views.clash import MOB


@pytest.fixture
def surface():
    return pygame.Surface(SIZE)


def test_a_whole_monster_activation_targeting_move_preview_confirm_attack():
    app = make(ZIGZAG)
    click(app, "D2")
    key(app, pygame.K_m)
    assert app.screen.step.menu.title.startswith("Egg: targeting")
    choose(app, "Furthest")
    choose(app, "Resolve")
    step = app.screen.step
    assert "attack type" in step.menu.title
    assert any("Furthest" in line and "Ser Sonch" in line for line in step.menu.header)
    choose(app, "Melee")
    choose(app, "Move")
    step = app.screen.step
    assert isinstance(step, PreviewStep) and len(step.outcomes) == 2  # the zig-zag choice
    before = app.session.state
    assert step.menu.box.colliderect(app.areas.panel)  # the menu is in the side panel
    key(app, pygame.K_DOWN)  # look at the second path: through Kara, with a Crash
    assert step.chosen == 1 and "Crash: Kara" in step.caption()[0]
    assert app.session.state is before  # a preview changes nothing
    key(app, pygame.K_RETURN)
    state = app.session.state
    assert state.monster("Egg").at == Space.parse("B6")
    assert state.knight("Kara").vigor == 9 and state.knight("Kara").knockdown == "falling"
    attack = app.screen.step
    assert isinstance(attack, PreviewStep) and "Melee" in str(attack.action)
    key(app, pygame.K_RETURN)
    assert any("Egg attacks Ser Sonch" in line for line in app.session.log)
    choose(app, "Done")
    assert app.screen.step is None
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # undo the attack, then the movement
    assert app.session.state.monster("Egg").at == Space.parse("B6")
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert app.session.state.monster("Egg").at == Space.parse("D2")


def test_backspace_goes_back_a_step_and_escape_closes_the_flow_after_asking():
    app = make(ZIGZAG)
    before = app.session.state
    click(app, "D2")
    key(app, pygame.K_m)
    choose(app, "Closest")
    choose(app, "Resolve")
    choose(app, "Melee")
    choose(app, "Move")
    assert isinstance(app.screen.step, PreviewStep)
    key(app, pygame.K_BACKSPACE)  # back to the movement menu
    assert "movement type" in app.screen.step.menu.title
    key(app, pygame.K_BACKSPACE)  # the attack type
    key(app, pygame.K_ESCAPE)  # choices were made: the first Esc only warns
    assert app.screen.step is not None and "Esc again" in app.session.status
    key(app, pygame.K_ESCAPE)
    assert app.screen.step is None and app.session.state is before
    key(app, pygame.K_m)  # on the flow's first step nothing is lost: Esc closes at once
    key(app, pygame.K_ESCAPE)
    assert app.screen.step is None and app.session.state is before


def test_a_key_the_menu_does_not_use_is_named_in_the_status_line():
    app = make(ZIGZAG)
    before = app.session.state
    click(app, "D2")
    key(app, pygame.K_m)
    title = app.screen.step.menu.title
    key(app, pygame.K_t)  # End Turn on the board: not while a menu is open, and it says so
    assert app.screen.step.menu.title == title and app.session.state is before
    assert "t: not a key of this menu" in app.session.status


def test_a_tie_of_targets_is_offered_and_chosen_by_a_click_on_the_board():
    app = make(FIGHT)
    click(app, "C4")
    key(app, pygame.K_m)
    choose(app, "In range X")  # Kara (adjacent) and Odo (3 spaces away)
    choose(app, "3")
    choose(app, "Resolve")
    step = app.screen.step
    assert "tie" in step.menu.title
    assert {item.label for item in step.menu.items} == {"Kara", "Odo"}
    assert {name for name, _ in step.marks} == {"Kara", "Odo"}
    click(app, "C7")  # Odo, ringed on the board
    assert "attack type" in app.screen.step.menu.title
    assert any("Target: Odo" in line for line in app.screen.step.menu.header)


def test_a_knight_attack_with_knockback_previewed_and_confirmed():
    app = make(FIGHT)
    click(app, "C3")
    key(app, pygame.K_a)
    choose(app, "Ranged")
    choose(app, "2")
    choose(app, "4")
    items = {item.label: item for item in app.screen.step.menu.items}
    assert not items["Gob"].enabled and "Effective Range" in items["Gob"].note
    key(app, pygame.K_BACKSPACE)  # back to the weapons
    choose(app, "Melee")
    click(app, "C4")  # Gob, on the board
    assert app.session.state.knight("Kara").passion == 1
    choose(app, "Forced movement on Gob")
    choose(app, "Knockback")
    choose(app, "2")
    step = app.screen.step
    assert isinstance(step, PreviewStep)
    assert step.previews[0].paths["Gob"][-1] == Space.parse("C6")
    assert app.session.state.monster("Gob").at == Space.parse("C4")
    shown = pygame.Surface((1200, 760))
    app.draw(shown)
    grid = app.screen.grid()
    path = shown.get_at(grid.centre(Space.parse("C5")))[:3]  # the see-through path
    plain = shown.get_at(grid.centre(Space.parse("E5")))[:3]
    assert path != plain and sum(abs(a - b) for a, b in zip(path, MOB, strict=True)) < sum(
        abs(a - b) for a, b in zip(plain, MOB, strict=True))
    ghost = shown.get_at(grid.space_rect(Space.parse("C6")).move(6, 6).topleft)[:3]
    assert ghost != shown.get_at(grid.space_rect(Space.parse("E6")).move(6, 6).topleft)[:3]
    press_button(app, "Confirm")  # the side panel's button
    assert app.session.state.monster("Gob").at == Space.parse("C6")
    assert app.screen.step.menu.title == "Kara attacked Gob"


def test_forced_movement_on_a_diagonal_offers_both_ways_picked_by_badge():
    app = make(FIGHT)
    click(app, "D2")  # the Imp, on Kara's diagonal: "directly away" is north or east
    key(app, pygame.K_k)
    choose(app, "Knockback")
    choose(app, "2")
    click(app, "C3")  # Kara
    step = app.screen.step
    assert isinstance(step, PreviewStep)
    ends = [p.paths["Kara"][-1] for p in step.previews]
    assert len(ends) == 2 and len(set(ends)) == 2
    badge = step.previews[1].paths["Kara"][-1]
    click(app, str(badge))
    assert step.chosen == 1
    key(app, pygame.K_RETURN)
    assert app.session.state.knight("Kara").at == badge


def test_stats_edited_by_buttons_are_undoable():
    app = make(FIGHT)
    click(app, "C3")
    press_button(app, "Vigor −")
    press_button(app, "Heat +")
    press_button(app, "Passion +")
    press_button(app, "Knockdown")
    kara = app.session.state.knight("Kara")
    assert (kara.vigor, kara.heat, kara.passion, kara.knockdown) == (9, 1, 1, "falling")
    assert app.session.state.turn.priority == "Kara"  # a Passion rise takes the token
    for _ in range(4):
        key(app, pygame.K_z, pygame.KMOD_CTRL)
    kara = app.session.state.knight("Kara")
    assert (kara.vigor, kara.heat, kara.passion, kara.knockdown) == (10, 0, 0, "")
    assert any("Vigor 10 · Heat 0 · Passion 0" in line for line in app.screen.panel_lines())


def test_stat_badges_are_drawn_on_the_token(surface):
    app = make(FIGHT)
    click(app, "C3")
    press_button(app, "Heat +")
    app.draw(surface)
    box = app.screen.grid().space_rect(Space.parse("C3"))
    reds = [surface.get_at((x, y))[:3] for x in range(box.centerx, box.right)
            for y in range(box.y, box.bottom)]
    assert (200, 60, 30) in reds  # the Heat badge


def test_menu_widget_skips_disabled_items_and_scrolls_to_the_highlight(surface):
    from tabletop.ui.widgets.menu import Menu, MenuItem

    taken = []
    items = [MenuItem(f"item {n}", n, enabled=n != 2, note="a reason" if n == 2 else "")
             for n in range(30)]
    menu = Menu("many", items, taken.append)
    menu.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_3, mod=0))
    assert taken == []  # item 3 (value 2) is disabled
    menu.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2, mod=0))
    assert taken == [1]
    menu.set_highlight(25)
    menu.draw(surface, pygame.Rect(0, 0, 300, 400))
    assert menu.rects[25].height > 0 and menu.box.contains(menu.rects[25])
    assert menu.rects[0].height == 0  # scrolled out of sight, not clickable
    menu.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=menu.rects[25].center,
                                         button=1))
    assert taken == [1, 25]


def test_screenshot_overlays_draw_a_preview_and_refuse_bad_words(tmp_path):
    from tabletop.errors import UsageError
    from tabletop.ui.screenshot import render

    board = tmp_path / "fight.toml"
    board.write_text(FIGHT)
    plain, _ = render(str(board), (900, 600))
    shown, state = render(str(board), (900, 600),
                          ["preview forced knockback Kara Gob 2", "outcome 1"])
    assert state.monster("Gob").at == Space.parse("C4")  # the picture's layout: unchanged
    assert any(plain.get_at((x, y)) != shown.get_at((x, y))
               for x in range(0, 900, 7) for y in range(0, 600, 7))
    turned, _ = render(str(board), (900, 600),
                       ["preview forced 'directional knockback' Gob Kara 2 left"])
    assert any(turned.get_at((x, y)) != plain.get_at((x, y))
               for x in range(0, 900, 7) for y in range(0, 600, 7))
    for bad in ("preview forced knockback Kara Nobody 2", "outcome 1",
                "preview forced 'directional knockback' Gob Kara 2",
                "preview forced knockback Kara Gob 2 extra words",
                "preview monster-move Kara Gob move"):
        with pytest.raises(UsageError):
            render(str(board), (900, 600), [bad])


def test_appear_x_with_the_keyboard_only():
    app = make(ZIGZAG)
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)  # Ser Sonch, Kara, then the Egg
    assert app.screen.selected == "Egg"
    key(app, pygame.K_m)
    key(app, pygame.K_5)  # Furthest
    key(app, pygame.K_1)  # Resolve
    key(app, pygame.K_1)  # Melee
    for _ in range(7):
        key(app, pygame.K_DOWN)  # to "Appear X…"
    key(app, pygame.K_RETURN)
    assert app.screen.step.pick_space
    key(app, pygame.K_RIGHT)  # the cursor starts on the Egg (D2)
    for _ in range(3):
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_DOWN)
    assert app.screen.cursor == Space.parse("E6")
    key(app, pygame.K_RETURN)
    assert isinstance(app.screen.step, PreviewStep)
    key(app, pygame.K_RETURN)
    assert app.session.state.monster("Egg").at == Space.parse("E6")


def test_reflex_shows_its_spaces_and_vault_is_previewed():
    app = make(FIGHT)
    click(app, "C3")
    key(app, pygame.K_b)
    choose(app, "Reflex")
    step = app.screen.step
    assert Space.parse("B3") in step.spaces and Space.parse("A3") not in step.spaces
    click(app, "A3")  # two spaces: refused, with the rule, nothing changes
    assert app.session.status_error and app.session.state.knight("Kara").at == Space.parse(
        "C3")
    click(app, "B3")
    assert app.session.state.knight("Kara").at == Space.parse("B3")
    assert app.screen.step is None
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    key(app, pygame.K_b)
    choose(app, "Vault")
    choose(app, "Gob")
    assert isinstance(app.screen.step, PreviewStep)
    key(app, pygame.K_RETURN)
    assert app.session.state.knight("Kara").at == Space.parse("C5")


def test_sequential_attack_goes_in_the_order_the_players_click_the_targets():
    """*Attack Types*: Sequential is "one at a time, in a specific order" — the card's order,
    which the players give by clicking the Targets; the menu never puts them in its own
    order."""
    app = make(FIGHT)
    click(app, "C4")
    key(app, pygame.K_m)
    choose(app, "X Knights")
    choose(app, "2")
    choose(app, "Closest")
    choose(app, "Resolve")  # Kara (adjacent) ranks first, Odo second
    choose(app, "Range X")
    choose(app, "4")
    items = {item.label: item for item in app.screen.step.menu.items}
    assert "in the order the card gives" in items["Sequential"].note
    assert "closest" not in items["Sequential"].note.lower()
    choose(app, "Sequential")
    step = app.screen.step
    assert step.menu.title == "Sequential: which Target first?"
    assert {name for name, _ in step.marks} == {"Kara", "Odo"}
    click(app, "C7")  # Odo first; Kara, the last one, needs no click
    assert "movement type" in app.screen.step.menu.title
    assert any("Odo, then Kara" in line for line in app.screen.step.menu.header)
    choose(app, "No movement")
    attack = app.screen.step
    assert isinstance(attack, PreviewStep)
    assert attack.action.targets == ("Odo", "Kara") and attack.action.sequential
    key(app, pygame.K_RETURN)
    said = [line for line in app.session.log if "Gob attacks" in line]
    assert [("Odo" in line, "Kara" in line) for line in said] == [(True, False), (False, True)]


LATERAL = """
game = "clash"
title = "lateral"
[board]
rows = 7
cols = 9
[[monsters]]
name = "Rat"
type = "boss"
at = "D2"
facing = "north"
[[knights]]
name = "Odo"
at = "B5"
[[knights]]
name = "Kara"
at = "G9"
"""


def test_move_lateral_before_a_zone_attack_seeks_the_zone_not_range_one():
    """*Monster Movement Types*: Move Lateral goes "to a space from which the following
    Attack ... can be performed against the Target": for Zone 2 the window passes ``zone=2``
    (D3 takes Odo on B5 diagonally), not range 1."""
    app = make(LATERAL)
    click(app, "D2")
    key(app, pygame.K_m)
    choose(app, "Closest")
    choose(app, "Resolve")
    assert any("Target: Odo" in line for line in app.screen.step.menu.header)
    choose(app, "Zone X")
    choose(app, "2")
    choose(app, "Move Lateral")
    step = app.screen.step
    assert isinstance(step, PreviewStep)
    assert step.action.zone == 2 and step.action.attack_range == 1
    assert {str(p.paths["Rat"][-1]) for p in step.previews} == {"D3"}
    key(app, pygame.K_RETURN)
    assert app.session.state.monster("Rat").at == Space.parse("D3")
    attack = app.screen.step
    assert isinstance(attack, PreviewStep) and attack.action.kind == "zone"
    key(app, pygame.K_RETURN)
    assert any("Rat attacks Odo" in line for line in app.session.log)


def test_with_x_statistic_lines_are_built_in_the_targeting_menu():
    """*Typical Targeting Instructions*, With X: "With Heat 3+" (3 or more) and "With 0
    Vigor" (exactly) as the rules core reads them."""
    text = FIGHT.replace('name = "Odo"', 'name = "Odo"\nheat = 3')
    app = make(text)
    click(app, "C4")
    key(app, pygame.K_m)
    choose(app, "With X Vigor, Heat")
    labels = [item.label for item in app.screen.step.menu.items]
    assert "With X Vigor" in labels and "With Heat X+" in labels
    choose(app, "With Heat X+")
    assert [item.label for item in app.screen.step.menu.items][:2] == ["0", "1"]
    choose(app, "3")
    assert "1. With Heat 3+" in app.screen.step.menu.header
    choose(app, "Resolve")
    assert any("Target: Odo" in line for line in app.screen.step.menu.header)


def test_move_to_x_in_a_direction_is_previewed_and_confirmed():
    """*Monster Movement Types*: Move to X in the indicated direction —
    ``MonsterMove(m, "north", "move to", limit=X)``."""
    app = make(FIGHT)
    click(app, "C4")
    key(app, pygame.K_m)
    choose(app, "Closest")
    choose(app, "Resolve")
    choose(app, "Melee")
    choose(app, "Move to X in a direction")
    choose(app, "East")
    assert app.screen.step.menu.items[-1].label == "As far as it goes"
    choose(app, "3")
    step = app.screen.step
    assert isinstance(step, PreviewStep)
    action = step.action
    assert (action.target, action.how, action.limit) == ("east", "move to", 3)
    key(app, pygame.K_RETURN)  # a Mob stops before Odo on C7 (never ends on a miniature)
    assert app.session.state.monster("Gob").at == Space.parse("C6")


def test_forced_movement_menu_greys_a_knocked_down_knights_own_abilities():
    """*Keyword List: Knockdown*: "you cannot ... use Gear abilities or Techniques": with a
    knocked down Knight as the source, the kinds the rules core refuses are greyed with its
    reason, like the attack menu greys a Monster it cannot attack."""
    app = make(FIGHT.replace('at = "C3"', 'at = "C3"\nknockdown = "falling"'))
    before = app.session.state
    click(app, "C3")
    key(app, pygame.K_k)
    items = {item.label: item for item in app.screen.step.menu.items}
    for label in ("Knockback X", "Knockback X in a direction", "Unavoidable Knockback X",
                  "Pushback X", "Pull X", "Drag X", "Forced Vault"):
        assert not items[label].enabled
        assert items[label].note == ("Kara is knocked down and cannot use Gear abilities or "
                                     "Techniques (Knockdown)")
    assert items["Displace"].enabled and items["Gangup X"].enabled
    choose(app, "Knockback")  # greyed: nothing opens
    assert app.screen.step.menu.title == "Forced movement by Kara"
    assert app.session.state is before
    key(app, pygame.K_ESCAPE)
    click(app, "C4")  # the Gob, standing: every kind is offered
    key(app, pygame.K_k)
    assert all(item.enabled for item in app.screen.step.menu.items)


def test_menu_keeps_a_greyed_items_reason_whole_and_starts_on_an_enabled_item(surface):
    from tabletop.ui.widgets.menu import Menu, MenuItem, note_lines

    reason = "Kara is knocked down and cannot use Gear abilities or Techniques (Knockdown)"
    greyed = MenuItem("Knockback", "knockback", False, reason)
    assert " ".join(note_lines(greyed, 200)).split() == reason.split()  # three lines, whole
    cut = note_lines(MenuItem("Move", "move", True, reason * 2), 200)
    assert len(cut) == 2 and cut[-1].endswith("…")
    menu = Menu("kinds", [greyed, MenuItem("Displace", "displace")], lambda _: None)
    assert menu.highlight == 1  # Enter takes an item that can be taken
    menu.draw(surface, pygame.Rect(0, 0, 300, 400))
    assert menu.rects[1].top > menu.rects[0].bottom


def test_directional_knockback_menu_turns_left_by_the_sources_facing_and_previews_it():
    """*Keyword List: Knockback X*: "(or in a specified direction in case of directional
    Knockback)"; "Knockback 5 to the left". The Gob faces west, so its left is south: Kara
    on C3 goes to E3, shown as a preview before anything moves."""
    app = make(FIGHT)
    click(app, "C4")  # the Gob
    key(app, pygame.K_k)
    choose(app, "Knockback X in a direction")
    items = {item.label: item for item in app.screen.step.menu.items}
    assert items["To the left"].enabled and items["To the left"].note == (
        "south, as Gob faces west")
    assert items["To the north"].enabled and items["Back"].enabled
    choose(app, "To the left")
    assert app.screen.step.menu.title == "Directional Knockback X to the left"
    choose(app, "2")
    click(app, "C3")  # Kara
    step = app.screen.step
    assert isinstance(step, PreviewStep)
    assert [p.paths["Kara"][-1] for p in step.previews] == [Space.parse("E3")]
    press_button(app, "Confirm")
    assert app.session.state.knight("Kara").at == Space.parse("E3")
    assert "Knockback to the left" in " ".join(app.session.log[-3:])


def test_directional_knockback_by_a_knight_offers_only_compass_directions():
    app = make(FIGHT)
    click(app, "C3")  # Kara
    key(app, pygame.K_k)
    choose(app, "Knockback X in a direction")
    items = {item.label: item for item in app.screen.step.menu.items}
    assert not items["To the left"].enabled
    assert "no facing" in items["Forward"].note
    assert items["To the east"].enabled


def test_pushback_after_a_ranged_attack_is_greyed_by_knight_timing():
    """*Pushback X*, Knight Timing: "A Knight may resolve Pushback X during either the first
    or second ability window of their Attack (excluding Attacks with Weapon with the Ranged
    X–Y keyword)"."""
    app = make(FIGHT.replace('at = "C4"', 'at = "C6"'))
    click(app, "C3")
    key(app, pygame.K_a)
    choose(app, "Ranged")
    choose(app, "2")
    choose(app, "4")
    click(app, "C6")  # the Gob, 3 spaces away
    choose(app, "Forced movement on Gob")
    items = {item.label: item for item in app.screen.step.menu.items}
    assert not items["Pushback X"].enabled and "Ranged X–Y" in items["Pushback X"].note
    assert items["Knockback X"].enabled


def test_a_number_menu_takes_the_number_typed_not_the_position():
    """The Ranged Y list starts at X: typing 4 chooses 4 (not the fourth item, 5)."""
    app = make(FIGHT)
    click(app, "C3")
    key(app, pygame.K_a)
    choose(app, "Ranged")
    key(app, pygame.K_2)  # X = 2
    menu = app.screen.step.menu
    assert [item.label for item in menu.items][:3] == ["2", "3", "4"]
    assert menu.keys[:3] == ["2", "3", "4"] and menu.keys[-1] == ""  # 10 has no key
    key(app, pygame.K_4)
    assert "2–4" in app.screen.step.menu.title or "2-4" in app.screen.step.menu.title


def test_menu_keys_by_value_or_position():
    from tabletop.ui.widgets.menu import Menu, MenuItem, item_keys

    assert item_keys([MenuItem(str(n), n) for n in range(2, 11)]) == [
        "2", "3", "4", "5", "6", "7", "8", "9", ""]
    assert item_keys([MenuItem(w, w) for w in ("Melee", "Reach X…")]) == ["1", "2"]
    chosen = []
    menu = Menu("Y", [MenuItem(str(n), n) for n in range(0, 13)], chosen.append)
    assert menu.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_0, mod=0))
    assert chosen == [0]
    assert not menu.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0))
