"""Random playouts through chance nodes, for the tests: at a chance node the roll is drawn
with its exact probability (``chance_outcomes``) from a seeded generator; elsewhere a player
action is drawn from ``legal_actions``."""

from __future__ import annotations

import random
from fractions import Fraction
from math import lcm


def draw_outcome(outcomes, rng: random.Random):
    """One action of ``outcomes`` (``(action, probability)`` pairs), drawn with its exact
    probability: a uniform integer below the common denominator picks the outcome whose
    share of it holds the draw."""
    scale = lcm(*(p.denominator for _, p in outcomes))
    ticket = Fraction(rng.randrange(scale), scale)
    for action, chance in outcomes:
        if ticket < chance:
            return action
        ticket -= chance
    raise AssertionError(f"the probabilities sum to less than 1: {outcomes}")


def next_action(game, state, rng: random.Random):
    """The next action of a random playout, or ``None`` when the game is over."""
    if game.is_chance_node(state):
        return draw_outcome(list(game.chance_outcomes(state)), rng)
    actions = list(game.legal_actions(state))
    return rng.choice(actions) if actions else None
