"""Each game's turn sequence is one table (:mod:`tabletop.games.turn_order`): every phase the
state can be in is described, every action belongs to a phase or to any time, ``apply``
refuses an action outside its phase with the table's words, and the game's docs list the
same phases."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.games.almokon import actions as almokon_actions
from tabletop.games.almokon.turn_order import TURN_ORDER as ALMOKON
from tabletop.games.clash import rules as clash_rules
from tabletop.games.clash.turn_order import TURN_ORDER as CLASH
from tabletop.games.joust import rules as joust_rules
from tabletop.games.joust.state import PHASES as JOUST_PHASES
from tabletop.games.joust.turn_order import TURN_ORDER as JOUST
from tabletop.games.kingdom import rules as kingdom_rules
from tabletop.games.kingdom.state import PHASES as KINGDOM_PHASES
from tabletop.games.kingdom.turn_order import TURN_ORDER as KINGDOM

DOCS = Path(__file__).resolve().parent.parent / "docs"

TABLES = [
    (CLASH, ("knight", "monster"), "clash-rules.md"),
    (KINGDOM, tuple(p for p in KINGDOM_PHASES if p != "over"), "kingdom.md"),
    (JOUST, tuple(p for p in JOUST_PHASES if p != "over"), "joust.md"),
    (ALMOKON, ("main", "response", "choice", "follow-up", "extra"), "almokon.md"),
]


@pytest.mark.parametrize(("order", "phases", "doc"), TABLES, ids=lambda x: getattr(x, "game", ""))
def test_every_phase_is_in_the_table_and_in_the_docs(order, phases, doc):
    assert sorted(p.name for p in order.phases) == sorted(phases)
    text = (DOCS / doc).read_text()
    section = text[text.index("## Turn sequence"):]
    for phase in order.phases:
        row = next(line for line in section.splitlines()
                   if line.startswith(f"| {phase.title} (`{phase.name}`"))
        assert phase.who in row and phase.ends in row and f"*{phase.rule}*" in row
    assert " ".join(order.anytime_why.split()) in " ".join(section.split())


@pytest.mark.parametrize(("order", "actions"), [
    (KINGDOM, tuple(kingdom_rules._HANDLERS)),
    (JOUST, tuple(joust_rules._HANDLERS)),
    (ALMOKON, almokon_actions.ACTION_TYPES),
], ids=("kingdom", "joust", "almokon"))
def test_every_action_belongs_to_a_phase_or_to_any_time(order, actions):
    for kind in actions:
        assert any(issubclass(kind, p.actions) for p in order.phases) or \
            issubclass(kind, order.anytime), kind.__name__


def test_the_clash_rounds_hold_only_the_knight_turn_and_the_activations():
    homed = {kind for p in CLASH.phases for kind in p.actions}
    assert CLASH.others_anytime and homed < set(clash_rules._SIMPLE) | set(clash_rules._BRANCHING)


def test_a_refusal_names_the_phase_an_action_belongs_to_and_the_phase_it_is():
    from tabletop.games.joust.actions import Draw
    from tabletop.games.kingdom.actions import Travel

    assert KINGDOM.refusal("exploration", Travel("T2")) == (
        "this is done in the Travel step, and it is the Exploration step (Travel Step)")
    assert JOUST.refusal("planning", Draw("Bloodguard")) == (
        "this is done in the Draw Phase, and it is the Planning Phase (Draw Phase)")
    assert JOUST.refusal("worker", Draw("Bloodguard")) == (
        "this is done in the Draw Phase, and it is the Worker Phase (Draw Phase)")


def test_a_phase_says_in_the_rulebooks_words_why_its_actions_wait_or_others_are_refused():
    from tabletop.games.almokon.actions import Decline, GainAP
    from tabletop.games.clash.actions import EndMonsterRound, StartTurn

    assert CLASH.refusal("knight", EndMonsterRound()) == (
        "it is already the Knight Round (Clash Sequence)")
    assert "Knights take turns in the Knight Round" in CLASH.refusal("monster", StartTurn("K"))
    assert ALMOKON.refusal("main", Decline("Aria")) == "there is nothing to decline"
    assert ALMOKON.refusal("follow-up", GainAP("Aria")) == (
        "the attacker may attack again first (or decline)")
