"""What the attack sequences share: the question a sequence asks next (:class:`Ask`), rolls
from given faces, Vigor loss with its Judicium draw, and the card effects applied one by one
(rulebook *Attack Effects*, *Falling Below "0" Vigor*, *Massive Peril*, *Monster Responses*).

A sequence is a frozen draft and a pure function from a draft and an answer to the next
draft.  An :class:`Ask` says what the draft waits for: a ``choose`` among ``options`` (an
index), a ``roll`` of dice (a :class:`~tabletop.dice.roll.Roll`: the chance points, each with
the seed the dice tray throws it with), or a ``reroll`` declaration (a mapping of die index to
``"heat"`` or ``"reroll"``, empty for none).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from tabletop.dice.kingdoms_forlorn import PowerPool, power_pool
from tabletop.dice.roll import Roll, reroll, roll_dice, roll_showing
from tabletop.errors import IllegalActionError, TabletopError
from tabletop.frozen import Frozen
from tabletop.games.clash import branching_actions, forced_kinds, forced_steps, geometry, rules
from tabletop.games.clash import encounter as enc_mod
from tabletop.games.clash.actions import Forced, SetStat
from tabletop.games.clash.cards import Gear
from tabletop.games.clash.effects import Effect
from tabletop.games.clash.events import Event
from tabletop.games.clash.forced_steps import Branch
from tabletop.games.clash.state import (
    HEAT_LIMIT,
    MOB_TRACK_SPACES,
    PASSION_LIMIT,
    ClashState,
    Knight,
    Monster,
)
from tabletop.games.clash.turn_order import check_defeat
from tabletop.spatial.grid import Space
from tabletop.wording import counted

CRIT = "kf-d10-white"
D10 = "kf-d10"
NEEDS_ADJACENT = ("drag", "knockback", "knockback to the side", "directional knockback",
                  "unavoidable knockback")
"""Responses ignored when the attacker is not adjacent (rulebook *Responses and Adjacency*:
"Drag, Knockback, and Knockdown are the exceptions")."""


class Ask(Frozen):
    """What a sequence waits for.  ``kind``: ``choose`` (answer an index into ``options``),
    ``roll`` (answer a :class:`Roll` of ``dice``; a re-roll throw: ``roll`` with the dice
    ``rerolled`` thrown again), ``reroll`` (answer a declaration: die index -> ``"heat"`` or
    ``"reroll"``; ``heat`` is the Heat the Knight may still gain, ``free`` the effect
    re-rolls granted).  ``rule`` names the rulebook step asking."""

    kind: str
    prompt: str
    rule: str = ""
    options: tuple[str, ...] = ()
    dice: tuple[str, ...] = ()
    roll_type: str = ""
    seed: int = 0
    roll: Roll | None = None
    rerolled: tuple[int, ...] = ()
    heat: int = 0
    free: int = 0


def said(text: str, rule: str = "") -> Event:
    """A sentence for the log."""
    return Event("said", other=text, rule=rule)


def times(count: int) -> str:
    """How often, in words: ``once``, ``twice``, ``3 times``."""
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def d10_kinds(count: int) -> tuple[str, ...]:
    """An Attack or Evasion Roll's dice: the white Crit die first, then black d10 (rulebook
    *Crit Die During Attack Rolls / Evasion Rolls*: "one of the dice you roll must always be
    the white Crit die")."""
    return (CRIT,) + (D10,) * (count - 1) if count > 0 else ()


def thrown_kinds(ask: Ask) -> tuple[str, ...]:
    """The dice a ``roll`` ask throws: all of them, or only the re-rolled ones."""
    return tuple(ask.roll.kinds[i] for i in ask.rerolled) if ask.rerolled else ask.dice


def throw(ask: Ask) -> Roll:
    """The answer the dice tray gives a ``roll`` ask: the dice :func:`thrown_kinds` thrown
    with the ask's seed (a re-roll throws only the declared dice, with a seed of its own)."""
    fresh = roll_dice(thrown_kinds(ask), seed=ask.seed)
    return from_faces(ask, fresh.labels()) if ask.rerolled else fresh


