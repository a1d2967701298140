"""One test (at least) per keyword (rulebook *Keywords*), including the ones the rulebook
gives only by their effect, under this program's names (see docs/almokon.md)."""

from __future__ import annotations

from test_almokon_actions import refused
from test_almokon_board import board, board_data, load_error, play, said

from tabletop.games import layouts
from tabletop.games.almokon import rules
from tabletop.games.almokon.actions import (
    Activate,
    Attack,
    Choose,
    Decline,
    GainAP,
    Move,
    Pass,
    PlayCard,
    ReadyAll,
)
from tabletop.games.almokon.targeting import attack_targets, legal


# ---------------------------------------------------------------------- Guardian
def test_guardian_forces_attacks_into_its_zone_onto_it():
    state = board("Aria iron-sentinel wilderness", "Aria hammerfall-militia wilderness",
                  "Brannoc bicara-pikemen wilderness", turn="Brannoc")
    reasons = attack_targets(state, "bicara-pikemen")
    assert reasons["hammerfall-militia"] == \
        "Guardian in the Wilderness: attacks there must target Iron Sentinel"
    assert reasons["iron-sentinel"] is None
    refused(state, Attack("Brannoc", "bicara-pikemen", "hammerfall-militia"),
            "must target Iron Sentinel")
    play(state, Attack("Brannoc", "bicara-pikemen", "iron-sentinel"))


def test_guardian_protects_only_its_own_zone():
    state = board("Aria iron-sentinel wilderness", "Brannoc bicara-pikemen wilderness",
                  turn="Brannoc")
    assert attack_targets(state, "bicara-pikemen")["fort-hammerfall"] is None


def test_several_guardians_in_a_zone_the_attacker_chooses():
    state = board("Aria iron-sentinel wilderness", "Aria iron-sentinel wilderness",
                  "Aria hammerfall-militia wilderness", "Brannoc bicara-pikemen wilderness",
                  turn="Brannoc")
    reasons = attack_targets(state, "bicara-pikemen")
    assert reasons["iron-sentinel"] is None and reasons["iron-sentinel#2"] is None
    assert "Iron Sentinel or Iron Sentinel #2" in reasons["hammerfall-militia"]


# ---------------------------------------------------------------------- SALVO
def test_salvo_reaches_any_zone_without_return_damage():
    state = board("Aria ironclad-galley open-sea", "Brannoc silver-tongue realm",
                  aria={"ap": 1})
    state, events = play(state, Activate("Aria", "ironclad-galley", 0, "silver-tongue"))
    assert state.card("silver-tongue").damage == 2
    galley = state.card("ironclad-galley")
    assert galley.damage == 0 and galley.exhausted


def test_salvo_must_still_pick_the_guardian_in_the_target_zone():
    state = board("Aria ironclad-galley open-sea", "Brannoc tidewyrm open-sea",
                  "Brannoc envoys-cutter open-sea", aria={"ap": 1})
    refused(state, Activate("Aria", "ironclad-galley", 0, "envoys-cutter"),
            "Guardian in the Open Sea: attacks there must target Tidewyrm")
    play(state, Activate("Aria", "ironclad-galley", 0, "tidewyrm"))


def test_attack_reach_follows_the_rule_option():
    lines = ("Aria ironclad-galley open-sea", "Brannoc bicara-pikemen wilderness")
    state = board(*lines)
    assert legal(attack_targets(state, "ironclad-galley")) == []
    state = board(*lines, rules={"reach": "any"})
    assert set(legal(attack_targets(state, "ironclad-galley"))) == \
        {"rahasa", "harbour-of-sels", "bicara-pikemen"}
    state = board("Aria hammerfall-militia wilderness", rules={"reach": "own-zone"})
    assert legal(attack_targets(state, "hammerfall-militia")) == []


# ---------------------------------------------------------------------- Frenzy (announce)
def test_frenzy_adds_wrath_and_any_return_damage_destroys():
    state = board("Aria berserker-chief wilderness", "Brannoc bicara-pikemen wilderness")
    assert Attack("Aria", "berserker-chief", "bicara-pikemen", True) in \
        rules.legal_actions(state)
    state, events = play(state, Attack("Aria", "berserker-chief", "bicara-pikemen", True))
    assert state.card("berserker-chief") is None and state.card("bicara-pikemen") is None
    assert said(events, "frenzy")


def test_frenzy_attacker_survives_a_defender_without_wrath():
    state = board("Aria berserker-chief wilderness", "Brannoc terraced-vineyards realm")
    state, _ = play(state, Attack("Aria", "berserker-chief", "terraced-vineyards", True))
    assert state.card("terraced-vineyards") is None  # 3 + 2 Wrath against Vigor 4
    assert state.card("berserker-chief").damage == 0


def test_frenzy_needs_the_keyword():
    state = board("Aria hammerfall-militia wilderness", "Brannoc bicara-pikemen wilderness")
    refused(state, Attack("Aria", "hammerfall-militia", "bicara-pikemen", True), "no Frenzy")


