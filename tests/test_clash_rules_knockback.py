"""Knockback X (rulebook Keyword List: Knockback; Involuntary Movement)."""

from pathlib import Path

import pytest
from clash_boards import board

from tabletop.errors import IllegalActionError
from tabletop.games.clash.actions import Forced
from tabletop.games.clash.forced_kinds import KINDS
from tabletop.games.clash.forced_steps import Branch, knockback
from tabletop.games.clash.rules import outcomes
from tabletop.spatial.grid import Space


def kb(text: str, source: str, target: str, amount: int, **kw):
    return knockback(Branch(board(text)), source, target, amount, **kw)


ROW = """
[board]
rows = 3
cols = 8
[[monsters]]
name = "Eggknight"
type = "boss"
at = "B1"
[[knights]]
name = "Kara"
at = "B2"
"""


def test_knockback_moves_straight_away_from_the_source():
    [b] = kb(ROW, "Eggknight", "Kara", 3)
    assert b.state.knight("Kara").at == Space.parse("B5")
    assert b.choices == ()


def test_knockback_into_an_indestructible_obstacle_stops_adjacent_with_crash():
    [b] = kb(ROW + """
[[terrain]]
name = "Wall"
spaces = ["B4"]
keywords = ["obstacle", "indestructible"]
""", "Eggknight", "Kara", 3)
    kara = b.state.knight("Kara")
    assert kara.at == Space.parse("B3") and kara.vigor == 9 and kara.knockdown == "falling"
    assert b.state.tile("Wall") is not None


def test_knockback_into_a_column_destroys_it_and_stops_on_its_space_with_crash():
    [b] = kb(ROW + """
[[terrain]]
name = "Column"
spaces = ["B4"]
keywords = ["obstacle", "obscuring", "destructible"]
""", "Eggknight", "Kara", 3)
    kara = b.state.knight("Kara")
    assert kara.at == Space.parse("B4") and kara.vigor == 9 and kara.knockdown == "falling"
    assert b.state.tile("Column") is None


def test_knockback_over_a_chasm_is_survived_but_ending_on_it_kills():
    chasm = ROW + """
[[terrain]]
name = "Pit"
spaces = ["B4"]
keywords = ["chasm"]
"""
    [b] = kb(chasm, "Eggknight", "Kara", 3)
    assert b.state.knight("Kara").at == Space.parse("B5")
    [b] = kb(chasm, "Eggknight", "Kara", 2)
    assert b.state.knight("Kara") is None
    assert any(e.kind == "died" for e in b.events)


def test_knockback_into_the_board_edge_slides_away_from_the_source():
    text = """
[board]
rows = 4
cols = 4
[[monsters]]
name = "Eggknight"
type = "boss"
at = "B1"
size = 2
[[knights]]
name = "Kara"
at = "C3"
"""
    # Kara is east of the lower half: knocked east to C4, then south along the edge to D4,
    # and the corner ends the movement.
    [b] = kb(text, "Eggknight", "Kara", 3)
    assert b.state.knight("Kara").at == Space.parse("D4")
    assert [e.kind for e in b.events][:4] == ["pushed", "edge", "pushed", "stopped"]


def test_edge_slide_ties_are_offered():
    text = """
[board]
rows = 5
cols = 3
[[monsters]]
name = "Eggknight"
type = "boss"
at = "C1"
[[knights]]
name = "Kara"
at = "C2"
"""
    results = kb(text, "Eggknight", "Kara", 3)
    ends = sorted(str(b.state.knight("Kara").at) for b in results)
    assert ends == ["A3", "E3"]
    assert all(len(b.choices) == 1 for b in results)


def test_knockback_through_a_knight_and_ending_on_one_displaces_it():
    text = ROW + """
[[knights]]
name = "Odo"
at = "B4"
"""
    results = kb(text, "Eggknight", "Kara", 2)
    assert {b.state.knight("Kara").at for b in results} == {Space.parse("B4")}
    assert sorted(str(b.state.knight("Odo").at) for b in results) == ["A4", "B3", "B5", "C4"]
    [b] = kb(text, "Eggknight", "Kara", 3)
    assert b.state.knight("Odo").at == Space.parse("B4")


def test_knockback_into_a_boss_is_a_crash_and_stops_adjacent():
    [b] = kb(ROW + """
[[monsters]]
name = "Troll"
type = "boss"
at = "B4"
""", "Eggknight", "Kara", 3)
    assert b.state.knight("Kara").at == Space.parse("B3")
    assert b.state.knight("Kara").knockdown == "falling"


def test_stalwart_offers_to_ignore_and_braced_cannot_be_moved():
    text = ROW.replace('at = "B2"', 'at = "B2"\nabilities = ["stalwart"]')
    results = kb(text, "Eggknight", "Kara", 2)
    assert sorted(str(b.state.knight("Kara").at) for b in results) == ["B2", "B4"]
    text = ROW.replace('at = "B2"', 'at = "B2"\nabilities = ["braced"]')
    [b] = kb(text, "Eggknight", "Kara", 2)
    assert b.state.knight("Kara").at == Space.parse("B2")


def test_unavoidable_knockback_moves_even_a_braced_knight():
    """*Ending Boss Monster Movement on a Knight Space*: the Unavoidable Knockback "cannot be
    lowered or ignored in any way other than effects that cause you to stop (such as colliding
    with an Obstacle) or effects that specifically refer to Unavoidable Knockback".  Braced
    ("You cannot be involuntarily moved") does not refer to it, so it does not stop it."""
    text = ROW.replace('at = "B2"', 'at = "B2"\nabilities = ["braced", "stalwart"]')
    [b] = kb(text, "Eggknight", "Kara", 2, unavoidable=True)
    assert b.state.knight("Kara").at == Space.parse("B4")
    assert b.choices == ()


