"""The Almokon screen, headless: hand-over, clicks to actions and targets, hidden hands."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tabletop.errors import UsageError
from tabletop.games import layouts
from tabletop.games.almokon.view import HIDDEN
from tabletop.games.registry import get_game
from tabletop.ui.app import App
from tabletop.ui.controllers.almokon import AlmokonController
from tabletop.ui.session import Session
from tabletop.ui.widgets.choice_menu import ChoiceMenu
from tabletop.ui.widgets.handover import HandOver

ROOT = Path(__file__).resolve().parent.parent / "layouts"
SIZE = (1280, 800)


def open_app(name: str) -> App:
    pygame.font.init()
    game, state = layouts.load(ROOT / name)
    return App(Session(game, state), SIZE)


def frame(app: App) -> None:
    app.update(16)
    app.draw(pygame.Surface(SIZE))


def click(app: App, pos) -> None:
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frame(app)


def press(app: App, key: int) -> None:
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    frame(app)


def card_at(app: App, uid: str):
    for hit in app.screen.hits:
        if hit.uid == uid:
            return hit.rect.center
    raise AssertionError(f"{uid} is not drawn")


def hand_over(app: App, name: str) -> None:
    frame(app)
    assert isinstance(app.top, HandOver) and name in app.top.headline
    click(app, (300, 300))
    assert not isinstance(app.top, HandOver)


def test_screen_is_registered():
    app = open_app("almokon-midgame.toml")
    assert isinstance(app.screen, AlmokonController)


def test_hand_over_first_then_only_the_deciders_hand_is_shown():
    app = open_app("almokon-midgame.toml")
    hand_over(app, "Brannoc")
    hands = {h.owner: h.uid for h in app.screen.hits if h.place == "hand"}
    assert hands[1] != HIDDEN and hands[0] == HIDDEN


def test_click_attacker_highlights_targets_with_the_guardian_reason_then_attack():
    app = open_app("almokon-midgame.toml")
    hand_over(app, "Brannoc")
    click(app, card_at(app, "bicara-pikemen"))
    targets = app.screen.targets()
    assert targets["iron-sentinel"] is None
    assert targets["hammerfall-militia"] == \
        "Guardian in the Wilderness: attacks there must target Iron Sentinel"
    click(app, card_at(app, "hammerfall-militia"))
    assert "must target Iron Sentinel" in app.session.status
    click(app, card_at(app, "iron-sentinel"))
    # Kinship offers its helper sets in a menu, the largest first: the other Pikemen and the
    # Harbour Watch (both Guard) add their Wrath 1 each to the Pikemen's 1
    assert isinstance(app.top, ChoiceMenu)
    press(app, pygame.K_1)
    assert app.session.state.card("iron-sentinel").damage == 1 + 3
    assert app.session.state.to_act == 0


def test_buttons_for_a_hand_card_and_gain_ap_key():
    app = open_app("almokon-opening.toml")
    hand_over(app, "Aria")
    click(app, card_at(app, "hammerfall-militia"))
    labels = [b.label for b in app.screen.buttons()]
    assert "Play (1 AP)" in labels
    press(app, pygame.K_g)
    assert app.session.state.players[0].ap == 4 and app.session.state.to_act == 1


def test_screenshot_hides_hands_unless_revealed():
    app = open_app("almokon-midgame.toml")
    app.draw(pygame.Surface(SIZE))  # as tabletop screenshot: no update, no hand-over
    view = app.screen.view_state()
    assert set(view.players[0].hand) == set(view.players[1].hand) == {HIDDEN}
    assert all(h.uid == HIDDEN for h in app.screen.hits if h.place == "hand")
    app.screen.reveal = True
    assert app.screen.view_state().players[1].hand[0] == "writ-of-annulment"


def test_overlays():
    app = open_app("almokon-midgame.toml")
    app.screen.apply_overlay("legal-targets ironclad-galley")
    assert "tidewyrm" in app.screen.asked[0].picture.marked
    with pytest.raises(UsageError, match="no almokon overlay 'fog'"):
        app.screen.apply_overlay("fog")
    with pytest.raises(UsageError, match="select takes one card uid"):
        app.screen.apply_overlay("select nobody")


def test_exhausted_cards_are_drawn_on_their_side():
    app = open_app("almokon-midgame.toml")
    app.draw(pygame.Surface(SIZE))
    lying = next(h for h in app.screen.hits if h.uid == "hammerfall-militia#2").rect
    standing = next(h for h in app.screen.hits if h.uid == "hammerfall-militia").rect
    assert lying.width > lying.height and standing.height > standing.width


def test_response_window_hands_over_and_veto_cancels_by_clicks():
    from test_almokon_board import board

    state = board("Brannoc bicara-pikemen wilderness",
                  aria={"ap": 2, "hand": ["ember-volley"]},
                  brannoc={"ap": 2, "hand": ["writ-of-annulment"]})
    pygame.font.init()
    app = App(Session(get_game("almokon"), state), SIZE)
    hand_over(app, "Aria")
    click(app, card_at(app, "ember-volley"))
    button = next(b for b in app.screen.buttons() if b.label.startswith("Play"))
    button.on_click()
    frame(app)
    click(app, card_at(app, "bicara-pikemen"))
    assert app.session.state.stack  # waiting for Brannoc's answer
    hand_over(app, "Brannoc")
    click(app, card_at(app, "writ-of-annulment"))
    next(b for b in app.screen.buttons() if b.label.startswith("Play")).on_click()
    frame(app)
    after = app.session.state
    assert not after.stack and after.card("bicara-pikemen").damage == 0
    assert after.turn == 1 and any("cancelled" in line for line in app.session.log)


def _plans(app: App):
    """Each card in play as drawn: its uid, its drawn box, and the layout of its words."""
    from tabletop.ui.views.almokon import _plan, face_of

    state = app.session.state
    for hit in app.screen.hits:
        card = state.card(hit.uid) if hit.place == "play" else None
        if card is None:
            continue
        face = face_of(state, hit.uid, hit.owner, card)
        w, h = (hit.rect.height, hit.rect.width) if card.exhausted else hit.rect.size
        band = max(12, w // 7) if card.exhausted else 0  # the EXHAUSTED band
        yield hit.uid, hit.rect, face, _plan(face, (h if card.exhausted else w) - band,
                                             w if card.exhausted else h)


def test_cards_show_their_whole_name_and_text_at_1920x1080():
    from test_almokon_board import board

    state = board("Brannoc silver-tongue wilderness", "Aria iron-sentinel wilderness",
                  "Aria hammerfall-militia wilderness exhausted", "Aria drill-yard realm")
    pygame.font.init()
    size = (1920, 1080)
    app = App(Session(get_game("almokon"), state), size)
    app.draw(pygame.Surface(size))
    seen = set()
    for uid, _rect, face, (big, _small, lines) in _plans(app):
        seen.add(uid)
        name = " ".join(words for words, _, _, kind in lines if kind == "name")
        assert name.replace("- ", "-") == face.name, uid  # whole, broken only at a hyphen
        assert not any("…" in words for words, *_ in lines), uid
        drawn = {words for words, *_ in lines}
        assert all(any(a.startswith(w.rstrip()) or w in a for w in drawn)
                   for a in face.abilities), uid
        assert big >= 14, f"{uid}: name drawn at {big} px"
    assert {"silver-tongue", "iron-sentinel", "hammerfall-militia", "drill-yard"} <= seen


def test_an_exhausted_card_lies_on_its_side_with_its_words_upright():
    from test_almokon_board import board

    from tabletop.ui.views.almokon import card_image, face_of

    state = board("Aria hammerfall-militia wilderness exhausted")
    pygame.font.init()
    face = face_of(state, "hammerfall-militia", 0, state.card("hammerfall-militia"))
    upright = card_image(face, (100, 130))
    lying = card_image(face, (100, 130), landscape=True)
    assert upright.get_size() == (100, 130) and lying.get_size() == (130, 100)
    # the EXHAUSTED band runs down the left edge: dark, unlike the faction colour
    assert lying.get_at((4, 50))[:3] == (24, 24, 28)
    assert upright.get_at((4, 50))[:3] != (24, 24, 28)


def test_a_dimming_reason_is_written_whole_at_960x600():
    app = open_app("almokon-one-from-21.toml")
    size = (960, 600)
    app.screen.apply_overlay("targets iron-sentinel")
    reasons = {r for r in app.screen.targets().values() if r}
    from tabletop.ui import textlayer

    app.draw(pygame.Surface(size))
    drawn = [d.words for d in textlayer.drawn()]
    for reason in reasons:
        pieces = [w for w in drawn if len(w) > 3 and w in reason]
        assert reason in " ".join(dict.fromkeys(pieces)), reason
        assert not any(w.endswith("…") and w[:-1] in reason for w in drawn), reason


def test_after_the_hand_over_the_status_line_says_who_has_the_screen():
    """The headline's "then click" does not stay in the status line once clicked."""
    app = open_app("almokon-midgame.toml")
    frame(app)
    assert app.session.status == "Pass to Brannoc, then click"
    hand_over(app, "Brannoc")
    assert app.session.status == "Brannoc has the screen and takes an action."


