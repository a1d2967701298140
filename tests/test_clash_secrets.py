"""The Clash's hidden information (rulebook *Draw AI or Resolve Signature*, *Determine BP
Card*, *Escalation Chart*): the AI, BP and Escalation decks lie face down, a Mob's BP card
until it is revealed; the public view writes each as its back and leaves the seed out, loads
back as a board that cannot be played on, and undo stops at a card drawn or revealed."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tabletop.errors import IllegalActionError, LayoutError
from tabletop.games import layouts
from tabletop.games.clash import encounter as enc_mod
from tabletop.games.clash import knight_attack, monster_round
from tabletop.games.clash import sequence as seq
from tabletop.games.clash.actions import EndMonsterRound, MoveKnight
from tabletop.games.clash.cards import cards_from_text
from tabletop.games.clash.view import back, level_of
from tabletop.games.query import ask
from tabletop.spatial.grid import Space

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"
BOSS, MOBS = "clash-example-boss.toml", "clash-example-mobs.toml"


def load(name):
    return layouts.load(LAYOUTS / name)


def face_down_names(cards) -> set[str]:
    """The names of every card lying face down: the decks, the Escalation decks and the Mob
    BP cards not revealed."""
    names = {*cards.ai_deck, *cards.bp_deck, *cards.ai_escalation, *cards.bp_escalation}
    return names | {n for mob, n in cards.mob_cards if mob not in cards.revealed}


@pytest.mark.parametrize("name", [BOSS, MOBS])
def test_the_public_view_shows_backs_by_level_and_no_seed(name):
    game, state = load(name)
    view = game.public_view(state)
    cards, seen = state.cards, view.cards
    assert seen.seed == 0 and seen.public and game.is_partial(view)
    assert not game.is_partial(state)
    for key in ("ai_deck", "bp_deck", "ai_escalation", "bp_escalation"):
        real, shown = getattr(cards, key), getattr(seen, key)
        ai = key.startswith("ai")
        assert len(shown) == len(real)                                  # the count stays
        assert sorted(shown) == sorted(back(ai, level_of(cards, n, ai)) for n in real)
        assert list(shown) == sorted(shown)                             # the order is gone
    assert not face_down_names(cards) & {n for _, n in seen.mob_cards}
    text = layouts.dumps(view)
    assert 'view = "public"' in text and "seed =" not in text
    assert not [n for n in face_down_names(cards) if n in text and n not in state.notes]
    assert layouts.loads(text)[1] == view                               # loads back


def test_a_revealed_mob_card_is_named_in_the_public_view():
    game, state = load(MOBS)
    cards = replace(state.cards, revealed=("Ratling 2",))
    view = game.public_view(replace(state, cards=cards))
    shown = dict(view.cards.mob_cards)
    assert shown["Ratling 2"] == "Ratling Scout" and shown["Ratling 1"] == back(False, 1)


def test_the_public_view_cannot_be_played_on():
    game, state = load(BOSS)
    view = game.public_view(state)
    assert game.legal_actions(view) == []
    for act in (lambda: game.apply(view, EndMonsterRound()),
                lambda: game.apply(view, MoveKnight("Kara", Space.parse("F5"))),
                lambda: monster_round.begin_activation(view),
                lambda: monster_round.begin_attack(view, "Shellwyrm", "AI")):
        with pytest.raises(IllegalActionError, match="public view of a Clash: its face-down "
                                                     "cards and its seed are unknown"):
            act()


def test_a_knight_attack_on_the_public_view_stops_at_the_face_down_bp_card():
    game, state = load(BOSS)
    state = replace(state, turn=replace(state.turn, phase="knight"))
    kara = replace(state.knight("Kara"), at=Space.parse("D6"))      # beside the Shellwyrm
    view = game.public_view(state.with_piece(kara))
    draft = knight_attack.begin(view, "Kara", "Shellwyrm", "Longsword")
    assert draft.ask.kind == "roll"              # the attack roll needs no hidden card
    with pytest.raises(IllegalActionError, match="Determine the BP card of Shellwyrm: this "
                                                 "is the public view"):
        while draft.ask is not None:
            ask = draft.ask
            value = seq.from_faces(ask, ["9"] * len(ask.dice)) \
                if ask.kind == "roll" else 0 if ask.kind == "choose" else {}
            draft = knight_attack.answer(draft, value)


def test_a_power_question_on_a_face_down_mob_card_says_so():
    game, state = load(MOBS)
    answer = ask(game, game.public_view(state), "power Kara 'Ratling 1' 1,0,0")
    assert "Ratling 1's BP card is face down in this public view" in answer["error"]


def _dump(name: str) -> str:
    game, state = load(name)
    return layouts.dumps(game.public_view(state))


@pytest.mark.parametrize("change, words", [
    (lambda t: t.replace('view = "public"\n', ""), "is a card's back: only a public view"),
    (lambda t: t.replace('level = 1\n', "level = 1\nseed = 18\n", 1),
     "a public view leaves the seed out"),
    (lambda t: t.replace('"?AI 1"', '"?BP 1"', 1), "is no card's back here"),
    (lambda t: t.replace('"?AI 1"', '"?AI 7"', 1), "is no card's back here"),
    (lambda t: t.replace('view = "public"', 'view = "private"'), 'must be "public"'),
])
def test_the_loader_checks_the_public_form(change, words):
    with pytest.raises(LayoutError, match=words):
        layouts.loads(change(_dump(BOSS)))


def test_a_back_in_a_face_up_pile_is_refused():
    text = _dump(BOSS).replace("wound_stack = []", 'wound_stack = ["?BP 1"]')
    with pytest.raises(LayoutError, match="wound_stack.*is a card's back"):
        layouts.loads(text)


def test_a_public_view_needs_a_clash_with_cards():
    text = 'game = "clash"\nview = "public"\n[board]\nrows = 4\ncols = 4\n'
    with pytest.raises(LayoutError, match="a public view needs the \\[clash\\] table"):
        layouts.loads(text)


def test_no_card_name_starts_like_a_back():
    with pytest.raises(LayoutError, match='must not start with "\\?"'):
        cards_from_text('[[gear]]\nname = "?Axe"\nkind = "weapon"\n', "x.toml")


def test_undo_stops_at_an_ai_card_drawn_not_at_a_move():
    game, state = load(BOSS)
    draft = monster_round.begin_activation(state)
    assert draft.state.cards.ai_deck == state.cards.ai_deck[1:]
    assert "cannot be taken back" in game.secrecy_break(state, draft.state)
    moved = state.with_piece(replace(state.knight("Kara"), at=Space.parse("F5")))
    assert game.secrecy_break(state, moved) == ""
    rolled = replace(state, cards=replace(state.cards, rolls=3))      # a roll hides nothing
    assert game.secrecy_break(state, rolled) == ""


def test_undo_stops_at_a_mob_card_revealed():
    game, state = load(MOBS)
    revealed = replace(state, cards=replace(state.cards, revealed=("Ratling 3",)))
    assert "cannot be taken back" in game.secrecy_break(state, revealed)


def test_the_setup_words_name_no_face_down_card():
    _, state = load(MOBS)
    library = state.cards.library
    cards, words = enc_mod.setup(library, library.sheet("Ratling"), level=1, seed=7,
                                 exhibition=False, mobs=("Ratling 1", "Ratling 2"),
                                 given={"Ratling 1": "Ratling Biter"})
    said = " ".join(words)
    assert "Mob BP cards, face down: Ratling 1 BP 1, Ratling 2 BP 1" in said
    assert not [n for n in face_down_names(cards) if n in said]


def test_an_escalation_names_a_card_removed_from_the_deck_by_its_back_only():
    _, state = load(BOSS)
    cards = state.cards
    after, words = enc_mod.escalate_ai(cards, 1)
    [removed] = [n for n in {*cards.ai_deck} if cards.ai_deck.count(n) >
                 (after.ai_deck + after.ai_discard).count(n)]
    assert "an AI 1 card is removed from the AI deck, unseen" in words[0]
    assert removed not in " ".join(words)
    pile = replace(cards, ai_deck=(), ai_discard=cards.ai_deck)
    _, words = enc_mod.escalate_ai(pile, 1)
    assert words[0].startswith(f"AI Escalation: {cards.ai_deck[0]} is removed")  # face up
