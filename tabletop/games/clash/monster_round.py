"""A Monster Activation played from cards (rulebook *Resolving Activations*: Draw AI or
resolve Signature, Targeting, Movement, Attack — Evasion Roll, Attack Consequences, Armor Roll
— and After Attack; *Target Out of Reach*; *Crit Die During Evasion Rolls*; *Heat
Re-rolls*).

:func:`begin_activation` starts the next ready Activation token's draft; :func:`answer`
takes the players' answer to ``draft.ask`` (an option, a roll, a re-roll declaration) and
returns the next draft.  Both are pure.  ``draft.start`` is the board before the Activation:
cancelling goes back to it.
"""

from __future__ import annotations

from dataclasses import replace

from tabletop.dice.kingdoms_forlorn import armor_roll, d10_outcome, declare_rerolls
from tabletop.dice.roll import Roll
from tabletop.errors import IllegalActionError, TabletopError
from tabletop.frozen import Frozen
from tabletop.games.clash import activation_tokens, attacks, rules, targeting
from tabletop.games.clash import encounter as enc_mod
from tabletop.games.clash import sequence as seq
from tabletop.games.clash.actions import MonsterAttack, MonsterMove, ResolveActivation
from tabletop.games.clash.cards import AttackCard
from tabletop.games.clash.events import Event
from tabletop.games.clash.forced_steps import Branch
from tabletop.games.clash.sequence import Ask, Pending, said
from tabletop.games.clash.state import HEAT_LIMIT, ClashState
from tabletop.games.clash.view import refuse_partial
from tabletop.wording import counted, numbered

_SKIPPED = ("activation-resolved",)
"""Events of the token bookkeeping that this sequence says in its own words."""


class MonsterDraft(Frozen):
    """Where a Monster attack stands.  ``step`` is the next thing to do; ``ask`` what the
    players must answer first (``None`` when the sequence runs on by itself or is done)."""

    start: ClashState
    state: ClashState
    monster: str
    card: str
    step: str
    token: str = ""
    targets: tuple[str, ...] = ()
    index: int = 0
    branches: tuple[Branch, ...] = ()
    roll: Roll | None = None
    modifier: int = 0
    free: int = 0
    defence: str = ""
    hits: int = 0
    mark: int = 0
    queue: tuple[Pending, ...] = ()
    responses: tuple[str, ...] = ()
    events: tuple[Event, ...] = ()
    ask: Ask | None = None

    @property
    def done(self) -> bool:
        return self.step == "done"

    @property
    def attack(self) -> AttackCard:
        return self.state.cards.library.attack_card(self.card)

    @property
    def target(self) -> str:
        return self.targets[self.index] if self.index < len(self.targets) else ""


def _card_name(state: ClashState, token: str) -> str:
    sheet = state.cards.monster_sheet
    return sheet.signature if token == "signature" else sheet.routine


def begin_activation(state: ClashState) -> MonsterDraft:
    """The draft of the next ready Activation (rulebook *Resolving Activations*): its token is
    resolved (a Boss's flipped, a Mob's moved on), then an AI token draws the top AI card and
    a Signature token resolves the Signature."""
    action = ResolveActivation()
    if state.cards is None:
        raise IllegalActionError(action, "this board names no card files; the players play "
                                         "the Activation out themselves")
    refuse_partial(state, action)
    if state.cards.result:
        raise IllegalActionError(action, f"the Clash has ended ({state.cards.result})")
    nxt = activation_tokens.next_activation(state)
    if nxt is None:
        raise IllegalActionError(action, "no ready Activation token is left (Resolving "
                                         "Activations)")
    after, token_events = rules.resolve(state, action)
    events: list[Event] = []
    if nxt.token.kind == "ai":
        cards, card, words = enc_mod.draw_ai(after.cards)
        after = replace(after, cards=cards)
        events += [said(w, "Draw AI") for w in words]
        if card is None:
            events.append(said(f"{nxt.monster.name} has no AI card to draw", "Draw AI"))
            return MonsterDraft(state, after, nxt.monster.name, "", "done",
                                events=tuple(events + list(token_events)))
        events.append(said(f"{nxt.monster.name} resolves an AI Activation: the top AI card is "
                           f"{card.name} (AI {card.level})", "Draw AI or Resolve Signature"))
        name = card.name
    else:
        name = _card_name(after, "signature")
        events.append(said(f"{nxt.monster.name} resolves its Signature: {name}",
                           "Draw AI or Resolve Signature"))
    events += [e for e in token_events if e.kind not in _SKIPPED]
    draft = MonsterDraft(state, after, nxt.monster.name, name, "target", nxt.token.kind,
                         events=tuple(events))
    return settle(draft)


