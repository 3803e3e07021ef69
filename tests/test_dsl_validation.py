"""Cards that parse but make no sense are refused, each with the reason and a fix.

One test per rule of the validation list in docs/card-language.md. Each
builds a card that breaks exactly that rule and checks the problem's words;
``check`` collects every problem of a file, not only the first.
"""

from __future__ import annotations

import pytest

from castle_combo.errors import CardValidationError
from castle_combo.language import CardProblems, parse_text
from castle_combo.language.model import (
    Card,
    Choice,
    Deck,
    Discount,
    Gain,
    Region,
    Resource,
    Shield,
)

FACTS = "deck castle cost 3 shields faith"


def problems(body: str, facts: str = FACTS) -> tuple[str, ...]:
    """The first lines of every problem of one card with ``facts`` and ``body``."""
    with pytest.raises(CardProblems) as caught:
        parse_text(f'card "Test" {{\n {facts}\n {body}\n}}\n', "t.ccl")
    return tuple(message.splitlines()[0] for message in caught.value.messages)


def only_problem(body: str, facts: str = FACTS) -> str:
    (found,) = problems(body, facts)
    return found


def test_two_cards_with_one_name_are_refused_naming_both_places() -> None:
    text = f'card "Nun" {{ {FACTS} }}\ncard "Nun" {{ {FACTS} }}\n'
    with pytest.raises(CardProblems) as caught:
        parse_text(text, "t.ccl")
    assert caught.value.messages[0].splitlines()[0] == (
        "t.ccl:2:6: two cards are named 'Nun': this one and the one at t.ccl:1:1")


def test_gold_on_this_card_needs_a_purse() -> None:
    assert only_problem("score 2 per gold on this card") == (
        "t.ccl:3:14: the card counts 'gold on this card' but has no purse to hold gold")


def test_a_card_needs_deck_cost_and_shields() -> None:
    assert only_problem("", facts="deck castle") == "t.ccl:1:1: card 'Test' has no cost and no shields"


def test_a_card_with_no_shield_is_refused() -> None:
    (problem,) = Card("Test", Deck.CASTLE, 3, ()).problems()
    assert problem.message == "the card has no shield"


def test_more_than_three_shields_are_refused() -> None:
    assert only_problem("", facts="deck castle cost 3 shields faith faith faith faith") == (
        "t.ccl:2:21: the card has 4 shields, more than 3")


@pytest.mark.parametrize(
    ("facts", "body", "message"),
    [
        ("deck castle cost 21 shields faith", "", "the cost is 21, outside the sensible range 0 to 20"),
        (FACTS + " purse 0", "", "the purse capacity is 0, outside the sensible range 1 to 20"),
        (FACTS + " purse 25", "", "the purse capacity is 25, outside the sensible range 1 to 20"),
        (FACTS, "when bought: gain 100 gold", "the amount gained is 100, outside the sensible range 1 to 99"),
        (FACTS, "when bought: gain 0 gold", "the amount gained is 0, outside the sensible range 1 to 99"),
        (FACTS, "when bought: discount 0 on castle cards", "the discount is 0, outside the sensible range 1 to 99"),
        (FACTS, "when bought: fill 10 purses", "the number of purses to fill is 10, outside the sensible range 1 to 9"),
        (FACTS, "score 0 per key", "the number of points is 0, outside the sensible ranges -99 to -1 and 1 to 99"),
        (FACTS, "score -100 per key", "the number of points is -100, outside the sensible ranges -99 to -1 and 1 to 99"),
        (FACTS, "score 2 per card with 4 shields",
         "the number of shields per card is 4, outside the sensible range 1 to 3"),
        (FACTS, "score 2 per set of 1 identical shields",
         "the size of a set of identical shields is 1, outside the sensible range 2 to 9"),
    ],
)
def test_numbers_out_of_a_sane_range_are_refused(facts: str, body: str, message: str) -> None:
    assert only_problem(body, facts).split(": ", 1)[1] == message


def test_a_choice_needs_two_options() -> None:
    assert only_problem("when bought: choose one: { gain 1 key }").endswith(
        "a choice needs at least 2 options, this one has 1")


def test_a_choice_inside_a_choice_cannot_be_played() -> None:
    body = "when bought: choose one: { choose one: { gain 1 key } or { gain 1 gold } } or { gain 2 keys }"
    assert only_problem(body).endswith("a choice inside a choice cannot be played")


