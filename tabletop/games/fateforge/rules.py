"""The Fateforge combat round as a pure function: ``apply(state, action) -> (state, events)``.

Checks run in a fixed order: the scene is over, the phase allows the action, it is this
hero's turn (or an enemy slot), then the action's own rule.  A broken rule raises
:class:`~tabletop.errors.IllegalActionError` naming the action and the rule.

Rulebook: *The Combat Round* (Preparation, Action Phase, Clean-Up), *Ending the Combat Scene*,
*Knocked Out — Revive*, *Additional Combat Rules*, and the *Rule Unlocks* for doors,
barricades, portals, difficult terrain, traps, healing fountains, guarded enemies, fear and
toxic damage.  The readings chosen where the rulebook leaves room are in ``docs/fateforge.md``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from itertools import permutations

from tabletop.dice.fateforge_rolls import (
    check_change,
    check_energy_reroll,
    result_label,
    three_of_a_kind_dice,
)
from tabletop.dice.kinds import get_kind
from tabletop.errors import IllegalActionError
from tabletop.games.actionfields import check_fields
from tabletop.games.fateforge.actions import (
    AccompanyAlly,
    AllyAbility,
    Block,
    CleanUp,
    Collect,
    Dash,
    EndTurn,
    EnemyActs,
    EnergyReroll,
    Event,
    Exit,
    Explore,
    ExtraRound,
    Fountain,
    Hit,
    OpenChest,
    Pull,
    Push,
    Revive,
    RollAllyDice,
    RollDice,
    SetArmourUse,
    SetOrder,
    Shot,
    SpringTrap,
    Step,
    Stun,
    ThreeOfAKind,
    ToggleDoor,
    UseAllyDie,
    UsePortal,
    WeaponSpecial,
)
from tabletop.games.fateforge.combat import (
    can_pay,
    has_result,
    pick_up,
    spend,
    suffer,
    suffer_energy,
    wound,
)
from tabletop.games.fateforge.enemies import activation_order, goal_zone, next_activation
from tabletop.games.fateforge.layout import valid_face
from tabletop.games.fateforge.moves import (
    dash_refusal,
    focus_count,
    hit_refusal,
    leave_refusal,
    shot_refusal,
    step_options,
    step_refusal,
)
from tabletop.games.fateforge.state import (
    REACTIONS,
    TURNS,
    WEAPON_DICE,
    FateforgeState,
    Hero,
)
from tabletop.spatial.zone_graph import exit_path, first_steps_toward, move_neighbours

Outcome = tuple[FateforgeState, list[Event]]
DICE_PER_ROUND = 4


class NeedsRoll(IllegalActionError):
    """An enemy activation met equally viable outcomes and needs one more D6 result."""

    def __init__(self, action: object, options: tuple[str, ...], what: str):
        self.options = options
        split = ", ".join(f"{_faces(i, len(options))}: {o}" for i, o in enumerate(options))
        super().__init__(action, f"{what} has {len(options)} equally viable outcomes; roll a "
                                 f"D6 ({split}) (Randomisation)")


def _faces(index: int, count: int) -> str:
    faces = [f for f in range(1, 7) if pick_index(f, count) == index]
    return f"{faces[0]}" if len(faces) == 1 else f"{faces[0]}–{faces[-1]}"


def pick_index(roll: int, count: int) -> int:
    """The option a D6 ``roll`` picks among ``count`` options sorted by id: the faces are
    split into ``count`` runs (1–3 / 4–6 for two options, as the rulebook says)."""
    return (roll - 1) * count // 6


def _fail(action: object, rule: str) -> IllegalActionError:
    return IllegalActionError(action, rule)


# ----------------------------------------------------------------------------- helpers


def _hero(state: FateforgeState, action, name: str) -> Hero:
    hero = state.find_hero(name)
    if hero is None:
        raise _fail(action, f"there is no hero called {name!r}")
    if hero.ko:
        raise _fail(action, f"{hero.name} is knocked out and cannot take actions (Knocked Out)")
    return hero


def _prep_hero(state: FateforgeState, action, name: str, *, rolled: bool = True) -> Hero:
    if state.round.phase != "preparation":
        raise _fail(action, f"this is a Preparation Phase action, and it is the "
                            f"{state.round.phase} phase")
    hero = _hero(state, action, name)
    if rolled and not hero.rolled:
        raise _fail(action, f"{hero.name} has not rolled this round's combat dice yet")
    return hero


def _turn_hero(state: FateforgeState, action, name: str) -> Hero:
    rnd = state.round
    if rnd.phase != "action":
        raise _fail(action, f"heroes act in the Action Phase, and it is the {rnd.phase} phase")
    hero = _hero(state, action, name)
    if rnd.current != hero.name:
        raise _fail(action, f"it is not {hero.name}'s turn (now: {rnd.current})")
    if hero.has_used("revived"):
        raise _fail(action, f"{hero.name} was revived this round and resumes next round")
    return hero


def _acted(state: FateforgeState, hero: Hero) -> FateforgeState:
    return state.with_hero(state.hero(hero.name).mark("acted"))


def _spend(state: FateforgeState, name: str, result: str, count: int = 1) -> FateforgeState:
    return state.with_hero(spend(state.hero(name), result, count))


def _arrive(state: FateforgeState, events: list[Event]) -> FateforgeState:
    """Settle the Action Phase pointer: skip knocked-out and revived heroes, fill an enemy
    slot's queue when it is reached, and go to Clean-Up after the Enemy Turns."""
    while True:
        rnd = state.round
        current = rnd.current
        if current is None:
            return replace(state, round=replace(rnd, phase="cleanup", step=0, queue=()))
        if current in (REACTIONS, TURNS):
            if rnd.queue:
                return state
            if current == REACTIONS:
                bosses = tuple(e.name for e in activation_order(state) if e.colour == "boss")
                queue = (*rnd.reaction_types, *bosses)
                if queue:
                    events.append(Event("phase", f"Enemy Reactions: {', '.join(queue)} react."))
            else:
                queue = tuple(e.name for e in activation_order(state))
                if queue:
                    events.append(Event("phase", "Enemy Turns: every enemy activates in "
                                                 "priority order."))
            if queue:
                return replace(state, round=replace(rnd, queue=queue))
            state = replace(state, round=replace(rnd, step=rnd.step + 1))
            continue
        hero = state.hero(current)
        if hero.ko or hero.has_used("revived"):
            why = "is knocked out" if hero.ko else "was revived this round"
            events.append(Event("skip", f"{hero.name} {why}: turn skipped."))
            state = replace(state, round=replace(rnd, step=rnd.step + 1))
            continue
        return state


def _advance(state: FateforgeState, events: list[Event]) -> FateforgeState:
    rnd = state.round
    state = replace(state, round=replace(rnd, step=rnd.step + 1, queue=()))
    return _arrive(state, events)


def _finish(state: FateforgeState, events: list[Event]) -> Outcome:
    state, more = pick_up(state)
    return state, events + more


TRAP_CHOICES = ("focus", "card", "ability")
"""A hero entering a trap zone: discard a FOCUS to ignore it, draw a trap card (the token is
discarded), or trigger an ability that removes the trap (*Traps*)."""


