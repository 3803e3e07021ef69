"""The phrasings fans bring to a card file, and what the card language says instead.

A fan writing a card writes it the way cards of other games are written
("steal 1 gold", "each other player", "at the end of each turn", "2 military
shields or more", "+2 gold", "(max 10)"), or puts a word of the language
where it does not belong ("gold 2 gain", "if you have 3 faith shields, gain 2
gold", "per adjacent faith card"). A parser sees only the first word it
cannot read there, and the words it would have read instead are rarely what
the fan meant: "each other player" would become "each player", which
includes the card's owner; "at the end of each turn" would become "at the
end of the game".

This module is the phrasebook the diagnostics consult first: each entry
recognises one phrasing in the line where the parse failed, and says the
same meaning in the language's words, as the whole corrected line. An entry
that has no equivalent says so and what comes closest, with what it means,
rather than offering a sentence that reads well and means something else.
Entries speak of the language's constructs, never of particular cards, so
every card that uses a phrasing gets the same advice; docs/card-language.md
("Mistakes the parser recognises") lists what they cover, and the tests'
hint corpus (tests/fixtures/hint_corpus.json) holds the mistakes they were
written for, each with the fan's corrected text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterator

import attrs

__all__ = ["Advice", "advise", "PHRASES"]

# ---------------------------------------------------------------- building blocks

_SHIELD = r"(?:nobility|faith|scholarship|military|craftsmanship|peasantry)"
_RES = r"(?:gold|keys?)"
_WHO = r"(?:opponents?|neighbou?rs?|players?)"
#: Words that end a count in a sentence: joins, bounds, places, the next effect or property.
_STOP = (r"(?=\s*(?:$|[}),:;]|\b(?:and|or|then|if|up|per|in|on|adjacent|diagonal|around|above|below|left|right"
         r"|directly|not|other|score|when|at|gains?|loses?|than)\b))")
#: A few words of a count ("military shields", "face-down cards", "castle banners"), lazily.
_WHAT = r"(?P<what>[a-z][a-z'’-]*(?:\s+[a-z][a-z'’-]*){0,3}?)"
_EFFECT_START = (r"(?:gain|lose|take|give|each|your\s+(?:left|right)|discount|discard|put|fill|move|turn|choose"
                 r"|use|you\s+may)\b")

_SINGULAR = {"opponents": "opponent", "neighbours": "neighbour", "neighbors": "neighbor", "players": "player"}
_VERB = {"gain": "gains", "gains": "gains", "get": "gains", "gets": "gains", "receive": "gains",
         "receives": "gains", "earn": "gains", "earns": "gains", "collect": "gains", "collects": "gains",
         "lose": "loses", "loses": "loses", "pay": "loses", "pays": "loses", "spend": "loses",
         "spends": "loses", "discard": "loses", "discards": "loses"}


#: Other words for the ways up and down a column, as the card language says them.
_WAY = {"over": "above", "on top of": "above", "above": "above", "under": "below", "beneath": "below",
        "underneath": "below", "below": "below"}


def _one(word: str) -> str:
    """``opponents`` -> ``opponent`` (the language writes ``each`` with the singular)."""
    return _SINGULAR.get(word.lower(), word.lower())


@attrs.frozen
class Advice:
    """What the phrasebook says about one spot: the span it rewrites, the message and the hint."""

    start: int
    end: int
    message: str
    hint: str


@attrs.frozen
class Phrase:
    """One phrasing and what the language says instead.

    ``pattern`` is matched (ignoring case) in the line where the parse
    failed; a match is used only when the spot the parser stopped at lies
    inside it, or right after it. ``write`` gives the words that replace the
    match (``None`` when the language has no equivalent: then ``message``
    and ``note`` say what comes closest); ``message`` explains the mistake,
    with the match's groups; ``note`` is added to the hint. ``expects``, if
    given, is a word the parser must have been ready to read at that spot
    (``"gain"`` where an effect may start, ``"deck"`` where a property may),
    so a phrasing is recognised only where it was meant to stand;
    ``at_start`` asks that the match start at that spot (a word order is
    wrong only where the sentence starts); ``line`` is ``"score"`` for a
    phrasing met only in a scoring rule's line, ``"effect"`` only elsewhere.
    """

    pattern: re.Pattern[str]
    write: Callable[[re.Match[str]], str] | None
    message: Callable[[re.Match[str]], str]
    note: str = ""
    expects: str | None = None
    at_start: bool = False
    line: str | None = None


def _phrase(pattern: str, write: str | Callable[[re.Match[str]], str] | None,
            message: str | Callable[[re.Match[str]], str], note: str = "", expects: str | None = None,
            at_start: bool = False, line: str | None = None) -> Phrase:
    compiled = re.compile(pattern, re.IGNORECASE)
    writer: Callable[[re.Match[str]], str] | None
    if isinstance(write, str):
        template = write
        writer = lambda match: match.expand(template)  # noqa: E731 - a template, as re.sub takes
    else:
        writer = write
    if isinstance(message, str):
        text = message
        explain: Callable[[re.Match[str]], str] = lambda match: match.expand(text)  # noqa: E731
    else:
        explain = message
    return Phrase(compiled, writer, explain, note, expects, at_start, line)


# ---------------------------------------------------------------- rewrites that need a little logic


def _under_deck(match: re.Match[str]) -> str:
    """A fan's Ragpicker ("choose a card in the castle or village discard pile; gain gold equal to its printed
    cost, then put that card at the bottom of its deck") as the card language writes it."""
    gained = re.search(r"\bgain\s+(gold|keys?)\s+equal\s+to\s+its\b", match.group(0), re.IGNORECASE)
    reward = "" if gained is None else f" for its cost in {'gold' if gained.group(1).lower() == 'gold' else 'keys'}"
    return f"put a card from either discard pile on the bottom of its deck{reward}"


def _purse_move(match: re.Match[str]) -> str:
    """``steal 2 gold from a neighbour's purse`` -> ``move up to 2 gold from a neighbour's purse card to one of
    your purse cards``."""
    whose = " ".join(match.group("whose").lower().split()).replace("neighbor", "neighbour")
    if whose.startswith("your"):
        owner = f"{whose}'s"
    else:
        group = "neighbour" if "neighbour" in whose else "opponent"
        article = "a" if group == "neighbour" else "an"
        owner = f"each {group}'s" if whose.split()[0] in ("each", "every") else f"{article} {group}'s"
    return f"move up to {match.group('n')} gold from {owner} purse card to one of your purse cards"


def _surcharge(match: re.Match[str]) -> str:
    """``each opponent pays 1 more for castle cards`` -> ``surcharge 1 on castle cards for each opponent``."""
    who = match.group("who").lower()
    if match.group("side"):
        payers = f"your {match.group('side').lower()} neighbour"
    else:
        payers = "each opponent" if who.startswith("opponent") else "each neighbour"
    return f"surcharge {match.group('n')} on {match.group('cards')} for {payers}"


def _each_players(match: re.Match[str]) -> str:
    """``opponents lose`` / ``all other players gain`` -> ``each opponent loses`` / ``each opponent gains``."""
    lead = (match.group("lead") or "").lower().split()
    who = _one(match.group("who"))
    if who == "player" and ("other" in lead or "else" in lead):
        who = "opponent"
    return f"each {who} {_VERB[match.group('verb').lower()]}"


def _everyone(match: re.Match[str]) -> str:
    who = "opponent" if match.group("other") else "player"
    return f"each {who} {_VERB[match.group('verb').lower()]}"


def _lead(lead: str, following: str) -> str:
    """``a`` or ``an`` as the word after it asks (``an adjacent card`` becomes ``a card adjacent ...``)."""
    lead = lead.lower()
    if lead in ("a", "an"):
        return "an" if following[:1].lower() in "aeiou" else "a"
    return lead


def _than_each(match: re.Match[str]) -> str:
    who = _one(match.group("who"))
    return f"than each {'opponent' if who == 'player' else who}"


def _shields_listed(match: re.Match[str]) -> str:
    words = re.findall(r"[a-z]+", match.group("list").lower())
    return "shields " + " ".join(word for word in words if word not in ("and", "or"))


def _shields_counted(match: re.Match[str]) -> str:
    return "shields " + " ".join([match.group("shield").lower()] * int(match.group("n")))


def _condition_first(match: re.Match[str]) -> str:
    effect = match.group("effect").strip().rstrip(".")
    return f"{effect} if {match.group('condition').strip()}"


def _either(match: re.Match[str]) -> str:
    options = [option.strip() for option in re.split(r"\s*(?:,\s*or|\bor\b|,)\s*", match.group("options"))
               if option.strip()]
    return "choose one: " + " or ".join("{ " + option + " }" for option in options)


def _compare(word: str) -> Callable[[re.Match[str]], str]:
    return lambda match: f"{word} {match.group('n')}"


