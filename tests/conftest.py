"""Hypothesis settings for the whole suite.

The suite draws the same examples on every run (the ``repeatable`` profile,
``derandomize=True``), so a green run on one machine is green on every
machine, and a failure reproduces by running the suite again. Searching for
new counterexamples is the soak scripts' job (``benchmarks/judge_soak.py``,
``benchmarks/soak.py``, ``benchmarks/fuzz_campaign.py``) and the
``explore`` profile's: ``HYPOTHESIS_PROFILE=explore pytest`` draws fresh
examples each run, as Hypothesis does by default.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))
