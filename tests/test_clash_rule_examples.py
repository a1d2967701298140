"""The rulebook's worked examples, replayed on the teaching layouts ``layouts/clash-rule-*``."""

from pathlib import Path

import pytest

from tabletop.games.clash.actions import Forced, MonsterMove, MoveLike
from tabletop.games.clash.attacks import wave
from tabletop.games.clash.move_like import hug_spaces
from tabletop.games.clash.rules import apply, outcomes
from tabletop.games.layouts import load
from tabletop.spatial.grid import Space, adjacent
from tabletop.spatial.measure import range_between

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"


def layout(name: str):
    return load(LAYOUTS / f"clash-rule-{name}.toml")[1]


def at(state, name):
    return str(state.pieces[name].at)


@pytest.mark.parametrize("path", sorted(LAYOUTS.glob("clash-rule-*.toml")), ids=lambda p: p.stem)
def test_every_teaching_layout_has_notes(path):
    assert len(load(path)[1].notes) > 80


def test_zigzag_movement_offers_every_starting_direction():
    """Rulebook, Monster Movement: "the players decided to first move the Monster horizontally,
    then vertically and then continue to move horizontally (as at this point the Eggknight can
    move in a straight line). Note that the players could have also moved the Monster up first,
    and then continue to move it in a straight line toward the Target." Exactly those two."""
    state = layout("zigzag")
    results = outcomes(state, MonsterMove("Eggknight", "Ser Sonch", "move"))
    start = state.monster("Eggknight").at
    paths = set()
    for r in results:
        walked = [s for e in r.events if e.kind == "source-moved" for s in e.path]
        path = (start, *walked)
        paths.add("".join("x" if a.row == b.row else "y" for a, b in zip(path, path[1:],
                                                                          strict=False)))
        assert adjacent(r.state.monster("Eggknight").spaces, state.knight("Ser Sonch").spaces)
        assert len(r.choices) == 1                                 # offered, not picked
    assert paths == {"xyxxxx", "yxxxxx"}
    assert {at(r.state, "Eggknight") for r in results} == {"C7"}


def test_zigzag_lets_the_players_spare_kara():
    """Rulebook, Monster Movement: "they may decide to move it in a way that is less harmful,
    i.e. not through Kara!" — moving north first spares her; east first crashes her."""
    state = layout("zigzag")
    results = outcomes(state, MonsterMove("Eggknight", "Ser Sonch", "move"))
    north_first = {}
    for r in results:
        moved = next(e for e in r.events if e.kind == "source-moved")
        first_north = moved.path[0].row < state.monster("Eggknight").at.row
        north_first[first_north] = any(e.kind == "crash" and e.piece == "Kara"
                                       for e in r.events)
    crashed = north_first
    assert crashed == {True: False, False: True}


def test_drag_into_a_board_edge_slides_away_from_the_most_knights():
    state = layout("drag-board-edge")
    [result] = outcomes(state, Forced("drag", "Ratwolf", "Ser Sonch", 3))
    assert at(result.state, "Ratwolf") == "A3"
    assert at(result.state, "Ser Sonch") == "A4"
    assert result.state.monster("Ratwolf").facing == "east"
    assert any(e.kind == "edge" and e.other == "west" for e in result.events)
    # "Note that in the end, this movement will still bring the Monster closer" (to Ubar)
    ubar = state.knight("Ubar").spaces
    assert (range_between(result.state.monster("Ratwolf").spaces, ubar)
            < range_between(state.monster("Ratwolf").spaces, ubar))


def test_knockback_into_a_column_stops_on_its_space_with_crash():
    state = layout("knockback-column")
    [result] = outcomes(state, Forced("knockback", "Eggknight", "Kara", 3))
    kara = result.state.knight("Kara")
    assert str(kara.at) == "C6" and kara.vigor == 9 and kara.knockdown == "falling"
    assert result.state.tile("Column") is None


def test_knockback_into_an_indestructible_wall_stops_next_to_it_with_crash():
    state = layout("knockback-column")
    [result] = outcomes(state, Forced("knockback", "Eggknight", "Odo", 3))
    odo = result.state.knight("Odo")
    assert str(odo.at) == "D5" and odo.knockdown == "falling"
    assert result.state.tile("Wall") is not None