def _enter_zone(state: FateforgeState, action, name: str, to: str, trap: str) -> Outcome:
    """Move hero ``name`` into ``to`` voluntarily: the trap there is dealt with by ``trap``
    (*Traps*); a fear-inducing enemy there makes the hero draw a Fear card, once per round
    (*Fear*)."""
    traps = state.tokens_in(to, "trap")
    if traps and trap not in TRAP_CHOICES:
        raise _fail(action, f"{state.zone_name(to)} holds a trap: choose to discard a FOCUS to "
                            f"ignore it, to draw a trap card, or an ability that removes it "
                            f"(Traps)")
    if trap and not traps:
        raise _fail(action, f"{state.zone_name(to)} holds no trap")
    state = state.with_hero(replace(state.hero(name), zone=to))
    state, events = _trap_choice(state, action, name, trap)
    return _fear(state, name, to, events)


def _trap_choice(state: FateforgeState, action, name: str, trap: str) -> Outcome:
    """Hero ``name``, in a trap zone, deals with the trap by ``trap`` (``""``: no trap)."""
    events: list[Event] = []
    hero = state.hero(name)
    to = hero.zone
    traps = state.tokens_in(to, "trap")
    if trap == "focus":
        if not has_result(hero, "focus"):
            raise _fail(action, f"{name} has no FOCUS result to discard for the trap")
        state = _spend(state, name, "focus")
        events.append(Event("trap", f"{name} discards a FOCUS to ignore the trap in "
                                    f"{state.zone_name(to)}."))
    elif trap == "card":
        gone = traps[0]
        state = replace(state, tokens=tuple(t for i, t in enumerate(state.tokens)
                                            if i != state.tokens.index(gone)))
        events.append(Event("trap", f"{name} triggers the trap in {state.zone_name(to)}: draw a "
                                    f"trap card and apply it; the trap token is discarded."))
    elif trap == "ability":
        gone = traps[0]
        state = replace(state, tokens=tuple(t for i, t in enumerate(state.tokens)
                                            if i != state.tokens.index(gone)))
        events.append(Event("trap", f"{name} triggers an ability that removes the trap in "
                                    f"{state.zone_name(to)} (apply it from the card)."))
    return state, events


def _spring_trap(state: FateforgeState, action: SpringTrap) -> Outcome:
    """A hero moved onto a trap by an enemy deals with it at once: discard a FOCUS, draw a
    trap card, or an ability that removes it (*Traps*: "voluntarily or not")."""
    hero = state.find_hero(action.hero)
    if hero is None or not hero.has_used("trap"):
        raise _fail(action, f"{action.hero} was not moved onto a trap")
    if action.choice not in TRAP_CHOICES:
        raise _fail(action, f"choose one of {', '.join(TRAP_CHOICES)} for the trap")
    state = state.with_hero(replace(hero, used=tuple(u for u in hero.used if u != "trap")))
    if not state.tokens_in(hero.zone, "trap"):
        return state, [Event("trap", f"the trap in {state.zone_name(hero.zone)} is gone.")]
    state, events = _trap_choice(state, action, hero.name, action.choice)
    return _finish(state, events)


def _trap_waits(state: FateforgeState, action) -> None:
    """Refuse to go on while a hero moved onto a trap has not chosen what to do."""
    waiting = [h.name for h in state.heroes if h.has_used("trap") and not h.ko]
    if waiting:
        raise _fail(action, f"{waiting[0]} must first deal with the trap it was moved onto "
                            f"(Traps)")


def _fear_all(state: FateforgeState, zone: str, events: list[Event]) -> Outcome:
    """Every hero in ``zone`` meets the fear-inducing enemies there (one moved in)."""
    for hero in state.heroes:
        if hero.zone == zone:
            state, events = _fear(state, hero.name, zone, events)
    return state, events


def _fear(state: FateforgeState, name: str, zone: str, events: list[Event]) -> Outcome:
    hero = state.hero(name)
    scary = [e.name for e in state.enemies_in(zone) if e.has("fear")]
    if scary and not hero.has_used("fear") and not hero.ko:
        state = state.with_hero(hero.mark("fear"))
        events.append(Event("fear", f"{name} meets {scary[0]}, which instils Fear: draw a Fear "
                                    f"card (one per hero per round)."))
    return state, events


# ----------------------------------------------------------------------------- preparation


def _roll(state: FateforgeState, action: RollDice) -> Outcome:
    hero = _prep_hero(state, action, action.hero, rolled=False)
    if hero.rolled:
        raise _fail(action, f"{hero.name} already rolled this round (undo to change the dice)")
    count = dice_count(hero)
    faces = tuple(f.lower() for f in action.results)
    if len(faces) != count:
        why = " (stunned: one less die)" if hero.stun else ""
        raise _fail(action, f"{hero.name} rolls {count} combat dice{why}, not {len(faces)}")
    _check_faces(action, faces, action.kinds, hero.pool, hero.name)
    dice = f" ({', '.join(action.kinds)})" if action.kinds else ""
    events = [Event("roll", f"{hero.name} rolls {', '.join(faces)}{dice}.")]
    if hero.stun:
        events.append(Event("stun", f"{hero.name} rolled one less die and removes the stun cube."))
    return state.with_hero(replace(hero, dice=faces, rolled=True, stun=False)), events


def dice_count(hero: Hero) -> int:
    """How many dice ``hero`` rolls this round: 4 from the pool (fewer if the pool is
    smaller), one less when stunned (*Preparation Phase*, *Stun*)."""
    return min(DICE_PER_ROUND, len(hero.pool)) - (1 if hero.stun else 0)


def _check_faces(action, faces: tuple[str, ...], kinds: tuple[str, ...],
                 pool: tuple[str, ...], owner: str) -> None:
    """Every face is a die result; the dice ``kinds`` (when given) come from ``pool`` and
    each face is one its die shows; a special result needs a weapon die (*Combat Dice
    Pool*, *Weapons*)."""
    for face in faces:
        if not valid_face(face):
            raise _fail(action, f"{face!r} is not a die result")
    if not kinds:
        if any("special" in f.split("/") for f in faces) and not any(
                k in WEAPON_DICE for k in pool):
            raise _fail(action, f"a special result comes only from a weapon die, and "
                                f"{owner}'s pool holds none (Weapons)")
        return
    if len(kinds) != len(faces):
        raise _fail(action, f"{len(kinds)} dice cannot show {len(faces)} results")
    missing = Counter(k.lower() for k in kinds) - Counter(pool)
    if missing:
        raise _fail(action, f"{', '.join(missing)} is not in {owner}'s dice pool "
                            f"({', '.join(pool)})")
    for kind, face in zip(kinds, faces, strict=True):
        shown = {frozenset(f.label.split("/")) for f in get_kind(kind.lower()).faces}
        if frozenset(result_label(face).split("/")) not in shown:
            raise _fail(action, f"a {kind} die has no {face} face")


def _core_result(label: str) -> str:
    """A die label (``"SKILL HIT"``) in the rules core's words (``"skill-hit"``)."""
    return label.lower().replace(" ", "-")


def _reroll(state: FateforgeState, action: EnergyReroll) -> Outcome:
    """Energy Reroll: the results replace the hero's misses in order.  The rule (once per
    round, only misses, 1 energy) is the dice module's :func:`check_energy_reroll`."""
    hero = _prep_hero(state, action, action.hero)
    misses = [i for i, f in enumerate(hero.dice) if f == "miss"]
    faces = tuple(f.lower() for f in action.results)
    try:
        chosen = check_energy_reroll(hero.dice, misses[:len(faces)], hero.energy,
                                     hero.has_used("energy-reroll"))
    except IllegalActionError as exc:
        raise _fail(action, exc.rule) from None
    if len(faces) > len(misses):
        raise _fail(action, f"reroll 1 to {len(misses)} misses, not {len(faces)}")
    for face in faces:
        if not valid_face(face):
            raise _fail(action, f"{face!r} is not a die result")
    dice = list(hero.dice)
    for index, face in zip(chosen, faces, strict=True):
        dice[index] = face
    hero = replace(hero, dice=tuple(dice), energy=hero.energy - 1,
                   energy_exhausted=hero.energy_exhausted + 1).mark("energy-reroll")
    return state.with_hero(hero), [Event("reroll", f"{hero.name} spends 1 energy and rerolls "
                                                   f"{len(faces)} miss(es): now "
                                                   f"{', '.join(hero.dice)}.")]


def three_of_a_kind_face(hero: Hero) -> str | None:
    """The face shown by three or more of ``hero``'s dice (misses excluded), or ``None``
    (the dice module's :func:`three_of_a_kind_dice`)."""
    three = three_of_a_kind_dice(hero.dice)
    return hero.dice[three[0]] if three else None


def _three(state: FateforgeState, action: ThreeOfAKind) -> Outcome:
    """Three-of-a-Kind, checked by the dice module's :func:`check_change`."""
    hero = _prep_hero(state, action, action.hero)
    face = three_of_a_kind_face(hero)
    try:
        to = _core_result(check_change(hero.dice, action.die, action.to,
                                       hero.has_used("three-of-a-kind")))
    except IllegalActionError as exc:
        raise _fail(action, exc.rule) from None
    dice = tuple(to if i == action.die else f for i, f in enumerate(hero.dice))
    hero = replace(hero, dice=dice).mark("three-of-a-kind")
    return state.with_hero(hero), [Event("three", f"{hero.name} has three {face}: changes one "
                                                  f"result to {to}.")]


def _dash(state: FateforgeState, action: Dash) -> Outcome:
    hero = _prep_hero(state, action, action.hero)
    to = _zone_id(state, action, action.to)
    problem = dash_refusal(state, hero, to)
    if problem:
        raise _fail(action, problem)
    hostile = bool(state.enemies_in(hero.zone))
    here = state.zone_name(hero.zone)
    state = state.with_hero(hero.mark("dash"))
    state, events = _enter_zone(state, action, hero.name, to, action.trap)
    events.insert(0, Event("dash", f"{hero.name} dashes from {here} to "
                                   f"{state.zone_name(to)}.", hero.name, (to,)))
    if hostile:
        state, more = suffer(state, hero.name, 1, cause=f"dashing out of {here} with enemies")
        events += more
    return _finish(state, events)


def _set_order(state: FateforgeState, action: SetOrder) -> Outcome:
    if state.round.phase != "preparation":
        raise _fail(action, "the player order is set in the Preparation Phase")
    names = sorted(h.name for h in state.heroes)
    if sorted(action.order) != names:
        raise _fail(action, f"the order must name every hero once ({', '.join(names)})")
    waiting = [h.name for h in state.heroes if not h.ko and not h.rolled]
    ally = state.ally
    if ally is not None and not ally.out and not ally.rolled and state.round.number == 1:
        waiting.append(f"the ally {ally.name}")
    if waiting:
        raise _fail(action, f"{', '.join(waiting)} must roll combat dice first (Preparation)")
    rnd = replace(state.round, order=tuple(action.order), phase="action", step=0, queue=())
    events = [Event("phase", f"Action Phase: {', '.join(rnd.sequence)}.")]
    state = _arrive(replace(state, round=rnd), events)
    return state, events


# ----------------------------------------------------------------------------- hero turns


def _zone_id(state: FateforgeState, action, word: str) -> str:
    zone = state.find_zone(word)
    if zone is None:
        raise _fail(action, f"there is no zone called {word!r}")
    return zone.id


def _step(state: FateforgeState, action: Step) -> Outcome:
    hero = _turn_hero(state, action, action.hero)
    to = _zone_id(state, action, action.to)
    problem = step_refusal(state, hero, to, energy=action.energy)
    if problem:
        raise _fail(action, problem)
    difficult = state.zone(hero.zone).difficult
    needs = ([] if action.energy else ["step"]) + ["focus"] * (difficult + (action.trap ==
                                                                             "focus"))
    if not can_pay(hero, needs):
        raise _fail(action, f"{hero.name}'s results cannot pay {', '.join(needs)} (each "
                            f"from a different die)")
    here = state.zone_name(hero.zone)
    if action.energy:
        hero = replace(hero, energy=hero.energy - 1,
                       energy_exhausted=hero.energy_exhausted + 1).mark("energy-step")
    else:
        hero = spend(hero, "step")
    if difficult:
        hero = spend(hero, "focus")
    state = _acted(state.with_hero(hero), hero)
    state, events = _enter_zone(state, action, hero.name, to, action.trap)
    how = "spends 1 energy to STEP" if action.energy else "STEPs"
    extra = " (and a FOCUS to leave difficult terrain)" if difficult else ""
    events.insert(0, Event("step", f"{hero.name} {how} from {here} to "
                                   f"{state.zone_name(to)}{extra}.", hero.name, (to,)))
    return _finish(state, events)


def _hit(state: FateforgeState, action: Hit) -> Outcome:
    """HIT: "Deal 1 damage to an enemy in the same zone" (*Combat Die Results*)."""
    return _attack(state, action, "hit", hit_refusal)


def _shot(state: FateforgeState, action: Shot) -> Outcome:
    """SHOT: 1 damage to an enemy in an adjacent zone the hero can shoot into (*Combat Die
    Results*)."""
    return _attack(state, action, "shot", shot_refusal)


def _attack(state: FateforgeState, action: Hit | Shot, result: str, refusal) -> Outcome:
    """Spend the hero's ``result`` die on 1 damage to ``action.enemy``, unless ``refusal``
    (the rule that forbids it, in words) says why not."""
    hero = _turn_hero(state, action, action.hero)
    problem = refusal(state, hero, action.enemy)
    if problem:
        raise _fail(action, problem)
    enemy = state.find_enemy(action.enemy)
    state = _acted(_spend(state, hero.name, result), hero)
    state, events = wound(state, enemy.name, 1, f"{hero.name}'s {result.upper()}")
    return _finish(state, events)


def _need_focus(action, hero: Hero, count: int = 1) -> None:
    if focus_count(hero) < count:
        raise _fail(action, f"{hero.name} has no FOCUS result left" if count == 1 else
                    f"{hero.name} needs {count} FOCUS results")


def _toggle_door(state: FateforgeState, action: ToggleDoor) -> Outcome:
    hero = _turn_hero(state, action, action.hero)
    to = _zone_id(state, action, action.to)
    index = next((i for i, c in enumerate(state.connections)
                  if c.joins(hero.zone) and c.other(hero.zone) == to and c.door), None)
    if index is None:
        raise _fail(action, f"there is no door between {state.zone_name(hero.zone)} and "
                            f"{state.zone_name(to)}")
    conn = state.connections[index]
    guard = state.guard_of(conn.name)
    if guard:
        raise _fail(action, f"{guard.name} guards the door; heroes cannot use a guarded door")
    _need_focus(action, hero)
    flipped = replace(conn, door="open" if conn.door == "closed" else "closed")
    state = replace(state, connections=tuple(flipped if i == index else c
                                             for i, c in enumerate(state.connections)))
    state = _acted(_spend(state, hero.name, "focus"), hero)
    verb = "opens" if flipped.door == "open" else "closes"
    return _finish(state, [Event("door", f"{hero.name} spends a FOCUS and {verb} the door "
                                         f"between {state.zone_name(hero.zone)} and "
                                         f"{state.zone_name(to)}.")])


def _portal(state: FateforgeState, action: UsePortal) -> Outcome:
    hero = _turn_hero(state, action, action.hero)
    to = _zone_id(state, action, action.to)
    portal = next((p for p in state.portals if {p.a, p.b} == {hero.zone, to}), None)
    if portal is None:
        raise _fail(action, f"no portal joins {state.zone_name(hero.zone)} and "
                            f"{state.zone_name(to)}")
    guard = state.guard_of(portal.name)
    if guard:
        raise _fail(action, f"{guard.name} guards the portal; guarded portals cannot be entered")
    problem = leave_refusal(state, hero)
    if problem:
        raise _fail(action, problem)
    difficult = state.zone(hero.zone).difficult
    _need_focus(action, hero, 1 + difficult + (action.trap == "focus"))
    here = state.zone_name(hero.zone)
    state = _acted(_spend(state, hero.name, "focus", 1 + difficult), hero)
    state, events = _enter_zone(state, action, hero.name, to, action.trap)
    events.insert(0, Event("portal", f"{hero.name} spends a FOCUS and goes through the portal "
                                     f"from {here} to {state.zone_name(to)}."))
    return _finish(state, events)


def _token(state: FateforgeState, action, hero: Hero, word: str, kind: str):
    for index, token in enumerate(state.tokens):
        if token.zone == hero.zone and token.kind == kind and word.lower() in (
                token.label.lower(), kind):
            guard = state.guard_of(token.name)
            if guard:
                raise _fail(action, f"{guard.name} guards {token.label}; guarded tokens cannot "
                                    f"be used until the guard is defeated")
            return index, token
    raise _fail(action, f"there is no {kind} {word!r} in {state.zone_name(hero.zone)}")


def _without(state: FateforgeState, index: int) -> FateforgeState:
    return replace(state, tokens=tuple(t for i, t in enumerate(state.tokens) if i != index))


def _focus_token(state: FateforgeState, action, kind: str, text: str) -> Outcome:
    hero = _turn_hero(state, action, action.hero)
    index, token = _token(state, action, hero, action.token, kind)
    _need_focus(action, hero)
    state = _acted(_spend(_without(state, index), hero.name, "focus"), hero)
    return _finish(state, [Event(kind, f"{hero.name} spends a FOCUS on {token.label}: {text}")])


def _collect(state: FateforgeState, action: Collect) -> Outcome:
    hero = _turn_hero(state, action, action.hero)
    index, token = _token(state, action, hero, action.token, "objective")
    state = _without(state, index)
    hero = replace(state.hero(hero.name), carrying=(*hero.carrying, token.label)).mark("acted")
    return _finish(state.with_hero(hero), [Event("collect", f"{hero.name} collects "
                                                            f"{token.label}.")])


def _revive(state: FateforgeState, action: Revive) -> Outcome:
    hero = _turn_hero(state, action, action.hero)
    target = state.find_hero(action.target)
    if target is None or not target.ko:
        raise _fail(action, f"{action.target} is not a knocked-out hero")
    if target.zone != hero.zone:
        raise _fail(action, f"{target.name} is in {state.zone_name(target.zone)}; reviving "
                            f"needs the same zone")
    _need_focus(action, hero)
    if hero.energy < 1:
        raise _fail(action, f"{hero.name} has no energy to spend (revive costs 1 FOCUS and "
                            f"1 energy)")
    hero = spend(hero, "focus")
    hero = replace(hero, energy=hero.energy - 1, energy_exhausted=hero.energy_exhausted + 1)
    state = _acted(state.with_hero(hero), hero)
    events = [Event("revive", f"{hero.name} spends a FOCUS and 1 energy to revive "
                              f"{target.name}.")]
    state, more = suffer(state, hero.name, 1, cause="reviving")
    events += more
    state, more = suffer_energy(state, hero.name, 1, "reviving")
    events += more
    back = min(2, target.health_exhausted + target.toxic)
    tired = min(back, target.health_exhausted)
    target = replace(state.hero(target.name), ko=False, health=back,
                     health_exhausted=target.health_exhausted - tired,
                     toxic=target.toxic - (back - tired),
                     corruption=target.corruption + 1).mark("revived")
    if back == 0:
        raise _fail(action, f"{target.name} has no exhausted health to recover")
    events.append(Event("revive", f"{target.name} recovers {back} health, draws a Corruption "
                                  f"card and stands up; enemies may attack again, and the hero "
                                  f"acts from next round."))
    return _finish(state.with_hero(target), events)


def _fountain(state: FateforgeState, action: Fountain) -> Outcome:
    hero = _turn_hero(state, action, action.hero)
    found = [(i, t) for i, t in enumerate(state.tokens)
             if t.zone == hero.zone and t.kind == "fountain" and t.cubes]
    if not found:
        raise _fail(action, f"there is no healing fountain with cubes in "
                            f"{state.zone_name(hero.zone)}")
    if state.enemies_in(hero.zone):
        raise _fail(action, "a fountain is used only with no enemies in the zone")
    ending = hero.has_used("acted")
    flag = "fountain-end" if ending else "fountain-start"
    if hero.has_used(flag):
        raise _fail(action, "the fountain is used once when the turn starts and once when it "
                            "ends")
    index, token = found[0]
    take = action.health + action.energy
    if action.health < 0 or action.energy < 0 or take == 0 or take > token.cubes:
        raise _fail(action, f"remove 1 to {token.cubes} cubes in all")
    if action.health > hero.health_exhausted + hero.toxic or \
            action.energy > hero.energy_exhausted:
        raise _fail(action, f"{hero.name} can recover only exhausted or toxic health "
                            f"({hero.health_exhausted + hero.toxic}) and exhausted energy "
                            f"({hero.energy_exhausted})")
    tired = min(action.health, hero.health_exhausted)
    hero = replace(hero, health=hero.health + action.health,
                   health_exhausted=hero.health_exhausted - tired,
                   toxic=hero.toxic - (action.health - tired),
                   energy=hero.energy + action.energy,
                   energy_exhausted=hero.energy_exhausted - action.energy).mark(flag)
    left = replace(token, cubes=token.cubes - take)
    state = replace(state.with_hero(hero), tokens=tuple(left if i == index else t
                                                        for i, t in enumerate(state.tokens)))
    events = [Event("fountain", f"{hero.name} removes {take} cube(s) from the fountain and "
                                f"recovers {action.health} health and {action.energy} energy"
                                + ("; the fountain is depleted." if not left.cubes else "."))]
    if ending:
        return _end_turn(state, EndTurn(hero.name), events)
    return _finish(state, events)


def _minion(state: FateforgeState, action, name: str):
    enemy = state.find_enemy(name)
    if enemy is None:
        raise _fail(action, f"there is no enemy called {name!r}")
    if not enemy.minion:
        raise _fail(action, f"{enemy.name} is a {enemy.colour} enemy; heroes may only push, pull "
                            f"or stun minions")
    guard = state.guard_of(enemy.name)
    if guard:
        raise _fail(action, f"{enemy.name} is guarded by {guard.name} and cannot be targeted")
    return enemy


