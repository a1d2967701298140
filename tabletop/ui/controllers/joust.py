"""The King's Champion screen: clicks and drags in, joust actions out (through the session).

Setting up: click a held Bravery Token in a House strip, then a Knight's name.  Planning (one
Household at a time, the one with initiative first; the rival's plan is hidden): drag a die
from the Dice Pool (or a Squire's die) onto a Bravery Token of its colour or an Equipment slot
that takes it (the slots it fits are ringed; another is refused with the rule), or click the
die then the slot; click a placed die to take it back; click a Favor Action chip to choose it;
click the Knights' names in jousting order to lay their tokens on The List; click an
Enhancement card in the strip, then a Knight's name, to play it; then Ready.  A hand-over
screen sits between the players whenever the secrets on show would change.  Jousting: Reveal,
then Joust (the roll modal, which throws each Knight's dice in the animated dice tray), then
End round.  King's Crowns are put on a track with the Crown buttons.  The Draw, Worker and
Ennoblement Phases, Ability Cards and the choices Perks leave are buttons and menus in the
side panel (:mod:`tabletop.ui.controllers.joust_phases`); when the game ends a final screen
names the King's Champion and why.
"""

from __future__ import annotations

import random

import pygame

from tabletop.games.joust.actions import (
    AdvanceCrown,
    Aim,
    Attach,
    ChooseFavor,
    Convert,
    EndRound,
    Keep,
    PlaceDie,
    PlaceToken,
    Ready,
    RemoveDie,
    Reroll,
    Reveal,
    SetOrder,
)
from tabletop.games.joust.state import JOUSTS, PHASE_TITLES, JoustState
from tabletop.ui.controllers import joust_phases
from tabletop.ui.controllers.base import ButtonSpec, GameController
from tabletop.ui.controllers.joust_tray import JoustTray
from tabletop.ui.facades.joust import (
    HAND_KINDS,
    acting,
    is_chance_node,
    legal_actions,
    next_step,
    perk_words,
    roll_slots,
    slot_mismatch,
    view_for,
    waiting_words,
    winner,
)
from tabletop.ui.session import Session
from tabletop.ui.views.joust import (
    FITS,
    HOUSE_COLOURS,
    Hit,
    RolledSoFar,
    Selection,
    draw_joust,
)
from tabletop.ui.widgets.choice_menu import ChoiceMenu
from tabletop.ui.widgets.handover import HandOver

SCREEN_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_r, pygame.K_j, pygame.K_c,
               pygame.K_a, pygame.K_w, pygame.K_p, pygame.K_s, pygame.K_k)
"""The keys this screen acts on (the window's own keys, such as D for the dice tray, pass)."""
PUBLIC = "everyone"
"""``shown_to`` value when both players look at the public view."""
NOBODY = ""