def test_pushback_along_the_board_edge_displaces_then_continues():
    state = layout("pushback-board-edge")
    [result] = outcomes(state, Forced("pushback", "White Ape Troll", "Renholder", 4))
    assert at(result.state, "Renholder") == "A6"
    assert at(result.state, "White Ape Troll") == "A4"
    assert [e.path for e in result.events if e.kind == "displaced"] == [(Space.parse("A5"),)]


def test_pushback_into_a_column_crashes_destroys_it_and_goes_on():
    """Keyword List, Pushback X: "When a Knight is pushed back into a Column, they suffer
    Crash, losing -1 Vigor and suffering Knockdown. The Column is destroyed and the Ironcast
    Dead continues pushing the knocked down Knight until the Pushback is fully resolved." """
    state = layout("pushback-column")
    [result] = outcomes(state, Forced("pushback", "Ironcast Dead", "Ser Sonch", 4))
    sonch = result.state.knight("Ser Sonch")
    assert str(sonch.at) == "C7" and sonch.vigor == 9 and sonch.knockdown == "falling"
    assert result.state.tile("Column") is None
    assert at(result.state, "Ironcast Dead") == "C6"


def test_wave_attack_behind_columns():
    state = layout("wave-columns")
    hit, sheltered = wave(state, state.monster("Panzerdragon"), 3)
    assert hit == ["Fleischritter"]
    assert sorted(sheltered) == ["Paracelsa", "Ubar"]


def test_gangup_moves_the_knight_toward_the_next_closest_monster():
    state = layout("gangup")
    [result] = outcomes(state, Forced("gangup", "Ironcast Dead", "Ser Sonch", 4))
    assert at(result.state, "Ser Sonch") == "E6"
    assert at(result.state, "Ironcast Dead") == "E5"


def test_herd_moves_the_knight_toward_the_closest_other_knight():
    state = layout("herd")
    [result] = outcomes(state, Forced("herd", "Ironcast Dead", "Ser Sonch", 4))
    assert at(result.state, "Ser Sonch") == "E7"
    assert at(result.state, "Ironcast Dead") == "E6"


def test_appear_behind_places_the_monster_furthest_from_where_it_was():
    state = layout("appear-behind")
    results = outcomes(state, MonsterMove("Eggknight", "Kara", "appear behind"))
    kara = state.knight("Kara")
    assert {at(r.state, "Eggknight") for r in results} == {"B6", "C7"}
    for r in results:
        eggknight = r.state.monster("Eggknight")
        assert adjacent(eggknight.spaces, kara.spaces)
        assert min(s.col for s in eggknight.spaces) >= kara.at.col  # on her far side
        assert len(r.choices) == 1                                 # offered, not picked


def test_hug_three():
    state = layout("hug")
    kara = state.knight("Kara")
    assert sorted(map(str, hug_spaces(state, kara, 3))) == ["C5", "D3", "D6", "E3", "E6", "F4"]
    moved, _ = apply(state, MoveLike("Kara", "hug", Space.parse("F4"), 3))
    assert at(moved, "Kara") == "F4"


def test_knockback_to_the_side_displaces_the_knight_it_ends_on():
    """Keyword List, Knockback: "Knockback 5 to the left. When a Knight is knocked back into
    another Knight, the other Knight is Displaced" — Kara goes 5 spaces west (left) onto Odo."""
    state = layout("knockback-side")
    results = outcomes(state, Forced("knockback to the side", "Eggknight", "Kara", 5))
    assert {at(r.state, "Kara") for r in results} == {"C2"}
    assert sorted(at(r.state, "Odo") for r in results) == ["B2", "C1", "C3", "D2"]
    assert all(len(r.choices) == 1 for r in results)


def test_unavoidable_knockback_into_a_column_drops_ser_sonch_to_zero():
    state = layout("unavoidable-knockback")
    results = outcomes(state, MonsterMove("Eggknight", "C5", "move to"))
    east = [r for r in results if "Knockback toward the east" in r.choices]
    [result] = east
    sonch = result.state.knight("Ser Sonch")
    assert sonch.vigor == 0 and str(sonch.at) == "C7"
    assert [e.kind for e in result.events].count("crash") == 2
    assert any(e.kind == "vigor-zero" for e in result.events)
    assert len(results) == 5    # the player chooses the Unavoidable Knockback direction


