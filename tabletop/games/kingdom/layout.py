"""Kingdom layouts: the ``game = "kingdom"`` TOML tables <-> :class:`KingdomState`.

Format: ``docs/kingdom.md``.  Every rule is checked here, so a loaded state is always
coherent: unique tile ids, known sizes and districts, paths that lead to listed tiles of the
stated size and come back from the opposite side, tiles on the table not lying on each other,
the party on an explored tile, tokens on paths and tiles that exist, tracks within their
limits.  Tiles on the table without ``at`` are laid by their paths
(:func:`tabletop.games.kingdom.board.position_for`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tabletop.games.kingdom import board
from tabletop.games.kingdom import fog as fog_rules
from tabletop.games.kingdom.state import (
    CLUE_TYPES,
    EFFECT_KINDS,
    FOOTPRINTS,
    HAZARDS,
    HINDERING,
    PANZERGATES,
    PATH_KINDS,
    PHASES,
    POI_NUMBERS,
    PROMPT_KINDS,
    SIZES,
    STATUSES,
    Delve,
    District,
    ExplorationCard,
    Fog,
    FogCard,
    Hindering,
    KingdomState,
    Knight,
    MonsterToken,
    Path,
    PlacedFog,
    Prompt,
    Tile,
    Track,
    poi_number,
)
from tabletop.games.layoutfile import MAX_NAME, Table, named_label
from tabletop.numbers import shorten
from tabletop.spatial.tile_map import OPPOSITE, SIDES, STEP, side_length
from tabletop.wording import counted

MAX_FOOTPRINT = 6
MAX_TRACK = 40

PUBLIC_VIEW = "public"
"""``view = "public"``: the layout is the public view of a table (a public picture): the
fronts of face-down and boxed tiles and the deck cards are unknown; it cannot be played on."""


def _nonempty(value: str) -> str | None:
    if not value.isprintable():
        return "must be one line of text, without line breaks or tabs"
    return None if value.strip() else "must not be empty"


def _poi(value: str) -> str | None:
    """A tile's Point of Interest: a number (rulebook: "accompanied by a number") or a name
    from the Point of Interest table ("accompanied by a name")."""
    if not value or poi_number(value) is not None:
        return None
    low, high = POI_NUMBERS
    if value.lstrip("+-")[:1].isdigit():
        return f"{shorten(value)!r} is neither a whole number from {low} to {high} nor a name"
    if not value.isprintable() or value != value.strip() or len(value) > MAX_NAME:
        return (f"a Point of Interest name is one line of at most {MAX_NAME} characters, "
                f"without spaces around it")
    return None


def _range(low: int, high: int):
    def check(value: int) -> str | None:
        return None if low <= value <= high else f"must be {low} to {high}"
    return check


def _pair(table: Table, key: str, low: int, high: int) -> tuple[int, int] | None:
    def check(value: list) -> str | None:
        if (len(value) != 2 or not all(isinstance(v, int) and not isinstance(v, bool)
                                       for v in value) or not all(low <= v <= high for v in value)):
            return f"must be two whole numbers from {low} to {high}"
        return None
    value = table.get(key, list, None, check=check)
    return None if value is None else (value[0], value[1])


def _path(table: Table) -> tuple[Path, str]:
    """One path of a tile's front and the size it says its destination has (``""``)."""
    kind = table.choice("kind", PATH_KINDS, "tile")
    side = table.choice("side", SIDES)
    offset = table.get("offset", int, 0, check=_range(0, MAX_FOOTPRINT - 1))
    to = table.get("to", str, "")
    size = table.get("size", str, "")
    panzergate = table.get("panzergate", str, "").lower()
    if panzergate and panzergate not in PANZERGATES:
        raise table.error("panzergate", f"{panzergate!r} is not one of {', '.join(PANZERGATES)}")
    table.done()
    if kind == "deep-fog" and to:
        raise table.error("to", "a Deep Fog path leads into the Fog, not to a tile")
    if kind != "deep-fog" and not to:
        raise table.error(None, f"is a {kind} path and needs the tile id it leads to ('to')")
    if size and size.lower() not in SIZES:
        raise table.error("size", f"{size!r} is not one of {', '.join(SIZES)}")
    return Path(side=side, offset=offset, kind=kind, to=to, panzergate=panzergate), size.lower()


