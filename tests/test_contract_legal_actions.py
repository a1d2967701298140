"""The contract between ``legal_actions``, ``chance_outcomes`` and ``apply``, in every game
(OpenSpiel's random-simulation test): seeded random playouts from every shipped layout play
through the chance nodes, each roll drawn with its exact probability, and at every step

- at a chance node, no player action is offered, the outcomes' probabilities are exact
  fractions that sum to 1, and ``apply`` takes every outcome;
- elsewhere, ``apply`` takes every action ``legal_actions`` offers (a sample when there are
  many): an offered action the rules then refuse is a button that does nothing but complain;
  and a set the player picks in an offered action (the game's ``set_choices``) is drawn from
  its declared candidates.

Boards with many candidates for one set (Almokon's Kinship helpers and Imbue discards, around
the listing bound) check that every listed set is taken and that the listing grows with the
candidates only while it lists every set.

Games without chance points keep the contract's defaults and are played the same way.
"""

from __future__ import annotations

import functools
import os
import random
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from chance_play import draw_outcome
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from set_boards import imbue_board, kinship_board

from tabletop.errors import TabletopError
from tabletop.games import layouts
from tabletop.games.almokon.actions import Attack, PlayCard
from tabletop.games.almokon.choice_sets import SETS_LISTED_UP_TO
from tabletop.games.registry import all_games, get_game

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
        _picks_candidates(game, state, action)


def _picks_candidates(game, state, action) -> None:
    """An offered action's set (a kind of the game's ``set_choices``) holds only declared
    candidates."""
    choice = game.set_choices.get(type(action))
    if choice is not None:
        picked = Counter(getattr(game.same_move(state, action), choice.field))
        assert not picked - Counter(choice.candidates(state, action)), action


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


ALMOKON = get_game("almokon")


def _sets_offered(state, kind, **fields) -> list:
    """The sets offered for the actions of ``kind`` with ``fields``, each accepted."""
    field = ALMOKON.set_choices[kind].field
    offered = [a for a in ALMOKON.legal_actions(state) if isinstance(a, kind)
               and all(getattr(a, k) == v for k, v in fields.items())]
    for action in offered:
        ALMOKON.apply(state, action)
        _picks_candidates(ALMOKON, state, action)
    return [getattr(a, field) for a in offered]


@pytest.mark.parametrize("helpers", [1, 5, 6, 7, 8])
def test_kinship_sets_are_all_listed_up_to_the_bound_then_summarised(helpers):
    """2ⁿ helper sets while 2ⁿ ≤ the bound (six helpers: 64), all taken; beyond, the summary
    (none, each alone, all), declared ``summarised``."""
    state = kinship_board(helpers)
    sets = _sets_offered(state, Attack, attacker="hammerfall-militia", target="bicara-pikemen",
                         frenzy=False)
    summarised = ALMOKON.summarised(state, Attack("Aria", "hammerfall-militia",
                                                  "bicara-pikemen"))
    assert len(set(map(frozenset, sets))) == len(sets)
    if 2 ** helpers <= SETS_LISTED_UP_TO:
        assert len(sets) == 2 ** helpers and not summarised
    else:
        assert summarised and len(sets) == 1 + helpers + 1
        assert len(max(sets, key=len)) == helpers


def test_imbue_sets_offered_are_those_that_pay_and_grow_slowly_beyond_the_bound():
    """Siege Golem with six different Characters (64 sets) lists each affordable set; with
    eight (two copies more: 64 · 3 · 3 sets) only the summary, and every one offered is
    taken."""
    six = imbue_board(6, ap=0)  # 7 AP of Wrath needed: 3 + 2 + 1 + 1 = 7 at least
    sets = _sets_offered(six, PlayCard, uid="siege-golem")
    wrath = {"berserker-chief": 3, "captain-orsa": 2}
    assert sets and all(sum(wrath.get(u, 1) for u in s) >= 7 for s in sets)
    assert len(sets) == 12  # what is left out has Wrath 2 at most: nothing, Captain Orsa,
    # one or two of the four Characters of Wrath 1 (1 + 1 + 4 + 6)
    eight = imbue_board(8, ap=7)
    assert ALMOKON.summarised(eight, PlayCard("Aria", "siege-golem"))
    assert len(_sets_offered(eight, PlayCard, uid="siege-golem")) <= 2 * 8 + 1
