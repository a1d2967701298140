"""The Kingdom map screen, headless: clicks travel, Backtrack shows its cost before it goes,
illegal clicks explain themselves, prompts become buttons, screenshots render."""

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from tabletop.errors import UsageError
from tabletop.games import layouts
from tabletop.games.kingdom.actions import EnterFog
from tabletop.games.kingdom.state import ExplorationCard
from tabletop.ui.controllers.kingdom import KingdomController
from tabletop.ui.screens import screen_class
from tabletop.ui.session import Session

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"
SIZE = (1280, 800)


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield
    pygame.quit()


def screen(name):
    game, state = layouts.load(LAYOUTS / f"kingdom-{name}.toml")
    controller = KingdomController(Session(game, state))
    surface = pygame.Surface(SIZE)
    controller.draw(surface, pygame.Rect(0, 0, 980, 770))
    return controller, surface


def click(controller, tile_id):
    hit = next(h for h in controller.hits if h.kind == "tile" and h.key == tile_id)
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=hit.rect.center, button=1)
    assert controller.handle_event(event)
    controller.draw(pygame.Surface(SIZE), pygame.Rect(0, 0, 980, 770))


def test_the_kingdom_screen_is_registered():
    assert screen_class("kingdom") is KingdomController


def test_clicking_a_face_down_tile_next_to_a_path_travels_there():
    controller, _ = screen("start")
    click(controller, "2")
    assert controller.session.state.party == "2"
    assert controller.session.log and "travels east" in controller.session.log[0]


def test_clicking_an_explored_tile_shows_the_backtrack_cost_first():
    controller, _ = screen("mid-delve")
    click(controller, "1")
    assert controller.session.state.party == "7"  # nothing moved yet
    assert "Time +1, Threat +1" in controller.session.status
    assert "Time +1, Threat +1" in controller.hint()[0]
    click(controller, "1")
    assert controller.session.state.party == "1"


def test_an_illegal_click_explains_itself():
    controller, _ = screen("mid-delve")
    click(controller, "6")
    assert controller.session.status_error
    assert "no path of 7 Gallows Hill leads to face-down tile 6" in controller.session.status
    assert controller.session.state.party == "7"


def test_face_down_fronts_are_hidden_unless_revealed():
    controller, _ = screen("start")
    assert controller.view_state().tile("3").name == ""
    controller.reveal = True
    assert controller.view_state().tile("3").name == "Flooded Nave"


def test_prompts_become_answer_buttons():
    controller, _ = screen("start")
    click(controller, "2")
    buttons = controller.buttons()
    usable = [b.label for b in buttons if b.enabled]
    assert usable == ["Martial", "Errant", "Historic", "Mystic"]
    next(b for b in buttons if b.label == "Errant").on_click()
    assert controller.session.state.clues == (0, 1, 0, 0)


def test_the_effect_buttons_keep_their_places_through_the_steps():
    """Amount, the tracks, Rotation, the shuffles and Report loss come first and stay where
    they are in every step, greyed while a question waits (controls never move)."""
    controller, _ = screen("start")

    def places():
        surface = pygame.Surface(SIZE)
        from tabletop.ui.app import App

        app = App(controller.session, SIZE)
        app.draw(surface)
        return {b.label: b.rect.topleft for b in app.buttons
                if b.label.startswith(("Threat", "Curse", "Time", "Amount", "Rotation",
                                       "Shuffle", "Report"))}

    before = places()
    click(controller, "2")  # a question waits: the Clue type
    assert places() == before
    next(b for b in controller.buttons() if b.label == "Errant").on_click()
    assert controller.session.state.delve.phase == "exploration"
    assert places() == before


def test_deep_fog_buttons_and_course_correct_from_a_clicked_card():
    controller, _ = screen("deep-fog")
    labels = [b.label for b in controller.buttons()]
    assert {"Stay the Course", "Withdraw", "Correct north", "Correct south"} <= set(labels)
    card = next(h for h in controller.hits if h.kind == "fog" and h.key == (0, 0))
    controller.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=card.rect.center,
                                               button=1))
    south = next(b for b in controller.buttons() if b.label == "Correct south")
    south.on_click()
    assert controller.session.state.fog.path == ((0, 0), (0, 1))


