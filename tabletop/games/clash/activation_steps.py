"""A Monster's activation chosen step by step (rulebook *Resolving Activations*: Targeting,
*Attack Types*, *Monster Movement Types*; the window's M menu on a Monster) as a frozen draft
and a pure function from the draft and the players' answer to the next draft.

The AI card's targeting lines are built from the typical instructions (with X where they take
one) and resolved by :func:`tabletop.games.clash.targeting.target`, the rule that decided said
and a tie offered as alternatives; then the attack type (Melee, Range X, Zone X, Wave X;
Simultaneous or Sequential for several Targets); the movement type (Move, Move Behind, Move
Lateral, Jump, Land on Top, Appear Behind, a turn only, Appear X, Move to X, none), previewed
and confirmed; the attack, previewed and confirmed; then any forced movement the attack causes.

:func:`question` says what a draft asks now (a :class:`Menu`, a :class:`Preview` of an action,
a :class:`ForcedOn` flow, or :class:`Close`); :func:`advance` takes the answer (a menu item's
value, :data:`BACK`, a :class:`Clicked` space, a :class:`Performed` outcome, :data:`FORCED_DONE`)
and returns the next draft, or a :class:`Stay` when the answer is refused and the question
stays open.  Nothing here draws or needs a window: the screen shows the question and feeds the
answers back.
"""

from __future__ import annotations

from dataclasses import field, replace

from tabletop.frozen import Frozen
from tabletop.games.clash import targeting
from tabletop.games.clash.actions import MonsterAttack, MonsterMove, TurnMonster
from tabletop.games.clash.movement_types import TOWARD_THE_TARGET
from tabletop.games.clash.state import ClashState
from tabletop.games.clash.targeting_lines import COMMON, MORE, menu_words
from tabletop.numbers import parse_int
from tabletop.spatial.grid import Space

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
NUMBERS = tuple(range(1, 13))
"""The values of X offered in a menu."""

MOVEMENTS = tuple((kind.label, kind.name) for kind in TOWARD_THE_TARGET)
"""Movement types toward a Target (rulebook *Monster Movement Types*, from the table in
:mod:`tabletop.games.clash.movement_types`); Appear X and Move to X take a space clicked on the
board, Move to X also a direction (north, east, south, west)."""


# -- what the screen is asked to show ------------------------------------------------------

class Item(Frozen):
    """One menu item: ``value`` is the answer it gives; a disabled item says why in
    ``note``."""

    label: str
    value: object
    enabled: bool = True
    note: str = ""


class Menu(Frozen):
    """A menu: ``header`` lines above the items, ``marks`` (piece name, badge) ringed on the
    board; ``board`` whether a click on the board answers (:class:`Clicked`), ``pick_space``
    whether the cursor keys pick that space; ``back`` whether Backspace answers
    :data:`BACK` (else it just closes)."""

    title: str
    items: tuple[Item, ...]
    header: tuple[str, ...] = ()
    marks: tuple[tuple[str, str], ...] = ()
    board: bool = False
    pick_space: bool = False
    back: bool = True


class Preview(Frozen):
    """Every outcome of ``action`` previewed and confirmed: answered by :class:`Performed`
    once performed, :data:`BACK` when cancelled."""

    action: object
    title: str
    header: tuple[str, ...] = ()


class ForcedOn(Frozen):
    """The forced-movement flow from ``source`` on ``target``; answered by
    :data:`FORCED_DONE` once performed or cancelled."""

    source: str
    target: str


class Close(Frozen):
    """The activation flow ends; ``message`` (if any) goes to the status line."""

    message: str = ""


class Stay(Frozen):
    """The answer is refused: ``message`` says why; the question stays open."""

    message: str


class Clicked(Frozen):
    """A click on the board's ``space``."""

    space: Space


class Performed(Frozen):
    """A previewed action was performed; ``events`` are its outcome's events."""

    events: tuple = ()


BACK = "back"
"""The answer of Backspace (and of a menu's Back item)."""
FORCED_DONE = "forced-done"
"""The answer when the forced-movement flow is over."""


# -- the draft ---------------------------------------------------------------------------

