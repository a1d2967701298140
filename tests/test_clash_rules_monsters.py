"""Monster turning, movement types, targeting lines and attack geometry."""

import pytest
from clash_boards import board

from tabletop.errors import IllegalActionError
from tabletop.games.clash.actions import Attack, MonsterMove, TurnMonster, Weapon
from tabletop.games.clash.attacks import in_range, in_zone
from tabletop.games.clash.rules import apply, outcomes
from tabletop.games.clash.targeting import TargetingError, target
from tabletop.spatial.grid import Space

FIELD = """
[board]
rows = 7
cols = 9
[[monsters]]
name = "Rat"
type = "mob"
at = "D2"
facing = "north"
[[knights]]
name = "Kara"
at = "D8"
passion = 2
heat = 3
[[knights]]
name = "Odo"
at = "A2"
heat = 3
[[terrain]]
name = "Wall"
at = "C5"
size = [1, 3]
keywords = ["obstacle"]
"""


def at(state, name):
    return str(state.pieces[name].at)


def test_mob_moves_around_obstacles_and_turns_toward_its_target():
    results = outcomes(FIELD_STATE, MonsterMove("Rat", "Kara", "move"))
    # "If two or more routes are considered equally short, the players choose which one to
    # use" (Monster Movement): west of Kara (D7), north (C8) or south (E8) of her, 9 spaces
    assert {at(r.state, "Rat") for r in results} == {"D7", "C8", "E8"}
    faces = {"D7": "east", "C8": "south", "E8": "north"}
    for r in results:
        assert r.state.monster("Rat").facing == faces[at(r.state, "Rat")]
        [moved] = [e for e in r.events if e.kind == "source-moved"]
        assert not {str(s) for s in moved.path} & {"C5", "D5", "E5"}
        assert len(moved.path) == 9       # up two rows, over, down two rows: around the Wall


def test_boss_moves_through_and_destroys_destructible_terrain():
    text = FIELD.replace('type = "mob"', 'type = "boss"').replace(
        'keywords = ["obstacle"]', 'keywords = ["obstacle", "destructible"]')
    [r] = outcomes(board(text), MonsterMove("Rat", "Kara", "move"))
    assert at(r.state, "Rat") == "D7" and r.state.tile("Wall") is None


def test_speed_limit_and_target_out_of_reach():
    [r] = outcomes(board(FIELD.replace('type = "mob"', 'type = "boss"')),
                   MonsterMove("Rat", "Kara", "move", limit=2))
    assert at(r.state, "Rat") == "D4"
    assert any(e.kind == "out-of-reach" for e in r.events)


def test_ranged_movement_stops_in_range():
    [r] = outcomes(board(FIELD.replace('type = "mob"', 'type = "boss"')),
                   MonsterMove("Rat", "Kara", "move", attack_range=3))
    assert at(r.state, "Rat") == "D5"


def test_move_lateral_goes_in_a_straight_line():
    results = outcomes(FIELD_STATE, MonsterMove("Rat", "Odo", "move lateral", attack_range=1))
    assert {at(r.state, "Rat") for r in results} == {"B2"}


def test_land_on_top_displaces_the_target_to_a_front_space():
    text = FIELD.replace('type = "mob"', 'type = "boss"')
    results = outcomes(board(text), MonsterMove("Rat", "Kara", "land on top"))
    for r in results:
        assert at(r.state, "Rat") == "D8"
        assert at(r.state, "Kara") in ("C9", "D9", "E9")
        assert not any(e.kind == "crash" for e in r.events)


def test_appear_on_a_space_and_turning_toward_a_piece():
    [r] = outcomes(FIELD_STATE, MonsterMove("Rat", "G1", "appear"))
    assert at(r.state, "Rat") == "G1"
    with pytest.raises(IllegalActionError, match="cannot be placed"):
        outcomes(FIELD_STATE, MonsterMove("Rat", "C5", "appear"))
    [r] = outcomes(FIELD_STATE, TurnMonster("Rat", "Kara"))
    assert r.state.monster("Rat").facing == "east"


def test_boss_ending_on_a_mob_displaces_it():
    text = FIELD + '[[monsters]]\nname = "Boss"\ntype = "boss"\nat = "G2"\n'
    results = outcomes(board(text), MonsterMove("Boss", "D2", "move to"))
    assert {at(r.state, "Boss") for r in results} == {"D2"}
    assert all(at(r.state, "Rat") != "D2" for r in results)


