"""The List screen, headless: hand-over between players, dice dragged onto slots, Favor chips,
the jousting order, the joust roll modal and its dice trays, and no secret in a screenshot
unless revealed."""

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from tabletop.dice.joust_rolls import resolve_aftershocks
from tabletop.dice.roll import replay, roll_dice
from tabletop.games import layouts
from tabletop.games.joust.actions import (
    ChooseFavor,
    Joust,
    KnightRoll,
    PlaceAbility,
    Ready,
    Reveal,
    SetOrder,
)
from tabletop.games.joust.state import HIDDEN
from tabletop.ui.app import App
from tabletop.ui.controllers.joust import JoustController
from tabletop.ui.controllers.joust_tray import JoustTray
from tabletop.ui.session import Session
from tabletop.ui.widgets.choice_menu import ChoiceMenu
from tabletop.ui.widgets.dice_tray import DiceTray
from tabletop.ui.widgets.handover import HandOver

ROOT = Path(__file__).resolve().parent.parent / "layouts"
SIZE = (1280, 800)


@pytest.fixture
def app():
    pygame.font.init()
    game, state = layouts.load(ROOT / "joust-first-round.toml")
    window = App(Session(game, state), SIZE)
    yield window


def frame(app):
    app.update(16)
    app.draw(pygame.Surface(SIZE))


def click(app, pos, *, up_at=None):
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    if up_at is not None:
        app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=up_at, rel=(0, 0),
                                        buttons=(1, 0, 0)))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=up_at or pos, button=1))
    frame(app)


def hit(app, kind, house, **fields):
    for h in app.screen.hits:
        if h.kind == kind and h.house == house and all(getattr(h, k) == v
                                                       for k, v in fields.items()):
            return h.rect.center
    raise AssertionError(f"no {kind} {house} {fields} drawn")


def hand_over(app, house_words):
    frame(app)
    assert isinstance(app.top, HandOver) and house_words in app.top.headline
    click(app, (300, 300))
    assert not isinstance(app.top, HandOver)


def press(app, code):
    """A key press and the frame after it (for loops that name a local ``key``)."""
    key(app, code)
    frame(app)


def key(app, code):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))


def use_dice_trays(app):
    """Let each Knight's dice tray settle and hand its roll back (Enter; Enter again after
    the Aftershocks are thrown), until the joust roll screen is on top again."""
    for _ in range(8):
        if not isinstance(app.top, DiceTray):
            return
        app.update(10_000)
        key(app, pygame.K_RETURN)
        frame(app)
    raise AssertionError("the dice trays did not hand their rolls back")


def joust_roll(app):
    """The joust roll screen on the stack (under the dice tray while the dice are thrown)."""
    return next(c for c in app.stack if isinstance(c, JoustTray))


def to_the_first_joust(session, favors=None):
    """Both Households plan (no dice placed; ``favors`` per Household, default Hit/Ruse/Hit and
    Block/Hit/Ruse) and the first joust is revealed."""
    favors = favors or {"Bloodguard": ("hit", "ruse", "hit"), "Echelon": ("block", "hit", "ruse")}
    for house in ("Bloodguard", "Echelon"):
        knights = [k.name for k in session.state.household(house).knights]
        for knight, favor in zip(knights, favors[house], strict=True):
            assert session.perform(ChooseFavor(house, knight, favor)), session.status
        assert session.perform(SetOrder(house, tuple(knights)))
        assert session.perform(Ready(house))
    assert session.perform(Reveal())


def plan_by_mouse(app, house, dice, favors, order):
    for knight, colour in dice:
        src = hit(app, "pool", house, colour=colour)
        dst = hit(app, "slot", house, knight=knight, slot="1")
        click(app, src, up_at=dst)
        placed = app.session.state.household(house).knight(knight).die_on("1")
        assert placed == colour, app.session.status
    for knight, favor in favors:
        click(app, hit(app, "favor", house, knight=knight, favor=favor))
    for knight in order:
        click(app, hit(app, "knight", house, knight=knight))
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    frame(app)


def test_screen_is_registered_for_joust(app):
    assert isinstance(app.screen, JoustController)


def test_hand_over_comes_first_and_covers_the_board(app):
    frame(app)
    assert isinstance(app.top, HandOver)
    assert "Pass to House Bloodguard" in app.top.headline


def test_drag_a_die_onto_a_bravery_token(app):
    hand_over(app, "Bloodguard")
    click(app, hit(app, "pool", "Bloodguard", colour="white"),
          up_at=hit(app, "slot", "Bloodguard", knight="Sir Aldric", slot="1"))
    knight = app.session.state.household("Bloodguard").knight("Sir Aldric")
    assert knight.token_dice == ("white",)
    assert "puts a white die on Sir Aldric" in app.session.status