def begin_attack(state: ClashState, monster: str, card: str,
                 start: ClashState | None = None) -> MonsterDraft:
    """A Monster attack with no Activation token: an Attack Response (``card`` a Signature,
    Routine or AI card name; ``"AI"`` draws the top AI card)."""
    events: list[Event] = []
    token = ""
    if card == "AI":
        refuse_partial(state, f"{monster} draws an AI card")
        cards, drawn, words = enc_mod.draw_ai(state.cards)
        state = replace(state, cards=cards)
        events += [said(w, "Draw AI") for w in words]
        if drawn is None:
            return MonsterDraft(start or state, state, monster, "", "done",
                                events=(said("no AI card to draw"),))
        card, token = drawn.name, "ai"
    events.append(said(f"{monster} performs {card}", "Attack Response"))
    return settle(MonsterDraft(start or state, state, monster, card, "target", token,
                             events=tuple(events)))


def answer(draft: MonsterDraft, value: object) -> MonsterDraft:
    """The draft after the players answer ``draft.ask`` with ``value``."""
    ask = draft.ask
    if ask is None:
        raise TabletopError("the Monster attack waits for no answer")
    if ask.kind == "choose":
        return settle(_chosen(replace(draft, ask=None), seq.chosen_index(ask, value), ask))
    if ask.kind == "roll":
        return settle(_rolled(replace(draft, ask=None), seq.check_answer(ask, value)))
    return settle(_declared(replace(draft, ask=None), seq.declared(ask, value)))


def _event(draft: MonsterDraft, *events: Event) -> MonsterDraft:
    return replace(draft, events=draft.events + events)


def settle(draft: MonsterDraft) -> MonsterDraft:
    """Run the steps that need no answer until one asks or the attack is over."""
    while draft.ask is None and not draft.done:
        if draft.state.cards.result and draft.step != "end":
            draft = replace(draft, step="end")
        draft = _STEPS[draft.step](draft)
    return draft


def _target(draft: MonsterDraft) -> MonsterDraft:
    """Targeting: the lines top to bottom; none with a Target: discard the card and perform
    the Routine; a Zone line's Targets are the Knights in it; ties offered."""
    card = draft.attack
    monster = draft.state.monster(draft.monster)
    if monster is None:
        return _event(replace(draft, step="done"), said(f"{draft.monster} is gone"))
    try:
        found = targeting.target(draft.state, monster, list(card.targeting))
    except targeting.TargetingError as exc:
        return _event(replace(draft, step="after"),
                      said(f"{card.name}: {exc}; the players resolve this targeting line",
                           "Targeting"))
    # a reason that names its own rule in brackets is not told "(Targeting)" a second time
    draft = _event(draft, *(said(w, "" if w.endswith(")") else "Targeting")
                            for w in found.why))
    if found.line is None:
        if card.kind == "routine":
            return _event(replace(draft, step="after"),
                          said("the Routine has no Target either", "Targeting"))
        state = draft.state
        if draft.token == "ai":
            state = replace(state, cards=enc_mod.discard_ai(state.cards, card.name))
        routine = _card_name(state, "routine")
        return _event(replace(draft, state=state, card=routine, token="routine"),
                      said(f"{card.name} is discarded; {draft.monster} performs its Routine, "
                           f"{routine}", "Targeting"))
    if found.zone:
        if card.attack == "wave":
            names = attacks.wave(draft.state, monster, card.reach)[0]
        else:
            names = sorted(k.name for k in draft.state.knights
                           if k.vantage is None and k.at in found.zone)
        return replace(draft, targets=tuple(names), step="attack")
    if len(found.alternatives) > 1:
        options = tuple(", ".join(a) for a in found.alternatives)
        branches = tuple(Branch(draft.state, (), a) for a in found.alternatives)
        return replace(draft, step="targets-chosen", branches=branches,
                       ask=Ask("choose", f"{card.name}: choose the Target", "Priority Target",
                               options))
    return replace(draft, targets=found.alternatives[0], step="move")


def _move(draft: MonsterDraft) -> MonsterDraft:
    """Movement as the card says, toward the (first) Target; several ways offered."""
    card = draft.attack
    if not card.movement or not draft.targets:
        return replace(draft, step="attack")
    action = MonsterMove(draft.monster, draft.targets[0], card.movement, card.move_limit,
                         attack_range=card.reach if card.attack == "range" else 1,
                         zone=card.reach if card.attack in ("zone", "wave") else 0)
    try:
        branches = rules.outcomes(draft.state, action)
    except IllegalActionError as exc:
        return _event(replace(draft, step="attack"),
                      said(f"{draft.monster} does not move: {exc.rule}", "Monster Movement"))
    branches = [replace(b, events=tuple(e for e in b.events if e.kind != "out-of-reach"))
                for b in branches]
    return _offer(draft, branches, "attack", f"{card.name}: choose how {draft.monster} moves",
                  "Monster Movement")


