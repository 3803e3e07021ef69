"""JSON for states and records: cattrs converters, ``dumps`` / ``loads``, ``record`` / ``replay``.

Two formats, both plain JSON that names cards by their English names:

* a **state** (``"format": "castle-combo/state@2"``): everything in a
  :class:`~castle_combo.state.GameState`, generator included, so
  ``loads(dumps(s)) == s`` and a loaded state plays on exactly as the
  original would. Saves of the first format (``state@1``, before lock cards
  and the continuation stack of abilities) still load;
* a **game record** (``"format": "castle-combo/record@1"``, the API page):
  the players, initial deck orders, reshuffle orders and actions, which
  :func:`replay` turns back into the final state (``replay(s.record()) == s``);
  :func:`castle_combo.records.record` writes it.

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

from castle_combo.abilities import Auto, ChoiceStep, CopyStep, DiscardRowStep, DiscardStep
from castle_combo.actions import action_from_json
from castle_combo.compiled import Compiled, compiled
from castle_combo.counting import DECKS, Placed
from castle_combo.decisions import (
    ChooseAdjacent,
    ChooseOption,
    ChooseRow,
    Decision,
    DiscardCard,
    Frame,
    OpenLockOrPass,
    Pending,
    Resume,
)
from castle_combo.errors import CastleComboError, IllegalAction, RecordError
from castle_combo.facts import MAX_PLAYERS, MIN_PLAYERS
from castle_combo.game import default_rules, new_game
from castle_combo.jsontext import quote, read_json
from castle_combo.model import Deck
from castle_combo.records import RECORD_FORMAT, record
from castle_combo.ruleset import Ruleset
from castle_combo.state import (
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

STATE_FORMAT = "castle-combo/state@2"
#: The first state format: no lock cards, and a pending decision as one flat object.
STATE_FORMAT_1 = "castle-combo/state@1"
#: How each kind of decision is named in a save, and the step of an ability that asks it.
_DECISION_KINDS: dict[type, tuple[str, type | None]] = {
    ChooseOption: ("choose", ChoiceStep),
    DiscardCard: ("discard", DiscardStep),
    ChooseRow: ("row", DiscardRowStep),
    ChooseAdjacent: ("adjacent", CopyStep),
    OpenLockOrPass: ("unlock_or_pass", None),
}


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
            raise RecordError(engine.unknown(value))
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

    def addresses_out(queue: tuple[tuple[int, ...], ...]) -> list[list[int]]:
        return [list(a) for a in queue]

    def addresses_in(value: Any, _: Any = None) -> tuple[tuple[int, ...], ...]:
        if not isinstance(value, list):
            raise RecordError(f"expected a list of step addresses, got {value!r:.80}")
        return tuple(address_in(a) for a in value)

    def address_in(value: Any, _: Any = None) -> tuple[int, ...]:
        if not isinstance(value, list) or not all(type(v) is int for v in value):
            raise RecordError(f"expected a step address (a list of whole numbers), got {value!r:.80}")
        return tuple(value)

    for cls, fields in (
        (Placed, {"card": as_card}),
        (Location, {"deck": as_cards, "row": as_cards, "discard": as_cards, "removed": as_cards}),
        (Frame, {"card": as_card, "queue": override(unstruct_hook=addresses_out, struct_hook=addresses_in),
                 "discarded": as_cards}),
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

    def decision_out(decision: Decision) -> dict[str, Any]:
        kind = _DECISION_KINDS[type(decision)][0]
        if isinstance(decision, ChooseOption):
            return {"kind": kind, "options": decision.options}
        if isinstance(decision, DiscardCard):
            return {"kind": kind, "deck": deck_name(decision.deck)}
        if isinstance(decision, ChooseRow):
            return {"kind": kind, "decks": [deck_name(d) for d in decision.decks]}
        if isinstance(decision, ChooseAdjacent):
            return {"kind": kind, "candidates": list(decision.candidates)}
        return {"kind": kind, "locks": list(decision.locks)}

    def indices(value: Any) -> tuple[int, ...]:
        if not isinstance(value, list) or not all(type(v) is int and v >= 0 for v in value):
            raise RecordError(f"expected a list of tableau indices, got {value!r:.80}")
        return tuple(value)

    def decision_in(value: Any) -> Decision:
        fields = {"choose": "options", "discard": "deck", "row": "decks", "adjacent": "candidates",
                  "unlock_or_pass": "locks"}
        if not isinstance(value, dict) or value.get("kind") not in fields:
            raise RecordError(f".decision: expected {{\"kind\": one of {', '.join(fields)}, ...}}")
        kind = value["kind"]
        if set(value) != {"kind", fields[kind]}:
            raise RecordError(f".decision: a {kind!r} decision has the fields kind and {fields[kind]}")
        field = value[fields[kind]]
        if kind == "choose":
            if type(field) is not int or field < 2:
                raise RecordError(f".decision.options: expected a number of options (2 or more), got {field!r:.80}")
            return ChooseOption(field)
        if kind == "discard":
            return DiscardCard(deck_index(field))
        if kind == "row":
            if not isinstance(field, list):
                raise RecordError(f".decision.decks: expected [\"castle\", \"village\"], got {field!r:.80}")
            return ChooseRow(tuple(deck_index(d) for d in field))
        if kind == "adjacent":
            return ChooseAdjacent(indices(field))
        return OpenLockOrPass(indices(field))

    def pending_out(pending: Pending) -> dict[str, Any]:
        return {
            "decision": decision_out(pending.decision),
            "frames": [conv.unstructure(f, Frame) for f in pending.frames],
            "step": list(pending.step),
            "resume": pending.resume.value,
        }

    def pending_in(value: Any, _: Any = None) -> Pending:
        if not isinstance(value, dict) or set(value) != {"decision", "frames", "step", "resume"}:
            raise RecordError(": expected {\"decision\", \"frames\", \"step\", \"resume\"}")
        frames = value["frames"]
        if not isinstance(frames, list):
            raise RecordError(f".frames: expected a list of abilities being resolved, got {frames!r:.80}")
        structured = []
        for k, frame in enumerate(frames):
            try:
                structured.append(conv.structure(frame, Frame))
            except (cattrs.BaseValidationError, KeyError, TypeError, ValueError, RecordError) as error:
                raise RecordError(f".frames[{k}]: {_first_message(error)}") from None
        resume = value["resume"]
        if resume not in {r.value for r in Resume}:
            raise RecordError(f".resume: expected one of {', '.join(r.value for r in Resume)}, got {resume!r:.80}")
        try:
            step = address_in(value["step"])
        except RecordError as error:
            raise RecordError(f".step: {error}") from None
        return Pending(decision_in(value["decision"]), tuple(structured), step, Resume(resume))

    conv.register_unstructure_hook(Pending, pending_out)
    conv.register_structure_hook(Pending, pending_in)

    def pending_v1(value: Any) -> Pending:
        """A pending decision saved in the first format: one choice or discard of the card just taken."""
        if not isinstance(value, dict) or value.get("kind") not in ("choose", "discard"):
            raise RecordError(": expected a first-format decision {\"kind\": \"choose\" or \"discard\", ...}")
        card = card_id(value.get("card"))
        index = _strict_int(value.get("index"), int)
        address = (0,) + address_in(value.get("address"))
        rest = tuple((0,) + a for a in addresses_in(value.get("rest", [])))
        if value["kind"] == "choose":
            decision: Decision = ChooseOption(_strict_int(value.get("options"), int))
        else:
            decision = DiscardCard(deck_index(value.get("deck")))
        return Pending(decision, (Frame(card, index, rest),), address, Resume.TAKEN)

    conv.register_structure_hook(_PendingV1, lambda value, _: pending_v1(value))
    return conv


class _PendingV1:
    """Marker type: a pending decision in the first state format (structured by the converter's hook)."""


def _first_message(error: BaseException) -> str:
    if isinstance(error, CastleComboError):
        return str(error)
    lines = cattrs.transform_error(error, path="", format_exception=_message)
    return lines[0] if lines else str(error)


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
        "pending": None if state.pending is None else conv.unstructure(state.pending, Pending),
        "opened_lock": state.opened_lock,
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
    if not isinstance(text, (str, bytes, bytearray)):
        raise RecordError(f"expected JSON text (str or bytes) or a dict, got {type(text).__name__}")
    data = read_json(text, RecordError, "the file")
    if not isinstance(data, dict):
        raise RecordError(f"$: expected a JSON object, got {type(data).__name__}")
    return data


def _get(data: Mapping[str, Any], key: str, path: str = "$") -> Any:
    if key not in data:
        raise _fail(f"{path}.{key}", "missing")
    return data[key]


def _check_format(data: Mapping[str, Any], expected: str, required: bool, older: tuple[str, ...] = ()) -> None:
    fmt = data.get("format")
    if fmt is None and not required:
        return
    if fmt != expected and fmt not in older:
        kind = expected.split("/")[1].split("@")[0]
        raise _fail("$.format", f"expected {expected!r}, got {fmt!r}; this file is not a castle-combo {kind}")


def _rules_named(saved: object) -> Ruleset:
    """The ruleset a save or record names, if castle-combo can rebuild it; else the standard one.

    The standard cards with bundled expansions are rebuilt from the version
    alone; any other version falls back to the standard cards, and the version
    check then says which ruleset to pass.
    """
    version = saved.get("version") if isinstance(saved, Mapping) else saved
    named = Ruleset.for_version(version) if isinstance(version, str) else None
    return named if named is not None else default_rules()


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

    data = _parse(text)
    _check_format(data, STATE_FORMAT, required=True, older=(STATE_FORMAT_1,))
    first_format = data.get("format") == STATE_FORMAT_1
    rules = _rules_named(data.get("rules")) if rules is None else rules
    _check_rules(data, rules)
    conv = converter(rules)
    known = {
        "format", "rules", "players", "current_player", "first_player", "taken", "phase", "messenger",
        "locations", "pending", "history", "rng", "origin", "script", "viewer",
    } | (set() if first_format else {"opened_lock"})
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
    opened_lock = data.get("opened_lock", False)
    if not isinstance(opened_lock, bool):
        raise _fail("$.opened_lock", f"expected true or false, got {opened_lock!r:.80}")
    state = GameState(
        rules,
        players,
        _structure(conv, _get(data, "current_player"), int, "$.current_player"),
        _structure(conv, _get(data, "first_player"), int, "$.first_player"),
        _structure(conv, _get(data, "taken"), int, "$.taken"),
        _enum(Phase, _get(data, "phase"), "$.phase"),
        _enum(Deck, _get(data, "messenger"), "$.messenger"),
        (castle, village),
        None if pending is None else _structure(conv, pending, _PendingV1 if first_format else Pending, "$.pending"),
        tuple(history),
        _structure(conv, _get(data, "rng"), int, "$.rng"),
        None if origin is None else _structure(conv, origin, Origin, "$.origin"),
        _structure(conv, data.get("script", []), tuple[ScriptedReshuffle, ...], "$.script"),
        None if viewer is None else _structure(conv, viewer, int, "$.viewer"),
        opened_lock,
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
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise _fail("$.players", f"expected {MIN_PLAYERS} to {MAX_PLAYERS} players, got {n}")
    for key, seat in (("current_player", state.current_player), ("first_player", state.first_player)):
        if not 0 <= seat < n:
            raise _fail(f"$.{key}", f"expected a seat from 0 to {n - 1}, got {seat}")
    if state.viewer is not None and not 0 <= state.viewer < n:
        raise _fail("$.viewer", f"expected a seat from 0 to {n - 1}, got {state.viewer}")
    if (state.pending is None) != (state.phase not in (Phase.DECIDE, Phase.END)):
        raise _fail("$.pending", "a pending decision goes with phase \"decide\" or \"end\", and only with them")
    if state.pending is not None:
        _check_pending(state, state.pending)
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


def _check_pending(state: GameState, pending: Pending) -> None:
    """Refuse a pending decision that does not fit the abilities it names and the tableau."""
    engine = state.engine
    cells = state.players[state.current_player].tableau
    end = isinstance(pending.decision, OpenLockOrPass)
    if end != (state.phase is Phase.END):
        raise _fail("$.pending.decision", "the decision to open a lock or pass goes with phase \"end\" only")
    if end and (pending.frames or pending.step or pending.resume is not Resume.END):
        raise _fail("$.pending", "the decision to open a lock or pass has no ability waiting (no frames, no step)")
    if not end and not pending.frames:
        raise _fail("$.pending.frames", "a decision of an ability needs the ability waiting on it")
    for k, frame in enumerate(pending.frames):
        where = f"$.pending.frames[{k}]"
        if not 0 <= frame.index < len(cells) or cells[frame.index].card != frame.card:
            raise _fail(f"{where}.index", f"{engine.name(frame.card)} is not at that place in the current tableau")
        steps = engine.abilities[frame.card].steps
        if any(a not in steps for a in frame.queue):
            raise _fail(f"{where}.queue", f"does not match {engine.name(frame.card)}'s ability")
    if pending.frames:
        top = pending.frames[-1]
        asking = _DECISION_KINDS[type(pending.decision)][1]
        step = engine.abilities[top.card].steps.get(pending.step)
        if step is None or isinstance(step, Auto) or type(step) is not asking:
            raise _fail("$.pending.step", f"is not a step of {engine.name(top.card)}'s ability asking this decision")
    indices: tuple[int, ...] = ()
    if isinstance(pending.decision, ChooseAdjacent):
        indices = pending.decision.candidates
    elif isinstance(pending.decision, OpenLockOrPass):
        indices = pending.decision.locks
    if not all(0 <= i < len(cells) for i in indices):
        raise _fail("$.pending.decision", "names a card beyond the current player's tableau")


# ------------------------------------------------------------------- records


def replay(data: str | bytes | Mapping[str, Any], rules: Ruleset | None = None) -> GameState:
    """The state reached by replaying a game record (a dict, or its JSON text).

    Raises :class:`RecordError` naming the JSON path of a bad field, and the
    index of the first illegal action with the reason.
    """
    rec = _parse(data)
    _check_format(rec, RECORD_FORMAT, required=False)
    rules = _rules_named(rec.get("rules")) if rules is None else rules
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
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise _fail("$.players",
                    f"expected the number of players, {MIN_PLAYERS} to {MAX_PLAYERS}, got {quote(players)}")
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

