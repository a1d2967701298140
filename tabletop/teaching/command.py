"""``tabletop learn``: list the lessons with progress, check them headlessly, walk one in the
terminal (``--text``; the window's lesson screen is :mod:`tabletop.ui.controllers.lesson`),
and practise a topic.

In the terminal a learner answers each ask or do step with one line: the picks separated by
commas or spaces (``Kara, Odo``; ``C4``; ``yes``); an empty line or ``?`` shows the answer and
goes on; end of input stops.  Progress is saved after every step.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Iterator

from tabletop.console import say
from tabletop.errors import TabletopError, UsageError
from tabletop.numbers import parse_int, shorten
from tabletop.teaching import lessonfile, practice, progress
from tabletop.teaching.grading import Grade, split_picks
from tabletop.teaching.runner import LessonRun, check

EXIT_OK, EXIT_FAILED = 0, 1
FIRST_LESSON = "clash-line-of-sight"
"""The lesson the list suggests to a learner who has never read a rulebook."""
MAX_ROUNDS = 10_000
MAX_LINE = 2000


def whole(text: str, what: str, high: int) -> int:
    """``text`` as a whole number from 0 to ``high`` (the project's strict reading,
    :func:`tabletop.numbers.parse_int`); else a UsageError."""
    value = parse_int(text, 0, high)
    if value is None:
        raise UsageError(f"{what} {shorten(text)!r} must be a whole number from 0 to {high}")
    return value


def _wrap(text: str, indent: str = "  ") -> None:
    say(textwrap.fill(text, width=96, initial_indent=indent, subsequent_indent=indent))


def _lines() -> Iterator[str]:
    for line in sys.stdin:
        yield line[:MAX_LINE].strip()


def _grade(grade: Grade) -> None:
    for line in grade.words():
        _wrap(line)


def board_words(state) -> list[str]:
    """The board in a few lines of text, for a terminal: a Clash board as a grid of letters
    with a key, any other board as its summary."""
    from tabletop.games.registry import game_of

    game = game_of(state)
    if game.name != "clash":
        return [game.summary(state)]
    marks: dict[tuple[int, int], str] = {}
    key = []
    for tile in state.terrain:
        letter = "#" if tile.has("obstacle") else "~"
        for space in tile.spaces:
            marks[(space.row, space.col)] = letter
    for piece in state.pieces.values():
        if not hasattr(piece, "spaces"):
            continue
        knight = type(piece).__name__ == "Knight"
        letter = piece.name[0].upper() if knight else piece.name[0].lower()
        for space in piece.spaces:
            marks[(space.row, space.col)] = letter
        key.append(f"{letter} {piece.name} ({piece.at})")
    cols = state.board.cols
    lines = ["    " + "".join(f"{c + 1:>3}" for c in range(cols))]
    for r in range(state.board.rows):
        lines.append(f"  {chr(65 + r)} " + "".join(f"{marks.get((r, c), '.'):>3}"
                                                 for c in range(cols)))
    lines.append("  " + "; ".join(key) + "; # Obstacle, ~ other Terrain")
    return lines


def list_lessons() -> int:
    """Print every shipped lesson with its title and the learner's progress."""
    say("Lessons; open one with `tabletop learn NAME` (--check walks it headlessly):")
    for name in lessonfile.shipped_names():
        lesson = lessonfile.load_named(name)
        say(f"  {name}: {lesson.title} [{progress.read(name).words()}]")
    say(f"New to the rules? Start with `tabletop learn {FIRST_LESSON}`, then practise with "
        f"`tabletop learn --practice los`.")
    return EXIT_OK


def check_command(word: str) -> int:
    """Walk lesson ``word`` with answers from the rules core; one line per step."""
    lesson = lessonfile.load_named(word)
    report = check(lesson)
    for item in report:
        say(f"{lesson.name}: {item.step.label}: {'ok' if item.ok else 'FAILED'}: {item.found}")
    failed = [item for item in report if not item.ok]
    if failed or len(report) != len(lesson.steps):
        say(f"{lesson.name}: {len(failed)} step(s) failed", error=True)
        return EXIT_FAILED
    say(f"{lesson.name}: every step checked ({lesson.graded_steps} answered by the learner)")
    return EXIT_OK


