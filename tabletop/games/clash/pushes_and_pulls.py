"""Pushback, Pull, Drag, Forced Vault, Gangup and Herd (rulebook *Keyword List*), built on the
step rules of :mod:`tabletop.games.clash.forced_steps`.  Each returns every outcome as a
:class:`~tabletop.games.clash.forced_steps.Branch`; the players' choices are named in it.
"""

from __future__ import annotations

from dataclasses import replace

from tabletop.games.clash import movement
from tabletop.games.clash.events import Event
from tabletop.games.clash.forced_steps import (
    Branch,
    _boss_passes,
    _enter,
    _jump_ready,
    able_source,
    crash,
    destroy,
    destructible,
    displace,
    immovable,
    is_boss,
    is_mob,
    kill,
    knock_down,
    others_on,
    place,
    settle,
    spaces_at,
    standable,
    tiles_with,
)
from tabletop.games.clash.movement import move_toward, slide_ways, turn_toward
from tabletop.games.clash.state import Knight, Monster, Piece
from tabletop.spatial import forced as directions
from tabletop.spatial.grid import DIRECTIONS, Space, adjacent
from tabletop.spatial.measure import range_between
from tabletop.spatial.paths import distances_to, zigzag_paths


def _face(branch: Branch, source: str, way: str, rule: str) -> Branch:
    monster = branch.state.monster(source)
    if monster is None or monster.facing == way:
        return branch
    return branch.then(branch.state.with_piece(replace(monster, facing=way)),
                       Event("rotated", source, other=way, rule=rule))


def _source_step(branch: Branch, source: str, way: str, rule: str) -> Branch | None:
    """The source of a Pushback or Drag moves one space ``way`` (a boss through everything,
    crashing Knights; a mob or a Knight only onto free spaces), or ``None`` when it cannot."""
    piece = branch.state.pieces[source]
    at = piece.at.step(*DIRECTIONS[way])
    spaces = spaces_at(piece, at)
    if not all(branch.state.board.contains(s) for s in spaces):
        return None
    if is_boss(piece):
        return _boss_passes(branch, piece, at, rule)
    if not standable(branch.state, piece, at):
        return None
    return branch.then(place(branch.state, source, at))


def _told_before(branch: Branch, at: int, *told: Event) -> Branch:
    """``branch`` with the events ``told`` inserted before its events from index ``at``: a
    movement told before what it caused, so events come in the order they happen."""
    return replace(branch, events=(*branch.events[:at], *told, *branch.events[at:]))


def _aside(branch: Branch, target: str, keep_free: tuple[Space, ...], rule: str):
    """The target Displaced out of the source's way (Pushback's Board Edge and Indestructible
    Obstacle rules): one branch per space, none when it cannot be."""
    piece = branch.state.pieces[target]
    options = []
    for dx, dy in DIRECTIONS.values():
        at = piece.at.step(dx, dy)
        if standable(branch.state, piece, at) and not set(spaces_at(piece, at)) & set(keep_free):
            options.append(at)
    return [branch.then(place(branch.state, target, at),
                        Event("displaced", target, (at,), rule=rule),
                        choice=f"Displace {target} to {at}" if len(options) > 1 else None)
            for at in sorted(options)]


def pushback(branch: Branch, source: str, target: str, amount: int, *,
             toward: Space | None = None) -> list[Branch]:
    """Pushback X (and Pushback toward a space): turn the source toward the target, then move
    the source up to X spaces toward it, pushing it in a straight line (rulebook *Keyword
    List: Pushback*).  A target not adjacent is first approached along a shortest path
    ("Shortest path: If the affected miniature is not adjacent, move the source in its
    direction along the shortest possible path"), by a Knight source too (a Reach weapon's
    Pushback, *Knight Timing*)."""
    rule = "Pushback"
    state = branch.state
    able_source(state, source, target, rule)
    mover = state.pieces[target]
    why = immovable(mover)
    if why:
        return [branch.then(None, Event("ignored", target, other=why, rule=rule))]
    starts = [branch]
    origin = state.pieces[source]
    if isinstance(origin, Monster) and not adjacent(origin.spaces, mover.spaces):
        starts = move_toward(branch, source, mover.spaces, rule="Pushback: shortest path")
    elif not adjacent(origin.spaces, mover.spaces) and not origin.vantage:
        starts = _knight_approach(branch, source, target, "Pushback: shortest path")
    out = []
    for start in starts:
        origin = start.state.pieces[source]
        if not adjacent(origin.spaces, start.state.pieces[target].spaces):
            out.append(start.then(None, Event("stopped", source, other=f"{target} is not "
                                              "adjacent", rule=rule)))
            continue
        if toward is not None:
            out.extend(_push_toward(start, source, target, amount, toward, rule))
            continue
        ways = directions.toward(origin.spaces, start.state.pieces[target].spaces)
        for way in ways:
            b = start.then(choice=f"push {way}" if len(ways) > 1 else None)
            out.extend(_push(b, source, target, amount, way, rule))
    return out