def test_buttons_that_give_up_a_card_for_good_say_so():
    """Liquidate discards the card from the hand and Harvest disposes of the card in play:
    both labels say it before the click (consequences on the button)."""
    from tabletop.ui.controllers.almokon_facts import group_label

    game, state = layouts.load(ROOT / "almokon-midgame.toml")
    vineyards = next(c.uid for c in state.cards if state.definition(c.uid).name ==
                     "Terraced Vineyards")
    assert group_label(state, ("ability", vineyards, 0)) == \
        "Harvest (0 AP, card disposed of)"
    uid = next(u for u in state.players[1].hand if state.definition(u).liquidate)
    assert group_label(state, ("liquidate", uid)).startswith("Liquidate: discard, +")


def test_a_cards_actions_take_a_row_each_play_first_with_whole_words():
    """The selected card's actions have their own area, one to a row: Play always first,
    Liquidate last, and no label cut."""
    from tabletop.ui import textlayer

    app = open_app("almokon-midgame.toml")
    hand_over(app, "Brannoc")
    screen = app.screen
    uid = next(u for u in app.session.state.players[1].hand
               if {g[0] for g in screen.groups_for(u)} >= {"play", "liquidate"})
    click(app, card_at(app, uid))
    frame(app)
    labels = [b.label for b in app.buttons]
    play = next(i for i, label in enumerate(labels) if label.startswith("Play"))
    liquidate = next(i for i, label in enumerate(labels) if label.startswith("Liquidate"))
    assert play < liquidate
    assert app.buttons[play].rect.width == app.buttons[liquidate].rect.width
    assert app.buttons[play].rect.width > 2 * app.buttons[0].rect.width
    assert not any(d.shortened for d in textlayer.drawn() if "Liquidate" in d.full)


