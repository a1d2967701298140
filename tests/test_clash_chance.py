"""The chance points of the Clash's card sequences: every roll a draft waits for is listed
with its exact probability (summing to 1), each listed roll is an answer the draft accepts,
and a seeded playout that draws every roll from those lists reaches the end of the Clash."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from pathlib import Path

from tabletop.dice.chance import throw_outcomes
from tabletop.games import layouts
from tabletop.games.clash import activation_tokens
from tabletop.games.clash import chance as clash_chance
from tabletop.games.clash import knight_attack as ka
from tabletop.games.clash import monster_round as mr
from tabletop.games.clash import sequence as seq
from tabletop.games.clash.actions import EndMonsterRound, EndTurn, MoveKnight
from tabletop.games.clash.geometry import reach
from tabletop.games.clash.rules import apply
from tabletop.games.clash.turns import attack_problem

ROOT = Path(__file__).resolve().parent.parent


def test_a_throw_lists_each_multiset_once_with_its_multinomial_probability():
    outcomes = throw_outcomes(["kf-d10", "kf-d10"])
    assert len(outcomes) == 55  # 10 doubles and 45 pairs
    chances = dict(outcomes)
    assert chances[("3", "3")] == Fraction(1, 100)
    assert chances[("3", "7")] == Fraction(2, 100)
    assert sum(chances.values()) == 1
    crit = throw_outcomes(["kf-d10-white", "kf-d10", "kf-d10", "kf-d10", "kf-d10"])
    assert len(crit) == 10 * 715 and sum(p for _, p in crit) == 1


def test_faces_bearing_the_same_label_are_one_outcome():
    outcomes = throw_outcomes(["kf-power-red"])
    labels = Counter(label for (label,), _ in outcomes)
    assert all(n == 1 for n in labels.values())
    assert sum(p for _, p in outcomes) == 1


def _pick(draft, rng):
    """A random legal answer; at a chance point, a roll drawn from the chance outcomes."""
    ask = draft.ask
    if clash_chance.is_chance_node(draft):
        outcomes = clash_chance.chance_outcomes(draft)
        assert sum(p for _, p in outcomes) == 1
        rolls, weights = zip(*outcomes, strict=True)
        return rng.choices(rolls, weights=[float(w) for w in weights])[0]
    assert clash_chance.chance_outcomes(draft) == []
    if ask.kind == "choose":
        return rng.randrange(len(ask.options))
    if ask.roll_type == "power":
        return {i: "reroll" for i in rng.sample(range(len(ask.roll)), ask.free)}
    return {i: "heat" for i in range(len(ask.roll)) if rng.random() < 0.3}


def _play(draft, answer, rng, seen):
    while not draft.done:
        if clash_chance.is_chance_node(draft):
            seen.append(draft.ask.roll_type)
        draft = answer(draft, _pick(draft, rng))
    return draft


def test_every_chance_outcome_of_a_roll_is_an_answer_the_sequence_accepts():
    _, state = layouts.load(ROOT / "layouts" / "clash-example-boss.toml")
    rng = random.Random(1)
    draft = mr.begin_activation(state)
    while not clash_chance.is_chance_node(draft):
        draft = mr.begin_activation(draft.state) if draft.done else \
            mr.answer(draft, _pick(draft, rng))
    outcomes = clash_chance.chance_outcomes(draft)
    assert sum(p for _, p in outcomes) == 1
    for roll, _ in outcomes:
        mr.answer(draft, roll)
    thrown = seq.throw(draft.ask)
    assert sorted(thrown.labels()) in [sorted(r.labels()) for r, _ in outcomes]


def test_a_seeded_clash_plays_through_its_chance_points():
    _, state = layouts.load(ROOT / "layouts" / "clash-example-mobs.toml")
    rng = random.Random(5)
    seen: list[str] = []
    for _ in range(30):
        while activation_tokens.next_activation(state) is not None and not state.cards.result:
            state = _play(mr.begin_activation(state), mr.answer, rng, seen).state
        if state.cards.result:
            break
        state, _ = apply(state, EndMonsterRound())
        for name in [k.name for k in state.knights]:
            me = state.knight(name)
            if state.cards.result or me is None:
                continue
            if me.knockdown != "falling":
                spaces = sorted(reach(state, me))
                near = [s for s in spaces if any(abs(s.row - m.at.row) <= m.size and
                                                 abs(s.col - m.at.col) <= m.size
                                                 for m in state.monsters)]
                spaces = near or spaces
                if spaces:
                    state, _ = apply(state, MoveKnight(name, rng.choice(spaces)))
                me = state.knight(name)
                options = [(m.name, g.name) for m in state.monsters for g in ka.weapons(state, name)
                           if attack_problem(state, me, m, g.reach) is None]
                if options:
                    monster, weapon = rng.choice(options)
                    state = _play(ka.begin(state, name, monster, weapon), ka.answer, rng,
                                  seen).state
            if state.knight(name) is not None and state.turn.phase == "knight" \
                    and not state.cards.result:
                state, _ = apply(state, EndTurn(name))
    assert state.cards.result in ("victory", "defeat")
    assert {"attack", "power", "evasion", "armor"} <= set(seen)
