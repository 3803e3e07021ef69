"""The terse register of a card's English: how a printed card says it, for card pictures.

A card's long English (every model part's ``describe``) says each ruling in passing; a picture has no room for it.
The picture of a full card whose words would fall below legible type says them in this register instead: long
phrases in their short forms and the reminders in parentheses left out. The register works on the finished
words alone (it imports nothing of castle-combo), so the pictures, which sit among the foundations, use it
without reaching into the card language; :mod:`castle_combo.language.english` re-exports :func:`terse`.
A phrase the English no longer says is simply not found: its sentence stays long, never wrong.
"""

from __future__ import annotations

import re


def _literal(text: str) -> str:
    return re.escape(text)


#: The printed register's short forms of long phrases (regular expressions and their replacements, most of them
#: literal), applied in order by :func:`terse`: a card's picture says
#: what a printed card would say and leaves the rulings to the rules page (the card's ``<title>`` and
#: :meth:`describe` keep the whole text). A phrase a part no longer says is simply not found: its sentence stays
#: long, never wrong.
TERSE_PHRASES: tuple[tuple[str, str], ...] = (
    # A take's bounds, said per player: kept, as a printed card says them.
    (r" \(((?:at least|up to) [^;()]*) per player; never more than \w+ have\)", r", \1 each"),
    # A reserved card (the Notary).
    (_literal("Reserve a card of your choice from the castle row or the village row, whatever the messenger's place: "
              "it lies face up beside your tableau (not in it), and on a later turn you may take it in step 2 instead "
              "of a card of the messenger's row"),
     "Reserve a card from either row; on a later turn, take it instead of a row card"),
    # ... from the other row (the Envoy).
    (_literal("Reserve a card of your choice from the row where the messenger is not (with the messenger at the "
              "castle, the village row; nothing if that location is exhausted): it lies face up beside your tableau "
              "(not in it), and on a later turn you may take it in step 2 instead of a card of the messenger's row"),
     "Reserve a card from the other row; on a later turn, take it instead of a row card"),
    # A choice each opponent makes (the Exciseman).
    (_literal(", in turn from your left, among the options they can pay for"), ""),
    # Requirements.
    (_literal("you may buy this card face up only if you have"), "buy it face up only with"),
    (_literal(" (this card not counted)"), ", not counting this one"),
    (_literal("; you may always take it face down"), ""),
    # Surcharges: while face up in the tableau is what every card's text means.
    (_literal("While this card is face up in your tableau, each"), "Each"),
    # Places and nouns.
    (_literal(" orthogonally next to this card"), " next to this one"),
    (_literal("in the eight spaces around this one"), "around this one"),
    (_literal("on the cards on the diagonal lines through this one"), "on its diagonals"),
    (_literal("this card's row"), "its row"),
    (_literal("this card's column"), "its column"),
    (_literal("card with the messenger icon"), "messenger card"),
    (_literal(" from the supply"), ""),
    (_literal(" face up onto its discard pile"), ""),
    (_literal("resolve its ability as if it had just been bought"), "use its ability"),
    (_literal(", once the rows are refilled:"), ":"),
    (_literal("your tableau has at least 1 "), "you have a "),
    (_literal("your tableau has no "), "you have no "),
    (_literal("has at least 1 card"), "has a card"),
    (_literal("have at least 1 "), "have a "),
)
_TERSE = tuple((re.compile(long), short) for long, short in TERSE_PHRASES)

#: How the reminders in parentheses begin: rulings said in passing ("(never more than they have)"), which the
#: terse register leaves out. Any other parenthesis is kept: it groups (a choice's options, ``(a and b) or (c)``,
#: a filter's combination) or says something the card means, and an unknown one is never dropped.
TERSE_REMINDERS: tuple[str, ...] = (
    "your choice", "the best for you", "never ", "all you have if fewer", "\"that player\" is the one choosing",
    "not in it", "one reserved card at most", "unless that location is exhausted", "face-down cards included",
    "face-down cards and this one included", "taken from this card's score", "added to this card's score",
    "the castle row or the village row", "the next castle card", "the next village card", "of any deck",
    "both added up", "castle or village", "castle and village together", "yours included", "while this card",
    "bought face up", "a castle card on the castle deck", "nothing happens with", "all of it, then",
    "one of your tableau's cards came from your reserve",
)


def terse(text: str) -> str:
    """The terse register of a model part's English, as a printed card says it: for card pictures.

    The long English (every model part's ``describe``) says each ruling in
    passing; a card's picture has no room for it. The terse form takes the
    short forms of :data:`TERSE_PHRASES` and leaves out the reminders in
    parentheses (:data:`TERSE_REMINDERS`: "(never more than they have)",
    "(your choice)"), keeping every other parenthesis (those that group a
    choice's options or ``(a and b) or (c)``, a filter's combination).
    """
    for long, short in _TERSE:
        text = long.sub(short, text)
    return re.sub(r" +([,.;:)])", r"\1", _without_reminders(text)).strip()


def _without_reminders(text: str) -> str:
    out: list[str] = []
    i = 0
    while i < len(text):
        if text[i] != "(":
            out.append(text[i])
            i += 1
            continue
        depth, end = 0, i
        for end in range(i, len(text)):
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            if depth == 0:
                break
        if depth:  # unbalanced: leave the rest as it is
            out.append(text[i:])
            break
        if text[i + 1:end].startswith(TERSE_REMINDERS):
            while out and out[-1] == " ":
                out.pop()
        else:
            out.append("(" + _without_reminders(text[i + 1:end]) + ")")
        i = end + 1
    return "".join(out)
