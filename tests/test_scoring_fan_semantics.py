"""Fan-only semantics of the end of the game (the rules page, "The end of the game"), one test per ruling.

* ``castle-combo score`` plays the end of the game as the rules do: the
  scenario's "at the end of the game" effects resolve before the score, by
  the rules' own trigger code, or the scenario is refused with the reason;
* the leftover gold goes where it is worth most to its owner, automatically;
* a score scenario sets every quantity the counts read: every player's
  tableau, gold, keys and stored gold.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from engine_kit import ruleset

import castle_combo as cc
from castle_combo.cli import main
from castle_combo.engine.compiled import compiled
from castle_combo.engine.scoring import ScenarioSeat, load_scenario, purse_values
from castle_combo.errors import ScenarioError
from castle_combo.language import parse_text

FD = "face-down"


def one(name: str, body: str, facts: str = "deck castle   cost 0   shields nobility") -> cc.Card:
    (card,) = parse_text(f'card "{name}" {{\n    {facts}\n    {body}\n}}\n')
    return card


def grid(*names: str) -> list[list[str]]:
    """Up to nine names in reading order, castle fillers (c0, c1, ...) after them."""
    filled = list(names) + [f"c{i}" for i in range(9 - len(names))]
    return [filled[0:3], filled[3:6], filled[6:9]]


def others(*names: str) -> list[list[str]]:
    """A grid of village fillers (v0, v1, ...) after ``names``: another player's tableau."""
    filled = list(names) + [f"v{i}" for i in range(9 - len(names))]
    return [filled[0:3], filled[3:6], filled[6:9]]


# ---------------------------------------------------------------- the end of the game's effects


def test_score_runs_the_end_of_game_effects_of_the_scenarios_cards() -> None:
    hoarder = one("Hoarder", "at the end of the game: gain 1 key per castle banner")
    sheet = cc.score_tableau(grid("Hoarder"), keys=2, rules=ruleset(hoarder))
    assert sheet.keys == 2 + 9 and sheet.total == 11


