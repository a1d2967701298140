"""The attack sequences from cards (docs/clash-sequences.md): the rulebook's statements on
rolls as named tests, the Monster Activation and the Knight Attack step by step."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tabletop.dice.kingdoms_forlorn import declare_rerolls
from tabletop.errors import IllegalActionError, TabletopError
from tabletop.games import layouts
from tabletop.games.clash import knight_attack as ka
from tabletop.games.clash import monster_round as mr
from tabletop.games.clash import sequence as seq
from tabletop.games.clash.actions import MoveKnight, StartTurn
from tabletop.games.clash.cards import cards_from_text
from tabletop.games.clash.encounter import GENERIC_DOUBLE
from tabletop.games.clash.events import describe
from tabletop.games.clash.rules import apply
from tabletop.spatial.grid import Space

ROOT = Path(__file__).resolve().parent.parent


def board(name: str = "boss"):
    return layouts.load(ROOT / "layouts" / f"clash-example-{name}.toml")[1]


def with_cards(state, **changes):
    return replace(state, cards=replace(state.cards, **changes))


def faces(draft, *labels):
    """Answer the draft's roll with the faces ``labels``."""
    return seq.from_faces(draft.ask, [str(x) if x != 10 else "CRIT" for x in labels])


def words(draft) -> str:
    return " ".join(describe(e) for e in draft.events)


def knight_round(state, knight: str, at: str | None = None):
    state = replace(state, turn=replace(state.turn, phase="knight"))
    state, _ = apply(state, StartTurn(knight))
    if at:
        state = state.with_piece(replace(state.knight(knight), at=Space.parse(at)))
    return state


def kara_attacks(state=None, weapon="Longsword", **cards):
    """Kara next to the Shellwyrm (B6, size 2) in the Knight Round, attacking."""
    state = knight_round(state or board(), "Kara", "D6")
    if cards:
        state = with_cards(state, **cards)
    return ka.begin(state, "Kara", "Shellwyrm", weapon)


# --- Dice (p. 14) and Crit Die During Attack Rolls -------------------------------------

def test_natural_10_always_hits():
    draft = kara_attacks(bonuses=(0, 0, 0, 14))          # To Hit 19
    draft = ka.answer(draft, faces(draft, 10, 9, 9))
    assert draft.hits == 1 and "a natural 10 always succeeds: hit" in words(draft)


def test_natural_1_always_misses():
    draft = kara_attacks()
    draft = replace(draft, precision=9)                  # 1 + 9 would reach To Hit 5
    draft = ka.answer(draft, faces(draft, 1, 5, 5))
    assert draft.hits == 2 and "a natural 1 always fails: miss" in words(draft)


def test_crit_chance_turns_a_wound_into_a_critical_wound():
    def power(crit: bool):
        draft = kara_attacks(bp_deck=("Tail",) + board().cards.bp_deck)
        first = 10 if crit else 6
        draft = ka.answer(draft, faces(draft, first, 6, 2))
        draft = ka.answer(draft, {}) if draft.ask.kind == "reroll" else draft
        assert draft.ask.roll_type == "power" and draft.bp == "Tail"
        return ka.answer(draft, seq.from_faces(draft.ask, ["power"] * len(draft.ask.dice)))
    plain, critical = power(False), power(True)
    assert plain.wound and not plain.critical
    assert critical.critical and "a Critical Wound (Crit Chance)" in words(critical)
    assert "Tail's Critical is resolved; no other Response" in words(critical)


def test_a_crit_chance_without_a_wound_is_just_a_fail():
    draft = kara_attacks(bp_deck=("Shell Plate",))
    draft = ka.answer(draft, faces(draft, 10, 2, 2))
    draft = ka.answer(draft, {})
    draft = ka.answer(draft, seq.from_faces(draft.ask, ["blank"] * len(draft.ask.dice)))
    assert draft.done and not draft.wound and "a Fail to wound" in words(draft)
    assert "Instinct Response" in words(draft)


# --- Dice Re-rolls, Heat Re-rolls, Power Re-rolls ---------------------------------------

