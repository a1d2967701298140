"""``tabletop query`` verbs for Almokon: ``legal-targets``, ``legal-actions``, ``enters``,
``deck-check``, ``winner``.  Cards are named by uid (``iron-sentinel#2``) or by printed name
when only one card has it; players by name."""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any

from tabletop.errors import QueryError
from tabletop.games.almokon import rules
from tabletop.games.almokon.deck import check_player
from tabletop.games.almokon.state import AlmokonState
from tabletop.games.almokon.targeting import (
    TARGETED_EFFECTS,
    attach_targets,
    attack_targets,
    can_attack,
    effect_targets,
)
from tabletop.games.contract import Verb
from tabletop.games.overlay import Picture
from tabletop.spatial.zones import ZONE_NAMES


def find_card(state: AlmokonState, word: str) -> str:
    """The uid ``word`` names: a uid anywhere in the game, or a unique printed name."""
    uids = state.all_uids()
    if word in uids:
        return word
    matches = [u for u in uids if state.name_of(u).lower() == word.lower()
               or state.definition(u).name.lower() == word.lower()]
    in_play = [u for u in matches if state.card(u) is not None]
    if len(set(in_play)) == 1:
        return in_play[0]
    if len(set(matches)) == 1:
        return matches[0]
    if matches:
        raise QueryError(f"{word!r} names {len(set(matches))} cards; use one of "
                         f"{', '.join(sorted(set(matches)))}")
    raise QueryError(f"no card {word!r} in this game")


def find_player(state: AlmokonState, word: str) -> int:
    index = state.player_index(word)
    if index is None:
        raise QueryError(f"no player {word!r} (players: "
                         f"{', '.join(p.name for p in state.players)})")
    return index


def _split(reasons: dict[str, str | None]) -> tuple[list[str], dict[str, str]]:
    return (sorted(u for u, r in reasons.items() if r is None),
            {u: r for u, r in sorted(reasons.items()) if r is not None})


def legal_targets(state: AlmokonState, args: list[str]) -> dict[str, Any]:
    """What CARD may target: an attacker's attack targets, a hand card's Item or effect
    targets, or a card's first targeted ability's targets; ``excluded`` gives each other
    card's reason."""
    uid = find_card(state, args[0])
    definition = state.definition(uid)
    card = state.card(uid)
    if card is not None and definition.type in ("monarch", "character", "unit"):
        reasons = attack_targets(state, uid)
        answer, excluded = _split(reasons)
        problem = can_attack(state, uid)
        why = ("attack targets: enemy cards in a zone reachable from "
               f"{ZONE_NAMES[card.zone]} (reach rule {state.rules.reach}), Guardians first")
        if problem:
            why += f"; but it cannot attack now: {problem}"
        out = {"answer": answer, "excluded": excluded, "why": why}
        abilities = {a.name: _split(effect_targets(state, card.owner, a.effect))[0]
                     for a in definition.abilities if a.effect.kind in TARGETED_EFFECTS}
        if abilities:
            out["ability_targets"] = abilities
        return out
    owner = next((i for i in (0, 1) if uid in state.owned_uids(i)), 0)
    if card is None and definition.type == "item":
        answer, excluded = _split(attach_targets(state, owner, uid))
        return {"answer": answer, "excluded": excluded,
                "why": f"an Item goes on a friendly {', '.join(definition.attaches_to)}"}
    effects = [definition.play] if card is None else [a.effect for a in definition.abilities]
    effect = next((e for e in effects if e is not None and e.kind in TARGETED_EFFECTS), None)
    if effect is None:
        return {"answer": [], "excluded": {}, "why": f"{definition.name} targets nothing"}
    answer, excluded = _split(effect_targets(state, owner, effect))
    return {"answer": answer, "excluded": excluded, "why": str(effect)}


ACTIONS_LISTED = 1000
"""The most actions ``legal-actions`` writes out; ``count`` always gives them all."""