def walk(word: str) -> int:
    """Walk lesson ``word`` in the terminal, from where the learner left off."""
    lesson = lessonfile.load_named(word)
    run = LessonRun(lesson)
    start = resume_step(lesson)
    if start:
        say(f"(resuming at step {start + 1}; do and play steps before it are replayed)")
        run.resume(start)
    say(lesson.title)
    lines = _lines()
    while not run.finished:
        step = run.step
        say(f"\n{step.label}")
        _wrap(step.text)
        if step.kind == "play":
            for move in run.play():
                _wrap(f"{move.piece}: {' > '.join(move.path)} ({move.kind})")
        elif step.graded:
            for line in board_words(run.state):
                say(line)
            if not _answer(run, lines):
                break
        run.next()
        progress.write(lesson.name, progress.Progress(run.index, len(lesson.steps), run.right,
                                                      run.answered, run.finished))
    say(f"\n{lesson.name}: {run.right}/{run.answered} right first time"
        + ("" if run.finished else " (stopped; `tabletop learn` resumes here)"))
    return EXIT_OK


def resume_step(lesson: lessonfile.Lesson) -> int:
    """The step where the learner left ``lesson`` (0: from the start, also once it is done or
    when the lesson has changed its number of steps since)."""
    record = progress.read(lesson.name)
    return record.step if not record.done and record.steps == len(lesson.steps) else 0


def _answer(run: LessonRun, lines: Iterator[str]) -> bool:
    """Read answers until one is right (or the learner asks for it); False at end of input."""
    while True:
        how = f"{run.step.pick} in order, first first" if run.step.ordered else run.step.pick
        say(f"  answer ({how}; empty line: show the answer)> ")
        line = next(lines, None)
        if line is None:
            return False
        try:
            grade = run.reveal() if line in ("", "?") else run.answer(split_picks(line))
        except TabletopError as exc:
            _wrap(str(exc))
            continue
        _grade(grade)
        if grade.right:
            return True


def practise(topic: str, seed: int, rounds: int) -> int:
    """Ask ``rounds`` practice questions of ``topic`` (0: until input ends), a running score
    after each."""
    score = practice.Score()
    lines = _lines()
    for number, quiz in enumerate(practice.quizzes(topic, seed), start=1):
        if rounds and number > rounds:
            break
        say(f"\nQuestion {number} ({topic}, seed {seed})")
        for line in board_words(quiz.state):
            say(line)
        _wrap(quiz.prompt)
        say(f"  answer ({quiz.pick})> ")
        line = next(lines, None)
        if line is None:
            break
        grade = quiz.grade(split_picks(line))
        score.add(grade)
        _grade(grade)
        say(f"  {score.words()}")
    say(f"{topic}: {score.words()}")
    return EXIT_OK


def practice_args(args: argparse.Namespace) -> tuple[str, int]:
    """The practice topic and seed the arguments name (seed 0 when none); a topic that is not
    one, a bad seed or a lesson named beside it is a UsageError."""
    if args.name or args.check:
        raise UsageError("--practice takes a topic alone, not a lesson or --check")
    if args.practice not in practice.TOPICS:
        raise UsageError(f"{args.practice!r} is not a practice topic (topics: "
                         f"{', '.join(practice.TOPICS)})")
    return args.practice, whole(args.seed, "--seed", 10**9) if args.seed is not None else 0


def learn_command(args: argparse.Namespace) -> int:
    """Run ``tabletop learn`` as its arguments say."""
    if args.practice is not None:
        topic, seed = practice_args(args)
        return practise(topic, seed, whole(args.rounds, "--rounds", MAX_ROUNDS))
    if args.seed is not None:
        raise UsageError("--seed goes with --practice")
    if args.text and args.check:
        raise UsageError("--text walks a lesson or a practice; --check walks nothing aloud")
    if args.text and args.name is None and args.practice is None:
        raise UsageError("--text walks one lesson (NAME) or a practice (--practice TOPIC)")
    if args.name is None:
        if args.check:
            return max(check_command(name) for name in lessonfile.shipped_names())
        return list_lessons()
    return check_command(args.name) if args.check else walk(args.name)

