"""The branching actions: forced movement, Monster movement and turning, Vault.

Each ``*_outcomes(state, action)`` returns every :class:`~tabletop.games.clash.forced_steps.Branch`
the action can end in (the players choose among them), or raises
:class:`~tabletop.errors.IllegalActionError` naming the rule.
"""

from __future__ import annotations

from dataclasses import replace

from tabletop.errors import IllegalActionError
from tabletop.games.clash import attacks, geometry, movement, movement_types, pushes_and_pulls
from tabletop.games.clash.actions import (
    ATTACK_KINDS,
    FORCED_KINDS,
    MOVEMENT_TYPES,
    Forced,
    MonsterAttack,
    MonsterMove,
    RecordWound,
    TurnMonster,
    Vault,
    Weapon,
)
from tabletop.games.clash.events import Event
from tabletop.games.clash.forced_kinds import (
    BY_NAME,
    KNOCKBACK_DIRECTIONS,
    compass_way,
    in_words,
)
from tabletop.games.clash.forced_steps import (
    Branch,
    able_source,
    displace,
    immovable,
    knockback,
    off_vantage,
    settle,
    standable,
)
from tabletop.games.clash.state import FACINGS, ClashState, Knight, Monster
from tabletop.games.clash.turns import knight_of, monster_of, not_adjacent
from tabletop.spatial import forced as directions
from tabletop.spatial.grid import DIRECTIONS, Space, adjacent


def _piece(state: ClashState, name: str, action: object):
    piece = state.pieces.get(name)
    if piece is None:
        raise IllegalActionError(action, f"there is no Knight or Monster called {name!r}")
    return piece


def source_problem(state: ClashState, source: str, kind: str,
                   weapon: Weapon | None = None) -> str | None:
    """Why ``source`` cannot cause the forced movement ``kind`` now, in the rules core's words
    (a knocked down Knight: rulebook *Keyword List: Knockdown*; a Pushback in an Attack with
    a Ranged X–Y ``weapon``: *Pushback X*, Knight Timing), or ``None`` when it can (the
    target, X and the board may still refuse it)."""
    found = BY_NAME.get(kind.lower())
    if found is None or not found.ability:
        return None
    timing = _weapon_problem(state, source, found.name, weapon)
    if timing:
        return timing
    try:
        able_source(state, source, "its target", kind.title())
    except IllegalActionError as exc:
        return exc.rule
    return None


def _weapon_problem(state: ClashState, source: str, kind: str,
                    weapon: Weapon | None) -> str | None:
    """Why Knight ``source`` may not cause ``kind`` in an Attack with ``weapon``: a Pushback in
    an Attack with a Ranged X–Y weapon (rulebook *Keyword List: Pushback X*, Knight Timing);
    ``None`` otherwise."""
    if (weapon is not None and weapon.kind == "ranged" and kind.startswith("pushback")
            and state.knight(source) is not None):
        return ("Knight Timing: a Knight may resolve Pushback X during either ability window "
                "of their Attack (excluding Attacks with Weapon with the Ranged X–Y keyword)")
    return None


def forced_outcomes(state: ClashState, action: Forced) -> list[Branch]:
    """Every outcome of ``action`` (rulebook *Involuntary Movement*, *Keyword List*).  The
    reductions are added up and taken from X, never below 0 (*Involuntary Movement
    Reduction*: "all of these effects can be combined").  A Knight on a Vantage Point is first
    Displaced next to the Monster (*Movement and VPs*), unless it ignores the movement (see
    :func:`_ignored_on_vantage`; for a Knockback, :func:`knockback` does it after Stalwart)."""
    kind = action.kind.lower()
    if kind not in FORCED_KINDS:
        raise IllegalActionError(action, f"{action.kind!r} is not a forced movement "
                                         f"({', '.join(FORCED_KINDS)})")
    if (action.direction is not None) != (BY_NAME[kind].extra == "direction"):
        raise IllegalActionError(action, "a direction is given only for a directional "
                                         "Knockback, and it needs one ("
                                         + ", ".join(KNOCKBACK_DIRECTIONS) + ")")
    source = _piece(state, action.source, action)
    target = _piece(state, action.target, action)
    if source.name == target.name:
        raise IllegalActionError(action, "a piece cannot move itself by force")
    timing = _weapon_problem(state, source.name, kind, action.weapon)
    if timing:
        raise IllegalActionError(action, timing)
    if action.amount < 0 or action.amount > 20:
        raise IllegalActionError(action, "the value X must be 0 to 20")
    if action.toward is not None and not state.board.contains(action.toward):
        raise IllegalActionError(action, f"{action.toward} is off the board "
                                         f"({state.board.describe()})")
    if not 0 <= action.reduction <= 20:
        raise IllegalActionError(action, "the reduction must be 0 to 20")
    x = max(0, action.amount - action.reduction)
    begin = Branch(state)
    if action.reduction and action.amount:
        begin = begin.then(None, Event("reduced", target.name, other=kind.title(), amount=x,
                                       rule="Involuntary Movement Reduction"))
    if (isinstance(target, Knight) and target.vantage and not _ignored_on_vantage(target, kind)
            and not BY_NAME[kind].knockback):
        starts = off_vantage(begin, target.name, kind.title())
        if kind == "displace":
            return starts
        return [done for start in starts
                for done in (_forced_from(start, action, kind, source.name, target.name, x)
                             if target.name in start.state.pieces else [start])]
    return _forced_from(begin, action, kind, source.name, target.name, x)


