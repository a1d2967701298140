"""Helpers of the fuzz suite: hostile values, mutations of shipped layouts, and a time and
memory cap around each input.

Every input must end in one of two ways: a :class:`~tabletop.errors.TabletopError` (one clean
error), or a state that answers questions, plays a few random legal actions and round-trips
through its own layout text.  Anything else (another exception, a hang past the time cap,
memory past the cap) fails the test.
"""

from __future__ import annotations

import contextlib
import copy
import os
import random
import signal
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from chance_play import next_action
from hypothesis import strategies as st

from tabletop.errors import TabletopError
from tabletop.games import layouts
from tabletop.games.query import ask

try:
    import resource
except ImportError:  # not on every system: then only the time cap applies
    resource = None  # type: ignore[assignment]

ROOT = Path(__file__).resolve().parent.parent
LAYOUTS = sorted((ROOT / "layouts").glob("*.toml"))
DOCS = {path.name: tomllib.loads(path.read_text(encoding="utf-8")) for path in LAYOUTS}

EXPLORE = os.environ.get("HYPOTHESIS_PROFILE") == "explore"
SECONDS_PER_INPUT = 10
MEMORY_PER_INPUT = 512 * 1024 * 1024
PLAYOUT_STEPS = 4

HOSTILE_STRINGS = (
    "", " ", "-", "--5", "+3", "²", "٣", "1" * 5000, "9" * 40, "0x10", "1e9", "-0",
    "x#²", "iron-sentinel#00002", "iron-sentinel#1", "iron-sentinel#" + "9" * 5000,
    "../secret.toml", "/dev/zero", "/etc/passwd", "~/x", "a\0b", "line\nbreak", "tab\there",
    "[" + " " * 5000 + "a", "a" * 100_000, "Z999", "A0", "A1", "ZZZ9999", "north", "realm",
    "fealty", "1", "2", "0,0", "1,", ",", "draw", "Kara", "\u202e", "\ud7ff", "é" * 300,
)


def deep(levels: int) -> Any:
    """A list nested ``levels`` deep."""
    value: Any = 0
    for _ in range(levels):
        value = [value]
    return value


HOSTILE_VALUES = (
    0, -1, 1, 2, 7, 10**6, 10**6 + 1, -(10**6) - 1, 2**63 - 1, -(2**63), True, False,
    float("inf"), float("nan"), -0.0, 1.5, [], {}, [0, 0], [-1, 5], [99999, 99999],
    [0] * 10_000, ["x"] * 2000, deep(40), {"a": deep(8)},
)

hostile_values = st.one_of(
    st.sampled_from(HOSTILE_VALUES),
    st.sampled_from(HOSTILE_STRINGS),
    st.integers(),
    st.text(max_size=12),
    st.lists(st.integers(min_value=-3, max_value=40), max_size=3),
)


def paths_of(doc: Any, prefix: tuple = ()) -> list[tuple]:
    """Every key path in ``doc`` (tables, lists and leaves), depth first."""
    out = [prefix]
    if isinstance(doc, dict):
        for key, value in doc.items():
            out += paths_of(value, (*prefix, key))
    elif isinstance(doc, list):
        for index, value in enumerate(doc):
            out += paths_of(value, (*prefix, index))
    return out


def _get(doc: Any, path: tuple) -> Any:
    for part in path:
        doc = doc[part]
    return doc


MUTATIONS = ("replace", "delete", "duplicate", "multiply", "unknown", "borrow", "swap-type")


def mutate(doc: dict, data: st.DataObject, count: int) -> dict:
    """``doc`` (a parsed layout) after ``count`` mutations drawn from ``data``: a value
    replaced by a hostile one or by another value of the same layout, a key deleted, an array
    element duplicated or an array multiplied (repeated names, big inputs), an unknown key
    added, a value's type changed."""
    doc = copy.deepcopy(doc)
    for _ in range(count):
        paths = [p for p in paths_of(doc) if p]
        if not paths:
            break
        path = data.draw(st.sampled_from(paths), label="path")
        parent, key = _get(doc, path[:-1]), path[-1]
        kind = data.draw(st.sampled_from(MUTATIONS), label="mutation")
        if kind == "replace" or (kind in ("duplicate", "multiply") and not isinstance(parent,
                                                                                      list)):
            parent[key] = copy.deepcopy(data.draw(hostile_values, label="value"))
        elif kind == "delete":
            del parent[key]
        elif kind == "duplicate":
            parent.insert(key, copy.deepcopy(parent[key]))
        elif kind == "multiply":
            parent.extend(copy.deepcopy(parent[key]) for _ in range(data.draw(
                st.sampled_from((2, 50, 900, 2000)), label="copies")))
        elif kind == "unknown" and isinstance(parent, dict):
            parent[data.draw(st.sampled_from(("zzz", "name", "at", "card_files", "")),
                             label="key")] = copy.deepcopy(data.draw(hostile_values,
                                                                     label="value"))
        elif kind == "borrow":
            source = data.draw(st.sampled_from(paths), label="from")
            parent[key] = copy.deepcopy(_get(doc, source))
        elif kind == "swap-type":
            value = parent[key]
            parent[key] = ([value] if not isinstance(value, list) else
                           str(value[0]) if value else {})
    return doc


