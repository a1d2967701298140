"""Clash layouts: the ``game = "clash"`` TOML tables <-> :class:`ClashState`.

Format: ``../shared/spec/layouts-and-query.md`` and ``docs/layouts.md``.  Every placement rule
is checked here, so that a loaded state is always legal: pieces on the board, no two pieces on
one space, no piece on an ``obstacle`` or ``chasm``, sizes 1–3, known facings and keywords,
unique names.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tabletop.games.clash import cards_layout
from tabletop.games.clash.monster_kinds import ACTIVATION_KINDS, MONSTER_TYPES
from tabletop.games.clash.state import (
    ACTIVATION_ORDERS,
    FACINGS,
    KNIGHT_ABILITIES,
    KNOCKDOWN,
    MOB_TRACK_SPACES,
    MONSTER_TRAITS,
    PHASES,
    TERRAIN_KEYWORDS,
    Activation,
    ClashState,
    Knight,
    Monster,
    Terrain,
    Turn,
)
from tabletop.games.layoutfile import Table, named_label
from tabletop.spatial.grid import Board, Space, as_rectangle, is_label, rectangle

MAX_BOARD_SIDE = 100


def _space(table: Table, key: str) -> Space:
    value = table.req(key, str)
    try:
        return Space.parse(value)
    except ValueError as exc:
        raise table.error(key, str(exc)) from None


def _board(top: Table) -> tuple[Board, tuple[str, ...]]:
    table = top.sub("board")

    def side(value: int) -> str | None:
        return None if 1 <= value <= MAX_BOARD_SIDE else f"must be 1 to {MAX_BOARD_SIDE}"

    board = Board(rows=table.req("rows", int, check=side), cols=table.req("cols", int, check=side))
    boundless = tuple(w.lower() for w in table.str_list("boundless"))
    for edge in boundless:
        if edge not in FACINGS:
            raise table.error("boundless", f"{edge!r} is not a Board Edge "
                                           f"({', '.join(FACINGS)})")
    table.done()
    return board, tuple(e for e in FACINGS if e in boundless)


def _knight(table: Table) -> Knight:
    knight = Knight(
        name=table.req("name", str, check=name_rule),
        at=_space(table, "at"),
        speed=table.get("speed", int, 4, check=lambda v: None if 0 <= v <= 20 else
                        "must be 0 to 20"),
        vantage=table.get("vantage", str),
        vigor=table.get("vigor", int, 10, check=_between(0, 15)),
        heat=table.get("heat", int, 0, check=_between(0, 9)),
        passion=table.get("passion", int, 0, check=_between(0, 9)),
        heat_refresh=table.get("heat_refresh", int, 1, check=_between(0, 9)),
        knockdown=_knockdown(table),
        abilities=_words(table, "abilities", KNIGHT_ABILITIES, "Knight ability"),
        **cards_layout.knight_gear(table),
    )
    table.done()
    return knight


def _between(low: int, high: int):
    return lambda v: None if low <= v <= high else f"must be {low} to {high}"


def _knockdown(table: Table) -> str:
    value = table.get("knockdown", str, "")
    if value.lower() not in KNOCKDOWN:
        raise table.error("knockdown", f"{value!r} is not a side of the Knockdown card "
                                       f"(falling, standing, or leave it out)")
    return value.lower()


def _words(table: Table, key: str, known: tuple[str, ...], what: str) -> tuple[str, ...]:
    words = tuple(w.lower() for w in table.str_list(key))
    for word in words:
        if word not in known:
            raise table.error(key, f"{word!r} is not a {what} (known: {', '.join(known)})")
    return words


def _monster(table: Table) -> Monster:
    def offsets(value: list) -> str | None:
        for pair in value:
            if (not isinstance(pair, list) or len(pair) != 2
                    or not all(isinstance(v, int) and not isinstance(v, bool) for v in pair)):
                return f"must be a list of [dx, dy] pairs of whole numbers, but holds {pair!r}"
        return None

    monster = Monster(
        name=table.req("name", str, check=name_rule),
        kind=table.choice("type", MONSTER_TYPES),
        at=_space(table, "at"),
        size=table.get("size", int, 1, check=lambda v: None if 1 <= v <= 3 else
                       f"is {v}, but a Monster's side must be 1, 2 or 3"),
        facing=table.choice("facing", FACINGS, "south"),
        blindspots=tuple(tuple(p) for p in table.get("blindspots", list, [], check=offsets)),
        unavoidable_knockback=table.get("unavoidable_knockback", int, 0, check=_between(0, 20)),
        speed=table.get("speed", int, None, check=_between(0, 100)),
        traits=_words(table, "traits", MONSTER_TRAITS, "Monster trait"),
        activation_order=table.choice("activation_order", ACTIVATION_ORDERS, "sheet"),
    )
    vps = tuple(tuple(p) for p in table.get("vantage_points", list, [], check=offsets))
    locked = tuple(tuple(p) for p in table.get("locked_vantage_points", list, [],
                                               check=offsets))
    for offset in vps:
        if not all(0 <= v < monster.size for v in offset) or vps.count(offset) > 1:
            raise table.error("vantage_points", f"{list(offset)} is not a space of a size "
                                                f"{monster.size} Monster, or is listed twice")
    for offset in locked:
        if offset not in vps:
            raise table.error("locked_vantage_points", f"{list(offset)} is not one of the "
                                                       f"Monster's vantage_points")
    tokens = _activations(table)
    table.done()
    return replace(monster, vantage_points=vps, locked_vantage_points=locked,
                   activations=tokens)


def _activations(table: Table) -> tuple[Activation, ...]:
    """The optional ``activations`` list: ``"ai"``, ``"signature"``, each optionally followed
    by ``ready`` (the default) or ``spent`` (rulebook *Activation and Activation Tokens*)."""
    tokens = []
    for word in table.str_list("activations"):
        parts = word.lower().split()
        if (len(parts) not in (1, 2) or parts[0] not in ACTIVATION_KINDS
                or parts[1:] not in ([], ["ready"], ["spent"])):
            raise table.error("activations", f"{word!r} is not an Activation token (ai or "
                                             f"signature, optionally followed by ready or "
                                             f"spent)")
        tokens.append(Activation(parts[0], parts[1:] == ["spent"]))
    return tuple(tokens)


def _mob_track(top: Table, monsters: list[tuple[Table, Monster]]) -> tuple[str, ...]:
    """The optional top-level ``mob_track``: the Mob track's numbered spaces left to right,
    each a Mob's name (its BP card) or ``""`` (an empty space), at most 10 (rulebook *Mob
    Track*); each Mob once.  Mobs not listed take the leftmost empty spaces, so a board may
    not hold more Mobs than the track has spaces."""
    names = tuple(top.str_list("mob_track"))
    mobs = [m.name for _, m in monsters if not m.boss]
    for name in names:
        if name and (name not in mobs or names.count(name) > 1):
            raise top.error("mob_track", f"{name!r} is not a Mob on the board, or is listed "
                                         f"twice; the Mob track holds each Mob's BP card once "
                                         f"(\"\" is an empty space)")
    if len(names) > MOB_TRACK_SPACES:
        raise top.error("mob_track", f"lists {len(names)} spaces; the Mob track has spaces "
                                     f"numbered 1 to {MOB_TRACK_SPACES} (Mob Track)")
    if len(mobs) > MOB_TRACK_SPACES:
        raise top.error(None, f"holds {len(mobs)} Mobs; the Mob track has {MOB_TRACK_SPACES} "
                              f"spaces, one BP card each, and a Mob cannot be spawned when it "
                              f"is full (Mob Track, Spawning Mobs)")
    return names


def _terrain(table: Table) -> Terrain:
    name = table.req("name", str, check=name_rule)
    if table.has("spaces") and (table.has("at") or table.has("size")):
        raise table.error(None, "gives both spaces and at/size: use one or the other")
    if table.has("spaces"):
        labels = table.str_list("spaces")
        if not labels:
            raise table.error("spaces", "must name at least one space")
        try:
            spaces = tuple(sorted({Space.parse(label) for label in labels}))
        except ValueError as exc:
            raise table.error("spaces", str(exc)) from None
    else:
        at = _space(table, "at")
        size = table.get("size", list, [1, 1], check=_size_pair)
        spaces = rectangle(at, size[0], size[1])
    keywords = tuple(k.lower() for k in table.str_list("keywords"))
    for keyword in keywords:
        if keyword not in TERRAIN_KEYWORDS:
            raise table.error("keywords", f"{keyword!r} is not a Terrain keyword "
                                          f"(known: {', '.join(TERRAIN_KEYWORDS)})")
    table.done()
    return Terrain(name=name, spaces=spaces, keywords=keywords)


def _size_pair(value: list) -> str | None:
    if (len(value) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            or not all(1 <= v <= MAX_BOARD_SIDE for v in value)):
        return "must be [width, height], two whole numbers of at least 1"
    return None


def name_rule(value: str) -> str | None:
    """Why ``value`` cannot name a piece or tile (empty, not one line, a space label), or
    ``None`` for a good name."""
    if not value.strip():
        return "must not be empty"
    if not value.isprintable():
        return "must be one line of text, without line breaks or tabs"
    if is_label(value):
        return "looks like a space label; names must differ from labels such as C4"
    return None


def from_layout(top: Table) -> ClashState:
    """The :class:`ClashState` described by the layout's top-level table (``game`` consumed).

    Raises :class:`~tabletop.errors.LayoutError` for the first broken rule.
    """
    title = top.get("title", str, "")
    notes = top.get("notes", str, "")
    board, boundless = _board(top)
    knights = [(t, _knight(t)) for t in top.tables("knights", named_label("knight"))]
    monsters = [(t, _monster(t)) for t in top.tables("monsters", named_label("monster"))]
    terrain = [(t, _terrain(t)) for t in top.tables("terrain", named_label("terrain tile"))]
    turn_table = top.sub("turn", required=False)
    turn = _turn(turn_table, {k.name for _, k in knights}) if turn_table else Turn()
    mob_track = _mob_track(top, monsters)
    top.get("card_files", list)
    top.get("clash", dict)
    top.get("view", str)
    sequence_table = top.sub("sequence", required=False)
    top.done()

    seen: dict[str, Table] = {}
    for table, thing in (*knights, *monsters, *terrain):
        if thing.name in seen:
            raise table.error("name", f"{thing.name!r} is used twice; names must be unique")
        seen[thing.name] = table

    for table, tile in terrain:
        off = [s for s in tile.spaces if not board.contains(s)]
        if off:
            raise table.error("spaces" if table.has("spaces") else "at",
                              f"{off[0]} is off the board ({board.describe()})")

    blocked: dict[Space, str] = {}
    for _, tile in terrain:
        for keyword in ("obstacle", "chasm"):
            if tile.has(keyword):
                for space in tile.spaces:
                    blocked.setdefault(space, f"{tile.name} ({keyword})")

    monster_by_name = {m.name: m for _, m in monsters}
    taken: dict[Space, str] = {}
    for table, piece in (*monsters, *knights):
        what = "monster" if isinstance(piece, Monster) else "knight"
        for space in piece.spaces:
            if not board.contains(space):
                raise table.error("at", f"the {what} would cover {space}, which is off the "
                                        f"board ({board.describe()})")
        if isinstance(piece, Knight) and piece.vantage is not None:
            host = monster_by_name.get(piece.vantage)
            if host is None:
                raise table.error("vantage", f"names no Monster: {piece.vantage!r}")
            if piece.at not in host.spaces:
                raise table.error("at", f"{piece.at} is not a space of {host.name}, but a "
                                        f"Knight on its Vantage Point stands on one")
            offset = host.vantage_offset(piece.at)
            if host.vantage_points and offset not in host.vantage_points:
                raise table.error("at", f"{piece.at} is not one of {host.name}'s "
                                        f"vantage_points")
            if offset in host.locked_vantage_points:
                raise table.error("at", f"{host.name}'s Vantage Point on {piece.at} is "
                                        f"locked; it must be created before it can be used")
            continue
        for space in piece.spaces:
            if space in taken:
                raise table.error("at", f"the {what} would overlap {taken[space]} on {space}; "
                                        f"two pieces cannot share a space")
            if space in blocked and not (isinstance(piece, Monster) and piece.kind == "boss"
                                         or piece.has("superior bypass")):
                raise table.error("at", f"the {what} would stand on {space}, which is "
                                        f"{blocked[space]}; no piece may stand there")
            taken[space] = piece.name
    vantage_taken: dict[Space, str] = {}
    for table, knight in knights:
        if knight.vantage is not None:
            if knight.at in vantage_taken:
                raise table.error("at", f"only one Knight can occupy a Vantage Point, and "
                                        f"{vantage_taken[knight.at]} is on {knight.at}")
            vantage_taken[knight.at] = knight.name

    state = ClashState(board=board, knights=tuple(k for _, k in knights),
                       monsters=tuple(m for _, m in monsters),
                       terrain=tuple(t for _, t in terrain), title=title, notes=notes,
                       turn=turn, boundless_edges=boundless, mob_track=mob_track)
    state = cards_layout.read(top, state, {k.name: t for t, k in knights})
    if sequence_table is None:
        return state
    from tabletop.games.clash import sequence_layout
    return sequence_layout.read(sequence_table, state)


def _turn(table: Table, knight_names: set[str]) -> Turn:
    """The optional ``[turn]`` table: where the Clash Sequence stands (``docs/clash-rules.md``)."""

    def knight(value: str) -> str | None:
        return None if value in knight_names else f"names no Knight: {value!r}"

    done = table.str_list("done")
    for name in done:
        if name not in knight_names:
            raise table.error("done", f"names no Knight: {name!r}")
    turn = Turn(round=table.get("round", int, 1, check=_between(1, 999)),
                phase=table.choice("phase", PHASES, "knight"),
                active=table.get("active", str, None, check=knight),
                done=tuple(done),
                moved=table.get("moved", bool, False),
                attacked=table.get("attacked", bool, False),
                fell=table.get("fell", bool, False),
                priority=table.get("priority", str, None, check=knight),
                last_wounder=table.get("last_wounder", str, None, check=knight),
                divine=table.get("divine", str, None, check=knight))
    if turn.active is not None and turn.phase != "knight":
        raise table.error("active", "a Knight takes a turn only in the Knight Round")
    if turn.active in turn.done:
        raise table.error("active", f"{turn.active} has already taken a turn this round")
    table.done()
    return turn


def to_layout(state: ClashState) -> dict[str, Any]:
    """The layout tables for ``state`` (without ``game``), ready for ``tomli_w``."""
    out: dict[str, Any] = {}
    if state.title:
        out["title"] = state.title
    if state.notes:
        out["notes"] = state.notes
    out["board"] = {"rows": state.board.rows, "cols": state.board.cols}
    if state.boundless_edges:
        out["board"]["boundless"] = list(state.boundless_edges)
    if state.knights:
        out["knights"] = [_knight_table(k) for k in state.knights]
    if state.monsters:
        out["monsters"] = [_monster_table(m) for m in state.monsters]
    if state.terrain:
        out["terrain"] = [_terrain_table(t) for t in state.terrain]
    if state.turn != Turn():
        out["turn"] = _changed(state.turn, Turn())
    if state.mob_track:
        out["mob_track"] = list(state.mob_track)
    out.update(cards_layout.write(state))
    if state.sequence is not None:
        from tabletop.games.clash import sequence_layout
        out["sequence"] = sequence_layout.write(state.sequence)
    return out


def _changed(value: Any, default: Any) -> dict[str, Any]:
    """The fields of dataclass ``value`` that differ from ``default`` (tuples as lists)."""
    out: dict[str, Any] = {}
    for name in value.__dataclass_fields__:
        item = getattr(value, name)
        if item != getattr(default, name):
            out[name] = list(item) if isinstance(item, tuple) else item
    return out


def _knight_table(knight: Knight) -> dict[str, Any]:
    table: dict[str, Any] = {"name": knight.name, "at": str(knight.at), "speed": knight.speed}
    if knight.vantage is not None:
        table["vantage"] = knight.vantage
    table.update(_changed(replace(knight, name="", at=None, speed=4, vantage=None),
                          Knight(name="", at=None)))
    return table


def _monster_table(monster: Monster) -> dict[str, Any]:
    table: dict[str, Any] = {"name": monster.name, "type": monster.kind, "at": str(monster.at),
                             "size": monster.size, "facing": monster.facing}
    if monster.blindspots:
        table["blindspots"] = [list(p) for p in monster.blindspots]
    extra = replace(monster, name="", kind="", at=None, size=1, facing="south", blindspots=(),
                    vantage_points=(), locked_vantage_points=(), activations=())
    table.update(_changed(extra, Monster(name="", kind="", at=None)))
    if monster.vantage_points:
        table["vantage_points"] = [list(p) for p in monster.vantage_points]
    if monster.locked_vantage_points:
        table["locked_vantage_points"] = [list(p) for p in monster.locked_vantage_points]
    if monster.activations:
        table["activations"] = [t.kind + (" spent" if t.spent else "")
                                for t in monster.activations]
    return table


def _terrain_table(tile: Terrain) -> dict[str, Any]:
    table: dict[str, Any] = {"name": tile.name}
    block = as_rectangle(tile.spaces)
    if block and len(tile.spaces) > 1:
        at, width, height = block
        table["at"] = str(at)
        table["size"] = [width, height]
    else:
        table["spaces"] = [str(s) for s in tile.spaces]
    table["keywords"] = list(tile.keywords)
    return table
