"""Involuntary movement and its consequences (rulebook *Involuntary Movement*, *Keyword List*:
Knockback, Pushback, Pull, Drag, Displace, Forced Vault, Gangup, Herd, Crash, Chasm, Boundless,
Destructible, Indestructible, Lumbering, Braced, Stalwart, Jump).

Everything here works on :class:`Branch` values: a state, the events so far and the choices the
players made to get there.  A step that leaves the players a choice (two equally direct ways,
where to Displace a piece, whether to use Stalwart or Jump) returns one branch per choice, so
the caller can list every outcome and never picks silently.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tabletop.errors import IllegalActionError
from tabletop.games.clash import activation_tokens
from tabletop.games.clash.editing import forget, round_events
from tabletop.games.clash.events import Event
from tabletop.games.clash.state import ClashState, Knight, Monster, Piece, Terrain
from tabletop.spatial import forced as directions
from tabletop.spatial.grid import DIRECTIONS, Space, square


@dataclass(frozen=True)
class Branch:
    """One line of play: the state, the events so far, the players' choices in words."""

    state: ClashState
    events: tuple[Event, ...] = ()
    choices: tuple[str, ...] = ()

    def then(self, state: ClashState | None = None, *events: Event,
             choice: str | None = None) -> Branch:
        """This branch advanced to ``state`` with ``events`` (and one more choice)."""
        return Branch(self.state if state is None else state, self.events + events,
                      self.choices + ((choice,) if choice else ()))

    @property
    def label(self) -> str:
        """The players' choices in one line, for a menu of alternatives."""
        return "; ".join(self.choices) or "as the rules say"


def spaces_at(piece: Piece, at: Space) -> tuple[Space, ...]:
    """The spaces ``piece`` would cover with its north-west space on ``at``."""
    return square(at, piece.size) if isinstance(piece, Monster) else (at,)


def is_boss(piece: Piece | None) -> bool:
    return isinstance(piece, Monster) and piece.kind == "boss"


def is_mob(piece: Piece | None) -> bool:
    return isinstance(piece, Monster) and piece.kind == "mob"


def tiles_with(state: ClashState, spaces, keyword: str) -> list[Terrain]:
    """The Terrain tiles with ``keyword`` on any of ``spaces`` (each once, board order)."""
    cells = set(spaces)
    return [t for t in state.terrain if t.has(keyword) and cells & set(t.spaces)]


def destructible(tile: Terrain) -> bool:
    """Reading: only a tile with the Destructible keyword (and not Indestructible) is ever
    destroyed; an Obstacle with neither keyword stands like an Indestructible one."""
    return tile.has("destructible") and not tile.has("indestructible")


def others_on(state: ClashState, spaces, mover: str) -> list[Piece]:
    """The pieces other than ``mover`` on any of ``spaces`` (Knights on Vantage Points not)."""
    cells = set(spaces)
    return [p for p in (*state.monsters, *state.knights)
            if p.name != mover and not (isinstance(p, Knight) and p.vantage)
            and cells & set(p.spaces)]


def place(state: ClashState, name: str, at: Space) -> ClashState:
    """``state`` with piece ``name`` moved to ``at``: a Knight leaves any Vantage Point, a
    Monster carries the Knights on its Vantage Points along."""
    piece = state.pieces[name]
    if isinstance(piece, Knight):
        return state.with_piece(replace(piece, at=at, vantage=None))
    return state.with_piece(replace(piece, at=at))


def destroy(branch: Branch, tile: Terrain, rule: str) -> Branch:
    """``tile`` removed from the board (rulebook *Placing and Removing Terrain*)."""
    return branch.then(branch.state.without(tile.name),
                       Event("destroyed", other=tile.name, rule=rule))


