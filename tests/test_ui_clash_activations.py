"""The Clash screen's Activation tokens and Mob track (rulebook *Resolving Activations*):
tokens drawn on each Monster (red ready, grey spent), the Mob track in the side panel, and N /
the "Activate next" button resolving the next Activation, driven by synthetic pygame events."""

from pathlib import Path

import pygame

from tabletop.games import layouts
from tabletop.ui.app import App
from tabletop.ui.session import Session
from tabletop.ui.views.clash import TOKEN_READY, TOKEN_SPENT

MOB_TRACK = (Path(__file__).resolve().parent.parent / "layouts" /
             "clash-rule-mob-track.toml").read_text()
SIZE = (1200, 760)


def make():
    pygame.font.init()
    game, state = layouts.loads(MOB_TRACK, "mob-track.toml")
    app = App(Session(game, state, path="mob-track.toml"), SIZE)
    picture(app)
    return app


def picture(app) -> pygame.Surface:
    surface = pygame.Surface(SIZE)
    app.draw(surface)
    return surface


def key(app, k):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    picture(app)


def press_button(app, words):
    button = next(b for b in app.buttons if b.label.startswith(words))
    for kind, extra in ((pygame.MOUSEMOTION, {"rel": (0, 0), "buttons": (0, 0, 0)}),
                        (pygame.MOUSEBUTTONDOWN, {"button": 1}),
                        (pygame.MOUSEBUTTONUP, {"button": 1})):
        app.dispatch(pygame.event.Event(kind, pos=button.rect.center, **extra))
    picture(app)


def token_pixels(app, surface, name, colour) -> int:
    """How many pixels of ``colour`` lie around the top edge of Monster ``name``'s plate."""
    grid = app.screen.grid()
    box = grid.space_rect(app.session.state.monster(name).at)
    area = pygame.Rect(box.x, box.y - grid.cell // 6, box.width, grid.cell // 3)
    return sum(surface.get_at((x, y))[:3] == colour
               for x in range(area.left, area.right) for y in range(area.top, area.bottom))


def test_tokens_are_drawn_red_when_ready_and_grey_when_spent():
    app = make()
    surface = picture(app)
    assert token_pixels(app, surface, "Ironcast Dead 1", TOKEN_READY) > 20
    assert token_pixels(app, surface, "Ironcast Dead 3", TOKEN_READY) == 0
    key(app, pygame.K_n)
    surface = picture(app)
    assert token_pixels(app, surface, "Ironcast Dead 1", TOKEN_READY) == 0
    assert token_pixels(app, surface, "Ironcast Dead 3", TOKEN_SPENT) > 20


def test_panel_shows_the_mob_track_and_n_resolves_the_rulebook_example():
    app = make()
    lines = app.screen.panel_lines()
    assert any(line.startswith("Mob track: 1. Ironcast Dead 1 (AI ready) · 2. Ironcast Dead 2")
               for line in lines)
    assert any(line.startswith("Next: Ironcast Dead 1 activates") for line in lines)
    key(app, pygame.K_n)
    state = app.session.state
    assert [len(m.activations) for m in state.monsters] == [0, 1, 1, 0]
    assert "Next: Ironcast Dead 2 activates" in app.session.status
    press_button(app, "Activate next")
    state = app.session.state
    assert [len(m.activations) for m in state.monsters] == [0, 0, 1, 1]
    assert not any(b.label.startswith("Activate next") for b in app.buttons)
    assert any("Every Activation token is spent" in line for line in app.screen.panel_lines())
    key(app, pygame.K_t)
    assert app.session.state.turn.phase == "knight"


def test_ending_the_monster_round_early_is_refused_with_the_rule():
    app = make()
    key(app, pygame.K_t)
    assert app.session.state.turn.phase == "monster"
    assert app.session.status_error
    assert "Ironcast Dead 1's AI Activation token is still ready" in app.session.status


def test_side_panel_numbers_the_mob_track_spaces_and_shows_an_empty_one():
    """The window lists the Mob track by its numbered spaces ("These numbers correspond to
    the numbers on the Mob base rings"), an empty space as such."""
    from test_clash_rules_activations import mobs

    from tabletop.games.clash.actions import DefeatMob
    from tabletop.games.clash.rules import apply
    from tabletop.ui.controllers.clash_facts import activation_lines

    state = mobs([["ai"], [], ["ai"]])
    state, _ = apply(state, DefeatMob("Wolf 2"))
    [track_line] = [line for line in activation_lines(state) if line.startswith("Mob track")]
    assert "1. Wolf 1 (AI ready) · 2. empty · 3. Wolf 3 (AI ready)" in track_line