def from_faces(ask: Ask, labels: Sequence[str]) -> Roll:
    """The answer to a ``roll`` ask whose dice show ``labels`` (a roll made at the table)."""
    if ask.rerolled:
        if len(labels) != len(ask.rerolled):
            raise TabletopError(f"{counted(len(ask.rerolled), 'die')} re-rolled but "
                                f"{counted(len(labels), 'face')} given")
        shown = roll_showing([ask.roll.kinds[i] for i in ask.rerolled], labels)
        faces, history = list(ask.roll.faces), list(ask.roll.history)
        for index, face in zip(ask.rerolled, shown.faces, strict=True):
            faces[index] = face
            history[index] = (*history[index], face)
        base = reroll(ask.roll, ask.rerolled, ask.prompt)
        return replace(base, faces=tuple(faces), history=tuple(history))
    if len(labels) != len(ask.dice):
        raise TabletopError(f"the roll throws {counted(len(ask.dice), 'die')} but "
                            f"{counted(len(labels), 'face')} given")
    return roll_showing(ask.dice, labels, seed=ask.seed)


def check_answer(ask: Ask, roll: object) -> Roll:
    """``roll`` if it answers the ``roll`` ask, else an error naming what is wrong."""
    if not isinstance(roll, Roll):
        raise TabletopError(f"{ask.prompt}: a roll of the dice is needed")
    if ask.rerolled:
        same = roll.kinds == ask.roll.kinds and all(
            roll.history[i] == ask.roll.history[i] for i in range(len(roll))
            if i not in ask.rerolled)
        thrown = all(len(roll.history[i]) == len(ask.roll.history[i]) + 1
                     for i in ask.rerolled)
        if not (same and thrown):
            raise TabletopError(f"{ask.prompt}: only the declared dice are re-rolled")
    elif tuple(roll.kinds) != tuple(ask.dice):
        raise TabletopError(f"{ask.prompt}: the roll must throw {', '.join(ask.dice)}")
    return roll


def roll_words(roll: Roll) -> str:
    """The faces of ``roll`` in words: ``white 7, black 3, black CRIT``."""
    return str(roll)


def seed_of(state: ClashState) -> tuple[ClashState, int]:
    """The seed of the next roll of the Clash, and the state that counted it."""
    cards, seed = state.cards.next_roll_seed()
    return replace(state, cards=cards), seed


def pool_of(dice: Sequence[str], raw_power: int = 0) -> PowerPool:
    """Power or Armor dice of tiers ``dice`` fitted into the box (rulebook *Power Dice Tiers
    and Limits*), plus ``raw_power``."""
    counts: dict[str, int] = {}
    for tier in dice:
        counts[tier] = counts.get(tier, 0) + 1
    return power_pool(counts, raw_power)


def gear_of(state: ClashState, knight: Knight) -> tuple[Gear, ...]:
    """The Gear cards of ``knight``."""
    library = state.cards.library
    return tuple(g for g in (library.gear_card(n) for n in knight.gear) if g is not None)


def abilities(gear: Sequence[Gear], trigger: str) -> str:
    """The words of the Gear abilities that ``trigger`` sets off (an ability written
    ``"Full Evade (…): …"`` or ``"Crit Miss: …"``), for the players: ``""`` when none."""
    found = [text for g in gear for text in g.abilities
             if text.lower().startswith(trigger.lower() + " ")
             or text.lower().startswith(trigger.lower() + ":")]
    return ("; at the table: " + " / ".join(found)) if found else ""


def judicium(branch: Branch, name: str, below: int) -> list[Branch]:
    """Knight ``name`` at 0 Vigor draws a Judicium (rulebook *Falling Below "0" Vigor*):
    Massive Peril cards first, then the seeded draw; any card but "You Live!" kills it."""
    state = branch.state
    cards, card, words = enc_mod.judicium_draw(state.cards, below)
    state = replace(state, cards=cards)
    events = [said(w, "Massive Peril") for w in words]
    events.append(said(f"{name} draws a Judicium: {card}", 'Falling Below "0" Vigor'))
    branch = branch.then(state, *events)
    if card == "You Live!":
        return [branch]
    return [replace(b, state=check_defeat(b.state)) for b in forced_steps.kill(branch, name, card)]


