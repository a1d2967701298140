"""The one way a whole number is read from text a user (or a stranger's file) wrote.

``str.isdigit()`` accepts digits ``int()`` refuses ("²") and ``int()`` refuses more than 4,300
digits, so neither is used on input; :func:`read_int` accepts only ASCII digits (with a minus
sign where the range allows one) and only values within a stated range, and checks the length
before converting, so the work done is bounded by the range, not by the input.
"""

from __future__ import annotations

from tabletop.errors import TabletopError


class NumberError(TabletopError):
    """Text that is not a whole number within the range asked for; ``str`` says which."""


def parse_int(text: str, low: int, high: int) -> int | None:
    """The whole number ``text`` spells (ASCII digits, optionally a sign first: ``+``, or
    ``-`` when ``low`` is negative; surrounding spaces ignored) if it lies in ``low..high``;
    otherwise ``None``."""
    word = text.strip()
    negative = word.startswith("-") and low < 0
    digits = word[1:] if negative or word.startswith("+") else word
    longest = len(str(max(abs(low), abs(high))))
    if not digits or len(digits) > longest or not (digits.isascii() and digits.isdigit()):
        return None
    value = -int(digits) if negative else int(digits)
    return value if low <= value <= high else None


def read_int(text: str, low: int, high: int, what: str = "the number") -> int:
    """Like :func:`parse_int`, but text that is not a number in ``low..high`` raises
    :class:`NumberError` saying ``what`` it should be, in words."""
    value = parse_int(text, low, high)
    if value is None:
        raise NumberError(f"{what} must be a whole number from {low} to {high}, "
                          f"not {shorten(text)!r}")
    return value


def shorten(text: str, limit: int = 24) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis, for quoting input in a message."""
    return text if len(text) <= limit else text[:limit - 1] + "…"