def legal_actions(state: AlmokonState, args: list[str]) -> dict[str, Any]:
    """Every legal action of PLAYER now, in words (empty when it is not their decision), or
    with CARD only those of that card; at most :data:`ACTIONS_LISTED` written out, with
    ``count`` (all of them) and ``by_card`` (each card's kinds of action and how many)
    whenever some are left out."""
    if not 1 <= len(args) <= 2:
        raise QueryError("legal-actions takes PLAYER and, if wanted, CARD")
    index = find_player(state, args[0])
    if state.winner:
        return {"answer": [], "count": 0, "why": "the game is over"}
    if index != state.to_act:
        return {"answer": [], "count": 0,
                "why": f"it is {state.players[state.to_act].name}'s decision"}
    families = rules.legal_actions(state).families
    if len(args) == 2:
        uid = find_card(state, args[1])
        families = tuple(f for f in families if f.group is not None and f.group[1] == uid)
    count = sum(f.size for f in families)
    out: dict[str, Any] = {"answer": [str(a) for a in itertools.islice(
        itertools.chain.from_iterable(families), ACTIONS_LISTED)], "count": count,
        "why": "one action at a time, alternating (Turn Structure)"}
    if count > ACTIONS_LISTED:
        out["left_out"] = count - ACTIONS_LISTED
        out["by_card"] = [{"card": f.group[1], "kind": f.group[0], "count": f.size}
                          for f in families if f.group is not None]
        out["why"] += (f"; the first {ACTIONS_LISTED} written out: ask legal-actions PLAYER "
                       f"CARD for one card's")
    return out


def enters(state: AlmokonState, args: list[str]) -> dict[str, Any]:
    """Where a card with id CARD_ID goes when played (the Enters Play In table)."""
    card_id = args[0]
    definition = state.catalog.get(card_id)
    if definition is None:
        uid = find_card(state, card_id)
        definition = state.definition(uid)
    place = rules.enters(definition)
    why = {"resolves": "an Event resolves immediately, then is discarded",
           "attached": "an Item is attached to a card in play "
                       f"({', '.join(definition.attaches_to)})"}.get(
        place, f"a {definition.type}"
               + (f" ({definition.unit})" if definition.unit else "")
               + f" enters play in {ZONE_NAMES.get(place, place)}")
    out: dict[str, Any] = {"answer": place, "why": why}
    if definition.has("crew"):
        out["also"] = "attached (Crew: may be played as an Item on a friendly Vessel)"
    return out


def deck_check(state: AlmokonState, args: list[str]) -> dict[str, Any]:
    """Whether PLAYER's deck is legal (Deck Building), with the problems and counts."""
    report = check_player(state, find_player(state, args[0]))
    return {"answer": report.legal, "problems": list(report.problems),
            "main_faction": report.main_faction, "playable": report.playable,
            "foreigners": report.foreigners, "unaligned": report.unaligned,
            "why": ("legal (Deck Building): Monarch and Capitol of one faction, exactly 40 "
                    "playable cards, Foreigners within the Pentagram of Power limits")
            if report.legal else "; ".join(report.problems)}


def winner(state: AlmokonState, args: list[str]) -> dict[str, Any]:
    """The winner's name (``"draw"`` for a drawn game) or ``null``, with the Bounty."""
    bounty = {p.name: p.bounty for p in state.players}
    if state.winner:
        return {"answer": state.winner, "bounty": bounty,
                "why": "first to 21 Bounty wins immediately"}
    return {"answer": None, "bounty": bounty, "why": "nobody has 21 Bounty yet"}


VERBS = {
    "legal-targets": Verb("legal-targets", "CARD", "the cards CARD may attack or aim at",
                          legal_targets, 1),
    "legal-actions": Verb("legal-actions", "PLAYER [CARD]",
                          "every legal action of PLAYER now (of CARD only, when given)",
                          legal_actions),
    "enters": Verb("enters", "CARD_ID", "the zone a played card enters", enters, 1),
    "deck-check": Verb("deck-check", "PLAYER", "whether PLAYER's deck is legal", deck_check, 1),
    "winner": Verb("winner", "", "who has won, if anyone", winner, 0),
}


def _targets_picture(state: AlmokonState, args: list[str], answer: dict[str, Any]) -> Picture:
    """The card tinted, a ring round each card it may target."""
    return Picture(places=(find_card(state, args[0]),), marked=tuple(answer["answer"]))


VERBS["legal-targets"] = replace(VERBS["legal-targets"], picture=_targets_picture)
"""``legal-targets`` is drawn by ``--overlay``; the other answers are no picture."""
