"""The one door from the window into the rules core of the Clash Board (Kingdoms Forlorn): the
only module under ``tabletop/ui`` that imports ``tabletop.games.clash`` beyond its plain data
(``state``, ``actions``, ``events``); see :mod:`tabletop.ui.facades`.

The card sequences (``knight_attack``, ``monster_round``, ``running``, ``sequence``, which
bring in the cards and the dice) are imported on first use, so that a board without cards is
drawn without them.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from tabletop.games.clash import (
    activation_steps,
    activation_tokens,
    geometry,
    move_like,
    rules,
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

_ON_FIRST_USE = ("knight_attack", "monster_round", "running", "sequence")
"""The rules modules of the card sequences, imported when first asked for."""


def __getattr__(name: str) -> ModuleType:
    """``knight_attack``, ``monster_round``, ``running`` or ``sequence``, imported now (PEP
    562)."""
    if name in _ON_FIRST_USE:
        return importlib.import_module(f"tabletop.games.clash.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = [
    "activation_steps", "activation_tokens", "Branch", "BY_NAME", "COMMON", "compass_way",
    "forced_action", "free_vantage_points", "geometry", "in_words", "KINDS",
    "KNOCKBACK_DIRECTIONS", "menu_words", "MORE", "move_like", "Preview", "preview", "RELATIVE",
    "rules", "source_problem", "spaces_at", "targeting", "TOWARD_THE_TARGET", "turns",
    "vantage", "vantage_spaces", "view",
]
"""The names imported here; the card sequences' modules (``_ON_FIRST_USE``) come on first use."""
