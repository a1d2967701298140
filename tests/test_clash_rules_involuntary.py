"""Pushback, Pull, Drag, Displace, Forced Vault (rulebook Keyword List, Involuntary Movement)."""

import pytest
from clash_boards import board

from tabletop.errors import IllegalActionError
from tabletop.games.clash.actions import FORCED_KINDS, Forced
from tabletop.games.clash.branching_actions import source_problem
from tabletop.games.clash.rules import apply, outcomes
from tabletop.spatial.grid import Space


def at(state, name):
    piece = state.pieces.get(name)
    return None if piece is None else str(piece.at)


def lane(source_type: str = "boss", extra: str = "") -> str:
    """A 3 x 8 lane: the source on B2, Kara on B3."""
    return f"""
[board]
rows = 3
cols = 8
[[monsters]]
name = "Brute"
type = "{source_type}"
at = "B2"
facing = "west"
[[knights]]
name = "Kara"
at = "B3"
""" + extra


def test_pushback_turns_the_source_and_moves_both():
    [r] = outcomes(board(lane()), Forced("pushback", "Brute", "Kara", 3))
    assert at(r.state, "Kara") == "B6" and at(r.state, "Brute") == "B5"
    assert r.state.monster("Brute").facing == "east"


def test_pushback_by_a_boss_pushes_through_knights_and_displaces_the_one_it_ends_on():
    text = lane(extra='[[knights]]\nname = "Odo"\nat = "B5"\n')
    results = outcomes(board(text), Forced("pushback", "Brute", "Kara", 2))
    assert {at(r.state, "Kara") for r in results} == {"B5"}
    assert sorted(at(r.state, "Odo") for r in results) == ["A5", "B6", "C5"]


def test_pushback_by_a_mob_stops_at_a_miniature():
    text = lane("mob", '[[knights]]\nname = "Odo"\nat = "B5"\n')
    [r] = outcomes(board(text), Forced("pushback", "Brute", "Kara", 3))
    assert at(r.state, "Kara") == "B4" and at(r.state, "Odo") == "B5"


def test_pushback_into_an_indestructible_obstacle_by_a_mob_stops_with_crash():
    text = lane("mob", '[[terrain]]\nname = "Wall"\nspaces = ["B5"]\n'
                       'keywords = ["obstacle", "indestructible"]\n')
    [r] = outcomes(board(text), Forced("pushback", "Brute", "Kara", 3))
    assert at(r.state, "Kara") == "B4" and r.state.knight("Kara").knockdown == "falling"


def test_pushback_into_an_indestructible_obstacle_by_a_boss_displaces_and_continues():
    text = lane(extra='[[terrain]]\nname = "Wall"\nspaces = ["B5"]\n'
                      'keywords = ["obstacle", "indestructible"]\n')
    results = outcomes(board(text), Forced("pushback", "Brute", "Kara", 3))
    # Displaced north or south (players choose), then pushed into the Board Edge of the 3-row
    # lane and Displaced again along it: four outcomes, the Brute always moves its 3 spaces.
    assert len(results) == 4
    assert len({r.choices for r in results}) == 4
    for r in results:
        assert r.state.monster("Brute").at.col == 3
        assert r.state.knight("Kara") is not None
        assert any(e.kind == "displaced" for e in r.events)


def test_pushback_through_a_chasm_kills_a_knight():
    text = lane(extra='[[terrain]]\nname = "Pit"\nspaces = ["B5"]\nkeywords = ["chasm"]\n')
    [r] = outcomes(board(text), Forced("pushback", "Brute", "Kara", 3))
    assert r.state.knight("Kara") is None


def test_pull_moves_toward_the_source_until_adjacent():
    text = lane().replace('at = "B3"', 'at = "B7"')
    [r] = outcomes(board(text), Forced("pull", "Brute", "Kara", 6))
    assert at(r.state, "Kara") == "B3"
    assert r.state.monster("Brute").facing == "east"


def test_pull_through_a_chasm_kills_a_knight():
    text = lane(extra='[[terrain]]\nname = "Pit"\nspaces = ["B5"]\nkeywords = ["chasm"]\n')
    text = text.replace('at = "B3"', 'at = "B7"')
    [r] = outcomes(board(text), Forced("pull", "Brute", "Kara", 6))
    assert r.state.knight("Kara") is None


