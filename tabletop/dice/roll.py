"""Seeded rolls: a roll is a pure function of its seed and its recorded steps.

``roll_dice(["white", "red"], seed=5)`` throws the dice; ``reroll`` and ``add_dice`` extend
the roll (re-rolls, and the extra dice of a King's Champion Aftershock).  Each step draws its
faces from its own generator, seeded by the roll's seed and the step's number, one uniform
``randrange(sides)`` per die, so every face of every kind is exactly equally likely and the
same seed and steps always give the same faces.  ``Roll.record()`` is a plain dict (JSON)
that :func:`replay` turns back into the same roll; the dice tray animates a roll from the
same record but never decides a face (see ``tabletop.dice.tray``).

These functions are the unchecked core: they re-roll whatever they are told.  The games'
rules (who may re-roll what, and at what cost) are checked by the functions in
``kingdoms_forlorn``, ``joust_rolls`` and ``fateforge_rolls`` before they call these.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.dice.kinds import DieKind, Face, canonical, default_kinds
from tabletop.errors import IllegalActionError, TabletopError, UsageError
from tabletop.wording import counted

MAX_DICE = 200


def new_seed() -> int:
    """A fresh random seed (31 bits), for a roll the user did not seed (from the operating
    system's randomness, as :func:`secrets.randbelow` draws it)."""
    return random.SystemRandom().randrange(2**31)


def step_faces(seed: int, step: int, kinds: Sequence[DieKind]) -> tuple[int, ...]:
    """The face indices step ``step`` of the roll seeded ``seed`` gives ``kinds``, in order.

    Step 0 is the first throw.  Each face is ``randrange(sides)`` from a Mersenne Twister
    seeded with the text ``"tabletop-dice:<seed>:<step>"``: uniform, and stable across runs
    and machines.
    """
    rng = random.Random(f"tabletop-dice:{seed}:{step}")
    return tuple(rng.randrange(kind.sides) for kind in kinds)


@dataclass(frozen=True)
class Step:
    """One thing done to a roll after its first throw.

    ``action`` is ``"reroll"`` (``dice`` are the indices thrown again) or ``"add"`` (``kinds``
    are thrown as new dice, appended after the others); ``reason`` says which rule asked for it
    ("Heat", "Aftershock", "Energy Reroll", ...).
    """

    action: str
    dice: tuple[int, ...] = ()
    kinds: tuple[str, ...] = ()
    reason: str = ""

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = ({"reroll": list(self.dice)} if self.action == "reroll"
                               else {"add": list(self.kinds)})
        if self.reason:
            out["reason"] = self.reason
        return out


@dataclass(frozen=True)
class Roll:
    """A roll: its seed, every die's kind and face, and the steps that got it there.

    ``kinds`` and ``faces`` (indices into the kind's faces) hold one entry per die, in the
    order thrown (added dice last).  ``history[i]`` is every face die ``i`` has shown, first
    throw first; its last entry is ``faces[i]``.  ``steps`` excludes the first throw.
    """

    seed: int
    kinds: tuple[str, ...]
    faces: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]
    steps: tuple[Step, ...] = ()
    first: int = 0

    def __len__(self) -> int:
        return len(self.kinds)

    def kind(self, index: int) -> DieKind:
        """The :class:`DieKind` of die ``index``."""
        return default_kinds()[self.kinds[index]]

    def face(self, index: int) -> Face:
        """The :class:`Face` die ``index`` shows now."""
        return self.kind(index).faces[self.faces[index]]

    def shown(self, index: int) -> tuple[Face, ...]:
        """Every face die ``index`` has shown, first throw first."""
        kind = self.kind(index)
        return tuple(kind.faces[face] for face in self.history[index])

    def times_rerolled(self, index: int) -> int:
        """How many times die ``index`` has been re-rolled."""
        return len(self.history[index]) - 1

    def indices(self, kind: str) -> tuple[int, ...]:
        """The indices of the dice of kind ``kind`` (a kind name or alias)."""
        name = canonical(kind)
        return tuple(i for i, k in enumerate(self.kinds) if k == name)

    def labels(self) -> tuple[str, ...]:
        """Every die's current face label, in order."""
        return tuple(self.face(i).label for i in range(len(self)))

    def record(self) -> dict[str, Any]:
        """The replayable record: seed, dice thrown first, steps, and the faces they gave.

        ``replay(roll.record()) == roll``.  The faces are there for people reading a log; the
        seed and steps alone decide them.
        """
        return {"seed": self.seed, "dice": list(self.kinds[:self.first]),
                "steps": [step.as_dict() for step in self.steps],
                "faces": list(self.labels())}

    def __str__(self) -> str:
        return ", ".join(f"{self.kind(i).colour} {self.face(i).label}"
                         for i in range(len(self)))