# ---------------------------------------------------------------------- Kinship
def test_kinship_adds_wrath_only_the_attacker_exhausts_and_takes_damage():
    state = board("Aria hammerfall-militia wilderness", "Aria iron-sentinel wilderness",
                  "Aria berserker-chief realm", "Brannoc tidewyrm open-sea",
                  "Brannoc silver-tongue wilderness items=envoys-seal",
                  rules={"reach": "any"})
    action = Attack("Aria", "hammerfall-militia", "tidewyrm",
                    kin=("iron-sentinel", "berserker-chief"))
    assert action in rules.legal_actions(state)
    state, events = play(state, action)
    assert state.card("tidewyrm") is None  # 1 + 2 + 3 = 6 against Vigor 6
    assert state.card("hammerfall-militia") is None  # return damage 2 on Vigor 2
    assert not state.card("iron-sentinel").exhausted
    assert state.card("iron-sentinel").damage == 0 and len(said(events, "kinship")) == 2


def test_kinship_needs_a_shared_subtype():
    state = board("Aria hammerfall-militia wilderness", "Aria shock-cavalry wilderness",
                  "Brannoc bicara-pikemen wilderness")
    refused(state, Attack("Aria", "hammerfall-militia", "bicara-pikemen",
                          kin=("shock-cavalry",)), "sharing a subtype with Hammerfall")


# ---------------------------------------------------------------------- Inexhaustible
def test_inexhaustible_never_exhausts():
    state = board("Aria captain-orsa realm", "Brannoc bicara-pikemen wilderness")
    state, _ = play(state, Move("Aria", "captain-orsa"), GainAP("Brannoc"))
    assert not state.card("captain-orsa").exhausted
    state, _ = play(state, Attack("Aria", "captain-orsa", "bicara-pikemen"), GainAP("Brannoc"))
    assert not state.card("captain-orsa").exhausted
    assert Attack("Aria", "captain-orsa", "bicara-pikemen") in rules.legal_actions(state)


def test_inexhaustible_cannot_be_exhausted_for_command_or_readied():
    state = board("Aria drill-yard realm", "Aria captain-orsa realm", aria={"deck": ["iron-blade"]})
    refused(state, Activate("Aria", "drill-yard", 0, command="captain-orsa"),
            "cannot be exhausted now")


# ---------------------------------------------------------------------- Command
def test_command_exhausts_another_friendly_card_in_the_same_zone():
    state = board("Aria drill-yard realm", "Aria berserker-chief realm",
                  "Aria hammerfall-militia wilderness", aria={"deck": ["iron-blade"]})
    refused(state, Activate("Aria", "drill-yard", 0), "Command: first exhaust")
    refused(state, Activate("Aria", "drill-yard", 0, command="hammerfall-militia"),
            "the same zone")
    state, _ = play(state, Activate("Aria", "drill-yard", 0, command="berserker-chief"))
    assert state.card("berserker-chief").exhausted and state.card("drill-yard").exhausted
    assert state.players[0].hand == ("iron-blade",)


# ---------------------------------------------------------------------- Onslaught
def test_onslaught_gives_one_more_attack_after_a_kill():
    state = board("Aria shock-cavalry wilderness", "Brannoc bicara-pikemen wilderness",
                  "Brannoc bicara-pikemen wilderness damage=2")
    state, events = play(state, Attack("Aria", "shock-cavalry", "bicara-pikemen"))
    assert state.follow_up is not None and state.to_act == 0 and said(events, "follow-up")
    assert Decline("Aria") in rules.legal_actions(state)
    refused(state, GainAP("Aria"), "may attack again first")
    state, _ = play(state, Attack("Aria", "shock-cavalry", "bicara-pikemen#2"))
    assert state.card("bicara-pikemen#2") is None
    assert state.follow_up is None and state.to_act == 1  # no chain of follow-ups
    assert state.card("shock-cavalry").exhausted  # "It exhausts after this follow-up attack"


def test_onslaught_can_be_declined():
    state = board("Aria shock-cavalry wilderness", "Brannoc bicara-pikemen wilderness")
    state, _ = play(state, Attack("Aria", "shock-cavalry", "bicara-pikemen"), Decline("Aria"))
    assert state.follow_up is None and state.to_act == 1


# ---------------------------------------------------------------------- Charge
def test_charge_enters_ready_and_may_attack_on_the_same_action():
    state = board("Brannoc silver-tongue wilderness", aria={"ap": 3, "hand": ["shock-cavalry"]})
    state, _ = play(state, PlayCard("Aria", "shock-cavalry"))
    assert not state.card("shock-cavalry").exhausted and state.to_act == 0
    state, _ = play(state, Attack("Aria", "shock-cavalry", "silver-tongue"))
    assert state.card("silver-tongue") is None and state.card("shock-cavalry").exhausted


def test_charge_attack_may_be_declined_and_the_unit_stays_ready():
    state = board(aria={"ap": 3, "hand": ["shock-cavalry"]})
    state, _ = play(state, PlayCard("Aria", "shock-cavalry"), Decline("Aria"))
    assert state.to_act == 1 and not state.card("shock-cavalry").exhausted


