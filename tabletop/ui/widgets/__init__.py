"""Widgets shared by every game's screen: theme, text, status line, panels, buttons."""
