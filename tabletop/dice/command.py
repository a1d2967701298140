"""``tabletop roll SPEC [--seed N]``: roll dice without a window and print the result as JSON.

The same seed prints the same result; without ``--seed`` a fresh seed is chosen and printed,
so any roll can be repeated.  King's Champion Fealty dice roll their Aftershocks; Kingdoms
Forlorn Power/Armor d6 beyond the box's dice are substituted by the dice limits rule.  Dice
numbers in the output count from 1.
"""

from __future__ import annotations

import argparse
import json

from tabletop.dice import joust_rolls
from tabletop.dice.kingdoms_forlorn import POWER_KINDS, TIERS, PowerPool, d100, power_pool
from tabletop.dice.roll import Roll, roll_dice
from tabletop.dice.spec import Group, parse_spec
from tabletop.dice.summary import sub_roll, summarise
from tabletop.errors import UsageError
from tabletop.numbers import NumberError, read_int

MAX_SEED = 2**63 - 1


def _group_summary(group: Group, roll: Roll, indices: list[int]) -> dict:
    """The words and dice of a group, with the d10 readings of a Kingdoms Forlorn d10 group."""
    out: dict = {"words": group.words, "dice": [i + 1 for i in indices]}
    if group.role == "d100":
        out["d100"] = d100(sub_roll(roll, indices))
    elif roll.kinds[indices[0]].startswith("kf-d10"):
        naturals = [roll.face(i).value for i in indices]
        out["natural_10s"] = naturals.count(10)
        out["natural_1s"] = naturals.count(1)
        if group.role == "crit":
            crit = roll.face(indices[0]).value
            out["crit_die"] = indices[0] + 1
            out["crit_chance"] = crit == 10
            out["crit_miss"] = crit == 1
    return out


def fit_power_dice(groups: tuple[Group, ...]
                   ) -> tuple[tuple[Group, ...], dict[str, int], PowerPool | None]:
    """The groups with their Kingdoms Forlorn Power/Armor d6 fitted into the box, the d6
    requested per tier, and the pool rolled.

    Dice, p. 14: the d6 "are limited by the number of dice provided in the game box"; Power
    Dice Tiers and Limits (p. 59) says what to roll instead (two dice of a full tier become one
    of the tier above; past the top tier, +1 Power and 1 Potential per die): see
    :func:`~tabletop.dice.kingdoms_forlorn.power_pool`.  All the d6 of a spec are one pool.
    When nothing has to change, the groups are returned as written; otherwise the d6 groups
    become one group, where the first of them stood.  The pool is ``None`` when the spec has
    no d6.
    """
    tier_of = {kind: tier for tier, kind in POWER_KINDS.items()}
    power = [i for i, g in enumerate(groups) if all(k in tier_of for k in g.kinds)]
    if not power:
        return groups, {}, None
    requested = dict.fromkeys(TIERS, 0)
    for index in power:
        for kind in groups[index].kinds:
            requested[tier_of[kind]] += 1
    pool = power_pool(requested)
    if not pool.why:
        return groups, requested, pool
    merged = Group(" ".join(groups[i].words for i in power), tuple(pool.kinds()), "power-pool")
    rest = [g for i, g in enumerate(groups) if i not in power]
    return tuple(rest[:power[0]] + [merged] + rest[power[0]:]), requested, pool


def roll_report(spec: str, seed: int | None = None) -> dict:
    """The JSON-ready result of rolling ``spec`` with ``seed``: a pure function of both.

    Kingdoms Forlorn Power/Armor d6 are first fitted into the box (:func:`fit_power_dice`;
    ``power_pool`` says what was asked, what is rolled and why, and ``power_roll`` counts the
    raw Power and Potential gained in place of dice).
    Holds the seed, every die (kind, colour, face, value), a summary per group of the spec,
    the King's Champion joust score when there are King's Champion dice, a note when any die's
    faces are placeholders, and the replayable record.
    """
    groups, requested, pool = fit_power_dice(parse_spec(spec))
    kinds = [kind for group in groups for kind in group.kinds]
    roll = roll_dice(kinds, seed=seed)
    spans, start = [], 0
    for group in groups:
        spans.append(list(range(start, start + len(group.kinds))))
        start += len(group.kinds)
    if any(kind.startswith("kc-") for kind in kinds):
        roll = joust_rolls.resolve_aftershocks(roll)
    aftershocks = set(range(start, len(roll)))
    report: dict = {"spec": spec, "seed": roll.seed, "dice": []}
    for index in range(len(roll)):
        kind, face = roll.kind(index), roll.face(index)
        die = {"die": index + 1, "kind": kind.name, "colour": kind.colour,
               "face": face.label, "value": face.value}
        if index in aftershocks:
            die["aftershock"] = True
        report["dice"].append(die)
    report["groups"] = [_group_summary(group, roll, span) for group, span in zip(
        groups, spans, strict=True)]
    pools = summarise(roll)
    pools.pop("d10", None)  # the groups above read the d10 (Crit die, d100) group by group
    if pool is not None:
        report["power_pool"] = {"requested": requested,
                                "rolled": dict(pool.dice), "raw_power": pool.raw_power,
                                "potential": pool.potential, "why": list(pool.why)}
        pools["power_roll"]["power"] += pool.raw_power
        pools["power_roll"]["armor"] += pool.raw_power
        pools["power_roll"]["potential"] += pool.potential
    report.update(pools)
    placeholders = sorted({roll.kinds[i] for i in range(len(roll)) if roll.kind(i).placeholder})
    if placeholders:
        report["placeholder"] = (f"the faces of {', '.join(placeholders)} are placeholders, not "
                                 "checked against the physical dice (see dice-faces.toml)")
    report["record"] = roll.record()
    return report


def roll_command(args: argparse.Namespace) -> int:
    """Run ``tabletop roll``: print :func:`roll_report` as one JSON line; returns 0."""
    try:
        seed = None if args.seed is None else read_int(args.seed, 0, MAX_SEED, "--seed")
    except NumberError as exc:
        raise UsageError(str(exc)) from None
    report = roll_report(args.spec, seed)
    try:
        print(json.dumps(report, ensure_ascii=False), flush=True)
    except UnicodeEncodeError:  # a console that cannot show a character of the spec
        print(json.dumps(report), flush=True)
    return 0
