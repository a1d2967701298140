"""The shipped lessons (``docs/lessons.md``), installed as the package ``tabletop.lessons``."""