def _ignored_on_vantage(knight: Knight, kind: str) -> bool:
    """Whether ``knight`` on a Vantage Point ignores the forced movement ``kind``, and so is
    not Displaced off the VP first: Braced "cannot be involuntarily moved or suffer Knockdown
    (you can still be Displaced)" (rulebook *Keyword List: Braced*), so only a Displace, or an
    Unavoidable Knockback that "cannot be ... ignored in any way other than effects that ...
    specifically refer to Unavoidable Knockback", still moves it."""
    return kind not in ("unavoidable knockback", "displace") and immovable(knight) is not None


def _forced_from(start: Branch, action: Forced, kind: str, source: str, target: str,
                 x: int) -> list[Branch]:
    """The forced movement ``kind`` from the branch ``start``."""
    if kind == "directional knockback":
        way = _knockback_way(start.state, action)
        return knockback(start, source, target, x,
                         rule=f"Knockback {in_words(action.direction.lower())}",
                         vantage=True, way=way)
    if BY_NAME[kind].knockback:
        return knockback(start, source, target, x, side=kind.endswith("side"),
                         unavoidable=kind.startswith("unavoidable"), rule=kind.title(),
                         vantage=True)
    if kind in ("pushback", "pushback toward"):
        if kind == "pushback toward" and action.toward is None:
            raise IllegalActionError(action, "Pushback toward needs the space to push toward")
        toward = action.toward if kind == "pushback toward" else None
        return pushes_and_pulls.pushback(start, source, target, x, toward=toward)
    if kind == "pull":
        return pushes_and_pulls.pull(start, source, target, x)
    if kind in ("drag", "drag toward"):
        if kind == "drag toward" and action.toward is None:
            raise IllegalActionError(action, "Drag toward needs the space to drag toward")
        toward = action.toward if kind == "drag toward" else None
        return pushes_and_pulls.drag(start, source, target, x, toward=toward)
    if kind == "displace":
        return displace(start, target, "Displace")
    if kind == "forced vault":
        return pushes_and_pulls.forced_vault(start, source, target)
    if start.state.knight(target) is None:
        raise IllegalActionError(action, f"{kind.title()} moves a Knight; {target} is a "
                                         f"Monster")
    return pushes_and_pulls.gang(start, source, target, x, herd=kind == "herd",
                            rule=kind.title())


def _knockback_way(state: ClashState, action: Forced) -> str:
    """The compass direction of a directional Knockback (rulebook *Keyword List: Knockback
    X*: "or in a specified direction in case of directional Knockback"): a compass direction
    as named; ``left``, ``right``, ``forward``, ``back`` turned by the source Monster's
    facing (a Knight has none, so it must name a compass direction)."""
    direction = (action.direction or "").lower()
    if direction not in KNOCKBACK_DIRECTIONS:
        raise IllegalActionError(action, f"{action.direction!r} is not a Knockback direction "
                                         f"({', '.join(KNOCKBACK_DIRECTIONS)})")
    monster = state.monster(action.source)
    way = compass_way(direction, monster.facing if monster is not None else None)
    if way is None:
        raise IllegalActionError(action, f"{action.source} is a Knight and has no facing: "
                                         f"name a compass direction (north, east, south, "
                                         f"west) for its directional Knockback")
    return way


