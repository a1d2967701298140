"""King's Champion, the whole game: setup from the card data, the Draw, Worker and Ennoblement
Phases, Ability Card effects, the end of a round and the winner, against the rulebook's words
and examples."""

from dataclasses import replace

import pytest

from tabletop.errors import IllegalActionError
from tabletop.games import layouts
from tabletop.games.joust.actions import (
    AdvanceCrown,
    Attach,
    Choose,
    ChooseFavor,
    ChooseKnight,
    Collect,
    DieRoll,
    Draw,
    EndRound,
    Finish,
    Joust,
    KnightRoll,
    ManSquire,
    Pass,
    PlaceAbility,
    PlaceDie,
    PlaceToken,
    PlaceWorkers,
    Promote,
    Ready,
    Reveal,
    SetOrder,
    Spend,
)
from tabletop.games.joust.events import AbilityUsed, KnightScored, Panicked, describe
from tabletop.games.joust.phases import end_of_round
from tabletop.games.joust.rewards import catalog, influence_of
from tabletop.games.joust.rules import apply
from tabletop.games.joust.scoring import winner
from tabletop.games.joust.setup import new_game
from tabletop.games.joust.state import HIDDEN, Pending
from tabletop.games.joust.view import view_for

B, E = "Bloodguard", "Echelon"
KNIGHTS = {B: ("Sir Aldric", "Dame Wren", "Sir Corvin"),
           E: ("Dame Isolde", "Sir Bertram", "Dame Maud")}


def do(state, *actions):
    for action in actions:
        state, _ = apply(state, action)
    return state


def set_up(seed=5):
    """A new game with the rulebook's 19-Morale placement for Bloodguard (one white, two
    green) and white, white, red for Echelon: the first Draw Phase."""
    state = new_game(seed)
    for house, colours in ((B, ("white", "green", "green")), (E, ("white", "white", "red"))):
        for knight, colour in zip(KNIGHTS[house], colours, strict=True):
            state = do(state, PlaceToken(house, knight, colour))
    return state


def to_workers(state):
    first, second = state.in_order()
    return do(state, Draw(first.name), Draw(second.name))


def to_planning(state):
    state = to_workers(state)
    while state.phase == "worker":
        state = do(state, Pass(state.turn))
    return state


def with_house(state, name, **changes):
    return state.with_household(replace(state.household(name), **changes))


def with_knight(state, house, knight, **changes):
    h = state.household(house)
    return state.with_household(h.with_knight(replace(h.knight(knight), **changes)))


# --- Setting the Field and Leading a Household --------------------------------------------------

def test_rulebook_example_19_morale_from_one_white_and_two_green_tokens():
    """Morale: "you have placed one White Bravery Token on a Knight and the two Green Bravery
    Tokens on the other two Knights ... You should have a total of 19 Morale"."""
    state = set_up()
    assert state.household(B).morale == 19
    assert state.household(B).bravery_tokens == ("red",)  # the fourth stays on the House card


def test_new_game_sets_the_field():
    """Setting the Field / Leading a Household / Taking Workers / The Rest of the Field."""
    state = new_game(3)
    cards = catalog(state)
    for house in state.households:
        assert house.pool == ("white", "white", "green", "green")
        assert len(house.bravery_tokens) == 4 and house.workers == 3 and house.hand_limit == 4
        assert sorted(house.advanced_deck) == sorted(a for k in house.knights
                                                     for a in cards.knight(k.name).advanced)
        assert influence_of(state, house) == {t.name: t.start for t in cards.political}
        assert [t.name for t in house.tracks] == ["Rally", "Arms", "Valour"]
    assert len(state.ability_deck) == 24  # "the Households will agree on 24"
    assert sorted(state.enhancement_deck) == sorted(e.name for e in cards.enhancements)
    assert len(state.bag) == 36 - 8
    assert [b.name for b in cards.buildings] == ["Academy", "Field House", "Knight's Hall",
                                                 "Marshall's Office", "Royal Office"]


def test_decks_are_shuffled_by_the_seed():
    assert new_game(8).ability_deck == new_game(8).ability_deck
    assert new_game(8).ability_deck != new_game(9).ability_deck


