"""The Land of Almokon: cards, state, layout, rules core and query verbs."""

from collections.abc import Iterator

from tabletop.games.almokon import layout, query, rules, view, wording
from tabletop.games.almokon.choice_sets import SET_CHOICES
from tabletop.games.almokon.state import AlmokonState
from tabletop.games.contract import Game


def summary(state: AlmokonState) -> str:
    """``Aria 3 AP 5 Bounty v Brannoc 2 AP 0 Bounty, 9 cards in play, Aria to act``."""
    sides = " v ".join(f"{p.name} {p.ap} AP {p.bounty} Bounty" for p in state.players)
    status = (f"{state.winner} won" if state.winner and state.winner != "draw"
              else "drawn" if state.winner else f"{state.players[state.to_act].name} to act")
    return f"{sides}, {len(state.cards)} cards in play, {status}"


def legal_worded(state: AlmokonState, head: str, tail: str) -> Iterator[object]:
    """The legal actions whose words could begin with ``head``, from the families of
    :func:`~tabletop.games.almokon.rules.legal_actions` whose fixed words fit it
    (:meth:`~tabletop.games.almokon.listing.Listing.worded`); ``tail`` is not used."""
    return rules.legal_actions(state).worded(head)


GAME = Game(
    name="almokon",
    title="The Land of Almokon",
    state_type=AlmokonState,
    from_layout=layout.from_layout,
    to_layout=layout.to_layout,
    apply=rules.apply,
    legal_actions=rules.legal_actions,
    describe=rules.describe,
    summary=summary,
    verbs=query.VERBS,
    say=wording.form_words,
    view_for=view.view_for,
    acting=view.acting,
    is_partial=view.is_partial,
    same_move=rules.same_move,
    set_choices=SET_CHOICES,
    legal_worded=legal_worded,
)