def test_lumbering_monster_is_not_moved():
    text = ROW.replace('at = "B1"', 'at = "B1"\ntraits = ["lumbering"]')
    [b] = kb(text, "Kara", "Eggknight", 2)
    assert b.state.monster("Eggknight").at == Space.parse("B1")


def test_jump_is_offered_over_a_single_obstacle_space():
    text = ROW.replace('at = "B2"', 'at = "B2"\nabilities = ["jump"]') + """
[[terrain]]
name = "Wall"
spaces = ["B4"]
keywords = ["obstacle", "indestructible"]
"""
    results = kb(text, "Eggknight", "Kara", 3)
    assert sorted(str(b.state.knight("Kara").at) for b in results) == ["B3", "B5"]


def test_knockback_to_the_side_moves_perpendicular_away_from_the_source():
    text = """
[board]
rows = 6
cols = 6
[[monsters]]
name = "Eggknight"
type = "boss"
at = "C2"
size = 2
[[knights]]
name = "Kara"
at = "B3"
"""
    [b] = kb(text, "Eggknight", "Kara", 2, side=True)
    assert b.state.knight("Kara").at == Space.parse("B5")   # east half of the Monster: east


def test_diagonal_knockback_offers_both_ways():
    text = ROW.replace('at = "B2"', 'at = "A2"')
    results = kb(text, "Eggknight", "Kara", 1)
    assert len(results) == 2


def test_knockback_beyond_a_boundless_board_edge_kills():
    text = ROW.replace("cols = 8", "cols = 4\nboundless = [\"east\"]")
    [b] = kb(text, "Eggknight", "Kara", 3)
    assert b.state.knight("Kara") is None
    assert any(e.kind == "died" and "Boundless" in e.rule for e in b.events)
    results = kb(text.replace('boundless = ["east"]', 'boundless = ["west"]'), "Eggknight",
                 "Kara", 3)
    assert results and all(b.state.knight("Kara") is not None for b in results)


def test_boundless_edges_round_trip():
    from tabletop.games.layouts import dumps, loads

    state = board(ROW.replace("cols = 8", "cols = 8\nboundless = [\"west\", \"east\"]"))
    assert state.boundless_edges == ("east", "west")
    assert loads(dumps(state))[1] == state


DIRECTIONAL = """
[board]
rows = 7
cols = 7
[[monsters]]
name = "Ogre"
type = "boss"
at = "C3"
size = 2
facing = "east"
[[knights]]
name = "Kara"
at = "C5"
"""


@pytest.mark.parametrize(("way", "end"), [
    ("left", "A6"), ("right", "F5"), ("forward", "B7"), ("north", "A6"), ("south", "F5"),
    ("east", "B7")])
def test_directional_knockback_goes_the_named_way(way, end):
    """*Keyword List: Knockback X*: "Move the affected miniature up to X spaces directly away
    from the source of Knockback in a straight line (or in a specified direction in case of
    directional Knockback)"; "Knockback 5 to the left". The Ogre faces east: its left is
    north, its right south, forward east (north and east meet the Board Edge and slide along
    it away from the Ogre)."""
    [r] = outcomes(board(DIRECTIONAL), Forced("directional knockback", "Ogre", "Kara", 3,
                                              direction=way))
    assert str(r.state.knight("Kara").at) == end


def test_directional_knockback_back_toward_a_boss_source_stops_with_crash():
    """Back is toward the Ogre: the Knight "stops" before a Boss and suffers Crash, as when
    involuntarily moved into any Boss."""
    [r] = outcomes(board(DIRECTIONAL), Forced("directional knockback", "Ogre", "Kara", 3,
                                              direction="back"))
    assert str(r.state.knight("Kara").at) == "C5"
    assert any(e.kind == "crash" and e.piece == "Kara" for e in r.events)


def test_directional_knockback_keeps_stalwart_and_the_board_edge_rules():
    """Stalwart: "When you are about to suffer Knockback, you may use this ability to ignore
    it"; at the Board Edge it "continues to move along the edge, if possible, away from the
    source of Knockback"."""
    text = DIRECTIONAL.replace('at = "C5"', 'at = "B5"\nabilities = ["stalwart"]')
    results = outcomes(board(text), Forced("directional knockback", "Ogre", "Kara", 3,
                                           direction="north"))
    assert sorted(r.label for r in results) == ["Kara suffers the Knockback",
                                                "Kara uses Stalwart to ignore it"]
    moved = next(r for r in results if "suffers" in r.label)
    assert str(moved.state.knight("Kara").at) == "A7"      # A5, then along the edge east


def test_directional_knockback_needs_a_direction_and_a_knight_names_a_compass_one():
    with pytest.raises(IllegalActionError, match="needs one"):
        outcomes(board(DIRECTIONAL), Forced("directional knockback", "Ogre", "Kara", 2))
    with pytest.raises(IllegalActionError, match="has no facing"):
        outcomes(board(DIRECTIONAL), Forced("directional knockback", "Kara", "Ogre", 2,
                                            direction="left"))
    [r] = outcomes(board(DIRECTIONAL), Forced("directional knockback", "Kara", "Ogre", 1,
                                              direction="south"))
    assert str(r.state.monster("Ogre").at) == "D3"


def test_every_forced_kind_is_documented_with_its_sentence_and_arguments():
    """The table of forced-movement kinds and docs/clash-rules.md say the same."""
    docs = (Path(__file__).resolve().parent.parent / "docs" / "clash-rules.md").read_text()
    for kind in KINDS:
        assert f"| `{kind.name}` | `{kind.arguments()}` | {kind.label} |" in docs
        assert kind.sentence in docs
