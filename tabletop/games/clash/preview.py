"""What an outcome shows on the board, for a ghost preview: each moved
piece's path, Crashes, Displacements, deaths, destroyed tiles and final facings."""

from __future__ import annotations

from tabletop.frozen import Frozen
from tabletop.games.clash.events import describe
from tabletop.games.clash.forced_steps import Branch
from tabletop.games.clash.state import ClashState
from tabletop.spatial.grid import Space


class Preview(Frozen):
    """``paths`` maps each piece that moved to its north-west positions, start first, in the
    order it went (a Displacement or a placement is one more position); ``crashed``,
    ``died``, ``destroyed`` name pieces and tiles (``destroyed`` also the tiles taken off the
    board by the tile supply rule); ``facing`` gives every Monster's facing
    after the outcome and ``turned`` the Monsters whose facing changed; ``choices`` and
    ``sentences`` are the outcome's words."""

    paths: dict[str, tuple[Space, ...]]
    crashed: tuple[str, ...]
    died: tuple[str, ...]
    displaced: dict[str, Space]
    destroyed: tuple[str, ...]
    facing: dict[str, str]
    turned: tuple[str, ...]
    choices: tuple[str, ...]
    sentences: tuple[str, ...]


_MOVES = ("moved", "pushed", "source-moved", "displaced", "jumped")


def preview(before: ClashState, outcome: Branch) -> Preview:
    """The :class:`Preview` of ``outcome`` of an action taken in ``before``."""
    paths: dict[str, list[Space]] = {}
    displaced: dict[str, Space] = {}
    for event in outcome.events:
        if event.kind in _MOVES and event.piece in before.pieces and event.path:
            trail = paths.setdefault(event.piece, [before.pieces[event.piece].at])
            for space in event.path:
                if trail[-1] != space:
                    trail.append(space)
        if event.kind == "displaced" and event.path:
            displaced[event.piece] = event.path[-1]
    crashed = tuple(dict.fromkeys(e.piece for e in outcome.events
                                  if e.kind in ("crash", "crash-braced")))
    died = tuple(e.piece for e in outcome.events if e.kind == "died")
    destroyed = tuple(e.other for e in outcome.events if e.kind in ("destroyed", "tile-removed"))
    facing = {m.name: m.facing for m in outcome.state.monsters}
    turned = tuple(m.name for m in outcome.state.monsters
                   if m.name in before.pieces and before.pieces[m.name].facing != m.facing)
    return Preview({k: tuple(v) for k, v in paths.items()}, crashed, died, displaced, destroyed,
                   facing, turned, outcome.choices,
                   tuple(describe(e) for e in outcome.events))
