"""Keyword List and tie-breaker rules added to the Clash rules core: Divine Target, Bypass and
its subtypes, Difficult Terrain for Monsters, Motivate's shared X, Hug's first ability window."""

from dataclasses import replace

import pytest
from clash_boards import board

from tabletop.errors import IllegalActionError
from tabletop.games.clash.actions import SetDivineTarget
from tabletop.games.clash.rules import apply, describe, outcomes
from tabletop.games.clash.targeting import target
from tabletop.games.layouts import dumps, loads

TIE = board("""
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
heat = 3
[[knights]]
name = "Odo"
at = "A2"
heat = 3
[[knights]]
name = "Ubar"
at = "G5"
heat = 3
""")


def tokens(state, priority=None, divine=None):
    return replace(state, turn=replace(state.turn, priority=priority, divine=divine))


def test_divine_target_breaks_a_tie_like_the_priority_target():
    # "The Divine Target token functions similarly to the Priority Target token as a
    # tiebreaker"
    rat = TIE.monster("Rat")
    found = target(tokens(TIE, divine="Ubar"), rat, ["Highest Heat"])
    assert found.alternatives == (("Ubar",),)
    assert "Divine Target" in " ".join(found.why)


def test_divine_and_priority_target_equally_viable_players_choose():
    # "If both the Divine Target and the Priority Target are equally viable Targets, players
    # may choose the Target."
    rat = TIE.monster("Rat")
    found = target(tokens(TIE, priority="Odo", divine="Ubar"), rat, ["Highest Heat"])
    assert found.alternatives == (("Odo",), ("Ubar",))
    # only one of them among the tied Knights: that one
    cooler = TIE.with_piece(replace(TIE.knight("Odo"), heat=1))
    found = target(tokens(cooler, priority="Odo", divine="Ubar"), rat, ["Highest Heat"])
    assert found.alternatives == (("Ubar",),)


def test_two_knights_with_both_tokens_tied_are_picked_together():
    rat = TIE.monster("Rat")
    found = target(tokens(TIE, priority="Odo", divine="Ubar"), rat, ["2 Knights, Highest Heat"])
    assert found.alternatives == (("Odo", "Ubar"),)
    found = target(tokens(TIE, divine="Kara"), rat, ["2 Knights, Highest Heat"])
    assert sorted(found.alternatives) == [("Kara", "Odo"), ("Kara", "Ubar")]


def test_divine_target_instruction_and_token_round_trip():
    state, events = apply(TIE, SetDivineTarget("Kara"))
    assert state.turn.divine == "Kara"
    assert "Kara holds the Divine Target token" in describe(events[0])
    assert target(state, state.monster("Rat"), ["Divine Target"]).alternatives == (("Kara",),)
    assert loads(dumps(state), "<again>")[1].turn.divine == "Kara"
    cleared, _ = apply(state, SetDivineTarget(None))
    assert cleared.turn.divine is None
    with pytest.raises(IllegalActionError, match="no Knight called"):
        apply(TIE, SetDivineTarget("Nobody"))


def lane(abilities: str = "", traits: str = "", extra: str = "") -> str:
    return f"""
[board]
rows = 3
cols = 7
[[knights]]
name = "Kara"
at = "B1"
abilities = [{abilities}]
[[knights]]
name = "Odo"
at = "B2"
[[monsters]]
name = "Rat"
type = "mob"
at = "B4"
traits = [{traits}]
[[terrain]]
name = "North wall"
at = "A1"
size = [7, 1]
keywords = ["obstacle"]
[[terrain]]
name = "Mud"
at = "C1"
size = [7, 1]
keywords = ["difficult"]
{extra}"""


def reach_of(text: str, name: str = "Kara") -> set[str]:
    from tabletop.games.clash import geometry

    state = board(text)
    return {str(s) for s in geometry.reach(state, name)}


def test_bypass_a_knight_moves_through_other_knights_not_ending_on_them():
    # "Bypass: A Knight or Monster may move through spaces occupied by other Knights or
    # Monsters, respectively. You cannot end your voluntary movement on a space occupied by
    # another miniature."
    plain = reach_of(lane())
    assert "B3" not in plain and "B2" not in plain
    bypass = reach_of(lane('"bypass"'))
    assert "B3" in bypass and "B2" not in bypass
    assert "B5" not in bypass                     # not through the Rat: a Monster


def test_advanced_bypass_moves_through_every_miniature():
    # "Advanced Bypass: A Knight or Monster may voluntarily move through other Miniatures."
    found = reach_of(lane('"advanced bypass"'))
    assert {"B3", "B5"} <= found and not {"B2", "B4"} & found
    assert not {s for s in found if s.startswith("A")}


