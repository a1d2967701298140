"""The round of King's Champion as data (rulebook *Game Play*: "the five Phases of Play",
*Setup*, *Initiative*): setting up, then each round's Draw, Worker, Planning, Jousting and
Ennoblement Phases, read by ``apply`` before any handler
(:class:`~tabletop.games.turn_order.TurnOrder`); the moves from one phase to the next are
:func:`tabletop.games.joust.phases.settle`, run once after every action."""

from __future__ import annotations

from tabletop.games.joust.actions import (
    AdvanceCrown,
    Aim,
    Attach,
    Choose,
    ChooseFavor,
    ChooseKnight,
    Collect,
    Convert,
    Draw,
    EndRound,
    Finish,
    Joust,
    Keep,
    ManSquire,
    Pass,
    PlaceAbility,
    PlaceDie,
    PlaceToken,
    PlaceWorkers,
    Promote,
    Ready,
    RemoveDie,
    Reroll,
    Reveal,
    SetOrder,
    Spend,
    Throw,
)
from tabletop.games.turn_order import Phase, TurnOrder

TURN_ORDER = TurnOrder("joust", (
    Phase("setup", "setting up", "each Household", (ChooseKnight, PlaceToken),
          "every Knight holds its starting Bravery Token: round 1's Draw Phase", "Setup",
          outside=(((PlaceToken,), "Bravery Tokens are placed by hand only while setting "
                                   "up; later they come from workers and Perks"),
                   ((ChooseKnight,), "Knights are chosen while setting up"))),
    Phase("draw", "the Draw Phase", "the Households in turn, initiative first", (Draw,),
          "both Households have drawn: the Worker Phase", "Draw Phase"),
    Phase("worker", "the Worker Phase", "the Households in turn, initiative first",
          (PlaceWorkers, ManSquire, Pass),
          "both Households have passed or placed every worker: the Planning Phase",
          "Worker Phase"),
    Phase("planning", "the Planning Phase", "both Households at once, in secret",
          (PlaceDie, RemoveDie, ChooseFavor, SetOrder, PlaceAbility, Attach, Ready),
          "both Households are ready: the Jousting Phase", "Planning Phase"),
    Phase("jousting", "the Jousting Phase", "both Households, joust by joust",
          (Reveal, Aim, Throw, Reroll, Keep, Convert, Joust, EndRound),
          "the third joust scored, End round: the Ennoblement Phase (a Household with no "
          "Morale left ends the game at once)", "Jousting Phase"),
    Phase("ennoblement", "the Ennoblement Phase", "the Households in turn, initiative first",
          (Collect, Promote, Spend, Finish),
          "both Households are finished: the round ends; after round 6 the game ends, else "
          "initiative passes and the next round's Draw Phase begins", "Enoblement Phase"),
), anytime=(AdvanceCrown, Choose),
    anytime_why="placing an earned King's Crown, and the choice a reward leaves waiting; an "
                "Enhancement Card such a choice gives is attached at once, in any phase")
"""Setting up, then the five Phases of Play of every round."""
