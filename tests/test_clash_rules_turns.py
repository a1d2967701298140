"""Knight Round bookkeeping: turns, Refresh, Knockdown, Passion and the Priority Target."""

from dataclasses import replace

import pytest
from clash_boards import board

from tabletop.errors import IllegalActionError
from tabletop.games.clash.actions import EndMonsterRound, EndTurn, SetStat, StartTurn
from tabletop.games.clash.rules import apply, describe
from tabletop.games.clash.state import Turn
from tabletop.games.layouts import dumps, loads

TWO = board("""
[board]
rows = 6
cols = 6
[[knights]]
name = "Kara"
at = "A1"
heat = 3
heat_refresh = 2
[[knights]]
name = "Odo"
at = "F6"
passion = 4
knockdown = "falling"
[[monsters]]
name = "Ratwolf"
type = "mob"
at = "C3"
""")


def test_refresh_step_lowers_heat_by_heat_refresh():
    state, events = apply(TWO, StartTurn("Kara"))
    assert state.knight("Kara").heat == 1
    assert state.turn.active == "Kara"
    assert "refreshes: Heat lowered to 1" in " ".join(describe(e) for e in events)


def test_knight_turns_cannot_interleave():
    state, _ = apply(TWO, StartTurn("Kara"))
    with pytest.raises(IllegalActionError, match="Kara's turn is not finished"):
        apply(state, StartTurn("Odo"))
    with pytest.raises(IllegalActionError, match="it is Kara's turn"):
        apply(state, EndTurn("Odo"))


def test_a_knight_takes_one_turn_per_round():
    state, _ = apply(TWO, EndTurn("Kara"))
    with pytest.raises(IllegalActionError, match="already taken a turn this round"):
        apply(state, StartTurn("Kara"))


def test_after_every_knight_the_next_monster_round_begins():
    state, _ = apply(TWO, EndTurn("Kara"))
    state, events = apply(state, EndTurn("Odo"))
    assert state.turn.phase == "monster" and state.turn.round == 2 and state.turn.done == ()
    assert any(e.kind == "round-changed" for e in events)
    with pytest.raises(IllegalActionError, match="Monster Round"):
        apply(state, StartTurn("Kara"))
    state, _ = apply(state, EndMonsterRound())
    assert state.turn.phase == "knight" and state.turn.round == 2
    with pytest.raises(IllegalActionError, match="already the Knight Round"):
        apply(state, EndMonsterRound())


def test_knockdown_flips_at_end_of_next_turn_and_stands_up_at_the_start_of_the_one_after():
    state, events = apply(TWO, EndTurn("Odo"))
    assert state.knight("Odo").knockdown == "standing"
    state, _ = apply(state, EndTurn("Kara"))
    state, _ = apply(state, EndMonsterRound())
    state, events = apply(state, StartTurn("Odo"))
    assert state.knight("Odo").knockdown == ""
    assert any(e.kind == "stood-up" for e in events)


def test_knockdown_gained_during_own_turn_does_not_flip_at_its_end():
    state, _ = apply(TWO, StartTurn("Kara"))
    kara = state.knight("Kara")
    state = replace(state.with_piece(replace(kara, knockdown="falling")),
                    turn=replace(state.turn, fell=True))
    state, _ = apply(state, EndTurn("Kara"))
    assert state.knight("Kara").knockdown == "falling"


def test_raising_passion_above_the_holder_takes_the_priority_target_token():
    state = replace(TWO, turn=Turn(priority="Odo"))
    state, events = apply(state, SetStat("Kara", "passion", 4))
    assert state.turn.priority == "Odo"          # equal is not higher
    state, events = apply(state, SetStat("Kara", "passion", 5))
    assert state.turn.priority == "Kara"
    assert [e.kind for e in events] == ["passion", "priority"]


def test_passion_limit_is_nine():
    with pytest.raises(IllegalActionError, match="Passion must be 0 to 9"):
        apply(TWO, SetStat("Kara", "passion", 10))


def test_turn_record_round_trips_through_a_layout():
    state, _ = apply(TWO, StartTurn("Kara"))
    state, _ = apply(state, SetStat("Kara", "passion", 2))
    _, back = loads(dumps(state))
    assert back == state


def test_unknown_knight_is_refused_by_name():
    with pytest.raises(IllegalActionError, match="no Knight called 'Nobody'"):
        apply(TWO, StartTurn("Nobody"))


