"""The ``tabletop`` command: play, screenshot, query, check, layouts, learn, bench, roll.

Every user mistake becomes one line on standard error and an exit code (2 for a file or
argument that cannot be used, 1 for a question that cannot be answered); no traceback ever
reaches the user.  Wherever a command takes a layout file, the name of a shipped layout works
too (``tabletop play clash-rule-herd``); a file that exists at that path wins over the name.

The command line is read by :mod:`tabletop.cli_parser` (argparse), except a question without
options (:func:`plain_query`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from contextlib import ExitStack, suppress
from types import SimpleNamespace
from typing import TYPE_CHECKING

from tabletop import jsontext, resources
from tabletop.collector import pause_collector, resume_collector
from tabletop.console import say
from tabletop.errors import TabletopError, UsageError

if TYPE_CHECKING:
    import argparse

EXIT_OK, EXIT_QUESTION, EXIT_INPUT, EXIT_BUG = 0, 1, 2, 70


def plain_query(words: Sequence[str]) -> SimpleNamespace | None:
    """The arguments of the command line ``words`` (the program's name left out) when it is
    ``query FILE [QUESTION ...]`` with no word after ``query`` beginning with ``-``, read
    without a parser: ``file``, ``questions`` and ``stdin`` (off) as the query's parser gives
    them, since argparse takes every such word as the next positional argument; ``None`` for
    any other command line (an option, ``--``, a missing file), which the parser reads."""
    if len(words) < 2 or words[0] != "query" or any(w.startswith("-") for w in words[1:]):
        return None
    return SimpleNamespace(command="query", file=words[1], questions=list(words[2:]),
                           stdin=False)


def read_command_line(words: Sequence[str]) -> argparse.Namespace | SimpleNamespace:
    """The arguments of the command line ``words``: :func:`plain_query`, else the parser's
    (:func:`tabletop.cli_parser.parse`, which raises :class:`UsageError` for a mistake)."""
    args = plain_query(words)
    if args is not None:
        return args
    from tabletop import cli_parser

    return cli_parser.parse(words)


def _look(args: argparse.Namespace) -> tuple[int | None, str | None]:
    """The ``--ui-scale`` and ``--theme`` asked for, checked (``None`` where not given)."""
    from tabletop.ui.settings import parse_scale, parse_theme

    scale = None if args.ui_scale is None else parse_scale(args.ui_scale)
    name = None if args.theme is None else parse_theme(args.theme)
    return scale, name


PUBLIC_PICTURE = "a public picture (hidden parts unknown, cannot be played on)"
"""What ``tabletop check`` says of a picture whose layout is a board's public view."""


def _check(args: argparse.Namespace) -> int:
    """Check each file in turn, one line each; the first that fails ends the command.  A
    picture holding a board's public view says so: it loads, but cannot be played on."""
    from tabletop.games import layouts

    for word in args.files:
        with resources.located(word) as path:
            game, state = layouts.load_board(path)
        what = f"{PUBLIC_PICTURE}: " if game.is_partial(state) else ""
        say(f"{word}: ok, {what}{game.summary(state)}")
    return EXIT_OK


def _layouts(args: argparse.Namespace) -> int:
    """Print every shipped layout: its name, title and notes, grouped by game."""
    from textwrap import fill

    from tabletop.games.registry import game_names, get_game

    listed = resources.shipped("layouts")
    if args.game is not None:
        if args.game not in {item.game for item in listed}:
            raise UsageError(f"{args.game!r} is not a game with shipped layouts (games: "
                             f"{', '.join(game_names())})")
        listed = [item for item in listed if item.game == args.game]
    say("Shipped layouts; open one with `tabletop play NAME`:")
    for game in sorted({item.game for item in listed}, key=_table_order(game_names())):
        title = get_game(game).title if game in game_names() else game
        say(f"\n{title}")
        for item in (i for i in listed if i.game == game):
            default = item.name == resources.DEFAULT_LAYOUT
            say(f"  {item.name}: {item.title}" + (" (what `tabletop` alone opens)" if default
                                                  else ""))
            if item.notes:
                say(fill(item.notes, width=96, initial_indent="      ",
                                  subsequent_indent="      "))
    return EXIT_OK


def _table_order(names: Sequence[str]):
    """A sort key putting registered game names in table order, unknown ones after."""
    return lambda name: (names.index(name) if name in names else len(names), name)


def _read_questions() -> list[str]:
    """The non-blank lines of standard input; input that is not text is a UsageError."""
    try:
        return [line.rstrip("\n") for line in sys.stdin if line.strip()]
    except UnicodeDecodeError as exc:
        raise UsageError(f"standard input is not {exc.encoding} text (byte "
                         f"{exc.object[exc.start:exc.start + 1]!r})") from None


def _query(args: argparse.Namespace) -> int:
    from tabletop.games import layouts
    from tabletop.games.query import ask

    if args.stdin and args.questions:
        raise UsageError("give the questions as arguments or with --stdin, not both")
    game, state = layouts.load_board(args.file)
    resume_collector()  # start-up ends with the board loaded (tabletop.collector)
    questions = _read_questions() if args.stdin else args.questions
    if not questions:
        raise UsageError("no question asked (for example: tabletop query FILE \"los A B\")")
    status = EXIT_OK
    for question in questions:
        answer = ask(game, state, question)
        if "error" in answer:
            status = EXIT_QUESTION
        line = jsontext.dumps(answer)
        say(line if _encodable(line) else _ascii_json(answer))
    return status


def _ascii_json(answer: dict) -> str:
    """``answer`` as JSON with every character beyond ASCII escaped, for a standard output
    that cannot write the line as it is."""
    import json

    return json.dumps(answer)


def _encodable(text: str) -> bool:
    """Whether standard output can write ``text`` as it is."""
    try:
        text.encode(sys.stdout.encoding or "utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _play(args: argparse.Namespace) -> int:
    scale, name = _look(args)
    from tabletop.ui.app import run

    if args.new is not None:
        return run(None, frames=args.frames, new=_new_game(args), ui_scale=scale,
                   theme_name=name)
    if args.seed is not None or args.knights:
        raise UsageError("--seed and --knights go with --new GAME (a layout file keeps its own)")
    return run(args.file, frames=args.frames, ui_scale=scale, theme_name=name)


def _new_game(args: argparse.Namespace):
    """``(game, state)`` of ``play --new GAME [--seed N]``."""
    import random

    from tabletop.games.registry import game_names, get_game

    if args.file is not None:
        raise UsageError("play --new GAME starts a fresh game: name no file")
    names = [n for n in game_names() if get_game(n).new_game is not None]
    if args.new not in names:
        raise UsageError(f"--new {args.new!r}: a fresh game can be set up for "
                         f"{', '.join(names)}; other games open a layout file")
    game = get_game(args.new)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    picks = {}
    for text in args.knights:
        house, sep, names = text.partition("=")
        knights = [n.strip() for n in names.split(",")]
        if not sep or not house.strip() or len(knights) != 3 or not all(knights):
            raise UsageError(f"--knights {text!r}: write HOUSE=KNIGHT,KNIGHT,KNIGHT")
        picks[house.strip()] = knights
    return game, game.new_game(seed, picks)


def _screenshot(args: argparse.Namespace) -> int:
    args.ui_scale, args.theme = _look(args)
    from tabletop.ui.screenshot import screenshot_command

    return screenshot_command(args)


def _bench(args: argparse.Namespace) -> int:
    from tabletop.bench import bench_command

    return bench_command(args)


def _learn(args: argparse.Namespace) -> int:
    from tabletop.teaching.command import learn_command, practice_args, resume_step

    scale, name = _look(args)
    if args.text or args.check or (args.name is None and args.practice is None):
        if scale is not None or name is not None:
            raise UsageError("--ui-scale and --theme set the window's look; this learn "
                             "command opens no window")
        return learn_command(args)
    from tabletop.teaching import lessonfile, practice
    from tabletop.ui.app import run_board
    from tabletop.ui.controllers.lesson import open_lesson, open_practice

    if args.practice is not None:
        topic, seed = practice_args(args)
        first = next(practice.quizzes(topic, seed))
        return run_board(first.game, first.state, None, frames=args.frames,
                         setup=lambda app: open_practice(app, topic, seed), ui_scale=scale,
                         theme_name=name, offer_recovery=False)
    lesson = lessonfile.load_named(args.name)
    start = resume_step(lesson)
    return run_board(lesson.game, lesson.state, None, frames=args.frames,
                     setup=lambda app: open_lesson(app, lesson, start=start), ui_scale=scale,
                     theme_name=name, offer_recovery=False)


def _roll(args: argparse.Namespace) -> int:
    from tabletop.dice.command import roll_command

    return roll_command(args)


COMMANDS = {"play": _play, "screenshot": _screenshot, "query": _query, "check": _check,
            "layouts": _layouts, "bench": _bench, "roll": _roll, "learn": _learn}


_PAUSE_ENDED_BY_COMMAND = frozenset({"play", "screenshot", "query"})
"""The commands that end the cycle collector's start-up pause themselves
(:mod:`tabletop.collector`); for any other it ends before the command runs."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    pause_collector()
    try:
        args = read_command_line(sys.argv[1:] if argv is None else list(argv))
        with ExitStack() as files:
            if args.command == "play" and args.file is None and args.new is None:
                args.file = resources.DEFAULT_LAYOUT
            if getattr(args, "file", None) is not None:
                args.file = files.enter_context(resources.located(args.file))
            if args.command not in _PAUSE_ENDED_BY_COMMAND:
                resume_collector()
            return COMMANDS[args.command](args)
    except TabletopError as exc:
        say(str(exc), error=True)
        return EXIT_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (`tabletop layouts | head`): stop quietly
        _silence_stdout()
        return EXIT_OK
    except Exception as exc:  # a bug, not a user mistake: one line, never a traceback
        say(f"internal error ({type(exc).__name__}: {exc}); this is a bug in tabletop, "
            "not in what was asked", error=True)
        return EXIT_BUG
    finally:
        resume_collector()


def _silence_stdout() -> None:
    """Point standard output at the null device, so that the interpreter's last flush into the
    closed pipe does not print an error."""
    with suppress(OSError, ValueError, AttributeError):  # not a real file (captured in tests)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
