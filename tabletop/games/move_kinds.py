"""Which kinds of move the rules allow now, read from a game's own legal actions, so that the
window's "what now" hint can say so when only one kind is left (a Knight who may only Move,
a hero who may only STEP, an Almokon responder who can only Pass).

Each game's table names, by action type, the kind of move in the players' words.  A type
listed under ``ENDS`` ends a turn or step, or passes (End Turn, Pass, Decline, Ready): it is
not a kind of move of its own, only said beside the one kind left ("or End Turn").  A type
under ``ASIDE`` may be done at almost any time beside the turn (a King's Champion Crown
placed, a Fateforge trap sprung or skill effect applied) and is neither.
``tests/test_move_kinds.py`` checks that every action type a game's ``legal_actions`` offers
on its shipped boards is in one of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from tabletop.games.registry import get_game

KINDS: Mapping[str, Mapping[str, str]] = {
    "clash": {"MoveKnight": "Move", "Attack": "Attack", "Climb": "Climb a Vantage Point",
              "ResolveActivation": "resolve the next Activation (N)",
              "ActivateFromCards": "resolve the next Activation (N)",
              "AttackFromCards": "Attack", "Choose": "answer the question",
              "DeclareRerolls": "declare re-rolls or keep the roll"},
    "kingdom": {"Travel": "Travel", "Backtrack": "Backtrack", "EnterFog": "enter the Deep Fog",
                "Answer": "answer the question", "DrawExploration": "draw an Exploration Card",
                "Rotate": "Rotate the tile", "StayCourse": "Stay the Course",
                "Withdraw": "Withdraw", "CourseCorrect": "Course Correct"},
    "almokon": {"PlayCard": "play a card", "Attack": "attack", "Activate": "use an ability",
                "GainAP": "gain AP", "ReadyAll": "ready your cards", "Move": "move a card",
                "Liquidate": "Liquidate a card", "Choose": "choose"},
    "fateforge": {"RollDice": "roll the dice", "RollAllyDice": "roll the ally's dice",
                  "EnergyReroll": "reroll with energy", "ThreeOfAKind": "use a three of a kind",
                  "Dash": "Dash", "SetOrder": "set the order", "Step": "STEP", "Hit": "HIT",
                  "Shot": "SHOT",
                  "ToggleDoor": "open or close a door", "UsePortal": "use a portal",
                  "OpenChest": "open a chest", "Explore": "explore", "Collect": "collect",
                  "Fountain": "use the fountain", "Revive": "revive a hero",
                  "WeaponSpecial": "the weapon's special", "UseAllyDie": "use an ally die",
                  "AllyAbility": "the ally's ability",
                  "EnemyActs": "the enemy's activation",
                  "CleanUp": "Clean-Up (N)", "Exit": "exit the scene",
                  "ExtraRound": "play an extra round"},
    "joust": {"ChooseKnight": "choose Knights", "PlaceToken": "place Bravery Tokens",
              "Attach": "attach a card", "PlaceDie": "place dice", "RemoveDie": "take dice off",
              "ChooseFavor": "choose Favor Actions", "SetOrder": "set the jousting order",
              "PlaceAbility": "place Ability Cards", "Reveal": "reveal the joust",
              "Joust": "roll the joust", "Aim": "preset a die (Targeting)",
              "Reroll": "reroll dice", "Convert": "turn hits into Morale (Mark of the Church)",
              "Draw": "draw cards", "PlaceWorkers": "place workers",
              "ManSquire": "man a Squire", "Choose": "choose", "Collect": "collect the Bravery "
              "Tokens", "Promote": "promote", "Spend": "spend Reputation"},
}
"""Per game, action type name -> the kind of move it is, in the players' words."""

ENDS: Mapping[str, Mapping[str, str]] = {
    "clash": {"EndTurn": "End Turn (T)", "EndMonsterRound": "End Monster Round (T)"},
    "kingdom": {"EndStep": "End step (Enter)", "ReportLoss": "report the loss"},
    "almokon": {"Pass": "Pass (P)", "Decline": "Decline (D)"},
    "fateforge": {"EndTurn": "End turn (T)"},
    "joust": {"Ready": "Ready", "Pass": "Pass (P)", "Finish": "end the turn (Enter)",
              "EndRound": "end the round", "Keep": "keep the dice"},
}
"""Per game, action type name -> the way of ending or passing it is, in the players' words."""

