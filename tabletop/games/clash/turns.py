"""The Clash Sequence and a Knight's turn (rulebook *Clash Sequence*, *Knight Round*).

Each function takes the state and an action and returns ``(new_state, events)`` or raises
:class:`~tabletop.errors.IllegalActionError` naming the rule.  A Knight's turn starts with the
Refresh step, either by :class:`StartTurn` or implicitly with its first action.
"""

from __future__ import annotations

from dataclasses import replace

from tabletop.errors import IllegalActionError
from tabletop.games.clash import activation_tokens, geometry
from tabletop.games.clash.actions import (
    Attack,
    EndMonsterRound,
    EndTurn,
    MoveKnight,
    SetStat,
    StartTurn,
)
from tabletop.games.clash.events import Event
from tabletop.games.clash.state import (
    BLOCKS_MOVEMENT,
    HEAT_LIMIT,
    PASSION_LIMIT,
    VIGOR_LIMIT,
    ClashState,
    Knight,
    Monster,
)

Result = tuple[ClashState, tuple[Event, ...]]




def knight_of(state: ClashState, name: str, action: object) -> Knight:
    """The Knight called ``name``, or an :class:`IllegalActionError` saying there is none."""
    knight = state.knight(name)
    if knight is None:
        raise IllegalActionError(action, f"there is no Knight called {name!r} on the board")
    return knight


def monster_of(state: ClashState, name: str, action: object) -> Monster:
    """The Monster called ``name``, or an :class:`IllegalActionError` saying there is none."""
    monster = state.monster(name)
    if monster is None:
        raise IllegalActionError(action, f"there is no Monster called {name!r} on the board")
    return monster


def start_turn(state: ClashState, action: StartTurn) -> Result:
    """Begin ``action.knight``'s turn with the Refresh step (rulebook *Knight Turns*,
    *Refresh Step*); a Knight with the Knockdown card's standing up side stands up."""
    knight = knight_of(state, action.knight, action)
    turn = state.turn
    if turn.active == knight.name:
        raise IllegalActionError(action, f"{knight.name} is already taking a turn")
    if turn.active is not None:
        raise IllegalActionError(action, f"{turn.active}'s turn is not finished: one Knight "
                                         f"turn must be completely resolved before another "
                                         f"starts (Knight Turns)")
    if knight.name in turn.done:
        raise IllegalActionError(action, f"{knight.name} has already taken a turn this round; "
                                         f"a Knight cannot take another turn until the next "
                                         f"Knight Round (Knight Turns)")
    events = [Event("turn-started", knight.name, amount=turn.round, rule="Knight Turns")]
    heat = max(0, knight.heat - knight.heat_refresh)
    events.append(Event("refreshed", knight.name, amount=heat, rule="Refresh Step"))
    knockdown = knight.knockdown
    if knockdown == "standing":
        knockdown = ""
        events.append(Event("stood-up", knight.name, rule="Knockdown"))
    state = state.with_piece(replace(knight, heat=heat, knockdown=knockdown))
    state = replace(state, turn=replace(turn, active=knight.name, moved=False, attacked=False,
                                        fell=False))
    return state, tuple(events)


def in_turn(state: ClashState, knight: Knight, action: object) -> Result:
    """``state`` with ``knight`` taking its turn (started now if needed), and the events."""
    if state.turn.active == knight.name:
        return state, ()
    return start_turn(state, StartTurn(knight.name))


def require_able(knight: Knight, action: object) -> None:
    """Refuse ``action`` when ``knight`` is knocked down (rulebook *Knockdown*)."""
    if knight.knockdown == "falling":
        raise IllegalActionError(action, f"{knight.name} is knocked down: a Knight with the "
                                         f"Knockdown card cannot move voluntarily or perform "
                                         f"any actions (Knockdown)")


def move_knight(state: ClashState, action: MoveKnight) -> Result:
    """``action.knight``'s Movement Action (rulebook *Movement Action*): one per turn, onto a
    space of :func:`geometry.reach`, not while knocked down; its event carries the path taken
    (:func:`geometry.move_path`), so that a lesson plays it back space by space."""
    state, events, knight = ready_to_move(state, action)
    if action.to not in geometry.reach(state, knight):
        raise IllegalActionError(action, why_unreachable(state, knight, action))
    path = geometry.move_path(state, knight, action.to)
    moved = replace(knight, at=action.to, vantage=None)
    state = replace(state.with_piece(moved), turn=replace(state.turn, moved=True))
    return state, (*events, Event("moved", knight.name, path, rule="Movement Action"))


