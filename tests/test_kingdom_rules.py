"""The Delve rules core, step by step and loss condition by loss condition (rulebook *Delve
Phase* through *Emergence*)."""

from dataclasses import replace

import pytest
from kingdom_boards import go, load

from tabletop.errors import IllegalActionError
from tabletop.games.kingdom import board, rules
from tabletop.games.kingdom.actions import (
    AdjustTrack,
    Answer,
    Backtrack,
    DrawExploration,
    EndStep,
    EnterFog,
    GrantShortcuts,
    PlaceHindering,
    ReportLoss,
    RevealTile,
    Rotate,
    SpawnMonster,
    Travel,
)
from tabletop.games.kingdom.state import Track


def finish_round(state):
    """Answer prompts with the first option, draw, end both steps."""
    while state.pending:
        state, _ = go(state, Answer(state.pending[0].options[0] if state.pending[0].options
                                    else "0"))
    state, _ = go(state, DrawExploration(), EndStep(), EndStep())
    while state.pending:
        state, _ = go(state, Answer(state.pending[0].options[0]))
    return state


# -- Travel step ---------------------------------------------------------------------------

def test_travel_step_resolves_the_kingdom_tile_step_in_order_a_to_e():
    state, said = go(load("start"), Travel("3"))
    text = "\n".join(said)
    order = ["a. Resolve the back", "Time 0 to 1", "Threat 0 to 2", "b. Reveal 3",
             "c. Place face down: 6", "Point of Interest 4"]
    positions = [text.index(part) for part in order]
    assert positions == sorted(positions)
    assert state.party == "3" and state.tile("3").status == "explored"
    assert state.tile("6").status == "face-down" and state.tile("7").status == "face-down"
    assert state.delve.phase == "exploration"


def test_travel_needs_a_path_from_the_current_tile():
    with pytest.raises(IllegalActionError, match="no path of 1 Border Gate leads to"):
        rules.apply(_with_6_on_table(), Travel("6"))


def _with_6_on_table():
    state = load("start")
    return state.with_tile(replace(state.tile("6"), status="face-down", at=(3, 1)))


def test_no_staying_put():
    with pytest.raises(IllegalActionError, match="cannot stay on its tile"):
        rules.apply(load("start"), Travel("1"))


def test_explored_tiles_are_reached_by_backtracking_not_travel():
    state = load("mid-delve")
    with pytest.raises(IllegalActionError, match="explored: choose it as a Backtrack"):
        rules.apply(state, Travel("3"))


def test_hindering_tokens_block_the_party():
    state, _ = go(load("start"), PlaceHindering("rubble", "1", "east"))
    with pytest.raises(IllegalActionError, match="blocked by a rubble token"):
        rules.apply(state, Travel("2"))


def test_a_token_on_the_far_end_of_a_path_blocks_it_too():
    state = load("start")
    state = state.with_tile(replace(state.tile("2"), status="revealed"))
    state, _ = go(state, PlaceHindering("flood", "2", "west"))
    with pytest.raises(IllegalActionError, match="flood"):
        rules.apply(state, Travel("2"))


def test_hindering_tokens_do_not_stop_monsters():
    state = load("mid-delve")  # a Flood token on the Flooded Nave's east path
    state = state.with_tile(replace(state.tile("6"), status="face-down"))
    state, _ = go(state, SpawnMonster("Gorewing", "6"), AdjustTrack("threat", 1))
    # the only way from tile 6 runs through the flooded path to 3, then on to the party on 7
    hunted = [m for m in state.monsters if m.monster == "Gorewing"]
    assert hunted[0].tile == "7"


def test_shortcuts_only_when_granted():
    state, _ = go(load("start"), Travel("2"), Answer("martial"))
    state = finish_round(state)
    with pytest.raises(IllegalActionError, match="not been granted Shortcuts"):
        rules.apply(state, Travel("9"))
    state, said = go(state, GrantShortcuts(True), Travel("9"))
    assert state.party == "9"
    assert any("new section of a disjointed map" in s for s in said)


