"""Monster turning and movement (rulebook *Monster Turning*, *Monster Movement*, *Monster
Movement Types*, *Boss Monster Movement Through …*, *Target Out of Reach*).

A Monster turns toward its Target, moves along a shortest path (a boss through everything,
a mob around Obstacles, Chasms and miniatures), zig-zagging where several paths are equally
short; every zig-zag start and every remaining tie is a separate outcome for the players.
"""

from __future__ import annotations

from dataclasses import replace

from tabletop.games.clash.events import Event
from tabletop.games.clash.forced_steps import (
    Branch,
    _boss_passes,
    crash,
    is_boss,
    kill,
    others_on,
    place,
    settle,
    spaces_at,
    standable,
    tiles_with,
)
from tabletop.games.clash.state import ClashState, Knight, Monster, Piece
from tabletop.spatial import forced as directions
from tabletop.spatial.grid import DIRECTIONS, Space, square
from tabletop.spatial.measure import range_between
from tabletop.spatial.paths import distances_to, zigzag_paths


def facings_toward(monster: Monster, target_spaces) -> tuple[str, ...]:
    """The facings that turn ``monster`` toward a target on ``target_spaces`` (both when the
    target lies on a diagonal: the players choose)."""
    return directions.toward(monster.spaces, target_spaces)


def turn_toward(branch: Branch, name: str, target_spaces, rule: str) -> list[Branch]:
    """``name`` turned toward the target, one branch per equally good facing."""
    monster = branch.state.monster(name)
    if monster is None or not target_spaces:
        return [branch]
    ways = facings_toward(monster, target_spaces)
    if monster.facing in ways and len(ways) > 1:
        ways = (monster.facing, *[w for w in ways if w != monster.facing])
    out = []
    for way in ways:
        if way == monster.facing:
            out.append(branch.then(choice=f"{name} keeps facing {way}" if len(ways) > 1
                                   else None))
            continue
        state = branch.state.with_piece(replace(monster, facing=way))
        out.append(branch.then(state, Event("rotated", name, other=way, rule=rule),
                               choice=f"{name} turns {way}" if len(ways) > 1 else None))
    return out


def mob_allowed(state: ClashState, monster: Monster, *, ending: bool = False):
    """Where a mob's footprint may stand while moving (``ending``: where it may end): on the
    board, on no Obstacle, Chasm or Boundless space, on no other miniature (*Monster
    Movement*: "Mobs have to move around").  *Keyword List: Bypass*: a Monster with Bypass
    moves through other Monsters, with Advanced or Superior Bypass through every miniature,
    never ending on one; Superior Bypass also enters and ends on Obstacles and ignores Chasms."""
    superior = monster.has("superior bypass")
    if ending or not (superior or monster.has("advanced bypass") or monster.has("bypass")):
        through: set[str] = set()
    elif superior or monster.has("advanced bypass"):
        through = set(state.pieces)
    else:
        through = {m.name for m in state.monsters}
    if not superior:
        return lambda at: standable(state, monster, at, ignore=tuple(through))
    board = state.board

    def allowed(at: Space) -> bool:
        spaces = spaces_at(monster, at)
        return (all(board.contains(s) for s in spaces) and not tiles_with(state, spaces,
                                                                          "boundless")
                and all(p.name in through for p in others_on(state, spaces, monster.name)))
    return allowed


def boss_allowed(state: ClashState, monster: Monster):
    """Where a boss's footprint may stand while moving: anywhere on the board."""
    board = state.board
    return lambda at: all(board.contains(s) for s in spaces_at(monster, at))


def allowed_for(state: ClashState, monster: Monster):
    return boss_allowed(state, monster) if is_boss(monster) else mob_allowed(state, monster)