def test_movement_action_moves_onto_a_reachable_space_once_per_turn():
    from tabletop.games.clash.actions import MoveKnight
    from tabletop.spatial.grid import Space

    state, events = apply(TWO, MoveKnight("Kara", Space.parse("A3")))
    assert state.knight("Kara").at == Space.parse("A3")
    assert state.turn.active == "Kara" and state.turn.moved
    assert [e.kind for e in events] == ["turn-started", "refreshed", "moved"]
    with pytest.raises(IllegalActionError, match="already performed a Movement Action"):
        apply(state, MoveKnight("Kara", Space.parse("A4")))


def test_movement_action_refusals_name_the_rule():
    from tabletop.games.clash.actions import MoveKnight
    from tabletop.spatial.grid import Space

    with pytest.raises(IllegalActionError, match="occupied by Ratwolf"):
        apply(TWO, MoveKnight("Kara", Space.parse("C3")))
    with pytest.raises(IllegalActionError, match="not within Kara's Speed 4"):
        apply(TWO, MoveKnight("Kara", Space.parse("F5")))
    with pytest.raises(IllegalActionError, match="Odo is knocked down"):
        apply(TWO, MoveKnight("Odo", Space.parse("F5")))


def test_rush_moves_at_least_three_spaces_to_the_first_space_in_range():
    from tabletop.games.clash.actions import Rush, Weapon
    from tabletop.games.clash.move_like import rush_spaces
    from tabletop.spatial.grid import Space

    state = board("""
[board]
rows = 3
cols = 9
[[knights]]
name = "Kara"
at = "B1"
[[monsters]]
name = "Rat"
type = "mob"
at = "B7"
""")
    kara = state.knight("Kara")
    assert sorted(map(str, rush_spaces(state, kara, "Rat", Weapon()))) == ["B6"]
    assert rush_spaces(state, kara, "Rat", Weapon.parse("reach 2")) == {Space.parse("B5")}
    new, _ = apply(state, Rush("Kara", "Rat", Space.parse("B6")))
    assert str(new.knight("Kara").at) == "B6" and new.turn.moved
    with pytest.raises(IllegalActionError, match="at least 3 spaces"):
        apply(state, Rush("Kara", "Rat", Space.parse("B2")))
    near = replace(state, knights=(replace(kara, at=Space.parse("B4")),))
    assert rush_spaces(near, near.knight("Kara"), "Rat", Weapon()) == frozenset()


RUSH_LANE = """
[board]
rows = 3
cols = 9
[[knights]]
name = "Kara"
at = "B1"
[[monsters]]
name = "Rat"
type = "mob"
at = "B7"
[[terrain]]
name = "Mud"
spaces = ["A3", "B3", "C3"]
keywords = ["difficult"]
"""


def test_rush_through_difficult_terrain_moves_one_less_space():
    """*Keyword List: Difficult Terrain*: "If, during voluntary movement, a Knight moves
    through any number of Difficult Terrain tile spaces, they move one less space."  Rush
    ("Move with +1 Speed") is voluntary movement: Speed 4 + 1 - 1 = 4 spaces cannot reach B6,
    5 spaces away; Improved Rush (+2) can."""
    from tabletop.games.clash.actions import Rush, Weapon
    from tabletop.games.clash.move_like import rush_spaces
    from tabletop.spatial.grid import Space

    state = board(RUSH_LANE)
    kara = state.knight("Kara")
    assert rush_spaces(state, kara, "Rat", Weapon()) == frozenset()
    with pytest.raises(IllegalActionError, match="at least 3 spaces"):
        apply(state, Rush("Kara", "Rat", Space.parse("B6")))
    assert rush_spaces(state, kara, "Rat", Weapon(), improved=True) == {Space.parse("B6")}
    on_mud = board(RUSH_LANE.replace('at = "B1"', 'at = "B3"').replace('at = "B7"',
                                                                          'at = "B9"'))
    assert rush_spaces(on_mud, on_mud.knight("Kara"), "Rat", Weapon()) == frozenset()
    assert rush_spaces(on_mud, on_mud.knight("Kara"), "Rat", Weapon.parse("reach 2")) == {
        Space.parse("B7")}


def test_rush_attacks_with_melee_or_reach_never_ranged():
    """*Keyword List: Rush*: "Move with +1 Speed and Melee/Reach Attack with Auto-break 1" —
    a Ranged weapon is not a Rush's active weapon."""
    from tabletop.games.clash.actions import Rush, Weapon
    from tabletop.games.clash.move_like import rush_spaces
    from tabletop.spatial.grid import Space

    state = board(RUSH_LANE.replace('spaces = ["A3", "B3", "C3"]', 'spaces = ["A9"]'))
    ranged = Weapon.parse("ranged 1-2")
    assert rush_spaces(state, state.knight("Kara"), "Rat", ranged) == frozenset()
    with pytest.raises(IllegalActionError, match="Melee/Reach"):
        apply(state, Rush("Kara", "Rat", Space.parse("B5"), ranged))