def test_backtrack_costs_one_time_and_one_threat_per_tile_after_the_first():
    state = load("mid-delve")
    t = state.track
    near, _ = go(state, Backtrack("3"))
    assert (near.track.time, near.track.threat) == (t.time + 1, t.threat)
    far, said = go(state, Backtrack("1"))
    assert (far.track.time, far.track.threat) == (t.time + 1, t.threat + 1)
    assert far.party == "1"


def test_backtrack_skips_the_kingdom_tile_step():
    state, said = go(load("mid-delve"), Backtrack("3"))
    assert state.delve.phase == "exploration"
    assert not any(s.startswith("a. Resolve the back") for s in said)


def test_backtrack_onto_an_unexplored_tile_is_refused():
    with pytest.raises(IllegalActionError, match="Unexplored"):
        rules.apply(load("mid-delve"), Backtrack("8"))


def test_enter_the_deep_fog_needs_an_unblocked_deep_fog_path():
    state, _ = go(load("start"), PlaceHindering("deep-fog", "1", "north"))
    with pytest.raises(IllegalActionError, match="every Deep Fog path of 1 Border Gate is blocked"):
        rules.apply(state, EnterFog("3"))
    state = load("mid-delve")
    with pytest.raises(IllegalActionError, match="has no Deep Fog path"):
        rules.apply(state, EnterFog("8"))


def test_actions_out_of_their_step_explain_themselves():
    with pytest.raises(IllegalActionError, match="the Exploration step"):
        rules.apply(load("start"), DrawExploration())
    state, _ = go(load("start"), Travel("4"))
    with pytest.raises(IllegalActionError, match="first answer the waiting question"):
        rules.apply(state, DrawExploration())


# -- Clues -------------------------------------------------------------------------------

def test_clue_type_is_read_on_the_side_of_the_travel_direction():
    state, said = go(load("start"), Travel("2"))
    assert state.pending[0].kind == "clue" and "east side" in state.pending[0].text
    state, _ = go(state, Answer("Errant"))
    assert state.clues == (0, 1, 0, 0)


def test_additional_clues_are_typed_by_minor_mortis_cards():
    state, _ = go(load("start"), Travel("3"))
    clue_prompts = [p for p in state.pending if p.kind == "clue"]
    assert len(clue_prompts) == 2
    assert "Minor Mortis" in clue_prompts[1].text


def test_answers_must_be_one_of_the_options():
    state, _ = go(load("start"), Travel("2"))
    with pytest.raises(IllegalActionError, match="martial, errant, historic, mystic"):
        rules.apply(state, Answer("golden"))


# -- Tile anatomy ------------------------------------------------------------------------

def test_revealed_tile_loses_its_generic_token():
    state, _ = go(load("start"), RevealTile("4"))
    assert state.tile("4").status == "revealed"
    state, said = go(state, Travel("4"))
    assert any("Remove the Generic token" in s for s in said)
    assert state.tile("4").status == "explored"


def test_front_symbols_cipher_poi_and_panzergate():
    state, said = go(load("start"), Travel("2"))
    assert any("Exploration Cipher half 37" in s for s in said)
    assert any(h.kind == "single-panzergate" and h.tile == "2" for h in state.hindering)
    state, said = go(load("start"), Travel("4"))
    assert any("'Ash Reliquary'" in s for s in said)
    state, _ = go(load("start"), Travel("3"), Answer("mystic"), Answer("mystic"))
    state, said = go(state, Answer("-2"))
    assert any("Point of Interest 4 -2 = 2" in s for s in said)


# -- Encounter Monsters ------------------------------------------------------------------

def test_hunt_space_moves_monsters_toward_the_party():
    state = load("mid-delve")  # Threat 5, Hunt Space 6 moves 2 tiles; the Hound 2 tiles away
    state, said = go(state, AdjustTrack("threat", 1))
    assert [m.tile for m in state.monsters] == ["7"]
    assert state.pending[0].kind == "encounter"
    assert any("Hunt Space 6" in s for s in said)


def test_hunt_waits_for_step_d_in_the_kingdom_tile_step():
    state = load("mid-delve")
    state, said = go(state, Travel("8"))  # Threat 5 -> 7: Hunt Space 6, then the spawn
    text = "\n".join(said)
    assert text.index("c. Place face down") < text.index("d. Threat reached a Hunt Space")
    assert state.delve.threat_seven


