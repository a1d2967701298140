"""Joust layouts: every shipped file loads and round-trips; broken layouts are clear errors;
query verbs; hidden orders; a random playout of a whole game."""

import random
from pathlib import Path

import pytest
from chance_play import draw_outcome

from tabletop.errors import LayoutError
from tabletop.games import layouts
from tabletop.games.joust import GAME
from tabletop.games.joust.actions import ChooseFavor, PlaceDie, Ready, SetOrder
from tabletop.games.joust.rules import apply, legal_actions
from tabletop.games.joust.state import HIDDEN
from tabletop.games.joust.view import view_for
from tabletop.games.query import ask

ROOT = Path(__file__).resolve().parent.parent / "layouts"
JOUST_LAYOUTS = sorted(ROOT.glob("joust-*.toml"))
FIRST = (ROOT / "joust-first-round.toml").read_text(encoding="utf-8")


def test_there_are_joust_layouts():
    assert len(JOUST_LAYOUTS) >= 3


@pytest.mark.parametrize("path", JOUST_LAYOUTS, ids=lambda p: p.name)
def test_joust_layout_round_trips(path):
    game, state = layouts.load(path)
    assert game is GAME
    assert layouts.loads(layouts.dumps(state))[1] == state


def _broken(old: str, new: str) -> str:
    assert old in FIRST
    return FIRST.replace(old, new, 1)


@pytest.mark.parametrize("old, new, words", [
    ('round = 1', 'round = 7', "round: must be 1 to 6"),
    ('phase = "planning"', 'phase = "tourney"', "'tourney' is not one of"),
    ('initiative = "Bloodguard"', 'initiative = "Nobody"', "not one of the Households"),
    ('\ntokens = ["white"]', '\ntokens = ["blue"]', "a Bravery Token is white, green or red"),
    ('\ntokens = ["white"]', '\ntokens = ["white:black"]', "Fealty Die is not placed"),
    ('\ntokens = ["white"]', '\ntokens = []', "has no Bravery Token"),
    ('favors = ["block", "hit", "kings-crown"]', 'favors = ["block", "dance"]',
     "'dance' is not one of"),
    ('crown_boxes = [5, 8, 11, 14, 17]', 'crown_boxes = [5, 8]', "five pip-count numbers"),
    ('code = "truth"', 'code = "greed"', "'greed' is not one of"),
    ('name = "Dame Wren"', 'name = "Sir Aldric"', "used twice"),
    ('name = "Lance"\ntype = "weapon"', 'name = "Lance"\ntype = "sword"', "'sword' is not one"),
    ('\ndie = ["red", "green"]', '\ndie = ["red", "green"]\nplaced = "white"',
     "on Sir Corvin's Lance: the slot takes red or green dice; dice must match"),
    ('reroll_worker = true', 'reroll_worker = true\non = "4"', "does not have"),
    ('pool = ["white", "white", "green", "green"]', 'pool = ["white", "purple"]',
     "'purple' is not one of"),
    ('workers = 3', 'workers = 3\nreputation = 13', "reputation: must be 0 to 12"),
    ('workers = 3', 'workers = 3\norder = ["Sir Aldric"]', "name each of the three Knights"),
    ('workers = 3', 'workers = 3\nmorale = -1', "morale: must be at least 0"),
    ('initiative = "Bloodguard"', 'initiative = "Bloodguard"\nrevealed = 1',
     "only in the jousting phase"),
    ('phase = "planning"', 'phase = "jousting"', "finished planning"),
    ('phase = "planning"', 'phase = "over"', "ends after round 6"),
    ('favors = ["block", "hit", "kings-crown"]',
     'favors = ["block", "hit", "kings-crown"]\nfavor = "ruse"', "not on this Knight's card"),
    ('favors = ["block", "hit", "kings-crown"]',
     'favors = ["block", "hit", "kings-crown"]\nfavor = "hit"\npanic = true', "Panicked"),
    ('favors = ["block", "hit", "kings-crown"]',
     'favors = ["block", "hit", "kings-crown"]\nspeed = 4', "speed: is not a known key"),
])
def test_broken_layout_names_the_rule(old, new, words):
    with pytest.raises(LayoutError, match=words.replace("(", r"\(")) as caught:
        layouts.loads(_broken(old, new), "bad.toml")
    assert "bad.toml:" in str(caught.value)


