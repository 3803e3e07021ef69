"""A scoring rule that reads the reserve (the Quartermaster): ``score 4 if you have no reserved card``.

Rulings (the rules page, "A reserved card"): a scoring rule reads each player's reserve as it stood when the
last turn ended, before the reserved cards never taken are discarded (``GameState.reserved_at_end`` keeps it
for scoring; no seat field). "No reserved card" holds when nothing was reserved and when the card reserved was
taken: the two are not told apart, and need not be. A card bought as the 9th card reserves a card that can never
be taken, so it ends the game reserved; a card taken face down reserves nothing and scores nothing. A score read
before the end (``provisional_scores``) reads the reserve held now. ``at the end of the game:`` effects come after
the discard, so the condition stays refused there. A score scenario says a reserve with ``"reserved": "Nun"``.
"""

from __future__ import annotations

import json
import random

import naive_language as judge
import pytest
from engine_kit import game, one, ruleset, take
from language_random import Case
from test_rules_reserve import NOBLE, NOTARY

import castle_combo as cc
from castle_combo.engine.actions import KeyUse, Reserve, TakeReserved, UseKey
from castle_combo.engine.counting import compile_scoring
from castle_combo.engine.scoring import score_scenario
from castle_combo.errors import RecordError, ScenarioError
from castle_combo.language import format_card, parse_text
from castle_combo.language import model as m

CASTLE = "deck castle   cost 3   shields military"
QUARTERMASTER = one("Quartermaster", "when bought: reserve a card from either row\n    score 4 if you have no "
                    "reserved card", CASTLE)
WARDEN = one("Warden", "score 1 per opponent with a reserved card", "deck castle   cost 0   shields military")
RULES = ruleset(QUARTERMASTER, NOBLE, NOTARY, WARDEN)


def _fillers(state: cc.GameState) -> cc.GameState:
    """Take the first card of the messenger's row at the first free spot (plain fillers: no ability)."""
    seat = state.current_player
    return state.apply(cc.Take(state.row(state.messenger)[0].name, state.players[seat].spots[0]))


def _bought() -> cc.GameState:
    """Seat 0 moved the messenger to the castle with a key, bought the Quartermaster and reserved the Noble; seat 1
    took a village card: seat 0 to play, holding the Noble."""
    state = game(RULES, castle=["Quartermaster", "Noble", "c0"], village=["v0", "v1", "v2", "v3"])
    state = state.apply(UseKey(KeyUse.MOVE)).apply(take("Quartermaster"))
    assert state.pending is not None  # which card to reserve
    state = state.apply(Reserve("Noble"))
    return state.apply(cc.Take(state.row(cc.Deck.CASTLE)[0].name, (0, 0)))


def _to_the_end(state: cc.GameState) -> cc.GameState:
    """Both seats take a row's first card until the game ends, never the reserved card."""
    while not state.is_over:
        state = _fillers(state)
    return state


def _points(state: cc.GameState, seat: int, name: str, sheets: tuple[cc.ScoreSheet, ...] | None = None) -> int:
    sheet = (sheets or state.scores())[seat]
    return next(p for names, points in zip(sheet.names, sheet.cards, strict=True)
                for n, p in zip(names, points, strict=True) if n == name)


def test_the_quartermaster_is_written_said_and_formatted_back() -> None:
    assert QUARTERMASTER.scoring == (m.ScoreIf(4, m.HasReserved(False)),)
    assert QUARTERMASTER.scoring[0].describe() == (
        "Score 4 if you have no reserved card when the game ends (one reserved and never taken).")
    assert WARDEN.scoring[0].describe() == (
        "Score 1 per opponent who has a reserved card when the game ends (one reserved and never taken).")
    for card in (QUARTERMASTER, WARDEN):
        assert parse_text(format_card(card)) == (card,)


def test_a_reserve_is_still_refused_at_the_end_of_the_game_which_comes_after_its_discard() -> None:
    with pytest.raises(cc.CardValidationError, match="before the end of the game's abilities"):
        one("Hoarder", "at the end of the game: gain 2 gold if you have no reserved card", CASTLE)


def test_a_card_still_reserved_when_the_game_ends_scores_the_quartermaster_nothing() -> None:
    state = _to_the_end(_bought())
    noble = state.engine.ids["Noble"]
    assert all(not p.reserved for p in state.players)  # discarded, as before
    assert noble in state.location(cc.Deck.CASTLE).discard
    assert state.reserved_at_end == ((noble,), ())
    assert _points(state, 0, "Quartermaster") == 0


def test_the_reserved_card_taken_later_scores_the_quartermaster_4() -> None:
    state = _bought()
    (up,) = [a for a in state.legal_actions() if isinstance(a, TakeReserved) and not a.face_down][:1]
    state = _to_the_end(state.apply(up))
    assert state.reserved_at_end == ()
    assert _points(state, 0, "Quartermaster") == 4


