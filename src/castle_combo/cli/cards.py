"""``castle-combo cards [NAME]``: the cards of a ruleset, as a table or one at a time.

Without a name, a table of every card (optionally one deck) with its facts
and its ability and scoring in plain English. With a name, that card's
canonical ``.ccl`` source and its English description. ``--expansion NAME``
and ``--cards PATH`` add an expansion and fan cards as every command does, and
``--expansions`` every installed expansion package, as
``Ruleset.standard(expansions=True)`` does (games use the base cards unless
told otherwise, so the listing does too).
"""

from __future__ import annotations

import argparse

from rich import box
from rich.console import Group
from rich.markup import escape
from rich.panel import Panel
from rich.syntax import Syntax
from rich.table import Table
from rich.text import Text

from castle_combo.cli._console import output_console
from castle_combo.cli._help import HelpFormatter, examples
from castle_combo.cli._ruleset_options import add_ruleset_options, ruleset_from
from castle_combo.errors import RulesetError
from castle_combo.language import format_card
from castle_combo.language.model import Card, Deck
from castle_combo.language.ruleset import Ruleset

__all__ = ["register", "run", "cards_table", "card_panel", "compact_table", "find_card"]

def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``cards`` subcommand."""
    parser = subparsers.add_parser(
        "cards",
        formatter_class=HelpFormatter,
        epilog=examples(
            ("castle-combo cards",
             "every card of the standard set, in a table"),
            ("castle-combo cards Nun",
             "one card: its facts, its .ccl source and its English text"),
            ("castle-combo cards --expansion out-of-the-oubliette",
             "the standard cards and the expansion's"),
        ),
        help="list the cards, or show one card's .ccl source and English text",
        description="List the cards of the ruleset, or show one card in full.",
    )
    parser.add_argument("name", nargs="?", metavar="NAME",
                        help="show only this card (its English or localized name, any case)")
    parser.add_argument("--deck", choices=[deck.value for deck in Deck],
                        help="list only this deck (with NAME: show the card only if it is in this deck)")
    add_ruleset_options(parser)
    parser.add_argument("--expansions", dest="all_expansions", action="store_true",
                        help="add the installed expansion packages (entry points castle_combo.expansions)")
    parser.set_defaults(run=run)


#: Below this width the table folds its facts into two columns and its texts into one, to stay readable.
WIDE = 120
_SHIELD_LETTERS = {"nobility": "N", "faith": "F", "scholarship": "S", "military": "M", "craftsmanship": "C",
                   "peasantry": "P"}


def compact_table(cards: tuple[Card, ...], title: str) -> Table:
    """The table for narrow terminals (80 columns): name and cost, shields and icons, then all the text.

    Shields are their initials (N F S M C P, W for wild; the key is in the
    title), the messenger is ``msg``, a purse ``purseN``, a lock card ``lock``;
    the ability and the scoring rule share one column, so no word is cut.
    """
    table = Table(title=f"{title}; shields: N nobility, F faith, S scholarship, M military, C craftsmanship, "
                        "P peasantry, W wild", box=box.SIMPLE_HEAVY, expand=True)
    table.add_column("card", style="bold", no_wrap=True)
    table.add_column("cost", justify="right", no_wrap=True)
    table.add_column("shields", no_wrap=True)
    table.add_column("ability, then scoring", ratio=1)
    for card in cards:
        icons = [_SHIELD_LETTERS[shield.value] for shield in card.shields] + ["W"] * card.wild + ["?"] * card.chosen
        extras = (["msg"] if card.messenger else []) + ([f"purse{card.purse}"] if card.purse is not None else []) \
            + (["lock"] if card.lock else [])
        words = ability_text(card)
        scoring = " ".join(rule.describe() for rule in card.scoring)
        text = Text(words + ("\n" if words and scoring else "")) + Text(scoring, style="italic")
        table.add_row(Text(card.name) + Text(f"\n{card.deck.value}", style="dim"), str(card.cost),
                      " ".join(icons) + ("\n" + " ".join(extras) if extras else ""), text)
    return table


def cards_table(cards: tuple[Card, ...], title: str) -> Table:
    """A table of cards: facts, then the ability and scoring rule in English."""
    table = Table(title=title, box=box.SIMPLE_HEAVY, show_lines=False, expand=False)
    for column, options in (
        ("name", {"style": "bold", "no_wrap": True}),
        ("deck", {"no_wrap": True}),
        ("cost", {"justify": "right"}),
        ("shields", {"min_width": 13}),
        ("messenger", {"justify": "center"}),
        ("purse", {"justify": "right"}),
        ("ability", {"ratio": 2}),
        ("scoring", {"ratio": 2}),
    ):
        table.add_column(column, **options)
    for card in cards:
        table.add_row(
            Text(card.name),
            card.deck.value,
            str(card.cost),
            " ".join(shield.value for shield in card.shields),
            "yes" if card.messenger else "",
            str(card.purse) if card.purse is not None else "",
            Text(ability_text(card)),
            Text(" ".join(rule.describe() for rule in card.scoring)),
        )
    return table


def ability_text(card: Card) -> str:
    """The card's ability in English; a lock card's says what opening its lock does."""
    text = " ".join(effect.describe() for effect in card.ability)
    if card.lock:
        text += (" " if text else "") + "Lock: when opened, " + " ".join(
            effect.describe()[0].lower() + effect.describe()[1:] for effect in card.unlocked)
    for label, part in (("Each later turn: ", card.each_turn), ("At the end of the game: ", card.game_end)):
        if part:
            text += (" " if text else "") + label + " ".join(effect.describe() for effect in part)
    return text


def card_panel(card: Card) -> Panel:
    """One card in full: its English description above its canonical ``.ccl`` source."""
    # "ccl" is the Pygments lexer castle-combo registers; without it rich shows plain text.
    # word_wrap: a line longer than the panel (at 80 columns, a card with many icons) wraps, never loses its end.
    source = Syntax(format_card(card).rstrip("\n"), "ccl", theme="ansi_dark", background_color="default",
                    word_wrap=True)
    return Panel(Group(Text(card.describe()), Text(""), source), title=Text(card.name), expand=False)


def find_card(rules: Ruleset, name: str) -> Card:
    """The card called ``name`` in English, or failing that in any case or language ("nonne").

    An unknown name raises the ruleset's error, with its did-you-mean.
    """
    if name in rules:
        return rules[name]
    wanted = name.casefold()
    for card in rules:
        if card.name.casefold() == wanted or any(other.casefold() == wanted for _, other in card.names):
            return card
    return rules[name]


def in_deck(card: Card, deck: str | None) -> Card:
    """``card``, when ``--deck`` names its deck or no deck; otherwise an error that says which deck it is in.

    ``--deck`` with a name filters as it does the table: a card of the
    other deck is not shown as if the option had not been given, since the
    user who wrote both believes the card is in that deck.
    """
    if deck is None or card.deck.value == deck:
        return card
    raise RulesetError(f"{card.name!r} is a {card.deck.value} card, and --deck {deck} shows {deck} cards only: "
                       f"drop --deck {deck}, or write --deck {card.deck.value}")


def run(args: argparse.Namespace) -> int:
    """Print the table, or the one card asked for (an unknown name gets a did-you-mean, exit 2).

    A name and ``--deck`` together show the card only if it is in that deck (exit 2 otherwise, with its deck).
    """
    rules = ruleset_from(args, Ruleset.standard(expansions=args.all_expansions))
    console = output_console()
    if args.name is not None:
        console.print(card_panel(in_deck(find_card(rules, args.name), args.deck)))
        return 0
    cards = rules.deck(Deck(args.deck)) if args.deck else rules.cards
    title = f"{len(cards)} cards (ruleset {escape(rules.version)})"
    console.print(cards_table(cards, title) if console.width >= WIDE else compact_table(cards, title))
    return 0
