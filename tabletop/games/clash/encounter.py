"""The cards of a Clash in play: the AI and BP decks, their discard piles and Escalation decks,
the Wound Stack, the Mob BP cards, the Monster's Level bonuses (rulebook *Performing Setup*,
*Wounds and Escalation*, *Escalation Chart*, *Spawning Mobs*).

Every shuffle and every random card is a pure function of the Clash's ``seed`` and a counter
kept in the state, so a Clash replays exactly and undo gives back the same deck order.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from tabletop.games.clash.cards import AttackCard, BPCard, Library, MonsterSheet

GENERIC_SINGLE = "Generic Single Wound"
GENERIC_DOUBLE = "Generic Double Wound"
BONUS_ORDER = ("Vigor loss per hit", "Evasion die", "AT", "To Hit")
"""The permanent bonuses a Monster gains when no AI 3 card is left to escalate, in order
(rulebook *Escalation Chart*: "+1 Vigor loss bonus per hit, +1 Evasion die, +1 AT, +1 To
Hit")."""
JUDICIUM = ("You Live!", "You Died")
"""The Judicium deck by default (rulebook *Falling Below "0" Vigor*)."""
MASSIVE_PERIL = ((5, "You Died Horribly"), (9, "Your Gruesome Death Becomes Legend"),
                 (12, "Your Death Beckons the Graal"))
"""Massive Peril Chart: the Vigor below 0 that adds each card."""


@dataclass(frozen=True)
class Encounter:
    """The cards of the Clash.  Decks list their top card first; the Wound Stack its bottom
    card first.  ``mob_cards`` pairs each Mob on the board with its BP card; ``revealed`` the
    Mobs whose card is face up; ``bonuses`` the permanent bonuses gained per
    :data:`BONUS_ORDER`; ``judicium`` the Massive Peril cards added; ``result`` ``""``,
    ``"victory"`` or ``"defeat"``; ``shuffles`` and ``rolls`` count the shuffles and rolls
    made (each one's randomness is seeded by ``seed`` and its number).  ``public`` marks the
    public view (:mod:`tabletop.games.clash.view`): face-down cards as their backs, no seed."""

    library: Library
    sheet: str
    level: int = 1
    seed: int = 0
    ai_deck: tuple[str, ...] = ()
    ai_discard: tuple[str, ...] = ()
    ai_escalation: tuple[str, ...] = ()
    bp_deck: tuple[str, ...] = ()
    bp_discard: tuple[str, ...] = ()
    bp_escalation: tuple[str, ...] = ()
    wound_stack: tuple[str, ...] = ()
    mob_cards: tuple[tuple[str, str], ...] = ()
    revealed: tuple[str, ...] = ()
    bonuses: tuple[int, int, int, int] = (0, 0, 0, 0)
    judicium: tuple[str, ...] = ()
    result: str = ""
    shuffles: int = 0
    rolls: int = 0
    public: bool = False

    @property
    def monster_sheet(self) -> MonsterSheet:
        return self.library.sheet(self.sheet)

    @property
    def mob_clash(self) -> bool:
        return self.monster_sheet.kind == "mob"

    def to_hit(self) -> int:
        return self.monster_sheet.level(self.level).to_hit + self.bonuses[3]

    def at_bonus(self) -> int:
        return self.monster_sheet.level(self.level).at_bonus + self.bonuses[2]

    def evasion_bonus(self) -> int:
        return self.monster_sheet.level(self.level).evasion_bonus + self.bonuses[1]

    def vigor_bonus(self) -> int:
        return self.monster_sheet.level(self.level).vigor_loss_bonus

    def wounds_needed(self) -> int:
        return self.monster_sheet.level(self.level).wounds

    def wounds(self) -> int:
        """Wounds on the Wound Stack: a Generic Double Wound and a BP 3 card count two
        (rulebook *Wound Stack*)."""
        total = 0
        for name in self.wound_stack:
            card = self.library.bp(name)
            total += 2 if name == GENERIC_DOUBLE or card is not None and card.level == 3 else 1
        return total

    def mob_card(self, mob: str) -> BPCard | None:
        name = dict(self.mob_cards).get(mob)
        return self.library.bp(name) if name else None

    def next_roll_seed(self) -> tuple[Encounter, int]:
        """The seed of the next roll and the encounter that counted it."""
        return replace(self, rolls=self.rolls + 1), self.seed * 1_000_003 + self.rolls

    def rng(self) -> tuple[Encounter, random.Random]:
        """A generator for the next shuffle or random pick, and the encounter that counted it."""
        return (replace(self, shuffles=self.shuffles + 1),
                random.Random(f"tabletop-clash:{self.seed}:{self.shuffles}"))


def copies(cards) -> tuple[str, ...]:
    """Each card's name as many times as it has copies, in file order."""
    return tuple(c.name for c in cards for _ in range(c.copies))


def shuffled(enc: Encounter, names: tuple[str, ...]) -> tuple[Encounter, tuple[str, ...]]:
    """``names`` shuffled (seeded)."""
    enc, rng = enc.rng()
    out = list(names)
    rng.shuffle(out)
    return enc, tuple(out)


def setup(library: Library, sheet: MonsterSheet, *, level: int, seed: int, exhibition: bool,
          mobs: tuple[str, ...], given: dict[str, str]) -> tuple[Encounter, list[str]]:
    """A new Clash's cards (rulebook *Performing Setup*): the AI 1 deck shuffled with any AI 0
    card on top, the BP 1 deck (Boss) or each Mob's BP card (``given`` as the Clash Setup
    says, the others dealt from the shuffled BP 1 cards), the higher levels set aside as
    Escalation decks, Exhibition Wounds, and the Level's starting Escalations.  Returns the
    encounter and what was done, in words."""
    enc = Encounter(library=library, sheet=sheet.name, level=level, seed=seed)
    ai = [c for c in library.attacks if c.monster == sheet.name and c.kind == "ai"]
    bp = [c for c in library.bps if c.monster == sheet.name]
    enc, ai_deck = shuffled(enc, copies(c for c in ai if c.level == 1))
    enc, bp_deck = shuffled(enc, copies(c for c in bp if c.level == 1))
    words = [f"AI deck: {len(ai_deck)} AI 1 cards shuffled", ]
    mob_cards = []
    if sheet.kind == "mob":
        rest = list(bp_deck)
        for mob in mobs:
            name = given.get(mob)
            if name is None and rest:
                name = rest.pop(0)
            elif name in rest:
                rest.remove(name)
            if name:
                mob_cards.append((mob, name))
        bp_deck = tuple(rest)
        words.append("Mob BP cards, face down: " + ", ".join(
            f"{m} BP {library.bp(n).level}" for m, n in mob_cards))
    else:
        words.append(f"BP deck: {len(bp_deck)} BP 1 cards shuffled")
    zero = copies(c for c in ai if c.level == 0)
    enc = replace(enc, ai_deck=ai_deck, bp_deck=bp_deck, mob_cards=tuple(mob_cards),
                  ai_escalation=copies(c for c in ai if c.level >= 2),
                  bp_escalation=copies(c for c in bp if c.level >= 2))
    box = sheet.level(level)
    if exhibition and box.exhibition_wounds:
        enc = replace(enc, wound_stack=(GENERIC_SINGLE,) * box.exhibition_wounds)
        words.append(f"Exhibition Clash: {box.exhibition_wounds} Generic Single Wounds on the "
                     f"Wound Stack")
    for _ in range(box.escalations):
        enc, more = escalate_outside(enc, "both")
        words.extend(more)
    if zero:
        enc = replace(enc, ai_deck=zero + enc.ai_deck)
        words.append("the AI 0 card is placed on top of the AI deck")
    return enc, words


def _draw(enc: Encounter, ai: bool) -> tuple[Encounter, str | None, list[str]]:
    """The top card of the AI or BP deck; an empty deck is first re-formed from its shuffled
    discard pile ("If there are no more cards in the AI deck, shuffle the discard pile to form
    a new AI deck"; the same for BP)."""
    deck_key, pile_key, what = ("ai_deck", "ai_discard", "AI") if ai else ("bp_deck",
                                                                           "bp_discard", "BP")
    words = []
    if not getattr(enc, deck_key) and getattr(enc, pile_key):
        enc, deck = shuffled(enc, getattr(enc, pile_key))
        enc = replace(enc, **{deck_key: deck, pile_key: ()})
        words.append(f"the {what} deck is empty: its discard pile is shuffled into a new deck")
    deck = getattr(enc, deck_key)
    if not deck:
        return enc, None, words
    return replace(enc, **{deck_key: deck[1:]}), deck[0], words


def draw_ai(enc: Encounter) -> tuple[Encounter, AttackCard | None, list[str]]:
    """The top card of the AI deck (rulebook *Draw AI or Resolve Signature*)."""
    enc, name, words = _draw(enc, True)
    return enc, enc.library.attack_card(name) if name else None, words


def discard_ai(enc: Encounter, name: str) -> Encounter:
    """The resolved AI card goes to the discard pile (rulebook *After Attack*)."""
    return replace(enc, ai_discard=enc.ai_discard + (name,))


def draw_bp(enc: Encounter) -> tuple[Encounter, BPCard | None, list[str]]:
    """The top card of the BP deck (rulebook *Determine BP Card*, Boss Clash)."""
    enc, name, words = _draw(enc, False)
    return enc, enc.library.bp(name) if name else None, words


def _level_of(enc: Encounter, name: str, ai: bool) -> int:
    card = enc.library.attack_card(name) if ai else enc.library.bp(name)
    return card.level if card is not None else 0


def _remove(enc: Encounter, ai: bool, level: int | None) -> tuple[Encounter, str | None, bool]:
    """Remove a card of ``level`` (``None``: the lowest level) from the AI or BP deck, else
    from its discard pile (rulebook *Searching the Deck and Discard Pile*: "always prioritize
    cards from the deck").  Returns the card removed and whether it came from the discard
    pile.  AI 0 cards are never considered (*AI 0*)."""
    deck_key, pile_key = ("ai_deck", "ai_discard") if ai else ("bp_deck", "bp_discard")
    for key in (deck_key, pile_key):
        cards = getattr(enc, key)
        levels = [_level_of(enc, n, ai) for n in cards]
        wanted = [i for i, lv in enumerate(levels) if lv >= 1 and (level is None or lv == level)]
        if level is None and wanted:
            low = min(levels[i] for i in wanted)
            wanted = [i for i in wanted if levels[i] == low]
        if wanted:
            i = wanted[0]
            name = cards[i]
            return replace(enc, **{key: cards[:i] + cards[i + 1:]}), name, key == pile_key
    return enc, None, False


def _lowest(enc: Encounter, ai: bool) -> int | None:
    deck, pile = (enc.ai_deck, enc.ai_discard) if ai else (enc.bp_deck, enc.bp_discard)
    levels = [_level_of(enc, n, ai) for n in deck + pile]
    levels = [lv for lv in levels if lv >= 1]
    if not levels:
        return None
    deck_levels = [_level_of(enc, n, ai) for n in deck if _level_of(enc, n, ai) >= 1]
    return min(deck_levels) if deck_levels else min(levels)


def _take_escalation(enc: Encounter, ai: bool, level: int) -> tuple[Encounter, str | None]:
    """A random card of ``level`` from the Escalation deck (``None``: none left)."""
    key = "ai_escalation" if ai else "bp_escalation"
    pool = getattr(enc, key)
    found = [i for i, n in enumerate(pool) if _level_of(enc, n, ai) == level]
    if not found:
        return enc, None
    enc, rng = enc.rng()
    i = found[rng.randrange(len(found))]
    return replace(enc, **{key: pool[:i] + pool[i + 1:]}), pool[i]


def _shuffle_in(enc: Encounter, ai: bool, names: tuple[str, ...],
                with_discard: bool) -> Encounter:
    deck_key, pile_key = ("ai_deck", "ai_discard") if ai else ("bp_deck", "bp_discard")
    deck = getattr(enc, deck_key) + names
    pile = getattr(enc, pile_key)
    if with_discard or not getattr(enc, deck_key):
        deck, pile = deck + pile, ()
    enc, deck = shuffled(enc, deck)
    return replace(enc, **{deck_key: deck, pile_key: pile})


def _removed(what: str, enc: Encounter, name: str, from_pile: bool) -> str:
    """The removal of ``name`` in words: named when it came from the face-up discard pile,
    by its back when from the face-down deck (rulebook *Escalate X*: "Do not look at the
    removed cards")."""
    if from_pile:
        return f"{what} Escalation: {name} is removed from the Clash (from the discard pile)"
    level = _level_of(enc, name, what == "AI")
    article = "an" if what == "AI" else "a"
    return (f"{what} Escalation: {article} {what} {level} card is removed from the {what} "
            f"deck, unseen")


def escalate_ai(enc: Encounter, level: int | None) -> tuple[Encounter, list[str]]:
    """AI Escalation (rulebook *Boss Monster Escalation*, *Escalation Chart*): remove an AI
    card of the wounded card's ``level`` (``None`` for BP 3: the lowest level) from the deck
    or discard pile, then shuffle a random AI card one level higher into the deck.  The
    discard pile is shuffled in only when the removed card came from it or the new card would
    be the only card.  With no card of that level, a card one level higher is escalated
    instead; with no AI 3 left, the Monster gains a permanent bonus."""
    words = []
    target = level
    enc2, removed, from_pile = _remove(enc, True, target)
    while removed is None and target is not None and target < 3:
        target += 1
        enc2, removed, from_pile = _remove(enc, True, target)
    if removed is None and target is None:
        lowest = _lowest(enc, True)
        enc2, removed, from_pile = _remove(enc, True, lowest) if lowest else (enc, None, False)
    enc = enc2
    base = target if target is not None else (_level_of(enc, removed, True) if removed else 2)
    new_level = min(3, base + 1) if level is not None else 3
    enc, new = _take_escalation(enc, True, new_level)
    if removed:
        words.append(_removed("AI", enc, removed, from_pile))
    if new is None:
        index = next((i for i, b in enumerate(enc.bonuses) if b == 0), len(BONUS_ORDER) - 1)
        bonuses = list(enc.bonuses)
        bonuses[index] += 1
        enc = replace(enc, bonuses=tuple(bonuses))
        words.append(f"no AI {new_level} card is left: the Monster gains +1 "
                     f"{BONUS_ORDER[index]} (Escalation Chart)")
        if removed:
            enc = _shuffle_in(enc, True, (), from_pile)
        return enc, words
    enc = _shuffle_in(enc, True, (new,), from_pile)
    words.append(f"an AI {new_level} card is shuffled into the AI deck")
    return enc, words


def escalate_bp(enc: Encounter, level: int | None, *, critical: bool = False,
                aside: str | None = None) -> tuple[Encounter, list[str]]:
    """Boss BP Escalation (rulebook *Escalation Chart*): BP 1 / BP 2 wounded: shuffle a BP
    card one level higher into the deck.  BP 3 (``level`` 3): remove the lowest BP card from
    the deck (else the discard pile, which is then shuffled in), shuffle in one BP 3 card (two
    when Critically Wounded), and put the set-aside BP 3 card (``aside``) at the bottom.
    ``level`` ``None``: an Escalation outside wounding removes the lowest card first.  With
    every card already BP 3 the discard pile is shuffled in instead; with no card left in the
    Escalation deck, BP Escalation is ignored."""
    words = []
    all_three = all(_level_of(enc, n, False) == 3 for n in enc.bp_deck + enc.bp_discard)
    if level == 3 and all_three:
        enc = _shuffle_in(enc, False, (), True)
        words.append("every BP card is already BP 3: the discard pile is shuffled into the "
                     "BP deck")
        if aside and not critical:
            enc = replace(enc, bp_deck=enc.bp_deck + (aside,))
            words.append(f"{aside} goes to the bottom of the BP deck")
        return enc, words
    from_pile = False
    new_level = 3 if level is None else min(3, level + 1)
    if level is None or level == 3:
        enc, removed, from_pile = _remove(enc, False, None)
        if removed:
            words.append(_removed("BP", enc, removed, from_pile))
            if level is None:
                new_level = min(3, _level_of(enc, removed, False) + 1)
    added = []
    for _ in range(2 if critical and level == 3 else 1):
        enc, new = _take_escalation(enc, False, new_level)
        if new:
            added.append(new)
    if added:
        enc = _shuffle_in(enc, False, tuple(added), from_pile)
        words.append(f"{len(added)} BP {new_level} card{'s' * (len(added) > 1)} shuffled into "
                     f"the BP deck")
    else:
        words.append("no card is left in the BP Escalation deck: BP Escalation is ignored")
        if from_pile:
            enc = _shuffle_in(enc, False, (), True)
    if aside and level == 3 and not critical:
        enc = replace(enc, bp_deck=enc.bp_deck + (aside,))
        words.append(f"{aside} goes to the bottom of the BP deck")
    return enc, words


def escalate_outside(enc: Encounter, which: str) -> tuple[Encounter, list[str]]:
    """Escalate the lowest AI and/or BP card (``which``: ``both``, ``ai``, ``bp``) with no
    Wound dealt (rulebook *Escalating Outside of Wounding*).  For Mobs the BP part is the Mob
    track's, which the caller resolves on the board."""
    words: list[str] = []
    if which in ("both", "ai"):
        enc, more = escalate_ai(enc, _lowest(enc, True))
        words += more
    if which in ("both", "bp") and not enc.mob_clash:
        enc, more = escalate_bp(enc, None)
        words += more
    return enc, words


def judicium_draw(enc: Encounter, below: int) -> tuple[Encounter, str, list[str]]:
    """Draw a Judicium (rulebook *Falling Below "0" Vigor*, *Massive Peril*): ``below`` is how
    far the Vigor went under 0; each Massive Peril card reached is added first (once per
    Clash), then the deck is shuffled and its top card drawn."""
    words = []
    extra = list(enc.judicium)
    for threshold, card in MASSIVE_PERIL:
        if below >= threshold and card not in extra:
            extra.append(card)
            words.append(f"Massive Peril ({-below} Vigor): {card} is added to the Judicium deck")
    enc = replace(enc, judicium=tuple(extra))
    enc, deck = shuffled(enc, JUDICIUM + enc.judicium)
    return enc, deck[0], words