def test_click_die_then_slot_and_click_again_to_take_it_back(app):
    hand_over(app, "Bloodguard")
    click(app, hit(app, "pool", "Bloodguard", colour="green"))
    click(app, hit(app, "slot", "Bloodguard", knight="Sir Corvin", slot="Lance"))
    corvin = app.session.state.household("Bloodguard").knight("Sir Corvin")
    assert corvin.die_on("Lance") == "green"
    click(app, hit(app, "slot", "Bloodguard", knight="Sir Corvin", slot="Lance"))
    assert app.session.state.household("Bloodguard").knight("Sir Corvin").die_on("Lance") is None


def test_held_die_rings_the_slots_it_matches_and_a_wrong_drop_is_refused(app):
    """Rulebook lines 454 and 456: dice must match the slot they are locked to. A held
    white die rings Sir Aldric's white token only; dropped on Dame Wren's green token it is
    refused, the rule in the status line."""
    from tabletop.ui.views.joust import FITS

    hand_over(app, "Bloodguard")
    click(app, hit(app, "pool", "Bloodguard", colour="white"))
    surface = pygame.Surface(SIZE)
    app.draw(surface)

    def ringed(knight, slot="1"):
        rect = pygame.Rect(next(h.rect for h in app.screen.hits if h.kind == "slot"
                                and h.knight == knight and h.slot == slot))
        ring = rect.inflate(6, 6)
        return any(surface.get_at((x, ring.centery))[:3] == FITS
                   for x in range(ring.left, ring.left + 4))

    assert ringed("Sir Aldric")
    assert not ringed("Dame Wren") and not ringed("Sir Corvin")
    before = app.session.state
    click(app, hit(app, "slot", "Bloodguard", knight="Dame Wren", slot="1"))
    assert app.session.state is before
    assert ("a green die goes on a green Bravery Token: dice must match the slot they are "
            "locked to") in app.session.status
    click(app, hit(app, "pool", "Bloodguard", colour="white"),
          up_at=hit(app, "slot", "Bloodguard", knight="Sir Corvin", slot="Lance"))
    assert app.session.state is before and "Lance takes red or green" in app.session.status


def test_rival_cannot_touch_while_one_household_plans(app):
    hand_over(app, "Bloodguard")
    before = app.session.state
    click(app, hit(app, "favor", "Echelon", knight="Dame Isolde", favor="block"))
    assert app.session.state is before
    assert "Bloodguard is planning" in app.session.status


def test_whole_round_by_mouse_with_secrets_kept(app):
    hand_over(app, "Bloodguard")
    plan_by_mouse(app, "Bloodguard",
                  [("Sir Aldric", "white"), ("Dame Wren", "green"), ("Sir Corvin", "green")],
                  [("Sir Aldric", "hit"), ("Dame Wren", "ruse"), ("Sir Corvin", "heros-fate")],
                  ["Sir Corvin", "Sir Aldric", "Dame Wren"])
    state = app.session.state
    assert state.household("Bloodguard").ready
    assert state.household("Bloodguard").order == ("Sir Corvin", "Sir Aldric", "Dame Wren")
    # Echelon has not clicked yet: the cover is up, and the view hides Bloodguard's plan.
    assert isinstance(app.top, HandOver) and "Echelon" in app.top.headline
    seen = app.screen.view_state().household("Bloodguard")
    assert seen.order == (HIDDEN,) * 3 and seen.knights[0].favor == HIDDEN
    assert all("Corvin" not in line and "Hero" not in line for line in app.session.log)
    click(app, (300, 300))
    plan_by_mouse(app, "Echelon",
                  [("Dame Isolde", "white"), ("Sir Bertram", "green")],  # no red for Maud
                  [("Dame Isolde", "block"), ("Sir Bertram", "hit"), ("Dame Maud", "ruse")],
                  ["Dame Maud", "Dame Isolde", "Sir Bertram"])
    assert app.session.state.phase == "jousting"
    hand_over(app, "Both Households")
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r"))
    frame(app)
    public = app.screen.view_state()
    assert public.household("Bloodguard").order == ("Sir Corvin", HIDDEN, HIDDEN)
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_j, mod=0, unicode="j"))
    frame(app)
    tray = joust_roll(app)
    assert isinstance(tray, JoustTray)
    use_dice_trays(app)  # the dice trays roll, Resolve (the Aftershocks) and hand back
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    frame(app)  # Done
    assert app.session.state.resolved == 1
    assert any(" rolls: " in line and "Pip count" in line for line in app.session.log)


