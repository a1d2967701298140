"""The Clash Board screen: clicks and keys in, Clash actions out (through the session).

Play: click a Knight to select it (its reachable spaces turn blue); click a blue space to
move it (a :class:`MoveKnight`, checked by the rules core; a refused move changes nothing and
the status line says why).  With a piece selected, hovering another piece or space draws the
LoS line, the range and the distance, with a caption naming the rule.  Keys toggle the
overlays; arrows and Enter do everything the mouse does.  Edit mode (E): drag pieces and
Terrain tiles, rotate Monsters, paint Terrain from the palette, delete.  Every key is listed
in :meth:`ClashController.key_help` and ``docs/window.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from tabletop.errors import QueryError, TabletopError, UsageError
from tabletop.games.clash.actions import (
    AddTerrain,
    EndMonsterRound,
    EndTurn,
    MoveKnight,
    MovePiece,
    RemovePiece,
    ResolveActivation,
    RotateMonster,
    SetDivineTarget,
    SetStat,
)
from tabletop.games.clash.state import ClashState, Knight, Monster
from tabletop.spatial.grid import Space, rectangle
from tabletop.ui.controllers.base import ButtonSpec, GameController
from tabletop.ui.controllers.clash_facts import (
    ClashFacts,
    activation_lines,
    card_lines,
    describe_piece,
    piece_at,
)
from tabletop.ui.facades.clash import activation_tokens, geometry
from tabletop.ui.session import Session
from tabletop.ui.views.base import Grid
from tabletop.ui.views.clash import (
    CAPTION_ROOM,
    KNIGHT_COLOURS,
    ClashLayers,
    ClashOverlays,
    SightLine,
    draw_clash,
    grid_for,
    knight_colour,
    legend,
)

if TYPE_CHECKING:
    from tabletop.ui.controllers.clash_cards import CardFlow
    from tabletop.ui.controllers.clash_steps import MenuStep

CAPTION_HEIGHT = CAPTION_ROOM
"""Pixels kept free under the board for the LoS caption, so the board never jumps."""

PALETTE: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Wall", ("obstacle", "obscuring", "destructible")),
    ("Rock", ("obstacle", "indestructible")),
    ("Hedge", ("obscuring",)),
    ("Rubble", ("difficult",)),
    ("Chasm", ("chasm",)),
)
"""Edit-mode Terrain palette (keys 1–5): a name and the tile's keywords."""

ZONE_MAX = 10
STAT_STEPS: tuple[tuple[str, str, int], ...] = (
    ("Vigor", "vigor", 15), ("Heat", "heat", 9), ("Passion", "passion", 9))
"""The Knight tracks edited by the side panel's buttons: label, stat, top of the track."""
KNOCKDOWN_SIDES = ("", "falling", "standing")
MONSTER_SIDE = (150, 40, 40)


def _under_way(state: ClashState) -> list[str]:
    """The side panel's line about a card sequence under way (``clash_cards.under_way``),
    whose modules are imported only when one runs."""
    if state.sequence is None:
        return []
    from tabletop.ui.controllers.clash_cards import under_way

    return under_way(state)


@dataclass(frozen=True)
class Drag:
    """An edit-mode drag: the piece or tile ``name``, the offset of the grabbed space from its
    north-west space, and where its north-west space would land."""

    name: str
    grab: tuple[int, int]
    start: Space
    to: Space


