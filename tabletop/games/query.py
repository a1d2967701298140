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
    tabs and line breaks without loading :mod:`shlex`."""
    if QUOTING.isdisjoint(question):
        return [word for word in question.translate(SPACES).split(" ") if word]
    import shlex

    try:
        return shlex.split(question)
    except ValueError as exc:
        raise QueryError(f"cannot read the question: {exc}") from None


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
