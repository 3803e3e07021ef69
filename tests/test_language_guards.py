"""Conditions joined after a count, their grouping in the English, and a "you may" guarded by a condition.

Rulings:

- "and a ..." / "or a ..." after a count that is no card with a "with" phrase ("no faith shield and a military
  shield", "(no faith shield) and a military shield") joins two conditions, in a scoring rule and after an
  effect. After "a card with ..." the same words stay inside the card's filter ("no card with a faith shield and
  a military shield": no card has both), and the English repeats "with" to show it; an "and" before a new
  quantifier over players still puts two quantifiers side by side.
- The English of an "or" of "and" groups (and of "not" before a group) keeps the brackets.
- "you may [pay ... to] EFFECT if CONDITION" and "you may [pay ... to] { EFFECTS } if CONDITION": the condition
  guards the whole optional effect. It is judged before anything is asked: when it fails, nothing is asked and
  nothing happens; when it holds, the question is asked and the effects resolve without judging it again. Inside
  braces ("you may pay 1 key to { gain 3 gold if ... }") it stays the condition of one effect, judged after the
  payment.
"""

from __future__ import annotations

import pytest
from engine_kit import game, ruleset, take

import castle_combo as cc
from castle_combo.engine import decisions
from castle_combo.errors import CardProblems, CastleComboError
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m

FD = "face-down"


def _card(text: str, shields: str = "peasantry") -> m.Card:
    (parsed,) = parse_text(f'card "Reeve" {{ deck village cost 2 shields {shields} {text} }}')
    assert parse_text(format_card(parsed)) == (parsed,)
    return parsed


def _rule(text: str) -> m.ScoreIf:
    (rule,) = _card(text).scoring
    assert isinstance(rule, m.ScoreIf)
    return rule


# ---------------------------------------------------------------- "and a ..." after a count


@pytest.mark.parametrize("text", ["score 2 if no faith shield and a military shield",
                                  "score 2 if (no faith shield) and a military shield",
                                  "score 2 if no faith shield and at least 1 military shield"])
def test_no_count_and_a_count_are_two_conditions(text: str) -> None:
    rule = _rule(text)
    assert isinstance(rule.condition, m.And) and len(rule.condition.conditions) == 2
    assert rule.describe() == ("Score 2 if your tableau has no faith shield and your tableau has at least 1 "
                               "military shield.")


def test_or_a_count_after_a_no_count_is_two_conditions() -> None:
    rule = _rule("score 2 if no faith shield or a military shield")
    assert isinstance(rule.condition, m.Or) and len(rule.condition.conditions) == 2


def test_an_effects_condition_joins_the_same_way() -> None:
    (effect,) = _card("when bought: gain 2 gold if no faith shield and a military shield").ability
    assert isinstance(effect, m.Conditional) and isinstance(effect.condition, m.And)
    assert effect.describe() == ("Gain 2 gold if your tableau has no faith shield and your tableau has at least 1 "
                                 "military shield.")


def test_a_card_with_a_shield_and_a_shield_stays_one_filter_and_the_english_repeats_with() -> None:
    rule = _rule("score 2 if no card with a faith shield and a military shield")
    assert isinstance(rule.condition, m.CountIs)
    assert rule.describe() == "Score 2 if your tableau has no card with a faith shield and with a military shield."


def test_an_and_before_a_new_quantifier_still_puts_them_side_by_side() -> None:
    rule = _rule("score 2 if no opponent with a faith card and no opponent with a military card")
    assert isinstance(rule.condition, m.And) and len(rule.condition.conditions) == 2
    assert all(isinstance(c, m.CountIs) and isinstance(c.per.count, m.Players) for c in rule.condition.conditions)


def test_inside_a_quantifier_and_a_count_joins_its_condition() -> None:
    rule = _rule("score 2 if no opponent with no faith shield and a military shield")
    assert isinstance(rule.condition, m.CountIs) and isinstance(rule.condition.per.count, m.Players)
    assert isinstance(rule.condition.per.count.condition, m.And)


