"""The steps of the Clash screen's menus: one choice at a time in a menu in the side panel
(the board keeps its place and size), with clicks on the board where a step asks for a piece
or a space, and ghost previews of every outcome before anything happens.

- :class:`MenuStep`: a :class:`~tabletop.ui.widgets.menu.Menu` in the side panel;
  ``on_board(space)`` (optional) takes left clicks on the board (with ``pick_space`` also the
  keyboard cursor: arrows move it, Enter takes its space); ``marks`` rings pieces (a tie of
  Targets, numbered); ``spaces`` tints the spaces it offers; the wheel over the menu walks
  its items.  Esc or a right click cancels (``on_cancel``).
- :class:`PreviewStep`: every outcome the rules core lists for an action
  (:func:`tabletop.games.clash.rules.outcomes`), one menu item each; the highlighted one is
  drawn as a ghost (:mod:`tabletop.ui.views.clash_preview`) with its sentences above the
  menu; the others show numbered badges on the board (click one to look at it).  Enter, a
  click on an item or the Confirm button performs it through the session (with ``option``
  when there are several); Esc cancels and nothing changes.

Backspace or a right click goes back one step (``on_cancel``).  Esc closes the whole flow:
at once on its first step, else (choices made in earlier steps) after a second Esc, the
status line saying the choices made so far would be dropped.  A key the step does not use
is not swallowed silently: the status line names it and the keys the menu takes.

Steps sit on the app's controller stack above the Clash screen.  They are not modal: keys with
Ctrl (undo, redo, save) and F-keys go on to the app, and the side panel's buttons stay live,
but every other key and click is the step's, so the screen below does not react.  A step never
changes state itself: only ``session.perform``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from tabletop.errors import TabletopError, UsageError
from tabletop.games.clash.state import ClashState
from tabletop.numbers import parse_int
from tabletop.spatial.grid import Space
from tabletop.ui.controllers.base import Controller
from tabletop.ui.facades.clash import Branch, Preview, preview, spaces_at
from tabletop.ui.views.base import Grid
from tabletop.ui.views.clash_preview import (
    Badge,
    draw_badges,
    draw_marks,
    draw_new_tiles,
    draw_preview,
    draw_spaces,
    new_placer,
    place_badges,
)
from tabletop.ui.widgets.menu import Menu, MenuItem

if TYPE_CHECKING:
    from tabletop.ui.controllers.base import AppHost
    from tabletop.ui.controllers.clash_host import ClashHost

CANCEL = "cancel"
FUNCTION_KEYS = frozenset(getattr(pygame, f"K_F{n}") for n in range(1, 16))
"""F-keys go on to the app (help, reopen, screenshot)."""
MODIFIERS = frozenset({pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL,
                       pygame.K_LALT, pygame.K_RALT, pygame.K_LGUI, pygame.K_RGUI,
                       pygame.K_CAPSLOCK, pygame.K_NUMLOCKCLEAR})
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
          pygame.K_DOWN: (0, 1)}
"""In a step that asks for a space, the arrows move the board's cursor and Enter takes it."""