class JoustController(GameController):
    """The List screen (see the module docstring)."""

    title = "List"

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.hits: list[Hit] = []
        self.selection = Selection()
        self.shown_to = NOBODY
        self.drag_from: tuple[int, int] | None = None
        self.mouse = (0, 0)
        self.seed_base = random.SystemRandom().randrange(2**20)
        self.handing_over = False
        self.final_shown = session.state.phase == "over"
        self._jousting: tuple[JoustState | None, tuple[bool, bool, bool]] = (None, (False,) * 3)

    # -- who may see what --------------------------------------------------------------------

    def planner(self) -> str | None:
        """The Household planning now (initiative first), or ``None`` outside planning."""
        state: JoustState = self.session.state
        return acting(state) if state.phase == "planning" else None

    def wanted(self) -> str:
        """Whose secrets may be on show (:func:`~tabletop.games.joust.view.acting`): the
        planner's, or the Household choosing from its own hand (an Enhancement placed in the
        Worker Phase, the card kept by the Rule Exception); else nobody's (the public view)."""
        return acting(self.session.state) or PUBLIC

    def view_state(self) -> JoustState:
        """The state with every secret the people at the screen may not see filtered out:
        the planner's own plan while it plans (after the hand-over), else the public view."""
        state: JoustState = self.session.state
        if self.reveal:
            return state
        wanted = self.wanted()
        viewer = wanted if wanted != PUBLIC and self.shown_to == wanted else None
        return view_for(state, viewer)

    def deciding_at_screen(self) -> bool:
        return self.reveal or self.shown_to == self.wanted()

    def _hand_over_due(self) -> bool:
        """Whether the screen must change hands before anything else is done (events that
        arrive in the same frame as the change that calls for it)."""
        if self.reveal or self.handing_over:
            return False
        wanted = self.wanted()
        return wanted != self.shown_to and not (wanted == PUBLIC and self.shown_to == NOBODY)

    def update(self, dt_ms: int) -> None:
        """Push the hand-over screen whenever the viewer must change, and the final screen
        once when the game ends."""
        if self.app is None or self.reveal or self.handing_over:
            return
        if self.session.state.phase == "over" and not self.final_shown:
            self.final_shown = True
            self.app.push(HandOver(*self.final_words(), lambda: None))
            return
        wanted = self.wanted()
        if wanted == self.shown_to:
            return
        if wanted == PUBLIC and self.shown_to == NOBODY:
            self.shown_to = PUBLIC  # nothing secret on the public view: no hand-over needed
            return
        self.handing_over = True
        self.selection = Selection()
        state: JoustState = self.session.state
        if wanted == PUBLIC and state.phase == "jousting":
            headline, detail = ("Both Households to the table", "Planning is over: the "
                                "Jousting Tokens stay face down until each joust is revealed. "
                                "Click to continue.")
        elif wanted == PUBLIC:
            headline, detail = ("Both Households to the table", "Hands are hidden again. "
                                "Click to continue.")
        elif state.pending and state.pending[0].kind in HAND_KINDS:
            headline = f"Pass to House {wanted}, then click"
            detail = (f"House {wanted} chooses from its hand: "
                      f"{joust_phases.describe_pending(state.pending[0])}. The rival's hand "
                      f"stays hidden.")
        else:
            headline = f"Pass to House {wanted}, then click"
            detail = (f"House {wanted} plans now. The rival's plan stays hidden; when House "
                      f"{wanted} clicks Ready the screen is covered again.")

        def done() -> None:
            self.shown_to = wanted
            self.handing_over = False

        taken = ("Both Households at the table." if wanted == PUBLIC
                 else f"House {wanted} has the screen.")
        self.app.push(HandOver(headline, detail, done, taken=taken))

    # -- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        view = self.view_state()
        drag = None
        if self.drag_from is not None and self.selection.colour and \
                _far(self.drag_from, self.mouse):
            drag = (self.selection.colour, self.mouse)
        self.hits = draw_joust(surface, rect, view, selection=self.selection,
                               note=self.note(view), drag=drag, viewport=self.viewport,
                               rolled=rolled_so_far(view))

    def note(self, view: JoustState) -> list[str]:
        """Words beside The List: the last joust's score, or what to do now."""
        if view.phase == "over":
            decided = winner(self.session.state)
            if decided is not None:
                name, why = decided
                head = f"House {name} is the King's Champion" if name else "A tie"
                return [f"{head}: {why}."]
        if view.phase == "jousting" and view.resolved:
            scored = [line for line in self.session.log if " rolls: " in line]
            if scored:
                return scored[-2:]
        only = "" if view.pending else self.only_move()  # a waiting choice says it itself
        return [self.hint(view), *([only] if only else [])]

    def final_words(self) -> tuple[str, str]:
        """The final screen: the King's Champion (or a tie) and the reasons, with each
        Household's Morale, Knights promoted and Reputation spent."""
        state: JoustState = self.session.state
        decided = winner(state)
        name, why = decided if decided is not None else (None, "the game ended")
        head = f"House {name} is the King's Champion" if name else "The game is a tie"
        standing = "; ".join(f"{h.name}: Morale {h.morale}, {h.promoted()} Knights promoted, "
                             f"{h.reputation_spent} Reputation spent" for h in state.households)
        return head, f"Why: {why}. {standing}. Click to see the board."

    def hint(self, view: JoustState) -> str:
        planner = self.planner()
        if view.pending or view.phase in ("draw", "worker", "ennoblement"):
            return joust_phases.phase_hint(self.session.state)
        if view.phase == "setup":
            return ("Setting up: choose the Knights (K) if you wish, then click a held Bravery "
                    "Token in a House strip, then a Knight.")
        if planner:
            return (f"House {planner} plans: drag dice onto Bravery Tokens of their colour or "
                    f"Equipment that takes them (ringed in green), pick a Favor Action per "
                    f"Knight, place Ability Cards (A), click the Knights' names in jousting "
                    f"order, then Ready.")
        if view.phase == "jousting":
            if view.revealed == view.resolved < JOUSTS:
                return f"Reveal joust {view.resolved + 1}."
            if view.throw is not None:
                return "This joust is part-way rolled: go on with it (Joust button)."
            if view.revealed > view.resolved:
                return "Roll the joust (Joust button)."
            return "All three jousts are run: End round."
        return ""

    def banner(self):
        state: JoustState = self.session.state
        planner = self.planner()
        if planner:
            return (f"House {planner} plans", _house_colour(state, planner))
        if state.phase == "jousting":
            return (f"Round {state.round}: Jousting", (200, 170, 80))
        if state.phase == "over":
            return ("Game over", (200, 170, 80))
        if state.phase in ("draw", "worker", "ennoblement") and state.turn:
            phase = {"draw": "draws", "worker": "places workers",
                     "ennoblement": "ennobles"}[state.phase]
            house = state.pending[0].house if state.pending else state.turn
            return (f"House {house} {'chooses' if state.pending else phase}",
                    _house_colour(state, house))
        return (f"Round {state.round}: setting up (both Households)", (200, 170, 80))

    def panel_lines(self) -> list[str]:
        view = self.view_state()
        lines = [f"Round {view.round} of 6, {PHASE_TITLES[view.phase]}; {view.initiative} has "
                 f"initiative."]
        for house in view.households:
            lines.append(f"{house.name}: Morale {house.morale} · Reputation "
                         f"{house.reputation} · promoted {house.promoted()}")
        lines += joust_phases.house_lines(view)
        if self.selection.colour:
            lines.append(f"Holding a {self.selection.colour} die: click a slot ringed in "
                         f"green (a {self.selection.colour} token, or Equipment taking "
                         f"{self.selection.colour}).")
        if self.selection.card:
            lines.append(f"Holding {self.selection.card}: click a Knight's name.")
        return lines

    def legend(self):
        state: JoustState = self.session.state
        return [(HOUSE_COLOURS[0], f"House {state.households[0].name} (top)"),
                (HOUSE_COLOURS[1], f"House {state.households[1].name} (bottom)"),
                ((236, 234, 226), "hit: white 6, green 5-6"),
                ((196, 52, 52), "red: hit 4-5, 6 Critical (2)"),
                ((22, 22, 24), "black: hit 5, 6 Aftershock"),
                ((124, 80, 168), "chosen Favor Action"),
                ((214, 170, 60), "gold edge: a Squire's die"),
                (FITS, "green ring: a slot the held die fits"),
                ((78, 70, 60), "? : token face down")]

    def buttons(self) -> list[ButtonSpec]:
        state: JoustState = self.session.state
        out: list[ButtonSpec] = joust_phases.phase_buttons(self)
        planner = self.planner()
        if planner:
            out.append(ButtonSpec("Ready", lambda: self._ready(planner), "Enter", slot="end"))
            out.append(joust_phases.ability_button(self, planner))
            out.append(ButtonSpec("Clear order", self._clear_order, "",
                                  bool(self.selection.pending_order)))
        if state.phase == "jousting":
            reveal, roll, end = self.jousting_moves()
            upcoming = state.revealed + 1  # no "Reveal joust 4" once the three are shown
            out.append(ButtonSpec(f"Reveal joust {upcoming}" if upcoming <= JOUSTS
                                  else "All jousts revealed",
                                  lambda: self.perform(Reveal()), "R", reveal))
            out.append(ButtonSpec("Joust!", self.open_tray, "J", roll))
            out.append(ButtonSpec("End round", lambda: self.perform(EndRound()), "", end,
                                  slot="end"))
        if self._crown_options():
            out.append(ButtonSpec("Place Crowns", self._crown_menu, "C"))
        return out

    def jousting_moves(self) -> tuple[bool, bool, bool]:
        """Whether Reveal, the joust's roll (Joust!) and End round are legal now, read from
        the rules core's legal actions (the roll: a throw of the joust's dice is due, a chance
        point, or one of its choices is legal: Targeting, a reroll or Keep, Mark of the
        Church); asked once per state."""
        state: JoustState = self.session.state
        if self._jousting[0] is not state:
            legal = legal_actions(state)
            moves = (Reveal() in legal,
                     is_chance_node(state) or any(isinstance(a, Aim | Reroll | Keep | Convert)
                                                  for a in legal),
                     EndRound() in legal)
            self._jousting = (state, moves)
        return self._jousting[1]

    def key_help(self) -> list[tuple[str, str]]:
        return [("drag or click a die", "place it on a Bravery Token of its colour or an "
                 "Equipment slot taking it"),
                ("click a placed die", "take it back to the pool"),
                ("click a Favor chip", "choose that Favor Action"),
                ("click Knights' names", "lay the jousting order on The List"),
                ("Enter", "Ready (planning)"), ("R", "reveal the next joust"),
                ("J", "roll the joust in the dice tray"),
                ("C", "put a King's Crown on a Crown track"),
                ("A", "place an Ability Card (planning)"),
                ("Enter", "draw, collect, end the Ennoblement turn, or open a choice"),
                ("W / P", "place workers / pass (Worker Phase)"),
                ("S", "spend one Reputation (Ennoblement)"),
                ("K", "choose the Knights (setting up)"),
                ("Esc", "drop the held die or card")]

    # -- events ------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or (
                event.type == pygame.KEYDOWN and event.key in SCREEN_KEYS):
            due = self._hand_over_due()
        else:
            due = False
        if due:
            self.update(0)  # the hand-over comes first: no input acts on the wrong view
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return self.cancel()
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return False

    def _key(self, key: int) -> bool:
        state: JoustState = self.session.state
        planner = self.planner()
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and planner and not state.pending:
            self._ready(planner)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return joust_phases.enter_action(self)
        letter = {pygame.K_w: "W", pygame.K_p: "P", pygame.K_s: "S", pygame.K_k: "K"}.get(key)
        if letter:
            return joust_phases.key_action(self, letter)
        if key == pygame.K_a and planner:
            joust_phases.ability_menu(self, planner)
            return True
        if key == pygame.K_r and state.phase == "jousting":
            self.perform(Reveal())
            return True
        if key == pygame.K_j and state.phase == "jousting":
            self.open_tray()
            return True
        if key == pygame.K_c and self._crown_options():
            self._crown_menu()
            return True
        return False

    def cancel(self) -> bool:
        had = self.selection != Selection(pending_order=self.selection.pending_order)
        self.selection = Selection(house=self.selection.house,
                                   pending_order=self.selection.pending_order)
        self.drag_from = None
        return had

    def place_rects(self, name: str) -> list[pygame.Rect]:
        """Where Knight ``name``'s name band, or its die slot ``KNIGHT/SLOT``, was drawn."""
        knight, _, slot = name.partition("/")
        kind = "slot" if slot else "knight"
        return [hit.rect for hit in self.hits
                if hit.kind == kind and hit.knight == knight and (not slot or hit.slot == slot)]

    def hit_at(self, pos: tuple[int, int]) -> Hit | None:
        for hit in reversed(self.hits):
            if hit.rect.collidepoint(pos):
                return hit
        return None

    def _press(self, pos: tuple[int, int]) -> bool:
        hit = self.hit_at(pos)
        if hit is None:
            return False
        state: JoustState = self.session.state
        if state.phase == "planning" and hit.kind in ("pool", "squire"):
            if not self._mine(hit):
                return True
            self.selection = Selection(house=hit.house, colour=hit.colour,
                                       squire_of=hit.knight if hit.kind == "squire" else "",
                                       pending_order=self._pending(hit.house))
            self.drag_from = pos
            self.mouse = pos
            return True
        return True

    def _release(self, pos: tuple[int, int]) -> bool:
        dragging = self.drag_from is not None and _far(self.drag_from, pos)
        self.drag_from = None
        hit = self.hit_at(pos)
        if hit is None:
            if dragging:
                self.cancel()
            return False
        state: JoustState = self.session.state
        if state.phase == "setup":
            return self._setup_click(hit)
        if state.phase != "planning" or hit.kind in ("pool", "squire"):
            return True
        if not self._mine(hit):
            return True
        if hit.kind == "slot":
            self._slot_click(hit)
        elif hit.kind == "favor":
            knight = state.household(hit.house).knight(hit.knight)
            favor = None if knight.favor == hit.favor else hit.favor
            if self.perform(ChooseFavor(hit.house, hit.knight, favor)):
                self.session.tell(ChooseFavor(hit.house, hit.knight, favor).explain()
                                  + " (hidden from the rival)")
        elif hit.kind == "card":
            self.selection = Selection(house=hit.house, card=hit.card,
                                       pending_order=self._pending(hit.house))
        elif hit.kind == "knight":
            self._knight_click(hit)
        return True

    def _mine(self, hit: Hit) -> bool:
        planner = self.planner()
        if hit.house != planner:
            self.session.tell(f"House {planner} is planning; House {hit.house}'s Knights wait",
                              error=True)
            return False
        return True

    def _pending(self, house: str) -> tuple[str, ...]:
        return self.selection.pending_order if self.selection.house == house else ()

    def _slot_click(self, hit: Hit) -> None:
        held = self.selection
        if held.colour and held.house == hit.house and not hit.colour:
            if held.squire_of and held.squire_of != hit.knight:
                self.session.tell("a Squire's die may only go on its own Knight", error=True)
                return
            knight = self.session.state.household(hit.house).knight(hit.knight)
            mismatch = slot_mismatch(knight, hit.slot, held.colour)
            if mismatch:
                self.session.tell(f"not placed: {mismatch}", error=True)
                return
            action = PlaceDie(hit.house, hit.knight, hit.slot, held.colour, bool(held.squire_of))
            if self.perform(action):
                self.session.tell(action.explain() + " (hidden from the rival)")
            self.selection = Selection(house=hit.house, pending_order=held.pending_order)
            return
        if hit.colour:
            action = RemoveDie(hit.house, hit.knight, hit.slot)
            if self.perform(action):
                self.session.tell(action.explain())
            return
        self.session.tell("pick a die from the pool (or a Squire's die) first")

    def _knight_click(self, hit: Hit) -> None:
        held = self.selection
        if held.card:
            self._attach_menu(hit.house, held.card, hit.knight)
            return
        order = list(self._pending(hit.house))
        if hit.knight in order:
            order.remove(hit.knight)
        else:
            order.append(hit.knight)
        if len(order) == JOUSTS:
            if self.perform(SetOrder(hit.house, tuple(order))):
                self.session.tell(f"{hit.house}'s order laid face down: "
                                  f"{', '.join(order)} (hidden from the rival)")
            order = []
        self.selection = Selection(house=hit.house, pending_order=tuple(order))

    def _clear_order(self) -> None:
        self.selection = Selection(house=self.selection.house)

    def _ready(self, house: str) -> None:
        self.selection = Selection()
        self.perform(Ready(house))

    def _setup_click(self, hit: Hit) -> bool:
        if hit.kind == "token":
            self.selection = Selection(house=hit.house, colour=hit.colour)
        elif hit.kind == "knight" and self.selection.colour and self.selection.house == hit.house:
            self.perform(PlaceToken(hit.house, hit.knight, self.selection.colour))
            self.selection = Selection()
        else:
            self.session.tell("click a held Bravery Token in the House strip, then a Knight")
        return True

    def _attach_menu(self, house: str, card_name: str, knight: str) -> None:
        state: JoustState = self.session.state
        card = next((c for c in state.household(house).hand if c.name == card_name), None)
        if card is None or self.app is None:
            return
        options: list[tuple[str, object]] = [
            (f"as Squire, die locked to {colour}", Attach(house, card.name, knight, "squire",
                                                          colour))
            for colour in card.squire_colours]
        options.append((f"as Equipment ({card.kind}: {'/'.join(card.colours)}), one worker",
                        Attach(house, card.name, knight, "equipment")))
        self.selection = Selection(house=house, pending_order=self.selection.pending_order)
        self.app.push(ChoiceMenu(f"Play {card.name} on {knight}", options, self.perform))

    def _crown_options(self) -> list[tuple[str, object]]:
        """Each Crown track a Household with Crowns to place may advance: ``(label,
        action)``, the label naming the House, the track, its progress and its Perk."""
        state: JoustState = self.session.state
        if state.phase == "over":
            return []
        return [(f"{house.name}: {t.name} {t.progress}/{t.length} ({perk_words(t.perk)})",
                 AdvanceCrown(house.name, t.name))
                for house in state.households if house.crowns
                for t in house.tracks if not t.complete]

    def _crown_menu(self) -> None:
        """The menu of :meth:`_crown_options` (both Households' in one list)."""
        options = self._crown_options()
        if self.app is None or not options:
            return
        self.app.push(ChoiceMenu("Put a King's Crown on", options, self.perform))

    def open_tray(self) -> None:
        """Open the joust roll for the revealed joust: the dice tray throws the first Knight's
        dice at once (after Targeting's presets, when a Knight has Targeting)."""
        state: JoustState = self.session.state
        if state.phase != "jousting" or state.revealed <= state.resolved:
            self.session.tell("reveal the next joust first", error=True)
            return
        if not self.jousting_moves()[1]:
            self.session.tell("the joust cannot be rolled now: " + (
                joust_phases.describe_pending(state.pending[0]) + " first" if state.pending
                else "it is over"), error=True)
            return
        if self.app is not None:
            seed = self.seed_base * 64 + state.round * 8 + state.resolved
            self.app.push(JoustTray(self.session, seed))


def rolled_so_far(state: JoustState) -> RolledSoFar | None:
    """The revealed joust part-way rolled, as The List shows it (each Knight's dice thrown so
    far, with their colours, and the step the rules core waits for), or ``None`` when no joust
    is part-way rolled (*Jousting Phase Tasks* 5-8, rolled one step at a time)."""
    if state.throw is None or state.phase != "jousting" or \
            state.revealed != state.resolved + 1:
        return None
    step, pair = next_step(state), state.jousters(state.resolved)
    if step is None or pair is None:
        return None
    dice = []
    for knight, roll in zip(pair, state.throw.rolls, strict=True):
        colours = dict(roll_slots(state, knight))
        dice.append((roll.house, tuple((colours.get(d.slot, "black"), d) for d in roll.dice)))
    return RolledSoFar(tuple(dice), waiting_words(step), step.house)


def _far(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) > 6


def _house_colour(state: JoustState, name: str) -> tuple[int, int, int]:
    return HOUSE_COLOURS[0 if state.households[0].name == name else 1]

