"""The one door from the window into the rules core of the Kingdom map (Kingdoms Forlorn): the
only module under ``tabletop/ui`` that imports ``tabletop.games.kingdom`` beyond its plain data
(``state``, ``actions``, ``events``); see :mod:`tabletop.ui.facades`."""

from __future__ import annotations

from tabletop.games.kingdom import travel
from tabletop.games.kingdom.board import hunt_walks, paths_to

__all__ = [
    "hunt_walks", "paths_to", "travel",
]