def _knight_approach(branch: Branch, source: str, target: str, rule: str) -> list[Branch]:
    """Knight ``source`` moved along a shortest zig-zag path to a free space adjacent to
    ``target``, around what a Knight cannot move through or end on (Obstacles, Chasms,
    Boundless tiles, miniatures), as a Mob source moves; routes to the same space are one
    choice (nothing on a free space reacts to it).  No such path: a ``stopped`` event, the
    Knight stays (rulebook *Keyword List: Pushback X*, "Shortest path")."""
    state = branch.state
    knight, mover = state.pieces[source], state.pieces[target]
    own = set(mover.spaces)
    goals = sorted({n for s in mover.spaces for n in s.neighbours()
                    if n not in own and standable(state, knight, n)})
    dist = distances_to(goals, lambda at: standable(state, knight, at))
    ends: dict[Space, tuple[Space, ...]] = {}
    for path in zigzag_paths(knight.at, dist):
        if path:
            ends.setdefault(path[-1], path)
    if not ends:
        return [branch.then(None, Event("stopped", source, other=f"no path leads next to "
                                                                 f"{target}", rule=rule))]
    return [branch.then(place(state, source, path[-1]),
                        Event("source-moved", source, path, rule=rule),
                        choice=f"{source} moves via {', '.join(map(str, path))}"
                        if len(ends) > 1 else None)
            for path in ends.values()]


def _push_toward(branch, source, target, amount, toward, rule) -> list[Branch]:
    """Pushback toward: the target is pushed along a shortest path to ``toward``."""
    piece = branch.state.pieces[target]
    board = branch.state.board
    dist = distances_to([toward], lambda at: board.contains(at))
    out = []
    paths = zigzag_paths(piece.at, dist, amount)
    for path in paths:
        b = branch.then(choice=f"push via {', '.join(map(str, path))}" if len(paths) > 1
                        else None)
        ways = []
        here = piece.at
        for at in path:
            ways.append(directions.direction_between(here, at))
            here = at
        out.extend(_push(b, source, target, len(ways), ways[0], rule, plan=ways)
                   if ways else [b])
    return out


