"""Almokon layout files (``game = "almokon"``): read with full validation, write back equal.

The format is documented in ``docs/almokon.md``.  Cards are named by uid: a card id from the
card data, or ``id#n`` for a further copy; plain ids are numbered in the order they appear
(players' hands, decks, discards, then cards in play and their Items, then the stack).
"""

from __future__ import annotations

from typing import Any

from tabletop.errors import LayoutError
from tabletop.games.almokon.cards import (
    MAX_CARD_FILES,
    Catalog,
    base_id,
    cards_from_data,
    forge_problems,
    load_named_card_file,
    merge_custom,
)
from tabletop.games.almokon.state import (
    RULE_CHOICES,
    WIN_BOUNTY,
    AlmokonState,
    Card,
    Choice,
    FollowUp,
    Player,
    Rules,
    StackItem,
)
from tabletop.games.almokon.view import HIDDEN, PUBLIC_VIEW, is_partial
from tabletop.games.layoutfile import Table, named_label
from tabletop.numbers import parse_int, shorten
from tabletop.spatial.zones import OPEN_SEA, REACH_RULES, REALM, WILDERNESS, ZONE_NAMES, ZONES

MAX_PILE = 1000
"""The most cards in one hand, deck or discard pile."""
MAX_IN_PLAY = 200
"""The most cards in play (both players together) a layout may list: the actions open to a
player grow with the square of it (every attacker against every target)."""
MAX_COPY = 9999
"""The highest copy number of a card (``id#9999``)."""

# where each card type may stand in play
ALLOWED_ZONES = {
    "monarch": (REALM, WILDERNESS), "character": (REALM, WILDERNESS),
    "capitol": (REALM,), "improvement": (REALM,), "terrain": (REALM,), "cult": (REALM,),
}


def _zones_for(definition) -> tuple[str, ...]:
    if definition.type == "unit":
        return (WILDERNESS,) if definition.unit == "land" else (OPEN_SEA,)
    return ALLOWED_ZONES.get(definition.type, ())


def _non_negative(value: int) -> str | None:
    return None if value >= 0 else "must be 0 or more"


def _pile(table: Table, key: str) -> tuple[str, ...]:
    """A player's hand, deck or discard pile: at most :data:`MAX_PILE` cards."""
    cards = table.str_list(key)
    if len(cards) > MAX_PILE:
        raise table.error(key, f"holds {len(cards)} cards; a pile holds at most {MAX_PILE}")
    return cards


class _Namer:
    """Turns the card names written in a layout into unique uids (see the module doc)."""

    def __init__(self, catalog: Catalog):
        self.catalog = catalog
        self.entries: list[tuple[int, str]] = []
        self.used: set[str] = set()
        self.last_copy: dict[str, int] = {}  # the last copy number tried, by card id

    def add(self, raw: str, table: Table, key: str, group: int) -> int:
        """Register a written name; plain ids are numbered by ``group`` (cards in play
        first, then Items, stack, hands, discards, decks) and then in order."""
        card_id = base_id(raw)
        if card_id not in self.catalog:
            raise table.error(key, f"{card_id!r} is not a known card id (see the card data; "
                                   f"add your own with card_files or [[card_defs]])")
        if "#" in raw:
            copy = parse_int(raw.split("#", 1)[1], 2, MAX_COPY)
            if copy is None or raw != f"{card_id}#{copy}":
                raise table.error(key, f"{shorten(raw)!r}: a copy number is written id#2, "
                                       f"id#3, ... up to id#{MAX_COPY}")
            if raw in self.used:
                raise table.error(key, f"{raw!r} names the same card twice")
            self.used.add(raw)
        self.entries.append((group, raw))
        return len(self.entries) - 1

    def assign(self) -> list[str]:
        out = [""] * len(self.entries)
        order = sorted(range(len(self.entries)), key=lambda i: self.entries[i][0])
        for slot in order:
            raw = self.entries[slot][1]
            if "#" in raw:
                out[slot] = raw
                continue
            n = self.last_copy.get(raw, 1)  # numbers below were taken already: no re-trying
            uid = raw if n == 1 else f"{raw}#{n}"
            while uid in self.used:
                n += 1
                uid = f"{raw}#{n}"
            self.last_copy[raw] = n
            self.used.add(uid)
            out[slot] = uid
        return out


def _catalog(top: Table) -> Catalog:
    files = top.str_list("card_files")
    if len(files) > MAX_CARD_FILES:
        raise top.error("card_files", f"names {len(files)} files; at most {MAX_CARD_FILES}")
    custom = []
    for name in files:
        custom += load_named_card_file(top.source.folder, name, top.source.name)
    top.get("card_defs", list)
    custom += cards_from_data({"card_defs": top.data.get("card_defs", [])}, top.source,
                              "card_defs")
    catalog = Catalog(merge_custom(tuple(custom), top.source.name))
    problems = forge_problems(catalog)
    if problems:
        raise LayoutError(problems[0], source=top.source.name)
    return catalog