class ActivationDraft(Frozen):
    """Where a Monster's activation stands: the targeting ``lines`` (the last one being
    written), ``why`` the targeting said, the ``targets``, the attack ``kind`` and its ``x``,
    ``simultaneous``/``sequential`` for several Targets, the movement ``limit``; ``step`` the
    question open, ``context`` what that question needs (the X form, the tie's alternatives,
    the order given so far, a direction, the Knights the attack hit)."""

    monster: str
    step: str = "targeting"
    lines: tuple[tuple[str, ...], ...] = ((),)
    why: tuple[str, ...] = ()
    targets: tuple[str, ...] = ()
    kind: str = "melee"
    x: int = 1
    simultaneous: bool = False
    sequential: bool = False
    limit: int | None = None
    context: tuple = field(default=())

    def card(self) -> tuple[str, ...]:
        """The targeting lines written so far, numbered."""
        written = [", ".join(line) for line in self.lines if line]
        if not written:
            return ("Targeting lines: none yet; pick instructions, top line first.",)
        return ("Targeting lines:", *(f"{i + 1}. {line}" for i, line in enumerate(written)))

    def header(self) -> tuple[str, ...]:
        """The last reasons of the targeting and the Target(s) in words."""
        if self.sequential and len(self.targets) > 1:
            return (*self.why[-2:], f"Targets, in this order: {', then '.join(self.targets)}")
        whom = " and ".join(self.targets) or "the Knights in the area"
        return (*self.why[-2:], f"Target: {whom}")

    def at(self, step: str, *context: object) -> ActivationDraft:
        """This draft asking ``step`` with ``context``."""
        return replace(self, step=step, context=tuple(context))

    def add_word(self, word: str) -> ActivationDraft:
        """The draft with ``word`` added to the line being written, back at the targeting."""
        return replace(self, lines=(*self.lines[:-1], (*self.lines[-1], word))).at("targeting")

    def range_x(self) -> int:
        """The X of a Range attack (1 for any other)."""
        return self.x if self.kind == "range" else 1

    def zone_x(self) -> int:
        """The X of a Zone attack that follows the movement (a Wave is "a type of a Zone
        Attack", rulebook *Attack Types*); 0 for Melee and Range."""
        return self.x if self.kind in ("zone", "wave") else 0

    def attack(self) -> MonsterAttack:
        """The attack the draft describes."""
        return MonsterAttack(self.monster, self.targets, self.kind, self.x, self.simultaneous,
                             self.sequential)


def begin(monster: str) -> ActivationDraft:
    """A fresh activation of ``monster``: the targeting menu, no line written."""
    return ActivationDraft(monster)


# -- the questions -----------------------------------------------------------------------

def question(state: ClashState, draft: ActivationDraft) -> Menu | Preview | ForcedOn | Close:
    """What ``draft`` asks the players now."""
    return _QUESTIONS[draft.step](state, draft)


def _targeting(state: ClashState, d: ActivationDraft) -> Menu:
    current = len(d.lines)
    written = any(d.lines)
    items = [Item("Resolve the lines", "resolve", written,
                  "" if written else "pick an instruction first"),
             Item(f"Start line {current + 1}", "next", bool(d.lines[-1]),
                  "the next line is read when no Knight fulfils this one"),
             Item("Remove the last instruction", "undo", written)]
    items += [Item(word, ("word", word)) for word in COMMON_INSTRUCTIONS]
    items += [Item("In range X…", ("x", "range")),
              Item("Highest / Lowest Vigor, Heat, Passion…", "stats"),
              Item("With X Vigor, Heat, Passion…", "with",
                   note="With 0 Vigor (exactly), With Heat 3+ (or more)"),
              Item("Zone X…", ("x", "zone")), Item("X Knights…", ("x", "count")),
              Item("More instructions…", "more")]
    return Menu(f"{d.monster}: targeting (line {current})", tuple(items),
                (*d.card(), "Read the AI card: add its instructions in order."))


def _numbers(numbers: tuple[int, ...] = NUMBERS) -> tuple[Item, ...]:
    return tuple(Item(str(n), n) for n in numbers)


def _x(state: ClashState, d: ActivationDraft) -> Menu:
    (form,) = d.context
    return Menu(form.format(x="X") + ": X?", _numbers(), d.card())


