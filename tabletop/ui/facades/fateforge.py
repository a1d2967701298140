"""The one door from the window into the rules core of Fateforge: the only module under
``tabletop/ui`` that imports ``tabletop.games.fateforge`` beyond its plain data (``state``,
``actions``, ``events``); see :mod:`tabletop.ui.facades`."""

from __future__ import annotations

from tabletop.games.fateforge.action_table import BUTTONS
from tabletop.games.fateforge.enemies import next_activation, turn_plan
from tabletop.games.fateforge.moves import dash_options, hit_refusal, shot_refusal, step_options
from tabletop.games.fateforge.rules import (
    NeedsRoll,
    apply,
    dice_count,
    exit_plan,
    legal_actions,
    three_of_a_kind_face,
)

__all__ = [
    "apply", "BUTTONS", "dash_options", "dice_count", "exit_plan", "hit_refusal",
    "legal_actions", "NeedsRoll", "next_activation", "shot_refusal", "step_options",
    "three_of_a_kind_face", "turn_plan",
]
