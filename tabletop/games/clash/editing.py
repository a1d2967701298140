"""Edit mode: place, move, rotate and remove pieces and Terrain tiles for a lesson.

Every edit is checked by the layout loader itself (the new state is written as layout tables
and read back), so an edit is refused with exactly the message ``tabletop check`` would give
for the same board, and a state that the loader would refuse never comes out of here.
"""

from __future__ import annotations

from dataclasses import replace

from tabletop.errors import IllegalActionError, LayoutError
from tabletop.games.clash import activation_tokens, layout
from tabletop.games.clash.actions import (
    AddTerrain,
    MovePiece,
    PlaceKnight,
    PlaceMonster,
    RemovePiece,
    RotateMonster,
)
from tabletop.games.clash.events import Event
from tabletop.games.clash.state import FACINGS, ClashState, Knight, Monster, Terrain
from tabletop.games.layoutfile import Source, Table

Result = tuple[ClashState, tuple[Event, ...]]


def checked(state: ClashState, action: object) -> ClashState:
    """``state`` as the layout loader reads it back; its refusal becomes the action's."""
    try:
        return layout.from_layout(Table(layout.to_layout(state), Source("<edit>"), ()))
    except LayoutError as exc:
        raise IllegalActionError(action, exc.message) from None


def _fresh_name(state: ClashState, name: str, action: object) -> None:
    if name in state.pieces or state.tile(name) is not None:
        raise IllegalActionError(action, f"{name!r} is used twice; names must be unique")


def place_knight(state: ClashState, action: PlaceKnight) -> Result:
    """A new Knight on the board."""
    _fresh_name(state, action.name, action)
    knight = Knight(name=action.name, at=action.at, speed=action.speed)
    state = checked(replace(state, knights=(*state.knights, knight)), action)
    return state, (Event("placed", action.name, (action.at,)),)


def place_monster(state: ClashState, action: PlaceMonster) -> Result:
    """A new Monster on the board."""
    _fresh_name(state, action.name, action)
    monster = Monster(name=action.name, kind=action.kind, at=action.at, size=action.size,
                      facing=action.facing)
    state = checked(replace(state, monsters=(*state.monsters, monster)), action)
    return state, (Event("placed", action.name, (action.at,)),)


def add_terrain(state: ClashState, action: AddTerrain) -> Result:
    """A new Terrain tile (placed as in edit mode: no Terrain placement rules are applied)."""
    _fresh_name(state, action.name, action)
    tile = Terrain(name=action.name, spaces=tuple(sorted(set(action.spaces))),
                   keywords=tuple(k.lower() for k in action.keywords))
    state = checked(replace(state, terrain=(*state.terrain, tile)), action)
    return state, (Event("tile-placed", action.name, tile.spaces),)


def move_piece(state: ClashState, action: MovePiece) -> Result:
    """A piece or tile moved so that its north-west space is ``action.to``."""
    piece = state.pieces.get(action.name)
    if isinstance(piece, Knight):
        state = state.with_piece(replace(piece, at=action.to, vantage=None))
    elif isinstance(piece, Monster):
        state = state.with_piece(replace(piece, at=action.to))  # its riders come along
    else:
        tile = state.tile(action.name)
        if tile is None:
            raise IllegalActionError(action, f"there is nothing called {action.name!r}")
        top = min(s.row for s in tile.spaces)
        left = min(s.col for s in tile.spaces)
        spaces = tuple(s.step(action.to.col - left, action.to.row - top) for s in tile.spaces)
        if any(s.row < 0 or s.col < 0 for s in spaces):
            raise IllegalActionError(action, f"the tile would leave the board "
                                             f"({state.board.describe()})")
        state = replace(state, terrain=tuple(replace(t, spaces=spaces) if t is tile else t
                                             for t in state.terrain))
    return checked(state, action), (Event("placed", action.name, (action.to,)),)


def rotate_monster(state: ClashState, action: RotateMonster) -> Result:
    """A Monster turned in place (a quarter turn clockwise unless a facing is given)."""
    monster = state.monster(action.monster)
    if monster is None:
        raise IllegalActionError(action, f"there is no Monster called {action.monster!r}")
    facing = action.facing or FACINGS[(FACINGS.index(monster.facing) + 1) % 4]
    if facing not in FACINGS:
        raise IllegalActionError(action, f"{facing!r} is not one of {', '.join(FACINGS)}")
    state = checked(state.with_piece(replace(monster, facing=facing)), action)
    return state, (Event("rotated", monster.name, other=facing),)


def remove_piece(state: ClashState, action: RemovePiece) -> Result:
    """A piece or tile taken off the board (Knights on a removed Monster's Vantage Point are
    set down on its space; turn records that named a removed Knight forget it)."""
    if action.name not in state.pieces and state.tile(action.name) is None:
        raise IllegalActionError(action, f"there is nothing called {action.name!r}")
    before = state
    state = forget(state.without(action.name), action.name)
    state = replace(state, knights=tuple(replace(k, vantage=None) if k.vantage == action.name
                                         else k for k in state.knights))
    return checked(state, action), (Event("removed", action.name),
                                    *round_events(before, state))


def forget(state: ClashState, name: str) -> ClashState:
    """``state`` whose turn record no longer names the Knight ``name``.  When that leaves every
    Knight on the board with its turn taken in the Knight Round, the next round's Monster Round
    begins (rulebook *Knight Turns*: "Once all Knights have taken their turns, proceed to the
    next Monster Round") with its spent Activation tokens flipped ready (*Start of Monster
    Round*); :func:`round_events` tells it."""
    turn = state.turn
    turn = replace(turn, done=tuple(n for n in turn.done if n != name),
                   active=None if turn.active == name else turn.active,
                   priority=None if turn.priority == name else turn.priority,
                   last_wounder=None if turn.last_wounder == name else turn.last_wounder,
                   divine=None if turn.divine == name else turn.divine)
    if turn.active is None and state.turn.active == name:
        turn = replace(turn, moved=False, attacked=False, fell=False)
    if (turn.phase == "knight" and turn.active is None and state.knights
            and all(k.name in turn.done for k in state.knights)):
        turn = replace(turn, phase="monster", done=(), round=turn.round + 1)
        return activation_tokens.start_monster_round(replace(state, turn=turn))[0]
    return replace(state, turn=turn)


def round_events(before: ClashState, after: ClashState) -> tuple[Event, ...]:
    """The event telling that a new Monster Round began between ``before`` and ``after``."""
    if before.turn.phase == "knight" and after.turn.phase == "monster":
        still_here = {m.name for m in after.monsters}
        readied = sum(t.spent for m in before.monsters if m.name in still_here
                      for t in m.activations)
        flipped = (Event("tokens-readied", amount=readied, rule="Start of Monster Round"),)
        return (Event("round-changed", other="Monster", amount=after.turn.round,
                      rule="Clash Sequence"), *(flipped if readied > 0 else ()))
    return ()
