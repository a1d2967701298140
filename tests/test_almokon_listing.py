"""Almokon's legal actions as families (:mod:`tabletop.games.almokon.listing`): on random small
boards, and along random playouts from them, the families hold exactly the actions of the full
enumeration they replaced (``almokon_full_listing``), in the same order; counting, indexing
and ``in`` agree with that list; and on a board at the layout limits the window's first
menus are built from a few families, not from 600,000 actions."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from almokon_full_listing import full_listing
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from set_boards import imbue_board, kinship_board
from test_almokon_board import board, board_data

from tabletop.errors import LayoutError
from tabletop.games import layouts
from tabletop.games.almokon import listing, rules
from tabletop.games.almokon.actions import Attack, Choose, GainAP, PlayCard
from tabletop.games.almokon.layout import MAX_IN_PLAY, _zones_for
from tabletop.games.almokon.listing import Listing, Orders, Product
from tabletop.games.almokon.state import Choice
from tabletop.games.layoutfile import to_toml
from tabletop.spatial.zones import REACH_RULES

CATALOG = board().catalog
IN_PLAY = sorted(uid for uid in CATALOG.ids()
                 if _zones_for(CATALOG[uid]) and CATALOG[uid].type not in ("monarch", "capitol"))
PLAYABLE = sorted(uid for uid in CATALOG.ids() if CATALOG[uid].type not in ("monarch", "capitol"))
CHOSEN_OFTEN = ("hammerfall-militia", "berserker-chief", "iron-sentinel", "drill-yard",
                "siege-golem", "marine-boarders", "ironclad-galley")
"""Cards with Kinship, Frenzy, Guardian, Command, Imbue and Crew, drawn more often than the
rest so that every choice of a family turns up."""


def _card(pool):
    return st.sampled_from([c for c in CHOSEN_OFTEN if c in pool]) | st.sampled_from(pool)


@st.composite
def small_boards(draw):
    """A board of up to nine more cards in play beside the four leaders, up to six cards in
    each hand, some AP, a reach rule; layouts the loader refuses (two Unique copies) are
    skipped."""
    lines = []
    for _ in range(draw(st.integers(0, 9))):
        card = draw(_card(IN_PLAY))
        zone = draw(st.sampled_from(_zones_for(CATALOG[card])))
        owner = draw(st.sampled_from(("Aria", "Brannoc")))
        flags = " exhausted" if draw(st.integers(0, 3)) == 0 else ""
        flags += " damage=1" if draw(st.booleans()) else ""
        lines.append(f"{owner} {card} {zone}{flags}")
    hands = [draw(st.lists(_card(PLAYABLE), max_size=6)) for _ in range(2)]
    aps = [draw(st.integers(0, 9)) for _ in range(2)]
    data = board_data(*lines, aria={"ap": aps[0], "hand": hands[0], "deck": PLAYABLE[:4]},
                      brannoc={"ap": aps[1], "hand": hands[1], "deck": PLAYABLE[4:8]},
                      turn=draw(st.sampled_from(("Aria", "Brannoc"))),
                      rules={"reach": draw(st.sampled_from(sorted(REACH_RULES))),
                             "responses": draw(st.sampled_from(("always", "when-able"))),
                             "exhausted_abilities": draw(st.sampled_from(
                                 ("none", "non-exhausting")))})
    try:
        return layouts.loads(to_toml(data), "<random>")[1]
    except LayoutError:
        assume(False)


def _agrees(state) -> list:
    """The families and the full enumeration hold the same actions in the same order, and
    ``len``, indexing and ``in`` say what the full list says; returns the full list."""
    full = full_listing(state)
    families = rules.legal_actions(state)
    assert list(families) == full
    assert len(families) == len(full) and families == full
    assert all(families[i] == action for i, action in enumerate(full))
    for action in full[:40]:
        assert action in families
        for near in _neighbours(action):
            assert (near in families) == (near in full), near
    return full


def _neighbours(action) -> list:
    """Actions one field away from ``action``, legal or not, to try ``in`` on."""
    if isinstance(action, Attack):
        return [replace(action, frenzy=not action.frenzy), replace(action, kin=action.kin[1:]),
                replace(action, kin=action.kin[::-1]), replace(action, target="varro")]
    if isinstance(action, PlayCard):
        return [replace(action, imbue=action.imbue[1:]), replace(action, target=""),
                replace(action, as_item=not action.as_item)]
    return [replace(action, player="Nobody")] if hasattr(action, "player") else []


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.filter_too_much])
@given(state=small_boards(), seed=st.integers(0, 2**16))
def test_families_hold_exactly_the_full_enumeration(state, seed):
    """Property: on random small boards and six random steps on from each (through response
    windows, follow-up attacks and pending choices), the step-by-step families list exactly
    the actions of the old full enumeration."""
    rng = random.Random(seed)
    for _ in range(6):
        full = _agrees(state)
        if not full:
            break
        state, _events = rules.apply(state, rng.choice(full))


@pytest.mark.parametrize("characters, ap", [(5, 0), (7, 0), (40, 0), (40, 5), (40, 7),
                                            (3, 9)])
def test_imbue_sets_beyond_the_listing_bound_are_the_summary_of_the_full_enumeration(
        characters, ap):
    """Siege Golem (cost 7) beside many Characters: the discard sets that pay, made only
    when asked for, are those the full enumeration spells out."""
    state = imbue_board(characters, ap)
    assert _agrees(state)


@pytest.mark.parametrize("helpers", [3, 6, 7, 30])
def test_kinship_sets_beyond_the_listing_bound_are_the_summary_of_the_full_enumeration(
        helpers):
    assert _agrees(kinship_board(helpers))


def test_foresee_orders_are_every_permutation_without_listing_them():
    state = replace(board(), choice=Choice("foresee", 0, ("a", "b", "c", "d")))
    families = rules.legal_actions(state)
    assert families == full_listing(state)
    assert Choose("Aria", "d,c,b,a") in families and Choose("Aria", "d,c,b") not in families
    many = replace(state, choice=Choice("foresee", 0, tuple(f"c{n}" for n in range(30))))
    orders = rules.legal_actions(many)
    assert orders.count() == 265252859812191058636308480000000  # 30!
    assert orders[0] == Choose("Aria", ",".join(f"c{n}" for n in range(30)))
    assert orders[orders.count() - 1] == Choose("Aria", ",".join(f"c{n}" for n in
                                                               reversed(range(30))))
    assert Choose("Aria", ",".join(f"c{n}" for n in range(29, -1, -1))) in orders


def test_a_family_fixes_one_choice_at_a_time():
    family = Product(Attack("Aria", "m", "t1"), [("target", ("t1", "t2")),
                                                ("frenzy", (False, True)),
                                                ("kin", ((), ("h",)))])
    assert len(family) == 8 and list(family)[5] == family[5] == Attack("Aria", "m", "t2",
                                                                        False, ("h",))
    assert list(family.fix(target="t2", frenzy=True)) == [Attack("Aria", "m", "t2", True),
                                                          Attack("Aria", "m", "t2", True,
                                                                 ("h",))]
    assert family.values("target") == ("t1", "t2") and family.values("player") == ("Aria",)
    assert Listing([family, Orders("Aria", ("a", "b"))]).samples() == [
        Attack("Aria", "m", "t1"), Choose("Aria", "a,b")]


# ---------------------------------------------------------------------- the largest board
def limit_board():
    """A board at the layout limit of 200 cards in play: Aria's 60 Hammerfall Militia (each
    with 98 Kinship helpers) and 38 Berserker Chiefs (Frenzy) in the Wilderness against
    Brannoc's 98 Bicara Pikemen: 607,600 legal attacks."""
    lines = (["Aria hammerfall-militia wilderness"] * 60 + ["Aria berserker-chief wilderness"] * 38
             + ["Brannoc bicara-pikemen wilderness"] * 98)
    state = board(*lines, aria={"ap": 9})
    assert len(state.cards) == MAX_IN_PLAY
    return state


