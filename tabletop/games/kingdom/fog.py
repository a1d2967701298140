"""The Deep Fog traversal on its own grid of Deep Fog cards.

Rulebook *Entering the Deep Fog*, *Traversing the Fog* (Stay the Course, Withdraw, Course
Correct), *Hazard Effects* (Half-cup, Full Cup, discard the top card), *Running Out of Deep Fog
Cards*, *Leaving the Deep Fog* (Flawless, Minor and Grave against a value of 4), *Emergence*.
The grid: the Starting Deep Fog card lies at ``(0, 0)``; x grows east, y south; the first path
heads east (all four headings are alike until a card blocks one).  A listed card is drawn at
once; an unlisted one waits for the players to describe it (a ``fog-card`` question, then
:func:`place`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from tabletop.errors import IllegalActionError
from tabletop.games.kingdom.actions import CourseCorrect, StayCourse, Withdraw
from tabletop.games.kingdom.state import HAZARDS, Fog, FogCard, KingdomState, PlacedFog
from tabletop.numbers import parse_int
from tabletop.spatial.tile_map import OPPOSITE, STEP
from tabletop.wording import counted


class Run(Protocol):
    """What the Deep Fog steps may read and do of one application of an action (the rules
    module's ``Run``, seen from here so that this module need not import the rules: no import
    circle): the state being built ``s``, and the rules' own steps."""

    s: KingdomState

    def say(self, kind: str, text: str, rule: str = "") -> None:
        """Log an event."""

    def refuse(self, rule: str) -> IllegalActionError:
        """The refusal of the action, naming ``rule``."""
        ...

    def lose(self, reason: str, rule: str) -> None:
        """The Expedition is lost."""

    def ask(self, kind: str, subject: str, options: tuple[str, ...], text: str) -> None:
        """Put a question to the players."""

    def set_phase(self, phase: str, **more: object) -> None:
        """Set the Delve phase (and other Delve fields)."""

    def gain(self, track: str, amount: int, *, hunt_now: bool = True, why: str = "") -> int:
        """Move a Kingdom track; returns the tiles Monster tokens must hunt for."""
        ...

    def tile_step(self, dest_id: str, direction: str | None, *, emerged: bool = False) -> None:
        """The Kingdom Tile step onto ``dest_id``."""

FLAWLESS_VALUE = 4


def _fog(run: Run) -> Fog:
    assert run.s.fog is not None
    return run.s.fog


def _next(cell: tuple[int, int], heading: str) -> tuple[int, int]:
    dx, dy = STEP[heading]
    return cell[0] + dx, cell[1] + dy


def value(fog: Fog) -> int:
    """The Deep Fog Value: the values of the cards on the current path, +1 per Full Cup."""
    return sum(c.card.value for c in fog.path_cards) + fog.full_cups


def enter(run: Run, target: str) -> None:
    """Enter the Deep Fog toward ``target``: +1 Threat, draw the Starting Deep Fog card."""
    tile = run.s.tile(target)
    run.say("fog", f"The party enters the Deep Fog toward {tile.label} (Deep Fog Intensity "
                   f"{tile.intensity}); a Generic token marks {run.s.tile(run.s.party).label}.",
            "Entering the Deep Fog")
    run.gain("threat", 1, why="Entering the Deep Fog")
    if not run.s.fog_left:
        run.lose("the party ran out of Deep Fog cards while in the Deep Fog",
                 "Running Out of Deep Fog Cards")
    run.s = replace(run.s, fog=Fog(target=target, origin=run.s.party, cards=(), path=()))
    run.set_phase("deep-fog")
    _lay(run, (0, 0))


CARD_VALUES = tuple(range(5))
"""The Deep Fog Values offered as answers when the players describe a drawn card (any value
0–9 may be typed in an answer)."""
MAX_CARD_VALUE = 9


def card_answers(fog: Fog) -> tuple[str, ...]:
    """The answers offered for an unlisted Deep Fog card: its value, and after the first
    course correction (when Hazards apply) its value with each Hazard Effect."""
    values = tuple(str(v) for v in CARD_VALUES)
    if fog.corrections < 1:
        return values
    return tuple(f"{v}{' ' + h if h else ''}" for v in values for h in HAZARDS)


