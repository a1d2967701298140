"""Grading a learner's picks by asking the rules core, never a stored key.

An *ask* step's question is asked with :func:`tabletop.games.query.ask` on the board as it is
now; :func:`right_answers` turns the answer into the sets of picks that are right (one set, or
several when the rules leave a choice to the players); :func:`compare` grades the learner's
picks against the closest of them: as a set, or, for a step whose answer is an order (the
order Activation tokens resolve, the jousts on The List), as a sequence
(:func:`compare_order`).  Names are compared without regard to case.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable
from dataclasses import dataclass, replace
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
    did not pick; ``answers``: every right answer (sorted picks, or in order for an ordered
    answer); ``why``: the rules core's reason in words (the query's ``why``); ``rule`` and
    ``quote``: the rule in words and the rulebook sentence it rests on.

    For an ordered answer (``ordered``), ``picks`` are the learner's picks in the order given
    and ``slip`` is the 0-based place where they first leave the closest right order (``None``
    when they never do); ``expected`` is what that order puts there (``""`` when the picks run
    on past its end).
    """

    right: bool
    wrong: tuple[str, ...]
    missing: tuple[str, ...]
    answers: tuple[tuple[str, ...], ...]
    why: str
    rule: str
    quote: str
    ordered: bool = False
    picks: tuple[str, ...] = ()
    slip: int | None = None
    expected: str = ""
    shown: bool = False
    """The learner asked for the answer (Show answer): it is shown, counted as not right."""
    details: tuple[tuple[str, str, str], ...] = ()
    """For a wrong answer to a step with ``explain``: ``(pick, question, why)`` for each wrong
    and missing pick, the rules core's reason about that one pick (drawn on the board too;
    ``question`` is empty when the pick names nothing it can be asked about, and ``why``
    says so)."""
    bound: str = ""
    """For a wrong *do* answer whose action can take more picks than a lesson tries: which
    were tried, in words (the answers are the passing picks among them)."""

    def words(self) -> list[str]:
        """The verdict as lines for a person: right or wrong, what was wrong and missing (for an
        order, where it first went wrong), the rule and the rulebook's sentence."""
        lines = ["The answer, shown (counted as not right)." if self.shown
                 else "Right." if self.right else "Not quite."]
        if self.ordered and self.slip is not None and self.picks:
            place = _ordinal(self.slip + 1)
            if self.slip >= len(self.picks):
                lines.append(f"Your order stops after {len(self.picks)}: "
                             f"{self.expected} comes {place}.")
            elif self.expected:
                lines.append(f"Your order first goes wrong at the {place} pick: "
                             f"{self.picks[self.slip]}, where the rules put {self.expected}.")
            else:
                lines.append(f"Your order runs on past its end at the {place} pick: "
                             f"{self.picks[self.slip]}.")
        if self.wrong:
            lines.append("Wrong picks: " + ", ".join(self.wrong) + ".")
        if self.missing:
            lines.append("Missing: " + ", ".join(self.missing) + ".")
        for pick, _, why in self.details:
            lines.append(f"{pick}: {why}.".replace("..", "."))
        if not self.right and len(self.answers) > 1 and all(len(a) == 1 for a in self.answers):
            lines.append("Any one of these is right: "
                         + ", ".join(a[0] for a in self.answers) + ".")
        elif not self.right and (self.answers or not self.bound):
            joint = " > " if self.ordered else ", "
            lines.append(("The right order: " if self.ordered else "A right answer: ")
                         + " | ".join(joint.join(a) if a else "nothing" for a in self.answers)
                         + ".")
        if self.bound and not self.right:
            lines.append(self.bound)
        if self.why and not self.details:  # explained picks say more than the general why
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


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n if n < 20 else n % 10, f"{n}th")


def split_picks(line: str) -> list[str]:
    """The picks a learner typed: separated by commas when there is one (names with spaces,
    ``Ser Sonch, Kara``), else by spaces (``C4 D5``); in the order typed."""
    parts = line.split(",") if "," in line else line.split()
    return [" ".join(p.split()) for p in parts if p.strip()]


def right_answers(answer: Any, take: str = "", one: bool = False, ordered: bool = False
                  ) -> list[tuple[str, ...]]:
    """The right sets of picks for a query ``answer``.

    true/false -> ``yes``/``no``; a number or nothing -> its word; a list of words -> all of
    them together, or (``one``) any one of them; a list of lists (a tie the players break)
    -> any one of the lists.  ``take`` first picks the dotted field of each answer item
    (``end.Kara`` of every outcome of a movement).  ``ordered`` keeps each answer in the
    rules core's order (a name that comes twice, a Mob activating twice, stays twice);
    otherwise the picks of an answer are sorted in reading order.
    """
    values: Any = _dig(answer, take) if take else answer
    if take and not one and len(values) == 1:
        values = values[0]

    def kept(words: list[str]) -> tuple[str, ...]:
        return tuple(words) if ordered else tuple(dict.fromkeys(words))

    if isinstance(values, list) and values and all(isinstance(v, list) for v in values):
        sets = [kept([_word(w) for w in v]) for v in values]
    elif isinstance(values, list):
        words = [_word(v) for v in values if not isinstance(v, dict | list)]
        sets = [(w,) for w in dict.fromkeys(words)] if one else [kept(words)]
    elif isinstance(values, dict):
        raise QueryError("the answer is a table; the step must name the field to pick (take)")
    else:
        sets = [(_word(values),)]
    if ordered:
        return list(dict.fromkeys(sets))
    return list(dict.fromkeys(tuple(sorted(s, key=reading_order)) for s in sets))


