"""Requirements: "requires at least 2 military shields" (the Siege Engineer).

The rulings (the rules page, "Requirements"): a card with a requirement may
be bought face up only if the taker meets it at the moment of the take, read
on their tableau and supply before paying and without the card itself (its
own shields do not count); face-down cards count nothing. Taking it face down
(6 gold, 2 keys) is always allowed. Discounts and surcharges price it as
usual. An ability that copies its ability (an adjacent card's) ignores the
requirement. A face-up take the taker does not meet is not offered, from the
rows and from a reserved card alike, and applied it is refused naming the
requirement.
"""

from __future__ import annotations

import random

import pytest
from engine_kit import C, card, game, one, play, ruleset, seat_with, take, with_seat

import castle_combo as cc
from castle_combo.errors import CardProblems, CardSyntaxError
from castle_combo.facts import FACE_DOWN_GOLD, FACE_DOWN_KEYS
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m

SIEGE = one("Siege Engineer", "requires at least 2 military shields\n    when bought: gain 4 keys\n"
                              "    score 2 per military shield", "deck village   cost 4   shields military")
RICH = one("Banker", "requires at least 10 gold", "deck village   cost 2   shields nobility")
KNIGHT = one("Knight", "score 1", "deck castle   cost 0   shields military")
SQUIRE = one("Squire", "score 1", "deck castle   cost 0   shields military military")
BRIDGE = one("Bridge", "when bought: discount 2 on village cards", "deck castle   cost 0   shields peasantry")
TOLL = one("Toll Keeper", "surcharge 1 on village cards for each opponent", "deck castle   cost 3   shields nobility")


def _rules() -> cc.Ruleset:
    return ruleset(SIEGE, RICH, KNIGHT, SQUIRE, BRIDGE, TOLL)


def _game(village: tuple[str, ...] = ("Siege Engineer", "Banker", "v0")) -> cc.GameState:
    """The messenger starts at the village: its row is the Siege Engineer, the Banker, v0."""
    return game(_rules(), village=village)


def _face_up(state: cc.GameState, name: str) -> list[cc.Action]:
    return [a for a in state.legal_actions() if isinstance(a, cc.Take) and a.card == name and not a.face_down]


def _face_down(state: cc.GameState, name: str) -> list[cc.Action]:
    return [a for a in state.legal_actions() if isinstance(a, cc.Take) and a.card == name and a.face_down]


# ---------------------------------------------------------------- the language


def test_a_requirement_reads_as_a_fact_of_the_card_in_english() -> None:
    assert SIEGE.requirement is not None
    assert SIEGE.requirement.describe() == (
        "Requirement: you may buy this card face up only if you have at least 2 military shields (this card not "
        "counted); you may always take it face down.")
    assert SIEGE.requirement.describe() in SIEGE.describe()


@pytest.mark.parametrize("line", [
    "requires at least 2 military shields",
    "requires at least 10 gold",
    "requires more faith shields than military shields",
    "requires more gold than each opponent",
    "requires no craftsmanship shield",
    "requires at least 3 cards and at least 1 key",
    "requires the messenger is at the castle",
])
def test_a_requirement_formats_back_to_the_same_card(line: str) -> None:
    written = one("Siege", line)
    assert written.requirement is not None
    assert parse_text(format_card(written))[0] == written
    assert written.requirement.ccl() in format_card(written)


@pytest.mark.parametrize("line", [
    "requires at least 2 faith shields adjacent to this card",
    "requires at least 1 military shield in row",
    "requires at least 1 card costing more than this card",
])
def test_a_requirement_that_reads_this_card_is_refused_since_the_card_is_in_no_tableau_yet(line: str) -> None:
    with pytest.raises(CardProblems, match="a requirement is checked before the card is taken"):
        one("Siege", line)


def test_a_card_has_at_most_one_requirement() -> None:
    with pytest.raises((CardProblems, CardSyntaxError), match="(?s)'requires' twice.*join the conditions in one "
                                                              "'requires' with 'and'"):
        one("Siege", "requires at least 1 key\n    requires at least 1 gold")


