"""A Terrain tile placed in play (key P; rulebook *Placing and Removing Terrain During
Clashes*): the kind of tile, the supply of tiles of that type the game has
(not limited by default), two corners clicked on the board (the same space twice for a
one-space tile), then every outcome of :class:`~tabletop.games.clash.actions.PlaceTerrain`
previewed — the pieces it Crashes, Displaces or kills, the tiles it destroys and, with the
whole supply on the board, the tile taken off (furthest from the Monster; equally far ones are
offered as alternatives to click).  Edit mode's palette (``AddTerrain``) places tiles for a
lesson without these rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.games.clash.actions import PlaceTerrain
from tabletop.spatial.grid import Space, rectangle
from tabletop.ui.controllers.clash_flows import close_steps, number_step, open_step
from tabletop.ui.controllers.clash_steps import MenuStep, try_preview
from tabletop.ui.widgets.menu import MenuItem

if TYPE_CHECKING:
    from tabletop.ui.controllers.clash_host import ClashHost

SUPPLIES = tuple(range(0, 13))
"""Supplies offered (0: not limited)."""


def block(a: Space, b: Space) -> tuple[Space, ...]:
    """The rectangle of spaces with corners ``a`` and ``b``."""
    top, left = min(a.row, b.row), min(a.col, b.col)
    return tuple(rectangle(Space(top, left), abs(a.col - b.col) + 1, abs(a.row - b.row) + 1))


class TerrainPlacement:
    """A tile placed in play, chosen in menus and clicks (see the module docstring);
    ``kinds`` are ``(name, keywords)`` pairs (the edit palette)."""

    def __init__(self, screen: ClashHost,
                 kinds: tuple[tuple[str, tuple[str, ...]], ...]):
        self.screen = screen
        self.kinds = kinds
        self.kind = 0
        self.supply = 0

    def start(self) -> None:
        supply = "not limited" if not self.supply else f"{self.supply} tiles of the type"
        items = [MenuItem(name, index, note=", ".join(keywords))
                 for index, (name, keywords) in enumerate(self.kinds)]
        items.append(MenuItem(f"Supply: {supply}…", "supply",
                              note="how many tiles of this type the game has"))
        open_step(self.screen, MenuStep(
            self.screen, "Place a Terrain tile", items, self._chosen,
            ("As a card or trait says. With every tile of the type on the board, the one "
             "furthest from the Monster is taken off first.",)))

    def _chosen(self, value: object) -> None:
        if value == "supply":
            open_step(self.screen, number_step(
                self.screen, "Supply of this tile type", self._set_supply, self.start,
                ("0: not limited.",), numbers=SUPPLIES))
            return
        assert isinstance(value, int)
        self.kind = value
        self._corner(None)

    def _set_supply(self, supply: int) -> None:
        self.supply = supply
        self.start()

    def _corner(self, first: Space | None) -> None:
        name = self.kinds[self.kind][0]
        words = ("Click the tile's first corner (or arrows, then Enter)." if first is None else
                 f"First corner {first}: click the opposite corner (the same space again for "
                 f"a one-space tile).")
        open_step(self.screen, MenuStep(
            self.screen, f"Place {name}: where?", [MenuItem("Back", "back")],
            lambda _: self.start(), (words,),
            on_board=(lambda s: self._corner(s)) if first is None else (
                lambda s: self._preview(first, s)),
            on_cancel=self.start, pick_space=True,
            spaces=frozenset() if first is None else frozenset((first,))))

    def _preview(self, first: Space, second: Space) -> None:
        name, keywords = self.kinds[self.kind]
        action = PlaceTerrain(self.screen.fresh_name(name), block(first, second), keywords,
                              supply=self.supply)
        open_step(self.screen, try_preview(
            self.screen, action, f"Preview: place {action.name}",
            on_done=lambda _: close_steps(self.screen), on_cancel=self.start))
