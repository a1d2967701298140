"""Python's cycle collector paused while the program starts (a picture, a question, the
window's first frame), and spared its last walks over the whole program at exit.

Starting allocates tens of thousands of objects that live as long as the program (modules,
classes, functions, the board, the cached layers); the collector, run every few hundred
allocations, walks them again and again and finds next to nothing to free (a few hundred
objects in a whole run).  The command line calls :func:`pause_collector` first thing; the
start-up of the command it runs ends the pause with :func:`resume_collector` (after the
picture is written, after the layout of a question is loaded, after the window's first frame;
any other command at once).  Everything start-up made is then handed to the collector's oldest
generation without a walk (:func:`gc.freeze` then :func:`gc.unfreeze`): left in the youngest,
the first run after the pause would walk all of it at once, about ten milliseconds, even in a
process about to end; start-up's few garbage cycles are freed by the next full collection.
A pause ends at the first :func:`resume_collector`, however many times it was asked for, and a
collector that was off before the pause stays off.

When the program ends, Python collects again, over every object, only to free memory the
system takes back anyway: the first pause registers :func:`gc.freeze` to run at exit, before
those collections, which then find nothing to walk (the buffers of the standard streams are
still flushed, and every exit handler runs).
"""

from __future__ import annotations

import atexit
import gc

_freeze_at_exit = False
"""Whether :func:`gc.freeze` is registered to run at exit."""
_ran_before_pause: bool | None = None
"""Whether the collector ran when the pause now in force began; ``None``: no pause."""


def pause_collector() -> None:
    """Stop the cycle collector until :func:`resume_collector`, unless it is paused already
    (and freeze what is left at exit, see the module docstring)."""
    global _freeze_at_exit, _ran_before_pause
    if not _freeze_at_exit:
        atexit.register(gc.freeze)
        _freeze_at_exit = True
    if _ran_before_pause is None:
        _ran_before_pause = gc.isenabled()
        gc.disable()


def resume_collector() -> None:
    """End the pause in force, if any: the collector runs again when it ran before it, with
    what was made until now in its oldest generation (see the module docstring)."""
    global _ran_before_pause
    if _ran_before_pause:
        gc.freeze()
        gc.unfreeze()
        gc.enable()
    _ran_before_pause = None
