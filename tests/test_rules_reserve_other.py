"""The Envoy: "reserve a card from the other row" and "score 3 if you took your reserved card face up", one test
per ruling (the rules page, "Fan mechanics": "A reserved card"). The row is the one where the messenger is not
when the ability resolves (step 3 of the turn, before the bought card's messenger icon moves it in step 4), as
"discard the other row" reads it; the card reserved is then taken as any reserved card
(tests/test_rules_reserve.py), and the tableau remembers, on that card, how it was taken."""

from __future__ import annotations

import json
import random

import pytest
from engine_kit import game, one, ruleset, take

import castle_combo as cc
from castle_combo.engine.actions import Reserve, TakeReserved
from castle_combo.engine.decisions import ChooseReserve
from castle_combo.engine.scoring import score_scenario
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m

ENVOY = one("Envoy", "when bought: reserve a card from the other row\n    score 3 if you took your reserved card face up",
            "deck castle   cost 3   shields nobility   messenger")
NOBLE = one("Noble", "", "deck castle   cost 5   shields nobility")
SQUIRE = one("Squire", "", "deck village   cost 2   shields military")
HERMIT = one("Hermit", "when bought: reserve a card from the other row", "deck village   cost 0   shields faith")
RULES = ruleset(ENVOY, NOBLE, SQUIRE, HERMIT)


def at_the_castle() -> cc.GameState:
    """Seat 0 to play, the messenger moved to the castle with a key; the Envoy and the Noble in the castle row, the
    Squire and the Hermit in the village row."""
    state = game(RULES, castle=["Envoy", "Noble", "c0"], village=["Squire", "Hermit", "v0", "v1", "v2", "v3"])
    state = state.apply(cc.UseKey(cc.KeyUse.MOVE))
    assert state.messenger is cc.Deck.CASTLE
    return state


# ---------------------------------------------------------------- the language


def test_the_reserve_from_the_other_row_is_written_said_and_formatted_back() -> None:
    effect = ENVOY.ability[0]
    assert ENVOY.scoring == (m.ScoreIf(3, m.TookReserved(True)),)
    assert effect == m.ReserveCard(other=True) and effect.ccl() == "reserve a card from the other row"
    assert effect.describe() == (
        "Reserve a card of your choice from the row where the messenger is not (with the messenger at the castle, "
        "the village row; nothing if that location is exhausted): it lies face up beside your tableau (not in it), "
        "and on a later turn you may take it in step 2 instead of a card of the messenger's row (one reserved card "
        "at most: while you hold one, this does nothing; one never taken is discarded at the end of the game).")
    assert parse_text(format_card(ENVOY))[0] == ENVOY
    assert one("Legate", "when bought: reserve one card from the other row").ability == (m.ReserveCard(other=True),)
    assert ENVOY.ability[0] != m.ReserveCard()  # not the reserve from either row


def test_a_reserve_from_the_other_row_names_no_deck() -> None:
    card = m.Card("Python", m.Deck.CASTLE, 3, (m.Shield.FAITH,), ability=(m.ReserveCard(m.Deck.CASTLE, other=True),))
    assert [p.message for p in card.problems()] == [
        "the other row is the row where the messenger is not when the effect resolves: it names no deck"]


def test_a_reserve_from_the_other_row_at_the_end_of_the_game_is_refused() -> None:
    with pytest.raises(cc.CardValidationError, match="a card reserved at the end of the game could never be taken"):
        one("Late", "at the end of the game: reserve a card from the other row")


# ---------------------------------------------------------------- the rulings


def test_with_the_messenger_at_the_castle_the_envoy_reserves_from_the_village_row() -> None:
    state = at_the_castle().apply(take("Envoy"))
    assert state.pending is not None and state.pending.decision == ChooseReserve((1,))
    assert state.legal_actions() == tuple(Reserve(c.name) for c in state.row(cc.Deck.VILLAGE))
    with pytest.raises(cc.IllegalAction):
        state.apply(Reserve("Noble"))  # a castle card: the messenger's row
    after = state.apply(Reserve("Squire"))
    assert after.reserved_card(0) is not None and after.reserved_card(0).name == "Squire"


