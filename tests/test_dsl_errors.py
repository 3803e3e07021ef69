"""The mistakes fans are likely to make get a message they can act on.

Every message has the same shape: ``file:line:column: what is wrong``, the
offending line, a caret under the spot, and ``hint: how to fix it``. Each
test below starts from a valid card, makes one typical mistake, and checks
the whole message, so a change in wording is a deliberate one. No message
ever shows a Lark terminal name (``LBRACE``, ``__ANON_3``, ``$END``).
"""

from __future__ import annotations

import re

import pytest

from castle_combo.errors import CardSyntaxError, CardValidationError, CastleComboError
from castle_combo.language import CardProblems, parse_text, read_cards

NUN = """\
card "Nun" {
    deck castle   cost 3   shields faith   messenger
    when bought: gain 1 gold per castle banner
    score 3 per faith shield in column
}
"""


def error_for(text: str) -> str:
    with pytest.raises(CastleComboError) as caught:
        parse_text(text, "mine.ccl")
    message = str(caught.value)
    assert not re.search(r"\b(?:[A-Z]+_[A-Z_]+|__ANON_\d+|\$END|LBRACE|RBRACE|COLON)\b", message), message
    return message


def nun_with(old: str, new: str) -> str:
    assert old in NUN
    return NUN.replace(old, new, 1)


def test_a_misspelled_shield_gets_did_you_mean() -> None:
    assert error_for(nun_with("shields faith", "shields faiht")) == (
        "mine.ccl:2:36: unknown shield 'faiht'; expected a shield (nobility, faith, scholarship, "
        "military, craftsmanship, peasantry or wild)\n"
        "        deck castle   cost 3   shields faiht   messenger\n"
        "                                       ^^^^^\n"
        "hint: did you mean 'faith'?"
    )


def test_a_shield_in_the_plural_is_told_to_be_singular() -> None:
    assert error_for(nun_with("shields faith", "shields faiths")) == (
        "mine.ccl:2:36: shield types are written in the singular: 'faith', not 'faiths'\n"
        "        deck castle   cost 3   shields faiths   messenger\n"
        "                                       ^^^^^^\n"
        "hint: write 'faith' (repeat it for two shields: faith faith)"
    )


def test_a_second_shield_in_the_plural_is_caught_at_that_word() -> None:
    message = error_for(nun_with("shields faith", "shields faith nobilities"))
    assert message.startswith("mine.ccl:2:42: shield types are written in the singular: 'nobility'")


def test_a_missing_closing_brace_names_the_open_card() -> None:
    assert error_for(NUN.replace("}", "") + NUN.replace("Nun", "Monk")) == (
        "mine.ccl:6:1: card \"Nun\" (line 1) is not closed: '}' is missing before the next card\n"
        '    card "Monk" {\n'
        "    ^^^^\n"
        "hint: add '}' at the end of card \"Nun\" (line 1)"
    )


def test_a_missing_closing_brace_at_the_end_of_the_file() -> None:
    message = error_for(NUN.replace("}", ""))
    assert message.startswith("mine.ccl:4:39: card \"Nun\" (line 1) is not closed: '}' is missing "
                              "before the end of the file")
    assert message.splitlines()[2] == " " * 42 + "^"


def test_a_mask_with_too_few_cells() -> None:
    text = nun_with("score 3 per faith shield in column", "score 4 if placed at\n X . X\n . . .\n X .")
    assert error_for(text) == (
        "mine.ccl:8:1: mask must be 3 rows of 3 cells; this one stops after 8 cells\n"
        "    }\n"
        "    ^\n"
        "hint: draw three lines of three cells, for example:  X . X  /  . . .  /  X . X"
    )


def test_a_mask_with_too_many_cells() -> None:
    text = nun_with("score 3 per faith shield in column", "score 4 if placed at\n X . X\n . . .\n X . X X")
    assert error_for(text) == (
        "mine.ccl:7:8: mask must be 3 rows of 3 cells; this one has more than 9 cells\n"
        "     X . X X\n"
        "           ^\n"
        "hint: remove the extra cells"
    )


def test_a_mask_not_drawn_as_three_rows_of_three() -> None:
    text = nun_with("score 3 per faith shield in column", "score 4 if placed at\n X . X .\n . .\n X . X")
    with pytest.raises(CardValidationError) as caught:
        parse_text(text, "mine.ccl")
    assert str(caught.value) == (
        "mine.ccl:5:2: mask must be 3 rows of 3 cells, one row per line; this one has 3 rows "
        "(4 cells, 2 cells, 3 cells)\n"
        "     X . X .\n"
        "     ^\n"
        "hint: draw it on three lines, for example:  X . X  /  . . .  /  X . X"
    )