def crash(branch: Branch, name: str, against: str, rule: str, at: Space | None = None) -> Branch:
    """Crash: -1 Vigor and Knockdown (Braced: no Knockdown) (rulebook *Keyword List: Crash*).
    The event's path is the one space where the Knight suffers it, for a playback to mark:
    ``at`` (a Destructible Obstacle's space it is moved onto), else where it stands.
    Dropping to 0 Vigor calls for a Peril Check and a Judicium draw (*Falling Below 0*)."""
    knight = branch.state.knight(name)
    if knight is None:
        return branch
    vigor = max(0, knight.vigor - 1)
    braced = knight.has("braced")
    knight = replace(knight, vigor=vigor, knockdown=knight.knockdown if braced else "falling")
    state = branch.state.with_piece(knight)
    if not braced and state.turn.active == name:
        state = replace(state, turn=replace(state.turn, fell=True))
    events = [Event("crash-braced" if braced else "crash", name, (at or knight.at,),
                    other=against, rule=rule)]
    if vigor == 0:
        events.append(Event("vigor-zero", name, rule="Falling Below 0 Vigor"))
    return branch.then(state, *events)


def knock_down(branch: Branch, name: str, rule: str) -> Branch:
    """Knockdown without Crash (Gangup, Herd); a Braced Knight ignores it."""
    knight = branch.state.knight(name)
    if knight is None or knight.has("braced"):
        return branch
    state = branch.state.with_piece(replace(knight, knockdown="falling"))
    if state.turn.active == name:
        state = replace(state, turn=replace(state.turn, fell=True))
    return branch.then(state, Event("knocked-down", name, rule=rule))


def kill(branch: Branch, name: str, rule: str, *, lifeline: str = "") -> list[Branch]:
    """Knight or Mob ``name`` dies and leaves the board (a Mob by the one way a Mob leaves,
    :func:`activation_tokens.remove_mob`: its Activation tokens move on as when it is
    defeated, its BP card leaves the Mob track, not as a Wound); the Priority Target token it
    held passes to the living Knight with the highest Passion, the players choosing among
    equals (rulebook *Priority Target*).  ``lifeline`` says what kind of death Lifeline prevents:
    ``"terrain"`` (moving onto a Terrain tile's space: Displaced instead) or ``"edge"`` (falling
    from a Boundless Board Edge: it stops adjacent to it, where it stands) (rulebook *Keyword
    List: Lifeline*, "can be used even if knocked down")."""
    knight = branch.state.knight(name)
    if lifeline and knight is not None and knight.has("lifeline"):
        saved = branch.then(None, Event("lifeline", name, other=rule, rule="Lifeline"))
        if lifeline == "edge":
            return settle(saved, name, "Lifeline")
        return displace(saved, name, "Lifeline")
    state = branch.state
    held = state.turn.priority == name
    carried: tuple[Event, ...] = ()
    if is_mob(state.pieces.get(name)):
        state, carried = activation_tokens.remove_mob(state, name, wounded=False)
    state = forget(state.without(name), name)
    dead = branch.then(state, Event("died", name, rule=rule), *carried,
                       *round_events(branch.state, state))
    if not held or not state.knights:
        return [dead]
    top = max(k.passion for k in state.knights)
    heirs = [k.name for k in state.knights if k.passion == top]
    out = []
    for heir in heirs:
        passed = replace(state, turn=replace(state.turn, priority=heir))
        out.append(dead.then(passed, Event("priority-passed", heir, rule="Priority Target"),
                             choice=f"the Priority Target token to {heir}"
                             if len(heirs) > 1 else None))
    return out


def standable(state: ClashState, piece: Piece, at: Space, ignore: tuple[str, ...] = ()) -> bool:
    """Whether ``piece`` may stand with its north-west space on ``at``: on the board, on no
    obstacle, chasm or boundless space and on no other miniature (``ignore`` excepted)."""
    spaces = spaces_at(piece, at)
    if not all(state.board.contains(s) for s in spaces):
        return False
    if any(tiles_with(state, spaces, k) for k in ("obstacle", "chasm", "boundless")):
        return False
    return not [p for p in others_on(state, spaces, piece.name) if p.name not in ignore]


