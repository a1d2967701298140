"""The one contract every game fulfils, so that the CLI, the window and the tests can treat
all games alike (OpenSpiel style: same parts, same names, registered in one table)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass, replace
from math import prod
from typing import TYPE_CHECKING, Any

from tabletop.frozen import Frozen

if TYPE_CHECKING:
    from fractions import Fraction

    from tabletop.games.layoutfile import Table

State = Any
Action = Any
Event = Any
Player = str
"""A player (or side: a Household, an Almokon player) by the name the window shows."""


def no_secrets(state: State, player: Player | None) -> State:
    """The ``view_for`` of a game with no hidden information: ``state`` itself."""
    return state


def nobody_acting(state: State) -> Player | None:
    """The ``acting`` of a game with no hidden information: nobody's secret step."""
    return None


def never_partial(state: State) -> bool:
    """The ``is_partial`` of a game whose views never hide anything."""
    return False


def never_chance(state: State) -> bool:
    """The ``is_chance_node`` of a game without dice or shuffles during play: never."""
    return False


def no_chance_outcomes(state: State) -> Sequence[tuple[Action, Fraction]]:
    """The ``chance_outcomes`` of a game without chance points: none."""
    return ()


def as_written(state: State, action: Action) -> Hashable:
    """The ``same_move`` of a game where two actions are the same move only when they are
    equal: ``action`` itself."""
    return action


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


class SetChoice(Frozen):
    """A field of an action kind holding a set the player picks, as many as the rules allow
    ("discard any number of Characters", "cards … may activate"), so that one action can
    have 2ⁿ legal sets.

    ``candidates(state, action)``: what the set is drawn from for ``action`` as its other
    fields stand, each written as ``same_move`` writes the field's members (copies of one
    card repeat); ``apply`` takes no set outside them.  ``legal_actions`` lists every legal
    set while the candidates give at most ``listed_up_to`` sets (:func:`set_count`), and
    beyond that a *summary* (some of the legal sets, with every legal choice of the other
    fields).  ``reason``: the rule that lets the player pick any number, in words.  A frozen
    dataclass made when a game first lists one (:class:`~tabletop.frozen.Frozen`)."""

    field: str
    candidates: Callable[[State, Action], Sequence[Hashable]]
    listed_up_to: int
    reason: str


def set_count(candidates: Iterable[Hashable]) -> int:
    """How many different sets ``candidates`` give, copies of one candidate being one choice
    taken 0, 1, 2 … times: the product of (copies + 1)."""
    return prod(n + 1 for n in Counter(candidates).values())


