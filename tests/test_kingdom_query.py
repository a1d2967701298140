"""``tabletop query`` verbs for the Kingdom map."""

from dataclasses import replace
from pathlib import Path

from tabletop.games import layouts
from tabletop.games.query import ask

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"


def q(name, question):
    game, state = layouts.load(LAYOUTS / f"kingdom-{name}.toml")
    return ask(game, state, question)


def test_travel_options_give_direction_and_cost():
    answer = q("start", "travel-options")["answer"]
    travel = {o["tile"]: o for o in answer if o["kind"] == "travel"}
    assert travel["3"]["direction"] == "south" and travel["3"]["threat"] == 2
    assert travel["2"]["direction"] == "east" and travel["2"]["time"] == 1
    fog = [o for o in answer if o["kind"] == "deep-fog"]
    assert {o["tile"] for o in fog} == {"2", "3", "4"} and all(o["threat"] == 1 for o in fog)


def test_travel_options_leave_out_blocked_paths():
    answer = q("mid-delve", "travel-options")["answer"]
    kinds = {(o["kind"], o["tile"]) for o in answer}
    assert ("travel", "8") in kinds and ("backtrack", "1") in kinds
    assert all(o["tile"] != "6" for o in answer)  # only through the flooded path


def test_backtrack_cost():
    answer = q("mid-delve", "backtrack-cost 'Border Gate'")
    assert answer["answer"] == {"time": 1, "threat": 1}
    assert answer["route"] == ["7", "3", "1"]
    assert "error" in q("mid-delve", "backtrack-cost 8")


def test_hunt_move_two_tiles_reaches_the_party():
    answer = q("mid-delve", "hunt-move 'Rotgut Hound' 2")
    assert answer["answer"] == "7" and answer["path"] == ["1", "3", "7"]
    assert answer["encounter"] is True
    one = q("mid-delve", "hunt-move 'rotgut hound' 1")
    assert one["answer"] == "3" and one["encounter"] is False


def test_hunt_move_names_unknown_tokens():
    answer = q("mid-delve", "hunt-move Hydra 1")
    assert "no Monster token 'Hydra'" in answer["error"]


def test_travel_direction_and_tile_distance():
    assert q("start", "travel-direction 1 3")["answer"] == "south"
    assert q("start", "travel-direction 3 1")["answer"] == "north"
    assert q("mid-delve", "tile-distance 1 7")["answer"] == 2
    assert q("disjointed", "tile-distance 1 10")["answer"] is None
    assert "not on the table" in q("start", "tile-distance 1 9")["error"]


def test_verbs_check_their_word_count():
    assert "takes 2 words" in q("start", "tile-distance 1")["error"]


def test_save_curse_level_plus_two_at_curse_three_needs_five():
    # rulebook *Curse & Threat Saves*: a Curse Save (Curse Level +2) at Curse 3: roll 5+
    game, state = layouts.load(LAYOUTS / "kingdom-start.toml")
    state = replace(state, track=replace(state.track, curse=3))
    answer = ask(game, state, "save curse +2")
    assert answer["answer"] == 5 and answer["roll"] == "roll 5 or higher on a d10 to succeed"
    assert "error" in q("start", "save threat two")


def test_save_natural_10_always_succeeds_and_natural_1_always_fails():
    """Rulebook *Dice*: 'A natural "10" on a d10 is always a success [...] whereas a natural
    "1" on a d10 is always a fail.'"""
    game, state = layouts.load(LAYOUTS / "kingdom-start.toml")
    state = replace(state, track=replace(state.track, curse=3))
    assert ask(game, state, "save curse +9")["roll"].startswith("only a natural 10 succeeds")
    assert ask(game, state, "save curse -3")["roll"].startswith(
        "any d10 roll but a natural 1 succeeds")


def test_query_answers_name_the_rule_that_decided():
    """Every query answer says which rule decided, in words (the rulebook's section names)."""
    wanted = {"hunt-move 'Rotgut Hound' 2": "Encounter Monsters Spawn and Movement",
              "travel-direction 7 8": "Collecting Clues",
              "tile-distance 1 7": "Encounter Monsters Spawn and Movement",
              "backtrack-cost 1": "Backtracking",
              "travel-options": "Travel Step"}
    for question, rule in wanted.items():
        assert rule in q("mid-delve", question)["why"], question


def test_counts_of_tiles_and_cards_are_said_in_words_never_with_s_in_brackets():
    """"1 tile", "2 tiles" (tabletop.wording): the hunt, the Backtrack cost, the travel options
    and the party's Backtrack in the log."""
    from tabletop.games.kingdom.actions import Backtrack

    assert "moves 1 tile toward" in q("mid-delve", "hunt-move 'Rotgut Hound' 1")["why"]
    assert "moves 2 tiles toward" in q("mid-delve", "hunt-move 'Rotgut Hound' 2")["why"]
    assert "moves through 2 tiles:" in q("mid-delve", "backtrack-cost 'Border Gate'")["why"]
    options = q("mid-delve", "travel-options")["answer"]
    back = next(o for o in options if o["kind"] == "backtrack" and o["tile"] == "3")
    assert "through 1 explored tile:" in back["why"]
    game, state = layouts.load(LAYOUTS / "kingdom-mid-delve.toml")
    _, events = game.apply(state, Backtrack(tile="1"))
    said = " ".join(getattr(e, "text", str(e)) for e in events)
    assert "backtracks through 2 explored tiles to" in said
    assert "(s)" not in said + str(options)
