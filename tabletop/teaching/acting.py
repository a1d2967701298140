"""The actions of *do* and *play* steps, performed by the rules core, and the moves their
events carry (for playing them back space by space).

A *do* step's action is written as the game writes its actions (``Kara moves to {pick}``,
``travel to tile {pick}``): the learner's pick fills the gap, and the action is one of the
rules core's legal actions on the board as it is.  A *play* step's action is a movement
question (``knockback Kara Eggknight 3``, ``monster-move Eggknight Kara move``) performed
with the players' ``option`` when the rules leave a choice, or an action in the game's words.
"""

from __future__ import annotations

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


def candidates(game: Game, state: State, template: str) -> dict[str, Any]:
    """The legal actions that ``template`` (words with ``{pick}``) describes, by the pick that
    fills the gap (``{"E2": MoveKnight(...)}``)."""
    head, tail = template.split("{pick}")
    found: dict[str, Any] = {}
    for action in game.legal_actions(state):
        words = str(action)
        if (len(words) > len(head) + len(tail) and words.casefold().startswith(head.casefold())
                and words.casefold().endswith(tail.casefold())):
            found.setdefault(words[len(head):len(words) - len(tail)], action)
    return found


def solutions(game: Game, state: State, step) -> list[str]:
    """The picks that make the do ``step``'s check give its expected answer, in order."""
    good = []
    for pick, action in candidates(game, state, step.action).items():
        after, _ = game.apply(state, action)
        if expected_matches(asked(game, after, step.check)["answer"], step.expect):
            good.append(pick)
    return sorted(good, key=reading_order)


@dataclass(frozen=True)
class Done:
    """The result of a learner's action: the ``grade``, and the ``state`` and ``events`` after
    it (``None`` and ``()`` when the action is not legal)."""

    grade: Grade
    state: State | None
    events: tuple[Any, ...]


def grade_do(game: Game, state: State, step, pick: str) -> Done:
    """Perform the do ``step``'s action with ``pick`` and ask its check on the board after it.
    An illegal pick is wrong, with the rule that forbids it."""
    found = candidates(game, state, step.action)
    chosen = next((k for k in found if k.casefold() == pick.strip().casefold()), None)
    answers = tuple((p,) for p in solutions(game, state, step))
    if chosen is None:
        why = _refusal(game, state, step.action.replace("{pick}", pick.strip()))
        return Done(Grade(False, (pick.strip(),), (), answers, why, step.rule, step.quote),
                    None, ())
    after, events = game.apply(state, found[chosen])
    answer = asked(game, after, step.check)
    right = expected_matches(answer["answer"], step.expect)
    why = str(answer.get("why", ""))
    grade = Grade(right, () if right else (chosen,), (), answers, why, step.rule, step.quote)
    return Done(grade, after, tuple(events))


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
    offered = ([a for a, _ in game.chance_outcomes(state)] if game.is_chance_node(state)
               else list(game.legal_actions(state)))
    legal = {str(a).casefold(): a for a in offered}
    action = legal.get(" ".join(words.split()).casefold())
    if action is None:
        sample = "; ".join(list(map(str, offered))[:4])
        raise QueryError(f"{words!r} is not a legal action now (legal, for example: {sample})")
    after, events = game.apply(state, action)
    return after, tuple(events)
