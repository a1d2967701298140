"""``tabletop query`` verbs for the Clash rules (``docs/clash-rules.md``): targeting, Monster
movement, forced movement, attack legality, Wave cover, adjacency and Vantage Points.  Registered
by name in :mod:`tabletop.games.clash.query`, which imports this module when one is first asked.

Movement answers list every outcome the players may choose among: ``"answer"`` is a list of
``{"choices", "end", "facing", "events"}`` (``end`` maps each moved piece to its north-west
space, or ``null`` when it died).
"""

from __future__ import annotations

from typing import Any

from tabletop.errors import QueryError, TabletopError
from tabletop.games.clash import activation_tokens, attacks, geometry
from tabletop.games.clash.actions import (
    MOVEMENT_TYPES,
    Climb,
    Forced,
    MonsterMove,
    Weapon,
)
from tabletop.games.clash.events import describe
from tabletop.games.clash.forced_kinds import BY_NAME, KINDS, KNOCKBACK_DIRECTIONS
from tabletop.games.clash.forced_steps import Branch
from tabletop.games.clash.rules import outcomes, resolve
from tabletop.games.clash.state import ClashState, Knight, Monster
from tabletop.games.clash.targeting import TargetingError, target
from tabletop.games.clash.turns import attack_problem
from tabletop.games.clash.vantage import vantage_spaces
from tabletop.games.contract import Verb
from tabletop.numbers import NumberError, read_int
from tabletop.spatial.grid import Space


def _name(state: ClashState, word: str) -> str:
    place = geometry.resolve(state, word)
    return place.name


def _monster(state: ClashState, word: str) -> Monster:
    place = geometry.resolve(state, word)
    if place.monster is None:
        raise QueryError(f"{word!r} is not a Monster")
    return place.monster


def _knight(state: ClashState, word: str) -> Knight:
    place = geometry.resolve(state, word)
    if place.knight is None:
        raise QueryError(f"{word!r} is not a Knight")
    return place.knight


def _number(word: str, what: str = "X") -> int:
    try:
        return read_int(word, 0, 20, what)
    except NumberError as exc:
        raise QueryError(str(exc)) from None


def _outcome(before: ClashState, branch: Branch) -> dict[str, Any]:
    moved = {}
    for name, piece in before.pieces.items():
        after = branch.state.pieces.get(name)
        if after is None:
            moved[name] = None
        elif after.at != piece.at:
            moved[name] = str(after.at)
    facing = {m.name: m.facing for m in branch.state.monsters
              if before.pieces.get(m.name) is not None}
    return {"choices": list(branch.choices), "end": moved, "facing": facing,
            "events": [describe(e) for e in branch.events]}


def _run(state: ClashState, action) -> dict[str, Any]:
    try:
        results = outcomes(state, action)
    except TabletopError as exc:
        raise QueryError(str(exc)) from None
    return {"answer": [_outcome(state, b) for b in results],
            "why": f"{len(results)} outcome{'s' * (len(results) != 1)}"
                   f"{' for the players to choose among' if len(results) > 1 else ''}"}


def _target(state: ClashState, args: list[str]) -> dict[str, Any]:
    if len(args) < 2:
        raise QueryError("target takes a Monster and its targeting lines "
                         "(target M \"LINE; LINE …\")")
    monster = _monster(state, args[0])
    lines = [line.strip() for line in " ".join(args[1:]).split(";") if line.strip()]
    try:
        found = target(state, monster, lines)
    except TargetingError as exc:
        raise QueryError(str(exc)) from None
    if found.zone:
        answer: Any = [str(s) for s in found.zone]
    elif found.line is None:
        answer = None
    elif len(found.alternatives) == 1:
        answer = list(found.alternatives[0])
    else:
        answer = [list(a) for a in found.alternatives]
    return {"answer": answer, "line": None if found.line is None else found.line + 1,
            "choose": len(found.alternatives) > 1, "why": "; ".join(found.why)}


