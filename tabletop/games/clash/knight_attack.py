"""A Knight Attack played from cards (rulebook *Combat Action*: Declare Attack and Active
Weapon, Raise Passion and Check Priority Target, Attack Roll, Determine BP Card, Power Roll,
Monster Responses, Wounds and Escalation, Clear the Knight Pool; *Crit Die During Attack
Rolls*; *Overcome and Overpower*; *Wound Stack*; *Escalation Chart*).

:func:`begin` declares the attack (refused, with the reason, without range or LoS) and
returns the draft; :func:`answer` takes the players' answer to ``draft.ask``.  Attack
Responses that are Monster attacks run after the attack, inside the same draft
(``follow``), so that cancelling rolls back the whole of it to ``draft.start``.
"""

from __future__ import annotations

from dataclasses import replace

from tabletop.dice.kingdoms_forlorn import (
    PowerPool,
    d10_outcome,
    declare_rerolls,
    power_roll,
)
from tabletop.dice.roll import Roll
from tabletop.errors import IllegalActionError, TabletopError
from tabletop.frozen import Frozen
from tabletop.games.clash import encounter as enc_mod
from tabletop.games.clash import monster_round, rules, turns
from tabletop.games.clash import sequence as seq
from tabletop.games.clash.actions import Attack, DefeatMob, RecordWound
from tabletop.games.clash.cards import BPCard, Gear
from tabletop.games.clash.events import Event
from tabletop.games.clash.forced_steps import Branch
from tabletop.games.clash.sequence import Ask, Pending, said
from tabletop.games.clash.state import HEAT_LIMIT, ClashState
from tabletop.games.clash.view import refuse_partial
from tabletop.wording import counted, numbered


class KnightDraft(Frozen):
    """Where a Knight Attack stands; ``ask`` is what the players must answer next (``None``
    when done)."""

    start: ClashState
    state: ClashState
    knight: str
    monster: str
    weapon: str
    step: str
    precision: int = 0
    roll: Roll | None = None
    hits: int = 0
    dice: int = 0
    crit: bool = False
    bp: str = ""
    pool: PowerPool | None = None
    total: int = 0
    wound: bool = False
    critical: bool = False
    branches: tuple[Branch, ...] = ()
    queue: tuple[Pending, ...] = ()
    responses: tuple[str, ...] = ()
    follow: monster_round.MonsterDraft | None = None
    events: tuple[Event, ...] = ()
    ask: Ask | None = None

    @property
    def done(self) -> bool:
        return self.step == "done"

    @property
    def gear(self) -> Gear:
        return self.state.cards.library.gear_card(self.weapon)

    @property
    def card(self) -> BPCard | None:
        return self.state.cards.library.bp(self.bp) if self.bp else None


def weapons(state: ClashState, knight: str) -> list[Gear]:
    """The weapon Gear cards of ``knight``."""
    me = state.knight(knight)
    return [g for g in seq.gear_of(state, me) if g.kind == "weapon"] if me else []


def begin(state: ClashState, knight: str, monster: str, weapon: str) -> KnightDraft:
    """Declare the attack (rulebook *Declare Attack and Active Weapon*, *Raise Passion and
    Check Priority Target*): refused, with the reason, when the weapon is not the Knight's,
    the Monster is out of its effective range or out of Line of Sight; else Passion rises and
    the Attack Roll is asked for."""
    action = f"{knight} attacks {monster} with {weapon}"
    if state.cards is None:
        raise IllegalActionError(action, "this board names no card files; roll the dice at "
                                         "the table")
    if state.cards.result:
        raise IllegalActionError(action, f"the Clash has ended ({state.cards.result})")
    gear = state.cards.library.gear_card(weapon)
    me = state.knight(knight)
    if me is None or gear is None or weapon not in me.gear or gear.kind != "weapon":
        raise IllegalActionError(action, f"{weapon!r} is not a weapon {knight} carries "
                                         f"({', '.join(g.name for g in weapons(state, knight))})")
    target = state.monster(monster)
    if target is not None and not target.boss and state.cards.mob_card(monster) is None:
        raise IllegalActionError(action, f"{monster} has no BP card on the Mob track")
    after, events = rules.resolve(state, Attack(knight, monster, gear.reach))
    precision = gear.precision + sum(1 for e in events if e.kind == "blindspot-bonus")
    draft = KnightDraft(state, after, knight, monster, weapon, "roll", precision=precision,
                        events=tuple(events) + (said(f"{knight} attacks {monster} with "
                                                     f"{weapon} ({gear.reach})",
                                                     "Declare Attack and Active Weapon"),))
    return settle(draft)


