"""The window's loop is event-driven: idle, it blocks in the event queue and draws nothing;
an event, a controller pushed by an update or an animation draws.  Driven with synthetic
events and time, counting frames (no timing)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tabletop.games import layouts
from tabletop.ui.app import App
from tabletop.ui.controllers.base import Controller
from tabletop.ui.loop import FrameLoop
from tabletop.ui.session import Session

ROOT = Path(__file__).resolve().parent.parent / "layouts"
SIZE = (640, 400)


class Script:
    """Synthetic events: ``queue`` is handed out by ``poll`` and ``wait``; ``waits`` counts
    the blocking waits."""

    def __init__(self) -> None:
        self.queue: list[pygame.event.Event] = []
        self.waits = 0
        self.polls = 0

    def poll(self):
        self.polls += 1
        out, self.queue = self.queue, []
        return out

    def wait(self, timeout_ms):
        self.waits += 1
        out, self.queue = self.queue, []
        return out


class Spinner(Controller):
    """A controller that animates for ``turns`` updates."""

    def __init__(self, turns: int) -> None:
        super().__init__()
        self.turns = turns

    def update(self, dt_ms: int) -> None:
        self.turns = max(0, self.turns - 1)

    def animating(self) -> bool:
        return self.turns > 0


def make_loop(name: str):
    pygame.font.init()
    game, state = layouts.load(ROOT / name)
    app = App(Session(game, state), SIZE)
    script = Script()
    now = [0.0]
    slept: list[float] = []

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        now[0] += seconds

    def clock() -> float:
        now[0] += 0.001
        return now[0]

    loop = FrameLoop(app, lambda a: a.draw(pygame.Surface(SIZE)), events=script,
                     clock=clock, sleep=sleep)
    return app, loop, script, slept


@pytest.mark.parametrize("name", ["clash-teaching.toml", "kingdom-start.toml",
                                  "almokon-midgame.toml", "fateforge-chapel.toml",
                                  "joust-first-round.toml"])
def test_an_idle_window_blocks_and_draws_nothing(name):
    app, loop, script, slept = make_loop(name)
    for _ in range(5):  # first frame, any hand-over screen pushed by the first update
        loop.step()
    drawn, waits = loop.frames, script.waits
    for _ in range(50):
        assert loop.step() is False
    assert loop.frames == drawn
    assert script.waits == waits + 50
    assert not slept  # nothing animating: never paced at the frame rate, only blocked


def test_an_event_draws_one_frame_then_the_loop_blocks_again():
    app, loop, script, _ = make_loop("clash-teaching.toml")
    for _ in range(3):
        loop.step()
    before = loop.frames
    script.queue.append(pygame.event.Event(pygame.MOUSEMOTION, pos=(100, 100), rel=(0, 0),
                                           buttons=(0, 0, 0)))
    assert loop.step() is True
    assert loop.frames == before + 1
    assert loop.step() is False and loop.frames == before + 1


def test_a_hand_over_screen_is_idle_too():
    app, loop, script, _ = make_loop("almokon-midgame.toml")
    loop.step()
    loop.step()
    assert app.top.modal  # the hand-over cover
    drawn = loop.frames
    for _ in range(20):
        loop.step()
    assert loop.frames == drawn


def test_an_animation_draws_every_turn_at_the_frame_rate_then_stops():
    app, loop, script, slept = make_loop("clash-teaching.toml")
    loop.step()
    loop.step()
    app.push(Spinner(5))
    drawn = loop.frames
    for _ in range(10):
        loop.step()
    assert loop.frames - drawn in (5, 6)  # every animated turn, and the frame it settles in
    assert len(slept) >= 5 and script.polls >= 5
    assert loop.step() is False
