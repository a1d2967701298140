"""Lesson do and play steps on boards at the layout limits: the actions a step's words describe
are asked of the game without listing the others (the contract's ``legal_worded``), and
``solutions`` tries a bounded number of picks.

Properties: on small random boards of each game the fast path finds exactly the candidates
and the chosen action of the old full walk (kept here as the reference); on the shipped
lessons the solutions are the old ones.  Examples: on each game's largest board a step is
answered with bounded work, counted in rules-core calls (no timing)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from fateforge_boards import LAYOUTS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_almokon_listing import limit_board as almokon_limit_board
from test_almokon_listing import small_boards as almokon_boards
from test_clash_listing import _limit_board as clash_limit_board
from test_clash_listing import boards as clash_boards

from tabletop.errors import TabletopError
from tabletop.games import layouts
from tabletop.games.layoutfile import Source
from tabletop.games.registry import get_game
from tabletop.spatial.grid import Space
from tabletop.teaching import acting, lessonfile
from tabletop.teaching.acting import MAX_TRIED, TooMany, candidates, chosen, solutions
from tabletop.teaching.grading import asked, expected_matches, reading_order
from tabletop.teaching.lessonfile import Lesson, Step
from tabletop.teaching.runner import LessonRun, check

# ------------------------------------------------------------------ the reference: full walk


def walked_candidates(game, state, template) -> dict:
    """The old :func:`acting.candidates`: every legal action's words tested."""
    head, tail = template.split("{pick}")
    found: dict = {}
    for action in game.legal_actions(state):
        words = str(action)
        if (len(words) > len(head) + len(tail) and words.casefold().startswith(head.casefold())
                and words.casefold().endswith(tail.casefold())):
            found.setdefault(words[len(head):len(words) - len(tail)], action)
    return found


def walked_solutions(game, state, step) -> list[str]:
    """The old :func:`acting.solutions`: every candidate tried."""
    good = []
    for pick, action in walked_candidates(game, state, step.action).items():
        after, _ = game.apply(state, action)
        if expected_matches(asked(game, after, step.check)["answer"], step.expect):
            good.append(pick)
    return sorted(good, key=reading_order)