# ---------------------------------------------------------------------- Reflex and Veto
def test_reflex_ability_answers_a_played_card_without_using_a_turn():
    state = board("Aria hammerfall-militia wilderness", "Brannoc harbour-watch realm",
                  "Brannoc bicara-pikemen wilderness",
                  aria={"ap": 2, "hand": ["ember-volley"]}, brannoc={"ap": 1})
    state, events = play(state, PlayCard("Aria", "ember-volley", "bicara-pikemen"))
    assert state.to_act == 1 and said(events, "window")
    refused(state, GainAP("Brannoc"), "respond with Reflex or Veto")
    state, events = play(state, Activate("Brannoc", "harbour-watch", 0, "hammerfall-militia"))
    assert state.card("hammerfall-militia").damage == 1
    assert state.card("bicara-pikemen").damage == 2
    # Aria's action is over: now Brannoc takes his own action as usual
    assert not state.stack and state.to_act == 1 and state.turn == 1


def test_reflex_card_is_played_in_response():
    state = board("Aria hammerfall-militia wilderness",
                  aria={"ap": 3, "hand": ["scouting-party"], "deck": ["iron-blade"]},
                  brannoc={"ap": 1, "hand": ["quick-reprisal"]})
    state, _ = play(state, PlayCard("Aria", "scouting-party"))
    assert PlayCard("Brannoc", "quick-reprisal", "hammerfall-militia") in \
        rules.legal_actions(state)
    state, _ = play(state, PlayCard("Brannoc", "quick-reprisal", "hammerfall-militia"))
    assert state.card("hammerfall-militia") is None and state.players[1].bounty == 1
    assert state.players[0].hand == ("iron-blade",)


def test_reflex_card_may_also_be_played_as_an_ordinary_action():
    """*Reflex*: cards with Reflex "may be played in response" -- may, so also as your own
    action, which then uses your turn."""
    state = board("Aria hammerfall-militia wilderness", turn="Brannoc",
                  brannoc={"ap": 1, "hand": ["quick-reprisal"]})
    state, _ = play(state, PlayCard("Brannoc", "quick-reprisal", "hammerfall-militia"))
    assert state.card("hammerfall-militia") is None and state.to_act == 0


def test_only_reflex_or_veto_cards_respond():
    state = board(aria={"ap": 3, "hand": ["scouting-party"], "deck": ["iron-blade"]},
                  brannoc={"ap": 5, "hand": ["treaty-envoy"]}, rules={"responses": "always"})
    state, _ = play(state, PlayCard("Aria", "scouting-party"))
    refused(state, PlayCard("Brannoc", "treaty-envoy"), "only a card with Reflex or Veto")
    state, _ = play(state, Pass("Brannoc"))
    assert state.players[0].hand == ("iron-blade",) and state.to_act == 1


def test_no_window_when_the_opponent_cannot_respond():
    state = board(aria={"ap": 3, "hand": ["scouting-party"], "deck": ["iron-blade"]})
    state, events = play(state, PlayCard("Aria", "scouting-party"))
    assert not said(events, "window") and state.to_act == 1


def test_veto_card_cancels_and_the_ap_is_lost():
    state = board("Brannoc bicara-pikemen wilderness",
                  aria={"ap": 2, "hand": ["ember-volley"]},
                  brannoc={"ap": 2, "hand": ["writ-of-annulment"]})
    state, _ = play(state, PlayCard("Aria", "ember-volley", "bicara-pikemen"),
                    PlayCard("Brannoc", "writ-of-annulment"))
    assert state.card("bicara-pikemen").damage == 0
    assert state.players[0].ap == 0 and state.players[1].ap == 0
    assert state.players[0].discard == ("ember-volley",)
    assert state.players[1].discard == ("writ-of-annulment",)
    assert state.to_act == 1 and state.turn == 1


def test_veto_ability_cancels_an_activated_ability():
    state = board("Aria cult-of-the-red-fist realm", "Brannoc silver-tongue realm",
                  aria={"ap": 3}, brannoc={"ap": 2})
    state, _ = play(state, Activate("Aria", "cult-of-the-red-fist", 0),
                    Activate("Brannoc", "silver-tongue", 0))
    assert state.players[0].bounty == 0 and state.card("cult-of-the-red-fist").exhausted


def test_veto_is_not_a_main_action():
    state = board("Brannoc silver-tongue realm", turn="Brannoc",
                  brannoc={"ap": 4, "hand": ["writ-of-annulment"]})
    refused(state, PlayCard("Brannoc", "writ-of-annulment"), "only in response")
    refused(state, Activate("Brannoc", "silver-tongue", 0), "only in response")


def test_a_response_may_itself_be_answered():
    state = board("Brannoc bicara-pikemen wilderness",
                  aria={"ap": 4, "hand": ["ember-volley", "quick-reprisal"]},
                  brannoc={"ap": 2, "hand": ["writ-of-annulment"]})
    state, _ = play(state, PlayCard("Aria", "ember-volley", "bicara-pikemen"),
                    PlayCard("Brannoc", "writ-of-annulment"))
    assert state.to_act == 0 and len(state.stack) == 2
    state, _ = play(state, PlayCard("Aria", "quick-reprisal", "bicara-pikemen"))
    # Reprisal (2) resolves, the Writ cancels the Volley
    assert state.card("bicara-pikemen").damage == 2


