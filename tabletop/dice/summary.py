"""A roll read the way each game reads it, as plain data and as lines of words.

Used by ``tabletop roll`` (JSON) and the dice tray (the results list).  Each game's dice in a
roll form one pool: Kingdoms Forlorn d10 (with the white Crit die when there is exactly one),
Kingdoms Forlorn Power/Armor d6, King's Champion joust dice (scored by the joust module), and
Fateforge combat and weapon dice.  Dice numbers count from 1.
"""

from __future__ import annotations

from tabletop.dice import fateforge_rolls, joust_rolls
from tabletop.dice.kingdoms_forlorn import power_roll
from tabletop.dice.roll import Roll
from tabletop.wording import counted


def sub_roll(roll: Roll, indices: list[int]) -> Roll:
    """The dice at ``indices`` of ``roll`` as a roll of their own (same faces and history)."""
    return Roll(roll.seed, tuple(roll.kinds[i] for i in indices),
                tuple(roll.faces[i] for i in indices), tuple(roll.history[i] for i in indices),
                (), len(indices))


def _of(roll: Roll, prefix: str) -> list[int]:
    return [i for i in range(len(roll)) if roll.kinds[i].startswith(prefix)]


def summarise(roll: Roll, change: tuple[int, str] | None = None) -> dict:
    """One entry per game pool present in ``roll``.

    ``d10``: naturals, count of natural 10s and 1s, and (exactly one white d10) the Crit die
    with ``crit_chance`` (ends on a natural 10) and ``crit_misses`` (natural 1s it showed);
    ``power_roll``: Power, Potential, Hope and Armor (Power symbols only); ``joust``: the joust
    module's score and the Aftershock dice; ``fateforge``: results, misses and a
    Three-of-a-Kind if any, with ``change`` (a Three-of-a-Kind change ``(die, result)``, die
    counted from 0 in ``roll``) applied.
    """
    out: dict = {}
    d10 = _of(roll, "kf-d10")
    if d10:
        naturals = [roll.face(i).value for i in d10]
        entry: dict = {"dice": [i + 1 for i in d10], "naturals": naturals,
                       "natural_10s": naturals.count(10), "natural_1s": naturals.count(1)}
        whites = [i for i in d10 if roll.kinds[i] == "kf-d10-white"]
        if len(whites) == 1:
            crit = whites[0]
            entry["crit_die"] = crit + 1
            entry["crit_chance"] = roll.face(crit).value == 10
            entry["crit_misses"] = sum(face.value == 1 for face in roll.shown(crit))
        out["d10"] = entry
    power = _of(roll, "kf-power")
    if power:
        count = power_roll(sub_roll(roll, power))
        out["power_roll"] = {"dice": [i + 1 for i in power], "power": count.power,
                             "potential": count.potential, "hope": count.hope,
                             "armor": count.power}
    joust = _of(roll, "kc-")
    if joust:
        score = joust_rolls.joust_score(sub_roll(roll, joust))
        out["joust"] = {"dice": [i + 1 for i in joust], "hits": score.hits,
                        "criticals": score.criticals, "aftershocks": score.aftershocks,
                        "aftershock_dice": [i + 1 for i in joust_rolls.aftershock_dice(roll)],
                        "reputation": score.reputation, "pips": score.pips}
    heroes = _of(roll, "ff-")
    if heroes:
        changed = ((heroes.index(change[0]), change[1]) if change and change[0] in heroes
                   else None)
        prep = fateforge_rolls.Preparation(sub_roll(roll, heroes), changed)
        triple = fateforge_rolls.three_of_a_kind(prep)
        out["fateforge"] = {"dice": [i + 1 for i in heroes], "results": list(prep.results()),
                            "misses": len(prep.misses()),
                            "three_of_a_kind": [heroes[i] + 1 for i in triple]}
        if changed:
            out["fateforge"]["changed"] = {"die": change[0] + 1, "to": change[1]}
    return out


def describe(summary: dict) -> list[tuple[str, list[str]]]:
    """``(heading, lines)`` per game pool of a :func:`summarise` result, in words."""
    out: list[tuple[str, list[str]]] = []
    if "d10" in summary:
        entry = summary["d10"]
        lines = ["naturals " + " ".join(str(n) for n in entry["naturals"]),
                 f"{counted(entry['natural_10s'], 'natural 10')} (always succeed), "
                 f"{counted(entry['natural_1s'], 'natural 1')} (always fail)"]
        if "crit_die" in entry:
            crits = (["natural 10, Crit Chance"] if entry["crit_chance"] else []) + (
                [f"Crit Miss x{entry['crit_misses']} (resolved even if re-rolled)"]
                if entry["crit_misses"] else [])
            lines.append(f"Crit die (die {entry['crit_die']}): "
                         + ("; ".join(crits) if crits else "no crit"))
        out.append(("Kingdoms Forlorn d10", lines))
    if "power_roll" in summary:
        entry = summary["power_roll"]
        out.append(("Kingdoms Forlorn Power/Armor d6", [
            f"Power {entry['power']}, Potential {entry['potential']}, Hope {entry['hope']}",
            f"as an Armor Roll: {entry['armor']} Vigor saved (Power only)"]))
    if "joust" in summary:
        entry = summary["joust"]
        lines = [f"{counted(entry['hits'], 'hit')} ({counted(entry['criticals'], 'Critical')}, "
                 f"{counted(entry['aftershocks'], 'Aftershock')})",
                 f"{entry['reputation']} Reputation, {entry['pips']} pips"]
        if entry["aftershock_dice"]:
            lines.append("Aftershock dice " + ", ".join(map(str, entry["aftershock_dice"])))
        out.append(("King's Champion joust", lines))
    if "fateforge" in summary:
        entry = summary["fateforge"]
        misses = entry["misses"]
        lines = [" · ".join(entry["results"]), "1 miss" if misses == 1 else f"{misses} misses"]
        if entry["three_of_a_kind"]:
            lines.append("Three-of-a-Kind: dice " + ", ".join(map(str, entry["three_of_a_kind"])))
        if "changed" in entry:
            lines.append(f"Three-of-a-Kind changed die {entry['changed']['die']} to "
                         f"{entry['changed']['to']}")
        out.append(("Fateforge", lines))
    return out
