"""The one contract every game fulfils, so that the CLI, the window and the tests can treat
all games alike (OpenSpiel style: same parts, same names, registered in one table)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.games.layoutfile import Table

State = Any
Action = Any
Event = Any


@dataclass(frozen=True)
class Verb:
    """One ``tabletop query`` verb: ``usage`` is its argument list in words (``"P Q"``);
    ``run(state, args)`` returns the answer fields (at least ``"answer"``) or raises
    :class:`~tabletop.errors.QueryError`.  ``arity`` is the exact number of arguments, or
    ``None`` when ``run`` checks them itself.  ``picture(state, args, answer)``, for a verb
    whose answer can be drawn on the board, returns the
    :class:`~tabletop.games.overlay.Picture` of an answer (``--overlay`` of ``tabletop
    screenshot`` draws it); ``None`` for a verb whose answer is no picture."""

    name: str
    usage: str
    summary: str
    run: Callable[[State, list[str]], dict[str, Any]]
    arity: int | None = None
    picture: Callable[[State, list[str], dict[str, Any]], Any] | None = None


@dataclass(frozen=True)
class Game:
    """One game's entry points.

    - ``from_layout(top)``: the state described by a layout's top-level :class:`Table`
      (``game`` already read); raises ``LayoutError``.
    - ``to_layout(state)``: the layout tables without ``game``; ``from_layout`` of them gives
      back an equal state.
    - ``apply(state, action)``: ``(new_state, events)``; raises ``IllegalActionError``.
    - ``legal_actions(state)``: a sequence of actions ``apply`` accepts (may be a useful
      subset where the full set is unbounded), empty when the game is over.
    - ``describe(event)``: the event in words, for the log.
    - ``summary(state)``: one line for ``tabletop check``.
    - ``verbs``: the ``tabletop query`` verbs by name.
    - ``say(state, action)``: the action in the players' words (names, never internal ids),
      for refusals and the log; ``None`` when its ``str`` already is.
    """

    name: str
    title: str
    state_type: type
    from_layout: Callable[[Table], State]
    to_layout: Callable[[State], dict[str, Any]]
    apply: Callable[[State, Action], tuple[State, tuple[Event, ...]]]
    legal_actions: Callable[[State], Sequence[Action]]
    describe: Callable[[Event], str]
    summary: Callable[[State], str]
    verbs: Mapping[str, Verb] = field(default_factory=dict)
    say: Callable[[State, Action], str] | None = None
