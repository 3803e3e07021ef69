"""The one table of refusals is what validation does: every rule of it refuses a card that shows it.

``castle_combo.language.model.REFUSALS`` is the table the validator reads and
the docs' "what goes with what" is generated from. Each rule here has a card
(text, or built in Python for what the language cannot write) that it, and
only it, refuses; a rule added without one fails this test, so the table
never lists a refusal the validator does not make.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import castle_combo as cc
from castle_combo.language import model as m
from castle_combo.language import parse_text
from castle_combo.language.model import Deck, Resource, Scope, Shield

FACTS = "deck castle cost 3 shields faith"


def _card(**kwargs: object) -> m.Card:
    return m.Card("Python", Deck.CASTLE, 3, (Shield.FAITH,), **kwargs)  # type: ignore[arg-type]


#: A card each rule refuses, by the start of the rule's message: the text of a card's body, or a card built in Python.
SAMPLES: dict[str, str | Callable[[], m.Card]] = {
    "the other row is the row where the messenger is not": lambda: _card(ability=(m.ReserveCard(Deck.VILLAGE,
                                                                                                 other=True),)),
    "a card has at most one chosen shield": lambda: m.Card("Python", Deck.CASTLE, 3, (), chosen=2),
    "the chosen shield is one of the card's shields": lambda: m.Card("Python", Deck.CASTLE, 3, (Shield.FAITH,) * 3,
                                                                      chosen=1),
    "a card filter names a row": lambda: _card(scoring=(m.ScorePer(1, m.Per(m.Cards(m.InRegion(m.Region(
        frozenset({(0, 0), (1, 1)})))))),)),
    "an ability resolves before the final grid is known": "when bought: gain 1 gold per corner card",
    "these places contradict each other": "score 1 per corner card on an edge",
    "'gold on this card' is always this card's own gold": "purse 3 score 1 per gold on this card in row",
    "'key on this card' is always the keys locked on this card": "score 1 per key on this card in row",
    "no key is ever locked on a card out of a tableau": "when bought: gain 1 gold per key on cards in the castle "
                                                       "discard pile",
    "'key on this card' counts the keys locked on this card; a neighbour": "score 1 if more key on this card than "
                                                                            "each neighbour",
    "keys are held by a player": "score 1 per key in row",
    "gold in the supply is held by a player": "score 1 per gold in row",
    "a row or column of the final grid is always full": "when bought: gain 1 gold per empty space adjacent to this card",
    "cards outside a tableau lie next to no other card": "when bought: gain 1 gold per group of connected cards in "
                                                         "the castle row",
    "cards of two tableaux are never connected": "when bought: gain 1 gold per group of connected cards in every "
                                                 "tableau",
    "this card's group is in your tableau": "score 1 per card in this card's group of connected cards adjacent to "
                                            "this card",
    "'per connected ...' would read as every such card": "score 1 per connected faith card",
    "a row or column of the final grid always holds 3 cards": "score 1 per card in row",
    "'gold on purses' counts the gold": "score 1 per gold on purses in row",
    "discarded cards fill no space": "when bought: discard a row then gain 1 gold per empty space on the discarded cards",
    "the cards of a row are face up": "when bought: discard a row then gain 1 gold per face-down card on the discarded "
                                      "cards",
    "no gold is ever stored on a card in a row": "when bought: discard a row then gain 1 gold per gold on purses on "
                                                 "the discarded cards",
    "a scoring rule counts your final tableau": lambda: _card(scoring=(m.ScorePer(1, m.Per(m.Cards(),
                                                                                           Scope.DISCARDED)),)),
    "a discard pile holds face-up cards": "when bought: gain 1 gold per empty space in the castle discard pile",
    "a scoring rule counts tableaux, and a score pad": "score 1 per card in the castle discard pile",
    "the cards in a deck are face down and hidden, only how many are left is public, so a deck": "when bought: gain 1 "
                                                                                          "gold per faith shield in "
                                                                                          "the village deck",
    "the cards in a deck are face down and hidden, only how many are left is public, so no one": "when bought: gain "
                                                                                             "1 gold if all cards "
                                                                                             "in the village deck "
                                                                                             "share a cost",
    "a score pad has no deck": "score 1 per card in the village deck",
    "a row holds face-up cards": "when bought: gain 1 gold per face-down card in the castle row",
    "a scoring rule counts tableaux, and the rows": "score 1 per card in the castle row",
    "an ability resolves when the card is bought, before its final row": "when bought: gain 1 gold per faith shield "
                                                                        "in row",
    "the final grid is full, so 'empty space'": "score 1 per empty space",
    "'their tableau' means the tableau": "score 1 per faith shield in their tableau",
    "a count in the row, column or pair being counted": lambda: _card(scoring=(m.ScorePer(1, m.Per(m.Cards(),
                                                                                                   Scope.GROUP)),)),
    "a place next to this card is in your own tableau": "when bought: gain 1 gold per card adjacent to this card in "
                                                        "the castle row",
    "a region of the final grid is a place in your own tableau": lambda: _card(scoring=(m.ScorePer(1, m.Per(m.Cards(
        m.InRegion(m.Region(m.NAMED_REGIONS["a corner"], "a corner"))), Scope.EVERY_TABLEAU)),)),
    "rows and pairs of cards hold cards": "when bought: gain 1 gold per row with at least 1 empty space",
    "a count is taken in one place": "when bought: gain 1 gold per card in your tableau in the castle row",
    "'not' goes before a place next to this card": "score 1 per card not in your tableau",
    "a banner is a castle or a village banner": "score 1 per banner",
    "only gold lies on": "purse 3 score 1 per card on this card",
    "'card' does not lie on cards": "score 1 per card on castle cards",
    "'key' is not a count of cards, so it cannot be narrowed": "score 1 per key other than this card",
    "the condition compares a count with itself": "score 1 if more faith shields than faith shields",
    "'at least 0' always holds": "score 1 if at least 0 faith shields",
    "an ability resolves before the card's place": "when bought: gain 1 gold if placed in a corner",
    "a reserved card never taken is discarded when the last": "at the end of the game: gain 2 gold if you have no "
                                                              "reserved card",
    "whether you took your reserved card is about you": "score 1 per row with you took your reserved card",
    "a reserved card lies beside a player's tableau, in no row": "when bought: gain 1 gold per row with a reserved "
                                                                  "card",
    "'they' is the player a quantifier is about, and no player": "when bought: gain 2 gold if they have a reserved "
                                                                  "card",
    "there is one messenger, so its place is the same": "score 1 per opponent with the messenger is at the "
                                                         "village",
    "'gold on this card' is this card's own gold; a neighbour": "purse 3 score 1 if more gold on this card than "
                                                                "each neighbour",
    "a comparison with the neighbours counts whole tableaux": "score 1 if more faith shields in row than each "
                                                              "neighbour",
    "you cannot have more than yourself": "score 1 if more faith shields than each player",
    "only cards share a shield type": lambda: _card(scoring=(m.ScoreIf(1, m.Alike(m.Trait.DECK, True, m.Per(
        m.Shields()))),)),
    "'not not' means the condition itself": "score 1 if not not a faith shield",
    "'at least' is a floor": "when bought: gain 1 gold at least 2",
    "'all at once' judges several players together": "when bought: take 1 gold from your left neighbour all at once",
    "'that shield' is the shield type chosen": "score 1 per card with that shield",
    "the rule does not depend on the shield type chosen": "for the shield type of your choice: score 1 per faith "
                                                          "card",
    "you pick one player, and 'all at once'": "when bought: take 1 gold from an opponent of your choice with more "
                                              "gold than you all at once",
    "you pick one of your opponents or of your neighbours": "when bought: a player of your choice gains 1 gold",
    "without 'with ...' or 'per ...' every player's amount": "when bought: each opponent gains 1 gold all at once",
    "'up to' caps an amount": "when bought: gain 1 gold up to 2",
    "'take' needs players": lambda: _card(ability=(m.Take(1, Resource.GOLD),)),
    "'give' needs players": lambda: _card(ability=(m.Give(1, Resource.GOLD),)),
    "only gains, losses, takes and gifts": lambda: _card(ability=(m.EachPlayer(
        m.PlayerGroup.OPPONENTS, m.MoveMessenger()),)),  # type: ignore[arg-type]
    "you cannot take from or give to yourself": "when bought: take 1 gold from each player",
    "another player's answer resolves at once": "when bought: each opponent chooses one: { take 1 gold from that "
                                                "player } or { discard a row }",
    "the players who choose are other players": "when bought: each player chooses one: { gain 1 gold } or { gain 1 "
                                                "key }",
    "a cost is a fixed amount": "when bought: you may pay 1 gold per faith shield to gain 1 key",
    "nothing would limit how many times": "when bought: you may gain 1 gold any number of times",
    "a choice inside a choice": "when bought: choose one: { choose one: { gain 1 key } or { gain 1 gold } } or "
                                "{ gain 2 keys }",
    "only a single effect can be made conditional": lambda: _card(ability=(m.Conditional(m.Choice(
        ((m.Gain(1, Resource.GOLD),), (m.Gain(1, Resource.KEY),))), m.CountIs(m.Per(m.KeysOwned()),
                                                                              m.Comparison.GE, 1)),)),
    "an effect that asks its owner a question": "at the start of your turn: discard a row",
    "no card is taken after the end of the game": "at the end of the game: your next card costs 2 less",
    "leave to take the next card from either row is never used": "at the end of the game: your next card may be "
                                                                 "taken from either row",
    "no card is bought after the end of the game, so an ability to resolve twice": "at the end of the game: your "
                                                                          "next card bought face up resolves its "
                                                                          "ability twice",
    "a card reserved at the end of the game could never be taken": "at the end of the game: reserve a card from "
                                                                   "either row",
    "a trigger happens between turns, so there is no 'this turn'": "at the end of your turn: at the end of this "
                                                                     "turn: gain 1 gold",
    "effects already waiting for the end of this turn": "when bought: at the end of this turn: { gain 1 gold "
                                                        "at the end of this turn: gain 1 key }",
    "an effect acts on your own cards": "when bought: turn every face-down card in the castle row face up",
    "the card counts 'gold on this card'": "score 1 per gold on this card",
    "the card puts gold on itself": "when bought: put 1 gold on this card",
    "the card counts 'key on this card' but none": "score 1 per key on this card",
    "a lock card needs an ability behind its lock": "lock score 1 per key",
    "only a lock card has an ability 'when unlocked'": "when unlocked: gain 1 key",
    "nothing has been discarded yet": "when bought: gain 1 gold per card on the discarded cards",
    "a face-down card shows no deck, shield, cost or part": "score 1 per face-down castle card",
    "a discount is read when a card is bought from its row": "when bought: discount 1 on cards adjacent to this card",
    "a trigger on other players' takes resolves in the taker's turn": "whenever an opponent takes a card: use the "
                                                                      "ability of an adjacent card",
    "the last turn is over: an ability used then": "at the end of the game: use the ability of an adjacent card",
    "a card's take trigger resolves for the cards taken after it": "whenever you take a card that is this card: "
                                                                   "gain 1 gold",
    "'that player' is the player who took": "when bought: take 1 gold from that player",
    "a trigger on a key spend or on the messenger's moves resolves": "whenever an opponent spends a key: choose one: "
                                                                     "{ gain 1 gold } or { gain 1 key }",
    "the move would set off the same trigger again": "whenever the messenger moves: move the messenger",
    "the price is the cost of the one card chosen": "when bought: turn every face-down card face up, paying its cost",
    "a trigger on other players' takes resolves before the taker's own triggers": lambda: _card(
        taken=(m.Gain(1, m.Resource.GOLD),), taken_by=m.PlayerGroup.OPPONENTS, after_ability=True),
    "the card another player takes lies in their tableau": "whenever an opponent takes a card adjacent to this card: "
                                                           "gain 1 gold",
    "a card in a row belongs to no one yet": "while in a row, at the end of each turn: gain 1 gold",
    "a surcharge is paid by the other players": "surcharge 1 on castle cards for each player",
    "a surcharge is read when a card is bought from its row": "surcharge 1 on cards adjacent to this card for each "
                                                             "opponent",
    "a bound on the cards discarded needs a look that discards": lambda: _card(ability=(
        m.LookAtDeckTop(Deck.CASTLE, 3, most=1),)),
    "looking at one card and discarding exactly it": "when bought: look at the top card of the castle deck, discard "
                                                     "one of them and put the rest back",
    "only 'discard one of them' asks for an exact number": lambda: _card(ability=(
        m.LookAtDeckTop(Deck.CASTLE, 3, True, 2, True),)),
    "'up to 3' of 3 cards looked at bounds nothing": "when bought: look at the top 3 cards of the castle deck, "
                                                     "discard up to 3 of them and put the rest back in any order",
    "a requirement is checked before the card is taken": "requires at least 2 faith shields adjacent to this card",
    "gold moved from a player's purse card could leave your own": "when bought: move up to 2 gold from a player's "
                                                                  "purse card to one of your purse cards",
    "'each' goes round several players, one move each": lambda: _card(ability=(
        m.MoveGold(2, m.PlayerGroup.LEFT, each=True),)),
    "a card goes back on top of its own location's deck": "when bought: put a card from the castle discard pile on "
                                                          "top of the village deck",
    "the top card is the top card of one pile": lambda: _card(ability=(m.ReturnToDeck(None, True),)),
    "a card put on a deck at the end of the game is never revealed": "at the end of the game: put the top card of "
                                                                     "the castle discard pile on top of its deck",
    "at the end of the game each player's leftover gold goes onto": "at the end of the game: store up to 2 of your "
                                                                    "gold on your purse cards",
    "nothing could end the repetition early": "when bought: repeat up to 3 times: { gain 1 gold }",
    "a repetition asks only whether to go on": "when bought: repeat up to 3 times, you may stop after each: { you "
                                               "may pay 1 gold to gain 2 keys }",
}


def _sample(start: str) -> str | Callable[[], m.Card]:
    return SAMPLES[start]


def _messages(sample: str | Callable[[], m.Card]) -> list[str]:
    if callable(sample):
        return [problem.message for problem in sample().problems()]
    with pytest.raises(cc.CardValidationError) as refused:
        parse_text(f'card "Fan" {{ {FACTS} {sample} }}')
    return [line.split(": ", 1)[1] for line in str(refused.value).splitlines() if line.startswith("<string>:")]


def _start_of(rule: m.Refusal) -> str | None:
    """The sample of ``rule``, by the start of its message as the docs show it (its fields filled)."""
    return next((start for start in SAMPLES if rule.shown.startswith(start)), None)


@pytest.mark.parametrize("rule", list(m.REFUSALS), ids=[rule.shown[:50] for rule in m.REFUSALS])
def test_every_rule_of_the_table_refuses_a_card_that_shows_it(rule: m.Refusal) -> None:
    start = _start_of(rule)
    assert start is not None, f"give the rule {rule.message!r} a card it refuses in SAMPLES"
    messages = _messages(SAMPLES[start])
    assert rule.shown in messages, (rule.shown, messages)


def test_every_sample_is_of_a_rule() -> None:
    """(Two rules may say the same thing in two places, as a count's place and its cards' places do.)"""
    assert set(SAMPLES) == {start for rule in m.REFUSALS if (start := _start_of(rule)) is not None}


def test_the_docs_table_is_the_validators_table() -> None:
    import importlib.util
    from pathlib import Path

    pytest.importorskip("mkdocs", reason="the docs' hooks need the docs extra (pip install -e '.[docs]')")

    hook = Path(__file__).resolve().parents[1] / "docs" / "hooks" / "language_tables.py"
    spec = importlib.util.spec_from_file_location("language_tables", hook)
    assert spec is not None and spec.loader is not None
    tables = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tables)
    table = tables.refusals_table()
    assert all(rule.shown.replace("|", "\\|") in table for rule in m.REFUSALS)
    assert len(table.splitlines()) == len(m.REFUSALS) + 2
