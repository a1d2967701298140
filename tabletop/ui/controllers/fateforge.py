"""The Fateforge combat map screen: clicks and keys in, Fateforge actions out.

Preparation: Roll (N) throws the ally's two dice (first round; misses rerolled until none is
left) and each hero's four dice from its pool ("Dice:" picks which when the pool holds more)
in the dice tray, one after another (in the tray: click misses and R for the Energy Reroll, a
Three-of-a-Kind change, Enter to hand the dice to the hero; Esc stops; the tray's Energy
Reroll and change are performed once every hero has rolled, rolling being the Preparation's
first step and a chance point); click a hero, then an
adjacent zone to Dash; "Reroll misses" throws the hero's misses in the tray for 1 energy; with
three identical faces, "3-of-a-kind" buttons change one other die; "Earlier" moves the
selected hero up the player order; the Reactions buttons place the Enemy Reactions tile and
pick the reacting types as the app shows them; "Start Action Phase" (N) sets the order.  Hero
turns: click the acting hero to see the zones it may STEP into (blue; cyan for the energy STEP,
or Shift-click) and the enemies it may HIT (orange) or SHOT (yellow), grey for those it cannot
attack with the reason in the caption; click a zone to STEP, an enemy to attack; FOCUS uses
are buttons, and so are the skill effects (a block token; Stun, Pull or Push on a Ctrl-clicked
enemy), the ally's dice and abilities, the weapon's special result and the armour choice; End
turn (T).  Enemy slots: Next enemy (N) performs one activation and the log says why; when the
players choose the target, a button per target; when the activation then waits for a D6 (a
chance point), a seeded roll of the dice module's plain ``d6`` is written into the action.
Clean-Up (N), then one button per exit with its damage, the objectives as marked in the app,
and an extra round.
Every refusal is the rules core's message in the status line.  Every roll goes to the log in
words with its seed; its replayable record rides along as the entry's ``data``
(``tabletop.dice.roll.replay`` rebuilds the same faces from it), never in the words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import combinations
from typing import TYPE_CHECKING

import pygame

from tabletop.dice.fateforge_rolls import ENERGY_REROLL, Preparation, die_word, energy_reroll
from tabletop.dice.roll import Roll, add_dice, new_seed, reroll, roll_dice
from tabletop.errors import IllegalActionError, UsageError
from tabletop.games.fateforge.actions import (
    AccompanyAlly,
    AllyAbility,
    Block,
    CleanUp,
    Dash,
    EndTurn,
    EnemyActs,
    EnergyReroll,
    Exit,
    ExtraRound,
    Fountain,
    Hit,
    Pull,
    Push,
    RerollDice,
    RollAllyDice,
    RollDice,
    SetArmourUse,
    SetOrder,
    Shot,
    SpringTrap,
    Step,
    Stun,
    ThreeOfAKind,
    UseAllyDie,
    UsePortal,
    WeaponSpecial,
)
from tabletop.games.fateforge.state import REACTIONS, TURNS, WEAPON_DICE, FateforgeState, Hero
from tabletop.spatial.zone_graph import move_neighbours
from tabletop.ui.controllers.base import ButtonSpec, GameController
from tabletop.ui.facades.fateforge import (
    BUTTONS,
    dash_options,
    dice_count,
    die_kinds,
    die_needed,
    exit_plan,
    hit_refusal,
    legal_actions,
    next_activation,
    refusal,
    reroll_waiting,
    rolls_waiting,
    shot_refusal,
    step_options,
    three_of_a_kind_face,
    turn_plan,
)
from tabletop.ui.logbook import LogEntry
from tabletop.ui.session import Session
from tabletop.ui.views.fateforge import (
    ENEMY_COLOURS,
    FateforgeLayers,
    FateforgeOverlays,
    MapFit,
    draw_fateforge,
    hero_colour,
    legend,
    piece_spots,
)
from tabletop.ui.widgets.choice_menu import ChoiceMenu
from tabletop.ui.widgets.panels import PanelBody
from tabletop.wording import counted, numbered

if TYPE_CHECKING:
    from tabletop.ui.widgets.dice_tray import DiceTray

MAX_ENEMY_D6 = 6
"""The most D6 one enemy activation is rolled (each tie asks one; a seeded roll settles long
before)."""
ALLY = "@ally"
"""The roll queue's word for the ally's setup roll."""
OBJECTIVES = ("", "met", "failed")
"""The objectives as marked in the app, for the Exit: not marked here, all met, not all met."""
MAX_ALLY_REROLLS = 50
"""An ally's misses are rerolled until none is left; a seeded roll settles long before."""


def pool_words(pool: tuple[str, ...]) -> str:
    """A dice pool in few words: combat dice by initial (R, Y, B, G), then the weapon die."""
    combat = " ".join(k.removeprefix("ff-")[0].upper() for k in pool if k not in WEAPON_DICE)
    weapon = [f"{k.removeprefix('ff-')} weapon die" for k in pool if k in WEAPON_DICE]
    return " + ".join([combat, *weapon]) if combat else ", ".join(weapon)


def dice_choices(hero: Hero) -> list[tuple[str, ...]]:
    """The different sets of dice ``hero`` may roll this round: ``dice_count`` dice from its
    pool, in pool order (*Preparation Phase*: "choose and roll a total of 4 combat or weapon
    dice from your pool")."""
    count = dice_count(hero)
    seen: list[tuple[str, ...]] = []
    for chosen in combinations(hero.pool, count):
        if chosen not in seen:
            seen.append(chosen)
    return seen


D6 = "d6"
"""The dice module's plain d6: the D6 of the rulebook's Randomisation."""


def face_of(label: str) -> str:
    """A dice-roller face label (``"SKILL HIT"``, ``"STEP/HIT"``) as a rules-core result."""
    return label.lower().replace(" ", "-")