def _tile(table: Table) -> tuple[Tile, list[tuple[Path, Table, str]]]:
    tile_id = table.req("id", str, check=_nonempty)
    size = table.choice("size", SIZES)
    footprint = _pair(table, "footprint", 1, MAX_FOOTPRINT) or FOOTPRINTS[size]
    paths = []
    for path_table in table.tables("paths", lambda i, d: f"tile {tile_id!r} path #{i + 1}"):
        path, stated_size = _path(path_table)
        paths.append((path, path_table, stated_size))
    tile = Tile(
        id=tile_id,
        name=table.get("name", str, ""),
        size=size,
        district=table.req("district", str, check=_nonempty),
        status=table.choice("status", STATUSES, "box"),
        at=_pair(table, "at", -1000, 1000),
        footprint=footprint,
        time=table.get("time", int, 1, check=_range(0, 16)),
        threat=table.get("threat", int, 0, check=_range(-10, 10)),
        clues=table.get("clues", int, 0, check=_range(0, 10)),
        intensity=table.get("intensity", int, 1, check=_range(1, 10)),
        cipher=table.get("cipher", str, ""),
        poi=table.get("poi", str, "", check=_poi),
        paths=tuple(p for p, _, _ in paths),
    )
    table.done()
    if tile.status == "box" and tile.at is not None:
        raise table.error("at", "a tile in the box has no place on the table (give a status)")
    spots: dict[tuple[str, int], Table] = {}
    for path, ptable, _ in paths:
        if path.offset >= side_length(footprint, path.side):
            raise ptable.error("offset", f"is {path.offset}, but the {path.side} side of a "
                                         f"{footprint[0]} x {footprint[1]} tile has "
                                         f"{counted(side_length(footprint, path.side), 'cell')}")
        if (path.side, path.offset) in spots:
            raise ptable.error("side", f"two paths leave tile {tile_id!r} from the same place "
                                       f"({path.side}, offset {path.offset})")
        spots[(path.side, path.offset)] = ptable
    return tile, paths


def _track(top: Table) -> Track:
    table = top.sub("track", required=False)
    if table is None:
        return Track()
    maxes = {k: table.get(f"{k}_max", int, d, check=_range(1, MAX_TRACK))
             for k, d in (("threat", 4), ("curse", 9), ("time", 16))}

    def within(name: str):
        return _range(0, maxes[name])

    hunts = table.get("hunt_spaces", list, [])
    pairs = []
    for item in hunts:
        if (not isinstance(item, list) or len(item) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in item)
                or not 1 <= item[0] <= maxes["threat"] or not 1 <= item[1] <= 3):
            raise table.error("hunt_spaces", f"holds {item!r}; each Hunt Space is [space, tiles] "
                                             f"with space 1 to {maxes['threat']} and tiles 1 to 3")
        pairs.append((item[0], item[1]))
    if len({p[0] for p in pairs}) != len(pairs):
        raise table.error("hunt_spaces", "names a Threat space twice")
    track = Track(
        threat=table.get("threat", int, 0, check=within("threat")),
        curse=table.get("curse", int, 0, check=within("curse")),
        time=table.get("time", int, 0, check=within("time")),
        threat_max=maxes["threat"], curse_max=maxes["curse"], time_max=maxes["time"],
        hunt_spaces=tuple(sorted(pairs)),
        curse_paragraph=table.get("curse_paragraph", str, ""),
    )
    table.done()
    return track


def _delve(top: Table) -> Delve:
    table = top.sub("delve", required=False)
    if table is None:
        return Delve()
    delve = Delve(
        phase=table.choice("phase", PHASES, "travel"),
        second=table.get("second", bool, False),
        quest=table.get("quest", bool, False),
        shortcuts=table.get("shortcuts", bool, False),
        exhibition_clash=table.get("exhibition_clash", bool, False),
        full_clash=table.get("full_clash", bool, False),
        threat_seven=table.get("threat_seven", bool, False),
        curse_nine=table.get("curse_nine", bool, False),
        drawn=table.get("drawn", int, 0, check=_range(0, 99)),
        result=table.get("result", str, ""),
    )
    table.done()
    return delve