def test_overlays_for_screenshots():
    controller, _ = screen("mid-delve")
    controller.apply_overlay("preview 1")
    assert controller.route() == ("7", "3", "1")
    with pytest.raises(UsageError, match="no kingdom overlay 'sparkles'"):
        controller.apply_overlay("sparkles")
    with pytest.raises(UsageError, match="no Backtrack reaches"):
        controller.apply_overlay("preview 8")


@pytest.mark.parametrize("name", ["start", "mid-delve", "disjointed", "deep-fog"])
def test_every_kingdom_layout_draws(name):
    controller, surface = screen(name)
    assert controller.hits
    # the Party marker's gold is somewhere on the board (or the fog path's)
    gold = pygame.Color(250, 204, 60)
    width, height = surface.get_size()
    assert any(surface.get_at((x, y)) == gold for x in range(0, 980, 3)
               for y in range(80, 770, 3))


def test_shift_click_picks_a_tile_for_its_effect_buttons(monkeypatch):
    controller, _ = screen("start")
    monkeypatch.setattr(pygame.key, "get_mods", lambda: pygame.KMOD_LSHIFT)
    click(controller, "4")
    assert controller.session.state.party == "1"  # picking does not travel
    reveal = next(b for b in controller.buttons() if b.label == "Reveal 4")
    reveal.on_click()
    assert controller.session.state.tile("4").status == "revealed"
    spawn = next(b for b in controller.buttons() if b.label == "Spawn Gorewing on 4")
    spawn.on_click()
    assert [(m.monster, m.tile) for m in controller.session.state.monsters] == [("Gorewing", "4")]


def test_picked_tile_paths_can_be_blocked_and_cleared(monkeypatch):
    controller, _ = screen("start")
    monkeypatch.setattr(pygame.key, "get_mods", lambda: pygame.KMOD_LSHIFT)
    click(controller, "1")
    kind = next(b for b in controller.buttons() if b.label.startswith("Token: "))
    kind.on_click()  # single-panzergate -> triple-panzergate
    block = next(b for b in controller.buttons() if b.label == "Block east path")
    block.on_click()
    assert [(h.kind, h.side) for h in controller.session.state.hindering] == [
        ("triple-panzergate", "east")]
    clear = next(b for b in controller.buttons() if b.label == "Clear east path")
    clear.on_click()
    assert controller.session.state.hindering == ()


def button(controller, label):
    return next(b for b in controller.buttons() if b.label == label)


def test_track_buttons_step_by_the_chosen_amount():
    controller, _ = screen("start")
    for _ in range(2):
        button(controller, f"Amount: {controller.amount}").on_click()
    button(controller, "Threat +3").on_click()
    assert controller.session.state.track.threat == 3
    button(controller, "Threat -3").on_click()
    button(controller, "Curse +3").on_click()
    assert controller.session.state.track.curse == 3 and controller.session.state.track.threat == 0
    assert controller._key(pygame.K_a) and controller.amount == 4
    button(controller, "Rotation 4").on_click()
    assert controller.session.state.districts[0].monster == "Rotgut Hound"  # 3 districts: 1 step


def test_an_unlisted_deep_fog_card_is_entered_with_the_value_buttons():
    controller, _ = screen("start")
    button(controller, "Shuffle Fog deck").on_click()
    assert controller.session.state.fog_deck == ()
    assert not button(controller, "Shuffle Fog deck").enabled
    controller.act(EnterFog("3"))
    labels = [b.label for b in controller.buttons() if b.enabled]
    assert labels == ["0", "1", "2", "3", "4"]
    button(controller, "2").on_click()
    assert controller.session.state.fog.cards[0].card.value == 2
    surface = pygame.Surface(SIZE)
    controller.draw(surface, pygame.Rect(0, 0, 980, 770))
    assert any(h.kind == "fog" for h in controller.hits)


def test_the_mortis_direction_prompt_offers_directions():
    game, state = layouts.load(LAYOUTS / "kingdom-start.toml")
    state = replace(state, exploration_cards=(
        ExplorationCard("Ash Storm", back=("errant", "mystic", "martial", "historic")),))
    controller = KingdomController(Session(game, state))
    controller.draw(pygame.Surface(SIZE), pygame.Rect(0, 0, 980, 770))
    click(controller, "3")
    labels = [b.label for b in controller.buttons() if b.enabled]
    assert labels[:4] == ["North", "East", "South", "West"]
    button(controller, "West").on_click()
    assert controller.session.state.clues == (1, 0, 1, 0)
    assert controller.session.state.knights[0].clues == (2, 0, 0, 0)  # Sir Aldric: Martial


