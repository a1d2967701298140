"""The joust roll: both Knights' dice are thrown in the animated dice tray, each throw handed to
the rules core as the chance point it is; this screen shows every die and the joust's outcome
in words and takes the Mark of the Church choice.

Steps (rulebook, *Jousting Phase Tasks* 5-8; the rules core's steps,
:mod:`tabletop.games.joust.throws`): Targeting presets (click an Attack Die of the Knight with
Targeting: it is set to 6; click again for 5, ... then off), then Roll (Enter) -> each Knight's
dice go into the dice tray in turn, the Household with initiative first: its Targeting choice
is applied, the dice tumble and settle on the seeded faces and the throw is applied; the tray
lists each die's score in words; click dice and R to use the Knight's Hero's Fate or Squire
Reroll (the reroll and its throw are applied); Enter ends the rerolls and throws the
Aftershocks, each wave applied; Enter again hands the roll back -> Mark of the Church (+/-)
-> Done (Enter) applies the conversion, and the joust is scored (without Mark of the Church
it is scored with the last throw).  Every step is one entry of the undo list and the log.
Each Knight's roll is seeded by the joust, so throwing again after closing a tray with Esc
(its steps taken back) shows the same dice; Done writes each roll in words with its seed to
the log, the replayable record as the entry's ``data`` (``tabletop.dice.roll.replay``
rebuilds the roll, ``tabletop.dice.tray.animate_roll`` its animation).  Esc on this screen
takes back every step of the joust taken here.

The rules stay where they are: the dice rules (Aftershock, Hero's Fate, Squire Reroll) in
:mod:`tabletop.dice.joust_rolls`, the scoring in :mod:`tabletop.dice.kings_champion`, the
joust's steps and score in the rules core.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from tabletop.dice.joust_rolls import (
    ABILITY,
    AFTERSHOCK,
    HEROS_FATE,
    SQUIRE,
    ability_rerolls_left,
    aftershock_dice,
    knight_reroll,
    rerolls_left,
)
from tabletop.dice.kings_champion import FEALTY
from tabletop.dice.roll import Roll, Step, reroll
from tabletop.errors import TabletopError
from tabletop.games.joust.actions import Aim, Convert, DieRoll, Keep, KnightRoll, Reroll, Throw
from tabletop.games.joust.state import FAVOR_TITLES, JoustState, Knight
from tabletop.ui.controllers.base import Controller
from tabletop.ui.facades.joust import (
    FAVOR_WORDS,
    RollScore,
    ability_of,
    during,
    effect_words,
    favor_of,
    how_rolled,
    next_step,
    roll_slots,
    score_roll,
)
from tabletop.ui.logbook import LogEntry
from tabletop.ui.session import Session
from tabletop.ui.textlayer import cover
from tabletop.ui.views.base import text, wrap
from tabletop.ui.views.joust import draw_die
from tabletop.ui.widgets import theme

DIE = 46
SOURCES = {HEROS_FATE: "heros-fate", SQUIRE: "squire", ABILITY: "ability"}
"""The rules core's name of each reroll the tray records."""


REASONS = {source: reason for reason, source in SOURCES.items()}
"""The dice tray's name of each reroll the rules core records."""


def _rebuilt(side: Side, record: KnightRoll) -> Roll:
    """The tray's roll of the dice ``record`` holds for ``side`` (a joust part-way rolled):
    the thrown dice with every face they showed, one reroll step per reroll in the order the
    dice name them, one Aftershock step per wave."""
    dice = {d.slot: d for d in record.dice}
    thrown = [dice[side.slots[i]] for i in side.thrown]
    kinds = [f"kc-{side.colours[i]}" for i in side.thrown]
    history = [tuple(face - 1 for face in die.faces) for die in thrown]
    steps: list[Step] = []
    sources: list[str] = []
    for depth in range(max((len(d.rerolls) for d in thrown), default=0)):
        sources += [d.rerolls[depth] for d in thrown
                    if len(d.rerolls) > depth and d.rerolls[depth] not in sources]
    for source in dict.fromkeys(sources):
        steps.append(Step("reroll", tuple(n for n, d in enumerate(thrown) if source in d.rerolls),
                          (), REASONS[source]))
    for wave in range(max((len(d.aftershocks) for d in thrown), default=0)):
        added = [d.aftershocks[wave] for d in thrown if len(d.aftershocks) > wave]
        kinds += [f"kc-{FEALTY}"] * len(added)
        history += [(face - 1,) for face in added]
        steps.append(Step("add", (), (f"kc-{FEALTY}",) * len(added), AFTERSHOCK))
    return Roll(side.seed, tuple(kinds), tuple(h[-1] for h in history), tuple(history),
                tuple(steps), len(side.thrown))


