"""Scopes of other players' tableaux, one test per ruling (the rules page, "Whose tableau a count reads").

A count may be taken in your tableau, one neighbour's (`in a neighbour's tableau`), both neighbours'
(`in your neighbours' tableaux`), every opponent's (`in your opponents' tableaux`, `in each opponent's
tableau`) or every player's (`in every tableau`, `in every player's tableau`), in an ability and in a
scoring rule alike; and effects on each player may judge them all at once (`all at once`).
"""

from __future__ import annotations

import pytest
from engine_kit import game, one, ruleset, seat_with, take, with_seat

import castle_combo as cc
from castle_combo.language import format_card, parse_text

SCHOLAR = "deck castle   cost 0   shields scholarship"
MILITARY = "deck castle   cost 0   shields military"


def plain(start: int, *names: str) -> list[list[str]]:
    cells = list(names) + [f"v{start + i}" for i in range(9 - len(names))]
    return [cells[0:3], cells[3:6], cells[6:9]]


SCHOLARS = [one(f"Scholar {i}", "", SCHOLAR) for i in range(6)]


def scored(card: cc.Card, *others: list[list[str]], extra: tuple[cc.Card, ...] = ()) -> int:
    """The points of ``card`` (top left of the scored grid) with these other players, in turn order from the left."""
    rules = ruleset(card, *SCHOLARS, *extra, village=60)
    sheet = cc.score_tableau(plain(0, card.name), rules=rules, opponents=list(others))
    return sheet.cards[0][0]


LEFT = plain(10, "Scholar 0", "Scholar 1")  # 2 scholarship shields
RIGHT = plain(20, "Scholar 2")  # 1 scholarship shield
ACROSS = plain(30, "Scholar 3", "Scholar 4", "Scholar 5")  # 3, and not a neighbour in a game of three or more


# ---------------------------------------------------------------- both neighbours, every opponent, everyone


def test_your_neighbours_tableaux_are_both_neighbours_added_up() -> None:
    card = one("Reader", "score 1 per scholarship shield in your neighbours' tableaux")
    assert scored(card, LEFT, RIGHT) == 3
    assert scored(card, LEFT, ACROSS, RIGHT) == 3  # the player across the table is no neighbour


def test_in_a_game_of_two_your_neighbours_tableaux_are_your_one_opponents_counted_once() -> None:
    card = one("Reader", "score 1 per scholarship shield in your neighbours' tableaux")
    assert scored(card, LEFT) == 2


def test_each_neighbours_tableau_is_both_neighbours_tableaux() -> None:
    (written,) = parse_text('card "R" { deck castle cost 0 shields faith\n'
                            "    score 1 per scholarship shield in each neighbour's tableau }")
    assert "in your neighbours' tableaux" in format_card(written)


def test_each_opponents_tableau_counts_every_other_player_as_your_opponents_tableaux() -> None:
    card = one("Census", "score 1 per card with a scholarship shield in each opponent's tableau")
    assert scored(card, LEFT, ACROSS, RIGHT) == 6
    assert "in your opponents' tableaux" in format_card(card)


def test_every_players_tableau_counts_yours_too() -> None:
    card = one("Herald", "score 2 per scholarship shield in every player's tableau", SCHOLAR)
    assert scored(card, LEFT, RIGHT) == 2 * (1 + 2 + 1)
    assert "in every tableau" in format_card(card)


def test_per_n_and_up_to_count_the_tableaux_together() -> None:
    every_two = one("Pairs", "score 3 per 2 scholarship shields in your neighbours' tableaux")
    assert scored(every_two, LEFT, RIGHT) == 3  # 3 shields in all: one pair, not one in each tableau
    capped = one("Capped", "score 2 per scholarship shield in each opponent's tableau up to 8")
    assert scored(capped, LEFT, ACROSS, RIGHT) == 8
    types = one("Types", "score 1 per shield type in your neighbours' tableaux")
    assert scored(types, LEFT, RIGHT) == 2  # scholarship and the fillers' peasantry, each once


def test_an_ability_adds_up_both_neighbours_tableaux() -> None:
    patron = one("Patron", "when bought: gain 1 gold per scholarship shield in your neighbours' tableaux")
    rules = ruleset(patron, *SCHOLARS)
    state = game(rules, castle=["Patron"], players=4)
    state = seat_with(state, 1, [("Scholar 0", 0, 0), ("Scholar 1", 1, 0)])
    state = seat_with(state, 2, [("Scholar 2", 0, 0), ("Scholar 3", 1, 0), ("Scholar 4", 2, 0)])
    state = seat_with(state, 3, [("Scholar 5", 0, 0)])
    state = state.replace(messenger=cc.Deck.CASTLE)
    gold = state.players[0].gold
    assert state.apply(take("Patron")).players[0].gold == gold + 2 + 1  # seats 1 and 3, not seat 2 across