def test_an_empty_choice_option_is_refused() -> None:
    choice = Choice(((), (Gain(1, Resource.KEY),)))
    assert [p.message for p in choice.problems()] == ["option 1 of the choice has no effect"]


def test_a_discount_needs_a_deck() -> None:
    assert [p.message for p in Discount(1, ()).problems()] == ["a discount on no deck never applies"]
    assert [p.message for p in Discount(1, (Deck.CASTLE, Deck.CASTLE)).problems()] == [
        "a discount names the same deck twice"]


def test_scoring_counts_other_players_tableaux_too() -> None:
    # Was refused ("a scoring rule counts only your own tableau"); scoring reads every player's final grid now.
    for place in ("in a neighbour's tableau", "in your neighbours' tableaux", "in each opponent's tableau",
                  "in every player's tableau"):
        (card,) = parse_text(f'card "Fan" {{ {FACTS} score 1 per faith shield {place} }}')
        assert card.validate() is card


def test_an_ability_cannot_count_a_row_or_column_that_is_not_known_yet() -> None:
    assert only_problem("when bought: gain 1 gold per faith shield in column").endswith(
        "an ability resolves when the card is bought, before its final row and column are known")


def test_the_fix_for_a_row_count_in_an_ability_says_the_whole_tableau_holds_this_card() -> None:
    """Counting in the whole tableau counts this card too (it is placed before its ability): the hint says so."""
    with pytest.raises(CardProblems) as caught:
        parse_text(f'card "Test" {{\n {FACTS}\n when bought: gain 1 gold per faith shield in column\n}}\n')
    assert caught.value.messages[0].splitlines()[-1] == (
        "hint: count in the whole tableau (this card included: it is already there, face up, when its ability "
        "resolves), or move the count to a scoring rule")


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ("score 1 per key in row", "keys are held by a player, not placed in a tableau, so 'key' takes no scope"),
        ("when bought: gain 1 gold per key in a neighbour's tableau",
         "keys are held by a player, not placed in a tableau, so 'key' takes no scope"),
        ("score 1 per empty space in row",
         "a row or column of the final grid is always full, and a space next to a card may lie outside the grid, "
         "so 'empty space' is counted in the whole tableau only"),
        ("score 1 per card in column",
         "a row or column of the final grid always holds 3 cards (5 for row and column)"),
        ("score 1 per gold on purses in row",
         "'gold on purses' counts the gold on all your purse cards, wherever they are"),
        ("score 1 per gold on this card in column",
         "'gold on this card' is always this card's own gold, so it takes no scope"),
        ("when bought: gain 1 gold per gold on this card in a neighbour's tableau",
         "'gold on this card' is always this card's own gold, so it takes no scope"),
    ],
)
def test_scopes_that_make_no_sense_for_the_count(body: str, reason: str) -> None:
    assert only_problem(body, FACTS + " purse 5").endswith(reason)


def test_empty_space_always_counts_zero_at_the_end() -> None:
    assert only_problem("score 1 per empty space").endswith(
        "the final grid is full, so 'empty space' always counts 0 in a scoring rule")


def test_an_empty_set_is_refused() -> None:
    assert only_problem("score 1 per set of {}").endswith("an empty set counts nothing")


def test_a_set_of_one_shield_suggests_per_shield() -> None:
    with pytest.raises(CardProblems) as caught:
        parse_text(f'card "T" {{ {FACTS} score 4 per set of {{faith}} }}', "t.ccl")
    assert caught.value.messages[0].splitlines()[::3] == [
        "t.ccl:1:57: a set of one shield is just that shield", "hint: write 'per faith shield'"]


def test_a_set_of_one_banner_suggests_per_banner() -> None:
    assert only_problem("score 1 per set of {castle}").endswith("a set of one banner is just that banner")


def test_at_least_zero_always_holds() -> None:
    assert only_problem("score 1 if at least 0 keys").endswith(
        "'at least 0' always holds, so the condition means nothing")


def test_a_mask_with_no_x_is_refused() -> None:
    assert only_problem("score 4 if placed at\n . . .\n . . .\n . . .").endswith(
        "the position has no cell, so the card can never score it")


def test_a_region_name_must_match_its_cells() -> None:
    (problem,) = Region(frozenset({(0, 0)}), "top row").problems()
    assert problem.message == "the region name 'top row' does not match its cells"


