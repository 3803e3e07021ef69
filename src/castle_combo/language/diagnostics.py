"""Turning Lark's parse errors into messages a fan can act on.

Lark reports what went wrong in terms of terminals (``LBRACE``,
``__ANON_3``, ``$END``). This module recognises the mistakes people really
make (a misspelled or plural shield, a missing ``}``, a mask that is not
3x3, an unterminated name, a number where a word belongs, ...) and says
what was expected in the card language's own words, with a did-you-mean
drawn from the words that would have been accepted at that spot.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable

import attrs
from lark import Lark, Token
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from castle_combo.errors import CardSyntaxError
from castle_combo.language.messages import render
from castle_combo.language.model import Deck, Shield
from castle_combo.language.phrasebook import advise

__all__ = ["syntax_error", "describe_expected"]

SHIELD_WORDS = tuple(shield.value for shield in Shield)
DECK_WORDS = tuple(deck.value for deck in Deck)
PROPERTY_WORDS = ("deck", "cost", "shields", "messenger", "purse", "lock", "when", "whenever", "while", "surcharge",
                  "requires", "score")
MASK_CELLS = ("X", ".")
NUMBER_WORDS = {
    word: number
    for number, word in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
        "fifteen sixteen seventeen eighteen nineteen twenty".split()
    )
}
#: The words an effect starts with: where all are expected, "an effect" is.
EFFECT_WORDS = frozenset({"gain", "lose", "take", "give", "discount", "discard", "put", "fill", "move", "turn",
                          "choose", "each", "you", "your"})
#: Words a count starts with (with the shields): where all are expected, "what is counted" is.
COUNT_WORDS = frozenset({"card", "banner", "gold", "key", "empty", "missing", "set", "opponent", "row"})
#: Words a place of the final grid starts with (after "placed in").
REGION_WORDS = frozenset({"top", "bottom", "left", "right", "corner"})
#: Words a condition starts with: where all are expected, "a condition" is.
CONDITION_WORDS = frozenset({"no", "exactly", "more", "fewer", "placed"})
#: Words that go on with a count or a condition (places, bounds, joins), left out when a property may begin.
_GOING_ON = frozenset({"adjacent", "around", "diagonal", "not", "other", "and", "then", "above", "below", "directly",
                       "left", "right", "per"})
_GOING_ON_TERMINALS = frozenset({"UP_TO", "AT_LEAST"})
#: Readable names of the named terminals of ccl.lark.
TERMINAL_WORDS = {
    "NAME": "a name in double quotes",
    "INT": "a number",
    "WORD": "a two-letter language code (such as fr)",
    "$END": "the end of the file",
    "_COSTS": "'costs'",
    "_END_OF_THIS_TURN": "'at the end of this turn:'",
    "UP_TO_TIMES": "'up to N times'",
}
#: Plural keywords that are shown only as their singular when both are expected.
_PLURALS = {"shields": "shield", "cards": "card", "keys": "key", "types": "type", "banners": "banner",
            "spaces": "space", "sets": "set", "purses": "purse", "gains": "gain", "costs": "cost"}


def _texts(parser: Lark, names: Iterable[str]) -> dict[str, str]:
    """Terminal name -> the keyword it stands for (only for keyword terminals)."""
    texts = {}
    for name in names:
        try:
            pattern = parser.get_terminal(name).pattern
        except KeyError:
            continue
        if pattern.type == "str":
            texts[name] = pattern.value
    return texts


def _keywords(parser: Lark) -> frozenset[str]:
    """Every keyword of the language, each without its apostrophes and plural ``s`` (see :func:`_spelling`)."""
    return frozenset(_spelling(terminal.pattern.value) for terminal in parser.terminals
                     if terminal.pattern.type == "str")


def _in_shields(history: list[Token]) -> bool:
    """Whether the tokens end inside a card's ``shields`` property (``shields faith`` so far)."""
    for seen in reversed(history):
        if str(seen) == "shields":
            return True
        if str(seen) not in SHIELD_WORDS:
            return False
    return False


