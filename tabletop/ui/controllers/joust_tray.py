"""The joust roll: a modal that rolls both Knights' dice, takes the players' rerolls and
Mark of the Church choice, rolls the Aftershocks, explains every die's score in words, and
hands one :class:`~tabletop.games.joust.actions.Joust` to the session.

Steps (rulebook, *Jousting Phase Tasks* 5-8): Targeting presets (click an Attack Die of the
Knight with Targeting: it is set to 6; click again for 5, ... then off) -> Roll -> rerolls
(click dice to select them, then that Knight's Hero's Fate or Squire Reroll button) ->
Resolve (Aftershocks are rolled) -> Mark of the Church (+/-) -> Done.  Esc closes without
changing the board; the dice are seeded by the joust, so reopening shows the same roll.
T (before any reroll) throws each Knight's dice in the animated dice tray instead: the same
seed gives the same faces, and the tray's rerolls apply the Knight's own rerolls.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from tabletop.dice.joust_rolls import (
    HEROS_FATE,
    SQUIRE,
    aftershock_dice,
    heros_fate,
    resolve_aftershocks,
    squire_reroll,
)
from tabletop.dice.joust_rolls import colour as roll_colour
from tabletop.dice.kings_champion import FEALTY, die_score
from tabletop.dice.roll import Roll, roll_dice
from tabletop.errors import IllegalActionError, TabletopError
from tabletop.games.joust.actions import DieRoll, Joust, KnightRoll
from tabletop.games.joust.jousting import favor_of
from tabletop.games.joust.state import FAVOR_TITLES, JoustState, Knight
from tabletop.ui.controllers.base import Controller
from tabletop.ui.session import Session
from tabletop.ui.views.base import text, wrap
from tabletop.ui.views.joust import draw_die
from tabletop.ui.widgets import theme
from tabletop.ui.widgets.dice_tray import DiceTray

DIE = 46


@dataclass
class Side:
    """One Knight's dice in the tray: ``slots``/``colours`` of every die (Fealty last),
    ``preset`` faces chosen by Targeting, the live ``roll`` of the other dice, the dice
    selected for a reroll and the Mark of the Church conversion."""

    house: str
    knight: Knight
    slots: list[str]
    colours: list[str]
    preset: dict[int, int] = field(default_factory=dict)
    roll: Roll | None = None
    rolled: list[int] = field(default_factory=list)
    selected: set[int] = field(default_factory=set)
    convert: int = 0

    @property
    def favor(self) -> str | None:
        return favor_of(self.knight)

    def can_target(self) -> bool:
        return self.favor == "targeting"

    def reroll_rule(self, roll: Roll, chosen: set[int]) -> tuple[Roll, str]:
        """The dice tray's reroll for this Knight: the Squire Reroll when every chosen die is
        its colour and it is unused, else Hero's Fate when chosen and unused."""
        used = {s.reason for s in roll.steps}
        squire = self.knight.squire
        if (squire and squire.reroll and squire.reroll_worker and SQUIRE not in used
                and chosen and all(roll_colour(roll, i) == squire.reroll for i in chosen)):
            return squire_reroll(roll, chosen, squire.reroll), "Squire Reroll"
        if self.favor == "heros-fate" and HEROS_FATE not in used:
            return heros_fate(roll, chosen), "Hero's Fate"
        raise IllegalActionError(f"reroll {self.knight.name}'s dice",
                                 "no Hero's Fate or Squire Reroll is left for those dice")

    def rerolls(self) -> list[tuple[str, str]]:
        """``(label, reason)`` of the rerolls this Knight may still use."""
        out = []
        used = {s.reason for s in self.roll.steps} if self.roll else set()
        if self.favor == "heros-fate" and HEROS_FATE not in used:
            out.append(("Hero's Fate reroll", HEROS_FATE))
        squire = self.knight.squire
        if squire and squire.reroll and squire.reroll_worker and SQUIRE not in used:
            out.append((f"Squire reroll ({squire.reroll})", SQUIRE))
        return out

    def die_rolls(self) -> tuple[DieRoll, ...]:
        """The dice as the rules core takes them."""
        out = []
        chain: tuple[int, ...] = ()
        if self.roll is not None:
            chain = tuple(self.roll.face(i).value for i in aftershock_dice(self.roll))
        for index, slot in enumerate(self.slots):
            if index in self.preset:
                out.append(DieRoll(slot, (self.preset[index],), preset=True))
                continue
            position = self.rolled.index(index)
            assert self.roll is not None
            faces = tuple(f.value for f in self.roll.shown(position))
            reasons = [s.reason for s in self.roll.steps if s.action == "reroll"
                       and position in s.dice]
            sources = tuple("heros-fate" if r == HEROS_FATE else "squire" for r in reasons)
            after = chain if self.colours[index] == FEALTY and faces[-1] == 6 else ()
            out.append(DieRoll(slot, faces, sources, after))
        return tuple(out)


