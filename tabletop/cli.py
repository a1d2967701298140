"""The ``tabletop`` command: play, screenshot, query, check, layouts, learn, bench, roll.

Every user mistake becomes one line on standard error and an exit code (2 for a file or
argument that cannot be used, 1 for a question that cannot be answered); no traceback ever
reaches the user.  Wherever a command takes a layout file, the name of a shipped layout works
too (``tabletop play clash-rule-herd``); a file that exists at that path wins over the name.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import sys
from collections.abc import Sequence
from contextlib import ExitStack, suppress

from tabletop import __version__, resources
from tabletop.collector import pause_collector, resume_collector
from tabletop.console import say
from tabletop.errors import TabletopError, UsageError
from tabletop.numbers import parse_int, shorten

EXIT_OK, EXIT_QUESTION, EXIT_INPUT, EXIT_BUG = 0, 1, 2, 70


class _Parser(argparse.ArgumentParser):
    """argparse that raises :class:`UsageError` instead of printing usage and exiting, and
    writes its help as wide as the terminal (measured once, not once per argument)."""

    def __init__(self, *args, **kwargs) -> None:
        formatter = kwargs.get("formatter_class", argparse.HelpFormatter)
        kwargs["formatter_class"] = functools.partial(formatter, width=_help_width())
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{message} (see {self.prog} --help)")


@functools.cache
def _help_width() -> int:
    """The width help is written in: the terminal's, less 2, as argparse works it out with
    ``shutil.get_terminal_size`` (``COLUMNS`` when set, else standard output's terminal, else
    80 columns), measured here without importing shutil, which costs more than the rest of
    building the parser."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return (columns or 80) - 2


class _MainParser(_Parser):
    """The ``tabletop`` parser, whose description and epilog (which looks up the user's
    folders) are written only when its help is shown."""

    def format_help(self) -> str:
        import textwrap

        self.description = textwrap.fill(
            "A tabletop visualiser for Kingdoms Forlorn, King's Champion, The Land of Almokon "
            "and Fateforge. With no command, opens the window on the default layout "
            f"({resources.DEFAULT_LAYOUT}).", width=80)
        self.epilog = _epilog()
        return super().format_help()


def _epilog() -> str:
    """The end of ``tabletop --help``: where shipped layouts come from and where user files go."""
    from tabletop import userdirs

    folders = "\n".join(f"  {what + ':':<17}{path}" for what, path in
                         userdirs.user_dirs().described())
    return (f"FILE is a path, or the name of a shipped layout (`tabletop layouts` lists them).\n"
            f"Your files go to these folders on this computer:\n{folders}")


def _frames(text: str) -> int:
    """The ``--frames`` count: a whole number from 1 to 1,000,000 in ASCII digits."""
    frames = parse_int(text, 1, 10**6)
    if frames is None:
        raise argparse.ArgumentTypeError(
            f"must be a whole number from 1 to 1000000, not {shorten(text)!r}")
    return frames


