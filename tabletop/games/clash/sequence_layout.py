"""The ``[sequence]`` table of a Clash layout saved while a card sequence was under way
(``docs/layouts.md``, ``docs/clash-sequences.md``): which sequence began and the answers given
so far.  The rest of the layout is the board before the sequence began; loading replays the
answers on it (each checked as ``apply`` checks it), so the loaded state equals the saved one.

```toml
[sequence]
begin = "attack"          # or "activation"
knight = "Kara"
monster = "Shellwyrm"
weapon = "Longsword"
answers = ["throw 9 2 5", "reroll 2 heat", "throw 7", "choose 1"]
```

An answer is ``choose N`` (option N, from 1), ``keep`` (no re-roll), ``reroll D SOURCE, …``
(die D from 1, SOURCE ``heat`` or ``free``), or ``throw F …`` (each thrown die's face number,
from 0, in the order the roll lists its dice; a re-roll: the re-rolled dice only).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tabletop.errors import TabletopError
from tabletop.games.clash.actions import (
    ActivateFromCards,
    AttackFromCards,
    Choose,
    DeclareRerolls,
    Throw,
)
from tabletop.games.clash.state import ClashState, Running
from tabletop.games.layoutfile import Table
from tabletop.numbers import parse_int

BEGINS = ("activation", "attack")
MAX_ANSWERS = 200
"""More answers than any one sequence asks for (a guard against a stranger's file)."""
MAX_DICE = 20
_SOURCES = {"heat": "heat", "free": "reroll"}


def read(table: Table, state: ClashState) -> ClashState:
    """``state`` (the board before the sequence) with the sequence of ``table`` under way,
    its answers replayed; a public view keeps them unreplayed (it cannot be played on)."""
    begin_kind = table.choice("begin", BEGINS)
    if begin_kind == "attack":
        begin: object = AttackFromCards(table.req("knight", str), table.req("monster", str),
                                        table.req("weapon", str))
    else:
        begin = ActivateFromCards()
    words = table.str_list("answers")
    if len(words) > MAX_ANSWERS:
        raise table.error("answers", f"holds {len(words)} answers; the most is {MAX_ANSWERS}")
    answers = []
    for word in words:
        action = parse_answer(word)
        if action is None:
            raise table.error("answers", f"{word!r} is no answer (choose N, keep, reroll D "
                                         f"heat|free, …, throw F …)")
        answers.append(action)
    table.done()
    if state.cards is None:
        raise table.error(None, "needs a Clash played from cards (card_files and [clash])")
    if state.cards.public:
        return replace(state, sequence=Running(begin, tuple(answers)))
    from tabletop.games.clash import running
    try:
        now, _ = running.begin(state, begin)
        for action in answers:
            if now.sequence is None:
                raise table.error("answers", f"the {begin_kind} is over before {action}")
            now, _ = running.answer(now, action)
    except TabletopError as exc:
        raise table.error("answers" if answers else "begin", str(exc)) from None
    if now.sequence is None:
        raise table.error("answers", f"the {begin_kind} is over after these answers: save the "
                                     f"board it left instead")
    return now


def parse_answer(word: str) -> object | None:
    """The answer action ``word`` spells (see the module's table), or ``None``."""
    head, _, rest = word.strip().partition(" ")
    if head == "keep" and not rest.strip():
        return DeclareRerolls()
    if head == "choose":
        number = parse_int(rest, 1, 99)
        return None if number is None else Choose(number - 1)
    if head == "throw":
        parts = rest.split()
        faces = [parse_int(p, 0, 99) for p in parts]
        if not parts or len(parts) > MAX_DICE or None in faces:
            return None
        return Throw(tuple(faces))
    if head == "reroll":
        dice = []
        for part in rest.split(","):
            die, _, source = part.strip().partition(" ")
            index = parse_int(die, 1, MAX_DICE)
            if index is None or source.strip() not in _SOURCES:
                return None
            dice.append((index - 1, _SOURCES[source.strip()]))
        return DeclareRerolls(tuple(dice))
    return None


def answer_words(action: object) -> str:
    """``action`` (an answer) as the layout writes it."""
    if isinstance(action, Choose):
        return f"choose {action.index + 1}"
    if isinstance(action, Throw):
        return "throw " + " ".join(str(f) for f in action.faces)
    if not action.dice:
        return "keep"
    return "reroll " + ", ".join(f"{i + 1} {'heat' if s == 'heat' else 'free'}"
                                 for i, s in action.dice)


def write(sequence: Running) -> dict[str, Any]:
    """The ``[sequence]`` table of ``sequence``."""
    begin = sequence.begin
    table: dict[str, Any] = {"begin": "attack" if isinstance(begin, AttackFromCards)
                             else "activation"}
    if isinstance(begin, AttackFromCards):
        table.update(knight=begin.knight, monster=begin.monster, weapon=begin.weapon)
    table["answers"] = [answer_words(a) for a in sequence.answers]
    return table