# ---------------------------------------------------------------------- Truce
def test_truce_gives_two_extra_non_combat_actions():
    state = board("Brannoc bicara-pikemen wilderness", "Aria hammerfall-militia wilderness",
                  turn="Brannoc", brannoc={"ap": 2, "hand": ["treaty-envoy"]})
    state, events = play(state, PlayCard("Brannoc", "treaty-envoy"))
    assert state.to_act == 1 and state.extra_actions == 2 and said(events, "truce")
    refused(state, Attack("Brannoc", "bicara-pikemen", "hammerfall-militia"),
            "only non-combat actions")
    state, _ = play(state, GainAP("Brannoc"))
    assert state.to_act == 1
    state, _ = play(state, GainAP("Brannoc"))
    assert state.to_act == 0 and state.players[1].ap == 4


def test_truce_extra_actions_can_be_declined():
    state = board(turn="Brannoc", brannoc={"ap": 2, "hand": ["treaty-envoy"]})
    state, _ = play(state, PlayCard("Brannoc", "treaty-envoy"), Decline("Brannoc"))
    assert state.to_act == 0 and state.extra_actions == 0


# ---------------------------------------------------------------------- Growth and Harvest
def test_growth_counters_are_added_at_the_start_of_the_owners_turn():
    state = board("Brannoc terraced-vineyards realm")
    state, events = play(state, GainAP("Aria"))
    assert state.card("terraced-vineyards").growth == 1 and said(events, "growth")
    state, _ = play(state, GainAP("Brannoc"))
    assert state.card("terraced-vineyards").growth == 1
    state, _ = play(state, GainAP("Aria"))
    assert state.card("terraced-vineyards").growth == 2


def test_harvest_turns_growth_into_ap_and_disposes_of_the_card():
    state = board("Brannoc terraced-vineyards realm growth=3", turn="Brannoc")
    state, _ = play(state, Activate("Brannoc", "terraced-vineyards", 0))
    assert state.players[1].ap == 3 and state.card("terraced-vineyards") is None
    assert "terraced-vineyards" in state.players[1].discard and state.players[0].bounty == 0


def test_harvest_with_no_growth_counters_gains_nothing_and_still_disposes():
    """Harvest: "Gain AP equal to the number of Growth counters on this card, then dispose
    of this card." -- no counters means 0 AP; nothing forbids it."""
    state = board("Brannoc terraced-vineyards realm", turn="Brannoc", brannoc={"ap": 1})
    action = Activate("Brannoc", "terraced-vineyards", 0)
    assert action in rules.legal_actions(state)
    state, events = play(state, action)
    assert state.players[1].ap == 1 and state.card("terraced-vineyards") is None
    assert [e.amount for e in said(events, "harvest")] == [0]


# ---------------------------------------------------------------------- Forge
def test_forge_puts_the_card_into_the_outland_ready_for_free():
    state = board("Aria war-forge realm", aria={"ap": 2, "deck": ["iron-blade", "iron-sentinel"]})
    state, events = play(state, Activate("Aria", "war-forge", 0))
    sentinel = state.card("iron-sentinel")
    assert (sentinel.zone, sentinel.exhausted) == ("wilderness", False)
    assert state.players[0].deck == ("iron-blade",) and state.players[0].ap == 0


def test_forge_from_deck_or_hand_is_the_players_choice():
    state = board("Aria war-forge realm",
                  aria={"ap": 2, "deck": ["iron-sentinel"], "hand": ["iron-sentinel"]})
    state, _ = play(state, Activate("Aria", "war-forge", 0))
    assert state.choice is not None and set(state.choice.options) == {"deck", "hand"}
    assert set(rules.legal_actions(state)) == {Choose("Aria", "deck"), Choose("Aria", "hand")}
    state, _ = play(state, Choose("Aria", "hand"))
    assert state.players[0].hand == () and len(state.players[0].deck) == 1
    assert state.card("iron-sentinel") is not None


FORGED = [{"id": "herald-of-war", "name": "Herald of War", "type": "unit", "unit": "land",
           "faction": "conquest", "cost": 2, "wrath": 1, "vigor": 1,
           "play": {"effect": "gain-ap", "amount": 5},
           "enter": {"effect": "draw", "amount": 1}},
          {"id": "herald-forge", "name": "Herald Forge", "type": "improvement",
           "faction": "conquest", "vigor": 3,
           "abilities": [{"name": "Call", "effect": "forge", "card": "herald-of-war"}]}]


def test_forge_triggers_enters_play_effects_but_not_when_played():
    state = board("Aria herald-forge realm", card_defs=FORGED,
                  aria={"deck": ["herald-of-war", "iron-blade"]})
    state, _ = play(state, Activate("Aria", "herald-forge", 0))
    assert state.card("herald-of-war") is not None
    assert state.players[0].hand == ("iron-blade",) and state.players[0].ap == 0
    state = board(card_defs=FORGED, aria={"ap": 2, "hand": ["herald-of-war"],
                                          "deck": ["iron-blade"]})
    state, _ = play(state, PlayCard("Aria", "herald-of-war"))
    assert state.players[0].ap == 5 and state.players[0].hand == ("iron-blade",)


