"""Kingdoms Forlorn's Clash Board: state, layout, rules and query verbs.

The rules core (:mod:`tabletop.games.clash.rules`, which imports every action, the cards and the
attack sequence) is imported on the first ``apply``, ``legal_actions``, ``describe`` or look at
the open kinds of action, so that loading a board to draw it or to ask where things are does
not load it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from tabletop.games.clash import layout, query, view
from tabletop.games.clash.state import ClashState
from tabletop.games.contract import Action, Event, Game
from tabletop.wording import counted

if TYPE_CHECKING:
    from fractions import Fraction


def apply(state: ClashState, action: Action) -> tuple[ClashState, tuple[Event, ...]]:
    """:func:`tabletop.games.clash.rules.apply`."""
    from tabletop.games.clash import rules

    return rules.apply(state, action)


def legal_actions(state: ClashState) -> list[Action]:
    """:func:`tabletop.games.clash.rules.legal_actions`."""
    from tabletop.games.clash import rules

    return rules.legal_actions(state)


def legal_types(state: ClashState, actor: str | None = None) -> frozenset[str]:
    """:func:`tabletop.games.clash.listing.legal_types`."""
    from tabletop.games.clash import listing

    return listing.legal_types(state, actor)


def legal_worded(state: ClashState, head: str, tail: str) -> Iterator[Action]:
    """:func:`tabletop.games.clash.listing.legal_worded`."""
    from tabletop.games.clash import listing

    return listing.legal_worded(state, head, tail)


def describe(event: Event) -> str:
    """:func:`tabletop.games.clash.rules.describe`."""
    from tabletop.games.clash import rules

    return rules.describe(event)


def say(state: ClashState, action: Action) -> str:
    """``action`` in the players' words: an answer to a card sequence under way says what it
    answers (:func:`tabletop.games.clash.running.say`); any other action its ``str``."""
    if state.sequence is None:
        return str(action)
    from tabletop.games.clash import running

    return running.say(state, action)


def is_chance_node(state: ClashState) -> bool:
    """Whether a card sequence under way waits for the dice (rulebook *Attack Roll*, *Evasion
    Roll*, *Power Roll*, *Armor Roll*, *Dice Re-rolls*): the contract's chance point
    (:func:`tabletop.games.clash.running.is_chance_node`)."""
    if state.sequence is None:
        return False
    from tabletop.games.clash import running

    return running.is_chance_node(state)


def chance_outcomes(state: ClashState) -> list[tuple[Action, Fraction]]:
    """At a chance point, every ``Throw`` of the dice with its exact probability
    (:func:`tabletop.games.clash.running.chance_outcomes`); elsewhere none."""
    if state.sequence is None:
        return []
    from tabletop.games.clash import running

    return running.chance_outcomes(state)


class _LateTable(Mapping[type, object]):
    """The table ``name`` of the Clash module ``module``, read from it when first asked (the
    action kinds it names load with that module): the rules' ``OPEN_ACTIONS``, the card
    sequences' ``SET_CHOICES`` (re-roll declarations)."""

    def __init__(self, module: str, name: str):
        self.module, self.name = module, name

    def _table(self) -> Mapping[type, object]:
        from importlib import import_module

        return getattr(import_module(f"tabletop.games.clash.{self.module}"), self.name)

    def __getitem__(self, kind: type) -> object:
        return self._table()[kind]

    def __iter__(self) -> Iterator[type]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())


def summary(state: ClashState) -> str:
    """``3 knights, 1 monster, 4 terrain tiles on a 12 x 18 board``."""
    return (f"{counted(len(state.knights), 'knight')}, "
            f"{counted(len(state.monsters), 'monster')}, "
            f"{counted(len(state.terrain), 'terrain tile')} on a "
            f"{state.board.rows} × {state.board.cols} board")


GAME = Game(
    name="clash",
    title="Kingdoms Forlorn — Clash Board",
    state_type=ClashState,
    from_layout=layout.from_layout,
    to_layout=layout.to_layout,
    apply=apply,
    legal_actions=legal_actions,
    legal_types=legal_types,
    legal_worded=legal_worded,
    describe=describe,
    summary=summary,
    verbs=query.VERBS,
    say=say,
    view_for=view.view_for,
    acting=view.acting,
    is_partial=view.is_partial,
    is_chance_node=is_chance_node,
    chance_outcomes=chance_outcomes,
    open_actions=_LateTable("rules", "OPEN_ACTIONS"),
    set_choices=_LateTable("running", "SET_CHOICES"),
)