def _target_spaces(state: ClashState, target: str, action: object) -> tuple[Space, ...]:
    piece = state.pieces.get(target)
    if piece is not None:
        return piece.spaces
    try:
        space = Space.parse(target)
    except ValueError:
        raise IllegalActionError(action, f"{target!r} is neither a piece nor a space") from None
    if not state.board.contains(space):
        raise IllegalActionError(action, f"{space} is off the board ({state.board.describe()})")
    return (space,)


def monster_move_outcomes(state: ClashState, action: MonsterMove) -> list[Branch]:
    """Every outcome of a Monster's movement of type ``action.how`` toward ``action.target``
    (rulebook *Monster Movement*, *Monster Movement Types*, *Target Out of Reach*): the type's
    row of :mod:`~tabletop.games.clash.movement_types` says whether the reach is checked
    after it, :data:`MOVERS` holds its resolver."""
    monster = monster_of(state, action.monster, action)
    how = action.how.lower()
    if how not in MOVEMENT_TYPES:
        raise IllegalActionError(action, f"{action.how!r} is not a movement type "
                                         f"({', '.join(MOVEMENT_TYPES)})")
    if how == "move to" and action.target.lower() in DIRECTIONS:
        start, limit = _speed_limit(Branch(state), monster, action.limit)
        return movement.move_direction(start, monster.name, action.target.lower(), limit)
    spaces = _target_spaces(state, action.target, action)
    start, limit = _speed_limit(Branch(state), monster, action.limit)
    action = replace(action, limit=limit)
    within = max(1, action.attack_range)
    out = MOVERS[how](start, monster, action, spaces, within)
    if action.target in state.pieces and movement_types.BY_NAME[how].reach_checked:
        out = [_reach_check(b, monster.name, action.target, within, action.zone) for b in out]
    return out


def _move(start: Branch, monster: Monster, action: MonsterMove, spaces, within: int):
    """Move: "Perform movement to the Target until adjacent" (or within Range)."""
    return movement.move_toward(start, monster.name, spaces, within=within, limit=action.limit)


def _jump(start: Branch, monster: Monster, action: MonsterMove, spaces, within: int):
    """Jump: as Move, without Crash or destroying tiles on the way."""
    return movement.move_toward(start, monster.name, spaces, within=within, limit=action.limit,
                                jump=True, rule="Jump")


def _move_behind(start: Branch, monster: Monster, action: MonsterMove, spaces, within: int):
    """Move Behind: to the furthest space adjacent to the Target."""
    return movement.move_behind(start, monster.name, spaces, limit=action.limit)


def _move_lateral(start: Branch, monster: Monster, action: MonsterMove, spaces, within: int):
    """Move Lateral: a straight run to where the following attack reaches the Target."""
    return movement.lateral(start, monster.name, spaces, within, zone=action.zone)


def _land_on_top(start: Branch, monster: Monster, action: MonsterMove, spaces, within: int):
    """Land on Top: end on the Target's space (a Target miniature is needed)."""
    if action.target not in start.state.pieces:
        raise IllegalActionError(action, "Land on Top needs a Target miniature (it ends "
                                         "on the space the Target occupies)")
    return movement.land_on_top(start, monster.name, action.target, limit=action.limit)


def _appear_behind(start: Branch, monster: Monster, action: MonsterMove, spaces, within: int):
    """Appear Behind: placed on the furthest space adjacent to the Target."""
    ends = movement.furthest_adjacent(start.state, monster, spaces, standing=True)
    if not ends:
        raise IllegalActionError(action, "no space adjacent to the Target it may be placed "
                                         "on (Appear Behind)")
    return movement.appear(start, monster.name, ends, spaces, "Appear Behind")


def _appear(start: Branch, monster: Monster, action: MonsterMove, spaces, within: int):
    """Appear X: placed on the designated space."""
    at = spaces[0]
    if not movement.may_land(start.state, monster, at):
        raise IllegalActionError(action, f"{monster.name} cannot be placed with its north-west "
                                         f"space on {at}: off the board, or a Mob on an "
                                         f"Obstacle, Chasm or miniature (Appear X)")
    return movement.appear(start, monster.name, [at], (), "Appear X")


def _move_to(start: Branch, monster: Monster, action: MonsterMove, spaces, within: int):
    """Move to X: movement to the designated area (a direction is handled before)."""
    state, name = start.state, monster.name
    goals = [at for at in state.board.spaces()
             if set(spaces) <= set(movement.spaces_at(monster, at))]
    paths = movement.move_paths(state, monster, goals, action.limit)
    out = []
    for path in paths:
        out.extend(movement.walk(start.then(choice=movement._path_choice(name, path)
                                            if len(paths) > 1 else None),
                                 name, path, "Move to X"))
    if not paths:
        out = [start.then(None, Event("stopped", name, other="no path", rule="Move to X"))]
    return out


