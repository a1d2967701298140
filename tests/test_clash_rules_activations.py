"""Activation tokens and the Mob track (rulebook *Monster Round*: *Start of Monster Round*,
*Resolving Activations*, Mob Clash and Boss Clash)."""

from dataclasses import replace
from pathlib import Path

import pytest
from clash_boards import board
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.errors import IllegalActionError, LayoutError
from tabletop.games.clash import activation_tokens
from tabletop.games.clash.actions import DefeatMob, EndMonsterRound, EndTurn, ResolveActivation
from tabletop.games.clash.editing import forget, round_events
from tabletop.games.clash.rules import apply, describe, legal_actions
from tabletop.games.layouts import dumps, load, loads
from tabletop.games.query import ask

LAYOUT = Path(__file__).resolve().parent.parent / "layouts" / "clash-rule-mob-track.toml"


def mobs(tokens: list[list[str]], track: list[int] | None = None):
    """A board with one Mob per entry of ``tokens`` (``Wolf 1`` … on row B), each holding those
    tokens; ``track`` orders the BP cards (1-based Mob numbers), default Wolf 1, Wolf 2, …"""
    text = ""
    if track:
        text += "mob_track = [" + ", ".join(f'"Wolf {i}"' for i in track) + "]\n"
    text += '[board]\nrows = 6\ncols = 12\n[turn]\nphase = "monster"\n'
    text += '[[knights]]\nname = "Kara"\nat = "F6"\n'
    for i, held in enumerate(tokens, 1):
        text += (f'[[monsters]]\nname = "Wolf {i}"\ntype = "mob"\nat = "B{i}"\n'
                 f"activations = {held!r}\n".replace("'", '"'))
    return board(text)


def held(state) -> dict[str, list[str]]:
    """Each Mob's tokens in track order, ``ai`` / ``ai spent``."""
    return {m.name: [t.kind + (" spent" if t.spent else "") for t in m.activations]
            for m in activation_tokens.track(state)}


def resolve(state, times: int = 1):
    events = []
    for _ in range(times):
        state, more = apply(state, ResolveActivation())
        events.extend(more)
    return state, [describe(e) for e in events]


def test_mob_clash_rulebook_example_token_goes_to_third_then_fourth_bp():
    """*Resolving Activations*: "After the first Mob activates, the token is placed on the
    third BP. Similarly, after the second Mob activates, the token is placed on the fourth
    BP." """
    _, state = load(LAYOUT)
    names = [m.name for m in activation_tokens.track(state)]
    state, words = resolve(state)
    assert [t.spent for t in state.monster(names[2]).activations] == [True]
    assert state.monster(names[0]).activations == ()
    assert "Next: Ironcast Dead 2 activates" in words[-1]
    state, _ = resolve(state)
    assert [t.spent for t in state.monster(names[3]).activations] == [True]
    assert [len(state.monster(n).activations) for n in names] == [0, 0, 1, 1]
    assert legal_actions(state) == [EndMonsterRound()]


def test_mob_track_loops_to_the_leftmost_free_card():
    """"if there are no valid BP cards to the right, place it on the leftmost valid BP card"."""
    state = mobs([[], ["ai"], [], ["ai"]])
    state, _ = resolve(state, 2)
    assert held(state) == {"Wolf 1": ["ai spent"], "Wolf 2": [], "Wolf 3": ["ai spent"],
                           "Wolf 4": []}


def test_mob_track_order_is_the_layouts_not_the_boards():
    state = mobs([["ai"], [], []], track=[3, 1, 2])
    assert [m.name for m in activation_tokens.track(state)] == ["Wolf 3", "Wolf 1", "Wolf 2"]
    state, _ = resolve(state)
    assert held(state) == {"Wolf 3": [], "Wolf 1": [], "Wolf 2": ["ai spent"]}