def _with(state: ClashState, d: ActivationDraft) -> Menu:
    items = tuple(Item(form.format(x="X", stat=stat), (form, stat, top), note=note)
                  for stat, top in STAT_TRACKS for form, note in STAT_VALUES)
    return Menu("With a statistic value", items, d.card())


def _with_x(state: ClashState, d: ActivationDraft) -> Menu:
    form, stat, top = d.context
    return Menu(form.format(x="X", stat=stat) + ": X?", _numbers(tuple(range(0, top + 1))),
                d.card())


def _words(state: ClashState, d: ActivationDraft) -> Menu:
    title, words = d.context
    return Menu(title, tuple(Item(w, w) for w in words), d.card())


def _routine(state: ClashState, d: ActivationDraft) -> Menu:
    return Menu(f"{d.monster}: no Target", (Item("Close", "close"),),
                (*d.why, "Perform the Routine the card prints."), back=False)


def _tie(state: ClashState, d: ActivationDraft) -> Menu:
    alternatives = d.context
    marks: list[tuple[str, str]] = []
    for index, alt in enumerate(alternatives):
        marks += [(name, f"choice {index + 1}") for name in alt
                  if name not in {m[0] for m in marks}]
    return Menu(f"{d.monster}: a tie — the players choose",
                tuple(Item(" and ".join(alt), alt) for alt in alternatives),
                (*d.why, "Click a ringed Knight or a choice here."), tuple(marks), board=True)


def _target_marks(d: ActivationDraft) -> tuple[tuple[str, str], ...]:
    return tuple((t, "Target") for t in d.targets)


def _attack_type(state: ClashState, d: ActivationDraft) -> Menu:
    items = (Item("Melee", ("melee", 1)), Item("Range X…", "range"), Item("Zone X…", "zone"),
             Item("Wave X…", "wave"))
    return Menu(f"{d.monster}: attack type", items,
                (*d.header(), "Which attack does the card print?"), _target_marks(d))


def _attack_x(state: ClashState, d: ActivationDraft) -> Menu:
    (kind,) = d.context
    return Menu(f"{kind.title()} X", _numbers(), d.header())


def _several(state: ClashState, d: ActivationDraft) -> Menu:
    items = (Item("Simultaneous", "simultaneous",
                  note="one attack on all; the Monster does not turn"),
             Item("Sequential", "sequential",
                  note="one at a time, in the order the card gives: click the Targets in "
                       "that order"))
    return Menu("Several Targets", items, d.header())


def _order(state: ClashState, d: ActivationDraft) -> Menu:
    given = d.context
    left = [t for t in d.targets if t not in given]
    place = "first" if not given else "next"
    so_far = f"So far: {', '.join(given)}." if given else "None picked yet."
    marks = [(name, f"{i + 1}.") for i, name in enumerate(given)]
    marks += [(name, "Target") for name in left]
    return Menu(f"Sequential: which Target {place}?", tuple(Item(n, n) for n in left),
                (*d.header(), "One at a time, in the order the card gives.", so_far,
                 "Click the Targets on the board (or here) in that order."),
                tuple(marks), board=True)


def _movement(state: ClashState, d: ActivationDraft) -> Menu:
    single = len(d.targets) >= 1
    note = "" if single else "needs a Knight Target"
    target = d.targets[0] if d.targets else ""
    cap = "none" if d.limit is None else f"{d.limit} spaces"
    items = [Item(label, how, single, note) for label, how in MOVEMENTS]
    items.append(Item("Turn toward the Target only", "turn", single, note))
    items += [Item("Appear X…", "appear", note="then click the space"),
              Item("Move to X…", "move to", note="then click the space"),
              Item("Move to X in a direction…", "direction",
                   note="north, east, south or west, X spaces"),
              Item(f"Limit: {cap}", "limit", note="click to cap the spaces moved"),
              Item("No movement", "none")]
    header = (*d.header(), f"Movement toward {target}" if target else "Movement")
    return Menu(f"{d.monster}: movement type", tuple(items), header, _target_marks(d))


def _limit(state: ClashState, d: ActivationDraft) -> Menu:
    return Menu("Move at most X spaces", _numbers(),
                ("The card's or the Monster's movement cap.",))