class ClashController(GameController):
    """The Clash Board screen (see the module docstring)."""

    title = "Clash Board"

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.layers = ClashLayers()
        self.facts = ClashFacts()
        self._legend: tuple[ClashState | None, list] = (None, [])
        self.selected: str | None = None
        self.hover: Space | None = None
        self.cursor: Space | None = None
        self.show_facing = False
        self.show_zone = False
        self.zone_x = 1
        self.show_seen = False
        self.edit = False
        self.palette: int | None = None
        self.drag: Drag | None = None
        self.paint: tuple[Space, Space] | None = None
        self.step: MenuStep | None = None
        self.flow: CardFlow | None = None

    # -- helpers ---------------------------------------------------------------------------

    @property
    def state(self) -> ClashState:
        """The board shown: while a card sequence runs, the board as it has left it so far
        (a public view of one: the board before it), else the session's."""
        state = self.session.state
        if state.sequence is None:
            return state
        from tabletop.ui.facades.clash import running

        return running.board_now(state)

    def known(self) -> ClashFacts:
        """The geometry facts of the current state."""
        return self.facts.for_state(self.state)

    def board_rect(self, rect: pygame.Rect) -> pygame.Rect:
        """The part of the board area the board is drawn in (the caption strip below); the
        same whether a menu is open or not (menus go in the side panel)."""
        return pygame.Rect(rect.x, rect.y, rect.width, max(40, rect.height - CAPTION_HEIGHT))

    def grid(self) -> Grid:
        """The grid the board is drawn on now (the app's board area, zoomed and panned)."""
        area = self.app.areas.board if self.app is not None else pygame.Rect(0, 0, 960, 740)
        return grid_for(self.viewport.frame(self.board_rect(area)), self.state)

    def space_at(self, pos: tuple[int, int]) -> Space | None:
        """The board space shown under pixel ``pos`` (``None`` off the board, or on a part
        of it scrolled out of view)."""
        if not self.viewport.contains(pos):
            return None
        return self.grid().space_at(pos)

    def selection(self) -> Knight | Monster | None:
        """The selected piece, if it is still on the board."""
        piece = self.state.pieces.get(self.selected) if self.selected else None
        return piece

    def _valid_selection(self) -> None:
        if self.selected and self.selected not in self.state.pieces and (
                self.state.tile(self.selected) is None or not self.edit):
            self.selected = None

    # -- the GameController contract --------------------------------------------------------

    def update(self, dt_ms: int) -> None:
        """Each frame, on a board with cards: the card sequence's questions follow the
        session (undo, redo, a board saved mid-way)."""
        if self.session.history[-1].state.cards is None:
            return
        from tabletop.ui.controllers.clash_cards import keep_in_step

        keep_in_step(self)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self._valid_selection()
        board = self.board_rect(rect)
        draw_clash(surface, board, self.state, self.overlays(), self.known().marks(),
                   self.layers, caption_rect=rect, frame=self.viewport.frame(board))

    def overlays(self) -> ClashOverlays:
        """The overlays for the current selection, hover and toggles."""
        facts, state = self.known(), self.state
        piece = self.selection()
        reach: set[Space] = set()
        reach_now = True
        if isinstance(piece, Knight) and not self.edit and self.step is None:
            reach |= facts.reach(piece.name)
            reach_now = facts.move_refusal(piece.name) is None
        monsters = [piece] if isinstance(piece, Monster) else list(state.monsters)
        front = rear = blind = frozenset()
        if self.show_facing:
            front = frozenset().union(*(facts.front(m.name) for m in monsters))
            rear = frozenset().union(*(facts.rear(m.name) for m in monsters))
            blind = frozenset().union(*(facts.blind(m.name) for m in monsters))
        caption: list[str] = []
        zone = seen = frozenset()
        if self.show_zone and piece is not None:
            zone = facts.zone(piece.name, self.zone_x)
            caption.append(f"Zone {self.zone_x} from {piece.name} (Attack Types: every space "
                           f"within {self.zone_x} steps, diagonals too); [ and ] change X")
        if self.show_seen and piece is not None:
            seen = facts.visible(piece.name)
            caption.append(f"{piece.name} has LoS to {len(seen)} spaces (hatched blue)")
        sight = self._sight(piece) if self.step is None else None
        if self.step is not None:
            caption = [*self.step.caption(), *caption]
        ghost: tuple[Space, ...] = ()
        if self.drag is not None:
            ghost = self._footprint(self.drag.name, self.drag.to)
        elif self.paint is not None:
            from tabletop.ui.controllers.clash_terrain import block

            ghost = block(*self.paint)
        return ClashOverlays(
            selected=self.selected, reach=frozenset(reach), reach_now=reach_now, front=front,
            rear=rear,
            blind=blind, zone=zone, seen=seen, sight=sight, hover=self.hover,
            cursor=self.cursor, ghost=ghost, caption=tuple(caption))

    def _sight(self, piece: Knight | Monster | None) -> SightLine | None:
        target = self.hover
        if piece is None or target is None or self.edit or target in piece.spaces:
            return None
        other = piece_at(self.state, target)
        name = other.name if other is not None else str(target)
        return self.known().sight(piece.name, name)

    def panel_lines(self) -> list[str]:
        if self.edit:
            choice = PALETTE[self.palette][0] if self.palette is not None else "none"
            lines = ["Edit mode", f"palette: {choice} (keys 1–{len(PALETTE)})",
                     "drag pieces and tiles; R rotates; Del removes; E ends editing"]
            if self.selected:
                lines += describe_piece(self.state, self.known(), self.selected)[:3]
            return lines
        hint = self.only_kind()
        only = [hint] if hint else []  # "what now": one kind of move left
        if self.selected and self.selected in self.state.pieces:
            return only + describe_piece(self.state, self.known(), self.selected)
        keys = self._keys()
        running = self.session.state.sequence is not None
        lines = [*only, "Nothing selected", *_under_way(self.session.state),
                 *(["Click a Knight to see where it can move"] if keys else []),
                 *card_lines(self.state),
                 *activation_lines(self.state, playable=keys, under_way=running)]
        notes = " ".join(self.state.notes.split())
        if notes:
            lines.append(notes)
        return lines

    def _keys(self) -> bool:
        """Whether the panel may name the window's keys: not in a picture of the board (a
        screenshot), nor on a public picture's board, which cannot be played on."""
        return (self.app is None or self.app.interactive) and not self.session.public_view

    def only_kind(self) -> str:
        """The hint when one kind of move is left (the rules core's legal actions, of the
        Knight whose turn it is or, between turns, of the Knight selected), adding,
        while the Knight's Combat Action is unspent, that its legal attacks are the Melee
        ones: the board knows no Knight's weapons, which the players read on their cards."""
        turn = self.state.turn
        actor = turn.active  # between turns, the Knight picked (its turn starts with a move)
        if actor is None and turn.phase != "monster" and self.selected is not None \
                and self.state.knight(self.selected) is not None:
            actor = self.selected
        words = self.only_move(actor)
        knight = self.state.knight(actor) if actor else None
        falling = knight is not None and knight.knockdown == "falling"  # no attack at all
        if words and "Attack" not in self.move_kinds(actor).types and turn.phase != "monster" \
                and not turn.attacked and not falling:
            words += " Melee reaches no Monster; a Reach or Ranged weapon may (A)."
        return words

    def legend(self) -> list[tuple[tuple[int, int, int], str]]:
        """The legend's rows for the board shown, worked out once per state (the side panel
        asks every frame)."""
        state = self.state
        if self._legend[0] is not state:
            self._legend = (state, legend(state))
        return self._legend[1]

    def banner(self) -> tuple[str, tuple[int, int, int]] | None:
        turn = self.state.turn
        if self.edit:
            return ("Edit mode", (120, 120, 130))
        if turn.phase == "monster":
            return (f"Round {turn.round}: Monster Round", MONSTER_SIDE)
        if turn.active:
            return (f"Round {turn.round}: {turn.active}'s turn",
                    knight_colour(self.state, turn.active))
        left = [k.name for k in self.state.knights if k.name not in turn.done]
        words = f"Round {turn.round} · Knights: pick one"
        if len(left) == 1:
            words = f"Round {turn.round} · next: {left[0]}"
        return (words, KNIGHT_COLOURS[0])

    def buttons(self) -> list[ButtonSpec]:
        if self.edit:
            specs = [ButtonSpec("Done editing", self.toggle_edit, "E"),
                     ButtonSpec("Rotate", self.rotate, "R"),
                     ButtonSpec("Delete", self.delete, "Del")]
            for index, (name, _) in enumerate(PALETTE):
                specs.append(ButtonSpec(name, lambda i=index: self.choose_palette(i),
                                        str(index + 1), active=index == self.palette))
            return specs
        if self.step is not None:
            return [ButtonSpec(label, action, key) for label, action, key in self.step.buttons()]
        end = "End Monster Round" if self.state.turn.phase == "monster" else "End Turn"
        specs = [ButtonSpec(end, self.end_turn, "T", slot="end"),
                 ButtonSpec("Edit", self.toggle_edit, "E")]
        if self.state.turn.phase == "monster" and activation_tokens.next_activation(self.state):
            specs.insert(0, ButtonSpec("Activate next", self.resolve_activation, "N"))
        piece = self.selection()
        if piece is None:  # a board-wide action; P works with a selection too
            specs.append(ButtonSpec("Place terrain", self.place_terrain, "P"))
        if isinstance(piece, Monster):
            specs += [ButtonSpec("Activate", self.activate, "M"),
                      ButtonSpec("Forced move", self.forced, "K")]
            if piece.vantage_points:
                specs.append(ButtonSpec("Vantage Points", self.vantage_points, "C"))
        elif isinstance(piece, Knight):
            specs += [ButtonSpec("Attack", self.attack, "A"),
                      ButtonSpec("Forced move", self.forced, "K"),
                      ButtonSpec("Abilities", self.abilities, "B")]
            if piece.vantage or any(m.vantage_points for m in self.state.monsters):
                specs.append(ButtonSpec("Fall from VP" if piece.vantage else "Climb",
                                        self.vantage_points, "C"))
            for label, stat, top in STAT_STEPS:
                value = getattr(piece, stat)
                specs += [ButtonSpec(f"{label} − ({value})",
                                     lambda s=stat, v=value: self.set_stat(s, v - 1),
                                     enabled=value > 0),
                          ButtonSpec(f"{label} + ({value})",
                                     lambda s=stat, v=value: self.set_stat(s, v + 1),
                                     enabled=value < top)]
            side = KNOCKDOWN_SIDES.index(piece.knockdown)
            words = ("none", "falling down", "standing up")[side]
            specs.append(ButtonSpec(f"Knockdown: {words}",
                                    lambda v=side: self.set_stat("knockdown", (v + 1) % 3)))
            divine = self.state.turn.divine == piece.name
            specs.append(ButtonSpec(f"Divine Target: {'yes' if divine else 'no'}",
                                    self.toggle_divine))
        return specs

    # -- the Clash round's menus (rulebook *Monster Round*, *Knight Round*) ------------------

    def set_stat(self, stat: str, value: int) -> None:
        """A stat button: set the selected Knight's ``stat`` to ``value`` (a
        :class:`SetStat`, undoable).  When the rules core lists several outcomes or the
        change moves a piece (a Knockdown on a Vantage Point Displaces the Knight first), it
        is previewed and the players choose (never silently picked)."""
        piece = self.selection()
        if isinstance(piece, Knight):
            self.perform_or_preview(SetStat(piece.name, stat, value),
                                    f"Preview: {piece.name}'s {stat.title()}")

    def perform_or_preview(self, action: object, title: str) -> None:
        """Perform ``action`` at once when it has one outcome that moves nothing; otherwise
        open its preview (outcomes as alternatives to click).  A refusal goes to the status
        line."""
        from tabletop.ui.controllers.clash_steps import moves_anything, try_preview
        from tabletop.ui.facades.clash import rules

        try:
            found = rules.outcomes(self.state, action)
        except TabletopError as exc:
            self.session.tell(str(exc), error=True)
            return
        if len(found) == 1 and not moves_anything(self.state, found[0]):
            self.perform(action)
            return
        step = try_preview(self, action, title)
        if step is not None and self.app is not None:
            if self.step is not None:
                self.app.pop(self.step)
            self.app.push(step)

    def toggle_divine(self) -> None:
        """The Divine Target button: give the selected Knight the token, or take it away
        (a :class:`SetDivineTarget`, as a Trait or effect says; undoable)."""
        piece = self.selection()
        if isinstance(piece, Knight):
            holder = self.state.turn.divine
            self.perform(SetDivineTarget(None if holder == piece.name else piece.name))

    def vantage_points(self) -> None:
        """C: a Knight climbs a Vantage Point (or falls from one); a Monster's locked
        Vantage Points are created."""
        from tabletop.ui.controllers.clash_vantage import VantageMenu

        piece = self.selection()
        if piece is None:
            self.session.tell("select a Knight to climb (C), or a Monster to create its "
                              "Vantage Points", error=True)
            return
        VantageMenu(self, piece.name).start()

    def place_terrain(self) -> None:
        """P: a Terrain tile placed in play (the supply rule, Crash and Displacement of the
        pieces under it), previewed."""
        from tabletop.ui.controllers.clash_terrain import TerrainPlacement

        TerrainPlacement(self, PALETTE).start()

    def resolve_activation(self) -> None:
        """N / the Resolve Activation button: the next ready Activation token is resolved
        (:class:`ResolveActivation`, undoable); the status line says who activates next and
        why.  The Activation itself is played with M (menus) and the Knights' buttons.  On a
        board with card files the whole Activation runs from the cards."""
        from tabletop.ui.controllers.clash_cards import start_activation

        if not start_activation(self):
            self.perform(ResolveActivation())

    def activate(self) -> None:
        """M: the selected Monster's activation, menu by menu."""
        from tabletop.ui.controllers.clash_activation import MonsterActivation

        piece = self.selection()
        if not isinstance(piece, Monster):
            self.session.tell("select a Monster to activate it (M)", error=True)
            return
        MonsterActivation(self, piece.name).start()

    def attack(self) -> None:
        """A: the selected Knight's attack: weapon, Monster, then forced movement."""
        from tabletop.ui.controllers.clash_knight_menus import KnightAttack

        piece = self.selection()
        if not isinstance(piece, Knight):
            self.session.tell("select a Knight to attack with it (A)", error=True)
            return
        from tabletop.ui.controllers.clash_cards import start_attack

        if not start_attack(self, piece.name):
            KnightAttack(self, piece.name).start()

    def abilities(self) -> None:
        """B: the selected Knight's move-like abilities, Rush and Vault."""
        from tabletop.ui.controllers.clash_knight_menus import KnightMoves

        piece = self.selection()
        if not isinstance(piece, Knight):
            self.session.tell("select a Knight to use its abilities (B)", error=True)
            return
        KnightMoves(self, piece.name).start()

    def forced(self) -> None:
        """K: forced movement caused by the selected piece."""
        from tabletop.ui.controllers.clash_flows import ForcedMovement

        piece = self.selection()
        if piece is None:
            self.session.tell("select the piece that causes the forced movement (K)",
                              error=True)
            return
        ForcedMovement(self, piece.name).start()

    def key_help(self) -> list[tuple[str, str]]:
        return [
            ("click / Enter", "select a Knight or Monster; click a blue space to move there"),
            ("hover / arrows", "with a piece selected: LoS line, range and distance"),
            ("Esc / right-click", "cancel the selection"),
            ("Tab", "select the next piece"),
            ("F", "front, rear and blindspots of the selected (or every) Monster"),
            ("Z, [ / ]", "Zone X around the selected piece; change X"),
            ("V", "every space the selected piece sees"),
            ("M", "activate the selected Monster: targeting, attack type, movement, attack"),
            ("A", "attack with the selected Knight: weapon, Monster, forced movement (with "
                  "card files: the whole Knight Attack, rolls in the dice tray)"),
            ("K", "forced movement by the selected piece (Knockback X, Pushback X …)"),
            ("B", "the selected Knight's Reflex, Reposition, Motivate, Hug, Rush, Vault"),
            ("C", "climb a Vantage Point (or fall from one); on a Monster: create its VPs"),
            ("P", "place a Terrain tile in play (the tile supply rule), previewed"),
            ("menus", "1–9 or click choose; arrows and Enter; Esc goes back / cancels"),
            ("stat buttons", "Vigor, Heat, Passion −/+ and Knockdown of the selected Knight"),
            ("N", "Monster Round: resolve the next Activation token (the log says who is "
                  "next and why; with card files: the whole Activation from the cards)"),
            ("T", "End Turn (End Monster Round in the Monster Round)"),
            ("E", "edit mode: drag pieces and tiles"),
            ("R / Del (edit)", "rotate the selected Monster / remove the selection"),
            ("1–5 (edit)", "palette: drag over empty spaces to add a Terrain tile"),
        ]

    overlay_words = ("select", "preview", "outcome")

    def screen_overlay(self, verb: str, args: list[str], spec: str) -> None:
        """The screen's own overlays for ``tabletop screenshot``: ``select P``, ``preview
        monster-move M TARGET TYPE``, ``preview forced KIND SOURCE P [X]`` and ``outcome N``
        (names or space labels as in ``tabletop query``)."""
        from tabletop.ui.controllers.clash_steps import preview_overlay

        if verb in ("preview", "outcome"):
            try:
                preview_overlay(self, args if verb == "preview" else [verb, *args], spec)
            except QueryError as exc:
                raise UsageError(f"--overlay {spec!r}: {exc}") from None
            return
        if len(args) != 1:
            raise UsageError(f"--overlay {spec!r}: select takes 1 word (a piece)")
        try:
            place = geometry.resolve(self.state, args[0])
        except QueryError as exc:
            raise UsageError(f"--overlay {spec!r}: {exc}") from None
        if place.piece is None:
            raise UsageError(f"--overlay {spec!r}: {place.name} is not a piece")
        self.selected = place.name

    def place_rects(self, name: str) -> list[pygame.Rect]:
        """The pixel rectangles of the spaces of piece or space ``name``."""
        try:
            spaces = geometry.resolve(self.state, name).spaces
        except TabletopError:
            return []
        grid = self.grid()
        return [grid.space_rect(space) for space in spaces]

    def board_point(self, point: tuple[int, int]) -> tuple[int, int] | None:
        """The pixel of a corner point ``(x, y)``."""
        return self.grid().point(*point)

    def cancel(self) -> bool:
        dropped = bool(self.selected or self.drag or self.paint)
        self.selected = None
        self.drag = self.paint = None
        if dropped:
            self.session.tell("selection cleared")
        return dropped

    # -- events ----------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.space_at(event.pos)
            if self.hover is not None:
                self.cursor = None
            self._drag_to(self.hover)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            space = self.space_at(event.pos)
            if event.button == 3:
                self.cancel()
                return True
            if event.button != 1 or space is None:
                return False
            self.hover = space
            if self.edit:
                self.press(space)
            else:
                self.click(space)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.edit and (self.drag or self.paint):
                self.release()
                return True
            return False
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        return False

    def key(self, event: pygame.event.Event) -> bool:
        """A key press; ``False`` for keys this screen leaves to the app (Ctrl+…, F-keys)."""
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT):
            return False
        moves = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
                 pygame.K_DOWN: (0, 1)}
        key = event.key
        if key in moves:
            self.move_cursor(*moves[key])
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.enter()
        elif key == pygame.K_ESCAPE:
            self.cancel()
        elif key == pygame.K_TAB:
            self.next_piece()
        elif key == pygame.K_f:
            self.show_facing = not self.show_facing
        elif key == pygame.K_z:
            self.show_zone = not self.show_zone
            if self.show_zone and self.selection() is None:
                self.session.tell("select a piece to see its Zone", error=True)
        elif key == pygame.K_RIGHTBRACKET:
            self.set_zone(self.zone_x + 1)
        elif key == pygame.K_LEFTBRACKET:
            self.set_zone(self.zone_x - 1)
        elif key == pygame.K_v:
            self.show_seen = not self.show_seen
        elif key == pygame.K_e:
            self.toggle_edit()
        elif key == pygame.K_t:
            self.end_turn()
        elif not self.edit and key == pygame.K_n:
            self.resolve_activation()
        elif not self.edit and key == pygame.K_m:
            self.activate()
        elif not self.edit and key == pygame.K_a:
            self.attack()
        elif not self.edit and key == pygame.K_k:
            self.forced()
        elif not self.edit and key == pygame.K_b:
            self.abilities()
        elif not self.edit and key == pygame.K_c:
            self.vantage_points()
        elif not self.edit and key == pygame.K_p:
            self.place_terrain()
        elif self.edit and key == pygame.K_r:
            self.rotate()
        elif self.edit and key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self.delete()
        elif self.edit and pygame.K_1 <= key < pygame.K_1 + len(PALETTE):
            self.choose_palette(key - pygame.K_1)
        else:
            return False
        return True

    def set_zone(self, x: int) -> None:
        self.zone_x = max(0, min(ZONE_MAX, x))
        self.show_zone = True

    def move_cursor(self, dx: int, dy: int) -> None:
        """Arrow keys: move the keyboard cursor (it starts on the selection, or A1)."""
        board = self.state.board
        start = self.cursor or self.hover
        if start is None:
            piece = self.selection()
            start = piece.at if piece is not None else Space(0, 0)
            dx, dy = 0, 0
        moved = start.step(dx, dy)
        self.cursor = moved if board.contains(moved) else start
        self.hover = self.cursor
        self._drag_to(self.cursor)
        self.viewport.show(self.grid().space_rect(self.cursor))  # zoomed in: keep it in view

    def enter(self) -> None:
        """Enter: click the cursor's space (in edit mode: pick up, then drop)."""
        if self.cursor is None:
            self.move_cursor(0, 0)
            return
        if not self.edit:
            self.click(self.cursor)
        elif self.drag is not None or self.paint is not None:
            self.release()
        else:
            self.press(self.cursor)

    def next_piece(self) -> None:
        """Tab: select the next Knight or Monster in layout order."""
        names = [p.name for p in (*self.state.knights, *self.state.monsters)]
        if not names:
            return
        index = names.index(self.selected) + 1 if self.selected in names else 0
        self.selected = names[index % len(names)]
        piece = self.selection()
        if piece is not None:
            self.cursor = self.hover = piece.at

    def click(self, space: Space) -> None:
        """A click on ``space`` in play: select, deselect, or move the selected Knight."""
        state = self.state
        other = piece_at(state, space)
        piece = self.selection()
        if other is not None and (piece is None or other.name != piece.name):
            self.selected = other.name
            kind = "Knight" if isinstance(other, Knight) else "Monster"
            self.session.tell(f"{other.name} selected ({kind} on {other.at})")
        elif other is not None:
            self.selected = None
            self.session.tell(f"{other.name} deselected")
        elif isinstance(piece, Knight):
            if self.perform(MoveKnight(piece.name, space)) and self.cursor is not None:
                self.cursor = space
        else:
            self.session.tell(f"{space}: nothing to select here; click a Knight to see where "
                              f"it can move")

    def end_turn(self) -> None:
        """T / the End Turn button: end the active (or selected) Knight's turn, or the Monster
        Round."""
        from tabletop.ui.controllers.clash_vantage import HoldOn
        from tabletop.ui.facades.clash import rules

        turn = self.state.turn
        if turn.phase == "monster":
            action = EndMonsterRound()
            try:
                events = rules.outcomes(self.state, action)[0].events
            except TabletopError as exc:
                self.session.tell(str(exc), error=True)
                return
            if self.perform(action):
                holding = [e.piece for e in events if e.kind == "hold-on"]
                if holding:
                    HoldOn(self, holding).start()
            return
        name = turn.active or (self.selected if isinstance(self.selection(), Knight) else None)
        if name is None:
            self.session.tell("no Knight is taking a turn: select the Knight whose turn ends",
                              error=True)
            return
        self.perform(EndTurn(name))

    # -- edit mode -------------------------------------------------------------------------

    def toggle_edit(self) -> None:
        self.edit = not self.edit
        self.drag = self.paint = None
        self.session.tell("edit mode: drag pieces and tiles, R rotates, Del removes, 1–5 "
                          "paints Terrain" if self.edit else "edit mode off")

    def choose_palette(self, index: int) -> None:
        self.palette = None if self.palette == index else index
        if self.palette is None:
            self.session.tell("palette: none")
        else:
            name, keywords = PALETTE[index]
            self.session.tell(f"palette: {name} ({', '.join(keywords)}); drag over empty "
                              f"spaces to add it")

    def _thing_at(self, space: Space) -> tuple[str, Space] | None:
        """The name and north-west space of the piece (else Terrain tile) on ``space``."""
        piece = piece_at(self.state, space)
        if piece is not None:
            return piece.name, piece.at
        tiles = self.state.terrain_at.get(space, ())
        if tiles:
            tile = tiles[-1]
            return tile.name, Space(min(s.row for s in tile.spaces),
                                    min(s.col for s in tile.spaces))
        return None

    def press(self, space: Space) -> None:
        """Edit mode, button down: grab the piece or tile there, or start painting."""
        thing = self._thing_at(space)
        if thing is not None and self.palette is None:
            name, corner = thing
            self.selected = name
            self.drag = Drag(name, (space.col - corner.col, space.row - corner.row), corner,
                             corner)
        elif self.palette is not None:
            self.paint = (space, space)
        else:
            self.selected = None
            self.session.tell(f"{space} is empty: pick a palette tile (1–{len(PALETTE)}) to "
                              f"paint Terrain")

    def _drag_to(self, space: Space | None) -> None:
        if space is None:
            return
        if self.drag is not None:
            gx, gy = self.drag.grab
            self.drag = Drag(self.drag.name, self.drag.grab, self.drag.start,
                             Space(max(0, space.row - gy), max(0, space.col - gx)))
        elif self.paint is not None:
            self.paint = (self.paint[0], space)

    def release(self) -> None:
        """Edit mode, button up: drop the dragged thing (a :class:`MovePiece`) or add the
        painted tile (an :class:`AddTerrain`)."""
        from tabletop.ui.controllers.clash_terrain import block

        drag, paint = self.drag, self.paint
        self.drag = self.paint = None
        if drag is not None and drag.to != drag.start:
            self.perform(MovePiece(drag.name, drag.to))
        elif drag is not None:
            self.session.tell(f"{drag.name} selected; drag it to move it")
        elif paint is not None and self.palette is not None:
            name, keywords = PALETTE[self.palette]
            self.perform(AddTerrain(self.fresh_name(name), block(*paint), keywords))

    def fresh_name(self, base: str) -> str:
        """``base`` with the first number no piece or tile uses ("Wall 1", "Wall 2" …)."""
        taken = {*self.state.pieces, *(t.name for t in self.state.terrain)}
        number = 1
        while f"{base} {number}" in taken:
            number += 1
        return f"{base} {number}"

    def _footprint(self, name: str, at: Space) -> tuple[Space, ...]:
        piece = self.state.pieces.get(name)
        if isinstance(piece, Monster):
            return tuple(rectangle(at, piece.size, piece.size))
        if piece is not None:
            return (at,)
        tile = self.state.tile(name)
        if tile is None:
            return ()
        top = min(s.row for s in tile.spaces)
        left = min(s.col for s in tile.spaces)
        return tuple(s.step(at.col - left, at.row - top) for s in tile.spaces)

    def rotate(self) -> None:
        """R in edit mode: turn the selected Monster a quarter turn clockwise."""
        if not isinstance(self.selection(), Monster):
            self.session.tell("select a Monster to rotate it", error=True)
            return
        self.perform(RotateMonster(self.selected))

    def delete(self) -> None:
        """Del in edit mode: remove the selected piece or tile."""
        if not self.selected:
            self.session.tell("select a piece or tile to remove it", error=True)
            return
        if self.perform(RemovePiece(self.selected)):
            self.selected = None