def ready_to_move(state: ClashState, action: MoveKnight) -> tuple[ClashState, tuple, Knight]:
    """``state`` with ``action.knight``'s turn started if needed, the events, and the Knight,
    when it may perform a Movement Action now (rulebook *Knight Turns*: one per turn; not
    while knocked down); raises what refuses it before its destination is looked at."""
    knight = knight_of(state, action.knight, action)
    state, events = in_turn(state, knight, action)
    knight = state.knight(knight.name)
    require_able(knight, action)
    if state.turn.moved:
        raise IllegalActionError(action, f"{knight.name} has already performed a Movement "
                                         f"Action this turn (Knight Turns: one Movement Action)")
    return state, events, knight


def why_unreachable(state: ClashState, knight: Knight, action: object) -> str:
    """Why ``action.to`` is not a destination of ``knight``'s Movement Action, in words."""
    to = action.to
    if not state.board.contains(to):
        return f"{to} is off the board ({state.board.describe()})"
    if to == knight.at:
        return f"{knight.name} already stands on {to}; a Movement Action ends elsewhere"
    occupant = state.occupant.get(to)
    if occupant is not None:
        return (f"{to} is occupied by {occupant.name}; a Knight cannot move onto or through "
                f"other miniatures (Movement Action)")
    for tile in state.terrain_at.get(to, ()):
        for keyword in sorted(BLOCKS_MOVEMENT & set(tile.keywords)):
            return (f"{to} is {tile.name} ({keyword}); a Knight cannot voluntarily move there "
                    f"(Movement Action, {keyword.title()})")
    return (f"{to} is not within {knight.name}'s Speed {knight.speed} by a path in cardinal "
            f"steps around obstacles, chasms and miniatures (one less through Difficult "
            f"terrain) (Movement Action)")


def end_turn(state: ClashState, action: EndTurn) -> Result:
    """``action.knight`` declares its turn over (rulebook *Knight Turns*).  A Knight knocked
    down before this turn flips its Knockdown card to the standing up side (*Knockdown*).  The
    round's end, when every Knight has taken a turn, follows every action
    (:func:`~tabletop.games.clash.turn_order.next_round`)."""
    knight = knight_of(state, action.knight, action)
    if state.turn.active not in (None, knight.name):
        raise IllegalActionError(action, f"it is {state.turn.active}'s turn, not "
                                         f"{knight.name}'s (Knight Turns)")
    state, events = in_turn(state, knight, action)
    knight = state.knight(knight.name)
    events = list(events)
    if knight.knockdown == "falling" and not state.turn.fell:
        state = state.with_piece(replace(knight, knockdown="standing"))
        events.append(Event("knockdown-flipped", knight.name, rule="Knockdown"))
    events.append(Event("turn-ended", knight.name, rule="Knight Turns"))
    done = (*state.turn.done, knight.name)
    turn = replace(state.turn, active=None, done=done, moved=False, attacked=False, fell=False)
    return replace(state, turn=turn), tuple(events)


def end_monster_round(state: ClashState, action: EndMonsterRound) -> Result:
    """The Monster Round ends and the Knight Round of the same round begins.  Each Knight on a
    Vantage Point is prompted for its Hold on test (rulebook *Falling down from a VP*: "At the
    end of the Monster Round, most VPs will force you to perform a Hold on test"; whether this
    Monster's do is on its Sheet; a failed test is :class:`FallFromVantage`).  Refused while an
    Activation token is still ready (*Resolving Activations*: "Once you resolve every
    Activation token, proceed to the Resolve Other Actions step")."""
    ready = activation_tokens.next_activation(state)
    if ready is not None:
        token = activation_tokens.label(ready.token)
        raise IllegalActionError(action, f"{ready.monster.name}'s {token}"
                                         f" Activation token is still ready; every Activation "
                                         f"token is resolved before the Monster Round ends "
                                         f"(Resolving Activations)")
    turn = replace(state.turn, phase="knight", done=(), active=None)
    hold_on = tuple(Event("hold-on", k.name, other=k.vantage, rule="Falling down from a VP")
                    for k in state.knights if k.vantage is not None)
    return replace(state, turn=turn), (*hold_on, Event("round-changed", other="Knight",
                                                       amount=turn.round,
                                                       rule="Clash Sequence"))


def raise_passion(state: ClashState, knight: Knight) -> Result:
    """Raise ``knight``'s Passion by 1 (limit 9) and check the Priority Target (rulebook *Raise
    Passion and Check Priority Target*, *Priority Target*)."""
    passion = min(PASSION_LIMIT, knight.passion + 1)
    knight = replace(knight, passion=passion)
    state = state.with_piece(knight)
    events = [Event("passion", knight.name, amount=passion, rule="Raise Passion")]
    holder = state.knight(state.turn.priority) if state.turn.priority else None
    if holder is None or (holder.name != knight.name and passion > holder.passion):
        state = replace(state, turn=replace(state.turn, priority=knight.name))
        events.append(Event("priority", knight.name, rule="Priority Target"))
    return state, tuple(events)