def templates(words: str) -> list[str]:
    """Templates that describe ``words``: the gap at the first, a middle and the last word,
    and spanning all but the first word."""
    parts = words.split(" ")
    out = []
    for at in {0, len(parts) // 2, len(parts) - 1}:
        out.append(" ".join([*parts[:at], "{pick}", *parts[at + 1:]]))
    if len(parts) > 1:
        out.append(parts[0] + " {pick}")
    return out


def same_as_the_walk(game, state, rng: random.Random) -> None:
    """For templates made from some legal actions' words, the candidates and the action
    chosen for each pick (and for a pick in other letters, and one that names nothing) are
    those of the full walk."""
    listing = list(game.legal_actions(state))
    for action in rng.sample(listing, min(6, len(listing))):
        for template in templates(str(action)):
            if template.count("{pick}") != 1:
                continue
            walked = walked_candidates(game, state, template)
            fast = candidates(game, state, template)
            assert list(fast.items()) == list(walked.items()), template
            for pick in [*list(walked)[:5], "nothing at all"]:
                for typed in {pick, pick.upper()}:
                    key = next((k for k in walked if k.casefold() == typed.casefold()), None)
                    expected = None if key is None else (key, walked[key])
                    assert chosen(game, state, template, typed) == expected, (template, typed)


def playing(game, state, seed: int, steps: int = 5):
    """``state`` and the states after up to ``steps`` random legal actions (or rolls)."""
    rng = random.Random(seed)
    yield state
    for _ in range(steps):
        if game.is_chance_node(state):
            offered = [a for a, _ in game.chance_outcomes(state)]
        else:
            offered = list(game.legal_actions(state))
        if not offered:
            return
        try:
            state, _ = game.apply(state, rng.choice(offered))
        except TabletopError:  # a choice the players make with words of their own
            return
        yield state


SETTINGS = settings(max_examples=20, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


@SETTINGS
@given(state=clash_boards(), seed=st.integers(0, 2**16))
def test_clash_fast_candidates_are_the_full_walk(state, seed):
    game = get_game("clash")
    for now in playing(game, state, seed):
        same_as_the_walk(game, now, random.Random(seed))


@SETTINGS
@given(state=almokon_boards(), seed=st.integers(0, 2**16))
def test_almokon_fast_candidates_are_the_full_walk(state, seed):
    game = get_game("almokon")
    for now in playing(game, state, seed, steps=3):
        same_as_the_walk(game, now, random.Random(seed))


FATEFORGE = ["fateforge-chapel", "fateforge-allies", "fateforge-hit-and-shot",
             "fateforge-barricade-edges", "fateforge-exit"]


@settings(max_examples=6, deadline=None)
@given(name=st.sampled_from(FATEFORGE), seed=st.integers(0, 2**16))
def test_fateforge_fast_candidates_are_the_full_walk(name, seed):
    game, state = layouts.load(LAYOUTS / f"{name}.toml")
    for now in playing(game, state, seed, steps=6):
        same_as_the_walk(game, now, random.Random(seed))


def kingdom_grid(rows: int, cols: int, party: int, explored: set[int]) -> dict:
    """A Kingdom map of small tiles in a grid, each joined to its neighbours, the party on
    tile ``party``, the tiles in ``explored`` explored and the rest face down."""
    tiles = []
    for r in range(rows):
        for c in range(cols):
            n = r * cols + c + 1
            paths = [{"side": side, "offset": 0, "kind": "tile", "to": str(m)}
                     for side, rr, cc in (("north", r - 1, c), ("east", r, c + 1),
                                          ("south", r + 1, c), ("west", r, c - 1))
                     if 0 <= rr < rows and 0 <= cc < cols and (m := rr * cols + cc + 1)]
            tiles.append({"id": str(n), "name": f"Tile {n}", "size": "small",
                          "district": "Thornwood",
                          "status": "explored" if n in explored or n == party else "face-down",
                          "at": [c, r], "time": 1, "threat": 0, "clues": 0, "intensity": 1,
                          "paths": paths})
    return {"game": "kingdom", "kingdom": "Test", "party": {"tile": str(party)},
            "districts": [{"name": "Thornwood", "symbol": "thorn", "monster": "Rotgut Hound"}],
            "track": {"threat": 0, "curse": 0, "time": 0, "threat_max": 10, "curse_max": 9,
                      "time_max": 16, "hunt_spaces": [[6, 2]]},
            "delve": {"phase": "travel"}, "decks": {"exploration": 5}, "tiles": tiles}


@settings(max_examples=30, deadline=None)
@given(rows=st.integers(1, 4), cols=st.integers(1, 4), data=st.data())
def test_kingdom_fast_candidates_are_the_full_walk(rows, cols, data):
    count = rows * cols
    party = data.draw(st.integers(1, count))
    explored = data.draw(st.sets(st.integers(1, count)))
    game, state = layouts.from_data(kingdom_grid(rows, cols, party, explored), Source("<grid>"))
    same_as_the_walk(game, state, random.Random(count))
    for head in ("travel to tile ", "backtrack to tile 1", "the Expedition is lost: ", ""):
        walked = [a for a in game.legal_actions(state) if str(a).startswith(head)]
        assert [a for a in game.legal_worded(state, head, "")
                if str(a).startswith(head)] == walked


def test_the_shipped_do_steps_find_the_walked_solutions():
    """Every do step of the shipped lessons: the same candidates and solutions as the full
    walk (none has more picks than a lesson tries)."""
    seen = 0
    for name in lessonfile.shipped_names():
        lesson = lessonfile.load_named(name)
        run = LessonRun(lesson)
        while not run.finished:
            step = run.step
            if step.kind == "do":
                seen += 1
                found = solutions(run.game, run.state, step)
                assert found.of == len(walked_candidates(run.game, run.state, step.action))
                assert found.of <= MAX_TRIED and not found.note()
                assert list(found.picks) == walked_solutions(run.game, run.state, step)
            if step.kind == "play":
                run.play()
            elif step.graded:
                run.reveal()
            run.next()
    assert seen >= 3


# ------------------------------------------------------------------ boards at the limits


def lesson_on(game_name: str, state, **fields) -> Lesson:
    """A one-step lesson on ``state``: a do step with ``fields`` (or a play step with
    ``play``)."""
    kind = "play" if "play" in fields else "do"
    text = fields.pop(kind, "Do it.")
    step = Step(kind, text, 1, rule="r" if kind == "do" else "",
                quote="q" if kind == "do" else "", **fields)
    return Lesson("limits", "Limits", "kingdoms-forlorn", "<board>", get_game(game_name), state,
                  (step,))


class Calls:
    """Counts the calls of functions patched in by :meth:`count`."""

    def __init__(self, patch: pytest.MonkeyPatch):
        self.patch = patch
        self.made: dict[str, int] = {}

    def count(self, owner, name: str) -> None:
        real = getattr(owner, name)
        self.made[name] = 0

        def counted(*args, **kwargs):
            self.made[name] += 1
            return real(*args, **kwargs)

        self.patch.setattr(owner, name, counted)


def test_a_clash_do_step_at_the_limits_lists_one_knight(monkeypatch):
    """999 Knights of Speed 20 on 100 x 100 spaces: some 660,000 legal actions.  The step
    lists Knight 500's actions alone, and a wrong answer tries at most 32 of its 748 places."""
    from tabletop.games.clash import geometry, rules

    state = clash_limit_board()
    lesson = lesson_on("clash", state, action="Knight 500 moves to {pick}", pick="spaces",
                       check="range Boss 'Knight 500'", expect=100)
    calls = Calls(monkeypatch)
    calls.count(rules, "knight_actions")
    calls.count(geometry, "reach")
    run = LessonRun(lesson)
    wrong = run.answer(["A1"])
    assert not wrong.right and wrong.answers == (("AD74",),)
    assert "Only the first 32 of the 748 spaces" in " ".join(wrong.words())
    # Knight 500 only: once for the pick, once for the places tried (the refusal asks apply)
    assert calls.made["knight_actions"] == 2
    assert calls.made["reach"] <= 3 + MAX_TRIED  # the listings, the refusal, the places tried
    right = run.answer(["ad74"])
    assert right.right and right.answers == (("AD74",),)
    assert run.state.knight("Knight 500").at == Space.parse("AD74")
    assert calls.made["knight_actions"] == 3


def test_a_clash_step_naming_no_knight_is_refused_not_walked(monkeypatch):
    """``{pick} moves to C40`` could be any Knight's: refused after a bounded look, while a
    pick for it is still graded from that Knight's actions alone."""
    from tabletop.games.clash import rules

    state = clash_limit_board()
    lesson = lesson_on("clash", state, action="{pick} moves to C40", pick="pieces",
                       check="range Boss C40", expect=38)
    calls = Calls(monkeypatch)
    calls.count(rules, "knight_actions")
    with pytest.raises(TooMany, match="more than 20,000 legal actions"):
        candidates(lesson.game, state, lesson.steps[0].action)
    assert calls.made["knight_actions"] < 50  # some 450 actions a Knight, not 999 Knights
    calls.made["knight_actions"] = 0
    grade = LessonRun(lesson).answer(["Knight 7"])
    assert not grade.right and "are not looked for" in grade.bound
    assert calls.made["knight_actions"] < 50 + 1


def test_a_clash_play_step_at_the_limits_finds_its_action_alone(monkeypatch):
    from tabletop.games.clash import rules

    state = clash_limit_board()
    calls = Calls(monkeypatch)
    calls.count(rules, "knight_actions")
    run = LessonRun(lesson_on("clash", state, play="Begin.", action="Knight 999 begins a turn"))
    run.play()
    assert run.state.turn.active == "Knight 999" and calls.made["knight_actions"] == 1


def test_an_almokon_do_step_on_200_cards_spells_out_one_family(monkeypatch):
    """The 200-card board: 607,604 legal actions; the Militia's attacks are one family of
    10,000 (100 targets, 100 Kinship sets), the only one spelt out."""
    from tabletop.games.almokon import listing

    state = almokon_limit_board()
    lesson = lesson_on("almokon", state, action="Aria: hammerfall-militia#2 attacks {pick}",
                       pick="cards", check="winner", expect="Aria")
    made = {"actions": 0}
    real = listing.replace

    def counting(*args, **kwargs):
        made["actions"] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(listing, "replace", counting)
    found = candidates(lesson.game, state, lesson.steps[0].action)
    assert len(found) == 10_000 and made["actions"] <= 10_000 + 200
    grade = LessonRun(lesson).answer(["bicara-pikemen#5"])
    assert not grade.right and grade.answers == ()
    assert "Only the first 32 of the 10,000 cards" in grade.bound


def fateforge_limits(phase: str = "action") -> dict:
    """900 zones in a 30 x 30 grid, 1,000 connections, 10 heroes with 12 dice, 200 enemies."""
    zones = [{"id": f"z{r}_{c}", "name": f"Zone {r} {c}", "at": [c * 6, r * 6],
              "size": [5, 5]} for r in range(30) for c in range(30)]
    joins = [[f"z{r}_{c}", f"z{r}_{c + 1}"] for r in range(30) for c in range(29)]
    joins += [[f"z{r}_{c}", f"z{r + 1}_{c}"] for r in range(29) for c in range(30)]
    heroes = [f"Hero {i}" for i in range(10)]
    return {
        "game": "fateforge",
        "round": {"number": 1, "of": 3, "phase": phase, "order": heroes, "reaction_slot": 10},
        "zones": zones, "connections": [{"between": j} for j in joins[:1000]],
        "tokens": [{"kind": "start", "zone": "z15_15"},
                   {"kind": "exit", "zone": "z0_0", "name": "Gate"}],
        "heroes": [{"name": h, "zone": "z15_15", "health": 6, "energy": 4,
                    "pool": ["ff-blue"] * 12, "dice": ["step"] * 12} for h in heroes],
        "enemies": [{"name": f"Enemy {i}", "type": "white", "initiative": 3,
                     "zone": f"z{i % 30}_{(i * 7) % 30}", "toughness": 1,
                     "band": [{"action": "hit", "within": 0}]} for i in range(200)],
    }


def test_a_fateforge_step_asks_the_rules_only_about_steps(monkeypatch):
    """10 heroes and 200 enemies: the rules check only the STEP candidates, not the HIT, SHOT,
    Pull, Stun and Push of every enemy."""
    from tabletop.games.fateforge import rules

    game, state = layouts.from_data(fateforge_limits(), Source("<limits>"))
    checked = []
    real = rules.HANDLERS.copy()
    for kind, handler in real.items():
        monkeypatch.setitem(rules.HANDLERS, kind, replace(handler, refusal=(
            lambda s, a, h=handler: checked.append(type(a).__name__) or h.refusal(s, a))))
    found = candidates(game, state, "Hero 0 steps to {pick}")
    assert found and set(checked) == {"Step"}
    assert set(found) == set(walked_candidates(game, state, "Hero 0 steps to {pick}"))


def test_a_kingdom_backtrack_step_on_961_explored_tiles(monkeypatch):
    """A 31 x 31 map, every tile explored: the full listing has a Backtrack to each of 960
    tiles (once hours of work); a step that names one tile works out that tile's routes."""
    from tabletop.spatial import tile_map

    data = kingdom_grid(31, 31, 481, set(range(1, 962)))
    game, state = layouts.from_data(data, Source("<limits>"))
    calls = Calls(monkeypatch)
    calls.count(tile_map, "shortest_paths")
    assert candidates(game, state, "travel to tile {pick}") == {}
    assert calls.made["shortest_paths"] == 0
    key, action = chosen(game, state, "backtrack to tile {pick}", "7")
    assert key == "7" and action.tile == "7"
    assert calls.made["shortest_paths"] == 111  # the routes to tiles 7, 70-79 and 700-799
    run = LessonRun(lesson_on("kingdom", state, action="backtrack to tile {pick}", pick="tiles",
                              check="tile-distance 1 2", expect=5))
    assert not run.answer(["7"]).right
    assert len(game.legal_actions(state)) >= 960


def test_check_of_a_lesson_at_the_limits_says_what_was_tried():
    state = clash_limit_board()
    lesson = lesson_on("clash", state, action="Knight 500 moves to {pick}", pick="spaces",
                       check="range Boss 'Knight 500'", expect=100)
    (item,) = check(lesson)
    assert item.ok and item.found.startswith("AD74 (Only the first 32 of the 748 spaces")
    assert acting.MAX_EXAMINED == 20_000


def test_card_attacks_look_for_sight_only_within_a_weapons_range(monkeypatch):
    """A board with cards and 1,000 Monsters: a Knight's attacks from cards ask Line of Sight
    only of the Monsters its weapons reach (the window's hint asks on every new board)."""
    from tabletop.games.clash import rules, turns

    data = {"game": "clash", "card_files": ["clash-example-ratlings.toml",
                                            "clash-example-gear.toml"],
            "mob_track": [f"Ratling {i + 1}" for i in range(10)],
            "board": {"rows": 100, "cols": 100},
            "clash": {"sheet": "Ratling", "level": 1, "seed": 7}, "turn": {"phase": "knight"},
            "knights": [{"name": "Kara", "at": "AX50", "gear": ["Longsword", "Warhammer"]},
                        {"name": "Odo", "at": "C1", "gear": ["Longsword"]}],
            "monsters": [{"name": f"Ratling {i + 1}", "type": "mob", "at": f"B{3 + 9 * i}"}
                         for i in range(10)]
            + [{"name": f"Boss {n}", "type": "boss", "at": f"{row}{col}"}
               for n, (row, col) in enumerate((r, c) for r in ("D", "E", "F", "G", "H", "I",
                                                               "J", "K", "L", "M")
                                              for c in range(1, 100))][:990]}
    game, state = layouts.from_data(data, Source("<cards>"))
    assert len(state.monsters) == 1000
    asked_sight = []
    real = turns.attack_problem
    monkeypatch.setattr(turns, "attack_problem",
                        lambda s, k, m, w: asked_sight.append(m.name) or real(s, k, m, w))
    assert rules.card_attacks(state, state.knight("Kara")) == []
    assert asked_sight == []
    odo = rules.card_attacks(state, state.knight("Odo"))
    assert {a.monster for a in odo} == {"Boss 0"} and asked_sight == ["Boss 0"]