def _monster_move(state: ClashState, args: list[str]) -> dict[str, Any]:
    return _run(state, monster_move_action(state, args))


def movement_action(state: ClashState, words: list[str]) -> MonsterMove | Forced:
    """The action a movement question names (``monster-move``, ``knockback``, ``pushback``,
    ``pull``, ``drag`` or ``forced`` and its words, as ``tabletop query`` takes them), for a
    program that performs the movement rather than lists its outcomes.  Raises
    :class:`QueryError` for any other words."""
    verb, args = (words[0].lower(), words[1:]) if words else ("", [])
    if verb == "monster-move":
        return monster_move_action(state, args)
    if verb == "forced":
        return forced_action(state, args)
    if verb == "pushback" and len(args) > 3:
        return _pushback_action(state, args)
    if verb in _FORCED_ORDER and len(args) == 3:
        first, second = _name(state, args[0]), _name(state, args[1])
        source, piece = (first, second) if _FORCED_ORDER[verb] else (second, first)
        return Forced(verb, source, piece, _number(args[2]))
    raise QueryError(f"{' '.join(words)!r} is not a movement question (monster-move, "
                     f"knockback, pushback, pull, drag or forced and their words)")


_FORCED_ORDER = {"knockback": False, "pushback": True, "pull": True, "drag": True}
"""The forced-movement verbs and whether their source comes first in the question."""


def monster_move_action(state: ClashState, args: list[str]) -> MonsterMove:
    """The :class:`MonsterMove` that ``M TARGET TYPE [X] [range X | zone X]`` names."""
    if len(args) < 3:
        raise QueryError("monster-move takes M TARGET TYPE [X] [range X | zone X] (X: at most "
                         "X spaces; range/zone: the attack that follows; TYPE: " +
                         ", ".join(MOVEMENT_TYPES) + ")")
    monster = _monster(state, args[0])
    goal = args[1]
    if goal.casefold() in {n.casefold() for n in state.pieces}:
        goal = _name(state, goal)
    words = list(args[2:])
    reach = {"range": 1, "zone": 0}
    while len(words) > 2 and words[-2].lower() in reach:
        reach[words[-2].lower()] = _number(words[-1], f"{words[-2].title()} X")
        words = words[:-2]
    limit = None
    if len(words) > 1 and words[-1].isascii() and words[-1].isdigit():
        limit = _number(words[-1])
        words = words[:-1]
    how = " ".join(words).lower()
    return MonsterMove(monster.name, goal, how, limit, max(1, reach["range"]), zone=reach["zone"])


def _forced(kind: str, source_first: bool):
    def run(state: ClashState, args: list[str]) -> dict[str, Any]:
        first, second = _name(state, args[0]), _name(state, args[1])
        source, piece = (first, second) if source_first else (second, first)
        return _run(state, Forced(kind, source, piece, _number(args[2])))
    return run


def _pushback(state: ClashState, args: list[str]) -> dict[str, Any]:
    return _run(state, _pushback_action(state, args))


def _pushback_action(state: ClashState, args: list[str]) -> Forced:
    """The Pushback that ``SOURCE P X [with WEAPON]`` names: in a Knight's Attack with WEAPON
    when given (*Keyword List: Pushback X*, Knight Timing)."""
    if len(args) < 3 or (len(args) > 3 and (len(args) == 4 or args[3].lower() != "with")):
        raise QueryError("pushback takes SOURCE P X, then optionally with WEAPON (melee, reach "
                         "X, ranged X-Y: the Knight's active weapon in its Attack)")
    _number(args[2])
    return forced_action(state, ["pushback", *args])


def _any_forced(state: ClashState, args: list[str]) -> dict[str, Any]:
    return _run(state, forced_action(state, args))


