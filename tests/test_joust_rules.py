"""King's Champion rules core: the rulebook's worked examples, the Planning Phase limits, every
Favor Action, Aftershocks, Panic, Reputation, Crowns, the end and its tie-breakers."""

from dataclasses import replace
from pathlib import Path

import pytest

from tabletop.errors import IllegalActionError
from tabletop.games import layouts
from tabletop.games.joust.actions import (
    AdvanceCrown,
    Attach,
    Choose,
    ChooseFavor,
    Collect,
    DieRoll,
    Draw,
    EndRound,
    Finish,
    Joust,
    KnightRoll,
    Pass,
    PlaceDie,
    PlaceToken,
    Ready,
    RemoveDie,
    Reveal,
    SetOrder,
)
from tabletop.games.joust.events import KnightScored, Panicked, describe
from tabletop.games.joust.rewards import options
from tabletop.games.joust.rules import apply
from tabletop.games.joust.scoring import token_morale, winner

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"
B, E = "Bloodguard", "Echelon"


def load(name: str):
    return layouts.load(LAYOUTS / name)[1]


def do(state, *actions):
    for action in actions:
        state, _ = apply(state, action)
    return state


def events_of(state, action):
    return apply(state, action)[1]


SQUIRE = "squire"
"""In a ``dice`` plan: the Knight's own Squire die goes on the slot."""
DEFAULT_DICE = {
    B: {"Sir Aldric": {"1": "white"}, "Dame Wren": {"1": "green"},
        "Sir Corvin": {"1": SQUIRE, "Lance": "green"}},
    E: {"Dame Isolde": {"1": "white"}, "Sir Bertram": {"1": "green"}, "Dame Maud": {}},
}
"""Dice match their slots: Sir Corvin's green token takes his Squire's green die; Echelon's
pool of two white and two green has no red die for Dame Maud's red token."""
DEFAULT_FAVORS = {
    B: {"Sir Aldric": "hit", "Dame Wren": "ruse", "Sir Corvin": "heros-fate"},
    E: {"Dame Isolde": "block", "Sir Bertram": "hit", "Dame Maud": "kings-crown"},
}
DEFAULT_ORDER = {B: ("Sir Aldric", "Dame Wren", "Sir Corvin"),
                 E: ("Dame Isolde", "Sir Bertram", "Dame Maud")}


def plan(state, favors=None, order=None, dice=None):
    """Both Households plan (defaults above, overridden per Knight) and finish planning."""
    for house in (B, E):
        chosen = {**DEFAULT_FAVORS[house], **(favors or {}).get(house, {})}
        placing = {**DEFAULT_DICE[house], **(dice or {}).get(house, {})}
        for knight, slots in placing.items():
            for slot, colour in slots.items():
                if colour == SQUIRE:
                    squire = state.household(house).knight(knight).squire
                    state = do(state, PlaceDie(house, knight, slot, squire.colour, True))
                else:
                    state = do(state, PlaceDie(house, knight, slot, colour))
        for knight, favor in chosen.items():
            if not state.household(house).knight(knight).panic:
                state = do(state, ChooseFavor(house, knight, favor))
        state = do(state, SetOrder(house, (order or {}).get(house, DEFAULT_ORDER[house])),
                   Ready(house))
    return state


def rolls(state, b_faces, e_faces, b_convert=0, e_convert=0):
    """A Joust for the revealed joust: ``*_faces`` map slot -> face or DieRoll; unnamed dice
    roll 1 (and the Fealty Die 1)."""
    pair = dict(zip((h.name for h in state.in_order()), state.jousters(state.resolved),
                    strict=True))
    out = []
    for house, faces, convert in ((B, b_faces, b_convert), (E, e_faces, e_convert)):
        knight = pair[house]
        slots = [s for s, _ in knight.placed_dice()] + ["fealty"]
        dice = []
        for slot in slots:
            given = faces.get(slot, 1)
            dice.append(given if isinstance(given, DieRoll) else DieRoll(slot, (given,)))
        out.append(KnightRoll(house, tuple(dice), convert))
    return Joust(tuple(out))


@pytest.fixture
def first():
    return load("joust-first-round.toml")


@pytest.fixture
def jousting(first):
    return do(plan(first), Reveal())


# --- Worked examples -------------------------------------------------------------------------

def test_morale_example_one_white_two_green_tokens_start_at_19():
    state = load("joust-setup.toml")
    state = do(state, PlaceToken(B, "Sir Aldric", "white"), PlaceToken(B, "Dame Wren", "green"),
               PlaceToken(B, "Sir Corvin", "green"))
    assert state.household(B).morale == 19
    assert state.household(B).bravery_tokens == ("red",)


def test_setup_ends_when_every_knight_has_a_token():
    state = load("joust-setup.toml")
    for house, tokens in ((B, ("white", "green", "green")), (E, ("white", "white", "red"))):
        for knight, colour in zip(DEFAULT_ORDER[house], tokens, strict=True):
            assert state.phase == "setup"
            state = do(state, PlaceToken(house, knight, colour))
    assert state.phase == "draw"  # the first round begins with its Draw Phase
    assert state.household(E).morale == 12 + 3 + 3 + 1