def test_targeting_lines_top_to_bottom():
    rat = FIELD_STATE.monster("Rat")
    found = target(FIELD_STATE, rat, ["Adjacent", "In front, Closest", "Closest"])
    assert found.line == 1 and found.alternatives == (("Odo",),)
    found = target(FIELD_STATE, rat, ["Adjacent", "Lowest Passion"])
    assert found.line == 1 and found.alternatives == (("Odo",),)


def test_targeting_tie_goes_to_the_priority_target_else_is_offered():
    rat = FIELD_STATE.monster("Rat")
    found = target(FIELD_STATE, rat, ["Highest Heat"])
    assert found.alternatives == (("Kara",), ("Odo",))
    from dataclasses import replace

    state = replace(FIELD_STATE, turn=replace(FIELD_STATE.turn, priority="Odo"))
    assert target(state, rat, ["Highest Heat"]).alternatives == (("Odo",),)


def test_no_valid_target_means_routine_and_zone_always_resolves():
    rat = FIELD_STATE.monster("Rat")
    assert target(FIELD_STATE, rat, ["Adjacent", "In Rear"]).line is None
    found = target(FIELD_STATE, rat, ["Adjacent", "Zone 1"])
    assert found.line == 1 and Space.parse("C1") in found.zone
    with pytest.raises(TargetingError):
        target(FIELD_STATE, rat, ["Sparkliest"])


def test_typical_instructions_on_and_not_on_vantage_point_in_the_rulebook_words():
    from pathlib import Path

    from tabletop.games import layouts

    _, state = layouts.load(Path(__file__).resolve().parent.parent / "layouts" /
                            "clash-rule-vantage-points.toml")
    gorgoleth = state.monster("Gorgoleth")
    for words in ("On Vantage Point", "on a Vantage Point", "In a Vantage Point"):
        assert target(state, gorgoleth, [words]).alternatives == (("Odo",),)
    found = target(state, gorgoleth, ["Not on Vantage Point, Furthest"])
    assert "Odo" not in found.alternatives[0]
    with pytest.raises(TargetingError):
        target(state, gorgoleth, ["On Sparkle"])


def test_range_and_zone():
    rat = FIELD_STATE.monster("Rat")
    assert in_range(FIELD_STATE, rat, 3) == ["Odo"]
    assert in_zone(FIELD_STATE, rat, 2) == []


def test_knight_attack_legality_by_weapon():
    state = FIELD_STATE
    with pytest.raises(IllegalActionError, match="Melee weapon needs Rat adjacent"):
        apply(state, Attack("Kara", "Rat", Weapon.parse("melee")))
    with pytest.raises(IllegalActionError, match="outside Ranged 4–5"):
        apply(state, Attack("Odo", "Rat", Weapon.parse("ranged 4-5")))
    new, events = apply(state, Attack("Odo", "Rat", Weapon.parse("reach 3")))
    assert new.knight("Odo").passion == 1 and new.turn.attacked
    assert new.turn.priority == "Odo"
    with pytest.raises(IllegalActionError, match="already performed a Combat Action"):
        apply(new, Attack("Odo", "Rat", Weapon.parse("reach 3")))


def test_unwieldy_needs_a_straight_line():
    text = FIELD.replace('at = "A2"', 'at = "B3"')
    with pytest.raises(IllegalActionError, match="Unwieldy"):
        apply(board(text), Attack("Odo", "Rat", Weapon.parse("reach 3 unwieldy")))
    new, _ = apply(board(text), Attack("Odo", "Rat", Weapon.parse("reach 3")))
    assert new.turn.attacked


def test_weapon_words():
    assert str(Weapon.parse("Ranged 2–4")) == "Ranged 2–4"
    with pytest.raises(ValueError):
        Weapon.parse("ranged 5-2")


FIELD_STATE = board(FIELD)


def test_monster_attack_turns_toward_a_single_target_and_checks_reach():
    from tabletop.games.clash.actions import MonsterAttack

    [r] = outcomes(FIELD_STATE, MonsterAttack("Rat", ("Odo",), "range", 3))
    assert r.state.monster("Rat").facing == "north"
    assert [e.kind for e in r.events] == ["attack-target"]
    [r] = outcomes(FIELD_STATE, MonsterAttack("Rat", ("Kara",), "melee"))
    assert r.state.monster("Rat").facing == "east"
    assert [e.kind for e in r.events] == ["rotated", "out-of-reach"]