def _fog_card(table: Table) -> FogCard:
    card = FogCard(name=table.req("name", str, check=_nonempty),
                   value=table.req("value", int, check=_range(0, 9)),
                   hazard=table.get("hazard", str, "").lower(),
                   grave=table.get("grave", str, ""))
    if card.hazard not in HAZARDS:
        raise table.error("hazard", f"{card.hazard!r} is not one of half-cup, discard-top")
    return card


def _fog(top: Table, tiles: dict[str, Tile]) -> Fog | None:
    table = top.sub("fog", required=False)
    if table is None:
        return None
    target = table.req("target", str)
    origin = table.req("origin", str)
    heading = table.choice("heading", SIDES, "east")
    corrections = table.get("corrections", int, 0, check=_range(0, 99))
    half = table.get("half_cup", bool, False)
    full = table.get("full_cups", int, 0, check=_range(0, 20))
    cards = []
    for ct in table.tables("cards", named_label("Deep Fog card")):
        card = _fog_card(ct)
        at = _pair(ct, "at", -50, 50)
        if at is None:
            raise ct.error(None, "is missing the key 'at' (its [x, y] on the Deep Fog grid)")
        face_up = ct.get("face_up", bool, True)
        ct.done()
        cards.append(PlacedFog(card, at[0], at[1], face_up))
    raw_path = table.get("path", list, [])
    table.done()
    for tid, key in ((target, "target"), (origin, "origin")):
        if tid not in tiles:
            raise table.error(key, f"names no tile: {tid!r}")
    cells = {(c.x, c.y) for c in cards}
    if len(cells) != len(cards):
        raise table.error("cards", "two Deep Fog cards lie on one place")
    path = []
    for item in raw_path:
        if (not isinstance(item, list) or len(item) != 2
                or not all(isinstance(v, int) for v in item) or tuple(item) not in cells):
            raise table.error("path", f"holds {item!r}, which is not the [x, y] of a card laid")
        path.append((item[0], item[1]))
    if not path and cards:
        raise table.error("path", "must list the current path, the Party marker's card last")
    step = STEP[heading]
    for a, b in zip(path, path[1:], strict=False):
        if (b[0] - a[0], b[1] - a[1]) != step:
            raise table.error("path", f"{list(b)} does not follow {list(a)} heading {heading}; "
                                      f"a Deep Fog path is a straight line")
    if not all(next(c for c in cards if (c.x, c.y) == p).face_up for p in path):
        raise table.error("path", "every card of the current path is face up")
    return Fog(target=target, origin=origin, cards=tuple(cards), path=tuple(path),
               heading=heading, corrections=corrections, half_cup=half, full_cups=full)


def _prompt(table: Table) -> Prompt:
    prompt = Prompt(kind=table.choice("kind", PROMPT_KINDS),
                    subject=table.get("subject", str, ""),
                    options=table.str_list("options"),
                    text=table.req("text", str, check=_nonempty))
    table.done()
    return prompt


