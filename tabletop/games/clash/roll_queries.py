"""``tabletop query`` verbs that resolve a Clash roll from given faces, without a window, by
the same sequences the window runs (``docs/clash-sequences.md``):

- ``evasion CARD KNIGHT FACES [WEAPON]``: the Evasion Roll against an AI card, Signature or
  Routine (WEAPON: the active Defensive Weapon);
- ``attack KNIGHT MONSTER WEAPON FACES``: the Attack Roll, as if it were the Knight's turn;
- ``power KNIGHT BP FACES [WEAPON] [crit]``: the Power Roll against a BP card (or a Mob's);
- ``armor KNIGHT FACES LOSS``: the Armor Roll against LOSS Vigor.

FACES are separated by commas: a d10 as ``1``…``10`` (or ``CRIT``), the white Crit die first;
a Power die as its face (``power``, ``blank``, ``power+potential``…) or as a number of Power
symbols (the die's first face showing that many and nothing else counted as Power).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tabletop.dice.kinds import default_kinds
from tabletop.dice.kingdoms_forlorn import armor_roll
from tabletop.dice.roll import Roll
from tabletop.errors import QueryError, TabletopError
from tabletop.games.clash import knight_attack, monster_round
from tabletop.games.clash import sequence as seq
from tabletop.games.clash.events import describe
from tabletop.games.clash.sequence import Ask
from tabletop.games.clash.state import ClashState
from tabletop.games.clash.view import BACK
from tabletop.games.contract import Verb
from tabletop.games.overlay import Picture
from tabletop.numbers import parse_int
from tabletop.wording import counted

MAX_FACES = 40


def _cards(state: ClashState) -> None:
    if state.cards is None:
        raise QueryError("this board names no card files ([clash] and card_files): the roll "
                         "verbs need the cards")


def _labels(kinds: tuple[str, ...], text: str) -> list[str]:
    """The face labels ``text`` names for dice ``kinds`` (see the module's FACES)."""
    words = [w.strip() for w in text.split(",") if w.strip()]
    if len(words) > MAX_FACES:
        raise QueryError(f"at most {MAX_FACES} faces")
    if len(words) != len(kinds):
        raise QueryError(f"the roll throws {counted(len(kinds), 'die')} ({', '.join(kinds)}) but "
                         f"{counted(len(words), 'face')} given")
    table = default_kinds()
    out = []
    for kind, word in zip(kinds, words, strict=True):
        faces = table[kind].faces
        if kind.startswith("kf-d10"):
            label = "CRIT" if word.upper() in ("10", "CRIT") else word
            if label not in {f.label for f in faces}:
                raise QueryError(f"{word!r} is not a d10 face (1 to 10)")
        elif (power := parse_int(word, 0, 99)) is not None:
            found = [f for f in faces if f.symbols.count("power") == power
                     and all(s == "power" for s in f.symbols)]
            if not found:
                raise QueryError(f"a {table[kind].colour} Power die has no face with {word} "
                                 f"Power only ({', '.join(f.label for f in faces)})")
            label = found[0].label
        else:
            label = word.lower()
            if label not in {f.label for f in faces}:
                raise QueryError(f"{word!r} is not a face of a {table[kind].colour} Power die "
                                 f"({', '.join(f.label for f in faces)})")
        out.append(label)
    return out


def _roll(ask: Ask, text: str) -> Roll:
    try:
        return seq.from_faces(ask, _labels(ask.dice, text))
    except TabletopError as exc:
        raise QueryError(str(exc)) from None


def _said(events) -> str:
    return " ".join(describe(e) for e in events)


def _evasion(state: ClashState, args: list[str]) -> dict[str, Any]:
    if len(args) not in (3, 4):
        raise QueryError("evasion takes CARD KNIGHT FACES [WEAPON]")
    _cards(state)
    name, knight_name, faces = args[0], args[1], args[2]
    card = state.cards.library.attack_card(name)
    if card is None or not card.attacks:
        raise QueryError(f"{name!r} is no AI card, Signature or Routine with an Evasion Roll")
    knight = state.knight(knight_name)
    if knight is None:
        raise QueryError(f"{knight_name!r} is not a Knight")
    governed = [m for m in state.monsters if m.boss == (not state.cards.mob_clash)]
    if not governed:
        raise QueryError("no Monster of the Monster Sheet is on the board")
    draft = monster_round.MonsterDraft(state, state, governed[0].name, card.name, "defence",
                                       targets=(knight.name,))
    draft = monster_round.settle(draft)
    if draft.ask is not None and draft.ask.kind == "choose":
        weapon = args[3] if len(args) == 4 else "none"
        if weapon not in draft.ask.options:
            raise QueryError(f"{weapon!r} is not a Defensive Weapon of {knight.name} "
                             f"({', '.join(draft.ask.options)})")
        draft = monster_round.answer(draft, draft.ask.options.index(weapon))
    elif len(args) == 4:
        raise QueryError(f"{knight.name} carries no Defensive Weapon")
    mark = len(draft.events)
    draft = monster_round.answer(draft, _roll(draft.ask, faces))
    cards = state.cards
    loss = draft.hits * (card.vigor_loss + cards.bonuses[0]) + cards.vigor_bonus() \
        if draft.hits and card.vigor_loss else 0
    return {"answer": draft.hits, "hits": draft.hits,
            "evaded": len(draft.roll) - draft.hits, "full_evade": draft.hits == 0,
            "vigor_loss": loss, "difficulty": card.difficulty,
            "effects": [e.text for e in card.effects] if draft.hits else [],
            "after_attack": [e.text for e in card.after_attack],
            "why": (_said(draft.events[mark:]))
            + (f" Vigor loss {draft.hits} × {card.vigor_loss} per hit"
               f" + {cards.vigor_bonus()} Level bonus = {loss} before the Armor Roll"
               if loss else "")}


def _attack(state: ClashState, args: list[str]) -> dict[str, Any]:
    if len(args) != 4:
        raise QueryError("attack takes KNIGHT MONSTER WEAPON FACES")
    _cards(state)
    turn = replace(state.turn, phase="knight", active=None, done=(), attacked=False,
                   moved=False)
    try:
        draft = knight_attack.begin(replace(state, turn=turn), args[0], args[1], args[2])
    except TabletopError as exc:
        raise QueryError(str(exc)) from None
    mark = len(draft.events)
    draft = knight_attack.answer(draft, _roll(draft.ask, args[3]))
    return {"answer": draft.hits, "hits": draft.hits, "dice": draft.dice,
            "full_hit": draft.hits == draft.dice, "full_miss": draft.hits == 0,
            "crit_chance": draft.crit, "to_hit": state.cards.to_hit(),
            "precision": draft.precision, "why": (_said(draft.events[mark:]))}


def _power(state: ClashState, args: list[str]) -> dict[str, Any]:
    words = list(args)
    crit = bool(words) and words[-1].lower() == "crit"
    if crit:
        words.pop()
    if len(words) not in (3, 4):
        raise QueryError("power takes KNIGHT BP FACES [WEAPON] [crit]")
    _cards(state)
    knight = state.knight(words[0])
    if knight is None:
        raise QueryError(f"{words[0]!r} is not a Knight")
    cards = state.cards
    mob = state.monster(words[1])
    if mob is not None and not mob.boss:
        card = cards.mob_card(mob.name)
        monster = mob.name
    else:
        card = cards.library.bp(words[1])
        boss = next((m for m in state.monsters if m.boss), None)
        monster = boss.name if boss else ""
    if card is None and mob is not None and mob.name not in cards.revealed and \
            dict(cards.mob_cards).get(mob.name, "").startswith(BACK):
        raise QueryError(f"{mob.name}'s BP card is face down in this public view (only its "
                         f"back, {dict(cards.mob_cards)[mob.name][1:]}, is known): name a BP "
                         f"card instead")
    if card is None or not monster:
        raise QueryError(f"{words[1]!r} is no BP card of this Clash nor a Mob holding one")
    arms = knight_attack.weapons(state, knight.name)
    if not arms:
        raise QueryError(f"{knight.name} carries no weapon")
    weapon = arms[0] if len(words) == 3 else next((g for g in arms if g.name == words[3]),
                                                  None)
    if weapon is None:
        raise QueryError(f"{words[3]!r} is not a weapon of {knight.name} "
                         f"({', '.join(g.name for g in arms)})")
    count = len([w for w in words[2].split(",") if w.strip()])
    for hits in range(1, weapon.attack_dice + 1):
        dice = [d for _ in range(hits) for d in weapon.weapon_power]
        dice += list(weapon.bonus_power) + [knight.power_die]
        if len(seq.pool_of(dice).kinds()) == count:
            break
    else:
        raise QueryError(f"{counted(count, 'face')} fit no number of hits: {weapon.name} adds "
                         f"{counted(len(weapon.weapon_power), 'Power die')} per hit (1 to "
                         f"{weapon.attack_dice} hits), {len(weapon.bonus_power)} Bonus Power "
                         f"and the Knight's Power die")
    draft = knight_attack.KnightDraft(state, state, knight.name, monster, weapon.name, "pool",
                                      hits=hits, dice=weapon.attack_dice, crit=crit,
                                      bp=card.name)
    draft = knight_attack.settle(draft)
    mark = len(draft.events)
    draft = knight_attack.answer(draft, _roll(draft.ask, words[2]))
    if draft.ask is not None and draft.ask.kind == "reroll":
        draft = knight_attack.answer(draft, {})
    at = card.at + cards.at_bonus()
    return {"answer": "critical wound" if draft.critical else "wound" if draft.wound
            else "fail", "total_power": draft.total, "at": at, "hits": hits,
            "why": (_said(draft.events[mark:]))}


def _armor(state: ClashState, args: list[str]) -> dict[str, Any]:
    if len(args) != 3:
        raise QueryError("armor takes KNIGHT FACES LOSS")
    _cards(state)
    knight = state.knight(args[0])
    if knight is None:
        raise QueryError(f"{args[0]!r} is not a Knight")
    armor = [d for g in seq.gear_of(state, knight) if g.kind != "weapon" for d in g.armor_dice]
    if not armor:
        raise QueryError(f"{knight.name} has no Armor dice")
    loss = parse_int(args[2], 0, 50)
    if loss is None:
        raise QueryError("LOSS must be a whole number 0 to 50")
    pool = seq.pool_of(armor)
    ask = Ask("roll", "Armor Roll", dice=tuple(pool.kinds()), roll_type="armor")
    roll = _roll(ask, args[1])
    saved = armor_roll(roll, pool.raw_power)
    return {"answer": max(0, loss - saved), "power": saved,
            "why": f"{roll}: {saved} Power symbol{'s' * (saved != 1)} counted (Potential and "
                   f"Hope do not count, Armor Roll); {loss} - {min(saved, loss)} = "
                   f"{max(0, loss - saved)} Vigor lost"
                   + ("; reduced to 0: no Peril Check for it" if loss and saved >= loss
                      else "")}


def _rollers(state: ClashState, args: list[str], answer: dict[str, Any]) -> Picture:
    """A ring round each piece the roll is about (the Knight, the Monster attacked)."""
    return Picture(marked=tuple(word for word in args if word in state.pieces))


ROLL_PICTURES = {"evasion": _rollers, "attack": _rollers, "power": _rollers,
                 "armor": _rollers}
"""How ``--overlay`` draws the roll verbs' answers."""

ROLL_VERBS: dict[str, Verb] = {v.name: v for v in (
    Verb("evasion", "CARD KNIGHT FACES [WEAPON]", "an Evasion Roll against an AI card from "
         "given faces: hits, Crit Evade, Vigor loss", _evasion),
    Verb("attack", "KNIGHT MONSTER WEAPON FACES", "a Knight's Attack Roll from given faces",
         _attack),
    Verb("power", "KNIGHT BP FACES [WEAPON] [crit]", "a Power Roll against a BP card from "
         "given faces: Wound, Critical Wound or Fail", _power),
    Verb("armor", "KNIGHT FACES LOSS", "an Armor Roll from given faces: Power symbols only",
         _armor),
)}
