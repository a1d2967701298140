"""The Jousting Phase: reveal a joust, resolve its Favor Actions, score both rolls, and end
the round.  Each function returns ``(new_state, events)`` or raises
:class:`IllegalActionError` naming the rule.

Rulebook: *Jousting Phase Tasks* 1-8, *Attack Dice Scores*, *Fealty Dice*, *Pip Count and
King's Crowns*, *Favor Action Icons*, *Panic*, *Ending a Round*, *Winning The Game*.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tabletop.dice.joust_rolls import aftershock_chain_error
from tabletop.dice.kings_champion import FEALTY, Score, score
from tabletop.errors import IllegalActionError
from tabletop.games.joust import abilities
from tabletop.games.joust.actions import DieRoll, EndRound, Joust, KnightRoll, Reveal
from tabletop.games.joust.events import (
    Event,
    FavorResolved,
    Happened,
    JoustRevealed,
    KnightScored,
    MoraleChanged,
    Panicked,
    PhaseBegins,
)
from tabletop.games.joust.state import (
    JOUSTS,
    MARK_OF_THE_CHURCH_LIMIT,
    MAX_REPUTATION,
    PANIC_HITS,
    Household,
    JoustState,
    Knight,
)

Result = tuple[JoustState, tuple[Event, ...]]

FAVOR_WORDS = {
    "block": "blocks one hit, makes one Critical Hit count as one hit, and keeps the Knight Calm",
    "ruse": "every die hits on one less",
    "heros-fate": "any dice may be rerolled once",
    "mark-of-the-church": "+1 Morale now, and hits may become Morale while under 15 Morale",
    "hit": "+1 hit on the joust roll (it can be blocked)",
    "targeting": "one Attack Die may be set to a face of the player's choice",
    "kings-crown": "a King's Crown for the Household",
}


def calm(knight: Knight) -> bool:
    """*Knightly Terms*, Calm: "A Calm Knight will not Panic"; Block and some Ability Cards
    make a Knight Calm."""
    return favor_of(knight) == "block" or knight.calm


def favor_of(knight: Knight) -> str | None:
    """The Favor Action the Knight uses: none when Panicked."""
    return None if knight.panic else knight.favor


def reveal(state: JoustState, action: Reveal) -> Result:
    """Tasks 1-4: both Jousting Tokens of the next joust turn face up, the Ability Cards are
    shown, and the Favor Actions resolve: Mark of the Church gives 1 Morale and King's Crown a
    Crown now; the others act on the roll.  Then the Ability Cards that act before the roll
    take effect (task 3)."""
    if state.revealed > state.resolved:
        raise IllegalActionError(action, f"joust {state.revealed} is revealed and not yet "
                                         f"rolled")
    if state.revealed >= JOUSTS:
        raise IllegalActionError(action, "all three jousts of the round are done")
    index = state.revealed
    pair = state.jousters(index)
    assert pair is not None  # both orders are set before the Jousting Phase begins
    events: list[Event] = [JoustRevealed(index, tuple(
        (house.name, knight.name, favor_of(knight), knight.ability, knight.panic)
        for house, knight in zip(state.in_order(), pair, strict=True)))]
    for house, knight in zip(state.in_order(), pair, strict=True):
        favor = favor_of(knight)
        if favor is None:
            continue
        events.append(FavorResolved(house.name, knight.name, favor, FAVOR_WORDS[favor]))
        if favor == "mark-of-the-church":
            house = replace(state.household(house.name),
                            morale=state.household(house.name).morale + 1)
            state = state.with_household(house)
            events.append(MoraleChanged(house.name, 1, house.morale, "Mark of the Church"))
        elif favor == "kings-crown":
            house = state.household(house.name)
            state = state.with_household(replace(house, crowns=house.crowns + 1))
    for house, knight in zip(state.in_order(), pair, strict=True):
        state, more = abilities.before(state, house.name, knight)
        events.extend(more)
    return replace(state, revealed=index + 1), tuple(events)


@dataclass(frozen=True)
class RollScore:
    """One Knight's joust roll scored, before the rival's Block: ``dice`` scores the faces (Ruse
    from the Favor Action or the Ability Card lowers every hit number), ``favor_hit`` is the Hit
    Favor Action's +1, ``card_hits``, ``card_pips`` and ``card_block`` what the Ability Card
    adds to the hits and the pip count and blocks of the rival's hits, ``block_favor`` whether
    the Knight's Favor Action is Block."""

    dice: Score
    favor_hit: int = 0
    card_hits: int = 0
    card_pips: int = 0
    card_block: int = 0
    block_favor: bool = False

    @property
    def hits(self) -> int:
        """Every hit scored: the dice's, Hit's +1 and the Ability Card's."""
        return self.dice.hits + self.favor_hit + self.card_hits

    @property
    def pips(self) -> int:
        """The pip count: every face rolled, and the Ability Card's pips."""
        return self.dice.pips + self.card_pips

    def blocks(self, rival: RollScore) -> int:
        """How many of ``rival``'s hits this Knight stops: Block "Block one hit, reduce a
        critical hit from counting as two hits to one hit" (one hit, or two against a Critical
        Hit), then the Ability Card's blocks; never more than the rival scored."""
        blocked = (1 + (1 if rival.dice.criticals else 0)) if self.block_favor else 0
        return min(rival.hits, blocked + self.card_block)

    def block_words(self) -> str:
        """What of this Knight blocks: ``"Block"``, ``"Ability Card"``, both, or ``""``."""
        return " and ".join(w for w, on in (("Block", self.block_favor),
                                            ("Ability Card", self.card_block)) if on)


