"""Test setup: headless SDL for every test, so the suite runs on machines with no screen, and
hypothesis made repeatable, so a run of the suite gives the same answer every time.

Set ``HYPOTHESIS_PROFILE=explore`` to let hypothesis try fresh random examples instead (and
keep what it finds in its example database): the way to hunt for new bugs before fixing them
with a named regression test.
"""

import os
import sys

import pytest
from hypothesis import settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

settings.register_profile("repeatable", derandomize=True, database=None, deadline=None)
settings.register_profile("explore", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


@pytest.fixture(autouse=True, scope="session")
def _user_folders(tmp_path_factory):
    """Every user folder (``tabletop.userdirs``) points into a temporary folder, so no test
    writes saves, screenshots or recovery files into the real home folder."""
    home = tmp_path_factory.mktemp("user-folders")
    with pytest.MonkeyPatch.context() as patch:
        for variable in ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_PICTURES_DIR",
                         "XDG_DOCUMENTS_DIR", "APPDATA", "LOCALAPPDATA"):
            patch.setenv(variable, str(home / variable.lower()))
        patch.delenv("TABLETOP_RECOVERY_DIR", raising=False)
        patch.delenv("TABLETOP_SAVES", raising=False)
        patch.delenv("TABLETOP_SETTINGS", raising=False)
        yield


@pytest.fixture(autouse=True)
def _window_text_as_at_start():
    """After each test the window's text is sized as a fresh process sizes it: the default
    window (1280 x 800), UI scale 100 % and the default theme.  An ``App`` or a frame of
    another size leaves the scale it set behind (a 1920 x 1080 frame: text 1.35 times
    larger), and a test measuring text without making a window of its own would otherwise
    measure it at whatever size the test before it left."""
    yield
    theme = sys.modules.get("tabletop.ui.widgets.theme")
    if theme is not None:  # only a test that drew something has changed it
        theme.use("default")
        theme.set_ui_scale(100)
        theme.set_window(theme.DEFAULT_WINDOW)
