"""What a human types in 'castle-combo play': numbers, the compact syntax, commands, hints."""

from __future__ import annotations

import pytest

from castle_combo.cli._play_input import BadInput, Command, compact, parse_input
from castle_combo.engine.actions import Choose, Discard, KeyUse, Take, UseKey

LEGAL = (
    UseKey(KeyUse.MOVE),
    UseKey(KeyUse.REFRESH),
    Take("Nun", (0, 1)),
    Take("Nun", (1, 0)),
    Take("Nun", (0, 1), face_down=True),
    Take("Nun", (1, 0), face_down=True),
    Take("Royal Guard", (0, 1)),
    Take("Royal Guard", (0, 1), face_down=True),
    Take("Royal Guard", (-1, 0), face_down=True),
)


def test_a_hash_and_a_number_picks_that_listed_move() -> None:
    assert parse_input("#3", LEGAL).action == Take("Nun", (0, 1))
    assert parse_input(" #1 ", LEGAL).action == UseKey(KeyUse.MOVE)


def test_a_number_outside_the_list_gets_a_hint_with_the_range() -> None:
    with pytest.raises(BadInput, match="from 1 to 9"):
        parse_input("#12", LEGAL)


@pytest.mark.parametrize("line", ["1", "2", "3", " 1 ", "12"])
def test_ambiguous_input_never_spends_anything_it_asks(line: str) -> None:
    """When a card may be taken, a bare number could be the row's card or the list's move (a key)."""
    number = line.strip()
    with pytest.raises(BadInput, match=f"'{number}' alone could mean either, so nothing was played: to take card "
                                       f"{number} of the row, add a spot"):
        parse_input(line, LEGAL)


def test_a_bare_number_answers_a_decision_as_the_prompt_numbers_it() -> None:
    decision = (Choose(1), Choose(2))
    assert parse_input("2", decision).action == Choose(2)
    with pytest.raises(BadInput, match="from 1 to 2"):
        parse_input("3", decision)


@pytest.mark.parametrize("word, command", [("undo", Command.UNDO), ("HELP", Command.HELP), ("?", Command.HELP), ("q", Command.QUIT)])
def test_command_words_are_recognised_in_any_case(word: str, command: Command) -> None:
    assert parse_input(word, LEGAL).command is command


def test_a_card_name_and_position_take_it_face_up() -> None:
    assert parse_input("nun 1 0", LEGAL).action == Take("Nun", (1, 0))
    assert parse_input("take Nun at (1, 0)", LEGAL).action == Take("Nun", (1, 0))


def test_down_takes_the_card_face_down() -> None:
    assert parse_input("royal -1,0 down", LEGAL).action == Take("Royal Guard", (-1, 0), face_down=True)


def test_a_multi_word_name_can_be_typed_in_full() -> None:
    assert parse_input("royal guard 0 1", LEGAL).action == Take("Royal Guard", (0, 1))


def test_a_spot_that_is_not_free_lists_the_free_ones() -> None:
    with pytest.raises(BadInput, match=r"\(0,1\) \(1,0\)"):
        parse_input("nun 5 5", LEGAL)


def test_an_unknown_card_lists_the_cards_in_the_row() -> None:
    with pytest.raises(BadInput, match="Nun, Royal Guard"):
        parse_input("jester 0 1", LEGAL)


def test_a_missing_position_asks_where_to_place_the_card() -> None:
    with pytest.raises(BadInput, match="say where to place Nun"):
        parse_input("nun", LEGAL)


def test_a_key_is_spent_by_its_use() -> None:
    assert parse_input("move", LEGAL).action == UseKey(KeyUse.MOVE)
    assert parse_input("key refresh", LEGAL).action == UseKey(KeyUse.REFRESH)


def test_a_key_use_that_is_not_legal_now_is_explained() -> None:
    with pytest.raises(BadInput, match="cannot move now"):
        parse_input("move", (Take("Nun", (0, 1)),))


def test_choices_and_discards_have_their_own_words() -> None:
    assert parse_input("choose 2", (Choose(1), Choose(2))).action == Choose(2)
    discards = (Discard("Jester"), Discard("Farmer"))
    assert parse_input("discard jest", discards).action == Discard("Jester")
    assert parse_input("farmer", discards).action == Discard("Farmer")


def test_an_empty_line_gets_a_hint_not_an_error() -> None:
    with pytest.raises(BadInput, match="help"):
        parse_input("   ", LEGAL)


def test_every_listed_move_can_be_typed_back_in_its_compact_form() -> None:
    for action in LEGAL:
        assert parse_input(compact(action), LEGAL).action == action


def test_a_number_thousands_of_digits_long_is_refused_with_a_hint() -> None:
    with pytest.raises(BadInput, match="far too long"):
        parse_input("9" * 5000, LEGAL)
    with pytest.raises(BadInput, match="far too long"):
        parse_input("nun 0 " + "1" * 5000, LEGAL)