def test_knights_come_from_different_households():
    """Choosing Knights: "you may not field more than one Knight from any single Household"
    and each Knight card serves one leader."""
    with pytest.raises(Exception, match="already serves"):
        new_game(1, picks={B: ("Sir Aldric", "Dame Wren", "Sir Gareth"),
                           E: ("Sir Aldric", "Sir Bertram", "Dame Maud")})
    state = new_game(1, picks={B: ("Sir Gareth", "Dame Elspeth", "Sir Corvin")})
    assert [k.name for k in state.household(B).knights] == ["Sir Gareth", "Dame Elspeth",
                                                            "Sir Corvin"]


# --- Initiative and the Draw Phase --------------------------------------------------------------

def test_initiative_example_bloodguard_draws_and_places_workers_first():
    """Initiative: "House Bloodguard has initiative this round and they will get to draw cards
    first in the Draw Phase. This player will also get to go first in the Worker Phase."""
    state = set_up()
    assert (state.phase, state.turn) == ("draw", B)
    with pytest.raises(IllegalActionError, match="Bloodguard's turn"):
        apply(state, Draw(E))
    state = to_workers(state)
    assert (state.phase, state.turn) == ("worker", B)


def test_draw_phase_one_enhancement_and_abilities_to_the_hand_limit():
    """Draw Phase: "Draw one Enhancement Card" and "Draw Ability Cards up to your hand limit";
    Advanced Ability Cards in hand count against it."""
    state = set_up()
    state = with_house(state, B, abilities=("Oath of Truth",))
    after = do(state, Draw(B))
    house = after.household(B)
    assert len(house.hand) == 1 and len(house.abilities) == 4
    assert after.ability_deck == state.ability_deck[3:]
    assert after.turn == E


def test_end_of_round_discards_standard_keeps_advanced_and_discards_enhancements():
    """Draw Phase: "At the end of the round all of your Standard Ability Cards will be
    discarded ... Players will retain any Advanced Ability Cards"; Enhancement Cards "not
    played must be discarded"."""
    state = to_workers(set_up())
    state = with_house(state, B, abilities=("Steady Aim", "Oath of Truth"))
    after, _ = end_of_round(replace(state, phase="ennoblement"))
    house = after.household(B)
    assert house.abilities == ("Oath of Truth",) and house.hand == ()
    assert "Steady Aim" in after.ability_discard
    assert len(after.enhancement_discard) == 2


def test_rule_exception_keeps_one_enhancement_card():
    """Enhancement Cards, Rule Exception: "If you unlock [the icon] at the end of the round by
    placing a Bravery Token, you may keep this Enhancement Card"."""
    state = to_workers(set_up())
    card = state.household(B).hand[0].name
    state = replace(state, pending=(Pending(B, "keep-enhancement", "", 1, "slot 3"),))
    state = do(state, Choose(B, card))
    after, _ = end_of_round(replace(state, phase="ennoblement"))
    assert [c.name for c in after.household(B).hand] == [card]
    assert after.household(E).hand == ()


def test_standard_deck_reshuffles_its_discard_pile():
    """Standard Ability Cards: "When the draw pile is empty, the discard pile should be flipped
    over and shuffled for reuse."""
    state = set_up()
    state = replace(state, ability_deck=("Brace",), ability_discard=("Taunt", "Feint", "Brace"))
    after = do(state, Draw(B))
    assert sorted(after.household(B).abilities) == ["Brace", "Brace", "Feint", "Taunt"]
    assert after.ability_discard == () and after.shuffles == state.shuffles + 1


# --- Worker Phase --------------------------------------------------------------------------------

