"""Random Delves from every Kingdom layout keep the table coherent after every action."""

import random
from dataclasses import replace
from pathlib import Path

import pytest

from tabletop.games import layouts
from tabletop.games.kingdom import rules
from tabletop.games.kingdom.actions import AdjustTrack

LAYOUTS = sorted((Path(__file__).resolve().parent.parent / "layouts").glob("kingdom-*.toml"))


def check(state):
    placed = [t for t in state.tiles if t.rect is not None]
    for i, a in enumerate(placed):
        assert a.on_table
        for b in placed[i + 1:]:
            assert not a.rect.overlaps(b.rect), (a.id, b.id)
    assert state.tile(state.party).status == "explored"
    t = state.track
    for name in ("threat", "curse", "time"):
        assert 0 <= t.value(name) <= t.maximum(name)
    for token in state.monsters:
        assert state.tile(token.tile).on_table
    if state.delve.phase == "deep-fog":
        assert state.fog is not None


@pytest.mark.parametrize("path", LAYOUTS, ids=lambda p: p.name)
def test_random_delves_keep_the_table_coherent(path):
    start = layouts.load(path)[1]
    for seed in range(12):
        rng = random.Random(f"{path.name}-{seed}")
        state = start
        for _ in range(60):
            actions = rules.legal_actions(state)
            if not actions:
                assert state.over
                break
            state, _ = rules.apply(state, rng.choice(actions))
            check(state)
        assert layouts.loads(layouts.dumps(state))[1] == state


def test_losing_threat_onto_a_hunt_space_hunts_too():
    state = layouts.load(next(p for p in LAYOUTS if p.name == "kingdom-mid-delve.toml"))[1]
    state = replace(state, track=replace(state.track, threat=7))
    state, events = rules.apply(state, AdjustTrack("threat", -1))
    assert any("Hunt Space 6" in rules.describe(e) for e in events)
    assert [m.tile for m in state.monsters] == ["7"]


@pytest.mark.parametrize("path", LAYOUTS, ids=lambda p: p.name)
def test_random_delves_with_unlisted_decks_keep_the_table_coherent(path):
    start = layouts.load(path)[1]
    start = replace(start, fog_deck=(), fog_unlisted=start.fog_left,
                    exploration_cards=(), exploration=start.exploration_left)
    asked = 0
    for seed in range(8):
        rng = random.Random(f"unlisted-{path.name}-{seed}")
        state = start
        for _ in range(60):
            actions = rules.legal_actions(state)
            if not actions:
                assert state.over
                break
            asked += bool(state.pending and state.pending[0].kind == "fog-card")
            state, _ = rules.apply(state, rng.choice(actions))
            check(state)
            assert layouts.loads(layouts.dumps(state))[1] == state
    assert asked or path.name != "kingdom-deep-fog.toml"