def from_layout(top: Table) -> KingdomState:
    """The :class:`KingdomState` of a layout's top-level table (``game`` consumed); raises
    :class:`~tabletop.errors.LayoutError` for the first broken rule, loading nothing."""
    title = top.get("title", str, "")
    notes = top.get("notes", str, "")
    kingdom = top.get("kingdom", str, "")
    public = top.get("view", str, None, check=lambda v: None if v == PUBLIC_VIEW else
                     f'must be "{PUBLIC_VIEW}" (the public view: face-down tile fronts and '
                     f'deck cards unknown)') is not None
    track = _track(top)
    delve = _delve(top)
    districts = []
    for table in top.tables("districts", named_label("district")):
        districts.append((table, District(name=table.req("name", str, check=_nonempty),
                                          symbol=table.get("symbol", str, ""),
                                          monster=table.get("monster", str, ""))))
        table.done()
    tiles_read = [(t, *_tile(t)) for t in top.tables("tiles", named_label("tile"))]
    party_table = top.sub("party")
    party = party_table.req("tile", str)
    party_table.done()
    decks = top.sub("decks", required=False)
    exploration, active, fog_deck, fog_discard, slots = 20, "", [], 0, []
    fog_unlisted, explore_cards = 0, []
    if decks is not None:
        exploration = decks.get("exploration", int, 20, check=_range(0, 200))
        explore_cards = [_exploration_card(t) for t in decks.tables(
            "exploration_cards", named_label("Exploration card"))]
        active = decks.get("active", str, "")
        fog_deck = [_fog_card_done(t) for t in decks.tables("deep_fog",
                                                           named_label("Deep Fog card"))]
        fog_unlisted = decks.get("deep_fog_unlisted", int, 0, check=_range(0, 200))
        fog_discard = decks.get("deep_fog_discard", int, 0, check=_range(0, 200))
        for t in decks.tables("district_effects", named_label("District effect")):
            slots.append((t, t.req("district", str), t.req("card", str, check=_nonempty)))
            t.done()
        decks.done()
    clue_table = top.sub("clues", required=False)
    clues = (0, 0, 0, 0)
    if clue_table is not None:
        clues = tuple(clue_table.get(k, int, 0, check=_range(0, 99)) for k in CLUE_TYPES)
        clue_table.done()
    knights = _knights(top)
    monsters = [(t, MonsterToken(t.req("monster", str), t.req("tile", str)))
                for t in top.tables("monster_tokens", named_label("Monster token"))]
    for t, _ in monsters:
        t.done()
    hindering = []
    for t in top.tables("hindering", named_label("Hindering token")):
        hindering.append((t, Hindering(kind=t.choice("kind", HINDERING), tile=t.req("tile", str),
                                       side=t.choice("side", SIDES),
                                       offset=t.get("offset", int, 0, check=_range(0, 9)))))
        t.done()
    pending = [(t, _prompt(t)) for t in top.tables("pending", lambda i, d: f"prompt #{i + 1}")]
    tiles_by_id: dict[str, Tile] = {}
    for table, tile, _ in tiles_read:
        if tile.id in tiles_by_id:
            raise table.error("id", f"{tile.id!r} is used by two tiles; tile ids are unique")
        tiles_by_id[tile.id] = tile
    fog = _fog(top, tiles_by_id)
    top.done()

    names = [d.name for _, d in districts]
    for table, district in districts:
        if names.count(district.name) > 1:
            raise table.error("name", f"{district.name!r} is listed twice")
    wheel = [d.monster for _, d in districts if d.monster]
    for table, district in districts:
        if district.monster and wheel.count(district.monster) > 1:
            raise table.error("monster", f"{district.monster!r} stands in two districts; the "
                                         f"wheel holds one token per Monster")
    _check_tiles(tiles_read, tiles_by_id, names, public)
    if party not in tiles_by_id:
        raise party_table.error("tile", f"names no tile: {party!r}")
    if tiles_by_id[party].status != "explored":
        raise party_table.error("tile", f"the Party marker stands on an explored tile, but "
                                        f"tile {party!r} is {tiles_by_id[party].status}")
    seen_monsters: set[str] = set()
    for table, token in monsters:
        if token.monster not in wheel:
            raise table.error("monster", f"{token.monster!r} has no token on the District Wheel")
        if token.monster in seen_monsters:
            raise table.error("monster", f"{token.monster!r} has two tokens on the map; a "
                                         f"Monster has one map token")
        seen_monsters.add(token.monster)
        if token.tile not in tiles_by_id or not tiles_by_id[token.tile].on_table:
            raise table.error("tile", f"tile {token.tile!r} is not on the table")
    spots = set()
    for table, token in hindering:
        tile = tiles_by_id.get(token.tile)
        if tile is None or not tile.on_table:
            raise table.error("tile", f"tile {token.tile!r} is not on the table")
        if not any((p.side, p.offset) == (token.side, token.offset) for p in tile.paths) \
                and not (public and _front_unknown(tile)):
            raise table.error("side", f"tile {token.tile!r} has no path on its {token.side} "
                                      f"side at offset {token.offset}")
        if (token.tile, token.side, token.offset) in spots:
            raise table.error("side", "two Hindering tokens on one path")
        spots.add((token.tile, token.side, token.offset))
    for table, district, _card in slots:
        if district not in names:
            raise table.error("district", f"names no district: {district!r}")
    if len({d for _, d, _ in slots}) != len(slots):
        raise slots[0][0].error("district", "one District effect per district")
    if delve.phase == "deep-fog" and fog is None:
        raise top.error(None, "is in phase \"deep-fog\" but has no [fog] table")
    if fog is not None and delve.phase not in ("deep-fog", "over"):
        raise top.error("fog", "a [fog] table goes with phase \"deep-fog\" (or \"over\", "
                               "lost in the Fog)")
    if fog is not None and fog.origin != party:
        raise top.error("fog", "the fog's origin (reminder token) is the party's tile")
    for table, prompt in pending:
        _check_prompt(table, prompt, tiles_by_id, wheel, names, fog)
        if prompt.kind == "mortis" and not public:
            top_card = explore_cards[0] if explore_cards else None
            if top_card is None or top_card.name != prompt.subject or not top_card.back:
                raise table.error("subject", "a mortis question is about the listed top "
                                             "Exploration card, whose back is given")
    waiting = [p for _, p in pending]
    if (fog is not None and not fog.path and delve.phase != "over"
            and not any(p.kind == "fog-card" for p in waiting)):
        raise top.error("fog", "path: must list the current path, the Party marker's card last "
                               "(it may be empty only while the Starting card is being drawn, "
                               "or once the Delve is over)")
    state = KingdomState(
        tiles=tuple(t for _, t, _ in tiles_read), party=party,
        districts=tuple(d for _, d in districts), track=track, delve=delve,
        monsters=tuple(m for _, m in monsters), hindering=tuple(h for _, h in hindering),
        exploration=exploration, exploration_cards=tuple(explore_cards), active=active,
        district_effects=tuple((d, c) for _, d, c in slots), fog_deck=tuple(fog_deck),
        fog_unlisted=fog_unlisted, fog_discard=fog_discard, fog=fog, clues=clues,
        knights=knights, pending=tuple(p for _, p in pending),
        kingdom=kingdom, title=title, notes=notes, public=public)
    return _lay_tiles(state, {t.id: table for table, t, _ in tiles_read})