def displace(branch: Branch, name: str, rule: str, *,
             avoid: frozenset[Space] = frozenset()) -> list[Branch]:
    """Displace ``name`` to an empty space adjacent to its position, one branch per space the
    players may choose (rulebook *Keyword List: Displace*); ``avoid`` are spaces it may not take
    (a space the mover needs next).  A Knight with nowhere to go dies; a Monster goes to the
    closest empty space instead."""
    state = branch.state
    piece = state.pieces[name]
    start = piece.at
    options = [start.step(dx, dy) for dx, dy in DIRECTIONS.values()]
    options = [at for at in options if standable(state, piece, at)
               and not set(spaces_at(piece, at)) & avoid]
    if not options and isinstance(piece, Monster):
        options = _closest_free(state, piece, avoid, ())
    if not options:
        return kill(branch, name, f"{rule}: no space to be Displaced to")
    out = []
    for at in sorted(options):
        moved = place(state, name, at)
        out.append(branch.then(moved, Event("displaced", name, (at,), rule=rule),
                               choice=f"Displace {name} to {at}" if len(options) > 1 else None))
    return out


def _closest_free(state: ClashState, piece: Monster, avoid, ignore) -> list[Space]:
    """The free footprint positions nearest (fewest cardinal steps) to ``piece``."""
    best: list[Space] = []
    best_d = None
    for space in state.board.spaces():
        if not standable(state, piece, space, ignore) or set(spaces_at(piece, space)) & avoid:
            continue
        d = abs(space.row - piece.at.row) + abs(space.col - piece.at.col)
        if best_d is None or d < best_d:
            best, best_d = [space], d
        elif d == best_d:
            best.append(space)
    return best


def settle(branch: Branch, name: str, rule: str, *, spare: str | None = None) -> list[Branch]:
    """After ``name``'s involuntary movement ends: whoever shares its spaces is Displaced
    (rulebook *Involuntary Movement*), a Knight on a Chasm or Boundless space dies, a
    Destructible tile it ended on is destroyed (*Keyword List: Destructible*).  The piece
    ``spare`` is left where it is (the source of Gangup or Herd, which its own rule moves)."""
    state = branch.state
    piece = state.pieces.get(name)
    if piece is None:
        return [branch]
    if isinstance(piece, Knight):
        for keyword in ("chasm", "boundless"):
            tiles = tiles_with(state, piece.spaces, keyword)
            if tiles:
                return kill(branch, name, f"{keyword.title()}: ended on {tiles[0].name}",
                            lifeline="terrain")
    for tile in tiles_with(state, piece.spaces, "destructible"):
        if destructible(tile) and not tile.has("obstacle"):
            branch = destroy(branch, tile, "Destructible")
    results = [branch]
    for other in others_on(state, piece.spaces, name):
        if is_boss(other) or other.name == spare:
            continue
        nxt = []
        for b in results:
            if is_boss(piece) and isinstance(other, Knight) and piece.unavoidable_knockback:
                b = b.then(None, Event("unavoidable-knockback", other.name, other=name,
                                       amount=piece.unavoidable_knockback,
                                       rule="Ending Boss Monster Movement on a Knight Space"))
                for thrown in knockback(b, name, other.name, piece.unavoidable_knockback,
                                        unavoidable=True, rule="Unavoidable Knockback"):
                    nxt.extend(_out_from_under(thrown, name, other.name))
                continue
            nxt.extend(displace(b, other.name, f"{rule}: {name} ended on its space",
                                avoid=frozenset(piece.spaces)))
        results = nxt
    return results


def off_vantage(branch: Branch, name: str, rule: str) -> list[Branch]:
    """A Knight on a Vantage Point about to be moved involuntarily is first Displaced to a
    space adjacent to the Monster, players choosing which; none free: it dies (rulebook
    *Movement and VPs*, *Displace*).  Any other piece: the branch unchanged."""
    knight = branch.state.knight(name)
    if knight is None or knight.vantage is None:
        return [branch]
    host = branch.state.monster(knight.vantage)
    own = set(host.spaces)
    ring = sorted({n for s in host.spaces for n in s.neighbours() if n not in own})
    free = [s for s in ring if standable(branch.state, knight, s)]
    if not free:
        return kill(branch, name, f"{rule}: no space next to {host.name} to be Displaced to")
    return [branch.then(place(branch.state, name, s),
                        Event("displaced", name, (s,), rule=f"{rule}: off the Vantage Point"),
                        choice=f"Displace {name} to {s}" if len(free) > 1 else None)
            for s in free]