def test_setup_gives_each_knight_a_single_token():
    state = do(load("joust-setup.toml"), PlaceToken(B, "Sir Aldric", "white"))
    with pytest.raises(IllegalActionError, match="single"):
        apply(state, PlaceToken(B, "Sir Aldric", "green"))


def test_pip_count_example_green_and_black_totalling_10_beat_5(first):
    # One Bravery Token: the first box, 5; a Green and a Black die showing 10 pips.
    state = do(plan(first, order={B: ("Dame Wren", "Sir Aldric", "Sir Corvin")}), Reveal())
    wren = state.household(B).knight("Dame Wren")
    assert len(wren.tokens) == 1 and wren.placed_dice() == (("1", "green"),)
    after, events = apply(state, rolls(state, {"1": 5, "fealty": 5}, {}))
    scored = next(e for e in events if isinstance(e, KnightScored) and e.house == B)
    assert (scored.pips, scored.target, scored.crown) == (10, 5, True)
    assert after.household(B).crowns == state.household(B).crowns + 1


def test_pip_count_must_beat_the_box_not_equal_it(first):
    state = do(plan(first, order={B: ("Dame Wren", "Sir Aldric", "Sir Corvin")}), Reveal())
    beaten = apply(state, rolls(state, {"1": 4, "fealty": 2}, {}))[0]  # 6 > 5
    equal = apply(state, rolls(state, {"1": 3, "fealty": 2}, {}))[0]   # 5 is not above 5
    assert beaten.household(B).crowns == 1
    assert equal.household(B).crowns == 0


def test_crown_track_example_six_crowns_reach_the_five_morale_perk(first):
    state = replace(first, households=(replace(first.household(B), crowns=7),
                                       first.household(E)))
    for step in range(1, 7):
        state, (event,) = apply(state, AdvanceCrown(B, "Rally"))
        assert event.progress == step
        assert state.household(B).tracks[0].complete == (step == 6)
    assert state.household(B).tracks[0].complete
    assert "gain 5 Morale" in describe(event)  # the rulebook's "Add five Morale"
    with pytest.raises(IllegalActionError, match="complete"):
        apply(state, AdvanceCrown(B, "Rally"))
    assert do(state, AdvanceCrown(B, "Armoury")).household(B).tracks[1].progress == 1


def test_crown_needs_an_earned_crown(first):
    with pytest.raises(IllegalActionError, match="no King's Crown"):
        apply(first, AdvanceCrown(B, "Rally"))


# --- Morale from tokens ------------------------------------------------------------------------

@pytest.mark.parametrize("colour, gains", [("white", [3, 2, 1, 0]), ("green", [2, 1, 0, 0]),
                                           ("red", [1, 0, 0, 0])])
def test_morale_from_tokens_falls_with_each_token_of_a_colour(colour, gains):
    held: list[str] = ["green" if colour != "green" else "white"]
    seen = []
    for _ in gains:
        seen.append(token_morale(held, colour))
        held.append(colour)
    assert seen == gains


# --- Planning Phase ---------------------------------------------------------------------------

def test_dice_go_one_per_bravery_token(first):
    state = do(first, PlaceDie(B, "Sir Aldric", "1", "white"))
    with pytest.raises(IllegalActionError, match="already holds"):
        apply(state, PlaceDie(B, "Sir Aldric", "1", "green"))
    with pytest.raises(IllegalActionError, match="no slot 2"):
        apply(state, PlaceDie(B, "Sir Aldric", "2", "green"))


def test_equipment_slot_takes_only_its_colours(first):
    with pytest.raises(IllegalActionError, match="red or green"):
        apply(first, PlaceDie(B, "Sir Corvin", "Lance", "white"))
    state = do(first, PlaceDie(B, "Sir Corvin", "Lance", "green"))
    assert state.household(B).knight("Sir Corvin").die_on("Lance") == "green"


def test_dice_must_match_the_bravery_token_they_are_locked_to(first):
    """Placing an Enhancement Card (rulebook lines 454 and 456): "Squires allow the player to
    earn dice for a Knight, but they need a Bravery Token slot or an Equipment card slot that
    matches them to be rolled in a Joust Roll." and "The dice locked into that spot must match
    the location you are locking it to." A die on a Bravery Token is of the token's colour."""
    with pytest.raises(IllegalActionError, match="a green die goes on a green Bravery Token: "
                                                 "dice must match the slot they are locked to"):
        apply(first, PlaceDie(B, "Dame Wren", "1", "white"))
    with pytest.raises(IllegalActionError, match="a white die goes on a white Bravery Token"):
        apply(first, PlaceDie(B, "Sir Aldric", "1", "green"))
    with pytest.raises(IllegalActionError, match="a red die goes on a red Bravery Token"):
        apply(first, PlaceDie(E, "Dame Maud", "1", "white"))
    state = do(first, PlaceDie(B, "Sir Aldric", "1", "white"),
               PlaceDie(B, "Dame Wren", "1", "green"))
    assert state.household(B).pool == ("white", "green")


