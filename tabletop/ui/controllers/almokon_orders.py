"""Answering a Foresee one card at a time (rulebook *Foresee*: "Look at the top X cards of your
deck. Return them to the top in any order").

X cards have X! orders: while they fit one page of a choice menu (three cards, six orders)
the window offers every order; beyond, :class:`OrderPicker` asks which card goes on top, then
which at place 2, and so on (with a line to take the last pick back), and answers with the
order built, so no list of orders is ever made.
"""

from __future__ import annotations

from tabletop.games.almokon.actions import Choose
from tabletop.ui.controllers.base import GameController
from tabletop.ui.widgets.choice_menu import PAGE, ChoiceMenu


def needs_order_picker(options: tuple[str, ...]) -> bool:
    """Whether the orders of ``options`` are more than one page of a menu shows."""
    orders = 1
    for n in range(2, len(options) + 1):
        orders *= n
        if orders > PAGE:
            return True
    return False


class OrderPicker:
    """Builds a Foresee order card by card (see the module docstring) for the player to act
    on ``screen``; ``options`` are the cards looked at, top first."""

    def __init__(self, screen: GameController, player: str, options: tuple[str, ...]):
        self.screen = screen
        self.player = player
        self.options = options
        self.placed: list[int] = []  # positions in ``options``: copies stay apart
        self.known = set(screen.state.all_uids())

    def _name(self, at: int) -> str:
        uid = self.options[at]
        return self.screen.state.name_of(uid) if uid in self.known else uid

    def _left(self) -> list[int]:
        placed = set(self.placed)
        return [at for at in range(len(self.options)) if at not in placed]

    def lines(self) -> list[tuple[str, tuple]]:
        """The menu's lines: each card not placed yet, and the last pick to take back."""
        out = [(self._name(at), ("put", at)) for at in self._left()]
        if self.placed:
            out.append((f"Take back {self._name(self.placed[-1])}", ("back",)))
        return out

    def notes(self) -> list[str]:
        """The order so far, top first."""
        if not self.placed:
            return [f"Foresee: {len(self.options)} cards; pick the top card first."]
        return ["Top so far: " + ", ".join(self._name(at) for at in self.placed)]

    def open(self) -> None:
        """Show the menu (again after each pick)."""
        app = self.screen.app
        if app is not None:
            place = len(self.placed) + 1
            where = "on top" if place == 1 else f"at place {place}"
            app.push(ChoiceMenu(f"Foresee: which card {where} (of {len(self.options)})?",
                                self.lines(), self.choose, self.notes()))

    def choose(self, value: tuple) -> None:
        """Place a card or take the last one back; once one card is left it goes last and the
        order is answered."""
        if value[0] == "back":
            self.placed.pop()
        else:
            self.placed.append(value[1])
        left = self._left()
        if len(left) == 1:
            order = [self.options[at] for at in [*self.placed, *left]]
            self.screen.perform(Choose(self.player, ",".join(order)))
            return
        self.open()