def test_the_score_command_runs_them_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "fan.ccl").write_text('card "Hoarder" {\n    deck castle   cost 2   shields faith\n'
                                      "    at the end of the game: gain 3 keys\n}\n", encoding="utf-8")
    standard = cc.Ruleset.standard()
    names = ["Hoarder", *[card.name for card in standard.cards if card.purse is None][:8]]
    scenario = {"grid": [names[0:3], names[3:6], names[6:9]], "keys": 1, "gold": 0}
    (tmp_path / "tableau.json").write_text(json.dumps(scenario), encoding="utf-8")
    assert main(["score", str(tmp_path / "tableau.json"), "--cards", str(tmp_path / "fan.ccl"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["keys"] == 4


def test_end_of_game_effects_that_take_from_opponents_read_the_scenarios_opponents() -> None:
    thief = one("Thief", "at the end of the game: take 3 gold from each opponent")
    miser = one("Miser", "score 1 per gold")
    rules = ruleset(thief, miser)
    rich = cc.score_tableau(grid("Thief", "Miser"), gold=1, rules=rules, opponents=[{"grid": others(), "gold": 5}])
    poor = cc.score_tableau(grid("Thief", "Miser"), gold=1, rules=rules, opponents=[{"grid": others(), "gold": 2}])
    assert (rich.gold_left, rich.total) == (4, 4)
    assert (poor.gold_left, poor.total) == (3, 3)


def test_end_of_game_effects_resolve_seat_by_seat_from_the_first_player() -> None:
    """The opponent first: they take the gold before the scored player's card counts it."""
    counter = one("Counter", "at the end of the game: gain 1 key per gold")
    thief = one("Thief", "at the end of the game: take 2 gold from each opponent")
    rules = ruleset(counter, thief)
    opponent = {"grid": others("Thief")}
    me_first = cc.score_tableau(grid("Counter"), gold=2, rules=rules, opponents=[opponent])
    them_first = cc.score_tableau(grid("Counter"), gold=2, rules=rules, opponents=[opponent], first_player=1)
    assert (me_first.keys, me_first.gold_left) == (2, 0)
    assert (them_first.keys, them_first.gold_left) == (0, 0)


def test_a_face_down_cards_end_of_game_effect_does_not_resolve() -> None:
    hoarder = one("Hoarder", "at the end of the game: gain 3 keys")
    sheet = cc.score_tableau([[FD, "c0", "c1"], ["c2", "c3", "c4"], ["c5", "c6", "c7"]], rules=ruleset(hoarder))
    assert sheet.keys == 0


@pytest.mark.parametrize(("body", "why"), [
    ("at the end of the game: gain 1 gold per card in the castle row", "counts the castle row"),
    ("at the end of the game: gain 1 key per card in the village discard pile", "counts the village discard pile"),
    ("at the end of the game: discard the castle row", "discards from a row"),
])
def test_score_refuses_a_scenario_whose_end_of_game_effect_reads_the_locations_and_says_why(body: str,
                                                                                            why: str) -> None:
    reader = one("Reader", body)
    with pytest.raises(ScenarioError) as caught:
        cc.score_tableau(grid("Reader"), rules=ruleset(reader))
    message = str(caught.value)
    assert message.startswith(f"$: Reader's \"at the end of the game\" effect {why}; a score scenario holds the "
                              "players' tableaux, gold and keys only")
    assert "\nhint: " in message


def test_score_refuses_turning_face_down_cards_face_up_but_not_when_there_is_none() -> None:
    revealer = one("Revealer", "at the end of the game: turn every face-down card face up")
    rules = ruleset(revealer)
    assert cc.score_tableau(grid("Revealer"), rules=rules).total == 0
    with pytest.raises(ScenarioError, match="turns face-down cards face up, and a scenario does not say which"):
        cc.score_tableau(grid("Revealer", FD), rules=rules)


def test_an_opponents_unscorable_effect_is_named_by_its_path() -> None:
    reader = one("Reader", "at the end of the game: gain 1 gold per card in the castle row")
    with pytest.raises(ScenarioError, match=r"^\$\.opponents\[0\]: Reader's"):
        cc.score_tableau(grid(), rules=ruleset(reader), opponents=[{"grid": others("Reader")}])


# ---------------------------------------------------------------- where the leftover gold goes


def test_leftover_gold_goes_on_the_purse_cards_worth_most_first() -> None:
    low = one("Low", "score 1 per gold on this card", "deck castle   cost 0   shields nobility   purse 3")
    high = one("High", "score 2 per gold on this card", "deck castle   cost 0   shields nobility   purse 4")
    hidden = one("Hidden", "", "deck castle   cost 0   shields nobility   purse 5")
    sheet = cc.score_tableau(grid("Hidden", "Low", "c8", "High"), gold=6, rules=ruleset(low, high, hidden))
    assert sheet.stored == ((0, 2, 0), (4, 0, 0), (0, 0, 0))
    assert (sheet.total, sheet.gold_left) == (10, 0)


def test_the_total_does_not_depend_on_where_the_purse_cards_lie() -> None:
    """The issue's measure: two purse cards swapped gave 44 and 53; the owner's best total is one number."""
    vault = one("Vault", "score 3 per gold on this card", "deck castle   cost 0   shields nobility   purse 5")
    jar = one("Jar", "score 1 per gold on this card", "deck castle   cost 0   shields nobility   purse 5")
    rules = ruleset(vault, jar)
    first = cc.score_tableau(grid("Vault", "Jar"), gold=7, rules=rules)
    swapped = cc.score_tableau(grid("Jar", "Vault"), gold=7, rules=rules)
    assert first.total == swapped.total == 5 * 3 + 2 * 1
    assert first.gold_left == swapped.gold_left == 0


def test_the_amount_stored_is_still_as_much_as_fits() -> None:
    """Only where the gold goes is chosen: a card that would rather keep gold in the supply cannot."""
    miser = one("Miser", "score 5 per gold", "deck castle   cost 0   shields nobility   purse 2")
    sheet = cc.score_tableau(grid("Miser"), gold=3, rules=ruleset(miser))
    assert sheet.stored[0][0] == 2 and sheet.gold_left == 1 and sheet.total == 5


def test_every_placement_is_tried_when_a_card_reads_stored_gold_another_way() -> None:
    """'per card holding gold' rewards spreading the gold: reading order (or worth) would pile it on one card."""
    banker = one("Banker", "score 3 per card holding gold")
    pot = one("Pot", "", "deck village   cost 0   shields faith   purse 3")
    pan = one("Pan", "", "deck village   cost 0   shields faith   purse 3")
    rules = ruleset(banker, pot, pan)
    sheet = cc.score_tableau(grid("Banker", "Pot", "Pan"), gold=2, rules=rules)
    assert sheet.stored[0] == (0, 1, 1)
    assert sheet.total == 6
    assert purse_values(compiled(rules)).readers == frozenset({compiled(rules).ids["Banker"]})


def test_among_equal_totals_the_first_purse_cards_in_reading_order_get_the_gold() -> None:
    village = one("Villager", "score 1 per gold on village cards")
    a = one("A", "", "deck village   cost 0   shields faith   purse 3")
    b = one("B", "", "deck village   cost 0   shields faith   purse 3")
    sheet = cc.score_tableau(grid("Villager", "A", "B"), gold=4, rules=ruleset(village, a, b))
    assert sheet.stored[0] == (0, 3, 1) and sheet.total == 4


def test_with_the_standard_cards_purses_still_fill_in_reading_order_and_no_search_runs() -> None:
    """Every standard purse card scores 2 per gold on it: the total does not depend on placement."""
    standard = cc.Ruleset.standard()
    values = purse_values(compiled(standard))
    assert values.readers == frozenset()
    assert {values.worth[compiled(standard).ids[c.name]] for c in standard.cards if c.purse is not None} == {2}
    plain = [c.name for c in standard.cards if c.purse is None][:6]
    sheet = cc.score_tableau([["Steward", plain[0], "Queen Mother"], [plain[1], "Innkeeper", plain[2]],
                              [plain[3], plain[4], plain[5]]], gold=7)
    # Reading order: the Steward (3) fills, then the Queen Mother takes 4 of her 5; the Innkeeper nothing.
    assert sheet.stored == ((3, 0, 4), (0, 0, 0), (0, 0, 0))
    assert sheet.cards[0] == (6, 0, 8) and sheet.gold_left == 0


# ---------------------------------------------------------------- every quantity of every player


def test_a_scenario_sets_every_players_tableau_gold_and_keys() -> None:
    judge = one("Judge", "score 1 per opponent with more gold than you")
    keeper = one("Keeper", "score 4 if more keys than each opponent")
    rules = ruleset(judge, keeper)
    data = {"grid": grid("Judge", "Keeper"), "gold": 3, "keys": 2,
            "opponents": [{"grid": others(), "gold": 5, "keys": 1}, {"grid": others(*[f"v{i}" for i in range(9, 18)]),
                                                                   "gold": 1, "keys": 3}]}
    sheet = cc.score_tableau(**_args(load_scenario(data)), rules=rules)
    assert sheet.cards[0][:2] == (1, 0)  # one opponent has more gold; one has more keys
    data["opponents"][1]["keys"] = 0  # type: ignore[index]
    assert cc.score_tableau(**_args(load_scenario(data)), rules=rules).cards[0][:2] == (1, 4)


def test_the_others_gold_is_theirs_before_their_purses_fill_and_their_stored_gold_is_read() -> None:
    rich = one("Rich", "score 5 if more gold on purses than each opponent")
    pot = one("Pot", "", "deck village   cost 0   shields faith   purse 4")
    rules = ruleset(rich, pot)
    behind = [{"grid": others("Pot"), "gold": 3, "purse_gold": {"Pot": 1}}]  # 1 + 3 = 4 on the Pot at the end
    assert cc.score_tableau(grid("Rich"), rules=rules, opponents=behind).cards[0][0] == 0
    mine = one("Mine", "", "deck castle   cost 0   shields nobility   purse 9")
    rules = ruleset(rich, pot, mine)
    assert cc.score_tableau(grid("Rich", "Mine"), gold=5, rules=rules, opponents=behind).cards[0][0] == 5


def test_neighbours_may_carry_gold_and_keys_as_objects() -> None:
    scenario = load_scenario({"grid": grid(), "neighbours": [{"grid": others(), "gold": 4, "keys": 2}, others()]})
    assert scenario.neighbours == () and scenario.opponents[0] == ScenarioSeat(
        tuple(map(tuple, others())), keys=2, gold=4)
    old = load_scenario({"grid": grid(), "neighbours": [others()]})
    assert old.neighbours == (tuple(map(tuple, others())),) and old.opponents == ()


@pytest.mark.parametrize(("data", "message"), [
    ({"grid": grid(), "neighbours": [], "opponents": []}, "$.opponents: give either neighbours"),
    ({"grid": grid(), "opponents": [{"grid": others()}] * 5}, "$.opponents: expected a list of at most 4"),
    ({"grid": grid(), "opponents": [{"grid": others(), "cash": 1}]}, "$.opponents[0].cash: unknown field"),
    ({"grid": grid(), "opponents": [{"gold": 1}]}, "$.opponents[0].grid: missing"),
    ({"grid": grid(), "opponents": [{"grid": others(), "keys": -1}]}, "$.opponents[0].keys: expected a whole number"),
    ({"grid": grid(), "first_player": 2}, "$.first_player: expected a seat from 0 (the scored player) to 1"),
])
def test_a_bad_scenario_names_the_json_path(data: dict[str, object], message: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        load_scenario(data)
    assert str(caught.value).startswith(message)


def test_every_card_exists_once_across_every_players_grid() -> None:
    with pytest.raises(ScenarioError, match=r"\$\.opponents\[0\]\.grid\[0\]\[0\]: c0 is already at \$\.grid"):
        cc.score_tableau(grid(), rules=ruleset(), opponents=[{"grid": grid()}])


def test_an_opponents_purse_gold_is_checked_against_their_own_grid() -> None:
    pot = one("Pot", "", "deck village   cost 0   shields faith   purse 4")
    with pytest.raises(ScenarioError, match=r"\$\.opponents\[0\]\.purse_gold\['Pot'\]: Pot is not face up in the grid"):
        cc.score_tableau(grid("Pot"), rules=ruleset(pot), opponents=[{"grid": others(), "purse_gold": {"Pot": 1}}])


def _args(scenario: object) -> dict[str, object]:
    """The keyword arguments of :func:`cc.score_tableau` for a loaded scenario."""
    from castle_combo.engine.scoring import Scenario

    assert isinstance(scenario, Scenario)
    return {"grid": scenario.grid, "keys": scenario.keys, "gold": scenario.gold,
            "purse_gold": dict(scenario.purse_gold), "neighbours": scenario.neighbours,
            "opponents": scenario.opponents, "first_player": scenario.first_player}


# ---------------------------------------------------------------- cards that share a trait


def test_a_face_down_card_shares_no_banner_and_is_never_different_either() -> None:
    """The rules page's ruling "Cards that share a banner, a shield type or a cost", with its numbers."""
    mason = one("Mason", "score 4 per line sharing a banner")
    herald = one("Herald", "score 5 if no two cards in row share a cost", "deck castle   cost 3   shields military")
    cheap = one("Cheap", "score 1 per key", "deck castle   cost 1   shields faith")
    dear = one("Dear", "score 1 per key", "deck castle   cost 2   shields faith")
    rules = ruleset(mason, herald, cheap, dear)

    def points(name: str, names: list[str]) -> int:
        cells = grid(*names)
        sheet = cc.score_tableau(cells, rules=rules)
        (found,) = [sheet.cards[y][x] for y, row in enumerate(cells) for x, entry in enumerate(row) if entry == name]
        return found

    # Every row and column of castle cards shares a banner: 6 lines; a face-down card breaks its row and column.
    assert points("Mason", ["Mason", "Cheap", "Dear"]) == 24
    assert points("Mason", ["Mason", "Cheap", FD]) == 16
    # Three different costs: no two share one; a face-down card shows no cost, and the rule does not hold.
    assert points("Herald", ["Herald", "Cheap", "Dear"]) == 5
    assert points("Herald", ["Herald", "Cheap", FD]) == 0
