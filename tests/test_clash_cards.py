"""Cards as data: the card files, their loader's messages, the effect vocabulary, and the
layout keys that name card files (docs/clash-cards.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.errors import LayoutError
from tabletop.games import layouts
from tabletop.games.clash import effects
from tabletop.games.clash.cards import (
    DATA,
    card_file_path,
    cards_from_text,
    load_card_file,
    shipped_card_files,
)

ROOT = Path(__file__).resolve().parent.parent


def test_the_example_card_files_are_marked_as_examples():
    for name in shipped_card_files():
        text = (DATA / name).read_text()
        assert "example = true" in text and "EXAMPLE" in text
        library = load_card_file(DATA / name)
        assert all(sheet.example for sheet in library.sheets)


def test_the_example_boss_and_mob_set_hold_every_kind_of_card():
    boss = load_card_file(DATA / "clash-example-shellwyrm.toml")
    mobs = load_card_file(DATA / "clash-example-ratlings.toml")
    gear = load_card_file(DATA / "clash-example-gear.toml")
    assert boss.sheet("Shellwyrm").kind == "boss" and mobs.sheet("Ratling").kind == "mob"
    for library in (boss, mobs):
        kinds = {c.kind for c in library.attacks}
        assert kinds == {"ai", "signature", "routine"}
        assert {c.level for c in library.bps} == {1, 2, 3}
    assert {g.kind for g in gear.gear} == {"weapon", "armor"}
    assert gear.gear_card("Spear").reach.high == 2


@pytest.mark.parametrize(("text", "kind", "x", "extra"), [
    ("Knockback 2", "forced", 2, ""),
    ("Knockback 1 to the side", "forced", 1, ""),
    ("Knockback 3 to the left", "forced", 3, "left"),
    ("Pushback 2 toward C5", "forced", 2, "C5"),
    ("Unavoidable Knockback 2", "forced", 2, ""),
    ("Displace", "forced", 0, ""),
    ("Herd 3", "forced", 3, ""),
    ("Lose 2 Vigor", "vigor", 2, ""),
    ("Knockdown", "knockdown", 0, ""),
    ("Gain 1 Heat", "heat", 1, ""),
    ("+2 Passion", "passion", 2, ""),
    ("Peril Check", "peril", 0, ""),
    ("Spawn", "spawn", 0, ""),
    ("Escalate 2", "escalate", 2, ""),
    ("Escalate AI", "escalate", 0, "ai"),
    ("Additional Single Wound", "wound", 0, ""),
    ("Perform Signature", "attack", 0, "signature"),
    ("Draw AI", "attack", 0, "ai"),
])
def test_the_effect_vocabulary(text, kind, x, extra):
    effect = effects.parse(text)
    assert (effect.kind, effect.x, effect.extra) == (kind, x, extra)


def test_words_outside_the_vocabulary_are_kept_as_text_never_dropped():
    for text in ("Gain the Slimed Condition card.", "Knockback", "Pull 2 to the left",
                 "Displace 3", "x" * 400):
        effect = effects.parse(text)
        assert effect.kind == "text" and effect.text == " ".join(text.split())


def _error(text: str) -> str:
    with pytest.raises(LayoutError) as info:
        cards_from_text(text, "mine.toml")
    return str(info.value)


def test_loader_errors_name_file_line_card_and_field():
    text = ('[[gear]]\nname = "Axe"\nkind = "weapon"\nattack_dice = 2\n'
            'weapon_power = ["purple"]\n')
    assert _error(text) == ("mine.toml:5: Gear card \"Axe\": weapon_power: 'purple' is not a "
                            "Power die tier (red, black, white)")
    text = ('[[bp_cards]]\nname = "Tail"\nmonster = "M"\nlevel = 4\nat = 5\n')
    assert _error(text).startswith('mine.toml:4: BP card "Tail": level: must be 1 to 3')
    text = ('[[ai_cards]]\nname = "Bite"\nmonster = "M"\nlevel = 1\n'
            'targeting = ["Closest"]\nmovement = "teleport"\n')
    assert "mine.toml:6" in _error(text) and "Monster Movement Type" in _error(text)
    text = ('[[ai_cards]]\nname = "Bite"\nmonster = "M"\nlevel = 1\n'
            'targeting = ["Closest"]\nevasion_dice = 2\n')
    assert "difficulty" in _error(text)
    assert "not a known key" in _error('[[gear]]\nname = "Axe"\nkind = "armor"\ncolour = 1\n')
    assert "defined twice" in _error('[[gear]]\nname = "A"\nkind = "armor"\n'
                                     '[[gear]]\nname = "A"\nkind = "armor"\n')
    assert "not valid TOML" in _error("[[gear]\n")


def test_card_files_are_read_only_from_the_layouts_folder_or_the_programs_data(tmp_path):
    (tmp_path / "mine.toml").write_text('[[gear]]\nname = "Axe"\nkind = "armor"\n')
    assert card_file_path("mine.toml", tmp_path) == (tmp_path / "mine.toml").resolve()
    assert card_file_path("clash-example-gear.toml", tmp_path).parent == DATA
    for bad in ("/etc/passwd", "../secret.toml", "nothing.toml", "sub/../../x.toml"):
        with pytest.raises(LayoutError, match="card_files"):
            card_file_path(bad, tmp_path)
    outside = tmp_path.parent / "outside-cards.toml"
    outside.write_text("")
    (tmp_path / "link.toml").symlink_to(outside)
    with pytest.raises(LayoutError, match="card_files"):
        card_file_path("link.toml", tmp_path)
    with pytest.raises(LayoutError, match="card_files"):  # a layout inside a picture
        card_file_path("mine.toml", None)
    assert card_file_path("clash-example-gear.toml", None).parent == DATA


@pytest.mark.parametrize("name", ["clash-example-boss.toml", "clash-example-mobs.toml"])
def test_example_layouts_set_up_the_decks_and_round_trip(name):
    _, state = layouts.load(ROOT / "layouts" / name)
    cards = state.cards
    assert cards is not None and cards.ai_deck
    assert all(cards.library.attack_card(n).level == 1 for n in cards.ai_deck)
    assert any(m.activations for m in state.monsters)
    _, again = layouts.loads(layouts.dumps(state), str(ROOT / "layouts" / name))
    assert again == state


def test_layout_errors_for_cards(tmp_path):
    base = (ROOT / "layouts" / "clash-example-boss.toml").read_text()
    cases = {
        base.replace('sheet = "Shellwyrm"', 'sheet = "Nobody"'): "no Monster Sheet",
        base.replace('"Longsword", ', '"Excalibur", '): "'Excalibur' is no Gear card",
        base.replace('card_files = ["clash-example-shellwyrm.toml", ',
                     'card_files = ["../../etc/x.toml", '): "card_files",
        base.replace('[clash]\nsheet = "Shellwyrm"', '[other]\nsheet = "Shellwyrm"'):
            "not a known key",
        base.replace('size = 2\nfacing', 'size = 3\nfacing'): "size 3",
    }
    for text, message in cases.items():
        path = tmp_path / "b.toml"
        path.write_text(text)
        with pytest.raises(LayoutError, match=message):
            layouts.load(path)


def test_a_forced_kind_added_to_the_table_is_read_from_card_words(monkeypatch):
    """The card-text parser reads the forced-movement kinds from their table: a new row is
    enough for ``Shove 2 to the north`` to be read as its kind, X and direction."""
    from tabletop.games.clash import forced_kinds
    row = forced_kinds.ForcedKind("shove", True, "direction", "Shove X", "an example row",
                                  printed="shove X DIRECTION")
    monkeypatch.setattr(forced_kinds, "KINDS", (*forced_kinds.KINDS, row))
    effect = effects.parse("Shove 2 to the north")
    assert (effect.kind, effect.forced, effect.x, effect.extra) == ("forced", "shove", 2, "north")
    assert effects.parse("Shove 2").kind == "text"
