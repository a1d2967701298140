"""Almokon boards where a player picks a set from many candidates, for the contract tests:
Kinship helpers beside Hammerfall Militia and Characters in hand beside Siege Golem (Imbue).
"""

from __future__ import annotations

from test_almokon_board import board

from tabletop.games.almokon.actions import Attack, PlayCard

HELPERS = ("iron-sentinel", "hammerfall-militia", "berserker-chief")
"""Soldiers to stand beside the attacking Militia (Varro, Aria's Monarch, is one too)."""

CHARACTERS = ("berserker-chief", "captain-orsa", "silver-tongue", "harbour-watch",
              "treaty-envoy", "creed-acolyte")
"""The shipped Characters, Wrath 3, 2, 1, 1, 1, 1."""


def kinship_board(helpers: int):
    """Aria's Hammerfall Militia in the Wilderness facing Brannoc's Bicara Pikemen, with
    ``helpers`` Soldiers that may join its attack: Varro and ``helpers - 1`` more."""
    extra = [f"Aria {HELPERS[n % len(HELPERS)]} wilderness" for n in range(helpers - 1)]
    return board("Aria hammerfall-militia wilderness", *extra,
                  "Brannoc bicara-pikemen wilderness")


def militia_attack(kin: tuple[str, ...] = ()) -> Attack:
    return Attack("Aria", "hammerfall-militia", "bicara-pikemen", False, kin)


def imbue_board(characters: int, ap: int):
    """Siege Golem (cost 7) in Aria's hand with the first ``characters`` of
    :data:`CHARACTERS` (then copies of them) and ``ap`` AP."""
    hand = [CHARACTERS[n % len(CHARACTERS)] for n in range(characters)]
    return board(aria={"ap": ap, "hand": ["siege-golem", *hand]})


def golem_play(imbue: tuple[str, ...] = ()) -> PlayCard:
    return PlayCard("Aria", "siege-golem", "", imbue)
