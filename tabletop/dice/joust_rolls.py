"""King's Champion roll rules as pure functions on rolls: Aftershock, Hero's Fate, Squire Reroll.

These are the only implementation of those roll rules: the joust's rules core receives the
faces they produce (and checks the Knight may use the rerolls named), the joust roll in the
window applies them through :func:`knight_reroll`, and the free dice tray through
:func:`heros_fate`.

The joust roll (Jousting Phase, steps 5-7: roll the dice, apply abilities and re-rolls,
resolve the dice) is a :class:`~tabletop.dice.roll.Roll` of ``kc-*`` dice.  Re-rolls come
first; Aftershocks are rolled when the dice are resolved.  Scoring is the joust module's
:func:`tabletop.dice.kings_champion.score`; :func:`joust_score` feeds it a roll.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tabletop.dice import kings_champion
from tabletop.dice.roll import Roll, add_dice, reroll
from tabletop.errors import IllegalActionError
from tabletop.wording import numbered

AFTERSHOCK = "Aftershock"
HEROS_FATE = "Hero's Fate"
SQUIRE = "Squire Reroll"
ABILITY = "Ability Card"
MAX_AFTERSHOCKS = 100


def _check_joust_roll(roll: Roll) -> None:
    wrong = [k for k in roll.kinds if not k.startswith("kc-")]
    if wrong:
        raise IllegalActionError(f"a joust roll with {wrong[0]}",
                                 "a joust rolls King's Champion white, green, red and black d6")


def colour(roll: Roll, index: int) -> str:
    """The King's Champion colour of die ``index`` (white, green, red or black)."""
    return roll.kinds[index].removeprefix("kc-")


def rolls_again(die_colour: str, face: int) -> bool:
    """Whether a die of ``die_colour`` showing ``face`` is rolled again as an Aftershock: the
    black Fealty Die on a 6 (Glossary "Aftershock", "Fealty Dice")."""
    return die_colour == kings_champion.FEALTY and face == 6


def aftershock_chain_error(die_colour: str, face: int, chain: Sequence[int]) -> str | None:
    """What is wrong with ``chain``, the further rolls of a ``die_colour`` die whose (last)
    face is ``face``, by the Aftershock rule, in words; ``None`` when it keeps the rule.

    A die that rolls again (:func:`rolls_again`) is rolled until a face other than 6: its chain
    is zero or more 6s ending on another face; any other die has no chain.  The joust's rules
    core checks the faces it is handed with this; :func:`resolve_aftershocks` rolls them.
    """
    if rolls_again(die_colour, face):
        if not chain or any(not rolls_again(die_colour, f) for f in chain[:-1]) or \
                rolls_again(die_colour, chain[-1]):
            return "an Aftershock rolls again until a face other than 6"
    elif chain:
        return "only a Fealty Die showing 6 rolls again"
    return None


def resolve_aftershocks(roll: Roll) -> Roll:
    """``roll`` with every Aftershock rolled (Glossary "Aftershock", "Fealty Dice").

    A black Fealty die showing 6 is a hit and is rolled again; each further 6 rolls again,
    until a face other than 6, which is scored as normal.  Each wave of Aftershocks is one
    recorded step that adds one black die per black 6 of the previous wave (the first wave
    looks at every black die of the roll that is not itself an Aftershock).  Raises if the
    roll was already resolved.  Dice of other kinds in the roll are left alone.  Stops after
    :data:`MAX_AFTERSHOCKS` waves (never reached by fair dice in practice: the chance is 6 to
    the power -100).
    """
    if any(step.reason == AFTERSHOCK for step in roll.steps):
        raise IllegalActionError("resolve the Aftershocks", "this roll's Aftershocks were "
                                                            "already rolled")
    wave = [i for i in range(len(roll)) if roll.kinds[i].startswith("kc-")
            and rolls_again(colour(roll, i), roll.face(i).value)]
    for _ in range(MAX_AFTERSHOCKS):
        if not wave:
            break
        start = len(roll)
        roll = add_dice(roll, ["kc-black"] * len(wave), AFTERSHOCK)
        wave = [i for i in range(start, len(roll)) if rolls_again(colour(roll, i),
                                                                  roll.face(i).value)]
    return roll


def aftershock_dice(roll: Roll) -> tuple[int, ...]:
    """The indices of the dice added by Aftershocks."""
    out, index = [], roll.first
    for step in roll.steps:
        if step.action == "add":
            if step.reason == AFTERSHOCK:
                out.extend(range(index, index + len(step.kinds)))
            index += len(step.kinds)
    return tuple(out)


def _check_before_resolving(roll: Roll, action: str) -> None:
    if any(step.reason == AFTERSHOCK for step in roll.steps):
        raise IllegalActionError(action, "re-rolls come before the dice are resolved "
                                         "(Jousting Phase steps 6 and 7)")


def heros_fate(roll: Roll, dice: Iterable[int]) -> Roll:
    """Re-roll any of the dice, of any colour, one time (Ability "Hero's Fate").

    Stacks with other re-rolls (a die re-rolled by a Squire Reroll may be re-rolled again), but
    Hero's Fate itself is used once per roll.
    """
    _check_joust_roll(roll)
    chosen = sorted(set(dice))
    action = f"{HEROS_FATE}: re-roll {numbered('die', (i + 1 for i in chosen))}"
    _check_before_resolving(roll, action)
    if any(step.reason == HEROS_FATE for step in roll.steps):
        raise IllegalActionError(action, "Hero's Fate re-rolls the dice one time")
    return reroll(roll, chosen, HEROS_FATE)


