"""The Clash rules core: ``apply``, ``outcomes``, ``legal_actions``, ``describe``.

``apply(state, action) -> (new_state, events)`` is pure; an illegal action raises
:class:`~tabletop.errors.IllegalActionError` naming the action and the rule.  Actions whose
result the players choose between (a tie in a Knockback direction, a Displacement, a zig-zag
path …) list their alternatives with :func:`outcomes`; ``apply`` then needs the action's
``option`` (an index into that list) unless there is only one.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

from tabletop.errors import IllegalActionError
from tabletop.games.actionfields import check_fields
from tabletop.games.clash import activation_tokens, geometry, turns, vantage
from tabletop.games.clash.actions import (
    SEQUENCE_ANSWERS,
    SEQUENCE_STARTS,
    ActivateFromCards,
    AddTerrain,
    Attack,
    AttackFromCards,
    Climb,
    CreateVantagePoint,
    DefeatMob,
    EndMonsterRound,
    EndTurn,
    FallFromVantage,
    Forced,
    MonsterAttack,
    MonsterMove,
    Motivate,
    MoveKnight,
    MoveLike,
    MovePiece,
    PlaceKnight,
    PlaceMonster,
    PlaceTerrain,
    RecordWound,
    RemovePiece,
    ResolveActivation,
    RotateMonster,
    Rush,
    SetDivineTarget,
    SetStat,
    StartTurn,
    TurnMonster,
    Vault,
    Weapon,
)
from tabletop.games.clash.events import Event
from tabletop.games.clash.events import describe as describe_event
from tabletop.games.clash.forced_steps import Branch
from tabletop.games.clash.state import ClashState
from tabletop.games.clash.view import is_partial, refuse_partial

Outcome = Branch
"""One way an action can end: ``state``, ``events`` and the players' ``choices`` (``label``
gives them in one line for a menu)."""

_SIMPLE = {
    StartTurn: "turns.start_turn",
    MoveKnight: "turns.move_knight",
    MoveLike: "move_like.move_like",
    Motivate: "move_like.motivate",
    Rush: "move_like.rush",
    EndTurn: "turns.end_turn",
    EndMonsterRound: "turns.end_monster_round",
    ResolveActivation: "activation_tokens.resolve_activation",
    DefeatMob: "activation_tokens.defeat_mob",
    Attack: "turns.attack",
    Climb: "vantage.climb",
    CreateVantagePoint: "vantage.create_vantage_point",
    SetDivineTarget: "vantage.set_divine_target",
    RecordWound: "branching_actions.record_wound",
    PlaceKnight: "editing.place_knight",
    PlaceMonster: "editing.place_monster",
    AddTerrain: "editing.add_terrain",
    MovePiece: "editing.move_piece",
    RotateMonster: "editing.rotate_monster",
    RemovePiece: "editing.remove_piece",
}

_BRANCHING = {
    Forced: "branching_actions.forced_outcomes",
    MonsterMove: "branching_actions.monster_move_outcomes",
    MonsterAttack: "branching_actions.monster_attack_outcomes",
    PlaceTerrain: "terrain.place_terrain_outcomes",
    TurnMonster: "branching_actions.turn_monster_outcomes",
    Vault: "branching_actions.vault_outcomes",
    SetStat: "vantage.set_stat_outcomes",
    FallFromVantage: "vantage.fall_outcomes",
}
"""Action types whose ``outcomes`` function lists the alternatives itself."""


def _handler(table: dict[type, str], action: object) -> Callable | None:
    """The function that ``table`` names for the type of ``action`` (``"module.function"``,
    a module of :mod:`tabletop.games.clash`, imported when first asked: the first frame
    lists legal actions without applying any), or ``None``."""
    where = table.get(type(action))
    if where is None:
        return None
    module, name = where.split(".")
    return getattr(import_module(f"tabletop.games.clash.{module}"), name)


def outcomes(state: ClashState, action: object) -> list[Outcome]:
    """Every way ``action`` can end from ``state``, in a stable order (the ``option`` index),
    each with the steps that follow every action (:func:`turn_order.after_action`).  An
    action of a round (:data:`turn_order.TURN_ORDER`) is refused outside that round.

    Raises :class:`IllegalActionError` when the action breaks a rule.
    """
    from tabletop.games.clash import turn_order

    check_fields(action)
    simple = _handler(_SIMPLE, action)
    branching = _handler(_BRANCHING, action)
    if simple is None and branching is None:
        raise IllegalActionError(action, "is not a Clash action")
    refusal = turn_order.TURN_ORDER.refusal(state.turn.phase, action)
    if refusal is not None:
        raise IllegalActionError(action, refusal)
    if simple is not None:
        new_state, events = simple(state, action)
        results = [Branch(new_state, tuple(events))]
    else:
        results = branching(state, action)
    return [_after(branch) for branch in results]


def _after(branch: Branch) -> Branch:
    """``branch`` with the steps that follow every action (:func:`turn_order.after_action`)."""
    from tabletop.games.clash import turn_order

    state, events = turn_order.after_action(branch.state)
    return branch.then(state, *events)


def apply(state: ClashState, action: object) -> tuple[ClashState, tuple[Event, ...]]:
    """The state after ``action`` and the events, for the option the action names (see
    :func:`resolve`); a public view (:func:`~tabletop.games.clash.view.is_partial`) is
    refused: it cannot be played on.  The card sequences' actions (begin one, answer its
    question) go to :mod:`~tabletop.games.clash.running`; while one runs, nothing else is
    taken."""
    refuse_partial(state, action)
    if isinstance(action, SEQUENCE_STARTS + SEQUENCE_ANSWERS):
        check_fields(action)
        from tabletop.games.clash import running
        if isinstance(action, SEQUENCE_STARTS):
            return running.begin(state, action)
        return running.answer(state, action)
    _refuse_under_way(state, action)
    if isinstance(action, ResolveActivation) and state.cards is not None:
        raise IllegalActionError(action, "this board names its card files, so the Activation "
                                         "is resolved from the cards (Resolving Activations: "
                                         "draw AI or resolve Signature), not by its token alone")
    return resolve(state, action)


def _refuse_under_way(state: ClashState, action: object) -> None:
    """Refuse ``action`` while a card sequence runs: only its answers are taken."""
    if state.sequence is not None:
        raise IllegalActionError(action, f"{state.sequence.begin} is under way: only an "
                                         f"answer to its question is taken until it ends "
                                         f"(docs/clash-sequences.md)")


def movement_refusal(state: ClashState, knight: str) -> str | None:
    """Why :func:`apply` refuses every Movement Action of Knight ``knight`` now, in its
    words, or ``None`` when one to a space of its reach is taken: the checks ``apply`` makes
    before it looks at the destination (a public view, a card sequence under way, the Round,
    *Knight Turns*, *Knockdown*), without making the move (which traces its path)."""
    from tabletop.games.clash import turn_order
    from tabletop.spatial.grid import Space

    action = MoveKnight(knight, Space(0, 0))
    try:
        refuse_partial(state, action)
        _refuse_under_way(state, action)
        check_fields(action)
        refusal = turn_order.TURN_ORDER.refusal(state.turn.phase, action)
        if refusal is not None:
            raise IllegalActionError(action, refusal)
        turns.ready_to_move(state, action)
    except IllegalActionError as exc:
        return exc.rule
    return None


def resolve(state: ClashState, action: object) -> tuple[ClashState, tuple[Event, ...]]:
    """The state after ``action`` and the events, for the option the action names, on any
    board, a public view too: for the questions of ``tabletop query`` and for the card
    sequences, which stop where a face-down card is needed."""
    results = outcomes(state, action)
    option = getattr(action, "option", None)
    if option is None:
        if len(results) > 1:
            listed = " | ".join(f"{i}: {o.label}" for i, o in enumerate(results))
            raise IllegalActionError(action, f"the players must choose one of "
                                             f"{len(results)} outcomes (option {listed})")
        chosen = results[0]
    elif 0 <= option < len(results):
        chosen = results[option]
    else:
        raise IllegalActionError(action, f"option {option} does not exist; there "
                                         f"{'is' if len(results) == 1 else 'are'} "
                                         f"{len(results)} outcome{'s' * (len(results) != 1)}")
    return chosen.state, chosen.events


_EDIT = ("board editing: the players set up or correct the board (any name, space, size, "
         "facing, tile or number they choose)")
_EFFECT = ("applied as a card, a Trait or the dice say: the players read the card and give "
           "its values (kinds, amounts, spaces, targets), which the board does not hold")
OPEN_ACTIONS: dict[type, str] = {
    **{kind: _EDIT for kind in (PlaceKnight, PlaceMonster, AddTerrain, MovePiece, RemovePiece,
                                RotateMonster, SetStat)},
    **{kind: _EFFECT for kind in (PlaceTerrain, Forced, MoveLike, Rush, Vault, Motivate,
                                  DefeatMob, SetDivineTarget, CreateVantagePoint,
                                  FallFromVantage, RecordWound, MonsterAttack, MonsterMove,
                                  TurnMonster)},
    Attack: "the weapon's profile (Melee, Reach X, Ranged X-Y, Unwieldy) is read from the "
            "Knight's Gear card, which the players name; every Melee attack is offered",
}
"""The actions :func:`legal_actions` does not list completely, each with the reason (the
contract's ``open_actions``); every other action it lists whenever ``apply`` takes it."""


def legal_actions(state: ClashState) -> list[object]:
    """The legal actions of the listed kinds, all of them, and samples of the
    :data:`OPEN_ACTIONS`: in the Knight Round, picking a Knight yet to act (when none is
    acting), every Movement Action, Melee attack and Climb test (passed or failed) of the
    Knight whose turn it is (of every Knight yet to act when none is), and ending that turn;
    in the Monster Round, resolving the next Activation while a token is ready, else ending
    it (*Resolving Activations*).  On a board with cards, the Activation and the attacks are
    the card sequences (every weapon of the Knight against every Monster in its range), and
    while one runs, only the answers to its question (none at a roll: a chance point).
    Empty when no Knight is left, when the Clash has ended, or on a public view."""
    if not state.knights or is_partial(state):
        return []
    cards = state.cards is not None
    if cards and (state.sequence is not None or state.cards.result):
        from tabletop.games.clash import running
        return running.legal_answers(state)
    if state.turn.phase == "monster":
        if activation_tokens.next_activation(state) is not None:
            return [ActivateFromCards() if cards else ResolveActivation()]
        return [EndMonsterRound()]
    return [a for knight in candidates(state) for a in knight_actions(state, knight)]


def candidates(state: ClashState) -> list:
    """The Knights who may act in the Knight Round: the one whose turn it is, else every
    Knight yet to act this round (*Knight Turns*)."""
    if state.turn.active is not None:
        return [state.knight(state.turn.active)]
    return [k for k in state.knights if k.name not in state.turn.done]


def knight_actions(state: ClashState, knight) -> list[object]:
    """The legal actions of Knight ``knight`` in the Knight Round, in :func:`legal_actions`'
    order: picking it (when no Knight is acting), its Movement Actions, attacks and Climb
    tests, and ending its turn; empty when its turn cannot start now (*Knight Turns*)."""
    try:
        now, _ = turns.in_turn(state, knight, StartTurn(knight.name))
    except IllegalActionError:
        return []
    actions: list[object] = [StartTurn(knight.name)] if state.turn.active is None else []
    me = now.knight(knight.name)
    if me.knockdown != "falling":
        if not now.turn.moved:
            actions.extend(MoveKnight(me.name, s) for s in sorted(geometry.reach(now, me)))
        near = monsters_near(now, me)
        if not now.turn.attacked:
            actions.extend(card_attacks(now, me) if now.cards is not None else
                           [Attack(me.name, m.name, Weapon()) for m in near
                            if turns.attack_problem(now, me, m, Weapon()) is None])
        actions.extend(_climbs(now, me, near))
    actions.append(EndTurn(knight.name))
    return actions


def monsters_near(state: ClashState, knight, index: dict | None = None) -> list:
    """The Monsters at range 1 of ``knight``, in board order: those sharing an edge with
    its space, or with its Monster's spaces and that Monster itself when it is on a Vantage
    Point (*Vantage Points*: it measures from its Monster).  Only they can take a Melee
    attack (*Effective Range*: adjacent) or be climbed (*Climbing a VP*: adjacent);
    ``index`` maps each Monster space to its Monster (made here when not given)."""
    if index is None:
        index = monster_index(state)
    host = state.pieces.get(knight.vantage) if knight.vantage else None
    spaces = host.spaces if host is not None else knight.spaces
    near = {index[n].name for s in spaces for n in s.neighbours() if n in index}
    if host is not None:
        near.add(host.name)
    return [m for m in state.monsters if m.name in near] if near else []


def monster_index(state: ClashState) -> dict:
    """Each space a Monster stands on, mapped to that Monster."""
    return {s: m for m in state.monsters for s in m.spaces}


def card_attacks(state: ClashState, knight) -> list[AttackFromCards]:
    """The Knight Attacks from cards ``knight`` may declare: each weapon it carries against
    each Monster within the weapon's effective range and Line of Sight (rulebook *Declare
    Attack and Active Weapon*), a Mob only with its BP card on the Mob track."""
    library = state.cards.library
    out = []
    for name in knight.gear:
        gear = library.gear_card(name)
        if gear is None or gear.kind != "weapon":
            continue
        out.extend(AttackFromCards(knight.name, m.name, name) for m in state.monsters
                   if (m.boss or state.cards.mob_card(m.name) is not None)
                   and _within_range(state, knight, m, gear.reach)
                   and turns.attack_problem(state, knight, m, gear.reach) is None)
    return out


def _within_range(state: ClashState, knight, monster, weapon) -> bool:
    """Whether ``monster`` is at a range ``weapon`` can attack from ``knight`` (*Effective
    Range*), told before Line of Sight is looked at: a Monster out of range cannot be
    attacked whatever the line, and a board of 1,000 Monsters has few within any weapon's
    range (``turns.attack_problem`` says the full reason)."""
    if knight.vantage == monster.name:
        return True
    window = {"melee": (1, 1), "reach": (1, weapon.high),
              "ranged": (weapon.low, weapon.high)}.get(weapon.kind)
    if window is None:
        return True
    return window[0] <= geometry.range_(state, knight.name, monster.name) <= window[1]


def _climbs(state: ClashState, knight, near: list) -> list[Climb]:
    """The Climb tests ``knight`` may perform now on the Monsters ``near`` it
    (:func:`monsters_near`), two per free Vantage Point it may climb: passed, and failed
    (``passed=False``, the players report the dice)."""
    return [c for action in climb_tests(state, knight, near)
            for c in (action, Climb(knight.name, action.monster, action.at, False))]


def climb_tests(state: ClashState, knight, near: list):
    """The passed Climb tests ``knight`` may perform now on the Monsters ``near`` it, one per
    free Vantage Point it may climb (rulebook *Climbing a VP*: only a Knight adjacent to the
    Monster), tried one at a time (a generator)."""
    for monster in near:
        for space in vantage.free_vantage_points(state, monster):
            action = Climb(knight.name, monster.name, space)
            try:
                vantage.climb(state, action)
            except IllegalActionError:
                continue
            yield action


def describe(event: Event) -> str:
    """``event`` as one sentence for the log."""
    return describe_event(event)
