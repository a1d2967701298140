"""The King's Champion screen's Draw, Worker and Ennoblement Phases, the choices Perks leave,
and Ability Cards in the Planning Phase: side-panel buttons and the menus they open.

Each button acts for the Household whose turn it is (the phase's turn order is the rules
core's); every menu lists only what the rules accept, each entry in words (a location's cost
and actions, a track's marker and next Perk, a card's effects).
"""

from __future__ import annotations

from tabletop.errors import IllegalActionError
from tabletop.games.joust.actions import (
    Attach,
    Choose,
    ChooseKnight,
    Collect,
    Draw,
    Finish,
    ManSquire,
    Pass,
    PlaceAbility,
    PlaceWorkers,
    Promote,
    Spend,
)
from tabletop.games.joust.state import FAVOR_TITLES, HIDDEN, JoustState
from tabletop.ui.controllers.base import ButtonSpec, GameController
from tabletop.ui.facades.joust import (
    apply,
    catalog,
    describe_pending,
    effect_words,
    influence_of,
    options,
    perk_words,
)
from tabletop.ui.widgets.choice_menu import ChoiceMenu
from tabletop.wording import counted


def _accepted(state: JoustState, action) -> bool:
    try:
        apply(state, action)
    except IllegalActionError:
        return False
    return True


def _menu(ctl: GameController, title: str, entries: list[tuple[str, object]]) -> None:
    """A menu whose entries are actions (performed) or callables (run: a further menu)."""
    if ctl.app is None:
        return
    if not entries:
        ctl.session.tell(f"{title}: nothing the rules allow now", error=True)
        return

    def chosen(value: object) -> None:
        if callable(value) and not hasattr(value, "house"):
            value()
        else:
            ctl.perform(value)

    ctl.app.push(ChoiceMenu(title, entries, chosen))


def phase_buttons(ctl: GameController) -> list[ButtonSpec]:
    """The buttons of the Draw, Worker and Ennoblement Phases and of a pending choice; each acts
    for the Household the banner names (whose turn it is, or whose choice waits)."""
    state: JoustState = ctl.session.state
    if state.phase == "over":
        return []
    if state.pending:
        return [ButtonSpec("Choose", lambda: open_choice(ctl), "Enter")]
    name = state.turn
    if state.phase == "setup":
        open_ = any(not any(k.tokens for k in h.knights) for h in state.households)
        return [ButtonSpec("Knights", lambda: knights_menu(ctl), "K", open_)]
    if state.phase == "draw":
        return [ButtonSpec("Draw", lambda: ctl.perform(Draw(name)), "Enter")]
    if state.phase == "worker":
        house = state.household(name)
        manned = [k for k in house.knights if k.squire and k.squire.reroll
                  and not k.squire.reroll_worker]
        return [ButtonSpec("Workers", lambda: worker_menu(ctl), "W",
                           house.workers > 0),
                ButtonSpec("Squire Reroll", lambda: squire_menu(ctl), "",
                           bool(manned) and house.workers > 0),
                ButtonSpec("Pass", lambda: ctl.perform(Pass(name)), "P", slot="end")]
    if state.phase == "ennoblement":
        house = state.household(name)
        if not house.collected:
            return [ButtonSpec("Collect", lambda: ctl.perform(Collect(name)), "Enter")]
        ready = [t for t in house.tracks if t.kind == "promotion" and t.complete
                 and not t.claimed]
        return [ButtonSpec("Promote", lambda: promote_menu(ctl), "", bool(ready)),
                ButtonSpec("Spend", lambda: reputation_menu(ctl), "S",
                           house.reputation > 0),
                ButtonSpec("End turn", lambda: ctl.perform(Finish(name)), "Enter", not ready,
                           slot="end")]
    return []


def enter_action(ctl: GameController) -> bool:
    """What Enter does outside planning and jousting: open the pending choice, draw, collect
    or end the Ennoblement turn.  Returns whether it did something."""
    for button in phase_buttons(ctl):
        if button.key == "Enter" and button.enabled:
            button.on_click()
            return True
    return False


def key_action(ctl: GameController, key: str) -> bool:
    """The phase button whose key is ``key`` (``"W"``, ``"P"``, ``"S"``), clicked."""
    for button in phase_buttons(ctl):
        if button.key == key and button.enabled:
            button.on_click()
            return True
    return False