def forced_action(state: ClashState, args: list[str]) -> Forced:
    """The :class:`Forced` that ``KIND SOURCE P [X] [SPACE | DIRECTION] [with WEAPON]`` names
    (the words of ``tabletop query forced`` and of a screenshot's preview overlay; what each
    kind takes is in the table of :mod:`tabletop.games.clash.forced_kinds`; ``with WEAPON``:
    a Knight source's active weapon when it is caused in its Attack).  Raises
    :class:`QueryError` saying what the kind takes."""
    usage = ("forced takes KIND (quoted when it has spaces) and then: " + "; ".join(
        f"{k.name}: {k.arguments()}" for k in KINDS) + " (DIRECTION: "
        + ", ".join(KNOCKBACK_DIRECTIONS) + "), then optionally with WEAPON (melee, reach X, "
        "ranged X-Y: the Knight's active weapon when it is caused in its Attack)")
    kind = BY_NAME.get(args[0].lower()) if args else None
    if kind is None or len(args) < 3:
        raise QueryError(usage)
    source, piece = _name(state, args[1]), _name(state, args[2])
    rest = list(args[3:])
    weapon = None
    if "with" in (w.lower() for w in rest):
        at = [w.lower() for w in rest].index("with")
        try:
            weapon = Weapon.parse(" ".join(rest[at + 1:]))
        except ValueError as exc:
            raise QueryError(f"{kind.name} … with WEAPON: {exc}") from None
        rest = rest[:at]
    amount = _number(rest.pop(0)) if rest and rest[0].isascii() and rest[0].isdigit() else 0
    toward = direction = None
    if kind.extra == "space" and rest:
        try:
            toward = Space.parse(rest.pop(0))
        except ValueError as exc:
            raise QueryError(f"{kind.name}: {exc}") from None
    elif kind.extra == "direction" and rest:
        direction = rest.pop(0).lower()
        if direction not in KNOCKBACK_DIRECTIONS:
            raise QueryError(f"{direction!r} is not a Knockback direction ("
                             + ", ".join(KNOCKBACK_DIRECTIONS) + ")")
    if rest or (kind.extra and toward is None and direction is None):
        raise QueryError(f"{kind.name} takes {kind.arguments()}")
    return Forced(kind.name, source, piece, amount, toward, direction=direction, weapon=weapon)


def _can_attack(state: ClashState, args: list[str]) -> dict[str, Any]:
    if len(args) < 3:
        raise QueryError("can-attack takes K M WEAPON (melee, reach X, ranged X-Y, unwieldy)")
    knight, monster = _knight(state, args[0]), _monster(state, args[1])
    try:
        weapon = Weapon.parse(" ".join(args[2:]))
    except ValueError as exc:
        raise QueryError(str(exc)) from None
    problem = attack_problem(state, knight, monster, weapon)
    if problem:
        return {"answer": False, "why": problem}
    why = (f"{monster.name} is in the effective range of a {weapon} weapon and in "
           f"{knight.name}'s Line of Sight (Declare Attack and Active Weapon)")
    if knight.at in geometry.blindspots_of(state, monster) and knight.vantage is None:
        why += f"; from a Blindspot of {monster.name}: +1 Precision"
    return {"answer": True, "why": why}


def _adjacent(state: ClashState, args: list[str]) -> dict[str, Any]:
    a, b = geometry.resolve(state, args[0]), geometry.resolve(state, args[1])
    answer = geometry.adjacent(state, a, b)
    host = b.knight.vantage if b.knight is not None else None
    if host and not answer and a.name != host:
        why = (f"{b.name} is on a Vantage Point of {host}: other Knights adjacent to the "
               f"Monster are not considered adjacent to Knights on VPs (Vantage Points)")
    elif a.knight is not None and a.knight.vantage:
        why = (f"{a.name} is on a Vantage Point of {a.knight.vantage}: adjacent and in range 1 "
               f"to the Monster and all Knights adjacent to it, else measured from the "
               f"Monster's closest space (Vantage Points)")
    else:
        why = f"range from {a.name} to {b.name} is {geometry.range_(state, a, b)}"
    return {"answer": answer, "why": why}


