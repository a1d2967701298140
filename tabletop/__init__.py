"""tabletop: a desktop tabletop visualiser for four tabletop games.

Layers, imported one way only: ``ui`` -> ``games`` -> ``spatial``.  Nothing under
``spatial``, ``games`` or ``dice`` imports pygame; pymunk is used only by ``dice``.
"""

__version__ = "0.1.0"

from tabletop import dataclass_code as _dataclass_code

_dataclass_code.install()
