"""Zone logic (``tabletop.spatial.zones``): reach by rule option and Guardian shielding."""

from __future__ import annotations

import doctest

import pytest

from tabletop.spatial import zones
from tabletop.spatial.zones import OPEN_SEA, REALM, WILDERNESS, guarded, reach_reason, reachable


def test_doctests():
    assert doctest.testmod(zones).failed == 0


def test_default_reading_land_reaches_the_realm_sea_stays_at_sea():
    assert reachable(WILDERNESS) == (WILDERNESS, REALM)
    assert reachable(OPEN_SEA) == (OPEN_SEA,)
    assert reachable(REALM) == ()


@pytest.mark.parametrize("rule, sea", [("own-zone", (OPEN_SEA,)),
                                       ("outland-to-realm", (OPEN_SEA, REALM)),
                                       ("any", (OPEN_SEA, WILDERNESS, REALM))])
def test_rule_options(rule, sea):
    assert reachable(OPEN_SEA, rule) == sea


def test_reasons_name_both_zones():
    assert reach_reason(OPEN_SEA, REALM) == \
        "an attacker in the Open Sea cannot reach the Realm (reach rule land-to-realm)"
    assert "Outland" in reach_reason(REALM, WILDERNESS)
    assert reach_reason(WILDERNESS, REALM) is None


def test_bad_names_raise_value_error():
    with pytest.raises(ValueError, match="'sky' is not a zone"):
        reachable("sky")
    with pytest.raises(ValueError, match="'far' is not a reach rule"):
        reachable(WILDERNESS, "far")


def test_guardian_shields_only_its_zone_and_lists_several():
    shielded = guarded([("A", WILDERNESS, True), ("B", WILDERNESS, True),
                        ("C", WILDERNESS, False), ("D", REALM, False)])
    assert shielded == {"C": "Guardian in the Wilderness: attacks there must target A or B"}
