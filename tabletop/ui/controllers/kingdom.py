"""The Kingdom map screen: clicks in, Delve actions out (through the session).

Travel step: click a face-down tile next to a path of the party's tile to travel there (solid
green ring); click an explored tile (dashed blue ring) once to see the Backtrack route and its
Time/Threat cost, again to go (V shows another equally short way); the Deep Fog button, then a
tile (double grey ring), enters the Fog. Any other click asks the rules core and shows its
refusal in the status line. Questions the rules ask the players (a Clue type, where a Monster
stops, ...) are answered with the side panel's buttons; so are the Exploration and Story steps
and the Deep Fog choices (click a path card first to Course Correct from it). Shift+click picks
a tile for the card effects that name one (reveal it, spawn a Monster on it, remove a token,
block or clear one of its paths with a Hindering token of the kind shown on the Token button).
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from tabletop.errors import UsageError
from tabletop.games.kingdom.actions import (
    AdjustTrack,
    Answer,
    Backtrack,
    CourseCorrect,
    DrawExploration,
    EndStep,
    EnterFog,
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
from tabletop.games.kingdom.state import HINDERING, KingdomState
from tabletop.games.move_kinds import MoveKinds
from tabletop.numbers import parse_int
from tabletop.spatial.tile_map import OPPOSITE, STEP
from tabletop.ui.controllers.base import ButtonSpec, GameController
from tabletop.ui.facades.kingdom import hunt_walks, travel
from tabletop.ui.session import Session
from tabletop.ui.views.kingdom import (
    PARTY,
    Hit,
    KingdomLayers,
    Overlays,
    draw_kingdom,
    legend,
)

POI_MODIFIERS = tuple(f"{n:+d}" if n else "0" for n in range(-3, 4))
AMOUNTS = (1, 2, 3, 4, 5)
MAX_FOG_CELL = 100  # the farthest Deep Fog cell an overlay names
"""The amounts the track buttons step by (the Amount button cycles through them)."""


class KingdomController(GameController):
    """The Kingdom map screen (see the module docstring)."""

    title = "Kingdom map"

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.layers = KingdomLayers()
        self.hits: list[Hit] = []
        self.selected: str | None = None
        self.preview: str | None = None
        self.route_index = 0
        self.fog_mode = False
        self.fog_card: tuple[int, int] | None = None
        self.picked: str | None = None
        self.token_kind = 0
        self.amount = 1
        self._options: tuple[KingdomState | None, list[travel.Option]] = (None, [])
        self._public: tuple[KingdomState | None, KingdomState | None] = (None, None)
        self._rings: tuple[object, bool, tuple[tuple[str, str], ...]] = (None, False, ())

    @property
    def state(self) -> KingdomState:
        return self.session.state

    def view_state(self) -> KingdomState:
        """The table as the players see it: fronts of face-down tiles hidden unless
        ``self.reveal``; the public view worked out once per state (a frame asks for it
        several times, and on a map of 1,000 tiles each costs a pass over them all)."""
        state = self.state
        if self.reveal:
            return state
        if self._public[0] is not state:
            self._public = (state, self.session.game.public_view(state))
        return self._public[1]

    # -- drawing -------------------------------------------------------------------------

    def options(self) -> list[travel.Option]:
        """The Travel step's options (none in another step), worked out once per state: every
        frame draws them, and a map of 1,000 explored tiles has a Backtrack to each."""
        state = self.state
        if self._options[0] is not state:
            if state.delve.phase != "travel" or state.pending or state.over:
                self._options = (state, [])
            else:
                self._options = (state, travel.options(state))
        return self._options[1]

    def routes(self) -> list[tuple[str, ...]]:
        if self.preview is None:
            return []
        return travel.backtrack_routes(self.state, self.preview)

    def route(self) -> tuple[str, ...]:
        routes = self.routes()
        return routes[self.route_index % len(routes)] if routes else ()

    def rings(self) -> tuple[tuple[str, str], ...]:
        """The options ringed on the map, ``(kind, tile)``: those through the Deep Fog while
        aiming for one, else the others (once per state and aim)."""
        options = self.options()
        if self._rings[0] is not options or self._rings[1] != self.fog_mode:
            if self.fog_mode:
                shown = tuple(("deep-fog", o.tile) for o in options if o.kind == "deep-fog")
            else:
                shown = tuple((o.kind, o.tile) for o in options if o.kind != "deep-fog")
            self._rings = (options, self.fog_mode, shown)
        return self._rings[2]

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        overlays = Overlays(selected=self.selected, options=self.rings(), route=self.route(),
                            hunts=hunt_walks(self.view_state()),
                            caption=tuple(self.hint()), fog_selected=self.fog_card)
        self.hits = draw_kingdom(surface, rect, self.view_state(), overlays=overlays,
                                 layers=self.layers, viewport=self.viewport)

    def hint(self) -> list[str]:
        """What to do now, in words (shown under the map); in a picture of the map (a
        screenshot, F12: no buttons, no keys, no clicks) what the step allows, without the
        window's controls."""
        state = self.state
        picture = self.app is not None and not self.app.interactive
        if state.over:
            return [f"The Delve is over: {state.delve.result}."]
        if state.pending:
            return ["A question waits for the players' answer." if picture else
                    "Answer the question with the buttons in the side panel."]
        phase = state.delve.phase
        if phase == "travel":
            if self.preview:
                route = self.route()
                cost = travel.backtrack_threat(route)
                more = " (V: another equally short way)" if len(self.routes()) > 1 else ""
                then = "" if picture else f" Click it again to go{more}; Esc to cancel."
                return [f"Backtrack to {self.preview} via {', '.join(route)}: Time +1, "
                        f"Threat +{cost}.{then}"]
            if self.fog_mode:
                return ["Deep Fog: aiming for an Unexplored tile (double ring); +1 Threat at "
                        "once." if picture else "Deep Fog: click the Unexplored tile to aim "
                        "for (double ring); +1 Threat at once. Esc to cancel."]
            return [travel_hint(self.move_kinds(), picture=picture)]
        only = [self.only_move()] if self.only_move() else []  # one kind of move left
        if phase == "exploration":
            return ["Exploration step: draw the top Exploration card, resolve it, then end the "
                    "step." if picture else "Exploration step: draw the top Exploration card "
                    "(button by its effect type), resolve it, then End step.", *only]
        if phase == "story":
            return ["Story step: read prompted paragraphs and Time events, then end the step."
                    if picture else "Story step: read prompted paragraphs and Time events, "
                    "then End step.", *only]
        return ["Deep Fog: Stay the Course, Withdraw, or Course Correct onto a path card."
                if picture else "Deep Fog: Stay the Course, Withdraw, or click a path card "
                "and Course Correct.", *only]

    def banner(self):
        state = self.state
        if state.over:
            return ("Delve over", (200, 120, 90))
        names = {"travel": "Travel step", "exploration": "Exploration step",
                 "story": "Story step", "deep-fog": "In the Deep Fog"}
        delve = "second Delve" if state.delve.second else "first Delve"
        return (f"{names[state.delve.phase]} · Time {state.track.time} · {delve}", PARTY)

    def panel_lines(self) -> list[str]:
        state = self.view_state()
        lines = [f"Party on {state.tile(state.party).label}; Threat {state.track.threat}, "
                 f"Curse {state.track.curse}, Time {state.track.time}."]
        if self.selected and state.has_tile(self.selected):
            tile = state.tile(self.selected)
            face = (f"{tile.size}, {tile.district}, {tile.status}; "
                    if tile.status not in ("box", "face-down") else "")
            lines.append(f"Tile {tile.label}: {face}back: Time {tile.time}, Threat "
                         f"{tile.threat:+d}, Clues {tile.clues}, Deep Fog Intensity "
                         f"{tile.intensity}.")
            here = [m.monster for m in state.monster_at(tile.id)]
            if here:
                lines.append("Monster tokens here: " + ", ".join(here) + ".")
        return lines

    def legend(self):
        return legend(self.view_state())

    def key_help(self) -> list[tuple[str, str]]:
        return [("click a ringed tile", "travel / preview a Backtrack (click again to go)"),
                ("V", "another equally short Backtrack route"),
                ("F", "aim for a tile through the Deep Fog"),
                ("click a Deep Fog card", "choose where to Course Correct from"),
                ("Shift+click a tile", "pick it for Reveal / Spawn / Remove buttons"),
                ("A", "the amount the Threat, Curse, Time and Rotation buttons use"),
                ("Enter", "end the Exploration or Story step"), ("Esc", "cancel")]

    overlay_words = ("preview", "select", "fog-mode", "fog-card")

    def screen_overlay(self, verb: str, args: list[str], spec: str) -> None:
        """``preview TILE`` (a Backtrack preview), ``select TILE``, ``fog-mode``,
        ``fog-card X Y``."""
        words = [verb, *args]
        state = self.state
        if len(words) == 2 and words[0] in ("preview", "select"):
            if not state.has_tile(words[1]):
                raise UsageError(f"overlay {spec!r}: no tile {words[1]!r}")
            self.selected = words[1]
            if words[0] == "preview":
                if not travel.backtrack_routes(state, words[1]):
                    raise UsageError(f"overlay {spec!r}: no Backtrack reaches tile {words[1]}")
                self.preview = words[1]
            return
        if words == ["fog-mode"]:
            self.fog_mode = True
            return
        if len(words) == 3 and words[0] == "fog-card" and state.fog is not None:
            x, y = (parse_int(w, -MAX_FOG_CELL, MAX_FOG_CELL) for w in words[1:])
            if x is None or y is None:
                raise UsageError(f"overlay {spec!r}: X and Y are whole numbers from "
                                 f"-{MAX_FOG_CELL} to {MAX_FOG_CELL}")
            cell = (x, y)
            if state.fog.at(*cell) is None:
                raise UsageError(f"overlay {spec!r}: no Deep Fog card lies there")
            self.fog_card = cell
            return
        raise UsageError(f"--overlay {spec!r}: the Kingdom map's own overlays are preview "
                         f"TILE, select TILE, fog-mode and fog-card X Y")

    def place_rects(self, name: str) -> list[pygame.Rect]:
        """Where tile ``name`` (its id) was drawn last frame."""
        return [hit.rect for hit in self.hits if hit.kind == "tile" and hit.key == name]

    def cancel(self) -> bool:
        had = bool(self.preview or self.fog_mode or self.selected or self.fog_card
                   or self.picked)
        self.preview = self.selected = self.fog_card = self.picked = None
        self.fog_mode = False
        return had

    # -- buttons -------------------------------------------------------------------------

    def buttons(self) -> list[ButtonSpec]:
        """The card effects the players resolve (Amount, tracks, Rotation, shuffles) and
        Report loss first, always in the same places (greyed while a question waits or in
        the Deep Fog); then the step's own buttons (the answers to a waiting question, Deep
        Fog, the draws, the Fog's choices), then the picked tile's."""
        state = self.state
        if state.over:
            return []
        phase = state.delve.phase
        usable = not state.pending and phase != "deep-fog"
        out = [replace(b, enabled=b.enabled and usable) for b in self._effect_buttons(state)]
        out.append(ButtonSpec("Report loss: ends the Delve", lambda: self.act(ReportLoss(
            "reported by the players (all Knights dead or a story condition)")),
            enabled=not state.pending, wide=True))
        if state.pending:
            prompt = state.pending[0]
            answers = prompt.options or POI_MODIFIERS
            named = prompt.kind in ("clue", "mortis")
            return [*out, *(ButtonSpec(a.capitalize() if named else a,
                                       lambda a=a: self.act(Answer(a))) for a in answers)]
        if phase == "travel":
            ok, _ = travel.fog_paths_open(state)
            out.append(ButtonSpec("Deep Fog…", self.toggle_fog, "F", ok))
        elif phase == "exploration":
            top = state.exploration_top
            if top is not None:  # listed: the list knows its effect type
                out.append(ButtonSpec("Draw top card", lambda: self.act(DrawExploration())))
            else:
                for kind in ("instant", "district", "active"):
                    out.append(ButtonSpec(f"Draw {kind}",
                                          lambda k=kind: self.act(DrawExploration(k))))
            out.append(ButtonSpec("End step", lambda: self.act(EndStep()), "Enter",
                                  state.delve.drawn > 0 and not (top and top.special),
                                  slot="end"))
        elif phase == "story":
            out.append(ButtonSpec("End step", lambda: self.act(EndStep()), "Enter", slot="end"))
        elif phase == "deep-fog" and state.fog is not None:
            fog = state.fog
            ahead = tuple(a + b for a, b in zip(fog.path[-1], STEP[fog.heading], strict=True))
            out.append(ButtonSpec("Stay the Course", lambda: self.act(StayCourse()), "S",
                                  fog.at(*ahead) is None))
            out.append(ButtonSpec("Withdraw", lambda: self.act(Withdraw()), "W"))
            start = self.fog_card if self.fog_card in fog.path else fog.path[-1]
            for heading in STEP:
                if heading in (fog.heading, OPPOSITE[fog.heading]):
                    continue
                out.append(ButtonSpec(f"Correct {heading}",
                                      lambda h=heading, c=start: self.act(
                                          CourseCorrect(c[0], c[1], h))))
        if phase != "deep-fog" and self.picked and state.has_tile(self.picked):
            out += self._tile_buttons(state, self.picked)
        return out

    def _effect_buttons(self, state: KingdomState) -> list[ButtonSpec]:
        """Card effects the players resolve: the Kingdom track and Rotation by the chosen
        amount (the Amount button, or A, cycles 1 to 5), and shuffling a listed deck."""
        n = self.amount
        out = [ButtonSpec(f"Amount: {n}", self.next_amount, "A")]
        for track in ("threat", "curse", "time"):
            name = track.capitalize()
            out.append(ButtonSpec(f"{name} +{n}", lambda t=track: self.act(AdjustTrack(t, n))))
            out.append(ButtonSpec(f"{name} -{n}", lambda t=track: self.act(AdjustTrack(t, -n))))
        out.append(ButtonSpec(f"Rotation {n}", lambda: self.act(Rotate(n))))
        out.append(ButtonSpec("Shuffle Fog deck", lambda: self.act(Shuffle("deep-fog")),
                              enabled=bool(state.fog_deck)))
        out.append(ButtonSpec("Shuffle Expl. deck", lambda: self.act(Shuffle("exploration")),
                              enabled=bool(state.exploration_cards)))
        return out

    def next_amount(self) -> None:
        self.amount = AMOUNTS[(AMOUNTS.index(self.amount) + 1) % len(AMOUNTS)]

    def _tile_buttons(self, state: KingdomState, tile_id: str) -> list[ButtonSpec]:
        """Effects on the tile picked with Shift+click: reveal it, spawn a Monster there,
        take a Monster token off the map."""
        tile = state.tile(tile_id)
        out = []
        if tile.status == "face-down":
            out.append(ButtonSpec(f"Reveal {tile_id}", lambda: self.act(RevealTile(tile_id))))
        for district in state.districts:
            if district.monster and tile.on_table:
                out.append(ButtonSpec(f"Spawn {district.monster} on {tile_id}",
                                      lambda m=district.monster: self.act(
                                          SpawnMonster(m, tile_id))))
        for token in state.monster_at(tile_id):
            out.append(ButtonSpec(f"Remove {token.monster}",
                                  lambda m=token.monster: self.act(RemoveMonster(m))))
        if tile.status in ("explored", "revealed") and tile.paths:
            kind = HINDERING[self.token_kind % len(HINDERING)]
            out.append(ButtonSpec(f"Token: {kind}", self.next_token_kind))
            for path in tile.paths:
                spot = (tile_id, path.side, path.offset)
                held = any((h.tile, h.side, h.offset) == spot for h in state.hindering)
                where = f"{path.side}" + (f" {path.offset}" if path.offset else "")
                if held:
                    out.append(ButtonSpec(f"Clear {where} path", lambda p=path: self.act(
                        RemoveHindering(tile_id, p.side, p.offset))))
                else:
                    out.append(ButtonSpec(f"Block {where} path", lambda p=path, k=kind: self.act(
                        PlaceHindering(k, tile_id, p.side, p.offset))))
        return out

    def next_token_kind(self) -> None:
        self.token_kind += 1

    def act(self, action: object) -> bool:
        """Perform ``action``; on success drop the previews."""
        done = self.perform(action)
        if done:
            self.preview = None
            self.fog_card = None
            if isinstance(action, EnterFog):
                self.fog_mode = False
        return done

    def toggle_fog(self) -> None:
        self.fog_mode = not self.fog_mode
        self.preview = None

    # -- events --------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = next((h for h in reversed(self.hits) if h.rect.collidepoint(event.pos)), None)
            if hit is None:
                return False
            if hit.kind == "fog":
                self.fog_card = hit.key
                return True
            if pygame.key.get_mods() & pygame.KMOD_SHIFT:
                self.picked = self.selected = str(hit.key)
                self.session.tell(f"Tile {hit.key} picked: its effect buttons are in the panel.")
                return True
            self.click_tile(str(hit.key))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return self.cancel()
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return False

    def _key(self, key: int) -> bool:
        state = self.state
        if key == pygame.K_v and self.preview:
            self.route_index += 1
            return True
        if key == pygame.K_a and state.delve.phase != "deep-fog":
            self.next_amount()
            return True
        if key == pygame.K_f and state.delve.phase == "travel":
            self.toggle_fog()
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and state.delve.phase in ("exploration",
                                                                                 "story"):
            self.act(EndStep())
            return True
        if key == pygame.K_s and state.delve.phase == "deep-fog":
            self.act(StayCourse())
            return True
        if key == pygame.K_w and state.delve.phase == "deep-fog":
            self.act(Withdraw())
            return True
        return False

    def click_tile(self, tile_id: str) -> None:
        """A click on a tile: travel, preview or confirm a Backtrack, aim through the Fog;
        anything else is handed to the rules core, whose refusal explains itself."""
        state = self.state
        self.selected = tile_id
        if state.delve.phase != "travel" or state.pending:
            if state.pending:
                self.perform(Travel(tile_id))  # the rules core names the waiting question
            return
        if self.fog_mode:
            self.act(EnterFog(tile_id))
            return
        tile = state.tile(tile_id)
        if tile.status == "explored" and tile_id != state.party:
            if self.preview == tile_id:
                route = self.route()
                self.act(Backtrack(tile_id, tuple(route[1:-1])))
                return
            if travel.backtrack_routes(state, tile_id):
                self.preview, self.route_index = tile_id, 0
                route = self.route()
                self.session.tell(f"Backtrack to {tile.label}: Time +1, Threat "
                                  f"+{travel.backtrack_threat(route)} via {', '.join(route)}; "
                                  f"click again to go.")
                return
            self.act(Backtrack(tile_id))
            return
        self.preview = None
        self.act(Travel(tile_id))


