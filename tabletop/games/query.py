"""``tabletop query``: questions in words, answers as JSON-ready dicts.

Contract: ``../shared/spec/layouts-and-query.md``.  Each answer carries ``"question"`` and
either ``"answer"`` (plus the verb's extra fields such as ``"why"``) or ``"error"``.
"""

from __future__ import annotations

from typing import Any

from tabletop.errors import QueryError, TabletopError
from tabletop.games.contract import Game, State

QUOTING = frozenset("'\"\\")
"""The characters that quote or escape in a question, as in a POSIX shell (:func:`shlex.split`)."""
SPACES = str.maketrans("\t\r\n", "   ")
"""The characters that separate words besides the space (:mod:`shlex`'s whitespace)."""


def split_words(question: str) -> list[str]:
    """The words of ``question``, as :func:`shlex.split` reads them: names with spaces may be
    quoted (``"Ruined Wall"``).  A question without quotes or backslashes is split at spaces,
    tabs and line breaks, and one with closed quotes of a single kind and no backslash by
    :func:`_split_quoted`, without loading :mod:`shlex`."""
    if QUOTING.isdisjoint(question):
        return [word for word in question.translate(SPACES).split(" ") if word]
    if "\\" not in question:
        for quote, other in (("'", '"'), ('"', "'")):
            if other not in question and not question.count(quote) % 2:
                return _split_quoted(question, quote)
    import shlex

    try:
        return shlex.split(question)
    except ValueError as exc:
        raise QueryError(f"cannot read the question: {exc}") from None


def _split_quoted(question: str, quote: str) -> list[str]:
    """The words of ``question``, which holds an even number of ``quote`` and no other quote
    or backslash, as :func:`shlex.split` reads them: between two quotes every character is
    part of the word (an empty pair still makes one), elsewhere spaces, tabs and line breaks
    end words."""
    words: list[str] = []
    word = None  # the word being read, None between words
    for index, part in enumerate(question.split(quote)):
        if index % 2:  # quoted
            word = (word or "") + part
            continue
        pieces = part.translate(SPACES).split(" ")
        if word is not None or pieces[0]:
            word = (word or "") + pieces[0]
        if len(pieces) > 1:
            if word is not None:
                words.append(word)
            words.extend(piece for piece in pieces[1:-1] if piece)
            word = pieces[-1] or None
    if word is not None:
        words.append(word)
    return words


def ask(game: Game, state: State, question: str) -> dict[str, Any]:
    """The answer to one ``question`` about ``state``, never raising for a user mistake."""
    try:
        words = split_words(question)
        if not words:
            raise QueryError("the question is empty")
        verb = game.verbs.get(words[0].lower())
        if verb is None:
            raise QueryError(f"{words[0]!r} is not a {game.name} question; ask one of: "
                             f"{', '.join(sorted(game.verbs))}")
        args = words[1:]
        if verb.arity is not None and len(args) != verb.arity:
            raise QueryError(f"{verb.name} takes {verb.arity} word"
                             f"{'s' if verb.arity != 1 else ''} ({verb.name} {verb.usage}), "
                             f"got {len(args)}")
        return {"question": question, **verb.run(state, args)}
    except TabletopError as exc:
        return {"question": question, "error": str(exc)}
