"""Joust layouts: the ``game = "joust"`` TOML tables <-> :class:`JoustState`.

Every key is documented in ``docs/joust.md``.  Every rule a position must keep is checked
here, so that a loaded state is always one the rules core can play on: two Households of three
Knights, unique names, dice only on held Bravery Tokens of their colour or Equipment of the
right colour,
Knight Allowances, Reputation at most 12, a consistent round, phase and List.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tabletop.dice.kings_champion import ATTACK_COLOURS
from tabletop.games.joust import throw_layout
from tabletop.games.joust.cards import PERK_KINDS, Catalog, load_card_file, parse_perk, shipped
from tabletop.games.joust.planning import MATCH_RULE, slot_mismatch
from tabletop.games.joust.scoring import starting_morale
from tabletop.games.joust.state import (
    CODES,
    EQUIPMENT_LIMIT,
    EQUIPMENT_TYPES,
    FACE_DOWN_CARD,
    FAVORS,
    HIDDEN,
    JOUSTS,
    MAX_REPUTATION,
    MAX_SLOTS,
    PHASES,
    ROUNDS,
    SIDES,
    TOKEN_COLOURS,
    TRACK_KINDS,
    CrownTrack,
    Enhancement,
    Equipment,
    Household,
    JoustState,
    Knight,
    Pending,
    Squire,
    is_token_slot,
)
from tabletop.games.layoutfile import Table, named_label
from tabletop.games.safefiles import FileProblem, resolve_named

PUBLIC_VIEW = "public"
"""``view = "public"``: the layout is the public view of a board (a public picture), with
``"?"`` for each Jousting Token, Favor Action and Ability Card still face down and
``{ name = "?" }`` for each Enhancement Card in a hand; it loads as a board that cannot be
played on."""
CROWN_BOXES = 5
MAX_POOL = 11
"""Four starting dice and seven empty slots in the Dice Pool (*Dice Pool*)."""


def _between(low: int, high: int | None = None):
    def check(value: int) -> str | None:
        if value < low or (high is not None and value > high):
            return f"must be {low} to {high}" if high is not None else f"must be at least {low}"
        return None

    return check


def _colours(table: Table, key: str, allowed: tuple[str, ...], default=()) -> tuple[str, ...]:
    values = tuple(v.lower() for v in table.str_list(key, default))
    for value in values:
        if value not in allowed:
            raise table.error(key, f"{value!r} is not one of {', '.join(allowed)}")
    return values


def _optional_colour(table: Table, key: str) -> str | None:
    return table.choice(key, ATTACK_COLOURS) if table.has(key) else table.get(key, str)


def _name_rule(value: str) -> str | None:
    if not value.isprintable():
        return "must be one line of text, without line breaks or tabs"
    return None if value.strip() else "must not be empty"


def _optional_name_rule(value: str) -> str | None:
    return _name_rule(value) if value else None


def _name(table: Table) -> str:
    return table.req("name", str, check=_name_rule)


def _tokens(table: Table, slots: int) -> tuple[tuple[str, ...], tuple[str | None, ...]]:
    tokens, dice = [], []
    for entry in table.str_list("tokens"):
        colour, _, die = entry.lower().partition(":")
        if colour not in TOKEN_COLOURS:
            raise table.error("tokens", f"{entry!r}: a Bravery Token is white, green or red "
                                        f"(write COLOUR or COLOUR:DIE, such as white:green)")
        if die and die not in ATTACK_COLOURS:
            raise table.error("tokens", f"{entry!r}: the die on a token is white, green or red "
                                        f"(the black Fealty Die is not placed)")
        tokens.append(colour)
        dice.append(die or None)
    if len(tokens) > slots:
        raise table.error("tokens", f"{len(tokens)} Bravery Tokens, but the card has {slots} "
                                    f"slots")
    return tuple(tokens), tuple(dice)


def _squire(table: Table) -> Squire:
    squire = Squire(
        name=_name(table),
        colour=table.choice("die", ATTACK_COLOURS),
        on=table.get("on", str),
        reroll=_optional_colour(table, "reroll"),
        reroll_worker=table.get("reroll_worker", bool, False),
    )
    table.done()
    return squire


def _slot_name(table: Table) -> str:
    """The name of an Enhancement Card, which names its Equipment slot: not a number (those
    name Bravery Token slots) and not ``fealty`` (the Fealty Die's place)."""
    name = _name(table)
    if is_token_slot(name):
        raise table.error("name", "must not be a number (numbers name Bravery Token slots)")
    if name.strip().lower() == "fealty":
        raise table.error("name", "must not be 'fealty', the name of the Fealty Die's place")
    return name


def _equipment(table: Table, knight: str) -> Equipment:
    name = _slot_name(table)
    colours = _colours(table, "die", ATTACK_COLOURS)
    if not colours:
        raise table.error("die", "must name the die colours the slot takes")
    placed = table.get("placed", str)
    if placed is not None and placed.lower() not in colours:
        raise table.error("placed", f"{placed!r} on {knight}'s {name}: the slot takes "
                                    f"{' or '.join(colours)} dice; {MATCH_RULE}")
    piece = Equipment(name, table.choice("type", EQUIPMENT_TYPES), colours,
                      placed.lower() if placed else None)
    table.done()
    return piece


def _knight(table: Table, partial: bool = False) -> Knight:
    name = _name(table)
    side = table.choice("side", SIDES, "vanguard")
    slots = table.get("slots", int, MAX_SLOTS, check=_between(1, MAX_SLOTS))
    boxes = table.req("crown_boxes", list)
    if (len(boxes) != CROWN_BOXES
            or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in boxes)):
        raise table.error("crown_boxes", "must be the five pip-count numbers printed on the "
                                         "card, such as [5, 8, 11, 14, 17]")
    tokens, dice = _tokens(table, slots)
    favors = _colours(table, "favors", FAVORS)
    if len(set(favors)) != len(favors):
        raise table.error("favors", "names a Favor Action twice")
    favor = table.get("favor", str)
    panic = table.get("panic", bool, False)
    if favor is not None:
        favor = favor.lower()
        if favor not in favors and not (partial and favor == HIDDEN):
            raise table.error("favor", f"{favor!r} is not on this Knight's card "
                                       f"({', '.join(favors) or 'no Favor Actions'})")
        if panic:
            raise table.error("favor", "a Panicked Knight may not use a Favor Action")
    squire_table = table.sub("squire", required=False)
    equipment = tuple(_equipment(t, name)
                      for t in table.tables("equipment", named_label("equipment")))
    knight = Knight(
        name=name, code=table.choice("code", CODES), side=side, slots=slots,
        crown_boxes=tuple(boxes), tokens=tokens, token_dice=dice, favors=favors, favor=favor,
        ability=table.get("ability", str, ""), panic=panic,
        squire=_squire(squire_table) if squire_table else None, equipment=equipment,
        hits_taken=table.get("hits_taken", int, 0, check=_between(0)),
        hits_scored=table.get("hits_scored", int, 0, check=_between(0)),
        calm=table.get("calm", bool, False),
    )
    table.done()
    _check_token_dice(table, knight)
    _check_attachments(table, knight)
    return knight