def test_layout_die_on_a_token_of_another_colour_is_refused():
    """Lines 454 and 456 of the rulebook: dice must match the slot they are locked to. The
    error names the Knight, the slot and the rule."""
    with pytest.raises(LayoutError, match="Dame Wren's Bravery Token slot 1 is green and holds "
                                          "a white die, but a green die goes on a green "
                                          "Bravery Token: dice must match the slot they are "
                                          "locked to") as caught:
        layouts.loads(_broken('\ntokens = ["green"]', '\ntokens = ["green:white"]'), "bad.toml")
    assert "bad.toml:" in str(caught.value)
    assert layouts.loads(_broken('\ntokens = ["green"]', '\ntokens = ["green:green"]'))


def test_layout_squire_die_on_a_token_of_another_colour_is_refused():
    """A Squire's die moved onto a token of another colour is refused like a pool die."""
    text = _broken('tokens = ["green"]\nfavors = ["heros-fate"',
                   'tokens = ["green", "white:green"]\nfavors = ["heros-fate"')
    text = text.replace('reroll_worker = true', 'reroll_worker = true\non = "2"', 1)
    with pytest.raises(LayoutError, match="Sir Corvin's Bravery Token slot 2 is white"):
        layouts.loads(text, "bad.toml")


def test_vanguard_with_two_equipment_is_refused():
    text = _broken('[[households.knights.equipment]]\nname = "Lance"',
                   '[[households.knights.equipment]]\nname = "Buckler"\ntype = "shield"\n'
                   'die = ["white"]\n\n[[households.knights.equipment]]\nname = "Lance"')
    with pytest.raises(LayoutError, match="Vanguard may have 1"):
        layouts.loads(text)


def test_crusader_equipment_of_one_type_is_refused():
    text = _broken('[[households.knights.equipment]]\nname = "Lance"',
                   '[[households.knights.equipment]]\nname = "Spear"\ntype = "weapon"\n'
                   'die = ["white"]\n\n[[households.knights.equipment]]\nname = "Lance"')
    text = text.replace('name = "Sir Corvin"\n', 'name = "Sir Corvin"\nside = "crusader"\n')
    with pytest.raises(LayoutError, match="different types"):
        layouts.loads(text)


def test_three_households_are_refused():
    extra = FIRST[FIRST.index('[[households]]\nname = "Echelon"'):]
    with pytest.raises(LayoutError, match="two Households"):
        layouts.loads(FIRST + "\n" + extra.replace("Echelon", "Third").replace(
            '"Dame ', '"Lady ').replace('"Sir ', '"Lord '))


# --- query verbs ------------------------------------------------------------------------------

def ask_first(question):
    return ask(GAME, layouts.loads(FIRST)[1], question)


def test_query_score_issue_example():
    answer = ask_first("score white:6 green:5 red:6 black:6 black:6 black:2")["answer"]
    assert answer == {"hits": 6, "critical_hits": 1, "aftershocks": 2, "reputation": 1,
                      "pips": 31}


def test_query_score_with_ruse():
    assert ask_first("score ruse white:5")["answer"]["hits"] == 1
    assert ask_first("score white:5")["answer"]["hits"] == 0


def test_query_score_bad_die_is_an_error():
    assert "1 to 6" in ask_first("score white:9")["error"]
    assert "not a die" in ask_first("score purple:2")["error"]
    assert "error" in ask_first("score")


def test_query_morale_for():
    answer = ask_first("morale-for 'Sir Aldric' white")
    assert answer["answer"] == 2 and "2nd white" in answer["why"]
    assert ask_first("morale-for 'Dame Maud' red")["answer"] == 0
    assert ask_first("morale-for 'Dame Maud' green")["answer"] == 2
    assert "no Knight" in ask_first("morale-for Nobody white")["error"]
    assert "not a Bravery Token colour" in ask_first("morale-for 'Dame Maud' black")["error"]