TEXT_MUTATIONS = ("insert-line", "truncate", "splice", "deep", "repeat-line")


def mutate_text(text: str, data: st.DataObject) -> str:
    """``text`` (a layout) with a line inserted, repeated or spliced with hostile text, cut
    short, or a deeply nested value added: the classes of the raw-text hazards."""
    lines = text.splitlines()
    at = data.draw(st.integers(0, len(lines)), label="line")
    kind = data.draw(st.sampled_from(TEXT_MUTATIONS), label="text mutation")
    if kind == "insert-line":
        snippet = data.draw(st.sampled_from((
            "[" + " " * 5000 + "a", "[[" + " \t" * 3000 + "x", "a = " + "[" * 2000,
            "b = " + "{c=" * 1000 + "1" + "}" * 1000, 'notes = """' + "\\" * 3000,
            "x = " + "9" * 5000, "\0", "[board]", "[[knights]]", "game = \"clash\"",
            "'" + "a" * 3000, "\ufeff", "\r\r\r",
        )), label="snippet")
        lines.insert(at, snippet)
    elif kind == "truncate":
        return text[:data.draw(st.integers(0, len(text)), label="cut")]
    elif kind == "splice":
        cut = data.draw(st.integers(0, len(text)), label="cut")
        return text[:cut] + data.draw(st.sampled_from(HOSTILE_STRINGS), label="s") + text[cut:]
    elif kind == "deep":
        lines.insert(at, "deep = " + "[" * 500 + "]" * 500)
    elif kind == "repeat-line" and lines:
        line = lines[min(at, len(lines) - 1)]
        lines[at:at] = [line] * data.draw(st.sampled_from((2, 200, 5000)), label="times")
    return "\n".join(lines)


class Hung(Exception):
    """An input ran past the time cap."""


@contextlib.contextmanager
def capped(seconds: float = SECONDS_PER_INPUT, memory: int = MEMORY_PER_INPUT) -> Iterator[None]:
    """Run the body with a wall-clock cap (``Hung`` when it runs out) and, where the system
    allows, an address-space cap ``memory`` bytes above what the process uses now (the
    program's own ``MemoryError`` then ends it)."""

    def alarm(_signum, _frame):
        raise Hung(f"an input ran past {seconds} s")

    if not hasattr(signal, "SIGALRM"):  # no interval timers here (Windows): no caps
        yield
        return
    previous = signal.signal(signal.SIGALRM, alarm)
    limits = None
    if resource is not None:
        limits = resource.getrlimit(resource.RLIMIT_AS)
        used = _address_space()
        if used is not None:
            cap = used + memory
            if limits[1] == resource.RLIM_INFINITY or cap < limits[1]:
                resource.setrlimit(resource.RLIMIT_AS, (cap, limits[1]))
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if limits is not None:
            resource.setrlimit(resource.RLIMIT_AS, limits)


def _address_space() -> int | None:
    """The bytes of address space this process maps now (``None`` where unknown)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return pages * os.sysconf("SC_PAGE_SIZE")


def question_words(doc: Any) -> list[str]:
    """Short strings in ``doc`` (names, labels): the words questions are built from."""
    out: list[str] = []
    for path in paths_of(doc):
        value = _get(doc, path) if path else None
        if isinstance(value, str) and 0 < len(value) <= 30 and value.isprintable():
            out.append(value)
    return out or ["x"]


def exercise(text: str, seed: int, source: str = "<fuzz>") -> str:
    """Load ``text`` and, if it loads, ask every verb a question, play a few random legal
    actions and check the round trip.  Returns ``"refused"`` or ``"loaded"``; any other
    outcome raises."""
    try:
        game, state = layouts.loads(text, source)
    except TabletopError as exc:
        assert str(exc).strip(), "an error with no words"
        return "refused"
    assert game.summary(state)
    assert layouts.loads(layouts.dumps(state))[1] == state, "the layout does not round-trip"
    rng = random.Random(seed)
    try:
        words = question_words(tomllib.loads(text))
    except tomllib.TOMLDecodeError:
        words = ["x"]
    for verb in sorted(game.verbs):
        args = " ".join(f'"{rng.choice(words)}"' for _ in range(rng.randint(0, 3)))
        answer = ask(game, state, f"{verb} {args}")
        assert "answer" in answer or "error" in answer
    for _ in range(PLAYOUT_STEPS):
        action = next_action(game, state, rng)
        if action is None:
            break
        state, events = game.apply(state, action)
        for event in events:
            assert isinstance(game.describe(event), str)
    assert layouts.loads(layouts.dumps(state))[1] == state, "a played state does not round-trip"
    return "loaded"
