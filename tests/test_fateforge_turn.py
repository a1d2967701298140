"""The Fateforge turn sequence as data, its chance points, and the after-steps ``apply``
runs once for every action (rulebook section in the test name)."""

from dataclasses import replace
from fractions import Fraction

from test_fateforge_scenes import (
    enemy,
    hero,
    play,
    reactions,
    refused,
    scene,
    token,
    turn_of,
)

from tabletop.games import layouts
from tabletop.games.fateforge.action_table import ACTIONS
from tabletop.games.fateforge.actions import (
    Block,
    Dash,
    EnemyActs,
    EnergyReroll,
    Hit,
    RollAllyDice,
    RollDice,
    SetArmourUse,
    SpringTrap,
    Step,
)
from tabletop.games.fateforge.rules import (
    SETTINGS,
    apply,
    chance_outcomes,
    is_chance_node,
    legal_actions,
)
from tabletop.games.fateforge.state import Ally, Section
from tabletop.games.fateforge.turn import PHASE, ROUND


def unrolled(hero):
    """``hero`` before its Preparation roll."""
    return replace(hero, rolled=False)


# --------------------------------------------------------------------- the turn sequence


def test_the_combat_round_phases_follow_each_other_and_take_every_kind_of_action():
    """*The Combat Round*: Preparation, Action Phase, Clean-Up, then the next round (or the
    Exit after the last); every ``when`` of the action table is taken in some phase."""
    assert [p.name for p in ROUND] == ["preparation", "action", "cleanup", "exit", "over"]
    assert [PHASE[p].then for p in ("preparation", "action", "cleanup", "exit")] == \
        ["action", "cleanup", "preparation", "over"]
    taken = {when for phase in ROUND for when in phase.takes}
    assert {spec.when for spec in ACTIONS} <= taken


def test_preparation_phase_rolling_comes_first_for_every_hero():
    """*Preparation Phase*: "All players perform these steps simultaneously, in order": the
    dice are a chance point until every standing hero has rolled; the optional actions come
    after, and the armour choice stays open."""
    state = scene("a-b", heroes=[unrolled(hero("Aria", "a")), hero("Odo", "a", ("miss",))])
    assert is_chance_node(state) and legal_actions(state) == []
    refused(state, Dash("Odo", "b"), "Aria must roll combat dice first")
    refused(state, EnergyReroll("Odo", (0,)), "Aria must roll combat dice first")
    play(state, SetArmourUse("Odo", False))
    outcomes = chance_outcomes(state)
    assert {type(a) for a, _ in outcomes} == {RollDice}
    assert {a.hero for a, _ in outcomes} == {"Aria"}
    assert sum(p for _, p in outcomes) == 1
    rolled, _ = play(state, outcomes[0][0])
    assert not is_chance_node(rolled) and Dash("Odo", "b") in legal_actions(rolled)


def test_preparation_phase_a_roll_is_one_multiset_with_its_multinomial_chance():
    """*Combat Dice Pool*: any die pays any result it shows, so the order of the dice does not
    matter; two red dice (HIT, HIT, SKILL HIT, STEP/HIT, FOCUS, MISS) show two HITs with
    chance (2/6)², a HIT and a MISS with 2·(2/6)(1/6)."""
    state = scene("a", heroes=[unrolled(hero("Aria", "a", pool=("ff-red", "ff-red")))])
    outcomes = {a.results: p for a, p in chance_outcomes(state)}
    assert outcomes[("hit", "hit")] == Fraction(1, 9)
    assert outcomes[("hit", "miss")] == Fraction(1, 9)
    assert ("miss", "hit") not in outcomes and len(outcomes) == 15
    assert sum(outcomes.values()) == 1


def test_allies_the_setup_roll_never_shows_a_miss():
    """*Allies*: the ally's misses are rerolled until none is left, so each of its dice shows
    one of its five other faces, each equally likely; the ally rolls first."""
    state = scene("a", heroes=[unrolled(hero("Aria", "a"))])
    state = replace(state, ally=Ally("Brann", "Aria", 3, ("ff-red", "ff-blue")))
    outcomes = chance_outcomes(state)
    assert {type(a) for a, _ in outcomes} == {RollAllyDice}
    assert all("miss" not in a.results for a, _ in outcomes)
    assert dict((a.results, p) for a, p in outcomes)[("hit", "shot")] == Fraction(4, 25)
    for action, _ in outcomes:
        apply(state, action)


