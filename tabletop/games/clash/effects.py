"""The one small vocabulary of card effects the Clash rules core applies (rulebook *Attack
Effects*, *Monster Responses*, *Keyword List*, *Escalating Outside of Wounding*, *Spawning
Mobs*).

An effect is written on a card as the card prints it, one sentence per entry:
``"Knockback 2"``, ``"Pushback 3 toward C5"``, ``"Knockback 3 to the left"``, ``"Lose 2
Vigor"``, ``"Knockdown"``, ``"Gain 1 Heat"``, ``"Gain 1 Passion"``, ``"Peril Check"``,
``"Spawn"``, ``"Escalate 1"``, ``"Escalate AI"``, ``"Additional Single Wound"``,
``"Perform Signature"``, ``"Draw AI"``.  :func:`parse` reads one; a sentence outside the
vocabulary is kept whole as a ``text`` effect, which the program shows to the players to
resolve at the table: it is never dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tabletop.games.clash import forced_kinds
from tabletop.spatial.grid import Space

MAX_EFFECT_LENGTH = 300
"""Longer sentences are refused by the card loader before any pattern is tried."""

KINDS = ("forced", "vigor", "knockdown", "heat", "passion", "peril", "spawn", "escalate",
         "wound", "attack", "text")
"""What an effect does: forced movement, Vigor loss, Knockdown, Heat, Passion, a Peril Check,
a Spawn, an Escalation, an additional Single Wound, a Monster attack (an Attack Response), or
words for the players."""

_NUMBER = r"(\d{1,2})"
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("vigor", re.compile(rf"(?:lose )?-?{_NUMBER} vigor")),
    ("heat", re.compile(rf"(?:gain )?\+?{_NUMBER} heat")),
    ("passion", re.compile(rf"(?:gain )?\+?{_NUMBER} passion")),
    ("knockdown", re.compile(r"(?:suffer )?knockdown")),
    ("peril", re.compile(r"peril check")),
    ("spawn", re.compile(r"spawn")),
    ("escalate", re.compile(rf"escalate (?:{_NUMBER}|(ai|bp))")),
    ("wound", re.compile(r"(?:deal an )?additional single wound")),
    ("attack", re.compile(r"(?:perform )?(signature|routine)|draw (?:an )?(ai)(?: card)?")),
)
_FORCED = re.compile(r"([a-z ]+?)(?: " + _NUMBER + r")?(?: (to the left|to the right|left|right"
                     r"|forward|back|north|east|south|west|to the north|to the east|to the south"
                     r"|to the west)| toward ([a-z]{1,2}\d{1,3}))?")


@dataclass(frozen=True)
class Effect:
    """One effect: ``kind`` (:data:`KINDS`), ``x`` its number, ``forced`` the forced-movement
    kind (:mod:`forced_kinds`), ``extra`` a direction, a space label, ``ai``/``bp`` for an
    Escalation or ``signature``/``routine``/``ai`` for an attack; ``text`` the words as
    printed."""

    kind: str
    text: str
    x: int = 0
    forced: str = ""
    extra: str = ""

    def __str__(self) -> str:
        return self.text


def parse(text: str) -> Effect:
    """The effect ``text`` names; anything outside the vocabulary is a ``text`` effect."""
    words = " ".join(text.split())
    plain = words.lower().rstrip(".")
    if len(plain) > MAX_EFFECT_LENGTH:
        return Effect("text", words)
    for kind, pattern in _PATTERNS:
        match = pattern.fullmatch(plain)
        if not match:
            continue
        if kind == "escalate":
            return Effect(kind, words, x=int(match.group(1) or 0), extra=match.group(2) or "")
        if kind == "attack":
            return Effect(kind, words, extra=match.group(1) or match.group(2))
        number = match.group(1) if match.groups() else None
        return Effect(kind, words, x=int(number) if number else 0)
    forced = _forced(plain, words)
    return forced if forced is not None else Effect("text", words)


def _forced(plain: str, words: str) -> Effect | None:
    """A forced-movement keyword with its X (and direction or space), or ``None``."""
    side = plain.endswith(" to the side")
    match = _FORCED.fullmatch(plain.removesuffix(" to the side"))
    if not match:
        return None
    name, number, way, space = match.groups()
    if side and (name != "knockback" or way or space):
        return None
    if side:
        name = "knockback to the side"
    if way:
        name = "directional knockback" if name == "knockback" else name
        way = way.removeprefix("to the ")
    if space:
        name = f"{name} toward"
    kind = forced_kinds.BY_NAME.get(name)
    if kind is None or kind.x != (number is not None):
        return None
    if kind.extra == "direction" and not way or kind.extra != "direction" and way:
        return None
    if space:
        try:
            Space.parse(space.upper())
        except ValueError:
            return None
    return Effect("forced", words, x=int(number or 0), forced=kind.name,
                  extra=way or (space.upper() if space else ""))


def parse_all(texts: tuple[str, ...]) -> tuple[Effect, ...]:
    """Each sentence of ``texts`` as an :class:`Effect`, in the order printed."""
    return tuple(parse(t) for t in texts)
