"""The Fateforge combat round as a pure function: ``apply(state, action) -> (state, events)``,
its chance points, and the actions a player may take.

``apply`` checks, in a fixed order: the scene is over; the turn sequence takes the action now
(:mod:`~tabletop.games.fateforge.turn`); a hero moved onto a trap deals with it first; a
roll is due (a chance node takes only its roll); then the action's own rule (its handler in
:mod:`~tabletop.games.fateforge.handlers`).  A broken rule raises
:class:`~tabletop.errors.IllegalActionError` naming the action and the rule.  Then the
handler resolves the action, and the after-steps every action shares run once, here: gems
and food picked up in zones without enemies, and the rest of a turn skipped when its hero
was knocked out.

Rulebook: *The Combat Round* (Preparation, Action Phase, Clean-Up), *Ending the Combat Scene*,
*Knocked Out — Revive*, *Randomisation*, *Additional Combat Rules*, and the *Rule Unlocks*
for doors, barricades, portals, difficult terrain, traps, healing fountains, guarded enemies,
fear and toxic damage.  The readings chosen where the rulebook leaves room are in
``docs/fateforge.md``.
"""

from __future__ import annotations

from itertools import combinations, permutations

from tabletop.dice.fateforge_rolls import CHOOSABLE
from tabletop.errors import IllegalActionError
from tabletop.games.actionfields import check_fields
from tabletop.games.contract import SetChoice, set_count
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
    RerollDice,
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
from tabletop.games.fateforge.chance import chance_outcomes, is_chance_node
from tabletop.games.fateforge.combat import pick_up
from tabletop.games.fateforge.enemies import next_activation
from tabletop.games.fateforge.handlers import HANDLERS
from tabletop.games.fateforge.handlers.common import first
from tabletop.games.fateforge.handlers.enemy_turn import die_needed, pick_index
from tabletop.games.fateforge.handlers.entering import TRAP_CHOICES, trap_waiting
from tabletop.games.fateforge.handlers.preparation import (
    core_result,
    dice_count,
    reroll_waiting,
    rolls_refusal,
    three_of_a_kind_face,
)
from tabletop.games.fateforge.handlers.scene_end import OBJECTIVES, exit_plan, find_exit
from tabletop.games.fateforge.moves import step_options
from tabletop.games.fateforge.state import REACTIONS, TURNS, FateforgeState
from tabletop.games.fateforge.turn import phase_refusal, skip_knocked_out
from tabletop.spatial.zone_graph import move_neighbours

__all__ = [
    "apply", "chance_outcomes", "describe", "dice_count", "die_needed", "exit_plan",
    "find_exit", "is_chance_node", "legal_actions", "pick_index", "refusal",
    "three_of_a_kind_face", "HANDLERS", "TRAP_CHOICES",
]

ROLLS = (RollDice, RollAllyDice, RerollDice)
SETTINGS = (SetArmourUse, AccompanyAlly)
"""Choices that move nothing and stay open while a roll or a trap choice is awaited: whether
a hero's armour stops damage (*Armour*: any time) and the hero the ally accompanies (*Allies*:
at setup)."""


def refusal(state: FateforgeState, action: object) -> str:
    """The rule ``action`` breaks now, in words, or ``""`` when ``apply`` takes it."""
    if state.round.phase == "over":
        return f"the Combat Scene is over ({state.outcome})"
    handler = HANDLERS.get(type(action))
    if handler is None:
        return "is not a Fateforge action"
    return first(lambda: _shared_refusal(state, action),
                 lambda: handler.refusal(state, action))


def _shared_refusal(state: FateforgeState, action: object) -> str:
    """The checks every action shares: the turn sequence, a trap waiting, a roll due.  They
    read only the state and the action's kind, so :func:`legal_actions` asks them once per
    kind."""
    return first(lambda: phase_refusal(state, action),
                 lambda: _trap_refusal(state, action),
                 lambda: _chance_refusal(state, action))


def _chance_refusal(state: FateforgeState, action: object) -> str:
    """At a chance node only its roll happens: the Preparation dice come first, and an
    enemy activation waiting for a D6 takes nothing but the D6 (*Randomisation*); the
    :data:`SETTINGS` stay open, and a hero moved onto a trap deals with it first."""
    if isinstance(action, ROLLS + SETTINGS) or trap_waiting(state):
        return ""
    problem = rolls_refusal(state)
    if problem:
        return problem
    rerolling = reroll_waiting(state)
    if rerolling:
        return f"{rerolling}'s Energy Reroll dice are rolled first"
    if not isinstance(action, EnemyActs) and state.round.current in (REACTIONS, TURNS):
        die = die_needed(state)
        if die is not None:
            return f"the enemy's D6 comes first: {die.words()}"
    return ""


def _trap_refusal(state: FateforgeState, action: object) -> str:
    """A hero moved onto a trap deals with it before anything else happens (*Traps*); the
    :data:`SETTINGS` stay open."""
    waiting = trap_waiting(state)
    if waiting and not isinstance(action, (SpringTrap, *SETTINGS)):
        return f"{waiting} must first deal with the trap it was moved onto (Traps)"
    return ""


