"""Games kept and told: saves and records as JSON, checking what is loaded, narration and the replay page.

:func:`~castle_combo.records.serialize.dumps`, :func:`~castle_combo.records.serialize.loads`
and :func:`~castle_combo.records.serialize.replay` (re-exported by ``castle_combo``) turn
states and records into JSON and back; every loaded state is checked
(:mod:`~castle_combo.records.integrity`) before it is trusted.
"""
