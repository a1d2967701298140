"""Finding the line of a key in layout text, for error messages (``layoutfile.Source``)."""

from tabletop.games.layoutfile import Source

NESTED = """\
game = "joust"
[[households]]
name = "Echelon"
[[households.knights]]
name = "Ser Aldo"
[[households.knights]]
name = "Ser Bryn"
[[households]]
name = "Valtor"
[[households.knights]]
name = "Ser Cato"
[households.status]
crowns = 2
"""


def test_nested_arrays_of_tables_are_indexed_within_their_parent_element():
    source = Source("x.toml", NESTED)
    assert source.line_of(("households", 0, "knights", 1, "name")) == 7
    assert source.line_of(("households", 1, "knights", 0, "name")) == 11
    assert source.line_of(("households", 1, "status", "crowns")) == 13
    assert source.line_of(("households", 1, "name")) == 9


def test_unknown_path_falls_back_to_the_enclosing_table():
    source = Source("x.toml", NESTED)
    assert source.line_of(("households", 1, "knights", 0, "missing")) == 10
    assert source.line_of(("nowhere",)) is None
