"""JSON for states and records: cattrs converters, ``dumps`` / ``loads``, ``record`` / ``replay``.

Two formats, both plain JSON that names cards by their English names:

* a **state** (``"format": "castle-combo/state@1"``): everything in a
  :class:`~castle_combo.state.GameState`, generator included, so
  ``loads(dumps(s)) == s`` and a loaded state plays on exactly as the
  original would;
* a **game record** (``"format": "castle-combo/record@1"``, DESIGN.md): the
  players, initial deck orders, reshuffle orders and actions, which
  :func:`replay` turns back into the final state (``replay(s.record()) == s``).

Structuring goes through a cattrs converter built once per ruleset (card
names become the engine's integer ids). Strict hooks refuse a string where a
number belongs, and every error becomes a :class:`~castle_combo.errors.RecordError`
naming the JSON path of the bad field, e.g. ``$.actions[3].at: expected [x, y] integers``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from castle_combo.actions import action_from_json
from castle_combo.compiled import Compiled, compiled
from castle_combo.counting import DECKS, Placed
from castle_combo.errors import CastleComboError, IllegalAction, RecordError
from castle_combo.model import Deck
from castle_combo.ruleset import Ruleset
from castle_combo.state import (
    Decision,
    DecisionKind,
    GameState,
    Location,
    Origin,
    Phase,
    PlayerState,
    Reshuffle,
    ScriptedReshuffle,
    recounted,
)

__all__ = ["RECORD_FORMAT", "STATE_FORMAT", "converter", "dumps", "loads", "record", "replay"]

STATE_FORMAT = "castle-combo/state@1"
RECORD_FORMAT = "castle-combo/record@1"


def _fail(path: str, message: str) -> RecordError:
    return RecordError(f"{path}: {message}")


# ------------------------------------------------------------------- converter


def _strict_int(value: Any, _: type) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"expected a whole number, got {value!r}")
    return value


def _strict_bool(value: Any, _: type) -> bool:
    if not isinstance(value, bool):
        raise RecordError(f"expected true or false, got {value!r}")
    return value


def _strict_str(value: Any, _: type) -> str:
    if not isinstance(value, str):
        raise RecordError(f"expected a string, got {value!r}")
    return value


def _build_converter(engine: Compiled) -> cattrs.Converter:
    """The converter for states of one ruleset (card ids <-> names, decks <-> "castle"/"village")."""
    conv = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    conv.register_structure_hook(int, _strict_int)
    conv.register_structure_hook(bool, _strict_bool)
    conv.register_structure_hook(str, _strict_str)

    def card_name(card: int) -> str:
        return engine.name(card)

    def card_id(value: Any, _: Any = None) -> int:
        if not isinstance(value, str):
            raise RecordError(f"expected a card name, got {value!r}")
        card = engine.ids.get(value)
        if card is None:
            from castle_combo.game import _unknown

            raise RecordError(_unknown(engine, value))
        return card

    def names(cards: tuple[int, ...]) -> list[str]:
        return [engine.name(c) for c in cards]

    def ids(value: Any, _: Any = None) -> tuple[int, ...]:
        if not isinstance(value, list):
            raise RecordError(f"expected a list of card names, got {value!r}")
        out = []
        for k, v in enumerate(value):
            try:
                out.append(card_id(v))
            except RecordError as error:
                raise RecordError(f"[{k}]: {error}") from None
        return tuple(out)

    def deck_name(i: int) -> str:
        return DECKS[i].value

    def deck_index(value: Any, _: Any = None) -> int:
        if value == "castle":
            return 0
        if value == "village":
            return 1
        raise RecordError(f"expected \"castle\" or \"village\", got {value!r}")

    def both_decks(orders: tuple[tuple[int, ...], tuple[int, ...]]) -> dict[str, list[str]]:
        return {"castle": names(orders[0]), "village": names(orders[1])}

    def both_decks_in(value: Any, _: Any = None) -> tuple[tuple[int, ...], tuple[int, ...]]:
        if not isinstance(value, dict) or set(value) != {"castle", "village"}:
            raise RecordError("expected {\"castle\": [...], \"village\": [...]}")
        return (ids(value["castle"]), ids(value["village"]))

    as_card = override(unstruct_hook=card_name, struct_hook=card_id)
    as_cards = override(unstruct_hook=names, struct_hook=ids)
    as_deck = override(unstruct_hook=deck_name, struct_hook=deck_index)

    for cls, fields in (
        (Placed, {"card": as_card}),
        (Location, {"deck": as_cards, "row": as_cards, "discard": as_cards, "removed": as_cards}),
        (Decision, {"card": as_card, "deck": as_deck}),
        (Reshuffle, {"deck": as_deck, "order": as_cards}),
        (ScriptedReshuffle, {"deck": as_deck, "order": as_cards}),
        (Origin, {"decks": override(unstruct_hook=both_decks, struct_hook=both_decks_in)}),
    ):
        conv.register_unstructure_hook(cls, make_dict_unstructure_fn(cls, conv, **fields))  # type: ignore[arg-type]
        conv.register_structure_hook(cls, make_dict_structure_fn(cls, conv, **fields))  # type: ignore[arg-type]

    # The aggregates are derived from the tableau: not saved, recomputed on load.
    derived = {"shields": override(omit=True), "banners": override(omit=True), "spots": override(omit=True)}
    conv.register_unstructure_hook(PlayerState, make_dict_unstructure_fn(PlayerState, conv, **derived))  # type: ignore[arg-type]
    plain_player = make_dict_structure_fn(PlayerState, conv, **derived)  # type: ignore[arg-type]

    def player_in(value: Any, _: Any) -> PlayerState:
        return recounted(plain_player(value, PlayerState), engine)

    conv.register_structure_hook(PlayerState, player_in)

    return conv


_CONVERTERS: dict[int, tuple[Compiled, cattrs.Converter]] = {}


def converter(rules: Ruleset) -> cattrs.Converter:
    """The cattrs converter for states played with ``rules`` (built once per ruleset)."""
    engine = compiled(rules)
    entry = _CONVERTERS.get(id(engine))
    if entry is None or entry[0] is not engine:
        entry = _CONVERTERS[id(engine)] = (engine, _build_converter(engine))
    return entry[1]


def _message(error: BaseException, _: type | None) -> str:
    if isinstance(error, CastleComboError):
        return str(error)
    return cattrs.v.format_exception(error, _)


def _structure(conv: cattrs.Converter, value: Any, cls: Any, path: str) -> Any:
    """``conv.structure`` that turns any failure into a RecordError naming the JSON path."""
    try:
        return conv.structure(value, cls)
    except CastleComboError as error:
        text = str(error)
        raise RecordError(f"{path}{text}" if text.startswith("[") else f"{path}: {text}") from None
    except (cattrs.BaseValidationError, KeyError, TypeError, ValueError) as error:
        lines = cattrs.transform_error(error, path=path, format_exception=_message)
        first = lines[0] if lines else f"invalid value @ {path}"
        message, _, where = first.rpartition(" @ ")
        if message.startswith("[") and "]: " in message:
            index, _, message = message.partition(": ")
            where += index
        raise RecordError(f"{where}: {message}") from None


# ----------------------------------------------------------------- dumps/loads


def dumps(state: GameState, *, indent: int | None = None) -> str:
    """The JSON text of ``state`` (a full state or a seat's view)."""
    if not isinstance(state, GameState):
        raise TypeError(f"dumps() takes a GameState, not {type(state).__name__}")
    conv = converter(state.rules)
    data = {
        "format": STATE_FORMAT,
        "rules": {"version": state.rules.version, "cards": len(state.rules)},
        "players": [conv.unstructure(p, PlayerState) for p in state.players],
        "current_player": state.current_player,
        "first_player": state.first_player,
        "taken": state.taken,
        "phase": state.phase.value,
        "messenger": state.messenger.value,
        "locations": {
            "castle": conv.unstructure(state.locations[0], Location),
            "village": conv.unstructure(state.locations[1], Location),
        },
        "pending": None if state.pending is None else conv.unstructure(state.pending, Decision),
        "history": [a.to_json() for a in state.history],
        "rng": state.rng,
        "origin": None if state.origin is None else conv.unstructure(state.origin, Origin),
        "script": [conv.unstructure(s, ScriptedReshuffle) for s in state.script],
        "viewer": state.viewer,
    }
    return json.dumps(data, indent=indent)


def _parse(text: str | bytes | Mapping[str, Any]) -> Mapping[str, Any]:
    if isinstance(text, Mapping):
        return text
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise RecordError(f"not JSON: {error}") from None
    if not isinstance(data, dict):
        raise RecordError(f"$: expected a JSON object, got {type(data).__name__}")
    return data


def _get(data: Mapping[str, Any], key: str, path: str = "$") -> Any:
    if key not in data:
        raise _fail(f"{path}.{key}", "missing")
    return data[key]


def _check_format(data: Mapping[str, Any], expected: str, required: bool) -> None:
    fmt = data.get("format")
    if fmt is None and not required:
        return
    if fmt != expected:
        kind = expected.split("/")[1].split("@")[0]
        raise _fail("$.format", f"expected {expected!r}, got {fmt!r}; this file is not a castle-combo {kind}")


def _check_rules(data: Mapping[str, Any], rules: Ruleset) -> None:
    saved = data.get("rules")
    if saved is None:
        return
    version = saved.get("version") if isinstance(saved, Mapping) else saved
    if version != rules.version:
        raise _fail(
            "$.rules",
            f"saved with the ruleset {version!r}, but loading with {rules.version!r}; "
            "pass rules= the ruleset it was played with",
        )


def loads(text: str | bytes | Mapping[str, Any], rules: Ruleset | None = None) -> GameState:
    """The state saved by :func:`dumps`; :class:`RecordError` names the JSON path of a bad field."""
    from castle_combo.game import default_rules

    data = _parse(text)
    _check_format(data, STATE_FORMAT, required=True)
    rules = default_rules() if rules is None else rules
    _check_rules(data, rules)
    conv = converter(rules)
    known = {
        "format", "rules", "players", "current_player", "first_player", "taken", "phase", "messenger",
        "locations", "pending", "history", "rng", "origin", "script", "viewer",
    }
    extra = sorted(set(data) - known)
    if extra:
        raise _fail(f"$.{extra[0]}", "unknown field")
    players = _structure(conv, _get(data, "players"), tuple[PlayerState, ...], "$.players")
    locations = _get(data, "locations")
    if not isinstance(locations, Mapping) or set(locations) != {"castle", "village"}:
        raise _fail("$.locations", "expected {\"castle\": {...}, \"village\": {...}}")
    castle = _structure(conv, locations["castle"], Location, "$.locations.castle")
    village = _structure(conv, locations["village"], Location, "$.locations.village")
    history = []
    raw_history = _get(data, "history")
    if not isinstance(raw_history, list):
        raise _fail("$.history", "expected a list of actions")
    for i, action in enumerate(raw_history):
        history.append(action_from_json(action, f"$.history[{i}]"))
    pending = data.get("pending")
    origin = data.get("origin")
    viewer = data.get("viewer")
    state = GameState(
        rules,
        players,
        _structure(conv, _get(data, "current_player"), int, "$.current_player"),
        _structure(conv, _get(data, "first_player"), int, "$.first_player"),
        _structure(conv, _get(data, "taken"), int, "$.taken"),
        _enum(Phase, _get(data, "phase"), "$.phase"),
        _enum(Deck, _get(data, "messenger"), "$.messenger"),
        (castle, village),
        None if pending is None else _structure(conv, pending, Decision, "$.pending"),
        tuple(history),
        _structure(conv, _get(data, "rng"), int, "$.rng"),
        None if origin is None else _structure(conv, origin, Origin, "$.origin"),
        _structure(conv, data.get("script", []), tuple[ScriptedReshuffle, ...], "$.script"),
        None if viewer is None else _structure(conv, viewer, int, "$.viewer"),
        engine=compiled(rules),
    )
    _check_consistent(state)
    return state


def _enum(cls: Any, value: Any, path: str) -> Any:
    try:
        return cls(value)
    except ValueError:
        allowed = ", ".join(repr(m.value) for m in cls)
        raise _fail(path, f"expected one of {allowed}, got {value!r}") from None


def _check_consistent(state: GameState) -> None:
    """Refuse a loaded state that no game could reach in ways the engine relies on."""
    n = len(state.players)
    if not 2 <= n <= 5:
        raise _fail("$.players", f"expected 2 to 5 players, got {n}")
    for key, seat in (("current_player", state.current_player), ("first_player", state.first_player)):
        if not 0 <= seat < n:
            raise _fail(f"$.{key}", f"expected a seat from 0 to {n - 1}, got {seat}")
    if state.viewer is not None and not 0 <= state.viewer < n:
        raise _fail("$.viewer", f"expected a seat from 0 to {n - 1}, got {state.viewer}")
    if (state.pending is None) != (state.phase is not Phase.DECIDE):
        raise _fail("$.pending", "a pending decision goes with phase \"decide\" and only with it")
    if state.pending is not None:
        steps = state.engine.abilities[state.pending.card].steps
        step = steps.get(state.pending.address)
        kind = "choose" if state.pending.kind is DecisionKind.CHOOSE else "discard"
        if step is None or step.kind != kind or any(a not in steps for a in state.pending.rest):
            raise _fail("$.pending", f"does not match {state.engine.name(state.pending.card)}'s ability")
    where: dict[int, str] = {}

    def see(card: int, path: str) -> None:
        if card in where:
            raise _fail(path, f"{state.engine.name(card)} is also at {where[card]}; every card exists once")
        where[card] = path

    for i, loc in enumerate(state.locations):
        name = DECKS[i].value
        for part in ("deck", "row", "discard", "removed"):
            for k, card in enumerate(getattr(loc, part)):
                see(card, f"$.locations.{name}.{part}[{k}]")
    for seat, player in enumerate(state.players):
        for k, cell in enumerate(player.tableau):
            if not cell.face_down or cell.card not in where:
                see(cell.card, f"$.players[{seat}].tableau[{k}].card")
    missing = [state.engine.name(c) for c in range(len(state.engine.facts)) if c not in where]
    if missing:
        raise _fail("$.locations", f"cards missing from the state: {', '.join(missing)}")


# ------------------------------------------------------------------- records


def record(state: GameState) -> dict[str, Any]:
    """The game record of ``state`` (DESIGN.md format); a view gives the public record.

    The public record (of a seat's view or a determinized state) has the
    actions but no ``decks``, ``seed`` or ``reshuffles``: those reveal the
    deck order. It cannot be replayed.
    """
    out: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "rules": state.rules.version,
        "players": len(state.players),
        "first_player": state.first_player,
    }
    origin = state.origin
    if origin is not None:
        out["seed"] = origin.seed
        out["decks"] = {
            "castle": [state.engine.name(c) for c in origin.decks[0]],
            "village": [state.engine.name(c) for c in origin.decks[1]],
        }
        out["reshuffles"] = [
            {"deck": DECKS[r.deck].value, "order": [state.engine.name(c) for c in r.order]} for r in origin.reshuffles
        ]
    else:
        out["view"] = state.viewer
    out["actions"] = [a.to_json() for a in state.history]
    return out


