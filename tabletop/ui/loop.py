"""The window's frame loop, event-driven: with nothing animating it sleeps in the event queue
and draws a frame only when something changed.

One :meth:`FrameLoop.step` takes the waiting events (blocking for the next one when nothing
animates), hands them to the app, lets the controllers update, and draws when an event came,
a controller animates (the dice tray rolling) or the controller stack changed during the
update (a hand-over screen pushed).  While something animates the loop runs at
:data:`FPS` frames a second; otherwise an idle window costs no frames at all.  A result
worked out in the background (:mod:`tabletop.ui.background`) wakes the loop by posting
:data:`WAKE`.

Where events come from and how time passes are passed in (:class:`Events`, ``clock``,
``sleep``), so a test can drive the loop with synthetic events and time and count its frames.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

import pygame

from tabletop.ui import background
from tabletop.ui.controllers.base import Controller

FPS = 60
WAIT_MS = 1000
"""Longest single wait for an event, in milliseconds: the loop checks ``app.running`` at least
this often even when nothing happens."""
NAP = 1 / FPS
"""Seconds an idle loop sleeps between looks at the event queue."""
WAKE = pygame.event.custom_type()
"""The event a background result posts to wake an idle loop (it draws the result)."""


class LoopHost(Protocol):
    """What the loop drives: the window's :class:`tabletop.ui.app.App`, seen from below (no
    import circle)."""

    stack: list[Controller]

    def dispatch(self, event: pygame.event.Event) -> None:
        """Hand one event to the window."""

    def update(self, dt_ms: int) -> None:
        """Let every controller advance by ``dt_ms`` milliseconds."""


class Events(Protocol):
    """Where the loop's events come from."""

    def poll(self) -> list[pygame.event.Event]:
        """The events waiting now (none: an empty list at once)."""

    def wait(self, timeout_ms: int) -> list[pygame.event.Event]:
        """Block until at least one event arrives or ``timeout_ms`` pass; the events then
        waiting."""


class PygameEvents:
    """The window's own event queue.  Waiting looks at the queue every :data:`NAP` seconds
    and sleeps in between: SDL's own wait polls its video driver about every millisecond
    (a few per cent of a core under X11), while a nap of a frame costs a tenth of that and
    answers within one frame."""

    def poll(self) -> list[pygame.event.Event]:
        return pygame.event.get()

    def wait(self, timeout_ms: int) -> list[pygame.event.Event]:
        end = time.monotonic() + timeout_ms / 1000
        while True:
            events = pygame.event.get()
            if events or time.monotonic() >= end:
                return events
            time.sleep(NAP)


def wake() -> None:
    """Wake the loop from another thread (a background result arrived)."""
    if pygame.display.get_init():
        pygame.event.post(pygame.event.Event(WAKE))


class FrameLoop:
    """Steps of the event-driven loop (see the module docstring); ``present(app)`` draws a
    frame and shows it, ``frames`` counts the frames drawn and ``turns`` the steps taken;
    ``wait_ms`` is the longest an idle step blocks."""

    def __init__(self, app: LoopHost, present: Callable[[LoopHost], None], *,
                 events: Events | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep, wait_ms: int = WAIT_MS):
        self.app = app
        self.present = present
        self.events = events if events is not None else PygameEvents()
        self.clock = clock
        self.sleep = sleep
        self.frames = 0
        self.turns = 0
        self.wait_ms = wait_ms
        self.last = clock()
        self.dirty = True  # the first frame is always drawn

    def animating(self) -> bool:
        """Whether any controller on the stack is moving on its own (needs frames)."""
        return any(controller.animating() for controller in self.app.stack)

    def step(self) -> bool:
        """One turn of the loop; returns whether a frame was drawn.  With nothing animating
        and nothing changed it blocks in :meth:`Events.wait` instead of drawing."""
        app = self.app
        self.turns += 1
        moving = self.animating()
        started = self.clock()
        if moving or self.dirty:
            events = self.events.poll()
        else:
            background.frame_idle()
            events = self.events.wait(self.wait_ms)
        background.frame_busy()
        for event in events:
            app.dispatch(event)
        now = self.clock()
        stack = [id(controller) for controller in app.stack]
        app.update(max(0, min(1000, int((now - self.last) * 1000))))
        self.last = now
        changed = stack != [id(controller) for controller in app.stack]
        drew = False
        if events or moving or changed or self.dirty or self.animating():
            self.present(app)
            self.frames += 1
            drew = True
        self.dirty = changed  # a controller pushed in update gets its own update next turn
        background.frame_idle()
        if moving or self.animating():
            spent = self.clock() - started
            self.sleep(max(0.0, 1 / FPS - spent))
        return drew