def _rerolls_of(steps, die: int) -> int:
    """How many of ``steps`` rerolled ``die``."""
    return sum(1 for step in steps if step.action == "reroll" and die in step.dice)


def _resolved(roll: Roll) -> bool:
    """Whether the Aftershocks are rolled (after which no reroll is left)."""
    return any(step.reason == AFTERSHOCK for step in roll.steps)

TITLES = {"preset": "Targeting: set a die, then Roll (Enter) throws the dice in the tray",
          "throwing": "The dice are in the tray",
          "paused": "The dice tray was closed: Roll (Enter) throws the same dice again, Esc "
                    "cancels the joust",
          "resolved": "The joust is scored: Done (Enter) closes, Esc takes it back",
          "convert": "Mark of the Church: choose the hits turned into Morale, then Done "
                     "(Enter) scores the joust; Esc takes the joust back"}
MAIN_BUTTON = {"preset": "Roll", "paused": "Roll", "resolved": "Done", "convert": "Done"}


@dataclass
class Side:
    """One Knight's dice: ``slots``/``colours`` of every die (Fealty last), the ``seed`` of its
    throw, ``preset`` faces chosen by Targeting, the ``roll`` of the thrown dice once the dice
    tray hands it back, and the Mark of the Church conversion; ``state`` is the joust's, whose
    rules score the dice; ``applied``: how many throws
    of the tray's roll the rules core has taken (``-1`` before the first), ``depth``: the undo
    list's length before this Knight's first step; ``resume``: the dice a joust part-way
    rolled has already thrown for this Knight, to go on with in the tray; ``fresh``: every
    face came from ``seed`` in this tray (so the log may carry its replayable record)."""

    house: str
    knight: Knight
    state: JoustState
    slots: list[str]
    colours: list[str]
    seed: int
    ability: tuple[str, ...] = ()
    preset: dict[int, int] = field(default_factory=dict)
    roll: Roll | None = None
    convert: int = 0
    applied: int = -1
    depth: int = 0
    resume: Roll | None = None
    fresh: bool = True

    @property
    def favor(self) -> str | None:
        return favor_of(self.knight)

    def can_target(self) -> bool:
        return self.favor == "targeting"

    @property
    def thrown(self) -> list[int]:
        """The dice thrown in the tray (all but a Targeting preset), as indices of ``slots``."""
        return [i for i in range(len(self.slots)) if i not in self.preset]

    def kinds(self) -> list[str]:
        """The colours of the thrown dice, in the tray's order."""
        return [self.colours[i] for i in self.thrown]

    def _squire(self) -> str | None:
        """The colour of this Knight's Squire Reroll, when it has one with a worker on it."""
        squire = self.knight.squire
        return squire.reroll if squire and squire.reroll and squire.reroll_worker else None

    def reroll_rule(self, roll: Roll, chosen: set[int]) -> tuple[Roll, str]:
        """The dice tray's reroll for this Knight: its own Squire Reroll or Hero's Fate, by
        :func:`tabletop.dice.joust_rolls.knight_reroll`."""
        return knight_reroll(roll, chosen, heros_fate_held=self.favor == "heros-fate",
                             squire=self._squire(), ability=self.ability)

    def rerolls(self, roll: Roll) -> list[tuple[str, str]]:
        """``(label, reason)`` of the rerolls this Knight may still use on ``roll``, Hero's
        Fate first; none once the Aftershocks are rolled."""
        squire = self._squire()
        left = rerolls_left(roll, heros_fate_held=self.favor == "heros-fate", squire=squire)
        labels = {HEROS_FATE: "Hero's Fate reroll", SQUIRE: f"Squire reroll ({squire})"}
        out = [(labels[reason], reason) for reason in (HEROS_FATE, SQUIRE) if reason in left]
        free = [] if _resolved(roll) else ability_rerolls_left(roll, self.ability)
        out += [(f"Ability Card reroll (one {c} die)" if c != "any" else
                 "Ability Card reroll (one die)", ABILITY) for c in free]
        return out

    def die_rolls(self, roll: Roll | None = None) -> tuple[DieRoll, ...]:
        """The dice as the rules core takes them, from ``roll`` (default: the Knight's own
        roll) and the presets."""
        roll = roll if roll is not None else self.roll
        assert roll is not None
        chain = tuple(roll.face(i).value for i in aftershock_dice(roll))
        out = []
        for index, slot in enumerate(self.slots):
            if index in self.preset:
                out.append(DieRoll(slot, (self.preset[index],), preset=True))
                continue
            position = self.thrown.index(index)
            faces = tuple(f.value for f in roll.shown(position))
            reasons = [s.reason for s in roll.steps if s.action == "reroll"
                       and position in s.dice]
            sources = tuple(SOURCES[r] for r in reasons)
            after = chain if self.colours[index] == FEALTY and faces[-1] == 6 else ()
            out.append(DieRoll(slot, faces, sources, after))
        return tuple(out)

    def explain(self, roll: Roll) -> list[tuple[str, list[str]]]:
        """The dice tray's results for this Knight: each die's score in words with how it came
        about (the rules core's :func:`~tabletop.games.joust.jousting.how_rolled`), the dice's
        totals against the crown box, and the rerolls left.  Hit, Block and Mark of the Church
        act on the joust screen once both Knights have rolled."""
        dice = self.die_rolls(roll)
        faces, names = [], []
        after = iter(aftershock_dice(roll))
        for index, (die, colour) in enumerate(zip(dice, self.colours, strict=True)):
            faces.append((colour, die.face))
            names.append("not thrown" if die.preset else f"die {self.thrown.index(index) + 1}")
            for face in die.aftershocks:
                faces.append((FEALTY, face))
                names.append(f"die {next(after) + 1}")
        scored = score_roll(self.state, self.knight, faces)
        lines = []
        if self.favor:
            lines.append(f"{FAVOR_TITLES[self.favor]}: {FAVOR_WORDS[self.favor]}")
        card = ability_of(self.state, self.knight)
        if card is not None and card.timing == "during":
            lines.append(f"Ability Card {card.name}: {effect_words(card)}")
        for name, words, how in zip(names, (d.words for d in scored.dice.dice),
                                    how_rolled(KnightRoll(self.house, dice)), strict=True):
            lines.append(f"{name}: {words}" + (f" ({how})" if how else ""))
        lines.extend(_totals(scored, self.knight.crown_target()))
        if any(d.face == 6 and c == FEALTY and not d.aftershocks
               for d, c in zip(dice, self.colours, strict=True)):
            lines.append("Aftershock: Enter throws the Fealty Die again")
        left = [label for label, _ in self.rerolls(roll)]
        lines.append(f"rerolls left: {', '.join(left)}: click dice, then R" if left
                     else "no rerolls left")
        return [(f"{self.knight.name} (House {self.house})", lines)]


