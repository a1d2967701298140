"""Fateforge Combat Scenes: the zone map, the combat round and the query verbs."""

from tabletop.games.contract import Game
from tabletop.games.fateforge import layout, query, rules, same_move
from tabletop.games.fateforge.state import FateforgeState


def summary(state: FateforgeState) -> str:
    """``2 heroes, 3 enemies on 6 zones; round 1 of 3, preparation``."""
    rnd = state.round
    text = (f"{len(state.heroes)} heroes, {len(state.enemies)} enemies on {len(state.zones)} "
            f"zones; round {rnd.number} of {rnd.of}, {rnd.phase}")
    return f"{text} ({state.outcome})" if state.outcome else text


GAME = Game(
    name="fateforge",
    title="Fateforge — Combat Scene",
    state_type=FateforgeState,
    from_layout=layout.from_layout,
    to_layout=layout.to_layout,
    apply=rules.apply,
    legal_actions=rules.legal_actions,
    legal_worded=rules.legal_worded,
    describe=rules.describe,
    summary=summary,
    verbs=query.VERBS,
    is_chance_node=rules.is_chance_node,
    chance_outcomes=rules.chance_outcomes,
    open_actions=rules.OPEN_ACTIONS,
    same_move=same_move.same_move,
    set_choices=rules.SET_CHOICES,
)