def test_no_free_card_stacks_the_token_on_the_next_card_which_activates_twice():
    """"If there are no BP cards without Activation tokens, place the token on the next BP card
    to the right … Such Mob will activate multiple times." """
    state = mobs([["ai"], ["ai"], ["ai"]])
    state, words = resolve(state)
    assert held(state) == {"Wolf 1": [], "Wolf 2": ["ai", "ai spent"], "Wolf 3": ["ai"]}
    assert any("Wolf 2 now holds 2 tokens" in w for w in words)
    state, _ = resolve(state)  # Wolf 2's ready token: Wolf 1 is free again
    assert held(state) == {"Wolf 1": ["ai spent"], "Wolf 2": ["ai spent"], "Wolf 3": ["ai"]}
    state, _ = resolve(state)  # Wolf 3: every other card holds a token, so Wolf 1 (looping) stacks
    assert held(state) == {"Wolf 1": ["ai spent", "ai spent"], "Wolf 2": ["ai spent"], "Wolf 3": []}


def test_a_card_with_two_ready_tokens_activates_twice():
    state = mobs([["ai", "ai"], [], []])
    order = [n.monster.name for n, _ in activation_tokens.order(state)]
    assert order == ["Wolf 1", "Wolf 1"]
    state, _ = resolve(state, 2)
    assert held(state) == {"Wolf 1": [], "Wolf 2": ["ai spent"], "Wolf 3": ["ai spent"]}


def test_a_lone_mob_keeps_its_token():
    state = mobs([["ai"]])
    state, _ = resolve(state)
    assert held(state) == {"Wolf 1": ["ai spent"]}


def test_defeated_mob_passes_its_token_on_without_flipping_it():
    """"If a Mob is defeated while it has an Activation token, move that token according to the
    aforementioned rules, but do not flip it (i.e, if it was ready, it remains ready)." """
    state = mobs([["ai"], ["ai"], [], ["signature spent"]])
    state, events = apply(state, DefeatMob("Wolf 2"))
    assert state.monster("Wolf 2") is None and "Wolf 2" not in state.mob_track
    assert held(state) == {"Wolf 1": ["ai"], "Wolf 3": ["ai"], "Wolf 4": ["signature spent"]}
    assert "without being flipped" in " ".join(describe(e) for e in events)
    state, _ = apply(state, DefeatMob("Wolf 4"))  # the track loops; every card but one holds one
    assert held(state) == {"Wolf 1": ["ai", "signature spent"], "Wolf 3": ["ai"]}


def test_defeating_the_last_mob_discards_its_tokens():
    state = mobs([["ai"]])
    state, events = apply(state, DefeatMob("Wolf 1"))
    assert state.monsters == ()
    assert "leaves the Mob track" in describe(events[-1])
    with pytest.raises(IllegalActionError, match="no Mob called 'Wolf 9'"):
        apply(state, DefeatMob("Wolf 9"))


BOSS = """
[board]
rows = 6
cols = 6
[turn]
phase = "monster"
[[knights]]
name = "Kara"
at = "F6"
[[monsters]]
name = "Gargantua"
type = "boss"
at = "B2"
size = 2
activations = ["signature", "ai", "ai"]
"""


def test_boss_tokens_resolve_in_the_monster_sheets_order():
    """Boss Clash: "the order of Boss attacks will never change from the one indicated on the
    Monster Sheet"; "Each time you activate a token, simply flip it over to the spent side"."""
    state = board(BOSS)
    assert [activation_tokens.label(n.token) for n, _ in activation_tokens.order(state)] == [
        "Signature", "AI", "AI"]
    state, words = resolve(state)
    assert [(t.kind, t.spent) for t in state.monster("Gargantua").activations] == [
        ("signature", True), ("ai", False), ("ai", False)]
    assert "the next ready token in the Monster Sheet's order" in words[-1]
    state, words = resolve(state)
    assert "AI Activation" in words[-1]
    state, words = resolve(state)
    assert all(t.spent for t in state.monster("Gargantua").activations)
    assert "Every Activation token is spent" in words[-1]


