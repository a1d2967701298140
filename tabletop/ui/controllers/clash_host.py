"""What the Clash screen's menus and flows may read of the screen and ask it to do: the
host Protocol the helper modules (:mod:`~tabletop.ui.controllers.clash_steps`,
``clash_flows``, ``clash_activation``, ``clash_knight_menus``, ``clash_vantage``,
``clash_terrain``, ``clash_cards``) take instead of the whole
:class:`~tabletop.ui.controllers.clash.ClashController`, so that they sit below it and no
import circle joins them."""

from __future__ import annotations

from typing import Protocol

import pygame

from tabletop.games.clash.state import ClashState
from tabletop.spatial.grid import Space
from tabletop.ui.controllers.base import AppHost, Controller
from tabletop.ui.session import Session
from tabletop.ui.views.base import Grid


class FlowHost(Protocol):
    """A card sequence running on the screen: the board it shows."""

    @property
    def state(self) -> ClashState:
        """The sequence's own board."""
        ...


class ClashHost(Protocol):
    """The Clash screen as its menus see it: the session (``perform``, ``tell``), the app
    (push and pop steps), the open step, a running card sequence, the keyboard cursor, and
    the board's geometry on screen."""

    session: Session
    app: AppHost | None
    step: Controller | None
    flow: FlowHost | None
    cursor: Space | None

    @property
    def state(self) -> ClashState:
        """The board shown."""
        ...

    def board_rect(self, rect: pygame.Rect) -> pygame.Rect:
        """The part of the board area the board is drawn in."""
        ...

    def grid(self) -> Grid:
        """The grid the board is drawn on now."""
        ...

    def space_at(self, pos: tuple[int, int]) -> Space | None:
        """The board space under pixel ``pos``."""
        ...

    def move_cursor(self, dx: int, dy: int) -> None:
        """Move the keyboard cursor by ``dx``, ``dy`` spaces."""

    def fresh_name(self, base: str) -> str:
        """A piece name not yet on the board, from ``base``."""
        ...