class _Counted:
    """Counts the actions :class:`~tabletop.games.almokon.listing.Product` makes (every
    action a family spells out passes through ``replace`` there)."""

    def __init__(self, patch: pytest.MonkeyPatch):
        self.made = 0
        original = listing.replace

        def counting(*args, **kwargs):
            self.made += 1
            return original(*args, **kwargs)

        patch.setattr(listing, "replace", counting)


def test_the_largest_board_opens_its_first_menus_from_families(monkeypatch):
    """The 200-card board has 607,604 legal actions; the first frame, selecting a Militia,
    lighting its targets and opening the helper picker for one target spell out one action
    of each family and that target's forms (one per Kinship set listed), not the whole
    list."""
    from tabletop.ui.app import App
    from tabletop.ui.session import Session

    state = limit_board()
    families = rules.legal_actions(state)
    # each attacker has 100 targets (the Pikemen, Rahasa and Harbour of Sels, reached from
    # the Wilderness); a Militia 100 Kinship sets (none, each of 98 helpers alone, all);
    # Gain AP, Ready All, Varro's move and his ability besides
    assert families.count() == 60 * 100 * 100 + 38 * 100 * 2 + 4
    counted = _Counted(monkeypatch)
    app = App(Session(rules_game(), state), (1280, 800))
    screen = app.screen
    screen.shown_to = state.to_act
    import pygame
    surface = pygame.Surface((1280, 800))
    app.draw(surface)
    screen.select("hammerfall-militia")
    assert screen.mode == ("attack", "hammerfall-militia")
    app.draw(surface)
    targets = screen.targets()
    assert sum(r is None for r in targets.values()) == 100
    screen.click(screen.place_rects("bicara-pikemen#5")[0].center)
    app.draw(surface)
    assert type(app.top).__name__ == "ChoiceMenu"
    # one action of each family (the "what now" hint) and the 100 forms of one target
    assert counted.made <= len(families.families) + 2 * 100, counted.made


