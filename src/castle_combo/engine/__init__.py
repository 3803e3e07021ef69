"""The game engine: rulesets compiled once, immutable states, the rules of play, scoring and views.

Data flows one way: a :class:`~castle_combo.language.ruleset.Ruleset` of card
model objects is compiled (:mod:`~castle_combo.engine.compiled`); a
:class:`~castle_combo.engine.state.GameState` is a value, and
``state.apply(action)`` returns a new one (:mod:`~castle_combo.engine.rules`).
The engine never reads card text.
"""
