"""The layouts shipped with tabletop (TOML files; this file only makes the folder the package
``tabletop.layouts`` that ``tabletop.resources`` opens through ``importlib.resources``)."""