def test_academy_places_a_white_token_and_advances_the_chamberlin_track():
    """Academy, cost 2: "Place a White Bravery Token on any Knight and advance one space on
    the Chamberlin Track."  The token's Morale and its slot's Perk come at once."""
    state = to_workers(set_up())
    state, placed = apply(state, PlaceWorkers(B, "Academy", 0))
    assert state.pending[0].kind == "place-token" and state.turn == E
    with pytest.raises(IllegalActionError, match="first"):
        apply(state, Pass(E))
    before = state.household(B)
    state, events = apply(state, Choose(B, "Sir Aldric"))
    house = state.household(B)
    assert house.knight("Sir Aldric").tokens == ("white", "white")
    # 2nd white token: +2 Morale; Sir Aldric's slot 2 draws a Standard Ability Card.
    assert house.morale == before.morale + 2
    assert len(house.abilities) == len(before.abilities) + 1
    assert influence_of(state, house)["Chamberlin"] == 1
    assert house.workers == 1 and house.workers_out == 2
    assert any("Chamberlin track to 1/8" in describe(e) for e in placed)
    assert any("white Bravery Token on Sir Aldric: +2 Morale" in describe(e) for e in events)


def test_a_claimed_location_is_closed_to_the_rival():
    """Worker Phase: "Once a location has been claimed by a player, their rival may not take
    that location." """
    state = to_workers(set_up())
    state = do(state, PlaceWorkers(B, "Knight's Hall", 0))
    with pytest.raises(IllegalActionError, match="claimed"):
        apply(state, PlaceWorkers(E, "Knight's Hall", 0))


def test_location_cost_in_workers():
    """Figure 9: a location costs its shield's workers."""
    state = to_workers(set_up())
    with pytest.raises(IllegalActionError, match="costs 4 workers"):
        apply(state, PlaceWorkers(B, "Academy", 2))


def test_knights_hall_may_exceed_the_hand_limit():
    """Knight's Hall, cost 3: "Draw two Standard Ability Cards ... You may exceed the hand
    limit through the end of the round."""
    state = to_workers(set_up())
    state = do(state, PlaceWorkers(B, "Knight's Hall", 2))
    assert len(state.household(B).abilities) == 6


def test_turns_alternate_until_both_pass():
    """Worker Phase: "Players will take turns placing workers to take actions until all
    workers have been placed or both players pass."""
    state = to_workers(set_up())
    state = do(state, PlaceWorkers(B, "Knight's Hall", 0))
    assert state.turn == E
    state = do(state, Pass(E))
    assert state.turn == B and state.phase == "worker"  # the rival passed: B goes on
    state = do(state, PlaceWorkers(B, "Marshall's Office", 0))
    assert state.turn == B
    state = do(state, Pass(B))
    assert state.phase == "planning"


def test_all_workers_placed_ends_the_worker_phase():
    state = to_workers(set_up())
    state = do(state, PlaceWorkers(B, "Knight's Hall", 2), PlaceWorkers(E, "Field House", 2))
    state = do(state, Choose(E, "Dame Isolde"))
    assert state.phase == "planning"


def test_marshalls_office_places_an_enhancement_and_one_more_in_planning():
    """Marshall's Office, cost 4: "Draw two Enhancement Cards ... Place an Enhancement Card onto
    a Knight during the Worker Phase. You still get to place one in the Planning Phase."""
    state = with_house(to_workers(set_up()), B, workers=5)
    state = do(state, PlaceWorkers(B, "Marshall's Office", 3))
    hand = state.household(B).hand
    assert len(hand) == 3 and state.pending[0].kind == "place-enhancement"
    state = do(state, Attach(B, hand[0].name, "Dame Wren", "squire", hand[0].squire_colours[0]))
    while state.phase == "worker":
        state = do(state, Pass(state.turn))
    state = do(state, Attach(B, hand[1].name, "Sir Aldric", "equipment"))
    assert state.household(B).enhancement_placed
    with pytest.raises(IllegalActionError, match="one Enhancement Card"):
        apply(state, Attach(B, hand[2].name, "Sir Corvin", "squire",
                            hand[2].squire_colours[0]))


def test_marshalls_office_cost_3_attaches_during_the_worker_phase():
    state = to_workers(set_up())
    state = do(state, PlaceWorkers(B, "Marshall's Office", 2))
    card = state.household(B).hand[0]
    assert state.pending[0].kind == "place-enhancement"
    state = do(state, Attach(B, card.name, "Dame Wren", "squire", card.squire_colours[0]))
    assert state.household(B).knight("Dame Wren").squire is not None
    assert not state.household(B).enhancement_placed and not state.pending


