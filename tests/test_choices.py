"""The "always ask" rule: every game's actions say which of their fields are the player's
choices, and the window asks them even when only one form is legal (unless the player turned
on auto-resolve forced choices and the choice is truly forced)."""

from __future__ import annotations

import dataclasses
import importlib
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from tabletop.games import layouts
from tabletop.games.almokon.actions import PlayCard
from tabletop.games.almokon.wording import form_words
from tabletop.games.choices import declared, involved, must_ask
from tabletop.ui.app import App
from tabletop.ui.session import Session
from tabletop.ui.widgets.choice_menu import ChoiceMenu
from tabletop.ui.widgets.handover import HandOver

ROOT = Path(__file__).resolve().parent.parent / "layouts"
GAMES = ("almokon", "clash", "fateforge", "joust", "kingdom")
PARTS = {"Weapon", "Event", "DieRoll", "KnightRoll"}
"""Values inside actions (a weapon, a die of a roll) or events, not actions themselves."""


def action_types(game: str) -> list[type]:
    module = importlib.import_module(f"tabletop.games.{game}.actions")
    return [kind for kind in vars(module).values()
            if isinstance(kind, type) and dataclasses.is_dataclass(kind)
            and kind.__module__ == module.__name__ and kind.__name__ not in PARTS]


@pytest.mark.parametrize("game", GAMES)
def test_every_action_type_declares_its_players_choices(game):
    kinds = action_types(game)
    assert kinds
    for kind in kinds:
        fields = {f.name for f in dataclasses.fields(kind)}
        for choice in declared(kind):
            assert choice.field in fields, (kind.__name__, choice.field)
            assert choice.words


@pytest.mark.parametrize("path", sorted(ROOT.glob("*.toml")), ids=lambda p: p.stem)
def test_every_legal_action_of_every_shipped_board_says_its_choices(path):
    game, state = layouts.load(path)
    for action in list(game.legal_actions(state))[:400]:
        chosen = involved(action)  # raises for a type that declares nothing
        if chosen:
            assert must_ask([action])  # one legal form, still asked
            forced = not any(c.may for c in chosen)
            assert must_ask([action], auto_forced=True) is not forced


def test_the_rule_in_words():
    golem = PlayCard("Aria", "siege-golem", imbue=("berserker-chief",))
    plain = PlayCard("Aria", "hammerfall-militia")
    aimed = PlayCard("Aria", "iron-blade", target="varro")
    assert must_ask([golem]) and must_ask([golem], auto_forced=True)  # a "may": always
    assert not must_ask([plain])  # nothing to choose
    assert must_ask([plain, golem])  # two forms
    assert must_ask([aimed]) and not must_ask([aimed], auto_forced=True)  # truly forced
    assert not must_ask([aimed], chosen=("target",))  # the click chose it
    assert not must_ask([])


def golem_app(ap: int = 4) -> App:
    pygame.font.init()
    game, state = layouts.load(ROOT / "almokon-opening.toml")
    aria = state.players[0]
    hand = (*aria.hand, "siege-golem")
    deck = tuple(u for u in aria.deck if u != "siege-golem")
    players = (replace(aria, hand=hand, deck=deck, ap=ap), *state.players[1:])
    app = App(Session(game, replace(state, players=players)), (1280, 800))
    app.update(16)
    assert isinstance(app.top, HandOver)
    app.top.on_done()
    app.pop(app.top)
    return app


def test_siege_golem_asks_which_card_to_discard_even_with_one_legal_form():
    app = golem_app(ap=4)
    screen = app.screen
    before = app.session.state
    forms = screen.group_actions(("play", "siege-golem"))
    assert len(forms) == 1 and forms[0].imbue == ("berserker-chief",)
    screen.start(("play", "siege-golem"))
    assert app.session.state is before  # nothing paid, nothing discarded
    menu = app.top
    assert isinstance(menu, ChoiceMenu)
    assert [label for label, _ in menu.options] == [
        "Play Siege Golem: discard Berserker Chief for Imbue (-3 AP), pay 4 AP"]
    assert menu.notes == ["Paying the full 7 AP without Imbue is not possible: Aria has 4 AP."]
    app.auto_forced = True  # a "may" is never auto-resolved
    app.pop(menu)
    screen.start(("play", "siege-golem"))
    assert isinstance(app.top, ChoiceMenu) and app.session.state is before


def test_siege_golem_with_ap_for_the_full_cost_offers_paying_without():
    app = golem_app(ap=7)
    app.screen.start(("play", "siege-golem"))
    labels = [label for label, _ in app.top.options]
    assert "Play Siege Golem: discard nothing, pay 7 AP" in labels
    assert len(labels) == 2


def test_menu_labels_name_cards_never_by_id():
    app = golem_app(ap=7)
    state = app.session.state
    for action in app.screen.legal():
        words = form_words(state, action)
        for uid in state.all_uids():
            if "-" in uid:
                assert uid not in words, (uid, words)