def test_the_frenzy_form_says_what_it_costs_before_the_choice():
    """Frenzy makes the attacker's Vigor 1 until the end of combat: the menu line says that
    any return damage destroys it."""
    from tabletop.games.almokon.actions import Attack
    from tabletop.ui.facades.almokon import form_words

    game, state = layouts.load(ROOT / "almokon-midgame.toml")
    chief = next(c.uid for c in state.cards if state.definition(c.uid).has("frenzy"))
    target = next(c.uid for c in state.cards if c.owner != state.card(chief).owner)
    words = form_words(state, Attack(state.players[0].name, chief, target, frenzy=True))
    assert "with Frenzy (+2 Wrath; any return damage destroys it)" in words


def test_a_menu_replaces_a_stale_refusal_in_the_status_line():
    """A red refusal from an earlier click does not stay beside a menu that asks now."""
    app = open_app("almokon-midgame.toml")
    hand_over(app, "Brannoc")
    app.session.tell("Hammerfall Militia: Guardian in the Wilderness", error=True)
    app.push(ChoiceMenu("Attack on Iron Sentinel", [("one", 1), ("two", 2)], lambda v: None))
    assert not app.session.status_error
    assert app.session.status == "Attack on Iron Sentinel: choose (1–2, Esc closes it)"