def test_pull_around_an_indestructible_obstacle_costs_a_crash():
    text = lane(extra='[[terrain]]\nname = "Wall"\nspaces = ["B5"]\n'
                      'keywords = ["obstacle", "indestructible"]\n').replace('at = "B3"',
                                                                               'at = "B7"')
    results = outcomes(board(text), Forced("pull", "Brute", "Kara", 6))
    for r in results:
        assert r.state.knight("Kara").vigor == 9
        assert r.state.knight("Kara").at.col < 4


def test_drag_by_a_mob_stops_at_miniatures_on_the_path():
    text = """
[board]
rows = 3
cols = 8
[[monsters]]
name = "Rat"
type = "mob"
at = "B4"
[[knights]]
name = "Kara"
at = "B5"
[[knights]]
name = "Odo"
at = "B2"
"""
    [r] = outcomes(board(text), Forced("drag", "Rat", "Kara", 3))
    assert at(r.state, "Rat") == "B3"      # the mob walks until Odo blocks it
    assert at(r.state, "Kara") == "B4"


def test_drag_into_an_indestructible_obstacle_stops_with_crash():
    text = lane(extra='[[terrain]]\nname = "Wall"\nspaces = ["B1"]\n'
                      'keywords = ["obstacle", "indestructible"]\n')
    results = outcomes(board(text), Forced("drag", "Brute", "Kara", 2))
    # the boss walks over the Wall to the Board Edge and slides north or south (no Knight
    # either way: the players choose); Kara follows onto B2 and crashes into the Wall.
    assert sorted(at(r.state, "Brute") for r in results) == ["A1", "C1"]
    for r in results:
        assert at(r.state, "Kara") == "B2" and r.state.knight("Kara").knockdown == "falling"


def test_displace_with_no_free_space_kills_a_knight():
    text = """
[board]
rows = 1
cols = 3
[[monsters]]
name = "Rat"
type = "mob"
at = "A1"
[[monsters]]
name = "Cat"
type = "mob"
at = "A3"
[[knights]]
name = "Kara"
at = "A2"
"""
    [r] = outcomes(board(text), Forced("displace", "Rat", "Kara"))
    assert r.state.knight("Kara") is None
    assert any(e.kind == "died" for e in r.events)


def test_forced_vault_over_the_edge_kills_and_otherwise_lands_opposite():
    text = lane().replace('at = "B2"', 'at = "B1"').replace('at = "B3"', 'at = "B2"')
    [r] = outcomes(board(text), Forced("forced vault", "Brute", "Kara"))
    assert r.state.knight("Kara") is None
    [r] = outcomes(board(lane()), Forced("forced vault", "Brute", "Kara"))
    assert at(r.state, "Kara") == "B1"


def test_several_outcomes_need_an_option():
    text = lane(extra='[[knights]]\nname = "Odo"\nat = "B5"\n')
    action = Forced("pushback", "Brute", "Kara", 2)
    with pytest.raises(IllegalActionError, match="players must choose one of 3 outcomes"):
        apply(board(text), action)
    state, _ = apply(board(text), Forced("pushback", "Brute", "Kara", 2, option=1))
    assert at(state, "Kara") == "B5"
    with pytest.raises(IllegalActionError, match="option 7 does not exist"):
        apply(board(text), Forced("pushback", "Brute", "Kara", 2, option=7))


def test_unknown_forced_kind_is_refused():
    with pytest.raises(IllegalActionError, match="not a forced movement"):
        apply(board(lane()), Forced("yeet", "Brute", "Kara", 2))


def test_a_knight_on_a_vantage_point_is_displaced_off_it_first():
    text = """
[board]
rows = 5
cols = 5
[[monsters]]
name = "Troll"
type = "boss"
at = "B2"
size = 2
[[knights]]
name = "Kara"
at = "B2"
vantage = "Troll"
[[knights]]
name = "Odo"
at = "E5"
"""
    results = outcomes(board(text), Forced("knockback", "Odo", "Kara", 1))
    assert len(results) == 8                      # eight free spaces around the Troll
    for r in results:
        kara = r.state.knight("Kara")
        assert kara.vantage is None and str(kara.at) not in ("B2", "B3", "C2", "C3")
    [r] = [r for r in results if "Displace Kara to A2" in r.choices]
    assert str(r.state.knight("Kara").at) == "A1"    # north into the edge, slides west


