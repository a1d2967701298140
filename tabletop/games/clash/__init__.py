"""Kingdoms Forlorn's Clash Board: state, layout, rules and query verbs."""

from tabletop.games.clash import layout, query, rules, view
from tabletop.games.clash.state import ClashState
from tabletop.games.contract import Game


def summary(state: ClashState) -> str:
    """``3 knights, 1 monster, 4 terrain tiles on a 12 x 18 board``."""

    def count(n: int, word: str) -> str:
        return f"{n} {word}{'' if n == 1 else 's'}"

    return (f"{count(len(state.knights), 'knight')}, {count(len(state.monsters), 'monster')}, "
            f"{count(len(state.terrain), 'terrain tile')} on a "
            f"{state.board.rows} × {state.board.cols} board")


GAME = Game(
    name="clash",
    title="Kingdoms Forlorn — Clash Board",
    state_type=ClashState,
    from_layout=layout.from_layout,
    to_layout=layout.to_layout,
    apply=rules.apply,
    legal_actions=rules.legal_actions,
    describe=rules.describe,
    summary=summary,
    verbs=query.VERBS,
    view_for=view.view_for,
    acting=view.acting,
    is_partial=view.is_partial,
    open_actions=rules.OPEN_ACTIONS,
)
