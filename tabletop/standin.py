"""Stand-ins for standard modules that another module imports but seldom uses.

Two modules the program loads import a standard module at their top only for a rarely used
feature: :mod:`dataclasses` imports :mod:`inspect` (with ``ast``, ``dis``, ``tokenize`` and
more) only to write a signature into the docstring of a class that has none, and pygame's
package imports :mod:`platform` (which compiles a dozen patterns) only to name the Python
release in the greeting ``PYGAME_HIDE_SUPPORT_PROMPT`` hides.  While such a module is imported,
:func:`stand_in` puts an :class:`ImportedWhenUsed` in :data:`sys.modules` under the standard
module's name, and :func:`withdraw` takes it out again, so that only the importing module
holds it: ``import inspect`` anywhere else, before or after, gets the real module.
"""

import sys
from types import ModuleType
from typing import Any


class ImportedWhenUsed(ModuleType):
    """Stands for the standard module of the same name: the first attribute asked of it
    imports the real module, and every attribute asked is the real module's, so the module
    holding the stand-in behaves exactly as with the real one."""

    def __getattr__(self, name: str) -> Any:
        if sys.modules.get(self.__name__) is self:
            del sys.modules[self.__name__]
        return getattr(__import__(self.__name__), name)


def stand_in(name: str) -> ImportedWhenUsed | None:
    """An :class:`ImportedWhenUsed` for the top-level module ``name``, put in
    :data:`sys.modules` in its place; ``None`` (and nothing done) when the module is imported
    already."""
    if name in sys.modules:
        return None
    module = sys.modules[name] = ImportedWhenUsed(name)
    return module


def withdraw(module: ImportedWhenUsed | None) -> None:
    """Take ``module`` (from :func:`stand_in`) out of :data:`sys.modules` if it is still there,
    so that the next import of its name imports the real module."""
    if module is not None and sys.modules.get(module.__name__) is module:
        del sys.modules[module.__name__]
