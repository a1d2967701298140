"""The joust rolled in steps (*Jousting Phase Tasks* 5-8): each throw a chance point with its
exact outcomes, each choice (Targeting, the rerolls, Mark of the Church) offered exactly; the
scores the same as the whole-joust action for the same faces; saved, viewed and undone mid-way."""

from dataclasses import replace
from fractions import Fraction

import pytest
from test_joust_rules import B, E, do, load, plan, rolls

from tabletop.errors import IllegalActionError, LayoutError
from tabletop.games import layouts
from tabletop.games.joust import GAME
from tabletop.games.joust.actions import (
    AdvanceCrown,
    Aim,
    Convert,
    DieRoll,
    Keep,
    Reroll,
    Reveal,
    Throw,
)
from tabletop.games.joust.events import KnightScored
from tabletop.games.joust.rules import apply, legal_actions

SIXTH = Fraction(1, 6)


@pytest.fixture
def first():
    return load("joust-first-round.toml")


def throw(state, house, **faces):
    """The chance outcome of ``state`` giving ``faces`` (slot -> face), checked to be one of
    the listed outcomes (up to the order of dice of one colour)."""
    action = Throw(house, tuple((slot.replace("_", " "), f) for slot, f in faces.items()))
    listed = {frozenset(a.faces): p for a, p in GAME.chance_outcomes(state)}
    assert legal_actions(state) == ()
    assert sum(listed.values()) == 1
    assert frozenset(action.faces) in listed or _same_multiset(action, listed)
    return apply(state, action)


def _same_multiset(action, listed) -> bool:
    faces = sorted(f for _, f in action.faces)
    return any(sorted(f for _, f in key) == faces for key in listed)


def scored(events, house):
    return next(e for e in events if isinstance(e, KnightScored) and e.house == house)


def test_aftershock_chain_is_one_chance_point_per_wave(first):
    """Glossary, *Aftershock*: "If you rolled another 6 you would roll again and continue
    rolling dice until you fail to roll a six."  Each wave is a chance point of six faces, so
    a chain of any length is thrown one finite step at a time; the score is the whole joust's
    for the same faces."""
    start = do(plan(first), Reveal())  # Sir Aldric (white, Hit) against Dame Isolde (Block)
    assert GAME.is_chance_node(start) and legal_actions(start) == ()
    outcomes = GAME.chance_outcomes(start)
    assert len(outcomes) == 36 and sum(p for _, p in outcomes) == 1
    state, events = throw(start, B, **{"1": 3, "fealty": 6})
    assert events == ()
    for face in (6, 2):
        assert GAME.chance_outcomes(state) == [(Throw(B, (("fealty", f),)), SIXTH)
                                               for f in range(1, 7)]
        state, events = throw(state, B, fealty=face)
    state, events = throw(state, E, **{"1": 5, "fealty": 4})
    assert state.resolved == 1 and state.throw is None
    whole = rolls(start, {"1": 3, "fealty": DieRoll("fealty", (6,), aftershocks=(6, 2))},
                  {"1": 5, "fealty": 4})
    assert events == apply(start, whole)[1]
    assert scored(events, B).aftershocks == 2


