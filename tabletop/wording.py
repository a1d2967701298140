"""Counted nouns in the players' words, for every layer: "1 Armor die" but "3 Armor dice",
"1 hit" but "2 hits", "die 2" but "dice 1, 3".

A count of one takes the singular, any other count (none included) the plural; only the last
word of a noun phrase changes ("Power die" -> "Power dice").
"""

from __future__ import annotations

from collections.abc import Iterable

IRREGULAR = {"die": "dice"}
"""Plurals that are not the singular with -s or -es."""


def plural(noun: str) -> str:
    """The plural of ``noun``: its last word made plural (``die`` -> ``dice``, ``match`` ->
    ``matches``, ``enemy`` -> ``enemies``, else ``-s``)."""
    head, _, last = noun.rpartition(" ")
    if last in IRREGULAR:
        many = IRREGULAR[last]
    elif last.endswith(("s", "x", "z", "ch", "sh")):
        many = last + "es"
    elif last.endswith("y") and len(last) > 1 and last[-2] not in "aeiou":
        many = last[:-1] + "ies"
    else:
        many = last + "s"
    return f"{head} {many}" if head else many


def counted(count: int, noun: str, many: str | None = None) -> str:
    """``count`` followed by ``noun``, in the plural (``many``, else :func:`plural`) unless
    ``count`` is 1: ``counted(1, "Armor die")`` is ``"1 Armor die"``, ``counted(3, "Armor
    die")`` is ``"3 Armor dice"``."""
    return f"{count} {noun if count == 1 else (many or plural(noun))}"


def numbered(noun: str, numbers: Iterable[int | str]) -> str:
    """``noun`` and the numbers that pick them out, the noun in the plural for more than
    one: ``numbered("die", [2])`` is ``"die 2"``, ``numbered("die", [1, 3])`` is ``"dice 1,
    3"``."""
    shown = [str(n) for n in numbers]
    return f"{noun if len(shown) == 1 else plural(noun)} {', '.join(shown)}".rstrip()
