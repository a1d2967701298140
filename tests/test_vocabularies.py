"""Rule vocabularies as tables (docs/architecture.md): every entry of each table has its
resolver, its query grammar and its row in the docs, so nothing is listed in one place and
missed in another."""

from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_every_monster_movement_type_is_documented_and_resolved():
    """Monster Movement Types: the table, its resolvers, the query usage, the menu and
    docs/clash-rules.md agree."""
    from tabletop.games.clash.activation import MOVERS
    from tabletop.games.clash.movement_types import TYPES
    from tabletop.ui.controllers.clash_activation import MOVEMENTS

    docs = (DOCS / "clash-rules.md").read_text()
    assert list(MOVERS) == [t.name for t in TYPES]
    assert [how for _, how in MOVEMENTS] == [t.name for t in TYPES if t.toward == "target"]
    for kind in TYPES:
        assert f"| `{kind.name}` | `{kind.arguments()}` | {kind.label} |" in docs
        assert kind.sentence in docs