def test_boss_tokens_without_a_sheet_order_resolve_ai_first():
    """Boss Clash: "When in doubt, if a Monster has both an AI Activation token and a Signature
    Activation token, always resolve any AI Activations first" (``activation_order = "ai
    first"``: the Sheet gives no order)."""
    state = board(BOSS.replace('activations = [', 'activation_order = "ai first"\n'
                                                  'activations = ['))
    assert [activation_tokens.label(n.token) for n, _ in activation_tokens.order(state)] == [
        "AI", "AI", "Signature"]
    state, words = resolve(state)
    assert [(t.kind, t.spent) for t in state.monster("Gargantua").activations] == [
        ("signature", False), ("ai", True), ("ai", False)]
    assert "AI Activations come first" in words[-1]
    answer = ask(load(LAYOUT)[0], state, "activation-order")
    assert [a["token"] for a in answer["answer"]] == ["AI", "Signature"]
    assert "the Sheet gives no order" in answer["why"]
    assert 'activation_order = "ai first"' in dumps(state)


def test_boss_activation_order_refuses_unknown_words():
    with pytest.raises(LayoutError, match="activation_order"):
        board(BOSS.replace('activations = [', 'activation_order = "random"\nactivations = ['))


def test_monster_round_ends_only_when_every_token_is_spent():
    state = board(BOSS)
    assert legal_actions(state) == [ResolveActivation()]
    with pytest.raises(IllegalActionError, match="Gargantua's Signature Activation token is "
                                                 "still ready"):
        apply(state, EndMonsterRound())
    state, _ = resolve(state, 3)
    state, _ = apply(state, EndMonsterRound())
    assert state.turn.phase == "knight"
    with pytest.raises(IllegalActionError, match="Monster Round"):
        apply(state, ResolveActivation())


def test_start_of_monster_round_flips_spent_tokens_to_ready():
    """*Start of Monster Round*: "Flip all spent Activation tokens to their ready sides." """
    state = board(BOSS)
    state, _ = resolve(state, 3)
    state, _ = apply(state, EndMonsterRound())
    state, events = apply(state, EndTurn("Kara"))
    assert state.turn.phase == "monster"
    assert not any(t.spent for t in state.monster("Gargantua").activations)
    assert "3 spent Activation tokens flipped to ready" in describe(events[-1])


def test_activation_order_query_says_who_and_why():
    _, state = load(LAYOUT)
    answer = ask(_game(), state, "activation-order")
    assert [a["monster"] for a in answer["answer"]] == ["Ironcast Dead 1", "Ironcast Dead 2"]
    assert "leftmost ready Activation token on the Mob track" in answer["why"]
    state, _ = resolve(state, 2)
    assert ask(_game(), state, "activation-order")["answer"] == []


def _game():
    return load(LAYOUT)[0]


def test_layout_errors_name_the_token_and_the_track():
    with pytest.raises(LayoutError, match="'ai sideways' is not an Activation token"):
        mobs([["ai sideways"]])
    with pytest.raises(LayoutError, match="'Wolf 7' is not a Mob on the board"):
        mobs([["ai"]], track=[7])


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(st.sampled_from(["ai", "ai spent"]), max_size=3), min_size=1,
                max_size=5))
def test_tokens_are_kept_and_round_trip(tokens):
    """Resolving every ready token keeps the number of tokens, spends them all, and every
    position saves and loads unchanged."""
    state = mobs(tokens)
    total = sum(len(t) for t in tokens)
    ready = sum(w == "ai" for t in tokens for w in t)
    assert len(activation_tokens.order(state)) == ready
    for _ in range(ready):
        state, _ = apply(state, ResolveActivation())
        assert loads(dumps(state), "<saved>")[1] == state
    assert sum(len(v) for v in held(state).values()) == total
    assert activation_tokens.next_activation(state) is None


