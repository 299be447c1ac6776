"""Research adapters: observation encoders and the action mask
(:mod:`moonbase.adapters.observations`), and environments for PettingZoo, Gymnasium and
OpenSpiel (the ``rl`` extra: ``pip install moonbase[rl]``).

The encoders need only numpy; each environment module imports its own library.
"""
