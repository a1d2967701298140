"""Vantage Points on the Clash screen (rulebook *Vantage Points*):

- :class:`VantageMenu` (key C): on a Knight on the ground, the Vantage Points it may climb
  (each VP of each Monster, greyed with the rules core's reason when it cannot), clicked on
  the board or in the menu, then the Climb test's result as the players rolled it — a pass
  previewed (the Knight's ghost on the VP) and confirmed, a failure logged; on a Knight on a
  VP, the fall (``FallFromVantage``: every free space next to the Monster an outcome, clicked
  by its badge); on a Monster, its locked Vantage Points to create (``CreateVantagePoint``).
- :class:`HoldOn`: the prompt the end of the Monster Round raises for every Knight on a VP
  (the ``hold-on`` events): the players roll Hold on; a Knight that holds on stays, one that
  fails falls (previewed).

Every change goes through ``session.perform`` or a
:class:`~tabletop.ui.controllers.clash_steps.PreviewStep`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.errors import IllegalActionError
from tabletop.games.clash.actions import Climb, CreateVantagePoint, FallFromVantage
from tabletop.games.clash.state import Knight, Monster
from tabletop.spatial.grid import Space
from tabletop.ui.controllers.clash_flows import close_steps, open_step
from tabletop.ui.controllers.clash_steps import MenuStep, try_preview
from tabletop.ui.facades.clash import vantage
from tabletop.ui.widgets.menu import MenuItem

if TYPE_CHECKING:
    from tabletop.ui.controllers.clash_host import ClashHost


def climb_choices(state, knight: Knight) -> list[tuple[Monster, Space, str | None]]:
    """Every Vantage Point on the board as ``(monster, space, refusal)``: ``refusal`` is the
    rules core's reason why ``knight`` cannot perform a Climb test for it now (``None``: it
    can), in board order."""
    from tabletop.ui.facades.clash import rules

    out = []
    for monster in state.monsters:
        for space in sorted(vantage.vantage_spaces(monster, unlocked_only=False)):
            try:
                rules.outcomes(state, Climb(knight.name, monster.name, space))
                out.append((monster, space, None))
            except IllegalActionError as exc:
                out.append((monster, space, exc.rule))
    return out


class VantageMenu:
    """Climb, fall or create Vantage Points for the selected piece (see the module
    docstring)."""

    def __init__(self, screen: ClashHost, name: str):
        self.screen = screen
        self.name = name

    @property
    def state(self):
        return self.screen.state

    def start(self) -> None:
        piece = self.state.pieces.get(self.name)
        if isinstance(piece, Monster):
            self._create(piece)
        elif isinstance(piece, Knight) and piece.vantage:
            self._on_vantage(piece)
        elif isinstance(piece, Knight):
            self._climb(piece)
        else:
            close_steps(self.screen)

    # -- a Knight climbs ---------------------------------------------------------------------

    def _climb(self, knight: Knight) -> None:
        choices = climb_choices(self.state, knight)
        if not choices:
            self.screen.session.tell("no Monster on the board has Vantage Points; a Monster "
                                     "without a VP description cannot be climbed", error=True)
            close_steps(self.screen)
            return
        items = [MenuItem(f"{m.name}: Vantage Point {s}", (m.name, s), why is None,
                          why or "free: a Climb test may be performed")
                 for m, s, why in choices]
        open_spaces = frozenset(s for _, s, why in choices if why is None)

        def board(space: Space) -> None:
            hit = [(m, s, why) for m, s, why in choices if s == space]
            if not hit:
                self.screen.session.tell(f"{space} is no Vantage Point: click a ringed VP "
                                         f"(blue: climbable)", error=True)
            elif hit[0][2] is not None:
                self.screen.session.tell(f"{knight.name} cannot climb {space}: {hit[0][2]}",
                                         error=True)
            else:
                self._test(hit[0][0].name, space)

        open_step(self.screen, MenuStep(
            self.screen, f"{knight.name}: climb a Vantage Point", items,
            lambda v: self._test(*v),
            ("A Climb test is a free action in the Knight's own turn; the Virtue to test is "
             "on the Monster Sheet. Click a blue VP or choose it here.",),
            on_board=board, spaces=open_spaces, pick_space=True))

    def _test(self, monster: str, space: Space) -> None:
        items = [MenuItem("Passed: climb onto it", True, note="previewed first"),
                 MenuItem("Failed: stays on the ground", False, note="logged; the free "
                                                                      "action is spent")]

        def result(passed: object) -> None:
            action = Climb(self.name, monster, space, bool(passed))
            if passed:
                open_step(self.screen, try_preview(
                    self.screen, action, f"Preview: climb {space}",
                    on_done=lambda _: close_steps(self.screen), on_cancel=self.start))
            elif self.screen.session.perform(action):
                close_steps(self.screen)

        open_step(self.screen, MenuStep(
            self.screen, f"Climb test for {monster}'s VP {space}", items, result,
            ("Roll the Climb test at the table. What did the dice say?",),
            on_cancel=self.start, marks=[(self.name, "climbs")]))

    # -- a Knight on a Vantage Point -------------------------------------------------------

    def _on_vantage(self, knight: Knight) -> None:
        items = [MenuItem("Falls (a failed Hold on test)…", "fall",
                          note="Displaced next to the Monster; every free space offered"),
                 MenuItem("Back", "back")]

        def chosen(value: object) -> None:
            if value == "fall":
                fall(self.screen, knight.name, on_done=lambda: close_steps(self.screen),
                     on_cancel=self.start)
            else:
                close_steps(self.screen)

        open_step(self.screen, MenuStep(
            self.screen, f"{knight.name} on {knight.vantage}'s Vantage Point", items, chosen,
            ("To step off, use the Movement Action or a move-like ability: its first step goes "
             "onto any free space next to the Monster.",)))

    # -- a Monster's Vantage Points --------------------------------------------------------

    def _create(self, monster: Monster) -> None:
        spaces = vantage.vantage_spaces(monster, unlocked_only=False)
        if not spaces:
            self.screen.session.tell(f"{monster.name} has no Vantage Points: a Monster without "
                                     f"a VP description cannot be climbed", error=True)
            close_steps(self.screen)
            return
        created = vantage.vantage_spaces(monster)
        items = []
        for space in sorted(spaces):
            rider = vantage.rider_on(self.state, monster, space)
            if space in created:
                note = f"created; {rider.name} is on it" if rider else "created; free"
                items.append(MenuItem(f"Vantage Point {space}", space, False, note))
            else:
                items.append(MenuItem(f"Create the Vantage Point {space}", space,
                                      note="locked until a card or effect creates it"))
        items.append(MenuItem("Done", "done"))
        locked = frozenset(s for s in spaces if s not in created)

        def chosen(value: object) -> None:
            if value == "done":
                close_steps(self.screen)
            elif isinstance(value, Space) and self.screen.session.perform(
                    CreateVantagePoint(monster.name, value)):
                self.start()

        def board(space: Space) -> None:
            if space in locked:
                chosen(space)
            else:
                self.screen.session.tell(f"{space}: click a locked Vantage Point (grey, with "
                                         f"a padlock) to create it", error=True)

        open_step(self.screen, MenuStep(
            self.screen, f"{monster.name}: Vantage Points", items, chosen,
            ("Creating VPs: until a card or effect creates a VP, it is locked.",),
            on_board=board, spaces=locked, pick_space=True))


def fall(screen: ClashHost, knight: str, on_done, on_cancel) -> None:
    """The preview of ``knight`` falling from its Vantage Point (each free space next to the
    Monster an outcome, with badges on the board); ``on_done()`` after it was confirmed."""
    open_step(screen, try_preview(
        screen, FallFromVantage(knight), f"Preview: {knight} falls",
        on_done=lambda _: on_done(), on_cancel=on_cancel,
        header=("Falling down from a VP: Displaced to a free space adjacent to the Monster; "
                "the Monster Sheet's effects of the fall are the players'.",)))


class HoldOn:
    """The Hold on prompt at the end of the Monster Round for ``knights`` (those on a VP)."""

    def __init__(self, screen: ClashHost, knights: list[str]):
        self.screen = screen
        self.knights = list(knights)

    def start(self) -> None:
        state = self.screen.state
        self.knights = [k for k in self.knights
                        if (knight := state.knight(k)) is not None and knight.vantage]
        if not self.knights:
            close_steps(self.screen)
            self.screen.session.tell("Hold on tests done: the Knight Round goes on")
            return
        items = []
        for name in self.knights:
            monster = state.knight(name).vantage
            items += [MenuItem(f"{name} holds on", ("held", name),
                               note=f"stays on {monster}'s Vantage Point"),
                      MenuItem(f"{name} fails: falls…", ("fell", name),
                               note="Displaced next to the Monster (previewed)")]
        items.append(MenuItem("Done: every test is resolved", ("done", "")))

        def chosen(value: object) -> None:
            assert isinstance(value, tuple)
            what, name = value
            if what == "held":
                self.knights.remove(name)
                self.screen.session.tell(f"{name} holds on to the Vantage Point")
                self.start()
            elif what == "fell":
                fall(self.screen, name, on_done=self._fell(name), on_cancel=self.start)
            else:
                close_steps(self.screen)

        open_step(self.screen, MenuStep(
            self.screen, "Hold on tests", items, chosen,
            ("End of the Monster Round: each Knight on a Vantage Point performs a Hold on "
             "test (the Monster Sheet says whether its VPs call for one and what a fall "
             "does). Roll at the table, then say how it went.",),
            marks=[(name, "Hold on") for name in self.knights]))

    def _fell(self, name: str):
        def done() -> None:
            if name in self.knights:
                self.knights.remove(name)
            self.start()
        return done