def roll_dice(kinds: Iterable[str], seed: int | None = None) -> Roll:
    """Throw dice of ``kinds`` (names or aliases) and return the :class:`Roll`.

    The faces are a pure function of ``seed`` (a fresh random seed when ``None``, kept in the
    roll so it can be replayed).  An unknown kind raises :class:`UsageError` naming it.
    """
    names = tuple(canonical(kind) for kind in kinds)
    if not names:
        raise UsageError("a roll needs at least one die")
    if len(names) > MAX_DICE:
        raise UsageError(f"{len(names)} dice is more than one roll can throw ({MAX_DICE})")
    if seed is None:
        seed = new_seed()
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise UsageError(f"the seed must be a whole number, not {seed!r}")
    table = default_kinds()
    faces = step_faces(seed, 0, [table[name] for name in names])
    return Roll(seed, names, faces, tuple((face,) for face in faces), (), len(names))


def reroll(roll: Roll, dice: Iterable[int], reason: str = "") -> Roll:
    """``roll`` with the dice at indices ``dice`` thrown again (all at once, as one step).

    Unchecked: no game rule is applied here.  An index outside the roll raises
    :class:`IllegalActionError`; an empty selection returns ``roll`` unchanged.
    """
    chosen = tuple(sorted(set(dice)))
    if not chosen:
        return roll
    for index in chosen:
        if not isinstance(index, int) or not 0 <= index < len(roll):
            raise IllegalActionError(f"re-roll die {index!r}",
                                     f"this roll has dice 0 to {len(roll) - 1} only")
    step = len(roll.steps) + 1
    new = step_faces(roll.seed, step, [roll.kind(i) for i in chosen])
    faces = list(roll.faces)
    history = list(roll.history)
    for index, face in zip(chosen, new, strict=True):
        faces[index] = face
        history[index] = (*history[index], face)
    return Roll(roll.seed, roll.kinds, tuple(faces), tuple(history),
                (*roll.steps, Step("reroll", chosen, (), reason)), roll.first)


def add_dice(roll: Roll, kinds: Iterable[str], reason: str = "") -> Roll:
    """``roll`` with new dice of ``kinds`` thrown and appended (one step), e.g. an Aftershock."""
    names = tuple(canonical(kind) for kind in kinds)
    if not names:
        return roll
    if len(roll) + len(names) > MAX_DICE:
        raise UsageError(f"a roll cannot hold more than {MAX_DICE} dice")
    step = len(roll.steps) + 1
    table = default_kinds()
    new = step_faces(roll.seed, step, [table[name] for name in names])
    return Roll(roll.seed, roll.kinds + names, roll.faces + new,
                roll.history + tuple((face,) for face in new),
                (*roll.steps, Step("add", (), names, reason)), roll.first)


def replay(record: Mapping[str, Any]) -> Roll:
    """The :class:`Roll` that ``record`` (from :meth:`Roll.record`) describes.

    Raises :class:`TabletopError` for a malformed record, or when its recorded faces differ
    from what its seed gives (the dice faces file was changed since).
    """
    try:
        seed = record["seed"]
        roll = roll_dice(record["dice"], seed=seed)
        for step in record.get("steps", []):
            reason = step.get("reason", "")
            if "reroll" in step:
                roll = reroll(roll, step["reroll"], reason)
            elif "add" in step:
                roll = add_dice(roll, step["add"], reason)
            else:
                raise TabletopError(f"a roll record step must say reroll or add, not {step!r}")
    except (KeyError, TypeError, AttributeError) as exc:
        raise TabletopError(f"not a roll record ({exc!r} is wrong or missing)") from None
    faces = record.get("faces")
    if faces is not None and list(faces) != list(roll.labels()):
        raise TabletopError("the recorded faces differ from what the seed gives "
                            "(were the dice faces changed since the roll?)")
    return roll


def roll_showing(kinds: Sequence[str], labels: Sequence[str], seed: int = 0) -> Roll:
    """A roll whose dice show the faces labelled ``labels`` (a position set by hand).

    For rulebook examples and tests: it is not thrown, so it records no seeded faces, and
    :func:`replay` of its record refuses it unless the seed happens to agree.  Re-rolls of it
    are seeded as usual.  Raises :class:`UsageError` for a label the die does not have.
    """
    names = tuple(canonical(kind) for kind in kinds)
    if len(names) != len(labels):
        raise UsageError(f"{counted(len(names), 'die')} but {counted(len(labels), 'face')} given")
    table = default_kinds()
    faces = []
    for name, label in zip(names, labels, strict=True):
        found = [i for i, face in enumerate(table[name].faces) if face.label == label]
        if not found:
            raise UsageError(f"a {name} has no face {label!r}")
        faces.append(found[0])
    return Roll(seed, names, tuple(faces), tuple((face,) for face in faces), (), len(names))
