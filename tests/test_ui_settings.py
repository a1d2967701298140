"""The window's look (UI scale, theme) is kept between runs in a small settings file, read
strictly; the keys change it, the command-line options set it for one run."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tabletop import cli
from tabletop.games import layouts
from tabletop.ui import settings
from tabletop.ui.app import App
from tabletop.ui.session import Session
from tabletop.ui.widgets import theme

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"


@pytest.fixture(autouse=True)
def _look():
    yield
    theme.set_ui_scale(100)
    theme.use("default")


def test_settings_are_written_atomically_and_read_back(tmp_path):
    path = tmp_path / "state" / "settings.toml"
    assert settings.save(settings.Settings(150, "high-contrast"), path) is None
    assert path.read_text() == 'ui_scale = 150\ntheme = "high-contrast"\n'
    assert settings.load(path) == (settings.Settings(150, "high-contrast"), None)
    assert list(path.parent.iterdir()) == [path]  # no temporary file left


@pytest.mark.parametrize("content, said", [
    ("ui_scale = 300\n", "from 75 to 200"),
    ("ui_scale = 1.5\n", "not a whole number"),
    ("ui_scale = true\n", "not a whole number"),
    ('theme = "pink"\n', "not one of: default, high-contrast"),
    ("colour = 1\n", "unknown key 'colour'"),
    ("ui_scale = \n", "not TOML"),
    ("x" * 5000, "larger than 4096 bytes"),
])
def test_a_bad_settings_file_gives_the_defaults_and_a_note_saying_why(tmp_path, content, said):
    path = tmp_path / "settings.toml"
    path.write_text(content)
    kept, note = settings.load(path)
    assert kept == settings.Settings()
    assert said in note and str(path) in note and "using defaults" in note


def test_no_settings_file_is_the_defaults_without_a_note(tmp_path):
    assert settings.load(tmp_path / "missing.toml") == (settings.Settings(), None)


def test_a_high_dpi_desktop_starts_larger_unless_a_scale_was_kept():
    assert settings.default_scale([2160]) == 150
    assert settings.default_scale([1440]) == 125
    assert settings.default_scale([1080]) == settings.default_scale([]) == 100
    settings.apply(settings.Settings(), [2160])
    assert theme.ui_scale() == 150
    settings.apply(settings.Settings(ui_scale=90), [2160])
    assert theme.ui_scale() == 90


def test_the_ui_scale_scales_window_text_and_line_widths():
    theme.set_window((1280, 800))
    assert (theme.ui(20), theme.line(2)) == (20, 2)
    theme.set_ui_scale(150)
    assert (theme.ui(20), theme.line(2)) == (30, 3)
    theme.set_ui_scale(200)
    assert theme.ui(20) == 38  # 190 %: the most 1280 x 800 holds (theme.scale_cap)
    theme.set_window((1920, 1080))
    assert theme.ui(20) == 54  # 200 % of 1.35
    theme.set_window((1280, 800))
    with pytest.raises(ValueError):
        theme.set_ui_scale(250)


def test_keys_step_the_scale_and_toggle_high_contrast_and_keep_them(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_SETTINGS", str(tmp_path / "settings.toml"))
    pygame.display.init()
    pygame.font.init()
    game, state = layouts.load(LAYOUTS / "clash-teaching.toml")
    app = App(Session(game, state), (1280, 800))
    before = app.areas.panel.width
    shifted = pygame.KMOD_CTRL | pygame.KMOD_SHIFT
    for key, mod in ((pygame.K_EQUALS, shifted), (pygame.K_EQUALS, shifted),
                     (pygame.K_h, pygame.KMOD_CTRL)):
        app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
    assert (theme.ui_scale(), theme.current()) == (125, "high-contrast")
    assert app.areas.panel.width > before
    assert "kept for next time" in app.session.status
    assert settings.load() == (settings.Settings(125, "high-contrast"), None)
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_MINUS, mod=shifted,
                                    unicode=""))
    assert theme.ui_scale() == 110
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_MINUS, mod=pygame.KMOD_CTRL,
                                    unicode=""))  # Ctrl+- alone zooms the board instead
    assert theme.ui_scale() == 110


def test_the_command_line_refuses_a_scale_or_theme_out_of_range(tmp_path, capsys):
    out = str(tmp_path / "x.png")
    assert cli.main(["screenshot", "clash-teaching", "-o", out, "--ui-scale", "300"]) == 2
    assert "from 75 to 200" in capsys.readouterr().err
    assert cli.main(["screenshot", "clash-teaching", "-o", out, "--theme", "pink"]) == 2
    assert cli.main(["screenshot", "clash-teaching", "-o", out, "--ui-scale", "150%",
                     "--theme", "high-contrast"]) == 0
    assert (theme.ui_scale(), theme.current()) == (100, "default")  # a picture keeps nothing
