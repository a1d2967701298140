"""Random legal playouts of the shipped Fateforge scenes, from the first Preparation to the
Exit: the state stays a valid layout and the hero boards keep their tokens."""

import random
from pathlib import Path

import pytest
from chance_play import next_action

from tabletop.games import layouts

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"


def tokens(state):
    """Each hero's health tokens (available, exhausted, set aside) and energy tokens: moving
    tokens between boxes never creates or destroys them (*Health and Energy*)."""
    return {h.name: (h.health + h.health_exhausted + h.toxic, h.energy + h.energy_exhausted)
            for h in state.heroes}


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("name", ["fateforge-chapel.toml", "fateforge-exit.toml",
                                  "fateforge-allies.toml"])
def test_random_playout_to_the_end(name, seed):
    game, state = layouts.load(LAYOUTS / name)
    start = tokens(state)
    rng = random.Random(seed)
    for _ in range(600):
        action = next_action(game, state, rng)
        if action is None:
            break
        state, events = game.apply(state, action)
        assert all(game.describe(e) for e in events)
        assert tokens(state) == start
        assert all(h.health >= 0 and h.energy >= 0 for h in state.heroes)
        assert all(e.damage < e.toughness for e in state.enemies)
        assert all(h.ko == (h.health == 0) for h in state.heroes)
    assert state.round.phase == "over" and state.outcome
    assert layouts.loads(layouts.dumps(state))[1] == state
