"""Rules the first pass left out: Allies, the armour choice, dice pools and weapon dice, the
STEP toward exit and target-minion modifiers, Recovery and Reset, extra rounds and
Corruption, and Fear on pushes and pulls (rulebook section in the test name)."""

from dataclasses import replace

import pytest
from test_fateforge_scenes import (
    enemy,
    enemy_turns,
    hero,
    play,
    refused,
    scene,
    token,
    turn_of,
)

from tabletop.errors import LayoutError
from tabletop.games import layouts
from tabletop.games.fateforge.actions import (
    AccompanyAlly,
    AllyAbility,
    EndTurn,
    EnemyActs,
    Exit,
    ExtraRound,
    Fountain,
    Pull,
    Push,
    Revive,
    RollAllyDice,
    RollDice,
    SetArmourUse,
    SpringTrap,
    Step,
    UseAllyDie,
    WeaponSpecial,
)
from tabletop.games.fateforge.enemies import next_activation
from tabletop.games.fateforge.rules import chance_outcomes, is_chance_node, legal_actions
from tabletop.games.fateforge.state import Ally, Section

# --------------------------------------------------------------------- Allies


def ally_scene(ally=None, **kw):
    state = scene("a-b", heroes=[hero("Aria", "a", dice=("hit", "miss")),
                                 hero("Odo", "a", dice=("step",)), hero("Pell", "b")], **kw)
    return replace(state, ally=ally or Ally("Brann", "Aria", 3, dice=("shot", "focus"),
                                            rolled=True))


def test_allies_setup_roll_two_non_miss_results_in_the_first_preparation():
    state = replace(ally_scene(), ally=Ally("Brann", "Aria", 3, pool=("ff-red", "ff-blue")))
    refused(state, RollAllyDice(("hit", "miss")), "reroll an ally's misses")
    refused(state, RollAllyDice(("hit",)), "2 combat dice")
    refused(state, RollAllyDice(("hit", "special")), "the blue die has no special face")
    state, _ = play(state, RollAllyDice(("hit", "shot")))
    assert state.ally.dice == ("hit", "shot") and state.ally.rolled
    refused(state, RollAllyDice(("hit", "shot")), "already rolled")
    later = replace(state, ally=replace(state.ally, rolled=False),
                    round=replace(state.round, number=2))
    refused(later, RollAllyDice(("hit", "shot")), "first Preparation")


def test_allies_the_accompanying_hero_is_chosen_in_the_first_preparation():
    state, events = play(ally_scene(), AccompanyAlly("Odo"))
    assert state.ally.hero == "Odo" and events == ["Brann accompanies Odo."]
    refused(state, AccompanyAlly("Odo"), "already accompanies Odo")
    refused(state, AccompanyAlly("Nobody"), "no hero called")
    later = replace(state, round=replace(state.round, number=2))
    refused(later, AccompanyAlly("Aria"), "first Preparation")


def test_allies_a_hero_in_the_zone_of_the_ally_hero_trades_a_die_for_an_ally_result():
    state = turn_of(ally_scene(), "Odo")
    state, events = play(state, UseAllyDie("Odo", 0, 0))
    assert state.hero("Odo").dice == ("shot",)
    assert state.ally.dice == ("focus",)
    assert "spent for the scene" in events[-1]
    refused(state, AllyAbility("Odo", 0), "already used Brann this turn")
    state, _ = play(state, EndTurn("Odo"))
    assert state.ally.dice == ("focus",)


def test_allies_only_heroes_in_the_same_zone_as_the_accompanying_hero():
    state = turn_of(ally_scene(), "Pell")
    state = state.with_hero(replace(state.hero("Pell"), dice=("hit",)))
    refused(state, UseAllyDie("Pell", 0, 0), "not in the same zone as Aria")


def test_allies_ability_discards_an_ally_die():
    state = turn_of(ally_scene(), "Aria")
    state, events = play(state, AllyAbility("Aria", 1))
    assert state.ally.dice == ("shot",) and state.hero("Aria").dice == ("hit", "miss")
    assert "apply it from the ally card" in events[-1]


