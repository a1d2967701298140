"""The dice spec of ``tabletop roll``: words naming dice, with counts.

Grammar (words split on spaces and commas, case-insensitive)::

    SPEC  := GROUP+
    GROUP := [COUNT] DIE ["crit"]
    COUNT := a whole number 1-200 (how many of the next DIE; default 1)
    DIE   := a die kind or alias (kf-d10, kf-d10-white, kf-crit, kf-power-red|black|white,
             kf-red|black|white, white, green, red, black, kc-white..., ff-red, ff-yellow,
             ff-blue, ff-green, ff-melee, ff-ranged) or kf-d100

``kf-d100`` is two d10 read as one number (white tens, black ones).  ``crit`` after a group of
``kf-d10`` makes it a Kingdoms Forlorn Attack or Evasion Roll: its first die is the white
Crit die ("3 kf-d10 crit" is the Crit die and two black d10).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tabletop.dice.kinds import canonical
from tabletop.dice.roll import MAX_DICE
from tabletop.errors import UsageError
from tabletop.numbers import parse_int, shorten

D100 = "kf-d100"


@dataclass(frozen=True)
class Group:
    """One group of a spec: the words it was written as, its dice kinds, and its role.

    ``role`` is ``"dice"``, ``"crit"`` (a d10 Attack/Evasion Roll whose first die is the Crit
    die) or ``"d100"``.
    """

    words: str
    kinds: tuple[str, ...]
    role: str = "dice"


def parse_spec(spec: str) -> tuple[Group, ...]:
    """The groups of dice ``spec`` names.

    Raises :class:`UsageError` naming the first word that is not a count, a die or a ``crit``
    in its place.
    """
    words = [w for w in re.split(r"[\s,]+", spec.strip()) if w]
    if not words:
        raise UsageError("the dice spec is empty (for example: \"3 kf-d10 crit\" or "
                         "\"white red black black\")")
    groups: list[Group] = []
    count: int | None = None
    total = 0
    for word in words:
        lower = word.lower()
        if lower.isascii() and lower.isdigit():
            if count is not None:
                raise UsageError(f"{shorten(word)!r} follows the count {count}: a count is "
                                 "followed by a die")
            count = parse_int(lower, 1, MAX_DICE)
            if count is None:
                raise UsageError(f"{shorten(word)!r}: a count is 1 to {MAX_DICE}")
            continue
        if lower == "crit":
            last = groups[-1] if groups else None
            if count is not None or last is None or last.role != "dice" or set(
                    last.kinds) != {"kf-d10"}:
                raise UsageError(f"{word!r} must follow a group of kf-d10 (as in \"3 kf-d10 "
                                 "crit\")")
            groups[-1] = Group(f"{last.words} crit", ("kf-d10-white",) + last.kinds[1:], "crit")
            continue
        number = 1 if count is None else count
        label = word if count is None else f"{count} {word}"
        if lower == D100:
            groups.extend(Group(word if number == 1 else f"{word} #{n + 1}",
                                ("kf-d10-white", "kf-d10"), "d100") for n in range(number))
            total += 2 * number
        else:
            try:
                kind = canonical(word)
            except UsageError:
                raise UsageError(f"{word!r} is not a die, a count or 'crit' (see tabletop roll "
                                 "--help and docs/dice.md)") from None
            groups.append(Group(label, (kind,) * number))
            total += number
        count = None
        if total > MAX_DICE:
            raise UsageError(f"{spec!r} names {total} dice; one roll throws at most {MAX_DICE}")
    if count is not None:
        raise UsageError(f"the spec ends with the count {count}: say which die")
    return tuple(groups)
