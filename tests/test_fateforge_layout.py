"""Fateforge layout files: the shipped scenes load and round-trip, and every broken rule is a
LayoutError naming the file, the line, the table and the rule."""

from pathlib import Path

import pytest

from tabletop.errors import LayoutError
from tabletop.games import layouts

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"

BASE = '''game = "fateforge"

[[zones]]
id = "a"
name = "Hall"
at = [0, 0]

[[zones]]
id = "b"
at = [2, 0]

[[connections]]
between = ["a", "b"]

[[heroes]]
name = "Aria"
zone = "a"
health = 5
energy = 3

[[enemies]]
name = "Grunt"
type = "red"
initiative = 2
zone = "b"
toughness = 2
band = [{ action = "hit", within = 0 }, { action = "step" }]
'''


def load(text):
    return layouts.loads(text, "scene.toml")[1]


def error(text):
    with pytest.raises(LayoutError) as info:
        load(text)
    return str(info.value)


def test_minimal_scene_loads_with_defaults():
    state = load(BASE)
    assert state.zone("b").name == "b" and state.round.order == ("Aria",)
    assert state.enemy("Grunt").band[1].within is None
    assert load(layouts.dumps(state)) == state


@pytest.mark.parametrize("name", ["fateforge-chapel.toml", "fateforge-exit.toml"])
def test_shipped_scenes_round_trip(name, tmp_path):
    game, state = layouts.load(LAYOUTS / name)
    out = tmp_path / name
    layouts.save(out, state)
    assert layouts.load(out)[1] == state


def test_chapel_scene_has_a_closed_door_a_barricade_and_a_portal():
    state = layouts.load(LAYOUTS / "fateforge-chapel.toml")[1]
    assert any(c.door == "closed" for c in state.connections)
    assert state.barricades and state.portals


def test_exit_scene_is_the_last_round_with_two_exits():
    state = layouts.load(LAYOUTS / "fateforge-exit.toml")[1]
    assert state.round.number == state.round.of
    assert len([t for t in state.tokens if t.kind == "exit"]) == 2


def test_unknown_key_is_an_error_with_its_line():
    text = BASE.replace('name = "Hall"', 'name = "Hall"\ncolour = "red"')
    assert error(text) == "scene.toml:6: zone \"Hall\": colour: is not a known key here"


def test_connection_to_an_unknown_zone():
    assert "'c' is not a zone id" in error(BASE.replace('between = ["a", "b"]',
                                                        'between = ["a", "c"]'))


def test_overlapping_tiles():
    assert "overlaps Hall" in error(BASE.replace("at = [2, 0]", "at = [1, 1]"))


def test_knocked_out_exactly_when_no_health():
    assert "exactly when the hero has no available health" in error(
        BASE.replace("health = 5", "health = 0"))


def test_names_are_unique():
    assert "used twice" in error(BASE.replace('name = "Grunt"', 'name = "Aria"'))


def test_enemy_named_like_a_type():
    assert "is an enemy type" in error(BASE.replace('name = "Grunt"', 'name = "Red"'))


def test_guarding_must_name_something():
    assert "names no other enemy, token" in error(BASE.replace('toughness = 2',
                                                               'toughness = 2\nguarding = "X"'))


def test_band_has_one_to_three_sections():
    assert "one to three sections" in error(BASE.replace(
        'band = [{ action = "hit", within = 0 }, { action = "step" }]', "band = []"))


def test_unknown_band_action_and_modifier():
    assert "'bite' is not one of" in error(BASE.replace('action = "hit"', 'action = "bite"'))
    assert "'+2' is not one of" in error(BASE.replace('within = 0 }',
                                                      'within = 0, modifiers = ["+2"] }'))


def test_damage_cubes_below_toughness():
    assert "would defeat" in error(BASE.replace("toughness = 2", "toughness = 2\ndamage = 2"))


def test_die_faces_are_checked():
    assert "'crit' is not a die result" in error(BASE.replace("energy = 3",
                                                             'energy = 3\ndice = ["crit"]'))
    assert load(BASE.replace("energy = 3", 'energy = 3\ndice = ["step/hit"]'))


def test_barricade_directions():
    text = BASE + '\n[[barricades]]\nzone = "a"\nagainst = ["up"]\n'
    assert "'up' is not one of north, east, south, west" in error(text)


def test_player_order_names_every_hero_once():
    text = BASE + '\n[round]\norder = ["Aria", "Aria"]\n'
    assert "every hero exactly once" in error(text)


def test_exit_phase_only_in_the_last_round():
    text = BASE + '\n[round]\nnumber = 1\nof = 3\nphase = "exit"\n'
    assert "only at the end of the last round" in error(text)


def test_a_chosen_target_waits_only_in_an_enemy_slot_and_names_a_hero():
    text = BASE + '\n[round]\ntarget = "Aria"\n'
    assert "waits only in an enemy slot" in error(text)
    slot = '\n[round]\nphase = "action"\nstep = 2\nreaction_slot = 1\nqueue = ["Grunt"]\n'
    assert "names no hero" in error(BASE + slot + 'target = "Nobody"\n')
    assert load(BASE + slot + 'target = "Aria"\n').round.target == "Aria"


def test_enemy_slot_needs_its_queue():
    text = BASE + '\n[round]\nphase = "action"\nstep = 2\nreaction_slot = 1\n'
    assert "Enemy Turns slot needs the enemies" in error(text)


def test_only_fountains_hold_cubes():
    text = BASE + '\n[[tokens]]\nkind = "chest"\nzone = "a"\ncubes = 2\n'
    assert "only a healing fountain holds cubes" in error(text)


def test_guard_stands_in_the_zone_of_what_it_guards():
    text = BASE + '\n[[tokens]]\nkind = "objective"\nzone = "a"\nname = "Relic"\n'
    assert "so it stands in its zone" in error(text.replace('toughness = 2',
                                                            'toughness = 2\nguarding = "Relic"'))
    moved = text.replace('toughness = 2', 'toughness = 2\nguarding = "Relic"').replace(
        'zone = "b"\ntoughness', 'zone = "a"\ntoughness')
    assert load(moved).guard_of("Relic").name == "Grunt"