def test_power_dice_cannot_be_rerolled_with_heat():
    state = knight_round(board(), "Ser Sonch", "D6")
    draft = ka.begin(with_cards(state, bp_deck=("Tail",)), "Ser Sonch", "Shellwyrm",
                     "Warhammer")
    draft = ka.answer(draft, faces(draft, 7, 7))
    assert draft.ask.kind == "roll" and draft.ask.roll_type == "power"
    draft = ka.answer(draft, seq.throw(draft.ask))
    assert draft.ask.kind == "reroll" and draft.ask.roll_type == "power"
    assert draft.ask.heat == 0 and draft.ask.free == 1
    with pytest.raises(IllegalActionError, match="Power dice cannot be re-rolled using Heat"):
        ka.answer(draft, {0: "heat"})
    again = ka.answer(draft, {0: "reroll"})
    assert again.ask.kind == "roll" and again.ask.rerolled == (0,)


def test_each_die_is_rerolled_once():
    draft = kara_attacks()
    draft = ka.answer(draft, faces(draft, 2, 3, 4))
    assert draft.ask.kind == "reroll" and draft.ask.heat == 9
    draft = ka.answer(draft, {0: "heat", 1: "heat"})
    assert draft.state.knight("Kara").heat == 2
    draft = ka.answer(draft, seq.throw(draft.ask))
    assert draft.ask is None or draft.ask.kind != "reroll"
    with pytest.raises(IllegalActionError, match="at most once per roll"):
        declare_rerolls(draft.roll, {2: "heat"}, roll_type="attack")


def test_a_reroll_answer_must_reroll_only_the_declared_dice():
    draft = kara_attacks()
    draft = ka.answer(draft, faces(draft, 2, 3, 4))
    draft = ka.answer(draft, {0: "heat"})
    with pytest.raises(TabletopError, match="only the declared dice"):
        ka.answer(draft, draft.ask.roll)


def test_full_miss_ends_the_attack_before_the_bp_card():
    before = kara_attacks()
    draft = ka.answer(before, faces(before, 1, 2, 2))
    draft = ka.answer(draft, {})
    assert draft.done and draft.bp == "" and "a Full Miss" in words(draft)
    assert draft.state.cards.bp_deck == before.state.cards.bp_deck


def test_full_hit_is_said():
    draft = kara_attacks()
    draft = ka.answer(draft, faces(draft, 9, 9, 9))
    assert "a Full Hit" in words(draft) and draft.ask.roll_type == "power"
    assert "at the table: Full Hit (example): add 1 Opening token" in words(draft)


def test_power_pool_is_hits_times_weapon_power_plus_bonus_and_the_knights_die():
    state = knight_round(board(), "Paracelsa", "D5")
    draft = ka.begin(state, "Paracelsa", "Shellwyrm", "Spear")
    draft = ka.answer(draft, faces(draft, 8, 8))
    # 2 hits x 2 red + 1 black Bonus Power + Paracelsa's red Power die
    assert sorted(draft.ask.dice) == sorted(["kf-power-red"] * 5 + ["kf-power-black"])


def test_declaring_an_attack_is_refused_with_the_reason():
    state = knight_round(board(), "Kara")
    with pytest.raises(IllegalActionError, match="a Melee weapon needs Shellwyrm adjacent"):
        ka.begin(state, "Kara", "Shellwyrm", "Longsword")
    with pytest.raises(IllegalActionError, match="not a weapon Kara carries"):
        ka.begin(state, "Kara", "Shellwyrm", "Mail Hauberk")


def test_raise_passion_and_priority_target():
    draft = kara_attacks()
    assert draft.state.knight("Kara").passion == 1
    assert draft.state.turn.priority == "Kara"


def test_overcome_and_wound_stack_for_a_bp3_card_and_escalation():
    draft = kara_attacks(bp_deck=("Heart Shell", "Tail"))
    draft = ka.answer(draft, faces(draft, 6, 6, 6))
    draft = ka.answer(draft, seq.from_faces(draft.ask, ["power"] * len(draft.ask.dice)))
    cards = draft.state.cards
    assert draft.wound and not draft.critical
    assert cards.wound_stack[-1] == GENERIC_DOUBLE and cards.wounds() == 2
    assert cards.bp_deck[-1] == "Heart Shell"           # set aside, then to the bottom
    assert draft.state.turn.last_wounder == "Kara"
    assert "AI Escalation" in words(draft)


def test_victory_when_the_wounds_reach_the_monsters_wounds():
    state = with_cards(board(), wound_stack=("Generic Single Wound",) * 5)
    draft = kara_attacks(state, bp_deck=("Soft Belly",))
    draft = ka.answer(draft, faces(draft, 6, 6, 6))
    draft = ka.answer(draft, seq.from_faces(draft.ask, ["power"] * len(draft.ask.dice)))
    assert draft.done and draft.state.cards.result == "victory"


