"""What every Fateforge handler shares: a handler is a pair, the rule check (``refusal``: the
rule an action breaks, in words, or ``""``) and the resolution (``resolve``: the new state and
events of an action the check allowed).  ``apply`` and ``legal_actions`` both read the check,
so an offered action is one ``apply`` takes, and neither finds out by trying.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from tabletop.games.fateforge.actions import Event
from tabletop.games.fateforge.combat import spend
from tabletop.games.fateforge.moves import focus_count
from tabletop.games.fateforge.state import FateforgeState, Hero, Token

Outcome = tuple[FateforgeState, list[Event]]


@dataclass(frozen=True)
class Handler:
    """One action's rule: ``refusal(state, action)`` is the rule it breaks (``""``: none;
    the turn sequence's phase check has passed), ``resolve(state, action)`` its outcome."""

    refusal: Callable[[FateforgeState, object], str]
    resolve: Callable[[FateforgeState, object], Outcome]


def hero_refusal(state: FateforgeState, name: str) -> str:
    """Hero ``name`` exists and is standing (*Knocked Out*)."""
    hero = state.find_hero(name)
    if hero is None:
        return f"there is no hero called {name!r}"
    if hero.ko:
        return f"{hero.name} is knocked out and cannot take actions (Knocked Out)"
    return ""


def prep_refusal(state: FateforgeState, name: str) -> str:
    """Hero ``name`` may take a Preparation option: standing, dice rolled."""
    problem = hero_refusal(state, name)
    if problem:
        return problem
    hero = state.find_hero(name)
    return "" if hero.rolled else f"{hero.name} has not rolled this round's combat dice yet"


def turn_refusal(state: FateforgeState, name: str) -> str:
    """It is hero ``name``'s turn, and the hero may act (not revived this round)."""
    problem = hero_refusal(state, name)
    if problem:
        return problem
    hero, current = state.find_hero(name), state.round.current
    if current != hero.name:
        return f"it is not {hero.name}'s turn (now: {current})"
    if hero.has_used("revived"):
        return f"{hero.name} was revived this round and resumes next round"
    return ""


def zone_refusal(state: FateforgeState, word: str) -> str:
    """A zone called ``word`` exists."""
    return "" if state.find_zone(word) is not None else f"there is no zone called {word!r}"


def zone_id(state: FateforgeState, word: str) -> str:
    """The id of the zone called ``word`` (checked by :func:`zone_refusal`)."""
    return state.find_zone(word).id


def focus_refusal(hero: Hero, count: int = 1) -> str:
    """``hero`` still has ``count`` FOCUS results."""
    if focus_count(hero) >= count:
        return ""
    return f"{hero.name} has no FOCUS result left" if count == 1 else \
        f"{hero.name} needs {count} FOCUS results"


def acted(state: FateforgeState, hero: Hero) -> FateforgeState:
    """``hero`` has taken an action this turn (the fountain's start and end)."""
    return state.with_hero(state.hero(hero.name).mark("acted"))


def spent(state: FateforgeState, name: str, result: str, count: int = 1) -> FateforgeState:
    """Hero ``name`` with ``count`` dice showing ``result`` spent."""
    return state.with_hero(spend(state.hero(name), result, count))


def find_token(state: FateforgeState, hero: Hero, word: str,
               kind: str) -> tuple[int, Token] | None:
    """The ``kind`` token called ``word`` in ``hero``'s zone, with its index."""
    for index, token in enumerate(state.tokens):
        if token.zone == hero.zone and token.kind == kind and word.lower() in (
                token.label.lower(), kind):
            return index, token
    return None


def token_refusal(state: FateforgeState, hero: Hero, word: str, kind: str) -> str:
    """A ``kind`` token called ``word`` lies in ``hero``'s zone, not guarded (*Guarded
    tokens*)."""
    found = find_token(state, hero, word, kind)
    if found is None:
        return f"there is no {kind} {word!r} in {state.zone_name(hero.zone)}"
    guard = state.guard_of(found[1].name)
    if guard:
        return (f"{guard.name} guards {found[1].label}; guarded tokens cannot be used until "
                f"the guard is defeated")
    return ""


def without(state: FateforgeState, index: int) -> FateforgeState:
    """``state`` with token ``index`` removed."""
    return replace(state, tokens=tuple(t for i, t in enumerate(state.tokens) if i != index))


def first(*problems: Callable[[], str]) -> str:
    """The first rule broken among ``problems``, checked in order (each is only asked when
    the ones before it passed, so it may rely on them)."""
    for problem in problems:
        words = problem()
        if words:
            return words
    return ""