def test_squire_die_needs_a_slot_that_matches_it(first):
    """Line 454: a Squire's die "need[s] a Bravery Token slot or an Equipment card slot that
    matches" it. Page Hal's green die goes on Sir Corvin's green token or his red-or-green
    Lance, never on a slot of another colour."""
    corvin = first.household(B).knight("Sir Corvin")
    white_token = first.with_household(first.household(B).with_knight(
        replace(corvin, tokens=("white",))))
    with pytest.raises(IllegalActionError, match="a white die goes on a white Bravery Token"):
        apply(white_token, PlaceDie(B, "Sir Corvin", "1", "green", from_squire=True))
    for slot in ("1", "Lance"):
        placed = do(first, PlaceDie(B, "Sir Corvin", slot, "green", from_squire=True))
        assert placed.household(B).knight("Sir Corvin").squire.on == slot


def test_legal_actions_place_only_matching_dice(first):
    """Every die placement the rules core offers matches its slot (lines 454, 456)."""
    from tabletop.games.joust.rules import legal_actions

    placements = [a for a in legal_actions(first) if isinstance(a, PlaceDie)]
    assert placements
    for action in placements:
        knight = first.household(action.house).knight(action.knight)
        assert action.colour in knight.slot_colours(action.slot), action
    assert PlaceDie(E, "Dame Maud", "1", "white") not in placements
    assert PlaceDie(B, "Sir Corvin", "1", "green", True) in placements


def test_dice_come_from_the_pool(first):
    state = do(first, PlaceDie(B, "Sir Aldric", "1", "white"),
               PlaceDie(B, "Dame Wren", "1", "green"), PlaceDie(B, "Sir Corvin", "Lance", "green"))
    assert state.household(B).pool == ("white",)
    with pytest.raises(IllegalActionError, match="no green die"):
        apply(state, PlaceDie(B, "Sir Corvin", "1", "green"))
    state = do(state, RemoveDie(B, "Sir Corvin", "Lance"))
    with pytest.raises(IllegalActionError, match="no red die"):
        apply(state, PlaceDie(B, "Sir Corvin", "Lance", "red"))


def test_fealty_die_is_never_placed(first):
    with pytest.raises(IllegalActionError, match="Fealty"):
        apply(first, PlaceDie(B, "Sir Aldric", "1", "black"))


def test_remove_die_returns_it_to_the_pool(first):
    state = do(first, PlaceDie(B, "Sir Aldric", "1", "white"), RemoveDie(B, "Sir Aldric", "1"))
    assert sorted(state.household(B).pool) == sorted(first.household(B).pool)
    assert state.household(B).knight("Sir Aldric").die_on("1") is None


def test_squire_die_stays_on_its_knight_and_returns_to_the_squire(first):
    with pytest.raises(IllegalActionError, match="no Squire die"):
        apply(first, PlaceDie(B, "Sir Aldric", "1", "white", from_squire=True))
    state = do(first, PlaceDie(B, "Sir Corvin", "1", "green", from_squire=True))
    corvin = state.household(B).knight("Sir Corvin")
    assert corvin.squire.on == "1" and state.household(B).pool == first.household(B).pool
    state = do(state, RemoveDie(B, "Sir Corvin", "1"))
    assert state.household(B).knight("Sir Corvin").squire.on is None
    assert state.household(B).pool == first.household(B).pool


def test_squire_as_enhancement_one_per_knight(first):
    with pytest.raises(IllegalActionError, match="one Squire"):
        apply(first, Attach(B, "Gilded Lance", "Sir Corvin", "squire", "red"))
    state = do(first, Attach(B, "Gilded Lance", "Sir Aldric", "squire", "red"))
    assert state.household(B).knight("Sir Aldric").squire.colour == "red"
    assert state.household(B).hand == ()


def test_squire_colour_must_be_locked_to_a_shown_colour(first):
    with pytest.raises(IllegalActionError, match="locked"):
        apply(first, Attach(B, "Gilded Lance", "Sir Aldric", "squire", "green"))


def test_vanguard_may_have_one_piece_of_equipment(first):
    with pytest.raises(IllegalActionError, match="Vanguard may have 1"):
        apply(first, Attach(B, "Gilded Lance", "Sir Corvin", "equipment"))
    state = do(first, Attach(B, "Gilded Lance", "Sir Aldric", "equipment"))
    house = state.household(B)
    assert house.workers == first.household(B).workers - 1
    assert house.knight("Sir Aldric").slot_ids() == ("1", "Gilded Lance")


