"""Vantage Points (rulebook *Vantage Points*): creating, climbing, falling, Knockdown and
involuntary movement on a VP, movement off one, adjacency and range, turning with the Monster.

The board is ``layouts/clash-rule-vantage-points.toml``: the Gorgoleth (3x3 on C4, facing
south) has Vantage Points C5 (Odo on it), E5 (free) and D6 (locked)."""

from dataclasses import replace
from pathlib import Path

import pytest
from clash_boards import board

from tabletop.errors import IllegalActionError, LayoutError
from tabletop.games.clash import geometry
from tabletop.games.clash.actions import (
    Climb,
    CreateVantagePoint,
    EndMonsterRound,
    FallFromVantage,
    Forced,
    MoveKnight,
    MoveLike,
    SetStat,
    StartTurn,
    TurnMonster,
)
from tabletop.games.clash.rules import apply, describe, outcomes
from tabletop.games.clash.state import Turn
from tabletop.games.clash.vantage import free_vantage_points, vantage_spaces
from tabletop.games.layouts import dumps, load, loads
from tabletop.spatial.grid import Space

S = Space.parse
LAYOUT = Path(__file__).resolve().parent.parent / "layouts" / "clash-rule-vantage-points.toml"


def vp_board():
    return load(LAYOUT)[1]


def words(events):
    return " ".join(describe(e) for e in events)


def test_vantage_points_turn_with_the_monster_and_know_which_are_locked():
    state = vp_board()
    gorgoleth = state.monster("Gorgoleth")
    assert sorted(map(str, vantage_spaces(gorgoleth, unlocked_only=False))) == ["C5", "D6",
                                                                                "E5"]
    assert sorted(map(str, vantage_spaces(gorgoleth))) == ["C5", "E5"]
    assert free_vantage_points(state, gorgoleth) == [S("E5")]


def test_vantage_point_keys_round_trip():
    state = vp_board()
    again = loads(dumps(state), "<again>")[1]
    assert again == state


GORGOLETH = """
[board]
rows = 8
cols = 10
[[knights]]
name = "Odo"
at = "{odo}"
vantage = "Gorgoleth"
[[monsters]]
name = "Gorgoleth"
type = "boss"
at = "C4"
size = 3
facing = "south"
vantage_points = {vps}
locked_vantage_points = {locked}
"""


def gorgoleth(odo="C5", vps="[[1, 0], [1, 2], [0, 1]]", locked="[[0, 1]]"):
    return GORGOLETH.format(odo=odo, vps=vps, locked=locked)


def test_layout_refuses_a_knight_on_a_locked_or_missing_vantage_point():
    assert board(gorgoleth()).knight("Odo").vantage == "Gorgoleth"
    with pytest.raises(LayoutError, match="locked"):
        board(gorgoleth(odo="D6"))
    with pytest.raises(LayoutError, match="not one of Gorgoleth's vantage_points"):
        board(gorgoleth(odo="D5"))
    with pytest.raises(LayoutError, match="vantage_points"):
        board(gorgoleth(vps="[[1, 0], [3, 2], [0, 1]]"))
    with pytest.raises(LayoutError, match="listed twice"):
        board(gorgoleth(vps="[[1, 0], [1, 0], [0, 1]]"))
    with pytest.raises(LayoutError, match="locked_vantage_points"):
        board(gorgoleth(locked="[[2, 2]]"))


def test_climbing_a_vp_a_knight_adjacent_performs_a_climb_test_as_a_free_action():
    # "A Knight adjacent to the Monster may perform a Climb test as a free action. ... If you
    # succeed, place your Knight on the VP space."
    state, events = apply(vp_board(), Climb("Kara", "Gorgoleth", S("E5")))
    kara = state.knight("Kara")
    assert kara.vantage == "Gorgoleth" and kara.at == S("E5")
    assert state.turn.active == "Kara" and not state.turn.moved and not state.turn.attacked
    assert "climbs Gorgoleth's Vantage Point on E5" in words(events)


def test_a_failed_climb_test_leaves_the_knight_on_the_ground():
    state, events = apply(vp_board(), Climb("Kara", "Gorgoleth", S("E5"), passed=False))
    assert state.knight("Kara").vantage is None and state.knight("Kara").at == S("B4")
    assert "fails the Climb test" in words(events)


