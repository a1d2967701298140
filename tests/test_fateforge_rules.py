"""The Fateforge combat round, one test per rule (rulebook section in the test name)."""

from dataclasses import replace
from fractions import Fraction

from test_fateforge_scenes import (
    enemy,
    enemy_turns,
    hero,
    play,
    reactions,
    refused,
    scene,
    token,
    turn_of,
)

from tabletop.dice.kinds import get_kind
from tabletop.games.fateforge.actions import (
    Block,
    CleanUp,
    Collect,
    Dash,
    EndTurn,
    EnemyActs,
    EnergyReroll,
    Exit,
    Fountain,
    Hit,
    OpenChest,
    Pull,
    Push,
    RerollDice,
    Revive,
    RollDice,
    SetOrder,
    Shot,
    Step,
    Stun,
    ThreeOfAKind,
    ToggleDoor,
    UsePortal,
)
from tabletop.games.fateforge.handlers.preparation import core_result
from tabletop.games.fateforge.rules import (
    chance_outcomes,
    is_chance_node,
    legal_actions,
    pick_index,
)
from tabletop.games.fateforge.state import TURNS, Section

# --------------------------------------------------------------------- Preparation Phase


def prep(*heroes, enemies=(), picture="a-b-c", **kw):
    return scene(picture, heroes=[replace(h, rolled=False, dice=()) for h in heroes],
                 enemies=enemies, **kw)


def test_preparation_roll_four_combat_dice():
    state = prep(hero("Aria", "a"))
    refused(state, RollDice("Aria", ("hit", "hit", "hit")), "rolls 4 combat dice")
    state, _ = play(state, RollDice("Aria", ("hit", "step/hit", "miss", "focus")))
    assert state.hero("Aria").dice == ("hit", "step/hit", "miss", "focus")
    refused(state, RollDice("Aria", ("hit",) * 4), "already rolled")


def test_stun_hero_rolls_one_less_die_and_removes_the_cube():
    state = prep(hero("Aria", "a", stun=True))
    refused(state, RollDice("Aria", ("hit",) * 4), "one less die")
    state, _ = play(state, RollDice("Aria", ("hit",) * 3))
    assert not state.hero("Aria").stun


def test_energy_reroll_chooses_misses_for_one_energy_then_a_chance_point_rolls_them():
    state = prep(hero("Aria", "a", energy=2))
    state, _ = play(state, RollDice("Aria", ("miss", "hit", "miss", "step"),
                                    ("ff-red", "ff-green", "ff-blue", "ff-yellow")))
    state, _ = play(state, EnergyReroll("Aria", (2, 0)))
    aria = state.hero("Aria")
    assert (aria.energy, aria.energy_exhausted, aria.rerolling) == (1, 1, (0, 2))
    assert is_chance_node(state) and legal_actions(state) == []
    refused(state, ThreeOfAKind("Aria", 1, "step"), "Aria's Energy Reroll dice are rolled first")
    outcomes = dict(chance_outcomes(state))
    assert sum(outcomes.values()) == 1
    # die 1 is red, die 3 blue: each rerolls as its own kind, so the outcomes are pairs
    red = {core_result(f.label) for f in get_kind("ff-red").faces}
    blue = {core_result(f.label) for f in get_kind("ff-blue").faces}
    assert {a.results for a in outcomes} == {(r, b) for r in red for b in blue}
    refused(state, RerollDice("Aria", ("shot", "shot")), "the red die has no shot face")
    landed = next(a for a in outcomes if a.results == ("hit", "shot"))
    state, _ = play(state, landed)
    aria = state.hero("Aria")
    assert aria.dice == ("hit", "hit", "shot", "step") and aria.rerolling == ()
    assert not is_chance_node(state)
    refused(state, EnergyReroll("Aria", (0,)), "once per combat round")


def test_energy_reroll_needs_a_miss():
    state, _ = play(prep(hero("Aria", "a")), RollDice("Aria", ("hit",) * 4))
    refused(state, EnergyReroll("Aria", (0,)), "only dice showing a miss")
    refused(state, EnergyReroll("Aria", ()), "no miss to re-roll")


def test_energy_reroll_offers_every_choice_of_misses():
    state, _ = play(prep(hero("Aria", "a")), RollDice("Aria", ("miss", "hit", "miss", "miss")))
    offered = {a.dice for a in legal_actions(state) if isinstance(a, EnergyReroll)}
    assert offered == {(0,), (2,), (3,), (0, 2), (0, 3), (2, 3), (0, 2, 3)}


def test_energy_reroll_of_dice_rolled_by_hand_rerolls_the_pool_in_order():
    """A roll entered without its dice (physical dice typed in) rerolls each die as the
    pool's die in its place."""
    state, _ = play(prep(hero("Aria", "a")), RollDice("Aria", ("hit", "miss", "hit", "hit")),
                    EnergyReroll("Aria", (1,)))
    kind = state.hero("Aria").pool[1]
    faces = {core_result(f.label) for f in get_kind(kind).faces}
    assert {a.results for a, _ in chance_outcomes(state)} == {(f,) for f in faces}


def test_three_of_a_kind_changes_one_result():
    state, _ = play(prep(hero("Aria", "a")), RollDice("Aria", ("hit", "hit", "hit", "miss")))
    state, _ = play(state, ThreeOfAKind("Aria", 3, "step"))
    assert state.hero("Aria").dice == ("hit", "hit", "hit", "step")
    refused(state, ThreeOfAKind("Aria", 0, "focus"), "once per round")


