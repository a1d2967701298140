"""Lessons: the file format, grading by the rules core, do steps and the headless check."""

import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop import resources
from tabletop.errors import LayoutError, QueryError
from tabletop.games.safefiles import LAYOUT_MAX_BYTES
from tabletop.teaching import lessonfile, runner
from tabletop.teaching.grading import compare, right_answers

HEAD = 'title = "T"\nbook = "kingdoms-forlorn"\nlayout = "clash-los-example"\n'
ASK = ('[[step]]\nask = "Who?"\nquestion = "sees Eggknight"\npick = "pieces"\n'
       'rule = "r"\nquote = "q"\n')


def _lesson(text: str, name: str = "t.toml"):
    return lessonfile.loads(HEAD + text, name)


def test_errors_name_file_step_and_field():
    with pytest.raises(LayoutError) as caught:
        _lesson(ASK + '[[step]]\nask = "Where?"\nquestion = "reach Kara"\npick = "place"\n'
                      'rule = "r"\nquote = "q"\n')
    message = str(caught.value)
    assert message.startswith("t.toml:13: step 2 (ask): pick: 'place' is not one of")
    assert "\n" not in message


@pytest.mark.parametrize("text, words", [
    ('[[step]]\nsay = "x"\nask = "y"\n', "exactly one of the keys say, ask, do, play"),
    ('[[step]]\nsay = "x"\ncolour = 3\n', "colour: is not a known key here"),
    ('[[step]]\nplay = "x"\naction = "knockback Kara Eggknight 3"\noption = 0\n',
     "option: 0 is not an option from 1 to 99"),
    ('[[step]]\ndo = "x"\naction = "Kara moves to"\npick = "spaces"\ncheck = "los A B"\n'
     'expect = true\nrule = "r"\nquote = "q"\n', "must hold {pick} exactly once"),
    ('[[step]]\nsay = "x"\noverlays = ["los \'Kara"]\n', "cannot be read as words"),
    ('', "has no [[step]] tables"),
])
def test_bad_steps_are_one_clear_line(text, words):
    with pytest.raises(LayoutError) as caught:
        _lesson(text)
    assert words in str(caught.value)


def test_oversized_file_is_refused_before_reading(tmp_path):
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (LAYOUT_MAX_BYTES + 1))
    with pytest.raises(LayoutError, match="is larger than 1 MiB, the most read"):
        lessonfile.load(big)


def test_unknown_layout_is_named():
    with pytest.raises(LayoutError, match="layout: 'nowhere' is neither a shipped layout"):
        lessonfile.loads(HEAD.replace("clash-los-example", "nowhere") + ASK, "t.toml")


def test_right_answers_shapes():
    assert right_answers(True) == [("yes",)]
    assert right_answers(3) == [("3",)]
    assert right_answers(["Kara", "Odo"]) == [("Kara", "Odo")]
    assert right_answers(["C4", "C5"], one=True) == [("C4",), ("C5",)]
    assert right_answers([["Kara"], ["Odo"]]) == [("Kara",), ("Odo",)]
    outcomes = [{"end": {"Kara": "C6"}}, {"end": {"Kara": "D7"}}]
    assert right_answers(outcomes, "end.Kara", one=True) == [("C6",), ("D7",)]
    assert right_answers(["A10", "A2", "B1"]) == [("A2", "A10", "B1")]


def test_compare_reports_wrong_and_missing_picks():
    grade = compare(["kara", "Ubar"], [("Fleischritter", "Kara")])
    assert not grade.right
    assert grade.wrong == ("Ubar",) and grade.missing == ("Fleischritter",)
    assert compare(["KARA", "fleischritter"], [("Fleischritter", "Kara")]).right


def test_ask_is_graded_by_the_board_not_a_stored_key():
    lesson = _lesson(ASK)
    run = runner.LessonRun(lesson)
    wrong = run.answer(["Kara"])
    assert not wrong.right and wrong.wrong == ("Kara",) and wrong.missing == ("Fleischritter",)
    assert "Knights with a clear line" in wrong.why and wrong.quote == "q"
    right = run.answer(["Fleischritter"])
    assert right.right and run.right == 0 and run.answered == 1
    # the same lesson on an edited board: Kara moved into the open is seen too
    from dataclasses import replace

    from tabletop.spatial.grid import Space
    kara = lesson.state.pieces["Kara"]
    edited = runner.LessonRun(lesson, state=lesson.state.with_piece(
        replace(kara, at=Space.parse("K8"))))
    assert edited.answer(["Fleischritter", "Kara"]).right


