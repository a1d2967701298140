"""Targeting lines (rulebook *Targeting*, *Typical Targeting Instructions*, *Priority Target*).

A line is written as the card prints it, instructions separated by commas:
``"In front, Closest"``, ``"Adjacent"``, ``"Highest Heat"``, ``"2 Knights, Furthest"``,
``"Zone 2"``, ``"Not in Rear, Lowest Vigor"``.  Lines are read top to bottom; the first line
some Knight fulfils decides.  A tie for one Target goes to the Priority Target if that Knight is
among them, else every tied Knight is offered to the players.
"""

from __future__ import annotations

import re
from dataclasses import field

from tabletop.frozen import Frozen
from tabletop.games.clash import geometry
from tabletop.games.clash.state import ClashState, Knight, Monster
from tabletop.spatial.grid import Space


class TargetingError(ValueError):
    """A targeting instruction the program does not know; the message names it."""


class Targeting(Frozen):
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
    """Resolve ``lines`` top to bottom for ``monster`` (rulebook *Targeting*): the first line
    with a valid Target decides; none: the Routine (``line`` is ``None``).

    Within a line a Knight "must fulfill all requirements": the yes/no instructions (Adjacent,
    In sight, Not in Rear …) are applied first, then the ones that rank Knights (Closest,
    Highest Heat …, "among all possible Targets") in the order written.  "X Knights" takes
    the X best ranked; a tie for the last place goes to the Priority (or Divine) Target token,
    else every pick is offered (*Priority Target*)."""
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
        rankers = []
        for word in words:
            number = re.fullmatch(r"([0-9]{1,3})\s+knights?", word.strip().lower())
            if number:
                count = int(number.group(1))
                continue
            kept = _apply(state, monster, word, candidates)
            if kept is None:
                rankers.append(_ranker(state, monster, word))
            else:
                candidates = kept
        ranked = _rank(candidates, rankers)
        if not ranked:
            why.append(f"line {index + 1} ({line}): no Knight fulfils it")
            continue
        sure, tied = _split(ranked, count)
        names = [k.name for k in sure + tied]
        if len(names) <= count:
            why.append(f"line {index + 1} ({line}): {', '.join(names)} (Targeting: the first "
                       f"line some Knight fulfils decides)")
            return Targeting(index, (tuple(names),), (), tuple(why))
        fixed = tuple(k.name for k in sure)
        tied_names = [k.name for k in tied]
        need = count - len(fixed)
        tokens = _token_holders(state, tied_names)
        ahead = f"{', '.join(fixed)} ahead; " if fixed else ""
        if need == 1 and len(tokens) == 1:
            holder, token = tokens[0]
            why.append(f"line {index + 1} ({line}): {ahead}{', '.join(tied_names)} tie; "
                       f"{holder} holds the {token} token ({token})")
            return Targeting(index, ((*fixed, holder),), (), tuple(why))
        if need == 1 and tokens:
            why.append(f"line {index + 1} ({line}): {ahead}{', '.join(tied_names)} tie; "
                       f"{tokens[0][0]} (Priority Target) and {tokens[1][0]} (Divine Target) "
                       f"are equally viable; the players choose (Divine Target)")
            return Targeting(index, tuple((*fixed, h) for h, _ in tokens), (), tuple(why))
        why.append(f"line {index + 1} ({line}): {ahead}{', '.join(tied_names)} are equally "
                   f"viable; the players choose (Priority Target)")
        picks = _choose(tied_names, need, [h for h, _ in tokens])
        return Targeting(index, tuple((*fixed, *p) for p in picks), (), tuple(why))
    why.append("no line has a valid Target: discard the card and perform the Routine")
    return Targeting(None, (), (), tuple(why))


def _rank(knights: list[Knight], rankers: list) -> list[tuple[tuple, Knight]]:
    """``knights`` with their keys (smaller is better), best first; Knights a ranking
    instruction cannot measure (no path, none of the resource) are left out."""
    out = []
    for knight in knights:
        key = tuple(rank(knight) for rank in rankers)
        if None not in key:
            out.append((key, knight))
    return sorted(out, key=lambda pair: pair[0])


def _split(ranked: list[tuple[tuple, Knight]], count: int
           ) -> tuple[list[Knight], list[Knight]]:
    """The Knights surely among the ``count`` best, and those tied for the remaining places
    (all of them when they fit)."""
    if len(ranked) <= count:
        return [k for _, k in ranked], []
    last = ranked[count - 1][0]
    sure = [k for key, k in ranked if key < last]
    tied = [k for key, k in ranked if key == last]
    return sure, tied


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


PICKS_OFFERED_UP_TO = 1000
"""The most ways to pick tied Knights that a Targeting offers the players one by one (ten
Knights tied for five places give 252); beyond, :class:`TargetingError` hands the line to
the players (999 Knights tied for 500 places would give more than 10^299 picks)."""