def _push(branch: Branch, source: str, target: str, amount: int, way: str, rule: str,
          plan: list[str] | None = None) -> list[Branch]:
    """Move the source ``amount`` spaces, pushing the target ahead of it, one space at a time
    (``plan``: the direction of each step, for Pushback toward)."""
    results: list[Branch] = []
    mob_source = is_mob(branch.state.pieces[source])
    knight_source = isinstance(branch.state.pieces[source], Knight)
    first = _face(branch, source, way, "Pushback: turn toward")
    pending = [(first, way, amount, (), ())]
    allowance = _jump_ready(branch.state.pieces[target])
    begun = len(first.events)

    def jumped(b: Branch) -> list[Space]:
        return [e.path[0] for e in b.events[begun:] if e.kind == "jumped" and e.piece == target]

    def may_jump(b: Branch, tgt: Piece, nxt_at: Space, left: int) -> bool:
        """*Keyword List: Jump*: one space of a Terrain tile (Advanced Jump: two adjacent
        spaces of one tile), once per movement, never the space the movement ends on."""
        over = {t.name for t in b.state.terrain if nxt_at in t.spaces
                and any(t.has(k) for k in JUMPED_OVER)}
        done = jumped(b)
        if not over or left <= 1 or len(done) >= allowance:
            return False
        if not done:
            return True
        return tgt.at == done[-1] and bool(over & {t.name for t in b.state.terrain
                                                   if done[-1] in t.spaces})

    def close(b: Branch, path, went, *, settle_target: bool = True,
              since: int | None = None) -> list[Branch]:
        """The movement so far told as events (the target's, then the source's), then the
        pieces settle; what the last step caused (a Crash against what stopped it, a Knight
        the Boss ran into: the events from index ``since``) is told after the movement, as it
        happened.  A Knight left on the space it Jumped is no outcome."""
        tgt = b.state.pieces.get(target)
        done = jumped(b)
        if tgt is not None and done and tgt.at == done[-1]:
            return []
        told = []
        if path and target in b.state.pieces:
            told.append(Event("pushed", target, tuple(path), rule=rule))
        if went:
            told.append(Event("source-moved", source, tuple(went), rule=rule))
        b = _told_before(b, len(b.events) if since is None else since, *told)
        settled = settle(b, target, rule) if settle_target else [b]
        if not is_boss(b.state.pieces.get(source)):
            return settled
        return [done for one in settled for done in settle(one, source, rule)]

    def told_so_far(b: Branch, at: int, path, went):
        """When the events from index ``at`` on say what a step caused (the Boss ran into a
        Knight, a tile broke), the movement so far told before them and the paths begun
        anew; else everything unchanged."""
        if len(b.events) == at:
            return b, path, went
        told = [Event("pushed", target, tuple(path), rule=rule)] if path else []
        told += [Event("source-moved", source, tuple(went), rule=rule)] if went else []
        return _told_before(b, at, *told), (), ()

    while pending:
        b, d, left, path, went = pending.pop(0)
        if plan is not None and amount - left < len(plan):
            d = plan[amount - left]
        tgt = b.state.pieces.get(target)
        if tgt is None or left == 0:
            results.extend(close(b, path, went))
            continue
        src = b.state.pieces[source]
        nxt_at = tgt.at.step(*DIRECTIONS[d])
        nxt = spaces_at(tgt, nxt_at)
        src_next = spaces_at(src, src.at.step(*DIRECTIONS[d]))
        if set(nxt) & set(src.spaces):
            results.extend(close(b.then(None, Event("stopped", target, other=source,
                                                    rule=rule)), path, went,
                                 since=len(b.events)))
            continue
        off = not all(b.state.board.contains(s) for s in nxt)
        if not off and may_jump(b, tgt, nxt_at, left):
            over = " and ".join(t.name for t in b.state.terrain if nxt_at in t.spaces)
            leap = b.then(place(b.state, target, nxt_at),
                          Event("jumped", target, (nxt_at,), other=over, rule=rule),
                          choice=f"{target} Jumps over {nxt_at}")
            stepped = _source_step(leap, source, d, rule)
            if stepped is not None:
                pending.append((stepped, d, left - 1, (*path, nxt_at),
                                (*went, stepped.state.pieces[source].at)))
            b = b.then(choice=f"{target} does not Jump over {nxt_at}")
        walls = tiles_with(b.state, nxt, "obstacle")
        hard = [t for t in walls if not destructible(t)]
        if is_mob(tgt):
            hard += tiles_with(b.state, nxt, "chasm")
        if off and isinstance(tgt, Knight) and d in b.state.boundless_edges:
            dead = b.then(None, Event("pushed", target, tuple(path), rule=rule)) if path else b
            for done in kill(dead, target, f"Boundless: pushed beyond the {d} Board Edge",
                             lifeline="edge"):
                results.extend(close(done, (), went, settle_target=False))
            continue
        if off or (hard and not is_boss(tgt)):
            what = "the Board Edge" if off else hard[0].name
            if hard and not off and (mob_source or knight_source):
                mark = len(b.events)
                if isinstance(tgt, Knight):
                    b = crash(b, target, what, f"{rule}: into an Indestructible Obstacle")
                results.extend(close(b.then(None, Event("stopped", target, other=what,
                                                        rule=rule)), path, went, since=mark))
                continue
            if path:
                b = b.then(None, Event("pushed", target, tuple(path), rule=rule))
            asides = _aside(b, target, src_next, f"{rule}: {what}")
            if not asides:
                if is_boss(src) or (isinstance(src, Monster) and not mob_source and off):
                    for dead in kill(b, target, f"{rule}: pushed into {what} with no space to "
                                                f"be Displaced to"):
                        stepped = _source_step(dead, source, d, rule)
                        results.extend(close(stepped or dead, (), (
                            *went, stepped.state.pieces[source].at) if stepped else went,
                            settle_target=False, since=len(dead.events)))
                    continue
                results.extend(close(b.then(None, Event("stopped", target, other=what,
                                                        rule=rule)), (), went))
                continue
            for aside in asides:
                stepped = _source_step(aside, source, d, rule)
                if stepped is None:
                    results.extend(close(aside, (), went))
                    continue
                new_way = directions.toward(stepped.state.pieces[source].spaces,
                                            stepped.state.pieces[target].spaces)
                stepped, _, now_went = told_so_far(stepped, len(aside.events), (), (
                    *went, stepped.state.pieces[source].at))
                pending.append((stepped, new_way[0], left - 1, (), now_went))
            continue
        blockers = [p for p in others_on(b.state, nxt, target) if p.name != source]
        if blockers and mob_source:
            results.extend(close(b.then(None, Event("stopped", target, other=blockers[0].name,
                                                    rule=f"{rule}: a Mob stops at miniatures")),
                                 path, went, since=len(b.events)))
            continue
        mark: int | None = len(b.events)  # where this step's move is told (None: told)
        begun_step = mark
        if walls and isinstance(tgt, Knight):  # onto the tile: the move, then what it breaks
            b = b.then(None, Event("pushed", target, (*path, nxt_at), rule=rule))
            for t in walls:
                b = destroy(b, t, "Destructible")
            b = crash(b, target, walls[0].name, f"{rule}: into a Destructible Obstacle",
                      nxt_at)
            path, mark = (), None  # the rest of the movement is told from here
        step = (nxt_at,) if mark is not None else ()
        for kind, nb, _ in _enter(b, tgt, nxt_at, rule, knockback=False, source=source):
            if kind == "end":
                if mark is not None:
                    nb = _told_before(nb, mark, Event("pushed", target, (*path, nxt_at),
                                                      rule=rule))
                stepped = (_source_step(nb, source, d, rule)
                           if target not in nb.state.pieces else None)
                results.extend(close(stepped or nb, (), (
                    *went, stepped.state.pieces[source].at) if stepped else went,
                    settle_target=False, since=len(nb.events)))
                continue
            if kind == "stop":
                results.extend(close(nb, path, went, since=begun_step))
                continue
            now_path = (*path, *step)
            if len(nb.events) > begun_step and now_path:  # it broke a tile: its move first
                nb = _told_before(nb, begun_step, Event("pushed", target, now_path, rule=rule))
                now_path = ()
            moved = _source_step(nb, source, d, rule)
            if moved is None:
                results.extend(close(nb, now_path, went, since=begun_step))
                continue
            moved, now_path, now_went = told_so_far(moved, len(nb.events), now_path, (
                *went, moved.state.pieces[source].at))
            pending.append((moved, d, left - 1, now_path, now_went))
    return results