def test_crusader_equipment_must_be_of_different_types(first):
    corvin = replace(first.household(B).knight("Sir Corvin"), side="crusader")
    state = first.with_household(first.household(B).with_knight(corvin))
    with pytest.raises(IllegalActionError, match="different types"):
        apply(state, Attach(B, "Gilded Lance", "Sir Corvin", "equipment"))
    shield = replace(state.household(B).hand[0], kind="shield")
    state = state.with_household(replace(state.household(B), hand=(shield,)))
    assert len(do(state, Attach(B, "Gilded Lance", "Sir Corvin", "equipment"))
               .household(B).knight("Sir Corvin").equipment) == 2


def test_equipment_needs_a_worker(first):
    state = first.with_household(replace(first.household(B), workers=0))
    with pytest.raises(IllegalActionError, match="worker"):
        apply(state, Attach(B, "Gilded Lance", "Sir Aldric", "equipment"))


def test_one_enhancement_card_per_planning_phase(first):
    second = replace(first.household(B).hand[0], name="Plain Shield", kind="shield")
    state = first.with_household(replace(first.household(B),
                                         hand=(*first.household(B).hand, second)))
    state = do(state, Attach(B, "Gilded Lance", "Sir Aldric", "squire", "red"))
    with pytest.raises(IllegalActionError, match="one Enhancement"):
        apply(state, Attach(B, "Plain Shield", "Dame Wren", "equipment"))


def test_favor_action_must_be_on_the_card(first):
    with pytest.raises(IllegalActionError, match="offers Block, Hit, King's Crown"):
        apply(first, ChooseFavor(B, "Sir Aldric", "ruse"))


def test_panicked_knight_may_not_use_a_favor_action(first):
    aldric = replace(first.household(B).knight("Sir Aldric"), panic=True)
    state = first.with_household(first.household(B).with_knight(aldric))
    with pytest.raises(IllegalActionError, match="Panicked"):
        apply(state, ChooseFavor(B, "Sir Aldric", "hit"))


def test_ready_needs_the_order_and_every_favor(first):
    with pytest.raises(IllegalActionError, match="order"):
        apply(first, Ready(B))
    state = do(first, SetOrder(B, DEFAULT_ORDER[B]))
    with pytest.raises(IllegalActionError, match="Favor Action"):
        apply(state, Ready(B))


def test_order_names_each_knight_once(first):
    with pytest.raises(IllegalActionError, match="once"):
        apply(first, SetOrder(B, ("Sir Aldric", "Sir Aldric", "Dame Wren")))
    with pytest.raises(IllegalActionError, match="once"):
        apply(first, SetOrder(B, ("Sir Aldric", "Dame Wren", "Dame Isolde")))


def test_finished_household_cannot_change_its_plan(first):
    state = plan(first)
    with pytest.raises(IllegalActionError):
        apply(state, ChooseFavor(B, "Sir Aldric", "block"))


def test_both_ready_begins_the_jousting_phase(first):
    state = plan(first)
    assert state.phase == "jousting" and state.revealed == 0


def test_planning_log_keeps_the_plan_secret(first):
    words = " ".join(describe(e) for e in events_of(first, ChooseFavor(B, "Sir Aldric", "block")))
    words += " ".join(describe(e) for e in
                      events_of(first, PlaceDie(B, "Sir Aldric", "1", "white")))
    words += " ".join(describe(e) for e in events_of(first, SetOrder(B, DEFAULT_ORDER[B])))
    assert "Block" not in words and "white" not in words and "Aldric" not in words


# --- Jousting Phase: reveal and Favor Actions ----------------------------------------------

def test_jousts_are_revealed_one_at_a_time(first):
    state = plan(first)
    with pytest.raises(IllegalActionError, match="reveal the next joust"):
        apply(state, Joust(()))
    state = do(state, Reveal())
    with pytest.raises(IllegalActionError, match="not yet rolled"):
        apply(state, Reveal())


def test_favor_hit_adds_a_hit_that_block_can_stop(first):
    # Aldric (Hit) against Isolde (Block): Aldric's white 6 + Hit = 2 hits, Block stops 1.
    state = do(plan(first), Reveal())
    after, events = apply(state, rolls(state, {"1": 6}, {}))
    scored = next(e for e in events if isinstance(e, KnightScored) and e.house == B)
    assert (scored.hits, scored.blocked, scored.damage) == (2, 1, 1)
    assert after.household(E).morale == state.household(E).morale - 1


def test_favor_block_makes_one_critical_hit_count_as_one(first):
    state = do(plan(first, favors={B: {"Sir Aldric": "block"}}), Reveal())
    aldric_red = replace(state.household(B).knight("Sir Aldric"), tokens=("red",),
                         token_dice=("red",))
    red_state = state.with_household(state.household(B).with_knight(aldric_red))
    _, events = apply(red_state, rolls(red_state, {"1": 6, "fealty": 5}, {}))
    scored = next(e for e in events if isinstance(e, KnightScored) and e.house == B)
    # red 6 (two hits) and black 5: 3 hits; the Critical Hit counts one and one is blocked.
    assert (scored.hits, scored.criticals, scored.blocked, scored.damage) == (3, 1, 2, 1)