@pytest.mark.parametrize(("action", "why"), [
    (Climb("Ubar", "Gorgoleth", S("E5")), "not adjacent"),
    (Climb("Kara", "Gorgoleth", S("C5")), "only one Knight can occupy a single VP"),
    (Climb("Kara", "Gorgoleth", S("D6")), "locked"),
    (Climb("Kara", "Gorgoleth", S("D5")), "not a Vantage Point"),
    (Climb("Odo", "Gorgoleth", S("E5")), "already on a Vantage Point"),
])
def test_climbing_is_refused_by_the_vantage_point_rules(action, why):
    with pytest.raises(IllegalActionError, match=why):
        apply(vp_board(), action)


def test_a_monster_without_vantage_points_cannot_be_climbed():
    # "If a Monster has no associated VP description, you cannot create VPs on it by any
    # means. These Monsters simply cannot be climbed!"
    state = board("""
[board]
rows = 5
cols = 5
[[knights]]
name = "Kara"
at = "A2"
[[monsters]]
name = "Ratwolf"
type = "boss"
at = "B2"
""")
    with pytest.raises(IllegalActionError, match="cannot be climbed"):
        apply(state, Climb("Kara", "Ratwolf", S("B2")))
    with pytest.raises(IllegalActionError, match="cannot be climbed"):
        apply(state, CreateVantagePoint("Ratwolf", S("B2")))


def test_climbing_happens_during_the_knights_turn_and_not_while_knocked_down():
    state = vp_board()
    with pytest.raises(IllegalActionError, match="during its turn"):
        apply(replace(state, turn=Turn(phase="monster")), Climb("Kara", "Gorgoleth", S("E5")))
    fallen = state.with_piece(replace(state.knight("Kara"), knockdown="falling"))
    with pytest.raises(IllegalActionError, match="knocked down"):
        apply(fallen, Climb("Kara", "Gorgoleth", S("E5")))
    busy, _ = apply(state, StartTurn("Sonch"))
    with pytest.raises(IllegalActionError, match="Sonch's turn is not finished"):
        apply(busy, Climb("Kara", "Gorgoleth", S("E5")))


def test_creating_a_vp_unlocks_it():
    # "Unless stated otherwise, the Monster VP must be created before it can be used."
    state, events = apply(vp_board(), CreateVantagePoint("Gorgoleth", S("D6")))
    assert state.monster("Gorgoleth").locked_vantage_points == ()
    assert "D6 is created" in words(events)
    state, _ = apply(state, Climb("Kara", "Gorgoleth", S("D6")))
    assert state.knight("Kara").at == S("D6")
    with pytest.raises(IllegalActionError, match="already created"):
        apply(state, CreateVantagePoint("Gorgoleth", S("D6")))


def test_falling_down_from_a_vp_hold_on_test_at_the_end_of_the_monster_round():
    # "At the end of the Monster Round, most VPs will force you to perform a Hold on test"
    state = replace(vp_board(), turn=Turn(phase="monster"))
    _, events = apply(state, EndMonsterRound())
    assert [e.piece for e in events if e.kind == "hold-on"] == ["Odo"]
    assert "Odo on Gorgoleth's Vantage Point performs a Hold on test" in words(events)


def test_a_knight_who_falls_comes_down_next_to_the_monster_players_choosing_where():
    state = vp_board()
    results = outcomes(state, FallFromVantage("Odo"))
    ring = {s for s in geometry._around(state.board, state.monster("Gorgoleth"))
            if s not in state.occupant}
    assert {r.state.knight("Odo").at for r in results} == ring
    assert all(r.state.knight("Odo").vantage is None for r in results)
    assert "falls from Gorgoleth's Vantage Point" in words(results[0].events)
    with pytest.raises(IllegalActionError, match="choose"):
        apply(state, FallFromVantage("Odo"))
    with pytest.raises(IllegalActionError, match="not on a Vantage Point"):
        apply(state, FallFromVantage("Kara"))


def test_knockdown_on_a_vp_displaces_first():
    # "If a Knight suffers Knockdown or involuntary movement while on a VP space, they must
    # first be Displaced to a space adjacent to the Monster."
    state = vp_board()
    results = outcomes(state, SetStat("Odo", "knockdown", 1))
    assert len(results) > 1
    for r in results:
        odo = r.state.knight("Odo")
        assert odo.vantage is None and odo.knockdown == "falling"
        assert geometry.range_(r.state, "Odo", "Gorgoleth") == 1
    state, _ = apply(state, SetStat("Odo", "knockdown", 1, option=0))
    assert state.knight("Odo").vantage is None
    [plain] = outcomes(vp_board(), SetStat("Kara", "knockdown", 1))
    assert plain.state.knight("Kara").at == S("B4")