def test_three_of_a_kind_excludes_misses():
    state, _ = play(prep(hero("Aria", "a")), RollDice("Aria", ("miss", "miss", "miss", "hit")))
    refused(state, ThreeOfAKind("Aria", 0, "step"), "no three identical faces")


def test_three_of_a_kind_same_reading_as_the_dice_tray():
    # one rule for the core and the tray (tabletop.dice.fateforge_rolls): a split face is the
    # same face whichever result is printed first; a result never becomes a miss
    state, _ = play(prep(hero("Aria", "a")),
                    RollDice("Aria", ("step/hit", "hit/step", "step/hit", "focus")))
    refused(state, ThreeOfAKind("Aria", 3, "miss"), "choose one of")
    state, _ = play(state, ThreeOfAKind("Aria", 3, "skill hit"))
    assert state.hero("Aria").dice[3] == "skill-hit"


def test_energy_reroll_needs_energy_and_names_only_misses_once():
    state, _ = play(prep(hero("Aria", "a", energy=0)), RollDice("Aria", ("miss",) * 4))
    refused(state, EnergyReroll("Aria", (0,)), "1 energy")
    state, _ = play(prep(hero("Aria", "a")), RollDice("Aria", ("miss", "hit", "hit", "hit")))
    refused(state, EnergyReroll("Aria", (0, 1)), "die 2 is HIT; only dice showing a miss")
    refused(state, EnergyReroll("Aria", (0, 0)), "name each die once")
    refused(state, EnergyReroll("Aria", ()), "choose at least one die showing a miss")


def test_dash_out_of_a_zone_with_enemies_costs_one_damage():
    state = prep(hero("Aria", "a"), enemies=[enemy("Grunt", "red", "a")])
    state, _ = play(state, RollDice("Aria", ("hit",) * 4), Dash("Aria", "b"))
    aria = state.hero("Aria")
    assert aria.zone == "b" and aria.health == 4
    refused(state, Dash("Aria", "c"), "already dashed")


def test_dash_without_enemies_is_free_and_keeps_the_dice():
    state, _ = play(prep(hero("Aria", "a")), RollDice("Aria", ("hit",) * 4), Dash("Aria", "b"))
    assert state.hero("Aria").health == 5 and len(state.hero("Aria").dice) == 4


def test_difficult_terrain_no_dash_out_of_it():
    state = prep(hero("Aria", "a"), difficult="a")
    state, _ = play(state, RollDice("Aria", ("hit",) * 4))
    refused(state, Dash("Aria", "b"), "difficult terrain")


def test_set_player_order_needs_every_roll_and_places_the_reactions():
    state = prep(hero("Aria", "a"), hero("Thorn", "a"))
    state = replace(state, round=replace(state.round, reaction_slot=1))
    state, _ = play(state, RollDice("Aria", ("hit",) * 4))
    refused(state, SetOrder(("Thorn", "Aria")), "Thorn must roll")
    state, _ = play(state, RollDice("Thorn", ("hit",) * 4), SetOrder(("Thorn", "Aria")))
    assert state.round.sequence == ("Thorn", "Enemy Reactions", "Aria", "Enemy Turns")
    assert state.round.current == "Thorn"


# --------------------------------------------------------------------- Hero Turns


def test_step_spends_a_step_result():
    state = turn_of(scene("a-b", heroes=[hero("Aria", "a", ["step/hit", "step", "hit"])]), "Aria")
    state, _ = play(state, Step("Aria", "b"))
    assert state.hero("Aria").zone == "b"
    assert state.hero("Aria").dice == ("step/hit", "hit")  # the plain STEP goes first


def test_step_needs_a_step_result():
    state = turn_of(scene("a-b", heroes=[hero("Aria", "a", ["hit"])]), "Aria")
    refused(state, Step("Aria", "b"), "no STEP result")


def test_spend_energy_to_move_once_per_turn():
    state = turn_of(scene("a-b-c", heroes=[hero("Aria", "a", energy=3)]), "Aria")
    state, _ = play(state, Step("Aria", "b", energy=True))
    assert state.hero("Aria").energy == 2
    refused(state, Step("Aria", "c", energy=True), "once per turn")


def test_only_the_active_hero_acts():
    state = turn_of(scene("a-b", heroes=[hero("Aria", "a", ["step"]), hero("Thorn", "a",
                                                                            ["step"])]), "Aria")
    refused(state, Step("Thorn", "b"), "not Thorn's turn")


def test_doors_closed_door_stops_a_step():
    state = turn_of(scene("a#b", heroes=[hero("Aria", "a", ["step"])]), "Aria")
    refused(state, Step("Aria", "b"), "closed door between A and B blocks movement")


def test_doors_focus_opens_and_closes_a_door():
    state = turn_of(scene("a#b", heroes=[hero("Aria", "a", ["focus", "step", "focus"])]), "Aria")
    state, _ = play(state, ToggleDoor("Aria", "b"), Step("Aria", "b"))
    assert state.hero("Aria").zone == "b" and state.connections[0].door == "open"
    state, _ = play(state, ToggleDoor("Aria", "a"))
    assert state.connections[0].door == "closed"


def test_doors_guarded_door_cannot_be_used():
    state = scene("a#b", heroes=[hero("Aria", "a", ["focus"])], door_names={"ab": "Iron door"},
                  enemies=[enemy("Jailer", "red", "b", guarding="Iron door")])
    refused(turn_of(state, "Aria"), ToggleDoor("Aria", "b"), "guards the door")