MOVERS = {"move": _move, "move behind": _move_behind, "move lateral": _move_lateral,
          "jump": _jump, "land on top": _land_on_top, "appear behind": _appear_behind,
          "appear": _appear, "move to": _move_to}
"""The resolver of each Monster Movement Type of
:data:`tabletop.games.clash.movement_types.TYPES`, by name."""


def _speed_limit(branch: Branch, monster: Monster, limit: int | None
                 ) -> tuple[Branch, int | None]:
    """How far ``monster`` may move: the card's limit and its own Speed (layout ``speed``),
    the smaller; one less when it stands on Difficult Terrain (rulebook *Keyword List:
    Difficult Terrain*: "Monsters on Difficult Terrain have -1 Speed"), unless it ignores
    Difficult Terrain (*Basic Abilities*) or has Superior Bypass.  Reading: a Monster with no
    limit moves as far as it needs, so there is nothing to lower."""
    caps = [c for c in (limit, monster.speed) if c is not None]
    cap = min(caps) if caps else None
    rough = branch.state.keyword_spaces("difficult") & set(monster.spaces)
    if cap is None or not rough or monster.has("ignore difficult terrain") \
            or monster.has("superior bypass"):
        return branch, cap
    cap = max(0, cap - 1)
    return branch.then(None, Event("slowed", monster.name, amount=cap,
                                   rule="Difficult Terrain")), cap


def _reach_check(branch: Branch, monster: str, target: str, within: int,
                 zone: int = 0) -> Branch:
    """*Target Out of Reach*: a Target beyond the attack's range (a Zone attack: outside its
    Zone X) after the movement is not attacked (an Out of Reach Evade); never for a Monster
    with Always There, "always considered adjacent to the Knight" for its attacks."""
    state = branch.state
    if monster not in state.pieces or target not in state.pieces:
        return branch
    if state.monster(monster) is not None and state.monster(monster).has("always there"):
        return branch
    if zone and state.knight(target) is not None:
        if target in geometry.knights_in_zone(state, monster, zone):
            return branch
    elif geometry.range_(state, monster, target) <= within:
        return branch
    return branch.then(None, Event("out-of-reach", target, other=monster,
                                   rule="Target Out of Reach"))


def turn_monster_outcomes(state: ClashState, action: TurnMonster) -> list[Branch]:
    """A Monster turned to a facing, or toward a piece (``facing`` names it): every equally
    good facing is an outcome (rulebook *Monster Turning*)."""
    monster = monster_of(state, action.monster, action)
    if action.facing.lower() == "most knights":
        return _face_most_knights(state, monster.name)
    if action.facing in FACINGS:
        moved = state.with_piece(replace(monster, facing=action.facing))
        return [Branch(moved, (Event("rotated", monster.name, other=action.facing,
                                     rule="Monster Turning"),))]
    spaces = _target_spaces(state, action.facing, action)
    return movement.turn_toward(Branch(state), monster.name, spaces, "Monster Turning")


def vault_outcomes(state: ClashState, action: Vault) -> list[Branch]:
    """Vault: a Knight adjacent to a Monster is placed on an empty space in a straight line on
    the opposite side of the Monster, adjacent to it; voluntary movement, so not while
    knocked down (rulebook *Keyword List: Vault*).  Not from a Vantage Point: Vault's "in a
    straight line from you" needs the Knight on a board space next to the Monster, and the
    only way off a VP is a move "to a space on the Board adjacent to the Monster" (*Movement
    and VPs*); Will of the Graal: the Knight steps off first."""
    knight = knight_of(state, action.knight, action)
    monster = monster_of(state, action.monster, action)
    if knight.knockdown == "falling":
        raise IllegalActionError(action, f"{knight.name} is knocked down and cannot move "
                                         f"voluntarily (Knockdown)")
    if knight.vantage:
        raise IllegalActionError(action, f"{knight.name} is on {knight.vantage}'s Vantage "
                                         f"Point: step off the Vantage Point first: Vault "
                                         f"needs the Knight adjacent to the Monster on the "
                                         f"board (Vault, Movement and VPs; Will of the Graal)")
    if not adjacent(knight.spaces, monster.spaces) or monster.has("always there"):
        raise IllegalActionError(action, f"{knight.name} is not adjacent to {monster.name} "
                                         f"(Vault{not_adjacent(monster)})")
    way = directions.away(monster.spaces, knight.spaces)[0]
    dx, dy = DIRECTIONS[directions.OPPOSITE[way]]
    at = knight.at.step(dx * (monster.size + 1), dy * (monster.size + 1))
    if not standable(state, knight, at):
        raise IllegalActionError(action, f"{at} is not an empty space on the board on the far "
                                         f"side of {monster.name} (Vault)")
    moved = state.with_piece(replace(knight, at=at))
    return settle(Branch(moved, (Event("moved", knight.name, (at,), rule="Vault"),)),
                  knight.name, "Vault")


