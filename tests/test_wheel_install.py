"""The wheel carries every shipped board: build it from a copy of the checkout, install it into a
fresh virtual environment outside the checkout, and run the installed ``tabletop`` from another
folder (every shipped layout checked by name, every shipped lesson checked, a screenshot, a
query, the window for a few frames on SDL's dummy driver).

To stay fast and work offline, the wheel is built with the build backend already installed
(``pip wheel --no-build-isolation``; the ``test`` extra brings setuptools), and the fresh
environment reuses the dependencies installed here (pygame-ce, pymunk, Pillow, tomli-w)
through a ``.pth`` line instead of downloading them again; the program itself comes only
from the wheel.
"""

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import tabletop

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("pyproject.toml", "setup.py", "README.md", "tabletop", "layouts", "lessons",
           "assets")
NAMES = sorted(path.stem for path in (ROOT / "layouts").glob("*.toml"))


def _run(argv, **kwargs):
    """Run ``argv``; a failure shows its output in the test report."""
    done = subprocess.run(argv, capture_output=True, text=True, timeout=300, **kwargs)
    assert done.returncode == 0, f"{argv}\n{done.stdout}\n{done.stderr}"
    return done


def _copy_of_the_checkout(work: Path) -> Path:
    """A copy of the files a build reads, in ``work/source``."""
    source = work / "source"
    source.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(ROOT / name, source / name)
    return source


def _fresh_venv(work: Path, install: list[str]) -> tuple[Path, dict[str, str], Path]:
    """``(bin folder, environment variables, current folder)`` of a fresh virtual environment
    into which pip ran ``install`` (its arguments after ``pip install``)."""
    venv = work / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)])
    bin_folder = venv / ("Scripts" if os.name == "nt" else "bin")
    python = bin_folder / ("python.exe" if os.name == "nt" else "python")
    purelib = _run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()"
                    "['purelib'])"]).stdout.strip()
    here = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    Path(purelib, "tabletop-test-dependencies.pth").write_text("\n".join(sorted(here)) + "\n")
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
          "--no-index", *install])
    elsewhere = work / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               XDG_DATA_HOME=str(work / "data"), XDG_STATE_HOME=str(work / "state"),
               XDG_PICTURES_DIR=str(work / "pictures"))
    return bin_folder, env, elsewhere


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """``(bin folder, environment variables, current folder)`` of the wheel installed into a
    fresh virtual environment."""
    work = tmp_path_factory.mktemp("wheel")
    source = _copy_of_the_checkout(work)
    _run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
          "--no-index", "-w", str(work / "dist"), str(source)])
    wheel = next((work / "dist").glob("tabletop-*.whl"))
    return _fresh_venv(work, [str(wheel)])


def _tabletop(installed, *argv):
    bin_folder, env, elsewhere = installed
    return _run([str(bin_folder / "tabletop"), *argv], cwd=elsewhere, env=env)


def test_the_program_and_its_layouts_come_from_the_wheel(installed):
    bin_folder, env, elsewhere = installed
    where = _run([str(bin_folder / "python"), "-c",
                  "import tabletop, tabletop.resources as r; print(tabletop.__file__); "
                  "print(r.folder('layouts'))"], cwd=elsewhere, env=env).stdout.split("\n")
    venv = bin_folder.parent
    assert all(Path(line).is_relative_to(venv) for line in where[:2]), where
    version = _tabletop(installed, "--version").stdout
    assert version == f"tabletop {tabletop.__version__}\n"


def test_every_shipped_layout_is_listed_and_checks_by_name(installed):
    listed = _tabletop(installed, "layouts").stdout
    names = sorted(line.split(":")[0].strip() for line in listed.splitlines()
                   if line.startswith("  ") and not line.startswith("    "))
    assert names == NAMES
    checked = _tabletop(installed, "check", *NAMES).stdout.splitlines()
    assert [line.split(":")[0] for line in checked] == NAMES
    assert all(": ok, " in line for line in checked)


def test_a_screenshot_and_a_query_by_name(installed):
    _, _, elsewhere = installed
    _tabletop(installed, "screenshot", "fateforge-chapel", "-o", "chapel.png", "--size",
              "640x400")
    assert (elsewhere / "chapel.png").read_bytes().startswith(b"\x89PNG")
    answer = json.loads(_tabletop(installed, "query", "clash-los-example",
                                  "sees Eggknight").stdout)
    assert answer["answer"] == ["Fleischritter"]


def test_every_shipped_lesson_comes_with_the_wheel_and_checks(installed):
    lessons = sorted(path.stem for path in (ROOT / "lessons").glob("*.toml"))
    listed = _tabletop(installed, "learn").stdout
    assert sorted(line.split(":")[0].strip() for line in listed.splitlines()
                  if line.startswith("  ")) == lessons
    checked = _tabletop(installed, "learn", "--check").stdout
    assert checked.count("every step checked") == len(lessons)


def test_the_window_opens_the_default_board_for_a_few_frames(installed):
    done = _tabletop(installed, "play", "--frames", "5")
    assert done.stderr == ""


def test_an_editable_install_is_the_checkout_on_the_path_and_finds_its_layouts(tmp_path):
    """``pip install -e .`` (README, Set-up) writes one plain ``.pth`` line naming the
    checkout (setup.py's ``EditableCheckout``): no import hook, so a bare start of Python
    loads no pathlib; the layouts and lessons are read from the checkout's folders."""
    source = _copy_of_the_checkout(tmp_path)
    bin_folder, env, elsewhere = _fresh_venv(
        tmp_path, ["--no-build-isolation", "-e", str(source)])
    python = bin_folder / ("python.exe" if os.name == "nt" else "python")
    started = _run([str(python), "-c", "import sys; print(sorted(sys.modules))"],
                   cwd=elsewhere, env=env).stdout
    assert "'pathlib'" not in started and "editable" not in started
    where = _run([str(python), "-c", "import tabletop.resources as r; print(r.folder('layouts'));"
                  "print(r.folder('lessons'))"], cwd=elsewhere, env=env).stdout.split()
    assert where == [str(source.resolve() / "layouts"), str(source.resolve() / "lessons")]
    answer = json.loads(_tabletop((bin_folder, env, elsewhere), "query", "clash-los-example",
                                  "sees Eggknight").stdout)
    assert answer["answer"] == ["Fleischritter"]
    listed = _tabletop((bin_folder, env, elsewhere), "layouts").stdout
    assert sorted(line.split(":")[0].strip() for line in listed.splitlines()
                  if line.startswith("  ") and not line.startswith("    ")) == NAMES
