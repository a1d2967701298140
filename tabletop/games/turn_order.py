"""A game's turn sequence as data (boardgame.io's turn orders): its phases, in the order
play goes through them, each with who acts in it, the actions taken in it and what ends it;
and the actions that belong to no phase (answers to a waiting question, edits of the board).

Each game writes its sequence once as a :class:`TurnOrder` (``TURN_ORDER`` in the game's
``turn_order`` module); its ``apply`` asks :meth:`TurnOrder.refusal` before any handler
runs, so no handler checks the phase itself, and the game's docs list the same phases
(``tests/test_turn_orders.py`` checks the docs against the table).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Phase:
    """One phase or step: ``name`` as the state records it, ``title`` as the rulebook
    names it, ``who`` acts in it, the ``actions`` taken in it (action types), ``ends`` what
    ends it and what follows, in words, and ``rule`` the rulebook section; ``outside`` says,
    in the rulebook's words, why actions of this phase are refused in another one, and
    ``others`` why actions of other phases are refused in this one (else the refusal names the
    phases they belong to)."""

    name: str
    title: str
    who: str
    actions: tuple[type, ...]
    ends: str
    rule: str
    outside: tuple[tuple[tuple[type, ...], str], ...] = ()
    others: str = ""


@dataclass(frozen=True)
class TurnOrder:
    """A game's phases in play order, and the ``anytime`` actions, which belong to no phase
    (``anytime_why`` says what they are); ``others_anytime``: every action of no phase is
    taken at any time (a game whose boards are also a sandbox)."""

    game: str
    phases: tuple[Phase, ...]
    anytime: tuple[type, ...] = ()
    anytime_why: str = ""
    others_anytime: bool = False

    def phase(self, name: str) -> Phase | None:
        """The phase called ``name``, or ``None``."""
        return next((p for p in self.phases if p.name == name), None)

    def homes(self, action: object) -> tuple[Phase, ...]:
        """The phases in which ``action`` is taken (none for an anytime action)."""
        return tuple(p for p in self.phases if isinstance(action, p.actions))

    def refusal(self, now: str, action: object) -> str | None:
        """``None`` when ``action`` may be taken in phase ``now`` (or at any time), else why
        not, in words: the ``outside`` words of the phase it belongs to, the ``others`` words
        of the phase it is, or else the phases it belongs to and the phase it is."""
        homes = self.homes(action)
        if isinstance(action, self.anytime) or self.others_anytime and not homes:
            return None
        current = self.phase(now)
        it_is = current.title if current is not None else f"the {now} phase"
        if not homes:
            return f"this is no action of {it_is}"
        if current in homes:
            return None
        for home in homes:
            for kinds, why in home.outside:
                if isinstance(action, kinds):
                    return why
        if current is not None and current.others:
            return current.others
        titles = " or ".join(p.title for p in homes)
        return f"this is done in {titles}, and it is {it_is} ({homes[0].rule})"
