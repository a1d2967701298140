"""The actions of *do* and *play* steps, performed by the rules core, and the moves their
events carry (for playing them back space by space).

A *do* step's action is written as the game writes its actions (``Kara moves to {pick}``,
``travel to tile {pick}``): the learner's pick fills the gap, and the action is one of the
rules core's legal actions on the board as it is.  A *play* step's action is a movement
question (``knockback Kara Eggknight 3``, ``monster-move Eggknight Kara move``) performed
with the players' ``option`` when the rules leave a choice, or an action in the game's words.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from tabletop.errors import QueryError, TabletopError
from tabletop.games.contract import Game, State
from tabletop.games.query import split_words
from tabletop.teaching.grading import Grade, asked, expected_matches, reading_order

MOVEMENT_VERBS = ("monster-move", "knockback", "pushback", "pull", "drag", "forced")


@dataclass(frozen=True)
class Move:
    """One piece's movement from an event: ``piece``, the places it went through in order
    (its start excluded, the last is where it ended) and the event's ``kind``."""

    piece: str
    path: tuple[str, ...]
    kind: str


def moves(events: tuple[Any, ...]) -> tuple[Move, ...]:
    """The movements the rules core reported in ``events``, in order: every event that names a
    piece and carries a path (Clash: spaces; Kingdom: tiles; Fateforge: zones)."""
    found = []
    for event in events:
        path = tuple(str(p) for p in getattr(event, "path", ()) or ())
        piece = getattr(event, "piece", "")
        if path and piece:
            found.append(Move(piece, path, event.kind))
    return tuple(found)


MAX_EXAMINED = 20_000
"""Legal actions a do step's words are compared with, at most, before the step is refused: a
board at the layout limits has some 660,000 (Clash: 999 Knights of Speed 20), so the game is
asked only for the actions its words can describe (the contract's ``legal_worded``: Clash
lists only the Knight named before ``{pick}``), and words that name nobody there are refused
rather than walked for minutes."""

MAX_TRIED = 32
"""Picks a do step tries, at most, to find those that pass its check (each one's action
performed and the check asked on the board after it), in reading order: every pick of the
shipped lessons, and a bounded time on a board where the words describe hundreds."""


def _worded(game: Game, state: State, head: str, tail: str) -> Iterable[Any]:
    """The legal actions that may be written ``head``…``tail`` (and maybe others): the
    game's ``legal_worded`` when it has one, else its whole listing."""
    if game.legal_worded is not None:
        return game.legal_worded(state, head, tail)
    return game.legal_actions(state)


class TooMany(QueryError):
    """A do step's words could describe more than :data:`MAX_EXAMINED` legal actions."""


def _scanned(game: Game, state: State, head: str, tail: str, words: str) -> Iterator[Any]:
    """:func:`_worded`, at most :data:`MAX_EXAMINED` of them: past that, :class:`TooMany`
    says that the lesson's ``words`` describe too many actions."""
    for examined, action in enumerate(_worded(game, state, head, tail), start=1):
        if examined > MAX_EXAMINED:
            raise TooMany(f"{words!r} could be any of more than {MAX_EXAMINED:,} legal "
                          f"actions on this board; a lesson names the piece or card that "
                          f"acts first (as in 'Kara moves to {{pick}}')")
        yield action


def _described(game: Game, state: State, template: str, head: str
               ) -> Iterator[tuple[str, Any]]:
    """``(pick, action)`` for each legal action whose words are ``template`` (words with
    ``{pick}``) with something in the gap, in listing order, among those the game gives for
    words beginning with ``head``; raises :class:`TooMany` past :data:`MAX_EXAMINED`."""
    front, back = template.split("{pick}")
    low_front, low_back = front.casefold(), back.casefold()
    for action in _scanned(game, state, head, back, template):
        words = str(action)
        folded = words.casefold()
        if (len(words) > len(front) + len(back) and folded.startswith(low_front)
                and folded.endswith(low_back)):
            yield words[len(front):len(words) - len(back)], action


def candidates(game: Game, state: State, template: str) -> dict[str, Any]:
    """The legal actions that ``template`` (words with ``{pick}``) describes, by the pick that
    fills the gap (``{"E2": MoveKnight(...)}``), the first of each in listing order; only
    the actions the game gives for the words before the gap are looked at (at most
    :data:`MAX_EXAMINED`)."""
    found: dict[str, Any] = {}
    for pick, action in _described(game, state, template, template.split("{pick}")[0]):
        found.setdefault(pick, action)
    return found


def chosen(game: Game, state: State, template: str, pick: str) -> tuple[str, Any] | None:
    """``(pick as the action writes it, action)`` for the first legal action that
    ``template`` with ``pick`` describes (case aside), or ``None`` when no legal action is so
    written: the same as looking ``pick`` up in :func:`candidates`, but the game is asked only
    for the actions whose words begin with the template's words with the pick in the gap
    (``{pick} moves to C4`` with ``Kara``: Kara's actions alone)."""
    wanted = pick.casefold()
    head = template.replace("{pick}", pick)  # the whole words: the action begins with them
    return next(((key, action) for key, action in _described(game, state, template, head)
                 if key.casefold() == wanted), None)


