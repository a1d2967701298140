"""Hot seat keeps secrets: over random playouts mixed with Undo, Redo and the log's history
view (King's Champion, Almokon, the Kingdom map), every frame drawn (board, side panel, log,
status line, hand-over screens, past boards) holds nothing the rulebook hides from the person
at the screen, and the board is drawn from the game's own ``view_for`` of that player."""

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kingdom_boards import LAYOUTS

from tabletop.games import layouts
from tabletop.games.joust.state import FAVOR_TITLES
from tabletop.ui import textlayer
from tabletop.ui.app import App
from tabletop.ui.history import HistoryView
from tabletop.ui.session import Session
from tabletop.ui.widgets.handover import HandOver

SIZE = (960, 600)


def frame_words(app) -> str:
    """Everything a frame of ``app`` shows in words: every string the text layer recorded
    (with the full text of anything shortened, which a tooltip would show), the log and the
    status line."""
    app.draw(pygame.Surface(SIZE))
    drawn = [f"{d.words}\n{d.full}" for d in textlayer.drawn()]
    return "\n".join([*drawn, *app.session.log, app.session.status])


def almokon_public_uids(state, player) -> set[str]:
    """Cards ``player`` sees by the rulebook: in play (with attached ones), on the stack, in
    discards, and in their own hand (their own Scout or Foresee look too)."""
    index = state.player_index(player) if player is not None else None
    out = {c.uid for c in state.cards} | {i for c in state.cards for i in c.items}
    out |= {item.uid for item in state.stack if item.kind == "play"}
    for i, p in enumerate(state.players):
        out |= set(p.discard) | (set(p.hand) if i == index else set())
    if state.choice is not None and state.choice.player == index:
        out |= set(state.choice.options)
    return out


def almokon_secrets(session, player) -> set[str]:
    """Names of the cards hidden from ``player`` by the rulebook (the rival's hand, every
    deck, a look at the top of a deck that is not theirs) that nothing shown to the public
    ever named and that ``player`` sees no other copy of."""
    state = session.state
    hidden = set(state.all_uids()) - almokon_public_uids(state, player)
    seen = {state.definition(u).name for u in almokon_public_uids(state, player)}
    for step in [*session.history, *session.redo_steps]:
        seen |= {step.state.definition(u).name for u in almokon_public_uids(step.state, None)}
    searched = " ".join(line for line in session.log if "searches the deck" in line)
    names = {state.definition(u).name for u in hidden}
    return {name for name in names - seen if name not in searched}


def joust_secrets(session, player) -> set[str]:
    """What the rulebook keeps from ``player``, in the words the screen would use: a rival's
    order until its tokens are all revealed, each Favor Action of a Knight whose joust is not
    revealed, the dice a rival places while planning, and the Enhancement and Ability Cards in
    a rival's hand or on a Knight not yet revealed (unless ``player`` sees that card's name
    elsewhere: its own hand, a Knight, the log)."""
    state = session.state
    if state.phase in ("setup", "over"):
        return set()
    out = set()
    for house in state.households:
        if house.name == player:
            continue
        revealed = set(house.order[:state.revealed]) if state.phase == "jousting" else set()
        if len(house.order) == 3 and len(revealed) < 3:
            out.add(", ".join(house.order))
        for knight in house.knights:
            if knight.name in revealed:
                continue
            if knight.favor:
                out.add(f"chooses {FAVOR_TITLES.get(knight.favor, knight.favor)} for "
                        f"{knight.name}")
            if state.phase == "planning" and (any(knight.token_dice)
                                              or any(e.die for e in knight.equipment)):
                out.add(f"die on {knight.name}'s")
            if knight.ability:
                out.add(knight.ability)
        out |= {card.name for card in house.hand} | set(house.abilities)
    visible = {name for house in state.households for name in [
        *(c.name for c in house.hand if house.name == player),
        *(a for a in house.abilities if house.name == player),
        *(k.ability for k in house.knights if house.name == player and k.ability),
        *(e.name for k in house.knights for e in k.equipment),
        *(k.squire.name for k in house.knights if k.squire)]}
    told = "\n".join(session.log)
    return {name for name in out - visible if name not in told}


def kingdom_secrets(session, player) -> set[str]:
    """What lies face down for everyone (*Kingdom Setup*, *The Deep Fog*): the front of every
    face-down or boxed tile (name, Point of Interest) and the listed cards of both decks,
    unless the name is on show elsewhere (a tile face up, a card already drawn: the log)."""
    state = session.state
    shown = {t.name for t in state.tiles if t.status in ("explored", "revealed")}
    shown |= {t.poi for t in state.tiles if t.status in ("explored", "revealed")}
    told = "\n".join(session.log)
    hidden = {t.name for t in state.tiles if t.status in ("face-down", "box")}
    hidden |= {t.poi for t in state.tiles if t.status in ("face-down", "box")}
    hidden |= {c.name for c in (*state.exploration_cards, *state.fog_deck)}
    return {h for h in hidden - shown if len(h) > 3 and h not in told}