def pull(branch: Branch, source: str, target: str, amount: int) -> list[Branch]:
    """Pull X: the target moves up to X spaces toward the source along a shortest path, until
    adjacent; through miniatures; a Destructible Obstacle is broken (Crash) and passed; an
    Indestructible one is walked around after a Crash; a Chasm kills a Knight.  The source then
    turns toward the target (rulebook *Keyword List: Pull*)."""
    rule = "Pull"
    state = branch.state
    able_source(state, source, target, rule)
    mover = state.pieces[target]
    why = immovable(mover)
    if why:
        return [branch.then(None, Event("ignored", target, other=why, rule=rule))]
    origin = state.pieces[source]
    if adjacent(origin.spaces, mover.spaces):
        return [branch.then(None, Event("stopped", target, other=f"already adjacent to {source}",
                                        rule=rule))]
    goals = [at for at in state.board.spaces()
             if range_between(spaces_at(mover, at), origin.spaces) == 1]
    free = _involuntary_allowed(state, mover, source, hard_obstacles=True)
    loose = _involuntary_allowed(state, mover, source, hard_obstacles=False)
    dist = distances_to(goals, free)
    straight = distances_to(goals, loose)
    paths = zigzag_paths(mover.at, dist, amount)
    out = []
    for path in paths:
        b = branch.then(choice=f"pulled via {', '.join(map(str, path))}" if len(paths) > 1
                        else None)
        out.extend(_follow(b, source, target, path, rule, dist=dist, straight=straight))
    if not paths:
        out.append(branch.then(None, Event("stopped", target, other="no path", rule=rule)))
    return [_face_toward(b, source, target) for b in out]


def _involuntary_allowed(state, mover: Piece, source: str, *, hard_obstacles: bool):
    """Where an involuntarily moved piece may pass: on the board, not a boss's space (other
    than the source's), not an Obstacle that cannot be broken (when ``hard_obstacles``), for
    a Mob not a Chasm either."""
    def ok(at: Space) -> bool:
        spaces = spaces_at(mover, at)
        if not all(state.board.contains(s) for s in spaces):
            return False
        if any(is_boss(p) for p in others_on(state, spaces, mover.name)):
            return False
        if hard_obstacles and any(not destructible(t)
                                  for t in tiles_with(state, spaces, "obstacle")):
            return False
        return not (is_mob(mover) and tiles_with(state, spaces, "chasm"))
    return ok


JUMPED_OVER = ("obstacle", "chasm", "boundless")
"""The Terrain keywords that make a space worth Jumping in an involuntary movement."""


def _jump_plans(state, piece: Piece, path) -> list[tuple[int, ...]]:
    """The path indices a Knight with Jump may ignore (rulebook *Keyword List: Jump*: "you may
    ignore a single space of a Terrain tile"; Advanced Jump "up to 2 adjacent spaces of a single
    Terrain tile"), never the last space (it must end somewhere it may stand); ``()`` is not
    jumping."""
    allowance = _jump_ready(piece)
    plans: list[tuple[int, ...]] = [()]
    if not allowance:
        return plans
    tiles = [{t.name for t in state.terrain if at in t.spaces
              and any(t.has(k) for k in JUMPED_OVER)} for at in path]
    for i in range(len(path) - 1):
        if tiles[i]:
            plans.append((i,))
        if allowance >= 2 and i + 2 < len(path) and tiles[i] & tiles[i + 1]:
            plans.append((i, i + 1))
    return plans