class JoustTray(Controller):
    """The modal joust roll (see the module docstring)."""

    modal = True

    def __init__(self, session: Session, seed: int):
        super().__init__()
        self.session = session
        self.seed = seed
        state: JoustState = session.state
        pair = state.jousters(state.resolved)
        assert pair is not None
        self.sides = []
        for house, knight in zip(state.in_order(), pair, strict=True):
            placed = knight.placed_dice()
            self.sides.append(Side(house.name, knight, [s for s, _ in placed] + ["fealty"],
                                   [c for _, c in placed] + [FEALTY]))
        self.stage = "preset" if any(s.can_target() for s in self.sides) else "rolled"
        self.resolved = False
        self.message = ""
        self.buttons: list[tuple[pygame.Rect, str, object]] = []
        self.in_tray: list[int] = []
        self.dice_rects: list[tuple[pygame.Rect, int, int]] = []
        if self.stage == "rolled":
            self._roll()

    # -- steps -----------------------------------------------------------------------------

    def _roll(self) -> None:
        for number, side in enumerate(self.sides):
            side.rolled = [i for i in range(len(side.slots)) if i not in side.preset]
            side.roll = roll_dice([side.colours[i] for i in side.rolled],
                                  seed=self.seed * 2 + number)
        self.stage = "rolled"

    def _reroll(self, side: Side, reason: str) -> None:
        chosen = [side.rolled.index(i) for i in sorted(side.selected) if i in side.rolled]
        if not chosen:
            self.message = "select the dice to reroll first (click them)"
            return
        assert side.roll is not None
        try:
            if reason == HEROS_FATE:
                side.roll = heros_fate(side.roll, chosen)
            else:
                assert side.knight.squire is not None and side.knight.squire.reroll
                side.roll = squire_reroll(side.roll, chosen, side.knight.squire.reroll)
        except TabletopError as exc:
            self.message = str(exc)
            return
        side.selected.clear()
        self.message = ""

    def throw_in_tray(self) -> None:
        """Throw both Knights' dice, one after the other, in the animated dice tray."""
        if self.stage != "rolled" or any(s.roll and s.roll.steps for s in self.sides):
            self.message = "the dice tray throws before any reroll"
            return
        self.in_tray = list(range(len(self.sides)))
        self.update(0)

    def update(self, dt_ms: int) -> None:
        """Push the dice tray for the next Knight once the previous one has closed."""
        if not self.in_tray or self.app is None or self.app.top is not self:
            return
        number = self.in_tray.pop(0)
        side = self.sides[number]
        if not side.rolled:
            return

        seed = self.seed * 2 + number
        kinds = [side.colours[i] for i in side.rolled]

        def done(roll: Roll, side: Side = side) -> None:
            fair = roll_dice(kinds, seed=seed)
            if roll.seed != seed or roll.kinds[:roll.first] != fair.kinds or \
                    roll.first != len(fair.kinds):
                self.message = ("the tray was thrown again or given other dice: the joust "
                                "keeps its own first throw")
                roll = resolve_aftershocks(fair)
            side.roll = roll
            if not self.in_tray:
                self.resolved = True
                self.stage = "resolved"

        self.app.push(DiceTray(self.session, kinds, seed=seed, on_done=done,
                               reroll_rule=side.reroll_rule, throw_now=True))

    def _resolve(self) -> None:
        for side in self.sides:
            assert side.roll is not None
            side.roll = resolve_aftershocks(side.roll)
        self.resolved = True
        self.stage = "resolved"

    def action(self) -> Joust:
        """The Joust as the dice stand."""
        return Joust(tuple(KnightRoll(s.house, s.die_rolls(), s.convert) for s in self.sides))

    def preview(self) -> list[str]:
        """The joust's outcome in words, from the rules core (nothing is changed)."""
        try:
            _, events = self.session.game.apply(self.session.state, self.action())
        except TabletopError as exc:
            return [str(exc)]
        return [self.session.game.describe(e) for e in events]

    def _finish(self) -> None:
        if self.app is not None and self.session.perform(self.action()):
            self.app.pop(self)

    # -- events ----------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE and self.app is not None:
                self.app.pop(self)
                self.session.tell("joust not rolled: nothing changed")
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._advance()
            elif event.key == pygame.K_t:
                self.throw_in_tray()
            return True
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1:
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION)
        for rect, what, value in self.buttons:
            if rect.collidepoint(event.pos):
                self._button(what, value)
                return True
        for rect, side_index, die in self.dice_rects:
            if rect.collidepoint(event.pos):
                self._click_die(self.sides[side_index], die)
                return True
        return True

    def _advance(self) -> None:
        if self.stage == "preset":
            self._roll()
        elif self.stage == "rolled":
            self._resolve()
        else:
            self._finish()

    def _button(self, what: str, value: object) -> None:
        if what == "main":
            self._advance()
        elif what == "tray":
            self.throw_in_tray()
        elif what == "reroll":
            side, reason = value  # type: ignore[misc]
            self._reroll(side, reason)
        elif what == "convert":
            side, step = value  # type: ignore[misc]
            side.convert = max(0, side.convert + step)
            if any("Mark of the Church converts" in line for line in self.preview()):
                side.convert -= step
                self.message = "Mark of the Church cannot turn more hits into Morale"

    def _click_die(self, side: Side, index: int) -> None:
        if self.stage == "preset":
            if not side.can_target() or side.colours[index] == FEALTY:
                self.message = "Targeting presets one Attack Die of the Knight that chose it"
                return
            face = side.preset.get(index)
            side.preset.clear()
            if face is None:
                side.preset[index] = 6
            elif face > 1:
                side.preset[index] = face - 1
        elif self.stage == "rolled" and index in side.rolled:
            side.selected ^= {index}

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        surface.blit(shade, rect)
        box = rect.inflate(-40, -30)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=8)
        pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=8)
        state: JoustState = self.session.state
        title = {"preset": "Targeting: set a die, then Roll (Enter)",
                 "rolled": "Rerolls: select dice, use a reroll, then Resolve (Enter)",
                 "resolved": "The joust scored: Done (Enter) applies it, Esc cancels"}
        text(surface, f"Joust {state.resolved + 1} of round {state.round} — "
                      f"{title[self.stage]}", (box.x + 16, box.y + 10), 20, theme.ACCENT)
        self.buttons, self.dice_rects = [], []
        y = box.y + 42
        for index, side in enumerate(self.sides):
            y = self._draw_side(surface, box, y, index, side) + 10
        main = {"preset": "Roll", "rolled": "Resolve", "resolved": "Done"}[self.stage]
        button = pygame.Rect(box.right - 140, box.y + 40, 120, 30)
        self._button_rect(surface, button, main, "main", None, True)
        if self.stage == "rolled" and not any(s.roll and s.roll.steps for s in self.sides):
            self._button_rect(surface, pygame.Rect(box.right - 280, box.y + 40, 130, 30),
                              "Dice tray (T)", "tray", None, True)
        lines = self.preview() if self.stage == "resolved" else []
        if self.message:
            lines = [self.message, *lines]
        for line in lines:
            for part in wrap(line, 16, box.width - 32):
                if y > box.bottom - 20:
                    return
                text(surface, part, (box.x + 16, y), 16, theme.TEXT)
                y += 18

    def _button_rect(self, surface, rect, label, what, value, enabled) -> None:
        pygame.draw.rect(surface, theme.BUTTON if enabled else theme.PANEL, rect,
                         border_radius=4)
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=4)
        text(surface, label, rect.center, 15, theme.TEXT if enabled else theme.TEXT_DIM,
             anchor="center", max_width=rect.width - 6)
        if enabled:
            self.buttons.append((rect, what, value))

    def _draw_side(self, surface, box, y, index, side: Side) -> int:
        favor = FAVOR_TITLES.get(side.favor or "", "no Favor Action")
        text(surface, f"House {side.house}: {side.knight.name} ({favor}) — crown box "
                      f"{side.knight.crown_target()}", (box.x + 16, y), 18, theme.TEXT)
        y += 24
        x = box.x + 16
        for die, colour in enumerate(side.colours):
            rect = pygame.Rect(x, y, DIE, DIE)
            face, history = self._face(side, die)
            outline = theme.ACCENT if die in side.selected else None
            draw_die(surface, rect, colour, face, outline=outline)
            self.dice_rects.append((rect, index, die))
            label = "set" if die in side.preset else "→".join(str(f) for f in history[:-1])
            if label:
                text(surface, label, (rect.centerx, rect.bottom + 2), 13, theme.TEXT_DIM,
                     anchor="midtop")
            x += DIE + 10
        if side.roll is not None:
            for extra in aftershock_dice(side.roll):
                rect = pygame.Rect(x, y + 8, DIE - 12, DIE - 12)
                draw_die(surface, rect, FEALTY, side.roll.face(extra).value,
                         outline=(214, 90, 60))
                text(surface, "Aftershock", (rect.centerx, rect.bottom + 2), 12, theme.ERROR,
                     anchor="midtop")
                x += DIE
        bx = x + 20
        if self.stage == "rolled":
            for label, reason in side.rerolls():
                rect = pygame.Rect(bx, y + 8, 210, 28)
                self._button_rect(surface, rect, label, "reroll", (side, reason), True)
                bx += 218
        if self.stage == "resolved" and side.favor == "mark-of-the-church":
            text(surface, f"Hits to Morale: {side.convert}", (bx, y + 14), 16, theme.TEXT)
            self._button_rect(surface, pygame.Rect(bx + 130, y + 8, 30, 28), "−", "convert",
                              (side, -1), side.convert > 0)
            self._button_rect(surface, pygame.Rect(bx + 166, y + 8, 30, 28), "+", "convert",
                              (side, 1), True)
        y += DIE + 18
        words = self._words(side)
        if words:
            text(surface, words, (box.x + 16, y), 14, theme.TEXT_DIM, max_width=box.width - 32)
            y += 18
        return y

    def _face(self, side: Side, die: int) -> tuple[int | None, tuple[int, ...]]:
        if die in side.preset:
            return side.preset[die], (side.preset[die],)
        if side.roll is None or die not in side.rolled:
            return None, ()
        position = side.rolled.index(die)
        history = tuple(f.value for f in side.roll.shown(position))
        return history[-1], history

    def _words(self, side: Side) -> str:
        if side.roll is None:
            return ""
        ruse = side.favor == "ruse"
        parts = []
        for die, colour in enumerate(side.colours):
            face, _ = self._face(side, die)
            if face:
                parts.append(die_score(colour, face, ruse=ruse).words)
        for extra in aftershock_dice(side.roll):
            parts.append(die_score(FEALTY, side.roll.face(extra).value, ruse=ruse).words)
        return "; ".join(parts)
