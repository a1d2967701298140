"""Properties of forced and Monster movement: whatever the players choose, the board stays a
legal position (pieces on the board, never two on a space, no Knight or Mob on an Obstacle or
Chasm), and every outcome is distinct from the others by the players' choices."""

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.clash.actions import FORCED_KINDS, Forced, MonsterMove
from tabletop.games.clash.forced_kinds import BY_NAME, COMPASS, KNOCKBACK_DIRECTIONS, RELATIVE
from tabletop.games.clash.rules import outcomes
from tabletop.games.clash.state import ClashState, Knight, Monster, Terrain
from tabletop.spatial.grid import Board, Space, square

SIDE = 6


@st.composite
def positions(draw):
    kind = draw(st.sampled_from(["boss", "mob"]))
    size = draw(st.integers(1, 2))
    at = Space(draw(st.integers(0, SIDE - size)), draw(st.integers(0, SIDE - size)))
    monster = Monster("Brute", kind, at, size, draw(st.sampled_from(["north", "east"])),
                      unavoidable_knockback=draw(st.integers(0, 3)))
    taken = set(monster.spaces)
    free = [s for s in Board(SIDE, SIDE).spaces() if s not in taken]
    cells = draw(st.lists(st.sampled_from(free), min_size=2, max_size=6, unique=True))
    knights = tuple(Knight(f"K{i}", s, vigor=draw(st.integers(1, 3)),
                           abilities=tuple(draw(st.sets(st.sampled_from(["stalwart", "jump"])))))
                    for i, s in enumerate(cells[:3]))
    kinds = [("obstacle", "destructible"), ("obstacle", "indestructible"), ("chasm",)]
    terrain = tuple(Terrain(f"T{i}", (s,), draw(st.sampled_from(kinds)))
                    for i, s in enumerate(cells[3:]))
    return ClashState(Board(SIDE, SIDE), knights, (monster,), terrain)


def legal(state: ClashState) -> None:
    seen: dict[Space, str] = {}
    blocked = state.keyword_spaces("obstacle") | state.keyword_spaces("chasm")
    for piece in (*state.monsters, *state.knights):
        spaces = square(piece.at, piece.size) if isinstance(piece, Monster) else (piece.at,)
        for space in spaces:
            assert state.board.contains(space), (piece.name, space)
            assert space not in seen, (piece.name, seen.get(space), space)
            seen[space] = piece.name
            if not (isinstance(piece, Monster) and piece.kind == "boss"):
                assert space not in blocked, (piece.name, space)


@settings(max_examples=400, deadline=None)
@given(positions(), st.sampled_from(FORCED_KINDS), st.integers(1, 5), st.booleans(),
       st.sampled_from(KNOCKBACK_DIRECTIONS))
def test_forced_movement_keeps_the_board_legal(state, kind, amount, knight_is_source, way):
    first = state.knights[0].name
    source, target = (first, "Brute") if knight_is_source else ("Brute", first)
    if kind in ("gangup", "herd"):
        source, target = "Brute", first
    if knight_is_source and way in RELATIVE:
        way = COMPASS[RELATIVE.index(way)]          # a Knight has no facing
    direction = way if BY_NAME[kind].extra == "direction" else None
    results = outcomes(state, Forced(kind, source, target, amount, toward=Space(0, 0),
                                     direction=direction))
    assert results
    for result in results:
        legal(result.state)
        assert result.state.turn.active in (None, *(k.name for k in result.state.knights))
    assert len({r.choices for r in results}) == len(results)


@settings(max_examples=40, deadline=None)
@given(positions(), st.sampled_from(["move", "move behind", "jump", "appear behind", "land on top",
                                     "move lateral", "move to"]))
def test_monster_movement_keeps_the_board_legal(state, how):
    try:
        results = outcomes(state, MonsterMove("Brute", state.knights[0].name, how))
    except ValueError:
        return    # Appear Behind with nowhere to appear is refused by name
    for result in results:
        legal(result.state)
        assert result.state.turn.active in (None, *(k.name for k in result.state.knights))
    assert len({r.choices for r in results}) == len(results)
