"""The card sequence under way as part of the Clash's state (``docs/clash-sequences.md``):
a Monster Activation (rulebook *Resolving Activations*) or a Knight Attack (*Combat Action*)
played from cards, begun and answered through ``apply``.

A state whose ``sequence`` is set is the board before the sequence began, plus the action that
began it and the players' answers so far (:class:`~tabletop.games.clash.state.Running`).  The
sequence's frozen draft (:mod:`~tabletop.games.clash.monster_round`,
:mod:`~tabletop.games.clash.knight_attack`) is rebuilt from them: its draws and rolls' seeds
follow from the Clash's seed, so the rebuild is exact.  While it runs, the only actions are the
answers to its question: :class:`Choose` at a choice, :class:`DeclareRerolls` at a re-roll
declaration, :class:`Throw` at a roll, which is a chance point (:func:`chance_outcomes`, from
:mod:`tabletop.games.clash.chance`).  When the sequence ends, the state is the board as it
left it, with no sequence.

This module and the card modules it reads load only when a board has cards.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import combinations

from tabletop.dice.kingdoms_forlorn import HEAT_PER_DIE, HEAT_ROLLS
from tabletop.dice.roll import Roll, default_kinds, reroll
from tabletop.errors import IllegalActionError, TabletopError
from tabletop.games.clash import chance, knight_attack, monster_round
from tabletop.games.clash.actions import (
    ActivateFromCards,
    Choose,
    DeclareRerolls,
    Throw,
)
from tabletop.games.clash.events import Event
from tabletop.games.clash.sequence import Ask, thrown_kinds
from tabletop.games.clash.state import ClashState, Running
from tabletop.games.clash.view import is_partial
from tabletop.games.contract import SetChoice, set_count
from tabletop.wording import counted

ANSWER_KIND = {Choose: "choose", DeclareRerolls: "reroll", Throw: "roll"}
"""Which kind of question (``Ask.kind``) each answer action answers."""
_WAITING = {"choose": "a choice among its options (Choose)",
            "reroll": "the re-roll declaration (DeclareRerolls; none keeps the roll)",
            "roll": "the dice (Throw)"}
_CACHE: dict[int, tuple[ClashState, object]] = {}
_CACHE_SIZE = 64


def start_of(state: ClashState) -> ClashState:
    """The board before the running sequence began (``state`` without its sequence)."""
    return replace(state, sequence=None)


def _begin_draft(start: ClashState, action: object):
    if isinstance(action, ActivateFromCards):
        return monster_round.begin_activation(start)
    return knight_attack.begin(start, action.knight, action.monster, action.weapon)


def _answer_draft(draft, value: object):
    if isinstance(draft, knight_attack.KnightDraft):
        return knight_attack.answer(draft, value)
    return monster_round.answer(draft, value)


def draft_of(state: ClashState):
    """The draft of ``state``'s running sequence (``None`` when none runs, and on a public
    view, whose face-down cards are unknown), rebuilt from the board before it and the answers
    given, and remembered for the state it was built for."""
    if state.sequence is None or is_partial(state):
        return None
    hit = _CACHE.get(id(state))
    if hit is not None and hit[0] is state:
        return hit[1]
    draft = _begin_draft(start_of(state), state.sequence.begin)
    for action in state.sequence.answers:
        draft = _answer_draft(draft, _value(draft.ask, action))
    _remember(state, draft)
    return draft


def _remember(state: ClashState, draft) -> None:
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[id(state)] = (state, draft)


def board_now(state: ClashState) -> ClashState:
    """The board as the running sequence has left it so far (``state`` itself when none
    runs, and on a public view: the board before it): what the window draws while the players
    answer."""
    draft = draft_of(state)
    return state if draft is None else draft.state


def ask_of(state: ClashState) -> Ask | None:
    """The question the running sequence waits for, or ``None`` when none runs."""
    draft = draft_of(state)
    return None if draft is None else draft.ask


def events_of(state: ClashState) -> tuple[Event, ...]:
    """Every event of the running sequence so far, in order (empty when none runs)."""
    draft = draft_of(state)
    return () if draft is None else draft.events


def _went(start: ClashState, running: Running, draft,
          before: tuple[Event, ...]) -> tuple[ClashState, tuple[Event, ...]]:
    """The state after a step of the sequence and the step's own events: the board it left
    when it is over, else the board before it with the answers given."""
    events = draft.events[len(before):]
    if draft.done:
        return draft.state, events
    state = replace(start, sequence=running)
    _remember(state, draft)
    return state, events


def begin(state: ClashState, action: object) -> tuple[ClashState, tuple[Event, ...]]:
    """Start the card sequence ``action`` names (``ActivateFromCards``, ``AttackFromCards``):
    refused, with the rule, as the sequence's own start refuses it."""
    if state.sequence is not None:
        raise IllegalActionError(action, f"{state.sequence.begin} is under way: answer its "
                                         f"question first ({_WAITING[ask_of(state).kind]})")
    draft = _begin_draft(state, action)
    return _went(state, Running(action), draft, ())


