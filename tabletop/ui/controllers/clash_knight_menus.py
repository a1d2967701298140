"""A Knight's attack and abilities chosen in menus (rulebook *Knight Round*):

- :class:`KnightAttack` (key A on a Knight): the weapon (Melee, Reach X, Ranged X–Y,
  Unwieldy), the Monster (each with the rules core's reason when it cannot be attacked), then
  any forced movement the attack causes (Knockback X …) or a wound recorded.
- :class:`KnightMoves` (key B on a Knight): move-like abilities (Reflex, Advanced and Superior
  Reflex, Reposition X, Hug X, and Motivated X: this Knight takes a whole Motivate) with the
  spaces they reach tinted, Hug X in the first ability window (the Monster attacked and the
  weapon: only the spaces that keep it in the weapon's effective range), Rush and Improved
  Rush toward a Monster, and Vault (previewed: its landing may be a choice).
- :class:`SharedMotivate` (B, "Motivate X"): the selected Knight's Motivate X shared among
  the other Knights, one move after another (each costs the fewest spaces its Knight needs),
  all previewed together before anything moves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from tabletop.errors import TabletopError
from tabletop.games.clash.actions import (
    Attack,
    Motivate,
    MoveLike,
    RecordWound,
    Rush,
    Vault,
    Weapon,
)
from tabletop.games.clash.state import ClashState, Knight, Monster
from tabletop.spatial.grid import Space
from tabletop.ui.controllers.clash_facts import piece_at
from tabletop.ui.controllers.clash_flows import (
    ForcedMovement,
    close_steps,
    number_step,
    open_step,
)
from tabletop.ui.controllers.clash_steps import MenuStep, try_preview
from tabletop.ui.facades.clash import geometry, turns
from tabletop.ui.widgets.menu import MenuItem

if TYPE_CHECKING:
    from tabletop.ui.controllers.clash_host import ClashHost


class KnightAttack:
    """A Knight's Combat Action chosen in menus (see the module docstring)."""

    def __init__(self, screen: ClashHost, knight: str):
        self.screen = screen
        self.knight = knight
        self.unwieldy = False
        self.weapon = Weapon()

    def start(self) -> None:
        items = [MenuItem("Melee", "melee"), MenuItem("Reach X…", "reach"),
                 MenuItem("Ranged X–Y…", "ranged"),
                 MenuItem(f"Unwieldy: {'yes' if self.unwieldy else 'no'}", "unwieldy",
                          note="click to change")]
        open_step(self.screen, MenuStep(
            self.screen, f"{self.knight} attacks: which weapon?", items, self._weapon,
            ("The Active Weapon's Effective Range, as the Gear card says.",)))

    def _weapon(self, kind: object) -> None:
        if kind == "unwieldy":
            self.unwieldy = not self.unwieldy
            self.start()
        elif kind == "melee":
            self.weapon = Weapon("melee", 1, 1, self.unwieldy)
            self._monster()
        elif kind == "reach":
            open_step(self.screen, number_step(
                self.screen, "Reach X", lambda x: self._set(Weapon("reach", 1, x,
                                                                    self.unwieldy)),
                self.start, numbers=tuple(range(1, 7))))
        else:
            open_step(self.screen, number_step(
                self.screen, "Ranged X–Y: the nearest range X", self._low, self.start,
                numbers=tuple(range(1, 9))))

    def _low(self, low: int) -> None:
        open_step(self.screen, number_step(
            self.screen, f"Ranged {low}–Y: the furthest range Y",
            lambda high: self._set(Weapon("ranged", low, high, self.unwieldy)), self.start,
            numbers=tuple(range(low, low + 9))))

    def _set(self, weapon: Weapon) -> None:
        self.weapon = weapon
        self._monster()

    def _monster(self) -> None:
        state = self.screen.state
        knight = state.knight(self.knight)
        if knight is None:
            close_steps(self.screen)
            return
        if len(state.monsters) == 1:  # nothing to choose: no "which Monster?"
            monster = state.monsters[0]
            problem = turns.attack_problem(state, knight, monster, self.weapon)
            if problem is None:
                self._attack(monster.name)
            else:
                self.screen.session.tell(f"{monster.name}: {problem}", error=True)
            return
        items = []
        for monster in state.monsters:
            problem = turns.attack_problem(state, knight, monster, self.weapon)
            items.append(MenuItem(monster.name, monster.name, problem is None,
                                  problem or "can be attacked: LoS and range hold"))
        open_step(self.screen, MenuStep(
            self.screen, f"{self.weapon}: which Monster?", items,
            self._attack, (f"{self.knight} attacks with a {self.weapon} weapon.",
                           "Click the Monster on the board or choose it here; a greyed one "
                           "says why it cannot be attacked.",),
            on_board=self._board_monster, on_cancel=self.start))

    def _board_monster(self, space: Space) -> None:
        piece = piece_at(self.screen.state, space)
        if not isinstance(piece, Monster):
            self.screen.session.tell(f"{space}: click a Monster to attack", error=True)
            return
        self._attack(piece.name)

    def _attack(self, monster: object) -> None:
        if not self.screen.session.perform(Attack(self.knight, str(monster), self.weapon)):
            return
        self._after(str(monster))

    def _after(self, monster: str) -> None:
        items = [MenuItem(f"Forced movement on {monster} (Knockback X …)", "forced"),
                 MenuItem(f"{self.knight} wounded {monster} (Last Knight to Wound)", "wound"),
                 MenuItem("Done", "done")]

        def chosen(value: object) -> None:
            if value == "forced":
                ForcedMovement(self.screen, self.knight, monster,
                               on_done=lambda: self._after(monster),
                               weapon=self.weapon).start()
            elif value == "wound":
                if self.screen.session.perform(RecordWound(self.knight)):
                    self._after(monster)
            else:
                close_steps(self.screen)

        open_step(self.screen, MenuStep(
            self.screen, f"{self.knight} attacked {monster}", items, chosen,
            ("Roll the dice at the table. Then, as the cards say:",),
            on_cancel=lambda: close_steps(self.screen)))


