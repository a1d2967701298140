"""The List screen, headless: hand-over between players, dice dragged onto slots, Favor chips,
the jousting order, the joust roll modal, and no secret in a screenshot unless revealed."""

from pathlib import Path

import pygame
import pytest

from tabletop.games import layouts
from tabletop.games.joust.actions import ChooseFavor, Ready, SetOrder
from tabletop.games.joust.state import HIDDEN
from tabletop.ui.app import App
from tabletop.ui.controllers.joust import JoustController
from tabletop.ui.controllers.joust_modals import HandOver
from tabletop.ui.controllers.joust_tray import JoustTray
from tabletop.ui.session import Session

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


def plan_by_mouse(app, house, dice, favors, order):
    for knight, colour in dice:
        click(app, hit(app, "pool", house, colour=colour),
              up_at=hit(app, "slot", house, knight=knight, slot="1"))
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


def test_rival_cannot_touch_while_one_household_plans(app):
    hand_over(app, "Bloodguard")
    before = app.session.state
    click(app, hit(app, "favor", "Echelon", knight="Dame Isolde", favor="block"))
    assert app.session.state is before
    assert "Bloodguard is planning" in app.session.status


def test_whole_round_by_mouse_with_secrets_kept(app):
    hand_over(app, "Bloodguard")
    plan_by_mouse(app, "Bloodguard",
                  [("Sir Aldric", "white"), ("Dame Wren", "green"), ("Sir Corvin", "white")],
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
                  [("Dame Isolde", "white"), ("Sir Bertram", "green"), ("Dame Maud", "white")],
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
    tray = app.top
    assert isinstance(tray, JoustTray)
    for _ in range(2):  # Resolve, then Done
        app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                        unicode="\r"))
        frame(app)
    assert app.session.state.resolved == 1
    assert any(" rolls: " in line and "Pip count" in line for line in app.session.log)


def test_heros_fate_reroll_and_mark_of_the_church_in_the_tray(app):
    from tabletop.games.joust.actions import PlaceDie, Reveal

    session = app.session
    b, e = "Bloodguard", "Echelon"
    for action in (PlaceDie(b, "Sir Corvin", "1", "white"), PlaceDie(b, "Sir Corvin", "Lance",
                                                                     "green"),
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
    corvin = tray.sides[0]
    assert [label for label, _ in corvin.rerolls()][0] == "Hero's Fate reroll"
    corvin.selected = {0, 2}
    tray._reroll(corvin, corvin.rerolls()[0][1])
    assert corvin.rerolls() == [("Squire reroll (white)", "Squire Reroll")]
    tray._advance()  # resolve the Aftershocks
    bertram = tray.sides[1]
    tray._button("convert", (bertram, 1))
    words = " ".join(tray.preview())
    assert "Sir Corvin (Bloodguard) rolls:" in words
    rolled = {d.slot: d for d in tray.action().rolls[0].dice}
    assert rolled["1"].rerolls == ("heros-fate",) and rolled["fealty"].rerolls == ("heros-fate",)
    tray._advance()  # Done
    assert session.state.resolved == 1, session.status
    assert app.top is not tray


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
    from tabletop.games.joust.actions import Reveal
    from tabletop.ui.widgets.dice_tray import DiceTray

    session = app.session
    for house in ("Bloodguard", "Echelon"):
        for knight, favor in zip(("Sir Aldric", "Dame Wren", "Sir Corvin") if house ==
                                 "Bloodguard" else ("Dame Isolde", "Sir Bertram", "Dame Maud"),
                                 ("hit", "ruse", "hit") if house == "Bloodguard" else
                                 ("block", "hit", "ruse"), strict=True):
            assert session.perform(ChooseFavor(house, knight, favor)), session.status
        names = [k.name for k in session.state.household(house).knights]
        assert session.perform(SetOrder(house, tuple(names)))
        assert session.perform(Ready(house))
    assert session.perform(Reveal())
    quick = JoustTray(session, seed=5)
    animated = JoustTray(session, seed=5)
    app.push(animated)
    animated.throw_in_tray()
    for _ in range(8):
        if not isinstance(app.top, DiceTray):
            break
        app.update(10_000)
        app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                        unicode="\r"))
        app.update(10_000)
        app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                        unicode="\r"))
        app.update(0)
    assert app.top is animated and animated.stage == "resolved"
    quick._resolve()
    assert animated.action() == quick.action()


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
    """Done when: two people play the Planning and Jousting Phases of a whole game."""
    frame(app)
    for _ in range(400):
        state = app.session.state
        if state.phase == "over":
            break
        if isinstance(app.top, HandOver):
            click(app, (300, 300))
        elif isinstance(app.top, JoustTray):
            app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                            unicode="\r"))
            frame(app)
        elif app.screen.planner():
            house = state.household(app.screen.planner())
            pool = list(house.pool)
            plan_by_mouse(app, house.name,
                          [(k.name, pool.pop()) for k in house.knights if pool],
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