def test_do_step_grades_the_state_after_the_action():
    lesson = _lesson('[[step]]\ndo = "Show"\naction = "Kara moves to {pick}"\n'
                     'pick = "spaces"\ncheck = "los Eggknight Kara"\nexpect = true\n'
                     'rule = "r"\nquote = "q"\n')
    run = runner.LessonRun(lesson)
    stays = run.answer(["E2"])
    assert not stays.right and stays.wrong == ("E2",) and ("B2",) in stays.answers
    assert run.state is lesson.state
    illegal = run.answer(["A1"])
    assert not illegal.right and "A1" in illegal.why
    hidden = run.answer([stays.answers[0][0]])
    assert hidden.right and run.state is not lesson.state
    run.next()
    assert run.finished


def test_next_refuses_an_unanswered_step():
    run = runner.LessonRun(_lesson(ASK))
    with pytest.raises(QueryError, match="answer this step first"):
        run.next()
    assert run.reveal().right and run.right == 0
    run.next()
    assert run.finished


def test_play_step_reports_the_path_the_rules_chose():
    lesson = lessonfile.loads(HEAD.replace("clash-los-example", "clash-rule-zigzag")
                              + '[[step]]\nplay = "Watch"\naction = "monster-move Eggknight '
                                "'Ser Sonch' move\"\noption = 2\n", "t.toml")
    run = runner.LessonRun(lesson)
    played = run.play()
    assert [(m.kind, m.piece, m.path) for m in played] == [
        ("source-moved", "Eggknight", ("D3",)), ("crash", "Kara", ("E4",)),
        ("source-moved", "Eggknight", ("C3", "C4", "C5", "C6", "C7"))]


SHIPPED = sorted((Path(__file__).resolve().parent.parent / "lessons").glob("*.toml"))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_lesson_passes_check(path):
    lesson = lessonfile.load(path)
    report = runner.check(lesson)
    assert [c.found for c in report if not c.ok] == []
    assert len(report) == len(lesson.steps)
    assert lesson.graded_steps >= 3


RULES = Path(os.environ.get("TABLETOP_RULES")
             or Path(__file__).resolve().parent.parent.parent / "shared" / "rules")
"""The rulebooks, in the ``shared`` folder beside the checkout (where the developers and CI
have them), or where ``TABLETOP_RULES`` says (a worktree checked out elsewhere)."""


def _flat(text: str) -> str:
    return " ".join(text.replace("\u2019", "'").replace("\u2014", "-").split()).casefold()


@pytest.mark.skipif(not RULES.is_dir(), reason="the rulebooks are not on this machine")
@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_quote_is_the_rulebooks_own_sentence(path):
    lesson = lessonfile.load(path)
    book = _flat((RULES / lessonfile.BOOKS[lesson.book]).read_text(encoding="utf-8"))
    missing = [s.label for s in lesson.steps if s.graded and _flat(s.quote) not in book]
    assert missing == []


VALUES = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20), st.text(max_size=30),
                   st.lists(st.text(max_size=8), max_size=3))
KEYS = st.sampled_from(["say", "ask", "do", "play", "question", "pick", "take", "one", "order",
                        "explain",
                        "rule", "quote", "action", "check", "expect", "option", "overlays",
                        "colour"])


@given(st.lists(st.dictionaries(KEYS, VALUES, max_size=6), max_size=4))
def test_any_steps_load_or_fail_with_one_line(steps):
    import tomli_w

    data = {"title": "T", "book": "kingdoms-forlorn", "layout": "clash-los-example",
            "step": [{k: v for k, v in step.items() if v is not None} for step in steps]}
    try:
        lesson = lessonfile.loads(tomli_w.dumps(data), "fuzz.toml")
    except LayoutError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("fuzz.toml")
    else:
        assert len(lesson.steps) == len(steps)
        runner.check(lesson)  # whatever the steps say, checking them never crashes