def knights_menu(ctl: GameController) -> None:
    """Setting up: a Knight of a Household that has placed no token yet, then the Knight card
    to field instead (each from a different Household, not already in the game)."""
    state: JoustState = ctl.session.state
    entries: list[tuple[str, object]] = []
    for house in state.households:
        if any(k.tokens for k in house.knights):
            continue
        for knight in house.knights:
            entries.append((f"House {house.name}: replace {knight.name}",
                            lambda h=house.name, k=knight.name: _knight_cards(ctl, h, k)))
    _menu(ctl, "Choose Knights (before placing Bravery Tokens)", entries)


def _knight_cards(ctl: GameController, house: str, replaced: str) -> None:
    state: JoustState = ctl.session.state
    entries: list[tuple[str, object]] = []
    for card in catalog(state).knights:
        action = ChooseKnight(house, replaced, card.name)
        if _accepted(state, action):
            favors = ", ".join(FAVOR_TITLES[f] for f in card.vanguard.favors)
            entries.append((f"{card.name} ({card.code.title()}, of House {card.house}): "
                            f"{favors}", action))
    _menu(ctl, f"House {house} fields instead of {replaced}", entries)


def worker_menu(ctl: GameController) -> None:
    """The Buildings with a location the Household can take, then that Building's
    locations, each with its cost and actions."""
    state: JoustState = ctl.session.state
    name = state.turn
    entries: list[tuple[str, object]] = []
    for building in catalog(state).buildings:
        open_ = [i for i in range(len(building.locations))
                 if _accepted(state, PlaceWorkers(name, building.name, i))]
        if open_:
            cheapest = min(building.locations[i].cost for i in open_)
            entries.append((f"{building.name}: {len(open_)} open, from {cheapest} worker"
                            f"{'s' if cheapest > 1 else ''}",
                            lambda b=building, o=tuple(open_): _locations(ctl, b, o)))
    _menu(ctl, f"House {name} places workers ({state.household(name).workers} free)", entries)


def _locations(ctl: GameController, building, open_: tuple[int, ...]) -> None:
    state: JoustState = ctl.session.state
    entries: list[tuple[str, object]] = []
    for i in open_:
        cost = building.locations[i].cost
        entries.append((f"{cost} worker{'s' if cost > 1 else ''}: "
                        f"{building.locations[i].words()}",
                        PlaceWorkers(state.turn, building.name, i)))
    _menu(ctl, building.name, entries)


def squire_menu(ctl: GameController) -> None:
    state: JoustState = ctl.session.state
    house = state.household(state.turn)
    entries = [(f"{k.name}'s Squire {k.squire.name}: reroll {counted(k.squire.reroll, 'die')}",
                ManSquire(house.name, k.name)) for k in house.knights
               if k.squire and _accepted(state, ManSquire(house.name, k.name))]
    _menu(ctl, "A worker on a Squire Reroll", entries)


def reputation_menu(ctl: GameController) -> None:
    state: JoustState = ctl.session.state
    house = state.household(state.turn)
    spaces = influence_of(state, house)
    entries = []
    for track in catalog(state).political:
        at = spaces[track.name]
        upcoming = [(s, p) for s, p in track.perks if s > at]
        nxt = f"; at {upcoming[0][0]}: {upcoming[0][1].words()}" if upcoming else ""
        if _accepted(state, Spend(house.name, track.name)):
            entries.append((f"{track.name} {at}/{track.spaces}{nxt}",
                            Spend(house.name, track.name)))
    _menu(ctl, f"House {house.name} spends one Reputation ({house.reputation} left)", entries)


def promote_menu(ctl: GameController) -> None:
    state: JoustState = ctl.session.state
    house = state.household(state.turn)
    entries: list[tuple[str, object]] = []
    for track in house.tracks:
        for knight in [*(k.name for k in house.knights), ""]:
            action = Promote(house.name, track.name, knight)
            if _accepted(state, action):
                who = f"promote {knight}" if knight else "every Knight is promoted"
                entries.append((f"{track.name} ({perk_words(track.perk)}): {who}", action))
    _menu(ctl, f"House {house.name}: a completed Knight Promotion track", entries)