def _face_most_knights(state: ClashState, name: str) -> list[Branch]:
    """*Monster Turning*: a Mob turns toward most Knights when spawned — the facings with the
    most Knights in front (ties offered)."""
    counts = {}
    for facing in FACINGS:
        turned = state.with_piece(replace(state.monster(name), facing=facing))
        front = geometry.front_of(turned, name)
        counts[facing] = sum(1 for k in state.knights if k.at in front)
    best = max(counts.values())
    ways = [f for f in FACINGS if counts[f] == best]
    return [Branch(state.with_piece(replace(state.monster(name), facing=f)),
                   (Event("rotated", name, other=f, rule="Monster Turning: most Knights"),),
                   (f"{name} faces {f}",) if len(ways) > 1 else ()) for f in ways]


def monster_attack_outcomes(state: ClashState, action: MonsterAttack) -> list[Branch]:
    """A Monster's attack (rulebook *Monster Attack*, *Attack Types*, *Monster Turning*,
    *Target Out of Reach*): the Monster turns toward a single Target first (not for a Zone or
    Wave, not for a Simultaneous attack on two or more); every Target out of the attack's
    range is an Out of Reach Evade; Zone and Wave attack the Knights in the area (Wave minus
    those sheltered).  A Sequential attack (or any attack on several Targets that is not
    Simultaneous) goes "one at a time, in a specific order": the order the players give (the
    card's), the Monster turning toward each Target before its attack."""
    monster = monster_of(state, action.monster, action)
    kind = action.kind.lower()
    if kind not in ATTACK_KINDS:
        raise IllegalActionError(action, f"{action.kind!r} is not an attack type "
                                         f"({', '.join(ATTACK_KINDS)})")
    if not 1 <= action.x <= 20:
        raise IllegalActionError(action, "the attack's X must be 1 to 20")
    if kind in ("zone", "wave"):
        names = (attacks.in_zone(state, monster, action.x) if kind == "zone"
                 else attacks.wave(state, monster, action.x)[0])
        events = tuple(Event("attack-target", n, other=monster.name, rule=f"{kind.title()} "
                             f"{action.x}") for n in names)
        return [Branch(state, events or (Event("attack-target", "no Knight",
                                               other=monster.name, rule=kind.title()),))]
    for name in action.targets:
        knight_of(state, name, action)
    if not action.targets:
        raise IllegalActionError(action, "name the Target(s) of the attack")
    reach = 1 if kind == "melee" else action.x
    out = [Branch(state)]
    simultaneous = action.simultaneous and len(action.targets) > 1
    for name in action.targets:
        if not simultaneous:
            out = [turned for b in out
                   for turned in movement.turn_toward(b, monster.name,
                                                      b.state.knight(name).spaces,
                                                      "Monster Turning: before an attack")]
        out = [b.then(None, _attack_event(b.state, monster, name, kind, reach)) for b in out]
    return out


def _attack_event(state: ClashState, monster: Monster, name: str, kind: str,
                  reach: int) -> Event:
    """The attack on ``name``, or an Out of Reach Evade when it is beyond ``reach``."""
    if monster.has("always there") or geometry.range_(state, monster.name, name) <= reach:
        return Event("attack-target", name, other=monster.name, rule=f"{kind.title()} attack")
    return Event("out-of-reach", name, other=monster.name, rule="Target Out of Reach")


def record_wound(state: ClashState, action: RecordWound) -> tuple[ClashState, tuple]:
    """The Last Knight to Wound (a targeting instruction) is ``action.knight``."""
    knight = knight_of(state, action.knight, action)
    turn = replace(state.turn, last_wounder=knight.name)
    return replace(state, turn=turn), (Event("wounded", knight.name, rule="Last Knight to Wound"),)
