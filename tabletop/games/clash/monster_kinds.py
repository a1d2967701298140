"""The Monster types, the kinds of Activation token and the Power die tiers, below both the
board state (:mod:`tabletop.games.clash.state`) and the card data
(:mod:`tabletop.games.clash.cards`), which read them (so the state, which holds the cards in
play, and the cards need not import each other)."""

MONSTER_TYPES = ("boss", "mob")
"""A Boss Clash's Monster, or a Mob (rulebook *Boss Clash*, *Mob Clash*)."""

ACTIVATION_KINDS = ("ai", "signature")
"""The two kinds of Activation token (rulebook *Resolving Activations*: AI card or Signature)."""

POWER_TIERS = ("red", "black", "white")
"""The tiers of a Knight's Power Die (``power_die``; rulebook *Power Dice Tiers and Limits*)."""