def answer(state: ClashState, action: object) -> tuple[ClashState, tuple[Event, ...]]:
    """The running sequence answered with ``action`` (``Choose``, ``DeclareRerolls``,
    ``Throw``); refused when no sequence runs, when it waits for another kind of answer or
    when the answer breaks a rule (a re-roll past the Heat Limit, a die re-rolled twice …)."""
    draft = draft_of(state)
    if draft is None:
        raise IllegalActionError(action, "no Monster Activation or Knight Attack from the "
                                         "cards is under way, so there is nothing to answer")
    ask = draft.ask
    if ANSWER_KIND[type(action)] != ask.kind:
        raise IllegalActionError(action, f"{ask.prompt}: it waits for {_WAITING[ask.kind]}")
    try:
        after = _answer_draft(draft, _value(ask, action))
    except IllegalActionError:
        raise
    except TabletopError as exc:
        raise IllegalActionError(action, str(exc)) from None
    running = replace(state.sequence, answers=state.sequence.answers + (action,))
    return _went(start_of(state), running, after, draft.events)


def _value(ask: Ask, action: object) -> object:
    """The draft's answer for ``action``: an option index, a declaration, a roll."""
    if isinstance(action, Choose):
        return action.index
    if isinstance(action, DeclareRerolls):
        declared = dict(action.dice)
        if len(declared) != len(action.dice):
            raise IllegalActionError(action, "each die is re-rolled at most once per roll "
                                             "(Dice Re-rolls)")
        return declared
    return roll_of(ask, action)


def roll_of(ask: Ask, action: Throw) -> Roll:
    """The roll answering the ``roll`` ask ``ask`` whose thrown dice show ``action.faces``
    (a re-roll: the earlier roll with the re-rolled dice changed, as the dice tray gives it)."""
    kinds = thrown_kinds(ask)
    table = default_kinds()
    if len(action.faces) != len(kinds):
        raise IllegalActionError(action, f"{ask.prompt}: {counted(len(kinds), 'die')} thrown but "
                                         f"{counted(len(action.faces), 'face')} given")
    for kind, face in zip(kinds, action.faces, strict=True):
        if not 0 <= face < len(table[kind].faces):
            raise IllegalActionError(action, f"a {kind} has no face number {face}")
    if not ask.rerolled:
        return Roll(ask.seed, tuple(ask.dice), action.faces,
                    tuple((f,) for f in action.faces), (), len(ask.dice))
    base = reroll(ask.roll, ask.rerolled, ask.prompt)
    faces, history = list(ask.roll.faces), list(ask.roll.history)
    for index, face in zip(ask.rerolled, action.faces, strict=True):
        faces[index] = face
        history[index] = (*history[index], face)
    return replace(base, faces=tuple(faces), history=tuple(history))


def throw_of(ask: Ask, roll: Roll) -> Throw:
    """The :class:`Throw` of ``roll`` (the dice tray's answer to ``ask``): the faces of the
    dice it threw."""
    indices = ask.rerolled or range(len(roll))
    return Throw(tuple(roll.faces[i] for i in indices))


