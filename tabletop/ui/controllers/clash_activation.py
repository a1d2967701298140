"""A Monster's activation chosen in menus (key M on a Monster; *Resolving Activations*).

The flow itself (targeting lines, attack type, movement, the attack, forced movement after
it) is a frozen draft and a pure step function in
:mod:`tabletop.games.clash.activation_steps`; this controller only shows the question the
draft asks (a menu, a preview of an action, the forced-movement flow) and feeds the players'
answers back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.ui.controllers.clash_flows import ForcedMovement, close_steps, open_step
from tabletop.ui.controllers.clash_steps import MenuStep, try_preview
from tabletop.ui.facades.clash import activation_steps as steps
from tabletop.ui.widgets.menu import MenuItem

if TYPE_CHECKING:
    from tabletop.ui.controllers.clash_host import ClashHost


class MonsterActivation:
    """A Monster's activation chosen in menus: holds the current draft, shows its question
    and feeds each answer to :func:`~tabletop.games.clash.activation_steps.advance`."""

    def __init__(self, screen: ClashHost, monster: str):
        self.screen = screen
        self.draft = steps.begin(monster)

    def start(self) -> None:
        """Show the first question (the targeting menu)."""
        self._show(self.draft)

    def answer(self, value: object) -> None:
        """The players answered the open question with ``value``."""
        after = steps.advance(self.screen.state, self.draft, value)
        if isinstance(after, steps.Stay):
            self.screen.session.tell(after.message, error=True)
            return
        self._show(after)

    def _show(self, draft: steps.ActivationDraft) -> None:
        """Show what ``draft`` asks; a preview the rules core refuses leaves the question
        before it open (the refusal is in the status line)."""
        asked = steps.question(self.screen.state, draft)
        if isinstance(asked, steps.Close):
            self.draft = draft
            close_steps(self.screen)
            if asked.message:
                self.screen.session.tell(asked.message)
            return
        if isinstance(asked, steps.ForcedOn):
            self.draft = draft
            ForcedMovement(self.screen, asked.source, asked.target,
                           on_done=lambda: self.answer(steps.FORCED_DONE)).start()
            return
        if isinstance(asked, steps.Preview):
            step = try_preview(self.screen, asked.action, asked.title,
                               on_done=lambda outcome: self.answer(
                                   steps.Performed(tuple(outcome.events))),
                               header=asked.header, on_cancel=lambda: self.answer(steps.BACK))
            if step is None:
                return
            self.draft = draft
            open_step(self.screen, step)
            return
        self.draft = draft
        open_step(self.screen, MenuStep(
            self.screen, asked.title,
            [MenuItem(i.label, i.value, i.enabled, i.note) for i in asked.items],
            self.answer, asked.header,
            on_board=(lambda space: self.answer(steps.Clicked(space))) if asked.board
            else None,
            on_cancel=(lambda: self.answer(steps.BACK)) if asked.back else None,
            marks=list(asked.marks), pick_space=asked.pick_space))
