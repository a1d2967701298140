"""The layers import one way: ui -> teaching -> games -> spatial.  pygame only in ui, pymunk
only in dice."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "tabletop"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def _files(layer: str) -> list[Path]:
    return sorted((PACKAGE / layer).rglob("*.py"))


FORBIDDEN = {
    "spatial": ("pygame", "pymunk", "tabletop.games", "tabletop.ui", "tabletop.dice"),
    "games": ("pygame", "pymunk", "tabletop.ui"),
    "dice": ("pygame", "tabletop.ui", "tabletop.games"),
    "teaching": ("pygame", "pymunk", "tabletop.ui"),
}


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_imports_only_downward(layer):
    bad = []
    for path in _files(layer):
        for name in _imports(path):
            if any(name == f or name.startswith(f + ".") for f in FORBIDDEN[layer]):
                bad.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert _files(layer), f"no modules found under {layer}/"
    assert bad == []


def test_pymunk_only_in_dice():
    bad = [str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py")
           if "dice" not in p.relative_to(PACKAGE).parts
           and any(n == "pymunk" or n.startswith("pymunk.") for n in _imports(p))]
    assert bad == []


def test_the_window_enters_each_rules_core_through_its_facade():
    """One door from the UI into each rules core (docs/architecture.md): under tabletop/ui,
    only ``tabletop/ui/facades/GAME.py`` imports a game's rules modules; the rest imports the
    game's plain data (``state``, ``actions``, ``events``) directly and everything else from
    the facade."""
    games = {"clash", "kingdom", "joust", "almokon", "fateforge"}
    data = {"state", "actions", "events"}
    ui = Path(__file__).resolve().parent.parent / "tabletop" / "ui"
    found = []
    for path in sorted(ui.rglob("*.py")):
        if path.parent.name == "facades":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                parts = node.module.split(".")
                if parts[:2] == ["tabletop", "games"] and len(parts) > 2 and parts[2] in games:
                    names = [parts[3]] if len(parts) > 3 else [a.name for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name.split(".")[3] for a in node.names
                         if a.name.split(".")[:2] == ["tabletop", "games"]
                         and len(a.name.split(".")) > 3 and a.name.split(".")[2] in games]
            found += [f"{path.relative_to(ui)}:{node.lineno}: {name}"
                      for name in names if name not in data]
    assert not found, "import these through tabletop/ui/facades/GAME.py:\n" + "\n".join(found)
