"""A Clash played from cards in the window (``docs/clash-sequences.md``): the Monster
Activation (N, "Activate next") and the Knight Attack (A) run the rules core's sequences,
begun and answered through ``apply`` (:mod:`tabletop.games.clash.running`).

Each question the sequence asks becomes one step beside the board: a choice is a menu, a roll
is thrown in the dice tray (seeded by the Clash, a click skips the animation, the tray's words
say what the roll does) and applied as the ``Throw`` its dice give, a re-roll declaration is a
menu that marks dice.  The board shows the sequence's state as it goes.  Each answer is one
undoable step of the session, its sentences in the log as it is given (a roll's sentence
carries the tray's replay record); undo steps back one answer and the flow asks again.  A
board saved mid-way opens at the question it was waiting for.  Esc asks before dropping the
sequence; dropping it puts the board back as it was before it began (a step of its own).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tabletop.errors import TabletopError
from tabletop.games.clash.actions import (
    ActivateFromCards,
    AttackFromCards,
    Choose,
    DeclareRerolls,
    Throw,
)
from tabletop.games.clash.events import describe
from tabletop.games.clash.state import ClashState
from tabletop.ui.controllers.clash_flows import close_steps, open_step
from tabletop.ui.controllers.clash_steps import MenuStep, badges, full_preview, taken_off
from tabletop.ui.facades.clash import knight_attack, running, turns, view
from tabletop.ui.facades.clash import sequence as seq
from tabletop.ui.logbook import LogEntry
from tabletop.ui.views.base import Grid
from tabletop.ui.views.clash_preview import (
    draw_badges,
    draw_marks,
    draw_preview,
    new_placer,
    place_badges,
)
from tabletop.ui.widgets.menu import MenuItem

if TYPE_CHECKING:
    from tabletop.dice.roll import Roll
    from tabletop.ui.controllers.clash_host import ClashHost

HEADER_LINES = 5
"""The latest sentences of the sequence shown above each step's menu."""
TITLE_CHARS = 30
"""A step's title longer than this is shortened (the whole prompt is in its header)."""
SHORT_TITLES = {"choose": "The players choose", "roll": "Throw the dice",
                "reroll": "Re-rolls"}


