"""JSON for states and records: cattrs converters, ``dumps`` / ``loads``, ``record`` / ``replay``.

Two formats, both plain JSON that names cards by their English names:

* a **state** (``"format": "castle-combo/state@2"``): everything in a
  :class:`~castle_combo.engine.state.GameState`, generator included, so
  ``loads(dumps(s)) == s`` and a loaded state plays on exactly as the
  original would. Saves of the first format (``state@1``, before lock cards
  and the continuation stack of abilities) still load;
* a **game record** (``"format": "castle-combo/record@1"``, the API page):
  the players, initial deck orders, reshuffle orders and actions, which
  :func:`replay` turns back into the final state (``replay(s.record()) == s``);
  :func:`castle_combo.engine.record.record` writes it. Its optional
  ``seats`` name who played (:func:`record_seats` reads them).

Structuring goes through a cattrs converter built once per ruleset (card
names become the engine's integer ids). Strict hooks refuse a string where a
number belongs, and every error becomes a :class:`~castle_combo.errors.RecordError`
naming the JSON path of the bad field, e.g. ``$.actions[3].at: expected [x, y] integers``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, cast, get_origin

import attrs
import cattrs
from cattrs.cols import namedtuple_dict_structure_factory, namedtuple_dict_unstructure_factory
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from castle_combo.engine.actions import action_from_json
from castle_combo.engine.compiled import Compiled, compiled
from castle_combo.engine.counting import DECKS, FROM_RESERVE_FACE_DOWN, FROM_RESERVE_FACE_UP, Placed
from castle_combo.engine.decisions import SHIELD_ORDER, Frame, Pending, Resume, decision_from_json
from castle_combo.engine.game import default_rules, new_game
from castle_combo.engine.record import RECORD_FORMAT, Seat, record
from castle_combo.engine.state import (
    GameState,
    Location,
    Origin,
    Phase,
    PlayerState,
    Reshuffle,
    ScriptedReshuffle,
    recounted,
)
from castle_combo.errors import CastleComboError, IllegalAction, RecordError
from castle_combo.facts import MAX_PLAYERS, MIN_PLAYERS
from castle_combo.files import MAX_NUMBER
from castle_combo.language.model import Deck
from castle_combo.language.ruleset import Ruleset
from castle_combo.records.integrity import check_rules_kept, check_state, first_difference, replayed
from castle_combo.records.jsontext import quote, read_json

__all__ = ["RECORD_FORMAT", "STATE_FORMAT", "Seat", "converter", "dumps", "loads", "record", "record_seats", "replay"]

STATE_FORMAT = "castle-combo/state@2"
#: The first state format: no lock cards, and a pending decision as one flat object.
STATE_FORMAT_1 = "castle-combo/state@1"


def _fail(path: str, message: str) -> RecordError:
    return RecordError(f"{path}: {message}")


# ------------------------------------------------------------------- converter


def _strict_int(value: Any, _: type) -> int:
    """A whole number within the bounds of every number in a file (:data:`~castle_combo.files.MAX_NUMBER`)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"expected a whole number, got {quote(value)}")
    if not -MAX_NUMBER <= value <= MAX_NUMBER:
        raise RecordError(f"expected a whole number from {-MAX_NUMBER:,} to {MAX_NUMBER:,}, got {quote(value)}; "
                          "no game comes near it")
    return value