def test_a_quartermaster_that_reserved_nothing_scores_4_as_one_whose_card_was_taken() -> None:
    """Its rows empty of other cards is not needed: a Quartermaster bought while its owner holds a card reserved
    by a Notary reserves nothing; once that card is taken, no reserved card is held at the end."""
    state = game(RULES, castle=["Quartermaster", "Noble", "c0"], village=["Notary", "v0", "v1", "v2"])
    state = state.apply(take("Notary")).apply(Reserve("Noble"))
    state = _fillers(state)  # seat 1
    state = state.apply(UseKey(KeyUse.MOVE)).apply(cc.Take("Quartermaster", state.players[0].spots[0]))
    assert state.pending is None  # one reserved card at most: nothing asked
    state = _fillers(state)  # seat 1
    (up,) = [a for a in state.legal_actions() if isinstance(a, TakeReserved) and not a.face_down][:1]
    state = _to_the_end(state.apply(up))
    assert _points(state, 0, "Quartermaster") == 4


def test_the_quartermaster_scores_the_seats_reserve_whichever_card_reserved_it() -> None:
    """The reserve is the player's, one card at most: a Notary's card still held at the end costs the
    Quartermaster its 4 points too."""
    state = game(RULES, castle=["Quartermaster", "Noble", "c0"], village=["Notary", "v0", "v1", "v2"])
    state = state.apply(take("Notary")).apply(Reserve("Noble"))
    state = _fillers(state)
    state = state.apply(UseKey(KeyUse.MOVE)).apply(cc.Take("Quartermaster", state.players[0].spots[0]))
    state = _to_the_end(state)
    assert _points(state, 0, "Quartermaster") == 0


def test_the_quartermaster_bought_as_the_ninth_card_scores_nothing() -> None:
    """Its reserve can never be taken: it ends the game reserved."""
    state = game(RULES, castle=["Quartermaster", "Noble", "c0"], village=[f"v{i}" for i in range(20)])
    while len(state.players[0].tableau) < 8 or state.current_player != 0:
        state = _fillers(state)
    state = state.apply(UseKey(KeyUse.MOVE)).apply(cc.Take("Quartermaster", state.players[0].spots[0]))
    state = state.apply(Reserve("Noble"))
    state = _to_the_end(state)
    assert len(state.players[0].tableau) == 9
    assert state.reserved_at_end[0] == (state.engine.ids["Noble"],)
    assert _points(state, 0, "Quartermaster") == 0


def test_the_quartermaster_taken_face_down_reserves_nothing_and_scores_nothing() -> None:
    state = game(RULES, castle=["Quartermaster", "Noble", "c0"], village=["v0", "v1", "v2", "v3"])
    state = state.apply(UseKey(KeyUse.MOVE)).apply(take("Quartermaster", face_down=True))
    assert state.pending is None and not state.players[0].reserved
    state = _to_the_end(state)
    assert state.reserved_at_end == ()
    assert _points(state, 0, "face-down") == 0


def test_a_score_before_the_end_reads_the_reserve_held_now() -> None:
    state = _bought()
    assert _points(state, 0, "Quartermaster", state.provisional_scores()) == 0
    assert state.provisional_score(0) == state.provisional_scores()[0]
    (up,) = [a for a in state.legal_actions() if isinstance(a, TakeReserved) and not a.face_down][:1]
    after = state.apply(up)
    assert _points(after, 0, "Quartermaster", after.provisional_scores()) == 4


def test_per_opponent_with_a_reserved_card_counts_the_opponents_holding_one_at_the_end() -> None:
    state = game(RULES, castle=["Quartermaster", "Warden", "Noble"], village=["v0", "v1", "v2", "v3"])
    state = state.apply(UseKey(KeyUse.MOVE)).apply(take("Quartermaster")).apply(Reserve("Noble"))
    state = state.apply(take("Warden"))  # seat 1, the messenger still at the castle
    state = _to_the_end(state)
    assert _points(state, 1, "Warden") == 1


