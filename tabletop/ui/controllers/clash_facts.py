"""The geometry answers the Clash screen shows, computed by the rules core's geometry
(:mod:`tabletop.games.clash.geometry`) once per state and kept until the state changes.

Hovering asks the same questions again every frame; the answers are cached per state so that
a frame costs one dictionary look-up per overlay (``tabletop bench``).  The one slow answer,
the distance for the hover caption (a path search over the whole board), is computed by a
background thread when the hovered space changes: the caption says ``distance …`` until it
arrives, usually a frame later, so hovering never stalls a frame (see
:mod:`tabletop.ui.background`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from tabletop.errors import TabletopError
from tabletop.games.clash.state import ClashState, Knight, Monster
from tabletop.spatial.grid import Space
from tabletop.spatial.sight import corners
from tabletop.ui.background import WORKER
from tabletop.ui.facades.clash import activation_tokens, geometry, vantage, view
from tabletop.ui.views.clash import PieceMarks, SightLine

Point = tuple[int, int]

PENDING = object()
"""An answer the background thread has not delivered yet."""


class ClashFacts:
    """Cached geometry for one state at a time (``for_state`` drops the answers of an older
    state).  Pieces are named as the geometry module names them (name or space label)."""

    def __init__(self) -> None:
        self.state: ClashState | None = None
        self._answers: dict[Hashable, Any] = {}
        self._submitted: tuple[int, Hashable] | None = None

    def for_state(self, state: ClashState) -> ClashFacts:
        """These facts, emptied when ``state`` is not the state they were computed for."""
        if state is not self.state:
            self.state = state
            self._answers = {}
        return self

    def _memo(self, key: Hashable, compute: Callable[[], Any]) -> Any:
        if key not in self._answers:
            self._answers[key] = compute()
        return self._answers[key]

    @property
    def _s(self) -> ClashState:
        assert self.state is not None
        return self.state

    def reach(self, knight: str) -> frozenset[Space]:
        """The spaces ``knight`` may end a Movement Action on (*Movement Action*)."""
        return self._memo(("reach", knight), lambda: geometry.reach(self._s, knight))

    def move_refusal(self, knight: str) -> str | None:
        """Why ``knight`` cannot make a Movement Action now, in the rules core's words (it is
        asked to move to one of the Knight's reachable spaces), or ``None`` when it can."""

        def ask() -> str | None:
            from tabletop.ui.facades.clash import rules

            if not self.reach(knight):
                return f"{knight} has no space to move to"
            return rules.movement_refusal(self._s, knight)

        return self._memo(("move-refusal", knight), ask)

    def front(self, monster: str) -> frozenset[Space]:
        return self._memo(("front", monster), lambda: geometry.front_of(self._s, monster))

    def rear(self, monster: str) -> frozenset[Space]:
        return self._memo(("rear", monster), lambda: geometry.rear_of(self._s, monster))

    def blind(self, monster: str) -> frozenset[Space]:
        return self._memo(("blind", monster), lambda: geometry.blindspots_of(self._s, monster))

    def sees(self, monster: str) -> list[str]:
        return self._memo(("sees", monster), lambda: geometry.sees(self._s, monster))

    def visible(self, piece: str) -> frozenset[Space]:
        return self._memo(("visible", piece),
                          lambda: frozenset(geometry.visible(self._s, piece)))

    def zone(self, piece: str, x: int) -> frozenset[Space]:
        return self._memo(("zone", piece, x), lambda: geometry.zone_of(self._s, piece, x))

    def marks(self) -> PieceMarks:
        """The rear spaces and blindspots of every Monster, drawn with the pieces."""

        def compute() -> PieceMarks:
            rear: set[Space] = set()
            blind: set[Space] = set()
            for monster in self._s.monsters:
                rear |= self.rear(monster.name)
                blind |= self.blind(monster.name)
            return PieceMarks(frozenset(rear), frozenset(blind))

        return self._memo(("marks",), compute)

    def sight(self, source: str, target: str) -> SightLine:
        """The LoS line from ``source`` to ``target`` with its caption: the rule that decided
        (*Line of Sight*), then range and distance (*Targeting*).  A distance not known yet
        reads ``…`` and is computed in the background."""
        clear, line, blocker, spaces, first, reach = self._memo(
            ("sight", source, target), lambda: self._sight(source, target))
        steps = self.distance(source, target)
        if steps is PENDING:
            far = "…"
        elif isinstance(steps, str):
            far = f"unknown ({steps})"
        else:
            far = "none (it can never become adjacent)" if steps is None else str(steps)
        caption = (first, f"range {reach} (spaces between nearest spaces) · distance {far} "
                          f"(moves to become adjacent) — Targeting")
        return SightLine(clear, line, blocker, spaces, caption)

    def _sight(self, source: str, target: str) -> tuple:
        state = self._s
        a = geometry.resolve(state, source)
        b = geometry.resolve(state, target)
        answer = geometry.los(state, a, b)
        line = answer.line or nearest_segment(a.spaces, b.spaces)
        return (answer.clear, line, answer.blocker, b.spaces,
                f"{a.name} to {b.name}, {answer.why}", geometry.range_(state, a, b))

    def distance(self, source: str, target: str, wait: bool = False) -> Any:
        """Distance from ``source`` to ``target`` (*Targeting*): an int, ``None`` (never
        adjacent), or :data:`PENDING` while the background thread works on it."""
        key = ("distance", source, target)
        held = self._answers.get(key, PENDING)
        if held is not PENDING:
            return held
        state, answers = self._s, self._answers

        def compute() -> Any:
            try:
                return geometry.distance(state, source, target)
            except TabletopError as exc:
                return str(exc)

        if wait:
            answers[key] = compute()
            return answers[key]
        if key in answers and self._submitted == (id(answers), key):
            return PENDING  # asked already and not dropped since
        answers[key] = PENDING
        self._submitted = (id(answers), key)

        def deliver(value: Any) -> None:
            answers[key] = value

        def compute_once() -> Any:
            return compute() if answers.get(key) is PENDING else answers[key]

        WORKER.submit(compute_once, deliver)
        return PENDING