def test_forge_with_nothing_to_find_does_nothing():
    state = board("Aria war-forge realm", aria={"ap": 2})
    state, events = play(state, Activate("Aria", "war-forge", 0))
    assert said(events, "forge-none") and len(state.cards) == 5


# ---------------------------------------------------------------------- Imbue
def test_imbue_discards_characters_to_reduce_the_cost():
    state = board(aria={"ap": 2, "hand": ["siege-golem", "berserker-chief", "captain-orsa",
                                          "iron-blade"]})
    refused(state, PlayCard("Aria", "siege-golem"), "costs 7 AP and you have 2")
    refused(state, PlayCard("Aria", "siege-golem", imbue=("iron-blade",)),
            "Imbue discards only Characters")
    action = PlayCard("Aria", "siege-golem", imbue=("berserker-chief", "captain-orsa"))
    assert action in rules.legal_actions(state)
    state, _ = play(state, action)
    assert state.card("siege-golem") is not None and state.players[0].ap == 0
    assert set(state.players[0].discard) == {"berserker-chief", "captain-orsa"}


def test_imbue_cost_stops_at_zero():
    state = board(aria={"ap": 0, "hand": ["siege-golem", "berserker-chief", "berserker-chief",
                                          "berserker-chief"]})
    assert rules.play_cost(state, "siege-golem",
                           ("berserker-chief", "berserker-chief#2", "berserker-chief#3")) == 0


def test_imbue_needs_the_keyword():
    state = board(aria={"ap": 5, "hand": ["iron-sentinel", "berserker-chief"]})
    refused(state, PlayCard("Aria", "iron-sentinel", imbue=("berserker-chief",)), "no Imbue")


# ---------------------------------------------------------------------- Crew
def test_crew_attaches_to_a_vessel_and_adds_wrath_and_vigor():
    state = board("Aria ironclad-galley open-sea", "Aria iron-sentinel wilderness",
                  aria={"ap": 2, "hand": ["marine-boarders"]})
    refused(state, PlayCard("Aria", "marine-boarders", "iron-sentinel", as_item=True),
            "Crew attaches only to a Vessel")
    state, _ = play(state, PlayCard("Aria", "marine-boarders", "ironclad-galley", as_item=True))
    galley = state.card("ironclad-galley")
    assert galley.items == ("marine-boarders",)
    assert (state.wrath(galley), state.vigor(galley)) == (4, 7)


def test_crew_is_destroyed_with_its_vessel():
    state = board("Aria ironclad-galley open-sea damage=6 items=marine-boarders",
                  "Brannoc envoys-cutter open-sea", turn="Brannoc")
    state, _ = play(state, Attack("Brannoc", "envoys-cutter", "ironclad-galley"))
    assert state.card("ironclad-galley") is None
    assert set(state.players[0].discard) == {"ironclad-galley", "marine-boarders"}
    assert state.players[1].bounty == 4  # Galley 3 + Marine Boarders 1


def test_bounty_destroying_a_crewed_vessel_earns_the_crews_bounty_too():
    """Crew: "If the Vessel is destroyed, so is this card." *Bounty*: "You earn Bounty Points
    whenever you destroy an enemy card" -- the Crew is an enemy card destroyed too."""
    state = board("Aria ironclad-galley open-sea damage=5 items=marine-boarders",
                  "Brannoc harbour-watch realm", turn="Brannoc",
                  brannoc={"ap": 1, "hand": ["quick-reprisal"]})
    state, events = play(state, PlayCard("Brannoc", "quick-reprisal", "ironclad-galley"))
    assert state.card("ironclad-galley") is None
    assert state.players[1].bounty == 3 + 1
    assert [e.amount for e in said(events, "bounty")] == [4]


TROPHY = [{"id": "war-banner", "name": "War Banner", "type": "item", "faction": "conquest",
           "cost": 1, "wrath": 1, "bounty": 2, "attaches_to": ["unit"]}]


def test_bounty_an_item_destroyed_with_its_card_gives_its_bounty_to_the_destroyer():
    """*Items*: "If the attached card is destroyed, the Item is also destroyed." *Bounty*:
    "whenever you destroy an enemy card" -- its printed Bounty goes to the destroyer."""
    state = board("Aria hammerfall-militia wilderness damage=1 items=war-banner",
                  "Brannoc bicara-pikemen wilderness", card_defs=TROPHY,
                  turn="Brannoc")
    state, _ = play(state, Attack("Brannoc", "bicara-pikemen", "hammerfall-militia"))
    assert state.card("hammerfall-militia") is None
    assert set(state.players[0].discard) == {"hammerfall-militia", "war-banner"}
    assert state.players[1].bounty == 1 + 2