def _check_token_dice(table: Table, knight: Knight) -> None:
    """A die on a Bravery Token is of the token's colour (:data:`MATCH_RULE`)."""
    for index, (token, die) in enumerate(zip(knight.tokens, knight.token_dice, strict=True)):
        if die is not None and slot_mismatch(knight, str(index + 1), die):
            raise table.error("tokens", f"{knight.name}'s Bravery Token slot {index + 1} is "
                                        f"{token} and holds a {die} die, but a {token} die goes "
                                        f"on a {token} Bravery Token: {MATCH_RULE}")


def _check_attachments(table: Table, knight: Knight) -> None:
    """*Knight Allowances* and where a Squire's die may be."""
    limit = EQUIPMENT_LIMIT[knight.side]
    if len(knight.equipment) > limit:
        raise table.error("equipment", f"a Knight {knight.side.title()} may have {limit} "
                                       f"piece{'s' if limit > 1 else ''} of Equipment")
    kinds = [e.kind for e in knight.equipment]
    if len(set(kinds)) != len(kinds):
        raise table.error("equipment", "two pieces of Equipment on one Knight must be of "
                                       "different types")
    names = [e.name for e in knight.equipment]
    if len(set(names)) != len(names):
        raise table.error("equipment", "two pieces of Equipment share a name")
    squire = knight.squire
    if squire is not None and squire.on is not None:
        try:
            die = knight.die_on(squire.on)
        except KeyError:
            raise table.error("squire", f"its die is on slot {squire.on!r}, which {knight.name} "
                                        f"does not have") from None
        if die != squire.colour:
            raise table.error("squire", f"its {squire.colour} die is on slot {squire.on}, "
                                        f"but that slot holds {die or 'no die'}")


