"""What the party may see of a Clash played from cards (hidden information).

Kingdoms Forlorn is played together against the game, so what is hidden is hidden from every
player alike.  The rulebook keeps these cards face down:

- the AI deck ("although the AI cards are face down, you get some sense of how dangerous the
  next Monster Attack will be": the level is printed on the back, *Draw AI or Resolve
  Signature*) and the BP deck ("the BP deck and cards are kept face down", *Determine BP
  Card*);
- a Mob's BP card on the Mob track until it is revealed ("If it's not already revealed,
  reveal the BP card corresponding to the Mob miniature you are attacking"; afterwards it
  "remains in place, now revealed", *Failing to Wound*);
- the Escalation decks, from which "a random card one level higher" is taken (*Escalation
  Chart*).

Face up and public: the Signature, the discard piles, the Wound Stack ("place it face up on
top of the Wound Stack", *Wound Stack*) and the Judicium deck's make-up (the Massive Peril
cards are added in the open).  The Mortis decks are the players' own at the table and not
modelled.

So the public view writes each face-down card as its back (:func:`back`: its level, which
anyone may read), a deck's backs sorted by level (the order is secret; only how many cards of
each level it holds is on show), and leaves the Clash's seed out (with it, anyone could work
out every future shuffle, card and roll).  Such a view loads back from a layout
(``view = "public"``) as a board that cannot be played on.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import TYPE_CHECKING

from tabletop.errors import IllegalActionError
from tabletop.games.clash.state import ClashState

if TYPE_CHECKING:
    from tabletop.games.clash.encounter import Encounter

BACK = "?"
"""The first character of a face-down card in a view (``?AI 2``, ``?BP 1``): no card name
starts with it (the card loader refuses such names)."""
FACE_DOWN = ("ai_deck", "bp_deck", "ai_escalation", "bp_escalation")
"""The Encounter's card lists that lie face down."""
PUBLIC_VIEW = "public"
"""``view = "public"`` in a layout: the public view of a Clash (its face-down cards as their
backs, no seed); it loads as a board that cannot be played on."""


def back(ai: bool, level: int) -> str:
    """The back of a face-down AI or BP card of ``level`` as a view writes it: ``?AI 1``."""
    return f"{BACK}{'AI' if ai else 'BP'} {level}"


def is_back(name: str) -> bool:
    """Whether ``name`` is a face-down card's back, not a card's name."""
    return name.startswith(BACK)


def back_level(name: str, ai: bool) -> int | None:
    """The level on the back ``name`` (``?AI 2`` -> 2), or ``None`` when ``name`` is no back
    of an AI (``ai``) or BP card."""
    kind, _, level = name[len(BACK):].partition(" ")
    if not is_back(name) or kind != ("AI" if ai else "BP") or level not in ("0", "1", "2", "3"):
        return None
    return int(level)


def level_of(cards: Encounter, name: str, ai: bool) -> int:
    """The level of the AI (``ai``) or BP card ``name``, read from its back in a view."""
    if is_back(name):
        return back_level(name, ai) or 0
    card = cards.library.attack_card(name) if ai else cards.library.bp(name)
    return card.level if card is not None else 0


def _backs(cards: Encounter, names: tuple[str, ...], ai: bool,
           shown: Counter[str]) -> tuple[str, ...]:
    """``names`` (a face-down pile) as the table sees it: the cards in ``shown`` by name in
    their places (used up from ``shown``), the others' backs sorted by level in the rest."""
    keep = [False] * len(names)
    for index, name in enumerate(names):
        if shown[name] > 0:
            shown[name] -= 1
            keep[index] = True
    backs = iter(sorted((back(ai, level_of(cards, n, ai))
                         for n, kept in zip(names, keep, strict=True) if not kept),
                        key=lambda b: (back_level(b, ai), b)))
    return tuple(n if kept else next(backs) for n, kept in zip(names, keep, strict=True))


def public_cards(cards: Encounter, shown: Counter[str] | None = None,
                 revealed: tuple[str, ...] = ()) -> Encounter:
    """``cards`` as the table sees them: every face-down card as its back (a deck's backs
    sorted by level), a Mob's BP card as its back until revealed, no seed (the counts of
    shuffles and rolls made stay: without the seed they tell nothing).  ``shown`` (cards a
    sequence under way has turned face up) and the Mobs of ``revealed`` (whose BP card it
    revealed) stay by name."""
    shown = Counter(shown or ())
    hidden = {key: _backs(cards, getattr(cards, key), key.startswith("ai"), shown)
              for key in FACE_DOWN}
    mobs = tuple((mob, name if mob in cards.revealed or mob in revealed or is_back(name)
                  else back(False, level_of(cards, name, False)))
                 for mob, name in cards.mob_cards)
    return replace(cards, seed=0, mob_cards=mobs, public=True, **hidden)


def view_for(state: ClashState, player: str | None = None) -> ClashState:
    """``state`` as the party (any player, or an onlooker) sees it: with cards, the Encounter
    of :func:`public_cards`; a board without cards hides nothing.  While a card sequence is
    under way (the state is the board before it), the cards it has drawn or revealed so far
    are shown by name: the table has seen them.  ``player`` makes no difference (the game is
    cooperative)."""
    if state.cards is None:
        return state
    if state.sequence is None or state.cards.public:
        return replace(state, cards=public_cards(state.cards))
    from tabletop.games.clash import running
    now = running.board_now(state).cards
    before = Counter(n for key in FACE_DOWN for n in getattr(state.cards, key))
    after = Counter(n for key in FACE_DOWN for n in getattr(now, key))
    return replace(state, cards=public_cards(state.cards, before - after, now.revealed))


def acting(state: ClashState) -> None:
    """Nobody: every player may see what any player sees (a cooperative game)."""
    return None


def is_partial(state: ClashState) -> bool:
    """Whether ``state`` is the public view of a Clash (a public picture reopened): its
    face-down cards and seed are unknown, so it cannot be played on."""
    return state.cards is not None and state.cards.public


def refuse_partial(state: ClashState, action: object) -> None:
    """Raise :class:`IllegalActionError` when ``state`` is a public view (:func:`is_partial`)."""
    if is_partial(state):
        raise IllegalActionError(action, "this is the public view of a Clash: its face-down "
                                         "cards and its seed are unknown, so it cannot be "
                                         "played on (open the saved layout instead)")