def test_a_cards_action_buttons_have_keys_1_2_3_written_on_them_and_typed():
    """Each action of the selected card is keyed 1, 2, 3 … in its order (Play first), the key
    shown on the button; typing it starts that action, as the click does; the window's
    fixed controls and the game's buttons keep their places and keys."""
    from tabletop.ui import textlayer

    app = open_app("almokon-midgame.toml")
    hand_over(app, "Brannoc")
    frame(app)
    before = {b.label: (tuple(b.rect), b.key) for b in app.buttons}
    uid = next(u for u in app.session.state.players[1].hand
               if {g[0] for g in app.screen.groups_for(u)} >= {"play", "liquidate"})
    click(app, card_at(app, uid))
    frame(app)
    card = [b for b in app.buttons if b.label not in before]
    assert [b.key for b in card] == [str(n) for n in range(1, len(card) + 1)]
    assert card[0].label.startswith("Play") and card[-1].label.startswith("Liquidate")
    drawn = {d.words for d in textlayer.drawn()}
    assert all(f"{b.label} ({b.key})" in drawn for b in card)
    assert {b.label: (tuple(b.rect), b.key) for b in app.buttons if b.label in before} == before
    press(app, getattr(pygame, f"K_{len(card)}"))  # Liquidate: its menu of what it gives up
    assert isinstance(app.top, ChoiceMenu) or app.session.state.players[1].discard != ()


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_no_card_kind_or_hint_is_cut_on_the_shipped_battlefield(size):
    """A card's faction and kind ("Conq. improvement") wrap onto a second line rather than end
    in "…", and the hint beside the top player's hand is drawn only when it fits whole (the
    side panel says it too)."""
    from pathlib import Path

    import pygame

    from tabletop.games import layouts
    from tabletop.ui import textlayer
    from tabletop.ui.app import App
    from tabletop.ui.session import Session

    pygame.font.init()
    root = Path(__file__).resolve().parent.parent / "layouts"
    game, state = layouts.load(root / "almokon-midgame.toml")
    app = App(Session(game, state), size)
    app.interactive = False
    app.draw(pygame.Surface(size))
    assert not [d.words for d in textlayer.drawn() if d.words.endswith("…")]


