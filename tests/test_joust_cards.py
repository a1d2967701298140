"""King's Champion card and track data: the shipped examples load, a user's own file replaces
them through a layout's ``card_file``, and every broken field is named with its file and line."""

from pathlib import Path

import pytest

from tabletop.errors import LayoutError
from tabletop.games import layouts
from tabletop.games.joust.cards import PERK_KINDS, Perk, load_card_file, parse_perk, shipped
from tabletop.games.joust.setup import new_game

SHIPPED = (Path(__file__).resolve().parent.parent / "tabletop" / "data"
           / "joust-cards.toml").read_text(encoding="utf-8")


def test_shipped_examples_are_marked_and_complete():
    cards = shipped()
    assert "EXAMPLE" in SHIPPED.splitlines()[0] and "Example" in cards.title
    assert len(cards.political) == 5 and len(cards.buildings) == 5
    assert all(k.crusader.slots >= k.vanguard.slots for k in cards.knights)
    assert all(len(k.advanced) == 2 for k in cards.knights)
    assert cards.starting_workers() == 3  # Figure 3: five base Buildings, three workers


def test_perks_read_the_rulebook_status_card_words():
    """Status Card Perks: "Add a die of any color to your Dice Pool." and "Add five Morale"."""
    assert parse_perk("Add a die of any color to your Dice Pool.", PERK_KINDS) == \
        Perk("gain-die", "any")
    assert parse_perk("Add five Morale", PERK_KINDS) == Perk("morale", None, 5)
    assert parse_perk("advance:duke:5", PERK_KINDS, ("Duke",)) == Perk("advance", "Duke", 5)


@pytest.mark.parametrize("old, new, words", [
    ('bravery_token_slots = 3, crown_track = [5, 8, 11, 14, 17]',
     'bravery_token_slots = 7, crown_track = [5, 8, 11, 14, 17]',
     "bravery_token_slots: must be 1 to 5"),
    ('effects = ["reroll:any"]', 'effects = ["reroll:purple"]', "effects: 'reroll:purple'"),
    ('effects = ["morale:1"]', 'effects = ["add-die:red"]', "'add-die' is not one of"),
    ('{ cost = 5, actions = ["advance:any:5"] }', '{ cost = 6, actions = ["advance:any:5"] }',
     "cost: must be 1 to 5"),
    ('name = "Royal Office"', 'name = "Royal Offices"', "missing Royal Office"),
    ('{ at = 2, perk = "morale:2" }', '{ at = 2, perk = "morale" }', "write morale:N"),
    ('advanced_abilities = ["Oath of Truth", "Shattered Lance"]',
     'advanced_abilities = ["Oath of Truth", "Steady Aim"]', "Advanced Ability 'Steady Aim'"),
    ('knights = ["Dame Isolde", "Sir Bertram", "Dame Maud"]',
     'knights = ["Dame Isolde", "Sir Bertram", "Sir Aldric"]', "different Household"),
    ('type = "weapon", free_bravery_token = ["red", "green"]',
     'type = "sword", free_bravery_token = ["red", "green"]', "'sword' is not one of"),
    ('timing = "after"\ncondition = "hit"\neffects = ["rival-morale:1"]',
     'timing = "during"\ncondition = "hit"\neffects = ["rival-morale:1"]',
     "only an after-the-joust card"),
])
def test_broken_card_file_names_file_line_and_field(tmp_path, old, new, words):
    assert old in SHIPPED
    path = tmp_path / "my-cards.toml"
    path.write_text(SHIPPED.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(LayoutError, match=words.replace("(", r"\(")) as caught:
        load_card_file(path)
    assert f"{path}:" in str(caught.value)


def test_a_layout_plays_with_its_own_card_file(tmp_path):
    (tmp_path / "my-cards.toml").write_text(SHIPPED.replace('name = "Steady Aim"',
                                                            'name = "Steady Eye"'),
                                            encoding="utf-8")
    state = new_game(4)
    text = 'card_file = "my-cards.toml"\n' + layouts.dumps(state).replace(
        "Steady Aim", "Steady Eye")
    layout = tmp_path / "game.toml"
    layout.write_text(text, encoding="utf-8")
    _, loaded = layouts.load(layout)
    assert loaded.cards.ability("Steady Eye") is not None
    assert "Steady Eye" in loaded.ability_deck
    layout.write_text(layouts.dumps(loaded), encoding="utf-8")
    again = layouts.load(layout)[1]
    assert again == loaded and again.cards.file == "my-cards.toml"
    with pytest.raises(LayoutError, match="names no card file"):
        layouts.loads(layouts.dumps(loaded), "pasted text")


@pytest.mark.parametrize("name", ["../cards.toml", "/etc/passwd", "", "link.toml"])
def test_card_file_stays_in_the_layout_folder(tmp_path, name):
    (tmp_path / "link.toml").symlink_to("/etc/hostname")  # a link out of the folder
    layout = tmp_path / "game.toml"
    layout.write_text(f'card_file = "{name}"\n' + layouts.dumps(new_game(1)), encoding="utf-8")
    with pytest.raises(LayoutError, match="layout's own folder"):
        layouts.load(layout)


def test_unknown_card_in_a_layout_is_named(tmp_path):
    text = layouts.dumps(new_game(2)).replace('"Steady Aim"', '"Steady Arm"', 1)
    with pytest.raises(LayoutError, match="'Steady Arm' is not a Standard Ability Card"):
        layouts.loads(text, "game.toml")