def test_preview_of_an_outcome_for_the_window():
    from tabletop.games.clash.preview import preview

    state = layout("unavoidable-knockback")
    results = outcomes(state, MonsterMove("Eggknight", "C5", "move to"))
    [east] = [r for r in results if "Knockback toward the east" in r.choices]
    shown = preview(state, east)
    assert [str(s) for s in shown.paths["Eggknight"]] == ["C2", "C3", "C4", "C5"]
    assert [str(s) for s in shown.paths["Ser Sonch"]] == ["C5", "C6", "C7"]
    assert shown.crashed == ("Ser Sonch",) and shown.destroyed == ("Column",)
    assert shown.died == () and shown.facing == {"Eggknight": "east"}


def test_vantage_points_teaching_layout_says_what_the_rules_do():
    # Rulebook, Vantage Points: "A Knight adjacent to the Monster may perform a Climb test as
    # a free action"; "Only one Knight can occupy a single VP at a given time"; "Other Knights
    # adjacent to the Monster are not considered to be adjacent to Knights on VPs."
    from tabletop.errors import IllegalActionError
    from tabletop.games.clash import geometry
    from tabletop.games.clash.actions import Climb, EndMonsterRound, MoveKnight
    from tabletop.games.clash.state import Turn

    state = layout("vantage-points")
    climbed, _ = apply(state, Climb("Kara", "Gorgoleth", Space.parse("E5")))
    assert climbed.knight("Kara").vantage == "Gorgoleth"
    for space in ("C5", "D6"):
        with pytest.raises(IllegalActionError):
            apply(state, Climb("Kara", "Gorgoleth", Space.parse(space)))
    with pytest.raises(IllegalActionError):
        apply(state, Climb("Ubar", "Gorgoleth", Space.parse("E5")))
    assert geometry.adjacent(state, "Odo", "Kara") and geometry.adjacent(state, "Odo", "Sonch")
    assert not geometry.adjacent(state, "Kara", "Odo")
    assert geometry.range_(state, "Odo", "Ubar") == geometry.range_(state, "Gorgoleth", "Ubar")
    stepped, _ = apply(state, MoveKnight("Odo", Space.parse("F6")))     # one step off
    assert stepped.knight("Odo").vantage is None
    from dataclasses import replace

    _, events = apply(replace(state, turn=Turn(phase="monster")), EndMonsterRound())
    assert [e.piece for e in events if e.kind == "hold-on"] == ["Odo"]


def test_jump_onto_a_knight_teaching_layout():
    """Monster Movement Types, Jump: "does not cause Crash or destroy Terrain tiles, with the
    exception of Knights and Terrain tiles the Monster ends this movement on"; Land on Top:
    "Displace the Target to a front space (does not cause Crash or Unavoidable Knockback)"."""
    state = layout("jump-onto-knight")
    for r in outcomes(state, MonsterMove("Ogre", "Odo", "jump")):
        assert r.state.knight("Kara") == state.knight("Kara")
        assert r.state.tile("Column") is not None
        assert [e.kind for e in r.events if e.piece == "Bram"][:2] == [
            "crash", "unavoidable-knockback"]
    landed = outcomes(state, MonsterMove("Ogre", "Odo", "land on top"))
    assert landed
    for r in landed:
        assert [e.kind for e in r.events if e.piece == "Odo"] == ["displaced"]
        assert [e.kind for e in r.events if e.piece == "Bram"][:2] == [
            "crash", "unavoidable-knockback"]


def test_directional_knockback_teaching_layout_knockback_5_to_the_left():
    """Keyword List, Knockback X: "Knockback 5 to the left. When a Knight is knocked back into
    another Knight, the other Knight is Displaced" — the Gorgon faces south: its left is
    east."""
    state = layout("directional-knockback")
    results = outcomes(state, Forced("directional knockback", "Gorgon", "Kara", 5,
                                     direction="left"))
    assert {at(r.state, "Kara") for r in results} == {"E8"}
    assert {at(r.state, "Odo") for r in results} == {"D8", "E7", "E9", "F8"}
    assert all(len(r.choices) == 1 for r in results)              # offered, not picked
    [plain] = outcomes(state, Forced("knockback", "Gorgon", "Kara", 5))
    assert at(plain.state, "Kara") == "H1"              # south, then along the edge