def test_allies_take_the_damage_their_hero_suffers_and_go_out_at_their_health():
    state = enemy_turns(ally_scene(enemies=[enemy("Brute", "red", "a",
                                                  Section("hit", 0, 2, ("target-earlier",)))]))
    state = state.with_hero(replace(state.hero("Aria"), block=1))
    state, events = play(state, EnemyActs())
    assert state.hero("Aria").health == 4 and state.ally.damage == 1
    assert any("Brann takes 1 damage" in e for e in events)
    state = replace(enemy_turns(state), ally=replace(state.ally, damage=2))
    state, events = play(state, EnemyActs())
    assert state.ally.out and state.ally.dice == ()
    assert any("out for the scene" in e for e in events)


def test_allies_toxic_damage_does_not_affect_the_ally():
    state = enemy_turns(ally_scene(enemies=[enemy("Spider", "red", "a",
                                                   Section("hit", 0, 1,
                                                           ("target-earlier", "toxic")))]))
    state, _ = play(state, EnemyActs())
    assert state.hero("Aria").toxic == 1 and state.ally.damage == 1


def test_allies_out_when_their_hero_is_knocked_out_first():
    state = ally_scene(enemies=[enemy("Brute", "red", "a",
                                      Section("hit", 0, 1, ("target-earlier",)))])
    state = enemy_turns(state.with_hero(replace(state.hero("Aria"), health=1,
                                                health_exhausted=4)))
    state, events = play(state, EnemyActs())
    assert state.hero("Aria").ko and state.ally.out and state.ally.damage == 1
    refused(turn_of(state, "Odo"), UseAllyDie("Odo", 0, 0), "out for the scene")


def test_allies_damage_cubes_come_off_at_the_end_of_the_scene():
    state = replace(ally_scene(phase="exit", number=3, of=3,
                               tokens=[token("exit", "a", "Gate")]),
                    ally=Ally("Brann", "Aria", 3, damage=3, out=True))
    state, _ = play(state, Exit("Gate"))
    assert (state.ally.damage, state.ally.out) == (0, False)


# --------------------------------------------------------------------- Armour


def test_armour_the_player_may_keep_the_cubes():
    state = scene("a", heroes=[hero("Aria", "a", armour=2)],
                  enemies=[enemy("Grunt", "red", "a")])
    state, events = play(state, SetArmourUse("Aria", False))
    assert not state.hero("Aria").armour_use and "keeps the armour" in events[0]
    refused(state, SetArmourUse("Aria", False), "already keeps")
    state, events = play(enemy_turns(state), EnemyActs())
    aria = state.hero("Aria")
    assert (aria.armour, aria.health) == (2, 4) and "armour kept" in events[-1]
    state, _ = play(state, SetArmourUse("Aria", True))
    assert state.hero("Aria").armour_use


# --------------------------------------------------------------------- Dice pools, weapons


def prep(*heroes):
    return scene("a", heroes=[replace(h, rolled=False, dice=()) for h in heroes])


def test_combat_dice_pool_four_dice_chosen_from_the_pool():
    pool = ("ff-red", "ff-red", "ff-yellow", "ff-blue", "ff-melee")
    state = prep(hero("Aria", "a", pool=pool))
    refused(state, RollDice("Aria", ("hit",) * 4, ("ff-red", "ff-green", "ff-blue", "ff-red")),
            "the green die is not in Aria's dice pool")
    state, events = play(state, RollDice("Aria", ("hit", "hit", "step", "special"),
                                         ("ff-red", "ff-red", "ff-yellow", "ff-melee")))
    assert state.hero("Aria").dice == ("hit", "hit", "step", "special")
    assert "melee weapon special" in events[0] and "ff-" not in events[0]


def test_combat_dice_pool_each_result_is_a_face_of_its_die():
    state = prep(hero("Aria", "a"))
    refused(state, RollDice("Aria", ("special", "hit", "hit", "hit"),
                            ("ff-red", "ff-yellow", "ff-blue", "ff-green")),
            "no special face")


def test_combat_dice_pool_smaller_than_four_rolls_all():
    state = prep(hero("Aria", "a", pool=("ff-red", "ff-blue", "ff-green")))
    refused(state, RollDice("Aria", ("hit",) * 4), "rolls 3 combat dice")
    state, _ = play(state, RollDice("Aria", ("hit",) * 3))
    assert len(state.hero("Aria").dice) == 3


def test_weapons_special_result_needs_a_weapon_die_and_is_used_once_per_round():
    refused(prep(hero("Aria", "a")), RollDice("Aria", ("special", "hit", "hit", "hit")),
            "weapon die")
    state = turn_of(scene("a", heroes=[hero("Aria", "a", dice=("special", "special"),
                                            pool=("ff-red", "ff-ranged"))]), "Aria")
    state, events = play(state, WeaponSpecial("Aria"))
    assert state.hero("Aria").dice == ("special",) and "special attack" in events[0]
    refused(state, WeaponSpecial("Aria"), "once per combat round")


