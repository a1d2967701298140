"""Slow answers run off the frame loop and only between frames (tabletop.ui.background)."""

import threading

from tabletop.ui.background import WORKER, frame_busy, frame_idle


def test_a_job_waits_for_the_frame_to_end_and_only_the_newest_runs():
    done = threading.Event()
    ran = []
    frame_busy()
    try:
        WORKER.submit(lambda: "old", ran.append)
        WORKER.submit(lambda: "new", lambda value: (ran.append(value), done.set()))
        assert not done.wait(0.2)  # a frame is being drawn: nothing starts
    finally:
        frame_idle()
    assert done.wait(10)
    assert ran == ["new"]
