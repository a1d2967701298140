"""Overlays: ``tabletop query`` questions whose answers are drawn on the board.

An overlay (``tabletop screenshot --overlay QUESTION``, any number of them) is asked through
:func:`tabletop.games.query.ask`, the same words and the same answer as ``tabletop query``;
the verb's ``picture`` turns the answer into a :class:`Picture` in the game's own names
(space labels, tile ids, zone ids, card uids), which each game's screen knows how to place.
The caption is the question, the answer in short and the ``why``.
"""

from __future__ import annotations

from typing import Any

from tabletop.errors import QueryError, UsageError
from tabletop.frozen import Frozen
from tabletop.games.contract import Game, State
from tabletop.games.query import ask, split_words

Point = tuple[int, int]


class Picture(Frozen):
    """What an answer shows, in the game's names for places: ``places`` tinted, ``marked``
    ringed (a target, the Knights seen), ``path`` places in order (drawn as arrows from each
    to the next), ``lines`` (segments between points in the board's own coordinates; Clash:
    corner coordinates), ``crossed`` places tinted and crossed out (what blocks a line), and
    ``blocked``: the lines are blocked (drawn dashed; clear ones are solid)."""

    places: tuple[str, ...] = ()
    marked: tuple[str, ...] = ()
    path: tuple[str, ...] = ()
    lines: tuple[tuple[Point, Point], ...] = ()
    crossed: tuple[str, ...] = ()
    blocked: bool = False


class Overlay(Frozen):
    """One question drawn on the board: the question, its caption in words and its picture."""

    question: str
    caption: str
    picture: Picture


SHORT_LIST = 6
"""Answers with at most this many items are listed in a caption; longer ones are counted."""


def picture_verbs(game: Game) -> list[str]:
    """The names of ``game``'s verbs whose answers have a picture, sorted."""
    return sorted(name for name, verb in game.verbs.items() if verb.picture is not None)


def short_answer(answer: Any) -> str:
    """An answer in a few words: yes/no, a short list named, a long one counted."""
    if isinstance(answer, bool):
        return "yes" if answer else "no"
    if answer is None:
        return "none"
    if isinstance(answer, list):
        if not answer:
            return "none"
        if len(answer) <= SHORT_LIST and all(isinstance(a, str) for a in answer):
            return ", ".join(answer)
        return f"{len(answer)} in all"
    if isinstance(answer, dict):
        plain = [f"{k} {v}" for k, v in answer.items() if not isinstance(v, dict | list)]
        return ", ".join(plain) if plain else f"{len(answer)} in all"
    return str(answer)


def overlay(game: Game, state: State, question: str) -> Overlay:
    """The :class:`Overlay` of ``question`` about ``state``: asked as ``tabletop query`` asks
    it; raises :class:`UsageError` with the query's own message when it cannot be answered,
    or naming the verbs that have a picture when this one has none."""
    try:
        words = split_words(question)
    except QueryError as exc:
        raise UsageError(f"--overlay {question!r}: {exc}") from None
    verb = game.verbs.get(words[0].lower()) if words else None
    if verb is None or verb.picture is None:
        said = f"{words[0]!r} is" if words else "an empty question is"
        raise UsageError(f"--overlay {question!r}: {said} not a {game.name} question with a "
                         f"picture; ask one of: {', '.join(picture_verbs(game))}")
    answer = ask(game, state, question)
    if "error" in answer:
        raise UsageError(f"--overlay {question!r}: {answer['error']}")
    picture = verb.picture(state, words[1:], answer)
    caption = f"{question}: {short_answer(answer.get('answer'))}"
    if answer.get("why"):
        caption += f" — {answer['why']}"
    return Overlay(question, caption, picture)
