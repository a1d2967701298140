"""Lesson files: a layout plus ordered steps, read and checked all or nothing.

The format is in ``docs/lessons.md``.  Every mistake in a file raises one
:class:`~tabletop.errors.LayoutError` line naming the file, the line, the step and the field
(``lessons/x.toml:14: step 3 (ask): pick: 'piece' is not one of …``).  Files are read as
layouts are (:func:`tabletop.games.layoutfile.read_text`: regular files only, at most 1 MiB)
before any parsing; every number in a file is a TOML integer
(``tomllib`` parses them strictly) checked against its range.
"""

from __future__ import annotations

import os
import shlex
from dataclasses import dataclass, field
from importlib.resources import as_file
from pathlib import Path
from typing import Any

from tabletop import resources
from tabletop.errors import LayoutError
from tabletop.games import layouts
from tabletop.games.contract import Game, State
from tabletop.games.layoutfile import Source, Table, parse_toml, read_text

MAX_STEPS = 200
MAX_TEXT = 4000
"""Characters of one text field (a prompt, a rule, a quote)."""
MAX_OVERLAYS = 8

STEP_KINDS = ("say", "ask", "do", "play")
PICKS = ("pieces", "spaces", "zones", "tiles", "cards", "yes-no", "number", "words")
"""What a learner answers with: pieces, spaces (Clash), zones (Fateforge, Almokon), tiles
(Kingdom), cards (Almokon, King's Champion), yes or no, a number, or typed words."""
BOOKS = {
    "kingdoms-forlorn": "kingdoms-forlorn-rulebook.txt",
    "kings-champion": "kings-champion-rulebook.txt",
    "land-of-almokon": "land-of-almokon-core-set.txt",
    "fateforge": "fateforge-rulebook.txt",
}
"""The rulebooks a lesson may quote, by the name a lesson file gives them."""


@dataclass(frozen=True)
class Step:
    """One step.  ``kind`` is say, ask, do or play; ``text`` what the learner reads.

    - ask: ``question`` (a ``tabletop query`` question), ``pick`` (what the learner answers
      with), ``take`` (the field of each answer item that is picked, dotted: ``end.Kara``),
      ``one`` (the answer lists choices; any one of them is right), ``ordered`` (the answer is
      an order: the learner's picks are graded in the order given), ``explain`` (a question
      with ``{pick}``, asked about each wrong and missing pick after a wrong answer: its
      ``why`` is said and its picture drawn, ``los Eggknight {pick}``);
    - do: ``action`` (the words of the learner's action with ``{pick}`` where the picked
      place or piece goes, as the game writes its actions), ``pick``, ``check`` (a question
      asked on the board after the action) and ``expect`` (the answer it must give);
    - play: ``action`` (a movement question such as ``knockback Kara Eggknight 3``, or an
      action in the game's words) and ``option`` (1-based, when the players would choose);
    - every ask and do step carries ``rule`` (the rule in words) and ``quote`` (the rulebook
      sentence it rests on); ``overlays`` are questions drawn on the board (say: with the
      text; ask and do: with the feedback).
    """

    kind: str
    text: str
    number: int
    line: int | None = None
    overlays: tuple[str, ...] = ()
    question: str = ""
    pick: str = ""
    take: str = ""
    one: bool = False
    ordered: bool = False
    explain: str = ""
    action: str = ""
    check: str = ""
    expect: Any = None
    option: int = 1
    rule: str = ""
    quote: str = ""

    @property
    def graded(self) -> bool:
        """Whether the learner answers this step (ask or do)."""
        return self.kind in ("ask", "do")

    @property
    def label(self) -> str:
        """``step 3 (ask)``: how messages name the step."""
        return f"step {self.number} ({self.kind})"


@dataclass(frozen=True)
class Lesson:
    """A lesson: its ``name`` (file name without ``.toml``), ``title``, the ``book`` it quotes,
    the ``game`` and starting ``state`` of its layout, ``notes`` and ``steps``."""

    name: str
    title: str
    book: str
    layout: str
    game: Game
    state: State
    steps: tuple[Step, ...]
    notes: str = ""
    source: str = field(default="<lesson>", compare=False)

    @property
    def graded_steps(self) -> int:
        """How many steps the learner answers."""
        return sum(step.graded for step in self.steps)


def _text(value: str) -> str | None:
    if not value.strip():
        return "is empty"
    if len(value) > MAX_TEXT:
        return f"is {len(value)} characters long, more than {MAX_TEXT}"
    return None


def _words(value: str) -> str | None:
    problem = _text(value)
    if problem:
        return problem
    try:
        shlex.split(value)
    except ValueError as exc:
        return f"cannot be read as words: {exc}"
    return None


def _free_text(table: Table, key: str, check=None) -> str:
    """The free text under ``key`` (a step's words, rule, quote, question or action): a
    string of at most :data:`MAX_TEXT` characters that ``check`` (default: not empty) accepts;
    a missing key is an error."""
    if not table.has(key):
        table.req(key, str)  # raises: the key is missing
    value = table.get(key, object)
    if not isinstance(value, str):
        raise table.error(key, f"must be a string, not {type(value).__name__}")
    problem = (check or _text)(value)
    if problem:
        raise table.error(key, problem)
    return value


def _questions(table: Table, key: str) -> tuple[str, ...]:
    """A list of at most :data:`MAX_OVERLAYS` questions (absent: none), each readable as
    words."""
    values = table.get(key, list, [])
    if len(values) > MAX_OVERLAYS:
        raise table.error(key, f"holds {len(values)} questions, at most {MAX_OVERLAYS}")
    for value in values:
        if not isinstance(value, str):
            raise table.error(key, f"must be a list of strings, but holds "
                                   f"{type(value).__name__}")
        problem = _words(value)
        if problem:
            raise table.error(key, f"{value[:40]!r} {problem}")
    return tuple(values)


