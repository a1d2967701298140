"""The Almokon board as immutable values: players, cards in play, and whatever is pending.

A turn in Almokon is one action (rulebook *Turn Structure*: players alternate one action at a
time).  ``turn`` is the player whose action it is; ``to_act`` is who must decide now — the
same player, or the opponent while a Reflex/Veto response window is open.  Pending parts:

- ``stack``: played cards and activated abilities waiting for responses (last = newest);
- ``choice``: a decision an effect needs (Scout, Foresee, Forge's copy);
- ``follow_up``: a card that may attack again at once (Charge, Onslaught);
- ``extra_actions``: non-combat actions left from a Truce.

Players are indexed 0 and 1; cards are named by uid (``cards.base_id`` gives the definition).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

from tabletop.games.almokon.cards import Aura, CardDef, Catalog, base_id
from tabletop.spatial.zones import DEFAULT_REACH, REALM

WIN_BOUNTY = 21


@dataclass(frozen=True)
class Rules:
    """Layout rule options where the rulebook leaves room (see ``docs/almokon.md``).

    ``reach``: which zones an Outland attacker reaches (``tabletop.spatial.zones``);
    ``draw``: ``none`` (the text: cards reach the hand only by effects) or ``ready-all``
    (Ready All also draws one card); ``responses``: ``when-able`` (a response window opens
    only when the other player could respond) or ``always``; ``simultaneous_win``:
    ``acting-player`` or ``draw`` when both players reach 21 in one resolution;
    ``exhausted_abilities``: ``none`` (abilities only on a ready card, *Actions*) or
    ``non-exhausting`` (an exhausted card may still use abilities that do not exhaust it,
    *Exhausted*).
    """

    reach: str = DEFAULT_REACH
    draw: str = "none"
    responses: str = "when-able"
    simultaneous_win: str = "acting-player"
    exhausted_abilities: str = "none"


RULE_CHOICES = {
    "exhausted_abilities": ("none", "non-exhausting"),
    "draw": ("none", "ready-all"),
    "responses": ("when-able", "always"),
    "simultaneous_win": ("acting-player", "draw"),
}


@dataclass(frozen=True)
class Card:
    """A card in play: its ``uid``, ``owner`` (player index), ``zone``, whether exhausted,
    ``damage`` taken, ``growth`` counters and attached Items/Crew (uids)."""

    uid: str
    owner: int
    zone: str = REALM
    exhausted: bool = False
    damage: int = 0
    growth: int = 0
    items: tuple[str, ...] = ()


@dataclass(frozen=True)
class Player:
    """One player's resources: AP, Bounty, and the uids in hand, deck (top first), discard."""

    name: str
    ap: int = 0
    bounty: int = 0
    hand: tuple[str, ...] = ()
    deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()


@dataclass(frozen=True)
class StackItem:
    """A played card or activated ability awaiting resolution (rulebook *Reflex*, *Veto*).

    ``kind`` is ``play`` or ``ability``; ``uid`` the card played or the card whose ability
    was activated (``ability`` its index); ``target`` the chosen target (or ``""``);
    ``as_item`` when a Crew unit is played as an Item; ``paid`` the AP paid; ``extra`` when
    this was a Truce extra action; ``cancelled`` once a Veto cancelled it.
    """

    player: int
    kind: str
    uid: str
    ability: int = 0
    target: str = ""
    as_item: bool = False
    paid: int = 0
    extra: bool = False
    cancelled: bool = False


@dataclass(frozen=True)
class Choice:
    """A decision an effect waits for: ``kind`` (``scout``, ``foresee``, ``forge``),
    ``player``, ``options``, the ``source`` card and, for Forge, the ``card`` id sought and
    ``own_action``: whether the Forge resolved as its player's own (not a Truce extra, not a
    response) action, so that a Forged Charge unit may attack at once."""

    kind: str
    player: int
    options: tuple[str, ...]
    source: str = ""
    card: str = ""
    own_action: bool = False


@dataclass(frozen=True)
class FollowUp:
    """``uid`` may declare one attack at once: ``kind`` is ``charge`` (just played) or
    ``onslaught`` (just destroyed an enemy card in combat)."""

    uid: str
    kind: str


