"""The full enumeration of Almokon's legal actions that ``rules.legal_actions`` (families,
:mod:`tabletop.games.almokon.listing`) replaced, kept as the reference the property test
compares the families with: every action spelt out, each checked by ``why_not``."""

from __future__ import annotations

import itertools
from dataclasses import replace

from tabletop.games.almokon.actions import (
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
from tabletop.games.almokon.cards import Effect, base_id
from tabletop.games.almokon.choice_sets import SETS_LISTED_UP_TO, imbue_candidates, kin_candidates
from tabletop.games.almokon.rules import _command_problem, phase, play_cost, why_not
from tabletop.games.almokon.state import AlmokonState
from tabletop.games.almokon.targeting import (
    TARGETED_EFFECTS,
    attach_targets,
    attack_targets,
    can_attack,
    effect_targets,
    legal,
)
from tabletop.games.almokon.view import is_partial
from tabletop.games.contract import set_count


def sets_to_list(candidates, key=lambda uid: uid, wrath=None) -> list[tuple[str, ...]]:
    """The sets ``legal_actions`` lists, every one spelt out (as ``choice_sets.sets_to_list``
    did before its summary's sets were made only when asked for)."""
    groups: dict = {}
    for uid in candidates:
        groups.setdefault(key(uid), []).append(uid)
    copies = list(groups.values())
    if set_count(key(u) for u in candidates) > SETS_LISTED_UP_TO:
        strongest = sorted(candidates, key=wrath, reverse=True) if wrath else candidates
        firsts = range(2, len(strongest)) if wrath else ()
        summary = [(), *((same[0],) for same in copies),
                   *(tuple(strongest[:n]) for n in firsts), tuple(strongest)]
        return list(dict.fromkeys(summary))
    counts = itertools.product(*(range(len(same) + 1) for same in copies))
    sets = [tuple(uid for same, n in zip(copies, taken, strict=True) for uid in same[:n])
            for taken in counts]
    return sorted(sets, key=len)


def _targets_for(state: AlmokonState, index: int, effect: Effect | None) -> list[str]:
    if effect is not None and effect.kind in TARGETED_EFFECTS:
        return legal(effect_targets(state, index, effect))
    return [""]


def _with_imbue(state: AlmokonState, index: int, play: PlayCard) -> list[PlayCard]:
    """``play`` with each Imbue discard set that makes it legal (:func:`sets_to_list`).
    Imbue only lowers the cost, so with every candidate discarded the play is legal but for
    the cost exactly when some set makes it legal; a set does when its cost is paid."""
    candidates = imbue_candidates(state, index, play.uid)
    if why_not(state, replace(play, imbue=tuple(candidates))) is not None:
        return []
    ap = state.players[index].ap
    sets = sets_to_list(candidates, base_id, lambda uid: state.definition(uid).wrath)
    return [replace(play, imbue=chosen) for chosen in sets
            if play_cost(state, play.uid, chosen) <= ap]


def _play_candidates(state: AlmokonState, index: int) -> list[PlayCard]:
    """The legal plays of one copy of each card in the hand (copies are the same card)."""
    out: list[PlayCard] = []
    player = state.players[index]
    name = player.name
    seen: set[str] = set()
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
        plays = [PlayCard(name, uid, t) for t in targets]
        if definition.has("crew"):
            plays += [PlayCard(name, uid, t, (), True)
                      for t in legal(attach_targets(state, index, uid, True))]
        if definition.has("imbue"):
            out += [form for play in plays for form in _with_imbue(state, index, play)]
        else:
            out += [play for play in plays if why_not(state, play) is None]
    return out


def _activate_candidates(state: AlmokonState, index: int) -> list[Activate]:
    out: list[Activate] = []
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
            out += [a for t in targets for h in helpers
                    if why_not(state, a := Activate(name, card.uid, number, t, h)) is None]
    return out


def _attack_candidates(state: AlmokonState, index: int) -> list[Attack]:
    """The legal attacks, each with every Kinship helper set :func:`sets_to_list` lists: any
    set of the candidates joins an attack the rules allow without helpers."""
    out: list[Attack] = []
    name = state.players[index].name
    if state.follow_up is not None:
        attackers = [state.card(state.follow_up.uid)]
    else:
        attackers = [c for c in state.cards
                     if c.owner == index and can_attack(state, c.uid) is None]
    for card in attackers:
        definition = state.definition(card.uid)
        frenzies = (False, True) if definition.has("frenzy") else (False,)
        kins = sets_to_list(kin_candidates(state, card)) if definition.has("kinship") \
            else [()]
        for target in legal(attack_targets(state, card.uid)):
            for frenzy in frenzies:
                if why_not(state, Attack(name, card.uid, target, frenzy)) is None:
                    out += [Attack(name, card.uid, target, frenzy, kin) for kin in kins]
    return out


def _response_actions(state: AlmokonState, index: int) -> list:
    """What player ``index`` may do in a response window: pass, or a Reflex or Veto card or
    ability."""
    return [Pass(state.players[index].name), *_play_candidates(state, index),
            *_activate_candidates(state, index)]


def full_listing(state: AlmokonState) -> list:
    """Every legal action for the player to act (empty once the game is over), up to
    :func:`same_move`: one copy of each card in hand is listed, and each Imbue discard set
    (copies of a card alike) and Kinship helper set once, in any order.

    Imbue and Kinship let a player pick any number of cards, so the sets are listed as
    :func:`~tabletop.games.almokon.choice_sets.sets_to_list` says: every legal set while
    there are at most ``SETS_LISTED_UP_TO``, else a summary, declared to the game contract
    as ``set_choices``; ``apply`` accepts any legal set.
    """
    if state.winner or is_partial(state):
        return []
    index = state.to_act
    name = state.players[index].name
    now = phase(state)
    if now == "choice":
        choice = state.choice
        if choice.kind == "foresee":
            return [Choose(name, ",".join(p)) for p in itertools.permutations(choice.options)]
        return [Choose(name, o) for o in choice.options]
    if now == "response":
        return _response_actions(state, index)
    if now == "follow-up":
        return [*_attack_candidates(state, index), Decline(name)]
    out: list = [GainAP(name), ReadyAll(name)]
    if now == "extra":
        out.append(Decline(name))
    out += [Move(name, c.uid) for c in state.cards if c.owner == index]
    out += [Liquidate(name, u) for u in dict.fromkeys(state.players[index].hand)]
    out = [a for a in out if why_not(state, a) is None]
    out += _play_candidates(state, index) + _activate_candidates(state, index)
    if now == "main":
        out += _attack_candidates(state, index)
    return out
