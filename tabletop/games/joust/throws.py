"""The revealed joust rolled one step at a time: each choice the rulebook gives a player is an
action, each throw of dice a chance point of the game contract.

Rulebook, *Jousting Phase Tasks* 5-8 ("Roll the dice.  Apply abilities and rerolls.  Resolve
the dice rolls.  Score the rolled results.") and "Each Knight will be completely resolved
before moving onto the next Knight in the Joust": the Household with initiative goes first,
its Knight's steps all before the rival's:

1. Targeting (*Favor Action Icons*: "You may preset one of your dice to the result of your
   choice.  You may not use this ability on the Fealty Dice"): :class:`Aim`, a choice.
2. The throw of the Knight's other dice: a chance point (:class:`Throw`).
3. The rerolls (Squire Reroll, Hero's Fate "any number of your dice of any color one time",
   an Ability Card's): :class:`Reroll` picks dice and a reroll, a chance point throws them;
   :class:`Keep` ends the rerolls (offered only while a reroll is left).
4. The Aftershocks (Glossary: "continue rolling dice until you fail to roll a six"): each
   wave, one black die per black 6 of the last throw, a chance point of its own, so a chain
   of any length is a finite list of outcomes at every step.

Then each Knight with Mark of the Church that scored a hit it may convert chooses how many
(:class:`Convert`), and the joust is scored (:func:`~tabletop.games.joust.jousting.score_joust`).
What waits is :func:`next_step`, read from the state's :class:`JoustThrow`.  A
:class:`~tabletop.games.joust.actions.Joust` (every face at once: layouts, lessons, the query
verbs and tests) is played as the same steps (:func:`joust`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations

from tabletop.dice.chance import throw_outcomes
from tabletop.dice.joust_rolls import rolls_again
from tabletop.dice.kings_champion import FEALTY
from tabletop.errors import IllegalActionError
from tabletop.games.joust import abilities
from tabletop.games.joust.actions import (
    REROLL_TITLES,
    Aim,
    Convert,
    Joust,
    Keep,
    Reroll,
    Throw,
    slot_words,
)
from tabletop.games.joust.events import Event
from tabletop.games.joust.jousting import convert_room, favor_of, score_joust, score_roll
from tabletop.games.joust.state import DieRoll, JoustState, JoustThrow, Knight, KnightRoll
from tabletop.wording import counted

Result = tuple[JoustState, tuple[Event, ...]]
Step = Aim | Throw | Reroll | Keep | Convert

CHANCE = ("throw", "reroll-throw", "aftershock")
"""The kinds of :class:`Waiting` that are chance points."""

FACES = range(1, 7)


@dataclass(frozen=True)
class Waiting:
    """What the revealed joust waits for: ``kind`` is ``aim``, ``throw`` (a Knight's first
    throw), ``reroll`` (a reroll or Keep), ``reroll-throw``, ``aftershock``, ``convert``;
    ``side`` the Household (0: initiative); ``slots`` and ``colours`` the dice thrown at a
    chance point."""

    kind: str
    side: int
    house: str
    knight: Knight
    slots: tuple[str, ...] = ()
    colours: tuple[str, ...] = ()


def record(state: JoustState) -> JoustThrow:
    """The revealed joust's progress: the state's, or a fresh one (nothing thrown yet)."""
    if state.throw is not None:
        return state.throw
    return JoustThrow(tuple(KnightRoll(h.name, ()) for h in state.in_order()))


def rolling(state: JoustState) -> bool:
    """Whether a revealed joust is waiting to be rolled or scored."""
    return state.phase == "jousting" and state.revealed == state.resolved + 1


def next_step(state: JoustState) -> Waiting | None:
    """What the revealed joust waits for next, or ``None`` when no joust is being rolled or
    every step is taken (it is then scored at once)."""
    if not rolling(state):
        return None
    rec = record(state)
    pair = state.jousters(state.resolved)
    assert pair is not None  # both orders are set before the Jousting Phase begins
    for side, knight in enumerate(pair):
        house = rec.rolls[side].house
        roll = rec.rolls[side]
        slots = dict(abilities.roll_slots(state, knight))
        if favor_of(knight) == "targeting" and not rec.aimed[side]:
            return Waiting("aim", side, house, knight)
        thrown = {d.slot for d in roll.dice}
        first = tuple(s for s in slots if s not in thrown)
        if first:
            return Waiting("throw", side, house, knight, first, tuple(slots[s] for s in first))
        if rec.rerolling and not rec.kept[side]:
            return Waiting("reroll-throw", side, house, knight, rec.rerolling,
                           tuple(slots[s] for s in rec.rerolling))
        if not rec.kept[side] and reroll_options(state, knight, roll):
            return Waiting("reroll", side, house, knight)
        shocks = tuple(d.slot for d in roll.dice if _shakes(slots[d.slot], d))
        if shocks:
            return Waiting("aftershock", side, house, knight, shocks, (FEALTY,) * len(shocks))
    for side, knight in enumerate(pair):
        if favor_of(knight) == "mark-of-the-church" and not rec.converted[side] \
                and _room(state, rec, side) > 0:
            return Waiting("convert", side, rec.rolls[side].house, knight)
    return None


def _shakes(colour: str, die: DieRoll) -> bool:
    """Whether ``die`` rolls an Aftershock now: its last throw is a Fealty 6."""
    return rolls_again(colour, die.aftershocks[-1] if die.aftershocks else die.face)


def _faces(state: JoustState, knight: Knight, roll: KnightRoll) -> list[tuple[str, int]]:
    slots = dict(abilities.roll_slots(state, knight))
    out: list[tuple[str, int]] = []
    for die in roll.dice:
        out.append((slots[die.slot], die.face))
        out.extend((FEALTY, f) for f in die.aftershocks)
    return out


def _room(state: JoustState, rec: JoustThrow, side: int) -> int:
    """How many hits side ``side`` may turn into Morale with Mark of the Church."""
    pair = state.jousters(state.resolved)
    assert pair is not None
    knight, rival = pair[side], pair[1 - side]
    mine = score_roll(state, knight, _faces(state, knight, rec.rolls[side]))
    blocked = score_roll(state, rival, []).blocks(mine)  # Block and cards, not the rival's dice
    return convert_room(state.household(rec.rolls[side].house), mine.hits, blocked)


def reroll_options(state: JoustState, knight: Knight, roll: KnightRoll
                   ) -> dict[str, tuple[tuple[str, ...], int]]:
    """Each reroll ``knight`` may still use on ``roll``: its name -> the dice it may pick and
    how many at most.  The Squire Reroll (a Squire rerolling that colour with its worker) and
    Hero's Fate (any dice) are used once each; an Ability Card rerolls one die per reroll it
    gives, each die once.  A die preset by Targeting is not rolled, so not rerolled."""
    slots = dict(abilities.roll_slots(state, knight))
    dice = [d for d in roll.dice if not d.preset]
    used = {source for d in roll.dice for source in d.rerolls}
    out: dict[str, tuple[tuple[str, ...], int]] = {}
    squire = knight.squire
    if squire is not None and squire.reroll and squire.reroll_worker and "squire" not in used:
        pick = tuple(d.slot for d in dice if slots[d.slot] == squire.reroll)
        if pick:
            out["squire"] = (pick, len(pick))
    if favor_of(knight) == "heros-fate" and "heros-fate" not in used:
        out["heros-fate"] = (tuple(d.slot for d in dice), len(dice))
    free = _ability_rerolls_free(state, knight, roll)
    if free:
        pick = tuple(d.slot for d in dice if "ability" not in d.rerolls
                     and (slots[d.slot] in free or "any" in free))
        if pick:
            out["ability"] = (pick, len(free))
    return out


def _ability_rerolls_free(state: JoustState, knight: Knight, roll: KnightRoll) -> list[str]:
    """The Ability Card's rerolls not used yet (a colour or ``any`` each)."""
    slots = dict(abilities.roll_slots(state, knight))
    free = list(abilities.during(state, knight).rerolls)
    for die in roll.dice:
        if "ability" in die.rerolls:
            colour = slots[die.slot]
            free.remove(colour if colour in free else "any")
    return free


