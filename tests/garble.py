"""Stale and garbled actions, for the property tests: states reached by seeded random
playouts from every shipped layout, the actions offered in them, and those actions with a
field changed as a stale click, a buggy script or a hostile one might send them."""

from __future__ import annotations

import dataclasses
import functools
import inspect
import random
import sys
import typing
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


def action_kinds(name):
    """Every kind of action of game ``name``: the classes declaring ``CHOICES`` in the
    modules its offered actions come from."""
    modules = {type(a).__module__ for a in offered(name)}
    return sorted((cls for module in modules
                   for _, cls in inspect.getmembers(sys.modules[module], inspect.isclass)
                   if cls.__module__ == module and "CHOICES" in vars(cls)
                   and dataclasses.is_dataclass(cls)), key=lambda cls: cls.__name__)


@functools.cache
def _state_words(name):
    """The strings in the states of :func:`positions` and the offered actions: every name
    an action could carry."""
    found: set[str] = set(_words(name))

    def walk(value, depth=0):
        if isinstance(value, str):
            if len(value) <= 40:
                found.add(value)
        elif dataclasses.is_dataclass(value) and not isinstance(value, type) and depth < 6:
            for part in dataclasses.fields(value):
                walk(getattr(value, part.name), depth + 1)
        elif isinstance(value, (tuple, list, frozenset, set)) and depth < 6:
            for item in list(value)[:60]:
                walk(item, depth + 1)
        elif isinstance(value, dict) and depth < 6:
            for key, item in list(value.items())[:60]:
                walk(key, depth + 1)
                walk(item, depth + 1)

    for state in positions(name):
        walk(state)
    return sorted(found)


def _value_of(hint, data, words, seen):
    """A value for a field typed ``hint``: a word the game knows, a small number, a
    flag, a short tuple of them; else a value that field held in an offered action."""
    origin = typing.get_origin(hint)
    if hint is str:
        return data.draw(st.sampled_from(["", *words]))
    if hint is bool:
        return data.draw(st.booleans())
    if hint is int:
        return data.draw(st.integers(-1, 6))
    if origin is tuple:
        item = typing.get_args(hint)[0]
        size = data.draw(st.integers(0, 4))
        return tuple(_value_of(item, data, words, ()) for _ in range(size))
    if seen:
        return data.draw(st.sampled_from(seen))
    return None


@functools.cache
def _field_values(name):
    """The values each field name holds in the offered actions of game ``name``, across
    kinds (a hero's name from ``Step.hero`` serves ``Block.hero``)."""
    out: dict[str, dict] = {}
    for action in offered(name):
        for part in dataclasses.fields(action):
            out.setdefault(part.name, {})[getattr(action, part.name)] = None
    return {field: tuple(values) for field, values in out.items()}


def made_action(name, data):
    """An action of any kind of game ``name`` (offered or not), each field mostly a value
    that field name holds in an offered action of any kind, else a word, number or flag
    of the game's states."""
    kind = data.draw(st.sampled_from(action_kinds(name)))
    hints = typing.get_type_hints(kind)
    words = _state_words(name)
    known = _field_values(name)
    values = {}
    for part in dataclasses.fields(kind):
        seen = known.get(part.name, ())
        if seen and data.draw(st.integers(0, 3)):
            values[part.name] = data.draw(st.sampled_from(seen))
        else:
            values[part.name] = _value_of(hints[part.name], data, words, seen)
    return kind(**values)