def test_simultaneous_and_zone_attacks_do_not_turn():
    from tabletop.games.clash.actions import MonsterAttack

    [r] = outcomes(FIELD_STATE, MonsterAttack("Rat", ("Kara", "Odo"), "range", 9,
                                              simultaneous=True))
    assert r.state.monster("Rat").facing == "north"
    assert [e.piece for e in r.events] == ["Kara", "Odo"]
    [r] = outcomes(FIELD_STATE, MonsterAttack("Rat", (), "zone", 3))
    assert r.state == FIELD_STATE and [e.piece for e in r.events] == ["Odo"]


def test_sequential_attack_goes_in_the_given_order_turning_toward_each_target():
    """Attack Types: "Sequential Attack: Performed against multiple Targets, one at a time, in
    a specific order" (the card's, as the players give it); Monster Turning: "Toward the
    Target, before it performs an Attack"."""
    from tabletop.games.clash.actions import MonsterAttack

    [r] = outcomes(FIELD_STATE, MonsterAttack("Rat", ("Kara", "Odo"), "range", 9,
                                              sequential=True))
    assert [(e.kind, e.piece or e.other) for e in r.events] == [
        ("rotated", "Rat"), ("attack-target", "Kara"), ("rotated", "Rat"),
        ("attack-target", "Odo")]
    assert [e.other for e in r.events if e.kind == "rotated"] == ["east", "north"]
    assert r.state.monster("Rat").facing == "north"


def test_record_wound_and_last_knight_to_wound():
    from tabletop.games.clash.actions import RecordWound

    state, _ = apply(FIELD_STATE, RecordWound("Kara"))
    assert target(state, state.monster("Rat"), ["Last Knight to Wound"]).alternatives == (
        ("Kara",),)


def test_a_spawned_mob_faces_most_knights():
    text = FIELD + '[[knights]]\nname = "Brann"\nat = "G8"\n'
    [r] = outcomes(board(text), TurnMonster("Rat", "most knights"))
    assert r.state.monster("Rat").facing == "east"


THREE = FIELD + '[[knights]]\nname = "Brann"\nat = "G3"\npassion = 1\n'


def test_targeting_requirements_before_ranking():
    """Typical Targeting Instructions: "Furthest: The Target is the furthest distance ... among
    all possible Targets" and Targeting: "a Knight must fulfill all requirements of a single
    targeting line" — the furthest of the Knights in front, whatever order the card prints."""
    rat = FIELD_STATE.monster("Rat")
    for line in ("Furthest, In front", "In front, Furthest"):
        found = target(FIELD_STATE, rat, [line])
        assert found.line == 0 and found.alternatives == (("Odo",),)


def test_x_knights_takes_the_x_best_ranked():
    """Typical Targeting Instructions: "X Knights: Specified number of Knights" with Closest:
    the two closest Knights, not only the closest one."""
    state = board(THREE)
    rat = state.monster("Rat")
    found = target(state, rat, ["2 Knights, Closest"])
    assert found.alternatives == (("Odo", "Brann"),)
    found = target(state, rat, ["2 Knights, Furthest"])
    assert len(found.alternatives) == 1 and set(found.alternatives[0]) == {"Kara", "Brann"}


def test_x_knights_tie_for_the_last_place_is_offered_or_goes_to_the_token():
    """Priority Target: "If two or more Knights are equally viable Targets and none of them is
    the Priority Target, the players may choose" — Odo and Brann tie (distance 3) behind
    nobody, Kara is further: 2 Knights, Closest is Odo and Brann; 1 Knight of them: offered."""
    state = board(THREE.replace('at = "D8"', 'at = "D3"').replace('at = "G3"', 'at = "G2"'))
    rat = state.monster("Rat")
    found = target(state, rat, ["2 Knights, Closest"])
    assert found.alternatives[0][0] == "Kara" and len(found.alternatives) == 2
    assert {a[1] for a in found.alternatives} == {"Odo", "Brann"}
    from dataclasses import replace

    state = replace(state, turn=replace(state.turn, priority="Brann"))
    assert target(state, rat, ["2 Knights, Closest"]).alternatives == (("Kara", "Brann"),)