def test_a_listed_exploration_deck_draws_its_top_card_and_waits_for_a_special_one():
    game, state = layouts.load(LAYOUTS / "kingdom-mid-delve.toml")
    state = replace(state, exploration_cards=(ExplorationCard("Ash Storm", "district"),
                                              ExplorationCard("Cache", special=True)))
    controller = KingdomController(Session(game, state))
    controller.draw(pygame.Surface(SIZE), pygame.Rect(0, 0, 980, 770))
    click(controller, "3")
    click(controller, "3")  # Backtrack: straight to the Exploration step
    assert "Draw instant" not in [b.label for b in controller.buttons()]
    button(controller, "Draw top card").on_click()
    assert controller.session.state.district_effects[-1] == ("Drowned Ward", "Ash Storm")
    assert not button(controller, "End step").enabled
    button(controller, "Draw top card").on_click()
    assert button(controller, "End step").enabled
    assert "Draw instant" in [b.label for b in controller.buttons()]


def test_with_every_path_onward_blocked_the_hint_says_backtrack_is_the_only_move():
    from tabletop.games.kingdom import rules as kingdom_rules
    from tabletop.games.kingdom import travel
    from tabletop.games.kingdom.actions import PlaceHindering
    from tabletop.games.move_kinds import move_kinds
    from tabletop.ui.controllers.kingdom import travel_hint

    game, state = layouts.load(LAYOUTS / "kingdom-mid-delve.toml")
    here = state.tile(state.party)
    for path in here.paths:
        if path.kind == "tile" and any(o.kind == "travel" and o.tile == path.to
                                       for o in travel.options(state)):
            state, _ = kingdom_rules.apply(state, PlaceHindering(
                "single-panzergate", here.id, path.side, path.offset))
    assert {o.kind for o in travel.options(state)} == {"backtrack"}
    assert "Backtrack is the only move" in travel_hint(move_kinds("kingdom", state))


def test_the_map_keeps_its_place_until_a_tile_is_laid_outside_it():
    from tabletop.spatial.tile_map import Rect
    from tabletop.ui.views.kingdom import ROOM, KingdomLayers

    layers = KingdomLayers()
    first = layers.steady_box(Rect(0, 0, 4, 3))
    assert first == Rect(0, 0, 4, 3)
    assert layers.steady_box(Rect(1, 0, 3, 2)) == first  # inside: nothing moves
    grown = layers.steady_box(Rect(0, 0, 5, 3))  # a tile laid east of it
    assert grown == Rect(-ROOM, -ROOM, 5 + 2 * ROOM, 3 + 2 * ROOM)
    assert layers.steady_box(Rect(0, 0, 6, 4)) == grown  # the next rounds: no re-centring


def test_travelling_does_not_move_the_map_when_the_new_tiles_fit():
    from tabletop.games.kingdom import travel
    from tabletop.games.kingdom.actions import Travel

    controller, _ = screen("mid-delve")
    option = next(o for o in travel.options(controller.state) if o.kind == "travel")
    box = controller.layers.box
    controller.perform(Travel(option.tile))
    controller.draw(pygame.Surface(SIZE), pygame.Rect(0, 0, 980, 770))
    after = controller.layers.box
    if after != box:  # the map grew: with room to spare, so the next tiles keep it still
        assert after.w >= box.w + 2 and after.h >= box.h + 2


