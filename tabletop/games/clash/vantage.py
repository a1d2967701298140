"""Vantage Points (rulebook *Vantage Points*): creating, climbing, falling, and a Knockdown
suffered on one.

A Monster lists its Vantage Points (``Monster.vantage_points``, north-frame offsets into its
footprint) and which are still locked.  A Knight on one has ``vantage`` set to the Monster's
name and stands on that Monster space; the Monster carries it when it moves or turns
(``ClashState.with_piece``).  Movement off a Vantage Point, adjacency and range from one are in
``geometry`` (``reach``, ``range_``, ``adjacent``); an involuntary movement of a Knight on one
Displaces it first (``forced_steps.off_vantage``).  The Climb and Hold on tests are the players'
rolls: the program is told the result.
"""

from __future__ import annotations

from dataclasses import replace

from tabletop.errors import IllegalActionError
from tabletop.games.clash.actions import (
    Climb,
    CreateVantagePoint,
    FallFromVantage,
    SetDivineTarget,
    SetStat,
)
from tabletop.games.clash.events import Event
from tabletop.games.clash.forced_steps import Branch, off_vantage
from tabletop.games.clash.state import ClashState, Knight, Monster
from tabletop.games.clash.turns import (
    in_turn,
    knight_of,
    monster_of,
    not_adjacent,
    require_able,
    set_stat,
)
from tabletop.spatial.grid import Space, adjacent

Result = tuple[ClashState, tuple[Event, ...]]


def vantage_spaces(monster: Monster, unlocked_only: bool = True) -> dict[Space, tuple[int, int]]:
    """``monster``'s Vantage Points as board space -> north-frame offset, at its current place
    and facing; with ``unlocked_only`` only those created (rulebook *Creating VPs*)."""
    return {monster.vantage_space(o): o for o in monster.vantage_points
            if not (unlocked_only and o in monster.locked_vantage_points)}


def rider_on(state: ClashState, monster: Monster, space: Space) -> Knight | None:
    """The Knight on ``monster``'s Vantage Point ``space``, or ``None``."""
    return next((k for k in state.knights if k.vantage == monster.name and k.at == space), None)


def free_vantage_points(state: ClashState, monster: Monster) -> list[Space]:
    """The created Vantage Points of ``monster`` with no Knight on them ("Only one Knight can
    occupy a single VP at a given time")."""
    return sorted(s for s in vantage_spaces(monster) if rider_on(state, monster, s) is None)


def create_vantage_point(state: ClashState, action: CreateVantagePoint) -> Result:
    """Unlock ``action.monster``'s Vantage Point on ``action.at`` (rulebook *Creating VPs*:
    "until you create a VP, the VP is locked"; a Monster with no VP description "cannot be
    climbed")."""
    monster = monster_of(state, action.monster, action)
    spaces = vantage_spaces(monster, unlocked_only=False)
    offset = spaces.get(action.at)
    if offset is None:
        raise IllegalActionError(action, _no_vp(monster, action.at))
    if offset not in monster.locked_vantage_points:
        raise IllegalActionError(action, f"{monster.name}'s Vantage Point on {action.at} is "
                                         f"already created")
    locked = tuple(o for o in monster.locked_vantage_points if o != offset)
    state = state.with_piece(replace(monster, locked_vantage_points=locked))
    return state, (Event("vp-created", monster.name, (action.at,), rule="Creating VPs"),)


def _no_vp(monster: Monster, at: Space) -> str:
    if not monster.vantage_points:
        return (f"{monster.name} has no Vantage Points; a Monster without a VP description "
                f"cannot be climbed (Vantage Points)")
    listed = ", ".join(str(s) for s in sorted(vantage_spaces(monster, unlocked_only=False)))
    return f"{at} is not a Vantage Point of {monster.name} (its Vantage Points: {listed})"


