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


PULL = """
game = "clash"
[board]
rows = 6
cols = 10
[[knights]]
name = "Kara"
at = "C6"
[[monsters]]
name = "Eggknight"
type = "boss"
at = "C1"
size = 2
facing = "east"
[[terrain]]
name = "Column"
spaces = ["C4"]
keywords = ["obstacle", "obscuring", "destructible"]
"""

DRAG = PULL.replace('at = "C6"', 'at = "C4"').replace('at = "C1"', 'at = "C2"').replace(
    'spaces = ["C4"]', 'spaces = ["C3"]')


def _told(branch):
    return [(m.kind, m.piece, m.path) for m in moves(branch.events) if m.piece == "Kara"]


def test_pushback_through_a_column_tells_the_move_then_the_crash_then_the_rest():
    """*Keyword List: Pushback X*, into a Destructible Obstacle: the Knight breaks it and
    suffers Crash on its space, as it moves onto it; the events tell the move up to the
    Column, the Crash there, then the rest of the Pushback, in the order they happen."""
    state = _clash("clash-rule-knockback-column")
    (branch, *_) = outcomes(state, Forced("pushback", "Eggknight", "Kara", 3))
    assert [(m.kind, m.piece, m.path) for m in moves(branch.events)] == [
        ("pushed", "Kara", ("C5",)), ("source-moved", "Eggknight", ("C3",)),
        ("crash", "Odo", ("D4",)),  # the Eggknight's first step runs into Odo
        ("pushed", "Kara", ("C6",)), ("crash", "Kara", ("C6",)),
        ("pushed", "Kara", ("C7",)), ("source-moved", "Eggknight", ("C4", "C5"))]


BOSS_PUSHES = """
game = "clash"
[board]
rows = 6
cols = 10
[[knights]]
name = "Kara"
at = "C3"
[[knights]]
name = "Sonch"
at = "D4"
[[monsters]]
name = "Eggknight"
type = "boss"
at = "C1"
size = 2
facing = "east"
"""


def test_a_boss_pushing_runs_into_a_knight_its_move_is_told_before_the_crash():
    """*Keyword List: Pushback X* with *Boss Movement*: the Eggknight pushes Kara east and its
    second step takes it onto Sonch's space, who suffers Crash then.  The events (the log, a
    lesson's playback) tell Kara's push and the Eggknight's move up to that step first, then
    the Crash, then the rest: in the order they happen, not the Crash before the Boss moved."""
    state = layouts.loads(BOSS_PUSHES, "boss-pushes.toml")[1]
    for branch in outcomes(state, Forced("pushback", "Eggknight", "Kara", 3)):
        told = [(m.kind, m.piece, m.path) for m in moves(branch.events)]
        assert told[:5] == [
            ("pushed", "Kara", ("C4", "C5")), ("source-moved", "Eggknight", ("C2", "C3")),
            ("crash", "Sonch", ("D4",)),
            ("pushed", "Kara", ("C6",)), ("source-moved", "Eggknight", ("C4",))]
        assert [e.kind for e in branch.events][-1] == "displaced"  # Sonch, out from under


def test_pull_through_a_column_tells_the_move_then_the_crash_then_the_rest():
    """*Keyword List: Pull X*: pulled through a Destructible Column, Kara breaks it with a
    Crash on its space, told between the move onto it and the rest of the Pull."""
    state = layouts.loads(PULL, "pull.toml")[1]
    (branch, *_) = outcomes(state, Forced("pull", "Eggknight", "Kara", 3))
    assert _told(branch) == [("pushed", "Kara", ("C5", "C4")), ("crash", "Kara", ("C4",)),
                             ("pushed", "Kara", ("C3",))]


def test_drag_through_a_column_tells_the_move_then_the_crash_then_the_rest():
    """*Keyword List: Drag X*: Kara follows the Eggknight's trail through the Column behind
    her: the move onto it, the Crash there, then the rest of the trail."""
    state = layouts.loads(DRAG, "drag.toml")[1]
    for branch in outcomes(state, Forced("drag", "Eggknight", "Kara", 3)):
        told = _told(branch)
        assert told[:2] == [("pushed", "Kara", ("C3",)), ("crash", "Kara", ("C3",))]
        assert told[2][0] == "pushed" and len(told) == 3


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


BOSS_MOVED = BOSS_PUSHES.replace('at = "C1"\nsize', 'at = "C2"\nsize').replace(
    'at = "C3"', 'at = "C1"').replace('at = "D4"', 'at = "D5"')


def test_a_boss_knocked_back_or_pulled_onto_a_knight_is_moved_before_the_crash():
    """*Keyword List: Knockback X* / *Pull X* on a Boss (*Boss Movement*: Knights it moves
    onto suffer Crash): the Eggknight moved onto Sonch's space on its second step is told
    moving there, then Sonch's Crash, then the rest of its movement."""
    state = layouts.loads(BOSS_MOVED, "boss-moved.toml")[1]
    (knocked, *_) = outcomes(state, Forced("knockback", "Kara", "Eggknight", 3))
    assert [(m.kind, m.piece, m.path) for m in moves(knocked.events)] == [
        ("pushed", "Eggknight", ("C3", "C4")), ("crash", "Sonch", ("D5",)),
        ("pushed", "Eggknight", ("C5",)), ("displaced", "Sonch", ("D4",))]
    pulled = layouts.loads(BOSS_MOVED.replace('at = "C1"', 'at = "C8"'), "pulled.toml")[1]
    (branch, *_) = outcomes(pulled, Forced("pull", "Kara", "Eggknight", 4))
    assert [(m.kind, m.piece, m.path) for m in moves(branch.events)][:3] == [
        ("pushed", "Eggknight", ("C3", "C4")), ("crash", "Sonch", ("D5",)),
        ("pushed", "Eggknight", ("C5", "C6"))]


def test_a_monster_movement_is_named_in_the_rulebooks_words():
    """*Monster Movement Types*: "Move to X" moves to a space or in a direction, "Land on Top"
    ends on the Target's space, "Appear Behind" places the Monster behind the Target: a
    preview's title and the log say so, not "Move To toward C5"."""
    said = {how: str(MonsterMove("Eggknight", target, how)) for how, target in (
        ("move to", "C5"), ("land on top", "Odo"), ("appear behind", "Kara"),
        ("move", "Kara"), ("jump", "Odo"))}
    assert said == {"move to": "Eggknight: Move to C5", "land on top": "Eggknight: Land on "
                    "Top of Odo", "appear behind": "Eggknight: Appear Behind Kara",
                    "move": "Eggknight: Move toward Kara", "jump": "Eggknight: Jump toward Odo"}
    assert str(MonsterMove("Eggknight", "north", "move to", limit=3)) == \
        "Eggknight: Move to the north (at most 3 spaces)"
