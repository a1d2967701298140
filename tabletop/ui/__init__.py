"""The pygame-ce window: app loop, controller stack, views, controllers and widgets.

pygame is imported here, before any module of the window, without the parts of its package
the window never uses (:data:`UNUSED_PYGAME`): sound, its debug report, its system power
queries, its type aliases and its package-data look-up, which together cost about as much
again as the rest of its import.  pygame's package treats each as optional, leaving a
placeholder where one is missing; they are hidden only while the package loads, so any of them
imports as usual when asked for by name (pygame itself imports ``pygame.pkgdata`` when a font
is opened without a file).
"""

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

UNUSED_PYGAME = ("pygame.mixer", "pygame.mixer_music", "pygame._debug", "pygame.system",
                 "pygame.typing", "pygame.pkgdata")
"""pygame's optional modules the window has no use for, skipped when pygame loads."""


def _import_pygame() -> None:
    """Import pygame without :data:`UNUSED_PYGAME` (unless something imported it already):
    a module name mapped to ``None`` in ``sys.modules`` fails to import, which pygame's
    package takes as that optional part being absent."""
    if "pygame" in sys.modules:
        return
    hidden = [name for name in UNUSED_PYGAME if name not in sys.modules]
    sys.modules.update(dict.fromkeys(hidden))
    try:
        import pygame  # noqa: F401
    finally:
        for name in hidden:
            if name in sys.modules and sys.modules[name] is None:
                del sys.modules[name]


_import_pygame()
