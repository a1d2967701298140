"""One door per game from the window into its rules core: each module here re-exports the
rules functions, tables and modules its game's screen, views and menus use, and the window
imports them only from here (a game's plain data, its ``state``, ``actions`` and ``events``
modules, it may import directly).  ``tests/test_layering.py`` enforces it, so what the window
asks of a rules core is listed in one place."""
