"""King's Champion played whole, from a new game's setup to its end, with random legal actions
for many seeds: every game ends (six rounds or a broken Morale) with a winner or a tie, and
Morale, Reputation, Bravery Tokens, dice and workers stay within the rules all the way."""

import random
from dataclasses import replace

import pytest
from chance_play import draw_outcome

from tabletop.errors import IllegalActionError
from tabletop.games import layouts
from tabletop.games.joust import GAME
from tabletop.games.joust.rewards import catalog, pool_limit
from tabletop.games.joust.rules import apply, candidate_actions
from tabletop.games.joust.scoring import winner
from tabletop.games.joust.setup import new_game
from tabletop.games.joust.state import MAX_REPUTATION, ROUNDS

PROGRESS = {"Ready": 40, "Reveal": 20, "Keep": 20, "Aim": 5, "Convert": 5, "EndRound": 20,
            "SetOrder": 8,
            "ChooseFavor": 8, "PlaceToken": 8, "Finish": 6, "Pass": 3, "Draw": 10,
            "Collect": 10, "Choose": 10, "PlaceWorkers": 3, "Spend": 3, "Promote": 10}
"""Weights that move a random game on (Ready is picked far more often than a die moved)."""


def random_step(state, rng):
    """Apply one random legal action: weighted draws from the candidates until ``apply``
    accepts one (an illegal draw is dropped and another is drawn); at a throw of the joust's
    dice, an outcome drawn with its exact chance."""
    if GAME.is_chance_node(state):
        return apply(state, draw_outcome(GAME.chance_outcomes(state), rng))
    candidates = list(candidate_actions(state))
    while candidates:
        weights = [PROGRESS.get(type(a).__name__, 1) for a in candidates]
        action = rng.choices(candidates, weights)[0]
        try:
            return apply(state, action)
        except IllegalActionError:
            candidates.remove(action)
    raise AssertionError(f"no legal action in the {state.phase} phase")


def check_invariants(state, tokens_total):
    """Morale, Reputation, tokens, dice and workers within the rules."""
    on_field = 0
    for house in state.households:
        assert house.morale >= 0
        assert 0 <= house.reputation <= MAX_REPUTATION
        assert house.workers >= 0 and house.workers_out >= 0
        equipment = sum(len(k.equipment) for k in house.knights)
        assert house.workers + house.workers_out + equipment >= 3  # none lost, some gained
        dice = len(house.pool) + sum(len(k.placed_dice()) - (1 if k.squire and k.squire.on
                                                             else 0) for k in house.knights)
        assert dice <= pool_limit(house)
        for knight in house.knights:
            assert len(knight.tokens) <= knight.slots <= 5
            assert len(knight.equipment) <= (2 if knight.promoted else 1)
        on_field += len(house.bravery_tokens) + sum(len(k.tokens) for k in house.knights)
        if state.phase == "draw" and not house.done:
            assert house.workers_out == 0 and not state.claimed
    assert 1 <= state.round <= ROUNDS
    drawn = sum(p.arg.count(",") + 1 for p in state.pending if p.kind == "keep-token")
    assert len(state.bag) + on_field + drawn == tokens_total  # no token made or lost


SEEDS = range(12)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_game_from_setup_to_the_end(seed):
    rng = random.Random(seed)
    state = new_game(seed)
    tokens_total = sum(n for _, n in catalog(state).bag)
    for step in range(4000):
        if state.phase == "over":
            break
        state, _ = random_step(state, rng)
        check_invariants(state, tokens_total)
        if step % 97 == 0:
            assert layouts.loads(layouts.dumps(state))[1] == state
    assert state.phase == "over", f"seed {seed}: unfinished after {step} actions"
    decided = winner(state)
    assert decided is not None
    name, why = decided
    broken = [h for h in state.households if h.morale == 0]
    assert broken or state.round == ROUNDS
    assert name in (None, *[h.name for h in state.households]) and why


def _low_morale_game(seed):
    """A seeded random game whose Households start their jousting low on Morale (1 and 2, set
    by hand after the first Planning Phase), played to its end."""
    rng = random.Random(seed)
    state = new_game(seed)
    tokens_total = sum(n for _, n in catalog(state).bag)
    lowered = False
    for _ in range(4000):
        if state.phase == "over":
            break
        if state.phase == "jousting" and not lowered:
            state = state.with_household(replace(state.households[0], morale=1))
            state = state.with_household(replace(state.households[1], morale=2))
            lowered = True
        state, _ = random_step(state, rng)
        check_invariants(state, tokens_total)
    return state


def test_random_game_ends_at_once_when_morale_breaks():
    """Winning The Game: "If a player loses all of their Morale they no longer have the will to
    joust."  Games whose Households start their jousting low on Morale end in the joust that
    breaks one, with the other as winner (or the tie-breakers when both break at once); a game
    whose Households win Morale back (Crowd's Cheer, Mark of the Church) runs to its last
    round.  Seeds are played until three games have ended on broken Morale."""
    ended_on_morale = 0
    for seed in range(40):
        state = _low_morale_game(seed)
        assert state.phase == "over", f"seed {seed}: unfinished"
        broken = [h.name for h in state.households if h.morale == 0]
        name, why = winner(state)
        if not broken:
            assert state.round == ROUNDS, f"seed {seed}: over early with no Morale broken"
            continue
        ended_on_morale += 1
        if len(broken) == 1:
            assert name != broken[0] and "Morale is broken" in why, f"seed {seed}: {why}"
        else:
            assert "same joust" in why, f"seed {seed}: {why}"
        if ended_on_morale == 3:
            return
    pytest.fail(f"only {ended_on_morale} of 40 low-Morale games ended on broken Morale")