def answer(draft: KnightDraft, value: object) -> KnightDraft:
    """The draft after the players answer ``draft.ask`` with ``value``."""
    if draft.follow is not None:
        follow = monster_round.answer(draft.follow, value)
        return settle(replace(draft, follow=follow, ask=follow.ask))
    ask = draft.ask
    if ask is None:
        raise TabletopError("the Knight Attack waits for no answer")
    draft = replace(draft, ask=None)
    if ask.kind == "choose":
        branch = draft.branches[seq.chosen_index(ask, value)]
        then = draft.step.split(":", 1)[1]
        draft = _take(replace(draft, step=then, branches=()), branch)
        return settle(_event(draft, said(f"the players choose: {branch.label}")))
    if ask.kind == "roll":
        roll = seq.check_answer(ask, value)
        return settle(_ROLLED[draft.step](draft, roll))
    return settle(_declared(draft, seq.declared(ask, value), ask))


def _event(draft: KnightDraft, *events: Event) -> KnightDraft:
    return replace(draft, events=draft.events + events)


_take = seq.took


def settle(draft: KnightDraft) -> KnightDraft:
    while draft.ask is None and not draft.done:
        draft = _STEPS[draft.step](draft)
    return draft


def _roll(draft: KnightDraft) -> KnightDraft:
    """3. Attack Roll: the weapon's Attack dice, the white Crit die among them."""
    state, seed = seq.seed_of(draft.state)
    to_hit = state.cards.to_hit()
    gear = draft.gear
    ask = Ask("roll", f"{draft.knight}'s Attack Roll with {gear.name}: {gear.attack_dice} "
                      f"dice, +{draft.precision} Precision, To Hit {to_hit}", "Attack Roll",
              dice=seq.d10_kinds(gear.attack_dice), roll_type="attack", seed=seed)
    return replace(draft, state=state, step="rolled", ask=ask)


def _read(draft: KnightDraft, roll: Roll, again: bool) -> KnightDraft:
    """Each die with its result (plus Precision) at the Monster's To Hit or more hits; a
    natural 10 always hits, a natural 1 always misses; the Crit die's natural 10 is a Crit
    Chance, its natural 1 a Crit Miss."""
    to_hit = draft.state.cards.to_hit()
    outcome = d10_outcome(roll, target=to_hit, modifier=draft.precision, roll_type="attack")
    words = [f"{draft.knight}'s Attack Roll{' after re-rolls' if again else ''}: "
             f"{seq.roll_words(roll)} — " + "; ".join(
                 f"die {d.index + 1} {d.why}: {'hit' if d.success else 'miss'}"
                 for d in outcome.dice) + f"; {outcome.successes} hit"
             f"{'s' * (outcome.successes != 1)} against To Hit {to_hit}"]
    gear = [draft.gear]
    if outcome.crit_chance:
        words.append(f"{draft.knight} gains a Crit Chance: Ultrainstinct is ignored and a "
                     f"Wound becomes a Critical Wound{seq.abilities(gear, 'Crit Chance')}")
    if outcome.crit_misses:
        words.append(f"{outcome.crit_misses} Crit Miss: resolve the Crit Miss effects "
                     f"{seq.times(outcome.crit_misses)}{seq.abilities(gear, 'Crit Miss')}")
    return _event(replace(draft, roll=roll, hits=outcome.successes, dice=len(outcome.dice),
                          crit=outcome.crit_chance),
                  *(said(w, "Attack Roll") for w in words))


def _rolled(draft: KnightDraft, roll: Roll) -> KnightDraft:
    draft = _read(draft, roll, False)
    knight = draft.state.knight(draft.knight)
    room = max(0, HEAT_LIMIT - knight.heat)
    if draft.hits < draft.dice and room:
        ask = Ask("reroll", f"{draft.knight}: re-roll Attack dice? (+1 Heat each)",
                  "Heat Re-rolls", roll=roll, roll_type="attack", heat=room)
        return replace(draft, step="declared", ask=ask)
    return replace(draft, step="hit")