def _rules(top: Table) -> Rules:
    table = top.sub("rules", required=False)
    if table is None:
        return Rules()
    rules = Rules(
        reach=table.choice("reach", tuple(REACH_RULES), Rules.reach),
        draw=table.choice("draw", RULE_CHOICES["draw"], Rules.draw),
        responses=table.choice("responses", RULE_CHOICES["responses"], Rules.responses),
        simultaneous_win=table.choice("simultaneous_win", RULE_CHOICES["simultaneous_win"],
                                      Rules.simultaneous_win),
        exhausted_abilities=table.choice("exhausted_abilities",
                                         RULE_CHOICES["exhausted_abilities"],
                                         Rules.exhausted_abilities),
    )
    table.done()
    return rules


def from_layout(top: Table) -> AlmokonState:
    """The state a layout describes (``game`` already read); ``LayoutError`` naming the file,
    line, table and rule for anything wrong."""
    catalog = _catalog(top)
    title = top.get("title", str, "")
    notes = top.get("notes", str, "")
    seed = top.get("seed", int, 0)
    shuffles = top.get("shuffles", int, 0, check=_non_negative)
    extra = top.get("extra_actions", int, 0, check=_non_negative)
    rules = _rules(top)
    namer = _Namer(catalog)
    partial = top.get("view", str, None, check=lambda v: None if v == PUBLIC_VIEW else
                      f'must be "{PUBLIC_VIEW}" (the public view: "" for each face-down '
                      f'card)') is not None

    players_t = top.tables("players", named_label("player"))
    if len(players_t) != 2:
        raise top.error("players", f"Almokon is for two players; found {len(players_t)} "
                                   f"[[players]] tables")
    raw_players = []
    for table in players_t:
        name = table.req("name", str, check=lambda v: None if v.strip() and v != "draw"
                         and v.isprintable() else "must be a name on one line (and not 'draw')")
        ap = table.get("ap", int, 0, check=_non_negative)
        bounty = table.get("bounty", int, 0, check=_non_negative)
        piles = {key: [None if partial and raw == HIDDEN and key != "discard"
                       else namer.add(raw, table, key, group) for raw in _pile(table, key)]
                 for key, group in (("hand", 3), ("deck", 5), ("discard", 4))}
        table.done()
        raw_players.append((name, ap, bounty, piles))
    names = [p[0] for p in raw_players]
    if names[0].lower() == names[1].lower():
        raise players_t[1].error("name", f"both players are called {names[0]!r}")

    def player_of(table: Table, key: str, required: bool = True) -> int | None:
        value = table.req(key, str) if required else table.get(key, str)
        if value is None:
            return None
        for index, name in enumerate(names):
            if name.lower() == value.lower():
                return index
        raise table.error(key, f"{value!r} is not a player ({names[0]} or {names[1]})")

    raw_cards = []
    cards_t = top.tables("cards", lambda i, d: f"card {shorten(str(d.get('card', i + 1)))!r}")
    if len(cards_t) > MAX_IN_PLAY:
        raise top.error("cards", f"lists {len(cards_t)} cards in play; the most is "
                                 f"{MAX_IN_PLAY}")
    for table in cards_t:
        slot = namer.add(table.req("card", str), table, "card", 0)
        owner = player_of(table, "owner")
        zone = table.choice("zone", ZONES)
        exhausted = table.get("exhausted", bool, False)
        damage = table.get("damage", int, 0, check=_non_negative)
        growth = table.get("growth", int, 0, check=_non_negative)
        items = [namer.add(raw, table, "items", 1) for raw in table.str_list("items")]
        table.done()
        raw_cards.append((table, slot, owner, zone, exhausted, damage, growth, items))

    raw_stack = []
    for table in top.tables("stack", lambda i, d: f"stack entry {i + 1}"):
        owner = player_of(table, "player")
        kind = table.choice("kind", ("play", "ability"))
        raw = table.req("card", str)
        slot = namer.add(raw, table, "card", 2) if kind == "play" else raw
        raw_stack.append((table, owner, kind, slot,
                          table.get("ability", int, 0, check=_non_negative),
                          table.get("target", str, ""), table.get("as_item", bool, False),
                          table.get("paid", int, 0, check=_non_negative),
                          table.get("extra", bool, False), table.get("cancelled", bool, False)))
        table.done()

    uids = namer.assign()
    players = tuple(Player(name, ap, bounty, *(tuple(HIDDEN if i is None else uids[i]
                                                     for i in piles[k])
                                               for k in ("hand", "deck", "discard")))
                    for name, ap, bounty, piles in raw_players)
    cards = []
    for _table, slot, owner, zone, exhausted, damage, growth, items in raw_cards:
        card = Card(uids[slot], owner, zone, exhausted, damage, growth,
                    tuple(uids[i] for i in items))
        cards.append(card)
    stack = tuple(StackItem(owner, kind, uids[slot] if kind == "play" else slot, ability,
                            target, as_item, paid, extra_flag, cancelled)
                  for _t, owner, kind, slot, ability, target, as_item, paid, extra_flag,
                  cancelled in raw_stack)

    turn = player_of(top, "turn", required=False)
    to_act = player_of(top, "to_act", required=False)
    if turn is None and to_act is None:
        raise top.error(None, "is missing the key 'turn' (the player whose action it is)")
    turn = to_act if turn is None else turn
    to_act = turn if to_act is None else to_act

    choice = None
    choice_t = top.sub("choice", required=False)
    if choice_t is not None:
        choice = Choice(choice_t.choice("kind", ("scout", "foresee", "forge")),
                        player_of(choice_t, "player"), choice_t.str_list("options"),
                        choice_t.get("source", str, ""), choice_t.get("card", str, ""),
                        choice_t.get("own_action", bool, False))
        choice_t.done()
    follow = None
    follow_t = top.sub("follow_up", required=False)
    if follow_t is not None:
        follow = FollowUp(follow_t.req("card", str),
                          follow_t.choice("kind", ("charge", "onslaught")))
        follow_t.done()
    winner = top.get("winner", str, "")
    top.done()

    state = AlmokonState(players, tuple(cards), turn, to_act, rules, catalog, title, notes,
                         seed, shuffles, stack, choice, follow, extra, winner)
    _validate(top, state, [c[0] for c in raw_cards], [s[0] for s in raw_stack])
    return state


