"""A card sequence under way is part of the Clash's state (docs/clash-sequences.md): begun and
answered through ``apply``, a roll a chance point of the contract, saved and loaded mid-way,
undone one answer at a time, and shown to the table without its secrets."""

from __future__ import annotations

import random
import subprocess
import sys
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from chance_play import draw_outcome, next_action

from tabletop.errors import IllegalActionError, LayoutError
from tabletop.games import layouts
from tabletop.games.clash import running
from tabletop.games.clash import sequence as seq
from tabletop.games.clash.actions import (
    ActivateFromCards,
    AttackFromCards,
    Choose,
    DeclareRerolls,
    EndTurn,
    ResolveActivation,
    Throw,
)
from tabletop.games.clash.state import HEAT_LIMIT

ROOT = Path(__file__).resolve().parent.parent
BOSS = ROOT / "layouts" / "clash-example-boss.toml"
MOBS = ROOT / "layouts" / "clash-example-mobs.toml"


def _until(game, state, wanted, rng, steps=400):
    """Play on (random answers, rolls drawn by their chances) until ``wanted(state)``."""
    for _ in range(steps):
        if wanted(state):
            return state
        state, _ = game.apply(state, next_action(game, state, rng))
    raise AssertionError("never reached")


def test_resolving_activations_a_board_with_cards_runs_the_activation_from_the_cards():
    game, state = layouts.load(BOSS)
    assert game.legal_actions(state) == [ActivateFromCards()]
    after, events = game.apply(state, ActivateFromCards())
    assert after.sequence == running.Running(ActivateFromCards())
    assert "resolves" in " ".join(game.describe(e) for e in events)
    assert replace(after, sequence=None) == state, "the state keeps the board before it"
    assert running.board_now(after) != state, "the board as the sequence left it is drawn"