def _offer(draft: MonsterDraft, branches: list[Branch], then: str, prompt: str,
           rule: str) -> MonsterDraft:
    """Go on with the only branch, or ask the players which one."""
    if len(branches) == 1:
        return _take(replace(draft, step=then), branches[0])
    return replace(draft, step=f"chosen:{then}", branches=tuple(branches),
                   ask=Ask("choose", prompt, rule, tuple(b.label for b in branches)))


_take = seq.took


def _chosen(draft: MonsterDraft, index: int, ask: Ask) -> MonsterDraft:
    if draft.step == "defence-chosen":
        weapon = ask.options[index] if index else ""
        return _event(replace(draft, defence=weapon, step="evade"),
                      said(f"{draft.target}'s active Defensive Weapon: {weapon or 'none'}",
                           "Defensive Weapons"))
    branch = draft.branches[index]
    if draft.step == "targets-chosen":
        return _event(replace(draft, targets=branch.choices, step="move", branches=()),
                      said(f"the players choose {', '.join(branch.choices)} as the Target",
                           "Priority Target"))
    then = draft.step.split(":", 1)[1]
    if branch.choices:
        draft = _event(draft, said(f"the players choose: {branch.label}"))
    return _take(replace(draft, step=then, branches=()), branch)


def _attack(draft: MonsterDraft) -> MonsterDraft:
    """The attack: the Monster turns toward a single Target; a Target out of range is an Out
    of Reach Evade (only the After Attack is resolved for it)."""
    card = draft.attack
    if not draft.targets:
        return replace(draft, step="effects-untargeted")
    kind = card.attack if card.attack in ("range",) else "melee"
    if card.attack in ("zone", "wave"):
        return replace(draft, step="defence", index=0)
    alive = tuple(t for t in draft.targets if draft.state.knight(t))
    try:
        branches = rules.outcomes(draft.state, MonsterAttack(draft.monster, alive, kind,
                                                             card.reach))
    except IllegalActionError as exc:
        return _event(replace(draft, step="after"), said(str(exc.rule), "Monster Attack"))
    return _offer(replace(draft, targets=alive, mark=len(draft.events)), branches, "reach",
                  f"{card.name}: choose how {draft.monster} turns", "Monster Turning")


def _reach(draft: MonsterDraft) -> MonsterDraft:
    out = {e.piece for e in draft.events[draft.mark:] if e.kind == "out-of-reach"}
    hit = tuple(t for t in draft.targets if t not in out)
    return replace(draft, targets=hit, index=0,
                   step="defence" if hit else "after")


def _untargeted(draft: MonsterDraft) -> MonsterDraft:
    """A card without a Target (No Target, a Routine that spawns): its effects are
    resolved once, by the Monster."""
    card = draft.attack
    queue = tuple(Pending(e, draft.monster) for e in card.effects)
    return replace(draft, queue=queue, step="effects:after")


def _defence(draft: MonsterDraft) -> MonsterDraft:
    """Before the Evasion Roll: which Defensive Weapon is active (rulebook *Defensive
    Weapons*: "only one active Weapon at a time")."""
    if draft.index >= len(draft.targets):
        return replace(draft, step="after")
    knight = draft.state.knight(draft.target)
    if knight is None:
        return replace(draft, index=draft.index + 1)
    if not draft.attack.attacks:
        queue = tuple(Pending(e, draft.monster, knight.name) for e in draft.attack.effects)
        return replace(draft, queue=queue, step="effects:next")
    shields = [g for g in seq.gear_of(draft.state, knight) if g.kind == "weapon" and g.defensive]
    if not shields:
        return replace(draft, defence="", step="evade")
    options = ("none",) + tuple(g.name for g in shields)
    return replace(draft, step="defence-chosen",
                   ask=Ask("choose", f"{knight.name}: choose the active Defensive Weapon",
                           "Defensive Weapons", options))


def _defending_gear(draft: MonsterDraft):
    """The Target's Gear that counts in this attack: all but the weapons, and the active
    Defensive Weapon (rulebook *Defensive Weapons*)."""
    knight = draft.state.knight(draft.target)
    return [g for g in seq.gear_of(draft.state, knight)
            if g.kind != "weapon" or g.name == draft.defence] if knight else []