GAMES = {
    "joust-first-round.toml": joust_secrets,
    "almokon-opening.toml": almokon_secrets,
    "kingdom-start.toml": kingdom_secrets,
}


def check(app, secrets_of) -> None:
    """The frame shows nothing hidden: under a hand-over screen from everyone at the table,
    after it from the player whose step it is; the board is that player's ``view_for``."""
    session, game = app.session, app.session.game
    app.update(16)
    for _ in range(3):
        if not isinstance(app.top, HandOver):
            break
        words = frame_words(app)
        for player in {None, game.acting(session.state)}:
            assert not [w for w in secrets_of(session, player) if w in words]
        app.top.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                                unicode="\r"))
        app.update(16)
    player = game.acting(session.state)
    words = frame_words(app)
    leaked = [w for w in secrets_of(session, player) if w in words]
    assert not leaked, f"{leaked} shown to {player}"
    assert app.screen.view_state() == game.view_for(session.state, player)


def check_history(app, secrets_of, index: int) -> None:
    """The log's history view on entry ``index``: the past board is drawn through the same
    filter for the player at the screen now, and the frame shows nothing hidden from them
    in that past board that nothing public has shown since."""
    session, game = app.session, app.session.game
    player = game.acting(session.state)
    view = HistoryView(index)
    app.push(view)
    words = frame_words(app)
    with session.showing(view.state()):
        secrets = secrets_of(session, player)
        past = session.state
        drawn = app.screen.view_state()
    leaked = [w for w in secrets if w in words]
    assert not leaked, f"{leaked} shown to {player} in the history view"
    assert drawn in (game.view_for(past, player), game.public_view(past))
    view.back()


def act(session, data) -> bool:
    """Perform one legal action of the player whose step it is (what the screen allows);
    the planner's own status line says it in full, as the screen does."""
    game, state = session.game, session.state
    player = game.acting(state)
    actions = [a for a in game.legal_actions(state)
               if player is None or getattr(a, "house", player) == player]
    if not actions:
        return False
    action = data.draw(st.sampled_from(actions[:60]))
    if session.perform(action) and hasattr(action, "explain"):
        session.tell(action.explain() + " (hidden from the rival)")
    return True


@pytest.mark.parametrize("layout", sorted(GAMES))
@settings(max_examples=6, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                 HealthCheck.too_slow])
@given(data=st.data())
def test_no_frame_shows_a_secret_through_play_undo_and_redo(layout, data):
    game, state = layouts.load(LAYOUTS / layout)
    app = App(Session(game, state), SIZE)
    secrets_of = GAMES[layout]
    check(app, secrets_of)
    for _ in range(data.draw(st.integers(4, 14))):
        move = data.draw(st.sampled_from(["act", "act", "undo", "undo", "redo", "history"]))
        if move == "act" and not act(app.session, data):
            break
        if move == "history" and app.session.log:
            check_history(app, secrets_of,
                          data.draw(st.integers(0, len(app.session.log) - 1)))
        if move == "undo":
            app.session.undo()
        elif move == "redo":
            app.session.redo()
        check(app, secrets_of)


def test_undo_never_crosses_the_hand_over_between_households():
    from tabletop.games.joust.actions import ChooseFavor, Ready, SetOrder

    game, state = layouts.load(LAYOUTS / "joust-first-round.toml")
    session = Session(game, state)
    house = game.acting(state)
    knights = [k.name for k in state.household(house).knights]
    favors = [k.favors[0] for k in state.household(house).knights]
    for knight, favor in zip(knights, favors, strict=True):
        assert session.perform(ChooseFavor(house, knight, favor)), session.status
    assert session.perform(SetOrder(house, tuple(knights)))
    assert session.undo() and session.redo()  # the planner's own steps: back and forth
    assert session.perform(Ready(house))
    rival = game.acting(session.state)
    assert rival != house
    plan = session.state
    assert not session.undo()
    assert "hand-over" in session.status and session.state is plan
    assert all(name not in line for line in session.log for name in knights[1:]
               if "order" in line)
    assert any(f"House {house} changes its secret plan" in line for line in session.log)


def test_undo_stops_at_a_card_drawn():
    from dataclasses import replace

    from tabletop.games.almokon.state import with_player

    game, state = layouts.load(LAYOUTS / "almokon-opening.toml")
    me = state.players[state.to_act]
    drawn = with_player(state, state.to_act, hand=(*me.hand, me.deck[0]), deck=me.deck[1:])
    session = Session(game, state)
    session.edit(drawn, f"{me.name} draws a card")
    assert not session.undo() and "cannot be taken back" in session.status
    spent = with_player(drawn, state.to_act, ap=me.ap + 2)
    session.edit(spent, f"{me.name} gains 2 AP")
    assert session.undo() and session.state is drawn  # nothing hidden changed: undoable
    rival = replace(spent, to_act=1 - state.to_act, turn=1 - state.to_act)
    session.edit(rival, "the turn passes")
    assert not session.undo() and "hand-over" in session.status