def _seed(text: str) -> int:
    """The ``--seed`` of a new game: a whole number from 0 to 10**12 (the strict helper)."""
    value = parse_int(text, 0, 10**12)
    if value is None:
        raise argparse.ArgumentTypeError(
            f"must be a whole number from 0 to 1000000000000, not {shorten(text)!r}")
    return value


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The ``tabletop`` parser: with every command's parser, or with ``command``'s alone when
    it is given (a command line names one command, and building the parsers of all of them
    cost more than parsing it)."""
    parser = _MainParser(prog="tabletop", formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"tabletop {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    for name, (summary, add_arguments) in SUB_COMMANDS.items():
        if command is None or name == command:
            add_arguments(sub.add_parser(name, help=summary))
    return parser


def _named_command(words: Sequence[str]) -> str | None:
    """The command the command line ``words`` names: its first word when that is a command,
    ``play`` when there are no words (the window opens); otherwise ``None``, for a parser that
    knows every command (to list them in its help, or to say which there are)."""
    if not words:
        return "play"
    return words[0] if words[0] in SUB_COMMANDS else None


def _play_arguments(play: argparse.ArgumentParser) -> None:
    play.add_argument("file", nargs="?", help="layout .toml, screenshot .png or shipped layout "
                                              "name (default: the teaching board)")
    play.add_argument("--frames", type=_frames, default=None,
                      help="close the window after this many turns of its loop, none "
                           "waiting for input (for smoke tests)")
    play.add_argument("--new", metavar="GAME", default=None,
                      help="start a fresh game set up from the game's card data instead of "
                           "opening a file (joust)")
    play.add_argument("--seed", type=_seed, default=None,
                      help="with --new: the seed the decks are shuffled with (default: random)")
    play.add_argument("--knights", action="append", default=[], metavar="HOUSE=K1,K2,K3",
                      help="with --new joust: the three Knights a Household fields (default: "
                           "the card data's suggestion); give it once per Household")
    _look_options(play)


def _layouts_arguments(listing: argparse.ArgumentParser) -> None:
    listing.add_argument("game", nargs="?", help="only this game's layouts (clash, kingdom, "
                                                 "joust, almokon, fateforge)")


def _screenshot_arguments(shot: argparse.ArgumentParser) -> None:
    shot.add_argument("file")
    shot.add_argument("-o", "--output", required=True, help="the PNG to write")
    shot.add_argument("--size", default="1280x800", help="WIDTHxHEIGHT in pixels")
    shot.add_argument("--overlay", action="append", default=[],
                      help='a query question drawn on the board, such as "los Kara Eggknight" '
                           'or "sees Eggknight" (any number, each in its own colour)')
    shot.add_argument("--ui", action="store_true",
                      help="keep the window's buttons, log and status line in the picture")
    shot.add_argument("--reveal", action="store_true",
                      help="show hidden information (secret orders, hands) in the picture")
    _look_options(shot)


def _query_arguments(query: argparse.ArgumentParser) -> None:
    query.add_argument("file")
    query.add_argument("questions", nargs="*", help='one question per argument, e.g. "los Kara D5"')
    query.add_argument("--stdin", action="store_true", help="read questions from standard input")


def _check_arguments(check: argparse.ArgumentParser) -> None:
    check.add_argument("files", nargs="+", metavar="file")


def _bench_arguments(bench: argparse.ArgumentParser) -> None:
    bench.add_argument("file", nargs="?", help="layout for the frame-time benchmark")
    bench.add_argument("--geometry", action="store_true",
                       help="Line of Sight (first and later questions) and distance")
    bench.add_argument("--startup", action="store_true",
                       help="whole processes: screenshot, query, start to first frame")
    bench.add_argument("--dice", action="store_true", help="the dice physics benchmark")
    bench.add_argument("--idle", action="store_true",
                       help="processor time of the window left alone, on every kind of screen")


def _learn_arguments(learn: argparse.ArgumentParser) -> None:
    learn.add_argument("name", nargs="?", help="a lesson to open in the window (a shipped "
                                                "name or a file); none: list the lessons")
    learn.add_argument("--text", action="store_true",
                       help="walk the lesson (or practise) in the terminal, answers read from "
                            "standard input")
    learn.add_argument("--frames", type=_frames, default=None,
                       help="close the window after this many frames (for smoke tests)")
    learn.add_argument("--check", action="store_true",
                       help="walk the lesson (every shipped one, without NAME) with answers "
                            "from the rules core and report every step")
    learn.add_argument("--practice", metavar="TOPIC",
                       help="random boards and questions: los, reach, knockback, barricades")
    learn.add_argument("--seed", help="the practice seed (the same seed, the same quiz)")
    learn.add_argument("--rounds", default="0",
                       help="practice questions to ask in the terminal (0: until input ends)")
    _look_options(learn)


def _roll_arguments(roll: argparse.ArgumentParser) -> None:
    roll.add_argument("spec", help='dice, e.g. "3 kf-d10 crit" or "white red black black"')
    roll.add_argument("--seed", default=None, help="seed for a replayable roll (0 or more)")


SUB_COMMANDS = {
    "play": ("open a layout (or a tabletop PNG screenshot) in a window", _play_arguments),
    "layouts": ("list the shipped layouts: name, title, what each teaches", _layouts_arguments),
    "screenshot": ("render a layout to a PNG without a window", _screenshot_arguments),
    "query": ("answer rule questions about a layout as JSON lines", _query_arguments),
    "check": ("validate layouts and print a one-line summary of each", _check_arguments),
    "bench": ("measure speed budgets and print JSON", _bench_arguments),
    "learn": ("lessons on the positioning rules, and practice", _learn_arguments),
    "roll": ("roll dice without a window and print JSON", _roll_arguments),
}
"""Each command, in the order ``tabletop --help`` lists them: its line of help and what adds
its arguments to its parser."""


def _look_options(command: argparse.ArgumentParser) -> None:
    """``--ui-scale`` and ``--theme``: the window's look for this run (the window's keys
    change the look that is kept between runs)."""
    command.add_argument("--ui-scale", metavar="PERCENT", default=None,
                         help="scale text, marks and line widths, 75 to 200 (default: the "
                              "kept setting, else by screen size)")
    command.add_argument("--theme", default=None, metavar="NAME",
                         help="default or high-contrast (for projectors)")


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
        words = sys.argv[1:] if argv is None else list(argv)
        parser = build_parser(_named_command(words))
        args, extra = parser.parse_known_args(words)
        if extra and args.command == "query" and not any(w.startswith("-") for w in extra):
            args.questions += extra  # questions given after --stdin: refused below, clearly
        elif extra:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        if not args.command:
            args = argparse.Namespace(command="play", file=None, frames=None, new=None,
                                      seed=None, knights=[], ui_scale=None, theme=None)
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