def open_choice(ctl: GameController) -> None:
    """The menu of the first pending choice: its options in words."""
    state: JoustState = ctl.session.state
    if not state.pending:
        return
    pending = state.pending[0]
    house = state.household(pending.house)
    if pending.kind == "place-enhancement":
        entries: list[tuple[str, object]] = []
        for knight in house.knights:
            for card in house.hand:
                for action in [Attach(house.name, card.name, knight.name, "squire", c)
                               for c in card.squire_colours] + \
                        [Attach(house.name, card.name, knight.name, "equipment")]:
                    if _accepted(state, action):
                        entries.append((str(action).removeprefix(f"{house.name} "), action))
    else:
        entries = [(_option_words(pending.kind, o), Choose(house.name, o))
                   for o in options(state, pending)]
    _menu(ctl, describe_pending(pending), entries)


def _option_words(kind: str, option: str) -> str:
    if kind == "place-token":
        knight, _, colour = option.partition(":")
        return f"{'the held ' + colour + ' token ' if colour else ''}on {knight}"
    if kind == "keep-token":
        return f"keep the {option} token"
    if kind == "advance":
        return f"the {option} track"
    if kind == "gain-die":
        return f"a {option} die"
    return option


def ability_button(ctl: GameController, planner: str) -> ButtonSpec:
    state: JoustState = ctl.session.state
    house = state.household(planner)
    usable = bool(house.abilities) or any(k.ability for k in house.knights)
    return ButtonSpec("Ability Cards", lambda: ability_menu(ctl, planner), "A", usable)


def ability_menu(ctl: GameController, planner: str) -> None:
    """The planner's Ability Cards (each with its timing and effects), then the Knight to place
    it on; and the cards placed, to take back."""
    state: JoustState = ctl.session.state
    house = state.household(planner)
    cards = catalog(state)
    entries: list[tuple[str, object]] = []
    for name in sorted(set(house.abilities)):
        card = cards.ability(name)
        words = f"{name} ({card.kind}, {card.timing} the roll): {effect_words(card)}" \
            if card else name
        entries.append((words, lambda n=name: _ability_knights(ctl, planner, n)))
    for knight in house.knights:
        if knight.ability:
            entries.append((f"take {knight.ability} back from {knight.name}",
                            PlaceAbility(planner, knight.name, None)))
    _menu(ctl, f"House {planner}'s Ability Cards (one per Knight, hidden until its joust)",
          entries)


def _ability_knights(ctl: GameController, planner: str, card: str) -> None:
    state: JoustState = ctl.session.state
    house = state.household(planner)
    entries = [(f"on {k.name}" + (f" (instead of {k.ability})" if k.ability else ""),
                PlaceAbility(planner, k.name, card)) for k in house.knights]
    _menu(ctl, f"Place {card}", entries)


def phase_hint(state: JoustState) -> str:
    """What to do now in the Draw, Worker and Ennoblement Phases, or for a pending choice."""
    if state.pending:
        return f"Choice: {describe_pending(state.pending[0])} (Choose, or Enter)."
    name = state.turn
    if state.phase == "draw":
        return (f"Draw Phase: House {name} draws one Enhancement Card and Ability Cards up to "
                f"its hand limit (Draw, or Enter).")
    if state.phase == "worker":
        return (f"Worker Phase: House {name} places workers on a Building location (W) or "
                f"passes (P); keep a worker back to play Equipment in the Planning Phase.")
    if state.phase == "ennoblement":
        house = state.household(name)
        if not house.collected:
            return f"Ennoblement: House {name} collects its Bravery Tokens (Enter)."
        return (f"Ennoblement: House {name} takes completed tracks' Perks, spends Reputation "
                f"(S), then ends its turn (Enter); Reputation left is kept up to 12.")
    return ""


def house_lines(view: JoustState) -> list[str]:
    """Side-panel lines: each Household's Influence markers on the Political tracks, and the
    Ability Cards in a hand the viewer may see (a rival's are only counted, on its strip)."""
    cards = catalog(view)
    lines = ["Influence on the Political tracks:"]
    for house in view.households:
        spaces = influence_of(view, house)
        lines.append(f"{house.name}: " + ", ".join(f"{t.name} {spaces[t.name]}/{t.spaces}"
                                                   for t in cards.political))
    for house in view.households:
        known = [a for a in house.abilities if a != HIDDEN]
        if known:
            lines.append(f"{house.name}'s Ability Cards: {', '.join(known)}")
    return lines
