"""Atomic saves: a file is always either its old self or the whole new one.

The bytes go to a temporary file ``.NAME.PID-XXXXXXXX.tmp`` in the same folder, are flushed
to disk, and the temporary file is renamed over the target.  A save over a symbolic link
writes the file the link points to (the link stays a link); an existing file keeps its
permission bits; a new file gets the usual ones (0666 less the umask).  A temporary file left
by a save that was killed names the process that wrote it, so the next start (and the next
save of the same file) can tell it is stale and remove it (:func:`remove_stale_temporaries`).
"""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

from tabletop.errors import LayoutError
from tabletop.games.safefiles import shown_path
from tabletop.numbers import parse_int

TEMP_SUFFIX = ".tmp"
LEGACY_STALE_SECONDS = 3600
"""A temporary file without a process id (written by an older version) is stale after this."""

_NAME_KEPT = 100  # characters of the target's name kept in the temporary name
_TOKEN_HEX = 8
_MKSTEMP_ALPHABET = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")


def write_atomic(path: str | os.PathLike, data: bytes | str) -> Path:
    """Write ``data`` (text is written as UTF-8) to ``path`` atomically; returns the file
    actually written (the target of a symbolic link).  Raises :class:`LayoutError` for a
    path that cannot hold a file (a NUL character, a folder) or a folder that cannot be
    written."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        target = Path(os.path.realpath(path))
    except ValueError:
        raise LayoutError("is not a usable file name (it holds a NUL character)",
                          source=shown_path(path)) from None
    except OSError as exc:
        raise LayoutError(f"cannot be written: {exc.strerror}", source=shown_path(path)) from None
    if target.is_dir():
        raise LayoutError("is a folder, not a file", source=shown_path(path))
    mode = _existing_mode(target)
    handle, temp = _create_temporary(target, path)
    try:
        with os.fdopen(handle, "wb") as out:
            if mode is not None:
                os.fchmod(out.fileno(), mode)
            out.write(payload)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, target)
    except OSError as exc:
        temp.unlink(missing_ok=True)
        raise LayoutError(f"cannot be written: {exc.strerror}", source=shown_path(path)) from None
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    _sync_folder(target.parent)
    remove_stale_temporaries(target.parent, target.name)
    return target


def _existing_mode(target: Path) -> int | None:
    """The permission bits of the file at ``target``, or ``None`` when there is none."""
    try:
        info = os.stat(target)
    except OSError:
        return None
    return stat.S_IMODE(info.st_mode) if stat.S_ISREG(info.st_mode) else None


def _create_temporary(target: Path, shown: str | os.PathLike) -> tuple[int, Path]:
    """A new temporary file next to ``target``, opened for writing (mode 0666 less the
    umask), and its path."""
    prefix = f".{target.name[:_NAME_KEPT]}.{os.getpid()}-"
    for _ in range(100):
        temp = target.parent / f"{prefix}{os.urandom(_TOKEN_HEX // 2).hex()}{TEMP_SUFFIX}"
        try:
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
            return os.open(temp, flags, 0o666), temp
        except FileExistsError:
            continue
        except OSError as exc:
            raise LayoutError(f"cannot be written: {exc.strerror}",
                              source=shown_path(shown)) from None
    raise LayoutError("cannot be written: no free temporary name", source=shown_path(shown))


def _sync_folder(folder: Path) -> None:
    """Flush the rename to disk where the system allows it (best effort)."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def stale_temporaries(folder: str | os.PathLike, target: str | None = None,
                      now: float | None = None) -> list[Path]:
    """The temporary files in ``folder`` left by saves that were interrupted (of the file
    named ``target`` only, when given): those whose writing process is no longer running,
    and those of older versions (no process id) untouched for
    :data:`LEGACY_STALE_SECONDS`."""
    now = time.time() if now is None else now
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    out = []
    for entry in entries:
        name = entry.name
        if not (name.startswith(".") and name.endswith(TEMP_SUFFIX)):
            continue
        written, _, tag = name[1:-len(TEMP_SUFFIX)].rpartition(".")
        if target is not None and written != target[:_NAME_KEPT]:
            continue
        pid_text, dash, token = tag.partition("-")
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            if dash and len(token) == _TOKEN_HEX and all(c in "0123456789abcdef" for c in token):
                pid = parse_int(pid_text, 1, 2**31 - 1)
                if pid is not None and pid != os.getpid() and not _running(pid):
                    out.append(Path(entry.path))
            elif (not dash and len(tag) == 8 and set(tag) <= _MKSTEMP_ALPHABET
                  and now - entry.stat(follow_symlinks=False).st_mtime > LEGACY_STALE_SECONDS):
                out.append(Path(entry.path))
        except OSError:
            continue
    return out


def remove_stale_temporaries(folder: str | os.PathLike,
                             target: str | None = None) -> list[Path]:
    """Delete the :func:`stale_temporaries` of ``folder`` (of ``target`` only, when given);
    returns those deleted."""
    removed = []
    for temp in stale_temporaries(folder, target):
        try:
            temp.unlink()
        except OSError:
            continue
        removed.append(temp)
    return removed


def _running(pid: int) -> bool:
    """Whether a process ``pid`` exists (signal 0 probes without sending)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    except OSError:
        return False
    return True
