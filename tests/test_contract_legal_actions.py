"""The contract between ``legal_actions`` and ``apply``, in every game: over random playouts
from every shipped layout, ``apply`` accepts every action ``legal_actions`` offers (an offered
action that the rules then refuse is a button that does nothing but complain)."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.errors import TabletopError
from tabletop.games import layouts
from tabletop.games.fateforge.actions import EnemyActs
from tabletop.games.fateforge.rules import NeedsRoll

LAYOUTS = sorted((Path(__file__).resolve().parent.parent / "layouts").glob("*.toml"))
EXPLORE = os.environ.get("HYPOTHESIS_PROFILE") == "explore"
STEPS = 30 if EXPLORE else 8


@pytest.mark.parametrize("path", LAYOUTS, ids=lambda p: p.name)
@settings(max_examples=100 if EXPLORE else 2, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_apply_accepts_every_offered_action(path, seed):
    game, state = layouts.load(path)
    rng = random.Random(seed)
    for step in range(STEPS):
        actions = list(game.legal_actions(state))
        if not actions:
            break
        for action in actions:
            try:
                game.apply(state, action)
            except TabletopError as exc:
                pytest.fail(f"step {step}: {action} was offered but refused: {exc}")
        state, _events = game.apply(state, rng.choice(actions))


def test_fateforge_offers_a_high_enemy_roll_with_the_further_die_a_tie_needs():
    game, state = layouts.load(Path(__file__).parent / "data" /
                               "fateforge-enemy-tie-on-high-roll.toml")
    offered = [a for a in game.legal_actions(state) if isinstance(a, EnemyActs)]
    assert EnemyActs("", (1,)) in offered
    assert EnemyActs("", (6,)) not in offered and EnemyActs("", (6, 6)) in offered
    with pytest.raises(NeedsRoll, match="equally viable"):
        game.apply(state, EnemyActs("", (6,)))
    for action in offered:
        game.apply(state, action)
