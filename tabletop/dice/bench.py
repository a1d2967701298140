"""``tabletop bench --dice``: the cost of the dice physics per frame.

Budget (README *Speed*): the physics step for 20 dice costs at most 1 ms per frame.  A frame is one
``space.step(DT)`` plus the tray's per-die bookkeeping (table friction, rest test), exactly
what :func:`tabletop.dice.tray.throw` does each frame.  Timed over whole throws (every frame
from the throw to rest and beyond), several seeds.
"""

from __future__ import annotations

import time
from statistics import mean, median
from typing import Any

from tabletop.dice.tray import DT, FRAMES, at_rest, build_world, slow, throw

BUDGET_MS = 1.0


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def physics_bench(dice: int = 20, throws: int = 10) -> dict[str, Any]:
    """Times each physics frame of ``throws`` seeded throws of ``dice`` d6.

    Returns milliseconds per frame (mean, median, p95, max), the frames timed, whether the
    p95 meets the 1 ms budget, and the median time to compute a whole throw's animation
    (:func:`~tabletop.dice.tray.throw`, done once when the dice are thrown).
    """
    times: list[float] = []
    for seed in range(throws):
        space, bodies, _ = build_world([6] * dice, seed, 0, moving=range(dice))
        for _ in range(FRAMES):
            start = time.perf_counter()
            space.step(DT)
            for body in bodies:
                slow(body)
                at_rest(body)
            times.append((time.perf_counter() - start) * 1000)
    whole = []
    for seed in range(throws):
        start = time.perf_counter()
        throw([6] * dice, [0] * dice, seed)
        whole.append((time.perf_counter() - start) * 1000)
    return {
        "benchmark": "dice",
        "dice": dice,
        "throws": throws,
        "frames": len(times),
        "dt": round(DT, 6),
        "ms_mean": round(mean(times), 4),
        "ms_median": round(median(times), 4),
        "ms_p95": round(_percentile(times, 0.95), 4),
        "ms_max": round(max(times), 4),
        "budget_ms": BUDGET_MS,
        "within_budget": _percentile(times, 0.95) <= BUDGET_MS,
        "ms_whole_throw_median": round(median(whole), 2),
    }