def score_roll(state: JoustState, knight: Knight, faces: list[tuple[str, int]]) -> RollScore:
    """``knight``'s ``(colour, face)`` pairs scored as the joust scores them (*Attack Dice
    Scores*, *Fealty Dice*, *Favor Action Icons*: Ruse and Hit, and the Ability Card's
    during-the-roll hits, blocks, pips and Ruse).  The dice tray's words and :func:`score_joust`
    both use it."""
    favor = favor_of(knight)
    mods = abilities.during(state, knight)
    return RollScore(score(faces, ruse=favor == "ruse" or mods.ruse),
                     favor_hit=1 if favor == "hit" else 0, card_hits=mods.hits,
                     card_pips=mods.pips, card_block=mods.block, block_favor=favor == "block")


@dataclass(frozen=True)
class _Outcome:
    """One side's scored roll before it is applied."""

    house: Household
    knight: Knight
    scored: RollScore
    how: tuple[str, ...]
    blocked: int
    converted: int
    target: int

    @property
    def score(self) -> Score:
        return self.scored.dice

    @property
    def hits(self) -> int:
        return self.scored.hits

    @property
    def pips(self) -> int:
        return self.scored.pips

    @property
    def landed(self) -> int:
        return self.hits - self.blocked

    @property
    def damage(self) -> int:
        return self.landed - self.converted


def how_rolled(roll: KnightRoll) -> list[str]:
    """For each scored face of ``roll`` (each die, then its Aftershock rolls), how it came
    about in words: ``""``, ``"set by Targeting"``, ``"rerolled from 2 by Hero's Fate"``,
    ``"Aftershock roll"``."""
    names = {"heros-fate": "Hero's Fate", "squire": "the Squire Reroll"}
    out = []
    for die in roll.dice:
        if die.preset:
            out.append("set by Targeting")
        elif die.rerolls:
            steps = ", then ".join(f"from {face} by {names.get(source, source)}"
                                   for face, source in zip(die.faces[:-1], die.rerolls,
                                                           strict=True))
            out.append(f"rerolled {steps}")
        else:
            out.append("")
        out.extend("Aftershock roll" for _ in die.aftershocks)
    return out


def _check_roll(action: Joust, state: JoustState, knight: Knight,
                roll: KnightRoll) -> list[tuple[str, int]]:
    """The ``(colour, face)`` pairs to score, after checking the roll against the Knight's
    dice, its rerolls, Targeting and the Aftershock chain.  Hero's Fate rerolls "one time"
    (*Favor Action Icons*) and the Squire Reroll once, so every die rerolled by both names
    them in the same order."""
    favor = favor_of(knight)
    expected = dict(abilities.roll_slots(state, knight))
    given = [d.slot for d in roll.dice]
    if sorted(given) != sorted(expected):
        raise IllegalActionError(action, f"{knight.name} rolls exactly its placed dice and its "
                                         f"Fealty Die: {', '.join(expected)}")
    faces: list[tuple[str, int]] = []
    presets = 0
    for die in roll.dice:
        colour = expected[die.slot]
        _check_die(action, knight, favor, colour, die)
        presets += die.preset
        faces.append((colour, die.face))
        faces.extend((FEALTY, f) for f in die.aftershocks)
    if presets > 1:
        raise IllegalActionError(action, "Targeting presets one die")
    abilities.check_ability_rerolls(action, knight, abilities.during(state, knight),
                                    [expected[d.slot] for d in roll.dice if "ability" in d.rerolls])
    if len({tuple(r for r in d.rerolls if r != "ability") for d in roll.dice
            if len([r for r in d.rerolls if r != "ability"]) > 1}) > 1:
        raise IllegalActionError(action, f"{knight.name}: Hero's Fate rerolls the dice one time "
                                         f"and the Squire Reroll once, so the dice both reroll "
                                         f"are rerolled by them in the same order")
    return faces