def test_a_picture_of_the_map_says_what_the_travel_step_allows_not_where_to_click():
    """A picture (screenshot, F12) has no buttons and takes no clicks: the hint under the map
    says what the Travel step allows (rulebook *Travel*: travel onto an adjacent Unexplored
    tile, Backtrack, the Deep Fog), the window says where to click."""
    from tabletop.ui import textlayer
    from tabletop.ui.app import App

    for name in ("disjointed", "mid-delve"):
        game, state = layouts.load(LAYOUTS / f"kingdom-{name}.toml")
        app = App(Session(game, state), (1280, 800))
        app.interactive = False
        app.draw(pygame.Surface((1280, 800)))
        words = " ".join(" ".join(d.full.split()) for d in textlayer.drawn())
        assert "Travel step: " in words and "travel onto a face-down tile in a solid ring" \
            in words
        assert "click" not in words.lower() and "in the panel" not in words
        app.interactive = True
        app.draw(pygame.Surface((1280, 800)))
        words = " ".join(" ".join(d.full.split()) for d in textlayer.drawn())
        assert "click a face-down tile in a solid ring to travel onto it" in words


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_a_hindering_token_covers_no_word_of_the_tiles(size):
    """The Flood token on the Flooded Nave's east path sits where it covers none of the
    words of the tiles on either side (the Nave's name, tile 6's back symbols)."""
    from tabletop.ui import textlayer
    from tabletop.ui.app import App
    from tabletop.ui.views.kingdom import HINDERING_LOOK

    game, state = layouts.load(LAYOUTS / "kingdom-mid-delve.toml")
    app = App(Session(game, state), size)
    app.interactive = False
    surface = pygame.Surface(size)
    app.draw(surface)
    drawn = textlayer.drawn()
    (letters,) = [d for d in drawn if d.words == HINDERING_LOOK["flood"][1]]
    flood = pygame.mask.from_threshold(surface, HINDERING_LOOK["flood"][0], (1, 1, 1, 255))
    (token,) = [r for r in flood.get_bounding_rects() if r.colliderect(letters.rect)]
    others = [d.rect for d in drawn if d is not letters and d.words]
    assert token.collidelist(others) == -1, [others[i] for i in token.collidelistall(others)]


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_a_shortcuts_words_cover_no_word_of_the_tiles(size):
    """Travelling onto 2 Bell Tower reveals its shortcut south ("to 9"), which leads over 3's
    back symbols: its words go where they cover no other word of the map."""
    from tabletop.games.kingdom.actions import Travel
    from tabletop.games.kingdom.rules import apply as kingdom_apply
    from tabletop.ui import textlayer
    from tabletop.ui.app import App

    game, state = layouts.load(LAYOUTS / "kingdom-start.toml")
    state, _ = kingdom_apply(state, Travel("2"))
    app = App(Session(game, state), size)
    app.interactive = False
    app.draw(pygame.Surface(size))
    drawn = textlayer.drawn()
    (shortcut,) = [d for d in drawn if d.words.startswith("to ")]
    others = [d.rect for d in drawn if d is not shortcut and d.words]
    assert shortcut.rect.collidelist(others) == -1


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)], ids=["1280x800", "1920x1080"])
def test_a_small_tiles_point_of_interest_is_whole_on_the_tile_or_a_plate_beside_it(size):
    """Chapel of Ash, a small tile of the disjointed map, names its Point of Interest "Ash
    Reliquary": in the rulebook's words ("Point of Interest:", never "PoI", which the bundled
    font draws as "Pol"), drawn at the tile's fact size, never smaller; at 1280 x 800 the tile
    is too small for it, so it goes whole on a plate just below the tile (covering no tile);
    no string on the map is cut."""
    from tabletop.ui import textlayer
    from tabletop.ui.screenshot import render

    _, state = render(str(LAYOUTS / "kingdom-disjointed.toml"), size, ui=True)
    drawn = textlayer.drawn()
    assert not [d.full for d in drawn if d.words.endswith("…") or d.clipped]
    assert not [d.words for d in drawn if "PoI" in d.words or "Pol" in d.words]
    label = [d for d in drawn if d.words == "Point of Interest:"]
    name = [d for d in drawn if d.words == "Ash Reliquary"]
    assert len(label) == 1 and len(name) == 1, [d.words for d in drawn if "Reliq" in d.words]
    small = next(d for d in drawn if d.words == "small" and d.rect.x < label[0].rect.x + 10)
    assert label[0].rect.height >= small.rect.height  # the fact size, not drawn smaller
    assert name[0].rect.top > label[0].rect.bottom  # the name on a line of its own
    if size == (1280, 800):  # on its plate, under the tile's own words
        assert label[0].rect.top > small.rect.bottom + 8