# --------------------------------------------------------------------- Enemy Action Modifiers


def test_modifier_step_toward_exit_moves_toward_that_exit():
    state = enemy_turns(scene("a-b-c", heroes=[hero("Aria", "a")],
                              tokens=[token("exit", "c", "Gate")],
                              enemies=[enemy("Runner", "white", "a",
                                             Section("step", None, 1, (), "Gate"))]))
    plan = next_activation(state)
    assert plan.target == "Gate" and "toward exit Gate" in plan.why
    state, _ = play(state, EnemyActs())
    assert state.enemy("Runner").zone == "b"


def test_modifier_step_toward_exit_if_not_possible_do_nothing():
    state = enemy_turns(scene("a#b", heroes=[hero("Aria", "a")],
                              tokens=[token("exit", "b", "Gate")],
                              enemies=[enemy("Runner", "white", "a",
                                             Section("step", None, 1, (), "Gate"))]))
    plan = next_activation(state)
    assert plan.enemy is None and "no route leads to exit Gate" in plan.why
    state, _ = play(state, EnemyActs())
    assert state.enemy("Runner").zone == "a"


def test_modifier_target_minion_left_or_right_type():
    enemies = [enemy("Captain", "purple", "a", Section("step", None, 1, (), "",
                                                       ("green", "red"))),
               enemy("Grunt", "red", "b"), enemy("Guard", "green", "c", initiative=2)]
    state = enemy_turns(scene("a-b-c", heroes=[hero("Aria", "a")], enemies=enemies))
    state = replace(state, round=replace(state.round, queue=("Captain",)))
    plan = next_activation(state)
    assert plan.target == "Guard"
    state, _ = play(state, EnemyActs())
    assert state.enemy("Captain").zone == "b"
    alone = replace(state, enemies=(state.enemy("Captain"), state.enemy("Grunt")),
                    round=replace(state.round, phase="action", queue=("Captain",),
                                  step=state.round.sequence.index("Enemy Turns")))
    assert next_activation(alone).enemy is None  # the red Grunt is in its own zone


def test_modifier_target_minion_equally_close_minions_are_randomised():
    enemies = [enemy("Captain", "purple", "b", Section("step", None, 1, (), "", ("red",))),
               enemy("Grunt", "red", "a"), enemy("Brute", "red", "c")]
    state = enemy_turns(scene("a-b-c", heroes=[hero("Aria", "b")], enemies=enemies))
    state = replace(state, round=replace(state.round, queue=("Captain",)))
    assert is_chance_node(state) and legal_actions(state) == []
    refused(state, EnemyActs(), "roll a D6")
    refused(state, EnemyActs("Grunt", (1,)), "a D6 does")
    assert {a.rolls for a, _ in chance_outcomes(state)} == {(1,), (4,)}
    high, _ = play(state, EnemyActs(rolls=(6,)))
    low, _ = play(state, EnemyActs(rolls=(1,)))
    assert high.enemy("Captain").zone == "a" and low.enemy("Captain").zone == "c"


def test_modifier_target_minion_never_a_guarded_minion():
    enemies = [enemy("Captain", "purple", "a", Section("step", None, 1, (), "", ("red",))),
               enemy("Grunt", "red", "b"), enemy("Keeper", "green", "b", guarding="Grunt"),
               enemy("Brute", "red", "c")]
    state = enemy_turns(scene("a-b-c", heroes=[hero("Aria", "a")], enemies=enemies))
    state = replace(state, round=replace(state.round, queue=("Captain",)))
    assert next_activation(state).target == "Brute"


def test_call_moves_the_closest_minion_of_the_type_toward_the_enemy():
    enemies = [enemy("Horn", "purple", "a", Section("call", None, 1, (), "", ("red",))),
               enemy("Grunt", "red", "c", abilities=("fear",)), enemy("Far", "red", "d",
                                                                      initiative=2)]
    state = enemy_turns(scene("a-b-c-d", heroes=[hero("Aria", "b")], enemies=enemies))
    state = replace(state, round=replace(state.round, queue=("Horn",)))
    plan = next_activation(state)
    assert plan.target == "Grunt" and "calls Grunt" in plan.why
    state, events = play(state, EnemyActs())
    assert state.enemy("Grunt").zone == "b" and state.enemy("Horn").zone == "a"
    assert state.hero("Aria").has_used("fear")


