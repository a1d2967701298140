"""Deck legality (rulebook *Deck Building*: Monarch and Capitol, 40 cards, the Pentagram of
Power, Foreigners, Bicara Township and Rahasa) and the ``deck-check`` query."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tabletop.games import layouts
from tabletop.games.almokon.cards import shipped_index
from tabletop.games.almokon.deck import PENTAGRAM, aligned, check_cards
from tabletop.games.query import ask

CARDS = shipped_index()
ROOT = Path(__file__).resolve().parent.parent


def deck(monarch: str, capitol: str, **counts: int) -> list:
    """Monarch, Capitol and the cards ``id=count`` (underscores for dashes)."""
    out = [CARDS[monarch], CARDS[capitol]]
    for card_id, n in counts.items():
        out += [CARDS[card_id.replace("_", "-")]] * n
    return out


def conquest(**extra: int) -> list:
    """Varro's deck: 40 Conquest cards unless ``extra`` swaps some for others."""
    base = {"hammerfall_militia": 20, "iron_sentinel": 20}
    taken = sum(extra.values())
    base["hammerfall_militia"] -= taken
    return deck("varro", "fort-hammerfall", **base, **extra)


def test_pentagram_of_power_is_symmetric_and_each_faction_has_two_neighbours():
    for faction, neighbours in PENTAGRAM.items():
        assert len(neighbours) == 2
        for other in neighbours:
            assert aligned(other, faction)
    assert aligned("conquest", "diplomacy") and not aligned("conquest", "creed")


def test_a_main_faction_deck_of_40_is_legal():
    report = check_cards(conquest())
    assert report.legal and report.playable == 40 and report.main_faction == "conquest"


def test_exactly_40_playable_cards():
    report = check_cards(conquest()[:-1])
    assert not report.legal and "exactly 40 playable cards" in report.problems[0]


def test_monarch_and_capitol_of_one_faction():
    report = check_cards(deck("varro", "harbour-of-sels", iron_sentinel=40))
    assert any("same faction" in p for p in report.problems)


def test_exactly_one_monarch_and_one_capitol():
    report = check_cards(conquest()[1:])
    assert any("exactly one Monarch" in p for p in report.problems)


def test_up_to_12_foreigners_from_aligned_factions():
    assert check_cards(conquest(bicara_pikemen=12)).legal
    report = check_cards(conquest(bicara_pikemen=13))
    assert any("at most 12 Foreigner" in p for p in report.problems)


def test_neutral_cards_are_free():
    report = check_cards(conquest(rolling_hills=8, bicara_pikemen=12))
    assert report.legal and report.foreigners == 12


def test_unaligned_faction_cards_are_not_allowed():
    report = check_cards(conquest(creed_acolyte=1))
    assert any("creed is not aligned with conquest" in p for p in report.problems)


def test_loyal_cards_are_never_foreigners():
    report = check_cards(conquest(cult_of_the_silver_word=1))
    assert any("Loyal" in p for p in report.problems)


def rahasa(**counts: int) -> list:
    base = {"bicara_pikemen": 40 - sum(counts.values())}
    return deck("rahasa", "harbour-of-sels", **base, **counts)


def test_rahasa_adds_six_unaligned_slots_beside_the_twelve():
    report = check_cards(rahasa(iron_sentinel=12, creed_acolyte=6))
    assert report.legal and (report.foreigners, report.unaligned) == (12, 6)
    report = check_cards(rahasa(creed_acolyte=7))
    assert any("at most 6 cards of an unaligned faction" in p for p in report.problems)


def test_rahasa_extra_slots_never_take_loyal_cards():
    report = check_cards(rahasa(creed_acolyte=5, cult_of_the_red_fist=1))
    assert any("Loyal" in p for p in report.problems)


def test_rahasa_extra_slots_come_from_one_unaligned_faction():
    community = replace(CARDS["creed-acolyte"], id="fisher", faction="community")
    report = check_cards(rahasa(creed_acolyte=3)[:-1] + [community])
    assert any("one unaligned faction" in p for p in report.problems)


def test_bicara_township_allows_no_foreigners():
    legal = deck("rahasa", "bicara-township", bicara_pikemen=38, rolling_hills=2)
    report = check_cards(legal)
    assert report.legal
    report = check_cards(deck("rahasa", "bicara-township", bicara_pikemen=39, iron_sentinel=1))
    assert any("Bicara Township" in p for p in report.problems)


def test_unique_at_most_three_copies():
    assert check_cards(conquest(captain_orsa=3)).legal
    report = check_cards(conquest(captain_orsa=4))
    assert any("Unique: at most 3" in p for p in report.problems)


@pytest.mark.parametrize("name", ["almokon-opening.toml", "almokon-midgame.toml",
                                  "almokon-one-from-21.toml"])
def test_shipped_layouts_have_legal_decks(name):
    game, state = layouts.load(ROOT / "layouts" / name)
    for player in ("Aria", "Brannoc"):
        answer = ask(game, state, f"deck-check {player}")
        assert answer["answer"] is True, answer
