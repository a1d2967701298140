"""The table of screens: which :class:`~tabletop.ui.controllers.base.GameController` shows
each game.  A game plugs into the window with one line here (``"game": "module:Class"``);
modules are imported on first use.  A game without a line is shown by :class:`SummaryScreen`.
"""

from __future__ import annotations

import importlib

import pygame

from tabletop.ui.controllers.base import GameController
from tabletop.ui.session import Session
from tabletop.ui.views.base import text, wrap
from tabletop.ui.widgets import theme

SCREENS: dict[str, str] = {
    "clash": "tabletop.ui.controllers.clash:ClashController",
    "almokon": "tabletop.ui.controllers.almokon:AlmokonController",
    "fateforge": "tabletop.ui.controllers.fateforge:FateforgeController",
    "joust": "tabletop.ui.controllers.joust:JoustController",
    "kingdom": "tabletop.ui.controllers.kingdom:KingdomController",
}


def screen_class(game_name: str) -> type[GameController]:
    """The screen class registered for ``game_name`` (:class:`SummaryScreen` when none)."""
    target = SCREENS.get(game_name)
    if target is None:
        return SummaryScreen
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


def screen_for(session: Session) -> GameController:
    """A new screen for the session's game."""
    return screen_class(session.game.name)(session)


class SummaryScreen(GameController):
    """The screen of a game that has none yet: its title and one-line summary, in words."""

    title = "summary"

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        game, state = self.session.game, self.session.state
        lines = [game.title, game.summary(state), "(this game has no board view yet)"]
        y = rect.y + 20
        for line in lines:
            for part in wrap(line, 22, rect.width - 40):
                text(surface, part, (rect.x + 20, y), 22, theme.TEXT)
                y += 26