@dataclass(frozen=True)
class AlmokonState:
    """A whole game of Almokon at one moment (see the module docstring)."""

    players: tuple[Player, Player]
    cards: tuple[Card, ...] = ()
    turn: int = 0
    to_act: int = 0
    rules: Rules = Rules()
    catalog: Catalog = field(default_factory=Catalog)
    title: str = ""
    notes: str = ""
    seed: int = 0
    shuffles: int = 0
    stack: tuple[StackItem, ...] = ()
    choice: Choice | None = None
    follow_up: FollowUp | None = None
    extra_actions: int = 0
    winner: str = ""

    # ------------------------------------------------------------------ lookups
    def card(self, uid: str) -> Card | None:
        """The card in play with ``uid`` (not attached Items), or ``None``."""
        return next((c for c in self.cards if c.uid == uid), None)

    def definition(self, uid: str) -> CardDef:
        """The printed card of ``uid``."""
        return self.catalog[base_id(uid)]

    def player_index(self, name: str) -> int | None:
        for index, player in enumerate(self.players):
            if player.name.lower() == name.lower():
                return index
        return None

    def all_uids(self) -> list[str]:
        """Every card uid in the game (in play, attached, hands, decks, discards, stack)."""
        out = [c.uid for c in self.cards] + [i for c in self.cards for i in c.items]
        for p in self.players:
            out += [*p.hand, *p.deck, *p.discard]
        out += [s.uid for s in self.stack if s.kind == "play"]
        return out

    def owned_uids(self, index: int) -> list[str]:
        """Every card uid that belongs to player ``index`` wherever it is."""
        p = self.players[index]
        out = [*p.hand, *p.deck, *p.discard]
        for c in self.cards:
            if c.owner == index:
                out.append(c.uid)
                out += list(c.items)
        out += [s.uid for s in self.stack if s.kind == "play" and s.player == index]
        return out

    # ------------------------------------------------------------------ numbers
    @cached_property
    def _auras(self) -> tuple[tuple[int, str, Aura], ...]:
        """``(owner, uid, aura)`` of each card in play with an Aura, found once per state
        (the Wrath of each of 200 cards would otherwise look at all 200)."""
        return tuple((c.owner, c.uid, aura) for c in self.cards
                     if (aura := self.definition(c.uid).aura) is not None)

    def wrath(self, card: Card) -> int:
        """Printed Wrath plus the Wrath of attached Items and Crew and of the owner's Auras
        (passive effects of other cards in play)."""
        definition = self.definition(card.uid)
        auras = sum(aura.wrath for owner, uid, aura in self._auras
                    if owner == card.owner and uid != card.uid and aura.applies(definition))
        return definition.wrath + sum(self.definition(i).wrath for i in card.items) + auras

    def vigor(self, card: Card) -> int:
        """Printed Vigor plus attached Items' and Crew's Vigor (before damage)."""
        return self.definition(card.uid).vigor + sum(self.definition(i).vigor
                                                     for i in card.items)

    def remaining(self, card: Card) -> int:
        return self.vigor(card) - card.damage

    def named(self, uid: str) -> str:
        """:meth:`name_of` for a card this game knows; anything else as it was given (a
        refusal of an action naming no card of the game)."""
        return self.name_of(uid) if base_id(uid) in self.catalog else uid

    def name_of(self, uid: str) -> str:
        """The printed name, with ``#n`` kept for further copies (``Iron Sentinel #2``)."""
        name = self.definition(uid).name
        return f"{name} #{uid.split('#', 1)[1]}" if "#" in uid else name


def with_player(state: AlmokonState, index: int, **changes) -> AlmokonState:
    """``state`` with player ``index`` changed."""
    players = list(state.players)
    players[index] = replace(players[index], **changes)
    return replace(state, players=(players[0], players[1]))


def with_card(state: AlmokonState, card: Card) -> AlmokonState:
    """``state`` with the in-play card of the same uid replaced by ``card``."""
    return replace(state, cards=tuple(card if c.uid == card.uid else c for c in state.cards))
