"""``tabletop query`` verbs for King's Champion: dice scores, Morale from tokens, crown
targets, starting Morale, a Knight's dice and die slots, and the winner, with the phase verbs
of :mod:`tabletop.games.joust.query_phases`.  Each answer carries ``"why"``."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tabletop.dice.kings_champion import ATTACK_COLOURS, parse_die, score
from tabletop.errors import QueryError
from tabletop.games.contract import Verb
from tabletop.games.joust import query_phases
from tabletop.games.joust.planning import MATCH_RULE, slot_mismatch
from tabletop.games.joust.scoring import starting_morale, token_morale, winner
from tabletop.games.joust.state import HIDDEN, JOUSTS, JoustState, Knight, is_token_slot
from tabletop.games.overlay import Picture
from tabletop.numbers import parse_int, shorten


def _knight(state: JoustState, name: str) -> Knight:
    try:
        return state.find_knight(name)[1]
    except KeyError:
        names = ", ".join(k.name for h in state.households for k in h.knights)
        raise QueryError(f"no Knight called {name!r} (Knights: {names})") from None


def _score(state: JoustState, args: list[str]) -> dict[str, Any]:
    """``score [ruse] DIE...``: what the faces score by the dice tables."""
    ruse = bool(args) and args[0].lower() == "ruse"
    words = args[1:] if ruse else args
    if not words:
        raise QueryError("score needs dice, such as: score white:6 green:5 red:6 black:6 "
                         "black:2 (a black 6 is an Aftershock; its further rolls are more "
                         "black dice)")
    try:
        dice = [parse_die(w) for w in words]
    except ValueError as exc:
        raise QueryError(str(exc)) from None
    result = score(dice, ruse=ruse)
    return {"answer": {"hits": result.hits, "critical_hits": result.criticals,
                       "aftershocks": result.aftershocks, "reputation": result.reputation,
                       "pips": result.pips},
            "dice": [d.words for d in result.dice],
            "why": ("dice tables: white 6 hits; green 5-6; red 4-5, 6 a Critical Hit (two "
                    "hits); black 5, 6 an Aftershock (a hit, roll again); every other face is "
                    "one Reputation" + ("; Ruse: each hits on one less" if ruse else ""))}


def _morale_for(state: JoustState, args: list[str]) -> dict[str, Any]:
    """``morale-for KNIGHT COLOUR``: the Morale one more token of that colour adds."""
    knight = _knight(state, args[0])
    colour = args[1].lower()
    if colour not in ATTACK_COLOURS:
        raise QueryError(f"{args[1]!r} is not a Bravery Token colour (white, green, red)")
    count = sum(1 for c in knight.tokens if c == colour)
    gain = token_morale(knight.tokens, colour)
    if len(knight.tokens) >= knight.slots:
        why = f"{knight.name}'s {knight.slots} Bravery Token slots are full"
        return {"answer": 0, "why": why}
    return {"answer": gain,
            "why": f"{knight.name} has {count} {colour} token{'s' if count != 1 else ''}; the "
                   f"{_ordinal(count + 1)} {colour} earns {gain} (white 3/2/1, green 2/1, "
                   f"red 1, then 0)"}


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _crown_target(state: JoustState, args: list[str]) -> dict[str, Any]:
    """``crown-target KNIGHT``: the pip count to beat for a King's Crown."""
    knight = _knight(state, args[0])
    target = knight.crown_target()
    n = len(knight.tokens)
    return {"answer": target, "boxes": list(knight.crown_boxes),
            "why": f"{knight.name} has {n} Bravery Token{'s' if n != 1 else ''}, so box "
                   f"{min(max(n, 1), len(knight.crown_boxes))} ({target}); a pip count above "
                   f"{target} earns a King's Crown"}


