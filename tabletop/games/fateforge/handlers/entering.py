"""Entering a zone: the trap there and the Fear of the enemies there (*Traps*, *Fear*), for a
hero who moves, a hero an enemy moves, and an enemy that moves in; and :class:`SpringTrap`,
the choice of a hero an enemy moved onto a trap."""

from __future__ import annotations

from dataclasses import replace

from tabletop.games.fateforge.actions import Event, SpringTrap
from tabletop.games.fateforge.combat import has_result
from tabletop.games.fateforge.handlers.common import Handler, Outcome, spent, without
from tabletop.games.fateforge.state import FateforgeState, Hero

TRAP_CHOICES = ("focus", "card", "ability")
"""A hero entering a trap zone: discard a FOCUS to ignore it, draw a trap card (the token is
discarded), or trigger an ability that removes the trap (*Traps*)."""


def enter_refusal(state: FateforgeState, hero: Hero, to: str, trap: str) -> str:
    """Whether ``hero`` may enter ``to`` dealing with its trap by ``trap`` (``""``: no trap
    there): a trap asks for one of :data:`TRAP_CHOICES`, a FOCUS choice needs a FOCUS
    (*Traps*)."""
    traps = state.tokens_in(to, "trap")
    if traps and trap not in TRAP_CHOICES:
        return (f"{state.zone_name(to)} holds a trap: choose to discard a FOCUS to ignore it, "
                f"to draw a trap card, or an ability that removes it (Traps)")
    if trap and not traps:
        return f"{state.zone_name(to)} holds no trap"
    if trap == "focus" and not has_result(hero, "focus"):
        return f"{hero.name} has no FOCUS result to discard for the trap"
    return ""


def move_refusal(state: FateforgeState, action) -> str:
    """:func:`enter_refusal` for an action that moves its ``hero`` into the zone ``to`` with
    a ``trap`` choice (Dash, STEP, a portal); the zone is known to exist."""
    to = state.find_zone(action.to).id
    return enter_refusal(state, state.find_hero(action.hero), to, action.trap)


def enter_zone(state: FateforgeState, name: str, to: str, trap: str) -> Outcome:
    """Move hero ``name`` into ``to`` voluntarily: the trap there is dealt with by ``trap``
    (*Traps*); a fear-inducing enemy there makes the hero draw a Fear card, once per round
    (*Fear*)."""
    state = state.with_hero(replace(state.hero(name), zone=to))
    state, events = trap_choice(state, name, trap)
    return fear(state, name, to, events)


def trap_choice(state: FateforgeState, name: str, trap: str) -> Outcome:
    """Hero ``name``, in a trap zone, deals with the trap by ``trap`` (``""``: no trap)."""
    events: list[Event] = []
    to = state.hero(name).zone
    traps = state.tokens_in(to, "trap")
    if trap == "focus":
        state = spent(state, name, "focus")
        events.append(Event("trap", f"{name} discards a FOCUS to ignore the trap in "
                                    f"{state.zone_name(to)}."))
    elif trap in ("card", "ability"):
        state = without(state, state.tokens.index(traps[0]))
        text = (f"{name} triggers the trap in {state.zone_name(to)}: draw a trap card and "
                f"apply it; the trap token is discarded." if trap == "card" else
                f"{name} triggers an ability that removes the trap in {state.zone_name(to)} "
                f"(apply it from the card).")
        events.append(Event("trap", text))
    return state, events


def _spring_refusal(state: FateforgeState, action: SpringTrap) -> str:
    hero = state.find_hero(action.hero)
    if hero is None or not hero.has_used("trap"):
        return f"{action.hero} was not moved onto a trap"
    if action.choice not in TRAP_CHOICES:
        return f"choose one of {', '.join(TRAP_CHOICES)} for the trap"
    if action.choice == "focus" and state.tokens_in(hero.zone, "trap") \
            and not has_result(hero, "focus"):
        return f"{hero.name} has no FOCUS result to discard for the trap"
    return ""


def _spring(state: FateforgeState, action: SpringTrap) -> Outcome:
    """A hero moved onto a trap by an enemy deals with it at once: discard a FOCUS, draw a
    trap card, or an ability that removes it (*Traps*: "voluntarily or not")."""
    hero = state.find_hero(action.hero)
    state = state.with_hero(replace(hero, used=tuple(u for u in hero.used if u != "trap")))
    if not state.tokens_in(hero.zone, "trap"):
        return state, [Event("trap", f"the trap in {state.zone_name(hero.zone)} is gone.")]
    return trap_choice(state, hero.name, action.choice)


SPRING_TRAP = Handler(_spring_refusal, _spring)


def trap_waiting(state: FateforgeState) -> str:
    """The hero moved onto a trap who has not yet chosen what to do, or ``""``; until it
    has, nothing else happens (*Traps*: a hero moved onto a trap deals with it at once)."""
    return next((h.name for h in state.heroes if h.has_used("trap") and not h.ko), "")


def fear_all(state: FateforgeState, zone: str, events: list[Event]) -> Outcome:
    """Every hero in ``zone`` meets the fear-inducing enemies there (one moved in)."""
    for hero in state.heroes:
        if hero.zone == zone:
            state, events = fear(state, hero.name, zone, events)
    return state, events


def fear(state: FateforgeState, name: str, zone: str, events: list[Event]) -> Outcome:
    """Hero ``name`` in ``zone`` meets a fear-inducing enemy there: a Fear card, once per
    hero per round (*Fear*)."""
    hero = state.hero(name)
    scary = [e.name for e in state.enemies_in(zone) if e.has("fear")]
    if scary and not hero.has_used("fear") and not hero.ko:
        state = state.with_hero(hero.mark("fear"))
        events.append(Event("fear", f"{name} meets {scary[0]}, which instils Fear: draw a Fear "
                                    f"card (one per hero per round)."))
    return state, events


def moved_in(state: FateforgeState, name: str, zone: str, events: list[Event]) -> Outcome:
    """Hero ``name`` was moved into ``zone`` by an enemy: a trap there waits for the hero's
    choice (:class:`SpringTrap`) and a fear-inducing enemy there makes the hero draw a Fear
    card (*Traps*: "voluntarily or not", *Fear*: "when entering a zone")."""
    if state.tokens_in(zone, "trap"):
        state = state.with_hero(state.hero(name).mark("trap"))
        events.append(Event("trap", f"{name} is moved onto a trap in {state.zone_name(zone)}: "
                                    f"discard a FOCUS, draw a trap card, or use an ability "
                                    f"that removes it."))
    return fear(state, name, zone, events)
