"""The Preparation Phase handlers: the combat dice (a chance point), the ally's setup dice,
the Energy Reroll (a choice of dice, then a chance point), Three-of-a-Kind, Dash, the ally's
companion, the player order, and the armour choice (*Preparation Phase*, *Allies*, *Armour*)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from tabletop.dice.fateforge_rolls import (
    check_change,
    check_energy_reroll,
    die_word,
    result_label,
    three_of_a_kind_dice,
)
from tabletop.dice.kinds import get_kind
from tabletop.errors import IllegalActionError
from tabletop.games.fateforge.actions import (
    AccompanyAlly,
    Dash,
    EnergyReroll,
    Event,
    RerollDice,
    RollAllyDice,
    RollDice,
    SetArmourUse,
    SetOrder,
    ThreeOfAKind,
)
from tabletop.games.fateforge.combat import suffer
from tabletop.games.fateforge.handlers.common import (
    Handler,
    Outcome,
    first,
    hero_refusal,
    prep_refusal,
    zone_id,
    zone_refusal,
)
from tabletop.games.fateforge.handlers.entering import enter_zone, move_refusal
from tabletop.games.fateforge.layout import valid_face
from tabletop.games.fateforge.moves import dash_refusal
from tabletop.games.fateforge.state import WEAPON_DICE, FateforgeState, Hero
from tabletop.games.fateforge.turn import arrive, rolls_waiting
from tabletop.wording import counted

DICE_PER_ROUND = 4


def dice_count(hero: Hero) -> int:
    """How many dice ``hero`` rolls this round: 4 from the pool (fewer if the pool is
    smaller), one less when stunned (*Preparation Phase*, *Stun*)."""
    return min(DICE_PER_ROUND, len(hero.pool)) - (1 if hero.stun else 0)


def core_result(label: str) -> str:
    """A die label (``"SKILL HIT"``) in the rules core's words (``"skill-hit"``)."""
    return label.lower().replace(" ", "-")


def faces_refusal(faces: tuple[str, ...], kinds: tuple[str, ...], pool: tuple[str, ...],
                  owner: str) -> str:
    """Every face is a die result; the dice ``kinds`` (when given) come from ``pool`` and
    each face is one its die shows; a special result needs a weapon die (*Combat Dice
    Pool*, *Weapons*)."""
    for face in faces:
        if not valid_face(face):
            return f"{face!r} is not a die result"
    if not kinds:
        if any("special" in f.split("/") for f in faces) and not any(
                k in WEAPON_DICE for k in pool):
            return (f"a special result comes only from a weapon die, and {owner}'s pool holds "
                    f"none (Weapons)")
        return ""
    if len(kinds) != len(faces):
        return f"{counted(len(kinds), 'die')} cannot show {counted(len(faces), 'result')}"
    missing = Counter(k.lower() for k in kinds) - Counter(pool)
    if missing:
        return (f"the {', '.join(die_word(k) for k in missing)} die is not in {owner}'s dice "
                f"pool ({', '.join(die_word(k) for k in pool)})")
    for kind, face in zip(kinds, faces, strict=True):
        shown = {frozenset(f.label.split("/")) for f in get_kind(kind.lower()).faces}
        if frozenset(result_label(face).split("/")) not in shown:
            return f"the {die_word(kind)} die has no {face} face"
    return ""


def dice_rule(check: Callable[[], object]) -> str:
    """The rule the dice module's ``check`` names when it refuses, or ``""``."""
    try:
        check()
    except IllegalActionError as exc:
        return exc.rule
    return ""


def _roll_refusal(state: FateforgeState, action: RollDice) -> str:
    def rolled() -> str:
        hero = state.find_hero(action.hero)
        return f"{hero.name} already rolled this round (undo to change the dice)" \
            if hero.rolled else ""

    def count() -> str:
        hero = state.find_hero(action.hero)
        if len(action.results) == dice_count(hero):
            return ""
        why = " (stunned: one less die)" if hero.stun else ""
        return (f"{hero.name} rolls {counted(dice_count(hero), 'combat die')}{why}, not "
                f"{len(action.results)}")

    return first(lambda: hero_refusal(state, action.hero), rolled, count,
                 lambda: faces_refusal(tuple(f.lower() for f in action.results), action.kinds,
                                       state.find_hero(action.hero).pool, action.hero))