@dataclass(frozen=True)
class Game:
    """One game's entry points.

    - ``from_layout(top)``: the state described by a layout's top-level :class:`Table`
      (``game`` already read); raises ``LayoutError``.
    - ``to_layout(state)``: the layout tables without ``game``; ``from_layout`` of them gives
      back an equal state.
    - ``apply(state, action)``: ``(new_state, events)``; raises ``IllegalActionError``.
    - ``legal_actions(state)``: the actions ``apply`` accepts now, empty when the game is
      over and at a chance node (no player acts there).  Complete for every kind of action
      but the ``open_actions``: an action of any other kind that ``apply`` accepts is listed,
      up to ``same_move`` (and, for an action whose set choice is :meth:`summarised`, up to
      its ``summary_key``; see ``set_choices``).
    - ``open_actions``: the kinds of action (classes) ``legal_actions`` does not list
      completely, each with the reason in words: choices open by nature (a name the user
      types, a board edited as a card or the players say, a card the players name), of which
      ``legal_actions`` lists none or a sample.  Every other kind is *listed*.
    - ``same_move(state, action)``: a key equal for two actions that are the same move in
      ``state`` (a name written in other letters, two copies of one card); ``legal_actions``
      lists one action of each.  ``as_written`` (the action itself) by default.
    - ``describe(event)``: the event in words, for the log.
    - ``summary(state)``: one line for ``tabletop check``.
    - ``verbs``: the ``tabletop query`` verbs by name.
    - ``say(state, action)``: the action in the players' words (names, never internal ids),
      for refusals and the log; ``None`` when its ``str`` already is.
    - ``new_game(seed, picks)``: a fresh game set up from the game's own data, its decks
      shuffled with ``seed``; ``picks`` maps a side to the pieces it chose (King's Champion: a
      Household to its three Knights), empty for the defaults (``None`` for a game that is
      only played from layouts).

    Chance (OpenSpiel's chance nodes: dice the rules roll, not a player):

    - ``is_chance_node(state)``: whether the next thing to happen is a roll, not a player's
      decision; ``legal_actions`` of such a state is empty.
    - ``chance_outcomes(state)``: at a chance node, every result of the roll as ``(action,
      probability)``: an action ``apply`` accepts there and its exact probability (a
      :class:`~fractions.Fraction`; they sum to 1).  Results the rules treat alike are one
      outcome (dice whose order does not matter as one multiset, D6 faces that pick the same
      option as one run).  The window rolls real (seeded) dice and applies the action they
      give; a random playout picks an outcome weighted by its probability.  The outcomes
      are complete like ``legal_actions``: a roll ``apply`` takes there is one of them, up to
      ``same_move``.

    Hidden information (what the rulebooks keep face down or secret):

    - ``view_for(state, player)``: ``state`` as ``player`` may see it, every part hidden from
      them replaced by the game's *unknown* marker (face-down cards kept by count, a secret
      order as unrevealed); ``player=None`` is the public view (onlookers, a public
      screenshot).  Everything drawn, logged or embedded in a picture goes through it.  A
      view's layout loads back (``from_layout(to_layout(view)) == view``) as a board that
      cannot be played on.
    - ``acting(state)``: the player whose secret step or decision it is (who must be alone at
      the screen), or ``None`` when the screen shows only public information.
    - ``is_partial(state)``: whether ``state`` is a view with unknown parts (a public
      picture reopened), which ``apply`` refuses.
    - ``legal_types(state, actor)``: the names of the action types ``legal_actions(state)``
      lists (with ``actor``, of the actions naming that piece or player and of those naming
      no one), found without listing them, for a game whose listing can be huge; ``None``:
      read them from ``legal_actions``.
    - ``legal_worded(state, head, tail)``: the legal actions whose words (``str``) could
      begin with ``head`` and end with ``tail`` (case aside), found without listing the
      others, for a game whose listing can be huge: in ``legal_actions``' order, at least the
      first legal action of each wording that does (others may come too; the caller tests
      the words); a generator where the listing is long, so that a caller can stop early.
      ``None``: read them from ``legal_actions``.  A lesson's *do* step asks it for the
      actions its words describe.
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
    new_game: Callable[[int, Mapping[str, Sequence[str]]], State] | None = None
    view_for: Callable[[State, Player | None], State] = no_secrets
    acting: Callable[[State], Player | None] = nobody_acting
    is_partial: Callable[[State], bool] = never_partial
    is_chance_node: Callable[[State], bool] = never_chance
    chance_outcomes: Callable[[State], Sequence[tuple[Action, Fraction]]] = no_chance_outcomes
    open_actions: Mapping[type, str] = field(default_factory=dict)
    same_move: Callable[[State, Action], Hashable] = as_written
    set_choices: Mapping[type, SetChoice] = field(default_factory=dict)
    legal_types: Callable[[State, str | None], frozenset[str]] | None = None
    legal_worded: Callable[[State, str, str], Iterable[Action]] | None = None

    def summarised(self, state: State, action: Action) -> bool:
        """Whether ``legal_actions(state)`` lists only a summary of the sets ``action``'s
        set field can hold (its candidates give more than ``listed_up_to`` sets)."""
        choice = self.set_choices.get(type(action))
        return choice is not None and \
            set_count(choice.candidates(state, action)) > choice.listed_up_to

    def summary_key(self, state: State, action: Action) -> Hashable:
        """``same_move`` of ``action`` with its set field (if its kind has one) emptied: equal
        for two actions that differ at most in the set picked."""
        choice = self.set_choices.get(type(action))
        if choice is not None:
            action = replace(action, **{choice.field: ()})
        return self.same_move(state, action)

    def public_view(self, state: State) -> State:
        """``state`` as anyone may see it (``view_for(state, None)``)."""
        return self.view_for(state, None)

    def hidden_from(self, state: State, player: Player | None) -> frozenset[tuple[str, str]]:
        """Every part of ``state`` hidden from ``player`` (``None``: from the public), as
        ``(where, value)`` pairs: where it lies in the state and its value in words (an empty
        part or an unset flag, such as the viewer mark of a view, hides nothing and is left
        out)."""
        return frozenset((where, value) for where, value
                         in differences(state, self.view_for(state, player))
                         if value not in EMPTY_REPRS)

    def secrecy_break(self, before: State, after: State) -> str:
        """Why showing ``before`` again after ``after`` (an undo from ``after``, or a redo
        from it) would show someone a secret, or ``""`` when it would not.

        Hot-seat rule (as on Board Game Arena): going back never crosses a hand-over (the
        player whose secret step ``before`` is must be the one at the screen now) and never
        passes a step that showed anyone something that was hidden before it (a card drawn,
        a secret revealed)."""
        was, now = self.acting(before), self.acting(after)
        if was is not None and was != now:
            return (f"{was}'s secret step lies behind it, hidden from "
                    f"{now if now is not None else 'the table'} (a hand-over)")
        if self.hidden_from(before, was) - self.hidden_from(after, was):
            return ("the step shows something that was hidden before it (a card drawn or a "
                    "secret revealed), which cannot be taken back")
        return ""


EMPTY_REPRS = frozenset({"None", "False", "''", "()", "[]", "{}"})


def differences(real: Any, view: Any, where: str = "") -> Iterator[tuple[str, str]]:
    """The parts where ``real`` and ``view`` differ, as ``(where, value in real)`` pairs;
    dataclasses, tuples, lists and dicts are walked part by part, anything else compared
    whole."""
    if real is view or real == view:
        return
    if is_dataclass(real) and type(real) is type(view):
        for part in fields(real):
            yield from differences(getattr(real, part.name), getattr(view, part.name),
                                   f"{where}.{part.name}")
    elif isinstance(real, (tuple, list)) and isinstance(view, (tuple, list)) \
            and len(real) == len(view):
        for index, (a, b) in enumerate(zip(real, view, strict=True)):
            yield from differences(a, b, f"{where}[{index}]")
    elif isinstance(real, dict) and isinstance(view, dict) and real.keys() == view.keys():
        for key in real:
            yield from differences(real[key], view[key], f"{where}[{key!r}]")
    else:
        yield where, repr(real)
