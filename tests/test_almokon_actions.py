"""The seven actions, exhaust and ready, combat, destruction, Bounty and the win at 21
(rulebook *Actions*, *Exhausted*, *Ready*, *Combat*, *Bounty*, *Victory*)."""

from __future__ import annotations

import pytest
from test_almokon_board import board, play, said

from tabletop.errors import IllegalActionError
from tabletop.games.almokon import rules
from tabletop.games.almokon.actions import (
    Activate,
    Attack,
    GainAP,
    Liquidate,
    Move,
    PlayCard,
    ReadyAll,
)


def refused(state, action, words: str) -> None:
    with pytest.raises(IllegalActionError) as info:
        rules.apply(state, action)
    assert words in str(info.value), str(info.value)
    assert action not in rules.legal_actions(state)


# ---------------------------------------------------------------------- play a card
def test_play_character_pays_ap_and_enters_the_realm_ready():
    state = board(aria={"ap": 5, "hand": ["berserker-chief"]})
    state, events = play(state, PlayCard("Aria", "berserker-chief"))
    chief = state.card("berserker-chief")
    assert (chief.zone, chief.exhausted, state.players[0].ap) == ("realm", False, 2)
    assert state.players[0].hand == () and said(events, "entered")


@pytest.mark.parametrize("card, zone", [("hammerfall-militia", "wilderness"),
                                        ("ironclad-galley", "open-sea"),
                                        ("tidewyrm", "open-sea"),
                                        ("war-forge", "realm"),
                                        ("rolling-hills", "realm"),
                                        ("cult-of-the-red-fist", "realm")])
def test_enters_play_in_table(card, zone):
    state = board(aria={"ap": 9, "hand": [card]})
    state, _ = play(state, PlayCard("Aria", card))
    assert state.card(card).zone == zone


def test_units_enter_the_outland_exhausted():
    state = board(aria={"ap": 9, "hand": ["hammerfall-militia"]})
    state, _ = play(state, PlayCard("Aria", "hammerfall-militia"))
    assert state.card("hammerfall-militia").exhausted


def test_play_without_enough_ap_is_refused_with_the_cost():
    state = board(aria={"ap": 2, "hand": ["iron-sentinel"]})
    refused(state, PlayCard("Aria", "iron-sentinel"),
            "costs 3 AP and you have 2 (a card is played by paying its AP cost)")


def test_event_resolves_then_is_discarded():
    state = board("Brannoc bicara-pikemen wilderness",
                  aria={"ap": 2, "hand": ["ember-volley"]})
    state, events = play(state, PlayCard("Aria", "ember-volley", "bicara-pikemen"))
    assert state.card("bicara-pikemen").damage == 2
    assert state.players[0].discard == ("ember-volley",) and said(events, "resolved")


def test_event_target_outside_its_zone_is_refused():
    state = board(aria={"ap": 2, "hand": ["ember-volley"]})
    refused(state, PlayCard("Aria", "ember-volley", "rahasa"), "reaches only the Wilderness")


def test_item_is_attached_and_adds_its_wrath():
    state = board("Aria berserker-chief wilderness", aria={"ap": 1, "hand": ["iron-blade"]})
    state, _ = play(state, PlayCard("Aria", "iron-blade", "berserker-chief"))
    chief = state.card("berserker-chief")
    assert chief.items == ("iron-blade",) and state.wrath(chief) == 5


def test_item_needs_a_legal_target():
    state = board("Aria war-forge realm", aria={"ap": 1, "hand": ["envoys-seal"]})
    refused(state, PlayCard("Aria", "envoys-seal", "war-forge"),
            "attaches only to character, monarch")
    refused(state, PlayCard("Aria", "envoys-seal", "rahasa"), "Items go on friendly cards")
    refused(state, PlayCard("Aria", "envoys-seal"), "needs a target")


def test_item_is_destroyed_with_its_card():
    state = board("Aria hammerfall-militia wilderness items=iron-blade",
                  "Brannoc bicara-pikemen wilderness")
    state, _ = play(state, Attack("Aria", "hammerfall-militia", "bicara-pikemen"))
    # militia: Wrath 1+2 = 3 kills the Pikemen (Vigor 3); return damage 1 < Vigor 2
    assert state.card("bicara-pikemen") is None
    state = board("Aria hammerfall-militia wilderness damage=1 items=iron-blade",
                  "Brannoc bicara-pikemen wilderness")
    state, _ = play(state, Attack("Aria", "hammerfall-militia", "bicara-pikemen"))
    assert state.card("hammerfall-militia") is None
    assert state.players[0].discard == ("hammerfall-militia", "iron-blade")