def _roll(state: FateforgeState, action: RollDice) -> Outcome:
    hero = state.find_hero(action.hero)
    faces = tuple(f.lower() for f in action.results)
    if action.kinds:
        rolled = ", ".join(f"{die_word(kind)} {face}"
                           for face, kind in zip(faces, action.kinds, strict=True))
    else:
        rolled = ", ".join(faces)
    events = [Event("roll", f"{hero.name} rolls {rolled}.")]
    if hero.stun:
        events.append(Event("stun", f"{hero.name} rolled one less die and removes the stun cube."))
    hero = replace(hero, dice=faces, rolled=True, stun=False,
                   kinds=tuple(k.lower() for k in action.kinds))
    return state.with_hero(hero), events


def die_kinds(hero: Hero) -> tuple[str, ...]:
    """The kind of each of ``hero``'s dice this round: as rolled, or, for a roll that did
    not say its dice (physical dice entered by hand), the pool's dice in order, as the
    Preparation rolls them unless the player picks others."""
    if len(hero.kinds) == len(hero.dice):
        return hero.kinds
    pool = hero.pool
    return tuple(pool[i % len(pool)] for i in range(len(hero.dice)))


def _misses(hero: Hero) -> list[int]:
    return [i for i, f in enumerate(hero.dice) if f == "miss"]


def _reroll_refusal(state: FateforgeState, action: EnergyReroll) -> str:
    def rule() -> str:
        hero = state.find_hero(action.hero)
        return dice_rule(lambda: check_energy_reroll(
            hero.dice, action.dice, hero.energy, hero.has_used("energy-reroll")))

    def distinct() -> str:
        return "" if len(set(action.dice)) == len(action.dice) else \
            "name each die once"

    return first(lambda: prep_refusal(state, action.hero), rule, distinct)


def _reroll(state: FateforgeState, action: EnergyReroll) -> Outcome:
    """Energy Reroll: 1 energy, once per round, only dice showing a miss (the dice module's
    :func:`check_energy_reroll`); the chosen dice wait for their new results, a chance
    point (:class:`RerollDice`)."""
    hero = state.find_hero(action.hero)
    chosen = tuple(sorted(action.dice))
    hero = replace(hero, energy=hero.energy - 1, energy_exhausted=hero.energy_exhausted + 1,
                   rerolling=chosen).mark("energy-reroll")
    numbers = [str(i + 1) for i in chosen]
    which = f"die {numbers[0]}, showing a miss" if len(numbers) == 1 else \
        f"dice {', '.join(numbers[:-1])} and {numbers[-1]}, showing misses"
    return state.with_hero(hero), [Event("reroll", f"{hero.name} spends 1 energy to reroll "
                                                   f"{which}.")]


def reroll_waiting(state: FateforgeState) -> str:
    """The hero whose Energy Reroll waits for its dice (a chance point), or ``""``."""
    return next((h.name for h in state.heroes if h.rerolling), "")


def _rerolled_refusal(state: FateforgeState, action: RerollDice) -> str:
    def waiting() -> str:
        hero = state.find_hero(action.hero)
        return "" if hero.rerolling else f"{hero.name} has no Energy Reroll waiting for dice"

    def faces() -> str:
        hero = state.find_hero(action.hero)
        found = tuple(f.lower() for f in action.results)
        kinds = tuple(die_kinds(hero)[i] for i in hero.rerolling)
        return faces_refusal(found, kinds, hero.pool, hero.name)

    return first(lambda: hero_refusal(state, action.hero), waiting, faces)