def test_a_monster_carries_its_vantage_point_knight():
    from tabletop.games.clash.actions import MonsterMove

    text = """
[board]
rows = 5
cols = 6
[[monsters]]
name = "Troll"
type = "boss"
at = "B2"
size = 2
[[knights]]
name = "Kara"
at = "B2"
vantage = "Troll"
[[knights]]
name = "Odo"
at = "C6"
"""
    [r] = outcomes(board(text), MonsterMove("Troll", "Odo", "move"))
    assert str(r.state.monster("Troll").at) == "B4"
    assert r.state.monster("Troll").facing == "east"      # turned toward Odo at the end
    # Kara keeps her place on the Troll's body: its north-west space facing south (its
    # south-east in the north frame) is its south-west space facing east.
    assert str(r.state.knight("Kara").at) == "C4" and r.state.knight("Kara").vantage == "Troll"


def test_drag_toward_takes_the_target_onto_the_space():
    from tabletop.spatial.grid import Space

    text = """
[board]
rows = 6
cols = 8
[[monsters]]
name = "Ratwolf"
type = "boss"
at = "C3"
[[knights]]
name = "Sonch"
at = "C4"
[[knights]]
name = "Kara"
at = "F8"
"""
    results = outcomes(board(text), Forced("drag toward", "Ratwolf", "Sonch", 4,
                                           toward=Space.parse("A2")))
    assert len(results) == 2                              # two zig-zag starts
    for r in results:
        assert at(r.state, "Sonch") == "A2"
        assert at(r.state, "Ratwolf") == "A1"             # past it, away from Kara
    with pytest.raises(IllegalActionError, match="needs the space"):
        outcomes(board(text), Forced("drag toward", "Ratwolf", "Sonch", 4))


CORNER = """
[board]
rows = 6
cols = 6
[[monsters]]
name = "Brute"
type = "boss"
at = "A1"
facing = "north"
[[knights]]
name = "Kara"
at = "A2"
[[knights]]
name = "Odo"
at = "A3"
"""


def test_drag_toward_the_space_the_source_stands_on_takes_the_step_past():
    # Drag toward: the target follows the source onto the space; a source already on it only
    # steps past it, directly away from the target (here the Board Edge turns it south).
    from tabletop.spatial.grid import Space

    [r] = outcomes(board(CORNER), Forced("drag toward", "Brute", "Kara", 1,
                                         toward=Space.parse("A1")))
    assert at(r.state, "Brute") == "B1" and at(r.state, "Kara") == "A1"


def test_drag_toward_the_space_the_target_stands_on_moves_nothing():
    from tabletop.spatial.grid import Space

    [r] = outcomes(board(CORNER), Forced("drag toward", "Kara", "Brute", 1,
                                         toward=Space.parse("A1")))
    assert r.state == board(CORNER)
    assert any(e.kind == "stopped" and "already on A1" in e.other for e in r.events)


BUSH = '[[terrain]]\nname = "Bush"\nspaces = ["B5"]\nkeywords = ["destructible"]\n'


@pytest.mark.parametrize("kind, source_type", [("pushback", "mob"), ("pushback", "boss")])
def test_destructible_tile_a_pushed_knight_moves_onto_is_destroyed(kind, source_type):
    """*Keyword List: Destructible*: "When a Miniature is involuntarily moved onto this tile
    ... the tile is destroyed"; only a knocked back Knight "will not destroy a Destructible
    tile unless they end their movement on it" (Pushback: "The affected miniature must resolve
    the effects of any Terrain tiles it moves through")."""
    [r] = outcomes(board(lane(source_type, BUSH)), Forced(kind, "Brute", "Kara", 3))
    assert at(r.state, "Kara") == "B6"
    assert r.state.tile("Bush") is None
    assert any(e.kind == "destroyed" and e.other == "Bush" for e in r.events)


def test_destructible_tile_a_pulled_knight_moves_through_is_destroyed():
    """*Keyword List: Pull*, Terrain: "The affected miniature must resolve the effects of any
    Terrain tiles it moves through"; *Destructible*: moved onto involuntarily, it is destroyed."""
    text = lane("boss", BUSH).replace('at = "B3"', 'at = "B7"')
    [r] = outcomes(board(text), Forced("pull", "Brute", "Kara", 4))
    assert at(r.state, "Kara") == "B3"
    assert r.state.tile("Bush") is None


