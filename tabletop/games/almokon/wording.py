"""Almokon actions in the players' words: card names, never uids."""

from __future__ import annotations

from tabletop.games.almokon import rules
from tabletop.games.almokon.actions import (
    Activate,
    Attack,
    Choose,
    Decline,
    GainAP,
    Liquidate,
    Move,
    Pass,
    PlayCard,
    ReadyAll,
)
from tabletop.games.almokon.state import AlmokonState


def form_words(state: AlmokonState, action) -> str:
    """One legal form of an action in names, never raw ids, with what it spends (a menu
    line: "Play Siege Golem: discard Berserker Chief for Imbue (-3 AP), pay 4 AP")."""
    name = state.name_of
    if isinstance(action, PlayCard):
        words = f"Play {name(action.uid)}"
        if action.as_item:
            words += f" as Crew on {name(action.target)}"
        elif action.target:
            words += f" on {name(action.target)}"
        if action.imbue:
            cut = sum(state.definition(u).wrath for u in action.imbue)
            words += (f": discard {', '.join(name(u) for u in action.imbue)} for Imbue "
                      f"(-{cut} AP)")
        elif state.definition(action.uid).has("imbue"):
            words += ": discard nothing"
        return f"{words}, pay {rules.play_cost(state, action.uid, action.imbue)} AP"
    if isinstance(action, Attack):
        words = f"{name(action.attacker)} attacks {name(action.target)}"
        if action.frenzy:  # what Frenzy spends, said before the choice (Vigor 1)
            words += (f" with Frenzy (+{state.definition(action.attacker).value('frenzy')} "
                      f"Wrath; any return damage destroys it)")
        if action.kin:
            words += f", helped through Kinship by {', '.join(name(u) for u in action.kin)}"
        elif state.definition(action.attacker).has("kinship"):
            words += ", no Kinship helpers"
        return words
    if isinstance(action, Activate):
        ability = state.definition(action.uid).abilities[action.ability]
        words = f"{name(action.uid)}: {ability.name} ({ability.cost} AP)"
        if action.target:
            words += f" on {name(action.target)}"
        if action.command:
            words += f", exhausting {name(action.command)} (Command)"
        return words
    if isinstance(action, Choose):
        return ", ".join(name(o) if o in state.all_uids() else o
                         for o in action.option.split(","))
    if isinstance(action, Move):
        return f"Move {name(action.uid)} to the Wilderness"
    if isinstance(action, Liquidate):
        return (f"Liquidate {name(action.uid)} "
                f"(+{state.definition(action.uid).liquidate} AP)")
    words = {GainAP: "Gain 2 AP", ReadyAll: "Ready all", Pass: "Pass (no response)",
             Decline: "Decline"}
    return words.get(type(action), type(action).__name__)