def parse_card(answer: str, fog: Fog) -> FogCard | str:
    """The Deep Fog card the players describe: ``VALUE [HAZARD] [: NAME]`` (``2``,
    ``1 half-cup``, ``0 discard-top: Lantern Wake``); a reason in words when it is not one.
    An unnamed card is called ``Deep Fog card N`` (N: its place in this traversal)."""
    head, colon, name = answer.partition(":")
    words = head.split()
    form = (f"describe the card as its Deep Fog Value (0 to {MAX_CARD_VALUE}), then its "
            f"Hazard Effect if any ({' or '.join(h for h in HAZARDS if h)}), then ': its name'")
    value = parse_int(words[0], 0, MAX_CARD_VALUE) if 1 <= len(words) <= 2 else None
    if value is None or not words[0].isdigit():
        return form
    hazard = words[1].lower() if len(words) > 1 else ""
    if hazard not in HAZARDS:
        return f"the Hazard Effect is {' or '.join(h for h in HAZARDS if h)}, not {words[1]!r}"
    name = name.strip() if colon else ""
    if colon and (not name or not name.isprintable()):
        return "the card's name after ':' must be one line of text"
    name = name or f"Deep Fog card {len(fog.cards) + 1}"
    if any(c.card.name == name for c in fog.cards):
        return f"a card named {name!r} already lies in this traversal: give another name"
    return FogCard(name, value, hazard)


def _lay(run: Run, cell: tuple[int, int]) -> None:
    """Draw the top Deep Fog card onto ``cell``: a listed card at once; an unlisted one is
    described by the players first (a ``fog-card`` question); an empty deck loses."""
    if run.s.fog_deck:
        card, rest = run.s.fog_deck[0], run.s.fog_deck[1:]
        run.s = replace(run.s, fog_deck=rest)
        place(run, card, cell)
    elif run.s.fog_unlisted:
        run.s = replace(run.s, fog_unlisted=run.s.fog_unlisted - 1)
        hazards = (" and its Hazard Effect (Hazards apply now)"
                   if _fog(run).corrections >= 1 else "")
        run.ask("fog-card", f"{cell[0]},{cell[1]}", card_answers(_fog(run)),
                f"Draw the top Deep Fog card and give its Deep Fog Value{hazards}.")
    else:
        run.lose("the party ran out of Deep Fog cards while in the Deep Fog",
                 "Running Out of Deep Fog Cards")


def _hazard(run: Run, card: FogCard) -> None:
    """Resolve the Hazard Effect of a card drawn after the first course correction."""
    fog = _fog(run)
    if fog.corrections < 1 or not card.hazard:
        return
    if card.hazard == "half-cup":
        if fog.half_cup:
            fog = replace(fog, half_cup=False, full_cups=fog.full_cups + 1)
            run.say("fog", f"Hazard of {card.name}: the Half-cup token flips to a Full Cup "
                           f"(+1 Deep Fog Value).", "Hazard Effects")
        else:
            fog = replace(fog, half_cup=True)
            run.say("fog", f"Hazard of {card.name}: gain a Half-cup token.", "Hazard Effects")
        run.s = replace(run.s, fog=fog)
    elif discard_top(run):
        run.say("fog", f"Hazard of {card.name}: discard the top Deep Fog card unseen.",
                "Hazard Effects")
    else:
        run.say("fog", f"Hazard of {card.name}: the deck is empty, nothing to discard.",
                "Hazard Effects")


def discard_top(run: Run) -> bool:
    """Discard the top Deep Fog card without looking (listed or not); ``False`` when the
    deck is empty."""
    s = run.s
    if s.fog_deck:
        run.s = replace(s, fog_deck=s.fog_deck[1:], fog_discard=s.fog_discard + 1)
    elif s.fog_unlisted:
        run.s = replace(s, fog_unlisted=s.fog_unlisted - 1, fog_discard=s.fog_discard + 1)
    else:
        return False
    return True


