"""The cards in play (rulebook *Escalation Chart*, *Searching the Deck and Discard Pile*, *No
Cards to Escalate*, *Massive Peril*): the encounter's decks follow the chart."""

from __future__ import annotations

from dataclasses import replace

from tabletop.games.clash import encounter as enc
from tabletop.games.clash.cards import DATA, load_card_file


def boss():
    library = load_card_file(DATA / "clash-example-shellwyrm.toml")
    cards, _ = enc.setup(library, library.sheet("Shellwyrm"), level=1, seed=3,
                         exhibition=False, mobs=(), given={})
    return cards


def levels(cards, names, ai=True):
    get = cards.library.attack_card if ai else cards.library.bp
    return sorted(get(n).level for n in names)


def test_setup_puts_level_1_in_the_decks_and_the_rest_in_escalation():
    cards = boss()
    assert levels(cards, cards.ai_deck) == [1, 1, 1, 1]
    assert levels(cards, cards.bp_deck, ai=False) == [1, 1, 1, 1]
    assert set(levels(cards, cards.ai_escalation)) == {2, 3}


def test_wounding_a_bp1_card_swaps_an_ai1_for_an_ai2_and_adds_a_bp2():
    cards = boss()
    after, words = enc.escalate_ai(cards, 1)
    assert levels(after, after.ai_deck) == [1, 1, 1, 2]
    after, words = enc.escalate_bp(after, 1)
    assert levels(after, after.bp_deck, ai=False) == [1, 1, 1, 1, 2]


def test_the_deck_is_searched_before_the_discard_pile():
    cards = boss()
    top = cards.ai_deck[0]
    cards = replace(cards, ai_deck=cards.ai_deck[1:], ai_discard=(top,))
    after, words = enc.escalate_ai(cards, 1)
    assert after.ai_discard == (top,) and "discard pile" not in words[0]
    emptied = replace(cards, ai_deck=(), ai_discard=cards.ai_deck + (top,))
    after, words = enc.escalate_ai(emptied, 1)
    assert "(from the discard pile)" in words[0] and after.ai_discard == ()


def test_no_ai3_left_gives_the_permanent_bonuses_in_order():
    cards = replace(boss(), ai_escalation=())
    for expected in ((1, 0, 0, 0), (1, 1, 0, 0), (1, 1, 1, 0), (1, 1, 1, 1)):
        cards, words = enc.escalate_ai(cards, None)
        assert cards.bonuses == expected
    assert "+1 To Hit" in words[-1] and cards.to_hit() == 6


def test_a_critically_wounded_bp3_adds_two_bp3_cards():
    cards = boss()
    after, _ = enc.escalate_bp(cards, 3, critical=True)
    assert levels(after, after.bp_deck, ai=False) == [1, 1, 1, 3, 3]
    after, _ = enc.escalate_bp(cards, 3, aside="Heart Shell")
    assert after.bp_deck[-1] == "Heart Shell"


def test_massive_peril_adds_each_card_once():
    cards = boss()
    cards, card, words = enc.judicium_draw(cards, 5)
    assert cards.judicium == ("You Died Horribly",) and words
    cards, card, words = enc.judicium_draw(cards, 6)
    assert cards.judicium == ("You Died Horribly",) and not words
    cards, card, _ = enc.judicium_draw(cards, 12)
    assert len(cards.judicium) == 3 and card in enc.JUDICIUM + cards.judicium


def test_shuffles_follow_the_seed():
    assert boss() == boss()
    library = boss().library
    other, _ = enc.setup(library, library.sheet("Shellwyrm"), level=1, seed=4,
                         exhibition=True, mobs=(), given={})
    assert other.wound_stack == (enc.GENERIC_SINGLE,) * 2 and other.wounds() == 2