def test_a_lower_case_x_in_a_mask() -> None:
    text = nun_with("score 3 per faith shield in column", "score 4 if placed at\n x . X\n . . .\n X . X")
    assert error_for(text).splitlines()[0] == (
        "mine.ccl:5:2: mask cells are a capital X (scores) or a dot (does not), not 'x'")


def test_an_unterminated_name() -> None:
    assert error_for(nun_with('"Nun"', '"Nun')) == (
        "mine.ccl:1:6: this name is not closed: a name ends with '\"' on the same line\n"
        '    card "Nun {\n'
        "         ^\n"
        'hint: add the closing quote, as in card "Nun" {'
    )


def test_a_name_in_single_quotes() -> None:
    assert error_for(nun_with('"Nun"', "'Nun'")).splitlines()[0] == (
        "mine.ccl:1:6: names are written between straight double quotes, not '")


def test_a_number_written_as_a_word() -> None:
    assert error_for(nun_with("cost 3", "cost three")) == (
        "mine.ccl:2:24: numbers are written in digits, not as the word 'three'\n"
        "        deck castle   cost three   shields faith   messenger\n"
        "                           ^^^^^\n"
        "hint: write 3"
    )


def test_a_number_where_a_word_is_expected() -> None:
    assert error_for(nun_with("shields faith", "shields 3")) == (
        "mine.ccl:2:36: found the number 3 after 'shields' where a shield (nobility, faith, scholarship, "
        "military, craftsmanship, peasantry or wild) belongs\n"
        "        deck castle   cost 3   shields 3   messenger\n"
        "                                       ^\n"
        "hint: name each shield, repeating it for two: shields peasantry peasantry"
    )


def test_a_count_of_shields_is_written_as_the_shields_themselves() -> None:
    assert error_for(nun_with("shields faith", "shields 2 faith")) == (
        "mine.ccl:2:28: each shield is named once per shield: 'shields faith faith' for two faith shields\n"
        "        deck castle   cost 3   shields 2 faith   messenger\n"
        "                               ^^^^^^^^^^^^^^^\n"
        "hint: write 'deck castle   cost 3   shields faith faith   messenger'"
    )


def test_a_property_without_its_number() -> None:
    assert error_for(nun_with("cost 3", "cost")) == (
        "mine.ccl:2:26: expected a number after 'cost', found 'shields'\n"
        "        deck castle   cost   shields faith   messenger\n"
        "                             ^^^^^^^\n"
        "hint: write a number after 'cost'"
    )


def test_a_misspelled_keyword_among_the_properties() -> None:
    assert error_for(nun_with("messenger", "mesenger")) == (
        "mine.ccl:2:44: unknown word 'mesenger'; expected a property, a shield or '}'\n"
        "        deck castle   cost 3   shields faith   mesenger\n"
        "                                               ^^^^^^^^\n"
        "hint: did you mean 'messenger'?"
    )


def test_a_keyword_in_the_plural_where_only_the_singular_exists() -> None:
    assert error_for(nun_with("cost 3", "costs 3")).endswith("hint: did you mean 'cost'?")


def test_a_misspelled_deck() -> None:
    message = error_for(nun_with("deck castle", "deck castel"))
    assert message.startswith("mine.ccl:2:10: unknown deck 'castel'; expected a deck (castle or village)")
    assert message.endswith("hint: did you mean 'castle'?")


def test_a_misspelled_region() -> None:
    text = nun_with("score 3 per faith shield in column", "score 5 if placed in top rwo")
    assert error_for(text) == (
        "mine.ccl:4:30: unknown word 'rwo'; expected 'row'\n"
        "        score 5 if placed in top rwo\n"
        "                                 ^^^\n"
        "hint: did you mean 'row'?"
    )


def test_a_misspelled_resource() -> None:
    message = error_for(nun_with("gain 1 gold", "gain 1 glod"))
    assert message.startswith("mine.ccl:3:25: unknown word 'glod'; expected ")
    assert message.endswith("hint: did you mean 'gold'?")


def test_a_keyword_with_a_capital_letter() -> None:
    assert error_for(nun_with("shields faith", "shields Faith")).splitlines()[::3] == [
        "mine.ccl:2:36: 'Faith' must be written in lower case", "hint: write 'faith'"]


