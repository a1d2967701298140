"""Movements carry their paths in the rules core's events, so playback never recomputes a rule:
Clash Monster moves with zig-zag, forced movement and Crash, Kingdom hunts, Fateforge STEP."""

from kingdom_boards import load
from test_fateforge_scenes import enemy, enemy_turns, hero, scene

from tabletop.games import layouts
from tabletop.games.clash.actions import Forced, MonsterMove
from tabletop.games.clash.rules import outcomes
from tabletop.games.fateforge.actions import EnemyActs
from tabletop.games.fateforge.rules import apply as fateforge_apply
from tabletop.games.fateforge.state import Section
from tabletop.games.kingdom.actions import AdjustTrack
from tabletop.games.kingdom.rules import apply as kingdom_apply
from tabletop.teaching.acting import moves


def _clash(name):
    return layouts.load(f"layouts/{name}.toml")[1]


def test_boss_movement_zigzag_paths_one_per_starting_direction_crash_as_it_happens():
    """*Monster Movement* (the zig-zag example: north first spares Kara, east first goes
    through her) and *Boss Movement*: a Boss moving onto a Knight's space makes it suffer
    Crash, so the events say the Boss's move onto D3 (over Kara on E4), her Crash, then the
    move on: playback shows them in the order they happen."""
    state = _clash("clash-rule-zigzag")
    paths = [[(m.kind, m.piece, m.path) for m in moves(b.events)]
             for b in outcomes(state, MonsterMove("Eggknight", "Ser Sonch", "move"))]
    assert paths == [[("source-moved", "Eggknight", ("C2", "C3", "C4", "C5", "C6", "C7"))],
                     [("source-moved", "Eggknight", ("D3",)), ("crash", "Kara", ("E4",)),
                      ("source-moved", "Eggknight", ("C3", "C4", "C5", "C6", "C7"))]]


def test_knockback_into_a_column_path_then_crash_where_she_stopped():
    """*Keyword List: Knockback*: a Knight knocked back into a Destructible Obstacle breaks it
    and suffers Crash on its space: the events say the move first, then the Crash there."""
    state = _clash("clash-rule-knockback-column")
    (branch, *_) = outcomes(state, Forced("knockback", "Eggknight", "Kara", 3))
    found = [(m.kind, m.piece, m.path) for m in moves(branch.events)]
    assert found == [("pushed", "Kara", ("C5", "C6")), ("crash", "Kara", ("C6",))]


def test_kingdom_hunt_carries_the_tiles_walked():
    state, events = kingdom_apply(load("mid-delve"), AdjustTrack("threat", 1))
    assert [(m.piece, m.path) for m in moves(events)] == [("Rotgut Hound", ("3", "7"))]


def test_fateforge_enemy_step_carries_each_zone():
    state = enemy_turns(scene("a-b-c-d", heroes=[hero("Aria", "d")], enemies=[
        enemy("Runner", "white", "a", Section("step", None, 2))]))
    _, events = fateforge_apply(state, EnemyActs())
    assert [(m.piece, m.path) for m in moves(events)] == [("Runner", ("b",)), ("Runner", ("c",))]


def test_encounter_monsters_movement_a_hunt_tie_is_offered_then_walked_with_its_path():
    """*Encounter Monsters Spawn and Movement*: tokens move "toward the Party marker by the
    indicated number of tiles ... via the shortest possible path"; two equally short ways end
    on different tiles, so the players choose (nothing is picked for them), and the chosen way
    is in the event for the trail and playback."""
    from pathlib import Path

    from tabletop.games.kingdom.actions import Answer

    state = layouts.load(Path(__file__).parent / "data" / "kingdom-hunt-tie.toml")[1]
    state, events = kingdom_apply(state, AdjustTrack("threat", 1))
    assert moves(events) == () and state.monsters[0].tile == "4"
    prompt = state.pending[0]
    assert prompt.kind == "hunt-end" and prompt.options == ("2", "3")
    for end in prompt.options:
        after, events = kingdom_apply(state, Answer(end))
        assert [(m.piece, m.path) for m in moves(events)] == [("Gorewing", (end,))]
        assert after.monsters[0].tile == end
