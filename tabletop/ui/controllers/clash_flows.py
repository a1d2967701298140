"""What the players tell the program from their cards, one menu at a time (issue 4, item 5):

- :class:`MonsterActivation` (key M on a Monster): the AI card's targeting lines, built from
  the typical instructions (with X where they take one) and resolved by the rules core
  (:func:`tabletop.games.clash.targeting.target`), the rule that decided shown and a tie
  offered as alternatives to click; the attack type (Melee, Range X, Zone X, Wave X;
  Simultaneous or Sequential for several Targets); the movement type (Move, Move Behind,
  Move Lateral, Jump, Land on Top, Appear Behind, Appear X, Move to X, none), previewed and
  confirmed; the attack, previewed (turning, Out of Reach) and confirmed; then any forced
  movement the attack causes.
- :class:`KnightAttack` (key A on a Knight): the weapon (Melee, Reach X, Ranged X–Y,
  Unwieldy), the Monster (each with the rules core's reason when it cannot be attacked), then
  any forced movement the attack causes (Knockback X …) or a wound recorded.
- :class:`ForcedMovement` (key K on a piece, or from the two above): the kind, X, the piece
  moved and the space for "… toward", previewed and confirmed.
- :class:`KnightMoves` (key B on a Knight): move-like abilities (Reflex, Advanced and Superior
  Reflex, Reposition X, Motivate X, Hug X) with the spaces they reach tinted, Rush and
  Improved Rush toward a Monster, and Vault (previewed: its landing may be a choice).

Every change goes through :class:`~tabletop.ui.controllers.clash_steps.PreviewStep` or
``session.perform``; these classes only build menus.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from tabletop.games.clash import geometry, movelike, targeting, turns
from tabletop.games.clash.actions import (
    FORCED_KINDS,
    Attack,
    Forced,
    MonsterAttack,
    MonsterMove,
    MoveLike,
    RecordWound,
    Rush,
    TurnMonster,
    Vault,
    Weapon,
)
from tabletop.games.clash.state import Monster
from tabletop.spatial.grid import Space
from tabletop.ui.controllers.clash_facts import piece_at
from tabletop.ui.controllers.clash_steps import MenuStep, try_preview
from tabletop.ui.widgets.menu import MenuItem

if TYPE_CHECKING:
    from tabletop.ui.controllers.clash import ClashController

COMMON_INSTRUCTIONS = ("Closest", "Furthest", "In front", "Adjacent")
MORE_INSTRUCTIONS = ("Engaged", "Non-Engaged", "In sight", "Grouped", "Lone Knight",
                     "In Blindspot", "Not in Blindspot", "In Rear", "Not in Rear",
                     "On Vantage Point", "Not on Vantage Point", "Last Knight to Wound",
                     "Priority Target", "With Knockdown", "No Target")
"""The typical targeting instructions of the rulebook (*Typical Targeting Instructions*)
that the rules core knows, without X; the ones with X are offered with a number."""

STAT_SELECTORS = ("Highest Vigor", "Lowest Vigor", "Highest Heat", "Lowest Heat",
                  "Most Passion", "Least Passion")
WITH_X = {"range": "In range {x}", "zone": "Zone {x}", "count": "{x} Knights"}

MOVEMENTS = (("Move", "move"), ("Move Behind", "move behind"), ("Move Lateral", "move lateral"),
             ("Jump", "jump"), ("Land on Top", "land on top"),
             ("Appear Behind", "appear behind"))
"""Movement types toward a Target (rulebook *Monster Movement Types*); Appear X and Move to X
take a space clicked on the board."""

NUMBERS = tuple(range(1, 13))


def number_step(screen: ClashController, title: str, on_number: Callable[[int], None],
                on_cancel: Callable[[], None], header: tuple[str, ...] = (),
                numbers: tuple[int, ...] = NUMBERS) -> MenuStep:
    """A menu of whole numbers (keys 1–9 pick the first nine)."""
    items = [MenuItem(str(n), n) for n in numbers]
    return MenuStep(screen, title, items, lambda n: on_number(int(n)), header,
                    on_cancel=on_cancel)


def open_step(screen: ClashController, step: MenuStep | None) -> None:
    """Show ``step`` in place of whatever step is open."""
    app = screen.app
    if app is None or step is None:
        return
    if screen.step is not None:
        app.pop(screen.step)
    app.push(step)


def close_steps(screen: ClashController) -> None:
    if screen.app is not None and screen.step is not None:
        screen.app.pop(screen.step)


class ForcedMovement:
    """Forced movement from ``source`` (see the module docstring); ``target`` may be fixed
    (the Target of an attack); ``on_done`` runs after it was performed or cancelled."""

    def __init__(self, screen: ClashController, source: str, target: str | None = None,
                 on_done: Callable[[], None] | None = None):
        self.screen = screen
        self.source = source
        self.target = target
        self.kind = ""
        self.amount = 0
        self.on_done = on_done

    def finish(self) -> None:
        if self.on_done is not None:
            self.on_done()
        else:
            close_steps(self.screen)

    def start(self) -> None:
        whom = f" on {self.target}" if self.target else ""
        items = [MenuItem(kind.title(), kind) for kind in FORCED_KINDS]
        items.append(MenuItem("None", "", note="no forced movement"))
        open_step(self.screen, MenuStep(
            self.screen, f"Forced movement by {self.source}{whom}", items, self._kind,
            ("What the card says (Knockback X, Pushback X, Pull X, Drag X …).",),
            on_cancel=self.finish))

    def _kind(self, kind: object) -> None:
        if not kind:
            self.finish()
            return
        self.kind = str(kind)
        if self.kind in ("displace", "forced vault"):
            self.amount = 0
            self._target()
            return
        open_step(self.screen, number_step(
            self.screen, f"{self.kind.title()} X", self._amount, self.start,
            (f"{self.kind.title()}: how many spaces (X)?",)))

    def _amount(self, x: int) -> None:
        self.amount = x
        self._target()

    def _target(self) -> None:
        if self.target is not None:
            self._toward()
            return
        state = self.screen.state
        names = [p.name for p in (*state.knights, *state.monsters) if p.name != self.source]
        items = [MenuItem(name, name) for name in names]
        open_step(self.screen, MenuStep(
            self.screen, f"{self._what()}: on whom?", items, self._picked,
            ("Click the piece on the board or choose it here.",),
            on_board=self._board_piece, on_cancel=self.start))

    def _what(self) -> str:
        return f"{self.kind.title()}{' ' + str(self.amount) if self.amount else ''}"

    def _board_piece(self, space: Space) -> None:
        piece = piece_at(self.screen.state, space)
        if piece is None or piece.name == self.source:
            self.screen.session.tell(f"{space}: click a piece other than {self.source}",
                                     error=True)
            return
        self._picked(piece.name)

    def _picked(self, name: object) -> None:
        self.target = str(name)
        self._toward()

    def _toward(self) -> None:
        if self.kind.endswith("toward"):
            open_step(self.screen, MenuStep(
                self.screen, f"{self._what()} on {self.target}: toward which space?",
                [MenuItem("Cancel", "")], lambda _: self.start(),
                ("Click the space on the board (or arrows, then Enter).",),
                on_board=self._preview, on_cancel=self.start, pick_space=True))
            return
        self._preview(None)

    def _preview(self, toward: Space | None) -> None:
        assert self.target is not None
        action = Forced(self.kind, self.source, self.target, self.amount, toward)
        open_step(self.screen, try_preview(self.screen, action, f"Preview: {self._what()}",
                                           on_done=lambda _: self.finish(),
                                           on_cancel=self.start))


class KnightAttack:
    """A Knight's Combat Action chosen in menus (see the module docstring)."""

    def __init__(self, screen: ClashController, knight: str):
        self.screen = screen
        self.knight = knight
        self.unwieldy = False
        self.weapon = Weapon()

    def start(self) -> None:
        items = [MenuItem("Melee", "melee"), MenuItem("Reach X…", "reach"),
                 MenuItem("Ranged X–Y…", "ranged"),
                 MenuItem(f"Unwieldy: {'yes' if self.unwieldy else 'no'}", "unwieldy",
                          note="click to change")]
        open_step(self.screen, MenuStep(
            self.screen, f"{self.knight} attacks: which weapon?", items, self._weapon,
            ("The Active Weapon's Effective Range, as the Gear card says.",)))

    def _weapon(self, kind: object) -> None:
        if kind == "unwieldy":
            self.unwieldy = not self.unwieldy
            self.start()
        elif kind == "melee":
            self.weapon = Weapon("melee", 1, 1, self.unwieldy)
            self._monster()
        elif kind == "reach":
            open_step(self.screen, number_step(
                self.screen, "Reach X", lambda x: self._set(Weapon("reach", 1, x,
                                                                    self.unwieldy)),
                self.start, numbers=tuple(range(1, 7))))
        else:
            open_step(self.screen, number_step(
                self.screen, "Ranged X–Y: the nearest range X", self._low, self.start,
                numbers=tuple(range(1, 9))))

    def _low(self, low: int) -> None:
        open_step(self.screen, number_step(
            self.screen, f"Ranged {low}–Y: the furthest range Y",
            lambda high: self._set(Weapon("ranged", low, high, self.unwieldy)), self.start,
            numbers=tuple(range(low, low + 9))))

    def _set(self, weapon: Weapon) -> None:
        self.weapon = weapon
        self._monster()

    def _monster(self) -> None:
        state = self.screen.state
        knight = state.knight(self.knight)
        if knight is None:
            close_steps(self.screen)
            return
        items = []
        for monster in state.monsters:
            problem = turns.attack_problem(state, knight, monster, self.weapon)
            items.append(MenuItem(monster.name, monster.name, problem is None,
                                  problem or "can be attacked: LoS and range hold"))
        open_step(self.screen, MenuStep(
            self.screen, f"{self.weapon}: which Monster?", items,
            self._attack, (f"{self.knight} attacks with a {self.weapon} weapon.",
                           "Click the Monster on the board or choose it here; a greyed one "
                           "says why it cannot be attacked.",),
            on_board=self._board_monster, on_cancel=self.start))

    def _board_monster(self, space: Space) -> None:
        piece = piece_at(self.screen.state, space)
        if not isinstance(piece, Monster):
            self.screen.session.tell(f"{space}: click a Monster to attack", error=True)
            return
        self._attack(piece.name)

    def _attack(self, monster: object) -> None:
        if not self.screen.session.perform(Attack(self.knight, str(monster), self.weapon)):
            return
        self._after(str(monster))

    def _after(self, monster: str) -> None:
        items = [MenuItem(f"Forced movement on {monster} (Knockback X …)", "forced"),
                 MenuItem(f"{self.knight} wounded {monster} (Last Knight to Wound)", "wound"),
                 MenuItem("Done", "done")]

        def chosen(value: object) -> None:
            if value == "forced":
                ForcedMovement(self.screen, self.knight, monster,
                               on_done=lambda: self._after(monster)).start()
            elif value == "wound":
                if self.screen.session.perform(RecordWound(self.knight)):
                    self._after(monster)
            else:
                close_steps(self.screen)

        open_step(self.screen, MenuStep(
            self.screen, f"{self.knight} attacked {monster}", items, chosen,
            ("Roll the dice at the table. Then, as the cards say:",),
            on_cancel=lambda: close_steps(self.screen)))


