"""Perks, location actions and the choices they leave: gaining dice, workers, cards, Morale
and Bravery Tokens, advancing on the Political tracks, and seeded shuffles.

Rulebook: *Knightly Icons*, *Perks Gained* ("When a player places a Bravery Token on a slot
that has an icon, the Perk is gained immediately"), *Status Card Perks*, *Base Buildings*,
*Spending Reputation* ("If advancing your token on an influence track unlocks a Perk, Dice or
Worker, you will gain the benefit immediately and resolve the action").

A Perk that needs a choice (which Knight, which colour, which track, which card) becomes a
:class:`~tabletop.games.joust.state.Pending` choice; :func:`options` lists what may be chosen
and :func:`choose` resolves it.  A choice with nothing to choose from lapses, with an event
saying why.
"""

from __future__ import annotations

import random
from dataclasses import replace

from tabletop.dice.kings_champion import ATTACK_COLOURS
from tabletop.errors import IllegalActionError
from tabletop.games.joust.actions import Choose
from tabletop.games.joust.cards import Catalog, Perk, PoliticalTrack, shipped
from tabletop.games.joust.events import Event, Happened, MoraleChanged, TokenPlaced
from tabletop.games.joust.scoring import token_morale
from tabletop.games.joust.state import (
    EQUIPMENT_LIMIT,
    MAX_REPUTATION,
    Household,
    JoustState,
    Knight,
    Pending,
)
from tabletop.wording import counted

Result = tuple[JoustState, tuple[Event, ...]]

MAX_POOL = 11
"""*Dice Pool*: four starting dice and "7 empty slots"; the all-promoted Perk adds one space."""


def catalog(state: JoustState) -> Catalog:
    """The card and track data in play: the state's own, else the shipped examples."""
    return state.cards if state.cards is not None else shipped()


def shuffled(state: JoustState, items: tuple[str, ...]) -> tuple[tuple[str, ...], JoustState]:
    """``items`` shuffled by the game's seed and the count of shuffles so far (so each shuffle
    of a replayed game is the same), and the state with the count advanced."""
    rng = random.Random(f"{state.seed}/{state.shuffles}")
    out = list(items)
    rng.shuffle(out)
    return tuple(out), replace(state, shuffles=state.shuffles + 1)


def pool_limit(house: Household) -> int:
    return MAX_POOL + (1 if house.extra_die else 0)


def influence_of(state: JoustState, house: Household) -> dict[str, int]:
    """The Household's Influence marker on each Political track, by track name."""
    tracks = catalog(state).political
    spaces = house.influence or tuple(t.start for t in tracks)
    return {t.name: at for t, at in zip(tracks, spaces, strict=True)}


def _set_influence(state: JoustState, house: Household, track: str, space: int) -> Household:
    spaces = influence_of(state, house)
    spaces[track] = space
    return replace(house, influence=tuple(spaces[t.name] for t in catalog(state).political))


def advance(state: JoustState, name: str, track: PoliticalTrack, n: int,
            source: str) -> Result:
    """Move ``name``'s Influence marker ``n`` spaces on ``track`` (spaces past the end are
    lost: a completed track is closed) and gain the Perks reached on the way."""
    house = state.household(name)
    before = influence_of(state, house)[track.name]
    after = min(track.spaces, before + n)
    if after == before:
        return state, (Happened(name, f"cannot advance on the {track.name} track: it is "
                                      f"complete ({source})"),)
    state = state.with_household(_set_influence(state, house, track.name, after))
    closed = ", complete" if after == track.spaces else ""
    events: list[Event] = [Happened(name, f"advances on the {track.name} track to "
                                          f"{after}/{track.spaces}{closed} ({source})")]
    for perk in track.perks_between(before, after):
        state, more = grant(state, name, perk, f"{track.name} track")
        events.extend(more)
    return state, tuple(events)