def test_call_never_moves_a_guarding_minion_and_does_nothing_without_one():
    enemies = [enemy("Horn", "purple", "a", Section("call", None, 1, (), "", ("red",))),
               enemy("Grunt", "red", "b", guarding="Chest")]
    state = enemy_turns(scene("a-b", heroes=[hero("Aria", "a")], enemies=enemies,
                              tokens=[token("chest", "b", "Chest")]))
    state = replace(state, round=replace(state.round, queue=("Horn",)))
    plan = next_activation(state)
    assert plan.enemy is None and "no red minion it can call" in plan.why


def test_toxic_damage_healing_fountain_can_recover_toxic_health():
    state = turn_of(scene("a", heroes=[hero("Aria", "a", health=3, toxic=2)],
                          tokens=[token("fountain", "a", cubes=3)]), "Aria")
    state, _ = play(state, Fountain("Aria", 2, 0))
    aria = state.hero("Aria")
    assert (aria.health, aria.toxic) == (5, 0)


# --------------------------------------------------------------------- Fear


def test_fear_when_a_hero_pulls_a_fear_inducing_minion_into_its_zone():
    state = turn_of(scene("a-b", heroes=[hero("Aria", "a")],
                          enemies=[enemy("Wraith", "red", "b", abilities=("fear",))]), "Aria")
    state, events = play(state, Pull("Aria", "Wraith"))
    assert state.hero("Aria").has_used("fear") and any("Fear card" in e for e in events)


def test_fear_when_a_minion_is_pushed_into_a_hero_zone():
    state = scene("a-b", heroes=[hero("Aria", "a"), hero("Odo", "b")],
                  enemies=[enemy("Wraith", "red", "a", abilities=("fear",))])
    state, events = play(turn_of(state, "Aria"), Push("Aria", "Wraith", "b"))
    assert state.hero("Odo").has_used("fear")


def test_fear_when_an_enemy_pulls_a_hero_into_its_zone():
    state = enemy_turns(scene("a-b", heroes=[hero("Aria", "b")], enemies=[
        enemy("Wraith", "red", "a", Section("shot", 1, 1, ("pull",)), abilities=("fear",))]))
    state, events = play(state, EnemyActs())
    assert state.hero("Aria").zone == "a" and state.hero("Aria").has_used("fear")


# --------------------------------------------------------------------- Traps


def test_traps_an_ability_removes_the_trap():
    state = turn_of(scene("a-b", heroes=[hero("Aria", "a", dice=("step",))],
                          tokens=[token("trap", "b")]), "Aria")
    state, events = play(state, Step("Aria", "b", trap="ability"))
    assert not state.tokens_in("b", "trap") and "ability that removes the trap" in events[-1]


def test_traps_a_hero_pushed_onto_a_trap_chooses_before_the_enemies_go_on():
    state = enemy_turns(scene("a-b", heroes=[hero("Aria", "a")], tokens=[token("trap", "b")],
                              enemies=[enemy("Ogre", "brown", "a", Section("hit", 0, 1,
                                                                            ("push",))),
                                       enemy("Imp", "brown", "a", initiative=2)]))
    state, events = play(state, EnemyActs())
    assert state.hero("Aria").zone == "b" and state.hero("Aria").has_used("trap")
    refused(state, EnemyActs(), "must first deal with the trap")
    refused(state, SpringTrap("Aria", "focus"), "no FOCUS result")
    refused(state, SpringTrap("Aria", "dance"), "choose one of")
    state, events = play(state, SpringTrap("Aria", "card"))
    assert not state.tokens_in("b", "trap") and not state.hero("Aria").has_used("trap")
    assert "draw a trap card" in events[0]
    refused(state, SpringTrap("Aria", "card"), "was not moved onto a trap")
    play(state, EnemyActs())


# --------------------------------------------------------------------- Scene end, Corruption


def test_recovery_and_reset_knocked_out_hero_draws_corruption_and_returns_toxic():
    state = scene("a", heroes=[hero("Aria", "a", health=0, ko=True, health_exhausted=3,
                                    toxic=2, energy=3), hero("Odo", "a", health=2,
                                                             health_exhausted=3,
                                                             energy_exhausted=1)],
                  tokens=[token("exit", "a", "Gate")], phase="exit", number=3, of=3)
    state, events = play(state, Exit("Gate", "met"))
    aria, odo = state.hero("Aria"), state.hero("Odo")
    assert (aria.health, aria.toxic, aria.energy, aria.corruption, aria.ko) == (4, 0, 2, 1,
                                                                                 False)
    assert (odo.health, odo.energy, odo.corruption) == (3, 4, 0)
    assert state.outcome.endswith("success")