def _seed(value: Any, _: type) -> int:
    """A seed, the one number a file may hold at any size."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"expected a whole number, got {quote(value)}")
    return value


#: The state of a game's generator: what ``getrandbits(64)`` gives.
_RNG_LIMIT = 1 << 64


def _strict_bool(value: Any, _: type) -> bool:
    if not isinstance(value, bool):
        raise RecordError(f"expected true or false, got {quote(value)}")
    return value


def _strict_str(value: Any, _: type) -> str:
    if not isinstance(value, str):
        raise RecordError(f"expected a string, got {quote(value)}")
    return value


def _build_converter(engine: Compiled) -> cattrs.Converter:
    """The converter for states of one ruleset (card ids <-> names, decks <-> "castle"/"village")."""
    conv = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    conv.register_structure_hook(int, _strict_int)
    conv.register_structure_hook(bool, _strict_bool)
    conv.register_structure_hook(str, _strict_str)
    # A tuple of the state is a JSON list; cattrs alone takes any iterable ({} or "" as an empty list, a dict's keys).
    structure_tuple = conv._structure_tuple

    def sequence(kind: Any) -> Any:
        def structure(value: Any, _: Any = None) -> Any:
            if not isinstance(value, (list, tuple)):
                raise RecordError(f"expected a list, got {quote(value)}")
            return structure_tuple(value, kind)

        return structure

    conv.register_structure_hook_factory(lambda kind: get_origin(cast(Any, kind)) is tuple, sequence)

    def card_name(card: int) -> str:
        return engine.name(card)

    # A name this much longer than every card's can be close to none (difflib's ratio stays under its 0.6
    # cutoff), so it is refused without looking for one: a long name took minutes and came back whole.
    too_long = 3 * max(map(len, engine.ids), default=0)

    def card_id(value: Any, _: Any = None) -> int:
        if not isinstance(value, str):
            raise RecordError(f"expected a card name, got {quote(value)}")
        card = engine.ids.get(value)
        if card is None:
            if len(value) > too_long:
                raise RecordError(f"no card named {quote(value)} in this ruleset ({len(value):,} characters)")
            raise RecordError(engine.unknown(value))
        return card

    def names(cards: tuple[int, ...]) -> list[str]:
        return [engine.name(c) for c in cards]

    def ids(value: Any, _: Any = None) -> tuple[int, ...]:
        if not isinstance(value, list):
            raise RecordError(f"expected a list of card names, got {quote(value)}")
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
        raise RecordError(f"expected \"castle\" or \"village\", got {quote(value)}")

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
            raise RecordError(f"expected a list of step addresses, got {quote(value)}")
        return tuple(address_in(a) for a in value)

    def address_in(value: Any, _: Any = None) -> tuple[int, ...]:
        if not isinstance(value, list) or not all(type(v) is int and 0 <= v <= MAX_NUMBER for v in value):
            raise RecordError(f"expected a step address (a list of small whole numbers), got {quote(value)}")
        return tuple(value)

    def complete(cls: type, structure: Any, omitted: frozenset[str] = frozenset()) -> Any:
        """``structure``, refusing a dict that leaves out a field (so a loaded save dumps back as it was)."""
        kind = cast(Any, cls)
        tupled = issubclass(cls, tuple)  # a named tuple (the parts of a table) or an attrs class
        names: Sequence[str] = kind._fields if tupled else [f.name for f in attrs.fields(kind) if f.init]
        expected = set(names) - omitted

        def structure_complete(value: Any, _: Any = None) -> Any:
            if not isinstance(value, dict):
                raise RecordError(f"expected an object with {', '.join(sorted(expected))}, got {quote(value)}")
            missing = sorted(expected - set(value))
            if missing:
                raise RecordError(f".{missing[0]}: missing (a {cls.__name__} has {', '.join(sorted(expected))})")
            return structure(value, cls)

        return structure_complete

    # The named tuples of a state's table (see castle_combo.engine.table) are saved as objects, by field name.
    for part, fields in (
        (Placed, {"card": as_card}),
        (Location, {"deck": as_cards, "row": as_cards, "discard": as_cards, "removed": as_cards}),
    ):
        conv.register_unstructure_hook(part, namedtuple_dict_unstructure_factory(part, conv, False, **fields))
        conv.register_structure_hook(part, complete(part, namedtuple_dict_structure_factory(
            part, conv, "from_converter", True, **fields)))
    # Points kept on a card ("gain 3 points") are saved only when there are some, so every save of a game
    # without them is as it was.
    cell_dict = namedtuple_dict_unstructure_factory(Placed, conv, False, card=as_card)

    def cell_out(cell: Placed) -> dict[str, Any]:
        out: dict[str, Any] = cell_dict(cell)
        if not out["points"]:
            del out["points"]
        if not out["keys"]:
            del out["keys"]  # keys locked on the card ("put 2 keys on this card"), saved only when some
        if out["shield"] < 0:
            del out["shield"]  # the type named for a chosen shield, saved only when named
        else:
            out["shield"] = SHIELD_ORDER[out["shield"]].value
        if not out["from_reserve"]:
            del out["from_reserve"]  # how a card taken from the reserve was taken, saved only for such a card
        else:
            out["from_reserve"] = _FROM_RESERVE[out["from_reserve"]]
        return out

    def from_reserve_in(value: Any, _: Any = None) -> int:
        for code, said in _FROM_RESERVE.items():
            if value == said:
                return code
        raise RecordError(f"expected how the card was taken from its owner's reserve, \"face up\" or \"face "
                          f"down\" (or no \"from_reserve\" for a card not taken from it), got {quote(value)}")

    def points_in(value: Any, _: Any = None) -> int:
        if type(value) is not int or not -MAX_NUMBER <= value <= MAX_NUMBER:
            raise RecordError(f"expected a whole number of points kept on the card, got {quote(value)}")
        return value

    def keys_in(value: Any, _: Any = None) -> int:
        if type(value) is not int or not 0 <= value <= MAX_NUMBER:
            raise RecordError(f"expected a whole number of keys locked on the card, got {quote(value)}")
        return value

    def shield_in(value: Any, _: Any = None) -> int:
        for i, shield in enumerate(SHIELD_ORDER):
            if value == shield.value:
                return i
        raise RecordError(f"expected the shield type named for the card's chosen shield "
                          f"({', '.join(s.value for s in SHIELD_ORDER)}), got {quote(value)}")

    conv.register_unstructure_hook(Placed, cell_out)
    conv.register_structure_hook(Placed, complete(Placed, namedtuple_dict_structure_factory(
        Placed, conv, "from_converter", True, card=as_card, points=override(struct_hook=points_in),
        keys=override(struct_hook=keys_in), shield=override(struct_hook=shield_in),
        from_reserve=override(struct_hook=from_reserve_in)),
        frozenset({"points", "keys", "shield", "from_reserve"})))
    for cls, fields in (
        (Frame, {"card": as_card, "queue": override(unstruct_hook=addresses_out, struct_hook=addresses_in),
                 "discarded": as_cards, "seat": override(omit_if_default=True)}),
        (Reshuffle, {"deck": as_deck, "order": as_cards}),
        (ScriptedReshuffle, {"deck": as_deck, "order": as_cards}),
        (Origin, {"decks": override(unstruct_hook=both_decks, struct_hook=both_decks_in),
                  "seed": override(struct_hook=_seed)}),
    ):
        conv.register_unstructure_hook(cls, make_dict_unstructure_fn(cls, conv, **fields))  # type: ignore[arg-type]
        # A frame names its owner only when it is not the current player (a trigger on another player's take).
        omitted = frozenset({"seat"}) if cls is Frame else frozenset()
        conv.register_structure_hook(cls, complete(cls, make_dict_structure_fn(cls, conv, **fields),  # type: ignore[arg-type]
                                                   omitted))

    def next_discounts_out(waiting: tuple[int, int, int]) -> dict[str, int]:
        return {name: amount for name, amount in zip(_NEXT_DISCOUNTS, waiting, strict=True) if amount}

    def next_discounts_in(value: Any, _: Any = None) -> tuple[int, int, int]:
        if (not isinstance(value, dict) or not set(value) <= set(_NEXT_DISCOUNTS)
                or not all(type(v) is int and 0 <= v <= MAX_NUMBER for v in value.values())):
            raise RecordError(f"expected {{\"card\": N, \"castle\": N, \"village\": N}} (each optional, N a "
                              f"small whole number), got {quote(value)}")
        return (value.get("card", 0), value.get("castle", 0), value.get("village", 0))

    def next_face_up_in(value: Any, _: Any = None) -> tuple[int, int, int]:
        if (not isinstance(value, dict) or not set(value) <= set(_NEXT_DISCOUNTS)
                or not all(type(v) is int and 0 <= v <= MAX_NUMBER for v in value.values())):
            raise RecordError(f"expected {{\"card\": N, \"castle\": N, \"village\": N}} (each optional, N a "
                              f"small whole number: the one-time discounts waiting for the next card bought face "
                              f"up), got {quote(value)}")
        return (value.get("card", 0), value.get("castle", 0), value.get("village", 0))

    def either_row_in(value: Any, _: Any = None) -> bool:
        if not isinstance(value, bool):
            raise RecordError(f"expected true or false (whether the next card may be taken from either row), "
                              f"got {quote(value)}")
        return value

    def twice_in(value: Any, _: Any = None) -> bool:
        if not isinstance(value, bool):
            raise RecordError(f"expected true or false (whether the ability of the next card bought face up "
                              f"resolves twice), got {quote(value)}")
        return value

    def frames_in(value: Any, _: Any = None) -> tuple[Frame, ...]:
        if not isinstance(value, list):
            raise RecordError(f"expected a list of abilities waiting for the end of the turn, got {quote(value)}")
        structured = []
        for k, frame in enumerate(value):
            try:
                structured.append(conv.structure(frame, Frame))
            except (cattrs.BaseValidationError, KeyError, TypeError, ValueError, RecordError) as error:
                raise RecordError(f"[{k}]: {_first_message(error)}") from None
        return tuple(structured)

    # The aggregates are derived from the tableau: not saved, recomputed on load. One-time discounts (those waiting
    # for the next card bought face up too, "next_face_up") and effects
    # waiting for the end of the turn are saved only when there are some (a save without them has none); so is
    # the leave to take the next card from either row, only when given, and a reserved card ("reserved": ["Nun"],
    # by name), only when one is held, and the ability twice ("twice": true), only while it waits.
    derived = {"shields": override(omit=True), "banners": override(omit=True), "spots": override(omit=True),
               "triggers": override(omit=True)}
    waiting = {"next_discounts": override(unstruct_hook=next_discounts_out, struct_hook=next_discounts_in),
               "this_turn": override(unstruct_hook=lambda frames: [conv.unstructure(f, Frame) for f in frames],
                                     struct_hook=frames_in),
               "either_row": override(struct_hook=either_row_in),
               "reserved": as_cards,
               "next_face_up": override(unstruct_hook=next_discounts_out, struct_hook=next_face_up_in),
               "twice": override(struct_hook=twice_in)}
    player_dict = namedtuple_dict_unstructure_factory(PlayerState, conv, False, **derived, **waiting)

    def player_out(player: PlayerState) -> dict[str, Any]:
        out: dict[str, Any] = player_dict(player)
        for name in waiting:
            if not out[name]:
                del out[name]
        return out

    conv.register_unstructure_hook(PlayerState, player_out)
    plain_player = namedtuple_dict_structure_factory(PlayerState, conv, "from_converter", True, **derived,
                                                     **waiting)

    complete_player = complete(PlayerState, plain_player, frozenset(derived) | frozenset(waiting))

    def player_in(value: Any, _: Any) -> PlayerState:
        return recounted(complete_player(value), engine)

    conv.register_structure_hook(PlayerState, player_in)

    def pending_out(pending: Pending) -> dict[str, Any]:
        return {
            "decision": pending.decision.to_json(),
            "frames": [conv.unstructure(f, Frame) for f in pending.frames],
            "step": list(pending.step),
            "resume": pending.resume.value,
        }

    def pending_in(value: Any, _: Any = None) -> Pending:
        if not isinstance(value, dict) or set(value) != {"decision", "frames", "step", "resume"}:
            raise RecordError(": expected {\"decision\", \"frames\", \"step\", \"resume\"}")
        frames = value["frames"]
        if not isinstance(frames, list):
            raise RecordError(f".frames: expected a list of abilities being resolved, got {quote(frames)}")
        structured = []
        for k, frame in enumerate(frames):
            try:
                structured.append(conv.structure(frame, Frame))
            except (cattrs.BaseValidationError, KeyError, TypeError, ValueError, RecordError) as error:
                raise RecordError(f".frames[{k}]: {_first_message(error)}") from None
        resume = value["resume"]
        if resume not in {r.value for r in Resume}:
            raise RecordError(f".resume: expected one of {', '.join(r.value for r in Resume)}, got {quote(resume)}")
        try:
            step = address_in(value["step"])
        except RecordError as error:
            raise RecordError(f".step: {error}") from None
        return Pending(decision_from_json(value["decision"]), tuple(structured), step, Resume(resume))

    conv.register_unstructure_hook(Pending, pending_out)
    conv.register_structure_hook(Pending, pending_in)

    return conv


#: The one-time discounts of a seat as a save names them: on any card, on the next castle card, village card.
_NEXT_DISCOUNTS = ("card", "castle", "village")
#: How a card taken from its owner's reserve was taken, as a save says it (``"from_reserve": "face up"``).
_FROM_RESERVE = {FROM_RESERVE_FACE_UP: "face up", FROM_RESERVE_FACE_DOWN: "face down"}


def _upgraded(data: Mapping[str, Any]) -> dict[str, Any]:
    """A save of the first state format, rewritten in the current one (before lock cards and ability stacks).

    The first format had no keys on cards and no lock opened this turn, and
    its one possible pending decision was a choice or a discard of the card
    just taken, with the addresses of its effects counted from the ability
    when bought (now part 0 of the card's abilities).
    """
    out = dict(data)
    out["format"] = STATE_FORMAT
    out["opened_lock"] = False
    players = out.get("players")
    if isinstance(players, list):
        out["players"] = [
            {**p, "tableau": [{**c, "key": False} if isinstance(c, dict) else c for c in p.get("tableau", [])]}
            if isinstance(p, dict) and isinstance(p.get("tableau"), list) else p
            for p in players
        ]
    pending = out.get("pending")
    if isinstance(pending, dict):
        kind = pending.get("kind")
        decision: dict[str, Any] = ({"kind": "choose", "options": pending.get("options")} if kind == "choose"
                                    else {"kind": "discard", "deck": pending.get("deck")})
        address, rest = pending.get("address"), pending.get("rest", [])
        out["pending"] = {
            "decision": decision,
            "frames": [{"card": pending.get("card"), "index": pending.get("index"),
                        "queue": [[0, *a] for a in rest] if isinstance(rest, list) and all(
                            isinstance(a, list) for a in rest) else rest,
                        "copied": False, "discarded": []}],
            "step": [0, *address] if isinstance(address, list) else address,
            "resume": "taken",
        }
    return out


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
    if state.engine.has_row_gold:  # only a ruleset with cards that pile up gold in a row: other saves are unchanged
        data["row_gold"] = {state.engine.name(card): gold for card, gold in state.row_gold}
    if state.known:  # only after a look at the top of a deck: other saves are unchanged
        data["known"] = [{"deck": _DECK_NAMES[d], "seat": s, "cards": n} for d, s, n in state.known]
    if state.reserved_at_end:  # only once a game ended with a reserved card never taken: other saves are unchanged
        data["reserved_at_end"] = [[state.engine.name(c) for c in kept] for kept in state.reserved_at_end]
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
        raise _fail("$.format", f"expected {expected!r}, got {quote(fmt)}; this file is not a castle-combo {kind}")


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
    if isinstance(saved, Mapping) and set(saved) != {"version", "cards"}:
        raise _fail("$.rules", "expected {\"version\": ..., \"cards\": ...}, the ruleset the game was played with")
    version = saved.get("version") if isinstance(saved, Mapping) else saved
    if version != rules.version:
        raise _fail(
            "$.rules",
            f"saved with the ruleset {quote(version)}, but loading with {rules.version!r}; "
            "pass rules= the ruleset it was played with",
        )
    if isinstance(saved, Mapping) and saved["cards"] != len(rules):
        raise _fail("$.rules.cards", f"the save counts {quote(saved['cards'])} cards, but its ruleset "
                                     f"{rules.version!r} has {len(rules)}")


def loads(text: str | bytes | Mapping[str, Any], rules: Ruleset | None = None) -> GameState:
    """The state saved by :func:`dumps`; :class:`RecordError` names the JSON path of a bad field.

    Nothing in a save is trusted: the state must keep every invariant of the
    rules (:mod:`castle_combo.records.integrity`), and a save that carries its
    origin is played again from it, so what it stores must be what its
    history gives.
    """

    data = _parse(text)
    _check_format(data, STATE_FORMAT, required=True, older=(STATE_FORMAT_1,))
    if data.get("format") == STATE_FORMAT_1:
        data = _upgraded(data)
    rules = _rules_named(data.get("rules")) if rules is None else rules
    _check_rules(data, rules)
    conv = converter(rules)
    known = {
        "format", "rules", "players", "current_player", "first_player", "taken", "phase", "messenger",
        "locations", "pending", "history", "rng", "origin", "script", "viewer",
        "opened_lock", "row_gold", "known", "reserved_at_end",
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
    for i, raw in enumerate(raw_history):
        action = action_from_json(raw, f"$.history[{i}]")
        if action.to_json() != raw:
            raise _fail(f"$.history[{i}]", f"expected the action as a save writes it: {json.dumps(action.to_json())}")
        history.append(action)
    pending = data.get("pending")
    origin = data.get("origin")
    viewer = data.get("viewer")
    opened_lock = _get(data, "opened_lock")
    if not isinstance(opened_lock, bool):
        raise _fail("$.opened_lock", f"expected true or false, got {quote(opened_lock)}")
    row_gold = _row_gold(data.get("row_gold", {}), rules)
    knowledge = _known(data.get("known", []))
    at_end = _reserved_at_end(data.get("reserved_at_end", []), rules)
    state = GameState(
        rules,
        players,
        _structure(conv, _get(data, "current_player"), int, "$.current_player"),
        _structure(conv, _get(data, "first_player"), int, "$.first_player"),
        _structure(conv, _get(data, "taken"), int, "$.taken"),
        _enum(Phase, _get(data, "phase"), "$.phase"),
        _enum(Deck, _get(data, "messenger"), "$.messenger"),
        (castle, village),
        None if pending is None else _structure(conv, pending, Pending, "$.pending"),
        tuple(history),
        _rng(_get(data, "rng")),
        None if origin is None else _structure(conv, origin, Origin, "$.origin"),
        _structure(conv, data.get("script", []), tuple[ScriptedReshuffle, ...], "$.script"),
        None if viewer is None else _structure(conv, viewer, int, "$.viewer"),
        opened_lock,
        row_gold,
        knowledge,
        at_end,
        engine=compiled(rules),
    )
    check_state(state)
    check_rules_kept(state)
    if state.origin is not None:
        _check_history(state)
    return state


_DECK_NAMES = ("castle", "village")


def _known(saved: object) -> tuple[tuple[int, int, int], ...]:
    """What seats know of the decks' top cards as a save writes it (``[{"deck": "castle", "seat": 0, "cards": 3}]``),
    as a state keeps it (sorted; whether it fits the decks and seats is the check of the state's)."""
    if not isinstance(saved, list):
        raise _fail("$.known", f"expected a list of {{\"deck\", \"seat\", \"cards\"}} objects, got {quote(saved)}")
    out = []
    for i, entry in enumerate(saved):
        path = f"$.known[{i}]"
        if not isinstance(entry, Mapping) or set(entry) != {"deck", "seat", "cards"}:
            raise _fail(path, "expected {\"deck\": \"castle\" or \"village\", \"seat\": a seat, \"cards\": a "
                              f"number}}, got {quote(entry)}")
        if entry["deck"] not in _DECK_NAMES:
            raise _fail(f"{path}.deck", f"expected \"castle\" or \"village\", got {quote(entry['deck'])}")
        for field, least in (("seat", 0), ("cards", 1)):
            value = entry[field]
            if type(value) is not int or not least <= value <= MAX_NUMBER:
                raise _fail(f"{path}.{field}", f"expected a whole number from {least}, got {quote(value)}")
        out.append((_DECK_NAMES.index(entry["deck"]), entry["seat"], entry["cards"]))
    if len({(d, s) for d, s, _ in out}) != len(out):
        raise _fail("$.known", "a seat's knowledge of a deck is listed twice; list each deck and seat once")
    return tuple(sorted(out))


def _reserved_at_end(saved: object, rules: Ruleset) -> tuple[tuple[int, ...], ...]:
    """Each seat's reserve as it stood when the last turn ended, as a save names it (``[["Nun"], []]``, one list
    per seat), as a state keeps it (whether it fits the seats and the discard piles is the check of the state's)."""
    if not isinstance(saved, list) or not all(isinstance(kept, list) for kept in saved):
        raise _fail("$.reserved_at_end", f"expected a list of card names per seat ([[\"Nun\"], []]), got "
                                         f"{quote(saved)}")
    ids = compiled(rules).ids
    out = []
    for seat, kept in enumerate(saved):
        for k, name in enumerate(kept):
            if not isinstance(name, str) or name not in ids:
                raise _fail(f"$.reserved_at_end[{seat}][{k}]", f"no card of the ruleset has the name {quote(name)}")
        out.append(tuple(ids[name] for name in kept))
    return tuple(out)


def _row_gold(saved: object, rules: Ruleset) -> tuple[tuple[int, int], ...]:
    """The gold on cards in the rows as a save names it (``{"Street Urchin": 2}``), as a state keeps it.

    Which cards may hold it (cards lying in a row that pile up gold there) is checked with the rest of the state
    (:func:`castle_combo.records.integrity.check_state`)."""
    if not isinstance(saved, Mapping):
        raise _fail("$.row_gold", f"expected an object of card names and gold, got {quote(saved)}")
    ids = compiled(rules).ids
    found = []
    for name, gold in saved.items():
        if name not in ids:
            raise _fail(f"$.row_gold.{name}", "no card of the ruleset has this name")
        if type(gold) is not int or gold < 1:
            raise _fail(f"$.row_gold.{name}", f"expected a number of gold of 1 or more, got {quote(gold)}")
        found.append((ids[name], gold))
    return tuple(sorted(found))


def _check_history(state: GameState) -> None:
    """A save with its origin and history: everything stored beside the history must be what the history gives.

    The history is played again from the origin (a :class:`RecordError` at the
    first move that is not legal there), and the saved state and the replayed
    one are compared as the save writes them, naming the first difference.
    """
    replay = replayed(state)
    found = first_difference(json.loads(dumps(state)), json.loads(dumps(replay)))
    if found is not None:
        path, saved, played = found
        raise _fail(path, f"the save says {quote(saved)}, but its history, played from its origin, gives "
                          f"{quote(played)}; a save must be what its moves make")


def _rng(value: Any) -> int:
    """The generator state of a save: a whole number from 0 to 2**64 - 1 (0 in a seat's view)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < _RNG_LIMIT:
        raise _fail("$.rng", f"expected the generator's state, a whole number from 0 to 2**64 - 1, got {quote(value)}")
    return value


def _enum(cls: Any, value: Any, path: str) -> Any:
    try:
        return cls(value)
    except ValueError:
        allowed = ", ".join(repr(m.value) for m in cls)
        raise _fail(path, f"expected one of {allowed}, got {quote(value)}") from None


# ------------------------------------------------------------------- records


def replay(data: str | bytes | Mapping[str, Any], rules: Ruleset | None = None) -> GameState:
    """The state reached by replaying a game record (a dict, or its JSON text).

    Raises :class:`RecordError` naming the JSON path of a bad field, and the
    index of the first illegal action with the reason.
    """
    rec = _parse(data)
    _check_format(rec, RECORD_FORMAT, required=False)
    rules = _rules_named(rec.get("rules")) if rules is None else rules
    known = {"format", "rules", "players", "first_player", "seats", "seed", "decks", "reshuffles", "actions", "view"}
    extra = sorted(set(rec) - known)
    if extra:
        raise _fail(
            f"$.{extra[0]}",
            "unknown field; a record has players, first_player, seats, seed, decks, reshuffles, actions",
        )
    version = rec.get("rules")
    if version is not None and version != rules.version:
        raise _fail(
            "$.rules",
            f"played with the ruleset {quote(version)}, replaying with {rules.version!r}; "
            "pass rules= the ruleset it was played with",
        )
    if "decks" not in rec and "seed" not in rec:
        hint = " (this is a seat's public record, which hides the deck orders)" if "view" in rec else ""
        raise _fail("$.decks", f"missing: a record needs the deck orders or a seed{hint}")
    players = _players(rec)
    first = rec.get("first_player", 0)
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
        raise _fail("$.first_player", f"expected a seat from 0 to {players - 1}, got {quote(first)}")
    _seats(rec, players)
    seed = rec.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise _fail("$.seed", f"expected an integer, got {quote(seed)}")
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



def _players(rec: Mapping[str, Any]) -> int:
    """The record's number of players, checked."""
    players = rec.get("players")
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise _fail("$.players",
                    f"expected the number of players, {MIN_PLAYERS} to {MAX_PLAYERS}, got {quote(players)}")
    return players


def _seats(rec: Mapping[str, Any], players: int) -> tuple[Seat, ...] | None:
    """The record's ``seats``, checked: one ``{"name": text, "bot": text or null}`` per seat, or absent."""
    if "seats" not in rec:
        return None
    seats = rec["seats"]
    example = '{"name": "Ana", "bot": null}'
    if not isinstance(seats, list) or len(seats) != players:
        got = (f"{len(seats)} {'entry' if len(seats) == 1 else 'entries'}" if isinstance(seats, list)
               else quote(seats))
        raise _fail("$.seats", f"expected one entry per seat ({players}) such as {example}, got {got}; "
                               "or leave seats out")
    out = []
    for i, entry in enumerate(seats):
        path = f"$.seats[{i}]"
        if not isinstance(entry, dict):
            raise _fail(path, f"expected an object such as {example}, got {quote(entry)}")
        extra = sorted(set(entry) - {"name", "bot"})
        if extra:
            raise _fail(f"{path}.{extra[0]}", "unknown field; a seat has a name and a bot (null for a person)")
        name, bot = entry.get("name"), entry.get("bot")
        if not isinstance(name, str) or not name.strip() or not name.isprintable() or len(name) > 40:
            raise _fail(f"{path}.name",
                        f"expected the player's name, 1 to 40 printable characters, got {quote(name)}")
        if bot is not None and (not isinstance(bot, str) or not bot.isprintable() or not bot.strip()):
            raise _fail(f"{path}.bot",
                        f"expected the bot's name (e.g. \"greedy\") or null for a person, got {quote(bot)}")
        out.append(Seat(name, bot))
    return tuple(out)


def record_seats(data: str | bytes | Mapping[str, Any]) -> tuple[Seat, ...] | None:
    """Who played each seat of a game record (its optional ``seats``), or ``None`` when it does not say.

    Raises :class:`RecordError` naming the JSON path of a bad entry.
    """
    rec = _parse(data)
    return _seats(rec, _players(rec))