def _totals(scored: RollScore, target: int) -> list[str]:
    """The roll's totals in words, as the rules core scored them (the Hit Favor Action's and
    the Ability Card's hits and pips named), against the crown box; and the hits the Ability
    Card blocks of the rival."""
    extra = [f"+{n} from {source}" for n, source in
             ((scored.favor_hit, "the Hit Favor Action"), (scored.card_hits, "the Ability Card"))
             if n]
    hits = f"{scored.hits} hit{'' if scored.hits == 1 else 's'}" + (
        f" ({', '.join(extra)})" if extra else "")
    pips = f"{scored.pips} pips" + (
        f" (+{scored.card_pips} from the Ability Card)" if scored.card_pips else "")
    lines = [f"score: {hits}, {scored.dice.reputation} Reputation, {pips}; crown box {target}: "
             f"{'beaten' if scored.pips > target else 'not beaten'}"]
    if scored.card_block:
        lines.append(f"the Ability Card blocks {scored.card_block} of the rival's hits")
    return lines


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
        for number, (house, knight) in enumerate(zip(state.in_order(), pair, strict=True)):
            rolled = roll_slots(state, knight)  # placed dice, an Ability Card's, the Fealty Die
            self.sides.append(Side(house.name, knight, state, [s for s, _ in rolled],
                                   [c for _, c in rolled], seed * 2 + number,
                                   during(state, knight).rerolls))
        record = state.throw
        if record is not None:
            self._take_up(state)
        aiming = [not record.aimed[n] if record else True for n in range(len(self.sides))]
        self.stage = "preset" if any(s.can_target() and aiming[n]
                                     for n, s in enumerate(self.sides)) else "throwing"
        if record is not None and next_step(state) is not None \
                and next_step(state).kind == "convert":
            self.stage = "convert"
        self.start = len(session.history)
        self.index = state.resolved
        self.log_start = len(session.log)
        self.scored: list[str] = []
        self.tray_for: int | None = None
        self.message = ""
        self.buttons: list[tuple[pygame.Rect, str, object]] = []
        self.dice_rects: list[tuple[pygame.Rect, int, int]] = []

    def _take_up(self, state: JoustState) -> None:
        """A joust part-way rolled: each Knight's presets, conversion and the dice it has
        thrown, from the state; a Knight the rules core has moved past is done, the one it
        waits on goes on in the tray from its dice."""
        record = state.throw
        assert record is not None
        step = next_step(state)
        now = step.side if step is not None and step.kind != "convert" else len(self.sides)
        for number, (side, roll) in enumerate(zip(self.sides, record.rolls, strict=True)):
            side.preset = {side.slots.index(d.slot): d.faces[0] for d in roll.dice if d.preset}
            side.convert = roll.convert
            if {d.slot for d in roll.dice} >= {side.slots[i] for i in side.thrown}:
                rebuilt, side.fresh = _rebuilt(side, roll), False
                if number < now:
                    side.roll = rebuilt
                elif number == now:
                    side.resume = rebuilt

    # -- steps -----------------------------------------------------------------------------

    def on_push(self, app) -> None:
        super().on_push(app)
        if self.stage == "throwing":
            self._next_tray()

    def _throw(self) -> None:
        """Roll: throw the dice still to roll in the tray (after Targeting, or again after a
        tray was closed)."""
        self.stage = "throwing"
        self.message = ""
        self._next_tray()

    def _perform(self, action) -> bool:
        """Hand one step of the joust to the session; the score's lines are kept when it was
        the joust's last step."""
        resolved = self.session.state.resolved
        start = len(self.session.log)
        if not self.session.perform(action):
            self.message = self.session.status
            return False
        if self.session.state.resolved != resolved:
            self.scored = [str(line) for line in self.session.log[start:]]
        return True

    def _waits(self, kind: str, side: Side) -> bool:
        """Whether the rules core waits for ``kind`` of ``side``'s Knight now."""
        step = next_step(self.session.state)
        return step is not None and step.kind == kind and step.house == side.house

    def _next_tray(self) -> None:
        """Push the dice tray for the next Knight still to roll (its Targeting choice applied
        first); when both have rolled, the joust waits for Mark of the Church or is scored.
        The tray's module is imported here, at the first throw, so that a picture of the List
        goes without it."""
        from tabletop.ui.widgets.dice_tray import DiceTray

        waiting = [n for n, side in enumerate(self.sides) if side.roll is None]
        if not waiting:
            self.stage = "convert" if next_step(self.session.state) is not None else "resolved"
            return
        if self.app is None:
            return
        number = waiting[0]
        side = self.sides[number]
        side.depth, side.applied = len(self.session.history), -1
        resume = side.resume
        if resume is not None:
            side.resume, side.applied = None, len(resume.steps)
            waiting_step = next_step(self.session.state)
            if self._waits("reroll-throw", side) and waiting_step is not None:
                rebuilt = reroll(resume, [side.thrown.index(side.slots.index(slot))
                                          for slot in waiting_step.slots],
                                 REASONS[self.session.state.throw.source])
                faces = tuple((slot, rebuilt.face(side.thrown.index(side.slots.index(slot)))
                               .value) for slot in waiting_step.slots)
                if not self._perform(Throw(side.house, faces)):
                    return
                resume, side.applied = rebuilt, len(rebuilt.steps)
        elif self._waits("aim", side):
            chosen = next(iter(side.preset.items()), None)
            aim = Aim(side.house) if chosen is None else Aim(side.house, side.slots[chosen[0]],
                                                             chosen[1])
            if not self._perform(aim):
                return
        self.tray_for = number

        def done(roll: Roll, side: Side = side) -> None:
            assert roll.seed == side.seed and list(roll.kinds[:roll.first]) == [
                f"kc-{c}" for c in side.kinds()]
            if self._waits("reroll", side):
                self._perform(Keep(side.house))
            side.roll = roll
            self.tray_for = None

        state: JoustState = self.session.state
        self.app.push(DiceTray(
            self.session, side.kinds(), seed=side.seed, on_done=done,
            reroll_rule=side.reroll_rule, throw_now=True, fixed=True, explain=side.explain,
            can_reroll=lambda roll, side=side: bool(side.rerolls(roll)),
            title=f"joust {state.resolved + 1}: {side.knight.name} (House {side.house})",
            on_change=lambda roll, side=side: self._thrown(side, roll), roll=resume))

    def _thrown(self, side: Side, roll: Roll) -> None:
        """The tray threw (first throw, a reroll or the Aftershocks): each new throw goes to
        the rules core as the chance point it is, a reroll after its choice, the Aftershocks
        after the Knight keeps its dice."""
        thrown = side.thrown
        if side.applied < 0:
            faces = tuple((side.slots[i], roll.face(n).value) for n, i in enumerate(thrown))
            if not self._perform(Throw(side.house, faces)):
                return
            side.applied = 0
        for number in range(side.applied, len(roll.steps)):
            step, before = roll.steps[number], roll.steps[:number]
            if step.action == "reroll":
                slots = tuple(side.slots[thrown[d]] for d in step.dice)
                if not self._perform(Reroll(side.house, SOURCES[step.reason], slots)):
                    return
                faces = tuple((slot, roll.shown(d)[_rerolls_of(before, d) + 1].value)
                              for slot, d in zip(slots, step.dice, strict=True))
            else:
                if self._waits("reroll", side) and not self._perform(Keep(side.house)):
                    return
                waiting = next_step(self.session.state)
                assert waiting is not None
                first = roll.first + sum(len(s.kinds) for s in before if s.action == "add")
                faces = tuple(zip(waiting.slots, (roll.face(first + n).value
                                                  for n in range(len(step.kinds))),
                                  strict=True))
            if not self._perform(Throw(side.house, faces)):
                return
            side.applied = number + 1

    def update(self, dt_ms: int) -> None:
        """Once a Knight's tray has closed, push the next one; a tray closed without handing
        its roll back (Esc) takes back that Knight's steps and pauses the joust."""
        if self.stage != "throwing" or self.app is None or self.app.top is not self:
            return
        if self.tray_for is not None:
            side = self.sides[self.tray_for]
            self.tray_for = None
            self._take_back(side.depth)
            self.stage = "paused"
            self.message = f"{side.knight.name}'s dice were not used"
            return
        self._next_tray()

    def _take_back(self, depth: int) -> None:
        """Undo the steps taken here back to the undo list's length ``depth``."""
        while len(self.session.history) > depth and self.session.undo():
            pass

    def _converts(self) -> list[Convert]:
        """The Mark of the Church conversions the joust waits for, as chosen here."""
        return [Convert(s.house, s.convert) for s in self.sides
                if s.favor == "mark-of-the-church"]

    def preview(self) -> list[str]:
        """The joust's outcome in words, from the rules core: the score once applied, or
        what the conversions chosen would give (nothing is changed)."""
        if self.stage != "convert":
            return self.scored
        state = self.session.state
        events: tuple = ()
        try:
            for action in self._converts():
                step = next_step(state)
                if step is not None and step.kind == "convert" and step.house == action.house:
                    state, events = self.session.game.apply(state, action)
        except TabletopError as exc:
            return [str(exc)]
        return [self.session.game.describe(e) for e in events]

    def _finish(self) -> None:
        """Done: the conversions go to the session (scoring the joust), and each Knight's
        roll to the log, with its seed and replayable record, before the joust's steps."""
        if self.app is None:
            return
        for action in self._converts():
            if self._waits("convert", next(s for s in self.sides if s.house == action.house)) \
                    and not self._perform(action):
                return
        self.session.log[self.log_start:self.log_start] = [
            LogEntry(f"Dice of {side.knight.name} (House {side.house}, seed {side.seed}): "
                     f"{side.roll}", data=side.roll.record())
            for side in self.sides if side.roll is not None and side.fresh]
        self.app.pop(self)

    # -- events ----------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE and self.app is not None:
                self._take_back(self.start)
                self.app.pop(self)
                self.session.tell("joust not rolled: its steps were taken back")
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._advance()
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
        if self.stage in ("preset", "paused"):
            self._throw()
        elif self.stage in ("resolved", "convert"):
            self._finish()

    def _button(self, what: str, value: object) -> None:
        if what == "main":
            self._advance()
        elif what == "convert":
            side, step = value  # type: ignore[misc]
            side.convert = max(0, side.convert + step)
            if any("Mark of the Church converts" in line for line in self.preview()):
                side.convert -= step
                self.message = "Mark of the Church cannot turn more hits into Morale"

    def _click_die(self, side: Side, index: int) -> None:
        if self.stage != "preset":
            return
        if side.roll is not None or side.resume is not None:
            self.message = f"{side.knight.name}'s dice are thrown: Targeting is set before"
            return
        if not side.can_target() or side.colours[index] == FEALTY:
            self.message = "Targeting presets one Attack Die of the Knight that chose it"
            return
        face = side.preset.get(index)
        side.preset.clear()
        if face is None:
            side.preset[index] = 6
        elif face > 1:
            side.preset[index] = face - 1

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        surface.blit(shade, rect)
        cover(surface, rect)  # on top of the List: no tooltip of the board under it shows
        box = rect.inflate(-40, -30)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=8)
        pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=8)
        state: JoustState = self.session.state
        title = wrap(f"Joust {self.index + 1} of round {state.round} — "
                     f"{TITLES[self.stage]}", 20, box.width - 32)
        for n, line in enumerate(title):
            text(surface, line, (box.x + 16, box.y + 10 + 22 * n), 20, theme.ACCENT,
                 max_width=box.width - 32)
        self.buttons, self.dice_rects = [], []
        y = box.y + 20 + 22 * len(title)
        first = y
        for index, side in enumerate(self.sides):
            y = self._draw_side(surface, box, y, index, side) + 10
        if self.stage in MAIN_BUTTON:
            button = pygame.Rect(box.right - 140, first - 2, 120, 30)
            self._button_rect(surface, button, MAIN_BUTTON[self.stage], "main", None, True)
        lines = self.preview() if self.stage in ("resolved", "convert") else []
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
        room = box.width - (180 if index == 0 and self.stage in MAIN_BUTTON else 32)
        for line in wrap(f"House {side.house}: {side.knight.name} ({favor}) — crown box "
                         f"{side.knight.crown_target()}", 18, room):
            text(surface, line, (box.x + 16, y), 18, theme.TEXT, max_width=room)
            y += 20
        y += 4
        x = box.x + 16
        for die, colour in enumerate(side.colours):
            rect = pygame.Rect(x, y, DIE, DIE)
            face, history = self._face(side, die)
            draw_die(surface, rect, colour, face)
            self.dice_rects.append((rect, index, die))
            label = ("set" if die in side.preset else
                     "from " + " then ".join(str(f) for f in history[:-1]) if len(history) > 1
                     else "")
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
        if self.stage == "convert" and side.favor == "mark-of-the-church":
            text(surface, f"Hits to Morale: {side.convert}", (bx, y + 14), 16, theme.TEXT)
            self._button_rect(surface, pygame.Rect(bx + 130, y + 8, 30, 28), "−", "convert",
                              (side, -1), side.convert > 0)
            self._button_rect(surface, pygame.Rect(bx + 166, y + 8, 30, 28), "+", "convert",
                              (side, 1), True)
        return y + DIE + 18

    def _face(self, side: Side, die: int) -> tuple[int | None, tuple[int, ...]]:
        if die in side.preset:
            return side.preset[die], (side.preset[die],)
        if side.roll is None:
            return None, ()
        history = tuple(f.value for f in side.roll.shown(side.thrown.index(die)))
        return history[-1], history
