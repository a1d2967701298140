"""Slow answers worked out off the frame loop.

One daemon thread runs the newest job it was given (older jobs not yet started are dropped:
the mouse has moved on).  It starts a job only while the frame loop is idle (between the end
of one frame and the start of the next, when the loop sleeps to keep 60 frames a second), so
the two seldom compete for the interpreter and a frame is not slowed by a search in progress.
The loop marks its frames with :func:`frame_busy` / :func:`frame_idle`; with no loop running
(tests, scripts) jobs start at once.

Its one job is the hover caption's distance: measured in the frame instead, that search breaks
the 16.7 ms frame budget on a busy machine, and for a Knight on a Vantage Point (one search
from each space around its Monster) by far (``docs/window.md``, *Frame benchmark*).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any


class Worker:
    """The background thread (see the module docstring).  ``durations`` keeps how long each
    job took, in milliseconds."""

    def __init__(self) -> None:
        self._job: tuple[Callable[[], Any], Callable[[Any], None]] | None = None
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self.idle = threading.Event()
        self.idle.set()
        self.durations: list[float] = []
        self.notify: Callable[[], None] | None = None
        """Called after each delivery (the window sets it to wake its idle loop)."""

    def submit(self, compute: Callable[[], Any], deliver: Callable[[Any], None]) -> None:
        """Run ``compute()`` off the frame loop, then ``deliver(result)``."""
        with self._wake:
            self._job = (compute, deliver)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="tabletop-background",
                                                daemon=True)
                self._thread.start()
            self._wake.notify()

    def _run(self) -> None:
        while True:
            with self._wake:
                while self._job is None:
                    self._wake.wait()
            self.idle.wait()
            with self._wake:
                job, self._job = self._job, None
            if job is None:
                continue
            compute, deliver = job
            start = time.perf_counter()
            deliver(compute())
            self.durations.append((time.perf_counter() - start) * 1000)
            notify = self.notify
            if notify is not None:
                notify()


WORKER = Worker()


def frame_busy() -> None:
    """The frame loop starts a frame: hold back new background jobs."""
    WORKER.idle.clear()


def frame_idle() -> None:
    """The frame loop is done with a frame and about to sleep: background jobs may start."""
    WORKER.idle.set()