def legal_answers(state: ClashState) -> list[object]:
    """Every answer the running sequence takes now: each option of a choice; each re-roll
    declaration the rules allow (rulebook *Dice Re-rolls*, *Heat Re-rolls*: each die once, +1
    Heat per die never past the Heat Limit, Heat only for Attack and Evasion Rolls, at most
    the free re-rolls granted), none first, while the dice and their sources give at most
    :data:`REROLLS_LISTED_UP_TO` sets (:func:`reroll_candidates`), beyond that (thirty
    Evasion dice with Heat and free re-rolls would give billions) keeping the roll and each
    die re-rolled alone; nothing at a roll (a chance point)."""
    ask = ask_of(state)
    if ask is None or ask.kind == "roll":
        return []
    if ask.kind == "choose":
        return [Choose(i) for i in range(len(ask.options))]
    if set_count(reroll_candidates(state)) > REROLLS_LISTED_UP_TO:
        return [DeclareRerolls(), *(DeclareRerolls((pair,)) for pair in
                                    sorted(reroll_candidates(state), key=lambda p: p[1]))]
    dice = range(len(ask.roll))
    heat_dice = min(len(ask.roll), ask.heat // HEAT_PER_DIE) if ask.roll_type in HEAT_ROLLS \
        else 0
    out = []
    for by_heat in range(heat_dice + 1):
        for heated in combinations(dice, by_heat):
            rest = [i for i in dice if i not in heated]
            for by_free in range(min(ask.free, len(rest)) + 1):
                for freed in combinations(rest, by_free):
                    sources = {**dict.fromkeys(heated, "heat"), **dict.fromkeys(freed, "reroll")}
                    out.append(DeclareRerolls(tuple(sorted(sources.items()))))
    return sorted(out, key=lambda a: len(a.dice))


REROLLS_LISTED_UP_TO = 4096
"""``legal_answers`` lists every re-roll declaration while the ``(die, source)`` pairs a
declaration picks from give at most this many sets (twelve pairs: ten Attack dice with
Heat give 1,024); beyond, a summary."""


def reroll_candidates(state: ClashState, action: object = None) -> list[tuple[int, str]]:
    """The ``(die index, source)`` pairs a re-roll declaration of the running sequence picks
    from (rulebook *Heat Re-rolls*, *Dice Re-rolls*): each die by ``"heat"`` when the roll
    takes Heat and the Knight has room for one die's Heat, each die by ``"reroll"`` when the
    roll grants free re-rolls; none when no re-roll is asked."""
    ask = ask_of(state)
    if ask is None or ask.kind != "reroll":
        return []
    dice = range(len(ask.roll))
    heat = ask.roll_type in HEAT_ROLLS and ask.heat >= HEAT_PER_DIE
    return [*((i, "heat") for i in dice if heat), *((i, "reroll") for i in dice if ask.free)]


SET_CHOICES = {
    DeclareRerolls: SetChoice("dice", reroll_candidates, REROLLS_LISTED_UP_TO,
                              "Dice Re-rolls: any dice, each by Heat or a free re-roll"),
}
"""The game contract's ``set_choices`` for Clash."""


def answer_types(state: ClashState) -> frozenset[str]:
    """The type names of :func:`legal_answers`, without listing them: a choice's
    ``Choose`` (when it has options), a re-roll question's ``DeclareRerolls`` (keeping the
    roll is always one), none at a roll."""
    ask = ask_of(state)
    if ask is None or ask.kind == "roll":
        return frozenset()
    if ask.kind == "choose":
        return frozenset({"Choose"} if ask.options else ())
    return frozenset({"DeclareRerolls"})


def is_chance_node(state: ClashState) -> bool:
    """Whether the running sequence waits for the dice (the contract's chance point)."""
    draft = draft_of(state)
    return draft is not None and chance.is_chance_node(draft)


def chance_outcomes(state: ClashState) -> list[tuple[Throw, Fraction]]:
    """Every :class:`Throw` answering the running sequence's roll, with its exact probability
    (:func:`tabletop.games.clash.chance.chance_outcomes`); empty elsewhere."""
    draft = draft_of(state)
    if draft is None:
        return []
    return [(throw_of(draft.ask, roll), p) for roll, p in chance.chance_outcomes(draft)]


def say(state: ClashState, action: object) -> str:
    """An answer in the players' words for the log and Undo (``the players choose Kara``,
    ``the dice show white 7, black 3``); any other action as its ``str``."""
    ask = ask_of(state)
    try:
        if isinstance(action, Choose) and ask is not None and ask.kind == "choose":
            option = ask.options[action.index].partition("; ")[0]
            return f"{ask.prompt.partition(': ')[0]}: the players choose {option}"
        if isinstance(action, Throw) and ask is not None and ask.kind == "roll":
            return f"{ask.prompt.partition(' (')[0]}: the dice show {roll_of(ask, action)}"
    except (IndexError, IllegalActionError):
        pass
    return str(action)