def test_blocker_stops_heroes_leaving_the_zone():
    state = scene("a-b", heroes=[hero("Aria", "a", ["step"])],
                  enemies=[enemy("Warden", "green", "a", abilities=("blocker",))])
    refused(turn_of(state, "Aria"), Step("Aria", "b"), "Warden has Blocker")


def test_stun_stunned_blocker_does_not_block():
    state = scene("a-b", heroes=[hero("Aria", "a", ["step"])],
                  enemies=[enemy("Warden", "green", "a", abilities=("blocker",), stun=True)])
    state, _ = play(turn_of(state, "Aria"), Step("Aria", "b"))
    assert state.hero("Aria").zone == "b"


def test_difficult_terrain_leaving_takes_a_focus_as_well():
    state = turn_of(scene("a-b", heroes=[hero("Aria", "a", ["step", "hit"])], difficult="a"),
                    "Aria")
    refused(state, Step("Aria", "b"), "difficult terrain")
    state = turn_of(scene("a-b", heroes=[hero("Aria", "a", ["step", "focus"])], difficult="a"),
                    "Aria")
    state, _ = play(state, Step("Aria", "b"))
    assert state.hero("Aria").dice == ()


def test_portals_take_a_focus_and_are_not_a_step():
    state = turn_of(scene("a b", heroes=[hero("Aria", "a", ["step", "focus"])],
                          portals=[("a", "b", "")]), "Aria")
    refused(state, Step("Aria", "b"), "only by a portal")
    state, _ = play(state, UsePortal("Aria", "b"))
    assert state.hero("Aria").zone == "b" and state.hero("Aria").dice == ("step",)


def test_portals_guarded_portal_cannot_be_entered():
    state = scene("a b", heroes=[hero("Aria", "a", ["focus"])], portals=[("a", "b", "Gate")],
                  enemies=[enemy("Keeper", "red", "a", guarding="Gate")])
    refused(turn_of(state, "Aria"), UsePortal("Aria", "b"), "guards the portal")


def test_traps_entering_needs_a_choice_focus_or_card():
    base = scene("a-b", heroes=[hero("Aria", "a", ["step", "focus"])],
                 tokens=[token("trap", "b")])
    state = turn_of(base, "Aria")
    refused(state, Step("Aria", "b"), "holds a trap")
    ignored, _ = play(state, Step("Aria", "b", trap="focus"))
    assert ignored.tokens_in("b", "trap") and ignored.hero("Aria").dice == ()
    sprung, events = play(state, Step("Aria", "b", trap="card"))
    assert not sprung.tokens_in("b", "trap") and "draw a trap card" in events[-1]


def test_hit_deals_one_damage_in_the_same_zone():
    state = turn_of(scene("a-b", heroes=[hero("Aria", "a", ["hit", "hit"])],
                          enemies=[enemy("Grunt", "red", "a", toughness=3),
                                   enemy("Far", "red", "b")]), "Aria")
    refused(state, Hit("Aria", "Far"), "a HIT needs the same zone")
    state, _ = play(state, Hit("Aria", "Grunt"))
    assert state.enemy("Grunt").damage == 1


def test_shot_deals_one_damage_in_an_adjacent_zone():
    state = turn_of(scene("a-b-c", heroes=[hero("Aria", "a", ["shot", "shot"])],
                          enemies=[enemy("Near", "red", "b"), enemy("Far", "red", "c")]), "Aria")
    refused(state, Shot("Aria", "Far"), "beyond the shot's reach")
    state, _ = play(state, Shot("Aria", "Near"))
    assert state.enemy("Near").damage == 1


def test_barricades_hero_shot_refused_with_the_reason():
    state = scene("a b\n| |\nc-d", heroes=[hero("Aria", "a", ["shot"]), hero("Odo", "d",
                                                                            ["shot"])],
                  enemies=[enemy("Warden", "green", "c", toughness=3)],
                  barricades=[("c", ["north"])])
    refused(turn_of(state, "Aria"), Shot("Aria", "Warden"),
            "the barricade in C blocks shots from the north")
    state, _ = play(turn_of(state, "Odo"), Shot("Odo", "Warden"))
    assert state.enemy("Warden").damage == 1


def test_guarded_enemies_cannot_be_targeted():
    state = turn_of(scene("a", heroes=[hero("Aria", "a", ["hit"])],
                          enemies=[enemy("Boss", "purple", "a"),
                                   enemy("Shield", "green", "a", guarding="Boss")]), "Aria")
    refused(state, Hit("Aria", "Boss"), "guarded by Shield")


def test_toughness_defeats_and_drops_what_it_carried():
    state = turn_of(scene("a", heroes=[hero("Aria", "a", ["hit", "hit"])],
                          enemies=[enemy("Grunt", "red", "a", toughness=2,
                                         carrying=("gem",))]), "Aria")
    state, events = play(state, Hit("Aria", "Grunt"), Hit("Aria", "Grunt"))
    assert not state.enemies and "defeated" in " ".join(events)
    assert state.gems == 1  # dropped, and picked up since no enemy is left in the zone


def test_armour_enemies_black_cubes_first_and_they_never_reset():
    state = turn_of(scene("a", heroes=[hero("Aria", "a", ["hit", "hit", "hit"])],
                          enemies=[enemy("Knight", "purple", "a", armour=2, toughness=2)]),
                    "Aria")
    state, _ = play(state, Hit("Aria", "Knight"), Hit("Aria", "Knight"), Hit("Aria", "Knight"))
    knight = state.enemy("Knight")
    assert (knight.armour, knight.damage) == (0, 1)
    state = replace(state, round=replace(state.round, phase="cleanup"))
    state, _ = play(state, CleanUp())
    assert (state.enemy("Knight").armour, state.enemy("Knight").damage) == (0, 0)