def test_most_and_least_skip_knights_without_the_resource():
    """Typical Targeting Instructions: "Least X: Least amount of a specified resource ... If
    there is no Knight that has the specified resource, skip this targeting line." (Highest
    and Lowest: "'0' is still considered a valid amount".)"""
    rat = FIELD_STATE.monster("Rat")
    assert target(FIELD_STATE, rat, ["Least Passion"]).alternatives == (("Kara",),)
    assert target(FIELD_STATE, rat, ["Lowest Passion"]).alternatives == (("Odo",),)
    calm = board(FIELD.replace("passion = 2", "passion = 0"))
    found = target(calm, calm.monster("Rat"), ["Most Passion", "Highest Passion"])
    assert found.line == 1 and len(found.alternatives) == 2


def test_with_a_statistic_value():
    """Typical Targeting Instructions: "With X: Knight with a specific game element, like ...
    statistic value"."""
    state = board(THREE)
    rat = state.monster("Rat")
    assert target(state, rat, ["With Heat 3+, Lowest Passion"]).alternatives == (("Odo",),)
    assert target(state, rat, ["With 1 Passion"]).alternatives == (("Brann",),)
    assert target(state, rat, ["With Vigor 2"]).line is None


WALLED = FIELD.replace('at = "C5"\nsize = [1, 3]', 'spaces = ["C8", "E8", "D7", "D9"]')


def test_a_mob_with_no_way_next_to_its_target_moves_as_close_as_it_can():
    """Monster Movement: "A Monster always performs its movement and tries to move as close to
    the Target as possible" — Kara is walled in; the Rat goes to D6, two spaces from her."""
    state = board(WALLED)
    results = outcomes(state, MonsterMove("Rat", "Kara", "move"))
    assert {at(r.state, "Rat") for r in results} == {"D6"}
    assert all(any(e.kind == "stopped" and "as close" in e.other for e in r.events)
               for r in results)
    assert all(any(e.kind == "out-of-reach" for e in r.events) for r in results)


def test_move_behind_a_mob_goes_to_the_furthest_space_it_can_end_on():
    """Monster Movement Types: "Move Behind: Move to the furthest space adjacent to the
    Target" — for a Mob, of the spaces it can reach and stand on: C8, E8 and D9 are Walls, so
    D7 is the furthest (the only) one."""
    state = board(FIELD.replace('at = "C5"\nsize = [1, 3]', 'spaces = ["C8", "E8", "D9"]'))
    results = outcomes(state, MonsterMove("Rat", "Kara", "move behind"))
    assert {at(r.state, "Rat") for r in results} == {"D7"}


EDGE = """
[board]
rows = 5
cols = 8
[[monsters]]
name = "Ogre"
type = "boss"
at = "B4"
facing = "north"
[[knights]]
name = "Kara"
at = "D8"
"""


def test_move_to_a_direction_slides_along_the_board_edge_away_from_the_most_knights():
    """Monster Movement: "If any effect would cause the Monster to move past a Board Edge, it
    will continue the movement along the edge prioritizing a direction that will initially
    lead it away from the most Knights" — north 4 from B4: A4, then west (Kara is east)."""
    [r] = outcomes(board(EDGE), MonsterMove("Ogre", "north", "move to", limit=4))
    assert at(r.state, "Ogre") == "A1"
    assert any(e.kind == "edge" and e.other == "west" for e in r.events)
    split = board(EDGE + '[[knights]]\nname = "Odo"\nat = "D1"\n')
    results = outcomes(split, MonsterMove("Ogre", "north", "move to", limit=3))
    assert {at(r.state, "Ogre") for r in results} == {"A2", "A6"}
    assert all(len(r.choices) == 1 for r in results)             # offered, not picked


def test_move_to_a_direction_a_mob_stops_before_an_obstacle():
    """Monster Movement: Mobs "have to move around" Obstacles; moving in a direction, a Mob
    stops before one."""
    text = EDGE.replace('"boss"', '"mob"') + (
        '[[terrain]]\nname = "Rock"\nspaces = ["B7"]\nkeywords = ["obstacle"]\n')
    text = text.replace('facing = "north"', 'facing = "east"')
    [r] = outcomes(board(text), MonsterMove("Ogre", "east", "move to", limit=4))
    assert at(r.state, "Ogre") == "B6"