def _choose(names: list[str], count: int, holders: list[str]) -> list[tuple[str, ...]]:
    """Every way to pick ``count`` of ``names`` (in the order of ``names``, picks in
    lexicographic order); with token holders among them, only the picks that include as many
    of them as fit.  Counted before they are made: more than :data:`PICKS_OFFERED_UP_TO`
    raises :class:`TargetingError`."""
    from itertools import combinations
    from math import comb

    held = [n for n in names if n in holders]
    others = [n for n in names if n not in holders]
    need = min(count, len(held))
    total = comb(len(held), need) * comb(len(others), count - need)
    if total > PICKS_OFFERED_UP_TO:
        raise TargetingError(f"{len(names)} Knights are equally viable for {count} "
                             f"place{'s' * (count != 1)}: {total:,} ways to pick them, more "
                             f"than the {PICKS_OFFERED_UP_TO:,} offered one by one")
    place = {name: i for i, name in enumerate(names)}
    picks = [tuple(sorted(h + o, key=place.__getitem__))
             for h in combinations(held, need) for o in combinations(others, count - need)]
    return sorted(picks, key=lambda pick: [place[name] for name in pick])


def _zone_of(words: list[str]) -> int | None:
    for word in words:
        match = re.fullmatch(r"zone\s+([0-9]{1,3})", word.strip().lower())
        if match:
            return int(match.group(1))
    return None


def _apply(state: ClashState, monster: Monster, word: str,
           knights: list[Knight]) -> list[Knight] | None:
    """The Knights of ``knights`` that a yes/no instruction keeps; ``None`` when ``word``
    ranks Knights instead (Closest, Highest X …)."""
    text = " ".join(word.lower().split())
    negate = False
    for prefix in ("not in ", "not on "):
        if text.startswith(prefix):
            negate, text = True, "in " + text[len(prefix):]
    if text.startswith("on "):  # "In/on X" (Typical Targeting Instructions): on Vantage Point
        text = "in " + text[len("on "):]
    for article in ("the ", "a "):  # the rulebook's own "not in the Rear"
        if text.startswith("in " + article):
            text = "in " + text[len("in " + article):]
    test = _filter(state, monster, text)
    if test is not None:
        return [k for k in knights if test(k) != negate]
    if negate:
        raise TargetingError(f"{word!r}: only areas can be negated (Not in Rear, Not on "
                             f"Vantage Point …)")
    return None


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

    match = re.fullmatch(r"in range\s*([0-9]{1,3})", text)
    if match:
        return in_range(int(match.group(1)))
    match = (re.fullmatch(r"with (vigor|heat|passion)\s+([0-9]{1,3})(\+?)", text)
             or re.fullmatch(r"with ([0-9]{1,3})(\+?)\s+(vigor|heat|passion)", text))
    if match:  # With X: "statistic value", e.g. With Heat 3+ (3 or more), With 0 Vigor
        stat, value, more = ((match.group(1), match.group(2), match.group(3))
                             if match.group(1) in STATS else
                             (match.group(3), match.group(1), match.group(2)))
        return lambda k: (getattr(k, stat) >= int(value) if more
                          else getattr(k, stat) == int(value))
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
        "last knight to wound": lambda k: k.name == state.turn.last_wounder,
        "priority target": lambda k: k.name == state.turn.priority,
        "divine target": lambda k: k.name == state.turn.divine,
        "with knockdown": lambda k: k.knockdown != "",
    }
    return tests.get(text)


def _ranker(state: ClashState, monster: Monster, word: str):
    """A ranking instruction as a key for a Knight (smaller is better; ``None``: the Knight
    cannot be measured).  *Typical Targeting Instructions*: Closest and Furthest by distance
    ("via the shortest possible path"; no viable path: not a viable Target); Highest and
    Lowest X a statistic ("'0' is still considered a valid amount"); Most and Least X an
    amount a Knight has ("If there is no Knight that has the specified resource, skip this
    targeting line": a Knight with 0 has none)."""
    text = " ".join(word.lower().split())
    if text in ("closest", "furthest"):
        sign = 1 if text == "closest" else -1

        def by_distance(k: Knight):
            d = geometry.distance(state, monster.name, k.name)
            return None if d is None else sign * d
        return by_distance
    match = re.fullmatch(r"(highest|lowest|most|least)\s+(\w+)", text)
    if match and match.group(2) in STATS:
        way, stat = match.groups()
        sign = -1 if way in ("highest", "most") else 1
        held = way in ("most", "least")

        def by_stat(k: Knight):
            value = getattr(k, stat)
            return None if held and value == 0 else sign * value
        return by_stat
    raise TargetingError(f"{word!r} is not a targeting instruction the program knows "
                         f"(see docs/clash-rules.md)")