def _evade(draft: MonsterDraft) -> MonsterDraft:
    """The Evasion Roll: the card's dice plus the Level's, the white Crit die among them."""
    knight = draft.state.knight(draft.target)
    card = draft.attack
    gear = _defending_gear(draft)
    modifier = sum(g.evasion_bonus for g in gear)
    free = sum(g.evasion_rerolls for g in gear)
    count = card.evasion_dice + draft.state.cards.evasion_bonus()
    state, seed = seq.seed_of(draft.state)
    ask = Ask("roll", f"{knight.name}'s Evasion Roll against {card.name}: {counted(count, 'die')}, "
                      f"difficulty {card.difficulty}"
                      + (f", +{modifier} Evasion" if modifier else ""),
              "Evasion Roll", dice=seq.d10_kinds(count), roll_type="evasion", seed=seed)
    return replace(draft, state=state, modifier=modifier, free=free, step="evaded", ask=ask)


def _read(draft: MonsterDraft, roll: Roll, again: bool) -> MonsterDraft:
    """Read the Evasion Roll: each die evades at the difficulty or more (natural 10 always,
    natural 1 never); Crit Evade and Crit Evade Fail from the white die."""
    card = draft.attack
    outcome = d10_outcome(roll, target=card.difficulty, modifier=draft.modifier,
                          roll_type="evasion")
    knight = draft.target
    hits = len(outcome.dice) - outcome.successes
    words = [f"{knight}'s Evasion Roll{' after re-rolls' if again else ''}: "
             f"{seq.roll_words(roll)} — " + "; ".join(
                 f"die {d.index + 1} {d.why}: {'evaded' if d.success else 'hit'}"
                 for d in outcome.dice) + f"; {hits} hit{'s' * (hits != 1)}"]
    gear = _defending_gear(draft)
    if outcome.crit_chance:
        words.append(f"{knight} gains a Crit Evade: resolve the active weapon's Crit Evade "
                     f"effects{seq.abilities(gear, 'Crit Evade')}")
    if outcome.crit_misses:
        words.append(f"{knight} gains {outcome.crit_misses} Crit Evade Fail: resolve the "
                     f"Crit Evade Fail effects {seq.times(outcome.crit_misses)}"
                     f"{seq.abilities(gear, 'Crit Evade Fail')}")
    return _event(replace(draft, roll=roll, hits=hits),
                  *(said(w, "Evasion Roll") for w in words))


def _evaded(draft: MonsterDraft, roll: Roll) -> MonsterDraft:
    draft = _read(draft, roll, False)
    knight = draft.state.knight(draft.target)
    room = max(0, HEAT_LIMIT - knight.heat)
    if draft.hits and (room or draft.free):
        ask = Ask("reroll", f"{knight.name}: re-roll Evasion dice? (+1 Heat each, "
                            f"{draft.free} free Evasion Re-roll{'s' * (draft.free != 1)})",
                  "Heat Re-rolls", roll=roll, roll_type="evasion", heat=room, free=draft.free)
        return replace(draft, step="declared", ask=ask)
    return replace(draft, step="consequences")


def _declared(draft: MonsterDraft, declaration: dict[int, str]) -> MonsterDraft:
    if not declaration:
        return replace(draft, step="consequences")
    knight = draft.state.knight(draft.target)
    done = declare_rerolls(draft.roll, declaration, roll_type="evasion", heat=knight.heat,
                           effect_rerolls=draft.free)
    state, seed = seq.seed_of(draft.state.with_piece(replace(knight, heat=done.heat)))
    dice = tuple(sorted(declaration))
    ask = Ask("roll", f"{knight.name} re-rolls {numbered('die', (i + 1 for i in dice))}",
              "Dice Re-rolls", dice=draft.roll.kinds, roll_type="evasion", seed=seed,
              roll=draft.roll, rerolled=dice)
    return _event(replace(draft, state=state, step="rerolled", ask=ask),
                  said(f"{knight.name} re-rolls {len(dice)} "
                       f"{'die' if len(dice) == 1 else 'dice'}: {done.why}", "Dice Re-rolls"))


