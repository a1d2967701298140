"""``tabletop.jsontext.dumps`` writes what ``json.dumps(value, ensure_ascii=False)`` writes, or
refuses what it refuses."""

import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.jsontext import MAX_DEPTH, dumps

TEXT = st.text(alphabet=st.characters(codec=None), max_size=8) | st.sampled_from(
    ["", "\x00\x1f\x7f\u2028\ud800", '"\\/\b\f\n\r\t', "Ünïcode ✓ 𝄞"])
SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | TEXT
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.lists(inner, max_size=3).map(tuple)
                      | st.dictionaries(TEXT, inner, max_size=4)
                      | st.dictionaries(st.integers() | st.booleans() | st.none(), inner,
                                        max_size=2), max_leaves=20)


@given(VALUES)
def test_it_writes_what_json_writes(value):
    assert dumps(value) == json.dumps(value, ensure_ascii=False)


class Count(int):
    """An int subclass, which json writes as a plain number."""


@pytest.mark.parametrize("value", [
    {"question": "range A1 A2", "answer": 1, "why": "adjacent = 1"},
    {"answer": [["B2", "C3"], []], "line": None, "ok": True, "empty": {}},
    [math.nan, -math.inf, 1.5, Count(3)], {1.5: "a", None: [()]}, 10**40, -0,
    [[[[0]]]] * 3, {"a": [{"b": {"c": "\n"}}]},
])
def test_answers_and_the_kinds_it_hands_to_json(value):
    assert dumps(value) == json.dumps(value, ensure_ascii=False)


def test_deep_nesting_and_what_json_refuses_are_json_s_own():
    deep = [0]
    for _ in range(MAX_DEPTH + 5):
        deep = [deep]
    assert dumps(deep) == json.dumps(deep, ensure_ascii=False)
    for refused in ({"a": {1, 2}}, {("a",): 1}, object()):
        with pytest.raises(TypeError) as ours:
            dumps(refused)
        with pytest.raises(TypeError) as theirs:
            json.dumps(refused, ensure_ascii=False)
        assert str(ours.value) == str(theirs.value)
    circular: list = []
    circular.append(circular)
    with pytest.raises(ValueError, match="Circular reference"):
        dumps(circular)