def _validate(top: Table, state: AlmokonState, card_tables: list[Table],
              stack_tables: list[Table]) -> None:
    """Placement rules a layout must keep (rulebook *Zones*, *Items*, *Exhausted*, *Cult*,
    *Unique*, *Victory*)."""
    seen_unique: set[tuple[int, str]] = set()
    for table, card in zip(card_tables, state.cards, strict=True):
        definition = state.definition(card.uid)
        zones = _zones_for(definition)
        if card.zone not in zones:
            where = " or ".join(ZONE_NAMES[z] for z in zones) if zones else "nowhere in play"
            raise table.error("zone", f"a {definition.type} ({definition.name}) stands in "
                                      f"{where}, not {ZONE_NAMES[card.zone]}")
        if card.exhausted and definition.has("inexhaustible"):
            raise table.error("exhausted", f"{definition.name} is Inexhaustible and cannot be "
                                           f"exhausted")
        if card.damage and card.damage >= state.vigor(card):
            raise table.error("damage", f"{card.damage} damage destroys {definition.name} "
                                        f"(Vigor {state.vigor(card)})")
        for uid, key_name in ((card.uid, "card"), *((i, "items") for i in card.items)):
            one = state.definition(uid)
            if one.type == "cult" or one.has("unique"):
                key = (card.owner, one.id)
                if key in seen_unique:
                    raise table.error(key_name, f"only one {one.name} may be in play per "
                                                f"player")
                seen_unique.add(key)
        for item in card.items:
            item_def = state.definition(item)
            if item_def.type == "item":
                if definition.type not in item_def.attaches_to:
                    raise table.error("items", f"{item_def.name} attaches only to "
                                               f"{', '.join(item_def.attaches_to)}")
            elif not (item_def.has("crew") and definition.is_vessel):
                raise table.error("items", f"{item_def.name} is not an Item (only Items, and "
                                           f"Crew on a Vessel, are attached)")
    for player in state.players:
        if player.bounty >= WIN_BOUNTY and state.winner not in (player.name, "draw"):
            raise top.error("winner", f"{player.name} has {player.bounty} Bounty, so the game "
                                      f"is won: set winner = {player.name!r}")
    if state.winner and state.winner != "draw" and state.player_index(state.winner) is None:
        raise top.error("winner", f"{state.winner!r} is not a player (or 'draw')")
    for table, item in zip(stack_tables, state.stack, strict=True):
        if item.kind == "ability":
            card = state.card(item.uid)
            if card is None or item.ability >= len(state.definition(item.uid).abilities):
                raise table.error("card", f"{item.uid!r} has no ability {item.ability + 1} in "
                                          f"play")
    if state.follow_up is not None and state.card(state.follow_up.uid) is None:
        raise top.error("follow_up", f"{state.follow_up.uid!r} is not a card in play")
    if state.choice is not None and state.choice.kind == "forge" \
            and state.choice.card not in state.catalog:
        raise top.error("choice", f"{state.choice.card!r} is not a known card id")


