"""A menu's header (a preview's sentences) never pushes its choices out of sight."""

import pygame

from tabletop.ui import textlayer
from tabletop.ui.widgets.menu import Menu, MenuItem


def test_a_long_header_leaves_room_for_the_first_choices_and_keeps_its_words_a_hover_away():
    pygame.init()
    try:
        header = [f"• sentence {n} of what the outcome does, in the rulebook's words"
                  for n in range(30)]
        items = [MenuItem(f"Outcome {n}", n) for n in range(1, 5)]
        menu = Menu("Preview: Move", items, lambda value: None, header=header)
        surface = pygame.Surface((400, 520))
        textlayer.begin_frame(surface)
        menu.draw(surface, pygame.Rect(0, 0, 360, 500))
        shown = [r for r in menu.rects[:3] if r.width]
        assert len(shown) == 3 and all(menu.box.contains(r) for r in shown)
        whole = " ".join(header)
        assert any(d.full == whole for d in textlayer.drawn())
    finally:
        pygame.quit()


def test_a_title_of_three_lines_is_drawn_whole():
    """A preview's title naming a long action ("Preview: Gorgon: Directional Knockback 5 to
    the left on Kara") wraps to up to three lines, each word shown (it was one cut line)."""
    pygame.init()
    try:
        title = "Preview: Gorgon: Directional Knockback 5 to the left on Kara"
        menu = Menu(title, [MenuItem("Confirm", 0)], lambda value: None)
        surface = pygame.Surface((300, 400))
        textlayer.begin_frame(surface)
        menu.draw(surface, pygame.Rect(0, 0, 270, 380))
        drawn = [d for d in textlayer.drawn() if d.words and d.words in title]
        assert " ".join(d.words for d in drawn[:3]).startswith(title)
        assert not any(d.shortened for d in drawn)
    finally:
        pygame.quit()