def test_monarch_and_capitol_are_not_played_from_hand():
    state = board(aria={"ap": 5, "hand": ["rahasa"]}, leaders=False)
    refused(state, PlayCard("Aria", "rahasa"), "not played from the hand")


# ---------------------------------------------------------------------- attack
def test_combat_damage_is_simultaneous_by_wrath():
    state = board("Aria berserker-chief wilderness", "Brannoc bicara-pikemen wilderness")
    state, events = play(state, Attack("Aria", "berserker-chief", "bicara-pikemen"))
    # Chief (W3) destroys the Pikemen (V3) while taking its Wrath 1 back
    assert state.card("bicara-pikemen") is None
    chief = state.card("berserker-chief")
    assert chief.damage == 1 and chief.exhausted
    assert state.players[0].bounty == 1 and said(events, "bounty")


def test_both_cards_can_be_destroyed_and_each_destroyer_earns_the_bounty():
    state = board("Aria hammerfall-militia wilderness",
                  "Brannoc bicara-pikemen wilderness damage=2")
    state, _ = play(state, Attack("Aria", "hammerfall-militia", "bicara-pikemen"))
    assert state.card("hammerfall-militia") is None or state.card("bicara-pikemen") is None
    # the Militia's Wrath 1 ends the wounded Pikemen (Vigor 3); its Wrath 1 comes back
    assert state.card("bicara-pikemen") is None and state.card("hammerfall-militia").damage == 1
    assert (state.players[0].bounty, state.players[1].bounty) == (1, 0)
    state = board("Aria berserker-chief wilderness damage=3",
                  "Brannoc bicara-pikemen wilderness")
    state, _ = play(state, Attack("Aria", "berserker-chief", "bicara-pikemen"))
    assert state.card("berserker-chief") is None and state.card("bicara-pikemen") is None
    assert (state.players[0].bounty, state.players[1].bounty) == (1, 3)


def test_attacker_must_be_ready_and_in_the_outland():
    state = board("Aria berserker-chief realm", "Aria hammerfall-militia wilderness exhausted",
                  "Brannoc bicara-pikemen wilderness")
    refused(state, Attack("Aria", "berserker-chief", "bicara-pikemen"),
            "attackers must be in the Outland")
    refused(state, Attack("Aria", "hammerfall-militia", "bicara-pikemen"),
            "is exhausted: an exhausted card cannot attack")
    refused(state, Attack("Aria", "fort-hammerfall", "bicara-pikemen"),
            "a Capitol cannot attack")


def test_attacks_target_enemy_cards_only():
    """*Bounty*: "You earn Bounty Points whenever you destroy an enemy card" -- attacks are
    made on enemy cards; the refusal says so rather than that the card is not in play."""
    state = board("Aria berserker-chief wilderness", "Aria hammerfall-militia wilderness")
    refused(state, Attack("Aria", "berserker-chief", "hammerfall-militia"),
            "is your own card: attacks target enemy cards")


def test_terrain_cannot_defend():
    state = board("Aria berserker-chief wilderness", "Brannoc rolling-hills realm")
    refused(state, Attack("Aria", "berserker-chief", "rolling-hills"), "cannot defend")


def test_monarch_destroyed_gives_its_bounty_but_the_game_goes_on():
    state = board("Aria siege-golem wilderness", "Brannoc rahasa realm damage=6",
                  leaders=False)
    state, _ = play(state, Attack("Aria", "siege-golem", "rahasa"))
    assert state.card("rahasa") is None and state.players[0].bounty == 12
    assert not state.winner and state.to_act == 1


def test_capitol_destroyed_gives_its_bounty_but_the_game_goes_on():
    """*Capitol*: "If your Capitol is destroyed, your opponent earns its Bounty value, but you
    do not lose the game." """
    state = board("Aria siege-golem wilderness", "Brannoc harbour-of-sels realm damage=10",
                  "Brannoc rahasa realm", leaders=False)
    state, events = play(state, Attack("Aria", "siege-golem", "harbour-of-sels"))
    assert state.card("harbour-of-sels") is None and state.players[0].bounty == 10
    assert "harbour-of-sels" in state.players[1].discard
    assert not state.winner and state.to_act == 1 and rules.legal_actions(state)