# -- the chance points ------------------------------------------------------------------------

def is_chance_node(state: JoustState) -> bool:
    """Whether the next thing to happen is a throw of dice (a chance point)."""
    if state.viewer is not None or state.pending:
        return False
    step = next_step(state)
    return step is not None and step.kind in CHANCE


def chance_outcomes(state: JoustState) -> list[tuple[Throw, Fraction]]:
    """At a throw, every distinct result with its exact chance: the dice thrown now as
    multisets per colour (:func:`~tabletop.dice.chance.throw_outcomes`), each a
    :class:`Throw` giving the faces to the dice in their order; empty elsewhere."""
    if not is_chance_node(state):
        return []
    step = next_step(state)
    assert step is not None
    return [(Throw(step.house, tuple(zip(step.slots, (int(f) for f in labels), strict=True))),
             chance)
            for labels, chance in throw_outcomes([f"kc-{c}" for c in step.colours])]


def choices(state: JoustState) -> list[Step]:
    """The player actions the revealed joust waits for (none at a chance point): the
    Targeting presets, the rerolls (every set of dice each may pick) and Keep, or the Mark of
    the Church conversions."""
    step = next_step(state)
    if step is None or step.kind in CHANCE:
        return []
    slots = dict(abilities.roll_slots(state, step.knight))
    if step.kind == "aim":
        return [Aim(step.house), *(Aim(step.house, slot, face) for slot, colour in slots.items()
                                   if colour != FEALTY for face in FACES)]
    if step.kind == "convert":
        return [Convert(step.house, n) for n in range(_room(state, record(state), step.side) + 1)]
    roll = record(state).rolls[step.side]
    out: list[Step] = [Keep(step.house)]
    for source, (pick, most) in reroll_options(state, step.knight, roll).items():
        out.extend(Reroll(step.house, source, chosen) for size in range(1, most + 1)
                   for chosen in combinations(pick, size))
    return out


