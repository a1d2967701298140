"""The lesson screen: a lesson walked in the window, over the game's own screen.

:class:`LessonScreen` wraps the game's screen (which draws the board and says where each place
is) and takes its place at the bottom of the controller stack.  The side panel shows the step
(wrapped, never cut: a long text shrinks, then scrolls with Up/Down and says so), the learner
clicks pieces, spaces, zones, tiles or cards to pick them (or types them), and Submit grades the
picks with the rules core (:class:`~tabletop.teaching.runner.LessonRun`).  Feedback is drawn on
the board: a wrong pick is crossed out, a missing pick gets a double ring, the picks themselves
a single ring, so the marks differ in shape and not by hue alone.  Moves made by a *play* or a
right *do* step are played back space by space from the events' paths (``STEP_MS`` a step, any
key skips, the Moves button turns it off), and their trail stays until the next action.
Progress is saved per lesson after every step (:mod:`tabletop.teaching.progress`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import pygame

from tabletop.errors import TabletopError
from tabletop.games.overlay import Overlay, overlay
from tabletop.teaching import practice, progress
from tabletop.teaching.acting import Move
from tabletop.teaching.grading import Grade, split_picks
from tabletop.teaching.lessonfile import Lesson
from tabletop.teaching.runner import LessonRun
from tabletop.ui import textlayer
from tabletop.ui.controllers.base import ButtonSpec, GameController
from tabletop.ui.screens import screen_for
from tabletop.ui.session import Session
from tabletop.ui.textlayer import line_height, text, wrap
from tabletop.ui.widgets import theme

STEP_MS = 120
"""Milliseconds a played-back move spends on each space."""
PICK = (90, 200, 255)
WRONG = (235, 70, 60)
MISSING = (255, 170, 0)
TRAIL = (250, 240, 120)
SIZES = (16, 15, 14, 13, 12)
"""Font sizes tried for the step text, largest first, until it fits the panel."""


def pickable(state, pick: str) -> list[str]:
    """The names a learner may click for a ``pick`` kind on ``state`` (as the screen's
    ``place_rects`` knows them); empty for answers given by keyboard (yes-no, number, words)."""
    if pick == "pieces":
        pieces = getattr(state, "pieces", None)
        if isinstance(pieces, dict):
            return list(pieces)
        if hasattr(state, "households"):  # King's Champion: the Knights on the Field
            return [k.name for house in state.households for k in house.knights]
        return [p.name for group in ("heroes", "enemies") for p in getattr(state, group, ())]
    if pick == "spaces" and hasattr(state, "board"):
        return [str(space) for space in state.board.spaces()]
    field = {"zones": ("zones", "id"), "tiles": ("tiles", "id"), "cards": ("cards", "uid")}
    if pick in field:
        group, key = field[pick]
        return [getattr(item, key) for item in getattr(state, group, ())]
    return []


def token_place(state, piece: str) -> str:
    """Where a piece the screen does not draw by name stands, as a place it does: a Kingdom
    Monster token's tile; ``""`` when there is none."""
    for token in getattr(state, "monsters", ()):
        if getattr(token, "monster", None) == piece:
            return str(token.tile)
    return ""


@dataclass
class Playback:
    """Moves being played back: the board before them, the moves, the milliseconds played."""

    before: object
    moves: tuple[Move, ...]
    elapsed: int = 0

    @property
    def steps(self) -> int:
        return sum(len(m.path) for m in self.moves)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.steps * STEP_MS