def test_revive_draws_a_corruption_card_and_can_recover_toxic_health():
    state = turn_of(scene("a", heroes=[hero("Aria", "a", dice=("focus",)),
                                       hero("Odo", "a", health=0, ko=True, toxic=2)]), "Aria")
    state, _ = play(state, Revive("Aria", "Odo"))
    odo = state.hero("Odo")
    assert (odo.health, odo.toxic, odo.corruption) == (2, 0, 1)


def test_extra_round_each_standing_hero_draws_corruption():
    state = scene("a", heroes=[hero("Aria", "a", corruption=1),
                               hero("Odo", "a", health=0, ko=True, health_exhausted=5)],
                  phase="exit", number=3, of=3)
    state, events = play(state, ExtraRound())
    assert (state.round.number, state.round.of, state.round.phase) == (4, 4, "preparation")
    assert state.hero("Aria").corruption == 2 and state.hero("Odo").corruption == 0
    assert "Corruption" in events[0]


def test_extra_round_not_with_four_corruption_cards():
    state = scene("a", heroes=[hero("Aria", "a", corruption=4)], phase="exit", number=3, of=3)
    refused(state, ExtraRound(), "4 or more Corruption cards")
    refused(replace(state, round=replace(state.round, phase="cleanup")), ExtraRound(),
            "end of the last round")


# --------------------------------------------------------------------- Layout


def test_layout_round_trip_with_ally_pool_and_new_modifiers():
    state = ally_scene(tokens=[token("exit", "b", "Gate")], enemies=[
        enemy("Runner", "white", "a", Section("step", None, 1, (), "Gate")),
        enemy("Captain", "purple", "b", Section("step", 1, 1, (), "", ("red", "blue")))])
    state = state.with_hero(replace(state.hero("Aria"), pool=("ff-red", "ff-melee"),
                                    armour_use=False, corruption=2))
    text = layouts.dumps(state)
    assert "[ally]" in text and "minion" in text and "pool" in text
    assert layouts.loads(text)[1] == state


BASE = """game = "fateforge"
[[zones]]
id = "a"
at = [0, 0]
[[tokens]]
kind = "exit"
zone = "a"
name = "Gate"
[[heroes]]
name = "Aria"
zone = "a"
health = 5
energy = 3
"""


@pytest.mark.parametrize("extra, words", [
    ('pool = ["ff-red", "ff-melee", "ff-ranged"]\n', "at most one weapon die"),
    ('pool = ["ff-purple"]\n', "'ff-purple' is not one of"),
    ('dice = ["special"]\n', "only from a weapon die"),
    ('[ally]\nname = "Brann"\nhero = "Odo"\nhealth = 3\n', "is not a hero"),
    ('[ally]\nname = "Brann"\nhero = "Aria"\nhealth = 3\ndice = ["miss"]\n', "never a miss"),
    ('[ally]\nname = "Brann"\nhero = "Aria"\nhealth = 3\ndamage = 3\n', "is out for the"),
    ('[[enemies]]\nname = "R"\ntype = "white"\ninitiative = 1\nzone = "a"\ntoughness = 1\n'
     '[[enemies.band]]\naction = "step"\nexit = "Moat"\n', "names no exit token"),
    ('[[enemies]]\nname = "R"\ntype = "white"\ninitiative = 1\nzone = "a"\ntoughness = 1\n'
     '[[enemies.band]]\naction = "hit"\nminion = ["red"]\n', "only a STEP"),
    ('[[enemies]]\nname = "R"\ntype = "white"\ninitiative = 1\nzone = "a"\ntoughness = 1\n'
     '[[enemies.band]]\naction = "step"\nminion = ["purple"]\n', "not a minion type"),
    ('[[enemies]]\nname = "R"\ntype = "white"\ninitiative = 1\nzone = "a"\ntoughness = 1\n'
     '[[enemies.band]]\naction = "call"\n', "names the minion type it calls"),
])
def test_layout_errors_for_the_new_keys(extra, words):
    with pytest.raises(LayoutError) as info:
        layouts.loads(BASE + extra)
    assert words in str(info.value), str(info.value)