def test_a_monster_round_begun_by_the_last_knights_death_readies_the_spent_tokens():
    """*Start of Monster Round*: "Flip all spent Activation tokens to their ready sides" —
    also when the Monster Round begins because the last Knight to act died."""
    state = load(LAYOUT)[1]
    spent = replace(state, monsters=tuple(
        replace(m, activations=tuple(replace(t, spent=True) for t in m.activations))
        for m in state.monsters))
    knights = spent.knights
    before = replace(spent, turn=replace(spent.turn, phase="knight",
                                         done=tuple(k.name for k in knights[1:])))
    after = forget(before.without(knights[0].name), knights[0].name)
    assert after.turn.phase == "monster"
    assert all(not t.spent for m in after.monsters for t in m.activations)
    kinds = [e.kind for e in round_events(before, after)]
    assert kinds == ["round-changed", "tokens-readied"]


def test_mob_defeated_by_forced_movement_passes_its_token_on_unflipped():
    """*Resolving Activations*: "If a Mob is defeated while it has an Activation token, move
    that token according to the aforementioned rules, but do not flip it (i.e, if it was
    ready, it remains ready)." — also when forced movement removes it (``forced.kill``, e.g.
    a Boss pushing it into the Board Edge with no space to be Displaced to), not only through
    ``DefeatMob``."""
    from tabletop.games.clash.forced_steps import Branch, kill

    state = mobs([["ai"], ["ai"], []])
    [branch] = kill(Branch(state), "Wolf 2", "Pushback: pushed into the Board Edge")
    assert branch.state.monster("Wolf 2") is None
    assert held(branch.state) == {"Wolf 1": ["ai"], "Wolf 3": ["ai"]}
    assert [e.kind for e in branch.events] == ["died", "token-carried"]
    defeated, _ = apply(state, DefeatMob("Wolf 2"))
    assert held(defeated) == held(branch.state)


def test_mob_track_a_defeated_mobs_space_stays_empty():
    """*Mob Track*: "spaces numbered 1 to 10, left to right. These numbers correspond to the
    numbers on the Mob base rings": a defeated Mob's space is left empty, the others keep
    their numbers."""
    state = mobs([["ai"], [], ["ai"]])
    state, _ = apply(state, DefeatMob("Wolf 2"))
    assert state.mob_spaces == ("Wolf 1", "", "Wolf 3")
    assert activation_tokens.track_number(state, "Wolf 3") == 3
    assert [m.name for m in activation_tokens.track(state)] == ["Wolf 1", "Wolf 3"]


def test_mob_track_a_spawned_mob_takes_the_leftmost_empty_space():
    """*Mob Track*: "Whenever you are instructed to spawn a new Monster, place a new BP card
    from the BP deck on this track, on the leftmost empty space" — so it activates between
    the Mobs on either side of that space, not last."""
    state = mobs([["ai"], [], ["ai"]])
    state, _ = apply(state, DefeatMob("Wolf 2"))
    first = state.monster("Wolf 1")
    wolf = replace(first, name="Wolf 9", at=first.at.step(0, 3))
    state = replace(state, monsters=(*state.monsters, wolf))
    assert state.mob_spaces == ("Wolf 1", "Wolf 9", "Wolf 3")
    assert [n.monster.name for n, _ in activation_tokens.order(state)] == ["Wolf 1", "Wolf 9",
                                                                     "Wolf 3"]


def test_mob_track_layout_writes_and_reads_an_empty_space():
    """An empty space is written ``""`` in ``mob_track``; a board saved and read back keeps
    every Mob's number; an older gap-free list loads unchanged."""
    state = mobs([[], [], []], track=[3, 1, 2])
    assert state.mob_spaces == ("Wolf 3", "Wolf 1", "Wolf 2")
    state, _ = apply(state, DefeatMob("Wolf 1"))
    text = dumps(state)
    assert '"",' in text
    again = loads(text, "<saved>")[1]
    assert again.mob_spaces == ("Wolf 3", "", "Wolf 2")
    gap = board('mob_track = ["", "Wolf 1"]\n[board]\nrows = 3\ncols = 3\n'
                '[[monsters]]\nname = "Wolf 1"\ntype = "mob"\nat = "A1"\n'
                '[[monsters]]\nname = "Wolf 2"\ntype = "mob"\nat = "A3"\n')
    assert gap.mob_spaces == ("Wolf 2", "Wolf 1")