def test_destructible_tile_a_knocked_back_knight_passes_over_stays():
    """*Keyword List: Destructible*, Note: "If a Knight is knocked back, they ignore
    non-Obstacle Terrain tiles they move through. Therefore, they will not destroy a
    Destructible tile unless they end their movement on it."""
    [r] = outcomes(board(lane("boss", BUSH)), Forced("knockback", "Brute", "Kara", 3))
    assert at(r.state, "Kara") == "B6" and r.state.tile("Bush") is not None
    [r] = outcomes(board(lane("boss", BUSH)), Forced("knockback", "Brute", "Kara", 2))
    assert at(r.state, "Kara") == "B5" and r.state.tile("Bush") is None


HERD_LANE = """
[board]
rows = 3
cols = 8
[[monsters]]
name = "Rat"
type = "mob"
at = "B3"
facing = "west"
[[knights]]
name = "Kara"
at = "B2"
[[knights]]
name = "Odo"
at = "B7"
"""


def test_herd_moves_the_target_through_the_source_it_ignores():
    """*Keyword List: Herd X*: "move the Targeted Knight the remaining number of spaces,
    ignoring the source, toward another closest Knight along the shortest path, or until
    adjacent ... Afterward, the source always moves adjacent to the Target."  Kara's shortest
    path to Odo runs through the Rat's space."""
    [r] = outcomes(board(HERD_LANE), Forced("herd", "Rat", "Kara", 4))
    assert at(r.state, "Kara") == "B6"
    assert at(r.state, "Rat") == "B5"


def test_herd_ending_on_the_source_displaces_it_to_the_previous_space():
    """*Keyword List: Herd X*: "If the Target would end this movement on a space occupied by
    the source, the source is Displaced to the previous space the Knight moved through"."""
    text = HERD_LANE.replace('at = "B7"', 'at = "B8"').replace('at = "B3"', 'at = "B4"')
    text = text.replace('at = "B2"', 'at = "B3"')
    [r] = outcomes(board(text), Forced("herd", "Rat", "Kara", 1))
    assert at(r.state, "Kara") == "B4" and at(r.state, "Rat") == "B3"
    [r] = outcomes(board(text), Forced("herd", "Rat", "Kara", 2))
    assert at(r.state, "Kara") == "B5" and at(r.state, "Rat") == "B4"


def test_herd_and_gangup_do_not_move_a_braced_knight():
    """*Keyword List: Braced*: "You cannot be involuntarily moved or suffer Knockdown"; Herd
    and Gangup: "Treat this as involuntary movement"."""
    text = HERD_LANE.replace('at = "B2"', 'at = "B2"\nabilities = ["braced"]')
    [r] = outcomes(board(text), Forced("herd", "Rat", "Kara", 4))
    assert at(r.state, "Kara") == "B2" and at(r.state, "Rat") == "B3"
    assert r.state.knight("Kara").knockdown == ""


def test_pushback_into_a_chasm_kills_and_the_source_steps_into_the_space_left():
    """*Keyword List: Chasm*: "If they are pushed back, dragged or pulled through a Chasm space,
    they die"; the source moves "in the direction of the affected miniature, pushing it", so,
    as when a pushed Knight dies against an Indestructible Obstacle ("once the Monster has
    moved into the space formerly occupied by the Targeted Knight, the Pushback stops"), the
    source takes the space the Knight left; the log shows the Knight's path to the Chasm."""
    pit = '[[terrain]]\nname = "Pit"\nspaces = ["B5"]\nkeywords = ["chasm"]\n'
    [r] = outcomes(board(lane("boss", pit)), Forced("pushback", "Brute", "Kara", 3))
    assert at(r.state, "Kara") is None
    assert at(r.state, "Brute") == "B4"
    kinds = [e.kind for e in r.events]
    assert kinds.index("pushed") < kinds.index("died")
    pushed = next(e for e in r.events if e.kind == "pushed")
    assert [str(s) for s in pushed.path] == ["B4", "B5"]


def test_pull_through_a_chasm_tells_the_path_then_the_death():
    """*Keyword List: Chasm*: "If they are pushed back, dragged or pulled through a Chasm space,
    they die" — the log first moves the Knight onto the Chasm, then tells its death."""
    pit = '[[terrain]]\nname = "Pit"\nspaces = ["B5"]\nkeywords = ["chasm"]\n'
    text = lane("boss", pit).replace('at = "B3"', 'at = "B7"')
    [r] = outcomes(board(text), Forced("pull", "Brute", "Kara", 4))
    assert at(r.state, "Kara") is None
    kinds = [e.kind for e in r.events]
    assert kinds.index("pushed") < kinds.index("died")
    pushed = next(e for e in r.events if e.kind == "pushed")
    assert [str(s) for s in pushed.path] == ["B6", "B5"]


