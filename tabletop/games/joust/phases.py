"""The Draw, Worker and Ennoblement Phases, the end of a round, and the turn order of each
phase.  Each handler takes the state and one action and returns ``(new_state, events)`` or
raises :class:`IllegalActionError` naming the rule; :func:`settle` moves the game on to the
next phase once every Household is through (and no choice is pending).

Rulebook: *Initiative* ("The player with initiative will take their actions first throughout
the round in the Phases of Play"), *Draw Phase*, *Worker Phase*, *Base Buildings*,
*Ennoblement Phase* (*Collect Bravery Tokens*, *Knight Promotion*, *Spending Reputation*),
*Ending a Round*, *Winning The Game*.
"""

from __future__ import annotations

from dataclasses import replace

from tabletop.errors import IllegalActionError
from tabletop.games.joust.actions import (
    Collect,
    Draw,
    Finish,
    ManSquire,
    Pass,
    PlaceWorkers,
    Promote,
    Spend,
)
from tabletop.games.joust.cards import PERK_KINDS, parse_perk
from tabletop.games.joust.events import Event, GameOver, Happened, PhaseBegins
from tabletop.games.joust.rewards import (
    advance,
    catalog,
    draw_enhancements,
    draw_standard,
    draw_tokens,
    grant,
    influence_of,
    lapse_empty,
)
from tabletop.games.joust.scoring import winner
from tabletop.games.joust.state import ROUNDS, Household, JoustState, Pending
from tabletop.wording import counted

Result = tuple[JoustState, tuple[Event, ...]]


def _house(state: JoustState, action, name: str) -> Household:
    try:
        return state.household(name)
    except KeyError:
        raise IllegalActionError(action, f"there is no House {name}") from None


def _my_turn(state: JoustState, action) -> Household:
    """The acting Household, checked to be on its turn, with no choice waiting (the phase is
    checked by the turn order, :mod:`tabletop.games.joust.turn_order`)."""
    house = _house(state, action, action.house)
    if state.pending:
        raise IllegalActionError(action, f"House {state.pending[0].house} has a choice to make "
                                         f"first")
    if state.turn != house.name:
        raise IllegalActionError(action, f"it is House {state.turn}'s turn (the Household with "
                                         f"initiative goes first, then they take turns)")
    return house


def _next_turn(state: JoustState, name: str, finished) -> JoustState:
    """The turn passes to the rival unless the rival is through (``finished``)."""
    rival = state.rival(name)
    return replace(state, turn=name if finished(rival) else rival.name)


# --- Draw Phase ------------------------------------------------------------------------------

def draw(state: JoustState, action: Draw) -> Result:
    """*Draw Phase*, in initiative order: one Enhancement Card, then Standard Ability Cards up
    to the hand limit (Advanced Ability Cards in hand count against it)."""
    house = _my_turn(state, action)
    if house.done:
        raise IllegalActionError(action, f"House {house.name} has drawn this round")
    state, events = draw_enhancements(state, house.name, 1, "Draw Phase")
    missing = max(0, house.hand_limit - len(house.abilities))
    state, more = draw_standard(state, house.name, missing, f"Draw Phase, hand limit "
                                                            f"{house.hand_limit}")
    state = state.with_household(replace(state.household(house.name), done=True))
    return _next_turn(state, house.name, lambda h: h.done), (*events, *more)


# --- Worker Phase ----------------------------------------------------------------------------

def place_workers(state: JoustState, action: PlaceWorkers) -> Result:
    """Pay a location's cost in workers and take its actions at once; a claimed location is
    closed to the rival (and, holding the claimer's workers, to the claimer)."""
    house = _my_turn(state, action)
    building = catalog(state).building(action.building)
    if building is None:
        names = ", ".join(b.name for b in catalog(state).buildings)
        raise IllegalActionError(action, f"there is no Building {action.building} ({names})")
    if not 0 <= action.location < len(building.locations):
        raise IllegalActionError(action, f"{building.name} has locations 1 to "
                                         f"{len(building.locations)}")
    location = building.locations[action.location]
    holder = next((h for b, i, h in state.claimed
                   if b == building.name and i == action.location), None)
    if holder is not None:
        raise IllegalActionError(action, f"House {holder} has claimed that location this round; "
                                         f"a claimed location is closed to the rival")
    if house.workers < location.cost:
        raise IllegalActionError(action, f"the location costs {location.cost} workers and House "
                                         f"{house.name} has {house.workers}")
    house = replace(house, workers=house.workers - location.cost,
                    workers_out=house.workers_out + location.cost)
    state = replace(state.with_household(house),
                    claimed=(*state.claimed, (building.name, action.location, house.name)))
    where = f"{building.name} (cost {location.cost})"
    events: list[Event] = [Happened(house.name, f"places {location.cost} worker"
                                                f"{'s' if location.cost > 1 else ''} on "
                                                f"{where}: {location.words()}")]
    for perk in location.actions:
        state, more = grant(state, house.name, perk, where)
        events.extend(more)
    state, more = lapse_empty(state)
    events.extend(more)
    return _after_worker(state, house.name), tuple(events)