def near_positions(state: ClashState, monster: Monster, target_spaces, within: int) -> list[Space]:
    """Footprint positions from which ``monster`` is at range 1 to ``within`` of the target
    and does not cover it."""
    cells = set(target_spaces)
    out = []
    for at in state.board.spaces():
        mine = square(at, monster.size)
        if cells & set(mine) or not all(state.board.contains(s) for s in mine):
            continue
        if 1 <= range_between(mine, cells) <= within:
            out.append(at)
    return out


def walk(branch: Branch, name: str, path: tuple[Space, ...], rule: str, *,
         jump: bool = False) -> list[Branch]:
    """``name`` moved voluntarily along ``path`` (positions entered): a boss crashes Knights
    and destroys Destructible tiles it moves onto, then the end is settled (Crash and
    Unavoidable Knockback for Knights under it, Displacement for Mobs).  A Jump is set down
    straight on its last position: "This movement does not cause Crash or destroy Terrain
    tiles, with the exception of Knights and Terrain tiles the Monster ends this movement on"
    (rulebook *Monster Movement Types*).  The events come in the order things happen: the
    move up to a space, what entering it caused, then the move on."""
    b = branch
    if not path:
        return [b]
    begun = len(b.events)
    told = 0  # the positions of ``path`` already in a move event
    for index in (len(path) - 1,) if jump else range(len(path)):
        monster = b.state.monster(name)
        if not is_boss(monster):
            b = b.then(place(b.state, name, path[index]))
            continue
        mark = len(b.events)
        b = _boss_passes(b, monster, path[index], rule, crash_knights=not jump)
        if len(b.events) > mark:  # a Crash, a tile destroyed: after the move that caused it
            moved = Event("source-moved", name, path[told:index + 1], rule=rule)
            b = replace(b, events=(*b.events[:mark], moved, *b.events[mark:]))
            told = index + 1
    if told < len(path):
        b = b.then(None, Event("source-moved", name, path[told:], rule=rule))
    return settle_monster(b, name, rule, begun)


def settle_monster(branch: Branch, name: str, rule: str, begun: int) -> list[Branch]:
    """After a Monster's own movement ends (its events start at ``begun``): every Knight
    under a boss suffers Crash and Unavoidable Knockback — a Knight already crashed as the
    boss moved onto it during this movement is not crashed twice — and a boss on Mobs
    Displaces them to the closest unoccupied space (*Ending Boss Monster Movement on a
    Knight Space*: "that Knight suffers Crash and Unavoidable Knockback")."""
    return settle(crash_under(branch, name, begun), name, rule)


def crash_under(branch: Branch, name: str, begun: int) -> Branch:
    """``branch`` with Crash for every Knight under boss ``name``'s footprint that has not
    suffered one since event ``begun`` (rulebook *Ending Boss Monster Movement on a Knight
    Space*); unchanged for a Mob."""
    monster = branch.state.monster(name)
    if not is_boss(monster):
        return branch
    crashed = {e.piece for e in branch.events[begun:] if e.kind in ("crash", "crash-braced")}
    for other in others_on(branch.state, monster.spaces, name):
        if isinstance(other, Knight) and other.name not in crashed:
            branch = crash(branch, other.name, name,
                           "Ending Boss Monster Movement on a Knight Space")
    return branch


MOST_PATHS = 32
"""The most paths a movement lists (after routes that differ in nothing are merged)."""


def move_paths(state: ClashState, monster: Monster, goals: list[Space],
               limit: int | None) -> list[tuple[Space, ...]]:
    """Every zig-zag path from ``monster`` to one of ``goals`` (at most ``limit`` steps).  A
    mob moving through miniatures (Bypass) whose ``limit`` runs out on one stops at the last
    position it may end on ("You cannot end your voluntary movement on a space occupied by
    another miniature").  Routes with the same first step, the same end and the same pieces
    and tiles met on the way are one choice (:func:`_same_route`)."""
    if is_boss(monster):
        paths = zigzag_paths(monster.at, distances_to(goals, allowed_for(state, monster)),
                             limit, most=512)
        return _distinct_routes(state, monster, paths)
    may_end = mob_allowed(state, monster, ending=True)
    dist = distances_to([g for g in goals if may_end(g)], allowed_for(state, monster))
    out: list[tuple[Space, ...]] = []
    for path in zigzag_paths(monster.at, dist, limit, most=512):
        while path and not may_end(path[-1]):
            path = path[:-1]
        if path not in out:
            out.append(path)
    return _distinct_routes(state, monster, out)


