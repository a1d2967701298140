"""King's Champion: state, layout, setup, the five Phases of Play, query verbs."""

from tabletop.games.contract import Game
from tabletop.games.joust import layout, query, rules, setup, view
from tabletop.games.joust.state import JoustState


def summary(state: JoustState) -> str:
    """``round 2 of 6, planning; Bloodguard 19 Morale, Echelon 17 Morale``."""
    houses = ", ".join(f"{h.name} {h.morale} Morale" for h in state.households)
    return f"round {state.round} of 6, {state.phase}; {houses}"


GAME = Game(
    name="joust",
    title="King's Champion — The List",
    state_type=JoustState,
    from_layout=layout.from_layout,
    to_layout=layout.to_layout,
    apply=rules.apply,
    legal_actions=rules.legal_actions,
    describe=rules.describe,
    summary=summary,
    verbs=query.VERBS,
    new_game=setup.new_game,
    view_for=view.view_for,
    acting=view.acting,
    is_partial=view.is_partial,
    is_chance_node=rules.is_chance_node,
    chance_outcomes=rules.chance_outcomes,
    open_actions=rules.OPEN_ACTIONS,
)
