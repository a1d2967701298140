"""Stopping the window when the system asks (SIGTERM: a shutdown, ``kill``; SIGHUP: the
terminal that started it closed).

SDL turns SIGTERM into a request to close the window, which the window answers by asking
about unsaved changes, so nobody could ever answer and only ``kill -9`` ended it.  While the
window runs, :class:`StopSignals` takes both signals instead: the loop stops at once (no
dialog), and the caller keeps the board for recovery and says so in one line.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable
from typing import Any

NAMES = ("SIGTERM", "SIGHUP")
"""The signals that stop the window (SIGHUP does not exist on Windows: skipped there)."""


class StopSignals:
    """While active (a ``with`` block), SIGTERM and SIGHUP call ``stop()`` and are
    remembered in :attr:`received` (the first one's number, else ``None``); the handlers in
    place before are put back on leaving.  Outside the main thread (where Python cannot
    take signals) it does nothing."""

    def __init__(self, stop: Callable[[], None]):
        self.stop = stop
        self.received: int | None = None
        self._previous: dict[int, Any] = {}

    def _handle(self, number: int, _frame: object) -> None:
        if self.received is None:
            self.received = number
        self.stop()

    def __enter__(self) -> StopSignals:
        if threading.current_thread() is threading.main_thread():
            for name in NAMES:
                number = getattr(signal, name, None)
                if number is not None:
                    self._previous[number] = signal.signal(number, self._handle)
        return self

    def __exit__(self, *exc: object) -> None:
        for number, previous in self._previous.items():
            signal.signal(number, previous if previous is not None else signal.SIG_DFL)
        self._previous.clear()

    @property
    def name(self) -> str:
        """The received signal's name (``"SIGTERM"``), or ``""``."""
        return signal.Signals(self.received).name if self.received is not None else ""