def lose_vigor(branch: Branch, name: str, amount: int, rule: str) -> list[Branch]:
    """Knight ``name`` loses ``amount`` Vigor; at 0 or below it stays at 0 and draws a
    Judicium, the amount below 0 counting for Massive Peril."""
    knight = branch.state.knight(name)
    if knight is None or amount <= 0:
        return [branch]
    left = knight.vigor - amount
    state = branch.state.with_piece(replace(knight, vigor=max(0, left)))
    branch = branch.then(state, said(f"{name} loses {amount} Vigor ({max(0, left)} left)",
                                     rule))
    if left > 0:
        return [branch]
    return judicium(branch, name, -left)


def judicium_after(branch: Branch, start: int) -> list[Branch]:
    """A Judicium for each Knight a Crash in ``branch.events[start:]`` dropped to 0 Vigor."""
    out = [branch]
    for event in branch.events[start:]:
        if event.kind == "vigor-zero":
            out = [b for x in out for b in (judicium(x, event.piece, 0)
                                            if x.state.knight(event.piece) else [x])]
    return out


class Pending(Frozen):
    """An effect waiting to be applied: by ``source`` (a Monster) against ``target`` (a
    Knight, or ``""``); ``response`` for a BP card's Response (adjacency rule)
    (a Response is resolved against the attacking Knight)."""

    effect: Effect
    source: str
    target: str = ""
    response: bool = False


def apply_effect(state: ClashState, pending: Pending) -> tuple[list[Branch], tuple[str, ...]]:
    """The ways ``pending`` can end and the Attack Responses it calls for (card names or
    ``"AI"``).  Impossible parts are skipped with the reason (rulebook *May*: "Resolve all
    parts of an effect that can be resolved, while skipping any parts that are impossible")."""
    effect, source, name = pending.effect, pending.source, pending.target
    start = Branch(state)
    knight = state.knight(name) if name else None
    kind = effect.kind
    table = "At the table: " + effect.text
    if kind == "text":
        return [start.then(None, said(table, "the card's words"))], ()
    if kind == "attack":
        sheet = state.cards.monster_sheet
        card = {"signature": sheet.signature, "routine": sheet.routine, "ai": "AI"}[effect.extra]
        return [start.then(None, said(f"Attack Response: {effect.text}, after this attack",
                                      "Monster Responses"))], (card,)
    if kind == "wound":
        return [add_wound(start, enc_mod.GENERIC_SINGLE, effect.text)], ()
    if kind == "escalate":
        return [_escalate(start, effect)], ()
    if kind == "spawn":
        return spawn(start), ()
    if kind == "peril":
        return [start.then(None, said(f"{name or 'The Target'} performs a Peril Check: draw a "
                                      f"Mortis card of the Peril threshold (Peril Check)"))], ()
    if knight is None:
        return [start.then(None, said(f"{effect.text}: no Knight to resolve it on",
                                      "skipping parts that are impossible"))], ()
    adjacent = _adjacent(state, source, name)
    if pending.response and not adjacent and (
            kind == "knockdown" or kind == "forced" and effect.forced in NEEDS_ADJACENT):
        return [start.then(None, said(f"{effect.text} is ignored: {name} is not adjacent to "
                                      f"{source}", "Responses and Adjacency"))], ()
    if kind == "vigor":
        return lose_vigor(start, name, effect.x, effect.text), ()
    if kind == "heat":
        return gain_heat(start, name, effect.x), ()
    if kind == "passion":
        value = min(PASSION_LIMIT, knight.passion + effect.x)
        action = SetStat(name, "passion", value)
    elif kind == "knockdown":
        action = SetStat(name, "knockdown", 1)
    else:
        extra = forced_kinds.BY_NAME[effect.forced].extra
        action = Forced(effect.forced, source, name, effect.x,
                        toward=Space.parse(effect.extra) if extra == "space" else None,
                        direction=effect.extra if extra == "direction" else None)
    try:
        branches = rules.outcomes(state, action)
    except IllegalActionError as exc:
        return [start.then(None, said(f"{effect.text} cannot be resolved: {exc.rule}",
                                      "skipping parts that are impossible"))], ()
    out = []
    for b in branches:
        out.extend(judicium_after(Branch(b.state, b.events, b.choices), 0))
    return out, ()


