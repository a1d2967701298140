"""The alternating actions of The Land of Almokon as data (rulebook *Turn Structure*: "Players
alternate taking one action at a time"; *Reflex*, *Veto*, *Onslaught*, *Charge*, *Truce*, and
the choices cards leave): what the player to act may do at each point, read by ``why_not``
(and so by ``apply``) before the action's own checks
(:class:`~tabletop.games.turn_order.TurnOrder`).

The point is the :func:`~tabletop.games.almokon.rules.phase` of the state: a ``choice`` is
waiting, a ``response`` window is open on the stack, a ``follow-up`` attack is offered, a
Truce's ``extra`` actions are under way, or the ``main`` action of a turn.
"""

from __future__ import annotations

from tabletop.games.almokon.actions import (
    Activate,
    Attack,
    Choose,
    Decline,
    GainAP,
    Liquidate,
    Move,
    Pass,
    PlayCard,
    ReadyAll,
)
from tabletop.games.turn_order import Phase, TurnOrder

NON_COMBAT = (PlayCard, Activate, GainAP, ReadyAll, Move, Liquidate)
"""The actions of a turn but the attack (Truce: "two additional non-combat actions")."""

TURN_ORDER = TurnOrder("almokon", (
    Phase("main", "an action of a turn", "the player whose turn it is",
          (*NON_COMBAT, Attack),
          "the action fully resolved (the stack empty, no choice left): the turn passes and "
          "the new player's cards with Growth add their counters", "Turn Structure"),
    Phase("response", "a response window", "the other player, then each in turn while they "
          "respond", (PlayCard, Activate, Pass),
          "a pass: the stack resolves newest first", "Reflex, Veto",
          others="a card or ability is waiting for a response: respond with Reflex or Veto, "
                 "or pass",
          outside=(((Pass,), "there is nothing to respond to"),)),
    Phase("choice", "a choice a card leaves", "the player the card names", (Choose,),
          "the choice made: the stack resolves on", "the card's words",
          others="a card waits for its player's choice: choose first",
          outside=(((Choose,), "there is nothing to choose"),)),
    Phase("follow-up", "a follow-up attack", "the player whose turn it is", (Attack, Decline),
          "the attack made or declined: the turn passes", "Onslaught, Charge",
          others="the attacker may attack again first (or decline)"),
    Phase("extra", "a Truce's extra actions", "the player who played the Truce",
          (*NON_COMBAT, Decline),
          "two non-combat actions taken, or declined: the turn passes", "Truce",
          outside=(((Decline,), "there is nothing to decline"),),
          others="Truce gives only non-combat actions"),
))
"""What the player to act may do, at each point of the alternating actions."""
