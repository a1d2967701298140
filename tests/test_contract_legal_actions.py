"""The contract between ``legal_actions``, ``chance_outcomes`` and ``apply``, in every game
(OpenSpiel's random-simulation test): seeded random playouts from every shipped layout play
through the chance nodes, each roll drawn with its exact probability, and at every step

- at a chance node, no player action is offered, the outcomes' probabilities are exact
  fractions that sum to 1, and ``apply`` takes every outcome;
- elsewhere, ``apply`` takes every action ``legal_actions`` offers (a sample when there are
  many): an offered action the rules then refuse is a button that does nothing but complain.

Games without chance points keep the contract's defaults and are played the same way.
"""

from __future__ import annotations

import functools
import os
import random
from fractions import Fraction
from pathlib import Path

import pytest
from chance_play import draw_outcome
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.errors import TabletopError
from tabletop.games import layouts
from tabletop.games.registry import all_games

LAYOUTS = sorted((Path(__file__).resolve().parent.parent / "layouts").glob("*.toml"))
EXPLORE = os.environ.get("HYPOTHESIS_PROFILE") == "explore"
STEPS = 40 if EXPLORE else 12
CHECKED = 12
"""How many offered actions (and chance outcomes) are tried at each step, at most."""


@functools.cache
def _loaded(path: Path):
    """The game and state of layout ``path``, loaded once (states are immutable)."""
    return layouts.load(path)


def test_every_registered_game_is_played():
    played = {_loaded(path)[0].name for path in LAYOUTS}
    assert {game.name for game in all_games()} <= played


def _accepted(game, state, actions, rng: random.Random, step: int, what: str) -> None:
    sample = actions if len(actions) <= CHECKED else rng.sample(actions, CHECKED)
    for action in sample:
        try:
            game.apply(state, action)
        except TabletopError as exc:
            pytest.fail(f"step {step}: {action} was {what} but refused: {exc}")


@pytest.mark.parametrize("path", LAYOUTS, ids=lambda p: p.name)
@settings(max_examples=100 if EXPLORE else 2, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_playout_through_chance_keeps_the_contract(path, seed):
    game, state = _loaded(path)
    rng = random.Random(seed)
    for step in range(STEPS):
        if game.is_chance_node(state):
            assert list(game.legal_actions(state)) == [], f"step {step}: a chance node offers"
            outcomes = list(game.chance_outcomes(state))
            assert outcomes, f"step {step}: a chance node without outcomes"
            assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
            assert sum(p for _, p in outcomes) == 1
            _accepted(game, state, [a for a, _ in outcomes], rng, step, "a chance outcome")
            action = draw_outcome(outcomes, rng)
        else:
            assert list(game.chance_outcomes(state)) == []
            actions = list(game.legal_actions(state))
            if not actions:
                break
            _accepted(game, state, actions, rng, step, "offered")
            action = rng.choice(actions)
        state, _events = game.apply(state, action)


def test_fateforge_a_high_enemy_roll_that_ties_again_asks_a_further_die():
    """Randomisation: the first D6 picks a route; a high roll meets a second tie, so its
    outcomes take a second D6 (each 1/4), the low roll settles it alone (1/2)."""
    game, state = layouts.load(Path(__file__).parent / "data" /
                               "fateforge-enemy-tie-on-high-roll.toml")
    outcomes = dict(game.chance_outcomes(state))
    assert [a.rolls for a in outcomes] == [(1,), (4, 1), (4, 4)]
    assert list(outcomes.values()) == [Fraction(1, 2), Fraction(1, 4), Fraction(1, 4)]
    with pytest.raises(TabletopError, match="another D6 is needed"):
        game.apply(state, next(iter(outcomes)).__class__("", (6,)))
    for action in outcomes:
        game.apply(state, action)
