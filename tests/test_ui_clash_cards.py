"""The window runs the Clash sequences from cards through ``apply``: a Monster Activation (N)
and a Knight Attack (A), each answer one undoable step, each roll thrown in the dice tray and
applied as its Throw, the log in words, a board saved mid-way opening at its question, Esc
asking before dropping and rolling back."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from dataclasses import replace  # noqa: E402

import pygame  # noqa: E402
from clash_ui import frame, key, make, run_flow, settle_tray  # noqa: E402

from tabletop.games import layouts  # noqa: E402
from tabletop.games.clash import running  # noqa: E402
from tabletop.games.clash.actions import ActivateFromCards, EndMonsterRound  # noqa: E402
from tabletop.games.clash.rules import apply  # noqa: E402
from tabletop.games.clash.state import Running  # noqa: E402
from tabletop.spatial.grid import Space  # noqa: E402
from tabletop.ui.controllers.clash_cards import FlowStep, under_way  # noqa: E402
from tabletop.ui.widgets.dice_tray import DiceTray  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BOSS = (ROOT / "layouts" / "clash-example-boss.toml").read_text()


def app_on(text=BOSS):
    return make(text, str(ROOT / "layouts" / "clash-example-boss.toml"))


def test_n_runs_the_activation_from_the_cards_one_answer_a_step():
    app = app_on()
    before = app.session.state
    key(app, pygame.K_n)
    assert app.screen.flow is not None
    assert app.session.state.sequence == Running(ActivateFromCards())
    assert app.screen.state == running.board_now(app.session.state)   # the board drawn
    run_flow(app)
    after = app.session.state
    assert after is not before and after.sequence is None and after.cards.ai_discard
    assert len(app.session.history) > 3                                # begin + answers
    given = [step.state.sequence.answers for step in app.session.history[1:-1]]
    assert given[0] == () and all(b[:-1] == a for a, b in zip(given, given[1:], strict=False))
    assert any("resolves an AI Activation" in line for line in app.session.log)


def test_undo_steps_back_one_answer_and_the_question_comes_back():
    app = app_on()
    key(app, pygame.K_n)
    first = app.screen.flow.draft.ask
    for _ in range(10):                               # answer until one answer is given
        if len(app.session.history) == 3:
            break
        if isinstance(app.top, DiceTray):
            settle_tray(app)
        else:
            key(app, pygame.K_RETURN)
    assert len(app.session.history[-1].state.sequence.answers) == 1
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    app.update(16)
    frame(app)
    assert app.session.state.sequence.answers == ()
    assert app.screen.flow is not None and app.screen.flow.draft.ask == first
    assert not app.session.undo()           # the AI card was drawn: it cannot be taken back
    assert "cannot be taken back" in app.session.status


def test_a_board_saved_mid_sequence_opens_at_its_question():
    game, state = layouts.loads(BOSS, str(ROOT / "layouts" / "clash-example-boss.toml"))
    state, _ = game.apply(state, ActivateFromCards())
    assert under_way(state) == ["Monster Activation from the cards under way, waiting for: "
                                + running.ask_of(state).prompt]
    app = app_on(layouts.dumps(state))
    app.update(16)
    frame(app)
    assert app.session.state == state
    assert app.screen.flow is not None and app.screen.step is not None
    run_flow(app)
    assert app.session.state.sequence is None


def test_rolls_are_thrown_in_the_tray_and_written_to_the_log():
    app = app_on()
    key(app, pygame.K_n)
    run_flow(app)
    key(app, pygame.K_n)                                               # the Signature
    run_flow(app)
    log = " ".join(app.session.log)
    assert "Evasion Roll" in log and "white" in log
    records = [entry.data for entry in app.session.log if "Evasion Roll" in entry]
    assert records and all(r is not None and "seed" in r for r in records)


def test_esc_asks_before_dropping_and_rolls_back():
    app = app_on()
    before = app.session.state
    key(app, pygame.K_n)
    assert app.screen.flow is not None
    key(app, pygame.K_ESCAPE)
    assert app.screen.step.menu.title.startswith("Drop the Monster Activation?")
    key(app, pygame.K_RETURN)                                           # "Go on with it"
    assert app.screen.flow is not None and isinstance(app.screen.step, FlowStep)
    key(app, pygame.K_ESCAPE)
    step = app.screen.step
    step.menu.on_choose("yes")
    frame(app)
    assert app.screen.flow is None and app.session.state == before
    assert len(app.session.history) == 3 and "dropped" in app.session.status


def test_a_runs_the_knight_attack_with_refused_pairs_saying_why():
    app = app_on()
    state = app.session.state
    state = state.with_piece(replace(state.knight("Kara"), at=Space.parse("D6")))
    boss = state.monster("Shellwyrm")
    state = state.with_piece(replace(boss, activations=tuple(replace(t, spent=True)
                                                             for t in boss.activations)))
    state, _ = apply(state, EndMonsterRound())
    app.session.record(state, "set up", ["set up"])
    app.screen.selected = "Paracelsa"
    key(app, pygame.K_a)
    notes = {item.label: (item.enabled, item.note) for item in app.screen.step.menu.items}
    assert notes["Shellwyrm with Spear (Reach 2)"] == (
        False, "Shellwyrm is 4 spaces away, beyond Reach 2 (Effective Range)")
    assert notes["Shellwyrm with Crossbow (Ranged 2–5)"][0]
    key(app, pygame.K_ESCAPE)
    app.screen.selected = "Kara"
    key(app, pygame.K_a)
    menu = app.screen.step.menu
    usable = [item for item in menu.items if item.enabled]
    assert usable and usable[0].label.startswith("Shellwyrm with Longsword")
    menu.on_choose(usable[0].value)
    frame(app)
    assert app.screen.flow is not None
    run_flow(app)
    log = " ".join(app.session.log)
    assert "Kara's Attack Roll" in log and "Clear the Knight Pool" in log


def test_a_reroll_declaration_marks_dice_then_throws_only_them_in_the_tray():
    app = app_on()
    key(app, pygame.K_n)
    run_flow(app)
    key(app, pygame.K_n)                        # the Signature: Kara rolls to evade
    for _ in range(40):
        flow = app.screen.flow
        assert flow is not None
        if isinstance(app.top, DiceTray):
            settle_tray(app)
            continue
        if flow.draft.ask.kind == "reroll":
            break
        key(app, pygame.K_RETURN)
    step = app.screen.step
    assert step.menu.items[-1].label == "Keep the roll"
    step.menu.on_choose(("mark", 0))
    frame(app)
    step = app.screen.step
    assert step.menu.items[0].label.startswith("[x] die 1") and step.menu.items[0].note
    step.menu.on_choose("go")
    frame(app)
    tray = app.top
    assert isinstance(tray, DiceTray) and len(tray.roll) == 1         # only the marked die
    settle_tray(app)
    run_flow(app)
    assert any("re-rolls 1 die: 1 by Heat (+1 Heat)" in line for line in app.session.log)
    assert any("Evasion Roll after re-rolls" in line for line in app.session.log)


def test_the_side_panel_shows_the_decks_as_the_table_sees_them():
    from tabletop.ui.controllers.clash_facts import card_lines
    state = app_on().session.state
    lines = card_lines(state)
    assert lines[0] == "Shellwyrm, Level 1: To Hit 5; Wounds 0 of 6"
    assert lines[1] == "AI deck 4 (AI 1 ×4), discard 0"
    text = " ".join(lines)
    assert not any(name in text for name in state.cards.ai_deck + state.cards.bp_deck)


def test_a_clash_roll_in_the_tray_offers_no_reroll_there():
    """A Clash roll's re-rolls are declared in the sequence's own step after the roll (*Heat
    Re-rolls*: "You must declare all dice you wish to re-roll before you perform any of these
    re-rolls"), so the tray's keys line offers only Enter and Esc, a click chooses no die and
    R only says where re-rolls are declared: the roll is unchanged."""
    from tabletop.ui import textlayer

    app = app_on()
    key(app, pygame.K_n)
    run_flow(app)
    key(app, pygame.K_n)                        # the Signature: Kara rolls to evade
    for _ in range(40):
        if isinstance(app.top, DiceTray):
            break
        key(app, pygame.K_RETURN)
    tray = app.top
    assert isinstance(tray, DiceTray)
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    frame(app)
    words = " ".join(d.full for d in textlayer.drawn())
    assert "Enter use this roll · Esc close" in words and "re-roll" not in words
    roll = tray.roll
    (centre, *_), *_ = tray._dice
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(map(int, centre)),
                                    button=1))
    key(app, pygame.K_r)
    assert not tray.chosen and tray.roll is roll
    assert tray.message == "re-rolls are declared after the roll, in the menu beside the board"


def test_the_panel_part_way_through_the_last_activation_offers_no_key():
    """*Resolving Activations*: the Monster Round ends once every Activation is resolved, so
    while the Shellwyrm's last one (its Signature) is still being resolved the panel says the
    round ends once it is, names no key (T cannot end the round part-way), and a picture of
    the board (no keys, no clicks) says nothing about keys or clicking at all."""
    from tabletop.ui import textlayer

    game, state = layouts.loads(BOSS, str(ROOT / "layouts" / "clash-example-boss.toml"))
    state, _ = game.apply(state, ActivateFromCards())
    while state.sequence is not None:
        state, _ = game.apply(state, next(iter(game.legal_actions(state))))
    state, _ = game.apply(state, ActivateFromCards())
    app = app_on(layouts.dumps(state))
    frame(app)
    lines = app.screen.panel_lines()
    assert ("Every Activation token is spent: the Monster Round ends once the Activation "
            "under way is resolved") in lines
    assert not any("T ends" in line for line in lines)
    app.interactive = False
    app.draw(pygame.Surface((1280, 800)))
    words = " ".join(" ".join(d.full.split()) for d in textlayer.drawn())
    assert "the Monster Round ends once the Activation under way is resolved" in words
    assert "click a Knight" not in words and "(N resolves it)" not in words
    assert "T ends" not in words