def apply(state: FateforgeState, action: object) -> tuple[FateforgeState, tuple[Event, ...]]:
    """The state after ``action`` and what happened; raises ``IllegalActionError``."""
    check_fields(action)
    problem = refusal(state, action)
    if problem:
        raise IllegalActionError(action, problem)
    new, events = HANDLERS[type(action)].resolve(state, action)
    return _after(new, list(events))


def _after(state: FateforgeState, events: list[Event]) -> tuple[FateforgeState, tuple[Event, ...]]:
    """The after-steps of every action, once: standing heroes pick up the gem and food
    tokens in zones with no enemies (*Gem & food tokens*: "automatically"), and a hero
    knocked out during its own turn has the rest of it skipped (*Knocked Out — Revive*).
    Nothing happens after the scene has ended."""
    if state.round.phase == "over":
        return state, tuple(events)
    state, more = pick_up(state)
    events += more
    return skip_knocked_out(state, events), tuple(events)


def describe(event: Event) -> str:
    """The event in words."""
    return event.text if isinstance(event, Event) else str(event)


# ----------------------------------------------------------------------------- legal actions


def _candidates(state: FateforgeState) -> list[object]:
    """Every action of a listed kind that could be taken now, before the rules check them:
    each zone, enemy, token, hero, die and trap choice an action could name."""
    rnd = state.round
    out: list[object] = [SpringTrap(h.name, choice) for h in state.heroes
                         if h.has_used("trap") for choice in TRAP_CHOICES]
    for hero in state.heroes:
        out += [SetArmourUse(hero.name, use) for use in (False, True)]
        if state.ally is not None:
            out.append(AccompanyAlly(hero.name))
    if rnd.phase == "preparation":
        for hero in state.heroes:
            out += [EnergyReroll(hero.name, dice) for dice in _rerolls(hero)]
            if three_of_a_kind_face(hero):
                out += [ThreeOfAKind(hero.name, die, core_result(to))
                        for die in range(len(hero.dice)) for to in CHOOSABLE]
            for zone in move_neighbours(state.graph, hero.zone):
                out += [Dash(hero.name, zone, trap) for trap in _trap_words(state, zone)]
        out += [SetOrder(order) for order in _orders(state)]
    elif rnd.phase == "action" and rnd.current in (REACTIONS, TURNS):
        plan = next_activation(state)
        if plan is not None and plan.enemy is not None and plan.target is None \
                and not plan.section.minion and not rnd.target:
            out += [EnemyActs(name) for name in plan.targets]
        else:
            out.append(EnemyActs())
    elif rnd.phase == "action":
        out += _turn_candidates(state)
    elif rnd.phase == "cleanup":
        out.append(CleanUp())
    elif rnd.phase == "exit":
        out += [Exit(t.label, marked) for t in state.tokens if t.kind == "exit"
                for marked in OBJECTIVES]
        out.append(ExtraRound())
    return out


def _trap_words(state: FateforgeState, zone: str) -> tuple[str, ...]:
    """The ways a hero may enter ``zone``: one per trap choice when a trap lies there, else
    none to make (*Traps*; the same test as ``enter_refusal``)."""
    return TRAP_CHOICES if state.tokens_in(zone, "trap") else ("",)


def _turn_candidates(state: FateforgeState) -> list[object]:
    hero = state.hero(state.round.current)
    out: list[object] = []
    allowed, _ = step_options(state, hero)
    out += [Step(hero.name, zone, energy, trap) for zone in allowed
            for energy in (False, True) for trap in _trap_words(state, zone)]
    for enemy in state.enemies:
        out += [Hit(hero.name, enemy.name), Shot(hero.name, enemy.name),
                Pull(hero.name, enemy.name), Stun(hero.name, enemy.name)]
        out += [Push(hero.name, enemy.name, zone)
                for zone in move_neighbours(state.graph, enemy.zone)]
    out.append(Block(hero.name))
    for conn in state.connections:
        if conn.door and conn.joins(hero.zone):
            out.append(ToggleDoor(hero.name, conn.other(hero.zone)))
    for zone in state.graph.portal_neighbours(hero.zone):
        out += [UsePortal(hero.name, zone, trap) for trap in _trap_words(state, zone)]
    for token in state.tokens_in(hero.zone):
        kind = {"objective": Collect, "chest": OpenChest, "exploration": Explore}.get(token.kind)
        if kind:
            out.append(kind(hero.name, token.label))
        if token.kind == "fountain":
            out += [Fountain(hero.name, health, energy)
                    for health in range(token.cubes + 1)
                    for energy in range(token.cubes + 1 - health)]
    out += [Revive(hero.name, other.name) for other in state.heroes if other.ko]
    out.append(WeaponSpecial(hero.name))
    if state.ally is not None:
        for die in range(len(state.ally.dice)):
            out.append(AllyAbility(hero.name, die))
            out += [UseAllyDie(hero.name, die, own) for own in range(len(hero.dice))]
    out.append(EndTurn(hero.name))
    return out


