"""The ``tabletop`` command: play, screenshot, query, check, bench, roll.

Every user mistake becomes one line on standard error and an exit code (2 for a file or
argument that cannot be used, 1 for a question that cannot be answered); no traceback ever
reaches the user.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from tabletop.console import say
from tabletop.errors import TabletopError, UsageError

DEFAULT_LAYOUT = Path(__file__).resolve().parent.parent / "layouts" / "clash-teaching.toml"

EXIT_OK, EXIT_QUESTION, EXIT_INPUT = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    """argparse that raises :class:`UsageError` instead of printing usage and exiting."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{message} (see {self.prog} --help)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="tabletop", description=(
        "A tabletop visualiser for Kingdoms Forlorn, King's Champion, The Land of Almokon "
        "and Fateforge. With no command, opens the window on the default layout."))
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    play = sub.add_parser("play", help="open a layout (or a tabletop PNG screenshot) in a window")
    play.add_argument("file", nargs="?", help="layout .toml or screenshot .png")

    shot = sub.add_parser("screenshot", help="render a layout to a PNG without a window")
    shot.add_argument("file")
    shot.add_argument("-o", "--output", required=True, help="the PNG to write")
    shot.add_argument("--size", default="1280x800", help="WIDTHxHEIGHT in pixels")
    shot.add_argument("--overlay", action="append", default=[],
                      help='an overlay such as "los Kara Eggknight" or "reach Kara" (repeatable)')
    shot.add_argument("--reveal", action="store_true",
                      help="show hidden information (secret orders, hands) in the picture")

    query = sub.add_parser("query", help="answer rule questions about a layout as JSON lines")
    query.add_argument("file")
    query.add_argument("questions", nargs="*", help='one question per argument, e.g. "los Kara D5"')
    query.add_argument("--stdin", action="store_true", help="read questions from standard input")

    check = sub.add_parser("check", help="validate a layout and print a one-line summary")
    check.add_argument("file")

    bench = sub.add_parser("bench", help="measure speed budgets and print JSON")
    bench.add_argument("file", nargs="?", help="layout for the frame-time benchmark")
    bench.add_argument("--geometry", action="store_true", help="the Line of Sight benchmark")
    bench.add_argument("--dice", action="store_true", help="the dice physics benchmark")

    roll = sub.add_parser("roll", help="roll dice without a window and print JSON")
    roll.add_argument("spec", help='dice, e.g. "3 kf-d10 crit" or "white red black black"')
    roll.add_argument("--seed", default=None, help="seed for a replayable roll (0 or more)")
    return parser


def _check(args: argparse.Namespace) -> int:
    from tabletop.games import layouts

    game, state = layouts.load_board(args.file)
    say(f"{args.file}: ok, {game.summary(state)}")
    return EXIT_OK


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
    questions = _read_questions() if args.stdin else args.questions
    if not questions:
        raise UsageError("no question asked (for example: tabletop query FILE \"los A B\")")
    status = EXIT_OK
    for question in questions:
        answer = ask(game, state, question)
        if "error" in answer:
            status = EXIT_QUESTION
        line = json.dumps(answer, ensure_ascii=False)
        say(line if _encodable(line) else json.dumps(answer))
    return status


def _encodable(text: str) -> bool:
    """Whether standard output can write ``text`` as it is."""
    try:
        text.encode(sys.stdout.encoding or "utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _play(args: argparse.Namespace) -> int:
    from tabletop.ui.app import run

    return run(args.file or str(DEFAULT_LAYOUT))


def _screenshot(args: argparse.Namespace) -> int:
    from tabletop.ui.screenshot import screenshot_command

    return screenshot_command(args)


def _bench(args: argparse.Namespace) -> int:
    from tabletop.bench import bench_command

    return bench_command(args)


def _roll(args: argparse.Namespace) -> int:
    from tabletop.dice.command import roll_command

    return roll_command(args)


COMMANDS = {"play": _play, "screenshot": _screenshot, "query": _query, "check": _check,
            "bench": _bench, "roll": _roll}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    try:
        parser = build_parser()
        args, extra = parser.parse_known_args(argv)
        if extra and args.command == "query" and not any(w.startswith("-") for w in extra):
            args.questions += extra  # questions given after --stdin: refused below, clearly
        elif extra:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        return COMMANDS[args.command or "play"](args if args.command else
                                                argparse.Namespace(file=None))
    except TabletopError as exc:
        say(str(exc), error=True)
        return EXIT_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK
