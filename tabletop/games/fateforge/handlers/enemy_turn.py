"""Enemy activations in the Enemy Reactions and Enemy Turns slots (*Enemy Activation*,
*Targeting Heroes*, *Call*, *Push and Pull*, *Toxic Damage*, *Fear*), and their chance
points: where the rules meet equally viable outcomes (equal paths, a hero pushed by an enemy,
a minion to call), a D6 decides (*Randomisation*).

An activation is one :class:`EnemyActs`.  When the players choose its target, they do so
first (``EnemyActs(target)``); when it then needs D6 results the state waits for them with
the target remembered (``Round.target``) and is a chance node, whose outcomes are
``EnemyActs(target, rolls)``, one per way the dice can decide.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from tabletop.games.fateforge.actions import EnemyActs, Event
from tabletop.games.fateforge.combat import suffer
from tabletop.games.fateforge.enemies import Activation, goal_zone, next_activation
from tabletop.games.fateforge.handlers.common import Handler, Outcome
from tabletop.games.fateforge.handlers.entering import fear_all, moved_in
from tabletop.games.fateforge.state import FateforgeState
from tabletop.games.fateforge.turn import advance
from tabletop.spatial.zone_graph import first_steps_toward, move_neighbours

D6 = tuple(range(1, 7))


def pick_index(roll: int, count: int) -> int:
    """The option a D6 ``roll`` picks among ``count`` options sorted by id: the faces are
    split into ``count`` runs (1–3 / 4–6 for two options, as the rulebook says)."""
    return (roll - 1) * count // 6


def faces_for(index: int, count: int) -> tuple[int, ...]:
    """The D6 faces that pick option ``index`` of ``count`` (:func:`pick_index`)."""
    return tuple(f for f in D6 if pick_index(f, count) == index)


@dataclass(frozen=True)
class Die:
    """A D6 the activation still needs: ``what`` it decides among ``options`` (ids, sorted),
    ``names`` the options in the players' words."""

    options: tuple[str, ...]
    what: str
    names: tuple[str, ...]

    def words(self) -> str:
        """``2 equally viable outcomes; roll a D6 (1–3: A, 4–6: B)``."""
        split = ", ".join(f"{_run(faces_for(i, len(self.options)))}: {o}"
                          for i, o in enumerate(self.names))
        return (f"{self.what} has {len(self.options)} equally viable outcomes; roll a D6 "
                f"({split}) (Randomisation)")


def _run(faces: tuple[int, ...]) -> str:
    return f"{faces[0]}" if len(faces) == 1 else f"{faces[0]}–{faces[-1]}"


class _Unrolled(Exception):
    """The D6 results ran out at ``die``: a signal inside this module (caught by
    :func:`_settle` and :func:`die_needed`), never raised out of it."""

    def __init__(self, die: Die):
        super().__init__(die.what)
        self.die = die


class _Dice:
    """The D6 results of an activation, taken one by one as the ties come."""

    def __init__(self, rolls: tuple[int, ...]):
        self.rolls = list(rolls)

    def pick(self, options: tuple[str, ...], what: str, state: FateforgeState | None = None
             ) -> str:
        """The option the next D6 picks among ``options`` (zone ids when ``state`` is given,
        to name them; else enemy names)."""
        if len(options) == 1:
            return options[0]
        if not self.rolls:
            names = tuple(state.zone_name(o) for o in options) if state else options
            raise _Unrolled(Die(options, what, names))
        return options[pick_index(self.rolls.pop(0), len(options))]


def _target(state: FateforgeState, plan: Activation, action: EnemyActs) -> tuple[str, str]:
    """``(refusal, target)``: whom the activation of ``plan`` targets given ``action``, or
    the rule the action's target breaks (*Targeting Heroes*)."""
    chosen = state.round.target
    if plan.enemy is None:
        return (f"nobody activates, so there is no target: {plan.why}" if action.target else
                "", "")
    if plan.target is not None:
        if action.target and action.target.lower() != plan.target.lower():
            return f"the target is decided: {plan.why}", ""
        return "", plan.target
    if plan.section.minion:
        if action.target:
            return (f"the players do not choose {plan.enemy}'s minion: a D6 does "
                    f"(Randomisation)", "")
        return "", ""
    if chosen:
        if action.target and action.target.lower() != chosen.lower():
            return f"the players chose {chosen} as {plan.enemy}'s target", ""
        return "", chosen
    found = state.find_hero(action.target) if action.target else None
    if found is None or found.name not in plan.targets:
        return (f"{plan.enemy} acts, and the players choose its target among "
                f"{', '.join(plan.targets)}", "")
    return "", found.name


def settled_target(state: FateforgeState, action: EnemyActs) -> str:
    """The hero (or minion) the activation due now targets when ``action`` is taken:
    decided by the rules, chosen by the players before, or named by ``action``; ``""`` when
    a D6 picks it or nobody activates."""
    plan = next_activation(state)
    return _target(state, plan, action)[1] if plan is not None else ""


def _settle(state: FateforgeState, action: EnemyActs) -> str | Outcome:
    """The outcome of ``action`` at an enemy slot, or the rule it breaks."""
    plan = next_activation(state)
    if plan is None:
        return "no enemy is due to act"
    problem, target = _target(state, plan, action)
    if problem:
        return problem
    bad = [r for r in action.rolls if r not in D6]
    if bad:
        return f"a D6 shows 1 to 6, not {bad[0]}"
    choosing = plan.enemy is not None and plan.target is None and not plan.section.minion \
        and not state.round.target
    if choosing and action.rolls:
        return "the players choose the target first; a D6 is rolled after, if one is needed"
    dice = _Dice(action.rolls)
    try:
        outcome = _resolve(state, plan, target, dice)
    except _Unrolled as wait:
        if choosing:
            return _choose(state, plan, target, wait.die)
        return f"another D6 is needed: {wait.die.words()}" if action.rolls else \
            wait.die.words()
    if dice.rolls:
        used = len(action.rolls) - len(dice.rolls)
        return f"only {used} D6 result{'s are' if used != 1 else ' is'} needed"
    return outcome


def _choose(state: FateforgeState, plan: Activation, target: str, die: Die) -> Outcome:
    """The players chose ``target``, and the activation needs a D6: the state waits for it
    with the target remembered (a chance node)."""
    state = replace(state, round=replace(state.round, target=target))
    return state, [Event("enemy", f"The players choose {target} as {plan.enemy}'s target; "
                                  f"{die.words()}.")]


def _refusal(state: FateforgeState, action: EnemyActs) -> str:
    settled = _settle(state, action)
    return settled if isinstance(settled, str) else ""


def _enemy_acts(state: FateforgeState, action: EnemyActs) -> Outcome:
    settled = _settle(state, action)
    assert not isinstance(settled, str), settled
    return settled


def _resolve(state: FateforgeState, plan: Activation, target: str, dice: _Dice) -> Outcome:
    """The activation of ``plan`` against ``target`` (``""``: a minion the dice pick), with
    the D6 results of ``dice``; raises :class:`_Unrolled` when they run out."""
    rnd = state.round
    rest = replace(rnd, queue=rnd.queue[1:], target="")
    if plan.enemy is None:
        events = [Event("enemy", f"{plan.why}.")]
        state = replace(state, round=rest)
        return (advance(state, events) if not rest.queue else state), events
    if not target:
        target = dice.pick(plan.targets, f"{plan.enemy}'s choice of minion")
    enemy = state.enemy(plan.enemy)
    section = plan.section
    events = [Event("enemy", f"{enemy.name} activates: {plan.why}.")]
    graph = state.graph
    if section.action == "call":
        state, events = _call(state, section, enemy, state.enemy(target), dice, events)
    elif section.action == "step":
        zone = enemy.zone
        goal = goal_zone(state, section, target)
        for _ in range(section.amount):
            if zone == goal:
                break
            options = first_steps_toward(graph, zone, goal)
            zone = dice.pick(tuple(options), f"{enemy.name}'s STEP toward {target}", state)
            events.append(Event("move", f"{enemy.name} steps to {state.zone_name(zone)}, toward "
                                        f"{target}.", enemy.name, (zone,)))
            state = state.with_enemy(replace(enemy, zone=zone))
            if enemy.has("fear"):
                state, events = fear_all(state, zone, events)
    else:
        state, events = _attack(state, section, enemy, target, dice, events)
    state = replace(state, round=rest)
    if not rest.queue:
        state = advance(state, events)
    return state, events


def _attack(state: FateforgeState, section, enemy, target: str, dice: _Dice,
            events: list[Event]) -> Outcome:
    """An enemy's HIT or SHOT on ``target``: the damage, Toxic Damage, and a push (the D6
    picks the zone) or a pull that cannot be blocked (*Push and Pull*, *Toxic Damage*)."""
    graph = state.graph
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
            to = dice.pick(options, f"{enemy.name}'s push of {target}", state)
            state = state.with_hero(replace(hero, zone=to))
            events.append(Event("push", f"{enemy.name} pushes {target} to "
                                        f"{state.zone_name(to)} (the push cannot be "
                                        f"blocked)."))
            state, events = moved_in(state, target, to, events)
    if "pull" in section.modifiers and not hero.ko and hero.zone != enemy.zone:
        if hero.zone in graph.open_neighbours(enemy.zone):
            state = state.with_hero(replace(hero, zone=enemy.zone))
            events.append(Event("pull", f"{enemy.name} pulls {target} into "
                                        f"{state.zone_name(enemy.zone)}."))
            state, events = moved_in(state, target, enemy.zone, events)
        else:
            events.append(Event("pull", f"{target} is not in a zone adjacent to "
                                        f"{enemy.name}, so the pull moves nobody (Push and "
                                        f"Pull: a pull moves an opponent from an adjacent "
                                        f"zone)."))
    return state, events


def _call(state: FateforgeState, section, caller, minion, dice: _Dice,
          events: list[Event]) -> Outcome:
    """Call: ``minion`` moves up to the section's amount of zones along a shortest route
    toward ``caller`` (D6 among equal first steps); heroes in a zone a fear-inducing minion
    enters draw a Fear card (*Call*, *Randomisation*, *Fear*)."""
    zone = minion.zone
    for _ in range(section.amount):
        if zone == caller.zone:
            break
        options = first_steps_toward(state.graph, zone, caller.zone)
        zone = dice.pick(tuple(options), f"{minion.name}'s move toward {caller.name}", state)
        events.append(Event("move", f"{caller.name} calls {minion.name}: it steps to "
                                    f"{state.zone_name(zone)}.", minion.name, (zone,)))
        state = state.with_enemy(replace(state.enemy(minion.name), zone=zone))
        if minion.has("fear"):
            state, events = fear_all(state, zone, events)
    return state, events


ENEMY_ACTS = Handler(_refusal, _enemy_acts)


# ----------------------------------------------------------------------------- chance


def _awaited(state: FateforgeState) -> tuple[Activation, str] | None:
    """The activation due now and its target word, when the target is settled (decided, a
    minion the dice pick, or the players' choice made); ``None`` otherwise."""
    plan = next_activation(state)
    if plan is None or plan.enemy is None:
        return None
    if plan.target is not None or plan.section.minion:
        return plan, ""
    if state.round.target:
        return plan, state.round.target
    return None


def die_needed(state: FateforgeState, rolls: tuple[int, ...] = ()) -> Die | None:
    """The D6 the activation due now still needs after ``rolls`` (its question and options),
    or ``None`` when ``rolls`` settle it or no activation with a settled target is due."""
    awaited = _awaited(state)
    if awaited is None:
        return None
    plan, word = awaited
    try:
        _resolve(state, plan, word or plan.target or "", _Dice(rolls))
    except _Unrolled as wait:
        return wait.die
    return None


def enemy_chance(state: FateforgeState) -> bool:
    """Whether the activation due now waits for a D6 (a chance node)."""
    return die_needed(state) is not None


def enemy_outcomes(state: FateforgeState) -> list[tuple[EnemyActs, Fraction]]:
    """Every way the D6 can settle the activation due now: ``EnemyActs(target, rolls)`` with
    its probability.  Faces that pick the same option are one outcome (the first face of the
    run stands for it), so a two-way tie has two outcomes of 1/2, a three-way tie three of
    1/3; a further tie after the first multiplies out."""
    awaited = _awaited(state)
    if awaited is None:
        return []
    word = awaited[1]
    out: list[tuple[EnemyActs, Fraction]] = []
    todo: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    while todo:
        rolls, chance = todo.pop()
        die = die_needed(state, rolls)
        if die is None:
            if rolls:
                out.append((EnemyActs(word, rolls), chance))
            continue
        count = len(die.options)
        for index in reversed(range(count)):
            faces = faces_for(index, count)
            todo.append(((*rolls, faces[0]), chance * Fraction(len(faces), 6)))
    return out
