"""Hidden information: the state as one player (or an onlooker) may see it.

Rulebook, *Planning Phase*: the Households plan at the same time, and the Jousting Tokens lie
face down "so that your rival does not know the order of your Knights"; Ability Cards are
revealed when their Knight enters its joust (*Placing Ability Cards*).  Our reading for a
hot-seat game: while a Household plans, its rival sees none of its plan (order, Favor Actions,
Ability Cards, dice moved); in the Jousting Phase each Knight's order slot, Favor Action and
Ability Card stay hidden until its joust is revealed.  A Household's hand (Enhancement and
Ability Cards, and the card it keeps by the Rule Exception) is its own: the rival sees how
many cards it holds, not which, until one is played onto a Knight (then it lies face up on
the Knight).  The decks are laid "face down" (*Setting the Field*, step 4), and each leader's
Advanced Ability deck too, for everyone: their order is hidden; the bag's tokens are shown by
colour, sorted (what went in and came out was seen, the order of the draws is not).
Everything drawn or saved as a picture goes through :func:`view_for` first; :func:`acting`
names the Household that must be alone at the screen.
"""

from __future__ import annotations

from dataclasses import replace

from tabletop.games.joust.state import FACE_DOWN_CARD, HIDDEN, Household, JoustState, Knight


def view_for(state: JoustState, viewer: str | None) -> JoustState:
    """``state`` with every secret ``viewer`` may not see replaced by :data:`HIDDEN`.

    ``viewer`` is a Household's name (its own plan stays visible) or ``None`` for the public
    view (both players at the screen, or a screenshot).  The result has ``viewer`` set and
    cannot be played on (``apply`` refuses it).  Nothing is hidden once the game is over.
    """
    if state.phase == "over":
        return replace(state, viewer=viewer or HIDDEN)
    state = replace(state, enhancement_deck=_face_down(state.enhancement_deck),
                    ability_deck=_face_down(state.ability_deck), bag=tuple(sorted(state.bag)))
    houses = tuple(_own(house) if house.name == viewer else _hide(state, house)
                   for house in state.households)
    return replace(state, households=houses, viewer=viewer or HIDDEN)


def acting(state: JoustState) -> str | None:
    """The Household whose secrets are on show: the one choosing from its own hand (an
    Enhancement Card placed in the Worker Phase, the card kept by the Rule Exception), or the
    one planning now (initiative first: *Planning Phase*), whose plan is hidden from its
    rival; ``None`` otherwise (setting up, drawing, placing workers, jousting and ennobling are
    public, the hands and decks staying hidden from both)."""
    if state.viewer is not None:
        return None
    if state.pending and state.pending[0].kind in HAND_KINDS:
        return state.pending[0].house
    if state.phase != "planning":
        return None
    return next((h.name for h in state.in_order() if not h.ready), None)


HAND_KINDS = ("place-enhancement", "keep-enhancement")
"""Choices made from a Household's secret hand: shown only to that Household."""


def is_partial(state: JoustState) -> bool:
    """Whether ``state`` is a filtered view (a public picture reopened): it has unknown parts
    and ``apply`` refuses it."""
    return state.viewer is not None


def _face_down(cards: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(HIDDEN for _ in cards)


def _own(house: Household) -> Household:
    """The viewer's own Household: all but the order of its Advanced Ability deck."""
    return replace(house, advanced_deck=_face_down(house.advanced_deck))


def _hide(state: JoustState, house: Household) -> Household:
    house = replace(_own(house), abilities=_face_down(house.abilities),
                    kept=HIDDEN if house.kept else "", hand=(FACE_DOWN_CARD,) * len(house.hand))
    if state.phase == "setup":
        return house
    if state.phase == "planning":
        shown: set[str] = set()
        house = _unplace_dice(house)
    else:
        shown = set(house.order[:state.revealed])
    order = tuple(name if name in shown else HIDDEN for name in house.order)
    knights = tuple(k if k.name in shown else _hide_knight(k) for k in house.knights)
    return replace(house, order=order, knights=knights)


def _hide_knight(knight: Knight) -> Knight:
    return replace(knight, favor=HIDDEN if knight.favor else None,
                   ability=HIDDEN if knight.ability else "")


def _unplace_dice(house: Household) -> Household:
    """The Household as it looked before it moved any die this round: every placed die back in
    the pool or on its Squire."""
    pool = list(house.pool)
    knights = []
    for knight in house.knights:
        squire_slot = knight.squire.on if knight.squire else None
        pool.extend(c for s, c in knight.placed_dice() if s != squire_slot)
        knights.append(replace(
            knight, token_dice=tuple(None for _ in knight.tokens),
            equipment=tuple(replace(e, die=None) for e in knight.equipment),
            squire=knight.squire and replace(knight.squire, on=None)))
    return replace(house, knights=tuple(knights), pool=tuple(sorted(pool)))
