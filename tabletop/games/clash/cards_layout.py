"""The layout keys of a Clash played from cards: the top-level ``card_files`` and the
``[clash]`` table (``docs/clash-cards.md``), read into an :class:`Encounter` and written
back so that a saved Clash loads to the same cards in the same order.

The card modules are imported only when a layout has cards: a board without them loads
without them."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from tabletop.games.clash.monster_kinds import POWER_TIERS as TIERS
from tabletop.games.clash.state import Activation, ClashState
from tabletop.games.clash.view import FACE_DOWN, PUBLIC_VIEW, back_level, is_back
from tabletop.games.layoutfile import Table

if TYPE_CHECKING:
    from tabletop.games.clash.encounter import Encounter

_DECKS = ("ai_deck", "ai_discard", "ai_escalation", "bp_deck", "bp_discard", "bp_escalation",
          "wound_stack", "revealed", "judicium")
RESULTS = ("", "victory", "defeat")


def knight_gear(table: Table) -> dict[str, Any]:
    """The ``gear`` and ``power_die`` keys of a ``[[knights]]`` table."""
    die = table.get("power_die", str, "red").lower()
    if die not in TIERS:
        raise table.error("power_die", f"{die!r} is not a Power die tier ({', '.join(TIERS)})")
    gear = table.str_list("gear")
    if len(gear) > 10:
        raise table.error("gear", "a Knight carries at most 10 Gear cards")
    return {"gear": gear, "power_die": die}


def read(top: Table, state: ClashState, knight_tables: dict[str, Table]) -> ClashState:
    """``state`` with its :class:`Encounter` when the layout has a ``[clash]`` table (which
    needs ``card_files``); each Knight's Gear is checked against the cards.  With ``view =
    "public"`` the layout is a public view (``tabletop.games.clash.view``): its face-down
    cards are backs (``?AI 1``), it has no seed, and it loads as a board not to be played."""
    files = top.str_list("card_files")
    table = top.sub("clash", required=False)
    public = top.get("view", str, None, check=lambda v: None if v == PUBLIC_VIEW else
                     f'must be "{PUBLIC_VIEW}" (the public view of a Clash: each face-down '
                     f'card written as its back, such as "?AI 1")') is not None
    if public and table is None:
        raise top.error("view", "a public view needs the [clash] table of a Clash played "
                                "from cards (a board without cards hides nothing)")
    if table is None:
        if files:
            raise top.error("card_files", "names card files but the layout has no [clash] "
                                          "table saying which Monster Sheet is fought")
        return state
    if not files:
        raise table.error(None, "needs the top-level card_files that hold its cards")
    if len(files) > 20:
        raise top.error("card_files", "at most 20 card files")
    from tabletop.games.clash import encounter as enc_mod
    from tabletop.games.clash.cards import load_many

    library = load_many(files, top.source.folder, top.source.name)
    name = table.req("sheet", str)
    sheet = library.sheet(name)
    if sheet is None:
        raise table.error("sheet", f"{name!r} is no Monster Sheet of the card files "
                                   f"({', '.join(s.name for s in library.sheets) or 'none'})")
    level = table.get("level", int, 1, check=lambda v: None if 1 <= v <= 9 else
                      "must be 1 to 9")
    if public and table.has("seed"):
        raise table.error("seed", "a public view leaves the seed out (it predicts every card "
                                  "and roll)")
    seed = table.get("seed", int, 0, check=lambda v: None if 0 <= v < 2**31 else
                     "must be 0 to 2147483647")
    exhibition = table.get("exhibition", bool, False)
    governed = [m for m in state.monsters if m.boss == (sheet.kind == "boss")]
    if sheet.kind == "boss" and len(governed) != 1:
        raise table.error("sheet", f"{name} is a Boss: the board must hold exactly one Boss "
                                   f"(it holds {len(governed)})")
    for monster in governed:
        if monster.size != sheet.size:
            raise table.error("sheet", f"{monster.name} has size {monster.size} but the "
                                       f"Monster Sheet {name} says {sheet.size}")
    for knight in state.knights:
        for gear in knight.gear:
            if library.gear_card(gear) is None:
                raise knight_tables[knight.name].error(
                    "gear", f"{gear!r} is no Gear card of the card files")
    mob_given = _mob_cards(table, library, [m.name for m in governed], public)
    if public and not all(table.has(key) for key in FACE_DOWN):
        raise table.error(None, f"a public view lists every deck as backs "
                                f"({', '.join(FACE_DOWN)})")
    if any(table.has(key) for key in _DECKS):
        cards = _saved(table, library, sheet.name, level, seed, mob_given, public)
    else:
        cards, _ = enc_mod.setup(library, sheet, level=level, seed=seed, exhibition=exhibition,
                                 mobs=tuple(n for n in state.mob_spaces if n) or
                                 tuple(m.name for m in governed), given=mob_given)
        state = _tokens(state, cards)
    table.done()
    return replace(state, cards=cards)


def _mob_cards(table: Table, library, mobs: list[str], public: bool) -> dict[str, str]:
    sub = table.sub("mob_cards", required=False)
    if sub is None:
        return {}
    out = {}
    for mob in list(sub.data):
        card = sub.get(mob, str)
        if mob not in mobs:
            raise sub.error(mob, "names no Mob of this Monster Sheet on the board")
        if not _known(card, library, False, public):
            raise sub.error(mob, _unknown(card, public))
        out[mob] = card
    sub.done()
    return out


def _known(name: str, library, ai: bool, back_allowed: bool) -> bool:
    """Whether ``name`` is an AI (``ai``) or BP card of ``library``, or, where
    ``back_allowed`` (a face-down card of a public view), a card's back."""
    if is_back(name):
        return back_allowed and back_level(name, ai) is not None
    return (library.attack_card(name) if ai else library.bp(name)) is not None