def test_favor_block_keeps_the_knight_calm(first):
    # Aldric (Block) takes 6 hits: not Panicked; Isolde (no Block) taking 5 would be.
    state = do(plan(first, favors={B: {"Sir Aldric": "block"}, E: {"Dame Isolde": "targeting"}}),
               Reveal())
    chain = DieRoll("fealty", (6,), aftershocks=(6, 6, 6, 6, 6, 5))
    after, events = apply(state, rolls(state, {}, {"1": 6, "fealty": chain}))
    assert not any(isinstance(e, Panicked) for e in events)
    assert after.household(B).knight("Sir Aldric").hits_taken >= 5
    after = _finish_round(after)
    assert not after.household(B).knight("Sir Aldric").panic


def test_favor_ruse_lowers_the_hit_number(first):
    # Wren (Ruse) rolls green 4: a hit with Ruse (green hits on 4-6).
    state = do(plan(first, order={B: ("Dame Wren", "Sir Aldric", "Sir Corvin")}), Reveal())
    _, events = apply(state, rolls(state, {"1": 4, "fealty": 4}, {}))
    scored = next(e for e in events if isinstance(e, KnightScored) and e.house == B)
    assert scored.hits == 2 and scored.reputation == 0


def test_favor_heros_fate_rerolls_any_die_once(first):
    order = {B: ("Sir Corvin", "Sir Aldric", "Dame Wren")}
    state = do(plan(first, order=order), Reveal())
    again = DieRoll("fealty", (1, 5), ("heros-fate",))
    _, events = apply(state, rolls(state, {"fealty": again}, {}))
    scored = next(e for e in events if isinstance(e, KnightScored) and e.house == B)
    assert "black 5 (rerolled from 1 by Hero's Fate): Hit" in scored.dice
    twice = DieRoll("fealty", (1, 2, 5), ("heros-fate", "heros-fate"))
    with pytest.raises(IllegalActionError, match="once"):
        apply(state, rolls(state, {"fealty": twice}, {}))
    other = do(plan(first), Reveal())  # Aldric has Hit, not Hero's Fate
    with pytest.raises(IllegalActionError, match="Hero's Fate"):
        apply(other, rolls(other, {"fealty": again}, {}))


def test_squire_reroll_needs_its_colour_and_a_worker(first):
    order = {B: ("Sir Corvin", "Sir Aldric", "Dame Wren")}
    state = do(plan(first, order=order), Reveal())
    green = DieRoll("1", (2, 6), ("squire",))  # Page Hal rerolls green dice
    _, events = apply(state, rolls(state, {"1": green}, {}))
    assert "green 6 (rerolled from 2 by the Squire Reroll): Hit" in next(
        e for e in events if isinstance(e, KnightScored)).dice
    black = DieRoll("fealty", (2, 6), ("squire",))
    with pytest.raises(IllegalActionError, match="Squire Reroll"):
        apply(state, rolls(state, {"fealty": black}, {}))
    both = DieRoll("1", (2, 3, 6), ("squire", "heros-fate"))  # stacks with Hero's Fate
    assert apply(state, rolls(state, {"1": both}, {}))[0].resolved == 1


def test_favor_mark_of_the_church_gains_morale_and_converts_hits(first):
    favors = {E: {"Sir Bertram": "mark-of-the-church"}, B: {"Dame Wren": "kings-crown"}}
    state = plan(first, favors=favors, order={B: ("Dame Wren", "Sir Aldric", "Sir Corvin"),
                                              E: ("Sir Bertram", "Dame Isolde", "Dame Maud")})
    state = replace(state, households=(state.household(B),
                                       replace(state.household(E), morale=12)))
    state, events = apply(state, Reveal())
    assert state.household(E).morale == 13
    # Bertram rolls green 6 and black 5: 2 hits, both turned into Morale (13 -> 15).
    after = apply(state, rolls(state, {}, {"1": 6, "fealty": 5}, e_convert=2))[0]
    assert after.household(E).morale == 15
    assert after.household(B).morale == state.household(B).morale
    with pytest.raises(IllegalActionError, match="at most 2"):
        apply(state, rolls(state, {}, {"1": 6, "fealty": 5}, e_convert=3))


def test_mark_of_the_church_converts_only_under_15_morale(first):
    favors = {E: {"Sir Bertram": "mark-of-the-church"}}
    state = plan(first, favors=favors, order={E: ("Sir Bertram", "Dame Isolde", "Dame Maud")})
    state = do(replace(state, households=(state.household(B),
                                          replace(state.household(E), morale=14))), Reveal())
    assert state.household(E).morale == 15
    with pytest.raises(IllegalActionError, match="at most 0"):
        apply(state, rolls(state, {}, {"1": 6}, e_convert=1))


