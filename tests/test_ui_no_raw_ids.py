"""Names, never raw ids, in the text a player reads: the log, the status line (refusals
included), the side panel and the menus, over a stretch of play on every Almokon board (the
game whose cards have ids unlike their names), and the Fateforge dice (whose kinds have ids
unlike the players' words for them)."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from test_fateforge_ui import frame, open_app, roll_in_tray

from tabletop.dice.kinds import DATA_KINDS
from tabletop.games import layouts
from tabletop.games.almokon.actions import Attack, PlayCard
from tabletop.games.almokon.wording import form_words
from tabletop.games.fateforge.actions import RollDice
from tabletop.ui.app import App
from tabletop.ui.session import Session
from tabletop.ui.widgets.choice_menu import ChoiceMenu
from tabletop.ui.widgets.handover import HandOver

ROOT = Path(__file__).resolve().parent.parent / "layouts"


def raw_ids(state, words: str) -> list[str]:
    """The card ids (those that are not also their printed names) written in ``words``."""
    found = []
    for uid in state.all_uids():
        if uid == state.name_of(uid):
            continue
        if re.search(rf"(?<![\w-]){re.escape(uid)}(?![\w#-])", words):
            found.append(uid)
    return found


def texts(app: App) -> list[str]:
    screen = app.screen
    out = [*app.session.log, app.session.status, *screen.panel_lines()]
    banner = screen.banner()
    if banner:
        out.append(banner[0])
    out += [b.label for b in app.buttons]
    if isinstance(app.top, ChoiceMenu):
        out += [label for label, _ in app.top.options] + app.top.title.split("\n")
    return out


@pytest.mark.parametrize("name", ["almokon-midgame.toml", "almokon-opening.toml",
                                  "almokon-one-from-21.toml"])
def test_no_raw_card_id_in_any_text_a_player_reads(name):
    pygame.font.init()
    game, state = layouts.load(ROOT / name)
    app = App(Session(game, state), (1280, 800))
    seen: list[str] = []
    for step in range(25):
        app.update(16)
        if isinstance(app.top, HandOver):
            app.top.on_done()
            app.pop(app.top)
        app.draw(pygame.Surface((1280, 800)))
        now = app.session.state
        legal = list(game.legal_actions(now))
        if not legal:
            break
        seen += [form_words(now, action) for action in legal]
        # a refusal: the status line names the cards too
        player = now.players[now.to_act].name
        card = next(iter(now.all_uids()))
        app.session.perform(Attack(player, card, card))
        seen.append(app.session.status)
        app.session.perform(replace(PlayCard(player, card), target=card))
        seen.append(app.session.status)
        groups = [g for a in legal for g in app.screen.groups_for(getattr(a, "uid", ""))]
        if groups:  # a card's action started: its targets or its menu of forms
            app.screen.selected = groups[step % len(groups)][1]
            app.screen.start(groups[step % len(groups)])
            seen += texts(app)
            while app.top is not app.screen and not isinstance(app.top, HandOver):
                app.pop(app.top)
        app.session.perform(legal[(step * 7) % len(legal)])
        seen += texts(app)
    state = app.session.state
    leaks = {uid: line for line in seen for uid in raw_ids(state, line)}
    assert not leaks


FATEFORGE_DICE = [kind for kind in DATA_KINDS if kind.startswith("ff-")]


@pytest.mark.parametrize("name", ["fateforge-chapel.toml", "fateforge-allies.toml"])
def test_no_raw_die_id_in_the_fateforge_log_status_panel_or_buttons(name):
    """The Preparation roll's log line and a dice refusal name the dice as players do
    ("red", "melee weapon"), as the dice tray's results do, never ``ff-red``."""
    app = open_app(name)
    app.screen.next()
    roll_in_tray(app)
    frame(app)
    state = app.session.state
    hero = state.heroes[0]
    app.session.perform(RollDice(hero.name, ("hit",) * 4, kinds=("ff-ranged",) * 4))
    refused = app.session.status
    seen = [*app.session.log, refused, *app.screen.panel_lines(),
            *(b.label for b in app.buttons)]
    rolls = [line for line in app.session.log if " rolls " in line]
    assert rolls and all(re.search(r" rolls (red|yellow|blue|green) ", line) for line in rolls)
    assert "ranged weapon" in refused
    leaks = [line for line in seen for kind in FATEFORGE_DICE
             if re.search(rf"(?<![\w-]){re.escape(kind)}(?![\w-])", line)]
    assert not leaks