def _adjacent(state: ClashState, monster: str, knight: str) -> bool:
    try:
        return geometry.range_(state, monster, knight) == 1
    except TabletopError:
        return False


def gain_heat(branch: Branch, name: str, amount: int) -> list[Branch]:
    """Knight ``name`` gains ``amount`` Heat; past the Heat Limit, Heat stops at the limit and
    the excess is lost as Vigor (rulebook *Heat Limit*)."""
    knight = branch.state.knight(name)
    heat = knight.heat + amount
    excess = max(0, heat - HEAT_LIMIT)
    state = branch.state.with_piece(replace(knight, heat=min(heat, HEAT_LIMIT)))
    branch = branch.then(state, said(f"{name} gains {amount} Heat ({min(heat, HEAT_LIMIT)})",
                                     "Attack Effects"))
    if excess:
        return lose_vigor(branch, name, excess, "Heat over the Heat Limit")
    return [branch]


def add_wound(branch: Branch, card: str, why: str) -> Branch:
    """A Wound card on top of the Wound Stack; the Clash is won when the Wounds reach the
    Monster's Wounds value (rulebook *Resolve the Power Roll*)."""
    cards = branch.state.cards
    cards = replace(cards, wound_stack=cards.wound_stack + (card,))
    events = [said(f"{card} goes on the Wound Stack ({why}): {cards.wounds()} of "
                   f"{cards.wounds_needed()} Wounds", "Wound Stack")]
    if cards.wounds() >= cards.wounds_needed() and not cards.result:
        cards = replace(cards, result="victory")
        events.append(said("The Monster is slain: the Clash ends with the Knights' Victory",
                           "Clash Sequence"))
    return branch.then(replace(branch.state, cards=cards), *events)


def _escalate(branch: Branch, effect: Effect) -> Branch:
    cards = branch.state.cards
    words: list[str] = []
    which = effect.extra or "both"
    for _ in range(max(1, effect.x)):
        cards, more = enc_mod.escalate_outside(cards, which)
        words += more
        if cards.mob_clash and which in ("both", "bp"):
            branch = branch.then(replace(branch.state, cards=cards))
            branch, more = escalate_mob_track(branch)
            cards = branch.state.cards
            words += more
    return branch.then(replace(branch.state, cards=cards),
                       *(said(w, "Escalating Outside of Wounding") for w in words))


def escalate_mob_track(branch: Branch) -> tuple[Branch, list[str]]:
    """Mob BP Escalation (rulebook *Escalating Outside of Wounding*): "find the lowest Mob BP
    on the Mob track, remove it, then place a random BP card one level higher in its place"."""
    state = branch.state
    cards = state.cards
    held = [(mob, cards.mob_card(mob)) for mob, _ in cards.mob_cards
            if state.monster(mob) is not None and cards.mob_card(mob) is not None]
    if not held:
        return branch, ["no Mob BP card is on the Mob track to escalate"]
    mob, low = min(held, key=lambda pair: pair[1].level)
    cards, new = enc_mod._take_escalation(cards, False, min(3, low.level + 1))
    if new is None:
        return branch, ["no BP card is left in the Escalation deck: BP Escalation is ignored"]
    mob_cards = tuple((m, new if m == mob else c) for m, c in cards.mob_cards)
    cards = replace(cards, mob_cards=mob_cards,
                    revealed=tuple(r for r in cards.revealed if r != mob))
    gone = low.name if mob in state.cards.revealed else f"face-down BP {low.level} card"
    return (branch.then(replace(state, cards=cards)),
            [f"{mob}'s {gone} is removed; a face-down BP {min(3, low.level + 1)} card takes "
             f"its place"])


def spawned_name(state: ClashState, sheet: str, space: int) -> str:
    """The name of a Mob spawned onto the Mob track's ``space``: the Monster Sheet's name and
    the number of its base ring, which is the space's (rulebook *Mob Track*: "These numbers
    correspond to the numbers on the Mob base rings"), so no two Mobs on the board share a
    name; when a Mob of the layout already holds that name (its names do not follow the
    track), the lowest number no Mob holds."""
    names = {m.name for m in state.monsters}
    number = space
    if f"{sheet} {number}" in names:
        number = next(n for n in range(1, len(names) + 2) if f"{sheet} {n}" not in names)
    return f"{sheet} {number}"


