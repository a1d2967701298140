"""Clash rules core (being written: see issue 4)."""

from tabletop.errors import IllegalActionError


def apply(state, action):
    raise IllegalActionError(action, "the Clash rules core is not written yet")


def legal_actions(state):
    return ()


def describe(event):
    return str(event)
