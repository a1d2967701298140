"""Grading a learner's picks by asking the rules core, never a stored key.

An *ask* step's question is asked with :func:`tabletop.games.query.ask` on the board as it is
now; :func:`right_answers` turns the answer into the sets of picks that are right (one set, or
several when the rules leave a choice to the players); :func:`grade` compares the learner's
picks with the closest of them.  Names are compared without regard to case.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from tabletop.errors import QueryError
from tabletop.games.contract import Game, State
from tabletop.games.query import ask

Picks = frozenset[str]


@dataclass(frozen=True)
class Grade:
    """The verdict on one answer.

    ``right``: whether the picks are a right answer; ``wrong``: picks that are in no right
    answer close to them; ``missing``: what the closest right answer holds that the learner
    did not pick; ``answers``: every right answer (sorted picks); ``why``: the rules core's
    reason in words (the query's ``why``); ``rule`` and ``quote``: the rule in words and the
    rulebook sentence it rests on.
    """

    right: bool
    wrong: tuple[str, ...]
    missing: tuple[str, ...]
    answers: tuple[tuple[str, ...], ...]
    why: str
    rule: str
    quote: str

    def words(self) -> list[str]:
        """The verdict as lines for a person: right or wrong, what was wrong and missing, the
        rule and the rulebook's sentence."""
        lines = ["Right." if self.right else "Not quite."]
        if self.wrong:
            lines.append("Wrong picks: " + ", ".join(self.wrong) + ".")
        if self.missing:
            lines.append("Missing: " + ", ".join(self.missing) + ".")
        if not self.right:
            lines.append("A right answer: " + " | ".join(
                ", ".join(a) if a else "nothing" for a in self.answers) + ".")
        if self.why:
            lines.append(f"Why: {self.why}.".replace("..", "."))
        if self.rule:
            lines.append(f"The rule: {self.rule}")
        if self.quote:
            lines.append(f"Rulebook: \u201c{self.quote}\u201d")
        return lines


def _dig(value: Any, take: str) -> list[Any]:
    """The values at the dotted field path ``take`` in ``value`` (each item of a list)."""
    if isinstance(value, list):
        return [found for item in value for found in _dig(item, take)]
    for part in take.split("."):
        if not isinstance(value, dict):
            return []
        match = next((k for k in value if k.casefold() == part.casefold()), None)
        if match is None:
            return []
        value = value[match]
    return [value]


def _word(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    return str(value)


def right_answers(answer: Any, take: str = "", one: bool = False) -> list[tuple[str, ...]]:
    """The right sets of picks for a query ``answer``.

    true/false -> ``yes``/``no``; a number or nothing -> its word; a list of words -> all of
    them together, or (``one``) any one of them; a list of lists (a tie the players break)
    -> any one of the lists.  ``take`` first picks the dotted field of each answer item
    (``end.Kara`` of every outcome of a movement).
    """
    values: Any = _dig(answer, take) if take else answer
    if take and not one and len(values) == 1:
        values = values[0]
    if isinstance(values, list) and values and all(isinstance(v, list) for v in values):
        sets = [tuple(dict.fromkeys(_word(w) for w in v)) for v in values]
    elif isinstance(values, list):
        words = [_word(v) for v in values if not isinstance(v, dict | list)]
        sets = [(w,) for w in dict.fromkeys(words)] if one else [tuple(dict.fromkeys(words))]
    elif isinstance(values, dict):
        raise QueryError("the answer is a table; the step must name the field to pick (take)")
    else:
        sets = [(_word(values),)]
    return list(dict.fromkeys(tuple(sorted(s, key=reading_order)) for s in sets))


def reply_answers(reply: dict[str, Any], take: str = "", one: bool = False
                  ) -> list[tuple[str, ...]]:
    """The right sets of picks for a whole query ``reply``: :func:`right_answers` of its
    ``answer``; a ``take`` field that the answer does not hold is looked up among the reply's
    other fields (``ability_targets.Broadside``, ``sheltered``, ``path``)."""
    source = reply["answer"]
    if take and not _dig(source, take):
        source = reply
    return right_answers(source, take, one)


def reading_order(word: str) -> tuple[int, str]:
    """Space labels in reading order (A2 before A10), other words alphabetically."""
    head = word.rstrip("0123456789")
    tail = word[len(head):]
    if head.isalpha() and head.isupper() and tail.isdigit() and len(tail) < 4:
        return (0, f"{head:>2}{int(tail):03d}")
    return (1, word.casefold())


def _folded(words: Iterable[str]) -> dict[str, str]:
    return {w.casefold(): w for w in words}


def compare(picks: Iterable[str], answers: list[tuple[str, ...]], *, why: str = "",
            rule: str = "", quote: str = "") -> Grade:
    """The :class:`Grade` of ``picks`` against the right ``answers``: right when the picks are
    exactly one of them; wrong and missing picks measured against the closest one."""
    chosen = _folded(p.strip() for p in picks if p.strip())
    best: tuple[int, tuple[str, ...], tuple[str, ...]] | None = None
    for answer in answers:
        expected = _folded(answer)
        wrong = tuple(sorted((chosen[k] for k in chosen.keys() - expected.keys()),
                             key=reading_order))
        missing = tuple(sorted((expected[k] for k in expected.keys() - chosen.keys()),
                               key=reading_order))
        score = len(wrong) + len(missing)
        if best is None or score < best[0]:
            best = (score, wrong, missing)
    if best is None:
        best = (len(chosen), tuple(sorted(chosen.values(), key=reading_order)), ())
    return Grade(best[0] == 0, best[1], best[2], tuple(answers), why, rule, quote)


def asked(game: Game, state: State, question: str) -> dict[str, Any]:
    """The query's answer to ``question`` about ``state``; an answer carrying an error raises
    :class:`QueryError` with it."""
    answer = ask(game, state, question)
    if "error" in answer:
        raise QueryError(f"{question!r}: {answer['error']}")
    return answer


def grade_ask(game: Game, state: State, step, picks: Iterable[str]) -> Grade:
    """Grade ``picks`` for the ask ``step`` on ``state``: the step's question is asked of the
    rules core now, so an edited board is graded by its own answer."""
    answer = asked(game, state, step.question)
    answers = reply_answers(answer, step.take, step.one)
    return compare(picks, answers, why=str(answer.get("why", "")), rule=step.rule,
                   quote=step.quote)


def expected_matches(found: Any, expect: Any) -> bool:
    """Whether a do step's check answer ``found`` is the ``expect`` the step asks for (a list
    is compared as a set of words, case aside)."""
    if isinstance(expect, tuple):
        return isinstance(found, list) and set(_folded(map(_word, found))) == set(
            _folded(expect))
    if isinstance(expect, str):
        return _word(found).casefold() == expect.casefold()
    return type(found) is type(expect) and found == expect
