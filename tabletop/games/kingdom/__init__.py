"""Kingdoms Forlorn's Kingdom map: tiles, Delve rounds, the Deep Fog, query verbs."""

from tabletop.games.contract import Game
from tabletop.games.kingdom import layout, query, rules, view
from tabletop.games.kingdom.state import KingdomState
from tabletop.wording import counted


def summary(state: KingdomState) -> str:
    """``12 tiles (5 explored), party on 3 Ash Gate, Threat 2/10, Curse 0/9, Time 4/16``."""
    explored = sum(t.status == "explored" for t in state.tiles)
    t = state.track
    where = state.tile(state.party).label
    phase = state.delve.phase if not state.over else state.delve.result
    return (f"{counted(len(state.tiles), 'tile')} ({explored} explored), party on {where}, "
            f"Threat {t.threat}/{t.threat_max}, Curse {t.curse}/{t.curse_max}, "
            f"Time {t.time}/{t.time_max}; {phase}")


GAME = Game(
    name="kingdom",
    title="Kingdoms Forlorn — Kingdom map",
    state_type=KingdomState,
    from_layout=layout.from_layout,
    to_layout=layout.to_layout,
    apply=rules.apply,
    legal_actions=rules.legal_actions,
    legal_worded=rules.legal_worded,
    describe=rules.describe,
    summary=summary,
    verbs=query.VERBS,
    view_for=view.view_for,
    acting=view.acting,
    is_partial=view.is_partial,
    open_actions=rules.OPEN_ACTIONS,
)
