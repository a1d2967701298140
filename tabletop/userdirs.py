"""Where the program keeps the user's files: saves, screenshots, recovery files and lesson
progress, in the platform's usual user folders (never beside the installed program, never in
the current folder).

- saves: ``tabletop`` in the documents folder: ``$XDG_DOCUMENTS_DIR/tabletop`` on Linux and
  other Unix systems (XDG), ``~/Documents/tabletop`` on macOS,
  ``%USERPROFILE%\\Documents\\tabletop`` on Windows;
- screenshots: ``tabletop`` in the pictures folder: ``$XDG_PICTURES_DIR/tabletop`` (XDG),
  ``~/Pictures/tabletop`` (macOS), ``%USERPROFILE%\\Pictures\\tabletop`` (Windows);
- recovery files: ``$XDG_STATE_HOME/tabletop/recovery`` (XDG), ``~/Library/Application
  Support/tabletop/recovery`` (macOS), ``%LOCALAPPDATA%\\tabletop\\recovery`` (Windows);
- lesson progress: ``$XDG_DATA_HOME/tabletop/progress`` (XDG), ``~/Library/Application
  Support/tabletop/progress`` (macOS), ``%APPDATA%\\tabletop\\progress`` (Windows).

On XDG systems ``$XDG_DATA_HOME`` defaults to ``~/.local/share`` and ``$XDG_STATE_HOME`` to
``~/.local/state``; a value that is not an absolute path is ignored, as the XDG Base Directory
specification says.  The documents and pictures folders are ``$XDG_DOCUMENTS_DIR`` and
``$XDG_PICTURES_DIR`` when set, else the lines of that name in
``$XDG_CONFIG_HOME/user-dirs.dirs`` (written by xdg-user-dirs), else ``~/Documents`` and
``~/Pictures``.  ``$TABLETOP_SAVES`` and ``$TABLETOP_RECOVERY_DIR`` name the saves and
recovery folders outright (for tests and unusual set-ups).

The functions only name folders; :func:`ensure` creates one when a file is about to be written.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path, PurePath

from tabletop.errors import TabletopError

APP = "tabletop"
RECOVERY_ENV = "TABLETOP_RECOVERY_DIR"
SAVES_ENV = "TABLETOP_SAVES"
USER_DIRS_MAX_BYTES = 64 * 1024
"""A ``user-dirs.dirs`` file larger than this is not read (the real one is a few lines)."""


@dataclass(frozen=True)
class UserDirs:
    """The user's folders for this program (see the module docstring for where each is)."""

    saves: PurePath
    progress: PurePath
    recovery: PurePath
    screenshots: PurePath

    def described(self) -> list[tuple[str, PurePath]]:
        """``(what, folder)`` pairs in the order ``tabletop --help`` names them."""
        return [("saves", self.saves), ("screenshots", self.screenshots),
                ("recovery files", self.recovery), ("lesson progress", self.progress)]


def folders_for(platform: str, env: Mapping[str, str], home: PurePath) -> UserDirs:
    """The folders on ``platform`` (a ``sys.platform`` value) for a user whose environment is
    ``env`` and whose home folder is ``home``; every path has the type of ``home``."""
    kind = type(home)
    if platform == "win32":
        roaming = _absolute(env.get("APPDATA"), kind) or home / "AppData" / "Roaming"
        local = _absolute(env.get("LOCALAPPDATA"), kind) or home / "AppData" / "Local"
        data, state = roaming / APP, local / APP
        documents, pictures = home / "Documents", home / "Pictures"
    elif platform == "darwin":
        data = state = home / "Library" / "Application Support" / APP
        documents, pictures = home / "Documents", home / "Pictures"
    else:
        data = (_absolute(env.get("XDG_DATA_HOME"), kind) or home / ".local" / "share") / APP
        state = (_absolute(env.get("XDG_STATE_HOME"), kind) or home / ".local" / "state") / APP
        documents = _xdg_user_dir("XDG_DOCUMENTS_DIR", "Documents", env, home)
        pictures = _xdg_user_dir("XDG_PICTURES_DIR", "Pictures", env, home)
    return UserDirs(saves=_chosen(env.get(SAVES_ENV), home) or documents / APP,
                    progress=data / "progress",
                    recovery=_chosen(env.get(RECOVERY_ENV), home) or state / "recovery",
                    screenshots=pictures / APP)


def user_dirs() -> UserDirs:
    """This user's folders on this machine, read from the environment now."""
    return folders_for(sys.platform, os.environ, Path.home())


def saves() -> Path:
    """The folder for boards the user saves (see the module docstring)."""
    return Path(user_dirs().saves)


def screenshots() -> Path:
    """The folder F12 writes screenshots into."""
    return Path(user_dirs().screenshots)


def recovery() -> Path:
    """The folder of the window's recovery files."""
    return Path(user_dirs().recovery)


def progress() -> Path:
    """The folder for lesson progress."""
    return Path(user_dirs().progress)


def ensure(folder: Path) -> Path:
    """``folder``, created (with its parents, readable by the user alone) if missing; raises
    :class:`~tabletop.errors.TabletopError` naming the folder when it cannot be."""
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        raise TabletopError(f"{folder}: the folder cannot be created: "
                            f"{exc.strerror or exc}") from None
    return folder


def _absolute(value: str | None, kind: type[PurePath]) -> PurePath | None:
    """``value`` as a path if it is an absolute one; relative or empty values are ignored."""
    if not value:
        return None
    path = kind(value)
    return path if path.is_absolute() else None


def _chosen(value: str | None, home: PurePath) -> PurePath | None:
    """A folder the user named in a ``TABLETOP_*`` variable (``~`` meaning ``home``)."""
    if not value:
        return None
    if value == "~" or value.startswith(("~/", "~\\")):
        return home / value[2:]
    return type(home)(value)


def _xdg_user_dir(key: str, default: str, env: Mapping[str, str], home: PurePath) -> PurePath:
    """An xdg-user-dirs folder (``XDG_PICTURES_DIR``): the variable ``key`` when it holds an
    absolute path, else the line ``key`` of ``user-dirs.dirs``, else ``~/<default>``."""
    kind = type(home)
    chosen = _absolute(env.get(key), kind)
    if chosen:
        return chosen
    config = _absolute(env.get("XDG_CONFIG_HOME"), kind) or home / ".config"
    named = _user_dirs_entry(Path(config / "user-dirs.dirs"), key, home)
    return named or home / default


def _user_dirs_entry(file: Path, key: str, home: PurePath) -> PurePath | None:
    """The folder that the line ``KEY="$HOME/..."`` (or an absolute path) of the xdg-user-dirs
    file gives, or ``None`` when the file is missing, not a regular file (a pipe would block
    the read), too large, or has no usable line."""
    try:
        found = file.stat()
        if not stat.S_ISREG(found.st_mode) or found.st_size > USER_DIRS_MAX_BYTES:
            return None
        lines = file.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    for line in lines:
        name, equals, value = line.strip().partition("=")
        if name != key or not equals:
            continue
        value = value.strip().strip('"')
        if value == "$HOME":
            return home
        if value.startswith("$HOME/"):
            return home / value.removeprefix("$HOME/")
        return _absolute(value, type(home))
    return None