ARENA = """
[board]
rows = 5
cols = 7
[[monsters]]
name = "Rat"
type = "mob"
at = "C4"
facing = "north"
blindspots = [[0, 1]]
[[knights]]
name = "Kara"
at = "C1"
[[knights]]
name = "Odo"
at = "C5"
[[knights]]
name = "Ubar"
at = "D4"
[[knights]]
name = "Brann"
at = "A3"
[[terrain]]
name = "Wall"
spaces = ["C2"]
keywords = ["obstacle", "obscuring"]
"""


def test_declare_attack_needs_line_of_sight_and_the_weapons_effective_range():
    """*Declare Attack and Active Weapon*: "You can only choose a weapon as active if the
    target of your Attack is in that weapon's effective range (adjacent for melee, within range
    X–Y for Ranged, etc.) and LoS"; "Reach weapons can also be used when adjacent"; "Ranged
    X–Y weapons ... you can only attack a target at least X and up to Y spaces away"."""
    from tabletop.games.clash.actions import Attack, Weapon

    state = board(ARENA)
    with pytest.raises(IllegalActionError, match="no Line of Sight to Rat"):
        apply(state, Attack("Kara", "Rat", Weapon.parse("ranged 2-4")))
    without_wall = replace(state, terrain=())
    new, _ = apply(without_wall, Attack("Kara", "Rat", Weapon.parse("ranged 2-4")))
    assert new.turn.attacked
    with pytest.raises(IllegalActionError, match="outside Ranged 2–4"):
        apply(state, Attack("Odo", "Rat", Weapon.parse("ranged 2-4")))
    new, _ = apply(state, Attack("Odo", "Rat", Weapon.parse("reach 2")))
    assert new.turn.attacked
    with pytest.raises(IllegalActionError, match="needs Rat adjacent, but it is 3"):
        apply(state, Attack("Brann", "Rat", Weapon.parse("melee")))


def test_diagonal_is_not_adjacent_for_a_melee_attack():
    """*Basic Clash Terms*: adjacent when "the space it occupies shares at least one edge";
    *Effective Range*: "calculated in cardinal directions, never diagonally"."""
    from tabletop.games.clash.actions import Attack, Weapon

    state = board(ARENA.replace('at = "A3"', 'at = "B3"'))
    with pytest.raises(IllegalActionError, match="adjacent, but it is 2 spaces away"):
        apply(state, Attack("Brann", "Rat", Weapon.parse("melee")))


def test_unwieldy_weapon_attacks_only_in_a_straight_cardinal_line():
    """*Keyword List: Unwieldy*: "you may only attack targets in a straight cardinal line"."""
    from tabletop.games.clash.actions import Attack, Weapon

    state = board(ARENA.replace('at = "A3"', 'at = "B3"'))
    with pytest.raises(IllegalActionError, match="Unwieldy"):
        apply(state, Attack("Brann", "Rat", Weapon.parse("reach 2 unwieldy")))
    new, _ = apply(state, Attack("Odo", "Rat", Weapon.parse("melee unwieldy")))
    assert new.turn.attacked


def test_knocked_down_knight_cannot_attack_and_blindspot_bonus_is_noted():
    """*Knockdown*: "you cannot ... perform any actions"; the Blindspot Precision bonus is noted
    for an attack from a blindspot (here D4, the offset [0, 1] of a Monster facing north)."""
    from tabletop.games.clash.actions import Attack, Weapon

    state = board(ARENA)
    down = state.with_piece(replace(state.knight("Ubar"), knockdown="falling"))
    with pytest.raises(IllegalActionError, match="Ubar is knocked down"):
        apply(down, Attack("Ubar", "Rat", Weapon()))
    _, events = apply(state, Attack("Ubar", "Rat", Weapon()))
    assert [e.kind for e in events if e.kind == "blindspot-bonus"] == ["blindspot-bonus"]
    _, events = apply(state, Attack("Odo", "Rat", Weapon()))
    assert "blindspot-bonus" not in [e.kind for e in events]


