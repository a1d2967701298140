"""The Delve Round of the Kingdom map as data (rulebook *Delve Phase*, *Delve Rounds*,
*Travel Step*, *Exploration Step*, *Story Step*, *Entering the Deep Fog* through
*Emergence*): the steps a Delve Round goes through, read by ``apply`` before any handler
(:class:`~tabletop.games.turn_order.TurnOrder`)."""

from __future__ import annotations

from tabletop.games.kingdom.actions import (
    EFFECTS,
    Answer,
    Backtrack,
    CourseCorrect,
    DrawExploration,
    EndStep,
    EnterFog,
    ReportLoss,
    Shuffle,
    StayCourse,
    Travel,
    Withdraw,
)
from tabletop.games.turn_order import Phase, TurnOrder

TURN_ORDER = TurnOrder("kingdom", (
    Phase("travel", "the Travel step", "the party", (Travel, Backtrack, EnterFog, *EFFECTS),
          "a Travel or a Backtrack onto a tile (then the Exploration step); entering the Deep "
          "Fog (then the Deep Fog traversal)", "Travel Step", outside=(
              ((Shuffle,), "the Deep Fog deck is not shuffled until the party leaves the Fog "
                           "(Running Out of Deep Fog Cards), and no other deck while in it: "
                           "card effects are resolved on the Kingdom map"),
              (EFFECTS, "card effects are resolved on the Kingdom map, not in the Deep Fog"))),
    Phase("exploration", "the Exploration step", "the party",
          (DrawExploration, EndStep, *EFFECTS),
          "End step once the top Exploration card is drawn and no Special Exploration card "
          "is left on top (then the Story step)", "Exploration Step"),
    Phase("story", "the Story step", "the party", (EndStep, *EFFECTS),
          "End step: a new Delve Round begins with the Travel step", "Story Step"),
    Phase("deep-fog", "the Deep Fog traversal", "the party",
          (StayCourse, Withdraw, CourseCorrect),
          "Emergence on the Target tile, or Withdraw (then the Exploration step)",
          "The Deep Fog"),
), anytime=(Answer, ReportLoss),
    anytime_why="answers to the question the map is waiting for, and a loss the players "
                "report")
"""The Delve Round, step by step; card effects (track changes, Rotation, Monster tokens, tiles
revealed, Hindering tokens, Shortcuts, shuffles) are resolved in any step on the map, not in
the Deep Fog."""