def place(run: Run, card: FogCard, cell: tuple[int, int]) -> None:
    """Lay the drawn ``card`` on ``cell`` (its Hazard first, when Hazards apply), move the
    Party marker onto it and check the path's length (*Traversing the Fog*)."""
    _hazard(run, card)
    fog = _fog(run)
    run.s = replace(run.s, fog=replace(fog, cards=(*fog.cards, PlacedFog(card, *cell)),
                                       path=(*fog.path, cell)))
    if not fog.path:
        run.say("fog", f"Starting Deep Fog card: {card.name} (value {card.value}).",
                "Traversing the Fog")
    else:
        run.say("fog", f"Draw {card.name} (value {card.value}) and move onto it: the path is "
                       f"{counted(len(fog.path) + 1, 'card')} long, the Deep Fog Value "
                       f"{value(_fog(run))}.", "Traversing the Fog")
    _check_length(run)


def next_cell(fog: Fog) -> tuple[int, int]:
    """Where the next card of the current path goes: ``(0, 0)`` for the Starting card."""
    return _next(fog.path[-1], fog.heading) if fog.path else (0, 0)


def _check_length(run: Run) -> None:
    """A path as long as the Target's Intensity leaves the Fog; a shorter one with the deck
    empty has run out of cards (rulebook *Running Out of Deep Fog Cards*: "you may run out of
    cards before you reach the required path length ... Your Expedition ends in failure")."""
    fog = _fog(run)
    if len(fog.path) >= run.s.tile(fog.target).intensity:
        _leave(run)
    elif not run.s.fog_left:
        run.lose("the party ran out of Deep Fog cards while in the Deep Fog, before the path "
                 "was long enough", "Running Out of Deep Fog Cards")


def stay(run: Run) -> None:
    """Stay the Course: the next card goes straight on along the path."""
    fog = _fog(run)
    cell = _next(fog.path[-1], fog.heading)
    if fog.at(*cell):
        raise run.refuse("a Deep Fog card blocks the path straight ahead: Course Correct or "
                         "Withdraw (Traversing the Fog)")
    _lay(run, cell)


def correct(run: Run, cell: tuple[int, int], heading: str) -> None:
    """Course Correct from the path card at ``cell`` toward ``heading`` (perpendicular to the
    path); other revealed cards are flipped face down."""
    fog = _fog(run)
    if cell not in fog.path:
        raise run.refuse(f"the card at {cell} is not on the current path")
    if heading not in STEP or heading in (fog.heading, OPPOSITE[fog.heading]):
        sides = [h for h in STEP if h not in (fog.heading, OPPOSITE[fog.heading])]
        raise run.refuse(f"the new path must be perpendicular to the {fog.heading} path: "
                         f"{' or '.join(sides)}")
    ahead = _next(cell, heading)
    if fog.at(*ahead):
        raise run.refuse(f"a Deep Fog card already lies {heading} of that card")
    cards = tuple(replace(c, face_up=(c.x, c.y) == cell) for c in fog.cards)
    run.s = replace(run.s, fog=replace(fog, cards=cards, path=(cell,), heading=heading,
                                       corrections=fog.corrections + 1))
    run.say("fog", f"Course Correct #{fog.corrections + 1}: from {fog.at(*cell).card.name} the "
                   f"party heads {heading}; every other card is flipped face down"
                   f"{'; Hazard Effects now apply' if fog.corrections == 0 else ''}.",
            "Traversing the Fog")
    _lay(run, ahead)


def withdraw(run: Run) -> None:
    """Withdraw: back to the reminder tile, discard a lowest revealed card, +1 Threat."""
    fog = _fog(run)
    revealed = [c for c in fog.cards if c.face_up]
    run.say("fog", f"The party withdraws to {run.s.tile(fog.origin).label} and discards the "
                   f"reminder token.", "Traversing the Fog: Withdraw")
    _discard_lowest(run, "withdraw", revealed)


def _discard_lowest(run: Run, subject: str, cards: list[PlacedFog]) -> None:
    low = min(c.card.value for c in cards)
    names = tuple(dict.fromkeys(c.card.name for c in cards if c.card.value == low))
    if len(names) > 1:
        run.ask("fog-discard", subject, names,
                f"Discard a Deep Fog card of the lowest value ({low}): which one?")
    else:
        finish(run, subject, names[0])


