"""The Land of Almokon's keywords in one table (rulebook *Keywords*): each keyword's name, where
a card data file writes it (a card's ``keywords``, an ability's ``keywords``, or an effect's
``effect``), whether it takes a number X, whether the name is this program's own (the rulebook
gives the keyword only by its effect), its effect in short and an example card.  The card
loader (:mod:`tabletop.games.almokon.cards`) reads which keywords exist and which take a
number from here, and docs/almokon.md lists every row (a test checks it).
"""

from __future__ import annotations

from dataclasses import dataclass

CARD = "card"
"""Written in a card's ``keywords`` list."""
ABILITY = "ability"
"""Written in an ability's ``keywords`` list."""
EFFECT = "effect"
"""Written as an effect's ``effect`` (with ``amount`` for X)."""


@dataclass(frozen=True)
class Keyword:
    """One keyword: ``name`` (lower case, as the data files write it); ``where`` it is written
    (:data:`CARD`, :data:`ABILITY`, :data:`EFFECT`); ``number`` whether it takes X; ``ours``
    whether the name is this program's; ``effect`` what it does, in the rulebook's terms;
    ``example`` the example cards that carry it."""

    name: str
    where: str
    number: bool
    ours: bool
    effect: str
    example: str

    def label(self) -> str:
        """The keyword as a card prints it: ``Frenzy X``, ``Guardian``, ``SALVO X``."""
        title = "SALVO" if self.name == "salvo" else self.name.capitalize()
        return f"{title} X" if self.number else title


KEYWORDS: tuple[Keyword, ...] = (
    Keyword("frenzy", CARD, True, True, "announce when attacking: +X Wrath, Vigor 1 until the "
            "end of combat", "Berserker Chief"),
    Keyword("scout", EFFECT, True, True, "look at the top X, put one into your hand, shuffle "
            "the rest back", "Scouting Party"),
    Keyword("crew", CARD, False, True, "may be played as an Item on a friendly Vessel, adding "
            "its Wrath and Vigor", "Marine Boarders"),
    Keyword("growth", CARD, True, True, "at the beginning of your turn, add X Growth counters",
            "Terraced Vineyards"),
    Keyword("forge", EFFECT, False, False, "search deck and hand, put the card into the "
            "Outland, free and ready", "War Forge"),
    Keyword("guardian", CARD, False, False, "attacks into its zone must target it",
            "Iron Sentinel, Tidewyrm"),
    Keyword("harvest", EFFECT, False, True, "gain AP per Growth counter, then dispose of the "
            "card", "Terraced Vineyards"),
    Keyword("imbue", CARD, False, False, "discard Characters from hand to reduce the cost by "
            "their Wrath", "Siege Golem"),
    Keyword("inexhaustible", CARD, False, False, "never exhausts",
            "Captain Orsa, Envoy's Cutter"),
    Keyword("kinship", CARD, False, False, "cards sharing a subtype add their Wrath to the "
            "attack", "Hammerfall Militia, Bicara Pikemen"),
    Keyword("loyal", CARD, False, True, "only in a deck of its own faction's Monarch, never a "
            "Foreigner", "the two Cults"),
    Keyword("command", ABILITY, False, True, "to activate, first exhaust another friendly "
            "Character or Unit in the same zone", "Drill Yard"),
    Keyword("onslaught", CARD, False, True, "after destroying an enemy in combat, one more "
            "attack", "Shock Cavalry"),
    Keyword("reflex", CARD, False, False, "may be played/activated in response, without using "
            "a turn", "Quick Reprisal, Harbour Watch"),
    Keyword("foresee", EFFECT, True, True, "look at the top X and put them back in any order",
            "Tide Charts"),
    Keyword("charge", CARD, False, True, "enters ready and may attack on the same action",
            "Shock Cavalry"),
    Keyword("salvo", EFFECT, True, False, "exhaust: X damage to any enemy in any zone, "
            "Guardian applies, no return damage", "Ironclad Galley"),
    Keyword("truce", CARD, False, False, "two extra non-combat actions", "Treaty Envoy"),
    Keyword("seek", EFFECT, False, True, "search the deck for the card, add it to the hand, "
            "shuffle", "Call to Arms"),
    Keyword("unique", CARD, False, True, "one in play per player; up to 3 in a deck",
            "Captain Orsa, Tidewyrm"),
    Keyword("veto", CARD, False, False, "in response: cancel the enemy card or ability; its "
            "AP is lost", "Writ of Annulment, Silver-Tongue Diplomat"),
)
"""Every keyword, in the docs' order."""

CARD_KEYWORDS: dict[str, bool] = {k.name: k.number for k in KEYWORDS if k.where == CARD}
"""The keywords a card's ``keywords`` list may hold, and whether each takes a number."""

ABILITY_KEYWORDS: tuple[str, ...] = ("reflex", "veto") + tuple(
    k.name for k in KEYWORDS if k.where == ABILITY)
"""The keywords an ability's ``keywords`` list may hold: Reflex and Veto (card keywords an
ability may carry too) and the ability keywords of the table."""

EFFECT_KEYWORDS: tuple[str, ...] = tuple(k.name for k in KEYWORDS if k.where == EFFECT)
"""The keywords written as an effect (each is one of the card loader's ``EFFECTS``)."""