def test_randomisation_the_players_choose_the_target_then_a_d6_decides_the_push():
    """*Targeting Heroes* ("No modifier – Players choose") then *Randomisation* ("If an enemy
    pushes a hero, the destination zone is randomised"): the choice is the players' action,
    the push a chance point with two outcomes of 1/2."""
    state = scene("a-b-c", heroes=[hero("Aria", "b"), hero("Odo", "b")],
                  enemies=[enemy("Ogre", "brown", "b", Section("hit", 0, 1, ("push",)))])
    state = reactions(state, "brown")
    assert [a for a in legal_actions(state) if not isinstance(a, SETTINGS)] == [
        EnemyActs("Aria"), EnemyActs("Odo")]
    refused(state, EnemyActs("Aria", (1,)), "the players choose the target first")
    chosen, events = play(state, EnemyActs("Aria"))
    assert chosen.round.target == "Aria" and "1–3: A, 4–6: C" in events[0]
    assert layouts.loads(layouts.dumps(chosen))[1] == chosen
    assert is_chance_node(chosen) and legal_actions(chosen) == []
    assert chance_outcomes(chosen) == [(EnemyActs("Aria", (1,)), Fraction(1, 2)),
                                       (EnemyActs("Aria", (4,)), Fraction(1, 2))]
    refused(chosen, EnemyActs("Odo", (1,)), "the players chose Aria")
    refused(chosen, Block("Aria"), "the enemy's D6 comes first")
    pushed, _ = play(chosen, EnemyActs("Aria", (5,)))
    assert pushed.hero("Aria").zone == "c" and pushed.round.target == ""
    refused(chosen, EnemyActs("Aria", (5, 2)), "only 1 D6 result is needed")


# --------------------------------------------------------------------- after-steps


def test_traps_another_hero_cannot_act_before_the_pushed_hero_deals_with_the_trap():
    """*Traps* ("voluntarily or not"): a hero an enemy pushed onto a trap during the Enemy
    Reactions deals with it at once, before the next hero's turn goes on.  Only the End Turn
    waited for it before: the next hero could STEP and HIT first."""
    state = scene("a-b", heroes=[hero("Aria", "a", dice=("focus",)),
                                 hero("Odo", "a", dice=("step", "hit"))],
                  tokens=[token("trap", "b")],
                  enemies=[enemy("Ogre", "brown", "a", Section("hit", 0, 1,
                                                               ("push", "target-earlier"))),
                           enemy("Imp", "red", "a", toughness=3)])
    state = reactions(replace(state, round=replace(state.round, reaction_slot=1)), "brown")
    state, _ = play(state, EnemyActs())
    assert state.round.current == "Odo" and state.hero("Aria").has_used("trap")
    refused(state, Step("Odo", "b", trap="card"), "Aria must first deal with the trap")
    refused(state, Hit("Odo", "Imp"), "Aria must first deal with the trap")
    assert {a for a in legal_actions(state) if not isinstance(a, SETTINGS)} == {
        SpringTrap("Aria", c) for c in ("focus", "card", "ability")}
    state, _ = play(state, SpringTrap("Aria", "focus"), Hit("Odo", "Imp"))
    assert state.enemy("Imp").damage == 1


def test_gem_and_food_tokens_are_picked_up_whatever_the_action():
    """*Gem & food tokens*: "A hero automatically picks up gem and food tokens in their zone
    as long as there are no enemies in that zone".  Only moves and attacks picked them up
    before: a hero set up on a gem kept it on the map through a Block."""
    state = turn_of(scene("a", heroes=[hero("Aria", "a")], tokens=[token("gem", "a")]), "Aria")
    state, events = play(state, Block("Aria"))
    assert state.gems == 1 and not state.tokens and "picks up 1 gem and" in events[-1]