class MenuStep(Controller):
    """One menu step (see the module docstring)."""

    modal = False
    in_panel = True

    def __init__(self, screen: ClashHost, title: str, items: Sequence[MenuItem],
                 on_choose: Callable[[object], None], header: Sequence[str] = (),
                 on_board: Callable[[Space], None] | None = None,
                 on_cancel: Callable[[], None] | None = None,
                 marks: Sequence[tuple[str, str]] = (), pick_space: bool = False,
                 spaces: frozenset[Space] = frozenset()):
        super().__init__()
        self.spaces = spaces
        self.screen = screen
        self.menu = Menu(title, items, on_choose, header)
        self.on_board = on_board
        self.pick_space = pick_space
        self.on_cancel = on_cancel
        self.marks = list(marks)
        self.closing = False
        self.depth = 0
        """How many steps of the same flow came before this one (set by ``open_step``)."""
        self.pointer = (-1, -1)

    @property
    def session(self):
        return self.screen.session

    @property
    def state(self) -> ClashState:
        return self.screen.state

    def on_push(self, app: AppHost) -> None:
        super().on_push(app)
        self.screen.step = self

    def prompt(self) -> str:
        """The status line while the step is open: its menu's title and keys."""
        board = ", or click on the board" if self.on_board is not None else ""
        return f"{self.menu.title}: {self.menu.key_words()}{board} (Esc closes)"

    def on_pop(self) -> None:
        if self.screen.step is self:
            self.screen.step = None

    def then(self, step: Controller | None) -> None:
        """Close this step and open ``step`` (``None``: just close)."""
        app = self.app
        if app is None:
            return
        app.pop(self)
        if step is not None:
            if isinstance(step, MenuStep):
                step.depth = self.depth + 1
            app.push(step)

    def cancel(self) -> None:
        """Backspace, right click: close with nothing done and call ``on_cancel`` (which
        reopens the step before, one step less deep)."""
        self.then(None)
        if self.on_cancel is not None:
            self.on_cancel()
            back = self.screen.step
            if isinstance(back, MenuStep) and back is not self:
                back.depth = max(0, self.depth - 1)
        else:
            self.session.tell("cancelled: nothing changed")

    def close_flow(self) -> None:
        """Esc: close the whole flow.  On its first step (nothing chosen yet) at once; past
        it, the first Esc only warns that the choices made so far would be dropped and a
        second closes."""
        if self.depth == 0 or self.closing:
            self.then(None)
            self.session.tell(f"{self.menu.title}: closed, nothing changed")
            return
        self.closing = True
        self.session.tell("Esc again closes the whole flow and drops the choices made so far; "
                          "Backspace goes back one step", error=True)

    def caption(self) -> list[str]:
        """Lines for the caption under the board (the rule that decided)."""
        return []

    def buttons(self) -> list[tuple[str, Callable[[], None], str]]:
        """``(label, on_click, key)`` for the side panel while this step is open."""
        return self.leave_buttons()

    def leave_buttons(self) -> list[tuple[str, Callable[[], None], str]]:
        """Back one step (when there is one) and close the whole flow."""
        back = [("Back", self.cancel, "Bksp")] if self.on_cancel is not None else []
        return [*back, ("Close", self.close_flow, "Esc")]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT) or (
                    event.key in FUNCTION_KEYS):
                return False
            if event.key == pygame.K_ESCAPE:
                self.close_flow()
                return True
            self.closing = False
            if event.key == pygame.K_BACKSPACE:
                self.cancel()
                return True
            if self.pick_space and event.key in ARROWS:
                self.screen.move_cursor(*ARROWS[event.key])
                return True
            if self.pick_space and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                 pygame.K_SPACE):
                if self.screen.cursor is None:
                    self.screen.move_cursor(0, 0)
                else:
                    self.board_click(self.screen.cursor)
                return True
            if not self.menu.handle_event(event) and event.key not in MODIFIERS:
                self.session.tell(f"{pygame.key.name(event.key) or 'that key'}: not a key of "
                                  f"this menu ({self.menu.key_words()}; Backspace: back one "
                                  f"step; Esc: close)", error=True)
            return True
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            self.menu.handle_event(event)
            return False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if event.button == 3:
                if event.type == pygame.MOUSEBUTTONDOWN:
                    self.cancel()
                return True
            if event.button != 1 or self.menu.handle_event(event):
                return True
            space = self.screen.space_at(event.pos)
            if event.type == pygame.MOUSEBUTTONUP and space is not None:
                self.board_click(space)
            return True
        if event.type == pygame.MOUSEWHEEL and self.menu.box.collidepoint(self.pointer):
            self.menu.set_highlight(self.menu.highlight - (1 if event.y > 0 else -1))
            return True
        return False

    def board_click(self, space: Space) -> None:
        """A left click on ``space`` of the board."""
        if self.on_board is not None:
            self.on_board(space)
        else:
            self.session.tell("choose in the menu in the side panel (Esc cancels)", error=True)

    def draw_board(self, surface: pygame.Surface, grid: Grid) -> None:
        """What this step draws over the board (the spaces to click, the marks)."""
        draw_spaces(surface, grid, self.spaces)
        draw_marks(surface, grid, self.state, self.marks)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.screen.board_rect(rect).clip(clip))
        self.draw_board(surface, self.screen.grid())
        surface.set_clip(clip)

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.menu.in_window = self.app is None or self.app.interactive
        self.menu.draw(surface, rect)

    def panel_key(self) -> tuple:
        """The menu's :meth:`~tabletop.ui.widgets.menu.Menu.drawn_key`, in the window or in
        a picture as :meth:`draw_panel` will draw it."""
        self.menu.in_window = self.app is None or self.app.interactive
        return self.menu.drawn_key()