def rules_game():
    from tabletop.games.registry import get_game
    return get_game("almokon")


def test_gain_ap_on_the_largest_board_is_found_without_the_list():
    state = limit_board()
    assert GainAP("Aria") in rules.legal_actions(state)


def test_legal_actions_query_writes_out_a_bounded_part_and_counts_the_rest():
    from tabletop.games.almokon.query import ACTIONS_LISTED
    from tabletop.games.query import ask

    state = limit_board()
    answer = ask(rules_game(), state, "legal-actions Aria")
    assert answer["count"] == rules.legal_actions(state).count() == 607_604
    assert len(answer["answer"]) == ACTIONS_LISTED
    assert answer["left_out"] == 607_604 - ACTIONS_LISTED
    assert {"card": "hammerfall-militia#2", "kind": "attack", "count": 10_000} \
        in answer["by_card"]
    one = ask(rules_game(), state, "legal-actions Aria berserker-chief#3")
    assert one["count"] == 200 and len(one["answer"]) == 200 and "left_out" not in one
    assert "Aria: berserker-chief#3 attacks rahasa with Frenzy" in one["answer"]


def test_a_foresee_of_five_cards_is_answered_card_by_card_in_the_window():
    """Five cards have 120 orders: the window asks for the top card, then the next …, with a
    line to take the last pick back, and answers with the order built."""
    import pygame
    from test_almokon_ui import frame, hand_over, press

    from tabletop.ui.app import App
    from tabletop.ui.session import Session
    from tabletop.ui.widgets.choice_menu import ChoiceMenu

    deck = ("iron-sentinel", "shock-cavalry", "ember-volley", "iron-blade", "tide-charts")
    state = replace(board(aria={"deck": list(deck)}), choice=Choice("foresee", 0, deck))
    pygame.font.init()
    app = App(Session(rules_game(), state), (1280, 800))
    hand_over(app, "Aria")
    press(app, pygame.K_c)
    menu = app.top
    assert isinstance(menu, ChoiceMenu) and menu.title == "Foresee: which card on top (of 5)?"
    assert [words for words, _ in menu.options][:2] == ["Iron Sentinel", "Shock Cavalry"]
    press(app, pygame.K_5)  # Tide Charts on top
    press(app, pygame.K_1)  # Iron Sentinel second
    assert app.top.options[-1][0] == "Take back Iron Sentinel"
    press(app, pygame.K_4)  # take it back
    assert app.top.title == "Foresee: which card at place 2 (of 5)?"
    press(app, pygame.K_3)  # Ember Volley second
    press(app, pygame.K_2)  # then Shock Cavalry
    press(app, pygame.K_2)  # then Iron Blade; Iron Sentinel goes last
    frame(app)
    after = app.session.state
    assert after.choice is None
    assert after.players[0].deck == ("tide-charts", "ember-volley", "shock-cavalry",
                                     "iron-blade", "iron-sentinel")