def _declared(draft: KnightDraft, declaration: dict[int, str], ask: Ask) -> KnightDraft:
    if not declaration:
        return replace(draft, step="hit" if ask.roll_type == "attack" else "resolve")
    knight = draft.state.knight(draft.knight)
    done = declare_rerolls(draft.roll, declaration, roll_type=ask.roll_type, heat=knight.heat,
                           effect_rerolls=ask.free)
    state, seed = seq.seed_of(draft.state.with_piece(replace(knight, heat=done.heat)))
    dice = tuple(sorted(declaration))
    step = "rerolled" if ask.roll_type == "attack" else "repowered"
    again = Ask("roll", f"{draft.knight} re-rolls {numbered('die', (i + 1 for i in dice))}",
                "Dice Re-rolls", dice=draft.roll.kinds, roll_type=ask.roll_type, seed=seed,
                roll=draft.roll, rerolled=dice)
    return _event(replace(draft, state=state, step=step, ask=again),
                  said(f"{draft.knight} re-rolls {len(dice)} "
                       f"{'die' if len(dice) == 1 else 'dice'}: {done.why}", "Dice Re-rolls"))


def _hit(draft: KnightDraft) -> KnightDraft:
    """Full Miss: straight to Clear the Knight Pool, the attack ends.  Full Hit: the active
    weapon's Full Hit abilities."""
    if draft.hits == 0:
        return _event(replace(draft, step="end"),
                      said(f"{draft.knight} misses with every die: a Full Miss; Clear the "
                           f"Knight Pool, then resolve Full Miss abilities"
                           f"{seq.abilities([draft.gear], 'Full Miss')}", "Attack Roll"))
    if draft.hits == draft.dice:
        draft = _event(draft, said(f"every die hits: a Full Hit; activate the Full Hit "
                                   f"abilities of the active weapon"
                                   f"{seq.abilities([draft.gear], 'Full Hit')}", "Attack Roll"))
    return replace(draft, step="bp")


def _bp(draft: KnightDraft) -> KnightDraft:
    """5. Determine BP Card: a Boss draws the top BP card; a Mob's is its own card on the Mob
    track, revealed.  Ultrainstinct triggers now, unless the roll gained a Crit Chance."""
    state = draft.state
    cards = state.cards
    monster = state.monster(draft.monster)
    refuse_partial(state, f"Determine the BP card of {draft.monster}")
    if monster.boss:
        cards, card, words = enc_mod.draw_bp(cards)
        draft = _event(draft, *(said(w, "Determine BP Card") for w in words))
    else:
        card = cards.mob_card(draft.monster)
        words = []
        if draft.monster not in cards.revealed:
            cards = replace(cards, revealed=cards.revealed + (draft.monster,))
    state = replace(state, cards=cards)
    if card is None:
        return _event(replace(draft, state=state, step="end"),
                      said("no BP card is left to draw", "Determine BP Card"))
    at = card.at + cards.at_bonus()
    draft = _event(replace(draft, state=state, bp=card.name),
                   said(f"BP card: {card.name} (BP {card.level}), AT {at}",
                        "Determine BP Card"))
    ultra = [e for r in card.responses if r.when == "ultrainstinct" for e in r.effects]
    if ultra and draft.crit:
        draft = _event(draft, said("the Ultrainstinct Response is ignored: Crit Chance",
                                   "Crit Die During Attack Rolls"))
        ultra = []
    queue = tuple(Pending(e, draft.monster, draft.knight, response=True) for e in ultra)
    if ultra:
        draft = _event(draft, said("Ultrainstinct Response", "Monster Responses"))
    return replace(draft, queue=queue, step="effects:chain")


def _chain(draft: KnightDraft) -> KnightDraft:
    """Before the Power Roll: a Knight out of its weapon's effective range, or knocked down,
    causes a Chain Break and the attack ends (rulebook *Chain Break*)."""
    knight = draft.state.knight(draft.knight)
    monster = draft.state.monster(draft.monster)
    problem = None
    if knight is None or monster is None:
        problem = "the attacker or its target left the board"
    elif knight.knockdown == "falling":
        problem = f"{knight.name} is knocked down"
    else:
        problem = turns.attack_problem(draft.state, knight, monster, draft.gear.reach)
    if problem:
        return _event(replace(draft, step="end"),
                      said(f"Chain Break: {problem}; the attack ends", "Chain Break"))
    return replace(draft, step="pool")


