"""Move-like abilities (rulebook *Move-Like Abilities*, *Keyword List*: Reflex, Reposition X,
Motivate X, Hug X) and Rush.  They are resolved like a Movement Action but are not one: they do not
spend it, and may be used outside the Knight's own turn (Reactions, ability windows); a
knocked down Knight cannot use them.
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace

from tabletop.errors import IllegalActionError
from tabletop.games.clash import geometry
from tabletop.games.clash.actions import MOVE_LIKE, Motivate, MoveLike, Rush, Weapon
from tabletop.games.clash.events import Event
from tabletop.games.clash.forced_steps import standable
from tabletop.games.clash.state import ClashState, Knight
from tabletop.games.clash.turns import attack_problem, in_turn, knight_of, monster_of, require_able
from tabletop.spatial.grid import Space, adjacent
from tabletop.spatial.paths import distances_to

Result = tuple[ClashState, tuple[Event, ...]]

_STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1))
"""Hug's steps: the four cardinal ones, then the four diagonal ones."""


def hug_spaces(state: ClashState, knight: Knight, amount: int) -> frozenset[Space]:
    """Where Hug X can take ``knight``: up to X steps cardinally or diagonally, each onto an
    unoccupied space adjacent to a Monster, never through a corner between two occupied
    spaces (rulebook *Keyword List: Hug*).  Reading: Obstacle, Chasm and Boundless spaces
    count as not free; a Monster with Always There is never adjacent to a Knight (*Basic
    Abilities*).  A Knight on a Vantage Point is adjacent to its Monster and takes its
    first step onto any free space adjacent to that Monster, "as if they were adjacent
    spaces" (*Movement and VPs*).  Hug is voluntary movement, so a path through Difficult
    terrain (its starting space included, as for the Movement Action; not the Monster's spaces
    under a Knight on a Vantage Point) is one space shorter (*Keyword List: Difficult
    Terrain*)."""
    def free(space: Space) -> bool:
        return space == knight.at or standable(state, knight, space)

    def by_monster(space: Space) -> bool:
        return any(adjacent((space,), m.spaces) for m in state.monsters
                   if not m.has("always there"))

    host = state.monster(knight.vantage) if knight.vantage else None
    if host is None and not by_monster(knight.at):
        return frozenset()

    def explore(limit: int, avoid: frozenset[Space]) -> set[Space]:
        """The spaces reached in at most ``limit`` steps never entering ``avoid``."""
        if host is not None:
            own = set(host.spaces)
            seen = {knight.at: 0} | {s: 1 for sp in host.spaces for s in sp.neighbours()
                                     if limit >= 1 and s not in own and s not in avoid
                                     and state.board.contains(s) and free(s)}
        elif knight.at in avoid:
            return set()
        else:
            seen = {knight.at: 0}
        queue = deque(sorted(s for s in seen if host is None or s != knight.at))
        while queue:
            here = queue.popleft()
            if seen[here] >= limit:
                continue
            for dx, dy in _STEPS:
                there = here.step(dx, dy)
                if (there in seen or there in avoid or not free(there)
                        or not by_monster(there)):
                    continue
                if dx and dy and not free(here.step(dx, 0)) and not free(here.step(0, dy)):
                    continue
                seen[there] = seen[here] + 1
                queue.append(there)
        return set(seen) - {knight.at}

    rough = state.keyword_spaces("difficult")
    return frozenset(explore(amount - 1, frozenset()) | explore(amount, rough))