def _same_route(monster: Monster, path: tuple[Space, ...], pieces: dict[Space, str],
                tiles: dict[Space, tuple[str, ...]]):
    """What the players' choice of ``path`` decides: its starting direction (*Monster
    Movement*: "the players may choose the starting direction"), where it ends, and the
    miniatures and tiles it meets on the way (Crash, destruction, tile effects);
    ``pieces`` and ``tiles`` say what stands on each space."""
    met: set[str] = set()
    for at in path:
        for space in spaces_at(monster, at):
            if space in pieces:
                met.add(pieces[space])
            met.update(tiles.get(space, ()))
    return (path[:1], path[-1:], frozenset(met))


def _distinct_routes(state: ClashState, monster: Monster,
                     paths: list[tuple[Space, ...]]) -> list[tuple[Space, ...]]:
    """``paths`` with routes that differ in nothing the rules see merged (the first kept),
    at most :data:`MOST_PATHS`."""
    pieces = {s: p.name for p in state.pieces.values() if p.name != monster.name
              for s in p.spaces}
    tiles: dict[Space, tuple[str, ...]] = {}
    for tile in state.terrain:
        for space in tile.spaces:
            tiles[space] = (*tiles.get(space, ()), "tile " + tile.name)
    seen: dict[object, tuple[Space, ...]] = {}
    for path in paths:
        seen.setdefault(_same_route(monster, path, pieces, tiles), path)
    return list(seen.values())[:MOST_PATHS]


def move_toward(branch: Branch, name: str, target_spaces, *, within: int = 1,
                limit: int | None = None, rule: str = "Monster Movement",
                jump: bool = False) -> list[Branch]:
    """*Move*: turn toward the target, move along a shortest path until within range
    ``within`` (adjacent for Melee), turn toward it again.  No path: the Monster stays."""
    out = []
    for turned in turn_toward(branch, name, target_spaces, "Monster Turning: begin movement"):
        monster = turned.state.monster(name)
        if 1 <= range_between(monster.spaces, target_spaces) <= within:
            out.append(turned)
            continue
        goals = near_positions(turned.state, monster, target_spaces, within)
        paths = move_paths(turned.state, monster, goals, limit)
        if not paths:
            closer = closest_reachable(turned.state, monster, target_spaces)
            paths = move_paths(turned.state, monster, closer, limit) if closer else []
            why = ("no path leads next to the Target, so it moves as close as it can"
                   if paths else "no path to the Target")
            turned = turned.then(None, Event("stopped", name, other=why,
                                             rule="Monster Movement"))
        if not paths:
            out.append(turned)
            continue
        for path in paths:
            choice = _path_choice(name, path) if len(paths) > 1 else None
            for moved in walk(turned.then(choice=choice), name, path, rule, jump=jump):
                out.extend(turn_toward(moved, name, target_spaces,
                                       "Monster Turning: end movement"))
    return out


def reachable(state: ClashState, monster: Monster) -> dict[Space, int]:
    """Every footprint position ``monster`` can move to, with the fewest cardinal steps (a
    boss through everything, a mob around Obstacles, Chasms and miniatures)."""
    return distances_to([monster.at], allowed_for(state, monster))