def test_superior_bypass_enters_obstacles_and_ignores_difficult_terrain():
    # "Superior Bypass: ... may voluntarily enter an Obstacle space and end its movement on
    # that space. It additionally ignores Difficult Terrain and Chasm Terrain Keywords."
    found = reach_of(lane('"superior bypass"'))
    assert {"A1", "A4", "B5"} <= found and not {"B2", "B4"} & found
    assert "C4" in found                          # 4 spaces through Mud: no step lost
    assert "C4" not in reach_of(lane('"advanced bypass"'))
    stood = board(lane('"superior bypass"').replace('at = "B1"', 'at = "A1"'))
    assert stood.knight("Kara").at.row == 0        # a layout may put it on the Obstacle


def test_bypass_moves_are_movement_actions():
    from tabletop.games.clash.actions import MoveKnight
    from tabletop.spatial.grid import Space

    state, _ = apply(board(lane('"bypass"')), MoveKnight("Kara", Space.parse("B3")))
    assert str(state.knight("Kara").at) == "B3"
    with pytest.raises(IllegalActionError):
        apply(board(lane('"bypass"')), MoveKnight("Kara", Space.parse("B2")))


LOGS = """
[board]
rows = 1
cols = 8
[[knights]]
name = "Kara"
at = "A1"
abilities = [{abilities}]
[[terrain]]
name = "Log"
at = "A2"
keywords = ["obstacle"]
[[terrain]]
name = "Wall"
at = "A4"
size = [2, 1]
keywords = ["obstacle"]
"""


def test_jump_ignores_a_single_space_of_a_terrain_tile():
    # "Jump: ... Until the end of this movement, you may ignore a single space of a Terrain
    # tile (including an Obstacle)."
    assert reach_of(LOGS.format(abilities="")) == set()
    assert reach_of(LOGS.format(abilities='"jump"')) == {"A3"}   # over the Log, not the Wall


def test_advanced_jump_ignores_two_adjacent_spaces_of_a_single_tile():
    # "Advanced Jump: ... you may ignore up to 2 adjacent spaces of a single Terrain tile"
    found = reach_of(LOGS.format(abilities='"advanced jump"').replace('at = "A1"\n',
                                                                     'at = "A3"\nspeed = 3\n'))
    assert found == {"A1", "A6"}                  # over the Log, or both Wall spaces
    assert reach_of(LOGS.format(abilities='"advanced jump"')) == {"A3"}  # one tile per move


def test_jump_cannot_be_used_while_knocked_down():
    from dataclasses import replace as swap

    from tabletop.games.clash import geometry

    state = board(LOGS.format(abilities='"jump"'))
    down = state.with_piece(swap(state.knight("Kara"), knockdown="falling"))
    assert geometry.reach(down, "Kara") == frozenset()


MOB_LANE = """
[board]
rows = 1
cols = 8
[[monsters]]
name = "Rat"
type = "mob"
at = "A1"
traits = [{traits}]
[[monsters]]
name = "Ogre"
type = "mob"
at = "A2"
[[knights]]
name = "Kara"
at = "A8"
"""
ODO = """
[[knights]]
name = "Odo"
at = "A5"
"""


def test_monster_bypass_moves_through_other_monsters():
    from tabletop.games.clash.actions import MonsterMove

    def rat_after(traits: str, extra: str = "") -> str:
        [r] = outcomes(board(MOB_LANE.format(traits=traits) + extra),
                       MonsterMove("Rat", "Kara", "move"))
        return str(r.state.monster("Rat").at)

    assert rat_after("") == "A1"                            # the Ogre is in the way
    assert rat_after('"bypass"') == "A7"                    # through the Ogre
    # not through Odo, a Knight; "tries to move as close to the Target as possible"
    # (Monster Movement): it goes on to A4, next to Odo
    assert rat_after('"bypass"', ODO) == "A4"
    assert rat_after('"advanced bypass"', ODO) == "A7"      # through every miniature


def test_a_monster_with_bypass_never_ends_on_a_miniature():
    from tabletop.games.clash.actions import MonsterMove

    [r] = outcomes(board(MOB_LANE.format(traits='"advanced bypass"') + ODO),
                   MonsterMove("Rat", "Kara", "move", limit=4))
    assert str(r.state.monster("Rat").at) == "A4"          # A5 is Odo's: it stops short
    assert str(r.state.knight("Odo").at) == "A5"