def man_squire(state: JoustState, action: ManSquire) -> Result:
    """*Placing as a Squire*: "the player must place a worker on the reroll action itself in
    the Worker Phase to take advantage of the reroll ability of the Squire"."""
    house = _my_turn(state, action)
    try:
        knight = house.knight(action.knight)
    except KeyError:
        raise IllegalActionError(action, f"House {house.name} has no Knight called "
                                         f"{action.knight}") from None
    squire = knight.squire
    if squire is None or squire.reroll is None:
        raise IllegalActionError(action, f"{knight.name} has no Squire with a Squire Reroll")
    if squire.reroll_worker:
        raise IllegalActionError(action, f"{knight.name}'s Squire Reroll has its worker")
    if house.workers < 1:
        raise IllegalActionError(action, f"House {house.name} has no worker left")
    knight = replace(knight, squire=replace(squire, reroll_worker=True))
    house = replace(house.with_knight(knight), workers=house.workers - 1,
                    workers_out=house.workers_out + 1)
    state = state.with_household(house)
    return _after_worker(state, house.name), (Happened(
        house.name, f"puts a worker on {knight.name}'s Squire Reroll "
                    f"({counted(squire.reroll, 'die')})"),)


def pass_workers(state: JoustState, action: Pass) -> Result:
    """A Household passes: it places no more workers this round (a worker kept for Equipment
    stays in its pool)."""
    house = _my_turn(state, action)
    state = state.with_household(replace(house, passed=True))
    kept = f", keeping {house.workers} worker{'s' if house.workers != 1 else ''}" \
        if house.workers else ""
    return _next_turn(state, house.name, lambda h: h.passed), (
        Happened(house.name, f"passes{kept}"),)


def _after_worker(state: JoustState, name: str) -> JoustState:
    house = state.household(name)
    if house.workers == 0:
        state = state.with_household(replace(house, passed=True))
    return _next_turn(state, name, lambda h: h.passed)


# --- Ennoblement Phase -----------------------------------------------------------------------

COLLECT = {0: (0, 0), 1: (1, 1), 2: (2, 1), 3: (3, 1)}
"""*Collect Bravery Tokens*: Knights that scored at least one hit -> (tokens drawn, kept)."""


def collect(state: JoustState, action: Collect) -> Result:
    """Draw Bravery Tokens by the number of Knights that scored a hit: one draws one and keeps
    it, two draw two and keep one, three draw three and keep one, none draw none.  Kept tokens
    go to the House card; they reach a Knight only through locations and Perks."""
    house = _my_turn(state, action)
    if house.collected:
        raise IllegalActionError(action, f"House {house.name} has collected this round")
    scorers = sum(1 for k in house.knights if k.hits_scored > 0)
    draw_n, _ = COLLECT[scorers]
    state, drawn = draw_tokens(state, draw_n)
    house = replace(state.household(house.name), collected=True)
    knights = f"{scorers} Knight{'s' if scorers != 1 else ''} scored a hit"
    if not drawn:
        why = "the bag is empty" if draw_n else "no Knight scored a hit"
        return state.with_household(house), (Happened(house.name, f"draws no Bravery Token: "
                                                                  f"{why}"),)
    if len(drawn) == 1:
        house = replace(house, bravery_tokens=(*house.bravery_tokens, drawn[0]))
        return state.with_household(house), (Happened(
            house.name, f"draws a {drawn[0]} Bravery Token and keeps it ({knights})"),)
    pending = Pending(house.name, "keep-token", ",".join(drawn), 1,
                      f"{knights}: draw {len(drawn)}, keep 1")
    state = replace(state.with_household(house), pending=(*state.pending, pending))
    return state, (Happened(house.name, f"draws {', '.join(drawn)} Bravery Tokens ({knights}) "
                                        f"and keeps one"),)


