"""The legal actions of Almokon as families, listed without being spelt out one by one.

One action of a card is a few choices made in turn (rulebook *Actions*, *Combat*, *Imbue*,
*Kinship*, *Command*): which card it targets, whether to announce Frenzy, which Kinship
helpers or Imbue discards.  The choices of one card's action are independent of each other
once the card may act at all: the targets are those its rule allows, and every Frenzy, helper
set or discard set goes with every target.  So the legal actions of one card and kind are a
:class:`Product` of the choices, and a Foresee answer (any order of the cards looked at) is an
:class:`Orders`.  :class:`Listing` holds them as the sequence ``legal_actions`` returns:
counted, indexed, searched (``action in listing`` checks the action's own family) and iterated
without building the whole list, so a board at the layout limits (200 cards in play, 600,000
actions) answers at once, and the window offers one choice at a time from a family.
"""

from __future__ import annotations

import itertools
import math
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

from tabletop.games.almokon.actions import Activate, Attack, Choose, Liquidate, Move, PlayCard

Axis = tuple[str, Sequence[Any]]
"""One choice of a family: the action's field and the values it may take, in order."""


def group_of(action: object) -> tuple | None:
    """The card-and-kind an action belongs to (``("attack", uid)``, ``("ability", uid, n)``
    …), or ``None`` for the actions that name no card: one family of a :class:`Listing` holds
    the legal actions of one group."""
    if isinstance(action, PlayCard):
        return ("crew" if action.as_item else "play", action.uid)
    if isinstance(action, Attack):
        return ("attack", action.attacker)
    if isinstance(action, Activate):
        return ("ability", action.uid, action.ability)
    if isinstance(action, Move):
        return ("move", action.uid)
    if isinstance(action, Liquidate):
        return ("liquidate", action.uid)
    return None


class Product:
    """``base`` with each combination of the ``axes`` values: the first axis varies slowest
    (as nested loops in axis order).  No axes: ``base`` alone."""

    def __init__(self, base: object, axes: Sequence[Axis] = ()):
        self.base = base
        self.axes = tuple((name, values) for name, values in axes)
        self.size = math.prod(len(values) for _, values in self.axes)
        self.group = group_of(base)

    def values(self, name: str) -> Sequence[Any]:
        """The values axis ``name`` takes: ``(base's value,)`` for a field that is no axis,
        ``("",)`` for a field the action does not have (a Move's target)."""
        return next((values for field, values in self.axes if field == name),
                    (getattr(self.base, name, ""),))

    def fix(self, **chosen: Any) -> Product:
        """The family with the fields in ``chosen`` fixed (their values must be among the
        axis's): the forms left once those choices are made."""
        axes = [(name, (chosen[name],) if name in chosen else values)
                for name, values in self.axes]
        return Product(self.base, axes)

    def __len__(self) -> int:
        return self.size

    def __iter__(self) -> Iterator[object]:
        names = [name for name, _ in self.axes]
        for combination in itertools.product(*(values for _, values in self.axes)):
            yield replace(self.base, **dict(zip(names, combination, strict=True)))

    def __getitem__(self, index: int) -> object:
        """The ``index``-th action (``0 <= index < size``), in the order of iteration."""
        chosen = {}
        for name, values in reversed(self.axes):
            index, at = divmod(index, len(values))
            chosen[name] = values[at]
        return replace(self.base, **chosen)

    def __contains__(self, action: object) -> bool:
        if type(action) is not type(self.base) or not self.size:
            return False
        names = {name for name, _ in self.axes}
        if replace(action, **{name: getattr(self.base, name) for name in names}) != self.base:
            return False
        return all(getattr(action, name) in values for name, values in self.axes)


