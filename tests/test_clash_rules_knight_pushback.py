"""A Knight's Pushback on a Monster that is not adjacent (rulebook *Keyword List: Pushback X*,
"Shortest path", and its *Knight Timing*), on small boards built for the sentence."""

from clash_boards import board

from tabletop.games.clash.actions import Forced
from tabletop.games.clash.rules import outcomes

REACH = """
[board]
rows = 5
cols = 8
[[knights]]
name = "Kara"
at = "C1"
[[monsters]]
name = "Rat"
type = "mob"
at = "C4"
facing = "west"
"""


def at(branch, name: str) -> str:
    return str(branch.state.pieces[name].at)


def test_pushback_shortest_path_a_knight_source_approaches_first():
    """*Pushback X*: "Shortest path: If the affected miniature is not adjacent, move the
    source in its direction along the shortest possible path"; *Knight Timing* excludes only
    "Attacks with Weapon with the Ranged X–Y keyword", so a Reach weapon pushes from C1: Kara
    walks to C3, then pushes the Rat 2 spaces east."""
    [r] = outcomes(board(REACH), Forced("pushback", "Kara", "Rat", 2))
    assert at(r, "Kara") == "C5" and at(r, "Rat") == "C6"
    moved = [e for e in r.events if e.kind == "source-moved" and e.piece == "Kara"]
    assert [str(s) for s in moved[0].path] == ["C2", "C3"]
    assert moved[0].rule == "Pushback: shortest path"


def test_pushback_shortest_path_a_knight_goes_around_obstacles_and_offers_each_end():
    """The Knight moves as a Knight can (around an Obstacle on C2); two equally short
    approaches ending on different spaces are the players' choice."""
    text = REACH + '[[terrain]]\nname = "Rock"\nspaces = ["C2"]\nkeywords = ["obstacle"]\n'
    results = outcomes(board(text), Forced("pushback", "Kara", "Rat", 1))
    starts = {str(next(e for e in r.events if e.kind == "source-moved").path[-1])
              for r in results}
    assert starts == {"B4", "C3", "D4"}          # each 4 steps from C1
    assert all(r.choices and r.choices[0].startswith("Kara moves via") for r in results)


def test_pushback_shortest_path_none_leaves_the_knight_where_it_is():
    text = REACH + ('[[terrain]]\nname = "Wall"\nspaces = ["A2", "B2", "C2", "D2", "E2"]\n'
                    'keywords = ["obstacle"]\n')
    [r] = outcomes(board(text), Forced("pushback", "Kara", "Rat", 1))
    assert at(r, "Kara") == "C1" and at(r, "Rat") == "C4"
    assert any(e.kind == "stopped" and "no path" in e.other for e in r.events)


def test_pushback_shortest_path_not_from_a_vantage_point():
    """A Knight on a Vantage Point leaves it only by its own movement (*Movement and VPs*), so
    its Pushback on another Monster does not walk it off the VP."""
    text = REACH.replace('at = "C1"', 'at = "A1"\nvantage = "Troll"') + (
        '[[monsters]]\nname = "Troll"\ntype = "boss"\nat = "A1"\nsize = 2\n')
    [r] = outcomes(board(text), Forced("pushback", "Kara", "Rat", 1))
    assert r.state.knight("Kara").vantage == "Troll"
    assert any(e.kind == "stopped" for e in r.events)


def test_knight_timing_no_pushback_in_an_attack_with_a_ranged_weapon():
    """*Pushback X*, Knight Timing: "A Knight may resolve Pushback X during either the first
    or second ability window of their Attack (excluding Attacks with Weapon with the Ranged
    X–Y keyword)": apply refuses it naming the rule, the query verbs say the same, and
    legal_actions never offers it; a Reach weapon's Pushback stands."""
    import pytest

    from tabletop.errors import IllegalActionError
    from tabletop.games.clash.actions import Attack, Weapon
    from tabletop.games.query import ask
    from tabletop.games.registry import get_game
    from tabletop.spatial.grid import Space

    state = board(REACH)
    game = get_game("clash")
    ranged = Forced("pushback", "Kara", "Rat", 2, weapon=Weapon("ranged", 2, 4))
    with pytest.raises(IllegalActionError, match="Knight Timing.*Ranged X–Y"):
        game.apply(state, ranged)
    with pytest.raises(IllegalActionError, match="Knight Timing"):
        game.apply(state, Forced("pushback toward", "Kara", "Rat", 2, toward=Space.parse("C8"),
                                 weapon=Weapon("ranged", 3, 3)))
    reach, _ = game.apply(state, Forced("pushback", "Kara", "Rat", 2,
                                        weapon=Weapon("reach", 1, 3)))
    assert str(reach.pieces["Rat"].at) == "C6"
    # A Knockback in the same Attack is not Pushback: Knight Timing does not forbid it.
    game.apply(state, Forced("knockback", "Kara", "Rat", 1, weapon=Weapon("ranged", 2, 4)))
    for question in ("pushback Kara Rat 2 with ranged 2-4",
                     "forced pushback Kara Rat 2 with ranged 2-4"):
        assert "Knight Timing" in ask(game, state, question)["error"]
    reply = ask(game, state, "pushback Kara Rat 2 with reach 3")
    assert reply["answer"][0]["end"]["Rat"] == "C6"
    attacked, _ = game.apply(state, Attack("Kara", "Rat", Weapon("ranged", 2, 4)))
    assert not [a for a in game.legal_actions(attacked)
                if isinstance(a, Forced) and a.kind.startswith("pushback")]
