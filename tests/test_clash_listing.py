"""The Clash hint's kinds of move found without listing every action
(``listing.legal_types``), the per-Knight listing (``rules.knight_actions``) and the first-step
test of a Movement Action (``geometry.can_move``) and the window's reason a Knight cannot
move (``rules.movement_refusal``) give exactly the answers of the full
listing they replaced (``clash_full_listing``), on random small boards and after random
play; on a board at the layout limits the hint asks for one Knight's first steps, never its
whole reach, and no Line of Sight.  Re-roll declarations beyond a bound are summarised, and
tied Knights' picks are counted before they are made."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from chance_play import next_action
from clash_full_listing import full_listing
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.errors import TabletopError
from tabletop.games import layouts
from tabletop.games.clash import geometry, listing, rules, running, targeting, turns
from tabletop.games.clash.actions import DeclareRerolls, MoveKnight
from tabletop.games.clash.state import ClashState, Knight, Monster, Terrain, Turn
from tabletop.games.move_kinds import classify, move_kinds
from tabletop.spatial.grid import Board, Space, square


@st.composite
def boards(draw) -> ClashState:
    """Small legal Clash boards: Monsters with Vantage Points (some locked), Knights of any
    Speed, knocked down or not, some with Jump or Bypass, terrain, some Knights done."""
    board = Board(draw(st.integers(3, 7)), draw(st.integers(3, 7)))
    taken: set[Space] = set()
    monsters = []
    for i in range(draw(st.integers(0, 2))):
        size = draw(st.integers(1, 2))
        at = Space(draw(st.integers(0, board.rows - size)), draw(st.integers(0, board.cols - size)))
        if taken & set(square(at, size)):
            continue
        taken |= set(square(at, size))
        points = tuple(draw(st.lists(st.tuples(st.integers(0, size - 1),
                                               st.integers(0, size - 1)), max_size=2, unique=True)))
        monsters.append(Monster(
            f"M{i}", draw(st.sampled_from(("boss", "mob"))), at, size,
            draw(st.sampled_from(("north", "east", "south", "west"))),
            traits=tuple(draw(st.sets(st.sampled_from(("always there", "vantage points"))))),
            vantage_points=points,
            locked_vantage_points=tuple(p for p in points if draw(st.booleans()))))
    knights = []
    for i in range(draw(st.integers(1, 4))):
        at = Space(draw(st.integers(0, board.rows - 1)), draw(st.integers(0, board.cols - 1)))
        if at in taken:
            continue
        taken.add(at)
        knights.append(Knight(
            f"K{i}", at, draw(st.integers(0, 3)),
            knockdown=draw(st.sampled_from(("", "", "standing", "falling"))),
            abilities=tuple(draw(st.sets(st.sampled_from(("jump", "bypass")), max_size=1)))))
    terrain = []
    for i in range(draw(st.integers(0, 4))):
        at = Space(draw(st.integers(0, board.rows - 1)), draw(st.integers(0, board.cols - 1)))
        keywords = draw(st.lists(st.sampled_from(("obstacle", "difficult", "chasm",
                                                  "obscuring")), min_size=1, unique=True))
        if at in taken and {"obstacle", "chasm"} & set(keywords):
            continue
        terrain.append(Terrain(f"T{i}", (at,), tuple(keywords)))
    done = tuple(k.name for k in knights if draw(st.integers(0, 3)) == 0)
    return ClashState(board=board, knights=tuple(knights), monsters=tuple(monsters),
                      terrain=tuple(terrain),
                      turn=Turn(done=done, phase=draw(st.sampled_from(("knight", "knight",
                                                                        "monster")))))


def same_answers(state: ClashState) -> None:
    """The listing, the per-actor kinds and the first-step test agree with the reference."""
    full = full_listing(state)
    assert rules.legal_actions(state) == full
    for actor in (None, *(k.name for k in state.knights), *(m.name for m in state.monsters)):
        mine = [a for a in full if actor is None or getattr(a, "knight", actor) == actor]
        assert move_kinds("clash", state, actor) == classify("clash", mine), actor
    for knight in state.knights:
        reach = geometry.reach(state, knight.name)
        assert geometry.can_move(state, knight.name) == bool(reach)
        if reach:  # the window's "why can it not move": apply's refusal of a move in reach
            try:
                rules.apply(state, MoveKnight(knight.name, min(reach)))
                refusal = None
            except TabletopError as exc:
                refusal = exc.rule
            assert rules.movement_refusal(state, knight.name) == refusal


@settings(max_examples=80)
@given(boards(), st.lists(st.integers(0, 10_000), max_size=5))
def test_hint_and_listing_match_the_full_listing_during_play(state, picks):
    same_answers(state)
    for pick in picks:  # random play: turns started, moves, attacks, climbs, turns ended
        actions = full_listing(state)
        if not actions:
            break
        try:
            state, _ = rules.apply(state, actions[pick % len(actions)])
        except TabletopError:  # a choice the players make (an option): stop here
            break
        same_answers(state)


def _limit_board() -> ClashState:
    """The layout limits: 100 x 100 spaces, 999 Knights of Speed 20 in rows three spaces
    apart, one Boss in a corner."""
    spaces = [Space(r, c) for r in range(3, 100, 3) for c in range(0, 100, 3)][:999]
    knights = tuple(Knight(f"Knight {i + 1}", s, 20) for i, s in enumerate(spaces))
    return ClashState(board=Board(100, 100), knights=knights,
                      monsters=(Monster("Boss", "boss", Space(1, 1), 1, "north"),))


def test_the_hint_on_a_board_at_the_limits_checks_first_steps_only(monkeypatch):
    state = _limit_board()
    assert len(state.knights) == 999
    counts = {"reach": 0, "sight": 0, "start": 0}

    def counted(name, real):
        def wrapper(*args, **kwargs):
            counts[name] += 1
            return real(*args, **kwargs)
        return wrapper

    monkeypatch.setattr(geometry, "reach", counted("reach", geometry.reach))
    monkeypatch.setattr(turns, "attack_problem", counted("sight", turns.attack_problem))
    monkeypatch.setattr(turns, "in_turn", counted("start", turns.in_turn))
    kinds = move_kinds("clash", state)
    assert kinds.only() == "Only one kind of move now: Move, or End Turn (T)."
    # every Knight was asked (none can attack or climb), none for its reach, Line of Sight
    # or a started turn: the Boss is at range 1 of no Knight
    assert counts == {"reach": 0, "sight": 0, "start": 0}
    assert listing.legal_types(state, "Knight 999") == {"StartTurn", "MoveKnight", "EndTurn"}
    assert counts == {"reach": 0, "sight": 0, "start": 0}
    # one Knight's own listing: its turn started once, its reach once
    moves = rules.knight_actions(state, state.knight("Knight 500"))
    assert counts == {"reach": 1, "sight": 0, "start": 1}
    assert len(moves) == 2 + len(geometry.reach(state, "Knight 500"))


def test_a_knight_beside_the_boss_is_the_only_one_checked_for_sight(monkeypatch):
    state = _limit_board()
    boss = replace(state.monsters[0], at=Space(3, 1))  # beside Knight 1 on D1
    state = replace(state, monsters=(boss,))
    checked = []
    real = turns.attack_problem
    monkeypatch.setattr(turns, "attack_problem",
                        lambda s, k, m, w: checked.append(k.name) or real(s, k, m, w))
    assert "Attack" in move_kinds("clash", state).types
    assert checked == ["Knight 1"]


def test_speed_one_from_difficult_terrain_has_no_move_even_with_a_clear_first_step():
    state = ClashState(board=Board(3, 3), knights=(Knight("K", Space(1, 1), 1),),
                       terrain=(Terrain("Mud", (Space(1, 1),), ("difficult",)),))
    assert geometry.reach(state, "K") == frozenset()
    assert not geometry.can_move(state, "K")
    assert "MoveKnight" not in listing.legal_types(state)
    state = replace(state, knights=(Knight("K", Space(1, 1), 2),))
    assert geometry.can_move(state, "K") and "MoveKnight" in listing.legal_types(state)


BOSS = Path(__file__).resolve().parent.parent / "layouts" / "clash-example-boss.toml"


def _reroll_question():
    """The example Boss board played with the dice until a re-roll is asked."""
    game, state = layouts.load(BOSS)
    rng = random.Random(3)
    for _ in range(600):
        ask = running.ask_of(state)
        if ask is not None and ask.kind == "reroll":
            return game, state
        state, _ = game.apply(state, next_action(game, state, rng))
    raise AssertionError("no re-roll asked")


def test_rerolls_beyond_the_bound_are_summarised_keep_and_each_die_alone(monkeypatch):
    """The declarations are listed whole up to the bound (the shipped board's are), beyond
    it keeping the roll and each die re-rolled alone by each source it may take, declared
    ``summarised``; the hint still finds the kind without listing."""
    game, state = _reroll_question()
    pairs = running.reroll_candidates(state)
    whole = game.legal_actions(state)
    assert not game.summarised(state, DeclareRerolls())
    assert len(whole) > 1 + len(pairs)
    monkeypatch.setattr(running, "REROLLS_LISTED_UP_TO", 1)
    monkeypatch.setitem(running.SET_CHOICES, DeclareRerolls, replace(
        running.SET_CHOICES[DeclareRerolls], listed_up_to=1))
    summary = game.legal_actions(state)
    assert summary[0] == DeclareRerolls() and set(summary[1:]) == {
        DeclareRerolls((pair,)) for pair in pairs}
    assert set(summary) < set(whole) and game.summarised(state, DeclareRerolls())
    for action in summary:
        game.apply(state, action)
    assert listing.legal_types(state) == {"DeclareRerolls"}


def _old_choose(names, count, holders):
    """The enumeration ``targeting._choose`` replaced: every combination, then filtered."""
    from itertools import combinations

    picks = [tuple(c) for c in combinations(names, count)]
    need = min(count, len(holders))
    return [p for p in picks if len(set(p) & set(holders)) == need]


@settings(max_examples=60)
@given(st.integers(1, 8).flatmap(lambda n: st.tuples(
    st.just([f"K{i}" for i in range(n)]), st.integers(1, n),
    st.lists(st.sampled_from([f"K{i}" for i in range(n)]), max_size=2, unique=True))))
def test_tied_picks_are_the_old_enumeration_in_its_order(case):
    names, count, holders = case
    assert targeting._choose(names, count, holders) == _old_choose(names, count, holders)


def test_999_tied_knights_are_counted_not_enumerated():
    names = [f"Knight {i}" for i in range(999)]
    assert len(targeting._choose(names, 1, [])) == 999
    assert targeting._choose(names, 2, names[5:7]) == [(names[5], names[6])]
    with pytest.raises(targeting.TargetingError, match="498,501 ways"):
        targeting._choose(names, 2, [])
    with pytest.raises(targeting.TargetingError, match="999 Knights are equally viable for 500"):
        targeting._choose(names, 500, [])