def _unknown(name: str, face_down: bool) -> str:
    """Why the card list entry ``name`` is refused (``face_down``: a face-down pile of a
    public view, where backs are allowed)."""
    if is_back(name) and face_down:
        return f"{name!r} is no card's back here (?AI 0 to ?AI 3, or ?BP 1 to ?BP 3)"
    if is_back(name):
        return (f"{name!r} is a card's back: only a public view (view = \"{PUBLIC_VIEW}\") "
                f"writes backs, and only for face-down cards")
    return f"{name!r} is no card of the card files"


def _saved(table: Table, library, sheet: str, level: int, seed: int,
           mob_given: dict[str, str], public: bool) -> Encounter:
    """An encounter in play, as a saved layout (or a public view of it) writes it."""
    from tabletop.games.clash import encounter as enc_mod

    lists = {}
    for key in _DECKS:
        names = table.str_list(key)
        for name in names:
            face_down = public and key in FACE_DOWN
            known = (_known(name, library, key.startswith("ai"), face_down)
                     if key.startswith(("ai", "bp")) else True)
            if key == "wound_stack":
                known = (name in (enc_mod.GENERIC_SINGLE, enc_mod.GENERIC_DOUBLE)
                         or _known(name, library, False, False))
            if key in ("revealed", "judicium"):
                known = True
            if not known:
                raise table.error(key, _unknown(name, face_down))
        lists[key] = names
    bonuses = table.get("bonuses", list, [0, 0, 0, 0])
    if (len(bonuses) != 4 or not all(isinstance(b, int) and not isinstance(b, bool)
                                     and 0 <= b <= 20 for b in bonuses)):
        raise table.error("bonuses", "must be four whole numbers 0 to 20")
    return enc_mod.Encounter(library=library, sheet=sheet, level=level, seed=seed,
                     mob_cards=tuple(mob_given.items()), bonuses=tuple(bonuses),
                     result=table.choice("result", RESULTS, ""),
                     shuffles=table.get("shuffles", int, 0, check=_count),
                     rolls=table.get("rolls", int, 0, check=_count), public=public, **lists)


def _count(value: int) -> str | None:
    return None if 0 <= value < 2**31 else "must be 0 to 2147483647"


def _tokens(state: ClashState, cards: Encounter) -> ClashState:
    """Activation tokens from the Monster Sheet when the layout gives none (rulebook
    *Performing Setup*: "place them ready side up on the Monster Sheet (Boss Clash) or the Mob
    track, one token per space, starting from the leftmost space (Mob Clash)")."""
    if any(m.activations for m in state.monsters):
        return state
    tokens = cards.monster_sheet.level(cards.level).activations
    if not cards.mob_clash:
        boss = next(m for m in state.monsters if m.boss)
        return state.with_piece(replace(boss, activations=tuple(Activation(t) for t in tokens)))
    mobs = [n for n in state.mob_spaces if n]
    for index, token in enumerate(tokens):
        if not mobs:
            break
        mob = state.monster(mobs[index % len(mobs)])
        state = state.with_piece(replace(mob, activations=mob.activations + (Activation(token),)))
    return state


def write(state: ClashState) -> dict[str, Any]:
    """The ``card_files`` and ``[clash]`` keys for ``state`` (empty without cards)."""
    cards = state.cards
    if cards is None:
        return {}
    table: dict[str, Any] = {"sheet": cards.sheet, "level": cards.level}
    if not cards.public:
        table["seed"] = cards.seed
    for key in _DECKS:
        table[key] = list(getattr(cards, key))
    if cards.mob_cards:
        table["mob_cards"] = dict(cards.mob_cards)
    table["bonuses"] = list(cards.bonuses)
    if cards.result:
        table["result"] = cards.result
    table["shuffles"] = cards.shuffles
    table["rolls"] = cards.rolls
    out = {"card_files": list(cards.library.files), "clash": table}
    return {"view": PUBLIC_VIEW, **out} if cards.public else out