@dataclass(frozen=True)
class Solutions:
    """The picks of a do step that pass its check (``picks``, in reading order) among the
    ``tried`` first in reading order of the ``of`` picks its words describe."""

    picks: tuple[str, ...]
    tried: int
    of: int

    def note(self, pick: str = "places") -> str:
        """What was left untried, in words (``""`` when every pick was tried)."""
        if self.tried >= self.of:
            return ""
        return (f"Only the first {self.tried} of the {self.of:,} {pick} the step's action can "
                f"take were tried (a lesson tries at most {MAX_TRIED}, in reading order).")


def solutions(game: Game, state: State, step, enough: int = MAX_TRIED) -> Solutions:
    """The picks that make the do ``step``'s check give its expected answer, in reading
    order, among the first :data:`MAX_TRIED` of its candidates in reading order; the search
    stops once ``enough`` pass (``1``: the first right pick, to show it)."""
    found = candidates(game, state, step.action)
    good: list[str] = []
    tried = 0
    for pick in sorted(found, key=reading_order)[:MAX_TRIED]:
        if len(good) >= enough:
            break
        tried += 1
        after, _ = game.apply(state, found[pick])
        if expected_matches(asked(game, after, step.check)["answer"], step.expect):
            good.append(pick)
    return Solutions(tuple(good), tried, len(found))


@dataclass(frozen=True)
class Done:
    """The result of a learner's action: the ``grade``, and the ``state`` and ``events`` after
    it (``None`` and ``()`` when the action is not legal)."""

    grade: Grade
    state: State | None
    events: tuple[Any, ...]


def grade_do(game: Game, state: State, step, pick: str) -> Done:
    """Perform the do ``step``'s action with ``pick`` and ask its check on the board after it.
    An illegal pick is wrong, with the rule that forbids it.  A wrong answer's grade holds
    the picks that pass (:func:`solutions`, bounded, with a note when some were not tried);
    a right one's only the learner's pick."""
    pick = pick.strip()
    found = chosen(game, state, step.action, pick) if pick else None
    if found is None:
        why = _refusal(game, state, step.action.replace("{pick}", pick))
        return Done(_wrong(game, state, step, (pick,), why), None, ())
    key, action = found
    after, events = game.apply(state, action)
    answer = asked(game, after, step.check)
    why = str(answer.get("why", ""))
    if not expected_matches(answer["answer"], step.expect):
        return Done(_wrong(game, state, step, (key,), why), after, tuple(events))
    return Done(Grade(True, (), (), ((key,),), why, step.rule, step.quote), after,
                tuple(events))


def _wrong(game: Game, state: State, step, wrong: tuple[str, ...], why: str) -> Grade:
    """The grade of a wrong pick of the do ``step``: the picks that pass as the answers
    (none, and the reason, when the step's words describe too many actions to try)."""
    try:
        passing = solutions(game, state, step)
    except TooMany as exc:
        return Grade(False, wrong, (), (), why, step.rule, step.quote,
                     bound=f"The {step.pick} that pass are not looked for: {exc}.")
    return Grade(False, wrong, (), tuple((p,) for p in passing.picks), why, step.rule,
                 step.quote, bound=passing.note(step.pick))


def _refusal(game: Game, state: State, words: str) -> str:
    """Why ``words`` is not a legal action now, in the rules core's words where it says."""
    if game.name == "clash":
        from tabletop.games.clash.actions import MoveKnight
        from tabletop.spatial.grid import Space

        head, _, where = words.rpartition(" moves to ")
        try:
            game.apply(state, MoveKnight(head, Space.parse(where)))
        except (TabletopError, ValueError) as exc:
            return str(exc)
    return f"{words} is not a legal action on this board"


def perform(game: Game, state: State, words: str, option: int = 1) -> tuple[State, tuple]:
    """The state and events after the play step's action ``words`` (``option``: 1-based,
    which outcome when the players would choose): a legal action, or at a chance point one
    of its outcomes (a throw of dice).  Raises :class:`QueryError` when the words name no
    action the rules allow now."""
    parts = split_words(words)
    if game.name == "clash" and parts and parts[0].lower() in MOVEMENT_VERBS:
        from tabletop.games.clash.rule_queries import movement_action
        from tabletop.games.clash.rules import outcomes

        try:
            results = outcomes(state, movement_action(state, parts))
        except TabletopError as exc:
            raise QueryError(f"{words!r}: {exc}") from None
        if not 1 <= option <= len(results):
            raise QueryError(f"{words!r} has {len(results)} outcome"
                             f"{'s' * (len(results) != 1)}; option {option} is none of them")
        return results[option - 1].state, tuple(results[option - 1].events)
    written = " ".join(words.split())
    chance = game.is_chance_node(state)
    if chance:
        outcomes = [a for a, _ in game.chance_outcomes(state)]
        action = next((a for a in outcomes if str(a).casefold() == written.casefold()), None)
    else:
        folded = written.casefold()
        action = next((a for a in _scanned(game, state, written, "", words)
                       if str(a).casefold() == folded), None)
    if action is None:
        some = outcomes if chance else _worded(game, state, "", "")
        sample = "; ".join(map(str, itertools.islice(some, 4)))
        raise QueryError(f"{words!r} is not a legal action now (legal, for example: {sample})")
    after, events = game.apply(state, action)
    return after, tuple(events)