def test_query_crown_target():
    assert ask_first("crown-target 'Sir Corvin'")["answer"] == 6
    assert ask_first("crown-target 'Sir Aldric'")["answer"] == 5


def test_query_winner_and_starting_morale():
    assert ask_first("winner")["answer"] is None
    assert ask_first("starting-morale Bloodguard")["answer"] == 19
    assert ask_first("starting-morale Echelon")["answer"] == 18


def test_query_dice():
    assert ask_first("dice 'Sir Aldric'")["answer"] == ["black"]
    assert "must match" in ask_first("dice 'Sir Aldric'")["why"]


def test_query_slots_names_the_matching_slots():
    assert ask_first("slots 'Sir Corvin' green")["answer"] == ["1", "Lance"]
    assert ask_first("slots 'Sir Corvin' red")["answer"] == ["Lance"]
    white = ask_first("slots 'Sir Corvin' white")
    assert white["answer"] == [] and "dice must match the slot" in white["why"]
    assert ask_first("slots 'Dame Maud'")["answer"] == {"1": {"takes": ["red"], "die": None}}
    assert "Fealty" in ask_first("slots 'Dame Maud' black")["error"]
    assert "error" in ask_first("slots")


# --- hidden information -----------------------------------------------------------------------

def _planned_bloodguard():
    state = layouts.loads(FIRST)[1]
    for action in (PlaceDie("Bloodguard", "Sir Aldric", "1", "white"),
                   ChooseFavor("Bloodguard", "Sir Aldric", "block"),
                   ChooseFavor("Bloodguard", "Dame Wren", "ruse"),
                   ChooseFavor("Bloodguard", "Sir Corvin", "hit"),
                   SetOrder("Bloodguard", ("Sir Corvin", "Sir Aldric", "Dame Wren")),
                   Ready("Bloodguard")):
        state, _ = apply(state, action)
    return state


def test_view_for_the_rival_hides_the_whole_plan():
    seen = view_for(_planned_bloodguard(), "Echelon").household("Bloodguard")
    assert seen.order == (HIDDEN,) * 3
    assert all(k.favor == HIDDEN for k in seen.knights)
    assert seen.knight("Sir Aldric").placed_dice() == ()
    assert sorted(seen.pool) == ["green", "green", "white", "white"]


def test_view_for_the_planner_shows_its_own_plan():
    seen = view_for(_planned_bloodguard(), "Bloodguard").household("Bloodguard")
    assert seen.order == ("Sir Corvin", "Sir Aldric", "Dame Wren")
    assert seen.knight("Sir Aldric").favor == "block"


def test_public_view_reveals_orders_joust_by_joust():
    state = _planned_bloodguard()
    for action in (ChooseFavor("Echelon", "Dame Isolde", "block"),
                   ChooseFavor("Echelon", "Sir Bertram", "hit"),
                   ChooseFavor("Echelon", "Dame Maud", "ruse"),
                   SetOrder("Echelon", ("Dame Maud", "Dame Isolde", "Sir Bertram")),
                   Ready("Echelon")):
        state, _ = apply(state, action)
    public = view_for(state, None)
    assert public.household("Bloodguard").order == (HIDDEN,) * 3
    assert public.household("Bloodguard").knight("Sir Aldric").placed_dice() == (("1", "white"),)
    state, _ = apply(state, legal_actions(state)[0])  # Reveal
    public = view_for(state, None)
    assert public.household("Bloodguard").order == ("Sir Corvin", HIDDEN, HIDDEN)
    assert public.household("Echelon").knight("Dame Maud").favor == "ruse"
    assert public.household("Echelon").knight("Dame Isolde").favor == HIDDEN
    assert "Dame Isolde" not in repr(public.household("Echelon").order)


def test_filtered_view_cannot_be_played():
    view = view_for(layouts.loads(FIRST)[1], "Bloodguard")
    assert legal_actions(view) == ()
    with pytest.raises(Exception, match="filtered view"):
        apply(view, Ready("Bloodguard"))