def closest_reachable(state: ClashState, monster: Monster, target_spaces) -> list[Space]:
    """*Monster Movement*: "tries to move as close to the Target as possible" — when no path
    leads next to the Target, the positions it can reach and end on that are nearest to the
    Target (by range), if nearer than where it stands."""
    may_end = (boss_allowed(state, monster) if is_boss(monster)
               else mob_allowed(state, monster, ending=True))
    here = range_between(monster.spaces, target_spaces)
    near: dict[Space, int] = {}
    for at in reachable(state, monster):
        if at != monster.at and may_end(at):
            gap = range_between(spaces_at(monster, at), target_spaces)
            if 1 <= gap < here:
                near[at] = gap
    best = min(near.values(), default=None)
    return [at for at, gap in near.items() if gap == best]


def _path_choice(name: str, path: tuple[Space, ...]) -> str:
    return f"{name} moves via {', '.join(str(s) for s in path)}"


def furthest_adjacent(state: ClashState, monster: Monster, target_spaces,
                      standing: bool) -> list[Space]:
    """Footprint positions adjacent to the target that are furthest from ``monster`` (in
    cardinal steps from its position); only free ones when ``standing`` (*Move Behind*,
    *Appear Behind*: "the furthest space adjacent to the Target")."""
    goals = near_positions(state, monster, target_spaces, 1)
    if standing:
        goals = [g for g in goals if may_land(state, monster, g)]
    if not goals:
        return []
    far = max(abs(g.row - monster.at.row) + abs(g.col - monster.at.col) for g in goals)
    return [g for g in goals if abs(g.row - monster.at.row) + abs(g.col - monster.at.col) == far]


def _furthest_reachable(state: ClashState, monster: Monster, target_spaces) -> list[Space]:
    """*Move Behind*: "Move to the furthest space adjacent to the Target" — of the positions
    next to the Target the Monster can reach and end on (a boss anywhere, a mob not on
    Obstacles or miniatures), those with the most steps on its path there."""
    steps = reachable(state, monster)
    may_end = (boss_allowed(state, monster) if is_boss(monster)
               else mob_allowed(state, monster, ending=True))
    goals = [g for g in near_positions(state, monster, target_spaces, 1)
             if g in steps and may_end(g)]
    far = max((steps[g] for g in goals), default=None)
    return [g for g in goals if steps[g] == far]


def may_land(state: ClashState, monster: Monster, at: Space) -> bool:
    """Whether ``monster`` may be placed (Appear) at ``at``: a boss anywhere on the board —
    Appear "still adhere[s] to standard Monster Movement rules", so Knights it lands on
    suffer Crash and Unavoidable Knockback, Mobs are Displaced, Destructible tiles destroyed;
    a mob only where it could stand (no Obstacle, Chasm, Boundless or miniature)."""
    if is_boss(monster):
        return all(state.board.contains(s) for s in spaces_at(monster, at))
    return standable(state, monster, at)


def move_behind(branch: Branch, name: str, target_spaces, *, limit: int | None = None,
                rule: str = "Move Behind") -> list[Branch]:
    """*Move Behind*: move to the furthest space adjacent to the Target."""
    out = []
    for turned in turn_toward(branch, name, target_spaces, "Monster Turning: begin movement"):
        monster = turned.state.monster(name)
        ends = _furthest_reachable(turned.state, monster, target_spaces)
        paths = move_paths(turned.state, monster, ends, limit)
        if not paths:
            out.append(turned.then(None, Event("stopped", name, other="no path", rule=rule)))
        for path in paths:
            choice = _path_choice(name, path) if len(paths) > 1 else None
            for moved in walk(turned.then(choice=choice), name, path, rule):
                out.extend(turn_toward(moved, name, target_spaces,
                                       "Monster Turning: end movement"))
    return out


def appear(branch: Branch, name: str, ends: list[Space], target_spaces,
           rule: str) -> list[Branch]:
    """*Appear*: the Monster is placed on one of ``ends`` (players choose), then settles and
    turns toward the target."""
    out = []
    for at in sorted(ends):
        placed = branch.then(choice=f"{name} appears on {at}" if len(ends) > 1 else None)
        for landed in walk(placed, name, (at,), rule, jump=True):
            out.extend(turn_toward(landed, name, target_spaces, "Monster Turning: end movement")
                       if target_spaces else [landed])
    return out