def _out_from_under(branch: Branch, boss: str, name: str) -> list[Branch]:
    """Reading: a Knight whose Unavoidable Knockback could not take it out from under the Boss
    (a corner, a Braced Knight) is Displaced off the Boss's spaces, and dies if it cannot be."""
    knight = branch.state.knight(name)
    monster = branch.state.monster(boss)
    if knight is None or monster is None or knight.at not in monster.spaces:
        return [branch]
    return displace(branch, name, "Displace: still under the Boss after the Unavoidable "
                                  "Knockback", avoid=frozenset(monster.spaces))


def able_source(state: ClashState, source: str, target: str, rule: str) -> None:
    """Refuse a Knight's own forced movement ability (Knockback, Pushback, Pull, Drag, Forced
    Vault) while it is knocked down (rulebook *Keyword List: Knockdown*: "you cannot ...
    perform any actions, reactions, or free actions, or use Gear abilities or Techniques")."""
    knight = state.knight(source)
    if knight is not None and knight.knockdown == "falling":
        raise IllegalActionError(f"{source}: {rule} on {target}",
                                 f"{source} is knocked down and cannot use Gear abilities or "
                                 f"Techniques (Knockdown)")


def immovable(piece: Piece) -> str | None:
    """Why ``piece`` cannot be involuntarily moved (Lumbering, Braced), or ``None``."""
    for word in ("lumbering", "braced"):
        if piece.has(word):
            return f"{word.title()}: cannot be involuntarily moved"
    return None


def ways(source: Piece, target: Piece, side: bool) -> tuple[str, ...]:
    """The directions of a Knockback of ``target`` from ``source`` (to the side if ``side``)."""
    if side:
        return directions.to_the_side(source.spaces, target.spaces)
    return directions.away(source.spaces, target.spaces)


def knockback(branch: Branch, source: str, target: str, amount: int, *, side: bool = False,
              unavoidable: bool = False, rule: str = "Knockback",
              vantage: bool = False, way: str | None = None) -> list[Branch]:
    """Knockback X (to the side, or Unavoidable) of ``target`` from ``source``: up to X spaces
    in a straight line directly away, every involuntary movement rule applied (rulebook
    *Keyword List: Knockback*, *Involuntary Movement*).  An Unavoidable Knockback "cannot be
    lowered or ignored in any way other than effects that cause you to stop ... or effects that
    specifically refer to Unavoidable Knockback" (*Ending Boss Monster Movement on a Knight
    Space*), so neither Stalwart nor Braced ignores it.  ``vantage``: a Knight on a Vantage
    Point that does not ignore the Knockback is Displaced off it first (:func:`_suffered`).
    ``way``: the compass direction of a directional Knockback ("or in a specified direction in
    case of directional Knockback"), instead of directly away."""
    state = branch.state
    able_source(state, source, target, rule)
    mover = state.pieces[target]
    origin = state.pieces[source]
    why = immovable(mover)
    if why and not unavoidable:
        return [branch.then(None, Event("ignored", target, other=why, rule=rule))]
    if isinstance(mover, Knight) and mover.has("stalwart") and not unavoidable:
        suffer = branch.then(choice=f"{target} suffers the Knockback")
        ignore = branch.then(None, Event("ignored", target, other="Stalwart", rule=rule),
                             choice=f"{target} uses Stalwart to ignore it")
        return _suffered(suffer, origin, target, amount, side, rule, vantage, way) + [ignore]
    return _suffered(branch, origin, target, amount, side, rule, vantage, way)


