"""Random playouts (OpenSpiel's games_sim_test in spirit): many seeded games of legal actions
to the end, the state legal and serialisable after every action."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tabletop.games import layouts
from tabletop.games.almokon import rules
from tabletop.games.almokon.actions import Activate, Attack, Move, PlayCard
from tabletop.games.almokon.state import AlmokonState

ROOT = Path(__file__).resolve().parent.parent
LAYOUTS = ["almokon-opening.toml", "almokon-midgame.toml", "almokon-one-from-21.toml"]
MAX_ACTIONS = 400


def weight(action) -> int:
    """Favour fighting so that games end: attacks 8, plays/abilities/moves 3, others 1."""
    if isinstance(action, Attack):
        return 8
    return 3 if isinstance(action, PlayCard | Activate | Move) else 1


def invariants(state: AlmokonState, total: int) -> None:
    """No card appears or vanishes; no card in play is past its Vigor; counts stay sane."""
    uids = state.all_uids()
    assert len(uids) == len(set(uids)) == total
    for card in state.cards:
        assert card.damage == 0 or card.damage < state.vigor(card)
        assert not (card.exhausted and state.definition(card.uid).has("inexhaustible"))
    for player in state.players:
        assert player.ap >= 0 and player.bounty >= 0
    assert state.extra_actions >= 0
    assert state.extra_actions == 0 or state.to_act == state.turn or state.stack \
        or state.choice is not None


def playout(path: Path, seed: int, round_trip: bool) -> AlmokonState:
    game, state = layouts.load(path)
    total = len(state.all_uids())
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        actions = rules.legal_actions(state)
        if not actions:
            break
        action = rng.choices(actions, weights=[weight(a) for a in actions])[0]
        assert rules.why_not(state, action) is None
        state, events = rules.apply(state, action)
        assert all(game.describe(e) for e in events)
        invariants(state, total)
        if round_trip:
            assert layouts.loads(layouts.dumps(state))[1] == state
    return state


@pytest.mark.parametrize("name", LAYOUTS)
def test_seeded_games_play_to_a_winner_and_round_trip(name):
    for seed in range(4):
        state = playout(ROOT / "layouts" / name, seed, round_trip=True)
        assert state.winner, f"{name} seed {seed} did not finish in {MAX_ACTIONS} actions"


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), which=st.sampled_from(LAYOUTS))
@example(seed=184, which="almokon-opening.toml")  # won in a response window: a card was lost
def test_any_seed_plays_legally_to_the_end(seed, which):
    state = playout(ROOT / "layouts" / which, seed, round_trip=False)
    assert state.winner
    assert rules.legal_actions(state) == []


def test_every_listed_action_is_accepted_and_the_rest_refused():
    _, state = layouts.load(ROOT / "layouts" / "almokon-midgame.toml")
    listed = rules.legal_actions(state)
    assert len(listed) == len(set(listed))
    for action in listed:
        rules.apply(state, action)
    wrong_player = Attack("Aria", "berserker-chief", "bicara-pikemen")
    assert "Brannoc's decision" in rules.why_not(state, wrong_player)