def test_gem_and_food_picked_up_only_without_enemies():
    state = turn_of(scene("a-b", heroes=[hero("Aria", "a", ["step", "step"])],
                          tokens=[token("food", "b"), token("gem", "b")],
                          enemies=[enemy("Grunt", "red", "b")]), "Aria")
    state, _ = play(state, Step("Aria", "b"))
    assert state.food == 0 and len(state.tokens) == 2


def test_objective_tokens_collected_unless_guarded():
    base = scene("a", heroes=[hero("Aria", "a")], tokens=[token("objective", "a", "Relic")])
    state, _ = play(turn_of(base, "Aria"), Collect("Aria", "Relic"))
    assert state.hero("Aria").carrying == ("Relic",) and not state.tokens
    guarded = replace(base, enemies=(enemy("Sergeant", "purple", "a", guarding="Relic"),))
    refused(turn_of(guarded, "Aria"), Collect("Aria", "Relic"), "guards Relic")


def test_chests_take_a_focus():
    state = turn_of(scene("a", heroes=[hero("Aria", "a", ["focus"])],
                          tokens=[token("chest", "a", "Old chest")]), "Aria")
    state, events = play(state, OpenChest("Aria", "Old chest"))
    assert not state.tokens and "tap the chest in the app" in events[0]


def test_healing_fountains_at_the_start_of_a_turn_without_enemies():
    aria = hero("Aria", "a", ["hit"], health=3, health_exhausted=2, energy=1, energy_exhausted=2)
    state = turn_of(scene("a", heroes=[aria], tokens=[token("fountain", "a", cubes=3)]), "Aria")
    state, _ = play(state, Fountain("Aria", 2, 1))
    assert (state.hero("Aria").health, state.hero("Aria").energy) == (5, 2)
    assert state.tokens[0].cubes == 0
    hostile = replace(state, enemies=(enemy("Grunt", "red", "a"),))
    refused(hostile, Fountain("Aria", 0, 1), "no healing fountain with cubes")


def test_healing_fountains_at_the_end_of_a_turn_end_it():
    aria = hero("Aria", "a", ["hit"], health=3, health_exhausted=2)
    state = turn_of(scene("a", heroes=[aria, hero("Odo", "a")],
                          tokens=[token("fountain", "a", cubes=3)]), "Aria")
    state = replace(state, heroes=(state.hero("Aria").mark("acted"), state.hero("Odo")))
    state, _ = play(state, Fountain("Aria", 1, 0))
    assert state.round.current == "Odo"


def test_end_turn_discards_unused_results():
    state = turn_of(scene("a", heroes=[hero("Aria", "a", ["hit"]), hero("Odo", "a")]), "Aria")
    state, events = play(state, EndTurn("Aria"))
    assert state.hero("Aria").dice == () and "discarding 1" in events[0]
    assert state.round.current == "Odo"


# --------------------------------------------------------------------- damage, KO, revive


def test_damage_block_tokens_then_armour_then_health():
    state = enemy_turns(scene("a", heroes=[hero("Aria", "a", block=1, armour=1)],
                              enemies=[enemy("Brute", "brown", "a", Section("hit", 0, 3))]))
    state, _ = play(state, EnemyActs())
    aria = state.hero("Aria")
    assert (aria.block, aria.armour, aria.health, aria.health_exhausted) == (0, 0, 4, 1)


def test_toxic_damage_modifier_is_one_toxic_damage_in_addition_to_the_attack():
    state = enemy_turns(scene("a", heroes=[hero("Aria", "a")], enemies=[
        enemy("Spider", "red", "a", Section("hit", 0, 1, ("toxic",)))]))
    state, events = play(state, EnemyActs())
    aria = state.hero("Aria")
    assert (aria.health, aria.toxic, aria.health_exhausted) == (3, 1, 1)
    assert any("1 toxic damage" in e for e in events)


def test_knocked_out_drops_objective_tokens_and_skips_turns():
    state = scene("a", heroes=[hero("Aria", "a", health=1, carrying=("Relic",)),
                               hero("Odo", "a")],
                  enemies=[enemy("Grunt", "red", "a", Section("hit", 0, 1, ("target-earlier",)))])
    state, events = play(enemy_turns(state), EnemyActs())
    assert state.hero("Aria").ko and state.tokens_in("a", "objective")[0].name == "Relic"
    state = replace(state, round=replace(state.round, phase="cleanup", step=0, queue=()))
    state, _ = play(state, CleanUp())
    state = replace(state, heroes=tuple(replace(h, rolled=not h.ko) for h in state.heroes))
    state, events = play(state, SetOrder(("Aria", "Odo")))
    assert state.round.current == "Odo" and "Aria is knocked out: turn skipped." in events


def test_revive_costs_focus_energy_and_health_and_resumes_next_round():
    state = turn_of(scene("a", heroes=[hero("Aria", "a", ["focus"], health=4, energy=3),
                                       hero("Odo", "a", health=0, ko=True,
                                            health_exhausted=5)]), "Aria")
    state, events = play(state, Revive("Aria", "Odo"))
    aria, odo = state.hero("Aria"), state.hero("Odo")
    assert (aria.health, aria.energy) == (3, 1)
    assert (odo.health, odo.ko, odo.has_used("revived")) == (2, False, True)
    assert "Corruption card" in events[-1]
    state, events = play(state, EndTurn("Aria"))
    assert "Odo was revived this round: turn skipped." in events


