"""A Boss ending a Jump or Land on Top on Knights (rulebook *Monster Movement Types*, *Ending
Boss Monster Movement on a Knight Space*), on small boards built for each sentence."""

from clash_boards import board

from tabletop.games.clash.actions import MonsterMove
from tabletop.games.clash.rules import outcomes


def kinds(branch, piece: str) -> list[str]:
    """The kinds of ``branch``'s events about ``piece``, in order."""
    return [e.kind for e in branch.events if e.piece == piece]


# A 2x2 Boss on A1-B2 facing east; Kara on B5, Odo on B6. The Boss jumps toward Odo: the
# shortest paths end on B4-C5 or A4-B5, over Kara; Bram on B4 lies under the end of every one.
JUMP = """
[board]
rows = 6
cols = 8
[[monsters]]
name = "Ogre"
type = "boss"
at = "A1"
size = 2
facing = "east"
unavoidable_knockback = 2
[[knights]]
name = "Odo"
at = "B7"
[[knights]]
name = "Bram"
at = "B5"
"""


def test_jump_ending_on_a_knight_crashes_it_and_knocks_it_back():
    """*Monster Movement Types*: "Jump: This movement does not cause Crash or destroy Terrain
    tiles, with the exception of Knights and Terrain tiles the Monster ends this movement on";
    *Ending Boss Monster Movement on a Knight Space*: "that Knight suffers Crash and
    Unavoidable Knockback" — Bram is under the Boss's last and its last-but-one positions of
    the Jump, and suffers both."""
    results = outcomes(board(JUMP), MonsterMove("Ogre", "Odo", "jump"))
    assert results
    for r in results:
        ogre = r.state.monster("Ogre")
        assert str(ogre.at) in ("A5", "B5")         # ends next to Odo, covering Bram
        assert kinds(r, "Bram")[:2] == ["crash", "unavoidable-knockback"]
        crash = next(e for e in r.events if e.kind == "crash")
        assert crash.rule == "Ending Boss Monster Movement on a Knight Space"
        assert r.state.knight("Bram").knockdown == "falling"
        assert r.state.knight("Bram").at not in ogre.spaces


def test_jump_crashes_nobody_it_only_passes_over():
    """"This movement does not cause Crash ... with the exception of Knights ... the Monster
    ends this movement on" — Kara, jumped over on B3, is untouched."""
    text = JUMP + '[[knights]]\nname = "Kara"\nat = "A3"\n'
    for r in outcomes(board(text), MonsterMove("Ogre", "Odo", "jump")):
        assert kinds(r, "Kara") == []
        assert r.state.knight("Kara").vigor == 10


# Land on Top: the Boss lands covering Kara (its Target) and Bram beside her.
LAND = """
[board]
rows = 6
cols = 8
[[monsters]]
name = "Ogre"
type = "boss"
at = "C1"
size = 2
facing = "east"
unavoidable_knockback = 3
[[knights]]
name = "Kara"
at = "C6"
[[knights]]
name = "Bram"
at = "D6"
"""


def test_land_on_top_crashes_every_other_knight_under_the_landing():
    """*Monster Movement Types*: "Land on Top: A subtype of Jump. End movement on a space
    currently occupied by the Target ... Displace the Target to a front space (does not cause
    Crash or Unavoidable Knockback)"; every other Knight the Boss ends on "suffers Crash and
    Unavoidable Knockback"."""
    results = outcomes(board(LAND), MonsterMove("Ogre", "Kara", "land on top"))
    assert results
    landed_on_bram = [r for r in results
                      if any(e.kind == "unavoidable-knockback" and e.piece == "Bram"
                             for e in r.events)]
    assert landed_on_bram
    for r in results:
        assert "crash" not in kinds(r, "Kara")
        assert "unavoidable-knockback" not in kinds(r, "Kara")
        assert kinds(r, "Kara")[0] == "displaced"
    for r in landed_on_bram:
        assert kinds(r, "Bram")[:2] == ["crash", "unavoidable-knockback"]
        assert r.state.knight("Bram").vigor == 9


def test_land_on_top_with_the_other_knight_under_the_last_but_one_position():
    """The same for a Knight that was already under the Boss's position just before it
    landed (a Jump causes nothing on the way, so the landing is where Crash happens)."""
    text = LAND.replace('at = "C1"', 'at = "C3"').replace('at = "D6"', 'at = "D5"')
    results = outcomes(board(text), MonsterMove("Ogre", "Kara", "land on top"))
    ends = [r for r in results if str(r.state.monster("Ogre").at) == "C5"]
    assert ends
    for r in ends:
        assert kinds(r, "Bram")[:2] == ["crash", "unavoidable-knockback"]