def test_heros_fate_reroll_and_mark_of_the_church_in_the_tray(app):
    from tabletop.games.joust.actions import PlaceDie, Reveal

    session = app.session
    b, e = "Bloodguard", "Echelon"
    for action in (PlaceDie(b, "Sir Corvin", "1", "green", True), PlaceDie(b, "Sir Corvin",
                                                                           "Lance", "green"),
                   ChooseFavor(b, "Sir Corvin", "heros-fate"), ChooseFavor(b, "Sir Aldric", "hit"),
                   ChooseFavor(b, "Dame Wren", "ruse"),
                   SetOrder(b, ("Sir Corvin", "Sir Aldric", "Dame Wren")), Ready(b),
                   ChooseFavor(e, "Dame Isolde", "block"),
                   ChooseFavor(e, "Sir Bertram", "mark-of-the-church"),
                   ChooseFavor(e, "Dame Maud", "ruse"),
                   SetOrder(e, ("Sir Bertram", "Dame Isolde", "Dame Maud")), Ready(e), Reveal()):
        assert session.perform(action), session.status
    tray = JoustTray(session, seed=7)
    app.push(tray)
    dice = app.top  # Sir Corvin's dice, thrown in the dice tray
    assert isinstance(dice, DiceTray)
    corvin = tray.sides[0]
    assert [label for label, _ in corvin.rerolls(dice.roll)][0] == "Hero's Fate reroll"
    dice.update(10_000)
    dice.chosen = {0, 2}
    key(app, pygame.K_r)
    assert corvin.rerolls(dice.roll) == [("Squire reroll (green)", "Squire Reroll")]
    use_dice_trays(app)  # resolve the Aftershocks; Sir Bertram's dice are thrown too
    bertram = tray.sides[1]
    tray._button("convert", (bertram, 1))
    words = " ".join(tray.preview())
    assert "Sir Corvin (Bloodguard) rolls:" in words
    rolled = {d.slot: d for d in corvin.die_rolls()}
    assert rolled["1"].rerolls == ("heros-fate",) and rolled["fealty"].rerolls == ("heros-fate",)
    notes = [step.note for step in session.history]  # each throw and choice a step of its own
    chose = "Bloodguard rerolls token 1, the Fealty Die with Hero's Fate"
    assert notes[notes.index(chose) + 1].startswith("Bloodguard throws: token 1 shows")
    tray._advance()  # Done
    assert session.state.resolved == 1, session.status
    assert app.top is not tray
    assert session.undo() and session.state.resolved == 0 and session.state.throw is not None
    app.screen.open_tray()  # a joust part-way rolled goes on in the tray from its last step
    use_dice_trays(app)
    if isinstance(app.top, JoustTray):
        app.top._advance()  # Done
    assert session.state.resolved == 1 and app.top is app.screen, session.status


def test_screenshot_hides_the_plan_unless_revealed(app):
    hand_over(app, "Bloodguard")
    plan_by_mouse(app, "Bloodguard", [("Sir Aldric", "white")],
                  [("Sir Aldric", "block"), ("Dame Wren", "ruse"), ("Sir Corvin", "hit")],
                  ["Dame Wren", "Sir Aldric", "Sir Corvin"])
    fresh = App(Session(app.session.game, app.session.state), SIZE)  # as tabletop screenshot
    fresh.draw(pygame.Surface(SIZE))
    secret = fresh.screen.view_state().household("Bloodguard")
    assert secret.order == (HIDDEN,) * 3
    assert secret.knight("Sir Aldric").placed_dice() == ()
    fresh.screen.reveal = True
    assert fresh.screen.view_state().household("Bloodguard").order[0] == "Dame Wren"


def test_throw_in_the_animated_dice_tray_gives_the_same_faces(app):
    session = app.session
    to_the_first_joust(session)
    start = session.state
    quick = JoustTray(session, seed=5)
    animated = JoustTray(session, seed=5)
    app.push(animated)
    use_dice_trays(app)
    assert app.top is animated and animated.stage == "resolved"
    for side in quick.sides:  # the seeded faces, rolled without a tray
        side.roll = resolve_aftershocks(roll_dice(side.kinds(), seed=side.seed))
    assert [s.die_rolls() for s in animated.sides] == [s.die_rolls() for s in quick.sides]
    # the steps the tray applied score as the whole joust of the same faces does
    whole = Joust(tuple(KnightRoll(s.house, s.die_rolls()) for s in quick.sides))
    assert session.game.apply(start, whole)[0] == session.state


def test_setting_up_by_mouse_places_tokens_and_raises_morale():
    pygame.font.init()
    game, state = layouts.load(ROOT / "joust-setup.toml")
    app = App(Session(game, state), SIZE)
    frame(app)
    assert not isinstance(app.top, HandOver)  # nothing is secret while setting up
    for knight, colour in (("Sir Aldric", "white"), ("Dame Wren", "green"),
                           ("Sir Corvin", "green")):
        click(app, hit(app, "token", "Bloodguard", colour=colour))
        click(app, hit(app, "knight", "Bloodguard", knight=knight))
    assert app.session.state.household("Bloodguard").morale == 19