def test_convert_needs_mark_of_the_church(jousting):
    with pytest.raises(IllegalActionError, match="Mark of the Church"):
        apply(jousting, rolls(jousting, {"1": 6}, {}, b_convert=1))


def test_favor_targeting_presets_one_attack_die(first):
    state = do(plan(first, favors={E: {"Dame Isolde": "targeting"}}), Reveal())
    preset = DieRoll("1", (6,), preset=True)
    after, events = apply(state, rolls(state, {}, {"1": preset}))
    assert after.resolved == 1
    with pytest.raises(IllegalActionError, match="Fealty"):
        apply(state, rolls(state, {}, {"fealty": DieRoll("fealty", (5,), preset=True)}))
    with pytest.raises(IllegalActionError, match="only Targeting"):
        apply(state, rolls(state, {"1": preset}, {}))


def test_favor_kings_crown_gains_a_crown_on_reveal(first):
    state = plan(first, order={E: ("Dame Maud", "Dame Isolde", "Sir Bertram")})
    assert do(state, Reveal()).household(E).crowns == 1


def test_panicked_knight_resolves_no_favor(first):
    state = plan(first)
    isolde = replace(state.household(E).knight("Dame Isolde"), panic=True, favor=None)
    state = do(state.with_household(state.household(E).with_knight(isolde)), Reveal())
    _, events = apply(state, rolls(state, {"1": 6}, {}))
    scored = next(e for e in events if isinstance(e, KnightScored) and e.house == B)
    assert scored.blocked == 0 and scored.damage == 2


# --- Scoring ------------------------------------------------------------------------------------

def test_aftershock_must_roll_until_a_face_other_than_six(jousting):
    with pytest.raises(IllegalActionError, match="Aftershock"):
        apply(jousting, rolls(jousting, {"fealty": 6}, {}))
    with pytest.raises(IllegalActionError, match="Aftershock"):
        apply(jousting, rolls(jousting, {"fealty": DieRoll("fealty", (6,), aftershocks=(6,))},
                              {}))
    with pytest.raises(IllegalActionError, match="only a Fealty Die"):
        apply(jousting, rolls(jousting, {"fealty": DieRoll("fealty", (5,), aftershocks=(2,))},
                              {}))


def test_aftershock_chain_in_a_joust_lowers_rival_morale(jousting):
    chain = DieRoll("fealty", (6,), aftershocks=(6, 6, 3))
    after, events = apply(jousting, rolls(jousting, {}, {"fealty": chain}))
    scored = next(e for e in events if isinstance(e, KnightScored) and e.house == E)
    assert (scored.aftershocks, scored.hits, scored.reputation, scored.pips) == (3, 3, 2, 22)
    assert scored.dice[-1] == "black 3 (Aftershock roll): one Reputation"
    assert after.household(B).morale == jousting.household(B).morale - 3


def test_roll_must_be_exactly_the_knights_dice(jousting):
    pair = jousting.jousters(0)
    short = KnightRoll(B, (DieRoll("fealty", (2,)),))
    full = rolls(jousting, {}, {}).rolls[1]
    with pytest.raises(IllegalActionError, match="exactly"):
        apply(jousting, Joust((short, full)))
    assert pair[0].name == "Sir Aldric"


def test_reputation_is_kept_at_most_12(jousting):
    state = jousting.with_household(replace(jousting.household(B), reputation=11))
    after = apply(state, rolls(state, {"1": 2, "fealty": 2}, {}))[0]
    assert after.household(B).reputation == 12


def test_panic_at_five_hits_on_one_knight(jousting):
    chain = DieRoll("fealty", (6,), aftershocks=(6, 6, 6, 5))
    # Isolde's white 6 and a Fealty Die with five Aftershocks and a 5: 7 hits on Aldric.
    after, events = apply(jousting, rolls(jousting, {}, {"1": 6, "fealty": chain}))
    assert any(isinstance(e, Panicked) and e.knight == "Sir Aldric" for e in events)
    after = _finish_round(after)
    aldric = after.household(B).knight("Sir Aldric")
    assert aldric.panic and after.round == 2
    with pytest.raises(IllegalActionError, match="Panicked"):
        apply(after, ChooseFavor(B, "Sir Aldric", "hit"))
    # Panic lasts a single round.
    after = _finish_round(do(plan(after), Reveal()))
    assert not after.household(B).knight("Sir Aldric").panic


def test_four_hits_do_not_panic(jousting):
    chain = DieRoll("fealty", (6,), aftershocks=(6, 5))
    after, events = apply(jousting, rolls(jousting, {}, {"1": 6, "fealty": chain}))
    assert after.household(B).knight("Sir Aldric").hits_taken == 4
    assert not any(isinstance(e, Panicked) for e in events)