# ---------------------------------------------------------------- the phrasebook

#: Verbs of "whenever you ... a card" that mean a card bought, so taken face up.
_BOUGHT = frozenset({"buy", "purchase", "play", "recruit"})

def _taker(match: re.Match[str]) -> str:
    """Who takes, as a trigger on other players' takes names them: "an opponent", "your left neighbour"."""
    who = " ".join(match.group("who").lower().split())
    if match.group("side"):
        return f"your {match.group('side').lower()} neighbour"
    if "neighbo" in who:
        return "a neighbour"
    return "any player" if who in ("any player", "anyone", "someone") else "an opponent"


#: Who gives in "... gives you 1 gold": each of a group, the player who took the card, one neighbour.
_GIVER = (r"\b(?P<giver>(?:each|every|all(?:\s+the)?|your|the)\s+(?:other\s+)?(?:opponent|neighbou?r|player)s?"
          r"|that\s+player|(?:your\s+)?(?P<side>left|right)(?:-hand)?\s+(?:neighbou?r|player|opponent)"
          r"|the\s+(?:player|opponent|neighbou?r)\s+(?:to|on)\s+your\s+(?P<side2>left|right)"
          r"|(?:an?\s+)?opponents?(?:\s+of\s+your\s+choice)?)")


def _giver(match: re.Match[str]) -> str:
    """The players of "take ... from" for the player(s) who "give you": "each opponent", "that player", ..."""
    words = " ".join(match.group("giver").lower().split())
    side = match.group("side") or match.group("side2")
    if side:
        return f"your {side.lower()} neighbour"
    if words == "that player":
        return "that player"
    if "choice" in words:
        return "an opponent of your choice"
    return "each neighbour" if "neighbo" in words else "each opponent"


def _take_from(match: re.Match[str]) -> str:
    """``each opponent gives you 1 gold and 1 key`` -> ``take 1 gold from each opponent then take 1 key from ...``."""
    who = _giver(match)
    amount = " ".join(match.group("amount").lower().split())
    per = " ".join((match.group("per") or "").split())
    text = f"take {amount}{' ' + per if per else ''} from {who}"
    if match.group("second"):
        text += f" then take {' '.join(match.group('second').lower().split())} from {who}"
    return text


#: What a card does in other players' turns, said where a fan asks for "each turn": the owner's turn is not all.
_OTHER_TURNS = ("in other players' turns a card acts on what they do, as in 'whenever an opponent takes a card:', "
                "and a card lying in a row gathers gold with 'while in a row, at the end of each turn: put 1 gold on "
                "this card'")