def grant(state: JoustState, name: str, perk: Perk, source: str) -> Result:
    """``name`` gains ``perk`` now, or a pending choice for it (:func:`options`)."""
    house = state.household(name)
    kind, arg, n = perk.kind, perk.arg, perk.n
    if kind == "morale":
        house = replace(house, morale=house.morale + n)
        return state.with_household(house), (MoraleChanged(name, n, house.morale, source),)
    if kind == "worker":
        house = replace(house, workers=house.workers + n)
        return state.with_household(house), (Happened(name, f"gains {counted(n, 'worker')} "
                                                            f"({source})"),)
    if kind == "hand-limit":
        house = replace(house, hand_limit=house.hand_limit + n)
        return state.with_household(house), (Happened(name, f"raises its hand limit to "
                                                            f"{house.hand_limit} ({source})"),)
    if kind == "draw-standard":
        return draw_standard(state, name, n, source)
    if kind == "draw-advanced":
        drawn = house.advanced_deck[:n]
        house = replace(house, abilities=house.abilities + drawn,
                        advanced_deck=house.advanced_deck[n:])
        words = counted(len(drawn), "Advanced Ability Card")
        return state.with_household(house), (Happened(name, f"draws {words} ({source})"),)
    if kind == "draw-enhancement":
        return draw_enhancements(state, name, n, source)
    if kind == "draw-token":
        state, drawn = draw_tokens(state, n)
        house = state.household(name)
        state = state.with_household(replace(house, bravery_tokens=house.bravery_tokens + drawn))
        return state, (Happened(name, f"draws {_tokens(drawn)} from the bag ({source})"),)
    if kind == "advance" and arg != "any":
        track = catalog(state).track(arg or "")
        assert track is not None  # the loader checks track names
        return advance(state, name, track, n, source)
    if kind == "gain-die" and arg != "any":
        return gain_die(state, name, arg or "", source)
    pending = Pending(name, kind, arg or "", n, source)
    return replace(state, pending=(*state.pending, pending)), ()


def gain_die(state: JoustState, name: str, colour: str, source: str) -> Result:
    """A die of ``colour`` into the Dice Pool, unless its slots are full."""
    house = state.household(name)
    held = len(house.pool) + sum(len(k.placed_dice()) - (1 if k.squire and k.squire.on else 0)
                                 for k in house.knights)
    if held >= pool_limit(house):
        return state, (Happened(name, f"has no empty Dice Pool slot for a {colour} die "
                                      f"({source})"),)
    house = replace(house, pool=(*house.pool, colour))
    return state.with_household(house), (Happened(name, f"adds a {colour} die to its Dice Pool "
                                                        f"({source})"),)


def draw_tokens(state: JoustState, n: int) -> tuple[JoustState, tuple[str, ...]]:
    """The first ``n`` tokens of the bag (fewer when it runs out) and the state without them."""
    return replace(state, bag=state.bag[n:]), state.bag[:n]


def draw_cards(state: JoustState, deck: str, n: int) -> tuple[JoustState, tuple[str, ...]]:
    """The top ``n`` cards of ``deck`` (``"ability"`` or ``"enhancement"``: the attributes
    ``<deck>_deck`` and ``<deck>_discard``) and the state without them; an empty deck takes
    its discard pile, shuffled, and a deck and pile both empty give fewer cards."""
    pile, discard = f"{deck}_deck", f"{deck}_discard"
    drawn: list[str] = []
    for _ in range(n):
        if not getattr(state, pile) and getattr(state, discard):
            cards, state = shuffled(state, getattr(state, discard))
            state = replace(state, **{pile: cards, discard: ()})
        if not getattr(state, pile):
            break
        drawn.append(getattr(state, pile)[0])
        state = replace(state, **{pile: getattr(state, pile)[1:]})
    return state, tuple(drawn)


def draw_standard(state: JoustState, name: str, n: int, source: str) -> Result:
    """``n`` Standard Ability Cards from the shared deck; an empty deck takes the discard pile,
    shuffled (*Standard Ability Cards*: "When the draw pile is empty, the discard pile should
    be flipped over and shuffled for reuse")."""
    state, drawn = draw_cards(state, "ability", n)
    house = state.household(name)
    state = state.with_household(replace(house, abilities=house.abilities + drawn))
    return state, (Happened(name, f"draws {counted(len(drawn), 'Standard Ability Card')} "
                                  f"({source})"),)


