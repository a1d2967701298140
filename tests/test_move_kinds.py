"""When only one kind of move is possible, the window's "what now" hint says so, on every
board: the kinds come from the rules core's legal actions (``tabletop.games.move_kinds``),
and each game's screen shows the words in its panel or beside its board."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tabletop.games import layouts
from tabletop.games.move_kinds import ASIDE, ENDS, KINDS, MoveKinds, classify, move_kinds
from tabletop.games.registry import game_names
from tabletop.ui import textlayer
from tabletop.ui.app import App
from tabletop.ui.session import Session

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"
SIZE = (1280, 800)


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield
    pygame.quit()


def load(name: str):
    return layouts.load(LAYOUTS / f"{name}.toml")


def shown(game, state) -> str:
    """Every word drawn in one frame of the window on ``state`` (the hand-over screens that
    a game with secrets puts up first are clicked away)."""
    app = App(Session(game, state), SIZE)
    for _ in range(3):
        app.draw(pygame.Surface(SIZE))
        app.update(16)
        if app.top is app.screen:
            break
        app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(300, 300), button=1))
        app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(300, 300), button=1))
    app.draw(pygame.Surface(SIZE))
    return " ".join(" ".join(d.full.split()) for d in textlayer.drawn())


def test_the_tables_cover_every_game_and_keep_kinds_apart_from_ends():
    assert set(KINDS) == set(ENDS) == set(ASIDE) == set(game_names())
    for game in game_names():
        assert not set(KINDS[game]) & set(ENDS[game])
        assert not (set(KINDS[game]) | set(ENDS[game])) & ASIDE[game]


@pytest.mark.parametrize("path", sorted(LAYOUTS.glob("*.toml")), ids=lambda p: p.stem)
def test_every_action_type_a_shipped_board_offers_has_a_kind(path):
    """Each legal action of a shipped board, and of the board after its first legal action,
    is a kind of move, an end or an aside in its game's table (``classify`` raises else)."""
    game, state = layouts.load(path)
    actions = list(game.legal_actions(state))
    classify(game.name, actions)
    if actions:
        after, _ = game.apply(state, actions[0])
        classify(game.name, game.legal_actions(after))


def test_the_words_name_the_one_kind_and_the_ends_beside_it():
    assert MoveKinds(("STEP",), ("End turn (T)",)).only() == \
        "Only one kind of move now: STEP, or End turn (T)."
    assert MoveKinds((), ("Pass (P)",)).only() == "Only one move now: Pass (P)."
    assert MoveKinds(("Move", "Attack"), ("End Turn (T)",)).only() == ""
    assert MoveKinds(chance=True).only().startswith("Only one kind of move now: the dice")
    with pytest.raises(KeyError, match="Unknown"):
        classify("clash", [type("Unknown", (), {})()])


def test_clash_a_knight_that_has_attacked_may_only_move():
    game, state = load("clash-rule-hug")
    assert move_kinds("clash", state).kinds == ("Move", "Attack")
    attack = next(a for a in game.legal_actions(state) if type(a).__name__ == "Attack")
    state, _ = game.apply(state, attack)
    assert "Only one kind of move now: Move, or End Turn (T)." in shown(game, state)


def test_clash_a_knight_with_no_melee_target_is_told_of_other_weapons():
    game, state = load("clash-rule-gangup")
    words = shown(game, state)
    assert "Only one kind of move now: Move, or End Turn (T)." in words
    assert "Melee reaches no Monster; a Reach or Ranged weapon may (A)." in words


def test_clash_the_monster_round_leaves_only_the_next_activation():
    game, state = load("clash-example-boss")
    assert "Only one kind of move now: resolve the next Activation (N)." in shown(game, state)


def _fateforge_action_phase():
    from tabletop.games.fateforge.actions import RollDice, SetOrder

    game, state = load("fateforge-chapel")
    for hero in state.heroes:  # every hero rolls only STEP results
        state, _ = game.apply(state, RollDice(hero.name, ("step",) * len(hero.pool)))
    state, _ = game.apply(state, SetOrder(tuple(h.name for h in state.heroes)))
    return game, state


def test_fateforge_a_hero_with_only_step_results_may_only_step():
    game, state = _fateforge_action_phase()
    assert state.round.current == "Aria"
    assert "Only one kind of move now: STEP, or End turn (T)." in shown(game, state)


def test_fateforge_an_enemy_turn_leaves_only_the_enemy_activation():
    from tabletop.games.fateforge.actions import EndTurn

    game, state = _fateforge_action_phase()
    state, _ = game.apply(state, EndTurn("Aria"))
    assert move_kinds("fateforge", state).kinds == ("the enemy's activation",)
    assert "Only one kind of move now: the enemy's activation." in shown(game, state)