def test_the_envoy_reads_the_messenger_before_its_own_icon_moves_it() -> None:
    state = at_the_castle().apply(take("Envoy"))
    assert state.messenger is cc.Deck.CASTLE  # step 3: the icon has not moved it yet
    after = state.apply(Reserve("Hermit"))
    assert after.messenger is cc.Deck.VILLAGE  # step 4: the Envoy's icon moved it, after the reserve


def test_with_the_messenger_at_the_village_the_reserve_comes_from_the_castle_row() -> None:
    state = game(RULES, castle=["Envoy", "Noble", "c0"], village=["Hermit", "Squire", "v0", "v1", "v2"])
    assert state.messenger is cc.Deck.VILLAGE
    state = state.apply(take("Hermit"))
    assert state.pending is not None and state.pending.decision == ChooseReserve((0,))
    assert state.legal_actions() == tuple(Reserve(c.name) for c in state.row(cc.Deck.CASTLE))


def test_with_the_village_exhausted_the_envoy_reserves_nothing() -> None:
    state = at_the_castle()
    village = state.locations[1]
    gone = village.replace(deck=(), row=(), removed=village.deck + village.row, exhausted=True)
    state = state.replace(locations=(state.locations[0], gone)).apply(take("Envoy"))
    assert state.pending is None and state.current_player == 1
    assert state.players[0].reserved == ()


def test_the_envoy_taken_face_down_reserves_nothing() -> None:
    state = at_the_castle().apply(take("Envoy", face_down=True))
    assert state.pending is None and state.current_player == 1 and state.players[0].reserved == ()


def test_the_card_reserved_from_the_other_row_is_taken_later_face_up_or_face_down() -> None:
    state = at_the_castle().apply(take("Envoy")).apply(Reserve("Squire"))
    state = state.apply(take(next(c.name for c in state.row(state.messenger) if c.name != "Hermit")))
    assert state.current_player == 0 and state.messenger is cc.Deck.VILLAGE
    gold = state.players[0].gold
    up = state.apply(TakeReserved((1, 0)))
    assert up.players[0].gold == gold - 2 and up.players[0].reserved == ()  # cost 2, no discount
    assert [up.engine.name(c.card) for c in up.players[0].tableau] == ["Envoy", "Squire"]
    down = state.apply(TakeReserved((1, 0), face_down=True))
    assert (down.players[0].gold, down.players[0].keys) == (gold + 6, state.players[0].keys + 2)
    assert down.players[0].tableau[-1].face_down


def test_a_pending_reserve_from_the_other_row_is_saved_and_replayed() -> None:
    state = at_the_castle().apply(take("Envoy"))
    assert cc.loads(cc.dumps(state), rules=RULES) == state
    done = state.apply(Reserve("Squire"))
    assert cc.replay(done.record(), rules=RULES) == done
    assert json.loads(cc.dumps(done))["players"][0]["reserved"] == ["Squire"]


def test_a_card_reserved_from_the_other_row_never_taken_is_discarded_at_the_end_onto_its_own_pile() -> None:
    state = at_the_castle().apply(take("Envoy")).apply(Reserve("Squire"))
    rng = random.Random(3)
    while not state.is_over:
        state = state.apply(rng.choice([a for a in state.legal_actions() if not isinstance(a, TakeReserved)]))
    squire = state.rules.names.index("Squire")
    assert state.reserved_at_end[0] == (squire,) and not state.players[0].reserved
    village = state.location(cc.Deck.VILLAGE)
    assert squire in village.discard or squire in village.removed
    assert all(c.card != squire for p in state.players for c in p.tableau)


def test_a_fan_writing_another_row_is_shown_the_other_row_among_the_phrases() -> None:
    with pytest.raises(cc.CardSyntaxError, match="'from the other row'"):
        parse_text('card "Fan" {\n    deck castle   cost 3   shields nobility\n'
                   "    when bought: reserve a card from the messenger's row\n}\n")


# ---------------------------------------------------------------- how the reserved card was taken


