"""Cards by name in a filter: ``card named "Nun"``, ``card named "Nun" or "Monk"``, one test per ruling of the
reference ("Cards by name").

Rulings: a name compares exactly as a ruleset looks a card up (``rules["Nun"]``: case and all, never a localized
name); a face-down card shows no name, so it never passes (and ``face-down card named ...`` is refused like the
other filters of what only a face-up card shows); a name no card has is allowed (a file may name the cards of
another file), and ``castle-combo check`` warns of one that no card it checked has. The filter stands wherever
filters do: counts, conditions, discounts, take triggers, other tableaux.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from engine_kit import game, ruleset, seat_with, take

import castle_combo as cc
from castle_combo.facts import FACE_DOWN_KEYS
from castle_combo.language import check_paths, format_card, parse_text
from castle_combo.language import model as m
from castle_combo.language.ruleset import Ruleset

FD = "face-down"
FACTS = "deck village   cost 0   shields peasantry"


def one(name: str, body: str, facts: str = FACTS) -> cc.Card:
    (card,) = parse_text(f'card "{name}" {{\n    {facts}\n    {body}\n}}\n', "fan.ccl")
    assert parse_text(format_card(card), "fan.ccl")[0] == card
    return card


@pytest.mark.parametrize(("text", "filter_", "english"), [
    ('score 1 per card named "Nun"', m.Named(("Nun",)), "Score 1 per card named Nun in your tableau."),
    ('score 1 per card named "Nun" or "Monk"', m.Named(("Nun", "Monk")),
     "Score 1 per card named Nun or Monk in your tableau."),
    ('score 1 per card named "Nun" or named "Monk"', m.any_of((m.Named(("Nun",)), m.Named(("Monk",)))),
     "Score 1 per card named Monk or named Nun in your tableau."),
    ('score 1 per card not named "Nun"', m.Excluding(m.Named(("Nun",))),
     "Score 1 per card not named Nun in your tableau."),
    ('score 1 per faith card named "Nun" or "Monk"', m.all_of((m.HasShield((m.Shield.FAITH,)), m.Named(("Nun", "Monk")))),
     "Score 1 per card with a faith shield and named Nun or Monk in your tableau."),
])
def test_a_card_named_a_name_is_a_filter_written_back_and_said_in_english(text: str, filter_: m.CardFilter,
                                                                           english: str) -> None:
    (rule,) = one("Gossip", text).scoring
    assert isinstance(rule, m.ScorePer) and isinstance(rule.per.count, m.Cards)
    assert rule.per.count.on == filter_
    assert rule.describe() == english


def test_the_language_code_or_before_a_localized_name_is_still_a_language() -> None:
    card = one("Gossip", 'or "Gapudi"\n    score 1 per card named "Nun" or "Monk"')
    assert card.names == (("or", "Gapudi"),)


def _scores(text: str, mine: list[list[str]], opponents: list[list[list[str]]] | None = None) -> int:
    gossip = one("Gossip", text)
    rules = cc.Ruleset.from_cards([*cc.Ruleset.standard().cards, gossip], check=False)
    return cc.score_tableau(mine, rules=rules, opponents=opponents or []).cards[0][0]


def test_a_count_of_cards_named_counts_the_face_up_cards_of_those_names() -> None:
    mine = [["Gossip", "Nun", "Monk"], ["Vicar", "Scribe", FD], [FD] * 3]
    assert _scores('score 3 per card named "Nun" or "Monk"', mine) == 6
    assert _scores('score 3 per card named "Monk" adjacent to this card', mine) == 0
    assert _scores('score 3 per card named "Nun" adjacent to this card', mine) == 3


def test_a_condition_on_a_card_named_holds_when_one_is_in_the_place() -> None:
    mine = [["Gossip", "Nun", FD], ["Monk", FD, FD], [FD] * 3]
    assert _scores('score 5 if a card named "Nun" in row', mine) == 5
    assert _scores('score 5 if a card named "Monk" in row', mine) == 0
    assert _scores('score 5 if no card named "Scribe"', mine) == 5


def test_a_count_of_cards_named_reads_other_tableaux() -> None:
    theirs = [["Nun", "Monk", FD], [FD] * 3, [FD] * 3]
    mine = [["Gossip", FD, FD], [FD] * 3, [FD] * 3]
    assert _scores('score 2 per card named "Nun" or "Monk" in your left neighbour\'s tableau', mine, [theirs]) == 4


def test_names_compare_exactly_case_and_all_and_never_a_localized_name() -> None:
    mine = [["Gossip", "Nun", FD], [FD] * 3, [FD] * 3]
    assert _scores('score 1 per card named "nun"', mine) == 0
    localized = dict(cc.Ruleset.standard()["Nun"].names)
    for name in set(localized.values()) - {"Nun"}:
        assert _scores(f'score 1 per card named "{name}"', mine) == 0


def test_a_name_no_card_has_is_allowed_and_matches_no_card() -> None:
    mine = [["Gossip", "Nun", FD], [FD] * 3, [FD] * 3]
    assert _scores('score 1 per card named "Abbess"', mine) == 0
    assert _scores('score 1 per card not named "Abbess"', mine) == 9


def test_a_face_down_card_has_no_name_for_the_filter() -> None:
    gossip = one("Gossip", 'score 2 per card named "Nun"\n    score 1 per card not named "Nun"')
    nun = one("Nun", "", "deck village   cost 0   shields faith")
    state = game(ruleset(gossip, nun))
    state = seat_with(state, 0, [("Gossip", 0, 0), ("Nun", 1, 0, True)])
    # Face down, the Nun is "not named Nun": 1 for it and 1 for the Gossip.
    assert state.provisional_scores()[0].cards[0][:2] == (2, 0)
    state = seat_with(state, 0, [("Gossip", 0, 0), ("Nun", 1, 0)])
    assert state.provisional_scores()[0].cards[0][:2] == (3, 0)  # face up: 2 for the Nun, 1 for the Gossip only


def test_a_face_down_card_named_is_refused_as_it_never_matches() -> None:
    with pytest.raises(cc.CardValidationError, match="never matches a face-down card"):
        one("Gossip", 'score 1 per face-down card named "Nun"')


@pytest.mark.parametrize(("text", "message"), [
    ('score 1 per card named "Nun" or "Nun"', "a card name is written twice"),
    ('score 1 per card named " Nun"', "the card name ' Nun' starts with a space, so no card has it"),
    ('score 1 per card named ""', "empty"),
])
def test_a_name_written_twice_or_that_no_card_can_have_is_refused(text: str, message: str) -> None:
    with pytest.raises(cc.CardValidationError, match=message):
        one("Gossip", text)


def test_a_discount_on_cards_named_applies_to_those_cards_only() -> None:
    abbess = one("Abbess", 'when bought: discount 2 on cards named "Nun"')
    nun = one("Nun", "", "deck village   cost 3   shields faith")
    monk = one("Monk", "", "deck village   cost 3   shields faith")
    state = game(ruleset(abbess, nun, monk), village=["Abbess"]).replace(messenger=cc.Deck.VILLAGE)
    state = state.apply(take("Abbess"))
    assert state.cost(0, "Nun") == 1 and state.cost(0, "Monk") == 3
    assert "Discount 2 gold on cards named Nun." in abbess.describe()


def test_a_take_trigger_on_a_card_named_fires_for_that_card_face_up_only() -> None:
    prior = one("Prior", 'whenever you take a card named "Monk": gain 1 key')
    monk = one("Monk", "", "deck village   cost 0   shields faith")
    nun = one("Nun", "", "deck village   cost 0   shields faith")
    for taken, face_down, keys in (("Monk", False, 1), ("Nun", False, 0), ("Monk", True, 0)):
        state = game(ruleset(prior, monk, nun), village=[taken]).replace(messenger=cc.Deck.VILLAGE)
        state = seat_with(state, 0, [("Prior", 0, 0)])
        after = state.apply(take(taken, 1, 0, face_down=face_down))
        gained = after.players[0].keys - state.players[0].keys - (FACE_DOWN_KEYS if face_down else 0)
        assert gained == keys, (taken, face_down)
    assert "Whenever you take a card named Monk after this one: Gain 1 key." in prior.describe()


def _check(tmp_path: Path, body: str, extra: str = "") -> tuple[str, ...]:
    (tmp_path / "mine.ccl").write_text(f'card "Abbess" {{\n    {FACTS}\n    {body}\n}}\n{extra}')
    standard = set(Ruleset.standard().names)
    oubliette = [card for card in Ruleset.standard().with_expansion("out-of-the-oubliette").cards
                 if card.name not in standard]
    report = check_paths([tmp_path], Ruleset.standard().cards, [("the expansion out-of-the-oubliette", oubliette)])
    assert report.ok
    return report.warnings


def test_check_warns_of_a_name_no_card_checked_has(tmp_path: Path) -> None:
    (warning,) = _check(tmp_path, 'score 1 per card named "Nun" or "Monkk"')
    assert "no card checked here is named 'Monkk'" in warning and "mine.ccl:3" in warning


def test_check_is_quiet_for_the_names_of_standard_cards_and_of_the_files_own(tmp_path: Path) -> None:
    assert _check(tmp_path, 'score 1 per card named "Nun" or "Prior"',
                  f'card "Prior" {{\n    {FACTS}\n}}\n') == ()


def test_check_names_the_expansion_that_has_a_named_card(tmp_path: Path) -> None:
    name = "Fortune Teller"
    assert name in Ruleset.standard().with_expansion("out-of-the-oubliette") and name not in Ruleset.standard()
    (warning,) = _check(tmp_path, f'score 1 per card named "{name}"')
    assert f"is named {name!r} (a card of the expansion out-of-the-oubliette is)" in warning
