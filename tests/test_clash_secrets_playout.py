"""The Clash played from cards keeps its face-down cards (the AI, BP and Escalation decks, the
Mobs' BP cards until revealed) and its seed from every frame: over random playouts of the
example boards in the window (Monster Activations with N, Knight Attacks with A, each card
drawn and die thrown as the window does it, each answer a step) mixed with Undo, Redo and
the log's history view, no frame's words (board, side panel, menus, tray, log, status line)
name a card that lies face down and was never on show, nor the seed; undo never goes back
over a card drawn."""

from __future__ import annotations

from pathlib import Path

import pygame
from clash_ui import frame, keep, key, make, settle_tray
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from test_secrets_playout import frame_words

from tabletop.games.clash.actions import EndMonsterRound
from tabletop.games.clash.view import public_cards
from tabletop.ui.controllers.clash_cards import FlowStep, start_attack
from tabletop.ui.history import HistoryView
from tabletop.ui.widgets.dice_tray import DiceTray

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"
BOARDS = ["clash-example-boss.toml", "clash-example-mobs.toml"]


def shown_cards(state) -> set[str]:
    """The cards on show in ``state``'s public view: the discard piles, the Wound Stack and
    the revealed Mob BP cards."""
    cards = public_cards(state.cards)
    return {*cards.ai_discard, *cards.bp_discard, *cards.wound_stack,
            *(name for _, name in cards.mob_cards)}


def face_down(cards) -> tuple:
    """The face-down cards where they lie: the decks in order, the Escalation decks, each
    Mob's BP card not revealed."""
    return (cards.ai_deck, cards.bp_deck, sorted(cards.ai_escalation),
            sorted(cards.bp_escalation),
            sorted(pair for pair in cards.mob_cards if pair[0] not in cards.revealed))


def secrets(app) -> set[str]:
    """What lies face down on the board shown now (a running sequence's own board) that no
    board of the session ever had on show (nor the running sequence's card: a copy of the
    card drawn may still lie in the deck; nor a name inside one on show, which a wrapped line
    may end with), and the seed in the words a screen would use."""
    session, state = app.session, app.screen.state
    cards = state.cards
    hidden = {*cards.ai_deck, *cards.bp_deck, *cards.ai_escalation, *cards.bp_escalation}
    hidden |= {name for mob, name in cards.mob_cards if mob not in cards.revealed}
    seen = shown_cards(state)
    flow = app.screen.flow
    if flow is not None:  # the card the running sequence drew or resolves is on show
        seen |= {getattr(flow.draft, "card", ""), getattr(flow.draft, "bp", "")}
    for step in [*session.history, *session.redo_steps]:
        seen |= shown_cards(step.state)
    out = {name for name in hidden - seen if name not in state.notes
           and not any(name in other for other in seen)}  # "Tail" of "Tail Lash", wrapped
    return out | {f"seed {cards.seed}", f"seed = {cards.seed}"}


def check(app) -> None:
    """The frame names no secret, and the screen's view is the Clash's public view.  Names
    of cards that are no secret are taken out of the words first, longest first, so a
    secret name inside another card's ("Tail" in "Tail Lash") is not taken for a leak."""
    app.update(16)
    words = " ".join(frame_words(app).split())  # a name wrapped over two lines is one again
    hidden = secrets(app)
    library = app.screen.state.cards.library
    others = {c.name for c in (*library.attacks, *library.bps)} - hidden
    for name in sorted(others, key=len, reverse=True):
        words = words.replace(name, "")
    leaked = [w for w in hidden if w in words]
    assert not leaked, f"{leaked} shown"
    session = app.session
    assert app.screen.view_state() == session.game.public_view(session.state)


def run_flow(app, limit=60) -> None:
    """Answer every step of the running sequence as :func:`clash_ui.run_flow` does, checking
    each frame on the way (the step's header names what was drawn)."""
    screen = app.screen
    for _ in range(limit):
        if screen.flow is None:
            return
        check(app)
        if isinstance(app.top, DiceTray):
            settle_tray(app)
            continue
        step = screen.step
        assert isinstance(step, FlowStep)
        labels = [item.label for item in step.menu.items]
        key(app, pygame.K_RETURN) if "Keep the roll" not in labels else keep(app, step)
    raise AssertionError("the flow did not end")


def activate(app) -> None:
    """N: the next Monster Activation from the cards; with none left, end the Round."""
    before = app.session.state
    key(app, pygame.K_n)
    if app.screen.flow is None:
        app.session.perform(EndMonsterRound())
        return
    run_flow(app)
    after = app.session.state
    begun = next(i for i, step in enumerate(app.session.history) if step.state is before)
    assert all(step.state.sequence is not None for step in app.session.history[begun + 1:-1])
    if face_down(after.cards) != face_down(before.cards):  # a card drawn, dealt, revealed
        assert "cannot be taken back" in app.session.can_undo()
    else:                                                  # the face-up Signature only
        assert app.session.can_undo() == ""


def attack(app, data) -> None:
    """A: a Knight attacks (the first Target and weapon the menu allows), from the cards."""
    screen = app.screen
    knight = data.draw(st.sampled_from([k.name for k in screen.state.knights]))
    start_attack(screen, knight)
    step = screen.step
    if step is None:
        return
    items = [item for item in step.menu.items if item.enabled]
    check(app)
    if not items:
        key(app, pygame.K_ESCAPE)
        return
    step.menu.on_choose(data.draw(st.sampled_from(items)).value)
    frame(app)
    run_flow(app)


@settings(max_examples=3, phases=[Phase.explicit, Phase.generate],
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data(), board=st.sampled_from(BOARDS))
def test_no_frame_names_a_face_down_card_through_play_undo_and_redo(data, board):
    path = LAYOUTS / board
    app = make(path.read_text(), str(path))
    check(app)
    for _ in range(data.draw(st.integers(3, 8))):
        move = data.draw(st.sampled_from(["play", "play", "play", "undo", "redo",
                                          "history"]))
        if move == "play":
            monster = app.session.state.turn.phase == "monster"
            activate(app) if monster else attack(app, data)
        elif move == "undo":
            app.session.undo()
        elif move == "redo":
            app.session.redo()
        elif app.session.log:
            view = HistoryView(data.draw(st.integers(0, len(app.session.log) - 1)))
            app.push(view)
            check(app)
            view.back()
        check(app)