# ---------------------------------------------------------------------- Scout, Foresee, Seek
def test_scout_looks_at_the_top_cards_keeps_one_and_shuffles_the_rest():
    deck = ["iron-blade", "ember-volley", "siege-golem", "war-forge"]
    state = board(aria={"ap": 1, "hand": ["scouting-party"], "deck": deck})
    state, _ = play(state, PlayCard("Aria", "scouting-party"))
    assert state.choice.options == ("iron-blade", "ember-volley", "siege-golem")
    assert set(rules.legal_actions(state)) == {Choose("Aria", u) for u in deck[:3]}
    state, events = play(state, Choose("Aria", "siege-golem"))
    assert state.players[0].hand == ("siege-golem",)
    assert sorted(state.players[0].deck) == sorted(["iron-blade", "ember-volley", "war-forge"])
    assert said(events, "shuffled") and state.to_act == 1
    assert all("Siege" not in rules.describe(e) for e in events)  # the log is public


def test_scout_log_tells_the_look_then_the_keep_when_each_happens():
    """Scout X: "Look at the top X cards of your deck. Put one into your hand. Shuffle the
    remaining cards back." The log says the look when it happens, the keep (never which card:
    it is hidden from the other player) only once she chooses, then the shuffle."""
    deck = ["iron-blade", "ember-volley", "siege-golem", "war-forge"]
    state = board(aria={"ap": 1, "hand": ["scouting-party"], "deck": deck})
    state, looked = play(state, PlayCard("Aria", "scouting-party"))
    lines = [rules.describe(e) for e in looked]
    assert "Aria looks at the top 3 cards of their deck (Scout)." in lines
    assert not said(looked, "kept") and not any("keeps" in line for line in lines)
    state, chosen = play(state, Choose("Aria", "ember-volley"))
    assert [e.kind for e in chosen][:2] == ["kept", "shuffled"]
    assert not any("Ember" in rules.describe(e) for e in (*looked, *chosen))


def test_foresee_log_tells_the_order_only_once_it_is_chosen():
    """Foresee X: "Look at the top X cards of your deck. Return them to the top in any
    order." The cards go back when the order is chosen, and only then does the log say so."""
    deck = ["iron-blade", "ember-volley", "siege-golem", "war-forge"]
    state = board(turn="Brannoc", brannoc={"hand": ["tide-charts"], "deck": deck})
    state, looked = play(state, PlayCard("Brannoc", "tide-charts"))
    assert said(looked, "foresee") and not said(looked, "reordered")
    assert not any("back" in rules.describe(e) for e in looked)
    state, chosen = play(state, Choose("Brannoc", "siege-golem,iron-blade,ember-volley"))
    assert said(chosen, "reordered")
    assert not any("Siege" in rules.describe(e) for e in chosen)


def test_foresee_puts_the_top_cards_back_in_the_chosen_order():
    deck = ["iron-blade", "ember-volley", "siege-golem", "war-forge"]
    state = board(turn="Brannoc", brannoc={"hand": ["tide-charts"], "deck": deck})
    state, _ = play(state, PlayCard("Brannoc", "tide-charts"))
    assert len(rules.legal_actions(state)) == 6
    refused(state, Choose("Brannoc", "siege-golem,iron-blade"), "give all of")
    state, _ = play(state, Choose("Brannoc", "siege-golem,iron-blade,ember-volley"))
    assert state.players[1].deck == ("siege-golem", "iron-blade", "ember-volley", "war-forge")


def test_seek_searches_the_deck_and_shuffles():
    state = board(aria={"ap": 1, "hand": ["call-to-arms"],
                        "deck": ["iron-blade", "iron-sentinel", "war-forge"]})
    state, events = play(state, PlayCard("Aria", "call-to-arms"))
    assert state.players[0].hand == ("iron-sentinel",)
    assert sorted(state.players[0].deck) == ["iron-blade", "war-forge"]
    assert state.shuffles == 1 and said(events, "seek-found")


def test_shuffles_are_reproducible_from_the_seed():
    deck = [f"iron-blade#{n}" if n > 1 else "iron-blade" for n in range(1, 9)] + ["war-forge"]
    one = board(aria={"ap": 1, "hand": ["call-to-arms"], "deck": deck})
    first = play(one, PlayCard("Aria", "call-to-arms"))[0].players[0].deck
    again = play(one, PlayCard("Aria", "call-to-arms"))[0].players[0].deck
    assert first == again


# ---------------------------------------------------------------------- Unique and Cult
def test_unique_one_copy_in_play_per_player():
    state = board("Aria captain-orsa realm", aria={"ap": 5, "hand": ["captain-orsa"]})
    refused(state, PlayCard("Aria", "captain-orsa#2"), "only one copy of a Unique card")


def test_cult_one_copy_in_play_per_player():
    state = board("Aria cult-of-the-red-fist realm",
                  aria={"ap": 5, "hand": ["cult-of-the-red-fist"]})
    refused(state, PlayCard("Aria", "cult-of-the-red-fist#2"), "only one copy of a Cult")
    state = board("Brannoc cult-of-the-silver-word realm",
                  aria={"ap": 5, "hand": ["cult-of-the-silver-word"]})
    play(state, PlayCard("Aria", "cult-of-the-silver-word#2"))


