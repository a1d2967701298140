"""What happened on the Clash Board, as plain data, and the sentence for each (``describe``).

Every rule decision the core makes is an :class:`Event`; ``rule`` names the rulebook section
that decided, so the log can say why.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.spatial.grid import Space


@dataclass(frozen=True)
class Event:
    """One thing that happened.

    ``kind`` picks the sentence; ``piece`` is who it happened to, ``path`` the spaces it moved
    through (start excluded, last = where it ended; a Crash: the space where it was suffered),
    ``other`` a second name (a tile, a Monster, a weapon), ``amount`` a number (Vigor lost,
    new Passion …), ``rule`` the rulebook section that decided.
    """

    kind: str
    piece: str = ""
    path: tuple[Space, ...] = ()
    other: str = ""
    amount: int = 0
    rule: str = ""

    def __str__(self) -> str:
        return describe(self)


_SENTENCES = {
    "turn-started": "{piece} begins a turn (Knight Round {amount}).",
    "refreshed": "{piece} refreshes: Heat lowered to {amount}.",
    "stood-up": "{piece} stands up (Knockdown, standing up side).",
    "knockdown-flipped": "{piece} flips the Knockdown card to its standing up side.",
    "moved": "{piece} moves to {to} ({rule}).",
    "turn-ended": "{piece} ends the turn.",
    "round-changed": "The {other} Round of round {amount} begins.",
    "attacked": "{piece} attacks {other}.",
    "passion": "{piece}'s Passion rises to {amount}.",
    "priority": "{piece} takes the Priority Target token.",
    "blindspot-bonus": "{piece} attacks from a Blindspot of {other}: +1 Precision.",
    "stat-set": "{piece}'s {other} is now {amount}.",
    "knockdown-set": "{piece}'s Knockdown card: {other}.",
    "placed": "{piece} is placed on {to}.",
    "tile-placed": "{piece} is placed on {spaces}.",
    "removed": "{piece} is removed from the board.",
    "rotated": "{piece} turns to face {other}.",
    "pushed": "{piece} is moved {steps} to {to}{via} ({rule}).",
    "source-moved": "{piece} moves {steps} to {to}{via} ({rule}).",
    "crash": "{piece} suffers Crash{against}: -1 Vigor and Knockdown ({rule}).",
    "crash-braced": "{piece} suffers Crash{against}: -1 Vigor; Braced, so no Knockdown.",
    "vigor-zero": "{piece} drops to 0 Vigor: Peril Check, draw a Judicium.",
    "knocked-down": "{piece} is knocked down ({rule}).",
    "destroyed": "{other} is destroyed ({rule}).",
    "displaced": "{piece} is Displaced to {to} ({rule}).",
    "died": "{piece} dies ({rule}).",
    "edge": "{piece} meets the Board Edge and slides {other} ({rule}).",
    "stopped": "{piece} stops: {other} ({rule}).",
    "ignored": "{piece} ignores the movement: {other} ({rule}).",
    "jumped": "{piece} Jumps over {other} on {to}.",
    "unavoidable-knockback": "{piece} suffers Unavoidable Knockback {amount} from {other}.",
    "attack-target": "{other} attacks {piece} ({rule}).",
    "wounded": "{piece} wounds the Monster: the Last Knight to Wound.",
    "out-of-reach": "{piece} is Out of Reach of {other}'s attack: Out of Reach Evade ({rule}).",
    "priority-passed": "The Priority Target token passes to {piece} ({rule}).",
    "slowed": "{piece} stands on Difficult Terrain: -1 Speed, it moves at most {amount} "
              "({rule}).",
    "tile-removed": "{other} is taken off the board: every tile of its type is in play and it "
                    "is the furthest from the Monster ({rule}).",
    "lifeline": "{piece} uses Lifeline instead of dying ({other}).",
    "reduced": "{piece}'s {other} is reduced to {amount} ({rule}).",
    "divine": "{piece} holds the Divine Target token.",
    "divine-cleared": "Nobody holds the Divine Target token.",
    "vp-created": "{piece}'s Vantage Point on {to} is created and can be climbed.",
    "climbed": "{piece} passes the Climb test and climbs {other}'s Vantage Point on {to}.",
    "climb-failed": "{piece} fails the Climb test and stays on the ground.",
    "hold-on": "{piece} on {other}'s Vantage Point performs a Hold on test (Monster Sheet).",
    "fell": "{piece} falls from {other}'s Vantage Point; resolve the Monster Sheet's effects.",
    "tokens-readied": "{amount} spent Activation token{s} flipped to ready ({rule}).",
    "activation-resolved": "{piece} resolves its {other} Activation: {card}; the players "
                           "play out Targeting, Movement and the Attack ({rule}).",
    "token-spent": "{piece}'s {other} token is flipped to spent ({rule}).",
    "token-moved": "{piece}'s Activation token moves, spent, to {other}'s BP card: the next "
                   "card to the right without a token, the track looping ({rule}).",
    "token-stacked": "{piece}'s Activation token moves, spent, to {other}'s BP card: every "
                     "other card holds a token, so the next card to the right takes it; "
                     "{other} now holds {amount} tokens and activates that often ({rule}).",
    "token-carried": "{piece}'s Activation token moves to {other}'s BP card without being "
                     "flipped: a defeated Mob's token keeps its side ({rule}).",
    "token-discarded": "{piece}'s {other} token leaves the Mob track: no BP card is left "
                       "({rule}).",
    "mob-defeated": "{piece} is defeated: its miniature and BP card leave the board and the "
                    "Mob track ({rule}).",
    "next-boss-ai-sheet": "Next: {piece} resolves an AI Activation: the next ready token in "
                          "the Monster Sheet's order, which never changes ({rule}).",
    "next-boss-signature-sheet": "Next: {piece} resolves a Signature Activation: the next "
                                 "ready token in the Monster Sheet's order, which never "
                                 "changes ({rule}).",
    "next-boss-ai": "Next: {piece} resolves an AI Activation: the Sheet gives no order, so "
                    "AI Activations come first ({rule}).",
    "next-boss-signature": "Next: {piece} resolves its Signature Activation: the Sheet gives "
                           "no order and its AI tokens are spent ({rule}).",
    "next-mob": "Next: {piece} activates ({other} token): it holds the leftmost ready "
                "Activation token on the Mob track ({rule}).",
    "said": "{other}{because}.",
    "activations-done": "Every Activation token is spent: resolve other Actions, then end the "
                        "Monster Round ({rule}).",
}


def describe(event: Event) -> str:
    """``event`` as one sentence for the log."""
    template = _SENTENCES.get(event.kind)
    if template is None:
        return f"{event.kind}: {event.piece} {event.other}".strip()
    steps = len(event.path)
    via = ""
    if len(event.path) > 1:
        via = " via " + ", ".join(str(s) for s in event.path[:-1])
    return template.format(
        piece=event.piece, other=event.other, amount=event.amount, rule=event.rule,
        to=str(event.path[-1]) if event.path else "",
        spaces=", ".join(str(s) for s in event.path),
        steps=f"{steps} space{'' if steps == 1 else 's'}",
        via=via, s="" if event.amount == 1 else "s",
        card="draw the top AI card" if event.other == "AI" else "resolve the Signature card",
        against=f" against {event.other}" if event.other else "",
        because=f" ({event.rule})" if event.rule else "",
    )