def test_a_problem_of_the_card_itself_points_at_the_property_at_fault() -> None:
    assert problems('fr "Nonne" FR "Nonne"', FACTS + " purse 30") == (
        "t.ccl:2:35: the purse capacity is 30, outside the sensible range 1 to 20",
        "t.ccl:3:13: 'FR' is not a language code",
    )


def test_a_property_written_twice_is_refused() -> None:
    assert only_problem("cost 4") == "t.ccl:3:2: card 'Test' has 'cost' twice (first at line 2)"


@pytest.mark.parametrize(
    ("names", "message"),
    [
        ('FR "Nonne"', "'FR' is not a language code"),
        ('fra "Nonne"', "'fra' is not a language code"),
        ('en "Nun"', "the English name is the card's own name, not a localized one"),
        ('fr "Nonne" fr "Soeur"', "two names are given for the language 'fr'"),
        ('fr ""', "the 'fr' name '' is empty or has a control character in it"),
        ('fr "No\tnne"', "the 'fr' name 'No\\tnne' is empty or has a control character in it"),
    ],
)
def test_localized_names_need_a_two_letter_code(names: str, message: str) -> None:
    assert only_problem(names).endswith(message)


def test_a_file_without_cards_is_refused() -> None:
    with pytest.raises(CardProblems) as caught:
        parse_text("# only a comment\n", "t.ccl")
    assert caught.value.messages[0].splitlines()[0] == "t.ccl:1:1: the file has no card"


def test_a_file_without_cards_points_at_its_last_line_with_a_caret() -> None:
    # A lone carriage return is not a line break for the parser (found by the fuzz test).
    with pytest.raises(CardProblems) as caught:
        parse_text("\r#", "t.ccl")
    first, source, caret, hint = caught.value.messages[0].split("\n")
    assert first == "t.ccl:1:1: the file has no card"
    assert caret.strip() == "^"
    assert hint.startswith("hint: ")


def test_every_problem_of_a_file_is_reported_at_once() -> None:
    text = (f'card "A" {{ {FACTS} score 1 per key in row }}\n'
            f'card "B" {{ {FACTS} score 0 per key }}\n'
            f'card "A" {{ {FACTS} }}\n')
    with pytest.raises(CardProblems) as caught:
        parse_text(text, "t.ccl")
    assert [m.split(":")[1] for m in caught.value.messages] == ["1", "2", "3"]


def test_a_valid_card_has_no_problem() -> None:
    card = Card("Nun", Deck.CASTLE, 3, (Shield.FAITH,), ability=(Gain(1, Resource.GOLD),))
    assert card.problems() == ()


def test_a_card_built_in_python_validates_itself() -> None:
    card = Card("Nun", Deck.CASTLE, 30, (Shield.FAITH,))
    with pytest.raises(CardValidationError) as caught:
        card.validate()
    assert str(caught.value) == ("card 'Nun' makes no sense:\n"
                                 "the cost is 30, outside the sensible range 0 to 20 (use a number from 0 to 20)")
    valid = Card("Nun", Deck.CASTLE, 3, (Shield.FAITH,))
    assert valid.validate() is valid


@pytest.mark.parametrize(("name", "message", "hint"), [
    ("", "the card name is empty", 'write the name between the quotes, like "Nun"'),
    ("  ", "the card name '  ' is only 2 spaces", 'write the name between the quotes, like "Nun"'),
    (" Nun", "the card name ' Nun' starts with a space", 'remove it: write "Nun"'),
    ("Nun ", "the card name 'Nun ' ends with a space", 'remove it: write "Nun"'),
    (" Nun\t", "the card name ' Nun\\t' starts with a space and ends with a tab", 'remove them: write "Nun"'),
    ("N\tun", "the card name 'N\\tun' holds a tab (U+0009)",
     "remove it: a name holds only characters that can be seen, and spaces between words"),
    ("N\u200bun", "the card name 'N\\u200bun' holds a character that cannot be seen (U+200B)",
     "remove it: a name holds only characters that can be seen, and spaces between words"),
])
def test_a_bad_card_name_says_which_fault_it_has_and_its_fix(name: str, message: str, hint: str) -> None:
    """Not every fault a name may have, but the one it has: the fan knows what to change."""
    (problem,) = Card(name, Deck.CASTLE, 3, (Shield.FAITH,)).problems()
    assert (problem.message, problem.hint) == (message, hint)


