"""The user's folders (saves, screenshots, recovery, lesson progress) on each platform, and the
window writing into them."""

import os
from pathlib import Path, PurePosixPath, PureWindowsPath

import pygame
import pytest

from tabletop import userdirs
from tabletop.cli import main
from tabletop.errors import TabletopError
from tabletop.games import layouts
from tabletop.ui.app import App
from tabletop.ui.recovery import Recovery
from tabletop.ui.session import Session

ROOT = Path(__file__).resolve().parent.parent
HOME = PurePosixPath("/home/ada")


def test_linux_defaults_follow_the_xdg_base_directories():
    dirs = userdirs.folders_for("linux", {}, HOME)
    assert dirs.saves == HOME / "Documents/tabletop"
    assert dirs.progress == HOME / ".local/share/tabletop/progress"
    assert dirs.recovery == HOME / ".local/state/tabletop/recovery"
    assert dirs.screenshots == HOME / "Pictures/tabletop"


def test_xdg_variables_are_honoured_and_relative_ones_ignored():
    env = {"XDG_DATA_HOME": "/data", "XDG_STATE_HOME": "/state", "XDG_PICTURES_DIR": "/pics",
           "XDG_DOCUMENTS_DIR": "/docs"}
    dirs = userdirs.folders_for("linux", env, HOME)
    assert dirs.saves == PurePosixPath("/docs/tabletop")
    assert dirs.progress == PurePosixPath("/data/tabletop/progress")
    assert dirs.recovery == PurePosixPath("/state/tabletop/recovery")
    assert dirs.screenshots == PurePosixPath("/pics/tabletop")
    relative = {"XDG_DATA_HOME": "data", "XDG_STATE_HOME": "", "XDG_PICTURES_DIR": "pics",
                "XDG_DOCUMENTS_DIR": "docs"}
    assert userdirs.folders_for("linux", relative, HOME) == userdirs.folders_for("linux", {},
                                                                                 HOME)


@pytest.mark.parametrize(("line", "expected"), [
    ('XDG_PICTURES_DIR="$HOME/Bilder"', "Bilder/tabletop"),
    ("XDG_PICTURES_DIR=$HOME/Images", "Images/tabletop"),
    ('XDG_PICTURES_DIR="$HOME"', "tabletop"),
    ('XDG_PICTURES_DIR="relative/Pics"', "Pictures/tabletop"),
    ('# XDG_PICTURES_DIR="$HOME/Commented"', "Pictures/tabletop"),
])
def test_the_pictures_folder_comes_from_xdg_user_dirs(tmp_path, line, expected):
    (tmp_path / ".config").mkdir()
    (tmp_path / ".config" / "user-dirs.dirs").write_text(
        f'XDG_DESKTOP_DIR="$HOME/Desktop"\n{line}\nXDG_DOCUMENTS_DIR="$HOME/Dokumente"\n',
        encoding="utf-8")
    dirs = userdirs.folders_for("linux", {}, tmp_path)
    assert dirs.screenshots == tmp_path / expected
    assert dirs.saves == tmp_path / "Dokumente/tabletop"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_an_absolute_pictures_folder_in_user_dirs_an_oversized_file_and_a_pipe(tmp_path):
    config = tmp_path / "config"
    config.mkdir()
    env = {"XDG_CONFIG_HOME": str(config)}
    (config / "user-dirs.dirs").write_text('XDG_PICTURES_DIR="/srv/pics"\n', encoding="utf-8")
    shots = userdirs.folders_for("linux", env, tmp_path).screenshots
    assert shots == Path("/srv/pics/tabletop")
    (config / "user-dirs.dirs").write_text("#" * (userdirs.USER_DIRS_MAX_BYTES + 1))
    shots = userdirs.folders_for("linux", env, tmp_path).screenshots
    assert shots == tmp_path / "Pictures/tabletop"
    (config / "user-dirs.dirs").unlink()
    os.mkfifo(config / "user-dirs.dirs")  # reading it would wait for a writer forever
    shots = userdirs.folders_for("linux", env, tmp_path).screenshots
    assert shots == tmp_path / "Pictures/tabletop"


def test_macos_uses_application_support_and_pictures():
    home = PurePosixPath("/Users/ada")
    dirs = userdirs.folders_for("darwin", {"XDG_DATA_HOME": "/ignored"}, home)
    support = home / "Library/Application Support/tabletop"
    assert (dirs.progress, dirs.recovery) == (support / "progress", support / "recovery")
    assert dirs.saves == home / "Documents/tabletop"
    assert dirs.screenshots == home / "Pictures/tabletop"


def test_windows_uses_appdata_localappdata_and_pictures():
    home = PureWindowsPath("C:/Users/Ada")
    env = {"APPDATA": r"D:\Roaming", "LOCALAPPDATA": r"D:\Local"}
    dirs = userdirs.folders_for("win32", env, home)
    assert dirs.saves == PureWindowsPath(r"C:\Users\Ada\Documents\tabletop")
    assert dirs.progress == PureWindowsPath(r"D:\Roaming\tabletop\progress")
    assert dirs.recovery == PureWindowsPath(r"D:\Local\tabletop\recovery")
    assert dirs.screenshots == PureWindowsPath(r"C:\Users\Ada\Pictures\tabletop")
    fallback = userdirs.folders_for("win32", {}, home)
    assert fallback.progress == PureWindowsPath(r"C:\Users\Ada\AppData\Roaming\tabletop\progress")
    assert fallback.recovery == PureWindowsPath(r"C:\Users\Ada\AppData\Local\tabletop\recovery")


def test_the_tabletop_variables_name_the_saves_and_recovery_folders_outright():
    env = {"TABLETOP_RECOVERY_DIR": "/tmp/rec", "TABLETOP_SAVES": "~/boards"}
    dirs = userdirs.folders_for("linux", env, HOME)
    assert (dirs.recovery, dirs.saves) == (PurePosixPath("/tmp/rec"), HOME / "boards")
    windows = userdirs.folders_for("win32", {"TABLETOP_SAVES": "~\\boards"},
                                   PureWindowsPath("C:/Users/Ada"))
    assert windows.saves == PureWindowsPath(r"C:\Users\Ada\boards")


def test_ensure_creates_the_folder_or_names_it_in_the_error(tmp_path):
    made = userdirs.ensure(tmp_path / "a" / "b")
    assert made.is_dir() and (made.stat().st_mode & 0o777) == 0o700
    (tmp_path / "file").write_text("x")
    with pytest.raises(TabletopError, match="file/c: the folder cannot be created"):
        userdirs.ensure(tmp_path / "file" / "c")


def test_the_window_writes_recovery_files_and_f12_screenshots_to_the_user_folders(tmp_path):
    pygame.font.init()
    assert Recovery().folder == userdirs.recovery()
    game, state = layouts.load(ROOT / "layouts" / "clash-teaching.toml")
    app = App(Session(game, state, path=None), (900, 600))
    assert app.screenshot_folder == userdirs.screenshots()
    picture = app.take_screenshot()
    assert picture is not None and picture.parent == userdirs.screenshots()
    assert picture.read_bytes().startswith(b"\x89PNG")


def test_help_names_the_user_folders(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    for what, folder in userdirs.user_dirs().described():
        assert f"{what}:" in out and str(folder) in out
