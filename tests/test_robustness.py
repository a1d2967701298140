"""No user input crashes the program: layouts, questions, command lines and actions.

The charter: layouts, CLI arguments and clicks are untrusted; a mistake gives one clear line
(a :class:`~tabletop.errors.TabletopError`), never a traceback.  Named regression tests pin
each crash found by fuzzing; the hypothesis properties below keep looking (derandomized, so
every run tries the same inputs).
"""

import contextlib
import copy
import io
import json
import random
import re
import shlex
import sys
import tempfile
import tomllib
from pathlib import Path

import pytest
from garble import garbled_action, positions
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.cli import main
from tabletop.dice.spec import parse_spec
from tabletop.errors import IllegalActionError, LayoutError, TabletopError, UsageError
from tabletop.games import layouts
from tabletop.games.almokon.actions import Pass
from tabletop.games.clash.actions import Attack, Forced, MoveKnight, PlaceTerrain, Rush, Weapon
from tabletop.games.fateforge.actions import SetOrder, ThreeOfAKind
from tabletop.games.joust.actions import Joust
from tabletop.games.kingdom.actions import Answer, Backtrack, DrawExploration, ReportLoss
from tabletop.games.layoutfile import Source
from tabletop.games.query import ask
from tabletop.games.registry import game_names, get_game
from tabletop.spatial.grid import Space

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"


@pytest.mark.parametrize("word", ["²", "¹", "٣"])
def test_dice_count_in_non_ascii_digits_is_a_usage_error(word):
    with pytest.raises(UsageError, match=repr(word)):
        parse_spec(f"{word} white")