def test_rerolls_are_choices_then_chance_points(first):
    """*Favor Action Icons*, Hero's Fate: "You may reroll any number of your dice of any color
    one time.  This stacks with other rerolls such as the Squire Reroll."  The choice lists
    Keep and every set of dice each reroll may pick; the dice picked are a chance point."""
    start = do(plan(first, order={B: ("Sir Corvin", "Sir Aldric", "Dame Wren")}), Reveal())
    state, _ = throw(start, B, **{"1": 2, "Lance": 1, "fealty": 1})
    offered = set(legal_actions(state))
    squire = {Reroll(B, "squire", s) for s in (("1",), ("Lance",), ("1", "Lance"))}
    assert Keep(B) in offered and squire <= offered
    assert Reroll(B, "heros-fate", ("1", "Lance", "fealty")) in offered
    assert len([a for a in offered if isinstance(a, Reroll)]) == 3 + 7
    with pytest.raises(IllegalActionError, match="Squire Reroll may reroll only"):
        apply(state, Reroll(B, "squire", ("fealty",)))
    state = do(state, Reroll(B, "squire", ("1",)))
    assert GAME.chance_outcomes(state) == [(Throw(B, (("1", f),)), SIXTH) for f in range(1, 7)]
    state, _ = throw(state, B, **{"1": 3})
    assert Reroll(B, "squire", ("1",)) not in legal_actions(state)
    state = do(state, Reroll(B, "heros-fate", ("1",)))
    state, _ = throw(state, B, **{"1": 6})
    assert GAME.is_chance_node(state)  # no reroll left: Echelon throws
    state, events = throw(state, E, **{"1": 1, "fealty": 1})
    whole = rolls(start, {"1": DieRoll("1", (2, 3, 6), ("squire", "heros-fate")), "Lance": 1},
                  {})
    assert events == apply(start, whole)[1]
    assert "green 6 (rerolled from 2 by the Squire Reroll, then from 3 by Hero's Fate): Hit" \
        in scored(events, B).dice


def test_keep_ends_the_rerolls(first):
    start = do(plan(first, order={B: ("Sir Corvin", "Sir Aldric", "Dame Wren")}), Reveal())
    state, _ = throw(start, B, **{"1": 6, "Lance": 6, "fealty": 5})
    state = do(state, Keep(B))
    assert GAME.is_chance_node(state)
    with pytest.raises(IllegalActionError,
                       match=r"waits for Dame Isolde \(Echelon\) to throw 2 dice"):
        apply(state, Reroll(B, "heros-fate", ("1",)))


def test_targeting_presets_one_attack_die_never_the_fealty_die(first):
    """*Favor Action Icons*, Targeting: "You may preset one of your dice to the result of your
    choice.  You may not use this ability on the Fealty Dice (black dice)."  The choice comes
    before the Knight's throw; the preset die is not thrown."""
    start = do(plan(first, favors={E: {"Dame Isolde": "targeting"}}), Reveal())
    state, _ = throw(start, B, **{"1": 1, "fealty": 1})
    assert not GAME.is_chance_node(state)
    assert set(legal_actions(state)) == {Aim(E), *(Aim(E, "1", f) for f in range(1, 7))}
    with pytest.raises(IllegalActionError, match="Fealty Die"):
        apply(state, Aim(E, "fealty", 6))
    state = do(state, Aim(E, "1", 6))
    assert [a.faces for a, _ in GAME.chance_outcomes(state)] == [(("fealty", f),)
                                                                  for f in range(1, 7)]
    state, events = throw(state, E, fealty=2)
    assert "white 6 (set by Targeting): Hit" in scored(events, E).dice


def test_mark_of_the_church_offers_each_number_of_hits_it_may_convert(first):
    """*Favor Action Icons*, Mark of the Church: "You may convert any hits you score into
    Morale if you are under 15 Morale": at 13 Morale, two of three hits at most."""
    favors = {E: {"Sir Bertram": "mark-of-the-church"}, B: {"Dame Wren": "kings-crown"}}
    state = plan(first, favors=favors, order={B: ("Dame Wren", "Sir Aldric", "Sir Corvin"),
                                              E: ("Sir Bertram", "Dame Isolde", "Dame Maud")})
    state = replace(state, households=(state.household(B),
                                       replace(state.household(E), morale=12)))
    state = do(state, Reveal())
    state, _ = throw(state, B, **{"1": 1, "fealty": 1})
    state, events = throw(state, E, **{"1": 6, "fealty": 5})  # green 6 and black 5: 2 hits
    offered = {a for a in legal_actions(state) if not isinstance(a, AdvanceCrown)}
    assert events == () and offered == {Convert(E, n) for n in range(3)}  # and a Crown placed
    with pytest.raises(IllegalActionError, match="at most 2"):
        apply(state, Convert(E, 3))
    after, events = apply(state, Convert(E, 2))
    assert scored(events, E).converted == 2 and after.household(E).morale == 15