# -- the steps ---------------------------------------------------------------------------------

def take(state: JoustState, action: Step) -> Result:
    """One step of the revealed joust; when it was the last, the joust is scored.  Raises
    :class:`IllegalActionError` naming what the joust waits for instead."""
    step = next_step(state)
    if step is None:
        raise IllegalActionError(action, "no joust is being rolled: reveal the next joust")
    kind = {Aim: "aim", Keep: "reroll", Reroll: "reroll", Convert: "convert"}.get(
        type(action), "throw")
    wanted = step.kind if step.kind not in CHANCE else "throw"
    if kind != wanted or action.house != step.house:
        raise IllegalActionError(action, f"the joust waits for {waiting_words(step)}")
    rec = record(state)
    handler = {Aim: _aim, Throw: _throw, Reroll: _reroll, Keep: _keep, Convert: _convert}
    rec = handler[type(action)](state, step, rec, action)
    state = replace(state, throw=rec)
    if next_step(state) is None:
        scored, events = score_joust(state, Joust(rec.rolls))
        return replace(scored, throw=None), events
    return state, ()


def waiting_words(step: Waiting) -> str:
    """What the joust waits for, in the words a player would say: the Knight (and House) to
    do it, then the dice by colour and place ("Sir Corvin (Bloodguard) to throw 3 dice: green
    die on token 1, green die on Lance, the Fealty Die")."""
    who = f"{step.knight.name} ({step.house})"
    dice = ", ".join(die_words(s, c) for s, c in zip(step.slots, step.colours, strict=True))
    count = len(step.slots)
    sixes = "black 6" if count == 1 else "black 6s"
    return {
        "aim": f"{who} to choose a die to preset with Targeting, or none",
        "throw": f"{who} to throw {counted(count, 'die')}: {dice}",
        "reroll": f"{who} to reroll dice or keep them",
        "reroll-throw": f"{who} to throw {counted(count, 'rerolled die')}: {dice}",
        "aftershock": f"{who} to throw {counted(count, 'Aftershock die')} for the {sixes} "
                      f"on {dice}",
        "convert": f"{who} to choose how many hits Mark of the Church turns into Morale",
    }[step.kind]


def die_words(slot: str, colour: str) -> str:
    """One of a Knight's dice by colour and place: ``green die on token 1``, ``green die on
    Lance`` (an Equipment), ``white Ability die 1``, ``the Fealty Die``."""
    if slot == "fealty":
        return slot_words(slot)
    if slot.startswith("ability-"):
        return f"{colour} {slot_words(slot)}"
    return f"{colour} die on {slot_words(slot)}"


def _with_die(roll: KnightRoll, die: DieRoll, order: list[str]) -> KnightRoll:
    """``roll`` with ``die`` put in (or replaced), the dice kept in the Knight's roll order."""
    dice = [d for d in roll.dice if d.slot != die.slot] + [die]
    return replace(roll, dice=tuple(sorted(dice, key=lambda d: order.index(d.slot))))


def _in_order(state: JoustState, knight: Knight, dice: tuple[DieRoll, ...]
              ) -> tuple[DieRoll, ...]:
    """``dice`` in the order ``knight`` rolls them (placed dice, Ability dice, Fealty)."""
    order = [slot for slot, _ in abilities.roll_slots(state, knight)]
    return tuple(sorted(dice, key=lambda d: order.index(d.slot)))


def _set(values: tuple[bool, bool], side: int) -> tuple[bool, bool]:
    return (True, values[1]) if side == 0 else (values[0], True)