def _pool(draft: KnightDraft) -> KnightDraft:
    """6.1 Create the Power Pool: Weapon Power per hit, Bonus Power, the Knight's Power die,
    fitted into the box's dice; 6.2 Roll the Dice."""
    gear = draft.gear
    knight = draft.state.knight(draft.knight)
    dice = [d for _ in range(draft.hits) for d in gear.weapon_power]
    dice += list(gear.bonus_power) + [knight.power_die]
    pool = seq.pool_of(dice, gear.bonus_raw_power)
    state, seed = seq.seed_of(draft.state)
    ask = Ask("roll", f"{draft.knight}'s Power Roll: {counted(len(dice), 'Power die')} "
                      f"({counted(draft.hits, 'hit')} × {len(gear.weapon_power)}, "
                      f"Bonus Power, the Knight's {knight.power_die} Power die)"
                      + (f", +{pool.raw_power} raw Power" if pool.raw_power else ""),
              "Power Roll", dice=tuple(pool.kinds()), roll_type="power", seed=seed)
    return _event(replace(draft, state=state, pool=pool, step="powered", ask=ask),
                  *(said(w, "Power Dice Tiers and Limits") for w in pool.why))


def _count(draft: KnightDraft, roll: Roll, again: bool) -> KnightDraft:
    counted = power_roll(roll, draft.pool)
    return _event(replace(draft, roll=roll, total=counted.power),
                  said(f"{draft.knight}'s Power Roll{' after re-rolls' if again else ''}: "
                       f"{seq.roll_words(roll)} — {counted.power} Power (raw Power included), "
                       f"{counted.potential} Potential, {counted.hope} Hope", "Power Roll"))


def _powered(draft: KnightDraft, roll: Roll) -> KnightDraft:
    draft = _count(draft, roll, False)
    free = draft.gear.power_rerolls
    if free:
        ask = Ask("reroll", f"{draft.knight}: Power Re-roll up to {free} di"
                            f"{'e' if free == 1 else 'ce'} (declared together; never with "
                            f"Heat)", "Power Re-rolls", roll=roll, roll_type="power", free=free)
        return replace(draft, step="declared", ask=ask)
    return replace(draft, step="resolve")


def _resolve(draft: KnightDraft) -> KnightDraft:
    """6.5 Resolve the Power Roll, Overcome and Overpower, 7. Monster Responses."""
    card = draft.card
    at = card.at + draft.state.cards.at_bonus()
    wound = draft.total >= at
    critical = wound and draft.crit
    verdict = ("a Critical Wound (Crit Chance)" if critical else "a Wound" if wound
               else "a Fail to wound")
    draft = _event(replace(draft, wound=wound, critical=critical),
                   said(f"Total Power {draft.total} against AT {at}: {verdict}",
                        "Resolve the Power Roll"))
    queue: list[Pending] = []
    over = draft.total - at
    if card.overcome and (not wound and draft.total >= card.overcome.x
                          or wound and over >= card.overcome.x):
        draft = _event(draft, said(f"Overcome {card.overcome.x}+", "Overcome and Overpower"))
        queue += [Pending(e, draft.monster, draft.knight) for e in card.overcome.effects]
    if card.overpower and wound and over >= card.overpower.x:
        draft = _event(draft, said(f"Overpower {card.overpower.x}+", "Overcome and Overpower"))
        queue += [Pending(e, draft.monster, draft.knight) for e in card.overpower.effects]
    if critical:
        draft = _event(draft, said(f"{card.name}'s Critical is resolved; no other Response",
                                   "Monster Responses"))
        queue += [Pending(e, draft.monster, draft.knight) for e in card.critical]
    else:
        wanted = ("wound" if wound else "fail", "instinct")
        for response in card.responses:
            if response.when in wanted:
                draft = _event(draft, said(f"{response.when.title()} Response",
                                           "Monster Responses"))
                queue += [Pending(e, draft.monster, draft.knight, response=True)
                          for e in response.effects]
    return replace(draft, queue=tuple(queue), step="effects:wounds")


def _effects(draft: KnightDraft) -> KnightDraft:
    then = draft.step.split(":", 1)[1]
    draft, status = seq.run_effects(draft, lambda d, branches, prompt: replace(
        d, branches=tuple(branches), step=f"chosen:{d.step}",
        ask=Ask("choose", prompt, "the players choose", tuple(b.label for b in branches))))
    if status:
        return draft if status == "ask" else replace(draft, step="end")
    return replace(draft, step=then)