def test_a_whole_game_of_six_rounds_by_mouse_and_keys(app):
    """Done when: two people play a whole game: every phase, by mouse and keys, to the final
    screen naming the King's Champion and why."""
    app.screen.seed_base = 1  # seeded jousts: this game lasts six rounds (some seeds end sooner)
    frame(app)
    for _ in range(800):
        state = app.session.state
        if state.phase == "over":
            break
        if isinstance(app.top, HandOver):
            click(app, (300, 300))
        elif isinstance(app.top, ChoiceMenu):
            press(app, pygame.K_1)
        elif state.pending or state.phase in ("draw", "ennoblement"):
            before = app.session.revision
            press(app, pygame.K_RETURN)
            if app.session.revision == before and not isinstance(app.top, ChoiceMenu):
                click(app, next(b.rect.center for b in app.buttons
                                if b.label == "Promote"))
        elif state.phase == "worker":
            press(app, pygame.K_p)
        elif isinstance(app.top, DiceTray):
            use_dice_trays(app)
        elif isinstance(app.top, JoustTray):
            app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                            unicode="\r"))
            frame(app)
        elif app.screen.planner():
            house = state.household(app.screen.planner())
            pool = list(house.pool)
            plan_by_mouse(app, house.name,
                          [(k.name, pool.pop(pool.index(k.tokens[0]))) for k in house.knights
                           if k.tokens[0] in pool],
                          [(k.name, k.favors[0]) for k in house.knights if not k.panic],
                          [k.name for k in house.knights])
            assert app.session.state.household(house.name).ready, app.session.status
        elif state.resolved == 3:
            click(app, next(b.rect.center for b in app.buttons if b.label == "End round"))
        else:
            key = pygame.K_r if state.revealed == state.resolved else pygame.K_j
            app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
            frame(app)
    state = app.session.state
    assert state.phase == "over" and state.round == 6
    assert "King's Champion" in app.session.log[-1] or "tie" in app.session.log[-1]
    frame(app)
    assert isinstance(app.top, HandOver) and ("King's Champion" in app.top.headline
                                              or "tie" in app.top.headline)
    assert "Why: after round 6" in app.top.detail


def test_joust_button_throws_the_seeded_dice_in_the_tray(app):
    """docs/dice.md: every roll comes from the tray, is watched as real dice, can be replayed."""
    session = app.session
    to_the_first_joust(session)
    frame(app)
    click(app, next(b.rect.center for b in app.buttons if b.label == "Joust!"))
    assert isinstance(app.top, DiceTray) and app.top.rolling and app.top.fixed
    screen = joust_roll(app)
    for side in screen.sides:  # the Household with initiative first
        tray = app.top
        seeded = roll_dice(side.kinds(), seed=side.seed)
        assert isinstance(tray, DiceTray) and tray.roll == seeded
        assert side.knight.name in tray.title
        tray.update(10_000)
        app.draw(pygame.Surface(SIZE))
        settled = tray.animation.at(tray.clock)
        assert not tray.rolling and [pose.face for pose in settled] == list(seeded.faces)
        for _ in range(2):  # Enter hands the roll back (after throwing the Aftershocks)
            if app.top is tray:
                tray.update(10_000)
                key(app, pygame.K_RETURN)
        assert app.top is not tray and side.roll == tray.roll
        frame(app)  # the next Knight's tray
    assert app.top is screen and screen.stage == "resolved"
    assert [side.roll.first for side in screen.sides] == [len(s.kinds()) for s in screen.sides]
    key(app, pygame.K_RETURN)  # Done
    assert session.state.resolved == 1
    records = [line for line in session.log if line.startswith("Dice of ")]
    assert len(records) == 2
    for line, side in zip(records, screen.sides, strict=True):
        assert f"seed {side.seed}" in line and side.knight.name in line
        assert replay(line.data) == side.roll and "{" not in line


def test_dice_tray_closed_with_escape_throws_the_same_dice_again(app):
    session = app.session
    to_the_first_joust(session)
    screen = JoustTray(session, seed=3)
    app.push(screen)
    first = app.top.roll
    key(app, pygame.K_ESCAPE)
    frame(app)
    assert app.top is screen and screen.stage == "paused" and "not used" in screen.message
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, DiceTray) and app.top.roll == first
    key(app, pygame.K_SPACE)  # a game's dice are thrown once
    assert app.top.roll == first and "thrown once" in app.top.message
    key(app, pygame.K_ESCAPE)
    frame(app)
    key(app, pygame.K_ESCAPE)
    assert app.top is app.screen and session.state.resolved == 0


