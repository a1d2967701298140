"""``tabletop bench LAYOUT`` runs the frame benchmark headless and reports frame times (the
figures are not asserted here: a test machine's speed varies)."""

import json

from tabletop.cli import main
from tabletop.ui.bench import frame_bench

BOARD = """
game = "clash"
[board]
rows = 6
cols = 6
[[knights]]
name = "Kara"
at = "B2"
[[terrain]]
name = "Stone"
spaces = ["C4", "D4"]
keywords = ["obstacle", "obscuring"]
"""


def test_frame_bench_sweeps_every_space(tmp_path):
    path = tmp_path / "bench.toml"
    path.write_text(BOARD, encoding="utf-8")
    result = frame_bench(str(path))
    assert result["frames"] == 36
    assert result["board"] == "6 x 6" and result["terrain_tiles"] == 1
    assert 0 < result["ms_p50"] <= result["ms_p95"] <= result["ms_max"]
    assert 0 <= result["cpu_ms_p50"] <= result["cpu_ms_p95"]
    assert result["goal_ms"] == 8.0 and isinstance(result["within_goal"], bool)


def test_frame_bench_reports_zoomed_and_menu_cases_on_their_own(tmp_path):
    path = tmp_path / "bench.toml"
    path.write_text(BOARD, encoding="utf-8")
    cases = frame_bench(str(path))["cases"]
    assert set(cases) == {"zoomed_in", "zoomed_out", "menu_open"}
    assert 0 < cases["zoomed_in"]["frames"] < 36 and cases["zoomed_out"]["frames"] == 12
    for case in cases.values():
        assert 0 < case["ms_p50"] <= case["ms_p95"] <= case["ms_max"]
        assert 0 <= case["cpu_ms_p50"] <= case["cpu_ms_p95"]


def test_bench_command_prints_json(tmp_path, capsys):
    path = tmp_path / "bench.toml"
    path.write_text(BOARD, encoding="utf-8")
    assert main(["bench", str(path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["benchmark"] == "frame" and "ms_p95" in printed
