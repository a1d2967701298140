"""The Clash ``tabletop query`` verbs (``../shared/spec/layouts-and-query.md``).

Each verb answers with ``"answer"`` and a ``"why"`` naming the rule that decided, in words;
``los`` also gives ``"line"``, a clear segment ``[[x1, y1], [x2, y2]]`` in corner coordinates
or ``null``.  Lists of spaces are in reading order, lists of names sorted.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from tabletop.errors import QueryError
from tabletop.games.clash import geometry as geo
from tabletop.games.clash.layout import MAX_BOARD_SIDE
from tabletop.games.clash.state import ClashState
from tabletop.games.contract import Verb
from tabletop.games.lazyverbs import LazyVerbs
from tabletop.numbers import parse_int, shorten
from tabletop.spatial.grid import Space

if TYPE_CHECKING:
    from tabletop.games.overlay import Picture


def _los(state: ClashState, args: list[str]) -> dict[str, Any]:
    sight = geo.los(state, args[0], args[1])
    line = [list(sight.line[0]), list(sight.line[1])] if sight.line else None
    return {"answer": sight.clear, "why": sight.why, "line": line}


def _range(state: ClashState, args: list[str]) -> dict[str, Any]:
    a, b = geo.resolve(state, args[0]), geo.resolve(state, args[1])
    value = geo.range_(state, a, b)
    return {"answer": value, "why": f"range from {a.name} to {b.name} is {value}: spaces "
            f"counted horizontally and vertically between their nearest spaces (adjacent = 1); "
            f"obstacles and miniatures do not lengthen it"}


def _distance(state: ClashState, args: list[str]) -> dict[str, Any]:
    a, b = geo.resolve(state, args[0]), geo.resolve(state, args[1])
    value = geo.distance(state, a, b)
    if a.monster is not None and a.monster.kind == "boss":
        how = "a boss moves through everything, so its distance is its range"
    elif a.monster is not None:
        how = "a mob moves its whole footprint around obstacles, chasms and other pieces"
    else:
        how = "moving one space at a time around obstacles, chasms and other pieces"
    if value is None:
        why = f"{a.name} can never become adjacent to {b.name} ({how})"
    else:
        why = (f"{a.name} is adjacent to {b.name} after {value - 1} move"
               f"{'' if value == 2 else 's'} ({how}); distance is 1 + the moves"
               if value >= 1 else f"{a.name} and {b.name} overlap")
    return {"answer": value, "why": why}


def _spaces(spaces: Iterable[Space], why: str) -> dict[str, Any]:
    ordered = sorted(set(spaces), key=lambda s: (s.row, s.col))
    return {"answer": [str(s) for s in ordered], "why": why}


def _reach(state: ClashState, args: list[str]) -> dict[str, Any]:
    knight = geo.resolve(state, args[0])
    spaces = geo.reach(state, knight)
    speed = knight.knight.speed if knight.knight else 0
    return _spaces(spaces, f"{knight.name} (Speed {speed}) moves up to {speed} spaces in "
                           f"cardinal steps, not through obstacles, chasms, boundless terrain "
                           f"or other pieces; one less if the path (its start included) holds "
                           f"difficult terrain")


def _hug(state: ClashState, args: list[str]) -> dict[str, Any]:
    from tabletop.games.clash.move_like import hug_spaces

    knight = geo.resolve(state, args[0])
    if knight.knight is None:
        raise QueryError(f"{knight.name} is not a Knight; Hug X moves a Knight")
    x = parse_int(args[1], 1, 20)
    if x is None:
        raise QueryError(f"Hug {shorten(args[1])!r}: X must be a whole number from 1 to 20")
    return _spaces(hug_spaces(state, knight.knight, x),
                   f"Hug {x}: {knight.name} moves up to {x} space{'s' * (x != 1)} "
                   f"cardinally or diagonally, each onto an unoccupied space adjacent to a "
                   f"Monster, never through a corner between two occupied spaces; none "
                   f"unless it starts adjacent to a Monster")


def _front(state: ClashState, args: list[str]) -> dict[str, Any]:
    m = geo.as_monster(state, args[0])
    return _spaces(geo.front_of(state, m), f"every space beyond the line along {m.name}'s "
                                           f"{m.facing} edge (Monster Facing)")


def _rear(state: ClashState, args: list[str]) -> dict[str, Any]:
    m = geo.as_monster(state, args[0])
    return _spaces(geo.rear_of(state, m), f"the {m.size} space{'s' if m.size > 1 else ''} "
                                          f"directly behind {m.name}, facing {m.facing}")


def _blindspots(state: ClashState, args: list[str]) -> dict[str, Any]:
    m = geo.as_monster(state, args[0])
    return _spaces(geo.blindspots_of(state, m), f"{m.name}'s blindspot offsets turned to face "
                                                f"{m.facing}, off-board spaces dropped")


def _zone(state: ClashState, args: list[str]) -> dict[str, Any]:
    place = geo.resolve(state, args[0])
    x = parse_int(args[1], 0, MAX_BOARD_SIDE)
    if x is None:
        raise QueryError(f"zone size {shorten(args[1])!r} is not a whole number from 0 to "
                         f"{MAX_BOARD_SIDE}")
    own = ("a Monster is not inside its own zone" if place.monster is not None
           else f"{place.name} is a source and so inside it")
    return _spaces(geo.zone_of(state, place, x), f"every space within {x} spaces "
                   f"horizontally, vertically or diagonally of {place.name}; {own}")


def _sees(state: ClashState, args: list[str]) -> dict[str, Any]:
    m = geo.as_monster(state, args[0])
    names = geo.sees(state, m)
    return {"answer": names, "why": f"Knights with a clear line from {m.name}, none in its "
                                    f"blindspots or on a Vantage Point"}


def _visible(state: ClashState, args: list[str]) -> dict[str, Any]:
    place = geo.resolve(state, args[0])
    extra = "; its blindspots never are" if place.monster is not None else ""
    return {"answer": geo.visible_labels(state, place),  # in reading order, each once
            "why": f"every space with a clear line from a corner of {place.name}{extra}"}


VERBS: dict[str, Verb] = {v.name: v for v in (
    Verb("los", "P Q", "Line of Sight from P to Q, with the rule that decided and a clear line",
         _los, 2),
    Verb("range", "P Q", "range: spaces between the nearest spaces", _range, 2),
    Verb("distance", "P Q", "1 + the fewest moves for P to become adjacent to Q", _distance, 2),
    Verb("reach", "K", "spaces Knight K may end a Movement Action on", _reach, 1),
    Verb("hug", "K X", "spaces Knight K may end a Hug X on", _hug, 2),
    Verb("front", "M", "spaces in front of Monster M", _front, 1),
    Verb("rear", "M", "Rear spaces of Monster M", _rear, 1),
    Verb("blindspots", "M", "blindspot spaces of Monster M", _blindspots, 1),
    Verb("zone", "P X", "spaces in Zone X from P", _zone, 2),
    Verb("sees", "M", "Knights in Monster M's LoS", _sees, 1),
    Verb("visible", "P", "every space P has LoS to", _visible, 1),
)}


RULE_VERB_NAMES = ("target", "monster-move", "knockback", "pushback", "pull", "drag", "forced",
                   "can-attack", "wave", "adjacent", "climb", "activation-order")
"""The rules verbs (:mod:`tabletop.games.clash.rule_queries`), loaded when first asked."""
ROLL_VERB_NAMES = ("evasion", "attack", "power", "armor")
"""The verbs of rolls from given faces (:mod:`tabletop.games.clash.roll_queries`), loaded when
first asked: they import the cards, the attack sequence and the dice."""


def _picture(**parts: Any) -> Picture:
    """The :class:`~tabletop.games.overlay.Picture` of ``parts``: the overlay module is
    imported with the first picture drawn (a question draws none)."""
    from tabletop.games.overlay import Picture

    return Picture(**parts)


def _listed(state: ClashState, args: list[str], answer: dict[str, Any]) -> Picture:
    """The answer's spaces, tinted."""
    return _picture(places=tuple(answer["answer"]))


