"""``tabletop query`` verbs for the Draw, Worker and Ennoblement Phases, the choices waiting,
Ability Cards and the card data.  Each answer carries ``"why"``: the rule that decides it."""

from __future__ import annotations

from typing import Any

from tabletop.errors import QueryError
from tabletop.games.contract import Verb
from tabletop.games.joust.abilities import effect_words
from tabletop.games.joust.phases import COLLECT
from tabletop.games.joust.planning import perk_words
from tabletop.games.joust.rewards import catalog, describe_pending, influence_of, options
from tabletop.games.joust.state import PHASE_TITLES, Household, JoustState, Knight


def _house(state: JoustState, name: str) -> Household:
    for house in state.households:
        if house.name.lower() == name.lower():
            return house
    names = ", ".join(h.name for h in state.households)
    raise QueryError(f"no Household called {name!r} ({names})")


def _knight(state: JoustState, name: str) -> tuple[Household, Knight]:
    try:
        return state.find_knight(name)
    except KeyError:
        names = ", ".join(k.name for h in state.households for k in h.knights)
        raise QueryError(f"no Knight called {name!r} (Knights: {names})") from None


def _phase(state: JoustState, args: list[str]) -> dict[str, Any]:
    """``phase``: the round, the phase, whose turn it is and the choices waiting."""
    waiting = [describe_pending(p) for p in state.pending]
    turn = state.turn if state.phase in ("draw", "worker", "ennoblement") else None
    return {"answer": {"round": state.round, "phase": state.phase, "turn": turn,
                       "initiative": state.initiative, "pending": waiting},
            "why": f"round {state.round} of 6, {PHASE_TITLES[state.phase]}; House "
                   f"{state.initiative} has initiative and acts first in every phase "
                   f"(Initiative); the Planning Phase is played by both at once"}


def _worker_options(state: JoustState, args: list[str]) -> dict[str, Any]:
    """``worker-options HOUSE``: every Building location with its cost and actions, who
    claimed it, and whether HOUSE can take it now; the Squire Rerolls it may man."""
    house = _house(state, args[0])
    claimed = {(b, i): h for b, i, h in state.claimed}
    locations = []
    for building in catalog(state).buildings:
        for index, location in enumerate(building.locations):
            holder = claimed.get((building.name, index))
            if holder is not None:
                status = f"claimed by {holder}"
            elif location.cost > house.workers:
                status = f"needs {location.cost} workers, {house.workers} free"
            else:
                status = "open"
            locations.append({"building": building.name, "location": index + 1,
                              "cost": location.cost, "actions": location.words(),
                              "status": status})
    squires = [k.name for k in house.knights if k.squire and k.squire.reroll
               and not k.squire.reroll_worker]
    turn = state.phase == "worker" and state.turn == house.name and not state.pending
    return {"answer": [loc for loc in locations if loc["status"] == "open"] if turn else [],
            "locations": locations, "squire_rerolls": squires, "workers": house.workers,
            "passed": house.passed,
            "why": ("Worker Phase: players take turns placing workers, the Household with "
                    "initiative first, until all are placed or both pass; a location costs its "
                    "shield's workers (1 to 5) and a claimed location is closed to the rival; "
                    "keep a worker back to place an Enhancement Card as Equipment"
                    + ("" if turn else f"; it is not House {house.name}'s turn to place"))}


def _bravery_draw(state: JoustState, args: list[str]) -> dict[str, Any]:
    """``bravery-draw HOUSE``: how many Bravery Tokens HOUSE draws and keeps in the
    Ennoblement Phase, from its Knights that scored a hit this round."""
    house = _house(state, args[0])
    scorers = [k.name for k in house.knights if k.hits_scored > 0]
    draw, keep = COLLECT[len(scorers)]
    return {"answer": {"draw": min(draw, len(state.bag)), "keep": keep if state.bag else 0},
            "scored": scorers, "bag": len(state.bag), "collected": house.collected,
            "why": f"{len(scorers)} Knight{'s' if len(scorers) != 1 else ''} scored at least "
                   f"one hit: 1 draws 1 and keeps it, 2 draw 2 and keep 1, 3 draw 3 and keep 1, "
                   f"none draws none (Collect Bravery Tokens); kept tokens wait on the House "
                   f"card until a location or Perk places them"}


def _promotion(state: JoustState, args: list[str]) -> dict[str, Any]:
    """``promotion KNIGHT``: whether KNIGHT can be promoted now and what its Crusader side
    gives."""
    house, knight = _knight(state, args[0])
    card = catalog(state).knight(knight.name)
    ready = [t.name for t in house.tracks if t.kind == "promotion" and t.complete
             and not t.claimed]
    side = card.crusader if card else None
    gains = ({"slots": side.slots, "favors": list(side.favors),
              "crown_boxes": list(side.crown_boxes)} if side else None)
    now = (not knight.promoted and bool(ready) and state.phase == "ennoblement"
           and state.turn == house.name and house.collected and not state.pending)
    if knight.promoted:
        why = f"{knight.name} is a Knight Crusader already"
    elif not ready:
        tracks = ", ".join(f"{t.name} {t.progress}/{t.length}" for t in house.tracks
                           if t.kind == "promotion" and not t.claimed) or "none left"
        why = f"no Knight Promotion track of House {house.name} is complete ({tracks})"
    else:
        why = (f"House {house.name}'s {', '.join(ready)} track is complete: in its "
               f"Ennoblement turn it may promote any Knight (If you max a Crown track, the Perk "
               f"will not be taken until the Ennoblement Phase)")
    return {"answer": now, "side": knight.side, "tracks_ready": ready, "crusader": gains,
            "why": why + "; a promoted Knight keeps its Bravery Tokens and gains the Crusader "
                         "side's slots and Favor Actions (Knight Promotion)"}


