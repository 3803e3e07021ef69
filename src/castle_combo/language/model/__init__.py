"""The card model: what a card *is*, as plain frozen data, cut into parts that compose.

The card language (:mod:`castle_combo.language`) parses ``.ccl`` text into
these objects; the engine (:mod:`castle_combo.engine`) compiles them into
fast evaluators once per ruleset. Nothing here knows about game states: the
model is the contract between the two. The parts, each in its own module:

* **filters** (:mod:`~castle_combo.language.model.filters`): *which* cards,
  by deck, shields, cost, parts, place, face; combined with "and", "or", "not";
* **counts** (:mod:`~castle_combo.language.model.counts`): *what* is counted
  (cards, shields, shield types, sets, costs, stored gold, keys, gold, empty
  spaces) and *where* (:class:`Scope`); a :class:`Per` joins the two;
* **conditions and quantifiers** (:mod:`~castle_combo.language.model.conditions`):
  comparisons of counts, with numbers, with other counts and with other
  players; rows or pairs of cards and players that meet a condition;
* **effects** (:mod:`~castle_combo.language.model.effects`): what an ability
  does at its :class:`Moment`;
* **scoring rules** (:mod:`~castle_combo.language.model.scoring`);
* the **card** (:mod:`~castle_combo.language.model.card`).

Every part says itself in the card language (``ccl``) and in English
(``describe``, as Ludii's rule nodes do), and lists what makes no sense
about it where it is used (``problems``). Every node carries an optional
:class:`Source` (file, line, column) that equality ignores, so a card parsed
from a file equals the same card built in Python or parsed from its
canonical ``.ccl`` text. The names of version 0.1 (``ShieldsOf``,
``Banners``, ``OpponentsGain``, ...) are shorthands that build the same nodes
(:mod:`~castle_combo.language.model.shorthands`).

The package exports everything each module lists in its ``__all__``, so a new
part is exported where it is defined, with no list to keep here.
"""

from __future__ import annotations

from castle_combo.language.model import base, card, conditions, counts, effects, filters, refusals, scoring, shorthands
from castle_combo.language.model.base import *  # noqa: F403
from castle_combo.language.model.card import *  # noqa: F403
from castle_combo.language.model.conditions import *  # noqa: F403
from castle_combo.language.model.counts import *  # noqa: F403
from castle_combo.language.model.effects import *  # noqa: F403
from castle_combo.language.model.filters import *  # noqa: F403
from castle_combo.language.model.refusals import *  # noqa: F403
from castle_combo.language.model.scoring import *  # noqa: F403
from castle_combo.language.model.shorthands import *  # noqa: F403

#: The words, the filters, the counts, conditions and quantifiers, effects, scoring rules, the card, the table of
#: refusals and the names of version 0.1: every name each module exports, once.
__all__ = list(dict.fromkeys(name for module in (base, filters, counts, conditions, effects, scoring, card, refusals,
                                                 shorthands) for name in module.__all__))
