"""Activation tokens and the Mob track (rulebook *Monster Round*: *Start of Monster Round*,
*Resolving Activations*, Mob Clash and Boss Clash; *Mob Track*).

A Boss keeps its tokens on its Monster Sheet; a Mob's tokens sit on its BP card on the Mob
track (``Monster.activations`` either way).  Each function returns ``(new_state, events)`` or
raises :class:`~tabletop.errors.IllegalActionError` naming the rule.  Bosses are resolved
before the Mob track when a board holds both (a reading: the rulebook has Boss Clashes and
Mob Clashes, never both; ``docs/clash-rules.md``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tabletop.errors import IllegalActionError
from tabletop.games.clash.actions import DefeatMob, ResolveActivation
from tabletop.games.clash.events import Event
from tabletop.games.clash.state import Activation, ClashState, Monster

Result = tuple[ClashState, tuple[Event, ...]]


@dataclass(frozen=True)
class Next:
    """The next Activation: ``monster`` resolves its token number ``index`` (into
    ``monster.activations``); ``kind`` is the event kind that says why."""

    monster: Monster
    index: int
    kind: str

    @property
    def token(self) -> Activation:
        return self.monster.activations[self.index]

    def event(self) -> Event:
        """The event that names this Activation and the rule that puts it next."""
        rule = "Boss Clash" if self.monster.boss else "Mob Clash"
        return Event(self.kind, self.monster.name, other=label(self.token),
                     amount=len(self.monster.activations), rule=rule)


def label(token: Activation) -> str:
    """``AI`` or ``Signature``."""
    return "AI" if token.kind == "ai" else "Signature"


def track(state: ClashState) -> tuple[Monster, ...]:
    """The Mobs in Mob track order, left to right, empty spaces skipped (rulebook *Mob
    Track*; :attr:`ClashState.mob_spaces`)."""
    return tuple(state.monster(name) for name in state.mob_spaces if name)


def track_number(state: ClashState, name: str) -> int | None:
    """The number of the Mob track space holding Mob ``name``'s BP card (1 to 10), or
    ``None`` for a Boss or a piece not on the track ("when you attack Mob "1", you will be
    wounding the first BP on the track", rulebook *Mob Track*)."""
    spaces = state.mob_spaces
    return spaces.index(name) + 1 if name in spaces else None


def boss_order(boss: Monster) -> tuple[int, ...]:
    """The indices into ``boss.activations`` in the order its tokens resolve: the Monster
    Sheet's order as the layout lists them ("the order of Boss attacks will never change from
    the one indicated on the Monster Sheet"); with ``activation_order = "ai first"`` (the Sheet
    gives none) its AI tokens first, then its Signature tokens ("When in doubt, ... always
    resolve any AI Activations first"), rulebook *Resolving Activations*, Boss Clash."""
    indices = range(len(boss.activations))
    if boss.activation_order == "sheet":
        return tuple(indices)
    return tuple(sorted(indices, key=lambda i: boss.activations[i].kind != "ai"))


def next_activation(state: ClashState) -> Next | None:
    """The ready Activation token resolved next, or ``None`` when every token is spent.

    Boss Clash: the first ready token in :func:`boss_order` (the Monster Sheet's order, or AI
    first when the Sheet gives none).  Mob Clash: the leftmost ready token on the Mob
    track."""
    for boss in (m for m in state.monsters if m.boss):
        for index in boss_order(boss):
            token = boss.activations[index]
            if not token.spent:
                kind = "next-boss-ai" if token.kind == "ai" else "next-boss-signature"
                if boss.activation_order == "sheet":
                    kind += "-sheet"
                return Next(boss, index, kind)
    for mob in track(state):
        for index, token in enumerate(mob.activations):
            if not token.spent:
                return Next(mob, index, "next-mob")
    return None


def start_monster_round(state: ClashState) -> Result:
    """Flip every spent Activation token to its ready side (rulebook *Start of Monster
    Round*).  No event when no token was spent."""
    flipped = sum(t.spent for m in state.monsters for t in m.activations)
    if not flipped:
        return state, ()
    monsters = tuple(replace(m, activations=tuple(replace(t, spent=False)
                                                  for t in m.activations))
                     for m in state.monsters)
    return (replace(state, monsters=monsters),
            (Event("tokens-readied", amount=flipped, rule="Start of Monster Round"),))


def resolve_activation(state: ClashState, action: ResolveActivation) -> Result:
    """Resolve the next Activation (:func:`next_activation`): a Boss's token is flipped to
    spent; a Mob's token moves to the next BP card to the right without a token, spent
    (:func:`_place`).  The events name the token resolved and then what activates next and
    why."""
    now = next_activation(state)
    if now is None:
        raise IllegalActionError(action, "no ready Activation token is left; resolve other "
                                         "Actions and end the Monster Round (Resolving "
                                         "Activations)")
    monster, token = now.monster, now.token
    rule = "Boss Clash" if monster.boss else "Mob Clash"
    events = [Event("activation-resolved", monster.name, other=label(token), rule=rule)]
    rest = monster.activations[:now.index] + monster.activations[now.index + 1:]
    if monster.boss:
        spent = rest[:now.index] + (replace(token, spent=True),) + rest[now.index:]
        state = state.with_piece(replace(monster, activations=spent))
        events.append(Event("token-spent", monster.name, other=label(token), rule=rule))
    else:
        names = [m.name for m in track(state)]
        state = state.with_piece(replace(monster, activations=rest))
        state, event = _place(state, names, names.index(monster.name),
                              replace(token, spent=True), monster.name, exclude=True)
        events.append(event)
    after = next_activation(state)
    events.append(after.event() if after else Event("activations-done",
                                                    rule="Resolving Activations"))
    return state, tuple(events)


def defeat_mob(state: ClashState, action: DefeatMob) -> Result:
    """``action.mob`` is defeated: it leaves the board and its BP card the Mob track
    (:func:`remove_mob`, wounded).  With card files, its BP card, wounded, goes face up on top
    of the Wound Stack (*Wound Stack*: "Successfully wounded BP cards become Wounds and end up
    on the Wound Stack"; *Mob Clash*: "once Wounded, those enemies leave the Clash entirely"),
    and the Clash is won when the Wounds reach the Monster's Wounds value; the escalation and
    spawn that follow a wound are the players' (or the Knight Attack's, which takes the card
    off the track before it defeats the Mob)."""
    mob = state.monster(action.mob)
    if mob is None or mob.boss:
        raise IllegalActionError(action, f"there is no Mob called {action.mob!r} on the "
                                         f"board (a Boss is slain, not defeated on the Mob "
                                         f"track)")
    state, events = remove_mob(state, mob.name, wounded=True)
    return state, (Event("mob-defeated", mob.name, rule="Mob Clash"), *events)


def _wound_its_card(state: ClashState, mob: str) -> Result:
    """``state`` with Mob ``mob``'s BP card (when the Mob track lists one) off the track and
    on top of the Wound Stack, the Knights' Victory marked when the Wounds are enough; and
    the events saying so."""
    cards, card = _off_the_track(state, mob)
    if card is None:
        return state, ()
    cards = replace(cards, wound_stack=(*cards.wound_stack, card))
    events = [Event("said", other=f"{card} goes on the Wound Stack (wounded): "
                                  f"{cards.wounds()} of {cards.wounds_needed()} Wounds",
                    rule="Wound Stack")]
    if cards.wounds() >= cards.wounds_needed() and not cards.result:
        cards = replace(cards, result="victory")
        events.append(Event("said", other="The Monster is slain: the Clash ends with the "
                                          "Knights' Victory", rule="Clash Sequence"))
    return replace(state, cards=cards), tuple(events)


def _off_the_track(state: ClashState, mob: str):
    """``state``'s cards with Mob ``mob``'s BP card off the Mob track (no longer revealed),
    and that card's name; ``(cards, None)`` when the track lists none for it."""
    cards = state.cards
    card = dict(cards.mob_cards).get(mob) if cards is not None else None
    if card is None:
        return cards, None
    return replace(cards, mob_cards=tuple(p for p in cards.mob_cards if p[0] != mob),
                   revealed=tuple(r for r in cards.revealed if r != mob)), card


def _its_card_leaves(state: ClashState, mob: str) -> Result:
    """``state`` with the BP card of Mob ``mob`` (dead without a Wound) off the Mob track and
    out of the Clash, not on the Wound Stack; the event names the card only when it was face
    up (a face-down card's name stays hidden: its level is on its back).  Reading: no Wound
    was dealt, so it is no Wound ("Successfully wounded BP cards become Wounds", *Wound
    Stack*; Will of the Graal), and a dead Mob's card cannot stay on the track ("these effects
    persist as long as the BP card is revealed, i.e. the Mob Monster is alive", *Revealed Mob
    BPs*)."""
    cards, card = _off_the_track(state, mob)
    if card is None:
        return state, ()
    known = card if mob in state.cards.revealed else None
    if known is None:
        bp = cards.library.bp(card)
        known = f"its face-down BP {bp.level} card" if bp is not None else "its face-down card"
    said = Event("said", other=f"{mob} is dead: {known} leaves the Mob track and the Clash "
                               f"(no Wound was dealt, so it is not a Wound)", rule="Mob Track")
    return replace(state, cards=cards), (said,)


def remove_mob(state: ClashState, name: str, *, wounded: bool) -> Result:
    """``state`` without the Mob ``name`` and its BP card: the one way a Mob leaves the Clash,
    defeated (``wounded``: the card goes on the Wound Stack, :func:`_wound_its_card`) or dead
    from forced movement (the card leaves the Clash, :func:`_its_card_leaves`).  Each
    Activation token it held moves by the Mob Clash rule, not flipped ("If a Mob is defeated
    while it has an Activation token, move that token according to the aforementioned rules,
    but do not flip it", rulebook *Resolving Activations*).  Returns the new state and the
    events: one per token moved, then what became of the card."""
    mob = state.monster(name)
    names = [m.name for m in track(state)]
    position = names.index(mob.name)
    names.remove(mob.name)
    state = state.without(mob.name)
    state = replace(state, knights=tuple(replace(k, vantage=None) if k.vantage == mob.name
                                         else k for k in state.knights))
    events = []
    for token in mob.activations:
        state, event = _place(state, names, position, token, mob.name, exclude=False)
        events.append(event)
    state, card = (_wound_its_card if wounded else _its_card_leaves)(state, name)
    return state, (*events, *card)


def _place(state: ClashState, names: list[str], position: int, token: Activation,
           source: str, exclude: bool) -> Result:
    """``state`` with ``token`` from ``source``'s card placed on the Mob track ``names``: on
    the next BP card to the right of ``position`` without an Activation token, the track
    looping; when every card holds one, on the next card to the right (rulebook *Resolving
    Activations*, Mob Clash).  ``exclude``: ``source`` is still on the track at ``position``
    (after its Activation); otherwise it has left it and ``position`` is now its right-hand
    neighbour's index."""
    count = len(names)
    if exclude:
        order = [names[(position + k) % count] for k in range(1, count)] or [source]
        fallback = names[(position + 1) % count]
    elif count:
        order = [names[(position + k) % count] for k in range(count)]
        fallback = order[0]
    else:
        return state, Event("token-discarded", source, other=label(token), rule="Mob Clash")
    empty = next((n for n in order if not state.monster(n).activations), None)
    target = state.monster(empty or fallback)
    state = state.with_piece(replace(target, activations=(*target.activations, token)))
    kind = ("token-moved" if empty else "token-stacked") if exclude else "token-carried"
    return state, Event(kind, source, other=target.name,
                        amount=len(target.activations) + 1, rule="Mob Clash")


def order(state: ClashState) -> list[tuple[Next, str]]:
    """Every ready Activation still to resolve this Monster Round, in order, each with the
    sentence that says why it comes there (resolving them one by one).  In the Knight Round,
    the order of the next Monster Round (its start flips every spent token to ready)."""
    out: list[tuple[Next, str]] = []
    if state.turn.phase != "monster":
        state, _ = start_monster_round(state)
        state = replace(state, turn=replace(state.turn, phase="monster"))
    while (now := next_activation(state)) is not None:
        out.append((now, str(now.event()).removeprefix("Next: ")))
        state, _ = resolve_activation(state, ResolveActivation())
    return out