def _push(state: FateforgeState, action: Push) -> Outcome:
    hero = _turn_hero(state, action, action.hero)
    enemy = _minion(state, action, action.enemy)
    if enemy.guarding:
        raise _fail(action, f"{enemy.name} guards {enemy.guarding}; guarding enemies never move")
    graph = state.graph
    if enemy.zone != hero.zone and enemy.zone not in graph.open_neighbours(hero.zone):
        raise _fail(action, f"{enemy.name} is neither in nor next to {state.zone_name(hero.zone)}")
    to = _zone_id(state, action, action.to)
    if to not in move_neighbours(graph, enemy.zone):
        raise _fail(action, f"{state.zone_name(to)} is not adjacent to "
                            f"{state.zone_name(enemy.zone)} (a push moves one zone)")
    if enemy.zone != hero.zone and to == hero.zone:
        raise _fail(action, "a minion pushed from an adjacent zone may not be pushed into the "
                            "hero's own zone (Push and Pull)")
    state = _acted(state.with_enemy(replace(enemy, zone=to)), hero)
    state, events = _fear_all(state, to, [Event("push", f"{hero.name} pushes {enemy.name} "
                                                        f"from {state.zone_name(enemy.zone)} "
                                                        f"to {state.zone_name(to)}.")])
    return _finish(state, events)


def _pull(state: FateforgeState, action: Pull) -> Outcome:
    hero = _turn_hero(state, action, action.hero)
    enemy = _minion(state, action, action.enemy)
    if enemy.guarding:
        raise _fail(action, f"{enemy.name} guards {enemy.guarding}; guarding enemies never move")
    if enemy.zone not in state.graph.open_neighbours(hero.zone):
        raise _fail(action, f"{enemy.name} is not in a zone adjacent to "
                            f"{state.zone_name(hero.zone)}")
    state = _acted(state.with_enemy(replace(enemy, zone=hero.zone)), hero)
    state, events = _fear_all(state, hero.zone, [Event("pull", f"{hero.name} pulls "
                                                               f"{enemy.name} into "
                                                               f"{state.zone_name(hero.zone)}.")])
    return _finish(state, events)


def _stun(state: FateforgeState, action: Stun) -> Outcome:
    hero = _turn_hero(state, action, action.hero)
    enemy = _minion(state, action, action.enemy)
    if enemy.stun:
        raise _fail(action, f"{enemy.name} already has a stun cube (one at a time)")
    state = _acted(state.with_enemy(replace(enemy, stun=True)), hero)
    return _finish(state, [Event("stun", f"{hero.name} stuns {enemy.name}: its abilities are "
                                         f"ignored and it does not activate until Clean-Up.")])


def _block(state: FateforgeState, action: Block) -> Outcome:
    hero = _turn_hero(state, action, action.hero)
    state = _acted(state.with_hero(replace(hero, block=hero.block + 1)), hero)
    return state, [Event("block", f"{hero.name} gains a block token.")]


def _end_turn(state: FateforgeState, action: EndTurn,
              events: list[Event] | None = None) -> Outcome:
    hero = _turn_hero(state, action, action.hero)
    _trap_waits(state, action)
    events = list(events or [])
    unused = len(hero.dice)
    keep = tuple(f for f in hero.used if f not in ("energy-step", "acted", "fountain-start",
                                                  "fountain-end", "ally"))
    state = state.with_hero(replace(hero, dice=(), used=keep))
    events.append(Event("end", f"{hero.name} ends the turn" + (f", discarding {unused} unused "
                                                               f"result(s)." if unused else ".")))
    state = _advance(state, events)
    return _finish(state, events)


def _weapon_special(state: FateforgeState, action: WeaponSpecial) -> Outcome:
    hero = _turn_hero(state, action, action.hero)
    index = next((i for i, f in enumerate(hero.dice) if "special" in f.split("/")), None)
    if index is None:
        raise _fail(action, f"{hero.name} has no special result (only a weapon die shows one)")
    if hero.has_used("weapon"):
        raise _fail(action, f"{hero.name} already used the weapon's effect this round (weapon "
                            f"effects may be used once per combat round)")
    hero = replace(hero, dice=tuple(f for i, f in enumerate(hero.dice) if i != index))
    state = _acted(state.with_hero(hero.mark("weapon")), hero)
    return _finish(state, [Event("weapon", f"{hero.name} plays the special result: apply the "
                                           f"weapon's special attack from its card.")])


def _ally_of(state: FateforgeState, action):
    ally = state.ally
    if ally is None:
        raise _fail(action, "no ally accompanies the party")
    if ally.out:
        raise _fail(action, f"{ally.name} is out for the scene")
    return ally


def _roll_ally(state: FateforgeState, action: RollAllyDice) -> Outcome:
    ally = _ally_of(state, action)
    rnd = state.round
    if rnd.phase != "preparation" or rnd.number != 1:
        raise _fail(action, "an ally's dice are rolled at setup, in the first Preparation "
                            "Phase (Allies)")
    if ally.rolled:
        raise _fail(action, f"{ally.name}'s dice are already rolled (they last the scene)")
    faces = tuple(f.lower() for f in action.results)
    if len(faces) != len(ally.pool):
        raise _fail(action, f"{ally.name} has {len(ally.pool)} combat dice, not {len(faces)}")
    if "miss" in faces:
        raise _fail(action, "reroll an ally's misses until both dice show a result (Allies)")
    _check_faces(action, faces, ally.pool, ally.pool, ally.name)
    ally = replace(ally, dice=faces, rolled=True)
    return replace(state, ally=ally), [Event("ally", f"{ally.name}'s dice show "
                                                     f"{', '.join(faces)}.")]


def _accompany(state: FateforgeState, action: AccompanyAlly) -> Outcome:
    """Choose the hero the ally accompanies, in the first Preparation Phase (*Allies*)."""
    ally = _ally_of(state, action)
    rnd = state.round
    if rnd.phase != "preparation" or rnd.number != 1:
        raise _fail(action, "the hero who accompanies the ally is chosen in the first "
                            "Preparation Phase (Allies)")
    hero = _hero(state, action, action.hero)
    if hero.name == ally.hero:
        raise _fail(action, f"{ally.name} already accompanies {hero.name}")
    state = replace(state, ally=replace(ally, hero=hero.name))
    return state, [Event("ally", f"{ally.name} accompanies {hero.name}.")]


def _ally_turn(state: FateforgeState, action, name: str, die: int):
    """The hero taking its turn and the ally, when the hero may use the ally's die ``die``
    now: in the same zone as the ally's hero, once per turn (*Allies*)."""
    hero = _turn_hero(state, action, name)
    ally = _ally_of(state, action)
    if not 0 <= die < len(ally.dice):
        raise _fail(action, f"{ally.name} has {len(ally.dice)} unused dice" if ally.rolled else
                    f"{ally.name}'s dice have not been rolled")
    companion = state.hero(ally.hero)
    if hero.zone != companion.zone:
        raise _fail(action, f"{hero.name} is not in the same zone as {ally.hero}, whom "
                            f"{ally.name} accompanies")
    if hero.has_used("ally"):
        raise _fail(action, f"{hero.name} already used {ally.name} this turn")
    return hero, ally


def _use_ally_die(state: FateforgeState, action: UseAllyDie) -> Outcome:
    hero, ally = _ally_turn(state, action, action.hero, action.die)
    if not 0 <= action.own < len(hero.dice):
        raise _fail(action, f"{hero.name} has no die {action.own + 1} to discard")
    face = ally.dice[action.die]
    dropped = hero.dice[action.own]
    dice = (*(f for i, f in enumerate(hero.dice) if i != action.own), face)
    state = state.with_hero(replace(hero, dice=dice).mark("ally"))
    state = replace(state, ally=replace(ally, dice=tuple(f for i, f in enumerate(ally.dice)
                                                         if i != action.die)))
    return state, [Event("ally", f"{hero.name} discards {dropped} to use {ally.name}'s {face} "
                                 f"this turn; that ally die is spent for the scene.")]


