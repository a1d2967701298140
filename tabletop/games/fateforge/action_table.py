"""Fateforge's actions in one table (rulebook *Preparation Phase*, *Action Phase*, *Clean-up
Phase*): each action's class, when it is taken, the rulebook section it implements, the
window's button label for the FOCUS and token actions (fields in braces; ``{to}`` is a zone,
written by its name) and the docs line.  :func:`tabletop.games.fateforge.rules.apply` has a
resolver for every row (a test checks it), the window's buttons take their labels from here,
and docs/fateforge.md lists every row (a test checks it).
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from tabletop.games.fateforge.actions import (
    AccompanyAlly,
    AllyAbility,
    Block,
    CleanUp,
    Collect,
    Dash,
    EndTurn,
    EnemyActs,
    EnergyReroll,
    Exit,
    Explore,
    ExtraRound,
    Fountain,
    Hit,
    OpenChest,
    Pull,
    Push,
    RerollDice,
    Revive,
    RollAllyDice,
    RollDice,
    SetArmourUse,
    SetOrder,
    Shot,
    SpringTrap,
    Step,
    Stun,
    ThreeOfAKind,
    ToggleDoor,
    UseAllyDie,
    UsePortal,
    WeaponSpecial,
)

PREPARATION = "Preparation"
HERO_TURN = "hero turn"
CARD_EFFECT = "skill or item effect"
ENEMIES = "enemies"
CLEAN_UP = "end of round"
SCENE_END = "end of the last round"
TRAPPED = "moved onto a trap"
ANY_TIME = "any time"


@dataclass(frozen=True)
class ActionSpec:
    """One action: ``kind`` its class; ``when`` it is taken; ``rule`` the rulebook section;
    ``button`` the window's label (``""``: the window offers it another way); ``line`` what
    it does, for the docs."""

    kind: type
    when: str
    rule: str
    line: str
    button: str = ""

    @property
    def name(self) -> str:
        """The class name, as the docs and ``legal_actions`` write it."""
        return self.kind.__name__

    def arguments(self) -> str:
        """The action's fields in order, e.g. ``hero, to, energy, trap``."""
        return ", ".join(f.name for f in fields(self.kind))


ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(RollDice, PREPARATION, "Preparation Phase",
               "4 results from the hero's pool (one less when stunned)"),
    ActionSpec(RollAllyDice, PREPARATION, "Allies",
               "the ally's two setup results, never a miss"),
    ActionSpec(AccompanyAlly, PREPARATION, "Allies", "the hero the ally accompanies"),
    ActionSpec(EnergyReroll, PREPARATION, "Energy Reroll",
               "which dice to reroll: 1 energy, once per round, only dice showing a miss"),
    ActionSpec(RerollDice, PREPARATION, "Energy Reroll",
               "the rerolled dice's results (a chance point), each die as its own kind"),
    ActionSpec(ThreeOfAKind, PREPARATION, "Three-of-a-Kind",
               "change one die to any result but a miss, once per round"),
    ActionSpec(Dash, PREPARATION, "Dash", "once per round, to an adjacent zone"),
    ActionSpec(SetOrder, PREPARATION, "Player Order", "the player order; starts the Action "
               "Phase"),
    ActionSpec(Step, HERO_TURN, "STEP", "into an adjacent zone (a STEP result, or 1 energy "
               "once per turn)"),
    ActionSpec(Hit, HERO_TURN, "HIT", "an enemy in the same zone"),
    ActionSpec(Shot, HERO_TURN, "SHOT", "an enemy in sight"),
    ActionSpec(ToggleDoor, HERO_TURN, "FOCUS: Doors", "open or close a door (FOCUS)",
               "Door to {to}"),
    ActionSpec(UsePortal, HERO_TURN, "FOCUS: Portals", "use a portal (FOCUS)",
               "Portal to {to}"),
    ActionSpec(OpenChest, HERO_TURN, "FOCUS: Chests", "open a chest (FOCUS)", "Open {token}"),
    ActionSpec(Explore, HERO_TURN, "FOCUS: Exploration", "explore (FOCUS)",
               "Explore {token}"),
    ActionSpec(Revive, HERO_TURN, "Knocked Out — Revive", "revive a knocked-out hero "
               "(FOCUS)", "Revive {target}"),
    ActionSpec(Collect, HERO_TURN, "Objectives", "an unguarded objective in the zone",
               "Collect {token}"),
    ActionSpec(Fountain, HERO_TURN, "Healing Fountains", "health and energy from the "
               "fountain's cubes", "Fountain +{health}h +{energy}e"),
    ActionSpec(UseAllyDie, HERO_TURN, "Allies", "a result on the ally's card"),
    ActionSpec(AllyAbility, HERO_TURN, "Allies", "the ally's ability"),
    ActionSpec(WeaponSpecial, HERO_TURN, "Weapons", "a `special` result, once per round"),
    ActionSpec(SpringTrap, TRAPPED, "Traps", "the choice a trap asks for"),
    ActionSpec(EndTurn, HERO_TURN, "Action Phase", "unused results are discarded"),
    ActionSpec(Push, CARD_EFFECT, "Glossary: Push", "an enemy into an adjacent zone"),
    ActionSpec(Pull, CARD_EFFECT, "Glossary: Pull", "an enemy into the hero's zone"),
    ActionSpec(Stun, CARD_EFFECT, "Glossary: Stun", "a stun cube on an enemy"),
    ActionSpec(Block, CARD_EFFECT, "Glossary: Block", "a block token"),
    ActionSpec(EnemyActs, ENEMIES, "Enemy Reactions, Enemy Turns",
               "the next enemy activation, and why"),
    ActionSpec(CleanUp, CLEAN_UP, "Clean-up Phase", "ends the round"),
    ActionSpec(Exit, SCENE_END, "Exiting the Combat Scene", "ends the last round"),
    ActionSpec(ExtraRound, SCENE_END, "Extra Round", "one more round instead"),
    ActionSpec(SetArmourUse, ANY_TIME, "Armour", "whether a hero's armour stops damage"),
)
"""Every Fateforge action, in the docs' order."""

WHEN: dict[type, str] = {spec.kind: spec.when for spec in ACTIONS}
"""When each action is taken, by class (the turn sequence of ``turn.py`` reads it)."""

BUTTONS: dict[type, str] = {spec.kind: spec.button for spec in ACTIONS if spec.button}
"""The window's button label of each action offered as a button, by class."""