@pytest.mark.parametrize("kind", ["knockback", "pushback", "pull", "drag", "forced vault"])
def test_a_knocked_down_knight_cannot_use_its_forced_movement_abilities(kind):
    """*Keyword List: Knockdown*: "While you have the Knockdown (falling down) card, you cannot
    move voluntarily, perform any actions, reactions, or free actions, or use Gear abilities or
    Techniques" — Kara's own Knockback, Pushback, Pull, Drag or Forced Vault on the Brute."""
    text = lane("mob").replace('at = "B3"', 'at = "B3"\nknockdown = "falling"')
    with pytest.raises(IllegalActionError, match="Kara is knocked down"):
        outcomes(board(text), Forced(kind, "Kara", "Brute", 2))
    standing = lane("mob").replace('at = "B3"', 'at = "B3"\nknockdown = "standing"')
    assert outcomes(board(standing), Forced(kind, "Kara", "Brute", 2))
    assert outcomes(board(text), Forced(kind, "Brute", "Kara", 2))


PIT = '[[terrain]]\nname = "Pit"\nspaces = ["B5"]\nkeywords = ["chasm"]\n'


def test_jump_offered_during_a_pushback_over_a_chasm():
    """*Keyword List: Jump*: "Activate at the start of movement (voluntary or not). Until the
    end of this movement, you may ignore a single space of a Terrain tile (including an
    Obstacle)" — pushed through a Chasm, Kara may Jump it and live."""
    text = lane("boss", PIT).replace('at = "B3"', 'at = "B3"\nabilities = ["jump"]')
    results = outcomes(board(text), Forced("pushback", "Brute", "Kara", 3))
    ends = sorted((at(r.state, "Kara") or "dead", at(r.state, "Brute")) for r in results)
    assert ends == [("B6", "B5"), ("dead", "B4")]
    assert all(r.choices for r in results)
    [jumped] = [r for r in results if at(r.state, "Kara")]
    assert any(e.kind == "jumped" for e in jumped.events)


def test_jump_offered_during_a_pull_over_a_chasm_but_never_to_end_on_it():
    """*Keyword List: Jump* in a Pull ("voluntary or not"); the Jump ignores the space only
    while moving over it: a Pull that would end on the Chasm still kills."""
    text = lane("boss", PIT).replace('at = "B3"', 'at = "B7"\nabilities = ["jump"]')
    results = outcomes(board(text), Forced("pull", "Brute", "Kara", 4))
    assert sorted(at(r.state, "Kara") or "dead" for r in results) == ["B3", "dead"]
    [r] = outcomes(board(text), Forced("pull", "Brute", "Kara", 2))
    assert at(r.state, "Kara") is None
    down = text.replace('abilities = ["jump"]', 'abilities = ["jump"]\nknockdown = "falling"')
    [r] = outcomes(board(down), Forced("pull", "Brute", "Kara", 4))
    assert at(r.state, "Kara") is None


def test_herd_by_a_large_mob_the_target_ends_on_puts_it_back_without_overlap():
    """*Keyword List: Herd X*: "If the Target would end this movement on a space occupied by
    the source, the source is Displaced to the previous space the Knight moved through" — a
    2 x 2 source covers that space again, never the Knight (the players choose how); with no
    such position (against the Board Edge) it is Displaced as usual (found by the property
    test: the source was put back on top of the Knight)."""
    text = """
[board]
rows = 6
cols = 8
[[monsters]]
name = "Brute"
type = "mob"
at = "C4"
size = 2
[[knights]]
name = "Kara"
at = "C3"
[[knights]]
name = "Odo"
at = "C8"
"""
    results = outcomes(board(text), Forced("herd", "Brute", "Kara", 1))
    assert sorted(at(r.state, "Brute") for r in results) == ["B2", "C2"]
    for r in results:
        assert at(r.state, "Kara") == "C4"
        assert Space.parse("C3") in r.state.monster("Brute").spaces
    edge = text.replace('at = "C4"', 'at = "A2"').replace('at = "C3"', 'at = "A1"')
    for r in outcomes(board(edge.replace('at = "C8"', 'at = "A5"')),
                      Forced("herd", "Brute", "Kara", 1)):
        assert r.state.knight("Kara").at not in r.state.monster("Brute").spaces