def test_involuntary_movement_on_a_vp_displaces_first():
    results = outcomes(vp_board(), Forced("knockback", "Ubar", "Odo", 1))
    assert results and all(r.state.knight("Odo").vantage is None for r in results)
    assert all(any(e.kind == "displaced" and "off the Vantage Point" in e.rule
                   for e in r.events) for r in results)


def test_movement_off_a_vp_as_if_adjacent():
    # "A Knight may move from a Monster VP space to a space on the Board adjacent to the
    # Monster using a Movement Action or any move-like ability, as if they were adjacent."
    state = vp_board()
    state, _ = apply(state, MoveKnight("Odo", S("F5")))     # the far side: one step
    assert state.knight("Odo").at == S("F5") and state.knight("Odo").vantage is None
    state, _ = apply(vp_board(), MoveLike("Odo", "reflex", S("E3")))
    assert state.knight("Odo").at == S("E3")
    with pytest.raises(IllegalActionError):
        apply(vp_board(), MoveLike("Odo", "reflex", S("F3")))  # two steps away


def test_hug_from_a_vp_steps_first_next_to_the_monster():
    from tabletop.games.clash.move_like import hug_spaces

    state = vp_board()
    spaces = hug_spaces(state, state.knight("Odo"), 1)
    assert {S("F5"), S("C7")} <= spaces   # one step, "as if adjacent"
    assert S("B4") not in spaces and S("D7") not in spaces        # Kara's and Sonch's
    assert S("F7") not in hug_spaces(state, state.knight("Odo"), 3)  # never off the Monster
    state, _ = apply(state, MoveLike("Odo", "hug", S("C7"), 1))
    assert state.knight("Odo").at == S("C7") and state.knight("Odo").vantage is None


def test_vps_adjacency_and_range():
    # "Knights on VPs are considered adjacent and in range 1 to the Monster and all Knights
    # adjacent to that Monster. ... Other Knights adjacent to the Monster are not considered
    # to be adjacent to Knights on VPs."
    state = vp_board()
    assert geometry.adjacent(state, "Odo", "Gorgoleth")
    assert geometry.adjacent(state, "Gorgoleth", "Odo")
    assert geometry.adjacent(state, "Odo", "Kara") and geometry.adjacent(state, "Odo", "Sonch")
    assert not geometry.adjacent(state, "Kara", "Odo")
    assert not geometry.adjacent(state, "Sonch", "Odo")
    assert geometry.range_(state, "Odo", "Sonch") == 1
    # "They measure range ... from the space occupied by the Monster that is closest"
    assert geometry.range_(state, "Odo", "Ubar") == geometry.range_(state, "Gorgoleth", "Ubar")
    assert not geometry.adjacent(state, "Odo", "Ubar")


def test_two_knights_on_vps_of_one_monster_are_adjacent():
    state, _ = apply(vp_board(), Climb("Kara", "Gorgoleth", S("E5")))
    assert geometry.adjacent(state, "Kara", "Odo") and geometry.adjacent(state, "Odo", "Kara")


def test_a_knight_on_a_vp_turns_with_its_monster_and_the_board_saves():
    state = vp_board()
    [turned] = outcomes(state, TurnMonster("Gorgoleth", "east"))
    # C5 facing south is north-frame offset (1, 2); facing east that is D4
    assert turned.state.knight("Odo").at == S("D4")
    assert turned.state.knight("Odo").vantage == "Gorgoleth"
    again = loads(dumps(turned.state), "<again>")[1]
    assert again.knight("Odo") == turned.state.knight("Odo")


def test_query_verbs_climb_and_adjacent():
    from tabletop.games.clash import GAME
    from tabletop.games.query import ask

    state = vp_board()
    answer = ask(GAME, state, "climb Kara Gorgoleth")
    assert answer["answer"] == ["E5"]
    assert "only one Knight can occupy a single VP" in answer["why"] and "locked" in answer["why"]
    assert ask(GAME, state, "climb Ubar Gorgoleth")["answer"] == []
    answer = ask(GAME, state, "adjacent Kara Odo")
    assert answer["answer"] is False and "not considered adjacent" in answer["why"]
    assert ask(GAME, state, "adjacent Odo Kara")["answer"] is True


def test_legal_actions_offer_the_climb_tests_a_knight_may_take():
    from tabletop.games.clash.rules import legal_actions

    state, _ = apply(vp_board(), StartTurn("Kara"))
    climbs = [a for a in legal_actions(state) if isinstance(a, Climb)]
    assert climbs == [Climb("Kara", "Gorgoleth", S("E5")),
                      Climb("Kara", "Gorgoleth", S("E5"), False)]  # passed, failed
    state, _ = apply(vp_board(), StartTurn("Ubar"))
    assert not [a for a in legal_actions(state) if isinstance(a, Climb)]