def reserved_then(face_down: bool | None) -> cc.GameState:
    """Seat 0 bought the Envoy at the castle and reserved the Squire; then (unless ``None``) took it on their next
    turn, face up or face down; seat 1 takes a plain card each turn."""
    state = at_the_castle().apply(take("Envoy")).apply(Reserve("Squire"))
    state = state.apply(take(next(c.name for c in state.row(state.messenger) if c.name != "Hermit")))
    if face_down is not None:
        state = state.apply(TakeReserved((1, 0), face_down=face_down))
    return state


def envoy_points(state: cc.GameState) -> int:
    sheet = state.provisional_scores()[0]
    return sum(points for y, row in enumerate(sheet.names) for x, name in enumerate(row)
               for points in (sheet.cards[y][x],) if name == "Envoy")


def finish(state: cc.GameState, seed: int = 5) -> cc.GameState:
    """Play to the end without taking a reserved card nor reserving one more."""
    rng = random.Random(seed)
    while not state.is_over:
        moves = [a for a in state.legal_actions() if not isinstance(a, TakeReserved)]
        state = state.apply(rng.choice(moves))
    return state


def test_the_condition_is_written_said_and_formatted_back() -> None:
    for text, side in (("you took your reserved card face up", True), ("you took your reserved card face down", False),
                       ("you took your reserved card", None)):
        card = one("Scribe", f"score 3 if {text}")
        assert card.scoring == (m.ScoreIf(3, m.TookReserved(side)),) and card.scoring[0].ccl() == f"score 3 if {text}"
        assert parse_text(format_card(card))[0] == card
    assert ENVOY.scoring[0].describe() == ("Score 3 if you took your reserved card face up (one of your tableau's "
                                           "cards came from your reserve).")


def test_the_condition_of_a_group_is_refused() -> None:
    with pytest.raises(cc.CardValidationError, match="whether you took your reserved card is about you"):
        one("Scribe", "score 1 per row with you took your reserved card")


def test_the_envoy_scores_3_when_its_reserved_card_was_taken_face_up() -> None:
    state = reserved_then(face_down=False)
    assert [c.from_reserve for c in state.tableau(0)] == [None, "face up"]
    assert envoy_points(state) == 3
    assert envoy_points(finish(state)) == 3


def test_the_reserved_card_taken_face_down_scores_the_envoy_nothing() -> None:
    state = reserved_then(face_down=True)
    assert [c.from_reserve for c in state.tableau(0)] == [None, "face down"]
    assert envoy_points(state) == 0
    assert one("Scribe", "score 2 if you took your reserved card face down").scoring[0] != ENVOY.scoring[0]


def test_a_reserved_card_never_taken_scores_the_envoy_nothing() -> None:
    state = finish(reserved_then(face_down=None))
    assert state.reserved_at_end[0] and envoy_points(state) == 0


def test_nothing_reserved_scores_the_envoy_nothing() -> None:
    state = at_the_castle()
    village = state.locations[1]
    gone = village.replace(deck=(), row=(), removed=village.deck + village.row, exhausted=True)
    state = state.replace(locations=(state.locations[0], gone)).apply(take("Envoy"))
    assert envoy_points(state) == 0


def test_the_envoy_taken_face_down_reserves_nothing_and_scores_nothing() -> None:
    state = at_the_castle().apply(take("Envoy", face_down=True))
    assert state.players[0].reserved == () and envoy_points(state) == 0


def test_how_the_reserved_card_was_taken_is_saved_on_that_card_only_and_replayed() -> None:
    state = reserved_then(face_down=False)
    data = json.loads(cc.dumps(state))
    cells = data["players"][0]["tableau"]
    assert cells[1]["from_reserve"] == "face up" and "from_reserve" not in cells[0]
    assert cc.loads(cc.dumps(state), rules=RULES) == state
    assert cc.replay(state.record(), rules=RULES) == state
    down = reserved_then(face_down=True)
    assert json.loads(cc.dumps(down))["players"][0]["tableau"][1]["from_reserve"] == "face down"
    assert cc.loads(cc.dumps(down), rules=RULES) == down