class LessonScreen(GameController):
    """A lesson over the game's screen ``inner`` (see the module docstring)."""

    def __init__(self, session: Session, lesson: Lesson, *, start: int = 0,
                 animate: bool = True):
        super().__init__(session)
        self.inner = screen_for(session)
        self.viewport = self.inner.viewport  # zoom and pan move the board the inner screen draws
        self.lesson = lesson
        self.run = LessonRun(lesson, state=session.state)
        self._revision = session.revision
        if start:
            self.run.resume(start)
            self._sync()
        self.picks: list[str] = []
        self.typed = ""
        self.animate = animate
        self.playback: Playback | None = None
        self.trail: tuple[Move, ...] = ()
        self.starts: dict[str, pygame.Rect] = {}
        self.scroll = 0
        self.to_feedback = False
        """After an answer: a panel that must scroll starts at the learner's answer, so the
        verdict is in sight without scrolling."""
        self.answer_row = 0
        self.more = False
        self.message = ""
        self.pending_play = False
        self.drawn = False
        self._show_step()

    # -- the stack protocol and the wrapped screen ----------------------------------------

    def on_push(self, app) -> None:
        super().on_push(app)
        self.inner.app = app

    def view_state(self):
        return self.inner.view_state()

    def picture_state(self, reveal: bool):
        return self.inner.picture_state(reveal)

    def place_rects(self, name: str) -> list[pygame.Rect]:
        return self.inner.place_rects(name)

    def board_point(self, point):
        return self.inner.board_point(point)

    def banner(self):
        return ("Lesson", theme.ACCENT)

    def legend(self):
        return []

    # -- steps ------------------------------------------------------------------------------

    def _show_step(self) -> None:
        """Set the overlays for the current step and clear the picks."""
        self.picks, self.typed, self.scroll = [], "", 0
        self.asked = self._overlays()
        step = self.run.step
        self.pending_play = step is not None and step.kind == "play"

    def _overlays(self) -> list[Overlay]:
        """The step's overlays when they are due (a say step's at once, an ask or do step's
        once answered; after a wrong answer first the pictures of its explained picks), asked
        about the board as the screen shows it, so hidden information stays hidden."""
        step = self.run.step
        if step is None or (step.graded and self.run.grade is None):
            return []
        grade = self.run.grade
        explained = [q for _, q, _ in grade.details if q] if grade is not None else []
        tried = self.run.tried  # a wrong do answer: its check drawn where it would have led
        board = self.view_state() if tried is None else self.session.game.view_for(
            tried, self.session.game.acting(tried))
        try:
            drawn = [overlay(self.session.game, board, q)
                     for q in (*explained, *step.overlays)]
        except TabletopError as exc:
            self.message = str(exc)
            return []
        if not step.graded:
            return drawn
        # the reasons are in the feedback (Why, each explained pick): a caption keeps the
        # question and its short answer, so the step's words keep the panel
        return [replace(item, caption=item.caption.split(" \u2014 ")[0]) for item in drawn]

    def _sync(self) -> None:
        """Put the lesson's board into the session (undoable, in the log)."""
        if self.run.state is not self.session.state:
            step = self.run.step
            ends = {m.piece: m.path[-1] for m in self.run.played
                    if not m.kind.startswith("crash")}  # a move in parts: where it ended
            moved = "; ".join(f"{piece} to {end}" for piece, end in ends.items())
            self.session.edit(self.run.state, f"{self.lesson.name}, step "
                              f"{step.number if step else len(self.lesson.steps)}"
                              + (f": {moved}" if moved else ""))
        self._revision = self.session.revision

    def _play(self) -> None:
        before = self.run.state
        moves = self.run.play()
        self._sync()
        self._start_playback(before, moves)

    def _start_playback(self, before, moves: tuple[Move, ...]) -> None:
        """Play ``moves`` back from the board ``before`` them; where each piece started is
        where the last frame (the board before) drew it."""
        self.trail = moves
        with self.session.showing(before):
            self.starts = {m.piece: r for m in moves
                           if (r := _union(self.inner.place_rects(m.piece))
                               or _union(self.inner.place_rects(token_place(before, m.piece))))
                           is not None}
        self.playback = Playback(before, moves) if self.animate and moves else None

    def submit(self) -> None:
        """Grade the picks (and typed words) of the current ask or do step."""
        step = self.run.step
        if step is None or not step.graded or self.playback is not None:
            return
        picks = self.picks + split_picks(self.typed)
        if not picks and step.kind == "do":
            self.message = "pick a place first"
            return
        before = self.run.state
        try:
            grade = self.run.answer(picks)
        except TabletopError as exc:
            self.message = str(exc)
            return
        self.message = ""
        self.picks, self.typed = picks, ""
        if grade.right and step.kind == "do":
            self._sync()  # first: the overlays are asked about the board after the action
            self._start_playback(before, self.run.played)
        self.asked = self._overlays()
        self.to_feedback = True

    def show_answer(self) -> None:
        """Show the right answer (counted as not right) and mark it."""
        step = self.run.step
        if step is None or not step.graded or self.playback is not None:
            return
        before = self.run.state
        try:
            grade = self.run.reveal()
        except TabletopError as exc:
            self.message = str(exc)
            return
        self.picks = list(grade.answers[0]) if grade.answers else []
        if step.kind == "do":
            self._sync()
            self._start_playback(before, self.run.played)
        self.asked = self._overlays()
        self.to_feedback = True

    def next_step(self) -> None:
        """Go on (a graded step only once answered right); the progress is saved."""
        if self.playback is not None:
            self.playback = None
            return
        step = self.run.step
        if step is None:
            return
        try:
            self.run.next()
        except TabletopError as exc:
            self.message = str(exc)
            return
        self.message = ""
        self.trail = ()
        self._save()
        self._show_step()

    def _save(self) -> None:
        record = progress.Progress(self.run.index, len(self.lesson.steps), self.run.right,
                                   self.run.answered, self.run.finished)
        try:
            progress.write(self.lesson.name, record)
        except TabletopError as exc:
            self.session.tell(f"progress not saved: {exc}", error=True)

    def toggle_animation(self) -> None:
        self.animate = not self.animate
        if not self.animate:
            self.playback = None

    # -- input ------------------------------------------------------------------------------

    def buttons(self) -> list[ButtonSpec]:
        step = self.run.step
        graded = step is not None and step.graded
        made = []
        if graded and step.pick == "yes-no":
            made += [ButtonSpec("Yes", lambda: self._set(["yes"]), "Y"),
                     ButtonSpec("No", lambda: self._set(["no"]), "N")]
        if graded:
            made += [ButtonSpec("Submit", self.submit, "Enter", not self.run.passed),
                     ButtonSpec("Show answer", self.show_answer, "?", not self.run.passed)]
        made += [ButtonSpec("Next", self.next_step, "Right",
                            step is not None and (not graded or self.run.passed)),
                 ButtonSpec("Playback " + ("on" if self.animate else "off"),
                            self.toggle_animation, "F3", active=self.animate)]
        return made

    def _set(self, picks: list[str]) -> None:
        self.picks, self.typed = picks, ""

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.playback is not None and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.playback = None  # any key or click skips the playback; the trail stays
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and self.app is not None \
                and self.app.areas.board.collidepoint(event.pos):
            if event.button == 1:
                self._click(event.pos)
            return True
        if event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            return self.app is not None and self.app.areas.board.collidepoint(
                pygame.mouse.get_pos() if event.type == pygame.MOUSEWHEEL else event.pos)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _click(self, pos: tuple[int, int]) -> None:
        step = self.run.step
        if step is None or not step.graded or self.run.passed:
            return
        name = self._place_at(pos, step.pick)
        if name is None:
            return
        if step.kind == "do":
            self.picks = [name]
        elif step.ordered:  # an order: the same place may come twice (Backspace drops)
            self.picks.append(name)
        elif name in self.picks:
            self.picks.remove(name)
        else:
            self.picks.append(name)
        self.run.grade = self.run.tried = None
        self.asked = []

    def _place_at(self, pos: tuple[int, int], pick: str) -> str | None:
        """The name of the place of kind ``pick`` under pixel ``pos``, or ``None``: a space
        straight from the board's grid (a 100 x 100 board has 10,000), anything else by
        looking where each pickable place was drawn."""
        if pick == "spaces" and hasattr(self.inner, "space_at"):
            space = self.inner.space_at(pos)
            return None if space is None else str(space)
        return next((name for name in pickable(self.run.state, pick)
                     if any(r.collidepoint(pos) for r in self.inner.place_rects(name))), None)

    def _key(self, event: pygame.event.Event) -> bool:
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False
        step = self.run.step
        graded = step is not None and step.graded and not self.run.passed
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.submit() if graded else self.next_step()
        elif event.key == pygame.K_RIGHT:
            self.next_step()
        elif event.key == pygame.K_F3:
            self.toggle_animation()
        elif event.key == pygame.K_UP:
            self.scroll = max(0, self.scroll - 1)
        elif event.key == pygame.K_DOWN:
            self.scroll += 1 if self.more else 0
        elif not graded:
            return False
        elif event.unicode == "?":
            self.show_answer()
        elif step.pick == "yes-no" and event.key in (pygame.K_y, pygame.K_n):
            self._set(["yes" if event.key == pygame.K_y else "no"])
        elif event.key == pygame.K_BACKSPACE:
            if self.typed:
                self.typed = self.typed[:-1]
            elif self.picks:
                self.picks.pop()
        elif event.unicode and event.unicode.isprintable() and len(self.typed) < 80:
            self.typed += event.unicode
        else:
            return False
        return True

    def cancel(self) -> bool:
        dropped = bool(self.picks or self.typed)
        self.picks, self.typed = [], ""
        return dropped

    def key_help(self) -> list[tuple[str, str]]:
        return [("click a place or piece", "pick it (again: drop it; in an order: pick it "
                                            "again)"),
                ("type words", "pick by name (C4, Kara, yes, 3)"),
                ("Enter", "submit the picks; when right, the next step"),
                ("?", "show the answer"), ("Right", "the next step"),
                ("Y / N", "yes or no"), ("Backspace", "drop the last pick"),
                ("Up / Down", "scroll a long step text"),
                ("F3", "moves animated or at once"), ("any key", "skip a move being played")]

    # -- animation and drawing ------------------------------------------------------------

    def animating(self) -> bool:
        """While a move is played back (or about to be) the loop draws every frame."""
        return self.pending_play or self.playback is not None or self.inner.animating()

    def update(self, dt_ms: int) -> None:
        self.inner.update(dt_ms)
        if self.pending_play and self.drawn:  # once the board before the move is on screen
            self.pending_play = False
            self._play()
        elif self.playback is not None:
            self.playback.elapsed += dt_ms
            if self.playback.done:
                self.playback = None
        elif self.session.revision != self._revision and self.session.shown is None:
            self.run.state = self.session.state  # undone or edited: graded on this board
            self._revision = self.session.revision

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.drawn = True
        playback = self.playback
        if playback is not None:
            with self.session.showing(playback.before):
                self.inner.draw(surface, rect)
        else:
            self.inner.draw(surface, rect)
        self._draw_trail(surface, playback)

    def draw_above_asked(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The learner's picks and the feedback marks, drawn over the overlays (the app calls
        it after drawing them), so a tinted answer never hides a ring or a cross."""
        self._draw_marks(surface)

    def _draw_trail(self, surface: pygame.Surface, playback: Playback | None) -> None:
        """The moves' paths as arrows from place to place; during playback only the places
        reached so far, with the moving piece's ghost (its initial) where it is now."""
        left = playback.elapsed // STEP_MS + 1 if playback is not None else None
        reached: dict[str, pygame.Rect] = {}  # where each piece's last move so far ended
        for move in self.trail:
            cells = [_union(self.inner.place_rects(place)) for place in move.path]
            if not cells or not all(cells):
                continue
            start = reached.get(move.piece) or self.starts.get(move.piece) or cells[0]
            size = start.size
            ends = [pygame.Rect(c.topleft, size) if c.width < size[0] else c for c in cells]
            reached[move.piece] = ends[-1]
            points = [start.center] + [end.center for end in ends]
            if left is not None:
                points = points[:min(len(points), left + 1)]
                left -= len(move.path)
            for a, b in zip(points, points[1:], strict=False):
                _arrow(surface, a, b)
            if move.kind.startswith("crash") and (left is None or left > 0):
                _burst(surface, points[-1], max(10, min(size) // 2))
            if left is not None and left <= 0:
                radius = max(8, min(min(size) // 3, 18))
                pygame.draw.circle(surface, TRAIL, points[-1], radius)
                text(surface, move.piece[:1], points[-1], theme.ui(14), theme.BACKGROUND,
                     anchor="center")
                break

    def _draw_marks(self, surface: pygame.Surface) -> None:
        """The learner's picks (a ring), wrong picks (crossed out) and missing picks (a double
        ring), drawn around the places but never across a board label: the words already on
        the board (the text layer's labels) show through the marks."""
        grade = self.run.grade
        wrong, missing = _crossed_and_missing(grade, self.picks)
        picked = [(n, name, box) for n, name in enumerate(self.picks)
                  for box in self.inner.place_rects(name)]
        lacking = [box for name in missing for box in self.inner.place_rects(name)]
        if not picked and not lacking:
            return
        marks = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        for n, name, box in picked:
            pygame.draw.rect(marks, PICK, box.inflate(-4, -4), 3)
            if (n if grade is not None and grade.ordered else name) in wrong:
                pygame.draw.line(marks, WRONG, box.topleft, box.bottomright, 4)
                pygame.draw.line(marks, WRONG, box.topright, box.bottomleft, 4)
        for box in lacking:
            pygame.draw.rect(marks, MISSING, box.inflate(-2, -2), 3)
            pygame.draw.rect(marks, MISSING, box.inflate(-10, -10), 2)
        dx, dy = surface.get_abs_offset()  # the text layer speaks in frame pixels
        for label in textlayer.drawn():
            if label.role == "label":
                marks.fill((0, 0, 0, 0), label.rect.move(-dx, -dy))
        surface.blit(marks, (0, 0))
        step = self.run.step
        if step is not None and step.ordered:
            self._draw_numbers(surface, picked)

    def _draw_numbers(self, surface: pygame.Surface, picked) -> None:
        """The place of each pick in the learner's order, as a numbered badge at the left of
        what was picked: at the bottom, the middle or the top, the first clear of the names
        the board prints there (two picks of one place: the badges stand side by side)."""
        size = theme.ui(13)
        radius = max(9, size * 3 // 4)
        dx, dy = surface.get_abs_offset()
        names = [label.rect.move(-dx, -dy) for label in textlayer.drawn()
                 if label.role == "label"]
        seen: dict[tuple[int, int], int] = {}
        for n, _, box in picked:
            shift = seen.get(box.topleft, 0)
            seen[box.topleft] = shift + 1
            x = box.x + radius + 2 + shift * (2 * radius + 2)
            heights = (box.bottom - radius - 2, box.centery, box.y + radius + 2)
            y = next((h for h in heights if not any(
                pygame.Rect(x - radius, h - radius, 2 * radius, 2 * radius).colliderect(r)
                for r in names)), heights[0])
            centre = (x, y)
            pygame.draw.circle(surface, PICK, centre, radius)
            text(surface, str(n + 1), centre, size, theme.BACKGROUND, anchor="center")

    def draw_panel_body(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The step in the side panel, through the text layer: wrapped at the largest size
        that fits; when even the smallest does not, it scrolls (Up/Down) and the last line
        says so (never cut silently)."""
        lines = self.panel_text()
        for size in (theme.ui(s) for s in SIZES):
            step = line_height(size + 2)
            parts = [(i, part) for i, (_, line) in enumerate(lines)
                     for part in wrap(line, size + (2 if i == 0 else 0), rect.width)]
            if len(parts) * step <= rect.height:
                break
        room = max(1, rect.height // step)
        scrolled = len(parts) > room
        if scrolled and self.to_feedback:
            self.scroll = next((n for n, (i, _) in enumerate(parts) if i == self.answer_row), 0)
        self.to_feedback = False
        if scrolled:
            self.scroll = max(0, min(self.scroll, len(parts) - room + 1))
            below = self.scroll + room - 1 < len(parts)
            shown = parts[self.scroll:self.scroll + room - 1]
        else:
            self.scroll, below, shown = 0, False, parts
        self.more = below
        y = rect.y
        for index, part in shown:
            text(surface, part, (rect.x, y), size + (2 if index == 0 else 0), lines[index][0],
                 max_width=rect.width)
            y += step
        if scrolled:
            hint = ("more below: Down scrolls" + (", Up goes back" if self.scroll else "")
                    if below else "the end: Up scrolls back")
            text(surface, hint, (rect.x, y), size, theme.ACCENT, max_width=rect.width)

    def panel_text(self) -> list[tuple[tuple[int, int, int], str]]:
        """``(colour, line)`` rows for the side panel: where the learner is, the step, the
        picks, the feedback."""
        run, step = self.run, self.run.step
        if step is None:
            return [(theme.ACCENT, f"{self.lesson.title}: finished"),
                    (theme.TEXT, f"{run.right} of {run.answered} answered right first time.")]
        rows = [(theme.ACCENT, self.lesson.title),
                (PICK, f"Step {step.number} of {len(self.lesson.steps)}: {step.kind}"),
                (theme.TEXT, step.text)]
        rows += [(TRAIL, line) for line in board_facts(self.view_state())]
        if step.graded:
            joint = " > " if step.ordered else ", "
            picked = joint.join(self.picks + ([self.typed + "_"] if self.typed else []))
            how = f"{step.pick}, in order" if step.ordered else step.pick
            self.answer_row = len(rows)
            rows.append((PICK, f"Your answer ({how}): {picked or _how_to_pick(step)}"))
        if self.message:
            rows.append((WRONG, self.message))
        if run.grade is not None:
            rows += [(theme.TEXT if i else (PICK if run.grade.right else WRONG), line)
                     for i, line in enumerate(run.grade.words())]
            if not run.grade.right:
                rows.append((theme.TEXT, "On the board: your picks have a single ring, a "
                                         "wrong pick is crossed out, a missing one has a "
                                         "double ring." + (
                                             " Your picks are numbered in your order; the "
                                             "first one out of order is crossed out and the "
                                             "one the rules put there has the double ring."
                                             if run.grade.ordered else "")))
        if self.trail:
            rows.append((TRAIL, "Moves: " + "; ".join(
                f"{m.piece} suffers Crash at {m.path[-1]}" if m.kind.startswith("crash")
                else f"{m.piece} {' > '.join(m.path)}" for m in self.trail)))
        return rows


class PracticeScreen(LessonScreen):
    """Practice in the window: one random board and question after another
    (:mod:`tabletop.teaching.practice`), each graded by the rules core on its first answer,
    with the running score in the side panel.  Next draws the next board."""

    def __init__(self, session: Session, topic: str, seed: int):
        self.session = session
        self.topic, self.seed = topic, seed
        self.quizzes = practice.quizzes(topic, seed)
        self.number = 1
        self.score = practice.Score()
        super().__init__(session, self._quiz().lesson(topic, 1))

    def _quiz(self) -> practice.Quiz:
        quiz = next(self.quizzes)
        self.session.edit(quiz.state, f"practice {self.topic}: question {self.number}")
        return quiz

    def submit(self) -> None:
        first = self.run.answered == 0
        super().submit()
        if first and self.run.grade is not None:
            self.score.add(self.run.grade)

    def show_answer(self) -> None:
        if self.run.answered == 0:
            self.score.asked += 1
        super().show_answer()

    def next_step(self) -> None:
        """A new board once this one is answered (right or not)."""
        if self.playback is not None:
            self.playback = None
            return
        if self.run.grade is None:
            self.message = "answer this board first (Submit), or ask for the answer"
            return
        self.number += 1
        self.message = ""
        self.lesson = self._quiz().lesson(self.topic, self.number)
        self.run = LessonRun(self.lesson, state=self.session.state)
        self._revision = self.session.revision
        self._show_step()

    def banner(self):
        return ("Practice", theme.ACCENT)

    def _save(self) -> None:
        """Practice keeps no progress: the score is the session's own."""

    def buttons(self) -> list[ButtonSpec]:
        made = super().buttons()
        return [ButtonSpec(b.label, b.on_click, b.key, self.run.grade is not None, b.active)
                if b.label == "Next" else b for b in made]

    def panel_text(self) -> list[tuple[tuple[int, int, int], str]]:
        """The lesson's rows with the seed and the running score just above the answer (the
        row a scrolled panel starts at after Submit, so the score stays in sight)."""
        rows = [row for row in super().panel_text() if not row[1].startswith("Step 1 of 1")]
        at = next((n for n, row in enumerate(rows) if row[1].startswith("Your answer")), 1)
        rows.insert(at, (PICK, f"Seed {self.seed}, {self.score.words()}"))
        self.answer_row = at
        return rows


def board_facts(state) -> list[str]:
    """What the board holds that its picture does not show and a lesson may ask about: a
    Clash Mob track, numbered left to right with the Activation tokens on each BP card
    (rulebook *Mob Track*); nothing for other boards.  Never what decides next: that is the
    question."""
    spaces = getattr(state, "mob_spaces", ())
    if not spaces or not any(m.activations for m in state.monsters):
        return []
    from tabletop.ui.controllers.clash_facts import token_words

    return ["Mob track, left to right: " + " · ".join(
        f"{i}. {name} ({token_words(state.monster(name))})" if name else f"{i}. empty"
        for i, name in enumerate(spaces, 1))]


def _how_to_pick(step) -> str:
    """What an empty answer line tells a learner to do for ``step``'s kind of pick."""
    if step.pick == "yes-no":
        return "nothing yet: press Yes or No (Y, N)"
    if step.pick in ("number", "words"):
        return "nothing yet: type it, then Enter"
    if step.kind == "do":
        return f"nothing yet: click one of the {step.pick} on the board, then Submit"
    return "nothing yet: click them on the board, then Submit"


def _crossed_and_missing(grade: Grade | None, picks: list[str]) -> tuple[set, tuple[str, ...]]:
    """What the board marks after ``grade``: the crossed-out picks (names; for an ordered
    answer the places in ``picks``: every wrong pick and the first one out of order) and the
    missing ones (for an order, with the pick the rules put where the learner's order first
    went wrong)."""
    if grade is None:
        return set(), ()
    if not grade.ordered:
        return set(grade.wrong), grade.missing
    wrong = {n for n, name in enumerate(picks) if name in grade.wrong}
    if grade.slip is not None and grade.slip < len(picks):
        wrong.add(grade.slip)
    extra = (grade.expected,) if grade.expected and grade.expected not in grade.missing else ()
    return wrong, grade.missing + extra


def _union(rects: list[pygame.Rect]) -> pygame.Rect | None:
    if not rects:
        return None
    return rects[0].unionall(rects[1:])


def _arrow(surface: pygame.Surface, a: tuple[int, int], b: tuple[int, int]) -> None:
    """A line from ``a`` to ``b`` with a head at ``b``."""
    pygame.draw.line(surface, TRAIL, a, b, 4)
    angle = math.atan2(b[1] - a[1], b[0] - a[0])
    for turn in (2.6, -2.6):
        tip = (b[0] + 12 * math.cos(angle + turn), b[1] + 12 * math.sin(angle + turn))
        pygame.draw.line(surface, TRAIL, b, tip, 4)


def _burst(surface: pygame.Surface, centre: tuple[int, int], radius: int) -> None:
    """A jagged star where a Crash was suffered (a shape, not only a colour)."""
    points = [(centre[0] + (radius if i % 2 == 0 else radius // 2) * math.cos(i * math.pi / 6),
               centre[1] + (radius if i % 2 == 0 else radius // 2) * math.sin(i * math.pi / 6))
              for i in range(12)]
    pygame.draw.polygon(surface, WRONG, points, 3)


def open_lesson(app, lesson: Lesson, *, start: int = 0) -> LessonScreen:
    """Put a :class:`LessonScreen` for ``lesson`` at the bottom of ``app``'s stack, in place
    of the game's screen; returns it."""
    while app.stack:
        app.stack.pop().on_pop()
    screen = LessonScreen(app.session, lesson, start=start)
    app.push(screen)
    return screen


def open_practice(app, topic: str, seed: int) -> PracticeScreen:
    """Put a :class:`PracticeScreen` of ``topic`` at the bottom of ``app``'s stack; returns it."""
    while app.stack:
        app.stack.pop().on_pop()
    screen = PracticeScreen(app.session, topic, seed)
    app.push(screen)
    return screen