def _check_prompt(table: Table, prompt: Prompt, tiles: dict[str, Tile], wheel: list[str],
                  districts: list[str], fog: Fog | None) -> None:
    """A saved question must be answerable: its subject and options name things that exist."""
    options = set(prompt.options)

    def need(ok: bool, key: str, rule: str) -> None:
        if not ok:
            raise table.error(key, f"a {prompt.kind} question {rule}")

    need(bool(options) == (prompt.kind != "poi"), "options",
         "has no options" if prompt.kind != "poi" else "takes a whole number, not options")
    on_table = {t for t, tile in tiles.items() if tile.on_table}
    if prompt.kind == "clue":
        need(options <= set(CLUE_TYPES), "options", "offers Clue types only")
    elif prompt.kind in ("hunt-end", "spawn"):
        need(prompt.subject in wheel, "subject", "is about a Monster on the District Wheel")
        need(options <= on_table, "options", "offers tiles on the table only")
    elif prompt.kind == "poi":
        tile = tiles.get(prompt.subject)
        need(tile is not None and tile.poi_number is not None, "subject",
             "is about a tile with a numbered Point of Interest")
    elif prompt.kind == "district-slot":
        district, bar, card = prompt.subject.partition("|")
        need(bool(bar) and district in districts and bool(card), "subject",
             "is about 'district|card'")
        need(options <= {"keep", "replace"}, "options", "offers keep and replace")
    elif prompt.kind == "fog-discard":
        need(fog is not None and prompt.subject in ("withdraw", "flawless", "minor", "grave"),
             "subject", "belongs to a Deep Fog traversal (withdraw, flawless, minor, grave)")
        assert fog is not None
        pool = fog.cards if prompt.subject == "withdraw" else fog.path_cards
        names = {c.card.name for c in pool if c.face_up}
        need(options <= names, "options", "offers revealed cards of the traversal only")
    elif prompt.kind == "clash":
        need(prompt.subject in ("exhibition", "full"), "subject", "is exhibition or full")
    elif prompt.kind == "mortis":
        need(options <= set(SIDES), "options", "offers directions only")
    elif prompt.kind == "fog-card":
        need(fog is not None, "subject", "belongs to a Deep Fog traversal")
        assert fog is not None
        cell = fog_rules.next_cell(fog)
        need(prompt.subject == f"{cell[0]},{cell[1]}", "subject",
             f"names the cell the next card of the path goes to ({cell[0]},{cell[1]})")