def nearest_segment(from_spaces: tuple[Space, ...], to_spaces: tuple[Space, ...]
                    ) -> tuple[Point, Point]:
    """The shortest corner-to-corner segment between two pieces (ties: the smallest points),
    the one the geometry names when every line is blocked."""
    pairs = [(a, b) for a in corners(from_spaces) for b in corners(to_spaces)]
    return min(pairs, key=lambda ab: ((ab[1][0] - ab[0][0]) ** 2 + (ab[1][1] - ab[0][1]) ** 2,
                                      ab))


def piece_at(state: ClashState, space: Space) -> Knight | Monster | None:
    """The piece on ``space``; a Knight on a Vantage Point before the Monster under it."""
    for knight in state.knights:
        if knight.at == space:
            return knight
    return state.occupant.get(space)


def vantage_words(state: ClashState, monster: Monster) -> str:
    """``monster``'s Vantage Points in words: each space, with the Knight on it, free, or
    locked (rulebook *Vantage Points*)."""
    created = vantage.vantage_spaces(monster)
    words = []
    for space in sorted(vantage.vantage_spaces(monster, unlocked_only=False)):
        rider = vantage.rider_on(state, monster, space)
        what = ("locked" if space not in created else rider.name if rider else "free")
        words.append(f"{space} ({what})")
    return ", ".join(words)


def describe_piece(state: ClashState, facts: ClashFacts, name: str) -> list[str]:
    """Side-panel facts about the piece or Terrain tile ``name``."""
    piece = state.pieces.get(name)
    if isinstance(piece, Knight):
        lines = [f"{piece.name} — Knight on {piece.at}",
                 f"Speed {piece.speed} · Vigor {piece.vigor} · Heat {piece.heat} · "
                 f"Passion {piece.passion}"]
        if piece.knockdown:
            lines.append(f"Knockdown card: {piece.knockdown}")
        if piece.vantage:
            lines.append(f"on a Vantage Point of {piece.vantage}")
        if state.turn.divine == piece.name:
            lines.append("holds the Divine Target token")
        if piece.abilities:
            lines.append("Abilities: " + ", ".join(piece.abilities))
        reach = facts.reach(piece.name)
        refusal = facts.move_refusal(piece.name)
        if refusal is None:
            lines.append(f"can end a Movement Action on {len(reach)} space"
                         f"{'' if len(reach) == 1 else 's'} (blue dots)")
        else:
            lines.append(f"cannot move now: {refusal} (its {len(reach)} reachable spaces "
                         f"are shown faint, with rings)")
        return lines
    if isinstance(piece, Monster):
        last = piece.spaces[-1]
        seen = facts.sees(piece.name)
        lines = [f"{piece.name} — {piece.kind}, {piece.size} × {piece.size} on {piece.at}"
                 f"{'–' + str(last) if piece.size > 1 else ''}",
                 f"facing {piece.facing}",
                 "rear: " + (", ".join(str(s) for s in sorted(facts.rear(piece.name))) or "none"),
                 "blindspots: " + (", ".join(str(s) for s in sorted(facts.blind(piece.name)))
                                   or "none"),
                 "sees: " + (", ".join(seen) if seen else "no Knight")]
        if piece.traits:
            lines.append("Traits: " + ", ".join(piece.traits))
        if piece.vantage_points:
            lines.append("Vantage Points: " + vantage_words(state, piece))
        if piece.activations:
            lines.append("Activation tokens: " + token_words(piece))
        return lines
    tile = state.tile(name)
    if tile is not None:
        spaces = ", ".join(str(s) for s in tile.spaces[:6])
        more = f" and {len(tile.spaces) - 6} more" if len(tile.spaces) > 6 else ""
        return [f"{tile.name} — Terrain", "keywords: " + (", ".join(tile.keywords) or "none"),
                f"on {spaces}{more}"]
    return []