def moves_anything(before: ClashState, outcome: Branch) -> bool:
    """Whether ``outcome`` moves, adds or removes a piece or a Terrain tile (so it is
    previewed before it is done)."""
    after = outcome.state
    if set(before.pieces) != set(after.pieces) or before.terrain != after.terrain:
        return True
    return any(after.pieces[n].at != p.at for n, p in before.pieces.items())


def full_preview(before: ClashState, outcome: Branch) -> Preview:
    """:func:`~tabletop.games.clash.preview.preview`, plus a straight path for every piece
    that ends elsewhere without a movement event (a Knight climbing onto a Vantage Point)."""
    shown = preview(before, outcome)
    extra = {name: (piece.at, outcome.state.pieces[name].at)
             for name, piece in before.pieces.items()
             if name not in shown.paths and name in outcome.state.pieces
             and outcome.state.pieces[name].at != piece.at}
    if not extra:
        return shown
    return replace(shown, paths={**shown.paths, **extra})


def taken_off(outcome: Branch) -> tuple[str, ...]:
    """The tiles ``outcome`` takes off the board by the tile supply rule (not destroyed)."""
    return tuple(e.other for e in outcome.events if e.kind == "tile-removed")


def summary(before: ClashState, outcome: Branch, shown: Preview) -> str:
    """One short line about an outcome: where the moved pieces end, facings, Crashes, deaths,
    tiles destroyed, taken off (the tile supply rule) and placed."""
    after = outcome.state
    supply = taken_off(outcome)
    parts = []
    for name in shown.paths:
        piece = after.pieces.get(name)
        if piece is not None:
            facing = f" facing {piece.facing}" if name in shown.turned else ""
            parts.append(f"{name} to {piece.at}{facing}")
    parts += [f"{name} faces {shown.facing[name]}" for name in shown.turned
              if name not in shown.paths]
    parts += [f"Crash: {name}" for name in shown.crashed]
    parts += [f"{name} dies" for name in shown.died]
    parts += [f"{tile} destroyed" for tile in shown.destroyed if tile not in supply]
    parts += [f"{tile} taken off (supply)" for tile in supply]
    old = {t.name for t in before.terrain}
    parts += [f"{t.name} placed" for t in after.terrain if t.name not in old]
    return "; ".join(parts) or "nothing moves"


def badges(before: ClashState, outcomes: list[Branch], chosen: int) -> list[Badge]:
    """Where each outcome differs from the others, for a numbered badge: the first piece (by
    name) whose final place or facing is not the same in every outcome, at its final place (a
    piece that died: where it stood); when they all end alike, the first piece whose path
    differs, at the first position where the paths part; when no piece differs, the tile
    each outcome alone removes (the tile supply rule's tie).  Nothing for a single outcome."""
    if len(outcomes) < 2:
        return []
    names = sorted({n for o in outcomes for n in (*o.state.pieces, *before.pieces)})

    def place(state: ClashState, name: str):
        piece = state.pieces.get(name)
        return (piece.at, getattr(piece, "facing", "")) if piece is not None else None

    differing = [n for n in names if len({place(o.state, n) for o in outcomes}) > 1]
    out = []
    if differing:
        for index, outcome in enumerate(outcomes):
            for name in differing:
                piece = outcome.state.pieces.get(name) or before.pieces.get(name)
                if piece is not None:
                    out.append(Badge(index, piece.spaces, index == chosen))
                    break
        return out
    paths = [preview(before, o).paths for o in outcomes]
    for name in names:
        trails = [p.get(name, ()) for p in paths]
        if len(set(trails)) < 2 or name not in before.pieces:
            continue
        longest = max(len(t) for t in trails)
        split = next(k for k in range(longest)
                     if len({t[k] if k < len(t) else None for t in trails}) > 1)
        piece = before.pieces[name]
        for index, trail in enumerate(trails):
            at = trail[min(split, len(trail) - 1)] if trail else piece.at
            out.append(Badge(index, spaces_at(piece, at), index == chosen))
        return out
    gone = [{t.name for t in before.terrain if o.state.tile(t.name) is None} for o in outcomes]
    common = set.intersection(*gone)
    for index, names in enumerate(gone):
        own = sorted(names - common)
        tile = before.tile(own[0]) if own else None
        if tile is not None:
            out.append(Badge(index, tile.spaces, index == chosen))
    return out


