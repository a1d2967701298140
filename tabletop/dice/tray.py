"""The dice tray: pymunk bodies in a walled tray, thrown, tumbling and coming to rest.

The physics only animates.  The faces are decided first, by the seeded roll
(``tabletop.dice.roll``), and the animation is built to land on them: while a die tumbles its
shown face changes each time it has rolled about its own width, and the last change before it
rests shows the rolled face.  So fairness is exactly that of the seeded roll, and the settled
face always equals the result handed to the rules.

A throw is a pure function of its inputs: the impulse, spin and start positions come from a
generator seeded by the roll's seed and step, and the world is stepped with a fixed time step
(:data:`DT`), so the same seed gives the same animation frame by frame (on the same pymunk
build).  The top-down tray has no gravity; the dice slow by linear damping and a constant
table friction, and every die is at rest by :data:`REST_SECONDS` of simulated time (a die still
creeping then is stopped; the tests check none needs it).
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tabletop.dice.roll import Roll
from tabletop.frozen import Frozen

if TYPE_CHECKING:
    import pymunk

TRAY_W, TRAY_H = 800.0, 560.0
WALL = 12.0
DT = 1.0 / 60.0
REST_SECONDS = 2.5
FRAMES = round(REST_SECONDS / DT)
MAX_TRAY_DICE = 40
DAMPING = 0.45            # fraction of velocity kept per second
TABLE_FRICTION = 360.0    # units/s^2 of constant slowing, like felt under a die
SPIN_FRICTION = 10.0      # rad/s^2
REST_SPEED = 2.0
REST_SPIN = 0.05


def die_size(count: int) -> float:
    """The edge of a die in tray units when ``count`` dice share the tray."""
    return 64.0 if count <= 8 else 50.0 if count <= 20 else 38.0


@dataclass(frozen=True)
class Pose:
    """Where a die is in the tray (units of :data:`TRAY_W` x :data:`TRAY_H`, y down), its
    rotation in radians, and the index of the face it shows."""

    x: float
    y: float
    angle: float
    face: int


class Animation(Frozen):
    """A throw, frame by frame: ``frames[f][i]`` is die ``i``'s :class:`Pose` at frame ``f``
    (one frame per :data:`DT`).  ``rest_frame`` is the first frame at which every die is at
    rest; the last frame shows the decided faces.  ``moving`` are the dice that were thrown."""

    frames: tuple[tuple[Pose, ...], ...]
    rest_frame: int
    size: float
    moving: tuple[int, ...]

    def at(self, seconds: float) -> tuple[Pose, ...]:
        """The poses ``seconds`` after the throw (the last frame once it is over)."""
        index = min(max(int(seconds / DT), 0), len(self.frames) - 1)
        return self.frames[index]

    @property
    def final(self) -> tuple[Pose, ...]:
        return self.frames[-1]

    @property
    def seconds(self) -> float:
        """How long the animation lasts, in simulated seconds."""
        return len(self.frames) * DT


def _walls(space: pymunk.Space) -> None:
    import pymunk

    corners = [(0, 0), (TRAY_W, 0), (TRAY_W, TRAY_H), (0, TRAY_H)]
    for start, end in zip(corners, corners[1:] + corners[:1], strict=True):
        wall = pymunk.Segment(space.static_body, start, end, WALL)
        wall.elasticity = 0.55
        wall.friction = 0.7
        space.add(wall)


def _launch_spots(count: int, size: float, rng: random.Random) -> list[tuple[float, float]]:
    """Start points in the left part of the tray, one cell per die, jittered."""
    rows = max(1, min(count, int((TRAY_H - 2 * WALL) // (size * 1.5))))
    spots = []
    for n in range(count):
        column, row = divmod(n, rows)
        x = WALL + size * (0.9 + 1.5 * column) + rng.uniform(-4, 4)
        y = WALL + size * 0.9 + row * (TRAY_H - 2 * WALL - 1.8 * size) / max(rows - 1, 1)
        spots.append((x, y + rng.uniform(-4, 4)))
    return spots


def slow(body: pymunk.Body) -> None:
    """Constant table friction on linear and angular speed (after damping), clamped at 0."""
    vx, vy = body.velocity
    speed = math.hypot(vx, vy)
    if speed > 0:
        scale = max(speed - TABLE_FRICTION * DT, 0.0) / speed
        body.velocity = (vx * scale, vy * scale)
    spin = body.angular_velocity
    body.angular_velocity = math.copysign(max(abs(spin) - SPIN_FRICTION * DT, 0.0), spin)


def at_rest(body: pymunk.Body) -> bool:
    """Whether ``body`` moves and turns slower than the rest thresholds."""
    return abs(body.velocity) < REST_SPEED and abs(body.angular_velocity) < REST_SPIN


def build_world(sides: Sequence[int], seed: int, step: int, *,
                moving: Collection[int], start: Sequence[Pose] | None = None,
                size: float | None = None) -> tuple[pymunk.Space, list[pymunk.Body], float]:
    """The pymunk world of a throw before its first step: the space, one body per die, and
    the die size.  Thrown dice get their start spot, impulse and spin from the generator
    seeded ``"tabletop-tray:<seed>:<step>"``; the others are kinematic at ``start``.  pymunk
    is imported here, at the first throw, not with the module: a board and its picture are
    drawn without it."""
    import pymunk

    count = len(sides)
    size = size or die_size(count)
    rng = random.Random(f"tabletop-tray:{seed}:{step}")
    space = pymunk.Space()
    space.gravity = (0, 0)
    space.damping = DAMPING
    space.iterations = 10
    _walls(space)
    thrown = sorted(moving)
    spots = dict(zip(thrown, _launch_spots(len(thrown), size, rng), strict=True))
    bodies = []
    for index in range(count):
        if index in spots:
            body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (size, size)))
            body.position = spots[index]
            body.angle = rng.uniform(-math.pi, math.pi)
            heading = rng.uniform(-0.45, 0.45)
            speed = rng.uniform(700.0, 1150.0)
            body.velocity = (speed * math.cos(heading), speed * math.sin(heading))
            body.angular_velocity = rng.uniform(-18.0, 18.0)
        else:
            if start is None:
                raise ValueError("dice that are not thrown need their start poses")
            body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
            body.position = (start[index].x, start[index].y)
            body.angle = start[index].angle
        shape = pymunk.Poly.create_box(body, (size - 6, size - 6), radius=3.0)
        shape.elasticity = 0.45
        shape.friction = 0.6
        space.add(body, shape)
        bodies.append(body)
    return space, bodies, size


def _faces_per_frame(tumbles: list[list[int]], finals: Sequence[int], sides: Sequence[int],
                     start_faces: Sequence[int], moving: Collection[int], frames: int,
                     rng: random.Random) -> list[list[int]]:
    """Per frame and die, the face shown.

    A kept die shows its face throughout.  A thrown die starts on a random face and changes
    face at each of its tumble frames, to a face other than the one before; the last change
    lands on its final face (a die that never tumbled shows its final face throughout).
    """
    shown = [[0] * len(finals) for _ in range(frames)]
    for index, final in enumerate(finals):
        sequence = [start_faces[index] if index not in moving else final]
        changes = tumbles[index] if index in moving else []
        if changes:
            sequence = [rng.randrange(sides[index])]
            for _ in changes:
                step = 1 + rng.randrange(sides[index] - 1) if sides[index] > 1 else 0
                sequence.append((sequence[-1] + step) % sides[index])
            sequence[-1] = final
        change = 0
        for frame in range(frames):
            while change < len(changes) and changes[change] <= frame:
                change += 1
            shown[frame][index] = sequence[change]
    return shown


def throw(sides: Sequence[int], finals: Sequence[int], seed: int, step: int = 0, *,
          moving: Collection[int] | None = None, start: Sequence[Pose] | None = None,
          size: float | None = None) -> Animation:
    """Animate a throw of dice with ``sides`` faces that must settle on ``finals``.

    ``moving`` are the dice thrown (default: all); the rest stay where ``start`` puts them
    (kept dice of a re-roll); ``size`` is the die edge (default :func:`die_size`).  Steps the
    world :data:`FRAMES` times with :data:`DT`; returns the :class:`Animation`, whose last
    frame shows ``finals`` exactly.
    """
    count = len(sides)
    if count != len(finals):
        raise ValueError("one final face per die")
    if count > MAX_TRAY_DICE:
        raise ValueError(f"the tray holds at most {MAX_TRAY_DICE} dice")
    thrown = set(range(count)) if moving is None else set(moving)
    space, bodies, size = build_world(sides, seed, step, moving=thrown, start=start, size=size)
    rng = random.Random(f"tabletop-tray-faces:{seed}:{step}")
    poses: list[list[tuple[float, float, float]]] = []
    tumbles: list[list[int]] = [[] for _ in range(count)]
    rolled = [0.0] * count
    last = [(b.position.x, b.position.y, b.angle) for b in bodies]
    rest_frame = FRAMES
    for frame in range(FRAMES):
        space.step(DT)
        still = True
        for index, body in enumerate(bodies):
            if index not in thrown:
                continue
            slow(body)
            if frame == FRAMES - 1:
                body.velocity, body.angular_velocity = (0, 0), 0.0
            x, y, angle = body.position.x, body.position.y, body.angle
            px, py, pa = last[index]
            rolled[index] += math.hypot(x - px, y - py) + abs(angle - pa) * size / 2
            last[index] = (x, y, angle)
            if rolled[index] >= size * 0.9:
                rolled[index] = 0.0
                tumbles[index].append(frame)
            still = still and at_rest(body)
        if still and rest_frame == FRAMES:
            rest_frame = frame
        poses.append([(b.position.x, b.position.y, b.angle) for b in bodies])
    start_faces = [pose.face for pose in start] if start is not None else list(finals)
    shown = _faces_per_frame(tumbles, finals, sides, start_faces, thrown, FRAMES, rng)
    frames = tuple(tuple(Pose(x, y, a, shown[f][i]) for i, (x, y, a) in enumerate(poses[f]))
                   for f in range(FRAMES))
    return Animation(frames, rest_frame, size, tuple(sorted(thrown)))


def animate_roll(roll: Roll, previous: Animation | None = None) -> Animation:
    """The animation of ``roll``'s latest step.

    With no steps (or no ``previous`` animation) every die is thrown; after a re-roll only the
    re-rolled dice are thrown and the others stay at ``previous``'s final poses; after added
    dice (an Aftershock) the new dice are thrown.  Seeded by the roll's seed and step number.
    """
    sides = [roll.kind(i).sides for i in range(len(roll))]
    if not roll.steps or previous is None:
        return throw(sides, roll.faces, roll.seed, len(roll.steps))
    step = roll.steps[-1]
    kept = list(previous.final)
    if step.action == "reroll":
        moving = set(step.dice)
    else:
        moving = set(range(len(kept), len(roll)))
        kept += [Pose(0.0, 0.0, 0.0, 0)] * len(moving)
    return throw(sides, roll.faces, roll.seed, len(roll.steps), moving=moving, start=kept,
                 size=previous.size)