def _enhancement(table: Table, partial: bool = False) -> Enhancement:
    if partial and table.get("name", str) == HIDDEN:
        table.done()
        return FACE_DOWN_CARD
    card = Enhancement(
        name=_slot_name(table),
        squire_colours=_colours(table, "squire_die", ATTACK_COLOURS),
        reroll=_optional_colour(table, "squire_reroll"),
        kind=table.choice("type", EQUIPMENT_TYPES),
        colours=_colours(table, "equipment_die", ATTACK_COLOURS),
        squire_name=table.get("squire_name", str, "", check=_optional_name_rule),
    )
    if not card.squire_colours or not card.colours:
        raise table.error(None, "needs squire_die and equipment_die colours")
    table.done()
    return card


def _track(table: Table) -> CrownTrack:
    length = table.req("length", int, check=_between(1, 20))
    track = CrownTrack(
        name=_name(table), kind=table.choice("kind", TRACK_KINDS, "promotion"), length=length,
        perk=table.get("perk", str, "", check=_perk_rule),
        progress=table.get("progress", int, 0, check=_between(0, length)),
        claimed=table.get("claimed", bool, False),
    )
    if track.claimed and not track.complete:
        raise table.error("claimed", "only a completed track's Perk is taken")
    table.done()
    return track


def _perk_rule(value: str) -> str | None:
    """A Crown track's Perk is one the program can grant (``morale:5``, ``gain-die:any``,
    ``place-token``...)."""
    parsed = parse_perk(value, PERK_KINDS) if value else None
    return parsed if isinstance(parsed, str) else None


def _names(table: Table, key: str, known, what: str, partial: bool = False
           ) -> tuple[str, ...]:
    """Card names, each known to the card data (or ``"?"``, a face-down card, in a view)."""
    values = table.str_list(key)
    for value in values:
        if not known(value) and not (partial and value == HIDDEN):
            raise table.error(key, f"{value!r} is not {what} in the card data")
    return values


