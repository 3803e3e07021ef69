"""Reinforcement-learning adapters: the game behind the standard APIs (extra ``castle-combo[rl]``).

* :mod:`castle_combo.adapters.encoding`: the fixed action encoding (every
  action of a ruleset and player count is one integer) and the observation
  tensor, read from a seat's view only; needs numpy for the tensor.
* :mod:`castle_combo.adapters.pettingzoo`: a PettingZoo AEC environment,
  ``env(players=2, rules=None)``.
* :mod:`castle_combo.adapters.openspiel`: registers the OpenSpiel game
  ``python_castle_combo`` (parameter ``players``).
* :mod:`castle_combo.adapters.gymnasium`: registers the Gymnasium environment
  ``castle_combo/CastleCombo-v0``: one seat against built-in bots.

Each framework module imports its framework, so importing this package
imports none of them.
"""
