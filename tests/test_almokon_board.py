"""Almokon layouts: the board builder the other Almokon tests use, and layout validation.

``board(...)`` writes small positions as text, one card per line:
``"Aria iron-sentinel wilderness exhausted damage=1 items=iron-blade"``.
"""

from __future__ import annotations

import tomllib

import pytest

from tabletop.errors import LayoutError
from tabletop.games import layouts
from tabletop.games.almokon import rules
from tabletop.games.almokon.actions import Pass, PlayCard
from tabletop.games.layoutfile import to_toml

LEADERS = ["Aria varro realm", "Aria fort-hammerfall realm",
           "Brannoc rahasa realm", "Brannoc harbour-of-sels realm"]


def card_entry(line: str) -> dict:
    owner, card, zone, *flags = line.split()
    entry: dict = {"card": card, "owner": owner, "zone": zone}
    for flag in flags:
        if flag == "exhausted":
            entry["exhausted"] = True
        else:
            key, _, value = flag.partition("=")
            entry[key] = value.split(",") if key == "items" else int(value)
    return entry


def board_data(*cards: str, aria: dict | None = None, brannoc: dict | None = None,
               turn: str = "Aria", leaders: bool = True, **top) -> dict:
    lines = (LEADERS if leaders else []) + list(cards)
    data = {"game": "almokon", "turn": turn, "seed": 1,
            "players": [{"name": "Aria", **(aria or {})}, {"name": "Brannoc", **(brannoc or {})}],
            "cards": [card_entry(line) for line in lines], **top}
    return data


def board(*cards: str, **kw):
    """The state of a small board (see the module docstring); Varro/Fort Hammerfall for
    Aria and Rahasa/Harbour of Sels for Brannoc are added unless ``leaders=False``."""
    data = board_data(*cards, **kw)
    return layouts.loads(to_toml(data), "<test>")[1]


def play(state, *actions):
    """``state`` after each action in turn, with all the events."""
    events = []
    for action in actions:
        state, new = rules.apply(state, action)
        events += new
    return state, events


def said(events, kind: str) -> list:
    return [e for e in events if e.kind == kind]


def load_error(data: dict) -> str:
    with pytest.raises(LayoutError) as info:
        layouts.loads(to_toml(data), "bad.toml")
    return str(info.value)


# ---------------------------------------------------------------------- layout format
def test_layout_round_trip_keeps_every_field():
    state = board("Aria iron-sentinel wilderness exhausted damage=1",
                  "Aria berserker-chief wilderness items=iron-blade",
                  "Brannoc terraced-vineyards realm growth=2",
                  aria={"ap": 3, "bounty": 4, "hand": ["ember-volley"], "deck": ["iron-sentinel"],
                        "discard": ["scouting-party"]},
                  rules={"reach": "any", "draw": "ready-all", "responses": "always"})
    again = layouts.loads(layouts.dumps(state))[1]
    assert again == state
    sentinel = state.card("iron-sentinel")
    assert (sentinel.exhausted, sentinel.damage, sentinel.zone) == (True, 1, "wilderness")
    assert state.card("berserker-chief").items == ("iron-blade",)
    assert state.players[0].deck == ("iron-sentinel#2",)


def test_copies_are_numbered_cards_in_play_first():
    state = board("Aria hammerfall-militia wilderness", "Aria hammerfall-militia wilderness",
                  aria={"hand": ["hammerfall-militia"]})
    assert [c.uid for c in state.cards if "militia" in c.uid] == \
        ["hammerfall-militia", "hammerfall-militia#2"]
    assert state.players[0].hand == ("hammerfall-militia#3",)


def test_unknown_card_id_is_an_error_with_file_and_line():
    data = board_data("Aria iron-sentinal wilderness")
    message = load_error(data)
    assert "bad.toml:" in message and "'iron-sentinal' is not a known card id" in message


