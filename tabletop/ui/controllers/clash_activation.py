"""A Monster's activation chosen in menus (key M on a Monster; *Resolving Activations*): the AI
card's targeting lines, built from the typical instructions (with X where they take one) and
resolved by the rules core (:func:`tabletop.games.clash.targeting.target`), the rule that
decided shown and a tie offered as alternatives to click; the attack type (Melee, Range X,
Zone X, Wave X; Simultaneous or Sequential for several Targets); the movement type (Move, Move
Behind, Move Lateral, Jump, Land on Top, Appear Behind, a turn only, Appear X, Move to X,
none), previewed and confirmed; the attack, previewed (turning, Out of Reach) and confirmed;
then any forced movement the attack causes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.games.clash.actions import MonsterAttack, MonsterMove, TurnMonster
from tabletop.numbers import parse_int
from tabletop.spatial.grid import Space
from tabletop.ui.controllers.clash_facts import piece_at
from tabletop.ui.controllers.clash_flows import (
    ForcedMovement,
    close_steps,
    number_step,
    open_step,
)
from tabletop.ui.controllers.clash_steps import MenuStep, try_preview
from tabletop.ui.facades.clash import COMMON, MORE, TOWARD_THE_TARGET, menu_words, targeting
from tabletop.ui.widgets.menu import MenuItem

if TYPE_CHECKING:
    from tabletop.ui.controllers.clash_host import ClashHost

COMMON_INSTRUCTIONS = menu_words(COMMON)
MORE_INSTRUCTIONS = menu_words(MORE)
"""The typical targeting instructions of the rulebook (*Typical Targeting Instructions*)
that the rules core knows, without X, in the rulebook's words ("On Vantage Point", "Not on
Vantage Point"), from the table in :mod:`tabletop.games.clash.targeting_lines`; the ones with
X are offered with a number."""

STAT_SELECTORS = ("Highest Vigor", "Lowest Vigor", "Highest Heat", "Lowest Heat",
                  "Most Passion", "Least Passion")
WITH_X = {"range": "In range {x}", "zone": "Zone {x}", "count": "{x} Knights"}
STAT_VALUES = (("With {x} {stat}", "exactly X"), ("With {stat} {x}+", "X or more"))
"""*With X* lines for a statistic value, as the rules core reads them (``With 0 Vigor``:
exactly; ``With Heat 3+``: 3 or more)."""
STAT_TRACKS = (("Vigor", 15), ("Heat", 9), ("Passion", 9))
"""The Knights' tracks a With X line reads, and each track's top value."""
DIRECTIONS = ("north", "east", "south", "west")

MOVEMENTS = tuple((kind.label, kind.name) for kind in TOWARD_THE_TARGET)
"""Movement types toward a Target (rulebook *Monster Movement Types*, from the table in
:mod:`tabletop.games.clash.movement_types`); Appear X and Move to X take a space clicked on the
board, Move to X also a direction (north, east, south, west)."""


class MonsterActivation:
    """A Monster's activation chosen in menus (see the module docstring)."""

    def __init__(self, screen: ClashHost, monster: str):
        self.screen = screen
        self.monster = monster
        self.lines: list[list[str]] = [[]]
        self.why: tuple[str, ...] = ()
        self.targets: tuple[str, ...] = ()
        self.kind = "melee"
        self.x = 1
        self.simultaneous = False
        self.sequential = False
        self.limit: int | None = None

    @property
    def state(self):
        return self.screen.state

    def _card(self) -> list[str]:
        written = [", ".join(line) for line in self.lines if line]
        if not written:
            return ["Targeting lines: none yet; pick instructions, top line first."]
        return ["Targeting lines:", *(f"{i + 1}. {line}" for i, line in enumerate(written))]

    # -- targeting -------------------------------------------------------------------------

    def start(self) -> None:
        """The targeting menu: instructions go into the current line, top line first."""
        current = len(self.lines)
        items = [MenuItem("Resolve the lines", "resolve", any(self.lines),
                          "" if any(self.lines) else "pick an instruction first"),
                 MenuItem(f"Start line {current + 1}", "next", bool(self.lines[-1]),
                          "the next line is read when no Knight fulfils this one"),
                 MenuItem("Remove the last instruction", "undo", any(self.lines))]
        items += [MenuItem(word, ("word", word)) for word in COMMON_INSTRUCTIONS]
        items += [MenuItem("In range X…", ("x", "range")),
                  MenuItem("Highest / Lowest Vigor, Heat, Passion…", "stats"),
                  MenuItem("With X Vigor, Heat, Passion…", "with",
                           note="With 0 Vigor (exactly), With Heat 3+ (or more)"),
                  MenuItem("Zone X…", ("x", "zone")), MenuItem("X Knights…", ("x", "count")),
                  MenuItem("More instructions…", "more")]
        open_step(self.screen, MenuStep(
            self.screen, f"{self.monster}: targeting (line {current})", items, self._targeting,
            tuple(self._card()) + ("Read the AI card: add its instructions in order.",),
            on_cancel=lambda: self.screen.session.tell("activation cancelled: nothing "
                                                       "changed")))

    def _targeting(self, value: object) -> None:
        if value == "resolve":
            self._resolve()
        elif value == "next":
            self.lines.append([])
            self.start()
        elif value == "undo":
            while self.lines and not self.lines[-1] and len(self.lines) > 1:
                self.lines.pop()
            if self.lines[-1]:
                self.lines[-1].pop()
            self.start()
        elif value == "more":
            self._pick_words("More instructions", MORE_INSTRUCTIONS)
        elif value == "stats":
            self._pick_words("Highest or lowest", STAT_SELECTORS)
        elif value == "with":
            self._with_stat()
        elif isinstance(value, tuple) and value[0] == "word":
            self.lines[-1].append(value[1])
            self.start()
        elif isinstance(value, tuple) and value[0] == "x":
            form = WITH_X[value[1]]
            open_step(self.screen, number_step(
                self.screen, form.format(x="X") + ": X?", lambda x: self._word(form.format(x=x)),
                self.start, tuple(self._card())))

    def _with_stat(self) -> None:
        """*With X* for a statistic value: the track and exactly X or X or more, then X."""
        items = [MenuItem(form.format(x="X", stat=stat), (form, stat, top), note=note)
                 for stat, top in STAT_TRACKS for form, note in STAT_VALUES]

        def chosen(value: object) -> None:
            assert isinstance(value, tuple)
            form, stat, top = value
            open_step(self.screen, number_step(
                self.screen, form.format(x="X", stat=stat) + ": X?",
                lambda x: self._word(form.format(x=x, stat=stat)), self._with_stat,
                tuple(self._card()), numbers=tuple(range(0, top + 1))))

        open_step(self.screen, MenuStep(
            self.screen, "With a statistic value", items, chosen, tuple(self._card()),
            on_cancel=self.start))

    def _word(self, word: str) -> None:
        self.lines[-1].append(word)
        self.start()

    def _pick_words(self, title: str, words: tuple[str, ...]) -> None:
        open_step(self.screen, MenuStep(
            self.screen, title, [MenuItem(w, w) for w in words], lambda w: self._word(str(w)),
            tuple(self._card()), on_cancel=self.start))

    def _resolve(self) -> None:
        monster = self.state.monster(self.monster)
        if monster is None:
            close_steps(self.screen)
            return
        lines = [", ".join(line) for line in self.lines if line]
        try:
            found = targeting.target(self.state, monster, lines)
        except targeting.TargetingError as exc:
            self.screen.session.tell(str(exc), error=True)
            return
        self.why = found.why
        if found.line is None:
            self._routine()
        elif found.zone:
            self.targets = ()
            self.kind = "zone"
            sizes = (_zone_size(w) for w in self.lines[found.line])
            self.x = next((x for x in sizes if x is not None), 1)
            self._attack_preview()
        elif len(found.alternatives) > 1:
            self._tie(found.alternatives)
        elif not found.alternatives[0]:
            self._routine()
        else:
            self.targets = found.alternatives[0]
            self._attack_type()

    def _routine(self) -> None:
        open_step(self.screen, MenuStep(
            self.screen, f"{self.monster}: no Target", [MenuItem("Close", "close")],
            lambda _: close_steps(self.screen), (*self.why,
                                                 "Perform the Routine the card prints.")))

    def _tie(self, alternatives: tuple[tuple[str, ...], ...]) -> None:
        items = [MenuItem(" and ".join(alt), alt) for alt in alternatives]
        marks = []
        for index, alt in enumerate(alternatives):
            marks += [(name, f"choice {index + 1}") for name in alt
                      if name not in {m[0] for m in marks}]

        def board(space: Space) -> None:
            piece = piece_at(self.state, space)
            pick = [alt for alt in alternatives if piece is not None and piece.name in alt]
            if not pick:
                self.screen.session.tell(f"{space}: click one of the ringed Knights",
                                         error=True)
                return
            self._chosen_target(pick[0])

        open_step(self.screen, MenuStep(
            self.screen, f"{self.monster}: a tie — the players choose", items,
            self._chosen_target, (*self.why, "Click a ringed Knight or a choice here."),
            on_board=board, on_cancel=self.start, marks=marks))

    def _chosen_target(self, alternative: object) -> None:
        assert isinstance(alternative, tuple)
        self.targets = alternative
        self.why = (*self.why, f"the players chose {' and '.join(alternative)}")
        self._attack_type()

    # -- attack type and movement ----------------------------------------------------------

    def _header(self) -> tuple[str, ...]:
        if self.sequential and len(self.targets) > 1:
            return (*self.why[-2:], f"Targets, in this order: {', then '.join(self.targets)}")
        whom = " and ".join(self.targets) or "the Knights in the area"
        return (*self.why[-2:], f"Target: {whom}")

    def _attack_type(self) -> None:
        items = [MenuItem("Melee", ("melee", 1)), MenuItem("Range X…", "range"),
                 MenuItem("Zone X…", "zone"), MenuItem("Wave X…", "wave")]
        open_step(self.screen, MenuStep(
            self.screen, f"{self.monster}: attack type", items, self._attack_kind,
            (*self._header(), "Which attack does the card print?"), on_cancel=self.start,
            marks=[(t, "Target") for t in self.targets]))

    def _attack_kind(self, value: object) -> None:
        if isinstance(value, tuple):
            self._set_attack(*value)
            return
        kind = str(value)
        open_step(self.screen, number_step(
            self.screen, f"{kind.title()} X", lambda x: self._set_attack(kind, x),
            self._attack_type, self._header()))

    def _set_attack(self, kind: str, x: int) -> None:
        self.kind, self.x = kind, x
        self.simultaneous = self.sequential = False
        if len(self.targets) > 1 and kind in ("melee", "range"):
            items = [MenuItem("Simultaneous", "simultaneous",
                              note="one attack on all; the Monster does not turn"),
                     MenuItem("Sequential", "sequential",
                              note="one at a time, in the order the card gives: click the "
                                   "Targets in that order")]
            open_step(self.screen, MenuStep(
                self.screen, "Several Targets", items, self._several, self._header(),
                on_cancel=self._attack_type))
            return
        self._movement()

    def _several(self, value: object) -> None:
        self.simultaneous = value == "simultaneous"
        self.sequential = False  # set once the players have given the order
        if value == "sequential":
            self._order([])
            return
        self._movement()

    def _order(self, given: list[str]) -> None:
        """Sequential ("one at a time, in a specific order", rulebook *Attack Types*): the
        players click the Targets in the order the card gives; the last one needs no click.
        The attack then goes in that order."""
        left = [t for t in self.targets if t not in given]
        if len(left) <= 1:
            self.targets = (*given, *left)
            self.sequential = True
            self._movement()
            return
        place = "first" if not given else "next"
        so_far = f"So far: {', '.join(given)}." if given else "None picked yet."
        marks = [(name, f"{i + 1}.") for i, name in enumerate(given)]
        marks += [(name, "Target") for name in left]

        def board(space: Space) -> None:
            piece = piece_at(self.state, space)
            if piece is None or piece.name not in left:
                self.screen.session.tell(f"{space}: click one of the ringed Targets not yet "
                                         f"in the order", error=True)
                return
            self._order([*given, piece.name])

        open_step(self.screen, MenuStep(
            self.screen, f"Sequential: which Target {place}?",
            [MenuItem(name, name) for name in left],
            lambda name: self._order([*given, str(name)]),
            (*self._header(), "One at a time, in the order the card gives.", so_far,
             "Click the Targets on the board (or here) in that order."),
            on_board=board, on_cancel=self._attack_type, marks=marks))

    def _range(self) -> int:
        return self.x if self.kind == "range" else 1

    def _zone(self) -> int:
        """The X of a Zone attack that follows the movement (a Wave is "a type of a Zone
        Attack", rulebook *Attack Types*); 0 for Melee and Range."""
        return self.x if self.kind in ("zone", "wave") else 0

    def _movement(self) -> None:
        single = len(self.targets) >= 1
        note = "" if single else "needs a Knight Target"
        target = self.targets[0] if self.targets else ""
        cap = "none" if self.limit is None else f"{self.limit} spaces"
        items = [MenuItem(label, how, single, note) for label, how in MOVEMENTS]
        items.append(MenuItem("Turn toward the Target only", "turn", single, note))
        items += [MenuItem("Appear X…", "appear", note="then click the space"),
                  MenuItem("Move to X…", "move to", note="then click the space"),
                  MenuItem("Move to X in a direction…", "direction",
                           note="north, east, south or west, X spaces"),
                  MenuItem(f"Limit: {cap}", "limit", note="click to cap the spaces moved"),
                  MenuItem("No movement", "none")]
        header = (*self._header(), f"Movement toward {target}" if target else "Movement")
        open_step(self.screen, MenuStep(
            self.screen, f"{self.monster}: movement type", items, self._move, header,
            on_cancel=self._attack_type, marks=[(t, "Target") for t in self.targets]))

    def _move(self, how: object) -> None:
        if how == "none":
            self._attack_preview()
        elif how == "turn":
            open_step(self.screen, try_preview(
                self.screen, TurnMonster(self.monster, self.targets[0]), "Preview: turning",
                on_done=lambda _: self._attack_preview(), header=self._header(),
                on_cancel=self._movement))
        elif how == "limit":
            open_step(self.screen, number_step(
                self.screen, "Move at most X spaces", self._set_limit, self._movement,
                ("The card's or the Monster's movement cap.",),
                numbers=(*range(1, 13),)))
        elif how == "direction":
            self._direction()
        elif how in ("appear", "move to"):
            open_step(self.screen, MenuStep(
                self.screen, f"{str(how).title()} X: click the space", [
                    MenuItem("Back", "back")], lambda _: self._movement(),
                ("Appear X places the Monster's north-west space on X; Move to X ends "
                 "covering X. Click the space (or arrows, then Enter).",),
                on_board=lambda s: self._preview_move(str(how), str(s)),
                on_cancel=self._movement, pick_space=True))
        else:
            self._preview_move(str(how), self.targets[0])

    def _direction(self) -> None:
        """Move to X "in the indicated direction" (rulebook *Monster Movement Types*): the
        direction, then X (or as far as the Board Edge), previewed as
        ``MonsterMove(monster, direction, "move to", limit=X)``."""
        def way(direction: object) -> None:
            items = [MenuItem(str(n), n) for n in range(1, 13)]
            items.append(MenuItem("As far as it goes", None,
                                  note="no X: until the Board Edge, then it stops"))
            open_step(self.screen, MenuStep(
                self.screen, f"Move to X {direction}: X?", items,
                lambda x: self._preview_direction(str(direction), x),
                ("X spaces straight that way; at the Board Edge it slides along it, away "
                 "from the most Knights.",), on_cancel=self._direction))

        open_step(self.screen, MenuStep(
            self.screen, "Move to X: which direction?",
            [MenuItem(d.title(), d) for d in DIRECTIONS], way,
            ("The direction the card indicates.",), on_cancel=self._movement))

    def _preview_direction(self, direction: str, x: object) -> None:
        limit = x if isinstance(x, int) else None
        action = MonsterMove(self.monster, direction, "move to", limit=limit)
        open_step(self.screen, try_preview(
            self.screen, action, f"Preview: Move to X {direction}",
            on_done=lambda _: self._attack_preview(), header=self._header(),
            on_cancel=self._direction))

    def _set_limit(self, x: int) -> None:
        self.limit = x
        self._movement()

    def _preview_move(self, how: str, target: str) -> None:
        action = MonsterMove(self.monster, target, how, self.limit, self._range(),
                             zone=self._zone())
        open_step(self.screen, try_preview(
            self.screen, action, f"Preview: {how.title()}",
            on_done=lambda _: self._attack_preview(), header=self._header(),
            on_cancel=self._movement))

    def _attack_preview(self) -> None:
        action = MonsterAttack(self.monster, self.targets, self.kind, self.x,
                               self.simultaneous, self.sequential)
        step = try_preview(self.screen, action, f"Preview: {self.kind.title()} attack",
                           on_done=lambda outcome: self._after(outcome),
                           header=self._header(),
                           on_cancel=self._movement if self.targets else self.start)
        open_step(self.screen, step)

    def _after(self, outcome) -> None:
        hit = [e.piece for e in outcome.events
               if e.kind == "attack-target" and e.piece in self.state.pieces]
        items = [MenuItem(f"Forced movement on {name} (Knockback X …)", name) for name in hit]
        items.append(MenuItem("Done: the activation is over", ""))

        def chosen(value: object) -> None:
            if value:
                ForcedMovement(self.screen, self.monster, str(value),
                               on_done=lambda: self._after(outcome)).start()
            else:
                close_steps(self.screen)
                self.screen.session.tell(f"{self.monster}'s activation is over")

        open_step(self.screen, MenuStep(
            self.screen, f"{self.monster} attacked", items, chosen,
            ("Roll the dice at the table. Then, as the card says:",),
            on_cancel=lambda: close_steps(self.screen)))


def _zone_size(word: str) -> int | None:
    """X of a targeting word ``Zone X`` (``None`` for any other word)."""
    parts = word.lower().split()
    return parse_int(parts[1], 0, 999) if len(parts) == 2 and parts[0] == "zone" else None