def test_a_knocked_back_mob_stops_at_a_chasm_even_beside_a_destructible_obstacle():
    """*Involuntary Movement*: "if a Mob Monster is involuntarily moved onto a space with a
    Chasm Terrain tile, that tile is treated as an Indestructible Obstacle" — a 2 x 2 Mob whose
    next position covers a Chasm and a Destructible Obstacle stops (found by the property
    test: it used to break the Obstacle and stand on the Chasm)."""
    text = """
[board]
rows = 6
cols = 6
[[monsters]]
name = "Brute"
type = "mob"
at = "E3"
size = 2
[[knights]]
name = "Kara"
at = "E5"
[[terrain]]
name = "Column"
spaces = ["F2"]
keywords = ["obstacle", "destructible"]
[[terrain]]
name = "Pit"
spaces = ["E2"]
keywords = ["chasm"]
"""
    [r] = outcomes(board(text), Forced("knockback", "Kara", "Brute", 1))
    assert at(r.state, "Brute") == "E3"
    assert r.state.tile("Column") is not None


BRACED_ON_A_VP = """
[board]
rows = 5
cols = 5
[[monsters]]
name = "Troll"
type = "boss"
at = "B2"
size = 2
unavoidable_knockback = 1
[[knights]]
name = "Kara"
at = "B2"
vantage = "Troll"
abilities = ["braced"]
[[knights]]
name = "Odo"
at = "E5"
"""


@pytest.mark.parametrize("kind", ["knockback", "knockback to the side", "pushback", "pull",
                                  "drag", "forced vault", "herd"])
def test_braced_a_braced_knight_on_a_vantage_point_stays_on_it(kind):
    """*Keyword List: Braced*: "You cannot be involuntarily moved or suffer Knockdown (you can
    still be Displaced)". A Braced Knight on a VP ignores the movement, so it is not first
    Displaced off the VP by a movement it ignores (*Movement and VPs* displaces a Knight who
    "suffers ... involuntary movement")."""
    source = "Troll" if kind in ("drag", "forced vault", "herd") else "Odo"
    results = outcomes(board(BRACED_ON_A_VP), Forced(kind, source, "Kara", 2))
    assert results
    for r in results:
        kara = r.state.knight("Kara")
        assert kara.vantage == "Troll" and kara.at in r.state.monster("Troll").spaces
        assert not any(e.kind == "displaced" and e.piece == "Kara" for e in r.events)
        assert any(e.kind == "ignored" and "Braced" in e.other for e in r.events)


@pytest.mark.parametrize("kind", ["displace", "unavoidable knockback"])
def test_braced_still_displaced_and_unavoidable_knockback_on_a_vantage_point(kind):
    """Braced: "(you can still be Displaced)"; Unavoidable Knockback "cannot be lowered or
    ignored in any way other than effects that ... specifically refer to Unavoidable
    Knockback": the Braced Knight is Displaced off the VP first, as any Knight."""
    results = outcomes(board(BRACED_ON_A_VP), Forced(kind, "Troll", "Kara", 1))
    assert results and all(r.state.knight("Kara").vantage is None for r in results)


@pytest.mark.parametrize("kind", FORCED_KINDS)
def test_knockdown_source_problem_names_exactly_what_the_core_refuses(kind):
    """*Keyword List: Knockdown* ("you cannot ... use Gear abilities or Techniques"): the
    window greys a forced movement with ``source_problem``; it must say why exactly when the
    rules core refuses that movement from a knocked down Knight."""
    text = lane("mob").replace('at = "B3"', 'at = "B3"\nknockdown = "falling"')
    state = board(text)
    problem = source_problem(state, "Kara", kind)
    toward = Space.parse("B6") if kind.endswith("toward") else None
    try:
        outcomes(state, Forced(kind, "Kara", "Brute", 2, toward,
                               direction="east" if "direction" in kind else None))
        refused = None
    except IllegalActionError as exc:
        refused = exc.rule
    assert (problem is not None) == (refused is not None and "(Knockdown)" in refused)
    if problem is not None:
        assert problem == refused == ("Kara is knocked down and cannot use Gear abilities or "
                                      "Techniques (Knockdown)")
    assert source_problem(board(lane("mob")), "Kara", kind) is None