def move_like(state: ClashState, action: MoveLike) -> Result:
    """``action.knight`` moves with a move-like ability (not its Movement Action)."""
    knight = knight_of(state, action.knight, action)
    ability = action.ability.lower()
    if ability not in MOVE_LIKE:
        raise IllegalActionError(action, f"{action.ability!r} is not a move-like ability "
                                         f"({', '.join(MOVE_LIKE)})")
    if knight.knockdown == "falling":
        raise IllegalActionError(action, f"{knight.name} is knocked down and cannot move "
                                         f"voluntarily (Knockdown)")
    amount = MOVE_LIKE[ability] or action.amount
    if not 1 <= amount <= 20:
        raise IllegalActionError(action, f"{action.ability.title()} needs its X (1 to 20)")
    if ability == "hug":
        spaces = hug_spaces(state, knight, amount)
        rule = f"Hug {amount}"
        if action.target is not None and action.to in spaces:
            problem = _first_window_problem(state, knight, action)
            if problem:
                raise IllegalActionError(action, problem)
    else:
        spaces = geometry.reach(state, replace(knight, speed=amount))
        rule = f"{action.ability.title()} (up to {amount} space{'s' * (amount != 1)})"
    if action.to not in spaces:
        raise IllegalActionError(action, f"{action.to} is not a space {rule} can reach")
    moved = replace(knight, at=action.to, vantage=None)
    return state.with_piece(moved), (Event("moved", knight.name, (action.to,), rule=rule),)


def _first_window_problem(state: ClashState, knight: Knight, action: MoveLike) -> str | None:
    """Why a Hug in the first ability window may not end on ``action.to``: the Target would be
    outside the weapon's effective range (rulebook *Keyword List: Hug*: "If you perform Hug in
    the first ability window, you cannot move in a way that would result in your target being
    outside of your weapon's effective range").  Reading: range only; LoS is the attack's."""
    monster = monster_of(state, action.target, action)
    weapon = action.weapon or Weapon()
    if weapon.problem():
        return weapon.problem()
    moved = replace(knight, at=action.to, vantage=None)
    distance = geometry.range_(state.with_piece(moved), moved.name, monster.name)
    if weapon.low <= distance <= weapon.high:
        return None
    return (f"from {action.to} {monster.name} would be {distance} spaces away, outside the "
            f"{weapon} weapon's effective range; a Hug in the first ability window must keep "
            f"the target in range (Hug)")


def motivate(state: ClashState, action: Motivate) -> Result:
    """Motivate X: other Knights move up to X spaces among them, one after another, each move
    resolved like a move-like ability (rulebook *Keyword List: Motivate X*: "Motivate 3 allows
    one Knight to move 3 spaces, two Knights to move 2 and 1 spaces respectively or three
    Knights to move 1 space each").  Each move costs the fewest spaces its Knight needs (one
    more through Difficult terrain); a Knight moves at most once; the motivating Knight does
    not move.  A knocked down Knight cannot use it (*Knockdown*: no "Gear abilities or
    Techniques")."""
    motivator = knight_of(state, action.knight, action)
    if motivator.knockdown == "falling":
        raise IllegalActionError(action, f"{motivator.name} is knocked down and cannot use Gear "
                                         f"abilities or Techniques such as Motivate (Knockdown)")
    if not 1 <= action.amount <= 20:
        raise IllegalActionError(action, "Motivate needs its X (1 to 20)")
    names = [name for name, _ in action.moves]
    if action.knight in names:
        raise IllegalActionError(action, f"Motivate moves other Knights, not {action.knight}")
    if len(set(names)) != len(names):
        raise IllegalActionError(action, "each Knight moves once with one Motivate")
    left = action.amount
    events: list[Event] = []
    for name, to in action.moves:
        mover = knight_of(state, name, action)
        if mover.knockdown == "falling":
            raise IllegalActionError(action, f"{name} is knocked down and cannot move "
                                             f"voluntarily (Knockdown)")
        cost = next((s for s in range(1, left + 1)
                     if to in geometry.reach(state, replace(mover, speed=s))), None)
        if cost is None:
            raise IllegalActionError(action, f"{name} cannot reach {to} with the {left} "
                                             f"space{'s' * (left != 1)} of Motivate "
                                             f"{action.amount} left")
        left -= cost
        state = state.with_piece(replace(mover, at=to, vantage=None))
        events.append(Event("moved", name, (to,), rule=f"Motivate {action.amount} by "
                                                       f"{action.knight}: {cost} of its spaces"))
    return state, tuple(events)