def _exploration_card(table: Table) -> ExplorationCard:
    """A listed Exploration card: ``name``, ``kind``, ``special``, ``back`` (the Clue types on
    its back's north, east, south and west sides), ``poi`` (its PoI modifier)."""
    back = table.str_list("back")
    card = ExplorationCard(name=table.req("name", str, check=_nonempty),
                           kind=table.choice("kind", EFFECT_KINDS, "instant"),
                           special=table.get("special", bool, False),
                           back=tuple(b.lower() for b in back),
                           poi=table.get("poi", int, None, check=_range(-9, 9)))
    table.done()
    if back and (len(back) != 4 or not set(card.back) <= set(CLUE_TYPES)):
        raise table.error("back", f"lists the Clue types on the back's north, east, south and "
                                  f"west sides: four of {', '.join(CLUE_TYPES)}")
    return card


def _knights(top: Table) -> tuple[Knight, ...]:
    """The ``[[knights]]``: name, the Clue types collected, the Clue tokens held."""
    knights: list[Knight] = []
    seen: set[str] = set()
    for table in top.tables("knights", named_label("Knight")):
        name = table.req("name", str, check=_nonempty)
        collects = tuple(c.lower() for c in table.str_list("collects"))
        if not collects or not set(collects) <= set(CLUE_TYPES) \
                or len(set(collects)) != len(collects):
            raise table.error("collects", f"lists the Clue types the Knight collects (Clue card "
                                          f"or Quest), each once: {', '.join(CLUE_TYPES)}")
        held = table.sub("clues", required=False)
        counts = (0, 0, 0, 0)
        if held is not None:
            counts = tuple(held.get(k, int, 0, check=_range(0, 99)) for k in CLUE_TYPES)
            held.done()
            for kind, count in zip(CLUE_TYPES, counts, strict=True):
                if count and kind not in collects:
                    raise held.error(kind, f"the Knight does not collect {kind} Clues (only "
                                           f"the Clues on their Clue card or Quest)")
        table.done()
        if name in seen:
            raise table.error("name", f"{name!r} is listed twice")
        seen.add(name)
        knights.append(Knight(name, collects, counts))
    return tuple(knights)


def _fog_card_done(table: Table) -> FogCard:
    card = _fog_card(table)
    table.done()
    return card


def _front_unknown(tile: Tile) -> bool:
    """Whether a public view shows only the back of ``tile`` (face down, or in the box)."""
    return tile.status in ("face-down", "box")


