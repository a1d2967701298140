"""The one door from the window into the rules core of the Clash Board (Kingdoms Forlorn): the
only module under ``tabletop/ui`` that imports ``tabletop.games.clash`` beyond its plain data
(``state``, ``actions``, ``events``); see :mod:`tabletop.ui.facades`.

The card sequences (``knight_attack``, ``monster_round``, ``running``, ``sequence``, which
bring in the cards and the dice) are imported on first use, so that a board without cards is
drawn without them; so are the rules core (``rules``, ``move_like``, ``source_problem``,
``forced_action``: every action's handler), which a picture of a board never asks, and which
the window loads with the first legal moves it lists.
"""

from __future__ import annotations

import importlib
from typing import Any

from tabletop.games.clash import (
    activation_steps,
    activation_tokens,
    geometry,
    targeting,
    turns,
    vantage,
    view,
)
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
from tabletop.games.clash.targeting_lines import COMMON, MORE, menu_words
from tabletop.games.clash.vantage import free_vantage_points, vantage_spaces

_ON_FIRST_USE = ("knight_attack", "monster_round", "running", "sequence", "rules", "move_like")
"""The rules modules of the card sequences and the rules core, imported when first asked for."""
_NAMES_ON_FIRST_USE = {"source_problem": "branching_actions", "forced_action": "rule_queries"}
"""Functions of the rules core, by the module they come from, imported when first asked for."""


def __getattr__(name: str) -> Any:
    """A module of :data:`_ON_FIRST_USE` or a function of :data:`_NAMES_ON_FIRST_USE`,
    imported now (PEP 562)."""
    if name in _ON_FIRST_USE:
        return importlib.import_module(f"tabletop.games.clash.{name}")
    if name in _NAMES_ON_FIRST_USE:
        module = importlib.import_module(f"tabletop.games.clash.{_NAMES_ON_FIRST_USE[name]}")
        return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = [
    "activation_steps", "activation_tokens", "Branch", "BY_NAME", "COMMON", "compass_way",
    "free_vantage_points", "geometry", "in_words", "KINDS", "KNOCKBACK_DIRECTIONS",
    "menu_words", "MORE", "Preview", "preview", "RELATIVE", "spaces_at", "targeting",
    "TOWARD_THE_TARGET", "turns", "vantage", "vantage_spaces", "view",
]
"""The names imported here; the card sequences' modules and the rules core
(:data:`_ON_FIRST_USE`, :data:`_NAMES_ON_FIRST_USE`) come on first use."""