def _los_picture(state: ClashState, args: list[str], answer: dict[str, Any]) -> Picture:
    """The two ends marked, and the line: solid when clear; dashed when blocked, the space
    that blocks the nearest line crossed out."""
    sight = geo.los(state, args[0], args[1])
    ends = tuple(geo.resolve(state, word).name for word in args)
    line = sight.line or sight.nearest
    return _picture(marked=ends, lines=(line,) if line else (),
                   crossed=(str(sight.blocker),) if sight.blocker else (),
                   blocked=not sight.clear)


def _sees_picture(state: ClashState, args: list[str], answer: dict[str, Any]) -> Picture:
    """The Monster, and a ring round each Knight it sees."""
    return _picture(places=(geo.resolve(state, args[0]).name,), marked=tuple(answer["answer"]))


def _flat(value: Any) -> list[str]:
    if isinstance(value, list):
        return [word for item in value for word in _flat(item)]
    return [str(value)] if value is not None else []


def _target_picture(state: ClashState, args: list[str], answer: dict[str, Any]) -> Picture:
    """The Monster, and a ring round each Target (every alternative when players choose);
    a Zone target's spaces tinted."""
    chosen = _flat(answer["answer"])
    pieces = tuple(w for w in chosen if w in state.pieces)
    return _picture(places=(args[0], *[w for w in chosen if w not in state.pieces]),
                   marked=pieces)


