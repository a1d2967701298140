"""The parser of the ``tabletop`` command line (argparse): every command's arguments, its help
and its mistakes (a :class:`~tabletop.errors.UsageError` naming the argument, never argparse's
usage text and exit).

A command line of ``tabletop query`` without options is read without it
(:func:`tabletop.cli.plain_query`), so that a question does not import argparse (with
``gettext`` and ``locale``) nor build a parser.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
from collections.abc import Sequence

from tabletop import __version__, resources
from tabletop.errors import UsageError
from tabletop.numbers import parse_int, shorten


def parse(words: Sequence[str]) -> argparse.Namespace:
    """The command line ``words`` (the program's name left out) read by the parser of the
    command it names (every command's when it names none, to list them): the arguments with
    ``command`` set, the window's ``play`` with its defaults when no command is named.  A
    mistake raises :class:`UsageError`; ``--help`` and ``--version`` print and exit as
    argparse does."""
    parser = build_parser(_named_command(words))
    args, extra = parser.parse_known_args(words)
    if extra and args.command == "query" and not any(w.startswith("-") for w in extra):
        args.questions += extra  # questions given after --stdin: the query refuses them clearly
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if not args.command:
        args = argparse.Namespace(command="play", file=None, frames=None, new=None,
                                  seed=None, knights=[], ui_scale=None, theme=None)
    return args


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


def _whole(low: int, high: int):
    """An argument type: a whole number from ``low`` to ``high`` in ASCII digits (the strict
    helper), else a message naming the range (``--frames`` 1 to 1,000,000, ``--seed`` 0 to
    10**12)."""

    def read(text: str) -> int:
        value = parse_int(text, low, high)
        if value is None:
            raise argparse.ArgumentTypeError(
                f"must be a whole number from {low} to {high}, not {shorten(text)!r}")
        return value

    return read


_frames, _seed = _whole(1, 10**6), _whole(0, 10**12)


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