#: Every phrasing the phrasebook knows, most specific first: the first that matches at the spot is used.
PHRASES: tuple[Phrase, ...] = (
    # ------------------------------------------------ surcharges: a fact of the card, never an effect
    _phrase(r"(?:\b(?:when\s+bought|while\s+(?:this\s+card\s+is\s+)?(?:face\s+up\s+)?in\s+your\s+tableau|"
            r"scoring|passive|ongoing)\s*[:,]\s*)?\b(?:(?P<each>each|all|every)\s+(?:other\s+)?|your\s+"
            r"(?P<side>left|right)\s+)?(?P<who>opponents?|neighbou?rs?|neighbou?r)\s+pays?\s+(?P<n>\d+)\s+"
            r"(?:gold\s+|coins?\s+)?more\s+(?:for|on)\s+(?P<cards>[^\n}]*?cards?)\b",
            _surcharge,
            "what other players pay more is a surcharge, a fact of the card (no moment): 'surcharge 1 on castle "
            "cards for each opponent' (also 'for each neighbour', 'for your left neighbour')"),
    # ------------------------------------------------ moments
    _phrase(r"\b(?:whenever|each\s+time|every\s+time)\s+you\s+(?P<verb>buy|purchase|play|recruit|take|gain|acquire"
            r"|draft|get)\s+(?:an?|one|another)\s+",
            lambda m: ("whenever you take a face-up " if m.group("verb").lower() in _BOUGHT
                       else "whenever you take a "),
            "the trigger on each card you take after this one is written 'whenever you take a ...:' (a card bought "
            "is one taken face up: 'whenever you take a face-up card:')"),
    _phrase(r"\b(?:whenever|each\s+time|every\s+time)\s+(?P<who>an?\s+opponent|another\s+player|someone\s+else"
            r"|anyone\s+else|an?\s+neighbou?r|any\s+player|anyone|someone|(?:your\s+)?(?P<side>left|right)\s+"
            r"neighbou?r)\s+(?P<verb>buys|purchases|plays|recruits|takes|gains|acquires|drafts|gets)\s+"
            r"(?:an?|one|another)\s+",
            lambda m: f"whenever {_taker(m)} takes a " + ("face-up " if m.group("verb").lower()[:-1] in _BOUGHT
                                                          else ""),
            "the trigger on other players' takes is written 'whenever an opponent takes a ...:' ('a neighbour', "
            "'any player', 'your left neighbour'; a card bought is one taken face up: 'a face-up card')"),
    _phrase(r"\b(?:when|on|upon|once)\s+(?:(?:it\s+is|this\s+card\s+is|you)\s+)?(?P<verb>played|purchased|purchase"
            r"|buy|buying|taken|take|recruited|acquired|gained|built|drafted|placed|bought\s+face\s+up"
            r"|buy\s+this(?:\s+card)?|take\s+this(?:\s+card)?|enters\s+play|entering\s+play)\s*:?",
            "when bought:",
            "a card's ability is written 'when bought:' (it resolves when the card is bought face up), "
            "not '\\g<0>'"),
    _phrase(r"\b(?:immediately|instantly|on\s+purchase|on\s+entry)\s*:", "when bought:",
            "a card's ability is written 'when bought:' (it resolves when the card is bought face up)"),
    _phrase(r"\b(?P<moment>when\s+(?:bought|unlocked)\s*:\s*)(?:at\s+)?(?:the\s+)?end\s+of\s+(?:the|that|this"
            r"|the\s+current)\s+turn\s*:?", r"\g<moment>at the end of this turn:",
            "an effect of an ability that waits for the end of the turn it happens in is written 'at the end of this "
            "turn:' (the trigger 'at the end of your turn:' is a moment of its own, for every one of your turns)"),
    _phrase(r"\bcosts?\s+(?P<n>\d+)\s+(?:gold|coins?)\s+(?:less|cheaper)\b", r"costs \g<n> less",
            "a one-time discount is written 'your next card costs N less' (the amount is in gold)",
            expects="less"),
    _phrase(r"\b(?:the\s+)?next\s+(?P<deck>castle\s+|village\s+)?card\s+(?:you\s+(?:buy|take)\s+)?"
            r"(?:is|costs?)\s+(?P<n>\d+)\s+(?:gold\s+)?(?:less|cheaper)\b", r"your next \g<deck>card costs \g<n> less",
            "a one-time discount is written 'your next card costs N less' ('your next castle card ...' for one "
            "deck)", expects="gain"),
    _phrase(r"\b(?:at\s+)?(?:the\s+)?(?P<when>end|start|beginning)\s+of\s+(?:each\s+of\s+your|each|every|the|a|any"
            r"|all|each\s+player's|every\s+player's)?\s*turns?\s*:?",
            lambda m: f"at the {'end' if m.group('when').lower() == 'end' else 'start'} of your turn:",
            lambda m: (f"a trigger is written 'at the {'end' if m.group('when').lower() == 'end' else 'start'} of "
                       "your turn:': it resolves on the turns of the card's owner only"),
            _OTHER_TURNS),
    _phrase(r"\b(?:at\s+)?(?:the\s+)?beginning\s+of\s+your\s+turn\s*:?", "at the start of your turn:",
            "the trigger is written 'at the start of your turn:'"),
    _phrase(r"\b(?:each|every|once\s+per|once\s+a)\s+(?:turn|round)\s*:", "at the start of your turn:",
            "a trigger says when it resolves: 'at the start of your turn:' or 'at the end of your turn:' "
            "(the owner's turns only; the end of your turn includes the turn the card is bought)",
            "or 'at the end of your turn:'"),
    _phrase(r"\b(?:at\s+)?(?:the\s+)?(?:game\s+end|end\s+of\s+(?:the\s+)?game|game's\s+end|end\s+game|endgame"
            r"|final\s+scoring|game\s+over)\s*:?",
            "at the end of the game:",
            "the last moment of the game is written 'at the end of the game:' (once, before scoring); points "
            "at the end of the game are a scoring rule: 'score ...'"),
    _phrase(r"\b(?:scoring|points|victory\s+points|end\s+game\s+scoring)\s*:\s*(?=score\b|\d)", "",
            "a scoring rule is written 'score N per ...' or 'score N if ...', with no heading",
            expects="deck"),
    _phrase(r"(?P<moment>\bwhen\s+(?:bought|unlocked)|\bat\s+the\s+(?:start|end)\s+of\s+(?:your\s+turn|the\s+game))"
            r"\s*:\s*(?P<score>score)\b", "\\g<score>",
            "a scoring rule is a property of its own, counted when the game is scored: it takes no "
            "moment such as '\\g<moment>:'", expects="gain"),
    # ------------------------------------------------ players
    _phrase(r"\beach\s+other\s+(?:player|opponent)s?\b", "each opponent",
            "'each other player' is 'each opponent' in the card language (every player but you); 'each player' "
            "includes you"),
    _phrase(r"\b(?P<other>everyone\s+else|everybody\s+else|all\s+others|every\s+other\s+player)?"
            r"(?(other)|(?:everyone|everybody|all))\s+(?P<verb>gains?|loses?|gets?|receives?|pays?)\b",
            _everyone,
            "a group of players is written 'each opponent' (every player but you) or 'each player' "
            "(you included)", expects="gain"),
    _phrase(r"(?<!each\s)(?P<lead>\b(?:all\s+(?:the\s+)?(?:other\s+)?|every\s+(?:other\s+)?|your\s+|the\s+other\s+"
            r"|other\s+|both\s+(?:your\s+)?))?\b(?P<who>opponents?|neighbou?rs?|players?)\s+(?P<verb>gains?|loses?"
            r"|gets?|receives?|pays?|discards?)\b",
            _each_players,
            "an effect on other players starts with 'each': 'each opponent' (every player but you), "
            "'each neighbour' (the players to your left and right) or 'each player' (you included)"),
    _phrase(r"\b(?:the\s+(?:player|opponent|neighbou?r)|(?:the\s+)?next\s+player)\s+(?:to|on)\s+(?:your|the)\s+"
            r"(?P<side>left|right)(?:\s+side)?\b",
            "your \\g<side> neighbour",
            "one player next to you is written 'your left neighbour' or 'your right neighbour'"),
    _phrase(r"(?<!your\s)\b(?P<side>left|right)(?:-hand)?\s+(?:player|opponent|neighbou?r)\b",
            "your \\g<side> neighbour",
            "one player next to you is written 'your left neighbour' or 'your right neighbour'"),
    _phrase(_GIVER + r"\s+gives?\s+you\s+(?P<amount>\d+\s+" + _RES + r")(?:(?P<per>\s+per\s+[^\n}]*?)"
            r"|\s*(?:,\s*(?:and\s+)?|and\s+|&\s*)(?P<second>\d+\s+" + _RES + r"))?(?=\s*(?:$|}|\bthen\b|\bif\b))",
            _take_from,
            "taking from other players is written 'take N gold from each opponent'"),
    # What the giving player would pick ("1 gold or 1 key") or any other form: no words write it, and "gains"
    # (the closest spelling) would give the gold to them.
    _phrase(_GIVER + r"\s+gives?\s+you\b[^\n}]*", None,
            "taking from other players is written 'take N gold from each opponent'",
            "no words let the giver choose what they give: write what you take, as 'take 1 gold from each "
            "opponent' (or 'from that player', 'from your left neighbour'), two amounts as two takes joined by "
            "'then'"),
    # ------------------------------------------------ effects
    _phrase(r"\bfor\s+the\s+shield\s+type\s+of\s+your\s+choice\s*:", None,
            "'for the shield type of your choice:' starts a scoring rule only: a choice made at the end of the game "
            "is the one that scores its owner most, and an ability has no such choice to make",
            "write it before a scoring rule ('for the shield type of your choice: score 1 per card with that "
            "shield'), or name a shield type in the ability"),
    _phrase(r"\b(?:steal|steals|stealing|rob|robs|take|takes|move|moves)\s+(?:up\s+to\s+)?(?P<n>\d+)\s+gold\s+"
            r"(?:stored\s+)?(?:from|off)\s+(?P<whose>(?:an?|one|any|each|every)\s+(?:other\s+)?(?:opponent|neighbou?r)"
            r"|your\s+(?:left|right)\s+neighbou?r)(?:['’]s|s['’]|s)?\s+purses?(?:\s+cards?)?(?:\s+(?:to|onto|on)\s+"
            r"(?:one\s+of\s+)?your\s+(?:own\s+)?purses?(?:\s+cards?)?)?", _purse_move,
            "stored gold moved from another player's purse card is written 'move up to N gold from a neighbour's "
            "purse card to one of your purse cards' (or 'an opponent's', 'each opponent's', 'your left "
            "neighbour's'); 'take N gold' takes a player's unstored gold"),
    _phrase(r"\b(?:steal|steals|stealing|rob|robs|take|takes)\s+(?P<amount>\d+\s+" + _RES + r")\s+from\s+(?:an?|one|any"
            r"|another|target|a\s+chosen)\s+(?:other\s+)?(?:opponent|player)\b(?:\s+of\s+your\s+choice)?",
            "take \\g<amount> from an opponent of your choice",
            "one opponent you pick is written 'take N gold from an opponent of your choice' ('from each opponent' "
            "takes from every other player, 'from your left neighbour' from that one player)"),
    _phrase(r"\b(?:steal|steals|stealing|rob|robs)\s+(?P<amount>\d+\s+" + _RES + r")(?:\s+from\s+(?:(?:the\s+"
            r"(?:player|opponent|neighbou?r)\s+(?:to|on)\s+(?:your|the)\s+|your\s+)(?P<side>left|right)(?:\s+neighbou?r)?"
            r"|(?:each|every|all|your|the)\s+(?:other\s+)?(?:opponents?|players?)))?",
            lambda m: (f"take {m.group('amount')} from "
                       + (f"your {m.group('side').lower()} neighbour" if m.group("side") else "each opponent")),
            "'steal' is not a word of the card language: taking from other players is written 'take N gold "
            "from each opponent' (each other player gives up to N), or 'from your left neighbour' for one "
            "of them, or 'from an opponent of your choice' for one you pick",
            "or 'from your left neighbour' / 'from your right neighbour' / 'from an opponent of your choice' for "
            "one player"),
    _phrase(r"\btake\s+(?P<amount>\d+\s+" + _RES + r")\s+from\s+(?:all\s+(?:other\s+)?|the\s+(?:other\s+)?|your\s+"
            r"|every\s+(?:other\s+)?|other\s+)?(?:opponents|players|the\s+others)\b",
            "take \\g<amount> from each opponent",
            "taking from the other players is written 'take N gold from each opponent'"),
    _phrase(r"\bgive\s+(?P<amount>\d+\s+" + _RES + r")\s+to\s+(?:all\s+(?:other\s+)?|the\s+(?:other\s+)?|your\s+"
            r"|every\s+(?:other\s+)?|other\s+)?(?P<who>opponents|neighbou?rs|players)\b",
            lambda m: (f"give {m.group('amount')} to each "
                       + ("opponent" if m.group("who").startswith("pl") else _one(m.group("who")))),
            "giving to other players is written 'give N gold to each opponent' (or 'to each neighbour')"),
    _phrase(r"\b(?:gain|take)\s+(?P<amount>\d+\s+" + _RES + r")\s+to\s+(?P<who>each\s+\w+|your\s+(?:left|right)\s+"
            r"neighbou?r)", "give \\g<amount> to \\g<who>",
            "what goes to other players is written 'give N gold to ...' ('take N gold from ...' takes from them)"),
    _phrase(r"\b(?:gain|give)\s+(?P<amount>\d+\s+" + _RES + r")\s+from\s+(?P<who>each\s+\w+|your\s+(?:left|right)\s+"
            r"neighbou?r)", "take \\g<amount> from \\g<who>",
            "what comes from other players is written 'take N gold from ...' ('give N gold to ...' gives to them)"),
    _phrase(r"\b(?P<verb>gain|lose)\s+(?P<n>\d+)\s+(?P<r>" + _RES + r")\s*(?:,\s*(?:and\s+)?|and\s+|&\s*"
            r"|\+\s*|;\s*)(?P<n2>\d+)\s+(?P<r2>" + _RES + r")\b",
            lambda m: f"{m.group('verb').lower()} {m.group('n')} {m.group('r').lower()} then "
                      f"{m.group('verb').lower()} {m.group('n2')} {m.group('r2').lower()}",
            "two amounts are two effects, written one after the other: 'gain 2 gold then gain 1 key'"),
    _phrase(r"\s*(?:,\s*(?:and\s+|then\s+)?|;\s*|\.\s+|&\s*|\band\s+(?:then\s+)?)(?=" + _EFFECT_START + ")", " then ",
            "effects are written one after another, joined by 'then' (or by nothing), not by a comma or "
            "'and'", expects="gain"),
    _phrase(r"\bif\s+(?P<condition>[^,:\n]+?)\s*(?:,|:|\bthen\b)\s*(?:then\s+)?(?P<effect>" + _EFFECT_START
            + r"[^\n}]*?)\s*(?=$|})",
            _condition_first,
            "a condition comes after the effect it guards: 'gain 2 gold if at least 3 faith shields'",
            expects="gain"),
    _phrase(r"(?P<each>\beach\s+(?:opponent|neighbou?r|player)s?\s+)?\b(?:get|gets|receive|receives|earn|earns"
            r"|collect|collects|obtain|obtains|win|wins)\s+(?P<rest>\d+\s+" + _RES + ")",
            lambda m: (f"{m.group('each')}gains " if m.group("each") else "gain ") + m.group("rest"),
            "getting gold or keys from the supply is written 'gain' ('gains' after 'each opponent')"),
    _phrase(r"\b(?:gains|loses)\s+(?P<rest>\d+\s+" + _RES + ")",
            lambda m: m.group(0).lower().split()[0][:-1] + " " + m.group("rest"),
            "your own effects are written 'gain' and 'lose' ('gains' and 'loses' follow 'each opponent')",
            expects="gain", at_start=True),
    _phrase(r"\b(?:pay|pays|spend|spends)\s+(?P<amount>\d+\s+" + _RES + r")\s*(?::|,|\bto\b)\s*(?:then\s+)?"
            r"(?=" + _EFFECT_START + ")",
            "you may pay \\g<amount> to ",
            "an effect with a price is written 'you may pay N gold to ...' (only if you can pay)", expects="gain"),
    _phrase(r"(?P<each>\beach\s+(?:opponent|neighbou?r|player)s?\s+)?\b(?:pay|pays|spend|spends|discard|discards)\s+"
            r"(?P<amount>\d+\s+" + _RES + r")\b(?!\s*(?:to|:))",
            lambda m: (f"{m.group('each')}loses " if m.group("each") else "lose ") + m.group("amount"),
            "giving gold or keys back to the supply is written 'lose N gold' ('loses' after 'each opponent')"),
    _phrase(r"(?:\b(?:gain|get|gets)\s*)?[+]\s*(?P<n>\d+)\s+(?P<r>" + _RES + r"|coins?)\b",
            lambda m: f"gain {m.group('n')} " + ("gold" if m.group("r").lower().startswith("coin")
                                                  else m.group("r").lower()),
            "gaining is written with the verb: 'gain 2 gold'"),
    _phrase(r"(?<![\w-])-(?P<n>\d+)\s+(?P<r>" + _RES + r")\b", "lose \\g<n> \\g<r>",
            "losing is written with the verb: 'lose 1 gold'", expects="gain"),
    _phrase(r"\b(?P<r>" + _RES + r")\s*[:x]?\s*[+]?(?P<n>\d+)(?:\s+(?:gain|gains|gained))?\b", "gain \\g<n> \\g<r>",
            "an effect starts with its verb, then the amount and what: 'gain 2 gold'", expects="gain", at_start=True),
    _phrase(r"\b(?P<n>\d+)\s+(?P<r>" + _RES + r")(?:\s+(?:gain|gains|gained))?\b", "gain \\g<n> \\g<r>",
            "an effect starts with its verb, then the amount and what: 'gain 2 gold'", expects="gain", at_start=True),
    _phrase(r"\b(?:exchange|exchanges|trade|trades|swap|swaps|convert|converts)\s+(?:(?P<any>any\s+number\s+of)"
            r"|up\s+to\s+(?P<cap>\d+))\s+(?P<paid>gold|keys?)\s+(?:for|into)\s+(?P<n>\d+)\s+(?P<got>gold|keys?)"
            r"(?:\s+each)?\b",
            lambda m: (f"you may pay 1 {'gold' if m.group('paid').lower() == 'gold' else 'key'} to gain {m.group('n')} "
                       f"{m.group('got').lower()} "
                       + ("any number of times" if m.group("any") else f"up to {m.group('cap')} times")),
            "an exchange of any size is a repeated optional cost: 'you may pay 1 key to gain 2 gold any number "
            "of times' (or 'up to 3 times'); the player picks how many", expects="gain"),
    _phrase(r"\b(?:copy|copies|use|uses)\s+(?:the\s+)?(?:ability|power|effect)\s+of\s+(?:a|an|one|any)\s+"
            r"(?:adjacent|neighbouring|neighboring)\s+(?:face[- ]?up\s+)?cards?\s+(?:in|from|of)\s+(?:a|your|one\s+of"
            r"\s+your|either)\s+neighbou?r(?:'s|’s|s'|s’|s)?\s+tableaux?\b",
            "use the ability of a face-up card in a neighbour's tableau",
            "a card of a neighbour's tableau is never next to this one, so it is not 'adjacent': 'use the ability "
            "of a face-up card in a neighbour's tableau' uses any face-up card of either neighbour (your choice)"),
    _phrase(r"\b(?:copy|copies|use|uses)\s+(?:the\s+)?(?:ability|power|effect)\s+of\s+(?:a|one|any)\s+"
            r"(?:face[- ]?up\s+)?card\s+(?:in|from|of)\s+(?:a|your|one\s+of\s+your|either)\s+"
            r"neighbou?r(?:'s|’s|s'|s’|s)?\s+tableaux?\b",
            "use the ability of a face-up card in a neighbour's tableau",
            "another player's card is used with 'use the ability of a face-up card in a neighbour's tableau' "
            "(its ability when bought, as if you had just bought it)"),
    _phrase(r"\b(?:draw|draws|drawing)\b[^\n}]*", None,
            "Castle Combo has no hand and no drawing: each turn you take one card from a row; gold and keys "
            "are gained from the supply ('gain 2 gold')",
            "say what the card gives instead, such as 'gain 2 gold'"),
    _phrase(r"\b(?:afterwards\s*(?:\(once\))?\s*:?\s*)?(?:the\s+)?abilit(?:y|ies)\s+of\s+(?:the|your)\s+next\s+card\s+"
            r"you\s+(?:buy|purchase)(?:\s+face[- ]?up)?\s+(?:is|are)\s+(?:resolved|used|played)\s+twice\b",
            "your next card bought face up resolves its ability twice",
            "an ability resolved twice is written 'your next card bought face up resolves its ability twice' "
            "(it waits for your next face-up purchase)"),
    _phrase(r"\b(?:you\s+may\s+)?take\s+your\s+next\s+card\s+from\s+(?:the\s+other|either|any|another|both)\s+rows?\b",
            "your next card may be taken from either row",
            "leave to take your next card from the other row is written 'your next card may be taken from either "
            "row' (it waits for your next take, from the castle row or the village row)"),
    _phrase(r"\b(?:reserve|reserves|reserving)\s+(?:a|an|one)\s+card\b(?!\s+from\s+(?:either\s+row|the\s+"
            r"(?:castle|village|other)\s+row)\s*(?:$|[\n}]))[^\n}]*",
            "reserve a card from either row",
            "a card kept for later is written 'reserve a card from either row' (or 'from the castle row', 'from "
            "the village row', 'from the other row'): it lies face up beside your tableau until you take it in "
            "step 2 of a later turn, one at most"),
    _phrase(r"\b(?:choose|chooses|pick|picks|take|takes|put|puts)\s+(?:a|one|any)\s+card\s+(?:in|from|of)\s+"
            r"[^\n};]*?discard\s+piles?\b[^\n}]*?\b(?:at|on|to|onto|under)\s+(?:the\s+)?bottom\s+of\s+"
            r"(?:the|its|that\s+location(?:'|’)s|their)\s+(?:own\s+)?decks?\b(?:\s*,?\s*(?:and|then)\s+gain\s+"
            r"(?:gold|keys?)\s+equal\s+to\s+its\s+(?:printed\s+)?cost\b)?",
            _under_deck,
            "a card of a discard pile put under its own deck is written 'put a card from either discard pile on "
            "the bottom of its deck' (or 'from the castle discard pile on the bottom of the castle deck'), and its "
            "printed cost gained with 'for its cost in gold' (or 'in keys') after it"),
    _phrase(r"\b(?:(?:choose|chooses|pick|picks|take|takes)\s+(?:a|one)\s+card\s+from\s+(?:either|any|a|the|both)\s+"
            r"discard\s+piles?\s+and\s+put\s+it|put\s+(?:a|one)\s+card\s+from\s+(?:a|the|any|both)\s+discard\s+"
            r"piles?)\s+(?:back\s+)?on(?:to|\s+top\s+of)\s+(?:the|its|that\s+location(?:'|’)s|their)\s+(?:own\s+)?"
            r"decks?\b",
            "put a card from either discard pile on top of its deck",
            "a card of a discard pile put back on top of its own deck is written 'put a card from either discard "
            "pile on top of its deck' (or 'from the castle discard pile on top of the castle deck'; 'put the top "
            "card of the village discard pile on top of the village deck' for no choice)"),
    _phrase(r"\b(?:hold|holds|keep|keeps|set\s+aside|sets\s+aside|save|saves)\s+"
            r"(?:an?|one|up\s+to\s+\d+|\d+|this|that)?\s*(?:[\w-]+\s+){0,2}?cards?\b[^\n}]*", None,
            "Castle Combo has no hand: a card taken goes into your tableau at once; the one card kept beside the "
            "tableau for later is a reserved card ('reserve a card from either row', taken in step 2 of a later "
            "turn)",
            "say what the card gives instead, such as 'gain 2 gold', or reserve one card with 'reserve a card "
            "from either row'"),
    _phrase(r"\b(?:store|stores|place|places|add|adds|put|puts|keep)\s+(?P<n>\d+)\s+gold\s+(?:on|onto|in|into|to)\s+"
            r"(?:this\s+card(?:'s\s+purse)?|it|itself|this\s+purse|its\s+purse|this)\b",
            "put \\g<n> gold on this card", "gold is stored on a card's purse with 'put N gold on this card'"),
    _phrase(r"\b(?:flip|flips|reveal|reveals)\s+(?P<which>an?|one|every|each|all)\s+(?:of\s+your\s+)?face[- ]?down\s+"
            r"cards?(?:\s+face[- ]?up)?",
            lambda m: (f"turn {'every' if m.group('which').lower() in ('every', 'each', 'all') else 'a'} "
                       "face-down card face up"),
            "turning your cards face up is written 'turn a face-down card face up' (or 'turn every ...')"),
    _phrase(r"\bface\s+(?P<side>down|up)(?=\s+(?:cards?|banners?|village|castle|purse|\w+\s+cards?))",
            "face-\\g<side>", "'face-down' and 'face-up' are written with a hyphen before a noun"),
    _phrase(r"\b(?:look|looks|peek|peeks|reorder|reorders|rearrange|rearranges|arrange|arranges)\b[^\n}]*"
            r"\b(?:deck|decks|top)\b[^\n}]*", None,
            "no player sees a deck's order in Castle Combo: looking at or reordering a deck needs a rule of play "
            "the game does not have (what one player may know that the others do not)",
            "a card can act on the rows instead: 'discard the castle row' (or village) shows new cards to everyone"),
    _phrase(r"\b(?:swap|swaps|exchange|exchanges|switch|switches)\s+(?:places\s+with|(?:the\s+)?(?:place|position|"
            r"space)\s+(?:of\s+this\s+card\s+)?with|this\s+card\s+(?:with|for))\s+(?:a|an|one)\s+(?:of\s+your\s+)?"
            r"(?:adjacent|neighbouring|neighboring|orthogonally\s+adjacent)\s+cards?\b",
            "swap this card with an adjacent card",
            "this card trades places with one next to it: 'swap this card with an adjacent card' (the card moves "
            "as it lies, and stays 'this card')"),
    _phrase(r"\b(?:swap|swaps|exchange|exchanges|switch|switches|rearrange|rearranges)\s+(?:the\s+(?:places|"
            r"positions)\s+of\s+)?(?:two|2|any\s+two|any\s+2)\s+(?:of\s+your\s+)?(?:placed\s+|tableau\s+)?cards?"
            r"(?:\s+(?:in|of|from)\s+your\s+(?:tableau|grid))?",
            "swap two cards of your tableau",
            "two cards of a tableau trade places with 'swap two cards of your tableau' (the owner picks them; each "
            "moves as it lies, face up or down, with its gold and key)"),
    _phrase(r"\b(?:move|moves)\s+(?:this|a|one|any)\s+(?:of\s+your\s+)?(?:placed\s+|tableau\s+)?cards?\b[^\n}]*", None,
            "a placed card moves only by trading places with another card of its tableau: a card never goes to an "
            "empty space, which would change where the next card may be placed",
            "write 'swap two cards of your tableau' or 'swap this card with an adjacent card'"),
    _phrase(r"\b(?:trash|trashes|destroy|destroys|remove|removes|burn|burns|scrap|scraps)\b[^\n}]*", None,
            "a card leaves a row only when discarded, with its cost as the reward: 'discard a card from the "
            "castle row for its cost in gold' (or 'in keys'), or a whole row: 'discard the castle row' (or when "
            "reserved, for its owner to take later: 'reserve a card from either row')",
            "choose one of these discards; no card leaves a tableau"),
    _phrase(r"\bdiscard\s+(?P<which>a|one)\s+cards?\s+from\s+the\s+(?P<deck>castle|village)\s+row\b(?!\s+for)",
            "discard \\g<which> card from the \\g<deck> row for its cost in gold",
            "a card discarded from a row gives its printed cost: write 'for its cost in gold' or 'for its "
            "cost in keys' (to discard with no reward, discard the whole row: 'discard the \\g<deck> row')",
            "or 'in keys'"),
    _phrase(r"\bmove\s+(?:a\s+|your\s+)?messenger\b(?:\s+to\s+(?:the\s+)?(?P<deck>castle|village))?",
            lambda m: "move the messenger" + (f" to the {m.group('deck').lower()}" if m.group("deck") else ""),
            "the messenger is 'the messenger': 'move the messenger' (or 'to the castle')"),
    _phrase(r"\bdiscount\s+(?:of\s+)?(?P<n>\d+)\s+(?:gold\s+)?(?:on|for|to)\s+(?:all\s+)?(?:the\s+)?(?P<deck>castle"
            r"|village|all)(?:\s+(?:decks?|banners?|rows?|purchases?))?\b(?!\s+(?:and|cards?))",
            lambda m: f"discount {m.group('n')} on {m.group('deck').lower()} cards",
            "a discount names the cards it is for: 'discount 1 on castle cards' (or 'village', or 'all')"),
    _phrase(r"\bdiscount\s+(?:of\s+)?(?P<n>\d+)\s+(?:gold|coins?)\s+on\b", "discount \\g<n> on",
            "a discount is written 'discount 1 on castle cards' (the word gold is left out)"),
    _phrase(r"\bchoose(?:\s+one)?(?:\s+of)?\s*:?\s*(?:either\s+)?(?P<options>[^{}\n]+?\s+or\s+[^{}\n]+?)\s*(?=$|})",
            _either,
            "the options of a choice are written between braces: 'choose one: { gain 2 gold } or "
            "{ gain 1 key }'", expects="{"),
    _phrase(r"\}\s*(?:,\s*|;\s*|/\s*)?\{", "} or {",
            "the options of a choice are joined by 'or': 'choose one: { gain 2 gold } or { gain 1 key }'"),
    _phrase(r"\beither\s+(?P<options>[^{}\n]+?\s+or\s+[^{}\n]+?)\s*(?=$|})", _either,
            "a choice is written 'choose one: { gain 2 gold } or { gain 1 key }'", expects="gain"),
    _phrase(r"^\s*(?P<effect>" + _EFFECT_START + r"[^\n]*?)\s*$", "when bought: \\g<effect>",
            "an effect happens at a moment: 'when bought: ...' (or 'at the start of your turn:', 'at the end of "
            "your turn:', 'at the end of the game:')", expects="deck"),
    _phrase(r"\b(?:gain|win|earn|get)\s+(?P<n>\d+)\s+(?:victory\s+points?|points?|vps?|pts|prestige)\b", None,
            "points are scored when the game ends, by a scoring rule of the card: 'score N per ...' or "
            "'score N if ...' (a separate line, not in 'when bought:')",
            "write a scoring rule on its own line, such as 'score 2 per faith shield'"),
    # ------------------------------------------------ scoring rules
    _phrase(r"\b(?:score\s+)?(?P<n>-?\d+)\s+(?:victory\s+points?|points?|vps?|pts|prestige(?:\s+points?)?)\b"
            r"(?P<each>\s+(?:for\s+each|for\s+every|each|every|for)\b)?",
            lambda m: f"score {m.group('n')}" + (" per" if m.group("each") else ""),
            "points are written as the bare number after 'score': 'score 2 per ...'"),
    _phrase(r"\b(?P<lead>score\s+-?\d+|(?:gain|lose)\s+\d+\s+" + _RES + r")\s+(?:for\s+each|for\s+every|for|each"
            r"|every|x|times|per\s+each|per\s+every)\b",
            "\\g<lead> per", "'for each' is written 'per': 'score 2 per faith shield'"),
    _phrase(r"\bper\s+(?:each|every)\b", "per", "'per each' is written 'per': 'per faith shield'"),
    _phrase(r"\bscore\s+(?P<n>-?\d+)\s+(?:gold|coins?)\s+per\b", "score \\g<n> per",
            "a scoring rule gives points: 'score 2 per ...'; to gain gold at the end of the game write "
            "'at the end of the game: gain 2 gold per ...'", "or 'at the end of the game: gain ... gold per ...'"),
    _phrase(r"\bper\s+(?P<noun>keys?|gold)\s+(?:you\s+have|you\s+own|owned|left|remaining|in\s+your\s+supply"
            r"|you\s+hold|held)\b", "per \\g<noun>",
            "'per key' counts the keys you own and 'per gold' the gold you have: nothing more is needed"),
    _phrase(r"\b(?:different|distinct|unique)\s+shields?\b(?!\s+types?)", "shield type",
            "kinds of shields are counted with 'per shield type' (the distinct types you have)"),
    _phrase(r"(?<!messenger\s)\b(?:symbols?|icons?)\b",
            lambda m: "shields" if m.group(0).lower().endswith("s") else "shield",
            "the symbols on a card are its shields: 'faith shield'"),
    _phrase(r"\b(?:coins?|money|silver)\b", "gold", "money is 'gold' in the card language"),
    _phrase(r"\b(?:with\s+(?:a\s+)?(?:printed\s+)?cost\s+(?:of\s+)?|that\s+costs?\s+|which\s+costs?\s+)"
            r"(?P<n>\d+)(?P<more>\s+or\s+(?:more|less|fewer))?\b",
            lambda m: f"costing {m.group('n')}" + (m.group("more").lower().replace("fewer", "less") if m.group("more")
                                                    else ""),
            "cards are picked by their printed cost with 'costing': 'card costing 3', 'card costing 3 or more'"),
    _phrase(r"\bcosting\s+(?P<cmp>at\s+least|at\s+most)\s+(?P<n>\d+)\b",
            lambda m: f"costing {m.group('n')} or {'more' if m.group('cmp').lower().endswith('least') else 'less'}",
            "a cost is compared with 'costing 3 or more' or 'costing 3 or less'"),
    _phrase(r"\bsets?\s+of\s+(?P<list>" + _SHIELD + r"(?:\s*(?:,|and|&|\+)\s*" + _SHIELD + r")+)(?:\s+shields?)?",
            lambda m: "set of {" + ", ".join(re.findall(_SHIELD, m.group("list").lower())) + "}",
            "a set of shields is written between braces: 'set of {faith, military}'"),
    # ------------------------------------------------ bounds
    _phrase(r",?\s*\(\s*(?:max\.?|maximum|up\s+to|at\s+most|limit|cap|capped\s+at)\s*:?\s*(?:of\s+)?(?P<n>\d+)"
            r"(?:\s+(?:points?|pts|vps?|gold|keys?|times))?\s*\)",
            " up to \\g<n>", "a cap on an amount is written after it: 'up to 10'"),
    _phrase(r",?\s*\b(?:max\.?|maximum(?:\s+of)?|to\s+a\s+maximum\s+of|up\s+to\s+a\s+maximum\s+of|capped\s+at"
            r"|limit(?:ed\s+to)?|at\s+most)\s*:?\s*(?P<n>\d+)(?:\s+(?:points?|pts|vps?|gold|keys?|times))?\b",
            " up to \\g<n>", "a cap on an amount is written 'up to N' after it", expects="up to"),
    _phrase(r"\bup\s+to\s+(?P<n>\d+)\s+(?:points?|pts|vps?|gold|keys?|times)\b", "up to \\g<n>",
            "a cap is the bare number after 'up to': 'up to 10'"),
    _phrase(r",?\s*\b(?:min\.?|minimum(?:\s+of)?)\s*:?\s*(?P<n>\d+)\b", " at least \\g<n>",
            "a floor on an amount is written 'at least N' after it", expects="up to"),
    _phrase(r"\b(?P<word>atleast|atmost|upto)\b",
            lambda m: {"atleast": "at least", "atmost": "at most", "upto": "up to"}[m.group("word").lower()],
            "'at least', 'at most' and 'up to' are two words"),
    # ------------------------------------------------ conditions
    _phrase(r"\b(?P<n>\d+)\s+" + _WHAT + r"\s+or\s+(?P<more>more|greater|higher|fewer|less|lower)\b",
            lambda m: (f"{'at least' if m.group('more').lower() in ('more', 'greater', 'higher') else 'at most'} "
                       f"{m.group('n')} {m.group('what')}"),
            "in a condition, a number is compared with 'at least', 'at most', 'more than' or 'fewer than' "
            "before it: 'at least 2 military shields'"),
    _phrase(r"\b(?P<n>\d+)\s*(?:\s+or\s+(?P<more>more|greater|higher|fewer|less|lower)|(?P<plus>\+))\s+" + _WHAT
            + _STOP,
            lambda m: (("at least" if m.group("plus") or m.group("more").lower() in ("more", "greater", "higher")
                        else "at most") + f" {m.group('n')} {m.group('what')}"),
            "in a condition, a number is compared with 'at least', 'at most', 'more than' or 'fewer than' "
            "before it: 'at least 2 military shields' ('2 or more' is for a card's cost and shields: "
            "'card costing 2 or more')"),
    _phrase(r"(?:>=|=>|≥)\s*(?P<n>\d+)", _compare("at least"), "'>=' is written 'at least'"),
    _phrase(r"(?:<=|=<|≤)\s*(?P<n>\d+)", _compare("at most"), "'<=' is written 'at most'"),
    _phrase(r">\s*(?P<n>\d+)", _compare("more than"), "'>' is written 'more than'"),
    _phrase(r"<\s*(?P<n>\d+)", _compare("fewer than"), "'<' is written 'fewer than'"),
    _phrase(r"==?\s*(?P<n>\d+)", _compare("exactly"), "'=' is written 'exactly'"),
    _phrase(r"\b(?:more\s+than\s+or\s+equal\s+to|greater\s+than\s+or\s+equal\s+to|no\s+fewer\s+than|no\s+less\s+than"
            r"|not\s+less\s+than|not\s+fewer\s+than|minimum(?:\s+of)?|min\.?)\s+(?P<n>\d+)", _compare("at least"),
            "'at least N' says N or more"),
    _phrase(r"\b(?:less\s+than\s+or\s+equal\s+to|fewer\s+than\s+or\s+equal\s+to|no\s+more\s+than|not\s+more\s+than"
            r"|maximum(?:\s+of)?|max\.?|up\s+to)\s+(?P<n>\d+)", _compare("at most"),
            "'at most N' says N or fewer"),
    _phrase(r"\bless\s+than\s+(?P<n>\d+)", _compare("fewer than"),
            "a condition counts with 'fewer than' ('less than' is for costs: 'card costing less than 3')",
            expects="at least"),
    _phrase(r"\b(?:less|lower)\s+(?=[a-z])", "fewer ",
            "a condition compares with 'more ... than' or 'fewer ... than'", expects="at least"),
    _phrase(r"\bthan\s+(?:(?:all|both|any|every|each)\s+(?:of\s+)?(?:your\s+|the\s+)?(?:other\s+)?|your\s+|the\s+other\s+"
            r"|all\s+(?:the\s+)?other\s+|any\s+other\s+|the\s+)(?P<who>opponents?|neighbou?rs?|players?)\b",
            _than_each,
            "comparing with other players is written 'than each opponent' or 'than each neighbour' (more "
            "than every one of them)"),
    _phrase(r"\bthan\s+(?P<who>anyone|anybody|everyone|everybody)(?:\s+else)?\b", "than each opponent",
            "comparing with the other players is written 'than each opponent' (more than every one of them)"),
    _phrase(r"(?<!the\s)(?<!at\s)\b(?P<word>most|fewest|least|highest\s+number\s+of|largest\s+number"
            r"\s+of|lowest\s+number\s+of|smallest\s+number\s+of|majority\s+of)\s+(?=[a-z])",
            lambda m: ("the most " if m.group("word").lower().split()[0] in ("most", "highest", "largest", "majority")
                       else "the fewest "),
            "comparing with every opponent is written 'the most ...' or 'the fewest ...' (ties count)"),
    _phrase(r"\b(?:this\s+card\s+is|it\s+is|it's|located|positioned|is)\s+(?=in\b|on\b|at\b)", "placed ",
            "where this card ends in the final grid is written 'placed in ...': 'score 5 if placed in a corner'"),
    _phrase(r"\bif\s+(?P<place>(?:in|on|at)\s+(?:a\s+|the\s+)?(?:corner|center|centre|top|middle|bottom|left|right"
            r"|edge))", "if placed \\g<place>",
            "where this card ends in the final grid is written 'placed in ...': 'score 5 if placed in a corner'"),
    _phrase(r"\bplaced\s+(?:at|on|in)\s+(?:the\s+|a\s+)?corners?\b", "placed in a corner",
            "the corners are 'placed in a corner'"),
    _phrase(r"\bplaced\s+(?:at|on|in)\s+(?:the\s+|an\s+)?(?:edges?|sides?|middle\s+of\s+(?:a|the)\s+edge)\b",
            "placed in the middle of an edge",
            "the four spaces between the corners are 'placed in the middle of an edge'"),
    _phrase(r"\bplaced\s+(?:at|on|in)\s+(?:the\s+)?(?:middle|center|centre)(?:\s+of\s+(?:the|your)\s+(?:grid|tableau))?"
            r"\b(?!\s+(?:row|column))", "placed in the center", "the middle space is 'placed in the center'"),
    # ------------------------------------------------ places
    _phrase(r"\bin\s+(?:the\s+same|this|its|that|this\s+card's|the|your|my|the\s+card's)\s+(?P<a>row|column)"
            r"(?:\s+(?:and|or)\s+(?:its\s+|this\s+|the\s+)?(?P<b>row|column))?\b",
            lambda m: "in row and column" if m.group("b") and m.group("b") != m.group("a") else f"in {m.group('a')}",
            lambda m: (f"this card's {m.group('a').lower()} of the final grid is written 'in {m.group('a').lower()}'"
                       " ('in row', 'in column', both: 'in row and column')")),
    _phrase(r"\bin\s+column\s+(?:and|or)\s+row\b", "in row and column",
            "this card's row and column together are written 'in row and column'"),
    _phrase(r"\bin\s+(?:each|every|both|all)\s+(?:of\s+)?(?:your\s+|the\s+)?neighbou?rs?(?:'s|’s|s'|’)?\s+tableaux?\b"
            r"|\bin\s+(?:the|both)\s+neighbou?rs(?:'|’)?\s+tableaux?\b|\bin\s+your\s+neighbou?rs\s+tableaux?\b",
            "in your neighbours' tableaux",
            "both neighbours' tableaux added up are written 'in your neighbours' tableaux' (in a game of two, your "
            "one opponent's, counted once); 'in a neighbour's tableau' is the better of the two for you"),
    _phrase(r"\bin\s+(?!your\s+neighbou?rs['’]\s+tableaux\b)(?:your|the|a)\s+neighbou?rs?(?:'s|’s|s'|’)?\s+tableaux?\b",
            "in a neighbour's tableau",
            "a neighbour's tableau is written 'in a neighbour's tableau': the better of your two neighbours' "
            "for you (your choice of left or right); 'in your opponents' tableaux' counts every other player's"),
    _phrase(r"\bin\s+(?:your\s+|the\s+|all\s+(?:your\s+)?|each\s+|every\s+|other\s+|the\s+other\s+)?(?:opponent|other\s+"
            r"player)(?:'s|’s|s'|’|s)?\s+tableaux?\b", "in your opponents' tableaux",
            "the other players' tableaux are written 'in your opponents' tableaux'"),
    _phrase(r"\bin\s+(?:all|every|each)\s+(?:players?(?:'s|’s|'|’)?\s+)?tableaux?\b|\bin\s+(?:everyone's|everybody's)"
            r"\s+tableaux?\b", "in every tableau",
            "every player's tableau, yours included, is written 'in every tableau'"),
    _phrase(r"\bin\s+(?:your\s+)?(?:area|kingdom|grid|play\s+area|realm|domain|city)\b|\bin\s+play\b",
            "in your tableau", "your own cards are 'in your tableau' (the place a count has when none is written)"),
    _phrase(r"\b(?:next\s+to|beside|touching|bordering|neighbouring|neighboring|orthogonally\s+adjacent\s+to"
            r"|adjacent\s+to)\s+(?:this\s+card|this\s+one|this|it|itself)\b",
            "adjacent to this card", "the cards next to this one are 'adjacent to this card'"),
    _phrase(r"\bdiagonally\s+(?:adjacent\s+to|next\s+to)\s+(?:this\s+card|this|it)\b", "diagonal to this card",
            "the cards diagonally next to this one are 'diagonal to this card'"),
    # ------------------------------------------------ places up, down and along this card's row, column, diagonals
    _phrase(r"\b(?:directly|immediately|just|right)\s+(?:to\s+the\s+|on\s+the\s+)?(?P<side>left|right)\s+(?:of|to)\s+"
            r"(?:this\s+card|this\s+one|this|it)\b", "directly \\g<side> of this card",
            lambda m: (f"the one space to the {m.group('side').lower()} of this card is 'directly "
                       f"{m.group('side').lower()} of this card'; '{m.group('side').lower()} of this card' is every "
                       f"space of its row to its {m.group('side').lower()}")),
    _phrase(r"\b(?:immediately|just|right|one\s+space)\s+(?P<way>above|below|over|under|beneath|underneath)\s+"
            r"(?:this\s+card|this\s+one|this|it)\b",
            lambda m: f"directly {_WAY[m.group('way').lower()]} this card",
            lambda m: (f"the one space {_WAY[m.group('way').lower()]} this card is 'directly "
                       f"{_WAY[m.group('way').lower()]} this card'; '{_WAY[m.group('way').lower()]} this card' is "
                       f"every space of its column {_WAY[m.group('way').lower()]} it")),
    _phrase(r"\b(?:to|on)\s+the\s+(?P<side>left|right)\s+(?:of|to)\s+(?:this\s+card|this\s+one|this|it)\b|"
            r"\b(?P<bare>left|right)\s+(?:to|from)\s+(?:this\s+card|this\s+one|this|it)\b",
            lambda m: f"{(m.group('side') or m.group('bare')).lower()} of this card",
            lambda m: (f"the spaces of this card's row to its {(m.group('side') or m.group('bare')).lower()} are "
                       f"'{(m.group('side') or m.group('bare')).lower()} of this card' (any distance; 'directly "
                       f"{(m.group('side') or m.group('bare')).lower()} of this card' is the next one only)")),
    _phrase(r"\b(?P<way>over|under|beneath|underneath|on\s+top\s+of)\s+(?:this\s+card|this\s+one|this|it)\b",
            lambda m: f"{_WAY[' '.join(m.group('way').lower().split())]} this card",
            lambda m: (f"the spaces of this card's column {_WAY[' '.join(m.group('way').lower().split())]} it are "
                       f"'{_WAY[' '.join(m.group('way').lower().split())]} this card' (any distance; 'directly "
                       f"{_WAY[' '.join(m.group('way').lower().split())]} this card' is the next one only)")),
    _phrase(r"\b(?P<way>(?:directly\s+)?(?:above|below|left\s+of|right\s+of))\s+(?:this\s+one|itself|it)\b",
            lambda m: f"{' '.join(m.group('way').lower().split())} this card",
            "a place relative to this card names it 'this card': 'above this card'"),
    _phrase(r"\b(?P<a>above|below)\s+(?:or|and)\s+(?P<b>above|below)\s+(?:this\s+card|this\s+one|this|it)\b",
            "in column other than this card", "the cards above and below this card are the cards of its column "
            "but this one: 'in column other than this card'", line="score"),
    _phrase(r"\b(?:to\s+the\s+)?(?P<a>left|right)\s+(?:or|and)\s+(?:to\s+the\s+)?(?P<b>left|right)\s+of\s+"
            r"(?:this\s+card|this\s+one|this|it)\b",
            "in row other than this card", "the cards left and right of this card are the cards of its row but "
            "this one: 'in row other than this card'", line="score"),
    _phrase(r"\bon\s+(?:this\s+card(?:'s|’s|s|s'|s’)?|its)\s+diagonals?\b|\b(?:on|along|in)\s+(?:the\s+|a\s+)?(?:same\s+)?"
            r"diagonals?(?:\s+lines?)?\s+(?:as|of|through|with)\s+(?:this\s+card|this\s+one|this|it)\b|"
            r"\b(?:along|in)\s+(?:this\s+card(?:'s|’s)|its)\s+diagonals?\b|"
            r"\bdiagonally\s+in\s+line\s+with\s+(?:this\s+card|this\s+one|this|it)\b|"
            r"\bdiagonal\s+from\s+(?:this\s+card|this\s+one|this|it)\b",
            "on this card's diagonals",
            "the cards on the diagonal lines through this card (any distance) are 'on this card's diagonals'; "
            "'diagonal to this card' is the four spaces diagonally next to it only"),
    _phrase(r"\b(?:surrounding|around)\s+(?:this|it|this\s+one)\b(?!\s+card)", "around this card",
            "the eight spaces around this card are 'around this card'"),
    _phrase(r"\b(?P<lead>per|each|every|a|an|one)\s+(?P<near>adjacent|diagonal|neighbouring|neighboring)\s+"
            r"(?P<what>(?:[a-z'’-]+\s+){0,3}?)(?P<noun>cards?|banners?|shields?)\b",
            lambda m: (f"{_lead(m.group('lead'), m.group('what') + m.group('noun'))} {m.group('what')}"
                       f"{m.group('noun').lower()} "
                       f"{'diagonal' if m.group('near').lower() == 'diagonal' else 'adjacent'} to this card"),
            "a place comes after the cards it is about: 'faith card adjacent to this card'"),
    _phrase(r"\b(?P<near>adjacent|diagonal)\b(?!\s+to\b)(?=\s*(?:$|}|\bup\b|\bthen\b|\bif\b|\bface\b))",
            "\\g<near> to this card", "the cards next to this one are 'adjacent to this card'"),
    # ------------------------------------------------ groups of connected cards
    _phrase(r"\b(?P<noun>groups?)\s+of\s+(?P<size>at\s+least\s+\d+\s+)?(?:orthogonally\s+)?(?:adjacent|touching"
            r"|neighbouring|neighboring)\b",
            lambda m: f"{m.group('noun').lower()} of {m.group('size') or ''}connected",
            "the cards of a group are 'connected' (each next to another of them), not 'adjacent'"),
    _phrase(r"\bper\s+(?:your\s+|the\s+)?(?:largest|biggest)\s+(?:connected\s+)?group\s+of\s+"
            r"(?P<diagonally>diagonally\s+)?(?:connected\s+)?",
            lambda m: f"per card in the largest group of {m.group('diagonally') or ''}connected ",
            "the largest group is counted by its cards: 'per card in the largest group of connected ... cards'"),
    # ------------------------------------------------ the facts of a card
    _phrase(r"\bcard\s+(?P<name>[A-Za-z][^{}\"\n]*?)\s*(?=\{)", 'card "\\g<name>" ',
            "a card's name is written between double quotes: card \"Name\" {"),
    _phrase(r"\b(?P<word>cost|deck|purse|shields?)\s*[:=]\s*", "\\g<word> ",
            "the facts of a card are written without a colon: 'cost 3', 'deck castle', 'shields faith'",
            expects=None),
    _phrase(r"\b(?:cost|price)\s+(?P<n>\d+)\s+(?:gold|coins?)\b", "cost \\g<n>",
            "a cost is the bare number: 'cost 3'"),
    _phrase(r"\bprice\s+(?P<n>\d+)\b", "cost \\g<n>", "a card's price is its 'cost'"),
    _phrase(r"\b(?:type|banner|kind|location|row)\s*:?\s*(?P<deck>castle|village)\b", "deck \\g<deck>",
            "the deck a card belongs to is written 'deck castle' or 'deck village'"),
    _phrase(r"\b(?P<deck>castle|village)\s+(?:card|deck)\b", "deck \\g<deck>",
            "the deck a card belongs to is written 'deck castle' or 'deck village'", expects="deck"),
    _phrase(r"\bshields?\s+(?P<list>" + _SHIELD + r"(?:\s*(?:,|and|&|\+|/)\s*" + _SHIELD + r"){1,2})",
            _shields_listed, "the shields of a card are listed with spaces only: 'shields faith military'"),
    _phrase(r"\bshields?\s+(?P<n>[1-3])\s*x?\s*(?P<shield>" + _SHIELD + r")\b", _shields_counted,
            "each shield is named once per shield: 'shields faith faith' for two faith shields"),
    _phrase(r"\bshields?\s+(?P<shield>" + _SHIELD + r")\s*x\s*(?P<n>[1-3])\b", _shields_counted,
            "each shield is named once per shield: 'shields faith faith' for two faith shields"),
    _phrase(r"\bpurse\s+(?:of|capacity|size|holds|with)\s*:?\s*(?P<n>\d+)(?:\s+gold)?\b|\bpurse\s+(?P<m>\d+)\s+gold\b",
            lambda m: f"purse {m.group('n') or m.group('m')}", "a purse is written with its capacity: 'purse 3'"),
    _phrase(r"\b(?:has\s+(?:a\s+|the\s+)?)?messenger\s+(?:icon|symbol)\b", "messenger",
            "the messenger icon is the property 'messenger'", expects="deck"),
    _phrase(r"\bshields?\s+wild\s+card\b|\bwild\s+shields?\b", "shields wild",
            "a wild shield is written 'shields wild'", expects="deck"),
)