def test_a_missing_colon_after_when_bought() -> None:
    assert error_for(nun_with("bought:", "bought")) == (
        "mine.ccl:3:17: expected ':' after 'bought', found 'gain'\n"
        "        when bought gain 1 gold per castle banner\n"
        "                    ^^^^\n"
        "hint: add ':' after 'bought'"
    )


def test_a_card_without_the_word_card() -> None:
    assert error_for(nun_with('card "Nun"', '"Nun"')).endswith(
        'hint: every card starts with the word card: card "Nun" {')


def test_an_extra_closing_brace() -> None:
    assert error_for(NUN + "}\n").splitlines()[::3] == [
        "mine.ccl:6:1: expected the end of the file or 'card' after '}', found '}'",
        "hint: remove this extra '}'"]


def test_row_plus_column_is_written_row_and_column() -> None:
    assert error_for(nun_with("in column", "in row+column")).splitlines()[::3] == [
        "mine.ccl:4:36: 'row+column' is written 'row and column'", "hint: write 'in row and column'"]


def test_score_without_per_or_if() -> None:
    assert error_for(nun_with("score 3 per", "score 3 of")).splitlines()[0] == (
        "mine.ccl:4:13: expected 'if' or 'per' after '3', found 'of'")


def test_score_for_each_is_written_per() -> None:
    assert error_for(nun_with("score 3 per", "score 3 for")).splitlines()[::3] == [
        "mine.ccl:4:5: 'for each' is written 'per': 'score 2 per faith shield'",
        "hint: write 'score 3 per faith shield in column'"]


def test_a_scope_on_a_count_that_has_none() -> None:
    text = nun_with("deck castle", "deck castle purse 4").replace(
        "faith shield in column", "gold on this card in row")
    with pytest.raises(CardProblems) as caught:
        parse_text(text, "mine.ccl")
    assert caught.value.messages == (
        "mine.ccl:4:17: 'gold on this card' is always this card's own gold, so it takes no scope\n"
        "        score 3 per gold on this card in row\n"
        "                    ^^^^\n"
        "hint: remove the scope after 'gold on this card'",
    )


def test_an_unknown_character() -> None:
    assert error_for(nun_with("cost 3", "cost 3;")).splitlines()[0] == "mine.ccl:2:25: unexpected character ';'"


def test_a_syntax_error_is_a_card_syntax_error() -> None:
    with pytest.raises(CardSyntaxError):
        parse_text(nun_with("shields faith", "shields"))


def test_choices_nested_hundreds_deep_are_an_error_not_a_crash() -> None:
    text = ('card "A" { deck castle cost 1 shields faith when bought: '
            + "choose one: { " * 2000 + "gain 1 key" + " } or { gain 1 gold }" * 2000 + " }")
    assert error_for(text).splitlines()[0] == "mine.ccl:1:72: choices are nested too deeply to read"


def test_a_phrase_cut_short_at_the_end_of_a_line_is_shown_where_it_stops() -> None:
    assert error_for(nun_with("in column", "in row and")) == (
        "mine.ccl:4:40: expected 'column' after 'and', found '}'\n"
        "        score 3 per faith shield in row and\n"
        "                                           ^\n"
        "hint: write 'column' here"
    )


def test_an_unknown_scope_lists_the_scopes() -> None:
    assert error_for(nun_with("in column", "in the tableau")).splitlines()[::3] == [
        "mine.ccl:4:37: expected a deck (castle or village) after 'the', found 'tableau'",
        "hint: a place is 'in your tableau', 'in row', 'in column', 'adjacent to this card', 'above this card' (or "
        "below, left of, right of), \"on this card's diagonals\", \"in a neighbour's tableau\", \"in your opponents' "
        "tableaux\" or 'in every tableau'; the reference's table of places lists them all"]


def test_this_cards_column_is_written_in_column() -> None:
    assert error_for(nun_with("in column", "in the column")).splitlines()[::3] == [
        "mine.ccl:4:30: this card's column of the final grid is written 'in column' ('in row', 'in column', "
        "both: 'in row and column')",
        "hint: write 'score 3 per faith shield in column'"]


def test_a_set_mixing_shields_and_banners() -> None:
    assert error_for(nun_with("faith shield in column", "set of {faith, castle}")).endswith(
        "hint: a set holds only shields, as in {faith, military}, or only banners, as in {castle, village}")


