"""Python's cycle collector paused while a picture or the window starts.

Starting allocates tens of thousands of objects that live as long as the program (modules,
classes, functions, the board, the cached layers); the collector, run every few hundred
allocations, walks them again and again and finds next to nothing to free (a few hundred
objects in a whole run).  :func:`pause_collector` stops it until :func:`resume_collector`
(after the picture is written, after the window's first frame); what start-up left as
garbage is freed by the collector's next runs.
"""

from __future__ import annotations

import gc


def pause_collector() -> bool:
    """Stop the cycle collector; returns whether it was running (pass it to
    :func:`resume_collector`)."""
    running = gc.isenabled()
    gc.disable()
    return running


def resume_collector(running: bool) -> None:
    """Run the cycle collector again when it was ``running`` before :func:`pause_collector`."""
    if running:
        gc.enable()
