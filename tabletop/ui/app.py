"""The window: one loop of events -> controller stack -> rules core (through the session) ->
state -> view, in a resizable window; the loop (:mod:`tabletop.ui.loop`) waits for events and
draws only when something changed or animates.

:class:`App` holds the session and the controller stack and draws whole frames (title strip,
board area, side panel, status line) into any surface, so the window, ``tabletop screenshot``,
``tabletop bench`` and the tests all draw the same picture.  :func:`run` opens the window.
"""

from __future__ import annotations

import importlib
import os
import sys
import time
import warnings
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import pygame

from tabletop import userdirs
from tabletop.collector import pause_collector, resume_collector
from tabletop.console import say
from tabletop.errors import TabletopError
from tabletop.games.contract import Game, State
from tabletop.ui import background, keys, pixels, settings, textlayer
from tabletop.ui.controllers.base import Controller, GameController
from tabletop.ui.history import HistoryView
from tabletop.ui.navigate import KEY_HELP as VIEW_KEY_HELP
from tabletop.ui.navigate import Navigator
from tabletop.ui.pictures import load_board, write_png
from tabletop.ui.screens import screen_for
from tabletop.ui.session import Session
from tabletop.ui.textlayer import block, cover, line_height
from tabletop.ui.views.asked import draw_asked, draw_captions
from tabletop.ui.views.base import text, wrap
from tabletop.ui.widgets import theme
from tabletop.ui.widgets.button import Button, lay_out
from tabletop.ui.widgets.dialogs import QuitDialog, SaveAsPrompt
from tabletop.ui.widgets.kept import KeptPart
from tabletop.ui.widgets.log_panel import LogPanel
from tabletop.ui.widgets.panels import PanelBody, body_height
from tabletop.ui.widgets.strips import draw_status_line, draw_title_strip, draw_turn_banner
from tabletop.ui.widgets.tooltip import draw_tooltip

if TYPE_CHECKING:
    from tabletop.ui.recovery import Pending
    from tabletop.ui.stopsignals import StopSignals

SWITCH_INTERVAL = 0.001
"""Seconds between thread switches while the window runs: when a background search runs
into a frame, the frame loop gets the interpreter back within a millisecond."""
EXIT_OK, EXIT_INPUT, EXIT_BUG = 0, 2, 70

APP_KEY_HELP: list[tuple[str, str]] = [
    ("Ctrl+Z", "undo"), ("Ctrl+Y / Ctrl+Shift+Z", "redo"),
    ("Ctrl+S", "save (to a file of yours; else Save As)"), ("Ctrl+Shift+S", "save as"),
    ("F12", "save a picture of the board (screenshots folder)"),
    ("F5", "reopen the file from disk"), ("F1", "this help"), ("Ctrl+Q", "quit"),
    ("Ctrl+Shift+= / Ctrl+Shift+-", "UI scale up / down (75 % to 200 %, kept for next time)"),
    ("Ctrl+H", "high-contrast theme on / off (kept for next time)"),
    ("Ctrl+F", "auto-resolve forced choices on/off (off: every choice the rules give you "
               "is asked, even with one legal form)"),
    ("drop a file", "open it"),
    ("log: wheel, PgUp/PgDn, click", "scroll the log; an entry's board, read-only (Esc: back)"),
    *VIEW_KEY_HELP,
]


