"""The controller stack protocol and the base class of every game's screen.

The app keeps a stack of :class:`Controller` objects.  Each pygame event goes to the topmost
first; ``handle_event`` returns ``True`` when it consumed the event, else the next one down gets
it.  A *modal* controller (``modal = True``: a hand-over screen, the dice tray, a choice menu)
also swallows every event it does not consume, so nothing below it reacts.  Controllers are
pushed with ``app.push(controller)`` and pop themselves with ``app.pop(self)``; the app calls
``on_push(app)`` / ``on_pop()``.  A controller that asks something (a menu) says what in the
status line while it is open (:meth:`Controller.prompt`).  Each frame the app draws the
stack bottom to top into the board area, so a modal draws over the board.

A game plugs in with a :class:`GameController` subclass (its *screen*) registered in
:mod:`tabletop.ui.screens`.  Controllers turn events into actions and hand them to
``session.perform(action)`` (or ``session.edit(state, note)`` in an edit mode); they never
change state themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from tabletop.errors import QueryError, UsageError
from tabletop.games.contract import State
from tabletop.games.move_kinds import MoveKinds, move_kinds
from tabletop.games.overlay import Overlay, overlay, picture_verbs
from tabletop.games.query import split_words
from tabletop.ui.session import Session
from tabletop.ui.viewport import Viewport

if TYPE_CHECKING:
    from tabletop.ui.widgets.button import Button
    from tabletop.ui.widgets.log_panel import LogPanel


class AreasHost(Protocol):
    """The parts of the window a controller may read (:class:`tabletop.ui.app.Areas`)."""

    board: pygame.Rect


class AppHost(Protocol):
    """What a controller may read of the window and ask it to do: the host of the controller
    stack, :class:`tabletop.ui.app.App`, seen from below so that this module need not import
    the app (no import circle)."""

    session: Session
    areas: AreasHost
    buttons: list[Button]
    log_panel: LogPanel
    auto_forced: bool
    interactive: bool
    """False while a picture of the board is drawn (a screenshot): no buttons, log or keys."""

    @property
    def screen(self) -> GameController:
        """The game's screen (the bottom of the stack)."""
        ...

    def push(self, controller: Controller) -> None:
        """Push ``controller`` on the stack."""

    def pop(self, controller: Controller) -> None:
        """Pop ``controller`` (and whatever is above it)."""

    @property
    def top(self) -> Controller:
        """The topmost controller."""
        ...

    def dispatch(self, event: pygame.event.Event) -> None:
        """Hand ``event`` to the stack as if it came from pygame."""


