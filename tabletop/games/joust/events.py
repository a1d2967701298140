"""What happened, as plain data; :func:`describe` turns each event into a sentence for the log.

Planning events never carry a Household's secrets (its order, Favor Actions, Ability Cards or
dice): the log is read by both players.
"""

from __future__ import annotations

from tabletop.frozen import Frozen
from tabletop.games.joust.state import FAVOR_TITLES, PHASE_TITLES
from tabletop.wording import counted


class TokenPlaced(Frozen):
    """``house`` placed a Bravery Token on ``knight`` in ``colour``: ``gain`` Morale gained,
    its Morale now ``morale``."""

    house: str
    knight: str
    colour: str
    gain: int
    morale: int


class Planned(Frozen):
    """A Household changed its secret plan; ``what`` is the public part (may be empty)."""

    house: str
    what: str = ""


class PhaseBegins(Frozen):
    """Phase ``phase`` of round ``round`` begins; ``initiative`` holds the initiative."""

    phase: str
    round: int
    initiative: str


class CrownPlaced(Frozen):
    """``house`` placed a Crown on track ``track``, now at ``progress`` of ``length``; ``perk``
    is the track's Perk in words."""

    house: str
    track: str
    progress: int
    length: int
    perk: str


class JoustRevealed(Frozen):
    """Joust ``index`` (0-2): each ``(house, knight, favor or None, ability note, panic)``."""

    index: int
    knights: tuple[tuple[str, str, str | None, str, bool], ...]


class FavorResolved(Frozen):
    """``house``'s ``knight`` resolved the Lady's Favor ``favor``: ``words`` say what it did."""

    house: str
    knight: str
    favor: str
    words: str


class KnightScored(Frozen):
    """One Knight's joust roll scored: each die in words, the totals, and what they did.
    ``card_hits`` and ``card_pips`` are the Ability Card's share of ``hits`` and ``pips``;
    ``stopped_by`` names what of the rival's stopped the ``blocked`` hits."""

    house: str
    knight: str
    rival: str
    dice: tuple[str, ...]
    hits: int
    criticals: int
    aftershocks: int
    bonus_hit: bool
    blocked: int
    converted: int
    damage: int
    reputation: int
    reputation_now: int
    pips: int
    target: int
    crown: bool
    card_hits: int = 0
    card_pips: int = 0
    stopped_by: str = "Block"


class MoraleChanged(Frozen):
    """``house``'s Morale changed by ``change`` to ``morale``, because ``why``."""

    house: str
    change: int
    morale: int
    why: str


class Panicked(Frozen):
    """``house``'s ``knight`` panicked after taking ``hits`` hits."""

    house: str
    knight: str
    hits: int


class GameOver(Frozen):
    """The game ended: ``winner`` (``None`` for a tie), and ``why``."""

    winner: str | None
    why: str


class Happened(Frozen):
    """Something a Household did or gained, in words that name no secret (cards drawn are
    counted, never named)."""

    house: str
    text: str


class AbilityUsed(Frozen):
    """An Ability Card's effects took hold (``timing`` before, during or after the roll)."""

    house: str
    knight: str
    card: str
    timing: str
    words: str


Event = (TokenPlaced | Planned | PhaseBegins | CrownPlaced | JoustRevealed | FavorResolved
         | KnightScored | MoraleChanged | Panicked | GameOver | Happened | AbilityUsed)


def describe(event: Event) -> str:
    """The event as one sentence (or a few, for a scored roll)."""
    if isinstance(event, TokenPlaced):
        return (f"House {event.house} places a {event.colour} Bravery Token on {event.knight}: "
                f"+{event.gain} Morale ({event.morale}).")
    if isinstance(event, Planned):
        return f"House {event.house} {event.what or 'changes its secret plan'}."
    if isinstance(event, PhaseBegins):
        return (f"Round {event.round}: {PHASE_TITLES.get(event.phase, event.phase)}; House "
                f"{event.initiative} has initiative.")
    if isinstance(event, Happened):
        return f"House {event.house} {event.text}."
    if isinstance(event, AbilityUsed):
        when = {"before": "before the roll", "during": "in the roll", "after": "after the roll"}
        return (f"{event.knight}'s Ability Card {event.card} ({when[event.timing]}): "
                f"{event.words}.")
    if isinstance(event, CrownPlaced):
        done = f", complete: {event.perk}" if event.progress >= event.length else ""
        return (f"House {event.house} puts a King's Crown on {event.track} "
                f"({event.progress}/{event.length}{done}).")
    if isinstance(event, JoustRevealed):
        parts = []
        for house, knight, favor, ability, panic in event.knights:
            text = f"{house}'s {knight}"
            if panic:
                text += " (Panicked, no Favor Action)"
            elif favor:
                text += f" with {FAVOR_TITLES.get(favor, favor)}"
            if ability:
                text += f", Ability: {ability}"
            parts.append(text)
        return f"Joust {event.index + 1}: " + " against ".join(parts) + "."
    if isinstance(event, FavorResolved):
        return (f"{event.knight}'s {FAVOR_TITLES.get(event.favor, event.favor)}: "
                f"{event.words}.")
    if isinstance(event, KnightScored):
        return _describe_score(event)
    if isinstance(event, MoraleChanged):
        sign = "+" if event.change >= 0 else ""
        return f"House {event.house} Morale {sign}{event.change} ({event.why}): {event.morale}."
    if isinstance(event, Panicked):
        return (f"{event.knight} of House {event.house} took {event.hits} hits and is "
                f"Panicked: no Favor Action next round.")
    if isinstance(event, GameOver):
        if event.winner is None:
            return f"The game is a tie: {event.why}."
        return f"House {event.winner} is the King's Champion: {event.why}."
    raise TypeError(f"not a joust event: {event!r}")


def _describe_score(e: KnightScored) -> str:
    lines = [f"{e.knight} ({e.house}) rolls: " + "; ".join(e.dice) + "."]
    total = counted(e.hits, "hit")
    extra = []
    if e.criticals:
        extra.append(counted(e.criticals, "Critical Hit"))
    if e.aftershocks:
        extra.append(counted(e.aftershocks, "Aftershock"))
    if e.bonus_hit:
        extra.append("+1 from the Hit Favor Action")
    if e.card_hits:
        extra.append(f"+{e.card_hits} from the Ability Card")
    if extra:
        total += " (" + ", ".join(extra) + ")"
    if e.blocked:
        total += f", {e.blocked} stopped by {e.rival}'s {e.stopped_by}"
    if e.converted:
        total += f", {e.converted} turned into Morale by Mark of the Church"
    lines.append(f"{total}: {e.rival} takes {counted(e.damage, 'hit')}.")
    lines.append(f"+{e.reputation} Reputation ({e.reputation_now}, at most 12).")
    verdict = "beats" if e.crown else "does not beat"
    crown = ": a King's Crown" if e.crown else ""
    card = f" (+{e.card_pips} from the Ability Card)" if e.card_pips else ""
    lines.append(f"Pip count {e.pips}{card} {verdict} {e.target}{crown}.")
    return " ".join(lines)