def token_words(monster: Monster) -> str:
    """``AI ready, Signature spent`` — ``monster``'s Activation tokens in order."""
    return ", ".join(f"{activation_tokens.label(t)} {'spent' if t.spent else 'ready'}"
                     for t in monster.activations) or "none"


def activation_lines(state: ClashState, *, playable: bool = True,
                     under_way: bool = False) -> list[str]:
    """Side-panel lines for the Monster Round (rulebook *Resolving Activations*): each Boss's
    tokens, the Mob track's numbered spaces left to right with the tokens on each BP card (an
    empty space says so), and in the Monster Round what activates next and why, with the key
    that does it when the board is ``playable`` in the window (not in a picture, nor on a
    public view, which cannot be played on).  ``under_way``: an Activation from the cards is
    being resolved (``state`` is its board so far), so what comes next waits for it and no
    key is offered (neither N nor T acts until it is done).  Empty when no Monster holds a
    token."""
    if not any(m.activations for m in state.monsters):
        return []
    lines = [f"{m.name}'s tokens: {token_words(m)}" for m in state.monsters if m.boss]
    spaces = state.mob_spaces
    if spaces:
        lines.append("Mob track: " + " · ".join(
            f"{i}. {name} ({token_words(state.monster(name))})" if name else f"{i}. empty"
            for i, name in enumerate(spaces, 1)))
    if state.turn.phase == "monster":
        now = activation_tokens.next_activation(state)
        if now is not None:
            after = (" (once the Activation under way is resolved)" if under_way
                     else " (N resolves it)" if playable else "")
            lines.append(str(now.event()) + after)
        elif under_way:
            lines.append("Every Activation token is spent: the Monster Round ends once the "
                         "Activation under way is resolved")
        else:
            lines.append("Every Activation token is spent: " + (
                "T ends the Monster Round" if playable else "the Monster Round ends"))
    return lines


def card_lines(state: ClashState) -> list[str]:
    """Side-panel lines for a Clash played from cards, drawn from its public view
    (:func:`~tabletop.games.clash.view.view_for`): the Monster Sheet and Level with its To
    Hit, the Wounds dealt of those needed, and the decks as the table sees them — how many
    cards of each level (the number on a card's back), never their order or names; a Mob's
    BP card named only once revealed.  Empty without cards."""
    if state.cards is None:
        return []
    cards = view.public_cards(state.cards)

    def backs(names: tuple[str, ...], ai: bool) -> str:
        levels = sorted(view.level_of(cards, n, ai) for n in names)
        counted = ", ".join(f"{'AI' if ai else 'BP'} {lv} ×{levels.count(lv)}"
                            for lv in sorted(set(levels)))
        return f"{len(names)}" + (f" ({counted})" if counted else "")

    lines = [f"{cards.sheet}, Level {cards.level}: To Hit {cards.to_hit()}; Wounds "
             f"{cards.wounds()} of {cards.wounds_needed()}",
             f"AI deck {backs(cards.ai_deck, True)}, discard {len(cards.ai_discard)}"]
    if cards.mob_clash:
        shown = []
        for mob, name in cards.mob_cards:
            card = cards.library.bp(name)
            shown.append(f"{mob}: {name}, AT {card.at + cards.at_bonus()}" if card is not None
                         else f"{mob}: BP {view.level_of(cards, name, False)}")
        lines.append("Mob BP cards: " + "; ".join(shown))
    else:
        lines.append(f"BP deck {backs(cards.bp_deck, False)}, discard {len(cards.bp_discard)}")
    if cards.result:
        lines.append("The Clash is over: " + ("the Knights' Victory" if cards.result ==
                                               "victory" else "the Knights' Defeat"))
    return lines