MOVE_LIKE_ITEMS = (("Reflex", "reflex", 1), ("Advanced Reflex", "advanced reflex", 2),
                   ("Superior Reflex", "superior reflex", 3))
RUSH_WEAPONS = (("Melee", Weapon()), ("Reach 2", Weapon("reach", 1, 2)),
                ("Reach 3", Weapon("reach", 1, 3)))
HUG_WEAPONS = (*RUSH_WEAPONS, ("Ranged 2–3", Weapon("ranged", 2, 3)),
               ("Ranged 2–4", Weapon("ranged", 2, 4)))
"""The Active Weapons offered for a Hug in the first ability window."""


def _legal(state: ClashState, action: object) -> bool:
    """Whether the rules core accepts ``action`` now."""
    from tabletop.ui.facades.clash import rules

    try:
        rules.outcomes(state, action)
    except TabletopError:
        return False
    return True


class KnightMoves:
    """A Knight's move-like abilities, Rush and Vault (see the module docstring)."""

    def __init__(self, screen: ClashHost, knight: str):
        self.screen = screen
        self.knight = knight

    def start(self) -> None:
        items = [MenuItem(label, (ability, amount)) for label, ability, amount in MOVE_LIKE_ITEMS]
        items += [MenuItem("Reposition X…", ("reposition", 0)),
                  MenuItem("Motivate X…", ("share", 0),
                           note="other Knights move, sharing the X spaces"),
                  MenuItem("Motivated X…", ("motivate", 0),
                           note="this Knight takes another's whole Motivate X"),
                  MenuItem("Hug X…", ("hug", 0)),
                  MenuItem("Hug X, first ability window…", ("hug window", 0),
                           note="stays in the active weapon's range of the Monster attacked")]
        items += [MenuItem("Rush…", ("rush", 0), note="Movement Action, Speed +1, toward a "
                                                        "Monster"),
                  MenuItem("Improved Rush…", ("improved rush", 0), note="Speed +2"),
                  MenuItem("Vault…", ("vault", 0), note="over an adjacent Monster")]
        open_step(self.screen, MenuStep(
            self.screen, f"{self.knight}: move-like ability", items, self._ability,
            ("Not the Movement Action (except Rush); not while knocked down.",)))

    def _ability(self, value: object) -> None:
        assert isinstance(value, tuple)
        ability, amount = value
        if ability in ("reposition", "motivate", "hug", "share", "hug window") and not amount:
            title = "Motivate X" if ability == "share" else f"{ability.title()} X"
            open_step(self.screen, number_step(
                self.screen, title, lambda x: self._ability((ability, x)), self.start))
        elif ability == "share":
            SharedMotivate(self.screen, self.knight, amount, self.start).start()
        elif ability == "hug window":
            self._hug_target(amount)
        elif ability in ("rush", "improved rush", "vault"):
            self._monster(ability)
        else:
            self._spaces(ability, amount)

    def _spaces(self, ability: str, amount: int) -> None:
        from tabletop.ui.facades.clash import move_like

        state = self.screen.state
        knight = state.knight(self.knight)
        if knight is None:
            close_steps(self.screen)
            return
        if ability == "hug":
            spaces = move_like.hug_spaces(state, knight, amount)
        else:
            spaces = geometry.reach(state, replace(knight, speed=amount))
        name = ability.title() + (f" {amount}" if ability in ("reposition", "motivate", "hug")
                                  else "")
        self._pick(name, spaces, lambda to: MoveLike(self.knight, ability, to, amount))

    def _hug_target(self, amount: int) -> None:
        items = [MenuItem(f"{monster.name}, {label}", (monster.name, weapon))
                 for monster in self.screen.state.monsters for label, weapon in HUG_WEAPONS]

        def chosen(value: object) -> None:
            from tabletop.ui.facades.clash import move_like

            assert isinstance(value, tuple)
            monster, weapon = value
            state = self.screen.state
            knight = state.knight(self.knight)
            if knight is None:
                close_steps(self.screen)
                return

            def make(to: Space) -> MoveLike:
                return MoveLike(self.knight, "hug", to, amount, monster, weapon)

            spaces = frozenset(s for s in move_like.hug_spaces(state, knight, amount)
                               if _legal(state, make(s)))
            self._pick(f"Hug {amount} keeping {monster} in {weapon} range", spaces, make)

        open_step(self.screen, MenuStep(
            self.screen, f"Hug {amount}, first ability window: which attack?", items, chosen,
            ("The Monster attacked and the Active Weapon: the Hug may not end where the "
             "Monster is out of the weapon's Effective Range.",),
            on_cancel=self.start))

    def _pick(self, name: str, spaces: frozenset[Space], make: Callable[[Space], object]
              ) -> None:
        def board(space: Space) -> None:
            if self.screen.session.perform(make(space)):
                close_steps(self.screen)

        note = (f"{len(spaces)} space{'s' * (len(spaces) != 1)} (blue dots)" if spaces else
                "no space: the rules core says why when you click")
        open_step(self.screen, MenuStep(
            self.screen, f"{self.knight}: {name}", [MenuItem("Back", "back")],
            lambda _: self.start(), (f"Click where {self.knight} goes: {note} (or arrows, "
                                     f"then Enter).",),
            on_board=board, on_cancel=self.start, pick_space=True, spaces=spaces))

    def _monster(self, ability: str) -> None:
        state = self.screen.state
        items = []
        for monster in state.monsters:
            if ability == "vault":
                items.append(MenuItem(monster.name, (monster.name, None)))
            else:
                items += [MenuItem(f"{monster.name}, {label}", (monster.name, weapon))
                          for label, weapon in RUSH_WEAPONS]

        def chosen(value: object) -> None:
            from tabletop.ui.facades.clash import move_like

            assert isinstance(value, tuple)
            monster, weapon = value
            if ability == "vault":
                open_step(self.screen, try_preview(
                    self.screen, Vault(self.knight, monster), "Preview: Vault",
                    on_done=lambda _: close_steps(self.screen), on_cancel=self.start))
                return
            knight = self.screen.state.knight(self.knight)
            improved = ability == "improved rush"
            spaces = (move_like.rush_spaces(self.screen.state, knight, monster, weapon,
                                           improved) if knight is not None else frozenset())
            self._pick(f"{ability.title()} toward {monster} ({weapon})", spaces,
                       lambda to: Rush(self.knight, monster, to, weapon, improved))

        only = state.monsters[0].name if len(state.monsters) == 1 else None
        if only is not None and ability == "vault":  # nothing to choose
            chosen((only, None))
            return
        question = (f"toward {only}: which weapon?" if only is not None
                    else "which Monster?")
        if only is not None:
            items = [MenuItem(label, (only, weapon)) for label, weapon in RUSH_WEAPONS]
        open_step(self.screen, MenuStep(
            self.screen, f"{ability.title()} {question}", items, chosen,
            ("Rush ends where the weapon first reaches the Monster with LoS.",)
            if ability != "vault" else ("The Knight must be adjacent to it.",),
            on_cancel=self.start))