def squire_reroll(roll: Roll, dice: Iterable[int], squire_colour: str) -> Roll:
    """Re-roll dice matching the Squire's colour (Squire Reroll), once per roll.

    Every chosen die must be of ``squire_colour``.
    """
    _check_joust_roll(roll)
    chosen = sorted(set(dice))
    action = f"{SQUIRE}: re-roll {numbered('die', (i + 1 for i in chosen))}"
    _check_before_resolving(roll, action)
    if any(step.reason == SQUIRE for step in roll.steps):
        raise IllegalActionError(action, "the Squire Reroll is used once")
    for index in chosen:
        if not 0 <= index < len(roll):
            raise IllegalActionError(action, f"die {index + 1} is not in this roll")
        if colour(roll, index) != squire_colour:
            raise IllegalActionError(action, f"die {index + 1} is {colour(roll, index)}; the "
                                             f"Squire re-rolls only {squire_colour} dice")
    return reroll(roll, chosen, SQUIRE)


def rerolls_left(roll: Roll, *, heros_fate_held: bool, squire: str | None) -> tuple[str, ...]:
    """The rerolls a Knight may still use on ``roll`` (Jousting Phase task 6), in the order
    :func:`knight_reroll` prefers them: :data:`SQUIRE` when the Knight has a Squire Reroll of
    colour ``squire`` (with its worker) unused, :data:`HEROS_FATE` when it holds Hero's Fate
    unused; none once the Aftershocks are rolled (task 7)."""
    used = {step.reason for step in roll.steps}
    if AFTERSHOCK in used:
        return ()
    out = []
    if squire and SQUIRE not in used:
        out.append(SQUIRE)
    if heros_fate_held and HEROS_FATE not in used:
        out.append(HEROS_FATE)
    return tuple(out)


def ability_rerolls_left(roll: Roll, allowed: Sequence[str]) -> list[str]:
    """The Ability Card rerolls still unused on ``roll``: ``allowed`` holds one colour (or
    ``any``) per reroll effect of the card, and each earlier :data:`ABILITY` step used the one
    matching its die (its own colour first, else ``any``)."""
    free = list(allowed)
    for step in roll.steps:
        if step.action == "reroll" and step.reason == ABILITY:
            for index in step.dice:
                die = colour(roll, index)
                match = die if die in free else "any" if "any" in free else None
                if match is not None:
                    free.remove(match)
    return free


def ability_reroll(roll: Roll, dice: Iterable[int], allowed: Sequence[str]) -> Roll:
    """Re-roll one die with an Ability Card's reroll ("reroll one die of COLOUR once"):
    ``allowed`` as in :func:`ability_rerolls_left`."""
    _check_joust_roll(roll)
    chosen = sorted(set(dice))
    action = f"{ABILITY}: re-roll {numbered('die', (i + 1 for i in chosen))}"
    _check_before_resolving(roll, action)
    free = ability_rerolls_left(roll, allowed)
    if len(chosen) != 1 or not 0 <= chosen[0] < len(roll):
        raise IllegalActionError(action, "an Ability Card re-rolls one die at a time")
    die = colour(roll, chosen[0])
    if die not in free and "any" not in free:
        raise IllegalActionError(action, f"the Ability Card has no reroll left for a {die} die")
    return reroll(roll, chosen, ABILITY)


def knight_reroll(roll: Roll, dice: Iterable[int], *, heros_fate_held: bool,
                  squire: str | None, ability: Sequence[str] = ()) -> tuple[Roll, str]:
    """Re-roll ``dice`` with a Knight's own rerolls: the Squire Reroll (colour ``squire``) when
    it is left and every chosen die is its colour, else its Ability Card's reroll (``ability``:
    one colour or ``any`` per reroll effect) for one matching die, else Hero's Fate when it is
    left.  Returns the new roll and the reroll used, in words.  Raises
    :class:`IllegalActionError` when no reroll the Knight has may re-roll those dice (the rules
    are :func:`squire_reroll`'s, :func:`ability_reroll`'s and :func:`heros_fate`'s)."""
    _check_joust_roll(roll)
    chosen = sorted(set(dice))
    if not chosen:
        raise IllegalActionError("re-roll", "choose the dice to re-roll first")
    action = f"re-roll {numbered('die', (i + 1 for i in chosen))}"
    _check_before_resolving(roll, action)
    left = rerolls_left(roll, heros_fate_held=heros_fate_held, squire=squire)
    if SQUIRE in left and all(0 <= i < len(roll) and colour(roll, i) == squire
                              for i in chosen):
        return squire_reroll(roll, chosen, squire), f"{SQUIRE} ({squire})"
    free = ability_rerolls_left(roll, ability) if ability else []
    if len(chosen) == 1 and 0 <= chosen[0] < len(roll) and (
            colour(roll, chosen[0]) in free or "any" in free):
        return ability_reroll(roll, chosen, ability), ABILITY
    if HEROS_FATE in left:
        return heros_fate(roll, chosen), HEROS_FATE
    if SQUIRE in left:
        raise IllegalActionError(action, f"the Squire re-rolls only {squire} dice, and no "
                                         f"Hero's Fate is left")
    if free:
        raise IllegalActionError(action, f"the Ability Card re-rolls one die "
                                         f"({' or '.join(free)}), and no Hero's Fate is left")
    raise IllegalActionError(action, "no Hero's Fate or Squire Reroll is left for this Knight")


def joust_score(roll: Roll, *, ruse: bool = False) -> kings_champion.Score:
    """The joust module's :class:`~tabletop.dice.kings_champion.Score` of every die in ``roll``.

    Call :func:`resolve_aftershocks` first so the Aftershock dice are counted.
    """
    _check_joust_roll(roll)
    return kings_champion.score(((colour(roll, i), roll.face(i).value)
                                 for i in range(len(roll))), ruse=ruse)
