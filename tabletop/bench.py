"""``tabletop bench``: measured speed budgets, printed as JSON.

- ``tabletop bench --geometry``: ``visible P`` on a 30 x 30 board with 100 obscuring tiles
  (seeded, so every run asks the same questions); budget 5 ms per question (issue 2).
- ``tabletop bench LAYOUT``: frame time of the window on a layout (``tabletop.ui.bench``).
- ``tabletop bench --dice``: the dice physics (``tabletop.dice.bench``).

Each benchmark lives beside the code it measures and is imported only when asked for.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from statistics import median
from typing import Any

from tabletop.errors import UsageError

GEOMETRY_BUDGET_MS = 5.0


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def geometry_board(seed: int = 2, tiles: int = 100, knights: int = 40, side: int = 30):
    """A ``side`` x ``side`` Clash state with ``tiles`` obscuring tiles (1 x 1, 2 x 1 or 1 x 2,
    never overlapping) and ``knights`` Knights on free spaces, the same for the same ``seed``."""
    from tabletop.games.clash.state import ClashState, Knight, Terrain
    from tabletop.spatial.grid import Board, Space, rectangle

    rng = random.Random(seed)
    board = Board(side, side)
    taken: set[Space] = set()
    terrain = []
    while len(terrain) < tiles:
        width, height = rng.choice(((1, 1), (1, 1), (2, 1), (1, 2)))
        at = Space(rng.randrange(side - height + 1), rng.randrange(side - width + 1))
        spaces = rectangle(at, width, height)
        if taken.intersection(spaces):
            continue
        taken.update(spaces)
        terrain.append(Terrain(f"Pillar {len(terrain) + 1}", spaces,
                               ("obstacle", "obscuring", "destructible")))
    free = [s for s in board.spaces() if s not in taken]
    places = rng.sample(free, knights)
    return ClashState(board=board, knights=tuple(Knight(f"Knight {i + 1}", at)
                                                 for i, at in enumerate(places)),
                      terrain=tuple(terrain), title="geometry benchmark")


def _summary(times: list[float]) -> dict[str, float]:
    return {"first": round(times[0], 3), "median": round(median(times), 3),
            "p95": round(_percentile(times, 0.95), 3), "max": round(max(times), 3)}


def geometry_bench(rounds: int = 3) -> dict[str, Any]:
    """Times ``visible K`` for every Knight of :func:`geometry_board`, ``rounds`` times over.

    Returns per-question milliseconds of CPU time (``time.process_time``: what the question
    costs, whatever else the machine is running) and of wall-clock time, each as the first
    question (which also fills the board-size segment table), median, p95 and max, and
    whether the CPU p95 meets the 5 ms budget.
    """
    from tabletop.games.clash import GAME
    from tabletop.games.query import ask

    state = geometry_board()
    cpu: list[float] = []
    wall: list[float] = []
    sizes = []
    for _ in range(rounds):
        for knight in state.knights:
            start_cpu, start_wall = time.process_time(), time.perf_counter()
            answer = ask(GAME, state, f"visible '{knight.name}'")
            cpu.append((time.process_time() - start_cpu) * 1000)
            wall.append((time.perf_counter() - start_wall) * 1000)
            sizes.append(len(answer["answer"]))
    return {
        "benchmark": "geometry",
        "question": "visible P",
        "board": "30 x 30, 100 obscuring tiles (seed 2)",
        "questions": len(cpu),
        "visible_spaces_mean": round(sum(sizes) / len(sizes), 1),
        "cpu_ms": _summary(cpu),
        "wall_ms": _summary(wall),
        "budget_ms": GEOMETRY_BUDGET_MS,
        "within_budget": _percentile(cpu, 0.95) <= GEOMETRY_BUDGET_MS,
    }


def bench_command(args: argparse.Namespace) -> int:
    """Run the benchmarks asked for by ``--geometry``, ``--dice`` and/or a layout file and
    print one JSON object per benchmark; :class:`UsageError` if none is asked for."""
    if not (args.geometry or args.dice or args.file):
        raise UsageError("say what to measure: tabletop bench --geometry, tabletop bench "
                         "--dice, or tabletop bench LAYOUT (frame time)")
    results = []
    if args.geometry:
        results.append(geometry_bench())
    # --- the frame benchmark (owned by the UI: tabletop.ui.bench.frame_bench) -------------
    if args.file:
        from tabletop.ui.bench import frame_bench

        results.append(frame_bench(args.file))
    # --- the dice benchmark (owned by the dice: tabletop.dice.bench.physics_bench) --------
    if args.dice:
        from tabletop.dice.bench import physics_bench

        results.append(physics_bench())
    for result in results:
        print(json.dumps(result, ensure_ascii=False), flush=True)
    return 0