def test_a_small_card_shortens_a_kind_word_from_the_table_and_its_tooltip_gives_it_whole():
    """On a card too narrow for "improvement" the kind line reads "Dipl." / "improv." (the
    documented :data:`KIND_SHORT` word), never a word broken with a hyphen or ended in "…";
    pasted into a frame, the card's tooltip gives the whole kind and the faction's name."""
    from tabletop.ui import textlayer
    from tabletop.ui.views.almokon import KIND_SHORT, Face, card_image

    pygame.font.init()
    face = Face(name="Harbour Wall", kind="Dipl. improvement", cost="3", faction="diplomacy",
                owner=0, keywords=(), abilities=(), items=(), marks=(),
                numbers=(("W0", (255, 255, 255)), ("V4", (255, 255, 255))))
    allowed = {*face.kind.split(), *KIND_SHORT.values()}
    shortened = False
    for width in range(40, 140, 6):
        image = card_image(face, (width, width * 7 // 5))
        frame_ = pygame.Surface((200, 200))
        textlayer.begin_frame(frame_)
        textlayer.paste(frame_, image, (0, 0))
        words = [w for d in textlayer.drawn() for w in d.words.split()]
        assert not [w for w in words if w.endswith("…")], (width, words)
        kind_words = [w for w in words if w in allowed or w.startswith(("impro", "Dip"))]
        assert set(kind_words) <= allowed, (width, kind_words)
        if "improv." in kind_words:
            shortened = True
            tip = textlayer.tip_at((width // 2, width // 2))
            assert tip is not None and "Dipl. improvement (Diplomacy)" in tip[1], width
    assert shortened, "no width shortened the kind"


def test_the_heading_says_what_to_do_with_the_selected_card_not_to_click_one():
    """With Hammerfall Militia selected in hand the panel's heading (and the strip by the
    hand) says to choose its action on the right by its keys, not "click one of your cards";
    a card of the opponent's says it has nothing to do now; Esc brings the first words back."""
    app = open_app("almokon-opening.toml")
    hand_over(app, "Aria")
    assert app.screen.panel_lines()[0] == "Aria: click one of your cards"
    click(app, card_at(app, "hammerfall-militia"))
    actions = len(app.screen.groups_for("hammerfall-militia"))
    keys = "key 1" if actions == 1 else f"keys 1-{actions}"
    assert app.screen.panel_lines()[0] == (f"Aria: Hammerfall Militia selected: choose its "
                                           f"action on the right ({keys}), or click another "
                                           f"card")
    theirs = next(h.uid for h in app.screen.hits if h.owner == 1 and h.place == "play")
    click(app, card_at(app, theirs))
    assert app.screen.panel_lines()[0] == (f"Aria: {app.session.state.name_of(theirs)} has "
                                           f"nothing to do now: click another of your cards")
    press(app, pygame.K_ESCAPE)
    assert app.screen.panel_lines()[0] == "Aria: click one of your cards"


def test_the_card_zoom_goes_when_a_menu_opens_and_follows_the_pointer_after():
    """The zoom of the card under the pointer is drawn while the board takes the pointer; a
    menu opened on top (here by a key, the pointer not moved) shows other things, so the zoom
    goes; after the menu, it is drawn where the pointer is now, not where it was."""
    from tabletop.ui import textlayer
    from tabletop.ui.controllers.almokon_facts import card_lines

    app = open_app("almokon-opening.toml")
    hand_over(app, "Aria")
    pos = card_at(app, "hammerfall-militia")
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frame(app)
    zoom = card_lines(app.session.state, "hammerfall-militia")[0]
    assert zoom in [d.words for d in textlayer.drawn()]
    menu = ChoiceMenu("Pick one", [("first", 1), ("second", 2)], lambda value: None)
    app.push(menu)
    frame(app)
    assert zoom not in [d.words for d in textlayer.drawn()]
    away = (pos[0], 5)  # the pointer moves while the menu is open, then the menu closes
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(0, 0), buttons=(0, 0, 0)))
    app.pop(menu)
    frame(app)
    assert zoom not in [d.words for d in textlayer.drawn()]


# ---------------------------------------------------------------------- sets card by card
def open_state(state) -> App:
    pygame.font.init()
    return App(Session(get_game("almokon"), state), SIZE)


def menu_lines(app: App) -> list[str]:
    return [label for label, _ in app.top.options]


def pick(app: App, start: str) -> None:
    """Choose the menu line starting with ``start`` (by its number key)."""
    number = next(n for n, line in enumerate(menu_lines(app)) if line.startswith(start))
    press(app, pygame.K_1 + number)


def test_many_kinship_sets_are_picked_card_by_card():
    """Five Soldiers beside the Militia make 32 forms of the attack, more than a menu
    shows: the window starts from all five helpers and drops cards one at a time."""
    from set_boards import kinship_board
    app = open_state(kinship_board(5))
    hand_over(app, "Aria")
    click(app, card_at(app, "hammerfall-militia"))
    click(app, card_at(app, "bicara-pikemen"))
    assert isinstance(app.top, ChoiceMenu) and app.top.title == "Kinship: pick helpers"
    lines = menu_lines(app)
    assert lines[0] == "Do it: attack, 5 helpers (+11 Wrath)"
    assert sum(line.startswith("Drop ") for line in lines) == 5
    for name in ("Varro the Iron King", "Iron Sentinel", "Hammerfall Militia #2"):
        pick(app, f"Drop {name} (")
    assert menu_lines(app)[0] == "Do it: attack, 2 helpers (+5 Wrath)"
    pick(app, "Do it")
    # Militia 1 + Berserker Chief 3 + Iron Sentinel #2 2 = 6 against the Pikemen's Vigor
    assert app.session.state.card("bicara-pikemen") is None


def test_many_imbue_sets_are_picked_card_by_card_and_say_what_is_missing():
    """Siege Golem with five Characters in hand and 2 AP: 13 legal discard sets; the window
    starts from the fewest cards that pay (Berserker Chief and Captain Orsa) and says why a
    set that does not pay cannot be done."""
    from set_boards import imbue_board
    app = open_state(imbue_board(5, ap=2))
    hand_over(app, "Aria")
    click(app, card_at(app, "siege-golem"))
    press(app, pygame.K_1)  # Play
    assert isinstance(app.top, ChoiceMenu) and app.top.title == "Imbue: pick discards"
    assert menu_lines(app)[:3] == ["Do it: discard 2 (-5 AP), pay 2 AP",
                                   "Drop Berserker Chief (W3)", "Drop Captain Orsa (W2)"]
    pick(app, "Drop Captain Orsa")
    assert not menu_lines(app)[0].startswith("Do it")
    assert any(note.startswith("Not yet: costs 4 AP and you have 2") for note in app.top.notes)
    pick(app, "Add Silver-Tongue")
    pick(app, "Add Harbour Watch")
    pick(app, "Do it")
    aria = app.session.state.players[0]
    assert app.session.state.card("siege-golem") is not None and aria.ap == 0
    assert sorted(aria.discard) == ["berserker-chief", "harbour-watch", "silver-tongue"]


def test_more_helpers_than_a_page_holds_come_in_pages():
    from set_boards import kinship_board
    app = open_state(kinship_board(8))
    hand_over(app, "Aria")
    click(app, card_at(app, "hammerfall-militia"))
    click(app, card_at(app, "bicara-pikemen"))
    first = menu_lines(app)
    assert len(first) == 7 and first[-1] == "More cards (page 2 of 2)"
    pick(app, "More cards")
    second = menu_lines(app)
    assert second[-1] == "More cards (page 1 of 2)"
    shown = {line for line in first + second if line.startswith("Drop ")}
    assert len(shown) == 8
