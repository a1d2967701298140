"""The Almokon screen: clicks in, rules-core actions out (through the session).

Click one of your cards (in play or in your hand) to see its legal actions as buttons; a card
that can attack goes straight to choosing its target: legal targets are outlined, the rest
dimmed with the reason written in their zone.  Actions with a target (attacks, Items, Events,
SALVO and other aimed abilities) are finished by clicking the target; when one choice has
several forms (Frenzy, Kinship helpers, Imbue discards) a menu offers them, or, when they are
more than it shows, lets the player add and take back cards one at a time.  Gain 2 AP, Ready
All, Pass and Decline are buttons (G, R, P, D).  In hot seat a hand-over screen covers the
board whenever the player who must decide changes, so each hand is seen only by its owner.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tabletop.errors import UsageError
from tabletop.games.almokon.actions import Decline, GainAP, Pass, ReadyAll
from tabletop.games.almokon.state import AlmokonState
from tabletop.ui.controllers.almokon_facts import (
    card_lines,
    group_label,
    imbue_notes,
    phase_hint,
    stack_lines,
)
from tabletop.ui.controllers.almokon_orders import OrderPicker, needs_order_picker
from tabletop.ui.controllers.almokon_sets import SetPicker, needs_picker
from tabletop.ui.controllers.asking import offer_forms
from tabletop.ui.controllers.base import ButtonSpec, GameController
from tabletop.ui.facades.almokon import (
    HIDDEN,
    Listing,
    attach_targets,
    attack_targets,
    can_attack,
    effect_targets,
    form_words,
    rules,
    view_for,
)
from tabletop.ui.session import Session
from tabletop.ui.views.almokon import (
    OWNER_LOOKS,
    PLAYER_COLOURS,
    ZONE_COLOURS,
    Hit,
    draw_almokon,
    draw_zoom,
)
from tabletop.ui.views.marks import Swatch
from tabletop.ui.widgets import theme
from tabletop.ui.widgets.choice_menu import ChoiceMenu
from tabletop.ui.widgets.handover import HandOver

Group = tuple


GROUP_ORDER = {"play": 0, "crew": 1, "ability": 2, "attack": 3, "move": 4, "liquidate": 5}
"""The order of a card's action buttons: playing it first, giving it up (Liquidate) last."""


