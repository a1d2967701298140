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
from tabletop.numbers import parse_int
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
    """A forced-movement keyword with its X (and direction or space), or ``None``: the first
    kind of :data:`forced_kinds.KINDS` whose printed words
    (:meth:`~tabletop.games.clash.forced_kinds.ForcedKind.card_words`) ``plain`` spells."""
    said = plain.split()
    for kind in forced_kinds.KINDS:
        values = _spelled(kind.card_words().split(), said)
        if values is not None:
            x, extra = values
            return Effect("forced", words, x=x, forced=kind.name, extra=extra)
    return None


_DIRECTION_WORDS = tuple(sorted(
    ((form.split(), way) for way in forced_kinds.KNOCKBACK_DIRECTIONS
     for form in {way, forced_kinds.in_words(way)}), key=lambda pair: -len(pair[0])))
"""Each directional Knockback direction as a card may print it (``left``, ``to the left``),
longest first."""


def _spelled(pattern: list[str], said: list[str]) -> tuple[int, str] | None:
    """``(X, extra)`` when the words ``said`` follow ``pattern`` (literal words, and ``X``: a
    number 0 to 99, ``SPACE``: a space label, ``DIRECTION``: a direction of
    :data:`forced_kinds.KNOCKBACK_DIRECTIONS`), else ``None``; ``extra`` is the space (upper
    case) or the direction."""
    x, extra, at = 0, "", 0
    for word in pattern:
        if word == "DIRECTION":
            found = next(((form, way) for form, way in _DIRECTION_WORDS
                          if said[at:at + len(form)] == form), None)
            if found is None:
                return None
            at, extra = at + len(found[0]), found[1]
            continue
        if at >= len(said):
            return None
        token = said[at]
        at += 1
        if word == "X":
            value = parse_int(token, 0, 99) if token[:1].isdigit() else None
            if value is None:
                return None
            x = value
        elif word == "SPACE":
            extra = _space(token)
            if not extra:
                return None
        elif token != word:
            return None
    return (x, extra) if at == len(said) else None


def _space(token: str) -> str:
    """``token`` as a space label in upper case (``C5``), or ``""`` when it is none."""
    if len(token) > 5:
        return ""
    try:
        return str(Space.parse(token.upper()))
    except ValueError:
        return ""


def parse_all(texts: tuple[str, ...]) -> tuple[Effect, ...]:
    """Each sentence of ``texts`` as an :class:`Effect`, in the order printed."""
    return tuple(parse(t) for t in texts)