def test_revive_needs_the_same_zone():
    state = turn_of(scene("a-b", heroes=[hero("Aria", "a", ["focus"]),
                                         hero("Odo", "b", health=0, ko=True,
                                              health_exhausted=5)]), "Aria")
    refused(state, Revive("Aria", "Odo"), "needs the same zone")


# --------------------------------------------------------------------- skill effects


def test_push_heroes_push_only_minions_not_into_their_own_zone():
    state = turn_of(scene("a-b-c", heroes=[hero("Aria", "a")],
                          enemies=[enemy("Grunt", "red", "b"), enemy("Lord", "purple", "a")]),
                    "Aria")
    refused(state, Push("Aria", "Lord", "b"), "only push, pull or stun minions")
    refused(state, Push("Aria", "Grunt", "a"), "may not be pushed into the hero's own zone")
    state, _ = play(state, Push("Aria", "Grunt", "c"))
    assert state.enemy("Grunt").zone == "c"


def test_pull_moves_a_minion_from_an_adjacent_zone():
    state = turn_of(scene("a-b", heroes=[hero("Aria", "a")], enemies=[enemy("Grunt", "red",
                                                                            "b")]), "Aria")
    state, _ = play(state, Pull("Aria", "Grunt"))
    assert state.enemy("Grunt").zone == "a"


def test_guarded_enemies_never_move():
    state = turn_of(scene("a-b", heroes=[hero("Aria", "a")],
                          enemies=[enemy("Shield", "green", "a", guarding="Relic")],
                          tokens=[token("objective", "b", "Relic")]), "Aria")
    refused(state, Push("Aria", "Shield", "b"), "guarding enemies never move")


def test_stun_one_cube_at_a_time_removed_at_clean_up():
    state = turn_of(scene("a", heroes=[hero("Aria", "a")], enemies=[enemy("Grunt", "red", "a")]),
                    "Aria")
    state, _ = play(state, Stun("Aria", "Grunt"), Block("Aria"))
    refused(state, Stun("Aria", "Grunt"), "already has a stun cube")
    state = replace(state, round=replace(state.round, phase="cleanup", step=0))
    state, _ = play(state, CleanUp())
    assert not state.enemy("Grunt").stun and state.hero("Aria").block == 0


# --------------------------------------------------------------------- enemies


def test_enemy_push_of_a_hero_is_random_by_d6():
    # Aria in b can be pushed to a or c: 1-3 picks a, 4-6 picks c
    state = enemy_turns(scene("a-b-c", heroes=[hero("Aria", "b")], enemies=[
        enemy("Ogre", "brown", "b", Section("hit", 0, 1, ("push",)))]))
    assert is_chance_node(state) and legal_actions(state) == []
    assert chance_outcomes(state) == [(EnemyActs(rolls=(1,)), Fraction(1, 2)),
                                      (EnemyActs(rolls=(4,)), Fraction(1, 2))]
    refused(state, EnemyActs(), "1–3: A, 4–6: C")
    low, _ = play(state, EnemyActs(rolls=(3,)))
    high, events = play(state, EnemyActs(rolls=(4,)))
    assert low.hero("Aria").zone == "a" and high.hero("Aria").zone == "c"
    assert high.hero("Aria").health == 4 and "cannot be blocked" in events[-1]


def test_randomisation_d6_faces_split_evenly():
    assert [pick_index(f, 2) for f in range(1, 7)] == [0, 0, 0, 1, 1, 1]
    assert [pick_index(f, 3) for f in range(1, 7)] == [0, 0, 1, 1, 2, 2]


def test_enemy_pull_brings_the_hero_into_its_zone():
    state = enemy_turns(scene("a-b", heroes=[hero("Aria", "b")], enemies=[
        enemy("Hook", "blue", "a", Section("shot", 1, 1, ("pull",)))]))
    state, _ = play(state, EnemyActs())
    assert state.hero("Aria").zone == "a" and state.hero("Aria").health == 4


def test_enemy_step_with_equal_paths_needs_a_d6():
    state = enemy_turns(scene("a-b\n| |\nc-d", heroes=[hero("Aria", "d")], enemies=[
        enemy("Runner", "white", "a", Section("hit", 0), Section("step", None))]))
    refused(state, EnemyActs(), "roll a D6")
    state, _ = play(state, EnemyActs(rolls=(5,)))
    assert state.enemy("Runner").zone == "c"


def test_enemy_step_never_through_portals_or_closed_doors():
    state = enemy_turns(scene("a#b", heroes=[hero("Aria", "b")], portals=[("a", "b", "")],
                              enemies=[enemy("Runner", "white", "a", Section("step", None))]))
    state, events = play(state, EnemyActs())
    assert state.enemy("Runner").zone == "a" and "does not activate" in events[0]


def test_fear_enemy_moving_into_a_zone_makes_the_hero_draw():
    state = enemy_turns(scene("a-b", heroes=[hero("Aria", "b")], enemies=[
        enemy("Wraith", "red", "a", Section("step", 1), abilities=("fear",))]))
    state, events = play(state, EnemyActs())
    assert state.hero("Aria").has_used("fear") and "Fear card" in events[-1]


def test_enemy_turns_order_colour_then_initiative():
    state = scene("a", heroes=[hero("Aria", "a")], enemies=[
        enemy("Boss", "boss", "a", initiative=0), enemy("Leader", "purple", "a", initiative=1),
        enemy("Red9", "red", "a", initiative=9), enemy("Red2", "red", "a", initiative=2),
        enemy("Blue", "blue", "a", initiative=5), enemy("White", "white", "a", initiative=8)])
    state = enemy_turns(state)
    assert state.round.queue == ("White", "Blue", "Red2", "Red9", "Leader", "Boss")