def test_the_knight_round_ends_when_the_last_knight_to_act_dies_in_its_turn():
    """*Knight Turns*: "Once all Knights have taken their turns, proceed to the next Monster
    Round" — a Knight who dies during its own turn (here pushed into a Chasm) leaves no turn
    to finish, so the Monster Round begins and play can go on."""
    from tabletop.games.clash.actions import Forced

    state = board("""
[board]
rows = 3
cols = 8
[[knights]]
name = "Kara"
at = "A1"
[[knights]]
name = "Odo"
at = "B3"
[[monsters]]
name = "Brute"
type = "boss"
at = "B2"
[[terrain]]
name = "Pit"
spaces = ["B5"]
keywords = ["chasm"]
""")
    state, _ = apply(state, EndTurn("Kara"))
    state, _ = apply(state, StartTurn("Odo"))
    state, events = apply(state, Forced("pushback", "Brute", "Odo", 3))
    assert state.knight("Odo") is None
    assert state.turn.phase == "monster" and state.turn.round == 2 and state.turn.done == ()
    assert "The Monster Round of round 2 begins." in [describe(e) for e in events]
    state, _ = apply(state, EndMonsterRound())
    assert state.turn.phase == "knight"


def test_the_last_knight_killed_by_forced_movement_ends_the_clash_in_defeat():
    """*Clash Sequence*: "as soon as all Knights die" the Clash ends with the Knights'
    Defeat, whatever killed them: a Knockback off a Boundless Board Edge played on the board
    (not inside a card sequence) ends it too (the Defeat is checked after every action)."""
    from pathlib import Path

    from tabletop.games import layouts
    from tabletop.games.clash.actions import Forced
    from tabletop.spatial.grid import Space

    _, state = layouts.load(Path(__file__).resolve().parent.parent / "layouts" /
                            "clash-example-boss.toml")
    kara = replace(state.knights[0], at=Space.parse("D6"))
    state = replace(state, knights=(kara,), boundless_edges=("north", "east", "south", "west"))
    after, events = apply(state, Forced("knockback", "Shellwyrm", "Kara", 6))
    assert not after.knights and after.cards.result == "defeat"
    assert "Defeat" in events[-1].other


AROUND = board("""
[board]
rows = 5
cols = 5
[[knights]]
name = "Kara"
at = "C1"
speed = 4
[[terrain]]
name = "Wall"
spaces = ["C2", "D2"]
keywords = ["obstacle"]
""")


def test_movement_action_moves_one_space_at_a_time_and_its_event_has_the_path():
    """*Movement Action*: "move your Knight, one space at a time"; "All movement is performed
    in cardinal directions"; "You cannot move through Obstacle or Chasm Terrain tiles"; "you
    cannot move onto the same space twice".  Kara goes round the Wall to C3, and the event
    says every space she entered, so that a lesson plays the move back space by space."""
    from tabletop.games.clash.actions import MoveKnight
    from tabletop.spatial.grid import Space
    from tabletop.teaching.acting import moves

    state, events = apply(AROUND, MoveKnight("Kara", Space.parse("C3")))
    (moved,) = [e for e in events if e.kind == "moved"]
    assert [str(s) for s in moved.path] == ["B1", "B2", "B3", "C3"]
    assert describe(moved) == "Kara moves to C3 (Movement Action)."
    assert moves(events)[-1].path == ("B1", "B2", "B3", "C3")


def test_every_reachable_space_has_a_legal_path_of_at_most_speed_steps():
    """Each space of a Knight's reach has a path the rules allow: cardinal steps, never
    through the Wall, another piece or the same space twice, at most Speed steps (one less
    through Difficult terrain), ending there."""
    from tabletop.games.clash import geometry

    state = board("""
[board]
rows = 6
cols = 6
[[knights]]
name = "Kara"
at = "C3"
speed = 4
[[knights]]
name = "Odo"
at = "C4"
[[terrain]]
name = "Wall"
spaces = ["B3", "B4"]
keywords = ["obstacle"]
[[terrain]]
name = "Mud"
spaces = ["D3"]
keywords = ["difficult"]
""")
    kara = state.knight("Kara")
    blocked = {*state.tile("Wall").spaces, state.knight("Odo").at}
    for end in geometry.reach(state, kara):
        path = geometry.move_path(state, kara, end)
        steps = (kara.at, *path)
        assert path[-1] == end and len(set(steps)) == len(steps)
        assert all(b in a.neighbours() for a, b in zip(steps, steps[1:], strict=False))
        assert not blocked & set(path)
        assert len(path) <= kara.speed - (any(s in state.tile("Mud").spaces for s in steps))
