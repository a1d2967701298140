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