def test_threat_seven_spawns_the_district_monster_next_to_the_party():
    state = load("mid-delve")
    state = replace(state, monsters=())
    state, said = go(state, AdjustTrack("threat", 2))
    # the party's district is Thornwood: the Rotgut Hound spawns on the one adjacent tile
    assert state.delve.threat_seven
    prompt = state.pending[0]
    assert prompt.kind == "spawn" and prompt.subject == "Rotgut Hound"
    assert set(prompt.options) == set(board.monster_graph(state)["7"]) == {"3", "8"}
    state, _ = go(state, Answer("8"))
    assert [(m.monster, m.tile) for m in state.monsters] == [("Rotgut Hound", "8")]


def test_the_threat_seven_spawn_needs_threat_to_be_raised():
    """Rulebook *Encounter Monsters Spawn and Movement*: "when you raise your Threat to 7 or
    above for the first time" -- gaining Time (or losing Threat) at Threat 7 spawns nothing."""
    state = replace(load("mid-delve"), monsters=())
    state = replace(state, track=replace(state.track, threat=7))
    state, _ = go(state, AdjustTrack("time", 1), AdjustTrack("curse", 1))
    assert not state.pending and not state.monsters and not state.delve.threat_seven
    state, _ = go(state, AdjustTrack("threat", 1))
    assert state.delve.threat_seven and state.pending[0].kind == "spawn"


def test_moving_onto_a_monster_forces_an_encounter():
    state, _ = go(load("start"), SpawnMonster("Gorewing", "4"))
    state, said = go(state, Travel("4"))
    assert state.pending[-1].kind == "encounter"


def test_an_encounter_offers_the_token_or_the_wheel_monster():
    state, _ = go(load("start"), SpawnMonster("The Pale Matron", "4"), Travel("4"))
    encounter = state.pending[-1]
    assert set(encounter.options) == {"The Pale Matron", "Gorewing"}


def test_encounter_resolution_removes_the_token_then_rotation_1():
    """Rulebook *Encounters*, 4. Resolution Step: "If the Encounter was triggered by an
    Encounter Monster token on your Kingdom tile, remove that miniature, then perform
    Rotation 1." """
    state, _ = go(load("start"), SpawnMonster("Gorewing", "4"), Travel("4"))
    wheel = [d.monster for d in state.districts]
    while state.pending[0].kind != "encounter":
        state, _ = go(state, Answer(state.pending[0].options[0]))
    state, said = go(state, Answer("Gorewing"))
    assert not state.monsters
    assert [d.monster for d in state.districts] == [wheel[-1], *wheel[:-1]]
    assert any("Rotation 1" in s and "Resolution Step" in s for s in said)


def test_an_encounter_waits_until_the_current_step_is_finished():
    """Rulebook *Encounters*: "When you are instructed to resolve an Encounter (for example
    because an Encounter Monster token moved onto your tile), finish resolving your current
    step, then immediately proceed to the Encounter."  The Threat 7 spawn ("after moving all
    other Encounter Monsters") belongs to the same gain, so it is asked first."""
    state, _ = go(load("mid-delve"), AdjustTrack("threat", 2))  # the Hound hunts onto 7
    assert [p.kind for p in state.pending] == ["spawn", "encounter"]


def test_one_token_on_the_party_tile_asks_for_one_encounter():
    """Rulebook *Encounter Monsters Spawn and Movement*: the party moving onto a token's tile
    is one Encounter, however many ways it was met."""
    state, _ = go(load("start"), SpawnMonster("Gorewing", "4"), Travel("4"))
    assert [p.kind for p in state.pending].count("encounter") == 1


def test_a_monster_on_another_piece_of_the_map_is_placed_next_to_the_party():
    state = load("disjointed")
    state, said = go(state, SpawnMonster("Gorewing", "1"), AdjustTrack("threat", 2))
    token = next(m for m in state.monsters if m.monster == "Gorewing")
    assert token.tile in board.monster_graph(state)["10"]


