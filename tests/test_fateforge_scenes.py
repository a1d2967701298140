"""Small Fateforge scenes for the tests, drawn as text (see ``scene``)."""

from dataclasses import replace

import pytest

from tabletop.errors import IllegalActionError
from tabletop.games.fateforge.enemies import activation_order
from tabletop.games.fateforge.rules import apply
from tabletop.games.fateforge.state import (
    REACTIONS,
    TURNS,
    Barricade,
    Connection,
    Enemy,
    FateforgeState,
    Hero,
    Portal,
    Round,
    Section,
    Token,
    Zone,
)


def play(state, *actions):
    """Apply ``actions`` in turn; the final state and every event's text."""
    events = []
    for action in actions:
        state, more = apply(state, action)
        events += [e.text for e in more]
    return state, events


def refused(state, action, words):
    """``action`` is refused with an :class:`IllegalActionError` whose message holds ``words``."""
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)
    assert words in str(info.value), str(info.value)


def scene(picture: str, *, heroes=(), enemies=(), tokens=(), portals=(), barricades=(),
          difficult=(), door_names=None, **round_fields) -> FateforgeState:
    """A state from a text map: letters at even columns/rows are zones (id = the letter,
    name = upper case); ``-``/``|`` join neighbours, ``#`` joins them with a closed door and
    ``o`` with an open door."""
    rows = picture.strip("\n").splitlines()
    zones = []
    for r, line in enumerate(rows):
        for c, char in enumerate(line):
            if char.isalpha() and char != "o":
                zones.append(Zone(char, char.upper(), c // 2 * 2, r // 2 * 2,
                                  difficult=char in difficult))
    at = {(z.x, z.y): z.id for z in zones}
    conns = []
    for r, line in enumerate(rows):
        for c, char in enumerate(line):
            door = {"#": "closed", "o": "open"}.get(char, "")
            if char in "-#o" and r % 2 == 0 and c % 2 == 1:
                a, b = at[(c - 1, r)], at[(c + 1, r)]
            elif char in "|#o" and r % 2 == 1:
                a, b = at[(c, r - 1)], at[(c, r + 1)]
            else:
                continue
            name = (door_names or {}).get(a + b, "")
            conns.append(Connection(a, b, door, name))
    order = tuple(h.name for h in heroes)
    rnd = Round(order=order, reaction_slot=len(order), **round_fields)
    return FateforgeState(zones=tuple(zones), connections=tuple(conns),
                          portals=tuple(Portal(a, b, n) for a, b, n in portals),
                          barricades=tuple(Barricade(z, tuple(d)) for z, d in barricades),
                          tokens=tuple(tokens), heroes=tuple(heroes), enemies=tuple(enemies),
                          round=rnd)


def hero(name, zone, dice=(), health=5, energy=3, **kw) -> Hero:
    return Hero(name, zone, health, energy, dice=tuple(dice), rolled=True, **kw)


def enemy(name, colour, zone, *band, initiative=1, toughness=2, **kw) -> Enemy:
    sections = tuple(Section(*s) if isinstance(s, tuple) else s for s in band)
    return Enemy(name, colour, initiative, zone, toughness, sections or (Section("hit", 0),),
                 **kw)


def token(kind, zone, name="", cubes=0) -> Token:
    return Token(kind, zone, name, cubes)


def turn_of(state: FateforgeState, name: str) -> FateforgeState:
    """``state`` in the Action Phase at ``name``'s turn."""
    rnd = replace(state.round, phase="action", queue=())
    return replace(state, round=replace(rnd, step=rnd.sequence.index(name)))


def enemy_turns(state: FateforgeState) -> FateforgeState:
    """``state`` at the Enemy Turns slot with every enemy queued in priority order."""
    rnd = replace(state.round, phase="action")
    queue = tuple(e.name for e in activation_order(state))
    return replace(state, round=replace(rnd, step=rnd.sequence.index(TURNS), queue=queue))


def reactions(state: FateforgeState, *types: str) -> FateforgeState:
    """``state`` at the Enemy Reactions slot with ``types`` reacting."""
    rnd = replace(state.round, phase="action", reaction_types=types)
    return replace(state, round=replace(rnd, step=rnd.sequence.index(REACTIONS),
                                        queue=tuple(types)))


def test_scene_draws_zones_connections_and_doors():
    state = scene("a-b\n| #\nc o d".replace(" o ", "o"))
    assert [z.id for z in state.zones] == ["a", "b", "c", "d"]
    doors = {(c.a, c.b): c.door for c in state.connections}
    assert doors == {("a", "b"): "", ("a", "c"): "", ("b", "d"): "closed", ("c", "d"): "open"}
