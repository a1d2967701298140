"""The ``tabletop roll`` spec, its JSON report, and the dice faces data file."""

import json

import pytest

from tabletop.cli import main
from tabletop.dice.command import roll_report
from tabletop.dice.kinds import load_kinds
from tabletop.dice.roll import replay
from tabletop.dice.spec import parse_spec
from tabletop.errors import LayoutError, UsageError


def test_spec_crit_makes_the_first_die_the_white_crit_die():
    (group,) = parse_spec("3 kf-d10 crit")
    assert group.kinds == ("kf-d10-white", "kf-d10", "kf-d10") and group.role == "crit"


def test_spec_colour_words_are_kings_champion_dice():
    kinds = [k for g in parse_spec("white red black black") for k in g.kinds]
    assert kinds == ["kc-white", "kc-red", "kc-black", "kc-black"]


def test_spec_counts_commas_and_case():
    kinds = [k for g in parse_spec("2 FF-Red, ff-blue") for k in g.kinds]
    assert kinds == ["ff-red", "ff-red", "ff-blue"]


def test_spec_d100_is_a_white_and_a_black_d10():
    groups = parse_spec("2 kf-d100")
    assert [g.kinds for g in groups] == [("kf-d10-white", "kf-d10")] * 2


@pytest.mark.parametrize(("spec", "named"), [
    ("3 kf-d1O crit", "'kf-d1O'"), ("white purple", "'purple'"), ("crit", "'crit'"),
    ("2 white crit", "'crit'"), ("3 4 white", "'4'"), ("white 2", "count 2"),
    ("0 white", "'0'"), ("", "empty"), ("500 white", "'500'")])
def test_spec_malformed_names_the_word(spec, named):
    with pytest.raises(UsageError, match=named):
        parse_spec(spec)


def test_report_is_a_pure_function_of_the_seed():
    assert roll_report("3 kf-d10 crit white ff-red", 4) == roll_report(
        "3 kf-d10 crit white ff-red", 4)
    assert json.dumps(roll_report("kf-d100 2 kf-red black", 9))


def test_report_record_replays():
    for seed in range(30):
        report = roll_report("black black white kf-d10", seed)
        assert list(replay(report["record"]).labels()) == [d["face"] for d in report["dice"]]


def test_report_reads_crit_and_joust():
    report = roll_report("3 kf-d10 crit", 4)
    group = report["groups"][0]
    assert group["crit_die"] == 1 and report["dice"][0]["kind"] == "kf-d10-white"
    assert group["crit_chance"] == (report["dice"][0]["value"] == 10)
    joust = roll_report("white red black black", 4)["joust"]
    assert set(joust) >= {"hits", "reputation", "pips", "aftershocks"}


def test_report_says_placeholder_faces():
    assert "placeholder" in roll_report("ff-red", 1)
    assert "placeholder" not in roll_report("kf-d10", 1)