def attack_problem(state: ClashState, knight: Knight, monster: Monster, weapon) -> str | None:
    """Why ``knight`` cannot attack ``monster`` with ``weapon``, or ``None`` when it can
    (rulebook *Declare Attack and Active Weapon*, *Effective Range*, *Unwieldy*, *Vantage
    Points*: a Knight on a Vantage Point is adjacent and in range 1 to its Monster)."""
    if weapon.problem():
        return weapon.problem()
    if knight.vantage == monster.name:
        distance = 1
    else:
        sight = geometry.los(state, knight.name, monster.name)
        if not sight.clear:
            return f"{knight.name} has no Line of Sight to {monster.name}: {sight.why}"
        distance = geometry.range_(state, knight.name, monster.name)
    if weapon.kind == "melee" and monster.has("always there"):
        return (f"a Melee weapon needs {monster.name} adjacent (Effective Range)"
                f"{not_adjacent(monster)}")
    if weapon.kind == "melee" and distance != 1:
        return (f"a Melee weapon needs {monster.name} adjacent, but it is {distance} spaces "
                f"away (Effective Range)")
    if weapon.kind == "reach" and not 1 <= distance <= weapon.high:
        return (f"{monster.name} is {distance} spaces away, beyond Reach {weapon.high} "
                f"(Effective Range)")
    if weapon.kind == "ranged" and not weapon.low <= distance <= weapon.high:
        return (f"{monster.name} is {distance} space{'s' if distance != 1 else ''} away, "
                f"outside Ranged {weapon.low}–{weapon.high} (Effective Range)")
    if weapon.unwieldy and knight.vantage != monster.name and not any(
            s.row == knight.at.row or s.col == knight.at.col for s in monster.spaces):
        return (f"{monster.name} is not in a straight cardinal line from {knight.name}; an "
                f"Unwieldy weapon attacks only such targets (Unwieldy)")
    return None


def attack(state: ClashState, action: Attack) -> Result:
    """``action.knight``'s Combat Action: declare an attack (legal by weapon range and LoS),
    raise Passion, check the Priority Target, note the Blindspot Precision bonus.  The dice are
    the players'; the program keeps the book."""
    knight = knight_of(state, action.knight, action)
    monster = monster_of(state, action.monster, action)
    state, events = in_turn(state, knight, action)
    knight = state.knight(knight.name)
    require_able(knight, action)
    if state.turn.attacked:
        raise IllegalActionError(action, f"{knight.name} has already performed a Combat "
                                         f"Action this turn (Knight Turns: one Combat Action)")
    problem = attack_problem(state, knight, monster, action.weapon)
    if problem:
        raise IllegalActionError(action, problem)
    events = [*events, Event("attacked", knight.name, other=monster.name, rule="Combat Action")]
    state = replace(state, turn=replace(state.turn, attacked=True))
    state, more = raise_passion(state, knight)
    events.extend(more)
    if knight.at in geometry.blindspots_of(state, monster) and knight.vantage is None:
        events.append(Event("blindspot-bonus", knight.name, other=monster.name,
                            rule="Blindspot"))
    return state, tuple(events)


_LIMITS = {"vigor": VIGOR_LIMIT, "heat": HEAT_LIMIT, "passion": PASSION_LIMIT, "knockdown": 2}


def set_stat(state: ClashState, action: SetStat) -> Result:
    """Set a Knight's track as the players' board shows it; a rise in Passion checks the
    Priority Target (rulebook *Priority Target*: "when you increase your Passion for any
    reason")."""
    knight = knight_of(state, action.knight, action)
    limit = _LIMITS.get(action.stat)
    if limit is None:
        raise IllegalActionError(action, f"{action.stat!r} is not a Knight track (vigor, heat, "
                                         f"passion, knockdown)")
    if not 0 <= action.value <= limit:
        raise IllegalActionError(action, f"{action.stat.title()} must be 0 to {limit}")
    if action.stat == "knockdown":
        side = ("", "falling", "standing")[action.value]
        state = state.with_piece(replace(knight, knockdown=side))
        return state, (Event("knockdown-set", knight.name, other=side or "none"),)
    if action.stat == "passion" and action.value > knight.passion:
        state = state.with_piece(replace(knight, passion=action.value - 1))
        return raise_passion(state, state.knight(knight.name))
    state = state.with_piece(replace(knight, **{action.stat: action.value}))
    return state, (Event("stat-set", knight.name, other=action.stat.title(),
                         amount=action.value),)


def not_adjacent(monster: Monster) -> str:
    """The note for a refusal by adjacency when ``monster`` has Always There (rulebook *Basic
    Abilities*: "the Knight is not considered adjacent to the Monster"), else ``""``."""
    if monster.has("always there"):
        return (f"; {monster.name} has Always There: a Knight is never considered adjacent "
                f"to it")
    return ""