def test_a_fail_response_that_is_an_attack_comes_after_the_attack():
    draft = kara_attacks(bp_deck=("Left Claw",))
    draft = ka.answer(draft, faces(draft, 6, 2, 2))
    draft = ka.answer(draft, {})
    draft = ka.answer(draft, seq.from_faces(draft.ask, ["blank"] * len(draft.ask.dice)))
    text = words(draft)
    assert "Attack Response: Perform Signature" in text
    assert text.index("Clear the Knight Pool") < text.index("performs Shell Slam")
    assert draft.follow is not None and draft.start.knight("Kara").passion == 0


# --- Resolving Activations ----------------------------------------------------------------

def monster(state=None, top="Shell-Bite", **cards):
    state = state or board()
    return mr.begin_activation(with_cards(state, ai_deck=(top,), **cards))


def test_an_ai_token_draws_the_top_ai_card_and_ties_are_offered_never_picked():
    draft = monster(top="Tail Lash")
    assert draft.card == "Tail Lash"
    assert draft.ask.kind == "choose" and set(draft.ask.options) == {"Kara", "Ser Sonch",
                                                                     "Paracelsa"}
    assert "equally viable; the players choose" in words(draft)


def test_no_target_means_the_routine():
    extra = cards_from_text('[[ai_cards]]\nname = "Lunge"\nmonster = "Shellwyrm"\nlevel = 1\n'
                            'targeting = ["Adjacent", "Lone Knight, Grouped Knight"]\n'
                            'evasion_dice = 1\ndifficulty = 5\n', "extra.toml")
    state = board()
    state = with_cards(state, library=state.cards.library.merged(extra))
    draft = monster(state, top="Lunge")
    text = words(draft)
    assert "no line has a valid Target: discard the card and perform the Routine" in text
    assert "Lunge is discarded; Shellwyrm performs its Routine, Burrowing Rage" in text
    assert draft.card == "Burrowing Rage" and "Lunge" in draft.state.cards.ai_discard


def test_signature_token_resolves_the_signature():
    state = board()
    boss = state.monster("Shellwyrm")
    state = state.with_piece(replace(boss, activations=boss.activations[::-1]))
    draft = mr.begin_activation(state)
    assert draft.card == "Shell Slam" and draft.token == "signature"


def test_out_of_reach_evade_goes_straight_to_the_after_attack():
    draft = monster(top="Tail Lash")                     # moves at most 3 spaces
    assert draft.ask.options[0] == "Kara"
    draft = mr.answer(draft, 0)
    while not draft.done:
        draft = mr.answer(draft, 0)
    text = words(draft)
    assert "Kara is Out of Reach of Shellwyrm's attack: Out of Reach Evade" in text
    assert "Evasion Roll" not in text and draft.state.knight("Kara").vigor == 14


def evade(draft, *labels):
    while draft.ask.kind == "choose":
        draft = mr.answer(draft, 0)
    return mr.answer(draft, faces(draft, *labels))


def adjacent_board():
    state = board()
    return state.with_piece(replace(state.knight("Kara"), at=Space.parse("D6")))


def test_evasion_roll_hits_vigor_loss_armor_roll_counts_power_only():
    draft = monster(adjacent_board(), top="Shell-Bite")
    draft = evade(draft, 2, 3)                          # both dice fail: 2 hits
    assert draft.hits == 2 and draft.ask.kind == "reroll"
    draft = mr.answer(draft, {})
    assert draft.ask.roll_type == "armor" and len(draft.ask.dice) == 2
    vigor = draft.state.knight("Kara").vigor
    draft = mr.answer(draft, seq.from_faces(draft.ask, ["hope", "potential"]))
    assert draft.state.knight("Kara").vigor == vigor - 2
    assert "0 Power symbols (Potential and Hope do not count)" in words(draft)


def test_armor_saving_all_vigor_skips_the_peril_check():
    draft = monster(adjacent_board(), top="Tail Lash")   # Highest Heat: a three-way tie
    draft = mr.answer(draft, draft.ask.options.index("Kara"))
    while draft.ask.kind == "choose":
        draft = mr.answer(draft, 0)
    draft = mr.answer(draft, faces(draft, 2, 2))
    draft = mr.answer(draft, {})
    assert draft.ask.roll_type == "armor"
    draft = mr.answer(draft, seq.from_faces(draft.ask, ["power", "power"]))
    while not draft.done:
        draft = mr.answer(draft, 0)
    text = words(draft)
    assert "the Vigor loss is reduced to 0: no Peril Check for it" in text
    assert "performs a Peril Check" not in text and draft.state.knight("Kara").vigor == 14


