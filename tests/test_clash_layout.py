"""Clash layout files (``layouts-and-query.md``, *Layout files*): every bad input gets one
clear line naming the file, the line, the piece or key and the rule, exit code 2 and no
traceback; a layout survives save and load; a failed save leaves the old file whole."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.cli import main
from tabletop.errors import LayoutError
from tabletop.games import layouts
from tabletop.games.atomicwrite import write_atomic
from tabletop.games.clash.state import ClashState, Knight, Monster, Terrain
from tabletop.spatial.grid import Board, Space, square

GOOD = """game = "clash"
title = "Test"

[board]
rows = 6
cols = 8

[[knights]]
name = "Kara"
at = "B2"

[[monsters]]
name = "Ratwolf"
type = "mob"
at = "D5"
size = 2
facing = "west"

[[terrain]]
name = "Column"
spaces = ["A7"]
keywords = ["obstacle", "obscuring"]
"""


def check(tmp_path: Path, capsys, text: str) -> tuple[int, str]:
    """Run ``tabletop check`` on ``text``; returns the exit code and standard error."""
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    code = main(["check", str(path)])
    out, err = capsys.readouterr()
    return code, err


def line_of(text: str, fragment: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if fragment in line)


def test_the_good_layout_loads(tmp_path, capsys):
    code, err = check(tmp_path, capsys, GOOD)
    assert (code, err) == (0, "")


BAD = [
    # (what, replace this, with this, words the message must hold, the line holding ...)
    ("malformed TOML", 'at = "B2"', 'at = "B2', "not valid TOML", 'at = "B2'),
    ("unknown key", 'at = "B2"', 'at = "B2"\nsped = 5', "sped: is not a known key", "sped"),
    ("wrong type", 'rows = 6', 'rows = "six"', "rows: must be a whole number", "rows"),
    ("off the board", 'at = "B2"', 'at = "B9"', "off the board", 'at = "B9"'),
    ("monster off the board", 'at = "D5"', 'at = "F5"', "G5, which is off the board",
     'at = "F5"'),
    ("overlapping pieces", 'at = "B2"', 'at = "E6"', "overlap Ratwolf", 'at = "E6"'),
    ("on an obstacle", 'at = "B2"', 'at = "A7"', "Column (obstacle)", 'at = "A7"'),
    ("on a chasm", '["obstacle", "obscuring"]', '["chasm"]', "Column (chasm)", None),
    ("size too big", "size = 2", "size = 4", "side must be 1, 2 or 3", "size = 4"),
    ("size zero", "size = 2", "size = 0", "side must be 1, 2 or 3", "size = 0"),
    ("unknown facing", 'facing = "west"', 'facing = "up"', "'up' is not one of", "facing"),
    ("unknown keyword", '"obscuring"]', '"obscurring"]', "'obscurring' is not a Terrain "
     "keyword", "keywords"),
    ("duplicate names", 'name = "Ratwolf"', 'name = "Kara"', "'Kara' is used twice",
     'name = "Kara"\ntype'),
    ("unknown game", 'game = "clash"', 'game = "chess"', "'chess' is not a known game",
     "game"),
    ("name like a label", 'name = "Kara"', 'name = "C4"', "looks like a space label",
     'name = "C4"'),
    ("missing board", "[board]\nrows = 6\ncols = 8\n", "", "missing the table [board]", None),
]


@pytest.mark.parametrize("what,old,new,words,where", BAD, ids=[b[0] for b in BAD])
def test_bad_layouts_get_one_clear_line(tmp_path, capsys, what, old, new, words, where):
    assert old in GOOD
    text = GOOD.replace(old, new, 1)
    if what == "on a chasm":
        text = text.replace('spaces = ["A7"]', 'spaces = ["B2"]')
    code, err = check(tmp_path, capsys, text)
    assert code == 2
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"tabletop: {tmp_path / 'bad.toml'}")
    assert words in err
    if where is not None:
        first, *rest = where.split("\n")
        lines = text.splitlines()
        line = next(i for i, text_line in enumerate(lines, 1) if first in text_line
                    and all(r in lines[i] for r in rest[:1]))
        assert f"bad.toml:{line}:" in err


def test_a_nested_table_error_names_the_piece(tmp_path, capsys):
    code, err = check(tmp_path, capsys, GOOD.replace('facing = "west"', 'facing = "up"'))
    assert code == 2 and 'monster "Ratwolf": facing' in err


def test_array_lines_do_not_confuse_the_line_numbers(tmp_path, capsys):
    text = GOOD.replace('facing = "west"', 'blindspots = [\n  [0, 2],\n  [1, 2]\n]\n'
                                           'facing = "up"')
    code, err = check(tmp_path, capsys, text)
    assert code == 2 and f"bad.toml:{line_of(text, 'facing')}:" in err


def test_notes_text_does_not_confuse_the_line_numbers(tmp_path, capsys):
    text = GOOD.replace('title = "Test"', 'title = "Test"\nnotes = """\n[board]\nrows = 1\n"""')
    text = text.replace("rows = 6", 'rows = "six"')
    code, err = check(tmp_path, capsys, text)
    assert code == 2 and f"bad.toml:{line_of(text, 'six')}:" in err


def test_loads_raises_the_layout_error():
    with pytest.raises(LayoutError, match="is not a known key"):
        layouts.loads(GOOD.replace("[board]", "[board]\ncolour = 1"), "x.toml")


def test_a_boss_may_stand_on_an_obstacle_but_a_mob_may_not():
    """Rulebook, *Boss Movement Through and Onto Terrain Spaces*: a Boss Monster can move onto
    Obstacles, so a board with a Boss on one must load (and a saved game must reopen)."""
    on_column = GOOD.replace('at = "D5"', 'at = "A6"')
    with pytest.raises(LayoutError, match=r"A7, which is Column \(obstacle\)"):
        layouts.loads(on_column)
    state = layouts.loads(on_column.replace('type = "mob"', 'type = "boss"'))[1]
    assert state.monsters[0].at == Space.parse("A6")


def test_carriage_returns_in_notes_survive_save_and_load():
    state = layouts.loads(GOOD)[1]
    noted = layouts.loads(layouts.dumps(state).replace('title = "Test"',
                                                      'title = "Test"\nnotes = "a\\r\\nb"'))[1]
    assert noted.notes == "a\r\nb"
    assert layouts.loads(layouts.dumps(noted))[1] == noted


def test_shipped_clash_layouts_round_trip():
    for path in sorted(Path(__file__).resolve().parent.parent.glob("layouts/clash-*.toml")):
        game, state = layouts.load(path)
        assert layouts.loads(layouts.dumps(state))[1] == state, path.name


def test_a_failed_save_leaves_the_old_file_whole(tmp_path, monkeypatch):
    path = tmp_path / "keep.toml"
    path.write_text(GOOD, encoding="utf-8")
    _, state = layouts.loads(GOOD)

    def broken_fsync(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(LayoutError, match="cannot be written: No space left"):
        layouts.save(path, state)
    assert path.read_text(encoding="utf-8") == GOOD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.toml"]


def test_write_atomic_replaces_the_file_whole(tmp_path):
    path = tmp_path / "x.toml"
    path.write_text("old", encoding="utf-8")
    write_atomic(path, "new")
    assert path.read_text(encoding="utf-8") == "new"


@st.composite
def clash_states(draw) -> ClashState:
    """Legal Clash states: pieces on the board, apart, never on an obstacle or chasm."""
    board = Board(draw(st.integers(4, 9)), draw(st.integers(4, 9)))
    taken: set[Space] = set()
    monsters = []
    for i in range(draw(st.integers(0, 2))):
        size = draw(st.integers(1, 3))
        at = Space(draw(st.integers(0, board.rows - size)), draw(st.integers(0, board.cols - size)))
        if taken & set(square(at, size)):
            continue
        taken |= set(square(at, size))
        monsters.append(Monster(
            f"Monster {i}", draw(st.sampled_from(("boss", "mob"))), at, size,
            draw(st.sampled_from(("north", "east", "south", "west"))),
            tuple(draw(st.lists(st.tuples(st.integers(-1, 3), st.integers(-1, 3)), max_size=3)))))
    knights = []
    for i in range(draw(st.integers(0, 4))):
        at = Space(draw(st.integers(0, board.rows - 1)), draw(st.integers(0, board.cols - 1)))
        if at in taken:
            continue
        taken.add(at)
        knights.append(Knight(f"Knight {i}", at, draw(st.integers(0, 8))))
    terrain = []
    for i in range(draw(st.integers(0, 3))):
        at = Space(draw(st.integers(0, board.rows - 1)), draw(st.integers(0, board.cols - 1)))
        keywords = draw(st.lists(st.sampled_from(("obstacle", "obscuring", "difficult",
                                                  "chasm", "destructible")), unique=True))
        if at in taken and {"obstacle", "chasm"} & set(keywords):
            continue
        terrain.append(Terrain(f"Tile {i}", (at,), tuple(keywords)))
    return ClashState(board=board, knights=tuple(knights), monsters=tuple(monsters),
                      terrain=tuple(terrain), title=draw(st.text(max_size=20)),
                      notes=draw(st.text(max_size=40)))


@settings(max_examples=60, deadline=None)
@given(clash_states())
def test_a_layout_survives_save_and_load(state):
    assert layouts.loads(layouts.dumps(state))[1] == state