def test_difficult_terrain_monsters_on_it_have_minus_one_speed():
    # "Monsters on Difficult Terrain have -1 Speed."
    from tabletop.games.clash.actions import MonsterMove

    text = """
[board]
rows = 1
cols = 10
[[monsters]]
name = "Ogre"
type = "boss"
at = "A1"
speed = 3
traits = [{traits}]
[[knights]]
name = "Kara"
at = "A10"
[[terrain]]
name = "Mud"
at = "A1"
keywords = ["difficult"]
"""
    [r] = outcomes(board(text.format(traits="")), MonsterMove("Ogre", "Kara", "move"))
    assert str(r.state.monster("Ogre").at) == "A3"
    assert "-1 Speed, it moves at most 2" in " ".join(describe(e) for e in r.events)
    [r] = outcomes(board(text.format(traits='"ignore difficult terrain"')),
                   MonsterMove("Ogre", "Kara", "move"))
    assert str(r.state.monster("Ogre").at) == "A4"
    [r] = outcomes(board(text.format(traits="")), MonsterMove("Ogre", "Kara", "move", limit=1))
    assert str(r.state.monster("Ogre").at) == "A1"      # the card's 1, less 1
    off = text.format(traits="").replace('name = "Mud"\nat = "A1"', 'name = "Mud"\nat = "A2"')
    [r] = outcomes(board(off), MonsterMove("Ogre", "Kara", "move"))
    assert str(r.state.monster("Ogre").at) == "A4"      # moving through it costs nothing


KNOCK = """
[board]
rows = 1
cols = 9
[[monsters]]
name = "Eggknight"
type = "boss"
at = "A1"
[[knights]]
name = "Kara"
at = "A2"
abilities = [{abilities}]
[[terrain]]
name = "Wall"
at = "A4"
size = [2, 1]
keywords = ["obstacle", "indestructible"]
"""


def test_advanced_jump_during_knockback_clears_two_adjacent_spaces_of_one_tile():
    # "Advanced Jump: Activate at the start of movement (voluntary or not). ... ignore up to 2
    # adjacent spaces of a single Terrain tile (including Obstacles)."
    from tabletop.games.clash.actions import Forced

    def ends(abilities: str) -> list[str]:
        results = outcomes(board(KNOCK.format(abilities=abilities)),
                           Forced("knockback", "Eggknight", "Kara", 4))
        return sorted(str(r.state.knight("Kara").at) for r in results)

    assert ends("") == ["A3"]                     # Crash against the Wall
    assert ends('"jump"') == ["A3"]               # one space is not enough to clear it
    assert ends('"advanced jump"') == ["A3", "A6"]  # over both, or not jumping


HUGGING = """
[board]
rows = 8
cols = 10
[[knights]]
name = "Kara"
at = "C4"
[[monsters]]
name = "Eggknight"
type = "boss"
at = "D4"
size = 2
facing = "north"
[[monsters]]
name = "Rat"
type = "mob"
at = "F7"
"""


def test_hug_through_difficult_terrain_moves_one_less_space():
    """*Keyword List: Difficult Terrain*: "If, during voluntary movement, a Knight moves
    through any number of Difficult Terrain tile spaces, they move one less space" — Hug X is a
    move-like ability, voluntary movement (its starting space counts, as for the Movement
    Action)."""
    from tabletop.games.clash.move_like import hug_spaces

    def hug(text: str, x: int) -> list[str]:
        state = board(text)
        return sorted(map(str, hug_spaces(state, state.knight("Kara"), x)))

    assert hug(HUGGING, 1) == ["C5", "D3"]
    mud_c5 = HUGGING + '[[terrain]]\nname = "Mud"\nspaces = ["C5"]\nkeywords = ["difficult"]\n'
    assert hug(mud_c5, 1) == ["D3"]
    assert "C5" in hug(mud_c5, 2)
    mud_c4 = mud_c5.replace('spaces = ["C5"]', 'spaces = ["C4"]')
    assert hug(mud_c4, 1) == []
    assert hug(mud_c4, 2) == ["C5", "D3"]


