"""No user input crashes the program: layouts, questions, command lines and actions.

The charter: layouts, CLI arguments and clicks are untrusted; a mistake gives one clear line
(a :class:`~tabletop.errors.TabletopError`), never a traceback.  Named regression tests pin
each crash found by fuzzing; the hypothesis properties below keep looking (derandomized, so
every run tries the same inputs).
"""

import tomllib
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.dice.spec import parse_spec
from tabletop.errors import IllegalActionError, LayoutError, UsageError
from tabletop.games import layouts
from tabletop.games.clash.actions import Attack, MoveKnight, Rush, Weapon
from tabletop.games.layoutfile import Source
from tabletop.spatial.grid import Space

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"


@pytest.mark.parametrize("word", ["²", "¹", "٣"])
def test_dice_count_in_non_ascii_digits_is_a_usage_error(word):
    with pytest.raises(UsageError, match=repr(word)):
        parse_spec(f"{word} white")


def test_roll_with_a_superscript_count_exits_2(capsys):
    assert main(["roll", "² white"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_file_name_with_a_nul_character_is_a_layout_error():
    with pytest.raises(LayoutError, match="is not a usable file name"):
        layouts.load("bad\x00name.toml")


@pytest.mark.parametrize("argv", [["check", "a\nb.toml"], ["query", "a\x00b", "los A B"],
                                  ["check", "x.toml", "stray\r\nword"]])
def test_cli_error_about_a_strange_argument_is_one_line(capsys, argv):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("tabletop: ") and err.count("\n") == 1
    assert "\r" not in err


@pytest.mark.parametrize("to", [Space(-1, -1), Space(2, -1), Space(-3, 4)])
def test_moving_a_knight_off_the_north_or_west_edge_is_illegal_not_a_crash(to):
    game, state = layouts.load(LAYOUTS / "clash-teaching.toml")
    with pytest.raises(IllegalActionError, match=r"off the board"):
        game.apply(state, MoveKnight("Kara", to))
    with pytest.raises(IllegalActionError, match=r"no Knight called 'Nobody'"):
        game.apply(state, MoveKnight("Nobody", to))


def test_a_space_off_the_north_west_edges_reads_as_indices():
    assert str(Space(-1, 2)) == "(row index -1, column index 2)"
    assert str(Space(0, 0)) == "A1"


@pytest.mark.parametrize("weapon", [Weapon("Ratwolf"), Weapon("ranged", 5, 2),
                                    Weapon("reach", 1, 0), Weapon("ranged", 0, 3)])
def test_attack_with_no_real_weapon_is_illegal(weapon):
    game, state = layouts.load(LAYOUTS / "clash-teaching.toml")
    assert Attack("Odo", "Eggknight", Weapon()) in game.legal_actions(state)
    with pytest.raises(IllegalActionError, match="is not a weapon"):
        game.apply(state, Attack("Odo", "Eggknight", weapon))
    with pytest.raises(IllegalActionError):
        game.apply(state, Rush("Kara", "Eggknight", Space(5, 5), weapon))


@pytest.mark.parametrize("layout, table", [
    ("clash-teaching.toml", "knights"), ("joust-setup.toml", "households"),
    ("kingdom-mid-delve.toml", "districts"), ("almokon-opening.toml", "players"),
    ("fateforge-chapel.toml", "heroes")])
@pytest.mark.parametrize("name", ["Kara\nthe Bold", "tab\there", "a\rb"])
def test_a_name_with_a_line_break_is_refused_in_one_line(layout, table, name):
    data = tomllib.loads((LAYOUTS / layout).read_text())
    data[table][0]["name"] = name
    with pytest.raises(LayoutError) as caught:
        layouts.from_data(data, Source(layout))
    assert str(caught.value).startswith(layout) and "\n" not in str(caught.value)
    assert "one line" in str(caught.value)
