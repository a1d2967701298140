"""The Fateforge combat round as data (boardgame.io's turn orders) and the one driver that
reads it.

:data:`ROUND` lists the phases in order: who acts, the steps, which kinds of action (the
``when`` column of :mod:`~tabletop.games.fateforge.action_table`) each takes, and the phase
after it.  :data:`SLOTS` says who acts in each slot of the Action Phase sequence (a hero's
turn, the Enemy Reactions, the Enemy Turns) and how an enemy slot fills its queue.
:func:`phase_refusal` checks an action against them, :func:`arrive` moves the Action Phase
pointer, and :func:`rolls_waiting` says who still rolls the Preparation dice (the chance
point that opens every round).

Rulebook: *The Combat Round* (Preparation Phase, Action Phase, Clean-Up Phase), *Ending the
Combat Scene*, *Knocked Out — Revive* ("if it is your turn in player order, skip it
entirely").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from tabletop.games.fateforge.action_table import (
    ANY_TIME,
    CARD_EFFECT,
    CLEAN_UP,
    ENEMIES,
    HERO_TURN,
    PREPARATION,
    SCENE_END,
    TRAPPED,
    WHEN,
)
from tabletop.games.fateforge.actions import Event
from tabletop.games.fateforge.enemies import activation_order
from tabletop.games.fateforge.state import REACTIONS, TURNS, FateforgeState


@dataclass(frozen=True)
class Phase:
    """One phase of the combat round: ``name`` as ``Round.phase`` writes it, ``who`` acts,
    its ``steps`` in order, the kinds of action it ``takes``, the phase it is ``then``
    followed by, and its rulebook section."""

    name: str
    who: str
    steps: tuple[str, ...]
    takes: tuple[str, ...]
    then: str
    rule: str


ROUND: tuple[Phase, ...] = (
    Phase("preparation", "every standing hero, all at once",
          ("the dice (a chance point): the ally's two in the first round, then each hero's",
           "optional actions in any order: Energy Reroll, Three-of-a-Kind, Dash",
           "the player order (SetOrder starts the Action Phase)"),
          (PREPARATION, TRAPPED, ANY_TIME), "action", "Preparation Phase"),
    Phase("action", "the Action Phase sequence (SLOTS): heroes in player order, the Enemy "
                    "Reactions at their slot, the Enemy Turns last",
          ("each hero's turn", "Enemy Reactions (each activation a chance point when a D6 "
                               "decides)", "Enemy Turns (likewise)"),
          (HERO_TURN, CARD_EFFECT, ENEMIES, TRAPPED, ANY_TIME), "cleanup", "Action Phase"),
    Phase("cleanup", "the party",
          ("block tokens, stun cubes and damage cubes come off",
           "all heroes knocked out: the scene fails", "the next round, or the Exit after the "
                                                      "last"),
          (CLEAN_UP, TRAPPED, ANY_TIME), "preparation", "Clean-Up Phase"),
    Phase("exit", "the party", ("Exit by one exit, or play an extra round",),
          (SCENE_END, ANY_TIME), "over", "Ending the Combat Scene"),
    Phase("over", "nobody", (), (), "", "Combat Success or Failure"),
)
"""The combat round, phase by phase."""

PHASE = {phase.name: phase for phase in ROUND}


@dataclass(frozen=True)
class Slot:
    """Who acts in one slot of the Action Phase sequence: the kinds of action it ``takes``;
    for an enemy slot, ``queue(state)`` gives the enemies (or types) that activate in it and
    ``announce`` the log line when there are any."""

    takes: tuple[str, ...]
    queue: Callable[[FateforgeState], tuple[str, ...]] | None = None
    announce: str = ""


def _reaction_queue(state: FateforgeState) -> tuple[str, ...]:
    """The reacting types the app shows, then every boss (*Enemy Reactions*)."""
    bosses = tuple(e.name for e in activation_order(state) if e.colour == "boss")
    return (*state.round.reaction_types, *bosses)


def _turn_queue(state: FateforgeState) -> tuple[str, ...]:
    """Every enemy, in priority order (*Enemy Turns*)."""
    return tuple(e.name for e in activation_order(state))


HERO_SLOT = Slot((HERO_TURN, CARD_EFFECT, TRAPPED, ANY_TIME))
SLOTS: dict[str, Slot] = {
    REACTIONS: Slot((ENEMIES, TRAPPED, ANY_TIME), _reaction_queue,
                    "Enemy Reactions: {queue} react."),
    TURNS: Slot((ENEMIES, TRAPPED, ANY_TIME), _turn_queue,
                "Enemy Turns: every enemy activates in priority order."),
}
"""The enemy slots of the Action Phase sequence; every other slot is a hero's turn
(:data:`HERO_SLOT`)."""

_WRONG_PHASE = {
    PREPARATION: "this is a Preparation Phase action, and it is the {phase} phase",
    HERO_TURN: "heroes act in the Action Phase, and it is the {phase} phase",
    CARD_EFFECT: "heroes act in the Action Phase, and it is the {phase} phase",
    ENEMIES: "no enemy is due to act (enemies act in the Enemy Reactions and Enemy Turns "
             "slots)",
    CLEAN_UP: "Clean-Up comes after the Enemy Turns; it is the {phase} phase",
    SCENE_END: "heroes may only Exit at the end of the last round's Clean-Up, where an extra "
               "round may be chosen instead (round {number} of {of}, {phase} phase)",
}


def phase_refusal(state: FateforgeState, action: object) -> str:
    """Why the turn sequence does not take ``action`` now (``""``: it does): the phase and,
    an enemy activation needs an enemy slot (:data:`ROUND`, :data:`SLOTS`; whose turn a hero
    action needs is the hero handlers' check, which names the hero)."""
    when = WHEN[type(action)]
    rnd = state.round
    words = _WRONG_PHASE.get(when, "it is the {phase} phase").format(
        phase=rnd.phase, number=rnd.number, of=rnd.of)
    if when not in PHASE[rnd.phase].takes:
        return words
    if rnd.phase == "action" and when == ENEMIES and when not in slot_of(state).takes:
        return words
    return ""


def slot_of(state: FateforgeState) -> Slot:
    """The slot of the Action Phase sequence acting now."""
    return SLOTS.get(state.round.current or "", HERO_SLOT)


def rolls_waiting(state: FateforgeState) -> tuple[str, ...]:
    """Who still rolls the Preparation dice, in the order they roll: the ally (first round,
    unless out), then each standing hero who has not rolled (*Preparation Phase*: "Roll 4
    combat dice" is the first step; *Allies*)."""
    rnd = state.round
    if rnd.phase != "preparation":
        return ()
    ally = state.ally
    first = (ally.name,) if ally is not None and not ally.out and not ally.rolled \
        and rnd.number == 1 else ()
    return (*first, *(h.name for h in state.heroes if not h.ko and not h.rolled))


def arrive(state: FateforgeState, events: list[Event]) -> FateforgeState:
    """Settle the Action Phase pointer (the driver of :data:`SLOTS`): skip knocked-out and
    revived heroes, fill an enemy slot's queue when it is reached (an empty one is passed),
    and go to Clean-Up after the Enemy Turns."""
    while True:
        rnd = state.round
        current = rnd.current
        if current is None:
            return replace(state, round=replace(rnd, phase="cleanup", step=0, queue=()))
        slot = SLOTS.get(current)
        if slot is not None and slot.queue is not None:
            if rnd.queue:
                return state
            queue = slot.queue(state)
            if queue:
                events.append(Event("phase", slot.announce.format(queue=", ".join(queue))))
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


def advance(state: FateforgeState, events: list[Event]) -> FateforgeState:
    """The next slot of the Action Phase sequence, settled by :func:`arrive`."""
    rnd = state.round
    state = replace(state, round=replace(rnd, step=rnd.step + 1, queue=(), target=""))
    return arrive(state, events)


def skip_knocked_out(state: FateforgeState, events: list[Event]) -> FateforgeState:
    """A hero knocked out during its own turn (by the health it suffers to revive, say) takes
    no more actions: the rest of its turn is skipped (*Knocked Out — Revive*: "if it is your
    turn in player order, skip it entirely")."""
    current = state.round.current
    hero = state.find_hero(current) if current not in (None, REACTIONS, TURNS) else None
    if hero is not None and hero.ko:
        state = arrive(state, events)
    return state
