"""Fateforge's legal actions on a board with many heroes: the player orders (n heroes, n!
orders) and the dice an Energy Reroll chooses (twelve misses, 4,095 sets) are listed whole
only while they are few; beyond, a sample of orders (``SetOrder`` is an open kind) and a
summary of the dice sets (a ``set_choices`` entry), while ``apply`` takes every one."""

from __future__ import annotations

import itertools
import tomllib
from pathlib import Path

from tabletop.games import layouts
from tabletop.games.fateforge.actions import EnergyReroll, SetOrder
from tabletop.games.fateforge.rules import ORDERS_LISTED_UP_TO
from tabletop.games.layoutfile import to_toml
from tabletop.games.registry import get_game

CHAPEL = Path(__file__).resolve().parent.parent / "layouts" / "fateforge-chapel.toml"
GAME = get_game("fateforge")


def many_heroes(count: int, misses: int):
    """The Chapel in its Preparation Phase with ``count`` heroes, each with twelve dice rolled,
    ``misses`` of them misses."""
    data = tomllib.loads(CHAPEL.read_text())
    names = [f"Hero {chr(65 + i)}" for i in range(count)]
    dice = ["miss"] * misses + ["step"] * (12 - misses)
    data["heroes"] = [dict(data["heroes"][0], name=n, pool=["ff-blue"] * 12, dice=dice)
                      for n in names]
    data["round"]["order"] = names
    return layouts.loads(to_toml(data), "<many heroes>")[1]


def test_eleven_heroes_offer_a_sample_of_orders_and_every_order_is_taken():
    state = many_heroes(11, 0)
    orders = [a.order for a in GAME.legal_actions(state) if isinstance(a, SetOrder)]
    names = state.round.order
    assert orders[0] == names and len(orders) == 11  # as it stands, and each one first
    assert {order[0] for order in orders} == set(names)
    GAME.apply(state, SetOrder(tuple(reversed(names))))  # not listed, still taken


def test_five_heroes_offer_every_order():
    state = many_heroes(5, 0)
    orders = {a.order for a in GAME.legal_actions(state) if isinstance(a, SetOrder)}
    assert len(orders) == ORDERS_LISTED_UP_TO == 120
    assert orders == set(itertools.permutations(state.round.order))


def test_twelve_misses_offer_a_summary_of_reroll_sets_and_every_set_is_taken():
    state = many_heroes(3, 12)
    hero = state.heroes[0].name
    offered = [a.dice for a in GAME.legal_actions(state)
               if isinstance(a, EnergyReroll) and a.hero == hero]
    assert offered == [(i,) for i in range(12)] + [tuple(range(12))]
    assert GAME.summarised(state, EnergyReroll(hero, (0, 1)))
    GAME.apply(state, EnergyReroll(hero, (3, 5, 7)))


def test_six_misses_offer_every_reroll_set():
    state = many_heroes(1, 6)
    offered = [a.dice for a in GAME.legal_actions(state) if isinstance(a, EnergyReroll)]
    assert len(offered) == 63 and not GAME.summarised(state, EnergyReroll("Hero A", (0,)))
