"""The one door from the window into the rules core of King's Champion: the only module under
``tabletop/ui`` that imports ``tabletop.games.joust`` beyond its plain data (``state``,
``actions``, ``events``); see :mod:`tabletop.ui.facades`."""

from __future__ import annotations

from tabletop.games.joust.abilities import ability_of, during, effect_words, roll_slots
from tabletop.games.joust.jousting import (
    FAVOR_WORDS,
    RollScore,
    favor_of,
    how_rolled,
    score_roll,
)
from tabletop.games.joust.planning import perk_words, slot_mismatch
from tabletop.games.joust.rewards import (
    catalog,
    describe_pending,
    influence_of,
    options,
    slot_perk,
)
from tabletop.games.joust.rules import apply, legal_actions
from tabletop.games.joust.scoring import winner
from tabletop.games.joust.throws import is_chance_node, next_step, waiting_words
from tabletop.games.joust.view import HAND_KINDS, acting, view_for

__all__ = [
    "ability_of", "acting", "apply", "catalog", "describe_pending", "during", "effect_words",
    "favor_of", "HAND_KINDS", "RollScore", "score_roll", "next_step",
    "FAVOR_WORDS", "how_rolled", "influence_of", "options", "perk_words", "roll_slots",
    "slot_mismatch", "slot_perk", "view_for", "winner", "legal_actions", "is_chance_node",
    "waiting_words",
]
