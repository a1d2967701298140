"""The pygame-ce window: app loop, controller stack, views, controllers and widgets."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