def draw_enhancements(state: JoustState, name: str, n: int, source: str) -> Result:
    """``n`` Enhancement Cards; an empty deck takes the discard pile, shuffled (our reading:
    the rulebook says so of the Standard Ability deck only)."""
    state, drawn = draw_cards(state, "enhancement", n)
    cards = catalog(state)
    house = state.household(name)
    hand = house.hand + tuple(c for c in (cards.enhancement(d) for d in drawn) if c)
    state = state.with_household(replace(house, hand=hand))
    return state, (Happened(name, f"draws {counted(len(drawn), 'Enhancement Card')} "
                                  f"({source})"),)


def put_token(state: JoustState, name: str, knight_name: str, colour: str,
              source: str) -> Result:
    """A Bravery Token of ``colour`` on the next slot of the Knight: Morale by the token table
    (*Morale*) and the slot's Perk at once (*Perks Gained*)."""
    house = state.household(name)
    knight = house.knight(knight_name)
    gain = token_morale(knight.tokens, colour)
    slot = len(knight.tokens)
    knight = replace(knight, tokens=(*knight.tokens, colour),
                     token_dice=(*knight.token_dice, None))
    house = replace(house.with_knight(knight), morale=house.morale + gain)
    state = state.with_household(house)
    events: list[Event] = [TokenPlaced(name, knight.name, colour, gain, house.morale)]
    perk = slot_perk(state, knight, slot)
    if perk is not None:
        state, more = grant(state, name, perk, f"{knight.name}'s Bravery Token slot {slot + 1}")
        events.extend(more)
    return state, tuple(events)


def slot_perk(state: JoustState, knight: Knight, slot: int) -> Perk | None:
    """The Perk icon on ``knight``'s Bravery Token slot ``slot`` (0-based), if any."""
    card = catalog(state).knight(knight.name)
    if card is None:
        return None
    perks = card.side(knight.side).slot_perks
    return perks[slot] if slot < len(perks) else None


def options(state: JoustState, pending: Pending) -> tuple[str, ...]:
    """What ``pending`` may be resolved with: Knights with an empty Bravery Token slot (with
    the held token's colour, ``"Sir Corvin:white"``, when the token comes from the House card),
    die colours, Political tracks not complete, Enhancement Cards in hand, drawn tokens."""
    house = state.household(pending.house)
    open_knights = [k.name for k in house.knights if len(k.tokens) < k.slots]
    if pending.kind == "place-token":
        if pending.arg:
            return tuple(open_knights) if pending.arg in state.bag else ()
        return tuple(f"{k}:{c}" for k in open_knights for c in sorted(set(house.bravery_tokens)))
    if pending.kind == "gain-die":
        return ATTACK_COLOURS
    if pending.kind == "advance":
        spaces = influence_of(state, house)
        return tuple(t.name for t in catalog(state).political if spaces[t.name] < t.spaces)
    if pending.kind == "keep-enhancement":
        return tuple(c.name for c in house.hand)
    if pending.kind == "keep-token":
        return tuple(sorted(set(pending.arg.split(","))))
    if pending.kind == "place-enhancement":
        return ()  # resolved by an Attach action (see enhancement_options)
    raise ValueError(pending.kind)


def lapse_empty(state: JoustState) -> Result:
    """Drop the pending choices at the front that have nothing to choose from."""
    events: list[Event] = []
    while state.pending:
        pending = state.pending[0]
        if pending.kind == "place-enhancement":
            house = state.household(pending.house)
            if any(can_attach(house, knight, card) for knight in house.knights
                   for card in house.hand):
                break
            why = ("no Knight can take one (a Squire each; Equipment by the Knight Allowances, "
                   "with a worker)" if house.hand else "it holds no Enhancement Card")
        elif options(state, pending):
            break
        else:
            why = {"place-token": ("no Knight has an empty Bravery Token slot, or no such "
                                   "token is left " + ("in the bag" if pending.arg
                                                       else "on the House card")),
                   "advance": "every Political track is complete",
                   "keep-enhancement": "it holds no Enhancement Card"}.get(pending.kind,
                                                                           "nothing to choose")
        events.append(Happened(pending.house, f"cannot {_words(pending)}: {why} "
                                              f"({pending.source})"))
        state = replace(state, pending=state.pending[1:])
    return state, tuple(events)