def test_move_lateral_turns_toward_the_target_when_it_begins_and_ends():
    """Monster Turning: "Unless stated otherwise, a Monster always turns: Toward the Target,
    when it begins and ends its movement." Move Lateral east to D5, in range 3 of Kara."""
    state = board(FIELD.replace('type = "mob"', 'type = "boss"'))
    [r] = outcomes(state, MonsterMove("Rat", "Kara", "move lateral", attack_range=3))
    assert at(r.state, "Rat") == "D5" and r.state.monster("Rat").facing == "east"


BROKEN_ZIGZAG = """
[board]
rows = 4
cols = 6
[[monsters]]
name = "Rat"
type = "mob"
at = "A1"
facing = "east"
[[knights]]
name = "Kara"
at = "D4"
[[terrain]]
name = "Rock"
spaces = ["B2"]
keywords = ["obstacle"]
"""


def test_once_the_zigzag_stops_every_equally_short_path_is_offered():
    """Monster Movement: "The Monster stops 'zigzag' movement if it would cause it to get
    further away from the Target. Then, if there is still more than one valid path to choose
    (none of them is shorter), players decide which one it will take." East first, the Rock
    on B2 stops the zig-zag at A2; from there every shortest way on is a choice: it may end
    north of Kara (C4) or west of her (D3). (Routes that differ in nothing the rules see —
    same start, same end, no miniature or tile met — are one choice.)"""
    state = board(BROKEN_ZIGZAG)
    results = outcomes(state, MonsterMove("Rat", "Kara", "move"))
    ends = set()
    for r in results:
        [moved] = [e for e in r.events if e.kind == "source-moved"]
        if str(moved.path[0]) == "A2":
            ends.add(str(moved.path[-1]))
    assert ends == {"C4", "D3"}


def test_a_boss_appearing_on_a_knight_gives_crash_and_unavoidable_knockback():
    """Monster Movement Types: the special types "still adhere to standard Monster Movement
    rules"; "If a Boss Monster ends its movement on a space occupied by a Knight, that Knight
    suffers Crash and Unavoidable Knockback" — Appear X onto Kara's space."""
    text = FIELD.replace('type = "mob"', 'type = "boss"\nunavoidable_knockback = 2')
    results = outcomes(board(text), MonsterMove("Rat", "D8", "appear"))
    assert results and all(at(r.state, "Rat") == "D8" for r in results)
    for r in results:
        kinds = [e.kind for e in r.events]
        assert "crash" in kinds and "unavoidable-knockback" in kinds
        assert at(r.state, "Kara") != "D8" if "Kara" in r.state.pieces else True


SIX = """
[board]
rows = 6
cols = 8
[[monsters]]
name = "Ogre"
type = "boss"
at = "C3"
size = 2
facing = "north"
blindspots = [[2, 1]]
[[knights]]
name = "Adam"
at = "B3"
[[knights]]
name = "Bea"
at = "E4"
[[knights]]
name = "Cid"
at = "A8"
[[knights]]
name = "Dag"
at = "F1"
[[knights]]
name = "Eve"
at = "F2"
[[knights]]
name = "Fay"
at = "D5"
"""


@pytest.mark.parametrize("line, expected", [
    # "Adjacent: The Target is on a space that shares an edge with a space occupied by the
    # attacking Monster."
    ("Adjacent", {"Adam", "Bea", "Fay"}),
    # "Engaged: The Target is adjacent to at least one Monster."
    ("Engaged", {"Adam", "Bea", "Fay"}),
    # "Non-Engaged: The Target is not adjacent to any Monster."
    ("Non-Engaged", {"Cid", "Dag", "Eve"}),
    # "Grouped Knight: The Target is adjacent to another Knight."
    ("Grouped Knight", {"Dag", "Eve"}),
    # "Lone Knight: The Target has no other Knight within three spaces from them."
    ("Lone Knight", {"Adam", "Cid"}),
    # "In front: ... on any space in front ... and within Line of Sight"
    ("In front", {"Adam", "Cid"}),
    # "In range: The Target is in effective Range X of the Monster's Attack."
    ("In range 3", {"Adam", "Bea", "Fay", "Eve"}),
    # "In sight: ... within the Line of Sight"; "Blindspots ... are never in the Monster's
    # Line of Sight."
    ("In sight", {"Adam", "Bea", "Cid", "Dag", "Eve"}),
    # "In/on X: ... For example, in Blindspot"
    ("In Blindspot", {"Fay"}),
    # "Not in/on X: ... For example, not in the Rear"
    ("In Rear", {"Bea"}),
    ("Not in Rear", {"Adam", "Cid", "Dag", "Eve", "Fay"}),
    ("not in the Rear", {"Adam", "Cid", "Dag", "Eve", "Fay"}),      # the rulebook's spelling
    ("In a Blindspot", {"Fay"}),
])
def test_typical_targeting_instructions_in_the_rulebook_words(line, expected):
    state = board(SIX)
    found = target(state, state.monster("Ogre"), [line])
    assert found.line == 0
    assert {n for a in found.alternatives for n in a} == expected
    assert len(found.alternatives) == len(expected)         # one Target: the tie is offered