class SharedMotivate:
    """``knight``'s Motivate ``amount`` shared among the other Knights (see the module
    docstring); ``back`` reopens the abilities menu."""

    def __init__(self, screen: ClashHost, knight: str, amount: int,
                 back: Callable[[], None]):
        self.screen = screen
        self.knight = knight
        self.amount = amount
        self.back = back
        self.moves: list[tuple[str, Space]] = []
        self.costs: list[int] = []

    def _action(self) -> Motivate:
        return Motivate(self.knight, self.amount, tuple(self.moves))

    def _board_now(self) -> ClashState:
        """The board with the moves chosen so far made (the next move starts from it)."""
        from tabletop.ui.facades.clash import rules

        state = self.screen.state
        return rules.apply(state, self._action())[0] if self.moves else state

    def left(self) -> int:
        return self.amount - sum(self.costs)

    def start(self) -> None:
        state = self.screen.state
        moved = {name for name, _ in self.moves}
        left = self.left()
        others = [k for k in state.knights if k.name != self.knight]
        items = [MenuItem(f"Preview the {len(self.moves)} move{'s' * (len(self.moves) != 1)}",
                          "preview", bool(self.moves), "" if self.moves else
                          "pick a Knight to move first"),
                 MenuItem("Remove the last move", "undo", bool(self.moves))]
        items += [MenuItem(k.name, k.name, k.name not in moved and left > 0,
                           "moved already" if k.name in moved else
                           ("no space left" if left <= 0 else "click to choose its space"))
                  for k in others]
        done = "; ".join(f"{n} to {s} ({c})" for (n, s), c in zip(self.moves, self.costs,
                                                                   strict=True))
        open_step(self.screen, MenuStep(
            self.screen, f"{self.knight}'s Motivate {self.amount}: {left} left", items,
            self._chosen,
            (f"Moves so far: {done or 'none'}.", "Each other Knight moves once; each move "
             "costs the fewest spaces its Knight needs. Click a Knight or choose it here."),
            on_board=self._board_knight, on_cancel=self.back,
            marks=[(n, f"to {s}") for n, s in self.moves]))

    def _board_knight(self, space: Space) -> None:
        piece = piece_at(self.screen.state, space)
        if not isinstance(piece, Knight) or piece.name == self.knight:
            self.screen.session.tell(f"{space}: click another Knight to Motivate", error=True)
            return
        if piece.name in {n for n, _ in self.moves}:
            self.screen.session.tell(f"{piece.name} has moved with this Motivate already",
                                     error=True)
            return
        self._chosen(piece.name)

    def _chosen(self, value: object) -> None:
        if value == "preview":
            open_step(self.screen, try_preview(
                self.screen, self._action(), f"Preview: Motivate {self.amount}",
                on_done=lambda _: close_steps(self.screen), on_cancel=self.start))
        elif value == "undo":
            self.moves.pop()
            self.costs.pop()
            self.start()
        else:
            self._space(str(value))

    def _space(self, name: str) -> None:
        board = self._board_now()
        mover = board.knight(name)
        if mover is None:
            self.start()
            return
        left = self.left()
        spaces = geometry.reach(board, replace(mover, speed=left)) if left > 0 else frozenset()

        def picked(space: Space) -> None:
            from tabletop.ui.facades.clash import rules

            action = Motivate(self.knight, self.amount, (*self.moves, (name, space)))
            try:
                rules.outcomes(self.screen.state, action)
            except TabletopError as exc:
                self.screen.session.tell(str(exc), error=True)
                return
            cost = next(s for s in range(1, left + 1)
                        if space in geometry.reach(board, replace(mover, speed=s)))
            self.moves.append((name, space))
            self.costs.append(cost)
            self.start()

        open_step(self.screen, MenuStep(
            self.screen, f"Motivate: where does {name} go?", [MenuItem("Back", "back")],
            lambda _: self.start(),
            (f"Up to {left} space{'s' * (left != 1)} (blue dots); click one (or arrows, then "
             f"Enter).",),
            on_board=picked, on_cancel=self.start, pick_space=True, spaces=spaces,
            marks=[(n, f"to {s}") for n, s in self.moves] + [(name, "moves")]))