def _words_and_stubs(state, size, interactive):
    """Draw ``state`` in a window of ``size``: the words drawn (less the Hindering tokens'
    letters, which sit on their path by design) and the path stubs' rectangles."""
    from tabletop.ui import textlayer
    from tabletop.ui.app import App
    from tabletop.ui.views.kingdom import HINDERING_LOOK

    game = layouts.load(LAYOUTS / "kingdom-start.toml")[0]
    app = App(Session(game, state), size)
    app.interactive = interactive
    app.draw(pygame.Surface(size))
    letters = {code for _, code in HINDERING_LOOK.values()}
    words = [d for d in textlayer.drawn() if d.words and d.words not in letters]
    return words, app.screen.layers.stubs


def _kingdom_boards():
    """Every shipped Kingdom layout (the Deep Fog one with its map out of the Fog: in the
    Fog, a veil covers the map and the Fog cards lie over it), and the start after
    travelling onto 2 (its shortcut south)."""
    from tabletop.games.kingdom.actions import Travel
    from tabletop.games.kingdom.rules import apply as kingdom_apply

    boards = []
    for path in sorted(LAYOUTS.glob("kingdom-*.toml")):
        state = layouts.load(path)[1]
        boards.append((path.stem, state if state.fog is None else replace(state, fog=None)))
    start = layouts.load(LAYOUTS / "kingdom-start.toml")[1]
    boards.append(("kingdom-start after Travel 2", kingdom_apply(start, Travel("2"))[0]))
    return boards


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)], ids=["1280x800", "1920x1080"])
def test_no_word_on_the_kingdom_map_touches_a_path_stub(size):
    """The placement rule, over every shipped Kingdom layout, in the window and in a
    picture: no word's rectangle (tile words, fact plates, "fog" and "to N", the Party
    and Monster tokens' letters) touches or overlaps a path stub's rectangle, as drawn.  The
    rule's case: Chapel of Ash's Point of Interest line between its "to 10" shortcut stub
    and its path east at 1920 x 1080."""
    checked = 0
    for name, state in _kingdom_boards():
        for interactive in (False, True):
            words, stubs = _words_and_stubs(state, size, interactive)
            assert stubs, name
            for word in words:
                touching = word.rect.inflate(2, 2).collidelistall(stubs)
                assert not touching, (name, word.words, word.rect, [stubs[i] for i in touching])
            checked += len(stubs)
    assert checked > 20


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)], ids=["1280x800", "1920x1080"])
def test_every_path_stub_still_crosses_its_edge(size):
    """Cut short where a word is near, a stub still crosses the edge its path leaves by by at
    least two pixels on either side, so every path shows."""
    from tabletop.ui.views.kingdom import MapFit, _clear_of, _near_words, _stub_rect

    for name, state in _kingdom_boards():
        _, stubs = _words_and_stubs(state, size, False)
        assert all(min(stub.width, stub.height) >= 5 for stub in stubs), name
    fit = MapFit(100, 0, 0, 0, 0)
    tile = next(t for t in layouts.load(LAYOUTS / "kingdom-disjointed.toml")[1].tiles
                if t.rect is not None and t.paths)
    path = tile.paths[0]
    edge = fit.path_point(tile, path)
    stub = _stub_rect(fit, tile, path)
    blanket = pygame.Rect(0, 0, 2000, 2000)  # a word over the edge itself: left to placement
    assert _clear_of(stub, edge, path.side, _near_words([blanket])).collidepoint(edge)


def test_the_backtrack_only_hint_names_no_token_when_every_tile_is_explored():
    """Every tile of a 3 x 3 map explored: Backtrack is the only move because no path leads
    onto a face-down tile, not because of a Hindering token (there is none)."""
    from tabletop.games.layoutfile import Source
    from tabletop.games.move_kinds import move_kinds
    from tabletop.ui.controllers.kingdom import travel_hint
    from tests.test_lessons_at_the_limits import kingdom_grid

    game, state = layouts.from_data(kingdom_grid(3, 3, 5, set(range(1, 10))), Source("<grid>"))
    assert state.hindering == ()
    hint = travel_hint(move_kinds("kingdom", state))
    assert "Backtrack is the only move: no open path leads onto a face-down tile" in hint
    assert "Panzergate" not in hint and "token" not in hint