def _joined_text(before: str, after: str) -> str:
    """``before`` and ``after`` put together with the spacing of the line: one run of blanks where they meet."""
    if not before or not after:
        return before + after
    if before[-1] in " \t":
        return before + after.lstrip(" \t")
    if after[0] in " \t" or after[0] in ":,;)}." or before[-1] in "({":
        return before + after
    return before + " " + after


#: How much of a long line around the spot the phrasebook reads, each side.
_WINDOW = 160
#: A comment at the end of a line (outside a quoted name): the phrasebook neither reads nor repeats it.
_COMMENT = re.compile(r'("(?:[^"\\\n]|\\.)*")|#.*')


def advise(line: str, spot: int, after: int | None, expects: Collection[str],
           stops: Callable[[str], int | None] | None = None) -> Advice | None:
    """What the phrasebook says about the line where a parse failed, or ``None``.

    ``line`` is the line's text; ``spot`` the column (from 0) of the word
    the parser could not read; ``after`` the column just after the word
    before it when that word is on this line (the parser may have stopped at
    the end of a phrase, as in "2 shields or more" followed by '}'); ``expects``
    the words the parser was ready to read there. The first phrasing of
    :data:`PHRASES` whose match holds the spot (or ends right before it) and
    changes the line is the advice. ``stops`` says where the parser stops
    on a line written anew (its column, from 0), or ``None`` when it reads
    the line to its end: the line the hint writes must then read without a
    syntax error in it. When no phrasing gives such a line, because the line
    holds a second mistake further on, the first phrasing whose words read
    on past themselves is still the advice: the hint names the words to
    change (:func:`_advice_in_part`), so a phrasing is recognised whatever
    follows it.
    """
    if len(line) > 2 * _WINDOW:  # a window around the spot: no phrase is longer, and regexes stay fast
        first = max(0, spot - _WINDOW)
        window = line[first:spot + _WINDOW]
        whole = None if stops is None else (lambda new: _shifted(stops(line[:first] + new + line[first + len(window):]),
                                                                 -first))
        advice = advise(window, spot - first, None if after is None else after - first, expects, whole)
        return None if advice is None else attrs.evolve(advice, start=advice.start + first, end=advice.end + first)
    line = _COMMENT.sub(lambda found: found.group(1) or "", line)
    in_part: Advice | None = None
    for phrase, match in _matches(line, spot, after, expects):
        start, end = match.span()
        shown = start + len(match.group(0)) - len(match.group(0).lstrip())  # the caret skips leading blanks
        if phrase.write is None:
            return Advice(shown, end, phrase.message(match),
                          phrase.note or "see 'What the language leaves out' on the card language's page")
        written = phrase.write(match)
        head = _joined_text(line[:start], written)
        new_line = _joined_text(head, line[end:]).strip()
        if " ".join(new_line.split()) == " ".join(line.split()):
            continue
        stop = None if stops is None else stops(new_line)
        caret = min(shown, end - 1) if end > start else start
        if stop is None:
            hint = f"write '{new_line}'" + (f" ({phrase.note})" if phrase.note else "")
            return Advice(caret, end, phrase.message(match), hint)
        if in_part is None and _reads_past(len(head.strip()), stop):
            in_part = Advice(caret, end, phrase.message(match), _advice_in_part(match.group(0), written, phrase.note))
    return in_part


