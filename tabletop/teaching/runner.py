"""Walking a lesson: the board as it is now, the step the learner is on, the score, and the
headless check that every graded step can be answered.

:class:`LessonRun` is what the window's lesson controller and ``tabletop learn`` drive: it
holds the board (*do* and *play* steps change it), grades answers through
:mod:`~tabletop.teaching.grading` and :mod:`~tabletop.teaching.acting`, and reports the moves
a *play* or *do* step made so that a view can play them back.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from tabletop.errors import QueryError, TabletopError
from tabletop.games.contract import State
from tabletop.games.overlay import overlay
from tabletop.teaching.acting import Move, grade_do, moves, perform, solutions
from tabletop.teaching.grading import Grade, asked, expected_matches, grade_ask, reply_answers
from tabletop.teaching.lessonfile import Lesson, Step


@dataclass
class LessonRun:
    """One learner's way through ``lesson``.

    ``index`` is the current step, ``state`` the board now, ``grade`` the verdict on the last
    answer to the current step (``None`` before one), ``played`` the moves the last action
    made, ``right``/``tries`` count first-try-right graded steps and graded steps answered;
    ``tried`` is the board a wrong *do* answer would have made (its check's picture is drawn
    on it), else ``None``.
    """

    lesson: Lesson
    index: int = 0
    state: State = None
    grade: Grade | None = None
    played: tuple[Move, ...] = ()
    tried: State | None = None
    right: int = 0
    answered: int = 0
    _first_try: bool = field(default=True, repr=False)

    def __post_init__(self) -> None:
        if self.state is None:
            self.state = self.lesson.state

    @property
    def game(self):
        return self.lesson.game

    @property
    def shown(self) -> State:
        """The board as the learner at the screen may see it (the game's view for the player
        whose secret step it is, else the public view): what ask steps are graded on, so that
        neither a question nor its feedback tells a secret (face-down Jousting Tokens, a
        hand)."""
        return self.game.view_for(self.state, self.game.acting(self.state))

    @property
    def step(self) -> Step | None:
        """The current step, ``None`` when the lesson is over."""
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def passed(self) -> bool:
        """Whether the current graded step has been answered right (so the learner may go on)."""
        return self.grade is not None and self.grade.right

    def answer(self, picks: list[str]) -> Grade:
        """Grade ``picks`` for the current ask step (a do step takes one pick: its place)."""
        step = self.step
        if step is None or not step.graded:
            raise QueryError("this step asks nothing; go on to the next")
        if step.kind == "ask":
            grade = grade_ask(self.game, self.shown, step, picks)
        else:
            if len(picks) != 1:
                raise QueryError(f"pick one place or piece for this step, not {len(picks)}")
            done = grade_do(self.game, self.state, step, picks[0])
            grade = done.grade
            self.tried = None if grade.right else done.state
            if grade.right:
                self.state = done.state
                self.played = moves(done.events)
        self.answered += self._first_try
        self.right += self._first_try and grade.right
        self._first_try = False
        self.grade = grade
        return grade

    def play(self) -> tuple[Move, ...]:
        """Perform the current play step's action; returns the moves to play back."""
        step = self.step
        if step is None or step.kind != "play":
            raise QueryError("this step plays nothing")
        self.state, events = perform(self.game, self.state, step.action, step.option)
        self.played = moves(events)
        return self.played

    def next(self) -> None:
        """Go on to the next step (a graded step only once answered right; a play step's
        action is performed first if it was not yet)."""
        step = self.step
        if step is None:
            return
        if step.graded and not self.passed:
            raise QueryError("answer this step first (Submit), or ask for the answer")
        self.index += 1
        self.grade = self.tried = None
        self._first_try = True

    def resume(self, upto: int) -> None:
        """Go on to step ``upto`` as if each step before it had been answered right (play and
        do steps performed with the rules core's answers), with the score at zero: where a
        learner who stopped there comes back."""
        while self.index < min(upto, len(self.lesson.steps)):
            step = self.step
            if step.kind == "play":
                self.play()
            elif step.graded:
                self.reveal()
            self.next()
        self.right = self.answered = 0
        self.played = ()

    def reveal(self) -> Grade:
        """Give up on the current graded step: the right answer, counted as not right."""
        step = self.step
        if step is None or not step.graded:
            raise QueryError("this step asks nothing")
        if step.kind == "ask":
            answer = asked(self.game, self.shown, step.question)
            picks = list(reply_answers(answer, step.take, step.one, step.ordered)[0])
        else:
            found = solutions(self.game, self.state, step, enough=1)
            if not found.picks:
                raise QueryError("no place on this board passes this step's check"
                                 + (f" ({found.note(step.pick)})" if found.note() else ""))
            picks = list(found.picks[:1])
        self.answered += self._first_try
        self._first_try = False
        self.grade = replace(self.answer(picks), shown=True)
        return self.grade


@dataclass(frozen=True)
class CheckedStep:
    """One step of :func:`check`: its label, whether it is good, and what was found."""

    step: Step
    ok: bool
    found: str


def check(lesson: Lesson) -> list[CheckedStep]:
    """Walk ``lesson`` with answers computed from the rules core: every say step's overlays
    are drawn, every ask step's question has a non-empty answer that grades itself right,
    every do step has at least one place that passes its check (and the first is taken), and
    every play step's action is performed."""
    run = LessonRun(lesson)
    report = []
    while not run.finished:
        step = run.step
        try:
            found = _walk(run, step)
            ok = True
        except TabletopError as exc:
            ok, found = False, str(exc)
        report.append(CheckedStep(step, ok, found))
        if not ok:
            break
        run.index += 1
        run.grade = None
    return report


def _walk(run: LessonRun, step: Step) -> str:
    if step.kind == "say":
        return f"{len(step.overlays)} overlay(s) drawn"
    if step.kind == "play":
        played = run.play()
        return "; ".join(f"{m.piece} via {', '.join(m.path)}" for m in played) or "no moves"
    if step.kind == "ask":
        answer = asked(run.game, run.shown, step.question)
        answers = reply_answers(answer, step.take, step.one, step.ordered)
        if not answers or not any(answers):
            raise QueryError(f"{step.question!r} has an empty answer; nothing to pick")
        grade = grade_ask(run.game, run.shown, step, list(answers[0]))
        if not grade.right:
            raise QueryError(f"{step.question!r}: its own answer does not grade right")
        if step.explain:  # a wrong answer (nothing picked) explains every missing pick
            for _, question, why in grade_ask(run.game, run.shown, step, []).details:
                if not question:
                    raise QueryError(f"explain {step.explain!r}: {why}")
                overlay(run.game, run.shown, question)
        for question in step.overlays:
            overlay(run.game, run.shown, question)
        return " | ".join((" > " if step.ordered else ", ").join(a) for a in answers)
    found = solutions(run.game, run.state, step)
    if not found.picks:
        raise QueryError(f"no {step.pick[:-1]} passes {step.check!r} = {step.expect!r}"
                         + (f" ({found.note(step.pick)})" if found.note() else ""))
    if expected_matches(asked(run.game, run.state, step.check)["answer"], step.expect):
        raise QueryError(f"{step.check!r} already gives {step.expect!r} before the learner "
                         f"acts; nothing to do")
    done = grade_do(run.game, run.state, step, found.picks[0])
    run.state = done.state
    for question in step.overlays:
        overlay(run.game, run.state, question)
    return ", ".join(found.picks) + (f" ({found.note(step.pick)})" if found.note() else "")

