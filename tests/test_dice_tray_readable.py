"""Every result in a crowded dice tray can be read: no die's face is under another die, and
each die's number lies on bare felt beside it."""

import math
from pathlib import Path

import pygame
import pytest

from tabletop.dice import tray_rules
from tabletop.games import layouts
from tabletop.ui import textlayer
from tabletop.ui.app import App
from tabletop.ui.session import Session
from tabletop.ui.widgets.dice_tray import DiceTray, die_image

SIZE = (1280, 800)
LAYOUT = Path(__file__).resolve().parent.parent / "layouts" / "clash-teaching.toml"


@pytest.fixture(autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def _hidden_ink(frame, where, mark):
    """How many of the face mark's opaque pixels (its words, pips or star) the frame does not
    show in their own colour at ``where``: pixels that something drawn later covers."""
    opaque = pygame.mask.from_surface(mark, 254)
    shown = frame.subsurface(where)
    colours = {tuple(mark.get_at(spot))[:3] for spot in opaque.outline()}
    hidden = 0
    for colour in colours:
        mine = opaque.overlap_mask(
            pygame.mask.from_threshold(mark, (*colour, 255), (1, 1, 1, 1)), (0, 0))
        seen = pygame.mask.from_threshold(shown, colour, (1, 1, 1, 255))
        hidden += mine.count() - mine.overlap_area(seen, (0, 0))
    return hidden


def _bodies(tray):
    """Each die's body as drawn: (mask of its turned picture, where the picture's top left
    is)."""
    bodies = []
    for (x, y), half, angle, index in tray._dice:
        picture = pygame.transform.rotate(die_image(tray.roll.kinds[index], -1, round(2 * half),
                                                    False), -math.degrees(angle))
        where = picture.get_rect(center=(round(x), round(y)))
        bodies.append((pygame.mask.from_surface(picture, 1), where.topleft))
    return bodies


def _meets(rect, body):
    """Whether ``rect`` covers any pixel of a die's ``body`` (its mask and top left)."""
    mask, (x, y) = body
    box = pygame.mask.Mask(rect.size, fill=True)
    return mask.overlap(box, (rect.x - x, rect.y - y)) is not None


@pytest.mark.parametrize("family", tray_rules.FAMILIES, ids=lambda family: family.key)
def test_a_crowded_trays_every_face_and_number_can_be_read(family):
    """Seeded trays of 1 to 24 dice of each game's kinds, at 1280 x 800: the faces are
    drawn over every die's body, so no face's marks lie under another die (every opaque
    pixel of every face shows in its own colour), and each die's number sits on bare felt:
    clear of every die's body, every face and every other number."""
    app = App(Session(*layouts.load(str(LAYOUT)), path=str(LAYOUT)), SIZE)
    for count in range(1, 25):
        kinds = [family.kinds[n % len(family.kinds)] for n in range(count)]
        tray = DiceTray(app.session, kinds, seed=count, throw_now=True)
        app.push(tray)
        tray.update(10_000)
        frame = pygame.Surface(SIZE)
        app.draw(frame)
        app.pop(tray)
        assert len(tray._faces) == len(tray._numbers) == count
        for index, (where, mark) in enumerate(tray._faces):
            assert not _hidden_ink(frame, where, mark), (family.key, count, index + 1)
        drawn = {(d.words, tuple(d.rect)) for d in textlayer.drawn()}
        bodies = _bodies(tray)
        inked = [mark.get_bounding_rect().move(where.topleft) for where, mark in tray._faces]
        for index, number in enumerate(tray._numbers):
            assert any(words == str(index + 1) and number.contains(rect)
                       for words, rect in ((w, pygame.Rect(r)) for w, r in drawn))
            assert tray._felt.contains(number)
            assert number.collidelist(inked) < 0, (family.key, count, index + 1)
            assert number.collidelist(tray._numbers[:index]) < 0, (family.key, count)
            assert not any(_meets(number, body) for body in bodies), (family.key, count)


def test_the_same_seed_draws_the_same_tray():
    """A tray is replayable: the same dice and seed settle into the same picture."""
    app = App(Session(*layouts.load(str(LAYOUT)), path=str(LAYOUT)), SIZE)
    pictures = []
    for _ in range(2):
        tray = DiceTray(app.session, ["ff-red", "ff-blue"] * 12, seed=24, throw_now=True)
        app.push(tray)
        tray.update(10_000)
        frame = pygame.Surface(SIZE)
        app.draw(frame)
        app.pop(tray)
        pictures.append(pygame.image.tobytes(frame, "RGB"))
    assert pictures[0] == pictures[1]