def _score(text: str, shields: str, tableau: list[str]) -> int:
    reeve = _card(text, shields)
    rules = cc.Ruleset.from_cards([*cc.Ruleset.standard().cards, reeve], check=False)
    grid = [["Reeve", *tableau], [FD] * 3, [FD] * 3]
    return cc.score_tableau(grid, rules=rules).cards[0][0]


def test_the_two_readings_score_as_their_english_says() -> None:
    conditions, one_card = "score 2 if no faith shield and a military shield", \
        "score 2 if no card with a faith shield and a military shield"
    assert _score(conditions, "military", [FD, FD]) == 2
    assert _score(conditions, "military", ["Vicar", FD]) == 0       # a faith shield in the tableau
    assert _score(one_card, "military", ["Vicar", FD]) == 2         # but no card with both
    with pytest.raises(CardProblems, match="can never hold: when it is checked this card lies face up"):
        _score(one_card, "faith military", [FD, FD])                # this card has both: it could never score


@pytest.mark.parametrize("text", ["when bought: gain 2 gold per faith shield and a military shield",
                                  "score 2 per faith shield or a military shield"])
def test_and_after_a_count_that_is_no_condition_gets_a_hint_about_counts_not_points(text: str) -> None:
    with pytest.raises(CastleComboError) as raised:
        _card(text)
    assert "after the points" not in str(raised.value)
    assert "a count cannot be joined to another" in str(raised.value)


def test_a_missing_per_or_if_after_the_points_keeps_its_hint() -> None:
    with pytest.raises(CastleComboError, match="after the points, write 'per ...'"):
        _card("score 2 faith shield")


# ---------------------------------------------------------------- grouping in the English


def test_an_or_of_and_groups_keeps_its_brackets_in_the_english() -> None:
    rule = _rule("score 3 if (a faith shield and a military shield) or (a castle card and a purse card)")
    assert rule.describe() == ("Score 3 if (your tableau has at least 1 faith shield and your tableau has at least 1 "
                               "military shield) or (your tableau has at least 1 castle banner and your tableau has "
                               "at least 1 purse card).")
    assert "score 3 if (at least 1 faith shield and at least 1 military shield) or (" in format_card(_card(
        "score 3 if (a faith shield and a military shield) or (a castle card and a purse card)"))


def test_not_before_a_group_keeps_its_brackets_in_the_english() -> None:
    rule = _rule("score 2 if not (a faith card or a purse card)")
    assert rule.describe() == ("Score 2 if it is not the case that (your tableau has at least 1 card with a faith "
                               "shield or your tableau has at least 1 purse card).")


def test_an_and_of_or_groups_keeps_its_brackets_as_before() -> None:
    rule = _rule("score 2 if a faith card and (a purse card or a lock card)")
    assert rule.describe().endswith("and (your tableau has at least 1 purse card or your tableau has at least 1 "
                                    "lock card).")


def test_no_card_of_kinds_joined_whole_reads_as_one_count() -> None:
    rule = _rule("score 2 if no card (with a faith shield and with a purse) or (with a military shield and with a "
                 "lock)")
    assert rule.describe() == ("Score 2 if your tableau has no card that is either (a lock card with a military "
                               "shield) or (a purse card with a faith shield).")
    plural = _rule("score 2 if at least 2 (castle card costing 3 or village card)")
    assert plural.describe() == ("Score 2 if your tableau has at least 2 cards that are either (village banners) or "
                                 "(castle cards with printed cost 3).")
    assert _rule("score 2 if no (castle card or purse card)").describe() == ("Score 2 if your tableau has no castle "
                                                                             "banner or purse card.")


# ---------------------------------------------------------------- a "you may" guarded by a condition

TOLL = "when bought: you may pay 1 key to discard the castle row if at least 1 card in the castle row"


def test_a_condition_after_an_optional_effect_guards_the_whole_of_it() -> None:
    (effect,) = _card(TOLL).ability
    assert isinstance(effect, m.MayDo) and effect.guard is not None
    assert effect.effects == (m.DiscardWholeRow(m.RowChoice.CASTLE),)
    assert effect.describe() == ("If the castle row has at least 1 card, you may pay 1 key to discard the castle "
                                 "row; it is refilled at once.")
    assert "    " + TOLL + "\n" in format_card(_card(TOLL))


