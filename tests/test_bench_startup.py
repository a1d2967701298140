"""The whole-process benchmark starts the program as a user does (tabletop/bench.py)."""

import os
import sys

from tabletop import bench


def test_the_installed_tabletop_command_is_timed(monkeypatch, tmp_path):
    python = tmp_path / "python3"
    script = tmp_path / "tabletop"
    monkeypatch.setattr(sys, "executable", str(python))
    assert bench._installed_command() == [str(python), "-m", "tabletop"]
    script.write_text("#!/bin/sh\n")
    assert bench._installed_command() == [str(script)]


def test_this_install_has_its_command_beside_python():
    command = bench._installed_command()
    assert len(command) == 1 and os.path.basename(command[0]).startswith("tabletop")