def _suffered(branch, origin, target, amount, side, rule, vantage, way=None) -> list[Branch]:
    """The Knockback once it is not ignored: with ``vantage``, a Knight on a Vantage Point is
    first Displaced next to the Monster (:func:`off_vantage`, rulebook *Movement and VPs*), so
    only after Stalwart was declined ("When you are about to suffer Knockback, you may use this
    ability to ignore it", *Keyword List: Stalwart*)."""
    out: list[Branch] = []
    for start in off_vantage(branch, target, rule) if vantage else [branch]:
        mover = start.state.pieces.get(target)
        out.extend(_knockback_ways(start, origin, mover, amount, side, rule, way) if mover
                   else [start])
    return out


def _knockback_ways(branch, origin, mover, amount, side, rule, named=None) -> list[Branch]:
    """The Knockback in each direction it may take: the ``named`` one (a directional
    Knockback), else directly away (or to the side), both ways offered on a diagonal."""
    found = (named,) if named else ways(origin, mover, side)
    out = []
    for way in found:
        b = branch.then(choice=f"Knockback toward the {way}" if len(found) > 1 else None)
        out.extend(_straight(b, origin, mover.name, way, amount, rule, stop_at_edge=False))
    return out


def _jump_ready(piece: Piece) -> int:
    """How many adjacent spaces of one tile ``piece`` may Jump during this movement: Advanced
    Jump 2, Jump 1, else 0; none while knocked down (rulebook *Keyword List: Jump*)."""
    if not isinstance(piece, Knight) or piece.knockdown == "falling":
        return 0
    return 2 if piece.has("advanced jump") else int(piece.has("jump"))


def _may_jump(state: ClashState, spaces, leap: tuple[int, str | None, bool]) -> bool:
    """Whether a Jump may carry the mover over ``spaces``: spaces left, and for the second
    space of an Advanced Jump, the same tile as the space just jumped."""
    left, tile, mid = leap
    if left <= 0:
        return False
    if tile is None:
        return True
    return mid and any(t.name == tile for t in tiles_with(state, spaces, "obstacle"))


def _after_step(state: ClashState, spaces, leap: tuple[int, str | None, bool],
                jumped: bool) -> tuple[int, str | None, bool]:
    """The Jump allowance after a step: one space fewer when it jumped; spent once the mover
    lands after jumping (a Jump is used once per movement)."""
    left, tile, mid = leap
    if jumped:
        return left - 1, tile or tiles_with(state, spaces, "obstacle")[0].name, True
    return (0, tile, False) if mid else leap


