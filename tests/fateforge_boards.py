"""Fateforge test helpers: shipped boards set to a given moment."""

from dataclasses import replace
from pathlib import Path

from tabletop.games import layouts

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"


def at_the_fountain():
    """fateforge-chapel in the action phase with every hero rolled: Aria, having acted, stands
    alone by the Tower's Healing Fountain (no enemy there) with HIT, STEP and FOCUS unused
    and 2 Health exhausted, her turn to end."""
    _, loaded = layouts.load(LAYOUTS / "fateforge-chapel.toml")
    aria = replace(loaded.heroes[0], zone="tower", dice=("hit", "step", "focus"), rolled=True,
                   used=("acted",), health=4, health_exhausted=2)
    heroes = (aria, *(replace(h, rolled=True) for h in loaded.heroes[1:]))
    return replace(loaded, heroes=heroes,
                   enemies=tuple(e for e in loaded.enemies if e.zone != "tower"),
                   round=replace(loaded.round, phase="action", step=0))