def land_on_top(branch: Branch, name: str, target: str, *, limit: int | None = None,
                rule: str = "Land on Top") -> list[Branch]:
    """*Land on Top*: a Jump ending on the Target's space; the Target is Displaced to a front
    space, without Crash or Unavoidable Knockback.  The Monster is set down straight on its
    last position (a Jump causes nothing on the way); every other Knight under the landing
    footprint suffers Crash and Unavoidable Knockback, Destructible tiles there are destroyed
    (a Jump's end); a Mob lands only where it could stand."""
    state = branch.state
    victim = state.pieces[target]
    out = []
    for turned in turn_toward(branch, name, victim.spaces, "Monster Turning: begin movement"):
        monster = turned.state.monster(name)
        goals = [at for at in turned.state.board.spaces()
                 if set(victim.spaces) <= set(spaces_at(monster, at))
                 and all(turned.state.board.contains(s) for s in spaces_at(monster, at))
                 and (is_boss(monster) or standable(turned.state, monster, at, (target,)))]
        paths = move_paths(turned.state, replace(monster, kind="boss"), goals, limit)
        for path in paths:
            choice = _path_choice(name, path) if len(paths) > 1 else None
            b = turned.then(choice=choice)
            begun = len(b.events)
            b = b.then(None, Event("source-moved", name, path, rule=rule))
            landing = replace(b.state.monster(name), at=path[-1])
            front = [s for s in _front_row(b.state, landing)
                     if standable(b.state, victim, s)]
            aside = [b.then(place(b.state, target, space),
                            Event("displaced", target, (space,),
                                  rule=f"{rule}: Displaced to a front space"),
                            choice=f"Displace {target} to {space}" if len(front) > 1 else None)
                     for space in front]
            if not front:
                aside = kill(b, target, f"{rule}: no front space to be Displaced to")
            for moved in aside:
                last = moved.state.monster(name)
                if is_boss(last):
                    moved = _boss_passes(moved, last, path[-1], rule, crash_knights=False)
                else:
                    moved = moved.then(place(moved.state, name, path[-1]))
                out.extend(settle_monster(moved, name, rule, begun))
    return out


def _front_row(state: ClashState, monster: Monster) -> list[Space]:
    """The spaces just in front of ``monster``'s front edge."""
    dx, dy = DIRECTIONS[monster.facing]
    own = set(monster.spaces)
    return [s.step(dx, dy) for s in monster.spaces if s.step(dx, dy) not in own]


def reaches(spaces, target_spaces, within: int, zone: int = 0) -> bool:
    """Whether an attack from a Monster on ``spaces`` reaches a target on ``target_spaces``:
    a Zone X attack when the target is within X spaces horizontally, vertically and
    diagonally and not under the Monster (*Attack Types: Zone Attack*), any other at range 1
    to ``within``."""
    if zone:
        mine = set(spaces)
        return any(s not in mine and min(max(abs(s.row - m.row), abs(s.col - m.col))
                                         for m in mine) <= zone for s in target_spaces)
    return 1 <= range_between(spaces, target_spaces) <= within


def lateral(branch: Branch, name: str, target_spaces, within: int,
            rule: str = "Move Lateral", zone: int = 0) -> list[Branch]:
    """*Move Lateral*: the shortest straight (row or column) move to a position from which
    the attack (range ``within``, or Zone ``zone``) can be performed against the target; like
    every movement the Monster turns toward the Target when it begins and ends it (*Monster
    Turning*)."""
    out = []
    for turned in turn_toward(branch, name, target_spaces, "Monster Turning: begin movement"):
        for moved in _lateral(turned, name, target_spaces, within, rule, zone):
            out.extend(turn_toward(moved, name, target_spaces, "Monster Turning: end movement"))
    return out