def _leave(run: Run) -> None:
    """Leaving the Deep Fog: the final value against 4 (Flawless, Minor, Grave)."""
    fog = _fog(run)
    total = value(fog)
    cards = list(fog.path_cards)
    rule = "Leaving the Deep Fog"
    cups = f" + {fog.full_cups} Full Cup" if fog.full_cups else ""
    sums = " + ".join(str(c.card.value) for c in cards)
    if total == FLAWLESS_VALUE:
        outcome = "flawless"
        run.say("fog", f"Deep Fog Value {sums}{cups} = {total}: a Flawless Traversal.", rule)
    elif total < FLAWLESS_VALUE:
        outcome = "minor"
        run.say("fog", f"Deep Fog Value {sums}{cups} = {total}, less than 4: a Minor Penalty.",
                rule)
        names = tuple(dict.fromkeys(c.card.name for c in cards))
        run.ask("minor-penalty", "minor", names,
                "Minor Penalty: choose the single path card whose Grave Penalty you resolve.")
    else:
        outcome = "grave"
        penalties = "; ".join(f"{c.card.name}: {c.card.grave or 'its Grave Penalty'}"
                              for c in cards)
        run.say("fog", f"Deep Fog Value {sums}{cups} = {total}, more than 4: a Grave Penalty. "
                       f"Resolve every Grave Penalty of the path ({penalties}), the Party "
                       f"Leader as the Target.", rule)
    _discard_lowest(run, outcome, cards)


def finish(run: Run, subject: str, discard: str) -> None:
    """Discard ``discard`` and end the traversal: after a Withdraw (+1 Threat, then the
    Exploration step) or by Emergence onto the Target tile (then the Kingdom Tile step)."""
    fog = _fog(run)
    placed = list(fog.cards)
    gone = next(c for c in placed if c.card.name == discard and
                (c.face_up or subject != "withdraw"))
    placed.remove(gone)
    back = tuple(c.card for c in placed)
    s = run.s
    if s.fog_unlisted:
        run.s = replace(s, fog_deck=(), fog_unlisted=s.fog_left + len(back),
                        fog_discard=s.fog_discard + 1, fog=None)
        run.say("fog", f"Discard {discard}; the other Deep Fog cards are shuffled back into the "
                       f"deck ({counted(run.s.fog_left, 'card')}, order unknown).",
                "Leaving the Deep Fog")
    else:
        run.s = replace(s, fog_deck=(*s.fog_deck, *back), fog_discard=s.fog_discard + 1,
                        fog=None)
        run.say("fog", f"Discard {discard}; the other Deep Fog cards go back into the deck "
                       f"(under the listed cards; Shuffle when you shuffle the real deck).",
                "Leaving the Deep Fog")
    if subject == "withdraw":
        run.gain("threat", 1, why="Withdraw: the dangers of the Fog took notice")
        run.set_phase("exploration", drawn=0)
        return
    if subject != "flawless" and discard_top(run):
        run.say("fog", "Take the top Deep Fog card and discard it without revealing it.",
                "Leaving the Deep Fog")
    target = run.s.tile(fog.target)
    run.say("fog", f"Emergence: the Party marker comes out on {target.label}; the reminder "
                   f"token and any Cup tokens are discarded.", "Emergence")
    run.tile_step(fog.target, None, emerged=True)
    run.set_phase("exploration", drawn=0)


def legal(state: KingdomState) -> list[object]:
    """The Deep Fog choices open now: Stay the Course (if not blocked), each Course Correct
    (path card and perpendicular heading with room), Withdraw."""
    fog = state.fog
    if fog is None:
        return []
    out: list[object] = []
    if not fog.at(*_next(fog.path[-1], fog.heading)):
        out.append(StayCourse())
    for cell in fog.path:
        for heading in STEP:
            if heading in (fog.heading, OPPOSITE[fog.heading]):
                continue
            if not fog.at(*_next(cell, heading)):
                out.append(CourseCorrect(cell[0], cell[1], heading))
    out.append(Withdraw())
    return out