REROLLS_LISTED_UP_TO = 64
"""``legal_actions`` lists every set of dice an Energy Reroll may choose while a hero's misses
give at most this many sets (six misses); beyond, a summary (:func:`_rerolls`)."""


def _misses(hero) -> list[int]:
    return [i for i, face in enumerate(hero.dice) if face == "miss"]


def reroll_candidates(state: FateforgeState, action: EnergyReroll) -> list[int]:
    """The dice an Energy Reroll of ``action``'s hero chooses from: those showing a miss
    (*Preparation Phase*: "re-roll any number of dice showing a miss")."""
    hero = state.find_hero(action.hero)
    return _misses(hero) if hero is not None else []


def _rerolls(hero) -> list[tuple[int, ...]]:
    """The sets of dice ``legal_actions`` offers an Energy Reroll of ``hero``: every non-empty
    set of its misses while they give at most :data:`REROLLS_LISTED_UP_TO` sets; beyond
    (twelve misses give 4,096), each miss alone and all of them."""
    misses = _misses(hero)
    if set_count(misses) > REROLLS_LISTED_UP_TO:
        return [*((i,) for i in misses), tuple(misses)]
    return [dice for size in range(1, len(misses) + 1) for dice in combinations(misses, size)]


SET_CHOICES = {
    EnergyReroll: SetChoice("dice", reroll_candidates, REROLLS_LISTED_UP_TO,
                            "Energy Reroll: any number of dice showing a miss"),
}
"""The game contract's ``set_choices`` for Fateforge."""


ORDERS_LISTED_UP_TO = 120
"""``legal_actions`` lists every player order while the heroes have at most this many (five
heroes); beyond, a sample (:func:`_orders`)."""


def _orders(state: FateforgeState) -> list[tuple[str, ...]]:
    """The player orders ``legal_actions`` offers (*Player Order*: the players set any order
    of the heroes): every order while they are at most :data:`ORDERS_LISTED_UP_TO`; beyond
    (n heroes have n! orders: eleven heroes, 39,916,800), the order as it stands and each
    hero moved to its front."""
    names = [h.name for h in state.heroes]
    count = 1
    for n in range(2, len(names) + 1):
        count *= n
        if count > ORDERS_LISTED_UP_TO:
            now = [name for name in state.round.order if name in names] or names
            now += [name for name in names if name not in now]
            return list(dict.fromkeys([tuple(now), *(
                (name, *(other for other in now if other != name)) for name in now)]))
    return list(permutations(names))


OPEN_ACTIONS: dict[type, str] = {
    SetOrder: "the players set any order of the heroes (Player Order): every order while "
              "the heroes have at most 120 of them (five heroes), beyond the order as it "
              "stands and each hero moved to its front; any order is taken",
    RollDice: "the hero's player chooses which of the pool's dice to roll (Preparation "
              "Phase: choose 4 combat or weapon dice); the chance outcomes list the results "
              "of the first four, and a roll of other dice is taken as the dice tray reads it",
}
"""The actions :func:`legal_actions` does not list completely, each with the reason (the
contract's ``open_actions``); every other action it lists whenever ``apply`` takes it, up
to :func:`~tabletop.games.fateforge.same_move.same_move`."""


def legal_actions(state: FateforgeState) -> list[object]:
    """The players' actions ``apply`` takes now, each checked by the rules
    (:func:`refusal`), empty when the scene is over and at a chance node (the roll due
    there is :func:`chance_outcomes`).  Complete but for the :data:`OPEN_ACTIONS`: every
    hero, enemy, zone, token, die, trap choice, fountain split and player order an action
    can name is tried; an action written with other letters or another word for the same
    zone, token or exit is the same move (:func:`~tabletop.games.fateforge.same_move.
    same_move`)."""
    if is_chance_node(state) or state.round.phase == "over":
        return []
    return _checked(state, _candidates(state))


def legal_worded(state: FateforgeState, head: str, tail: str) -> list[object]:
    """The legal actions whose words begin with ``head`` and end with ``tail`` (case aside),
    in :func:`legal_actions`' order: the rules are asked only about the candidates so
    written (a hero's STEP options, not the HIT, SHOT, Pull, Stun and Push of every enemy)."""
    if is_chance_node(state) or state.round.phase == "over":
        return []
    folded, last = head.casefold(), tail.casefold()
    return _checked(state, [a for a in _candidates(state)
                            if (words := str(a).casefold()).startswith(folded)
                            and words.endswith(last)])


def _checked(state: FateforgeState, candidates: list[object]) -> list[object]:
    """The ``candidates`` the rules allow now (:func:`refusal`, its shared part asked once per
    kind), in order."""
    shared: dict[type, str] = {}
    out = []
    for action in candidates:
        kind = type(action)
        if kind not in shared:
            shared[kind] = _shared_refusal(state, action)
        if not shared[kind] and not HANDLERS[kind].refusal(state, action):
            out.append(action)
    return out
