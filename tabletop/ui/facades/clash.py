"""The one door from the window into the rules core of the Clash Board (Kingdoms Forlorn): the
only module under ``tabletop/ui`` that imports ``tabletop.games.clash`` beyond its plain data
(``state``, ``actions``, ``events``); see :mod:`tabletop.ui.facades`."""

from __future__ import annotations

from tabletop.games.clash import (
    activation_steps,
    activation_tokens,
    geometry,
    knight_attack,
    monster_round,
    move_like,
    rules,
    sequence,
    targeting,
    turns,
    vantage,
    view,
)
from tabletop.games.clash.branching_actions import source_problem
from tabletop.games.clash.forced_kinds import (
    BY_NAME,
    KINDS,
    KNOCKBACK_DIRECTIONS,
    RELATIVE,
    compass_way,
    in_words,
)
from tabletop.games.clash.forced_steps import Branch, spaces_at
from tabletop.games.clash.movement_types import TOWARD_THE_TARGET
from tabletop.games.clash.preview import Preview, preview
from tabletop.games.clash.rule_queries import forced_action
from tabletop.games.clash.targeting_lines import COMMON, MORE, menu_words
from tabletop.games.clash.vantage import free_vantage_points, vantage_spaces

__all__ = [
    "activation_steps", "activation_tokens", "Branch", "BY_NAME", "COMMON", "compass_way",
    "forced_action",
    "free_vantage_points", "geometry", "in_words", "KINDS", "knight_attack",
    "KNOCKBACK_DIRECTIONS", "menu_words", "monster_round", "MORE", "move_like", "Preview",
    "preview", "RELATIVE", "rules", "sequence", "source_problem", "spaces_at", "targeting",
    "TOWARD_THE_TARGET", "turns", "vantage", "vantage_spaces", "view",
]
