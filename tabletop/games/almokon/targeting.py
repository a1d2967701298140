"""Who may be targeted from where (rulebook *Zones*, *Combat*, *Guardian*, *SALVO*).

Every function returns ``{uid: reason}`` over the candidates, ``reason`` being ``None`` for a
legal target and otherwise the rule that excludes it, in words, so the window can dim the
rest and say why.
"""

from __future__ import annotations

from tabletop.games.almokon.cards import ATTACKERS, DEFENDERS, Effect
from tabletop.games.almokon.state import AlmokonState, Card
from tabletop.spatial.zones import OUTLAND, ZONE_NAMES, guarded, reach_reason

TARGETED_EFFECTS = ("damage", "salvo", "heal", "ready")


def _enemy_cards(state: AlmokonState, player: int) -> list[Card]:
    return [c for c in state.cards if c.owner != player]


def _defends(state: AlmokonState, card: Card) -> str | None:
    kind = state.definition(card.uid).type
    if kind in DEFENDERS:
        return None
    return f"{kind.capitalize()} cards cannot defend or be damaged"


def _guard_reasons(state: AlmokonState, cards: list[Card]) -> dict[str, str]:
    """Guardian shields among ``cards`` (all enemies of the attacker that may defend)."""
    rows = [(c.uid, c.zone, state.definition(c.uid).has("guardian")) for c in cards]
    names = {c.uid: state.name_of(c.uid) for c in cards}
    shielded = guarded((names[uid], zone, g) for uid, zone, g in rows)
    by_name = {names[uid]: uid for uid, _, _ in rows}
    return {by_name[name]: reason for name, reason in shielded.items()}


def attack_targets(state: AlmokonState, attacker: str) -> dict[str, str | None]:
    """Every enemy card in play with ``None`` (legal) or why ``attacker`` may not attack it.

    Legal: an enemy card that can defend (not Terrain), in a zone the attacker's zone reaches
    under the layout's reach rule, and — if a Guardian stands in that zone — a Guardian.
    """
    card = state.card(attacker)
    if card is None:
        return {}
    if _asked[0] is not state:
        _asked[:] = [state, {}]
    known = _asked[1]
    key = (card.owner, card.zone)
    if key not in known:
        known[key] = _zone_targets(state, card.owner, card.zone)
    return dict(known[key])


_asked: list = [None, {}]
"""The state :func:`attack_targets` was asked about last and its answers by attacker's owner
and zone (all it depends on): a board's attackers share a few zones, so listing every
attacker's targets looks at the enemies once a zone, not once an attacker."""


def _zone_targets(state: AlmokonState, owner: int, zone: str) -> dict[str, str | None]:
    """:func:`attack_targets` of an attacker of player ``owner`` in ``zone``."""
    enemies = _enemy_cards(state, owner)
    out: dict[str, str | None] = {}
    defends = {c.uid: _defends(state, c) for c in enemies}
    shields = _guard_reasons(state, [c for c in enemies if defends[c.uid] is None])
    for enemy in enemies:
        reason = defends[enemy.uid]
        if reason is None:
            reason = reach_reason(zone, enemy.zone, state.rules.reach)
        if reason is None:
            reason = shields.get(enemy.uid)
        out[enemy.uid] = reason
    return out


def can_attack(state: AlmokonState, uid: str) -> str | None:
    """``None`` when ``uid`` may be declared as an attacker now (ignoring whose turn it is),
    else why not (rulebook *Combat*: a ready Character, Unit or Monarch in your Outland)."""
    card = state.card(uid)
    if card is None:
        return f"{state.named(uid)} is not in play"
    kind = state.definition(uid).type
    if kind not in ATTACKERS:
        return f"a {kind.capitalize()} cannot attack (only Characters, Units and Monarchs)"
    if card.zone not in OUTLAND:
        return f"{state.name_of(uid)} is in {ZONE_NAMES[card.zone]}: attackers must be in " \
               f"the Outland"
    if card.exhausted:
        return f"{state.name_of(uid)} is exhausted: an exhausted card cannot attack until " \
               f"it is readied"
    return None


def effect_targets(state: AlmokonState, player: int, effect: Effect) -> dict[str, str | None]:
    """The cards in play an effect of ``player`` may aim at, with the reason for the others.

    ``damage``: an enemy card that can be damaged, in the effect's zone (not an attack, so
    Guardian does not apply); ``salvo``: any enemy card in any zone, but a Guardian in the
    target's zone must be chosen; ``heal``: a damaged friendly card; ``ready``: an exhausted
    friendly card that is not Inexhaustible.
    """
    out: dict[str, str | None] = {}
    if effect.kind in ("damage", "salvo"):
        enemies = _enemy_cards(state, player)
        defenders = [c for c in enemies if _defends(state, c) is None]
        shields = _guard_reasons(state, defenders) if effect.kind == "salvo" else {}
        for enemy in enemies:
            reason = _defends(state, enemy)
            if reason is None and effect.kind == "damage" and effect.zone:
                zones = OUTLAND if effect.zone == "outland" else (effect.zone,)
                if enemy.zone not in zones:
                    where = "the Outland" if effect.zone == "outland" else ZONE_NAMES[effect.zone]
                    reason = f"this effect reaches only {where}"
            if reason is None:
                reason = shields.get(enemy.uid)
            out[enemy.uid] = reason
        for own in state.cards:
            if own.owner == player:
                out[own.uid] = "damage goes only to enemy cards"
    elif effect.kind in ("heal", "ready"):
        for card in state.cards:
            if card.owner != player:
                out[card.uid] = "only a friendly card"
            elif effect.kind == "heal":
                out[card.uid] = None if card.damage > 0 else "it has no damage"
            elif state.definition(card.uid).has("inexhaustible"):
                out[card.uid] = "Inexhaustible cards are never exhausted"
            else:
                out[card.uid] = None if card.exhausted else "it is not exhausted"
    return out


def attach_targets(state: AlmokonState, player: int, uid: str,
                   as_item: bool = False) -> dict[str, str | None]:
    """Where the Item (or Crew unit, ``as_item``) ``uid`` may be attached: a friendly card in
    play of a type the Item names (rulebook *Items*), or a friendly Vessel for Crew."""
    definition = state.definition(uid)
    out: dict[str, str | None] = {}
    for card in state.cards:
        target = state.definition(card.uid)
        if card.owner != player:
            out[card.uid] = "Items go on friendly cards"
        elif as_item:
            out[card.uid] = None if target.is_vessel else "Crew attaches only to a Vessel"
        elif target.type not in definition.attaches_to:
            out[card.uid] = f"{definition.name} attaches only to " \
                            f"{', '.join(definition.attaches_to)}"
        else:
            out[card.uid] = None
    return out


def legal(reasons: dict[str, str | None]) -> list[str]:
    """The uids whose reason is ``None``, in board order."""
    return [uid for uid, reason in reasons.items() if reason is None]
