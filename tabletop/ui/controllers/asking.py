"""The "always ask" rule of the window: before doing what a player asked for, ask which form
when the rulebook gives the player a choice in it, even when only one form is legal."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

from tabletop.games.choices import must_ask
from tabletop.ui.controllers.base import GameController
from tabletop.ui.widgets.choice_menu import ChoiceMenu


def offer_forms(screen: GameController, forms: Sequence[Any], title: str,
                words: Callable[[Any], str], chosen: Collection[str] = (),
                notes: Sequence[str] = ()) -> bool:
    """Do what the player asked for, whose legal forms are ``forms`` (every one offered: a
    menu of more than nine is paged), or ask which form first; returns whether it asked.
    The window asks when a form makes a choice the rulebook gives the player that the click
    itself did not make (``chosen``: the fields it did, such as the target clicked), even
    with one legal form, unless the player turned on *auto-resolve forced choices* and the
    choice is truly forced (:func:`tabletop.games.choices.must_ask`).  ``words(form)``
    labels a form in names; ``notes`` are dim lines under the menu (forms not legal now,
    and why)."""
    if not forms:
        return False
    app = screen.app
    if not must_ask(forms, chosen, app is not None and app.auto_forced):
        screen.perform(forms[0])
        return False
    if app is not None:
        app.push(ChoiceMenu(title, [(words(f), f) for f in forms], screen.perform, notes))
    return True