def spawn(branch: Branch, level: int | None = None) -> list[Branch]:
    """Spawn a Mob (rulebook *Spawning Mobs*): a BP card from the Escalation deck — a random
    one of ``level`` (Immediate Spawn: "one level higher"; none left: the next level up), or
    the lowest level left when ``level`` is ``None`` — on the leftmost empty space of the Mob
    track, its miniature on the Sheet's spawn space, turned to face the most Knights; nothing
    happens when the track is full, the deck is empty or the space is taken."""
    state = branch.state
    cards = state.cards
    sheet = cards.monster_sheet
    if sheet.kind != "mob":
        return [branch.then(None, said("Spawn: the players resolve it as the Monster Sheet "
                                       "says", "Spawning Mobs"))]
    mobs = [m for m in state.monsters if not m.boss]
    levels = sorted(lv for lv in {cards.library.bp(n).level for n in cards.bp_escalation}
                    if level is None or lv >= level)
    at = Space.parse(sheet.spawn_at) if sheet.spawn_at else None
    problem = ("the Mob track is full" if len(mobs) >= MOB_TRACK_SPACES
               else "no BP card is left to spawn" if not levels
               else "the Monster Sheet names no spawn space" if at is None
               else None)
    if problem is None and not forced_steps.standable(state, Monster("?", "mob", at, sheet.size),
                                                      at):
        problem = f"its spawn space {at} is taken"
    if problem:
        return [branch.then(None, said(f"No Mob spawns: {problem}", "Spawning Mobs"))]
    cards, card = enc_mod._take_escalation(cards, False, levels[0])
    track = list(state.mob_spaces)
    slot = track.index("") if "" in track else len(track)
    name = spawned_name(state, sheet.name, slot + 1)
    track[slot:slot + 1] = [name]
    mob = Monster(name, "mob", at, sheet.size)
    state = replace(state, monsters=state.monsters + (mob,), mob_track=tuple(track),
                    cards=replace(cards, mob_cards=cards.mob_cards + ((name, card),)))
    spawned = branch.then(state, said(f"{name} spawns on {at} with a BP {levels[0]} card on "
                                      f"the Mob track's space {slot + 1} (the number on its "
                                      f"base ring)", "Spawning Mobs"))
    return [spawned.then(b.state, *b.events, choice=b.label if b.choices else None)
            for b in branching_actions._face_most_knights(spawned.state, name)]


def chosen_index(ask: Ask, value: object) -> int:
    """``value`` if it answers the ``choose`` ask (an index into its options)."""
    if not isinstance(value, int) or isinstance(value, bool) or not \
            0 <= value < len(ask.options):
        raise TabletopError(f"{ask.prompt}: choose 1 to {len(ask.options)}")
    return value


def took(draft, branch: Branch):
    """``draft`` (a sequence's draft) gone on along ``branch``: its state (the Defeat
    checked) and its events."""
    return replace(draft, state=check_defeat(branch.state), events=draft.events + branch.events)


def run_effects(draft, offer):
    """Apply ``draft.queue`` (a sequence's draft) effect by effect (rulebook *Attack
    Effects*: "Resolve all Attack effects in the order they are written on the card").
    Returns the draft and ``"ask"`` when an effect leaves the players a choice
    (``offer(draft, branches, prompt)`` made the draft that asks), ``"over"`` when the Clash
    ended, ``""`` when the queue is done; Attack Responses are gathered in
    ``draft.responses``."""
    while draft.queue:
        pending, rest = draft.queue[0], draft.queue[1:]
        branches, responses = apply_effect(draft.state, pending)
        draft = replace(draft, queue=rest, responses=draft.responses + responses)
        if len(branches) > 1:
            return offer(draft, branches, f"{pending.effect.text}: choose"), "ask"
        draft = took(draft, branches[0])
        if draft.state.cards.result:
            return replace(draft, queue=()), "over"
    return draft, ""


def declared(ask: Ask, answer: object) -> dict[int, str]:
    """The re-roll declaration answering a ``reroll`` ask."""
    if not isinstance(answer, Mapping):
        raise TabletopError(f"{ask.prompt}: declare the dice to re-roll (none for no re-roll)")
    return {int(k): str(v) for k, v in answer.items()}

