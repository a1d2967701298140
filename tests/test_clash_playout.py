"""Seeded playouts of whole Clashes with the example cards, from the first Monster Round to
a Victory or a Defeat, every choice a random legal one: the board, the tracks and the cards
never reach an illegal state (a saved board always loads back)."""

from __future__ import annotations

import functools
import random
from pathlib import Path

import pytest

from tabletop.games import layouts
from tabletop.games.clash import activation_tokens, geometry, turns
from tabletop.games.clash import knight_attack as ka
from tabletop.games.clash import monster_round as mr
from tabletop.games.clash import sequence as seq
from tabletop.games.clash.actions import EndMonsterRound, EndTurn, MoveKnight, StartTurn
from tabletop.games.clash.rules import apply

ROOT = Path(__file__).resolve().parent.parent


def answer_randomly(draft, answer, rng):
    """Play ``draft`` to its end with random legal answers."""
    while not draft.done:
        ask = draft.ask
        if ask.kind == "choose":
            value = rng.randrange(len(ask.options))
        elif ask.kind == "roll":
            value = seq.throw(ask)
        elif ask.roll_type == "power":
            value = {i: "reroll" for i in rng.sample(range(len(ask.roll)), ask.free)}
        else:
            picks = [i for i in range(len(ask.roll)) if rng.random() < 0.3]
            value = {i: "heat" for i in picks[:ask.heat]}
        draft = answer(draft, value)
    return draft


def check(state) -> None:
    """The board and the tracks are legal: the layout loader accepts the saved board, the
    Knights' tracks are in range, the Wound Stack and the result agree."""
    layouts.loads(layouts.dumps(state), str(ROOT / "layouts" / "x.toml"))
    for knight in state.knights:
        assert 0 <= knight.vigor <= 15 and 0 <= knight.heat <= 9 and 0 <= knight.passion <= 9
    cards = state.cards
    assert (cards.result == "victory") == (cards.wounds() >= cards.wounds_needed())
    assert (cards.result == "defeat") == (not state.knights)
    assert len(state.mob_spaces) <= 10
    assert all(state.monster(m) is not None for m, _ in cards.mob_cards)


def play(name: str, seed: int):
    _, state = layouts.load(ROOT / "layouts" / name)
    rng = random.Random(seed)
    for _ in range(30):
        while activation_tokens.next_activation(state) is not None and not state.cards.result:
            state = answer_randomly(mr.begin_activation(state), mr.answer, rng).state
            check(state)
        if state.cards.result:
            return state
        state, _ = apply(state, EndMonsterRound())
        for knight in [k.name for k in state.knights]:
            if state.cards.result or state.knight(knight) is None:
                continue
            state, _ = apply(state, StartTurn(knight))
            me = state.knight(knight)
            if me.knockdown != "falling":
                near = [s for s in sorted(geometry.reach(state, me))
                        if any(abs(s.row - m.at.row) <= m.size and
                               abs(s.col - m.at.col) <= m.size for m in state.monsters)]
                spaces = near or sorted(geometry.reach(state, me))
                if spaces:
                    state, _ = apply(state, MoveKnight(knight, rng.choice(spaces)))
                me = state.knight(knight)
                options = [(m.name, g.name) for m in state.monsters
                           for g in ka.weapons(state, knight)
                           if turns.attack_problem(state, me, m, g.reach) is None]
                if options:
                    monster, weapon = rng.choice(options)
                    state = answer_randomly(ka.begin(state, knight, monster, weapon),
                                            ka.answer, rng).state
                    check(state)
            if state.knight(knight) is not None and state.turn.phase == "knight" \
                    and not state.cards.result:
                state, _ = apply(state, EndTurn(knight))
        if state.cards.result:
            return state
    return state


@functools.cache
def played(name: str, seed: int):
    return play(name, seed)


@pytest.mark.parametrize(("name", "seed"), [("clash-example-boss.toml", 0),
                                            ("clash-example-mobs.toml", 7),
                                            ("clash-example-mobs.toml", 2)])
def test_seeded_playout_of_a_whole_clash(name, seed):
    end = played(name, seed)
    assert end.cards.result in ("victory", "defeat")
    assert end.turn.round > 1


def test_a_seeded_clash_plays_the_same_again():
    assert play("clash-example-mobs.toml", 7) == played("clash-example-mobs.toml", 7)


def test_playouts_reach_a_victory_and_a_defeat():
    results = {played("clash-example-mobs.toml", seed).cards.result for seed in (7, 2)}
    assert results == {"victory", "defeat"}