def _check_tiles(tiles_read, tiles_by_id: dict[str, Tile], districts: list[str],
                 public: bool = False) -> None:
    """Districts and paths: each path leads to a listed tile that has a path back (on a public
    view, a tile whose front is unknown is taken on trust)."""
    for table, tile, paths in tiles_read:
        if districts and tile.district not in districts:
            raise table.error("district", f"{tile.district!r} is not one of the districts "
                                          f"({', '.join(districts)})")
        if not districts:
            raise table.error("district", "no [[districts]] are listed for the tiles to be in")
        for path, ptable, size in paths:
            if path.kind == "deep-fog":
                continue
            dest = tiles_by_id.get(path.to)
            if dest is None:
                raise ptable.error("to", f"leads to tile {path.to!r}, which the layout does not "
                                         f"list: add a [[tiles]] entry for it")
            if path.to == tile.id:
                raise ptable.error("to", "a path cannot lead back to its own tile")
            if size and size != dest.size:
                raise ptable.error("size", f"says {size}, but tile {dest.id!r} is {dest.size}")
            if path.kind == "tile" and tile.status == "explored" and dest.status == "box":
                raise ptable.error("to", f"leads to tile {dest.id!r}, still in the box; every "
                                         f"tile a path of an explored tile leads to lies on the "
                                         f"table, face down if Unexplored (Kingdom Setup; "
                                         f"Kingdom Tile Step c)")
            if public and _front_unknown(dest):
                continue
            if path.kind == "tile" and not any(
                    p.kind == "tile" and p.to == tile.id and p.side == OPPOSITE[path.side]
                    for p in dest.paths):
                raise ptable.error("to", f"tile {dest.id!r} has no tile path back to "
                                         f"{tile.id!r} on its {OPPOSITE[path.side]} side; a path "
                                         f"joins both tiles across one edge")


def _lay_tiles(state: KingdomState, tables: dict[str, Table]) -> KingdomState:
    """Lay every tile on the table that has no ``at`` by its paths, then check that no two
    tiles lie on each other."""
    waiting = [t.id for t in state.tiles if t.on_table and t.at is None]
    parked = state
    for tid in waiting:  # tiles still to be laid count as off the table meanwhile
        parked = parked.with_tile(replace(parked.tile(tid), status="box"))
    pending = list(waiting)
    while pending:
        placed = None
        for tid in pending:
            tile = state.tile(tid)
            if any(board.paths_to(t, tid) for t in parked.tiles if t.rect is not None) or any(
                    p.kind == "tile" and parked.has_tile(p.to) and parked.tile(p.to).rect
                    for p in tile.paths):
                placed = tid
                break
        placed = placed or pending[0]
        rect, _ = board.position_for(parked, placed)
        parked = parked.with_tile(replace(state.tile(placed), at=(rect.x, rect.y)))
        pending.remove(placed)
    overlap = _first_overlap([t for t in parked.tiles if t.rect is not None])
    if overlap is not None:
        a, b = overlap
        raise tables[b.id].error("at", f"tile {b.id!r} would lie on tile {a.id!r}; tiles "
                                       f"on the table cannot overlap")
    return parked


def _first_overlap(laid: list) -> tuple | None:
    """The first two of the ``laid`` tiles that share a cell, ``(a, b)`` with ``a`` first in
    table order and ``b`` the first after it on one of its cells, or ``None``: found by the
    cells each tile covers (a footprint is at most 6 x 6), not by comparing every pair of a
    thousand tiles."""
    covering: dict[tuple[int, int], list[int]] = {}
    for index, tile in enumerate(laid):
        r = tile.rect
        for x in range(r.x, r.x + r.w):
            for y in range(r.y, r.y + r.h):
                covering.setdefault((x, y), []).append(index)
    for index, tile in enumerate(laid):
        r = tile.rect
        later = [i for x in range(r.x, r.x + r.w) for y in range(r.y, r.y + r.h)
                 for i in covering[(x, y)] if i > index]
        if later:
            return tile, laid[min(later)]
    return None