def to_layout(state: AlmokonState) -> dict[str, Any]:
    """The layout tables of ``state`` (without ``game``); custom cards are written inline as
    ``[[card_defs]]`` so the file stands alone."""
    out: dict[str, Any] = {}
    if state.title:
        out["title"] = state.title
    if state.notes:
        out["notes"] = state.notes
    if is_partial(state):
        out["view"] = PUBLIC_VIEW
    out["turn"] = state.players[state.turn].name
    if state.to_act != state.turn:
        out["to_act"] = state.players[state.to_act].name
    out["seed"] = state.seed
    if state.shuffles:
        out["shuffles"] = state.shuffles
    if state.extra_actions:
        out["extra_actions"] = state.extra_actions
    if state.winner:
        out["winner"] = state.winner
    rules = state.rules
    out["rules"] = {"reach": rules.reach, "draw": rules.draw, "responses": rules.responses,
                    "simultaneous_win": rules.simultaneous_win,
                    "exhausted_abilities": rules.exhausted_abilities}
    out["players"] = [{"name": p.name, "ap": p.ap, "bounty": p.bounty, "hand": list(p.hand),
                       "deck": list(p.deck), "discard": list(p.discard)}
                      for p in state.players]
    cards = []
    for card in state.cards:
        entry: dict[str, Any] = {"card": card.uid, "owner": state.players[card.owner].name,
                                 "zone": card.zone}
        if card.exhausted:
            entry["exhausted"] = True
        if card.damage:
            entry["damage"] = card.damage
        if card.growth:
            entry["growth"] = card.growth
        if card.items:
            entry["items"] = list(card.items)
        cards.append(entry)
    if cards:
        out["cards"] = cards
    if state.stack:
        out["stack"] = [_stack_entry(state, s) for s in state.stack]
    if state.choice is not None:
        c = state.choice
        out["choice"] = {"kind": c.kind, "player": state.players[c.player].name,
                         "options": list(c.options), "source": c.source}
        if c.card:
            out["choice"]["card"] = c.card
        if c.own_action:
            out["choice"]["own_action"] = True
    if state.follow_up is not None:
        out["follow_up"] = {"card": state.follow_up.uid, "kind": state.follow_up.kind}
    if state.catalog.custom:
        out["card_defs"] = [card_to_table(d) for d in state.catalog.custom]
    return out


def _stack_entry(state: AlmokonState, item: StackItem) -> dict[str, Any]:
    entry: dict[str, Any] = {"player": state.players[item.player].name, "kind": item.kind,
                             "card": item.uid}
    if item.kind == "ability":
        entry["ability"] = item.ability
    for key in ("target", "as_item", "paid", "extra", "cancelled"):
        value = getattr(item, key)
        if value:
            entry[key] = value
    return entry


def card_to_table(card) -> dict[str, Any]:
    """A :class:`CardDef` as a card-data table (the inverse of ``card_from_table``)."""
    out: dict[str, Any] = {"id": card.id, "name": card.name, "type": card.type,
                           "faction": card.faction}
    if card.unit:
        out["unit"] = card.unit
    for key in ("cost", "wrath", "vigor", "bounty", "liquidate"):
        if getattr(card, key):
            out[key] = getattr(card, key)
    if card.subtypes:
        out["subtypes"] = list(card.subtypes)
    if card.keywords:
        out["keywords"] = card.keyword_text()
    if card.abilities:
        out["abilities"] = []
        for ability in card.abilities:
            entry = {"name": ability.name, "cost": ability.cost, "exhaust": ability.exhaust,
                     **_effect_table(ability.effect)}
            if ability.keywords:
                entry["keywords"] = list(ability.keywords)
            out["abilities"].append(entry)
    if card.play is not None and card.play.kind != "cancel":
        out["play"] = _effect_table(card.play)
    if card.enter is not None:
        out["enter"] = _effect_table(card.enter)
    if card.attaches_to:
        out["attaches_to"] = list(card.attaches_to)
    if card.deck_rule:
        out["deck_rule"] = card.deck_rule
    if card.text:
        out["text"] = card.text
    if card.aura is not None:
        out["aura"] = {"wrath": card.aura.wrath}
        if card.aura.type:
            out["aura"]["type"] = card.aura.type
        if card.aura.subtype:
            out["aura"]["subtype"] = card.aura.subtype
    return out


def _effect_table(effect) -> dict[str, Any]:
    out: dict[str, Any] = {"effect": effect.kind}
    if effect.amount:
        out["amount"] = effect.amount
    if effect.card:
        out["card"] = effect.card
    if effect.zone:
        out["zone"] = effect.zone
    return out

