"""The Monster Movement Types in one table (rulebook *Monster Movement Types*): each type's
name (as in :class:`~tabletop.games.clash.actions.MonsterMove`, ``tabletop query
monster-move`` and a card's ``movement``), what it moves toward, its menu label and the
rulebook sentence the docs give it.  The query verb, the card loader and the window's menu read
this table; :func:`tabletop.games.clash.branching_actions.monster_move_outcomes` maps each name to
its resolver in :mod:`tabletop.games.clash.movement`.
"""

from __future__ import annotations

from dataclasses import dataclass

TOWARD_TARGET = "target"
"""The type moves toward the Target miniature (or a space standing for it)."""
TOWARD_SPACE = "space"
"""The type takes a space the players name (the card's designated space)."""
TOWARD_SPACE_OR_DIRECTION = "space or direction"
"""The type takes a space, or one of north, east, south, west."""


@dataclass(frozen=True)
class MovementType:
    """One Monster Movement Type: ``name``; ``toward`` what its TARGET is
    (:data:`TOWARD_TARGET`, :data:`TOWARD_SPACE`, :data:`TOWARD_SPACE_OR_DIRECTION`);
    ``label`` for a menu; ``sentence`` the rulebook's words (*Monster Movement Types*);
    ``reach_checked`` whether the Target's reach is checked after it (*Target Out of
    Reach*)."""

    name: str
    toward: str
    label: str
    sentence: str
    reach_checked: bool = True

    def arguments(self) -> str:
        """What ``tabletop query monster-move`` takes for this type, e.g. ``M TARGET jump [X]
        [range X | zone X]``."""
        target = {TOWARD_TARGET: "TARGET", TOWARD_SPACE: "SPACE",
                  TOWARD_SPACE_OR_DIRECTION: "SPACE|DIRECTION"}[self.toward]
        return f"M {target} {self.name} [X] [range X | zone X]"


TYPES: tuple[MovementType, ...] = (
    MovementType("move", TOWARD_TARGET, "Move",
                 "Perform movement to the Target until adjacent."),
    MovementType("move behind", TOWARD_TARGET, "Move Behind",
                 "Move to the furthest space adjacent to the Target."),
    MovementType("move lateral", TOWARD_TARGET, "Move Lateral",
                 "Move along the shortest possible path in a straight line (either horizontal "
                 "or vertical) to a space from which the following Attack (usually Ranged or "
                 "Zone) can be performed against the Target."),
    MovementType("jump", TOWARD_TARGET, "Jump",
                 "This movement does not cause Crash or destroy Terrain tiles, with the "
                 "exception of Knights and Terrain tiles the Monster ends this movement on."),
    MovementType("land on top", TOWARD_TARGET, "Land on Top",
                 "End movement on a space currently occupied by the Target instead of "
                 "adjacent to it.", reach_checked=False),
    MovementType("appear behind", TOWARD_TARGET, "Appear Behind",
                 "Place the Monster miniature on the furthest space adjacent to the Target."),
    MovementType("appear", TOWARD_SPACE, "Appear X",
                 "Place the Monster miniature on the designated space.", reach_checked=False),
    MovementType("move to", TOWARD_SPACE_OR_DIRECTION, "Move to X",
                 "Perform movement to the designated area or in the indicated direction.",
                 reach_checked=False),
)
"""Every Monster Movement Type, in menu order."""

BY_NAME: dict[str, MovementType] = {t.name: t for t in TYPES}

TOWARD_THE_TARGET: tuple[MovementType, ...] = tuple(
    t for t in TYPES if t.toward == TOWARD_TARGET)
"""The types a menu offers once a Knight is the Target."""
