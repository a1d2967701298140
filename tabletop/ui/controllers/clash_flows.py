"""Shared pieces of the Clash screen's menus: a number menu, opening and closing steps, and
:class:`ForcedMovement` (key K on a piece, or after an attack): the kind (Knockback, Pushback,
Pull, Drag, Displace, Forced Vault, Gangup, Herd …, from the table in
:mod:`tabletop.games.clash.forced_kinds`), the direction of a directional Knockback, X, the
piece moved and the space for "… toward", previewed and confirmed; "Reduction" sets the total
of the effects that reduce it (*Involuntary Movement Reduction*).

The menus of a Monster's activation are in :mod:`tabletop.ui.controllers.clash_activation`
(its steps in :mod:`tabletop.games.clash.activation_steps`), a Knight's attack and abilities
in :mod:`tabletop.ui.controllers.clash_knight_menus`.  Every
change goes through :class:`~tabletop.ui.controllers.clash_steps.PreviewStep` or
``session.perform``; these classes only build menus.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabletop.games.clash.actions import Forced, Weapon
from tabletop.spatial.grid import Space
from tabletop.ui.controllers.clash_facts import piece_at
from tabletop.ui.controllers.clash_steps import MenuStep, try_preview
from tabletop.ui.facades.clash import (
    BY_NAME,
    KINDS,
    KNOCKBACK_DIRECTIONS,
    RELATIVE,
    compass_way,
    in_words,
)
from tabletop.ui.widgets.menu import MenuItem

if TYPE_CHECKING:
    from tabletop.ui.controllers.clash_host import ClashHost

NUMBERS = tuple(range(1, 13))


def number_step(screen: ClashHost, title: str, on_number: Callable[[int], None],
                on_cancel: Callable[[], None], header: tuple[str, ...] = (),
                numbers: tuple[int, ...] = NUMBERS) -> MenuStep:
    """A menu of whole numbers (keys 1–9 pick the first nine)."""
    items = [MenuItem(str(n), n) for n in numbers]
    return MenuStep(screen, title, items, lambda n: on_number(int(n)), header,
                    on_cancel=on_cancel)


def open_step(screen: ClashHost, step: MenuStep | None) -> None:
    """Show ``step`` in place of whatever step is open."""
    app = screen.app
    if app is None or step is None:
        return
    if screen.step is not None:
        if isinstance(step, MenuStep):
            step.depth = getattr(screen.step, "depth", 0) + 1
        app.pop(screen.step)
    app.push(step)


def close_steps(screen: ClashHost) -> None:
    if screen.app is not None and screen.step is not None:
        screen.app.pop(screen.step)


class ForcedMovement:
    """Forced movement from ``source`` (see the module docstring); ``target`` may be fixed
    (the Target of an attack); ``on_done`` runs after it was performed or cancelled."""

    def __init__(self, screen: ClashHost, source: str, target: str | None = None,
                 on_done: Callable[[], None] | None = None, weapon: Weapon | None = None):
        self.screen = screen
        self.source = source
        self.target = target
        self.kind = ""
        self.amount = 0
        self.reduction = 0
        self.direction: str | None = None
        self.on_done = on_done
        self.weapon = weapon

    def finish(self) -> None:
        if self.on_done is not None:
            self.on_done()
        else:
            close_steps(self.screen)

    def start(self) -> None:
        from tabletop.ui.facades.clash import source_problem

        whom = f" on {self.target}" if self.target else ""
        state = self.screen.state
        problems = {k.name: source_problem(state, self.source, k.name, self.weapon)
                    for k in KINDS}
        kinds = sorted(KINDS, key=lambda k: problems[k.name] is not None)
        items = [MenuItem(k.label, k.name, problems[k.name] is None, problems[k.name] or "")
                 for k in kinds]  # those the source can cause first, the greyed ones after
        items.append(MenuItem(f"Reduction: {self.reduction or 'none'}…", "reduction",
                              note="Involuntary Movement Reduction: the total taken from X"))
        items.append(MenuItem("None", "", note="no forced movement"))
        open_step(self.screen, MenuStep(
            self.screen, f"Forced movement by {self.source}{whom}", items, self._kind,
            ("What the card says (Knockback X, Pushback X, Pull X, Drag X …).",),
            on_cancel=self.finish))

    def _kind(self, kind: object) -> None:
        if not kind:
            self.finish()
            return
        if kind == "reduction":
            open_step(self.screen, number_step(
                self.screen, "Involuntary Movement Reduction", self._reduce, self.start,
                ("The effects that reduce this movement combine: their total.",),
                numbers=tuple(range(0, 13))))
            return
        self.kind = str(kind)
        self.direction = None
        if BY_NAME[self.kind].extra == "direction":
            self._ask_direction()
            return
        self._ask_amount()

    def _ask_amount(self) -> None:
        if not BY_NAME[self.kind].x:
            self.amount = 0
            self._target()
            return
        open_step(self.screen, number_step(
            self.screen, f"{self.kind.title()} X{self._way()}", self._amount, self.start,
            (f"{self._what()}: how many spaces (X)?",)))

    def _ask_direction(self) -> None:
        """Directional Knockback: left, right, forward, back (relative to the source's facing;
        greyed for a Knight, which has none) or a compass direction."""
        monster = self.screen.state.monster(self.source)
        items = []
        for way in KNOCKBACK_DIRECTIONS:
            compass = compass_way(way, monster.facing if monster is not None else None)
            note = (f"{self.source} is a Knight and has no facing: name a compass direction"
                    if compass is None else
                    f"{compass}, as {self.source} faces {monster.facing}" if way in RELATIVE
                    else "")
            items.append(MenuItem(in_words(way).capitalize(), way, compass is not None, note))
        open_step(self.screen, MenuStep(
            self.screen, "Knockback in a direction: which way?", items, self._directed,
            ("Knockback X in a specified direction (directional Knockback): as the card "
             "says, relative to the source's facing or a compass direction.",),
            on_cancel=self.start))

    def _way(self) -> str:
        return f" {in_words(self.direction)}" if self.direction else ""

    def _directed(self, way: object) -> None:
        self.direction = str(way)
        self._ask_amount()

    def _reduce(self, total: int) -> None:
        self.reduction = total
        self.start()

    def _amount(self, x: int) -> None:
        self.amount = x
        self._target()

    def _target(self) -> None:
        if self.target is not None:
            self._toward()
            return
        state = self.screen.state
        names = [p.name for p in (*state.knights, *state.monsters) if p.name != self.source]
        items = [MenuItem(name, name) for name in names]
        open_step(self.screen, MenuStep(
            self.screen, f"{self._what()}: on whom?", items, self._picked,
            ("Click the piece on the board or choose it here.",),
            on_board=self._board_piece, on_cancel=self.start))

    def _what(self) -> str:
        amount = f" {self.amount}" if self.amount else ""
        return f"{self.kind.title()}{amount}{self._way()}"

    def _board_piece(self, space: Space) -> None:
        piece = piece_at(self.screen.state, space)
        if piece is None or piece.name == self.source:
            self.screen.session.tell(f"{space}: click a piece other than {self.source}",
                                     error=True)
            return
        self._picked(piece.name)

    def _picked(self, name: object) -> None:
        self.target = str(name)
        self._toward()

    def _toward(self) -> None:
        if self.kind.endswith("toward"):
            open_step(self.screen, MenuStep(
                self.screen, f"{self._what()} on {self.target}: toward which space?",
                [MenuItem("Cancel", "")], lambda _: self.start(),
                ("Click the space on the board (or arrows, then Enter).",),
                on_board=self._preview, on_cancel=self.start, pick_space=True))
            return
        self._preview(None)

    def _preview(self, toward: Space | None) -> None:
        assert self.target is not None
        action = Forced(self.kind, self.source, self.target, self.amount, toward,
                        reduction=self.reduction, direction=self.direction, weapon=self.weapon)
        open_step(self.screen, try_preview(self.screen, action, f"Preview: {self._what()}",
                                           on_done=lambda _: self.finish(),
                                           on_cancel=self.start))