def _matches(line: str, spot: int, after: int | None,
             expects: Collection[str]) -> Iterator[tuple[Phrase, re.Match[str]]]:
    """Each phrasing that may be the advice at ``spot``, with its match, in the phrasebook's order (see
    :func:`advise`)."""
    scoring = line.lstrip().startswith("score")
    for phrase in PHRASES:
        if phrase.expects is not None and phrase.expects not in expects:
            continue
        if phrase.line is not None and (phrase.line == "score") != scoring:
            continue
        for match in phrase.pattern.finditer(line):
            start, end = match.span()
            if phrase.at_start and start != spot:
                continue
            holds = start <= spot < max(end, start + 1)
            ends_before = after is not None and end == after and start < after
            if holds or ends_before:
                yield phrase, match


def _shifted(column: int | None, by: int) -> int | None:
    return None if column is None else column + by


def _reads_past(written_end: int, stop: int) -> bool:
    """Whether the parser, stopping at ``stop``, read every word written in (they end at ``written_end``): they fit
    where they stand, and the mistake that stops it lies further on (a parser of this grammar stops at the first
    word that no text could follow with)."""
    return stop >= written_end


def _advice_in_part(old: str, written: str, note: str) -> str:
    """The hint for words to change in a line that holds another mistake further on: the line with these words
    changed does not read yet, so the hint names the change, not a line (the caret underlines the old words)."""
    old, written = " ".join(old.split()), " ".join(written.split())
    words = f"'{old}'" if len(old) <= _NAMED_WORDS else "the words underlined"
    change = f"replace {words} with '{written}'" if written else f"remove {words}"
    return change + (f" ({note})" if note else "") + ", then check again: the line has another mistake further on"


#: The longest words a hint repeats ("replace 'when played:' with ..."); longer ones are "the words underlined".
_NAMED_WORDS = 30