def record_line(what: str, roll: Roll) -> LogEntry:
    """The log line of ``roll`` in words (the faces and the seed), carrying its replayable
    record (seed, dice, steps and faces, for ``tabletop.dice.roll.replay``) as its data."""
    return LogEntry(f"{what}: {roll} (seed {roll.seed})", data=roll.record())


@dataclass
class TrayThrow:
    """A throw in the dice tray for a hero: ``kinds`` thrown with ``seed``; ``misses`` are the
    hero's dice showing a miss for an Energy Reroll throw (``None``: the Preparation roll),
    ``chosen`` when the hero's Energy Reroll was already chosen (its dice wait in the state);
    ``done`` is set when the tray handed the roll back (not closed with Esc)."""

    hero: str
    kinds: tuple[str, ...]
    seed: int
    misses: tuple[int, ...] | None = None
    done: bool = False
    ally: bool = False
    chosen: bool = False


def d6_results(roll: Roll | None) -> tuple[int, ...]:
    """The D6 results of ``roll`` (none without a roll), for :class:`EnemyActs`."""
    return tuple(roll.face(i).value for i in range(len(roll))) if roll else ()


def grouped(reasons: dict[str, str]) -> list[str]:
    """``{thing: reason}`` as lines ``"A, B: reason"``, one per distinct reason."""
    by_reason: dict[str, list[str]] = {}
    for thing, why in reasons.items():
        by_reason.setdefault(why, []).append(thing)
    return [f"{', '.join(things)}: {why}" for why, things in by_reason.items()]


def exit_lines(state: FateforgeState) -> list[str]:
    """One line per exit: each standing hero's damage on its cheapest path, and the total
    (*Exiting the Combat Scene*)."""
    lines = []
    for token in (t for t in state.tokens if t.kind == "exit"):
        guard = state.guard_of(token.name)
        if guard:
            lines.append(f"{token.label}: guarded by {guard.name}, cannot be used")
            continue
        parts, total = [], 0
        for hero in (h for h in state.heroes if not h.ko):
            plan = exit_plan(state, hero, token.zone)
            if plan is None:
                parts.append(f"{hero.name} cannot reach it")
                continue
            parts.append(f"{hero.name} {plan.cost}")
            total += plan.cost
        lines.append(f"{token.label}: {', '.join(parts)} = {total} damage")
    return lines


PHASE_WORDS = {"preparation": "Preparation Phase", "action": "Action Phase",
               "cleanup": "Clean-Up Phase", "exit": "Exit", "over": "Scene over"}
"""The phases of a combat round as the rulebook names them (*The Combat Round*), and the
scene's end."""