def test_jump_crashes_only_where_it_ends():
    """Monster Movement Types: "Jump: This movement does not cause Crash or destroy Terrain
    tiles, with the exception of Knights and Terrain tiles the Monster ends this movement on"
    — the Boss jumps over Kara (D4) and the Column (D5) to D7, next to Odo."""
    text = FIELD.replace('type = "mob"', 'type = "boss"').replace(
        'at = "D8"', 'at = "D4"').replace('at = "C5"\nsize = [1, 3]', 'spaces = ["D5"]')
    text = text.replace('keywords = ["obstacle"]', 'keywords = ["obstacle", "destructible"]')
    text += '[[knights]]\nname = "Brann"\nat = "D8"\n'
    results = outcomes(board(text), MonsterMove("Rat", "Brann", "jump"))
    for r in results:
        assert at(r.state, "Rat") == "D7"
        assert not any(e.kind == "crash" for e in r.events)
        assert r.state.tile("Wall") is not None
    walked = outcomes(board(text), MonsterMove("Rat", "Brann", "move"))
    assert all(any(e.kind == "crash" and e.piece == "Kara" for e in r.events) for r in walked)
    assert all(r.state.tile("Wall") is None for r in walked)


def test_move_lateral_before_a_zone_attack_seeks_a_space_whose_zone_takes_the_target():
    """Monster Movement Types: "Move Lateral: Move along the shortest possible path in a
    straight line ... to a space from which the following Attack (usually Ranged or Zone) can
    be performed against the Target"; Zone X "attacks all Knights within X spaces
    horizontally, vertically and diagonally" — Zone 2 reaches Odo on B5 from D3 (diagonally),
    where Range 3 needs D4 or B2."""
    text = FIELD.replace('type = "mob"', 'type = "boss"').replace('at = "A2"', 'at = "B5"')
    results = outcomes(board(text), MonsterMove("Rat", "Odo", "move lateral", zone=2))
    assert {at(r.state, "Rat") for r in results} == {"D3"}
    assert not any(e.kind == "out-of-reach" for r in results for e in r.events)
    results = outcomes(board(text), MonsterMove("Rat", "Odo", "move lateral", attack_range=3))
    assert {at(r.state, "Rat") for r in results} == {"D4", "B2"}
    [r] = outcomes(board(text), MonsterMove("Rat", "Kara", "move", limit=1, zone=2))
    assert any(e.kind == "out-of-reach" for e in r.events)        # Target Out of Reach


def test_wave_cover_counts_obstacles_joined_to_an_adjacent_one_as_one_tile():
    """Attack Types, Wave Attack: "If the line passes through an Obstacle the Knight is
    adjacent to, the space is excluded ... For the purpose of this rule, treat adjacent
    Obstacles as one Terrain tile." The line from C1 to a Knight on C5 passes through C3:
    C3 alone is no cover (not adjacent to her); C3 joined through D3 and D4 to D5 (adjacent
    to her) is."""
    from tabletop.spatial.wave import covered

    spaces = [Space.parse(s) for s in ("C3", "D3", "D4", "D5")]
    knight, source = Space.parse("C5"), [Space.parse("C1")]
    assert covered(source, knight, frozenset(spaces)) == Space.parse("C3")
    assert covered(source, knight, frozenset([spaces[0], spaces[3]])) is None
    assert covered(source, knight, frozenset(spaces[:3])) is None