def _lateral(branch: Branch, name: str, target_spaces, within: int,
             rule: str, zone: int) -> list[Branch]:
    """The straight moves of *Move Lateral*, without the turning."""
    state = branch.state
    monster = state.monster(name)
    allowed = allowed_for(state, monster)
    may_end = allowed if is_boss(monster) else mob_allowed(state, monster, ending=True)
    best: list[tuple[Space, ...]] = []
    for dx, dy in DIRECTIONS.values():
        path: list[Space] = []
        at = monster.at
        while True:
            at = at.step(dx, dy)
            if not allowed(at):
                break
            path.append(at)
            if may_end(at) and reaches(spaces_at(monster, at), target_spaces, within, zone):
                if not best or len(path) < len(best[0]):
                    best = [tuple(path)]
                elif len(path) == len(best[0]):
                    best.append(tuple(path))
                break
    if reaches(monster.spaces, target_spaces, within, zone):
        return [branch]
    if not best:
        return [branch.then(None, Event("stopped", name, other="no straight line reaches the "
                                                              "Target", rule=rule))]
    out = []
    for path in best:
        out.extend(walk(branch.then(choice=_path_choice(name, path) if len(best) > 1 else None),
                        name, path, rule))
    return out


def slide_ways(state: ClashState, direction: str, mover: Piece) -> tuple[str, ...]:
    """Along a Board Edge met moving ``direction``: the way(s) that lead away from the most
    Knights (*Monster Movement*: "prioritizing a direction that will initially lead it away
    from the most Knights"); both when the Knights are evenly split."""
    sides = directions.PERPENDICULAR[direction]
    cx, cy = directions.centre2(mover.spaces)
    counts = {}
    for side in sides:
        dx, dy = DIRECTIONS[side]
        counts[side] = sum(1 for k in state.knights
                           if (2 * k.at.col + 1 - cx) * dx + (2 * k.at.row + 1 - cy) * dy < 0)
    most = max(counts.values())
    return tuple(s for s in sides if counts[s] == most)


def move_direction(branch: Branch, name: str, way: str, limit: int | None,
                   rule: str = "Move to X") -> list[Branch]:
    """*Move to X* "in the indicated direction": ``limit`` spaces straight ``way`` (no limit:
    until the Board Edge).  *Monster Movement*: "If any effect would cause the Monster to move
    past a Board Edge, it will continue the movement along the edge prioritizing a direction
    that will initially lead it away from the most Knights" (equally many: both offered; a
    second edge, a corner, ends it).  A boss passes through everything; a mob stops before
    what it cannot enter, and never ends on a miniature."""
    state = branch.state
    monster = state.monster(name)
    allowed = allowed_for(state, monster)
    may_end = (boss_allowed(state, monster) if is_boss(monster)
               else mob_allowed(state, monster, ending=True))
    done: list[tuple[tuple[Space, ...], str | None]] = []
    moving = [((), way, None)]
    while moving:
        path, heading, slid = moving.pop(0)
        here = path[-1] if path else monster.at
        if limit is not None and len(path) >= limit:
            done.append((path, slid))
            continue
        dx, dy = DIRECTIONS[heading]
        there = here.step(dx, dy)
        if all(state.board.contains(s) for s in spaces_at(monster, there)):
            if allowed(there):
                moving.append(((*path, there), heading, slid))
            else:
                done.append((path, slid))
            continue
        if limit is None or slid is not None:
            done.append((path, slid))
            continue
        mover = replace(monster, at=here)
        for side in slide_ways(state, heading, mover):
            moving.append((path, side, side))
    out = []
    for path, slid in done:
        while path and not may_end(path[-1]):
            path = path[:-1]
        start = branch.then(choice=(_path_choice(name, path) if len(done) > 1 and path
                                    else f"{name} stays" if len(done) > 1 else None))
        if slid is not None:
            start = start.then(None, Event("edge", name, other=slid,
                                           rule="Monster Movement: Board Edge"))
        out.extend(walk(start, name, path, rule) if path else [start])
    return out