# --- random playout ---------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [1, 2])
def test_random_playout_reaches_the_end_and_stays_loadable(seed):
    rng = random.Random(seed)
    state = layouts.load(ROOT / "joust-setup.toml")[1]
    for step in range(4000):
        if GAME.is_chance_node(state):  # a throw of the joust's dice, drawn with its chance
            state, _ = apply(state, draw_outcome(GAME.chance_outcomes(state), rng))
            continue
        actions = legal_actions(state)
        if not actions:
            break
        # Lean towards finishing: Ready, Reveal, Keep and EndRound are picked more often.
        weights = [12 if type(a).__name__ in ("Ready", "Reveal", "Keep", "EndRound",
                                              "SetOrder", "ChooseFavor", "PlaceToken")
                   else 1 for a in actions]
        state, _ = apply(state, rng.choices(actions, weights)[0])
        if step % 7 == 0:
            assert layouts.loads(layouts.dumps(state))[1] == state
    assert state.phase == "over"
    assert ask(GAME, state, "winner")["answer"] is not None


# --- positions the rulebook cannot reach -------------------------------------------------------

def test_layout_morale_zero_means_the_game_is_over():
    """Winning The Game: "If a player loses all of their Morale they no longer have the will to
    joust." A Household at 0 Morale in a game still being played is refused."""
    with pytest.raises(LayoutError, match="0 Morale") as caught:
        layouts.loads(_broken('workers = 3', 'workers = 3\nmorale = 0'), "bad.toml")
    assert "bad.toml:" in str(caught.value)


def test_layout_hits_belong_to_a_joust_already_scored():
    """Knightly Terms, Panic: "If you take 5 hits or more in a single round of Jousting on one
    Knight ...". Hits taken and scored count this round's joust of that Knight, so a Knight
    whose joust is not yet scored has none (else Panic would count hits from nowhere)."""
    text = _broken('favors = ["block", "hit", "kings-crown"]',
                   'favors = ["block", "hit", "kings-crown"]\nhits_taken = 4')
    with pytest.raises(LayoutError, match="hits") as caught:
        layouts.loads(text, "bad.toml")
    assert "Sir Aldric" in str(caught.value)


def test_layout_no_knight_is_panicked_in_round_one():
    """Knightly Terms, Panic: a Knight that took 5 hits "may not use a Favor Action in the
    following round"; in round 1 no round has gone before, so no Knight is Panicked."""
    text = _broken('favors = ["block", "hit", "kings-crown"]',
                   'favors = ["block", "hit", "kings-crown"]\npanic = true')
    with pytest.raises(LayoutError, match="round 1"):
        layouts.loads(text, "bad.toml")
    assert layouts.loads(text.replace("round = 1", "round = 2"))[1].household(
        "Bloodguard").knight("Sir Aldric").panic


def test_layout_ready_household_has_its_order_and_favors():
    """Choosing the Jousting Order: "Place these tokens down onto The List card in the same order
    you want them to joust"; Choosing Favor Actions: "Each round players will assign one Favor
    Action to each Knight that they are jousting during the Planning Phase." A Household that
    has finished planning has done both (else its rival's Ready would start a Jousting Phase
    with no order to reveal)."""
    with pytest.raises(LayoutError, match="order") as caught:
        layouts.loads(_broken('workers = 3', 'workers = 3\nready = true'), "bad.toml")
    assert "bad.toml:" in str(caught.value)
    ordered = _broken('workers = 3', 'workers = 3\nready = true\n'
                      'order = ["Sir Aldric", "Dame Wren", "Sir Corvin"]')
    with pytest.raises(LayoutError, match="Favor Action"):
        layouts.loads(ordered, "bad.toml")


@pytest.mark.parametrize("old, new", [
    ('name = "Lance"', 'name = "fealty"'),
    ('name = "Gilded Lance"', 'name = "Fealty"'),
])
def test_layout_equipment_is_not_named_like_the_fealty_die(old, new):
    """Dice that are placed "will be rolled for that Knight in the Jousting Phase" (Placing
    Dice), and the Fealty Die "will always be rolled" (Knightly Terms): an Equipment slot
    called ``fealty`` would be mistaken for the Fealty Die's place and its die never rolled."""
    with pytest.raises(LayoutError, match="Fealty"):
        layouts.loads(_broken(old, new), "bad.toml")