def can_attach(house: Household, knight: Knight, card) -> bool:
    """Whether Enhancement ``card`` can go on ``knight`` now, as a Squire (none yet) or as
    Equipment (*Knight Allowances*, a different type, a worker free)."""
    if knight.squire is None:
        return True
    return (len(knight.equipment) < EQUIPMENT_LIMIT[knight.side] and house.workers > 0
            and all(e.kind != card.kind for e in knight.equipment)
            and card.name not in knight.slot_ids())


def _words(pending: Pending) -> str:
    if pending.kind == "keep-token":
        return "keep a drawn Bravery Token"
    return Perk(pending.kind, pending.arg or None, pending.n).words()


def describe_pending(pending: Pending) -> str:
    """The choice in words: ``"Bloodguard: place a white Bravery Token on any Knight
    (Academy)"``."""
    return f"{pending.house}: {_words(pending)} ({pending.source})"


def choose(state: JoustState, action: Choose) -> Result:
    """Resolve the first pending choice with the option given."""
    if not state.pending:
        raise IllegalActionError(action, "there is no choice to make")
    pending = state.pending[0]
    if pending.house != action.house:
        raise IllegalActionError(action, f"House {pending.house} chooses first: "
                                         f"{describe_pending(pending)}")
    if pending.kind == "place-enhancement":
        raise IllegalActionError(action, "play the Enhancement Card on a Knight (as Squire or "
                                         "Equipment)")
    allowed = options(state, pending)
    if action.option not in allowed:
        raise IllegalActionError(action, f"{describe_pending(pending)}: choose one of "
                                         f"{', '.join(allowed)}")
    state = replace(state, pending=state.pending[1:])
    name, option = pending.house, action.option
    if pending.kind == "place-token":
        knight, _, colour = option.partition(":")
        if pending.arg:  # a token of that colour, taken from the bag
            bag = list(state.bag)
            bag.remove(pending.arg)
            state = replace(state, bag=tuple(bag))
        else:  # one of the tokens held on the House card
            house = state.household(name)
            held = list(house.bravery_tokens)
            held.remove(colour)
            state = state.with_household(replace(house, bravery_tokens=tuple(held)))
        state, events = put_token(state, name, knight, pending.arg or colour, pending.source)
    elif pending.kind == "gain-die":
        state, events = gain_die(state, name, option, pending.source)
    elif pending.kind == "advance":
        track = catalog(state).track(option)
        assert track is not None
        state, events = advance(state, name, track, pending.n, pending.source)
    elif pending.kind == "keep-enhancement":
        house = state.household(name)
        state = state.with_household(replace(house, kept=option))
        events = (Happened(name, f"keeps an Enhancement Card into the next round "
                                 f"({pending.source})"),)
    else:  # keep-token
        drawn = pending.arg.split(",")
        drawn.remove(option)
        house = state.household(name)
        state = state.with_household(replace(house,
                                             bravery_tokens=(*house.bravery_tokens, option)))
        back, state = shuffled(state, state.bag + tuple(drawn))
        state = replace(state, bag=back)
        events = (Happened(name, f"keeps a {option} Bravery Token; {_tokens(tuple(drawn))} "
                                 f"go{'es' if len(drawn) == 1 else ''} back into the bag"),)
    state, more = lapse_empty(state)
    return state, (*events, *more)


def _tokens(colours: tuple[str, ...]) -> str:
    if not colours:
        return "no Bravery Token"
    return " and ".join(f"a {c}" for c in colours) + " Bravery Token" + (
        "s" if len(colours) > 1 else "")


def clamp_reputation(value: int) -> int:
    """Reputation is kept at twelve at most (*Spending Reputation*)."""
    return min(MAX_REPUTATION, value)