def replay(data: str | bytes | Mapping[str, Any], rules: Ruleset | None = None) -> GameState:
    """The state reached by replaying a game record (a dict, or its JSON text).

    Raises :class:`RecordError` naming the JSON path of a bad field, and the
    index of the first illegal action with the reason.
    """
    from castle_combo.game import default_rules, new_game

    rec = _parse(data)
    _check_format(rec, RECORD_FORMAT, required=False)
    rules = default_rules() if rules is None else rules
    known = {"format", "rules", "players", "first_player", "seed", "decks", "reshuffles", "actions", "view"}
    extra = sorted(set(rec) - known)
    if extra:
        raise _fail(
            f"$.{extra[0]}", "unknown field; a record has players, first_player, seed, decks, reshuffles, actions"
        )
    version = rec.get("rules")
    if version is not None and version != rules.version:
        raise _fail(
            "$.rules",
            f"played with the ruleset {version!r}, replaying with {rules.version!r}; "
            "pass rules= the ruleset it was played with",
        )
    if "decks" not in rec and "seed" not in rec:
        hint = " (this is a seat's public record, which hides the deck orders)" if "view" in rec else ""
        raise _fail("$.decks", f"missing: a record needs the deck orders or a seed{hint}")
    players = rec.get("players")
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 5:
        raise _fail("$.players", f"expected the number of players, 2 to 5, got {players!r}")
    first = rec.get("first_player", 0)
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
        raise _fail("$.first_player", f"expected a seat from 0 to {players - 1}, got {first!r}")
    seed = rec.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise _fail("$.seed", f"expected an integer, got {seed!r}")
    actions = rec.get("actions", [])
    if not isinstance(actions, list):
        raise _fail("$.actions", "expected a list of actions")
    parsed = [action_from_json(a, f"$.actions[{i}]") for i, a in enumerate(actions)]
    state = new_game(
        players=players,
        seed=seed,
        rules=rules,
        decks=rec.get("decks"),
        first_player=first,
        reshuffles=rec.get("reshuffles"),
    )
    for i, action in enumerate(parsed):
        try:
            state = state.apply(action)
        except IllegalAction as error:
            raise _fail(f"$.actions[{i}]", f"illegal action ({action}): {error}") from None
    return state

