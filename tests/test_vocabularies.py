"""Rule vocabularies as tables (docs/architecture.md): every entry of each table has its
resolver, its query grammar and its row in the docs, so nothing is listed in one place and
missed in another."""

from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_every_monster_movement_type_is_documented_and_resolved():
    """Monster Movement Types: the table, its resolvers, the query usage, the menu and
    docs/clash-rules.md agree."""
    from tabletop.games.clash.activation_steps import MOVEMENTS
    from tabletop.games.clash.branching_actions import MOVERS
    from tabletop.games.clash.movement_types import TYPES

    docs = (DOCS / "clash-rules.md").read_text()
    assert list(MOVERS) == [t.name for t in TYPES]
    assert [how for _, how in MOVEMENTS] == [t.name for t in TYPES if t.toward == "target"]
    for kind in TYPES:
        assert f"| `{kind.name}` | `{kind.arguments()}` | {kind.label} |" in docs
        assert kind.sentence in docs


def _with_numbers(word: str) -> str:
    return word.replace("X", "2")


def test_every_targeting_instruction_is_read_documented_and_offered():
    """Targeting instructions: every word of the table is read by the rules core as the
    table says it acts (a yes/no test or a ranking), the menu offers the words of its groups
    and docs/clash-rules.md has a row with the rulebook sentence."""
    from clash_boards import board

    from tabletop.games.clash import activation_steps as menus
    from tabletop.games.clash import targeting
    from tabletop.games.clash.targeting_lines import INSTRUCTIONS, RANK, TEST, menu_words

    state = board('[board]\nrows = 6\ncols = 6\n[[monsters]]\nname = "Rat"\ntype = "mob"\n'
                  'at = "C3"\nfacing = "north"\n[[knights]]\nname = "Kara"\nat = "A1"\n')
    rat = state.monster("Rat")
    docs = (DOCS / "clash-rules.md").read_text()
    for ins in INSTRUCTIONS:
        assert f"| {ins.name} | {ins.acts} | " in docs, ins.name
        assert ins.sentence in docs, ins.name
        for word in ins.words:
            written = _with_numbers(word)
            kept = targeting._apply(state, rat, written, list(state.knights))
            if ins.acts == TEST:
                assert kept is not None, word
            elif ins.acts == RANK:
                assert kept is None and targeting._ranker(state, rat, written), word
            else:
                targeting.target(state, rat, [written])       # read, not refused
    table_words = {w for ins in INSTRUCTIONS for w in ins.words}
    offered = {*menu_words("common"), *menu_words("more"), *menus.STAT_SELECTORS,
               *(form.format(x="X") for form in menus.WITH_X.values()),
               *(form.format(x="X", stat="Vigor") for form, _ in menus.STAT_VALUES[:1]),
               *(form.format(x="X", stat="Heat") for form, _ in menus.STAT_VALUES[1:])}
    assert offered == table_words


def test_every_almokon_keyword_is_documented_and_loadable():
    """Almokon keywords: docs/almokon.md has every row of the table (the program's own names
    in italics), the card loader accepts each card keyword as the table says (with or without
    X), and every effect keyword is an effect the loader reads."""
    import pytest

    from tabletop.games.almokon.cards import EFFECTS, parse_keyword
    from tabletop.games.almokon.keywords import CARD, EFFECT, KEYWORDS

    docs = (DOCS / "almokon.md").read_text()
    for k in KEYWORDS:
        name = f"*{k.label()}*" if k.ours else k.label()
        assert f"| {name} | {k.effect} | {k.example} |" in docs, k.name
        if k.where == CARD:
            assert parse_keyword(f"{k.name} 2" if k.number else k.name) == (
                k.name, 2 if k.number else 0)
            with pytest.raises(ValueError):
                parse_keyword(k.name if k.number else f"{k.name} 2")
        elif k.where == EFFECT:
            assert k.name in EFFECTS


def test_every_fateforge_action_is_resolved_and_documented():
    """Fateforge actions: every action class is a row of the table, ``apply`` has a resolver
    for every row, and docs/fateforge.md lists every row with its fields and rulebook
    section."""
    import inspect

    from tabletop.games.fateforge import actions, rules
    from tabletop.games.fateforge.action_table import ACTIONS

    classes = {cls for _, cls in inspect.getmembers(actions, inspect.isclass)
               if cls.__module__ == actions.__name__ and cls is not actions.Event}
    assert {spec.kind for spec in ACTIONS} == classes
    assert set(rules.HANDLERS) == classes
    docs = (DOCS / "fateforge.md").read_text()
    for spec in ACTIONS:
        assert (f"| `{spec.name}` | {spec.arguments() or '—'} | {spec.when} | *{spec.rule}* | "
                f"{spec.line} |") in docs, spec.name


def test_every_forced_kind_takes_its_arguments_in_one_order_and_answers():
    """Forced movement: every kind of ``tabletop query forced`` takes SOURCE, then the piece
    moved, then X, then the space or direction; each kind asked that way answers (no kind is
    listed by the verb yet unanswerable, "drag toward" and "pushback toward" included)."""
    from tabletop.games import layouts
    from tabletop.games.clash.forced_kinds import KINDS
    from tabletop.games.query import ask

    game, state = layouts.load(DOCS.parent / "layouts" / "clash-teaching.toml")
    extra = {"": "", "space": " C4", "direction": " north"}
    for kind in KINDS:
        assert kind.arguments().startswith("SOURCE P"), kind.name
        x = " 2" if kind.x else ""
        answer = ask(game, state, f"forced '{kind.name}' Eggknight Kara{x}{extra[kind.extra]}")
        assert answer.get("answer"), (kind.name, answer)