# ---------------------------------------------------------------- one neighbour, in a scoring rule


def test_a_scoring_rule_reads_a_neighbours_tableau_the_neighbour_that_gives_it_more() -> None:
    best = one("Envoy", "score 2 per scholarship shield in a neighbour's tableau")
    assert scored(best, LEFT, RIGHT) == 4  # the larger count, as an ability reads it
    penalty = one("Rival", "score -2 per scholarship shield in a neighbour's tableau")
    assert scored(penalty, LEFT, RIGHT) == -2  # the better for you is now the smaller count
    calm = one("Calm", "score 5 if no scholarship shield in a neighbour's tableau")
    assert scored(calm, LEFT, RIGHT) == 0
    assert scored(calm, LEFT, ACROSS, plain(40)) == 5  # the right neighbour has none


def test_a_scoring_rule_reads_one_neighbour_for_all_its_counts() -> None:
    # The left neighbour has 2 scholarship shields and no military; the right one 1 military shield and none.
    guard = one("Guard", "", MILITARY)
    both = one("Both", "score 4 if at least 2 scholarship shields in a neighbour's tableau and "
                       "at least 1 military shield in a neighbour's tableau")
    assert scored(both, LEFT, plain(30, "Guard"), extra=(guard,)) == 0  # no one neighbour has both
    assert scored(both, plain(40, "Guard", "Scholar 0", "Scholar 1"), RIGHT, extra=(guard,)) == 4


def test_cards_of_a_neighbours_tableau_that_share_a_trait_are_that_neighbours_cards() -> None:
    # Was read in your own tableau; now one neighbour's, the better for you (the one where the cards share it).
    alike = one("Heraldist", "score 4 if all cards in a neighbour's tableau share a shield type")
    all_scholars = plain(10, "Scholar 0", "Scholar 1", "Scholar 2", "Scholar 3", "Scholar 4", "Scholar 5",
                         "Scholar 6", "Scholar 7", "Scholar 8")
    assert scored(alike, LEFT, RIGHT, extra=tuple(one(f"Scholar {i}", "", SCHOLAR) for i in range(6, 9))) == 0
    assert scored(alike, all_scholars, plain(40), extra=tuple(one(f"Scholar {i}", "", SCHOLAR) for i in range(6, 9))) == 4


def test_a_scoring_rule_on_a_neighbours_tableau_reads_the_scenarios_neighbours() -> None:
    card = one("Envoy", "score 1 per scholarship shield in a neighbour's tableau")
    rules = ruleset(card, *SCHOLARS)
    sheet = cc.score_tableau(plain(0, "Envoy"), rules=rules, neighbours=[RIGHT, LEFT])
    assert sheet.cards[0][0] == 2


# ---------------------------------------------------------------- effects on each player, all at once


def robbery(body: str, gold: tuple[int, int, int] = (1, 3, 2)) -> list[int]:
    """Seat 0 buys the card, seat 1 being its left neighbour, the seats having ``gold``: everyone's gold after."""
    robber = one("Robber", body)
    rules = ruleset(robber)
    state = game(rules, castle=["Robber"], players=3).replace(messenger=cc.Deck.CASTLE)
    for seat, amount in enumerate(gold):
        state = with_seat(state, seat, gold=amount)
    return [p.gold for p in state.apply(take("Robber")).players]


def test_each_opponents_condition_is_judged_when_their_turn_comes() -> None:
    # Seat 1 first: 3 > 1, take 2 (you have 3 now); then seat 2: 2 > 3 fails.
    assert robbery("when bought: take 2 gold from each opponent with more gold than you") == [3, 1, 2]


def test_all_at_once_judges_every_opponents_condition_before_any_gold_moves() -> None:
    # Both opponents have more than your 1 gold before anything is taken: both give 2.
    assert robbery("when bought: take 2 gold from each opponent with more gold than you all at once") == [5, 1, 0]


def test_all_at_once_judges_every_amount_before_any_resolves() -> None:
    # 1 gold per 2 gold you have: one at a time, you have 6 when seat 2's turn comes; all at once, 4 for both.
    assert robbery("when bought: take 1 gold per 2 gold from each opponent", (4, 3, 5)) == [9, 1, 2]
    assert robbery("when bought: take 1 gold per 2 gold from each opponent all at once", (4, 3, 5)) == [8, 1, 3]