def test_an_ability_without_an_effect() -> None:
    assert error_for(nun_with("gain 1 gold per castle banner", "")).endswith(
        "hint: write at least one effect, for example: when bought: gain 2 gold")


def test_a_misspelled_neighbour_suggests_the_straight_apostrophe() -> None:
    message = error_for(nun_with("castle banner", "castle banner in a neighbours tableau"))
    assert message.splitlines()[::3] == [
        "mine.ccl:3:48: a neighbour's tableau is written 'in a neighbour's tableau': the better of your two "
        "neighbours' for you (your choice of left or right); 'in your opponents' tableaux' counts every other "
        "player's",
        "hint: write 'when bought: gain 1 gold per castle banner in a neighbour's tableau'"]


def test_a_word_after_a_property_lists_what_may_follow_it() -> None:
    text = nun_with("score 3 per faith shield in column", "score 1 per key\n    mesenger")
    assert error_for(text).splitlines()[0] == (
        "mine.ccl:5:5: unknown word 'mesenger'; expected a property or '}'")


# ------------------------------------------------------- the expansion's constructs, written wrongly

TOADY = """\
card "Toady" {
    deck castle   cost 7   shields nobility   messenger   lock
    when unlocked: discard a row
    score 1 per gold of printed cost in row
}
"""


def toady_with(old: str, new: str) -> str:
    assert old in TOADY
    return TOADY.replace(old, new, 1)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (toady_with("   lock\n", "\n"),
         ["mine.ccl:3:5: only a lock card has an ability 'when unlocked'",
          "        when unlocked: discard a row", "        ^^^^",
          "hint: add 'lock' to the card, or write 'when bought:' instead"]),
        (toady_with("    when unlocked: discard a row\n", ""),
         ["mine.ccl:2:59: a lock card needs an ability behind its lock",
          "        deck castle   cost 7   shields nobility   messenger   lock",
          "                                                              ^^^^",
          "hint: add 'when unlocked:' and the effects that opening the lock gives"]),
        (toady_with("discard a row", "gain 1 key per purse card on the discarded cards"),
         ["mine.ccl:3:35: nothing has been discarded yet when this count is taken",
          "        when unlocked: gain 1 key per purse card on the discarded cards",
          "                                      ^^^^^",
          "hint: put 'discard a row' (or a discard from a row) before it in the same ability"]),
        (toady_with("score 1 per gold of printed cost in row", "score 1 per purse card on the discarded cards"),
         ["mine.ccl:4:17: a scoring rule counts your final tableau; discarded cards exist only while an ability "
          "resolves", "        score 1 per purse card on the discarded cards", "                    ^^^^^",
          "hint: count them in an ability, after 'discard a row'"]),
        (toady_with("discard a row", "discard a row\n        gain 1 gold per empty space on the discarded cards"),
         ["mine.ccl:4:25: discarded cards fill no space of a tableau",
          "            gain 1 gold per empty space on the discarded cards",
          "                            ^^^^^",
          "hint: count something printed on the discarded cards, such as 'purse card on the discarded cards'"]),
    ],
    ids=["unlocked-without-lock", "lock-without-ability", "discarded-before-a-discard", "discarded-in-scoring",
         "empty-space-on-discarded-cards"],
)
def test_an_expansion_construct_used_wrongly_is_located_with_a_hint(text: str, expected: list[str]) -> None:
    assert error_for(text).splitlines() == expected


@pytest.mark.parametrize(
    ("old", "new", "first", "hint"),
    [
        ("when unlocked", "when unlockd", "mine.ccl:3:10: unknown word 'unlockd'; expected 'bought' or 'unlocked'",
         "hint: did you mean 'unlocked'?"),
        ("discard a row", "discard a hole row", "mine.ccl:3:30: unknown word 'hole'; expected 'card', 'row' or 'whole'",
         "hint: did you mean 'whole'?"),
        ("   lock\n", "   locked\n", "mine.ccl:2:59: unknown word 'locked'; expected a property or '}'",
         "hint: did you mean 'lock'?"),
        ("discard a row", "use the ability of an adjacant card",
         "mine.ccl:3:42: unknown word 'adjacant'; expected 'adjacent'", "hint: did you mean 'adjacent'?"),
        ("   lock\n", "   lock lock\n", "mine.ccl:2:64: card 'Toady' has 'lock' twice (first at line 2)",
         "hint: keep one 'lock'"),
    ],
    ids=["unlocked-misspelt", "whole-misspelt", "lock-misspelt", "adjacent-misspelt", "lock-twice"],
)
def test_an_expansion_keyword_misspelt_or_repeated_gets_a_did_you_mean(old: str, new: str, first: str,
                                                                        hint: str) -> None:
    lines = error_for(toady_with(old, new)).splitlines()
    assert lines[0] == first and lines[-1] == hint