def _follow(branch: Branch, source: str, target: str, path, rule: str, **options) -> list[Branch]:
    """:func:`_follow_path`, once without a Jump and once per way a Knight with Jump may use it
    on ``path`` (each an outcome the players choose)."""
    piece = branch.state.pieces.get(target)
    plans = _jump_plans(branch.state, piece, path) if piece is not None else [()]
    if len(plans) == 1:
        return _follow_path(branch, source, target, path, rule, **options)
    out = []
    for plan in plans:
        words = (f"{target} Jumps over {', '.join(str(path[i]) for i in plan)}" if plan
                 else f"{target} does not Jump")
        out.extend(_follow_path(branch.then(choice=words), source, target, path, rule,
                                jumped=frozenset(plan), **options))
    return out


def _follow_path(branch: Branch, source: str, target: str, path, rule: str, *, dist=None,
                 straight=None, stop_at_miniatures: bool = False, through_source: bool = False,
                 jumped: frozenset[int] = frozenset()) -> list[Branch]:
    """The target moved along ``path`` by involuntary movement rules (Pull, Drag, Gangup,
    Herd): Destructible Obstacles broken with a Crash, a Chasm kills a Knight, a detour forced
    by an Indestructible Obstacle costs a Crash first.  The target stops before the source's
    spaces unless ``through_source`` (Gangup and Herd move it "ignoring the source").  The
    spaces at the ``jumped`` indices of ``path`` are passed over by a Jump, their tiles
    ignored; a movement that stops on one is no outcome (a Jump never ends on its space)."""
    b = branch
    walked: list[Space] = []
    told = 0  # how many of the walked spaces a "pushed" event has told

    def tell(b: Branch, *entering: Space, at: int | None = None) -> Branch:
        """The movement not yet told (and ``entering``), told now (before the events from
        index ``at`` on, when given): before what it causes."""
        nonlocal told
        moved = (*walked[told:], *entering)
        told = len(walked) + len(entering)
        if not moved:
            return b
        return _told_before(b, len(b.events) if at is None else at,
                            Event("pushed", target, moved, rule=rule))

    crashed = False
    for at in path:
        piece = b.state.pieces.get(target)
        if piece is None:
            return [b]
        if (dist is not None and straight is not None and not crashed
                and isinstance(piece, Knight) and straight.get(piece.at, 0) < dist[piece.at]):
            hard = [t for t in b.state.terrain if t.has("obstacle") and not destructible(t)]
            b = crash(tell(b), target, hard[0].name if hard else "an Obstacle",
                      f"{rule}: into an Indestructible Obstacle")
            crashed = True
        spaces = spaces_at(piece, at)
        if stop_at_miniatures and [p for p in others_on(b.state, spaces, target)
                                   if p.name != source]:
            b = tell(b).then(None, Event("stopped", target, other="a miniature in the way",
                                         rule=rule))
            break
        if not through_source and set(spaces) & set(b.state.pieces[source].spaces):
            break
        if len(walked) in jumped:
            over = [t.name for t in b.state.terrain if at in t.spaces]
            b = b.then(place(b.state, target, at), Event("jumped", target, (at,),
                                                         other=" and ".join(over), rule=rule))
            walked.append(at)
            continue
        walls = tiles_with(b.state, spaces, "obstacle")
        mark: int | None = len(b.events)  # where this step's move is told (None: told)
        if walls and isinstance(piece, Knight) and all(destructible(t) for t in walls):
            b = tell(b, at)  # onto the tile: the move, then what it breaks
            mark = None
            for t in walls:
                b = destroy(b, t, "Destructible")
            b = crash(b, target, walls[0].name, f"{rule}: into a Destructible Obstacle", at)
        elif walls:
            b = tell(b)
            if isinstance(piece, Knight):
                b = crash(b, target, walls[0].name, f"{rule}: into an Indestructible Obstacle")
            b = b.then(None, Event("stopped", target, other=walls[0].name, rule=rule))
            break
        steps = _enter(b, piece, at, rule, knockback=False, source=source)
        kind, nb, _ = steps[-1]
        if kind == "end":
            return [nb if mark is None else tell(nb, at, at=mark)]
        if kind == "stop":
            b = nb if mark is None else tell(nb, at=mark)
            break
        walked.append(at)
        b = nb if mark is None or len(nb.events) == mark else tell(nb, at=mark)
    if jumped and walked and len(walked) - 1 in jumped:
        return []
    b = tell(b)
    return settle(b, target, rule, spare=source if through_source else None)


