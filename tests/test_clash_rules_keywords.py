"""Keyword List and tie-breaker rules added to the Clash rules core: Divine Target, Bypass and
its subtypes, Difficult Terrain for Monsters, Motivate's shared X, Hug's first ability window."""

from dataclasses import replace

import pytest
from clash_boards import board

from tabletop.errors import IllegalActionError
from tabletop.games.clash.actions import SetDivineTarget
from tabletop.games.clash.rules import apply, describe
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
