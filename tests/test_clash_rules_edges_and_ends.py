"""Checks for three kinds of mistake, each where the Clash rules core could make it: geometry
from centres where the rulebook speaks of edges or spaces; a silent intermediate placement
that skips a rule firing on the end position; a list where the rulebook has numbered slots
(the Mob track: tests/test_clash_rules_activations.py)."""

from clash_boards import board
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.clash.actions import Forced, MonsterMove
from tabletop.games.clash.rules import outcomes
from tabletop.spatial import facing
from tabletop.spatial import forced as directions
from tabletop.spatial.grid import Board, Space, square


@settings(max_examples=120, derandomize=True)
@given(st.integers(1, 3), st.integers(1, 3), st.sampled_from(["north", "east", "south", "west"]),
       st.integers(0, 4))
def test_directly_away_from_an_adjacent_piece_is_the_edge_they_share(size, other, side, slide):
    """"Directly away from the source in a straight line" is read from the pieces' centres
    (docs/clash-rules.md); for pieces that touch along an edge (every square footprint of the
    game, sides 1 to 3) the centres give exactly the side of the shared edge, wherever along
    the edge the mover lies."""
    src = square(Space(10, 10), size)
    shift = min(slide, size + other - 2) - (other - 1)      # the mover's span overlaps the edge
    corner = {"north": Space(10 - other, 10 + shift), "south": Space(10 + size, 10 + shift),
              "west": Space(10 + shift, 10 - other), "east": Space(10 + shift, 10 + size)}[side]
    mover = square(corner, other)
    assert directions.away(src, mover) == (side,)


def test_in_front_is_beyond_the_front_edge_not_by_the_centre():
    """*Monster Facing*: "all spaces beyond this line" (the line along the front edge) are in
    front: a space level with the front edge's row is not, however far to the side."""
    ahead = facing.front(Board(8, 8), Space(2, 2), 3, "north")
    assert Space(1, 7) in ahead and Space(2, 7) not in ahead


FIELD = """
[board]
rows = 7
cols = 7
[[monsters]]
name = "Ogre"
type = "boss"
at = "C3"
size = 3
facing = "north"
unavoidable_knockback = 2
"""


def test_forced_vault_lands_opposite_across_the_edge_it_touches():
    """*Forced Vault*: "place its miniature on a space in a straight line from the source, on
    the opposite side of the source, adjacent to it" — a Knight on the north edge's east end
    lands south of the Monster in its own column."""
    text = FIELD + '[[knights]]\nname = "Kara"\nat = "B5"\n'
    [r] = outcomes(board(text), Forced("forced vault", "Ogre", "Kara"))
    assert str(r.state.knight("Kara").at) == "F5"


def test_appear_onto_a_knight_crashes_it_before_the_unavoidable_knockback():
    """*Monster Movement Types*: special types "still adhere to standard Monster Movement
    rules"; *Ending Boss Monster Movement on a Knight Space*: "that Knight suffers Crash and
    Unavoidable Knockback" — Appear X places the Boss with nothing in between."""
    text = FIELD + '[[knights]]\nname = "Kara"\nat = "G7"\n'
    results = outcomes(board(text), MonsterMove("Ogre", "E5", "appear"))
    assert results
    for r in results:
        kinds = [e.kind for e in r.events if e.piece == "Kara"]
        assert kinds[:2] == ["crash", "unavoidable-knockback"]


def test_a_walking_boss_crashes_a_knight_once_then_knocks_it_back():
    """*Boss Monster Movement Through Knight Spaces*: "a Knight on a space the Boss Monster
    moved through or onto suffers Crash"; ending on it, "Crash and Unavoidable Knockback": one
    Crash in the movement (when first covered), then the Knockback."""
    text = FIELD + '[[knights]]\nname = "Kara"\nat = "B4"\n'
    results = outcomes(board(text), MonsterMove("Ogre", "north", "move to", limit=1))
    assert results
    for r in results:
        kinds = [e.kind for e in r.events if e.piece == "Kara"]
        assert kinds.count("crash") == 1 and "unavoidable-knockback" in kinds
        assert r.state.knight("Kara").vigor == 9