def test_different_cults_may_be_in_play_together():
    """*Cult*: "multiple different Cults may be in play simultaneously"."""
    state = board("Aria cult-of-the-red-fist realm",
                  aria={"ap": 5, "hand": ["cult-of-the-silver-word"]})
    state, _ = play(state, PlayCard("Aria", "cult-of-the-silver-word"))
    assert {c.uid for c in state.cards if c.owner == 0} >= \
        {"cult-of-the-red-fist", "cult-of-the-silver-word"}


# ---------------------------------------------------------------------- entering play, Ready
def test_enters_play_effect_resolves():
    state = board(aria={"ap": 1, "hand": ["rolling-hills"]})
    state, _ = play(state, PlayCard("Aria", "rolling-hills"))
    assert state.players[0].ap == 2


def test_ready_effect_readies_an_exhausted_friendly_card():
    state = board("Aria hammerfall-militia wilderness exhausted", aria={"ap": 2})
    state, _ = play(state, Activate("Aria", "varro", 0, "hammerfall-militia"))
    assert not state.card("hammerfall-militia").exhausted and state.card("varro").exhausted
    state = board("Aria hammerfall-militia wilderness", aria={"ap": 2})
    refused(state, Activate("Aria", "varro", 0, "hammerfall-militia"), "not exhausted")


def test_ready_all_after_exhausting_attack():
    state = board("Aria hammerfall-militia wilderness", "Brannoc bicara-pikemen wilderness")
    state, _ = play(state, Attack("Aria", "hammerfall-militia", "bicara-pikemen"),
                    GainAP("Brannoc"), ReadyAll("Aria"))
    assert not state.card("hammerfall-militia").exhausted


def test_aura_gives_wrath_to_the_owners_matching_cards_while_in_play():
    state = board("Aria cult-of-the-red-fist realm", "Aria hammerfall-militia wilderness",
                  "Aria shock-cavalry wilderness", "Brannoc bicara-pikemen wilderness")
    assert state.wrath(state.card("hammerfall-militia")) == 2  # Soldier: +1
    assert state.wrath(state.card("shock-cavalry")) == 3  # Rider: no change
    assert state.wrath(state.card("bicara-pikemen")) == 1  # not Aria's
    state, _ = play(state, Attack("Aria", "hammerfall-militia", "bicara-pikemen"))
    assert state.card("bicara-pikemen").damage == 2


RELIC = [{"id": "crown-of-ash", "name": "Crown of Ash", "type": "item", "faction": "conquest",
          "cost": 1, "wrath": 1, "keywords": ["Unique"], "attaches_to": ["character", "unit"]},
         {"id": "orsa-marines", "name": "Orsa's Marines", "type": "unit", "unit": "land",
          "faction": "conquest", "cost": 1, "wrath": 1, "vigor": 1, "bounty": 1,
          "keywords": ["Unique", "Crew"]}]


def test_unique_counts_copies_attached_as_items_and_crew():
    """*Unique*: "Only one copy of this card may be in play per player at a time." An Item
    attached to a card in play, or Crew on a Vessel, is in play."""
    state = board("Aria berserker-chief wilderness items=crown-of-ash",
                  "Aria hammerfall-militia wilderness", card_defs=RELIC,
                  aria={"ap": 5, "hand": ["crown-of-ash"]})
    refused(state, PlayCard("Aria", "crown-of-ash#2", "hammerfall-militia"),
            "only one copy of a Unique card")
    state = board("Aria ironclad-galley open-sea items=orsa-marines", card_defs=RELIC,
                  aria={"ap": 5, "hand": ["orsa-marines"]})
    refused(state, PlayCard("Aria", "orsa-marines#2"), "only one copy of a Unique card")
    state = board("Aria orsa-marines wilderness", "Aria ironclad-galley open-sea",
                  card_defs=RELIC, aria={"ap": 5, "hand": ["orsa-marines"]})
    refused(state, PlayCard("Aria", "orsa-marines#2", "ironclad-galley", as_item=True),
            "only one copy of a Unique card")


HERALD = [{"id": "herald-of-peace", "name": "Herald of Peace", "type": "character",
           "faction": "diplomacy", "cost": 2, "wrath": 1, "vigor": 2, "bounty": 1,
           "keywords": ["Veto"]}]


def test_veto_character_played_in_response_cancels_and_enters_play():
    """*Veto*: "Cards in your hand with Veto may be played in response to an enemy playing a
    card ... The Veto cancels the target enemy action. Any AP the enemy spent on their action
    is lost." -- a Character with Veto cancels too, then stands in the Realm."""
    state = board("Brannoc bicara-pikemen wilderness", card_defs=HERALD,
                  aria={"ap": 2, "hand": ["ember-volley"]},
                  brannoc={"ap": 2, "hand": ["herald-of-peace"]})
    state, events = play(state, PlayCard("Aria", "ember-volley", "bicara-pikemen"))
    assert said(events, "window")
    state, events = play(state, PlayCard("Brannoc", "herald-of-peace"))
    assert state.card("bicara-pikemen").damage == 0 and said(events, "cancelled")
    assert state.card("herald-of-peace").zone == "realm"
    assert (state.players[0].ap, state.players[1].ap) == (0, 0)
    assert state.players[0].discard == ("ember-volley",) and state.turn == 1


