"""Hostile values inside well-formed layouts and arguments: one strict reader of numbers, every
value the rules read later checked at load, linear work on big input (named regression tests
for the fuzzing campaign's findings)."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.errors import IllegalActionError, LayoutError
from tabletop.games import layouts
from tabletop.games.kingdom import fog
from tabletop.games.kingdom.actions import Answer
from tabletop.games.kingdom.state import Prompt, poi_number
from tabletop.numbers import NumberError, parse_int, read_int

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"


def text_of(name: str) -> str:
    return (LAYOUTS / name).read_text(encoding="utf-8")


@pytest.mark.parametrize(("text", "low", "high", "value"), [
    ("7", 0, 9, 7), (" 7 ", 0, 9, 7), ("+7", 0, 9, 7), ("-3", -9, 9, -3), ("-3", 0, 9, None),
    ("²", 0, 9, None), ("٣", 0, 9, None), ("1" * 5000, 0, 9, None), ("10", 0, 9, None),
    ("", 0, 9, None), ("-", -9, 9, None), ("--5", -9, 9, None), ("0x1", 0, 99, None),
    ("1_0", 0, 99, None), ("1.0", 0, 9, None)])
def test_the_strict_reader_takes_ascii_digits_within_the_range_only(text, low, high, value):
    assert parse_int(text, low, high) == value


def test_read_int_names_the_range():
    with pytest.raises(NumberError, match="from 1 to 6"):
        read_int("²", 1, 6, "a die")


@pytest.mark.parametrize("copy", ["iron-sentinel#²", "iron-sentinel#" + "9" * 5000,
                                  "iron-sentinel#02", "iron-sentinel#1"])
def test_almokon_copy_numbers_are_read_strictly(copy):
    text = text_of("almokon-opening.toml").replace('    "iron-sentinel",\n',
                                                     f'    "{copy}",\n', 1)
    with pytest.raises(LayoutError, match="copy number|the most is 60"):
        layouts.loads(text)


def test_almokon_numbering_many_copies_is_linear():
    deck = ", ".join(['"iron-sentinel"'] * 900)
    text = text_of("almokon-opening.toml").replace("deck = [", f"deck = [{deck}, ", 1)
    start = time.perf_counter()
    state = layouts.loads(text)[1]
    assert time.perf_counter() - start < 5
    assert "iron-sentinel#900" in state.players[0].deck


@pytest.mark.parametrize("slot", ["²", "01", "1" * 5000, "9"])
def test_joust_squire_slot_must_name_a_slot_exactly(slot):
    text = text_of("joust-mid-joust.toml").replace('on = "1"', f'on = "{slot}"', 1)
    with pytest.raises(LayoutError, match="squire"):
        layouts.loads(text)


@pytest.mark.parametrize("poi", ["²", "--5", "1" * 5000, "100", " 4", "x" * 61, "a\\tb"])
def test_kingdom_point_of_interest_is_checked_at_load(poi):
    text = text_of("kingdom-start.toml").replace('poi = "4"', f'poi = "{poi}"', 1)
    with pytest.raises(LayoutError, match="poi"):
        layouts.loads(text)


def test_kingdom_point_of_interest_numbers_and_names():
    assert poi_number("4") == 4 and poi_number("-2") == -2
    assert poi_number("04") is None and poi_number("Ash Reliquary") is None
    state = layouts.loads(text_of("kingdom-start.toml").replace('poi = "4"', 'poi = "-99"'))[1]
    assert any(t.poi_number == -99 for t in state.tiles)


@pytest.mark.parametrize("answer", ["²", "1" * 5000, "10", "--1"])
def test_kingdom_poi_modifier_answer_is_read_strictly(answer):
    game, state = layouts.loads(text_of("kingdom-start.toml"))
    tile = next(t for t in state.tiles if t.poi_number is not None)
    asking = replace(state, pending=(Prompt("poi", tile.id, (), "give the modifier"),))
    with pytest.raises(IllegalActionError, match="from -9 to 9"):
        game.apply(asking, Answer(answer))
    assert game.apply(asking, Answer("-3"))[0].pending == ()


@pytest.mark.parametrize("spec", ["²", "1" * 5000, "٣ kf-d10", "0 kf-d10"])
def test_roll_counts_are_read_strictly(capsys, spec):
    assert main(["roll", spec]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("seed", ["²", "1" * 5000, "-1", "٣"])
def test_roll_seed_is_read_strictly(capsys, seed):
    assert main(["roll", "3 kf-d10", "--seed", seed]) == 2
    assert "--seed" in capsys.readouterr().err


def test_names_and_free_text_have_stated_lengths():
    text = text_of("clash-teaching.toml")
    with pytest.raises(LayoutError, match="the most is 60"):
        layouts.loads(text.replace('name = "Kara"', f'name = "{"K" * 61}"', 1))
    with pytest.raises(LayoutError, match="the most is 4000"):
        layouts.loads(text.replace('title = "', f'title = "{"t" * 4001}', 1))


@pytest.mark.parametrize("answer", ["9" * 5000, "²", "+3", "10"])
def test_a_deep_fog_card_value_is_read_strictly(answer):
    state = layouts.loads(text_of("kingdom-deep-fog.toml"))[1]
    assert "Deep Fog Value (0 to 9)" in fog.parse_card(answer, state.fog)
    assert fog.parse_card("2 : Lantern", state.fog).value == 2