class FateforgeController(GameController):
    """The Fateforge combat map screen (see the module docstring)."""

    title = "Combat map"

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.layers = FateforgeLayers()
        self.selected: str | None = None
        self.hover: str | None = None
        self.pending: tuple | None = None
        self.skill_target: str | None = None
        self.last_current = session.state.round.current
        if session.state.find_hero(self.last_current or ""):
            self.selected = self.last_current
        self.fit: MapFit | None = None
        self.new_seed: Callable[[], int] = new_seed
        """Where the seeds of fresh rolls come from (tests put a fixed sequence here)."""
        self.to_roll: list[str] = []
        self.tray_throw: TrayThrow | None = None
        self.dice_choice: dict[str, tuple[str, ...]] = {}
        """The dice each hero rolls next (chosen with the "Dice:" button)."""
        self.after_rolls: list[object] = []
        """Tray choices (Energy Reroll, Three-of-a-Kind) waiting for the other heroes' rolls."""
        self.objectives = ""
        self.ally_die: int | None = None
        """The ally die picked with "Take ally's ...", waiting for the die to give up."""
        self._memo: dict[str, tuple[object, object]] = {}

    def _cached(self, name: str, compute):
        """``compute()`` remembered while the state and the selection are unchanged (the
        rules are asked once per change, not once per frame)."""
        key = (id(self.session.state), self.session.revision, self.selected)
        held = self._memo.get(name)
        if held is None or held[0] != key:
            held = (key, compute())
            self._memo[name] = held
        return held[1]

    @property
    def state(self) -> FateforgeState:
        return self.session.state

    # -- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        if self.selected and not (self.state.find_hero(self.selected)
                                  or self.state.find_enemy(self.selected)):
            self.selected = None
        current = self.state.round.current
        if current != self.last_current:
            self.last_current = current
            self.skill_target = None
            if self.state.find_hero(current or ""):
                self.selected = current
        self.fit = draw_fateforge(surface, rect, self.state, self.overlays(), self.layers,
                                  self.viewport,
                                  can_scroll=self.app is None or self.app.interactive)

    def scrollers(self) -> list[PanelBody]:
        """The caption strip's column: the wheel over it scrolls it, not the map."""
        return [self.layers.caption]

    def overlays(self) -> FateforgeOverlays:
        """Selection highlights and the caption for the current state."""
        return replace(self._cached("overlays", self._overlays), hover=self.hover)

    def _overlays(self) -> FateforgeOverlays:
        state = self.state
        caption: list[str] = []
        step: dict[str, str] = {}
        targets: dict[str, str] = {}
        blocked: dict[str, str] = {}
        hero = state.find_hero(self.selected) if self.selected else None
        if hero is not None and not hero.ko:
            if state.round.phase == "preparation":
                allowed, refused = dash_options(state, hero) if hero.rolled else ({}, {})
            else:
                allowed, refused = step_options(state, hero)
            step = allowed
            for enemy in state.enemies if state.round.phase == "action" else ():
                hit, shot = hit_refusal(state, hero, enemy.name), shot_refusal(state, hero,
                                                                               enemy.name)
                if hit is None:
                    targets[enemy.name] = "HIT"
                elif shot is None:
                    targets[enemy.name] = "SHOT"
                else:
                    blocked[enemy.name] = shot if enemy.zone != hero.zone else hit
            caption += grouped({name: why for name, why in blocked.items()})
            caption += grouped({state.zone_name(z): why for z, why in refused.items()})
        enemy = state.find_enemy(self.selected) if self.selected else None
        if enemy is not None:
            caption.append(f"{enemy.name} on its Enemy Turn now: {turn_plan(state, enemy).why}")
        plan = next_activation(state)
        if plan is not None:
            die = die_needed(state)
            chosen = f"; the players chose {state.round.target}" if state.round.target else ""
            then = f"; {die.words()}" if die is not None else ""
            caption.insert(0, f"Next ({plan.item}): {plan.why}{chosen}{then}")
        return FateforgeOverlays(selected=self.selected, step=step, targets=targets,
                                 blocked=blocked, acting=plan.enemy if plan else None,
                                 hover=self.hover, caption=tuple(caption))

    def dead_reaction_types(self) -> list[str]:
        """The reacting enemy types chosen for this round of which no enemy is left."""
        alive = {e.colour for e in self.state.enemies}
        return [t for t in self.state.round.reaction_types if t not in alive]

    def panel_lines(self) -> list[str]:
        state = self.state
        rnd = state.round
        lines = [f"Round {rnd.number} of {rnd.of} · {PHASE_WORDS[rnd.phase]}",
                 "Order: " + " > ".join(rnd.sequence)]
        if self.only_move():  # "what now" when one kind of move is left
            lines.insert(1, self.only_move())
        for colour in self.dead_reaction_types() if rnd.phase not in ("exit", "over") else ():
            lines.append(f"Reacting type {colour}: no {colour} enemy is left. Choose another "
                         f"type in Preparation (as the app's Already Dead does, Enemy "
                         f"Reactions): its button takes {colour} off, another adds that type.")
        if state.outcome:
            lines.append(f"Outcome: {state.outcome}")
        ally = state.ally
        if ally is not None:
            status = "out for the scene" if ally.out else (
                f"dice {', '.join(ally.dice) or 'all used'}" if ally.rolled else "dice not rolled")
            lines.append(f"Ally {ally.name} with {ally.hero}: damage {ally.damage} of "
                         f"{ally.health}, {status}")
        if rnd.phase == "exit":
            lines += exit_lines(state)
        hero = state.find_hero(self.selected) if self.selected else None
        if hero is not None:
            lines += [f"{hero.name} in {state.zone_name(hero.zone)}",
                      f"health {hero.health} (+{hero.health_exhausted} exhausted"
                      + (f", {hero.toxic} toxic" if hero.toxic else "") + f"), energy "
                      f"{hero.energy} (+{hero.energy_exhausted})",
                      f"armour {hero.armour}" + ("" if hero.armour_use or not hero.armour
                                                 else " (kept)") + f", block {hero.block}"
                      + (", stunned" if hero.stun else "") + (", KO" if hero.ko else "")
                      + (", stealth" if hero.stealth else "")
                      + (f", {hero.corruption} Corruption" if hero.corruption else ""),
                      "pool: " + pool_words(hero.pool),
                      "results: " + (", ".join(hero.dice) or "none"),
                      ]
            if hero.carrying:
                lines.append("carrying: " + ", ".join(hero.carrying))
            if hero.used:
                lines.append("used: " + ", ".join(hero.used))
        enemy = state.find_enemy(self.selected) if self.selected else None
        if enemy is not None:
            lines += [f"{enemy.name}: {enemy.colour}, initiative {enemy.initiative}",
                      f"toughness {enemy.toughness}, damage {enemy.damage}, armour "
                      f"{enemy.armour}" + (", stunned" if enemy.stun else ""),
                      *(f"band {i + 1}: {s}" for i, s in enumerate(enemy.band))]
            if enemy.abilities:
                lines.append("abilities: " + ", ".join(enemy.abilities))
            if enemy.guarding:
                lines.append(f"guards {enemy.guarding}")
        if hero is None and enemy is None:
            lines.append("Click a hero to see its STEP zones and targets; click an enemy to "
                         "see what it would do.")
            notes = " ".join(state.notes.split())
            if notes:
                lines.append(notes)
        return lines

    def legend(self) -> list[tuple[tuple[int, int, int], str]]:
        return legend(self.state)

    def banner(self) -> tuple[str, tuple[int, int, int]] | None:
        state, rnd = self.state, self.state.round
        if rnd.phase == "action" and rnd.current:
            current = rnd.current
            if current in (REACTIONS, TURNS):
                return (current, ENEMY_COLOURS["red"])
            return (f"{current}'s turn", hero_colour(state, current))
        return (f"Round {rnd.number}: {PHASE_WORDS[rnd.phase]}", (90, 90, 110))

    # -- buttons -----------------------------------------------------------------------------

    def buttons(self) -> list[ButtonSpec]:
        state, rnd = self.state, self.state.round
        if self.ally_die is not None:
            return self._give_up_buttons()
        if self.pending is not None:
            return [ButtonSpec("Trap: discard a FOCUS", lambda: self._trap("focus"), "1"),
                    ButtonSpec("Trap: draw a trap card", lambda: self._trap("card"), "2"),
                    ButtonSpec("Trap: an ability", lambda: self._trap("ability"), "3"),
                    ButtonSpec("Cancel", self.cancel, "Esc")]
        trapped = next((h.name for h in state.heroes if h.has_used("trap")), None)
        if trapped is not None:
            return [ButtonSpec(f"{trapped}: {words}",
                               lambda c=choice: self.perform(SpringTrap(trapped, c)), key)
                    for choice, words, key in (("focus", "discard a FOCUS", "1"),
                                               ("card", "trap card", "2"),
                                               ("ability", "an ability", "3"))]
        if rnd.phase == "preparation":
            rolled = all(h.rolled or h.ko for h in state.heroes)
            label = ("Reroll dice" if reroll_waiting(state) and rolled else
                     "Start actions" if rolled else "Roll dice")
            specs = [ButtonSpec(label, self.next, "N")]
            hero = state.find_hero(self.selected) if self.selected else None
            if hero is not None and "miss" in hero.dice and not hero.has_used("energy-reroll"):
                specs.append(ButtonSpec("Reroll misses", self.reroll, "R", slot="card"))
            if hero is not None and three_of_a_kind_face(hero) and \
                    not hero.has_used("three-of-a-kind"):
                face = three_of_a_kind_face(hero)
                die = next((i for i, f in enumerate(hero.dice) if f != face),
                           len(hero.dice) - 1)
                specs += [ButtonSpec(f"3-of-a-kind: die {die + 1} to {result}",
                                     lambda r=result, d=die: self.perform(
                                         ThreeOfAKind(hero.name, d, r)), slot="card")
                          for result in ("step", "hit", "shot", "focus")]
            if hero is not None and not hero.rolled and len(dice_choices(hero)) > 1:
                specs.append(ButtonSpec(f"Dice: {pool_words(self.dice_for(hero))}",
                                        self.cycle_dice, "D", slot="card"))
            if hero is not None and rnd.order.index(hero.name) > 0:
                specs.append(ButtonSpec(f"{hero.name} earlier", self.earlier, "O", slot="card"))
            specs += self._armour_buttons()
            ally = state.ally
            standing = [h.name for h in state.heroes if not h.ko]
            if ally is not None and not ally.out and rnd.number == 1 and len(standing) > 1:
                after = standing[(standing.index(ally.hero) + 1) % len(standing)
                                 if ally.hero in standing else 0]
                specs.append(ButtonSpec(f"{ally.name} with {ally.hero}",
                                        lambda h=after: self.perform(AccompanyAlly(h))))
            specs.append(ButtonSpec(f"Reactions: slot {rnd.reaction_slot}",
                                    self.cycle_reaction_slot))
            present = {e.colour for e in state.enemies}
            for colour in (c for c in ENEMY_COLOURS if c != "boss"):  # each in its place
                mark = "[x]" if colour in rnd.reaction_types else "[ ]"
                words = f"{mark} {colour} reacts" if colour in present else \
                    f"{mark} {colour}: none left"  # chosen and dead: its button takes it off
                specs.append(ButtonSpec(words, lambda c=colour: self.toggle_reaction(c),
                                        enabled=colour in present
                                        or colour in rnd.reaction_types))
            return specs
        if rnd.phase == "action":
            if rnd.current in (REACTIONS, TURNS):
                plan = next_activation(state)
                if plan and plan.enemy and plan.target is None and not plan.section.minion:
                    return [ButtonSpec(f"Target {name}",
                                       lambda n=name: self.next_enemy(n), str(i + 1))
                            for i, name in enumerate(plan.targets)]
                return [ButtonSpec("Next enemy", self.next, "N")]
            return [*self._focus_buttons(), *self._ally_buttons(), *self._skill_buttons(),
                    *self._armour_buttons(),
                    ButtonSpec(self._end_turn_label(), self.end_turn, "T", slot="end")]
        if rnd.phase == "cleanup":
            return [ButtonSpec("Clean-Up", self.next, "N"), *self._armour_buttons()]
        if rnd.phase == "exit":
            marked = {"": "not marked", "met": "all met", "failed": "not all met"}
            specs = [ButtonSpec(f"Exit {t.label}",
                                lambda t=t.label: self.perform(Exit(t, self.objectives)),
                                enabled=state.guard_of(t.name) is None)
                     for t in state.tokens if t.kind == "exit"]
            specs.append(ButtonSpec(f"Objectives: {marked[self.objectives]}",
                                    self.cycle_objectives, wide=True))
            specs.append(ButtonSpec("Extra round (Corruption)",
                                    lambda: self.perform(ExtraRound()),
                                    enabled=all(h.corruption < 4 for h in state.heroes),
                                    wide=True))
            return [*specs, *self._armour_buttons()]
        return []

    def _armour_buttons(self) -> list[ButtonSpec]:
        """Armour on or off for the selected hero with armour cubes: the player may use them
        against damage (*Armour*)."""
        hero = self.state.find_hero(self.selected) if self.selected else None
        if hero is None or not hero.armour:
            return []
        word = "Keep armour" if hero.armour_use else "Use armour"
        return [ButtonSpec(word,
                           lambda: self.perform(SetArmourUse(hero.name, not hero.armour_use)),
                           slot="card")]

    def _ally_buttons(self) -> list[ButtonSpec]:
        """The acting hero's uses of the ally's dice (one button per ally die and die of its
        own to discard, then the ally abilities) and the weapon's special result."""
        state = self.state
        hero = state.find_hero(state.round.current or "")
        if hero is None:
            return []
        specs = []
        ally = state.ally
        if ally is not None:
            for die, face in enumerate(ally.dice):
                if any(self._legal(UseAllyDie(hero.name, die, own))
                       for own in range(len(hero.dice))):
                    specs.append(ButtonSpec(f"Take ally's {face}",
                                            lambda d=die: self._pick_ally_die(d)))
                ability = AllyAbility(hero.name, die)
                if self._legal(ability):
                    specs.append(ButtonSpec(f"Ally ability: {face}",
                                            lambda a=ability: self.perform(a)))
        special = WeaponSpecial(hero.name)
        if self._legal(special):
            specs.append(ButtonSpec("Weapon special", lambda: self.perform(special)))
        return specs

    def _pick_ally_die(self, die: int) -> None:
        self.ally_die = die
        self.session.tell("which of your dice do you discard for the ally's result?")

    def _give_up_buttons(self) -> list[ButtonSpec]:
        """After "Take ally's ...": one button per different die of the acting hero to
        discard for it (*Allies*), and Cancel."""
        hero = self.state.find_hero(self.state.round.current or "")
        die, specs, shown = self.ally_die, [], set()
        for own, face in enumerate(hero.dice if hero else ()):
            action = UseAllyDie(hero.name, die, own)
            if face not in shown and self._legal(action):
                shown.add(face)
                specs.append(ButtonSpec(f"Give up {face}", lambda a=action: self._take(a)))
        return [*specs, ButtonSpec("Cancel", self.cancel, "Esc")]

    def _take(self, action: UseAllyDie) -> None:
        self.ally_die = None
        self.perform(action)

    def _legal(self, action) -> bool:
        return not refusal(self.state, action)

    def _focus_buttons(self) -> list[ButtonSpec]:
        state = self.state
        specs = []
        for action in self._cached("legal", lambda: legal_actions(state)):
            label = BUTTONS.get(type(action))
            if label is not None and len(specs) < 6:
                words = {**vars(action)}
                if "to" in words:
                    words["to"] = state.zone_name(action.to)
                if isinstance(action, Fountain):  # what it gives, and whether it ends the turn
                    specs.append(ButtonSpec(self._fountain_label(action),
                                            lambda a=action: self._fountain(a)))
                    continue
                specs.append(ButtonSpec(label.format(**words),
                                        lambda a=action: self.perform(a)))
        return specs

    def _unused(self) -> int:
        """How many dice results the acting hero still has (lost when the turn ends)."""
        hero = self.state.find_hero(self.state.round.current or "")
        return len(hero.dice) if hero is not None else 0

    def _end_turn_label(self) -> str:
        """"End turn", saying how many unused results ending it discards."""
        unused = self._unused()
        return f"End turn: {counted(unused, 'die')} lost" if unused else "End turn"

    def _fountain_ends_turn(self) -> bool:
        hero = self.state.find_hero(self.state.round.current or "")
        return hero is not None and hero.has_used("acted")

    def _fountain_label(self, action: Fountain) -> str:
        """A fountain button: what it gives, and that it ends the turn when it does (used
        after acting, *Healing Fountains*: "ends their turn")."""
        gain = f"+{action.health} health" if action.health else f"+{action.energy} energy"
        return f"{gain}, ends turn" if self._fountain_ends_turn() else f"Fountain {gain}"

    def _fountain(self, action: Fountain) -> None:
        """Drink at once, or, when drinking ends the turn with results unused, ask first."""
        unused = self._unused()
        if not self._fountain_ends_turn() or not unused or self.app is None:
            self.perform(action)
            return
        hero = self.state.round.current
        self.app.push(ChoiceMenu(
            f"Fountain {self._fountain_label(action)}?",
            [(f"Drink and end {hero}'s turn, discarding {counted(unused, 'unused result')}",
              action)], self.perform,
            ["Esc keeps the turn going: the fountain can still be used when you end the "
             "turn yourself."]))

    def _skill_buttons(self) -> list[ButtonSpec]:
        """Skill and item effects the players apply from their cards: a block token, and on
        the Ctrl-clicked enemy a stun, a pull, or a push into each adjacent zone."""
        state = self.state
        hero = state.round.current
        specs = [ButtonSpec("Block +1 (skill)", lambda: self.perform(Block(hero)))]
        enemy = state.find_enemy(self.skill_target) if self.skill_target else None
        if enemy is None:
            return specs
        specs += [ButtonSpec(f"Stun {enemy.name}", lambda: self.perform(Stun(hero, enemy.name))),
                  ButtonSpec(f"Pull {enemy.name}", lambda: self.perform(Pull(hero, enemy.name)))]
        for zone in move_neighbours(state.graph, enemy.zone):
            specs.append(ButtonSpec(f"Push to {state.zone_name(zone)}",
                                    lambda z=zone: self.perform(Push(hero, enemy.name, z))))
        return specs

    def key_help(self) -> list[tuple[str, str]]:
        return [
            ("click a hero", "select it: blue zones it may STEP (or Dash) into, rings on "
                             "enemies it may HIT (orange) or SHOT (yellow), grey: refused"),
            ("click a zone / enemy", "STEP (Dash in Preparation) there / attack it"),
            ("Shift-click a zone", "spend 1 energy for the STEP (once per turn)"),
            ("Ctrl-click an enemy", "skill effects on it: Stun, Pull, Push buttons"),
            ("N", "roll, start the Action Phase, next enemy activation, Clean-Up"),
            ("T", "end the acting hero's turn"),
            ("R / O", "reroll misses / move the selected hero earlier (Preparation)"),
            ("D", "choose the selected hero's dice from its pool (Preparation)"),
            ("Tab", "select the next hero"),
            ("Esc / right-click", "clear the selection"),
        ]

    # -- overlays for screenshots -------------------------------------------------------------

    overlay_words = ("select",)

    def screen_overlay(self, verb: str, args: list[str], spec: str) -> None:
        """``select NAME`` (a hero or an enemy), as a click selects it."""
        if len(args) != 1:
            raise UsageError(f"--overlay {spec!r}: select takes one hero or enemy")
        piece = self.state.find_hero(args[0]) or self.state.find_enemy(args[0])
        if piece is None:
            raise UsageError(f"--overlay {spec!r}: {args[0]!r} is no hero or enemy")
        self.selected = piece.name

    def place_rects(self, name: str) -> list[pygame.Rect]:
        """Where a hero or enemy ``name`` was drawn, else the tile of zone ``name`` (its id
        or name)."""
        if self.fit is None:
            return []
        spot = piece_spots(self.state, self.fit).get(name)
        if spot is not None:
            return [pygame.Rect(spot.centre[0] - spot.radius, spot.centre[1] - spot.radius,
                                2 * spot.radius, 2 * spot.radius)]
        zone = self.state.find_zone(name)
        return [self.fit.tile(zone)] if zone is not None else []

    def cancel(self) -> bool:
        if self.ally_die is not None:
            self.ally_die = None
            return True
        dropped = bool(self.selected or self.pending)
        self.selected = None
        self.pending = None
        return dropped

    # -- events ------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION and self.fit is not None:
            shown = self.viewport.contains(event.pos)
            self.hover = self.fit.zone_at(self.state, event.pos) if shown else None
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and self.fit is not None:
            if event.button == 3:
                return self.cancel()
            if event.button != 1 or not self.viewport.contains(event.pos):
                return False
            mods = pygame.key.get_mods()
            return self.click(event.pos, energy=bool(mods & pygame.KMOD_SHIFT),
                              inspect=bool(mods & pygame.KMOD_CTRL))
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        return False

    def key(self, event: pygame.event.Event) -> bool:
        keys = {pygame.K_n: self.next, pygame.K_SPACE: self.next, pygame.K_t: self.end_turn,
                pygame.K_r: self.reroll, pygame.K_o: self.earlier, pygame.K_TAB: self.next_hero,
                pygame.K_d: self.cycle_dice,
                pygame.K_ESCAPE: self.cancel}
        choice = {pygame.K_1: "focus", pygame.K_2: "card", pygame.K_3: "ability"}.get(event.key)
        if self.pending is not None and choice:
            self._trap(choice)
            return True
        trapped = next((h.name for h in self.state.heroes if h.has_used("trap")), None)
        if trapped is not None and choice:
            self.perform(SpringTrap(trapped, choice))
            return True
        handler = keys.get(event.key)
        if handler is None:
            return False
        handler()
        return True

    def click(self, pos: tuple[int, int], *, energy: bool = False,
              inspect: bool = False) -> bool:
        """Select a piece, attack an enemy, or move the selected hero into a zone."""
        state, fit = self.state, self.fit
        for name, spot in piece_spots(state, fit).items():
            dx, dy = pos[0] - spot.centre[0], pos[1] - spot.centre[1]
            if dx * dx + dy * dy <= (spot.radius + 4) ** 2:
                return self.click_piece(name, inspect=inspect)
        zone = fit.zone_at(state, pos)
        if zone is None:
            return False
        hero = state.find_hero(self.selected) if self.selected else None
        if hero is None:
            self.session.tell(f"{state.zone_name(zone)}: click a hero first to move it")
            return True
        self.move(hero.name, zone, energy=energy)
        return True

    def click_piece(self, name: str, *, inspect: bool = False) -> bool:
        """Select ``name``; with the acting hero selected, clicking an enemy attacks it (HIT in
        the same zone, else SHOT) unless ``inspect`` (Ctrl-click), which picks it as the
        target of the skill-effect buttons instead."""
        state = self.state
        hero = state.find_hero(self.selected) if self.selected else None
        enemy = state.find_enemy(name)
        acting = hero is not None and state.round.current == hero.name
        if enemy is not None and acting and inspect:
            self.skill_target = name
            self.session.tell(f"skill effects on {name}: see the buttons")
            return True
        if enemy is not None and acting:
            action = Hit(hero.name, name) if enemy.zone == hero.zone else Shot(hero.name, name)
            self.perform(action)
            return True
        self.selected = name
        self.session.tell(f"selected {name}")
        return True

    def move(self, hero: str, zone: str, *, energy: bool = False) -> None:
        state = self.state
        current = state.hero(hero)
        if state.round.phase == "preparation":
            make = lambda trap="": Dash(hero, zone, trap)  # noqa: E731
        elif zone in state.graph.portal_neighbours(current.zone) and \
                state.graph.link(current.zone, zone) is None:
            make = lambda trap="": UsePortal(hero, zone, trap)  # noqa: E731
        else:
            allowed, _ = step_options(state, current)
            use_energy = energy or allowed.get(zone) == "energy STEP"
            make = lambda trap="": Step(hero, zone, use_energy, trap)  # noqa: E731
        if state.tokens_in(zone, "trap"):
            self.pending = (make,)
            self.session.tell(f"{state.zone_name(zone)} holds a trap: discard a FOCUS (1), "
                              f"draw a trap card (2) or an ability that removes it (3)")
            return
        self.perform(make())

    def _trap(self, choice: str) -> None:
        if self.pending is None:
            return
        make = self.pending[0]
        self.pending = None
        self.perform(make(choice))

    # -- the buttons' work ----------------------------------------------------------------------

    def next(self) -> None:
        """The phase's main step: roll, start the Action Phase, next enemy, Clean-Up."""
        state, rnd = self.state, self.state.round
        if rnd.phase == "preparation":
            ally = state.ally
            waiting = [ALLY if ally is not None and name == ally.name else name
                       for name in rolls_waiting(state)]
            rerolling = reroll_waiting(state)
            if rerolling and not waiting:
                hero = state.hero(rerolling)
                kinds = die_kinds(hero)
                self._push_tray(TrayThrow(hero.name, tuple(kinds[i] for i in hero.rerolling),
                                          self.new_seed(), hero.rerolling, chosen=True))
                return
            if waiting:
                self.to_roll = waiting
                self.update(0)
                return
            self.perform(SetOrder(rnd.order))
        elif rnd.phase == "action" and rnd.current in (REACTIONS, TURNS):
            self.next_enemy("")
        elif rnd.phase == "cleanup":
            self.perform(CleanUp())
        else:
            self.session.tell("nothing to advance: heroes end their turns with T", error=True)

    def next_enemy(self, target: str) -> None:
        """Perform the next enemy activation (with the players' ``target`` when they choose
        it), then, when it waits for a D6 (a chance point), roll it: one seeded roll of the
        plain ``d6``, a further D6 added while the rules still ask for one, its faces written
        into the action and its seed and record into the log (Randomisation)."""
        if die_needed(self.state) is None and (not self.perform(EnemyActs(target))
                                               or not self.state.round.target):
            return
        self.roll_enemy_d6()

    def roll_enemy_d6(self) -> None:
        """The D6 the enemy activating now waits for, rolled and applied."""
        roll = roll_dice([D6], self.new_seed())
        for _ in range(MAX_ENEMY_D6):
            if die_needed(self.state, d6_results(roll)) is None:
                break
            roll = add_dice(roll, [D6], "Randomisation")
        mark = len(self.session.log)
        if self.perform(EnemyActs(self.state.round.target, d6_results(roll))):
            self.session.log.insert(mark, record_line("D6 for the enemy", roll))

    def end_turn(self) -> None:
        current = self.state.round.current
        if self.state.find_hero(current or ""):
            self.perform(EndTurn(current))
            self.selected = self.state.round.current if self.state.find_hero(
                self.state.round.current or "") else None
        else:
            self.session.tell("no hero is acting now", error=True)

    def reroll(self) -> None:
        """Energy Reroll (R): throw the selected hero's misses in the dice tray; the rules
        core refuses it (once per round, a miss, 1 energy) before any dice are thrown."""
        hero = self.state.find_hero(self.selected) if self.selected else None
        if hero is None:
            self.session.tell("select a hero to reroll its misses", error=True)
            return
        misses = tuple(i for i, f in enumerate(hero.dice) if f == "miss")
        action = EnergyReroll(hero.name, misses)
        problem = refusal(self.state, action)
        if problem:
            self.session.tell(str(IllegalActionError(action, problem)), error=True)
            return
        kinds = die_kinds(hero)
        self._push_tray(TrayThrow(hero.name, tuple(kinds[i] for i in misses),
                                  self.new_seed(), misses))

    # -- the dice tray ------------------------------------------------------------------------

    def update(self, dt_ms: int) -> None:
        """When the dice tray has closed: Esc stops the Preparation roll; else the next hero
        who has not rolled gets the tray."""
        if self.app is None or self.app.top is not self:
            return
        if self.tray_throw is not None:
            closed, self.tray_throw = self.tray_throw, None
            if not closed.done:
                self.to_roll = []
                self.session.tell(f"{closed.hero}'s dice not thrown: nothing changed")
                return
        while self.to_roll:
            name = self.to_roll.pop(0)
            ally = self.state.ally
            if name == ALLY and ally is not None and not ally.rolled:
                self._push_tray(TrayThrow(ally.name, ally.pool, self.new_seed(), ally=True))
                return
            hero = self.state.find_hero(name)
            if hero is not None and not hero.ko and not hero.rolled:
                self._push_tray(TrayThrow(hero.name, self.dice_for(hero), self.new_seed()))
                return

    def dice_for(self, hero: Hero) -> tuple[str, ...]:
        """The dice ``hero`` rolls next: the set chosen with "Dice:", else the first ones of
        its pool."""
        choices = dice_choices(hero)
        chosen = self.dice_choice.get(hero.name)
        return chosen if chosen in choices else choices[0]

    def cycle_dice(self) -> None:
        """The selected hero's next set of dice from its pool (Preparation)."""
        hero = self.state.find_hero(self.selected) if self.selected else None
        if hero is None or self.state.round.phase != "preparation" or hero.rolled:
            self.session.tell("select a hero who has not rolled to choose its dice", error=True)
            return
        choices = dice_choices(hero)
        now = choices.index(self.dice_for(hero))
        self.dice_choice[hero.name] = choices[(now + 1) % len(choices)]
        self.session.tell(f"{hero.name} rolls "
                          + ", ".join(die_word(k) for k in self.dice_for(hero)) + " dice")

    def cycle_objectives(self) -> None:
        """The objectives as the app marks them: not marked, all met, not all met."""
        self.objectives = OBJECTIVES[(OBJECTIVES.index(self.objectives) + 1) % len(OBJECTIVES)]

    def _push_tray(self, throw: TrayThrow) -> None:
        """Throw ``throw``'s dice in the dice tray over the map (its module imported at the
        first throw, so that a picture of the map goes without it)."""
        from tabletop.ui.widgets.dice_tray import DiceTray

        if self.app is None:
            self.session.tell("the dice tray needs the window", error=True)
            return
        self.tray_throw = throw
        what = ("dice (misses are rerolled)" if throw.ally else
                "Energy Reroll of the misses" if throw.misses is not None else "combat dice")
        # a game's roll, as the joust's: only the dice the rules give, thrown once (no
        # palette, no throwing again, no other game's dice); re-rolls by the rules alone
        tray = DiceTray(self.session, throw.kinds, seed=throw.seed, throw_now=True, fixed=True,
                        title=f"{throw.hero}'s {what}",
                        can_reroll=lambda roll: not throw.ally and throw.misses is None,
                        on_done=lambda roll: self._thrown(throw, tray, roll))
        tray.reroll_rule = lambda roll, chosen: self._tray_reroll(throw, tray, roll, chosen)
        self.session.tell(f"{throw.hero}'s {what} in the dice tray: Enter hands them over")
        self.app.push(tray)

    def _tray_reroll(self, throw: TrayThrow, tray: DiceTray, roll: Roll,
                     chosen: set[int]) -> tuple[Roll, str]:
        """The Energy Reroll in the tray, with the hero's real energy (the dice module's
        rule); refused in a throw that is itself the Energy Reroll."""
        action = f"re-roll {numbered('die', (i + 1 for i in sorted(chosen)))}"
        if throw.misses is not None:
            raise IllegalActionError(action, f"these dice are {throw.hero}'s Energy Reroll, "
                                             "once per combat round")
        if throw.ally:
            raise IllegalActionError(action, "an ally has no Energy Reroll: its misses are "
                                             "rerolled until none is left when Enter hands "
                                             "the dice over")
        used = any(step.reason == ENERGY_REROLL for step in roll.steps)
        new, _ = energy_reroll(Preparation(roll, tray.change, used), chosen,
                               self.state.hero(throw.hero).energy)
        return new.roll, "Energy Reroll: 1 energy"

    def _thrown(self, throw: TrayThrow, tray: DiceTray, roll: Roll) -> None:
        """The tray handed ``roll`` back: the hero's RollDice (or, for a Reroll-misses throw,
        the EnergyReroll choice and then the dice as its chance outcome, RerollDice), then
        the tray's Energy Reroll (choice, then outcome) and Three-of-a-Kind change, as
        actions; the roll's record goes to the log (the tray is a game's fixed roll: its
        first throw is the seed's, its later steps the Energy Reroll)."""
        throw.done = True
        if throw.ally:
            self._ally_thrown(throw, roll)
            return
        change = tray.change
        first = roll_dice(throw.kinds, seed=throw.seed)
        mark = len(self.session.log)
        first_faces = tuple(face_of(label) for label in first.labels())
        rerolled = tuple(i for step in roll.steps if step.reason == ENERGY_REROLL
                         for i in step.dice)
        follow: list[object] = []
        if throw.misses is None:
            ok = self.perform(RollDice(throw.hero, first_faces, throw.kinds))
            places = list(range(len(first_faces)))
            if ok and rerolled:
                chosen = tuple(sorted(set(rerolled)))
                follow += [EnergyReroll(throw.hero, chosen), RerollDice(throw.hero, tuple(
                    face_of(roll.face(i).label) for i in chosen))]
        else:
            ok = (throw.chosen or self.perform(EnergyReroll(throw.hero, throw.misses))) and \
                self.perform(RerollDice(throw.hero, first_faces))
            places = list(throw.misses)
        if ok and change is not None:
            follow.append(ThreeOfAKind(throw.hero, places[change[0]], face_of(change[1])))
        what = "Energy Reroll" if throw.misses is not None else "combat dice"
        self.session.log[mark:mark] = [record_line(f"{throw.hero}'s {what}", roll)]
        self.after_rolls += follow
        self._perform_after_rolls()

    def _perform_after_rolls(self) -> None:
        """The Energy Rerolls and Three-of-a-Kind changes chosen in the tray, once every
        Preparation roll is made: rolling comes first for all heroes, then the optional
        actions (*Preparation Phase*: "these steps simultaneously, in order"); one refused
        drops the rest of that hero's."""
        if rolls_waiting(self.state):
            return
        waiting, self.after_rolls = self.after_rolls, []
        refused: set[str] = set()
        for action in waiting:
            if action.hero not in refused and not self.perform(action):
                refused.add(action.hero)

    def _ally_thrown(self, throw: TrayThrow, roll: Roll) -> None:
        """The ally's setup roll: the first throw of the seed, its misses rerolled (seeded
        steps of the dice module) until none is left, as one :class:`RollAllyDice`."""
        roll = roll_dice(throw.kinds, seed=throw.seed)
        for _ in range(MAX_ALLY_REROLLS):
            misses = [i for i in range(len(roll)) if roll.face(i).label == "MISS"]
            if not misses:
                break
            roll = reroll(roll, misses, "Allies: reroll misses")
        mark = len(self.session.log)
        if self.perform(RollAllyDice(tuple(face_of(label) for label in roll.labels()))):
            self.session.log.insert(mark, record_line(f"{throw.hero}'s dice", roll))
        self._perform_after_rolls()

    def earlier(self) -> None:
        """Move the selected hero one place earlier in the player order (Preparation)."""
        state = self.state
        order = list(state.round.order)
        if state.round.phase != "preparation" or self.selected not in order:
            self.session.tell("select a hero in the Preparation Phase to change the order",
                              error=True)
            return
        i = order.index(self.selected)
        if i == 0:
            return
        order[i - 1], order[i] = order[i], order[i - 1]
        self.session.edit(replace(state, round=replace(state.round, order=tuple(order))),
                          f"player order: {', '.join(order)}")

    def cycle_reaction_slot(self) -> None:
        """Move the Enemy Reactions tile one place later in the player order (wrapping), as
        the app indicates for the round (Preparation)."""
        state = self.state
        slot = (state.round.reaction_slot + 1) % (len(state.heroes) + 1)
        self.session.edit(replace(state, round=replace(state.round, reaction_slot=slot)),
                          f"Enemy Reactions after {slot} hero(es)")

    def toggle_reaction(self, colour: str) -> None:
        """Add or remove ``colour`` from the types the app shows for the Enemy Reactions."""
        state = self.state
        types = list(state.round.reaction_types)
        if colour in types:
            types.remove(colour)
        else:
            types.append(colour)
        self.session.edit(replace(state, round=replace(state.round,
                                                       reaction_types=tuple(types))),
                          f"reacting types: {', '.join(types) or 'none'}")

    def next_hero(self) -> None:
        names = [h.name for h in self.state.heroes if not h.ko]
        if not names:
            return
        i = names.index(self.selected) + 1 if self.selected in names else 0
        self.selected = names[i % len(names)]