def promote(state: JoustState, action: Promote) -> Result:
    """*Knight Promotion*: a completed Knight Promotion track lets the player promote any of its
    Knights (the card turns to its Crusader side, keeping its Bravery Tokens) and take the
    track's Perk, in the Ennoblement Phase ("If you max a Crown track, the Perk will not be
    taken until the Ennoblement Phase").  With all three promoted, the House card's extra
    die space opens: a die of any colour (*Placing Bravery Tokens*, Ennoblement Phase)."""
    house = _my_turn(state, action)
    _collected_first(action, house)
    track = next((t for t in house.tracks if t.name == action.track), None)
    if track is None or track.kind != "promotion":
        raise IllegalActionError(action, f"House {house.name} has no Knight Promotion track "
                                         f"called {action.track}")
    if not track.complete or track.claimed:
        raise IllegalActionError(action, f"the {track.name} track is "
                                         f"{'taken' if track.claimed else 'not complete'}")
    vanguards = [k.name for k in house.knights if not k.promoted]
    events: list[Event] = []
    if vanguards:
        if action.knight not in vanguards:
            raise IllegalActionError(action, f"promote one of {', '.join(vanguards)}")
        knight = house.knight(action.knight)
        card = catalog(state).knight(knight.name)
        if card is not None:
            side = card.crusader
            knight = replace(knight, side="crusader", slots=max(side.slots, len(knight.tokens)),
                             crown_boxes=side.crown_boxes, favors=side.favors)
        else:
            knight = replace(knight, side="crusader")
        house = house.with_knight(knight)
        events.append(Happened(house.name, f"promotes {knight.name} to Knight Crusader "
                                           f"({track.name} track complete)"))
    elif action.knight:
        raise IllegalActionError(action, "every Knight is promoted already; name no Knight")
    house = replace(house, tracks=tuple(replace(t, claimed=True) if t.name == track.name else t
                                        for t in house.tracks))
    state = state.with_household(house)
    perk = parse_perk(track.perk, PERK_KINDS, tuple(t.name for t in catalog(state).political))
    if isinstance(perk, str):
        events.append(Happened(house.name, f"gains no Perk: {perk}"))
    else:
        state, more = grant(state, house.name, perk, f"{track.name} track Perk")
        events.extend(more)
    house = state.household(house.name)
    if house.promoted() == 3 and not house.extra_die:
        state = state.with_household(replace(house, extra_die=True))
        state, more = grant(state, house.name, parse_perk("gain-die:any", PERK_KINDS),
                            "Promotion Perk: all three Knights promoted")
        events.extend(more)
    state, more = lapse_empty(state)
    return state, (*events, *more)


def spend(state: JoustState, action: Spend) -> Result:
    """*Spending Reputation*: one Reputation moves the marker one space on any of the five
    tracks; Perks reached are gained at once; a completed track is closed."""
    house = _my_turn(state, action)
    _collected_first(action, house)
    track = catalog(state).track(action.track)
    if track is None:
        names = ", ".join(t.name for t in catalog(state).political)
        raise IllegalActionError(action, f"there is no Political track {action.track} ({names})")
    if house.reputation < 1:
        raise IllegalActionError(action, f"House {house.name} has no Reputation to spend")
    if influence_of(state, house)[track.name] >= track.spaces:
        raise IllegalActionError(action, f"the {track.name} track is complete and closed")
    house = replace(house, reputation=house.reputation - 1,
                    reputation_spent=house.reputation_spent + 1)
    state, events = advance(state.with_household(house), house.name, track, 1,
                            "one Reputation spent")
    state, more = lapse_empty(state)
    return state, (*events, *more)


def finish(state: JoustState, action: Finish) -> Result:
    """A Household ends its Ennoblement turn; unspent Reputation is kept (at most 12)."""
    house = _my_turn(state, action)
    _collected_first(action, house)
    waiting = [t.name for t in house.tracks if t.kind == "promotion" and t.complete
               and not t.claimed]
    if waiting:
        raise IllegalActionError(action, f"take the Perk of the completed {waiting[0]} track "
                                         f"first (Knight Promotion)")
    state = state.with_household(replace(house, done=True))
    return _next_turn(state, house.name, lambda h: h.done), (Happened(
        house.name, f"ends its Ennoblement, keeping {house.reputation} Reputation"),)