def _check_die(action: Joust, knight: Knight, favor: str | None, colour: str,
               die: DieRoll) -> None:
    name = f"{knight.name}'s {colour} die"
    if not die.faces or any(not isinstance(f, int) or not 1 <= f <= 6
                            for f in (*die.faces, *die.aftershocks)):
        raise IllegalActionError(action, f"{name}: a d6 shows 1 to 6")
    if len(die.faces) != len(die.rerolls) + 1:
        raise IllegalActionError(action, f"{name}: one face for the roll and one per reroll")
    if len(set(die.rerolls)) != len(die.rerolls):
        raise IllegalActionError(action, f"{name}: each reroll is used once per die")
    for source in die.rerolls:
        if source == "heros-fate":
            if favor != "heros-fate":
                raise IllegalActionError(action, f"{name}: only Hero's Fate gives that reroll")
        elif source == "ability":
            pass  # counted against the Ability Card's rerolls by check_ability_rerolls
        elif source == "squire":
            squire = knight.squire
            if squire is None or squire.reroll != colour or not squire.reroll_worker:
                raise IllegalActionError(action, f"{name}: a Squire Reroll needs a Squire "
                                                 f"rerolling {colour} with a worker on it")
        else:
            raise IllegalActionError(action, f"{name}: {source!r} is not a reroll "
                                             f"(squire, heros-fate, ability)")
    if die.preset:
        if favor != "targeting":
            raise IllegalActionError(action, f"{name}: only Targeting presets a die")
        if colour == FEALTY:
            raise IllegalActionError(action, "Targeting may not preset the Fealty Die")
        if die.rerolls:
            raise IllegalActionError(action, f"{name}: a preset die is not rolled, so not "
                                             f"rerolled")
    broken = aftershock_chain_error(colour, die.face, die.aftershocks)
    if broken:
        raise IllegalActionError(action, f"{name}: {broken}")


def convert_room(house: Household, hits: int, blocked: int) -> int:
    """How many hits Mark of the Church may turn into Morale: the hits landed, while the
    Household stays under 15 Morale ("You may convert any hits you score into Morale if you
    are under 15 Morale")."""
    return min(hits - blocked, max(0, MARK_OF_THE_CHURCH_LIMIT - house.morale))


def score_joust(state: JoustState, action: Joust) -> Result:
    """Tasks 5-8: check both Knights' rolls (every face, reroll and Aftershock of ``action``)
    and score them at once; the joust is then resolved.

    Hits (:func:`score_roll`) less the rival's blocks less hits Mark of the Church turns into
    Morale (one Morale each, only while under 15) lower the rival's Morale (never below 0).
    Each Reputation face gives one Reputation (at most 12).  A pip count above the Knight's
    crown box earns a King's Crown.  A Knight taking 5 or more hits is Panicked next round
    unless Calm (Block).
    """
    if state.revealed != state.resolved + 1:
        raise IllegalActionError(action, "reveal the next joust before rolling")
    houses = state.in_order()
    pair = state.jousters(state.resolved)
    assert pair is not None
    rolls = {r.house: r for r in action.rolls}
    if sorted(rolls) != sorted(h.name for h in houses) or len(action.rolls) != 2:
        raise IllegalActionError(action, "a joust has one roll for each Household")
    scored = [score_roll(state, knight, _check_roll(action, state, knight, rolls[house.name]))
              for house, knight in zip(houses, pair, strict=True)]
    outcomes = []
    for house, knight, mine, theirs in zip(houses, pair, scored, reversed(scored), strict=True):
        roll = rolls[house.name]
        blocked = theirs.blocks(mine)
        if roll.convert:
            if favor_of(knight) != "mark-of-the-church":
                raise IllegalActionError(action, f"{knight.name}: only Mark of the Church turns "
                                                 f"hits into Morale")
            room = convert_room(house, mine.hits, blocked)
            if not 0 <= roll.convert <= room:
                raise IllegalActionError(action, f"{knight.name}: Mark of the Church converts "
                                                 f"at most {room} hits "
                                                 f"(hits scored, Morale kept under 15)")
        outcomes.append(_Outcome(house, knight, mine, tuple(how_rolled(roll)), blocked,
                                 roll.convert, knight.crown_target()))
    return _apply_outcomes(state, outcomes)