def _rolls(rec: JoustThrow, side: int, roll: KnightRoll) -> tuple[KnightRoll, KnightRoll]:
    return (roll, rec.rolls[1]) if side == 0 else (rec.rolls[0], roll)


def _aim(state: JoustState, step: Waiting, rec: JoustThrow, action: Aim) -> JoustThrow:
    slots = dict(abilities.roll_slots(state, step.knight))
    roll = rec.rolls[step.side]
    if action.slot is not None:
        if action.slot not in slots:
            raise IllegalActionError(action, f"{step.knight.name} rolls no die on "
                                             f"{action.slot}: {', '.join(slots)}")
        if slots[action.slot] == FEALTY:
            raise IllegalActionError(action, "Targeting may not preset the Fealty Die")
        if action.face not in FACES:
            raise IllegalActionError(action, "Targeting presets a die to a face from 1 to 6")
        roll = _with_die(roll, DieRoll(action.slot, (action.face,), preset=True), list(slots))
    elif action.face is not None:
        raise IllegalActionError(action, "a face is preset on a die: name the die")
    return replace(rec, rolls=_rolls(rec, step.side, roll), aimed=_set(rec.aimed, step.side))


def _throw(state: JoustState, step: Waiting, rec: JoustThrow, action: Throw) -> JoustThrow:
    given = [slot for slot, _ in action.faces]
    if sorted(given) != sorted(step.slots):
        raise IllegalActionError(action, f"the joust waits for {waiting_words(step)}")
    if any(face not in FACES for _, face in action.faces):
        raise IllegalActionError(action, "a d6 shows 1 to 6")
    order = [slot for slot, _ in abilities.roll_slots(state, step.knight)]
    roll = rec.rolls[step.side]
    dice = {d.slot: d for d in roll.dice}
    for slot, face in action.faces:
        if step.kind == "throw":
            die = DieRoll(slot, (face,))
        elif step.kind == "reroll-throw":
            die = replace(dice[slot], faces=(*dice[slot].faces, face),
                          rerolls=(*dice[slot].rerolls, rec.source))
        else:
            die = replace(dice[slot], aftershocks=(*dice[slot].aftershocks, face))
        roll = _with_die(roll, die, order)
    if step.kind == "reroll-throw":
        return replace(rec, rolls=_rolls(rec, step.side, roll), rerolling=(), source="")
    return replace(rec, rolls=_rolls(rec, step.side, roll))


def _reroll(state: JoustState, step: Waiting, rec: JoustThrow, action: Reroll) -> JoustThrow:
    options = reroll_options(state, step.knight, rec.rolls[step.side])
    name = REROLL_TITLES.get(action.source, repr(action.source))
    if action.source not in options:
        left = ", ".join(REROLL_TITLES[s] for s in options) or "none"
        raise IllegalActionError(action, f"{step.knight.name} has no {name} left (left: "
                                         f"{left})")
    pick, most = options[action.source]
    if not action.slots or len(set(action.slots)) != len(action.slots):
        raise IllegalActionError(action, "a reroll picks one or more different dice")
    wrong = [s for s in action.slots if s not in pick]
    if wrong:
        raise IllegalActionError(action, f"{name} may reroll only {', '.join(pick)}, not "
                                         f"{', '.join(wrong)}")
    if len(action.slots) > most:
        raise IllegalActionError(action, f"{name} rerolls at most {counted(most, 'die')}")
    if action.source == "ability":
        slots = dict(abilities.roll_slots(state, step.knight))
        free = _ability_rerolls_free(state, step.knight, rec.rolls[step.side])
        abilities.check_ability_rerolls(action, step.knight, abilities.During(rerolls=tuple(
            free)), [slots[s] for s in action.slots])
    order = [slot for slot, _ in abilities.roll_slots(state, step.knight)]
    kept = (False, False) if step.side == 0 else (True, False)  # the first Knight is through
    return replace(rec, rerolling=tuple(sorted(action.slots, key=order.index)),
                   source=action.source, kept=kept)


def _keep(state: JoustState, step: Waiting, rec: JoustThrow, action: Keep) -> JoustThrow:
    return replace(rec, kept=_set(rec.kept, step.side))


def _convert(state: JoustState, step: Waiting, rec: JoustThrow, action: Convert) -> JoustThrow:
    room = _room(state, rec, step.side)
    if not 0 <= action.n <= room:
        raise IllegalActionError(action, f"{step.knight.name}: Mark of the Church converts at "
                                         f"most {room} hits (hits scored, Morale kept under 15)")
    roll = replace(rec.rolls[step.side], convert=action.n)
    return replace(rec, rolls=_rolls(rec, step.side, roll),
                   converted=_set(rec.converted, step.side))