class PreviewStep(MenuStep):
    """Every outcome of ``action``, previewed and confirmed (see the module docstring).

    Raises :class:`~tabletop.errors.TabletopError` (the rules core's refusal) when the action
    cannot be taken at all, before anything is shown.  ``on_done(outcome)`` is called after
    the action was performed."""

    def __init__(self, screen: ClashHost, action: object, title: str,
                 on_done: Callable[[Branch], None] | None = None, header: Sequence[str] = (),
                 on_cancel: Callable[[], None] | None = None):
        from tabletop.ui.facades.clash import rules

        self.action = action
        self.before = screen.state
        self.outcomes = rules.outcomes(self.before, action)
        self.previews = [full_preview(self.before, o) for o in self.outcomes]
        self.intro = list(header)
        self.on_done = on_done
        many = len(self.outcomes) > 1
        items = []
        for index, (outcome, shown) in enumerate(zip(self.outcomes, self.previews,
                                                     strict=True)):
            label = outcome.label if many else "Confirm"
            items.append(MenuItem(label, index,
                                  note=summary(self.before, outcome, shown)))
        items.append(MenuItem("Cancel", CANCEL, note="nothing changes (Esc)"))
        super().__init__(screen, title, items, self._chosen, on_cancel=on_cancel)
        self.menu.on_highlight = self.show
        self.menu.numbers_choose = False
        self.chosen = 0
        self._refresh_header()

    def prompt(self) -> str:
        """The status line while the preview is open: how to take an outcome."""
        if len(self.outcomes) > 1:
            return (f"{self.menu.title}: arrows look at each outcome, Enter or a click takes "
                    f"it (Esc cancels)")
        return f"{self.menu.title}: Enter or click Confirm to do it (Esc cancels)"

    def _refresh_header(self) -> None:
        """The lines above the menu: how to choose (in the window only: a picture of the
        board has no keys and takes no clicks), then the outcome's sentences."""
        many = len(self.outcomes)
        picture = self.app is not None and not self.app.interactive
        head = [*self.intro]
        if many > 1:
            head.append(f"{many} outcomes the players choose between" + (
                "; numbered badges on the board mark where they differ." if picture else
                ": hover or use the arrows to see each, click or Enter to take it; badges on "
                "the board mark where they differ."))
        elif not picture:
            head.append("Enter or click Confirm to do it; Esc cancels.")
        cancel = "nothing changes" if picture else "nothing changes (Esc)"
        self.menu.items = [replace(item, note=cancel) if item.value == CANCEL else item
                           for item in self.menu.items]
        head += [f"• {line}" for line in self.previews[self.chosen].sentences[:8]]
        self.menu.header = head

    def show(self, index: int) -> None:
        """Look at outcome ``index``: its ghost and its sentences (the highlight follows)."""
        if index < len(self.outcomes):
            self.chosen = index
            self.menu.set_highlight(index)
            self._refresh_header()

    def _chosen(self, value: object) -> None:
        if value == CANCEL:
            self.cancel()
            return
        assert isinstance(value, int)
        self.chosen = value
        self.confirm()

    def confirm(self) -> None:
        """Perform the chosen outcome through the session (the board must not have changed
        since the preview was made)."""
        if self.state is not self.before:
            self.session.tell("the board changed since this preview (undo or redo): nothing "
                              "done; open the menu again", error=True)
            self.then(None)
            return
        action = self.action
        if len(self.outcomes) > 1:
            action = replace(action, option=self.chosen)
        outcome = self.outcomes[self.chosen]
        if self.session.perform(action):
            self.then(None)
            if self.on_done is not None:
                self.on_done(outcome)

    def buttons(self) -> list[tuple[str, Callable[[], None], str]]:
        return [("Confirm", self.confirm, "Enter"), *self.leave_buttons()]

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self._refresh_header()  # its words depend on whether this is a picture
        super().draw_panel(surface, rect)

    def panel_key(self) -> tuple:
        self._refresh_header()
        return super().panel_key()

    def caption(self) -> list[str]:
        outcome = self.outcomes[self.chosen]
        shown = summary(self.before, outcome, self.previews[self.chosen])
        return [f"Preview of {self.action}, outcome {self.chosen + 1} of "
                f"{len(self.outcomes)}: {shown}"]

    def board_click(self, space: Space) -> None:
        """A click on a badge looks at that outcome (the next one there on a second click)."""
        hits = [b.index for b in badges(self.before, self.outcomes, self.chosen)
                if space in b.spaces]
        if not hits:
            self.session.tell("click a numbered badge, or choose in the menu (Esc cancels)",
                              error=True)
            return
        later = [i for i in hits if i > self.chosen]
        index = later[0] if later else hits[0]
        self.show(index)
        self.session.tell(f"outcome {index + 1}: {self.outcomes[index].label} (Enter takes it)")

    def draw_board(self, surface: pygame.Surface, grid: Grid) -> None:
        if self.state is not self.before:
            return
        outcome = self.outcomes[self.chosen]
        placer = new_placer(surface, grid, self.before, outcome.state)
        shown = place_badges(placer, grid, badges(self.before, self.outcomes, self.chosen))
        draw_new_tiles(surface, grid, self.before, outcome.state, placer)
        draw_preview(surface, grid, self.before, outcome.state, self.previews[self.chosen],
                     taken_off(outcome), placer)
        marks = [(e.piece, "attacked" if e.kind == "attack-target" else "Out of Reach")
                 for e in outcome.events if e.kind in ("attack-target", "out-of-reach")]
        draw_marks(surface, grid, self.before, marks, placer)
        draw_badges(surface, grid, shown)