@pytest.mark.parametrize("line, words", [
    ("Aria iron-sentinel realm", "stands in the Wilderness, not the Realm"),
    ("Aria ironclad-galley wilderness", "stands in the Open Sea"),
    ("Aria war-forge wilderness", "stands in the Realm"),
    ("Aria ember-volley realm", "nowhere in play"),
    ("Aria iron-sentinel wilderness damage=5", "5 damage destroys Iron Sentinel"),
    ("Brannoc envoys-cutter open-sea exhausted", "Inexhaustible and cannot be exhausted"),
    ("Aria varro wilderness items=envoys-seal,ember-volley", "Ember Volley is not an Item"),
    ("Aria iron-sentinel wilderness items=envoys-seal", "attaches only to character, monarch"),
    ("Aria iron-sentinel wilderness items=marine-boarders", "not an Item"),
    ("Aria cult-of-the-red-fist realm\nAria cult-of-the-red-fist realm", "only one Cult"),
])
def test_placement_rules_are_layout_errors(line, words):
    data = board_data(*line.split("\n"))
    assert words in load_error(data)


def test_layout_needs_two_players_and_a_turn():
    data = board_data()
    data["players"].append({"name": "Cara"})
    assert "two players; found 3" in load_error(data)
    data = board_data()
    del data["turn"]
    assert "missing the key 'turn'" in load_error(data)
    data = board_data(turn="Zed")
    assert "'Zed' is not a player" in load_error(data)


def test_unknown_key_and_bad_rule_option_are_errors():
    data = board_data()
    data["players"][0]["mana"] = 3
    assert "mana: is not a known key" in load_error(data)
    data = board_data(rules={"reach": "everywhere"})
    assert "'everywhere' is not one of land-to-realm" in load_error(data)


def test_a_player_at_21_needs_the_winner_set():
    data = board_data(aria={"bounty": 21})
    assert "set winner = 'Aria'" in load_error(data)
    state = board(aria={"bounty": 21}, winner="Aria")
    assert rules.legal_actions(state) == []


def test_same_copy_named_twice_is_an_error():
    data = board_data(aria={"hand": ["iron-blade#2", "iron-blade#2"]})
    assert "names the same card twice" in load_error(data)


CUSTOM = """
set = "my cards"
[[card]]
id = "glass-knight"
name = "Glass Knight"
type = "character"
faction = "trade"
cost = 1
wrath = 4
vigor = 1
bounty = 1
keywords = ["Frenzy 1"]
aura = { wrath = 1, type = "character" }
"""


def test_user_card_file_is_read_and_saved_inline(tmp_path):
    (tmp_path / "mine.toml").write_text(CUSTOM, encoding="utf-8")
    data = board_data("Aria glass-knight realm", card_files=["mine.toml"])
    path = tmp_path / "game.toml"
    path.write_text(to_toml(data), encoding="utf-8")
    state = layouts.load(path)[1]
    assert state.definition("glass-knight").value("frenzy") == 1
    text = layouts.dumps(state)
    assert "[[card_defs]]" in text
    assert layouts.loads(text)[1].definition("glass-knight") == state.definition("glass-knight")
    assert state.definition("glass-knight").aura.type == "character"


def test_user_card_may_not_redefine_a_shipped_card(tmp_path):
    (tmp_path / "mine.toml").write_text(CUSTOM.replace("glass-knight", "varro"),
                                        encoding="utf-8")
    data = board_data(card_files=["mine.toml"])
    (tmp_path / "game.toml").write_text(to_toml(data), encoding="utf-8")
    with pytest.raises(LayoutError, match="already a shipped example card"):
        layouts.load(tmp_path / "game.toml")


def test_bad_card_definition_names_the_key():
    bad = CUSTOM.replace('keywords = ["Frenzy 1"]', 'keywords = ["Frenzy"]')
    data = board_data()
    data["card_defs"] = tomllib.loads(bad)["card"]
    assert "Frenzy needs a number" in load_error(data)