def test_the_reserve_at_the_end_is_saved_viewed_and_replayed() -> None:
    state = _to_the_end(_bought())
    saved = json.loads(cc.dumps(state))
    assert saved["reserved_at_end"] == [["Noble"], []]
    assert cc.loads(cc.dumps(state), rules=RULES) == state
    assert cc.replay(state.record(), rules=RULES) == state
    assert state.view(1).reserved_at_end == state.reserved_at_end
    assert "reserved_at_end" not in json.loads(cc.dumps(_bought()))  # other saves are unchanged


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(reserved_at_end=[["Nobody"], []]), "no card of the ruleset has the name"),
    (lambda d: d.update(reserved_at_end="Noble"), "expected a list of card names per seat"),
    (lambda d: d.update(reserved_at_end=[["Noble"]]), "expected one list per seat"),
    (lambda d: d.update(reserved_at_end=[["Noble", "Warden"], []]), "one reserved card at most"),
    (lambda d: d.update(reserved_at_end=[[], ["Warden"]]), "discarded when the last turn ended"),
])
def test_a_save_with_a_wrong_reserve_at_the_end_is_refused_naming_the_place(change: object, message: str) -> None:
    data = json.loads(cc.dumps(_to_the_end(_bought())))
    change(data)  # type: ignore[operator]
    with pytest.raises(RecordError, match=message):
        cc.loads(json.dumps(data), rules=RULES)


def test_a_save_before_the_end_keeps_no_reserve_at_the_end() -> None:
    data = json.loads(cc.dumps(_bought()))
    data["reserved_at_end"] = [["Noble"], []]
    with pytest.raises(RecordError, match="only once the last turn has ended"):
        cc.loads(json.dumps(data), rules=RULES)


GRID = [["Quartermaster", "v0", "v1"], ["v2", "v3", "v4"], ["v5", "v6", "v7"]]


def test_a_score_scenario_says_the_card_still_reserved_at_the_end() -> None:
    assert cc.score_tableau(GRID, rules=RULES).cards[0][0] == 4
    assert cc.score_tableau(GRID, rules=RULES, reserved="Noble").cards[0][0] == 0
    scenario = {"grid": GRID, "reserved": "Noble"}
    assert score_scenario(scenario, rules=RULES).cards[0][0] == 0
    warden = [["Warden", "c0", "c1"], ["c2", "c3", "c4"], ["c5", "c6", "c7"]]
    other = [["c8", "c9", "c10"], ["c11", "c12", "c13"], ["c14", "c15", "c16"]]
    mine = {"grid": warden, "opponents": [{"grid": GRID, "reserved": "Noble"}, {"grid": other}]}
    assert score_scenario(mine, rules=RULES).cards[0][0] == 1  # one opponent of two holds one


@pytest.mark.parametrize(("scenario", "message"), [
    ({"grid": GRID, "reserved": 3}, r"\$\.reserved: expected the name of the card still reserved"),
    ({"grid": GRID, "reserved": "Nobody"}, r"\$\.reserved: "),
    ({"grid": GRID, "reserved": "v0"}, r"\$\.reserved: v0 is already at \$\.grid\[0\]\[1\]"),
    ({"grid": GRID, "opponents": [{"grid": GRID, "reserved": "Noble"}]}, r"already at"),
    ({"grid": GRID, "opponents": [{"grid": [["c0", "c1", "c2"], ["c3", "c4", "c5"], ["c6", "c7", "c8"]],
                                   "reserved": True}]}, r"\$\.opponents\[0\]\.reserved: expected the name"),
])
def test_a_scenario_with_a_wrong_reserve_is_refused_naming_the_field(scenario: dict[str, object],
                                                                     message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        score_scenario(scenario, rules=RULES)


def test_a_scenario_reserve_in_a_ruleset_without_a_reserve_card_is_refused() -> None:
    with pytest.raises(ScenarioError, match="no card of this ruleset reserves a card"):
        score_scenario({"grid": [["Guildmaster", "Banker", "Pawnbroker"], ["Glassblower", "His Holiness", "Chaplain"],
                                 ["Cardinal", "Templar", "Gravedigger"]], "reserved": "Nun"})


@pytest.mark.parametrize("seed", range(40))
def test_the_judge_reads_the_reserve_in_a_scoring_rule_as_the_engine_does(seed: int) -> None:
    case = Case(random.Random(seed))
    ctx = judge.Context(case.world, case.owner, case.world.seats[case.owner].cells[case.index])
    for rule in (m.ScoreIf(4, m.HasReserved(False)), m.ScoreIf(-2, m.HasReserved(True)),
                 m.ScorePer(1, m.Per(m.Players(m.PlayerGroup.OPPONENTS, m.HasReserved(True, theirs=True))))):
        score = compile_scoring([rule], case.facts)
        assert score is not None
        assert score(case.table, case.owner, case.index, (0, 0)) == judge.score(rule, ctx), (seed, rule)


def test_the_finished_state_names_the_card_still_reserved_at_the_end() -> None:
    state = _to_the_end(_bought())
    assert state.reserved_card(0) is None  # discarded
    card = state.reserved_card_at_end(0)
    assert card is not None and card.name == "Noble"
    assert state.reserved_card_at_end(1) is None
    assert _bought().reserved_card_at_end(0) is None  # before the last turn ended
