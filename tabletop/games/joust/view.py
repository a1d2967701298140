"""Hidden information: the state as one player (or an onlooker) may see it.

Rulebook, *Planning Phase*: the Households plan at the same time, and the Jousting Tokens lie
face down "so that your rival does not know the order of your Knights"; Ability Cards are
revealed when their Knight enters its joust (*Placing Ability Cards*).  Our reading for a
hot-seat game: while a Household plans, its rival sees none of its plan (order, Favor Actions,
Ability Cards, dice moved); in the Jousting Phase each Knight's order slot, Favor Action and
Ability Card stay hidden until its joust is revealed.  Enhancement Cards are drawn from a deck
laid "face down" (*Setup*, step 4) into the Household's hand: a rival sees how many it holds,
not which, until one is played onto a Knight (then it lies face up on the Knight).
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
    cannot be played on (``apply`` refuses it).  Nothing is hidden once the game is over or
    while setting up.
    """
    if state.phase in ("over", "setup"):
        return replace(state, viewer=viewer or HIDDEN)
    houses = tuple(house if house.name == viewer else _hide(state, house)
                   for house in state.households)
    return replace(state, households=houses, viewer=viewer or HIDDEN)


def acting(state: JoustState) -> str | None:
    """The Household planning now (initiative first: *Planning Phase*), whose plan is on show
    and hidden from its rival; ``None`` outside planning (setting up and jousting are public,
    order slots not yet revealed stay hidden from both)."""
    if state.phase != "planning" or state.viewer is not None:
        return None
    return next((h.name for h in state.in_order() if not h.ready), None)


def is_partial(state: JoustState) -> bool:
    """Whether ``state`` is a filtered view (a public picture reopened): it has unknown parts
    and ``apply`` refuses it."""
    return state.viewer is not None


def _hide(state: JoustState, house: Household) -> Household:
    if state.phase == "planning":
        shown: set[str] = set()
        house = _unplace_dice(house)
    else:
        shown = set(house.order[:state.revealed])
    order = tuple(name if name in shown else HIDDEN for name in house.order)
    knights = tuple(k if k.name in shown else _hide_knight(k) for k in house.knights)
    return replace(house, order=order, knights=knights,
                   hand=(FACE_DOWN_CARD,) * len(house.hand))


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