def _rerolled(state: FateforgeState, action: RerollDice) -> Outcome:
    """The Energy Reroll's dice land: each chosen die shows its new result."""
    hero = state.find_hero(action.hero)
    new = dict(zip(hero.rerolling, (f.lower() for f in action.results), strict=True))
    dice = tuple(new.get(i, f) for i, f in enumerate(hero.dice))
    hero = replace(hero, dice=dice, rerolling=())
    return state.with_hero(hero), [Event("reroll", f"{hero.name} rerolls: now "
                                                   f"{', '.join(dice)}.")]


def three_of_a_kind_face(hero: Hero) -> str | None:
    """The face shown by three or more of ``hero``'s dice (misses excluded), or ``None``
    (the dice module's :func:`three_of_a_kind_dice`)."""
    three = three_of_a_kind_dice(hero.dice)
    return hero.dice[three[0]] if three else None


def _three_refusal(state: FateforgeState, action: ThreeOfAKind) -> str:
    def rule() -> str:
        hero = state.find_hero(action.hero)
        return dice_rule(lambda: check_change(hero.dice, action.die, action.to,
                                              hero.has_used("three-of-a-kind")))

    return first(lambda: prep_refusal(state, action.hero), rule)


def _three(state: FateforgeState, action: ThreeOfAKind) -> Outcome:
    """Three-of-a-Kind, checked by the dice module's :func:`check_change`."""
    hero = state.find_hero(action.hero)
    face = three_of_a_kind_face(hero)
    to = core_result(check_change(hero.dice, action.die, action.to, False))
    dice = tuple(to if i == action.die else f for i, f in enumerate(hero.dice))
    hero = replace(hero, dice=dice).mark("three-of-a-kind")
    return state.with_hero(hero), [Event("three", f"{hero.name} has three {face}: changes one "
                                                  f"result to {to}.")]


def _dash_refusal(state: FateforgeState, action: Dash) -> str:
    return first(lambda: prep_refusal(state, action.hero),
                 lambda: zone_refusal(state, action.to),
                 lambda: dash_refusal(state, state.find_hero(action.hero),
                                      zone_id(state, action.to)) or "",
                 lambda: move_refusal(state, action))


def _dash(state: FateforgeState, action: Dash) -> Outcome:
    hero = state.find_hero(action.hero)
    to = zone_id(state, action.to)
    hostile = bool(state.enemies_in(hero.zone))
    here = state.zone_name(hero.zone)
    state = state.with_hero(hero.mark("dash"))
    state, events = enter_zone(state, hero.name, to, action.trap)
    events.insert(0, Event("dash", f"{hero.name} dashes from {here} to "
                                   f"{state.zone_name(to)}.", hero.name, (to,)))
    if hostile:
        state, more = suffer(state, hero.name, 1, cause=f"dashing out of {here} with enemies")
        events += more
    return state, events


def _order_refusal(state: FateforgeState, action: SetOrder) -> str:
    names = sorted(h.name for h in state.heroes)
    if sorted(action.order) != names:
        return f"the order must name every hero once ({', '.join(names)})"
    return ""


def _set_order(state: FateforgeState, action: SetOrder) -> Outcome:
    """The player order starts the Action Phase; the dice's kinds, read only by the Energy
    Reroll, are put away."""
    rnd = replace(state.round, order=tuple(action.order), phase="action", step=0, queue=())
    events = [Event("phase", f"Action Phase: {', '.join(rnd.sequence)}.")]
    heroes = tuple(replace(h, kinds=()) for h in state.heroes)
    return arrive(replace(state, round=rnd, heroes=heroes), events), events


def ally_refusal(state: FateforgeState) -> str:
    """An ally accompanies the party and is not out (*Allies*)."""
    ally = state.ally
    if ally is None:
        return "no ally accompanies the party"
    return f"{ally.name} is out for the scene" if ally.out else ""


def _first_preparation(state: FateforgeState, what: str) -> str:
    rnd = state.round
    return "" if rnd.phase == "preparation" and rnd.number == 1 else \
        f"{what} in the first Preparation Phase (Allies)"


