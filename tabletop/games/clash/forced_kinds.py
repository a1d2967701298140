"""The forced-movement kinds in one table (rulebook *Involuntary Movement*, *Keyword List*):
each kind's name (as in :class:`~tabletop.games.clash.actions.Forced` and ``tabletop query
forced``), what it takes besides its source and the piece moved (X, a space, a direction), its
menu label and the rulebook sentence the docs give it.  The query verb and the window's menus
read this table; :mod:`tabletop.games.clash.branching_actions` maps each name to its resolver.

Directions of directional Knockback (*Keyword List: Knockback X*: "or in a specified
direction in case of directional Knockback"; "Knockback 5 to the left"): ``left``, ``right``,
``forward``, ``back`` relative to the source's facing, and the four compass directions.
"""

from __future__ import annotations

from dataclasses import dataclass

RELATIVE = ("left", "right", "forward", "back")
"""Directions relative to the facing of the source."""
COMPASS = ("north", "east", "south", "west")
KNOCKBACK_DIRECTIONS = RELATIVE + COMPASS
"""The directions a directional Knockback may name."""

_TURNS = {"forward": 0, "right": 1, "back": 2, "left": 3}


@dataclass(frozen=True)
class ForcedKind:
    """One forced movement: ``name``; ``x`` whether it takes a value X; ``extra`` what else
    it needs (``""``, ``"space"`` for "… toward", ``"direction"`` for directional Knockback);
    ``label`` for a menu; ``sentence`` the rulebook's words (*Keyword List*) for the docs;
    ``ability`` whether a Knight source uses it as a Gear ability or Technique (refused while
    knocked down); ``knockback`` whether the Knockback rules resolve it (Stalwart, Braced);
    ``printed`` how a card prints it when that is not its name and X (see
    :meth:`card_words`)."""

    name: str
    x: bool
    extra: str
    label: str
    sentence: str
    ability: bool = True
    knockback: bool = False
    printed: str = ""

    def card_words(self) -> str:
        """How a card prints this kind, word by word, ``X``, ``SPACE`` and ``DIRECTION``
        standing for its values (``pushback X toward SPACE``): ``printed`` when the row gives
        it, else the name followed by ``X`` when the kind takes one.  The card-text parser
        (:mod:`tabletop.games.clash.effects`) reads effects with it."""
        return self.printed or (f"{self.name} X" if self.x else self.name)

    def arguments(self) -> str:
        """What ``tabletop query forced`` takes after the kind, e.g. ``SOURCE P X DIRECTION``."""
        return " ".join(["SOURCE", "P", *(["X"] if self.x else []),
                         *(["SPACE"] if self.extra == "space" else []),
                         *(["DIRECTION"] if self.extra == "direction" else [])])


KINDS: tuple[ForcedKind, ...] = (
    ForcedKind("knockback", True, "", "Knockback X",
               "Move the affected miniature up to X spaces directly away from the source of "
               "Knockback in a straight line", knockback=True),
    ForcedKind("directional knockback", True, "direction", "Knockback X in a direction",
               "Move the affected miniature up to X spaces directly away from the source of "
               "Knockback in a straight line (or in a specified direction in case of "
               "directional Knockback)", knockback=True, printed="knockback X DIRECTION"),
    ForcedKind("knockback to the side", True, "", "Knockback X to the side",
               "Instead of moving the target miniature in a straight line from the Monster, "
               "move perpendicularly from the straight line a normal Knockback would use in "
               "the direction that leads the target directly away from the source.",
               knockback=True, printed="knockback X to the side"),
    ForcedKind("unavoidable knockback", True, "", "Unavoidable Knockback X",
               "it cannot be lowered or ignored in any way other than effects that cause you "
               "to stop (such as colliding with an Obstacle) or effects that specifically "
               "refer to Unavoidable Knockback", knockback=True),
    ForcedKind("pushback", True, "", "Pushback X",
               "Turn the source toward the affected miniature. Then, move up to X spaces in "
               "the direction of the affected miniature, pushing it in a straight line."),
    ForcedKind("pushback toward", True, "space", "Pushback X toward a space",
               "Instead of pushing the Target in a straight line, push them along the "
               "shortest path to the specified space.", printed="pushback X toward SPACE"),
    ForcedKind("pull", True, "", "Pull X",
               "Move the affected miniature up to X spaces toward the source of the Pull, "
               "along the shortest possible path"),
    ForcedKind("drag", True, "", "Drag X",
               "If the target is adjacent, the source moves X spaces directly away from the "
               "target, then move the target miniature X spaces along the path the source "
               "took."),
    ForcedKind("drag toward", True, "space", "Drag X toward a space",
               "Instead of moving straight from the target, the Source moves toward and past "
               "the specified space along the shortest path, until the Target will be able to "
               "enter the specified space, or up to the drag value.",
               printed="drag X toward SPACE"),
    ForcedKind("displace", False, "", "Displace",
               "Move the Displaced Target to an empty space adjacent to its current position.",
               ability=False),
    ForcedKind("forced vault", False, "", "Forced Vault",
               "If the source is adjacent to the target, place its miniature on a space in a "
               "straight line from the source, on the opposite side of the source, adjacent "
               "to it."),
    ForcedKind("gangup", True, "", "Gangup X",
               "Move up to X spaces toward the Target. Then, move the Targeted Knight the "
               "remaining number of spaces, ignoring the source, toward another closest "
               "Monster along the shortest path, or until adjacent.", ability=False),
    ForcedKind("herd", True, "", "Herd X",
               "Move up to X spaces toward the Target. Then, move the Targeted Knight the "
               "remaining number of spaces, ignoring the source, toward another closest "
               "Knight along the shortest path, or until adjacent.", ability=False),
)
"""Every forced movement, in menu order."""

BY_NAME: dict[str, ForcedKind] = {k.name: k for k in KINDS}


def in_words(direction: str) -> str:
    """A directional Knockback's direction in words: ``to the left``, ``forward``, ``back``,
    ``to the north``."""
    return direction if direction in ("forward", "back") else f"to the {direction}"


def compass_way(direction: str, facing: str | None) -> str | None:
    """The compass direction of a directional Knockback ``direction`` for a source facing
    ``facing`` (``None``: a Knight, which has no facing): a compass direction stays itself;
    ``forward`` is the facing, ``right`` a quarter turn clockwise, ``back`` the opposite,
    ``left`` a quarter turn anticlockwise.  ``None`` when a relative direction has no facing.

    >>> compass_way("left", "south"), compass_way("right", "east"), compass_way("west", None)
    ('east', 'south', 'west')
    """
    if direction in COMPASS:
        return direction
    if facing is None:
        return None
    return COMPASS[(COMPASS.index(facing) + _TURNS[direction]) % 4]
