"""Files shipped with tabletop beside its code (see README.md here); this file only makes the
folder the package ``tabletop.assets`` that ``importlib.resources`` opens."""
