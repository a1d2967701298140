"""The one door from the window into the rules core of Fateforge: the only module under
``tabletop/ui`` that imports ``tabletop.games.fateforge`` beyond its plain data (``state``,
``actions``, ``events``); see :mod:`tabletop.ui.facades`."""

from __future__ import annotations

from tabletop.games.fateforge.action_table import BUTTONS
from tabletop.games.fateforge.enemies import next_activation, turn_plan
from tabletop.games.fateforge.handlers.preparation import die_kinds, reroll_waiting
from tabletop.games.fateforge.moves import dash_options, hit_refusal, shot_refusal, step_options
from tabletop.games.fateforge.rules import (
    dice_count,
    die_needed,
    exit_plan,
    legal_actions,
    refusal,
    three_of_a_kind_face,
)
from tabletop.games.fateforge.turn import rolls_waiting

__all__ = [
    "BUTTONS", "dash_options", "dice_count", "die_kinds", "die_needed", "exit_plan",
    "hit_refusal",
    "legal_actions", "next_activation", "refusal", "reroll_waiting", "rolls_waiting",
    "shot_refusal", "step_options", "three_of_a_kind_face", "turn_plan",
]
