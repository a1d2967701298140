"""King's Champion dice: the scoring tables of the white, green, red and black d6, and a pure
:func:`score` over rolled faces.

Rulebook, *Jousting Phase*: *Attack Dice Scores* and *Fealty Dice*:

- White: 1-5 Reputation; 6 Hit.
- Green: 1-4 Reputation; 5-6 Hit.
- Red: 1-3 Reputation; 4-5 Hit; 6 Critical Hit, counts as two hits.
- Black (Fealty): 1-4 Reputation; 5 Hit; 6 Aftershock (a hit, and the die is rolled again;
  every further 6 is another Aftershock, the first other face is scored as normal).

*Ruse* (a Favor Action) "lowers the number needed to score a hit on all your dice" by one: a
white die hits on 5-6, green on 4-6, red on 3-5 (6 stays the Critical Hit), black on 4-5
(6 stays the Aftershock).  Every face that is not a hit is one Reputation.

This module imports nothing from the games or the window; ``tabletop roll`` and the dice tray
use it too.
"""

from __future__ import annotations

from collections.abc import Iterable

from tabletop.frozen import Frozen
from tabletop.numbers import parse_int, shorten

COLOURS = ("white", "green", "red", "black")
"""The King's Champion dice: three Attack Dice colours and the black Fealty Die."""

ATTACK_COLOURS = ("white", "green", "red")
FEALTY = "black"

HIT_FROM = {"white": 6, "green": 5, "red": 4, "black": 5}
"""The lowest face that scores a hit on each colour (without Ruse)."""


class DieScore(Frozen):
    """What one rolled face scores: ``kind`` is ``reputation``, ``hit``, ``critical`` or
    ``aftershock``; ``hits`` counts a Critical Hit as two; ``reputation`` is 0 or 1; ``words``
    explains it in one phrase."""

    colour: str
    face: int
    kind: str
    hits: int
    reputation: int
    words: str


class Score(Frozen):
    """The total of a joust roll.

    ``hits`` counts every hit (a Critical Hit as two, an Aftershock as one); ``criticals`` and
    ``aftershocks`` count those faces; ``reputation`` is one per Reputation face; ``pips`` is
    the sum of every face given (Aftershock rolls included); ``dice`` explains each face.
    """

    hits: int
    criticals: int
    aftershocks: int
    reputation: int
    pips: int
    dice: tuple[DieScore, ...]


def hit_from(colour: str, *, ruse: bool = False) -> int:
    """The lowest face of ``colour`` that scores a hit (one lower with Ruse)."""
    _check_colour(colour)
    return HIT_FROM[colour] - (1 if ruse else 0)


def die_score(colour: str, face: int, *, ruse: bool = False) -> DieScore:
    """The score of one ``face`` (1-6) of a ``colour`` die, by the rulebook's dice tables.

    Raises ``ValueError`` for an unknown colour or a face outside 1-6.
    """
    _check_colour(colour)
    if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= 6:
        raise ValueError(f"a d6 shows 1 to 6, not {face!r}")
    name = f"{colour} {face}"
    if colour == "red" and face == 6:
        return DieScore(colour, face, "critical", 2, 0, f"{name}: Critical Hit, counts as two hits")
    if colour == FEALTY and face == 6:
        return DieScore(colour, face, "aftershock", 1, 0,
                        f"{name}: Aftershock, a hit, and the Fealty Die is rolled again")
    if face >= hit_from(colour, ruse=ruse):
        return DieScore(colour, face, "hit", 1, 0, f"{name}: Hit")
    return DieScore(colour, face, "reputation", 0, 1, f"{name}: one Reputation")


def score(dice: Iterable[tuple[str, int]], *, ruse: bool = False) -> Score:
    """The :class:`Score` of rolled ``(colour, face)`` pairs.

    An Aftershock's further rolls are simply more black faces in the list (``black 6, black 6,
    black 2`` is one Fealty Die with two Aftershocks, or three black dice: both score two hits,
    one Reputation and 14 pips).
    """
    scored = tuple(die_score(colour, face, ruse=ruse) for colour, face in dice)
    return Score(
        hits=sum(d.hits for d in scored),
        criticals=sum(d.kind == "critical" for d in scored),
        aftershocks=sum(d.kind == "aftershock" for d in scored),
        reputation=sum(d.reputation for d in scored),
        pips=sum(d.face for d in scored),
        dice=scored,
    )


def parse_die(text: str) -> tuple[str, int]:
    """``"red:6"`` -> ``("red", 6)``; raises ``ValueError`` naming the text."""
    colour, sep, face = text.partition(":")
    colour = colour.strip().lower()
    if not sep or colour not in COLOURS or not face.strip().isdigit():
        raise ValueError(f"{shorten(text)!r} is not a die such as red:6 (colours: "
                         f"{', '.join(COLOURS)})")
    value = parse_int(face, 1, 6)
    if value is None:
        raise ValueError(f"{shorten(text)!r}: a d6 shows 1 to 6")
    return colour, value


def _check_colour(colour: str) -> None:
    if colour not in COLOURS:
        raise ValueError(f"{colour!r} is not a King's Champion die (colours: {', '.join(COLOURS)})")