def test_an_order_is_graded_as_an_order():
    from tabletop.teaching.grading import compare_order

    right = [("Brute", "Archer", "Shaman", "Shaman")]
    assert compare_order(["brute", "archer", "shaman", "shaman"], right).right
    swapped = compare_order(["Brute", "Shaman", "Archer", "Shaman"], right)
    assert not swapped.right and swapped.slip == 1 and swapped.expected == "Archer"
    assert swapped.wrong == () and swapped.missing == ()  # the same picks, out of order
    assert "first goes wrong at the 2nd pick: Shaman, where the rules put Archer." in \
        " ".join(swapped.words())
    short = compare_order(["Brute", "Archer", "Shaman"], right)
    assert short.slip == 3 and "Your order stops after 3: Shaman comes 4th." in short.words()
    longer = compare_order(["Brute", "Archer", "Shaman", "Shaman", "Runt"], right)
    assert longer.slip == 4 and longer.wrong == ("Runt",) and not longer.expected
    ties = [("A", "B", "C"), ("A", "C", "B")]  # the players break a tie: either order
    assert compare_order(["A", "C", "B"], ties).right
    assert compare_order(["A", "C", "X"], ties).expected == "B"
    assert not compare(["Shaman", "Brute", "Archer"], [("Archer", "Brute", "Shaman")]).ordered


def test_an_ordered_answer_keeps_the_rules_cores_order_and_repeats():
    answer = [{"monster": "B"}, {"monster": "A"}, {"monster": "B"}]
    assert right_answers(answer, "monster", ordered=True) == [("B", "A", "B")]
    assert right_answers(answer, "monster") == [("A", "B")]
    assert right_answers([["x", "y"], ["y", "x"]], ordered=True) == [("x", "y"), ("y", "x")]


def test_typed_picks_split_on_commas_when_there_are_any():
    from tabletop.teaching.grading import split_picks

    assert split_picks("Ser Sonch, Kara ,") == ["Ser Sonch", "Kara"]
    assert split_picks(" C4  D5 ") == ["C4", "D5"]


def test_order_and_one_exclude_each_other():
    text = ('title = "T"\nbook = "kingdoms-forlorn"\nlayout = "clash-los-example"\n[[step]]\n'
            'ask = "A"\nquestion = "sees Eggknight"\npick = "pieces"\none = true\norder = true\n'
            'rule = "R"\nquote = "Q"\n')
    with pytest.raises(LayoutError, match="order"):
        lessonfile.loads(text, "x.toml")


def test_face_down_jousting_tokens_are_never_told():
    """The List lesson is graded on the board the learner sees: before Joust 3 is turned over
    its pair is face down, and neither the answer nor Show answer names the Knights."""
    run = runner.LessonRun(lessonfile.load_named("joust-the-list"))
    from tabletop.teaching.grading import asked

    assert asked(run.game, run.shown, "jousts 3")["answer"] == ["face down", "face down"]
    assert asked(run.game, run.shown, "jousts Bloodguard")["answer"] == [
        "Sir Corvin", "Dame Wren", "face down"]
    assert asked(run.game, run.state, "jousts 3")["answer"] == ["Sir Aldric", "Dame Isolde"]


@pytest.mark.parametrize("layout, question, expected", [
    ("clash-rule-hug", "hug Kara 3", ["C5", "D3", "D6", "E3", "E6", "F4"]),  # the rulebook's
    ("clash-rule-hug", "hug Kara 1", ["C5", "D3"]),
    ("fateforge-hit-and-shot", "hit-targets Aria", ["Grunt", "Warden"]),  # Cultist: guarded
    ("fateforge-hit-and-shot", "shot-targets Aria", ["Archer"]),  # door, portal, own zone
    ("joust-mid-joust", "jousts 2", ["Dame Wren", "Sir Bertram"]),
])
def test_the_lesson_query_verbs(layout, question, expected):
    from tabletop.games import layouts
    from tabletop.games.query import ask

    with resources.located(layout) as path:
        game, state = layouts.load_board(path)
    assert ask(game, state, question)["answer"] == expected


def test_every_forced_movement_kind_has_a_lesson():
    """The course covers every forced movement the rules core knows (tabletop query forced),
    and Hug and Land on Top: some lesson asks or plays each."""
    from tabletop.games.clash.forced_kinds import KINDS

    asked = [words for path in SHIPPED for step in lessonfile.load(path).steps
             for words in (step.question, step.action, *step.overlays) if words]

    def covered(kind: str) -> bool:
        return any(w.startswith((f"forced '{kind}' ", f"forced {kind} ", f"{kind} "))
                   for w in asked)

    assert [k.name for k in KINDS if not covered(k.name)] == []
    assert any(w.startswith("hug ") for w in asked)
    assert any("'land on top'" in w for w in asked)
