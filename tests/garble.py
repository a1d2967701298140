"""Stale and garbled actions, for the property tests: states reached by seeded random
playouts from every shipped layout, the actions offered in them, and those actions with a
field changed as a stale click, a buggy script or a hostile one might send them."""

from __future__ import annotations

import dataclasses
import functools
import random
from pathlib import Path

from chance_play import next_action
from hypothesis import strategies as st

from tabletop.games import layouts
from tabletop.games.registry import get_game
from tabletop.spatial.grid import Space

SHIPPED = sorted((Path(__file__).resolve().parent.parent / "layouts").glob("*.toml"))


@functools.cache
def _loaded(path: Path):
    return layouts.load(path)


@functools.cache
def positions(name):
    """States of game ``name``: its shipped layouts and every fifth state of a seeded random
    playout from each."""
    out = []
    for path in SHIPPED:
        game, state = _loaded(path)
        if game.name != name:
            continue
        out.append(state)
        rng = random.Random(path.name)
        for step in range(25):
            action = next_action(game, state, rng)
            if action is None:
                break
            state = game.apply(state, action)[0]
            if step % 5 == 4:
                out.append(state)
    return tuple(out)


@functools.cache
def offered(name):
    """Every action offered in some state of :func:`positions` (each once): the players'
    actions and the chance outcomes."""
    game = get_game(name)
    return tuple(dict.fromkeys(
        a for s in positions(name)
        for a in [*game.legal_actions(s), *(o for o, _ in game.chance_outcomes(s))]))


@functools.cache
def _words(name):
    return sorted({v for a in offered(name)[:200] for v in vars(a).values()
                   if isinstance(v, str)})


def garbled_action(name, data):
    """An action offered somewhere in game ``name``, changed in up to two fields."""
    action = data.draw(st.sampled_from(offered(name)))
    for _ in range(data.draw(st.integers(0, 2))):
        action = garbled(action, data, _words(name))
    return action


def odd_like(value, data, words):
    """A value of ``value``'s type that a click or a stale action could carry: an unknown or
    borrowed name, an out-of-range number, a space off the board, a changed tuple."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return data.draw(st.sampled_from([-1, 0, 99, 10 ** 9, -(10 ** 9), value + 1, value - 1]))
    if isinstance(value, str):
        return data.draw(st.sampled_from(["", "ZZ999", value.upper(), value + "x", *words]))
    if isinstance(value, Space):
        return data.draw(st.sampled_from([Space(-1, -1), Space(0, -1), Space(999, 999),
                                          Space(value.row + 1, value.col)]))
    if isinstance(value, tuple) and value and data.draw(st.booleans()):
        index = data.draw(st.integers(0, len(value) - 1))
        return (*value[:index], odd_like(value[index], data, words), *value[index + 1:])
    if isinstance(value, tuple):
        return data.draw(st.sampled_from([(), value + value, value[:-1], value[::-1]]))
    if value is None:
        return data.draw(st.sampled_from([0, -1, 99]))
    if dataclasses.is_dataclass(value):
        return garbled(value, data, words)
    return value


WRONG_KINDS = [None, "ZZ999", -1, 1.5, (), ("x",), [], Space(0, 0), True]


def garbled(action, data, words):
    """``action`` with one field changed: mostly to a value of its own kind, sometimes to a
    value of a wrong kind (as a buggy or hostile script might send)."""
    fields = dataclasses.fields(action)
    if not fields:
        return action
    field = data.draw(st.sampled_from(fields))
    value = getattr(action, field.name)
    odd = (data.draw(st.sampled_from(WRONG_KINDS)) if data.draw(st.integers(0, 3)) == 0
           else odd_like(value, data, words))
    return dataclasses.replace(action, **{field.name: odd})