def test_hug_in_the_first_ability_window_keeps_the_target_in_weapon_range():
    # "If you perform Hug in the first ability window, you cannot move in a way that would
    # result in your target being outside of your weapon's effective range."
    from tabletop.games.clash.actions import MoveLike, Weapon
    from tabletop.spatial.grid import Space

    state = board(HUGGING)
    reach2 = Weapon.parse("reach 2")
    moved, _ = apply(state, MoveLike("Kara", "hug", Space.parse("E6"), 3, "Rat", reach2))
    assert str(moved.knight("Kara").at) == "E6"                  # range 2 to the Rat
    with pytest.raises(IllegalActionError, match="effective range"):
        apply(state, MoveLike("Kara", "hug", Space.parse("D3"), 3, "Rat", reach2))
    with pytest.raises(IllegalActionError, match="effective range"):
        apply(state, MoveLike("Kara", "hug", Space.parse("E6"), 3, "Rat", Weapon()))
    moved, _ = apply(state, MoveLike("Kara", "hug", Space.parse("D3"), 3))  # another window
    assert str(moved.knight("Kara").at) == "D3"


MOTIVATED = """
[board]
rows = 6
cols = 8
[[knights]]
name = "Kara"
at = "A1"
[[knights]]
name = "Odo"
at = "C1"
[[knights]]
name = "Sonch"
at = "E1"
[[knights]]
name = "Ubar"
at = "F8"
[[terrain]]
name = "Mud"
at = "E2"
keywords = ["difficult"]
"""


def test_motivate_x_is_shared_among_the_other_knights():
    # "Motivate X: During the second ability window, other Knights may move up to X spaces
    # among them. Example: Motivate 3 allows one Knight to move 3 spaces, two Knights to move
    # 2 and 1 spaces respectively or three Knights to move 1 space each."
    from tabletop.games.clash.actions import Motivate
    from tabletop.spatial.grid import Space as S

    state = board(MOTIVATED)
    moved, events = apply(state, Motivate("Kara", 3, (("Odo", S.parse("C3")),
                                                       ("Ubar", S.parse("F7")))))
    assert str(moved.knight("Odo").at) == "C3" and str(moved.knight("Ubar").at) == "F7"
    assert "Motivate 3 by Kara: 2 of its spaces" in describe(events[0])
    moved, _ = apply(state, Motivate("Kara", 3, (("Odo", S.parse("C4")),)))
    assert str(moved.knight("Odo").at) == "C4"                    # one Knight, all three
    with pytest.raises(IllegalActionError, match="cannot reach F6 with the 1 space"):
        apply(state, Motivate("Kara", 3, (("Odo", S.parse("C3")), ("Ubar", S.parse("F6")))))
    with pytest.raises(IllegalActionError, match="cannot reach E3 with the 2 spaces"):
        apply(state, Motivate("Kara", 3, (("Odo", S.parse("C2")), ("Sonch", S.parse("E3")))))
    with pytest.raises(IllegalActionError, match="other Knights"):
        apply(state, Motivate("Kara", 3, (("Kara", S.parse("A2")),)))
    with pytest.raises(IllegalActionError, match="once"):
        apply(state, Motivate("Kara", 3, (("Odo", S.parse("C2")), ("Odo", S.parse("C3")))))



def test_motivate_cannot_be_used_by_a_knocked_down_knight():
    """*Keyword List: Knockdown*: "While you have the Knockdown (falling down) card, you cannot
    move voluntarily, perform any actions, reactions, or free actions, or use Gear abilities or
    Techniques" — Motivate X is the motivating Knight's ability."""
    from dataclasses import replace

    from tabletop.games.clash.actions import Motivate
    from tabletop.spatial.grid import Space as S

    state = board(MOTIVATED)
    down = state.with_piece(replace(state.knight("Kara"), knockdown="falling"))
    with pytest.raises(IllegalActionError, match="Kara is knocked down"):
        apply(down, Motivate("Kara", 3, (("Odo", S.parse("C4")),)))
    standing = state.with_piece(replace(state.knight("Kara"), knockdown="standing"))
    moved, _ = apply(standing, Motivate("Kara", 3, (("Odo", S.parse("C4")),)))
    assert str(moved.knight("Odo").at) == "C4"


SPECTRE = """
[board]
rows = 6
cols = 6
[[monsters]]
name = "Spectre"
type = "boss"
at = "C3"
traits = [{traits}]
[[knights]]
name = "Kara"
at = "C4"
[[knights]]
name = "Odo"
at = "F3"
"""


