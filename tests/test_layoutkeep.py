"""Saving keeps a hand-written layout's comments, key order and formatting where the board
still has them, and never writes anything but the board."""

from tabletop.games import layouts
from tabletop.games.layoutkeep import keep_format

WRITTEN = """# My practice board.
game = "clash"   # the Clash Board

[board]
cols = 7   # columns first, as I like it
rows = 5

[[knights]]
name = "Kara"
at = "B2"

[[knights]]
name = "Odo"
at = "D4"
"""


def test_an_unchanged_board_gives_back_the_file_byte_for_byte():
    state = layouts.loads(WRITTEN)[1]
    assert layouts._kept(WRITTEN, state) == WRITTEN


def test_a_change_rewrites_only_its_value():
    text = WRITTEN.replace('at = "B2"', 'at = "C2"')
    assert layouts._kept(WRITTEN, layouts.loads(text)[1]) == text


def test_a_key_the_board_no_longer_has_is_dropped_and_a_new_one_added_at_the_end():
    shorter = layouts.loads(WRITTEN.replace('\n[[knights]]\nname = "Odo"\nat = "D4"\n', ""))[1]
    kept = layouts._kept(WRITTEN, shorter)
    assert "Odo" not in kept and "# columns first" in kept
    assert layouts.loads(kept)[1] == shorter


def test_text_that_is_not_toml_or_too_deep_falls_back_to_plain_text():
    data = layouts.to_data(layouts.loads(WRITTEN)[1])
    for broken in ("not = [toml", "a = " + "[" * 50_000 + "]" * 50_000):
        assert keep_format(broken, data) == layouts.dumps(layouts.loads(WRITTEN)[1])