# -- every face at once ------------------------------------------------------------------------

def steps_to(state: JoustState, target: JoustThrow) -> Iterator[Step]:
    """The steps from ``state`` that make the revealed joust's progress ``target`` (its
    dice, rerolls and choices), taken one by one, each the one :func:`next_step` waits for;
    the steps stop where ``target`` says no more (the caller compares the result)."""
    for _ in range(_most_steps(target)):
        step = next_step(state)
        if step is None:
            return
        action = _step_towards(state, step, target)
        if action is None:
            return
        yield action
        state, _ = take(state, action)


def _most_steps(target: JoustThrow) -> int:
    """An upper bound on the steps of ``target``: one per face and choice it holds."""
    faces = sum(len(d.faces) + len(d.aftershocks) for r in target.rolls for d in r.dice)
    return faces + 4 * len(target.rolls) + 2


def _step_towards(state: JoustState, step: Waiting, target: JoustThrow) -> Step | None:
    """The action taking ``state`` one step towards ``target``, or ``None``."""
    if target.rolls[step.side].house != step.house:
        return None
    now = {d.slot: d for d in record(state).rolls[step.side].dice}
    goal = {d.slot: d for d in target.rolls[step.side].dice}
    if step.kind == "aim":
        if not target.aimed[step.side]:
            return None
        preset = [d for d in goal.values() if d.preset]
        return Aim(step.house, preset[0].slot, preset[0].faces[0]) if preset else Aim(step.house)
    if step.kind == "convert":
        if not target.converted[step.side]:
            return None
        return Convert(step.house, target.rolls[step.side].convert)
    if step.kind == "reroll":
        return _reroll_towards(step, now, goal, target)
    faces = []
    step_source = record(state).source
    for slot in step.slots:
        die = goal.get(slot)
        if die is None:
            return None
        if step.kind == "throw":
            faces.append((slot, die.faces[0]))
            continue
        done = now[slot]
        if step.kind == "reroll-throw":  # a face of this reroll, named as it
            named = die.rerolls[len(done.rerolls):len(done.rerolls) + 1] == (step_source,)
            later = die.faces[len(done.faces):] if named else ()
        else:
            later = die.aftershocks[len(done.aftershocks):]
        if not later:
            return None
        faces.append((slot, later[0]))
    return Throw(step.house, tuple(faces))


def _reroll_towards(step: Waiting, now: dict[str, DieRoll], goal: dict[str, DieRoll],
                    target: JoustThrow) -> Step | None:
    """The next reroll ``goal`` shows beyond ``now`` (the one its dice name first), the
    reroll ``target`` waits to throw, or Keep."""
    ahead = {slot: die.rerolls[len(now[slot].rerolls):] for slot, die in goal.items()
             if slot in now and die.rerolls[:len(now[slot].rerolls)] == now[slot].rerolls}
    for depth in range(max((len(a) for a in ahead.values()), default=0)):
        for slot in sorted(ahead, key=list(goal).index):
            if len(ahead[slot]) > depth:
                source = ahead[slot][depth]
                return Reroll(step.house, source,
                              tuple(s for s in goal if ahead.get(s, ())[:1] == (source,)))
    if target.rerolling:
        return Reroll(step.house, target.source, target.rerolling)
    return Keep(step.house) if target.kept[step.side] else None


def joust(state: JoustState, action: Joust) -> Result:
    """A whole joust at once (every face, reroll, Aftershock and conversion in
    ``action``), checked as before, then played as its steps from the start; the events are
    the scoring's.  Refused once a step of the joust is taken."""
    if state.throw is not None:
        raise IllegalActionError(action, "this joust is being rolled step by step: "
                                         "go on with its steps")
    score_joust(state, action)  # the rule checks, in their own words
    houses = [h.name for h in state.in_order()]
    rolls = sorted(action.rolls, key=lambda r: houses.index(r.house))
    pair = state.jousters(state.resolved)
    assert pair is not None
    ordered = tuple(replace(r, dice=_in_order(state, k, r.dice))
                    for r, k in zip(rolls, pair, strict=True))
    target = JoustThrow((ordered[0], ordered[1]), (True, True), (True, True), (True, True))
    events: tuple[Event, ...] = ()
    for step in steps_to(state, target):
        state, events = take(state, step)
    if state.throw is not None or rolling(state):
        raise IllegalActionError(action, "its dice cannot be thrown in the joust's steps: "
                                         "a die rerolled by two rerolls in different orders")
    return state, events
