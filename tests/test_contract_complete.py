"""The converse of the ``legal_actions`` contract: ``legal_actions`` lists every action of a
listed kind that ``apply`` takes (every kind but the game's declared ``open_actions``), up to
the game's ``same_move``, and a chance node's outcomes list every roll ``apply`` takes there.

Stale actions (offered in another state of a seeded playout), garbled ones (a field changed
as a stale click or a script might) and actions of every kind made from the names the game
holds (so a kind ``legal_actions`` never offers is tried too) are tried in states of seeded
playouts through the chance points; whatever ``apply`` takes must be offered.
"""

from __future__ import annotations

import random

import pytest
from garble import garbled_action, made_action, offered, positions
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.errors import TabletopError
from tabletop.games.registry import get_game

CHECKED = ("almokon", "clash", "fateforge", "joust", "kingdom")
"""The games whose ``legal_actions`` are checked complete."""

STALE = 200
"""How many stale actions are tried in each state, at most."""

FUZZ = settings(derandomize=True, database=None, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _listed(game, state):
    """What is offered in ``state``: the chance outcomes at a chance node, else the players'
    actions."""
    if game.is_chance_node(state):
        return [action for action, _ in game.chance_outcomes(state)]
    return list(game.legal_actions(state))


def _check(game, state, action) -> None:
    if type(action) in game.open_actions:
        return
    try:
        game.apply(state, action)
    except TabletopError:
        return
    listed = _listed(game, state)
    if game.is_chance_node(state) and type(action) not in {type(a) for a in listed}:
        return  # a choice that moves nothing, taken while a roll is due: listed after it
    keys = {game.same_move(state, a) for a in listed}
    assert game.same_move(state, action) in keys, (
        f"apply takes {action!r} but legal_actions leaves it out (offered: "
        f"{sorted(map(str, listed))[:20]})")


@pytest.mark.parametrize("name", CHECKED)
@settings(FUZZ, max_examples=150)
@given(data=st.data())
def test_a_garbled_action_apply_takes_is_offered(name, data):
    game = get_game(name)
    state = data.draw(st.sampled_from(positions(name)))
    _check(game, state, garbled_action(name, data))


@pytest.mark.parametrize("name", CHECKED)
@settings(FUZZ, max_examples=300)
@given(data=st.data())
def test_an_action_of_any_kind_apply_takes_is_offered(name, data):
    """Actions of every kind the game has, offered anywhere or not, made from the names,
    numbers and flags its states and offered actions hold."""
    game = get_game(name)
    state = data.draw(st.sampled_from(positions(name)))
    _check(game, state, made_action(name, data))


@pytest.mark.parametrize("name", CHECKED)
def test_every_stale_action_apply_takes_is_offered(name):
    """Actions offered in some state of the playouts (a seeded sample of
    :data:`STALE` of them, of listed kinds), tried in every state."""
    game = get_game(name)
    listed = [a for a in offered(name) if type(a) not in game.open_actions]
    rng = random.Random(name)
    for state in positions(name):
        for action in rng.sample(listed, min(STALE, len(listed))):
            _check(game, state, action)


@pytest.mark.parametrize("name", CHECKED)
def test_every_open_kind_says_why(name):
    game = get_game(name)
    for kind, reason in game.open_actions.items():
        assert isinstance(kind, type) and len(reason.split()) >= 4, (kind, reason)