def climb(state: ClashState, action: Climb) -> Result:
    """A Climb test as a free action during the Knight's own turn (started now if needed):
    the Knight is adjacent to the Monster, the Vantage Point exists, is created and free; on a
    pass the Knight is placed on it (rulebook *Climbing a VP*).  Reading: a Knight already on a
    Vantage Point does not climb another; a knocked down Knight performs no action, free ones
    included (*Knockdown*)."""
    knight = knight_of(state, action.knight, action)
    monster = monster_of(state, action.monster, action)
    spaces = vantage_spaces(monster, unlocked_only=False)
    if action.at not in spaces:
        raise IllegalActionError(action, _no_vp(monster, action.at))
    if spaces[action.at] in monster.locked_vantage_points:
        raise IllegalActionError(action, f"{monster.name}'s Vantage Point on {action.at} is "
                                         f"locked: it must be created before it can be used "
                                         f"(Creating VPs)")
    if knight.vantage is not None:
        raise IllegalActionError(action, f"{knight.name} is already on a Vantage Point of "
                                         f"{knight.vantage}")
    if not adjacent(monster.spaces, knight.spaces) or monster.has("always there"):
        raise IllegalActionError(action, f"{knight.name} is not adjacent to {monster.name}; "
                                         f"only a Knight adjacent to the Monster may perform a "
                                         f"Climb test (Climbing a VP){not_adjacent(monster)}")
    rider = rider_on(state, monster, action.at)
    if rider is not None:
        raise IllegalActionError(action, f"{rider.name} is on that Vantage Point; only one "
                                         f"Knight can occupy a single VP at a given time")
    state, events = in_turn(state, knight, action)
    knight = state.knight(knight.name)
    require_able(knight, action)
    if not action.passed:
        return state, (*events, Event("climb-failed", knight.name, other=monster.name,
                                      rule="Climbing a VP"))
    state = state.with_piece(replace(knight, at=action.at, vantage=monster.name))
    return state, (*events, Event("climbed", knight.name, (action.at,), other=monster.name,
                                  rule="Climbing a VP"))


def fall_outcomes(state: ClashState, action: FallFromVantage) -> list[Branch]:
    """The Knight comes down to a free space adjacent to its Monster, each such space an
    outcome (rulebook *Falling down from a VP*; the Monster Sheet's effects of the fall are the
    players').  Reading: with no free space it dies, as a Displacement with nowhere to go."""
    knight = knight_of(state, action.knight, action)
    if knight.vantage is None:
        raise IllegalActionError(action, f"{knight.name} is not on a Vantage Point")
    start = Branch(state, (Event("fell", knight.name, other=knight.vantage,
                                 rule="Falling down from a VP"),))
    return off_vantage(start, knight.name, "Falling down from a VP")


def set_stat_outcomes(state: ClashState, action: SetStat) -> list[Branch]:
    """:func:`turns.set_stat`, except that a Knight knocked down on a Vantage Point is first
    Displaced to a space adjacent to the Monster, players choosing where (rulebook *Movement
    and VPs*: "If a Knight suffers Knockdown ... while on a VP space, they must first be
    Displaced")."""
    knight = knight_of(state, action.knight, action)
    if action.stat != "knockdown" or action.value != 1 or knight.vantage is None:
        new_state, events = set_stat(state, action)
        return [Branch(new_state, tuple(events))]
    set_stat(state, action)  # refuses a bad value before anything moves
    out = []
    for branch in off_vantage(Branch(state), knight.name, "Knockdown on a Vantage Point"):
        if branch.state.knight(knight.name) is None:
            out.append(branch)
            continue
        new_state, events = set_stat(branch.state, action)
        out.append(branch.then(new_state, *events))
    return out


def set_divine_target(state: ClashState, action: SetDivineTarget) -> Result:
    """Give the Divine Target token to a Knight, or take it away (rulebook *Divine Target*: it
    "is only passed to other Knights according to Traits or other effects")."""
    if action.knight is None:
        return replace(state, turn=replace(state.turn, divine=None)), (Event("divine-cleared"),)
    knight = knight_of(state, action.knight, action)
    state = replace(state, turn=replace(state.turn, divine=knight.name))
    return state, (Event("divine", knight.name, rule="Divine Target"),)