def test_enemy_action_band_read_by_the_closest_hero():
    band = (Section("hit", 0), Section("shot", 1), Section("step", None))
    base = scene("a-b-c", heroes=[hero("Aria", "c"), hero("Odo", "b")],
                 enemies=[enemy("Scout", "blue", "a", *band)])
    state, events = play(enemy_turns(base), EnemyActs())
    assert "section 2: SHOT 1 [within 1]" in events[0]
    assert state.hero("Odo").health == 4


def test_enemy_turns_stunned_enemy_in_range_does_not_act():
    state = enemy_turns(scene("a", heroes=[hero("Aria", "a")],
                              enemies=[enemy("Grunt", "red", "a", stun=True)]))
    state, events = play(state, EnemyActs())
    assert state.hero("Aria").health == 5 and "stunned, so it does not act" in events[0]


def test_enemy_turns_blocked_shot_means_no_action_not_the_next_section():
    # the hero is within 1, so the SHOT section is read; the barricade makes it impossible,
    # and the Archer then does nothing (it does not fall through to its STEP)
    base = scene("a-b", heroes=[hero("Aria", "b")], barricades=[("b", ["west"])], enemies=[
        enemy("Archer", "blue", "a", Section("shot", 1), Section("step", None))])
    state, events = play(enemy_turns(base), EnemyActs())
    assert "section 1" in events[0] and "barricade in B blocks shots from the west" in events[0]
    assert state.enemy("Archer").zone == "a" and state.hero("Aria").health == 5


def test_enemy_turns_closed_door_puts_the_hero_out_of_range():
    state = enemy_turns(scene("a#b", heroes=[hero("Aria", "b")], enemies=[
        enemy("Archer", "blue", "a", Section("shot", 1))]))
    state, events = play(state, EnemyActs())
    assert "does not activate" in events[0] and state.hero("Aria").health == 5


def test_targeting_no_modifier_players_choose():
    state = enemy_turns(scene("a", heroes=[hero("Aria", "a"), hero("Odo", "a")],
                              enemies=[enemy("Grunt", "red", "a")]))
    refused(state, EnemyActs(), "players choose its target among Aria, Odo")
    state, _ = play(state, EnemyActs(target="Odo"))
    assert state.hero("Odo").health == 4 and state.hero("Aria").health == 5


def test_targeting_target_earlier_and_target_later():
    heroes = [hero("Aria", "a"), hero("Odo", "a")]
    early = enemy_turns(scene("a", heroes=heroes, enemies=[
        enemy("Grunt", "red", "a", Section("hit", 0, 1, ("target-earlier",)))]))
    late = enemy_turns(scene("a", heroes=heroes, enemies=[
        enemy("Grunt", "red", "a", Section("hit", 0, 1, ("target-later",)))]))
    assert play(early, EnemyActs())[0].hero("Aria").health == 4
    assert play(late, EnemyActs())[0].hero("Odo").health == 4
    refused(early, EnemyActs(target="Odo"), "target-earlier picks Aria")


def test_targeting_stealthy_hero_is_treated_as_absent():
    state = enemy_turns(scene("a", heroes=[hero("Mira", "a", stealth=True), hero("Odo", "a")],
                              enemies=[enemy("Grunt", "red", "a")]))
    state, _ = play(state, EnemyActs())
    assert state.hero("Odo").health == 4 and state.hero("Mira").health == 5


def test_enemy_reactions_lowest_initiative_of_the_type_reacts():
    state = reactions(scene("a-b", heroes=[hero("Aria", "a")], enemies=[
        enemy("Red7", "red", "a", initiative=7), enemy("Red3", "red", "a", initiative=3),
        enemy("Red1", "red", "b", Section("hit", 0), Section("step", 1), initiative=1)]), "red")
    state, events = play(state, EnemyActs())
    assert "Red3 activates" in events[0] and "lowest initiative (3)" in events[0]


def test_enemy_reactions_stunned_enemy_replaced_by_the_next_viable_one():
    state = reactions(scene("a-b", heroes=[hero("Aria", "a")], enemies=[
        enemy("Red3", "red", "a", initiative=3, stun=True),
        enemy("Red5", "red", "b", Section("hit", 0), Section("step", 1), initiative=5)]), "red")
    state, events = play(state, EnemyActs())
    assert "Red5 activates" in events[0] and "Red3 is stunned" in events[0]
    assert state.enemy("Red5").zone == "a"


def test_enemy_reactions_no_enemy_of_a_type_in_range():
    state = reactions(scene("a-b-c", heroes=[hero("Aria", "a")], enemies=[
        enemy("Red", "red", "c")]), "red", "blue")
    state, events = play(state, EnemyActs())
    assert "no red enemy can react" in events[0]
    state, events = play(state, EnemyActs())
    assert "no blue enemy is left" in events[0]
    assert state.round.current == TURNS


def test_enemy_reactions_a_present_boss_also_acts():
    state = scene("a", heroes=[hero("Aria", "a")], enemies=[
        enemy("Red", "red", "a"), enemy("Dragon", "boss", "a", Section("hit", 0, 2))])
    state = replace(state, round=replace(state.round, reaction_slot=0, reaction_types=("red",),
                                         phase="preparation", order=()))
    state, _ = play(state, SetOrder(("Aria",)))
    assert state.round.queue == ("red", "Dragon")
    state, _ = play(state, EnemyActs(), EnemyActs())
    assert state.hero("Aria").health == 2 and state.round.current == "Aria"