def _ally_ability(state: FateforgeState, action: AllyAbility) -> Outcome:
    hero, ally = _ally_turn(state, action, action.hero, action.die)
    face = ally.dice[action.die]
    state = state.with_hero(hero.mark("ally"))
    state = replace(state, ally=replace(ally, dice=tuple(f for i, f in enumerate(ally.dice)
                                                         if i != action.die)))
    return state, [Event("ally", f"{hero.name} discards {ally.name}'s {face} to activate an "
                                 f"ally ability: apply it from the ally card.")]


def _set_armour(state: FateforgeState, action: SetArmourUse) -> Outcome:
    hero = state.find_hero(action.hero)
    if hero is None:
        raise _fail(action, f"there is no hero called {action.hero!r}")
    if hero.armour_use == action.use:
        raise _fail(action, f"{hero.name} already {'uses' if action.use else 'keeps'} armour")
    state = state.with_hero(replace(hero, armour_use=action.use))
    text = ("uses armour cubes against damage" if action.use else
            "keeps the armour cubes: damage goes to health (Armour: the player may use them)")
    return state, [Event("armour", f"{hero.name} {text}.")]


# ----------------------------------------------------------------------------- enemies


def _pick(action, options: tuple[str, ...], rolls: list[int], what: str) -> str:
    if len(options) == 1:
        return options[0]
    if not rolls:
        raise NeedsRoll(action, options, what)
    roll = rolls.pop(0)
    if not 1 <= roll <= 6:
        raise _fail(action, f"a D6 shows 1 to 6, not {roll}")
    return options[pick_index(roll, len(options))]


def _enemy_acts(state: FateforgeState, action: EnemyActs) -> Outcome:
    rnd = state.round
    if rnd.phase != "action" or rnd.current not in (REACTIONS, TURNS):
        raise _fail(action, "no enemy is due to act (enemies act in the Enemy Reactions and "
                            "Enemy Turns slots)")
    _trap_waits(state, action)
    plan = next_activation(state)
    rest = replace(rnd, queue=rnd.queue[1:])
    if plan.enemy is None:
        if action.target:
            raise _fail(action, f"nobody activates, so there is no target: {plan.why}")
        events = [Event("enemy", f"{plan.why}.")]
        state = replace(state, round=rest)
        if not rest.queue:
            state = _advance(state, events)
        return _finish(state, events)
    target = plan.target
    rolls = list(action.rolls)
    if target is None and plan.section.minion:
        if action.target:
            raise _fail(action, f"the players do not choose {plan.enemy}'s minion: a D6 does "
                                f"(Randomisation)")
        target = _pick(action, plan.targets, rolls, f"{plan.enemy}'s choice of minion")
    elif target is None:
        chosen = state.find_hero(action.target) if action.target else None
        if chosen is None or chosen.name not in plan.targets:
            raise _fail(action, f"{plan.enemy} acts, and the players choose its target among "
                                f"{', '.join(plan.targets)}")
        target = chosen.name
    elif action.target and action.target.lower() != target.lower():
        raise _fail(action, f"the target is decided: {plan.why}")
    enemy = state.enemy(plan.enemy)
    section = plan.section
    events = [Event("enemy", f"{enemy.name} activates: {plan.why}.")]
    graph = state.graph
    if section.action == "call":
        state, events = _call(state, action, section, enemy, state.enemy(target), rolls,
                              events)
    elif section.action == "step":
        zone = enemy.zone
        goal = goal_zone(state, section, target)
        for _ in range(section.amount):
            if zone == goal:
                break
            options = first_steps_toward(graph, zone, goal)
            zone = _pick(action, tuple(options), rolls, f"{enemy.name}'s STEP toward {target}")
            events.append(Event("move", f"{enemy.name} steps to {state.zone_name(zone)}, toward "
                                        f"{target}.", enemy.name, (zone,)))
            state = state.with_enemy(replace(enemy, zone=zone))
            if enemy.has("fear"):
                state, events = _fear_all(state, zone, events)
    else:
        cause = f"{enemy.name}'s {section.action.upper()}"
        state, more = suffer(state, target, section.damage, cause=cause)
        events += more
        if "toxic" in section.modifiers:
            state, more = suffer(state, target, 1, toxic=True, cause=f"{cause}, Toxic Damage")
            events += more
        hero = state.hero(target)
        if "push" in section.modifiers and not hero.ko:
            options = move_neighbours(graph, hero.zone)
            if options:
                to = _pick(action, options, rolls, f"{enemy.name}'s push of {target}")
                state = state.with_hero(replace(hero, zone=to))
                events.append(Event("push", f"{enemy.name} pushes {target} to "
                                            f"{state.zone_name(to)} (the push cannot be "
                                            f"blocked)."))
                state, events = _moved_in(state, target, to, events)
        if "pull" in section.modifiers and not hero.ko and hero.zone != enemy.zone:
            if hero.zone in graph.open_neighbours(enemy.zone):
                state = state.with_hero(replace(hero, zone=enemy.zone))
                events.append(Event("pull", f"{enemy.name} pulls {target} into "
                                            f"{state.zone_name(enemy.zone)}."))
                state, events = _moved_in(state, target, enemy.zone, events)
            else:
                events.append(Event("pull", f"{target} is not in a zone adjacent to "
                                            f"{enemy.name}, so the pull moves nobody (Push and "
                                            f"Pull: a pull moves an opponent from an adjacent "
                                            f"zone)."))
    state = replace(state, round=rest)
    if not rest.queue:
        state = _advance(state, events)
    return _finish(state, events)


def _call(state: FateforgeState, action, section, caller, minion, rolls: list[int],
          events: list[Event]) -> Outcome:
    """Call: ``minion`` moves up to the section's amount of zones along a shortest route
    toward ``caller`` (D6 among equal first steps); heroes in a zone a fear-inducing minion
    enters draw a Fear card (*Call*, *Randomisation*, *Fear*)."""
    zone = minion.zone
    for _ in range(section.amount):
        if zone == caller.zone:
            break
        options = first_steps_toward(state.graph, zone, caller.zone)
        zone = _pick(action, tuple(options), rolls, f"{minion.name}'s move toward {caller.name}")
        events.append(Event("move", f"{caller.name} calls {minion.name}: it steps to "
                                    f"{state.zone_name(zone)}.", minion.name, (zone,)))
        state = state.with_enemy(replace(state.enemy(minion.name), zone=zone))
        if minion.has("fear"):
            state, events = _fear_all(state, zone, events)
    return state, events


def _moved_in(state: FateforgeState, name: str, zone: str, events: list[Event]) -> Outcome:
    """Hero ``name`` was moved into ``zone`` by an enemy: a trap there waits for the hero's
    choice (:class:`SpringTrap`) and a fear-inducing enemy there makes the hero draw a Fear
    card (*Traps*: "voluntarily or not", *Fear*: "when entering a zone")."""
    if state.tokens_in(zone, "trap"):
        state = state.with_hero(state.hero(name).mark("trap"))
        events.append(Event("trap", f"{name} is moved onto a trap in {state.zone_name(zone)}: "
                                    f"discard a FOCUS, draw a trap card, or use an ability "
                                    f"that removes it."))
    return _fear(state, name, zone, events)


# ----------------------------------------------------------------------------- clean-up, exit


