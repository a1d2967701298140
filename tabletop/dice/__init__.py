"""Dice kinds, seeded rolls and the pymunk tray."""
