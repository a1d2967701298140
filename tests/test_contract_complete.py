"""The converse of the ``legal_actions`` contract: ``legal_actions`` lists every action of a
listed kind that ``apply`` takes (every kind but the game's declared ``open_actions``), up to
the game's ``same_move``, and a chance node's outcomes list every roll ``apply`` takes there.
A set the player picks (the game's declared ``set_choices``: Almokon's Imbue discards and
Kinship helpers) is listed whenever its action is not declared ``summarised``, and an action
that is has a listed one with its other fields (its ``summary_key``); either way the set
``apply`` takes is drawn from the declared candidates.

Stale actions (offered in another state of a seeded playout), garbled ones (a field changed
as a stale click or a script might) and actions of every kind made from the names the game
holds (so a kind ``legal_actions`` never offers is tried too) are tried in states of seeded
playouts through the chance points; whatever ``apply`` takes must be offered.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from garble import garbled_action, made_action, offered, positions
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from set_boards import golem_play, imbue_board, kinship_board, militia_attack
from test_almokon_board import board

from tabletop.errors import TabletopError
from tabletop.games.almokon.actions import PlayCard
from tabletop.games.almokon.choice_sets import imbue_candidates, kin_candidates
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
    _drawn_from_candidates(game, state, action)
    keys = {game.same_move(state, a) for a in listed}
    if game.same_move(state, action) in keys:
        return
    assert game.summarised(state, action), (
        f"apply takes {action!r} but legal_actions leaves it out (offered: "
        f"{sorted(map(str, listed))[:20]})")
    assert game.summary_key(state, action) in {game.summary_key(state, a) for a in listed}, (
        f"apply takes {action!r}, whose sets are summarised, but no action with its other "
        f"fields is listed")


def _drawn_from_candidates(game, state, action) -> None:
    """The set ``action`` picks (a kind of the game's ``set_choices``) holds only the
    declared candidates, each at most as often as it is there."""
    choice = game.set_choices.get(type(action))
    if choice is None:
        return
    picked = Counter(getattr(game.same_move(state, action), choice.field))
    beyond = picked - Counter(choice.candidates(state, action))
    assert not beyond, f"{action!r} picks {sorted(beyond)}, none of the declared candidates"


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


@pytest.mark.parametrize("name", CHECKED)
def test_every_set_choice_names_a_field_and_says_why(name):
    game = get_game(name)
    for kind, choice in game.set_choices.items():
        assert choice.field in kind.__dataclass_fields__, (kind, choice)
        assert choice.listed_up_to >= 1 and len(choice.reason.split()) >= 4, (kind, choice)


# ---------------------------------------------------------------------- Almokon's sets
ALMOKON = get_game("almokon")


def test_two_of_five_kinship_helpers_are_listed():
    """Five Soldiers beside Hammerfall Militia give 32 helper sets: every one is listed (the
    rulebook's *Kinship*: any of them "may activate"), two of five among them."""
    state = kinship_board(5)
    helpers = kin_candidates(state, state.card("hammerfall-militia"))
    assert len(helpers) == 5 and not ALMOKON.summarised(state, militia_attack())
    listed = {ALMOKON.same_move(state, a) for a in ALMOKON.legal_actions(state)}
    for size in range(6):
        for kin in itertools.combinations(helpers, size):
            action = militia_attack(kin)
            ALMOKON.apply(state, action)
            assert ALMOKON.same_move(state, action) in listed, kin


def test_two_of_five_imbue_discards_are_listed_exactly_when_they_pay():
    """Siege Golem (cost 7) with five Characters in hand and 2 AP: a discard set is listed
    exactly when ``apply`` takes it (its Wrath pays at least 5 AP of the cost)."""
    state = imbue_board(5, ap=2)
    hand = imbue_candidates(state, 0, "siege-golem")
    listed = {ALMOKON.same_move(state, a) for a in ALMOKON.legal_actions(state)}
    taken = 0
    for size in range(6):
        for imbue in itertools.combinations(hand, size):
            action = golem_play(imbue)
            try:
                ALMOKON.apply(state, action)
            except TabletopError:
                assert ALMOKON.same_move(state, action) not in listed, imbue
                continue
            taken += 1
            assert ALMOKON.same_move(state, action) in listed, imbue
    assert golem_play(("berserker-chief", "captain-orsa")) in ALMOKON.legal_actions(state)
    assert taken == 13  # the sets of Wrath 5 or more among 3, 2, 1, 1, 1


def test_copies_in_hand_make_one_discard_set():
    """Three Berserker Chiefs in hand are one choice taken 0–3 times (*Cards*: copies are
    identical): four sets, each listed once, whichever copies are named."""
    state = board(aria={"ap": 7, "hand": ["siege-golem", *["berserker-chief"] * 3]})
    plays = [a for a in ALMOKON.legal_actions(state)
             if isinstance(a, PlayCard) and a.uid == "siege-golem"]
    assert sorted(len(a.imbue) for a in plays) == [0, 1, 2, 3]
    _check(ALMOKON, state, golem_play(("berserker-chief#3", "berserker-chief")))


def test_two_of_eight_kinship_helpers_are_declared_summarised():
    """Eight helpers give 256 sets: the listing is a summary, declared as such, with every
    attack the rules allow listed in it; any set ``apply`` takes is covered by it."""
    state = kinship_board(8)
    helpers = kin_candidates(state, state.card("hammerfall-militia"))
    action = militia_attack((helpers[1], helpers[4]))
    ALMOKON.apply(state, action)
    assert ALMOKON.summarised(state, action)
    assert action not in ALMOKON.legal_actions(state)
    _check(ALMOKON, state, action)


@settings(FUZZ, max_examples=60)
@given(data=st.data())
def test_any_set_apply_takes_is_listed_or_declared(data):
    """Boards with 0–8 Kinship helpers or Characters in hand (around the listing bound),
    any set of them (or of other cards): listed, or summarised and covered."""
    many = data.draw(st.integers(0, 8))
    if data.draw(st.booleans()):
        state = kinship_board(max(many, 1))
        pool = [c.uid for c in state.cards]
        make = militia_attack
    else:
        state = imbue_board(many, ap=data.draw(st.integers(0, 7)))
        pool = list(state.players[0].hand) + [c.uid for c in state.cards][:3]
        make = golem_play
    picked = data.draw(st.lists(st.sampled_from(pool), max_size=len(pool), unique=True))
    _check(ALMOKON, state, make(tuple(picked)))


def test_imbue_sets_are_listed_for_a_crew_play_too():
    """A Crew card with Imbue played as an Item is still played ("before playing a card
    with Imbue"): its discard sets are listed for that form too."""
    boarders = {"id": "golem-boarders", "name": "Golem Boarders", "type": "unit",
                "unit": "land", "faction": "conquest", "cost": 5, "wrath": 2, "vigor": 2,
                "keywords": ["Crew", "Imbue"]}
    state = board("Aria ironclad-galley open-sea", card_defs=[boarders],
                  aria={"ap": 2, "hand": ["golem-boarders", "berserker-chief"]})
    action = PlayCard("Aria", "golem-boarders", "ironclad-galley", ("berserker-chief",), True)
    ALMOKON.apply(state, action)
    assert action in ALMOKON.legal_actions(state)
    _check(ALMOKON, state, action)
