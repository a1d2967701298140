"""What happened in a game of Almokon, as plain data, and the sentence for each."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    """One thing that happened: ``kind`` picks the sentence; ``player`` and ``card`` are
    names, ``other`` a second name, ``amount`` a number, ``rule`` the rule that decided."""

    kind: str
    player: str = ""
    card: str = ""
    other: str = ""
    amount: int = 0
    rule: str = ""

    def __str__(self) -> str:
        return describe(self)


_SENTENCES = {
    "gain-ap": "{player} gains {amount} AP.",
    "ready-all": "{player} readies all their cards.",
    "drew": "{player} draws a card.",
    "deck-empty": "{player}'s deck is empty: nothing to draw.",
    "moved": "{player} moves {card} to the Wilderness{other}.",
    "liquidated": "{player} liquidates {card} for {amount} AP.",
    "played": "{player} plays {card} for {amount} AP{other}.",
    "imbue": "{player} discards {card} for Imbue ({amount} less AP).",
    "activated": "{player} activates {card}: {other} ({amount} AP).",
    "command": "{player} exhausts {card} to Command {other}.",
    "window": "{player} may respond (Reflex or Veto).",
    "passed": "{player} does not respond.",
    "cancelled": "{card} is cancelled by a Veto; its AP is lost.",
    "entered": "{card} enters play in {other}{rule}.",
    "attached": "{card} is attached to {other}.",
    "fizzled": "{card} has no effect: {rule}.",
    "resolved": "{card} resolves and is discarded.",
    "attack": "{player}: {card} attacks {other}.",
    "frenzy": "{card} announces Frenzy: +{amount} Wrath, Vigor 1 until the end of combat.",
    "kinship": "{other} joins {card}'s attack through Kinship (+{amount} Wrath).",
    "damage": "{card} takes {amount} damage{rule}.",
    "destroyed": "{card} is destroyed{rule}.",
    "bounty": "{player} earns {amount} Bounty (total {other}).",
    "won": "{player} reaches 21 Bounty and wins.",
    "draw-game": "Both players reach 21 Bounty at once: the game is drawn.",
    "unresolved": "{card} never resolves (the game is over) and is discarded.",
    "exhausted": "{card} exhausts.",
    "readied": "{card} is readied.",
    "healed": "{card} loses {amount} damage.",
    "growth": "{card} gains {amount} Growth counter{s} (now {other}).",
    "harvest": "{player} harvests {card}: {amount} AP, and the card is disposed of.",
    "scout": "{player} looks at the top {amount} card{s} of their deck (Scout).",
    "foresee": "{player} looks at the top {amount} card{s} of their deck (Foresee).",
    "kept": "{player} takes one of them into the hand (kept secret).",
    "reordered": "{player} puts them back on top in an order of their choosing (kept secret).",
    "shuffled": "{player} shuffles their deck.",
    "seek-found": "{player} searches the deck and takes {card} into the hand.",
    "seek-none": "{player} searches the deck but finds no {card}.",
    "forged": "{player} Forges {card} into {other}, ready.",
    "forge-none": "{player} finds no {card} to Forge.",
    "follow-up": "{card} may attack {other}at once ({rule}).",
    "declined": "{player} declines.",
    "truce": "Truce: {player} may take two more non-combat actions.",
    "turn": "{player} is to act.",
}


def describe(event: Event) -> str:
    """The event as one sentence for the log."""
    template = _SENTENCES.get(event.kind, "{kind}")
    return template.format(kind=event.kind, player=event.player, card=event.card,
                           other=event.other, amount=event.amount, rule=event.rule,
                           s="" if event.amount == 1 else "s")
