"""Layout files for every game: load (validated, all or nothing) and save (atomic).

A layout names its game in the top-level ``game`` key; the game's ``from_layout`` reads the
rest.  ``loads(dumps(state)) == state`` for every game.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from tabletop.errors import LayoutError, TabletopError
from tabletop.games.contract import Game, State
from tabletop.games.layoutfile import Source, Table, parse_toml, read_text, to_toml
from tabletop.games.pngtext import is_png, layout_text_of_png
from tabletop.games.registry import game_names, game_of, get_game
from tabletop.games.safefiles import shown_path

if TYPE_CHECKING:
    from pathlib import Path


def from_data(data: dict[str, Any], source: Source) -> tuple[Game, State]:
    """The game and state described by parsed layout ``data``."""
    top = Table(data, source, ())
    name = top.req("game", str)
    try:
        game = get_game(name)
    except TabletopError:
        raise top.error("game", f"{name!r} is not a known game "
                                f"(known: {', '.join(game_names())})") from None
    return game, game.from_layout(top)


def loads(text: str, source_name: str = "<layout>",
          folder: str | Path | None = None) -> tuple[Game, State]:
    """The game and state of layout ``text``; raises :class:`LayoutError` naming the problem.
    ``folder`` is where files the layout names (Almokon ``card_files``) are looked for;
    ``None`` allows none (text from a picture, a recovery file, or code)."""
    source = Source(source_name, text, folder)
    return from_data(parse_toml(text, source_name), source)


def load(path: str | os.PathLike) -> tuple[Game, State]:
    """The game and state of the layout file at ``path`` (it may name files in its folder)."""
    return loads(read_text(path), shown_path(path), os.path.dirname(path) or os.curdir)


def load_board(path: str | os.PathLike) -> tuple[Game, State]:
    """The game and state in ``path``: a layout file, or a PNG picture carrying a layout
    (which may name no files).  Raises :class:`LayoutError`."""
    if is_png(path):
        return loads(layout_text_of_png(path), shown_path(path))
    return load(path)


def to_data(state: State) -> dict[str, Any]:
    """The layout tables of ``state``, ``game`` first."""
    game = game_of(state)
    return {"game": game.name, **game.to_layout(state)}


def dumps(state: State) -> str:
    """``state`` as layout TOML text."""
    return to_toml(to_data(state))


def save(path: str | os.PathLike, state: State, template: str | None = None) -> None:
    """Write ``state`` to ``path`` atomically (the old file stays whole if anything fails).
    With ``template`` (the text of the layout file the board came from, or of the file being
    overwritten) the new text keeps its comments, key order and layout where the board still
    has them (:func:`tabletop.games.layoutkeep.keep_format`)."""
    text = dumps(state)
    if template:
        text = _kept(template, state) or text
    try:
        loads(text, str(path))
    except LayoutError as exc:  # the state itself is broken: never write it
        raise LayoutError(f"not saved, the board breaks a layout rule: {exc.message}",
                          source=str(path)) from None
    from tabletop.games.atomicwrite import write_atomic  # only a save writes

    write_atomic(path, text)


def _kept(template: str, state: State) -> str:
    """``state`` written in the format of ``template``, or ``""`` when that text would not
    load back as exactly ``state``."""
    try:
        was = to_data(loads(template)[1])
    except TabletopError:
        was = None
    from tabletop.games.layoutkeep import keep_format  # tomlkit: only a save needs it

    text = keep_format(template, to_data(state), was)
    try:
        return text if loads(text)[1] == state else ""
    except TabletopError:
        return ""
