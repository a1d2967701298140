"""The one door from the window into the rules core of The Land of Almokon: the only module
under ``tabletop/ui`` that imports ``tabletop.games.almokon`` beyond its plain data (``state``,
``actions``, ``events``); see :mod:`tabletop.ui.facades`."""

from __future__ import annotations

from tabletop.games.almokon import rules
from tabletop.games.almokon.choice_sets import set_candidates
from tabletop.games.almokon.listing import Listing
from tabletop.games.almokon.targeting import (
    attach_targets,
    attack_targets,
    can_attack,
    effect_targets,
)
from tabletop.games.almokon.view import HIDDEN, view_for
from tabletop.games.almokon.wording import form_words

__all__ = [
    "attach_targets", "attack_targets", "can_attack", "effect_targets", "form_words", "HIDDEN",
    "Listing", "rules", "set_candidates", "view_for",
]
