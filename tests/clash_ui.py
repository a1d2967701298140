"""Driving the Clash screen in tests: an app on a layout, synthetic clicks and keys, menus."""

import pygame

from tabletop.games import layouts
from tabletop.spatial.grid import Space
from tabletop.ui.app import App
from tabletop.ui.controllers.clash_cards import FlowStep
from tabletop.ui.session import Session
from tabletop.ui.widgets.dice_tray import DiceTray

SIZE = (1200, 760)


def make(text, name="board.toml"):
    """An :class:`App` on the Clash layout ``text``, drawn once."""
    pygame.font.init()
    game, state = layouts.loads(text, name)
    app = App(Session(game, state, path=name), SIZE)
    frame(app)
    return app


def frame(app):
    app.draw(pygame.Surface(SIZE))


def mouse(app, pos):
    """Move to ``pos``, press and release the left button, then draw a frame."""
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frame(app)


def click(app, label):
    """Click the centre of the space ``label``."""
    mouse(app, app.screen.grid().centre(Space.parse(label)))


def key(app, k, mod=0):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    frame(app)


def choose(app, words):
    """Click the menu item whose label starts with ``words`` (scrolling the menu in the side
    panel with the arrow keys first when the item is below its last shown row)."""
    menu = app.screen.step.menu
    index = next(i for i, item in enumerate(menu.items) if item.label.startswith(words))
    while not menu.rects[index].width and menu.highlight < index:
        key(app, pygame.K_DOWN)
    mouse(app, menu.rects[index].center)


def press_button(app, words):
    """Click the side-panel button whose label starts with ``words``."""
    button = next(b for b in app.buttons if b.label.startswith(words))
    mouse(app, button.rect.center)


def settle_tray(app):
    """Skip the tray's animation and hand the roll back (Enter), then let the flow read it."""
    tray = app.top
    assert isinstance(tray, DiceTray) and tray.rolling
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    assert not tray.rolling                                            # a click skips
    key(app, pygame.K_RETURN)
    app.update(16)
    frame(app)


def run_flow(app, limit=60):
    """Answer every step: the first option of a menu, the tray's dice, keep a roll."""
    screen = app.screen
    for _ in range(limit):
        if screen.flow is None:
            return
        if isinstance(app.top, DiceTray):
            settle_tray(app)
            continue
        step = screen.step
        assert isinstance(step, FlowStep)
        labels = [item.label for item in step.menu.items]
        key(app, pygame.K_RETURN) if "Keep the roll" not in labels else keep(app, step)
    raise AssertionError("the flow did not end")


def keep(app, step):
    """Choose "Keep the roll" in the re-roll step ``step``."""
    index = [item.label for item in step.menu.items].index("Keep the roll")
    step.menu.on_choose(step.menu.items[index].value)
    frame(app)