def try_preview(screen: ClashHost, action: object, title: str,
                **kwargs) -> PreviewStep | None:
    """A :class:`PreviewStep` for ``action``, or ``None`` with the rules core's refusal in
    the status line."""
    try:
        return PreviewStep(screen, action, title, **kwargs)
    except TabletopError as exc:
        screen.session.tell(str(exc), error=True)
        return None


def preview_overlay(screen: ClashHost, args: list[str], spec: str) -> None:
    """``tabletop screenshot --overlay``: ``preview monster-move M TARGET TYPE`` or ``preview
    forced KIND SOURCE P [X] [SPACE|DIRECTION]`` (words as in ``tabletop query``) opens that
    preview;
    ``outcome N`` then shows its N-th outcome.  Raises :class:`UsageError` for bad words and
    the rules core's refusal."""
    from tabletop.games.clash.actions import MonsterMove
    from tabletop.ui.facades.clash import forced_action, geometry

    state = screen.state
    if args and args[0] == "outcome":
        step = screen.step
        if not isinstance(step, PreviewStep):
            raise UsageError(f"--overlay {spec!r}: outcome N follows a preview overlay")
        number = parse_int(args[1], 1, len(step.outcomes)) if len(args) == 2 else None
        if number is None:
            raise UsageError(f"--overlay {spec!r}: N must be 1 to {len(step.outcomes)}")
        step.show(number - 1)
        return
    what = args[0].lower() if args else ""
    if what == "monster-move" and len(args) >= 4:
        monster = geometry.resolve(state, args[1])
        if monster.monster is None:
            raise UsageError(f"--overlay {spec!r}: {monster.name} is not a Monster")
        goal = args[2]
        if goal.casefold() in {n.casefold() for n in state.pieces}:
            goal = geometry.resolve(state, goal).name
        action: object = MonsterMove(monster.name, goal, " ".join(args[3:]).lower())
    elif what == "forced":
        try:
            action = forced_action(state, args[1:])
        except TabletopError as exc:
            raise UsageError(f"--overlay {spec!r}: {exc}") from None
    else:
        raise UsageError(f"--overlay {spec!r}: use preview monster-move M TARGET TYPE, "
                         f"preview forced KIND SOURCE P [X] [SPACE|DIRECTION], or outcome N "
                         f"after one")
    try:
        step = PreviewStep(screen, action, f"Preview: {action}")
    except TabletopError as exc:
        raise UsageError(f"--overlay {spec!r}: {exc}") from None
    if screen.app is not None:
        screen.app.push(step)