def _consequences(draft: MonsterDraft) -> MonsterDraft:
    """Full Evade: straight to the After Attack.  Otherwise Vigor loss (per hit, plus the
    Level's bonus once), the Armor Roll, then the card's effects in order."""
    knight = draft.state.knight(draft.target)
    if draft.hits == 0:
        return _event(replace(draft, index=draft.index + 1, step="defence"),
                      said(f"{knight.name} evades every die: a Full Evade; resolve its Full "
                           f"Evade effects{seq.abilities(_defending_gear(draft), 'Full Evade')}",
                           "Evasion Roll"))
    cards = draft.state.cards
    loss = draft.hits * (draft.attack.vigor_loss + cards.bonuses[0]) + cards.vigor_bonus() \
        if draft.attack.vigor_loss else 0
    armor = [d for g in _defending_gear(draft) for d in g.armor_dice]
    if loss and armor:
        pool = seq.pool_of(armor)
        state, seed = seq.seed_of(draft.state)
        ask = Ask("roll", f"{knight.name}'s Armor Roll: {counted(len(armor), 'Armor die')} against "
                          f"{loss} Vigor loss", "Armor Roll", dice=tuple(pool.kinds()),
                  roll_type="armor", seed=seed)
        return replace(draft, state=state, modifier=pool.raw_power, free=loss,
                       step="armored", ask=ask, events=draft.events +
                       tuple(said(w, "Power Dice Tiers and Limits") for w in pool.why))
    return _suffer(draft, loss, 0)


def _armored(draft: MonsterDraft, roll: Roll) -> MonsterDraft:
    loss = draft.free
    saved = armor_roll(roll, draft.modifier)
    draft = _event(draft, said(f"{draft.target}'s Armor Roll: {seq.roll_words(roll)} — "
                               f"{saved} Power symbol{'s' * (saved != 1)} (Potential and Hope "
                               f"do not count): {min(saved, loss)} Vigor saved", "Armor Roll"))
    return _suffer(draft, loss, saved)


def _suffer(draft: MonsterDraft, loss: int, saved: int) -> MonsterDraft:
    name = draft.target
    left = max(0, loss - saved)
    effects = draft.attack.effects
    if loss and left == 0:
        effects = tuple(e for e in effects if e.kind != "peril")
        draft = _event(draft, said("the Vigor loss is reduced to 0: no Peril Check for it",
                                   "Armor Roll"))
    branches = seq.lose_vigor(Branch(draft.state), name, left, f"{draft.attack.name}")
    queue = tuple(Pending(e, draft.monster, name) for e in effects)
    return _offer(replace(draft, queue=queue), branches, "effects:next",
                  "choose who takes the Priority Target token", "Priority Target")


def _effects(draft: MonsterDraft) -> MonsterDraft:
    """Apply the queued effects one by one, asking where the rules leave a choice."""
    then = draft.step.split(":", 1)[1]
    draft, status = seq.run_effects(draft, lambda d, branches, prompt: _offer(
        d, branches, d.step, prompt, "the players choose"))
    if status:
        return draft if status == "ask" else replace(draft, step="end")
    if then == "next":
        return replace(draft, index=draft.index + 1, step="defence")
    return replace(draft, step=then)


def _after(draft: MonsterDraft) -> MonsterDraft:
    """After Attack: resolved even when the attack was evaded or out of reach, against the
    original Target (each Target of an attack on several)."""
    card = draft.attack
    if not card.after_attack:
        return replace(draft, step="end")
    original = [t for t in (draft.targets or ("",))]
    queue = tuple(Pending(e, draft.monster, t) for t in original for e in card.after_attack)
    return _event(replace(draft, queue=queue, step="effects:end"),
                  said(f"After Attack of {card.name}", "After Attack"))


def _end(draft: MonsterDraft) -> MonsterDraft:
    """Discard the AI card; start the next Attack Response if any."""
    state = draft.state
    if draft.token == "ai" and draft.card:
        state = replace(state, cards=enc_mod.discard_ai(state.cards, draft.card))
    draft = replace(draft, state=state)
    if draft.responses and not state.cards.result and state.monster(draft.monster):
        card, rest = draft.responses[0], draft.responses[1:]
        nxt = begin_attack(state, draft.monster, card, draft.start)
        return replace(nxt, events=draft.events + nxt.events,
                       responses=nxt.responses + rest)
    return replace(draft, step="done")


def _rolled(draft: MonsterDraft, roll: Roll) -> MonsterDraft:
    if draft.step == "evaded":
        return _evaded(draft, roll)
    if draft.step == "rerolled":
        return replace(_read(draft, roll, True), step="consequences")
    return _armored(draft, roll)


_STEPS = {
    "target": _target,
    "move": _move,
    "attack": _attack,
    "reach": _reach,
    "effects-untargeted": _untargeted,
    "defence": _defence,
    "evade": _evade,
    "consequences": _consequences,
    "effects:next": _effects,
    "effects:after": _effects,
    "effects:end": _effects,
    "after": _after,
    "end": _end,
}