def test_vigor_loss_adds_the_level_bonus_once():
    state = adjacent_board()
    state = replace(state, cards=replace(state.cards, level=2))
    draft = monster(state, top="Shell-Bite")
    draft = evade(draft, 2, 3)
    draft = mr.answer(draft, {})
    assert "against 3 Vigor loss" in draft.ask.prompt    # 2 hits x 1 + 1 Level bonus


def test_crit_evade_fail_counts_again_when_the_crit_die_rerolls_a_1():
    draft = monster(adjacent_board(), top="Shell-Bite")
    draft = evade(draft, 1, 8)
    assert "1 Crit Evade Fail: resolve the Crit Evade Fail effects once" in words(draft)
    draft = mr.answer(draft, {0: "heat"})
    draft = mr.answer(draft, seq.from_faces(draft.ask, ["1"]))
    assert "2 Crit Evade Fail: resolve the Crit Evade Fail effects twice" in words(draft)
    assert draft.state.knight("Kara").heat == 1


def test_natural_10_always_evades_and_full_evade():
    draft = monster(adjacent_board(), top="Shell-Bite", bonuses=(0, 0, 0, 0))
    card = draft.state.cards.library.attack_card("Shell-Bite")
    assert card.difficulty == 6
    draft = evade(draft, 10, 10)
    assert draft.hits == 0 and "a Full Evade" in words(draft)


def test_defensive_weapon_is_a_choice_and_adds_its_evasion_bonus():
    draft = monster(adjacent_board(), top="Shell-Bite")
    while draft.ask.kind == "choose" and "Defensive" not in draft.ask.prompt:
        draft = mr.answer(draft, 0)
    assert draft.ask.options == ("none", "Kite Shield")
    draft = mr.answer(draft, 1)
    draft = mr.answer(draft, faces(draft, 5, 5))        # 5 + 1 = 6 evades
    assert draft.hits == 0
    assert "at the table: Full Evade (example): gain 1 Passion." in words(draft)


def test_cancelling_rolls_back_to_before_the_activation():
    state = adjacent_board()
    draft = monster(state, top="Shell-Bite")
    draft = evade(draft, 2, 3)
    assert draft.state != draft.start
    assert draft.start == with_cards(state, ai_deck=("Shell-Bite",))


def test_activation_without_cards_is_refused():
    _, state = layouts.load(ROOT / "layouts" / "clash-rule-mob-track.toml")
    with pytest.raises(IllegalActionError, match="names no card files"):
        mr.begin_activation(state)


def test_mob_wounded_leaves_and_a_new_mob_spawns():
    state = knight_round(board("mobs"), "Kara")
    state, _ = apply(state, MoveKnight("Kara", Space.parse("C3")))
    draft = ka.begin(state, "Kara", "Ratling 1", "Longsword")
    draft = ka.answer(draft, faces(draft, 9, 9, 9))
    draft = ka.answer(draft, seq.from_faces(draft.ask, ["power"] * len(draft.ask.dice)))
    while not draft.done:
        draft = ka.answer(draft, 0)
    after = draft.state
    assert state.monster("Ratling 1").at == Space.parse("B3")
    assert "Ratling Biter" in after.cards.wound_stack  # the wounded Ratling 1 left
    # the new Mob takes the emptied space 1 of the Mob track, so its ring is 1 again
    assert any("Ratling 1 spawns on A1" in describe(e) for e in draft.events)
    assert after.monster("Ratling 1").at == Space.parse("A1")
    assert len([m for m in after.monsters if not m.boss]) == 4