def _clean_up(state: FateforgeState, action: CleanUp) -> Outcome:
    rnd = state.round
    if rnd.phase != "cleanup":
        raise _fail(action, f"Clean-Up comes after the Enemy Turns; it is the {rnd.phase} phase")
    _trap_waits(state, action)
    heroes = tuple(replace(h, block=0, dice=(), rolled=False, used=()) for h in state.heroes)
    enemies = tuple(replace(e, block=0, stun=False, damage=0) for e in state.enemies)
    state = replace(state, heroes=heroes, enemies=enemies)
    events = [Event("cleanup", "Clean-Up: block tokens return, stun cubes and damage cubes come "
                               "off the enemies.")]
    if all(h.ko for h in state.heroes):
        events.append(Event("over", "All heroes are knocked out: the Combat Scene ends in "
                                    "failure."))
        state = replace(state, round=replace(rnd, phase="over", queue=()),
                        outcome="failure: all heroes knocked out")
        return _scene_end(state, events)
    if rnd.number < rnd.of:
        state = replace(state, round=replace(rnd, number=rnd.number + 1, phase="preparation",
                                             step=0, queue=()))
        events.append(Event("round", f"Round {rnd.number + 1} of {rnd.of}: Preparation."))
    else:
        state = replace(state, round=replace(rnd, phase="exit", step=0, queue=()))
        events.append(Event("round", "That was the last round: the heroes must Exit."))
    return state, events


def exit_plan(state: FateforgeState, hero: Hero, exit_zone: str):
    """The cheapest Exit route of ``hero`` to ``exit_zone``: each zone on it holding an enemy
    or a trap, start and exit included, costs 1 damage (*Exiting the Combat Scene*, *Traps*);
    portals cannot be used.  ``None`` when the exit cannot be reached."""
    costly = {e.zone for e in state.enemies} | {t.zone for t in state.tokens if t.kind == "trap"}
    return exit_path(state.graph, hero.zone, exit_zone, costly)


def find_exit(state: FateforgeState, word: str):
    """The exit token named ``word`` (or in the zone named ``word``), or ``None``."""
    for token in state.tokens:
        if token.kind != "exit":
            continue
        zone = state.zone(token.zone)
        if word.lower() in (token.name.lower(), zone.id.lower(), zone.name.lower()):
            return token
    return None


def _exit(state: FateforgeState, action: Exit) -> Outcome:
    rnd = state.round
    if rnd.phase != "exit":
        raise _fail(action, f"heroes may only Exit at the end of the last round's Clean-Up "
                            f"(round {rnd.number} of {rnd.of}, {rnd.phase} phase)")
    token = find_exit(state, action.exit)
    if token is None:
        raise _fail(action, f"there is no exit called {action.exit!r}")
    guard = state.guard_of(token.name)
    if guard:
        raise _fail(action, f"{guard.name} guards {token.label}; heroes must use an exit that "
                            f"is not guarded")
    plans = {}
    for hero in state.heroes:
        if hero.ko:
            continue
        plan = exit_plan(state, hero, token.zone)
        if plan is None:
            raise _fail(action, f"{hero.name} has no path from {state.zone_name(hero.zone)} to "
                                f"{token.label}, and all heroes leave by the same exit")
        plans[hero.name] = plan
    events: list[Event] = []
    for name, plan in plans.items():
        route = " > ".join(state.zone_name(z) for z in plan.path)
        events.append(Event("exit", f"{name} exits by {route}: {plan.cost} damage."))
        state, more = suffer(state, name, plan.cost, cause="zones with enemies or traps on the "
                                                           "Exit path")
        events += more
        hero = state.hero(name)
        if not hero.ko:
            state = state.with_hero(replace(hero, zone=token.zone))
    outcome = f"exited through {token.label}"
    if action.objectives == "met":
        outcome += "; all objectives met: success"
    elif action.objectives == "failed":
        outcome += "; objectives not all met: failure"
    events.append(Event("over", f"The Combat Scene is over: the heroes {outcome}."))
    state = replace(state, round=replace(rnd, phase="over"), outcome=outcome)
    return _scene_end(state, events)


def _scene_end(state: FateforgeState, events: list[Event]) -> Outcome:
    """Recovery and reset at the end of the scene, success or failure: a standing hero
    recovers 1 health and 1 energy; a knocked-out hero draws a Corruption card and sets
    health and energy to 2 each; then the toxic health set aside returns to the available
    box; block tokens and the round's dice go; the ally's damage cubes come off and its card
    flips back (*Recovery and Reset*, *Toxic Damage*, *Allies*).  Health and energy move
    between the boxes, so the tokens are the same."""
    heroes = []
    for hero in state.heroes:
        energy_total = hero.energy + hero.energy_exhausted
        if hero.ko:
            health = min(2, hero.health_exhausted)
            energy = min(2, energy_total)
            corruption = hero.corruption + 1
            text = (f"{hero.name} was knocked out: draws a Corruption card and sets health "
                    f"and energy to 2")
        else:
            health = hero.health + min(1, hero.health_exhausted)
            energy = hero.energy + min(1, hero.energy_exhausted)
            corruption = hero.corruption
            text = f"{hero.name} recovers 1 health and 1 energy"
        exhausted = hero.health + hero.health_exhausted - health
        if hero.toxic:
            text += f"; {hero.toxic} toxic health returns"
        health += hero.toxic
        heroes.append(replace(hero, health=health, health_exhausted=exhausted, toxic=0,
                              energy=energy, energy_exhausted=energy_total - energy,
                              ko=health == 0, corruption=corruption, block=0, dice=(),
                              rolled=False, used=()))
        events.append(Event("recovery", text + "."))
    ally = state.ally
    if ally is not None and (ally.damage or ally.out):
        events.append(Event("ally", f"{ally.name}'s damage cubes come off and its card flips "
                                    f"back."))
        ally = replace(ally, damage=0, out=False)
    return replace(state, heroes=tuple(heroes), ally=ally), events


def _extra_round(state: FateforgeState, action: ExtraRound) -> Outcome:
    """Playing an Extra Combat Round: at the end of the last round, each hero not knocked
    out draws a Corruption card and the party plays one more round; not when any hero has
    4 or more Corruption cards (*Playing an Extra Combat Round*)."""
    rnd = state.round
    if rnd.phase != "exit":
        raise _fail(action, "an extra round is chosen at the end of the last round, before "
                            "the Exit")
    heavy = [h.name for h in state.heroes if h.corruption >= 4]
    if heavy:
        raise _fail(action, f"{', '.join(heavy)} has 4 or more Corruption cards, so the party "
                            f"cannot play an extra round")
    heroes = tuple(h if h.ko else replace(h, corruption=h.corruption + 1)
                   for h in state.heroes)
    drawn = [h.name for h in state.heroes if not h.ko]
    state = replace(state, heroes=heroes,
                    round=replace(rnd, number=rnd.number + 1, of=rnd.of + 1,
                                  phase="preparation", step=0, queue=()))
    return state, [Event("extra", f"Extra round: {', '.join(drawn)} each draw a Corruption "
                                  f"card and apply it. Round {rnd.number + 1} of {rnd.of + 1}: "
                                  f"Preparation.")]


# ----------------------------------------------------------------------------- entry points