def test_equipment_needs_a_worker_kept_back():
    """Placing as Equipment: "Make sure you save a worker in the Worker Placement Phase if you
    are placing an Equipment Card this round."  A Household that placed every worker cannot
    play Equipment."""
    state = to_workers(set_up())
    state = do(state, PlaceWorkers(B, "Knight's Hall", 2), Pass(E))
    card = state.household(B).hand[0].name
    with pytest.raises(IllegalActionError, match="no worker is left"):
        apply(state, Attach(B, card, "Sir Aldric", "equipment"))
    kept = to_planning(set_up())
    after = do(kept, Attach(B, card, "Sir Aldric", "equipment"))
    assert after.household(B).workers == 2


def test_squire_reroll_takes_a_worker_in_the_worker_phase():
    """Placing as a Squire: "the player must place a worker on the reroll action itself in the
    Worker Phase to take advantage of the reroll ability of the Squire."""
    state = to_workers(set_up())
    state = with_knight(state, B, "Dame Wren", squire=replace_squire())
    state = do(state, ManSquire(B, "Dame Wren"))
    assert state.household(B).knight("Dame Wren").squire.reroll_worker
    assert state.household(B).workers == 2
    after, _ = end_of_round(replace(state, phase="ennoblement"))
    assert not after.household(B).knight("Dame Wren").squire.reroll_worker
    assert after.household(B).workers == 3


def replace_squire():
    from tabletop.games.joust.state import Squire
    return Squire("Tomas", "green", None, "green", False)


def test_royal_office_any_track_is_the_players_choice():
    """Royal Office, cost 1: "Advance a Political Influence Marker one space on any track."""
    state = to_workers(set_up())
    state = do(state, PlaceWorkers(B, "Royal Office", 0))
    assert state.pending[0].kind == "advance"
    state = do(state, Choose(B, "Bishop"))
    assert influence_of(state, state.household(B))["Bishop"] == 1


def test_field_house_five_draws_a_token_and_places_two_held_tokens():
    """Field House, cost 5: "Draw a Bravery Token from the bag. Place two Bravery Tokens on any
    single Knight or two different Knights."""
    state = to_workers(set_up())
    state = with_house(state, B, workers=5)
    state = do(state, PlaceWorkers(B, "Field House", 4))
    held = state.household(B).bravery_tokens
    assert len(held) == 2 and [p.kind for p in state.pending] == ["place-token"] * 2
    state = do(state, Choose(B, f"Sir Corvin:{held[0]}"))
    state = do(state, Choose(B, f"Sir Corvin:{state.household(B).bravery_tokens[0]}"))
    assert len(state.household(B).knight("Sir Corvin").tokens) == 3


# --- Ability Cards -------------------------------------------------------------------------------

def planned(state, abilities=None):
    """Both Households planned: dice on matching tokens, first favors, the default order."""
    state = to_planning(state)
    for house in state.households:
        for card_knight, card in (abilities or {}).get(house.name, {}).items():
            state = with_house(state, house.name,
                               abilities=(*state.household(house.name).abilities, card))
            state = do(state, PlaceAbility(house.name, card_knight, card))
        for knight in state.household(house.name).knights:
            colour = knight.tokens[0]
            if colour in state.household(house.name).pool:
                state = do(state, PlaceDie(house.name, knight.name, "1", colour))
            state = do(state, ChooseFavor(house.name, knight.name, knight.favors[0]))
        state = do(state, SetOrder(house.name, KNIGHTS[house.name]), Ready(house.name))
    return state


def roll(state, faces):
    """A Joust where each Household's dice show ``faces[house]`` (a dict slot -> face; every
    other die shows 1)."""
    pair = state.jousters(state.resolved)
    from tabletop.games.joust.abilities import roll_slots
    rolls = []
    for house, knight in zip(state.in_order(), pair, strict=True):
        chosen = faces.get(house.name, {})
        dice = []
        for slot, _ in roll_slots(state, knight):
            value = chosen.get(slot, 1)
            dice.append(value if isinstance(value, DieRoll) else DieRoll(slot, (value,)))
        rolls.append(KnightRoll(house.name, tuple(dice)))
    return Joust(tuple(rolls))