def travel_hint(moves: MoveKinds, *, picture: bool = False) -> str:
    """What the Travel step allows now (``moves``: the kinds of move the rules core allows),
    saying so when only one kind of move is left (Backtrack, when no open path leads onto a
    face-down tile: each is blocked by a Panzergate or other Hindering token or leads to an
    explored tile); in a ``picture`` (no clicks, no buttons),
    what may be done rather than where to click."""
    kinds = {kind for name, kind in (("Travel", "travel"), ("Backtrack", "backtrack"),
                                     ("EnterFog", "deep-fog")) if name in moves.types}
    ways = ({"travel": "travel onto a face-down tile in a solid ring",
             "backtrack": "Backtrack to an explored tile in a dashed ring",
             "deep-fog": "enter the Deep Fog"} if picture else
            {"travel": "click a face-down tile in a solid ring to travel onto it",
             "backtrack": "click an explored tile in a dashed ring to Backtrack",
             "deep-fog": "enter the Deep Fog with Deep Fog… (F)"})
    if not kinds:
        return ("Travel step: no move is possible (every path is blocked and no explored "
                "tile can be reached); report the loss or remove a token as the rules say.")
    if kinds == {"backtrack"}:
        return ("Travel step: Backtrack is the only move: no open path leads onto a "
                "face-down tile and the Deep Fog is closed" + (
                    "." if picture else "; click a blue-ringed explored tile."))
    if len(kinds) == 1:
        return f"Travel step: only one kind of move: {ways[next(iter(kinds))]}."
    shown = [ways[k] for k in ("travel", "backtrack", "deep-fog") if k in kinds]
    return f"Travel step: {', '.join(shown[:-1])}, or {shown[-1]}."