@dataclass(frozen=True)
class Areas:
    """Where each part of a frame goes, for a window of ``size``."""

    size: tuple[int, int]
    title: pygame.Rect
    board: pygame.Rect
    panel: pygame.Rect
    status: pygame.Rect

    @classmethod
    def of(cls, size: tuple[int, int]) -> Areas:
        width, height = size
        theme.set_window(size)
        title, status = theme.ui(theme.TITLE_HEIGHT), theme.ui(theme.STATUS_HEIGHT)
        panel_width = min(theme.ui(theme.PANEL_WIDTH), max(180, width // 3))
        middle = max(1, height - title - status)
        return cls(
            size=size,
            title=pygame.Rect(0, 0, width, title),
            board=pygame.Rect(0, title, max(1, width - panel_width), middle),
            panel=pygame.Rect(width - panel_width, title, panel_width, middle),
            status=pygame.Rect(0, height - status, width, status),
        )


class PanelContent(NamedTuple):
    """What the side panel shows in a frame, worked out before it is drawn: its area inside
    the margins, where the buttons end, the turn banner (words and colour), the questions
    asked (their captions), the menu open in the panel, the selection's facts and the
    legend (none while a menu is open)."""

    inner: pygame.Rect
    top: int
    banner: tuple[str, tuple[int, int, int]] | None
    asked: tuple
    widget: Controller | None
    facts: tuple[str, ...]
    legend: tuple


class App:
    """The session, the controller stack (the game's screen at the bottom) and the frame."""

    def __init__(self, session: Session, size: tuple[int, int] = theme.DEFAULT_WINDOW):
        self.session = session
        self.stack: list[Controller] = []
        self.running = True
        self.areas = Areas.of(size)
        self.screenshot_folder = userdirs.screenshots()
        self.armed: str | None = None
        self._was_armed: str | None = None
        self.buttons: list[Button] = []
        self.navigator = Navigator(self)
        self.pointer: tuple[int, int] | None = None
        self.log_panel = LogPanel()
        self.panel_body = PanelBody()
        self.kept_panel = KeptPart()
        self.interactive = True
        self.auto_forced = False
        """*Auto-resolve forced choices* (Ctrl+F): off, the window asks every choice the
        rulebook gives a player, even one with a single legal form."""
        self._prompted: dict[Controller, tuple[str, bool, str]] = {}
        """Per open controller with a prompt: the status (and whether an error) it replaced,
        and the prompt."""
        self.push(screen_for(session))

    # -- the controller stack -------------------------------------------------------------

    @property
    def screen(self) -> GameController:
        """The game's screen (the bottom of the stack)."""
        screen = self.stack[0]
        assert isinstance(screen, GameController)
        return screen

    def push(self, controller: Controller) -> None:
        """Put ``controller`` on top of the stack; it gets events first from now on.  An open
        quit dialog stays on top (a tray or screen pushing something meanwhile goes under
        it), so nothing can take its answer."""
        if self.stack and isinstance(self.stack[-1], QuitDialog) \
                and not isinstance(controller, SaveAsPrompt):
            self.stack.insert(len(self.stack) - 1, controller)
        else:
            self.stack.append(controller)
            asks = controller.prompt()
            if asks:  # what the open menu asks, not a stale hint of the screen below
                self._prompted[controller] = (self.session.status, self.session.status_error,
                                              asks)
                self.session.tell(asks)
        controller.on_push(self)

    def pop(self, controller: Controller) -> None:
        """Take ``controller`` (and anything above it) off the stack; the screen stays, and so
        does an open quit dialog above it (it waits for its answer)."""
        waiting = None
        while len(self.stack) > 1 and controller in self.stack:
            top = self.stack.pop()
            if isinstance(top, QuitDialog) and top is not controller:
                waiting = top
            else:
                top.on_pop()
                self._unprompt(top)
        if waiting is not None:
            self.stack.append(waiting)

    def _unprompt(self, controller: Controller) -> None:
        """Give the status line back what it said before ``controller`` (popped) showed its
        prompt, unless something has been said since (a choice's result, a refusal)."""
        said = self._prompted.pop(controller, None)
        if said is not None and (self.session.status, self.session.status_error) == \
                (said[2], False):
            self.session.tell(said[0], said[1])

    @property
    def top(self) -> Controller:
        return self.stack[-1]

    # -- events ----------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the frame out for a window of ``size`` (no-op when unchanged)."""
        if size != self.areas.size:
            self.areas = Areas.of(size)

    def dispatch(self, event: pygame.event.Event) -> None:
        """Hand one event to the window keys, buttons, controllers and app keys, in that
        order; a rules or file error becomes the status line, never a crash."""
        try:
            self._dispatch(event)
        except TabletopError as exc:
            self.session.tell(str(exc), error=True)

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos  # where a tooltip shows
        elif event.type == pygame.WINDOWLEAVE:
            self.pointer = None
        if event.type in (pygame.QUIT, pygame.DROPFILE, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) \
                and not is_modifier(event):
            self._was_armed, self.armed = self.armed, None
        if is_quit(event):  # before any modal: nothing on the stack can swallow a quit
            self.request_quit()
            return
        if is_save(event) and not isinstance(self.top, SaveAsPrompt | QuitDialog):
            self.save_as() if event.mod & pygame.KMOD_SHIFT else self.save()
            return  # over a tray or menu too: saving never waits for one to close
        if event.type == pygame.DROPFILE:
            if self._confirmed(f"open {event.file}", f"dropping {event.file} again opens it"):
                self.open_file(event.file)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F12:
            self.take_screenshot()
            return
        if event.type == pygame.KEYDOWN and self._look_key(event):
            return
        if event.type == pygame.VIDEORESIZE:
            keep_minimum_size(event.size)
        if any([column.handle_event(event) for column in self._scrolling(event)]):
            return
        event = self.navigator.filter(event)
        if event is None:  # it zoomed or panned the board
            return
        top = self.top
        if top.modal:
            top.handle_event(event)
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            for button in self.buttons:
                if button.handle_event(event):
                    return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.log_panel.entry_at(event.pos)
            if index is not None:
                self.push(HistoryView(index))
                return
        for controller in reversed(self.stack):
            if controller.handle_event(event):
                return
        if event.type == pygame.KEYDOWN and not self._button_key(event):
            self._app_key(event)

    def _scrolling(self, event: pygame.event.Event) -> list:
        """The scrolling columns offered ``event`` before the controllers, each seeing the
        pointer's motion: the log, the facts and legend, the screen's own.  While a menu is
        open in the side panel the facts are hidden under it, so the wheel and clicks there
        are the menu's; and PgUp / PgDn page a menu that pages, not the log."""
        columns = [self.log_panel, self.panel_body, *self.screen.scrollers()]
        menu = next((c for c in reversed(self.stack) if c.in_panel), None)
        if menu is None or event.type == pygame.MOUSEMOTION:
            return columns
        columns.remove(self.panel_body)
        if event.type == pygame.KEYDOWN and event.key in PAGE_KEYS and menu.pages():
            columns.remove(self.log_panel)
        return columns

    def _button_key(self, event: pygame.event.Event) -> bool:
        """A letter or digit that no controller used and that an enabled button shows as its
        key presses that button, so every key written on a button does what it says;
        returns whether one did."""
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False
        name = pygame.key.name(event.key).lower()
        if len(name) != 1 or not name.isalnum():
            return False
        button = next((b for b in self.buttons if b.enabled and b.key.lower() == name), None)
        if button is None:
            return False
        button.on_click()
        return True

    def _look_key(self, event: pygame.event.Event) -> bool:
        """Ctrl+Shift+= / Ctrl+Shift+- (UI scale; Ctrl+= and Ctrl+- alone zoom the board)
        and Ctrl+H (high contrast): change the look, lay the frame out again and keep the
        choice in the settings file; returns whether the key was one of them."""
        if not event.mod & pygame.KMOD_CTRL:
            return False
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if shift and event.key in (pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS,
                                   pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_UNDERSCORE):
            up = event.key in (pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS)
            theme.set_ui_scale(settings.step_scale(theme.ui_scale(), up))
            said = f"UI scale {theme.ui_scale()} % (Ctrl+Shift+= / Ctrl+Shift+-)"
            if theme.effective_scale() < theme.ui_scale():
                said += f"; {theme.effective_scale()} % in a window this size"
        elif event.key == pygame.K_h:
            theme.use("default" if theme.current() == "high-contrast" else "high-contrast")
            said = f"{theme.current()} theme (Ctrl+H)"
        else:
            return False
        self.areas = Areas.of(self.areas.size)
        note = settings.save(settings.Settings(theme.ui_scale(), theme.current()))
        self.session.tell(note or f"{said}, kept for next time", error=note is not None)
        return True

    def _app_key(self, event: pygame.event.Event) -> None:
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if ctrl and event.key == pygame.K_z and not shift:
            self.session.undo()
        elif ctrl and (event.key == pygame.K_y or (event.key == pygame.K_z and shift)):
            self.session.redo()
        elif ctrl and event.key == pygame.K_f:
            self.auto_forced = not self.auto_forced
            self.session.tell("auto-resolve forced choices: " + (
                "on (a choice with one legal form and no \"may\" is made without asking)"
                if self.auto_forced else "off (every choice the rules give you is asked)"))
        elif event.key == pygame.K_F5:
            self.reopen()
        elif event.key == pygame.K_F1:
            own = self.screen.key_help()
            taken = {name for name, _ in own}  # a key the screen uses never reaches the app
            registered = [(name, k.help) for k in keys.APP_KEYS
                          if (name := ("Ctrl+" if k.ctrl else "") + k.key.upper()) not in taken]
            self.push(HelpScreen([*own, *registered]))
        elif event.key == pygame.K_ESCAPE:
            self.screen.cancel()
        else:
            name = pygame.key.name(event.key).lower()
            for binding in keys.APP_KEYS:
                if binding.key == name and binding.ctrl == ctrl:
                    module, _, cls = binding.target.partition(":")
                    self.push(getattr(importlib.import_module(module), cls)(self.session))
                    return

    def _confirmed(self, request: str, again: str) -> bool:
        """Whether a request that would drop unsaved changes may go ahead: at once when
        there are none, else only when it repeats the request just warned about (``again``
        says how, in the warning)."""
        if not self.session.dirty or self._was_armed == request:
            return True
        self.armed = request
        self.session.tell(f"unsaved changes: Ctrl+S saves them; {again} without saving",
                          error=True)
        return False

    def request_quit(self) -> None:
        """Close the window (Ctrl+Q, the window's close button): at once when the board is
        saved, else after one answer in the quit dialog (Save, Discard, Cancel).  A request
        while the dialog is open changes nothing."""
        if any(isinstance(c, QuitDialog) for c in self.stack):
            return
        if not self.session.dirty:
            self.running = False
            return
        self.push(QuitDialog(on_save=lambda: self.save(then=self.stop),
                             on_discard=self.stop))

    def stop(self) -> None:
        """End the loop: the window closes after this frame."""
        self.running = False

    def save(self, then: Callable[[], None] | None = None) -> None:
        """Ctrl+S: write back to the file opened when the user owns it as a save, else ask
        for a file name (Save As); ``then`` runs once the board is saved."""
        if not self.session.owns_file:
            self.save_as(then)
        elif self.session.save() and then is not None:
            then()

    def save_as(self, then: Callable[[], None] | None = None) -> None:
        """Ctrl+Shift+S: ask for a file name (offered in the saves folder) and save there."""
        if not any(isinstance(c, SaveAsPrompt) for c in self.stack):
            self.push(SaveAsPrompt(self.session, then))

    # -- files -----------------------------------------------------------------------------

    def open_file(self, path: str) -> None:
        """Replace the board by the one in ``path`` (layout or PNG); a bad file leaves the
        board as it is and puts the same error as ``tabletop check`` in the status line."""
        game, state = load_board(path)
        self.replace_session(Session(game, state, path=str(path),
                                     recovery=self.session.recovery))
        if not self.session.public_view:
            self.session.tell(f"opened {path}")

    def reopen(self) -> None:
        """Read the session's file again from disk (F5; with unsaved changes, F5 twice)."""
        if self.session.path is None:
            self.session.tell("this board came from no file", error=True)
            return
        if not self._confirmed("reopen", "F5 again reopens the file"):
            return
        self.open_file(self.session.path)

    def replace_session(self, session: Session) -> None:
        """Show ``session`` instead of the current one, with a fresh screen."""
        while self.stack:
            self.stack.pop().on_pop()
        self._prompted.clear()
        self.session = session
        self.push(screen_for(session))

    def restore(self, pending: Pending) -> None:
        """Open the board of a left-behind recovery file (marked unsaved) and delete it."""
        game, state = pending.load()
        session = Session(game, state, path=pending.source, recovery=self.session.recovery,
                          saved=False)
        self.replace_session(session)
        pending.discard()
        session.write_recovery()
        session.tell(f"restored {pending.describe()}")

    def take_screenshot(self) -> Path | None:
        """Save a picture of the board state (the frame without buttons, log and status line)
        as a PNG with the layout inside, in :attr:`screenshot_folder` (default: the user's
        screenshots folder, :func:`tabletop.userdirs.screenshots`); returns its path, or
        ``None`` (the reason in the status line) when it cannot."""
        stem = Path(self.session.path).stem if self.session.path else "board"
        name = f"{stem}-{time.strftime('%Y%m%d-%H%M%S')}.png"
        surface = pygame.Surface(self.areas.size)
        self.interactive = False  # a picture of the board state: no buttons, log or status
        try:
            self.draw(surface)
        finally:
            self.interactive = True
        history = self.history()
        with self.session.showing(history.state() if history is not None else None):
            carried = self.screen.picture_state(self.screen.reveal)  # the board pictured
        try:
            path = write_png(surface, carried, userdirs.ensure(self.screenshot_folder) / name)
        except TabletopError as exc:
            self.session.tell(str(exc), error=True)
            return None
        public = self.session.game.is_partial(carried)
        self.session.tell(f"screenshot saved: {path}" + (" (it holds the public view: hidden "
                                                        "parts stay unknown)" if public else ""))
        return path

    # -- drawing ---------------------------------------------------------------------------

    def update(self, dt_ms: int) -> None:
        for controller in self.stack:
            controller.update(dt_ms)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw a whole frame into ``surface`` (laid out for its size), recording its text
        (:func:`tabletop.ui.textlayer.drawn`), with the tooltip under the pointer on top."""
        self.resize(surface.get_size())
        theme.set_window(surface.get_size())
        textlayer.begin_frame(surface)
        areas, session = self.areas, self.session
        for part in _around(surface.get_rect(), areas.panel):  # the panel paints itself
            pixels.fill(surface, theme.BACKGROUND, part)
        state_title = getattr(session.state, "title", "")
        title = f"{session.game.title} — {state_title}" if state_title else session.game.title
        detail = Path(session.path).name if session.path else ""
        if session.dirty:
            detail = f"{detail} (unsaved)" if detail else "(unsaved)"
        if session.public_view:
            detail = f"{detail} (public view)".strip()
        history = self.history()
        if history is not None:
            title = f"{title} — {history.describe()}"
        with session.showing(history.state() if history is not None else None):
            draw_title_strip(surface, areas.title, title, detail)
            for controller in self.stack:
                surface.set_clip(areas.board)
                controller.draw(surface, areas.board)
                if controller is self.screen:
                    draw_asked(surface, areas.board, self.screen.asked, self.screen.place_rects,
                               self.screen.board_point)
                    above = getattr(controller, "draw_above_asked", None)
                    if above is not None:  # marks that must stay visible over the overlays
                        above(surface, areas.board)
            surface.set_clip(None)
            self._draw_panel(surface, areas.panel)
        if self.interactive:
            draw_status_line(surface, areas.status, session.status, session.status_error)
            draw_tooltip(surface, self.pointer)

    def history(self) -> HistoryView | None:
        """The history view when the window shows a past board, else ``None``."""
        return next((c for c in self.stack if isinstance(c, HistoryView)), None)

    def _draw_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The side panel (:meth:`_paint_panel`).  In the window its picture is kept between
        frames and drawn afresh only when something it shows changes (:meth:`_panel_key`:
        its words, a button's hover or press, a menu, a scroll, the window's size, the look);
        a picture of the board draws it straight in."""
        inner = rect.inflate(-theme.ui(20), -theme.ui(16))
        banner = self.screen.banner()
        if self.session.public_view:
            banner = ("Public view: not playable", theme.PANEL_EDGE)
        top = inner.y
        if self.interactive:  # a picture of the board (screenshot, F12) has no buttons
            fixed, game, card = self._make_buttons()
            self.buttons = [*fixed, *game, *card]
            top += self._lay_out_buttons(fixed, game, card, inner) + theme.ui(10)
        widget = next((c for c in reversed(self.stack) if c.in_panel), None)
        shown = PanelContent(
            inner=inner, top=top, banner=banner, asked=tuple(self.screen.asked), widget=widget,
            facts=tuple(self.screen.panel_lines()) if widget is None else (),
            legend=tuple(self.screen.legend()) if widget is None else ())
        key = self._panel_key(shown) if self.interactive else None
        if key is None:
            self._paint_panel(surface, rect, shown)
        else:
            self.kept_panel.draw(surface, rect, key,
                                 lambda canvas: self._paint_kept_panel(canvas, rect, shown))

    def _paint_kept_panel(self, canvas: pygame.Surface, rect: pygame.Rect,
                          shown: PanelContent) -> Hashable | None:
        """Draw the side panel into ``canvas`` to be kept; returns its key as things stand
        once it is drawn (the drawing keeps a scroll or a menu's first row in range)."""
        self._paint_panel(canvas, rect, shown)
        return self._panel_key(shown)

    def _panel_key(self, shown: PanelContent) -> Hashable | None:
        """Everything the side panel's picture in the window depends on besides its place:
        the window's size and look, the banner, each button as it is drawn, the questions'
        captions, the open menu's own key, the facts and legend and how far they are
        scrolled, the log and how far it is scrolled, the past board shown; ``None`` when
        part of the panel cannot say what it shows (a screen that draws its own panel body, a
        menu without :meth:`~tabletop.ui.controllers.base.Controller.panel_key`), so that
        the panel is drawn afresh."""
        if getattr(self.screen, "draw_panel_body", None) is not None:
            return None
        menu = shown.widget.panel_key() if shown.widget is not None else ()
        if menu is None:
            return None
        history = self.history()
        return (self.areas.size, theme.epoch(), shown.top, shown.banner,
                tuple((b.label, b.key, b.enabled, b.active, b.hover, b.pressed, tuple(b.rect))
                      for b in self.buttons),
                tuple(item.caption for item in shown.asked), menu, shown.facts, shown.legend,
                self.panel_body.first, tuple(self.session.log), self.log_panel.first,
                history.index if history is not None else None)

    def _paint_panel(self, surface: pygame.Surface, rect: pygame.Rect,
                     shown: PanelContent) -> None:
        """Draw the side panel into ``rect`` of ``surface``: buttons (placed already), turn
        banner, the questions' captions, the open menu or else the selection's facts and the
        legend (left out when the window is too small to show it beside the rest), and the
        log.  Facts and legend take the height their words need (shared when both cannot
        have it); the log takes the rest."""
        pixels.fill(surface, theme.PANEL, rect)
        pygame.draw.line(surface, theme.PANEL_EDGE, rect.topleft, rect.bottomleft)
        inner, y = shown.inner, shown.top
        gap = theme.ui(8)
        if self.interactive:
            for button in self.buttons:
                button.draw(surface)
        if shown.banner:  # under the fixed controls, so they never move with its words
            y += draw_turn_banner(surface, pygame.Rect(inner.x, y, inner.width, 0),
                                  *shown.banner) + gap
        if shown.asked:  # the overlays' captions, each by its number in its colour
            y += draw_captions(surface, pygame.Rect(inner.x, y, inner.width,
                                                    inner.bottom - y), shown.asked) + 8
        room = max(0, inner.bottom - y)  # under the buttons: facts, legend, then the log
        widget = shown.widget
        share = 5 if widget is not None else 3  # an open menu wants the room
        log_least = min(max(theme.ui(90), room // share), room // 2) if self.interactive else 0
        if self.interactive and not self.session.log:  # nothing yet: the log's heading only
            log_least = min(theme.ui(30), room)
        facts, legend = shown.facts, shown.legend
        if widget is not None:  # an open menu takes the place of the facts and the legend
            menu = pygame.Rect(inner.x, y, inner.width, max(40, room - log_least - gap))
            widget.draw_panel(surface, menu)
            if widget.modal and getattr(widget, "short_of_room", lambda: False)():
                # a short window: the page would hold fewer options than it can, so the
                # menu takes the panel from its top (the buttons and banner it covers do
                # nothing while a modal menu is open)
                menu.height, menu.top = menu.bottom - inner.y, inner.y
                pixels.fill(surface, theme.PANEL, menu)
                widget.draw_panel(surface, menu)
            y, room = menu.bottom + gap, max(0, inner.bottom - menu.bottom - gap)
        shared = max(0, room - log_least - 2 * gap)
        body = getattr(self.screen, "draw_panel_body", None)  # a screen that draws its own
        if body is not None:
            legend_room = min(body_height(inner.width, [], legend), shared // 2)
            body(surface, pygame.Rect(inner.x, y, inner.width, shared - legend_room))
            y += shared - legend_room + gap
            facts, shared = (), legend_room
        if facts or legend:  # every line whole: scrolled in the window, smaller in a picture
            y += self.panel_body.draw(surface, pygame.Rect(inner.x, y, inner.width, shared),
                                      facts, legend, can_scroll=self.interactive) + gap
        log_top = y
        if not self.interactive:
            return
        history = self.history()
        self.log_panel.draw(surface, pygame.Rect(inner.x, log_top, inner.width,
                                                 inner.bottom - log_top),
                            self.session.log, history.index if history is not None else None)

    @staticmethod
    def _lay_out_buttons(fixed: list[Button], game: list[Button], card: list[Button],
                         inner: pygame.Rect) -> int:
        """Place the three groups of buttons from the top of ``inner``: the fixed controls
        (Undo, Redo, Save and the turn's end, always two rows, so their places depend on the
        window's size alone), the game's buttons, then the selected card's or piece's
        actions, one to a row, so that each says in whole words what it costs and gives up;
        returns the height used."""
        gap = theme.ui(8)
        rows = 2 * theme.ui(26) + theme.ui(6)
        lay_out(fixed, pygame.Rect(inner.x, inner.y, inner.width, 0))
        y = inner.y + rows + gap
        used = lay_out(game, pygame.Rect(inner.x, y, inner.width, 0))
        y += used + (gap if used else 0)
        used = lay_out(card, pygame.Rect(inner.x, y, inner.width, 0), per_row=1)
        y += used + (gap if used else 0)
        return y - gap - inner.y

    def _make_buttons(self) -> tuple[list[Button], list[Button], list[Button]]:
        """``(fixed, game, card)``: Undo, Redo, Save and the screen's turn-ending button
        (its ``slot="end"`` button) in places that never move; the screen's other buttons;
        the actions of its selected card or piece.  Hover and press are kept across
        frames."""
        session = self.session
        old = {b.label: b for b in self.buttons}
        history = self.history()
        fixed = [Button("Undo", session.undo, "Ctrl+Z",
                        not session.can_undo() and history is None),
                 Button("Redo", session.redo, "Ctrl+Y",
                        not session.can_redo() and history is None),
                 Button("Save", self.save, "Ctrl+S", history is None)]
        if history is not None:  # a past board: nothing to do but return to the present
            game, card = [Button("Back to now", history.back, "Esc")], []
        else:
            playable = not session.public_view  # a public picture's board is only looked at
            specs = self.screen.buttons()
            made = {slot: [Button(spec.label, spec.on_click, spec.key,
                                  spec.enabled and playable, active=spec.active,
                                  wide=spec.wide)
                           for spec in specs if spec.slot == slot]
                    for slot in ("end", "", "card")}
            fixed += made["end"][:1]
            game, card = made[""] + made["end"][1:], made["card"]
        for button in (*fixed, *game, *card):
            if button.label in old:
                button.hover, button.pressed = old[button.label].hover, old[button.label].pressed
        return fixed, game, card


def _around(frame: pygame.Rect, hole: pygame.Rect) -> list[pygame.Rect]:
    """The parts of ``frame`` outside ``hole``: left and right of it (whole height), then
    above and below it."""
    hole = hole.clip(frame)
    if not hole.width or not hole.height:
        return [frame]
    parts = [pygame.Rect(frame.x, frame.y, hole.x - frame.x, frame.height),
             pygame.Rect(hole.right, frame.y, frame.right - hole.right, frame.height),
             pygame.Rect(hole.x, frame.y, hole.width, hole.y - frame.y),
             pygame.Rect(hole.x, hole.bottom, hole.width, frame.bottom - hole.bottom)]
    return [part for part in parts if part.width and part.height]


MODIFIER_KEYS = frozenset({pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LSHIFT, pygame.K_RSHIFT,
                           pygame.K_LALT, pygame.K_RALT, pygame.K_LGUI, pygame.K_RGUI,
                           pygame.K_MODE, pygame.K_CAPSLOCK, pygame.K_NUMLOCK})


PAGE_KEYS = (pygame.K_PAGEUP, pygame.K_PAGEDOWN)


def minimum_size(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` made at least :data:`~tabletop.ui.widgets.theme.MINIMUM_WINDOW` each way."""
    least_width, least_height = theme.MINIMUM_WINDOW
    return max(size[0], least_width), max(size[1], least_height)


def set_minimum_size() -> None:
    """Tell the window system the window's minimum size (the open window's
    ``minimum_size``).  pygame-ce 2.5 offers it only on a :class:`pygame.Window`, and the
    one for the display module's window comes from ``Window.from_display_module``, marked
    deprecated because drawing through both is unsafe; this window is only given its
    minimum through it, never drawn through it, so that warning is silenced here alone."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
    window.minimum_size = theme.MINIMUM_WINDOW


def keep_minimum_size(size: tuple[int, int]) -> None:
    """After the window was resized to ``size``: a window system that let it go below the
    minimum (one that ignores the hint) has the window set back to the minimum each way
    too small; nothing when there is no window (a picture, a test)."""
    least = minimum_size(size)
    if least != tuple(size) and pygame.display.get_surface() is not None:
        pygame.display.set_mode(least, pygame.RESIZABLE)


def is_modifier(event: pygame.event.Event) -> bool:
    """Whether ``event`` is the press of a modifier key alone (Ctrl, Shift, Alt, …), which
    answers nothing and disarms nothing."""
    return event.type == pygame.KEYDOWN and event.key in MODIFIER_KEYS


def is_save(event: pygame.event.Event) -> bool:
    """Whether ``event`` is Ctrl+S (save) or Ctrl+Shift+S (save as)."""
    return (event.type == pygame.KEYDOWN and event.key == pygame.K_s
            and bool(event.mod & pygame.KMOD_CTRL))


def is_quit(event: pygame.event.Event) -> bool:
    """Whether ``event`` asks to quit: the window's close button or Ctrl+Q."""
    return event.type == pygame.QUIT or (event.type == pygame.KEYDOWN
                                         and event.key == pygame.K_q
                                         and bool(event.mod & pygame.KMOD_CTRL))


class HelpScreen(Controller):
    """A modal list of every key: the screen's own, then the window's.  Any key or click
    closes it."""

    modal = True

    def __init__(self, screen_keys: list[tuple[str, str]]):
        super().__init__()
        self.rows = [*screen_keys, ("", ""), *APP_KEY_HELP]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and self.app is not None:
            self.app.pop(self)
            return True
        return False

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Every key and what it does, the descriptions wrapped (never cut): in one column,
        else two, at the largest size from 18 pixels (scaled with the window and the UI
        scale) down to 13, or 11 scaled with the window alone (at a large UI scale the list
        shrinks rather than leave keys out), at which they all fit."""
        box = rect.inflate(-min(60, rect.width // 20), -min(40, rect.height // 20))
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, rect)
        cover(surface, rect)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=6)
        title = theme.ui(22)
        text(surface, "Keys and mouse (any key closes)", (box.x + 16, box.y + 12), title,
             theme.ACCENT, max_width=box.width - 32)
        area = pygame.Rect(box.x + 16, box.y + title + 22, box.width - 32,
                           box.height - title - 32)
        smallest = min(theme.ui(13), theme.window_ui(11))
        for size, columns in ((s, c) for s in range(theme.ui(18), smallest - 1, -1)
                              for c in (1, 2)):
            laid = self._lay_out(area, size, columns)
            if laid is not None:
                break
        else:
            size, columns = smallest, 2
            laid = self._lay_out(area, size, columns, force=True)
        width = (area.width - 24 * (columns - 1)) // columns
        key_width = width * 2 // 5
        for (key, meaning), (x, y, height) in zip(self.rows, laid, strict=False):
            block(surface, key, pygame.Rect(x, y, key_width - 12, height), size)
            block(surface, meaning, pygame.Rect(x + key_width, y, width - key_width, height),
                  size)

    def _lay_out(self, area: pygame.Rect, size: int, columns: int,
                 force: bool = False) -> list[tuple[int, int, int]] | None:
        """Where each row goes, ``(x, y, height)``, in ``columns`` columns of ``area`` at
        font ``size``; ``None`` when they do not fit (``force``: the rows that fit)."""
        width = (area.width - 24 * (columns - 1)) // columns
        key_width = width * 2 // 5
        step = line_height(size)
        out, column, y = [], 0, area.y
        for key, meaning in self.rows:
            height = max(1, len(wrap(meaning, size, width - key_width)),
                         len(wrap(key, size, key_width - 12))) * step
            if y + height > area.bottom:
                column, y = column + 1, area.y
                if column == columns:
                    return out if force else None
            out.append((area.x + column * (width + 24), y, min(height, area.bottom - y)))
            y += height + 2
        return out


class RestorePrompt(Controller):
    """A modal question after a crash: restore the left-behind board (Y) or not (N)."""

    modal = True

    def __init__(self, pending: Pending):
        super().__init__()
        self.pending = pending

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN or self.app is None:
            return False
        app = self.app
        if event.key in (pygame.K_y, pygame.K_RETURN):
            app.pop(self)
            app.restore(self.pending)
            return True
        if event.key in (pygame.K_n, pygame.K_ESCAPE):
            app.pop(self)
            self.pending.discard()
            app.session.tell("the left-behind board was not restored (its recovery file is "
                             "deleted)")
            return True
        return False

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, rect)
        box = pygame.Rect(0, 0, min(560, rect.width - 20), 150)
        box.center = rect.center
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=6)
        lines = ["The window was not closed cleanly last time.",
                 f"Restore {self.pending.describe()}?", "Y or Enter: restore · N or Esc: discard"]
        y = box.y + 16
        for index, line in enumerate(lines):
            for part in wrap(line, 20, box.width - 30):
                text(surface, part, (box.x + 15, y), 20,
                     theme.ACCENT if index == 2 else theme.TEXT)
                y += 24


def present(app: App) -> None:
    """Draw a whole frame of ``app`` into the window and show it."""
    window = pygame.display.get_surface()
    app.draw(window)
    pygame.display.flip()


def _set_pygame_icon() -> None:
    """Give the window pygame's own icon, as ``set_mode`` would, but read from its file when
    pygame is installed as a folder: ``set_mode`` looks the file up through
    ``pygame.pkgdata``, whose import brings in :mod:`importlib.resources` with archives and
    temporary files, more than the rest of opening the window costs.  The same file, loaded
    the same way (``load_basic``), with black see-through except on macOS (as pygame does)."""
    from tabletop.resources import package_files

    folder = package_files("pygame")
    if not isinstance(folder, Path):  # not a folder: pygame looks the icon up itself
        return
    mac = sys.platform == "darwin"
    icon = pygame.image.load_basic(str(folder / ("pygame_icon_mac.bmp" if mac
                                                 else "pygame_icon.bmp")))
    if not mac:
        icon.set_colorkey(0)
    pygame.display.set_icon(icon)


def run(path: str | None, *, frames: int | None = None,
        new: tuple[Game, State] | None = None, ui_scale: int | None = None,
        theme_name: str | None = None) -> int:
    """Open the window on the layout (or tabletop PNG) at ``path``, or on the fresh game
    ``new`` (``(game, state)``; Ctrl+S saves it as ``GAME-seed-N.toml`` in the saves folder),
    and run until it is closed; returns the exit code.  A file that cannot be opened prints
    the same one line as ``tabletop check`` on standard error and returns 2.  ``frames`` stops
    after that many turns of the loop, none of them waiting for input (for tests; the first
    draws).  The look is the settings file's (:mod:`tabletop.ui.settings`), with ``ui_scale``
    (percent) and ``theme_name`` for this run instead when given."""
    try:
        game, state = new if new is not None else load_board(path or "")
    except TabletopError as exc:
        say(str(exc), error=True)
        return EXIT_INPUT
    if new is not None:
        path = str(userdirs.saves() / f"{game.name}-seed-{getattr(state, 'seed', 0)}.toml")
    return run_board(game, state, str(path), frames=frames, ui_scale=ui_scale,
                     theme_name=theme_name)


def run_board(game, state, path: str | None, *, frames: int | None = None,
              setup=None, ui_scale: int | None = None, theme_name: str | None = None,
              offer_recovery: bool = True) -> int:
    """Run the window on ``state`` (from ``path``, or from no file); ``setup(app)``, when
    given, arranges the controller stack first (a lesson puts its screen there).  The look:
    the settings file's, or ``ui_scale`` and ``theme_name`` for this run when given.  A
    board left behind by a window that did not close cleanly is offered first when
    ``offer_recovery`` (``tabletop play``); a lesson passes ``False`` and keeps its screen,
    the board waiting for the next ``play``.  The window's loop, recovery file and signal
    handlers are imported here, so that a picture (:mod:`tabletop.ui.screenshot`) goes
    without them."""
    from tabletop.ui.loop import WAIT_MS, FrameLoop, wake
    from tabletop.ui.recovery import Recovery
    from tabletop.ui.stopsignals import StopSignals

    recovery = Recovery()
    recovery.remove_interrupted_saves(*([Path(path).parent] if path else []))
    session = Session(game, state, path=path, recovery=recovery)
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")  # real pixels, no blur
    pygame.display.init()
    pygame.font.init()
    sys.setswitchinterval(SWITCH_INTERVAL)
    kept, note = settings.load()
    settings.apply(kept, [h for _, h in pygame.display.get_desktop_sizes()])
    if ui_scale is not None:
        theme.set_ui_scale(ui_scale)
    if theme_name is not None:
        theme.use(theme_name)
    if note:
        session.tell(note, error=True)
    app: App | None = None

    def stop() -> None:
        if app is not None:
            app.running = False
        wake()

    stopped = StopSignals(stop)
    pause_collector()  # until the first frame is shown (tabletop.collector)
    try:
        with stopped:  # after SDL's start, so that these handlers replace SDL's
            _set_pygame_icon()
            window = pygame.display.set_mode(minimum_size(theme.DEFAULT_WINDOW),
                                             pygame.RESIZABLE)
            set_minimum_size()
            pygame.display.set_caption(f"tabletop — {Path(path).name if path else game.title}")
            app = App(session, window.get_size())
            if setup is not None:
                setup(app)
            pending = recovery.pending() if offer_recovery else []
            if pending:
                app.push(RestorePrompt(pending[0]))
            loop = FrameLoop(app, present, wait_ms=WAIT_MS if frames is None else 0)
            background.WORKER.notify = wake
            while (app.running and stopped.received is None
                   and (frames is None or loop.turns < frames)):
                loop.step()
                resume_collector()
    except Exception as exc:  # a bug, not a user mistake: keep the recovery file, one line
        print(f"tabletop: internal error ({type(exc).__name__}: {exc}); the board is kept in "
              f"{recovery.file} and is offered at the next start", file=sys.stderr)
        return EXIT_BUG
    finally:
        resume_collector()
        background.WORKER.notify = None
        background.frame_idle()
        pygame.quit()
    if stopped.received is not None:
        return stopped_by_signal(session, stopped)
    recovery.discard()
    return EXIT_OK


def stopped_by_signal(session: Session, stopped: StopSignals) -> int:
    """After SIGTERM or SIGHUP stopped the window: a board with unsaved changes is kept in
    the recovery file (offered at the next start, as after a crash), an unchanged one needs
    nothing kept; one line on standard error says which; returns 128 + the signal's number
    (the shell's code for a program ended by a signal)."""
    recovery = session.recovery
    if session.dirty and recovery is not None:
        session.write_recovery()
        kept = (f"the unsaved board is kept in {recovery.file} and is offered at the next "
                f"start" if recovery.file.is_file() else f"the unsaved board could not be "
                f"kept ({session.status})")
    else:
        if recovery is not None:
            recovery.discard()
        kept = "nothing was unsaved"
    print(f"tabletop: stopped by {stopped.name}; {kept}", file=sys.stderr)
    return 128 + (stopped.received or 0)