def _household(table: Table, cards: Catalog, partial: bool = False) -> Household:
    name = _name(table)
    knights = tuple(_knight(t, partial)
                    for t in table.tables("knights", named_label("knight")))
    if len(knights) != JOUSTS:
        raise table.error("knights", f"a Household fields three Knights, not {len(knights)}")
    pool = _colours(table, "pool", ATTACK_COLOURS, ("white", "white", "green", "green"))
    house = Household(
        name=name, knights=knights,
        reputation=table.get("reputation", int, 0, check=_between(0, MAX_REPUTATION)),
        reputation_spent=table.get("reputation_spent", int, 0, check=_between(0)),
        crowns=table.get("crowns", int, 0, check=_between(0)),
        tracks=tuple(_track(t) for t in table.tables("tracks", named_label("Crown track"))),
        pool=pool,
        bravery_tokens=_colours(table, "bravery_tokens", TOKEN_COLOURS),
        workers=table.get("workers", int, 3, check=_between(0)),
        hand_limit=table.get("hand_limit", int, 4, check=_between(0)),
        hand=tuple(_enhancement(t, partial)
                   for t in table.tables("hand", named_label("Enhancement"))),
        order=table.str_list("order"),
        ready=table.get("ready", bool, False),
        enhancement_placed=table.get("enhancement_placed", bool, False),
        abilities=_names(table, "abilities", cards.ability, "an Ability Card", partial),
        advanced_deck=_names(table, "advanced_deck", lambda n: getattr(
            cards.ability(n), "kind", "") == "advanced", "an Advanced Ability Card", partial),
        influence=_influence(table, cards),
        workers_out=table.get("workers_out", int, 0, check=_between(0)),
        passed=table.get("passed", bool, False),
        done=table.get("done", bool, False),
        collected=table.get("collected", bool, False),
        kept=table.get("kept", str, ""),
        extra_die=table.get("extra_die", bool, False),
    )
    for knight in knights:
        if knight.ability and cards.ability(knight.ability) is None and not (
                partial and knight.ability == HIDDEN):
            raise table.error("knights", f"{knight.name}'s ability {knight.ability!r} is not "
                                         f"an Ability Card in the card data")
    if house.kept and house.kept not in {c.name for c in house.hand} and not partial:
        raise table.error("kept", f"{house.kept!r} is not an Enhancement Card in the hand")
    morale = table.get("morale", int, starting_morale(house), check=_between(0))
    house = replace(house, morale=morale)
    placed = sum(len(k.placed_dice()) for k in knights)
    from_squires = sum(1 for k in knights if k.squire and k.squire.on)
    most = MAX_POOL + (1 if house.extra_die else 0)
    if len(pool) + placed - from_squires > most:
        raise table.error("pool", f"the Dice Pool holds at most {most} dice")
    known = [name for name in house.order if not (partial and name == HIDDEN)]
    if house.order and (len(house.order) != JOUSTS or len(set(known)) != len(known)
                        or not set(known) <= {k.name for k in knights}
                        or (not partial and len(known) != JOUSTS)):
        raise table.error("order", "must be empty or name each of the three Knights once"
                                   + (' ("?" for a token still face down)' if partial else ""))
    names = [t.name for t in house.tracks]
    if len(set(names)) != len(names):
        raise table.error("tracks", "two Crown tracks share a name")
    table.done()
    return house


def _influence(table: Table, cards: Catalog) -> tuple[int, ...]:
    """The Influence markers by Political track (absent tracks at their start)."""
    sub = table.sub("influence", required=False)
    if sub is None:
        return tuple(t.start for t in cards.political)
    spaces = tuple(sub.get(t.name, int, t.start, check=_between(0, t.spaces))
                   for t in cards.political)
    sub.done()
    return spaces


def _card_file(top: Table) -> Catalog | None:
    """The user's card data named by ``card_file``, or ``None`` for the shipped examples.
    Only a file inside the layout's own folder is read, and a layout with no folder (from a
    picture or from text) names none (:func:`~tabletop.games.safefiles.resolve_named`)."""
    name = top.get("card_file", str)
    if name is None:
        return None
    if top.source.folder is None:
        raise top.error("card_file", "a layout inside a picture (or given as text) names no "
                                     "card file; open the layout file beside its cards")
    try:
        path = resolve_named(top.source.folder, name)
    except FileProblem as problem:
        raise top.error("card_file", str(problem)) from None
    return replace(load_card_file(path), file=name)


def _pending(table: Table, houses: tuple[str, ...]) -> Pending:
    pending = Pending(
        house=table.choice("house", houses),
        kind=table.choice("kind", ("place-token", "gain-die", "advance", "place-enhancement",
                                   "keep-enhancement", "keep-token")),
        arg=table.get("arg", str, ""), n=table.get("n", int, 1, check=_between(1, 20)),
        source=table.get("source", str, ""))
    table.done()
    return pending