def test_return_damage_destruction_can_win_for_the_defenders_player():
    """*Victory*: 21 Bounty "is checked after every combat resolution, card destruction" --
    the defender's player destroys the attacker with return damage and wins at once."""
    state = board("Aria hammerfall-militia wilderness damage=1",
                  "Brannoc iron-sentinel wilderness", brannoc={"bounty": 20})
    state, events = play(state, Attack("Aria", "hammerfall-militia", "iron-sentinel"))
    assert state.winner == "Brannoc" and state.players[1].bounty == 21
    assert said(events, "won") and rules.legal_actions(state) == []


# ---------------------------------------------------------------------- the other actions
def test_gain_two_ap_is_always_available():
    state = board()
    assert GainAP("Aria") in rules.legal_actions(state)
    state, _ = play(state, GainAP("Aria"))
    assert state.players[0].ap == 2


def test_turns_alternate_one_action_each():
    state = board()
    state, _ = play(state, GainAP("Aria"))
    assert state.to_act == 1
    refused(state, GainAP("Aria"), "Brannoc's decision")
    state, _ = play(state, GainAP("Brannoc"))
    assert state.to_act == 0


def test_ready_all_readies_only_your_cards():
    state = board("Aria hammerfall-militia wilderness exhausted",
                  "Brannoc bicara-pikemen wilderness exhausted")
    state, _ = play(state, ReadyAll("Aria"))
    assert not state.card("hammerfall-militia").exhausted
    assert state.card("bicara-pikemen").exhausted


def test_ready_all_draws_only_under_the_draw_rule():
    state = board(aria={"deck": ["iron-blade"]})
    assert play(state, ReadyAll("Aria"))[0].players[0].hand == ()
    state = board(aria={"deck": ["iron-blade"]}, rules={"draw": "ready-all"})
    assert play(state, ReadyAll("Aria"))[0].players[0].hand == ("iron-blade",)


def test_move_to_the_wilderness_exhausts_on_arrival_and_is_one_way():
    state = board("Aria berserker-chief realm")
    state, _ = play(state, Move("Aria", "berserker-chief"))
    chief = state.card("berserker-chief")
    assert (chief.zone, chief.exhausted) == ("wilderness", True)
    state, _ = play(state, GainAP("Brannoc"), ReadyAll("Aria"), GainAP("Brannoc"))
    refused(state, Move("Aria", "berserker-chief"), "one way")


def test_only_ready_characters_and_monarchs_move():
    state = board("Aria berserker-chief realm exhausted", "Aria war-forge realm")
    refused(state, Move("Aria", "berserker-chief"), "exhausted card cannot move")
    refused(state, Move("Aria", "war-forge"), "only a Character or Monarch")
    state, _ = play(state, Move("Aria", "varro"))
    assert state.card("varro").zone == "wilderness"


def test_liquidate_discards_for_ap_without_the_effect():
    state = board("Brannoc bicara-pikemen wilderness", aria={"hand": ["ember-volley"]})
    state, _ = play(state, Liquidate("Aria", "ember-volley"))
    assert state.players[0].ap == 3 and state.players[0].discard == ("ember-volley",)
    assert state.card("bicara-pikemen").damage == 0


def test_only_events_and_items_are_liquidated():
    state = board(aria={"hand": ["berserker-chief"]})
    refused(state, Liquidate("Aria", "berserker-chief"), "only an Event or Item")


def test_activate_pays_and_exhausts_the_card():
    state = board("Aria cult-of-the-red-fist realm", aria={"ap": 3})
    state, events = play(state, Activate("Aria", "cult-of-the-red-fist", 0))
    assert state.players[0].ap == 0 and state.players[0].bounty == 1
    assert state.card("cult-of-the-red-fist").exhausted
    state, _ = play(state, GainAP("Brannoc"))
    refused(state, Activate("Aria", "cult-of-the-red-fist", 0), "exhausted")


TOLL_GATE = [{"id": "toll-gate", "name": "Toll Gate", "type": "improvement",
              "faction": "conquest", "vigor": 3, "bounty": 1,
              "abilities": [{"name": "Toll", "cost": 1, "exhaust": False, "effect": "bounty",
                             "amount": 1}]}]


def test_abilities_without_exhaust_repeat_while_paid():
    """*Actions*: "Some abilities exhaust the card after use; others may be used repeatedly
    as long as the cost is paid. The card will specify which applies." """
    state = board("Brannoc terraced-vineyards realm growth=1", turn="Brannoc")
    state, _ = play(state, Activate("Brannoc", "harbour-of-sels", 0))
    assert state.players[1].ap == 2 and state.card("harbour-of-sels").exhausted
    state = board("Aria toll-gate realm", card_defs=TOLL_GATE, aria={"ap": 2})
    state, _ = play(state, Activate("Aria", "toll-gate", 0), GainAP("Brannoc"),
                    Activate("Aria", "toll-gate", 0), GainAP("Brannoc"))
    assert state.players[0].bounty == 2 and not state.card("toll-gate").exhausted
    refused(state, Activate("Aria", "toll-gate", 0), "Toll costs 1 AP and you have 0")