def test_a_requirement_built_in_python_is_validated_too() -> None:
    near = m.CountIs(m.Per(m.Shields((m.Shield.FAITH,)), scope=m.Scope.ADJACENT), m.Comparison.GE, 1)
    built = m.Card("Siege", m.Deck.CASTLE, 1, (m.Shield.FAITH,), requirement=m.Requirement(near))
    assert any("a requirement is checked before the card is taken" in p.message for p in built.problems())


def test_the_printed_cards_have_no_requirement() -> None:
    assert all(c.requirement is None for c in cc.Ruleset.standard().cards)


# ---------------------------------------------------------------- the engine


def test_a_card_is_offered_face_up_only_when_its_requirement_is_met() -> None:
    state = _game()
    assert _face_up(state, "Siege Engineer") == [] and _face_down(state, "Siege Engineer")
    met = seat_with(_game(), 0, [("Squire", 0, 0)])
    assert _face_up(met, "Siege Engineer")


def test_the_cards_own_shields_do_not_count_toward_its_requirement() -> None:
    state = seat_with(_game(), 0, [("Knight", 0, 0)])  # 1 military shield, and the Siege Engineer's own makes 2
    assert _face_up(state, "Siege Engineer") == []


def test_face_down_cards_count_nothing_toward_a_requirement() -> None:
    state = seat_with(_game(), 0, [("Squire", 0, 0, True)])
    assert _face_up(state, "Siege Engineer") == []


def test_a_take_face_up_without_the_requirement_is_refused_naming_it() -> None:
    with pytest.raises(cc.IllegalAction, match="requires at least 2 military shields to be bought face up"):
        _game().apply(take("Siege Engineer", 0, 0))


def test_a_card_with_a_requirement_may_always_be_taken_face_down() -> None:
    state = _game()
    before = state.players[0]
    after = state.apply(take("Siege Engineer", 0, 0, face_down=True))
    assert after.players[0].gold == before.gold + FACE_DOWN_GOLD
    assert after.players[0].keys == before.keys + FACE_DOWN_KEYS


def test_a_met_requirement_buys_the_card_at_its_price_and_runs_its_ability() -> None:
    state = seat_with(_game(), 0, [("Squire", 0, 0)])
    before = state.players[0]
    after = state.apply(take("Siege Engineer", 1, 0))
    assert after.players[0].gold == before.gold - 4 and after.players[0].keys == before.keys + 4


def test_discounts_apply_to_a_card_with_a_requirement_normally() -> None:
    state = seat_with(_game(), 0, [("Squire", 0, 0), ("Bridge", 1, 0)], discounts=(0, 2))
    before = state.players[0].gold
    assert state.cost(0, "Siege Engineer") == 2
    assert state.apply(take("Siege Engineer", 2, 0)).players[0].gold == before - 2


def test_a_surcharge_adds_to_a_card_with_a_requirement_normally() -> None:
    state = seat_with(_game(), 0, [("Squire", 0, 0)])
    state = seat_with(state, 1, [("Toll Keeper", 0, 0)])
    before = state.players[0].gold
    assert state.apply(take("Siege Engineer", 1, 0)).players[0].gold == before - 5


def test_a_requirement_on_the_supply_is_read_before_paying() -> None:
    short = with_seat(_game(), 0, gold=9)
    assert _face_up(short, "Banker") == []
    with pytest.raises(cc.IllegalAction, match="requires at least 10 gold"):
        short.apply(take("Banker", 0, 0))
    rich = with_seat(_game(), 0, gold=10)
    assert rich.apply(take("Banker", 0, 0)).players[0].gold == 8  # 10 gold met it; then 2 paid


def test_a_requirement_is_read_on_the_takers_tableau_not_another_players() -> None:
    state = seat_with(_game(), 1, [("Squire", 0, 0)])
    assert state.current_player == 0 and _face_up(state, "Siege Engineer") == []