def test_rotation_moves_wheel_tokens_clockwise():
    state, said = go(load("start"), Rotate(1))
    assert [d.monster for d in state.districts] == ["Rotgut Hound", "Gorewing",
                                                     "The Pale Matron"]
    state, _ = go(state, Rotate(2))
    assert [d.monster for d in state.districts] == ["Gorewing", "The Pale Matron",
                                                     "Rotgut Hound"]


# -- Exploration and Story ---------------------------------------------------------------

def test_active_effect_space_holds_one_card():
    state, _ = go(load("mid-delve"), Backtrack("3"), DrawExploration("active", "Second"))
    assert state.active == "Tolling Bells"


def test_district_effect_slot_taken_is_a_choice():
    state = replace(load("mid-delve"), district_effects=(("Thornwood", "Old Thorns"),))
    state, _ = go(state, Backtrack("3"))
    state = replace(state, party="7")
    state, _ = go(state, DrawExploration("district", "New Thorns"))
    assert state.pending[0].options == ("keep", "replace")
    state, _ = go(state, Answer("replace"))
    assert dict(state.district_effects)["Thornwood"] == "New Thorns"


def test_exhibition_clash_at_time_8_then_full_clash_at_16():
    state = load("mid-delve")
    state = replace(state, track=replace(state.track, time=7))
    state, _ = go(state, Backtrack("3"), DrawExploration(), EndStep())
    assert state.pending[0].kind == "clash" and state.pending[0].subject == "exhibition"
    state, said = go(state, Answer(state.pending[0].options[0]))
    assert state.delve.second and any("Rest Phase" in s for s in said)
    state = replace(state, track=replace(state.track, time=15))
    state, _ = go(state, EndStep(), Backtrack("7"), DrawExploration(), EndStep())
    assert state.pending[0].subject == "full"
    state, said = go(state, Answer(state.pending[0].options[0]))
    assert state.over and "Full Clash" in state.delve.result


def test_a_quest_says_when_to_clash():
    state = load("mid-delve")
    state = replace(state, track=replace(state.track, time=8),
                    delve=replace(state.delve, quest=True))
    state, said = go(state, Backtrack("3"), DrawExploration(), EndStep())
    assert not state.pending and any("Quest says when" in s for s in said)


def test_curse_nine_reads_the_paragraph_once():
    state, said = go(load("start"), AdjustTrack("curse", 9))
    assert any("paragraph 412" in s for s in said) and state.delve.curse_nine


# -- Expedition loss conditions ----------------------------------------------------------

def test_loss_threat_over_its_maximum():
    state, said = go(load("mid-delve"), AdjustTrack("threat", 6))
    assert state.over and "Threat would rise to 11" in state.delve.result
    assert rules.legal_actions(state) == []


def test_loss_curse_over_its_maximum():
    state, _ = go(load("start"), AdjustTrack("curse", 10))
    assert state.over and "Curse" in state.delve.result


def test_loss_drawing_from_an_empty_exploration_deck():
    state = replace(load("mid-delve"), exploration=0)
    state, _ = go(state, Backtrack("3"), DrawExploration())
    assert state.over and "empty Exploration deck" in state.delve.result


def test_loss_being_unable_to_resolve_the_travel_step():
    state = load("disjointed")  # one way on: the Reed Causeway
    state, _ = go(state, PlaceHindering("rubble", "10", "south"))
    state = replace(state, delve=replace(state.delve, phase="story"))
    state, _ = go(state, EndStep())
    assert state.over and "cannot resolve the Travel step" in state.delve.result


def test_loss_reported_by_the_players():
    state, _ = go(load("start"), ReportLoss("all Knights are dead"))
    assert state.over and state.delve.result == "lost: all Knights are dead"


def test_a_lost_delve_refuses_every_action():
    state, _ = go(load("start"), ReportLoss("all Knights are dead"))
    with pytest.raises(IllegalActionError, match="the Delve is over"):
        rules.apply(state, Travel("2"))


def test_time_stops_at_the_end_of_its_track():
    state = replace(load("start"), track=Track(time=16, threat_max=10))
    state, said = go(state, AdjustTrack("time", 2))
    assert state.track.time == 16 and not state.over


def test_not_an_action_is_refused_in_words():
    with pytest.raises(IllegalActionError, match="not a Kingdom map action"):
        rules.apply(load("start"), "jump")
