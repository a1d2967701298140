"""The table of games: the one place a game is registered.

Each entry names the module whose ``GAME`` is the game's :class:`~tabletop.games.contract.Game`.
Modules are imported on first use, so asking for one game does not load the others.
"""

from __future__ import annotations

import importlib

from tabletop.errors import TabletopError
from tabletop.games.contract import Game

GAME_MODULES: dict[str, str] = {
    "clash": "tabletop.games.clash",
    "almokon": "tabletop.games.almokon",
    "kingdom": "tabletop.games.kingdom",
    "fateforge": "tabletop.games.fateforge",
    "joust": "tabletop.games.joust",
}


def game_names() -> tuple[str, ...]:
    """The registered game names, in table order."""
    return tuple(GAME_MODULES)


def get_game(name: str) -> Game:
    """The :class:`Game` registered as ``name``; an unknown name raises ``TabletopError``."""
    module = GAME_MODULES.get(name)
    if module is None:
        raise TabletopError(f"{name!r} is not a game this program knows "
                            f"(known: {', '.join(GAME_MODULES)})")
    return importlib.import_module(module).GAME


def all_games() -> tuple[Game, ...]:
    """Every registered game."""
    return tuple(get_game(name) for name in GAME_MODULES)


def game_of(state: object) -> Game:
    """The game whose state type ``state`` is.  The game whose package defines the state's
    type is asked first, so that only that game is imported; the others are asked only when
    it is not the one."""
    home = type(state).__module__
    owners = [name for name, module in GAME_MODULES.items()
              if home == module or home.startswith(module + ".")]
    for name in [*owners, *(n for n in GAME_MODULES if n not in owners)]:
        game = get_game(name)
        if isinstance(state, game.state_type):
            return game
    raise TypeError(f"{type(state).__name__} is not the state of a registered game")
