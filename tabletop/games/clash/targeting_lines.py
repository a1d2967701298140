"""The targeting instructions in one table (rulebook *Typical Targeting Instructions*): each
instruction's name, how it acts in a line (a yes/no test, a ranking, a count, a Zone), the
words a line may use for it (with X where it takes a number), the window's menu group and the
rulebook sentence the docs give it.  :mod:`tabletop.games.clash.targeting` resolves the words
(its yes/no tests and rankings are checked against this table by a test), the window's
targeting menu offers them from here, and docs/clash-rules.md lists every row.
"""

from __future__ import annotations

from dataclasses import dataclass

TEST = "yes/no"
"""Keeps or drops each Knight."""
RANK = "ranking"
"""Orders the Knights left ("among all possible Targets")."""
COUNT = "count"
"""How many Targets the line takes."""
ZONE = "zone"
"""The line's Targets are spaces, and it always resolves."""
FALLBACK = "fallback"
"""Resolves with no Target."""

COMMON = "common"
"""Offered first in the targeting menu."""
MORE = "more"
"""Offered under "More instructions…"."""
NUMBER = "number"
"""Offered with a number asked next."""
STATISTIC = "statistic"
"""Offered with a statistic (Vigor, Heat, Passion) and, for With X, a number."""


@dataclass(frozen=True)
class Instruction:
    """One targeting instruction: ``name`` as the rulebook heads it; ``acts`` (:data:`TEST`,
    :data:`RANK`, :data:`COUNT`, :data:`ZONE`, :data:`FALLBACK`); ``words`` the words a line
    may use for it, as the window's menu writes them; ``menu`` its group in the menu;
    ``sentence`` the rulebook's words (*Typical Targeting Instructions*), or for an
    instruction of this program the rule it rests on."""

    name: str
    acts: str
    words: tuple[str, ...]
    menu: str
    sentence: str


INSTRUCTIONS: tuple[Instruction, ...] = (
    Instruction("Closest", RANK, ("Closest",), COMMON,
                "The Target is the shortest distance (in spaces) from the Monster (via the "
                "shortest possible path) among all possible Targets."),
    Instruction("Furthest", RANK, ("Furthest",), COMMON,
                "The Target is the furthest distance (in spaces) from the Monster (via the "
                "shortest possible path) among all possible Targets."),
    Instruction("In front", TEST, ("In front",), COMMON,
                "The Target is on any space in front (see Monster Facing, p. 49) and within "
                "Line of Sight (see p. 49) of the Monster."),
    Instruction("Adjacent", TEST, ("Adjacent",), COMMON,
                "The Target is on a space that shares an edge with a space occupied by the "
                "attacking Monster."),
    Instruction("Engaged", TEST, ("Engaged",), MORE,
                "The Target is adjacent to at least one Monster."),
    Instruction("Non-Engaged", TEST, ("Non-Engaged",), MORE,
                "The Target is not adjacent to any Monster."),
    Instruction("In sight", TEST, ("In sight",), MORE,
                "The Target is within the Line of Sight (see p. 49) of the Monster."),
    Instruction("Grouped Knight", TEST, ("Grouped",), MORE,
                "The Target is adjacent to another Knight."),
    Instruction("Lone Knight", TEST, ("Lone Knight",), MORE,
                "The Target has no other Knight within three spaces from them."),
    Instruction("In/on X", TEST, ("In Blindspot", "Not in Blindspot", "In Rear",
                                  "Not in Rear", "On Vantage Point", "Not on Vantage Point"),
                MORE,
                "The Target is in the specified area or on the specified space. For example, "
                "in Blindspot, on Vantage Point."),
    Instruction("Last Knight to Wound", TEST, ("Last Knight to Wound",), MORE,
                "The Knight who was the last to successfully wound the Monster with an "
                "Attack."),
    Instruction("Priority Target", TEST, ("Priority Target",), MORE,
                "The Knight with the Priority Target token."),
    Instruction("Divine Target", TEST, ("Divine Target",), MORE,
                "The Divine Target token functions similarly to the Priority Target token as "
                "a tiebreaker (*Priority Target*): the Knight with the Divine Target token."),
    Instruction("With Knockdown", TEST, ("With Knockdown",), MORE,
                "Knight with a specific game element (*With X*): a Knockdown token."),
    Instruction("No Target", FALLBACK, ("No Target",), MORE,
                "Always resolve this instruction if no other targeting instruction is "
                "applicable."),
    Instruction("In range", TEST, ("In range X",), NUMBER,
                "The Target is in effective Range X of the Monster's Attack."),
    Instruction("Highest X", RANK, ("Highest Vigor", "Highest Heat"), STATISTIC,
                "Most value of a specified statistic. For example, Highest Passion or Highest "
                "Heat; \"0\" is still considered a valid amount."),
    Instruction("Lowest X", RANK, ("Lowest Vigor", "Lowest Heat"), STATISTIC,
                "Lowest value of a specified statistic. For example, lowest Vigor or lowest "
                "Heat; \"0\" is still considered a valid amount."),
    Instruction("Most X", RANK, ("Most Passion",), STATISTIC,
                "Most amount of a specified resource. For example, Most Bane. If there is no "
                "Knight that has the specified resource, skip this targeting line."),
    Instruction("Least X", RANK, ("Least Passion",), STATISTIC,
                "Least amount of a specified resource, for example, Least Bane. If there is "
                "no Knight that has the specified resource, skip this targeting line."),
    Instruction("With X", TEST, ("With X Vigor", "With Heat X+"), STATISTIC,
                "Knight with a specific game element, like a Gear card, Condition card, or "
                "statistic value."),
    Instruction("X Knights", COUNT, ("X Knights",), NUMBER,
                "Specified number of Knights."),
    Instruction("Zone", ZONE, ("Zone X",), NUMBER,
                "All spaces in an indicated area. This targeting line triggers even if there "
                "are no Knights within the indicated area."),
)
"""Every targeting instruction the program reads, in the menu's order."""


def menu_words(group: str) -> tuple[str, ...]:
    """The words of every instruction of the menu ``group``, in the table's order."""
    return tuple(word for ins in INSTRUCTIONS if ins.menu == group for word in ins.words)