def _finish_round(state):
    """Run the rest of the round's jousts with every die showing 1, end it, and play the
    Ennoblement, Draw and Worker Phases without spending or placing anything, up to the next
    Planning Phase (or the end)."""
    while state.resolved < 3:
        if state.revealed == state.resolved:
            state = do(state, Reveal())
        state = do(state, rolls(state, {}, {}))
    state = do(state, EndRound())
    while state.phase not in ("planning", "over"):
        house = state.household(state.turn)
        if state.pending:
            state = do(state, Choose(state.pending[0].house,
                                     options(state, state.pending[0])[0]))
        elif state.phase == "ennoblement":
            state = do(state, Finish(house.name) if house.collected else Collect(house.name))
        elif state.phase == "draw":
            state = do(state, Draw(house.name))
        else:
            state = do(state, Pass(house.name))
    return state


# --- Rounds, initiative and the end ---------------------------------------------------------

def test_initiative_alternates_each_round(first):
    state = _finish_round(do(plan(first), Reveal()))
    assert (state.round, state.initiative, state.phase) == (2, E, "planning")
    assert state.jousters(0) is None  # the List is cleared
    assert sorted(state.household(B).pool) == ["green", "green", "white", "white"]
    state = _finish_round(do(plan(state), Reveal()))
    assert (state.round, state.initiative) == (3, B)


def test_end_round_waits_for_the_third_joust(jousting):
    with pytest.raises(IllegalActionError, match="still to be run"):
        apply(jousting, EndRound())


def test_morale_zero_loses(jousting):
    state = jousting.with_household(replace(jousting.household(B), morale=2))
    after, events = apply(state, rolls(state, {}, {"1": 6, "fealty": 5}))
    assert after.phase == "over" and after.household(B).morale == 0
    assert winner(after) == (E, "House Bloodguard's Morale is broken")
    with pytest.raises(IllegalActionError, match="over"):
        apply(after, Reveal())


def test_after_round_six_most_morale_wins(first):
    state = replace(first, round=6)
    state = _finish_round(do(plan(state, favors={E: {"Sir Bertram": "heros-fate"}}), Reveal()))
    assert state.phase == "over"
    assert (state.household(B).morale, state.household(E).morale) == (19, 18)
    assert winner(state)[0] == B


def _ended(first, morale=(15, 15), promoted=(0, 0), spent=(0, 0)):
    houses = []
    for house, m, p, s in zip(first.households, morale, promoted, spent, strict=True):
        knights = tuple(replace(k, side="crusader") if i < p else k
                        for i, k in enumerate(house.knights))
        houses.append(replace(house, morale=m, knights=knights, reputation_spent=s))
    return replace(first, households=tuple(houses), phase="over", round=6)


def test_tie_breaker_knights_promoted(first):
    assert winner(_ended(first, promoted=(1, 2)))[0] == E


def test_tie_breaker_reputation_spent(first):
    assert winner(_ended(first, promoted=(1, 1), spent=(9, 4)))[0] == B


def test_tie_when_everything_is_equal(first):
    name, why = winner(_ended(first, promoted=(1, 1), spent=(3, 3)))
    assert name is None and "equal Morale" in why


def test_both_broken_in_one_joust_go_to_the_tie_breakers(first):
    assert winner(replace(_ended(first, morale=(0, 0), promoted=(0, 1)), phase="over"))[0] == E


def test_no_winner_while_the_game_goes_on(first):
    assert winner(first) is None


# --- Audit against the rulebook's words ------------------------------------------------------

def _with_knight(state, house, name, **changes):
    knight = replace(state.household(house).knight(name), **changes)
    return state.with_household(state.household(house).with_knight(knight))


def test_panic_at_exactly_five_hits(jousting):
    """Knightly Terms, Panic: "If you take 5 hits or more in a single round of Jousting on one
    Knight, they reach a state of Panic and may not use a Favor Action in the following
    round." Five hits, no more, are enough."""
    chain = DieRoll("fealty", (6,), aftershocks=(6, 6, 5))  # four hits from the Fealty Die
    after, events = apply(jousting, rolls(jousting, {}, {"1": 6, "fealty": chain}))
    assert after.household(B).knight("Sir Aldric").hits_taken == 5
    assert [e.knight for e in events if isinstance(e, Panicked)] == ["Sir Aldric"]
    assert _finish_round(after).household(B).knight("Sir Aldric").panic


def test_pip_count_equipment_dice_add_pips_but_not_a_later_box(first):
    """Pip Count and King's Crowns: "If you have a die added to a joust through Equipment ...
    the player gets the benefit of having a chance to roll a higher number with added dice,
    but the number needed will remain the same based on the number of Bravery Tokens on the
    Knight." Sir Corvin (one token, boxes 6, 9, ...) rolls his token die, his Lance's die and
    his Fealty Die: 3 + 2 + 2 = 7 beats the first box, 6."""
    state = do(plan(first, order={B: ("Sir Corvin", "Sir Aldric", "Dame Wren")}), Reveal())
    corvin = state.household(B).knight("Sir Corvin")
    assert len(corvin.tokens) == 1 and len(corvin.placed_dice()) == 2
    _, events = apply(state, rolls(state, {"1": 3, "Lance": 2, "fealty": 2}, {}))
    scored = next(e for e in events if isinstance(e, KnightScored) and e.house == B)
    assert (scored.pips, scored.target, scored.crown) == (7, 6, True)


