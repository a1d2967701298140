"""Ability Cards: placing one on a Knight in the Planning Phase, and their effects before,
during and after the joust roll.

Rulebook, *Placing Ability Cards*: "Each Knight may only have one Ability card played upon them
for use in the Jousting Phase.  In the Jousting Phase Ability Cards are revealed at the time
that Knight enters their joust.  ...  Some of the cards will affect things before the joust,
some will affect things during the joust, and some will affect things after the joust."
*Advanced Ability Cards*: "After you play an Advanced Ability Card it will be sacked from the
game."  The effect vocabulary is :data:`~tabletop.games.joust.cards.EFFECT_KINDS`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tabletop.dice.kings_champion import FEALTY
from tabletop.errors import IllegalActionError
from tabletop.games.joust.actions import PlaceAbility
from tabletop.games.joust.cards import AbilityCard
from tabletop.games.joust.events import AbilityUsed, Event, MoraleChanged, Planned
from tabletop.games.joust.planning import house_and_knight, require_planning
from tabletop.games.joust.rewards import catalog, clamp_reputation, draw_standard
from tabletop.games.joust.state import JoustState, Knight

Result = tuple[JoustState, tuple[Event, ...]]


def ability_of(state: JoustState, knight: Knight) -> AbilityCard | None:
    """The Ability Card placed on ``knight`` this round, if any."""
    return catalog(state).ability(knight.ability) if knight.ability else None


def place_ability(state: JoustState, action: PlaceAbility) -> Result:
    """One Ability Card from hand on a Knight (a card already there goes back to the hand);
    ``card=None`` takes it back.  Planning Phase only, before the Household is ready."""
    house, knight = house_and_knight(state, action, action.house, action.knight)
    require_planning(state, action, house)
    hand = list(house.abilities)
    if action.card is not None and action.card not in hand:
        raise IllegalActionError(action, f"House {house.name} holds no Ability Card called "
                                         f"{action.card}")
    if action.card is None and not knight.ability:
        raise IllegalActionError(action, f"{knight.name} has no Ability Card")
    if knight.ability:
        hand.append(knight.ability)
    if action.card is not None:
        hand.remove(action.card)
    knight = replace(knight, ability=action.card or "")
    house = replace(house.with_knight(knight), abilities=tuple(hand))
    return state.with_household(house), (Planned(house.name),)


@dataclass(frozen=True)
class During:
    """What a Knight's Ability Card does to its roll: extra dice, rerolls (a colour or
    ``any``, one die each), more hits, hits blocked of the rival, pips added, Ruse."""

    dice: tuple[str, ...] = ()
    rerolls: tuple[str, ...] = ()
    hits: int = 0
    block: int = 0
    pips: int = 0
    ruse: bool = False


def during(state: JoustState, knight: Knight) -> During:
    """The during-the-roll effects of ``knight``'s Ability Card (none for other timings)."""
    card = ability_of(state, knight)
    if card is None or card.timing != "during":
        return During()
    effects = card.effects
    return During(
        dice=tuple(e.arg or "" for e in effects if e.kind == "add-die"),
        rerolls=tuple(e.arg or "any" for e in effects if e.kind == "reroll"),
        hits=sum(e.n for e in effects if e.kind == "hits"),
        block=sum(e.n for e in effects if e.kind == "block"),
        pips=sum(e.n for e in effects if e.kind == "pips"),
        ruse=any(e.kind == "ruse" for e in effects))


def roll_slots(state: JoustState, knight: Knight) -> tuple[tuple[str, str], ...]:
    """Every die ``knight`` rolls in its joust as ``(slot, colour)``: the placed dice, one
    ``ability-N`` per die its Ability Card adds, then the Fealty Die (``fealty``)."""
    extra = tuple((f"ability-{i + 1}", c) for i, c in enumerate(during(state, knight).dice))
    return (*knight.placed_dice(), *extra, ("fealty", FEALTY))


def before(state: JoustState, house: str, knight: Knight) -> Result:
    """At reveal: a before-the-roll card's effects (Morale, Reputation, Crowns, Calm), and any
    card's Calm (a during-the-roll "calm" holds for the whole joust)."""
    card = ability_of(state, knight)
    if card is None:
        return state, ()
    if any(e.kind == "calm" for e in card.effects):
        owner = state.household(house)
        state = state.with_household(owner.with_knight(replace(owner.knight(knight.name),
                                                               calm=True)))
    if card.timing != "before":
        return state, ()
    events: list[Event] = [AbilityUsed(house, knight.name, card.name, "before",
                                       effect_words(card))]
    for effect in card.effects:
        state, more = _gain(state, house, effect.kind, effect.n, card.name)
        events.extend(more)
    return state, tuple(events)


def after(state: JoustState, house: str, knight: Knight, landed: int) -> Result:
    """After the roll: an after-the-joust card's effects, when its condition holds (``hit``:
    this Knight landed a hit; ``no-hit``: it landed none)."""
    card = ability_of(state, knight)
    if card is None or card.timing != "after":
        return state, ()
    if (card.condition == "hit" and landed == 0) or (card.condition == "no-hit" and landed):
        need = "a hit" if card.condition == "hit" else "no hit"
        return state, (AbilityUsed(house, knight.name, card.name, "after",
                                   f"no effect: it needs {need} landed"),)
    events: list[Event] = [AbilityUsed(house, knight.name, card.name, "after",
                                       effect_words(card))]
    for effect in card.effects:
        if effect.kind == "rival-morale":
            rival = state.rival(house)
            morale = max(0, rival.morale - effect.n)
            state = state.with_household(replace(rival, morale=morale))
            events.append(MoraleChanged(rival.name, morale - rival.morale, morale, card.name))
        elif effect.kind == "draw-standard":
            state, more = draw_standard(state, house, effect.n, card.name)
            events.extend(more)
        else:
            state, more = _gain(state, house, effect.kind, effect.n, card.name)
            events.extend(more)
    return state, tuple(events)


def _gain(state: JoustState, name: str, kind: str, n: int, source: str) -> Result:
    house = state.household(name)
    if kind == "morale":
        house = replace(house, morale=house.morale + n)
        return state.with_household(house), (MoraleChanged(name, n, house.morale, source),)
    if kind == "reputation":
        return state.with_household(replace(house, reputation=clamp_reputation(
            house.reputation + n))), ()
    if kind == "crown":
        return state.with_household(replace(house, crowns=house.crowns + n)), ()
    return state, ()  # calm is set on reveal


def effect_words(card: AbilityCard) -> str:
    """The card's effects in words: ``"roll one more red die; score 1 more hit"``."""
    return "; ".join(e.words() for e in card.effects)


def check_ability_rerolls(action, knight: Knight, mods: During,
                          rerolled: list[str]) -> None:
    """The dice rerolled by the Ability Card (their colours, ``rerolled``): one die per reroll
    effect, of that effect's colour (or any)."""
    free = list(mods.rerolls)
    for colour in rerolled:
        match = colour if colour in free else ("any" if "any" in free else None)
        if match is None:
            allowed = ", ".join(free) if mods.rerolls else "no reroll"
            raise IllegalActionError(action, f"{knight.name}'s Ability Card gives {allowed}; "
                                             f"it cannot reroll this {colour} die")
        free.remove(match)
