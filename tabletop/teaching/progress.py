"""How far a learner got in each lesson, one small JSON file per lesson in the user's lesson
progress folder (:func:`tabletop.userdirs.progress`), written atomically.

A record is ``{"step": N, "steps": M, "right": R, "answered": A, "done": bool}``: the next
step to take, how many steps the lesson has, graded steps answered right on the first try and
graded steps answered.  A record that cannot be read (missing, too large, not JSON, numbers out
of range) counts as no progress; it is never trusted for more.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from tabletop import userdirs
from tabletop.games.atomicwrite import write_atomic
from tabletop.games.safefiles import FileProblem, read_bounded

MAX_RECORD_BYTES = 4096
LIMIT = 10_000
"""No count in a record may exceed this."""


@dataclass(frozen=True)
class Progress:
    """One lesson's record (see the module docstring)."""

    step: int = 0
    steps: int = 0
    right: int = 0
    answered: int = 0
    done: bool = False

    def words(self) -> str:
        """The record in a few words for ``tabletop learn``."""
        if self.done:
            return f"done, {self.right}/{self.answered} right first time"
        if self.step == 0:
            return "not started"
        return f"step {self.step + 1} of {self.steps}, {self.right}/{self.answered} right"


def _file(name: str, folder: Path | None = None) -> Path:
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in name)[:80] or "lesson"
    return (folder or userdirs.progress()) / f"{safe}.json"


def read(name: str, folder: Path | None = None) -> Progress:
    """The record of lesson ``name``; no progress when there is none or it is unreadable."""
    path = _file(name, folder)
    try:
        data = json.loads(read_bounded(path, MAX_RECORD_BYTES).decode("utf-8"))
    except (FileProblem, ValueError, RecursionError):
        return Progress()
    if not isinstance(data, dict):
        return Progress()
    counts = [data.get(k) for k in ("step", "steps", "right", "answered")]
    if not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= LIMIT
               for c in counts) or not isinstance(data.get("done"), bool):
        return Progress()
    return Progress(*counts, data["done"])


def write(name: str, record: Progress, folder: Path | None = None) -> Path:
    """Save ``record`` for lesson ``name`` atomically (the folder is created if missing);
    returns the file written."""
    path = _file(name, folder or userdirs.ensure(userdirs.progress()))
    write_atomic(path, json.dumps(asdict(record), sort_keys=True) + "\n")
    return path
