"""A condition on where the messenger stands (a fan construct): ``if the messenger is at the village``.

Rulings: in an ability it is read when the effect resolves (after the effects before it, so "move the messenger
then gain 2 gold if the messenger is at the castle" reads the new place); in a scoring rule it is the messenger's
place at the end of the game. There is one messenger, so the condition is refused where it would be asked about
one player or one group of cards ("each opponent with ...", "per row with ..."). A score scenario holds no
messenger, so a card that reads it is refused there.
"""

from __future__ import annotations

import pytest
from engine_kit import C, V, game, ruleset, take, to_the_end

import castle_combo as cc
from castle_combo.engine.scoring import score_scenario
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m


def _card(body: str, name: str = "Herald", deck: str = "village") -> m.Card:
    (parsed,) = parse_text(f'card "{name}" {{ deck {deck} cost 0 shields faith {body} }}')
    return parsed


def _messenger(state: cc.GameState, deck: m.Deck) -> cc.GameState:
    return state.replace(messenger=deck)


@pytest.mark.parametrize(("body", "english"), [
    ("when bought: gain 2 gold if the messenger is at the castle",
     "When bought face up: Gain 2 gold if the messenger is at the castle."),
    ("score 4 if the messenger is at the village", "Score 4 if the messenger ends the game at the village."),
    ("score 3 if not the messenger is at the village",
     "Score 3 if the messenger does not end the game at the village."),
    ("score 2 if the messenger is at the castle and at least 1 faith shield",
     "Score 2 if the messenger ends the game at the castle and your tableau has at least 1 faith shield."),
    ("score 1 per faith shield if the messenger is at the castle",
     "Score 1 per faith shield in your tableau, if the messenger ends the game at the castle."),
    ("when bought: gain 1 gold if not the messenger is at the castle",
     "When bought face up: Gain 1 gold if the messenger is not at the castle."),
])
def test_the_phrase_reads_writes_back_and_says_where_the_messenger_is(body: str, english: str) -> None:
    parsed = _card(body)
    assert parse_text(format_card(parsed)) == (parsed,)
    assert english in parsed.describe()


def test_the_condition_is_the_messengers_place() -> None:
    (rule,) = _card("score 4 if the messenger is at the village").scoring
    assert rule == m.ScoreIf(4, m.MessengerAt(m.Deck.VILLAGE))


def test_a_near_miss_gets_a_hint_that_leads_to_the_phrase() -> None:
    with pytest.raises(cc.CardSyntaxError) as refused:
        _card("when bought: gain 2 gold if the messenger is in the village")
    assert "expected 'at' after 'is'" in str(refused.value)
    with pytest.raises(cc.CardSyntaxError) as misspelt:
        _card("when bought: gain 2 gold if the messager is at the village")
    assert "did you mean 'messenger'?" in str(misspelt.value)


@pytest.mark.parametrize("body", [
    "score 1 per opponent with the messenger is at the village",
    "score 1 per row with the messenger is at the castle",
    "when bought: each opponent with the messenger is at the castle loses 1 gold",
])
def test_the_one_messenger_is_not_asked_about_each_player_or_group(body: str) -> None:
    with pytest.raises(cc.CardValidationError, match="there is one messenger"):
        _card(body)


def test_an_ability_gains_only_while_the_messenger_is_at_that_place() -> None:
    herald = _card("when bought: gain 2 gold if the messenger is at the castle", deck="castle")
    rules = ruleset(herald)
    state = _messenger(game(rules, castle=["Herald"]), C)
    assert state.apply(take("Herald")).players[0].gold == 15 + 2


def test_an_ability_reads_the_messenger_where_an_earlier_effect_moved_it() -> None:
    herald = _card("when bought: move the messenger to the castle then gain 2 gold if the messenger is at the "
                   "castle then gain 1 key if the messenger is at the village")
    rules = ruleset(herald)
    state = _messenger(game(rules, village=["Herald"]), V)
    before = state.players[0]
    after = state.apply(take("Herald"))
    assert after.messenger is C
    assert (after.players[0].gold, after.players[0].keys) == (before.gold + 2, before.keys)


def test_a_scoring_rule_reads_the_messengers_place_at_the_end_of_the_game() -> None:
    herald = _card("score 4 if the messenger is at the village")
    rules = ruleset(herald)
    start = game(rules, village=["Herald"])
    end = to_the_end(start.apply(take("Herald")))
    assert end.is_over
    points = {deck: _points(end.replace(messenger=deck)) for deck in (C, V)}
    assert points == {C: 0, V: 4}


def _points(state: cc.GameState) -> int:
    sheet = state.scores()[0]
    return sum(p for names, row in zip(sheet.names, sheet.cards, strict=True)
               for name, p in zip(names, row, strict=True) if name == "Herald")


GRID = [["Herald", "face-down", "face-down"], ["face-down"] * 3, ["face-down"] * 3]


def test_a_score_scenario_that_does_not_say_where_the_messenger_ended_refuses_a_card_that_reads_it() -> None:
    rules = ruleset(_card("score 4 if the messenger is at the village"))
    with pytest.raises(cc.ScenarioError, match="reads where the messenger stands"):
        cc.score_tableau(GRID, rules=rules)


def test_a_card_that_reads_the_messenger_only_when_bought_scores_in_any_scenario() -> None:
    rules = ruleset(_card("when bought: gain 2 gold if the messenger is at the castle score 1 per faith shield"))
    assert cc.score_tableau(GRID, rules=rules).cards[0][0] == 1


def test_a_score_scenario_says_where_the_messenger_ended() -> None:
    rules = ruleset(_card("score 4 if the messenger is at the village"))
    village = score_scenario({"grid": GRID, "messenger": "village"}, rules)
    castle = score_scenario({"grid": GRID, "messenger": "castle"}, rules)
    assert (village.cards[0][0], castle.cards[0][0]) == (4, 0)
    assert cc.score_tableau(GRID, rules=rules, messenger=m.Deck.VILLAGE).cards[0][0] == 4


def test_a_score_scenario_refuses_a_messenger_at_no_location() -> None:
    with pytest.raises(cc.ScenarioError, match=r"\$\.messenger: expected \"castle\" or \"village\""):
        score_scenario({"grid": GRID, "messenger": "market"})
