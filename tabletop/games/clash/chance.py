"""The chance points of the Clash's card sequences (rulebook *Attack Roll*, *Power Roll*,
*Evasion Roll*, *Armor Roll*, *Dice Re-rolls*): where a Knight Attack
(:mod:`~tabletop.games.clash.knight_attack`) or a Monster attack
(:mod:`~tabletop.games.clash.monster_round`) waits for the dice, every roll that can answer it
with its exact probability.

A sequence is a frozen draft; a draft whose ``ask`` is a ``roll`` is a chance point: it takes
no answer but a :class:`~tabletop.dice.roll.Roll` of the dice the ask names (the whole throw,
or only the re-rolled dice).  :func:`chance_outcomes` lists those rolls, the dice of one kind
grouped as multisets (:func:`tabletop.dice.chance.throw_outcomes`), each built exactly as
:func:`~tabletop.games.clash.sequence.from_faces` builds a roll made at the table, so each is
an answer the sequence accepts.  The window keeps throwing the dice in the tray
(:func:`~tabletop.games.clash.sequence.throw`, seeded), which gives one of them.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Protocol

from tabletop.dice.chance import throw_outcomes
from tabletop.dice.roll import Roll
from tabletop.games.clash.sequence import Ask, from_faces, thrown_kinds


class Draft(Protocol):
    """A card sequence's draft: what it waits for (``ask``) and whether it is over."""

    @property
    def ask(self) -> Ask | None: ...

    @property
    def done(self) -> bool: ...


def is_chance_node(draft: Draft) -> bool:
    """Whether ``draft`` waits for the dice (its ``ask`` is a ``roll``)."""
    return not draft.done and draft.ask is not None and draft.ask.kind == "roll"


def chance_outcomes(draft: Draft) -> list[tuple[Roll, Fraction]]:
    """Every roll answering ``draft``'s ``roll`` ask, with its exact probability (they sum to
    1); empty when ``draft`` is no chance point."""
    if not is_chance_node(draft):
        return []
    ask = draft.ask
    assert ask is not None
    return [(from_faces(ask, labels), chance)
            for labels, chance in throw_outcomes(thrown_kinds(ask))]
