"""Kingdom test helpers: the shipped layouts and playing actions in turn."""

from pathlib import Path

from tabletop.games import layouts
from tabletop.games.kingdom import rules

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"


def load(name):
    """The state of ``layouts/kingdom-<name>.toml``."""
    return layouts.load(LAYOUTS / f"kingdom-{name}.toml")[1]


def go(state, *actions):
    """Apply ``actions`` in turn; the final state and every event sentence."""
    said = []
    for action in actions:
        state, events = rules.apply(state, action)
        said += [rules.describe(e) for e in events]
    return state, said
