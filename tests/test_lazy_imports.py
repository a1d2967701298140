"""What a command imports: a Clash board without cards is loaded, asked about and drawn without
the card, attack-sequence and dice modules, which load when a board has cards or a card or roll
verb is asked (docs/clash-geometry.md, *Speed*); a picture makes none of the kinds of action
(frozen dataclasses made on first use) and the first frame only those it builds; neither loads
pygame's sound, FreeType or debug modules.  Each check runs in a fresh interpreter, so nothing
another test imported counts; what is checked is which modules load, never how long."""

import json
import os
import subprocess
import sys
import zlib

import pytest
from PIL import Image

from tabletop.games.clash import query
from tabletop.games.clash.roll_queries import ROLL_PICTURES, ROLL_VERBS
from tabletop.games.clash.rule_queries import RULE_VERBS
from tabletop.games.pngtext import png_text
from tabletop.ui.pngfile import encode_rgb

CARD_MODULES = ["tabletop.games.clash." + name for name in (
    "cards", "encounter", "knight_attack", "monster_round", "roll_queries", "sequence",
    "effects")] + ["tabletop.dice.kingdoms_forlorn", "pymunk", "PIL"]
"""Modules a board without cards has no use for."""
RULES_MODULES = ["tabletop.games.clash.actions", "tabletop.games.clash.rules",
                 "tabletop.games.clash.rule_queries", "importlib.resources", "tomlkit"]
"""Modules a question about where things are has no use for (the window needs the rules)."""
RULES_CORE = ["tabletop.games.clash.rules", "tabletop.games.clash.rule_queries",
              "tabletop.games.clash.move_like", "tabletop.games.clash.branching_actions"]
"""The Clash rules core: every action's handler, which a picture of a board does not ask."""
WINDOW_ONLY = ["tabletop.ui.loop", "tabletop.ui.recovery", "tabletop.ui.stopsignals", "signal"]
"""The window's event loop, recovery file and signal handlers, which a picture goes without."""
UNUSED_PYGAME = ["pygame.mixer", "pygame.mixer_music", "pygame.freetype", "pygame._debug",
                 "pygame.system", "pygame.typing", "pygame.sprite", "platform"]
"""Parts of pygame the window and its pictures never use, and the standard module pygame
imports only for its greeting (``tabletop/ui/__init__.py``)."""
HANDLERS = ["tabletop.games.clash." + name for name in (
    "branching_actions", "move_like", "terrain", "turn_order", "attacks", "pushes_and_pulls",
    "movement")]
"""Modules of the Clash actions' handlers that listing the legal actions does not call: the
rules core imports them when an action is first applied."""


def loaded_after(code: str) -> set[str]:
    """The modules in ``sys.modules`` after running ``code`` in a fresh interpreter."""
    script = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, env=env)
    return set(json.loads(done.stdout.splitlines()[-1]))


def report_after(code: str, report: str):
    """The JSON value of the expression ``report`` after running ``code`` in a fresh
    interpreter."""
    script = f"{code}\nimport json, sys\nprint(json.dumps({report}))"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, env=env)
    return json.loads(done.stdout.splitlines()[-1])


MADE_ACTIONS = ("sorted(name for name, kind in vars(sys.modules['tabletop.games.clash.actions'])"
                ".items() if isinstance(kind, type) and '__dataclass_fields__' in vars(kind)"
                " and kind.__module__ == 'tabletop.games.clash.actions')")
"""The Clash action classes made so far (frozen dataclasses made on first use)."""
LOADED = "sorted(name for name, module in sys.modules.items() if module is not None)"


def test_a_query_without_cards_imports_neither_cards_nor_rules():
    loaded = loaded_after("from tabletop.cli import main\n"
                          "main(['query', 'bench-30x30', 'range A1 A2', 'visible A1'])")
    assert "tabletop.games.clash.geometry" in loaded
    assert [m for m in CARD_MODULES + RULES_MODULES if m in loaded] == []


