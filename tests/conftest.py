"""Test setup: headless SDL for every test, so the suite runs on machines with no screen, and
hypothesis made repeatable, so a run of the suite gives the same answer every time.

Set ``HYPOTHESIS_PROFILE=explore`` to let hypothesis try fresh random examples instead (and
keep what it finds in its example database): the way to hunt for new bugs before fixing them
with a named regression test.
"""

import os

from hypothesis import settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

settings.register_profile("repeatable", derandomize=True, database=None, deadline=None)
settings.register_profile("explore", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))
