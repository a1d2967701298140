"""The shadow casting's single-integer slope keys (``slope_key``) against exact fractions: they
order the slopes of a board like the fractions do, two different slopes lie at least 2 keys
apart (so a key plus or minus one is "just beside" a slope), and the cut keys the sweep keeps
per board size are the keys just beside the slopes they stand for."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.bench import geometry_board
from tabletop.games.clash import geometry as geo
from tabletop.spatial.shadowcast import Layers, Sweep, slope_key
from tabletop.spatial.sight import corners


@st.composite
def board_and_two_slopes(draw):
    rows = draw(st.integers(1, 100))
    cols = draw(st.integers(1, 100))
    slope = st.tuples(st.integers(-cols - 2, cols + 2), st.integers(1, rows))
    return rows, draw(slope), draw(slope)


@settings(max_examples=400, deadline=None)
@given(board_and_two_slopes())
def test_keys_order_slopes_like_fractions_and_keep_two_apart(case):
    rows, (l1, d1), (l2, d2) = case
    shift = Layers(bytearray((rows + 2) * 3), rows, 1).shift
    k1, k2 = slope_key(l1, d1, shift), slope_key(l2, d2, shift)
    f1, f2 = Fraction(l1, d1), Fraction(l2, d2)
    if f1 == f2:
        assert k1 == k2
    elif f1 < f2:
        assert k1 + 2 <= k2
    else:
        assert k2 + 2 <= k1


def test_the_cut_keys_kept_per_board_size_are_just_beside_their_slopes():
    """Sweep a bench board from a few Knights, then check every cut key the sweep filled in:
    ``up[m]`` of depth ``q`` is the key just above ``m / q`` (0 for ``m = 0``) and ``down[m]``
    the key just below ``(m + 1) / q`` (0 for ``m = -1``)."""
    state = geometry_board(tiles=30, side=12, knights=6)
    filled = 0
    for knight in state.knights:
        place, plan, _hidden = geo._visible_plan(state, knight.name)
        layers = plan.sight_map.layers()
        sweep = Sweep(layers)
        for point in corners(place.spaces):
            sweep.cast(*point)
    reach, shift = layers.cols + 2, layers.shift
    for q in range(1, layers.rows + 1):
        made = layers.cuts[q]
        if made is None:
            continue
        up, down = made
        for m in range(-reach, reach + 1):
            if up[m] is not None:
                filled += 1
                assert up[m] == (0 if m == 0 else slope_key(m, q, shift) + 1)
            if down[m] is not None:
                filled += 1
                assert down[m] == (0 if m == -1 else slope_key(m + 1, q, shift) - 1)
    assert filled > 20