def from_layout(top: Table) -> JoustState:
    """The :class:`JoustState` of the layout's top-level table (``game`` consumed); raises
    :class:`~tabletop.errors.LayoutError` for the first broken rule."""
    user_cards = _card_file(top)
    cards = user_cards or shipped()
    title = top.get("title", str, "")
    notes = top.get("notes", str, "")
    round_ = top.get("round", int, 1, check=_between(1, ROUNDS))
    phase = top.choice("phase", PHASES, "planning")
    revealed = top.get("revealed", int, 0, check=_between(0, JOUSTS))
    resolved = top.get("resolved", int, 0, check=_between(0, JOUSTS))
    view = top.get("view", str)
    tables = top.tables("households", named_label("household"))
    houses = [(t, _household(t, cards, view is not None)) for t in tables]
    initiative = top.get("initiative", str)
    extra = _decks(top, cards, view is not None)
    names = tuple(h.name.lower() for _, h in houses)
    by_lower = {h.name.lower(): h.name for _, h in houses}
    pending = tuple(replace(p, house=by_lower[p.house]) for p in (
        _pending(t, names) for t in top.tables("pending")))
    turn = top.get("turn", str, "")
    claimed = _claimed(top, cards, tuple(by_lower.values()))
    throw = throw_layout.read(top)
    top.done()
    if len(houses) != 2:
        raise top.error("households", f"King's Champion is played by two Households, not "
                                      f"{len(houses)}")
    (_, a), (tb, b) = houses
    if a.name == b.name:
        raise tb.error("name", f"{b.name!r} is used twice; Households need different names")
    seen: dict[str, str] = {}
    for table, house in houses:
        for knight in house.knights:
            if knight.name in seen:
                raise table.error("knights", f"the Knight name {knight.name!r} is used twice; "
                                             f"every Knight needs its own name")
            seen[knight.name] = house.name
    if initiative is None:
        initiative = a.name
    if initiative not in (a.name, b.name):
        raise top.error("initiative", f"{initiative!r} is not one of the Households "
                                      f"({a.name}, {b.name})")
    _check_round(top, phase, revealed, resolved, houses)
    _check_this_round(round_, phase, resolved, houses)
    if phase == "over" and round_ < ROUNDS and all(h.morale > 0 for _, h in houses):
        raise top.error("phase", "the game ends after round 6 or when a Household's Morale "
                                 "is 0")
    if turn and turn not in (a.name, b.name):
        raise top.error("turn", f"{turn!r} is not one of the Households ({a.name}, {b.name})")
    if phase in ("draw", "worker", "ennoblement") and not turn:
        raise top.error("turn", f"the {phase} phase is played in turns: name the Household "
                                f"whose turn it is")
    if view is not None and view not in (PUBLIC_VIEW, a.name, b.name):
        raise top.error("view", f'must be "{PUBLIC_VIEW}" or a Household ({a.name}, {b.name})')
    viewer = None if view is None else HIDDEN if view == PUBLIC_VIEW else view
    state = JoustState(households=(a, b), round=round_, phase=phase, initiative=initiative,
                       revealed=revealed, resolved=resolved, title=title, notes=notes,
                       viewer=viewer, turn=turn, pending=pending, claimed=claimed,
                       cards=user_cards, **extra)
    return state if throw is None else throw_layout.check(throw[0], state, throw[1])


def _decks(top: Table, cards: Catalog, partial: bool = False) -> dict[str, Any]:
    """The decks, discard piles and bag (card names, top first), the seed and shuffle count."""
    abilities = {a.name for a in cards.abilities if a.kind == "standard"}
    enhancements = {e.name for e in cards.enhancements}
    out: dict[str, Any] = {
        "seed": top.get("seed", int, 0, check=_between(0, 2**63)),
        "shuffles": top.get("shuffles", int, 0, check=_between(0)),
        "bag": _colours(top, "bag", TOKEN_COLOURS)}
    for key, known, what in (("enhancement_deck", enhancements, "an Enhancement Card"),
                             ("enhancement_discard", enhancements, "an Enhancement Card"),
                             ("ability_deck", abilities, "a Standard Ability Card"),
                             ("ability_discard", abilities, "a Standard Ability Card")):
        out[key] = _names(top, key, known.__contains__, what, partial)
    return out