def _face_toward(branch: Branch, source: str, target: str) -> Branch:
    """The source turned to face the affected miniature (Pull, Drag); on a diagonal the first
    of the equal facings is kept only if it is the current one, else both were offered by the
    caller's choice — here the rulebook gives no choice, so the current facing is kept."""
    src = branch.state.monster(source)
    tgt = branch.state.pieces.get(target)
    if src is None or tgt is None:
        return branch
    ways = directions.toward(src.spaces, tgt.spaces)
    if src.facing in ways:
        return branch
    return _face(branch, source, ways[0], "turn to face the affected miniature")


def _unmoved_unless_adjacent(branch: Branch, source: str, target: str,
                             rule: str) -> list[Branch] | None:
    """The one outcome where ``target`` stays put because ``source`` cannot cause ``rule``
    (:func:`able_source`), is not adjacent to it, or it cannot be involuntarily moved
    (:func:`immovable`); ``None`` when the movement goes ahead."""
    state = branch.state
    able_source(state, source, target, rule)
    origin, mover = state.pieces[source], state.pieces[target]
    if not adjacent(origin.spaces, mover.spaces):
        return [branch.then(None, Event("stopped", target, other=f"not adjacent to {source}",
                                        rule=rule))]
    why = immovable(mover)
    if why:
        return [branch.then(None, Event("ignored", target, other=why, rule=rule))]
    return None


def drag(branch: Branch, source: str, target: str, amount: int, *,
         toward: Space | None = None, rule: str = "Drag") -> list[Branch]:
    """Drag X: the source moves X spaces directly away from the adjacent target (sliding along
    a Board Edge away from the most Knights), then the target follows the source's path; a
    Mob or Knight source stops the Drag at miniatures (rulebook *Keyword List: Drag*)."""
    state = branch.state
    origin, mover = state.pieces[source], state.pieces[target]
    stopped = _unmoved_unless_adjacent(branch, source, target, rule)
    if stopped:
        return stopped
    out = []
    plans = _toward_plans(state, origin, mover, toward, amount) if toward is not None else [
        (way, None) for way in directions.away(mover.spaces, origin.spaces)]
    if not plans:
        why = (f"it is already on {toward}" if toward in mover.spaces
               else f"{source} has no path onto {toward}")
        return [branch.then(None, Event("stopped", target, other=why, rule=rule))]
    for way, plan in plans:
        label = (f"{source} moves {way}" if plan is None
                 else f"{source} moves {', '.join(plan)}")
        b = branch.then(choice=label if len(plans) > 1 else None)
        for moved, trail in _source_run(b, source, target, way, amount, rule, plan):
            settled = settle(moved, source, rule) if is_boss(origin) else [moved]
            for ready in settled:
                if target not in ready.state.pieces:
                    out.append(ready)
                    continue
                out.extend(_face_toward(f, source, target) for f in
                           _follow(ready, source, target, _as_positions(mover, trail), rule,
                                   stop_at_miniatures=not is_boss(origin)))
    return out


def _as_positions(mover: Piece, trail) -> tuple[Space, ...]:
    """The dragged piece's north-west positions when its space that touches the source walks
    the ``trail`` of spaces (a large Monster keeps its shape)."""
    if not trail:
        return ()
    cells = [s for s in mover.spaces if adjacent((s,), (trail[0],))]
    if not cells:
        return tuple(trail)
    touch = cells[0]
    dx, dy = mover.at.col - touch.col, mover.at.row - touch.row
    return tuple(cell.step(dx, dy) for cell in trail)


def _toward_plans(state, origin: Piece, mover: Piece, toward: Space, amount: int):
    """Drag toward: the source's step directions along each zig-zag shortest path onto
    ``toward`` and one space past it (so the target can enter it) — straight on, or along the
    Board Edge away from the most Knights — at most ``amount``.  Reading: a source already on
    ``toward`` only takes the step past it, directly away from the target (``mover``)."""
    goals = [at for at in state.board.spaces() if toward in spaces_at(origin, at)]
    allowed = (movement.boss_allowed(state, origin) if is_boss(origin)
               else lambda at: standable(state, origin, at))
    plans = []
    for path in zigzag_paths(origin.at, distances_to(goals, allowed)):
        steps, here = [], origin.at
        for at in path:
            steps.append(directions.direction_between(here, at))
            here = at
        straight = [steps[-1]] if steps else directions.away(mover.spaces, origin.spaces)
        ends = []
        for way in straight:
            if allowed(here.step(*DIRECTIONS[way])):
                ends.append(way)
            else:
                ends.extend(d for d in slide_ways(state, way, replace(origin, at=here))
                            if allowed(here.step(*DIRECTIONS[d])) and d not in ends)
        for last in ends or ([None] if steps else []):
            plan = (steps + [last] if last else steps)[:amount]
            plans.append((plan[0], plan))
    return plans