def _direction(state: ClashState, d: ActivationDraft) -> Menu:
    return Menu("Move to X: which direction?", tuple(Item(w.title(), w) for w in DIRECTIONS),
                ("The direction the card indicates.",))


def _direction_x(state: ClashState, d: ActivationDraft) -> Menu:
    (direction,) = d.context
    items = (*_numbers(), Item("As far as it goes", None,
                               note="no X: until the Board Edge, then it stops"))
    return Menu(f"Move to X {direction}: X?", items,
                ("X spaces straight that way; at the Board Edge it slides along it, away "
                 "from the most Knights.",))


def _space(state: ClashState, d: ActivationDraft) -> Menu:
    (how,) = d.context
    return Menu(f"{how.capitalize()} X: click the space", (Item("Back", BACK),),
                ("Appear X places the Monster's north-west space on X; Move to X ends "
                 "covering X. Click the space (or arrows, then Enter).",),
                board=True, pick_space=True)


def _turn_preview(state: ClashState, d: ActivationDraft) -> Preview:
    return Preview(TurnMonster(d.monster, d.targets[0]), "Preview: turning", d.header())


def _direction_preview(state: ClashState, d: ActivationDraft) -> Preview:
    direction, limit = d.context
    return Preview(MonsterMove(d.monster, direction, "move to", limit=limit),
                   f"Preview: Move to X {direction}", d.header())


def _move_preview(state: ClashState, d: ActivationDraft) -> Preview:
    how, target = d.context
    return Preview(MonsterMove(d.monster, target, how, d.limit, d.range_x(), zone=d.zone_x()),
                   f"Preview: {how.capitalize()}", d.header())


def _attack_preview(state: ClashState, d: ActivationDraft) -> Preview:
    return Preview(d.attack(), f"Preview: {d.kind.title()} attack", d.header())


def _after(state: ClashState, d: ActivationDraft) -> Menu:
    hit = [name for name in d.context if name in state.pieces]
    items = [Item(f"Forced movement on {name} (Knockback X …)", name) for name in hit]
    items.append(Item("Done: the activation is over", ""))
    return Menu(f"{d.monster} attacked", tuple(items),
                ("Roll the dice at the table. Then, as the card says:",))


def _forced(state: ClashState, d: ActivationDraft) -> ForcedOn:
    return ForcedOn(d.monster, d.context[0])


def _closed(state: ClashState, d: ActivationDraft) -> Close:
    return Close(d.context[0] if d.context else "")


_QUESTIONS = {
    "targeting": _targeting, "x": _x, "with": _with, "with-x": _with_x, "words": _words,
    "routine": _routine, "tie": _tie, "attack-type": _attack_type, "attack-x": _attack_x,
    "several": _several, "order": _order, "movement": _movement, "limit": _limit,
    "direction": _direction, "direction-x": _direction_x, "space": _space,
    "turn-preview": _turn_preview, "direction-preview": _direction_preview,
    "move-preview": _move_preview, "attack-preview": _attack_preview, "after": _after,
    "forced": _forced, "closed": _closed,
}


# -- the answers -------------------------------------------------------------------------

_BACK_TO = {
    "x": "targeting", "with": "targeting", "with-x": "with", "words": "targeting",
    "tie": "targeting", "attack-type": "targeting", "attack-x": "attack-type",
    "several": "attack-type", "order": "attack-type", "movement": "attack-type",
    "limit": "movement", "direction": "movement", "direction-x": "direction",
    "space": "movement", "turn-preview": "movement", "direction-preview": "direction",
    "move-preview": "movement",
}
"""The question Backspace goes back to from each question."""


def advance(state: ClashState, draft: ActivationDraft, answer: object
            ) -> ActivationDraft | Stay:
    """The draft after the players answer ``draft``'s question with ``answer`` on the board
    ``state``, or a :class:`Stay` saying why the answer is refused."""
    if answer == BACK:
        return _back(draft)
    return _ANSWERS[draft.step](state, draft, answer)


def _back(d: ActivationDraft) -> ActivationDraft:
    if d.step == "targeting":
        return d.at("closed", "activation cancelled: nothing changed")
    if d.step == "after":
        return d.at("closed")
    if d.step == "attack-preview":
        return d.at("movement" if d.targets else "targeting")
    return d.at(_BACK_TO[d.step])


