"""The one door from the window into the rules core of King's Champion: the only module under
``tabletop/ui`` that imports ``tabletop.games.joust`` beyond its plain data (``state``,
``actions``, ``events``); see :mod:`tabletop.ui.facades`."""

from __future__ import annotations

from tabletop.games.joust.jousting import FAVOR_WORDS, favor_of, how_rolled
from tabletop.games.joust.planning import slot_mismatch
from tabletop.games.joust.scoring import winner
from tabletop.games.joust.view import acting, view_for

__all__ = [
    "acting", "favor_of", "FAVOR_WORDS", "how_rolled", "slot_mismatch", "view_for", "winner",
]
