"""The pygame-ce window: app loop, controller stack, views, controllers and widgets.

pygame is imported here, before any module of the window, without the parts of its package
the window never uses: sound and the FreeType font module (:data:`NO_SOUND_NOR_FREETYPE`,
which pygame would otherwise also import when the program ends, only to shut them down), its
debug report, system power queries, type aliases, package-data look-up and sprite classes
(:data:`NOT_AT_START`).  Leaving them out halves the cost of importing pygame.  pygame's
package treats each as optional and leaves a placeholder where one is missing (for the
sprites, with a warning, which is not shown); the second group is left out only while the
package loads, so any of those imports as usual when asked for by name (pygame itself imports
``pygame.pkgdata`` to open a font without a file).  The standard :mod:`platform` module, which
pygame's package imports only to name the Python release in the greeting that
``PYGAME_HIDE_SUPPORT_PROMPT`` hides, is a stand-in (:mod:`tabletop.standin`) while the
package loads (importing it would compile a dozen patterns).
"""

import os
import sys
import warnings

from tabletop import standin

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

NO_SOUND_NOR_FREETYPE = ("pygame.mixer", "pygame.mixer_music", "pygame.freetype")
"""pygame modules the window never uses (it plays no sound and draws text with
``pygame.font``): absent for the whole run."""
NOT_AT_START = ("pygame._debug", "pygame.system", "pygame.typing", "pygame.pkgdata",
                "pygame.sprite")
"""pygame modules its package imports on loading that the window does not use: absent while
the package loads."""


def _import_pygame() -> None:
    """Import pygame without :data:`NO_SOUND_NOR_FREETYPE` and :data:`NOT_AT_START` (unless
    something imported it already): a module name mapped to ``None`` in ``sys.modules`` fails
    to import, which pygame's package takes as that optional part being absent; and with
    :mod:`platform` not imported (a stand-in while the package loads, unless it was imported
    already)."""
    if "pygame" in sys.modules:
        return
    hidden = [name for name in NO_SOUND_NOR_FREETYPE + NOT_AT_START if name not in sys.modules]
    sys.modules.update(dict.fromkeys(hidden))
    platform = standin.stand_in("platform")
    try:
        with warnings.catch_warnings():  # pygame warns that its sprites are missing
            warnings.filterwarnings("ignore", "import sprite:", RuntimeWarning)
            import pygame  # noqa: F401
    finally:
        for name in NOT_AT_START:
            if name in hidden and name in sys.modules and sys.modules[name] is None:
                del sys.modules[name]
        standin.withdraw(platform)


_import_pygame()