def _on_targeting(state: ClashState, d: ActivationDraft, value: object
                  ) -> ActivationDraft | Stay:
    if value == "resolve":
        return _resolve(state, d)
    if value == "next":
        return replace(d, lines=(*d.lines, ())).at("targeting")
    if value == "undo":
        lines = list(d.lines)
        while lines and not lines[-1] and len(lines) > 1:
            lines.pop()
        if lines[-1]:
            lines[-1] = lines[-1][:-1]
        return replace(d, lines=tuple(lines)).at("targeting")
    if value == "more":
        return d.at("words", "More instructions", MORE_INSTRUCTIONS)
    if value == "stats":
        return d.at("words", "Highest or lowest", STAT_SELECTORS)
    if value == "with":
        return d.at("with")
    if isinstance(value, tuple) and value[0] == "word":
        return d.add_word(value[1])
    if isinstance(value, tuple) and value[0] == "x":
        return d.at("x", WITH_X[value[1]])
    return Stay(f"{value!r} is not a choice of the targeting menu")


def _on_x(state: ClashState, d: ActivationDraft, value: object) -> ActivationDraft:
    return d.add_word(d.context[0].format(x=int(value)))


def _on_with(state: ClashState, d: ActivationDraft, value: object) -> ActivationDraft:
    return d.at("with-x", *value)


def _on_with_x(state: ClashState, d: ActivationDraft, value: object) -> ActivationDraft:
    form, stat, _ = d.context
    return d.add_word(form.format(x=int(value), stat=stat))


def _on_words(state: ClashState, d: ActivationDraft, value: object) -> ActivationDraft:
    return d.add_word(str(value))


def _resolve(state: ClashState, d: ActivationDraft) -> ActivationDraft | Stay:
    """Resolve the lines (rulebook *Targeting*): the first line with a valid Target decides;
    none: the Routine; a Zone line's area; a tie offered to the players."""
    monster = state.monster(d.monster)
    if monster is None:
        return d.at("closed")
    lines = [", ".join(line) for line in d.lines if line]
    try:
        found = targeting.target(state, monster, lines)
    except targeting.TargetingError as exc:
        return Stay(str(exc))
    d = replace(d, why=found.why)
    if found.line is None:
        return d.at("routine")
    if found.zone:
        sizes = (_zone_size(w) for w in d.lines[found.line])
        return replace(d, targets=(), kind="zone",
                       x=next((x for x in sizes if x is not None), 1)).at("attack-preview")
    if len(found.alternatives) > 1:
        return d.at("tie", *found.alternatives)
    if not found.alternatives[0]:
        return d.at("routine")
    return replace(d, targets=found.alternatives[0]).at("attack-type")


def _on_routine(state: ClashState, d: ActivationDraft, value: object) -> ActivationDraft:
    return d.at("closed")


def _on_tie(state: ClashState, d: ActivationDraft, value: object) -> ActivationDraft | Stay:
    alternatives = d.context
    if isinstance(value, Clicked):
        piece = _piece_at(state, value.space)
        pick = [alt for alt in alternatives if piece is not None and piece in alt]
        if not pick:
            return Stay(f"{value.space}: click one of the ringed Knights")
        value = pick[0]
    chosen = tuple(value)
    return replace(d, targets=chosen,
                   why=(*d.why, f"the players chose {' and '.join(chosen)}")).at("attack-type")


def _on_attack_type(state: ClashState, d: ActivationDraft, value: object) -> ActivationDraft:
    if isinstance(value, tuple):
        return _set_attack(d, *value)
    return d.at("attack-x", str(value))


def _on_attack_x(state: ClashState, d: ActivationDraft, value: object) -> ActivationDraft:
    return _set_attack(d, d.context[0], int(value))


def _set_attack(d: ActivationDraft, kind: str, x: int) -> ActivationDraft:
    d = replace(d, kind=kind, x=x, simultaneous=False, sequential=False)
    if len(d.targets) > 1 and kind in ("melee", "range"):
        return d.at("several")
    return d.at("movement")


def _on_several(state: ClashState, d: ActivationDraft, value: object) -> ActivationDraft:
    d = replace(d, simultaneous=value == "simultaneous", sequential=False)
    if value == "sequential":
        return _ordered(d, ())
    return d.at("movement")