def _apply_outcomes(state: JoustState, outcomes: list[_Outcome]) -> Result:
    events: list[Event] = []
    for mine, theirs in (outcomes, outcomes[::-1]):
        house = state.household(mine.house.name)
        reputation = min(MAX_REPUTATION, house.reputation + mine.score.reputation)
        crown = mine.pips > mine.target
        change = mine.converted - theirs.damage
        morale = max(0, house.morale + change)
        knight = replace(house.knight(mine.knight.name),
                         hits_taken=mine.knight.hits_taken + theirs.damage,
                         hits_scored=mine.knight.hits_scored + mine.landed)
        house = replace(house.with_knight(knight), reputation=reputation,
                        crowns=house.crowns + crown, morale=morale)
        state = state.with_household(house)
        events.append(KnightScored(
            house.name, knight.name, theirs.knight.name,
            tuple(_with_how(d.words, how) for d, how in zip(mine.score.dice, mine.how,
                                                             strict=True)),
            mine.hits, mine.score.criticals,
            mine.score.aftershocks, favor_of(mine.knight) == "hit", mine.blocked,
            mine.converted, mine.damage, mine.score.reputation, reputation, mine.pips,
            mine.target, crown, mine.scored.card_hits, mine.scored.card_pips,
            theirs.scored.block_words()))
    for outcome in outcomes:
        house = state.household(outcome.house.name)
        before = outcome.house.morale
        if house.morale != before:
            why = "hits and Mark of the Church" if outcome.converted else "hits taken"
            events.append(MoraleChanged(house.name, house.morale - before, house.morale, why))
        knight = house.knight(outcome.knight.name)
        if knight.hits_taken >= PANIC_HITS and not calm(knight):
            events.append(Panicked(house.name, knight.name, knight.hits_taken))
    for outcome in outcomes:
        state, more = abilities.after(state, outcome.house.name, outcome.knight, outcome.landed)
        events.extend(more)
    return replace(state, resolved=state.resolved + 1), tuple(events)


def _with_how(words: str, how: str) -> str:
    """``"white 5: Hit"`` with ``how`` after the face:
    ``"white 5 (rerolled from 2 by Hero's Fate): Hit"``."""
    if not how:
        return words
    face, _, score_words = words.partition(": ")
    return f"{face} ({how}): {score_words}"


def end_round(state: JoustState, action: EndRound) -> Result:
    """The end of the Jousting Phase: Panic is set for the Knights that took 5 or more hits and
    were not Calm; Favor Actions and the jousting order are cleared; the Ability Cards played
    go to the discard pile (Standard) or are sacked from the game (Advanced); dice go back to
    the pool (a Squire's to its Squire).  The Ennoblement Phase begins, the Household with
    initiative first."""
    if state.resolved < JOUSTS:
        raise IllegalActionError(action, f"joust {state.resolved + 1} is still to be run")
    houses = []
    discard = list(state.ability_discard)
    events: list[Event] = []
    for house in state.households:
        pool = list(house.pool)
        knights = []
        for knight in house.knights:
            pool.extend(colour for slot, colour in knight.placed_dice()
                        if knight.squire is None or knight.squire.on != slot)
            card = abilities.ability_of(state, knight)
            if card is not None and card.kind == "advanced":
                events.append(Happened(house.name, f"sacks the Advanced Ability Card "
                                                   f"{card.name} from the game"))
            elif knight.ability:
                discard.append(knight.ability)
            squire = knight.squire and replace(knight.squire, on=None)
            knights.append(replace(
                knight, panic=knight.hits_taken >= PANIC_HITS and not calm(knight),
                favor=None, ability="", hits_taken=0, squire=squire, calm=False,
                token_dice=tuple(None for _ in knight.tokens),
                equipment=tuple(replace(e, die=None) for e in knight.equipment)))
        houses.append(replace(house, knights=tuple(knights), pool=tuple(pool), order=(),
                              ready=False, enhancement_placed=False, done=False,
                              collected=False))
    state = replace(state, households=tuple(houses), revealed=0, resolved=0,
                    ability_discard=tuple(discard), phase="ennoblement", turn=state.initiative)
    return state, (*events, PhaseBegins("ennoblement", state.round, state.initiative))
