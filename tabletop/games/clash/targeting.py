"""Targeting lines (rulebook *Targeting*, *Typical Targeting Instructions*, *Priority Target*).

A line is written as the card prints it, instructions separated by commas:
``"In front, Closest"``, ``"Adjacent"``, ``"Highest Heat"``, ``"2 Knights, Furthest"``,
``"Zone 2"``, ``"Not in Rear, Lowest Vigor"``.  Lines are read top to bottom; the first line
some Knight fulfils decides.  A tie for one Target goes to the Priority Target if that Knight is
among them, else every tied Knight is offered to the players.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tabletop.games.clash import geometry
from tabletop.games.clash.state import ClashState, Knight, Monster
from tabletop.spatial.grid import Space


class TargetingError(ValueError):
    """A targeting instruction the program does not know; the message names it."""


@dataclass(frozen=True)
class Targeting:
    """What a Monster's targeting lines decide.

    ``line`` is the index of the line that resolved (``None``: none did, the Monster performs
    its Routine); ``alternatives`` the Targets the players may choose among (each a tuple of
    Knight names; one alternative when nothing is left to choose); ``zone`` the spaces of a
    Zone line; ``why`` the reasons in words, line by line.
    """

    line: int | None
    alternatives: tuple[tuple[str, ...], ...] = ()
    zone: tuple[Space, ...] = ()
    why: tuple[str, ...] = field(default_factory=tuple)


STATS = ("vigor", "heat", "passion")


def target(state: ClashState, monster: Monster, lines: list[str]) -> Targeting:
    """Resolve ``lines`` top to bottom for ``monster`` (rulebook *Targeting*)."""
    why: list[str] = []
    for index, line in enumerate(lines):
        words = [w.strip() for w in line.split(",") if w.strip()]
        if not words:
            raise TargetingError(f"targeting line {index + 1} is empty")
        zone = _zone_of(words)
        if zone is not None:
            spaces = tuple(sorted(geometry.zone_of(state, monster.name, zone)))
            why.append(f"line {index + 1} ({line}): a Zone line always resolves; its spaces "
                       f"are the targets (Targeting: Zone)")
            return Targeting(index, (), spaces, tuple(why))
        if [w.lower() for w in words] == ["no target"]:
            why.append(f"line {index + 1}: No Target")
            return Targeting(index, ((),), (), tuple(why))
        candidates = list(state.knights)
        count = 1
        for word in words:
            number = re.fullmatch(r"(\d+)\s+knights?", word.strip().lower())
            if number:
                count = int(number.group(1))
                continue
            candidates = _apply(state, monster, word, candidates)
        if not candidates:
            why.append(f"line {index + 1} ({line}): no Knight fulfils it")
            continue
        names = [k.name for k in candidates]
        if len(names) <= count:
            why.append(f"line {index + 1} ({line}): {', '.join(names)}")
            return Targeting(index, (tuple(names),), (), tuple(why))
        tokens = _token_holders(state, names)
        if count == 1 and len(tokens) == 1:
            holder, token = tokens[0]
            why.append(f"line {index + 1} ({line}): {', '.join(names)} tie; {holder} holds the "
                       f"{token} token ({token})")
            return Targeting(index, ((holder,),), (), tuple(why))
        if count == 1 and tokens:
            why.append(f"line {index + 1} ({line}): {', '.join(names)} tie; "
                       f"{tokens[0][0]} (Priority Target) and {tokens[1][0]} (Divine Target) "
                       f"are equally viable; the players choose (Divine Target)")
            return Targeting(index, tuple((h,) for h, _ in tokens), (), tuple(why))
        why.append(f"line {index + 1} ({line}): {', '.join(names)} are equally viable; the "
                   f"players choose (Priority Target)")
        return Targeting(index, tuple(_choose(names, count, [h for h, _ in tokens])), (),
                         tuple(why))
    why.append("no line has a valid Target: discard the card and perform the Routine")
    return Targeting(None, (), (), tuple(why))


def _token_holders(state: ClashState, names: list[str]) -> list[tuple[str, str]]:
    """The tied Knights holding a tie-breaking token, as ``(name, token)``: the Priority
    Target first, then the Divine Target (rulebook *Priority Target*, *Divine Target*: "functions
    similarly to the Priority Target token as a tiebreaker")."""
    out = []
    for holder, token in ((state.turn.priority, "Priority Target"),
                          (state.turn.divine, "Divine Target")):
        if holder in names and holder not in [h for h, _ in out]:
            out.append((holder, token))
    return out


def _choose(names: list[str], count: int, holders: list[str]) -> list[tuple[str, ...]]:
    """Every way to pick ``count`` of ``names``; with token holders among them, only the picks
    that include as many of them as fit."""
    from itertools import combinations

    picks = [tuple(c) for c in combinations(names, count)]
    need = min(count, len(holders))
    return [p for p in picks if len(set(p) & set(holders)) == need]


def _zone_of(words: list[str]) -> int | None:
    for word in words:
        match = re.fullmatch(r"zone\s+(\d+)", word.strip().lower())
        if match:
            return int(match.group(1))
    return None


def _apply(state: ClashState, monster: Monster, word: str, knights: list[Knight]) -> list[Knight]:
    """The Knights of ``knights`` that one instruction keeps."""
    text = " ".join(word.lower().split())
    negate = False
    for prefix in ("not in ", "not on "):
        if text.startswith(prefix):
            negate, text = True, "in " + text[len(prefix):]
    if text.startswith("on "):  # "In/on X" (Typical Targeting Instructions): on Vantage Point
        text = "in " + text[len("on "):]
    test = _filter(state, monster, text)
    if test is not None:
        return [k for k in knights if test(k) != negate]
    if negate:
        raise TargetingError(f"{word!r}: only areas can be negated (Not in Rear, Not on "
                             f"Vantage Point …)")
    return _select(state, monster, text, word, knights)


def _filter(state: ClashState, monster: Monster, text: str):
    """A yes/no test for a Knight, or ``None`` if ``text`` is a selector.  A Monster with
    Always There is adjacent (so in range, and the Knight engaged) to every Knight for its own
    targeting (rulebook *Basic Abilities: Always There*)."""
    name = monster.name
    always = monster.has("always there")

    def in_range(x: int):
        return lambda k: always or geometry.range_(state, name, k.name) <= x

    def sees(k: Knight) -> bool:
        return geometry.monster_sees(state, name, k.name).clear

    def engaged(k: Knight) -> bool:
        return always or any(geometry.range_(state, m.name, k.name) == 1
                             for m in state.monsters)

    def grouped(k: Knight) -> bool:
        """Adjacent to another Knight, as ``k`` counts adjacency (*Vantage Points*: a Knight
        on a VP is adjacent to the Knights adjacent to its Monster, not they to it)."""
        return any(o.name != k.name and geometry.adjacent(state, k.name, o.name)
                   for o in state.knights)

    match = re.fullmatch(r"in range\s*(\d+)", text)
    if match:
        return in_range(int(match.group(1)))
    tests = {
        "adjacent": lambda k: always or geometry.range_(state, name, k.name) == 1,
        "engaged": engaged,
        "non-engaged": lambda k: not engaged(k),
        "grouped": grouped,
        "grouped knight": grouped,
        "lone knight": lambda k: not any(o.name != k.name and
                                         geometry.range_(state, o.name, k.name) <= 3
                                         for o in state.knights),
        "in front": lambda k: k.at in geometry.front_of(state, name) and sees(k),
        "in sight": sees,
        "in blindspot": lambda k: k.at in geometry.blindspots_of(state, name),
        "in rear": lambda k: k.at in geometry.rear_of(state, name),
        "in vantage point": lambda k: k.vantage is not None,
        "in a vantage point": lambda k: k.vantage is not None,
        "last knight to wound": lambda k: k.name == state.turn.last_wounder,
        "priority target": lambda k: k.name == state.turn.priority,
        "divine target": lambda k: k.name == state.turn.divine,
        "with knockdown": lambda k: k.knockdown != "",
    }
    return tests.get(text)


def _select(state: ClashState, monster: Monster, text: str, word: str,
            knights: list[Knight]) -> list[Knight]:
    """The Knights a selector keeps (ties kept)."""
    if text in ("closest", "furthest"):
        measured = [(geometry.distance(state, monster.name, k.name), k) for k in knights]
        measured = [(d, k) for d, k in measured if d is not None]
        if not measured:
            return []
        best = (min if text == "closest" else max)(d for d, _ in measured)
        return [k for d, k in measured if d == best]
    match = re.fullmatch(r"(highest|lowest|most|least)\s+(\w+)", text)
    if match and match.group(2) in STATS:
        values = [getattr(k, match.group(2)) for k in knights]
        if not values:
            return []
        best = (max if match.group(1) in ("highest", "most") else min)(values)
        return [k for k in knights if getattr(k, match.group(2)) == best]
    raise TargetingError(f"{word!r} is not a targeting instruction the program knows "
                         f"(see docs/clash-rules.md)")