def test_veto_abilities_and_cards_cancel_and_nothing_else():
    """*Veto*: "The Veto cancels the target enemy action" -- a Veto ability or card whose
    effect is something else is refused when the card data is read."""
    spark = {"id": "spark", "name": "Spark", "type": "character", "faction": "diplomacy",
             "vigor": 1, "abilities": [{"name": "Hush", "keywords": ["Veto"],
                                         "effect": "damage", "amount": 1}]}
    assert "a Veto ability cancels" in load_error(board_data(card_defs=[spark]))
    loud = {**HERALD[0], "play": {"effect": "gain-ap", "amount": 1}}
    assert "it has no other play effect" in load_error(board_data(card_defs=[loud]))


BARRACKS = [{"id": "soldiers-hall", "name": "Soldiers' Hall", "type": "improvement",
             "faction": "conquest", "subtypes": ["Soldier"], "wrath": 2, "vigor": 4,
             "bounty": 2},
            {"id": "soldiers-field", "name": "Soldiers' Field", "type": "terrain",
             "subtypes": ["Soldier"], "wrath": 1}]


def test_kinship_any_other_card_you_control_may_join_but_not_terrain():
    """*Kinship*: "other cards you control that share at least one subtype with the attacker
    may activate. Each activating card adds its Wrath" -- not only Characters, Units and
    Monarchs; Terrain "cannot attack or defend"."""
    state = board("Aria hammerfall-militia wilderness", "Aria soldiers-hall realm",
                  "Aria soldiers-field realm", "Brannoc bicara-pikemen wilderness",
                  card_defs=BARRACKS)
    action = Attack("Aria", "hammerfall-militia", "bicara-pikemen", kin=("soldiers-hall",))
    assert action in rules.legal_actions(state)
    refused(state, Attack("Aria", "hammerfall-militia", "bicara-pikemen",
                          kin=("soldiers-field",)), "is Terrain, which cannot attack")
    state, _ = play(state, action)
    assert state.card("bicara-pikemen") is None  # 1 + 2 Wrath against Vigor 3


CAVALRY_FORGE = [{"id": "stud-farm", "name": "Stud Farm", "type": "improvement",
                  "faction": "conquest", "vigor": 3, "bounty": 1,
                  "abilities": [{"name": "Muster", "effect": "forge",
                                 "card": "shock-cavalry"}]}]


def test_charge_forged_in_a_truce_action_may_not_attack():
    """*Truce*: "two additional non-combat actions"; *Charge*: "may attack on the same action
    it is played or Forged" -- not when that action is a Truce action (the last one too)."""
    state = board("Brannoc stud-farm realm", "Aria hammerfall-militia wilderness",
                  card_defs=CAVALRY_FORGE, turn="Brannoc",
                  brannoc={"ap": 2, "hand": ["treaty-envoy"], "deck": ["shock-cavalry"]})
    state, _ = play(state, PlayCard("Brannoc", "treaty-envoy"), GainAP("Brannoc"),
                    Activate("Brannoc", "stud-farm", 0))
    cavalry = state.card("shock-cavalry")
    assert cavalry is not None and not cavalry.exhausted
    assert state.follow_up is None and state.to_act == 0


def test_charge_forged_on_your_own_action_may_attack_even_after_a_choice():
    """*Charge*: "may attack on the same action it is played or Forged"; *Forge* searches
    "your deck and hand" (the copy is the player's choice)."""
    state = board("Aria stud-farm realm", "Brannoc silver-tongue wilderness",
                  card_defs=CAVALRY_FORGE,
                  aria={"hand": ["shock-cavalry"], "deck": ["shock-cavalry"]})
    state, _ = play(state, Activate("Aria", "stud-farm", 0))
    assert state.choice.own_action
    again = layouts.loads(layouts.dumps(state))[1]
    assert again == state
    state, _ = play(again, Choose("Aria", "deck"))
    assert state.follow_up is not None and state.follow_up.kind == "charge"
    state, _ = play(state, Attack("Aria", state.follow_up.uid, "silver-tongue"))
    assert state.card("silver-tongue") is None


def test_truce_card_played_as_a_truce_action_gives_two_more():
    """*Truce*: "When a card with Truce is played, you may immediately take two additional
    non-combat actions before your opponent responds." -- no exception for a Truce card
    played as one of those actions."""
    state = board(turn="Brannoc",
                  brannoc={"ap": 4, "hand": ["treaty-envoy", "treaty-envoy"]})
    state, _ = play(state, PlayCard("Brannoc", "treaty-envoy"))
    assert state.extra_actions == 2
    state, events = play(state, PlayCard("Brannoc", "treaty-envoy#2"))
    assert state.extra_actions == 1 + 2 and said(events, "truce") and state.to_act == 1
    state, _ = play(state, GainAP("Brannoc"), GainAP("Brannoc"), GainAP("Brannoc"))
    assert state.to_act == 0 and state.extra_actions == 0