def test_favor_action_cannot_change_after_the_planning_phase(jousting):
    """Choosing Favor Actions: "Once you move out of the Planning Phase you may not change the
    Favor Action you chose for your Knights." """
    with pytest.raises(IllegalActionError, match="Planning Phase"):
        apply(jousting, ChooseFavor(B, "Sir Corvin", "targeting"))
    assert jousting.household(B).knight("Sir Corvin").favor == "heros-fate"


def test_fealty_die_is_always_rolled(jousting):
    """Knightly Terms, Fealty Dice: "This die may never be taken away from the Knight and will
    always be rolled." A roll without it is refused."""
    full = rolls(jousting, {}, {})
    without = KnightRoll(B, tuple(d for d in full.rolls[0].dice if d.slot != "fealty"))
    with pytest.raises(IllegalActionError, match="Fealty Die"):
        apply(jousting, Joust((without, full.rolls[1])))


def test_favor_block_reduces_one_critical_hit_only(first):
    """Favor Action Icons, Block: "Block one hit, reduce a critical hit from counting as two
    hits to one hit". Against two red 6s (four hits) Block makes one of them count one and
    blocks one hit: two hits land."""
    state = do(plan(first, order={B: ("Sir Corvin", "Sir Aldric", "Dame Wren")},
                    dice={B: {"Dame Wren": {}, "Sir Corvin": {"1": "green", "Lance": "green"}}}),
               Reveal())
    state = _with_knight(state, B, "Sir Corvin", tokens=("red",), token_dice=("red",))
    state = _with_knight(state, B, "Sir Corvin", equipment=tuple(
        replace(e, die="red") for e in state.household(B).knight("Sir Corvin").equipment))
    state = _with_knight(state, E, "Dame Isolde", favor="block")
    _, events = apply(state, rolls(state, {"1": 6, "Lance": 6}, {}))
    scored = next(e for e in events if isinstance(e, KnightScored) and e.house == B)
    assert (scored.hits, scored.criticals, scored.blocked, scored.damage) == (4, 2, 2, 2)


def test_favor_targeting_presets_only_one_die(first):
    """Favor Action Icons, Targeting: "You may preset one of your dice to the result of your
    choice." Two preset dice are refused."""
    state = do(plan(first, favors={B: {"Sir Corvin": "targeting"}},
                    order={B: ("Sir Corvin", "Sir Aldric", "Dame Wren")}), Reveal())
    one = {"1": DieRoll("1", (6,), preset=True)}
    assert apply(state, rolls(state, one, {}))[0].resolved == 1
    two = {**one, "Lance": DieRoll("Lance", (6,), preset=True)}
    with pytest.raises(IllegalActionError, match="one die"):
        apply(state, rolls(state, two, {}))


def test_heros_fate_rerolls_one_time_in_one_order_on_every_die(first):
    """Favor Action Icons, Hero's Fate: "You may reroll any number of your dice of any color one
    time. This stacks with other rerolls such as the Squire Reroll." Hero's Fate is one
    moment of the roll (and the Squire Reroll another): a die rerolled by the Squire before
    Hero's Fate and another by Hero's Fate before the Squire would use Hero's Fate twice."""
    state = do(plan(first, order={B: ("Sir Corvin", "Sir Aldric", "Dame Wren")}), Reveal())
    state = _with_knight(state, B, "Sir Corvin", tokens=("green", "green"),
                         token_dice=("green", "green"))
    state = state.with_household(replace(state.household(B), pool=()))
    first_squire = DieRoll("1", (2, 3, 6), ("squire", "heros-fate"))
    same_order = DieRoll("2", (1, 4, 5), ("squire", "heros-fate"))
    assert apply(state, rolls(state, {"1": first_squire, "2": same_order}, {}))[0].resolved == 1
    other_order = DieRoll("2", (1, 4, 5), ("heros-fate", "squire"))
    with pytest.raises(IllegalActionError, match="one time"):
        apply(state, rolls(state, {"1": first_squire, "2": other_order}, {}))


def test_crowns_go_on_knight_promotion_tracks_in_the_base_game(first):
    """Advanced Game (Ennoblement Phase): "If you are playing a base game, ignore the left side
    of the card. It will require the Armory to play with these tracks." The House Advancement
    tracks (Anatomy of a Status Card: "Advanced Game") take no Crown; the Promotion tracks do."""
    house = first.household(B)
    armoury = replace(house.tracks[1], kind="house")
    state = first.with_household(replace(house, crowns=2, tracks=(house.tracks[0], armoury)))
    with pytest.raises(IllegalActionError, match="Armory"):
        apply(state, AdvanceCrown(B, "Armoury"))
    assert do(state, AdvanceCrown(B, "Rally")).household(B).tracks[0].progress == 1