def _expect(table: Table) -> Any:
    """The ``expect`` value of a do step: true/false, a whole number, a string or a list of
    strings."""
    if not table.has("expect"):
        table.get("expect", object)
        raise table.error(None, "is missing the key 'expect'")
    value = table.get("expect", object)
    if isinstance(value, bool | str):
        return value
    if isinstance(value, int):
        if abs(value) > 10**6:
            raise table.error("expect", f"{value} is out of range (at most 1000000)")
        return value
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise table.error("expect", "must be true, false, a whole number, a string or a list of "
                                "strings")


def _step(table: Table, number: int) -> Step:
    kinds = [kind for kind in STEP_KINDS if table.has(kind)]
    if len(kinds) != 1:
        said = ", ".join(kinds) if kinds else "none"
        raise table.error(None, f"must have exactly one of the keys say, ask, do, play "
                                f"(has: {said})")
    kind = kinds[0]
    table.label = f"step {number} ({kind})"
    line = table.source.line_of(table.path)
    text = _free_text(table, kind)
    overlays = _questions(table, "overlays")
    fields: dict[str, Any] = {}
    if kind == "ask":
        fields["question"] = _free_text(table, "question", _words)
        fields["take"] = table.get("take", str, "", check=_take)
        fields["one"] = table.get("one", bool, False)
        fields["ordered"] = table.get("order", bool, False)
        if table.has("explain"):
            fields["explain"] = _free_text(table, "explain", _template)
        if fields["one"] and fields["ordered"]:
            raise table.error("order", "goes with an answer of several picks in order; "
                                       "'one = true' asks for a single pick")
    if kind in ("ask", "do"):
        fields["pick"] = table.choice("pick", PICKS)
        fields["rule"] = _free_text(table, "rule")
        fields["quote"] = _free_text(table, "quote")
    if kind == "do":
        fields["action"] = _free_text(table, "action", _template)
        fields["check"] = _free_text(table, "check", _words)
        fields["expect"] = _expect(table)
    if kind == "play":
        fields["action"] = _free_text(table, "action", _words)
        fields["option"] = table.get("option", int, 1, check=_option)
    table.done()
    return Step(kind, " ".join(text.split()), number, line, overlays, **fields)


def _take(value: str) -> str | None:
    parts = value.split(".")
    if not value or any(not part or not part.isprintable() for part in parts) or len(parts) > 4:
        return "must be a field name, or names joined by dots (end.Kara)"
    return None


def _template(value: str) -> str | None:
    problem = _text(value)
    if problem:
        return problem
    if value.count("{pick}") != 1 or value.replace("{pick}", "").count("{") or \
            value.replace("{pick}", "").count("}"):
        return "must hold {pick} exactly once (where the learner's pick goes) and no other braces"
    return None


def _option(value: int) -> str | None:
    return None if 1 <= value <= 99 else f"{value} is not an option from 1 to 99"


def _layout(table: Table, here: Path) -> tuple[str, Game, State]:
    """The layout a lesson names: a shipped layout's name, or a path relative to the lesson."""
    word = table.req("layout", str, check=_text)
    entry = resources.find(word) if Path(word).suffix in ("", ".toml") else None
    if entry is not None:
        with as_file(entry) as path:
            text, shown = read_text(path), f"layouts/{Path(str(path)).name}"
    else:
        path = here.parent / word
        if not path.is_file():
            raise table.error("layout", f"{word!r} is neither a shipped layout nor a file "
                                        f"beside the lesson")
        text, shown = read_text(path), str(path)
    game, state = layouts.loads(text, shown)
    return word, game, state


def loads(text: str, source_name: str, *, here: Path | None = None) -> Lesson:
    """The lesson in ``text`` (named ``source_name`` in errors); ``here`` is the lesson file's
    path, for a layout named by a relative path."""
    source = Source(source_name, text)
    top = Table(parse_toml(text, source_name), source, ())
    title = top.req("title", str, check=_text)
    book = top.choice("book", tuple(BOOKS))
    notes = top.get("notes", str, "")
    word, game, state = _layout(top, here or Path(source_name))
    raw_steps = top.get("step", list, [])
    if not raw_steps:
        raise top.error(None, "has no [[step]] tables (a lesson is a list of steps)")
    if len(raw_steps) > MAX_STEPS:
        raise top.error("step", f"holds {len(raw_steps)} steps, at most {MAX_STEPS}")
    steps = tuple(_step(table, index + 1) for index, table in enumerate(top.tables("step")))
    top.done()
    name = Path(source_name).name.removesuffix(".toml")
    return Lesson(name, " ".join(title.split()), book, word, game, state, steps,
                  " ".join(notes.split()), source_name)


def load(path: str | os.PathLike) -> Lesson:
    """The lesson in the file at ``path``."""
    return loads(read_text(path), str(path), here=Path(path))


def shipped_names() -> list[str]:
    """The names of the shipped lessons, sorted."""
    return [item.name for item in resources.shipped("lessons")]


def load_named(word: str) -> Lesson:
    """The lesson ``word`` names: a file path, or a shipped lesson's name."""
    if Path(word).suffix == ".toml" and os.path.exists(word):
        return load(word)
    entry = resources.find_in("lessons", word)
    if entry is None:
        if os.path.exists(word):
            return load(word)
        raise LayoutError("is neither a lesson file nor a shipped lesson; `tabletop learn` "
                          "lists them", source=word if word.isprintable() else repr(word))
    with as_file(entry) as path:
        lesson = load(path)
    return lesson
