"""The Delve rules core: ``apply(state, action) -> (state, events)``, ``legal_actions``,
``describe``.  Pure: states and actions are frozen values; illegal actions raise
:class:`~tabletop.errors.IllegalActionError` naming the action and the rule.

Rulebook *Delve Phase* through *Emergence*.  Readings chosen where the rulebook leaves room
are listed in ``docs/kingdom.md`` (Will of the Graal: worst for the Knights; choices that are
the players' are asked as prompts, never picked).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, replace

from tabletop.errors import IllegalActionError
from tabletop.games.actionfields import check_fields
from tabletop.games.kingdom import board, fog, travel
from tabletop.games.kingdom.actions import (
    EFFECTS,
    AdjustTrack,
    Answer,
    Backtrack,
    ClearEffect,
    CourseCorrect,
    DrawExploration,
    EndStep,
    EnterFog,
    GrantShortcuts,
    PlaceHindering,
    RemoveHindering,
    RemoveMonster,
    ReportLoss,
    RevealTile,
    Rotate,
    Shuffle,
    SpawnMonster,
    StayCourse,
    Travel,
    Withdraw,
)
from tabletop.games.kingdom.state import (
    CLUE_TYPES,
    DECKS,
    EFFECT_KINDS,
    HINDERING,
    POI_MODIFIERS,
    TRACKS,
    Hindering,
    KingdomState,
    MonsterToken,
    Prompt,
)
from tabletop.games.kingdom.turn_order import TURN_ORDER
from tabletop.numbers import parse_int
from tabletop.spatial import tile_map
from tabletop.spatial.tile_map import SIDES
from tabletop.wording import counted

EXHIBITION_TIME = 8
FULL_CLASH_TIME = 16
SPAWN_THREAT = 7


@dataclass(frozen=True)
class Event:
    """Something that happened, as plain data: ``kind``, the sentence, the rule behind it;
    for a movement, the ``piece`` that moved (a Monster token) and its ``path`` (the tile ids
    it went through, its start excluded, the last where it stopped)."""

    kind: str
    text: str
    rule: str = ""
    piece: str = ""
    path: tuple[str, ...] = ()


def describe(event: Event) -> str:
    """The event in words, with the rulebook section that decided it in brackets."""
    return f"{event.text} ({event.rule})" if event.rule else event.text


class _Over(Exception):
    """Raised inside a run when the Expedition is lost: nothing more happens."""


class Run:
    """One application of an action: the state being built and the events so far.  Used only
    inside :func:`apply` (and the Deep Fog module), so the core stays pure from outside."""

    def __init__(self, state: KingdomState, action: object):
        self.s = state
        self.action = action
        self.events: list[Event] = []
        self._held: int | None = None  # where this run's first Encounter question waits
        self.threat_raised = False  # Threat went up in this run (the Threat 7 spawn)

    def say(self, kind: str, text: str, rule: str = "", *, piece: str = "",
            path: tuple[str, ...] = ()) -> None:
        self.events.append(Event(kind, text, rule, piece, path))

    def refuse(self, rule: str) -> IllegalActionError:
        return IllegalActionError(self.action, rule)

    def lose(self, reason: str, rule: str) -> None:
        """The Expedition is lost: the phase becomes ``over`` and nothing more happens."""
        self.s = replace(self.s, delve=replace(self.s.delve, phase="over",
                                               result=f"lost: {reason}"), pending=())
        self.say("loss", f"The Expedition is lost: {reason}.", rule)
        raise _Over

    def ask(self, kind: str, subject: str, options: tuple[str, ...], text: str) -> None:
        """Put a question to the players.  An Encounter waits behind the other questions of
        the step being resolved (rulebook *Encounters*: "finish resolving your current step,
        then immediately proceed to the Encounter")."""
        pending = list(self.s.pending)
        prompt = Prompt(kind, subject, options, text)
        if kind == "encounter":
            if self._held is None:
                self._held = len(pending)
            pending.append(prompt)
        elif self._held is not None:
            pending.insert(self._held, prompt)
            self._held += 1
        else:
            pending.append(prompt)
        self.s = replace(self.s, pending=tuple(pending))
        self.say("prompt", text)

    def set_phase(self, phase: str, **more: object) -> None:
        self.s = replace(self.s, delve=replace(self.s.delve, phase=phase, **more))

    # -- the Kingdom track ------------------------------------------------------------

    def gain(self, track: str, amount: int, *, hunt_now: bool = True,
             why: str = "") -> int:
        """Move ``track`` by ``amount``; returns the tiles Monster tokens must hunt for the
        Hunt Spaces entered (already hunted when ``hunt_now``).  Rulebook *Kingdom Track*,
        *Expedition Loss Conditions*, *Encounter Monsters Spawn and Movement*."""
        if amount == 0:
            return 0
        t = self.s.track
        old, top = t.value(track), t.maximum(track)
        new = old + amount
        name = track.capitalize()
        because = f" ({why})" if why else ""
        if track in ("threat", "curse") and new > top:
            self.s = replace(self.s, track=replace(t, **{track: top}))
            self.lose(f"{name} would rise to {new}, over its maximum of {top}",
                      "Expedition Loss Conditions")
        if new > top:
            self.say("track", f"Time stops at {top}, the end of the Time track.", "Delve Rounds")
            new = top
        new = max(0, new)
        self.s = replace(self.s, track=replace(t, **{track: new}))
        if track == "threat" and new > old:
            self.threat_raised = True
        verb = "gains" if amount > 0 else "loses"
        self.say("track", f"The party {verb} {abs(amount)} {name}{because}: {name} {old} to {new}.",
                 "Kingdom Track")
        hunt = 0
        if track == "threat" and new != old:
            step = 1 if new > old else -1
            for space in range(old + step, new + step, step):
                tiles = t.hunt_tiles(space)
                if tiles:
                    hunt += tiles
                    self.say("hunt", f"Threat passes onto the Hunt Space {space}: Encounter "
                                     f"Monster tokens will hunt {counted(tiles, 'tile')}.",
                             "Encounter Monsters Spawn and Movement")
        if track == "curse" and old < 9 <= new and not self.s.delve.curse_nine:
            self.s = replace(self.s, delve=replace(self.s.delve, curse_nine=True))
            where = (f"paragraph {t.curse_paragraph}" if t.curse_paragraph
                     else "the paragraph printed near space 9")
            self.say("story", f"Curse reaches 9 for the first time: read {where} in the Kingdom "
                              f"Mysteries.", "Kingdom Track")
        if hunt_now:
            self.hunt(hunt)
            self.spawn_check()
        return hunt

    # -- Encounter Monsters -----------------------------------------------------------

    def hunt(self, steps: int) -> None:
        """Each Monster token on the map moves ``steps`` tiles toward the Party marker by the
        shortest path; a tie of end tiles is asked.  Rulebook *Encounter Monsters Spawn and
        Movement*, *Disjointed Map*."""
        if steps <= 0:
            return
        graph = board.monster_graph(self.s)
        party = self.s.party
        for token in self.s.monsters:
            if token.tile == party:
                continue
            walks = tile_map.hunt_ends(graph, token.tile, party, steps)
            if not walks:
                near = sorted(graph.get(party, ())) or [party]
                rule = ("Disjointed Map: a Monster on another piece of the map is placed on a "
                        "tile adjacent to the Party marker")
                self._land(token.monster, near, f"{token.monster} is on another piece of the "
                                                f"map", rule)
                continue
            ends = sorted({w[-1] for w in walks})
            route = " to ".join(walks[0])
            if len(ends) == 1:
                self.say("monster", f"{token.monster} hunts {counted(steps, 'tile')} toward "
                                    f"the party: {route}.", "Encounter Monsters Spawn and Movement",
                         piece=token.monster, path=tuple(walks[0][1:]))
            self._land(token.monster, ends, f"{token.monster} hunts {counted(steps, 'tile')}",
                       "Encounter Monsters Spawn and Movement")

    def _land(self, monster: str, tiles: list[str], what: str, rule: str) -> None:
        if len(tiles) == 1:
            self.place_monster(monster, tiles[0])
            return
        self.ask("hunt-end", monster, tuple(tiles),
                 f"{what}; equally short ways end on tiles {', '.join(tiles)}: choose where "
                 f"its token stops ({rule}).")

    def place_monster(self, monster: str, tile_id: str) -> None:
        """Put ``monster``'s token on ``tile_id`` (off any other tile); an Encounter is due
        when it shares the party's tile."""
        tokens = tuple(m for m in self.s.monsters if m.monster != monster)
        self.s = replace(self.s, monsters=(*tokens, MonsterToken(monster, tile_id)))
        self.say("monster", f"{monster}'s token stands on {self.s.tile(tile_id).label}.")
        if tile_id == self.s.party:
            self.encounter(monster)

    def spawn_check(self) -> None:
        """When Threat is raised to 7 or more for the first time, spawn the district's Monster
        on a tile adjacent to the party (after the hunt).  Rulebook *Encounter Monsters
        Spawn*: "when you raise your Threat to 7 or above for the first time"."""
        if (not self.threat_raised or self.s.track.threat < SPAWN_THREAT
                or self.s.delve.threat_seven):
            return
        self.s = replace(self.s, delve=replace(self.s.delve, threat_seven=True))
        monster = self.s.district_monster()
        rule = "Encounter Monsters Spawn and Movement: Threat 7 for the first time"
        if not monster:
            self.say("monster", "Threat reaches 7, but the party's district holds no Encounter "
                                "Monster token on the District Wheel: nothing spawns.", rule)
            return
        near = sorted(board.monster_graph(self.s).get(self.s.party, ()))
        if not near:
            self.say("monster", f"No tile is adjacent to the party, so {monster} spawns on the "
                                f"party's own tile (Will of the Graal).", rule)
            near = [self.s.party]
        if len(near) == 1:
            self.say("monster", f"Threat reaches 7: {monster} spawns next to the party.", rule)
            self.place_monster(monster, near[0])
        else:
            self.ask("spawn", monster, tuple(near),
                     f"Threat reaches 7: {monster} spawns on a tile adjacent to the party; "
                     f"choose which: {', '.join(near)}.")

    def encounter(self, monster: str) -> None:
        """An Encounter is due: asked after the current step (rulebook *Encounters*); one
        question per token however many ways the party met it."""
        if any(p.kind == "encounter" and p.subject == monster for p in self.s.pending):
            return
        wheel = self.s.district_monster()
        choices = tuple(dict.fromkeys(m for m in (monster, wheel) if m))
        text = (f"Encounter! {monster}'s token shares the party's tile. Finish this step, then "
                f"resolve an Encounter")
        if len(choices) > 1:
            text += (f": against the token's Monster ({monster}) or the Monster of your "
                     f"district on the District Wheel ({wheel})? Choose.")
        else:
            text += f" against {monster}, using its Encounter Monster card."
        text += " Answer once it is resolved: the token then leaves the map, and Rotation 1."
        self.ask("encounter", monster, choices, text)

    # -- the Kingdom Tile step --------------------------------------------------------

    def tile_step(self, dest_id: str, direction: str | None, *, emerged: bool = False) -> None:
        """Kingdom Tile step a–e onto ``dest_id`` (rulebook *Kingdom Tile Step*)."""
        rule = "Kingdom Tile Step"
        dest = self.s.tile(dest_id)
        # a. the back
        if dest.status == "revealed":
            self.say("tile", f"Remove the Generic token from {dest.label}.",
                     "Revealing a Kingdom Tile")
        self.say("tile", f"a. Resolve the back of {dest.label}.", rule)
        hunt = self.gain("time", dest.time, hunt_now=False, why="the tile's back")
        hunt += self.gain("threat", dest.threat, hunt_now=False, why="the tile's back")
        self.clue_prompts(dest.clues, direction, emerged)
        # b. reveal and move
        if dest.rect is None:
            rect, how = board.position_for(self.s, dest_id, prefer=self.s.party)
            dest = replace(dest, at=(rect.x, rect.y))
            self.say("map", f"{dest.label} is laid {how}.", "Disjointed Map")
        self.s = self.s.with_tile(replace(dest, status="explored"))
        self.s = replace(self.s, party=dest_id)
        dest = self.s.tile(dest_id)  # face up now: named
        self.say("tile", f"b. Reveal {dest.label} ({dest.size}, {dest.district}) and move the "
                         f"Party marker onto it.", rule)
        met = [m.monster for m in self.s.monster_at(dest_id)]
        # c. neighbours face down
        self.place_neighbours(dest_id)
        # d. hunt and spawn
        if hunt:
            self.say("tile", "d. Threat reached a Hunt Space: the Encounter Monster tokens move.",
                     rule)
        self.hunt(hunt)
        self.spawn_check()
        # e. the front
        self.front(dest_id)
        for monster in met:
            self.encounter(monster)

    def clue_prompts(self, clues: int, direction: str | None, emerged: bool) -> None:
        """The Clue type of each Clue gained (rulebook *Collecting Clues*, *Emergence*): read
        off the back of the top Exploration card when it is listed, else asked; each further
        Clue by the direction of a Minor Mortis card.  With no Exploration card left there is
        no back to read: the Clue is lost (Will of the Graal)."""
        count = max(1, clues) if emerged else clues
        top = self.s.exploration_top
        for index in range(count):
            if index == 0 and emerged:
                self.ask("clue", "emergence", CLUE_TYPES,
                         "Emergence: gain a Clue of your choice. Which type?")
                continue
            if not self.s.exploration_left:
                self.say("clue", "No Exploration card is left to show a Clue type on its back: "
                                 "the Clue is lost (Will of the Graal).", "Collecting Clues")
                continue
            if index == 0 and top is not None and top.back and direction:
                kind = top.clue(direction)
                self.say("clue", f"The party travelled {direction}: the {direction} side of "
                                 f"the back of {top.name} shows {kind.capitalize()}.",
                         "Collecting Clues")
                self.gain_clue(kind)
            elif index == 0:
                self.ask("clue", direction or "", CLUE_TYPES,
                         f"Clue: the party travelled {direction}; which Clue type shows on the "
                         f"{direction} side of the back of the top Exploration card?")
            elif top is not None and top.back:
                self.ask("mortis", top.name, SIDES,
                         "Another Clue: draw the top Minor Mortis card; which direction does "
                         "it show? (Then put it at the bottom of its deck.)")
            else:
                self.ask("clue", "", CLUE_TYPES,
                         "Another Clue: draw the top Minor Mortis card, read its direction, and "
                         "name the Clue type on that side of the top Exploration card (then put "
                         "the Mortis card at the bottom of its deck).")

    def gain_clue(self, kind: str) -> None:
        """A Clue of ``kind`` is found: each Knight collecting that type gains a token
        (rulebook *Collecting Clues*); the party's tally counts it either way."""
        index = CLUE_TYPES.index(kind)
        clues = list(self.s.clues)
        clues[index] += 1
        knights = []
        gainers = []
        for knight in self.s.knights:
            if kind in knight.collects:
                held = list(knight.clues)
                held[index] += 1
                knight = replace(knight, clues=tuple(held))
                gainers.append(knight.name)
            knights.append(knight)
        self.s = replace(self.s, clues=tuple(clues), knights=tuple(knights))
        article = "An" if kind[0] in "aeiou" else "A"
        name = kind.capitalize()
        if not self.s.knights:
            text = f"{article} {name} Clue: each Knight collecting {name} Clues may gain one."
        elif gainers:
            who = (f"{gainers[0]} gains one" if len(gainers) == 1 else
                   f"{', '.join(gainers[:-1])} and {gainers[-1]} each gain one")
            text = f"{article} {name} Clue: {who} ({name} is on their Clue card or Quest)."
        else:
            text = f"{article} {name} Clue, but no Knight collects {name} Clues: nobody gains it."
        self.say("clue", text, "Collecting Clues")

    def place_neighbours(self, tile_id: str) -> None:
        """c. Lay face down every tile the new tile's paths lead to; join map pieces."""
        tile = self.s.tile(tile_id)
        laid = []
        for path in tile.paths:
            if path.kind != "tile" or not self.s.has_tile(path.to):
                continue
            other = self.s.tile(path.to)
            if other.status != "box":
                continue
            rect, _ = board.position_for(self.s, other.id, prefer=tile_id)
            self.s = self.s.with_tile(replace(other, status="face-down", at=(rect.x, rect.y)))
            laid.append(other.id)  # face down: by number only
        if laid:
            self.say("map", f"c. Place face down: {', '.join(laid)}.", "Kingdom Tile Step")
        ends = [t for t in (tile_id, *(p.to for p in tile.paths if p.kind == "tile"))
                if self.s.has_tile(t) and self.s.tile(t).on_table]
        said: list[str] = []
        for last_pass in (False, True):  # a piece that cannot slide may fit after another did
            for joined in ends:
                self.s, notes = board.join_sections(self.s, joined)
                said += [n for n in notes if last_pass or "stay where they lie" not in n]
        for note in dict.fromkeys(said):
            self.say("map", note[0].upper() + note[1:] + ".", "Disjointed Map")

    def front(self, tile_id: str) -> None:
        """e. Resolve the symbols on the front (rulebook *Kingdom Tile Anatomy*)."""
        tile = self.s.tile(tile_id)
        rule = "Kingdom Tile Anatomy"
        if tile.cipher:
            self.say("tile", f"e. Exploration Cipher half {tile.cipher}: with the other half, "
                             f"read the four-digit paragraph (a wrong Cipher: +1 Threat).", rule)
        if tile.poi:
            top = self.s.exploration_top
            number = tile.poi_number
            if number is not None and top is not None and top.poi is not None:
                total = number + top.poi
                self.say("tile", f"e. Point of Interest {tile.poi}: the top Exploration card, "
                                 f"{top.name}, shows Point of Interest modifier {top.poi:+d}, "
                                 f"so resolve entry {total} of the Point of Interest table (the "
                                 f"card stays on top).", rule)
            elif number is not None:
                self.ask("poi", tile.id, (),
                         f"Point of Interest {tile.poi}: flip the top Exploration card and give "
                         f"its Point of Interest modifier (a whole number); the card stays on "
                         f"top.")
            else:
                self.say("tile", f"e. Point of Interest: resolve {tile.poi!r} from the Point of "
                                 f"Interest table on the Kingdom Sheet.", rule)
        for path in tile.paths:
            if not path.panzergate:
                continue
            kind = f"{path.panzergate}-panzergate"
            spot = (tile.id, path.side, path.offset)
            if any((h.tile, h.side, h.offset) == spot for h in self.s.hindering):
                continue
            self.s = replace(self.s, hindering=(*self.s.hindering,
                                                Hindering(kind, *spot)))
            self.say("tile", f"e. Place a {path.panzergate.capitalize()} Panzergate token on "
                             f"the {path.side} path of {tile.label}.", rule)


# -- apply ---------------------------------------------------------------------------------


def apply(state: KingdomState, action: object) -> tuple[KingdomState, tuple[Event, ...]]:
    """The state after ``action`` and what happened; raises ``IllegalActionError``."""
    if not isinstance(state, KingdomState):
        raise TypeError("apply needs a KingdomState")
    check_fields(action)
    run = Run(state, action)
    if state.over:
        raise run.refuse(f"the Delve is over ({state.delve.result})")
    if state.public:
        raise run.refuse("this is the public view of a table: its face-down tile fronts and "
                         "deck cards are unknown, so it cannot be played on")
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalActionError(action, "that is not a Kingdom map action")
    if state.pending and not isinstance(action, Answer | ReportLoss):
        raise run.refuse(f"first answer the waiting question: {state.pending[0].text}")
    refusal = TURN_ORDER.refusal(state.delve.phase, action)
    if refusal is not None:
        raise run.refuse(refusal)
    with contextlib.suppress(_Over):
        handler(run, action)
    return run.s, tuple(run.events)


def _travel(run: Run, action: Travel) -> None:
    option = next((o for o in travel.options(run.s)
                   if o.kind == "travel" and o.tile == action.tile), None)
    if option is None:
        raise run.refuse(travel.refusal(run.s, action.tile))
    run.say("travel", f"The party travels {option.direction} to {run.s.tile(action.tile).label}.",
            "Travel Step")
    run.tile_step(action.tile, option.direction)
    run.set_phase("exploration", drawn=0)


def _backtrack(run: Run, action: Backtrack) -> None:
    s = run.s
    if not s.has_tile(action.tile) or s.tile(action.tile).status != "explored" \
            or action.tile == s.party:
        if s.has_tile(action.tile) and action.tile != s.party \
                and s.tile(action.tile).status != "explored":
            raise run.refuse(f"{s.tile(action.tile).label} is Unexplored: a Backtrack goes onto "
                             f"an explored tile")
        raise run.refuse(travel.refusal(s, action.tile))
    routes = travel.backtrack_routes(s, action.tile)
    if not routes:
        raise run.refuse(travel.refusal(s, action.tile))
    if action.via:
        route = (s.party, *action.via, action.tile)
        explored = [t.id for t in s.tiles if t.status == "explored"]
        graph = board.party_graph(s, explored)
        for a, b in zip(route, route[1:], strict=False):
            if b not in graph.get(a, ()):
                raise run.refuse(f"the route cannot go from tile {a} to tile {b}: a Backtrack "
                                 f"moves between explored tiles through open paths")
        if len(set(route)) != len(route):
            raise run.refuse("the route visits a tile twice")
    else:
        met = {tuple(sorted(m.monster for t in r[1:] for m in s.monster_at(t))) for r in routes}
        if len(met) > 1:
            ways = "; ".join("via " + ", ".join(r[1:-1]) for r in routes)
            raise run.refuse(f"the shortest ways pass different Monster tokens; say which way "
                             f"({ways})")
        route = routes[0]
    moved = len(route) - 1
    threat = travel.backtrack_threat(route)
    run.say("travel", f"The party backtracks through {counted(moved, 'explored tile')} to "
                      f"{s.tile(action.tile).label}: {', '.join(route)}.", "Backtracking")
    run.s = replace(run.s, party=action.tile)
    met = [m.monster for t in route[1:] for m in run.s.monster_at(t)]
    run.gain("time", 1, why="Backtrack")
    run.gain("threat", threat, why="Backtrack: +1 per tile after the first")
    for monster in dict.fromkeys(met):
        run.encounter(monster)
    run.set_phase("exploration", drawn=0)


def _answer(run: Run, action: Answer) -> None:
    if not run.s.pending:
        raise run.refuse("no question is waiting for an answer")
    prompt = run.s.pending[0]
    value = action.value.strip()
    if prompt.kind == "fog-card":
        assert run.s.fog is not None
        card = fog.parse_card(value, run.s.fog)
        if isinstance(card, str):
            raise run.refuse(card)
        run.s = replace(run.s, pending=run.s.pending[1:])
        x, y = (int(v) for v in prompt.subject.split(","))
        fog.place(run, card, (x, y))
        return
    if prompt.options:
        match = next((o for o in prompt.options if o.lower() == value.lower()), None)
        if match is None:
            raise run.refuse(f"the answer must be one of: {', '.join(prompt.options)}")
        value = match
    elif parse_int(value, *POI_MODIFIERS) is None:
        low, high = POI_MODIFIERS
        raise run.refuse(f"the answer must be a whole number from {low} to {high} (the Point of "
                         f"Interest modifier of an Exploration card)")
    run.s = replace(run.s, pending=run.s.pending[1:])
    _ANSWERS[prompt.kind](run, prompt, value)


def _answer_clue(run: Run, prompt: Prompt, value: str) -> None:
    run.gain_clue(value)


def _answer_mortis(run: Run, prompt: Prompt, value: str) -> None:
    top = run.s.exploration_top
    kind = top.clue(value) if top is not None and top.name == prompt.subject else ""
    if not kind:  # the listed top card changed meanwhile: ask its Clue type instead
        run.ask("clue", value, CLUE_TYPES, f"Which Clue type shows on the {value} side of the "
                                           f"back of the top Exploration card?")
        return
    run.say("clue", f"The Minor Mortis card points {value}: the {value} side of {top.name} "
                    f"shows {kind.capitalize()}.", "Collecting Clues: Gaining Multiple Clues")
    run.gain_clue(kind)


def _answer_place(run: Run, prompt: Prompt, value: str) -> None:
    run.place_monster(prompt.subject, value)


def _answer_hunt_end(run: Run, prompt: Prompt, value: str) -> None:
    """The players chose where a hunting token stops among equally short ways: it walks there
    along the way drawn for that tile (the tiles in the event, for the trail and playback),
    then stands on it; a token placed beside the party (*Disjointed Map*) walks nowhere."""
    walk = board.hunt_walk(run.s, prompt.subject, value)
    if len(walk) > 1:
        run.say("monster", f"{prompt.subject} hunts {counted(len(walk) - 1, 'tile')} toward "
                           f"the party, the way the players chose: {' to '.join(walk)}.",
                "Encounter Monsters Spawn and Movement", piece=prompt.subject, path=walk[1:])
    run.place_monster(prompt.subject, value)


def _answer_poi(run: Run, prompt: Prompt, value: str) -> None:
    tile = run.s.tile(prompt.subject)
    modifier = parse_int(value, *POI_MODIFIERS)
    number = tile.poi_number
    assert modifier is not None and number is not None  # checked on answer and at load
    total = number + modifier
    run.say("tile", f"e. Point of Interest {tile.poi} {modifier:+d} = {total}: resolve entry "
                    f"{total} of the Point of Interest table.", "Kingdom Tile Anatomy")


def _answer_encounter(run: Run, prompt: Prompt, value: str) -> None:
    """The Encounter a Monster token triggered; after it, that token leaves the map and the
    District Wheel turns once (rulebook *Encounters*, 4. Resolution Step)."""
    run.say("encounter", f"Resolve an Encounter against {value} on the Encounter board, then "
                         f"return to the step you were in.", "Encounters")
    token = prompt.subject
    rule = "Encounters, Resolution Step"
    if any(m.monster == token for m in run.s.monsters):
        run.s = replace(run.s, monsters=tuple(m for m in run.s.monsters if m.monster != token))
        run.say("monster", f"After the Encounter, {token}'s token, which triggered it, is "
                           f"removed from the map.", rule)
    run.say("wheel", "Then perform Rotation 1.", rule)
    _rotate(run, Rotate(1))


def _answer_slot(run: Run, prompt: Prompt, value: str) -> None:
    district, _, card = prompt.subject.partition("|")
    if value == "replace":
        effects = tuple((d, c) for d, c in run.s.district_effects if d != district)
        run.s = replace(run.s, district_effects=(*effects, (district, card)))
        run.say("card", f"{card} replaces the District effect of {district}.",
                "Exploration Card Effect Types")
    else:
        run.say("card", f"{card} is discarded; {district} keeps its District effect.",
                "Exploration Card Effect Types")


def _answer_clash(run: Run, prompt: Prompt, value: str) -> None:
    if prompt.subject == "exhibition":
        run.s = replace(run.s, delve=replace(run.s.delve, exhibition_clash=True, second=True))
        run.say("clash", f"Resolve the Exhibition Clash against {value}, then the Rest Phase; "
                         f"the second Delve Phase follows (Time does not reset).", "Story Step")
    else:
        run.s = replace(run.s, delve=replace(run.s.delve, full_clash=True))
        run.set_phase("over", result=f"Full Clash against {value}; then the Spoils Phase")
        run.say("clash", f"Resolve the Full Clash against {value}, then proceed to the Spoils "
                         f"Phase.", "Story Step")


def _draw(run: Run, action: DrawExploration) -> None:
    """Exploration step: draw the top card (rulebook *Exploration Step*, *Exploration Card
    Effect Types*, *Special Exploration Cards*).  A listed card is what the list says; an
    unlisted one is what the players report."""
    if action.kind and action.kind not in EFFECT_KINDS:
        raise run.refuse(f"an Exploration card's effect is one of {', '.join(EFFECT_KINDS)}")
    if run.s.exploration_left <= 0:
        run.lose("the party must draw from an empty Exploration deck",
                 "Exploration Step, Expedition Loss Conditions")
    top = run.s.exploration_top
    if top is not None:
        if action.kind and action.kind != top.kind:
            raise run.refuse(f"the top Exploration card, {top.name}, has a {top.kind} effect")
        if action.name and action.name != top.name:
            raise run.refuse(f"the top Exploration card is {top.name}, not {action.name}")
        kind, name = top.kind, top.name
        run.s = replace(run.s, exploration_cards=run.s.exploration_cards[1:])
    else:
        if action.name and (not action.name.strip() or not action.name.isprintable()):
            raise run.refuse(f"{action.name!r} is not a card name (one line of text)")
        kind, name = action.kind or "instant", action.name or "the Exploration card"
        run.s = replace(run.s, exploration=run.s.exploration - 1)
    run.s = replace(run.s, delve=replace(run.s.delve, drawn=run.s.delve.drawn + 1))
    special = " (a Special card)" if top is not None and top.special else ""
    run.say("card", f"Draw {name}{special} ({run.s.exploration_left} left); resolve its {kind} "
                    f"effect.", "Exploration Step")
    if kind == "active":
        if run.s.active:
            run.say("card", f"The Active Effect space holds {run.s.active}: discard {name}.",
                    "Exploration Card Effect Types")
        else:
            run.s = replace(run.s, active=name)
    elif kind == "district":
        district = run.s.tile(run.s.party).district
        held = dict(run.s.district_effects).get(district)
        if held:
            run.ask("district-slot", f"{district}|{name}", ("keep", "replace"),
                    f"{district} already has a District effect ({held}), and only one per "
                    f"district may be in play: keep it (discard {name}) or replace it?")
        else:
            run.s = replace(run.s, district_effects=(*run.s.district_effects, (district, name)))
    nxt = run.s.exploration_top
    if nxt is not None and nxt.special:
        run.say("card", f"{nxt.name}, a Special Exploration card, is now on top: draw and "
                        f"resolve it too.", "Special Exploration Cards")
    elif nxt is None and run.s.exploration:
        run.say("card", "If a Special Exploration card is now on top of the deck, draw and "
                        "resolve it too.", "Special Exploration Cards")


def _end_step(run: Run, action: EndStep) -> None:
    s = run.s
    if s.delve.phase == "exploration":
        if s.delve.drawn == 0:
            raise run.refuse("draw the top Exploration card first (Exploration step)")
        top = s.exploration_top
        if top is not None and top.special:
            raise run.refuse(f"{top.name}, a Special Exploration card, ended up on top: draw "
                             f"and resolve it too (Special Exploration Cards)")
        run.set_phase("story")
        _story(run)
        return
    run.set_phase("travel", drawn=0)
    run.say("round", f"A new Delve Round begins (Time {s.track.time}).", "Delve Rounds")
    if not travel.options(run.s):
        run.lose("the party cannot resolve the Travel step (no path, Backtrack or Deep Fog)",
                 "Expedition Loss Conditions")


def _story(run: Run) -> None:
    """Story step: time-specific events (rulebook *Story Step*)."""
    s = run.s
    run.say("story", "Story step: read any story paragraphs you are prompted to, and resolve "
                     f"effects that refer to Time {s.track.time}.", "Story Step")
    if s.delve.quest:
        run.say("story", "A Knight is on a Quest: the Quest says when to Clash and Rest.",
                "Story Step")
        return
    monster = s.district_monster() or "a Monster of your current district"
    if s.track.time >= EXHIBITION_TIME and not s.delve.exhibition_clash:
        run.ask("clash", "exhibition", (monster,),
                f"Time {s.track.time}: resolve an Exhibition Clash (against {monster} unless its "
                f"Monster is already determined).")
    if s.track.time >= FULL_CLASH_TIME and not s.delve.full_clash:
        run.ask("clash", "full", (monster,),
                f"Time {s.track.time}: resolve the Full Clash (against {monster} unless its "
                f"Monster is already determined).")


def _enter_fog(run: Run, action: EnterFog) -> None:
    ok, why = travel.fog_paths_open(run.s)
    if not ok:
        raise run.refuse(f"cannot Enter the Deep Fog: {why}")
    if action.tile not in travel.fog_targets(run.s):
        raise run.refuse(f"tile {action.tile} is not an Unexplored tile joined to an explored "
                         f"tile (Entering the Deep Fog)")
    fog.enter(run, action.tile)


def _stay(run: Run, action: StayCourse) -> None:
    fog.stay(run)


def _withdraw(run: Run, action: Withdraw) -> None:
    fog.withdraw(run)


def _correct(run: Run, action: CourseCorrect) -> None:
    fog.correct(run, (action.x, action.y), action.heading)


def _answer_fog_discard(run: Run, prompt: Prompt, value: str) -> None:
    fog.finish(run, prompt.subject, value)


def _answer_minor(run: Run, prompt: Prompt, value: str) -> None:
    run.say("fog", f"Minor Penalty: resolve the Grave Penalty of {value}.", "Leaving the Deep Fog")


def _effect(run: Run, action: object) -> None:
    s = run.s
    if isinstance(action, AdjustTrack):
        if action.track not in TRACKS:
            raise run.refuse(f"the Kingdom track has {', '.join(TRACKS)}")
        run.gain(action.track, action.delta, why="an effect")
    elif isinstance(action, Rotate):
        _rotate(run, action)
    elif isinstance(action, SpawnMonster):
        monsters = {d.monster for d in s.districts if d.monster}
        if action.monster not in monsters:
            raise run.refuse(f"{action.monster!r} has no token on the District Wheel "
                             f"({', '.join(sorted(monsters)) or 'none'})")
        if not s.has_tile(action.tile) or not s.tile(action.tile).on_table:
            raise run.refuse(f"tile {action.tile} is not on the table")
        run.say("monster", f"{action.monster} spawns on tile {action.tile}.",
                "Encounter Monsters Spawn and Movement")
        run.place_monster(action.monster, action.tile)
    elif isinstance(action, RemoveMonster):
        if not any(m.monster == action.monster for m in s.monsters):
            raise run.refuse(f"{action.monster}'s token is not on the map")
        run.s = replace(s, monsters=tuple(m for m in s.monsters if m.monster != action.monster))
        run.say("monster", f"{action.monster}'s token leaves the map.")
    elif isinstance(action, RevealTile):
        if not s.has_tile(action.tile) or s.tile(action.tile).status != "face-down":
            raise run.refuse(f"tile {action.tile} is not a face-down tile on the table")
        run.s = s.with_tile(replace(s.tile(action.tile), status="revealed"))
        run.say("tile", f"Reveal {s.tile(action.tile).label} and mark it with a Generic token: "
                        f"it is still Unexplored.", "Revealing a Kingdom Tile")
    elif isinstance(action, PlaceHindering | RemoveHindering):
        _hindering(run, action)
    elif isinstance(action, GrantShortcuts):
        run.s = replace(s, delve=replace(s.delve, shortcuts=action.granted))
        run.say("travel", str(action) + ".", "Shortcuts")
    elif isinstance(action, Shuffle):
        _shuffle(run, action)
    elif isinstance(action, ClearEffect):
        if action.slot == "active":
            if not s.active:
                raise run.refuse("the Active Effect space is empty")
            run.s = replace(s, active="")
        else:
            if action.slot not in dict(s.district_effects):
                raise run.refuse(f"no District effect lies in {action.slot!r}")
            run.s = replace(s, district_effects=tuple(
                (d, c) for d, c in s.district_effects if d != action.slot))
        run.say("card", f"Discard the {action.slot} effect card.")


def _shuffle(run: Run, action: Shuffle) -> None:
    """The players shuffle a real deck: its listed cards join the unlisted ones, to be
    described as they are drawn."""
    s = run.s
    if action.deck not in DECKS:
        raise run.refuse(f"the decks are {' and '.join(DECKS)}")
    if action.deck == "deep-fog":
        run.s = replace(s, fog_deck=(), fog_unlisted=s.fog_left)
        left, listed = s.fog_left, len(s.fog_deck)
    else:
        run.s = replace(s, exploration_cards=(), exploration=s.exploration_left)
        left, listed = s.exploration_left, len(s.exploration_cards)
    known = (f"; the order of the {counted(listed, 'listed card')} is no longer known, so each "
             f"card is described as it is drawn" if listed else "")
    run.say("card", f"Shuffle the {action.deck} deck ({counted(left, 'card')}){known}.",
            "Kingdom Setup")


def _rotate(run: Run, action: Rotate) -> None:
    """Rotation X: every token on the District Wheel moves X spaces clockwise."""
    if action.steps < 1:
        raise run.refuse("Rotation X moves the tokens at least one space clockwise")
    s = run.s
    n = len(s.districts)
    tokens = [d.monster for d in s.districts]
    districts = tuple(replace(d, monster=tokens[(i - action.steps) % n])
                      for i, d in enumerate(s.districts))
    run.s = replace(s, districts=districts)
    placed = ", ".join(f"{d.monster} in {d.name}" for d in districts if d.monster)
    run.say("wheel", f"Rotation {action.steps}: the District Wheel turns clockwise ({placed}).",
            "Districts and the District Wheel")


def _hindering(run: Run, action: PlaceHindering | RemoveHindering) -> None:
    s = run.s
    if not s.has_tile(action.tile) or not s.tile(action.tile).on_table:
        raise run.refuse(f"tile {action.tile} is not on the table")
    tile = s.tile(action.tile)
    if not any((p.side, p.offset) == (action.side, action.offset) for p in tile.paths):
        raise run.refuse(f"{tile.label} has no path on its {action.side} side at offset "
                         f"{action.offset}")
    spot = (action.tile, action.side, action.offset)
    here = [h for h in s.hindering if (h.tile, h.side, h.offset) == spot]
    if isinstance(action, PlaceHindering):
        if action.kind not in HINDERING:
            raise run.refuse(f"Hindering tokens are {', '.join(HINDERING)}")
        if here:
            raise run.refuse(f"that path already holds a {here[0].kind} token")
        run.s = replace(s, hindering=(*s.hindering, Hindering(action.kind, *spot)))
        run.say("token", f"A {action.kind} token blocks the {action.side} path of {tile.label}.",
                "Hindering Tokens")
    else:
        if not here:
            raise run.refuse("no Hindering token lies on that path")
        run.s = replace(s, hindering=tuple(h for h in s.hindering if h not in here))
        run.say("token", f"The {here[0].kind} token leaves the {action.side} path of "
                         f"{tile.label}.", "Hindering Tokens")


def _loss(run: Run, action: ReportLoss) -> None:
    if not action.reason.strip():
        raise run.refuse("say why the Expedition is lost")
    run.lose(action.reason.strip(), "Expedition Loss Conditions")


_HANDLERS = {
    Travel: _travel, Backtrack: _backtrack, EnterFog: _enter_fog, Answer: _answer,
    DrawExploration: _draw, EndStep: _end_step, StayCourse: _stay, Withdraw: _withdraw,
    CourseCorrect: _correct, ReportLoss: _loss,
    **{effect: _effect for effect in EFFECTS},
}

_ANSWERS = {
    "clue": _answer_clue, "hunt-end": _answer_hunt_end, "spawn": _answer_place,
    "poi": _answer_poi, "encounter": _answer_encounter, "district-slot": _answer_slot,
    "clash": _answer_clash, "fog-discard": _answer_fog_discard, "minor-penalty": _answer_minor,
    "mortis": _answer_mortis,
}


OPEN_ACTIONS: dict[type, str] = {
    **{kind: "a card effect the players apply to the map, the wheel, a track or a deck when "
             "a card or the story says so (the board edited, as the card reads): Rotation 1 "
             "is offered after a draw as a reminder" for kind in EFFECTS},
    Answer: "a prompt without options takes the number or words the players type (offered "
            "as 0); a prompt with options offers each",
    DrawExploration: "an unlisted Exploration card is named by the players as they draw it "
                     "(its effect kind and name); a listed top card is offered as drawn",
    ReportLoss: "the players report, in their own words, a loss the map cannot see",
    Backtrack: "the players may trace any route through explored tiles (every simple route "
               "is taken, and they are exponentially many); the shortest ways are offered, "
               "one per set of Monster tokens they pass, up to three",
}
"""The actions :func:`legal_actions` does not list completely, each with the reason (the
contract's ``open_actions``); every other action it lists whenever ``apply`` takes it."""


def legal_actions(state: KingdomState) -> list[object]:
    """Actions ``apply`` accepts now: every one of the Travel, Deep Fog and step actions,
    and samples of the :data:`OPEN_ACTIONS` (the shortest Backtracks; Rotation 1; a
    free-form answer as ``0``; an unlisted Exploration card by each effect kind).  Empty
    when the Delve is over or on a public view."""
    if state.over or state.public:
        return []
    if state.pending:
        prompt = state.pending[0]
        return [Answer(o) for o in prompt.options] or [Answer("0")]
    phase = state.delve.phase
    if phase == "travel":
        return _travel_actions(state) or [ReportLoss("the party cannot resolve the Travel step")]
    if phase == "exploration":
        top = state.exploration_top
        draws = ([DrawExploration()] if top is not None
                 else [DrawExploration(kind) for kind in EFFECT_KINDS])
        if not state.delve.drawn:
            return [*draws, Rotate(1)]
        if top is not None and top.special:
            return draws
        return [EndStep(), draws[0], Rotate(1)]
    if phase == "story":
        return [EndStep()]
    return fog.legal(state)


def _travel_actions(state: KingdomState, wanted=None) -> list[object]:
    """The Travel step's actions, in :func:`legal_actions`' order (``wanted``: as
    :func:`~tabletop.games.kingdom.travel.options` takes it)."""
    out: list[object] = []
    for option in travel.options(state, wanted):
        if option.kind == "travel":
            out.append(Travel(option.tile))
        elif option.kind == "deep-fog":
            out.append(EnterFog(option.tile))
        else:
            out.extend(_backtracks(state, option))
    return out


TRAVEL_WORDS = {"travel": "travel to tile ", "backtrack": "backtrack to tile ",
                "deep-fog": "enter the Deep Fog toward tile "}
"""How the words of each kind of Travel step action begin, before the tile's id."""


def legal_worded(state: KingdomState, head: str, tail: str) -> list[object]:
    """The legal actions whose words could begin with ``head`` (case aside), in
    :func:`legal_actions`' order: in the Travel step only the options whose words fit are
    worked out (``travel to tile {pick}`` looks for no Backtrack route, of which a map of
    1,000 explored tiles has one to each tile); elsewhere the listing is short and given
    whole.  ``tail`` is not used."""
    folded = head.casefold()

    def fits(stem: str) -> bool:
        stem = stem.casefold()
        return stem.startswith(folded) or folded.startswith(stem)

    if state.over or state.public or state.pending or state.delve.phase != "travel" \
            or fits("the Expedition is lost: "):
        return legal_actions(state)
    return _travel_actions(state, lambda kind, tile: fits(TRAVEL_WORDS[kind] + tile))


def _backtracks(state: KingdomState, option: travel.Option) -> list[Backtrack]:
    met = {tuple(sorted(m.monster for t in r[1:] for m in state.monster_at(t)))
           for r in option.routes}
    if len(met) <= 1:
        return [Backtrack(option.tile)]
    return [Backtrack(option.tile, tuple(r[1:-1])) for r in option.routes[:3]]
