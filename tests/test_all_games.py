"""One contract for every game: each shipped layout loads, round-trips and plays legally.

Loops over the registry and over every layout under ``layouts/`` (OpenSpiel's games_sim_test
in spirit): random legal playouts keep the state loadable from its own layout text.
"""

import random
from pathlib import Path

import pytest
from chance_play import next_action

from tabletop.errors import TabletopError
from tabletop.games import layouts
from tabletop.games.query import ask
from tabletop.games.registry import all_games, game_names

LAYOUTS = sorted((Path(__file__).resolve().parent.parent / "layouts").glob("*.toml"))
PLAYOUT_STEPS = 40


def test_every_registered_game_has_a_layout():
    shipped = {layouts.load(path)[0].name for path in LAYOUTS}
    assert set(game_names()) <= shipped


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_game_fulfils_the_contract(game):
    assert game.name in game_names()
    assert game.title
    for name, verb in game.verbs.items():
        assert name == verb.name and verb.summary, f"verb {name} needs a name and a summary"


@pytest.mark.parametrize("path", LAYOUTS, ids=lambda p: p.name)
def test_layout_loads_and_round_trips(path):
    game, state = layouts.load(path)
    assert game.summary(state)
    again = layouts.loads(layouts.dumps(state))[1]
    assert again == state


@pytest.mark.parametrize("path", LAYOUTS, ids=lambda p: p.name)
def test_unknown_question_is_an_error_not_a_crash(path):
    game, state = layouts.load(path)
    answer = ask(game, state, "no-such-verb x")
    assert "error" in answer and "no-such-verb" in answer["error"]


@pytest.mark.parametrize("path", LAYOUTS, ids=lambda p: p.name)
def test_random_playout_stays_legal_and_serialisable(path):
    game, state = layouts.load(path)
    rng = random.Random(path.name)
    for _ in range(PLAYOUT_STEPS):
        action = next_action(game, state, rng)
        if action is None:
            break
        assert str(action)
        state, events = game.apply(state, action)
        for event in events:
            assert isinstance(game.describe(event), str)
        assert layouts.loads(layouts.dumps(state))[1] == state


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_illegal_action_raises_the_error_family(game):
    path = next(p for p in LAYOUTS if layouts.load(p)[0] is game)
    state = layouts.load(path)[1]
    with pytest.raises(TabletopError):
        game.apply(state, "not an action")