def _reputation_options(state: JoustState, args: list[str]) -> dict[str, Any]:
    """``reputation-options HOUSE``: the Political tracks HOUSE may spend Reputation on, with
    its marker, the next Perk and whether the track is closed."""
    house = _house(state, args[0])
    spaces = influence_of(state, house)
    tracks = []
    for track in catalog(state).political:
        at = spaces[track.name]
        upcoming = [(s, p) for s, p in track.perks if s > at]
        tracks.append({"track": track.name, "at": at, "spaces": track.spaces,
                       "closed": at >= track.spaces,
                       "next_perk": (f"{upcoming[0][1].words()} at {upcoming[0][0]}"
                                     if upcoming else None)})
    return {"answer": [t["track"] for t in tracks if not t["closed"]] if house.reputation else [],
            "reputation": house.reputation, "spent": house.reputation_spent, "tracks": tracks,
            "why": "one Reputation moves the Influence marker one space on any of the five "
                   "tracks; a Perk, die or worker reached is gained at once; a completed track "
                   "is closed; unspent Reputation is kept, up to twelve (Spending Reputation)"}


def _choices(state: JoustState, args: list[str]) -> dict[str, Any]:
    """``choices``: the choices waiting, first first, each with what may be chosen."""
    out = []
    for index, pending in enumerate(state.pending):
        allowed = list(options(state, pending)) if index == 0 else []
        if pending.kind == "place-enhancement":
            allowed = [c.name for c in state.household(pending.house).hand]
        out.append({"house": pending.house, "choice": describe_pending(pending),
                    "options": allowed})
    return {"answer": out, "why": "a Perk or location that needs a choice is resolved by its "
                                  "player before anything else (Perks Gained: \"the action of "
                                  "the Perk will be carried out\")"}


def _hand(state: JoustState, args: list[str]) -> dict[str, Any]:
    """``hand HOUSE``: the Ability and Enhancement Cards in HOUSE's hand and its hand limit."""
    house = _house(state, args[0])
    return {"answer": {"abilities": list(house.abilities),
                       "enhancements": [c.name for c in house.hand]},
            "hand_limit": house.hand_limit, "advanced_deck": len(house.advanced_deck),
            "why": f"the Draw Phase fills the Ability hand up to the hand limit "
                   f"({house.hand_limit}), Advanced Ability Cards counting against it; one "
                   f"Enhancement Card a round, discarded at the end of the round if not played "
                   f"(Draw Phase)"}


def _ability(state: JoustState, args: list[str]) -> dict[str, Any]:
    """``ability CARD``: an Ability Card's timing and effects in words."""
    card = catalog(state).ability(args[0])
    if card is None:
        names = ", ".join(a.name for a in catalog(state).abilities)
        raise QueryError(f"no Ability Card called {args[0]!r} ({names})")
    condition = {"hit": " if this Knight landed a hit", "no-hit": " if this Knight landed no "
                                                                   "hit"}.get(card.condition, "")
    return {"answer": {"kind": card.kind, "timing": card.timing,
                       "effects": [str(e) for e in card.effects]},
            "words": effect_words(card) + condition, "text": card.text,
            "why": "Ability Cards are revealed when their Knight enters its joust and act "
                   "before, during or after the roll; an Advanced one is sacked after use "
                   "(Placing Ability Cards)"}


def _status_perks(state: JoustState, args: list[str]) -> dict[str, Any]:
    """``crown-tracks HOUSE``: the Knight Promotion tracks with progress and Perk in words."""
    house = _house(state, args[0])
    return {"answer": [{"track": t.name, "progress": t.progress, "length": t.length,
                        "perk": perk_words(t.perk), "claimed": t.claimed}
                       for t in house.tracks],
            "crowns": house.crowns,
            "why": "a King's Crown advances any track not completed; at the gold shield the "
                   "Perk (and a promotion) is taken in the Ennoblement Phase (Tracking Crowns)"}


VERBS: dict[str, Verb] = {v.name: v for v in (
    Verb("phase", "", "the round, phase, whose turn it is and the choices waiting", _phase, 0),
    Verb("worker-options", "HOUSE", "the Building locations HOUSE may take now, and every "
         "location's cost, actions and claim", _worker_options, 1),
    Verb("bravery-draw", "HOUSE", "the Bravery Tokens HOUSE draws and keeps in the "
         "Ennoblement Phase", _bravery_draw, 1),
    Verb("promotion", "KNIGHT", "whether KNIGHT can be promoted now and what its Crusader side "
         "gives", _promotion, 1),
    Verb("reputation-options", "HOUSE", "the Political tracks HOUSE may spend Reputation on",
         _reputation_options, 1),
    Verb("choices", "", "the choices waiting and what may be chosen", _choices, 0),
    Verb("hand", "HOUSE", "HOUSE's Ability and Enhancement Cards and hand limit", _hand, 1),
    Verb("ability", "CARD", "an Ability Card's timing and effects in words", _ability, 1),
    Verb("crown-tracks", "HOUSE", "HOUSE's Knight Promotion tracks and their Perks",
         _status_perks, 1),
)}