class FlowStep(MenuStep):
    """A step of a :class:`CardFlow`; once the dice tray above it hands a roll back and
    closes, the flow reads the roll."""

    def __init__(self, flow: CardFlow, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.flow = flow

    def close_flow(self) -> None:
        """Esc: the flow asks itself before dropping what was played so far."""
        self.cancel()

    def update(self, dt_ms: int) -> None:
        if self.flow.arrived is not None and self.app is not None and self.app.top is self:
            self.flow.take_roll()

    def draw_board(self, surface: pygame.Surface, grid: Grid) -> None:
        """A choice among ways the board can go (a movement, a forced movement, a Target) is
        previewed: the highlighted one as a ghost, the others as numbered badges."""
        super().draw_board(surface, grid)
        draft = self.flow.draft
        ask = draft.ask
        branches = list(getattr(draft, "branches", ()))
        if ask is None or ask.kind != "choose" or len(branches) != len(ask.options):
            return
        chosen = self.menu.highlight
        before, outcome = draft.state, branches[chosen]
        if outcome.state is before:
            draw_marks(surface, grid, before, [(name, "Target") for name in outcome.choices])
            return
        placer = new_placer(surface, grid, before, outcome.state)
        shown = place_badges(placer, grid, badges(before, branches, chosen))
        draw_preview(surface, grid, before, outcome.state, full_preview(before, outcome),
                     taken_off(outcome), placer)
        draw_badges(surface, grid, shown)


class CardFlow:
    """The window's side of the card sequence under way in the session's state (see the
    module docstring): it shows the sequence's question and performs the answers."""

    def __init__(self, screen: ClashHost):
        self.screen = screen
        self.arrived: Roll | None = None
        self.marked: set[int] = set()
        self.revision = -1
        self.what = what_runs(screen.session.history[-1].state)

    @property
    def session(self):
        return self.screen.session

    @property
    def draft(self):
        """The draft of the sequence under way (rebuilt by the rules core)."""
        return running.draft_of(self.session.history[-1].state)

    @property
    def state(self) -> ClashState:
        """The board as the sequence has left it so far."""
        return running.board_now(self.session.history[-1].state)

    def start(self) -> None:
        self.screen.flow = self
        self.show()

    def recent(self) -> tuple[str, ...]:
        return tuple(describe(e) for e in self.draft.events[-HEADER_LINES:])

    def show(self) -> None:
        """The step for the sequence's question; the end when no sequence runs any more."""
        self.revision = self.session.revision
        if self.session.history[-1].state.sequence is None:
            self.finish()
            return
        ask = self.draft.ask
        header = self.recent()
        if ask.kind == "choose":
            items = [MenuItem(_split(option)[0], index, note=_split(option)[1])
                     for index, option in enumerate(ask.options)]
            self._open(ask.prompt, items, lambda index: self.advance(Choose(index)), header)
        elif ask.kind == "roll":
            items = [MenuItem("Throw the dice (Enter)", "throw",
                              note="in the dice tray; a click skips to the result")]
            self._open(ask.prompt, items, lambda _value: self.throw(), header)
            self.throw()
        else:
            self._open(ask.prompt, self._reroll_items(), self._reroll, header)

    def _open(self, prompt: str, items: list[MenuItem], chosen, header) -> None:
        """A step with a short title (the prompt's head, never cut) and the whole prompt
        after the latest sentences."""
        title = prompt.partition(" (")[0]
        if len(title) > TITLE_CHARS:
            title = title.partition(": ")[0]
        if len(title) > TITLE_CHARS:
            title = SHORT_TITLES[self.draft.ask.kind]
        open_step(self.screen, FlowStep(self, self.screen, title, items, chosen,
                                        (*header, prompt), on_cancel=self.drop))

    def _reroll_items(self) -> list[MenuItem]:
        """Each die to mark for a re-roll, with its cost; then re-roll or keep."""
        ask = self.draft.ask
        roll = ask.roll
        free = ask.free
        items = []
        for index in range(len(roll)):
            marked = index in self.marked
            order = sorted(self.marked).index(index) if marked else len(self.marked)
            cost = ("free re-roll" if order < free else
                    "+1 Heat" if ask.heat and ask.roll_type != "power" else "not allowed")
            items.append(MenuItem(f"{'[x]' if marked else '[ ]'} die {index + 1}: "
                                  f"{roll.kind(index).colour} {roll.face(index).label}",
                                  ("mark", index), note=cost if marked else ""))
        items.append(MenuItem("Re-roll the marked dice", "go", bool(self.marked),
                              "" if self.marked else "mark dice first"))
        items.append(MenuItem("Keep the roll", "keep"))
        return items

    def _reroll(self, value: object) -> None:
        if isinstance(value, tuple):
            self.marked ^= {value[1]}
            self.show()
            return
        if value == "keep":
            self.advance(DeclareRerolls())
            return
        free = self.draft.ask.free
        self.advance(DeclareRerolls(tuple((i, "reroll" if n < free else "heat")
                                          for n, i in enumerate(sorted(self.marked)))))

    def throw(self) -> None:
        """Throw the asked dice in the tray (seeded, fixed: the game's roll); the tray's
        module is imported here, at the first throw, so that a board with cards is drawn
        without it."""
        from tabletop.ui.widgets.dice_tray import DiceTray

        ask = self.draft.ask
        if self.screen.app is None:
            return
        self.screen.app.push(DiceTray(
            self.session, list(seq.thrown_kinds(ask)), seed=ask.seed, on_done=self.rolled,
            throw_now=True, fixed=True, title=ask.prompt, explain=self.explain,
            rerolls_elsewhere="re-rolls are declared after the roll, in the menu beside the "
                              "board"))

    def rolled(self, roll: Roll) -> None:
        self.arrived = roll

    def throw_for(self, roll: Roll) -> Throw:
        """The ``Throw`` action the tray's ``roll`` stands for."""
        ask = self.draft.ask
        return running.throw_of(ask, seq.from_faces(ask, roll.labels()) if ask.rerolled
                                else roll)

    def explain(self, roll: Roll) -> list[tuple[str, list[str]]]:
        """What the roll does, in the sequence's words (asked of the rules core, purely)."""
        try:
            _, events = running.answer(self.session.history[-1].state, self.throw_for(roll))
        except TabletopError as exc:
            return [("The roll", [str(exc)])]
        lines = [describe(e) for e in events]
        return [("What the roll does", lines[:6] or ["nothing more"])]

    def take_roll(self) -> None:
        """Apply the tray's roll; its replay record goes with the sentence that reads it."""
        roll, self.arrived = self.arrived, None
        self.advance(self.throw_for(roll), roll.record())

    def advance(self, action: object, record: dict | None = None) -> None:
        """Perform the answer ``action`` (one undoable step), then show what comes next."""
        log = self.session.log
        first = len(log)
        if self.session.perform(action) and record is not None and len(log) > first:
            log[first] = LogEntry(log[first], data=record)
        self.marked.clear()
        self.show()

    def finish(self) -> None:
        """No sequence runs any more (it ended, or an undo went back before it)."""
        close_steps(self.screen)
        self.screen.flow = None
        state = self.session.history[-1].state
        result = state.cards.result if state.cards else ""
        if result:
            ending = "the Knights' Victory" if result == "victory" else "the Knights' Defeat"
            self.session.tell(f"The Clash is over: {ending}")

    def drop(self) -> None:
        """Esc: ask before dropping the sequence."""
        items = [MenuItem("Go on with it", "no"),
                 MenuItem(f"Drop the {self.what}", "yes",
                          note="the board goes back to before it began")]

        def chosen(value: object) -> None:
            if value == "yes":
                words = f"{self.what} dropped: the board is as it was before it began"
                self.session.record(running.start_of(self.session.history[-1].state),
                                    f"{self.what} dropped", [words])
            self.show()

        open_step(self.screen, MenuStep(self.screen, f"Drop the {self.what}?", items, chosen,
                                        self.recent(), on_cancel=self.show))


def what_runs(state: ClashState) -> str:
    """The card sequence under way in ``state``, in words (``""`` when none runs)."""
    if state.sequence is None:
        return ""
    return ("Knight Attack" if isinstance(state.sequence.begin, AttackFromCards)
            else "Monster Activation")


def under_way(state: ClashState) -> list[str]:
    """The side panel's line for a card sequence under way in ``state`` (its question), for a
    picture, where no step is open; empty when none runs (or on a public view, which cannot
    tell its question)."""
    ask = running.ask_of(state)
    if ask is None:
        return []
    return [f"{what_runs(state)} from the cards under way, waiting for: {ask.prompt}"]


def keep_in_step(screen: ClashHost) -> None:
    """Keep the window's flow in step with the session (each frame): a sequence under way
    with no flow open (a board saved mid-way, a redo) opens its question; an undo or redo
    under an open flow shows the question of the state it reached, or closes the flow when
    no sequence runs there."""
    state = screen.session.history[-1].state
    flow = screen.flow
    if flow is None:
        if (state.sequence is not None and screen.step is None and screen.app is not None
                and not screen.session.public_view):
            CardFlow(screen).start()
    elif flow.revision != screen.session.revision and flow.arrived is None:
        flow.show()


def _split(option: str) -> tuple[str, str]:
    """A long option as its first part (the label) and the rest (the note under it)."""
    head, _, rest = option.partition("; ")
    return head, rest


def start_activation(screen: ClashHost) -> bool:
    """N on a board with cards: the next Activation from the cards (``False`` without
    cards)."""
    if screen.state.cards is None:
        return False
    if screen.session.perform(ActivateFromCards()) and \
            screen.session.history[-1].state.sequence is not None:
        CardFlow(screen).start()
    return True


def start_attack(screen: ClashHost, knight: str) -> bool:
    """A on a Knight of a board with cards: the Target and the active weapon, each pair
    refused with its reason, then the Knight Attack (``False`` without cards)."""
    state = screen.state
    if state.cards is None:
        return False
    try:
        view.refuse_partial(state, f"{knight} attacks")
    except TabletopError as exc:
        screen.session.tell(str(exc), error=True)
        return True
    me = state.knight(knight)
    items = []
    for monster in state.monsters:
        for gear in knight_attack.weapons(state, knight):
            problem = turns.attack_problem(state, me, monster, gear.reach)
            items.append(MenuItem(f"{monster.name} with {gear.name} ({gear.reach})",
                                  (monster.name, gear.name), problem is None, problem or ""))
    if not items:
        screen.session.tell(f"{knight} carries no weapon", error=True)
        return True

    def chosen(value: object) -> None:
        monster, weapon = value
        if screen.session.perform(AttackFromCards(knight, monster, weapon)) and \
                screen.session.history[-1].state.sequence is not None:
            CardFlow(screen).start()

    open_step(screen, MenuStep(screen, f"{knight} attacks: the Target and the active weapon",
                               items, chosen, ("Declare the Target and the active weapon; "
                                               "a refused pair says why",),
                               on_cancel=lambda: screen.session.tell("attack cancelled: "
                                                                     "nothing changed")))
    return True
