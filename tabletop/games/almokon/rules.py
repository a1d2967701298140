"""The Almokon rules core: ``apply(state, action) -> (state, events)`` and ``legal_actions``.

Order of checks (as boardgame.io's reducer): the game is over; the action's player is the one
to decide; the action fits what is pending (a choice, a response window, a follow-up attack,
a Truce); then the action's own rule.  :func:`why_not` gives that reason in words (``None``
for a legal action); :func:`apply` raises it as :class:`IllegalActionError`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from tabletop.errors import IllegalActionError
from tabletop.games.actionfields import check_fields
from tabletop.games.almokon.actions import (
    ACTION_TYPES,
    Activate,
    Attack,
    Choose,
    Decline,
    GainAP,
    Liquidate,
    Move,
    Pass,
    PlayCard,
    ReadyAll,
)
from tabletop.games.almokon.cards import ATTACKERS, CardDef, Effect, base_id
from tabletop.games.almokon.choice_sets import (
    imbue_candidates,
    kin_candidates,
    paying,
    sets_to_list,
)
from tabletop.games.almokon.events import Event, describe
from tabletop.games.almokon.listing import Listing, Orders, Product
from tabletop.games.almokon.state import (
    WIN_BOUNTY,
    AlmokonState,
    Card,
    Choice,
    FollowUp,
    StackItem,
    with_card,
    with_player,
)
from tabletop.games.almokon.targeting import (
    TARGETED_EFFECTS,
    attach_targets,
    attack_targets,
    can_attack,
    effect_targets,
    legal,
)
from tabletop.games.almokon.turn_order import TURN_ORDER
from tabletop.games.almokon.view import is_partial
from tabletop.spatial.zones import OPEN_SEA, OUTLAND, REALM, WILDERNESS, ZONE_NAMES

__all__ = ["apply", "legal_actions", "why_not", "describe", "enters", "play_cost"]


# ====================================================================== small rules
def enters(definition: CardDef, as_item: bool = False) -> str:
    """Where a played card goes (rulebook *Actions: Play a Card*, the Enters Play In table):
    a zone name, ``"resolves"`` for Events, ``"attached"`` for Items (and Crew as an Item)."""
    if as_item or definition.type == "item":
        return "attached"
    if definition.type == "event":
        return "resolves"
    if definition.type == "unit":
        return WILDERNESS if definition.unit == "land" else OPEN_SEA
    return REALM


def play_cost(state: AlmokonState, uid: str, imbue: tuple[str, ...] = ()) -> int:
    """The AP to play ``uid``: its cost less the total Wrath of the Characters discarded for
    Imbue, not below 0 (rulebook *Imbue*)."""
    reduction = sum(state.definition(u).wrath for u in imbue)
    return max(0, state.definition(uid).cost - reduction)


def _exhaustible(state: AlmokonState, card: Card) -> bool:
    return not state.definition(card.uid).has("inexhaustible")


def _response_keyword(definition_or_ability) -> bool:
    return definition_or_ability.has("reflex") or definition_or_ability.has("veto")


def _is_veto(thing) -> bool:
    return thing.has("veto")


def phase(state: AlmokonState) -> str:
    """What the player to act is deciding: ``choice``, ``response``, ``follow-up``,
    ``extra`` (a Truce action) or ``main``."""
    if state.choice is not None:
        return "choice"
    if state.stack:
        return "response"
    if state.follow_up is not None:
        return "follow-up"
    if state.extra_actions > 0:
        return "extra"
    return "main"


def _in_play_count(state: AlmokonState, player: int, card_id: str) -> int:
    """Copies of ``card_id`` player ``player`` has in play -- standing, attached as an Item or
    Crew, or on the stack about to enter play (every played card but an Event)."""
    n = sum(1 for c in state.cards if c.owner == player
            for uid in (c.uid, *c.items) if base_id(uid) == card_id)
    return n + sum(1 for s in state.stack
                   if s.kind == "play" and s.player == player and base_id(s.uid) == card_id
                   and state.definition(s.uid).type != "event")


def _one_per_player(state: AlmokonState, player: int, definition: CardDef) -> str | None:
    """Unique and Cult cards: one copy in play per player (rulebook *Cult*, *Unique*)."""
    limited = definition.type == "cult" or definition.has("unique")
    if limited and _in_play_count(state, player, definition.id):
        what = "Cult" if definition.type == "cult" else "Unique card"
        return f"only one copy of a {what} may be in play per player ({definition.name} " \
               f"already is)"
    return None


# ====================================================================== checking
def why_not(state: AlmokonState, action: object) -> str | None:
    """``None`` when ``action`` is legal in ``state``, else the rule it breaks, in words."""
    if not isinstance(action, ACTION_TYPES):
        return "is not an Almokon action"
    if state.winner:
        return f"the game is over ({_winner_words(state)})"
    index = state.player_index(action.player)
    if index is None:
        return f"there is no player named {action.player!r}"
    if index != state.to_act:
        return f"it is {state.players[state.to_act].name}'s decision now"
    now = phase(state)
    refusal = TURN_ORDER.refusal(now, action)
    if refusal is not None:
        waiting = f" ({state.choice.kind.capitalize()})" if now == "choice" else ""
        return refusal + waiting
    if now == "choice":
        return _check_choose(state, action)
    if isinstance(action, Pass | Decline):
        return None
    if now == "response":
        return _check_play(state, index, action, response=True) \
            if isinstance(action, PlayCard) else \
            _check_activate(state, index, action, response=True)
    if isinstance(action, Attack):
        return _check_attack(state, index, action)
    if isinstance(action, GainAP | ReadyAll):
        return None
    if isinstance(action, Move):
        return _check_move(state, index, action)
    if isinstance(action, Liquidate):
        return _check_liquidate(state, index, action)
    if isinstance(action, PlayCard):
        return _check_play(state, index, action, response=False)
    return _check_activate(state, index, action, response=False)


def _check_move(state: AlmokonState, index: int, action: Move) -> str | None:
    card = state.card(action.uid)
    if card is None or card.owner != index:
        return f"{state.named(action.uid)} is not a card of yours in play"
    kind = state.definition(card.uid).type
    if kind not in ("character", "monarch"):
        return "only a Character or Monarch moves to the Wilderness"
    if card.zone != REALM:
        return "movement to the Outland is one way: it is already there"
    if card.exhausted:
        return "an exhausted card cannot move"
    return None


def _check_liquidate(state: AlmokonState, index: int, action: Liquidate) -> str | None:
    if action.uid not in state.players[index].hand:
        return f"{state.named(action.uid)} is not in your hand"
    if state.definition(action.uid).type not in ("event", "item"):
        return "only an Event or Item can be liquidated"
    return None


def _check_target(state: AlmokonState, reasons: dict[str, str | None], target: str,
                  what: str) -> str | None:
    if not target:
        return f"{what} needs a target"
    if target not in reasons:
        return f"{state.named(target)} is not a card in play"
    reason = reasons[target]
    return None if reason is None else f"{state.named(target)} cannot be targeted: {reason}"


def _check_effect_target(state: AlmokonState, index: int, effect: Effect | None,
                         target: str) -> str | None:
    if effect is not None and effect.kind in TARGETED_EFFECTS:
        return _check_target(state, effect_targets(state, index, effect), target, str(effect))
    if target:
        return "this card takes no target"
    return None


def _check_play(state: AlmokonState, index: int, action: PlayCard, *,
                response: bool) -> str | None:
    player = state.players[index]
    if action.uid not in player.hand:
        return f"{state.named(action.uid)} is not in your hand"
    definition = state.definition(action.uid)
    if response and not _response_keyword(definition):
        return "only a card with Reflex or Veto may be played in response"
    if not response and _is_veto(definition) and definition.type == "event":
        return "a Veto card is played only in response to an enemy card or ability"
    if definition.type in ("monarch", "capitol"):
        return "a Monarch or Capitol begins in the Realm and is not played from the hand"
    if action.imbue:
        if not definition.has("imbue"):
            return f"{definition.name} has no Imbue"
        if len(set(action.imbue)) != len(action.imbue):
            return "each Imbue card is discarded once"
        allowed = set(imbue_candidates(state, index, action.uid))
        hand = set(player.hand)
        for uid in action.imbue:
            if uid == action.uid or uid not in hand:
                return f"{state.named(uid)} is not another card in your hand"
            if uid not in allowed:
                return "Imbue discards only Characters"
    cost = play_cost(state, action.uid, action.imbue)
    if player.ap < cost:
        return f"costs {cost} AP and you have {player.ap} (a card is played by paying its " \
               f"AP cost)"
    blocked = _one_per_player(state, index, definition)
    if blocked:
        return blocked
    if action.as_item:
        if not definition.has("crew"):
            return f"{definition.name} has no Crew"
        return _check_target(state, attach_targets(state, index, action.uid, True), action.target,
                             "Crew")
    if definition.type == "item":
        return _check_target(state, attach_targets(state, index, action.uid), action.target,
                             "an Item")
    if definition.play is not None and definition.play.kind == "cancel":
        return None if not action.target else "a Veto cancels the action it answers"
    return _check_effect_target(state, index, definition.play, action.target)


def _check_activate(state: AlmokonState, index: int, action: Activate, *,
                    response: bool) -> str | None:
    card = state.card(action.uid)
    if card is None or card.owner != index:
        return f"{state.named(action.uid)} is not a card of yours in play"
    definition = state.definition(card.uid)
    if not 0 <= action.ability < len(definition.abilities):
        return f"{definition.name} has no ability {action.ability + 1}"
    ability = definition.abilities[action.ability]
    if card.exhausted and (ability.exhaust or state.rules.exhausted_abilities == "none"):
        why = "its ability exhausts it" if ability.exhaust else "abilities are used on a ready card"
        return f"{definition.name} is exhausted: {why}"
    if response and not _response_keyword(ability):
        return "only a Reflex or Veto ability may be used in response"
    if not response and _is_veto(ability):
        return "a Veto ability is used only in response to an enemy card or ability"
    if state.players[index].ap < ability.cost:
        return f"{ability.name} costs {ability.cost} AP and you have {state.players[index].ap}"
    if ability.has("command"):
        helper = state.card(action.command) if action.command else None
        if helper is None:
            return "Command: first exhaust another friendly Character or Unit in the same zone"
        problem = _command_problem(state, card, helper)
        if problem:
            return problem
    elif action.command:
        return f"{ability.name} has no Command"
    if ability.effect.kind == "cancel":
        return None if not action.target else "a Veto cancels the action it answers"
    return _check_effect_target(state, index, ability.effect, action.target)


def _command_problem(state: AlmokonState, card: Card, helper: Card) -> str | None:
    if helper.uid == card.uid or helper.owner != card.owner:
        return "Command exhausts another friendly card"
    if state.definition(helper.uid).type not in ("character", "unit"):
        return "Command exhausts a Character or Unit"
    if helper.zone != card.zone:
        return f"Command needs a card in {ZONE_NAMES[card.zone]}, the same zone"
    if helper.exhausted or not _exhaustible(state, helper):
        return f"{state.name_of(helper.uid)} cannot be exhausted now"
    return None


def _check_attack(state: AlmokonState, index: int, action: Attack) -> str | None:
    card = state.card(action.attacker)
    if card is None or card.owner != index:
        return f"{state.named(action.attacker)} is not a card of yours in play"
    follow = state.follow_up
    if follow is not None:
        if follow.uid != action.attacker:
            return f"only {state.name_of(follow.uid)} may attack now"
        if state.definition(card.uid).type not in ATTACKERS or card.zone not in OUTLAND:
            return "the follow-up attacker must still be in the Outland"
    else:
        problem = can_attack(state, action.attacker)
        if problem:
            return problem
    own = state.card(action.target)
    if own is not None and own.owner == index:
        return f"{state.named(action.target)} is your own card: attacks target enemy cards (Combat)"
    reasons = attack_targets(state, action.attacker)
    problem = _check_target(state, reasons, action.target, "an attack")
    if problem:
        return problem
    definition = state.definition(card.uid)
    if action.frenzy and not definition.has("frenzy"):
        return f"{definition.name} has no Frenzy"
    if action.kin:
        if not definition.has("kinship"):
            return f"{definition.name} has no Kinship"
        allowed = set(kin_candidates(state, card))
        if len(set(action.kin)) != len(action.kin):
            return "each Kinship card adds its Wrath once"
        for uid in action.kin:
            helper = state.card(uid)
            if helper is not None and helper.owner == index \
                    and state.definition(uid).type == "terrain":
                return f"{state.named(uid)} is Terrain, which cannot attack (Kinship)"
            if uid not in allowed:
                return (f"{state.named(uid)} is not another card of yours in play sharing a "
                        f"subtype with {definition.name} (Kinship)")
    return None


def _check_choose(state: AlmokonState, action: Choose) -> str | None:
    choice = state.choice
    if choice.kind == "foresee":
        order = tuple(action.option.split(","))
        if sorted(order) != sorted(choice.options):
            return f"Foresee: give all of {', '.join(choice.options)} in the order wanted"
        return None
    if action.option not in choice.options:
        return f"choose one of {', '.join(choice.options)}"
    return None


# ====================================================================== applying
class _Run:
    """The state being built by one ``apply`` and the events so far."""

    def __init__(self, state: AlmokonState):
        self.s = state
        self.events: list[Event] = []
        # the effect resolving is its player's own action (not a response, not a Truce
        # extra action): a Charge unit it brings in may attack at once
        self.own_action = False

    def say(self, kind: str, **fields) -> None:
        self.events.append(Event(kind, **fields))

    def name(self, index: int) -> str:
        return self.s.players[index].name

    def player(self, index: int):
        return self.s.players[index]

    def set_player(self, index: int, **changes) -> None:
        self.s = with_player(self.s, index, **changes)

    def set_card(self, card: Card) -> None:
        self.s = with_card(self.s, card)


def apply(state: AlmokonState, action: object) -> tuple[AlmokonState, tuple[Event, ...]]:
    """The state after ``action`` and what happened; ``IllegalActionError`` if illegal."""
    check_fields(action)
    if is_partial(state):
        raise IllegalActionError(action, "this is the public view of a board: its face-down "
                                         "cards are unknown, so it cannot be played on")
    reason = why_not(state, action)
    if reason is not None:
        raise IllegalActionError(action, reason)
    run = _Run(state)
    index = state.to_act
    now = phase(state)
    if now == "extra" and not isinstance(action, Decline):
        run.s = replace(run.s, extra_actions=run.s.extra_actions - 1)
    extra = now == "extra"
    if isinstance(action, Choose):
        _answer_choice(run, action)
        _resolve_stack(run)
    elif isinstance(action, Pass):
        run.say("passed", player=run.name(index))
        _resolve_stack(run)
    elif isinstance(action, Decline):
        run.say("declined", player=run.name(index))
        run.s = replace(run.s, follow_up=None, extra_actions=0)
    elif isinstance(action, PlayCard):
        _play(run, index, action, extra)
    elif isinstance(action, Activate):
        _activate(run, index, action, extra)
    elif isinstance(action, Attack):
        _attack(run, index, action)
    else:
        _simple(run, index, action)
    _after_action(run)
    return run.s, tuple(run.events)


def _after_action(run: _Run) -> None:
    """The steps after every action, run once here: the win at 21 Bounty (rulebook
    *Victory*); then, when nothing waits (the stack is empty and no choice is open), the end
    of the action (:func:`_end_action`: the turn passes, Growth); a choice waiting goes to
    the player who makes it; an open response window waits for the other player."""
    _check_win(run)
    if run.s.winner or run.s.stack:
        return
    if run.s.choice is not None:
        run.s = replace(run.s, to_act=run.s.choice.player)
        return
    _end_action(run)


def _simple(run: _Run, index: int, action) -> None:
    name = run.name(index)
    if isinstance(action, GainAP):
        run.set_player(index, ap=run.player(index).ap + 2)
        run.say("gain-ap", player=name, amount=2)
    elif isinstance(action, ReadyAll):
        for card in run.s.cards:
            if card.owner == index and card.exhausted:
                run.set_card(replace(card, exhausted=False))
        run.say("ready-all", player=name)
        if run.s.rules.draw == "ready-all":
            _draw(run, index, 1)
    elif isinstance(action, Move):
        card = run.s.card(action.uid)
        tired = _exhaustible(run.s, card)
        run.set_card(replace(card, zone=WILDERNESS, exhausted=tired))
        run.say("moved", player=name, card=run.s.name_of(card.uid),
                other=", exhausted on arrival" if tired else " (Inexhaustible: stays ready)")
    elif isinstance(action, Liquidate):
        player = run.player(index)
        value = run.s.definition(action.uid).liquidate
        hand = list(player.hand)
        hand.remove(action.uid)
        run.set_player(index, hand=tuple(hand), discard=(*player.discard, action.uid),
                       ap=player.ap + value)
        run.say("liquidated", player=name, card=run.s.name_of(action.uid), amount=value)


def _draw(run: _Run, index: int, count: int) -> None:
    for _ in range(count):
        player = run.player(index)
        if not player.deck:
            run.say("deck-empty", player=player.name)
            return
        run.set_player(index, deck=player.deck[1:], hand=(*player.hand, player.deck[0]))
        run.say("drew", player=player.name)


def _shuffle(run: _Run, index: int) -> None:
    """Shuffle player ``index``'s deck, reproducibly from the layout's seed."""
    player = run.player(index)
    deck = list(player.deck)
    random.Random(f"{run.s.seed}:{run.s.shuffles}").shuffle(deck)
    run.s = replace(run.s, shuffles=run.s.shuffles + 1)
    run.set_player(index, deck=tuple(deck))
    run.say("shuffled", player=player.name)


# ---------------------------------------------------------------------- play and activate
def _play(run: _Run, index: int, action: PlayCard, extra: bool) -> None:
    player = run.player(index)
    cost = play_cost(run.s, action.uid, action.imbue)
    hand = [u for u in player.hand if u != action.uid and u not in action.imbue]
    run.set_player(index, hand=tuple(hand), ap=player.ap - cost,
                   discard=(*player.discard, *action.imbue))
    for uid in action.imbue:
        run.say("imbue", player=player.name, card=run.s.name_of(uid),
                amount=run.s.definition(uid).wrath)
    on = f" on {run.s.name_of(action.target)}" if action.target else ""
    run.say("played", player=player.name, card=run.s.name_of(action.uid), amount=cost, other=on)
    item = StackItem(index, "play", action.uid, target=action.target, as_item=action.as_item,
                     paid=cost, extra=extra)
    _push(run, item)


def _activate(run: _Run, index: int, action: Activate, extra: bool) -> None:
    card = run.s.card(action.uid)
    ability = run.s.definition(card.uid).abilities[action.ability]
    player = run.player(index)
    run.set_player(index, ap=player.ap - ability.cost)
    if action.command:
        helper = run.s.card(action.command)
        run.set_card(replace(helper, exhausted=True))
        run.say("command", player=player.name, card=run.s.name_of(helper.uid),
                other=ability.name)
    if ability.exhaust and _exhaustible(run.s, card):
        run.set_card(replace(run.s.card(card.uid), exhausted=True))
    run.say("activated", player=player.name, card=run.s.name_of(card.uid), other=ability.name,
            amount=ability.cost)
    _push(run, StackItem(index, "ability", action.uid, ability=action.ability,
                         target=action.target, paid=ability.cost, extra=extra))


def _push(run: _Run, item: StackItem) -> None:
    """Put ``item`` on the stack and open the other player's response window (rulebook
    *Reflex*, *Veto*), or resolve at once when no window opens."""
    run.s = replace(run.s, stack=(*run.s.stack, item))
    other = 1 - item.player
    if run.s.rules.responses == "always" or _can_respond(run.s, other):
        run.s = replace(run.s, to_act=other)
        run.say("window", player=run.name(other))
    else:
        _resolve_stack(run)


def _can_respond(state: AlmokonState, index: int) -> bool:
    """Whether player ``index`` has a Reflex or Veto card or ability to answer with."""
    probe = replace(state, to_act=index)
    return bool(_play_families(probe, index) or _activate_families(probe, index))


def _resolve_stack(run: _Run) -> None:
    """Resolve the stack newest first until it is empty, a choice is needed or someone won
    (the end of the action follows, :func:`_after_action`)."""
    while run.s.stack and run.s.choice is None and not run.s.winner:
        item = run.s.stack[-1]
        run.s = replace(run.s, stack=run.s.stack[:-1])
        _resolve_item(run, item)


def _resolve_item(run: _Run, item: StackItem) -> None:
    s = run.s
    name = s.name_of(item.uid)
    bottom = not s.stack
    own_turn = bottom and item.player == s.turn and not item.extra
    run.own_action = own_turn
    if item.cancelled:
        run.say("cancelled", card=name if item.kind == "play" else
                f"{name}'s {s.definition(item.uid).abilities[item.ability].name}")
        if item.kind == "play":
            _to_discard(run, item.player, item.uid)
        return
    if item.kind == "ability":
        ability = s.definition(item.uid).abilities[item.ability]
        _effect(run, item.player, ability.effect, item.uid, item.target)
        return
    definition = s.definition(item.uid)
    place = enters(definition, item.as_item)
    if place == "resolves":
        if definition.play is not None:
            _effect(run, item.player, definition.play, item.uid, item.target)
        _to_discard(run, item.player, item.uid)
        run.say("resolved", card=name)
    elif place == "attached":
        holder = run.s.card(item.target)
        if holder is None:
            run.say("fizzled", card=name, rule="the card it was to go on left play")
            _to_discard(run, item.player, item.uid)
        else:
            run.set_card(replace(holder, items=(*holder.items, item.uid)))
            run.say("attached", card=name, other=run.s.name_of(holder.uid))
    else:
        _enter(run, item.player, item.uid, place, ready=None, charge=own_turn)
        if definition.play is not None:
            _effect(run, item.player, definition.play, item.uid, item.target)
    if definition.has("truce") and bottom and item.player == s.turn and not run.s.winner:
        # "When a card with Truce is played, you may immediately take two additional
        # non-combat actions": on your own action, and again when played as a Truce action
        run.s = replace(run.s, extra_actions=run.s.extra_actions + 2)
        run.say("truce", player=run.name(item.player))


def _enter(run: _Run, owner: int, uid: str, zone: str, *, ready: bool | None,
           charge: bool) -> None:
    """``uid`` enters play in ``zone``.  Units enter exhausted unless Charge or
    Inexhaustible (or ``ready`` is forced, as by Forge); other cards enter ready.  Then its
    "when this card enters play" effect resolves."""
    definition = run.s.definition(uid)
    if ready is None:
        ready = (definition.type != "unit" or definition.has("charge")
                 or definition.has("inexhaustible"))
    if definition.has("inexhaustible"):
        ready = True
    run.s = replace(run.s, cards=(*run.s.cards, Card(uid, owner, zone, exhausted=not ready)))
    run.say("entered", card=run.s.name_of(uid), other=ZONE_NAMES[zone],
            rule="" if ready else ", exhausted")
    if definition.has("charge") and charge:
        run.s = replace(run.s, follow_up=FollowUp(uid, "charge"))
        run.say("follow-up", card=run.s.name_of(uid), rule="Charge: it entered ready")
    if definition.enter is not None:
        _effect(run, owner, definition.enter, uid, "")


def _to_discard(run: _Run, owner: int, uid: str) -> None:
    player = run.player(owner)
    run.set_player(owner, discard=(*player.discard, uid))


# ---------------------------------------------------------------------- effects
def _effect(run: _Run, index: int, effect: Effect, source: str, target: str) -> None:
    """Resolve one effect of player ``index`` from card ``source`` (rulebook *Keywords*)."""
    s = run.s
    name = run.name(index)
    kind = effect.kind
    if kind in TARGETED_EFFECTS:
        card = s.card(target)
        if card is None or effect_targets(s, index, effect).get(target, "gone") is not None:
            run.say("fizzled", card=s.name_of(source), rule="its target is no longer legal")
            return
        if kind in ("damage", "salvo"):
            rule = " (SALVO: no return damage)" if kind == "salvo" else ""
            _damage(run, card, effect.amount, rule)
            destroyed = _check_destroyed(run, run.s.card(target))
            if destroyed:
                _award(run, [(index, _bounty(s, card))])
        elif kind == "heal":
            run.set_card(replace(card, damage=max(0, card.damage - effect.amount)))
            run.say("healed", card=s.name_of(target), amount=min(card.damage, effect.amount))
        else:
            run.set_card(replace(card, exhausted=False))
            run.say("readied", card=s.name_of(target))
    elif kind == "gain-ap":
        run.set_player(index, ap=run.player(index).ap + effect.amount)
        run.say("gain-ap", player=name, amount=effect.amount)
    elif kind == "draw":
        _draw(run, index, effect.amount)
    elif kind == "bounty":
        _award(run, [(index, effect.amount)])
    elif kind == "scout":
        top = run.player(index).deck[:effect.amount]
        run.say("scout", player=name, amount=len(top))
        if len(top) == 1:
            _keep(run, index, top[0])
        elif top:
            run.s = replace(run.s, choice=Choice("scout", index, top, source))
    elif kind == "foresee":
        top = run.player(index).deck[:effect.amount]
        run.say("foresee", player=name, amount=len(top))
        if len(top) > 1:
            run.s = replace(run.s, choice=Choice("foresee", index, top, source))
    elif kind == "seek":
        deck = list(run.player(index).deck)
        found = next((u for u in deck if base_id(u) == effect.card), None)
        card_name = s.catalog[effect.card].name if effect.card in s.catalog else effect.card
        if found is None:
            run.say("seek-none", player=name, card=card_name)
        else:
            deck.remove(found)
            run.set_player(index, deck=tuple(deck), hand=(*run.player(index).hand, found))
            run.say("seek-found", player=name, card=s.name_of(found))
        _shuffle(run, index)
    elif kind == "forge":
        _forge(run, index, effect, source)
    elif kind == "harvest":
        card = s.card(source)
        if card is None:
            run.say("fizzled", card=s.name_of(source), rule="it left play")
            return
        run.set_player(index, ap=run.player(index).ap + card.growth)
        run.say("harvest", player=name, card=s.name_of(source), amount=card.growth)
        _remove(run, card)
    elif kind == "cancel" and run.s.stack:
        below = run.s.stack[-1]
        run.s = replace(run.s, stack=(*run.s.stack[:-1], replace(below, cancelled=True)))


def _forge_sources(state: AlmokonState, index: int, card_id: str) -> dict[str, str]:
    player = state.players[index]
    out = {}
    for place, uids in (("deck", player.deck), ("hand", player.hand)):
        found = next((u for u in uids if base_id(u) == card_id), None)
        if found is not None:
            out[place] = found
    return out


def _forge(run: _Run, index: int, effect: Effect, source: str) -> None:
    """Forge: search deck and hand for the card and put it into play in the Outland, ready,
    without paying (rulebook *Forge*).  When both hold a copy, the player chooses which."""
    sources = _forge_sources(run.s, index, effect.card)
    definition = run.s.catalog[effect.card]  # known and Outland-bound: checked on loading
    if not sources:
        run.say("forge-none", player=run.name(index), card=definition.name)
        return
    blocked = _one_per_player(run.s, index, definition)
    if blocked:
        run.say("fizzled", card=run.s.name_of(source), rule=blocked)
        return
    if len(sources) > 1:
        run.s = replace(run.s, choice=Choice("forge", index, tuple(sources), source,
                                             effect.card, run.own_action))
        return
    _forge_from(run, index, *next(iter(sources.items())))


def _forge_from(run: _Run, index: int, place: str, uid: str) -> None:
    player = run.player(index)
    if place == "deck":
        run.set_player(index, deck=tuple(u for u in player.deck if u != uid))
    else:
        run.set_player(index, hand=tuple(u for u in player.hand if u != uid))
    definition = run.s.definition(uid)
    zone = OPEN_SEA if definition.type == "unit" and definition.unit != "land" else WILDERNESS
    run.say("forged", player=player.name, card=run.s.name_of(uid), other=ZONE_NAMES[zone])
    _enter(run, index, uid, zone, ready=True, charge=run.own_action)


def _keep(run: _Run, index: int, uid: str) -> None:
    player = run.player(index)
    deck = list(player.deck)
    deck.remove(uid)
    run.set_player(index, deck=tuple(deck), hand=(*player.hand, uid))
    run.say("kept", player=player.name)  # which card stays secret: the log is public
    _shuffle(run, index)


def _answer_choice(run: _Run, action: Choose) -> None:
    choice = run.s.choice
    run.s = replace(run.s, choice=None)
    if choice.kind == "scout":
        _keep(run, choice.player, action.option)
    elif choice.kind == "foresee":
        order = tuple(action.option.split(","))
        deck = run.player(choice.player).deck
        run.set_player(choice.player, deck=order + deck[len(order):])
        run.say("reordered", player=run.player(choice.player).name)
    else:
        run.own_action = choice.own_action
        sources = _forge_sources(run.s, choice.player, choice.card)
        _forge_from(run, choice.player, action.option, sources[action.option])


# ---------------------------------------------------------------------- damage and bounty
def _damage(run: _Run, card: Card, amount: int, rule: str = "") -> None:
    run.set_card(replace(card, damage=card.damage + amount))
    run.say("damage", card=run.s.name_of(card.uid), amount=amount, rule=rule)


def _check_destroyed(run: _Run, card: Card | None, frenzy_hit: bool = False) -> bool:
    """Destroy ``card`` when its Vigor is used up.  ``frenzy_hit``: a Frenzy attacker (Vigor
    1 until the end of combat) took return damage, which destroys it (rulebook, Frenzy)."""
    if card is None:
        return False
    gone = frenzy_hit or run.s.remaining(card) <= 0
    if gone:
        _remove(run, card, destroyed=True)
    return gone


def _bounty(state: AlmokonState, card: Card) -> int:
    """The Bounty for destroying ``card``: its own and that of the Items and Crew attached to
    it, which are destroyed with it (rulebook *Bounty*: "whenever you destroy an enemy card";
    *Items*: "the Item is also destroyed"; Crew: "If the Vessel is destroyed, so is this
    card")."""
    return state.definition(card.uid).bounty + sum(state.definition(i).bounty
                                                   for i in card.items)


def _remove(run: _Run, card: Card, destroyed: bool = False) -> None:
    """Take ``card`` out of play to its owner's discard pile, with its Items (rulebook
    *Destruction*, *Items*)."""
    run.s = replace(run.s, cards=tuple(c for c in run.s.cards if c.uid != card.uid))
    _to_discard(run, card.owner, card.uid)
    for item in card.items:
        _to_discard(run, card.owner, item)
    if destroyed:
        gone = f" with {', '.join(run.s.name_of(i) for i in card.items)}" if card.items else ""
        run.say("destroyed", card=run.s.name_of(card.uid), rule=gone)
    if run.s.follow_up is not None and run.s.follow_up.uid == card.uid:
        run.s = replace(run.s, follow_up=None)


def _award(run: _Run, awards: list[tuple[int, int]]) -> None:
    """Give each ``(player, bounty)`` and check the win at 21 after each award (rulebook
    *Victory*); with the ``draw`` rule, awards made together are checked together."""
    if run.s.winner:
        return
    together = run.s.rules.simultaneous_win == "draw"
    for index, amount in awards:
        if amount <= 0:
            continue
        total = run.player(index).bounty + amount
        run.set_player(index, bounty=total)
        run.say("bounty", player=run.name(index), amount=amount, other=str(total))
        if not together:
            _check_win(run)
            if run.s.winner:
                return
    _check_win(run)


def _check_win(run: _Run) -> None:
    """End the game when a player has 21 Bounty (rulebook *Victory*: "wins immediately").
    Nothing pending goes on: cards still waiting on the stack never resolve and go to their
    owners' discard piles (as a cancelled card does), so no card leaves the game."""
    if run.s.winner:
        return
    reached = [p.name for p in run.s.players if p.bounty >= WIN_BOUNTY]
    if len(reached) == 2:
        run.s = replace(run.s, winner="draw")
        run.say("draw-game")
    elif reached:
        run.s = replace(run.s, winner=reached[0])
        run.say("won", player=reached[0])
    if run.s.winner:
        unresolved = [s for s in reversed(run.s.stack) if s.kind == "play"]
        run.s = replace(run.s, stack=(), choice=None, follow_up=None, extra_actions=0)
        for item in unresolved:
            _to_discard(run, item.player, item.uid)
            run.say("unresolved", card=run.s.name_of(item.uid))


def _winner_words(state: AlmokonState) -> str:
    return "drawn" if state.winner == "draw" else f"{state.winner} won"


# ---------------------------------------------------------------------- combat
def _attack(run: _Run, index: int, action: Attack) -> None:
    """Combat (rulebook *Combat*): the attacker exhausts on declaration (unless
    Inexhaustible); attacker and defender deal damage at once equal to their Wrath (Frenzy
    and Kinship add to the attacker's); destroyed cards go to the discard and their Bounty to
    the destroyer; Onslaught grants one more attack after a kill."""
    s = run.s
    attacker = s.card(action.attacker)
    defender = s.card(action.target)
    follow = s.follow_up
    run.s = replace(run.s, follow_up=None)
    if _exhaustible(s, attacker):
        attacker = replace(attacker, exhausted=True)
        run.set_card(attacker)
    a_def = s.definition(attacker.uid)
    run.say("attack", player=run.name(index), card=s.name_of(attacker.uid),
            other=s.name_of(defender.uid))
    wrath = s.wrath(attacker)
    if action.frenzy:
        wrath += a_def.value("frenzy")
        run.say("frenzy", card=s.name_of(attacker.uid), amount=a_def.value("frenzy"))
    for uid in action.kin:
        kin_wrath = s.wrath(s.card(uid))
        wrath += kin_wrath
        run.say("kinship", card=s.name_of(attacker.uid), other=s.name_of(uid), amount=kin_wrath)
    back = s.wrath(defender)
    _damage(run, defender, wrath)
    if back:
        _damage(run, run.s.card(attacker.uid), back, " (return damage)")
    killed = _check_destroyed(run, run.s.card(defender.uid))
    died = _check_destroyed(run, run.s.card(attacker.uid),
                            frenzy_hit=action.frenzy and back > 0)
    awards = []
    if killed:
        awards.append((index, _bounty(s, defender)))
    if died:
        awards.append((1 - index, _bounty(s, attacker)))
    _award(run, awards)
    if killed and not died and not run.s.winner and a_def.has("onslaught") \
            and (follow is None or follow.kind != "onslaught"):
        run.s = replace(run.s, follow_up=FollowUp(attacker.uid, "onslaught"))
        run.say("follow-up", card=s.name_of(attacker.uid), other="again ", rule="Onslaught")


# ---------------------------------------------------------------------- turn order
def _end_action(run: _Run) -> None:
    """After an action has fully resolved: the same player goes on for a follow-up attack or
    a Truce's extra actions; otherwise the turn passes and Growth is added (rulebook *Turn
    Structure*, *Growth*)."""
    s = run.s
    if s.winner:
        return
    if s.follow_up is not None or s.extra_actions > 0:
        run.s = replace(s, to_act=s.turn)
        return
    nxt = 1 - s.turn
    run.s = replace(s, turn=nxt, to_act=nxt)
    for card in run.s.cards:
        growth = run.s.definition(card.uid).value("growth")
        if card.owner == nxt and growth:
            run.set_card(replace(card, growth=card.growth + growth))
            run.say("growth", card=run.s.name_of(card.uid), amount=growth,
                    other=str(card.growth + growth))


# ====================================================================== listing
def _targets_for(state: AlmokonState, index: int, effect: Effect | None) -> list[str]:
    if effect is not None and effect.kind in TARGETED_EFFECTS:
        return legal(effect_targets(state, index, effect))
    return [""]


def _family(state: AlmokonState, sample: object, axes: list) -> Product | None:
    """The family of ``sample``'s axes when ``sample`` (the first value of each) is legal.
    Each axis holds the values its own rule allows, checked apart from the other fields
    (the targets by ``targeting``, helpers by Command, sets by Imbue's cost), so one
    check of the first combination decides them all."""
    if any(not values for _, values in axes) or why_not(state, sample) is not None:
        return None
    return Product(sample, axes)


def _play_families(state: AlmokonState, index: int) -> list[Product]:
    """The legal plays of one copy of each card in the hand (copies are the same card): the
    targets (an Item's, Crew's or the effect's), and with Imbue each discard set
    :func:`sets_to_list` lists whose Wrath pays the cost (Imbue only lowers the cost, so the
    play with every candidate discarded is legal but for the cost exactly when some set
    makes it legal)."""
    out: list[Product] = []
    player = state.players[index]
    ap = player.ap
    seen: set[str] = set()

    def wrath(u: str) -> int:
        return state.definition(u).wrath

    for uid in player.hand:
        definition = state.definition(uid)
        if definition.id in seen:
            continue
        seen.add(definition.id)
        if definition.type == "item":
            targets = legal(attach_targets(state, index, uid))
        elif definition.play is not None and definition.play.kind == "cancel":
            targets = [""]
        else:
            targets = _targets_for(state, index, definition.play)
        forms = [(False, targets)]
        if definition.has("crew"):
            forms.append((True, legal(attach_targets(state, index, uid, True))))
        for as_item, aims in forms:
            base = PlayCard(player.name, uid, aims[0] if aims else "", (), as_item)
            sets: Sequence[tuple[str, ...]] = [()]
            if definition.has("imbue"):
                candidates = imbue_candidates(state, index, uid)
                if why_not(state, replace(base, imbue=tuple(candidates))) is not None:
                    continue
                sets = paying(sets_to_list(candidates, base_id, wrath), definition.cost - ap,
                              wrath)
                base = replace(base, imbue=sets[0]) if sets else base
            family = _family(state, base, [("target", aims), ("imbue", sets)])
            if family is not None:
                out.append(family)
    return out


def _activate_families(state: AlmokonState, index: int) -> list[Product]:
    """The legal uses of each ability of each card of player ``index``: its targets, and with
    Command each friend it may exhaust."""
    out: list[Product] = []
    name = state.players[index].name
    for card in state.cards:
        if card.owner != index:
            continue
        for number, ability in enumerate(state.definition(card.uid).abilities):
            helpers = [""]
            if ability.has("command"):
                helpers = [c.uid for c in state.cards
                           if _command_problem(state, card, c) is None]
            targets = [""] if ability.effect.kind == "cancel" else \
                _targets_for(state, index, ability.effect)
            if targets and helpers:
                family = _family(state, Activate(name, card.uid, number, targets[0], helpers[0]),
                                 [("target", targets), ("command", helpers)])
                if family is not None:
                    out.append(family)
    return out


def _attack_families(state: AlmokonState, index: int) -> list[Product]:
    """The legal attacks: each attacker against each target it may attack, with and without
    Frenzy, with each Kinship helper set :func:`sets_to_list` lists (any set of the
    candidates joins an attack the rules allow without helpers)."""
    out: list[Product] = []
    name = state.players[index].name
    if state.follow_up is not None:
        attackers = [c for c in (state.card(state.follow_up.uid),) if c is not None]
    else:
        attackers = [c for c in state.cards
                     if c.owner == index and can_attack(state, c.uid) is None]
    for card in attackers:
        definition = state.definition(card.uid)
        targets = legal(attack_targets(state, card.uid))
        if not targets:
            continue
        frenzies = (False, True) if definition.has("frenzy") else (False,)
        kins = sets_to_list(kin_candidates(state, card)) if definition.has("kinship") \
            else [()]
        family = _family(state, Attack(name, card.uid, targets[0]),
                         [("target", targets), ("frenzy", frenzies), ("kin", kins)])
        if family is not None:
            out.append(family)
    return out


def _singles(state: AlmokonState, actions: list) -> list[Product]:
    return [Product(a) for a in actions if why_not(state, a) is None]


def legal_actions(state: AlmokonState) -> Listing:
    """Every legal action for the player to act (empty once the game is over), up to
    :func:`same_move`: one copy of each card in hand is listed, and each Imbue discard set
    (copies of a card alike) and Kinship helper set once, in any order.  A
    :class:`~tabletop.games.almokon.listing.Listing`: one family per card and kind of
    action, so that counting, indexing and ``in`` do not spell out every action.

    Imbue and Kinship let a player pick any number of cards, so the sets are listed as
    :func:`~tabletop.games.almokon.choice_sets.sets_to_list` says: every legal set while
    there are at most ``SETS_LISTED_UP_TO``, else a summary, declared to the game contract
    as ``set_choices``; ``apply`` accepts any legal set.
    """
    if _listed[0] is not state:
        _listed[:] = [state, _listing(state)]
    return _listed[1]


_listed: list = [None, Listing()]
"""The state :func:`legal_actions` was asked about last and its listing, which the window's
buttons, hints and menus all ask for in one frame."""


def _listing(state: AlmokonState) -> Listing:
    """:func:`legal_actions`, worked out."""
    if state.winner or is_partial(state):
        return Listing()
    index = state.to_act
    name = state.players[index].name
    now = phase(state)
    if now == "choice":
        choice = state.choice
        if choice.kind == "foresee":
            return Listing([Orders(name, choice.options)])
        return Listing([Product(Choose(name, o)) for o in choice.options])
    if now == "response":
        return Listing([Product(Pass(name)), *_play_families(state, index),
                        *_activate_families(state, index)])
    if now == "follow-up":
        return Listing([*_attack_families(state, index), Product(Decline(name))])
    out: list = [GainAP(name), ReadyAll(name)]
    if now == "extra":
        out.append(Decline(name))
    out += [Move(name, c.uid) for c in state.cards if c.owner == index]
    out += [Liquidate(name, u) for u in dict.fromkeys(state.players[index].hand)]
    families = _singles(state, out) + _play_families(state, index) \
        + _activate_families(state, index)
    if now == "main":
        families += _attack_families(state, index)
    return Listing(families)


def same_move(state: AlmokonState, action: object) -> object:
    """``action`` with every card in a hand written as its printed card and the player by
    the name the state gives it: two copies of one card in hand are the same card to play,
    liquidate or discard (*Cards*: copies are identical), and Imbue discards and Kinship
    helpers are sets, in any order."""
    index = state.player_index(getattr(action, "player", "") or "")
    if index is None:
        return action
    hand = set(state.players[index].hand)

    def printed(uid: object) -> object:
        return base_id(uid) if isinstance(uid, str) and uid in hand else uid

    changes: dict[str, object] = {"player": state.players[index].name}
    if isinstance(action, PlayCard | Liquidate):
        changes["uid"] = printed(action.uid)
    if isinstance(action, PlayCard):
        changes["imbue"] = tuple(sorted(map(str, map(printed, action.imbue))))
    if isinstance(action, Attack):
        changes["kin"] = tuple(sorted(map(str, action.kin)))
    return replace(action, **changes)
