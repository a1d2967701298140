"""The games: one package each, all with the same contract (``contract.Game``), registered in
``registry``.  Pure: no pygame, no window."""
