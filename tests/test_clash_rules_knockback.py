"""Knockback X (rulebook Keyword List: Knockback; Involuntary Movement)."""

from clash_boards import board

from tabletop.games.clash.forced import Branch, knockback
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
    assert [e.kind for e in b.events][:2] == ["edge", "stopped"]


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
