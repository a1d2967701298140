"""The Clash Sequence as data (rulebook *Clash Sequence*, *Monster Round*, *Knight Round*,
*Knight Turns*): the two rounds, who acts in each and what ends it, read by ``apply`` before
any handler (:class:`~tabletop.games.turn_order.TurnOrder`); and the steps run after every
action, once, in :func:`after_action`.

Everything a board is used for besides the rounds themselves (forced movement, Monster
movement and attacks, tracks, Vantage Points, terrain, edits of the board) belongs to no
round: the players resolve card effects and Reactions whenever the cards say.
"""

from __future__ import annotations

from dataclasses import replace

from tabletop.games.clash import activation_tokens
from tabletop.games.clash.actions import (
    Attack,
    Climb,
    EndMonsterRound,
    EndTurn,
    MoveKnight,
    ResolveActivation,
    StartTurn,
)
from tabletop.games.clash.events import Event
from tabletop.games.clash.state import ClashState
from tabletop.games.turn_order import Phase, TurnOrder

KNIGHT_TURN = (StartTurn, MoveKnight, Attack, Climb, EndTurn)
"""The actions of a Knight's own turn (rulebook *Knight Turns*; a Climb test is a free
action "during your turn", *Vantage Points*)."""

TURN_ORDER = TurnOrder("clash", (
    Phase("monster", "the Monster Round",
          "the Monsters, one ready Activation token at a time (a Boss's tokens in order, "
          "then the Mob track left to right)", (ResolveActivation, EndMonsterRound),
          "every Activation token resolved, End Monster Round: the Knight Round of the same "
          "round (Knights on a Vantage Point take a Hold on test)", "Monster Round",
          outside=(((EndMonsterRound,), "it is already the Knight Round (Clash Sequence)"),
                   ((ResolveActivation,), "it is the Knight Round; Activations are resolved "
                                          "in the Monster Round (Monster Round Overview)"))),
    Phase("knight", "the Knight Round",
          "each Knight once, one whole turn at a time, in the order the players choose",
          KNIGHT_TURN,
          "every Knight on the board has ended its turn: the next round's Monster Round, its "
          "spent Activation tokens flipped ready", "Knight Round",
          outside=(((Climb,), "a Knight climbs during its turn, in the Knight Round "
                              "(Vantage Points: \"during your turn\")"),
                   (KNIGHT_TURN, "it is the Monster Round; Knights take turns in the Knight "
                                 "Round (Clash Sequence)"))),
), anytime_why="forced movement, Monster movement and attacks, tracks, Vantage Points, "
                "terrain and edits of the board, whenever the cards or the players say",
    others_anytime=True)
"""The two rounds of the Clash Sequence; every other action belongs to no round."""


def check_defeat(state: ClashState) -> ClashState:
    """The Clash ends with the Knights' Defeat "as soon as all Knights die" (rulebook *Clash
    Sequence*)."""
    if state.cards is not None and not state.knights and not state.cards.result:
        return replace(state, cards=replace(state.cards, result="defeat"))
    return state


def next_round(state: ClashState) -> tuple[ClashState, tuple[Event, ...]]:
    """When every Knight on the board has taken its turn in the Knight Round, the next
    round's Monster Round begins (rulebook *Knight Turns*: "Once all Knights have taken their
    turns, proceed to the next Monster Round") and its start flips every spent Activation
    token to ready (*Start of Monster Round*)."""
    turn = state.turn
    if not (turn.phase == "knight" and turn.active is None and state.knights
            and all(k.name in turn.done for k in state.knights)):
        return state, ()
    turn = replace(turn, phase="monster", done=(), round=turn.round + 1)
    state, readied = activation_tokens.start_monster_round(replace(state, turn=turn))
    return state, (Event("round-changed", other="Monster", amount=turn.round,
                         rule="Clash Sequence"), *readied)


def after_action(state: ClashState) -> tuple[ClashState, tuple[Event, ...]]:
    """The steps that follow every action, whatever it was: the next round when the Knight
    Round is over (:func:`next_round`), and the Defeat when no Knight is left
    (:func:`check_defeat`)."""
    state, events = next_round(state)
    ended = check_defeat(state)
    if ended is not state:
        events = (*events, Event("said", other="Every Knight is dead: the Clash ends with the "
                                               "Knights' Defeat", rule="Clash Sequence"))
    return ended, events
