"""``tabletop bench``: measured speed figures, printed as JSON lines (one per figure).

- ``tabletop bench --geometry``: ``visible P`` on a 30 x 30 board with 100 obscuring tiles and
  on a 100 x 100 board with 400 (seeded, so every run asks the same questions): the first
  question in a fresh process (cold, measured in a new interpreter each run) and the later
  questions (warm, a different Knight each); and the Clash distance the window's caption
  searches for, from a Knight to every space of the 30 x 30 bench board.
- ``tabletop bench --startup``: whole processes, as a user meets them: ``tabletop
  screenshot`` of every shipped layout, ``tabletop query bench-30x30 "range A1 A2"`` and the
  window from start to its first frame (``tabletop play --frames 1``), each started as the
  user starts it, by the ``tabletop`` command installed beside the running Python
  (``python -m tabletop`` where there is none, which adds :mod:`runpy`'s few milliseconds).
- ``tabletop bench LAYOUT``: frame time of the window on a layout (``tabletop.ui.bench``).
- ``tabletop bench --dice``: the dice physics (``tabletop.dice.bench``).
- ``tabletop bench --idle``: processor time of the window left alone on a board, a hand-over
  screen and a prompt (``tabletop.ui.bench.idle_bench``).

Each figure names its goal and whether it is met.  Times in the process are CPU time
(``time.process_time``: what the work costs, whatever else the machine runs) with the
wall-clock time beside it; whole processes are wall-clock time from start to exit.  Each
benchmark lives beside the code it measures and is imported only when asked for.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median
from typing import Any

from tabletop import resources
from tabletop.errors import UsageError

try:
    import resource
except ImportError:  # Windows: no CPU time per child process; wall-clock time stands in
    resource = None

GOALS_MS = {
    "visible_first_30": 10.0,
    "visible_later_30": 1.0,
    "visible_first_100": 50.0,
    "distance_30": 1.0,
    "screenshot": 350.0,
    "query": 120.0,
    "first_frame": 300.0,
}
"""The goals, in milliseconds, each figure is held to."""

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


def _figure(name: str, goal: str, values: list[float], **extra: Any) -> dict[str, Any]:
    """One JSON figure: the median of ``values`` (CPU ms) against ``GOALS_MS[goal]``."""
    middle = median(values)
    return {"benchmark": name, "cpu_ms": round(middle, 3),
            "p95": round(_percentile(values, 0.95), 3), "max": round(max(values), 3),
            "runs": len(values), **extra, "goal_ms": GOALS_MS[goal],
            "within_goal": middle <= GOALS_MS[goal]}


def first_question(side: int, tiles: int) -> dict[str, float]:
    """The first ``visible P`` asked in this process on :func:`geometry_board` of ``side``
    with ``tiles``: ``{"cpu_ms": ..., "wall_ms": ...}`` (run by :func:`geometry_bench` in a
    fresh interpreter, so that nothing is built or imported beforehand except the game)."""
    from tabletop.games.clash import GAME
    from tabletop.games.query import ask

    state = geometry_board(tiles=tiles, side=side)
    question = f"visible '{state.knights[0].name}'"
    start_cpu, start_wall = time.process_time(), time.perf_counter()
    ask(GAME, state, question)
    return {"cpu_ms": (time.process_time() - start_cpu) * 1000,
            "wall_ms": (time.perf_counter() - start_wall) * 1000}


def _cold(side: int, tiles: int, runs: int) -> tuple[list[float], list[float]]:
    """:func:`first_question` in ``runs`` fresh interpreters: (CPU ms, wall ms) lists."""
    code = (f"import json; from tabletop.bench import first_question; "
            f"print(json.dumps(first_question({side}, {tiles})))")
    cpu, wall = [], []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              check=True)
        found = json.loads(done.stdout)
        cpu.append(found["cpu_ms"])
        wall.append(found["wall_ms"])
    return cpu, wall


def _later(side: int, tiles: int, knights: int) -> tuple[list[float], list[float], float]:
    """After one first question, ``visible K`` once for each other Knight: (CPU ms, wall ms,
    mean number of visible spaces)."""
    from tabletop.games.clash import GAME
    from tabletop.games.query import ask

    state = geometry_board(tiles=tiles, side=side, knights=knights)
    ask(GAME, state, f"visible '{state.knights[0].name}'")
    cpu, wall, sizes = [], [], []
    for knight in state.knights[1:]:
        start_cpu, start_wall = time.process_time(), time.perf_counter()
        answer = ask(GAME, state, f"visible '{knight.name}'")
        cpu.append((time.process_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start_wall) * 1000)
        sizes.append(len(answer["answer"]))
    return cpu, wall, sum(sizes) / len(sizes)


def distance_times() -> list[float]:
    """CPU ms of the Clash distance from the first Knight of the 30 x 30 bench board (the
    shipped ``bench-30x30.toml``) to every space, one search each, as the window's caption
    asks it while the mouse sweeps the board."""
    from tabletop.games.clash import geometry

    state = geometry_board(knights=6)
    source = state.knights[0].name
    times = []
    for space in state.board.spaces():
        start = time.process_time()
        geometry.distance(state, source, str(space))
        times.append((time.process_time() - start) * 1000)
    return times


def geometry_bench(runs: int = 5) -> list[dict[str, Any]]:
    """The geometry figures (see the module docstring); cold figures from ``runs`` fresh
    interpreters."""
    out = []
    for side, tiles, first_goal, later_goal in ((30, 100, "visible_first_30",
                                                 "visible_later_30"),
                                                (100, 400, "visible_first_100", None)):
        board = f"{side} x {side}, {tiles} obscuring tiles (seed 2)"
        cpu, wall = _cold(side, tiles, runs)
        out.append(_figure("visible P, first question in a fresh process", first_goal, cpu,
                           board=board, wall_ms=round(median(wall), 3)))
        cpu, wall, seen = _later(side, tiles, 40 if side == 30 else 11)
        figure = _figure("visible P, later questions (a new Knight each)",
                         later_goal or first_goal, cpu, board=board,
                         wall_ms=round(median(wall), 3), visible_spaces_mean=round(seen, 1))
        if later_goal is None:  # no goal of its own: reported for scale
            del figure["goal_ms"], figure["within_goal"]
        out.append(figure)
    out.append(_figure("Clash distance, Knight to every space (the caption's search)",
                       "distance_30", distance_times(),
                       board="30 x 30 bench (layouts/bench-30x30.toml)"))
    return out


def _processes(argv: list[str], runs: int, env: dict[str, str]) -> tuple[list[float], list[float]]:
    """Wall-clock ms and CPU ms (user + system) of the process ``argv`` from start to exit,
    ``runs`` times after one run not counted (which writes the bytecode cache, as installing
    the package does)."""
    wall, cpu = [], []
    for run in range(runs + 1):
        before = resource.getrusage(resource.RUSAGE_CHILDREN) if resource else None
        start = time.perf_counter()
        subprocess.run(argv, capture_output=True, check=True, env=env)
        spent = (time.perf_counter() - start) * 1000
        if not run:
            continue
        wall.append(spent)
        if before is None:
            cpu.append(spent)
        else:
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
                       * 1000)
    return wall, cpu


def _installed_command() -> list[str]:
    """The command that starts the program as a user does: the ``tabletop`` script that
    installing the program puts beside the running Python, or ``python -m tabletop`` when
    there is none there."""
    folder = os.path.dirname(sys.executable)
    for name in ("tabletop", "tabletop.exe"):
        script = os.path.join(folder, name)
        if os.path.isfile(script):
            return [script]
    return [sys.executable, "-m", "tabletop"]


def startup_bench(runs: int = 3) -> list[dict[str, Any]]:
    """Whole-process figures (see the module docstring), each a median: a picture of every
    shipped layout ``runs`` times, then the slowest of them ``3 * runs`` times more, again
    and again until the slowest is one timed so (the slowest of 43 medians of three is mostly
    the unluckiest); the question ``5 * runs`` times and the window ``3 * runs`` times.

    The goal is held against CPU time (what the process costs, whatever else the machine
    runs: on a busy machine its wall-clock time is mostly waiting), the wall-clock time is
    given beside it.  Bytecode caching is on for these processes even where the environment
    turns it off (``PYTHONDONTWRITEBYTECODE``), as it is for an installed program.
    """
    out = []
    tabletop = _installed_command()
    with tempfile.TemporaryDirectory() as folder:
        env = {key: value for key, value in os.environ.items()
               if key != "PYTHONDONTWRITEBYTECODE"}
        env.update(SDL_VIDEODRIVER="dummy", TABLETOP_RECOVERY_DIR=folder)

        def picture(name: str, times: int) -> tuple[list[float], list[float]]:
            return _processes([*tabletop, "screenshot", name, "-o",
                               str(Path(folder) / "shot.png")], times, env)

        timed = {layout.name: picture(layout.name, runs)
                 for layout in resources.shipped("layouts")}
        again: set[str] = set()
        while (slowest := max(timed, key=lambda name: median(timed[name][1]))) not in again:
            wall, cpu = picture(slowest, 3 * runs)
            timed[slowest] = (timed[slowest][0] + wall, timed[slowest][1] + cpu)
            again.add(slowest)
        wall, cpu = timed[slowest]
        figure = _figure("tabletop screenshot, whole process, slowest shipped layout",
                         "screenshot", cpu, layout=slowest, wall_ms=round(median(wall), 1),
                         per_layout_cpu_ms={name: round(median(cpu), 1)
                                            for name, (_wall, cpu) in timed.items()})
        out.append(figure)
        wall, cpu = _processes([*tabletop, "query", "bench-30x30", "range A1 A2"],
                               5 * runs, env)
        out.append(_figure('tabletop query FILE "range A1 A2", whole process', "query", cpu,
                           wall_ms=round(median(wall), 1), layout="bench-30x30"))
        wall, cpu = _processes([*tabletop, "play", "--frames", "1"], 3 * runs, env)
        out.append(_figure("window, start to first frame, whole process", "first_frame", cpu,
                           wall_ms=round(median(wall), 1), layout=resources.DEFAULT_LAYOUT))
    return out


def bench_command(args: argparse.Namespace) -> int:
    """Run the benchmarks asked for by ``--geometry``, ``--startup``, ``--dice``, ``--idle``
    and/or a layout file and print one JSON object per figure; :class:`UsageError` if none is
    asked for."""
    def show(results: list[dict[str, Any]]) -> None:
        for result in results:
            print(json.dumps(result, ensure_ascii=False), flush=True)

    if not (args.geometry or args.startup or args.dice or args.idle or args.file):
        raise UsageError("say what to measure: tabletop bench --geometry, tabletop bench "
                         "--startup, tabletop bench --dice, tabletop bench --idle, or "
                         "tabletop bench LAYOUT (frame time)")
    if args.geometry:
        show(geometry_bench())
    if args.startup:
        show(startup_bench())
    # --- the frame benchmark (owned by the UI: tabletop.ui.bench.frame_bench) -------------
    if args.file:
        from tabletop.ui.bench import frame_bench

        show([frame_bench(args.file)])
    # --- the dice benchmark (owned by the dice: tabletop.dice.bench.physics_bench) --------
    if args.dice:
        from tabletop.dice.bench import physics_bench

        show([physics_bench()])
    if args.idle:
        from tabletop.ui.bench import idle_bench

        show(idle_bench())
    return 0
