"""``tabletop roll SPEC [--seed N]``: roll dice without a window and print the result as JSON.

The same seed prints the same result; without ``--seed`` a fresh seed is chosen and printed,
so any roll can be repeated.  King's Champion Fealty dice roll their Aftershocks.  Dice
numbers in the output count from 1.
"""

from __future__ import annotations

import argparse
import json

from tabletop.dice import fateforge_rolls, joust_rolls
from tabletop.dice.kingdoms_forlorn import d100, power_roll
from tabletop.dice.roll import Roll, roll_dice
from tabletop.dice.spec import Group, parse_spec
from tabletop.errors import UsageError


def _sub_roll(roll: Roll, indices: list[int]) -> Roll:
    """The dice at ``indices`` of ``roll`` as a roll of their own (same faces and history)."""
    return Roll(roll.seed, tuple(roll.kinds[i] for i in indices),
                tuple(roll.faces[i] for i in indices), tuple(roll.history[i] for i in indices),
                (), len(indices))


def _group_summary(group: Group, roll: Roll, indices: list[int]) -> dict:
    """The words and dice of a group, with the d10 readings of a Kingdoms Forlorn d10 group."""
    out: dict = {"words": group.words, "dice": [i + 1 for i in indices]}
    if group.role == "d100":
        out["d100"] = d100(_sub_roll(roll, indices))
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


def _game_summaries(roll: Roll, aftershocks: list[int]) -> dict:
    """One summary per game whose dice form one pool: Power d6, joust dice, Fateforge dice."""
    out: dict = {}
    power = [i for i in range(len(roll)) if roll.kinds[i].startswith("kf-power")]
    if power:
        count = power_roll(_sub_roll(roll, power))
        out["power_roll"] = {"dice": [i + 1 for i in power], "power": count.power,
                             "potential": count.potential, "hope": count.hope,
                             "armor": count.power}
    joust = [i for i in range(len(roll)) if roll.kinds[i].startswith("kc-")]
    if joust:
        score = joust_rolls.joust_score(_sub_roll(roll, joust))
        out["joust"] = {"dice": [i + 1 for i in joust], "hits": score.hits,
                        "criticals": score.criticals, "aftershocks": score.aftershocks,
                        "aftershock_dice": [i + 1 for i in aftershocks],
                        "reputation": score.reputation, "pips": score.pips}
    heroes = [i for i in range(len(roll)) if roll.kinds[i].startswith("ff-")]
    if heroes:
        prep = fateforge_rolls.Preparation(_sub_roll(roll, heroes))
        triple = fateforge_rolls.three_of_a_kind(prep)
        out["fateforge"] = {"dice": [i + 1 for i in heroes], "results": list(prep.results()),
                            "misses": len(prep.misses()),
                            "three_of_a_kind": [heroes[i] + 1 for i in triple]}
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
    report.update(_game_summaries(roll, sorted(aftershocks)))
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
    print(json.dumps(roll_report(args.spec, seed), ensure_ascii=False), flush=True)
    return 0
