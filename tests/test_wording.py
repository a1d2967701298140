"""Counted nouns (tabletop.wording): one die, two dice; the words the games and the window
build with them."""

import pytest

from tabletop.wording import counted, numbered, plural


@pytest.mark.parametrize(("count", "noun", "words"), [
    (1, "Armor die", "1 Armor die"), (3, "Armor die", "3 Armor dice"),
    (0, "die", "0 dice"), (1, "more black die", "1 more black die"),
    (2, "hit", "2 hits"), (1, "Critical Hit", "1 Critical Hit"), (2, "match", "2 matches"),
    (2, "enemy", "2 enemies"), (2, "day", "2 days"), (1, "zone", "1 zone"),
])
def test_a_count_of_one_takes_the_singular_any_other_the_plural(count, noun, words):
    assert counted(count, noun) == words


def test_an_irregular_plural_may_be_given():
    assert counted(2, "food", "food") == "2 food" and plural("Power die") == "Power dice"


def test_numbered_dice_name_one_die_or_several():
    assert numbered("die", [2]) == "die 2" and numbered("die", [1, 3]) == "dice 1, 3"


def test_one_die_is_worded_in_the_singular_where_the_program_counts_dice():
    """A hand-set roll refused for its count, and the free tray's next throw, say "1 die"."""
    import pygame

    from tabletop.dice.roll import roll_showing
    from tabletop.errors import UsageError
    from tabletop.games import layouts
    from tabletop.ui import textlayer
    from tabletop.ui.session import Session
    from tabletop.ui.widgets.dice_tray import DiceTray

    with pytest.raises(UsageError, match="^1 die but 2 faces given"):
        roll_showing(["kc-white"], ["1", "2"])
    pygame.font.init()
    from pathlib import Path

    game, state = layouts.load(Path(__file__).resolve().parent.parent / "layouts"
                               / "joust-mid-joust.toml")
    tray = DiceTray(Session(game, state), ["kc-white"])
    surface = pygame.Surface((1280, 800))
    textlayer.begin_frame(surface)
    tray.draw(surface, surface.get_rect())
    words = [d.full for d in textlayer.drawn()]
    assert "next throw: 1 die" in words and not any("1 dice" in w for w in words)