def _outcomes_picture(state: ClashState, args: list[str], answer: dict[str, Any]) -> Picture:
    """Where the moved pieces end, in every outcome: the spaces of the moved footprints
    tinted, the moved pieces ringed where they stand now."""
    ends: list[str] = []
    moved: list[str] = []
    for outcome in answer["answer"]:
        for name, end in outcome["end"].items():
            moved.append(name)
            piece = state.pieces.get(name)
            if end is not None and piece is not None:
                size = getattr(piece, "size", 1)
                corner = Space.parse(end)
                ends += [str(Space(corner.row + dy, corner.col + dx))
                         for dy in range(size) for dx in range(size)]
    return _picture(places=tuple(dict.fromkeys(ends)), marked=tuple(dict.fromkeys(moved)))


def _wave_picture(state: ClashState, args: list[str], answer: dict[str, Any]) -> Picture:
    """The Monster, a ring round each Knight hit; the Wave's zone tinted."""
    monster = geo.resolve(state, args[0])
    zone = [str(s) for s in sorted(geo.zone_of(state, monster, int(args[1])))]
    return _picture(places=tuple(zone), marked=tuple(answer["answer"]))


def _order_picture(state: ClashState, args: list[str], answer: dict[str, Any]) -> Picture:
    """Arrows from each Monster to the next, in the order their tokens resolve."""
    return _picture(path=tuple(dict.fromkeys(step["monster"] for step in answer["answer"])))


_PICTURES = {
    "los": _los_picture, "reach": _listed, "hug": _listed, "front": _listed, "rear": _listed,
    "blindspots": _listed, "zone": _listed, "visible": _listed, "sees": _sees_picture,
    "climb": _listed, "target": _target_picture, "wave": _wave_picture,
    "monster-move": _outcomes_picture, "knockback": _outcomes_picture,
    "pushback": _outcomes_picture, "pull": _outcomes_picture, "drag": _outcomes_picture,
    "forced": _outcomes_picture, "activation-order": _order_picture,
}
"""The verbs whose answers are drawn by ``--overlay``, and how (the roll verbs' pictures are
in their own module)."""


def _deferred_verb(name: str) -> Verb:
    """The rules or roll verb ``name``, its module imported now, with its picture."""
    if name in ROLL_VERB_NAMES:
        from tabletop.games.clash.roll_queries import ROLL_PICTURES, ROLL_VERBS

        return replace(ROLL_VERBS[name], picture=ROLL_PICTURES.get(name))
    from tabletop.games.clash.rule_queries import RULE_VERBS

    return replace(RULE_VERBS[name], picture=_PICTURES.get(name))


VERBS = LazyVerbs({name: replace(verb, picture=_PICTURES.get(name))
                   for name, verb in VERBS.items()},
                  (*RULE_VERB_NAMES, *ROLL_VERB_NAMES), _deferred_verb)