class Orders:
    """Every order of ``options`` as a Foresee answer of ``player`` (rulebook *Foresee*:
    "return them to the top in any order"): ``Choose`` with the options comma-joined, in the
    order of ``itertools.permutations`` (copies of one option give repeated orders)."""

    group = None

    def __init__(self, player: str, options: Sequence[str]):
        self.player = player
        self.options = tuple(options)
        self.size = math.factorial(len(self.options))

    def __len__(self) -> int:
        return self.size

    def __iter__(self) -> Iterator[Choose]:
        for order in itertools.permutations(self.options):
            yield Choose(self.player, ",".join(order))

    def __getitem__(self, index: int) -> Choose:
        """The ``index``-th order: the factorial number system over the option positions."""
        left = list(self.options)
        order = []
        for n in range(len(left), 0, -1):
            at, index = divmod(index, math.factorial(n - 1))
            order.append(left.pop(at))
        return Choose(self.player, ",".join(order))

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Choose) and action.player == self.player \
            and sorted(action.option.split(",")) == sorted(self.options)


Family = Product | Orders


def stem(family: Family) -> str:
    """The words every action of ``family`` begins with, as far as they are fixed by the
    fields that are not its choices: the whole words of a family of one action, the card and
    kind up to the first choice (``Aria: militia#2 attacks `` before the target), and all of
    a Foresee or Scout answer's (written alike whatever the option: the choice is secret)."""
    if isinstance(family, Orders) or isinstance(family.base, Choose) or not family.axes:
        return str(family[0])
    base = family.base
    if isinstance(base, Attack):
        return f"{base.player}: {base.attacker} attacks "
    if isinstance(base, PlayCard):
        return f"{base.player} plays {base.uid}"
    if isinstance(base, Activate):
        return f"{base.player} activates {base.uid} ability {base.ability + 1}"
    return ""


class Listing(Sequence):
    """The legal actions as a sequence of families (see the module docstring): ``len``,
    indexing, ``in`` and iteration work family by family; equal to a list or tuple of the
    same actions in the same order.  :meth:`count` is the number of actions, also when it
    is too large for ``len`` (a Foresee of 21 cards or more)."""

    def __init__(self, families: Sequence[Family] = ()):
        self.families = tuple(f for f in families if f.size)
        self._ends = list(itertools.accumulate(f.size for f in self.families))

    def count(self) -> int:
        """How many actions the families hold together."""
        return self._ends[-1] if self._ends else 0

    def __len__(self) -> int:
        return self.count()

    def __bool__(self) -> bool:
        return bool(self.families)

    def __iter__(self) -> Iterator[object]:
        for family in self.families:
            yield from family

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self.count()))]
        if index < 0:
            index += self.count()
        if not 0 <= index < self.count():
            raise IndexError("legal action index out of range")
        at = bisect_right(self._ends, index)
        return self.families[at][index - (self._ends[at - 1] if at else 0)]

    def __contains__(self, action: object) -> bool:
        return any(action in family for family in self.families)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Listing):
            other = list(other)
        if not isinstance(other, list | tuple):
            return NotImplemented
        return self.count() == len(other) and all(
            a == b for a, b in zip(self, other, strict=False))

    __hash__ = None

    def __repr__(self) -> str:
        return f"Listing({self.count()} actions in {len(self.families)} families)"

    def samples(self) -> list[object]:
        """One action of each family (a family's actions share their type and player)."""
        return [f[0] for f in self.families]

    def family(self, group: tuple) -> Product | None:
        """The family of the actions of ``group`` (:func:`group_of`), or ``None`` when the
        group has no legal action."""
        return next((f for f in self.families if f.group == group), None)

    def worded(self, head: str) -> Iterator[object]:
        """The actions whose words could begin with ``head`` (case aside), in listing order:
        every action of each family whose :func:`stem` fits ``head``, but only the first of a
        family whose actions are all written alike (a Foresee answer, any of 21! orders)."""
        folded = head.casefold()
        for family in self.families:
            fixed = stem(family).casefold()
            if not (fixed.startswith(folded) or folded.startswith(fixed)):
                continue
            if isinstance(family, Orders) or isinstance(family.base, Choose) \
                    or not family.axes:
                yield family[0]
            else:
                yield from family

    def groups(self, uid: str) -> list[tuple]:
        """The groups of card ``uid`` that have legal actions, in listing order."""
        return [f.group for f in self.families if f.group is not None and f.group[1] == uid]