def test_pending_stack_choice_and_follow_up_round_trip():
    state = board("Aria shock-cavalry wilderness", "Brannoc bicara-pikemen wilderness",
                  aria={"ap": 5, "hand": ["scouting-party"],
                        "deck": ["iron-blade", "ember-volley", "siege-golem"]},
                  brannoc={"ap": 5, "hand": ["writ-of-annulment"]})
    state, _ = play(state, PlayCard("Aria", "scouting-party"))
    assert state.stack and state.to_act == 1
    assert layouts.loads(layouts.dumps(state))[1] == state
    state, _ = play(state, Pass("Brannoc"))
    assert state.choice is not None and state.choice.kind == "scout"
    assert layouts.loads(layouts.dumps(state))[1] == state


BAD_ZONE = """game = "almokon"
turn = "Aria"

[[players]]
name = "Aria"

[[players]]
name = "Brannoc"

[[cards]]
card = "varro"
owner = "Aria"
zone = "realm"

[[cards]]
card = "iron-sentinel"
owner = "Aria"
zone = "realm"
"""


def test_error_line_points_at_the_broken_key():
    with pytest.raises(LayoutError) as info:
        layouts.loads(BAD_ZONE, "bad.toml")
    assert str(info.value).startswith("bad.toml:18: card 'iron-sentinel': zone: ")


def test_forge_of_a_card_that_never_stands_in_the_outland_is_a_layout_error():
    """*Forge*: "put it into play in the Outland" -- an Improvement never stands there (a
    forged one would make a board no layout can hold), and the card sought must exist."""
    defs = [{"id": "yard-forge", "name": "Yard Forge", "type": "improvement",
             "faction": "conquest", "vigor": 3,
             "abilities": [{"name": "Raise", "effect": "forge", "card": "war-forge"}]}]
    message = load_error(board_data(card_defs=defs))
    assert "where an improvement (War Forge) never stands" in message
    defs[0]["abilities"][0]["card"] = "no-such-card"
    assert "Forge names 'no-such-card', which is not a known card id" in \
        load_error(board_data(card_defs=defs))


LEADER = {"id": "lady-mora", "name": "Lady Mora", "type": "monarch", "faction": "trade",
          "wrath": 2, "vigor": 9, "bounty": 12}


@pytest.mark.parametrize("change, words", [
    ({"bounty": 8}, "a monarch's Bounty is 12"),
    ({"type": "capitol", "bounty": 12}, "a capitol's Bounty is 10"),
    ({"type": "terrain", "bounty": 0}, "Terrain cards are Neutral"),
    ({"type": "cult", "faction": "neutral", "bounty": 2}, "Cults are faction-aligned"),
    ({"abilities": [{"name": "Volley", "effect": "salvo", "amount": 1, "exhaust": False}]},
     "SALVO is used by exhausting the card"),
    ({"deck_rule": "six-unaligned"}, "belong to Diplomacy Monarchs and Capitols"),
    ({"keywords": ["Charge"]}, "only a Unit may have Charge"),
    ({"type": "character", "bounty": 2, "faction": "diplomacy",
      "deck_rule": "main-and-neutral-only"}, "belong to Diplomacy Monarchs and Capitols"),
])
def test_card_definitions_keep_the_rulebooks_fixed_values(change, words):
    """Bounty Value table: "Monarch | 12", "Capitol | 10"; *Terrain*: "Terrain cards are
    Neutral"; *Cult*: "Faction-aligned cards"; SALVO: "Exhaust this card to deal X damage";
    *Deck Building*: "Bicara Township (Diplomacy)", "Rahasa (Diplomacy)"; Charge: "This Unit
    enters the Outland ready"."""
    assert board(card_defs=[LEADER]).definition("lady-mora").bounty == 12
    assert words in load_error(board_data(card_defs=[{**LEADER, **change}]))


def test_a_second_unique_item_in_play_is_a_layout_error():
    """*Unique*: "Only one copy of this card may be in play per player at a time"."""
    relic = {"id": "crown-of-ash", "name": "Crown of Ash", "type": "item",
             "faction": "conquest", "cost": 1, "keywords": ["Unique"],
             "attaches_to": ["character"]}
    data = board_data("Aria berserker-chief realm items=crown-of-ash",
                      "Aria captain-orsa realm items=crown-of-ash", card_defs=[relic])
    assert "only one Crown of Ash may be in play per player" in load_error(data)