class Controller:
    """One entry of the controller stack (see the module docstring)."""

    modal: bool = False
    in_panel: bool = False
    """Whether this controller shows a menu or choice in the side panel (in place of the
    selection's facts and the legend), so that the board keeps its place while it is open."""

    def __init__(self) -> None:
        self.app: AppHost | None = None

    def on_push(self, app: AppHost) -> None:
        """Called when pushed; ``self.app`` is set."""
        self.app = app

    def on_pop(self) -> None:
        """Called when popped."""

    def prompt(self) -> str:
        """What this controller asks while it is open, in words for the status line (the
        base: ``""``, the status line keeps what it says).  The app shows it when the
        controller is pushed, before :meth:`on_push` (which may say more), so that a hint of
        the screen below (such as "click a target") is not left standing while a menu asks
        something else; when the controller is popped with its prompt still showing, the
        status line gets back what it said before."""
        return ""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` was consumed (the base consumes nothing)."""
        return False

    def pages(self) -> bool:
        """Whether PgUp and PgDn turn this controller's pages now (the base: no; the log
        keeps those keys while it is open)."""
        return False

    def update(self, dt_ms: int) -> None:
        """Advance animations by ``dt_ms`` milliseconds (called once per turn of the loop)."""

    def animating(self) -> bool:
        """Whether this controller moves on its own and needs frames without input (the
        base: no; an idle window then draws nothing until an event comes)."""
        return False

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw into ``rect`` (the board area) of ``surface``."""

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw this controller's menu into ``rect`` of the side panel (called for the
        topmost controller with :attr:`in_panel` whenever the panel is drawn afresh)."""

    def panel_key(self) -> Hashable | None:
        """Everything :meth:`draw_panel` draws besides its rectangle and the look, as a value
        that is equal between two frames only when the menu's picture is the same (the
        window keeps the side panel's picture while it is); ``None`` (the base): not known,
        so the panel is drawn afresh every frame while this controller's menu is open."""
        return None


@dataclass(frozen=True)
class ButtonSpec:
    """A button a screen offers in the side panel: ``label``, what a click does, the key that
    does the same (shown on the button), whether it is usable now, whether it shows a
    choice that is on (``active``: drawn highlighted), and where it goes (``slot``):
    ``"end"`` for the control that ends the turn or step (the fixed place beside Undo, Redo
    and Save, which never moves), ``"card"`` for an action of the selected card or piece
    (its own area under the game's buttons), ``""`` for the game's buttons; ``wide``: a
    whole row, for a label too long for half of one (whatever it reads, so that the
    buttons after it keep their places)."""

    label: str
    on_click: Callable[[], Any]
    key: str = ""
    enabled: bool = True
    active: bool = False
    slot: str = ""
    wide: bool = False


class GameController(Controller):
    """The base of every game's screen: the bottom of the controller stack.

    Subclasses implement :meth:`draw` (the board, static layers cached, fitted into
    ``self.viewport.frame(...)`` of the part of the area the board goes in, so that zoom and
    pan work; clicks map through the same fit) and whatever of the rest their game needs.
    """

    title = "board"
    overlay_words: tuple[str, ...] = ()
    """The screen's own ``--overlay`` words (window states such as ``select NAME``), beside
    the game's questions with a picture."""

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.reveal = False
        self.viewport = Viewport()
        self.asked: list[Overlay] = []
        self._kinds: tuple[State | None, str | None, MoveKinds] = (None, None, MoveKinds())

    def view_state(self) -> State:
        """The state to draw: unless ``self.reveal``, the game's public view (its
        ``view_for(state, None)``); a screen with per-player secrets shows the deciding
        player's own after a hand-over."""
        state = self.session.state
        return state if self.reveal else self.session.game.public_view(state)

    def picture_state(self, reveal: bool) -> State:
        """The state a picture of this board carries as its layout: the whole state with
        ``reveal`` or when nothing in it is hidden from an onlooker, else the game's public
        view (hidden parts stored as unknown: face-down cards by count, a secret order as
        unrevealed), which reopens as the board the public saw."""
        state, game = self.session.state, self.session.game
        if reveal or not game.hidden_from(state, None):
            return state
        return game.public_view(state)

    def move_kinds(self, actor: str | None = None) -> MoveKinds:
        """The kinds of move the rules core allows now (its legal actions sorted by
        :func:`tabletop.games.move_kinds.move_kinds`, asked once per state and ``actor``);
        none on a public view, which cannot be played on."""
        state = self.session.state
        if self._kinds[0] is not state or self._kinds[1] != actor:
            kinds = MoveKinds() if self.session.public_view else move_kinds(
                self.session.game.name, state, actor)
            self._kinds = (state, actor, kinds)
        return self._kinds[2]

    def only_move(self, actor: str | None = None) -> str:
        """The "what now" hint's words when only one kind of move is possible now (for
        ``actor`` alone, when given), else ``""`` (:meth:`MoveKinds.only`); nothing while
        the screen waits for a hand-over, since what a player may do can tell what their
        hidden hand holds, nor in a picture of the board (its words name the window's keys)."""
        if self.app is not None and not self.app.interactive:
            return ""
        return self.move_kinds(actor).only() if self.deciding_at_screen() else ""

    def deciding_at_screen(self) -> bool:
        """Whether the player who decides now has the screen (a game with per-player secrets
        says no until its hand-over screen was clicked); ``True`` for a game without."""
        return True

    def panel_lines(self) -> list[str]:
        """Side-panel facts about the selection (or the board when nothing is selected)."""
        return []

    def scrollers(self) -> list:
        """The screen's own scrolling columns (:class:`~tabletop.ui.widgets.panels.PanelBody`)
        on the board, which take the wheel over them before the board's zoom; none here."""
        return []

    def legend(self) -> list[tuple[tuple[int, int, int], str]]:
        """``(colour, meaning)`` rows for the side panel's legend."""
        return []

    def banner(self) -> tuple[str, tuple[int, int, int]] | None:
        """The turn banner: ``(words, colour)`` of the side to play, or ``None``."""
        return None

    def buttons(self) -> list[ButtonSpec]:
        """The game's own buttons (the app adds Undo, Redo and Save)."""
        return []

    def key_help(self) -> list[tuple[str, str]]:
        """``(key, what it does)`` rows for the help screen (F1)."""
        return []

    def apply_overlay(self, spec: str) -> None:
        """Add the overlay ``spec`` (``tabletop screenshot --overlay``): a ``tabletop query``
        question whose answer has a picture, asked about the board as drawn (hidden
        information filtered as :meth:`view_state` filters it) and drawn with the others, or
        one of the screen's :attr:`overlay_words`.  Raises
        :class:`~tabletop.errors.UsageError` naming what is accepted otherwise."""
        try:
            words = split_words(spec)
        except QueryError as exc:
            raise UsageError(f"--overlay {spec!r}: {exc}") from None
        verb = words[0].lower() if words else ""
        if verb in self.session.game.verbs:
            self.asked.append(overlay(self.session.game, self.view_state(), spec))
        elif verb in self.overlay_words:
            self.screen_overlay(verb, words[1:], spec)
        else:
            own = ", ".join(self.overlay_words)
            own = f", or this screen's {own}" if own else ""
            raise UsageError(f"--overlay {spec!r}: no {self.session.game.name} overlay "
                             f"{verb!r}; ask a question with a picture "
                             f"({', '.join(picture_verbs(self.session.game))}){own}")

    def screen_overlay(self, verb: str, args: list[str], spec: str) -> None:
        """Turn on the screen's own overlay ``verb`` (one of :attr:`overlay_words`) with
        ``args``; raises :class:`~tabletop.errors.UsageError` when the words do not fit."""
        raise UsageError(f"--overlay {spec!r}: the {self.title} screen has no overlay {verb!r}")

    def place_rects(self, name: str) -> list[pygame.Rect]:
        """Where the place ``name`` (in the game's own names, as an overlay's
        :class:`~tabletop.games.overlay.Picture` gives them) was drawn last frame, in pixels;
        empty when it is not on the board."""
        return []

    def board_point(self, point: tuple[int, int]) -> tuple[int, int] | None:
        """The pixel of a point in the board's own coordinates (Clash: corner coordinates),
        or ``None`` for a board without such points."""
        return None

    def cancel(self) -> bool:
        """Drop the selection or preview (Esc, right-click); whether anything was dropped."""
        return False

    def perform(self, action: Any) -> bool:
        """Hand ``action`` to the rules core through the session (see :meth:`Session.perform`)."""
        return self.session.perform(action)