def test_ability_card_adds_a_die_revealed_with_its_knight():
    """Placing Ability Cards: "Ability Cards are revealed at the time that Knight enters their
    joust"; Shattered Lance adds a red die and a hit."""
    state = planned(set_up(), {B: {"Sir Aldric": "Shattered Lance"}})
    public = view_for(state, E)
    assert public.household(B).knight("Sir Aldric").ability == HIDDEN
    state, events = apply(state, Reveal())
    assert "Ability: Shattered Lance" in describe(events[0])
    assert view_for(state, E).household(B).knight("Sir Aldric").ability == "Shattered Lance"
    with pytest.raises(IllegalActionError, match="ability-1"):
        apply(state, Joust(tuple(KnightRoll(r.house, tuple(d for d in r.dice
                                                           if d.slot != "ability-1"))
                                 for r in roll(state, {}).rolls)))
    after, events = apply(state, roll(state, {B: {"ability-1": 6}}))
    scored = next(e for e in events if isinstance(e, KnightScored) and e.house == B)
    # red 6: a Critical Hit (two), +1 from the card; Dame Isolde's Block stops one hit and
    # makes the Critical Hit count as one.
    assert (scored.hits, scored.blocked) == (3, 2)


def test_ability_reroll_and_pips():
    """Steady Hand: add five to the pip count and reroll one die once."""
    state = planned(set_up(), {B: {"Sir Aldric": "Steady Hand"}})
    state = do(state, Reveal())
    fealty = DieRoll("fealty", (1, 2), ("ability",))
    after, events = apply(state, roll(state, {B: {"fealty": fealty}}))
    scored = next(e for e in events if isinstance(e, KnightScored) and e.house == B)
    assert scored.pips == 1 + 2 + 5 and scored.crown  # white 1, black 2, +5 beats 5
    twice = {"fealty": fealty, "1": DieRoll("1", (1, 3), ("ability",))}
    with pytest.raises(IllegalActionError, match="cannot reroll"):
        apply(state, roll(state, {B: twice}))


def test_before_ability_and_calm_stop_panic():
    """Quiet Resolve (before the roll): Calm and two Morale; "A Calm Knight will not Panic"."""
    state = planned(set_up(), {E: {"Dame Isolde": "Quiet Resolve"}})
    morale = state.household(E).morale
    state, events = apply(state, Reveal())
    assert state.household(E).morale == morale + 2
    assert any(isinstance(e, AbilityUsed) for e in events)
    chain = DieRoll("fealty", (6,), aftershocks=(6, 6, 6, 6, 2))
    after, events = apply(state, roll(state, {B: {"1": 6, "fealty": chain}}))
    assert after.household(E).knight("Dame Isolde").hits_taken >= 5
    assert not any(isinstance(e, Panicked) for e in events)


def test_after_ability_needs_its_condition():
    """Honest Blow (after, if a hit landed): the rival Household loses two Morale."""
    state = planned(set_up(), {B: {"Sir Aldric": "Honest Blow"}})
    state = do(state, Reveal())
    missed, events = apply(state, roll(state, {}))
    assert any("no effect" in describe(e) for e in events)
    hit, events = apply(state, roll(state, {B: {"1": 6, "fealty": 5}}))
    assert hit.household(E).morale < missed.household(E).morale - 1


def test_advanced_abilities_are_sacked_and_standard_ones_discarded():
    """Advanced Ability Cards: "After you play an Advanced Ability Card it will be sacked from
    the game"; Standard Ability Cards "are discarded into a combined pile"."""
    state = planned(set_up(), {B: {"Sir Aldric": "Oath of Truth", "Dame Wren": "Brace"}})
    for _ in range(3):
        state = do(state, Reveal())
        state = do(state, roll(state, {}))
    state, events = apply(state, EndRound())
    assert "Brace" in state.ability_discard and "Oath of Truth" not in state.ability_discard
    assert any("sacks the Advanced Ability Card Oath of Truth" in describe(e) for e in events)
    assert state.phase == "ennoblement" and state.turn == B