def _join(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def describe_expected(parser: Lark, names: Iterable[str], brief: bool = False) -> str:
    """What Lark expected, in words: "a shield (nobility, faith, ...)" or "a property, a shield or '}'".

    A category's members are listed only when it is the one thing expected;
    among several, each is named briefly so the message stays readable.
    ``brief`` names every category briefly (for a message whose hint lists them).
    """
    names = set(names)
    words = set(_texts(parser, names).values())
    categories: list[tuple[str, str]] = []
    if set(PROPERTY_WORDS) <= words:
        categories.append(("a property", "a property (deck, cost, shields, messenger, purse, lock, when bought, "
                                         "when unlocked, at the start of your turn, whenever you take a card, "
                                         "at the end of the game, while in a row, surcharge, requires, score)"))
        # After a complete part a property may begin; the words that would go on with that part (a place,
        # a condition's "and", ...) are not what a fan looks for there, so the property is named alone.
        words -= set(PROPERTY_WORDS) | {"shield", "no", "or", "an", "to", "as", "it", "is", "at", "in", "on", "if"}
        words -= _GOING_ON
        names -= _GOING_ON_TERMINALS
        names.discard("WORD")
    if EFFECT_WORDS <= words:
        categories.append(("an effect", "an effect such as 'gain 2 gold', 'lose 1 key', 'take 1 gold from an "
                                        "opponent of your choice', 'each opponent gains 1 gold', 'swap two cards of "
                                        "your tableau', 'choose one: ...', 'you may ...', 'at the end of this turn: "
                                        "...', or 'that player loses 1 gold' in a trigger on other players' takes"))
        # The grammar words an effect may start with ("a" of "an opponent of your choice gains", "that" of
        # "that player loses") mean nothing alone: the effect names them all.
        words -= EFFECT_WORDS | {"use", "a", "an", "swap", "reserve", "that", "look", "repeat", "store"}
        names.discard("_END_OF_THIS_TURN")
    if COUNT_WORDS <= words and set(SHIELD_WORDS) <= words:
        categories.append(("what is counted", "what is counted: shields ('faith shield', 'shield'), cards ('castle "
                                              "card', 'purse card', 'card'), 'key', 'gold', 'empty space', "
                                              "'shield type', players, rows or pairs ('opponent with ...'), "
                                              "groups ('group of connected faith cards')"))
        words = {word for word in words if word in ("not", "adjacent", "diagonal", "around", "other", "on", "in")}
        names.discard("INT")
    if CONDITION_WORDS <= words:
        categories.append(("a condition", "a condition, such as 'at least 2 faith shields', 'no key', 'more gold "
                                          "than each opponent', 'the most keys' or 'placed in a corner'"))
        words -= CONDITION_WORDS | {"a", "all", "an", "as", "the", "they", "you", "(", "not"}
        names -= {"AT_MOST", "AT_LEAST", "NOT_EXACTLY", "INT"}
    if REGION_WORDS <= words:
        categories.append(("a place of the final grid", "a place of the final grid: 'top row', 'middle row', "
                                                        "'bottom row', 'left column', 'middle column', 'right "
                                                        "column', 'a corner', 'the middle of an edge' or 'the center'"))
        words -= REGION_WORDS | {"a", "the", "middle"}
    if set(SHIELD_WORDS) <= words:
        wild = ["wild"] if "wild" in words else []
        categories.append(("a shield", "a shield (" + _join(list(SHIELD_WORDS) + wild) + ")"))
        # A chosen shield ('shields chosen') is rarer: the list of types names the printed ones and a wild one.
        words -= set(SHIELD_WORDS) | set(wild) | {"chosen"}
    if set(DECK_WORDS) <= words:
        categories.append(("a deck", "a deck (castle or village)"))
        words -= set(DECK_WORDS)
        if "discard" in words:  # "in the discard piles" beside "in the castle discard pile": the deck is named
            words -= {"discard", "two"}
    if set(MASK_CELLS) <= words:
        categories.append(("a mask cell", "a mask cell (X or .)"))
        words -= set(MASK_CELLS)
    words -= {plural for plural, singular in _PLURALS.items() if singular in words}
    words -= {word for word in words if "’" in word and word.replace("’", "'") in words}
    others = [TERMINAL_WORDS[name] for name in sorted(names) if name in TERMINAL_WORDS]
    others += [quote_word(word) for word in sorted(words)]
    if len(others) > 8:
        others = others[:8] + ["another keyword"]
    alone = len(categories) == 1 and not others
    parts = [full if alone and not (brief and len(full) > 60) else short for short, full in categories] + others
    return _join(parts) or "something else"


def quote_word(word: str) -> str:
    """A keyword between quotes a reader can see the end of: 'tableau', but "opponents'"."""
    return f'"{word}"' if word.endswith("'") else f"'{word}'"


def _found(token: Token) -> str:
    if token.type == "$END":
        return "the end of the file"
    if token.type == "INT":
        return f"the number {token}"
    if token.type == "NAME":
        return f"the name {token}"
    if token.type == "WORD":
        return f"the unknown word '{token}'"
    return quote_word(str(token))


def _spelling(word: str) -> str:
    """A word without its apostrophes and plural ``s``: "neighbours" and "neighbour's" are one word spelt two ways.

    Only such a keyword is taken for a misspelling of the one expected: a
    keyword that is another word ("and" where "an" would fit) means
    something else, and suggesting the other word would change the meaning.
    """
    return re.sub(r"['’]", "", word).removesuffix("s")


def _singular(word: str) -> str:
    if word.endswith("ies"):
        return word[:-3] + "y"
    return word[:-1] if word.endswith("s") else word


def _tokens_before(parser: Lark, text: str, position: int) -> list[Token]:
    """The tokens of ``text`` that start before ``position`` (the error's offset)."""
    tokens: list[Token] = []
    try:
        for token in parser.lex(text):
            if token.start_pos is None or token.start_pos >= position:
                break
            tokens.append(token)
    except LarkError:
        pass
    return tokens


@attrs.frozen
class _Report:
    """The pieces of one message, before rendering: position, what is wrong, the fix."""

    line: int
    column: int
    message: str
    hint: str = ""
    width: int = 0


def syntax_error(error: UnexpectedInput, text: str, path: str, parser: Lark) -> CardSyntaxError:
    """A :class:`CardSyntaxError` for a Lark parse error, with a caret and a fix."""
    if isinstance(error, UnexpectedCharacters):
        report = _bad_character(error, text, parser)
    elif isinstance(error, (UnexpectedToken, UnexpectedEOF)):
        report = _bad_token(error, text, parser)
    else:  # pragma: no cover - Lark's LALR parser raises only the two kinds above
        report = _Report(getattr(error, "line", 1), getattr(error, "column", 1), str(error))
    return CardSyntaxError(render(path, report.line, report.column, report.message, report.hint, text,
                                  report.width))


def _bad_character(error: UnexpectedCharacters, text: str, parser: Lark) -> _Report:
    position = error.pos_in_stream or 0
    char = text[position]
    line, column = error.line, error.column
    before = text[max(0, position - 3):position]
    if char == '"':
        return _Report(line, column, "this name is not closed: a name ends with '\"' on the same line",
                       'add the closing quote, as in card "Nun" {', 1)
    if char in "'‘’“”":
        return _Report(line, column, f"names are written between straight double quotes, not {char}",
                       'write the name like "Nun"', 1)
    if char == "+" and before.endswith("row"):
        return _Report(line, column, "'row+column' is written 'row and column'",
                       "write 'in row and column'", 1)
    allowed = set(error.allowed or ())
    phrased = _phrased(parser, text, position, None, _expected_words(parser, allowed))
    if phrased is not None:
        return phrased
    expected = describe_expected(parser, allowed)
    return _Report(line, column, f"unexpected character {char!r}", f"expected {expected}", 1)


def _end_position(text: str) -> tuple[int, int]:
    """The line and column just after the last character that is not blank."""
    lines = text.rstrip().split("\n")
    return len(lines), len(lines[-1].rstrip()) + 1


def _accepted_before(parser: Lark, text: str, token: Token) -> set[str]:
    """The terminals the parser would have accepted in place of ``token`` (an earlier token)."""
    interactive = parser.parse_interactive(text)
    try:
        for seen in interactive.iter_parse():
            if seen.start_pos == token.start_pos:
                accepted: set[str] = interactive.accepts()  # type: ignore[no-untyped-call]
                return accepted
    except LarkError:
        pass
    return set()


def _bad_token(error: UnexpectedToken | UnexpectedEOF, text: str, parser: Lark) -> _Report:
    expected_names = set(error.expected)
    token: Token = error.token
    if token.type == "$END" or token.start_pos is None:
        line, column = _end_position(text)
        position = len(text)
    else:
        line, column, position = token.line or 1, token.column or 1, token.start_pos
    history = _tokens_before(parser, text, position)
    expected_texts = _texts(parser, expected_names)
    expected = describe_expected(parser, expected_names)
    previous = history[-1] if history else None

    # A word taken as a language code that is not one: the real mistake is that word.
    if previous is not None and previous.type == "WORD" and expected_names == {"NAME"}:
        word = str(previous)
        if not (len(word) == 2 and word.isalpha() and word.islower()):
            accepted = _accepted_before(parser, text, previous) - {"WORD"}
            phrased = _phrased(parser, text, previous.start_pos or 0, history[-2] if len(history) > 1 else None,
                               _expected_words(parser, accepted))
            if phrased is not None:
                return phrased
            return _unknown_word(previous, list(_texts(parser, accepted).values()),
                                 describe_expected(parser, accepted), describe_expected(parser, accepted, True),
                                 _keywords(parser))

    phrased = _phrased(parser, text, position, previous, _expected_words(parser, expected_names))
    if phrased is not None:
        return phrased

    if set(expected_texts.values()) <= set(MASK_CELLS) and expected_texts:
        cells = 0
        for seen in reversed(history):
            if str(seen) not in MASK_CELLS:
                break
            cells += 1
        if token.type == "WORD" and str(token) in ("x", "o", "O"):
            return _Report(line, column, f"mask cells are a capital X (scores) or a dot (does not), not '{token}'",
                           "write X or .", 1)
        return _Report(line, column, f"mask must be 3 rows of 3 cells; this one stops after {cells} cells",
                       "draw three lines of three cells, for example:  X . X  /  . . .  /  X . X")
    if str(token) in MASK_CELLS and token.type != "NAME":
        if previous is not None and str(previous) in MASK_CELLS:
            return _Report(line, column, "mask must be 3 rows of 3 cells; this one has more than 9 cells",
                           "remove the extra cells", 1)
        return _Report(line, column, f"a mask cell '{token}' can only follow 'placed at'",
                       "write: score 4 if placed at  X . X  /  . . .  /  X . X", 1)

    if "RBRACE" in expected_names and (token.type == "$END" or str(token) == "card"):
        opening = _open_card(history)
        where = "the end of the file" if token.type == "$END" else "the next card"
        return _Report(line, column, f"card {opening} is not closed: '}}' is missing before {where}",
                       f"add '}}' at the end of card {opening}", 1 if token.type == "$END" else 0)

    if str(token) == "and" and previous is not None and str(previous) == "row" and len(history) >= 2 \
            and str(history[-2]) == "in":
        return _row_and_not_column(parser, text, token)
    if token.type == "WORD":
        return _unknown_word(token, list(expected_texts.values()), expected,
                             describe_expected(parser, expected_names, True), _keywords(parser))
    if str(token) in NUMBER_WORDS and "INT" in expected_names:
        # A number word that is also a keyword elsewhere ("no two cards ... share"): still a number here.
        return _Report(line, column, f"numbers are written in digits, not as the word '{token}'",
                       f"write {NUMBER_WORDS[str(token)]}")
    singular = _PLURALS.get(str(token))
    if singular is not None and singular in expected_texts.values():
        # A keyword in the plural where only its singular fits ("costs 3"): say which word belongs.
        return _Report(line, column, f"expected {expected}, found '{token}'", f"did you mean '{singular}'?")

    close = difflib.get_close_matches(str(token), [w for w in expected_texts.values() if "’" not in w], n=1,
                                      cutoff=0.8)
    if token.type not in ("NAME", "INT", "$END") and close and close[0] != str(token) \
            and _spelling(close[0]) == _spelling(str(token)):
        # A word of the language that does not belong here but looks like one that does ("neighbours"
        # for "neighbour's"): a misspelling of the word that belongs.
        return _unknown_word(token, list(expected_texts.values()), expected,
                             describe_expected(parser, expected_names, True))
    after = f" after '{previous}'" if previous is not None else ""
    if token.type == "INT" and "INT" not in expected_names:
        hint = f"expected {expected}"
        if previous is not None and str(previous) == "no":
            # "no 2 opponents ...": "no" takes no number.
            hint = ("after 'no', name what there is none of: 'no opponent with more keys than you'; for a number "
                    "write 'fewer than 2 opponents with more keys than you'")
        elif previous is not None and str(previous) == "repeat":
            # "repeat 3 times": a repetition names its most, which its owner or its condition may cut short.
            hint = "write at most how many times: repeat up to 3 times, you may stop after each: { gain 1 gold }"
        elif set(SHIELD_WORDS) <= set(expected_texts.values()) and _in_shields(history):
            # "shields 2 faith": the shields of a card are each named.
            hint = "name each shield, repeating it for two: shields peasantry peasantry"
        return _Report(line, column, f"found the number {token}{after} where {expected} belongs", hint)
    described = describe_expected(parser, expected_names, True)
    if previous is not None and previous.type in ("INT", "NEGATIVE") and len(history) >= 2 \
            and str(history[-2]) == "score" and {"per", "if"} <= set(expected_texts.values()):
        # "score 3 of ...": the points are read ("score 3" alone is a rule); on that line only 'per' or 'if' goes on.
        described = "'if' or 'per'"
    message = f"expected {described}{after}, found {_found(token)}"
    hint = _hint_for(token, expected_names, expected_texts, previous, expected)
    if (previous is not None and previous.end_line is not None and previous.end_line < line
            and "$END" not in expected_names):
        # The missing words belong at the end of the previous line, not before the next one.
        return _Report(previous.end_line, previous.end_column or 1, message, hint, 1)
    return _Report(line, column, message, hint, 1 if token.type == "$END" else 0)


#: Words standing for the terminals of several words, as the phrasebook names what the parser expects.
_TERMINAL_PHRASES = {"AT_LEAST": "at least", "AT_MOST": "at most", "UP_TO": "up to", "NOT_EXACTLY": "not exactly",
                     "OR_MORE": "or more", "INT": "a number", "NAME": "a name"}


def _expected_words(parser: Lark, names: set[str]) -> frozenset[str]:
    """The keywords (and multi-word terminals) the parser was ready to read."""
    words = set(_texts(parser, names).values())
    words.update(_TERMINAL_PHRASES[name] for name in names if name in _TERMINAL_PHRASES)
    return frozenset(words)


def _phrased(parser: Lark, text: str, position: int, previous: Token | None,
             expects: frozenset[str]) -> _Report | None:
    """The phrasebook's advice (:mod:`castle_combo.language.phrasebook`) for a parse that stopped at ``position``.

    The line of the word the parser stopped at is looked at first; when that
    word starts a later line than the word before it (or the text ended),
    the line of the word before it is looked at next: a phrase left
    unfinished ends there ("2 military shields or more" before a '}').
    A line the phrasebook would write is offered only when the parser reads
    it to its end; with a mistake further on the same line, the hint names
    the words to change instead, so a phrasing is recognised whatever
    follows it (:func:`~castle_combo.language.phrasebook.advise`).
    """
    after = previous.end_pos if previous is not None else None
    lines = [(position, after)]
    if after is not None and ("\n" in text[after:position] or position >= len(text.rstrip())):
        lines = [(position, None), (after, after)] if position < len(text.rstrip()) else [(after, after)]
    for spot, end_of_previous in lines:
        start = text.rfind("\n", 0, spot) + 1
        end = text.find("\n", spot)
        line = text[start:len(text) if end < 0 else end]
        number = text.count("\n", 0, start) + 1
        indent = line[:len(line) - len(line.lstrip())]
        advice = advise(line, spot - start,
                        end_of_previous - start if end_of_previous is not None and end_of_previous >= start else None,
                        expects, _reads_line(parser, text[:start] + indent, text[start + len(line):], number))
        if advice is not None:
            return _Report(number, advice.start + 1, advice.message, advice.hint, max(1, advice.end - advice.start))
    return None


def _reads_line(parser: Lark, before: str, after: str, number: int) -> Callable[[str], int | None]:
    """Where the parse of the text with line ``number`` written anew (between ``before`` and ``after``) stops on
    that line (the column in the new line, from 0), or ``None`` when it reads past the line."""
    lead = len(before) - (before.rfind("\n") + 1)  # the indent of the line, before the new words

    def stops(line: str) -> int | None:
        try:
            parser.parse(before + line + after)
        except UnexpectedInput as error:
            if getattr(error, "line", 0) != number:
                return None
            return max(0, int(getattr(error, "column", 1)) - 1 - lead)
        except LarkError:
            return 0
        return None

    return stops


def _row_and_not_column(parser: Lark, text: str, token: Token) -> _Report:
    """``in row and`` not followed by ``column``: the scope was cut short (or a condition went on too soon)."""
    following = None
    try:
        for seen in parser.lex(text[(token.end_pos or 0):]):
            following = seen
            break
    except LarkError:
        pass
    found = _found(following) if following is not None else "the end of the file"
    line, column = token.end_line or token.line or 1, token.end_column or token.column or 1
    if following is not None and following.line == 1:  # on the same line as "and": point at it
        column = (token.end_column or 1) + (following.column or 1) - 1
    return _Report(line, column, f"expected 'column' after 'and', found {found}", "write 'column' here", 1)


def _open_card(history: list[Token]) -> str:
    """``"Name" (line N)`` of the last card block opened before the error."""
    for index in range(len(history) - 1, 0, -1):
        if history[index].type == "NAME" and str(history[index - 1]) == "card":
            return f"{history[index]} (line {history[index - 1].line})"
    return "above"


def _unknown_word(token: Token, candidates: list[str], expected: str, brief: str | None = None,
                  keywords: frozenset[str] | None = None) -> _Report:
    """An unknown word: case, plural, number words, then a did-you-mean.

    ``expected`` says in full what would have been read there (the hint
    when no word is close), ``brief`` the same in a few words (the message);
    ``keywords`` are all the language's words, so a word of the language in
    another form is never taken for a misspelling of a different one.
    """
    word = str(token)
    line, column = token.line or 1, token.column or 1
    lowered = word.lower()
    if lowered != word and lowered in candidates:
        return _Report(line, column, f"'{word}' must be written in lower case", f"write '{lowered}'")
    singular = _singular(lowered)
    if singular != lowered and singular in SHIELD_WORDS and singular in candidates:
        return _Report(line, column, f"shield types are written in the singular: '{singular}', not '{word}'",
                       f"write '{singular}' (repeat it for two shields: {singular} {singular})")
    if lowered in NUMBER_WORDS and ("a number" in expected):
        return _Report(line, column, f"numbers are written in digits, not as the word '{word}'",
                       f"write {NUMBER_WORDS[lowered]}")
    kind = "word"
    straight = [word for word in candidates if "’" not in word]
    close = difflib.get_close_matches(lowered, straight, n=1, cutoff=0.6)
    if close and keywords is not None and _spelling(lowered) in keywords \
            and _spelling(close[0]) != _spelling(lowered):
        # A word of the language in another form ("gives" of "give"), not a misspelling: the close spelling is
        # another word that means something else ("gains"), so no did-you-mean.
        close = []
    if close and close[0] in SHIELD_WORDS:
        kind = "shield"
    elif close and close[0] in DECK_WORDS:
        kind = "deck"
    message = f"unknown {kind} '{word}'; expected {expected if close or brief is None else brief}"
    hint = f"did you mean '{close[0]}'?" if close else f"write {expected}"
    return _Report(line, column, message, hint)


#: Words that start an effect, and the words that may follow "in" in a scope.
_EFFECT_WORDS = {"gain", "each", "discount", "discard", "put", "fill", "choose"}
_SCOPE_WORDS = {"row", "column", "a", "your"}
_SCOPES_HINT = ("a place is 'in your tableau', 'in row', 'in column', 'adjacent to this card', 'above this card' (or "
                "below, left of, right of), \"on this card's diagonals\", \"in a neighbour's tableau\", \"in your "
                "opponents' tableaux\" or 'in every tableau'; the reference's table of places lists them all")


def _hint_for(token: Token, names: set[str], texts: dict[str, str], previous: Token | None,
              expected: str) -> str:
    """A fix for a keyword, name or end of text in the wrong place."""
    words = set(texts.values())
    if "card" in words and token.type == "NAME":
        return f"every card starts with the word card: card {token} {{"
    if token.type in ("ANY_NUMBER_OF_TIMES", "UP_TO_TIMES"):
        times = " ".join(str(token).split())
        return f"write '{times}' after an optional effect, as in 'you may pay 1 key to gain 2 gold {times}'"
    if names == {"UP_TO_TIMES"} and str(previous) == "repeat":  # "repeat twice", "repeat gain ..."
        return "write at most how many times: repeat up to 3 times, you may stop after each: { gain 1 gold }"
    if "$END" in names and str(token) == "}":
        return "remove this extra '}'"
    if ":" in words:
        return f"add ':' after '{previous}'"
    if "per" in words and "if" in words and previous is not None and previous.type in ("INT", "NEGATIVE"):
        return ("after the points, write 'per ...' (score 2 per faith shield) or 'if ...' (score 5 if placed in top "
                "row), or nothing for fixed points (score 5)")
    if "per" in words and str(token) in ("and", "or"):  # after a count that is no condition
        return (f"a count cannot be joined to another with '{token}': count one kind ('per faith or military "
                "shield'), or write a second effect or scoring rule; 'and' and 'or' join conditions after 'if' "
                "('if no faith shield and a military shield')")
    if "INT" in names and not expected.startswith("a condition"):  # a condition may open with a number, but the
        # fan looks for a condition there: its own hint (the last line) names the kinds
        return f"write a number after '{previous}'" if previous is not None else "write a number"
    if _EFFECT_WORDS <= words:
        return "write at least one effect, for example: when bought: gain 2 gold"
    if _SCOPE_WORDS <= words or (set(DECK_WORDS) <= words and str(previous) == "the"
                                 and str(token) in {"row", "column", "tableau"}):
        return _SCOPES_HINT
    if set(SHIELD_WORDS) <= words and "card" in words:
        return "name what is counted, for example 'per faith shield', 'per castle banner' or 'per key'"
    if words == {"than"}:
        return ("say what the count is compared with: 'than you' (inside 'each opponent with ...'), "
                "'than each opponent', 'than each neighbour' or another count ('than 3 keys' after 'more')")
    if words == {"{"} and previous is not None and previous.type == "NAME":
        # "card "T" castle ...": the brace of the card's block, not of a choice's option.
        return (f"write the card's lines between braces after its name: card {previous} {{ deck castle cost 1 "
                "shields faith ... }")
    if words == {"{"}:
        return ("write the effects between braces: or { gain 2 keys } after an option, repeat up to 3 times: { gain 1 "
                "gold } after a repetition")
    if previous is not None and str(previous) == "," and (str(token) in DECK_WORDS or str(token) in SHIELD_WORDS):
        return "a set holds only shields, as in {faith, military}, or only banners, as in {castle, village}"
    if token.type == "$END":
        return "the file ends in the middle of a card"
    return f"write {expected}" if ":" in expected else f"write {expected} here"