def test_a_joust_saved_mid_way_loads_back_equal_and_a_forged_one_is_refused(first):
    start = do(plan(first, order={B: ("Sir Corvin", "Sir Aldric", "Dame Wren")}), Reveal())
    state, _ = throw(start, B, **{"1": 2, "Lance": 6, "fealty": 6})
    state = do(state, Reroll(B, "squire", ("1",)))
    text = layouts.dumps(state)
    assert "[throw]" in text
    assert layouts.loads(text)[1] == state
    forged = text.replace("faces = [\n    2,\n]", "faces = [\n    7,\n]") \
        if "faces = [\n    2,\n]" in text else text.replace("faces = [2]", "faces = [7]")
    with pytest.raises(LayoutError, match="faces"):
        layouts.loads(forged)
    die = 'slot = "1"\nfaces = [\n    2,\n'
    unnamed = text.replace(die + "]", die + "    5,\n]")
    assert unnamed != text  # a reroll's face without the reroll that threw it
    with pytest.raises(LayoutError, match="joust's steps"):
        layouts.loads(unnamed)
    early = layouts.dumps(start).replace("[[households]]", "[throw]\nkept = [true, true]\n"
                                         "[[throw.rolls]]\nhouse = \"Bloodguard\"\n"
                                         "[[throw.rolls]]\nhouse = \"Echelon\"\n\n"
                                         "[[households]]", 1)
    with pytest.raises(LayoutError, match="joust's steps"):
        layouts.loads(early)


def test_steps_hide_nothing_new_and_undo_one_by_one(first):
    """The dice thrown are public: each step leaves the hidden parts as they were (the later
    jousts' tokens stay face down), so going back a step shows no secret."""
    start = do(plan(first, order={B: ("Sir Corvin", "Sir Aldric", "Dame Wren")}), Reveal())
    states = [start]
    for action in (Throw(B, (("1", 2), ("Lance", 1), ("fealty", 6))),
                   Reroll(B, "heros-fate", ("Lance",)), Throw(B, (("Lance", 5),)),
                   Keep(B), Throw(B, (("fealty", 3),))):
        states.append(apply(states[-1], action)[0])
    hidden = GAME.hidden_from(start, None)
    assert hidden
    for before, after in zip(states, states[1:], strict=False):
        assert GAME.hidden_from(after, None) == hidden
        assert GAME.secrecy_break(before, after) == ""
        assert GAME.view_for(after, None).throw == after.throw


def test_the_steps_waited_for_read_as_a_player_says_them(first):
    """The step words name the Knight and House, then what they do, with no possessive after
    the House in brackets: "Sir Corvin (Bloodguard) to throw 3 dice: …", never "the throw of
    Sir Corvin (Bloodguard)'s dice"; each die by its colour and place, counted in the right
    number."""
    from tabletop.games.joust.throws import next_step, waiting_words

    start = do(plan(first, order={B: ("Sir Corvin", "Sir Aldric", "Dame Wren")}), Reveal())
    said = [waiting_words(next_step(start))]
    state, _ = throw(start, B, **{"1": 2, "Lance": 1, "fealty": 6})
    said.append(waiting_words(next_step(state)))
    state = do(state, Reroll(B, "squire", ("1",)))
    said.append(waiting_words(next_step(state)))
    state, _ = throw(state, B, **{"1": 3})
    state = do(state, Keep(B))
    said.append(waiting_words(next_step(state)))
    assert said == [
        "Sir Corvin (Bloodguard) to throw 3 dice: green die on token 1, green die on Lance, "
        "the Fealty Die",
        "Sir Corvin (Bloodguard) to reroll dice or keep them",
        "Sir Corvin (Bloodguard) to throw 1 rerolled die: green die on token 1",
        "Sir Corvin (Bloodguard) to throw 1 Aftershock die for the black 6 on the Fealty Die",
    ]
    assert not any(")'s" in words for words in said)