def test_grouped_targeting_counts_adjacency_as_the_knight_on_a_vp_does():
    # "Knights on VPs are considered adjacent ... to ... all Knights adjacent to that Monster"
    from tabletop.games.clash.targeting import target

    state = vp_board()
    found = target(state, state.monster("Gorgoleth"), ["Grouped"])
    assert found.alternatives == (("Odo",),)


def test_rush_from_a_vp_steps_first_next_to_the_monster():
    # "A Knight may move from a Monster VP space ... using a Movement Action or any move-like
    # ability, as if they were adjacent spaces."  Rush is the Movement Action.
    from tabletop.games.clash.actions import Rush, Weapon
    from tabletop.games.clash.move_like import rush_spaces

    state = vp_board()
    state = state.with_piece(replace(state.knight("Ubar"), at=S("H9")))
    state = replace(state, monsters=(*state.monsters,
                                     replace(state.monster("Gorgoleth"), name="Imp", kind="mob",
                                             at=S("H10"), size=1, vantage_points=(),
                                             locked_vantage_points=())))
    odo = state.knight("Odo")
    ends = rush_spaces(state, odo, "Imp", Weapon.parse("reach 2"))
    # one step off the Gorgoleth (F6), then four more: Speed 4 + 1, the first spaces in reach
    assert sorted(map(str, ends)) == ["F10", "G9", "H8"]
    moved, _ = apply(state, Rush("Odo", "Imp", min(ends), Weapon.parse("reach 2")))
    assert moved.knight("Odo").vantage is None


def test_vault_from_a_vantage_point_is_refused_step_off_first():
    """*Keyword List: Vault*: "If you're adjacent to a Monster, place your miniature on an
    empty space in a straight line from you, on the opposite side of the Monster"; *Movement
    and VPs*: a Knight leaves a VP only "to a space on the Board adjacent to the Monster".
    Will of the Graal: Vault needs the Knight on the board next to the Monster, so a Knight on
    a VP steps off first (else it would land keeping ``vantage``)."""
    from tabletop.games.clash.actions import Vault

    for ask in (apply, outcomes):
        with pytest.raises(IllegalActionError, match="step off the Vantage Point first: "
                                                     "Vault needs the Knight adjacent to "
                                                     "the Monster on the board"):
            ask(vp_board(), Vault("Odo", "Gorgoleth"))
    state, _ = apply(vp_board(), MoveKnight("Odo", S("F5")))  # stepped off, south side
    state, _ = apply(state, Vault("Odo", "Gorgoleth"))
    odo = state.knight("Odo")
    assert odo.at == S("B5") and odo.vantage is None


def test_stalwart_on_a_vp_ignores_the_knockback_without_being_displaced():
    """*Keyword List: Stalwart*: "When you are about to suffer Knockback, you may use this
    ability to ignore it." — offered before the Displace off the Vantage Point (*Movement and
    VPs*), so using it leaves the Knight on its VP; suffering it Displaces first.  An
    Unavoidable Knockback is not offered Stalwart."""
    text = gorgoleth().replace('vantage = "Gorgoleth"',
                               'vantage = "Gorgoleth"\nabilities = ["stalwart"]')
    state = board(text + '[[knights]]\nname = "Kara"\nat = "A1"\n')
    results = outcomes(state, Forced("knockback", "Gorgoleth", "Odo", 1))
    kept = [r for r in results if "Odo uses Stalwart to ignore it" in r.choices]
    assert len(kept) == 1
    [stalwart] = kept
    assert stalwart.state.knight("Odo") == state.knight("Odo")
    assert not any(e.kind == "displaced" for e in stalwart.events)
    suffered = [r for r in results if r is not stalwart]
    assert suffered and all(r.state.knight("Odo") is None
                            or r.state.knight("Odo").vantage is None for r in suffered)
    assert all(any(e.kind == "displaced" and "off the Vantage Point" in e.rule
                   for e in r.events) for r in suffered)
    assert all(r.choices.index("Odo suffers the Knockback") == 0 for r in suffered)
    unavoidable = outcomes(state, Forced("unavoidable knockback", "Gorgoleth", "Odo", 1))
    assert unavoidable and not any("Stalwart" in c for r in unavoidable for c in r.choices)