def _ordered(d: ActivationDraft, given: tuple[str, ...]) -> ActivationDraft:
    """Sequential ("one at a time, in a specific order", rulebook *Attack Types*): the
    players give the Targets in the order the card gives; the last one needs no click."""
    left = [t for t in d.targets if t not in given]
    if len(left) <= 1:
        return replace(d, targets=(*given, *left), sequential=True).at("movement")
    return d.at("order", *given)


def _on_order(state: ClashState, d: ActivationDraft, value: object) -> ActivationDraft | Stay:
    given = d.context
    left = [t for t in d.targets if t not in given]
    if isinstance(value, Clicked):
        piece = _piece_at(state, value.space)
        if piece is None or piece not in left:
            return Stay(f"{value.space}: click one of the ringed Targets not yet in the order")
        value = piece
    return _ordered(d, (*given, str(value)))


def _on_movement(state: ClashState, d: ActivationDraft, how: object) -> ActivationDraft:
    if how == "none":
        return d.at("attack-preview")
    if how == "turn":
        return d.at("turn-preview")
    if how == "limit":
        return d.at("limit")
    if how == "direction":
        return d.at("direction")
    if how in ("appear", "move to"):
        return d.at("space", how)
    return d.at("move-preview", str(how), d.targets[0])


def _on_limit(state: ClashState, d: ActivationDraft, value: object) -> ActivationDraft:
    return replace(d, limit=int(value)).at("movement")


def _on_direction(state: ClashState, d: ActivationDraft, value: object) -> ActivationDraft:
    return d.at("direction-x", str(value))


def _on_direction_x(state: ClashState, d: ActivationDraft, value: object) -> ActivationDraft:
    """Move to X "in the indicated direction" (rulebook *Monster Movement Types*): X, or as
    far as the Board Edge."""
    return d.at("direction-preview", d.context[0], value if isinstance(value, int) else None)


def _on_space(state: ClashState, d: ActivationDraft, value: object) -> ActivationDraft | Stay:
    if isinstance(value, Clicked):
        return d.at("move-preview", d.context[0], str(value.space))
    return Stay("click the space on the board")


def _on_moved(state: ClashState, d: ActivationDraft, value: object) -> ActivationDraft:
    return d.at("attack-preview")


def _on_attacked(state: ClashState, d: ActivationDraft, value: object) -> ActivationDraft:
    events = value.events if isinstance(value, Performed) else ()
    hit = tuple(dict.fromkeys(e.piece for e in events if e.kind == "attack-target"))
    return d.at("after", *hit)


def _on_after(state: ClashState, d: ActivationDraft, value: object) -> ActivationDraft:
    if value:
        return replace(d, step="forced", context=(str(value), *d.context))
    return d.at("closed", f"{d.monster}'s activation is over")


def _on_forced(state: ClashState, d: ActivationDraft, value: object) -> ActivationDraft:
    return replace(d, step="after", context=d.context[1:])


_ANSWERS = {
    "targeting": _on_targeting, "x": _on_x, "with": _on_with, "with-x": _on_with_x,
    "words": _on_words, "routine": _on_routine, "tie": _on_tie,
    "attack-type": _on_attack_type, "attack-x": _on_attack_x, "several": _on_several,
    "order": _on_order, "movement": _on_movement, "limit": _on_limit,
    "direction": _on_direction, "direction-x": _on_direction_x, "space": _on_space,
    "turn-preview": _on_moved, "direction-preview": _on_moved, "move-preview": _on_moved,
    "attack-preview": _on_attacked, "after": _on_after, "forced": _on_forced,
}


def _piece_at(state: ClashState, space: Space) -> str | None:
    """The name of the piece on ``space``; a Knight on a Vantage Point before the Monster
    under it."""
    for knight in state.knights:
        if knight.at == space:
            return knight.name
    piece = state.occupant.get(space)
    return piece.name if piece is not None else None


def _zone_size(word: str) -> int | None:
    """X of a targeting word ``Zone X`` (``None`` for any other word)."""
    parts = word.lower().split()
    return parse_int(parts[1], 0, 999) if len(parts) == 2 and parts[0] == "zone" else None