def _straight(branch: Branch, source: Piece, name: str, way: str, amount: int, rule: str,
              *, stop_at_edge: bool) -> list[Branch]:
    """``name`` moved up to ``amount`` spaces ``way`` by Knockback rules, sliding along a Board
    Edge away from the source; the result after it settles (one branch per choice)."""
    results: list[Branch] = []
    leap = (_jump_ready(branch.state.pieces[name]), None, False)
    pending = [(branch, way, amount, (), False, leap)]
    # a Knight under a Boss moves out through the Boss's spaces; otherwise the source is in the
    # way like any Boss (a directional Knockback toward it: "stops before" it, with Crash)
    under = bool(set(branch.state.pieces[name].spaces) & set(source.spaces))
    while pending:
        b, d, left, path, slid, leap = pending.pop(0)
        piece = b.state.pieces.get(name)
        if piece is None:
            results.append(b)
            continue
        if left == 0:
            results.extend(_finish(b, name, path, rule))
            continue
        nxt_at = piece.at.step(*DIRECTIONS[d])
        nxt = spaces_at(piece, nxt_at)
        if not all(b.state.board.contains(s) for s in nxt):
            if isinstance(piece, Knight) and d in b.state.boundless_edges:
                if path:
                    b = b.then(None, Event("pushed", name, path, rule=rule))
                results.extend(kill(b, name, f"Boundless: forced beyond the {d} Board Edge",
                                    lifeline="edge"))
                continue
            if stop_at_edge or slid:
                stopped = b.then(None, Event("stopped", name, other="the Board Edge", rule=rule))
                results.extend(_finish(stopped, name, path, rule, since=len(b.events)))
                continue
            sides = [s for s in directions.slide(d, source.spaces, piece.spaces)
                     if all(b.state.board.contains(x) for x in
                            spaces_at(piece, piece.at.step(*DIRECTIONS[s])))]
            if not sides:
                stopped = b.then(None, Event("stopped", name, other="a corner of the board",
                                             rule=rule))
                results.extend(_finish(stopped, name, path, rule, since=len(b.events)))
                continue
            if path:  # the movement so far, then the slide: told as they happen
                b = b.then(None, Event("pushed", name, path, rule=rule))
            for s in sides:
                slid_b = b.then(None, Event("edge", name, other=s, rule="Board Edge"),
                                choice=f"slide {s} along the edge" if len(sides) > 1 else None)
                pending.append((slid_b, s, left, (), True, leap))
            continue
        step = _enter(b, piece, nxt_at, rule, jump=_may_jump(b.state, nxt, leap),
                      last=left == 1, source=source.name if under else "")
        for kind, nb, used_jump in step:
            if kind == "stop":
                results.extend(_finish(nb, name, path, rule, since=len(b.events)))
            elif kind == "last":
                results.extend(_finish(nb, name, (*path, nxt_at), rule, since=len(b.events)))
            elif kind == "end":
                results.append(nb)
            else:
                now = (*path, nxt_at)
                if not used_jump and len(nb.events) > len(b.events):
                    # the step caused something (a Boss ran into a Knight): the move first
                    told = Event("pushed", name, now, rule=rule)
                    nb = replace(nb, events=(*b.events, told, *nb.events[len(b.events):]))
                    now = ()
                pending.append((nb, d, left - 1, now, slid,
                                _after_step(b.state, nxt, leap, used_jump)))
    return results


def _finish(branch: Branch, name: str, path: tuple[Space, ...], rule: str,
            since: int | None = None) -> list[Branch]:
    """The movement told as an event, then the pieces settle.  What its last step caused
    (a Crash against what stopped it, a tile destroyed: the events from index ``since``) is
    told after the movement, as it happens.  A Jump that would leave the mover standing on
    the Obstacle it jumped is not a choice the players have: no branch."""
    piece = branch.state.pieces.get(name)
    if (piece is not None and not is_boss(piece)
            and tiles_with(branch.state, piece.spaces, "obstacle")):
        return []
    if path:
        told = Event("pushed", name, path, rule=rule)
        at = len(branch.events) if since is None else since
        branch = replace(branch, events=(*branch.events[:at], told, *branch.events[at:]))
    return settle(branch, name, rule)