# --- Ennoblement Phase ---------------------------------------------------------------------------

def ennoblement(state, scored=(B, ())):
    """``state`` in the Ennoblement Phase with the named Knights having scored a hit."""
    house, knights = scored
    for name in knights:
        state = with_knight(state, house, name, hits_scored=1)
    return replace(state, phase="ennoblement", turn=state.initiative)


@pytest.mark.parametrize("scorers, drawn, choice", [(0, 0, False), (1, 1, False),
                                                     (2, 2, True), (3, 3, True)])
def test_collect_bravery_tokens_by_knights_that_scored(scorers, drawn, choice):
    """Collect Bravery Tokens: 1 Knight draws 1 and keeps it; 2 draw 2 keep 1; 3 draw 3 keep
    1; none draw none."""
    state = ennoblement(set_up(), (B, KNIGHTS[B][:scorers]))
    bag = len(state.bag)
    held = len(state.household(B).bravery_tokens)
    state = do(state, Collect(B))
    assert len(state.bag) == bag - drawn
    assert bool(state.pending) == choice
    if choice:
        state = do(state, Choose(B, state.pending[0].arg.split(",")[0]))
        assert len(state.bag) == bag - 1  # the others go back into the bag
    assert len(state.household(B).bravery_tokens) == held + (1 if scorers else 0)


def test_spending_reputation_one_space_a_point_with_perks_at_once():
    """Spending Reputation: "Each space on the Influence track costs one Reputation"; a Perk
    reached is gained immediately; unspent Reputation is kept."""
    state = ennoblement(set_up())
    state = with_house(state, B, reputation=3)
    state = do(state, Collect(B), Spend(B, "Chamberlin"))
    assert state.household(B).reputation == 2
    state, events = apply(state, Spend(B, "Chamberlin"))  # space 2: a white die
    house = state.household(B)
    assert house.pool.count("white") == 3 and house.reputation_spent == 2
    state = do(state, Finish(B))
    assert state.household(B).reputation == 1 and state.turn == E


def test_a_completed_political_track_is_closed():
    state = ennoblement(set_up())
    spaces = tuple(t.spaces if t.name == "Bishop" else 0 for t in catalog(state).political)
    state = with_house(state, B, reputation=2, influence=spaces)
    state = do(state, Collect(B))
    with pytest.raises(IllegalActionError, match="closed"):
        apply(state, Spend(B, "Bishop"))


def test_crown_track_example_six_crowns_then_promotion_and_five_morale():
    """Pip Count and King's Crowns: "It would take 6 Crowns to advance to the end of this track
    and collect the Perk of adding 5 Morale"; Knight Promotion: the Knight turns to its
    promoted side, keeping its tokens, and the Perk is taken in the Ennoblement Phase."""
    state = with_house(set_up(), B, crowns=6)
    for _ in range(6):
        state = do(state, AdvanceCrown(B, "Rally"))
    state = ennoblement(state)
    state = do(state, Collect(B))
    with pytest.raises(IllegalActionError, match="Rally"):
        apply(state, Finish(B))
    morale = state.household(B).morale
    state = do(state, Promote(B, "Rally", "Sir Aldric"))
    aldric = state.household(B).knight("Sir Aldric")
    assert aldric.side == "crusader" and aldric.slots == 5 and "heros-fate" in aldric.favors
    assert aldric.tokens == ("white",)
    assert state.household(B).morale == morale + 5
    with pytest.raises(IllegalActionError, match="taken"):
        apply(state, Promote(B, "Rally", "Dame Wren"))


def test_all_three_promoted_opens_the_extra_die():
    """Placing Bravery Tokens (Ennoblement): "If you are able to promote all three of your
    Knights during the game you will unlock the extra dice space ... choosing a die of your
    choice"."""
    state = set_up()
    house = state.household(B)
    tracks = tuple(replace(t, progress=t.length) for t in house.tracks)
    state = ennoblement(with_house(state, B, tracks=tracks))
    state = do(state, Collect(B), Promote(B, "Rally", "Sir Aldric"),
               Promote(B, "Arms", "Dame Wren"), Choose(B, "red"),
               Promote(B, "Valour", "Sir Corvin"), Choose(B, "Sir Corvin:red"))
    assert state.pending[0].source.startswith("Promotion Perk")
    state = do(state, Choose(B, "red"))
    house = state.household(B)
    assert house.extra_die and house.pool.count("red") == 2 and house.promoted() == 3