def test_roll_with_a_superscript_count_exits_2(capsys):
    assert main(["roll", "² white"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_file_name_with_a_nul_character_is_a_layout_error():
    with pytest.raises(LayoutError, match="is not a usable file name"):
        layouts.load("bad\x00name.toml")


@pytest.mark.parametrize("argv", [["check", "a\nb.toml"], ["query", "a\x00b", "los A B"],
                                  ["check", "x.toml", "stray\r\nword"]])
def test_cli_error_about_a_strange_argument_is_one_line(capsys, argv):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("tabletop: ") and err.count("\n") == 1
    assert "\r" not in err


@pytest.mark.parametrize("to", [Space(-1, -1), Space(2, -1), Space(-3, 4)])
def test_moving_a_knight_off_the_north_or_west_edge_is_illegal_not_a_crash(to):
    game, state = layouts.load(LAYOUTS / "clash-teaching.toml")
    with pytest.raises(IllegalActionError, match=r"off the board"):
        game.apply(state, MoveKnight("Kara", to))
    with pytest.raises(IllegalActionError, match=r"no Knight called 'Nobody'"):
        game.apply(state, MoveKnight("Nobody", to))


def test_a_space_off_the_north_west_edges_reads_as_indices():
    assert str(Space(-1, 2)) == "(row index -1, column index 2)"
    assert str(Space(0, 0)) == "A1"


@pytest.mark.parametrize("weapon", [Weapon("Ratwolf"), Weapon("ranged", 5, 2),
                                    Weapon("reach", 1, 0), Weapon("ranged", 0, 3)])
def test_attack_with_no_real_weapon_is_illegal(weapon):
    game, state = layouts.load(LAYOUTS / "clash-teaching.toml")
    assert Attack("Odo", "Eggknight", Weapon()) in game.legal_actions(state)
    with pytest.raises(IllegalActionError, match="is not a weapon"):
        game.apply(state, Attack("Odo", "Eggknight", weapon))
    with pytest.raises(IllegalActionError):
        game.apply(state, Rush("Kara", "Eggknight", Space(5, 5), weapon))


@pytest.mark.parametrize("layout, table", [
    ("clash-teaching.toml", "knights"), ("joust-setup.toml", "households"),
    ("kingdom-mid-delve.toml", "districts"), ("almokon-opening.toml", "players"),
    ("fateforge-chapel.toml", "heroes")])
@pytest.mark.parametrize("name", ["Kara\nthe Bold", "tab\there", "a\rb"])
def test_a_name_with_a_line_break_is_refused_in_one_line(layout, table, name):
    data = tomllib.loads((LAYOUTS / layout).read_text())
    data[table][0]["name"] = name
    with pytest.raises(LayoutError) as caught:
        layouts.from_data(data, Source(layout))
    assert str(caught.value).startswith(layout) and "\n" not in str(caught.value)
    assert "one line" in str(caught.value)


# --- fuzzing: hypothesis, derandomized so every run tries the same inputs ---------------------

FUZZ = settings(derandomize=True, database=None, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SHIPPED = sorted(LAYOUTS.glob("*.toml"))
PARSED = {path: tomllib.loads(path.read_text(encoding="utf-8")) for path in SHIPPED}
ODD_VALUES = ["", " ", "ZZ999", "A0", "A1", "Z99", "north", "boss", "a\nb", "x" * 300, -1, 0, 1, 2,
              10 ** 30, -(10 ** 30), 1.5, True, False, [], {}, [[]], [1, 2], ["x"], [-1, -1],
              [0, 0], [[0, 2]], {"name": "x"}]
odd_value = st.one_of(st.sampled_from(ODD_VALUES).map(copy.deepcopy), st.integers(),
                      st.text(max_size=6),
                      st.lists(st.integers(-2, 40), max_size=3))


def _key_paths(value, prefix=()):
    """Every key path inside parsed TOML ``value`` (keys of tables, indices of arrays)."""
    items = (value.items() if isinstance(value, dict) else
             enumerate(value) if isinstance(value, list) else ())
    out = []
    for key, inner in items:
        out.append((*prefix, key))
        out.extend(_key_paths(inner, (*prefix, key)))
    return out


def _strings(value):
    if isinstance(value, str):
        return [value]
    inner = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return [s for v in inner for s in _strings(v)]


def _mutate(doc, data):
    """One change to parsed layout ``doc``, in place: drop a key, put in an odd value, swap two
    values, nudge a number, duplicate or drop an array element, nest a value one level deeper,
    add an unknown key, or put in a string found elsewhere in the layout."""
    paths = _key_paths(doc)
    path = data.draw(st.sampled_from(paths))
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    key, value = path[-1], parent[path[-1]]
    how = data.draw(st.sampled_from(["drop", "odd", "swap", "number", "repeat", "nest",
                                     "unknown", "borrow"]))
    if how == "drop":
        del parent[key]
    elif how == "swap":
        other = data.draw(st.sampled_from(paths))
        holder = doc
        for part in other[:-1]:
            holder = holder[part]
        parent[key] = copy.deepcopy(holder[other[-1]])
    elif how == "number" and isinstance(value, int) and not isinstance(value, bool):
        parent[key] = data.draw(st.sampled_from([value + 1, value - 1, -value, 0, 1000 * value,
                                                 10 ** 18]))
    elif how == "repeat" and isinstance(value, list) and value:
        value.append(copy.deepcopy(data.draw(st.sampled_from(value))))
    elif how == "repeat" and isinstance(value, list):
        parent[key] = [data.draw(odd_value)]
    elif how == "nest":
        parent[key] = data.draw(st.sampled_from([[value], {"x": value}]))
    elif how == "unknown" and isinstance(value, dict):
        value[data.draw(st.sampled_from(["zz", "name", "at", "size", "id"]))] = data.draw(
            odd_value)
    elif how == "borrow":
        parent[key] = data.draw(st.sampled_from(_strings(doc) or [""]))
    else:
        parent[key] = data.draw(odd_value)


@settings(FUZZ, max_examples=400)
@given(data=st.data())
def test_a_mangled_layout_loads_and_round_trips_or_is_one_line_naming_the_file(data):
    path = data.draw(st.sampled_from(SHIPPED))
    doc = copy.deepcopy(PARSED[path])
    for _ in range(data.draw(st.integers(1, 3))):
        if _key_paths(doc):
            _mutate(doc, data)
    try:
        game, state = layouts.from_data(doc, Source(path.name, path.read_text(encoding="utf-8")))
    except LayoutError as exc:
        assert str(exc).startswith(path.name) and "\n" not in str(exc) and "\r" not in str(exc)
        return
    assert layouts.loads(layouts.dumps(state))[1] == state


LOADED = {path: layouts.load(path) for path in SHIPPED}
ODD_WORDS = ["ZZ999", "A0", "A1", "Z99", "AAA9999", "0", "-1", "99999999999999999999", "1.5",
             "nan", "north", "all", "*", "--help", "''", '""', "'", '"', "\\", "a\nb", "\t", "🐉"]


def _word(data, path):
    """A word for a question: an odd one, any short text, or a name from the layout."""
    names = [s for s in _strings(PARSED[path]) if len(s) < 40]
    word = data.draw(st.one_of(st.sampled_from(ODD_WORDS), st.text(max_size=5),
                               st.sampled_from(names)))
    return shlex.quote(word) if data.draw(st.booleans()) else word


@settings(FUZZ, max_examples=300)
@given(data=st.data())
def test_every_query_verb_answers_or_errs_for_any_words(data):
    path = data.draw(st.sampled_from(SHIPPED))
    game, state = LOADED[path]
    verb = data.draw(st.sampled_from(sorted(game.verbs)))
    words = [_word(data, path) for _ in range(data.draw(st.integers(0, 5)))]
    question = " ".join([verb, *words])
    answer = ask(game, state, question)
    assert answer["question"] == question
    assert ("answer" in answer) != ("error" in answer), answer
    assert "\n" not in answer.get("error", "")
    json.dumps(answer)  # the CLI prints every answer as JSON


CLI_WORDS = ["", "-", "--", "--seed", "-1", "99999999999999999999", "²", "1e3", "0", "x", "ZZ999",
             "no/such/layout.toml", ".", "/dev/null", "--stdin", "3 kf-d10 crit", "white red",
             "kf-d100", "crit", "201 white", "crit white", "los Kara D5", "reach ZZ999", "a\nb",
             "'", "--size", "--overlay", "-o", "--reveal", "--help", "-h"]
BAD_SIZES = ["", "0x0", "10x10", "99999x99999", "x800", "1280", "1280x", "-1x-1", "1e3x800",
             "320×-240", "a\nb"]


def _run_cli(argv, stdin=""):
    """The exit code of ``tabletop ARGV`` and what it wrote on standard error."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    except SystemExit as exc:  # only --help may end the program this way
        assert "--help" in argv or "-h" in argv, argv
        return exc.code, err.getvalue()
    finally:
        sys.stdin = saved
    assert code in (0, 1, 2), (argv, code)
    if code == 2:
        assert err.getvalue().startswith("tabletop: ") and err.getvalue().count("\n") == 1
    return code, err.getvalue()


@settings(FUZZ, max_examples=250)
@given(data=st.data())
def test_check_query_roll_and_bench_with_any_arguments_exit_0_1_or_2(data):
    command = data.draw(st.sampled_from(["check", "query", "roll", "bench"]))
    files = [str(p) for p in SHIPPED] if command != "bench" else []  # never run a benchmark
    word = st.one_of(st.sampled_from(CLI_WORDS + files), st.text(max_size=6))
    words = data.draw(st.lists(word, max_size=4))
    if command == "bench":
        words = [w for w in words if not w.startswith(("--g", "--d"))] or ["no/such.toml"]
    stdin = data.draw(st.sampled_from(["", "los Kara D5\n", "'\n", "reach ZZ999\n\x00\n"]))
    _run_cli([command, *words], stdin)


@settings(FUZZ, max_examples=40)
@given(size=st.one_of(st.sampled_from(BAD_SIZES), st.text(max_size=8)),
       overlay=st.one_of(st.sampled_from(ODD_WORDS + ["los", "reach", "los Kara",
                                                      "reach Kara ZZ999"]),
                         st.text(max_size=8)),
       path=st.sampled_from(SHIPPED), good_size=st.booleans())
def test_screenshot_with_an_odd_size_or_overlay_exits_0_or_2_leaving_no_half_file(
        size, overlay, path, good_size):
    with tempfile.TemporaryDirectory() as folder:
        output = str(Path(folder) / "out.png")
        argv = ["screenshot", str(path), "-o", output, "--overlay", overlay,
                "--size", "320x240" if good_size else size]
        code, err = _run_cli(argv)
        assert code in (0, 2) and (code == 0) == Path(output).exists(), err
        assert [p.name for p in Path(folder).iterdir()] in ([], ["out.png"])  # no half files


@pytest.mark.parametrize("name", game_names())
@settings(FUZZ, max_examples=150)
@given(data=st.data())
def test_a_stale_or_garbled_action_is_applied_or_refused_with_a_tabletop_error(name, data):
    game = get_game(name)
    state = data.draw(st.sampled_from(positions(name)))
    action = garbled_action(name, data)
    try:
        new_state, events = game.apply(state, action)
    except TabletopError as exc:
        assert "\n" not in str(exc)
        return
    assert all(isinstance(game.describe(event), str) for event in events)
    assert layouts.loads(layouts.dumps(new_state))[1] == new_state


@pytest.mark.parametrize("name, rule", [("", "must not be empty"), ("C4", "space label"),
                                        ("Rock\tPile", "one line")])
def test_a_tile_placed_in_play_needs_a_name_a_layout_can_hold(name, rule):
    game, state = layouts.load(LAYOUTS / "clash-teaching.toml")
    with pytest.raises(IllegalActionError, match=rule):
        game.apply(state, PlaceTerrain(name, (Space(0, 1),), ("obstacle",)))


@pytest.mark.parametrize("kind", ["drag toward", "pushback toward"])
@pytest.mark.parametrize("toward", [Space(-1, -1), Space(99, 1)])
def test_forced_movement_toward_a_space_off_the_board_is_illegal(kind, toward):
    game, state = layouts.load(LAYOUTS / "clash-teaching.toml")
    with pytest.raises(IllegalActionError, match="is off the board"):
        game.apply(state, Forced(kind, "Eggknight", "Kara", 2, toward))


@pytest.mark.parametrize("action, field", [
    (MoveKnight("Kara", "C4"), "to must be a Space, not 'C4'"),
    (Attack("Odo", "Eggknight", Weapon("melee", None)), "weapon must be a Weapon"),
    (Forced("drag", "Eggknight", "Kara", 2, option="1"), "option must be a whole number or "
                                                         "nothing, not '1'"),
    (PlaceTerrain("Rock", [Space(0, 1)]), "spaces must be a tuple, each a Space")])
def test_an_action_with_a_field_of_the_wrong_kind_is_refused_naming_the_field(action, field):
    game, state = layouts.load(LAYOUTS / "clash-teaching.toml")
    with pytest.raises(IllegalActionError, match=re.escape(f"{type(action).__name__}: {field}")):
        game.apply(state, action)


@pytest.mark.parametrize("layout, action", [
    ("kingdom-mid-delve.toml", Answer(-1)), ("kingdom-mid-delve.toml", Backtrack("1", b"x")),
    ("joust-mid-joust.toml", Joust(None)), ("joust-mid-joust.toml", Joust(("ZZ999",))),
    ("almokon-midgame.toml", Pass(None)), ("fateforge-chapel.toml", SetOrder(True)),
    ("fateforge-chapel.toml", ThreeOfAKind("Aria", [], "step"))])
def test_every_game_refuses_ill_made_actions_with_its_error(layout, action):
    game, state = layouts.load(LAYOUTS / layout)
    with pytest.raises(IllegalActionError, match=f"^{type(action).__name__}: "):
        game.apply(state, action)


def _strict_stream(data=b"", encoding="utf-8"):
    return io.TextIOWrapper(io.BytesIO(data), encoding=encoding, errors="strict")


def test_query_stdin_that_is_not_utf8_is_a_usage_error(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", _strict_stream(b"los Kara \xff\n"))
    assert main(["query", str(LAYOUTS / "clash-teaching.toml"), "--stdin"]) == 2
    assert "standard input is not utf-8 text" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["query", "clash-teaching.toml", "los Kara \udcff"],
                                  ["query", "clash-teaching.toml", "los Kara Odo"],
                                  ["check", "clash-teaching.toml"]])
def test_output_an_ascii_console_cannot_show_is_escaped_not_a_crash(monkeypatch, argv):
    argv = [str(LAYOUTS / w) if w.endswith(".toml") else w for w in argv]
    out = _strict_stream(encoding="ascii")
    monkeypatch.setattr(sys, "stdout", out)
    assert main(argv) in (0, 1)
    out.flush()
    text = out.buffer.getvalue().decode("ascii")
    assert text.count("\n") == 1
    if argv[0] == "query":
        assert json.loads(text)["question"] == argv[2]


def test_roll_of_a_spec_an_ascii_console_cannot_show_is_escaped(monkeypatch):
    out = _strict_stream(encoding="ascii")
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["roll", "white\u00a0red", "--seed", "1"]) == 0
    out.flush()
    assert json.loads(out.buffer.getvalue().decode("ascii"))["spec"] == "white\u00a0red"


def _kingdom_state(wanted):
    """The first Kingdom state with ``wanted(state)`` along seeded random playouts of the
    shipped Kingdom layouts."""
    for path in (p for p in SHIPPED if p.name.startswith("kingdom")):
        for seed in range(5):
            game, state = layouts.load(path)
            rng = random.Random(seed)
            for _ in range(80):
                if wanted(game, state):
                    return game, state
                actions = list(game.legal_actions(state))
                if not actions:
                    break
                state = game.apply(state, rng.choice(actions))[0]
    raise AssertionError("no such Kingdom state along the playouts")


@pytest.mark.parametrize("name", [" ", "Tolling\nBells", "\t"])
def test_an_unlisted_exploration_card_needs_a_one_line_name(name):
    game, state = _kingdom_state(lambda g, s: s.exploration_top is None
                                 and DrawExploration("instant") in g.legal_actions(s))
    with pytest.raises(IllegalActionError, match="is not a card name"):
        game.apply(state, DrawExploration("district", name))
    drawn = game.apply(state, DrawExploration("district", "Tolling Bells"))[0]
    assert layouts.loads(layouts.dumps(drawn))[1] == drawn


def test_a_loss_reported_while_the_starting_fog_card_is_drawn_still_saves():
    game, state = _kingdom_state(lambda g, s: s.fog is not None and not s.fog.path)
    lost = game.apply(state, ReportLoss("the party turned back"))[0]
    assert lost.over and layouts.loads(layouts.dumps(lost))[1] == lost