def test_almokon_a_responder_without_a_usable_response_can_only_pass():
    game, state = load("almokon-midgame")
    play = next(a for a in game.legal_actions(state) if type(a).__name__ == "PlayCard")
    state, _ = game.apply(state, play)
    assert move_kinds("almokon", state).kinds == ()
    assert "Only one move now: Pass (P)." in shown(game, state)


def test_almokon_the_hint_waits_for_the_hand_over_since_it_tells_of_a_hand():
    """"Only Pass" tells that the responder holds no usable Reflex or Veto: not shown while
    the other player may still be at the screen."""
    game, state = load("almokon-midgame")
    play = next(a for a in game.legal_actions(state) if type(a).__name__ == "PlayCard")
    state, _ = game.apply(state, play)
    app = App(Session(game, state), SIZE)
    app.draw(pygame.Surface(SIZE))
    app.update(16)
    app.draw(pygame.Surface(SIZE))
    assert app.top is not app.screen  # the hand-over screen
    words = " ".join(d.full for d in textlayer.drawn())
    assert "Pass to" in words and "Only one" not in words


def test_almokon_a_main_phase_has_many_kinds_and_no_such_hint():
    game, state = load("almokon-midgame")
    assert "Only one" not in shown(game, state)


def test_kings_champion_a_revealed_joust_can_only_be_rolled():
    game, state = load("joust-mid-joust")  # the joust's first throw is a chance point
    assert "Only one kind of move now: the dice decide (roll them)." in shown(game, state)


def test_kingdom_the_story_step_can_only_end():
    from tabletop.games.kingdom.actions import DrawExploration, EndStep, Travel

    game, state = load("kingdom-start")
    travel = next(a for a in game.legal_actions(state) if isinstance(a, Travel))
    state, _ = game.apply(state, travel)
    while state.pending:
        state, _ = game.apply(state, game.legal_actions(state)[0])
    if state.delve.phase == "exploration":
        draw = next(a for a in game.legal_actions(state) if isinstance(a, DrawExploration))
        state, _ = game.apply(state, draw)
        while state.pending:
            state, _ = game.apply(state, game.legal_actions(state)[0])
        state, _ = game.apply(state, EndStep())
    assert state.delve.phase == "story", state.delve.phase
    assert "Only one move now: End step (Enter)." in shown(game, state)


def test_clash_a_knight_that_moved_out_of_melee_reach_is_told_of_other_weapons():
    """After its Movement Action with no Monster adjacent, End Turn is the only move the
    rules core lists, but a Reach or Ranged weapon (on the Knight's cards) may still attack."""
    from tabletop.games.clash.actions import MoveKnight
    from tabletop.spatial.grid import Space

    game, state = load("clash-teaching")
    state, _ = game.apply(state, MoveKnight("Kara", Space.parse("G4")))
    words = shown(game, state)
    assert "Only one move now: End Turn (T)." in words
    assert "Melee reaches no Monster; a Reach or Ranged weapon may (A)." in words


def test_clash_between_turns_the_hint_is_about_the_knight_picked():
    """Before a turn starts the hint speaks of the Knight selected: a Knight knocked down
    (falling) may only end its turn, whatever the others may do."""
    from dataclasses import replace

    game, state = load("clash-teaching")
    knights = tuple(replace(k, knockdown="falling") if k.name == "Odo" else k
                    for k in state.knights)
    state = replace(state, knights=knights)
    app = App(Session(game, state), SIZE)
    app.screen.selected = "Odo"
    app.draw(pygame.Surface(SIZE))
    words = " ".join(" ".join(d.full.split()) for d in textlayer.drawn())
    assert "Only one move now: End Turn (T)." in words
    assert "Melee" not in words
    app.screen.selected = "Kara"
    app.draw(pygame.Surface(SIZE))
    words = " ".join(" ".join(d.full.split()) for d in textlayer.drawn())
    assert "Only one kind of move now: Move, or End Turn (T)." in words


def test_a_picture_of_the_board_carries_no_hint_naming_the_windows_keys():
    """A picture (screenshot, F12) has no buttons, so the "what now" hint, which names keys,
    stays in the window."""
    game, state = load("clash-example-boss")
    app = App(Session(game, state), SIZE)
    app.interactive = False
    app.draw(pygame.Surface(SIZE))
    words = " ".join(" ".join(d.full.split()) for d in textlayer.drawn())
    assert "Only one kind of move now" not in words
    assert "Only one kind of move now" in shown(game, state)
