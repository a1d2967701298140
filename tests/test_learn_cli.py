"""``tabletop learn``: the list with progress, --check, a lesson walked from standard input,
and seeded practice graded by the rules core."""

import io
import json

import pytest

from tabletop.cli import main
from tabletop.teaching import practice, progress


@pytest.fixture(autouse=True)
def _progress_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    return tmp_path


def _run(capsys, monkeypatch, *argv, stdin=""):
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_check_every_shipped_lesson(capsys, monkeypatch):
    code, out, _ = _run(capsys, monkeypatch, "learn", "--check")
    assert code == 0 and "FAILED" not in out
    assert "clash-line-of-sight: every step checked" in out


def test_walk_a_lesson_right_wrong_and_do_then_progress_is_saved(capsys, monkeypatch, tmp_path):
    answers = "Kara\nFleischritter\nno\nno\nE2\nB2\n"
    code, out, _ = _run(capsys, monkeypatch, "learn", "clash-line-of-sight", "--text",
                        stdin=answers)
    assert code == 0
    assert "Wrong picks: Kara." in out and "Missing: Fleischritter." in out
    assert "Wrong picks: E2." in out and out.count("Right.") == 4
    assert "clash-line-of-sight: 2/4 right first time" in out
    record = progress.read("clash-line-of-sight")
    assert record.done and (record.right, record.answered) == (2, 4)
    saved = json.loads((tmp_path / "tabletop" / "progress" / "clash-line-of-sight.json")
                       .read_text())
    assert saved["done"] is True
    _, listed, _ = _run(capsys, monkeypatch, "learn")
    assert "clash-line-of-sight: Clash: Line of Sight [done, 2/4 right first time]" in listed


def test_stopping_early_resumes_where_it_stopped(capsys, monkeypatch):
    _run(capsys, monkeypatch, "learn", "clash-line-of-sight", "--text", stdin="Fleischritter\n")
    assert progress.read("clash-line-of-sight").step == 2
    code, out, _ = _run(capsys, monkeypatch, "learn", "clash-line-of-sight", "--text", stdin="no\n")
    assert code == 0 and "resuming at step 3" in out


def test_practice_is_seeded_and_graded_by_the_rules_core(capsys, monkeypatch):
    first = next(practice.quizzes("los", 5))
    right = " ".join(first.answers()[0])
    code, out, _ = _run(capsys, monkeypatch, "learn", "--practice", "los", "--seed", "5",
                        "--rounds", "2", "--text", stdin=f"{right}\nnobody\n")
    assert code == 0 and "Right." in out and "score 1/1" in out and "los: score 1/2" in out
    again = next(practice.quizzes("los", 5))
    assert again.state == first.state


@pytest.mark.parametrize("topic", sorted(practice.TOPICS))
def test_every_topic_draws_legal_boards_with_answers(topic):
    quizzes = practice.quizzes(topic, 1)
    for _ in range(3):
        quiz = next(quizzes)
        answers = quiz.answers()
        assert answers and all(answers)
        assert quiz.grade(list(answers[0])).right


@pytest.mark.parametrize("argv, words", [
    (["learn", "--practice", "sorcery"], "'sorcery' is not a practice topic"),
    (["learn", "--practice", "los", "--seed", "-1"], "--seed '-1' must be a whole number"),
    (["learn", "--text"], "--text walks one lesson"),
    (["learn", "--check", "--text", "clash-herd"], "--text walks a lesson or a practice"),
    (["learn", "--seed", "3"], "--seed goes with --practice"),
    (["learn", "nowhere"], "is neither a lesson file nor a shipped lesson"),
])
def test_bad_arguments_are_one_line(capsys, monkeypatch, argv, words):
    code, _, err = _run(capsys, monkeypatch, *argv)
    assert code == 2 and words in err and err.count("\n") == 1


def test_ui_scale_and_theme_open_the_lesson_window(capsys, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from tabletop.ui.widgets import theme

    try:
        code, _, err = _run(capsys, monkeypatch, "learn", "clash-herd", "--frames", "2",
                            "--ui-scale", "150", "--theme", "high-contrast")
        assert code == 0, err
        assert theme.ui_scale() == 150 and theme.current() == "high-contrast"
    finally:
        theme.set_ui_scale(100)
        theme.use("default")


@pytest.mark.parametrize("argv, words", [
    (["learn", "--ui-scale", "300", "clash-herd"], "300"),
    (["learn", "--check", "--ui-scale", "150"], "this learn command opens no window"),
    (["learn", "clash-herd", "--text", "--theme", "high-contrast"], "opens no window"),
])
def test_look_options_are_checked(capsys, monkeypatch, argv, words):
    code, _, err = _run(capsys, monkeypatch, *argv)
    assert code == 2 and words in err and err.count("\n") == 1


def test_an_ordered_step_in_the_terminal_names_names_with_spaces(capsys, monkeypatch):
    answers = ("say\nBrute, Scout\n"
               "Brute, Archer, Scout, Shaman, Shaman\n")
    code, out, _ = _run(capsys, monkeypatch, "learn", "clash-mob-track", "--text",
                        stdin=answers.removeprefix("say\n"))
    assert code == 0
    assert "in order, first first" in out
    assert "Your order first goes wrong at the 2nd pick: Scout" in out
    assert "Right." in out


@pytest.mark.parametrize("argv", [["learn", "clash-herd"],
                                  ["learn", "--practice", "los", "--seed", "3"]])
def test_a_lesson_opens_its_lesson_even_with_a_board_waiting_for_recovery(
        capsys, monkeypatch, tmp_path, argv):
    """A left-behind board is offered by ``tabletop play``; ``tabletop learn`` opens the
    lesson (its screen, not the plain board under a restore prompt) and leaves the board
    waiting."""
    from tabletop.games import layouts
    from tabletop.ui.controllers import lesson as lesson_screens
    from tabletop.ui.recovery import Recovery

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    folder = tmp_path / "recovery"
    monkeypatch.setenv("TABLETOP_RECOVERY_DIR", str(folder))
    _, state = layouts.load("layouts/clash-teaching.toml")
    Recovery(folder, pid=2**31 - 2).write(state, "clash-teaching.toml")  # no such process
    assert len(Recovery(folder).pending()) == 1
    apps = []
    for opener in ("open_lesson", "open_practice"):
        real = getattr(lesson_screens, opener)

        def record(app, *args, _real=real, **kwargs):
            apps.append(app)
            return _real(app, *args, **kwargs)

        monkeypatch.setattr(lesson_screens, opener, record)
    code, _, err = _run(capsys, monkeypatch, *argv, "--frames", "2")
    assert code == 0, err
    (app,) = apps
    assert [type(c).__name__ for c in app.stack][-1] in ("LessonScreen", "PracticeScreen")
    assert len(app.stack) == 1
    assert len(Recovery(folder).pending()) == 1  # still offered by the next `tabletop play`