def test_targeting_presets_before_the_tray_throws_the_other_dice(app):
    from tabletop.games.joust.actions import DieRoll, PlaceDie

    session = app.session
    b, e = "Bloodguard", "Echelon"
    for action in (PlaceDie(b, "Sir Corvin", "1", "green"),
                   ChooseFavor(b, "Sir Corvin", "targeting"), ChooseFavor(b, "Sir Aldric", "hit"),
                   ChooseFavor(b, "Dame Wren", "ruse"),
                   SetOrder(b, ("Sir Corvin", "Sir Aldric", "Dame Wren")), Ready(b),
                   ChooseFavor(e, "Dame Isolde", "block"), ChooseFavor(e, "Sir Bertram", "hit"),
                   ChooseFavor(e, "Dame Maud", "ruse"),
                   SetOrder(e, ("Sir Bertram", "Dame Isolde", "Dame Maud")), Ready(e), Reveal()):
        assert session.perform(action), session.status
    screen = JoustTray(session, seed=4)
    app.push(screen)
    assert app.top is screen and screen.stage == "preset"
    screen._click_die(screen.sides[0], 0)
    key(app, pygame.K_RETURN)  # Roll
    assert isinstance(app.top, DiceTray) and app.top.roll.kinds == ("kc-black",)
    use_dice_trays(app)
    assert screen.sides[0].die_rolls()[0] == DieRoll("1", (6,), preset=True)
    notes = [h.note for h in session.history]
    assert "Bloodguard presets the die on token 1 to 6 (Targeting)" in notes
    assert any("set by Targeting" in line for line in screen.preview())
    ((_, lines),) = screen.sides[0].explain(screen.sides[0].roll)
    assert "not thrown: green 6: Hit (set by Targeting)" in lines


def test_dice_tray_words_each_die_the_joust_way(app):
    from dataclasses import replace

    from tabletop.dice.roll import roll_showing
    from tabletop.ui.controllers.joust_tray import Side

    house = app.session.state.household("Bloodguard")
    wren = replace(house.knight("Dame Wren"), favor="ruse")
    side = Side("Bloodguard", wren, app.session.state, ["1", "fealty"], ["green", "black"],
                seed=0)
    roll = roll_showing(["green", "black"], ["4", "6"], seed=2)
    ((heading, lines),) = side.explain(roll)
    assert heading == "Dame Wren (House Bloodguard)"
    assert "die 1: green 4: Hit" in lines  # Ruse: green hits on 4
    assert "Aftershock: Enter throws the Fealty Die again" in lines
    resolved = resolve_aftershocks(roll)
    ((_, lines),) = side.explain(resolved)
    assert any(line.startswith("die 3: black ") and line.endswith("(Aftershock roll)")
               for line in lines)
    corvin = replace(house.knight("Sir Corvin"), favor="heros-fate")
    side = Side("Bloodguard", corvin, app.session.state, ["1", "fealty"], ["green", "black"],
                seed=0)
    rerolled, words = side.reroll_rule(roll_showing(["green", "black"], ["2", "3"], seed=2), {0})
    assert words == "Squire Reroll (green)"
    ((_, lines),) = side.explain(rerolled)
    assert lines[1].endswith("(rerolled from 2 by the Squire Reroll)")
    assert lines[-1] == "rerolls left: Hero's Fate reroll: click dice, then R"


def _drawn_words(app, size):
    """Every line of text drawn in one frame of ``app`` at ``size`` (the text layer's
    record)."""
    from tabletop.ui import textlayer

    app.draw(pygame.Surface(size))
    return [d.words for d in textlayer.drawn()]


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1920, 1080)])
def test_every_favor_chip_is_drawn_on_its_card_at_every_size(size):
    pygame.font.init()
    game, state = layouts.load(ROOT / "joust-mid-joust.toml")
    app = App(Session(game, state), size)
    app.screen.reveal = True
    app.draw(pygame.Surface(size))
    board = app.areas.board
    for house in state.households:
        for knight in house.knights:
            chips = [h for h in app.screen.hits if h.kind == "favor" and h.knight == knight.name]
            assert sorted(h.favor for h in chips) == sorted(knight.favors), knight.name
            assert all(board.contains(h.rect) for h in chips), knight.name
    assert all(board.contains(h.rect) for h in app.screen.hits)


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_the_list_shows_each_revealed_knights_whole_name(size):
    pygame.font.init()
    game, state = layouts.load(ROOT / "joust-mid-joust.toml")
    app = App(Session(game, state), size)
    app.screen.reveal = True
    drawn = _drawn_words(app, size)
    revealed = [name for house in state.households for name in house.order[:state.revealed]]
    assert revealed and all(name in drawn for name in revealed)
    assert not any(w.endswith("…") for w in drawn if any(w[:-1] in n for n in revealed))


def test_the_tableau_grows_with_the_window():
    pygame.font.init()
    game, state = layouts.load(ROOT / "joust-first-round.toml")
    heights = []
    for size in ((1280, 800), (1920, 1080)):
        app = App(Session(game, state), size)
        app.draw(pygame.Surface(size))
        band = next(h for h in app.screen.hits if h.kind == "knight")
        slot = next(h for h in app.screen.hits if h.kind == "slot")
        heights.append((band.rect.height, slot.rect.height))
    assert heights[1][0] > heights[0][0] and heights[1][1] > heights[0][1]


