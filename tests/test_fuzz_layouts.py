"""The fuzz suite: every shipped layout of every game, mutated in structure and values and as
raw text, goes through the loader, ``query``, ``check`` and a short random playout under a
time and memory cap.  Each input ends in one clean error or in a loaded state that
round-trips (see ``tests/fuzzing.py``).

Derandomized and small by default (part of every test run); ``HYPOTHESIS_PROFILE=explore``
tries many more fresh inputs per layout (see the README, *Testing*).
"""

from __future__ import annotations

import pytest
from fuzzing import DOCS, EXPLORE, LAYOUTS, capped, exercise, mutate, mutate_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.cli import main
from tabletop.games.layoutfile import to_toml

FUZZ = settings(max_examples=400 if EXPLORE else 3,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.large_base_example],
                deadline=None)


@pytest.mark.parametrize("name", sorted(DOCS))
@FUZZ
@given(data=st.data())
def test_mutated_layout_is_refused_cleanly_or_plays(name, data):
    doc = mutate(DOCS[name], data, data.draw(st.integers(1, 3), label="mutations"))
    text = to_toml(doc)
    with capped():
        exercise(text, data.draw(st.integers(0, 2**16), label="seed"), name)


@pytest.mark.parametrize("name", sorted(DOCS))
@FUZZ
@given(data=st.data())
def test_mutated_layout_text_is_refused_cleanly_or_plays(name, data):
    text = mutate_text((LAYOUTS[0].parent / name).read_text(encoding="utf-8"), data)
    with capped():
        exercise(text, data.draw(st.integers(0, 2**16), label="seed"), name)


@settings(max_examples=200 if EXPLORE else 10, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(sorted(DOCS)), data=st.data())
def test_check_and_query_print_one_line_for_a_mutated_file(tmp_path, capsys, name, data):
    path = tmp_path / "fuzzed.toml"
    text = mutate_text((LAYOUTS[0].parent / name).read_text(encoding="utf-8"), data)
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    capsys.readouterr()
    with capped():
        code = main(["check", str(path)])
        out, err = capsys.readouterr()
        assert (code, out.count("\n"), err.count("\n")) in ((0, 1, 0), (2, 0, 1))
        main(["query", str(path), "no-such-verb"])
    out, err = capsys.readouterr()
    assert "Traceback" not in err and err.count("\n") <= 1