class MonsterActivation:
    """A Monster's activation chosen in menus (see the module docstring)."""

    def __init__(self, screen: ClashController, monster: str):
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
        elif isinstance(value, tuple) and value[0] == "word":
            self.lines[-1].append(value[1])
            self.start()
        elif isinstance(value, tuple) and value[0] == "x":
            form = WITH_X[value[1]]
            open_step(self.screen, number_step(
                self.screen, form.format(x="X") + ": X?", lambda x: self._word(form.format(x=x)),
                self.start, tuple(self._card())))

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
            zone = [w for w in self.lines[found.line] if w.lower().startswith("zone")]
            self.x = int(zone[0].split()[1]) if zone else 1
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
        if len(self.targets) > 1 and kind in ("melee", "range"):
            items = [MenuItem("Simultaneous", "simultaneous",
                              note="one attack on all; the Monster does not turn"),
                     MenuItem("Sequential", "sequential", note="one after another, closest "
                                                                "first")]
            open_step(self.screen, MenuStep(
                self.screen, "Several Targets", items, self._several, self._header(),
                on_cancel=self._attack_type))
            return
        self._movement()

    def _several(self, value: object) -> None:
        self.simultaneous = value == "simultaneous"
        self.sequential = value == "sequential"
        self._movement()

    def _range(self) -> int:
        return self.x if self.kind == "range" else 1

    def _movement(self) -> None:
        single = len(self.targets) >= 1
        note = "" if single else "needs a Knight Target"
        target = self.targets[0] if self.targets else ""
        cap = "none" if self.limit is None else f"{self.limit} spaces"
        items = [MenuItem(label, how, single, note) for label, how in MOVEMENTS]
        items.append(MenuItem("Turn toward the Target only", "turn", single, note))
        items += [MenuItem("Appear X…", "appear", note="then click the space"),
                  MenuItem("Move to X…", "move to", note="then click the space"),
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

    def _set_limit(self, x: int) -> None:
        self.limit = x
        self._movement()

    def _preview_move(self, how: str, target: str) -> None:
        action = MonsterMove(self.monster, target, how, self.limit, self._range())
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


MOVE_LIKE_ITEMS = (("Reflex", "reflex", 1), ("Advanced Reflex", "advanced reflex", 2),
                   ("Superior Reflex", "superior reflex", 3))
RUSH_WEAPONS = (("Melee", Weapon()), ("Reach 2", Weapon("reach", 1, 2)),
                ("Reach 3", Weapon("reach", 1, 3)))


class KnightMoves:
    """A Knight's move-like abilities, Rush and Vault (see the module docstring)."""

    def __init__(self, screen: ClashController, knight: str):
        self.screen = screen
        self.knight = knight

    def start(self) -> None:
        items = [MenuItem(label, (ability, amount)) for label, ability, amount in MOVE_LIKE_ITEMS]
        items += [MenuItem(f"{name} X…", (name.lower(), 0))
                  for name in ("Reposition", "Motivate", "Hug")]
        items += [MenuItem("Rush…", ("rush", 0), note="Movement Action, Speed +1, toward a "
                                                        "Monster"),
                  MenuItem("Improved Rush…", ("improved rush", 0), note="Speed +2"),
                  MenuItem("Vault…", ("vault", 0), note="over an adjacent Monster")]
        open_step(self.screen, MenuStep(
            self.screen, f"{self.knight}: move-like ability", items, self._ability,
            ("Not the Movement Action (except Rush); not while knocked down.",)))

    def _ability(self, value: object) -> None:
        assert isinstance(value, tuple)
        ability, amount = value
        if ability in ("reposition", "motivate", "hug") and not amount:
            open_step(self.screen, number_step(
                self.screen, f"{ability.title()} X", lambda x: self._ability((ability, x)),
                self.start))
        elif ability in ("rush", "improved rush", "vault"):
            self._monster(ability)
        else:
            self._spaces(ability, amount)

    def _spaces(self, ability: str, amount: int) -> None:
        state = self.screen.state
        knight = state.knight(self.knight)
        if knight is None:
            close_steps(self.screen)
            return
        if ability == "hug":
            spaces = movelike.hug_spaces(state, knight, amount)
        else:
            spaces = geometry.reach(state, replace(knight, speed=amount))
        name = ability.title() + (f" {amount}" if ability in ("reposition", "motivate", "hug")
                                  else "")
        self._pick(name, spaces, lambda to: MoveLike(self.knight, ability, to, amount))

    def _pick(self, name: str, spaces: frozenset[Space], make: Callable[[Space], object]
              ) -> None:
        def board(space: Space) -> None:
            if self.screen.session.perform(make(space)):
                close_steps(self.screen)

        note = (f"{len(spaces)} space{'s' * (len(spaces) != 1)} (blue)" if spaces else
                "no space: the rules core says why when you click")
        open_step(self.screen, MenuStep(
            self.screen, f"{self.knight}: {name}", [MenuItem("Back", "back")],
            lambda _: self.start(), (f"Click where {self.knight} goes: {note} (or arrows, "
                                     f"then Enter).",),
            on_board=board, on_cancel=self.start, pick_space=True, spaces=spaces))

    def _monster(self, ability: str) -> None:
        state = self.screen.state
        items = []
        for monster in state.monsters:
            if ability == "vault":
                items.append(MenuItem(monster.name, (monster.name, None)))
            else:
                items += [MenuItem(f"{monster.name}, {label}", (monster.name, weapon))
                          for label, weapon in RUSH_WEAPONS]

        def chosen(value: object) -> None:
            assert isinstance(value, tuple)
            monster, weapon = value
            if ability == "vault":
                open_step(self.screen, try_preview(
                    self.screen, Vault(self.knight, monster), "Preview: Vault",
                    on_done=lambda _: close_steps(self.screen), on_cancel=self.start))
                return
            knight = self.screen.state.knight(self.knight)
            improved = ability == "improved rush"
            spaces = (movelike.rush_spaces(self.screen.state, knight, monster, weapon,
                                           improved) if knight is not None else frozenset())
            self._pick(f"{ability.title()} toward {monster} ({weapon})", spaces,
                       lambda to: Rush(self.knight, monster, to, weapon, improved))

        open_step(self.screen, MenuStep(
            self.screen, f"{ability.title()}: which Monster?", items, chosen,
            ("Rush ends where the weapon first reaches the Monster with LoS.",)
            if ability != "vault" else ("The Knight must be adjacent to it.",),
            on_cancel=self.start))