def test_mob_track_has_ten_spaces():
    """*Mob Track*: "spaces numbered 1 to 10"; *Spawning Mobs*: "If the Mob cannot be spawned
    (i.e. when the Mob track is full), nothing happens"."""
    with pytest.raises(LayoutError, match="numbered 1 to 10"):
        board('mob_track = [' + ", ".join(['""'] * 11) + ']\n[board]\nrows = 2\ncols = 2\n')
    text = "[board]\nrows = 3\ncols = 4\n" + "".join(
        f'[[monsters]]\nname = "Wolf {i}"\ntype = "mob"\nat = "{"ABC"[i // 4]}{i % 4 + 1}"\n'
        for i in range(11))
    with pytest.raises(LayoutError, match="holds 11 Mobs; the Mob track has 10 spaces"):
        board(text)


def test_mob_track_edit_mode_places_a_new_mob_on_the_leftmost_empty_space():
    """*Mob Track*: "place a new BP card ... on the leftmost empty space" — a Mob placed in
    edit mode after Wolf 2 was defeated takes space 2; with all 10 spaces taken, none is
    placed ("If the Mob cannot be spawned (i.e. when the Mob track is full), nothing
    happens")."""
    from tabletop.games.clash.actions import PlaceMonster
    from tabletop.spatial.grid import Space

    state = mobs([[], [], []])
    state, _ = apply(state, DefeatMob("Wolf 2"))
    state, _ = apply(state, PlaceMonster("Wolf 7", "mob", Space.parse("D4")))
    assert state.mob_spaces == ("Wolf 1", "Wolf 7", "Wolf 3")
    full = mobs([[] for _ in range(10)])
    with pytest.raises(IllegalActionError, match="Mob track has 10 spaces"):
        apply(full, PlaceMonster("Wolf 11", "mob", Space.parse("D4")))



def test_a_mob_a_boss_pushes_to_its_death_takes_its_bp_card_off_the_mob_track():
    """*Keyword List: Pushback X*, Board Edge: "If displacement is impossible ... if the source
    is a Non-Mob Monster, the target dies."  A dead Mob leaves the Clash by the same path as a
    defeated one (its Activation tokens carried on), and its BP card leaves the Mob track
    ("these effects persist as long as the BP card is revealed, i.e. the Mob Monster is
    alive", *Revealed Mob BPs*): the side panel lists no card for a Mob that is gone.  No
    Wound was dealt, so the card is not a Wound (Will of the Graal); a face-down card's name
    stays hidden."""
    from tabletop.games import layouts
    from tabletop.games.clash.actions import Forced
    from tabletop.games.clash.rules import outcomes

    path = Path(__file__).parent.parent / "layouts" / "clash-example-mobs.toml"
    text = path.read_text().replace('at = "B3"', 'at = "A1"').replace(
        'at = "B5"', 'at = "B1"').replace('at = "F4"', 'at = "B2"') + (
        '\n[[monsters]]\nname = "Ogre"\ntype = "boss"\nat = "A2"\nfacing = "west"\n')
    state = layouts.loads(text, str(path))[1]
    assert dict(state.cards.mob_cards)["Ratling 1"] == "Ratling Biter"
    wounds = state.cards.wound_stack
    (branch,) = outcomes(state, Forced("pushback", "Ogre", "Ratling 1", 1))
    after = branch.state
    assert after.monster("Ratling 1") is None
    assert "Ratling 1" not in dict(after.cards.mob_cards)
    assert after.cards.wound_stack == wounds and not after.cards.result
    words = [str(e) for e in branch.events]
    assert any("Ratling 1 is dead: its face-down BP 1 card leaves the Mob track" in w
               for w in words)
    assert not any("Ratling Biter" in w for w in words)
    assert dict(after.cards.mob_cards)["Ratling 2"] == "Ratling Scout"
