"""The expansion's rulings where a printed rulebook could plausibly differ, kept in one place.

The lock cards of *Out of the Oubliette!* are played as the licensed digital
edition of the game plays them (the rules page, "Out of the Oubliette!").
Three of its choices are ones a printed rulebook might make differently; each
is a constant here, read by the engine where the ruling applies, so a
house rule or a later erratum is a one-line change that the tests cover:

* :data:`OPEN_IN_TURN_BOUGHT` -- a lock may be opened at the end of the very
  turn its card was bought (a printed rulebook may say "in a later turn");
* :data:`GAIN_ONLY_LOCKS_NEED_A_GAIN` -- a lock whose ability only gains gold
  or keys can be opened only when it would gain at least 1 (otherwise any
  lock that holds its key can be opened, even for nothing);
* :data:`ASK_WITH_ONE_CANDIDATE` -- "use the ability of an adjacent card" is a
  decision even when only one adjacent card qualifies (otherwise that card's
  ability is used at once).

Changing a constant changes the game, so a ruleset played under other
rulings should not share game records with the standard ones.
"""

from __future__ import annotations

__all__ = ["ASK_WITH_ONE_CANDIDATE", "GAIN_ONLY_LOCKS_NEED_A_GAIN", "OPEN_IN_TURN_BOUGHT"]

#: A lock may be opened at the end of the turn in which its card was bought.
OPEN_IN_TURN_BOUGHT = True
#: A lock whose ability only gains can be opened only when it would gain at least 1.
#: Read when a ruleset is compiled for the engine.
GAIN_ONLY_LOCKS_NEED_A_GAIN = True
#: Choosing the adjacent card whose ability is used is a decision even with one candidate.
ASK_WITH_ONE_CANDIDATE = True