def test_unknown_player_and_non_actions_are_refused():
    state = board()
    refused(state, GainAP("Zed"), "no player named 'Zed'")
    with pytest.raises(IllegalActionError):
        rules.apply(state, "gain 2")


# ---------------------------------------------------------------------- victory
def test_win_at_21_checked_after_combat():
    state = board("Aria shock-cavalry wilderness", "Brannoc silver-tongue wilderness damage=1",
                  aria={"bounty": 19})
    state, events = play(state, Attack("Aria", "shock-cavalry", "silver-tongue"))
    assert state.winner == "Aria" and said(events, "won")
    assert rules.legal_actions(state) == []
    refused(state, GainAP("Brannoc"), "the game is over (Aria won)")


def test_win_at_21_checked_after_an_ability_awards_bounty():
    state = board("Aria cult-of-the-red-fist realm", aria={"ap": 3, "bounty": 20})
    state, _ = play(state, Activate("Aria", "cult-of-the-red-fist", 0))
    assert state.winner == "Aria"


def test_win_at_21_checked_after_destruction_by_an_effect():
    state = board("Brannoc bicara-pikemen wilderness damage=1",
                  aria={"ap": 2, "bounty": 20, "hand": ["ember-volley"]})
    state, _ = play(state, PlayCard("Aria", "ember-volley", "bicara-pikemen"))
    assert state.winner == "Aria"


def test_both_reaching_21_at_once_goes_to_the_acting_player_or_a_draw():
    lines = ("Aria berserker-chief wilderness damage=3", "Brannoc bicara-pikemen wilderness")
    state = board(*lines, aria={"bounty": 20}, brannoc={"bounty": 18})
    assert play(state, Attack("Aria", "berserker-chief", "bicara-pikemen"))[0].winner == "Aria"
    state = board(*lines, aria={"bounty": 20}, brannoc={"bounty": 18},
                  rules={"simultaneous_win": "draw"})
    assert play(state, Attack("Aria", "berserker-chief", "bicara-pikemen"))[0].winner == "draw"


def test_exhausted_cards_use_abilities_only_under_the_rule_option():
    lines = ("Brannoc terraced-vineyards realm exhausted growth=2",)
    state = board(*lines, turn="Brannoc")
    refused(state, Activate("Brannoc", "terraced-vineyards", 0),
            "exhausted: abilities are used on a ready card")
    state = board(*lines, turn="Brannoc", rules={"exhausted_abilities": "non-exhausting"})
    state, _ = play(state, Activate("Brannoc", "terraced-vineyards", 0))
    assert state.players[1].ap == 2
    state = board("Aria cult-of-the-red-fist realm exhausted", aria={"ap": 3},
                  rules={"exhausted_abilities": "non-exhausting"})
    refused(state, Activate("Aria", "cult-of-the-red-fist", 0), "its ability exhausts it")


def test_win_during_a_response_discards_the_cards_still_on_the_stack():
    # Playout seed 184 of almokon-opening.toml: Brannoc plays Bicara Pikemen; Aria answers
    # with Quick Reprisal (Reflex), destroys the wounded Rahasa and wins at once (*Victory*:
    # "wins immediately"). The Pikemen never resolve and go to Brannoc's discard pile; the
    # Event is discarded after resolving (*Event*). No card leaves the game.
    state = board("Brannoc rahasa realm damage=8", leaders=False,
                  aria={"ap": 1, "bounty": 15, "hand": ["quick-reprisal"]},
                  brannoc={"ap": 2, "hand": ["bicara-pikemen"]}, turn="Brannoc")
    every = sorted(state.all_uids())
    state, events = play(state, PlayCard("Brannoc", "bicara-pikemen"),
                         PlayCard("Aria", "quick-reprisal", "rahasa"))
    assert state.winner == "Aria" and state.players[0].bounty == 27
    assert state.stack == () and state.card("bicara-pikemen") is None
    assert state.players[1].discard == ("rahasa", "bicara-pikemen")
    assert state.players[0].discard == ("quick-reprisal",)
    assert sorted(state.all_uids()) == every
    assert [str(e) for e in said(events, "unresolved")] == \
        ["Bicara Pikemen never resolves (the game is over) and is discarded."]