def _starting_morale(state: JoustState, args: list[str]) -> dict[str, Any]:
    """``starting-morale HOUSE``: twelve plus the Morale of the Knights' Bravery Tokens."""
    try:
        house = state.household(args[0])
    except KeyError:
        names = ", ".join(h.name for h in state.households)
        raise QueryError(f"no Household called {args[0]!r} ({names})") from None
    value = starting_morale(house)
    return {"answer": value, "why": f"base Morale 12 plus {value - 12} for the Bravery Tokens "
                                    f"on House {house.name}'s Knights"}


def _dice(state: JoustState, args: list[str]) -> dict[str, Any]:
    """``dice KNIGHT``: the dice the Knight rolls in its joust (placed dice and Fealty Die)."""
    knight = _knight(state, args[0])
    dice = [f"{colour} on {'token ' + slot if is_token_slot(slot) else slot}"
            for slot, colour in knight.placed_dice()] + ["black Fealty Die"]
    return {"answer": [c.split()[0] for c in dice], "dice": dice,
            "why": "dice are placed on Bravery Tokens of their colour and on Equipment slots "
                   "of their colours (dice must match the slot they are locked to); the black "
                   "Fealty Die is always rolled"}


def _slots(state: JoustState, args: list[str]) -> dict[str, Any]:
    """``slots KNIGHT [COLOUR]``: the Knight's die slots with the colours each takes and the
    die on it; with COLOUR, the empty slots a die of that colour may go on (*Placing an
    Enhancement Card*: "The dice locked into that spot must match the location")."""
    if len(args) not in (1, 2):
        raise QueryError("slots needs a Knight and may name a die colour: slots KNIGHT [COLOUR]")
    knight = _knight(state, args[0])
    slots = {slot: {"takes": list(knight.slot_colours(slot)), "die": knight.die_on(slot)}
             for slot in knight.slot_ids()}
    rule = (f"a Bravery Token slot takes a die of the token's colour, an Equipment slot the "
            f"colours on its card: {MATCH_RULE}")
    if len(args) == 1:
        return {"answer": slots, "why": rule}
    colour = args[1].lower()
    if colour not in ATTACK_COLOURS:
        raise QueryError(f"{args[1]!r} is not a die colour placed on a slot "
                         f"({', '.join(ATTACK_COLOURS)}; the black Fealty Die is not placed)")
    free = [slot for slot, held in slots.items() if held["die"] is None
            and not slot_mismatch(knight, slot, colour)]
    return {"answer": free, "slots": slots,
            "why": f"the empty slots of {knight.name} that match a {colour} die; {rule}"}


FACE_DOWN = "face down"
"""How ``jousts`` names a Jousting Token the board shows face down."""
LIST_RULE = ("each Household lays its Jousting Tokens on The List in the order its Knights "
             "joust, face down; joust N pairs the two Households' N-th tokens, each turned "
             "over when its joust begins (Choosing the Jousting Order; Jousting Phase Tasks 1)")


def _jousts(state: JoustState, args: list[str]) -> dict[str, Any]:
    """``jousts [N | HOUSE]``: the order on The List as the board shows it (a token the
    viewer may not see is ``face down``).  Without words, every joust's pair; with N (1 to
    3), the pair of joust N, the initiative Household's Knight first; with HOUSE, that
    Household's Knights in joust order."""
    if len(args) > 1:
        raise QueryError("jousts takes nothing, a joust number (1 to 3) or a Household")

    def shown(house) -> list[str]:
        return [FACE_DOWN if name == HIDDEN else name for name in house.order]

    first, second = state.in_order()
    pairs = [[a, b] for a, b in zip(shown(first), shown(second), strict=False)]
    turned = f"{state.revealed} of {JOUSTS} joust{'s' * (state.revealed != 1)} turned over"
    if not first.order or not second.order:
        unset = [h.name for h in (first, second) if not h.order]
        who = (f"{unset[0]} has not laid its" if len(unset) == 1
               else f"{' and '.join(unset)} have not laid their")
        why = f"{who} Jousting Tokens on The List yet; {LIST_RULE}"
    else:
        why = (f"{LIST_RULE}; {turned}; {first.name} has the initiative, so its Knight is "
               f"named first")
    if not args:
        return {"answer": pairs, "why": why}
    word = args[0]
    if word.isascii() and word.isdigit():
        number = parse_int(word, 1, JOUSTS)
        if number is None:
            raise QueryError(f"there are {JOUSTS} jousts a round; {shorten(word)!r} is none")
        if number > len(pairs):
            return {"answer": [], "why": why}
        return {"answer": pairs[number - 1], "joust": number, "why": why}
    house = next((h for h in state.households if h.name.casefold() == word.casefold()), None)
    if house is None:
        raise QueryError(f"{word!r} is neither a joust number nor a Household (Households: "
                         f"{', '.join(h.name for h in state.households)})")
    return {"answer": shown(house), "why": why}


