"""The Clash Board's geometry questions, asked of a :class:`ClashState` by piece name.

This module is the bridge from a board state to the pure functions of ``tabletop.spatial``: it
decides which Terrain tiles block LoS for a pair of pieces (the tile exception), what a boss, a
mob and a Knight may move through, what Monster sight adds (blindspots and Vantage Points) and
how Knights on Vantage Points measure range.  Readings: ``clash-geometry.md`` and
``docs/clash-geometry.md``.  The blocking structure of a board is built once per terrain and
exemption and cached; every function here is pure.

Pieces are named by ``name``; a space label (``"C4"``) stands for a one-space piece there.
Functions accept a name or label, a :class:`Place`, or a :class:`Knight`/:class:`Monster`.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from tabletop.errors import QueryError
from tabletop.games.clash.state import BLOCKS_MOVEMENT, ClashState, Knight, Monster, Piece, Terrain
from tabletop.spatial import facing, measure
from tabletop.spatial.grid import Board, Space
from tabletop.spatial.reach import path_through, reachable, reachable_through

if TYPE_CHECKING:  # Line of Sight is imported by the first question that needs it
    from tabletop.spatial.sight import Sight, SightMap, SightPlan


@dataclass(frozen=True)
class Place:
    """A piece or a bare space as one end of a question: ``name`` as the user wrote it (or the
    label), the ``spaces`` it occupies and the ``piece`` (``None`` for a bare space)."""

    name: str
    spaces: tuple[Space, ...]
    piece: Piece | None = None

    @property
    def knight(self) -> Knight | None:
        return self.piece if isinstance(self.piece, Knight) else None

    @property
    def monster(self) -> Monster | None:
        return self.piece if isinstance(self.piece, Monster) else None


def resolve(state: ClashState, name_or_label: str | Place | Piece) -> Place:
    """The :class:`Place` named by a piece name (exact, else case-insensitive) or a label.

    Raises :class:`QueryError` for a name that is neither, or a label off the board.
    """
    if isinstance(name_or_label, Place):
        return name_or_label
    if isinstance(name_or_label, Knight | Monster):
        return Place(name_or_label.name, name_or_label.spaces, name_or_label)
    word = name_or_label
    piece = state.pieces.get(word)
    if piece is None:
        folded = [p for n, p in state.pieces.items() if n.casefold() == word.casefold()]
        piece = folded[0] if len(folded) == 1 else None
    if piece is not None:
        return Place(piece.name, piece.spaces, piece)
    try:
        space = Space.parse(word)
    except ValueError:
        names = ", ".join(sorted(state.pieces)) or "none"
        raise QueryError(f"{word!r} is neither a piece nor a space label "
                         f"(pieces: {names})") from None
    if not state.board.contains(space):
        raise QueryError(f"{space} is off the board ({state.board.describe()})")
    return Place(str(space), (space,), None)


def as_monster(state: ClashState, word: str | Place | Piece) -> Monster:
    """The Monster ``word`` names; :class:`QueryError` if it names a Knight or a space."""
    place = resolve(state, word)
    if place.monster is None:
        raise QueryError(f"{place.name} is not a Monster")
    return place.monster


def as_knight(state: ClashState, word: str | Place | Piece) -> Knight:
    """The Knight ``word`` names; :class:`QueryError` if it names a Monster or a space."""
    place = resolve(state, word)
    if place.knight is None:
        raise QueryError(f"{place.name} is not a Knight")
    return place.knight


# --- the terrain's blocking structure, built once per state and terrain --------------------


class _Terrain:
    """What the terrain of one board means for sight and movement, with the sight maps for
    each set of exempt tiles built on first use and kept, and what movement needs made the
    first time it is asked for (a LoS question needs none of it)."""

    def __init__(self, board: Board, terrain: tuple[Terrain, ...]):
        self.board = board
        self.terrain = terrain
        self.obscuring = tuple(t for t in terrain if "obscuring" in t.keywords)
        on: dict[Space, frozenset[str]] = {}
        for tile in self.obscuring:
            mine = frozenset((tile.name,))
            for space in tile.spaces:
                found = on.setdefault(space, mine)
                if found is not mine:  # a space of several tiles
                    on[space] = found | mine
        self.obscuring_on = on
        """The names of the obscuring tiles on each of their spaces."""
        self.spaces_of = {t.name: t.spaces for t in self.obscuring}
        from tabletop.spatial.sight import sight_map

        self.base = sight_map(board, frozenset(self.obscuring_on))
        self._maps: dict[frozenset[str], SightMap] = {frozenset(): self.base}
        self._plans: dict[frozenset[str], SightPlan] = {}

    @cached_property
    def names(self) -> dict[Space, str]:
        """The names of the obscuring tiles on each of their spaces (``"Column and Ruin"``)."""
        names: dict[Space, list[str]] = {}
        for tile in self.obscuring:
            for space in tile.spaces:
                names.setdefault(space, []).append(tile.name)
        return {s: " and ".join(n) for s, n in names.items()}

    @cached_property
    def no_entry(self) -> frozenset[Space]:
        """The spaces of tiles that block movement."""
        return frozenset(s for t in self.terrain if BLOCKS_MOVEMENT & set(t.keywords)
                         for s in t.spaces)

    @cached_property
    def difficult(self) -> frozenset[Space]:
        """The spaces of Difficult Terrain."""
        return frozenset(s for t in self.terrain if t.has("difficult") for s in t.spaces)

    @cached_property
    def walkable(self) -> int:
        """The board's spaces that no tile closes to movement, as :mod:`~tabletop.spatial.
        measure` bits."""
        return measure.board_bits(self.board) & ~measure.space_bits(self.board, self.no_entry)

    def sight(self, exempt: frozenset[str]) -> SightMap:
        """The sight map with every obscuring tile blocking except the tiles ``exempt``."""
        found = self._maps.get(exempt)
        if found is None:
            found = self._maps[exempt] = self.base.without(self._freed(exempt))
        return found

    def _freed(self, exempt: frozenset[str]) -> tuple[Space, ...]:
        """The spaces that stop blocking when the tiles ``exempt`` do not block: those whose
        every obscuring tile is among them."""
        return tuple(s for name in exempt for s, tiles in self._members[name] if tiles <= exempt)

    @cached_property
    def _members(self) -> dict[str, list[tuple[Space, frozenset[str]]]]:
        """Each obscuring tile's spaces, with the names of the obscuring tiles on each."""
        members: dict[str, list[tuple[Space, frozenset[str]]]] = {}
        for space, tiles in self.obscuring_on.items():
            for name in tiles:
                members.setdefault(name, []).append((space, tiles))
        return members

    def plan(self, on_p: frozenset[str]) -> SightPlan:
        """The :class:`SightPlan` for a piece standing on the tiles ``on_p``: those tiles never
        block, and a space of another obscuring tile is judged with its own tiles not blocking
        either (a one-space piece standing on them)."""
        found = self._plans.get(on_p)
        if found is None:
            from tabletop.spatial.sight import SightPlan

            freed_by: dict[frozenset[str], tuple[Space, ...]] = {}
            own_freed = {}
            for space, tiles in self.obscuring_on.items():
                if not tiles <= on_p:
                    exempt = tiles | on_p if on_p else tiles
                    freed = freed_by.get(exempt)
                    if freed is None:
                        freed = freed_by[exempt] = self._freed(exempt)
                    own_freed[space] = freed
            found = self._plans[on_p] = SightPlan(self.sight(on_p), own_freed)
        return found

    def standing_on(self, spaces) -> frozenset[str]:
        """The obscuring tiles under any of ``spaces`` (they do not block for those spaces)."""
        empty: frozenset[str] = frozenset()
        return empty.union(*(self.obscuring_on.get(s, empty) for s in spaces))


_by_tiles: dict[tuple[int, int, tuple[int, ...]], tuple[tuple[Terrain, ...], _Terrain]] = {}
"""The last 32 :class:`_Terrain` made, by board size and the identities of the tiles (each
entry keeps its tiles alive, so an identity is never another tile's)."""


def _terrain_of(board: Board, terrain: tuple[Terrain, ...]) -> _Terrain:
    """The :class:`_Terrain` of ``board`` with the tiles ``terrain``, shared by every state
    with the same tiles (a state made by an action keeps the tiles it did not change)."""
    key = (board.rows, board.cols, tuple(map(id, terrain)))
    entry = _by_tiles.get(key)
    if entry is None:
        for old in list(_by_tiles)[:max(0, len(_by_tiles) - 31)]:  # the oldest beyond 31
            _by_tiles.pop(old, None)
        entry = _by_tiles[key] = (terrain, _Terrain(board, terrain))
    return entry[1]


_per_state: dict[int, tuple[weakref.ref, _Terrain]] = {}


def _terrain(state: ClashState) -> _Terrain:
    """The :class:`_Terrain` of ``state``: looked up by the state's identity first, then by
    its tiles' (hashing a whole terrain tuple costs more than a LoS question)."""
    key = id(state)
    entry = _per_state.get(key)
    if entry is not None and entry[0]() is state:
        return entry[1]
    found = _terrain_of(state.board, state.terrain)
    _per_state[key] = (weakref.ref(state, lambda _ref, key=key: _per_state.pop(key, None)),
                       found)
    return found


def _tile_note(exempt: frozenset[str], who: dict[str, list[str]]) -> str:
    parts = [f"{tile} does not block LoS for {' and '.join(who[tile])}, standing on it"
             for tile in sorted(exempt)]
    return "; " + "; ".join(parts) if parts else ""


def geometric_los(state: ClashState, p, q) -> Sight:
    """Plain geometric LoS from ``p`` to ``q`` (*Line of Sight*, with the tile exception:
    an obscuring tile does not block LoS to or from those standing on any of its spaces)."""
    from tabletop.spatial.sight import Sight, line_of_sight

    a, b = resolve(state, p), resolve(state, q)
    terrain = _terrain(state)
    on_a, on_b = terrain.standing_on(a.spaces), terrain.standing_on(b.spaces)
    exempt = on_a | on_b
    sight = line_of_sight(terrain.sight(exempt), a.spaces, b.spaces, names=terrain.names)
    if not exempt:
        return sight
    who = {tile: [x.name for x, on in ((a, on_a), (b, on_b)) if tile in on] for tile in exempt}
    return Sight(sight.clear, sight.line, sight.why + _tile_note(exempt, who), sight.blocker,
                 sight.nearest)


def _hidden_from_monster(state: ClashState, monster: Monster, target: Place) -> str | None:
    """Why ``target`` is never in ``monster``'s LoS (Vantage Point or blindspot), or None."""
    knight = target.knight
    if knight is not None and knight.vantage is not None:
        return (f"no LoS: {knight.name} is on a Vantage Point of {knight.vantage}; Vantage "
                f"Points are never in a Monster's LoS")
    spots = blindspots_of(state, monster)
    inside = [s for s in target.spaces if s in spots]
    if inside:
        return (f"no LoS: {target.name} is in {monster.name}'s blindspot ({inside[0]}); "
                f"blindspots are never in the Monster's LoS")
    return None


def monster_sees(state: ClashState, monster, knight) -> Sight:
    """Whether ``monster`` has LoS to ``knight`` (a Knight or a space): plain geometry, except
    that a Knight in one of the Monster's blindspots or on a Vantage Point is never seen
    (*Line of Sight*: "Blindspots and Vantage Points are never in the Monster's LoS")."""
    m = as_monster(state, monster)
    target = resolve(state, knight)
    hidden = _hidden_from_monster(state, m, target)
    if hidden is not None:
        from tabletop.spatial.sight import Sight

        return Sight(False, None, hidden, None)
    return geometric_los(state, m, target)


def los(state: ClashState, p, q) -> Sight:
    """LoS from ``p`` to ``q`` as ``tabletop query los`` answers it: Monster sight
    (:func:`monster_sees`) when ``p`` is a Monster and ``q`` a Knight or a space, plain
    geometry (:func:`geometric_los`) otherwise."""
    a, b = resolve(state, p), resolve(state, q)
    if a.monster is not None and b.monster is None:
        return monster_sees(state, a, b)
    return geometric_los(state, a, b)


def sees(state: ClashState, monster) -> list[str]:
    """The names (sorted) of the Knights in ``monster``'s LoS (*Targeting*, "In sight")."""
    m = as_monster(state, monster)
    return sorted(k.name for k in state.knights if monster_sees(state, m, k).clear)


def visible(state: ClashState, p) -> list[Space]:
    """Every space (``p``'s own excepted), in reading order, to which ``los p <space>`` is true.

    Each space is a one-space piece standing on its own tiles, so a space of an obscuring tile
    is judged with that tile not blocking; for a Monster, its blindspots are never visible.
    """
    place, plan, hidden = _visible_plan(state, p)
    return plan.seen(place.spaces, hidden)


def visible_labels(state: ClashState, p) -> list[str]:
    """The labels of :func:`visible` (``"C7"``), in the same order, without making a
    :class:`Space` for each."""
    place, plan, hidden = _visible_plan(state, p)
    return plan.seen_labels(place.spaces, hidden)


def _visible_plan(state: ClashState, p) -> tuple[Place, SightPlan, set[Space]]:
    """What :func:`visible` asks: ``p`` resolved, the sight plan for it and the spaces never
    listed (its own, and a Monster's blindspots)."""
    place = resolve(state, p)
    terrain = _terrain(state)
    hidden = set(place.spaces)
    if place.monster is not None:
        hidden |= blindspots_of(state, place.monster)
    return place, terrain.plan(terrain.standing_on(place.spaces)), hidden


# --- facing ---------------------------------------------------------------------------------


def front_of(state: ClashState, monster) -> frozenset[Space]:
    """The spaces in front of ``monster`` (*Monster Facing*)."""
    m = as_monster(state, monster)
    return facing.front(state.board, m.at, m.size, m.facing)


def rear_of(state: ClashState, monster) -> frozenset[Space]:
    """The Rear spaces of ``monster`` (*Monster Facing*)."""
    m = as_monster(state, monster)
    return facing.rear(state.board, m.at, m.size, m.facing)


def blindspots_of(state: ClashState, monster) -> frozenset[Space]:
    """The blindspot spaces of ``monster``, turned with its facing (*Monster Diagram*)."""
    m = as_monster(state, monster)
    return facing.blindspot_spaces(state.board, m.at, m.size, m.facing, m.blindspots)


# --- range, distance, zones, movement -------------------------------------------------------


def _host(state: ClashState, place: Place) -> Monster | None:
    knight = place.knight
    if knight is None or knight.vantage is None:
        return None
    return state.pieces.get(knight.vantage)  # type: ignore[return-value]


def _measured_spaces(state: ClashState, place: Place) -> tuple[Space, ...]:
    """Where ``place`` measures from: a Knight on a Vantage Point measures from its Monster's
    spaces (*Vantage Points*: "from the space occupied by the Monster that is closest")."""
    host = _host(state, place)
    return host.spaces if host is not None else place.spaces


def _vantage_adjacent(state: ClashState, a: Place, b: Place) -> bool:
    """*Vantage Points*: a Knight on a VP is adjacent and in range 1 to its Monster and to all
    Knights adjacent to that Monster (either order of ``a`` and ``b``)."""
    for vp, other in ((a, b), (b, a)):
        host = _host(state, vp)
        if host is None:
            continue
        if other.piece is host:
            return True
        if other.knight is not None and (
                _host(state, other) is host
                or (other.knight.vantage is None and measure.range_between(
                    host.spaces, other.spaces) == 1)):
            return True
    return False


def adjacent(state: ClashState, p, q) -> bool:
    """Whether ``p`` counts ``q`` as adjacent (range 1).  *Vantage Points*: a Knight on a VP is
    adjacent to its Monster and to all Knights adjacent to that Monster, but "Other Knights
    adjacent to the Monster are not considered to be adjacent to Knights on VPs" — so the
    relation is one-way: only the Monster and Knights on its own Vantage Points count a Knight
    on a VP as adjacent."""
    a, b = resolve(state, p), resolve(state, q)
    host = _host(state, b)
    if host is not None and a.piece is not host and _host(state, a) is not host:
        return False
    return range_(state, a, b) == 1


def range_(state: ClashState, p, q) -> int:
    """Range from ``p`` to ``q``: the Manhattan distance between their nearest spaces
    (adjacent = 1), with the Vantage Point rules of :func:`_vantage_adjacent`."""
    a, b = resolve(state, p), resolve(state, q)
    if _vantage_adjacent(state, a, b):
        return 1
    return measure.range_between(_measured_spaces(state, a), _measured_spaces(state, b))


def _passable_for(state: ClashState, a: Place, b: Place) -> int:
    """Mob and Knight movement, as :func:`measure.space_bits`: the board spaces that are not
    obstacle, chasm or boundless and not another piece's space (``a``'s and ``b``'s own
    excepted, and the Monster of ``b`` when ``b`` is on its Vantage Point)."""
    terrain = _terrain(state)
    own = {*b.spaces, *_measured_spaces(state, b)}
    if _host(state, a) is None:  # a Knight on a Vantage Point never walks over its Monster
        own.update(a.spaces)
    others = measure.space_bits(state.board, (s for s in state.occupant if s not in own))
    return terrain.walkable & ~others


def distance(state: ClashState, p, q) -> int | None:
    """Distance from ``p`` to ``q`` (*Targeting*, *Monster Movement*): 1 + the fewest
    one-space cardinal moves after which ``p`` is adjacent to ``q`` (adjacent = 1), ``None``
    when it never can be.  A boss moves through everything (its distance is its range); a mob,
    a Knight or a bare space moves its footprint only over passable spaces (see
    :func:`_passable_for`).  A Knight on a Vantage Point steps first to any space adjacent to
    its Monster."""
    a, b = resolve(state, p), resolve(state, q)
    if _vantage_adjacent(state, a, b):
        return 1
    if a.monster is not None and a.monster.kind == "boss":
        return range_(state, a, b)
    board = state.board
    targets = _measured_spaces(state, b)
    passable = _passable_for(state, a, b)
    host = _host(state, a)
    if host is None:
        size = a.monster.size if a.monster is not None else 1
        return measure.search_distance(board, (min(a.spaces),), size, targets, passable)
    steps = [s for s in _around(board, host)
             if measure.space_bits(board, (s,)) & passable and s not in host.spaces]
    found = measure.search_distance(board, steps, 1, targets, passable)
    return None if found is None else found + 1


def _around(board: Board, monster: Monster) -> list[Space]:
    """The board spaces adjacent to ``monster``'s footprint."""
    own = set(monster.spaces)
    return sorted({n for s in own for n in s.neighbours() if n not in own and board.contains(n)})


def reach(state: ClashState, knight) -> frozenset[Space]:
    """The spaces Knight ``knight`` may end a Movement Action on (*Movement Action*,
    *Difficult Terrain*); a Knight on a Vantage Point steps first to a space adjacent to its
    Monster (*Vantage Points*, "Movement and VPs") and the terrain under its Monster does not
    count as its starting space."""
    k = as_knight(state, knight)
    index = _terrain(state)
    if any(k.has(a) for a in MOVEMENT_ABILITIES):
        return _ability_reach(state, k, index)
    rules = _plain_rules(state, k, index)
    return reachable(state.board, k.at, k.speed, rules["blocked"], rules["difficult"],
                     first_steps=rules["first_steps"])


def can_move(state: ClashState, knight) -> bool:
    """Whether :func:`reach` of Knight ``knight`` is not empty, read from its first steps
    alone (:func:`~tabletop.spatial.reach.reachable`: a free first step ends a path of one
    step, which Speed 2 or more always allows and Speed 1 when neither that space nor the
    start is difficult); a Knight with Bypass or Jump is asked :func:`reach` whole."""
    k = as_knight(state, knight)
    index = _terrain(state)
    if any(k.has(a) for a in MOVEMENT_ABILITIES):
        return bool(_ability_reach(state, k, index))
    host = state.pieces.get(k.vantage) if k.vantage else None
    own = frozenset(host.spaces) if isinstance(host, Monster) else frozenset()
    firsts = _around(state.board, host) if own else k.at.neighbours()
    difficult = index.difficult - own
    for space in firsts:
        other = state.occupant.get(space)
        if (space == k.at or space in own or space in index.no_entry
                or not state.board.contains(space) or (other is not None and other.name != k.name)):
            continue
        if k.speed >= 2 or (k.speed == 1 and k.at not in difficult and space not in difficult):
            return True
    return False


def _plain_rules(state: ClashState, k: Knight, index: _Terrain) -> dict:
    """The movement rules of a Knight without movement abilities (*Movement Action*,
    *Vantage Points*), as the keyword arguments of :func:`reachable_through`: other pieces
    and no-entry terrain block; from a Vantage Point the first step is to a space adjacent
    to its Monster, whose spaces are neither entered nor difficult."""
    occupied = frozenset(s for s, piece in state.occupant.items() if piece.name != k.name)
    host = state.pieces.get(k.vantage) if k.vantage else None
    if isinstance(host, Monster):
        return {"blocked": index.no_entry | occupied | set(host.spaces),
                "difficult": index.difficult - set(host.spaces),
                "first_steps": _around(state.board, host)}
    return {"blocked": index.no_entry | occupied, "difficult": index.difficult,
            "first_steps": None}


MOVEMENT_ABILITIES = ("bypass", "advanced bypass", "superior bypass", "jump", "advanced jump")
"""Knight keywords that change where its voluntary movement may go (*Keyword List*)."""


def _ability_reach(state: ClashState, k: Knight, index: _Terrain) -> frozenset[Space]:
    """:func:`reach` for a Knight with Bypass or Jump (rulebook *Keyword List*)."""
    return reachable_through(state.board, k.at, k.speed, **_ability_rules(state, k, index))


def _ability_rules(state: ClashState, k: Knight, index: _Terrain) -> dict:
    """The movement rules of a Knight with Bypass or Jump, as the keyword arguments of
    :func:`reachable_through` (rulebook *Keyword List*).  Bypass:
    through other Knights; Advanced and Superior Bypass: through every miniature; never ending
    on one.  Superior Bypass also enters and ends on Obstacles and ignores Difficult and Chasm
    tiles.  Jump ignores one space of one tile (Advanced Jump: up to two adjacent spaces of one
    tile), never ending on it; not while knocked down."""
    superior = k.has("superior bypass")
    through = ("knight", "monster") if superior or k.has("advanced bypass") else (
        ("knight",) if k.has("bypass") else ())
    occupied = {s: p for s, p in state.occupant.items() if p.name != k.name}
    host = state.pieces.get(k.vantage) if k.vantage else None
    passing = frozenset(s for s, p in occupied.items() if p is not host and (
        "knight" if isinstance(p, Knight) else "monster") in through)
    no_entry = frozenset(s for t in state.terrain if t.has("boundless") for s in t.spaces) \
        if superior else index.no_entry
    blocked = no_entry | (frozenset(occupied) - passing)
    if host is not None:
        blocked |= set(host.spaces)
    jump = 0 if k.knockdown == "falling" else 2 if k.has("advanced jump") else int(
        k.has("jump"))
    jumpable = {s: t.name for t in state.terrain for s in t.spaces
                if s in no_entry and s not in occupied} if jump else {}
    difficult = frozenset() if superior else index.difficult - set(host.spaces if host else ())
    return {"blocked": blocked - set(jumpable), "difficult": difficult, "pass_through": passing,
            "jumpable": jumpable, "jump": jump,
            "first_steps": _around(state.board, host) if host else None}


def move_path(state: ClashState, knight, to: Space) -> tuple[Space, ...]:
    """The spaces Knight ``knight``'s Movement Action passes through to end on ``to`` (``to``
    last, its start left out): one of the shortest paths the rules of :func:`reach` allow
    (*Movement Action*: cardinal steps, around what blocks; Bypass and Jump as the *Keyword
    List* says), the first found; just ``(to,)`` when ``to`` is not in its reach."""
    k = as_knight(state, knight)
    index = _terrain(state)
    rules = (_ability_rules if any(k.has(a) for a in MOVEMENT_ABILITIES) else _plain_rules)(
        state, k, index)
    return path_through(state.board, k.at, to, k.speed, **rules) or (to,)


def zone_of(state: ClashState, p, x: int) -> frozenset[Space]:
    """Zone ``x`` from ``p`` (*Attack Types*, Zone X): the spaces within ``x`` steps
    horizontally, vertically or diagonally of ``p``'s nearest space; a Monster's own spaces
    are not in its zone, a Knight's or a space's are."""
    place = resolve(state, p)
    return measure.zone(state.board, place.spaces, x, include_source=place.monster is None)


def knights_in_zone(state: ClashState, p, x: int) -> list[str]:
    """The names (sorted) of the Knights a Zone ``x`` from ``p`` affects: those on its spaces,
    never a Knight on a Vantage Point when the source is a Monster (*Attack Types*)."""
    place = resolve(state, p)
    spaces = zone_of(state, place, x)
    return sorted(k.name for k in state.knights if k.at in spaces
                  and not (place.monster is not None and k.vantage is not None))