def test_cli_roll_prints_json(capsys):
    assert main(["roll", "white red black black", "--seed", "5"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seed"] == 5 and len(out["dice"]) >= 4


def test_cli_roll_with_a_broken_faces_file_names_the_file(tmp_path, monkeypatch, capsys):
    from tabletop.dice.kinds import default_kinds

    bad = tmp_path / "bad.toml"
    bad.write_text('[ff-red]\nfaces = ["HIT"]\n', encoding="utf-8")
    monkeypatch.setenv("TABLETOP_DICE_FACES", str(bad))
    default_kinds.cache_clear()
    try:
        assert main(["roll", "white"]) == 2
    finally:
        monkeypatch.delenv("TABLETOP_DICE_FACES")
        default_kinds.cache_clear()
    assert "bad.toml:2: [ff-red] faces must be a list of six strings" in capsys.readouterr().err


def test_cli_roll_bad_spec_is_one_line(capsys):
    assert main(["roll", "3 kf-d1O crit", "--seed", "4"]) == 2
    err = capsys.readouterr().err
    assert "'kf-d1O'" in err and err.count("\n") == 1


# --- the faces data file ---------------------------------------------------------------------

GOOD = """placeholder = false
[kf-power-red]
faces = ["blank", "blank", "hope", "potential", "power", "power"]
[kf-power-black]
faces = ["blank", "hope", "potential", "power", "power", "power+potential"]
[kf-power-white]
faces = ["hope", "potential", "power", "power", "power+potential", "power+power"]
[ff-red]
faces = ["HIT", "HIT", "SKILL HIT", "STEP/HIT", "FOCUS", "MISS"]
[ff-yellow]
faces = ["STEP", "STEP", "STEP/HIT", "STEP/SHOT", "FOCUS", "MISS"]
[ff-blue]
faces = ["SHOT", "SHOT", "SKILL SHOT", "STEP/SHOT", "FOCUS", "MISS"]
[ff-green]
faces = ["FOCUS", "FOCUS", "FOCUS/STEP", "FOCUS/SHOT", "HIT", "MISS"]
[ff-melee]
faces = ["SPECIAL", "SPECIAL", "HIT", "STEP/HIT", "FOCUS", "MISS"]
[ff-ranged]
faces = ["SPECIAL", "SPECIAL", "SHOT", "STEP/SHOT", "FOCUS", "MISS"]
"""


def _load(tmp_path, text):
    path = tmp_path / "faces.toml"
    path.write_text(text, encoding="utf-8")
    return load_kinds(path)


def test_faces_file_is_read(tmp_path):
    kinds = _load(tmp_path, GOOD)
    assert not kinds["ff-red"].placeholder
    assert kinds["ff-red"].faces[3].split and kinds["ff-red"].faces[3].symbols == ("STEP", "HIT")
    assert kinds["kf-power-white"].faces[5].symbols == ("power", "power")


def test_shipped_faces_file_says_it_is_a_placeholder():
    kinds = load_kinds()
    assert all(kinds[name].placeholder for name in ("kf-power-red", "ff-red", "ff-melee"))
    assert not kinds["kf-d10"].placeholder


@pytest.mark.parametrize(("old", "new", "message", "line"), [
    ('"SKILL HIT", "STEP/HIT"', '"SKILL HIT", "STEP/KICK"', "ff-red.*face 4", 9),
    ('"hope", "potential", "power", "power"]', '"hope", "power"]', "six strings", 3),
    ("[ff-ranged]", "[ff-purple]", "ff-purple", 18),
    ('"blank", "blank"', '"blank", "glory"', "kf-power-red.*face 2", 3),
    ("placeholder = false", "placeholder = 3", "true or false", 1),
    ('faces = ["HIT", "HIT"', 'faces = ["HIT" "HIT"', "not valid TOML", 9),
    ('"STEP/SHOT", "FOCUS", "MISS"]\n[ff-blue]', '"STEP/MISS", "FOCUS", "MISS"]\n[ff-blue]',
     "split face", 11),
])
def test_faces_file_errors_name_file_line_and_die(tmp_path, old, new, message, line):
    assert old in GOOD
    with pytest.raises(LayoutError, match=message) as info:
        _load(tmp_path, GOOD.replace(old, new, 1))
    assert info.value.line == line and info.value.source.endswith("faces.toml")


def test_faces_file_missing_die(tmp_path):
    text = GOOD.split("[ff-ranged]")[0]
    with pytest.raises(LayoutError, match="ff-ranged are missing"):
        _load(tmp_path, text)


def test_faces_file_unreadable(tmp_path):
    with pytest.raises(LayoutError, match="cannot read"):
        load_kinds(tmp_path / "nowhere.toml")


# --- Power dice are limited by the box (Dice, p. 14; Power Dice Tiers and Limits, p. 59) -------

def test_power_limits_roll_spec_eight_red_rolls_six_red_and_one_black():
    """"if you were required to roll 8 red Power dice, roll 6 red dice and 1 black die
    instead" (Power Dice Tiers and Limits): ``tabletop roll "8 kf-red"`` throws what the box
    holds, and says why."""
    report = roll_report("8 kf-red", 3)
    assert [d["kind"] for d in report["dice"]] == ["kf-power-red"] * 6 + ["kf-power-black"]
    pool = report["power_pool"]
    assert pool["requested"] == {"red": 8, "black": 0, "white": 0}
    assert pool["rolled"] == {"red": 6, "black": 1, "white": 0}
    assert pool["why"] and "2 red become 1 black" in pool["why"][0]


def test_power_limits_roll_spec_four_white_gain_power_and_potential():
    """"if you were required to roll 4 white Power dice, roll 3 white dice and gain 1 Power
    and 1 Potential instead": the raw Power and Potential are counted in the report."""
    report = roll_report("4 kf-white", 5)
    assert [d["kind"] for d in report["dice"]] == ["kf-power-white"] * 3
    assert (report["power_pool"]["raw_power"], report["power_pool"]["potential"]) == (1, 1)
    faces = [d["face"] for d in report["dice"]]
    rolled_power = sum(face.split("+").count("power") for face in faces)
    rolled_potential = sum(face.split("+").count("potential") for face in faces)
    assert report["power_roll"]["power"] == rolled_power + 1
    assert report["power_roll"]["potential"] == rolled_potential + 1
    assert report["power_roll"]["armor"] == rolled_power + 1
    assert list(replay(report["record"]).labels()) == faces


def test_power_limits_roll_spec_within_the_box_is_rolled_as_written():
    report = roll_report("kf-d10 7 kf-red white", 2)
    assert [d["kind"] for d in report["dice"]][1:8] == ["kf-power-red"] * 7
    assert report["power_pool"]["why"] == [] and [g["words"] for g in report["groups"]] == [
        "kf-d10", "7 kf-red", "white"]


def test_shipped_faces_file_says_plainly_it_is_a_placeholder():
    """docs/dice.md: where a rulebook does not print a die's faces, "the shipped one says plainly
    that it is a placeholder to be checked against the physical dice"."""
    from tabletop.dice.kinds import DATA_KINDS, SHIPPED_FACES

    text = SHIPPED_FACES.read_text(encoding="utf-8")
    assert "PLACEHOLDER" in text and "NOT CHECKED AGAINST THE PHYSICAL DICE" in text
    kinds = load_kinds(SHIPPED_FACES)
    assert all(kinds[name].placeholder for name in DATA_KINDS)


def test_printed_faces_match_the_rulebooks():
    """Kingdoms Forlorn Dice: "Custom d10 dice with numbers and a critical symbol ... Treat
    the critical symbol result as a '10'"; King's Champion: d6 scored 1-6 by colour."""
    kinds = load_kinds()
    for name in ("kf-d10", "kf-d10-white"):
        faces = kinds[name].faces
        assert [f.label for f in faces] == [str(n) for n in range(1, 10)] + ["CRIT"]
        assert [f.value for f in faces] == list(range(1, 11)) and not kinds[name].placeholder
    for colour in ("white", "green", "red", "black"):
        kind = kinds[f"kc-{colour}"]
        assert [f.value for f in kind.faces] == [1, 2, 3, 4, 5, 6] and not kind.placeholder
    assert (kinds["kf-d10-white"].colour, kinds["kf-d10"].colour) == ("white", "black")