def test_all_at_once_judges_who_has_the_most_before_anyone_loses() -> None:
    # Seat 1 alone has the most gold (3) before anything is lost; one at a time, seat 2 ties it once seat 1 lost 1.
    assert robbery("when bought: each opponent with the most gold loses 1 gold all at once") == [1, 2, 2]
    assert robbery("when bought: each opponent with the most gold loses 1 gold") == [1, 2, 1]


def test_all_at_once_reads_back_and_in_english() -> None:
    card = one("Robber", "when bought: take 2 gold from each opponent with more gold than you all at once")
    assert "take 2 gold from each opponent with more gold than you all at once" in format_card(card)
    assert parse_text(format_card(card)) == (card,)
    assert card.ability[0].describe().endswith(
        "All at once: who is affected and by how much are judged before any of it happens.")


@pytest.mark.parametrize(("body", "message"), [
    ("when bought: take 1 gold from your left neighbour all at once", "this effect is on one player"),
    ("when bought: each opponent gains 1 gold all at once", "'all at once' changes nothing"),
])
def test_all_at_once_with_nothing_to_judge_is_refused(body: str, message: str) -> None:
    with pytest.raises(cc.CastleComboError, match=message):
        one("Odd", body).validate()


# ---------------------------------------------------------------- wild shields


def test_a_neighbours_wild_shield_is_its_named_type_in_a_comparison_as_in_a_count() -> None:
    wild = one("Wild Soldier", "score 5 per military shield", "deck village   cost 0   shields wild")
    fewer = one("Captain", "score 3 per neighbour with fewer military shields than you", MILITARY)
    counted = one("Spy", "score 1 per military shield in your neighbours' tableaux")
    rules = ruleset(wild, fewer, counted)
    near = plain(10, "Wild Soldier")  # names military (5 points), so it has 1 military shield
    sheet = cc.score_tableau(plain(0, "Captain", "Spy"), rules=rules, neighbours=[near])
    assert sheet.cards[0][1] == 1  # the count sees a military shield
    assert sheet.cards[0][0] == 0  # and so does the comparison: 1 is not fewer than 1


# ---------------------------------------------------------------- the words, read and written back


@pytest.mark.parametrize("place", ["in your neighbours' tableaux", "in your neighbors’ tableaux",
                                   "in each neighbour's tableau", "in each opponent's tableau",
                                   "in every player's tableau", "in a neighbour's tableau"])
@pytest.mark.parametrize("count", ["faith shield", "card with a purse", "set of {faith, military}", "shield type",
                                   "castle banner", "gold of printed cost", "face-down card"])
def test_every_count_in_another_players_tableau_reads_back_in_canonical_form(place: str, count: str) -> None:
    for body in (f"score 1 per {count} {place} up to 9", f"score -2 per 3 {count} {place}",
                 f"when bought: gain 1 gold per {count} {place}", f"score 3 if at least 2 {count} {place}"):
        (card,) = parse_text(f'card "Fan" {{ deck castle cost 0 shields faith\n    {body}\n}}')
        assert card.validate() is card
        assert parse_text(format_card(card)) == (card,)


def test_groups_of_connected_cards_are_never_counted_across_both_neighbours_tableaux() -> None:
    with pytest.raises(cc.CastleComboError, match="cards of two tableaux are never connected"):
        one("Odd", "score 1 per card in the largest group of connected faith cards in your neighbours' tableaux"
            ).validate()
    one("Fine", "score 1 per card in the largest group of connected faith cards in a neighbour's tableau").validate()


@pytest.mark.parametrize(("body", "english"), [
    ("score 3 if exactly 2 opponents with more faith shields than you",
     "Score 3 if you have exactly 2 opponents who have more faith shields than you do."),
    ("score 3 if at least 2 opponents with at least 1 faith shield",
     "Score 3 if you have at least 2 opponents whose tableaux have at least 1 faith shield."),
    ("score 3 if exactly 1 opponent with more faith shields than you",
     "Score 3 if you have exactly 1 opponent who has more faith shields than you do."),
])
def test_a_number_of_opponents_reads_as_yours_and_its_verb_agrees(body: str, english: str) -> None:
    (card,) = parse_text(f'card "Words" {{\n    deck castle   cost 0   shields nobility\n    {body}\n}}\n', "fan.ccl")
    assert card.scoring[0].describe() == english