def _roll_ally_refusal(state: FateforgeState, action: RollAllyDice) -> str:
    def fresh() -> str:
        ally = state.ally
        return f"{ally.name}'s dice are already rolled (they last the scene)" \
            if ally.rolled else ""

    def faces() -> str:
        ally = state.ally
        found = tuple(f.lower() for f in action.results)
        if len(found) != len(ally.pool):
            return f"{ally.name} has {counted(len(ally.pool), 'combat die')}, not {len(found)}"
        if "miss" in found:
            return "reroll an ally's misses until both dice show a result (Allies)"
        return faces_refusal(found, ally.pool, ally.pool, ally.name)

    return first(lambda: ally_refusal(state),
                 lambda: _first_preparation(state, "an ally's dice are rolled at setup,"),
                 fresh, faces)


def _roll_ally(state: FateforgeState, action: RollAllyDice) -> Outcome:
    faces = tuple(f.lower() for f in action.results)
    ally = replace(state.ally, dice=faces, rolled=True)
    return replace(state, ally=ally), [Event("ally", f"{ally.name}'s dice show "
                                                     f"{', '.join(faces)}.")]


def _accompany_refusal(state: FateforgeState, action: AccompanyAlly) -> str:
    def other() -> str:
        name = state.find_hero(action.hero).name
        return f"{state.ally.name} already accompanies {name}" \
            if state.ally.hero == name else ""

    return first(lambda: ally_refusal(state),
                 lambda: _first_preparation(state, "the hero who accompanies the ally is "
                                                   "chosen"),
                 lambda: hero_refusal(state, action.hero), other)


def _accompany(state: FateforgeState, action: AccompanyAlly) -> Outcome:
    """Choose the hero the ally accompanies, in the first Preparation Phase (*Allies*)."""
    name = state.find_hero(action.hero).name
    state = replace(state, ally=replace(state.ally, hero=name))
    return state, [Event("ally", f"{state.ally.name} accompanies {name}.")]


def _armour_refusal(state: FateforgeState, action: SetArmourUse) -> str:
    hero = state.find_hero(action.hero)
    if hero is None:
        return f"there is no hero called {action.hero!r}"
    if hero.armour_use == action.use:
        return f"{hero.name} already {'uses' if action.use else 'keeps'} armour"
    return ""


def _set_armour(state: FateforgeState, action: SetArmourUse) -> Outcome:
    hero = state.find_hero(action.hero)
    state = state.with_hero(replace(hero, armour_use=action.use))
    text = ("uses armour cubes against damage" if action.use else
            "keeps the armour cubes: damage goes to health (Armour: the player may use them)")
    return state, [Event("armour", f"{hero.name} {text}.")]


def rolls_refusal(state: FateforgeState) -> str:
    """Refuse a Preparation choice while dice are still to be rolled: rolling comes first
    (*Preparation Phase*: "All players perform these steps simultaneously, in order")."""
    waiting = rolls_waiting(state)
    if not waiting:
        return ""
    ally = state.ally
    names = [f"the ally {n}" if ally is not None and n == ally.name else n for n in waiting]
    return f"{', '.join(names)} must roll combat dice first (Preparation)"


HANDLERS: dict[type, Handler] = {
    RollDice: Handler(_roll_refusal, _roll),
    RollAllyDice: Handler(_roll_ally_refusal, _roll_ally),
    EnergyReroll: Handler(_reroll_refusal, _reroll),
    RerollDice: Handler(_rerolled_refusal, _rerolled),
    ThreeOfAKind: Handler(_three_refusal, _three),
    Dash: Handler(_dash_refusal, _dash),
    SetOrder: Handler(_order_refusal, _set_order),
    AccompanyAlly: Handler(_accompany_refusal, _accompany),
    SetArmourUse: Handler(_armour_refusal, _set_armour),
}
"""The Preparation handlers (and the armour choice, taken any time)."""
