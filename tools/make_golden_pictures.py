"""Regenerate the golden card pictures that tests/test_pictures.py compares against.

Run it after a deliberate change to the card drawing, look at the new files
(open them in a browser), and commit them with the change:

    python tools/make_golden_pictures.py
"""

from __future__ import annotations

from pathlib import Path

import castle_combo as cc
from castle_combo import pictures

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden" / "pictures"
NAMES = ("Nun", "Lady in the Iron Mask", "Steward")


def main() -> None:
    rules = cc.Ruleset.standard().with_expansion("out-of-the-oubliette")
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name in NAMES:
        path = GOLDEN / f"{name.lower().replace(' ', '-')}.svg"
        path.write_text(pictures.card(rules[name]), encoding="utf-8")
        print("wrote", path)


if __name__ == "__main__":
    main()
