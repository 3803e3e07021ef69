"""``castle-combo cards NAME`` with ``--deck``: the option filters, it is not ignored."""

from __future__ import annotations

import pytest

from castle_combo.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_cards_with_a_name_and_the_other_deck_says_which_deck_the_card_is_in(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "cards", "--deck", "village", "nun")
    assert (status, out) == (2, "")
    assert err == ("error: 'Nun' is a castle card, and --deck village shows village cards only: "
                   "drop --deck village, or write --deck castle\n")


def test_cards_with_a_name_and_its_own_deck_shows_the_card(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "cards", "--deck", "castle", "Nun")
    assert status == 0 and 'card "Nun" {' in out