def reply_answers(reply: dict[str, Any], take: str = "", one: bool = False,
                  ordered: bool = False) -> list[tuple[str, ...]]:
    """The right sets of picks for a whole query ``reply``: :func:`right_answers` of its
    ``answer``; a ``take`` field that the answer does not hold is looked up among the reply's
    other fields (``ability_targets.Broadside``, ``sheltered``, ``path``)."""
    source = reply["answer"]
    if take and not _dig(source, take):
        source = reply
    return right_answers(source, take, one, ordered)


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


def compare_order(picks: Iterable[str], answers: list[tuple[str, ...]], *, why: str = "",
                  rule: str = "", quote: str = "") -> Grade:
    """The :class:`Grade` of ``picks`` given in order against the right orders ``answers``:
    right when the picks are one of them, in the same order.  Otherwise the closest order
    (the longest run of right picks from the start, then the fewest wrong and missing) says
    where the picks first went wrong; wrong picks are those in no place of it, missing ones
    those of it not picked."""
    given = tuple(p.strip() for p in picks if p.strip())
    folded = [p.casefold() for p in given]
    best: tuple[tuple[int, int], tuple[str, ...]] | None = None
    for answer in answers:
        lead = next((i for i, (a, b) in enumerate(zip(folded, answer, strict=False))
                     if a != b.casefold()), min(len(folded), len(answer)))
        extra = len(set(folded) ^ {a.casefold() for a in answer})
        key = (-lead, extra)
        if best is None or key < best[0]:
            best = (key, answer)
    answer = best[1] if best is not None else ()
    expected = {a.casefold(): a for a in answer}
    wrong = tuple(dict.fromkeys(p for p in given if p.casefold() not in expected))
    have = set(folded)
    missing = tuple(dict.fromkeys(a for a in answer if a.casefold() not in have))
    right = folded == [a.casefold() for a in answer]
    slip = None if right else -best[0][0]
    there = answer[slip] if slip is not None and slip < len(answer) else ""
    return Grade(right, wrong, missing, tuple(answers), why, rule, quote, ordered=True,
                 picks=given, slip=slip, expected=there)


MAX_EXPLAINED = 4
"""Picks explained one by one after a wrong answer (the board keeps room for their lines)."""


def explain(game: Game, state: State, template: str, grade: Grade) -> Grade:
    """``grade`` with the rules core's reason for each wrong and missing pick: ``template``
    (a question with ``{pick}``, such as ``los Eggknight {pick}``) asked about each, at most
    :data:`MAX_EXPLAINED`; a right grade is returned as it is."""
    if grade.right or not template:
        return grade
    picks = list(dict.fromkeys(grade.wrong + grade.missing
                               + ((grade.expected,) if grade.expected else ())))
    details = []
    for pick in picks[:MAX_EXPLAINED]:
        question = template.replace("{pick}", shlex.quote(pick))
        reply = ask(game, state, question)
        if "error" in reply:  # a typed pick that names nothing the question knows
            details.append((pick, "", str(reply["error"])))
        else:
            details.append((pick, question, str(reply.get("why", "")) or _word(reply["answer"])))
    return replace(grade, details=tuple(details))


def reply_why(reply: dict[str, Any]) -> str:
    """The rules core's reason in a query ``reply``: its ``why``; for a movement with a single
    outcome, what happens in it (its events in words), which says more than "1 outcome"."""
    outcomes = reply.get("answer")
    if isinstance(outcomes, list) and len(outcomes) == 1 and isinstance(outcomes[0], dict) \
            and outcomes[0].get("events"):
        return " ".join(str(e) for e in outcomes[0]["events"]).rstrip(".")
    return str(reply.get("why", ""))


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
    answers = reply_answers(answer, step.take, step.one, step.ordered)
    grader = compare_order if step.ordered else compare
    grade = grader(picks, answers, why=reply_why(answer), rule=step.rule, quote=step.quote)
    return explain(game, state, step.explain, grade)


def expected_matches(found: Any, expect: Any) -> bool:
    """Whether a do step's check answer ``found`` is the ``expect`` the step asks for (a list
    is compared as a set of words, case aside)."""
    if isinstance(expect, tuple):
        return isinstance(found, list) and set(_folded(map(_word, found))) == set(
            _folded(expect))
    if isinstance(expect, str):
        return _word(found).casefold() == expect.casefold()
    return type(found) is type(expect) and found == expect