def test_a_reserved_card_is_offered_face_up_only_when_its_requirement_is_met() -> None:
    notary = one("Notary", "when bought: reserve a card from either row", "deck village   cost 0   shields peasantry")
    state = game(ruleset(SIEGE, notary, SQUIRE), village=["Notary", "Siege Engineer", "v0"])
    state = state.apply(take("Notary", 0, 0)).apply(cc.Reserve("Siege Engineer"))
    state = play(state, take("v0", 0, 0, face_down=True))
    assert state.current_player == 0 and state.reserved_card(0).name == "Siege Engineer"
    assert [a for a in state.legal_actions() if isinstance(a, cc.TakeReserved) and not a.face_down] == []
    assert [a for a in state.legal_actions() if isinstance(a, cc.TakeReserved) and a.face_down]
    with pytest.raises(cc.IllegalAction, match=r"Siege Engineer \(your reserved card\) requires at least 2 military"):
        state.apply(cc.TakeReserved((1, 0), False))
    met = seat_with(state, 0, [("Notary", 0, 0), ("Squire", 1, 0)])
    at = met.players[0].spots[0]
    assert cc.TakeReserved(at, False) in met.legal_actions()
    assert met.apply(cc.TakeReserved(at, False)).players[0].keys == met.players[0].keys + 4


def test_copying_the_ability_of_a_card_with_a_requirement_ignores_the_requirement() -> None:
    forger = card("Forger", C, unlocked=[m.UseAdjacentAbility()])
    state = seat_with(game(ruleset(SIEGE, forger)), 0, [("Forger", 0, 0), ("Siege Engineer", 1, 0)])
    before = state.players[0].keys
    state = state.apply(cc.Unlock("Forger"))
    if state.pending is not None:
        state = state.apply(cc.Activate("Siege Engineer"))
    assert state.players[0].keys == before + 4  # no military shield but the Siege Engineer's own


def test_bots_only_ever_choose_legal_takes_of_cards_with_requirements() -> None:
    from castle_combo.bots import GreedyAgent, RandomAgent

    for bot in (RandomAgent(), GreedyAgent()):
        rng = random.Random(5)
        state = game(_rules(), castle=["Knight", "Squire", "Bridge"], village=["Siege Engineer", "Banker", "v0"])
        while not state.is_over:
            action = bot.choose(state, rng)
            assert action in state.legal_actions()
            state = state.apply(action)


def test_a_card_picture_prints_the_requirement_in_a_row_but_not_in_a_tableau() -> None:
    from castle_combo.pictures.svg import _paragraphs, card_body

    in_row, _ = _paragraphs(SIEGE, in_tableau=False)
    assert in_row[0] == SIEGE.requirement.describe()  # type: ignore[union-attr]
    in_tableau, _ = _paragraphs(SIEGE, in_tableau=True)
    assert all(not line.startswith("Requirement:") for line in in_tableau)
    assert "Requirement" in card_body(SIEGE)


def test_each_requirement_row_of_the_reference_renders_to_the_english_it_shows() -> None:
    import re
    from pathlib import Path

    page = (Path(__file__).resolve().parents[1] / "docs" / "card-language.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(requires [^`]+)` \|.* \| ([^|]+\.) \|$", page, re.MULTILINE)
    assert len(rows) >= 4
    for text, english in rows:
        (found,) = parse_text(f'card "Example" {{ deck castle cost 3 shields faith {text} }}')
        assert found.requirement is not None and found.requirement.describe() == english
        assert found.requirement.ccl() == text


def test_the_state_says_whether_a_seat_meets_a_cards_requirement() -> None:
    state = seat_with(_game(), 0, [("Squire", 0, 0)])
    assert state.meets(0, "Siege Engineer") and not state.meets(1, "Siege Engineer")
    assert state.meets(1, "Knight")  # no requirement


def test_the_terminal_says_the_requirement_a_refused_face_up_take_does_not_meet() -> None:
    from castle_combo.cli._play_input import parse_input, quick_move
    from castle_combo.errors import BadInput

    view = _game().view(0)
    legal = view.legal_actions()
    with pytest.raises(BadInput, match="you do not meet Siege Engineer's requirement, 'requires at least 2 "
                                       "military shields'; take it face down"):
        quick_move("1a", view, legal)
    with pytest.raises(BadInput, match="face up \\(you do not meet its requirement, 'requires at least 2 military "
                                       "shields'; add 'down'\\)"):
        parse_input("take siege engineer 0 1", legal, view)
    short = with_seat(seat_with(_game(), 0, [("Squire", 0, 0)]), 0, gold=0).view(0)  # met, but no gold
    with pytest.raises(BadInput, match="you cannot pay for Siege Engineer; take it face down"):
        quick_move("1a", short, short.legal_actions())