def test_crowns_are_placed_from_one_menu_naming_the_house():
    from tabletop.ui.widgets.choice_menu import ChoiceMenu

    pygame.font.init()
    game, state = layouts.load(ROOT / "joust-mid-joust.toml")
    app = App(Session(game, state), SIZE)
    app.screen.reveal = True
    labels = [b.label for b in app.screen.buttons()]
    assert "Place Crowns" in labels and not any(label.startswith("Crown (") for label in labels)
    key(app, pygame.K_c)
    menu = app.top
    assert isinstance(menu, ChoiceMenu)
    houses = {label.split(":")[0] for label, _ in menu.options}
    assert houses == {h.name for h in state.households if h.crowns}
    press_first = menu.options[0][1]
    key(app, pygame.K_1)
    assert app.session.state.household(press_first.house).crowns == \
        state.household(press_first.house).crowns - 1


def test_every_legend_row_is_drawn_whole_in_the_smallest_window():
    """Too small a window for the panel's facts and legend: the panel scrolls (the wheel over
    it) and, scrolled to its end, has shown every legend row whole, none cut."""
    size = (640, 420)
    pygame.font.init()
    game, state = layouts.load(ROOT / "joust-mid-joust.toml")
    app = App(Session(game, state), size)
    app.screen.reveal = True
    from tabletop.ui import textlayer

    def panel_words():
        app.draw(pygame.Surface(size))
        return {d.words for d in textlayer.drawn() if app.areas.panel.contains(d.rect)}

    seen = panel_words()
    body = app.panel_body
    assert body.scrolls
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=body.rect.center, rel=(0, 0),
                                    buttons=(0, 0, 0)))
    for _ in range(30):
        app.dispatch(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        seen |= panel_words()
    assert not any(w.endswith("…") for w in seen)
    text = " ".join(seen)
    for _, meaning in app.screen.legend():
        assert all(word in text for word in meaning.split()), meaning


def test_an_ability_cards_die_is_thrown_in_the_tray_and_scored():
    """Placing Ability Cards: a card that adds a die (Shattered Lance: one more red die) has it
    thrown in the joust's dice tray with the Knight's own, and the joust is applied."""
    pygame.font.init()
    game, state = layouts.load(ROOT / "joust-first-round.toml")
    house = state.household("Bloodguard")
    state = state.with_household(replace(house, abilities=("Shattered Lance",)))
    app = App(Session(game, state), SIZE)
    session = app.session
    assert session.perform(PlaceAbility("Bloodguard", house.knights[0].name, "Shattered Lance"))
    to_the_first_joust(session)
    frame(app)
    click(app, next(b.rect.center for b in app.buttons if b.label == "Joust!"))
    screen = joust_roll(app)
    assert "ability-1" in screen.sides[0].slots and screen.sides[0].colours[-2] == "red"
    while any(isinstance(c, DiceTray) for c in app.stack):
        use_dice_trays(app)
    key(app, pygame.K_RETURN)
    frame(app)
    assert session.state.resolved == 1, session.status
    assert any("Shattered Lance" in line for line in session.log)


def test_a_joust_part_way_rolled_goes_on_in_the_tray(app):
    """A joust saved (or undone) part-way is taken up where the rules core waits: the dice
    thrown stay, a reroll chosen is thrown, and the rest is rolled in the tray."""
    from tabletop.games.joust.actions import PlaceDie, Reroll, Throw

    session = app.session
    b, e = "Bloodguard", "Echelon"
    for action in (PlaceDie(b, "Sir Corvin", "1", "green", True), PlaceDie(b, "Sir Corvin",
                                                                           "Lance", "green"),
                   ChooseFavor(b, "Sir Corvin", "heros-fate"), ChooseFavor(b, "Sir Aldric", "hit"),
                   ChooseFavor(b, "Dame Wren", "ruse"),
                   SetOrder(b, ("Sir Corvin", "Sir Aldric", "Dame Wren")), Ready(b),
                   ChooseFavor(e, "Dame Isolde", "block"), ChooseFavor(e, "Sir Bertram", "hit"),
                   ChooseFavor(e, "Dame Maud", "ruse"),
                   SetOrder(e, ("Sir Bertram", "Dame Isolde", "Dame Maud")), Ready(e), Reveal(),
                   Throw(b, (("1", 2), ("Lance", 1), ("fealty", 6))),
                   Reroll(b, "heros-fate", ("Lance",))):
        assert session.perform(action), session.status
    saved = layouts.loads(layouts.dumps(session.state))[1]
    window = App(Session(session.game, saved), SIZE)
    window.screen.open_tray()
    tray = window.stack[-2]
    assert isinstance(window.top, DiceTray) and isinstance(tray, JoustTray)
    assert window.top.roll.faces[:1] == (1,)  # green 2 (face index 1) stays thrown
    assert window.session.state.throw.rerolling == ()  # the chosen reroll was thrown
    use_dice_trays(window)
    assert window.session.state.resolved == 1, window.session.status
    corvin = tray.sides[0].die_rolls()
    assert corvin[1].rerolls == ("heros-fate",) and corvin[2].faces == (6,)
    assert corvin[2].aftershocks  # the Fealty 6's Aftershocks were thrown in the tray


@pytest.mark.parametrize("cards", [("Shattered Lance", "Brace"), ("Showmanship", "Hard Strike")])
def test_placing_ability_cards_the_tray_scores_the_cards_hits_blocks_and_pips(cards):
    """Placing Ability Cards: "Ability Cards will affect the joust based on the text on the
    card" (more hits, hits blocked of the rival, pips added): the dice tray's totals are the
    joust's own score, the same hits and pips the applied joust logs."""
    from tabletop.games.joust.events import KnightScored

    pygame.font.init()
    game, state = layouts.load(ROOT / "joust-first-round.toml")
    for house, card in zip(("Bloodguard", "Echelon"), cards, strict=True):
        state = state.with_household(replace(state.household(house), abilities=(card,)))
    app = App(Session(game, state), SIZE)
    session = app.session
    for house, card in zip(("Bloodguard", "Echelon"), cards, strict=True):
        knight = session.state.household(house).knights[0].name
        assert session.perform(PlaceAbility(house, knight, card)), session.status
    to_the_first_joust(session)
    start = session.state
    frame(app)
    click(app, next(b.rect.center for b in app.buttons if b.label == "Joust!"))
    screen = joust_roll(app)
    while any(isinstance(c, DiceTray) for c in app.stack):
        use_dice_trays(app)
    words = {side.house: side.explain(side.roll)[0][1] for side in screen.sides}
    whole = Joust(tuple(KnightRoll(side.house, side.die_rolls()) for side in screen.sides))
    after, events = session.game.apply(start, whole)
    assert after == session.state  # the tray's steps scored the joust as the whole joust does
    for scored in (e for e in events if isinstance(e, KnightScored)):
        lines = words[scored.house]
        total = next(line for line in lines if line.startswith("score: "))
        assert total.startswith(f"score: {scored.hits} hit"), (total, scored)
        assert f", {scored.pips} pips" in total, (total, scored)
        assert any(line.startswith("Ability Card ") for line in lines)
    b_scored, e_scored = (next(e for e in events if isinstance(e, KnightScored)
                               and e.house == h) for h in ("Bloodguard", "Echelon"))
    if "Shattered Lance" in cards:
        assert "(+1 from the Hit Favor Action, +1 from the Ability Card)" in " ".join(
            words["Bloodguard"])
        assert "the Ability Card blocks 1 of the rival's hits" in words["Echelon"]
        assert "Block and Ability Card" in session.game.describe(b_scored)
    else:
        assert "(+3 from the Ability Card)" in " ".join(words["Bloodguard"])
        assert "+1 from the Ability Card" in " ".join(words["Echelon"])
        assert "(+3 from the Ability Card)" in session.game.describe(b_scored)
        assert "+1 from the Ability Card" in session.game.describe(e_scored)


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_the_knights_cards_stay_put_while_the_pool_empties_and_the_hand_fills(size):
    """A House's strip keeps two lines' height, so its Knights' slots do not move under the
    cursor when a die leaves the Dice Pool or a card comes into the hand."""
    from tabletop.ui.views.joust import draw_joust

    _, state = layouts.load(Path(__file__).resolve().parent.parent / "layouts"
                            / "joust-first-round.toml")
    pygame.font.init()

    def slots(view):
        hits = draw_joust(pygame.Surface(size), pygame.Rect(0, 0, size[0] - 300, size[1] - 60),
                          view)
        return {(h.house, h.knight, h.slot): h.rect.topleft for h in hits if h.kind == "slot"}

    full = tuple(replace(h, pool=h.pool * 2, hand=state.households[0].hand * 3)
                 for h in state.households)  # a long strip: it wraps onto a second line
    empty = tuple(replace(h, pool=(), hand=()) for h in state.households)
    assert slots(state) and slots(replace(state, households=full)) == \
        slots(replace(state, households=empty))


def test_no_word_or_tooltip_of_the_board_shows_through_a_hand_over():
    """The hand-over sheet takes the board's words and tooltips out of the frame: a tooltip
    ("green die" on a secret slot) never shows over it."""
    from tabletop.ui import textlayer

    pygame.font.init()
    game, state = layouts.load(ROOT / "joust-first-round.toml")
    app = App(Session(game, state), (1280, 800))
    app.draw(pygame.Surface((1280, 800)))
    app.update(16)
    app.draw(pygame.Surface((1280, 800)))
    assert isinstance(app.top, HandOver)
    board = app.areas.board
    under = [d.full for d in textlayer.drawn() if board.colliderect(d.rect)]
    assert under and all(w in (app.top.headline, *app.top.detail.split()) or
                         w in app.top.detail for w in under)
    assert not any(textlayer.tip_at(d.rect.center) for d in textlayer.drawn()
                   if board.colliderect(d.rect))


def test_no_button_offers_a_fourth_joust():
    """With the three jousts revealed, the Reveal button says so instead of "joust 4"."""
    game, state = layouts.load(ROOT / "joust-mid-joust.toml")
    state = replace(state, revealed=3, resolved=3)
    labels = [b.label for b in JoustController(Session(game, state)).buttons()]
    assert "All jousts revealed" in labels and not any("joust 4" in x for x in labels)


def test_the_turn_ending_buttons_of_the_phases_take_the_fixed_place():
    """Pass (Worker Phase) and End turn (Ennoblement) go beside Undo, Redo and Save, where
    every screen's turn-ending control is."""
    from tabletop.ui.controllers import joust_phases

    game, state = layouts.load(ROOT / "joust-first-round.toml")
    controller = JoustController(Session(game, replace(state, phase="worker",
                                                       turn=state.households[0].name)))
    ends = [b.label for b in joust_phases.phase_buttons(controller) if b.slot == "end"]
    assert ends == ["Pass"]


def test_the_trays_keys_line_offers_no_reroll_when_none_is_left():
    """The keys line under a joust's dice offers re-rolls only while the Knight has one."""
    from tabletop.ui import textlayer

    pygame.font.init()
    game, state = layouts.load(ROOT / "joust-mid-joust.toml")
    roll = roll_dice(["kc-white", "kc-black"], 5)
    for left, offered in ((True, True), (False, False)):
        tray = DiceTray(Session(game, state), ["kc-white", "kc-black"], seed=5, fixed=True,
                        can_reroll=lambda r, left=left: left)
        tray.roll = roll
        surface = pygame.Surface((800, 100))
        textlayer.begin_frame(surface)
        tray._draw_hints(surface, pygame.Rect(0, 0, 800, 60))
        words = " ".join(d.full for d in textlayer.drawn())
        assert ("R re-roll" in words) is offered and "Enter use this roll" in words


def _jousting_buttons(state):
    game = layouts.load(ROOT / "joust-mid-joust.toml")[0]
    return {b.label: b.enabled for b in JoustController(Session(game, state)).buttons()
            if b.label in ("Joust!", "End round") or b.label.startswith(("Reveal", "All"))}


def test_jousting_buttons_are_enabled_only_when_the_rules_core_allows_their_action():
    """Joust!, Reveal and End round follow the rules core's legal actions: after a joust is
    scored Joust! is off (the next must be revealed); while a choice waits (a Perk a King's
    Crown left, say) none of them is on; part-way through a joust Joust! goes on with it."""
    from tabletop.games.joust.actions import Throw
    from tabletop.games.joust.state import Pending
    from tabletop.games.joust.throws import next_step

    game, state = layouts.load(ROOT / "joust-mid-joust.toml")
    session = Session(game, state)
    assert _jousting_buttons(state) == {"Reveal joust 3": False, "Joust!": True,
                                        "End round": False}
    house = state.initiative
    step = next_step(state)
    assert session.perform(Throw(house, tuple((slot, 2) for slot in step.slots)))
    assert session.state.throw is not None and _jousting_buttons(session.state)["Joust!"]
    scored = replace(state, resolved=2, throw=None)
    assert _jousting_buttons(scored) == {"Reveal joust 3": True, "Joust!": False,
                                         "End round": False}
    waiting = replace(state, pending=(Pending(house, "advance", "Rally", 1, "a Crown"),))
    assert not any(_jousting_buttons(waiting).values())
    done = replace(state, revealed=3, resolved=3)
    assert _jousting_buttons(done) == {"All jousts revealed": False, "Joust!": False,
                                       "End round": True}


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_the_list_shows_a_joust_part_way_rolled(size):
    """A joust rolled in steps shows on The List as it goes: the first Knight's dice thrown so
    far, each with its face (the Fealty 6 and its reroll), the rival's "not thrown yet", and
    the step the rules core waits for named in the row of the Household it concerns, every
    word whole."""
    from tabletop.games.joust.actions import PlaceDie, Throw
    from tabletop.games.joust.throws import next_step, waiting_words
    from tabletop.ui import textlayer
    from tabletop.ui.controllers.joust import rolled_so_far

    game, state = layouts.load(ROOT / "joust-first-round.toml")
    session = Session(game, state)
    b = "Bloodguard"
    knight = session.state.household(b).knights[0].name
    assert session.perform(PlaceDie(b, knight, "1", "white"))
    to_the_first_joust(session)
    assert rolled_so_far(session.state) is None  # revealed, nothing thrown: nothing to show
    assert next_step(session.state).slots == ("1", "fealty")
    assert session.perform(Throw(b, (("1", 3), ("fealty", 6))))
    rolled = rolled_so_far(session.state)
    assert [(c, d.face) for c, d in rolled.of(b)] == [("white", 3), ("black", 6)]
    assert rolled.of("Echelon") == () and rolled.house == b
    window = App(session, size)
    window.draw(pygame.Surface(size))
    drawn = textlayer.drawn()
    words = " ".join(d.words for d in drawn)
    assert "Rolled so far" in words and "not thrown yet" in words
    step = waiting_words(next_step(session.state))
    assert "next: " + step.split()[0] in words and step.split()[-1] in words
    assert not [d.words for d in drawn if d.shortened and d.words.endswith("…")]