def test_braces_keep_the_condition_on_the_one_effect_inside() -> None:
    (effect,) = _card("when bought: you may pay 1 key to { discard the castle row if at least 1 card in the castle "
                      "row }").ability
    assert isinstance(effect, m.MayDo) and effect.guard is None and isinstance(effect.effects[0], m.Conditional)
    assert effect.describe() == ("You may pay 1 key to discard the castle row if the castle row has at least 1 card; "
                                 "it is refilled at once.")


def test_a_conditional_row_discard_reads_the_refill_after_the_condition() -> None:
    (effect,) = _card("when bought: discard the castle row if a faith shield").ability
    assert effect.describe() == ("Discard the castle row if your tableau has at least 1 faith shield; it is refilled "
                                 "at once.")


def test_several_effects_in_braces_are_guarded_by_a_condition_after_them() -> None:
    text = "when bought: you may pay 1 key to { gain 1 gold then gain 1 key } if no faith shield"
    (effect,) = _card(text).ability
    assert isinstance(effect, m.MayDo) and effect.guard is not None and len(effect.effects) == 2
    assert effect.describe() == "If your tableau has no faith shield, you may pay 1 key to gain 1 gold, then gain 1 key."
    assert "    " + text + "\n" in format_card(_card(text))


def test_a_guarded_repetition_reads_the_condition_first() -> None:
    (effect,) = _card("when bought: you may pay 1 key to gain 2 gold if a faith shield any number of times").ability
    assert isinstance(effect, m.MayDo) and effect.repeat and effect.guard is not None
    assert effect.describe() == ("If your tableau has at least 1 faith shield, you may pay 1 key to gain 2 gold, any "
                                 "number of times.")


def test_a_condition_about_each_player_stays_on_the_players() -> None:
    (effect,) = _card("when bought: you may take 1 key from each opponent if they have more keys than you").ability
    assert isinstance(effect, m.MayDo) and effect.guard is None
    assert isinstance(effect.effects[0], m.EachPlayer) and effect.effects[0].condition is not None


def test_a_guard_about_the_final_grid_is_refused_in_an_ability() -> None:
    with pytest.raises(CastleComboError, match="before the final grid is known"):
        _card("when bought: you may pay 1 key to gain 2 gold if a corner card")


def _bought(text: str) -> cc.GameState:
    """A new 2-player game (15 gold and 2 keys each) whose first player has just bought "Toll" face up."""
    (toll,) = parse_text(f'card "Toll" {{ deck village cost 0 shields faith {text} }}')
    return game(ruleset(toll), village=["Toll"]).apply(take("Toll"))


def test_the_question_is_not_asked_when_the_guard_fails() -> None:
    state = _bought("when bought: you may pay 1 key to discard the castle row if at least 9 cards in the castle row")
    assert state.pending is None and state.players[0].keys == 2


def test_the_question_is_asked_when_the_guard_holds() -> None:
    state = _bought(TOLL)
    assert state.pending is not None and isinstance(state.pending.decision, decisions.AcceptOrDecline)
    assert state.apply(cc.Choose(1)).players[0].keys == 1


def test_a_guard_is_not_judged_again_after_the_payment() -> None:
    # 2 keys: the guard holds; after paying 1 key only 1 is left, and the gold still comes.
    state = _bought("when bought: you may pay 1 key to gain 3 gold if at least 2 keys")
    assert state.pending is not None
    assert state.apply(cc.Choose(1)).players[0].gold == 15 + 3


def test_a_condition_in_braces_is_judged_after_the_payment() -> None:
    state = _bought("when bought: you may pay 1 key to { gain 3 gold if at least 2 keys }")
    assert state.pending is not None
    assert state.apply(cc.Choose(1)).players[0].gold == 15


def test_a_guarded_repetition_is_not_asked_when_the_guard_fails() -> None:
    state = _bought("when bought: you may pay 1 key to gain 2 gold if at least 3 keys any number of times")
    assert state.pending is None


def test_a_guarded_repetition_offers_what_can_be_paid_when_the_guard_holds() -> None:
    state = _bought("when bought: you may pay 1 key to gain 2 gold if at least 2 keys any number of times")
    assert state.pending is not None and state.pending.decision == decisions.ChooseTimes(2)
