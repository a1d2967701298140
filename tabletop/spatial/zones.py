"""The Land of Almokon's battlefield zones and which zone an attacker may reach.

Rulebook *Zones*: each player has a Realm (the area directly in front of them); between the
two Realms lies the Outland, split into the Wilderness (land combat) and the Open Sea (naval
combat).  The Wilderness and the Open Sea are shared: both players' cards stand in them.

The text does not say which zones an attacker in the Wilderness or the Open Sea may reach, so
the reading is a rule option (``REACH_RULES``):

- ``land-to-realm`` (the default): an attacker in the Wilderness reaches the Wilderness and
  the enemy Realm (the land joins the Realms, the way Characters and Monarchs walk out of
  them); an attacker in the Open Sea reaches the Open Sea only (naval combat stays at sea;
  SALVO is how ships strike elsewhere).
- ``own-zone``: every attacker reaches only the zone it stands in.
- ``outland-to-realm``: an attacker in either Outland zone reaches its own zone and the enemy
  Realm.
- ``any``: every attacker reaches every zone.

Pure functions over zone names; nothing here knows about cards or players.

>>> reachable(WILDERNESS, "land-to-realm")
('wilderness', 'realm')
>>> reachable(OPEN_SEA, "land-to-realm")
('open-sea',)
"""

from __future__ import annotations

from collections.abc import Iterable

REALM = "realm"
WILDERNESS = "wilderness"
OPEN_SEA = "open-sea"
ZONES = (REALM, WILDERNESS, OPEN_SEA)
OUTLAND = (WILDERNESS, OPEN_SEA)

ZONE_NAMES = {REALM: "the Realm", WILDERNESS: "the Wilderness", OPEN_SEA: "the Open Sea"}

REACH_RULES: dict[str, dict[str, tuple[str, ...]]] = {
    "land-to-realm": {WILDERNESS: (WILDERNESS, REALM), OPEN_SEA: (OPEN_SEA,)},
    "own-zone": {WILDERNESS: (WILDERNESS,), OPEN_SEA: (OPEN_SEA,)},
    "outland-to-realm": {WILDERNESS: (WILDERNESS, REALM), OPEN_SEA: (OPEN_SEA, REALM)},
    "any": {WILDERNESS: (WILDERNESS, OPEN_SEA, REALM), OPEN_SEA: (OPEN_SEA, WILDERNESS, REALM)},
}
DEFAULT_REACH = "land-to-realm"


def check_zone(zone: str) -> str:
    """``zone`` itself when it is a zone name; otherwise ``ValueError`` naming it."""
    if zone not in ZONES:
        raise ValueError(f"{zone!r} is not a zone (one of {', '.join(ZONES)})")
    return zone


def reachable(zone: str, rule: str = DEFAULT_REACH) -> tuple[str, ...]:
    """The zones an attacker standing in ``zone`` may attack under reach rule ``rule``.

    ``realm`` in the answer means the enemy's Realm.  An attacker must stand in the Outland
    (rulebook *Combat*: "a ready Character, Unit, or Monarch in your Outland"), so a Realm
    attacker reaches nothing.  Unknown zones or rules raise ``ValueError``.
    """
    check_zone(zone)
    if rule not in REACH_RULES:
        raise ValueError(f"{rule!r} is not a reach rule (one of {', '.join(REACH_RULES)})")
    return REACH_RULES[rule].get(zone, ())


def reach_reason(zone: str, target_zone: str, rule: str = DEFAULT_REACH) -> str | None:
    """``None`` when an attacker in ``zone`` may reach ``target_zone``, else the reason."""
    if zone == REALM:
        return "an attacker must stand in the Outland (Wilderness or Open Sea)"
    if target_zone in reachable(zone, rule):
        return None
    return (f"an attacker in {ZONE_NAMES[zone]} cannot reach {ZONE_NAMES[target_zone]} "
            f"(reach rule {rule})")


def guarded(candidates: Iterable[tuple[str, str, bool]]) -> dict[str, str]:
    """Which candidates a Guardian shields (rulebook *Guardian*), with the reason.

    ``candidates`` are ``(name, zone, is_guardian)`` for every card an attack could be
    directed at.  In a zone holding at least one Guardian, every attack there must target a
    Guardian (the attacker chooses between several); Guardians protect only their own zone.
    Returns ``{name: reason}`` for each shielded non-Guardian, e.g.
    ``"Guardian in the Wilderness: attacks there must target Iron Sentinel"``.

    >>> guarded([("Sentinel", "wilderness", True), ("Militia", "wilderness", False),
    ...          ("Galley", "open-sea", False)])
    {'Militia': 'Guardian in the Wilderness: attacks there must target Sentinel'}
    """
    items = list(candidates)
    guardians: dict[str, list[str]] = {}
    for name, zone, is_guardian in items:
        if is_guardian:
            guardians.setdefault(zone, []).append(name)
    shielded = {}
    for name, zone, is_guardian in items:
        if not is_guardian and zone in guardians:
            names = guardians[zone]
            who = names[0] if len(names) == 1 else (", ".join(names[:-1]) + " or " + names[-1])
            shielded[name] = (f"Guardian in {ZONE_NAMES[zone]}: attacks there must "
                              f"target {who}")
    return shielded