# ------------------------------------------------------------------ hostile text

def test_escape_codes_in_a_file_are_never_echoed_raw() -> None:
    text = nun_with("deck castle   cost 3", "deck castle   costs 3") .replace(
        "messenger", "messenger # \x1b[31mred\x1b[0m \u202e")
    message = error_for(text)
    assert "\x1b" not in message and "\u202e" not in message
    assert "\ufffd[31mred" in message


@pytest.mark.parametrize("name", ["漢字漢字", "Ame\u0301lie", "Zo\u00eb\U0001f600"])
def test_the_caret_stays_under_the_word_after_wide_or_combining_characters(name: str) -> None:
    import unicodedata

    text = f'card "{name}" {{ deck castle cost 3 shieldz faith }}\n'
    lines = error_for(text).splitlines()
    source, caret = lines[1], lines[2]

    def width(part: str) -> int:
        return sum(0 if unicodedata.category(c) in ("Mn", "Me") else
                   2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in part)

    assert width(source[: source.index("shieldz")]) == caret.index("^")
    assert caret.count("^") == len("shieldz")


def test_a_huge_word_gives_a_short_message() -> None:
    message = error_for(nun_with("score 3 per faith shield in column", "score 3 per " + "x" * 400_000))
    assert len(message) < 1000 and "\u2026" in message


def test_a_number_of_thousands_of_digits_is_located_with_a_caret() -> None:
    lines = error_for(nun_with("cost 3", "cost " + "9" * 5000)).splitlines()
    assert lines[0] == "mine.ccl:2:24: a number of 5,000 digits"
    assert lines[2].strip().startswith("^") and lines[-1].startswith("hint: numbers on cards are small")


def test_a_card_may_not_be_named_face_down() -> None:
    lines = error_for(NUN.replace('"Nun"', '"face-down"')).splitlines()
    assert lines[0] == ("mine.ccl:1:6: the name 'face-down' is reserved: score scenarios write a face-down card so")
    assert lines[-1] == "hint: choose another name"


def test_reading_goes_on_past_a_syntax_error_at_the_next_card() -> None:
    """Two broken cards and a good one: both errors are raised at once, the good card is read."""
    text = (nun_with("gain 1 gold", "steal 1 gold") + NUN.replace("Nun", "Hermit")
            + nun_with("shields faith", "shields faiht").replace("Nun", "Monk"))
    with pytest.raises(CardSyntaxError) as caught:
        parse_text(text, "mine.ccl")
    error = caught.value
    assert isinstance(error, CardProblems)  # CardSyntaxProblems: both kinds at once
    assert [message.split(": ")[0] for message in error.messages] == ["mine.ccl:3:18", "mine.ccl:12:36"]
    read = read_cards(text, "mine.ccl")
    assert [card.name for card in read.cards] == ["Hermit"] and read.syntax == 2


def test_a_syntax_error_and_a_problem_of_another_card_are_both_reported() -> None:
    text = nun_with("gain 1 gold", "gian 1 gold") + NUN.replace("Nun", "Monk").replace("cost 3", "cost 30")
    with pytest.raises(CardSyntaxError) as caught:
        parse_text(text, "mine.ccl")
    assert [message.split(": ")[0] for message in caught.value.messages] == [  # type: ignore[attr-defined]
        "mine.ccl:3:18", "mine.ccl:7:19"]


def test_one_syntax_error_alone_is_a_plain_card_syntax_error() -> None:
    with pytest.raises(CardSyntaxError) as caught:
        parse_text(nun_with("gain 1 gold", "gian 1 gold") + NUN.replace("Nun", "Monk"), "mine.ccl")
    assert type(caught.value) is CardSyntaxError


def test_the_reading_stops_after_fifty_syntax_errors_and_says_where() -> None:
    text = "".join(nun_with("gain 1 gold", "gian 1 gold").replace("Nun", f"Nun {i}") for i in range(60))
    read = read_cards(text, "mine.ccl")
    assert read.syntax == 51 and read.cards == ()
    assert read.messages[-1].startswith("mine.ccl:251:1: 50 syntax errors: the rest of the file was not read")