def test_round_ends_after_ennoblement_initiative_flips():
    """Ending a Round: "Flip the round marker to show the opposite player will now go first"."""
    state = ennoblement(set_up())
    state = do(state, Collect(B), Finish(B), Collect(E), Finish(E))
    assert (state.round, state.phase, state.initiative, state.turn) == (2, "draw", E, E)


def test_after_round_six_the_winner_and_the_reasons():
    """Winning The Game: after round 6 the most Morale wins, then most Knights promoted, then
    most Reputation spent."""
    state = replace(ennoblement(set_up()), round=6)
    state = with_house(state, E, morale=state.household(B).morale, reputation_spent=4)
    state, events = apply(state, Collect(B))
    state = do(state, Finish(B), Collect(E))
    state, events = apply(state, Finish(E))
    assert state.phase == "over"
    assert winner(state) == (E, "after round 6, the most Reputation spent (Bloodguard 0, "
                                "Echelon 4)")
    assert "King's Champion" in describe(events[-1])


def test_layout_round_trip_in_every_new_phase():
    """A position, and every player's view of it (hands, decks and the bag face down), loads
    back from its layout."""
    state = set_up()
    for step in (lambda s: s, to_workers, lambda s: do(s, PlaceWorkers(B, "Academy", 0)),
                 lambda s: do(s, Choose(B, "Sir Aldric"), Pass(E), Pass(B))):
        state = step(state)
        assert layouts.loads(layouts.dumps(state))[1] == state
        for viewer in (None, B, E):
            view = view_for(state, viewer)
            assert layouts.loads(layouts.dumps(view))[1] == view


def test_view_hides_the_rivals_hand_and_the_decks():
    state = to_workers(set_up())
    view = view_for(state, B)
    assert view.household(B).abilities == state.household(B).abilities
    assert set(view.household(E).abilities) == {HIDDEN}
    assert view.household(E).hand[0].name == HIDDEN
    assert set(view.ability_deck) == {HIDDEN} and set(view.household(B).advanced_deck) == {HIDDEN}
    assert "Oath" not in repr(view_for(state, None))


def test_a_household_chooses_its_knights_while_setting_up():
    """Choosing Knights: "As a leader of a Household you may choose any three Knights you wish.
    The only rule as a leader is that your Knights must all come from a different Household."
    A swap rebuilds the Advanced Ability deck from the new Knights' Abilities."""
    state = new_game(6)
    state = do(state, ChooseKnight(B, "Dame Wren", "Dame Elspeth"))
    house = state.household(B)
    assert [k.name for k in house.knights] == ["Sir Aldric", "Dame Elspeth", "Sir Corvin"]
    assert "Second Wind" in house.advanced_deck and "Quiet Resolve" not in house.advanced_deck
    with pytest.raises(IllegalActionError, match="already serves"):
        apply(state, ChooseKnight(B, "Sir Aldric", "Dame Isolde"))
    placed = do(state, PlaceToken(B, "Sir Aldric", "white"))
    with pytest.raises(IllegalActionError, match="placed its Bravery Tokens"):
        apply(placed, ChooseKnight(B, "Sir Corvin", "Sir Gareth"))


def test_an_enhancement_is_attached_outside_the_planning_phase_only_when_a_reward_says_so():
    """The turn order (*Planning Phase*): an Enhancement Card is played in the Planning Phase;
    in the Worker Phase only the reward that places one at once allows it, and a choice of
    another kind waiting does not."""
    state = to_workers(set_up())
    state = do(state, PlaceWorkers(B, "Royal Office", 0))
    assert state.pending[0].kind == "advance"
    house = state.household(B)
    card = house.hand[0]
    with pytest.raises(IllegalActionError, match="done in the Planning Phase"):
        apply(state, Attach(B, card.name, house.knights[0].name, "equipment"))
