"""Recovery files: every change to an open board is written (atomically) to a recovery file;
a clean exit deletes it, so a file left behind means the program crashed or was killed, and
the next start offers to restore it.

Each running window writes its own file ``session-<pid>.toml`` in the recovery folder
(:func:`tabletop.userdirs.recovery`: ``$TABLETOP_RECOVERY_DIR``, else the platform's state
folder, ``~/.local/state/tabletop/recovery`` on Linux).  The file is a plain layout, with two
comment lines in front that name the file the board came from (quoted as a JSON string, so any
character in the name is escaped) and when it was written; a left-behind file whose process is
no longer running is *pending*.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from tabletop import userdirs
from tabletop.errors import TabletopError
from tabletop.frozen import Frozen
from tabletop.games import layouts
from tabletop.games.atomicwrite import remove_stale_temporaries, write_atomic
from tabletop.games.contract import Game, State
from tabletop.games.layoutfile import read_text
from tabletop.games.safefiles import LAYOUT_MAX_BYTES, FileProblem, read_bounded
from tabletop.numbers import parse_int

_SOURCE = "# tabletop recovery of: "
_WHEN = "# written: "
_HEAD_BYTES = 8192  # the header lines are within this many bytes


def default_folder() -> Path:
    """The recovery folder for this user (see the module docstring)."""
    return userdirs.recovery()


class Pending(Frozen):
    """A recovery file left by a window that did not close cleanly."""

    file: Path
    source: str | None
    written: str

    def load(self) -> tuple[Game, State]:
        """The board in the file; raises :class:`~tabletop.errors.LayoutError` if unreadable.
        A recovery file names no other file (custom cards are written inline)."""
        return layouts.loads(read_text(self.file), str(self.file))

    def describe(self) -> str:
        """``the board from clash-teaching.toml, last changed 2026-11-29 19:40``."""
        name = Path(self.source).name if self.source else "a new board"
        return f"the board from {name}, last changed {self.written}"

    def discard(self) -> None:
        """Delete the file (the user declined to restore it, or restored it)."""
        self.file.unlink(missing_ok=True)


class Recovery:
    """The recovery file of this window, in ``folder``."""

    def __init__(self, folder: str | os.PathLike | None = None, pid: int | None = None):
        self.folder = Path(folder) if folder is not None else default_folder()
        self.pid = os.getpid() if pid is None else pid
        self.file = self.folder / f"session-{self.pid}.toml"

    def write(self, state: State, source: str | None) -> None:
        """Write ``state`` (a layout) to this window's recovery file, atomically."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise TabletopError(f"{self.folder}: cannot be created: {exc.strerror}") from None
        stamp = time.strftime("%Y-%m-%d %H:%M:%S")
        header = f"{_SOURCE}{json.dumps(source or '', ensure_ascii=False)}\n{_WHEN}{stamp}\n"
        write_atomic(self.file, header + layouts.dumps(state))

    def discard(self) -> None:
        """Delete this window's recovery file (called on a clean exit)."""
        self.file.unlink(missing_ok=True)

    def pending(self) -> list[Pending]:
        """Recovery files left by windows that are no longer running, newest first."""
        if not self.folder.is_dir():
            return []
        found: list[tuple[float, Pending]] = []
        for file in self.folder.glob("session-*.toml"):
            pid = parse_int(file.stem.removeprefix("session-"), 1, 2**31 - 1)
            if pid is None or pid == self.pid or _alive(pid):
                continue
            try:
                head = read_bounded(file, LAYOUT_MAX_BYTES)[:_HEAD_BYTES]
                mtime = file.stat().st_mtime
            except (OSError, FileProblem):
                continue
            lines = head.decode("utf-8", "replace").splitlines()[:2]
            source = next((_unquote(h[len(_SOURCE):]) for h in lines if h.startswith(_SOURCE)),
                          "")
            written = next((h[len(_WHEN):] for h in lines if h.startswith(_WHEN)), "")
            found.append((mtime, Pending(file, source or None, written or "at an unknown time")))
        return [p for _, p in sorted(found, key=lambda item: item[0], reverse=True)]

    def remove_interrupted_saves(self, *folders: str | os.PathLike) -> list[Path]:
        """Delete the temporary files that saves interrupted by a crash or kill left in the
        recovery folder and in ``folders`` (see
        :func:`~tabletop.games.atomicwrite.stale_temporaries`); returns those deleted."""
        removed = []
        for folder in (self.folder, *folders):
            removed += remove_stale_temporaries(folder)
        return removed


def _unquote(text: str) -> str:
    """The file name quoted in a header line (a JSON string, so a line break in the name
    cannot break the header); older files wrote it bare."""
    if text.startswith('"'):
        try:
            value = json.loads(text)
        except ValueError:
            return ""
        return value if isinstance(value, str) else ""
    return text


def _alive(pid: int) -> bool:
    """Whether a tabletop window with ``pid`` is still running.  Signal 0 probes without
    sending; where ``/proc`` exists, a zombie (killed, not yet reaped) counts as gone, and so
    does a reused pid whose command line is not a tabletop one."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    except OSError:
        return False
    proc = Path("/proc") / str(pid)
    try:
        stat = (proc / "stat").read_text()
        command = (proc / "cmdline").read_bytes()
    except OSError:
        return True  # no /proc here: trust the probe
    state = stat.rpartition(")")[2].split()[:1]
    return state != ["Z"] and b"tabletop" in command