def _claimed(top: Table, cards: Catalog, houses: tuple[str, ...]
             ) -> tuple[tuple[str, int, str], ...]:
    """The locations claimed this round: ``{building, location (1-based), house}``."""
    out = []
    for entry in top.tables("claimed"):
        name = entry.choice("building", tuple(b.name.lower() for b in cards.buildings))
        building = next(b for b in cards.buildings if b.name.lower() == name)
        index = entry.req("location", int, check=_between(1, len(building.locations)))
        house = entry.choice("house", tuple(h.lower() for h in houses))
        entry.done()
        where = (building.name, index - 1)
        if any(c[:2] == where for c in out):
            raise entry.error("location", "is claimed twice; a claimed location is closed")
        out.append((*where, next(h for h in houses if h.lower() == house)))
    return tuple(out)


def _check_round(top: Table, phase: str, revealed: int, resolved: int,
                 houses: list[tuple[Table, Household]]) -> None:
    """The List and the phase agree: jousts are revealed one at a time and only while
    jousting, when both orders are set and both Households have finished planning; a
    Household that has finished planning has set its order and its Favor Actions (the rule
    of :func:`tabletop.games.joust.planning.ready`)."""
    if phase != "jousting" and (revealed or resolved):
        raise top.error("revealed", "jousts are revealed and scored only in the jousting phase")
    if not resolved <= revealed <= resolved + 1:
        raise top.error("revealed", "the List reveals one joust at a time: revealed must be "
                                    "resolved or resolved + 1")
    for table, house in houses:
        if phase == "jousting" and (len(house.order) != JOUSTS or not house.ready):
            raise table.error("order", "in the jousting phase each Household has set its order "
                                       "and finished planning (ready = true)")
        if phase == "setup" and house.ready:
            raise table.error("ready", "planning has not begun while setting up")
        if phase in ("planning", "jousting") and house.ready:
            if len(house.order) != JOUSTS:
                raise table.error("order", "a Household that has finished planning (ready = "
                                           "true) has laid its Jousting Tokens on The List")
            missing = [k.name for k in house.knights if not k.panic and k.favors and not k.favor]
            if missing:
                raise table.error("ready", f"a Household that has finished planning has "
                                           f"assigned a Favor Action to each Knight; "
                                           f"{missing[0]} has none")
        if phase not in ("setup", "over"):
            bare = [k.name for k in house.knights if not k.tokens]
            if bare:
                raise table.error("knights", f"{bare[0]} has no Bravery Token; each Knight gets "
                                             f"one while setting up (phase = \"setup\")")


def _check_this_round(round_: int, phase: str, resolved: int,
                      houses: list[tuple[Table, Household]]) -> None:
    """What the game so far can have left: a Household at 0 Morale has lost (*Winning The
    Game*), so only a game that is over has one; this round's hits belong to Knights whose
    joust is scored (Panic counts them); no Knight is Panicked in round 1, since Panic lasts
    "the following round" (*Knightly Terms*)."""
    for table, house in houses:
        if house.morale == 0 and phase != "over":
            raise table.error("morale", 'a Household at 0 Morale has lost the game, so the '
                                        'phase must be "over" (Winning The Game)')
        jousted = (set(house.order[:resolved]) if phase == "jousting"
                   else {k.name for k in house.knights} if phase == "ennoblement" else set())
        knight_tables = table.tables("knights", named_label("knight"))
        for knight_table, knight in zip(knight_tables, house.knights, strict=True):
            if knight.panic and round_ == 1:
                raise knight_table.error("panic", "no Knight is Panicked in round 1: Panic "
                                                  "lasts the round after its Knight took 5 or "
                                                  "more hits")
            taken = knight.hits_taken if phase != "ennoblement" else 0
            if phase != "over" and knight.name not in jousted and (taken
                                                                   or knight.hits_scored):
                key = "hits_taken" if taken else "hits_scored"
                raise knight_table.error(key, f"{knight.name}'s joust of this round is not "
                                              f"scored yet, so it has no hits this round (they "
                                              f"count for Panic)")