QUERY_UNUSED = ["pathlib", "fractions", "decimal", "tomli_w", "importlib.resources",
                "tabletop.games.atomicwrite", "tabletop.spatial.sight", "shlex", "zlib",
                "struct", "inspect", "argparse", "gettext", "locale", "tabletop.cli_parser",
                "json", "tabletop.games.tomllines", "tabletop.games.overlay"]
"""Modules a ``range`` question about a layout named by path or by name has no use for:
paths are worked out with ``os`` (``tabletop.resources``), the exact fractions only by the
segment walks of Line of Sight, TOML is written and files replaced only by a save, a question
without quotes is split without ``shlex``, only a picture is decompressed,
``dataclasses`` asks ``inspect`` only for a class without a docstring
(``tabletop/dataclass_code.py``), a query's command line without options is read without
argparse (``tabletop.cli.plain_query``), its answers are written without ``json``
(``tabletop.jsontext``), the lines of a layout's keys are found only for an error, and only
an overlay draws its answer (``tabletop.games.overlay``)."""


@pytest.mark.parametrize("word", ["bench-30x30", os.path.join(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "layouts", "bench-30x30.toml")])
def test_a_range_question_loads_neither_paths_nor_fractions_nor_sight(word):
    started = loaded_after("")  # an editable install made before may load pathlib at start
    loaded = loaded_after(f"from tabletop.cli import main\n"
                          f"main(['query', {word!r}, 'range A1 A2'])")
    assert "tabletop.games.clash.geometry" in loaded
    assert [m for m in QUERY_UNUSED if m in loaded - started] == []


def test_a_rules_verb_loads_the_rules_and_a_roll_verb_the_cards():
    loaded = loaded_after("from tabletop.cli import main\n"
                          "main(['query', 'clash-teaching', 'activation-order'])")
    assert "tabletop.games.clash.rule_queries" in loaded
    assert "tabletop.games.clash.roll_queries" not in loaded
    loaded = loaded_after("from tabletop.cli import main\n"
                          "main(['query', 'clash-teaching', 'armor Kara 1 1'])")
    assert "tabletop.games.clash.roll_queries" in loaded


def test_a_screenshot_without_cards_imports_no_card_module_nor_the_rules_core(tmp_path):
    out = tmp_path / "shot.png"
    loaded = loaded_after(f"from tabletop.cli import main\n"
                          f"main(['screenshot', 'clash-teaching', '-o', {str(out)!r}])")
    assert out.exists()
    assert [m for m in CARD_MODULES if m in loaded] == []
    # a picture asks no legal move: the window's facade imports the rules core on first use
    assert [m for m in RULES_CORE if m in loaded] == []


def test_the_rules_core_names_handlers_that_exist():
    from importlib import import_module

    from tabletop.games.clash import rules

    for table in (rules._SIMPLE, rules._BRANCHING):
        for where in table.values():
            module, name = where.split(".")
            assert callable(getattr(import_module(f"tabletop.games.clash.{module}"), name))


def test_a_board_with_cards_loads_them(tmp_path):
    loaded = loaded_after("from tabletop.cli import main\n"
                          "main(['query', 'clash-example-boss', 'range A1 A2'])")
    assert "tabletop.games.clash.encounter" in loaded


def test_the_verbs_registered_by_name_are_the_verbs_their_modules_define():
    assert set(query.RULE_VERB_NAMES) == set(RULE_VERBS)
    assert set(query.ROLL_VERB_NAMES) == set(ROLL_VERBS)
    assert all(query.VERBS[name].name == name for name in query.VERBS)
    drawn = {name for name, verb in query.VERBS.items() if verb.picture is not None}
    assert drawn == set(query._PICTURES) | set(ROLL_PICTURES)