def test_always_there_is_adjacent_to_every_knight_for_its_attacks_and_effects():
    # "Always There: For the purposes of all Monster Attacks and effects it is always
    # considered adjacent to the Knight, but the Knight is not considered adjacent to the
    # Monster."
    from tabletop.games.clash.actions import MonsterAttack

    state = board(SPECTRE.format(traits='"always there"'))
    spectre = state.monster("Spectre")
    assert target(state, spectre, ["Adjacent, Furthest"]).alternatives == (("Odo",),)
    assert target(state, spectre, ["In range 1, Furthest"]).alternatives == (("Odo",),)
    [r] = outcomes(state, MonsterAttack("Spectre", ("Odo",), "melee"))
    assert [e.kind for e in r.events if e.piece == "Odo"] == ["attack-target"]
    plain = board(SPECTRE.format(traits=""))
    assert target(plain, plain.monster("Spectre"), ["Adjacent, Furthest"]).alternatives == (
        ("Kara",),)
    [r] = outcomes(plain, MonsterAttack("Spectre", ("Odo",), "melee"))
    assert [e.kind for e in r.events if e.piece == "Odo"] == ["out-of-reach"]


def test_always_there_a_knight_is_never_adjacent_to_it():
    from tabletop.games.clash.actions import Attack, MoveLike, Vault, Weapon
    from tabletop.spatial.grid import Space

    state = board(SPECTRE.format(traits='"always there"'))
    with pytest.raises(IllegalActionError, match="Always There"):
        apply(state, Attack("Kara", "Spectre", Weapon()))
    apply(state, Attack("Kara", "Spectre", Weapon.parse("reach 2")))    # range 1 is in Reach
    with pytest.raises(IllegalActionError, match="Always There"):
        apply(state, Vault("Kara", "Spectre"))
    with pytest.raises(IllegalActionError, match="Hug"):
        apply(state, MoveLike("Kara", "hug", Space.parse("B3"), 2))
    plain = board(SPECTRE.format(traits=""))
    apply(plain, Attack("Kara", "Spectre", Weapon()))
    apply(plain, MoveLike("Kara", "hug", Space.parse("B3"), 2))


def test_involuntary_movement_reduction_effects_combine():
    # "Multiple effects reducing involuntary movement may be applied at the same time ... all
    # of these effects can be combined to reduce Pushback suffered by that Knight by a total
    # of 4."
    from tabletop.games.clash.actions import Forced

    state = board(KNOCK.format(abilities="").replace('at = "A4"\nsize = [2, 1]',
                                                      'at = "A8"\nsize = [2, 1]'))
    [full] = outcomes(state, Forced("knockback", "Eggknight", "Kara", 4))
    [less] = outcomes(state, Forced("knockback", "Eggknight", "Kara", 4, reduction=3))
    assert str(full.state.knight("Kara").at) == "A6" and str(less.state.knight("Kara").at) == "A3"
    assert "Knockback is reduced to 1" in " ".join(describe(e) for e in less.events)
    [none] = outcomes(state, Forced("knockback", "Eggknight", "Kara", 4, reduction=9))
    assert str(none.state.knight("Kara").at) == "A2"


PIT = """
[board]
rows = 3
cols = 6
boundless = ["east"]
[[monsters]]
name = "Eggknight"
type = "boss"
at = "B1"
[[knights]]
name = "Kara"
at = "B2"
abilities = [{abilities}]
[[terrain]]
name = "Pit"
at = "B4"
keywords = ["chasm"]
"""


def test_lifeline_displaces_instead_of_dying_on_a_terrain_tile():
    # "Lifeline: When you are about to die from moving onto a Terrain tile's space, Displace
    # instead."
    from tabletop.games.clash.actions import Forced

    [dead] = outcomes(board(PIT.format(abilities="")), Forced("knockback", "Eggknight",
                                                              "Kara", 2))
    assert dead.state.knight("Kara") is None
    saved = outcomes(board(PIT.format(abilities='"lifeline"')),
                     Forced("knockback", "Eggknight", "Kara", 2))
    assert sorted(str(r.state.knight("Kara").at) for r in saved) == ["A4", "B3", "B5", "C4"]
    assert all("uses Lifeline instead of dying" in " ".join(describe(e) for e in r.events)
               for r in saved)


def test_lifeline_stops_at_a_boundless_board_edge():
    # "Alternatively, when you are about to die from falling from a Boundless Board Edge, stop
    # adjacent to it."
    from tabletop.games.clash.actions import Forced

    text = PIT.replace('at = "B4"\nkeywords = ["chasm"]', 'at = "A6"\nkeywords = ["difficult"]')
    [dead] = outcomes(board(text.format(abilities="")), Forced("knockback", "Eggknight",
                                                               "Kara", 6))
    assert dead.state.knight("Kara") is None
    [saved] = outcomes(board(text.format(abilities='"lifeline"')),
                       Forced("knockback", "Eggknight", "Kara", 6))
    assert str(saved.state.knight("Kara").at) == "B6"
