"""Clash query verbs (being written: see issue 2)."""

VERBS: dict = {}
