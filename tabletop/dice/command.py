"""``tabletop roll SPEC [--seed N]``: roll dice without a window and print the result as JSON.

The same seed prints the same result; without ``--seed`` a fresh seed is chosen and printed,
so any roll can be repeated.  King's Champion Fealty dice roll their Aftershocks.  Dice
numbers in the output count from 1.
"""

from __future__ import annotations

import argparse
import json

from tabletop.dice import joust_rolls
from tabletop.dice.kingdoms_forlorn import d100
from tabletop.dice.roll import Roll, roll_dice
from tabletop.dice.spec import Group, parse_spec
from tabletop.dice.summary import sub_roll, summarise
from tabletop.errors import UsageError


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


def roll_report(spec: str, seed: int | None = None) -> dict:
    """The JSON-ready result of rolling ``spec`` with ``seed``: a pure function of both.

    Holds the seed, every die (kind, colour, face, value), a summary per group of the spec,
    the King's Champion joust score when there are King's Champion dice, a note when any die's
    faces are placeholders, and the replayable record.
    """
    groups = parse_spec(spec)
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
    report.update(pools)
    placeholders = sorted({roll.kinds[i] for i in range(len(roll)) if roll.kind(i).placeholder})
    if placeholders:
        report["placeholder"] = (f"the faces of {', '.join(placeholders)} are placeholders, not "
                                 "checked against the physical dice (see dice-faces.toml)")
    report["record"] = roll.record()
    return report


def roll_command(args: argparse.Namespace) -> int:
    """Run ``tabletop roll``: print :func:`roll_report` as one JSON line; returns 0."""
    seed = args.seed
    if seed is not None and seed < 0:
        raise UsageError(f"--seed {seed}: a seed is a whole number 0 or more")
    report = roll_report(args.spec, seed)
    try:
        print(json.dumps(report, ensure_ascii=False), flush=True)
    except UnicodeEncodeError:  # a console that cannot show a character of the spec
        print(json.dumps(report), flush=True)
    return 0