def to_layout(state: KingdomState) -> dict[str, Any]:
    """The layout tables of ``state`` (without ``game``), ready for ``tomli_w``."""
    out: dict[str, Any] = {"view": PUBLIC_VIEW} if state.public else {}
    for key in ("title", "notes", "kingdom"):
        if getattr(state, key):
            out[key] = getattr(state, key)
    t = state.track
    track: dict[str, Any] = {"threat": t.threat, "curse": t.curse, "time": t.time,
                             "threat_max": t.threat_max, "curse_max": t.curse_max,
                             "time_max": t.time_max,
                             "hunt_spaces": [list(p) for p in t.hunt_spaces]}
    if t.curse_paragraph:
        track["curse_paragraph"] = t.curse_paragraph
    out["track"] = track
    d = state.delve
    delve = {"phase": d.phase, "second": d.second, "quest": d.quest, "shortcuts": d.shortcuts,
             "exhibition_clash": d.exhibition_clash, "full_clash": d.full_clash,
             "threat_seven": d.threat_seven, "curse_nine": d.curse_nine, "drawn": d.drawn}
    if d.result:
        delve["result"] = d.result
    out["delve"] = delve
    out["party"] = {"tile": state.party}
    decks: dict[str, Any] = {"exploration": state.exploration,
                             "deep_fog_discard": state.fog_discard}
    if state.active:
        decks["active"] = state.active
    if state.exploration_cards:
        decks["exploration_cards"] = [_exploration_table(c) for c in state.exploration_cards]
    if state.fog_deck:
        decks["deep_fog"] = [_card_table(c) for c in state.fog_deck]
    if state.fog_unlisted:
        decks["deep_fog_unlisted"] = state.fog_unlisted
    if state.district_effects:
        decks["district_effects"] = [{"district": a, "card": b} for a, b in state.district_effects]
    out["decks"] = decks
    out["clues"] = dict(zip(CLUE_TYPES, state.clues, strict=True))
    if state.knights:
        out["knights"] = [{"name": k.name, "collects": list(k.collects),
                           "clues": {c: n for c, n in zip(CLUE_TYPES, k.clues, strict=True)
                                     if c in k.collects}} for k in state.knights]
    out["districts"] = [_drop_empty({"name": x.name, "symbol": x.symbol, "monster": x.monster})
                        for x in state.districts]
    out["tiles"] = [_tile_table(tile) for tile in state.tiles]
    if state.monsters:
        out["monster_tokens"] = [{"monster": m.monster, "tile": m.tile} for m in state.monsters]
    if state.hindering:
        out["hindering"] = [{"kind": h.kind, "tile": h.tile, "side": h.side, "offset": h.offset}
                            for h in state.hindering]
    if state.pending:
        out["pending"] = [{"kind": p.kind, "subject": p.subject, "options": list(p.options),
                           "text": p.text} for p in state.pending]
    if state.fog is not None:
        f = state.fog
        out["fog"] = {"target": f.target, "origin": f.origin, "heading": f.heading,
                      "corrections": f.corrections, "half_cup": f.half_cup,
                      "full_cups": f.full_cups, "path": [list(p) for p in f.path],
                      "cards": [{**_card_table(c.card), "at": [c.x, c.y], "face_up": c.face_up}
                                for c in f.cards]}
    return out


def _drop_empty(table: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in table.items() if v != ""}


def _exploration_table(card: ExplorationCard) -> dict[str, Any]:
    table: dict[str, Any] = {"name": card.name, "kind": card.kind}
    if card.special:
        table["special"] = True
    if card.back:
        table["back"] = list(card.back)
    if card.poi is not None:
        table["poi"] = card.poi
    return table


def _card_table(card: FogCard) -> dict[str, Any]:
    return _drop_empty({"name": card.name, "value": card.value, "hazard": card.hazard,
                        "grave": card.grave})


def _tile_table(tile: Tile) -> dict[str, Any]:
    table: dict[str, Any] = {"id": tile.id, "name": tile.name, "size": tile.size,
                             "district": tile.district, "status": tile.status}
    if tile.at is not None:
        table["at"] = list(tile.at)
    if tile.footprint != FOOTPRINTS[tile.size]:
        table["footprint"] = list(tile.footprint)
    table.update({"time": tile.time, "threat": tile.threat, "clues": tile.clues,
                  "intensity": tile.intensity})
    if tile.cipher:
        table["cipher"] = tile.cipher
    if tile.poi:
        table["poi"] = tile.poi
    if tile.paths:
        table["paths"] = [_drop_empty({"side": p.side, "offset": p.offset, "kind": p.kind,
                                       "to": p.to, "panzergate": p.panzergate})
                          for p in tile.paths]
    return table