class AlmokonController(GameController):
    """The battlefield screen (see the module docstring)."""

    title = "battlefield"

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.hits: list[Hit] = []
        self.selected: str | None = None
        self.mode: Group | None = None
        self.overlay_targets: dict[str, str | None] | None = None
        self.shown_to: int | None = None
        self.handing_over = False
        self._view_key = None
        self._view = None
        self._legal: tuple[AlmokonState | None, Listing] = (None, Listing())
        self.mouse: tuple[int, int] | None = None

    # -- who sees what ---------------------------------------------------------------------
    @property
    def state(self) -> AlmokonState:
        return self.session.state

    def view_state(self) -> AlmokonState:
        """The state with the hands and deck orders the people at the screen may not see
        hidden: only the hand of the player to decide, after the hand-over."""
        state = self.state
        if self.reveal:
            return state
        viewer = self.shown_to if self.shown_to == state.to_act else None
        key = (id(state), viewer)
        if key != self._view_key:
            self._view_key, self._view = key, view_for(state, viewer)
        return self._view

    def deciding_at_screen(self) -> bool:
        return self.reveal or self.shown_to == self.state.to_act

    def hands_shown(self) -> tuple[bool, bool]:
        if self.reveal:
            return (True, True)
        viewer = self.shown_to if self.shown_to == self.state.to_act else None
        return (viewer == 0, viewer == 1)

    def update(self, dt_ms: int) -> None:
        """Cover the board with a hand-over screen whenever the deciding player changes."""
        state = self.state
        if self.app is None or self.reveal or self.handing_over or state.winner \
                or self.session.public_view:
            return
        wanted = state.to_act
        if wanted == self.shown_to:
            return
        self.handing_over = True
        self.selected, self.mode = None, None
        name = state.players[wanted].name
        why = {"response": "may answer with a Reflex or Veto card or ability, or pass",
               "choice": "has a choice to make"}.get(rules.phase(state), "takes an action")
        detail = (f"{name} {why}. The other player's hand stays hidden; the screen is covered "
                  f"again whenever the decision passes to the other player.")

        def done() -> None:
            self.shown_to = wanted
            self.handing_over = False

        self.app.push(HandOver(f"Pass to {name}, then click", detail, done,
                               taken=f"{name} has the screen and {why}."))

    # -- drawing ---------------------------------------------------------------------------
    def targets(self) -> dict[str, str | None] | None:
        """Legal targets (``None``) and the reasons for the rest, for the targeting mode."""
        if self.overlay_targets is not None:
            return self.overlay_targets
        if self.mode is None:
            return None
        state = self.state
        kind, uid = self.mode[0], self.mode[1]
        owner = state.to_act
        if kind == "attack":
            reasons = attack_targets(state, uid)
        elif kind == "crew" or (kind == "play" and state.definition(uid).type == "item"):
            reasons = attach_targets(state, owner, uid, kind == "crew")
        elif kind == "play":
            reasons = effect_targets(state, owner, state.definition(uid).play)
        else:
            reasons = effect_targets(state, owner,
                                     state.definition(uid).abilities[self.mode[2]].effect)
        family = self.legal().family(self.mode)
        legal = set(family.values("target")) if family is not None else set()
        return {u: (None if u in legal else (r or "not a legal target now"))
                for u, r in reasons.items()}

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        view = self.view_state()
        note = self.hint()
        top = self.app.top if self.app is not None else self
        if top is not self and top.in_panel and note:  # a menu asks: not "click a card"
            note = f"{self.state.players[self.state.to_act].name}: choose in the menu at the right"
        self.hits = draw_almokon(surface, rect, view, selected=self.selected,
                                 targets=self.targets(), hands=self.hands_shown(),
                                 note=note, viewport=self.viewport)
        # the zoom of the card under the pointer (where the window saw it last, also while a
        # layer on top took the moves), only while this board takes the pointer: a menu or
        # dialog on top shows other things, so the zoom goes when it opens
        pointer = self.app.pointer if self.app is not None else self.mouse
        hovered = self.hit_at(pointer) if pointer is not None and top is self else None
        if hovered is not None and hovered.uid != HIDDEN:
            draw_zoom(surface, rect, card_lines(self.state, hovered.uid), hovered.owner,
                      pointer)

    def banner(self):
        state = self.state
        if state.winner:
            words = "Drawn game" if state.winner == "draw" else f"{state.winner} wins"
            return (words, (200, 170, 80))
        return (f"{state.players[state.to_act].name} to act", PLAYER_COLOURS[state.to_act])

    def legend(self):
        return [(Swatch(PLAYER_COLOURS[0], OWNER_LOOKS[0]),
                 f"{self.state.players[0].name} (bottom): single border"),
                (Swatch(PLAYER_COLOURS[1], OWNER_LOOKS[1]),
                 f"{self.state.players[1].name} (top): double border"),
                (theme.TEXT_DIM, "a card's frame and tint: its owner; its faction: the word "
                                 "before its kind (Conq. Conquest, Dipl. Diplomacy, Comm. "
                                 "Community)"),
                (ZONE_COLOURS["wilderness"], "Wilderness: land combat"),
                (ZONE_COLOURS["open-sea"], "Open Sea: naval combat"),
                ((110, 230, 130), "legal target"), ((60, 60, 64), "dimmed: not a target")]

    def hint(self) -> str:
        """The line of guidance (:func:`phase_hint`) for the selection as it stands."""
        selected = self.selected if self.selected != HIDDEN else None
        return phase_hint(self.state, self.mode, selected,
                          len(self.groups_for(selected)) if selected else 0)

    def panel_lines(self) -> list[str]:
        state = self.state
        hint = self.hint()
        lines = [hint] if hint else []  # what now: always, a selection or not
        if self.only_move() and rules.phase(state) != "choice":  # one kind left: say so
            lines.append(self.only_move())
        lines += stack_lines(state)
        facts: list[str] = []
        if self.selected and self.selected != HIDDEN:
            lines.append((facts := card_lines(state, self.selected))[0])
            groups = self.groups_for(self.selected)
            if groups:
                lines.append("Legal: " + "; ".join(group_label(state, g) for g in groups))
            elif state.card(self.selected) is not None:
                problem = can_attack(state, self.selected)
                if problem and state.definition(self.selected).type in ("unit", "character",
                                                                        "monarch"):
                    lines.append(f"Cannot attack: {problem}")
        targets = self.targets()
        if targets:
            good = [state.name_of(u) for u, r in targets.items() if r is None]
            lines.append("Targets: " + (", ".join(good) if good else "none"))
            reasons = list(dict.fromkeys(r for r in targets.values() if r))
            lines += [f"Not: {r}" for r in reasons[:3]]
        if state.rules.reach != "land-to-realm":
            lines.append(f"Reach rule: {state.rules.reach}")
        return lines + facts[1:]

    # -- actions ---------------------------------------------------------------------------
    def legal(self) -> Listing:
        """The legal actions now as families (one per card and kind of action), made once
        per state: the window asks one family at a time, never for the whole list."""
        state = self.state
        if self._legal[0] is not state:
            self._legal = (state, rules.legal_actions(state))
        return self._legal[1]

    def group_actions(self, group: Group) -> Sequence:
        """The legal actions of ``group`` (a family; empty when it has none)."""
        return self.legal().family(group) or ()

    def groups_for(self, uid: str) -> list[Group]:
        return self.legal().groups(uid)

    def buttons(self) -> list[ButtonSpec]:
        state = self.state
        legal = self.legal()
        name = state.players[state.to_act].name
        out = [ButtonSpec("Gain 2 AP", lambda: self.perform(GainAP(name)), "G",
                          GainAP(name) in legal),
               ButtonSpec("Ready All", lambda: self.perform(ReadyAll(name)), "R",
                          ReadyAll(name) in legal),
               ButtonSpec("Pass (no response)", lambda: self.perform(Pass(name)), "P",
                          Pass(name) in legal),
               ButtonSpec("Decline", lambda: self.perform(Decline(name)), "D",
                          Decline(name) in legal),
               ButtonSpec("Choose…", self.open_choice, "C",
                          state.choice is not None and not state.winner)]
        if self.selected:  # the card's actions, always in the same order: Play first,
            # keyed 1, 2, 3 … down the list (the keys the board leaves free)
            groups = sorted(self.groups_for(self.selected), key=lambda g: GROUP_ORDER[g[0]])
            for number, group in enumerate(groups, start=1):
                out.append(ButtonSpec(group_label(state, group),
                                      lambda g=group: self.start(g),
                                      str(number) if number <= 9 else "",
                                      active=group == self.mode, slot="card"))
        return out

    def perform(self, action) -> bool:
        done = super().perform(action)
        if done:
            self.selected, self.mode = None, None
        return done

    def start(self, group: Group) -> None:
        """Begin the actions of ``group``: a targeting mode when they take targets, else do
        it (or offer the forms in a menu)."""
        actions = self.group_actions(group)
        if not actions:
            return
        if any(actions.values("target")):
            self.mode = group
            self.session.tell(f"{group_label(self.state, group)}: click a target "
                              f"(outlined green)")
            return
        self.offer(list(actions),
                   f"{self.state.name_of(group[1])}: {group_label(self.state, group)}")

    def offer(self, actions: list, title: str, chosen: tuple[str, ...] = ()) -> None:
        """Do the action, or ask which form first (:func:`offer_forms`: every choice the
        rulebook gives the player is asked, even with one legal form): every form, the
        largest Kinship and Imbue sets first (a menu of more than nine is paged); a card
        whose Imbue must be used says why the full cost is not offered.  More forms than a
        menu's page shows that differ only in the cards picked (Imbue, Kinship) are asked
        card by card (:class:`SetPicker`).
        ``chosen``: the fields the click already chose."""
        if needs_picker(self.state, actions):
            SetPicker(self, actions).open()
            return
        ranked = sorted(actions, key=lambda a: (-len(getattr(a, "kin", ())),
                                                -len(getattr(a, "imbue", ())),
                                                not getattr(a, "frenzy", False)))
        offer_forms(self, ranked, title, lambda a: form_words(self.state, a), chosen,
                    imbue_notes(self.state, ranked))

    def open_choice(self) -> None:
        """Ask the pending Scout, Foresee or Forge choice: every option in a menu, or a
        Foresee of more cards than a page of orders shows card by card
        (:class:`OrderPicker`)."""
        actions = self.legal()
        if self.app is None or not actions:
            return
        choice = self.state.choice
        if choice is not None and choice.kind == "foresee" \
                and needs_order_picker(choice.options):
            OrderPicker(self, self.state.players[self.state.to_act].name, choice.options).open()
            return
        labels = [(form_words(self.state, action), action) for action in actions]
        self.app.push(ChoiceMenu(f"{self.state.choice.kind.capitalize()}: choose", labels,
                                 self.perform))

    # -- events ----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.click(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            return self.cancel()
        if event.type == pygame.KEYDOWN:
            return self.key(event.key)
        return False

    def key(self, key: int) -> bool:
        state = self.state
        name = state.players[state.to_act].name
        table = {pygame.K_g: GainAP(name), pygame.K_r: ReadyAll(name),
                 pygame.K_p: Pass(name), pygame.K_d: Decline(name)}
        if key in table:
            self.perform(table[key])
            return True
        if key == pygame.K_c and state.choice is not None:
            self.open_choice()
            return True
        return False

    def cancel(self) -> bool:
        had = self.selected is not None or self.mode is not None
        self.selected, self.mode, self.overlay_targets = None, None, None
        return had

    def hit_at(self, pos: tuple[int, int]) -> Hit | None:
        return next((h for h in reversed(self.hits) if h.rect.collidepoint(pos)), None)

    def click(self, pos: tuple[int, int]) -> bool:
        hit = self.hit_at(pos)
        if hit is None:
            return self.cancel()
        if hit.uid == HIDDEN:
            self.session.tell("that hand is hidden", error=True)
            return True
        if self.mode is not None and hit.place == "play":
            targets = self.targets() or {}
            if hit.uid in targets:
                reason = targets[hit.uid]
                if reason is not None:
                    self.session.tell(f"{self.state.name_of(hit.uid)}: {reason}", error=True)
                    return True
                variants = list(self.legal().family(self.mode).fix(target=hit.uid))
                self.offer(variants, f"{group_label(self.state, self.mode)} on "
                                     f"{self.state.name_of(hit.uid)}", ("target",))
                return True
        self.select(hit.uid)
        return True

    def select(self, uid: str) -> None:
        """Select ``uid``: show its facts and actions; an attacker goes straight to choosing
        its target."""
        self.selected, self.mode, self.overlay_targets = uid, None, None
        groups = self.groups_for(uid)
        attack = next((g for g in groups if g[0] == "attack"), None)
        if attack is not None:
            self.mode = attack
            self.session.tell(f"{self.state.name_of(uid)} attacks: click a target "
                              f"(outlined green)")
        elif groups:
            self.session.tell(f"{self.state.name_of(uid)}: choose an action on the right")

    overlay_words = ("select", "targets")

    def screen_overlay(self, verb: str, args: list[str], spec: str) -> None:
        """``select CARD`` (as a click selects it) or ``targets CARD`` (the window's
        targeting view of CARD's attack: targets lit, the rest dimmed with their reasons,
        whoever is to act)."""
        if len(args) != 1 or args[0] not in self.state.all_uids():
            raise UsageError(f"--overlay {spec!r}: {verb} takes one card uid in this game")
        if verb == "select":
            self.select(args[0])
        else:
            self.selected = args[0]
            self.overlay_targets = attack_targets(self.state, args[0])

    def place_rects(self, name: str) -> list[pygame.Rect]:
        """Where card ``name`` (its uid) was drawn last frame (a hidden card is not)."""
        return [hit.rect for hit in self.hits if hit.uid == name]

    def key_help(self) -> list[tuple[str, str]]:
        return [("click your card", "show its legal actions (an attacker: its targets)"),
                ("click a green card", "finish the action on that target"),
                ("G", "gain 2 AP"), ("R", "ready all"), ("P", "pass: no response"),
                ("D", "decline a follow-up attack or Truce actions"),
                ("C", "make the pending Scout/Foresee/Forge choice"),
                ("Esc / right-click", "drop the selection")]
