"""Picking the cards of an Almokon action one at a time: which Characters to discard for
Imbue, which Kinship helpers join an attack (rulebook *Imbue*: "any number of Characters";
*Kinship*: the cards sharing a subtype "may activate").

A menu's page shows nine lines, and one action can have 2ⁿ sets; when its forms are more
than a page shows, the window asks with :class:`SetPicker` instead: a menu whose lines add or
drop one card each (five a page, and switch Frenzy when the attacker has it), with **Do it** on
top whenever the set picked so far is legal.  Every set ``apply`` takes can be picked, whatever
``legal_actions`` lists.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from tabletop.games.almokon.actions import Attack
from tabletop.ui.controllers.base import GameController
from tabletop.ui.facades.almokon import rules, set_candidates
from tabletop.ui.widgets.choice_menu import ChoiceMenu

MENU_LINES = 9
"""The lines a page of a choice menu shows (keys 1–9)."""

CARDS_PER_PAGE = 5
"""Cards offered on one page of the picker: with Do it, Frenzy and More cards, each line
still fits on two lines of the side panel at 1280 × 800."""

TITLES = {"kin": "Kinship: pick helpers", "imbue": "Imbue: pick discards"}


def needs_picker(state, forms: Sequence) -> bool:
    """Whether ``forms`` (the legal forms of one click) are more than a menu's page shows and
    differ only in a set the player picks (and Frenzy): then :class:`SetPicker` asks."""
    if len(forms) <= MENU_LINES:
        return False
    picked = set_candidates(state, forms[0])
    if picked is None:
        return False
    field = picked[0]
    bare = {replace(f, **{field: ()}, **({"frenzy": False} if isinstance(f, Attack) else {}))
            for f in forms}
    return len(bare) == 1


class SetPicker:
    """Asks for the set of one action by adding and dropping cards (see the module
    docstring): ``forms`` are the legal forms of the click; the first pick is the largest
    Kinship set or the smallest Imbue set among them, without Frenzy."""

    def __init__(self, screen: GameController, forms: Sequence):
        self.screen = screen
        state = screen.state
        self.field, self.cards = set_candidates(state, forms[0])
        size = (lambda f: -len(f.kin)) if self.field == "kin" else (lambda f: len(f.imbue))
        self.current = min(forms, key=lambda f: (getattr(f, "frenzy", False), size(f)))
        self.frenzy = isinstance(self.current, Attack) and \
            state.definition(self.current.attacker).has("frenzy")
        self.page = 0

    def _wrath(self, uid: str) -> int:
        state = self.screen.state
        return state.definition(uid).wrath if self.field == "imbue" \
            else state.wrath(state.card(uid))

    def _pages(self) -> int:
        return -(-len(self.cards) // CARDS_PER_PAGE)

    def _do_words(self) -> str:
        """The Do it line: what the pick so far does, in short."""
        state = self.screen.state
        picked = getattr(self.current, self.field)
        wrath = sum(self._wrath(u) for u in picked)
        if self.field == "imbue":
            cost = rules.play_cost(state, self.current.uid, picked)
            what = f"discard {len(picked)} (-{wrath} AP)" if picked else "discard nothing"
            return f"Do it: {what}, pay {cost} AP"
        frenzy = ", Frenzy" if self.current.frenzy else ""
        helped = f"{len(picked)} helper{'s' * (len(picked) != 1)} (+{wrath} Wrath)" \
            if picked else "no helpers"
        return f"Do it: attack, {helped}{frenzy}"

    def options(self) -> list[tuple[str, tuple]]:
        """The menu's lines: Do it (when legal now), Frenzy on or off, a card each to add
        or drop, More cards (when they fill more than one page)."""
        state = self.screen.state
        out: list[tuple[str, tuple]] = []
        if rules.why_not(state, self.current) is None:
            out.append((self._do_words(), ("do",)))
        if self.frenzy:
            bonus = state.definition(self.current.attacker).value("frenzy")
            out.append(("Drop Frenzy" if self.current.frenzy
                        else f"Announce Frenzy (+{bonus} Wrath)", ("frenzy",)))
        chosen = getattr(self.current, self.field)
        start = self.page * CARDS_PER_PAGE
        for uid in self.cards[start:start + CARDS_PER_PAGE]:
            verb = "Drop" if uid in chosen else "Add"
            out.append((f"{verb} {state.name_of(uid)} (W{self._wrath(uid)})", ("card", uid)))
        if self._pages() > 1:
            out.append((f"More cards (page {(self.page + 1) % self._pages() + 1} of "
                        f"{self._pages()})", ("page",)))
        return out

    def notes(self) -> list[str]:
        """How to pick, and why the pick so far cannot be done."""
        out = ["Add or drop cards, then Do it."]
        reason = rules.why_not(self.screen.state, self.current)
        if reason is not None:
            out.append(f"Not yet: {reason}.")
        return out

    def open(self) -> None:
        """Show the menu (again, after a card is added or dropped)."""
        app = self.screen.app
        if app is not None:
            app.push(ChoiceMenu(TITLES[self.field], self.options(), self.choose, self.notes()))

    def choose(self, value: tuple) -> None:
        """Do the action, or change the pick and ask again."""
        if value[0] == "do":
            self.screen.perform(self.current)
            return
        if value[0] == "frenzy":
            self.current = replace(self.current, frenzy=not self.current.frenzy)
        elif value[0] == "page":
            self.page = (self.page + 1) % self._pages()
        else:
            chosen = getattr(self.current, self.field)
            uid = value[1]
            chosen = tuple(u for u in chosen if u != uid) if uid in chosen \
                else tuple(u for u in self.cards if u in chosen or u == uid)
            self.current = replace(self.current, **{self.field: chosen})
        self.open()