def _source_run(branch: Branch, source: str, target: str, way: str, amount: int, rule: str,
                plan: list[str] | None = None):
    """The source's own run of a Drag: up to ``amount`` spaces ``way`` (or the directions of
    ``plan``, for Drag toward), sliding along a Board Edge; each result with the trail its
    trailing space left (the path the target follows)."""
    origin = branch.state.pieces[source]
    trail_cell = _trailing(origin, way, branch.state.pieces[target].spaces)
    pending = [(branch, way, amount, (), trail_cell, plan is not None, ())]
    done = []
    while pending:
        b, d, left, trail, cell, slid, went = pending.pop(0)
        if plan is not None and left > 0:
            if amount - left >= len(plan):
                left = 0
            else:
                d = plan[amount - left]
        if left == 0:
            done.append((b, trail, went))
            continue
        src = b.state.pieces[source]
        nxt = spaces_at(src, src.at.step(*DIRECTIONS[d]))
        if not all(b.state.board.contains(s) for s in nxt):
            if slid:
                done.append((b, trail, went))
                continue
            sides = [s for s in slide_ways(b.state, d, src)
                     if all(b.state.board.contains(x)
                            for x in spaces_at(src, src.at.step(*DIRECTIONS[s])))]
            if not sides:
                done.append((b, trail, went))
            for s in sides:
                pending.append((b.then(None, Event("edge", source, other=s, rule="Board Edge"),
                                       choice=f"{source} slides {s}" if len(sides) > 1
                                       else None), s, left, trail, cell, True, went))
            continue
        stepped = _source_step(b, source, d, rule)
        if stepped is None:
            done.append((b, trail, went))
            continue
        new_cell = cell.step(*DIRECTIONS[d])
        went = (*went, stepped.state.pieces[source].at)
        if len(stepped.events) > len(b.events):  # it ran into a Knight: its move first
            stepped = _told_before(stepped, len(b.events),
                                   Event("source-moved", source, went, rule=rule))
            went = ()
        pending.append((stepped, d, left - 1, (*trail, cell), new_cell, slid, went))
    return [(b.then(None, Event("source-moved", source, went, rule=rule)) if went else b, trail)
            for b, trail, went in done]


def _trailing(piece: Piece, way: str, behind: tuple[Space, ...]) -> Space:
    """The space of ``piece`` on the side it moves away from that touches ``behind`` (the
    dragged miniature): the space whose path the dragged miniature follows."""
    dx, dy = DIRECTIONS[directions.OPPOSITE[way]]
    cells = [s for s in piece.spaces if s.step(dx, dy) in behind]
    cells = cells or [s for s in piece.spaces if adjacent((s,), behind)]
    return cells[0] if cells else piece.spaces[0]


def forced_vault(branch: Branch, source: str, target: str) -> list[Branch]:
    """Forced Vault: the adjacent target is placed in a straight line on the opposite side of
    the source, adjacent to it.  A Knight that would end off the board or on an Indestructible
    Obstacle dies; a Monster is Displaced to the closest free space instead."""
    rule = "Forced Vault"
    state = branch.state
    origin, mover = state.pieces[source], state.pieces[target]
    stopped = _unmoved_unless_adjacent(branch, source, target, rule)
    if stopped:
        return stopped
    way = directions.away(origin.spaces, mover.spaces)[0]
    dx, dy = DIRECTIONS[directions.OPPOSITE[way]]
    across = (origin.size if isinstance(origin, Monster) else 1) + \
        (mover.size if isinstance(mover, Monster) else 1)
    at = mover.at.step(dx * across, dy * across)
    spaces = spaces_at(mover, at)
    hard = [t for t in tiles_with(state, spaces, "obstacle") if not destructible(t)]
    if not all(state.board.contains(s) for s in spaces) or hard:
        what = "off the board" if not hard else f"on {hard[0].name}"
        if isinstance(mover, Knight):
            return kill(branch, target, f"{rule}: would end {what}")
        return displace(branch.then(place(state, target, mover.at)), target,
                        f"{rule}: would end {what}")
    b = branch
    for tile in tiles_with(state, spaces, "obstacle"):
        b = destroy(b, tile, "Destructible")
        if isinstance(mover, Knight):
            b = crash(b, target, tile.name, f"{rule}: onto an Obstacle")
    b = b.then(place(b.state, target, at), Event("pushed", target, (at,), rule=rule))
    return settle(b, target, rule)


