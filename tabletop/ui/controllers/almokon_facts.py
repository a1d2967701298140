"""Words for the Almokon screen: a card's facts, an action group's label, the hint line."""

from __future__ import annotations

from tabletop.games.almokon.actions import PlayCard
from tabletop.games.almokon.state import AlmokonState
from tabletop.spatial.zones import ZONE_NAMES
from tabletop.ui.facades.almokon import rules
from tabletop.wording import counted


def card_lines(state: AlmokonState, uid: str) -> list[str]:
    """The side-panel facts of card ``uid``: printed numbers, keywords, abilities, and in
    play its zone, damage, Items and Growth."""
    d = state.definition(uid)
    kind = d.type.capitalize() + (f" ({d.unit})" if d.unit else "")
    lines = [f"{state.name_of(uid)}: {kind}, {d.faction.capitalize()}",
             f"Cost {d.cost} AP · Wrath {d.wrath} · Vigor {d.vigor} · Bounty {d.bounty}"
             + (f" · Liquidate {d.liquidate}" if d.liquidate else "")]
    if d.subtypes:
        lines.append("Subtypes: " + ", ".join(d.subtypes))
    if d.keywords:
        lines.append("Keywords: " + ", ".join(d.keyword_text()))
    lines += [f"Ability: {a}" for a in d.abilities]
    if d.play is not None:
        lines.append(f"When played: {d.play}")
    if d.enter is not None:
        lines.append(f"Enters play: {d.enter}")
    if d.aura is not None:
        lines.append(f"While in play: {d.aura}")
    card = state.card(uid)
    if card is not None:
        status = "exhausted" if card.exhausted else "ready"
        lines.append(f"In {ZONE_NAMES[card.zone]}, {status}; Vigor left {state.remaining(card)}"
                     f", Wrath {state.wrath(card)}")
        if card.items:
            lines.append("Attached: " + ", ".join(state.name_of(i) for i in card.items))
        if card.growth:
            lines.append(f"Growth counters: {card.growth}")
    else:
        lines.append(f"Enters: {rules.enters(d)}")
    return lines


def group_label(state: AlmokonState, group: tuple) -> str:
    """A button label for an action group, saying when the action gives up the card for
    good (Liquidate discards it from the hand; Harvest disposes of the card in play)."""
    kind, uid = group[0], group[1]
    d = state.definition(uid)
    if kind == "play":
        return f"Play ({d.cost} AP or Imbue)" if d.has("imbue") else f"Play ({d.cost} AP)"
    if kind == "crew":
        return "Play as Crew"
    if kind == "attack":
        return "Attack"
    if kind == "ability":
        ability = d.abilities[group[2]]
        gone = ", card disposed of" if ability.effect.kind == "harvest" else ""
        return f"{ability.name} ({ability.cost} AP{gone})"
    if kind == "move":
        return "Move to Wilderness"
    return f"Liquidate: discard, +{d.liquidate} AP"


def imbue_notes(state: AlmokonState, forms: list) -> list[str]:
    """Why paying without Imbue is not among ``forms`` (the Play forms of one card), when it
    is not: the full cost against the AP in hand."""
    plays = [f for f in forms if isinstance(f, PlayCard)]
    if not plays or any(not f.imbue for f in plays):
        return []
    uid = plays[0].uid
    player = state.players[state.to_act]
    full = state.definition(uid).cost
    return [f"Paying the full {full} AP without Imbue is not possible: {player.name} has "
            f"{player.ap} AP."]


def stack_words(state: AlmokonState, item) -> str:
    """One waiting card or ability on the response stack, with its player and target:
    "Brannoc's Harbour Watch: Warning Shot on Bicara Pikemen"."""
    owner = state.players[item.player].name
    what = state.name_of(item.uid)
    if item.kind == "ability":
        what += f": {state.definition(item.uid).abilities[item.ability].name}"
    elif item.as_item:
        what += " as Crew"
    on = f" on {state.name_of(item.target)}" if item.target else ""
    cancelled = " (cancelled by a Veto)" if item.cancelled else ""
    return f"{owner}'s {what}{on}{cancelled}"


def stack_lines(state: AlmokonState) -> list[str]:
    """The response stack, newest first, each with its target (empty when nothing waits)."""
    if not state.stack:
        return []
    items = [stack_words(state, item) for item in reversed(state.stack)]
    return [f"Waiting (newest first): {items[0]}", *(f"  then {w}" for w in items[1:])]


def phase_hint(state: AlmokonState, mode: tuple | None, selected: str | None = None,
               actions: int = 0) -> str:
    """One line of guidance: what the player to act is deciding; with a (visible) card ``selected``
    (which has ``actions`` legal kinds of action, its buttons keyed 1 to ``actions``), what to
    do next with it."""
    if state.winner:
        return ""
    name = state.players[state.to_act].name
    phase = rules.phase(state)
    if phase == "response":
        return (f"{name}: respond to {stack_words(state, state.stack[-1])} with Reflex/Veto, "
                f"or Pass (P)")
    if phase == "choice":
        return f"{name}: choose for {state.choice.kind.capitalize()} (C)"
    if phase == "follow-up":
        follow = state.follow_up
        now = ("may attack at once (Charge: it entered ready)" if follow.kind == "charge"
               else f"may attack again ({follow.kind.capitalize()})")
        return f"{name}: {state.name_of(follow.uid)} {now}, or Decline (D)"
    if phase == "extra":
        left = counted(state.extra_actions, "non-combat action")
        return f"{name}: Truce, {left} left (D to stop)"
    if mode is not None and mode[0] == "attack":
        return f"{name}: pick the target of {state.name_of(mode[1])}"
    if mode is not None:
        return f"{name}: click a target (outlined green) for {state.name_of(mode[1])}"
    if selected is not None:
        card = state.name_of(selected)
        if actions:
            keys = "key 1" if actions == 1 else f"keys 1-{min(actions, 9)}"
            return (f"{name}: {card} selected: choose its action on the right ({keys}), or "
                    f"click another card")
        return f"{name}: {card} has nothing to do now: click another of your cards"
    return f"{name}: click one of your cards"