def test_a_problem_of_a_card_name_points_at_the_name_and_underlines_it_whole() -> None:
    with pytest.raises(CardProblems) as caught:
        parse_text(f'card "Nun " {{ {FACTS} }}\n', "t.ccl")
    (message,) = caught.value.messages
    assert message.splitlines()[:3] == ["t.ccl:1:6: the card name 'Nun ' ends with a space",
                                        f'    card "Nun " {{ {FACTS} }}',
                                        "         ^^^^^^"]


# ---------------------------------------------------------------- a card counts itself

SOLDIER = "deck castle cost 3 shields military"


@pytest.mark.parametrize(("body", "condition", "itself", "other"), [
    ("when bought: gain 3 gold if no military shield", "no military shield", "1 military shield",
     "no military shield on cards other than this card"),
    ("at the end of your turn: gain 1 gold if fewer than 1 castle banner", "fewer than 1 castle banner",
     "1 castle banner", "fewer than 1 castle card other than this card"),
    ("whenever an opponent takes a card: gain 1 gold if no card and at least 2 keys", "no card", "1 card",
     "no card other than this card"),
    ("when bought: choose one: { gain 2 gold if no card costing 3 } or { gain 1 key }", "no card costing 3",
     "1 card costing 3", "no card costing 3 other than this card"),
    ("score 5 if at most 0 military shields in every tableau", "at most 0 military shields in every tableau",
     "1 military shield", "at most 1 military shield in every tableau"),
], ids=["ability", "trigger", "one part of an and", "inside a choice", "scoring rule"])
def test_a_condition_the_card_itself_makes_false_is_refused_with_the_other_cards_written(
    body: str, condition: str, itself: str, other: str
) -> None:
    """The card lies face up in its owner's tableau whenever its condition is checked: it counts itself, so asking
    for fewer than it alone brings never holds; the hint writes the condition about the other cards."""
    (found,) = problems(body, SOLDIER)
    assert found.endswith(f": '{condition}' can never hold: when it is checked this card lies face up in your "
                          f"tableau and counts itself ({itself})")
    with pytest.raises(CardProblems) as caught:
        parse_text(f'card "Test" {{\n {SOLDIER}\n {body}\n}}\n', "t.ccl")
    assert caught.value.messages[0].endswith(f"hint: to ask about the other cards only, write '{other}'")
    parse_text(f'card "Test" {{\n {SOLDIER}\n {body.replace(condition, other)}\n}}\n')


@pytest.mark.parametrize("body", [
    "when bought: gain 3 gold if no faith shield",
    "when bought: gain 3 gold if at most 1 military shield",
    "when bought: gain 3 gold if exactly 2 military shields",
    "when bought: gain 3 gold if no military shield on cards other than this card",
    "when bought: gain 3 gold if not no military shield",
    "when bought: gain 3 gold if no military shield or at least 2 keys",
    "when bought: each opponent with no military shield loses 1 gold",
    "when bought: gain 3 gold if no village banner",
    "score 5 if no military shield in your opponents' tableaux",
])
def test_a_condition_the_card_itself_leaves_possible_is_accepted(body: str) -> None:
    """Only what the card alone makes false is refused: another shield, a count it fits in, the other cards, an
    'or' another part may make true, other players' tableaux."""
    parse_text(f'card "Test" {{\n {SOLDIER}\n {body}\n}}\n')


def test_an_ability_counts_the_card_itself_as_the_check_says() -> None:
    """The engine places the card before its ability resolves: a count of the tableau includes it."""
    from engine_kit import gold_of, one, play, table_of

    free = SOLDIER.replace("cost 3", "cost 0")
    counter = one("Counter", "when bought: gain 1 gold per military shield", free)
    never = Card("Never", Deck.CASTLE, 0, (Shield.MILITARY,), ability=one("T", "when bought: gain 3 gold if no "
                                                                           "military shield").ability)
    state = table_of([counter, never], "Counter")
    assert gold_of(play(state, "Counter"))[0] == gold_of(state)[0] + 1  # the tableau held only this card
    state = table_of([counter, never], "Never")
    assert gold_of(play(state, "Never"))[0] == gold_of(state)[0]