def test_a_png_written_with_zlib_alone_reads_back_pixel_for_pixel(tmp_path):
    width, height = 7, 5
    rgb = bytes((x * 37 + y * 11 + c * 5) % 256 for y in range(height) for x in range(width)
                for c in range(3))
    data = encode_rgb(width, height, rgb, {"tabletop-layout": "title = \"Ünïcode\"\n"})
    path = tmp_path / "p.png"
    path.write_bytes(data)
    with Image.open(path) as image:
        assert image.size == (width, height) and image.mode == "RGB"
        assert image.tobytes() == rgb
    assert png_text(data, "tabletop-layout") == "title = \"Ünïcode\"\n"
    assert zlib.crc32(data[-8:-4]) == int.from_bytes(data[-4:], "big")  # IEND's CRC


@pytest.mark.parametrize("size", [(0, 1), (2, 2)])
def test_a_png_of_the_wrong_number_of_bytes_is_refused(size):
    with pytest.raises(ValueError):
        encode_rgb(*size, b"\0" * 9)


def test_a_picture_makes_no_kind_of_action_and_loads_no_sound(tmp_path):
    out = tmp_path / "shot.png"
    made, loaded = report_after(f"from tabletop.cli import main\n"
                                f"main(['screenshot', 'clash-example-boss', '-o', {str(out)!r}])",
                                f"[{MADE_ACTIONS}, {LOADED}]")
    assert out.exists() and "pygame" in loaded
    assert made == ["Weapon"]  # the weapons the Knight menus offer, made with the module
    assert [m for m in UNUSED_PYGAME + ["pygame.pkgdata"] if m in loaded] == []
    assert [m for m in WINDOW_ONLY + ["inspect"] if m in loaded] == []


def test_the_first_frame_makes_only_the_actions_it_builds(tmp_path):
    made, loaded = report_after(
        f"import os\nos.environ['TABLETOP_RECOVERY_DIR'] = {str(tmp_path)!r}\n"
        "from tabletop.cli import main\nmain(['play', 'clash-teaching', '--frames', '1'])",
        f"[{MADE_ACTIONS}, {LOADED}]")
    assert "MoveKnight" in made  # the legal moves of the Knight whose turn it is
    assert "tabletop.games.clash.rules" in loaded
    assert [m for m in HANDLERS if m in loaded] == []
    assert not {"PlaceKnight", "AddTerrain", "RemovePiece", "Throw", "Climb"} & set(made)
    assert [m for m in UNUSED_PYGAME + ["inspect"] if m in loaded] == []
    assert "pygame.pkgdata" not in loaded and "importlib.resources" not in loaded  # the icon
    assert report_after("import tabletop.ui\nimport pygame.system\nimport pygame.sprite",
                        "'pygame.system' in sys.modules and pygame.sprite.Sprite.__name__")
    # left out only while pygame loads


@pytest.mark.parametrize("layout", ["clash-example-boss", "fateforge-chapel", "joust-new-game"])
def test_a_picture_of_a_board_with_dice_imports_neither_tray_nor_physics(tmp_path, layout):
    out = tmp_path / "shot.png"
    loaded = loaded_after(f"from tabletop.cli import main\n"
                          f"main(['screenshot', {layout!r}, '-o', {str(out)!r}])")
    assert out.exists()
    # the tray's modules are imported at the first throw, pymunk when the tray first moves
    assert [m for m in ("tabletop.ui.widgets.dice_tray", "tabletop.dice.tray",
                        "tabletop.dice.tray_rules", "pymunk") if m in loaded] == []


def test_a_picture_of_a_board_with_cards_imports_no_card_sequence(tmp_path):
    out = tmp_path / "shot.png"
    loaded = loaded_after(f"from tabletop.cli import main\n"
                          f"main(['screenshot', 'clash-example-mobs', '-o', {str(out)!r}])")
    assert out.exists() and "tabletop.games.clash.encounter" in loaded  # the cards are read
    # the side panel's card lines need the public view alone; the sequences and their dice
    # come with the first Activation or Attack from the cards
    assert [m for m in ("tabletop.ui.controllers.clash_cards", "tabletop.games.clash.sequence",
                        "tabletop.games.clash.running", "tabletop.games.clash.knight_attack",
                        "tabletop.games.clash.monster_round", "tabletop.dice.roll")
            if m in loaded] == []