# --------------------------------------------------------------------- Clean-Up and Exit


def test_clean_up_resets_and_starts_the_next_round():
    state = scene("a", heroes=[hero("Aria", "a", ["hit"], block=2)],
                  enemies=[enemy("Grunt", "red", "a", damage=1, stun=True, block=1)],
                  number=1, of=2, phase="cleanup")
    state, _ = play(state, CleanUp())
    grunt, aria = state.enemy("Grunt"), state.hero("Aria")
    assert (grunt.damage, grunt.stun, grunt.block, aria.block, aria.rolled) == (0, False, 0, 0,
                                                                                False)
    assert (state.round.number, state.round.phase) == (2, "preparation")


def test_ending_the_combat_scene_last_round_goes_to_exit():
    state = scene("a", heroes=[hero("Aria", "a")], number=2, of=2, phase="cleanup")
    state, events = play(state, CleanUp())
    assert state.round.phase == "exit" and "must Exit" in events[-1]


def test_all_heroes_knocked_out_ends_in_failure():
    state = scene("a", heroes=[hero("Aria", "a", health=0, ko=True, health_exhausted=5)],
                  phase="cleanup")
    state, _ = play(state, CleanUp())
    assert state.round.phase == "over" and state.outcome.startswith("failure")
    assert legal_actions(state) == []


def exit_scene(**kw):
    return scene("a-b-c\n|   |\nd-e-f", heroes=[hero("Aria", "a"), hero("Odo", "d")],
                 tokens=[token("exit", "c", "East"), token("exit", "f", "South"),
                         token("trap", "e")],
                 enemies=[enemy("Guard", "red", "b")], number=3, of=3, phase="exit", **kw)


def test_exiting_damage_for_each_zone_with_enemies_or_traps():
    state, events = play(exit_scene(), Exit("South"))
    assert any(e.startswith("Aria exits by") and e.endswith("1 damage.") for e in events)
    assert any(e.startswith("Odo exits by") and e.endswith("1 damage.") for e in events)
    # 1 damage on the path, then 1 health recovered after the scene (Recovery and Reset)
    assert state.hero("Aria").health == 5 and state.hero("Odo").health == 5
    assert state.round.phase == "over" and state.outcome == "exited through South"
    assert all(h.zone == "f" for h in state.heroes)


def test_exiting_guarded_exit_cannot_be_used():
    state = exit_scene()
    state = replace(state, enemies=(*state.enemies, enemy("Keeper", "green", "c",
                                                          guarding="East")))
    refused(state, Exit("East"), "Keeper guards East")


def test_exiting_only_in_the_last_round():
    state = replace(exit_scene(), round=replace(exit_scene().round, number=2, phase="cleanup"))
    refused(state, Exit("South"), "only Exit at the end of the last round")


def test_exiting_all_heroes_through_the_same_reachable_exit():
    state = scene("a#b", heroes=[hero("Aria", "a"), hero("Odo", "b")],
                  tokens=[token("exit", "b", "Door")], phase="exit")
    refused(state, Exit("Door"), "Aria has no path")


def test_scene_over_refuses_everything():
    state, _ = play(exit_scene(), Exit("South"))
    refused(state, CleanUp(), "the Combat Scene is over")


def test_unknown_action_is_refused_in_words():
    refused(exit_scene(), "dance", "is not a Fateforge action")


def test_difficult_terrain_one_die_cannot_pay_both_step_and_focus():
    state = turn_of(scene("a-b", heroes=[hero("Aria", "a", ["step/focus"])], difficult="a"),
                    "Aria")
    refused(state, Step("Aria", "b"), "difficult terrain")
    state = turn_of(scene("a-b", heroes=[hero("Aria", "a", ["focus/step", "step"])],
                          difficult="a"), "Aria")
    state, _ = play(state, Step("Aria", "b"))
    assert state.hero("Aria").dice == ()


def test_traps_focus_for_the_trap_must_be_another_die():
    state = turn_of(scene("a-b", heroes=[hero("Aria", "a", ["step/focus"])],
                          tokens=[token("trap", "b")]), "Aria")
    refused(state, Step("Aria", "b", trap="focus"), "cannot pay step, focus")


# --------------------------------------------------------------------- rulebook audit


def test_range_plus_one_targets_a_hero_one_zone_beyond_the_band_distance():
    """*Enemy Action Modifiers*: "Range +1 – Targets opponents up to 1 zone beyond normal
    range."  A SHOT read at distance 1 with Range +1 reaches a hero 2 zones away."""
    state = enemy_turns(scene("a-b-c", heroes=[hero("Aria", "c")], enemies=[
        enemy("Archer", "blue", "a", Section("shot", 1, 1, ("range+1",)))]))
    state, events = play(state, EnemyActs())
    assert state.hero("Aria").health == 4, events
    assert "Range +1" in events[0]


def test_range_plus_one_reaches_no_further_than_one_zone_beyond():
    """*Enemy Action Modifiers*: Range +1 is "up to 1 zone beyond normal range", no more."""
    state = enemy_turns(scene("a-b-c-d", heroes=[hero("Aria", "d")], enemies=[
        enemy("Archer", "blue", "a", Section("shot", 1, 1, ("range+1",)))]))
    state, events = play(state, EnemyActs())
    assert state.hero("Aria").health == 5 and "does not activate" in events[0]