def test_mob_track_a_spawned_mob_takes_the_number_of_its_space():
    """*Mob Track*: "These numbers correspond to the numbers on the Mob base rings";
    *Spawning Mobs*: the new BP card goes "on the leftmost empty space on the Mob track" and
    "the corresponding Mob miniature" is placed.  So the Mob spawned where Ratling 3 was is
    the Sheet's name with ring 3 (the example Sheet is "Ratling", as the board's Mobs are
    named: "Ratling 3" again, beside Ratling 2), the next on space 5, and no two Mobs share
    a name."""
    from tabletop.games.clash.actions import DefeatMob
    from tabletop.games.clash.forced_steps import Branch

    state, _ = apply(board("mobs"), DefeatMob("Ratling 3"))
    first, *_ = seq.spawn(Branch(state))  # facing ties are the players'
    state = replace(first.state, monsters=tuple(  # make room on the spawn space A1
        replace(m, at=Space.parse("H12")) if m.name == "Ratling 3" else m
        for m in first.state.monsters))
    second, *_ = seq.spawn(Branch(state))
    track = second.state.mob_spaces
    assert track == ("Ratling 1", "Ratling 2", "Ratling 3", "Ratling 4", "Ratling 5")
    assert "Ratling 3 spawns on A1" in " ".join(describe(e) for e in first.events)
    names = [m.name for m in second.state.monsters]
    assert len(names) == len(set(names))
    # A layout whose Mob names do not follow the track: the lowest number no Mob holds.
    odd = replace(state, monsters=tuple(
        replace(m, name="Ratling 5") if m.name == "Ratling 3" else m for m in state.monsters),
        mob_track=("Ratling 1", "Ratling 2", "Ratling 5", "Ratling 4"))
    third, *_ = seq.spawn(Branch(odd))
    assert third.state.mob_spaces[-1] == "Ratling 3", third.events


def test_query_verbs_resolve_rolls_from_given_faces():
    from tabletop.games.clash.query import VERBS
    state = board()
    out = VERBS["evasion"].run(state, ["Shell-Bite", "Kara", "3,7"])
    assert out["hits"] == 1 and out["vigor_loss"] == 1
    out = VERBS["evasion"].run(state, ["Shell-Bite", "Kara", "5,5", "Kite Shield"])
    assert out["full_evade"]
    out = VERBS["power"].run(state, ["Kara", "Tail", "1,1,0", "crit"])
    assert out["answer"] == "critical wound" and out["total_power"] == 2
    out = VERBS["power"].run(state, ["Kara", "Tail", "1,1,0"])
    assert out["answer"] == "wound"
    out = VERBS["power"].run(state, ["Kara", "Tail", "1,0,0"])  # AT 2
    assert out["answer"] == "fail" and out["at"] == 2
    out = VERBS["armor"].run(state, ["Kara", "power,hope", "2"])
    assert out["power"] == 1 and out["answer"] == 1
    state2 = state.with_piece(replace(state.knight("Kara"), at=Space.parse("D6")))
    out = VERBS["attack"].run(state2, ["Kara", "Shellwyrm", "Longsword", "10,1,4"])
    assert out["hits"] == 2 and out["crit_chance"]


def test_mob_clash_a_defeated_mobs_bp_card_leaves_the_track_for_the_wound_stack():
    """*Clash Sequence*, Mob Monsters: "once Wounded, those enemies leave the Clash
    entirely"; *Wound Stack*: "Successfully wounded BP cards become Wounds and end up on the
    Wound Stack".  The manual DefeatMob takes Ratling 2's BP card off the Mob track (it is no
    longer listed under the Mob BP cards, nor revealed) and puts it on the Wound Stack."""
    from tabletop.games.clash.actions import DefeatMob

    state = board("mobs")
    card = dict(state.cards.mob_cards)["Ratling 2"]
    state = replace(state, cards=replace(state.cards, revealed=("Ratling 2",)))
    before = state.cards.wounds()
    after, events = apply(state, DefeatMob("Ratling 2"))
    assert "Ratling 2" not in dict(after.cards.mob_cards)
    assert "Ratling 2" not in after.cards.revealed
    assert after.cards.wound_stack[-1] == card and after.cards.wounds() > before
    assert any(f"{card} goes on the Wound Stack" in describe(e) for e in events)
    assert not after.cards.result  # far from the Ratlings' Wounds value


@pytest.mark.parametrize("name", ["clash-example-mobs", "clash-example-boss"])
def test_targeting_reasons_name_their_rule_once(name):
    """*Targeting*: each line's reason is told with the rule that decided, once: a reason
    that names its rule in brackets ("Kara (Targeting: the first line some Knight fulfils
    decides)", "the players choose (Priority Target)") gets no second "(Targeting)"."""
    from tabletop.games.clash.actions import ActivateFromCards

    _, state = layouts.load(ROOT / "layouts" / f"{name}.toml")
    _, events = apply(state, ActivateFromCards())
    told = [describe(e) for e in events if e.kind == "said" and e.other.startswith("line ")]
    assert told and all(line.count("(Targeting") == 1 or "(Priority Target)" in line
                        for line in told), told
    assert not any(") (" in line.split(":", 1)[1] for line in told), told
