"""Kingdom layouts: every broken rule named with file and line, nothing half-loaded, round
trip, tiles laid by their paths when the layout gives no place."""

from pathlib import Path

import pytest

from tabletop.errors import LayoutError
from tabletop.games import layouts

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"
KINGDOM_LAYOUTS = sorted(LAYOUTS.glob("kingdom-*.toml"))

BASE = """\
game = "kingdom"

[party]
tile = "1"

[[districts]]
name = "Ash"
monster = "Gorewing"

[[tiles]]
id = "1"
name = "Gate"
size = "medium"
district = "Ash"
status = "explored"
paths = [{ side = "east", to = "2", size = "small" }]

[[tiles]]
id = "2"
name = "Tower"
size = "small"
district = "Ash"
status = "face-down"
paths = [{ side = "west", to = "1" }]
"""


def test_a_minimal_layout_loads_and_lays_its_face_down_tile_against_the_path():
    state = layouts.loads(BASE)[1]
    assert state.tile("1").at == (0, 0)
    assert state.tile("2").at == (2, 0)  # a Medium tile is 2 cells wide


@pytest.mark.parametrize("path", KINGDOM_LAYOUTS, ids=lambda p: p.name)
def test_shipped_kingdom_layouts_round_trip(path):
    state = layouts.load(path)[1]
    assert layouts.loads(layouts.dumps(state))[1] == state


BAD = {
    "unknown key": (BASE.replace('size = "small"\ndistrict', 'colour = "red"\nsize = "small"\n'
                                 'district'), "colour: is not a known key here"),
    "unknown size": (BASE.replace('size = "medium"', 'size = "huge"'),
                     "'huge' is not one of small, medium, large, extra large"),
    "duplicate id": (BASE.replace('id = "2"', 'id = "1"'), "'1' is used by two tiles"),
    "path to an unlisted tile": (BASE.replace('to = "2", size', 'to = "9", size'),
                                 "leads to tile '9', which the layout does not list"),
    "path size disagrees": (BASE.replace('size = "small" }', 'size = "large" }'),
                            "says large, but tile '2' is small"),
    "no path back": (BASE.replace('paths = [{ side = "west", to = "1" }]', ''),
                     "has no tile path back to '1' on its west side"),
    "wrong side back": (BASE.replace('side = "west", to = "1"', 'side = "north", to = "1"'),
                        "no tile path back"),
    "offset off the side": (BASE.replace('{ side = "east", to', '{ side = "east", offset = 1, to'),
                            "the east side of a 2 x 1 tile has 1 cell"),
    "party on a face-down tile": (BASE.replace('tile = "1"', 'tile = "2"'),
                                  "stands on an explored tile, but tile '2' is face-down"),
    "unknown district": (BASE.replace('district = "Ash"\nstatus = "face-down"',
                                      'district = "Mire"\nstatus = "face-down"'),
                         "'Mire' is not one of the districts"),
    "monster not on the wheel": (BASE + '[[monster_tokens]]\nmonster = "Hydra"\ntile = "2"\n',
                                 "'Hydra' has no token on the District Wheel"),
    "token off the table": (BASE + '[[tiles]]\nid = "3"\nname = "Crypt"\nsize = "small"\n'
                            'district = "Ash"\n[[monster_tokens]]\nmonster = "Gorewing"\n'
                            'tile = "3"\n', "tile '3' is not on the table"),
    "hindering on no path": (BASE + '[[hindering]]\nkind = "flood"\ntile = "1"\nside = "west"\n',
                             "has no path on its west side"),
    "unknown hindering": (BASE + '[[hindering]]\nkind = "lava"\ntile = "1"\nside = "east"\n',
                          "'lava' is not one of"),
    "threat over its max": (BASE + '[track]\nthreat = 5\nthreat_max = 4\n', "must be 0 to 4"),
    "bad hunt space": (BASE + '[track]\nhunt_spaces = [[12, 1]]\n', "each Hunt Space is"),
    "overlapping tiles": (BASE.replace('status = "face-down"', 'status = "face-down"\nat = [1, 0]')
                          .replace('status = "explored"', 'status = "explored"\nat = [0, 0]'),
                          "would lie on tile '1'"),
    "fog without the phase": (BASE + '[fog]\ntarget = "2"\norigin = "1"\npath = [[0, 0]]\n'
                              '[[fog.cards]]\nname = "Ivy"\nvalue = 1\nat = [0, 0]\n',
                              'goes with phase "deep-fog"'),
    "deep-fog phase without fog": (BASE + '[delve]\nphase = "deep-fog"\n', "no [fog] table"),
    "deep fog path with a destination": (BASE.replace('{ side = "east", to = "2", size = '
                                                      '"small" }', '{ side = "east", to = "2", '
                                                      'kind = "deep-fog" }'),
                                         "a Deep Fog path leads into the Fog"),
    "two paths from one place": (BASE.replace('paths = [{ side = "west", to = "1" }]',
                                              'paths = [{ side = "west", to = "1" }, '
                                              '{ side = "west", kind = "deep-fog" }]'),
                                 "two paths leave tile '2' from the same place"),
    "a saved question about nothing": (BASE + '[[pending]]\nkind = "hunt-end"\nsubject = '
                                       '"Gorewing"\noptions = ["9"]\ntext = "Where?"\n',
                                       "offers tiles on the table only"),
    "a saved clue question without options": (BASE + '[[pending]]\nkind = "clue"\ntext = '
                                              '"Which?"\n', "has no options"),
    "a crooked Deep Fog path": (BASE + '[delve]\nphase = "deep-fog"\n[fog]\ntarget = "2"\n'
                                'origin = "1"\nheading = "east"\npath = [[0, 0], [0, 1]]\n'
                                '[[fog.cards]]\nname = "A"\nvalue = 1\nat = [0, 0]\n'
                                '[[fog.cards]]\nname = "B"\nvalue = 1\nat = [0, 1]\n',
                                "a Deep Fog path is a straight line"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_layouts_name_the_broken_rule(name):
    text, message = BAD[name]
    with pytest.raises(LayoutError) as caught:
        layouts.loads(text, "bad.toml")
    assert message in str(caught.value)
    assert str(caught.value).startswith("bad.toml")
    assert "\n" not in str(caught.value)


def test_kingdom_setup_the_explored_tiles_neighbours_lie_face_down_on_the_table():
    """Rulebook *Kingdom Setup*: "check the tile for paths leading out of it, locate the
    appropriate tiles, place them face down adjacent to the starting tile"; *Kingdom Tile
    Step*: "find all the Kingdom tiles that correspond to the paths on the current tile and
    place them adjacent".  A layout with such a tile still in the box is refused."""
    text = BASE.replace('status = "face-down"', 'status = "box"')
    with pytest.raises(LayoutError, match="still in the box.*Kingdom Setup"):
        layouts.loads(text, "bad.toml")


def test_errors_carry_the_line_of_the_key():
    text = BASE.replace('size = "medium"', 'size = "huge"')
    with pytest.raises(LayoutError) as caught:
        layouts.loads(text, "bad.toml")
    assert caught.value.line == text.splitlines().index('size = "huge"') + 1


def test_a_failed_save_leaves_the_old_file(tmp_path):
    from dataclasses import replace

    target = tmp_path / "k.toml"
    target.write_text(BASE)
    state = layouts.loads(BASE)[1]
    broken = replace(state, party="2")
    with pytest.raises(LayoutError):
        layouts.save(target, broken)
    assert target.read_text() == BASE