ASIDE: Mapping[str, frozenset[str]] = {
    "clash": frozenset({"StartTurn"}), "kingdom": frozenset(), "almokon": frozenset(),
    "fateforge": frozenset({"SpringTrap", "SetArmourUse", "AccompanyAlly", "Push", "Pull",
                            "Stun", "Block"}),
    "joust": frozenset({"AdvanceCrown"}),
}
"""Per game, the action types done beside the turn, neither a kind of move nor an end:
picking the Clash Knight who acts (any of its actions picks it too), Fateforge's armour
choice, the ally's companion and the skill effects the players apply when a card says so."""


@dataclass(frozen=True)
class MoveKinds:
    """The kinds of move the rules allow now (``kinds``) and the ways to end or pass
    (``ends``), each in the players' words, in the order of the game's tables; ``chance``:
    the dice decide next (a chance point), nobody moves; ``types``: the action type names
    found."""

    kinds: tuple[str, ...] = ()
    ends: tuple[str, ...] = ()
    chance: bool = False
    types: frozenset[str] = frozenset()

    def only(self) -> str:
        """The hint when only one kind of move is possible ("Only one kind of move now: STEP,
        or End turn (T)."), or when only ending or passing is; ``""`` when there is more than
        one kind, or nothing to do."""
        if self.chance:
            return "Only one kind of move now: the dice decide (roll them)."
        if len(self.kinds) == 1:
            rest = f", or {' or '.join(self.ends)}" if self.ends else ""
            return f"Only one kind of move now: {self.kinds[0]}{rest}."
        if not self.kinds and len(self.ends) == 1:
            return f"Only one move now: {self.ends[0]}."
        if not self.kinds and self.ends:
            return f"Only one kind of move now: {' or '.join(self.ends)}."
        return ""


def classify(game: str, actions: Iterable[object]) -> MoveKinds:
    """``actions`` (legal actions of ``game``) sorted into kinds of move and ways to end, by
    the game's tables; raises ``KeyError`` naming an action type in none of them."""
    return classify_types(game, {type(action).__name__ for action in actions})


def classify_types(game: str, found: Iterable[str]) -> MoveKinds:
    """The action types named ``found`` (of ``game``'s legal actions) sorted as
    :func:`classify` sorts actions; raises ``KeyError`` naming a type in no table."""
    kinds, ends, aside = KINDS[game], ENDS[game], ASIDE[game]
    found = frozenset(found)
    for name in sorted(found):
        if name not in kinds and name not in ends and name not in aside:
            raise KeyError(f"{game}: action type {name} is in no table of move_kinds")
    return MoveKinds(kinds=tuple(dict.fromkeys(w for n, w in kinds.items() if n in found)),
                     ends=tuple(dict.fromkeys(w for n, w in ends.items() if n in found)),
                     types=found)


ACTORS = ("knight", "hero", "player", "house")
"""The fields by which an action names the piece or player doing it."""


def move_kinds(game: str, state: object, actor: str | None = None) -> MoveKinds:
    """The kinds of move ``game``'s rules core allows in ``state``: its ``legal_actions``
    sorted by :func:`classify` (a chance point, where the dice decide, when the game has
    chance points and ``state`` is one); with ``actor``, only the actions of that piece or
    player (a Clash Knight picked before its turn starts) and those naming no one.  A game
    whose listing can be huge (Clash: 999 Knights of Speed 20) names the types found without
    listing them (the contract's ``legal_types``)."""
    entry = get_game(game)
    is_chance = getattr(entry, "is_chance_node", None)
    if is_chance is not None and is_chance(state):
        return MoveKinds(chance=True)
    if getattr(entry, "legal_types", None) is not None:
        return classify_types(game, entry.legal_types(state, actor))
    actions = entry.legal_actions(state)
    if hasattr(actions, "samples"):  # families of actions (Almokon): one of each will do
        actions = actions.samples()
    if actor is not None:
        actions = [a for a in actions
                   if next((getattr(a, f) for f in ACTORS if hasattr(a, f)), actor) == actor]
    return classify(game, actions)
