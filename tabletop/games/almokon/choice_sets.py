"""The sets an Almokon player picks inside one action, and how ``legal_actions`` lists them.

Two rules let a player pick any number of cards: *Imbue* ("you may discard any number of
Characters from your hand") and *Kinship* ("other cards you control that share at least one
subtype with the attacker may activate").  Neither bounds the number, so the legal sets of
one action can be 2ⁿ: :func:`sets_to_list` lists every set while there are at most
:data:`SETS_LISTED_UP_TO` of them and a summary beyond, and :data:`SET_CHOICES` declares
that to the game contract (``contract.SetChoice``).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Sequence

from tabletop.games.almokon.actions import Attack, PlayCard
from tabletop.games.almokon.cards import base_id
from tabletop.games.almokon.state import AlmokonState, Card
from tabletop.games.contract import SetChoice, set_count

SETS_LISTED_UP_TO = 64
"""``legal_actions`` lists every Imbue discard set and every Kinship helper set of one
action while they are at most this many (six different cards, or more copies of fewer);
beyond, a summary (:func:`sets_to_list`)."""


def imbue_candidates(state: AlmokonState, index: int, uid: str) -> list[str]:
    """The cards player ``index`` may discard for Imbue to play ``uid`` (rulebook *Imbue*:
    "discard any number of Characters from your hand"): every other Character in the hand,
    copies included."""
    return [u for u in state.players[index].hand
            if u != uid and state.definition(u).type == "character"]


def kin_candidates(state: AlmokonState, attacker: Card) -> list[str]:
    """The cards that may join ``attacker``'s attack (rulebook *Kinship*: "other cards you
    control that share at least one subtype with the attacker"): any zone, ready or not;
    not Terrain, which "cannot attack"."""
    subtypes = set(state.definition(attacker.uid).subtypes)
    return [c.uid for c in state.cards
            if c.owner == attacker.owner and c.uid != attacker.uid
            and state.definition(c.uid).type != "terrain"
            and subtypes & set(state.definition(c.uid).subtypes)]


def sets_to_list(candidates: Sequence[str], key: Callable[[str], Hashable] = lambda uid: uid,
                 wrath: Callable[[str], int] | None = None) -> Sequence[tuple[str, ...]]:
    """The sets of ``candidates`` that ``legal_actions`` lists, smallest first: candidates
    with one ``key`` (copies of one card in hand) are one choice taken 0, 1, 2 … times (the
    first copies).  Every set while there are at most :data:`SETS_LISTED_UP_TO`; beyond,
    the summary: none, each card alone and all of them, and with ``wrath`` (for Imbue,
    where a set must pay a cost) the fewest cards that give each total: the two of highest
    Wrath, the three … (:class:`Strongest`, not spelt out: n candidates give n sets of up
    to n cards)."""
    groups: dict[Hashable, list[str]] = {}
    for uid in candidates:
        groups.setdefault(key(uid), []).append(uid)
    copies = list(groups.values())
    if set_count(key(u) for u in candidates) > SETS_LISTED_UP_TO:
        singles = [(), *((same[0],) for same in copies)]
        if wrath is None:
            return list(dict.fromkeys([*singles, tuple(candidates)]))
        strongest = tuple(sorted(candidates, key=wrath, reverse=True))
        return Joined(list(dict.fromkeys(singles)), Strongest(strongest, 2))
    counts = itertools.product(*(range(len(same) + 1) for same in copies))
    sets = [tuple(uid for same, n in zip(copies, taken, strict=True) for uid in same[:n])
            for taken in counts]
    return sorted(sets, key=len)


def paying(sets: Sequence[tuple[str, ...]], need: int,
           wrath: Callable[[str], int]) -> Sequence[tuple[str, ...]]:
    """The sets of ``sets`` (as :func:`sets_to_list` gives them) whose total ``wrath`` is at
    least ``need``, in the same order (rulebook *Imbue*: the discarded Wrath reduces the
    cost; ``need`` is the cost less the AP at hand)."""
    if isinstance(sets, Joined):
        head = [s for s in sets.head if sum(map(wrath, s)) >= need]
        tail = sets.tail
        total, first = 0, len(tail.cards) + 1
        for n, uid in enumerate(tail.cards, start=1):  # the totals grow with n
            total += wrath(uid)
            if n >= tail.first and total >= need:
                first = n
                break
        return Joined(head, Strongest(tail.cards, first))
    return [s for s in sets if sum(map(wrath, s)) >= need]


class Strongest(Sequence):
    """The first ``n`` of ``cards`` (strongest first) for each ``n`` from ``first`` to all of
    them, each made when asked for."""

    def __init__(self, cards: tuple[str, ...], first: int):
        self.cards = cards
        self.first = first

    def __len__(self) -> int:
        return max(0, len(self.cards) - self.first + 1)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("set index out of range")
        return self.cards[:self.first + index]

    def __contains__(self, picked: object) -> bool:
        return isinstance(picked, tuple) and self.first <= len(picked) <= len(self.cards) \
            and picked == self.cards[:len(picked)]


class Joined(Sequence):
    """The sets of ``head`` (a list) followed by those of ``tail`` (:class:`Strongest`)."""

    def __init__(self, head: list[tuple[str, ...]], tail: Strongest):
        self.head = head
        self.tail = tail

    def __len__(self) -> int:
        return len(self.head) + len(self.tail)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        return self.head[index] if 0 <= index < len(self.head) \
            else self.tail[index - len(self.head)]

    def __iter__(self):
        yield from self.head
        yield from self.tail

    def __contains__(self, picked: object) -> bool:
        return picked in self.head or picked in self.tail


def set_candidates(state: AlmokonState, action: object) -> tuple[str, list[str]] | None:
    """The field of ``action`` that holds a set the player picks and the cards (uids) it is
    picked from as ``action``'s other fields stand: ``("imbue", …)`` for a card with Imbue,
    ``("kin", …)`` for an attacker with Kinship; ``None`` for any other action."""
    if isinstance(action, PlayCard):
        index = state.player_index(action.player)
        if index is None or action.uid not in state.players[index].hand \
                or not state.definition(action.uid).has("imbue"):
            return None
        return "imbue", imbue_candidates(state, index, action.uid)
    if isinstance(action, Attack):
        card = state.card(action.attacker)
        if card is None or not state.definition(card.uid).has("kinship"):
            return None
        return "kin", kin_candidates(state, card)
    return None


def _written(state: AlmokonState, action: object) -> tuple[str, ...]:
    """The candidates of ``action``'s set as ``same_move`` writes them: a card in hand by its
    printed id, a card in play by its uid."""
    picked = set_candidates(state, action)
    if picked is None:
        return ()
    field, cards = picked
    return tuple(base_id(u) for u in cards) if field == "imbue" else tuple(cards)


SET_CHOICES = {
    PlayCard: SetChoice("imbue", _written, SETS_LISTED_UP_TO,
                        "Imbue: discard any number of Characters from your hand"),
    Attack: SetChoice("kin", _written, SETS_LISTED_UP_TO,
                      "Kinship: any of the cards sharing a subtype with the attacker"),
}
"""The game contract's ``set_choices`` for Almokon: candidates written as ``same_move``
writes them (a card in hand by its printed id, a card in play by its uid)."""