def to_layout(state: JoustState) -> dict[str, Any]:
    """The layout tables for ``state`` (without ``game``), ready for ``tomli_w``."""
    out: dict[str, Any] = {}
    if state.title:
        out["title"] = state.title
    if state.notes:
        out["notes"] = state.notes
    if state.cards is not None and state.cards.file:
        out["card_file"] = state.cards.file
    if state.viewer is not None:
        out["view"] = PUBLIC_VIEW if state.viewer == HIDDEN else state.viewer
    out.update(round=state.round, phase=state.phase, initiative=state.initiative,
               revealed=state.revealed, resolved=state.resolved, seed=state.seed,
               shuffles=state.shuffles)
    if state.turn:
        out["turn"] = state.turn
    for key in ("enhancement_deck", "enhancement_discard", "ability_deck", "ability_discard",
                "bag"):
        out[key] = list(getattr(state, key))
    if state.claimed:
        out["claimed"] = [{"building": b, "location": i + 1, "house": h}
                          for b, i, h in state.claimed]
    if state.pending:
        out["pending"] = [{"house": p.house, "kind": p.kind, "arg": p.arg, "n": p.n,
                           "source": p.source} for p in state.pending]
    out["households"] = [_household_table(state, h) for h in state.households]
    if state.throw is not None:
        out["throw"] = throw_layout.table_of(state.throw)
    return out


def _household_table(state: JoustState, house: Household) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": house.name, "morale": house.morale, "reputation": house.reputation,
        "reputation_spent": house.reputation_spent, "crowns": house.crowns,
        "pool": list(house.pool), "bravery_tokens": list(house.bravery_tokens),
        "workers": house.workers, "hand_limit": house.hand_limit, "order": list(house.order),
        "ready": house.ready, "enhancement_placed": house.enhancement_placed,
        "abilities": list(house.abilities), "advanced_deck": list(house.advanced_deck),
        "workers_out": house.workers_out, "passed": house.passed, "done": house.done,
        "collected": house.collected, "extra_die": house.extra_die,
    }
    if house.kept:
        out["kept"] = house.kept
    cards = state.cards or shipped()
    if house.influence:
        out["influence"] = {t.name: at for t, at in zip(cards.political, house.influence,
                                                        strict=True)}
    if house.hand:
        out["hand"] = [{"name": HIDDEN} if c == FACE_DOWN_CARD else
                       {"name": c.name, **({"squire_name": c.squire_name} if c.squire_name
                                           else {}),
                        "squire_die": list(c.squire_colours),
                        **({"squire_reroll": c.reroll} if c.reroll else {}),
                        "type": c.kind, "equipment_die": list(c.colours)} for c in house.hand]
    if house.tracks:
        out["tracks"] = [{"name": t.name, "kind": t.kind, "length": t.length, "perk": t.perk,
                          "progress": t.progress, "claimed": t.claimed} for t in house.tracks]
    out["knights"] = [_knight_table(k) for k in house.knights]
    return out


def _knight_table(knight: Knight) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": knight.name, "code": knight.code, "side": knight.side, "slots": knight.slots,
        "crown_boxes": list(knight.crown_boxes),
        "tokens": [f"{t}:{d}" if d else t
                   for t, d in zip(knight.tokens, knight.token_dice, strict=True)],
        "favors": list(knight.favors),
    }
    if knight.favor:
        out["favor"] = knight.favor
    if knight.ability:
        out["ability"] = knight.ability
    out.update(panic=knight.panic, hits_taken=knight.hits_taken, hits_scored=knight.hits_scored,
               calm=knight.calm)
    if knight.squire:
        s = knight.squire
        out["squire"] = {"name": s.name, "die": s.colour, **({"on": s.on} if s.on else {}),
                         **({"reroll": s.reroll} if s.reroll else {}),
                         "reroll_worker": s.reroll_worker}
    if knight.equipment:
        out["equipment"] = [{"name": e.name, "type": e.kind, "die": list(e.colours),
                             **({"placed": e.die} if e.die else {})} for e in knight.equipment]
    return out