def test_enemy_pull_only_from_an_adjacent_zone():
    """*Push and Pull*: "Pull – Move an opponent from an adjacent zone into the puller's
    zone."  A hero 2 zones away (hit by Range +1) takes the damage but is not pulled."""
    state = enemy_turns(scene("a-b-c", heroes=[hero("Aria", "c")], enemies=[
        enemy("Hook", "blue", "a", Section("shot", 2, 1, ("range+1", "pull")))]))
    state, events = play(state, EnemyActs())
    assert state.hero("Aria").zone == "c" and state.hero("Aria").health == 4
    assert any("adjacent" in e for e in events), events


def test_knocked_out_during_own_turn_the_turn_is_skipped():
    """*Knocked Out — Revive*: "If your hero is KO'd during a Combat Scene, you cannot take
    actions ... if it is your turn in player order, skip it entirely."  A hero knocked out
    by the health it suffers to revive another does not leave the round stuck."""
    state = turn_of(scene("a", heroes=[hero("Aria", "a", ["focus", "hit"], health=1, energy=1),
                                       hero("Odo", "a", health=0, ko=True, health_exhausted=5),
                                       hero("Zed", "a")]), "Aria")
    state, events = play(state, Revive("Aria", "Odo"))
    assert state.hero("Aria").ko
    assert state.round.current == "Zed", state.round.current
    assert "Aria is knocked out: turn skipped." in events


def test_targeting_movement_actions_target_heroes_in_the_order_they_activated():
    """*Targeting Heroes*: "All movement actions target heroes in the order they activated,
    while attack targeting is most often assigned by players."  A STEP without a targeting
    modifier goes toward the hero earliest in player order; the players do not choose."""
    state = enemy_turns(scene("a-b-c", heroes=[hero("Odo", "a"), hero("Aria", "c")],
                              enemies=[enemy("Runner", "white", "b", Section("step", 1))]))
    state = replace(state, round=replace(state.round, order=("Aria", "Odo")))
    refused(state, EnemyActs(target="Odo"), "order they activated")
    state, events = play(state, EnemyActs())
    assert state.enemy("Runner").zone == "c", events
    late = enemy_turns(scene("a-b-c", heroes=[hero("Odo", "a"), hero("Aria", "c")], enemies=[
        enemy("Runner", "white", "b", Section("step", 1, 1, ("target-later",)))]))
    late = replace(late, round=replace(late.round, order=("Aria", "Odo")))
    assert play(late, EnemyActs())[0].enemy("Runner").zone == "a"


def test_block_tokens_enemies_block_a_hero_hit_before_armour_and_toughness():
    """*Block tokens*: "each avoids suffering 1 damage. Certain effects also give block
    tokens to enemies."  A HIT on an enemy with a block token only takes the token."""
    state = turn_of(scene("a", heroes=[hero("Aria", "a", ["hit", "hit"])],
                          enemies=[enemy("Knight", "purple", "a", armour=1, block=1)]), "Aria")
    state, events = play(state, Hit("Aria", "Knight"))
    knight = state.enemy("Knight")
    assert (knight.block, knight.armour, knight.damage) == (0, 1, 0), events
    state, _ = play(state, Hit("Aria", "Knight"))
    assert (state.enemy("Knight").armour, state.enemy("Knight").damage) == (0, 0)


def test_clean_up_keeps_a_hero_stun_cube_for_the_next_preparation():
    """*Clean-Up Phase* removes "stun cubes from enemies"; *Stun*: a stunned hero "in the next
    Preparation Phase ... roll[s] one less die and remove[s] the cube"."""
    state = scene("a", heroes=[hero("Aria", "a", stun=True)],
                  enemies=[enemy("Grunt", "red", "a", stun=True)], number=1, of=2,
                  phase="cleanup")
    state, _ = play(state, CleanUp())
    assert state.hero("Aria").stun and not state.enemy("Grunt").stun
    refused(state, RollDice("Aria", ("hit",) * 4), "one less die")


def test_exiting_other_enemies_may_be_in_the_exit_zone_and_cost_damage():
    """*Exiting the Combat Scene*: "Other enemies may be in the exit's zone as long as the exit
    is not guarded. Heroes suffer 1 damage for every zone they move through that contains any
    enemies, including the starting zone and the zone containing the exit." """
    state = scene("a-b-c", heroes=[hero("Aria", "a")], tokens=[token("exit", "c", "Gate")],
                  enemies=[enemy("Lurker", "red", "a"), enemy("Sentry", "red", "c")],
                  number=2, of=2, phase="exit")
    state, events = play(state, Exit("Gate"))
    assert any(e == "Aria exits by A > B > C: 2 damage." for e in events), events


def test_enemy_shot_into_a_barricaded_wide_tile_comes_across_the_edge_it_crosses():
    """*Rule Unlocks > Barricades*: "Heroes and enemies cannot shoot into a zone containing a
    barricade token from the direction the arrows point" — the enemy's SHOT from a small tile
    on the north edge of a wide one, near its east end, comes from the north (the edge it
    crosses), not the east (the larger offset of the tile centres)."""
    def unequal(against):
        base = scene("a-b", heroes=[hero("Aria", "b")], barricades=[("b", [against])],
                     enemies=[enemy("Archer", "blue", "a", Section("shot", 1))])
        small, wide = base.zones
        return replace(base, zones=(replace(small, x=6, y=0), replace(wide, x=0, y=2, w=8)))

    state, events = play(enemy_turns(unequal("north")), EnemyActs())
    assert "barricade in B blocks shots from the north" in events[0]
    assert state.hero("Aria").health == 5
    state, events = play(enemy_turns(unequal("east")), EnemyActs())
    assert state.hero("Aria").health == 4
