"""Python's cycle collector paused while a picture or the window starts, and spared its last
walks over the whole program at exit.

Starting allocates tens of thousands of objects that live as long as the program (modules,
classes, functions, the board, the cached layers); the collector, run every few hundred
allocations, walks them again and again and finds next to nothing to free (a few hundred
objects in a whole run).  :func:`pause_collector` stops it until :func:`resume_collector`
(after the picture is written, after the window's first frame); what start-up left as
garbage is freed by the collector's next runs.  When the program ends, Python collects again,
over every object, only to free memory the system takes back anyway: the first pause
registers :func:`gc.freeze` to run at exit, before those collections, which then find nothing
to walk (the buffers of the standard streams are still flushed, and every exit handler
runs).
"""

from __future__ import annotations

import atexit
import gc

_freeze_at_exit = False
"""Whether :func:`gc.freeze` is registered to run at exit."""


def pause_collector() -> bool:
    """Stop the cycle collector (and freeze what is left at exit, see the module docstring);
    returns whether it was running (pass it to :func:`resume_collector`)."""
    global _freeze_at_exit
    if not _freeze_at_exit:
        atexit.register(gc.freeze)
        _freeze_at_exit = True
    running = gc.isenabled()
    gc.disable()
    return running


def resume_collector(running: bool) -> None:
    """Run the cycle collector again when it was ``running`` before :func:`pause_collector`."""
    if running:
        gc.enable()