def _collected_first(action, house: Household) -> None:
    if not house.collected:
        raise IllegalActionError(action, "collect the Bravery Tokens first")


# --- Moving on -------------------------------------------------------------------------------

def settle(state: JoustState) -> Result:
    """The steps after every action: the game ends at once when a Household has lost all its
    Morale (rulebook *Winning The Game*: "To win you must break the Morale of your rival");
    else the next phase, once every Household is through this one and no choice is pending:
    setup -> Draw (every Knight has its starting token), Draw -> Worker (both drew), Worker ->
    Planning (both passed or placed every worker), Planning -> Jousting (both ready),
    Ennoblement -> the end of the round."""
    if state.phase == "over":
        return state, ()
    if state.phase != "setup" and any(h.morale <= 0 for h in state.households):
        state = replace(state, phase="over", turn="")
        decided = winner(state)
        assert decided is not None
        return state, (GameOver(*decided),)
    if state.pending:
        return state, ()
    if state.phase == "setup" and all(k.tokens for h in state.households for k in h.knights):
        return _begin(state, "draw")
    if state.phase == "draw" and all(h.done for h in state.households):
        state = _begin(state, "worker")[0]
        houses = tuple(replace(h, done=False, passed=h.workers == 0) for h in state.households)
        state = replace(state, households=houses)
        if all(h.passed for h in houses):
            return _begin(state, "planning")
        first = state.household(state.initiative)
        if first.passed:
            state = replace(state, turn=state.rival(first.name).name)
        return state, (PhaseBegins("worker", state.round, state.initiative),)
    if state.phase == "worker" and all(h.passed for h in state.households):
        return _begin(state, "planning")
    if state.phase == "planning" and all(h.ready for h in state.households):
        state = replace(state, phase="jousting", revealed=0, resolved=0)
        return state, (PhaseBegins("jousting", state.round, state.initiative),)
    if state.phase == "ennoblement" and all(h.done for h in state.households):
        return end_of_round(state)
    return state, ()


def _begin(state: JoustState, phase: str) -> Result:
    state = replace(state, phase=phase, turn=state.initiative)
    return state, (PhaseBegins(phase, state.round, state.initiative),)


def end_of_round(state: JoustState) -> Result:
    """*Ending a Round*: Standard Ability Cards in hand go to the discard pile (Advanced ones are
    kept), Enhancement Cards not played are discarded (but the one kept by the Rule
    Exception), workers come back from the Buildings and Squire Rerolls, the claimed locations
    open; after round 6 the game ends, else initiative flips and the next round's Draw Phase
    begins."""
    cards = catalog(state)
    discard_abilities = list(state.ability_discard)
    discard_enhancements = list(state.enhancement_discard)
    houses = []
    for house in state.households:
        kept_abilities = []
        for name in house.abilities:
            card = cards.ability(name)
            (kept_abilities if card is not None and card.kind == "advanced"
             else discard_abilities).append(name)
        kept = tuple(c for c in house.hand if c.name == house.kept)[:1]
        discard_enhancements.extend(c.name for c in house.hand if c not in kept)
        knights = tuple(replace(k, hits_taken=0, hits_scored=0, calm=False,
                                squire=k.squire and replace(k.squire, reroll_worker=False))
                        for k in house.knights)
        houses.append(replace(house, knights=knights, abilities=tuple(kept_abilities),
                              hand=kept, kept="", workers=house.workers + house.workers_out,
                              workers_out=0, passed=False, done=False, collected=False))
    state = replace(state, households=tuple(houses), claimed=(),
                    ability_discard=tuple(discard_abilities),
                    enhancement_discard=tuple(discard_enhancements))
    if state.round >= ROUNDS:
        state = replace(state, phase="over", turn="")
        decided = winner(state)
        assert decided is not None
        return state, (GameOver(*decided),)
    rival = state.rival(state.initiative).name
    state = replace(state, round=state.round + 1, initiative=rival, phase="draw", turn=rival)
    return state, (PhaseBegins("draw", state.round, rival),)