def gang(branch: Branch, source: str, target: str, amount: int, *, herd: bool,
         rule: str) -> list[Branch]:
    """Gangup X (toward another closest Monster) or Herd X (toward another closest Knight):
    the source moves up to X toward the target; the target moves the remaining spaces toward
    the closest other Monster/Knight until adjacent (or is knocked down if already adjacent to
    one), "ignoring the source", so through its spaces; ending on the source, the source is
    Displaced to the previous space the target moved through (its starting space after a
    single step); the source then moves adjacent to the target (rulebook *Keyword List:
    Gangup, Herd*).  "Treat this as involuntary movement": a Braced Knight is not moved."""
    out = []
    victim = branch.state.pieces[target]
    for approached in move_toward(branch, source, victim.spaces, limit=amount, rule=rule):
        used = _steps_moved(approached, source)
        left = amount - used
        state = approached.state
        me = state.pieces[target]
        others = ([k for k in state.knights if k.name != target] if herd
                  else [m for m in state.monsters if m.name != source])
        if any(adjacent(o.spaces, me.spaces) for o in others):
            out.append(knock_down(approached, target, f"{rule}: already adjacent to another "
                                                      f"{'Knight' if herd else 'Monster'}"))
            continue
        why = immovable(me)
        if why:
            ends = [approached.then(None, Event("ignored", target, other=why, rule=rule))]
        else:
            ends = _toward_closest(approached, source, target, others, left, rule)
        for moved in ends:
            if target not in moved.state.pieces:
                out.append(moved)
                continue
            me = moved.state.pieces[target]
            src = moved.state.pieces[source]
            starts = [moved]
            if set(me.spaces) & set(src.spaces):
                last = _last_passed(moved, target) or approached.state.pieces[target].at
                starts = _source_back(moved, source, last, rule)
            for start in starts:
                if source not in start.state.pieces:
                    out.append(start)
                elif not adjacent(start.state.pieces[source].spaces, me.spaces):
                    out.extend(move_toward(start, source, me.spaces, rule=rule))
                else:
                    out.extend(turn_toward(start, source, me.spaces, "Monster Turning"))
    return out


def _source_back(branch: Branch, source: str, last: Space, rule: str) -> list[Branch]:
    """The Gangup/Herd source Displaced to ``last``, the previous space the target moved
    through: a footprint covering ``last`` that is free (one branch per such position, the
    players choosing); none free: an ordinary Displace (*Keyword List: Displace*)."""
    state = branch.state
    src = state.pieces[source]
    size = src.size if isinstance(src, Monster) else 1
    spots = sorted({last.step(-dx, -dy) for dx in range(size) for dy in range(size)
                    if standable(state, src, last.step(-dx, -dy))})
    if not spots:
        return displace(branch, source, f"{rule}: the target ended on its space")
    return [branch.then(place(state, source, at), Event("displaced", source, (at,), rule=rule),
                        choice=f"{source} to {at}" if len(spots) > 1 else None)
            for at in spots]


def _steps_moved(branch: Branch, name: str) -> int:
    return sum(len(e.path) for e in branch.events if e.kind == "source-moved"
               and e.piece == name)


def _last_passed(branch: Branch, name: str) -> Space | None:
    for event in reversed(branch.events):
        if event.kind == "pushed" and event.piece == name:
            return event.path[-2] if len(event.path) > 1 else None
    return None


def _toward_closest(branch: Branch, source: str, target: str, others, left: int,
                    rule: str) -> list[Branch]:
    """The target moved up to ``left`` spaces toward the closest of ``others`` (ties offered),
    ignoring the source, by involuntary movement rules."""
    state = branch.state
    me = state.pieces[target]
    allowed = _involuntary_allowed(state, me, source, hard_obstacles=True)
    best: list[tuple[int, Piece, dict]] = []
    for other in others:
        goals = [at for at in state.board.spaces()
                 if range_between(spaces_at(me, at), other.spaces) == 1]
        dist = distances_to(goals, lambda at, o=other: allowed(at) and not set(
            spaces_at(me, at)) & set(o.spaces))
        if me.at in dist:
            best.append((dist[me.at], other, dist))
    if not best or left <= 0:
        return [branch]
    low = min(d for d, _, _ in best)
    routes = [(other, path) for d, other, dist in best if d == low
              for path in zigzag_paths(me.at, dist, left)]
    out = []
    for other, path in routes:
        b = branch.then(choice=f"{target} moves toward {other.name} via "
                               f"{', '.join(map(str, path))}" if len(routes) > 1 else None)
        out.extend(_follow(b, source, target, path, rule, through_source=True))
    return out
