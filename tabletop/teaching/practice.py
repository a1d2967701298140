"""Practice without end: random legal boards for a topic, one question each, graded by the
rules core.

Each topic builds layout data from a seeded :class:`random.Random` and loads it through the
game's own layout loader, so every board is legal by the same rules as a shipped layout (a draw
the loader refuses, or whose answer is trivial, is drawn again, a bounded number of times).
The question is a ``tabletop query`` question; its answer is never stored, the grade asks it.
The same seed gives the same boards and questions, so a teacher can hand out a quiz.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from tabletop.errors import TabletopError, UsageError
from tabletop.games import layouts
from tabletop.games.contract import Game, State
from tabletop.games.layoutfile import Source
from tabletop.teaching.grading import (
    Grade,
    asked,
    compare,
    explain,
    reply_answers,
    reply_why,
)
from tabletop.teaching.lessonfile import Lesson, Step

ROWS, COLS = 8, 10
TRIES = 200
"""Draws per question before giving up (a topic whose draws keep failing is a bug)."""
FACINGS = ("north", "east", "south", "west")


@dataclass(frozen=True)
class Quiz:
    """One practice question: the board (``game``, ``state``), the ``prompt`` in words, the
    ``question`` asked of the rules core, what the learner picks, and how the answer is read
    (``take``, ``one``), with the ``rule`` in words and the rulebook ``quote``; ``explain``, a
    question asked about each wrong and missing pick (as a lesson step's)."""

    game: Game
    state: State
    prompt: str
    question: str
    pick: str
    rule: str
    quote: str
    take: str = ""
    one: bool = False
    explain: str = ""

    def answers(self) -> list[tuple[str, ...]]:
        """Every right set of picks, from the rules core now."""
        return reply_answers(asked(self.game, self.state, self.question), self.take, self.one)

    def lesson(self, topic: str, number: int) -> Lesson:
        """This question as a one-step lesson (the window's practice screen walks it)."""
        step = Step("ask", self.prompt, 1, question=self.question, pick=self.pick,
                    take=self.take, one=self.one, explain=self.explain, rule=self.rule,
                    quote=self.quote, overlays=(self.question,))
        book = "fateforge" if self.game.name == "fateforge" else "kingdoms-forlorn"
        return Lesson(f"practice-{topic}", f"Practice: {topic}, question {number}", book,
                      "<practice>", self.game, self.state, (step,))

    def grade(self, picks: list[str]) -> Grade:
        """The :class:`Grade` of ``picks``."""
        answer = asked(self.game, self.state, self.question)
        grade = compare(picks, reply_answers(answer, self.take, self.one),
                        why=reply_why(answer), rule=self.rule, quote=self.quote)
        return explain(self.game, self.state, self.explain, grade)


def _space(row: int, col: int) -> str:
    return f"{chr(ord('A') + row)}{col + 1}"


def _clash(rng: random.Random, knights: int, terrain: int, *, difficult: int = 0,
           near: bool = False) -> dict[str, Any]:
    """Layout data for a random Clash board: one 2x2 Boss, ``knights`` Knights (one next to
    the Boss when ``near``), ``terrain`` one-space Obscuring Obstacles and ``difficult``
    one-space Difficult Terrain tiles, all on distinct spaces."""
    top, left = rng.randrange(1, ROWS - 2), rng.randrange(1, COLS - 2)
    taken = {(top + dy, left + dx) for dy in range(2) for dx in range(2)}
    free = [(r, c) for r in range(ROWS) for c in range(COLS) if (r, c) not in taken]
    rng.shuffle(free)
    if near:
        ring = [(top - 1, left), (top + 2, left + 1), (top, left - 1), (top + 1, left + 2)]
        first = rng.choice(ring)
        free.remove(first)
        free.insert(0, first)
    names = ["Kara", "Odo", "Ubar", "Paracelsa"][:knights]
    data: dict[str, Any] = {
        "game": "clash", "title": "Practice", "board": {"rows": ROWS, "cols": COLS},
        "knights": [{"name": n, "at": _space(*free[i])} for i, n in enumerate(names)],
        "monsters": [{"name": "Eggknight", "type": "boss", "at": _space(top, left), "size": 2,
                      "facing": rng.choice(FACINGS)}],
        "terrain": [],
    }
    spots = free[knights:]
    for i in range(terrain):
        data["terrain"].append({"name": f"Column {i + 1}", "spaces": [_space(*spots[i])],
                                "keywords": ["obstacle", "obscuring", "destructible"]})
    for i in range(difficult):
        data["terrain"].append({"name": f"Rubble {i + 1}",
                                "spaces": [_space(*spots[terrain + i])],
                                "keywords": ["difficult"]})
    return data


def _los(rng: random.Random) -> tuple[dict[str, Any], dict[str, Any]]:
    return _clash(rng, 4, rng.randrange(3, 8)), dict(
        prompt="Which Knights does the Eggknight see?", question="sees Eggknight",
        explain="los Eggknight {pick}",
        pick="pieces", rule="A Monster sees a Knight when one corner-to-corner line between "
                            "them crosses no Obscuring Terrain and the Knight is in none of its "
                            "blindspots.",
        quote="To check LoS, see if you can draw an imaginary unobstructed straight line from "
              "a corner of any space occupied by the Attacker to a corner of any space "
              "occupied by the Target")


def _reach(rng: random.Random) -> tuple[dict[str, Any], dict[str, Any]]:
    data = _clash(rng, 1, rng.randrange(2, 6), difficult=rng.randrange(1, 4))
    data["knights"][0]["speed"] = rng.randrange(2, 4)
    return data, dict(
        prompt="Which spaces can Kara end her Movement Action on?", question="reach Kara",
        pick="spaces", rule="A Knight moves up to its Speed in cardinal steps, never through "
                            "Obstacles or other pieces; Difficult Terrain costs 1 Speed.",
        quote="When you perform your Movement Action, you can move a number of spaces up to "
              "your Knight's Speed value.")


def _knockback(rng: random.Random) -> tuple[dict[str, Any], dict[str, Any]]:
    amount = rng.randrange(2, 4)
    return _clash(rng, 1, rng.randrange(2, 7), near=True), dict(
        prompt=f"The Eggknight's attack has Knockback {amount}. Where does Kara end?",
        question=f"knockback Kara Eggknight {amount}", pick="spaces", take="end.Kara",
        one=True, rule="Knockback moves the Knight away from the Monster in a straight line, "
                       "one space at a time; an Obstacle stops it (a Destructible one is "
                       "destroyed and the Knight stops on its space).",
        quote="Move the affected miniature up to X spaces directly away from the source of "
              "Knockback in a straight line")


def _barricades(rng: random.Random) -> tuple[dict[str, Any], dict[str, Any]]:
    names = {(0, 1): "North", (1, 0): "West", (1, 2): "East", (2, 1): "South"}
    zones = [{"id": "hall", "name": "Hall", "at": [2, 2], "size": [2, 2]}]
    zones += [{"id": n.lower(), "name": n, "at": [c * 2, r * 2], "size": [2, 2]}
              for (r, c), n in names.items()]
    against = sorted(rng.sample(FACINGS, rng.randrange(1, 3)))
    shooter = rng.choice(sorted(names.values()))
    data = {
        "game": "fateforge", "title": "Practice",
        "round": {"number": 1, "of": 3, "phase": "preparation", "order": ["Aria"]},
        "zones": zones,
        "connections": [{"between": [n.lower(), "hall"]} for n in names.values()],
        "barricades": [{"zone": "hall", "against": against}],
        "tokens": [{"kind": "start", "zone": "north"},
                   {"kind": "exit", "zone": "south", "name": "Gate"}],
        "heroes": [{"name": "Aria", "zone": shooter.lower(), "health": 6, "energy": 4}],
        "enemies": [{"name": "Cultist", "type": "white", "initiative": 3, "zone": "hall",
                     "toughness": 1, "band": [{"action": "hit", "within": 0}]}],
    }
    return data, dict(
        prompt=f"The Hall's barricade points {' and '.join(against)}. Can Aria in the "
               f"{shooter} SHOT the Cultist in the Hall?",
        question=f"can-shoot {shooter.lower()} hall", pick="yes-no",
        rule="A shot into a zone with a barricade is blocked when it comes across the edge "
             "the barricade's arrows point to.",
        quote="Heroes and enemies cannot shoot into a zone containing a barricade token from "
              "the direction the arrows point")


TOPICS: dict[str, Callable[[random.Random], tuple[dict[str, Any], dict[str, Any]]]] = {
    "los": _los, "reach": _reach, "knockback": _knockback, "barricades": _barricades,
}
"""The practice topics and the board each draws."""


def quiz(topic: str, rng: random.Random) -> Quiz:
    """The next :class:`Quiz` of ``topic``: a legal board whose answer is worth asking (not
    empty, and for a list not every piece on the board)."""
    make = TOPICS.get(topic)
    if make is None:
        raise UsageError(f"{topic!r} is not a practice topic (topics: {', '.join(TOPICS)})")
    for _ in range(TRIES):
        data, fields = make(rng)
        try:
            game, state = layouts.from_data(data, Source("<practice>"))
            found = Quiz(game, state, **fields)
            answers = found.answers()
        except TabletopError:
            continue
        if answers and all(answers) and not (topic == "los" and len(answers[0]) == 4):
            return found
    raise TabletopError(f"no practice board for {topic!r} after {TRIES} draws")


def quizzes(topic: str, seed: int) -> Iterator[Quiz]:
    """Endless quizzes of ``topic``, the same for the same ``seed``."""
    rng = random.Random(f"{topic}:{seed}")
    while True:
        yield quiz(topic, rng)


@dataclass
class Score:
    """The running score: questions answered and answered right."""

    asked: int = 0
    right: int = 0

    def add(self, grade: Grade) -> None:
        self.asked += 1
        self.right += grade.right

    def words(self) -> str:
        return f"score {self.right}/{self.asked}"