def _enter(branch: Branch, piece: Piece, at: Space, rule: str, *, jump: bool = False,
           last: bool = False, knockback: bool = True,
           source: str = "") -> list[tuple[str, Branch, bool]]:
    """One involuntary step of ``piece`` onto ``at``: ``("go", branch, jumped)`` when it moved
    on, ``("last", …)`` when it moved onto ``at`` and stops there, ``("stop", …)`` when it stays
    where it is, ``("end", …)`` when the movement is over for good (death).

    Knockback rules (``knockback``): a Knight passes over Chasms and stops on the space of a
    Destructible Obstacle it breaks.  Otherwise (Pushback, Pull, Drag) a Knight dies on the
    first Chasm space and goes on through a broken Obstacle, and every Destructible tile it
    is moved onto is destroyed (*Keyword List: Destructible*: "When a Miniature is
    involuntarily moved onto this tile ... the tile is destroyed"; only a knocked back Knight
    ignores the non-Obstacle tiles it moves through)."""
    stop_on_destroyed = knockback
    state = branch.state
    spaces = spaces_at(piece, at)
    blockers = [p for p in others_on(state, spaces, piece.name)
                if is_boss(p) and p.name != source]
    if blockers and not is_boss(piece):
        b = branch
        if isinstance(piece, Knight):
            b = crash(b, piece.name, blockers[0].name, "Involuntary Movement: into a Boss")
        return [("stop", b.then(None, Event("stopped", piece.name, other=blockers[0].name,
                                            rule=rule)), False)]
    if blockers:
        return [("stop", branch.then(None, Event("stopped", piece.name,
                                                 other=blockers[0].name, rule=rule)), False)]
    for tile in tiles_with(state, spaces, "boundless"):
        if isinstance(piece, Knight):
            return [("end", k, False) for k in kill(branch.then(place(state, piece.name, at)),
                                                    piece.name, f"Boundless: {tile.name}",
                                                    lifeline="terrain")]
    if is_boss(piece):
        return [("go", _boss_passes(branch, piece, at, rule), False)]
    out: list[tuple[str, Branch, bool]] = []
    obstacles = tiles_with(state, spaces, "obstacle")
    chasms = tiles_with(state, spaces, "chasm")
    if obstacles and jump and not last and len(spaces) == 1:
        jumped = branch.then(place(state, piece.name, at),
                             Event("jumped", piece.name, (at,), other=obstacles[0].name),
                             choice=f"{piece.name} Jumps over {obstacles[0].name}")
        out.append(("go", jumped, True))
        branch = branch.then(choice=f"{piece.name} does not Jump")
    if chasms and is_mob(piece):
        out.append(("stop", branch.then(None, Event("stopped", piece.name, other=chasms[0].name,
                                                    rule="Involuntary Movement: a Mob treats a "
                                                         "Chasm as an Indestructible Obstacle")),
                    False))
        return out
    if obstacles:
        tile = obstacles[0]
        b = branch
        if destructible(tile) and all(destructible(t) for t in obstacles):
            for t in obstacles:
                b = destroy(b, t, "Destructible")
            if isinstance(piece, Knight):
                b = crash(b, piece.name, tile.name, "Involuntary Movement: into an Obstacle",
                          at)
            b = b.then(place(b.state, piece.name, at))
            out.append(("last" if stop_on_destroyed else "go", b, False))
            return out
        if isinstance(piece, Knight):
            b = crash(b, piece.name, tile.name, "Involuntary Movement: into an Indestructible "
                                                "Obstacle")
        out.append(("stop", b.then(None, Event("stopped", piece.name, other=tile.name,
                                               rule=rule)), False))
        return out
    moved = branch.then(place(state, piece.name, at))
    if not knockback:
        for tile in tiles_with(state, spaces, "destructible"):
            if destructible(tile):
                moved = destroy(moved, tile, "Destructible: moved onto it involuntarily")
    if chasms and isinstance(piece, Knight) and not knockback:
        out.extend(("end", k, False) for k in kill(moved, piece.name,
                                                   f"Chasm: moved through {chasms[0].name}",
                                                   lifeline="terrain"))
        return out
    out.append(("go", moved, False))
    return out


def _boss_passes(branch: Branch, piece: Monster, at: Space, rule: str, *,
                 crash_knights: bool = True) -> Branch:
    """A Boss moved onto ``at``: Knights it moves onto suffer Crash (unless not
    ``crash_knights``: a Jump's landing, whose Crash the end of the movement gives), Destructible
    tiles it lands on are destroyed (rulebook *Boss Movement*, *Keyword List: Knockback*)."""
    spaces = spaces_at(piece, at)
    b = branch
    for tile in tiles_with(b.state, spaces, "destructible"):
        if destructible(tile):
            b = destroy(b, tile, "Destructible: a Boss moved onto it")
    already = {p.name for p in others_on(b.state, piece.spaces, piece.name)}
    for other in others_on(b.state, spaces, piece.name) if crash_knights else ():
        if isinstance(other, Knight) and other.name not in already:
            b = crash(b, other.name, piece.name, "Crash: a Boss moved through its space")
    return b.then(place(b.state, piece.name, at))