def rush_spaces(state: ClashState, knight: Knight, monster_name: str, weapon,
                improved: bool = False) -> frozenset[Space]:
    """Where Rush can end (rulebook *Keyword List: Rush*): Speed +1 (+2 Improved), at least 3
    spaces, along a shortest path to the first spaces from which ``weapon`` can attack the
    Monster (effective range and LoS).  Rush is voluntary movement, so a path through
    Difficult terrain (its starting space included, as for the Movement Action) is one space
    shorter (*Difficult Terrain*: "If, during voluntary movement, a Knight moves through any
    number of Difficult Terrain tile spaces, they move one less space").  Reading: the path
    avoids what a Movement Action avoids.  From a Vantage Point the first step goes onto any
    free space adjacent to the Monster (*Movement and VPs*).  A Ranged weapon reaches no
    space: Rush's attack is a "Melee/Reach Attack"."""
    if weapon.kind == "ranged":
        return frozenset()
    bonus = 2 if improved else 1
    monster = state.monster(monster_name)
    ground = replace(knight, vantage=None)
    goals = [s for s in state.board.spaces() if standable(state, knight, s)
             and attack_problem(state.with_piece(replace(ground, at=s)), replace(ground, at=s),
                                monster, weapon) is None]
    host = state.monster(knight.vantage) if knight.vantage else None

    def walkable(space: Space) -> bool:
        return (host is None and space == knight.at) or standable(state, knight, space)

    if host is None:
        starts = [knight.at]
    else:
        starts = sorted({n for s in host.spaces for n in s.neighbours()
                         if n not in host.spaces and standable(state, knight, n)})
    dist = distances_to(goals, walkable)
    found = [dist[s] for s in starts if s in dist]
    first = 0 if host is None else 1
    if not found:
        return frozenset()
    steps = min(found) + first
    budget = knight.speed + bonus
    if steps < 3 or steps > budget:
        return frozenset()
    from_start = distances_to(starts, walkable, limit=steps - first)
    ends = {g for g in goals if from_start.get(g, -9) + first == steps}
    if steps <= budget - 1:
        return frozenset(ends)
    rough = frozenset() if knight.has("superior bypass") else state.keyword_spaces("difficult")
    clean_starts = [s for s in starts if s not in rough]
    if host is None and knight.at in rough:
        clean_starts = []
    clean = distances_to(clean_starts, lambda s: walkable(s) and s not in rough,
                         limit=steps - first)
    return frozenset(g for g in ends if clean.get(g, -9) + first == steps)


def rush(state: ClashState, action: Rush) -> Result:
    """Rush: the Knight's Movement Action to a space :func:`rush_spaces` allows; its attack
    (with Auto-break 1, Improved: +1 Precision) is the Combat Action that follows."""
    knight = knight_of(state, action.knight, action)
    monster_of(state, action.monster, action)
    state, events = in_turn(state, knight, action)
    knight = state.knight(knight.name)
    require_able(knight, action)
    if state.turn.moved:
        raise IllegalActionError(action, f"{knight.name} has already performed a Movement "
                                         f"Action this turn (Rush is one)")
    if action.weapon.problem():
        raise IllegalActionError(action, action.weapon.problem())
    if action.weapon.kind == "ranged":
        raise IllegalActionError(action, f"Rush is a Melee/Reach Attack; a {action.weapon} "
                                         f"weapon cannot be its active weapon (Rush)")
    ends = rush_spaces(state, knight, action.monster, action.weapon, action.improved)
    if action.to not in ends:
        where = ", ".join(str(s) for s in sorted(ends)) or "nowhere"
        raise IllegalActionError(action, f"Rush must move at least 3 spaces along a shortest "
                                         f"path and stop once {action.monster} is in the "
                                         f"weapon's effective range (allowed: {where})")
    moved = replace(knight, at=action.to, vantage=None)
    state = replace(state.with_piece(moved), turn=replace(state.turn, moved=True))
    rule = "Improved Rush" if action.improved else "Rush"
    return state, (*events, Event("moved", knight.name, (action.to,), rule=rule))
