"""The joust being rolled in a layout: the ``[throw]`` table <-> :class:`JoustThrow`.

A saved joust in progress loads back equal; a ``[throw]`` table a stranger wrote is read as
data and then checked by playing it: the steps it describes are taken from the revealed joust's
start (:func:`tabletop.games.joust.throws.steps_to`), and it is refused unless they lead to it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tabletop.errors import IllegalActionError
from tabletop.games.joust import throws
from tabletop.games.joust.state import DieRoll, JoustState, JoustThrow, KnightRoll
from tabletop.games.layoutfile import Table

MAX_FACES = 50
"""The most faces one die may list (first face and rerolls, or Aftershocks) in a layout."""


def read(top: Table) -> tuple[Table, JoustThrow] | None:
    """The ``[throw]`` table of ``top`` as data (checked against the rules by :func:`check`
    once the state is read), or ``None`` when there is none."""
    table = top.sub("throw", required=False)
    if table is None:
        return None
    flags = {key: _pair(table, key) for key in ("aimed", "kept", "converted")}
    rolls = []
    for roll in table.tables("rolls"):
        dice = tuple(_die(t) for t in roll.tables("dice"))
        rolls.append(KnightRoll(roll.req("house", str), dice,
                                roll.get("convert", int, 0, check=_at_least(0))))
        roll.done()
    rerolling = table.str_list("rerolling")
    source = table.get("source", str, "")
    table.done()
    if len(rolls) != 2:
        raise table.error("rolls", f"a joust has one roll for each Household, not {len(rolls)}")
    return table, JoustThrow((rolls[0], rolls[1]), rerolling=rerolling, source=source, **flags)


def check(table: Table, state: JoustState, record: JoustThrow) -> JoustState:
    """``state`` with the joust in progress ``record``, once the steps it describes, taken
    from the revealed joust's start, lead to it; raises
    :class:`~tabletop.errors.LayoutError` otherwise."""
    if not throws.rolling(state):
        raise table.error(None, "describes a joust being rolled, but no joust is revealed and "
                                "unscored")
    order = [h.name for h in state.in_order()]
    if [r.house for r in record.rolls] != order:
        raise table.error("rolls", f"lists the Households' rolls in order, initiative first: "
                                   f"{', '.join(order)}")
    start = replace(state, throw=None, viewer=None)
    now = start
    try:
        for step in throws.steps_to(start, record):
            now, _ = throws.take(now, step)
    except (IllegalActionError, KeyError, ValueError) as exc:
        raise table.error(None, f"does not follow the joust's rules: {exc}") from None
    if throws.record(now) != record or not throws.rolling(now):
        raise table.error(None, "does not follow the joust's steps (Targeting, the throw, "
                                "rerolls, Aftershocks, Mark of the Church, for the Household "
                                "with initiative first)")
    return replace(state, throw=now.throw)


def table_of(record: JoustThrow) -> dict[str, Any]:
    """The ``[throw]`` table of ``record``."""
    return {
        "aimed": list(record.aimed), "kept": list(record.kept),
        "converted": list(record.converted), "rerolling": list(record.rerolling),
        "source": record.source,
        "rolls": [{"house": r.house, "convert": r.convert, "dice": [
            {"slot": d.slot, "faces": list(d.faces), "rerolls": list(d.rerolls),
             "aftershocks": list(d.aftershocks), "preset": d.preset} for d in r.dice]}
            for r in record.rolls],
    }


def _pair(table: Table, key: str) -> tuple[bool, bool]:
    values = table.get(key, list, [False, False])
    if len(values) != 2 or not all(isinstance(v, bool) for v in values):
        raise table.error(key, "must be two true/false values, one for each Household")
    return values[0], values[1]


def _die(table: Table) -> DieRoll:
    faces = _ints(table, "faces", required=True)
    die = DieRoll(table.req("slot", str), faces, table.str_list("rerolls"),
                  _ints(table, "aftershocks"), table.get("preset", bool, False))
    table.done()
    return die


def _ints(table: Table, key: str, required: bool = False) -> tuple[int, ...]:
    values = table.req(key, list) if required else table.get(key, list, [])
    if not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6 for v in values):
        raise table.error(key, "must list die faces, whole numbers from 1 to 6")
    if len(values) > MAX_FACES or (required and not values):
        raise table.error(key, f"must list 1 to {MAX_FACES} faces")
    return tuple(values)


def _at_least(low: int):
    def rule(value: int) -> str | None:
        return None if value >= low else f"must be {low} or more"
    return rule