def _winner(state: JoustState, args: list[str]) -> dict[str, Any]:
    """``winner``: the King's Champion, ``"tie"``, or ``null`` while the game goes on."""
    decided = winner(state)
    if decided is None:
        return {"answer": None, "why": f"round {state.round} of 6 and both Households have "
                                       f"Morale: the game goes on"}
    name, why = decided
    return {"answer": name if name is not None else "tie", "why": why}


VERBS: dict[str, Verb] = {v.name: v for v in (
    Verb("score", "[ruse] DIE...", "what rolled dice score: hits, critical hits, aftershocks, "
         "Reputation, pips", _score),
    Verb("morale-for", "KNIGHT COLOUR", "the Morale one more Bravery Token of COLOUR on KNIGHT "
         "adds", _morale_for, 2),
    Verb("crown-target", "KNIGHT", "the pip count KNIGHT must beat for a King's Crown",
         _crown_target, 1),
    Verb("starting-morale", "HOUSE", "twelve plus the Morale of the Knights' Bravery Tokens",
         _starting_morale, 1),
    Verb("dice", "KNIGHT", "the dice KNIGHT rolls in its joust", _dice, 1),
    Verb("slots", "KNIGHT [COLOUR]", "KNIGHT's die slots and the colours each takes; with "
         "COLOUR, the empty slots a die of that colour may go on", _slots),
    Verb("winner", "", "the King's Champion, tie, or null while the game goes on", _winner, 0),
    Verb("jousts", "[N | HOUSE]", "the order on The List: who rides in each joust (or in joust "
         "N, or HOUSE's Knights in order), face-down tokens as face down", _jousts, None),
)}


def _slots_picture(state: JoustState, args: list[str], answer: dict[str, Any]) -> Picture:
    """The Knight ringed; its slots (with COLOUR: the empty slots that take it) tinted, each
    named ``KNIGHT/SLOT``."""
    knight = _knight(state, args[0])
    slots = answer["answer"] if len(args) == 2 else list(answer["answer"])
    return Picture(places=tuple(f"{knight.name}/{slot}" for slot in slots),
                   marked=(knight.name,))


def _dice_picture(state: JoustState, args: list[str], answer: dict[str, Any]) -> Picture:
    """The Knight ringed and the slots holding the dice it rolls tinted."""
    knight = _knight(state, args[0])
    return Picture(places=tuple(f"{knight.name}/{slot}" for slot, _ in knight.placed_dice()),
                   marked=(knight.name,))


def _knight_picture(state: JoustState, args: list[str], answer: dict[str, Any]) -> Picture:
    """The Knight the answer is about, ringed."""
    return Picture(marked=(_knight(state, args[0]).name,))


_PICTURES = {"slots": _slots_picture, "dice": _dice_picture, "morale-for": _knight_picture,
             "crown-target": _knight_picture}
"""The verbs whose answers are drawn by ``--overlay``, and how."""

VERBS = {name: replace(verb, picture=_PICTURES.get(name))
         for name, verb in {**VERBS, **query_phases.VERBS}.items()}