def _wounds(draft: KnightDraft) -> KnightDraft:
    """8. Wounds and Escalation (rulebook *Wound Stack*, *Boss/Mob Monster Escalation*)."""
    card = draft.card
    state = draft.state
    cards = state.cards
    monster = state.monster(draft.monster)
    if not draft.wound:
        if monster is None or monster.boss:
            cards = replace(cards, bp_discard=cards.bp_discard + (card.name,))
            words = [f"{card.name} goes to the BP discard pile"]
        else:
            words = [f"{card.name} stays revealed on the Mob track"]
        return _event(replace(draft, state=replace(state, cards=cards), step="end"),
                      *(said(w, "Resolve the Power Roll") for w in words))
    state, events = rules.resolve(state, RecordWound(draft.knight))
    branch = Branch(state, tuple(events))
    aside = None
    if monster is None or monster.boss:
        if card.level == 3 and not draft.critical:
            branch = seq.add_wound(branch, enc_mod.GENERIC_DOUBLE, f"{card.name} wounded")
            aside = card.name
            branch = branch.then(None, said(f"{card.name} is set aside", "Wound Stack"))
        else:
            branch = seq.add_wound(branch, card.name, "wounded")
    else:
        branch = seq.add_wound(branch, card.name, "wounded")
        mob_cards = tuple(p for p in branch.state.cards.mob_cards if p[0] != draft.monster)
        revealed = tuple(r for r in branch.state.cards.revealed if r != draft.monster)
        branch = branch.then(replace(branch.state, cards=replace(
            branch.state.cards, mob_cards=mob_cards, revealed=revealed)))
        if branch.state.monster(draft.monster) is not None:
            after, more = rules.resolve(branch.state, DefeatMob(draft.monster))
            branch = branch.then(after, *more)
    if branch.state.cards.result:
        return replace(_take(draft, branch), step="end")
    cards = branch.state.cards
    cards, words = enc_mod.escalate_ai(cards, card.level if card.level < 3 else None)
    if not cards.mob_clash:
        cards, more = enc_mod.escalate_bp(cards, card.level, critical=draft.critical,
                                          aside=aside)
        words += more
    branch = branch.then(replace(branch.state, cards=cards),
                         *(said(w, "Escalation") for w in words))
    branches = [branch]
    if cards.mob_clash and cards.monster_sheet.spawn == "immediate":
        branches = seq.spawn(branch, min(3, card.level + 1))
    draft = replace(draft, step="end")
    if len(branches) > 1:
        return replace(draft, branches=tuple(branches), step="chosen:end",
                       ask=Ask("choose", "the new Mob faces the most Knights: choose",
                               "Spawning Mobs", tuple(b.label for b in branches)))
    return _take(draft, branches[0])


def _end(draft: KnightDraft) -> KnightDraft:
    """9./10. Clear the Knight Pool and the second ability window; then the Attack
    Responses, one after another (they do not cause a Chain Break)."""
    if draft.follow is None:
        draft = _event(draft, said("Clear the Knight Pool; second ability window",
                                   "Combat Action"))
    elif not draft.follow.done:
        return replace(draft, ask=draft.follow.ask)
    else:
        draft = replace(draft, state=draft.follow.state,
                        events=draft.events + draft.follow.events, follow=None)
    state = draft.state
    if draft.responses and not state.cards.result and state.monster(draft.monster):
        card, rest = draft.responses[0], draft.responses[1:]
        follow = monster_round.begin_attack(state, draft.monster, card, draft.start)
        return replace(draft, follow=replace(follow, events=()), responses=rest, step="end",
                       events=draft.events + follow.events, ask=follow.ask)
    return replace(draft, step="done")


_STEPS = {
    "roll": _roll,
    "hit": _hit,
    "bp": _bp,
    "effects:chain": _effects,
    "chain": _chain,
    "pool": _pool,
    "resolve": _resolve,
    "effects:wounds": _effects,
    "wounds": _wounds,
    "end": _end,
}
_ROLLED = {
    "rolled": _rolled,
    "rerolled": lambda d, r: replace(_read(d, r, True), step="hit"),
    "powered": _powered,
    "repowered": lambda d, r: replace(_count(d, r, True), step="resolve"),
}