def test_a_save_with_an_impossible_from_reserve_is_refused_naming_the_place_and_the_fix() -> None:
    data = {**json.loads(cc.dumps(reserved_then(face_down=False))), "history": [], "origin": None}
    bad = json.loads(json.dumps(data))
    bad["players"][0]["tableau"][1]["from_reserve"] = "sideways"
    with pytest.raises(cc.RecordError, match=r"from_reserve.*expected how the card was taken from its owner's "
                                             r"reserve, \"face up\" or \"face down\""):
        cc.loads(json.dumps(bad), rules=RULES)
    upside = json.loads(json.dumps(data))
    upside["players"][0]["tableau"][1]["face_down"] = True
    with pytest.raises(cc.RecordError, match=r"\$\.players\[0\]\.tableau\[1\]\.from_reserve: a card taken face "
                                             r"up from the reserve lies face up"):
        cc.loads(json.dumps(upside), rules=RULES)
    plain = ruleset(one("Envoy", "", "deck castle   cost 3   shields nobility   messenger"), NOBLE, SQUIRE,
                    one("Hermit", "", "deck village   cost 0   shields faith"))
    with pytest.raises(cc.RecordError, match=r"no card of this ruleset reserves a card .*remove \"from_reserve\""):
        cc.loads(json.dumps(data), rules=plain)


def test_a_score_scenario_says_which_card_was_taken_from_the_reserve() -> None:
    grid = [["Envoy", "Squire", "c0"], ["c1", "c2", "c3"], ["c4", "c5", "face-down"]]
    assert cc.score_tableau(grid, rules=RULES).cards[0][0] == 0
    assert cc.score_tableau(grid, rules=RULES, from_reserve="Squire").cards[0][0] == 3
    assert cc.score_tableau(grid, rules=RULES, from_reserve="face-down").cards[0][0] == 0
    assert score_scenario({"grid": grid, "from_reserve": "Squire"}, rules=RULES).cards[0][0] == 3
    with pytest.raises(cc.ScenarioError, match=r"\$\.from_reserve: Noble is not face up in the grid"):
        cc.score_tableau(grid, rules=RULES, from_reserve="Noble")
    with pytest.raises(cc.ScenarioError, match=r"\$\.from_reserve: expected the name of the card of the grid"):
        score_scenario({"grid": grid, "from_reserve": 3}, rules=RULES)
    full = [["Envoy", "Squire", "c0"], ["c1", "c2", "c3"], ["c4", "c5", "c6"]]
    with pytest.raises(cc.ScenarioError, match=r"\$\.from_reserve: the grid has no face-down card"):
        cc.score_tableau(full, rules=RULES, from_reserve="face-down")
    plain = ruleset(one("Envoy", "score 3 if you took your reserved card face up",
                        "deck castle   cost 3   shields nobility"), SQUIRE)
    with pytest.raises(cc.ScenarioError, match=r"(?s)no card of this ruleset reserves a card.*remove \"from_reserve\""):
        cc.score_tableau(grid, rules=plain, from_reserve="Squire")


def test_a_card_taken_face_down_from_the_reserve_and_turned_face_up_later_was_still_taken_face_down() -> None:
    restorer = one("Restorer", "when bought: turn a face-down card face up", "deck village   cost 0   shields faith")
    rules = ruleset(ENVOY, NOBLE, SQUIRE, restorer)
    state = game(rules, castle=["Envoy", "Noble", "c0"], village=["Squire", "v0", "Restorer", "v1", "v2", "v3"])
    state = state.apply(cc.UseKey(cc.KeyUse.MOVE)).apply(take("Envoy")).apply(Reserve("Squire")).apply(take("v0"))
    state = state.apply(TakeReserved((1, 0), face_down=True)).apply(take("v1", 1, 0))
    state = state.apply(take("Restorer", 2, 0))  # the only face-down card, the Squire, is turned face up
    assert [(c.card.name, c.face_down, c.from_reserve) for c in state.tableau(0)] == [
        ("Envoy", False, None), ("Squire", False, "face down"), ("Restorer", False, None)]
    assert envoy_points(state) == 0
    assert cc.loads(cc.dumps(state), rules=rules) == state
