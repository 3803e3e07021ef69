"""What a human types in ``castle-combo play``, turned into a command or a legal action.

A player can always answer with the number of a listed move. The compact
syntax saves reading the list once you know the game:

=========================  ==============================================
``3``                      answer 3 of a decision (as numbered in the prompt)
``#3``                     the third move of the list ``moves`` shows
``nun 0 1``                take the Nun face up and place it at (0, 1)
``nun -1,0 down``          take it face down at (-1, 0)
``royal 1 0``              a unique prefix of a card's name is enough
``move`` / ``refresh``     spend a key to move the messenger / refresh the row (``m`` / ``r``)
``choose 2``               option 2 of a "choose one" ability
``discard jester``         the card to discard from a row
``unlock toady``           open the lock of one of your lock cards
``pass``                   end the turn without opening a lock
``row castle``             the whole row a "discard a row" ability discards
``activate baker``         the adjacent card (or neighbour's card) whose ability a copier uses
``times 2``                how many times a repeated "you may pay ..." is done (from 0)
``swap nun``               a card of your tableau a swap moves (the first, then the one it swaps with)
``reserve nun``            the card of a row a "reserve a card from ..." ability reserves
``reserved 0 1 [down]``    take your reserved card (face up, or down) and place it at (0, 1)
``return nun``             the card of a discard pile a "put a card from ... discard pile" ability puts back
``undo``, ``help``,        go back to your previous decision, show help,
``moves``, ``quit``        list the numbered moves, leave the game
=========================  ==============================================

Anything else raises :class:`BadInput` with a hint; the game re-prompts.

Ambiguous input never plays anything. When a card may be taken, the screen
numbers the cards of the row, so a bare ``1`` could mean that card (which
also needs a spot) or the first move of the list (which may be spending a
key): it is answered with a question naming both (``1a`` or ``#1``), not
played. In a decision the prompt numbers the answers, and a bare number is
that answer.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence

import attrs

from castle_combo.cli._play_session import asking_card, decision_words
from castle_combo.cli.tui import SPOT_LETTERS, spot_labels
from castle_combo.engine.actions import (
    Action,
    Activate,
    Arrange,
    Choose,
    Discard,
    DiscardRow,
    KeyUse,
    Pass,
    Reserve,
    ReturnCard,
    SwapCard,
    Take,
    TakeReserved,
    Times,
    Unlock,
    UseKey,
)
from castle_combo.engine.state import GameState
from castle_combo.errors import BadInput
from castle_combo.language.model import Deck

__all__ = ["Command", "BadInput", "HELP", "Parsed", "parse_input", "compact", "prompt_lines", "quick_move"]


class Command(enum.Enum):
    """The words that are not moves."""

    UNDO = "undo"
    HELP = "help"
    QUIT = "quit"
    MOVES = "moves"


_COMMAND_WORDS = {
    "undo": Command.UNDO,
    "u": Command.UNDO,
    "z": Command.UNDO,
    "help": Command.HELP,
    "h": Command.HELP,
    "?": Command.HELP,
    "quit": Command.QUIT,
    "q": Command.QUIT,
    "exit": Command.QUIT,
    "moves": Command.MOVES,
    "list": Command.MOVES,
    "m?": Command.MOVES,
}
_FILLER = frozenset({"take", "at", "face", "key", "the", "to", "place", "put"})


@attrs.frozen
class Parsed:
    """A parsed line: exactly one of ``command`` and ``action`` is set."""

    command: Command | None = None
    action: Action | None = None


def compact(action: Action) -> str:
    """The shortest compact syntax for ``action`` (shown beside each numbered move)."""
    if isinstance(action, UseKey):
        return action.use.value
    if isinstance(action, Take):
        side = " down" if action.face_down else ""
        return f"{action.card.lower()} {action.at[0]} {action.at[1]}{side}"
    if isinstance(action, Choose):
        return f"choose {action.option}"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, DiscardRow):
        return f"row {action.deck.value}"
    if isinstance(action, Unlock):
        return f"unlock {action.card.lower()}"
    if isinstance(action, Activate):
        return f"activate {action.card.lower()}"
    if isinstance(action, Times):
        return f"times {action.times}"
    if isinstance(action, SwapCard):
        return f"swap {action.card.lower()}"
    if isinstance(action, Arrange):
        return f"{'discard' if action.discard else 'put'} {action.card.lower()}"
    if isinstance(action, Reserve):
        return f"reserve {action.card.lower()}"
    if isinstance(action, ReturnCard):
        return f"return {action.card.lower()}"
    if isinstance(action, TakeReserved):
        side = " down" if action.face_down else ""
        return f"reserved {action.at[0]} {action.at[1]}{side}"
    return f"discard {action.card.lower()}"


def _tokens(line: str) -> list[str]:
    return [t for t in re.split(r"[\s,()\[\]]+", line.strip().lower()) if t]


def _is_int(token: str) -> bool:
    """A whole number short enough to mean something here (a move's number, a coordinate, an option)."""
    return re.fullmatch(r"[+-]?\d{1,6}", token) is not None


def _match_card(words: list[str], names: Sequence[str], what: str) -> str:
    """The one card of ``names`` that the words name (exactly or by a prefix)."""
    wanted = " ".join(words)
    if not wanted:
        raise BadInput(f"name the card to {what}; one of: {', '.join(names)}")
    exact = [n for n in names if n.lower() == wanted]
    if exact:
        return exact[0]
    matches = [n for n in names if n.lower().startswith(wanted)]
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise BadInput(f"no card {wanted!r} to {what} here; choose one of: {', '.join(names)}")
    raise BadInput(f"{wanted!r} could be {', '.join(matches)}; type more of the name")


def _parse_move(tokens: list[str], legal: Sequence[Action], view: GameState | None = None) -> Action:
    words = [t for t in tokens if t not in _FILLER]
    if not words:
        raise BadInput("type a move's number, or 'help' for the compact syntax")
    head = words[0]
    if head in ("move", "refresh", "m", "r") and len(words) == 1:
        head = {"m": "move", "r": "refresh"}.get(head, head)
        wanted: Action = UseKey(KeyUse(head))
        if wanted in legal:
            return wanted
        raise BadInput(f"you cannot {head} now (a key is spent only before taking a card, once a turn)")
    if head in ("choose", "option"):
        options = [a for a in legal if isinstance(a, Choose)]
        if not options:
            raise BadInput("there is no choice to make now")
        if len(words) != 2 or not _is_int(words[1]):
            raise BadInput(f"write 'choose N' with N one of {', '.join(str(a.option) for a in options)}")
        wanted = Choose(int(words[1]))
        if wanted in legal:
            return wanted
        raise BadInput(f"no option {words[1]}; choose one of {', '.join(str(a.option) for a in options)}")
    if head == "times":
        counts = [a.times for a in legal if isinstance(a, Times)]
        if not counts:
            raise BadInput("there is nothing to repeat now")
        if len(words) != 2 or not _is_int(words[1]) or Times(max(0, int(words[1]))) not in legal:
            raise BadInput(f"write 'times N' with N from {counts[0]} to {counts[-1]}")
        return Times(int(words[1]))
    if head == "pass":
        if Pass() in legal:
            return Pass()
        raise BadInput("there is nothing to pass now (passing is offered only when a lock could be opened)")
    if head == "row":
        rows = [a for a in legal if isinstance(a, DiscardRow)]
        if not rows:
            raise BadInput("there is no row to discard now")
        choices = " or ".join(f"'row {a.deck.value}'" for a in rows)
        if len(words) != 2:
            raise BadInput(f"write {choices}")
        for action in rows:
            if action.deck.value == words[1]:
                return action
        raise BadInput(f"write {choices}")
    if head == "reserved":
        return _parse_take_reserved(words[1:], legal, view)
    named: dict[str, tuple[type[Unlock] | type[Activate] | type[SwapCard] | type[Reserve] | type[ReturnCard], str]] = {
        "unlock": (Unlock, "unlock"), "open": (Unlock, "unlock"), "activate": (Activate, "use the ability of"),
        "use": (Activate, "use the ability of"), "swap": (SwapCard, "swap"), "reserve": (Reserve, "reserve"),
        "return": (ReturnCard, "put back on top of its deck"),
    }
    if head in named:
        kind, what = named[head]
        cards = [a.card for a in legal if isinstance(a, kind)]
        if not cards:
            raise BadInput(f"there is no card to {what} now")
        return kind(_match_card(words[1:], cards, what))
    looked = [a for a in legal if isinstance(a, Arrange)]
    if looked and tokens[0] in ("put", "back", "discard"):
        discard = tokens[0] == "discard"
        names = list(dict.fromkeys(a.card for a in looked if a.discard == discard))
        if not names:
            raise BadInput("the card does not let you discard the cards you look at; 'put NAME' puts one back next")
        rest = [t for t in tokens[1:] if t not in ("back", "on", "top", "next")]
        return Arrange(_match_card(rest, names, "discard" if discard else "put back next"), discard)
    discards = [a for a in legal if isinstance(a, Discard)]
    if head == "discard" or (discards and not any(isinstance(a, Take) for a in legal)):
        if not discards:
            raise BadInput("there is nothing to discard now")
        names = [a.card for a in discards]
        rest = words[1:] if head == "discard" else words
        return Discard(_match_card(rest, names, "discard"))
    return _parse_take(words, legal, view)


def _not_face_up(view: GameState | None, card: str, named: bool = False) -> str:
    """Why ``card`` cannot be taken face up, for the message (the card by name if ``named``, else "it"): its
    requirement the player does not meet, else the price."""
    if view is not None:
        requirement = view.rules[card].requirement
        if requirement is not None and not view.meets(view.current_player, card):
            return f"you do not meet {card + chr(39) + 's' if named else 'its'} requirement, '{requirement.ccl()}'"
    return f"you cannot pay for {card if named else 'it'}"


def _parse_take(words: list[str], legal: Sequence[Action], view: GameState | None = None) -> Action:
    takes = [a for a in legal if isinstance(a, Take)]
    if not takes:
        raise BadInput("you cannot take a card now; type a listed move's number")
    face_down = "down" in words
    numbers = [int(w) for w in words if _is_int(w)]
    name_words = [w for w in words if not _is_int(w) and w not in ("up", "down")]
    names = list(dict.fromkeys(a.card for a in takes))
    card = _match_card(name_words, names, "take")
    candidates = [a for a in takes if a.card == card and a.face_down == face_down]
    if not candidates:
        side = "face down" if face_down else f"face up ({_not_face_up(view, card)}; add 'down')"
        raise BadInput(f"you cannot take {card} {side}")
    return _at_spot(numbers, candidates, card)


def _parse_take_reserved(words: list[str], legal: Sequence[Action], view: GameState | None = None) -> Action:
    """``reserved 0 1`` / ``reserved 0 1 down``: take your reserved card at a spot."""
    takes = [a for a in legal if isinstance(a, TakeReserved)]
    if not takes:
        raise BadInput("you have no reserved card to take now (one is taken in step 2 of a turn, instead of a "
                       "row's card)")
    face_down = "down" in words
    numbers = [int(w) for w in words if _is_int(w)]
    candidates = [a for a in takes if a.face_down == face_down]
    if not candidates:
        kept = view.reserved_card(view.current_player) if view is not None else None
        why = "you cannot pay for it" if kept is None else _not_face_up(view, kept.name)
        raise BadInput(f"you cannot take your reserved card face up ({why}); add 'down'")
    return _at_spot(numbers, candidates, "your reserved card")


def _at_spot(numbers: list[int], candidates: Sequence[Take | TakeReserved], what: str) -> Action:
    """The take among ``candidates`` at the spot ``numbers`` names (x y), or the only one when none is named."""
    if len(numbers) == 2:
        at = (numbers[0], numbers[1])
        for action in candidates:
            if action.at == at:
                return action
        spots = " ".join(f"({a.at[0]},{a.at[1]})" for a in candidates)
        raise BadInput(f"({at[0]},{at[1]}) is not a free spot next to your cards; choose one of {spots}")
    if not numbers and len({a.at for a in candidates}) == 1:
        return candidates[0]
    raise BadInput(f"say where to place {what}: x y, e.g. '{compact(candidates[0])}'")


def _ambiguous(number: int, legal: Sequence[Action]) -> str:
    """The question a bare number gets when a card may be taken: the row's card, or the list's move?"""
    card = f"to take card {number} of the row, add a spot and a side ({number}a face up, {number}a d face down)"
    move = f"for move {number} of the list, type #{number}"
    if 1 <= number <= len(legal):
        move += f" ({compact(legal[number - 1])})"
    return f"'{number}' alone could mean either, so nothing was played: {card}; {move}"


def parse_input(line: str, legal: Sequence[Action], view: GameState | None = None) -> Parsed:
    """Turn one line of input into a command or one of ``legal``; raise :class:`BadInput` otherwise (``view``, the
    player's view, lets a refused face-up take say why: a requirement not met, or the price)."""
    tokens = _tokens(line)
    if any(re.fullmatch(r"[+-]?\d{7,}", token) for token in tokens):
        raise BadInput("that number is far too long; type a move's number or a position such as 0 1")
    if not tokens:
        raise BadInput(f"type a move's number (1-{len(legal)}), or 'help'")
    if len(tokens) == 1 and tokens[0] in _COMMAND_WORDS:
        return Parsed(command=_COMMAND_WORDS[tokens[0]])
    listed = len(tokens) == 1 and re.fullmatch(r"#\d{1,6}", tokens[0]) is not None
    if listed or len(tokens) == 1 and _is_int(tokens[0]):
        number = int(tokens[0].lstrip("#"))
        if not listed and any(isinstance(a, (Take, UseKey)) for a in legal):
            raise BadInput(_ambiguous(number, legal))
        if 1 <= number <= len(legal):
            return Parsed(action=legal[number - 1])
        raise BadInput(f"there is no move {number}; type a number from 1 to {len(legal)}")
    return Parsed(action=_parse_move(tokens, legal, view))


HELP = """\
Each turn: optionally spend a key (move the messenger to the other location, or
refresh the messenger's row), then take one card of the messenger's row.
Face up you pay its cost (after your discounts) and its ability happens;
face down it is free and gives 6 gold and 2 keys. Cards go next to your
cards; the tableau must fit a 3x3 grid. After 9 cards each, cards score.
With the expansion, a lock card's ability waits behind its lock: open it at
the start of a turn, after a key, or at the end of a turn (one lock a turn).

Moves: 2b (card 2 of the row at spot b, face up), 2b d (face down);
  nun 0 1 / nun 0 1 down   a card by name and position (a name prefix is enough)
  move / refresh           spend a key to move the messenger / refresh the row
  choose 2                 option 2 of a "choose one" ability
  discard jester           the card to discard from a row
  unlock toady / pass      open a lock / open none at the end of your turn
  row castle               the whole row an ability discards
  activate baker           the adjacent card whose ability a copier uses
  times 2                  how many times to do a repeated "you may pay ..."
  swap nun                 a card a swap moves: the first, then the one it swaps with
  put nun / discard nun    a card looked at on a deck's top: put back next, or discarded
  reserve nun              the card of a row an ability reserves
  reserved 0 1 [down]      take your reserved card instead of a row's card
  N                        answer N of a decision, as the prompt numbers them
  #N                       move N of the numbered list ('moves' shows it)
Commands: moves, undo (back to your previous decision; the hidden cards are
shuffled again, so undo shows you nothing new), help, quit."""

_QUICK = re.compile(r"^\s*([1-9])\s*([a-z])\s*(u|up|d|down)?\s*$")


def quick_move(line: str, view: GameState, legal: Sequence[Action]) -> Action | None:
    """``2b`` / ``2b d``: card 2 of the messenger's row at spot b, face up or down; ``None`` if not that form."""
    match = _QUICK.match(line.lower())
    if match is None:
        return None
    number, letter, side = int(match.group(1)), match.group(2), match.group(3) or "u"
    row = view.row(view.messenger)
    spots = {label: spot for spot, label in spot_labels(view, view.current_player).items()}
    if not 1 <= number <= len(row):
        raise BadInput(f"the row has cards 1 to {len(row)}, not {number}")
    if letter not in spots:
        raise BadInput(f"the free spots are {', '.join(sorted(spots)) or 'none now'}, not {letter}")
    action = Take(row[number - 1].name, spots[letter], side.startswith("d"))
    if action not in legal:
        raise BadInput(f"{_not_face_up(view, row[number - 1].name, named=True)}; take it face down ({number}{letter} "
                       "d)")
    return action


def prompt_lines(view: GameState, legal: Sequence[Action], names: Sequence[str] | None = None) -> list[str]:
    """What you may do now, in at most three short lines (a question names the card asking and its owner, with
    ``names`` as the session's)."""
    if view.pending is not None:
        card = asking_card(view, names)
        head = f"Decide for {card}: " if card else "Decide: "
        return [head + "   ".join(decision_words(view, legal))[:300], "type a number; z undo, ? help"]
    extras = []
    if any(getattr(a, "use", None) is not None for a in legal):
        extras.append("m move / r refresh (a key)")
    locks = [compact(a) for a in legal if type(a).__name__ == "Unlock"]
    if locks:
        extras.append("open a lock: " + ", ".join(locks))
    spots = len(view.players[view.current_player].spots)
    letters = "a" if spots == 1 else f"a-{SPOT_LETTERS[spots - 1]}"
    first = f"Take a card: its number 1-{len(view.row(view.messenger))}, a spot {letters}"
    kept = view.players[view.current_player].reserved
    if kept and any(isinstance(a, TakeReserved) for a in legal):
        extras.insert(0, f"your reserved {view.engine.name(kept[0])}: reserved x y")
    if view.players[view.current_player].either_row:
        other = view.row(Deck.VILLAGE if view.messenger is Deck.CASTLE else Deck.CASTLE)
        if other:
            extras.insert(0, f"the other row's cards by name ({other[0].name.lower()} x y)")
    return [first + ", then u (face up) or d (face down)", "; ".join(extras + ["z undo", "? help"])]