_HANDLERS: dict[type, Callable[[FateforgeState, object], Outcome]] = {
    RollDice: _roll, EnergyReroll: _reroll, ThreeOfAKind: _three, Dash: _dash,
    SetOrder: _set_order, Step: _step, Hit: _hit, Shot: _shot, ToggleDoor: _toggle_door,
    UsePortal: _portal, Collect: _collect, Revive: _revive, Fountain: _fountain, Push: _push,
    Pull: _pull, Stun: _stun, Block: _block, EndTurn: _end_turn, EnemyActs: _enemy_acts,
    CleanUp: _clean_up, Exit: _exit,
    WeaponSpecial: _weapon_special, RollAllyDice: _roll_ally, UseAllyDie: _use_ally_die,
    AllyAbility: _ally_ability, SetArmourUse: _set_armour, ExtraRound: _extra_round,
    SpringTrap: _spring_trap, AccompanyAlly: _accompany,
    OpenChest: lambda s, a: _focus_token(s, a, "chest", "tap the chest in the app and take "
                                                        "the item."),
    Explore: lambda s, a: _focus_token(s, a, "exploration", "tap its icon in the app to see "
                                                            "what is found."),
}


def apply(state: FateforgeState, action: object) -> tuple[FateforgeState, tuple[Event, ...]]:
    """The state after ``action`` and what happened; raises ``IllegalActionError``."""
    check_fields(action)
    if state.round.phase == "over":
        raise _fail(action, f"the Combat Scene is over ({state.outcome})")
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise _fail(action, "is not a Fateforge action")
    new, events = handler(state, action)
    return _skip_knocked_out(new, list(events))


def _skip_knocked_out(state: FateforgeState, events: list[Event]
                      ) -> tuple[FateforgeState, tuple[Event, ...]]:
    """A hero knocked out during its own turn (by the health it suffers to revive, say) takes
    no more actions: the rest of its turn is skipped (*Knocked Out — Revive*: "if it is your
    turn in player order, skip it entirely")."""
    current = state.round.current
    hero = state.find_hero(current) if current not in (None, REACTIONS, TURNS) else None
    if hero is not None and hero.ko:
        state = _arrive(state, events)
    return state, tuple(events)


def describe(event: Event) -> str:
    """The event in words."""
    return event.text if isinstance(event, Event) else str(event)


# ----------------------------------------------------------------------------- legal actions

SAMPLE_ROLLS = (("step", "hit", "shot", "focus"), ("miss", "step/hit", "hit", "hit"),
                ("focus", "focus", "focus", "shot"))


def _first_result(kind: str) -> str:
    """The first face of a ``kind`` die that is not a miss, in the core's words."""
    face = next(f.label for f in get_kind(kind).faces if f.label != "MISS")
    return _core_result(face)


def _try(state: FateforgeState, action) -> object | None:
    try:
        apply(state, action)
    except NeedsRoll:
        return None
    except IllegalActionError:
        return None
    return action


MAX_ENEMY_ROLLS = 6
"""The most D6 results an offered enemy activation is tried with."""


def _enemy_options(state: FateforgeState) -> list[EnemyActs]:
    """The next activation for each target the players may choose, with the fewest D6 results
    it needs (a low and a high roll when it needs any).  Each is offered only when ``apply``
    accepts it: a high roll may tie where a low one did not and need a further roll (rulebook
    *Enemy Activation*), so it is tried with one more die at a time."""
    plan = next_activation(state)
    if plan is None:
        return []
    chosen = plan.enemy is None or plan.target or plan.section.minion
    names = [""] if chosen else list(plan.targets)
    out = []
    for name in names:
        for count in range(MAX_ENEMY_ROLLS + 1):
            low = _enemy_answer(state, EnemyActs(name, (1,) * count))
            if low is False:
                break
            if low is None:
                continue
            out.append(EnemyActs(name, (1,) * count))
            for more in range(count, MAX_ENEMY_ROLLS + 1) if count else ():
                high = EnemyActs(name, (6,) * more)
                answer = _enemy_answer(state, high)
                if answer is not None:
                    if answer:
                        out.append(high)
                    break
            break
    return out


def _enemy_answer(state: FateforgeState, action: EnemyActs) -> bool | None:
    """Whether ``apply`` accepts ``action`` (``None``: it needs another D6 result)."""
    try:
        apply(state, action)
    except NeedsRoll:
        return None
    except IllegalActionError:
        return False
    return True


def legal_actions(state: FateforgeState) -> list[object]:
    """A useful set of legal actions, empty when the scene is over.  Dice results come from a
    few sample rolls (the full set is large), and the skill effects (:class:`Push`,
    :class:`Pull`, :class:`Stun`, :class:`Block`), which the players apply when a card says
    so, are left out, so that a random playout spends only die results."""
    rnd = state.round
    out: list[object] = [SpringTrap(h.name, choice) for h in state.heroes
                         if h.has_used("trap") for choice in TRAP_CHOICES]
    if rnd.phase == "preparation":
        for hero in state.heroes:
            if hero.ko:
                continue
            if not hero.rolled:
                samples = SAMPLE_ROLLS + ((("special", "hit", "step", "focus"),)
                                          if hero.weapon_die else ())
                for faces in samples:
                    out.append(RollDice(hero.name, faces[: dice_count(hero)]))
                continue
            out.append(EnergyReroll(hero.name, ("step",)))
            if three_of_a_kind_face(hero):
                out.append(ThreeOfAKind(hero.name, 0, "step"))
            for zone in move_neighbours(state.graph, hero.zone):
                out.append(Dash(hero.name, zone))
                out.append(Dash(hero.name, zone, "card"))
        ally = state.ally
        if ally is not None and not ally.rolled:
            out.append(RollAllyDice(tuple(_first_result(kind) for kind in ally.pool)))
        out.append(SetOrder(tuple(h.name for h in state.heroes)))
        if len(state.heroes) > 1:
            out.append(SetOrder(next(p for p in permutations(h.name for h in state.heroes)
                                     if list(p) != [h.name for h in state.heroes])))
    elif rnd.phase == "action":
        current = rnd.current
        if current in (REACTIONS, TURNS):
            return _enemy_options(state)
        hero = state.hero(current)
        allowed, _ = step_options(state, hero)
        for zone, how in allowed.items():
            for trap in ("", *TRAP_CHOICES):
                out.append(Step(hero.name, zone, how != "STEP", trap))
        for enemy in state.enemies:
            out += [Hit(hero.name, enemy.name), Shot(hero.name, enemy.name)]
        for conn in state.connections:
            if conn.door and conn.joins(hero.zone):
                out.append(ToggleDoor(hero.name, conn.other(hero.zone)))
        for zone in state.graph.portal_neighbours(hero.zone):
            out.append(UsePortal(hero.name, zone))
        for token in state.tokens_in(hero.zone):
            kind = {"objective": Collect, "chest": OpenChest, "exploration": Explore}.get(
                token.kind)
            if kind:
                out.append(kind(hero.name, token.label))
            if token.kind == "fountain":
                out.append(Fountain(hero.name, 1, 0))
                out.append(Fountain(hero.name, 0, 1))
        for other in state.heroes:
            if other.ko:
                out.append(Revive(hero.name, other.name))
        out.append(WeaponSpecial(hero.name))
        if state.ally is not None:
            for die in range(len(state.ally.dice)):
                out += [UseAllyDie(hero.name, die, 0), AllyAbility(hero.name, die)]
        out.append(EndTurn(hero.name))
    elif rnd.phase == "cleanup":
        out.append(CleanUp())
    elif rnd.phase == "exit":
        out += [Exit(t.label) for t in state.tokens if t.kind == "exit"]
    return [a for a in out if _try(state, a) is not None]