def test_an_option_left_open_belongs_to_its_card_and_the_next_card_is_read() -> None:
    text = (nun_with("gain 1 gold per castle banner", "choose one: { gain 2 gold } or { gain 1 key")
            + NUN.replace("Nun", "Hermit"))
    read = read_cards(text, "mine.ccl")
    assert [card.name for card in read.cards] == ["Hermit"] and read.syntax == 1


# ---------------------------------------------------------------- hints that must not mislead


@pytest.mark.parametrize("gives", [
    "each opponent gives you 1 gold or 1 key",
    "each opponent gives you 1 gold",
    "each opponent gives you 1 gold and 1 key",
    "each opponent gives you 1 gold per faith shield",
    "each neighbour gives you 2 keys or 1 gold",
    "your left neighbour gives you 1 gold",
    "your right neighbour gives you 1 gold or 1 key",
])
def test_a_player_who_gives_you_is_taken_from_and_never_gains(gives: str) -> None:
    message = error_for(nun_with("gain 1 gold per castle banner", gives))
    first, hint = message.splitlines()[0], message.splitlines()[-1]
    assert "taking from other players is written 'take N gold from each opponent'" in first
    assert "gains" not in hint and "take" in hint


def test_that_player_who_gives_you_is_taken_from_and_never_gains() -> None:
    text = nun_with("when bought: gain 1 gold per castle banner",
                    "whenever an opponent takes a card: that player gives you 1 gold or 1 key")
    message = error_for(text)
    assert "taking from other players" in message and "gains" not in message.splitlines()[-1]


def test_a_word_of_the_language_in_another_form_gets_no_did_you_mean_of_another_word() -> None:
    # "gives" is "give" in another form: "gains", the closest spelling, would mean the opposite.
    message = error_for(nun_with("gain 1 gold per castle banner", "each opponent gives 1 gold"))
    assert "did you mean" not in message


def test_a_number_after_no_gets_the_forms_of_no_and_fewer_than() -> None:
    message = error_for(nun_with("score 3 per faith shield in column", "score 3 if no 2 opponents"))
    hint = message.splitlines()[-1]
    assert "shields peasantry" not in hint
    assert "'no opponent with more keys than you'" in hint and "'fewer than 2 opponents with more keys than you'" in hint
    for condition in ("no opponent with more keys than you", "fewer than 2 opponents with more keys than you"):
        parse_text(nun_with("score 3 per faith shield in column", f"score 3 if {condition}"))


def test_an_unknown_effect_word_names_the_kinds_of_effect_not_grammar_words() -> None:
    message = error_for(nun_with("gain 1 gold per castle banner", "frobnicate 2 gold"))
    first, hint = message.splitlines()[0], message.splitlines()[-1]
    assert first.endswith("unknown word 'frobnicate'; expected an effect")
    assert "'a'" not in message and "'an'" not in message and "'that'" not in message
    assert hint != f"hint: write {first.split('expected ', 1)[1]}"
    assert "'swap two cards of your tableau'" in hint and "'that player loses 1 gold' in a trigger" in hint
    for effect in ("gain 2 gold", "take 1 gold from an opponent of your choice", "swap two cards of your tableau"):
        parse_text(nun_with("gain 1 gold per castle banner", effect))


def test_a_card_header_without_its_brace_gets_the_form_of_a_card() -> None:
    message = error_for('card "T" castle cost 1 shields faith\n    score 2 per faith shield\n}\n')
    assert message.splitlines()[0] == "mine.ccl:1:10: expected '{' after '\"T\"', found 'castle'"
    assert message.splitlines()[-1] == ("hint: write the card's lines between braces after its name: "
                                        "card \"T\" { deck castle cost 1 shields faith ... }")
    assert "option" not in message


def test_a_choice_without_its_brace_still_gets_the_braces_of_an_option() -> None:
    message = error_for(nun_with("gain 1 gold per castle banner", "choose one: { gain 2 gold } or gain 2 keys"))
    assert "between braces" in message.splitlines()[-1]


def test_a_condition_missing_after_and_gets_the_kinds_of_condition_not_a_number() -> None:
    message = error_for(nun_with("gain 1 gold per castle banner", "gain 1 gold if no key and"))
    assert "expected a condition after 'and'" in message.splitlines()[0]
    hint = message.splitlines()[-1]
    assert hint.startswith("hint: write a condition, such as 'at least 2 faith shields'") and "number" not in hint
