"""Pure drawing: one module per game (``draw_<game>``) plus shared helpers in ``base``."""
