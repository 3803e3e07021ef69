"""Impossible saves are refused: a save is checked by replaying its history, or against the rules it must keep.

A save's pending decision used to be trusted: an edited number of options, a
wrong card index or an unknown kind loaded and then crashed the engine
(KeyError, IndexError, StopIteration) or exhausted memory; and many hand-made
impossible saves loaded (a stuck position, a second lock opened in one turn,
999 gold at turn 0, a history that does not produce the state). Now:

* a save that carries its origin is played again from it, and everything
  stored beside the history must be what the history gives: the error names
  the first field that is not;
* a save without origin (a seat's view, a position built by hand) must keep
  the rules' invariants (the docs' security page lists them).

``loads(dumps(state)) == state`` still holds for every honest state.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import castle_combo as cc

OUBLIETTE = cc.Ruleset.standard().with_expansion("out-of-the-oubliette")


def states(seed: int, players: int = 3) -> list[cc.GameState]:
    """Every state of one game of the expansion, locks opened often (so every kind of decision comes up)."""
    state = cc.new_game(players=players, seed=seed, rules=OUBLIETTE)
    rng = random.Random(seed)
    found = [state]
    while not state.is_over:
        legal = state.legal_actions()
        opens = [a for a in legal if isinstance(a, cc.Unlock)]
        state = state.apply(opens[0] if opens and rng.random() < 0.7 else rng.choice(legal))
        found.append(state)
    return found


GAMES = [states(seed) for seed in range(4)]


def pending_of(kind: str) -> cc.GameState:
    """A state of :data:`GAMES` owing a decision of ``kind``."""
    return next(s for game in GAMES for s in game if s.pending is not None and s.pending.decision.kind == kind)


def saved(state: cc.GameState) -> dict[str, Any]:
    return json.loads(cc.dumps(state))


def refused(doc: dict[str, Any], match: str) -> str:
    with pytest.raises(cc.RecordError, match=match) as caught:
        cc.loads(doc, rules=OUBLIETTE)
    return str(caught.value)


# ------------------------------------------------------- pending decisions, replayed

@pytest.mark.parametrize(
    ("kind", "edit"),
    [("choose", lambda d: d.__setitem__("options", 10**12)),
     ("choose", lambda d: d.__setitem__("options", 7)),
     ("adjacent", lambda d: d.__setitem__("candidates", [8])),
     ("adjacent", lambda d: d.__setitem__("candidates", [])),
     ("discard", lambda d: d.__setitem__("deck", "castle" if d["deck"] == "village" else "village")),
     ("row", lambda d: d.__setitem__("decks", ["castle"])),
     ("unlock_or_pass", lambda d: d.__setitem__("locks", [0, 0])),
     ("choose", lambda d: d.__setitem__("kind", "teleport"))],
    ids=["options-10**12", "options-7", "index-beyond-the-tableau", "no-candidate", "the-other-row",
         "one-row-of-two", "a-lock-twice", "unknown-kind"],
)
def test_an_edited_pending_decision_is_refused_never_trusted(kind: str, edit: Callable[[Any], None]) -> None:
    doc = saved(pending_of(kind))
    edit(doc["pending"]["decision"])
    message = refused(doc, r"\$\.pending")
    assert len(message) < 400


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["choose", "adjacent", "discard", "row", "unlock_or_pass"]), st.data())
def test_a_pending_decision_edited_in_any_way_is_refused_or_plays_on_with_castle_combo_errors_only(
    kind: str, data: st.DataObject
) -> None:
    """Frames, steps, indices and the decision itself: no edit may reach the engine as a crash."""
    doc = saved(pending_of(kind))
    pending = doc["pending"]
    leaves = [("decision", key) for key in pending["decision"] if key != "kind"] + [("step",), ("resume",)]
    leaves += [("frames", k, key) for k in range(len(pending["frames"])) for key in pending["frames"][k]]
    where = data.draw(st.sampled_from(leaves))
    node = pending
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = data.draw(st.one_of(
        st.integers(-3, 12), st.just(10**12), st.lists(st.integers(-2, 10), max_size=4),
        st.sampled_from(["castle", "village", "start", "take", "taken", "end", "", None, True]),
        st.lists(st.lists(st.integers(0, 3), max_size=4), max_size=3)))
    try:
        state = cc.loads(doc, rules=OUBLIETTE)
    except cc.RecordError:
        return
    rng = random.Random(1)
    while not state.is_over:  # an edit that keeps the save honest must play on like the original
        state = state.apply(rng.choice(state.legal_actions()))


# ------------------------------------------------------- a save with its origin is replayed

def mid_game() -> cc.GameState:
    return GAMES[1][len(GAMES[1]) // 2]


@pytest.mark.parametrize(
    ("edit", "where"),
    [(lambda d: d["players"][0].__setitem__("gold", d["players"][0]["gold"] + 1), r"\$\.players\[0\]\.gold"),
     (lambda d: d["players"][2].__setitem__("keys", d["players"][2]["keys"] + 1), r"\$\.players\[2\]\.keys"),
     (lambda d: d.__setitem__("rng", (d["rng"] + 1) % 2**64), r"\$\.rng"),
     (lambda d: d.__setitem__("opened_lock", not d["opened_lock"]), r"\$\.opened_lock|\$\.pending|\$\.locations"),
     (lambda d: d["locations"]["castle"].__setitem__("deck", d["locations"]["castle"]["deck"][::-1]),
      r"\$\.locations\.castle\.deck\[0\]"),
     (lambda d: d["history"].pop(), r"\$\.|the save says"),
     (lambda d: d["history"].__setitem__(slice(0, 2), d["history"][1::-1]), r"\$\.history\[\d+\]|the save says")],
    ids=["one-more-gold", "one-more-key", "the-generator", "a-second-lock-this-turn", "the-deck-reordered",
         "a-move-dropped", "two-moves-swapped"],
)
def test_a_save_with_its_origin_must_be_what_its_history_gives(edit: Callable[[Any], None], where: str) -> None:
    doc = saved(mid_game())
    edit(doc)
    refused(doc, where)


def test_the_first_difference_is_named_with_both_values() -> None:
    doc = saved(mid_game())
    honest = doc["players"][1]["gold"]
    doc["players"][1]["gold"] = 999
    message = refused(doc, r"^\$\.players\[1\]\.gold: the save says 999, but its history, played from its "
                           rf"origin, gives {honest}")
    assert "a save must be what its moves make" in message


def test_999_gold_at_turn_0_is_refused_with_and_without_an_origin() -> None:
    doc = saved(GAMES[0][0])
    doc["players"][0]["gold"] = 999
    refused(copy.deepcopy(doc), r"\$\.players\[0\]\.gold: before any card is taken, seat 0 has 15, not 999")
    view = saved(GAMES[0][0].view(1))
    view["players"][2]["keys"] = 9
    refused(view, r"\$\.players\[2\]\.keys: before any card is taken, seat 2 has 2, not 9")


# ------------------------------------------------------- a save without origin keeps the rules

def test_a_stuck_position_with_empty_rows_nothing_can_refill_is_refused() -> None:
    view = saved(GAMES[2][30].view(0))
    for deck in ("castle", "village"):
        location = view["locations"][deck]
        location["removed"] = location["deck"] + location["row"] + location["discard"]
        location["deck"], location["row"], location["discard"] = [], [], []
    refused(view, r"\$\.locations\.(castle|village)")


def test_a_row_short_of_cards_at_the_start_of_a_turn_is_refused_unless_a_lock_was_opened() -> None:
    state = next(s for s in GAMES[2][10:] if s.phase is cc.Phase.START and not s.opened_lock)
    view = saved(state.view(0))
    view["locations"]["village"]["discard"].append(view["locations"]["village"]["row"].pop())
    refused(view, r"\$\.locations\.village\.row: 2 cards at the start of a turn; rows are refilled at the end of "
                  "every turn")


def test_a_view_whose_history_took_other_cards_than_its_tableaux_hold_is_refused() -> None:
    view = saved(next(s for s in GAMES[3] if s.taken >= 6).view(2))
    seat, k = next((seat, k) for seat, player in enumerate(view["players"])
                   for k, cell in enumerate(player["tableau"]) if not cell["face_down"] and not cell["gold"]
                   and not cell["key"])
    view["players"][seat]["tableau"][k]["face_down"] = True  # taken face up, shown face down
    refused(view, rf"\$\.players\[{seat}\]\.tableau\[{k}\]: is not what \$\.history\[\d+\] took")


def test_a_pending_decision_in_a_view_is_asked_again_not_trusted() -> None:
    view = saved(pending_of("choose").view(0))
    view["pending"]["decision"]["options"] = 3
    refused(view, r"\$\.pending\.decision")


# ------------------------------------------------------- honest saves still load

def test_every_honest_state_view_and_sampled_state_saves_and_loads_as_it_was() -> None:
    rng = random.Random(5)
    for game in GAMES[:2]:
        for state in game[::3]:
            assert cc.loads(cc.dumps(state), rules=OUBLIETTE) == state
            view = state.view(rng.randrange(len(state.players)))
            assert cc.loads(cc.dumps(view), rules=OUBLIETTE) == view
            sampled = view.determinize(rng)
            assert cc.loads(cc.dumps(sampled), rules=OUBLIETTE) == sampled
    replayed = cc.replay({"players": 2, "seed": 3, "reshuffles": [{"deck": "castle", "order": []}]})
    assert replayed.script and cc.loads(cc.dumps(replayed)) == replayed  # reshuffles still to come kept