def test_an_evasion_roll_is_a_chance_point_with_exact_outcomes():
    game, state = layouts.load(BOSS)
    state = _until(game, state, game.is_chance_node, random.Random(1))
    ask = running.ask_of(state)
    assert ask.kind == "roll" and ask.dice[0] == seq.CRIT
    assert list(game.legal_actions(state)) == []
    outcomes = list(game.chance_outcomes(state))
    assert all(isinstance(p, Fraction) for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1
    for action, _ in random.Random(2).sample(outcomes, 20):
        game.apply(state, action)
    tray = seq.throw(ask)  # the dice tray's seeded throw is one of the outcomes
    assert running.throw_of(ask, tray) in dict(outcomes)
    via_apply, _ = game.apply(state, running.throw_of(ask, tray))
    assert running.board_now(via_apply) == \
        running.monster_round.answer(running.draft_of(state), tray).state


def test_nothing_but_an_answer_is_taken_while_a_sequence_runs():
    game, state = layouts.load(BOSS)
    state = _until(game, state, game.is_chance_node, random.Random(1))
    with pytest.raises(IllegalActionError, match="under way"):
        game.apply(state, EndTurn("Kara"))
    with pytest.raises(IllegalActionError, match="under way"):
        game.apply(state, ActivateFromCards())
    with pytest.raises(IllegalActionError, match="waits for the dice"):
        game.apply(state, Choose(0))
    with pytest.raises(IllegalActionError, match="dice thrown but"):
        game.apply(state, Throw((1,)))


def test_dice_rerolls_heat_rerolls_offers_each_declaration_the_rules_allow():
    """*Dice Re-rolls*: every die at most once, all declared together; *Heat Re-rolls*: +1
    Heat a die, never past the Heat Limit; Power dice never by Heat."""
    game, state = layouts.load(BOSS)
    rng = random.Random(3)
    seen = 0
    for _ in range(600):
        ask = running.ask_of(state)
        if ask is not None and ask.kind == "reroll":
            offered = game.legal_actions(state)
            assert offered[0] == DeclareRerolls()
            for action in offered:
                heat = sum(1 for _, s in action.dice if s == "heat")
                assert heat <= ask.heat <= HEAT_LIMIT
                assert sum(1 for _, s in action.dice if s == "reroll") <= ask.free
                assert len({i for i, _ in action.dice}) == len(action.dice)
                if ask.roll_type == "power":
                    assert heat == 0
            for action in rng.sample(offered, min(8, len(offered))):
                game.apply(state, action)
            if len(ask.roll) > ask.free:               # one free re-roll too many
                too_many = DeclareRerolls(tuple((i, "reroll") for i in range(ask.free + 1)))
                assert too_many not in offered
                with pytest.raises(IllegalActionError, match="only"):
                    game.apply(state, too_many)
            with pytest.raises(IllegalActionError, match="at most once"):
                game.apply(state, DeclareRerolls(((0, "reroll"), (0, "heat"))))
            seen += 1
        action = next_action(game, state, rng)
        if action is None:
            break
        state, _ = game.apply(state, action)
    assert seen


def test_a_save_mid_sequence_loads_back_equal_and_its_view_too():
    for path in (BOSS, MOBS):
        game, state = layouts.load(path)
        rng = random.Random(4)
        for _ in range(60):
            state, _ = game.apply(state, next_action(game, state, rng))
            if state.sequence is None:
                continue
            text = layouts.dumps(state)
            assert "[sequence]" in text
            assert layouts.loads(text)[1] == state
            view = game.public_view(state)
            assert game.is_partial(view) and view.cards.seed == 0
            assert not game.is_chance_node(view) and not game.legal_actions(view)
            assert running.board_now(view) is view    # a view shows the board before it
            assert layouts.loads(layouts.dumps(view))[1] == view


def test_a_saved_sequence_whose_answers_do_not_follow_is_refused():
    game, state = layouts.load(BOSS)
    state, _ = game.apply(state, ActivateFromCards())
    text = layouts.dumps(state)
    assert 'begin = "activation"' in text
    bad = text.replace("answers = []", 'answers = ["choose 9"]')
    with pytest.raises(LayoutError, match="answers"):
        layouts.loads(bad)
    with pytest.raises(LayoutError, match="no answer"):
        layouts.loads(text.replace("answers = []", 'answers = ["shout"]'))


def test_undo_steps_back_one_answer_and_never_past_a_card_drawn():
    """Undo is the list of states: each answer is one step.  Going back past the step that
    drew the AI card would hide a card the table has seen (hot-seat rule)."""
    game, state = layouts.load(BOSS)
    rng = random.Random(5)
    history = [state]
    while len(history) < 3 or history[-1].sequence is not None:
        history.append(game.apply(history[-1], next_action(game, history[-1], rng))[0])
    begun = history[1]
    assert begun.sequence is not None and not begun.sequence.answers
    assert "card drawn" in game.secrecy_break(history[0], begun)
    for before, after in zip(history[1:-2], history[2:-1], strict=True):
        assert after.sequence.answers[:-1] == before.sequence.answers
    view = game.public_view(begun)
    drawn = running.draft_of(begun).card
    assert drawn in view.cards.ai_deck and view.cards.seed == 0
    assert sum(1 for n in view.cards.ai_deck if not n.startswith("?")) == 1


def test_knight_attack_from_cards_is_offered_per_weapon_in_range():
    game, state = layouts.load(BOSS)
    rng = random.Random(6)
    state = _until(game, state, lambda s: any(isinstance(a, AttackFromCards)
                                              for a in game.legal_actions(s)), rng)
    attack = next(a for a in game.legal_actions(state) if isinstance(a, AttackFromCards))
    after, events = game.apply(state, attack)
    assert after.sequence is not None and game.is_chance_node(after)
    assert running.ask_of(after).roll_type == "attack"
    assert any("Declare Attack" in e.rule for e in events)


@pytest.mark.parametrize("path", [BOSS, MOBS], ids=lambda p: p.name)
def test_random_playouts_play_card_boards_through_their_chance_points(path):
    game, start = layouts.load(path)
    for seed in range(2):
        rng, state, rolls = random.Random(seed), start, 0
        for _ in range(150):
            if game.is_chance_node(state):
                rolls += 1
                assert list(game.legal_actions(state)) == []
                outcomes = list(game.chance_outcomes(state))
                assert sum(p for _, p in outcomes) == 1
                action = draw_outcome(outcomes, rng)
            else:
                assert list(game.chance_outcomes(state)) == []
                actions = list(game.legal_actions(state))
                if not actions:
                    break
                action = rng.choice(actions)
            state, _ = game.apply(state, action)
        assert rolls >= 3


def test_a_board_without_cards_does_not_load_the_sequence_modules():
    code = ("import sys; from tabletop.games import layouts;"
            f"g, s = layouts.load({str(ROOT / 'layouts' / 'clash-rule-hug.toml')!r});"
            "[g.apply(s, a) for a in g.legal_actions(s)[:5]]; g.is_chance_node(s);"
            "print(sorted(m for m in sys.modules if m.endswith(('.running', "
            "'.sequence_layout', '.monster_round', '.knight_attack'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"


def test_an_answer_is_said_in_the_players_words():
    game, state = layouts.load(BOSS)
    state = _until(game, state, lambda s: running.ask_of(s) is not None
                   and running.ask_of(s).kind == "choose", random.Random(1))
    option = running.ask_of(state).options[0].partition("; ")[0]
    assert game.say(state, Choose(0)).endswith(f"the players choose {option}")
    state = _until(game, state, game.is_chance_node, random.Random(1))
    throw = game.chance_outcomes(state)[0][0]
    assert "the dice show white" in game.say(state, throw)
    assert game.say(state, EndTurn("Kara")) == str(EndTurn("Kara"))


def test_resolving_activations_on_a_board_with_cards_goes_through_the_cards():
    """Resolving Activations: "Draw AI or Resolve Signature" follows the token; on a board
    that names its card files the Activation is the card sequence, so the token alone
    (``ResolveActivation``) is refused, as ``legal_actions`` never lists it there."""
    game, state = layouts.load(MOBS)
    assert state.turn.phase == "monster"
    assert game.legal_actions(state) == [ActivateFromCards()]
    with pytest.raises(IllegalActionError, match="resolved from the cards"):
        game.apply(state, ResolveActivation())
    game.apply(state, ActivateFromCards())