def _climb(state: ClashState, args: list[str]) -> dict[str, Any]:
    knight, monster = _knight(state, args[0]), _monster(state, args[1])
    spaces = sorted(vantage_spaces(monster, unlocked_only=False))
    free, why = [], []
    for space in spaces:
        try:
            resolve(state, Climb(knight.name, monster.name, space))
        except TabletopError as exc:
            why.append(f"{space}: {str(exc).split(': ', 1)[-1]}")
        else:
            free.append(str(space))
    if not spaces:
        why.append(f"{monster.name} has no Vantage Points; it cannot be climbed")
    return {"answer": free, "why": "; ".join(why) or
            f"{knight.name} may perform a Climb test for each (Climbing a VP)"}


def _wave(state: ClashState, args: list[str]) -> dict[str, Any]:
    monster = _monster(state, args[0])
    hit, sheltered = attacks.wave(state, monster, _number(args[1]))
    why = "; ".join(f"{n}: {w}" for n, w in sorted(sheltered.items()))
    return {"answer": hit, "sheltered": sorted(sheltered),
            "why": why or "no Knight in the Zone is behind an adjacent Obstacle"}


def _activation_order(state: ClashState, args: list[str]) -> dict[str, Any]:
    """The ready Activation tokens in the order they resolve (rulebook *Resolving
    Activations*), each with the sentence that says why it comes there."""
    steps = activation_tokens.order(state)
    answer = [{"monster": n.monster.name, "token": activation_tokens.label(n.token), "why": why}
              for n, why in steps]
    if not steps:
        why = ("no Monster holds a ready Activation token: every token is spent (or the board "
               "has none); the Monster Round may end (Resolving Activations)")
    else:
        why = " Then ".join(why for _, why in steps)
    if state.turn.phase != "monster":
        why = ("(the next Monster Round: its start flips every spent token to ready) " + why)
    return {"answer": answer, "why": why}


RULE_VERBS: dict[str, Verb] = {v.name: v for v in (
    Verb("target", "M LINE[;LINE...]", "the Target a Monster's targeting lines choose",
         _target, None),
    Verb("monster-move", "M TARGET TYPE [X] [range X|zone X]",
         "every outcome of a Monster's movement", _monster_move, None),
    Verb("knockback", "P SOURCE X", "every outcome of Knockback X on P", _forced("knockback",
                                                                                 False), 3),
    Verb("pushback", "SOURCE P X [with WEAPON]", "every outcome of Pushback X on P (in a "
         "Knight's Attack with WEAPON)", _pushback, None),
    Verb("pull", "SOURCE P X", "every outcome of Pull X on P", _forced("pull", True), 3),
    Verb("drag", "SOURCE P X", "every outcome of Drag X on P", _forced("drag", True), 3),
    Verb("forced", "KIND SOURCE P [X] [SPACE|DIRECTION] [with WEAPON]", "every outcome of any "
         "forced movement (Gangup, Herd, Displace, Forced Vault, Knockback to the side, "
         "directional Knockback …)", _any_forced, None),
    Verb("can-attack", "K M WEAPON", "whether Knight K may attack Monster M with WEAPON",
         _can_attack, None),
    Verb("wave", "M X", "the Knights a Wave X attack hits, and who is sheltered", _wave, 2),
    Verb("adjacent", "P Q", "whether P counts Q as adjacent (Vantage Points make it one-way)",
         _adjacent, 2),
    Verb("climb", "K M", "the Vantage Points of Monster M that Knight K may climb now",
         _climb, 2),
    Verb("activation-order", "", "the ready Activation tokens in the order they resolve, "
         "with why (a Boss: the Monster Sheet's order; the Mob track left to right)",
         _activation_order, 0),
)}
